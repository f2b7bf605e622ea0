//! Motor falso para os testes do `epd2wb`: responde ao protocolo xboard com
//! linhas de análise enlatadas, lidas de um roteiro.
//!
//! Uso: `motor_falso ROTEIRO [LOG]`. O LOG recebe cada comando recebido,
//! para os testes conferirem o que o executor mandou.
//!
//! Roteiro (uma instrução por linha, `#` comenta):
//!   protover TEXTO          linha enviada em resposta a `protover` (várias
//!                           permitidas; nenhuma = motor de protocolo 1 mudo)
//!   posicao FEN             começa o roteiro de uma posição (casada pelos 2
//!                           primeiros campos: disposição e vez)
//!   MS TEXTO                depois de MS ms do `analyze`/`go`, escreve TEXTO
//!   MS !morre               sai com código 3 (motor que cai)
//!   MS !trava               para de responder a tudo, até a entrada fechar
//!                           e além (motor travado; só o kill o derruba)
//!   MS !inunda              escreve linhas de análise (`1 0 0 1 Qg6`) sem
//!                           parar e sem ler a entrada, até o cano fechar
//!
//! Também fala o básico do UCI (`uci`, `isready`, `position fen`, `go`,
//! `stop` → `bestmove` com o primeiro lance da última PV escrita).
#![forbid(unsafe_code)]

use ice::geracao::acha_lance;
use ice::tabuleiro::{TBoard, FEN_INICIAL};
use std::io::{BufRead, Write};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Uma linha programada: atraso desde o início da análise e o texto.
struct TProgramada {
    ms: u64,
    texto: String,
}

/// O roteiro inteiro.
struct TRoteiro {
    protover: Vec<String>,
    posicoes: Vec<(String, Vec<TProgramada>)>,
}

fn le_roteiro(texto: &str) -> TRoteiro {
    let mut r = TRoteiro {
        protover: Vec::new(),
        posicoes: Vec::new(),
    };
    for linha in texto.lines() {
        let l = linha.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        if let Some(p) = l.strip_prefix("protover ") {
            r.protover.push(p.to_string());
        } else if let Some(f) = l.strip_prefix("posicao ") {
            r.posicoes.push((chave(f), Vec::new()));
        } else if let Some((ms, texto)) = l.split_once(' ') {
            if let (Ok(ms), Some(pos)) = (ms.parse(), r.posicoes.last_mut()) {
                pos.1.push(TProgramada {
                    ms,
                    texto: texto.to_string(),
                });
            }
        }
    }
    r
}

/// Chave de uma posição: disposição e vez.
fn chave(fen: &str) -> String {
    fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

/// Disposição de um tabuleiro de caracteres (casa 0 = a8).
fn disposicao(casas: &[char; 64]) -> String {
    let mut s = String::new();
    for f in 0..8 {
        let mut vazias = 0;
        for c in 0..8 {
            let p = casas[f * 8 + c];
            if p == ' ' {
                vazias += 1;
            } else {
                if vazias > 0 {
                    s.push_str(&vazias.to_string());
                    vazias = 0;
                }
                s.push(p);
            }
        }
        if vazias > 0 {
            s.push_str(&vazias.to_string());
        }
        if f < 7 {
            s.push('/');
        }
    }
    s
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let roteiro = le_roteiro(
        &args
            .first()
            .and_then(|a| std::fs::read_to_string(a).ok())
            .unwrap_or_default(),
    );
    let mut log = args.get(1).and_then(|a| std::fs::File::create(a).ok());
    let (tx, rx) = channel::<String>();
    std::thread::spawn(move || {
        for l in std::io::stdin().lock().lines() {
            let Ok(l) = l else { break };
            if tx.send(l).is_err() {
                break;
            }
        }
    });
    let saida = std::io::stdout();
    let escreve = |s: &str| {
        let mut o = saida.lock();
        let _ = writeln!(o, "{s}");
        let _ = o.flush();
    };
    let mut tab = TBoard::inicial();
    let mut edit: Option<([char; 64], bool)> = None; // casas e "cor atual é branca"
    let mut agenda: Vec<TProgramada> = Vec::new();
    let mut inicio = Instant::now();
    let mut travado = false;
    let mut ultimo_pv = String::from("0000");
    loop {
        // Próxima linha programada, se houver.
        let prazo = agenda.first().map(|p| inicio + Duration::from_millis(p.ms));
        let cmd = match prazo {
            Some(t) => match rx.recv_timeout(t.saturating_duration_since(Instant::now())) {
                Ok(c) => Some(c),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) if travado => loop {
                    std::thread::sleep(Duration::from_secs(1));
                },
                Err(RecvTimeoutError::Disconnected) => return,
            },
            None => match rx.recv() {
                Ok(c) => Some(c),
                Err(_) if travado => loop {
                    std::thread::sleep(Duration::from_secs(1));
                },
                Err(_) => return,
            },
        };
        let Some(cmd) = cmd else {
            let p = agenda.remove(0);
            match p.texto.as_str() {
                "!morre" => std::process::exit(3),
                "!inunda" => loop {
                    let mut o = saida.lock();
                    if writeln!(o, "1 0 0 1 Qg6").is_err() || o.flush().is_err() {
                        std::process::exit(0);
                    }
                },
                "!trava" => {
                    travado = true;
                    agenda.clear();
                }
                t => {
                    if let Some((_, pv)) = t.split_once(" pv ") {
                        ultimo_pv = pv.split_whitespace().next().unwrap_or("").to_string();
                    }
                    escreve(t)
                }
            }
            continue;
        };
        if let Some(f) = log.as_mut() {
            let _ = writeln!(f, "{cmd}");
        }
        if travado {
            continue;
        }
        let cmd = cmd.trim();
        if let Some((casas, branca)) = edit.as_mut() {
            match cmd {
                "#" => *casas = [' '; 64],
                "c" => *branca = !*branca,
                "." => {
                    let vez = if tab.vez == ice::tipos::BRANCAS {
                        "w"
                    } else {
                        "b"
                    };
                    let fen = format!("{} {vez} - - 0 1", disposicao(casas));
                    tab = TBoard::de_fen(&fen).unwrap_or_else(|_| TBoard::inicial());
                    edit = None;
                }
                _ => {
                    let c: Vec<char> = cmd.chars().collect();
                    if c.len() == 3 {
                        let col = (c[1] as u32).wrapping_sub('a' as u32) as usize;
                        let fil = (c[2] as u32).wrapping_sub('1' as u32) as usize;
                        if col < 8 && fil < 8 {
                            let p = if *branca {
                                c[0].to_ascii_uppercase()
                            } else {
                                c[0].to_ascii_lowercase()
                            };
                            casas[(7 - fil) * 8 + col] = if p == 'X' || p == 'x' { ' ' } else { p };
                        }
                    }
                }
            }
            continue;
        }
        let palavra = cmd.split_whitespace().next().unwrap_or("");
        let resto = cmd[palavra.len()..].trim();
        match palavra {
            "protover" => {
                for l in &roteiro.protover {
                    escreve(l);
                }
            }
            "ping" => escreve(&format!("pong {resto}")),
            "new" => {
                tab = TBoard::de_fen(FEN_INICIAL).unwrap_or_default();
                agenda.clear();
            }
            "setboard" => {
                tab = TBoard::de_fen(resto).unwrap_or_else(|_| {
                    escreve("tellusererror Illegal position");
                    TBoard::inicial()
                })
            }
            "edit" => {
                let mut casas = [' '; 64];
                for (i, c) in disposicao_de(&tab).into_iter().enumerate() {
                    casas[i] = c;
                }
                edit = Some((casas, true));
            }
            "analyze" | "go" => {
                let k = chave(&tab.para_fen());
                agenda = roteiro
                    .posicoes
                    .iter()
                    .find(|(c, _)| *c == k)
                    .map(|(_, v)| {
                        v.iter()
                            .map(|p| TProgramada {
                                ms: p.ms,
                                texto: p.texto.clone(),
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                agenda.sort_by_key(|p| p.ms);
                inicio = Instant::now();
            }
            "exit" | "force" => agenda.clear(),
            // UCI.
            "uci" => {
                escreve("id name Falso UCI");
                escreve("uciok");
            }
            "isready" => escreve("readyok"),
            "position" => {
                let fen = resto.strip_prefix("fen ").unwrap_or(FEN_INICIAL);
                let fen = fen.split(" moves").next().unwrap_or(fen);
                tab = TBoard::de_fen(fen).unwrap_or_else(|_| TBoard::inicial());
            }
            "stop" => {
                agenda.clear();
                escreve(&format!("bestmove {ultimo_pv}"));
            }
            "quit" => return,
            "usermove" => {
                if let Some(l) = acha_lance(&tab, resto) {
                    tab.make(&l);
                }
            }
            _ => {
                // Lance cru (protocolo 1), usado no truque `a2a3` do edit.
                if let Some(l) = acha_lance(&tab, palavra) {
                    tab.make(&l);
                }
            }
        }
    }
}

/// As 64 casas (a8 primeiro) de um tabuleiro, como caracteres FEN.
fn disposicao_de(tab: &TBoard) -> Vec<char> {
    let fen = tab.para_fen();
    let mut v = Vec::with_capacity(64);
    for c in fen.split_whitespace().next().unwrap_or("").chars() {
        if let Some(d) = c.to_digit(10) {
            v.extend(std::iter::repeat_n(' ', d as usize));
        } else if c != '/' {
            v.push(c);
        }
    }
    v.resize(64, ' ');
    v
}
