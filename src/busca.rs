//! O aprofundamento iterativo do ICE: o estado da busca (`TBusca`, o pedido
//! do protocolo em `TPedido`), o laço de profundidades com a janela de
//! aspiração e o MultiPV, e a raiz. A árvore (`alpha_beta`, `quiescence`)
//! fica em `arvore`; a linha de pensamento que o protocolo lê, em
//! `pensamento`; a ordem dos lances (SEE, killers, history), em `ordenacao`.
//!
//! Nível 6, com `arvore` e `pensamento` (os três são a busca e usam-se entre
//! si): depende de `tabuleiro`, `geracao`, `avaliacao`, `ordenacao`, `hash`,
//! `tempo`, `entrada`. Porta de `busca.c` do ICE (seção 4.4 do artigo), com
//! as melhorias que os próprios autores listaram como próximos passos
//! (4.8.3) e outras que entraram depois, cada uma medida por SPRT
//! (docs/forca.md). Todas elas ficam atrás do modo clássico
//! (`define_classico`): com ele ligado a busca é a do "ICE clássico" (1.78).
//!
//! Convenções:
//! * negamax *fail-soft*: um nó pode devolver valores fora de (α, β), o que
//!   dá limites mais justos à tabela de transposição;
//! * escores em centipeões do ponto de vista do lado a jogar; mate = MATE − ply
//!   (a distância conta, para preferir o mate mais curto);
//! * nada é alocado durante a busca: listas de lances e PVs são vetores fixos
//!   na pilha de cada nó.
//!
//! A busca não conhece o protocolo: a entrada chega por `entrada`; o tempo é
//! perguntado a `tempo` (`TTempo`).
//!
//! Com várias threads (o Lazy SMP de `paralelo`, só ICE-rs) cada uma roda
//! esta mesma busca com o seu `TBusca` sobre a tabela dividida; só muda quem
//! olha relógio e entrada (a principal, em `verifica_parada`) e quais
//! iterações as ajudantes pulam (`pula_iteracao`).
//!
//! Como ler: `busca` chama `itera_profundidade` (uma iteração por
//! profundidade, com as linhas do MultiPV dentro), que chama
//! `janela_aspiracao` e `busca_raiz`, que chama `arvore::alpha_beta`.

use crate::arvore::{alpha_beta, tabela_lmr, TNoPilha};
use crate::avaliacao::{nova_avaliacao, TAvaliacao};
use crate::correcao::{limpa_correcao, nova_correcao, TCorrecao};
use crate::entrada::{verifica_entrada, TEntrada, TInfoBusca, TReacao};
use crate::estatisticas::TEstatisticas;
use crate::geracao::gera_lista_lances;
use crate::hash::*;
use crate::lance::*;
use crate::ordenacao::{
    limpa_ordenacao, nova_ordenacao, obtem_melhor_lance, ordena_lances, prepara_ordenacao,
    TOrdenacao,
};
use crate::pensamento::{
    imprime_aviso, imprime_lance_atual, imprime_linha_final, imprime_melhora, imprime_pv,
};
use crate::syzygy::{escore_wdl, ordena_raiz, TTabelas};
use crate::tabuleiro::{TBoard, REPETICOES_BUSCA};
use crate::tempo::{
    acerto_do_ponder, cabe_outra_iteracao, inicializa_tempo_busca, limite_atingido,
    mascara_verificacao, nota_iteracao, so_para_por_ordem, tempo_decorrido_ms, TLimites, TTempo,
    FRACAO_NEUTRA, MASCARA_RELOGIO,
};
use crate::tipos::*;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::Arc;

// --- Parâmetros do aprofundamento (cada um com o porquê) ---
/// Largura inicial da janela de aspiração (ICE 50f3dea: 50).
pub const JANELA_ASPIRACAO: i32 = 50;
/// Profundidade a partir da qual a janela de aspiração é usada.
const PROF_ASPIRACAO: i32 = 4;
/// Janela de aspiração: ao passar desta largura, o lado que falhou abre de
/// vez (±INFINITO). Mais uma duplicação custaria outra pesquisa à toa.
const JANELA_MAXIMA: i32 = 1000;
/// Lazy SMP (`paralelo`): as ajudantes pulam iterações num padrão fixo, o
/// do Stockfish 7–10, para não pesquisarem todas a mesma profundidade ao
/// mesmo tempo. A ajudante i usa a coluna (i − 1) mod 20 e pula a iteração
/// `prof` quando ⌊(prof + fase) ÷ tamanho⌋ é ímpar: a 1ª faz só as pares, a
/// 2ª só as ímpares, as seguintes blocos de 2, 3 e 4 iterações. Assim parte
/// delas está sempre uma iteração à frente da principal, e o que acham chega
/// a ela pela tabela. A principal (thread 0) nunca pula.
const SALTO_TAMANHO: [i32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SALTO_FASE: [i32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
/// Na análise e no ponder, a espera pela ordem de fora dorme tanto entre
/// olhadas na entrada (não gasta CPU, e 5 ms não se percebem).
const PAUSA_ESPERA_MS: u64 = 5;

// --- Melhorias pós-ICE (seção 4.8.3), cada uma desligável para medir ---
/// SEE para separar capturas boas e ruins, podar as ruins na quiescência e,
/// perto do horizonte, os lances quietos que entregam material.
pub const MELHORIA_SEE: u32 = 1;
/// Futilidade na profundidade 1 e futilidade reversa até a 3.
pub const MELHORIA_FUTILIDADE: u32 = 2;
/// Reduções de lances tardios (LMR).
pub const MELHORIA_LMR: u32 = 4;
/// Extensão por ameaça de mate, vista pelo lance nulo.
pub const MELHORIA_AMEACA_MATE: u32 = 8;
/// Poda delta na quiescência.
pub const MELHORIA_DELTA: u32 = 16;
/// Poda dos quietos tardios perto do horizonte (LMP).
pub const MELHORIA_LMP: u32 = 32;
/// Tabela de transposição também na quiescência.
pub const MELHORIA_TT_QS: u32 = 64;
/// History limitada com gravidade (`ordenacao::TOrdenacao::history_limitada`).
pub const MELHORIA_HISTORY: u32 = 128;
/// Capturas ruins depois dos killers (`ordenacao::TOrdenacao::ruins_depois`).
pub const MELHORIA_RUINS: u32 = 256;
/// Sem lance nulo quando a tabela já diz que o nó fica abaixo de β, e os
/// killers dos filhos zerados a cada nó (Toga, Ethereal).
pub const MELHORIA_NULO_TT: u32 = 512;
/// LMP contando só os quietos, até a profundidade 8, com limite menor quando
/// o lado não está melhorando (Ethereal, Stockfish).
pub const MELHORIA_LMP_QUIETOS: u32 = 1024;
/// Poda pela SEE das capturas que perdem material perto do horizonte.
pub const MELHORIA_SEE_CAPTURAS: u32 = 2048;
/// LMR ajustado: um ply a mais sem melhora, menos com history boa.
pub const MELHORIA_LMR_HISTORY: u32 = 4096;
/// Redução interna (IIR): sem lance da tabela, um ply a menos.
pub const MELHORIA_IIR: u32 = 8192;
/// Estática corrigida pela média do que a busca achou em estruturas de
/// peões iguais (`correcao`).
pub const MELHORIA_CORRECAO: u32 = 16384;
/// History de continuação: (lance anterior, lance) na ordem dos quietos
/// (`ordenacao::TOrdenacao::continuacao`).
pub const MELHORIA_CONTINUACAO: u32 = 32768;
/// Extensão singular e multi-cut (`arvore::pesquisa_singular`).
pub const MELHORIA_SINGULAR: u32 = 65536;
/// Sem futilidade reversa com o rei do lado a jogar atacado
/// (`arvore::rei_atacado`).
pub const MELHORIA_REI_ATACADO: u32 = 131072;
/// Todas as melhorias.
pub const TODAS_MELHORIAS: u32 = 262143;
/// As melhorias da busca com que a força limitada foi calibrada (issue 30,
/// build `79995a1`, Bench 2334706). O nível é um teto de nós por lance: uma
/// busca que aproveita melhor cada nó jogaria acima do Elo medido, então o
/// nível joga com esta, e o mapa Elo → nós continua valendo.
pub const MELHORIAS_DO_NIVEL: u32 = MELHORIA_SEE
    | MELHORIA_FUTILIDADE
    | MELHORIA_LMR
    | MELHORIA_AMEACA_MATE
    | MELHORIA_DELTA
    | MELHORIA_LMP
    | MELHORIA_TT_QS;

/// Nomes das melhorias (para `--sem see,lmr` na linha de comando).
pub const NOMES_MELHORIAS: [(&str, u32); 18] = [
    ("see", MELHORIA_SEE),
    ("futilidade", MELHORIA_FUTILIDADE),
    ("lmr", MELHORIA_LMR),
    ("ameaca", MELHORIA_AMEACA_MATE),
    ("delta", MELHORIA_DELTA),
    ("lmp", MELHORIA_LMP),
    ("ttqs", MELHORIA_TT_QS),
    ("history", MELHORIA_HISTORY),
    ("ruins", MELHORIA_RUINS),
    ("nulott", MELHORIA_NULO_TT),
    ("lmpquietos", MELHORIA_LMP_QUIETOS),
    ("seecapturas", MELHORIA_SEE_CAPTURAS),
    ("lmrhistory", MELHORIA_LMR_HISTORY),
    ("iir", MELHORIA_IIR),
    ("correcao", MELHORIA_CORRECAO),
    ("continuacao", MELHORIA_CONTINUACAO),
    ("singular", MELHORIA_SINGULAR),
    ("reiatacado", MELHORIA_REI_ATACADO),
];

/// O que as threads de uma busca (Lazy SMP, ver `paralelo`) dividem além
/// da tabela: a ordem de parar, que só a principal dá, e os nós de cada
/// ajudante, que ela publica de tempos em tempos (em `verifica_parada`) para
/// a principal somar nas linhas de pensamento e no `stat01`. Uma busca de
/// uma thread só tem a lista de nós vazia.
#[derive(Default)]
pub struct TCompartilhado {
    pub parar: AtomicBool,
    /// Nós da ajudante i em `nos[i − 1]`.
    pub nos: Vec<AtomicU64>,
    /// A iteração mais funda que alguma ajudante completou nesta busca. Com
    /// limite de profundidade, a principal para quando uma ajudante chega lá:
    /// o resultado daquela profundidade já existe (e `busca_paralela` o usa).
    pub prof_concluida: AtomicI32,
}

/// O que quem chama a busca pede, além dos limites (`TLimites`, o argumento
/// da `busca`): o protocolo o preenche antes de cada busca, e o Lazy SMP o
/// copia inteiro para as ajudantes (`paralelo::prepara_ajudante`). A busca
/// só o lê. Como o `SearchInput` do Fruit.
#[derive(Clone, Debug)]
pub struct TPedido {
    /// Imprimir as linhas de pensamento (`post`)?
    pub post: bool,
    /// As linhas de pensamento saem no formato do UCI (`info depth …`) em
    /// vez do formato do xboard.
    pub saida_uci: bool,
    /// Pensar no tempo do oponente: o relógio só começa no acerto (ver
    /// `TTempo`), e até lá só uma ordem de fora para a busca.
    pub ponderando: bool,
    /// Lance esperado do oponente durante o ponder.
    pub lance_ponder: TLance,
    /// Limites que passam a valer quando o ponder acerta.
    pub limites_ponderhit: TLimites,
    /// Modo de análise: busca sem fim, nunca joga.
    pub analisando: bool,
    /// Quantas linhas a raiz mostra por profundidade (MultiPV; 1 = só a
    /// melhor). O protocolo põe > 1 só na análise: jogando, vale a melhor.
    pub multipv: usize,
    /// Lances da raiz que a interface tirou da busca (`exclude` do xboard,
    /// o complemento do `searchmoves` do UCI), pelo `codigo_exato()`. A busca só
    /// os consulta uma vez, na raiz.
    pub excluidos: Vec<u16>,
    /// `nps N` (CECP): N > 0 faz o tempo da busca ser nós ÷ N (o relógio
    /// virtual de `tempo`); 0 usa o relógio de parede.
    pub nps: u64,
    /// Contar o que cada passo fez (`--estatisticas`)? Desligado, cada
    /// contador custa um teste sempre previsto.
    pub com_estatisticas: bool,
    /// As tabelas Syzygy (`None`: sem tabelas; em `Arc`, as mesmas para
    /// todas as threads) e como usá-las: até `tb_pecas` peças (0 não sonda),
    /// a partir da profundidade `tb_prof`, com ou sem a regra dos 50.
    pub tabelas: Option<Arc<TTabelas>>,
    pub tb_pecas: usize,
    pub tb_prof: i32,
    pub tb_regra50: bool,
    /// `Contempt` (cp): quanto o lado da raiz acha que um empate lhe custa.
    /// O empate vale −contempt para ele e +contempt para o oponente
    /// (`arvore::escore_empate`); 0 é o empate neutro do ICE.
    pub contempt: i32,
}

impl Default for TPedido {
    fn default() -> Self {
        TPedido {
            post: true,
            saida_uci: false,
            ponderando: false,
            lance_ponder: LANCE_NULO,
            limites_ponderhit: TLimites::default(),
            analisando: false,
            multipv: 1,
            excluidos: Vec::new(),
            nps: 0,
            com_estatisticas: false,
            tabelas: None,
            tb_pecas: 0,
            tb_prof: 1,
            tb_regra50: true,
            contempt: 0,
        }
    }
}

/// O estado da busca: o que no ICE eram variáveis globais. Cada thread do
/// Lazy SMP tem o seu (killers, history, pilha, avaliação, contadores); só
/// a tabela e o `compartilhado` são de todas.
pub struct TBusca {
    pub tt: Arc<TTabelaHash>,
    pub av: TAvaliacao,
    pub entrada: TEntrada,
    /// Quais melhorias pós-ICE estão ligadas (bits `MELHORIA_*`).
    pub melhorias: u32,
    /// O que foi pedido (ver `TPedido`).
    pub pedido: TPedido,
    /// O relógio desta busca (início, limites, instabilidade, ponder).
    pub tempo: TTempo,
    /// Killers e history: o que a ordenação aprende durante a busca.
    pub ord: TOrdenacao,
    /// O erro médio da estática por estrutura de peões (`correcao`).
    pub correcao: TCorrecao,
    /// Nós visitados (AlphaBeta + quiescência).
    pub nos: u64,
    /// Nós ao fim de cada iteração completa (para o fator de ramificação).
    pub nos_iteracao: [u64; MAX_DEPTH],
    /// Fim de tempo ou ordem de parar.
    pub parar: bool,
    /// A PV da iteração anterior (da linha em pesquisa, no MultiPV),
    /// seguida no começo de cada iteração.
    pub(crate) pv_anterior: TPv,
    pub(crate) seguindo_pv: bool,
    /// Profundidade da iteração corrente (para limitar as extensões).
    pub(crate) prof_iteracao: i32,
    /// Avaliação estática de cada ply do caminho atual (−INFINITO em
    /// xeque), para saber se o lado a jogar está melhorando.
    pub(crate) estaticas: [i32; MAX_DEPTH + 1],
    /// Lances da raiz ainda por pesquisar na iteração (para `stat01`).
    restantes_raiz: u32,
    total_raiz: u32,
    lance_atual_raiz: TLance,
    /// Pilha de listas e PVs, um elemento por ply.
    pub(crate) pilha: Vec<TNoPilha>,
    /// Reduções do LMR por [profundidade][número do lance], calculadas uma
    /// vez (o logaritmo não entra no laço da busca).
    pub(crate) reducoes_lmr: [[u8; 64]; 64],
    /// De quantos em quantos nós (menos 1) o relógio, o limite de nós e a
    /// entrada são consultados (`tempo::mascara_verificacao`).
    pub(crate) mascara_verificacao: u64,
    /// Os contadores das estatísticas (`pedido.com_estatisticas`); quem as
    /// pede os zera (o `bench` soma várias buscas).
    pub est: TEstatisticas,
    /// 0 na thread principal; i ≥ 1 na i-ésima ajudante, que não olha
    /// relógio nem entrada, só a ordem de parar de `compartilhado`.
    pub id_thread: usize,
    pub compartilhado: Arc<TCompartilhado>,
    /// O ply mais fundo alcançado nesta busca (o `seldepth` do UCI).
    pub seldepth: usize,
    /// As linhas do MultiPV desta iteração e da anterior (alocadas uma vez;
    /// ver `itera_profundidade`).
    linhas: Vec<TLinhaPv>,
    linhas_anteriores: Vec<TLinhaPv>,
    /// Sondas das tabelas Syzygy nesta busca (o `tbhits` do UCI).
    pub tb_sondas: u64,
    /// O escore que as tabelas dão à raiz (mostrado no lugar do da busca,
    /// salvo um mate achado); `None` fora das tabelas.
    pub(crate) tb_escore_raiz: Option<i32>,
}

/// O máximo de linhas do MultiPV (a opção vai de 1 a 64, como no
/// `feature option="MultiPV -spin 1 1 64"`).
pub const MAX_MULTIPV: usize = 64;

/// Uma linha do MultiPV: o escore e a PV (o lance é o primeiro da PV).
#[derive(Clone, Copy, Default)]
pub struct TLinhaPv {
    pub escore: i32,
    pub pv: TPv,
}

/// As linhas da raiz da última iteração completa da thread principal, da
/// melhor para a pior (até `pedido.multipv`; as vazias ficam de fora). A
/// força limitada (`motor::pensa_lance`) escolhe entre elas.
pub fn linhas_da_raiz(bu: &TBusca) -> impl Iterator<Item = &TLinhaPv> {
    bu.linhas_anteriores
        .iter()
        .take(bu.pedido.multipv.min(MAX_MULTIPV))
        .filter(|l| l.pv.num_lances > 0)
}

/// O resultado de uma busca.
#[derive(Clone, Copy, Default)]
pub struct TResultado {
    /// Melhor lance (LANCE_NULO se não há lances).
    pub lance: TLance,
    /// Escore do ponto de vista do lado a jogar.
    pub escore: i32,
    pub pv: TPv,
    /// Última iteração completa.
    pub profundidade: i32,
    pub nos: u64,
    pub ms: u64,
    /// O ponder acertou: o lance do oponente já está no tabuleiro.
    pub ponder_hit: bool,
}

/// Cria o estado da busca com uma tabela de `mb` megabytes.
pub fn nova_busca(mb: usize) -> TBusca {
    nova_busca_com_tabela(Arc::new(nova_tabela_hash(mb)))
}

/// Cria o estado da busca sobre uma tabela que já existe (a das outras
/// threads, no Lazy SMP).
pub fn nova_busca_com_tabela(tt: Arc<TTabelaHash>) -> TBusca {
    TBusca {
        tt,
        av: nova_avaliacao(),
        entrada: TEntrada::default(),
        melhorias: TODAS_MELHORIAS,
        pedido: TPedido::default(),
        tempo: TTempo::default(),
        ord: nova_ordenacao(),
        correcao: nova_correcao(),
        nos: 0,
        nos_iteracao: [0; MAX_DEPTH],
        parar: false,
        pv_anterior: TPv::default(),
        seguindo_pv: false,
        prof_iteracao: 0,
        estaticas: [-INFINITO; MAX_DEPTH + 1],
        restantes_raiz: 0,
        total_raiz: 0,
        lance_atual_raiz: LANCE_NULO,
        pilha: vec![TNoPilha::default(); MAX_DEPTH + 1],
        reducoes_lmr: tabela_lmr(),
        mascara_verificacao: MASCARA_RELOGIO,
        est: TEstatisticas::default(),
        id_thread: 0,
        compartilhado: Arc::new(TCompartilhado::default()),
        seldepth: 0,
        linhas: vec![TLinhaPv::default(); MAX_MULTIPV],
        linhas_anteriores: vec![TLinhaPv::default(); MAX_MULTIPV],
        tb_sondas: 0,
        tb_escore_raiz: None,
    }
}

/// A melhoria `m` está ligada? (nunca no modo clássico)
#[inline(always)]
pub fn usa(bu: &TBusca, m: u32) -> bool {
    !bu.av.classico && bu.melhorias & m != 0
}

/// Liga ou desliga o modo "ICE clássico" (1.78): a busca sem as melhorias
/// pós-ICE e a avaliação só com os termos do ICE. A chave mora num lugar só,
/// `TAvaliacao::classico`, porque a avaliação também a consulta e não
/// conhece o `TBusca`.
pub fn define_classico(bu: &mut TBusca, classico: bool) {
    bu.av.classico = classico;
}

/// Muda o tamanho da tabela de transposição (comando `memory`); os MB que
/// ela tem de fato (menos que `mb` se a memória não veio) saem de
/// `mb_da_tabela`.
pub fn redimensiona_hash(bu: &mut TBusca, mb: usize) {
    bu.tt = Arc::new(nova_tabela_hash(mb));
}

/// Nova partida: esquece tabela, history e killers.
pub fn limpa_busca(bu: &mut TBusca) {
    limpa_tabela_hash(&bu.tt);
    limpa_ordenacao(&mut bu.ord);
    limpa_correcao(&mut bu.correcao);
}

/// Nós de todas as threads: os da principal mais os que as ajudantes
/// publicaram (com um atraso de até `MASCARA_RELOGIO` nós cada). Só para
/// mostrar; os limites de nós contam só os da própria thread.
pub fn nos_totais(bu: &TBusca) -> u64 {
    let ajudantes: u64 = bu
        .compartilhado
        .nos
        .iter()
        .map(|n| n.load(Ordering::Relaxed))
        .sum();
    bu.nos + ajudantes
}

/// Confere relógio, limite de nós e entrada; a árvore a chama a cada 2048
/// nós (256 com limite de nós). As decisões de tempo são do `tempo`; o
/// limite de nós conta só os da principal (as ajudantes param com ela).
pub fn verifica_parada(bu: &mut TBusca) {
    if bu.id_thread > 0 {
        verifica_parada_ajudante(bu);
        return;
    }
    let ms = tempo_decorrido_ms(&bu.tempo, bu.nos);
    if limite_atingido(&bu.tempo, ms, bu.nos) {
        bu.parar = true;
    }
    // Lazy SMP: uma ajudante já completou a profundidade pedida.
    let pedida = bu.tempo.limites.profundidade;
    let feita = bu.compartilhado.prof_concluida.load(Ordering::Relaxed);
    if !so_para_por_ordem(&bu.tempo) && pedida > 0 && feita >= pedida as i32 {
        bu.parar = true;
    }
    let info = TInfoBusca {
        ms,
        nos: nos_totais(bu),
        profundidade: bu.prof_iteracao.max(0) as u32,
        lances_restantes: bu.restantes_raiz,
        lances_total: bu.total_raiz,
        lance_atual: bu.lance_atual_raiz,
        ponderando: bu.tempo.ponderando,
        analisando: bu.pedido.analisando,
        lance_ponder: bu.pedido.lance_ponder,
    };
    match verifica_entrada(&mut bu.entrada, &info) {
        TReacao::Continua => {}
        TReacao::Para => bu.parar = true,
        // O oponente jogou o esperado: a busca segue, agora com relógio.
        TReacao::PonderHit => acerto_do_ponder(&mut bu.tempo, ms),
    }
}

/// A `verifica_parada` de uma ajudante: publica os nós para a principal e
/// obedece à ordem de parar dela. Relógio, entrada e saída são só da
/// principal. De 2048 em 2048 nós a ordem chega em ~1,5 ms.
fn verifica_parada_ajudante(bu: &mut TBusca) {
    let c = &bu.compartilhado;
    if let Some(n) = c.nos.get(bu.id_thread - 1) {
        n.store(bu.nos, Ordering::Relaxed);
    }
    if c.parar.load(Ordering::Relaxed) {
        bu.parar = true;
    }
}

/// Empate pelas regras dentro da árvore? A regra é a do tabuleiro
/// (`TBoard::empate_pelas_regras`), uma só para a partida e a busca; só o
/// número de repetições muda (`REPETICOES_BUSCA`: uma ocorrência anterior).
#[inline]
pub fn empate_por_regra(b: &TBoard) -> bool {
    b.empate_pelas_regras(REPETICOES_BUSCA).is_some()
}

// ---------------------------------------------------------------------------
// Raiz e aprofundamento iterativo
// ---------------------------------------------------------------------------

/// O que uma iteração na raiz produz, completa ou interrompida.
#[derive(Clone, Copy)]
struct TIteracao {
    /// Escore da última pesquisa da raiz (vale só se a iteração terminou).
    escore: i32,
    /// PV do melhor lance achado dentro da janela.
    pv: TPv,
    /// Esse lance e seu escore, guardados mesmo que a iteração não termine:
    /// um lance que já provou ser melhor que o anterior não se joga fora.
    parcial: Option<(TLance, i32)>,
    /// Fração dos nós da última pesquisa da raiz gastos no melhor lance
    /// (para o relógio: `tempo::nota_iteracao`).
    fracao_melhor: f64,
}

/// Aprofundamento iterativo com janela de aspiração: a porta de `Busca()` do
/// ICE. Devolve o melhor lance da última iteração completa, ou o da corrente
/// quando ela já achou um melhor. Uma thread só; a de várias é
/// `paralelo::busca_paralela`.
pub fn busca(b: &mut TBoard, bu: &mut TBusca, lim: &TLimites) -> TResultado {
    envelhece_hash(&bu.tt);
    busca_na_thread(b, bu, lim)
}

/// A `busca` de uma thread, sem envelhecer a tabela: no Lazy SMP quem
/// envelhece é quem começa a busca de todas, uma vez, antes de qualquer uma
/// gravar. Numa ajudante (`id_thread` > 0) o resultado só conta os nós.
pub fn busca_na_thread(b: &mut TBoard, bu: &mut TBusca, lim: &TLimites) -> TResultado {
    // Passo 1. Zera contadores, começa o relógio, prepara killers e history.
    prepara_busca(bu, lim);

    // Passo 2. Sem lances na raiz: mate ou afogamento, nada a pesquisar.
    let mut r = TResultado::default();
    let mut lista = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut lista);
    if lista.n == 0 {
        r.escore = if b.em_xeque() { -MATE } else { 0 };
        espera_fim_infinito(bu);
        r.ponder_hit = bu.tempo.ponder_acertou;
        return r;
    }
    // Passo 2b. Os lances que a interface tirou (`exclude`, `searchmoves`)
    // saem da raiz. Se não sobra nenhum, não há o que pesquisar: nenhum
    // lance, e a análise espera a próxima ordem.
    if !bu.pedido.excluidos.is_empty() {
        filtra_raiz(&mut lista, &bu.pedido.excluidos);
        if lista.n == 0 {
            espera_fim_infinito(bu);
            r.ponder_hit = bu.tempo.ponder_acertou;
            return r;
        }
    }

    // Passo 2c. Com poucas peças, as tabelas Syzygy decidem quais lances
    // da raiz mantêm o resultado; a busca escolhe só entre eles.
    filtra_raiz_tb(b, bu, &mut lista);

    // Passo 3. Ordem inicial: a da ordenação normal (hash, capturas…). O
    // primeiro lance já é a resposta se o tempo acabar antes da 1ª iteração.
    // A PV anterior acabou de ser zerada: não há lance de PV.
    let lance_hash = le_hash(&bu.tt, b.chave_hash, 0)
        .map(|e| e.lance)
        .unwrap_or(0);
    let com_see = usa(bu, MELHORIA_SEE);
    ordena_lances(b, &bu.ord, &mut lista, 0, LANCE_NULO, lance_hash, com_see);
    r.lance = obtem_melhor_lance(&mut lista, 0);

    // Passo 4. Aprofundamento iterativo. A pilha sai do TBusca durante a
    // busca para poder ser passada por fatias junto com `&mut bu`.
    let mut pilha = std::mem::take(&mut bu.pilha);
    let max_prof = profundidade_maxima(lim);
    itera_profundidade(b, bu, &mut lista, &mut pilha, max_prof, &mut r);
    bu.pilha = pilha;

    // Passo 5. Na análise e no ponder, espera a ordem de parar. Na raiz
    // das tabelas, o escore delas (salvo mate achado) é o do resultado.
    espera_fim_infinito(bu);
    r.escore = escore_exibido(bu, r.escore);
    // Passo 6. No UCI e com `nps`, a linha do fim, com os nós e o tempo
    // da iteração interrompida; os avisos de tabelas ruins achadas nela.
    imprime_linha_final(bu, &r);
    if let Some(tb) = bu.pedido.tabelas.as_ref().filter(|_| bu.id_thread == 0) {
        for d in tb.diagnosticos() {
            imprime_aviso(bu, &d);
        }
    }
    r.nos = bu.nos;
    r.ms = tempo_decorrido_ms(&bu.tempo, bu.nos);
    r.ponder_hit = bu.tempo.ponder_acertou;
    r
}

/// Passo 2b da `busca`: tira da lista da raiz os lances excluídos.
fn filtra_raiz(lista: &mut TListaLances, excluidos: &[u16]) {
    let mut n = 0;
    for i in 0..lista.n {
        if !excluidos.contains(&lista.lances[i].codigo_exato()) {
            lista.lances[n] = lista.lances[i];
            n += 1;
        }
    }
    lista.n = n;
}

/// Passo 2c da `busca`: na raiz com até `tb_pecas` peças e sem roque, só
/// ficam os lances que as tabelas dizem manter o melhor resultado; ganhando
/// (dentro da regra dos 50, se ligada), só os de menor DTZ, para que a
/// vitória avance até zerar o contador. Se a interface excluiu todos eles,
/// ou uma sonda falha, a raiz fica como estava.
fn filtra_raiz_tb(b: &mut TBoard, bu: &mut TBusca, lista: &mut TListaLances) {
    let p = &bu.pedido;
    let Some(tb) = p.tabelas.clone() else {
        return;
    };
    if p.tb_pecas == 0 || crate::bitboard::conta(b.ocupadas()) as usize > p.tb_pecas {
        return;
    }
    let regra50 = p.tb_regra50;
    let Some(ordem) = ordena_raiz(&tb, b, regra50) else {
        return;
    };
    bu.tb_sondas += ordem.len() as u64;
    let Some(melhor) = ordem.first().copied() else {
        return;
    };
    let bons: Vec<u16> = ordem
        .iter()
        .filter(|m| {
            m.resultado == melhor.resultado && (m.resultado != 2 || m.posto == melhor.posto)
        })
        .map(|m| m.lance.codigo())
        .collect();
    let mut filtrada = *lista;
    filtrada.n = 0;
    for l in lista.como_fatia() {
        if bons.contains(&l.codigo()) {
            filtrada.adiciona(*l);
        }
    }
    if filtrada.n > 0 {
        *lista = filtrada;
        bu.tb_escore_raiz = Some(escore_wdl(melhor.resultado, 0, regra50));
    }
}

/// O escore mostrado: o das tabelas na raiz, salvo quando a busca achou
/// um mate (que diz mais).
pub fn escore_exibido(bu: &TBusca, escore: i32) -> i32 {
    match bu.tb_escore_raiz {
        Some(v) if escore.abs() < LIMIAR_MATE => v,
        _ => escore,
    }
}

/// Passo 1 da `busca`: estado novo para uma busca. O relógio começa aqui
/// (parado até o acerto, no ponder). ICE: killers zerados a cada busca; a
/// history é envelhecida (não zerada), e a tabela também (na `busca`, antes).
fn prepara_busca(bu: &mut TBusca, lim: &TLimites) {
    let p = &bu.pedido;
    bu.tempo = inicializa_tempo_busca(lim, p.nps, p.ponderando.then_some(&p.limites_ponderhit));
    bu.mascara_verificacao = mascara_verificacao(&bu.tempo);
    bu.nos = 0;
    bu.seldepth = 0;
    bu.parar = false;
    bu.nos_iteracao = [0; MAX_DEPTH];
    bu.pv_anterior = TPv::default();
    bu.tb_sondas = 0;
    bu.tb_escore_raiz = None;
    // As linhas da busca anterior são de outra posição: nenhuma pode sobrar
    // (nem além das k desta, nem quando a raiz não tem o que pesquisar),
    // porque `linhas_da_raiz` as mostra à força limitada.
    bu.linhas_anteriores.fill(TLinhaPv::default());
    // A ordenação não conhece as chaves da busca: recebe as suas aqui,
    // antes de envelhecer as tabelas (que olha `com_continuacao`).
    bu.ord.history_limitada = usa(bu, MELHORIA_HISTORY);
    bu.ord.ruins_depois = usa(bu, MELHORIA_RUINS);
    bu.ord.com_continuacao = usa(bu, MELHORIA_CONTINUACAO) && bu.ord.history_limitada;
    prepara_ordenacao(&mut bu.ord);
}

/// A última iteração: a pedida (`sd`) ou a maior que a pilha comporta,
/// deixando folga para a quiescência e as extensões.
fn profundidade_maxima(lim: &TLimites) -> i32 {
    if lim.profundidade > 0 {
        (lim.profundidade as i32).min(MAX_DEPTH as i32 - 2)
    } else {
        MAX_DEPTH as i32 - 2
    }
}

/// Passo 4 da `busca`: uma iteração por profundidade, até `max_prof`, o fim
/// do tempo ou uma ordem de parar. Em cada profundidade, as `k` linhas do
/// MultiPV (`pedido.multipv`; as ajudantes fazem sempre 1), como o
/// `for pvIdx` do Stockfish: a linha `i` pesquisa a raiz sem os lances das
/// linhas anteriores desta iteração, que ficam nas posições 0..i da lista;
/// cada linha tem a sua janela de aspiração em volta do escore que ela teve
/// na iteração anterior e segue a sua PV anterior. O resultado (o lance
/// jogado) é sempre o da linha 1, e uma iteração interrompida só aproveita a
/// linha 1.
fn itera_profundidade(
    b: &mut TBoard,
    bu: &mut TBusca,
    lista: &mut TListaLances,
    pilha: &mut [TNoPilha],
    max_prof: i32,
    r: &mut TResultado,
) {
    let k = if bu.id_thread == 0 {
        bu.pedido.multipv.clamp(1, MAX_MULTIPV).min(lista.n)
    } else {
        1
    };
    // Fora do `bu` durante a busca, como a pilha (ver `busca_na_thread`).
    let mut linhas = std::mem::take(&mut bu.linhas);
    let mut anteriores = std::mem::take(&mut bu.linhas_anteriores);
    for prof in 1..=max_prof {
        if pula_iteracao(bu.id_thread, prof) {
            continue;
        }
        bu.prof_iteracao = prof;
        let mut lance_mudou = false;
        let mut fracao_melhor = FRACAO_NEUTRA;
        for i in 0..k {
            // Passo 4a. A linha i: a raiz sem os lances das linhas 0..i, o
            // melhor lance conhecido à frente (o da linha 1 é o do resultado).
            let anterior = anteriores[i];
            let lance_anterior = if i == 0 {
                r.lance
            } else {
                anterior.pv.lances[0]
            };
            bu.pv_anterior = anterior.pv;
            let it = janela_aspiracao(
                b,
                bu,
                lista,
                pilha,
                prof,
                i,
                anterior.escore,
                lance_anterior,
            );

            // Passo 4b. Na linha 1, um lance achado dentro da janela vale
            // mesmo que a iteração não termine; se é outro lance, a posição
            // está instável.
            if i == 0 {
                fracao_melhor = it.fracao_melhor;
            }
            if let (0, Some((l, v))) = (i, it.parcial) {
                lance_mudou = !mesmo_lance(&l, &r.lance);
                r.lance = l;
                r.escore = v;
                r.pv = it.pv;
            }
            if bu.parar {
                break;
            }
            linhas[i] = TLinhaPv {
                escore: it.escore,
                pv: it.pv,
            };
            if i + 1 < k {
                separa_linha(lista, i, &it.pv);
            }
        }
        if bu.parar {
            break;
        }

        // Passo 4c. Iteração completa: as linhas são o resultado, e as PVs a
        // seguir na próxima. O relógio fica sabendo se ela foi instável.
        conclui_iteracao(bu, r, prof, &mut linhas[..k]);
        nota_iteracao(
            &mut bu.tempo,
            prof,
            lance_mudou,
            anteriores[0].escore,
            linhas[0].escore,
            fracao_melhor,
        );
        anteriores[..k].copy_from_slice(&linhas[..k]);

        // Passo 4d. Vale começar outra iteração?
        if deve_parar(bu, prof, r.escore) {
            break;
        }
    }
    bu.linhas = linhas;
    bu.linhas_anteriores = anteriores;
}

/// Passo 4a com MultiPV: o melhor lance da linha `i` (o primeiro da `pv`)
/// vai para a posição `i` da lista, e as próximas linhas pesquisam só
/// `lista[i + 1..]`.
fn separa_linha(lista: &mut TListaLances, i: usize, pv: &TPv) {
    if pv.num_lances == 0 {
        return;
    }
    if let Some(j) = (i..lista.n).find(|&j| mesmo_lance(&lista.lances[j], &pv.lances[0])) {
        lista.lances.swap(i, j);
    }
}

/// Lazy SMP: a ajudante `id_thread` pula a iteração `prof`? (Ver
/// `SALTO_TAMANHO`; a principal, 0, nunca pula.)
#[inline]
fn pula_iteracao(id_thread: usize, prof: i32) -> bool {
    if id_thread == 0 {
        return false;
    }
    let i = (id_thread - 1) % SALTO_TAMANHO.len();
    ((prof + SALTO_FASE[i]) / SALTO_TAMANHO[i]) % 2 == 1
}

/// Passo 4a: a iteração `prof` da raiz `lista[primeiro..]` com janela de
/// aspiração em volta do escore anterior; ao falhar, a janela se abre para o
/// lado da falha (dobrando) até o escore caber. RUST: o laço também olha
/// `parar`, ao contrário do 50f3dea, que travava quando o tempo acabava no
/// meio das novas tentativas.
#[allow(clippy::too_many_arguments)]
fn janela_aspiracao(
    b: &mut TBoard,
    bu: &mut TBusca,
    lista: &mut TListaLances,
    pilha: &mut [TNoPilha],
    prof: i32,
    primeiro: usize,
    escore_anterior: i32,
    lance_anterior: TLance,
) -> TIteracao {
    let mut it = TIteracao {
        escore: 0,
        pv: TPv::default(),
        parcial: None,
        fracao_melhor: FRACAO_NEUTRA,
    };
    let mut largura = JANELA_ASPIRACAO;
    // Nas iterações rasas e perto de mates o escore pula demais: janela cheia.
    let (mut alfa, mut beta) = if prof >= PROF_ASPIRACAO && escore_anterior.abs() < LIMIAR_MATE {
        (escore_anterior - largura, escore_anterior + largura)
    } else {
        (-INFINITO, INFINITO)
    };
    loop {
        reordena_raiz(lista, primeiro, &lance_anterior);
        it.escore = busca_raiz(b, bu, lista, pilha, primeiro, alfa, beta, prof, &mut it);
        if bu.parar {
            break;
        }
        if it.escore <= alfa {
            alfa = (alfa - largura).max(-INFINITO);
            largura *= 2;
            if largura > JANELA_MAXIMA {
                alfa = -INFINITO;
            }
        } else if it.escore >= beta {
            beta = (beta + largura).min(INFINITO);
            largura *= 2;
            if largura > JANELA_MAXIMA {
                beta = INFINITO;
            }
        } else {
            break;
        }
    }
    it
}

/// Reordena a raiz `lista[primeiro..]` pelo resultado da iteração anterior:
/// o melhor lance vai à frente e os demais pelo escore que cada um teve (o
/// `valor_lance` que `busca_raiz` deixou neles).
fn reordena_raiz(lista: &mut TListaLances, primeiro: usize, melhor: &TLance) {
    let raiz = &mut lista.lances[primeiro..lista.n];
    for l in raiz.iter_mut() {
        l.especial &= !MSK_SELECIONADO;
    }
    if let Some(l) = raiz.iter_mut().find(|l| mesmo_lance(l, melhor)) {
        l.valor_lance = INFINITO + 1;
    }
}

/// Pesquisa a raiz `lista[primeiro..]`: como `alpha_beta`, mas imprime uma
/// linha de pensamento a cada melhora de α (como o ICE) e guarda em `it` o
/// melhor lance mesmo se a iteração for interrompida.
#[allow(clippy::too_many_arguments)]
fn busca_raiz(
    b: &mut TBoard,
    bu: &mut TBusca,
    lista: &mut TListaLances,
    pilha: &mut [TNoPilha],
    primeiro: usize,
    mut alfa: i32,
    beta: i32,
    prof: i32,
    it: &mut TIteracao,
) -> i32 {
    let mut melhor = -INFINITO;
    bu.total_raiz = (lista.n - primeiro) as u32;
    let nos_inicio = bu.nos;
    let mut nos_melhor = 0;
    for i in primeiro..lista.n {
        let l = obtem_melhor_lance(lista, i);
        // Para o `stat01` do xboard: lance atual e quantos faltam.
        bu.restantes_raiz = (lista.n - i) as u32;
        bu.lance_atual_raiz = l;
        imprime_lance_atual(bu, prof, &l, i - primeiro + 1);
        bu.seguindo_pv = i == primeiro;
        let nos_lance = bu.nos;
        b.make(&l);
        // Na raiz o xeque sempre estende (o limite de 2 × iteração não pesa).
        let nova_prof = prof - 1 + b.em_xeque() as i32;
        let v = if i == primeiro {
            -alpha_beta(b, bu, pilha, -beta, -alfa, nova_prof, 1, true)
        } else {
            let mut v = -alpha_beta(b, bu, pilha, -alfa - 1, -alfa, nova_prof, 1, true);
            if v > alfa && v < beta && !bu.parar {
                v = -alpha_beta(b, bu, pilha, -beta, -alfa, nova_prof, 1, true);
            }
            v
        };
        b.unmake();
        if bu.parar {
            break;
        }
        // Valor de ordenação da próxima iteração: o escore (o melhor vai à frente).
        lista.lances[i].valor_lance = v;
        if v > melhor {
            melhor = v;
            if v > alfa {
                alfa = v;
                nos_melhor = bu.nos - nos_lance;
                it.pv.atualiza(l, &pilha[0].pv);
                if v < beta {
                    it.parcial = Some((l, v));
                    imprime_melhora(bu, prof, v, &it.pv);
                } else {
                    break;
                }
            }
        }
    }
    it.fracao_melhor = nos_melhor as f64 / (bu.nos - nos_inicio).max(1) as f64;
    melhor
}

/// Passo 4c: a iteração `prof` terminou com as `linhas`: ordenadas da
/// melhor para a pior (inserção: são no máximo 64, e a ordem quase sempre
/// já está certa), a primeira vira o resultado, e todas saem na linha de
/// pensamento.
fn conclui_iteracao(bu: &mut TBusca, r: &mut TResultado, prof: i32, linhas: &mut [TLinhaPv]) {
    for i in 1..linhas.len() {
        let mut j = i;
        while j > 0 && linhas[j].escore > linhas[j - 1].escore {
            linhas.swap(j, j - 1);
            j -= 1;
        }
    }
    r.escore = linhas[0].escore;
    r.profundidade = prof;
    r.pv = linhas[0].pv;
    if r.pv.num_lances > 0 {
        r.lance = r.pv.lances[0];
    }
    bu.nos_iteracao[prof as usize] = bu.nos;
    if bu.id_thread > 0 {
        // A principal fica sabendo (limite de profundidade, ver `verifica_parada`).
        bu.compartilhado
            .prof_concluida
            .fetch_max(prof, Ordering::Relaxed);
    }
    for (j, l) in linhas.iter().enumerate() {
        imprime_pv(bu, prof, l.escore, &l.pv, j + 1);
    }
}

/// Passo 4d: não começa outra iteração se o relógio diz que ela não cabe
/// (`tempo::cabe_outra_iteracao`), ou se um mate já foi achado por uma
/// busca completa. Na análise e no ponder só a ordem de fora para a busca.
fn deve_parar(bu: &TBusca, prof: i32, escore: i32) -> bool {
    if so_para_por_ordem(&bu.tempo) {
        return false;
    }
    // Mate em N achado com mais de 2N plies de profundidade: não há o que
    // melhorar (um mate mais curto já teria aparecido).
    let mate_provado = escore.abs() >= LIMIAR_MATE && prof > 2 * (MATE - escore.abs()) + 2;
    // `go mate N`: o mate pedido (N lances são 2N − 1 plies) já achado.
    let pedido = bu.tempo.limites.mate as i32;
    let mate_pedido = pedido > 0 && escore >= MATE - (2 * pedido - 1);
    !cabe_outra_iteracao(&bu.tempo, bu.nos) || mate_provado || mate_pedido
}

/// Na análise e no ponder a busca não pode terminar sozinha (nem num mate
/// achado, nem na profundidade máxima): espera a ordem de fora ou o acerto
/// do ponder, olhando a entrada sem gastar CPU.
fn espera_fim_infinito(bu: &mut TBusca) {
    // Sem entrada (linha de comando) ninguém mandaria parar.
    while bu.entrada.rx.is_some() && !bu.parar && so_para_por_ordem(&bu.tempo) {
        verifica_parada(bu);
        if bu.tempo.ponder_acertou && !bu.tempo.limites.infinito {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(PAUSA_ESPERA_MS));
    }
}
