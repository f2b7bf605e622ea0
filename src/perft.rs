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
    // Uma lista por ply, criada uma vez: zerar 3 KB a cada nó custaria mais
    // que gerar os lances (é a "pilha de lances" do ICE).
    let mut pilha = vec![TListaLances::nova(); profundidade.max(1) as usize];
    perft_pilha(b, profundidade, &mut pilha)
}

fn perft_pilha(b: &mut TBoard, profundidade: u32, pilha: &mut [TListaLances]) -> u64 {
    let (lista, resto) = pilha
        .split_first_mut()
        .expect("pilha do tamanho da profundidade");
    gera_lista_lances(b, GERA_TODOS, lista);
    if profundidade <= 1 {
        return if profundidade == 0 { 1 } else { lista.n as u64 };
    }
    let mut total = 0;
    for l in lista.como_fatia() {
        b.make(l);
        total += perft_pilha(b, profundidade - 1, resto);
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
