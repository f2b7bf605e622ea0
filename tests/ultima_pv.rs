//! A última linha de pensamento antes do lance é a do lance jogado, nos dois
//! protocolos (issue 61). O fastchess compara o `bestmove` com o primeiro
//! lance da última linha `info … pv` e avisa quando diferem ("Bestmove does
//! not match beginning of last PV"); o XBoard mostra a última linha de
//! pensamento como a do lance jogado. Uma busca pode acabar em qualquer
//! momento — um `stop`, o relógio ou o limite de nós no meio de uma
//! iteração, logo depois de uma falha alta da janela de aspiração ainda não
//! resolvida, com o Lazy SMP escolhendo o lance de uma ajudante, com a força
//! limitada escolhendo outra linha — e em todos a última linha tem de
//! começar pelo lance jogado, e não pode ser um limite (`lowerbound`,
//! `upperbound`): o escore dela é o do lance.
//!
//! Os casos são sorteados com semente fixa (`SEMENTE`): posições do WAC
//! (tests/data/wac.epd), limites de nós, `stop` e `?` depois de esperas
//! curtas, `movetime`/`st` curtos e relógios curtos. Um motor por protocolo,
//! posição atrás de posição (a tabela cheia da busca anterior também
//! produz casos: iterações que acabam em poucos nós, lances que mudam).
//! Onde o momento da parada depende do relógio de parede, os casos mudam de
//! uma execução para outra; a semente fixa a sequência de pedidos, e a
//! falha mostra o pedido, a posição e as linhas.

use crate::motor::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// A semente dos sorteios (o número da issue).
const SEMENTE: u64 = 61;
/// Buscas por protocolo: 1 050 no total.
const BUSCAS_UCI: usize = 600;
const BUSCAS_XBOARD: usize = 450;
/// Prazo de uma busca: a mais longa pede 150 000 nós ou um relógio de
/// 2 s (que gasta uma fração dele); numa máquina carregada, folga.
const PRAZO_BUSCA: Duration = Duration::from_secs(30);

/// As posições do WAC como FEN completo (o EPD não tem os contadores).
fn posicoes_wac() -> Vec<String> {
    include_str!("data/wac.epd")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let campos: Vec<&str> = l.split_whitespace().take(4).collect();
            format!("{} 0 1", campos.join(" "))
        })
        .collect()
}

/// Nós sorteados em escala logarítmica entre 2 000 e 150 000: tanto buscas
/// que param na 4ª iteração quanto as que param na 10ª.
fn nos_sorteados(rng: &mut StdRng) -> u64 {
    let x: f64 = rng.gen_range((2_000f64).ln()..(150_000f64).ln());
    x.exp() as u64
}

/// Junta as falhas e a contagem, e no fim falha o teste com as primeiras.
struct TConta {
    buscas: usize,
    sem_pv: usize,
    falhas: Vec<String>,
}

impl TConta {
    fn nova() -> TConta {
        TConta {
            buscas: 0,
            sem_pv: 0,
            falhas: Vec::new(),
        }
    }

    /// Confere uma busca: `ultima` é a última linha de pensamento antes do
    /// lance (`None`: nenhuma), `primeiro` o primeiro lance da PV dela e
    /// `limite` se ela era um limite da janela.
    fn confere(
        &mut self,
        pedido: &str,
        fen: &str,
        ultima: Option<(&str, Option<String>, bool)>,
        jogado: &str,
        linhas: &[String],
    ) {
        self.buscas += 1;
        let Some((linha, primeiro, limite)) = ultima else {
            self.sem_pv += 1;
            return;
        };
        if primeiro.as_deref() != Some(jogado) || limite {
            let fim: Vec<&String> = linhas.iter().rev().take(4).rev().collect();
            self.falhas.push(format!(
                "{pedido} em {fen}: jogou {jogado}, última linha {linha:?}; fim: {fim:#?}"
            ));
        }
    }

    fn conclui(&self, protocolo: &str) {
        eprintln!(
            "ultima_pv {protocolo}: {} buscas, {} sem linha de pensamento, {} com a última linha diferente do lance",
            self.buscas,
            self.sem_pv,
            self.falhas.len()
        );
        assert!(
            self.falhas.is_empty(),
            "{protocolo}: {} de {} buscas terminaram com a última linha de pensamento sem o lance \
             jogado à frente (ou com um limite); as primeiras:\n{}",
            self.falhas.len(),
            self.buscas,
            self.falhas
                .iter()
                .take(5)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

/// Uma linha `info` com PV (não `info string`, não `currmove`).
fn eh_info_pv(l: &str) -> bool {
    l.starts_with("info ") && !l.starts_with("info string") && l.contains(" pv ")
}

/// O primeiro lance depois de `pv` numa linha `info`.
fn primeiro_da_pv_uci(l: &str) -> Option<String> {
    let t: Vec<&str> = l.split_whitespace().collect();
    let i = t.iter().position(|x| *x == "pv")?;
    t.get(i + 1).map(|x| x.to_string())
}

/// UCI: `go nodes`, `go movetime`, `go infinite` e `go ponder` com `stop`
/// depois de uma espera curta, e relógios curtos; as últimas buscas com duas
/// threads (o lance pode ser o de uma ajudante) e com a força limitada (o
/// lance sai de uma escolha entre várias linhas).
#[test]
fn uci_ultima_pv_e_o_bestmove() {
    let fens = posicoes_wac();
    let mut rng = StdRng::seed_from_u64(SEMENTE);
    let mut m = abre_motor();
    envia(&mut m, "uci");
    espera_linha(&mut m, "uciok");
    let mut conta = TConta::nova();
    for n in 0..BUSCAS_UCI {
        if n == BUSCAS_UCI * 3 / 5 {
            envia(&mut m, "setoption name Threads value 2");
        }
        if n == BUSCAS_UCI * 9 / 10 {
            envia(&mut m, "setoption name Threads value 1");
            envia(&mut m, "setoption name UCI_LimitStrength value true");
            envia(&mut m, "setoption name UCI_Elo value 1400");
        }
        let fen = &fens[rng.gen_range(0..fens.len())];
        envia(&mut m, &format!("position fen {fen}"));
        let pedido = match rng.gen_range(0..5) {
            0 | 1 => format!("go nodes {}", nos_sorteados(&mut rng)),
            2 => format!("go movetime {}", rng.gen_range(5..=100)),
            3 => {
                let t = rng.gen_range(50..=2000);
                format!("go wtime {t} btime {t}")
            }
            _ => {
                if rng.gen_bool(0.8) {
                    "go infinite".to_string()
                } else {
                    "go ponder".to_string()
                }
            }
        };
        envia(&mut m, &pedido);
        if pedido == "go infinite" || pedido == "go ponder" {
            std::thread::sleep(Duration::from_millis(rng.gen_range(0..=50)));
            envia(&mut m, "stop");
        }
        let v = espera(&mut m, |l| l.starts_with("bestmove "), PRAZO_BUSCA);
        let jogado = v.last().unwrap().split_whitespace().nth(1).unwrap();
        let ultima = v.iter().rev().find(|l| eh_info_pv(l)).map(|l| {
            let limite = l.contains(" lowerbound") || l.contains(" upperbound");
            (l.as_str(), primeiro_da_pv_uci(l), limite)
        });
        conta.confere(&pedido, fen, ultima, jogado, &v);
    }
    envia(&mut m, "quit");
    conta.conclui("UCI");
}

/// xboard com `post`: `st` curto, `?` depois de uma espera curta, nós pelo
/// relógio virtual (`nps` com `st`) e relógios curtos (`level` com
/// `time`/`otim`); as últimas buscas com duas threads (`cores 2`).
#[test]
fn xboard_ultima_linha_e_o_move() {
    let fens = posicoes_wac();
    let mut rng = StdRng::seed_from_u64(SEMENTE + 1);
    let mut m = abre_motor();
    handshake(&mut m);
    envia(&mut m, "new");
    envia(&mut m, "post");
    envia(&mut m, "easy");
    let mut conta = TConta::nova();
    for n in 0..BUSCAS_XBOARD {
        if n == BUSCAS_XBOARD * 3 / 4 {
            envia(&mut m, "cores 2");
        }
        let fen = &fens[rng.gen_range(0..fens.len())];
        envia(&mut m, "force");
        envia(&mut m, &format!("setboard {fen}"));
        let (pedido, espera_ms) = match rng.gen_range(0..4) {
            0 => (format!("nps 0\nst {:.3}", rng.gen_range(0.005..0.1)), None),
            1 => (format!("nps {}\nst 1", nos_sorteados(&mut rng)), None),
            2 => {
                let t = rng.gen_range(5..=200);
                (format!("nps 0\nlevel 0 1 0\ntime {t}\notim {t}"), None)
            }
            _ => ("nps 0\nst 100".to_string(), Some(rng.gen_range(0..=50))),
        };
        for l in pedido.lines() {
            envia(&mut m, l);
        }
        envia(&mut m, "go");
        if let Some(ms) = espera_ms {
            std::thread::sleep(Duration::from_millis(ms));
            envia(&mut m, "?");
        }
        let v = espera(&mut m, |l| l.starts_with("move "), PRAZO_BUSCA);
        let jogado = v.last().unwrap()["move ".len()..].trim().to_string();
        let ultima = v
            .iter()
            .rev()
            .find(|l| eh_pensamento(l))
            .map(|l| (l.as_str(), primeiro_da_pv(l), false));
        let pedido = pedido.replace('\n', "; ");
        conta.confere(&pedido, fen, ultima, &jogado, &v);
    }
    envia(&mut m, "quit");
    conta.conclui("xboard");
}
