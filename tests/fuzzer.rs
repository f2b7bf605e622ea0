//! O fuzzer dos dois protocolos (issue 48): sessões aleatórias com o binário
//! `ice` de verdade, por canos, que misturam comandos válidos e malformados
//! (FENs ruins e truncados, lances ilegais e truncados, números enormes e
//! negativos, opções e valores desconhecidos, linhas enormes, UTF-8
//! inválido, `go`/`stop`/`ponderhit`/`isready` do UCI e `ping`/`?`/`.`/
//! `force`/`undo`/`analyze`/`exit` do xboard em momentos aleatórios) e
//! conferem, do lado de cá, um modelo do estado que o motor deve ter.
//!
//! Invariantes conferidos:
//! * nenhum pânico (a saída de erro nunca diz `panicked`);
//! * memória limitada (o `VmRSS` de `/proc/PID/status` abaixo de `TETO_RSS_KB`);
//! * o processo só termina no `quit` (e então com sucesso, logo);
//! * xboard: toda vez que o motor tem de jogar (`usermove`, `go`, `undo`…
//!   que lhe dá a vez) sai exatamente um `move` (ou `resign`), legal na
//!   posição do modelo, e nenhum fora disso; todo `ping N` tem o `pong N`,
//!   na ordem; a posição do motor (a linha `# FEN:` do `d`) é a do modelo,
//!   também depois de um comando recusado;
//! * UCI: todo `go` tem exatamente um `bestmove`, legal na posição do `go`
//!   (ou `(none)` quando não há lance), todo `isready` um `readyok`; a
//!   posição depois de um comando recusado é a do modelo. O UCI do ICE-rs
//!   não tem comando que mostre a posição (o `d` é só do xboard), então ela
//!   é conferida por fora: `go depth 1 searchmoves` com todos os lances
//!   legais do modelo não pode ter lance ignorado, e o `bestmove` tem de
//!   ser um deles.
//!
//! O modelo usa o parser do próprio motor (`interpreta_comando`,
//! `interpreta_uci`) para saber como cada linha será lida, e o tabuleiro da
//! biblioteca para a posição: o que ele confere é o comportamento do
//! protocolo, não a gramática.
//!
//! As buscas são curtíssimas (`sd 1` sempre valendo no xboard; no UCI todo
//! `go` tem um limite pequeno, ou um `stop` logo depois), e a maioria dos
//! comandos não busca. Os testes têm `#[ignore]` e rodam no CI:
//!
//! ```text
//! cargo test --release -- --ignored fuzzer --nocapture
//! ICE_FUZZER_SEMENTE=N cargo test --release -- --ignored fuzzer::uci --nocapture
//! ```
//!
//! A semente sai na primeira linha; com ela (`ICE_FUZZER_SEMENTE`) a mesma
//! sequência de comandos se repete (a resposta do motor a `sd 1` é
//! determinística). `ICE_FUZZER_COMANDOS` muda quantos comandos (100 000 por
//! protocolo, se não dito), e `ICE_FUZZER_REGISTRO=ARQUIVO` grava as linhas
//! mandadas na última sessão (para repeti-las à mão: `ice < ARQUIVO`).

use ice::comandos_uci::{interpreta_uci, ComandoUci, TGoUci};
use ice::comandos_xboard::{interpreta_comando, limpa_linha, Comando};
use ice::edicao::{edita, fen_editado, nova_edicao, TEdicao};
use ice::entrada::MAX_LINHA;
use ice::geracao::{acha_lance, fim_de_jogo, gera_lista_lances, san_para_lance};
use ice::lance::{lance_para_texto, TLance, TListaLances};
use ice::tabuleiro::TBoard;
use ice::tipos::{BRANCAS, GERA_TODOS, MAX_DEPTH, NEGRAS};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::VecDeque;
use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Comandos gerados por protocolo, se `ICE_FUZZER_COMANDOS` não disser.
const COMANDOS_PADRAO: u64 = 100_000;
/// Teto do RSS do motor (kB). O motor roda com `--hash 8`, o fuzzer só
/// pede tabelas pequenas, e uma linha tem no máximo 4 MB (`MAX_LINHA`):
/// algumas dezenas de MB bastam; o teto deixa folga para as linhas enormes
/// que esperam na fila durante uma busca.
const TETO_RSS_KB: u64 = 384 * 1024;
/// Prazo de uma sincronização (`pong`, `readyok`, `bestmove`): as buscas
/// são de milissegundos, e a máquina do CI pode estar carregada.
const PRAZO: Duration = Duration::from_secs(30);
/// Quantas linhas de cada lado guardar para o relatório de uma falha.
const MEMORIA_FALHA: usize = 80;

/// Posições boas para `setboard`/`position fen`: meio-jogo, roques, en
/// passant, promoções, mate, afogamento, finais e Chess960.
const FENS: [&str; 14] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/P6k/8/8/8/8/6Kp/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "k7/8/1Q6/8/8/8/8/7K b - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1",
    "8/8/8/8/8/8/8/K6k w - - 99 80",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
];

/// FENs ruins: campos a menos ou a mais, reis faltando ou sobrando, peão na
/// primeira fileira, lado que não está na vez em xeque, números absurdos.
const FENS_RUINS: [&str; 14] = [
    "",
    "x",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
    "kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w - - 0 1",
    "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2R b - - 0 1 extra",
    "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - -5 99999999999999999999",
    "4k3/8/8/8/8/8/8/4K3 w KQkq z9 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 \u{0}\u{7f}",
];

/// Números para pôr onde se espera um número: pequenos, zero, negativos,
/// enormes (além de `u32`, `u64`, `i128`), frações e lixo.
const NUMEROS: [&str; 22] = [
    "0",
    "1",
    "2",
    "-1",
    "-50",
    "7",
    "40",
    "300",
    "0.5",
    "0.01",
    "1e9",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775808",
    "99999999999999999999999999999999999999999",
    "-99999999999999999999999999999999999999999",
    "abc",
    "",
    "+3",
    "0x10",
];

// ---------------------------------------------------------------------------
// O processo
// ---------------------------------------------------------------------------

/// O motor sob teste: os canos, a thread que lê a saída, a que lê a saída
/// de erro (e guarda se viu um pânico), e as últimas linhas de cada lado
/// para o relatório de uma falha.
struct TAlvo {
    protocolo: &'static str,
    semente: u64,
    filho: Child,
    entrada: Option<ChildStdin>,
    saida: Receiver<String>,
    /// A cauda da saída de erro e se alguma linha dela disse `panicked`.
    erros: Arc<Mutex<(String, bool)>>,
    /// O que ainda não foi escrito (as linhas vão em lotes).
    lote: Vec<u8>,
    enviadas: VecDeque<String>,
    recebidas: VecDeque<String>,
    /// Linhas mandadas nesta sessão (todas, as do fuzzer inclusive).
    linhas: u64,
    /// `ICE_FUZZER_REGISTRO=ARQUIVO`: toda linha mandada vai também para o
    /// arquivo (para repetir uma sessão à mão, `ice < ARQUIVO`).
    registro: Option<std::fs::File>,
}

/// A linha como vai no relatório: sem controle, no máximo 160 caracteres.
fn resumo(l: &str) -> String {
    let mut s: String = l
        .chars()
        .take(160)
        .map(|c| if c.is_control() { '¿' } else { c })
        .collect();
    if l.chars().count() > 160 {
        s.push_str(&format!("… ({} bytes)", l.len()));
    }
    s
}

fn abre_alvo(protocolo: &'static str, semente: u64) -> TAlvo {
    let mut filho = Command::new(env!("CARGO_BIN_EXE_ice"))
        .args(["--hash", "8", "--sem-livro"])
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("abrir o binário ice");
    let saida = filho.stdout.take().unwrap();
    let erro = filho.stderr.take().unwrap();
    let rx = ice::processo::linhas_da_saida(saida);
    let erros = Arc::new(Mutex::new((String::new(), false)));
    let e2 = Arc::clone(&erros);
    std::thread::spawn(move || {
        let mut r = BufReader::new(erro);
        let mut buf = [0u8; 8192];
        while let Ok(n) = r.read(&mut buf) {
            if n == 0 {
                break;
            }
            let mut g = e2.lock().unwrap();
            g.0.push_str(&String::from_utf8_lossy(&buf[..n]));
            if g.0.contains("panicked") {
                g.1 = true;
            }
            // Só a cauda: um motor que escreve sem parar não enche a memória.
            if g.0.len() > 64 * 1024 {
                let corte = g.0.len() - 32 * 1024;
                let corte = (corte..g.0.len())
                    .find(|&i| g.0.is_char_boundary(i))
                    .unwrap();
                g.0.drain(..corte);
            }
        }
    });
    TAlvo {
        protocolo,
        semente,
        entrada: filho.stdin.take(),
        filho,
        saida: rx,
        erros,
        lote: Vec::new(),
        enviadas: VecDeque::new(),
        recebidas: VecDeque::new(),
        linhas: 0,
        registro: std::env::var("ICE_FUZZER_REGISTRO")
            .ok()
            .map(|a| std::fs::File::create(a).expect("ICE_FUZZER_REGISTRO")),
    }
}

impl TAlvo {
    /// Falha com tudo o que ajuda a reproduzir: a semente, as últimas
    /// linhas mandadas e recebidas, a saída de erro.
    fn falha(&mut self, motivo: &str) -> ! {
        let _ = self.filho.kill();
        let erros = self.erros.lock().map(|g| g.0.clone()).unwrap_or_default();
        let mut s = format!(
            "\nFUZZER {} FALHOU: {motivo}\nsemente {} (repita com ICE_FUZZER_SEMENTE={} \
             cargo test --release -- --ignored fuzzer::{} --nocapture)\n",
            self.protocolo, self.semente, self.semente, self.protocolo
        );
        s.push_str("--- últimas linhas mandadas ---\n");
        for l in &self.enviadas {
            s.push_str(&format!("> {l}\n"));
        }
        s.push_str("--- últimas linhas recebidas ---\n");
        for l in &self.recebidas {
            s.push_str(&format!("< {l}\n"));
        }
        s.push_str("--- saída de erro (cauda) ---\n");
        s.push_str(&erros[erros.len().saturating_sub(4000)..]);
        panic!("{s}");
    }

    /// Põe uma linha no lote (com `\n`).
    fn manda(&mut self, bytes: &[u8]) {
        self.lote.extend_from_slice(bytes);
        self.lote.push(b'\n');
        self.linhas += 1;
        if let Some(r) = self.registro.as_mut() {
            let _ = r.write_all(bytes).and_then(|_| r.write_all(b"\n"));
        }
        self.enviadas
            .push_back(resumo(&String::from_utf8_lossy(bytes)));
        if self.enviadas.len() > MEMORIA_FALHA {
            self.enviadas.pop_front();
        }
        if self.lote.len() > 64 * 1024 {
            self.esvazia();
        }
    }

    /// Escreve o lote no motor.
    fn esvazia(&mut self) {
        if self.lote.is_empty() {
            return;
        }
        let ok = match self.entrada.as_mut() {
            Some(e) => e.write_all(&self.lote).and_then(|_| e.flush()).is_ok(),
            None => false,
        };
        self.lote.clear();
        if !ok {
            self.falha("não consegui escrever no motor (ele morreu?)");
        }
    }

    /// A próxima linha do motor, até `ate`; falha se a saída acabou.
    fn proxima(&mut self, ate: Instant, esperando: &str) -> String {
        self.esvazia();
        let resta = ate.saturating_duration_since(Instant::now());
        match self.saida.recv_timeout(resta) {
            Ok(l) => {
                self.recebidas.push_back(resumo(&l));
                if self.recebidas.len() > MEMORIA_FALHA {
                    self.recebidas.pop_front();
                }
                l
            }
            Err(RecvTimeoutError::Timeout) => {
                self.falha(&format!("o motor não respondeu em {PRAZO:?} ({esperando})"))
            }
            Err(RecvTimeoutError::Disconnected) => {
                let st = self.filho.wait().ok();
                self.falha(&format!(
                    "a saída do motor acabou sem `quit` ({esperando}); saída: {st:?}"
                ))
            }
        }
    }

    /// Confere as invariantes do processo: vivo, sem pânico, RSS no teto.
    fn confere_processo(&mut self) {
        if let Ok(Some(st)) = self.filho.try_wait() {
            self.falha(&format!("o processo terminou sem `quit`: {st}"));
        }
        if self.erros.lock().unwrap().1 {
            self.falha("pânico na saída de erro");
        }
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.filho.id()));
        if let Some(kb) = status.ok().and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        }) {
            if kb > TETO_RSS_KB {
                self.falha(&format!("RSS {kb} kB acima do teto de {TETO_RSS_KB} kB"));
            }
        }
    }

    /// `quit`: o processo tem de terminar logo, com sucesso e sem pânico.
    fn encerra(&mut self) {
        self.manda(b"quit");
        self.esvazia();
        self.entrada = None;
        let ate = Instant::now() + PRAZO;
        loop {
            match self.filho.try_wait() {
                Ok(Some(st)) if st.success() => break,
                Ok(Some(st)) => self.falha(&format!("saída ruim depois do quit: {st}")),
                Ok(None) if Instant::now() > ate => self.falha("o quit não encerrou o motor"),
                Ok(None) => std::thread::sleep(Duration::from_millis(5)),
                Err(e) => self.falha(&format!("wait: {e}")),
            }
        }
        // A thread da saída de erro termina com o processo.
        std::thread::sleep(Duration::from_millis(20));
        if self.erros.lock().unwrap().1 {
            self.falha("pânico na saída de erro");
        }
    }
}

/// Como o motor lê a linha (`entrada::inicia_leitora`): no máximo
/// `MAX_LINHA` bytes, UTF-8 com perdas, sem `\r`/`\n` no fim.
fn como_o_motor_le(bytes: &[u8]) -> String {
    let b = &bytes[..bytes.len().min(MAX_LINHA)];
    String::from_utf8_lossy(b)
        .trim_end_matches(['\r', '\n'])
        .to_string()
}

// ---------------------------------------------------------------------------
// Geração comum
// ---------------------------------------------------------------------------

fn legais(b: &TBoard) -> Vec<TLance> {
    let mut l = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut l);
    l.como_fatia().to_vec()
}

fn escolhe<'a>(rng: &mut StdRng, v: &[&'a str]) -> &'a str {
    v[rng.gen_range(0..v.len())]
}

fn numero(rng: &mut StdRng) -> String {
    if rng.gen_bool(0.2) {
        // Um número qualquer de até 30 dígitos, talvez negativo.
        let n = rng.gen_range(1..30);
        let mut s: String = (0..n)
            .map(|_| char::from(b'0' + rng.gen_range(0..10)))
            .collect();
        if rng.gen_bool(0.3) {
            s.insert(0, '-');
        }
        s
    } else {
        escolhe(rng, &NUMEROS).to_string()
    }
}

/// Um lance ilegal, truncado ou malformado (em coordenadas ou não).
fn lance_ruim(rng: &mut StdRng, b: &TBoard) -> String {
    let l = legais(b);
    let bom = l
        .get(rng.gen_range(0..l.len().max(1)))
        .map(lance_para_texto)
        .unwrap_or_else(|| "e2e4".to_string());
    match rng.gen_range(0..10) {
        0 => bom[..rng.gen_range(0..bom.len())].to_string(),
        1 => format!("{bom}k"),
        2 => format!("{bom}q"),
        3 => "e2e9".to_string(),
        4 => "a1a1".to_string(),
        5 => bom.to_uppercase(),
        6 => "0000".to_string(),
        7 => escolhe(rng, &["O-O", "O-O-O", "0-0", "Nf3", "Kxe8", "@@@@", "exd6"]).to_string(),
        8 => {
            // Casas quaisquer: quase sempre ilegal.
            let c = |rng: &mut StdRng| {
                format!(
                    "{}{}",
                    char::from(b'a' + rng.gen_range(0..8)),
                    char::from(b'1' + rng.gen_range(0..8))
                )
            };
            format!("{}{}", c(rng), c(rng))
        }
        _ => format!("{bom} {bom}"),
    }
}

/// Lixo: bytes aleatórios (UTF-8 inválido inclusive), controle, espaços e
/// tabs, palavras desconhecidas, comandos do outro protocolo.
fn lixo(rng: &mut StdRng) -> Vec<u8> {
    match rng.gen_range(0..8) {
        0 => (0..rng.gen_range(0..100))
            .map(|_| rng.gen_range(1u8..=255))
            .map(|c| if c == b'\n' { b'\r' } else { c })
            .collect(),
        1 => vec![0xff, 0xfe, 0xc3, 0x28, b' ', 0xe2, 0x82],
        2 => b"".to_vec(),
        3 => b" \t \t  ".to_vec(),
        4 => escolhe(
            rng,
            &[
                "foo",
                "stopp",
                "analyzex",
                "st",
                "go!",
                "\u{0}",
                "é",
                "日本語",
                "🙂 ping 1",
                "usermovee2e4",
                "\r",
                "xboard uci",
                "isready now",
            ],
        )
        .as_bytes()
        .to_vec(),
        5 => escolhe(
            rng,
            &[
                "uci",
                "ucinewgame",
                "position startpos",
                "go depth 1",
                "stop",
                "isready",
                "ponderhit",
                "setoption name Hash value 1",
                "xboard",
                "protover 2",
                "usermove e2e4",
                "new",
            ],
        )
        .as_bytes()
        .to_vec(),
        6 => {
            let mut v: Vec<u8> = escolhe(rng, &["ping", "go", "st", "sd", "memory", "setoption"])
                .as_bytes()
                .to_vec();
            v.push(b' ');
            v.extend((0..rng.gen_range(1..20)).map(|_| rng.gen_range(0x80u8..=0xff)));
            v
        }
        _ => format!("{}\t{}", numero(rng), numero(rng)).into_bytes(),
    }
}

/// Uma linha enorme (de 64 kB a 6 MB, às vezes acima do teto de 4 MB do
/// motor): lixo, um número enorme num comando, ou um comando válido
/// seguido de espaços.
fn linha_enorme(rng: &mut StdRng, comandos: &[&str]) -> Vec<u8> {
    let n = if rng.gen_bool(0.2) {
        MAX_LINHA + rng.gen_range(0..2 * 1024 * 1024)
    } else {
        rng.gen_range(64 * 1024..2 * 1024 * 1024)
    };
    match rng.gen_range(0..4) {
        0 => {
            let c = b'a' + rng.gen_range(0..26);
            vec![c; n]
        }
        1 => {
            let mut v = b"ping ".to_vec();
            v.extend(std::iter::repeat_n(b'9', n));
            v
        }
        2 => {
            let mut v = escolhe(rng, comandos).as_bytes().to_vec();
            v.extend(std::iter::repeat_n(b' ', n));
            v
        }
        _ => {
            let mut v = escolhe(rng, comandos).as_bytes().to_vec();
            v.push(b' ');
            v.extend((0..n).map(|i| if i % 7 == 6 { b' ' } else { b'x' }));
            v
        }
    }
}

/// Muta uma linha válida: troca, apaga ou insere um byte.
fn muta(rng: &mut StdRng, s: &str) -> Vec<u8> {
    let mut v = s.as_bytes().to_vec();
    for _ in 0..rng.gen_range(1..3) {
        let p = rng.gen_range(0..=v.len());
        let c = rng.gen_range(1u8..=255);
        let c = if c == b'\n' { b' ' } else { c };
        match rng.gen_range(0..3) {
            0 if p < v.len() => v[p] = c,
            1 if p < v.len() => {
                v.remove(p);
            }
            _ => v.insert(p, c),
        }
    }
    v
}

/// Um FEN truncado num ponto qualquer (às vezes vira outro FEN válido).
fn fen_truncado(rng: &mut StdRng) -> String {
    let f = escolhe(rng, &FENS);
    f[..rng.gen_range(0..f.len())].to_string()
}

fn semente() -> u64 {
    match std::env::var("ICE_FUZZER_SEMENTE") {
        Ok(s) => s.trim().parse().expect("ICE_FUZZER_SEMENTE: um inteiro"),
        Err(_) => rand::thread_rng().gen(),
    }
}

fn quantos_comandos() -> u64 {
    std::env::var("ICE_FUZZER_COMANDOS")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(COMANDOS_PADRAO)
}

// ---------------------------------------------------------------------------
// xboard
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TModo {
    Force,
    Jogando,
    Analise,
}

/// O que o motor xboard deve ter, comando a comando (as regras de
/// `src/xboard.rs`, sem a busca).
struct TModeloXb {
    b: Box<TBoard>,
    modo: TModo,
    cor_motor: usize,
    invalida: bool,
    edicao: Option<TEdicao>,
    fim_anunciado: bool,
    chess960: bool,
    /// O `sd` em vigor é 1 ou 2 (senão o fuzzer manda `sd 1` antes do
    /// próximo comando: nenhuma busca de lance é longa).
    sd_curto: bool,
    /// Os `pong` esperados, na ordem.
    pongs: VecDeque<String>,
}

/// O modelo de `variant` e de `UCI_Chess960` nos dois protocolos: o modo
/// muda, e a marca do tabuleiro só sai se a posição não tiver roque de 960
/// (senão o roque com o rei parado seria `g1g1`; `motor::define_chess960`).
fn modo_960(chess960: &mut bool, b: &mut TBoard, v: bool) {
    *chess960 = v;
    b.chess960 = v || b.roque_exige_960();
}

fn novo_modelo_xb() -> TModeloXb {
    TModeloXb {
        b: Box::new(TBoard::inicial()),
        modo: TModo::Jogando,
        cor_motor: NEGRAS,
        invalida: false,
        edicao: None,
        fim_anunciado: false,
        chess960: false,
        sd_curto: false,
        pongs: VecDeque::new(),
    }
}

impl TModeloXb {
    fn posicao_mudou(&mut self) {
        self.fim_anunciado = false;
        self.b.chess960 |= self.chess960;
    }

    /// `setboard` e o `.` do `edit`: `false` se recusado.
    fn instala_fen(&mut self, fen: &str) -> bool {
        match TBoard::de_fen(fen) {
            Ok(nb) => {
                *self.b = nb;
                self.invalida = false;
                self.posicao_mudou();
                true
            }
            Err(_) => {
                self.invalida = true;
                false
            }
        }
    }

    fn faz_lance(&mut self, texto: &str, aceita_san: bool) -> bool {
        if self.invalida {
            return false;
        }
        let roque = texto.starts_with("O-O") || texto.starts_with("0-0");
        let l = acha_lance(&self.b, &texto.to_ascii_lowercase()).or_else(|| {
            (aceita_san || roque)
                .then(|| san_para_lance(&self.b, texto))
                .flatten()
        });
        match l {
            Some(l) => {
                self.b.make(&l);
                self.posicao_mudou();
                true
            }
            None => false,
        }
    }

    /// `undo`/`remove`: `false` (e nada muda) sem histórico bastante.
    fn desfaz(&mut self, n: usize) -> bool {
        if self.b.num_historico < n {
            return false;
        }
        for _ in 0..n {
            self.b.unmake();
        }
        self.posicao_mudou();
        true
    }

    fn poe_cor(&mut self, cor: usize) {
        if self.b.vez != cor && !self.invalida {
            let fen = self.b.para_fen();
            let mut campos: Vec<&str> = fen.split_whitespace().collect();
            campos[1] = if cor == BRANCAS { "w" } else { "b" };
            campos[3] = "-";
            if let Ok(nb) = TBoard::de_fen(&campos.join(" ")) {
                *self.b = nb;
                self.posicao_mudou();
            }
        }
        self.cor_motor = cor ^ 1;
        if self.modo != TModo::Analise {
            self.modo = TModo::Jogando;
        }
    }

    /// Aplica a linha (como o motor a lê). Devolve `true` se o comando foi
    /// recusado e podia ter mexido na posição (lance, `setboard`, `undo`,
    /// o `.` do `edit`…): hora de conferir que ela ficou como estava.
    fn aplica(&mut self, linha: &str) -> bool {
        if let Some(ed) = self.edicao.as_mut() {
            let l = limpa_linha(linha);
            return match l {
                "." => {
                    let ed = self.edicao.take().unwrap();
                    let fen = fen_editado(&ed.casas, self.b.vez, self.b.num_lance);
                    !self.instala_fen(&fen)
                }
                "quit" => panic!("o fuzzer não manda quit no meio"),
                _ => !edita(ed, l),
            };
        }
        match interpreta_comando(linha) {
            Comando::Variante(v) => match v.as_str() {
                "normal" => modo_960(&mut self.chess960, &mut self.b, false),
                "fischerandom" => modo_960(&mut self.chess960, &mut self.b, true),
                _ => {}
            },
            Comando::Sair => panic!("o fuzzer não manda quit no meio"),
            Comando::Ping(n) => self.pongs.push_back(n),
            Comando::Novo => {
                *self.b = TBoard::inicial();
                self.chess960 = false;
                if self.modo != TModo::Analise {
                    self.modo = TModo::Jogando;
                }
                self.cor_motor = NEGRAS;
                self.sd_curto = false;
                self.invalida = false;
                self.fim_anunciado = false;
            }
            Comando::Force => self.modo = TModo::Force,
            Comando::Go => {
                self.modo = TModo::Jogando;
                self.cor_motor = self.b.vez;
            }
            Comando::PlayOther => {
                self.modo = TModo::Jogando;
                self.cor_motor = self.b.vez ^ 1;
            }
            Comando::Brancas => self.poe_cor(BRANCAS),
            Comando::Negras => self.poe_cor(NEGRAS),
            Comando::Analyze => self.modo = TModo::Analise,
            Comando::Exit if self.modo == TModo::Analise => self.modo = TModo::Force,
            Comando::Resultado { .. } => self.modo = TModo::Force,
            Comando::Sd(d) => self.sd_curto = (1..=2).contains(&d.min(MAX_DEPTH as u32)),
            Comando::UserMove(m) => return !self.faz_lance(&m, true),
            Comando::Lance(m) => return !self.faz_lance(&m, false),
            Comando::SetBoard(f) => return !self.instala_fen(&f),
            Comando::Edit => self.edicao = Some(nova_edicao(&self.b)),
            Comando::Undo => return !self.desfaz(1),
            Comando::Remove => return !self.desfaz(2),
            Comando::Erro(_) | Comando::Desconhecido | Comando::NaoSuportado => return true,
            _ => {}
        }
        false
    }

    /// O motor tem de pensar e jogar agora (`xboard::age`)?
    fn pensa(&self) -> bool {
        self.edicao.is_none()
            && !self.invalida
            && self.modo == TModo::Jogando
            && !self.fim_anunciado
            && self.b.vez == self.cor_motor
    }
}

/// A sessão xboard: o motor, o modelo e o gerador.
struct TSessaoXb {
    alvo: TAlvo,
    m: TModeloXb,
    rng: StdRng,
    proximo_ping: u64,
    /// Quantas vezes o motor jogou (para o resumo).
    lances: u64,
    conferencias: u64,
}

/// Comandos válidos para mutar e para as linhas enormes.
const COMANDOS_XB: [&str; 30] = [
    "new",
    "force",
    "go",
    "playother",
    "white",
    "black",
    "level 40 5 0",
    "st 0.01",
    "sd 1",
    "time 300",
    "otim 300",
    "usermove e2e4",
    "e2e4",
    "?",
    "ping 1",
    "draw",
    "result 1-0 {x}",
    "setboard 8/8/8/8/8/8/8/K6k w - - 0 1",
    "undo",
    "remove",
    "hard",
    "easy",
    "post",
    "analyze",
    "exit",
    ".",
    "hint",
    "option MultiPV=2",
    "memory 4",
    "d",
];

impl TSessaoXb {
    fn manda(&mut self, bytes: &[u8]) -> bool {
        self.alvo.manda(bytes);
        let linha = como_o_motor_le(bytes);
        self.m.aplica(&linha)
    }

    /// Lê até o `pong N` do fuzzer; confere a ordem dos `pong` no caminho e
    /// devolve as linhas (sem os `pong`).
    fn sincroniza(&mut self) -> Vec<String> {
        if self.m.edicao.is_some() {
            self.passo(b".");
        }
        self.proximo_ping += 1;
        let n = self.proximo_ping.to_string();
        self.manda(format!("ping {n}").as_bytes());
        let ate = Instant::now() + PRAZO;
        let mut v = Vec::new();
        loop {
            let l = self.alvo.proxima(ate, &format!("pong {n}"));
            if let Some(p) = l.strip_prefix("pong ") {
                match self.m.pongs.pop_front() {
                    Some(e) if e == p => {}
                    e => self.alvo.falha(&format!(
                        "pong fora de ordem: chegou `pong {}`, esperava {e:?}",
                        resumo(p)
                    )),
                }
                if p == n {
                    return v;
                }
            } else {
                v.push(l);
            }
        }
    }

    /// A posição do motor (o `# FEN:` do `d`) é a do modelo?
    fn confere_posicao(&mut self, por_que: &str) {
        if self.m.edicao.is_some() {
            self.passo(b".");
        }
        self.manda(b"d");
        let v = self.sincroniza();
        self.confere_sem_lance(&v);
        let fen = v.iter().rev().find_map(|l| l.strip_prefix("# FEN: "));
        let esperado = self.m.b.para_fen();
        match fen {
            Some(f) if f == esperado => {}
            f => {
                let f = f.map(str::to_string);
                self.alvo.falha(&format!(
                    "posição errada ({por_que}): o motor diz {f:?}, o modelo {esperado}"
                ))
            }
        }
        self.conferencias += 1;
    }

    fn confere_sem_lance(&mut self, v: &[String]) {
        if let Some(l) = v.iter().find(|l| l.starts_with("move ") || *l == "resign") {
            let l = l.clone();
            self.alvo
                .falha(&format!("`{l}` sem que fosse a vez do motor jogar"));
        }
    }

    /// O motor tem de jogar: exatamente um `move` (ou `resign`), legal;
    /// ou, se a partida acabou, o resultado e nenhum lance. `interrompe`:
    /// um `force` foi logo atrás e pode ter cancelado o lance (0 ou 1).
    fn espera_lance(&mut self, interrompe: bool) {
        let acabou = fim_de_jogo(&self.m.b).is_some();
        let v = self.sincroniza();
        let respostas: Vec<&String> = v
            .iter()
            .filter(|l| l.starts_with("move ") || *l == "resign")
            .collect();
        let esperadas = if acabou {
            0..=0
        } else if interrompe {
            0..=1
        } else {
            1..=1
        };
        if !esperadas.contains(&respostas.len()) {
            let r: Vec<String> = respostas.iter().map(|s| s.to_string()).collect();
            self.alvo.falha(&format!(
                "esperava {esperadas:?} lance(s) do motor, vieram {r:?} (posição {})",
                self.m.b.para_fen()
            ));
        }
        if acabou {
            self.m.fim_anunciado = true;
            return;
        }
        let Some(r) = respostas.first().map(|s| s.to_string()) else {
            return;
        };
        // Com o lance cancelado pelo `force`, o modelo já está em `Force`.
        if r == "resign" {
            self.m.modo = TModo::Force;
            return;
        }
        let texto = &r["move ".len()..];
        let l = acha_lance(&self.m.b, texto).or_else(|| san_para_lance(&self.m.b, texto));
        let Some(l) = l else {
            let f = self.m.b.para_fen();
            self.alvo
                .falha(&format!("lance ilegal do motor: `{r}` na posição {f}"));
        };
        self.m.b.make(&l);
        self.m.posicao_mudou();
        self.m.fim_anunciado = fim_de_jogo(&self.m.b).is_some();
        self.lances += 1;
    }

    /// Manda uma linha e, se ela dá a vez ao motor, espera o lance.
    fn passo(&mut self, bytes: &[u8]) {
        let recusado = self.manda(bytes);
        if self.m.pensa() {
            // Às vezes algo chega enquanto ele pensa: `?` (jogue já), `.`,
            // um `ping` (que espera o lance), ou um `force`, que pode
            // cancelar o lance (então 0 ou 1).
            let mut interrompe = false;
            match self.rng.gen_range(0..20) {
                0 => {
                    self.manda(b"?");
                }
                1 => {
                    self.manda(b".");
                }
                2 => {
                    let n = numero(&mut self.rng);
                    self.manda(format!("ping {n}").as_bytes());
                }
                3 => interrompe = true,
                _ => {}
            }
            if interrompe {
                // O `force` vale depois do lance, se o lance sair: o modelo
                // o aplica depois (`Force` de qualquer jeito).
                self.alvo.manda(b"force");
                self.espera_lance(true);
                self.m.modo = TModo::Force;
            } else {
                self.espera_lance(false);
            }
        } else if recusado && self.rng.gen_bool(0.3) {
            let r = resumo(&String::from_utf8_lossy(bytes));
            self.confere_posicao(&format!("depois do comando recusado `{r}`"));
        }
    }

    /// Um comando aleatório, na posição do modelo.
    fn gera(&mut self) -> Vec<u8> {
        let rng = &mut self.rng;
        let b = &self.m.b;
        if self.m.edicao.is_some() {
            return match rng.gen_range(0..10) {
                0..=2 => b".".to_vec(),
                3 => b"c".to_vec(),
                4 => b"#".to_vec(),
                5 => lixo(rng),
                _ => {
                    let p = escolhe(rng, &["P", "N", "B", "R", "Q", "K", "x", "X", "Z", "p"]);
                    let c = format!(
                        "{}{}",
                        char::from(b'a' + rng.gen_range(0..9)),
                        char::from(b'1' + rng.gen_range(0..9))
                    );
                    format!("{p}{c}").into_bytes()
                }
            };
        }
        // Partidas longas demais (a pilha do tabuleiro do modelo): de novo.
        if b.num_historico > 300 {
            return b"new".to_vec();
        }
        let l = legais(b);
        let legal = |rng: &mut StdRng| {
            l.get(rng.gen_range(0..l.len().max(1)))
                .map(lance_para_texto)
                .unwrap_or_else(|| "e2e4".to_string())
        };
        let s: String = match rng.gen_range(0..100) {
            0..=19 => format!("usermove {}", legal(rng)),
            20..=23 => legal(rng),
            24..=29 => {
                if rng.gen_bool(0.5) {
                    format!("usermove {}", lance_ruim(rng, b))
                } else {
                    lance_ruim(rng, b)
                }
            }
            30..=35 => format!("ping {}", numero(rng)),
            36..=38 => "force".into(),
            39..=40 => "go".into(),
            41 => "playother".into(),
            42 => escolhe(rng, &["white", "black"]).into(),
            43..=44 => "new".into(),
            45..=46 => "analyze".into(),
            47..=48 => "exit".into(),
            49 => escolhe(rng, &["hard", "easy", "post", "nopost", "random"]).into(),
            50..=51 => "?".into(),
            52..=53 => ".".into(),
            54 => escolhe(rng, &["draw", "result 1-0 {x}", "result *", "result 2-0"]).into(),
            55..=57 => "undo".into(),
            58 => "remove".into(),
            59..=60 => format!("setboard {}", escolhe(rng, &FENS)),
            61 => format!("setboard {}", b.para_fen()),
            62..=63 => format!("setboard {}", escolhe(rng, &FENS_RUINS)),
            64 => format!("setboard {}", fen_truncado(rng)),
            65 => "edit".into(),
            66..=71 => {
                let c = escolhe(rng, &["level", "st", "sd", "time", "otim", "nps"]);
                match (c, rng.gen_range(0..3)) {
                    ("level", 0) => {
                        format!("level {} {} {}", numero(rng), numero(rng), numero(rng))
                    }
                    ("level", _) => escolhe(
                        rng,
                        &[
                            "level 40 5 0",
                            "level 0 0:30 1",
                            "level 0 1 0.5",
                            "level 40 25+5 0",
                            "level 1 2",
                        ],
                    )
                    .into(),
                    ("st", 0) => "st 0.01".into(),
                    ("sd", 0) => format!("sd {}", rng.gen_range(0..4)),
                    _ => format!("{c} {}", numero(rng)),
                }
            }
            72..=74 => match rng.gen_range(0..12) {
                0 => format!("memory {}", rng.gen_range(1..16)),
                1 => format!("memory -{}", numero(rng).trim_start_matches('-')),
                2 => format!(
                    "cores {}",
                    escolhe(rng, &["1", "2", "0", "-1", "999999", "x"])
                ),
                3 => format!(
                    "option {}={}",
                    escolhe(
                        rng,
                        &[
                            "MultiPV",
                            "Livro",
                            "Resign",
                            "Resign Threshold",
                            "Kibitz",
                            "Contempt",
                            "Move Overhead",
                            "UCI_Elo",
                            "IceBR",
                            "ICE classico",
                            "SyzygyProbeDepth",
                            "Nao Existe",
                            "",
                        ]
                    ),
                    numero(rng)
                ),
                4 => format!(
                    "option {}",
                    escolhe(
                        rng,
                        &[
                            "BookFile=/nao/existe",
                            "BookFile=/dev/zero",
                            "BookFile=/tmp",
                            "Arquivo do livro=",
                            "SyzygyPath=/nao/existe",
                            "SyzygyPath=<empty>",
                            "UCI_LimitStrength=1",
                            "UCI_LimitStrength=0",
                            "Saudacao=1",
                            "Kibitz=1",
                            "Livro=1",
                            "Livro=0",
                            "=3",
                            "Clear Hash",
                        ]
                    )
                ),
                5 => format!(
                    "egtpath syzygy {}",
                    escolhe(
                        rng,
                        &[
                            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy"),
                            "/nao/existe",
                            ""
                        ]
                    )
                ),
                6 => format!(
                    "variant {}",
                    escolhe(rng, &["normal", "fischerandom", "crazyhouse", ""])
                ),
                7 => format!("protover {}", numero(rng)),
                8 => escolhe(
                    rng,
                    &[
                        "accepted debug",
                        "rejected debug",
                        "accepted usermove",
                        "xboard",
                        "computer",
                    ],
                )
                .into(),
                9 => format!("rating {} {}", numero(rng), numero(rng)),
                10 => format!("name {}", escolhe(rng, &["Fulano", "", "é 日本"])),
                _ => format!("ics {}", escolhe(rng, &["-", "freechess.org"])),
            },
            75..=78 => escolhe(rng, &["hint", "bk", "d", "eval", "gen", "diagrama"]).into(),
            79..=80 => match rng.gen_range(0..4) {
                0 => format!("exclude {}", legal(rng)),
                1 => format!("include {}", escolhe(rng, &["all", "e2e4", "a1a1"])),
                2 => "exclude all".into(),
                _ => format!("setscore {} {}", numero(rng), numero(rng)),
            },
            81..=88 => return lixo(rng),
            89..=94 => {
                let c = escolhe(rng, &COMANDOS_XB);
                return muta(rng, c);
            }
            95 => escolhe(rng, &["pause", "resume", "put", "hover", "lift"]).into(),
            96 => {
                // Um comando válido com espaços, tabs e `\r` em volta.
                let c = escolhe(rng, &COMANDOS_XB);
                format!("  \t{c}\t \r")
            }
            _ => {
                if rng.gen_ratio(1, 40) {
                    return linha_enorme(rng, &COMANDOS_XB);
                }
                format!("usermove {}", legal(rng))
            }
        };
        s.into_bytes()
    }
}

fn sessao_xboard(semente: u64, comandos: u64, rng: &mut StdRng) -> TResumo {
    let mut s = TSessaoXb {
        alvo: abre_alvo("xboard", semente),
        m: novo_modelo_xb(),
        rng: StdRng::seed_from_u64(rng.gen()),
        proximo_ping: 1_000_000,
        lances: 0,
        conferencias: 0,
    };
    s.alvo.manda(b"xboard");
    s.alvo.manda(b"protover 2");
    let ate = Instant::now() + PRAZO;
    while s.alvo.proxima(ate, "feature done=1") != "feature done=1" {}
    if s.rng.gen_bool(0.5) {
        s.manda(b"accepted debug");
    }
    for i in 0..comandos {
        if !s.m.sd_curto && s.m.edicao.is_none() {
            s.passo(b"sd 1");
        }
        let mut c = s.gera();
        // Uma tabela grande (de uma mutação, `memory 994`) é legítima mas
        // não cabe no teto do RSS.
        if matches!(interpreta_comando(&como_o_motor_le(&c)), Comando::Memoria(mb) if mb > 64) {
            c = b"memory 2".to_vec();
        }
        s.passo(&c);
        if i % 64 == 63 {
            s.alvo.confere_processo();
            if s.rng.gen_bool(0.5) {
                s.confere_posicao("conferência periódica");
            } else {
                let v = s.sincroniza();
                s.confere_sem_lance(&v);
            }
        }
    }
    s.confere_posicao("fim da sessão");
    s.alvo.confere_processo();
    s.alvo.encerra();
    TResumo {
        linhas: s.alvo.linhas,
        buscas: s.lances,
        conferencias: s.conferencias,
    }
}

// ---------------------------------------------------------------------------
// UCI
// ---------------------------------------------------------------------------

/// Uma busca que não acaba sozinha: espera o `stop` (ou o `ponderhit`).
#[derive(Clone, Copy, Debug)]
struct TAberta {
    ponder: bool,
    /// Depois do `ponderhit`, os limites do `go` a fazem acabar sozinha.
    limitada: bool,
}

/// O que o motor UCI deve ter (as regras de `src/uci.rs`).
struct TModeloUci {
    b: Box<TBoard>,
    chess960: bool,
    aberta: Option<TAberta>,
    gos: u64,
    isready: u64,
    /// A posição de cada `go` ainda sem `bestmove`, na ordem.
    posicoes: VecDeque<Box<TBoard>>,
}

/// O `go` acaba sozinho (sem `stop`)? As contas de `uci::limites_do_go`,
/// com tetos que fazem a busca durar milissegundos.
fn go_limitado(g: &TGoUci, vez: usize) -> bool {
    if g.infinite {
        return false;
    }
    let mut sd = g.depth.unwrap_or(0);
    if let Some(m) = g.mate {
        let plies = m.saturating_mul(2).saturating_add(1);
        sd = if sd == 0 { plies } else { sd.min(plies) };
    }
    let (tempo, inc) = if vez == BRANCAS {
        (g.wtime, g.winc)
    } else {
        (g.btime, g.binc)
    };
    (1..=5).contains(&sd)
        || g.nodes.is_some_and(|n| (1..=5000).contains(&n))
        || g.movetime.is_some_and(|t| t <= 50)
        || (tempo.is_some_and(|t| t <= 2000) && inc.is_none_or(|i| i <= 100))
}

impl TModeloUci {
    /// Aplica a linha; `true` se foi um `position` recusado.
    fn aplica(&mut self, linha: &str) -> bool {
        match interpreta_uci(linha) {
            ComandoUci::Position { fen, lances } => {
                let nova = match fen {
                    None => Ok(TBoard::inicial()),
                    Some(f) => TBoard::de_fen(&f),
                };
                let Ok(mut nb) = nova else {
                    return true;
                };
                for t in &lances {
                    match acha_lance(&nb, &t.to_ascii_lowercase()) {
                        Some(l) => nb.make(&l),
                        None => return true,
                    }
                }
                nb.chess960 |= self.chess960;
                *self.b = nb;
            }
            ComandoUci::UciNewGame => {
                *self.b = TBoard::inicial();
                self.b.chess960 |= self.chess960;
            }
            ComandoUci::SetOption { nome, valor } if nome.eq_ignore_ascii_case("uci_chess960") => {
                match valor.map(|v| v.to_ascii_lowercase()).as_deref() {
                    Some("true") => modo_960(&mut self.chess960, &mut self.b, true),
                    Some("false") => modo_960(&mut self.chess960, &mut self.b, false),
                    _ => {}
                }
            }
            ComandoUci::Go(g) => {
                assert!(self.aberta.is_none(), "o fuzzer não manda go sobre go");
                self.gos += 1;
                self.posicoes.push_back(self.b.clone());
                let limitada = go_limitado(&g, self.b.vez);
                if g.ponder || !limitada {
                    self.aberta = Some(TAberta {
                        ponder: g.ponder,
                        limitada,
                    });
                }
            }
            ComandoUci::Stop => self.aberta = None,
            ComandoUci::PonderHit => {
                if let Some(a) = self.aberta.filter(|a| a.ponder) {
                    self.aberta = (!a.limitada).then_some(TAberta {
                        ponder: false,
                        limitada: false,
                    });
                }
            }
            ComandoUci::IsReady => self.isready += 1,
            ComandoUci::Quit => panic!("o fuzzer não manda quit no meio"),
            ComandoUci::Erro(_) | ComandoUci::Desconhecido(_) => return true,
            _ => {}
        }
        false
    }
}

struct TSessaoUci {
    alvo: TAlvo,
    m: TModeloUci,
    rng: StdRng,
    bestmoves: u64,
    readyoks: u64,
    conferencias: u64,
    /// Lances de uma "partida" que o gerador vai estendendo (para os
    /// `position startpos moves …` longos e legais).
    partida: Vec<String>,
}

const COMANDOS_UCI: [&str; 16] = [
    "uci",
    "isready",
    "ucinewgame",
    "position startpos moves e2e4 e7e5",
    "position fen 4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
    "go depth 1",
    "go nodes 50",
    "go movetime 1",
    "stop",
    "ponderhit",
    "setoption name Hash value 2",
    "setoption name MultiPV value 2",
    "setoption name Clear Hash",
    "debug on",
    "debug off",
    "register later",
];

impl TSessaoUci {
    fn manda(&mut self, bytes: &[u8]) -> bool {
        self.alvo.manda(bytes);
        let linha = como_o_motor_le(bytes);
        self.m.aplica(&linha)
    }

    /// Trata uma linha do motor: conta `bestmove` e `readyok`, confere o
    /// lance na posição do `go` dele. Devolve a linha.
    fn trata(&mut self, l: &str) {
        if l == "readyok" {
            self.readyoks += 1;
            if self.readyoks > self.m.isready {
                self.alvo.falha("readyok a mais");
            }
        } else if let Some(r) = l.strip_prefix("bestmove ") {
            self.bestmoves += 1;
            let Some(pos) = self.m.posicoes.pop_front() else {
                self.alvo.falha("bestmove a mais (sem go)");
            };
            let lance = r.split_whitespace().next().unwrap_or("");
            let n = legais(&pos).len();
            let ok = if lance == "(none)" {
                n == 0
            } else {
                acha_lance(&pos, lance).is_some()
            };
            if !ok {
                let f = pos.para_fen();
                self.alvo.falha(&format!(
                    "`{l}` não é lance legal na posição do go ({f}, {n} lances)"
                ));
            }
        }
    }

    /// `stop` (se preciso) e `isready`: espera todo `readyok` e todo
    /// `bestmove` que faltam. Devolve as linhas recebidas.
    fn sincroniza(&mut self) -> Vec<String> {
        if self.m.aberta.is_some() {
            self.manda(b"stop");
        }
        self.manda(b"isready");
        let ate = Instant::now() + PRAZO;
        let mut v = Vec::new();
        while self.readyoks < self.m.isready || self.bestmoves < self.m.gos {
            let espera = format!(
                "{} readyok e {} bestmove faltando",
                self.m.isready - self.readyoks,
                self.m.gos - self.bestmoves
            );
            let l = self.alvo.proxima(ate, &espera);
            self.trata(&l);
            v.push(l);
        }
        v
    }

    /// A posição do motor é a do modelo? Sem comando que a mostre no UCI:
    /// `go depth 1 searchmoves` com todos os lances legais do modelo não
    /// pode ter lance ignorado, e o `bestmove` (conferido em `trata`) é um
    /// deles; sem lance legal, `bestmove (none)`.
    fn confere_posicao(&mut self, por_que: &str) {
        self.sincroniza();
        let l: Vec<String> = legais(&self.m.b).iter().map(lance_para_texto).collect();
        let go = if l.is_empty() {
            "go depth 1".to_string()
        } else {
            format!("go depth 1 searchmoves {}", l.join(" "))
        };
        self.manda(go.as_bytes());
        let v = self.sincroniza();
        if let Some(x) = v.iter().find(|x| x.contains("searchmoves")) {
            let (x, f) = (x.clone(), self.m.b.para_fen());
            self.alvo.falha(&format!(
                "posição errada ({por_que}): `{x}` com os lances do modelo ({f})"
            ));
        }
        self.conferencias += 1;
    }

    fn passo(&mut self, bytes: &[u8]) {
        let recusado = self.manda(bytes);
        if recusado && self.rng.gen_bool(0.3) {
            let r = resumo(&String::from_utf8_lossy(bytes));
            self.confere_posicao(&format!("depois do comando recusado `{r}`"));
        }
    }

    /// Os lances de `position`: a partida em curso (legal), às vezes com um
    /// lance ruim no meio ou no fim.
    fn lances(&mut self) -> (String, Vec<String>) {
        let rng = &mut self.rng;
        // Estende ou encurta a partida.
        if rng.gen_bool(0.1) || self.partida.len() > 120 {
            self.partida.clear();
        }
        let mut b = TBoard::inicial();
        for t in &self.partida {
            let l = acha_lance(&b, t).unwrap();
            b.make(&l);
        }
        for _ in 0..rng.gen_range(0..4) {
            let l = legais(&b);
            if l.is_empty() {
                break;
            }
            let x = l[rng.gen_range(0..l.len())];
            self.partida.push(lance_para_texto(&x));
            b.make(&x);
        }
        let mut v = self.partida.clone();
        if rng.gen_bool(0.15) {
            let p = rng.gen_range(0..=v.len());
            v.insert(p, lance_ruim(rng, &b));
        }
        ("startpos".to_string(), v)
    }

    /// Um `go` com um limite curto e, às vezes, lixo, números enormes,
    /// `searchmoves` com lances bons e ruins; ou um que espera o `stop`.
    fn gera_go(&mut self) -> String {
        let rng = &mut self.rng;
        let b = &self.m.b;
        match rng.gen_range(0..20) {
            0 => return "go infinite".into(),
            1 => {
                return format!(
                    "go ponder {}",
                    escolhe(
                        rng,
                        &[
                            "",
                            "depth 1",
                            "nodes 50",
                            "wtime 100 btime 100",
                            "movetime 1"
                        ]
                    )
                )
            }
            2 => return "go".into(),
            3 => return format!("go wtime {} btime {}", numero(rng), numero(rng)),
            _ => {}
        }
        let mut t: Vec<String> = vec!["go".into()];
        let limite = match rng.gen_range(0..6) {
            0 => format!("depth {}", rng.gen_range(1..=2)),
            1 => format!("nodes {}", rng.gen_range(1..=200)),
            2 => format!("movetime {}", rng.gen_range(0..=3)),
            3 => format!("mate {}", rng.gen_range(0..=1)),
            4 => format!(
                "wtime {} btime {}",
                rng.gen_range(-100..=300),
                rng.gen_range(-100..=300)
            ),
            _ => "nodes 50".into(),
        };
        for _ in 0..rng.gen_range(0..4) {
            t.push(match rng.gen_range(0..9) {
                0 => format!("wtime {}", numero(rng)),
                1 => format!("btime {}", numero(rng)),
                2 => format!("winc {}", numero(rng)),
                3 => format!("movestogo {}", numero(rng)),
                4 => format!("depth {}", numero(rng)),
                5 => {
                    let l = legais(b);
                    let mut s = "searchmoves".to_string();
                    for _ in 0..rng.gen_range(0..4) {
                        if rng.gen_bool(0.7) && !l.is_empty() {
                            s.push(' ');
                            s.push_str(&lance_para_texto(&l[rng.gen_range(0..l.len())]));
                        } else {
                            s.push(' ');
                            s.push_str(&lance_ruim(rng, b));
                        }
                    }
                    s
                }
                6 => escolhe(rng, &["foo", "nodes", "depth", "-", "infinite", "ponder"]).into(),
                7 => format!("nodes {}", numero(rng)),
                _ => format!("mate {}", numero(rng)),
            });
        }
        let p = rng.gen_range(1..=t.len());
        t.insert(p, limite);
        t.join(if rng.gen_bool(0.1) { " \t " } else { " " })
    }

    /// Um comando aleatório que o modelo pode mandar agora (sem `quit`, e
    /// sem `go` enquanto uma busca espera o `stop`).
    fn gera(&mut self) -> Vec<u8> {
        let v = self.gera_cru();
        if self.pode_mandar(&v) {
            v
        } else {
            b"isready".to_vec()
        }
    }

    fn gera_cru(&mut self) -> Vec<u8> {
        let aberta = self.m.aberta;
        let r = self.rng.gen_range(0..100);
        let s: String = match r {
            0..=14 => {
                let (base, v) = self.lances();
                if v.is_empty() && self.rng.gen_bool(0.5) {
                    format!("position {base}")
                } else {
                    format!("position {base} moves {}", v.join(" "))
                }
            }
            15..=20 => {
                let rng = &mut self.rng;
                let f = escolhe(rng, &FENS);
                let b = TBoard::de_fen(f).unwrap();
                let l = legais(&b);
                let mut s = format!("position fen {f}");
                if !l.is_empty() && rng.gen_bool(0.5) {
                    s.push_str(" moves ");
                    s.push_str(&lance_para_texto(&l[rng.gen_range(0..l.len())]));
                    if rng.gen_bool(0.3) {
                        s.push(' ');
                        s.push_str(&lance_ruim(rng, &b));
                    }
                }
                s
            }
            21..=25 => {
                let rng = &mut self.rng;
                match rng.gen_range(0..6) {
                    0 => format!("position fen {}", fen_truncado(rng)),
                    1 => format!("position fen {}", escolhe(rng, &FENS_RUINS)),
                    2 => escolhe(
                        rng,
                        &[
                            "position",
                            "position fen",
                            "position foo",
                            "position startpos foo",
                            "position moves e2e4",
                            "position startpos moves",
                        ],
                    )
                    .into(),
                    3 => format!(
                        "position startpos moves {}",
                        lance_ruim(rng, &TBoard::inicial())
                    ),
                    4 => format!("position fen {} moves", escolhe(rng, &FENS)),
                    _ => format!("position startpos moves e2e4 {}", numero(rng)),
                }
            }
            26..=42 if aberta.is_none() => self.gera_go(),
            26..=42 => escolhe(&mut self.rng, &["stop", "stop", "ponderhit", "isready"]).into(),
            43..=47 => "stop".into(),
            48..=50 => "ponderhit".into(),
            51..=57 => "isready".into(),
            58..=64 => {
                let rng = &mut self.rng;
                match rng.gen_range(0..6) {
                    0 => format!(
                        "setoption name {} value {}",
                        // Só tabelas pequenas: uma enorme satura no teto da
                        // memória livre (é o combinado), e não cabe no teto do RSS.
                        escolhe(rng, &["Hash", "hash", "HASH"]),
                        escolhe(
                            rng,
                            &[
                                "1",
                                "2",
                                "4",
                                "0",
                                "-5",
                                "abc",
                                "",
                                "-99999999999999999999999"
                            ]
                        )
                    ),
                    1 => format!(
                        "setoption name Threads value {}",
                        escolhe(rng, &["1", "2", "0", "999999", "x", "18446744073709551616"])
                    ),
                    2 => format!(
                        "setoption name {} value {}",
                        escolhe(
                            rng,
                            &[
                                "MultiPV",
                                "Contempt",
                                "Move Overhead",
                                "UCI_Elo",
                                "SyzygyProbeDepth",
                                "SyzygyProbeLimit",
                                "Nao Existe",
                                "MULTIPV"
                            ]
                        ),
                        numero(rng)
                    ),
                    3 => format!(
                        "setoption name {} value {}",
                        escolhe(
                            rng,
                            &[
                                "Ponder",
                                "OwnBook",
                                "UCI_Chess960",
                                "UCI_LimitStrength",
                                "IceBR",
                                "ICE classico",
                                "Syzygy50MoveRule",
                                "Livro"
                            ]
                        ),
                        escolhe(rng, &["true", "false", "TRUE", "1", "talvez", ""])
                    ),
                    4 => format!(
                        "setoption name {} value {}",
                        escolhe(rng, &["BookFile", "Arquivo do livro", "SyzygyPath"]),
                        escolhe(
                            rng,
                            &[
                                "/nao/existe",
                                "/dev/zero",
                                "/tmp",
                                "<empty>",
                                "",
                                concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy")
                            ]
                        )
                    ),
                    _ => escolhe(
                        rng,
                        &[
                            "setoption",
                            "setoption name",
                            "setoption Hash",
                            "setoption name Clear Hash",
                            "setoption name value 3",
                            "setoption name Hash value",
                        ],
                    )
                    .into(),
                }
            }
            65..=67 => "ucinewgame".into(),
            68 => escolhe(
                &mut self.rng,
                &[
                    "uci",
                    "debug on",
                    "debug off",
                    "debug",
                    "debug talvez",
                    "register",
                    "register later",
                ],
            )
            .into(),
            69..=80 => return lixo(&mut self.rng),
            81..=88 => {
                let c = escolhe(&mut self.rng, &COMANDOS_UCI);
                let mut v = muta(&mut self.rng, c);
                // Uma mutação pode virar `go`/`quit`: o modelo decide se
                // pode mandar (ver abaixo).
                if !self.pode_mandar(&v) {
                    v = b"isready".to_vec();
                }
                return v;
            }
            89 => {
                if self.rng.gen_ratio(1, 30) {
                    let v = linha_enorme(&mut self.rng, &COMANDOS_UCI);
                    if self.pode_mandar(&v) {
                        return v;
                    }
                }
                "isready".into()
            }
            _ => {
                let c = escolhe(&mut self.rng, &COMANDOS_UCI);
                let c = format!("\t {c} \r");
                if !self.pode_mandar(c.as_bytes()) {
                    return b"isready".to_vec();
                }
                c
            }
        };
        if !self.pode_mandar(s.as_bytes()) {
            return b"isready".to_vec();
        }
        s.into_bytes()
    }

    /// Sem `quit` no meio, e sem `go` com uma busca esperando o `stop`.
    fn pode_mandar(&self, v: &[u8]) -> bool {
        match interpreta_uci(&como_o_motor_le(v)) {
            ComandoUci::Quit => false,
            // Uma tabela grande (de uma mutação, `value 992`) é legítima mas
            // não cabe no teto do RSS.
            ComandoUci::SetOption { nome, valor } if nome.eq_ignore_ascii_case("hash") => valor
                .and_then(|v| v.trim().parse::<i128>().ok())
                .is_none_or(|mb| mb <= 64),
            ComandoUci::Go(_) => self.m.aberta.is_none(),
            _ => true,
        }
    }
}

fn sessao_uci(semente: u64, comandos: u64, rng: &mut StdRng) -> TResumo {
    let mut s = TSessaoUci {
        alvo: abre_alvo("uci", semente),
        m: TModeloUci {
            b: Box::new(TBoard::inicial()),
            chess960: false,
            aberta: None,
            gos: 0,
            isready: 0,
            posicoes: VecDeque::new(),
        },
        rng: StdRng::seed_from_u64(rng.gen()),
        bestmoves: 0,
        readyoks: 0,
        conferencias: 0,
        partida: Vec::new(),
    };
    s.alvo.manda(b"uci");
    let ate = Instant::now() + PRAZO;
    while s.alvo.proxima(ate, "uciok") != "uciok" {}
    for i in 0..comandos {
        let c = s.gera();
        s.passo(&c);
        // Uma busca aberta não fica aberta por muito tempo.
        if s.m.aberta.is_some() && s.rng.gen_bool(0.2) {
            let c = if s.m.aberta.is_some_and(|a| a.ponder) && s.rng.gen_bool(0.5) {
                "ponderhit"
            } else {
                "stop"
            };
            s.passo(c.as_bytes());
        }
        if i % 64 == 63 {
            s.alvo.confere_processo();
            if s.rng.gen_bool(0.3) {
                s.confere_posicao("conferência periódica");
            } else {
                s.sincroniza();
            }
        }
    }
    s.confere_posicao("fim da sessão");
    // Nenhum bestmove a mais depois de tudo respondido.
    s.sincroniza();
    s.alvo.confere_processo();
    s.alvo.encerra();
    TResumo {
        linhas: s.alvo.linhas,
        buscas: s.m.gos,
        conferencias: s.conferencias,
    }
}

// ---------------------------------------------------------------------------
// Os testes
// ---------------------------------------------------------------------------

/// O que uma sessão fez (para o resumo): linhas mandadas, buscas (`go`
/// no UCI, lances do motor no xboard) e conferências da posição.
struct TResumo {
    linhas: u64,
    buscas: u64,
    conferencias: u64,
}

/// Roda sessões (um processo cada, de 5 000 a 30 000 comandos, terminadas
/// com `quit`) até `ICE_FUZZER_COMANDOS` comandos gerados.
fn roda(protocolo: &'static str, sessao: fn(u64, u64, &mut StdRng) -> TResumo) {
    let semente = semente();
    let total = quantos_comandos();
    println!(
        "fuzzer {protocolo}: semente {semente} (repita com ICE_FUZZER_SEMENTE={semente} \
         cargo test --release -- --ignored fuzzer::{protocolo} --nocapture), {total} comandos"
    );
    let mut rng = StdRng::seed_from_u64(semente);
    let inicio = Instant::now();
    let (mut feitos, mut sessoes, mut linhas, mut buscas, mut conferencias) = (0, 0, 0, 0, 0);
    while feitos < total {
        let n = rng.gen_range(5_000..=30_000).min(total - feitos);
        let r = sessao(semente, n, &mut rng);
        feitos += n;
        sessoes += 1;
        linhas += r.linhas;
        buscas += r.buscas;
        conferencias += r.conferencias;
    }
    println!(
        "fuzzer {protocolo}: {feitos} comandos gerados ({linhas} linhas com as do fuzzer) em \
         {sessoes} sessões, {buscas} {}, {conferencias} conferências da posição, {:.1} s",
        if protocolo == "uci" {
            "go"
        } else {
            "lances do motor"
        },
        inicio.elapsed().as_secs_f64()
    );
}

#[test]
#[ignore = "fuzzer: etapa própria do CI (cargo test --release -- --ignored fuzzer)"]
fn xboard() {
    roda("xboard", sessao_xboard);
}

#[test]
#[ignore = "fuzzer: etapa própria do CI (cargo test --release -- --ignored fuzzer)"]
fn uci() {
    roda("uci", sessao_uci);
}
