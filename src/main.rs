//! Entrada da linha de comando do ICE-rs.
//!
//! Sem argumentos, o motor fala o protocolo xboard na entrada e na saída
//! padrão (`ice [--hash MB] [--livro ARQUIVO | --sem-livro] [--classico]`).
//! Com argumentos, roda as ferramentas de depuração e medida:
//! `ice perft <prof> [FEN]`, `ice d [FEN]`, `ice gen [FEN]`, `ice bench`…
#![forbid(unsafe_code)]

use ice::geracao::{gera_lista_lances, lance_para_san};
use ice::lance::{lance_para_texto, TListaLances};
use ice::tabuleiro::{TBoard, FEN_INICIAL};
use ice::tipos::GERA_TODOS;
use ice::xboard::TOpcoesMotor;
use std::process::ExitCode;
use std::time::Instant;

/// Lê o FEN dos argumentos restantes (com ou sem aspas); sem nada, a posição inicial.
fn posicao_dos_args(args: &[String]) -> Result<TBoard, String> {
    let fen = if args.is_empty() {
        FEN_INICIAL.to_string()
    } else {
        args.join(" ")
    };
    TBoard::de_fen(&fen).map_err(|e| format!("FEN inválido ({e}): {fen}"))
}

fn cmd_perft(args: &[String]) -> Result<(), String> {
    let prof: u32 = args
        .first()
        .and_then(|s| s.parse().ok())
        .filter(|&d| d <= 12)
        .ok_or("uso: ice perft <profundidade 0..12> [FEN]")?;
    let mut b = posicao_dos_args(&args[1..])?;
    let inicio = Instant::now();
    let mut total = 0u64;
    if prof == 0 {
        total = 1;
    } else {
        for (l, n) in ice::perft::divide(&mut b, prof) {
            println!("{} {}", lance_para_texto(&l), n);
            total += n;
        }
    }
    let ms = inicio.elapsed().as_millis();
    let nps = (total as u128 * 1000) / ms.max(1);
    println!("perft depth={prof} nodes={total} ms={ms} nps={nps}");
    Ok(())
}

fn cmd_d(args: &[String]) -> Result<(), String> {
    let b = posicao_dos_args(args)?;
    print!("{}", ice::mostra::diagrama(&b, ""));
    Ok(())
}

fn cmd_gen(args: &[String]) -> Result<(), String> {
    let b = posicao_dos_args(args)?;
    let mut lista = TListaLances::nova();
    gera_lista_lances(&b, GERA_TODOS, &mut lista);
    for l in lista.como_fatia() {
        println!("{} {}", lance_para_texto(l), lance_para_san(&b, l));
    }
    println!("{} lances", lista.n);
    Ok(())
}

/// Tira de `args` as opções globais (em qualquer posição): `--classico`,
/// `--hash MB`, `--livro ARQUIVO`, `--sem-livro`.
fn opcoes_globais(args: &mut Vec<String>) -> Result<TOpcoesMotor, String> {
    let mut op = TOpcoesMotor::default();
    let mut resto = Vec::new();
    let mut it = args.drain(..);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--classico" => op.classico = true,
            "--sem" => {
                // `--sem see,lmr,…` desliga melhorias pós-ICE uma a uma (para medi-las).
                let lista = it
                    .next()
                    .ok_or("uso: --sem see,futilidade,lmr,ameaca,delta,lmp")?;
                for nome in lista.split(',') {
                    let (_, m) = ice::busca::NOMES_MELHORIAS
                        .iter()
                        .find(|(n, _)| *n == nome)
                        .ok_or_else(|| {
                            let conhecidas: Vec<&str> = ice::busca::NOMES_MELHORIAS
                                .iter()
                                .map(|(n, _)| *n)
                                .collect();
                            format!(
                                "melhoria desconhecida '{nome}' (conhecidas: {})",
                                conhecidas.join(", ")
                            )
                        })?;
                    op.melhorias &= !m;
                }
            }
            "--sem-livro" => op.livro = false,
            "--material-pst" => op.so_material_pst = true,
            "--semente-livro" => {
                op.semente_livro = Some(
                    it.next()
                        .and_then(|v| v.parse::<u64>().ok())
                        .ok_or("uso: --semente-livro <inteiro>")?,
                );
            }
            "--hash" => {
                op.hash_mb = it
                    .next()
                    .and_then(|v| v.parse::<usize>().ok())
                    .filter(|&mb| (1..=ice::xboard::MAX_HASH_MB).contains(&mb))
                    .ok_or("uso: --hash <MB 1..2048>")?;
            }
            "--livro" => {
                op.arquivo_livro = it.next().ok_or("uso: --livro <arquivo>")?;
                op.livro = true;
            }
            _ => resto.push(a),
        }
    }
    drop(it);
    *args = resto;
    Ok(op)
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let op = match opcoes_globais(&mut args) {
        Ok(op) => op,
        Err(e) => {
            eprintln!("Erro: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (classico, melhorias) = (op.classico, op.melhorias);
    let resultado = match args.first().map(String::as_str) {
        None => {
            // O registro (RUST_LOG=debug) vai para stderr: stdout é do protocolo.
            env_logger::Builder::from_default_env()
                .target(env_logger::Target::Stderr)
                .init();
            ice::xboard::laco_xboard(&op);
            Ok(())
        }
        Some("perft") => cmd_perft(&args[1..]),
        Some("d") => cmd_d(&args[1..]),
        Some("gen") => cmd_gen(&args[1..]),
        Some("eval") => {
            posicao_dos_args(&args[1..]).map(|b| print!("{}", ice::avaliacao::tabela_eval(&b)))
        }
        Some("bench") => ice::bench::cmd_bench(&args[1..], classico, melhorias),
        Some("busca") => ice::bench::cmd_busca(&args[1..], classico, melhorias),
        Some("epd") => ice::bench::cmd_epd(&args[1..], classico, melhorias),
        Some("livro") => ice::livro::cmd_livro(&args[1..]),
        Some(outro) => Err(format!("comando desconhecido: {outro}")),
    };
    match resultado {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("Erro: {e}");
            ExitCode::FAILURE
        }
    }
}
