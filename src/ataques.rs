//! Tabelas de ataque pré-calculadas e ataques das peças deslizantes.
//!
//! Nível 2: depende de `tipos`. O ICE achava o primeiro bloqueador de cada
//! raio com o bit menos/mais significativo; aqui usamos *bitboards mágicos*,
//! a técnica padrão dos motores modernos:
//!
//! 1. Para uma torre (ou bispo) numa casa, só importam as casas do raio que
//!    podem bloquear — a `mascara` (sem a última casa de cada raio, que nunca
//!    esconde nada atrás de si).
//! 2. `ocupadas & mascara` tem no máximo 12 bits. Multiplicado por um número
//!    "mágico" e deslocado à direita, vira um índice pequeno e **único** para
//!    cada conjunto de bloqueadores que dá ataques diferentes.
//! 3. Uma tabela guarda os ataques de cada índice: a consulta custa uma
//!    multiplicação, um deslocamento e uma leitura de memória.
//!
//! Os números mágicos foram achados uma vez, por tentativa, com um gerador
//! xorshift de semente fixa (o teste `magicas_sem_colisao` confere que cada
//! um serve). As tabelas são preenchidas por `const fn` em tempo de
//! compilação: nada é calculado na partida e não há estado global mutável.

use crate::tipos::{TBitboard, BISPO, CAVALO, TORRE};

/// Direções da torre e do bispo como (Δcoluna, Δlinha); a linha cresce rumo à fileira 1.
const DIR_TORRE: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];
const DIR_BISPO: [(i32, i32); 4] = [(1, -1), (1, 1), (-1, 1), (-1, -1)];

/// Ataques ao longo dos raios, parando no primeiro bloqueador (incluído).
/// Com `sem_borda`, omite a última casa de cada raio: é a máscara relevante.
const fn raio(
    casa: usize,
    dirs: &[(i32, i32); 4],
    ocupadas: TBitboard,
    sem_borda: bool,
) -> TBitboard {
    let c0 = (casa % 8) as i32;
    let l0 = (casa / 8) as i32;
    let mut r = 0u64;
    let mut d = 0;
    while d < 4 {
        let (dc, dl) = dirs[d];
        let mut c = c0 + dc;
        let mut l = l0 + dl;
        while c >= 0 && c < 8 && l >= 0 && l < 8 {
            if sem_borda {
                let (nc, nl) = (c + dc, l + dl);
                if !(nc >= 0 && nc < 8 && nl >= 0 && nl < 8) {
                    break;
                }
            }
            let s = (l * 8 + c) as usize;
            r |= 1u64 << s;
            if ocupadas & (1u64 << s) != 0 {
                break;
            }
            c += dc;
            l += dl;
        }
        d += 1;
    }
    r
}

/// Saltos (Δcoluna, Δlinha) a partir de cada casa, dentro do tabuleiro.
const fn saltos(deltas: &[(i32, i32); 8]) -> [TBitboard; 64] {
    let mut t = [0u64; 64];
    let mut casa = 0;
    while casa < 64 {
        let c0 = (casa % 8) as i32;
        let l0 = (casa / 8) as i32;
        let mut i = 0;
        while i < 8 {
            let c = c0 + deltas[i].0;
            let l = l0 + deltas[i].1;
            if c >= 0 && c < 8 && l >= 0 && l < 8 {
                t[casa] |= 1u64 << (l * 8 + c);
            }
            i += 1;
        }
        casa += 1;
    }
    t
}

// As tabelas são `static`, não `const`: um `const` seria copiado para cada
// lugar que o usa; um `static` existe uma vez só, no binário.

/// Casas atacadas por um cavalo em cada casa.
pub static ATAQUES_CAVALO: [TBitboard; 64] = saltos(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
/// Casas atacadas por um rei em cada casa.
pub static ATAQUES_REI: [TBitboard; 64] = saltos(&[
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
]);

const fn ataques_de_peao() -> [[TBitboard; 64]; 2] {
    let mut t = [[0u64; 64]; 2];
    let mut casa = 0;
    while casa < 64 {
        let c = casa % 8;
        // Brancas atacam rumo à fileira 8 (casa − 7 e casa − 9).
        if casa >= 8 {
            if c > 0 {
                t[0][casa] |= 1u64 << (casa - 9);
            }
            if c < 7 {
                t[0][casa] |= 1u64 << (casa - 7);
            }
        }
        // Pretas atacam rumo à fileira 1 (casa + 7 e casa + 9).
        if casa < 56 {
            if c > 0 {
                t[1][casa] |= 1u64 << (casa + 7);
            }
            if c < 7 {
                t[1][casa] |= 1u64 << (casa + 9);
            }
        }
        casa += 1;
    }
    t
}

/// `ATAQUES_PEAO[cor][casa]`: casas que um peão dessa cor ataca dessa casa.
pub static ATAQUES_PEAO: [[TBitboard; 64]; 2] = ataques_de_peao();

/// Uma entrada mágica por casa e por tipo de peça deslizante.
#[derive(Clone, Copy)]
pub struct TMagica {
    pub mascara: TBitboard,
    pub magica: u64,
    pub deslocamento: u32,
    pub inicio: usize,
}

/// Números mágicos das torres, casa a casa (a8 = 0).
#[rustfmt::skip]
const MAGICAS_TORRE: [u64; 64] = [
    0x8080008020104000, 0x40c0004010002008, 0x4080100020000882, 0x818008010c300080,
    0x1200100802000420, 0x2680040002008031, 0x08800a0011000080, 0x0100010000482882,
    0x0820800c40002080, 0x0008401000402000, 0x4002001840208200, 0x0761001000090020,
    0x0412000600082010, 0x0000800200800400, 0x006a000401084200, 0x0011000081000042,
    0x208008c020004000, 0x00b008c001200040, 0x0028808010002000, 0x1015010010000824,
    0x0401010008020410, 0x0040808004000200, 0x8008010100020004, 0x3000a20008448104,
    0x000080008020400a, 0x8410004040002008, 0x0000200080100080, 0x0605002500081002,
    0x0621040280080080, 0x3204004040020100, 0x3002103400010218, 0x00c0004200010084,
    0x0440008248800220, 0x404a402008401000, 0x0400802202004011, 0x1180801000800800,
    0x0848004200400400, 0x0001000401000802, 0x920008110c0002b0, 0x0021848422000049,
    0x811a400080218000, 0x000040201000c000, 0x8400200010008080, 0x00b8100008008080,
    0x8008000400088080, 0x0010040002008080, 0x4800085001040082, 0x0100808100420004,
    0x0000410080002100, 0x4000400020008280, 0x0120081300422100, 0x8480801000480180,
    0x0848050008001100, 0x6190800400020080, 0x4004014810220400, 0x1828040c41108600,
    0x0000110200204882, 0x100c208100104001, 0x840100200140900d, 0x1042200408100101,
    0xa081000402100801, 0x1026009001040822, 0x80081000c2010804, 0x0020110c02204082,
];

/// Números mágicos dos bispos.
#[rustfmt::skip]
const MAGICAS_BISPO: [u64; 64] = [
    0x0c02100202004200, 0x000808408c024104, 0x0404014202000000, 0x2244050204010000,
    0x9084042002000009, 0x0002084404000805, 0x9106020222c00002, 0x0002003084100848,
    0x0840208891010420, 0x0082024842008210, 0x0020090204250140, 0x0003082589000008,
    0x41001c10294000a0, 0x0200020202200080, 0x1014004124104000, 0x0000810c010402c0,
    0x0020200808010842, 0xc038801027280080, 0x100800040044000a, 0x812088080204c110,
    0x0001000490400000, 0x44a0800908200200, 0x0201001404220200, 0x02a2000100450c40,
    0x0002204d10849012, 0x0010100408220080, 0x110038000c014400, 0x0020048008008210,
    0x0001010000104010, 0x0001110002100088, 0x0001004002021001, 0x210040428a920800,
    0x04a1441080202041, 0x5104024282200401, 0x0212080200011200, 0x8040040400980210,
    0x0008020400001010, 0x0208860280c41000, 0x0004142040008800, 0x000402b200018042,
    0x0044104818221600, 0x3421012882002018, 0x4090840401008202, 0x080a044208000080,
    0x0009101202000190, 0x0028100888201200, 0x0024090845041210, 0x0014040421442820,
    0x4012021004040622, 0x3000840888041500, 0x4401802084101412, 0x0005108122881080,
    0x1410480410440100, 0x408009d0a9260005, 0x1004e00404008042, 0x0020480099144086,
    0x100a014a04842004, 0x0200324100886004, 0x0200000500824100, 0x0b48002280840401,
    0x9002108810420200, 0x0400409020222420, 0x0700c11001610110, 0x4818100404414208,
];

/// Tamanho total da tabela compartilhada (torres: 102400, bispos: 5248).
// Cada casa usa 2^(bits da máscara) entradas: até 4096 para a torre num
// canto, só 32 para um bispo na borda. Uma tabela única, com um `inicio` por
// casa, não desperdiça espaço com o pior caso.
const TAM_TABELA: usize = 107648;

const fn monta_magicas(
    dirs: &[(i32, i32); 4],
    magicas: &[u64; 64],
    inicio0: usize,
) -> [TMagica; 64] {
    let vazio = TMagica {
        mascara: 0,
        magica: 0,
        deslocamento: 0,
        inicio: 0,
    };
    let mut t = [vazio; 64];
    let mut inicio = inicio0;
    let mut casa = 0;
    while casa < 64 {
        let mascara = raio(casa, dirs, 0, true);
        let bits = mascara.count_ones();
        t[casa] = TMagica {
            mascara,
            magica: magicas[casa],
            deslocamento: 64 - bits,
            inicio,
        };
        inicio += 1 << bits;
        casa += 1;
    }
    t
}

/// Entradas mágicas das torres (índices 0 .. 102400 da tabela).
pub static TORRE_MAGICA: [TMagica; 64] = monta_magicas(&DIR_TORRE, &MAGICAS_TORRE, 0);
/// Entradas mágicas dos bispos (logo depois das torres).
pub static BISPO_MAGICA: [TMagica; 64] = monta_magicas(&DIR_BISPO, &MAGICAS_BISPO, 102400);

const fn preenche(t: &mut [TBitboard; TAM_TABELA], dirs: &[(i32, i32); 4], m: &[TMagica; 64]) {
    let mut casa = 0;
    while casa < 64 {
        let e = m[casa];
        // Percorre todos os subconjuntos da máscara ("carry-rippler"): subtrair
        // a máscara e filtrar por ela soma 1 contando só os bits da máscara.
        let mut sub: u64 = 0;
        loop {
            let indice = (sub.wrapping_mul(e.magica) >> e.deslocamento) as usize;
            t[e.inicio + indice] = raio(casa, dirs, sub, false);
            sub = sub.wrapping_sub(e.mascara) & e.mascara;
            if sub == 0 {
                break;
            }
        }
        casa += 1;
    }
}

const fn monta_tabela() -> [TBitboard; TAM_TABELA] {
    let mut t = [0u64; TAM_TABELA];
    preenche(&mut t, &DIR_TORRE, &TORRE_MAGICA);
    preenche(&mut t, &DIR_BISPO, &BISPO_MAGICA);
    t
}

/// Ataques de torres e bispos para cada casa e cada conjunto de bloqueadores.
// Preencher ~100 mil entradas raio a raio demora o bastante para o
// compilador desconfiar de um laço infinito (o lint `long_running_const_eval`,
// que é erro por padrão); o cálculo termina, então o lint sai só aqui.
#[allow(long_running_const_eval)]
static TABELA_DESLIZANTES: [TBitboard; TAM_TABELA] = monta_tabela();

/// Casas atacadas por uma torre em `casa`, com as casas `ocupadas` bloqueando.
#[inline(always)]
pub fn ataques_torre(casa: usize, ocupadas: TBitboard) -> TBitboard {
    let e = &TORRE_MAGICA[casa];
    TABELA_DESLIZANTES
        [e.inicio + ((ocupadas & e.mascara).wrapping_mul(e.magica) >> e.deslocamento) as usize]
}

/// Casas atacadas por um bispo em `casa`.
#[inline(always)]
pub fn ataques_bispo(casa: usize, ocupadas: TBitboard) -> TBitboard {
    let e = &BISPO_MAGICA[casa];
    TABELA_DESLIZANTES
        [e.inicio + ((ocupadas & e.mascara).wrapping_mul(e.magica) >> e.deslocamento) as usize]
}

/// Casas atacadas por uma dama: torre + bispo (duas consultas; não vale uma
/// tabela própria).
#[inline(always)]
pub fn ataques_dama(casa: usize, ocupadas: TBitboard) -> TBitboard {
    ataques_torre(casa, ocupadas) | ataques_bispo(casa, ocupadas)
}

/// Casas atacadas por um cavalo, bispo, torre ou dama (`peca`) em `casa`.
/// Um só lugar para a escolha da tabela: a avaliação (mobilidade e ataque ao
/// rei), o gerador de lances e a busca (`arvore::rei_atacado`) a repetiam.
/// Com `peca` constante no laço de quem chama, o `match` some na compilação.
#[inline(always)]
pub fn ataques_peca(peca: u8, casa: usize, ocupadas: TBitboard) -> TBitboard {
    match peca {
        CAVALO => ATAQUES_CAVALO[casa],
        BISPO => ataques_bispo(casa, ocupadas),
        TORRE => ataques_torre(casa, ocupadas),
        _ => ataques_dama(casa, ocupadas),
    }
}

/// A zona do rei em `casa`: a casa e as vizinhas. É o que a avaliação conta
/// no ataque ao rei (`avaliacao.rs::mobilidade_tropismo`) e o que o
/// `ice desenha zona-rei` mostra.
#[inline(always)]
pub fn zona_rei(casa: usize) -> TBitboard {
    ATAQUES_REI[casa] | (1u64 << casa)
}

/// Sinal de um inteiro em `const fn`.
const fn sinal(x: i32) -> i32 {
    if x > 0 {
        1
    } else if x < 0 {
        -1
    } else {
        0
    }
}

/// Monta `ENTRE` (só `entre = true`) ou `RETA`.
const fn monta_alinhadas(entre: bool) -> [[TBitboard; 64]; 64] {
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (ca, la) = ((a % 8) as i32, (a / 8) as i32);
            let (cb, lb) = ((b % 8) as i32, (b / 8) as i32);
            let (dc, dl) = (cb - ca, lb - la);
            if a != b && (dc == 0 || dl == 0 || dc == dl || dc == -dl) {
                let (sc, sl) = (sinal(dc), sinal(dl));
                let mut r = 0u64;
                if entre {
                    let (mut c, mut l) = (ca + sc, la + sl);
                    while c != cb || l != lb {
                        r |= 1u64 << (l * 8 + c);
                        c += sc;
                        l += sl;
                    }
                } else {
                    // A reta inteira, de borda a borda, nos dois sentidos.
                    r = 1u64 << a;
                    let mut k = 0;
                    while k < 2 {
                        let (mc, ml) = if k == 0 { (sc, sl) } else { (-sc, -sl) };
                        let (mut c, mut l) = (ca + mc, la + ml);
                        while c >= 0 && c < 8 && l >= 0 && l < 8 {
                            r |= 1u64 << (l * 8 + c);
                            c += mc;
                            l += ml;
                        }
                        k += 1;
                    }
                }
                t[a][b] = r;
            }
            b += 1;
        }
        a += 1;
    }
    t
}

/// `ENTRE[a][b]`: casas estritamente entre `a` e `b` se estiverem na mesma
/// linha, coluna ou diagonal; vazio caso contrário. Serve para cravadas e
/// para as casas que bloqueiam um xeque.
pub static ENTRE: [[TBitboard; 64]; 64] = monta_alinhadas(true);

/// `RETA[a][b]`: a linha, coluna ou diagonal inteira que passa por `a` e `b`
/// (vazio se não estiverem alinhadas). Uma peça cravada só anda sobre ela.
pub static RETA: [[TBitboard; 64]; 64] = monta_alinhadas(false);

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn magicas_sem_colisao() {
        // Para cada casa e cada subconjunto da máscara, a consulta mágica deve
        // devolver exatamente os ataques calculados raio a raio.
        for casa in 0..64 {
            for torre in [true, false] {
                let (dirs, m) = if torre {
                    (&DIR_TORRE, &TORRE_MAGICA[casa])
                } else {
                    (&DIR_BISPO, &BISPO_MAGICA[casa])
                };
                let mut sub = 0u64;
                loop {
                    let esperado = raio(casa, dirs, sub, false);
                    // Peças fora da máscara não podem mudar o resultado.
                    let ruido = !m.mascara & 0x0F0F_3C3C_00FF_1234;
                    let obtido = if torre {
                        ataques_torre(casa, sub | ruido)
                    } else {
                        ataques_bispo(casa, sub | ruido)
                    };
                    assert_eq!(obtido, esperado, "casa {casa}");
                    sub = sub.wrapping_sub(m.mascara) & m.mascara;
                    if sub == 0 {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn saltos_e_peoes() {
        // Cavalo em b1 (57): a3 (40), c3 (42), d2 (51).
        assert_eq!(ATAQUES_CAVALO[57], (1 << 40) | (1 << 42) | (1 << 51));
        // Rei em a8 (0): b8, a7, b7.
        assert_eq!(ATAQUES_REI[0], (1 << 1) | (1 << 8) | (1 << 9));
        // Peão branco em e2 (52) ataca d3 (43) e f3 (45); preto em a7 (8) ataca b6 (17).
        assert_eq!(ATAQUES_PEAO[0][52], (1 << 43) | (1 << 45));
        assert_eq!(ATAQUES_PEAO[1][8], 1 << 17);
        // Torre em a1 com o tabuleiro vazio: 14 casas; bispo em d5: 13.
        assert_eq!(ataques_torre(56, 0).count_ones(), 14);
        assert_eq!(ataques_bispo(27, 0).count_ones(), 13);
        // ENTRE e RETA: a1 (56) e h8 (7) na grande diagonal.
        assert_eq!(ENTRE[56][7].count_ones(), 6);
        assert_eq!(RETA[49][42].count_ones(), 8);
        assert_eq!(ENTRE[56][6], 0);
    }
}
