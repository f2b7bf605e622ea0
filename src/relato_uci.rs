//! O que o protocolo UCI faz enquanto a busca pensa: o relator que a busca
//! recebe dele (`TRelatorUci`), que escreve as linhas `info` e decide o que
//! fazer com cada linha que chega — `isready` responde na hora, `stop` e
//! `quit` param, `ponderhit` põe o relógio a correr, o resto espera. Cada
//! `stop` é do `go` mais recente antes dele: depois de um `go` que espera
//! na fila, tudo vai para a fila, na ordem, e a busca desse `go` tira da
//! frente da fila o `stop`/`isready`/`ponderhit` dela.
//!
//! Nível 10, abaixo de `uci` (só ele o usa): depende de `relato`,
//! `pensamento`, `comandos_uci` e `entrada`.

use crate::comandos_uci::{interpreta_uci, ComandoUci};
use crate::entrada::{envia, trava, TFila, TFilaCompartilhada};
use crate::lance::TLance;
use crate::pensamento::{falta_escolha, linha_currmove, linha_uci, mostra_no_uci};
use crate::relato::{TInfoBusca, TLinhaPensamento, TReacao, TRelator};
use std::time::Instant;

/// O relator do UCI: a fila do protocolo e a opção `UCI_ShowWDL`. O UCI
/// sempre quer as linhas `info` (não há `post`/`nopost`).
pub struct TRelatorUci {
    pub fila: TFilaCompartilhada,
    /// Pôr `wdl W D L` em toda linha com escore?
    pub wdl: bool,
    /// A fila já foi varrida atrás do `stop`/`isready`/`ponderhit` desta
    /// busca (ver `consulta`).
    pub varreu: bool,
    /// A última linha de pensamento mostrada nesta busca: a do lance
    /// jogado só sai se ela não for essa (`escolha`).
    pub ultima: Option<TLinhaPensamento>,
}

impl TRelator for TRelatorUci {
    fn mostra(&self) -> bool {
        true
    }
    fn linha(&mut self, l: &TLinhaPensamento) {
        if mostra_no_uci(l) {
            envia(&linha_uci(l, self.wdl));
            self.ultima = Some(*l);
        }
    }
    /// A linha do lance do `bestmove`, se a última `info … pv` não é ela: o
    /// fastchess compara o `bestmove` com o começo da última PV. Depois de
    /// um `quit` não há `bestmove` a acompanhar.
    fn escolha(&mut self, l: &TLinhaPensamento) {
        if trava(&self.fila).cancelou || !falta_escolha(self.ultima.as_ref(), l) {
            return;
        }
        envia(&linha_uci(l, self.wdl));
        self.ultima = Some(*l);
    }
    fn lance_atual(&mut self, prof: i32, lance: &TLance, numero: usize, ms: u64) {
        if let Some(s) = linha_currmove(prof, lance, numero, ms) {
            envia(&s);
        }
    }
    fn aviso(&mut self, texto: &str) {
        envia(&format!("info string {texto}"));
    }
    fn consulta(&mut self, info: &TInfoBusca) -> TReacao {
        let mut f = trava(&self.fila);
        let mut reacao = TReacao::Continua;
        // Primeiro o que chegou depois do `go` desta busca mas foi lido por
        // uma busca anterior (está na fila, antes do próximo `go`): o
        // `stop`, o `isready`, o `ponderhit` desta busca, mesmo atrás de
        // outros comandos (um `setoption`, uma linha desconhecida), que
        // ficam na fila, na ordem. Uma vez por busca: o que entra na fila
        // depois disso vem do canal, abaixo.
        if !self.varreu {
            self.varreu = true;
            let mut i = 0;
            while i < f.pendentes.len() {
                match interpreta_uci(&f.pendentes[i]) {
                    // O `quit` fica na fila (o laço sai por ele) e para a busca.
                    ComandoUci::Quit => {
                        f.cancelou = true;
                        return TReacao::Para;
                    }
                    // Daqui em diante, tudo é da busca seguinte.
                    ComandoUci::Go(_) => break,
                    ComandoUci::Stop
                    | ComandoUci::IsReady
                    | ComandoUci::PonderHit
                    | ComandoUci::Debug(_)
                    | ComandoUci::Vazia => {
                        let Some(l) = f.pendentes.remove(i) else {
                            break;
                        };
                        match efeito_uci(&mut f, info, l) {
                            TReacao::Continua => {}
                            // Depois do `stop` a busca acabou: um
                            // `ponderhit` atrás dele não tem o que acertar
                            // (não pode desfazer o `stop`).
                            TReacao::PonderHit if reacao == TReacao::Para => {}
                            // O resto da fila fica para a próxima consulta.
                            TReacao::PonderHit => {
                                self.varreu = false;
                                return TReacao::PonderHit;
                            }
                            TReacao::Para => reacao = TReacao::Para,
                        }
                    }
                    _ => i += 1,
                }
            }
        }
        while let Some(Ok(linha)) = f.rx.as_ref().map(|rx| rx.try_recv()) {
            // Com um `go` esperando na fila, o que vem depois dele é da
            // busca seguinte (o `stop` dela, o `isready` dela): vai para a
            // fila, na ordem. Sem isso, `go infinite`, `stop`, `position`,
            // `go infinite`, `stop` lidos de uma vez davam um `bestmove`
            // só: o segundo `stop` parava a primeira busca. O `quit` para
            // esta também.
            if f.pendentes.iter().any(|l| eh_go(l)) {
                if matches!(interpreta_uci(&linha), ComandoUci::Quit) {
                    f.cancelou = true;
                    reacao = TReacao::Para;
                }
                f.pendentes.push_back(linha);
                continue;
            }
            match efeito_uci(&mut f, info, linha) {
                TReacao::Continua => {}
                // `stop` e `ponderhit` lidos juntos: vale o `stop` (acima).
                TReacao::PonderHit if reacao == TReacao::Para => {}
                TReacao::PonderHit => return TReacao::PonderHit,
                TReacao::Para => reacao = TReacao::Para,
            }
        }
        reacao
    }
    fn ouve(&self) -> bool {
        trava(&self.fila).rx.is_some()
    }
}

/// A linha é um `go` (que começará outra busca)?
fn eh_go(linha: &str) -> bool {
    matches!(interpreta_uci(linha), ComandoUci::Go(_))
}

/// Uma linha UCI durante a busca. `isready` responde na hora (a
/// especificação: mesmo pensando); `stop` para e o laço manda o
/// `bestmove` (também no ponder: o UCI sempre quer o `bestmove`);
/// `ponderhit` transforma o ponder em busca com relógio; `quit` para e vai
/// para a fila; o resto (que a interface não deveria mandar durante a
/// busca) espera a busca acabar, na ordem.
fn efeito_uci(e: &mut TFila, info: &TInfoBusca, linha: String) -> TReacao {
    match interpreta_uci(&linha) {
        ComandoUci::IsReady => {
            envia("readyok");
            TReacao::Continua
        }
        ComandoUci::Vazia | ComandoUci::Debug(_) => TReacao::Continua,
        ComandoUci::Stop => TReacao::Para,
        ComandoUci::PonderHit if info.ponderando => {
            e.instante_hit = Some(Instant::now());
            TReacao::PonderHit
        }
        ComandoUci::PonderHit => TReacao::Continua,
        ComandoUci::Quit => {
            e.pendentes.push_back(linha);
            e.cancelou = true;
            TReacao::Para
        }
        _ => {
            e.pendentes.push_back(linha);
            TReacao::Continua
        }
    }
}
