//! Arreio dos testes do protocolo: abre o binário `ice` de verdade, fala
//! com ele por pipes e espera respostas com prazo (uma thread lê a saída e
//! manda as linhas por um canal; `recv_timeout` faz um motor travado falhar
//! o teste em vez de travá-lo).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Prazo padrão de uma espera.
pub const PRAZO: Duration = Duration::from_secs(15);

pub struct TMotor {
    pub filho: Child,
    entrada: Option<ChildStdin>,
    rx: Receiver<String>,
    /// Tudo o que o motor já disse (para os testes de higiene).
    pub transcricao: Vec<String>,
    proximo_ping: u64,
}

/// Abre o motor com uma tabela pequena (muitos motores rodam juntos).
pub fn abre_motor() -> TMotor {
    // Sem livro: os testes querem ver a busca, não o lance instantâneo do livro.
    abre_motor_com(&["--hash", "8", "--sem-livro"])
}

pub fn abre_motor_com(args: &[&str]) -> TMotor {
    let mut filho = Command::new(env!("CARGO_BIN_EXE_ice"))
        .args(args)
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("abrir o binário ice");
    let saida = filho.stdout.take().unwrap();
    let entrada = filho.stdin.take();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut r = BufReader::new(saida);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match r.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => return,
                Ok(_) => {
                    let l = String::from_utf8_lossy(&buf)
                        .trim_end_matches(['\n', '\r'])
                        .to_string();
                    if tx.send(l).is_err() {
                        return;
                    }
                }
            }
        }
    });
    TMotor {
        filho,
        entrada,
        rx,
        transcricao: Vec::new(),
        proximo_ping: 1000,
    }
}

/// Manda uma linha (com `\n`).
pub fn envia(m: &mut TMotor, linha: &str) {
    envia_bytes(m, format!("{linha}\n").as_bytes());
}

/// Manda bytes crus (para o fuzz).
pub fn envia_bytes(m: &mut TMotor, bytes: &[u8]) {
    let e = m.entrada.as_mut().expect("entrada aberta");
    e.write_all(bytes).expect("escrever no motor");
    e.flush().expect("flush");
}

/// Fecha a entrada do motor (EOF).
pub fn fecha_entrada(m: &mut TMotor) {
    m.entrada = None;
}

/// Próxima linha, ou `None` no prazo.
pub fn proxima(m: &mut TMotor, prazo: Duration) -> Option<String> {
    match m.rx.recv_timeout(prazo) {
        Ok(l) => {
            m.transcricao.push(l.clone());
            Some(l)
        }
        Err(RecvTimeoutError::Timeout) => None,
        Err(RecvTimeoutError::Disconnected) => None,
    }
}

/// Lê até uma linha que satisfaça `pred` (inclusive) e devolve as linhas
/// lidas. Falha o teste no prazo, mostrando o que chegou.
pub fn espera<F: Fn(&str) -> bool>(m: &mut TMotor, pred: F, prazo: Duration) -> Vec<String> {
    let fim = Instant::now() + prazo;
    let mut linhas = Vec::new();
    loop {
        let resta = fim.saturating_duration_since(Instant::now());
        match proxima(m, resta) {
            Some(l) => {
                let achou = pred(&l);
                linhas.push(l);
                if achou {
                    return linhas;
                }
            }
            None => {
                panic!("o motor não respondeu no prazo ({prazo:?}); linhas recebidas: {linhas:#?}")
            }
        }
    }
}

/// Espera a linha exata `alvo`.
pub fn espera_linha(m: &mut TMotor, alvo: &str) -> Vec<String> {
    espera(m, |l| l == alvo, PRAZO)
}

/// Manda `ping N` e espera `pong N`; devolve as linhas antes do `pong`.
pub fn sincroniza(m: &mut TMotor) -> Vec<String> {
    m.proximo_ping += 1;
    let n = m.proximo_ping;
    envia(m, &format!("ping {n}"));
    let mut v = espera_linha(m, &format!("pong {n}"));
    v.pop();
    v
}

/// Espera o `move X`; devolve (linhas, X).
pub fn espera_lance(m: &mut TMotor) -> (Vec<String>, String) {
    let v = espera(m, |l| l.starts_with("move "), PRAZO);
    let x = v.last().unwrap()["move ".len()..].trim().to_string();
    (v, x)
}

/// Espera o processo do motor terminar dentro do prazo; `true` se terminou.
pub fn espera_saida(m: &mut TMotor, prazo: Duration) -> bool {
    let inicio = Instant::now();
    while inicio.elapsed() < prazo {
        if m.filho.try_wait().unwrap().is_some() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    false
}

/// Junta o que chegar em `ms` milissegundos.
pub fn coleta(m: &mut TMotor, ms: u64) -> Vec<String> {
    let fim = Instant::now() + Duration::from_millis(ms);
    let mut v = Vec::new();
    while let Some(l) = proxima(m, fim.saturating_duration_since(Instant::now())) {
        v.push(l);
    }
    v
}

/// `xboard` + `protover 2` + `accepted debug`, esperando `done=1`.
pub fn handshake(m: &mut TMotor) -> Vec<String> {
    envia(m, "xboard");
    envia(m, "protover 2");
    let v = espera(m, |l| l == "feature done=1", Duration::from_secs(2));
    envia(m, "accepted debug");
    v
}

/// Motor pronto para uma partida: handshake e `new`.
pub fn motor_pronto() -> TMotor {
    let mut m = abre_motor();
    handshake(&mut m);
    envia(&mut m, "new");
    sincroniza(&mut m);
    m
}

/// É uma linha de pensamento (`ply escore tempo nós pv`)?
pub fn eh_pensamento(l: &str) -> bool {
    let t: Vec<&str> = l.split_whitespace().collect();
    t.len() >= 4 && t[..4].iter().all(|x| x.parse::<i64>().is_ok())
}

/// Primeiro lance da PV de uma linha de pensamento.
pub fn primeiro_da_pv(l: &str) -> Option<String> {
    l.split_whitespace().nth(4).map(str::to_string)
}

impl Drop for TMotor {
    fn drop(&mut self) {
        self.entrada = None;
        let _ = self.filho.kill();
        let _ = self.filho.wait();
    }
}
