//! Estrutura de peões: dobrados, isolados, atrasados, ilhas e peões
//! passados, com a tabela hash que guarda a parte que só depende dos peões,
//! e os termos dos passados que olham os reis e as peças.
//!
//! Nível 4: depende de `pesos`, `tabuleiro`, `bitboard` e `tipos`; quem o usa
//! é `avaliacao`, que também lê as máscaras daqui (colunas vizinhas, casas à
//! frente, distância de rei). Porta a parte de peões de `eval.c` do ICE 1.40
//! (dobrados e isolados por coluna) e o que a seção 4.6 do artigo descreve
//! para o 1.78 (atrasados em coluna aberta, passado que cresce com a
//! fileira). A tabela hash e os termos dinâmicos dos passados são do ICE-rs,
//! como no `pawn.cpp` do Fruit: a estrutura é calculada uma vez por
//! configuração de peões, que muda pouco de um nó para o outro.

use crate::bitboard::{
    bit, mais_de_um, mascara_coluna, pop_lsb, recua, COLUNA_A, COLUNA_H, FILEIRA_3, FILEIRA_4,
    FILEIRA_5, FILEIRA_6,
};
use crate::pesos::{
    categoria, fileira_relativa, par, soma, TConta, TPar, CAT_ESTRUTURA, CAT_PASSADOS,
};
use crate::pesos::{
    PASSADO_AVANCO, PASSADO_COLUNA, PASSADO_IMPARAVEL, PASSADO_LIVRE, PASSADO_REI_INIMIGO,
    PASSADO_REI_PROPRIO, PEAO_ATRASADO, PEAO_ATRASADO_EXPOSTO, PEAO_BLOQUEADO, PEAO_CANDIDATO,
    PEAO_DOBRADO_ALA, PEAO_DOBRADO_CENTRO, PEAO_ILHA, PEAO_ISOLADO, PEAO_ISOLADO_EXPOSTO,
    PEAO_LIGADO, PEAO_PASSADO,
};
use crate::tabuleiro::TBoard;
use crate::tipos::{coluna, TBitboard, BRANCAS, NEGRAS};

/// Entradas da tabela hash de peões (potência de 2).
const TAM_HASH_PEOES: usize = 1 << 14;

/// Peso das fileiras nos termos dinâmicos do passado (índice = fileira − 1).
const FATOR_PASSADO: [i32; 8] = [0, 0, 0, 1, 2, 3, 4, 0];

// ============================================================================
// Máscaras pré-calculadas (const fn)
// ============================================================================

/// Colunas vizinhas de cada coluna (sem a própria).
const fn monta_vizinhas() -> [TBitboard; 8] {
    let mut t = [0u64; 8];
    let mut c = 0;
    while c < 8 {
        if c > 0 {
            t[c] |= COLUNA_A << (c - 1);
        }
        if c < 7 {
            t[c] |= COLUNA_A << (c + 1);
        }
        c += 1;
    }
    t
}
pub(crate) static COLUNAS_VIZINHAS: [TBitboard; 8] = monta_vizinhas();

/// Fileiras estritamente à frente de uma fileira (índice 1..=8), para cada cor.
const fn monta_frente_fileiras() -> [[TBitboard; 9]; 2] {
    let mut t = [[0u64; 9]; 2];
    let mut f = 1;
    while f <= 8 {
        let mut g = 1;
        while g <= 8 {
            let linha = 0xFFu64 << (8 * (8 - g)); // fileira g
            if g > f {
                t[BRANCAS][f] |= linha;
            }
            if g < f {
                t[NEGRAS][f] |= linha;
            }
            g += 1;
        }
        f += 1;
    }
    t
}
pub(crate) static FRENTE_FILEIRAS: [[TBitboard; 9]; 2] = monta_frente_fileiras();

/// Casas da mesma coluna à frente de cada casa (o caminho do peão).
const fn monta_frente() -> [[TBitboard; 64]; 2] {
    let t_fil = monta_frente_fileiras();
    let mut t = [[0u64; 64]; 2];
    let mut cor = 0;
    while cor < 2 {
        let mut casa = 0;
        while casa < 64 {
            t[cor][casa] = t_fil[cor][8 - casa / 8] & (COLUNA_A << (casa % 8));
            casa += 1;
        }
        cor += 1;
    }
    t
}
static FRENTE: [[TBitboard; 64]; 2] = monta_frente();

/// Casas que um peão inimigo precisa ocupar para deter um peão: a própria
/// coluna e as vizinhas, à frente. Sem peão inimigo ali, o peão é passado.
const fn monta_passado() -> [[TBitboard; 64]; 2] {
    let t_fil = monta_frente_fileiras();
    let viz = monta_vizinhas();
    let mut t = [[0u64; 64]; 2];
    let mut cor = 0;
    while cor < 2 {
        let mut casa = 0;
        while casa < 64 {
            let col = casa % 8;
            t[cor][casa] = t_fil[cor][8 - casa / 8] & ((COLUNA_A << col) | viz[col]);
            casa += 1;
        }
        cor += 1;
    }
    t
}
pub(crate) static MASCARA_PASSADO: [[TBitboard; 64]; 2] = monta_passado();

/// Casas das colunas vizinhas na mesma fileira ou atrás: onde um peão próprio
/// poderia apoiar este. Vazia = o peão não pode ser defendido por peões.
const fn monta_apoio() -> [[TBitboard; 64]; 2] {
    let t_fil = monta_frente_fileiras();
    let viz = monta_vizinhas();
    let mut t = [[0u64; 64]; 2];
    let mut cor = 0;
    while cor < 2 {
        let mut casa = 0;
        while casa < 64 {
            t[cor][casa] = !t_fil[cor][8 - casa / 8] & viz[casa % 8];
            casa += 1;
        }
        cor += 1;
    }
    t
}
static APOIO: [[TBitboard; 64]; 2] = monta_apoio();

/// Distância de rei (Chebyshev) entre duas casas.
const fn monta_distancia() -> [[u8; 64]; 64] {
    let mut t = [[0u8; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let dc = (a % 8) as i32 - (b % 8) as i32;
            let dl = (a / 8) as i32 - (b / 8) as i32;
            let dc = if dc < 0 { -dc } else { dc };
            let dl = if dl < 0 { -dl } else { dl };
            t[a][b] = if dc > dl { dc as u8 } else { dl as u8 };
            b += 1;
        }
        a += 1;
    }
    t
}
static DISTANCIA: [[u8; 64]; 64] = monta_distancia();

#[inline(always)]
pub(crate) fn distancia(a: usize, b: usize) -> i32 {
    DISTANCIA[a][b] as i32
}

/// `ANEIS[casa][d]`: as casas à distância `d` (de `DISTANCIA`) da casa.
const fn monta_aneis() -> [[TBitboard; 8]; 64] {
    let d = monta_distancia();
    let mut t = [[0; 8]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            t[a][d[a][b] as usize] |= 1u64 << b;
            b += 1;
        }
        a += 1;
    }
    t
}
static ANEIS: [[TBitboard; 8]; 64] = monta_aneis();

/// A menor `distancia` de `casa` a uma casa de `bb` (fora ela mesma); 0 com
/// `bb` vazio. Anel por anel, de dentro para fora: o primeiro que toca `bb`
/// é a resposta, em vez de medir a distância a cada casa de `bb` (o rei e
/// os peões: o mais próximo costuma estar a um ou dois anéis).
#[inline(always)]
pub(crate) fn distancia_minima(casa: usize, bb: TBitboard) -> i32 {
    let aneis = &ANEIS[casa];
    let mut d = 1;
    while d < 8 {
        if aneis[d] & bb != 0 {
            return d as i32;
        }
        d += 1;
    }
    0
}

/// Colunas ocupadas por um bitboard, como 8 bits (bit 0 = coluna a).
#[inline(always)]
pub(crate) fn colunas_de(bb: TBitboard) -> u32 {
    let mut x = bb;
    x |= x >> 32;
    x |= x >> 16;
    x |= x >> 8;
    (x & 0xFF) as u32
}

/// Casas atacadas pelos peões de uma cor.
#[inline(always)]
pub(crate) fn ataques_peoes(peoes: TBitboard, cor: usize) -> TBitboard {
    if cor == BRANCAS {
        ((peoes & !COLUNA_A) >> 9) | ((peoes & !COLUNA_H) >> 7)
    } else {
        ((peoes & !COLUNA_A) << 7) | ((peoes & !COLUNA_H) << 9)
    }
}

// ============================================================================
// Tabela hash de peões
// ============================================================================

/// Uma entrada da tabela de peões. RUST: a chave guarda os dois bitboards de
/// peões inteiros, então um acerto nunca é colisão (o ICE não tinha tabela).
///
/// Além da estrutura, a entrada guarda, por cor, os termos que só dependem
/// dos peões e da casa do rei daquela cor (o abrigo e a tempestade, a
/// distância do rei aos peões: ver `avaliacao::rei_e_peoes_guardado`), com a
/// casa do rei para a qual foram calculados, como a tabela peão-rei do
/// Ethereal. Os peões mudam pouco de um nó para o outro, o rei menos ainda.
#[derive(Clone, Copy)]
struct TEntradaPeoes {
    peoes: [TBitboard; 2],
    pontos: [TPar; 2],
    passados: [TBitboard; 2],
    /// Os peões ligados e os candidatos de cada cor (`ligados_e_candidatos`),
    /// à parte da estrutura: o clássico não os soma, e a mesma entrada serve
    /// aos dois modos.
    ligados: [TPar; 2],
    /// Os termos de rei e peões de cada cor (soma de meio-jogo e final)…
    rei_pontos: [TPar; 2],
    /// …valem com o rei desta cor nesta casa (`SEM_REI`: não calculados).
    casa_rei: [u8; 2],
}

/// Marca de `TEntradaPeoes::casa_rei` sem termos de rei calculados.
const SEM_REI: u8 = 64;

impl Default for TEntradaPeoes {
    fn default() -> Self {
        TEntradaPeoes {
            peoes: [0; 2],
            pontos: [par(0, 0); 2],
            passados: [0; 2],
            ligados: [par(0, 0); 2],
            rei_pontos: [par(0, 0); 2],
            casa_rei: [SEM_REI; 2],
        }
    }
}

/// A tabela hash da estrutura de peões e os seus contadores. Vive em
/// `TAvaliacao` (uma por thread), alocada uma vez.
pub struct THashPeoes {
    entradas: Vec<TEntradaPeoes>,
    /// Acertos e consultas da tabela (para medir).
    pub acertos: u64,
    pub consultas: u64,
}

/// Cria a tabela de peões vazia (aloca ~1,4 MB: 16 384 entradas de 88 bytes).
pub fn nova_hash_peoes() -> THashPeoes {
    THashPeoes {
        entradas: vec![TEntradaPeoes::default(); TAM_HASH_PEOES],
        acertos: 0,
        consultas: 0,
    }
}

/// Esvazia a tabela de peões (ao mudar de modo, por exemplo: não é preciso,
/// porque os termos de peões são os mesmos em todos os modos, mas o
/// protocolo pode querer começar do zero no `new`).
pub fn limpa_hash_peoes(h: &mut THashPeoes) {
    for e in h.entradas.iter_mut() {
        *e = TEntradaPeoes::default();
    }
}

// ============================================================================
// Termos
// ============================================================================

/// Estrutura de peões de uma cor: dobrados, isolados, atrasados, passados (pela
/// fileira) e ilhas. Só depende dos peões, por isso cabe na tabela hash.
/// Devolve os peões passados.
fn estrutura_peoes<const TRACO: bool>(b: &TBoard, cor: usize, c: &mut TConta<TRACO>) -> TBitboard {
    let o = cor ^ 1;
    let meus = b.peoes[cor];
    let deles = b.peoes[o];
    let ataques_deles = ataques_peoes(deles, o);
    let cols_meus = colunas_de(meus);
    let cols_deles = colunas_de(deles);
    let mut passados = 0;

    // Por coluna, como no ICE: dobrados e isolados contam uma vez por coluna.
    let mut m = cols_meus;
    while m != 0 {
        let col = m.trailing_zeros() as usize;
        m &= m - 1;
        let na_coluna = meus & mascara_coluna(col);
        if mais_de_um(na_coluna) {
            // ICE: peões dobrados na ala pesam mais que no centro.
            if (2..=5).contains(&col) {
                categoria(c, CAT_ESTRUTURA);
                soma!(c, cor, PEAO_DOBRADO_CENTRO, 1);
            } else {
                categoria(c, CAT_ESTRUTURA);
                soma!(c, cor, PEAO_DOBRADO_ALA, 1);
            }
        }
        if meus & COLUNAS_VIZINHAS[col] == 0 {
            categoria(c, CAT_ESTRUTURA);
            soma!(c, cor, PEAO_ISOLADO, 1);
            // Sem peão inimigo na coluna, as torres dele atacam o isolado
            // de frente. RUST: o ICE lia as colunas a/h fora do vetor (P6).
            if deles & mascara_coluna(col) == 0 {
                soma!(c, cor, PEAO_ISOLADO_EXPOSTO, 1);
            }
        }
    }

    // Por peão: atrasados e passados.
    let mut p = meus;
    while p != 0 {
        let s = pop_lsb(&mut p);
        let col = coluna(s);
        let r = fileira_relativa(cor, s);
        if MASCARA_PASSADO[cor][s] & deles == 0 {
            // Só o peão da frente de uma coluna é passado (o de trás está
            // bloqueado pelo próprio companheiro).
            if FRENTE[cor][s] & meus == 0 {
                passados |= bit(s);
                categoria(c, CAT_PASSADOS);
                soma!(c, cor, PEAO_PASSADO[r - 1], 1);
            }
        } else if meus & COLUNAS_VIZINHAS[col] != 0 && APOIO[cor][s] & meus == 0 {
            // Atrasado: tem vizinhos, mas todos já passaram à frente, e a casa
            // onde ele iria está atacada por peão inimigo.
            let frente = if cor == BRANCAS { s - 8 } else { s + 8 };
            if ataques_deles & bit(frente) != 0 {
                categoria(c, CAT_ESTRUTURA);
                soma!(c, cor, PEAO_ATRASADO, 1);
                if cols_deles & (1 << col) == 0 {
                    soma!(c, cor, PEAO_ATRASADO_EXPOSTO, 1);
                }
            }
        }
    }

    // Ilhas: cada grupo de colunas vizinhas com peões. Começo de ilha =
    // coluna com peão cuja vizinha da esquerda não tem.
    let ilhas = (cols_meus & !(cols_meus << 1)).count_ones() as i32;
    if ilhas > 1 {
        categoria(c, CAT_ESTRUTURA);
        soma!(c, cor, PEAO_ILHA, ilhas - 1);
    }
    passados
}

/// Passo 4. Estrutura de peões das duas cores, pela tabela hash quando não
/// há traço (com traço, cada peso precisa entrar com o seu nome), e, com
/// `ligados` (fora do clássico), os peões ligados e os candidatos, que também
/// só dependem dos peões. Devolve os peões passados de cada cor, para
/// `passados_dinamicos`, e o índice da entrada da tabela que tem agora estes
/// peões (`None` com traço), para os termos de rei e peões (`rei_guardado`,
/// `guarda_rei`).
pub(crate) fn avalia_peoes<const TRACO: bool>(
    b: &TBoard,
    h: &mut THashPeoes,
    ligados: bool,
    c: &mut TConta<TRACO>,
) -> ([TBitboard; 2], Option<usize>) {
    if TRACO {
        let passados = [estrutura_peoes(b, 0, c), estrutura_peoes(b, 1, c)];
        if ligados {
            for cor in 0..2 {
                ligados_e_candidatos(b, cor, c);
            }
        }
        return (passados, None);
    }
    // RUST: índice por multiplicação dos dois bitboards (dois produtos, em
    // vez de 16 consultas à tabela Zobrist, já que o TBoard não mantém uma
    // chave só de peões); a entrada guarda os bitboards para conferir.
    let chave = b.peoes[0].wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ b.peoes[1]
            .wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            .rotate_left(29);
    let i = (chave >> (64 - TAM_HASH_PEOES.trailing_zeros())) as usize;
    h.consultas += 1;
    let e = &h.entradas[i];
    if e.peoes == b.peoes {
        h.acertos += 1;
        for cor in 0..2 {
            c.s[cor].mg += e.pontos[cor].mg;
            c.s[cor].eg += e.pontos[cor].eg;
            if ligados {
                c.s[cor].mg += e.ligados[cor].mg;
                c.s[cor].eg += e.ligados[cor].eg;
            }
        }
        return (e.passados, Some(i));
    }
    let antes = c.s;
    let passados = [estrutura_peoes(b, 0, c), estrutura_peoes(b, 1, c)];
    let mut pontos = [par(0, 0); 2];
    for cor in 0..2 {
        pontos[cor] = par(c.s[cor].mg - antes[cor].mg, c.s[cor].eg - antes[cor].eg);
    }
    // Os ligados numa conta à parte, calculados sempre: a entrada vale
    // depois para os dois modos.
    let mut cl = TConta::<false> {
        s: [par(0, 0); 2],
        categoria: c.categoria,
        traco: None,
    };
    for cor in 0..2 {
        ligados_e_candidatos(b, cor, &mut cl);
        if ligados {
            c.s[cor].mg += cl.s[cor].mg;
            c.s[cor].eg += cl.s[cor].eg;
        }
    }
    h.entradas[i] = TEntradaPeoes {
        peoes: b.peoes,
        pontos,
        passados,
        ligados: cl.s,
        ..TEntradaPeoes::default()
    };
    (passados, Some(i))
}

/// Os termos de rei e peões da cor `cor` guardados na entrada `i` (a que
/// `avalia_peoes` devolveu para a posição de agora), se foram calculados
/// com o rei dessa cor na casa `casa_rei`.
#[inline(always)]
pub(crate) fn rei_guardado(h: &THashPeoes, i: usize, cor: usize, casa_rei: usize) -> Option<TPar> {
    let e = &h.entradas[i];
    if e.casa_rei[cor] as usize == casa_rei {
        Some(e.rei_pontos[cor])
    } else {
        None
    }
}

/// Guarda na entrada `i` os termos de rei e peões `pontos` da cor `cor`,
/// calculados com o rei dela na casa `casa_rei`.
#[inline(always)]
pub(crate) fn guarda_rei(h: &mut THashPeoes, i: usize, cor: usize, casa_rei: usize, pontos: TPar) {
    let e = &mut h.entradas[i];
    e.casa_rei[cor] = casa_rei as u8;
    e.rei_pontos[cor] = pontos;
}

/// Peões ligados e candidatos a passado (só ICE-rs, fora do clássico, que
/// tem a estrutura de peões da tabela hash e nada mais):
/// * ligado: defendido por um peão próprio ou com um vizinho na mesma
///   fileira (falange), pesado pela casa (`PEAO_LIGADO`: fileira relativa ×
///   coluna espelhada a..d, como o PawnConnected32 do Ethereal) — a cadeia
///   que avança junta é o que o isolado e o atrasado não são;
/// * candidato: o peão da frente da coluna, sem peão inimigo à frente nela,
///   com pelo menos tantos peões próprios nas vizinhas (ao lado ou atrás)
///   quantos inimigos o podem parar; um passado em formação, pela fileira.
fn ligados_e_candidatos<const TRACO: bool>(b: &TBoard, cor: usize, c: &mut TConta<TRACO>) {
    let o = cor ^ 1;
    let meus = b.peoes[cor];
    let deles = b.peoes[o];
    let lado = ((meus << 1) & !COLUNA_A) | ((meus >> 1) & !COLUNA_H);
    let mut ligados = meus & (ataques_peoes(meus, cor) | lado);
    categoria(c, CAT_ESTRUTURA);
    while ligados != 0 {
        let s = pop_lsb(&mut ligados);
        let col = coluna(s);
        let r = fileira_relativa(cor, s);
        soma!(c, cor, PEAO_LIGADO[r * 4 + col.min(7 - col)], 1);
    }
    let mut p = meus;
    while p != 0 {
        let s = pop_lsb(&mut p);
        let paradores = MASCARA_PASSADO[cor][s] & deles;
        if paradores == 0 || FRENTE[cor][s] & (meus | deles) != 0 {
            continue; // passado (conta à parte), ou não é o da frente, ou bloqueado
        }
        if (APOIO[cor][s] & meus).count_ones() >= paradores.count_ones() {
            soma!(c, cor, PEAO_CANDIDATO[fileira_relativa(cor, s)], 1);
        }
    }
    // Rodada 5: peões na 5ª e na 6ª travados por um peão inimigo logo à
    // frente (a casa da frente de cada um é a de trás do inimigo).
    let travados = meus & recua(deles, cor);
    let (quinta, sexta) = if cor == BRANCAS {
        (FILEIRA_5, FILEIRA_6)
    } else {
        (FILEIRA_4, FILEIRA_3)
    };
    let n5 = (travados & quinta).count_ones() as i32;
    let n6 = (travados & sexta).count_ones() as i32;
    soma!(c, cor, PEAO_BLOQUEADO[0], n5);
    soma!(c, cor, PEAO_BLOQUEADO[1], n6);
}

/// Termos dos passados que dependem dos reis e das peças (fora da tabela de
/// peões): distância dos reis à casa da frente (um peso por fileira), se o
/// passado pode andar e se anda em segurança (`ataques_inimigos`: as casas
/// que o inimigo ataca), caminho livre e a regra do quadrado quando o
/// adversário só tem rei e peões.
pub(crate) fn passados_dinamicos<const TRACO: bool>(
    b: &TBoard,
    cor: usize,
    passados: TBitboard,
    ataques_inimigos: TBitboard,
    c: &mut TConta<TRACO>,
) {
    categoria(c, CAT_PASSADOS);
    let o = cor ^ 1;
    let occ = b.ocupadas();
    let meu_rei = b.casa_rei(cor);
    let rei_dele = b.casa_rei(o);
    let dele_sem_pecas = b.pecas[o] == b.peoes[o] | b.rei[o];
    let mut p = passados;
    while p != 0 {
        let s = pop_lsb(&mut p);
        let r = fileira_relativa(cor, s);
        let f = FATOR_PASSADO[r - 1];
        let frente = if cor == BRANCAS { s - 8 } else { s + 8 };
        let di = distancia(rei_dele, frente);
        let dp = distancia(meu_rei, frente);
        soma!(c, cor, PASSADO_REI_INIMIGO[r - 1], di);
        soma!(c, cor, PASSADO_REI_PROPRIO[r - 1], dp);
        let pode = (occ & bit(frente) == 0) as usize;
        let seguro = (ataques_inimigos & bit(frente) == 0) as usize;
        soma!(c, cor, PASSADO_AVANCO[(pode * 2 + seguro) * 8 + r - 1], 1);
        let col = coluna(s);
        soma!(c, cor, PASSADO_COLUNA[col.min(7 - col)], 1);
        if f > 0 && FRENTE[cor][s] & occ == 0 {
            soma!(c, cor, PASSADO_LIVRE, f);
        }
        // Regra do quadrado: o rei inimigo não alcança o peão antes da
        // promoção (o avanço duplo da 2ª fileira conta como um lance).
        if dele_sem_pecas && FRENTE[cor][s] & occ == 0 {
            let promocao = if cor == BRANCAS {
                coluna(s)
            } else {
                56 + coluna(s)
            };
            let lances_peao = (8 - r as i32).min(5);
            let lances_rei = distancia(rei_dele, promocao) - if b.vez == o { 1 } else { 0 };
            if lances_rei > lances_peao {
                soma!(c, cor, PASSADO_IMPARAVEL, 1);
            }
        }
    }
}

#[cfg(test)]
mod testes {
    use super::*;
    use crate::bitboard::conta;

    #[test]
    fn mascaras() {
        // e2 (52): frente das brancas é e3..e8; passado inclui d e f.
        assert_eq!(conta(FRENTE[BRANCAS][52]), 6);
        assert_eq!(conta(MASCARA_PASSADO[BRANCAS][52]), 18);
        assert_eq!(conta(MASCARA_PASSADO[NEGRAS][8]), 12); // a7: colunas a e b
        assert_eq!(FRENTE[NEGRAS][12] & bit(20), bit(20)); // e7 → e6
        assert_eq!(colunas_de(bit(0) | bit(63)), 0b1000_0001);
        assert_eq!(distancia(0, 63), 7);
        // A menor distância pelos anéis é a mínima de `distancia`, casa a
        // casa, em conjuntos variados (e 0 sem nenhuma casa).
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for casa in 0..64 {
            assert_eq!(distancia_minima(casa, 0), 0);
            for _ in 0..50 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let bb = x & (x >> 3) & !(1u64 << casa);
                let mut p = bb;
                let mut menor = 0;
                while p != 0 {
                    let d = distancia(casa, pop_lsb(&mut p));
                    if menor == 0 || d < menor {
                        menor = d;
                    }
                }
                assert_eq!(distancia_minima(casa, bb), menor, "{casa} {bb:x}");
            }
        }
        assert_eq!(ataques_peoes(bit(52), BRANCAS), bit(43) | bit(45));
        assert_eq!(ataques_peoes(bit(12), NEGRAS), bit(19) | bit(21));
    }
}
