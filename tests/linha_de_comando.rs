//! Testes da linha de comando: `ice --help`, `ice --version` e um comando
//! desconhecido, rodando o binário de verdade e conferindo a saída e o
//! código de saída.

use std::process::{Command, Output};

/// Roda o `ice` com estes argumentos e devolve a saída inteira.
fn roda(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ice"))
        .args(args)
        .env_remove("RUST_LOG")
        .output()
        .expect("rodar o binário ice")
}

fn texto(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn ajuda_lista_comandos_opcoes_e_ambiente() {
    for forma in ["--help", "-h", "help"] {
        let s = roda(&[forma]);
        assert!(s.status.success(), "{forma}: {s:?}");
        assert!(s.stderr.is_empty(), "{forma}: {}", texto(&s.stderr));
        let ajuda = texto(&s.stdout);
        // Cada comando, opção global e variável de ambiente numa linha.
        for item in [
            "perft ",
            "d [FEN]",
            "gen [FEN]",
            "eval [FEN]",
            "bench ",
            "busca ",
            "epd ",
            "livro ",
            "--hash",
            "--livro",
            "--sem-livro",
            "--semente-livro",
            "--classico",
            "--sem <LISTA>",
            "--material-pst",
            "--tempo",
            "--profundidade",
            "--nos",
            "--plies",
            "--min",
            "--version",
            "RUST_LOG",
        ] {
            assert!(
                ajuda.lines().any(|l| l.trim_start().contains(item)),
                "{forma}: falta {item:?} em\n{ajuda}"
            );
        }
    }
    // As opções globais valem antes do comando.
    let s = roda(&["--hash", "8", "--help"]);
    assert!(s.status.success());
}

#[test]
fn versao_igual_ao_myname() {
    for forma in ["--version", "-V"] {
        let s = roda(&[forma]);
        assert!(s.status.success(), "{forma}: {s:?}");
        assert_eq!(texto(&s.stdout), format!("{}\n", ice::NOME_MOTOR));
        assert_eq!(
            ice::NOME_MOTOR,
            concat!("ICE-rs ", env!("CARGO_PKG_VERSION"))
        );
    }
}

#[test]
fn comando_desconhecido_e_erro() {
    for bogus in ["--bogus", "-x", "frobnicar"] {
        let s = roda(&[bogus]);
        assert_eq!(s.status.code(), Some(1), "{bogus}: {s:?}");
        assert!(s.stdout.is_empty(), "{bogus}: {}", texto(&s.stdout));
        assert_eq!(
            texto(&s.stderr),
            format!("Erro: comando desconhecido: {bogus} (veja ice --help)\n")
        );
    }
    // Opção global com valor ruim: o mesmo código de saída.
    let s = roda(&["--hash", "0"]);
    assert_eq!(s.status.code(), Some(1), "{s:?}");
    assert!(texto(&s.stderr).starts_with("Erro: "));
}

/// Quem lê fecha o pipe cedo (`ice bench 4 | head -1`): o `ice` termina quieto
/// e com sucesso, sem o pânico do `println!` ("failed printing to stdout").
#[test]
fn pipe_fechado_cedo_nao_e_panico() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut filho = Command::new(env!("CARGO_BIN_EXE_ice"))
        .args(["bench", "4"])
        .env_remove("RUST_LOG")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rodar o binário ice");
    let mut primeira = String::new();
    let mut leitor = BufReader::new(filho.stdout.take().unwrap());
    leitor.read_line(&mut primeira).unwrap();
    assert!(!primeira.is_empty());
    drop(leitor);
    let s = filho.wait_with_output().unwrap();
    let erro = texto(&s.stderr);
    assert!(s.status.success(), "{:?} {erro}", s.status);
    assert!(!erro.contains("panicked"), "{erro}");
}
