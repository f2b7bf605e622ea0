//! `ice jogar`: a partida no terminal. O teste principal roda o binário num
//! pseudo-terminal (tmux: `new-session -d`, `send-keys`, `capture-pane`) e
//! joga uma partida curta e determinística (nós fixos, sem livro) de uma
//! posição em que o motor dá mate: lance em SAN e em coordenadas, um lance
//! ilegal, um ambíguo, `hint`, `fen`, `undo`, o mate do motor, o PGN na tela
//! e num arquivo, que o python-chess lê com os mesmos lances. Sem tmux (ou
//! sem python-chess) o teste avisa e passa, salvo no CI (`CI=true`), onde
//! falha. As funções de `tela` e a mesma partida por um cano são testadas
//! sem terminal.

use crate::motor::roda_com_entrada;
use ice::tabuleiro::TBoard;
use ice::tela::*;
use std::process::Command;
use std::time::{Duration, Instant};

/// Brancas: Kg1, f2 g2 h2, cavalos em b1 e f3 (os dois chegam a d2: `Nd2` é
/// ambíguo). Pretas: Kg8, f7 g7 h7 e a torre em e8: se o cavalo de f3 sai
/// (e1 fica sem guarda), `Re1#`.
const FEN_MATE: &str = "4r1k1/5ppp/8/8/8/5N2/5PPP/1N4K1 w - - 0 1";
/// Nós por lance do motor: a partida sai igual em qualquer máquina.
const NOS: &str = "20000";
/// Quanto esperar por uma resposta do motor no terminal.
const ESPERA: Duration = Duration::from_secs(60);

/// No CI a falta de uma ferramenta é erro; fora dele, um aviso.
fn falta(o_que: &str) {
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{o_que} não está instalado, e o CI precisa dele para o teste do `ice jogar`");
    }
    eprintln!("AVISO: {o_que} não está instalado; o teste do `ice jogar` foi pulado");
}

/// Um servidor tmux só deste teste (`-L`), com uma sessão.
struct TTmux {
    socket: String,
}

impl TTmux {
    fn roda(&self, args: &[&str]) -> std::process::Output {
        Command::new("tmux")
            .arg("-u")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .env("TERM", "xterm-256color")
            .output()
            .expect("rodar o tmux")
    }

    /// A tela inteira, com o histórico, e as linhas quebradas juntadas.
    fn tela(&self) -> String {
        let s = self.roda(&["capture-pane", "-p", "-J", "-S", "-", "-t", "jogo"]);
        String::from_utf8_lossy(&s.stdout).into_owned()
    }

    /// Espera até `pronto(tela)`; falha com a tela se demorar.
    fn espera(&self, o_que: &str, pronto: impl Fn(&str) -> bool) -> String {
        let inicio = Instant::now();
        loop {
            let t = self.tela();
            if pronto(&t) {
                return t;
            }
            assert!(inicio.elapsed() < ESPERA, "esperando {o_que}; a tela:\n{t}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Digita uma linha e espera o prompt seguinte (todo comando, e todo
    /// lance depois da resposta do motor, termina num prompt novo).
    fn manda(&self, linha: &str) -> String {
        let antes = prompts(&self.tela());
        self.roda(&["send-keys", "-t", "jogo", "-l", linha]);
        self.roda(&["send-keys", "-t", "jogo", "Enter"]);
        self.espera(&format!("o prompt depois de {linha:?}"), |t| {
            prompts(t) > antes
        })
    }
}

impl Drop for TTmux {
    fn drop(&mut self) {
        self.roda(&["kill-server"]);
    }
}

/// Quantos prompts a tela tem.
fn prompts(t: &str) -> usize {
    t.matches(") > ").count()
}

/// O tmux existe?
fn tem_tmux() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Abre o `ice jogar ARGS` num terminal de 120×50 do tmux.
fn abre_no_tmux(nome: &str, args: &str) -> TTmux {
    let t = TTmux {
        socket: format!("ice-jogar-{nome}-{}", std::process::id()),
    };
    let cmd = format!(
        "'{}' {args}; echo \"[ice saiu: $?]\"",
        env!("CARGO_BIN_EXE_ice")
    );
    let s = t.roda(&[
        "new-session",
        "-d",
        "-s",
        "jogo",
        "-x",
        "120",
        "-y",
        "50",
        &cmd,
    ]);
    assert!(s.status.success(), "tmux new-session: {s:?}");
    // A tela fica depois que o `ice` sai, para conferir o fim.
    t.roda(&["set-option", "-t", "jogo", "remain-on-exit", "on"]);
    t.roda(&["set-option", "-t", "jogo", "history-limit", "10000"]);
    t
}

/// Sai com `quit` e confere que o processo terminou bem (sem pânico): o
/// shell do painel escreve o código de saída do `ice` (o
/// `#{pane_dead_status}` do tmux às vezes fica vazio).
fn sai(t: &TTmux) {
    t.roda(&["send-keys", "-t", "jogo", "-l", "quit"]);
    t.roda(&["send-keys", "-t", "jogo", "Enter"]);
    let tela = t.espera("o fim do ice", |t| t.contains("[ice saiu: "));
    assert!(
        tela.contains("[ice saiu: 0]"),
        "o ice saiu com erro; a tela:\n{tela}"
    );
}

/// Confere com o python-chess o PGN salvo: os lances (em coordenadas), o
/// resultado e um `[%clk]` em cada lance. `None` sem python-chess.
fn le_pgn_no_python(arquivo: &str) -> Option<String> {
    let programa = "import sys, chess.pgn\n\
                    g = chess.pgn.read_game(open(sys.argv[1]))\n\
                    print(' '.join(m.uci() for m in g.mainline_moves()))\n\
                    print(g.headers['Result'])\n\
                    print(all(n.clock() is not None for n in g.mainline()))\n\
                    print(len(g.errors))";
    let s = Command::new("python3")
        .args(["-c", programa, arquivo])
        .output()
        .ok()?;
    if !s.status.success() {
        let erro = String::from_utf8_lossy(&s.stderr);
        if erro.contains("No module named") {
            return None;
        }
        panic!("python-chess não leu o PGN: {erro}");
    }
    Some(String::from_utf8_lossy(&s.stdout).into_owned())
}

/// A partida inteira num pseudo-terminal, em ASCII.
#[test]
fn jogar_no_terminal_ate_o_mate() {
    if !tem_tmux() {
        return falta("tmux");
    }
    let inicio = Instant::now();
    let pgn = std::env::temp_dir().join(format!("ice-jogar-{}.pgn", std::process::id()));
    let pgn = pgn.to_string_lossy().into_owned();
    let t = abre_no_tmux(
        "mate",
        &format!("--sem-livro jogar --ascii --nos {NOS} --fen '{FEN_MATE}'"),
    );
    let tela = t.espera("o primeiro prompt", |t| prompts(t) >= 1);
    // O tabuleiro, com as brancas embaixo, o relógio e o material.
    assert!(tela.contains(" 8   .  .  .  .  r  .  k  .   8"), "{tela}");
    assert!(tela.contains("White You"), "{tela}");
    assert!(tela.contains("Captured:"), "{tela}");
    assert!(tela.contains("1. Your move (White) > "), "{tela}");

    let tela = t.manda("Ke5");
    assert!(tela.contains("Illegal move: Ke5 (legal moves: "), "{tela}");
    let tela = t.manda("Nd2");
    assert!(
        tela.contains("Ambiguous move: Nd2 (matches Nbd2, Nfd2)"),
        "{tela}"
    );
    let tela = t.manda("hint");
    assert!(tela.contains("Hint: "), "{tela}");
    let tela = t.manda("fen");
    assert!(tela.contains(&format!("\n{FEN_MATE}\n")), "{tela}");

    // Um lance em coordenadas, a resposta do motor e o `undo` do lance inteiro.
    let tela = t.manda("h2h3");
    assert!(tela.contains("Last move: 1. h3"), "{tela}");
    assert!(tela.contains("2. Your move (White) > "), "{tela}");
    let tela = t.manda("undo");
    assert!(tela.contains("Took back 2 half-moves."), "{tela}");
    let antes = tela.matches(&format!("\n{FEN_MATE}\n")).count();
    let tela = t.manda("fen");
    assert_eq!(
        tela.matches(&format!("\n{FEN_MATE}\n")).count(),
        antes + 1,
        "{tela}"
    );

    // Em SAN: o cavalo sai de f3, e o motor acha o mate.
    let tela = t.manda("Nh4");
    assert!(tela.contains("Last move: 1... Re1#"), "{tela}");
    assert!(tela.contains("Game over: 0-1 (Black mates)"), "{tela}");
    assert!(tela.contains("ICE-rs score: +M1"), "{tela}");
    // O rei em xeque entre parênteses, a torre que chegou entre colchetes.
    assert!(tela.contains(" 1   .  N  .  . [r] . (K) .   1"), "{tela}");

    let tela = t.manda("pgn");
    assert!(tela.contains("[Result \"0-1\"]"), "{tela}");
    assert!(tela.contains(&format!("[FEN \"{FEN_MATE}\"]")), "{tela}");
    assert!(tela.contains("1. Nh4 {[%clk "), "{tela}");
    assert!(tela.contains("Re1# {+M1/"), "{tela}");
    let tela = t.manda(&format!("pgn {pgn}"));
    assert!(tela.contains(&format!("PGN saved to {pgn}")), "{tela}");
    // No `--ascii`, nada fora do ASCII em toda a tela.
    assert!(tela.is_ascii(), "{tela}");
    sai(&t);
    eprintln!(
        "jogar_no_terminal_ate_o_mate: {:.1} s",
        inicio.elapsed().as_secs_f64()
    );

    let texto = std::fs::read_to_string(&pgn).expect("o PGN salvo");
    let _ = std::fs::remove_file(&pgn);
    assert!(texto.contains("{Black mates} 0-1"), "{texto}");
    match le_pgn_no_python(&pgn_temporario(&texto)) {
        Some(saida) => assert_eq!(saida, "f3h4 e8e1\n0-1\nTrue\n0\n", "{texto}"),
        None => falta("python-chess"),
    }
}

/// Grava o texto num arquivo temporário (o do teste já foi apagado) e
/// devolve o caminho.
fn pgn_temporario(texto: &str) -> String {
    let p = std::env::temp_dir().join(format!("ice-jogar-py-{}.pgn", std::process::id()));
    std::fs::write(&p, texto).unwrap();
    p.to_string_lossy().into_owned()
}

/// Jogando de pretas, com as peças Unicode: o motor abre, as pretas ficam
/// embaixo, e o `flip` põe as brancas embaixo.
#[test]
fn jogar_de_pretas_com_pecas_unicode() {
    if !tem_tmux() {
        return falta("tmux");
    }
    let t = abre_no_tmux("pretas", "--sem-livro jogar --black --nos 2000");
    let tela = t.espera("o primeiro prompt", |t| prompts(t) >= 1);
    assert!(tela.contains("1... Your move (Black) > "), "{tela}");
    assert!(tela.contains("♚") && tela.contains("♔"), "{tela}");
    // De pretas, a fileira 1 em cima e a coluna h à esquerda.
    assert!(tela.contains("     h  g  f  e  d  c  b  a"), "{tela}");
    let tela = t.manda("flip");
    assert!(tela.contains("     a  b  c  d  e  f  g  h"), "{tela}");
    sai(&t);
}

/// A mesma partida pelo cano (sem terminal): a transcrição repete cada
/// linha depois do prompt, e a busca não lê a entrada (o script inteiro
/// chega de uma vez).
#[test]
fn jogar_pela_entrada_padrao() {
    let mut args = vec!["--sem-livro", "jogar", "--ascii", "--nos", NOS, "--fen"];
    args.extend(FEN_MATE.split(' '));
    let s = roda_com_entrada(
        &args,
        "é4\ne9\nNd2\nNbd2\nundo\nlevel 2+1\nlevel elo 1500\nlevel elo off\nlevel nodes 20000\nbook off\nbook\ndraw\nNh4\nmoves\nresign\nquit\n",
    );
    let saida = String::from_utf8_lossy(&s.stdout);
    assert!(
        s.status.success(),
        "{saida}\n{}",
        String::from_utf8_lossy(&s.stderr)
    );
    assert!(saida.is_ascii(), "{saida}");
    // No `--ascii`, nem o eco do que se digitou sai fora do ASCII.
    assert!(saida.contains("> ?4\nIllegal move: ?4"), "{saida}");
    assert!(saida.contains("> e9\nIllegal move: e9"), "{saida}");
    assert!(saida.contains("Took back 2 half-moves."), "{saida}");
    assert!(saida.contains("Level: 2+1, full strength."), "{saida}");
    assert!(saida.contains("Level: 2+1, 1500 Elo."), "{saida}");
    assert!(
        saida.contains("Level: 20000 nodes per move, full strength."),
        "{saida}"
    );
    assert_eq!(saida.matches("Book: off").count(), 2, "{saida}");
    assert!(saida.contains("ICE-rs declines the draw."), "{saida}");
    // Depois do mate, nenhum lance e nenhum abandono.
    assert!(saida.contains("Game over: 0-1 (Black mates)"), "{saida}");
    assert!(saida.contains("No game to resign."), "{saida}");
}

/// `--watch`: o motor joga os dois lados até o fim (aqui, um mate em 1 das
/// brancas) e só então lê a entrada.
#[test]
fn jogar_o_motor_contra_si_mesmo() {
    let s = roda_com_entrada(
        &[
            "--sem-livro",
            "jogar",
            "--watch",
            "--ascii",
            "--nos",
            "5000",
            "--fen",
            "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1",
        ],
        "pgn\nquit\n",
    );
    let saida = String::from_utf8_lossy(&s.stdout);
    assert!(s.status.success(), "{saida}");
    assert!(saida.contains("Last move: 1. Re8#"), "{saida}");
    assert!(saida.contains("Game over: 1-0 (White mates)"), "{saida}");
    assert!(saida.contains("[White \"ICE-rs "), "{saida}");
    assert!(saida.contains("1. Re8# {+M1/"), "{saida}");
}

#[test]
fn jogar_le_o_ritmo() {
    use ice::jogar::{le_controle, TControle};
    assert_eq!(
        le_controle("5+3"),
        Some(TControle::Relogio {
            base_ms: 300_000,
            inc_ms: 3_000
        })
    );
    assert_eq!(
        le_controle("0.5"),
        Some(TControle::Relogio {
            base_ms: 30_000,
            inc_ms: 0
        })
    );
    assert_eq!(le_controle("10s"), Some(TControle::PorLance { ms: 10_000 }));
    for ruim in [
        "", "0", "0+0", "x+1", "5+", "-1+2", "1e9", "NaN", "0s", "inf+1",
    ] {
        assert_eq!(le_controle(ruim), None, "{ruim:?}");
    }
}

#[test]
fn jogar_le_lances_e_explica_os_ruins() {
    let b = TBoard::de_fen(FEN_MATE).unwrap();
    let san = |t: &str| le_lance(&b, t).map(|l| ice::geracao::lance_para_san(&b, &l));
    assert_eq!(san("Nbd2").as_deref(), Ok("Nbd2"));
    assert_eq!(san("f3d2").as_deref(), Ok("Nfd2"));
    assert_eq!(san("nh4").as_deref(), Ok("Nh4"));
    assert_eq!(san("h3").as_deref(), Ok("h3"));
    assert_eq!(
        san("Nd2"),
        Err("Ambiguous move: Nd2 (matches Nbd2, Nfd2)".to_string())
    );
    let e = san("Ke5").unwrap_err();
    assert!(
        e.starts_with("Illegal move: Ke5 (legal moves: Kf1 Kh1 "),
        "{e}"
    );
    // Nada do que se digita derruba a leitura.
    for lixo in [
        "", "x", "=", "Z9", "e", "O-O-O-O", "é4", "N", "Nxx", "h9h1", "e8=Q",
    ] {
        assert!(le_lance(&b, lixo).is_err(), "{lixo:?}");
    }
    // As quatro promoções de um peão sem a peça dita.
    let b = TBoard::de_fen("8/4P3/8/8/8/8/k7/6K1 w - - 0 1").unwrap();
    assert_eq!(
        le_lance(&b, "e8").unwrap_err(),
        "Ambiguous move: e8 (matches e8=B, e8=N, e8=Q, e8=R)"
    );
    assert!(le_lance(&b, "e8=N").is_ok() && le_lance(&b, "e7e8q").is_ok());
}

#[test]
fn jogar_escreve_escore_relogio_data_e_pgn() {
    assert_eq!(texto_escore(35), "+0.35");
    assert_eq!(texto_escore(-120), "-1.20");
    assert_eq!(texto_escore(0), "+0.00");
    assert_eq!(texto_escore(ice::tipos::MATE - 5), "+M3");
    assert_eq!(texto_escore(-(ice::tipos::MATE - 4)), "-M2");
    assert_eq!(texto_relogio(179_400), "2:59");
    assert_eq!(texto_relogio(-5), "0:00");
    assert_eq!(texto_relogio(3_725_000), "1:02:05");
    assert_eq!(relogio_pgn(9_999), "0:00:09");
    assert_eq!(data_pgn(0), "1970.01.01");
    assert_eq!(data_pgn(20_785), "2026.11.28");
    let b = TBoard::de_fen(FEN_MATE).unwrap();
    let lances = [
        TLancePgn {
            san: "Nh4".into(),
            comentario: "[%clk 0:03:00]".into(),
        },
        TLancePgn {
            san: "Re1#".into(),
            comentario: "+M1/5 }".into(),
        },
    ];
    let cab = [("Result".to_string(), "0-1".to_string())];
    let pgn = texto_pgn(&cab, &b, &lances, Some("Black mates"), "0-1");
    assert_eq!(
        pgn,
        "[Result \"0-1\"]\n\n1. Nh4 {[%clk 0:03:00]} Re1# {+M1/5 )} {Black mates} 0-1\n"
    );
    // De pretas a jogar, o primeiro lance leva `N...`.
    let b = TBoard::de_fen("4r1k1/5ppp/8/8/8/5N2/5PPP/1N4K1 b - - 0 7").unwrap();
    let pgn = texto_pgn(&[], &b, &lances[..1], None, "*");
    assert_eq!(pgn, "\n7... Nh4 {[%clk 0:03:00]} *\n");
}

#[test]
fn jogar_desenha_so_ascii_no_modo_ascii() {
    let b = TBoard::inicial();
    let linhas = diagrama(&b, ice::tipos::BRANCAS, None, true, &["x".to_string()]);
    assert_eq!(linhas.len(), 10);
    assert_eq!(linhas[1], " 8   r  n  b  q  k  b  n  r   8    x");
    assert_eq!(linhas[8], " 1   R  N  B  Q  K  B  N  R   1");
    assert!(linhas.iter().all(|l| l.is_ascii()));
    assert_eq!(
        texto_capturado(&b, &b, true),
        "Captured: White -  Black -  (material even)"
    );
    let sem_dama =
        TBoard::de_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    assert_eq!(
        texto_capturado(&sem_dama, &b, false),
        "Captured: White ♛  Black -  (White +9)"
    );
}
