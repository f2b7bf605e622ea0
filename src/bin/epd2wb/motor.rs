//! O processo do motor: início, leitura com prazo, features, sincronia e fim.
//!
//! Uma thread lê a saída do motor e manda cada linha por um canal; o laço
//! principal espera com `recv_timeout`, de modo que toda espera tem prazo e
//! um motor travado ou morto nunca trava o executor. O fim da saída (canal
//! desconectado) é como o executor percebe que o motor caiu.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Espera máxima depois de `feature done=0` (o protocolo permite 1 hora;
/// aqui basta um minuto, e a espera continua limitada).
pub const ESPERA_DONE0_MS: u64 = 60_000;
/// Intervalo entre verificações de fim de processo.
const PASSO_ESPERA_MS: u64 = 10;

/// O que o motor anunciou (padrões do protocolo v2, CECP.md 1.2).
#[derive(Clone, Debug)]
pub struct TFeatures {
    pub ping: bool,
    pub setboard: bool,
    pub analyze: bool,
    pub colors: bool,
    pub usermove: bool,
    pub san: bool,
    pub myname: Option<String>,
    /// Algum `feature` chegou (senão é protocolo 1).
    pub viu_feature: bool,
    /// Último `done=` visto.
    pub done: Option<bool>,
}

impl Default for TFeatures {
    fn default() -> Self {
        TFeatures {
            ping: false,
            setboard: false,
            analyze: true,
            colors: true,
            usermove: false,
            san: false,
            myname: None,
            viu_feature: false,
            done: None,
        }
    }
}

/// Um motor em execução.
pub struct TMotor {
    pub filho: Child,
    entrada: Option<ChildStdin>,
    linhas: Receiver<String>,
    /// `false` depois que a saída acabou (motor morreu ou fechou a saída).
    pub vivo: bool,
    pub feat: TFeatures,
    /// Próximo número de `ping`.
    pub ping_n: u64,
    /// Mostra o tráfego na saída de erro (`-d`).
    pub dump: bool,
    /// Protocolo UCI em vez de xboard.
    pub uci: bool,
}

/// Resultado de uma leitura com prazo.
#[derive(Debug, PartialEq)]
pub enum TLeitura {
    Linha(String),
    Tempo,
    Fim,
}

impl Drop for TMotor {
    // RUST: garantia de que nenhum motor sobrevive ao executor, mesmo num
    // caminho de erro; o fim normal é `encerra`.
    fn drop(&mut self) {
        if let Ok(None) = self.filho.try_wait() {
            let _ = self.filho.kill();
            let _ = self.filho.wait();
        }
    }
}

/// Separa a linha de comando do motor como um shell simples faria:
/// espaços separam, aspas simples ou duplas agrupam.
pub fn separa_comando(s: &str) -> Vec<String> {
    let mut v = Vec::new();
    let mut atual = String::new();
    let mut tem = false;
    let mut aspas: Option<char> = None;
    for c in s.chars() {
        match aspas {
            Some(q) if c == q => aspas = None,
            Some(_) => atual.push(c),
            None if c == '"' || c == '\'' => {
                aspas = Some(c);
                tem = true;
            }
            None if c.is_whitespace() => {
                if tem {
                    v.push(std::mem::take(&mut atual));
                    tem = false;
                }
            }
            None => {
                atual.push(c);
                tem = true;
            }
        }
    }
    if tem {
        v.push(atual);
    }
    v
}

/// Inicia o motor. A saída de erro vai para o nada: motores como o Sjeng
/// escrevem muito nela, e um cano cheio travaria o motor.
pub fn inicia_motor(cmd: &[String], uci: bool, dump: bool) -> Result<TMotor, String> {
    let programa = cmd.first().ok_or("comando do motor vazio")?;
    let mut filho = Command::new(programa)
        .args(&cmd[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("não consegui iniciar {programa}: {e}"))?;
    let saida = filho.stdout.take().ok_or("motor sem saída padrão")?;
    let entrada = filho.stdin.take();
    let (tx, rx) = channel();
    thread::spawn(move || {
        // Lê bytes e converte com perdas: um motor que escreve lixo não
        // derruba o executor.
        let mut leitor = BufReader::new(saida);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match leitor.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let s = String::from_utf8_lossy(&buf)
                        .trim_end_matches(['\n', '\r'])
                        .to_string();
                    if tx.send(s).is_err() {
                        break;
                    }
                }
            }
        }
    });
    Ok(TMotor {
        filho,
        entrada,
        linhas: rx,
        vivo: true,
        feat: TFeatures::default(),
        ping_n: 1,
        dump,
        uci,
    })
}

/// Manda uma linha ao motor. Erro de escrita = motor morto.
pub fn envia(m: &mut TMotor, s: &str) {
    if m.dump {
        eprintln!("> {s}");
    }
    let ok = match m.entrada.as_mut() {
        Some(e) => writeln!(e, "{s}").and_then(|_| e.flush()).is_ok(),
        None => false,
    };
    if !ok {
        m.entrada = None;
    }
}

/// Lê a próxima linha até o instante `ate`. Linhas `feature` são respondidas
/// aqui mesmo (mesmo as que chegam tarde, como as do GNU Chess) e voltam
/// também, para que a apresentação veja o `done=1` na hora. Passado o prazo
/// volta `Tempo` sem olhar o canal: um motor que inunda a saída (o Sjeng
/// escreve milhares de linhas) não prende o executor além do prazo.
pub fn le_ate(m: &mut TMotor, ate: Instant) -> TLeitura {
    if !m.vivo {
        return TLeitura::Fim;
    }
    let agora = Instant::now();
    if agora >= ate {
        return TLeitura::Tempo;
    }
    match m.linhas.recv_timeout(ate - agora) {
        Ok(l) => TLeitura::Linha(trata_linha(m, l)),
        Err(RecvTimeoutError::Timeout) => TLeitura::Tempo,
        Err(RecvTimeoutError::Disconnected) => {
            m.vivo = false;
            TLeitura::Fim
        }
    }
}

/// Mostra a linha (se `-d`) e responde as `feature`.
fn trata_linha(m: &mut TMotor, l: String) -> String {
    if m.dump {
        eprintln!("< {l}");
    }
    if !m.uci && l.starts_with("feature ") {
        le_features(m, &l["feature ".len()..]);
    }
    l
}

/// Interpreta `nome=valor nome="texto"` e responde `accepted`/`rejected`
/// como o xboard: aceita o que o executor entende ou pode ignorar sem dano.
fn le_features(m: &mut TMotor, s: &str) {
    let c: Vec<char> = s.chars().collect();
    let mut i = 0;
    let mut respostas = Vec::new();
    // Percorre `nome=valor` um a um; valores entre aspas podem ter espaços
    // (`myname="Fairy-Max 5.0b"`, `option="Resign -check 0"`).
    while i < c.len() {
        while i < c.len() && c[i].is_whitespace() {
            i += 1;
        }
        let mut nome = String::new();
        while i < c.len() && c[i] != '=' && !c[i].is_whitespace() {
            nome.push(c[i]);
            i += 1;
        }
        if nome.is_empty() {
            break;
        }
        let mut valor = String::new();
        if i < c.len() && c[i] == '=' {
            i += 1;
            if i < c.len() && c[i] == '"' {
                i += 1;
                while i < c.len() && c[i] != '"' {
                    valor.push(c[i]);
                    i += 1;
                }
                i += 1;
            } else {
                while i < c.len() && !c[i].is_whitespace() {
                    valor.push(c[i]);
                    i += 1;
                }
            }
        }
        // Qualquer feature prova que o motor fala o protocolo 2.
        m.feat.viu_feature = true;
        let sim = valor.trim() == "1";
        let aceita = match nome.as_str() {
            "ping" => {
                m.feat.ping = sim;
                true
            }
            "setboard" => {
                m.feat.setboard = sim;
                true
            }
            "analyze" => {
                m.feat.analyze = sim;
                true
            }
            "colors" => {
                m.feat.colors = sim;
                true
            }
            "usermove" => {
                m.feat.usermove = sim;
                true
            }
            "san" => {
                m.feat.san = sim;
                true
            }
            "myname" => {
                m.feat.myname = Some(valor.clone());
                true
            }
            "done" => {
                m.feat.done = Some(sim);
                true
            }
            // Entendidas e sem efeito aqui (o executor nunca manda SIGINT).
            "sigint" | "sigterm" | "time" | "draw" | "reuse" | "variants" | "debug"
            | "playother" | "name" | "ics" | "pause" | "nps" | "xedit" => true,
            _ => false,
        };
        respostas.push(format!(
            "{} {nome}",
            if aceita { "accepted" } else { "rejected" }
        ));
    }
    // Responde depois de ler a linha inteira, na ordem das features.
    for r in respostas {
        envia(m, &r);
    }
}

/// Apresentação xboard: `xboard`, `protover 2` e as features até `done=1`.
/// Devolve `false` se nenhuma feature chegou (protocolo 1) ou se o motor
/// morreu. Com `done=0` a espera vai até `ESPERA_DONE0_MS`.
pub fn apresenta_xboard(m: &mut TMotor, espera_ms: u64) -> bool {
    envia(m, "xboard");
    envia(m, "protover 2");
    let inicio = Instant::now();
    let mut ate = inicio + Duration::from_millis(espera_ms);
    // `done=0` estende a espera uma única vez (até ESPERA_DONE0_MS).
    let mut estendeu = false;
    loop {
        match le_ate(m, ate) {
            TLeitura::Fim => return false,
            TLeitura::Tempo => break,
            TLeitura::Linha(_) => {}
        }
        match m.feat.done {
            Some(true) => break,
            Some(false) if !estendeu => {
                estendeu = true;
                ate = inicio + Duration::from_millis(ESPERA_DONE0_MS.max(espera_ms));
            }
            _ => {}
        }
    }
    // A preparação do epd2wb: um controle de tempo qualquer (alguns motores
    // não analisam sem um), pensamento ligado, sem ponderar.
    envia(m, "new");
    envia(m, "level 0 5 0");
    envia(m, "post");
    envia(m, "hard");
    envia(m, "easy");
    m.feat.viu_feature
}

/// Apresentação UCI: `uci` até `uciok` (o nome vem de `id name`), e
/// `isready` até `readyok`.
pub fn apresenta_uci(m: &mut TMotor, espera_ms: u64) -> bool {
    envia(m, "uci");
    let ate = Instant::now() + Duration::from_millis(espera_ms);
    loop {
        match le_ate(m, ate) {
            TLeitura::Linha(l) if l.trim() == "uciok" => break,
            TLeitura::Linha(l) => {
                if let Some(nome) = l.trim().strip_prefix("id name ") {
                    m.feat.myname = Some(nome.trim().to_string());
                }
            }
            _ => return false,
        }
    }
    // No UCI `isready` faz o papel do ping e `position fen` o do setboard.
    m.feat.ping = true;
    m.feat.setboard = true;
    m.feat.analyze = true;
    sincroniza(m, ate + Duration::from_millis(espera_ms), 0)
}

/// Sincroniza: `ping N` → `pong N` (UCI: `isready` → `readyok`),
/// descartando o resto, até `ate`. Sem `ping`, espera `sem_ping_ms` fixos
/// (como o `-x` do epd2wb), também descartando. `false` se não sincronizou.
pub fn sincroniza(m: &mut TMotor, ate: Instant, sem_ping_ms: u64) -> bool {
    if !m.vivo {
        return false;
    }
    // Sem ping: só resta esperar um tempo fixo, jogando fora o que chegar.
    if !m.feat.ping {
        let fim = Instant::now() + Duration::from_millis(sem_ping_ms);
        let fim = if fim < ate { fim } else { ate };
        while let TLeitura::Linha(_) = le_ate(m, fim) {}
        return m.vivo;
    }
    let esperado = if m.uci {
        envia(m, "isready");
        "readyok".to_string()
    } else {
        let n = m.ping_n;
        m.ping_n += 1;
        envia(m, &format!("ping {n}"));
        format!("pong {n}")
    };
    // Compara por palavras: `pong  7` com espaços extras também vale.
    loop {
        match le_ate(m, ate) {
            TLeitura::Linha(l)
                if l.split_whitespace().collect::<Vec<_>>().join(" ") == esperado =>
            {
                return true
            }
            TLeitura::Linha(_) => {}
            _ => return false,
        }
    }
}

/// Encerra o motor: `quit`, espera até `folga_ms` e, se ainda vivo, mata.
pub fn encerra(m: &mut TMotor, folga_ms: u64) {
    envia(m, "quit");
    m.entrada = None; // fecha a entrada: motores que leem até o fim também saem
    let ate = Instant::now() + Duration::from_millis(folga_ms);
    while Instant::now() < ate {
        match m.filho.try_wait() {
            Ok(Some(_)) | Err(_) => return,
            Ok(None) => thread::sleep(Duration::from_millis(PASSO_ESPERA_MS)),
        }
    }
    let _ = m.filho.kill();
    let _ = m.filho.wait();
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn separa_comando_com_aspas() {
        assert_eq!(
            separa_comando("/usr/games/gnuchess --uci"),
            vec!["/usr/games/gnuchess", "--uci"]
        );
        assert_eq!(separa_comando(" a 'b c' \"d\"  "), vec!["a", "b c", "d"]);
        assert_eq!(separa_comando("x ''"), vec!["x", ""]);
        assert!(separa_comando("   ").is_empty());
    }
}
