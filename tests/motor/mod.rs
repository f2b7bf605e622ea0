//! Arreio dos testes do protocolo: abre o binário `ice` de verdade, fala
//! com ele por pipes e espera respostas com prazo. O processo (canos, a
//! thread que lê a saída, a leitura com prazo) é o `ice::processo`, o mesmo
//! do epd2wb: um motor travado faz o teste falhar em vez de travá-lo.

#![allow(dead_code)]

use ice::geracao::{acha_lance, gera_lista_lances};
use ice::lance::{lance_para_texto, TListaLances};
use ice::processo::{self, inicia_processo, le_linha_ate, TLeitura, TProcesso};
use ice::tabuleiro::TBoard;
use ice::tipos::GERA_TODOS;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Prazo padrão de uma espera.
pub const PRAZO: Duration = Duration::from_secs(15);

/// Teto de parede do que deveria ser imediato (apresentar-se, responder a um
/// `ping` durante o ponder, jogar do livro). Folgado de propósito: o relógio
/// do teste soma o pipe e o escalonamento dos dois processos, e a máquina dos
/// testes pode estar carregada (o CI roda com partidas ao fundo), onde um
/// teto de meio segundo já falhou sem o motor ter errado. Onde o motor diz
/// quanto gastou (o `time` do UCI, a linha `# tempo:` do xboard) é esse
/// número que os testes conferem; este teto só pega um motor que espere a
/// busca acabar ou pense quando não devia.
pub const TETO_PAREDE: Duration = Duration::from_secs(5);

pub struct TMotor {
    /// O processo do `ice`; morto e recolhido quando o `TMotor` sai de escopo.
    pub processo: TProcesso,
    /// Tudo o que o motor já disse (para os testes de higiene).
    pub transcricao: Vec<String>,
    proximo_ping: u64,
}

// RUST: os testes escrevem `m.filho` (pid, `try_wait`) desde antes de o
// processo ir para a biblioteca; o `Deref` mantém esse atalho.
impl std::ops::Deref for TMotor {
    type Target = TProcesso;
    fn deref(&self) -> &TProcesso {
        &self.processo
    }
}

impl std::ops::DerefMut for TMotor {
    fn deref_mut(&mut self) -> &mut TProcesso {
        &mut self.processo
    }
}

/// Abre o motor com uma tabela pequena (muitos motores rodam juntos).
pub fn abre_motor() -> TMotor {
    // Sem livro: os testes querem ver a busca, não o lance instantâneo do livro.
    abre_motor_com(&["--hash", "8", "--sem-livro"])
}

pub fn abre_motor_com(args: &[&str]) -> TMotor {
    // Sem RUST_LOG: o log do motor não deve depender do ambiente do teste.
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ice"));
    cmd.args(args).env_remove("RUST_LOG");
    TMotor {
        processo: inicia_processo(&mut cmd).expect("abrir o binário ice"),
        transcricao: Vec::new(),
        proximo_ping: 1000,
    }
}

/// O motor com a memória virtual limitada a `mb` MB (`ulimit -v` do `sh`):
/// uma tabela maior que isso é negada pelo sistema na reserva, sem que a
/// máquina aloque nada de verdade (para testar a alocação que falha).
pub fn abre_motor_limitado(mb: u64, args: &[&str]) -> TMotor {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("ulimit -v {} && exec \"$0\" \"$@\"", mb * 1024))
        .arg(env!("CARGO_BIN_EXE_ice"))
        .args(args)
        .env_remove("RUST_LOG");
    TMotor {
        processo: inicia_processo(&mut cmd).expect("abrir o binário ice"),
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
    assert!(
        processo::envia_bytes(&mut m.processo, bytes),
        "escrever no motor"
    );
}

/// Fecha a entrada do motor (EOF).
pub fn fecha_entrada(m: &mut TMotor) {
    processo::fecha_entrada(&mut m.processo);
}

/// Próxima linha, ou `None` no prazo (ou se a saída do motor acabou).
pub fn proxima(m: &mut TMotor, prazo: Duration) -> Option<String> {
    match le_linha_ate(&mut m.processo, Instant::now() + prazo) {
        TLeitura::Linha(l) => {
            m.transcricao.push(l.clone());
            Some(l)
        }
        TLeitura::Tempo | TLeitura::Fim => None,
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
    processo::espera_fim(&mut m.processo, prazo)
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

/// `xboard` + `protover 2` + `accepted debug`, esperando `done=1`. O prazo
/// é o padrão: o motor manda `done=0` primeiro, o que tira o limite de 2 s
/// do protocolo (o tempo da apresentação é do teste do handshake).
pub fn handshake(m: &mut TMotor) -> Vec<String> {
    envia(m, "xboard");
    envia(m, "protover 2");
    let v = espera(m, |l| l == "feature done=1", PRAZO);
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

/// O que o motor gastou no lance e o teto que declarou, da linha
/// `# tempo: gasto G ms, alvo A ms, teto T ms` (com `debug` aceito). O gasto
/// é medido pelo motor, do começo da busca (ou do acerto do ponder) ao lance:
/// sem o pipe e o escalonamento do teste.
pub fn teto_declarado(v: &[String]) -> (u64, u64) {
    let l = v
        .iter()
        .find(|l| l.starts_with("# tempo: "))
        .unwrap_or_else(|| panic!("sem a linha # tempo: {v:#?}"));
    let n: Vec<u64> = l
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|t| t.parse().ok())
        .collect();
    (n[0], n[2])
}

/// O tempo de CPU (ns) que o processo do motor já usou, somadas as threads
/// vivas (`/proc/PID/task/*/schedstat`, cujo primeiro campo é o tempo que a
/// thread passou rodando); `None` sem o `/proc` do Linux. Ao contrário do
/// relógio de parede, inclusive o do próprio motor, a CPU não cresce quando a
/// máquina está carregada e o motor espera a vez: é a medida para tolerâncias
/// de milissegundos.
pub fn cpu_do_motor_ns(m: &TMotor) -> Option<u64> {
    let tarefas = std::fs::read_dir(format!("/proc/{}/task", m.filho.id())).ok()?;
    let mut total = 0;
    for t in tarefas.flatten() {
        // Uma thread que acabou no meio da leitura não tem mais o arquivo.
        if let Ok(s) = std::fs::read_to_string(t.path().join("schedstat")) {
            total += s.split_whitespace().next()?.parse::<u64>().ok()?;
        }
    }
    Some(total)
}

/// Pede `hint` e devolve o lance previsto (o do ponder).
pub fn pede_hint(m: &mut TMotor) -> String {
    envia(m, "hint");
    let v = espera(m, |l| l.starts_with("Hint: "), PRAZO);
    v.last().unwrap()["Hint: ".len()..].to_string()
}

/// O primeiro lance que o gerador dá na posição inicial depois de `lances`
/// (o palpite sem razão que o ponder não deve usar).
pub fn primeiro_gerado_depois(lances: &[&str]) -> String {
    let mut b = TBoard::inicial();
    for l in lances {
        let x = acha_lance(&b, l).unwrap();
        b.make(&x);
    }
    let mut lista = TListaLances::nova();
    gera_lista_lances(&b, GERA_TODOS, &mut lista);
    lance_para_texto(&lista.como_fatia()[0])
}

/// Um lance legal de `b` diferente de `evita` (para errar o ponder).
pub fn lance_diferente(b: &TBoard, evita: &str) -> String {
    let mut lista = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut lista);
    lista
        .como_fatia()
        .iter()
        .map(lance_para_texto)
        .find(|t| t != evita)
        .unwrap()
}

/// O lance (em coordenadas) é legal na posição do FEN?
pub fn lance_legal(fen: &str, lance: &str) -> bool {
    let b = TBoard::de_fen(fen).unwrap();
    acha_lance(&b, lance).is_some()
}

/// As suítes de perft (tests/tabuleiro.rs, tests/xadrez960.rs): lê linhas `FEN ;D1 n ;D2 n …` e devolve (fen, [(prof, nós)]).
pub fn le_suite(texto: &str) -> Vec<(String, Vec<(u32, u64)>)> {
    texto
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut partes = l.split(';');
            let fen = partes.next().unwrap().trim().to_string();
            let contas = partes
                .map(|p| {
                    let p = p.trim();
                    let (d, n) = p.split_once(' ').unwrap();
                    (d[1..].parse().unwrap(), n.trim().parse().unwrap())
                })
                .collect();
            (fen, contas)
        })
        .collect()
}

/// Roda o `ice` com `args`, a entrada padrão vinda de `entrada` (um cano,
/// não um terminal), e espera o fim.
pub fn roda_com_entrada(args: &[&str], entrada: &str) -> std::process::Output {
    let mut filho = Command::new(env!("CARGO_BIN_EXE_ice"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rodar o ice");
    use std::io::Write;
    filho
        .stdin
        .take()
        .unwrap()
        .write_all(entrada.as_bytes())
        .unwrap();
    filho.wait_with_output().unwrap()
}
