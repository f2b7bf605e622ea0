//! Os testes de integração num crate só. Cada arquivo de `tests/` é um
//! módulo daqui (e `motor/mod.rs` é o arreio que os testes de protocolo
//! dividem): um crate de teste, uma ligação com LTO no `cargo test --release`
//! em vez de uma por arquivo. Um arquivo novo de testes entra na lista abaixo
//! (o `Cargo.toml` tem `autotests = false`: o que não estiver aqui não roda).
//!
//! Um teste se escolhe pelo módulo: `cargo test --release -- busca::` roda os
//! de `tests/busca.rs`, `cargo test --release -- uci::handshake_isready_e_opcoes` um só.

mod motor;

mod arvore;
mod avaliacao;
mod busca;
mod datagen;
mod desenho;
mod documentacao;
mod epd2wb;
mod fuzzer;
mod jogar;
mod linha_de_comando;
mod livro;
mod nivel;
mod paralelo;
mod recursos;
mod saida_uci;
mod seletor;
mod syzygy;
mod tabuleiro;
mod texel;
mod uci;
mod ultima_pv;
mod xadrez960;
mod xboard;
