//! Entrada do protocolo: a thread leitora da entrada padrão e o que a busca
//! faz com os comandos que chegam enquanto ela pensa.
//!
//! Nível 1: depende de `tipos` e `lance`. (Esboço: o parser `nom` e as
//! reações completas vêm com o protocolo xboard.)

use crate::lance::TLance;
use std::collections::VecDeque;
use std::sync::mpsc::Receiver;

/// O que a busca deve fazer depois de olhar a entrada.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TReacao {
    /// Nada mudou: continue.
    Continua,
    /// Pare já e devolva o melhor lance (ou, no ponder/análise, nada).
    Para,
    /// O oponente jogou o lance esperado no ponder: a busca continua, agora
    /// com o relógio correndo (`limites_ponderhit`).
    PonderHit,
}

/// O que a busca conta de si quando a entrada pergunta (`.` → `stat01:`).
#[derive(Clone, Copy, Debug, Default)]
pub struct TInfoBusca {
    pub ms: u64,
    pub nos: u64,
    pub profundidade: u32,
    pub lances_restantes: u32,
    pub lances_total: u32,
    pub lance_atual: TLance,
    /// Pensando no tempo do oponente?
    pub ponderando: bool,
    /// Em modo de análise?
    pub analisando: bool,
    /// O lance esperado do oponente durante o ponder.
    pub lance_ponder: TLance,
}

/// A entrada vista pela busca: o canal da thread leitora e as linhas que
/// chegaram durante a busca e ficam para o laço do protocolo.
#[derive(Default)]
pub struct TEntrada {
    pub rx: Option<Receiver<String>>,
    pub pendentes: VecDeque<String>,
}

/// Olha (sem bloquear) se chegou algo e decide o que a busca faz.
pub fn verifica_entrada(e: &mut TEntrada, _info: &TInfoBusca) -> TReacao {
    if let Some(rx) = &e.rx {
        if let Ok(linha) = rx.try_recv() {
            e.pendentes.push_back(linha);
            return TReacao::Para;
        }
    }
    TReacao::Continua
}
