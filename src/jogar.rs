//! `ice jogar` (`ice play`): uma partida contra o motor no terminal, sem
//! interface gráfica. O jogador digita lances (SAN ou coordenadas) e
//! comandos (`undo`, `hint`, `analyze`, `pgn`…); o tabuleiro sai depois de
//! cada lance e, enquanto o motor pensa, uma linha de estado (profundidade,
//! escore, nós/s, PV em SAN e os dois relógios) se reescreve no lugar.
//!
//! Nível 10, ao lado dos protocolos: dirige o seu `TMotor` como o `xboard`
//! e o `uci` dirigem o deles, e põe na busca o seu relator
//! (`TRelatorTerminal`), que é quem escreve enquanto ela pensa: a busca não
//! ganha escrita nenhuma. O desenho é de `tela` (funções puras). ICE: é a
//! interface de console do `ice.c`, que aceitava lances do teclado quando
//! nenhuma interface falava com ele; aqui ela é para uma pessoa.

use crate::entrada::{
    fila_para_busca, imprime, inicia_leitora, nova_fila, trava, TFilaCompartilhada,
};
use crate::geracao::{fim_de_jogo, lance_para_san};
use crate::lance::{TLance, TListaLances};
use crate::motor::{
    self, aceita_empate, aplica_opcao, define_level, define_relogios, define_st, define_tabuleiro,
    faz_lance, lance_do_livro, limites_do_lance, nova_partida, novo_motor, opcoes, tabuleiro,
    volta_lances, TMotor, TPedidoMotor,
};
use crate::nivel::{ELO_MAXIMO, ELO_MINIMO};
use crate::opcoes::TOpcoesMotor;
use crate::relato::{TInfoBusca, TLinhaPensamento, TReacao, TRelator, TTipoLinha};
use crate::tabuleiro::{TBoard, FEN_INICIAL};
use crate::tela::{
    data_pgn, diagrama, lances_san, le_lance, nome_da_cor, pv_em_san, relogio_pgn, texto_capturado,
    texto_do_fim, texto_escore, texto_nps, texto_pgn, texto_relogio, TLancePgn,
};
use crate::tempo::TLimites;
use crate::tipos::{BRANCAS, GERA_TODOS, NEGRAS};
use std::io::IsTerminal;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// O relógio padrão (3 minutos + 2 s por lance): o motor responde em
/// poucos segundos, e quem joga tem tempo para pensar.
pub const RELOGIO_PADRAO: TControle = TControle::Relogio {
    base_ms: 180_000,
    inc_ms: 2_000,
};
/// O `hint` e o `analyze` não são lances do motor: a dica pensa um segundo.
const MS_DICA: u64 = 1000;
/// De quanto em quanto tempo a linha de estado é redesenhada só para os
/// relógios andarem (as linhas de pensamento a redesenham na hora).
const MS_REDESENHO: u64 = 250;
/// Largura suposta do terminal quando não dá para perguntar.
const LARGURA_PADRAO: usize = 80;

/// O ritmo da partida: relógio (base + incremento) ou tempo fixo por lance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TControle {
    Relogio { base_ms: u64, inc_ms: u64 },
    PorLance { ms: u64 },
}

/// Lê um ritmo: `5+3` (5 minutos + 3 s por lance), `5` (5 minutos, sem
/// incremento), `0.5+1`, ou `10s` (10 segundos por lance).
pub fn le_controle(texto: &str) -> Option<TControle> {
    let t = texto.trim();
    let num = |s: &str| s.parse::<f64>().ok().filter(|x| x.is_finite() && *x >= 0.0);
    if let Some(s) = t.strip_suffix('s') {
        let seg = num(s).filter(|&x| (0.1..=3600.0).contains(&x))?;
        return Some(TControle::PorLance {
            ms: (seg * 1000.0) as u64,
        });
    }
    let (base, inc) = t.split_once('+').unwrap_or((t, "0"));
    let base = num(base).filter(|&x| x <= 600.0)?;
    let inc = num(inc).filter(|&x| x <= 600.0)?;
    if base == 0.0 && inc == 0.0 {
        return None;
    }
    Some(TControle::Relogio {
        base_ms: (base * 60_000.0) as u64,
        inc_ms: (inc * 1000.0) as u64,
    })
}

/// O ritmo como se escreve no `level` e no cabeçalho `TimeControl` do PGN.
fn texto_controle(c: TControle) -> (String, String) {
    match c {
        TControle::Relogio { base_ms, inc_ms } => (
            format!("{}+{}", base_ms as f64 / 60_000.0, inc_ms as f64 / 1000.0),
            format!("{}+{}", base_ms / 1000, inc_ms / 1000),
        ),
        TControle::PorLance { ms } => (format!("{}s per move", ms as f64 / 1000.0), "-".into()),
    }
}

/// Um lance jogado, com o que o `undo` precisa para voltar atrás.
struct TJogado {
    lance: TLance,
    pgn: TLancePgn,
    relogios_antes: [i64; 2],
    escore_antes: Option<(i32, i32)>,
}

/// A partida no terminal.
pub struct TJogo {
    m: TMotor,
    fila: TFilaCompartilhada,
    ascii: bool,
    /// A saída é um terminal: a linha de estado se reescreve no lugar.
    tty: bool,
    /// A entrada não é um terminal: o que chega é repetido depois do prompt,
    /// para que a transcrição se leia.
    eco: bool,
    /// A cor do jogador; `None`: o motor joga os dois lados (`--watch`).
    humano: Option<usize>,
    /// A cor desenhada embaixo.
    baixo: usize,
    b_inicial: Box<TBoard>,
    jogados: Vec<TJogado>,
    controle: TControle,
    /// Nós e profundidade fixos por lance do motor (0: pelo relógio).
    fixos: TLimites,
    /// Relógios em ms (com tempo por lance, o tempo gasto, que sobe).
    relogios: [i64; 2],
    inicio_vez: Instant,
    /// O resultado do PGN e a frase do fim.
    resultado: Option<(String, String)>,
    /// O último escore do motor (do ponto de vista dele) e a profundidade.
    escore: Option<(i32, i32)>,
    sair: bool,
}

/// O relator da busca no terminal: a linha de estado e a entrada durante a
/// busca. Enter (ou `move`) manda jogar já; `quit` sai; na análise qualquer
/// linha para; o resto espera a vez do jogador, na ordem.
pub struct TRelatorTerminal {
    fila: TFilaCompartilhada,
    raiz: Box<TBoard>,
    tty: bool,
    largura: usize,
    analise: bool,
    /// Ler a entrada durante a busca? Com a entrada num cano (um script),
    /// só a análise a lê (uma linha a para): o resto do script espera a
    /// vez do jogador, em vez de parar a busca.
    le_entrada: bool,
    /// A entrada e a saída são o mesmo terminal, que ecoa o que se digita.
    eco_terminal: bool,
    relogios: [i64; 2],
    /// De quem é o relógio que anda, e se ele sobe (tempo por lance).
    vez: usize,
    sobe: bool,
    inicio: Instant,
    texto: String,
    /// Onde o cursor ficou: o fim da linha de estado desenhada.
    coluna: usize,
    desenhado: Instant,
}

impl TRelatorTerminal {
    /// Reescreve a linha de estado (só num terminal).
    fn desenha(&mut self) {
        if !self.tty {
            return;
        }
        let gasto = self.inicio.elapsed().as_millis() as i64;
        let mut r = self.relogios;
        r[self.vez] += if self.sobe { gasto } else { -gasto };
        let relogios = format!(
            " | W {} B {}",
            texto_relogio(r[BRANCAS]),
            texto_relogio(r[NEGRAS])
        );
        let cabe = self.largura.saturating_sub(relogios.len() + 1);
        let texto: String = self.texto.chars().take(cabe).collect();
        imprime(&format!("\r\x1b[2K{texto}{relogios}"));
        self.coluna = texto.chars().count() + relogios.len();
        self.desenhado = Instant::now();
    }
}

impl TRelator for TRelatorTerminal {
    fn mostra(&self) -> bool {
        self.tty
    }
    fn linha(&mut self, l: &TLinhaPensamento) {
        // Os limites da janela de aspiração não são escores.
        if matches!(l.tipo, TTipoLinha::FalhaAlta | TTipoLinha::FalhaBaixa) {
            return;
        }
        self.texto = format!(
            "depth {}  {}  {}  {}",
            l.profundidade,
            texto_escore(l.escore),
            texto_nps(l.nos, l.ms),
            pv_em_san(&self.raiz, &l.pv)
        );
        self.desenha();
    }
    // O lance escolhido (o de uma ajudante, o da força limitada): a linha de
    // estado termina mostrando o lance que o motor joga.
    fn escolha(&mut self, l: &TLinhaPensamento) {
        self.linha(l);
    }
    fn lance_atual(&mut self, _: i32, _: &TLance, _: usize, _: u64) {}
    fn aviso(&mut self, texto: &str) {
        imprime(&format!("\r{texto}\n"));
    }
    fn consulta(&mut self, _: &TInfoBusca) -> TReacao {
        let mut reacao = TReacao::Continua;
        // Quantas linhas da tela o eco do que foi lido ocupou: a primeira
        // começa no fim da linha de estado, e uma linha longa quebra.
        let mut linhas_eco = 0;
        if self.le_entrada {
            let mut f = trava(&self.fila);
            while let Some(Ok(linha)) = f.rx.as_ref().map(|rx| rx.try_recv()) {
                let coluna = if linhas_eco == 0 { self.coluna } else { 0 };
                linhas_eco += (coluna + linha.chars().count()) / self.largura.max(1) + 1;
                let cmd = linha.trim().to_ascii_lowercase();
                if matches!(cmd.as_str(), "quit" | "exit" | "q") {
                    f.cancelou = true;
                    f.pendentes.push_back(linha);
                    reacao = TReacao::Para;
                } else if matches!(cmd.as_str(), "" | "move" | "stop") {
                    reacao = TReacao::Para;
                } else {
                    // Na análise, um comando também para (e roda depois).
                    if self.analise {
                        reacao = TReacao::Para;
                    }
                    f.pendentes.push_back(linha);
                }
                if reacao == TReacao::Para {
                    break;
                }
            }
        }
        // O terminal ecoou a linha e o Enter: o cursor desceu, e a linha de
        // estado velha ficou em cima. Volta a ela, para reescrevê-la.
        if linhas_eco > 0 && self.eco_terminal {
            imprime(&"\x1b[1A".repeat(linhas_eco));
            self.desenha();
        } else if self.desenhado.elapsed() >= Duration::from_millis(MS_REDESENHO) {
            self.desenha();
        }
        reacao
    }
    fn ouve(&self) -> bool {
        self.le_entrada && trava(&self.fila).rx.is_some()
    }
}

/// A largura do terminal: `COLUMNS`, senão o `stty size` (sem `unsafe` nem
/// biblioteca: o `stty` pergunta ao terminal da entrada), senão 80.
fn largura_terminal() -> usize {
    if let Some(n) = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse().ok())
    {
        return n;
    }
    std::process::Command::new("stty")
        .arg("size")
        .stdin(std::process::Stdio::inherit())
        .stderr(std::process::Stdio::null())
        .output()
        .ok()
        .and_then(|o| {
            String::from_utf8_lossy(&o.stdout)
                .split_whitespace()
                .nth(1)
                .and_then(|c| c.parse().ok())
        })
        .filter(|&n: &usize| n >= 20)
        .unwrap_or(LARGURA_PADRAO)
}

/// O texto do `help` (só ASCII: vale também no `--ascii`).
const AJUDA: &str = "\
Moves: SAN (Nf3, exd5, O-O, e8=Q) or coordinates (g1f3, e7e8q).
Commands:
  new               a new game from the starting position
  undo              take back your last move (and the engine's reply)
  hint              the engine's move for you, from a short search
  analyze           live analysis of the position; Enter stops it
  level [CLOCK]     the clock: 5+3 (minutes + seconds per move), 5, 10s (seconds per move)
  level elo N|off   play at N Elo (ELO_MIN..ELO_MAX), or at full strength
  level nodes N     N nodes per engine move; level depth D: D plies
  time ...          the same as level
  fen               the position in FEN
  pgn [FILE]        the game in PGN (with clocks and the engine's scores), or save it
  book on|off       the opening book
  draw              offer a draw
  resign            resign the game
  go                the engine plays the side to move (you switch sides)
  flip              turn the board around
  moves             the legal moves
  board             show the board again
  quit              leave
While the engine thinks, Enter makes it move now. The clocks are shown and
recorded in the PGN; nobody loses on time.
";

/// `ice jogar [--black | --watch] [--fen FEN] [--ascii] [--clock C]
/// [--nos N] [--profundidade D]`.
pub fn cmd_jogar(args: &[String], op: &TOpcoesMotor) -> Result<(), String> {
    let uso = "uso: ice jogar [--pretas|--black] [--assiste|--watch] [--fen FEN] [--ascii] \
               [--relogio 5+3|10s] [--nos N] [--profundidade D]";
    let mut humano = Some(BRANCAS);
    let mut ascii = false;
    let mut fen = FEN_INICIAL.to_string();
    let mut controle = RELOGIO_PADRAO;
    let mut fixos = TLimites::default();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let valor = args.get(i + 1).map(String::as_str);
        i += 1;
        match a {
            "--brancas" | "--white" => humano = Some(BRANCAS),
            "--pretas" | "--black" => humano = Some(NEGRAS),
            "--assiste" | "--watch" => humano = None,
            "--ascii" => ascii = true,
            "--fen" => {
                // O FEN sem aspas chega em até seis argumentos.
                let partes: Vec<&str> = args[i..]
                    .iter()
                    .take_while(|s| !s.starts_with("--"))
                    .take(6)
                    .map(String::as_str)
                    .collect();
                if partes.is_empty() {
                    return Err(uso.into());
                }
                i += partes.len();
                fen = partes.join(" ");
            }
            "--relogio" | "--clock" => {
                controle = valor.and_then(le_controle).ok_or(uso)?;
                i += 1;
            }
            "--nos" | "--nodes" => {
                fixos.nos = valor
                    .and_then(|v| v.parse().ok())
                    .filter(|&n| n > 0)
                    .ok_or(uso)?;
                i += 1;
            }
            "--profundidade" | "--depth" => {
                fixos.profundidade = valor
                    .and_then(|v| v.parse().ok())
                    .filter(|d| (1..=crate::bench::PROFUNDIDADE_MAX).contains(d))
                    .ok_or(uso)?;
                i += 1;
            }
            _ => return Err(format!("opção desconhecida: {a}; {uso}")),
        }
    }
    let b = TBoard::de_fen(&fen).map_err(|e| format!("FEN inválido ({e}): {fen}"))?;
    let mut m = novo_motor(op);
    define_tabuleiro(&mut m, b.clone());
    let mut j = TJogo {
        m,
        fila: nova_fila(Some(inicia_leitora())),
        ascii,
        tty: std::io::stdout().is_terminal(),
        eco: !std::io::stdin().is_terminal(),
        humano,
        baixo: humano.unwrap_or(BRANCAS),
        b_inicial: Box::new(b),
        jogados: Vec::new(),
        controle,
        fixos,
        relogios: [0; 2],
        inicio_vez: Instant::now(),
        resultado: None,
        escore: None,
        sair: false,
    };
    define_controle(&mut j, controle);
    fim_pelas_regras(&mut j);
    imprime(&format!(
        "{} - type 'help' for the commands, 'quit' to leave.\n",
        crate::NOME_MOTOR
    ));
    mostra(&j);
    laco(&mut j);
    Ok(())
}

/// O laço: o motor joga quando é a vez dele; senão, lê uma linha e a faz.
fn laco(j: &mut TJogo) {
    while !j.sair {
        // O que chegou enquanto o motor pensava vem antes (no `--watch`, o
        // `go` digitado durante a busca).
        let pendente = trava(&j.fila).pendentes.pop_front();
        if let Some(linha) = pendente {
            processa(j, &linha);
            continue;
        }
        if vez_do_motor(j) {
            motor_joga(j);
            continue;
        }
        imprime(&prompt(j));
        let Some(linha) = proxima_linha(j) else {
            break;
        };
        if j.eco {
            imprime(&format!("{}\n", so_ascii(j, &linha)));
        }
        processa(j, &linha);
    }
    imprime("\n");
}

/// No `--ascii`, o que o jogador digitou e volta na tela (o eco, um lance
/// recusado, um nome de arquivo) sai sem os caracteres fora do ASCII.
fn so_ascii(j: &TJogo, texto: &str) -> String {
    if j.ascii {
        texto
            .chars()
            .map(|c| if c.is_ascii() { c } else { '?' })
            .collect()
    } else {
        texto.to_string()
    }
}

/// A próxima linha: primeiro as que chegaram enquanto o motor pensava.
fn proxima_linha(j: &TJogo) -> Option<String> {
    let mut f = trava(&j.fila);
    if let Some(l) = f.pendentes.pop_front() {
        return Some(l);
    }
    // Só esta thread usa a fila agora: esperar com ela travada não prende
    // ninguém.
    f.rx.as_ref()?.recv().ok()
}

fn vez_do_motor(j: &TJogo) -> bool {
    j.resultado.is_none() && j.humano != Some(tabuleiro(&j.m).vez)
}

/// O número do lance de um ply da partida (`12.` ou `12...`).
fn numero_do_ply(j: &TJogo, ply: usize) -> String {
    let absoluto = (j.b_inicial.num_lance as usize).saturating_sub(1) * 2 + j.b_inicial.vez + ply;
    let num = absoluto / 2 + 1;
    if absoluto.is_multiple_of(2) {
        format!("{num}.")
    } else {
        format!("{num}...")
    }
}

fn prompt(j: &TJogo) -> String {
    let b = tabuleiro(&j.m);
    match (&j.resultado, j.humano) {
        (Some(_), _) => "Game over (new, undo, pgn, quit) > ".into(),
        (None, Some(_)) => format!(
            "{} Your move ({}) > ",
            numero_do_ply(j, j.jogados.len()),
            nome_da_cor(b.vez)
        ),
        (None, None) => "> ".into(),
    }
}

/// O nome de quem joga com `cor`.
fn jogador(j: &TJogo, cor: usize) -> &'static str {
    if j.humano == Some(cor) {
        "You"
    } else {
        "ICE-rs"
    }
}

/// O relógio de `cor` agora (o de quem está na vez anda).
fn relogio_agora(j: &TJogo, cor: usize) -> i64 {
    let mut r = j.relogios[cor];
    if j.resultado.is_none() && tabuleiro(&j.m).vez == cor {
        let gasto = j.inicio_vez.elapsed().as_millis() as i64;
        r += if matches!(j.controle, TControle::PorLance { .. }) {
            gasto
        } else {
            -gasto
        };
    }
    r
}

/// O tabuleiro, o painel ao lado (jogadores e relógios, último lance,
/// escore) e, embaixo, o material capturado e o resultado.
fn mostra(j: &TJogo) {
    let b = tabuleiro(&j.m);
    let cima = 1 - j.baixo;
    let linha_jogador = |cor: usize| {
        format!(
            "{} {:<7} {:>7}{}",
            nome_da_cor(cor),
            jogador(j, cor),
            texto_relogio(relogio_agora(j, cor)),
            if b.vez == cor && j.resultado.is_none() {
                "  <- to move"
            } else {
                ""
            }
        )
    };
    let mut lado = vec![String::new(); 8];
    lado[0] = linha_jogador(cima);
    lado[7] = linha_jogador(j.baixo);
    if let Some(u) = j.jogados.last() {
        lado[2] = format!(
            "Last move: {} {}",
            numero_do_ply(j, j.jogados.len() - 1),
            u.pgn.san
        );
    }
    if let Some((e, p)) = j.escore {
        lado[3] = if p > 0 {
            format!("ICE-rs score: {} (depth {p})", texto_escore(e))
        } else {
            format!("ICE-rs score: {}", texto_escore(e))
        };
    }
    if b.em_xeque() && j.resultado.is_none() {
        lado[4] = "Check!".into();
    }
    let ultimo = j.jogados.last().map(|u| &u.lance);
    let mut s = String::from("\n");
    for l in diagrama(b, j.baixo, ultimo, j.ascii, &lado) {
        s.push_str(&l);
        s.push('\n');
    }
    s.push_str(&texto_capturado(b, &j.b_inicial, j.ascii));
    s.push('\n');
    if let Some((r, motivo)) = &j.resultado {
        s.push_str(&format!("Game over: {r} ({motivo})\n"));
    }
    imprime(&s);
}

/// Troca o ritmo: os dois relógios recomeçam, e o motor passa a contar com ele.
fn define_controle(j: &mut TJogo, c: TControle) {
    j.controle = c;
    match c {
        TControle::Relogio { base_ms, inc_ms } => {
            define_level(&mut j.m, 0, base_ms / 10, inc_ms / 10);
            j.relogios = [base_ms as i64; 2];
        }
        TControle::PorLance { ms } => {
            define_st(&mut j.m, (ms / 10).max(1));
            j.relogios = [0; 2];
        }
    }
    j.inicio_vez = Instant::now();
}

/// A partida acabou pelas regras na posição atual?
fn fim_pelas_regras(j: &mut TJogo) {
    if let Some(f) = fim_de_jogo(tabuleiro(&j.m)) {
        let (r, motivo) = texto_do_fim(f);
        j.resultado = Some((r.into(), motivo.into()));
    }
}

/// Joga `l` (legal) por quem tem a vez: o relógio dele, o SAN e o
/// comentário do PGN (`nota`, o escore do motor, e o relógio), o fim pelas
/// regras e o tabuleiro.
fn joga(j: &mut TJogo, l: TLance, nota: Option<String>) {
    let b = tabuleiro(&j.m);
    let san = lance_para_san(b, &l);
    let cor = b.vez;
    let antes = j.relogios;
    let gasto = j.inicio_vez.elapsed().as_millis() as i64;
    let relogio = match j.controle {
        TControle::Relogio { inc_ms, .. } => {
            j.relogios[cor] += inc_ms as i64 - gasto;
            format!("[%clk {}]", relogio_pgn(j.relogios[cor]))
        }
        TControle::PorLance { .. } => {
            j.relogios[cor] += gasto;
            format!("[%emt {}]", relogio_pgn(gasto))
        }
    };
    if !faz_lance(&mut j.m, &l) {
        j.relogios = antes;
        imprime("The game is too long to go on.\n");
        return;
    }
    let comentario = match nota {
        Some(n) => format!("{n} {relogio}"),
        None => relogio,
    };
    j.jogados.push(TJogado {
        lance: l,
        pgn: TLancePgn { san, comentario },
        relogios_antes: antes,
        escore_antes: j.escore,
    });
    j.inicio_vez = Instant::now();
    fim_pelas_regras(j);
    mostra(j);
}

/// O relator de uma busca: a posição da raiz (para a PV em SAN) e os
/// relógios de agora.
fn relator(j: &TJogo, analise: bool) -> Box<dyn TRelator> {
    let b = tabuleiro(&j.m);
    Box::new(TRelatorTerminal {
        fila: fila_para_busca(&j.fila),
        raiz: Box::new(b.clone()),
        tty: j.tty,
        largura: if j.tty {
            largura_terminal()
        } else {
            LARGURA_PADRAO
        },
        analise,
        le_entrada: analise || !j.eco,
        eco_terminal: j.tty && !j.eco,
        relogios: [relogio_agora(j, BRANCAS), relogio_agora(j, NEGRAS)],
        vez: b.vez,
        sobe: matches!(j.controle, TControle::PorLance { .. }),
        inicio: Instant::now(),
        texto: if analise {
            "analyzing (Enter stops)".into()
        } else {
            "thinking (Enter: move now)".into()
        },
        coluna: 0,
        desenhado: Instant::now(),
    })
}

/// Apaga a linha de estado.
fn limpa_estado(j: &TJogo) {
    if j.tty {
        imprime("\r\x1b[2K");
    }
}

/// Depois de cada busca (lance, dica, análise): apaga a linha de estado e
/// diz se o jogador mandou `quit` durante ela; então a partida acaba sem o
/// resultado da busca (e `j.sair` fica marcado).
fn busca_cancelada(j: &mut TJogo) -> bool {
    limpa_estado(j);
    let cancelou = trava(&j.fila).cancelou;
    j.sair |= cancelou;
    cancelou
}

/// Os limites de uma busca curta (dica): os fixos, senão um segundo.
fn limites_curtos(j: &TJogo) -> TLimites {
    if j.fixos.nos > 0 || j.fixos.profundidade > 0 {
        j.fixos
    } else {
        TLimites {
            tempo_alvo_ms: MS_DICA,
            tempo_max_ms: MS_DICA,
            tempo_fixo: true,
            ..TLimites::default()
        }
    }
}

/// O primeiro lance legal (se a busca parar antes de ter um).
fn primeiro_legal(b: &TBoard) -> Option<TLance> {
    let mut lista = TListaLances::nova();
    crate::geracao::gera_lista_lances(b, GERA_TODOS, &mut lista);
    lista.como_fatia().first().copied()
}

/// A vez do motor: o livro, ou a busca com o relógio (ou os limites fixos).
fn motor_joga(j: &mut TJogo) {
    if let Some(l) = lance_do_livro(&mut j.m) {
        joga(j, l, Some("book".into()));
        return;
    }
    let vez = tabuleiro(&j.m).vez;
    let lim = if j.fixos.nos > 0 || j.fixos.profundidade > 0 {
        j.fixos
    } else {
        if let TControle::Relogio { .. } = j.controle {
            let cs = |ms: i64| Some(ms.max(0) / 10);
            let (meu, outro) = (relogio_agora(j, vez), relogio_agora(j, 1 - vez));
            define_relogios(&mut j.m, cs(meu), cs(outro));
        }
        limites_do_lance(&j.m)
    };
    let rel = relator(j, false);
    let r = motor::pensa(&mut j.m, lim, rel);
    if busca_cancelada(j) {
        return;
    }
    let lance = if r.lance.existe() {
        Some(r.lance)
    } else {
        primeiro_legal(tabuleiro(&j.m))
    };
    let Some(l) = lance else {
        fim_pelas_regras(j);
        return;
    };
    j.escore = Some((r.escore, r.profundidade));
    let nota = format!("{}/{}", texto_escore(r.escore), r.profundidade);
    joga(j, l, Some(nota));
}

/// Uma linha do jogador: um comando ou um lance.
fn processa(j: &mut TJogo, linha: &str) {
    let mut partes = linha.split_whitespace();
    let Some(cmd) = partes.next() else {
        return;
    };
    let args: Vec<&str> = partes.collect();
    match cmd.to_ascii_lowercase().as_str() {
        "quit" | "exit" | "q" | "sair" => j.sair = true,
        "help" | "?" | "ajuda" => imprime(
            &AJUDA
                .replace("ELO_MIN", &ELO_MINIMO.to_string())
                .replace("ELO_MAX", &ELO_MAXIMO.to_string()),
        ),
        "new" | "novo" => novo_jogo(j),
        "undo" | "volta" => desfaz(j),
        "hint" | "dica" => dica(j),
        "analyze" | "analisa" => analisa(j),
        "level" | "time" | "nivel" | "tempo" => nivel(j, &args),
        "fen" => imprime(&format!("{}\n", tabuleiro(&j.m).para_fen())),
        "pgn" => pgn(j, args.first().copied()),
        "book" | "livro" => livro(j, args.first().copied()),
        "draw" | "empate" => empate(j),
        "resign" | "abandona" => abandona(j),
        "go" | "joga" => troca_lados(j),
        "flip" | "virar" => {
            j.baixo = 1 - j.baixo;
            mostra(j);
        }
        "moves" | "lances" => {
            let l: Vec<String> = lances_san(tabuleiro(&j.m))
                .into_iter()
                .map(|(_, s)| s)
                .collect();
            imprime(&format!("Legal moves: {}\n", l.join(" ")));
        }
        "board" | "d" => mostra(j),
        _ => lance_do_jogador(j, linha.trim()),
    }
}

fn lance_do_jogador(j: &mut TJogo, texto: &str) {
    if let Some((r, _)) = &j.resultado {
        imprime(&format!(
            "The game is over ({r}): 'new' starts another, 'undo' takes back a move.\n"
        ));
        return;
    }
    if j.humano.is_none() {
        imprime("ICE-rs is playing both sides: 'go' to stop watching.\n");
        return;
    }
    match le_lance(tabuleiro(&j.m), texto) {
        Ok(l) => joga(j, l, None),
        Err(e) => imprime(&format!("{}\n", so_ascii(j, &e))),
    }
}

fn novo_jogo(j: &mut TJogo) {
    define_tabuleiro(&mut j.m, (*j.b_inicial).clone());
    nova_partida(&mut j.m);
    j.jogados.clear();
    j.resultado = None;
    j.escore = None;
    if j.humano.is_none() {
        j.humano = Some(BRANCAS);
    }
    define_controle(j, j.controle);
    fim_pelas_regras(j);
    mostra(j);
}

/// Volta o último lance do jogador e a resposta do motor (o lance inteiro).
fn desfaz(j: &mut TJogo) {
    let humano = j.humano.unwrap_or(BRANCAS);
    let cor_do_ply = |ply: usize| (j.b_inicial.vez + ply) % 2;
    let Some(ply) = (0..j.jogados.len())
        .rev()
        .find(|&p| cor_do_ply(p) == humano)
    else {
        imprime("Nothing to undo.\n");
        return;
    };
    let n = j.jogados.len() - ply;
    if !volta_lances(&mut j.m, n) {
        imprime("Cannot undo: the game is too long.\n");
        return;
    }
    let primeiro = &j.jogados[ply];
    j.relogios = primeiro.relogios_antes;
    j.escore = primeiro.escore_antes;
    j.jogados.truncate(ply);
    j.resultado = None;
    j.humano = Some(humano);
    j.inicio_vez = Instant::now();
    imprime(&format!(
        "Took back {n} half-move{}.\n",
        if n == 1 { "" } else { "s" }
    ));
    mostra(j);
}

fn dica(j: &mut TJogo) {
    if j.resultado.is_some() {
        imprime("The game is over.\n");
        return;
    }
    let p = TPedidoMotor {
        limites: limites_curtos(j),
        multipv: 1,
        objetivo: true,
        ..TPedidoMotor::default()
    };
    let rel = relator(j, false);
    let r = motor::executa(&mut j.m, p, rel);
    if busca_cancelada(j) {
        return;
    }
    let b = tabuleiro(&j.m);
    let Some(l) = Some(r.lance)
        .filter(TLance::existe)
        .or_else(|| primeiro_legal(b))
    else {
        return;
    };
    imprime(&format!(
        "Hint: {} (ICE-rs thinks {} for {}, depth {})\n",
        lance_para_san(b, &l),
        texto_escore(r.escore),
        nome_da_cor(b.vez),
        r.profundidade
    ));
}

fn analisa(j: &mut TJogo) {
    if j.resultado.is_some() {
        imprime("The game is over.\n");
        return;
    }
    imprime("Analyzing; press Enter to stop.\n");
    let rel = relator(j, true);
    let r = motor::analisa(&mut j.m, 1, Vec::new(), rel);
    if busca_cancelada(j) {
        return;
    }
    let b = tabuleiro(&j.m);
    imprime(&format!(
        "Analysis: depth {}, {} for {}: {}\n",
        r.profundidade,
        texto_escore(r.escore),
        nome_da_cor(b.vez),
        pv_em_san(b, &r.pv)
    ));
}

/// `level`/`time`: o ritmo, a força em Elo ou os limites fixos.
fn nivel(j: &mut TJogo, args: &[&str]) {
    let uso = "Usage: level 5+3 | level 5 3 | level 10s | level elo N|off | level nodes N | level depth D";
    match args {
        [] => {}
        ["elo", "off"] | ["full"] => {
            let _ = aplica_opcao(&mut j.m, "UCI_LimitStrength", Some("0"));
        }
        ["elo", n] => {
            let ok = aplica_opcao(&mut j.m, "UCI_Elo", Some(n)).is_ok()
                && aplica_opcao(&mut j.m, "UCI_LimitStrength", Some("1")).is_ok();
            if !ok {
                imprime(&format!("Elo from {ELO_MINIMO} to {ELO_MAXIMO}.\n"));
                return;
            }
        }
        ["nodes", n] => match n.parse::<u64>() {
            Ok(n) if n > 0 => {
                j.fixos = TLimites {
                    nos: n,
                    ..TLimites::default()
                }
            }
            _ => return imprime(&format!("{uso}\n")),
        },
        ["depth", d] => match d.parse::<u32>() {
            Ok(d) if (1..=crate::bench::PROFUNDIDADE_MAX).contains(&d) => {
                j.fixos = TLimites {
                    profundidade: d,
                    ..TLimites::default()
                }
            }
            _ => return imprime(&format!("{uso}\n")),
        },
        _ => {
            let texto = if args.len() == 2 {
                format!("{}+{}", args[0], args[1])
            } else {
                args.join("")
            };
            let Some(c) = le_controle(&texto) else {
                return imprime(&format!("{uso}\n"));
            };
            j.fixos = TLimites::default();
            define_controle(j, c);
        }
    }
    let op = opcoes(&j.m);
    let forca = if op.limita_forca {
        format!("{} Elo", op.elo)
    } else {
        "full strength".into()
    };
    let ritmo = if j.fixos.nos > 0 {
        format!("{} nodes per move", j.fixos.nos)
    } else if j.fixos.profundidade > 0 {
        format!("depth {} per move", j.fixos.profundidade)
    } else {
        texto_controle(j.controle).0
    };
    imprime(&format!("Level: {ritmo}, {forca}.\n"));
}

/// O PGN da partida até aqui (`*` se ela não acabou).
fn texto_da_partida(j: &TJogo) -> String {
    let dias = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let resultado = j.resultado.as_ref().map_or("*", |(r, _)| r.as_str());
    let nome = |cor: usize| {
        if j.humano == Some(cor) {
            "Human".to_string()
        } else {
            crate::NOME_MOTOR.to_string()
        }
    };
    let mut cab: Vec<(String, String)> = vec![
        ("Event".into(), "ICE-rs terminal game".into()),
        ("Site".into(), "?".into()),
        ("Date".into(), data_pgn(dias)),
        ("Round".into(), "-".into()),
        ("White".into(), nome(BRANCAS)),
        ("Black".into(), nome(NEGRAS)),
        ("Result".into(), resultado.into()),
    ];
    let fen = j.b_inicial.para_fen();
    if fen != FEN_INICIAL {
        cab.push(("SetUp".into(), "1".into()));
        cab.push(("FEN".into(), fen));
    }
    cab.push(("TimeControl".into(), texto_controle(j.controle).1));
    let motivo = j.resultado.as_ref().map(|(_, m)| m.as_str());
    let lances: Vec<TLancePgn> = j.jogados.iter().map(|x| x.pgn.clone()).collect();
    texto_pgn(&cab, &j.b_inicial, &lances, motivo, resultado)
}

fn pgn(j: &TJogo, arquivo: Option<&str>) {
    let texto = texto_da_partida(j);
    match arquivo {
        None => imprime(&format!("\n{texto}\n")),
        Some(a) => match std::fs::write(a, &texto) {
            Ok(()) => imprime(&format!("PGN saved to {}\n", so_ascii(j, a))),
            Err(e) => imprime(&so_ascii(j, &format!("Cannot write {a}: {e}\n"))),
        },
    }
}

fn livro(j: &mut TJogo, arg: Option<&str>) {
    let v = match arg.map(str::to_ascii_lowercase).as_deref() {
        Some("on") => true,
        Some("off") => false,
        None => {
            let ligado = opcoes(&j.m).livro;
            return imprime(&format!("Book: {}\n", if ligado { "on" } else { "off" }));
        }
        _ => return imprime("Usage: book on|off\n"),
    };
    let _ = aplica_opcao(&mut j.m, "OwnBook", Some(if v { "1" } else { "0" }));
    imprime(&format!("Book: {}\n", if v { "on" } else { "off" }));
}

/// A oferta de empate: o motor aceita pela regra do xboard
/// (`motor::aceita_empate`, com o último escore dele).
fn empate(j: &mut TJogo) {
    if j.resultado.is_some() || j.humano.is_none() {
        return imprime("No game to draw.\n");
    }
    if aceita_empate(&j.m, j.escore.map(|e| e.0), (0, 0)) {
        j.resultado = Some(("1/2-1/2".into(), "Draw agreed".into()));
        imprime("ICE-rs accepts the draw.\n");
        mostra(j);
    } else {
        imprime("ICE-rs declines the draw.\n");
    }
}

fn abandona(j: &mut TJogo) {
    let Some(h) = j.humano.filter(|_| j.resultado.is_none()) else {
        return imprime("No game to resign.\n");
    };
    let (r, motivo) = if h == BRANCAS {
        ("0-1", "White resigns")
    } else {
        ("1-0", "Black resigns")
    };
    j.resultado = Some((r.into(), motivo.into()));
    mostra(j);
}

/// `go`: o motor passa a jogar com a cor que tem a vez (e o jogador, com a
/// outra); no `--watch`, o jogador assume a cor que não tem a vez.
fn troca_lados(j: &mut TJogo) {
    let vez = tabuleiro(&j.m).vez;
    j.humano = Some(1 - vez);
    j.baixo = 1 - vez;
}
