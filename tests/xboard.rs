//! Testes do protocolo xboard (CECP v2): o parser `interpreta_comando`
//! comando por comando, e o binário de verdade falando por pipes nas
//! transcrições da seção 6 de CECP.md (handshake, ordem do `ping`, `force`,
//! `setboard` + `go` de pretas, todas as formas de `level`, linhas de
//! pensamento, análise, fins de partida, higiene da saída, sequências do
//! zippy) e um fuzz de 10 000 linhas.

use crate::motor;

use ice::avaliacao::{nova_avaliacao, traco_eval};
use ice::geracao::{acha_lance, gera_lista_lances};
use ice::lance::{lance_para_texto, TListaLances};
use ice::pesos::CAT_TEMPO;
use ice::tabuleiro::TBoard;
use ice::tipos::GERA_TODOS;
use ice::xboard::{interpreta_comando, Comando};
use motor::*;
use std::time::{Duration, Instant};

// ---------------------------------------------------------------------------
// Parser
// ---------------------------------------------------------------------------

fn s(x: &str) -> String {
    x.to_string()
}

#[test]
fn parser_todos_os_comandos() {
    let casos: Vec<(&str, Comando)> = vec![
        ("xboard", Comando::Xboard),
        ("protover 2", Comando::Protover(2)),
        ("protover 99999999999", Comando::Protover(u32::MAX)),
        ("accepted debug", Comando::Aceito(s("debug"))),
        ("rejected sigint", Comando::Rejeitado(s("sigint"))),
        ("new", Comando::Novo),
        ("variant normal", Comando::Variante(s("normal"))),
        ("quit", Comando::Sair),
        ("random", Comando::Aleatorio),
        ("force", Comando::Force),
        ("go", Comando::Go),
        ("playother", Comando::PlayOther),
        ("white", Comando::Brancas),
        ("black", Comando::Negras),
        (
            "level 40 5 0",
            Comando::Level {
                mps: 40,
                base_cs: 30000,
                inc_cs: 0,
            },
        ),
        (
            "level 40 0:30 0",
            Comando::Level {
                mps: 40,
                base_cs: 3000,
                inc_cs: 0,
            },
        ),
        (
            "level 0 2 12",
            Comando::Level {
                mps: 0,
                base_cs: 12000,
                inc_cs: 1200,
            },
        ),
        (
            "level 0 1 0.5",
            Comando::Level {
                mps: 0,
                base_cs: 6000,
                inc_cs: 50,
            },
        ),
        (
            "level 0 4:57 3.0",
            Comando::Level {
                mps: 0,
                base_cs: 29700,
                inc_cs: 300,
            },
        ),
        (
            "level 0 2:30 1",
            Comando::Level {
                mps: 0,
                base_cs: 15000,
                inc_cs: 100,
            },
        ),
        // Lixo depois da base é ignorado (especificação, seção 11).
        (
            "level 40 25+5 0",
            Comando::Level {
                mps: 40,
                base_cs: 150000,
                inc_cs: 0,
            },
        ),
        ("st 2", Comando::St(200)),
        ("st 0.5", Comando::St(50)),
        ("st 0", Comando::St(1)),
        ("sd 3", Comando::Sd(3)),
        ("time 6000", Comando::Time(6000)),
        ("time -50", Comando::Time(-50)),
        ("otim 5300", Comando::Otim(5300)),
        ("usermove e2e4", Comando::UserMove(s("e2e4"))),
        ("usermove e7e8q", Comando::UserMove(s("e7e8q"))),
        ("e2e4", Comando::Lance(s("e2e4"))),
        ("e1g1", Comando::Lance(s("e1g1"))),
        ("a7a8n", Comando::Lance(s("a7a8n"))),
        ("?", Comando::Interroga),
        ("ping 7", Comando::Ping(s("7"))),
        (
            "ping 123456789012345678901234567890",
            Comando::Ping(s("123456789012345678901234567890")),
        ),
        ("draw", Comando::Empate),
        (
            "result 1-0 {White mates}",
            Comando::Resultado {
                resultado: s("1-0"),
                comentario: s("White mates"),
            },
        ),
        (
            "result 1/2-1/2 {Game drawn by the 50 move rule}",
            Comando::Resultado {
                resultado: s("1/2-1/2"),
                comentario: s("Game drawn by the 50 move rule"),
            },
        ),
        (
            "result *",
            Comando::Resultado {
                resultado: s("*"),
                comentario: s(""),
            },
        ),
        (
            "setboard 8/8/8/8/8/8/8/K6k w - - 0 1",
            Comando::SetBoard(s("8/8/8/8/8/8/8/K6k w - - 0 1")),
        ),
        ("edit", Comando::Edit),
        ("hint", Comando::Hint),
        ("bk", Comando::Bk),
        ("undo", Comando::Undo),
        ("remove", Comando::Remove),
        ("hard", Comando::Hard),
        ("easy", Comando::Easy),
        ("post", Comando::Post),
        ("nopost", Comando::NoPost),
        ("analyze", Comando::Analyze),
        ("exit", Comando::Exit),
        (".", Comando::Ponto),
        ("name Tester", Comando::Nome(s("Tester"))),
        ("name Some Body", Comando::Nome(s("Some Body"))),
        ("rating 1500 0", Comando::Rating(1500, 0)),
        ("ics freechess.org", Comando::Ics(s("freechess.org"))),
        ("ics -", Comando::Ics(s("-"))),
        ("computer", Comando::Computador),
        ("memory 68", Comando::Memoria(68)),
        // Fora da faixa satura (quem satura na faixa do motor é o motor).
        ("memory -5", Comando::Memoria(0)),
        ("memory 99999999999999999999999", Comando::Memoria(u64::MAX)),
        ("cores 1", Comando::Cores(1)),
        ("egtpath syzygy /tb", Comando::EgtPath(s("syzygy /tb"))),
        (
            "option Resign Threshold=700",
            Comando::Opcao {
                nome: s("Resign Threshold"),
                valor: Some(s("700")),
            },
        ),
        (
            "option Arquivo do livro=/tmp/x y.txt",
            Comando::Opcao {
                nome: s("Arquivo do livro"),
                valor: Some(s("/tmp/x y.txt")),
            },
        ),
        (
            "option Clear Hash",
            Comando::Opcao {
                nome: s("Clear Hash"),
                valor: None,
            },
        ),
        ("d", Comando::Diagrama),
        ("diagrama", Comando::Diagrama),
        ("eval", Comando::Eval),
        ("gen", Comando::Gen),
        ("nps 1000", Comando::Nps(1000)),
        ("nps 0", Comando::Nps(0)),
        ("exclude e2e4", Comando::Exclui(s("e2e4"))),
        ("exclude all", Comando::Exclui(s("all"))),
        ("include g1f3", Comando::Inclui(s("g1f3"))),
        ("include all", Comando::Inclui(s("all"))),
        ("setscore -35 12", Comando::SetScore(-35, 12)),
        ("pause", Comando::NaoSuportado),
        ("", Comando::Vazia),
        ("   ", Comando::Vazia),
    ];
    for (linha, esperado) in casos {
        assert_eq!(interpreta_comando(linha), esperado, "linha {linha:?}");
        // O mesmo com o fim de linha do WinBoard.
        assert_eq!(
            interpreta_comando(&format!("{linha}\r\n")),
            esperado,
            "linha {linha:?} com CRLF"
        );
    }
}

#[test]
fn parser_fronteiras_e_malformados() {
    let d = Comando::Desconhecido;
    let falta = Comando::Erro("missing argument");
    let ruim = Comando::Erro("bad argument");
    let sobra = Comando::Erro("too many arguments");
    let casos: Vec<(&str, Comando)> = vec![
        // Palavras inteiras: `stop` não é `st`, `analyzex` não é `analyze`.
        ("stop", d.clone()),
        ("analyzex", d.clone()),
        ("newx", d.clone()),
        ("pingpong 3", d.clone()),
        ("sdx 3", d.clone()),
        ("levels 40 5 0", d.clone()),
        ("foo", d.clone()),
        ("e2e9", d.clone()),
        ("e2", d.clone()),
        // Argumentos que faltam.
        ("ping", falta.clone()),
        ("st", falta.clone()),
        ("sd", falta.clone()),
        ("time", falta.clone()),
        ("otim", falta.clone()),
        ("level", falta.clone()),
        ("level 40 5", falta.clone()),
        ("setboard", falta.clone()),
        ("usermove", falta.clone()),
        ("result", falta.clone()),
        ("rating 1500", falta.clone()),
        ("memory", falta.clone()),
        ("cores", falta.clone()),
        ("name", falta.clone()),
        ("option", falta.clone()),
        ("protover", falta.clone()),
        ("variant", falta.clone()),
        ("ics", falta.clone()),
        // Argumentos ruins.
        ("ping abc", ruim.clone()),
        ("ping 7x", ruim.clone()),
        ("st abc", ruim.clone()),
        ("st -1", ruim.clone()),
        ("st 99999999999999999999", ruim.clone()),
        ("sd -3", ruim.clone()),
        ("sd 3x", ruim.clone()),
        ("sd 99999999999999999999", ruim.clone()),
        ("time 12a", ruim.clone()),
        ("time 99999999999999999999999", ruim.clone()),
        ("otim x", ruim.clone()),
        ("level a b c", ruim.clone()),
        ("level 40 5 x", ruim.clone()),
        ("level -40 5 0", ruim.clone()),
        ("level 40 99999999999 0", ruim.clone()),
        ("level 99999999999 5 0", ruim.clone()),
        ("result 2-0", ruim.clone()),
        ("result 1-0 White mates", ruim.clone()),
        ("rating a b", ruim.clone()),
        ("memory x", ruim.clone()),
        ("cores x", ruim.clone()),
        ("option =5", ruim.clone()),
        // Argumentos demais.
        ("sd 3 4", sobra.clone()),
        ("ping 1 2", sobra.clone()),
        ("level 40 5 0 7", sobra.clone()),
        ("new game", sobra.clone()),
        ("go now", sobra.clone()),
        ("force 1", sobra.clone()),
        ("rating 1 2 3", sobra.clone()),
        ("post x", sobra.clone()),
        ("? ?", sobra.clone()),
    ];
    for (linha, esperado) in casos {
        assert_eq!(interpreta_comando(linha), esperado, "linha {linha:?}");
    }
}

// ---------------------------------------------------------------------------
// Ajudantes com a biblioteca (para conferir lances do motor)
// ---------------------------------------------------------------------------

/// Primeiro lance legal (em texto) da posição depois de `lances`.
fn resposta_qualquer(b: &TBoard) -> String {
    let mut lista = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut lista);
    lance_para_texto(&lista.como_fatia()[0])
}

/// Tira as linhas `#` (depuração, com `accepted debug`).
fn sem_depuracao(v: Vec<String>) -> Vec<String> {
    v.into_iter().filter(|l| !l.starts_with('#')).collect()
}

// ---------------------------------------------------------------------------
// 1. Handshake
// ---------------------------------------------------------------------------

/// O que o protocolo pede é o `done=0` primeiro (conferido em
/// `handshake_features_e_sigint`): com ele a interface espera o `done=1` o
/// quanto for. O teto de parede, folgado porque a máquina pode estar
/// carregada, só pega um motor que faça algo demorado antes de se apresentar.
#[test]
#[ignore = "tempo de relógio: etapa própria do CI"]
fn relogio_handshake_no_teto_de_parede() {
    let mut m = abre_motor();
    let inicio = Instant::now();
    handshake(&mut m);
    assert!(inicio.elapsed() < TETO_PAREDE, "{:?}", inicio.elapsed());
}

#[test]
fn handshake_features_e_sigint() {
    let mut m = abre_motor();
    let v = handshake(&mut m);
    assert_eq!(v.first().map(String::as_str), Some("feature done=0"));
    assert_eq!(v.last().map(String::as_str), Some("feature done=1"));
    let mut nomes = Vec::new();
    for l in &v {
        let resto = l.strip_prefix("feature ").expect("só linhas feature");
        // Tokens nome=valor, valores entre aspas podem ter espaços.
        let mut i = 0;
        let b = resto.as_bytes();
        while i < b.len() {
            let ini = i;
            while i < b.len() && b[i] != b'=' {
                assert_ne!(b[i], b' ', "espaço antes do '=' em {l}");
                i += 1;
            }
            let nome = &resto[ini..i];
            assert!(i < b.len(), "feature sem '=' em {l}");
            i += 1;
            if b[i] == b'"' {
                i += 1;
                while b[i] != b'"' {
                    i += 1;
                }
                i += 1;
            } else {
                let v0 = i;
                while i < b.len() && b[i] != b' ' {
                    i += 1;
                }
                assert!(i > v0, "valor vazio em {l}");
            }
            nomes.push((nome.to_string(), resto[ini..i].to_string()));
            if i < b.len() {
                assert_eq!(b[i], b' ');
                i += 1;
            }
        }
    }
    let tem = |x: &str| nomes.iter().any(|(_, t)| t == x);
    for f in [
        "ping=1",
        "setboard=1",
        "playother=1",
        "usermove=1",
        "san=0",
        "time=1",
        "draw=1",
        "sigint=0",
        "sigterm=0",
        "reuse=1",
        "analyze=1",
        "colors=0",
        "ics=1",
        "name=1",
        "debug=1",
        "memory=1",
        "smp=1",
        "nps=1",
        "exclude=1",
        "setscore=1",
        "variants=\"normal,fischerandom\"",
        &format!("myname=\"{}\"", ice::NOME_MOTOR),
        "option=\"Resign -check 1\"",
        "option=\"Resign Threshold -spin 500 100 5000\"",
        "option=\"OwnBook -check 0\"",
        "option=\"Classic ICE -check 0\"",
        "option=\"MultiPV -spin 1 1 64\"",
        "option=\"BookFile -file book/livro.txt\"",
        "option=\"Move Overhead -spin 0 0 5000\"",
        "option=\"UCI_LimitStrength -check 0\"",
        "option=\"UCI_Elo -spin 2000 1200 2800\"",
        "option=\"Kibitz -check 0\"",
        "option=\"Greeting -check 0\"",
    ] {
        assert!(tem(f), "falta a feature {f}: {v:#?}");
    }
    // O xboard no Unix manda SIGINT: o motor sobrevive.
    let pid = m.filho.id().to_string();
    for _ in 0..3 {
        let st = std::process::Command::new("kill")
            .args(["-INT", &pid])
            .status()
            .expect("kill");
        assert!(st.success());
    }
    // O sinal fica pendente assim que o `kill` volta, e o motor o recebe
    // antes de voltar a rodar para ler o `ping`: o `pong` vem depois dele.
    assert!(sincroniza(&mut m).is_empty());
    assert!(m.filho.try_wait().unwrap().is_none(), "morreu com SIGINT");
}

#[test]
fn opcoes_da_linha_de_comando_aparecem_nas_features() {
    let mut m = abre_motor_com(&["--hash", "8", "--sem-livro", "--classico"]);
    let v = handshake(&mut m);
    assert!(
        v.contains(&s("feature option=\"OwnBook -check 0\"")),
        "{v:#?}"
    );
    assert!(v.contains(&s("feature option=\"Classic ICE -check 1\"")));
    let mut m = abre_motor_com(&["--hash", "8", "--livro", "outro.txt"]);
    let v = handshake(&mut m);
    assert!(v.contains(&s("feature option=\"BookFile -file outro.txt\"")));
    let mut m = abre_motor_com(&["--hash", "8", "--elo", "1600"]);
    let v = handshake(&mut m);
    assert!(v.contains(&s("feature option=\"UCI_LimitStrength -check 1\"")));
    assert!(v.contains(&s("feature option=\"UCI_Elo -spin 1600 1200 2800\"")));
}

#[test]
fn opcoes_de_forca_e_overhead_no_xboard() {
    let mut m = motor_pronto();
    for o in [
        "option Move Overhead=200",
        "option UCI_LimitStrength=1",
        "option UCI_Elo=1800",
        "option UCI_LimitStrength=0",
    ] {
        envia(&mut m, o);
    }
    assert!(sincroniza(&mut m).is_empty());
    for o in [
        "option UCI_Elo=100",
        "option Move Overhead=abc",
        "option UCI_LimitStrength=2",
    ] {
        envia(&mut m, o);
        let v = sincroniza(&mut m);
        assert_eq!(v, vec![format!("Error (bad option value): {o}")]);
    }
}

#[test]
fn eof_na_entrada_encerra() {
    let mut m = abre_motor();
    handshake(&mut m);
    fecha_entrada(&mut m);
    assert!(
        espera_saida(&mut m, Duration::from_secs(5)),
        "o motor não saiu no EOF"
    );
}

#[test]
fn quit_durante_a_busca_sai_na_hora() {
    let mut m = motor_pronto();
    envia(&mut m, "post");
    envia(&mut m, "st 30");
    envia(&mut m, "go");
    // A primeira linha de pensamento: a busca já está em curso.
    espera_pensamento(&mut m);
    envia(&mut m, "quit");
    // Teto folgado (a máquina pode estar carregada): sem atender o `quit`, o
    // motor pensaria os 30 s do `st`.
    assert!(
        espera_saida(&mut m, TETO_PAREDE),
        "quit não encerrou a busca"
    );
    assert!(!m.transcricao.iter().any(|l| l.starts_with("move ")));
}

// ---------------------------------------------------------------------------
// 2. ping
// ---------------------------------------------------------------------------

#[test]
fn ping_ordem_e_numeros_grandes() {
    let mut m = abre_motor();
    handshake(&mut m);
    envia(&mut m, "new");
    envia(&mut m, "ping 7");
    assert_eq!(proxima(&mut m, PRAZO).as_deref(), Some("pong 7"));
    envia(&mut m, "st 0.2");
    envia(&mut m, "go");
    envia(&mut m, "ping 8");
    let v = espera_linha(&mut m, "pong 8");
    let i_move = v.iter().position(|l| l.starts_with("move ")).expect("move");
    assert_eq!(i_move, v.len() - 2, "move logo antes do pong: {v:#?}");
    for n in ["65535", "1000000", "123456789012345678901234567890", "-1"] {
        envia(&mut m, &format!("ping {n}"));
        assert_eq!(proxima(&mut m, PRAZO), Some(format!("pong {n}")));
    }
    // `?` seguido de `ping`: o lance sai antes do pong.
    envia(&mut m, "force");
    envia(&mut m, "post");
    envia(&mut m, "st 30");
    envia(&mut m, "go");
    espera_pensamento(&mut m);
    envia(&mut m, "?");
    envia(&mut m, "ping 9");
    let v = espera_linha(&mut m, "pong 9");
    assert!(v[v.len() - 2].starts_with("move "), "{v:#?}");
}

// ---------------------------------------------------------------------------
// 3. force, lances ilegais, comandos desconhecidos
// ---------------------------------------------------------------------------

#[test]
fn force_e_lances_ilegais() {
    let mut m = motor_pronto();
    envia(&mut m, "force");
    envia(&mut m, "usermove e2e4");
    envia(&mut m, "usermove e7e5");
    assert!(sincroniza(&mut m).is_empty());
    envia(&mut m, "usermove e2e5");
    envia(&mut m, "usermove e7e6");
    envia(&mut m, "usermove zz");
    envia(&mut m, "a1a1");
    envia(&mut m, "foo");
    envia(&mut m, "stop");
    envia(&mut m, "e2e4 e7e5");
    assert_eq!(
        sincroniza(&mut m),
        vec![
            s("Illegal move: e2e5"),
            s("Illegal move: e7e6"),
            s("Illegal move: zz"),
            s("Illegal move: a1a1"),
            s("Error (unknown command): foo"),
            s("Error (unknown command): stop"),
            s("Error (unknown command): e2e4 e7e5"),
        ]
    );
    // Lance cru (protocolo 1) e a posição intacta depois dos ilegais.
    envia(&mut m, "g1f3");
    envia(&mut m, "d");
    let v = sincroniza(&mut m);
    assert!(v.iter().all(|l| l.starts_with('#')), "{v:#?}");
    assert!(
        v.contains(&s(
            "# FEN: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
        )),
        "{v:#?}"
    );
    // undo / remove.
    envia(&mut m, "undo");
    envia(&mut m, "remove");
    envia(&mut m, "d");
    let v = sincroniza(&mut m);
    assert!(v.contains(&s(
        "# FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    )));
    envia(&mut m, "undo");
    assert_eq!(
        sincroniza(&mut m),
        vec![s("Error (command not legal now): undo")]
    );
    // Roque e promoção em coordenadas.
    envia(&mut m, "setboard r3k3/7P/8/8/8/8/8/R3K2R w KQq - 0 1");
    envia(&mut m, "usermove e1g1");
    envia(&mut m, "usermove e8c8");
    envia(&mut m, "usermove h7h8q");
    envia(&mut m, "d");
    let v = sincroniza(&mut m);
    assert!(
        v.contains(&s("# FEN: 2kr3Q/8/8/8/8/8/8/R4RK1 b - - 0 2")),
        "{v:#?}"
    );
}

#[test]
fn comandos_de_depuracao_so_com_cerquilha() {
    let mut m = motor_pronto();
    envia(&mut m, "eval");
    envia(&mut m, "gen");
    envia(&mut m, "diagrama");
    let v = sincroniza(&mut m);
    assert!(v.iter().all(|l| l.starts_with('#')), "{v:#?}");
    // Posição inicial: tudo se anula entre as cores, menos a vez de jogar
    // (o termo de tempo, na fase de abertura só o valor de meio-jogo).
    let t = traco_eval(&TBoard::inicial(), &mut nova_avaliacao());
    let tempo = t.categorias[CAT_TEMPO][0].mg;
    assert!(tempo > 0, "{tempo}");
    let linha = format!("# Eval: {tempo} ");
    assert!(v.iter().any(|l| l.starts_with(&linha)), "{linha} {v:#?}");
    assert!(
        v.iter().any(|l| l.contains("Material")),
        "tabela de termos: {v:#?}"
    );
    assert!(v.contains(&s("# 20 lances")), "{v:#?}");
}

// ---------------------------------------------------------------------------
// 4. setboard + go de pretas, playother
// ---------------------------------------------------------------------------

#[test]
fn setboard_pretas_go_e_playother() {
    let mut m = motor_pronto();
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    envia(&mut m, "force");
    envia(&mut m, &format!("setboard {fen}"));
    envia(&mut m, "st 0.2");
    envia(&mut m, "go");
    let (_, x) = espera_lance(&mut m);
    assert!(lance_legal(fen, &x), "lance {x} ilegal para as pretas");

    // playother: o motor espera o lance do oponente e só então responde.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    envia(&mut m, "force");
    envia(&mut m, &format!("setboard {fen}"));
    envia(&mut m, "playother");
    // Um motor que achasse ser a vez dele pensaria logo depois do
    // `playother`, antes de ler o `ping` (o `pong` sai depois do lance): a
    // sincronia vazia já mostra que ele espera.
    assert!(sincroniza(&mut m).is_empty());
    envia(&mut m, "usermove d2d4");
    let (_, x) = espera_lance(&mut m);
    let mut b = TBoard::de_fen(fen).unwrap();
    b.make(&acha_lance(&b, "d2d4").unwrap());
    assert!(acha_lance(&b, &x).is_some(), "{x}");
}

#[test]
fn setboard_ilegal_mantem_a_posicao_e_recusa_lances() {
    let mut m = motor_pronto();
    envia(&mut m, "force");
    for fen in [
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "4k3/8/8/8/8/8/8/4K2R w Qk - 0 1",
        "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        envia(&mut m, &format!("setboard {fen}"));
        envia(&mut m, "usermove e2e4");
        assert_eq!(
            sem_depuracao(sincroniza(&mut m)),
            vec![s("tellusererror Illegal position"), s("Illegal move: e2e4")],
            "{fen}"
        );
    }
    // `new` volta a aceitar lances.
    envia(&mut m, "new");
    envia(&mut m, "force");
    envia(&mut m, "usermove e2e4");
    assert!(sincroniza(&mut m).is_empty());
}

#[test]
fn edit_do_protocolo_1() {
    let mut m = motor_pronto();
    // Pretas na vez como o xboard faz: new, force, a2a3, edit.
    envia(&mut m, "force");
    envia(&mut m, "a2a3");
    envia(&mut m, "edit");
    for l in [
        "#", "Ke1", "Ra1", "Rh1", "Pd4", "c", "Ke8", "Ph7", "xh7", "Pa7", ".",
    ] {
        envia(&mut m, l);
    }
    envia(&mut m, "d");
    let v = sincroniza(&mut m);
    assert!(
        v.contains(&s("# FEN: 4k3/p7/8/8/3P4/8/8/R3K2R b KQ - 0 1")),
        "{v:#?}"
    );
    // Posição editada impossível (sem reis).
    envia(&mut m, "edit");
    envia(&mut m, "#");
    envia(&mut m, ".");
    envia(&mut m, "usermove a7a6");
    assert_eq!(
        sem_depuracao(sincroniza(&mut m)),
        vec![s("tellusererror Illegal position"), s("Illegal move: a7a6")]
    );
}

// ---------------------------------------------------------------------------
// 5. Relógio
// ---------------------------------------------------------------------------

/// Manda o controle e devolve quanto o motor diz ter gastado para jogar com
/// `time` cs (ms, da linha `# tempo:`). É o gasto do motor, e não o relógio
/// de parede do teste, que soma o pipe e o escalonamento e numa máquina
/// carregada passava dos limites sem o motor ter errado; um motor que
/// ignorasse o relógio não jogaria dentro do `PRAZO` de `espera_lance`.
fn tempo_do_lance(m: &mut TMotor, controle: &str, time_cs: u32) -> u64 {
    envia(m, "new");
    envia(m, controle);
    envia(m, &format!("time {time_cs}"));
    envia(m, &format!("otim {time_cs}"));
    sincroniza(m);
    envia(m, "go");
    let (v, _) = espera_lance(m);
    assert!(
        !v.iter().any(|l| l.starts_with("Error")),
        "{controle}: {v:#?}"
    );
    teto_declarado(&v).0
}

#[test]
#[ignore = "tempo de relógio: etapa própria do CI"]
fn relogio_level_todas_as_formas_e_st() {
    let mut m = motor_pronto();
    for controle in [
        "level 40 5 0",
        "level 40 0:30 0",
        "level 0 2 12",
        "level 0 1 0.5",
        "level 0 4:57 3.0",
    ] {
        // 3 s no relógio: o lance nunca pode passar de um terço disso.
        let t = tempo_do_lance(&mut m, controle, 300);
        assert!(t < 2000, "{controle}: {t} ms");
    }
    // Relógio quase no fim (1 s): joga rápido, nunca perde por tempo.
    let t = tempo_do_lance(&mut m, "level 0 1 0", 100);
    assert!(t < 700, "{t} ms");
    // `st` fracionário e inteiro.
    let t = tempo_do_lance(&mut m, "st 0.5", 30000);
    assert!(t < 900, "st 0.5: {t} ms");
    let t = tempo_do_lance(&mut m, "st 1", 30000);
    assert!(t < 1400, "st 1: {t} ms");
}

#[test]
fn sd_limita_e_new_limpa() {
    let mut m = motor_pronto();
    envia(&mut m, "post");
    envia(&mut m, "st 5");
    envia(&mut m, "sd 3");
    envia(&mut m, "go");
    let (v, _) = espera_lance(&mut m);
    let profs: Vec<i64> = v
        .iter()
        .filter(|l| eh_pensamento(l))
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(profs.iter().max(), Some(&3), "{v:#?}");
    // `new` tira o sd (o `st` continua).
    envia(&mut m, "new");
    envia(&mut m, "st 0.5");
    envia(&mut m, "go");
    let (v, _) = espera_lance(&mut m);
    let max = v
        .iter()
        .filter(|l| eh_pensamento(l))
        .map(|l| l.split_whitespace().next().unwrap().parse::<i64>().unwrap())
        .max()
        .unwrap();
    assert!(max > 3, "{v:#?}");
}

/// Números do relógio nos extremos: um relógio de mais de um ano (os
/// extremos do `i64` inclusive), um `st`/`sd` absurdo são recusados com
/// `Error` e o valor anterior continua valendo; um relógio de um ano vale
/// (sem transbordar em conta nenhuma); em todos os casos o motor segue vivo
/// (`pong`) e joga lances legais.
#[test]
fn relogio_com_numeros_extremos() {
    let mut m = motor_pronto();
    let fen_inicial = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for l in [
        "time 9223372036854775807",
        "otim 9223372036854775807",
        "time -9223372036854775808",
        "otim 3153600001",
    ] {
        envia(&mut m, l);
        assert_eq!(
            sincroniza(&mut m),
            vec![format!("Error (bad argument): {l}")]
        );
    }
    // Um ano no relógio (o teto): sem erro, e o lance sai (o `sd` limita a
    // busca, já que com um ano o motor pensaria demais).
    for l in ["time 3153600000", "otim -3153600000", "sd 3"] {
        envia(&mut m, l);
    }
    assert!(sincroniza(&mut m).is_empty());
    envia(&mut m, "go");
    let (v, x) = espera_lance(&mut m);
    assert!(lance_legal(fen_inicial, &x), "{x}: {v:#?}");
    // O desconto do relógio depois do lance também não pode transbordar.
    assert!(sincroniza(&mut m).is_empty());
    // Sem `sd`, com o relógio de um ano: `?` manda jogar já.
    envia(&mut m, "new");
    envia(&mut m, "post");
    envia(&mut m, "time 3153600000");
    envia(&mut m, "go");
    espera_pensamento(&mut m);
    envia(&mut m, "?");
    let (v, x) = espera_lance(&mut m);
    assert!(lance_legal(fen_inicial, &x), "{x}: {v:#?}");
    assert!(sincroniza(&mut m).is_empty());
    // Relógio negativo (o motor "estourou" o tempo): joga o mínimo.
    envia(&mut m, "new");
    envia(&mut m, "time -3153600000");
    envia(&mut m, "otim -500");
    envia(&mut m, "go");
    let (v, x) = espera_lance(&mut m);
    assert!(lance_legal(fen_inicial, &x), "{x}: {v:#?}");
    assert!(sincroniza(&mut m).is_empty());
    // `st` e `sd` fora do intervalo: `Error`, e o `st 0.3` anterior vale.
    envia(&mut m, "new");
    envia(&mut m, "st 0.3");
    for l in [
        "st 9223372036854775807",
        "st -1",
        "sd -1",
        "sd 99999999999999999999",
    ] {
        envia(&mut m, l);
        assert_eq!(
            sincroniza(&mut m),
            vec![format!("Error (bad argument): {l}")]
        );
    }
    // Um `sd` grande mas representável satura no máximo da busca.
    envia(&mut m, "sd 4294967295");
    assert!(sincroniza(&mut m).is_empty());
    envia(&mut m, "go");
    let (v, x) = espera_lance(&mut m);
    assert!(lance_legal(fen_inicial, &x), "{x}: {v:#?}");
    assert!(sincroniza(&mut m).is_empty());
}

/// Joga um lance com o relógio dado (`level 0 1 0` + `time`) e confere o teto:
/// o lance sai legal e o motor não pensa além do teto que o `tempo.rs`
/// calculou. A tolerância apertada (5 ms) vale para a CPU que o motor usou no
/// lance (`cpu_do_motor_ns`), não para relógios de parede: numa máquina
/// carregada (o CI com partidas ao fundo) o motor espera a vez entre uma
/// olhada no relógio e a seguinte, e até o gasto que ele mesmo mede passou do
/// teto sem erro dele (gasto 48 ms, teto 16 ms, carga 11 em 2 núcleos). O
/// gasto e a parede (que soma o pipe e os dois processos) ficam com um teto
/// folgado, `TETO_PAREDE` além do teto do motor, que pega o motor que demora
/// fora da busca ou ignora o relógio.
fn confere_teto(fen: &str, tempo_cs: u32) -> String {
    let mut m = motor_pronto();
    for l in [
        "force".to_string(),
        format!("setboard {fen}"),
        "level 0 1 0".to_string(),
        format!("time {tempo_cs}"),
        format!("otim {tempo_cs}"),
    ] {
        envia(&mut m, &l);
    }
    assert!(sincroniza(&mut m).is_empty());
    let cpu_antes = cpu_do_motor_ns(&m);
    let inicio = Instant::now();
    envia(&mut m, "go");
    let (v, x) = espera_lance(&mut m);
    let parede = inicio.elapsed().as_millis() as u64;
    let cpu = cpu_antes
        .zip(cpu_do_motor_ns(&m))
        .map(|(antes, depois)| depois.saturating_sub(antes) / 1_000_000);
    assert!(lance_legal(fen, &x), "{x}: {v:#?}");
    let (gasto, teto) = teto_declarado(&v);
    // O teto nunca passa de metade do relógio (menos a margem do pipe).
    assert!(
        teto <= (tempo_cs as u64 * 10 / 2).max(10),
        "teto {teto}: {v:#?}"
    );
    // A busca confere o relógio a cada 2048 nós (~1 ms de CPU): o motor pode
    // passar do teto só por isso e pelo fecho da iteração.
    if let Some(cpu) = cpu {
        assert!(cpu <= teto + 5, "CPU {cpu} ms > teto {teto}: {v:#?}");
    }
    let folgado = teto + TETO_PAREDE.as_millis() as u64;
    assert!(gasto <= folgado, "gasto {gasto} ms, teto {teto}: {v:#?}");
    assert!(parede <= folgado, "parede {parede} ms, teto {teto}: {v:#?}");
    x
}

/// O final de peões que fazia uma iteração passar muito do alvo (a busca chega
/// a profundidade 30+ em milissegundos e a árvore explode de uma iteração para
/// a outra, o Fine 70): com 1 s, 0,2 s e 0,05 s no relógio o lance nunca passa
/// do teto do `tempo.rs`.
#[test]
#[ignore = "tempo de relógio: etapa própria do CI"]
fn relogio_final_de_peoes_nao_passa_do_teto() {
    let fen = "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1";
    for cs in [100, 20, 5] {
        confere_teto(fen, cs);
    }
}

/// Um mate forçado com o relógio quase zerado: o motor não se perde atrás do mate
/// (que a busca acha depressa e quer confirmar) e joga dentro do teto; com um
/// pouco mais de relógio ele joga o lance do mate.
#[test]
#[ignore = "tempo de relógio: etapa própria do CI"]
fn relogio_mate_com_relogio_minimo() {
    // WAC 001: 1.Dg6! e mate em poucos lances.
    let fen = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1";
    for cs in [5, 2, 1] {
        confere_teto(fen, cs);
    }
    assert_eq!(confere_teto(fen, 100), "g3g6");
}

// ---------------------------------------------------------------------------
// 6. Linhas de pensamento
// ---------------------------------------------------------------------------

#[test]
fn linhas_de_pensamento_e_mate() {
    let mut m = motor_pronto();
    envia(&mut m, "post");
    envia(&mut m, "sd 4");
    envia(&mut m, "st 5");
    envia(&mut m, "go");
    let (v, x) = espera_lance(&mut m);
    let pens: Vec<&String> = v.iter().filter(|l| eh_pensamento(l)).collect();
    assert!(!pens.is_empty(), "{v:#?}");
    for l in &pens {
        for lance in l.split_whitespace().skip(4) {
            assert!(
                (4..=5).contains(&lance.len()) && lance.is_ascii(),
                "PV em coordenadas: {l}"
            );
        }
    }
    assert_eq!(primeiro_da_pv(pens.last().unwrap()), Some(x.clone()));
    // Mate em 1: escore 100001, lance de mate e o resultado.
    envia(&mut m, "force");
    envia(&mut m, "setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    envia(&mut m, "go");
    let (v, x) = espera_lance(&mut m);
    assert_eq!(x, "a1a8");
    assert!(
        v.iter()
            .any(|l| eh_pensamento(l) && l.split_whitespace().nth(1) == Some("100001")),
        "{v:#?}"
    );
    assert_eq!(proxima(&mut m, PRAZO).as_deref(), Some("1-0 {White mates}"));
    // nopost: silêncio.
    envia(&mut m, "new");
    envia(&mut m, "nopost");
    envia(&mut m, "sd 2");
    envia(&mut m, "go");
    let (v, _) = espera_lance(&mut m);
    let v = sem_depuracao(v);
    assert_eq!(v.len(), 1, "{v:#?}");
}

// ---------------------------------------------------------------------------
// 7. Análise
// ---------------------------------------------------------------------------

/// Espera uma linha de pensamento e devolve-a.
fn espera_pensamento(m: &mut TMotor) -> String {
    espera(m, eh_pensamento, PRAZO).pop().unwrap()
}

#[test]
fn sessao_de_analise() {
    let mut m = motor_pronto();
    envia(&mut m, "force");
    envia(&mut m, "post");
    envia(&mut m, "analyze");
    let l = espera_pensamento(&mut m);
    assert!(lance_legal(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &primeiro_da_pv(&l).unwrap()
    ));
    envia(&mut m, ".");
    let v = espera(&mut m, |l| l.starts_with("stat01:"), PRAZO);
    let st: Vec<&str> = v.last().unwrap().split_whitespace().collect();
    assert!(st.len() == 6 || st.len() == 7, "{st:?}");
    assert!(st[1..6].iter().all(|x| x.parse::<u64>().is_ok()), "{st:?}");
    // ping na análise: respondido na hora.
    sincroniza(&mut m);
    // Um lance: reanálise da posição nova (lances das pretas na PV).
    envia(&mut m, "usermove e2e4");
    sincroniza(&mut m);
    let l = espera_pensamento(&mut m);
    let depois_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert!(lance_legal(depois_e4, &primeiro_da_pv(&l).unwrap()), "{l}");
    // Lance ilegal na análise.
    envia(&mut m, "usermove e2e4");
    let v = espera(&mut m, |l| l.starts_with("Illegal"), PRAZO);
    assert_eq!(v.last().unwrap(), "Illegal move: e2e4");
    // undo: brancas de novo.
    envia(&mut m, "undo");
    sincroniza(&mut m);
    let l = espera_pensamento(&mut m);
    assert!(lance_legal(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &primeiro_da_pv(&l).unwrap()
    ));
    // setboard na análise.
    envia(&mut m, "setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    sincroniza(&mut m);
    let l = espera(
        &mut m,
        |l| eh_pensamento(l) && l.split_whitespace().nth(1) == Some("100001"),
        PRAZO,
    )
    .pop()
    .unwrap();
    assert_eq!(primeiro_da_pv(&l).as_deref(), Some("a1a8"));
    // hint e bk na análise.
    envia(&mut m, "hint");
    envia(&mut m, "bk");
    let v = sincroniza(&mut m);
    assert!(v.contains(&s("Hint: a1a8")), "{v:#?}");
    assert!(
        v.contains(&s(" (book off)")) && v.contains(&s("")),
        "{v:#?}"
    );
    // new fica na análise.
    envia(&mut m, "new");
    sincroniza(&mut m);
    espera_pensamento(&mut m);
    // exit: acaba a análise (nada mais sai).
    envia(&mut m, "exit");
    sincroniza(&mut m);
    let v = coleta(&mut m, 300);
    assert!(v.is_empty(), "{v:#?}");
    // force durante a análise = exit + force (epd2wb original).
    envia(&mut m, "analyze");
    espera_pensamento(&mut m);
    envia(&mut m, "force");
    sincroniza(&mut m);
    let v = coleta(&mut m, 300);
    assert!(v.is_empty(), "{v:#?}");
    assert!(
        !m.transcricao.iter().any(|l| l.starts_with("move")),
        "análise nunca joga"
    );
}

// ---------------------------------------------------------------------------
// 8. Fins de partida, empates, abandono
// ---------------------------------------------------------------------------

#[test]
fn fim_ao_receber_a_vez() {
    let mut m = motor_pronto();
    envia(&mut m, "st 0.1");
    // Mate recebido: o motor (pretas) anuncia e não joga.
    envia(&mut m, "force");
    envia(&mut m, "setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    envia(&mut m, "playother");
    envia(&mut m, "usermove a1a8");
    assert_eq!(sincroniza(&mut m), vec![s("1-0 {White mates}")]);
    // Afogamento, material insuficiente.
    for (fen, res) in [
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "1/2-1/2 {Stalemate}"),
        (
            "8/8/8/3k4/8/8/8/4KN2 w - - 0 1",
            "1/2-1/2 {Insufficient material}",
        ),
        (
            "8/8/8/3kb3/8/8/8/2B1K3 b - - 0 1",
            "1/2-1/2 {Insufficient material}",
        ),
        (
            "8/8/8/3k4/8/8/8/R3K3 w - - 100 80",
            "1/2-1/2 {Draw by fifty move rule}",
        ),
    ] {
        envia(&mut m, "force");
        envia(&mut m, &format!("setboard {fen}"));
        envia(&mut m, "go");
        assert_eq!(sincroniza(&mut m), vec![s(res)], "{fen}");
        // Sem repetir o anúncio nem jogar.
        assert!(sincroniza(&mut m).is_empty());
    }
    // Repetição completada pelo oponente.
    envia(&mut m, "new");
    envia(&mut m, "force");
    for l in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        envia(&mut m, &format!("usermove {l}"));
    }
    envia(&mut m, "playother");
    envia(&mut m, "usermove f6g8");
    assert_eq!(sincroniza(&mut m), vec![s("1/2-1/2 {Draw by repetition}")]);
}

#[test]
fn fim_com_o_lance_do_motor() {
    let mut m = motor_pronto();
    envia(&mut m, "st 0.3");
    // 50 lances que valem com o lance do motor: offer draw antes do move.
    envia(&mut m, "force");
    envia(&mut m, "setboard 8/8/8/3k4/8/8/8/R3K3 w - - 99 80");
    envia(&mut m, "go");
    let v = sem_depuracao(sincroniza(&mut m));
    assert_eq!(v.len(), 3, "{v:#?}");
    assert_eq!(v[0], "offer draw");
    assert!(v[1].starts_with("move "));
    assert_eq!(v[2], "1/2-1/2 {Draw by fifty move rule}");
    // Captura que deixa material insuficiente.
    envia(&mut m, "force");
    envia(&mut m, "setboard 8/8/8/8/8/4k3/4B3/N5K1 b - - 0 1");
    envia(&mut m, "go");
    let v = sem_depuracao(sincroniza(&mut m));
    assert_eq!(
        v,
        vec![s("move e3e2"), s("1/2-1/2 {Insufficient material}")]
    );
}

#[test]
fn empate_oferecido_e_abandono() {
    let mut m = motor_pronto();
    envia(&mut m, "st 0.2");
    // Motor de pretas perdendo: aceita o empate (offer draw).
    envia(&mut m, "force");
    envia(&mut m, "setboard 4k3/8/8/8/8/8/8/QR2K3 b - - 0 1");
    envia(&mut m, "go");
    let (_, x) = espera_lance(&mut m);
    envia(&mut m, "draw");
    assert_eq!(sincroniza(&mut m), vec![s("offer draw")]);
    // Segundo lance abaixo de −500: abandona no lugar do lance.
    let mut b = TBoard::de_fen("4k3/8/8/8/8/8/8/QR2K3 b - - 0 1").unwrap();
    b.make(&acha_lance(&b, &x).unwrap());
    let quieto = if acha_lance(&b, "e1d2").is_some() {
        "e1d2"
    } else {
        "e1f2"
    };
    envia(&mut m, &format!("usermove {quieto}"));
    assert_eq!(sincroniza(&mut m), vec![s("resign")]);
    // Depois do abandono, nada mais.
    envia(&mut m, "usermove a1a2");
    assert!(sincroniza(&mut m).iter().all(|l| !l.starts_with("move")));

    // Com Resign desligado, o motor joga.
    envia(&mut m, "option Resign=0");
    envia(&mut m, "new");
    envia(&mut m, "force");
    envia(&mut m, "setboard 4k3/8/8/8/8/8/8/QR2K3 b - - 0 1");
    envia(&mut m, "go");
    let (_, x) = espera_lance(&mut m);
    let mut b = TBoard::de_fen("4k3/8/8/8/8/8/8/QR2K3 b - - 0 1").unwrap();
    b.make(&acha_lance(&b, &x).unwrap());
    let quieto = if acha_lance(&b, "e1d2").is_some() {
        "e1d2"
    } else {
        "e1f2"
    };
    envia(&mut m, &format!("usermove {quieto}"));
    let (v, _) = espera_lance(&mut m);
    assert!(!v.contains(&s("resign")), "{v:#?}");

    // Motor ganhando: recusa em silêncio.
    envia(&mut m, "new");
    envia(&mut m, "force");
    envia(&mut m, "setboard 4k3/8/8/8/8/8/8/QR2K3 w - - 0 1");
    envia(&mut m, "go");
    espera_lance(&mut m);
    envia(&mut m, "draw");
    assert!(sincroniza(&mut m).is_empty());
}

/// A oferta de empate com gente (`motor::aceita_empate`): igual na abertura
/// recusa; num final morto (peões travados, 50 lances no próximo lance do
/// oponente: escore exatamente o do empate) aceita, menos contra um
/// oponente bem mais fraco (`rating` do servidor). Com `Contempt` o empate
/// vale −contempt, e o final morto, também: aceita.
#[test]
fn empate_pela_fase_pelo_rating_e_pelo_contempt() {
    let mut m = motor_pronto();
    // Abertura simétrica, motor de pretas: escore perto de 0, recusa. O
    // `sd` depois do `new`, que tira o limite de profundidade (CECP).
    envia(&mut m, "new");
    envia(&mut m, "sd 4");
    envia(&mut m, "usermove e2e4");
    espera_lance(&mut m);
    envia(&mut m, "draw");
    assert!(sincroniza(&mut m).is_empty());
    // Final de reis: empate na mesa (escore 0), aceita.
    let final_reis = "setboard 8/8/4k3/p7/P7/3K4/8/8 b - - 98 80";
    for (antes, aceita) in [
        ("rating 1800 1800", true),
        ("rating 2400 1800", false),
        ("option Contempt=20", true),
    ] {
        envia(&mut m, "new");
        envia(&mut m, "option Contempt=0");
        envia(&mut m, antes);
        envia(&mut m, "force");
        envia(&mut m, final_reis);
        envia(&mut m, "go");
        espera_lance(&mut m);
        envia(&mut m, "draw");
        let v = sincroniza(&mut m);
        assert_eq!(v == vec![s("offer draw")], aceita, "{antes}: {v:#?}");
        envia(&mut m, "rating 0 0");
    }
}

/// `memory N` como o `Hash` do UCI (issue 61): a tabela tem os MB pedidos
/// (então nenhuma linha `#`), sai logo (a memória vem zerada do sistema,
/// sem ser tocada) e o `new` de uma tabela nova também; acima do teto da
/// memória livre, uma linha `#` diz o tamanho e por quê.
#[test]
fn memory_do_tamanho_pedido_e_sem_espera() {
    use ice::hash::{memoria_disponivel_mb, teto_hash_mb};
    let prazo = Duration::from_millis(1500);
    let teto = memoria_disponivel_mb().map(teto_hash_mb);
    let mut m = motor_pronto();
    if teto.is_some_and(|t| t > 3000 + 1024) {
        envia(&mut m, "memory 3000");
        envia(&mut m, "new");
        let inicio = Instant::now();
        assert!(sincroniza(&mut m).is_empty());
        assert!(inicio.elapsed() < prazo, "{:?}", inicio.elapsed());
    }
    if teto.is_some_and(|t| t < 65536) {
        envia(&mut m, "memory 65536");
        let inicio = Instant::now();
        let v = sincroniza(&mut m);
        assert!(inicio.elapsed() < prazo, "{:?}", inicio.elapsed());
        assert_eq!(v.len(), 1, "{v:#?}");
        assert!(
            v[0].starts_with("# memory 65536: Hash: ")
                && v[0].contains(" MB by the free memory (")
                && v[0].contains(" MB available less a "),
            "{v:#?}"
        );
    }
    envia(&mut m, "memory 8");
    assert!(sincroniza(&mut m).is_empty());
    envia(&mut m, "sd 3");
    envia(&mut m, "go");
    let (_, x) = espera_lance(&mut m);
    let inicial = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert!(lance_legal(inicial, &x), "{x}");
}

/// O kibitz de um lance do livro diz só "livro": sem busca não há
/// profundidade, escore nem PV para mostrar (antes saía `tellothers 0 0 `).
/// E `rating 0 0` (servidor sem ratings) não muda nada.
#[test]
fn kibitz_do_lance_de_livro() {
    // Com o livro embutido (o `motor_pronto` o desliga).
    let mut m = abre_motor_com(&["--hash", "8"]);
    handshake(&mut m);
    envia(&mut m, "new");
    sincroniza(&mut m);
    envia(&mut m, "option Kibitz=1");
    // O zippy manda `rating 0 0` quando o servidor não mostra ratings: nada
    // depende deles.
    envia(&mut m, "rating 0 0");
    envia(&mut m, "post");
    envia(&mut m, "go");
    let (v, x) = espera_lance(&mut m);
    assert!(v.iter().any(|l| l.starts_with("0 0 0 0 (livro)")), "{v:#?}");
    assert!(!x.is_empty());
    assert_eq!(proxima(&mut m, PRAZO).as_deref(), Some("tellothers book"));
}

#[test]
fn opcoes_do_motor() {
    let mut m = motor_pronto();
    // Um livro de verdade num arquivo temporário.
    let arquivo = std::env::temp_dir().join(format!("ice-livro-teste-{}.txt", std::process::id()));
    std::fs::write(&arquivo, "e2e4 e7e5 g1f3\n").unwrap();
    let opcao_livro = format!("option Arquivo do livro={}", arquivo.display());
    for l in [
        "option Resign=1",
        "option Resign Threshold=700",
        "option OwnBook=0",
        opcao_livro.as_str(),
        "option Classic ICE=1",
        "option Kibitz=1",
        "option Greeting=1",
        // Os nomes de antes da 1.0 continuam aceitos.
        "option Livro=0",
        "option ICE classico=1",
        "option Saudacao=1",
        "memory 16",
        "cores 2",
        "ics freechess.org",
        "name Tester",
        "rating 1500 1400",
        "computer",
        "accepted ping",
        "rejected nps",
        "random",
        "egtpath syzygy /nao/existe",
        "variant normal",
    ] {
        envia(&mut m, l);
    }
    let v = sincroniza(&mut m);
    // Só a linha de depuração do `cores` (debug aceito).
    assert!(v.iter().all(|l| l.starts_with('#')), "{v:#?}");
    for (l, err) in [
        ("option Resign Threshold=50", "bad option value"),
        ("option Resign=2", "bad option value"),
        ("option Nao Existe=1", "unknown option"),
        ("variant crazyhouse", "unsupported variant"),
        ("pause", "unsupported command"),
        ("option MultiPV=0", "bad option value"),
        ("option MultiPV=65", "bad option value"),
        ("exclude z9z9", "illegal move"),
        ("include e2e5", "illegal move"),
    ] {
        envia(&mut m, l);
        assert_eq!(sincroniza(&mut m), vec![format!("Error ({err}): {l}")]);
    }
    // Kibitz e saudação (ics ligado) no primeiro lance.
    envia(&mut m, "st 0.2");
    envia(&mut m, "go");
    let (v, _) = espera_lance(&mut m);
    assert!(v.iter().any(|l| l.starts_with("tellopponent ")), "{v:#?}");
    let prox = proxima(&mut m, PRAZO).unwrap();
    assert!(prox.starts_with("tellothers "), "{prox}");
    let t: Vec<&str> = prox.split_whitespace().collect();
    assert!(t[1].parse::<i32>().is_ok() && t[2].parse::<i32>().is_ok());
    // Saudação só uma vez por partida.
    envia(&mut m, "force");
    envia(&mut m, "go");
    let (v, _) = espera_lance(&mut m);
    assert!(!v.iter().any(|l| l.starts_with("tellopponent ")), "{v:#?}");
}

// ---------------------------------------------------------------------------
// Ponder
// ---------------------------------------------------------------------------

#[test]
fn ponder_acerto_erro_e_result() {
    let mut m = motor_pronto();
    envia(&mut m, "hard");
    // Com `post` o ponder também escreve o que pensa: a primeira linha de
    // pensamento depois do lance diz que ele começou.
    envia(&mut m, "post");
    envia(&mut m, "st 0.3");
    envia(&mut m, "usermove e2e4");
    let (_, x) = espera_lance(&mut m);
    let mut b = TBoard::inicial();
    b.make(&acha_lance(&b, "e2e4").unwrap());
    b.make(&acha_lance(&b, &x).unwrap());
    // Pondera: hint diz o lance previsto; ping responde na hora.
    espera_pensamento(&mut m);
    let previsto = pede_hint(&mut m);
    assert!(acha_lance(&b, &previsto).is_some(), "{previsto}");
    // O ponder não acaba sozinho: um motor que só atendesse o `ping` depois
    // dele não responderia no `PRAZO`.
    sincroniza(&mut m);
    // Acerto: o motor responde dentro do st. Vale o gasto que ele mede desde
    // o acerto (a linha `# tempo:`), não o relógio de parede do teste.
    envia(&mut m, "time 30000");
    envia(&mut m, "otim 30000");
    envia(&mut m, &format!("usermove {previsto}"));
    let (v, y) = espera_lance(&mut m);
    let (gasto, _) = teto_declarado(&v);
    assert!(gasto < 1000, "gasto {gasto} ms: {v:#?}");
    b.make(&acha_lance(&b, &previsto).unwrap());
    assert!(acha_lance(&b, &y).is_some(), "{y}");
    b.make(&acha_lance(&b, &y).unwrap());
    // Erro: outro lance qualquer (diferente do previsto).
    espera_pensamento(&mut m);
    let previsto = pede_hint(&mut m);
    let outro = lance_diferente(&b, &previsto);
    envia(&mut m, &format!("usermove {outro}"));
    let (_, z) = espera_lance(&mut m);
    b.make(&acha_lance(&b, &outro).unwrap());
    assert!(acha_lance(&b, &z).is_some(), "{z}");
    // result durante o ponder: para tudo, nenhum lance depois.
    espera_pensamento(&mut m);
    envia(&mut m, "result 1-0 {White resigns}");
    envia(&mut m, "usermove a2a3");
    sincroniza(&mut m);
    let v = coleta(&mut m, 500);
    assert!(v.iter().all(|l| !l.starts_with("move")), "{v:#?}");
    // easy: não pondera (hint sem resposta enquanto o oponente pensa).
    envia(&mut m, "new");
    envia(&mut m, "easy");
    envia(&mut m, "usermove e2e4");
    espera_lance(&mut m);
    envia(&mut m, "force");
    sincroniza(&mut m);
}

// ---------------------------------------------------------------------------
// 9. Higiene da saída e 10. sequências do zippy
// ---------------------------------------------------------------------------

/// Nenhuma linha comum com as palavras que o parser frouxo do xboard lê.
fn confere_higiene(transcricao: &[String]) {
    for l in transcricao {
        if l.starts_with('#') {
            continue;
        }
        let resultado =
            l.starts_with("1-0 {") || l.starts_with("0-1 {") || l.starts_with("1/2-1/2 {");
        if !resultado {
            assert!(!l.contains("Draw"), "linha com Draw: {l}");
            assert!(
                !(l.contains("offer") && l.contains("draw")) || l == "offer draw",
                "{l}"
            );
        }
        for proibido in ["not found", "No such file", "Permission denied"] {
            assert!(!l.contains(proibido), "{l}");
        }
        assert!(
            !l.starts_with("White") && !l.starts_with("Black"),
            "linha começa com White/Black: {l}"
        );
    }
}

/// Roda um roteiro do zippy (tests/data/zippy-*.txt): `> linha` é mandada
/// ao motor (`$RESPOSTA` = um lance legal do oponente), `< move` espera o
/// lance do motor, `< texto` espera a linha exata.
fn roda_roteiro(roteiro: &str) -> Vec<String> {
    let mut m = abre_motor();
    handshake(&mut m);
    let mut b = TBoard::inicial();
    for linha in roteiro.lines() {
        if let Some(cmd) = linha.strip_prefix("> ") {
            let cmd = if cmd.contains("$RESPOSTA") {
                let r = resposta_qualquer(&b);
                b.make(&acha_lance(&b, &r).unwrap());
                cmd.replace("$RESPOSTA", &r)
            } else {
                // Lances fixos do roteiro (o primeiro lance do oponente).
                if let Some(t) = ice::comandos_xboard::texto_do_lance(&interpreta_comando(cmd)) {
                    b.make(&acha_lance(&b, t).unwrap());
                }
                cmd.to_string()
            };
            if cmd == "new" {
                b = TBoard::inicial();
            }
            envia(&mut m, &cmd);
        } else if let Some(alvo) = linha.strip_prefix("< ") {
            if alvo == "move" {
                let (v, x) = espera_lance(&mut m);
                sem_erros(&v);
                let l = acha_lance(&b, &x).unwrap_or_else(|| panic!("lance ilegal {x}"));
                b.make(&l);
            } else {
                let v = espera_linha(&mut m, alvo);
                sem_erros(&v);
            }
        }
    }
    sincroniza(&mut m);
    let t = m.transcricao.clone();
    sem_erros(&t);
    confere_higiene(&t);
    t
}

fn sem_erros(v: &[String]) {
    for l in v {
        assert!(
            !l.starts_with("Error") && !l.starts_with("Illegal"),
            "{l} em {v:#?}"
        );
    }
}

#[test]
fn zippy_motor_de_brancas() {
    let t = roda_roteiro(include_str!("data/zippy-brancas.txt"));
    assert!(t.iter().filter(|l| l.starts_with("move ")).count() >= 3);
}

#[test]
fn zippy_motor_de_pretas() {
    let t = roda_roteiro(include_str!("data/zippy-pretas.txt"));
    assert!(t.iter().filter(|l| l.starts_with("move ")).count() >= 3);
}

#[test]
fn sessao_completa_higiene() {
    // Uma sessão com quase tudo: a saída inteira passa pela higiene.
    let mut m = motor_pronto();
    for l in [
        "post",
        "hard",
        "st 0.1",
        "usermove e2e4",
        "hint",
        "bk",
        "draw",
        "force",
        "d",
        "eval",
        "gen",
        "undo",
        "undo",
        "undo",
        "setboard x",
        "new",
        "analyze",
        ".",
        "exit",
        "foo",
        "level 0 0:05 0",
        "time 500",
        "otim 500",
        "go",
    ] {
        envia(&mut m, l);
        if l == "usermove e2e4" || l == "go" {
            espera_lance(&mut m);
        }
    }
    envia(&mut m, "force");
    sincroniza(&mut m);
    confere_higiene(&m.transcricao);
}

// ---------------------------------------------------------------------------
// Fuzz
// ---------------------------------------------------------------------------

/// Gerador congruente simples (o teste não depende de `rand` nem de sorte).
fn aleatorio(estado: &mut u64) -> u64 {
    *estado ^= *estado << 13;
    *estado ^= *estado >> 7;
    *estado ^= *estado << 17;
    *estado
}

#[test]
fn fuzz_10000_linhas() {
    // Sem `quit` (encerraria) e sem `memory` (um número grande alocaria
    // gigabytes de tabela, o que é legítimo mas não cabe num teste).
    let sementes = [
        "xboard",
        "protover 2",
        "new",
        "force",
        "go",
        "playother",
        "white",
        "black",
        "level 40 5 0",
        "level 0 0:02 1",
        "level 0 1 0.5",
        "st 0.05",
        "sd 2",
        "sd 1",
        "time 300",
        "otim 300",
        "usermove e2e4",
        "usermove e7e5",
        "e2e4",
        "d7d5",
        "?",
        "ping 1",
        "draw",
        "result 1-0 {x}",
        "setboard 8/8/8/8/8/8/8/K6k w - - 0 1",
        "setboard rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "edit",
        "c",
        "Pa4",
        "xa4",
        "#",
        ".",
        "hint",
        "bk",
        "undo",
        "remove",
        "hard",
        "easy",
        "post",
        "nopost",
        "analyze",
        "exit",
        "name X",
        "rating 1 2",
        "ics -",
        "computer",
        "cores 1",
        "option Resign=0",
        "option Kibitz=1",
        "d",
        "eval",
        "gen",
        "random",
        "accepted debug",
        "variant normal",
    ];
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let mut m = abre_motor();
    handshake(&mut m);
    envia(&mut m, "st 0.05");
    envia(&mut m, "sd 2");
    let mut rng = 0x1CE_2006u64;
    let mut lote = Vec::new();
    for i in 0..10_000 {
        let r = aleatorio(&mut rng);
        let mut linha: Vec<u8> = match r % 8 {
            // Bytes aleatórios (sem '\n': uma linha por vez).
            0 => (0..(r >> 8) % 80)
                .map(|_| (aleatorio(&mut rng) % 255) as u8 + 1)
                .map(|c| if c == b'\n' { b' ' } else { c })
                .collect(),
            // FEN truncado.
            1 => {
                let n = (r >> 8) as usize % fen.len();
                format!("setboard {}", &fen[..n]).into_bytes()
            }
            // Números enormes.
            2 => {
                let s = sementes[(r >> 8) as usize % sementes.len()];
                let palavra = s.split_whitespace().next().unwrap();
                format!("{palavra} 99999999999999999999999999 -{}", r >> 20).into_bytes()
            }
            // Semente mutada (troca, apaga ou insere um byte).
            3..=5 => {
                let mut v = sementes[(r >> 8) as usize % sementes.len()]
                    .as_bytes()
                    .to_vec();
                let p = (r >> 16) as usize % (v.len() + 1);
                let c = (r >> 32) as u8 % 95 + 32;
                match (r >> 40) % 3 {
                    0 if p < v.len() => v[p] = c,
                    1 if p < v.len() => {
                        v.remove(p);
                    }
                    _ => v.insert(p, c),
                }
                v
            }
            // Sementes válidas.
            _ => sementes[(r >> 8) as usize % sementes.len()]
                .as_bytes()
                .to_vec(),
        };
        // Linhas de 1 MB, de vez em quando.
        if i % 3000 == 1500 {
            linha = vec![b'a' + (i % 26) as u8; 1 << 20];
        }
        let texto = String::from_utf8_lossy(&linha);
        if matches!(
            interpreta_comando(&texto),
            Comando::Sair | Comando::Memoria(_)
        ) {
            continue;
        }
        lote.extend_from_slice(&linha);
        lote.push(b'\n');
        // Um `force` de vez em quando segura buscas longas.
        if i % 50 == 49 {
            lote.extend_from_slice(b"force\nsd 2\nst 0.05\n");
        }
        if lote.len() > 64 * 1024 {
            envia_bytes(&mut m, &lote);
            lote.clear();
        }
    }
    envia_bytes(&mut m, &lote);
    // Sai do `edit`, se estiver nele, e para qualquer busca.
    envia(&mut m, ".");
    envia(&mut m, "force");
    envia(&mut m, "exit");
    envia(&mut m, "force");
    envia(&mut m, "ping 424242");
    espera(&mut m, |l| l == "pong 424242", Duration::from_secs(60));
    assert!(m.filho.try_wait().unwrap().is_none());
    // Continua jogando normalmente.
    envia(&mut m, "new");
    envia(&mut m, "sd 2");
    envia(&mut m, "go");
    espera_lance(&mut m);
}

#[test]
fn historico_longo_nao_derruba() {
    // 2000 meios-lances de cavalos indo e voltando (no force mode ninguém
    // reclama a repetição): a pilha do TBoard tem 2048 posições.
    let mut m = motor_pronto();
    envia(&mut m, "force");
    let ciclo = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let mut lote = String::new();
    for i in 0..2000 {
        lote.push_str(&format!("usermove {}\n", ciclo[i % 4]));
    }
    envia_bytes(&mut m, lote.as_bytes());
    assert!(sincroniza(&mut m).is_empty());
    envia(&mut m, "undo");
    envia(&mut m, "undo");
    envia(&mut m, "sd 3");
    envia(&mut m, "go");
    // 1998 meios-lances sem captura nem peão: regra dos 50 (antes da repetição).
    assert_eq!(
        sincroniza(&mut m),
        vec![s("1/2-1/2 {Draw by fifty move rule}")]
    );
    envia(&mut m, "force");
    envia(&mut m, "analyze");
    sincroniza(&mut m);
    envia(&mut m, "exit");
    sincroniza(&mut m);
}

#[test]
fn livro_joga_na_hora_e_bk_lista_os_pesos() {
    // Com o livro embutido e semente fixa: o primeiro lance sai do livro,
    // sem busca, com a linha de pensamento "0 0 0 0 (livro) X".
    let mut m = abre_motor_com(&["--hash", "8", "--semente-livro", "7"]);
    handshake(&mut m);
    envia(&mut m, "new");
    envia(&mut m, "bk");
    let v = espera_linha(&mut m, "");
    let linhas: Vec<&String> = v
        .iter()
        .filter(|l| !l.is_empty() && !l.starts_with("feature"))
        .collect();
    assert!(linhas.len() >= 3, "{v:#?}");
    for l in &linhas {
        assert!(
            l.starts_with(' '),
            "linha do bk sem espaço na frente: {l:?}"
        );
        assert!(l.ends_with('%'), "{l:?}");
    }
    envia(&mut m, "post");
    envia(&mut m, "white");
    envia(&mut m, "go");
    let (v, lance) = espera_lance(&mut m);
    // O lance do livro não passa pela busca: a única linha de pensamento é a
    // do livro, com zero de tempo e de nós (com `post`, uma busca escreveria
    // as suas).
    let pens: Vec<&String> = v.iter().filter(|l| eh_pensamento(l)).collect();
    assert_eq!(pens, [&format!("0 0 0 0 (livro) {lance}")], "{v:#?}");
    assert!(
        ["e2e4", "d2d4", "c2c4", "g1f3"].contains(&lance.as_str()),
        "{lance}"
    );
    assert!(
        v.iter().any(|l| l == &format!("0 0 0 0 (livro) {lance}")),
        "{v:#?}"
    );
    // Fora do livro (posição estranha via setboard) a busca volta.
    envia(&mut m, "force");
    envia(&mut m, "setboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    envia(&mut m, "st 0.5");
    envia(&mut m, "go");
    let (v, _) = espera_lance(&mut m);
    assert!(!v.iter().any(|l| l.contains("(livro)")), "{v:#?}");
}

/// As tabelas Syzygy dos testes (o conjunto de 3 e 4 peças).
const DIR_SYZYGY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");

#[test]
fn egtpath_syzygy() {
    let mut m = abre_motor();
    let v = handshake(&mut m);
    assert!(v.iter().any(|l| l.contains("egt=\"syzygy\"")), "{v:#?}");
    for f in [
        "feature option=\"SyzygyProbeDepth -spin 1 1 100\"",
        "feature option=\"Syzygy50MoveRule -check 1\"",
        "feature option=\"SyzygyProbeLimit -spin 7 0 7\"",
    ] {
        assert!(v.iter().any(|l| l == f), "falta {f}: {v:#?}");
    }
    // As tabelas abrem: uma linha `#` com o que foi achado.
    envia(&mut m, &format!("egtpath syzygy {DIR_SYZYGY}"));
    assert_eq!(
        sincroniza(&mut m),
        vec![format!(
            "# Syzygy: 35 endings, up to 4 pieces, in {DIR_SYZYGY}"
        )]
    );
    // Diretório sem tabelas: diz, e as anteriores continuam; outro tipo de
    // tabela é ignorado.
    envia(&mut m, "egtpath syzygy /nao/existe");
    envia(&mut m, "egtpath nalimov /tb");
    assert_eq!(
        sincroniza(&mut m),
        vec![
            "# no Syzygy tables in '/nao/existe' (directory '/nao/existe' unreadable); tablebases unchanged"
                .to_string()
        ]
    );
    envia(&mut m, "option SyzygyProbeDepth=3");
    envia(&mut m, "option Syzygy50MoveRule=0");
    assert!(sincroniza(&mut m).is_empty());
    envia(&mut m, "option SyzygyProbeLimit=9");
    assert_eq!(
        sincroniza(&mut m),
        vec!["Error (bad option value): option SyzygyProbeLimit=9".to_string()]
    );
    envia(&mut m, "quit");
    assert!(espera_saida(&mut m, PRAZO));
}

#[test]
fn pensa_com_tabelas_syzygy() {
    let mut m = abre_motor();
    handshake(&mut m);
    envia(&mut m, &format!("egtpath syzygy {DIR_SYZYGY}"));
    envia(&mut m, "new");
    envia(&mut m, "force");
    envia(&mut m, "setboard 8/8/8/8/8/4k3/8/4K2Q w - - 0 1");
    envia(&mut m, "post");
    envia(&mut m, "sd 4");
    sincroniza(&mut m);
    envia(&mut m, "go");
    let (v, _) = espera_lance(&mut m);
    // As linhas de pensamento mostram o escore das tabelas (30000).
    let pens: Vec<&String> = v.iter().filter(|l| eh_pensamento(l)).collect();
    assert!(!pens.is_empty(), "{v:#?}");
    for l in pens {
        assert_eq!(l.split_whitespace().nth(1), Some("30000"), "{l}");
    }
    envia(&mut m, "quit");
    assert!(espera_saida(&mut m, PRAZO));
}

// ---------------------------------------------------------------------------
// Chess960: `variant fischerandom`, `setboard` e o roque em `O-O`/`O-O-O`
// ---------------------------------------------------------------------------

/// Mate em 1 só pelo roque grande do 960: rei em b1 e torre em a1 vão a c1
/// e d1, e a torre dá xeque pela coluna d (o python-chess concorda).
const FEN_MATE_ROQUE_960: &str = "2rkr3/2p1p3/1N6/8/8/8/P7/RK6 w Q - 0 1";

#[test]
fn fischerandom_setboard_e_roques() {
    let mut m = motor_pronto();
    // Rei em f1 e torre em g1: o roque pequeno já é legal no primeiro lance.
    let inicio = "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1";
    envia(&mut m, "new");
    envia(&mut m, "variant fischerandom");
    envia(&mut m, "force");
    envia(&mut m, &format!("setboard {inicio}"));
    // O roque do XBoard (`O-O`, com usermove) e o "rei toma a torre" (f8g8).
    envia(&mut m, "usermove O-O");
    envia(&mut m, "usermove f8g8");
    envia(&mut m, "usermove e2e4");
    sem_erros(&sincroniza(&mut m));
    // O motor joga de pretas numa posição de 960 depois dos dois roques.
    envia(&mut m, "st 0.2");
    envia(&mut m, "go");
    let (v, x) = espera_lance(&mut m);
    sem_erros(&v);
    let mut b = TBoard::de_fen(inicio).unwrap();
    for l in ["f1g1", "f8g8", "e2e4"] {
        b.make(&acha_lance(&b, l).unwrap());
    }
    assert_eq!(
        b.para_fen(),
        "bqnnrrkb/pppppppp/8/8/4P3/8/PPPP1PPP/BQNNRRKB b - - 0 2"
    );
    assert!(acha_lance(&b, &x).is_some(), "{x}");

    // O motor dá mate rocando: o lance sai como `O-O-O`.
    envia(&mut m, "force");
    envia(&mut m, &format!("setboard {FEN_MATE_ROQUE_960}"));
    envia(&mut m, "post");
    envia(&mut m, "go");
    let (v, x) = espera_lance(&mut m);
    sem_erros(&v);
    assert_eq!(x, "O-O-O", "{v:#?}");
    // As linhas de pensamento escrevem o roque como o `move` (o XBoard e o
    // python-chess leem a PV com o mesmo leitor dos lances; `b1a1` seria
    // ilegível para o python-chess).
    let pv: Vec<&String> = v
        .iter()
        .filter(|l| {
            l.split_whitespace().count() > 4 && l.trim_start().starts_with(char::is_numeric)
        })
        .collect();
    assert_eq!(
        pv.last().and_then(|l| l.split_whitespace().nth(4)),
        Some("O-O-O"),
        "{v:#?}"
    );
    assert!(pv.iter().all(|l| !l.contains("b1a1")), "{v:#?}");
    let v = espera(&mut m, |l| l.starts_with("1-0"), PRAZO);
    assert!(v.last().unwrap().starts_with("1-0 {White mates}"), "{v:#?}");

    // De volta ao xadrez comum: o roque volta a ser e1g1 na saída e na
    // entrada (O-O cru também é aceito).
    envia(&mut m, "variant normal");
    envia(&mut m, "new");
    envia(&mut m, "force");
    envia(&mut m, "setboard 4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    envia(&mut m, "usermove e1g1");
    envia(&mut m, "usermove e8d8");
    envia(&mut m, "undo");
    envia(&mut m, "undo");
    envia(&mut m, "O-O-O");
    sem_erros(&sincroniza(&mut m));
}

/// Mate em 1 só pelo roque pequeno de 960 com o rei já em g1: só a torre
/// anda (h1 para f1) e dá mate pela coluna f (o python-chess concorda).
const FEN_MATE_ROQUE_REI_PARADO: &str = "4rkr1/4p1p1/8/8/8/8/8/6KR w K - 0 1";

/// `variant normal` com uma posição de 960 no tabuleiro (o fuzzer achou):
/// o roque em que o rei não anda saía `g1g1`, que ninguém lê. A posição
/// continua escrevendo esse roque como "rei toma a torre" (`g1h1`).
#[test]
fn variant_normal_numa_posicao_de_960() {
    let mut m = motor_pronto();
    envia(&mut m, "new");
    envia(&mut m, "variant fischerandom");
    envia(&mut m, "force");
    envia(&mut m, &format!("setboard {FEN_MATE_ROQUE_REI_PARADO}"));
    envia(&mut m, "variant normal");
    envia(&mut m, "sd 3");
    envia(&mut m, "go");
    let (v, x) = espera_lance(&mut m);
    sem_erros(&v);
    assert_eq!(x, "g1h1", "{v:#?}");
    let v = espera(&mut m, |l| l.starts_with("1-0"), PRAZO);
    assert!(v.last().unwrap().starts_with("1-0 {White mates}"), "{v:#?}");
}

/// Mate em 1 só pelo roque grande do xadrez comum: a torre em d1 descobre o
/// xeque pela primeira fila depois que o rei sai de e1 (o python-chess
/// concorda; Td1 com o rei em e1 não dá xeque).
const FEN_MATE_ROQUE_COMUM: &str = "8/8/8/8/8/4N3/3PPP1p/R3K2k w Q - 0 1";

/// O `new` volta ao xadrez comum (a interface manda `variant` depois dele
/// quando a partida é de variante): no mesmo processo, uma partida comum
/// depois de uma de 960 escreve o roque em coordenadas (`e1c1`), e outro
/// `variant fischerandom` volta ao `O-O-O`.
#[test]
fn new_depois_do_960_volta_ao_comum() {
    let mut m = motor_pronto();
    for (variante, esperado) in [
        (Some("fischerandom"), "O-O-O"),
        (None, "e1c1"),
        (Some("fischerandom"), "O-O-O"),
        (Some("normal"), "e1c1"),
    ] {
        envia(&mut m, "new");
        if let Some(v) = variante {
            envia(&mut m, &format!("variant {v}"));
        }
        envia(&mut m, "force");
        envia(&mut m, &format!("setboard {FEN_MATE_ROQUE_COMUM}"));
        envia(&mut m, "st 0.2");
        envia(&mut m, "go");
        let (v, x) = espera_lance(&mut m);
        sem_erros(&v);
        assert_eq!(x, esperado, "variante {variante:?}: {v:#?}");
        let v = espera(&mut m, |l| l.starts_with("1-0"), PRAZO);
        assert!(v.last().unwrap().starts_with("1-0 {White mates}"), "{v:#?}");
    }
    envia(&mut m, "quit");
    assert!(espera_saida(&mut m, PRAZO));
}

/// Depois de um lance do livro a dica (o lance que o motor pondera) vem da
/// tabela ou de uma busca curta: legal, e não o primeiro lance que o
/// gerador dá (o que `preve_lance` devolvia sem dica nem tabela). O livro
/// escolhe ao acaso: três motores.
#[test]
fn dica_depois_do_livro_vem_da_busca() {
    for _ in 0..3 {
        let mut m = abre_motor_com(&["--hash", "8"]);
        handshake(&mut m);
        envia(&mut m, "new");
        envia(&mut m, "post");
        envia(&mut m, "go");
        let (v, x) = espera_lance(&mut m);
        assert!(v.iter().any(|l| l.contains("(livro)")), "{v:#?}");
        let dica = pede_hint(&mut m);
        let fen_inicial = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let mut b = TBoard::de_fen(fen_inicial).unwrap();
        let l = acha_lance(&b, &x).unwrap();
        b.make(&l);
        assert!(acha_lance(&b, &dica).is_some(), "{x} {dica}");
        assert_ne!(dica, primeiro_gerado_depois(&[&x]), "{x}");
    }
}
