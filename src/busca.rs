//! A busca do ICE: aprofundamento iterativo, AlphaBeta, quiescência, tabela
//! de transposição, lance nulo R=2 e extensão de xeque. A ordem dos lances
//! (SEE, killers, history) fica em `ordenacao`.
//!
//! Nível 6: depende de `tabuleiro`, `geracao`, `avaliacao`, `ordenacao`,
//! `hash`, `tempo`, `entrada`. Porta de `busca.c` do ICE (seção 4.4 do
//! artigo), com as melhorias que os próprios autores listaram como próximos
//! passos (4.8.3): SEE, futilidade, LMR e extensão por ameaça de mate, e
//! outras que entraram depois, cada uma medida por SPRT (docs/forca.md):
//! futilidade reversa, LMP, tabela de transposição na quiescência. Todas
//! elas ficam atrás do modo clássico (`define_classico`): com ele ligado a busca é a do
//! "ICE clássico" (1.78).
//!
//! Convenções:
//! * negamax *fail-soft*: um nó pode devolver valores fora de (α, β), o que
//!   dá limites mais justos à tabela de transposição;
//! * escores em centipeões do ponto de vista do lado a jogar; mate = MATE − ply
//!   (a distância conta, para preferir o mate mais curto);
//! * nada é alocado durante a busca: listas de lances e PVs são vetores fixos
//!   na pilha de cada nó.
//!
//! A busca não conhece o protocolo: a entrada chega por `entrada`, e a saída
//! é a linha de pensamento que o `ImprimePV` do ICE já imprimia.
//!
//! Com várias threads (o Lazy SMP de `paralelo`, só ICE-rs) cada uma roda
//! esta mesma busca com o seu `TBusca` sobre a tabela dividida; só muda quem
//! olha relógio e entrada (a principal, em `verifica_parada`) e quais
//! iterações as ajudantes pulam (`pula_iteracao`).
//!
//! Como ler: `busca` (aprofundamento iterativo) chama `busca_raiz`, que chama
//! `alpha_beta`, que no horizonte chama `quiescence`. Cada uma é uma lista
//! de passos numerados (`// Passo N.`); cada passo é uma linha ou a chamada
//! de uma função pequena com o nome do que faz (`sonda_tt`, `tenta_nulo`,
//! `poda_lance`, `reducao_lmr`…), logo abaixo da que a chama.

use crate::avaliacao::{eval, nova_avaliacao, TAvaliacao};
use crate::entrada::{envia, verifica_entrada, TEntrada, TInfoBusca, TReacao};
use crate::estatisticas::TEstatisticas;
use crate::geracao::gera_lista_lances;
use crate::hash::*;
use crate::lance::*;
use crate::ordenacao::{
    limpa_ordenacao, nova_ordenacao, obtem_melhor_lance, ordena_lances, prepara_ordenacao,
    registra_corte, see, TOrdenacao, MAX_QUIETOS, ORD_KILLER,
};
use crate::tabuleiro::TBoard;
use crate::tempo::{
    acerto_do_ponder, cabe_outra_iteracao, inicializa_tempo_busca, limite_atingido,
    mascara_verificacao, nota_iteracao, so_para_por_ordem, tempo_decorrido_ms, TLimites, TTempo,
    MASCARA_RELOGIO,
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
/// Todas as melhorias.
pub const TODAS_MELHORIAS: u32 = 127;

/// Nomes das melhorias (para `--sem see,lmr` na linha de comando).
pub const NOMES_MELHORIAS: [(&str, u32); 7] = [
    ("see", MELHORIA_SEE),
    ("futilidade", MELHORIA_FUTILIDADE),
    ("lmr", MELHORIA_LMR),
    ("ameaca", MELHORIA_AMEACA_MATE),
    ("delta", MELHORIA_DELTA),
    ("lmp", MELHORIA_LMP),
    ("ttqs", MELHORIA_TT_QS),
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
    /// o complemento do `searchmoves` do UCI), pelo `codigo()`. A busca só
    /// os consulta uma vez, na raiz.
    pub excluidos: Vec<u16>,
    /// `nps N` (CECP): N > 0 faz o tempo da busca ser nós ÷ N (o relógio
    /// virtual de `tempo`); 0 usa o relógio de parede.
    pub nps: u64,
    /// Contar o que cada passo fez (`--estatisticas`)? Desligado, cada
    /// contador custa um teste sempre previsto.
    pub com_estatisticas: bool,
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

/// Empate pelas regras (repetição, 50 lances, material insuficiente)?
#[inline]
pub fn empate_por_regra(b: &TBoard) -> bool {
    b.meio_lances >= 100 || b.repeticoes() >= 1 || b.material_insuficiente()
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

    // Passo 5. Na análise e no ponder, espera a ordem de parar.
    espera_fim_infinito(bu);
    // Passo 6. No UCI e com `nps`, a linha do fim, com os nós e o tempo
    // da iteração interrompida.
    imprime_linha_final(bu, &r);
    r.nos = bu.nos;
    r.ms = tempo_decorrido_ms(&bu.tempo, bu.nos);
    r.ponder_hit = bu.tempo.ponder_acertou;
    r
}

/// Passo 2b da `busca`: tira da lista da raiz os lances excluídos.
fn filtra_raiz(lista: &mut TListaLances, excluidos: &[u16]) {
    let mut n = 0;
    for i in 0..lista.n {
        if !excluidos.contains(&lista.lances[i].codigo()) {
            lista.lances[n] = lista.lances[i];
            n += 1;
        }
    }
    lista.n = n;
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
    anteriores[..k].fill(TLinhaPv::default());
    for prof in 1..=max_prof {
        if pula_iteracao(bu.id_thread, prof) {
            continue;
        }
        bu.prof_iteracao = prof;
        let mut lance_mudou = false;
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
    for i in primeiro..lista.n {
        let l = obtem_melhor_lance(lista, i);
        // Para o `stat01` do xboard: lance atual e quantos faltam.
        bu.restantes_raiz = (lista.n - i) as u32;
        bu.lance_atual_raiz = l;
        imprime_lance_atual(bu, prof, &l, i - primeiro + 1);
        bu.seguindo_pv = i == primeiro;
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
    !cabe_outra_iteracao(&bu.tempo, bu.nos) || mate_provado
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

// --- Parâmetros da árvore (cada um com o porquê) ---
/// Redução fixa do lance nulo. ICE: R = 2; o R variável foi testado e ficou pior.
pub const R_NULO: i32 = 2;
/// Margem da poda de futilidade na profundidade 1 (ICE 50f3dea: 200).
pub const MARGEM_FUTILIDADE: i32 = 200;
/// A futilidade vale até este ply do horizonte (o ICE: só no último)…
const PROF_FUTILIDADE: i32 = 3;
/// …com a margem crescendo tanto por ply a mais: quanto mais longe do
/// horizonte, mais um lance quieto pode recuperar (ameaças, lances
/// seguintes), e a margem tem de cobrir isso.
const MARGEM_FUTILIDADE_PLY: i32 = 100;
/// Margem da futilidade "reversa" por ply de profundidade (só ICE-rs).
const MARGEM_FUTILIDADE_REVERSA: i32 = 90;
/// Futilidade reversa só até esta profundidade restante: mais longe do
/// horizonte, o adversário tem lances demais para recuperar o escore.
const PROF_FUTILIDADE_REVERSA: i32 = 7;
/// LMR: só a partir desta profundidade restante…
const LMR_PROFUNDIDADE: i32 = 3;
/// …e depois de tantos lances já pesquisados no nó.
const LMR_LANCES: usize = 3;
/// LMR: a redução cresce com ln(profundidade)·ln(número do lance) ÷ este
/// divisor. Uma redução fixa corta pouco nas árvores fundas e
/// demais nas rasas; o logaritmo acompanha o quanto a ordenação já errou.
const LMR_DIVISOR: f64 = 2.25;
/// LMP: até esta profundidade restante, depois de 3 + prof² lances, os
/// quietos que sobram não são nem pesquisados (a ordenação já pôs na frente
/// tudo que tinha chance de cortar).
const LMP_PROFUNDIDADE: i32 = 3;
/// Poda de quietos pela SEE: até a profundidade LMP_PROFUNDIDADE, um quieto que
/// perde mais que isso × prof na troca (peça para uma casa atacada) é podado.
const MARGEM_SEE_QUIETOS: i32 = 80;

/// O que cada ply usa: sua lista de lances e sua PV. A pilha inteira é
/// alocada uma vez (ICE: `listaLances[2000]` com um índice por ply), porque
/// zerar 4 KB a cada nó custaria mais que gerar os lances.
#[derive(Clone, Copy, Default)]
pub struct TNoPilha {
    pub lista: TListaLances,
    pub pv: TPv,
}

/// Conta um acontecimento da busca no campo `$campo` de `TEstatisticas`,
/// só quando as estatísticas foram pedidas.
macro_rules! conta {
    ($bu:expr, $campo:ident) => {
        if $bu.pedido.com_estatisticas {
            $bu.est.$campo += 1;
        }
    };
}

/// A tabela de reduções do LMR: ⌊ln(prof)·ln(lance) ÷ divisor + ½⌋.
pub fn tabela_lmr() -> [[u8; 64]; 64] {
    let mut t = [[0u8; 64]; 64];
    for (prof, linha) in t.iter_mut().enumerate().skip(1) {
        for (n, r) in linha.iter_mut().enumerate().skip(1) {
            *r = ((prof as f64).ln() * (n as f64).ln() / LMR_DIVISOR + 0.5) as u8;
        }
    }
    t
}

// ---------------------------------------------------------------------------
// Predicados pequenos usados em todo nó
// ---------------------------------------------------------------------------

/// Conta o nó e, de tempos em tempos (`mascara_verificacao`), consulta
/// relógio e entrada (`busca::verifica_parada`). Devolve se a busca deve
/// parar (então o nó devolve 0, que ninguém usa: a iteração é descartada).
#[inline(always)]
fn conta_no(bu: &mut TBusca) -> bool {
    bu.nos += 1;
    if bu.nos & bu.mascara_verificacao == 0 {
        verifica_parada(bu);
    }
    bu.parar
}

/// O lance da PV da iteração anterior neste ply, enquanto o nó ainda está
/// nela (só o primeiro filho de cada nó continua na PV); senão, nenhum.
#[inline(always)]
fn lance_da_pv(bu: &TBusca, ply: usize) -> TLance {
    if bu.seguindo_pv && ply < bu.pv_anterior.num_lances {
        bu.pv_anterior.lances[ply]
    } else {
        LANCE_NULO
    }
}

/// O lado a jogar tem peça além de rei e peões? (Guarda contra o zugzwang no
/// lance nulo: em finais de rei e peões passar a vez costuma ser a melhor
/// "jogada", o que o lance nulo não pode supor.)
#[inline]
fn tem_pecas(b: &TBoard, cor: usize) -> bool {
    b.pecas[cor] & !(b.peoes[cor] | b.rei[cor]) != 0
}

/// As condições do lance nulo que dependem da posição: fora de xeque (passar
/// a vez em xeque seria ilegal), com peças além de rei e peões (zugzwang) e
/// com β longe de um mate (um corte "por mate" com o nulo não prova nada).
pub fn pode_fazer_nulo(b: &TBoard, em_xeque: bool, beta: i32) -> bool {
    !em_xeque && tem_pecas(b, b.vez) && beta.abs() < LIMIAR_MATE
}

// ---------------------------------------------------------------------------
// Quiescência
// ---------------------------------------------------------------------------

/// A quiescência da posição com janela inteira, fora de uma busca (para o
/// `datagen` saber se a posição é quieta). Sem limites de tempo nem de nós:
/// a quiescência termina sozinha.
/// Sem a tabela: ela teria o escore da busca que acabou de ser feita nesta
/// mesma posição, e aqui se quer o da quiescência.
pub fn quiescence_raiz(b: &mut TBoard, bu: &mut TBusca) -> i32 {
    bu.tempo.limites = TLimites::default();
    bu.parar = false;
    let melhorias = bu.melhorias;
    bu.melhorias &= !MELHORIA_TT_QS;
    let mut pilha = std::mem::take(&mut bu.pilha);
    let q = quiescence(b, bu, &mut pilha, -INFINITO, INFINITO, 0);
    bu.pilha = pilha;
    bu.melhorias = melhorias;
    q
}

/// Busca só de lances "barulhentos" (capturas e promoções a dama) até a
/// posição ficar quieta, para não avaliar no meio de uma troca. Em xeque
/// pesquisa todas as evasões, para que os mates no horizonte apareçam.
/// Porta de `Quiescence()` do ICE.
pub fn quiescence(
    b: &mut TBoard,
    bu: &mut TBusca,
    pilha: &mut [TNoPilha],
    alfa: i32,
    beta: i32,
    ply: usize,
) -> i32 {
    // Passo 1. Contagem de nós e verificação periódica do relógio; sem
    // material para dar mate, nada a pesquisar; sem pilha, só avaliar.
    if conta_no(bu) || b.material_insuficiente() {
        return 0;
    }
    conta!(bu, nos_qs);
    bu.seldepth = bu.seldepth.max(ply);
    let Some((no, resto)) = pilha.split_first_mut() else {
        return eval(b, &mut bu.av, alfa, beta);
    };
    if ply >= MAX_DEPTH - 1 || resto.is_empty() {
        return eval(b, &mut bu.av, alfa, beta);
    }
    let mut n = novo_no_qs(alfa, beta, ply);

    // Passo 1b (só ICE-rs). A tabela também vale aqui: as mesmas trocas
    // chegam à mesma posição por ordens diferentes, e as folhas da busca são
    // a maior parte dos nós. O mesmo `sonda_tt` do `alpha_beta`: se o limite
    // guardado decide a janela, é a resposta; senão o lance dele vai primeiro.
    let com_tt = usa(bu, MELHORIA_TT_QS);
    if com_tt {
        if let Some(v) = sonda_tt(b, bu, &mut n) {
            return v;
        }
    }
    let alfa_original = n.alfa;

    // Passo 2. Stand-pat: fora de xeque, o lado a jogar pode "não capturar",
    // então a avaliação estática já é um piso. Em xeque não há essa opção:
    // o piso é levar mate (e todas as evasões são geradas).
    let em_xeque = b.em_xeque();
    let estatica = if em_xeque {
        -MATE + ply as i32
    } else {
        eval(b, &mut bu.av, n.alfa, n.beta)
    };
    if !em_xeque {
        if estatica >= n.beta {
            conta!(bu, qs_stand_pat);
            if com_tt {
                grava_tt(b, bu, &n, estatica, LANCE_NULO, alfa_original);
            }
            return estatica;
        }
        n.alfa = n.alfa.max(estatica);
    }

    // Passo 3. Gera capturas e promoções (em xeque, tudo). Em xeque e sem
    // lances: mate.
    let lista = &mut no.lista;
    let tipo = if em_xeque {
        GERA_TODOS
    } else {
        GERA_QUIESCENCE
    };
    gera_lista_lances(b, tipo, lista);
    if em_xeque && lista.n == 0 {
        return estatica;
    }

    // Passo 4. Capturas em ordem MVV/LVA, sem as que não podem mudar nada.
    let com_see = usa(bu, MELHORIA_SEE);
    ordena_lances(
        b,
        &bu.ord,
        lista,
        ply,
        lance_da_pv(bu, ply),
        n.lance_hash,
        com_see,
    );
    let mut melhor = estatica;
    let mut melhor_lance = LANCE_NULO;
    for i in 0..lista.n {
        let l = obtem_melhor_lance(lista, i);
        if !em_xeque && captura_inutil(b, bu, &l, estatica, n.alfa) {
            conta!(bu, qs_podas);
            continue;
        }
        b.make(&l);
        let v = -quiescence(b, bu, resto, -n.beta, -n.alfa, ply + 1);
        b.unmake();
        if bu.parar {
            return 0;
        }
        if v > melhor {
            melhor = v;
            if v > n.alfa {
                n.alfa = v;
                melhor_lance = l;
                if v >= n.beta {
                    break;
                }
            }
        }
    }

    // Passo 5. Grava na tabela, com profundidade 0: vale para outra
    // quiescência, nunca para um nó do `alpha_beta` (que pede ≥ 1).
    if com_tt {
        grava_tt(b, bu, &n, melhor, melhor_lance, alfa_original);
    }
    melhor
}

/// Captura que a quiescência (fora de xeque) nem pesquisa: pela poda delta,
/// nem ganhando a peça (e promovendo) o lado alcança α; pela SEE, a troca
/// perde material, e uma captura perdedora não muda o escore de uma posição
/// em que o lado pode simplesmente não capturar.
#[inline(always)]
fn captura_inutil(b: &TBoard, bu: &TBusca, l: &TLance, estatica: i32, alfa: i32) -> bool {
    if usa(bu, MELHORIA_DELTA) {
        let ganho = VALOR_PECA[l.peca_capturada as usize]
            + if l.peca_promovida != NENHUMA {
                VALOR_PECA[DAMA as usize]
            } else {
                0
            };
        if estatica + ganho + MARGEM_FUTILIDADE < alfa {
            return true;
        }
    }
    // A SEE é cara: só quando a vítima vale menos que o atacante.
    usa(bu, MELHORIA_SEE)
        && l.peca_promovida == NENHUMA
        && VALOR_PECA[l.peca_capturada as usize] < VALOR_PECA[l.peca as usize]
        && see(b, l) < 0
}

// ---------------------------------------------------------------------------
// AlphaBeta
// ---------------------------------------------------------------------------

/// O estado de um nó do `alpha_beta` que os passos passam de um ao outro.
/// Vive na pilha de chamadas do nó (é `Copy`, nada é alocado) e vai por
/// `&`/`&mut` aos ajudantes, todos `#[inline(always)]`: custa o mesmo que
/// os passos escritos todos dentro do `alpha_beta` (nada é copiado por nó).
#[derive(Clone, Copy)]
struct TNo {
    alfa: i32,
    beta: i32,
    /// Profundidade restante.
    prof: i32,
    /// Distância à raiz.
    ply: usize,
    /// Janela aberta (β − α > 1) na entrada: nó da variante principal, onde
    /// nada é podado às cegas nem cortado pela tabela.
    no_pv: bool,
    em_xeque: bool,
    /// Avaliação estática (−INFINITO em xeque, quando não é calculada).
    estatica: i32,
    /// Lance guardado na tabela de transposição (código; 0 se nenhum).
    lance_hash: u16,
    /// O lance nulo revelou uma ameaça de mate: os lances do nó são estendidos.
    ameaca_mate: bool,
    /// A estática subiu desde a última vez que este lado jogou (2 plies
    /// atrás): as podas podem ser mais ousadas, o nó tende a cortar.
    melhorando: bool,
    /// Podas por lance, decididas uma vez por nó (`prepara_podas`):
    /// futilidade na profundidade 1…
    futil: bool,
    /// …quietos que perdem material pela SEE…
    poda_see: bool,
    /// …e a partir de que lance o LMP poda os quietos (usize::MAX: nunca).
    limite_lmp: usize,
}

/// Negamax com poda alfa-beta (fail-soft) e busca de variante principal.
/// Porta de `AlphaBeta()` do ICE. `nulo` diz se o lance nulo é permitido
/// (nunca dois seguidos). Os oito parâmetros são os do ICE mais o `&mut`
/// do estado: juntá-los numa struct só esconderia o que a recursão muda.
#[allow(clippy::too_many_arguments)]
pub fn alpha_beta(
    b: &mut TBoard,
    bu: &mut TBusca,
    pilha: &mut [TNoPilha],
    alfa: i32,
    beta: i32,
    prof: i32,
    ply: usize,
    nulo: bool,
) -> i32 {
    if let Some(no) = pilha.first_mut() {
        no.pv.num_lances = 0;
    }

    // Passo 1. No horizonte, a quiescência decide.
    if prof <= 0 {
        return quiescence(b, bu, pilha, alfa, beta, ply);
    }
    if conta_no(bu) {
        return 0;
    }
    conta!(bu, nos_ab);
    bu.seldepth = bu.seldepth.max(ply);

    // Passo 2. Empates pelas regras e limite de ply; poda pela distância do
    // mate: nada aqui supera um mate já achado mais perto da raiz.
    if empate_por_regra(b) {
        return 0;
    }
    let Some((no, resto)) = pilha.split_first_mut() else {
        return eval(b, &mut bu.av, alfa, beta);
    };
    if ply >= MAX_DEPTH - 1 || resto.is_empty() {
        return eval(b, &mut bu.av, alfa, beta);
    }
    let mut n = novo_no(alfa, beta, prof, ply);
    if n.alfa >= n.beta {
        return n.alfa;
    }

    // Passo 3. Tabela de transposição: corte fora dos nós PV; senão o lance
    // guardado só serve para a ordenação.
    if let Some(v) = sonda_tt(b, bu, &mut n) {
        return v;
    }

    // Passo 4. Avaliação estática (não em xeque, onde não há "ficar parado")
    // e futilidade reversa: muito acima de β, nada traria o escore de volta.
    n.em_xeque = b.em_xeque();
    if !n.em_xeque {
        n.estatica = eval(b, &mut bu.av, n.alfa, n.beta);
    }
    bu.estaticas[ply] = n.estatica;
    n.melhorando = melhorando(bu, &n);
    if let Some(v) = futilidade_reversa(bu, &n) {
        conta!(bu, futilidade_reversa);
        return v;
    }

    // Passo 5. Lance nulo: se mesmo passando a vez o lado continua acima de
    // β, o nó quase certamente corta.
    if let Some(v) = tenta_nulo(b, bu, resto, &mut n, nulo) {
        return v;
    }

    // Passo 6. Gera e ordena os lances. Sem lances: mate ou afogamento.
    let lista = &mut no.lista;
    gera_lista_lances(b, GERA_TODOS, lista);
    if lista.n == 0 {
        return if n.em_xeque { -MATE + ply as i32 } else { 0 };
    }
    conta!(bu, nos_com_lances);
    let lance_pv = lance_da_pv(bu, ply);
    let com_see = usa(bu, MELHORIA_SEE);
    ordena_lances(b, &bu.ord, lista, ply, lance_pv, n.lance_hash, com_see);
    prepara_podas(bu, &mut n);

    // Passos 7 a 10. Um por um, na ordem, até um corte.
    let alfa_original = n.alfa;
    let Some((melhor, melhor_lance)) = pesquisa_lances(b, bu, no, resto, &mut n) else {
        return 0; // parou no meio: o resultado não vale
    };
    if melhor == -INFINITO {
        // Todos os lances foram podados pela futilidade: fica a estática.
        return n.estatica;
    }

    // Passo 11. Grava na tabela de transposição, com o tipo do limite.
    grava_tt(b, bu, &n, melhor, melhor_lance, alfa_original);
    melhor
}

/// Os valores de um nó na entrada, já com a poda pela distância do mate
/// (`no_pv` olha a janela recebida, antes dela). O resto é preenchido
/// pelos passos seguintes.
#[inline(always)]
fn novo_no(alfa: i32, beta: i32, prof: i32, ply: usize) -> TNo {
    TNo {
        alfa: alfa.max(-MATE + ply as i32),
        beta: beta.min(MATE - ply as i32 - 1),
        prof,
        ply,
        no_pv: beta - alfa > 1,
        em_xeque: false,
        estatica: -INFINITO,
        lance_hash: 0,
        ameaca_mate: false,
        melhorando: false,
        futil: false,
        poda_see: false,
        limite_lmp: usize::MAX,
    }
}

/// O nó da quiescência, para `sonda_tt` e `grava_tt`: profundidade 0
/// (qualquer entrada da tabela serve, e a gravada só vale para outra
/// quiescência) e `no_pv` falso, porque a quiescência não monta PV: um
/// corte pela tabela não perde variante nenhuma. A janela fica como veio
/// (sem a poda pela distância do mate, que é do `alpha_beta`).
#[inline(always)]
fn novo_no_qs(alfa: i32, beta: i32, ply: usize) -> TNo {
    TNo {
        alfa,
        beta,
        prof: 0,
        ply,
        no_pv: false,
        em_xeque: false,
        estatica: -INFINITO,
        lance_hash: 0,
        ameaca_mate: false,
        melhorando: false,
        futil: false,
        poda_see: false,
        limite_lmp: usize::MAX,
    }
}

/// Passos 7 a 10 do `alpha_beta`: o laço dos lances, já gerados e
/// ordenados em `no.lista`. Devolve o melhor escore (−INFINITO se a
/// futilidade podou todos) e o lance que o deu, deixando a PV em `no.pv`;
/// `None` se a busca parou no meio.
#[inline(always)]
fn pesquisa_lances(
    b: &mut TBoard,
    bu: &mut TBusca,
    no: &mut TNoPilha,
    resto: &mut [TNoPilha],
    n: &mut TNo,
) -> Option<(i32, TLance)> {
    let mut melhor = -INFINITO;
    let mut melhor_lance = LANCE_NULO;
    // Quietos já pesquisados sem corte: se outro quieto cortar, eles perdem
    // pontos na history (só ICE-rs; o ICE só somava no lance do corte).
    let mut quietos = [LANCE_NULO; MAX_QUIETOS];
    let mut n_quietos = 0;

    for i in 0..no.lista.n {
        let l = obtem_melhor_lance(&mut no.lista, i);
        if i > 0 {
            // Só o primeiro lance continua na PV da iteração anterior.
            bu.seguindo_pv = false;
        }

        // Passo 7. Podas do lance (futilidade, LMP, SEE), decididas antes do
        // make porque a SEE olha o tabuleiro de antes; um xeque nunca é podado.
        let poda = poda_lance(b, n, &l, i, melhor);
        b.make(&l);
        let da_xeque = b.em_xeque();
        if poda != PODA_NENHUMA && !da_xeque {
            if bu.pedido.com_estatisticas {
                conta_poda(&mut bu.est, poda);
            }
            b.unmake();
            continue;
        }

        // Passo 8. Extensões (xeque e ameaça de mate) e redução (LMR).
        let ext = extensao(bu, n, da_xeque);
        let reducao = reducao_lmr(bu, n, &l, i, da_xeque, ext);
        if bu.pedido.com_estatisticas {
            conta_extensao(&mut bu.est, ext, da_xeque, reducao);
        }

        // Passo 9. PVS: o primeiro lance com janela cheia, os demais com
        // janela nula, repetidos só se surpreenderem.
        let v = pvs(b, bu, resto, n, i, n.prof - 1 + ext, reducao);
        b.unmake();
        if bu.parar {
            return None;
        }

        // Passo 10. Melhor lance, PV e cortes: um quieto que corta ensina a
        // ordenação (killer, history) dos próximos nós.
        if v > melhor {
            melhor = v;
            melhor_lance = l;
            if v > n.alfa {
                n.alfa = v;
                no.pv.atualiza(l, &resto[0].pv);
                if v >= n.beta {
                    conta!(bu, cortes);
                    if i == 0 {
                        conta!(bu, cortes_primeiro);
                    }
                    if l.eh_quieto() {
                        let feitos = &quietos[..n_quietos];
                        registra_corte(&mut bu.ord, b.vez, &l, n.ply, n.prof, feitos);
                    }
                    break;
                }
            }
        }
        if l.eh_quieto() && n_quietos < MAX_QUIETOS {
            quietos[n_quietos] = l;
            n_quietos += 1;
        }
    }
    Some((melhor, melhor_lance))
}

/// Passo 3 (e 1b da quiescência): lê a tabela de transposição. Guarda o
/// lance em `n.lance_hash` e devolve o escore se ele já decide o nó:
/// profundidade suficiente e, fora da PV, um limite que corta (na PV o corte
/// perderia a variante principal). O lance guardado nunca é feito direto: só
/// marca, em `ordena_lances`, o lance gerado (legal) de mesmo código; o de
/// uma colisão ou de uma entrada de outra thread que não existe aqui não
/// marca nada.
#[inline(always)]
fn sonda_tt(b: &TBoard, bu: &mut TBusca, n: &mut TNo) -> Option<i32> {
    let Some(e) = le_hash(&bu.tt, b.chave_hash, n.ply) else {
        conta_tt(bu, n, false, false);
        return None;
    };
    n.lance_hash = e.lance;
    let v = e.escore as i32;
    // O limite guardado decide a janela: exato sempre; inferior (o escore é
    // pelo menos v) se v ≥ β; superior (no máximo v) se v ≤ α.
    let corta = !n.no_pv
        && e.profundidade as i32 >= n.prof
        && match e.tipo() {
            HASH_EXATO => true,
            HASH_INFERIOR => v >= n.beta,
            _ => v <= n.alfa,
        };
    conta_tt(bu, n, true, corta);
    corta.then_some(v)
}

/// Conta uma sonda do passo 3 (só com `--estatisticas`). Na quiescência
/// (profundidade 0) só os cortes contam, à parte.
#[inline(always)]
fn conta_tt(bu: &mut TBusca, n: &TNo, acertou: bool, cortou: bool) {
    if !bu.pedido.com_estatisticas {
        return;
    }
    let e = &mut bu.est;
    if n.prof > 0 {
        e.tt_sondas += 1;
        e.tt_acertos += acertou as u64;
        e.tt_cortes += cortou as u64;
    } else {
        e.qs_tt_cortes += cortou as u64;
    }
}

/// Passo 4: o lado a jogar está melhorando? Compara a estática com a de 2
/// plies atrás (a última vez que ele jogou); se ele estava em xeque ali, com
/// a de 4 plies; sem com que comparar, sim (o caso mais cauteloso para as
/// podas que ficam menos ousadas quando ele *não* melhora).
#[inline(always)]
fn melhorando(bu: &TBusca, n: &TNo) -> bool {
    if n.em_xeque {
        return false;
    }
    let ply = n.ply;
    if ply >= 2 && bu.estaticas[ply - 2] != -INFINITO {
        n.estatica > bu.estaticas[ply - 2]
    } else if ply >= 4 && bu.estaticas[ply - 4] != -INFINITO {
        n.estatica > bu.estaticas[ply - 4]
    } else {
        true
    }
}

/// Passo 4: futilidade reversa (só ICE-rs). Perto do horizonte, fora da PV e
/// de xeque, uma estática acima de β por mais que a margem devolve o corte:
/// nenhuma resposta razoável do adversário em tão poucos plies a compensa.
#[inline(always)]
fn futilidade_reversa(bu: &TBusca, n: &TNo) -> Option<i32> {
    if usa(bu, MELHORIA_FUTILIDADE)
        && !n.no_pv
        && !n.em_xeque
        && n.prof <= PROF_FUTILIDADE_REVERSA
        && n.beta.abs() < LIMIAR_MATE
    {
        let margem = MARGEM_FUTILIDADE_REVERSA * (n.prof - n.melhorando as i32);
        if n.estatica - margem >= n.beta {
            return Some(n.estatica - margem);
        }
    }
    None
}

/// Passo 5: lance nulo, R = 2 fixo (ICE). Não na PV, nem duas vezes seguidas
/// (`nulo`), nem perto do horizonte, nem abaixo de β, nem nas posições de
/// `pode_fazer_nulo`. Devolve o escore do corte; se não corta mas passar a
/// vez leva a mate, marca `n.ameaca_mate` (extensão, só ICE-rs).
#[inline(always)]
fn tenta_nulo(
    b: &mut TBoard,
    bu: &mut TBusca,
    resto: &mut [TNoPilha],
    n: &mut TNo,
    nulo: bool,
) -> Option<i32> {
    if !(nulo
        && !n.no_pv
        && n.prof > R_NULO
        && n.estatica >= n.beta
        && pode_fazer_nulo(b, n.em_xeque, n.beta))
    {
        return None;
    }
    conta!(bu, nulo_tentativas);
    b.make_null_move();
    let v = -alpha_beta(
        b,
        bu,
        resto,
        -n.beta,
        -n.beta + 1,
        n.prof - 1 - R_NULO,
        n.ply + 1,
        false,
    );
    b.unmake_null_move();
    if bu.parar {
        return Some(0);
    }
    if v >= n.beta {
        conta!(bu, nulo_cortes);
        // Um mate achado com o lance nulo não está provado: devolve β.
        return Some(if v >= LIMIAR_MATE { n.beta } else { v });
    }
    // Passar a vez leva a mate: a posição é perigosa e merece um ply a mais.
    if usa(bu, MELHORIA_AMEACA_MATE) && v <= -LIMIAR_MATE {
        conta!(bu, ameacas_mate);
        n.ameaca_mate = true;
    }
    None
}

/// Passo 6: decide, uma vez por nó, quais podas por lance valem nele. LMP e
/// SEE dos quietos só podam perto do horizonte, fora da PV e de xeque, onde
/// um erro custa pouco e a ordenação já pôs na frente o que podia cortar.
#[inline(always)]
fn prepara_podas(bu: &TBusca, n: &mut TNo) {
    let perto_do_horizonte = !n.no_pv && !n.em_xeque && n.prof <= LMP_PROFUNDIDADE;
    n.poda_see = usa(bu, MELHORIA_SEE) && perto_do_horizonte;
    // Futilidade (ICE 50f3dea, só ICE-rs aqui): perto do horizonte, um
    // lance quieto não recupera uma desvantagem maior que a margem (200 a
    // um ply, como no ICE; mais 100 por ply a mais, até 3).
    let margem = MARGEM_FUTILIDADE + MARGEM_FUTILIDADE_PLY * (n.prof - 1);
    n.futil = usa(bu, MELHORIA_FUTILIDADE)
        && n.prof <= PROF_FUTILIDADE
        && !n.em_xeque
        && !n.no_pv
        && n.estatica + margem <= n.alfa;
    // LMP (só ICE-rs): os quietos além dos primeiros 3 + prof² não são pesquisados.
    n.limite_lmp = if usa(bu, MELHORIA_LMP) && perto_do_horizonte {
        (3 + n.prof * n.prof) as usize
    } else {
        usize::MAX
    };
}

/// Por que um lance foi podado no passo 7 (para as estatísticas; a busca só
/// quer saber se foi).
const PODA_NENHUMA: u8 = 0;
const PODA_FUTILIDADE: u8 = 1;
const PODA_LMP: u8 = 2;
const PODA_SEE: u8 = 3;

/// Passo 7: o quieto `l` (o `i`-ésimo do nó) pode ser podado, se não der
/// xeque? LMP e SEE nunca podam o primeiro lance, um killer, nem enquanto só
/// há mate contra (é preciso achar uma defesa de verdade); a futilidade poda
/// todos menos o primeiro. Devolve o motivo (`PODA_*`).
#[inline(always)]
fn poda_lance(b: &TBoard, n: &TNo, l: &TLance, i: usize, melhor: i32) -> u8 {
    if !l.eh_quieto() {
        return PODA_NENHUMA;
    }
    if n.futil && i > 0 {
        return PODA_FUTILIDADE;
    }
    let podavel = i > 0 && l.valor_lance < ORD_KILLER && melhor > -LIMIAR_MATE;
    if podavel && i >= n.limite_lmp {
        return PODA_LMP;
    }
    // A SEE (cara) só é calculada para quem a futilidade e o LMP não podaram.
    if podavel && n.poda_see && see(b, l) < -MARGEM_SEE_QUIETOS * n.prof {
        return PODA_SEE;
    }
    PODA_NENHUMA
}

/// Conta uma poda do passo 7 pelo motivo (só com `--estatisticas`).
fn conta_poda(e: &mut TEstatisticas, poda: u8) {
    match poda {
        PODA_FUTILIDADE => e.poda_futilidade += 1,
        PODA_LMP => e.poda_lmp += 1,
        _ => e.poda_see += 1,
    }
}

/// Conta as extensões e a redução do passo 8 (só com `--estatisticas`).
fn conta_extensao(e: &mut TEstatisticas, ext: i32, da_xeque: bool, reducao: i32) {
    if ext > 0 {
        if da_xeque {
            e.ext_xeque += 1;
        } else {
            e.ext_ameaca += 1;
        }
    }
    if reducao > 0 {
        e.lmr_reducoes += 1;
    }
}

/// Passo 8: extensão de um lance. Xeque: +1 ply (ICE); ameaça de mate: +1
/// (só ICE-rs). Limitada a plies menores que o dobro da iteração, para que
/// uma sequência de xeques não faça a árvore explodir.
#[inline(always)]
fn extensao(bu: &TBusca, n: &TNo, da_xeque: bool) -> i32 {
    ((da_xeque || n.ameaca_mate) && (n.ply as i32) < 2 * bu.prof_iteracao) as i32
}

/// Passo 8: redução LMR (só ICE-rs) do `i`-ésimo lance: quietos tardios e
/// comuns (nem killer, nem xeque, nem estendidos), a partir de certa
/// profundidade, são pesquisados mais rasos; se surpreenderem, o `pvs`
/// repete sem redução. Cresce com ln(prof)·ln(i) (tabela `reducoes_lmr`).
#[inline(always)]
fn reducao_lmr(bu: &TBusca, n: &TNo, l: &TLance, i: usize, da_xeque: bool, ext: i32) -> i32 {
    if usa(bu, MELHORIA_LMR)
        && n.prof >= LMR_PROFUNDIDADE
        && i >= LMR_LANCES
        && !n.em_xeque
        && !da_xeque
        && ext == 0
        && l.eh_quieto()
        && l.valor_lance < ORD_KILLER
    {
        let reducao = bu.reducoes_lmr[(n.prof as usize).min(63)][i.min(63)] as i32;
        // Na PV a ordenação vale mais: reduz um ply a menos. Nunca chega ao
        // horizonte direto (fica ao menos 1 ply).
        let nova_prof = n.prof - 1 + ext;
        (reducao - n.no_pv as i32).min(nova_prof - 1).max(0)
    } else {
        0
    }
}

/// Passo 9: pesquisa o `i`-ésimo lance (já feito) com PVS. O primeiro vai
/// com a janela cheia; os outros com janela nula em volta de α (só provam
/// que não são melhores, o que é barato), primeiro com a `reducao` do LMR,
/// depois sem ela e, se cair dentro da janela, de novo com a janela cheia.
#[inline(always)]
fn pvs(
    b: &mut TBoard,
    bu: &mut TBusca,
    resto: &mut [TNoPilha],
    n: &TNo,
    i: usize,
    nova_prof: i32,
    reducao: i32,
) -> i32 {
    let (alfa, beta, ply) = (n.alfa, n.beta, n.ply);
    if i == 0 {
        return -alpha_beta(b, bu, resto, -beta, -alfa, nova_prof, ply + 1, true);
    }
    let mut v = -alpha_beta(
        b,
        bu,
        resto,
        -alfa - 1,
        -alfa,
        nova_prof - reducao,
        ply + 1,
        true,
    );
    if v > alfa && reducao > 0 {
        conta!(bu, lmr_repesquisas);
        v = -alpha_beta(b, bu, resto, -alfa - 1, -alfa, nova_prof, ply + 1, true);
    }
    if v > alfa && v < beta {
        conta!(bu, pvs_repesquisas);
        v = -alpha_beta(b, bu, resto, -beta, -alfa, nova_prof, ply + 1, true);
    }
    v
}

/// Passo 11 (e 5 da quiescência): grava o resultado do nó na tabela de
/// transposição, na profundidade do nó. O tipo diz
/// o que `melhor` prova: ≥ β é só um limite inferior (houve corte), ≤ α
/// original só um superior (nenhum lance passou), entre os dois é exato.
#[inline(always)]
fn grava_tt(
    b: &TBoard,
    bu: &mut TBusca,
    n: &TNo,
    melhor: i32,
    melhor_lance: TLance,
    alfa_original: i32,
) {
    let tipo = if melhor >= n.beta {
        HASH_INFERIOR
    } else if melhor > alfa_original {
        HASH_EXATO
    } else {
        HASH_SUPERIOR
    };
    grava_hash(
        &bu.tt,
        b.chave_hash,
        melhor_lance.codigo(),
        melhor,
        n.prof,
        tipo,
        n.ply,
    );
}

// ---------------------------------------------------------------------------
// Linha de pensamento
// ---------------------------------------------------------------------------

/// Depois de quanto tempo de busca o UCI recebe `info currmove` (ms).
const MS_CURRMOVE: u64 = 3000;
/// Depois de quanto tempo o UCI recebe também as melhoras no meio de uma
/// iteração (ms); antes, só a linha do fim de cada iteração.
const MS_MELHORA_UCI: u64 = 1000;

/// Escore no formato do protocolo xboard: centipeões, ou ±(100000 + N) para
/// mate em N lances.
pub fn escore_xboard(escore: i32) -> i32 {
    if escore >= LIMIAR_MATE {
        100_000 + (MATE - escore + 1) / 2
    } else if escore <= -LIMIAR_MATE {
        -(100_000 + (MATE + escore) / 2)
    } else {
        escore
    }
}

/// Escore no formato do UCI: `cp N`, ou `mate N` em lances (negativo
/// quando é o lado a jogar que leva mate).
pub fn escore_uci(escore: i32) -> String {
    if escore >= LIMIAR_MATE {
        format!("mate {}", (MATE - escore + 1) / 2)
    } else if escore <= -LIMIAR_MATE {
        format!("mate -{}", (MATE + escore) / 2)
    } else {
        format!("cp {escore}")
    }
}

/// Imprime a linha de pensamento no formato do ICE: `ply escore tempo nós pv`
/// (tempo em centésimos). Porta de `ImprimePV()`. No UCI a mesma linha vira
/// `info depth … multipv K score … pv …`; no xboard as K linhas do MultiPV
/// são linhas comuns da mesma profundidade, da melhor para a pior, que é
/// como a janela Engine Output do XBoard as ordena. Nada sem `post` nem
/// numa ajudante.
pub fn imprime_pv(bu: &TBusca, prof: i32, escore: i32, pv: &TPv, linha: usize) {
    if !bu.pedido.post || bu.id_thread > 0 {
        return;
    }
    if bu.pedido.saida_uci {
        imprime_info_uci(bu, prof, escore, pv, linha);
        return;
    }
    let mut s = format!(
        "{:2} {:6} {:6} {:9}",
        prof,
        escore_xboard(escore),
        tempo_decorrido_ms(&bu.tempo, bu.nos) / 10,
        nos_totais(bu)
    );
    for l in &pv.lances[..pv.num_lances] {
        s.push(' ');
        s.push_str(&lance_para_texto(l));
    }
    envia(&s);
}

/// A linha `info` do UCI, com o que as interfaces mostram: profundidade e
/// seletiva, número da linha, escore, nós, nós/s, ocupação da tabela, tempo
/// (ms) e a PV.
fn imprime_info_uci(bu: &TBusca, prof: i32, escore: i32, pv: &TPv, linha: usize) {
    let ms = tempo_decorrido_ms(&bu.tempo, bu.nos);
    let nos = nos_totais(bu);
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv",
        prof,
        bu.seldepth.max(prof as usize),
        linha,
        escore_uci(escore),
        nos,
        nos.saturating_mul(1000) / ms.max(1),
        ocupacao_hash(&bu.tt),
        ms
    );
    for l in &pv.lances[..pv.num_lances] {
        s.push(' ');
        s.push_str(&lance_para_texto(l));
    }
    envia(&s);
}

/// Um α melhor no meio de uma iteração da raiz: a nova PV sai já (como no
/// ICE). Com MultiPV as linhas saem juntas, no fim da iteração; no UCI a
/// melhora no meio da iteração só sai nas buscas longas (como nos motores
/// UCI: o resto é ruído).
pub fn imprime_melhora(bu: &TBusca, prof: i32, escore: i32, pv: &TPv) {
    if bu.pedido.multipv <= 1
        && (!bu.pedido.saida_uci || tempo_decorrido_ms(&bu.tempo, bu.nos) >= MS_MELHORA_UCI)
    {
        imprime_pv(bu, prof, escore, pv, 1);
    }
}

/// Para as interfaces UCI: o lance da raiz em pesquisa (o `numero`-ésimo da
/// iteração), nas buscas longas (antes disso seriam só linhas demais).
pub fn imprime_lance_atual(bu: &TBusca, prof: i32, l: &TLance, numero: usize) {
    if bu.pedido.saida_uci
        && bu.pedido.post
        && bu.id_thread == 0
        && tempo_decorrido_ms(&bu.tempo, bu.nos) >= MS_CURRMOVE
    {
        envia(&format!(
            "info depth {prof} currmove {} currmovenumber {numero}",
            lance_para_texto(l)
        ));
    }
}

/// O fim da busca, no UCI e com `nps`: uma última linha com os nós e o
/// tempo do fim, se algo foi pesquisado depois da última iteração completa.
/// A interface cobra o relógio virtual pelos nós informados, e os da
/// iteração interrompida também contam.
pub fn imprime_linha_final(bu: &TBusca, r: &TResultado) {
    let depois = bu.nos != bu.nos_iteracao[r.profundidade.max(0) as usize];
    if (bu.pedido.saida_uci || bu.tempo.nps > 0) && r.profundidade > 0 && depois {
        imprime_pv(bu, r.profundidade, r.escore, &r.pv, 1);
    }
}
