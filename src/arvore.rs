//! A árvore do ICE: `alpha_beta` e `quiescence`, cada um uma lista de passos
//! numerados (`// Passo N.`) em que cada passo é uma linha ou a chamada de
//! uma função pequena com o nome do que faz (`sonda_tt`, `tenta_nulo`,
//! `poda_lance`, `reducao_lmr`, `grava_tt`…), logo abaixo da que a chama.
//!
//! Nível 7, com `busca` (que a chama da raiz); o estado que as duas usam
//! (`TBusca`, `TNoPilha`, as chaves `MELHORIA_*`) fica em `estado`, abaixo,
//! e a árvore não importa a `busca`. Porta do AlphaBeta e da Quiescence de `busca.c` do ICE
//! (seções 4.4.2–4.4.6 do artigo): tabela de transposição, lance nulo com
//! R = 2 fixo, extensão de xeque, killers e history (em `ordenacao`). As
//! podas e reduções que vieram depois (futilidade, futilidade reversa, LMR,
//! LMP, SEE, ameaça de mate, delta) são do ICE-rs e desligam-se com
//! `--classico` ou `--sem`.

use crate::ataques::{ataques_peca, ATAQUES_REI};
use crate::avaliacao::{eval, eval_guardada};
use crate::bitboard::{bit, pop_lsb};
use crate::correcao::{atualiza_correcao, correcao};
use crate::estado::{
    empate_por_regra, usa, verifica_parada, TBusca, TNoPilha, MELHORIA_AMEACA_MATE,
    MELHORIA_CORRECAO, MELHORIA_DELTA, MELHORIA_FUTILIDADE, MELHORIA_IIR, MELHORIA_LMP,
    MELHORIA_LMP_QUIETOS, MELHORIA_LMR, MELHORIA_LMR_HISTORY, MELHORIA_NULO_TT,
    MELHORIA_REI_ATACADO, MELHORIA_SEE, MELHORIA_SEE_CAPTURAS, MELHORIA_SELETOR, MELHORIA_SINGULAR,
    MELHORIA_TT_QS,
};
use crate::estatisticas::{
    abre_no, conta_podado, fecha_no, marca_no, TEstatisticas, TTraco, MARCA_CORTE, MARCA_EXTENSAO,
    MARCA_FUTIL_REVERSA, MARCA_FUTIL_TODOS, MARCA_IIR, MARCA_NULO, MARCA_NULO_CORTE, MARCA_REDUCAO,
    MARCA_REPESQUISA, MARCA_STAND_PAT, MARCA_TT, MARCA_TT_CORTE, TRACO_AB, TRACO_QS,
};
use crate::hash::{
    grava_hash, grava_hash_avaliada, le_hash, AVAL_NENHUMA, HASH_EXATO, HASH_INFERIOR,
    HASH_SUPERIOR,
};
use crate::lance::{TLance, LANCE_NULO};
use crate::ordenacao::{
    registra_corte, see, MAX_QUIETOS, ORD_CAPTURA_BOA, ORD_CAPTURA_RUIM_TARDIA, ORD_KILLER,
};
use crate::parametros::{
    TParametros, PARAMETROS, PARAMETROS_PADRAO, P_FOLGA_PROF_SINGULAR, P_LMP_BASE,
    P_LMP_PROFUNDIDADE, P_LMP_QUIETOS_PROFUNDIDADE, P_LMR_HISTORY_POR_PLY, P_LMR_LANCES,
    P_LMR_PROFUNDIDADE, P_MARGEM_FUTILIDADE, P_MARGEM_FUTILIDADE_PLY, P_MARGEM_FUTILIDADE_REVERSA,
    P_MARGEM_SEE_CAPTURAS, P_MARGEM_SEE_QUIETOS, P_MARGEM_SINGULAR, P_PROF_FUTILIDADE,
    P_PROF_FUTILIDADE_REVERSA, P_PROF_IIR, P_PROF_SEE_CAPTURAS, P_PROF_SINGULAR,
};
use crate::seletor::{
    inicia_seletor, proximo_lance, ETAPA_BOAS, ETAPA_FIM, ETAPA_GERA_BARULHENTOS,
    ETAPA_GERA_QUIETOS, ETAPA_KILLERS, ETAPA_KILLERS_DEVOLVE, ETAPA_QUIETOS,
    ETAPA_RESTO_BARULHENTOS, ETAPA_TT, ETAPA_TT_DEVOLVE,
};
use crate::tabuleiro::TBoard;
use crate::tempo::TLimites;
use crate::tipos::{
    BISPO, CAVALO, DAMA, GERA_QUIESCENCE, GERA_TODOS, INFINITO, LIMIAR_MATE, MATE, MAX_DEPTH,
    NENHUMA, TORRE, VALOR_PECA,
};

// --- Parâmetros da árvore (cada um com o porquê) ---
/// Redução fixa do lance nulo. ICE: R = 2; o R variável foi testado e ficou pior.
pub const R_NULO: i32 = 2;
// As margens e os limites das podas, do LMR, do IIR e da extensão singular
// moram em `parametros` (a tabela que o SPSA afina), cada um lido aqui como
// `bu.par.v[P_…]`; o porquê de cada um está onde ele é usado, abaixo.
/// Margem da poda de futilidade na profundidade 1 (ICE 50f3dea: 200): o
/// padrão de `P_MARGEM_FUTILIDADE`, que o passo 4 da quiescência também usa.
pub const MARGEM_FUTILIDADE: i32 = PARAMETROS[P_MARGEM_FUTILIDADE].padrao;
/// …e não com tantas linhas de ataque inimigas chegando à zona do rei do
/// lado a jogar (MELHORIA_REI_ATACADO): ali a estática não vê o mate que vem.
const ATAQUES_REI_SEM_FUTILIDADE_REVERSA: u32 = 3;

/// Conta um acontecimento da busca no campo `$campo` de `TEstatisticas`,
/// só quando as estatísticas foram pedidas.
macro_rules! conta {
    ($bu:expr, $campo:ident) => {
        if $bu.pedido.com_estatisticas {
            $bu.est.$campo += 1;
        }
    };
}

/// Registra algo no traço da árvore (`TBusca::traco`), só quando ele foi
/// pedido: `traca!(bu, t => marca_no(t, ply, MARCA_X))`. Desligado, é o
/// teste de um `Option` que nunca muda durante a busca.
macro_rules! traca {
    ($bu:expr, $t:ident => $corpo:expr) => {
        if let Some($t) = $bu.traco.as_deref_mut() {
            $corpo;
        }
    };
}

/// O lance que levou à posição (o último do histórico; `LANCE_NULO` no
/// lance nulo e sem histórico). Só o traço o pede.
fn ultimo_lance(b: &TBoard) -> TLance {
    match b.num_historico {
        0 => LANCE_NULO,
        n => b.historico[n - 1].lance,
    }
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
    let ativas = bu.ativas;
    bu.ativas &= !MELHORIA_TT_QS;
    let mut pilha = std::mem::take(&mut bu.pilha);
    let q = quiescence(b, bu, &mut pilha, -INFINITO, INFINITO, 0);
    bu.pilha = pilha;
    bu.ativas = ativas;
    q
}

/// Busca só de lances "barulhentos" (capturas e promoções a dama) até a
/// posição ficar quieta, para não avaliar no meio de uma troca. Em xeque
/// pesquisa todas as evasões, para que os mates no horizonte apareçam.
/// Porta de `Quiescence()` do ICE. Com o traço ligado, cada nó vai para ele
/// (`quiescence_tracada`); o trabalho é o de `quiescence_no`.
#[inline(always)]
pub fn quiescence(
    b: &mut TBoard,
    bu: &mut TBusca,
    pilha: &mut [TNoPilha],
    alfa: i32,
    beta: i32,
    ply: usize,
) -> i32 {
    if bu.traco.is_some() {
        return quiescence_tracada(b, bu, pilha, alfa, beta, ply);
    }
    quiescence_no(b, bu, pilha, alfa, beta, ply)
}

/// A `quiescence` com o nó no traço: abre, pesquisa, fecha com o escore.
#[cold]
#[inline(never)]
fn quiescence_tracada(
    b: &mut TBoard,
    bu: &mut TBusca,
    pilha: &mut [TNoPilha],
    alfa: i32,
    beta: i32,
    ply: usize,
) -> i32 {
    let lance = ultimo_lance(b);
    let mut aberto = None;
    traca!(bu, t => aberto = Some(abre_no(t, TRACO_QS, lance, alfa, beta, 0, ply)));
    let v = quiescence_no(b, bu, pilha, alfa, beta, ply);
    if let Some((i, anterior)) = aberto {
        traca!(bu, t => fecha_no(t, i, anterior, v, ply));
    }
    v
}

/// O nó da quiescência (ver `quiescence`).
fn quiescence_no(
    b: &mut TBoard,
    bu: &mut TBusca,
    pilha: &mut [TNoPilha],
    alfa: i32,
    beta: i32,
    ply: usize,
) -> i32 {
    // Passo 1. Contagem de nós e verificação periódica do relógio; sem
    // material para dar mate, nada a pesquisar; sem pilha, só avaliar.
    if conta_no(bu) {
        return 0;
    }
    if b.material_insuficiente() {
        return escore_empate(bu, ply);
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
    // A estática que a tabela tinha (`sonda_tt` a deixou em `n.aval_tt`)
    // poupa a avaliação; a que sai vai para a tabela com o nó.
    let estatica = if em_xeque {
        -MATE + ply as i32
    } else {
        let (v, g) = eval_guardada(b, &mut bu.av, n.alfa, n.beta, n.aval_tt);
        n.aval_gravar = g;
        v
    };
    if !em_xeque {
        if estatica >= n.beta {
            conta!(bu, qs_stand_pat);
            traca!(bu, t => marca_no(t, ply, MARCA_STAND_PAT));
            if com_tt {
                grava_tt(b, bu, &n, estatica, LANCE_NULO, alfa_original);
            }
            return estatica;
        }
        n.alfa = n.alfa.max(estatica);
    }

    // Passo 3. O seletor (`seletor`) dá as capturas e promoções a dama (em
    // xeque, todos os lances), o lance da tabela primeiro e as capturas em
    // ordem MVV/LVA, gerando só quando precisa.
    let tipo = if em_xeque {
        GERA_TODOS
    } else {
        GERA_QUIESCENCE
    };
    let com_see = usa(bu, MELHORIA_SEE);
    let sel = &mut no.seletor;
    let lance_pv = lance_da_pv(bu, ply);
    let de_uma_vez = bu.ativas & MELHORIA_SELETOR == 0;
    let hash = n.lance_hash;
    inicia_seletor(sel, &bu.ord, ply, lance_pv, hash, com_see, tipo, de_uma_vez);

    // Passo 4. Um por um, sem as capturas que não podem mudar nada.
    let mut melhor = estatica;
    let mut melhor_lance = LANCE_NULO;
    let mut feitos = 0;
    while let Some(l) = proximo_lance(sel, b, &bu.ord) {
        feitos += 1;
        if !em_xeque && captura_inutil(b, bu, &l, estatica, n.alfa) {
            conta!(bu, qs_podas);
            traca!(bu, t => conta_podado(t, ply));
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
                    traca!(bu, t => marca_no(t, ply, MARCA_CORTE));
                    break;
                }
            }
        }
    }
    // Em xeque e sem lances: mate.
    if em_xeque && feitos == 0 {
        return estatica;
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
    /// Avaliação estática (−INFINITO em xeque, quando não é calculada),
    /// já com a correção (`correcao`)…
    estatica: i32,
    /// …e sem ela (a que a correção aprende a corrigir).
    estatica_pura: i32,
    /// A avaliação estática que a entrada da tabela trazia (código de
    /// `avaliacao::eval_guardada`; `AVAL_NENHUMA` sem ela)…
    aval_tt: u16,
    /// …e a que o nó grava com a sua entrada (a mesma, ou a que calculou).
    aval_gravar: u16,
    /// Lance guardado na tabela de transposição (código; 0 se nenhum).
    lance_hash: u16,
    /// A entrada da tabela (profundidade, tipo, escore), para o nulo (um
    /// limite superior abaixo de β) e a extensão singular; profundidade −1
    /// e tipo 0 sem entrada.
    tt_prof: i32,
    tt_tipo: u8,
    tt_escore: i32,
    /// Lance que este nó não pesquisa (a pesquisa de singularidade; 0 nas
    /// outras)…
    excluido: u16,
    /// …e o lance da tabela provou ser singular: é estendido.
    singular: bool,
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
    /// …e a partir de que lance o LMP poda os quietos (usize::MAX: nunca)…
    limite_lmp: usize,
    /// …contando só os quietos (MELHORIA_LMP_QUIETOS) ou todos os lances…
    lmp_por_quietos: bool,
    /// …e as capturas que perdem material pela SEE.
    poda_see_capturas: bool,
    /// Limites que as tabelas Syzygy deram sem cortar (passo 3b): o escore
    /// do nó fica entre eles (±INFINITO sem tabela).
    tb_min: i32,
    tb_max: i32,
}

/// Negamax com poda alfa-beta (fail-soft) e busca de variante principal.
/// Porta de `AlphaBeta()` do ICE. `nulo` diz se o lance nulo é permitido
/// (nunca dois seguidos). Os oito parâmetros são os do ICE mais o `&mut`
/// do estado: juntá-los numa struct só esconderia o que a recursão muda.
/// Com o traço ligado, cada nó (de profundidade > 0; os outros são da
/// quiescência) vai para ele (`alpha_beta_tracado`); o trabalho é o de
/// `alpha_beta_no`.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
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
    if bu.traco.is_some() && prof > 0 {
        return alpha_beta_tracado(b, bu, pilha, alfa, beta, prof, ply, nulo);
    }
    alpha_beta_no(b, bu, pilha, alfa, beta, prof, ply, nulo)
}

/// O `alpha_beta` com o nó no traço: abre, pesquisa, fecha com o escore.
#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn alpha_beta_tracado(
    b: &mut TBoard,
    bu: &mut TBusca,
    pilha: &mut [TNoPilha],
    alfa: i32,
    beta: i32,
    prof: i32,
    ply: usize,
    nulo: bool,
) -> i32 {
    let lance = ultimo_lance(b);
    let mut aberto = None;
    traca!(bu, t => aberto = Some(abre_no(t, TRACO_AB, lance, alfa, beta, prof, ply)));
    let v = alpha_beta_no(b, bu, pilha, alfa, beta, prof, ply, nulo);
    if let Some((i, anterior)) = aberto {
        traca!(bu, t => fecha_no(t, i, anterior, v, ply));
    }
    v
}

/// O nó do `alpha_beta` (ver `alpha_beta`), passo a passo.
#[allow(clippy::too_many_arguments)]
fn alpha_beta_no(
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
        return escore_empate(bu, ply);
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
    n.excluido = no.excluido;
    // Os killers dos filhos vêm dos irmãos deste nó, não dos primos: um
    // corte de outra subárvore fala de outra posição (só ICE-rs).
    if usa(bu, MELHORIA_NULO_TT) && ply + 1 < MAX_DEPTH {
        bu.ord.killers[ply + 1] = [LANCE_NULO; 2];
    }

    // Passo 3. Tabela de transposição: corte fora dos nós PV; senão o lance
    // guardado só serve para a ordenação.
    // Passo 3b. Tabelas de finais (Syzygy, só ICE-rs): logo depois de uma
    // captura ou lance de peão (contador dos 50 zerado, como as tabelas
    // supõem), com poucas peças, o WDL é o valor exato do nó.
    // A pesquisa de singularidade (com lance excluído) não lê nenhuma das
    // duas: o valor delas é o do nó com todos os lances.
    if n.excluido == 0 {
        if let Some(v) = sonda_tt(b, bu, &mut n) {
            return v;
        }
        if let Some(v) = sonda_tabelas(b, bu, &mut n) {
            return v;
        }
    }

    // Passo 4. Avaliação estática (não em xeque, onde não há "ficar parado")
    // e futilidade reversa: muito acima de β, nada traria o escore de volta.
    n.em_xeque = b.em_xeque();
    // A avaliação vem da tabela quando a entrada dela a tem (`sonda_tt`),
    // com o mesmo valor bit a bit (`eval_guardada`); a correção, que muda
    // durante a busca, é somada depois e nunca guardada.
    if !n.em_xeque {
        let (v, g) = eval_guardada(b, &mut bu.av, n.alfa, n.beta, n.aval_tt);
        n.estatica_pura = v;
        n.aval_gravar = g;
        n.estatica = n.estatica_pura;
        if usa(bu, MELHORIA_CORRECAO) {
            n.estatica += correcao(&bu.correcao, b);
        }
    }
    bu.estaticas[ply] = n.estatica;
    n.melhorando = melhorando(bu, &n);
    if let Some(v) = futilidade_reversa(b, bu, &n) {
        conta!(bu, futilidade_reversa);
        traca!(bu, t => marca_no(t, ply, MARCA_FUTIL_REVERSA));
        return v;
    }

    // Passo 5. Lance nulo: se mesmo passando a vez o lado continua acima de
    // β, o nó quase certamente corta.
    if let Some(v) = tenta_nulo(b, bu, resto, &mut n, nulo) {
        return v;
    }

    // Passo 5b (só ICE-rs). Redução interna (IIR): sem lance da tabela, a
    // ordenação deste nó é às cegas; mais raso, ele custa bem menos, e a
    // próxima iteração já encontra o lance que esta deixar na tabela. Depois
    // das podas do nó, que ficam com a profundidade que ele recebeu.
    if usa(bu, MELHORIA_IIR)
        && n.prof >= bu.par.v[P_PROF_IIR]
        && n.lance_hash == 0
        && n.excluido == 0
    {
        n.prof -= 1;
        traca!(bu, t => marca_no(t, ply, MARCA_IIR));
    }

    // Passo 5c (só ICE-rs). Extensão singular: o lance da tabela é o único
    // bom do nó? Pesquisa o nó sem ele, à metade da profundidade, numa
    // janela nula abaixo do escore da tabela; se nada chega perto, é um
    // lance forçado e ganha um ply. Se até sem ele o nó passa de β, há
    // vários lances que cortam: corta já (multi-cut).
    if let Some(v) = pesquisa_singular(b, bu, pilha, &mut n) {
        return v;
    }
    let Some((no, resto)) = pilha.split_first_mut() else {
        return 0;
    };

    // Passo 6. Prepara o seletor de lances (`seletor`): ele não gera nada
    // agora; cada etapa gera o seu pedaço quando a anterior acabar sem
    // corte, e o lance da tabela vem antes de qualquer geração.
    // O `--classico` também gera em etapas (a ordem é a dele): por isso
    // `ativas` e não `usa`, que desliga tudo no clássico.
    let lance_pv = lance_da_pv(bu, ply);
    let com_see = usa(bu, MELHORIA_SEE);
    let de_uma_vez = bu.ativas & MELHORIA_SELETOR == 0;
    let (sel, hash) = (&mut no.seletor, n.lance_hash);
    inicia_seletor(
        sel, &bu.ord, ply, lance_pv, hash, com_see, GERA_TODOS, de_uma_vez,
    );
    prepara_podas(bu, &mut n);

    // Passos 7 a 10. Um por um, na ordem, até um corte. Sem lances: mate ou
    // afogamento.
    let alfa_original = n.alfa;
    let Some((melhor, melhor_lance, feitos)) = pesquisa_lances(b, bu, no, resto, &mut n) else {
        return 0; // parou no meio: o resultado não vale
    };
    if feitos == 0 {
        return if n.em_xeque {
            -MATE + ply as i32
        } else {
            escore_empate(bu, ply)
        };
    }
    conta!(bu, nos_com_lances);
    if bu.pedido.com_estatisticas && !de_uma_vez {
        conta_etapa(&mut bu.est, no.seletor.etapa);
    }
    if melhor == -INFINITO {
        // Todos os lances foram podados pela futilidade: fica a estática.
        traca!(bu, t => marca_no(t, ply, MARCA_FUTIL_TODOS));
        return n.estatica;
    }
    // A busca não desmente as tabelas: uma vitória delas é o mínimo, uma
    // derrota o máximo (só muda algo nos nós PV, onde a sonda não cortou).
    let melhor = melhor.max(n.tb_min).min(n.tb_max);

    // Passo 11. Grava na tabela de transposição, com o tipo do limite, e
    // ensina à correção da estática o que a busca achou (não o nó sem um
    // lance, que não é o valor da posição).
    if n.excluido != 0 {
        return melhor;
    }
    grava_tt(b, bu, &n, melhor, melhor_lance, alfa_original);
    if usa(bu, MELHORIA_CORRECAO) {
        aprende_correcao(b, bu, &n, melhor, &melhor_lance, alfa_original);
    }
    melhor
}

/// Passo 5c: a pesquisa de singularidade. Só longe do horizonte, com o
/// lance da tabela vindo de uma pesquisa quase tão funda e de um limite
/// inferior ou exato (um limite superior não diz que o lance é bom), fora
/// de mates. Refaz o nó no mesmo ply sem o lance (`excluido`); a lista do
/// ply é reaproveitada, por isso vem antes da geração dos lances do nó.
/// Marca `n.singular` ou devolve o corte do multi-cut (ou 0, se parou).
#[inline(always)]
fn pesquisa_singular(
    b: &mut TBoard,
    bu: &mut TBusca,
    pilha: &mut [TNoPilha],
    n: &mut TNo,
) -> Option<i32> {
    if !(usa(bu, MELHORIA_SINGULAR)
        && n.excluido == 0
        && n.ply > 0
        && n.prof >= bu.par.v[P_PROF_SINGULAR]
        && n.lance_hash != 0
        && n.tt_prof >= n.prof - bu.par.v[P_FOLGA_PROF_SINGULAR]
        && n.tt_tipo != HASH_SUPERIOR
        && n.tt_escore.abs() < LIMIAR_MATE)
    {
        return None;
    }
    let beta_s = n.tt_escore - bu.par.v[P_MARGEM_SINGULAR] * n.prof;
    // A pesquisa de dentro usa o mesmo ply: a PV que a busca segue não é
    // dela.
    let seguindo_pv = bu.seguindo_pv;
    bu.seguindo_pv = false;
    pilha[0].excluido = n.lance_hash;
    let v = alpha_beta(
        b,
        bu,
        pilha,
        beta_s - 1,
        beta_s,
        (n.prof - 1) / 2,
        n.ply,
        false,
    );
    pilha[0].excluido = 0;
    // A PV que a pesquisa de dentro deixou no ply não é a do nó: se o nó
    // não achar lance acima de α, o pai não pode copiá-la.
    pilha[0].pv.num_lances = 0;
    bu.seguindo_pv = seguindo_pv;
    if bu.parar {
        return Some(0);
    }
    if v < beta_s {
        conta!(bu, ext_singular);
        n.singular = true;
    } else if beta_s >= n.beta {
        return Some(beta_s);
    }
    None
}

/// Passo 11 (só ICE-rs): a diferença entre o escore do nó e a estática pura
/// vai para a correção, quando ela diz algo sobre a avaliação: fora de
/// xeque, longe de mates, sem que o melhor lance seja uma captura (aí a
/// diferença é o material ganho, não um erro da avaliação), e só no sentido
/// que o limite prova (um corte abaixo da estática, ou uma falha baixa
/// acima dela, não dizem de que lado está o valor verdadeiro).
#[inline(always)]
fn aprende_correcao(
    b: &TBoard,
    bu: &mut TBusca,
    n: &TNo,
    melhor: i32,
    melhor_lance: &TLance,
    alfa_original: i32,
) {
    if n.em_xeque
        || melhor.abs() >= LIMIAR_MATE
        || (melhor_lance.existe() && !melhor_lance.eh_quieto())
        || (melhor >= n.beta && melhor <= n.estatica)
        || (melhor <= alfa_original && melhor >= n.estatica)
    {
        return;
    }
    atualiza_correcao(&mut bu.correcao, b, melhor - n.estatica_pura, n.prof);
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
        estatica_pura: -INFINITO,
        aval_tt: AVAL_NENHUMA,
        aval_gravar: AVAL_NENHUMA,
        lance_hash: 0,
        tt_prof: -1,
        tt_tipo: 0,
        tt_escore: 0,
        excluido: 0,
        singular: false,
        ameaca_mate: false,
        melhorando: false,
        futil: false,
        poda_see: false,
        limite_lmp: usize::MAX,
        lmp_por_quietos: false,
        poda_see_capturas: false,
        tb_min: -INFINITO,
        tb_max: INFINITO,
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
        no_pv: false,
        ..novo_no(alfa, beta, 0, ply)
    }
}

/// Passos 7 a 10 do `alpha_beta`: o laço dos lances, tirados um por um do
/// seletor (`no.seletor`). Devolve o melhor escore (−INFINITO se a
/// futilidade podou todos), o lance que o deu e quantos lances o seletor
/// deu (0: não há lance legal), deixando a PV em `no.pv`; `None` se a busca
/// parou no meio.
#[inline(always)]
fn pesquisa_lances(
    b: &mut TBoard,
    bu: &mut TBusca,
    no: &mut TNoPilha,
    resto: &mut [TNoPilha],
    n: &mut TNo,
) -> Option<(i32, TLance, usize)> {
    let mut melhor = -INFINITO;
    let mut melhor_lance = LANCE_NULO;
    // Quietos já pesquisados sem corte (em `no.quietos`): se outro quieto
    // cortar, eles perdem pontos na history (só ICE-rs; o ICE só somava no
    // lance do corte).
    let mut n_quietos = 0;
    // Quietos já vistos no nó (pesquisados ou podados), para o LMP.
    let mut quietos_vistos = 0;

    // As casas de xeque e as peças que descobrem xeque, para o teste das
    // podas: calculadas no primeiro lance podável do nó, e só se houver um.
    let mut xeques = None;

    let mut feitos = 0;
    while let Some(l) = proximo_lance(&mut no.seletor, b, &bu.ord) {
        // `i`: a posição do lance na ordem do nó (0: o primeiro).
        let i = feitos;
        feitos += 1;
        if n.excluido != 0 && l.codigo() == n.excluido {
            continue;
        }
        if i > 0 {
            // Só o primeiro lance continua na PV da iteração anterior.
            bu.seguindo_pv = false;
        }

        // Passo 7. Podas do lance (futilidade, LMP, SEE), decididas antes do
        // make porque a SEE olha o tabuleiro de antes; um xeque nunca é podado.
        let ordem_lmp = if n.lmp_por_quietos { quietos_vistos } else { i };
        quietos_vistos += l.eh_quieto() as usize;
        // Um lance podável que dá xeque ainda é pesquisado: `da_xeque`
        // responde sem fazer o lance (fazer e desfazer só para perguntar
        // custava mais que o resto da poda).
        let poda = poda_lance(&bu.par, b, n, &l, i, ordem_lmp, melhor);
        if poda != PODA_NENHUMA
            && !b.da_xeque_com(xeques.get_or_insert_with(|| b.prepara_xeques()), &l)
        {
            if bu.pedido.com_estatisticas {
                conta_poda(&mut bu.est, poda);
            }
            traca!(bu, t => conta_podado(t, n.ply));
            continue;
        }
        b.make(&l);
        // Um lance podável só chega aqui se `da_xeque` disse que sim.
        let da_xeque = poda != PODA_NENHUMA || b.em_xeque();

        // Passo 8. Extensões (xeque e ameaça de mate) e redução (LMR).
        let singular = n.singular && l.codigo() == n.lance_hash;
        let ext = extensao(bu, n, da_xeque || singular);
        let reducao = reducao_lmr(bu, n, &l, i, da_xeque, ext, b.vez ^ 1);
        if bu.pedido.com_estatisticas {
            conta_extensao(&mut bu.est, ext, da_xeque, singular, reducao);
        }
        traca!(bu, t => anota_filho(t, ext, reducao));

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
                    traca!(bu, t => marca_no(t, n.ply, MARCA_CORTE));
                    if i == 0 {
                        conta!(bu, cortes_primeiro);
                    }
                    if l.eh_quieto() {
                        let feitos = &no.quietos[..n_quietos];
                        registra_corte(&mut bu.ord, b, &l, n.ply, n.prof, feitos);
                    }
                    break;
                }
            }
        }
        if l.eh_quieto() && n_quietos < MAX_QUIETOS {
            no.quietos[n_quietos] = l;
            n_quietos += 1;
        }
    }
    Some((melhor, melhor_lance, feitos))
}

/// Passo 3 (e 1b da quiescência): lê a tabela de transposição. Guarda o
/// lance em `n.lance_hash` e devolve o escore se ele já decide o nó:
/// profundidade suficiente e, fora da PV, um limite que corta (na PV o corte
/// perderia a variante principal). O lance guardado nunca é feito direto: o
/// seletor (`seletor`, etapa 1) gera os lances legais da casa de origem dele
/// e devolve o de mesmo código; o de uma colisão ou de uma entrada de outra
/// thread, que não existe aqui, não sai.
#[inline(always)]
fn sonda_tt(b: &TBoard, bu: &mut TBusca, n: &mut TNo) -> Option<i32> {
    let Some(e) = le_hash(&bu.tt, b.chave_hash, n.ply) else {
        conta_tt(bu, n, false, false);
        return None;
    };
    n.lance_hash = e.lance;
    n.aval_tt = e.avaliacao;
    let v = e.escore as i32;
    n.tt_prof = e.profundidade as i32;
    n.tt_tipo = e.tipo();
    n.tt_escore = v;
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
    traca!(bu, t => marca_no(t, n.ply, if corta { MARCA_TT | MARCA_TT_CORTE } else { MARCA_TT }));
    corta.then_some(v)
}

/// A tabela diz que o nó fica abaixo de β (limite superior < β): o lance
/// nulo, que aposta num corte, quase certamente falharia.
#[inline(always)]
fn tt_abaixo_de_beta(n: &TNo) -> bool {
    n.tt_tipo == HASH_SUPERIOR && n.tt_escore < n.beta
}

/// Passo 3b: o WDL das tabelas como escore (`syzygy::escore_wdl`: vitória
/// logo abaixo dos mates). Empate é exato; vitória é um limite inferior
/// (um mate pode valer mais) e derrota um superior: só cortam se passam de
/// β ou ficam abaixo de α, e o corte vai para a tabela de transposição.
/// Sem corte (nós PV), o limite fica em `tb_min`/`tb_max`.
fn sonda_tabelas(b: &mut TBoard, bu: &mut TBusca, n: &mut TNo) -> Option<i32> {
    let p = &bu.pedido;
    if p.tb_pecas == 0
        || b.meio_lances != 0
        || b.msk_roque != 0
        || n.prof < p.tb_prof
        || crate::bitboard::conta(b.ocupadas()) as usize > p.tb_pecas
    {
        return None;
    }
    let regra50 = p.tb_regra50;
    let wdl = crate::syzygy::sonda_wdl(p.tabelas.as_ref()?, b)?;
    bu.tb_sondas += 1;
    let v = crate::syzygy::escore_wdl(wdl, n.ply, regra50);
    let (v, tipo, corta) = if v.abs() > 1 {
        if v > 0 {
            (v, HASH_INFERIOR, v >= n.beta)
        } else {
            (v, HASH_SUPERIOR, v <= n.alfa)
        }
    } else {
        // Empate (ou quase, pela regra dos 50): com o contempt, como os
        // outros empates da árvore.
        (escore_empate(bu, n.ply) + v, HASH_EXATO, true)
    };
    if corta {
        grava_hash(&bu.tt, b.chave_hash, 0, v, n.prof, tipo, n.ply);
        return Some(v);
    }
    if tipo == HASH_INFERIOR {
        n.tb_min = v;
    } else {
        n.tb_max = v;
    }
    None
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
fn futilidade_reversa(b: &TBoard, bu: &TBusca, n: &TNo) -> Option<i32> {
    if usa(bu, MELHORIA_FUTILIDADE)
        && !n.no_pv
        && !n.em_xeque
        && n.prof <= bu.par.v[P_PROF_FUTILIDADE_REVERSA]
        && n.beta.abs() < LIMIAR_MATE
    {
        let margem = bu.par.v[P_MARGEM_FUTILIDADE_REVERSA] * (n.prof - n.melhorando as i32);
        if n.estatica - margem >= n.beta && !(usa(bu, MELHORIA_REI_ATACADO) && rei_atacado(b)) {
            return Some(n.estatica - margem);
        }
    }
    None
}

/// Passo 4 (só ICE-rs): o rei do lado a jogar está sob ataque? Conta as
/// linhas de ataque inimigas que chegam à casa dele ou às vizinhas: cada
/// cavalo, bispo ou torre uma, a dama uma pela diagonal e outra pela
/// ortogonal. Com três ou mais, a futilidade reversa não corta. Porque: a
/// estática de quem acabou de receber um sacrifício (WAC.241: Dxh7+, e a
/// torre, o cavalo e o bispo brancos chegam ao rei preto) mostra uma peça a
/// mais, e o ataque que vem em seguida fica além do horizonte que a poda
/// deixa. Na WAC a 1 M nós, 277 → 284/300; com duas linhas, 289, mas ~20 %
/// mais nós no `ice bench` e −9 Elo nas partidas; com três, menos nós que
/// sem a regra e +7 Elo (SPRT [−5, 5], 2491 jogos). Só é calculado quando a
/// poda já ia cortar.
pub fn rei_atacado(b: &TBoard) -> bool {
    let (cor, o) = (b.vez, b.vez ^ 1);
    let k = b.casa_rei(cor);
    let zona = ATAQUES_REI[k] | bit(k);
    let occ = b.ocupadas();
    let mut linhas = 0;
    // A dama entra nos dois grupos: uma linha pela diagonal, outra pela
    // ortogonal.
    let grupos = [
        (CAVALO, b.cavalos[o]),
        (BISPO, b.bispos[o] | b.damas[o]),
        (TORRE, b.torres[o] | b.damas[o]),
    ];
    for (peca, mut p) in grupos {
        while p != 0 {
            let s = pop_lsb(&mut p);
            if ataques_peca(peca, s, occ) & zona != 0 {
                linhas += 1;
                if linhas >= ATAQUES_REI_SEM_FUTILIDADE_REVERSA {
                    return true;
                }
            }
        }
    }
    false
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
        && !(tt_abaixo_de_beta(n) && usa(bu, MELHORIA_NULO_TT))
        && pode_fazer_nulo(b, n.em_xeque, n.beta))
    {
        return None;
    }
    conta!(bu, nulo_tentativas);
    traca!(bu, t => marca_no(t, n.ply, MARCA_NULO));
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
        traca!(bu, t => marca_no(t, n.ply, MARCA_NULO_CORTE));
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
    let perto_do_horizonte = !n.no_pv && !n.em_xeque && n.prof <= bu.par.v[P_LMP_PROFUNDIDADE];
    n.poda_see = usa(bu, MELHORIA_SEE) && perto_do_horizonte;
    // Futilidade (ICE 50f3dea, só ICE-rs aqui): perto do horizonte, um
    // lance quieto não recupera uma desvantagem maior que a margem (200 a
    // um ply, como no ICE; mais 100 por ply a mais, até 3).
    let margem = bu.par.v[P_MARGEM_FUTILIDADE] + bu.par.v[P_MARGEM_FUTILIDADE_PLY] * (n.prof - 1);
    n.futil = usa(bu, MELHORIA_FUTILIDADE)
        && n.prof <= bu.par.v[P_PROF_FUTILIDADE]
        && !n.em_xeque
        && !n.no_pv
        && n.estatica + margem <= n.alfa;
    // LMP (só ICE-rs): os quietos além dos primeiros 3 + prof² lances não
    // são pesquisados. Contando só os quietos (MELHORIA_LMP_QUIETOS), até a
    // profundidade 8: 4 + prof² quietos, ou metade + 1 quando o lado não
    // está melhorando (o nó então tende a não cortar, e os quietos tardios
    // quase nunca mudam isso).
    n.lmp_por_quietos = usa(bu, MELHORIA_LMP_QUIETOS);
    let prof_lmp = if n.lmp_por_quietos {
        bu.par.v[P_LMP_QUIETOS_PROFUNDIDADE]
    } else {
        bu.par.v[P_LMP_PROFUNDIDADE]
    };
    n.limite_lmp = if usa(bu, MELHORIA_LMP) && !n.no_pv && !n.em_xeque && n.prof <= prof_lmp {
        limite_lmp_com(&bu.par, n.prof, n.melhorando, n.lmp_por_quietos)
    } else {
        usize::MAX
    };
    // Capturas perdedoras pela SEE (só ICE-rs), mais longe que os quietos.
    n.poda_see_capturas = usa(bu, MELHORIA_SEE_CAPTURAS)
        && !n.no_pv
        && !n.em_xeque
        && n.prof <= bu.par.v[P_PROF_SEE_CAPTURAS];
}

/// A partir de quantos lances (ou quietos, `por_quietos`) o LMP poda os
/// quietos de um nó `prof` plies antes do horizonte.
pub fn limite_lmp(prof: i32, melhorando: bool, por_quietos: bool) -> usize {
    limite_lmp_com(&PARAMETROS_PADRAO, prof, melhorando, por_quietos)
}

/// O mesmo, com os números da busca (`P_LMP_BASE`: os quietos que passam
/// sempre, antes do prof²).
#[inline(always)]
pub fn limite_lmp_com(par: &TParametros, prof: i32, melhorando: bool, por_quietos: bool) -> usize {
    if !por_quietos {
        return (3 + prof * prof) as usize;
    }
    let base = par.v[P_LMP_BASE] + prof * prof;
    (if melhorando { base } else { base / 2 + 1 }) as usize
}

/// Por que um lance foi podado no passo 7 (para as estatísticas; a busca só
/// quer saber se foi).
const PODA_NENHUMA: u8 = 0;
const PODA_FUTILIDADE: u8 = 1;
const PODA_LMP: u8 = 2;
const PODA_SEE: u8 = 3;

/// O escore de um empate para o lado a jogar no `ply`: −contempt nos plies
/// do lado da raiz (pares), +contempt nos do oponente. Com contempt > 0 o
/// motor evita a repetição e o afogamento quando não está pior.
#[inline(always)]
fn escore_empate(bu: &TBusca, ply: usize) -> i32 {
    if ply.is_multiple_of(2) {
        -bu.pedido.contempt
    } else {
        bu.pedido.contempt
    }
}

/// Passo 7: o lance `l` (o `i`-ésimo do nó; `ordem_lmp` é a posição que o
/// LMP conta) pode ser podado, se não der xeque? LMP e SEE nunca podam o
/// primeiro lance, um killer, nem enquanto só há mate contra (é preciso
/// achar uma defesa de verdade); a futilidade poda todos os quietos menos o
/// primeiro. Das capturas, só as ruins (que a ordenação já marcou) passam
/// pela SEE. Devolve o motivo (`PODA_*`).
#[inline(always)]
fn poda_lance(
    par: &TParametros,
    b: &TBoard,
    n: &TNo,
    l: &TLance,
    i: usize,
    ordem_lmp: usize,
    melhor: i32,
) -> u8 {
    if !l.eh_quieto() {
        let ruim = l.eh_captura()
            && l.peca_promovida == NENHUMA
            && l.valor_lance < ORD_CAPTURA_BOA
            && l.valor_lance >= ORD_CAPTURA_RUIM_TARDIA;
        if n.poda_see_capturas
            && ruim
            && i > 0
            && melhor > -LIMIAR_MATE
            && see(b, l) < -par.v[P_MARGEM_SEE_CAPTURAS] * n.prof
        {
            return PODA_SEE;
        }
        return PODA_NENHUMA;
    }
    if n.futil && i > 0 {
        return PODA_FUTILIDADE;
    }
    let podavel = i > 0 && l.valor_lance < ORD_KILLER && melhor > -LIMIAR_MATE;
    if podavel && ordem_lmp >= n.limite_lmp {
        return PODA_LMP;
    }
    // A SEE (cara) só é calculada para quem a futilidade e o LMP não podaram.
    if podavel && n.poda_see && see(b, l) < -par.v[P_MARGEM_SEE_QUIETOS] * n.prof {
        return PODA_SEE;
    }
    PODA_NENHUMA
}

/// Conta até que etapa o seletor foi num nó com lances (só com
/// `--estatisticas` e com as etapas).
fn conta_etapa(e: &mut TEstatisticas, etapa: u8) {
    match etapa {
        ETAPA_TT | ETAPA_TT_DEVOLVE => e.etapa_tt += 1,
        ETAPA_GERA_BARULHENTOS | ETAPA_BOAS => e.etapa_barulhentos += 1,
        ETAPA_KILLERS | ETAPA_KILLERS_DEVOLVE | ETAPA_RESTO_BARULHENTOS => e.etapa_killers += 1,
        ETAPA_GERA_QUIETOS | ETAPA_QUIETOS | ETAPA_FIM => e.etapa_quietos += 1,
        _ => {}
    }
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
fn conta_extensao(e: &mut TEstatisticas, ext: i32, da_xeque: bool, singular: bool, reducao: i32) {
    // O lance singular já foi contado no passo 5c.
    if ext > 0 && (da_xeque || !singular) {
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

/// Para o traço: o próximo filho vem de um lance estendido `ext` plies ou
/// reduzido `reducao` plies pelo LMR (só a primeira pesquisa dele: as
/// repesquisas do `pvs` são marcadas à parte).
pub fn anota_filho(t: &mut TTraco, ext: i32, reducao: i32) {
    t.pendente = 0;
    if ext > 0 {
        t.pendente |= MARCA_EXTENSAO;
    }
    if reducao > 0 {
        t.pendente |= MARCA_REDUCAO;
        t.reducao_pendente = reducao.min(u8::MAX as i32) as u8;
    }
}

/// Passo 8: extensão de um lance. Xeque: +1 ply (ICE); ameaça de mate e
/// lance singular (`forcado`, com o xeque): +1 (só ICE-rs). Limitada a plies
/// menores que o dobro da iteração, para que uma sequência de xeques não faça
/// a árvore explodir.
#[inline(always)]
fn extensao(bu: &TBusca, n: &TNo, forcado: bool) -> i32 {
    ((forcado || n.ameaca_mate) && (n.ply as i32) < 2 * bu.prof_iteracao) as i32
}

/// Passo 8: redução LMR (só ICE-rs) do `i`-ésimo lance: quietos tardios e
/// comuns (nem killer, nem xeque, nem estendidos), a partir de certa
/// profundidade, são pesquisados mais rasos; se surpreenderem, o `pvs`
/// repete sem redução. Cresce com ln(prof)·ln(i) (tabela `reducoes_lmr`).
#[inline(always)]
fn reducao_lmr(
    bu: &TBusca,
    n: &TNo,
    l: &TLance,
    i: usize,
    da_xeque: bool,
    ext: i32,
    cor: usize,
) -> i32 {
    if usa(bu, MELHORIA_LMR)
        && n.prof >= bu.par.v[P_LMR_PROFUNDIDADE]
        && i >= bu.par.v[P_LMR_LANCES] as usize
        && !n.em_xeque
        && !da_xeque
        && ext == 0
        && l.eh_quieto()
        && l.valor_lance < ORD_KILLER
    {
        let mut reducao = bu.reducoes_lmr[(n.prof as usize).min(63)][i.min(63)] as i32;
        if usa(bu, MELHORIA_LMR_HISTORY) {
            let h = bu.ord.history[cor][l.peca as usize][l.casa_destino as usize];
            reducao = ajusta_reducao_com(&bu.par, reducao, n.melhorando, h);
        }
        // Na PV a ordenação vale mais: reduz um ply a menos. Nunca chega ao
        // horizonte direto (fica ao menos 1 ply).
        let nova_prof = n.prof - 1 + ext;
        (reducao - n.no_pv as i32).min(nova_prof - 1).max(0)
    } else {
        0
    }
}

/// LMR ajustado (só ICE-rs, MELHORIA_LMR_HISTORY): um ply a mais quando o
/// lado não está melhorando (o nó tende a falhar baixo e os quietos tardios
/// raramente o salvam); menos, ou mais, conforme a history do lance (um
/// ply por `P_LMR_HISTORY_POR_PLY`): o que costuma cortar merece mais
/// profundidade. Nunca negativa.
pub fn ajusta_reducao(reducao: i32, melhorando: bool, history: i32) -> i32 {
    ajusta_reducao_com(&PARAMETROS_PADRAO, reducao, melhorando, history)
}

/// O mesmo, com os números da busca (`P_LMR_HISTORY_POR_PLY`).
#[inline(always)]
pub fn ajusta_reducao_com(par: &TParametros, reducao: i32, melhorando: bool, history: i32) -> i32 {
    (reducao + !melhorando as i32 - history / par.v[P_LMR_HISTORY_POR_PLY]).max(0)
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
        traca!(bu, t => t.pendente = MARCA_REPESQUISA);
        v = -alpha_beta(b, bu, resto, -alfa - 1, -alfa, nova_prof, ply + 1, true);
    }
    if v > alfa && v < beta {
        conta!(bu, pvs_repesquisas);
        traca!(bu, t => t.pendente = MARCA_REPESQUISA);
        v = -alpha_beta(b, bu, resto, -beta, -alfa, nova_prof, ply + 1, true);
    }
    v
}

/// Passo 11 (e 5 da quiescência): grava o resultado do nó na tabela de
/// transposição, na profundidade do nó. O tipo diz
/// o que `melhor` prova: ≥ β é só um limite inferior (houve corte), ≤ α
/// original só um superior (nenhum lance passou), entre os dois é exato.
/// A avaliação estática do nó vai junto (`n.aval_gravar`), na entrada que
/// o nó já gravaria: nenhuma entrada nova só por ela, que mudaria quem sai
/// da tabela e com isso a árvore.
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
    grava_hash_avaliada(
        &bu.tt,
        b.chave_hash,
        melhor_lance.codigo(),
        melhor,
        n.prof,
        tipo,
        n.ply,
        n.aval_gravar,
    );
}
