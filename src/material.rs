//! Material, fase do jogo e escala de empate: o passo 1 da avaliação
//! (material + peça-casa), os termos que só olham a contagem de peças (par de
//! bispos, desequilíbrio, final de rei e peões) e a redução da vantagem de
//! quem não tem material para dar mate.
//!
//! Nível 4: depende de `pesos`, `peca_casa`, `tabuleiro`, `bitboard` e
//! `tipos`; quem o usa é `avaliacao`. Porta, de `eval.c` do ICE 1.40, a soma
//! de material e peça-casa e os termos de material da seção 4.6 do artigo
//! (par de bispos, final de rei e peões e, do 1.78, o desequilíbrio
//! material); a soma da avaliação completa o tabuleiro já traz pronta
//! (`TBoard::peca_casa`, mantida pelo `make`). A fase do jogo
//! generaliza a escolha da tabela do rei do 1.78 (abertura ou final) para
//! todos os termos; a escala de empate é só do ICE-rs: o artigo diz que o
//! ICE "ainda não verifica" material suficiente para mate.
//!
//! Como no `material.cpp` do Fruit, o que depende só de quantas peças há de
//! cada tipo fica junto, separado da estrutura de peões e dos termos que
//! olham onde as peças estão.

use crate::bitboard::{conta, mais_de_um, pop_lsb};
use crate::peca_casa::PECA_CASA_ICE;
use crate::pesos::{
    acumula, casa_relativa, categoria, com_nome, par, soma, TConta, TPar, CAT_DESEQUILIBRIO,
    CAT_FINAL_PEOES, CAT_MATERIAL, CAT_PAR_BISPOS, CAT_PECA_CASA, MATERIAL, PC_PEAO,
};
use crate::pesos::{
    BONUS_PAR_BISPOS, DESEQ_DUAS_TORRES_DAMA, DESEQ_MENORES_TORRE, DESEQ_PECA_PEOES,
    FINAL_PEOES_A_MAIS, PC_BISPO, PC_CAVALO, PC_DAMA, PC_REI, PC_TORRE,
};
use crate::tabuleiro::TBoard;
use crate::tipos::{TBitboard, BISPO, BRANCAS, CAVALO, DAMA, NEGRAS, PEAO, REI, TORRE, VALOR_PECA};

/// Peso de cada peça na fase do jogo (24 = todas as peças na mesa).
pub const PESO_FASE: [i32; 7] = [0, 0, 1, 1, 2, 4, 0];
pub const FASE_TOTAL: i32 = 24;

// --- Escala para finais sem material de mate (em 16 avos) --------------------
pub(crate) const ESCALA_NORMAL: i32 = 16; // 16/16: sem redução
const ESCALA_CAVALOS_CONTRA_PEOES: i32 = 4; // K+2C contra peões: às vezes ganha
const ESCALA_POUCA_VANTAGEM: i32 = 4; // sem peões e só até uma peça menor a mais (T×B)
const ESCALA_BISPOS_OPOSTOS: i32 = 8; // só bispos de cores opostas e peões

/// As casas claras (a8 = 0 é clara): para bispos de cores opostas e o bispo
/// preso atrás dos próprios peões.
pub(crate) const CASAS_CLARAS: TBitboard = 0xAA55_AA55_AA55_AA55;

/// As tabelas (meio-jogo, final) da avaliação completa por peça, com o nome
/// que o traço usa (o afinador reescreve a constante). A entrada 0 (nenhuma
/// peça) não é lida.
const PC: [(&str, &[TPar; 64]); 7] = [
    ("", &PC_PEAO),
    com_nome!(&PC_PEAO),
    com_nome!(&PC_CAVALO),
    com_nome!(&PC_BISPO),
    com_nome!(&PC_TORRE),
    com_nome!(&PC_DAMA),
    com_nome!(&PC_REI),
];

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

/// Valor das peças (sem peões nem rei) de uma cor.
#[inline(always)]
fn material_pecas(b: &TBoard, cor: usize) -> i32 {
    conta(b.cavalos[cor]) as i32 * VALOR_PECA[CAVALO as usize]
        + conta(b.bispos[cor]) as i32 * VALOR_PECA[BISPO as usize]
        + conta(b.torres[cor]) as i32 * VALOR_PECA[TORRE as usize]
        + conta(b.damas[cor]) as i32 * VALOR_PECA[DAMA as usize]
}

/// Passo 1. Material + peça-casa de todas as peças. No modo clássico, os
/// valores (`VALOR_PECA`, contagem de bits) e as tabelas do ICE; senão a
/// soma de `PECA_CASA` (`MATERIAL` + `PC_*`) que o tabuleiro já guarda (com
/// traço, `material_pst_traco` os separa por constante).
pub(crate) fn material_pst<const TRACO: bool>(b: &TBoard, c: &mut TConta<TRACO>, classico: bool) {
    if !classico {
        if TRACO {
            material_pst_traco(b, c);
            return;
        }
        // A soma é a que o `make` mantém no tabuleiro: refazê-la aqui custava
        // um laço sobre as ~32 peças a cada avaliação.
        for cor in 0..2 {
            acumula(c, cor, "", 0, b.peca_casa[cor], 1);
        }
        return;
    }
    for cor in 0..2 {
        categoria(c, CAT_MATERIAL);
        let m = material_pecas(b, cor) + conta(b.peoes[cor]) as i32 * VALOR_PECA[PEAO as usize];
        acumula(c, cor, "", 0, par(m, m), 1);
        categoria(c, CAT_PECA_CASA);
        let pst = b.soma_peca_casa(cor, &PECA_CASA_ICE);
        acumula(c, cor, "", 0, pst, 1);
    }
}

/// O passo 1 com traço: cada peça e cada casa entram com o nome da sua
/// constante, para que o afinador ajuste material e tabelas como os outros
/// pesos. Os valores somados são os mesmos de `material_pst`.
fn material_pst_traco<const TRACO: bool>(b: &TBoard, c: &mut TConta<TRACO>) {
    for cor in 0..2 {
        categoria(c, CAT_MATERIAL);
        for peca in PEAO..=DAMA {
            let n = conta(b.bb(peca)[cor]) as i32;
            soma!(c, cor, MATERIAL[peca as usize], n);
        }
        categoria(c, CAT_PECA_CASA);
        for peca in PEAO..=REI {
            let mut bb = b.bb(peca)[cor];
            while bb != 0 {
                let casa = casa_relativa(cor, pop_lsb(&mut bb));
                let (nome, tabela) = PC[peca as usize];
                acumula(c, cor, nome, casa, tabela[casa], 1);
            }
        }
    }
}

/// Par de bispos (ICE 1.40: dois ou mais bispos).
pub(crate) fn par_bispos<const TRACO: bool>(b: &TBoard, c: &mut TConta<TRACO>) {
    categoria(c, CAT_PAR_BISPOS);
    for cor in 0..2 {
        if mais_de_um(b.bispos[cor]) {
            soma!(c, cor, BONUS_PAR_BISPOS, 1);
        }
    }
}

/// Desequilíbrio material (1.78): combinações que a contagem simples avalia
/// mal — duas torres contra dama, duas peças menores contra torre (e peão),
/// peça menor contra peões.
pub(crate) fn desequilibrio<const TRACO: bool>(b: &TBoard, c: &mut TConta<TRACO>) {
    categoria(c, CAT_DESEQUILIBRIO);
    for cor in 0..2 {
        let o = cor ^ 1;
        let menores = |k: usize| conta(b.cavalos[k] | b.bispos[k]) as i32;
        let dm = menores(cor) - menores(o);
        let dt = conta(b.torres[cor]) as i32 - conta(b.torres[o]) as i32;
        let dd = conta(b.damas[cor]) as i32 - conta(b.damas[o]) as i32;
        let dp = conta(b.peoes[cor]) as i32 - conta(b.peoes[o]) as i32;
        if dt == 2 && dd == -1 && dm == 0 {
            soma!(c, cor, DESEQ_DUAS_TORRES_DAMA, 1);
        }
        if dm == 2 && dt == -1 && dd == 0 {
            soma!(c, cor, DESEQ_MENORES_TORRE, 1);
        }
        if dm == 1 && dt == 0 && dd == 0 && dp <= -2 {
            soma!(c, cor, DESEQ_PECA_PEOES, 1);
        }
    }
}

/// Final de rei e peões: quem tem mais peões ganha um bônus "decisivo"
/// (ICE 1.40: +75 para quem tem mais, −75 para quem tem menos). RUST: o ICE
/// olhava só as peças do próprio lado; aqui vale só quando nenhum dos dois tem
/// peças, senão K+3P contra K+T+P ganharia o bônus.
pub(crate) fn final_peoes<const TRACO: bool>(b: &TBoard, c: &mut TConta<TRACO>) {
    categoria(c, CAT_FINAL_PEOES);
    if b.pecas[0] ^ b.peoes[0] ^ b.rei[0] != 0 || b.pecas[1] ^ b.peoes[1] ^ b.rei[1] != 0 {
        return;
    }
    let np = [conta(b.peoes[0]), conta(b.peoes[1])];
    for cor in 0..2 {
        if np[cor] > np[cor ^ 1] {
            soma!(c, cor, FINAL_PEOES_A_MAIS, 1);
        } else if np[cor] < np[cor ^ 1] {
            soma!(c, cor, FINAL_PEOES_A_MAIS, -1);
        }
    }
}

/// Passo 2. Escala de empate de cada cor, em 16 avos, aplicada à cor que
/// estiver à frente: zero com material insuficiente dos dois lados (nenhum
/// pode dar mate), senão a de `escala_empate`.
pub(crate) fn escalas_empate(b: &TBoard) -> [i32; 2] {
    if b.material_insuficiente() {
        [0, 0]
    } else {
        [escala_empate(b, BRANCAS), escala_empate(b, NEGRAS)]
    }
}

/// Escala (em 16 avos) da vantagem de `forte` quando lhe falta material de
/// mate. O ICE não verificava isso (artigo, 4.6: "ainda não verifica").
fn escala_empate(b: &TBoard, forte: usize) -> i32 {
    let fraco = forte ^ 1;
    let pecas_forte = material_pecas(b, forte);
    if b.peoes[forte] == 0 {
        // Só rei, ou rei e uma peça menor: não dá mate (KK, KCK, KBK…).
        if pecas_forte <= VALOR_PECA[BISPO as usize] {
            return 0;
        }
        // Dois cavalos não forçam mate; contra peões, às vezes sim.
        if b.pecas[forte] == b.cavalos[forte] | b.rei[forte] && conta(b.cavalos[forte]) == 2 {
            return if b.peoes[fraco] == 0 {
                0
            } else {
                ESCALA_CAVALOS_CONTRA_PEOES
            };
        }
        // Sem peões e só uma peça menor a mais (T×B, T+C×T): quase empate.
        if pecas_forte - material_pecas(b, fraco) <= VALOR_PECA[BISPO as usize] {
            return ESCALA_POUCA_VANTAGEM;
        }
    }
    // Bispos de cores opostas, sem outras peças: a defesa bloqueia as casas
    // da outra cor e um ou dois peões a mais costumam empatar.
    let so_bispo = |k: usize| b.pecas[k] == b.bispos[k] | b.peoes[k] | b.rei[k];
    if so_bispo(0)
        && so_bispo(1)
        && conta(b.bispos[0]) == 1
        && conta(b.bispos[1]) == 1
        && (b.bispos[0] & CASAS_CLARAS == 0) != (b.bispos[1] & CASAS_CLARAS == 0)
    {
        return ESCALA_BISPOS_OPOSTOS;
    }
    ESCALA_NORMAL
}
