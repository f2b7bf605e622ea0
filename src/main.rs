//! Entrada da linha de comando do ICE-rs.
//!
//! Sem argumentos, o motor fala o protocolo xboard na entrada e na saída
//! padrão. Com argumentos, roda as ferramentas de depuração e medida:
//! `ice perft <prof> [FEN]`, `ice d [FEN]`, `ice gen [FEN]`.
#![forbid(unsafe_code)]

use ice::geracao::{gera_lista_lances, lance_para_san};
use ice::lance::{lance_para_texto, TListaLances};
use ice::tabuleiro::{TBoard, FEN_INICIAL};
use ice::tipos::GERA_TODOS;
use std::io::{self, BufRead, Write};
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

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // `--classico` em qualquer posição liga o modo "ICE clássico".
    let classico = args.iter().any(|a| a == "--classico");
    args.retain(|a| a != "--classico");
    // `--sem see,lmr,…` desliga melhorias pós-ICE uma a uma (para medi-las).
    let mut melhorias = ice::busca::TODAS_MELHORIAS;
    if let Some(i) = args.iter().position(|a| a == "--sem") {
        let lista = args.get(i + 1).cloned().unwrap_or_default();
        for nome in lista.split(',') {
            match ice::busca::NOMES_MELHORIAS.iter().find(|(n, _)| *n == nome) {
                Some((_, m)) => melhorias &= !m,
                None => {
                    eprintln!("Erro: melhoria desconhecida '{nome}' (conhecidas: see, futilidade, lmr, ameaca, delta)");
                    return ExitCode::FAILURE;
                }
            }
        }
        args.drain(i..(i + 2).min(args.len()));
    }
    let resultado = match args.first().map(String::as_str) {
        None => {
            println!("# {}", ice::NOME_MOTOR);
            let _ = io::stdout().flush();
            for linha in io::stdin().lock().lines() {
                match linha {
                    Ok(l) if l.trim() == "quit" => break,
                    Ok(_) => {}
                    Err(_) => break,
                }
            }
            Ok(())
        }
        Some("perft") => cmd_perft(&args[1..]),
        Some("d") => cmd_d(&args[1..]),
        Some("gen") => cmd_gen(&args[1..]),
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
