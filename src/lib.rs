//! ICE-rs: porte em Rust do motor de xadrez ICE (UERJ).
//!
//! Os módulos seguem a hierarquia de `STYLE.md`: um nível só usa os de baixo.
//! `main.rs` é só a entrada da linha de comando; os testes em `tests/` usam
//! estes módulos diretamente.
#![forbid(unsafe_code)]
// Laços `for cor in 0..2` indexando vários vetores ao mesmo tempo são o
// estilo C do ICE e ficam mais claros que iteradores encadeados.
#![allow(clippy::needless_range_loop)]

// Nível 0 e 1: tipos, bits, lances, relógio, a entrada e a saída, as duas
// gramáticas, o que a busca conta ao mundo (`relato`) e o formato disso
// em cada protocolo (`pensamento`), com o modelo do `wdl` do UCI (`wdl`).
pub mod bitboard;
pub mod comandos_uci;
pub mod comandos_xboard;
pub mod entrada;
pub mod estatisticas;
pub mod lance;
pub mod parametros;
pub mod pensamento;
pub mod processo;
pub mod relato;
pub mod tempo;
pub mod tipos;
pub mod wdl;
// As duas partes do formato Syzygy que não conhecem o tabuleiro: o índice
// e a leitura/descompressão do arquivo.
pub mod syzygy_arquivo;
pub mod syzygy_indice;
// Nível 2: tabelas de ataque e chaves; os pesos da avaliação (`pesos`, que
// só usa `tipos`) e as tabelas de material + peça-casa feitas deles
// (`peca_casa`), abaixo do tabuleiro, que mantém a soma delas no `make`.
pub mod ataques;
pub mod hash;
pub mod peca_casa;
pub mod pesos;
// Nível 3: a posição e o FEN (um segundo bloco `impl TBoard`).
pub mod fen;
pub mod tabuleiro;
// Nível 4: geração, desenho e a avaliação. A avaliação tem quatro partes,
// como no Fruit: `pesos` (os números que o afinador reescreve e a conta com
// nome, no nível 2), `material` e `peoes` (que, das outras, só usam `pesos`)
// e `avaliacao`, que usa as três e junta tudo em `eval`. `avaliacao_ice` tem
// os termos com os números do ICE 1.40 (o nível IceBR), que `eval` chama no
// lugar dos afinados.
pub mod avaliacao;
pub mod avaliacao_ice;
pub mod desenho;
pub mod geracao;
pub mod material;
pub mod mostra;
pub mod peoes;
pub mod syzygy;
// Nível 5: perft, EPD, PGN, livro de aberturas, força ajustável, ordenação
// de lances (SEE, killers, history) e o seletor em etapas que a usa, que a
// busca usa mas que não dependem dela; e o que o `ice jogar` desenha na
// tela (`tela`, funções puras).
pub mod correcao;
pub mod epd;
pub mod livro;
pub mod nivel;
pub mod ordenacao;
pub mod perft;
pub mod pgn;
pub mod seletor;
pub mod tela;
// Nível 6: o estado da busca (`TBusca`, o pedido, o resultado, a pilha),
// abaixo dos módulos que a fazem.
pub mod estado;
// Nível 7: a busca (o aprofundamento em `busca`, a árvore em `arvore`) e as
// opções que a configuram.
pub mod arvore;
pub mod busca;
pub mod opcoes;
// Nível 8: a busca em várias threads (Lazy SMP), medidas, a árvore de busca
// desenhada e geração de dados para a afinação.
pub mod bench;
pub mod datagen;
pub mod desenho_arvore;
pub mod paralelo;
pub mod texel;
// Nível 9: o motor que os protocolos dirigem (posição, busca, threads,
// livro, relógio, opções).
pub mod motor;
// Nível 10: os dois protocolos, cada um com o seu `TMotor` e o relator que
// põe na busca (`relato_xboard`, `relato_uci`); nenhum importa o outro. E a
// partida no terminal (`jogar`), com o seu motor e o seu relator.
pub mod edicao;
pub mod jogar;
pub mod relato_uci;
pub mod relato_xboard;
pub mod uci;
pub mod xboard;

/// Nome anunciado ao protocolo (`myname`).
pub const NOME_MOTOR: &str = concat!("ICE-rs ", env!("CARGO_PKG_VERSION"));
