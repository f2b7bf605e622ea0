//! As tabelas de material + peça-casa lidas uma vez por peça: a da avaliação
//! completa (`PECA_CASA`), cuja soma o `TBoard` mantém lance a lance, e a do
//! modo clássico (`PECA_CASA_ICE`), que `material` soma a cada avaliação.
//!
//! Nível 2: depende de `pesos` e `tipos`; quem o usa é `tabuleiro` (a soma
//! incremental) e `material` (o passo 1 da avaliação). As tabelas saem dos
//! pesos em tempo de compilação, como antes em `material`: aqui elas ficam
//! abaixo do tabuleiro (nível 3), que não pode importar a avaliação (nível
//! 4). Nada aqui é ajustado pelo afinador: `ice texel --escreve` reescreve os
//! `PC_*` e o `MATERIAL` de `pesos`, e a tabela os segue na compilação.

use crate::pesos::{
    casa_relativa, par, TPar, MATERIAL, PC_BISPO, PC_CAVALO, PC_DAMA, PC_PEAO, PC_REI, PC_TORRE,
    PST_BISPO, PST_CAVALO, PST_PEAO, PST_REI_ABERTURA, PST_REI_FINAL, PST_TORRE,
};
use crate::tipos::{BISPO, CAVALO, DAMA, PEAO, REI, TORRE};

/// As tabelas (meio-jogo, final) da avaliação completa por peça. A entrada 0
/// (nenhuma peça) não é lida.
const PC: [&[TPar; 64]; 7] = [
    &PC_PEAO, &PC_PEAO, &PC_CAVALO, &PC_BISPO, &PC_TORRE, &PC_DAMA, &PC_REI,
];

/// Uma tabela por cor, peça (índice PEAO..REI; o 0 fica zerado) e casa.
pub type TTabelaPecaCasa = [[[TPar; 64]; 7]; 2];

/// Peça-casa de cada peça, cor e casa, já espelhada para as pretas.
/// `classico`: as tabelas do ICE (com o rei nos dois valores: meio-jogo = a
/// de abertura, final = a de final); senão as `PC_*` já somadas ao
/// `MATERIAL` da peça, para que material e peça-casa custem uma leitura por
/// peça. Calculada em tempo de compilação.
const fn monta_peca_casa(classico: bool) -> TTabelaPecaCasa {
    let mut t = [[[par(0, 0); 64]; 7]; 2];
    let mut cor = 0;
    while cor < 2 {
        let mut casa = 0;
        while casa < 64 {
            let c = casa_relativa(cor, casa);
            if classico {
                t[cor][PEAO as usize][casa] = par(PST_PEAO[c], PST_PEAO[c]);
                t[cor][CAVALO as usize][casa] = par(PST_CAVALO[c], PST_CAVALO[c]);
                t[cor][BISPO as usize][casa] = par(PST_BISPO[c], PST_BISPO[c]);
                t[cor][TORRE as usize][casa] = par(PST_TORRE[c], PST_TORRE[c]);
                // ICE: a dama não tem tabela própria; usa bispo + torre.
                let d = PST_BISPO[c] + PST_TORRE[c];
                t[cor][DAMA as usize][casa] = par(d, d);
                // 1.78: a tabela do rei depende da fase; aqui ela é misturada
                // suavemente pelo contador de fase, como os demais termos.
                t[cor][REI as usize][casa] = par(PST_REI_ABERTURA[c], PST_REI_FINAL[c]);
            } else {
                let mut peca = PEAO as usize;
                while peca <= REI as usize {
                    let v = PC[peca][c];
                    let m = MATERIAL[peca];
                    t[cor][peca][casa] = par(v.mg + m.mg, v.eg + m.eg);
                    peca += 1;
                }
            }
            casa += 1;
        }
        cor += 1;
    }
    t
}

/// A da avaliação completa: `MATERIAL` + `PC_*`. O `TBoard` guarda a soma
/// dela por cor (`peca_casa`), atualizada em `make`.
pub static PECA_CASA: TTabelaPecaCasa = monta_peca_casa(false);
/// A do modo clássico (e do `--pesos-ice`): as tabelas do ICE 1.40, sem o
/// material, que o clássico conta à parte com `VALOR_PECA`.
pub static PECA_CASA_ICE: TTabelaPecaCasa = monta_peca_casa(true);
