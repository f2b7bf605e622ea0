//! Avaliação estática (porta de `eval.c` do ICE e da seção 4.6 do artigo):
//! os termos que olham onde as peças estão, o traço (`traco_eval`,
//! `tabela_eval`) e a própria `eval`, que junta tudo.
//!
//! Nível 4: depende de `pesos`, `material`, `peoes` e `avaliacao_ice` (as
//! outras partes da avaliação, que não importam este módulo), de `tabuleiro` e dos níveis
//! abaixo (`tipos`, `bitboard`, `ataques`; de `hash`, só o código de "sem
//! avaliação" da tabela de transposição, ver `eval_guardada`). A divisão é a do Fruit 2.1
//! (`eval`, `material`, `pawn`): os números em `pesos`, o que só depende da
//! contagem de peças em `material`, a estrutura de peões (com a sua tabela
//! hash) em `peoes`, e aqui o resto.
//!
//! O ICE somava, para cada lado, material + peça-casa e depois uma lista de
//! termos de conhecimento de xadrez; o resultado era (pontos do lado a
//! jogar) − (pontos do adversário). Aqui é igual, com três mudanças de forma:
//!
//! 1. cada termo tem dois valores, meio-jogo e final (`TPar`), misturados pela
//!    fase do jogo (avaliação "afunilada", *tapered*). O ICE 1.78 só fazia isso
//!    com a tabela do rei; estender a ideia aos outros termos evita saltos de
//!    avaliação quando uma peça sai do tabuleiro;
//! 2. os termos que o artigo cita como melhorias (4.8.3) — mobilidade,
//!    tropismo, avaliação preguiçosa —, a verificação de material para mate,
//!    que o ICE não tinha, e dois termos nossos (ataque ao rei e ameaças)
//!    ficam desligados com `TAvaliacao::classico`;
//! 3. a estrutura de peões (que só depende dos peões) é guardada numa tabela
//!    hash própria, porque os peões mudam pouco de um nó para o outro.
//!
//! Ordem dos passos em `eval` (a mesma da seção 4.6):
//! material e peça-casa → final de peões → desequilíbrio material → estrutura
//! de peões → (avaliação preguiçosa) → torres → segurança do rei e roques
//! opostos → análise de abertura → mobilidade (e a torre presa pelo próprio
//! rei), tropismo e ataque ao rei →
//! ameaças (peças atacadas por peões e por peças menores, peças penduradas,
//! dama atacada por torre, peças que o avanço de um peão atacaria, casas
//! restritas) → postos avançados de cavalos e bispos (e o posto que um cavalo
//! alcança; a dama infiltrada) → xeques seguros → bispo preso nos próprios
//! peões, menor atrás de peão e longe do próprio rei → distância do rei aos
//! peões (e o rei num flanco sem peões) → espaço → perigo
//! ao rei (não linear: perigo² no meio-jogo, ver `penalidade_perigo`;
//! desligado enquanto os pesos `PERIGO_REI` forem zero) → a vez de jogar
//! (tempo) → complexidade (o outro termo não linear: sinal(eg) ×
//! max(complexidade, −|eg|) no final, ver `caracteristicas_complexidade`;
//! desligado enquanto os pesos `COMPLEXIDADE` forem zero).
//!
//! Com `TAvaliacao::pesos_ice`, os passos 2 a 7 dão lugar aos termos da
//! v1.40 com os números dela (`avaliacao_ice`), sobre o material e a
//! peça-casa do clássico.
//!
//! Todos os pesos afinados são constantes com nome em `src/pesos.rs`. O afinador
//! (`src/texel.rs`, `ice texel`) lê o "traço" da avaliação (quantas vezes cada
//! peso foi somado para cada lado) e reescreve essas constantes.

use crate::ataques::{
    ataques_bispo, ataques_peca, ataques_torre, zona_rei, ATAQUES_CAVALO, ATAQUES_REI,
};
use crate::avaliacao_ice::termos_ice;
use crate::bitboard::{
    avanca, bit, conta, lsb, mais_de_um, mascara_coluna, pop_lsb, recua, COLUNA_A, COLUNA_H,
    FILEIRA_1, FILEIRA_2, FILEIRA_3, FILEIRA_4, FILEIRA_5, FILEIRA_6, FILEIRA_7, FILEIRA_8,
};
use crate::hash::AVAL_NENHUMA;
use crate::material::{
    desequilibrio, escalas_empate, fase, final_peoes, material_pst, par_bispos, CASAS_CLARAS,
    ESCALA_NORMAL, FASE_TOTAL,
};
use crate::peoes::{
    ataques_peoes, avalia_peoes, colunas_de, distancia, distancia_minima, guarda_rei,
    nova_hash_peoes, passados_dinamicos, rei_guardado, THashPeoes, COLUNAS_VIZINHAS,
    FRENTE_FILEIRAS,
};
use crate::pesos::{
    acumula, casa_relativa, categoria, com_nome, fileira_relativa, par, soma, TConta, TPar, TTraco,
    CAT_ABERTURA, CAT_AMEACAS, CAT_ATAQUE_REI, CAT_COMPLEXIDADE, CAT_ESPACO, CAT_MATERIAL,
    CAT_MENORES, CAT_MOBILIDADE, CAT_POSTOS, CAT_REI, CAT_REI_PEOES, CAT_TEMPESTADE, CAT_TEMPO,
    CAT_TORRES, CAT_TROPISMO, COMPLEXIDADE, NOMES_CATEGORIAS, NUM_COMPLEXIDADE, NUM_PERIGO,
    PERIGO_REI,
};
use crate::pesos::{
    ABERTURA_DAMA_CEDO, ABERTURA_PEAO_CENTRAL, ABERTURA_PEAO_F, ABERTURA_PECA_DUAS_VEZES,
    ABERTURA_REI_ANDOU, ABERTURA_ROQUE, AMEACA_AVANCO_PEAO, ATAQUE_REI, BISPO_DIAGONAL_LONGA,
    BISPO_PEOES_COR, BONUS_ROQUE, CHEQUE_SEGURO, DAMA_ATACADA, DAMA_ATACADA_POR_TORRE,
    DAMA_CRAVADA, DAMA_INFILTRADA, ESCUDO_REI, ESPACO, MAIOR_ATACADA_POR_MENOR,
    MENOR_ATACADA_POR_MAIOR, MENOR_ATACADA_POR_MENOR, MENOR_ATRAS_PEAO, MOB_BISPO, MOB_CAVALO,
    MOB_DAMA, MOB_TORRE, PEAO_FRACO_ATACADO, PEAO_TEMPESTADE, PECA_ATACADA_PELO_REI,
    PECA_ATACADA_POR_PEAO, PECA_BLOQUEIA_PEAO_CENTRAL, PECA_PENDURADA, PECA_RESTRITA,
    PECA_SOBRECARREGADA, POSTO_ALCANCAVEL, POSTO_BISPO, POSTO_CAVALO, PROTETOR_REI,
    REI_COLUNA_SEMIABERTA, REI_COLUNA_VIZINHA_SEMIABERTA, REI_DEFENSORES,
    REI_DISTANCIA_PEAO_INIMIGO, REI_DISTANCIA_PEAO_PROPRIO, REI_ESCUDO, REI_FLANCO_SEM_PEOES,
    TEMPESTADE_REI, TEMPO, TORRES_DOBRADAS, TORRE_ABERTA, TORRE_PRESA, TORRE_SEMIABERTA,
    TORRE_SETIMA, TROPISMO_BISPO, TROPISMO_CAVALO, TROPISMO_DAMA, TROPISMO_TORRE,
};
use crate::tabuleiro::TBoard;
use crate::tipos::{
    coluna, fileira, TBitboard, BRANCAS, CAVALO, DAMA, INFINITO, MSK_ROQUE_GRANDE,
    MSK_ROQUE_GRANDE_BRANCAS, MSK_ROQUE_GRANDE_NEGRAS, MSK_ROQUE_PEQUENO,
    MSK_ROQUE_PEQUENO_BRANCAS, MSK_ROQUE_PEQUENO_NEGRAS, NEGRAS, PEAO, REI,
};

/// Até que lance completo a análise de abertura vale.
pub const LANCE_FIM_ABERTURA: u32 = 11; // ICE 1.40: número do lance < 11
/// Teto (em módulo) da soma dos princípios de abertura de um lado. Com 40,
/// a diferença entre os lados nunca passa de 80 < valor de um peão: o motor
/// não entrega material para seguir princípios (artigo, 4.6).
const ABERTURA_LIMITE: i32 = 40; // centipeões por lado

/// As duas grandes diagonais (a1–h8 e a8–h1) e as quatro casas do centro.
const DIAGONAIS_LONGAS: TBitboard = 0x8040_2010_0804_0201 | 0x0102_0408_1020_4080;
const CENTRO: TBitboard = (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36);

/// Unidades de ataque por casa da zona do rei atacada, por peça (C, B, T, D).
const UNIDADES_ATAQUE: [i32; 7] = [0, 0, 2, 2, 3, 5, 0];
/// Teto de unidades²÷16: um ataque esmagador não vale mais que uma peça.
const ATAQUE_REI_TETO: i32 = 40;
/// Perigo ao rei (ver `penalidade_perigo`): divisores da penalidade de
/// meio-jogo (perigo²) e de final (perigo). Com 4096 e 16, os do Stockfish,
/// os pesos ficam em dezenas ou centenas e o arredondamento para inteiro
/// pesa pouco: um perigo de 400 custa 39 cp no meio-jogo e 25 no final.
pub const PERIGO_DIVISOR_MG: i32 = 4096;
pub const PERIGO_DIVISOR_EG: i32 = 16;
/// Teto do perigo: 2000²/4096 = 976 cp, pouco mais que uma dama.
pub const PERIGO_TETO: i32 = 2000;
/// Um peso com o nome da sua constante (ver `com_nome!`).
type TPesoNomeado = (&'static str, TPar);
/// Uma tabela de pesos com o nome da sua constante.
type TTabelaNomeada = (&'static str, &'static [TPar]);
/// Os pesos de mobilidade e de tropismo de cada peça (C, B, T, D), na ordem
/// dos tipos de peça, com os nomes que o traço e o afinador usam.
#[rustfmt::skip]
const TERMOS_PECA: [(TTabelaNomeada, TPesoNomeado); 4] = [
    (com_nome!(&MOB_CAVALO), com_nome!(TROPISMO_CAVALO)),
    (com_nome!(&MOB_BISPO), com_nome!(TROPISMO_BISPO)),
    (com_nome!(&MOB_TORRE), com_nome!(TROPISMO_TORRE)),
    (com_nome!(&MOB_DAMA), com_nome!(TROPISMO_DAMA)),
];
/// Avaliação preguiçosa: se material + peça-casa + peões já estão tão fora da
/// janela que nenhum termo lento consegue trazer de volta, devolve já.
const MARGEM_PREGUICOSA: i32 = 300; // centipeões; maior que os termos lentos somados

/// As colunas a a d e e a h: as duas alas, para a complexidade.
const COLUNAS_A_A_D: TBitboard =
    mascara_coluna(0) | mascara_coluna(1) | mascara_coluna(2) | mascara_coluna(3);
const COLUNAS_E_A_H: TBitboard = !COLUNAS_A_A_D;

/// As colunas c, d, e e f: o centro largo, onde conta o espaço.
const COLUNAS_C_A_F: TBitboard =
    mascara_coluna(2) | mascara_coluna(3) | mascara_coluna(4) | mascara_coluna(5);

/// O flanco do rei pela coluna dele: a ala da dama (a–d) para o rei em a, b
/// ou c; o centro largo (c–f) para d ou e; a ala do rei (e–h) para f, g ou h.
const FLANCO_REI: [TBitboard; 8] = [
    COLUNAS_A_A_D,
    COLUNAS_A_A_D,
    COLUNAS_A_A_D,
    COLUNAS_C_A_F,
    COLUNAS_C_A_F,
    COLUNAS_E_A_H,
    COLUNAS_E_A_H,
    COLUNAS_E_A_H,
];

// ============================================================================
// Estado
// ============================================================================

/// Estado da avaliação que vive entre chamadas (tabelas, modos).
pub struct TAvaliacao {
    /// Modo "ICE clássico": só os termos que o ICE tinha (1.40 e os que o
    /// artigo descreve para o 1.78); sem mobilidade, tropismo, avaliação
    /// preguiçosa nem escala de finais sem mate.
    pub classico: bool,
    /// Os termos de conhecimento com os números do ICE 1.40 (`avaliacao_ice`)
    /// no lugar dos afinados, sobre material e peça-casa do clássico: a
    /// avaliação do nível IceBR (`--pesos-ice`). Não mexe na busca.
    pub pesos_ice: bool,
    /// Só material + peça-casa (a primeira versão), para medir o ganho dos termos.
    pub so_material_pst: bool,
    /// Tabela hash da estrutura de peões (com os contadores de acerto),
    /// alocada uma vez aqui.
    pub hash_peoes: THashPeoes,
}

impl Default for TAvaliacao {
    fn default() -> Self {
        nova_avaliacao()
    }
}

/// Cria o estado da avaliação (aloca a tabela de peões: ~1,2 MB).
pub fn nova_avaliacao() -> TAvaliacao {
    TAvaliacao {
        classico: false,
        pesos_ice: false,
        so_material_pst: false,
        hash_peoes: nova_hash_peoes(),
    }
}

/// Mapas de ataque de uma avaliação, numa struct na pilha: montados uma vez
/// por `avalia` (os dos peões antes dos termos, os das peças com o que a
/// mobilidade devolve) e lidos, por referência, pelas ameaças, postos
/// avançados, xeques seguros e espaço. Nada é alocado nem calculado duas vezes.
struct TAtaques {
    /// Casas atacadas pelos peões de cada cor.
    peoes: [TBitboard; 2],
    /// Casas atacadas pelas peças de cada cor, por tipo (C, B, T, D).
    pecas: [[TBitboard; 4]; 2],
    /// O ataque de cada cor à zona do rei inimigo (para o perigo ao rei).
    zona: [TAtaqueZona; 2],
    /// Todas as casas atacadas por cada cor: peões, peças e rei.
    todos: [TBitboard; 2],
    /// As casas que cada cor ataca duas vezes ou mais (peões, peças e rei).
    duplos: [TBitboard; 2],
}

/// O ataque das peças de uma cor à zona do rei inimigo: quantas peças de
/// cada tipo (C, B, T, D) a atacam e quantos ataques caem nela.
#[derive(Clone, Copy, Default)]
struct TAtaqueZona {
    atacantes: [i32; 4],
    ataques: i32,
}

// ============================================================================
// Termos
// ============================================================================

/// Torres (ICE 1.40, por coluna): semiaberta, aberta, dobradas; e (1.78) torre
/// na sétima com o rei inimigo na oitava ou peões inimigos na sétima.
fn torres<const TRACO: bool>(b: &TBoard, cor: usize, c: &mut TConta<TRACO>) {
    categoria(c, CAT_TORRES);
    let o = cor ^ 1;
    let mut cols = colunas_de(b.torres[cor]);
    while cols != 0 {
        let col = cols.trailing_zeros() as usize;
        cols &= cols - 1;
        let mc = mascara_coluna(col);
        // ICE: só conta a coluna sem peão próprio; uma vez por coluna.
        if b.peoes[cor] & mc == 0 {
            soma!(c, cor, TORRE_SEMIABERTA, 1);
            if b.peoes[o] & mc == 0 {
                soma!(c, cor, TORRE_ABERTA, 1);
            }
            if mais_de_um(b.torres[cor] & mc) {
                soma!(c, cor, TORRES_DOBRADAS, 1);
            }
        }
    }
    let (setima, oitava) = if cor == BRANCAS {
        (FILEIRA_7, FILEIRA_8)
    } else {
        (FILEIRA_2, FILEIRA_1)
    };
    let n = conta(b.torres[cor] & setima) as i32;
    if n > 0 && (b.rei[o] & oitava != 0 || b.peoes[o] & setima != 0) {
        soma!(c, cor, TORRE_SETIMA, n);
    }
}

/// O lado já rocou? RUST: o `TBoard` não guarda isso (o `msk_roque` daqui são
/// os direitos); inferimos da posição — rei na primeira fileira em g1/h1 ou
/// a1/b1/c1, sem torre própria presa entre ele e o canto. Assim o termo só
/// depende da posição (coerente com a tabela de transposição e com FENs).
fn rocou(b: &TBoard, cor: usize) -> bool {
    let k = casa_relativa(cor, b.casa_rei(cor));
    if fileira(k) != 1 {
        return false;
    }
    let col = coluna(k);
    // Torres próprias na primeira fileira, em coordenadas das brancas.
    let mut t = b.torres[cor];
    if cor == NEGRAS {
        t = t.swap_bytes();
    }
    let t = (t >> 56) as u32; // bit i = coluna i da fileira 1
    match col {
        6 | 7 => t >> (col + 1) == 0,       // nenhuma torre à direita do rei
        0..=2 => t & ((1 << col) - 1) == 0, // nenhuma à esquerda
        _ => false,
    }
}

/// Segurança do rei (ICE 1.40 + 1.78): bônus de roque, escudo de peões e
/// colunas sem peão inimigo na frente e ao lado do rei. ICE: só conta quando o
/// adversário tem dama ou mais de uma torre — sem elas não há ataque de mate.
/// Fora do clássico o escudo sai daqui: `abrigo_e_tempestade` o conta por
/// coluna e distância, sempre.
fn seguranca_rei<const TRACO: bool>(b: &TBoard, cor: usize, classico: bool, c: &mut TConta<TRACO>) {
    categoria(c, CAT_REI);
    let o = cor ^ 1;
    if b.damas[o] == 0 && !mais_de_um(b.torres[o]) {
        return;
    }
    if rocou(b, cor) {
        soma!(c, cor, BONUS_ROQUE, 1);
    }
    let k = b.casa_rei(cor);
    let col = coluna(k);
    let fr = fileira(k);
    let a_frente = FRENTE_FILEIRAS[cor][fr];
    let primeira = col.saturating_sub(1);
    let ultima = (col + 1).min(7);
    for cl in primeira..=ultima {
        let mc = mascara_coluna(cl);
        if classico {
            let idx = indice_escudo(b, cor, cl, a_frente, fr);
            // A coluna do próprio rei conta em dobro.
            let n = if cl == col { 2 } else { 1 };
            soma!(c, cor, REI_ESCUDO[idx], n);
        }
        if b.peoes[o] & mc == 0 {
            if cl == col {
                soma!(c, cor, REI_COLUNA_SEMIABERTA, 1);
            } else {
                soma!(c, cor, REI_COLUNA_VIZINHA_SEMIABERTA, 1);
            }
        }
    }
}

/// Defensores do rei (só ICE-rs): peões, cavalos e bispos próprios na zona
/// do rei, contados até 11 (`REI_DEFENSORES`, como o KingDefenders do
/// Ethereal). O perigo ao rei conta quem ataca; isto conta quem está lá
/// para tapar as casas e trocar o atacante.
fn defensores_rei<const TRACO: bool>(b: &TBoard, cor: usize, c: &mut TConta<TRACO>) {
    let defensores = b.peoes[cor] | b.cavalos[cor] | b.bispos[cor];
    let n = conta(zona_rei(b.casa_rei(cor)) & defensores).min(11);
    categoria(c, CAT_REI);
    soma!(c, cor, REI_DEFENSORES[n as usize], 1);
}

/// Abrigo e tempestade (só ICE-rs; issue 49): na coluna do rei e nas
/// vizinhas, o peão próprio mais próximo à frente do rei (`ESCUDO_REI`) e o
/// inimigo mais próximo dele vindo de frente (`TEMPESTADE_REI`), pela
/// distância em fileiras e pela coluna. Só depende dos peões e do rei.
fn abrigo_e_tempestade<const TRACO: bool>(b: &TBoard, cor: usize, c: &mut TConta<TRACO>) {
    categoria(c, CAT_TEMPESTADE);
    let k = b.casa_rei(cor);
    let col = coluna(k);
    let fr = fileira(k);
    let a_frente = FRENTE_FILEIRAS[cor][fr];
    for cl in col.saturating_sub(1)..=(col + 1).min(7) {
        let mc = mascara_coluna(cl) & a_frente;
        let meus = b.peoes[cor] & mc;
        let deles = b.peoes[cor ^ 1] & mc;
        let (dm, dd) = (
            distancia_a_frente(meus, cor, fr) as i32,
            distancia_a_frente(deles, cor, fr) as i32,
        );
        let esp = cl.min(7 - cl);
        let do_rei = (cl == col) as usize;
        soma!(c, cor, ESCUDO_REI[(do_rei * 4 + esp) * 8 + dm as usize], 1);
        let bloqueado = (dm > 0 && dd == dm + 1) as usize;
        soma!(
            c,
            cor,
            TEMPESTADE_REI[(bloqueado * 4 + esp) * 8 + dd as usize],
            1
        );
    }
}

/// Índice de `REI_ESCUDO` da coluna `cl`: distância em fileiras − 1 do peão
/// de `cor` mais próximo à frente do rei (na fileira `fr`; `a_frente` são as
/// fileiras à frente dele), 3 sem peão ou longe demais.
fn indice_escudo(b: &TBoard, cor: usize, cl: usize, a_frente: TBitboard, fr: usize) -> usize {
    match distancia_a_frente(b.peoes[cor] & mascara_coluna(cl) & a_frente, cor, fr) {
        0 => 3,
        d => (d - 1).min(3),
    }
}

/// Distância em fileiras, do rei de `cor` na fileira `fr`, ao peão de
/// `peoes` mais próximo dele (todos numa coluna, à frente do rei); 0 se não
/// há nenhum. O mais próximo é, para as brancas, o de índice maior (a8 = 0).
#[inline(always)]
fn distancia_a_frente(peoes: TBitboard, cor: usize, fr: usize) -> usize {
    if peoes == 0 {
        return 0;
    }
    let p = if cor == BRANCAS {
        63 - peoes.leading_zeros() as usize
    } else {
        lsb(peoes)
    };
    fileira(p).abs_diff(fr)
}

/// Ala do rei: 0 = dama (a..c), 1 = rei (f..h), 2 = centro.
#[inline(always)]
fn ala(casa: usize) -> usize {
    match coluna(casa) {
        0..=2 => 0,
        5..=7 => 1,
        _ => 2,
    }
}

/// Roques em alas opostas (1.78): cada peão avançando nas colunas do rei
/// inimigo ganha bônus, porque abrir essas colunas não expõe o próprio rei.
fn tempestade<const TRACO: bool>(b: &TBoard, cor: usize, c: &mut TConta<TRACO>) {
    categoria(c, CAT_TEMPESTADE);
    let (minha, dele) = (ala(b.casa_rei(cor)), ala(b.casa_rei(cor ^ 1)));
    if minha == 2 || dele == 2 || minha == dele {
        return;
    }
    let col = coluna(b.casa_rei(cor ^ 1));
    let mut p = b.peoes[cor] & (mascara_coluna(col) | COLUNAS_VIZINHAS[col]);
    while p != 0 {
        let r = fileira_relativa(cor, pop_lsb(&mut p)) - 1;
        soma!(c, cor, PEAO_TEMPESTADE[r], 1);
    }
}

/// Peças bloqueando os peões centrais (1.78): peça própria em d3/e3 com o
/// peão ainda em d2/e2 tranca o desenvolvimento. Depende só da posição.
fn bloqueio_central<const TRACO: bool>(b: &TBoard, cor: usize, c: &mut TConta<TRACO>) {
    categoria(c, CAT_ABERTURA);
    let (d2, e2) = (casa_relativa(cor, 51), casa_relativa(cor, 52));
    let pecas = b.pecas[cor] & !b.peoes[cor];
    for s in [d2, e2] {
        let frente = if cor == BRANCAS { s - 8 } else { s + 8 };
        if b.peoes[cor] & bit(s) != 0 && pecas & bit(frente) != 0 {
            soma!(c, cor, PECA_BLOQUEIA_PEAO_CENTRAL, 1);
        }
    }
}

/// Análise de abertura do ICE: percorre os lances jogados (partida e busca)
/// enquanto o número do lance for menor que LANCE_FIM_ABERTURA.
///
/// RUST (diferenças deliberadas): a cor de cada lance sai da vez atual e da
/// distância ao fim da lista, não da paridade do índice (a peculiaridade P5
/// trocava as cores depois de `setboard` com pretas a jogar); a "peça mexida
/// duas vezes" é exata (a origem é o destino de um lance anterior da mesma
/// cor, peões e rei fora), não "origem fora das duas primeiras fileiras";
/// "dama cedo" é qualquer lance de dama; a marca de roque é por cor; o bônus
/// de d2/e2 e a penalidade de f2 só valem para lances de peão. A soma de cada
/// lado é limitada a ±ABERTURA_LIMITE.
fn analise_abertura<const TRACO: bool>(b: &TBoard, c: &mut TConta<TRACO>) {
    categoria(c, CAT_ABERTURA);
    if b.num_lance >= LANCE_FIM_ABERTURA {
        return;
    }
    // Contagens por cor: roque, peão central, peça 2×, dama, rei, peão f.
    let mut n = [[0i32; 6]; 2];
    let mut destinos = [0u64; 2];
    let mut rocou_ja = [false; 2];
    let total = b.num_historico;
    for i in 0..total {
        let l = b.historico[i].lance;
        // O último lance foi do lado que não tem a vez; antes dele, alterna.
        let cor = if (total - 1 - i) & 1 == 0 {
            b.vez ^ 1
        } else {
            b.vez
        };
        if !l.existe() {
            continue; // lance nulo da busca
        }
        let origem = casa_relativa(cor, l.casa_origem as usize);
        if l.especial & (MSK_ROQUE_PEQUENO | MSK_ROQUE_GRANDE) != 0 {
            n[cor][0] += 1;
            rocou_ja[cor] = true;
            continue;
        }
        match l.peca {
            PEAO => {
                // e2 = 52, d2 = 51, f2 = 53 (do ponto de vista de cada cor).
                if origem == 51 || origem == 52 {
                    n[cor][1] += 1;
                } else if origem == 53 {
                    n[cor][5] += 1;
                }
            }
            REI => {
                if !rocou_ja[cor] {
                    n[cor][4] += 1;
                }
            }
            _ => {
                if destinos[cor] & bit(l.casa_origem as usize) != 0 {
                    n[cor][2] += 1;
                }
                if l.peca == DAMA {
                    n[cor][3] += 1;
                }
            }
        }
        destinos[cor] |= bit(l.casa_destino as usize);
    }
    let pesos = [
        com_nome!(ABERTURA_ROQUE),
        com_nome!(ABERTURA_PEAO_CENTRAL),
        com_nome!(ABERTURA_PECA_DUAS_VEZES),
        com_nome!(ABERTURA_DAMA_CEDO),
        com_nome!(ABERTURA_REI_ANDOU),
        com_nome!(ABERTURA_PEAO_F),
    ];
    for cor in 0..2 {
        let antes = c.s[cor];
        for (j, (nome, peso)) in pesos.iter().enumerate() {
            if n[cor][j] != 0 {
                acumula(c, cor, nome, 0, *peso, n[cor][j]);
            }
        }
        // Teto: o excesso volta como correção fixa (fora do afinador).
        let d = par(c.s[cor].mg - antes.mg, c.s[cor].eg - antes.eg);
        let lim = par(
            d.mg.clamp(-ABERTURA_LIMITE, ABERTURA_LIMITE),
            d.eg.clamp(-ABERTURA_LIMITE, ABERTURA_LIMITE),
        );
        if lim != d {
            acumula(c, cor, "", 0, par(lim.mg - d.mg, lim.eg - d.eg), 1);
        }
    }
}

/// Mobilidade, tropismo e ataque ao rei (artigo 4.8.3, só fora do modo
/// clássico): casas alcançáveis que não têm peça própria nem estão atacadas
/// por peão inimigo, proximidade de cada peça ao rei inimigo e as casas em
/// volta dele que cada peça ataca.
///
/// O ataque ao rei cresce com o quadrado das unidades: uma peça sozinha
/// raramente dá mate, duas ou três juntas sim. Só conta com dama (sem ela os
/// ataques quase nunca chegam ao mate) e com pelo menos duas peças atacando.
///
/// `peoes_dele` são as casas atacadas pelos peões inimigos (dos mapas de
/// `avalia`). Devolve as casas atacadas pelas peças de `cor`, por tipo (C, B,
/// T, D), que `avalia` guarda nos mapas (`TAtaques`) para as ameaças e os
/// xeques seguros: os ataques de cada peça já são gerados aqui de qualquer
/// jeito. E as contagens de `cor` que o perigo ao rei inimigo usa: quantas
/// peças de cada tipo atacam a zona do rei dele e quantos ataques caem lá.
fn mobilidade_tropismo<const TRACO: bool>(
    b: &TBoard,
    cor: usize,
    peoes_dele: TBitboard,
    peoes_meus: TBitboard,
    duplos: &mut TBitboard,
    c: &mut TConta<TRACO>,
) -> ([TBitboard; 4], TAtaqueZona) {
    let o = cor ^ 1;
    let mut m = TMobilidade {
        occ: b.ocupadas(),
        area: !b.pecas[cor] & !peoes_dele,
        rei_dele: b.casa_rei(o),
        rei_meu: b.casa_rei(cor),
        zona: zona_rei(b.casa_rei(o)),
        atacantes: 0,
        unidades: 0,
        por_tipo: [0; 4],
        az: TAtaqueZona::default(),
        acumulado: peoes_meus,
        duplos: *duplos,
    };
    // Um tipo de peça por chamada, com o tipo constante: dentro de cada uma
    // o compilador escolhe já a tabela de ataque e o bitboard da peça (num
    // laço sobre os tipos eram dois `match` por peça).
    mobilidade_do_tipo(b, cor, 0, &mut m, c);
    mobilidade_do_tipo(b, cor, 1, &mut m, c);
    mobilidade_do_tipo(b, cor, 2, &mut m, c);
    mobilidade_do_tipo(b, cor, 3, &mut m, c);
    *duplos = m.duplos;
    let (atacantes, unidades, por_tipo, az) = (m.atacantes, m.unidades, m.por_tipo, m.az);
    if atacantes >= 2 && b.damas[cor] != 0 {
        categoria(c, CAT_ATAQUE_REI);
        let n = (unidades * unidades / 16).min(ATAQUE_REI_TETO);
        soma!(c, cor, ATAQUE_REI, n);
    }
    (por_tipo, az)
}

/// O que a mobilidade de uma cor acumula, tipo de peça a tipo de peça.
struct TMobilidade {
    occ: TBitboard,
    area: TBitboard,
    rei_dele: usize,
    rei_meu: usize,
    zona: TBitboard,
    atacantes: i32,
    unidades: i32,
    por_tipo: [TBitboard; 4],
    az: TAtaqueZona,
    acumulado: TBitboard,
    duplos: TBitboard,
}

/// A mobilidade, o tropismo e o ataque à zona do rei das peças de `cor` do
/// tipo `i` (0 = cavalo … 3 = dama), para `mobilidade_tropismo`.
#[inline(always)]
fn mobilidade_do_tipo<const TRACO: bool>(
    b: &TBoard,
    cor: usize,
    i: usize,
    m: &mut TMobilidade,
    c: &mut TConta<TRACO>,
) {
    let ((nome_mob, mob), (nome_trop, trop)) = TERMOS_PECA[i];
    let peca = CAVALO + i as u8;
    let mut p = b.bb(peca)[cor];
    while p != 0 {
        let s = pop_lsb(&mut p);
        let ataques = ataques_peca(peca, s, m.occ);
        // Casa já atacada (por peão ou por peça anterior) e atacada de
        // novo: ataque duplo. `duplos` entra com os dos peões.
        m.duplos |= m.acumulado & ataques;
        m.acumulado |= ataques;
        m.por_tipo[i] |= ataques;
        categoria(c, CAT_MOBILIDADE);
        let n = conta(ataques & m.area) as usize;
        acumula(c, cor, nome_mob, n, mob[n], 1);
        // Torre presa pelo próprio rei: pouca mobilidade, do lado dele que
        // dá para o canto (rei na ala da dama e torre à esquerda dele, ou
        // na do rei e torre à direita). Sem roque, só andando o rei a solta.
        if i == 2 && n <= 3 {
            let kc = coluna(m.rei_meu);
            if (kc < 4) == (coluna(s) < kc) {
                let direitos = if cor == BRANCAS {
                    MSK_ROQUE_PEQUENO_BRANCAS | MSK_ROQUE_GRANDE_BRANCAS
                } else {
                    MSK_ROQUE_PEQUENO_NEGRAS | MSK_ROQUE_GRANDE_NEGRAS
                };
                let sem_roque = (b.msk_roque & direitos == 0) as i32;
                soma!(c, cor, TORRE_PRESA, 1 + sem_roque);
            }
        }
        categoria(c, CAT_TROPISMO);
        acumula(c, cor, nome_trop, 0, trop, 7 - distancia(s, m.rei_dele));
        let na_zona = conta(ataques & m.zona) as i32;
        if na_zona > 0 {
            m.atacantes += 1;
            m.unidades += na_zona * UNIDADES_ATAQUE[peca as usize];
            m.az.atacantes[i] += 1;
            m.az.ataques += na_zona;
        }
    }
}

/// Ameaças (só ICE-rs): peças de `cor` atacadas por peões inimigos, e torres
/// e damas atacadas por cavalos ou bispos inimigos. A quiescência só vê a
/// captura quando é a vez de quem ataca; do outro lado, a avaliação parada
/// contava a peça como se estivesse segura. (Quem está a jogar pode fugir,
/// por isso o peso é bem menor que a peça.)
///
/// E peças penduradas: atacadas por qualquer coisa do inimigo (`ataques_dele`)
/// e sem nenhum defensor (`defesas`). Uma só costuma fugir; duas, ou uma
/// junto com outra ameaça, custam material. Por fim, cavalos e bispos
/// atacados por menores inimigos sem peão que os defenda, e a dama atacada
/// por torre.
///
/// Os mapas de ataque vêm de `at`: os dos peões, os de tudo (peões, peças e
/// rei) de cada cor e os das peças inimigas por tipo.
fn ameacas<const TRACO: bool>(b: &TBoard, cor: usize, at: &TAtaques, c: &mut TConta<TRACO>) {
    categoria(c, CAT_AMEACAS);
    let (peoes_dele, peoes_meus) = (at.peoes[cor ^ 1], at.peoes[cor]);
    let (ataques_dele, defesas) = (at.todos[cor ^ 1], at.todos[cor]);
    let tipos_dele = &at.pecas[cor ^ 1];
    let pecas = b.cavalos[cor] | b.bispos[cor] | b.torres[cor] | b.damas[cor];
    let por_peao = conta(pecas & peoes_dele) as i32;
    soma!(c, cor, PECA_ATACADA_POR_PEAO, por_peao);
    let menores_dele = tipos_dele[0] | tipos_dele[1];
    let maiores = b.torres[cor] | b.damas[cor];
    let por_menor = conta(maiores & menores_dele) as i32;
    soma!(c, cor, MAIOR_ATACADA_POR_MENOR, por_menor);
    let penduradas = conta(pecas & ataques_dele & !defesas) as i32;
    soma!(c, cor, PECA_PENDURADA, penduradas);
    let menores = (b.cavalos[cor] | b.bispos[cor]) & !peoes_meus;
    let n = conta(menores & menores_dele) as i32;
    soma!(c, cor, MENOR_ATACADA_POR_MENOR, n);
    let n = conta(b.damas[cor] & tipos_dele[2]) as i32;
    soma!(c, cor, DAMA_ATACADA_POR_TORRE, n);
    let n = conta(pecas & avancos_de_peao(b, cor ^ 1, at) & !peoes_dele) as i32;
    soma!(c, cor, AMEACA_AVANCO_PEAO, n);

    // Rodada 4: o que a troca ganharia numa casa mal defendida.
    let (duplos_dele, duplos_meus) = (at.duplos[cor ^ 1], at.duplos[cor]);
    let mal_defendidas = (ataques_dele & !defesas) | (duplos_dele & !duplos_meus & !peoes_meus);
    let n = conta(b.peoes[cor] & !peoes_dele & mal_defendidas) as i32;
    soma!(c, cor, PEAO_FRACO_ATACADO, n);
    let menores_fracos = (b.cavalos[cor] | b.bispos[cor]) & mal_defendidas;
    let n = conta(menores_fracos & (tipos_dele[2] | tipos_dele[3])) as i32;
    soma!(c, cor, MENOR_ATACADA_POR_MAIOR, n);
    let rei_dele = ATAQUES_REI[b.casa_rei(cor ^ 1)];
    let fracas = menores_fracos | (b.torres[cor] & mal_defendidas);
    let n = conta(fracas & rei_dele) as i32;
    soma!(c, cor, PECA_ATACADA_PELO_REI, n);
    let n = conta(b.damas[cor] & ataques_dele) as i32;
    soma!(c, cor, DAMA_ATACADA, n);
    let n = conta(pecas & ataques_dele & defesas & !duplos_meus & !peoes_meus) as i32;
    soma!(c, cor, PECA_SOBRECARREGADA, n);
    let n = damas_cravadas(b, cor) as i32;
    soma!(c, cor, DAMA_CRAVADA, n);
    // Rodada 5: casas disputadas que o inimigo não defende bem (nem peão
    // nem ataque duplo contra o nosso simples): bônus de `cor`.
    let fortes_dele = peoes_dele | (duplos_dele & !duplos_meus);
    let n = conta(defesas & ataques_dele & !fortes_dele) as i32;
    soma!(c, cor, PECA_RESTRITA, n);
}

/// Damas de `cor` com uma peça só entre elas e uma torre, bispo ou dama
/// inimiga na mesma linha ou diagonal (o "raio X": tira-se a primeira peça
/// de cada raio e vê-se o que aparece atrás). O atacante direto não conta:
/// esse já é ameaça de agora.
fn damas_cravadas(b: &TBoard, cor: usize) -> u32 {
    let o = cor ^ 1;
    let occ = b.ocupadas();
    let diagonais_dele = b.bispos[o] | b.damas[o];
    let linhas_dele = b.torres[o] | b.damas[o];
    let mut n = 0;
    let mut q = b.damas[cor];
    while q != 0 {
        let s = pop_lsb(&mut q);
        let d = ataques_bispo(s, occ);
        let atras_d = ataques_bispo(s, occ & !d) & !d;
        let l = ataques_torre(s, occ);
        let atras_l = ataques_torre(s, occ & !l) & !l;
        n += conta((atras_d & diagonais_dele) | (atras_l & linhas_dele));
    }
    n
}

/// Casas que dois peões de `cor` atacam ao mesmo tempo (um de cada lado).
fn ataques_duplos_peoes(peoes: TBitboard, cor: usize) -> TBitboard {
    ataques_peoes(peoes & !COLUNA_A, cor) & ataques_peoes(peoes & !COLUNA_H, cor)
}

/// Casas que os peões de `cor` passariam a atacar com um avanço (uma casa,
/// ou duas da fileira inicial) para uma casa vazia que o inimigo não toma de
/// graça: nenhum peão dele a ataca, e ou ela é defendida por `cor` ou nada
/// do inimigo a alcança.
fn avancos_de_peao(b: &TBoard, cor: usize, at: &TAtaques) -> TBitboard {
    let vazias = !b.ocupadas();
    // A fileira a que o avanço de uma casa leva o peão da inicial (3ª das
    // brancas, 6ª das pretas): dali ele ainda pode andar mais uma.
    let terceira = if cor == BRANCAS { FILEIRA_3 } else { FILEIRA_6 };
    let um = avanca(b.peoes[cor], cor) & vazias;
    let dois = avanca(um & terceira, cor) & vazias;
    let seguros = (um | dois) & !at.peoes[cor ^ 1] & (at.todos[cor] | !at.todos[cor ^ 1]);
    ataques_peoes(seguros, cor)
}

/// Espaço de `cor` (só ICE-rs): ver `ESPACO` (em `pesos`). As casas atacadas
/// pelos peões inimigos vêm de `at`.
fn espaco<const TRACO: bool>(b: &TBoard, cor: usize, at: &TAtaques, c: &mut TConta<TRACO>) {
    categoria(c, CAT_ESPACO);
    let p = b.peoes[cor];
    let fileiras = if cor == BRANCAS {
        FILEIRA_2 | FILEIRA_3 | FILEIRA_4
    } else {
        FILEIRA_7 | FILEIRA_6 | FILEIRA_5
    };
    let area = COLUNAS_C_A_F & fileiras;
    // "Atrás" de um peão, para `cor`, é o lado da sua primeira fileira: até
    // três casas para trás de cada peão.
    let r1 = recua(p, cor);
    let r2 = recua(r1, cor);
    let atras = r1 | r2 | recua(r2, cor);
    let seguras = area & !p & !at.peoes[cor ^ 1];
    let n = (conta(seguras) + conta(seguras & atras)) as i32;
    soma!(c, cor, ESPACO, n);
}

/// Xeques seguros de `cor` contra o rei inimigo (só ICE-rs): casas de onde
/// cada tipo de peça daria xeque, que alguma peça desse tipo já alcança
/// (`at.pecas`), sem peça própria e fora do alcance de todo o lado inimigo
/// (`at.todos`, rei incluído). Os raios saem do próprio rei inimigo: quem o
/// atacaria de uma casa é quem ele "vê" dali.
///
/// Devolve as contagens por tipo, que o perigo ao rei também usa.
fn cheques_seguros<const TRACO: bool>(
    b: &TBoard,
    cor: usize,
    at: &TAtaques,
    c: &mut TConta<TRACO>,
) -> [i32; 4] {
    categoria(c, CAT_ATAQUE_REI);
    let k = b.casa_rei(cor ^ 1);
    let occ = b.ocupadas();
    let tipos = &at.pecas[cor];
    let seguras = !b.pecas[cor] & !at.todos[cor ^ 1];
    let diagonais = ataques_bispo(k, occ);
    let linhas = ataques_torre(k, occ);
    let raios = [ATAQUES_CAVALO[k], diagonais, linhas, diagonais | linhas];
    let mut n = [0; 4];
    for i in 0..4 {
        n[i] = conta(raios[i] & tipos[i] & seguras) as i32;
        soma!(c, cor, CHEQUE_SEGURO[i], n[i]);
    }
    n
}

/// Características do perigo ao rei de `cor` (ver `PERIGO_REI`, em `pesos`,
/// que diz o que é cada índice). `cheques` são os xeques seguros do inimigo,
/// por tipo (de `cheques_seguros`); o ataque à zona vem de `at.zona`.
fn caracteristicas_perigo(
    b: &TBoard,
    cor: usize,
    at: &TAtaques,
    cheques: &[i32; 4],
) -> [i32; NUM_PERIGO] {
    let o = cor ^ 1;
    let k = b.casa_rei(cor);
    let az = &at.zona[o];
    let mut f = [0; NUM_PERIGO];
    f[..4].copy_from_slice(&az.atacantes);
    f[4] = az.ataques;
    // Casas da zona que o inimigo ataca e que nada nosso defende, fora o
    // próprio rei (ele não defende casa que o inimigo já ataca duas vezes).
    let p = &at.pecas[cor];
    let defesas = at.peoes[cor] | p[0] | p[1] | p[2] | p[3];
    f[5] = conta(zona_rei(k) & at.todos[o] & !defesas) as i32;
    f[6..10].copy_from_slice(cheques);
    let (col, fr) = (coluna(k), fileira(k));
    let a_frente = FRENTE_FILEIRAS[cor][fr];
    for cl in col.saturating_sub(1)..=(col + 1).min(7) {
        if indice_escudo(b, cor, cl, a_frente, fr) >= 2 {
            f[10] += 1;
        }
    }
    f[11] = (b.damas[o] == 0) as i32;
    f[12] = 1;
    f
}

/// A penalidade do perigo ao rei, (meio-jogo, final), a partir das
/// características `f` e dos pesos `pesos` (os de `PERIGO_REI`; o afinador
/// passa outros nos testes). O perigo de cada fase é Σ pesos × f, limitado a
/// [0, PERIGO_TETO]; a penalidade é perigo² ÷ PERIGO_DIVISOR_MG no
/// meio-jogo e perigo ÷ PERIGO_DIVISOR_EG no final.
///
/// Por que o quadrado no meio-jogo: as peças que atacam o rei somam forças
/// umas com as outras. Um cavalo sozinho perto do rei quase nunca dá mate;
/// cavalo, dama e um xeque seguro juntos, sim, porque o defensor não cobre
/// tudo ao mesmo tempo. Numa soma linear cada peça vale o mesmo com ou sem as
/// outras; com o quadrado, cada característica vale mais quanto maior o
/// perigo que já existe (o termo cruzado 2·a·b). É a forma do `KingDanger`
/// do Stockfish (perigo²/4096 no meio-jogo, perigo/16 no final) e da tabela
/// de segurança (`SafetyTable`, quase quadrática no número de ataques) de
/// outros motores. No final poucas peças sobram, o rei é peça ativa e o mate
/// é raro: o que o perigo custa lá é um peão ou alguns tempos, e o linear
/// basta. Os pesos de meio-jogo e de final são separados (um `TPar`, como
/// todo peso daqui) para o afinador decidir cada fase por si.
///
/// O teto impede que um perigo absurdo (pesos mal afinados) passe do valor
/// de uma dama e chegue perto dos escores de mate. O afinador (`texel.rs`)
/// deriva esta mesma conta: d(perigo²/D)/dw = 2·perigo·f/D.
// Em i32, e não i64: só a avaliação a chama, com os pesos de `PERIGO_REI`
// (centenas, no máximo) e contagens de peças e casas (dezenas), e o teto
// (2000² = 4 M) cabe folgado. O afinador refaz a conta em f64 (`texel.rs`).
// Eram uns 50 M das 8 700 M instruções do `ice bench`.
pub fn penalidade_perigo(f: &[i32; NUM_PERIGO], pesos: &[TPar; NUM_PERIGO]) -> TPar {
    let (mut mg, mut eg) = (0, 0);
    for (w, &n) in pesos.iter().zip(f) {
        mg += w.mg * n;
        eg += w.eg * n;
    }
    let mg = mg.clamp(0, PERIGO_TETO);
    let eg = eg.clamp(0, PERIGO_TETO);
    par(mg * mg / PERIGO_DIVISOR_MG, eg / PERIGO_DIVISOR_EG)
}

/// Algum peso do perigo ao rei não é zero? (Senão a avaliação sem traço nem
/// calcula as características.)
const fn perigo_ativo(pesos: &[TPar; NUM_PERIGO]) -> bool {
    let mut i = 0;
    while i < NUM_PERIGO {
        if pesos[i].mg != 0 || pesos[i].eg != 0 {
            return true;
        }
        i += 1;
    }
    false
}
const PERIGO_ATIVO: bool = perigo_ativo(&PERIGO_REI);

/// Características da complexidade da posição (ver `COMPLEXIDADE`, em
/// `pesos`, que diz o que é cada índice). `passados` são os peões passados
/// de cada cor (de `avalia_peoes`). Não dependem da cor: a complexidade
/// diz quanto a posição ainda tem para jogar, não quem está melhor.
pub(crate) fn caracteristicas_complexidade(
    b: &TBoard,
    passados: &[TBitboard; 2],
) -> [i32; NUM_COMPLEXIDADE] {
    let peoes = b.peoes[BRANCAS] | b.peoes[NEGRAS];
    let reis = b.rei[BRANCAS] | b.rei[NEGRAS];
    let duas_alas = peoes & COLUNAS_A_A_D != 0 && peoes & COLUNAS_E_A_H != 0;
    let so_peoes = b.ocupadas() == peoes | reis;
    [
        conta(peoes) as i32,
        duas_alas as i32,
        so_peoes as i32,
        conta(passados[BRANCAS] | passados[NEGRAS]) as i32,
        1,
    ]
}

/// A complexidade: Σ pesos (`eg`) × características `f` (os pesos de
/// `COMPLEXIDADE`; o afinador passa outros nos testes).
pub fn valor_complexidade(f: &[i32; NUM_COMPLEXIDADE], pesos: &[TPar; NUM_COMPLEXIDADE]) -> i32 {
    pesos.iter().zip(f).map(|(w, &n)| w.eg * n).sum()
}

/// O ajuste da complexidade `cx` ao final `eg` (brancas − pretas):
/// sinal(eg) × max(cx, −|eg|). Uma complexidade negativa encolhe a vantagem
/// de quem está à frente no final, mas só até zero (nunca passa para o
/// outro lado); uma positiva a aumenta. Com eg = 0 não há quem esteja à
/// frente e nada muda. O afinador (`texel.rs`) deriva esta conta: a
/// derivada em relação a cx é sinal(eg) e a em relação a eg é 1 enquanto
/// cx > −|eg|; depois, as duas são zero (o final fica em zero).
#[inline(always)]
pub fn ajuste_complexidade(eg: i32, cx: i32) -> i32 {
    eg.signum() * cx.max(-eg.abs())
}

/// Algum peso da complexidade não é zero? (Senão a avaliação sem traço nem
/// conta as características: com os pesos em zero o ajuste é zero.)
const fn complexidade_ativa(pesos: &[TPar; NUM_COMPLEXIDADE]) -> bool {
    let mut i = 0;
    while i < NUM_COMPLEXIDADE {
        if pesos[i].eg != 0 {
            return true;
        }
        i += 1;
    }
    false
}
const COMPLEXIDADE_ATIVA: bool = complexidade_ativa(&COMPLEXIDADE);

/// As somas de cada cor `s` com o ajuste da complexidade `cx` no final da
/// cor que está à frente (ver `ajuste_complexidade`); e esse ajuste, do
/// ponto de vista das brancas.
#[inline(always)]
fn com_complexidade(mut s: [TPar; 2], cx: i32) -> ([TPar; 2], i32) {
    let eg = s[BRANCAS].eg - s[NEGRAS].eg;
    let aj = ajuste_complexidade(eg, cx);
    if eg > 0 {
        s[BRANCAS].eg += aj;
    } else {
        s[NEGRAS].eg -= aj;
    }
    (s, aj)
}

/// Termos de peças menores (só ICE-rs): o bispo preso atrás dos próprios
/// peões e a peça menor abrigada atrás de um peão.
fn pecas_menores<const TRACO: bool>(b: &TBoard, cor: usize, c: &mut TConta<TRACO>) {
    categoria(c, CAT_MENORES);
    let k = b.casa_rei(cor);
    let mut p = b.cavalos[cor];
    while p != 0 {
        let s = pop_lsb(&mut p);
        soma!(c, cor, PROTETOR_REI[0], distancia(s, k));
    }
    let mut p = b.bispos[cor];
    while p != 0 {
        let s = pop_lsb(&mut p);
        soma!(c, cor, PROTETOR_REI[1], distancia(s, k));
        let mesma_cor = if CASAS_CLARAS & bit(s) != 0 {
            CASAS_CLARAS
        } else {
            !CASAS_CLARAS
        };
        let n = conta(b.peoes[cor] & mesma_cor) as i32;
        soma!(c, cor, BISPO_PEOES_COR, n);
        // Na grande diagonal, fora do centro, vendo as duas casas centrais
        // dela por cima dos peões (as peças saem do caminho; os peões não).
        if DIAGONAIS_LONGAS & !CENTRO & bit(s) != 0 {
            let peoes = b.peoes[BRANCAS] | b.peoes[NEGRAS];
            if conta(ataques_bispo(s, peoes) & CENTRO) >= 2 {
                soma!(c, cor, BISPO_DIAGONAL_LONGA, 1);
            }
        }
    }
    // A casa "atrás" do peão, para `cor`, é a de uma fileira mais perto da
    // sua primeira: desloca os peões para trás e cruza com os menores.
    let atras = recua(b.peoes[BRANCAS] | b.peoes[NEGRAS], cor);
    let n = conta((b.cavalos[cor] | b.bispos[cor]) & atras) as i32;
    soma!(c, cor, MENOR_ATRAS_PEAO, n);
}

/// Rei no final (só ICE-rs): distância do rei de `cor` ao peão próprio e ao
/// peão inimigo mais próximos. Pesa só no final (o meio-jogo afinado fica
/// perto de zero): lá o rei é peça de ataque e de defesa dos peões.
fn rei_e_peoes<const TRACO: bool>(b: &TBoard, cor: usize, c: &mut TConta<TRACO>) {
    categoria(c, CAT_REI_PEOES);
    let k = b.casa_rei(cor);
    for (lado, (nome, peso)) in [
        (cor, com_nome!(REI_DISTANCIA_PEAO_PROPRIO)),
        (cor ^ 1, com_nome!(REI_DISTANCIA_PEAO_INIMIGO)),
    ] {
        // 0 sem peões desse lado (o termo não soma nada).
        let menor = distancia_minima(k, b.peoes[lado]);
        acumula(c, cor, nome, 0, peso, menor);
    }
    // Só peões e a casa do rei: entra na mesma conta guardada na tabela.
    if (b.peoes[BRANCAS] | b.peoes[NEGRAS]) & FLANCO_REI[coluna(k)] == 0 {
        soma!(c, cor, REI_FLANCO_SEM_PEOES, 1);
    }
}

/// O abrigo e a tempestade (`abrigo_e_tempestade`) e a distância do rei aos
/// peões (`rei_e_peoes`) de `cor`, que só dependem dos peões e da casa do
/// rei dela: pela entrada `i` da tabela de peões (a destes peões, de
/// `avalia_peoes`), que os guarda com a casa do rei para a qual valem, ou
/// calculados e guardados lá se o rei estava noutra casa. Só sem traço (com
/// ele, cada peso entra com o seu nome, e os dois termos são chamados nos
/// seus lugares). Soma o mesmo que os dois termos, só que de uma vez.
#[inline(always)]
fn rei_e_peoes_guardado<const TRACO: bool>(
    b: &TBoard,
    h: &mut THashPeoes,
    i: usize,
    cor: usize,
    c: &mut TConta<TRACO>,
) {
    let k = b.casa_rei(cor);
    let pontos = match rei_guardado(h, i, cor, k) {
        Some(p) => p,
        None => {
            let mut so_rei = TConta::<false> {
                s: [par(0, 0); 2],
                categoria: CAT_TEMPESTADE,
                traco: None,
            };
            abrigo_e_tempestade(b, cor, &mut so_rei);
            rei_e_peoes(b, cor, &mut so_rei);
            guarda_rei(h, i, cor, k, so_rei.s[cor]);
            so_rei.s[cor]
        }
    };
    c.s[cor].mg += pontos.mg;
    c.s[cor].eg += pontos.eg;
}

/// Todas as casas que os peões de `cor` atacam agora ou poderão atacar
/// avançando: cada peão enche a sua coluna para a frente e toma-se o ataque
/// disso. Uma casa fora deste mapa nenhum peão dele expulsa mais.
fn alcance_peoes(peoes: TBitboard, cor: usize) -> TBitboard {
    let mut f = peoes;
    if cor == BRANCAS {
        f |= f >> 8;
        f |= f >> 16;
        f |= f >> 32;
    } else {
        f |= f << 8;
        f |= f << 16;
        f |= f << 32;
    }
    ataques_peoes(f, cor)
}

/// Postos avançados de `cor` (só ICE-rs): cavalos e bispos nas fileiras 4
/// a 6, em casas que os peões de `cor` defendem (`at.peoes`) e que nenhum
/// peão inimigo alcança: sem peão dele nas colunas vizinhas, à frente da
/// casa (a máscara do peão passado sem a própria coluna). O bispo no posto
/// não pode ser expulso, mas ainda ataca de longe: vale menos.
fn postos_avancados<const TRACO: bool>(
    b: &TBoard,
    cor: usize,
    at: &TAtaques,
    c: &mut TConta<TRACO>,
) {
    categoria(c, CAT_POSTOS);
    // Os postos como bitboard: nas fileiras 4 a 6 de `cor`, defendidos por
    // peão dela e fora do alcance de todo peão inimigo. Servem aos cavalos e
    // bispos que já estão lá e (rodada 5) aos cavalos que chegam a um posto
    // vazio num lance.
    let o = cor ^ 1;
    let nunca_expulsa = !alcance_peoes(b.peoes[o], o);
    let fileiras = if cor == BRANCAS {
        FILEIRA_4 | FILEIRA_5 | FILEIRA_6
    } else {
        FILEIRA_5 | FILEIRA_4 | FILEIRA_3
    };
    let postos = fileiras & at.peoes[cor] & nunca_expulsa;
    let mut cv = b.cavalos[cor] & !postos;
    while cv != 0 {
        let s = pop_lsb(&mut cv);
        if ATAQUES_CAVALO[s] & postos & !b.pecas[cor] != 0 {
            soma!(c, cor, POSTO_ALCANCAVEL, 1);
        }
    }
    let campo_dele = if cor == BRANCAS {
        FILEIRA_5 | FILEIRA_6 | FILEIRA_7 | FILEIRA_8
    } else {
        FILEIRA_4 | FILEIRA_3 | FILEIRA_2 | FILEIRA_1
    };
    let n = conta(b.damas[cor] & campo_dele & nunca_expulsa) as i32;
    soma!(c, cor, DAMA_INFILTRADA, n);
    let n = conta(b.cavalos[cor] & postos) as i32;
    soma!(c, cor, POSTO_CAVALO, n);
    let n = conta(b.bispos[cor] & postos) as i32;
    soma!(c, cor, POSTO_BISPO, n);
}

// ============================================================================
// A avaliação e o traço
// ============================================================================

/// Mistura meio-jogo e final (as somas `s` de cada cor) pela fase, aplica
/// a escala de quem está à frente e passa para o ponto de vista do lado a
/// jogar. A divisão trunca para zero, o que preserva a simetria entre as
/// cores.
#[inline(always)]
fn pontuacao(b: &TBoard, s: [TPar; 2], f: i32, escala: [i32; 2]) -> i32 {
    let mg = s[BRANCAS].mg - s[NEGRAS].mg;
    let eg = s[BRANCAS].eg - s[NEGRAS].eg;
    let v = (mg * f + eg * (FASE_TOTAL - f)) / FASE_TOTAL;
    let v = v * escala[if v > 0 { BRANCAS } else { NEGRAS }] / ESCALA_NORMAL;
    if b.vez == BRANCAS {
        v
    } else {
        -v
    }
}

/// A avaliação preguiçosa vale nesta posição (fora do clássico e do
/// traço)? Não quando um lado só tem rei e peões (ver o passo 5).
#[inline(always)]
fn preguica_possivel(b: &TBoard) -> bool {
    let so_peoes = |k: usize| b.pecas[k] == b.peoes[k] | b.rei[k];
    !so_peoes(BRANCAS) && !so_peoes(NEGRAS)
}

/// A avaliação completa, com traço opcional. Devolve o valor e se ele é o
/// da avaliação preguiçosa (passo 5). `completa` é o valor completo desta
/// posição, se já se sabe (da tabela de transposição, `eval_guardada`):
/// então os passos 6 e 7 não são refeitos, e o resultado é o mesmo de sem
/// ela. Os passos 1 a 5 ainda rodam, porque o valor preguiçoso (que não se
/// guardou) decide se a janela pede o completo.
fn avalia<const TRACO: bool>(
    b: &TBoard,
    av: &mut TAvaliacao,
    alfa: i32,
    beta: i32,
    traco: Option<&mut TTraco>,
    completa: Option<i32>,
) -> (i32, bool) {
    let f = fase(b);
    let mut c = TConta::<TRACO> {
        s: [par(0, 0); 2],
        categoria: CAT_MATERIAL,
        traco,
    };
    let mut escala = [ESCALA_NORMAL; 2];

    // Passo 1. Material + peça-casa (com o rei afunilado pela fase).
    material_pst(b, &mut c, av.classico || av.pesos_ice);
    if av.pesos_ice && !av.so_material_pst {
        // Passos 2 a 7 com os termos e os números da v1.40 (sem escala de
        // empate nem tabela de peões: o ICE não tinha nenhuma das duas).
        termos_ice(b, &mut c);
    } else if !av.so_material_pst {
        // Passo 2. Material para mate (não clássico: o ICE não tinha).
        if !av.classico {
            escala = escalas_empate(b);
        }
        // Passo 3. Termos de material: par de bispos, desequilíbrio e o
        // final de rei e peões.
        par_bispos(b, &mut c);
        desequilibrio(b, &mut c);
        final_peoes(b, &mut c);
        // Passo 4. Estrutura de peões (tabela hash).
        let (passados, entrada) = avalia_peoes(b, &mut av.hash_peoes, !av.classico, &mut c);
        // As características da complexidade (que só olham peões e
        // material) e o valor dela, aplicado no fim: no valor preguiçoso
        // sobre o que já se somou, no completo depois do último termo.
        let complexidade = (!av.classico && (COMPLEXIDADE_ATIVA || TRACO))
            .then(|| caracteristicas_complexidade(b, &passados));
        let cx = complexidade.map_or(0, |f| valor_complexidade(&f, &COMPLEXIDADE));

        // Passo 5. Avaliação preguiçosa: o que falta (torres, rei, abertura,
        // mobilidade) raramente passa de MARGEM_PREGUICOSA; se já estamos tão
        // fora da janela, o valor exato não muda a decisão da busca.
        // Não vale quando um lado só tem rei e peões: lá o passado imparável
        // (PASSADO_IMPARAVEL) sozinho passa da margem.
        if !av.classico && !TRACO && preguica_possivel(b) {
            let v = pontuacao(b, com_complexidade(c.s, cx).0, f, escala);
            if v - MARGEM_PREGUICOSA >= beta || v + MARGEM_PREGUICOSA <= alfa {
                return (v, true);
            }
        }
        if let Some(v) = completa {
            return (v, false);
        }

        // Passo 6. Termos por cor que olham peças e reis.
        // Os mapas de ataque, montados uma vez: os dos peões já (a
        // mobilidade e as ameaças usam os mesmos); os das peças saem da
        // mobilidade, que já gera os ataques de cada peça, e com eles os de
        // tudo (peões, peças e rei), para as peças penduradas e os xeques.
        let mut at = TAtaques {
            peoes: [
                ataques_peoes(b.peoes[BRANCAS], BRANCAS),
                ataques_peoes(b.peoes[NEGRAS], NEGRAS),
            ],
            pecas: [[0; 4]; 2],
            zona: [TAtaqueZona::default(); 2],
            todos: [0; 2],
            duplos: [
                ataques_duplos_peoes(b.peoes[BRANCAS], BRANCAS),
                ataques_duplos_peoes(b.peoes[NEGRAS], NEGRAS),
            ],
        };
        for cor in 0..2 {
            torres(b, cor, &mut c);
            seguranca_rei(b, cor, av.classico, &mut c);
            if av.classico {
                tempestade(b, cor, &mut c);
            }
            bloqueio_central(b, cor, &mut c);
            if !av.classico {
                match entrada {
                    Some(i) => rei_e_peoes_guardado(b, &mut av.hash_peoes, i, cor, &mut c),
                    None => abrigo_e_tempestade(b, cor, &mut c),
                }
                defensores_rei(b, cor, &mut c);
                let (peoes_dele, peoes_meus) = (at.peoes[cor ^ 1], at.peoes[cor]);
                let duplos = &mut at.duplos[cor];
                let (t, az) = mobilidade_tropismo(b, cor, peoes_dele, peoes_meus, duplos, &mut c);
                at.pecas[cor] = t;
                at.zona[cor] = az;
                let sem_rei = t[0] | t[1] | t[2] | t[3] | peoes_meus;
                let rei = ATAQUES_REI[b.casa_rei(cor)];
                at.duplos[cor] |= sem_rei & rei;
                at.todos[cor] = sem_rei | rei;
            }
        }
        if !av.classico {
            let mut cheques = [[0; 4]; 2];
            for cor in 0..2 {
                passados_dinamicos(b, cor, passados[cor], at.todos[cor ^ 1], &mut c);
                ameacas(b, cor, &at, &mut c);
                postos_avancados(b, cor, &at, &mut c);
                cheques[cor] = cheques_seguros(b, cor, &at, &mut c);
                pecas_menores(b, cor, &mut c);
                if entrada.is_none() {
                    rei_e_peoes(b, cor, &mut c);
                }
                espaco(b, cor, &at, &mut c);
            }
            // O perigo ao rei de cada cor (os xeques são os do inimigo). Com
            // os pesos todos em zero (PERIGO_ATIVO falso) a penalidade é
            // zero e só o traço (o afinador) precisa das contagens.
            if PERIGO_ATIVO || TRACO {
                categoria(&mut c, CAT_REI);
                for cor in 0..2 {
                    let f = caracteristicas_perigo(b, cor, &at, &cheques[cor ^ 1]);
                    let pen = penalidade_perigo(&f, &PERIGO_REI);
                    acumula(&mut c, cor, "", 0, par(-pen.mg, -pen.eg), 1);
                    if let Some(t) = c.traco.as_deref_mut() {
                        t.perigo[cor] = f;
                    }
                }
            }
            categoria(&mut c, CAT_TEMPO);
            soma!(&mut c, b.vez, TEMPO, 1);
            // A complexidade, sobre o final de todos os termos: o ajuste
            // entra na conta da cor que está à frente (parte fixa, para o
            // traço; o afinador refaz a conta com as características).
            if let Some(fc) = complexidade {
                let (s, aj) = com_complexidade(c.s, cx);
                categoria(&mut c, CAT_COMPLEXIDADE);
                for cor in 0..2 {
                    let d = s[cor].eg - c.s[cor].eg;
                    if d != 0 {
                        acumula(&mut c, cor, "", 0, par(0, d), 1);
                    }
                }
                if let Some(t) = c.traco.as_deref_mut() {
                    t.complexidade = fc;
                    t.ajuste_complexidade = aj;
                }
            }
        }
        // Passo 7. Análise de abertura (lances jogados), só no clássico:
        // ela lê a história da partida, e fora do clássico a avaliação é
        // função só da posição (a mesma posição por dois caminhos tem o
        // mesmo valor, na tabela de transposição e no afinador, que lê FEN).
        if av.classico {
            analise_abertura(b, &mut c);
        }
    }

    let v = pontuacao(b, c.s, f, escala);
    if let Some(t) = c.traco {
        t.soma = c.s;
        t.fase = f;
        t.escala = escala;
        t.total_brancas = if b.vez == BRANCAS { v } else { -v };
    }
    (v, false)
}

/// Avaliação estática do ponto de vista do lado a jogar, em centipeões.
/// `alfa`/`beta` permitem a avaliação preguiçosa (fora do modo clássico).
/// Porta de `Eval()` do ICE. Não aloca.
pub fn eval(b: &TBoard, av: &mut TAvaliacao, alfa: i32, beta: i32) -> i32 {
    avalia::<false>(b, av, alfa, beta, None, None).0
}

// ---------------------------------------------------------------------------
// A avaliação guardada na tabela de transposição
// ---------------------------------------------------------------------------

// A busca guarda a avaliação estática de cada nó na entrada da tabela que
// ele já grava (16 bits livres da `TCelulaHash`) e, quando volta à posição,
// a lê em vez de avaliar de novo. Só vale porque o valor é o mesmo: o que
// se guarda não pode depender de nada além da posição. Do que a avaliação
// depende:
//
// * do modo (`classico`, `pesos_ice`, `so_material_pst`): a tabela passa de
//   uma busca para outra e o modo pode mudar entre elas (a opção "Classic
//   ICE", o IceBR), então o código guardado diz de que modo ele é;
// * do histórico da partida: a análise de abertura (`analise_abertura`,
//   enquanto `num_lance` < LANCE_FIM_ABERTURA) percorre os lances jogados,
//   e a mesma posição por outro caminho vale outra coisa; `num_lance` nem
//   está na chave. Ali o valor completo não se guarda nem se lê; o
//   preguiçoso (abaixo), sim, porque o passo 5 vem antes da análise de
//   abertura. Com `pesos_ice` o roque do ICE 1.40
//   (`avaliacao_ice::roque_ice`) olha o histórico em qualquer lance: nesse
//   modo (e no `so_material_pst`, que é só para medir) nada se guarda;
// * da janela: a avaliação preguiçosa (passo 5, só ICE-rs) devolve o valor
//   parcial quando ele está longe de α/β. Guarda-se qual dos dois valores é
//   (completo ou preguiçoso) e, ao ler, a janela de agora decide como no
//   `avalia`;
// * a correção da estática (`correcao`), o contempt e o lado (a chave tem
//   a vez) ficam fora da `eval`: a busca soma a correção depois, sobre o
//   valor lido.
//
// O código: bits 14–15 o tipo, bits 0–13 o valor (com sinal). Tipo 0 é
// `AVAL_NENHUMA`; um valor fora de ±AVAL_MAXIMA (só com material absurdo)
// não se guarda.

/// Valor completo do ICE-rs.
const AVAL_COMPLETA: u16 = 1 << 14;
/// Valor preguiçoso do ICE-rs (o do passo 5; o completo não é conhecido).
const AVAL_PREGUICOSA: u16 = 2 << 14;
/// Valor do modo clássico (sem avaliação preguiçosa: sempre o completo).
const AVAL_CLASSICA: u16 = 3 << 14;
const AVAL_TIPO: u16 = 3 << 14;
/// O maior valor que cabe em 14 bits com sinal.
pub const AVAL_MAXIMA: i32 = (1 << 13) - 1;

/// Codifica `v` com o tipo `tipo` (`AVAL_NENHUMA` se não couber).
#[inline(always)]
fn codifica_aval(tipo: u16, v: i32) -> u16 {
    if v.abs() > AVAL_MAXIMA {
        AVAL_NENHUMA
    } else {
        tipo | (v as u16 & !AVAL_TIPO)
    }
}

/// O valor de um código (os 14 bits baixos, com o sinal estendido).
#[inline(always)]
fn valor_aval(g: u16) -> i32 {
    ((g << 2) as i16 >> 2) as i32
}

/// A `eval(b, av, alfa, beta)`, aproveitando `guardada` (o código que a
/// tabela de transposição tinha para a posição, `AVAL_NENHUMA` se nada):
/// devolve o mesmo valor que a `eval`, bit a bit, e o código a gravar na
/// tabela com a entrada do nó (o que já havia, se nada melhor se soube).
pub fn eval_guardada(
    b: &TBoard,
    av: &mut TAvaliacao,
    alfa: i32,
    beta: i32,
    guardada: u16,
) -> (i32, u16) {
    if av.pesos_ice || av.so_material_pst {
        return (eval(b, av, alfa, beta), AVAL_NENHUMA);
    }
    // O valor completo do clássico depende dos lances jogados (análise de
    // abertura); o do ICE-rs é função só da posição.
    let abertura = av.classico && b.num_lance < LANCE_FIM_ABERTURA;
    let tipo = guardada & AVAL_TIPO;
    let g = valor_aval(guardada);
    if av.classico {
        if abertura {
            return (eval(b, av, alfa, beta), guardada);
        }
        if tipo == AVAL_CLASSICA {
            return (g, guardada);
        }
        let v = eval(b, av, alfa, beta);
        return (v, codifica_aval(AVAL_CLASSICA, v));
    }
    // ICE-rs: o valor preguiçoso guardado decide sozinho se a janela de
    // agora também é preguiçosa (a posição é a mesma, então o passo 5 teria
    // o mesmo valor e passaria pelo mesmo teste).
    if tipo == AVAL_PREGUICOSA && (g - MARGEM_PREGUICOSA >= beta || g + MARGEM_PREGUICOSA <= alfa) {
        return (g, guardada);
    }
    let completa = (tipo == AVAL_COMPLETA && !abertura).then_some(g);
    // O completo, numa posição sem avaliação preguiçosa, é a resposta.
    if completa.is_some() && !preguica_possivel(b) {
        return (g, guardada);
    }
    let (v, preguicosa) = avalia::<false>(b, av, alfa, beta, None, completa);
    let nova = if preguicosa {
        // O completo vale mais que o preguiçoso (com ele só os passos 1 a 5
        // se repetem): se havia, fica.
        if tipo == AVAL_COMPLETA {
            guardada
        } else {
            codifica_aval(AVAL_PREGUICOSA, v)
        }
    } else if abertura {
        guardada
    } else {
        codifica_aval(AVAL_COMPLETA, v)
    };
    (v, nova)
}

/// Avaliação com o traço completo (janela infinita, sem tabela de peões):
/// para `tabela_eval` e para o afinador. Aloca (o vetor de itens).
pub fn traco_eval(b: &TBoard, av: &mut TAvaliacao) -> TTraco {
    let mut t = TTraco::default();
    avalia::<true>(b, av, -INFINITO, INFINITO, Some(&mut t), None);
    t
}

/// Tabela de todos os termos para brancas, pretas e o total, no espírito do
/// `eval` do Stockfish (comando `ice eval <FEN>` e `eval` do xboard).
pub fn tabela_eval(b: &TBoard) -> String {
    let mut av = nova_avaliacao();
    let t = traco_eval(b, &mut av);
    let mut s = String::new();
    let cp = |v: i32| format!("{:7.2}", v as f64 / 100.0);
    s.push_str("        Termo     |     Brancas     |      Pretas     |      Total\n");
    s.push_str("                  |   MG      EG    |   MG      EG    |   MG      EG\n");
    s.push_str("------------------+-----------------+-----------------+----------------\n");
    for (i, nome) in NOMES_CATEGORIAS.iter().enumerate() {
        let [w, p] = t.categorias[i];
        s.push_str(&format!(
            "{:>17} | {} {} | {} {} | {} {}\n",
            nome,
            cp(w.mg),
            cp(w.eg),
            cp(p.mg),
            cp(p.eg),
            cp(w.mg - p.mg),
            cp(w.eg - p.eg)
        ));
    }
    s.push_str("------------------+-----------------+-----------------+----------------\n");
    let [w, p] = t.soma;
    s.push_str(&format!(
        "{:>17} | {} {} | {} {} | {} {}\n",
        "Soma",
        cp(w.mg),
        cp(w.eg),
        cp(p.mg),
        cp(p.eg),
        cp(w.mg - p.mg),
        cp(w.eg - p.eg)
    ));
    s.push_str(&format!(
        "\nFase: {}/{} (24 = abertura)   Escala de empate: brancas {}/16, pretas {}/16\n",
        t.fase, FASE_TOTAL, t.escala[0], t.escala[1]
    ));
    s.push_str(&format!(
        "Avaliacao final: {:+.2} (brancas)\n",
        t.total_brancas as f64 / 100.0
    ));
    s
}
