//! O estado da busca: `TBusca` (o que no ICE eram as variáveis globais da
//! busca), o pedido de quem chama (`TPedido`), o resultado (`TResultado`), as
//! chaves das melhorias pós-ICE (`MELHORIA_*`), a pilha de nós (`TNoPilha`)
//! e a consulta de tempos em tempos ao relógio e ao relator
//! (`verifica_parada`).
//!
//! Nível 6: depende de `tempo`, `relato`, `hash`, `tabuleiro`, `avaliacao`,
//! `ordenacao`, `correcao`, `syzygy`, `estatisticas`. Fica abaixo dos três
//! módulos da busca (`busca`, o aprofundamento; `arvore`, a árvore; e o
//! Lazy SMP em `paralelo`), que o usam e não se usam em ciclo: `busca`
//! chama `arvore`, e nenhum dos dois precisa do outro para saber o que é o
//! estado. Como o `search_input_t`/`search_info_t` do Fruit (`search.h`),
//! separados do `search.cpp` e do `search_full.cpp`.
//!
//! O estado não sabe que protocolo o ouve: tudo o que a busca diz ou
//! pergunta passa pelo `relator` (`relato::TRelator`), que quem chama põe
//! ali (o silencioso por padrão).

use crate::avaliacao::{nova_avaliacao, TAvaliacao};
use crate::correcao::{limpa_correcao, nova_correcao, TCorrecao};
use crate::estatisticas::{TEstatisticas, TTraco};
use crate::hash::{limpa_tabela_hash, nova_tabela_hash, TTabelaHash};
use crate::lance::{TLance, TPv, LANCE_NULO};
use crate::ordenacao::{limpa_ordenacao, nova_ordenacao, TOrdenacao, MAX_QUIETOS};
use crate::parametros::{tabela_lmr, TParametros, PARAMETROS_PADRAO};
use crate::relato::{TInfoBusca, TReacao, TRelator, TSilencioso};
use crate::seletor::TSeletor;
use crate::syzygy::TTabelas;
use crate::tabuleiro::{TBoard, REPETICOES_BUSCA};
use crate::tempo::{
    acerto_do_ponder, limite_atingido, so_para_por_ordem, tempo_decorrido_ms, TLimites, TTempo,
    MASCARA_RELOGIO,
};
use crate::tipos::{INFINITO, MAX_DEPTH};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::Arc;

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
/// O seletor de lances em etapas (`seletor`): o lance da tabela antes de
/// gerar, os quietos só depois das capturas e dos killers. Não é uma poda:
/// muda só quando os lances são gerados (e, por isso, o desempate e a
/// history dos quietos, ver o cabeçalho de `seletor`). Por isso o
/// `--classico` também o usa (`arvore` olha `ativas`, não `usa`); sem ele
/// (`--sem seletor`, e o nível, calibrado antes dele) cada nó gera e ordena
/// tudo de uma vez, como antes, com o mesmo `Bench:` de antes.
pub const MELHORIA_SELETOR: u32 = 262144;
/// LMR também na raiz (`busca::reducao_raiz`): os quietos tardios da raiz
/// são provados mais rasos, como nos nós PV, menos os que ameaçam uma peça
/// maior (issue 60).
pub const MELHORIA_LMR_RAIZ: u32 = 524288;
/// Todas as melhorias.
pub const TODAS_MELHORIAS: u32 = 1048575;
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
pub const NOMES_MELHORIAS: [(&str, u32); 20] = [
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
    ("seletor", MELHORIA_SELETOR),
    ("lmrraiz", MELHORIA_LMR_RAIZ),
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
    /// Só estas melhorias valem nesta busca (dentro das da configuração):
    /// a força limitada pede `MELHORIAS_DO_NIVEL`, o resto todas.
    pub limite_melhorias: u32,
}

impl Default for TPedido {
    fn default() -> Self {
        TPedido {
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
            limite_melhorias: TODAS_MELHORIAS,
        }
    }
}

/// O estado da busca: o que no ICE eram variáveis globais. Cada thread do
/// Lazy SMP tem o seu (killers, history, pilha, avaliação, contadores); só
/// a tabela e o `compartilhado` são de todas.
pub struct TBusca {
    pub tt: Arc<TTabelaHash>,
    pub av: TAvaliacao,
    /// Quem ouve a busca e lhe diz se deve parar (`relato`): o do protocolo
    /// durante uma busca pedida por ele, o silencioso no resto.
    pub relator: Box<dyn TRelator>,
    /// Quais melhorias pós-ICE a configuração liga (bits `MELHORIA_*`; ver
    /// `opcoes::configura_busca`).
    pub melhorias: u32,
    /// Os números da busca (margens, limites, a tabela do LMR: `parametros`);
    /// os padrões fora da build de afinação. Só `opcoes::configura_busca`
    /// os muda, junto com `reducoes_lmr`.
    pub par: TParametros,
    /// As que valem nesta busca: as da configuração dentro do limite do
    /// pedido (`TPedido::limite_melhorias`; a força limitada usa a busca com
    /// que foi calibrada). `usa` lê esta.
    pub(crate) ativas: u32,
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
    pub(crate) restantes_raiz: u32,
    pub(crate) total_raiz: u32,
    pub(crate) lance_atual_raiz: TLance,
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
    /// O traço da árvore, nó a nó (`estatisticas::TTraco`, o que `ice
    /// desenha arvore` desenha), só quando quem chama o põe aqui; `None`
    /// (o normal) não registra nada nem aloca: cada ponto de registro da
    /// árvore é um teste sempre previsto. Quem o pede o tira no fim.
    pub traco: Option<Box<TTraco>>,
    /// 0 na thread principal; i ≥ 1 na i-ésima ajudante, que não olha
    /// relógio nem entrada, só a ordem de parar de `compartilhado`.
    pub id_thread: usize,
    pub compartilhado: Arc<TCompartilhado>,
    /// O ply mais fundo alcançado nesta busca (o `seldepth` do UCI).
    pub seldepth: usize,
    /// As linhas do MultiPV desta iteração e da anterior (alocadas uma vez;
    /// ver `itera_profundidade`).
    pub(crate) linhas: Vec<TLinhaPv>,
    pub(crate) linhas_anteriores: Vec<TLinhaPv>,
    /// Sondas das tabelas Syzygy nesta busca (o `tbhits` do UCI).
    pub tb_sondas: u64,
    /// O escore que as tabelas dão à raiz (mostrado no lugar do da busca,
    /// salvo um mate achado); `None` fora das tabelas.
    pub(crate) tb_escore_raiz: Option<i32>,
    /// O material na raiz (`wdl::material_wdl`) e o contador da regra dos
    /// 50 nela, que as linhas de pensamento levam para o `wdl` do UCI.
    pub(crate) material_raiz: i32,
    pub(crate) meio_lances_raiz: u16,
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
        relator: Box::new(TSilencioso),
        melhorias: TODAS_MELHORIAS,
        par: PARAMETROS_PADRAO,
        ativas: TODAS_MELHORIAS,
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
        reducoes_lmr: tabela_lmr(&PARAMETROS_PADRAO),
        mascara_verificacao: MASCARA_RELOGIO,
        est: TEstatisticas::default(),
        traco: None,
        id_thread: 0,
        compartilhado: Arc::new(TCompartilhado::default()),
        seldepth: 0,
        linhas: vec![TLinhaPv::default(); MAX_MULTIPV],
        linhas_anteriores: vec![TLinhaPv::default(); MAX_MULTIPV],
        tb_sondas: 0,
        tb_escore_raiz: None,
        material_raiz: 0,
        meio_lances_raiz: 0,
    }
}

/// A melhoria `m` está ligada? (nunca no modo clássico)
#[inline(always)]
pub fn usa(bu: &TBusca, m: u32) -> bool {
    !bu.av.classico && bu.ativas & m != 0
}

/// Liga as melhorias `m` (bits `MELHORIA_*`) na configuração e já na busca
/// (quem chama a árvore direto, sem `busca`, como os testes).
pub fn define_melhorias(bu: &mut TBusca, m: u32) {
    bu.melhorias = m;
    bu.ativas = m;
}

/// Liga ou desliga o modo "ICE clássico" (1.78): a busca sem as melhorias
/// pós-ICE e a avaliação só com os termos do ICE. A chave mora num lugar só,
/// `TAvaliacao::classico`, porque a avaliação também a consulta e não
/// conhece o `TBusca`.
pub fn define_classico(bu: &mut TBusca, classico: bool) {
    bu.av.classico = classico;
}

/// Nova partida: esquece tabela, history e killers. A tabela é zerada com
/// até `threads` threads (as da busca, ver `limpa_tabela_hash`).
pub fn limpa_busca(bu: &mut TBusca, threads: usize) {
    limpa_tabela_hash(&bu.tt, threads);
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
    match bu.relator.consulta(&info) {
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

/// O que cada ply usa: seu seletor de lances (com a lista onde as etapas
/// geram) e sua PV. A pilha inteira é
/// alocada uma vez (ICE: `listaLances[2000]` com um índice por ply), porque
/// zerar 4 KB a cada nó custaria mais que gerar os lances.
#[derive(Clone, Copy)]
pub struct TNoPilha {
    pub seletor: TSeletor,
    pub pv: TPv,
    /// Lance (código) que o nó deste ply não pesquisa: só na pesquisa de
    /// singularidade, que refaz o nó sem o lance da tabela (0: nenhum).
    pub excluido: u16,
    /// Os quietos já pesquisados no nó sem corte, que perdem pontos na
    /// history se outro quieto cortar (`arvore::pesquisa_lances`). Aqui, e
    /// não numa variável do nó: ela era zerada (768 bytes) a cada nó que
    /// chegava ao laço de lances, e só os primeiros são lidos.
    pub quietos: [TLance; MAX_QUIETOS],
}

impl Default for TNoPilha {
    fn default() -> Self {
        TNoPilha {
            seletor: TSeletor::default(),
            pv: TPv::default(),
            excluido: 0,
            quietos: [LANCE_NULO; MAX_QUIETOS],
        }
    }
}

/// Troca os números da busca (`parametros`) e refaz a tabela do LMR, que
/// depende do divisor; com os mesmos números, nada a refazer.
pub fn define_parametros(bu: &mut TBusca, par: &TParametros) {
    if bu.par != *par {
        bu.par = *par;
        bu.reducoes_lmr = tabela_lmr(par);
    }
}
