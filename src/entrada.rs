//! A entrada e a saída padrão dos protocolos: a thread que lê a entrada
//! linha a linha (`inicia_leitora`), a fila das linhas que chegaram e ainda
//! esperam o protocolo (`TFila`) e a escrita de uma linha inteira na saída
//! (`envia`; `imprime` para a linha de comando).
//!
//! Nível 1: não depende de nenhum outro módulo. Não interpreta nada: a
//! gramática de cada protocolo fica em `comandos_xboard` e `comandos_uci`, e
//! o que fazer com uma linha que chega enquanto a busca pensa é decisão de
//! cada protocolo (`relato_xboard`, `relato_uci`).
//!
//! ICE: o `ice.c` lia a entrada com `fgets` entre as buscas e, durante a
//! busca, só olhava se havia algo (`bioskey`). RUST: uma thread lê linhas
//! inteiras e as manda por um canal; a busca, pelo relator do protocolo,
//! consulta o canal sem bloquear.

use log::debug;
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

/// Maior linha aceita (bytes). O excesso é descartado: uma linha gigante não
/// pode esgotar a memória, e nenhum comando legítimo chega perto disso.
pub const MAX_LINHA: usize = 4 * 1024 * 1024;
/// Maior livro de aberturas aceito (bytes), texto ou Polyglot: os maiores
/// livros Polyglot que circulam têm centenas de MB.
pub const MAX_ARQUIVO_LIVRO: u64 = 1 << 30;
/// Maior suíte EPD ou lista de resultados aceita (bytes).
pub const MAX_ARQUIVO_EPD: u64 = 256 << 20;
/// Maior PGN que `ice livro` lê (bytes): bases de partidas inteiras.
pub const MAX_ARQUIVO_PGN: u64 = 4 << 30;

// ---------------------------------------------------------------------------
// Saída e thread leitora
// ---------------------------------------------------------------------------

/// Escreve uma linha completa na saída padrão e esvazia o buffer. A saída
/// pertence ao protocolo: tudo o que o motor diz passa por aqui (menos as
/// linhas de pensamento, que a busca escreve do mesmo jeito). Com
/// `RUST_LOG=debug` a linha também vai para o registro em stderr.
pub fn envia(linha: &str) {
    debug!(">> {linha}");
    let mut out = io::stdout().lock();
    // Interface fechada (EPIPE): não há a quem avisar; o EOF da entrada
    // encerra o motor logo depois.
    let _ = writeln!(out, "{linha}");
    let _ = out.flush();
}

/// Texto na saída dos comandos de linha de comando (`ice bench`, `busca`,
/// `epd`, `perft`, `texel`…), que não falam o protocolo. Se quem lê fechou o
/// pipe (`ice busca … | grep -q g3g6`), termina quieto e com sucesso, como
/// um programa de Unix que o SIGPIPE encerra, em vez do pânico do
/// `println!` (o Rust ignora o SIGPIPE, e a escrita volta com EPIPE).
pub fn imprime(texto: &str) {
    let mut out = io::stdout().lock();
    if out
        .write_all(texto.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        std::process::exit(0);
    }
}

/// O `println!` da linha de comando: ver `imprime`.
#[macro_export]
macro_rules! linha {
    ($($arg:tt)*) => {
        $crate::entrada::imprime(&format!("{}\n", format_args!($($arg)*)))
    };
}

/// Lê uma linha de até `MAX_LINHA` bytes (o resto é descartado). `false` no
/// fim da entrada sem nada lido.
fn le_linha_limitada(r: &mut impl BufRead, buf: &mut Vec<u8>) -> bool {
    buf.clear();
    let mut leu_algo = false;
    loop {
        let disponivel = match r.fill_buf() {
            Ok(d) => d,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return leu_algo,
        };
        if disponivel.is_empty() {
            return leu_algo;
        }
        leu_algo = true;
        let (pedaco, achou_fim) = match disponivel.iter().position(|&c| c == b'\n') {
            Some(p) => (&disponivel[..p], Some(p + 1)),
            None => (disponivel, None),
        };
        let cabe = MAX_LINHA.saturating_sub(buf.len()).min(pedaco.len());
        buf.extend_from_slice(&pedaco[..cabe]);
        let consumido = achou_fim.unwrap_or(disponivel.len());
        r.consume(consumido);
        if achou_fim.is_some() {
            return true;
        }
    }
}

/// Cria a thread que lê a entrada padrão e manda cada linha (sem `\r\n`)
/// pelo canal. No fim da entrada manda `quit`: a interface sumiu.
pub fn inicia_leitora() -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let stdin = io::stdin();
        let mut r = stdin.lock();
        let mut buf = Vec::new();
        while le_linha_limitada(&mut r, &mut buf) {
            let linha = String::from_utf8_lossy(&buf);
            let linha = linha.trim_end_matches(['\r', '\n']).to_string();
            debug!("<< {linha}");
            if tx.send(linha).is_err() {
                return;
            }
        }
        debug!("<< (fim da entrada)");
        let _ = tx.send("quit".to_string());
    });
    rx
}

// ---------------------------------------------------------------------------
// A fila do protocolo
// ---------------------------------------------------------------------------

/// O que chegou da interface e ainda não foi tratado: o canal da thread
/// leitora e as linhas que chegaram durante uma busca e ficam para o laço do
/// protocolo, em ordem. Do protocolo: ele a divide (`TFilaCompartilhada`) com
/// o relator que põe na busca, que a consulta de tempos em tempos.
#[derive(Default)]
pub struct TFila {
    pub rx: Option<Receiver<String>>,
    pub pendentes: VecDeque<String>,
    /// Alguma linha da fila pediu que a busca parasse e que o lance dela
    /// fosse descartado (`force`, `new`, um lance…). Daí em diante tudo vai
    /// para a fila, na ordem. O protocolo zera antes de cada busca.
    pub cancelou: bool,
    /// Quando o ponder acertou (para descontar do relógio só o tempo depois
    /// do acerto).
    pub instante_hit: Option<Instant>,
    /// Quantas linhas da fila são comandos que cancelam um lance (o xboard
    /// pergunta isso antes de cada busca, e varrer uma fila de milhares de
    /// linhas a cada vez seria quadrático).
    pub canceladores: usize,
}

/// A fila dividida entre o laço do protocolo e o relator da busca. Os dois
/// rodam na mesma thread, um de cada vez: a trava nunca espera.
pub type TFilaCompartilhada = Arc<Mutex<TFila>>;

/// Uma fila nova, lendo do canal `rx`.
pub fn nova_fila(rx: Option<Receiver<String>>) -> TFilaCompartilhada {
    Arc::new(Mutex::new(TFila {
        rx,
        ..TFila::default()
    }))
}

/// A fila para o relator de uma busca nova: as marcas da busca anterior
/// (`cancelou`, `instante_hit`) zeradas, e a mesma fila dividida. Os dois
/// protocolos chamam isto antes de cada busca.
pub fn fila_para_busca(f: &TFilaCompartilhada) -> TFilaCompartilhada {
    {
        let mut g = trava(f);
        g.cancelou = false;
        g.instante_hit = None;
    }
    Arc::clone(f)
}

/// A fila, travada. Uma trava envenenada (um pânico com ela na mão) não
/// impede o motor de continuar: a fila é só dados.
pub fn trava(f: &TFilaCompartilhada) -> MutexGuard<'_, TFila> {
    f.lock().unwrap_or_else(|e| e.into_inner())
}

// ---------------------------------------------------------------------------
// Arquivos
// ---------------------------------------------------------------------------

/// Lê um arquivo inteiro, com um teto: um arquivo comum (ou um cano) de até
/// `max_bytes` bytes, ou uma recusa clara. Todo arquivo que o motor abre a pedido de
/// alguém (livro, EPD, PGN) passa por aqui: `BookFile=/dev/zero` leria sem
/// fim e comeria a memória da máquina, e um dispositivo ou uma pasta não é
/// um livro. O tamanho é conferido antes (pelo sistema) e durante a leitura
/// (um arquivo que cresce enquanto é lido também para no teto).
pub fn le_arquivo_limitado(caminho: &str, max_bytes: u64) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let f = std::fs::File::open(caminho).map_err(|e| format!("{caminho}: {e}"))?;
    let meta = f.metadata().map_err(|e| format!("{caminho}: {e}"))?;
    if meta.is_dir() || eh_dispositivo(&meta) {
        return Err(format!(
            "{caminho}: não é um arquivo (pasta ou dispositivo)"
        ));
    }
    let grande = || format!("{caminho}: maior que o teto de {max_bytes} bytes");
    // Um cano (`ice epd <(head wac.epd)`) tem tamanho 0 para o sistema: só
    // o teto da leitura, abaixo, o limita.
    if meta.is_file() && meta.len() > max_bytes {
        return Err(grande());
    }
    let mut v = Vec::with_capacity(meta.len() as usize);
    f.take(max_bytes + 1)
        .read_to_end(&mut v)
        .map_err(|e| format!("{caminho}: {e}"))?;
    if v.len() as u64 > max_bytes {
        return Err(grande());
    }
    Ok(v)
}

/// Um dispositivo (`/dev/zero`, um disco): nunca é um livro nem uma suíte, e
/// pode não ter fim.
#[cfg(unix)]
fn eh_dispositivo(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    t.is_char_device() || t.is_block_device()
}

#[cfg(not(unix))]
fn eh_dispositivo(_: &std::fs::Metadata) -> bool {
    false
}
