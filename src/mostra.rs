//! Desenho do tabuleiro em texto (porta de `mostraTab.c`, comando `d`).
//!
//! Nível 4: depende de `tabuleiro` e de `geracao` (a lista de lances do
//! comando `gen`, a mesma na linha de comando e no xboard). As linhas saem com um prefixo escolhido
//! por quem chama: no protocolo xboard elas precisam começar com `#`, para que
//! a interface nunca as confunda com um lance ou um resultado.

use crate::geracao::{gera_lista_lances, lance_para_san};
use crate::lance::{lance_para_texto, TListaLances};
use crate::tabuleiro::TBoard;
use crate::tipos::{BRANCAS, GERA_TODOS, LETRA_PECA, NENHUMA};

/// Os lances legais em coordenadas e SAN, um por linha, e quantos são (o
/// `gen` do ICE, na linha de comando e no xboard); cada linha começa com
/// `prefixo`.
pub fn texto_lances(b: &TBoard, prefixo: &str) -> String {
    let mut lista = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut lista);
    let mut s = String::new();
    for l in lista.como_fatia() {
        s.push_str(&format!(
            "{prefixo}{} {}\n",
            lance_para_texto(l),
            lance_para_san(b, l)
        ));
    }
    s.push_str(&format!("{prefixo}{} lances\n", lista.n));
    s
}

/// Uma linha do `ice lote` (o teste diferencial contra o python-chess): o
/// FEN que o motor escreve, o estado (`mate`, `afogado`, `xeque` ou `-`) e
/// os lances legais em coordenadas, separados por ` | `. Com `chess960`, o
/// roque sai como "rei toma a torre" mesmo num tabuleiro de roque comum.
pub fn linha_lote(b: &mut TBoard, chess960: bool) -> String {
    b.chess960 |= chess960;
    let mut lista = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut lista);
    let estado = match (b.em_xeque(), lista.n) {
        (true, 0) => "mate",
        (false, 0) => "afogado",
        (true, _) => "xeque",
        _ => "-",
    };
    let mut s = format!("{} | {estado} |", b.para_fen());
    for l in lista.como_fatia() {
        s.push(' ');
        s.push_str(&lance_para_texto(l));
    }
    s
}

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
