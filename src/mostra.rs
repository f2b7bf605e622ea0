//! Desenho do tabuleiro em texto (porta de `mostraTab.c`, comando `d`).
//!
//! Nível 4: depende de `tabuleiro`. As linhas saem com um prefixo escolhido
//! por quem chama: no protocolo xboard elas precisam começar com `#`, para que
//! a interface nunca as confunda com um lance ou um resultado.

use crate::tabuleiro::TBoard;
use crate::tipos::*;

/// Desenha a posição: fileira 8 no alto, rótulos 8..1 e a..h, e o lado a
/// jogar, como o `d` do ICE 1.40. Cada linha começa com `prefixo`.
pub fn diagrama(b: &TBoard, prefixo: &str) -> String {
    let mut s = String::new();
    let borda = "  +---+---+---+---+---+---+---+---+";
    s.push_str(&format!("{prefixo}{borda}\n"));
    for f in 0..8 {
        let mut linha = format!("{prefixo}{} |", 8 - f);
        for col in 0..8 {
            let casa = f * 8 + col;
            let p = b.casas[casa];
            let c = if p == NENHUMA {
                ' '
            } else if b.cor_em(casa) == BRANCAS {
                LETRA_PECA[p as usize].to_ascii_uppercase()
            } else {
                LETRA_PECA[p as usize]
            };
            linha.push_str(&format!(" {c} |"));
        }
        s.push_str(&linha);
        s.push('\n');
        s.push_str(&format!("{prefixo}{borda}\n"));
    }
    s.push_str(&format!("{prefixo}    a   b   c   d   e   f   g   h\n"));
    s.push_str(&format!(
        "{prefixo}Lado a jogar: {}\n",
        if b.vez == BRANCAS {
            "Brancas"
        } else {
            "Negras"
        }
    ));
    s.push_str(&format!("{prefixo}FEN: {}\n", b.para_fen()));
    s.push_str(&format!("{prefixo}Chave: 0x{:016x}\n", b.chave_hash));
    s
}
