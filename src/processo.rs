//! Um processo filho que fala por linhas: entrada e saída padrão por canos,
//! uma thread que lê a saída e manda cada linha por um canal, e leitura com
//! prazo. É como se conversa com um motor de xadrez de fora.
//!
//! Servem-se dele o executor `epd2wb` (que fala com qualquer motor) e os
//! testes do protocolo (`tests/motor/`, que falam com o binário `ice`). O
//! prazo em toda leitura é o ponto: um motor travado ou morto nunca trava
//! quem o chamou, só faz a leitura voltar `Tempo` ou `Fim`.
//!
//! Nível 1: só a biblioteca padrão, nada do motor. O lado de dentro do
//! motor (a leitura do próprio stdin) é outro módulo, `entrada`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Intervalo entre verificações de fim de processo (`espera_fim`): curto o
/// bastante para não atrasar quem espera, longo para não gastar CPU.
const PASSO_ESPERA_MS: u64 = 10;

/// Um processo filho em execução.
pub struct TProcesso {
    /// O filho, para `id`, `try_wait`, `kill`.
    pub filho: Child,
    /// Entrada do filho; `None` depois de fechada (ou de um erro de escrita).
    entrada: Option<ChildStdin>,
    /// Linhas da saída do filho, sem o fim de linha, na ordem.
    linhas: Receiver<String>,
    /// `false` depois que a saída acabou (o filho morreu ou a fechou).
    pub vivo: bool,
}

/// Resultado de uma leitura com prazo.
#[derive(Debug, PartialEq)]
pub enum TLeitura {
    Linha(String),
    /// O prazo passou sem linha nova.
    Tempo,
    /// A saída do filho acabou: não virá mais nada.
    Fim,
}

impl Drop for TProcesso {
    // RUST: nenhum filho sobrevive a quem o criou, mesmo num caminho de erro
    // ou num teste que falhou no meio; o fim educado (`quit`) é do chamador.
    fn drop(&mut self) {
        self.entrada = None;
        if let Ok(None) = self.filho.try_wait() {
            let _ = self.filho.kill();
        }
        let _ = self.filho.wait();
    }
}

/// Inicia o comando com entrada e saída por canos. A saída de erro vai para
/// o nada: motores como o Sjeng escrevem muito nela, e um cano cheio que
/// ninguém lê travaria o filho.
pub fn inicia_processo(cmd: &mut Command) -> Result<TProcesso, String> {
    let programa = cmd.get_program().to_string_lossy().into_owned();
    let mut filho = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("não consegui iniciar {programa}: {e}"))?;
    let saida = filho.stdout.take().ok_or("processo sem saída padrão")?;
    let entrada = filho.stdin.take();
    Ok(TProcesso {
        filho,
        entrada,
        linhas: linhas_da_saida(saida),
        vivo: true,
    })
}

/// Uma thread que lê a saída do filho linha a linha (sem o fim de linha) e
/// as manda pelo canal; o canal fecha quando a saída fecha.
pub fn linhas_da_saida(saida: ChildStdout) -> Receiver<String> {
    let (tx, rx) = channel();
    thread::spawn(move || {
        // Lê bytes e converte com perdas: um filho que escreve lixo (ou
        // Latin-1) não derruba quem lê.
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
                    // Quem lia foi embora: não há para quem mandar.
                    if tx.send(s).is_err() {
                        break;
                    }
                }
            }
        }
    });
    rx
}

/// Manda bytes crus ao filho. `false` se não deu (entrada já fechada, ou o
/// filho morreu); depois de um erro a entrada fica fechada.
pub fn envia_bytes(p: &mut TProcesso, bytes: &[u8]) -> bool {
    let ok = match p.entrada.as_mut() {
        Some(e) => e.write_all(bytes).and_then(|_| e.flush()).is_ok(),
        None => false,
    };
    if !ok {
        p.entrada = None;
    }
    ok
}

/// Manda uma linha (com `\n`). `false` se não deu, como `envia_bytes`.
pub fn envia(p: &mut TProcesso, linha: &str) -> bool {
    envia_bytes(p, format!("{linha}\n").as_bytes())
}

/// Fecha a entrada do filho: quem lê até o fim do arquivo (EOF) termina.
pub fn fecha_entrada(p: &mut TProcesso) {
    p.entrada = None;
}

/// Lê a próxima linha até o instante `ate`. Passado o prazo volta `Tempo`
/// sem olhar o canal: um filho que inunda a saída (o Sjeng escreve milhares
/// de linhas) não prende quem lê além do prazo.
pub fn le_linha_ate(p: &mut TProcesso, ate: Instant) -> TLeitura {
    if !p.vivo {
        return TLeitura::Fim;
    }
    let agora = Instant::now();
    if agora >= ate {
        return TLeitura::Tempo;
    }
    match p.linhas.recv_timeout(ate - agora) {
        Ok(l) => TLeitura::Linha(l),
        Err(RecvTimeoutError::Timeout) => TLeitura::Tempo,
        // O canal desconecta quando a thread leitora vê o fim da saída.
        Err(RecvTimeoutError::Disconnected) => {
            p.vivo = false;
            TLeitura::Fim
        }
    }
}

/// Espera o filho terminar por até `prazo`; `true` se terminou.
pub fn espera_fim(p: &mut TProcesso, prazo: Duration) -> bool {
    let ate = Instant::now() + prazo;
    loop {
        match p.filho.try_wait() {
            Ok(Some(_)) | Err(_) => return true,
            Ok(None) if Instant::now() >= ate => return false,
            Ok(None) => thread::sleep(Duration::from_millis(PASSO_ESPERA_MS)),
        }
    }
}

/// Mata o filho (se ainda vivo) e recolhe o processo.
pub fn mata(p: &mut TProcesso) {
    let _ = p.filho.kill();
    let _ = p.filho.wait();
}

#[cfg(test)]
mod testes {
    use super::*;

    /// `cat` devolve o que recebe: ida, volta e fim da saída.
    #[test]
    fn conversa_com_cat() {
        let Ok(mut p) = inicia_processo(&mut Command::new("cat")) else {
            return; // sem `cat` na máquina: nada a testar
        };
        assert!(envia(&mut p, "ola"));
        let ate = Instant::now() + Duration::from_secs(10);
        assert_eq!(
            le_linha_ate(&mut p, ate),
            TLeitura::Linha("ola".to_string())
        );
        // Prazo curto sem nada a ler: Tempo; prazo vencido: Tempo sem esperar.
        let curto = Instant::now() + Duration::from_millis(20);
        assert_eq!(le_linha_ate(&mut p, curto), TLeitura::Tempo);
        assert_eq!(le_linha_ate(&mut p, Instant::now()), TLeitura::Tempo);
        // Sem entrada o `cat` termina e a saída acaba.
        fecha_entrada(&mut p);
        assert!(!envia(&mut p, "tarde"));
        assert_eq!(le_linha_ate(&mut p, ate), TLeitura::Fim);
        assert!(!p.vivo);
        assert!(espera_fim(&mut p, Duration::from_secs(10)));
    }

    #[test]
    fn programa_inexistente_da_erro() {
        let r = inicia_processo(&mut Command::new("/nao/existe/motor"));
        assert!(r.is_err_and(|e| e.contains("/nao/existe/motor")));
    }
}
