//! O motor: início, leitura com prazo, features, sincronia e fim.
//!
//! O processo em si (canos, a thread que lê a saída, leitura com prazo) é o
//! `ice::processo`, o mesmo dos testes do protocolo; aqui fica o que é do
//! protocolo xboard/UCI. Toda espera tem prazo, de modo que um motor travado
//! ou morto nunca trava o executor; o fim da saída é como o executor
//! percebe que o motor caiu.

use ice::processo::{self, inicia_processo, le_linha_ate, TProcesso};
use std::process::Command;
use std::time::{Duration, Instant};

pub use ice::processo::TLeitura;

/// Espera máxima depois de `feature done=0` (o protocolo permite 1 hora;
/// aqui basta um minuto, e a espera continua limitada).
pub const ESPERA_DONE0_MS: u64 = 60_000;

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
    /// O processo; `processo.vivo` fica `false` quando a saída acaba.
    pub processo: TProcesso,
    pub feat: TFeatures,
    /// Próximo número de `ping`.
    pub ping_n: u64,
    /// Mostra o tráfego na saída de erro (`-d`).
    pub dump: bool,
    /// Protocolo UCI em vez de xboard.
    pub uci: bool,
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

/// Inicia o motor (a saída de erro dele vai para o nada; ver
/// `ice::processo::inicia_processo`).
pub fn inicia_motor(cmd: &[String], uci: bool, dump: bool) -> Result<TMotor, String> {
    let programa = cmd.first().ok_or("comando do motor vazio")?;
    let processo = inicia_processo(Command::new(programa).args(&cmd[1..]))?;
    Ok(TMotor {
        processo,
        feat: TFeatures::default(),
        ping_n: 1,
        dump,
        uci,
    })
}

/// Manda uma linha ao motor. Um erro de escrita (motor morto) fecha a
/// entrada e é percebido depois, na leitura: aqui não há o que fazer.
pub fn envia(m: &mut TMotor, s: &str) {
    if m.dump {
        eprintln!("> {s}");
    }
    processo::envia(&mut m.processo, s);
}

/// Lê a próxima linha até o instante `ate` (passado o prazo, `Tempo` sem
/// olhar o canal). Linhas `feature` são respondidas aqui mesmo (mesmo as que
/// chegam tarde, como as do GNU Chess) e voltam também, para que a
/// apresentação veja o `done=1` na hora.
pub fn le_ate(m: &mut TMotor, ate: Instant) -> TLeitura {
    match le_linha_ate(&mut m.processo, ate) {
        TLeitura::Linha(l) => TLeitura::Linha(trata_linha(m, l)),
        outra => outra,
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

/// O campo de uma feature de sim/não que o executor usa (`ping=1`,
/// `setboard=0`…), pelo nome; `None` para as outras.
fn feature_sim_nao<'a>(f: &'a mut TFeatures, nome: &str) -> Option<&'a mut bool> {
    match nome {
        "ping" => Some(&mut f.ping),
        "setboard" => Some(&mut f.setboard),
        "analyze" => Some(&mut f.analyze),
        "colors" => Some(&mut f.colors),
        "usermove" => Some(&mut f.usermove),
        "san" => Some(&mut f.san),
        _ => None,
    }
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
        let aceita = if let Some(campo) = feature_sim_nao(&mut m.feat, &nome) {
            *campo = sim;
            true
        } else {
            match nome.as_str() {
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
            }
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
    if !m.processo.vivo {
        return false;
    }
    // Sem ping: só resta esperar um tempo fixo, jogando fora o que chegar.
    if !m.feat.ping {
        let fim = Instant::now() + Duration::from_millis(sem_ping_ms);
        let fim = if fim < ate { fim } else { ate };
        while let TLeitura::Linha(_) = le_ate(m, fim) {}
        return m.processo.vivo;
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
    // Fecha a entrada: motores que leem até o fim também saem.
    processo::fecha_entrada(&mut m.processo);
    if !processo::espera_fim(&mut m.processo, Duration::from_millis(folga_ms)) {
        processo::mata(&mut m.processo);
    }
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
