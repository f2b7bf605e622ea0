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
            "saltos ",
            "arvore <prof",
            "--hash",
            "--livro",
            "--sem-livro",
            "--semente-livro",
            "--classico",
            "--sem <LISTA>",
            "--material-pst",
            "--pesos-ice",
            "--icebr",
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
    assert_eq!(
        ice::NOME_MOTOR,
        concat!("ICE-rs ", env!("CARGO_PKG_VERSION"))
    );
    // Compilado de um checkout git (como aqui), o --version diz também o
    // commit do HEAD e a data dele, como o `rustc --version`.
    let commit = Command::new("git")
        .args(["log", "-1", "--format=%h %cs", "--abbrev=7"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|s| s.status.success())
        .map(|s| texto(&s.stdout).trim().to_string());
    for forma in ["--version", "-V"] {
        let s = roda(&[forma]);
        assert!(s.status.success(), "{forma}: {s:?}");
        let esperado = match &commit {
            Some(c) => format!("{} ({c})\n", ice::NOME_MOTOR),
            None => format!("{}\n", ice::NOME_MOTOR),
        };
        assert_eq!(texto(&s.stdout), esperado, "{forma}");
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

/// A última linha do `ice bench` é a que o OpenBench lê, `N nodes R nps`
/// (a expressão do CI, `^[0-9]+ nodes [0-9]+ nps$`), com o mesmo N da linha
/// de sempre, `bench nodes=N ms=T nps=R`, logo acima dela.
#[test]
fn bench_termina_na_linha_do_openbench() {
    let s = roda(&["bench", "3"]);
    assert!(s.status.success(), "{s:?}");
    let saida = texto(&s.stdout);
    let linhas: Vec<&str> = saida.lines().collect();
    let ultima: Vec<&str> = linhas[linhas.len() - 1].split(' ').collect();
    assert_eq!(ultima.len(), 4, "{saida}");
    assert!(ultima[0].parse::<u64>().is_ok() && ultima[2].parse::<u64>().is_ok());
    assert_eq!((ultima[1], ultima[3]), ("nodes", "nps"), "{saida}");
    let penultima = linhas[linhas.len() - 2];
    assert!(
        penultima.starts_with(&format!("bench nodes={} ", ultima[0])),
        "{saida}"
    );
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

/// As opções globais valem em qualquer posição da linha e chegam a todo
/// comando que busca (a issue 29 achou `ice bench 6 --material-pst` buscando
/// os nós de `ice bench 6`, e o `--hash` ignorado por `busca` e `epd`). Para
/// cada comando e cada opção: a opção antes e depois do comando dá a mesma
/// saída; a linha de configuração na saída de erros diz o que vale; e as
/// opções que mudam a árvore mudam a saída.
#[test]
fn opcoes_globais_chegam_a_todo_comando_que_busca() {
    let epd = std::env::temp_dir().join(format!("ice-opcoes-{}.epd", std::process::id()));
    std::fs::write(
        &epd,
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";\n\
         r1b1kb1r/3q1ppp/pBp1pn2/8/Np3P2/5B2/PPP3PP/R2Q1RK1 w kq - bm Bxc6; id \"WAC.003\";\n",
    )
    .unwrap();
    let epd = epd.to_str().unwrap().to_string();
    let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8";
    let comandos: Vec<Vec<&str>> = vec![
        vec!["bench", "4"],
        vec!["busca", fen, "--profundidade", "6"],
        vec!["epd", &epd, "--profundidade", "5"],
        vec!["datagen", "--jogos", "1", "--nos", "300"],
    ];
    // (opção, o que a linha de configuração diz, muda os nós?)
    let opcoes: [(&[&str], &str, bool); 5] = [
        (
            &["--material-pst"],
            "avaliação só material + peça-casa",
            true,
        ),
        (&["--pesos-ice"], "avaliação com os pesos do ICE 1.40", true),
        (&["--classico"], "ICE clássico", true),
        (&["--sem", "lmr"], "busca sem lmr", true),
        (&["--hash", "1"], "tabela de 1 MB", false),
    ];
    // Só a saída padrão sem os tempos, que variam: `ms=`, `nps=`, o
    // terceiro campo das linhas de pensamento (centésimos de segundo) e o
    // `R` da última linha do bench (`N nodes R nps`, a do OpenBench).
    let sem_tempos = |s: &str| -> String {
        s.lines()
            .map(|l| {
                let pensamento = l.split_whitespace().count() > 4
                    && l.split_whitespace().all(|p| !p.contains('='))
                    && l.trim_start().starts_with(|c: char| c.is_ascii_digit());
                let openbench = l.split_whitespace().count() == 4 && l.ends_with(" nps");
                l.split_whitespace()
                    .enumerate()
                    .filter(|(i, p)| {
                        let tempo = p.starts_with("ms=") || p.starts_with("nps=");
                        !(tempo || (pensamento || openbench) && *i == 2)
                    })
                    .map(|(_, p)| p)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    for cmd in &comandos {
        let base = roda(cmd);
        assert!(base.status.success(), "{cmd:?}: {base:?}");
        let base_saida = sem_tempos(&texto(&base.stdout));
        for (op, diz, muda) in opcoes {
            let antes: Vec<&str> = op.iter().chain(cmd.iter()).copied().collect();
            let depois: Vec<&str> = cmd.iter().chain(op.iter()).copied().collect();
            let (a, d) = (roda(&antes), roda(&depois));
            assert!(a.status.success() && d.status.success(), "{antes:?}");
            let (sa, sd) = (sem_tempos(&texto(&a.stdout)), sem_tempos(&texto(&d.stdout)));
            assert_eq!(sa, sd, "{antes:?} e {depois:?} deram saídas diferentes");
            for s in [&a, &d] {
                let erros = texto(&s.stderr);
                assert!(erros.contains(diz), "{antes:?}: sem '{diz}' em {erros}");
            }
            if muda {
                assert_ne!(sa, base_saida, "{op:?} não mudou a saída de {cmd:?}");
            }
        }
    }
    let _ = std::fs::remove_file(&epd);
}

/// `ice saltos`: a tabela do Lazy SMP que a figura do guia desenha
/// (`busca::pula_iteracao`): a principal pesquisa tudo, a 1ª ajudante só as
/// iterações pares, a 2ª só as ímpares, a 3ª em blocos de 2.
#[test]
fn saltos_do_lazy_smp() {
    let s = roda(&["saltos", "4", "8"]);
    assert!(s.status.success(), "{s:?}");
    assert_eq!(
        texto(&s.stdout),
        "0 11111111\n1 01010101\n2 10101010\n3 10011001\n"
    );
    for ruim in [&["saltos", "0"][..], &["saltos", "2", "x"]] {
        let s = roda(ruim);
        assert!(!s.status.success(), "{ruim:?}");
        assert!(texto(&s.stderr).contains("uso: ice saltos"), "{ruim:?}");
    }
}

/// `ice datagen --aberturas` lê o arquivo com o teto dos EPD: um
/// dispositivo (`/dev/zero`, que nunca acaba) e um arquivo que não existe
/// são recusados com a mensagem, sem partida nenhuma.
#[test]
fn datagen_recusa_aberturas_que_nao_sao_arquivo() {
    for arquivo in ["/dev/zero", "/nao/existe.epd"] {
        let s = roda(&["datagen", "--jogos", "1", "--aberturas", arquivo]);
        assert!(!s.status.success(), "{arquivo}");
        let erro = texto(&s.stderr);
        assert!(erro.contains(&format!("aberturas {arquivo}")), "{erro}");
        assert!(s.stdout.is_empty(), "{}", texto(&s.stdout));
    }
}

/// `ice datagen --aberturas` com o arquivo de aberturas desequilibradas do
/// repositório (só FEN, sem `bm`): as partidas são jogadas e as posições
/// saem. Antes, a leitura exigia `bm`/`am` como numa suíte de testes e
/// recusava este arquivo na linha 1. Uma linha com FEN ruim recusa o
/// arquivo com o número da linha.
#[test]
fn datagen_le_aberturas_sem_bm() {
    let uho = "tests/data/UHO_4060_v2-sample20000.epd";
    let s = roda(&[
        "--sem-livro",
        "datagen",
        "--jogos",
        "2",
        "--nos",
        "300",
        "--por-partida",
        "3",
        "--semente",
        "5",
        "--aberturas",
        uho,
    ]);
    assert!(s.status.success(), "{}", texto(&s.stderr));
    let saida = texto(&s.stdout);
    let linhas: Vec<&str> = saida.lines().filter(|l| !l.trim().is_empty()).collect();
    assert!(!linhas.is_empty() && linhas.len() <= 6, "{saida}");

    let ruim = std::env::temp_dir().join(format!("ice-aberturas-ruins-{}.epd", std::process::id()));
    std::fs::write(&ruim, "# comentário\n8/8/8/8/8/8/8/8 w - -\n").unwrap();
    let s = roda(&[
        "datagen",
        "--jogos",
        "1",
        "--aberturas",
        ruim.to_str().unwrap(),
    ]);
    let _ = std::fs::remove_file(&ruim);
    assert!(!s.status.success());
    let erro = texto(&s.stderr);
    assert!(erro.contains("linha 2: FEN inválido"), "{erro}");
    assert!(s.stdout.is_empty(), "{}", texto(&s.stdout));
}
