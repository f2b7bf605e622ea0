//! Perft: conta as folhas da árvore de lances legais até uma profundidade.
//!
//! Nível 5: depende de `tabuleiro` e `geracao`. É o teste de correção do
//! gerador e de `make`/`unmake` (os números conhecidos só batem se tudo estiver
//! certo) e a medida de velocidade do núcleo. No último ply as folhas são
//! contadas em bloco (o tamanho da lista), como faz o Stockfish; não há tabela
//! hash de perft.

use crate::geracao::gera_lista_lances;
use crate::lance::TListaLances;
use crate::tabuleiro::TBoard;
use crate::tipos::GERA_TODOS;

/// Número de folhas a `profundidade` plies.
pub fn perft(b: &mut TBoard, profundidade: u32) -> u64 {
    let mut lista = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut lista);
    if profundidade <= 1 {
        return if profundidade == 0 { 1 } else { lista.n as u64 };
    }
    let mut total = 0;
    for l in lista.como_fatia() {
        b.make(l);
        total += perft(b, profundidade - 1);
        b.unmake();
    }
    total
}

/// "Divide": o número de folhas abaixo de cada lance da raiz.
pub fn divide(b: &mut TBoard, profundidade: u32) -> Vec<(crate::lance::TLance, u64)> {
    let mut lista = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut lista);
    let mut r = Vec::with_capacity(lista.n);
    for l in lista.como_fatia() {
        b.make(l);
        let n = if profundidade <= 1 {
            1
        } else {
            perft(b, profundidade - 1)
        };
        b.unmake();
        r.push((*l, n));
    }
    r
}
