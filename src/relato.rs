//! O único caminho entre a busca e o mundo: o que ela conta enquanto pensa
//! (uma linha de pensamento nova, o lance da raiz em pesquisa, um aviso) e a
//! pergunta que ela faz de tempos em tempos ("devo parar? chegou algo?").
//!
//! Nível 1: depende só de `tipos` e `lance`. A busca não sabe que protocolo
//! a ouve: ela chama um `TRelator`, que o protocolo fornece — o do xboard
//! (`relato_xboard`), o do UCI (`relato_uci`) ou o silencioso (`TSilencioso`,
//! o de `bench`, `datagen`, `epd`, `texel` e dos testes). É um trait com três
//! implementações, e não um canal, porque a busca do ICE roda na thread do
//! protocolo e consulta a entrada a cada N nós (o `bioskey` do `ice.c`): a
//! pergunta precisa de resposta na hora, e um canal só teria a ida.
//!
//! Como o `set_on_update_full` do Stockfish ou os relatórios por canal do
//! Rustic: o que a busca mostra é um valor (`TLinhaPensamento`); o formato
//! de cada protocolo é de `pensamento`, e quem escreve é o protocolo.

use crate::lance::{TLance, TPv};

/// O que a busca faz depois de perguntar ao relator.
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

/// O que a busca conta de si quando pergunta (o `.` do xboard pede isto
/// como `stat01:`; o ponder precisa do lance esperado).
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

/// De onde vem uma linha de pensamento.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TTipoLinha {
    /// Um α melhor no meio de uma iteração da raiz (o `ImprimePV` do ICE).
    Melhora,
    /// Uma das linhas do fim de uma iteração completa.
    Iteracao,
    /// O fim da busca, quando ela pesquisou algo depois da última iteração
    /// completa (os nós e o tempo do fim).
    Final,
    /// Uma pesquisa da raiz que falhou alto na janela de aspiração: o escore
    /// é só um limite inferior (o `lowerbound` do UCI), e a janela se abre
    /// para cima e a raiz é pesquisada de novo.
    FalhaAlta,
    /// A que falhou baixo: o escore é um limite superior (`upperbound`).
    FalhaBaixa,
}

/// Uma linha de pensamento, já com tudo o que os protocolos mostram.
#[derive(Clone, Copy)]
pub struct TLinhaPensamento {
    pub tipo: TTipoLinha,
    pub profundidade: i32,
    /// O ply mais fundo alcançado (o `seldepth` do UCI).
    pub seldepth: usize,
    /// O número desta linha no MultiPV (1 = a melhor) e quantas há.
    pub numero: usize,
    pub linhas: usize,
    /// Escore do ponto de vista do lado a jogar (o das tabelas na raiz
    /// delas, salvo mate achado).
    pub escore: i32,
    /// Nós de todas as threads e o tempo da busca (ms; virtual com `nps`).
    pub nos: u64,
    pub ms: u64,
    /// Ocupação da tabela, em milésimos.
    pub hashfull: usize,
    /// Sondas das tabelas Syzygy (`None`: sem tabelas).
    pub tbhits: Option<u64>,
    /// O tempo é o virtual do `nps` (a interface cobra pelos nós).
    pub nps_virtual: bool,
    /// O material na raiz, para o modelo de vitória/empate/derrota
    /// (`wdl::material_wdl`), e o contador da regra dos 50 nela.
    pub material: i32,
    pub meio_lances: u16,
    pub pv: TPv,
}

/// Quem ouve a busca. Só a thread principal fala; as ajudantes do Lazy SMP
/// têm sempre o silencioso.
pub trait TRelator: Send {
    /// Quer as linhas de pensamento? (Sem ninguém para ler, a busca nem as
    /// monta: o `post` desligado, o `bench`.)
    fn mostra(&self) -> bool;
    /// Uma linha de pensamento.
    fn linha(&mut self, l: &TLinhaPensamento);
    /// O fim da busca, com o lance que vai ser jogado já escolhido (o da
    /// principal, o de uma ajudante do Lazy SMP, o da força limitada): a
    /// linha dele (`busca::relata_escolha`). A interface toma a última linha
    /// de pensamento pela do lance jogado; o protocolo mostra esta se a
    /// última que ele mostrou não é ela (`pensamento::falta_escolha`).
    fn escolha(&mut self, l: &TLinhaPensamento);
    /// O lance da raiz em pesquisa: o `numero`-ésimo da iteração `prof`.
    fn lance_atual(&mut self, prof: i32, lance: &TLance, numero: usize, ms: u64);
    /// Um aviso ao usuário (um arquivo de tabela ruim).
    fn aviso(&mut self, texto: &str);
    /// A cada N nós: o que chegou de fora, e o que a busca faz com isso.
    fn consulta(&mut self, info: &TInfoBusca) -> TReacao;
    /// Alguém de fora pode mandar parar? Sem isso a análise e o ponder não
    /// esperam a ordem (ninguém a daria).
    fn ouve(&self) -> bool;
}

/// O relator de quem não ouve nada nem manda nada: a busca fica muda e só
/// para pelos limites.
#[derive(Clone, Copy, Debug, Default)]
pub struct TSilencioso;

impl TRelator for TSilencioso {
    fn mostra(&self) -> bool {
        false
    }
    fn linha(&mut self, _: &TLinhaPensamento) {}
    fn escolha(&mut self, _: &TLinhaPensamento) {}
    fn lance_atual(&mut self, _: i32, _: &TLance, _: usize, _: u64) {}
    fn aviso(&mut self, _: &str) {}
    fn consulta(&mut self, _: &TInfoBusca) -> TReacao {
        TReacao::Continua
    }
    fn ouve(&self) -> bool {
        false
    }
}
