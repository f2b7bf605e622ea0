//! Avaliação estática (porta de `eval.c` do ICE): material e tabelas peça-casa.
//!
//! Nível 4: depende de `tabuleiro` e dos níveis abaixo. Esta é a primeira
//! versão, a da busca: material + tabelas peça-casa do ICE 1.40, com a tabela
//! do rei misturada entre abertura e final por um contador de fase (o ICE
//! trocava de tabela de uma vez no lance 35). Os demais termos da seção 4.6
//! entram por trás desta mesma função `eval`.

use crate::bitboard::*;
use crate::tabuleiro::TBoard;
use crate::tipos::*;

// Tabelas peça-casa do ICE 1.40, do ponto de vista das brancas: a primeira
// linha é a fileira 8, então a peça branca na casa i usa a entrada i.
#[rustfmt::skip]
pub const PST_PEAO: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    30, 30, 35, 40, 40, 35, 30, 30,
    10, 10, 12, 20, 20, 12, 10, 10,
     5,  5,  6, 18, 18,  6,  5,  5,
     3,  3,  4, 17, 17,  1,  1,  2,
     3,  5,  0, 10, 10,  0,  5,  3,
     2,  5,  5,  0,  0,  5,  5,  2,
     0,  0,  0,  0,  0,  0,  0,  0,
];

#[rustfmt::skip]
pub const PST_CAVALO: [i32; 64] = [
      0,  2,  6,  7,  7,  6,  2,  0,
      9, 10, 15, 17, 17, 15, 10,  9,
      8, 15, 20, 30, 30, 20, 15,  8,
      7, 11, 14, 20, 20, 14, 11,  7,
      7, 11, 14, 20, 20, 14, 11,  7,
      6, 10, 14, 14, 14, 14, 10,  6,
     -5,  7, 10, 11, 11, 10,  7, -5,
    -10,  0, 10,  7,  7, 10,  0,-10,
];

#[rustfmt::skip]
pub const PST_BISPO: [i32; 64] = [
     5,  3,  3,  3,  3,  3,  3,  5,
     3, 10,  9,  9,  9,  9, 10,  3,
     3,  9, 15, 14, 14, 15,  9,  3,
     3,  9, 14, 20, 20, 14,  9,  3,
     3,  9, 14, 20, 20, 14,  9,  3,
     3,  9, 15, 14, 14, 15,  9,  3,
     3, 10,  9,  9,  9,  9, 10,  3,
     5,  3,  0,  3,  3,  0,  3,  5,
];

#[rustfmt::skip]
pub const PST_TORRE: [i32; 64] = [
    25, 25, 25, 25, 25, 25, 25, 25,
    50, 50, 50, 50, 50, 50, 50, 50,
    15, 10, 10, 10, 10, 10, 10, 15,
    15, 10,  5,  5,  5,  5, 10, 15,
    15, 10,  5,  5,  5,  5, 10, 15,
    15, 10,  5,  5,  5,  5, 10, 15,
     5, 10, 10, 10, 10, 10, 10,  5,
     5,  5, 10, 20, 20, 10,  5,  5,
];

/// Rei na abertura/meio-jogo: protegido no canto, longe do centro.
#[rustfmt::skip]
pub const PST_REI_ABERTURA: [i32; 64] = [
    -5, -3, -3, -3, -3, -3, -3, -5,
    -3,-10, -9, -9, -9, -9,-10, -3,
    -5, -9,-15,-14,-14,-15, -9, -5,
    -1, -5,-14,-20,-20,-14, -5, -1,
     2, -1, -5,-20,-20, -5, -1,  2,
     3,  2, -1,-10,-10, -1,  2,  3,
    15, 12,  2,  4,  4,  2, 12, 15,
    15, 15, 12,  8,  8, 12, 15, 15,
];

/// Rei no final: centralizado.
#[rustfmt::skip]
pub const PST_REI_FINAL: [i32; 64] = [
     5,  3,  3,  3,  3,  3,  3,  5,
     3,  9,  9,  9,  9,  9,  9,  3,
     3,  9, 15, 14, 14, 15,  9,  3,
     3,  9, 14, 20, 20, 14,  9,  3,
     3,  9, 14, 20, 20, 14,  9,  3,
     3,  9, 15, 14, 14, 15,  9,  3,
     3,  9,  9,  9,  9,  9,  9,  3,
     5,  3,  3,  3,  3,  3,  3,  5,
];

/// Peso de cada peça na fase do jogo (24 = todas as peças na mesa).
pub const PESO_FASE: [i32; 7] = [0, 0, 1, 1, 2, 4, 0];
pub const FASE_TOTAL: i32 = 24;

/// Estado da avaliação que vive entre chamadas (tabelas, modos).
pub struct TAvaliacao {
    /// Modo "ICE clássico": só os termos que o ICE tinha.
    pub classico: bool,
}

impl Default for TAvaliacao {
    fn default() -> Self {
        nova_avaliacao()
    }
}

/// Cria o estado da avaliação.
pub fn nova_avaliacao() -> TAvaliacao {
    TAvaliacao { classico: false }
}

/// Casa equivalente para as pretas. RUST: o ICE usava 63 − i (rotação de
/// 180°); usamos o espelho vertical (i ^ 56) para que a avaliação seja
/// exatamente simétrica entre as cores (só a fileira 4 da tabela de peão era
/// assimétrica, então a diferença é mínima).
#[inline(always)]
pub const fn casa_relativa(cor: usize, casa: usize) -> usize {
    if cor == BRANCAS {
        casa
    } else {
        casa ^ 56
    }
}

/// Fase do jogo, de 0 (só reis e peões) a FASE_TOTAL (abertura).
pub fn fase(b: &TBoard) -> i32 {
    let mut f = 0;
    for cor in 0..2 {
        f += PESO_FASE[CAVALO as usize] * conta(b.cavalos[cor]) as i32;
        f += PESO_FASE[BISPO as usize] * conta(b.bispos[cor]) as i32;
        f += PESO_FASE[TORRE as usize] * conta(b.torres[cor]) as i32;
        f += PESO_FASE[DAMA as usize] * conta(b.damas[cor]) as i32;
    }
    f.min(FASE_TOTAL)
}

/// Material + peça-casa de um lado, com o rei misturado pela fase.
fn material_pst(b: &TBoard, cor: usize, fase: i32) -> i32 {
    let mut s = 0;
    for peca in PEAO..=DAMA {
        let mut bb = b.bb(peca)[cor];
        while bb != 0 {
            let c = casa_relativa(cor, pop_lsb(&mut bb));
            s += VALOR_PECA[peca as usize];
            s += match peca {
                PEAO => PST_PEAO[c],
                CAVALO => PST_CAVALO[c],
                BISPO => PST_BISPO[c],
                TORRE => PST_TORRE[c],
                // ICE: a dama não tem tabela própria; usa bispo + torre.
                _ => PST_BISPO[c] + PST_TORRE[c],
            };
        }
    }
    let k = casa_relativa(cor, b.casa_rei(cor));
    s + (PST_REI_ABERTURA[k] * fase + PST_REI_FINAL[k] * (FASE_TOTAL - fase)) / FASE_TOTAL
}

/// Avaliação estática do ponto de vista do lado a jogar, em centipeões.
/// `alfa`/`beta` permitirão a avaliação preguiçosa. Porta de `Eval()` do ICE.
pub fn eval(b: &TBoard, _av: &mut TAvaliacao, _alfa: i32, _beta: i32) -> i32 {
    let f = fase(b);
    let branco = material_pst(b, BRANCAS, f) - material_pst(b, NEGRAS, f);
    if b.vez == BRANCAS {
        branco
    } else {
        -branco
    }
}
