//! Syzygy, parte 1: do conjunto de casas das peças ao índice na tabela.
//!
//! Extensão do ICE-rs (o ICE não sondava finais). Nível 0: não depende de
//! nenhum outro módulo. As casas aqui seguem a numeração do formato Syzygy
//! (a1 = 0, h1 = 7, a8 = 56), não a do ICE (a8 = 0); quem chama converte
//! (`casa ^ 56`).
//!
//! O formato guarda cada final uma vez só, a menos de simetria: sem peões,
//! as 8 simetrias do tabuleiro levam a primeira peça ao triângulo a1-d1-d4;
//! com peões, só o espelho entre as alas, e a tabela é dividida pela coluna
//! (a..d) do peão "líder". As peças iguais entram como combinações (não
//! importa a ordem entre elas), o que explica os binomiais.

/// Máximo de peças numa tabela Syzygy (o formato vai até 7).
pub const MAX_PECAS_TB: usize = 7;

// As tabelas abaixo são fatos do formato (as mesmas em todo leitor).
// Casa → posição no triângulo a1-d1-d4 (0..9), depois de dobrar o tabuleiro.
#[rustfmt::skip]
static TRIANGULO: [u8; 64] = [
    6, 0, 1, 2, 2, 1, 0, 6,
    0, 7, 3, 4, 4, 3, 7, 0,
    1, 3, 8, 5, 5, 8, 3, 1,
    2, 4, 5, 9, 9, 5, 4, 2,
    2, 4, 5, 9, 9, 5, 4, 2,
    1, 3, 8, 5, 5, 8, 3, 1,
    0, 7, 3, 4, 4, 3, 7, 0,
    6, 0, 1, 2, 2, 1, 0, 6,
];

// Casa → índice na metade "de baixo" da diagonal a1-h8 (28 fora dela, 8 nela).
#[rustfmt::skip]
static ABAIXO: [u8; 64] = [
    28, 0, 1, 2, 3, 4, 5, 6,
    0, 29, 7, 8, 9, 10, 11, 12,
    1, 7, 30, 13, 14, 15, 16, 17,
    2, 8, 13, 31, 18, 19, 20, 21,
    3, 9, 14, 18, 32, 22, 23, 24,
    4, 10, 15, 19, 22, 33, 25, 26,
    5, 11, 16, 20, 23, 25, 34, 27,
    6, 12, 17, 21, 24, 26, 27, 35,
];

// Casa da diagonal a1-h8 (ou da outra) → 0..15.
#[rustfmt::skip]
static DIAGONAL: [u8; 64] = [
    0, 0, 0, 0, 0, 0, 0, 8,
    0, 1, 0, 0, 0, 0, 9, 0,
    0, 0, 2, 0, 0, 10, 0, 0,
    0, 0, 0, 3, 11, 0, 0, 0,
    0, 0, 0, 12, 4, 0, 0, 0,
    0, 0, 13, 0, 0, 5, 0, 0,
    0, 14, 0, 0, 0, 0, 6, 0,
    15, 0, 0, 0, 0, 0, 0, 7,
];

// Casa do peão líder → 0..23 (coluna a..d dobrada, fileiras 2..7).
#[rustfmt::skip]
static FLAP: [u8; 64] = [
    0, 0, 0, 0, 0, 0, 0, 0,
    0, 6, 12, 18, 18, 12, 6, 0,
    1, 7, 13, 19, 19, 13, 7, 1,
    2, 8, 14, 20, 20, 14, 8, 2,
    3, 9, 15, 21, 21, 15, 9, 3,
    4, 10, 16, 22, 22, 16, 10, 4,
    5, 11, 17, 23, 23, 17, 11, 5,
    0, 0, 0, 0, 0, 0, 0, 0,
];

// Casa de um peão → ordem dos outros peões do mesmo grupo (0..47).
#[rustfmt::skip]
static PTWIST: [u8; 64] = [
    0, 0, 0, 0, 0, 0, 0, 0,
    47, 35, 23, 11, 10, 22, 34, 46,
    45, 33, 21, 9, 8, 20, 32, 44,
    43, 31, 19, 7, 6, 18, 30, 42,
    41, 29, 17, 5, 4, 16, 28, 40,
    39, 27, 15, 3, 2, 14, 26, 38,
    37, 25, 13, 1, 0, 12, 24, 36,
    0, 0, 0, 0, 0, 0, 0, 0,
];

// O inverso de FLAP: a casa de cada uma das 24 posições do peão líder.
#[rustfmt::skip]
static INV_FLAP: [u8; 24] = [
    8, 16, 24, 32, 40, 48,
    9, 17, 25, 33, 41, 49,
    10, 18, 26, 34, 42, 50,
    11, 19, 27, 35, 43, 51,
];

/// Combinações C(n, k) para k < 8 e n < 64: cabem em u64 (C(63, 7) ≈ 5,5e8).
const fn monta_binomial() -> [[u64; 64]; 8] {
    let mut t = [[0u64; 64]; 8];
    let mut n = 0;
    while n < 64 {
        t[0][n] = 1;
        let mut k = 1;
        while k < 8 {
            // Pascal: C(n, k) = C(n-1, k-1) + C(n-1, k); C(0, k>0) = 0.
            if n > 0 {
                t[k][n] = t[k - 1][n - 1] + t[k][n - 1];
            }
            k += 1;
        }
        n += 1;
    }
    t
}
static BINOMIAL: [[u64; 64]; 8] = monta_binomial();

/// C(n, k), 0 fora da tabela (k > n, ou dados estragados).
#[inline]
fn binomial(n: usize, k: usize) -> u64 {
    if k < 8 && n < 64 {
        BINOMIAL[k][n]
    } else {
        0
    }
}

/// Índice do par de reis (o primeiro no triângulo): 462 pares legais. Os dois
/// na diagonal a1-h8 vêm por último; com o primeiro na diagonal o segundo não
/// pode estar acima dela (a simetria já o trouxe para baixo).
const fn monta_kk() -> [[i16; 64]; 10] {
    let mut t = [[-1i16; 64]; 10];
    let mut codigo: i16 = 0;
    // Dois passes: primeiro os pares comuns, depois os dois na diagonal.
    let mut passe = 0;
    while passe < 2 {
        let mut idx = 0;
        while idx < 10 {
            let mut s1 = 0;
            while s1 < 64 {
                if TRIANGULO[s1] as usize == idx && (s1 & 7) <= 3 && (s1 >> 3) <= (s1 & 7) {
                    let mut s2 = 0;
                    while s2 < 64 {
                        let df = (s1 & 7) as i32 - (s2 & 7) as i32;
                        let dr = (s1 >> 3) as i32 - (s2 >> 3) as i32;
                        let vizinho = df * df <= 1 && dr * dr <= 1;
                        let d1 = fora_diagonal(s1);
                        let d2 = fora_diagonal(s2);
                        if !(vizinho || d1 == 0 && d2 > 0) {
                            let ambos = d1 == 0 && d2 == 0;
                            if (passe == 0 && !ambos) || (passe == 1 && ambos) {
                                t[idx][s2] = codigo;
                                codigo += 1;
                            }
                        }
                        s2 += 1;
                    }
                }
                s1 += 1;
            }
            idx += 1;
        }
        passe += 1;
    }
    t
}
static KK: [[i16; 64]; 10] = monta_kk();

/// Fatores do peão líder: `PAWN_IDX[t][j]` é o índice inicial da posição j
/// (0..23) do líder quando há t outros peões no grupo; `PAWN_FATOR[t][f]` o
/// total da coluna f.
const fn monta_pawn_idx() -> ([[u64; 24]; 6], [[u64; 4]; 6]) {
    let mut idx = [[0u64; 24]; 6];
    let mut fator = [[0u64; 4]; 6];
    let mut t = 0;
    while t < 6 {
        let mut j = 0;
        while j < 24 {
            if j % 6 == 0 {
                // Cada coluna conta do zero.
                fator[t][j / 6] = 0;
            }
            idx[t][j] = fator[t][j / 6];
            let n = PTWIST[INV_FLAP[j] as usize] as usize;
            fator[t][j / 6] += if t == 0 { 1 } else { BINOMIAL[t][n] };
            j += 1;
        }
        t += 1;
    }
    (idx, fator)
}
static PAWN: ([[u64; 24]; 6], [[u64; 4]; 6]) = monta_pawn_idx();

/// Fileira menos coluna: > 0 acima da diagonal a1-h8, 0 nela.
#[inline]
const fn fora_diagonal(s: usize) -> i32 {
    (s >> 3) as i32 - (s & 7) as i32
}

/// Reflete na diagonal a1-h8 (troca coluna e fileira).
#[inline]
fn reflete_diagonal(s: usize) -> usize {
    ((s >> 3) | (s << 3)) & 63
}

/// Como um lado (ou uma coluna do peão líder) de uma tabela codifica as
/// peças: a ordem delas no arquivo, os grupos de peças iguais (`norm`) e o
/// peso de cada grupo no índice (`fator`).
#[derive(Clone, Copy, Default, Debug)]
pub struct TCodificacao {
    /// Peça de cada posição: tipo (PEAO = 1 … REI = 6) + 8 se preta.
    pub pecas: [u8; MAX_PECAS_TB],
    /// Tamanho do grupo que começa em cada posição (0 no meio de um grupo).
    pub norm: [u8; MAX_PECAS_TB],
    pub fator: [u64; MAX_PECAS_TB],
    /// Quantos índices a tabela tem (o produto dos fatores).
    pub tamanho: u64,
}

/// Tipo de codificação sem peões: 0 se há três peças únicas ou mais (as
/// três primeiras entram juntas); 2 se só os reis são únicos (os reis juntos,
/// pela tabela KK).
pub fn tipo_codificacao(contagens: &[[u8; 7]; 2]) -> u8 {
    let mut unicas = 0;
    for cor in 0..2 {
        for t in 1..7 {
            if contagens[cor][t] == 1 {
                unicas += 1;
            }
        }
    }
    if unicas >= 3 {
        0
    } else {
        2
    }
}

/// Grupos de peças iguais a partir da posição `inicio` (que já tem o seu).
fn agrupa(cod: &mut TCodificacao, inicio: usize, n: usize) {
    let mut i = inicio;
    while i < n {
        let mut j = i;
        while j < n && cod.pecas[j] == cod.pecas[i] {
            cod.norm[i] += 1;
            j += 1;
        }
        i += cod.norm[i] as usize;
    }
}

/// Monta `norm`, `fator` e `tamanho` de uma tabela sem peões. `ordem` é a
/// posição (entre os grupos) do grupo das peças "líderes" no índice.
pub fn prepara_sem_peoes(cod: &mut TCodificacao, n: usize, enc: u8, ordem: usize) -> Option<()> {
    cod.norm = [0; MAX_PECAS_TB];
    cod.norm[0] = if enc == 0 { 3 } else { 2 };
    agrupa(cod, cod.norm[0] as usize, n);
    // Posições das peças líderes depois das simetrias: 31332 trios, 462 pares de reis.
    let pivo: u64 = if enc == 0 { 31332 } else { 462 };
    let mut livres = 64 - cod.norm[0] as usize;
    let mut f: u64 = 1;
    let mut i = cod.norm[0] as usize;
    let mut k = 0;
    while i < n || k == ordem {
        if k == ordem {
            cod.fator[0] = f;
            f = f.checked_mul(pivo)?;
        } else {
            let g = cod.norm[i] as usize;
            cod.fator[i] = f;
            f = f.checked_mul(binomial(livres, g))?;
            livres = livres.checked_sub(g)?;
            i += g;
        }
        k += 1;
    }
    cod.tamanho = f;
    Some(())
}

/// O mesmo com peões: `peoes[0]` no grupo líder, `peoes[1]` no outro grupo
/// de peões (da outra cor), `coluna` 0..3 a do líder; `ordem2` 0x0F se não há
/// segundo grupo.
pub fn prepara_com_peoes(
    cod: &mut TCodificacao,
    n: usize,
    peoes: [usize; 2],
    ordem: usize,
    ordem2: usize,
    coluna: usize,
) -> Option<()> {
    if peoes[0] == 0 || peoes[0] > 6 || peoes[0] + peoes[1] > n {
        return None;
    }
    cod.norm = [0; MAX_PECAS_TB];
    cod.norm[0] = peoes[0] as u8;
    if peoes[1] > 0 {
        cod.norm[peoes[0]] = peoes[1] as u8;
    }
    agrupa(cod, peoes[0] + peoes[1], n);
    let mut i = cod.norm[0] as usize;
    if ordem2 < 0x0F {
        i += cod.norm[i] as usize;
    }
    let mut livres = 64usize.checked_sub(i)?;
    let mut f: u64 = 1;
    let mut k = 0;
    while i < n || k == ordem || k == ordem2 {
        if k == ordem {
            cod.fator[0] = f;
            f = f.checked_mul(PAWN.1[peoes[0] - 1][coluna])?;
        } else if k == ordem2 {
            let p0 = cod.norm[0] as usize;
            cod.fator[p0] = f;
            // Os peões do segundo grupo não ficam nas fileiras 1 e 8.
            f = f.checked_mul(binomial(48 - p0, cod.norm[p0] as usize))?;
        } else {
            let g = cod.norm[i] as usize;
            cod.fator[i] = f;
            f = f.checked_mul(binomial(livres, g))?;
            livres = livres.checked_sub(g)?;
            i += g;
        }
        k += 1;
    }
    cod.tamanho = f;
    Some(())
}

/// Leva o peão líder (o de menor FLAP entre os `n_lider` primeiros) para a
/// posição 0 e devolve a coluna dele dobrada (a..d = 0..3).
pub fn coluna_do_peao(pos: &mut [usize; MAX_PECAS_TB], n_lider: usize) -> usize {
    for i in 1..n_lider {
        if FLAP[pos[0]] > FLAP[pos[i]] {
            pos.swap(0, i);
        }
    }
    let c = pos[0] & 7;
    if c > 3 {
        7 - c
    } else {
        c
    }
}

/// Soma dos grupos que sobram (a partir de `inicio`): cada grupo de peças
/// iguais vira uma combinação das casas ainda livres. `menos8` tira a
/// primeira fileira das casas do segundo grupo de peões.
fn soma_grupos(
    cod: &TCodificacao,
    pos: &mut [usize; MAX_PECAS_TB],
    inicio: usize,
    n: usize,
) -> u64 {
    let mut idx = 0u64;
    let mut i = inicio;
    while i < n {
        let t = (cod.norm[i] as usize).max(1);
        let fim = (i + t).min(n);
        pos[i..fim].sort_unstable();
        let mut s = 0u64;
        for m in i..fim {
            let p = pos[m];
            // Casas já ocupadas pelas peças anteriores não contam.
            let j = pos[..i].iter().filter(|&&q| p > q).count();
            s += binomial(p - j, m - i + 1);
        }
        idx = idx.wrapping_add(s.wrapping_mul(cod.fator[i]));
        i = fim;
    }
    idx
}

/// Índice de uma posição sem peões (`enc` 0 ou 2). `pos` tem as casas na
/// ordem de `cod.pecas` e é alterado (simetrias, ordenação).
pub fn indice_sem_peoes(
    cod: &TCodificacao,
    enc: u8,
    pos: &mut [usize; MAX_PECAS_TB],
    n: usize,
) -> u64 {
    // Simetrias: a primeira peça vai para a1-d1-d4 (coluna a..d, fileira 1..4)…
    if pos[0] & 4 != 0 {
        for p in pos[..n].iter_mut() {
            *p ^= 7;
        }
    }
    if pos[0] & 0x20 != 0 {
        for p in pos[..n].iter_mut() {
            *p ^= 0x38;
        }
    }
    // …e, se as líderes estão na diagonal, a primeira fora dela fica abaixo.
    let lideres = if enc == 0 { 3 } else { 2 };
    let mut i = 0;
    while i + 1 < n && fora_diagonal(pos[i]) == 0 {
        i += 1;
    }
    if i < lideres && fora_diagonal(pos[i]) > 0 {
        for p in pos[..n].iter_mut() {
            *p = reflete_diagonal(*p);
        }
    }
    let idx = if enc == 0 {
        // Três peças únicas: a primeira no triângulo, as outras nas 63 e 62
        // casas que sobram; com a primeira (e a segunda) na diagonal, as
        // seguintes contam só a metade de baixo.
        let (a, b, c) = (pos[0], pos[1], pos[2]);
        let i1 = (b > a) as usize;
        let j1 = (c > a) as usize + (c > b) as usize;
        let tri = TRIANGULO[a] as u64;
        if fora_diagonal(a) != 0 {
            tri * 63 * 62 + (b - i1) as u64 * 62 + (c - j1) as u64
        } else if fora_diagonal(b) != 0 {
            6 * 63 * 62 + DIAGONAL[a] as u64 * 28 * 62 + ABAIXO[b] as u64 * 62 + (c - j1) as u64
        } else if fora_diagonal(c) != 0 {
            6 * 63 * 62
                + 4 * 28 * 62
                + DIAGONAL[a] as u64 * 7 * 28
                + (DIAGONAL[b] as usize).wrapping_sub(i1) as u64 * 28
                + ABAIXO[c] as u64
        } else {
            6 * 63 * 62
                + 4 * 28 * 62
                + 4 * 7 * 28
                + DIAGONAL[a] as u64 * 7 * 6
                + (DIAGONAL[b] as usize).wrapping_sub(i1) as u64 * 6
                + (DIAGONAL[c] as usize).wrapping_sub(j1) as u64
        }
    } else {
        // Só os reis únicos: a tabela dos 462 pares.
        KK[TRIANGULO[pos[0]] as usize][pos[1]].max(0) as u64
    };
    let idx = idx.wrapping_mul(cod.fator[0]);
    idx.wrapping_add(soma_grupos(cod, pos, lideres, n))
}

/// Índice de uma posição com peões; `pos[0]` já é o peão líder
/// (`coluna_do_peao`). `peoes` como em `prepara_com_peoes`.
pub fn indice_com_peoes(
    cod: &TCodificacao,
    peoes: [usize; 2],
    pos: &mut [usize; MAX_PECAS_TB],
    n: usize,
) -> u64 {
    // Só o espelho entre as alas: o líder fica nas colunas a..d.
    if pos[0] & 4 != 0 {
        for p in pos[..n].iter_mut() {
            *p ^= 7;
        }
    }
    // Os outros peões do grupo líder, em PTWIST decrescente.
    let p0 = peoes[0].min(n);
    if p0 == 0 {
        return 0;
    }
    pos[1..p0].sort_unstable_by(|a, b| PTWIST[*b].cmp(&PTWIST[*a]));
    let t = p0 - 1;
    let mut idx = PAWN.0[t][FLAP[pos[0]] as usize];
    for i in (1..=t).rev() {
        idx += binomial(PTWIST[pos[i]] as usize, t - i + 1);
    }
    idx = idx.wrapping_mul(cod.fator[0]);
    let mut i = p0;
    let fim = (p0 + peoes[1]).min(n);
    if fim > i {
        // O segundo grupo de peões: fileiras 2..7, sem as casas do primeiro.
        pos[i..fim].sort_unstable();
        let mut s = 0u64;
        for m in i..fim {
            let p = pos[m];
            let j = pos[..i].iter().filter(|&&q| p > q).count();
            s += binomial((p - j).saturating_sub(8), m - i + 1);
        }
        idx = idx.wrapping_add(s.wrapping_mul(cod.fator[i]));
        i = fim;
    }
    idx.wrapping_add(soma_grupos(cod, pos, i, n))
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn pares_de_reis() {
        // 462 pares de reis legais a menos de simetria: 0..461, cada um uma vez.
        let mut vistos = [false; 462];
        for linha in KK.iter() {
            for &v in linha.iter().filter(|&&v| v >= 0) {
                assert!(!vistos[v as usize]);
                vistos[v as usize] = true;
            }
        }
        assert!(vistos.iter().all(|&v| v));
        // b1 (0) com o outro rei em d1: o primeiro código.
        assert_eq!(KK[0][3], 0);
    }

    #[test]
    fn binomiais() {
        assert_eq!(binomial(5, 2), 10);
        assert_eq!(binomial(63, 3), 39711);
        assert_eq!(binomial(2, 3), 0);
        assert_eq!(PAWN.1[1], [252, 180, 108, 36]);
    }
}
