//! Operações de bits sobre `TBitboard` (porta das macros de bits do ICE).
//!
//! Nível 1: só depende de `tipos`. O ICE 1.40 usava assembly x86 para achar o
//! bit menos significativo; em Rust, `trailing_zeros` vira uma única instrução
//! (`tzcnt`/`bsf`) e não precisa de `unsafe`.

use crate::tipos::{TBitboard, BRANCAS};

pub const COLUNA_A: TBitboard = 0x0101_0101_0101_0101;
pub const COLUNA_H: TBitboard = COLUNA_A << 7;
/// Fileira 8: casas 0..7 (a numeração começa em a8).
pub const FILEIRA_8: TBitboard = 0xFF;
pub const FILEIRA_7: TBitboard = 0xFF << 8;
pub const FILEIRA_6: TBitboard = 0xFF << 16;
pub const FILEIRA_5: TBitboard = 0xFF << 24;
pub const FILEIRA_4: TBitboard = 0xFF << 32;
pub const FILEIRA_3: TBitboard = 0xFF << 40;
pub const FILEIRA_2: TBitboard = 0xFF << 48;
pub const FILEIRA_1: TBitboard = 0xFF << 56;

/// Bitboard com só a casa `casa`.
#[inline(always)]
pub const fn bit(casa: usize) -> TBitboard {
    1u64 << casa
}

/// Índice do bit menos significativo (o bitboard não pode ser vazio).
#[inline(always)]
pub fn lsb(b: TBitboard) -> usize {
    b.trailing_zeros() as usize
}

/// Tira e devolve o bit menos significativo: o laço básico sobre as peças.
#[inline(always)]
pub fn pop_lsb(b: &mut TBitboard) -> usize {
    let c = b.trailing_zeros() as usize;
    *b &= b.wrapping_sub(1);
    c
}

/// Quantidade de bits ligados.
#[inline(always)]
pub fn conta(b: TBitboard) -> u32 {
    b.count_ones()
}

/// Mais de um bit ligado?
#[inline(always)]
pub fn mais_de_um(b: TBitboard) -> bool {
    b & b.wrapping_sub(1) != 0
}

/// Desloca um bitboard uma fileira "para cima" (rumo à fileira 8): casa − 8.
#[inline(always)]
pub const fn norte(b: TBitboard) -> TBitboard {
    b >> 8
}

/// Desloca um bitboard uma fileira "para baixo" (rumo à fileira 1): casa + 8.
#[inline(always)]
pub const fn sul(b: TBitboard) -> TBitboard {
    b << 8
}

/// Uma fileira para a frente do ponto de vista de `cor` (rumo à fileira
/// de promoção dela): as brancas sobem (`norte`), as pretas descem (`sul`).
#[inline(always)]
pub const fn avanca(b: TBitboard, cor: usize) -> TBitboard {
    if cor == BRANCAS {
        norte(b)
    } else {
        sul(b)
    }
}

/// Uma fileira para trás do ponto de vista de `cor` (rumo à primeira dela).
#[inline(always)]
pub const fn recua(b: TBitboard, cor: usize) -> TBitboard {
    avanca(b, cor ^ 1)
}

/// Todas as casas de uma coluna.
#[inline(always)]
pub const fn mascara_coluna(col: usize) -> TBitboard {
    COLUNA_A << col
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn operacoes_basicas() {
        let mut b = bit(3) | bit(40) | bit(63);
        assert_eq!(conta(b), 3);
        assert!(mais_de_um(b));
        assert_eq!(pop_lsb(&mut b), 3);
        assert_eq!(lsb(b), 40);
        assert_eq!(norte(bit(52)), bit(44)); // e2 -> e3
        assert_eq!(sul(bit(12)), bit(20)); // e7 -> e6
        assert_eq!(avanca(bit(52), 0), bit(44)); // brancas: e2 -> e3
        assert_eq!(avanca(bit(12), 1), bit(20)); // pretas: e7 -> e6
        assert_eq!(recua(bit(44), 0), bit(52));
        assert_eq!(recua(bit(20), 1), bit(12));
        assert_eq!(mascara_coluna(7), COLUNA_H);
    }
}
