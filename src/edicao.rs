//! O modo `edit` do xboard (protocolo 1) e o texto do resultado que o
//! motor anuncia: coisas que só o protocolo xboard usa, ao lado dele.
//!
//! Nível 10, com `xboard` (só ele o usa): depende de `tipos`, `fen` e
//! `tabuleiro`. O ICE 1.40 não tinha o `edit` (ver docs/guia/11-protocolos.md);
//! o XBoard ainda o manda a motores que não pedem `setboard=1`.

use crate::fen::disposicao_fen;
use crate::tabuleiro::{TBoard, TFim};
use crate::tipos::{casa_do_nome, peca_da_letra, BRANCAS, NEGRAS, NENHUMA, REI, TORRE};

/// O tabuleiro em edição (`edit` do xboard, protocolo 1): peças postas e
/// tiradas casa a casa, que só viram `TBoard` no fim (`fen_editado`), para
/// uma posição meio montada nunca passar pelas validações do FEN.
#[derive(Clone, Copy, Debug)]
pub struct TEdicao {
    /// (peça, cor) por casa, casa 0 = a8 como no `TBoard`.
    pub casas: [(u8, usize); 64],
    /// Cor das peças que `Pa4` põe (`c` troca; começa nas brancas).
    pub cor: usize,
}

/// Começa a edição com a posição atual.
pub fn nova_edicao(b: &TBoard) -> TEdicao {
    let mut casas = [(NENHUMA, BRANCAS); 64];
    for (i, c) in casas.iter_mut().enumerate() {
        if b.casas[i] != NENHUMA {
            *c = (b.casas[i], b.cor_em(i));
        }
    }
    TEdicao {
        casas,
        cor: BRANCAS,
    }
}

/// Uma linha da edição: `c` troca a cor, `#` esvazia, `Pa4` põe, `xa4`
/// tira, a linha vazia não faz nada. `false`: a linha não é de edição.
pub fn edita(ed: &mut TEdicao, l: &str) -> bool {
    match l {
        "" => {}
        "c" | "C" => ed.cor ^= 1,
        "#" => ed.casas = [(NENHUMA, BRANCAS); 64],
        _ => {
            let casa = if l.is_ascii() && l.len() == 3 {
                casa_do_nome(&l[1..])
            } else {
                None
            };
            match (l.as_bytes().first(), casa) {
                (Some(b'x' | b'X'), Some(c)) => ed.casas[c] = (NENHUMA, BRANCAS),
                (Some(&p), Some(c)) if peca_da_letra(p as char) != NENHUMA => {
                    ed.casas[c] = (peca_da_letra(p as char), ed.cor);
                }
                _ => return false,
            }
        }
    }
    true
}

/// O FEN de um tabuleiro montado casa a casa (o `edit` do xboard): roque
/// onde rei e torre estão nas casas iniciais, sem en passant, contador dos
/// 50 zerado; `vez` e `num_lance` vêm da posição anterior.
pub fn fen_editado(casas: &[(u8, usize); 64], vez: usize, num_lance: u32) -> String {
    let tem = |casa: usize, p: u8, cor: usize| casas[casa] == (p, cor);
    let mut roque = String::new();
    for (rei, torre, cor, letra) in [
        (60, 63, BRANCAS, 'K'),
        (60, 56, BRANCAS, 'Q'),
        (4, 7, NEGRAS, 'k'),
        (4, 0, NEGRAS, 'q'),
    ] {
        if tem(rei, REI, cor) && tem(torre, TORRE, cor) {
            roque.push(letra);
        }
    }
    if roque.is_empty() {
        roque.push('-');
    }
    let lado = if vez == BRANCAS { "w" } else { "b" };
    format!("{} {lado} {roque} - 0 {num_lance}", disposicao_fen(casas))
}

/// A linha de resultado que o motor manda (e que o xboard confere).
pub fn texto_fim(f: TFim) -> &'static str {
    match f {
        TFim::BrancasDaoMate => "1-0 {White mates}",
        TFim::NegrasDaoMate => "0-1 {Black mates}",
        TFim::Afogamento => "1/2-1/2 {Stalemate}",
        TFim::Repeticao => "1/2-1/2 {Draw by repetition}",
        TFim::Cinquenta => "1/2-1/2 {Draw by fifty move rule}",
        TFim::MaterialInsuficiente => "1/2-1/2 {Insufficient material}",
    }
}
