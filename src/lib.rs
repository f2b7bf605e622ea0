//! ICE-rs: porte em Rust do motor de xadrez ICE (UERJ).
//!
//! Os módulos seguem a hierarquia de `STYLE.md`: um nível só usa os de baixo.
//! `main.rs` é só a entrada da linha de comando; os testes em `tests/` usam
//! estes módulos diretamente.
#![forbid(unsafe_code)]
// Laços `for cor in 0..2` indexando vários vetores ao mesmo tempo são o
// estilo C do ICE e ficam mais claros que iteradores encadeados.
#![allow(clippy::needless_range_loop)]

// Nível 0 e 1: tipos, bits e lances.
pub mod bitboard;
pub mod comandos_uci;
pub mod entrada;
pub mod estatisticas;
pub mod lance;
pub mod processo;
pub mod tempo;
pub mod tipos;
// As duas partes do formato Syzygy que não conhecem o tabuleiro: o índice
// (nível 0) e a leitura/descompressão do arquivo (nível 1).
pub mod syzygy_arquivo;
pub mod syzygy_indice;
// Nível 2: tabelas de ataque e chaves.
pub mod ataques;
pub mod hash;
// Nível 3: a posição.
pub mod tabuleiro;
// Nível 4: geração, desenho e a avaliação. A avaliação tem quatro partes,
// como no Fruit: `pesos` (os números que o afinador reescreve e a conta com
// nome), `material` e `peoes` (que, das outras, só usam `pesos`) e
// `avaliacao`, que usa as três e junta tudo em `eval`. `avaliacao_ice` tem
// os termos com os números do ICE 1.40 (o nível IceBR), que `eval` chama no
// lugar dos afinados.
pub mod avaliacao;
pub mod avaliacao_ice;
pub mod desenho;
pub mod geracao;
pub mod material;
pub mod mostra;
pub mod peoes;
pub mod pesos;
pub mod syzygy;
// Nível 5: perft, EPD, PGN, livro de aberturas, força ajustável e ordenação
// de lances (SEE, killers, history), que a busca usa mas que não depende dela.
pub mod correcao;
pub mod epd;
pub mod livro;
pub mod nivel;
pub mod ordenacao;
pub mod perft;
pub mod pgn;
// Nível 6: a busca (o aprofundamento em `busca`, a árvore em `arvore`, a
// linha de pensamento em `pensamento`) e as opções que a configuram.
pub mod arvore;
pub mod busca;
pub mod opcoes;
pub mod pensamento;
// Nível 7: a busca em várias threads (Lazy SMP), medidas e geração de dados
// para a afinação.
pub mod bench;
pub mod datagen;
pub mod paralelo;
pub mod texel;
// Nível 8: o motor que os protocolos dirigem (posição, busca, threads,
// livro, relógio, opções).
pub mod motor;
// Nível 9: os dois protocolos, cada um com o seu `TMotor`; nenhum importa o
// outro.
pub mod uci;
pub mod xboard;

/// Nome anunciado ao protocolo (`myname`).
pub const NOME_MOTOR: &str = concat!("ICE-rs ", env!("CARGO_PKG_VERSION"));
