//! O protocolo UCI (`uci`, `comandos_uci`) e as análises de várias linhas
//! nos dois protocolos: transcrições com o binário de verdade. O handshake,
//! a posição com lances, cada limite do `go`, `stop`, `ponder`/`ponderhit`,
//! entrada ruim (que só gera `info string` e não muda nada), MultiPV
//! (3 linhas por profundidade, lances distintos, em ordem de escore),
//! `searchmoves`/`exclude` (o lance excluído nunca aparece) e `nps`.

use crate::motor;

use ice::geracao::acha_lance;
use ice::tabuleiro::TBoard;
use ice::tempo::{calcula_limites, TRelogio};
use motor::*;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// Rei e torre contra rei: poucos lances legais (o MultiPV maior que eles).
const FEN_KRK: &str = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
const FEN_MEIO: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

/// Motor em UCI: `uci` … `uciok`; devolve as linhas do handshake.
fn motor_uci() -> (TMotor, Vec<String>) {
    let mut m = abre_motor();
    envia(&mut m, "uci");
    let v = espera_linha(&mut m, "uciok");
    (m, v)
}

/// `isready` → `readyok`; devolve as linhas antes do `readyok`.
fn pronto(m: &mut TMotor) -> Vec<String> {
    envia(m, "isready");
    let mut v = espera_linha(m, "readyok");
    v.pop();
    v
}

/// Espera o `bestmove`; devolve (linhas, lance).
fn espera_bestmove(m: &mut TMotor, prazo: Duration) -> (Vec<String>, String) {
    let v = espera(m, |l| l.starts_with("bestmove "), prazo);
    let lance = v
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    (v, lance)
}

/// O valor do campo `nome` de uma linha `info` (`depth`, `nodes`…).
fn campo(l: &str, nome: &str) -> Option<String> {
    let t: Vec<&str> = l.split_whitespace().collect();
    t.iter()
        .position(|x| *x == nome)
        .and_then(|i| t.get(i + 1))
        .map(|x| x.to_string())
}

/// Escore de uma linha `info` em centipeões (mate = ±100000 − N).
fn escore(l: &str) -> i32 {
    let t: Vec<&str> = l.split_whitespace().collect();
    let i = t.iter().position(|x| *x == "score").expect("score");
    let v: i32 = t[i + 2].parse().unwrap();
    match t[i + 1] {
        "cp" => v,
        "mate" if v > 0 => 100_000 - v,
        _ => -100_000 - v,
    }
}

/// O tempo que o motor diz ter pensado (ms, contado do `go`): o maior `time`
/// das linhas `info`, o da que a busca escreve ao parar; 0 sem nenhuma. Os
/// testes de tempo conferem este número, e não o relógio de parede do teste,
/// que soma o pipe e o escalonamento dos dois processos e numa máquina
/// carregada (o CI com partidas ao fundo) passava dos limites sem o motor ter
/// errado. Um motor que ignorasse o relógio não responderia no `PRAZO`.
fn tempo_informado(v: &[String]) -> u64 {
    v.iter()
        .filter(|l| l.starts_with("info "))
        .filter_map(|l| campo(l, "time"))
        .map(|t| t.parse().unwrap())
        .max()
        .unwrap_or(0)
}

/// Quanto a busca durou depois de uma ordem (`stop`, `ponderhit`) que o teste
/// mandou `antes` depois do `go`: o tempo informado menos `antes`. O motor
/// começa a contar quando lê o `go`, depois de o teste mandá-lo, então a
/// diferença é no máximo o que ele pensou depois de ler a ordem mais o que
/// levou para lê-la.
fn durou_depois(v: &[String], antes: Duration) -> u64 {
    tempo_informado(v).saturating_sub(antes.as_millis() as u64)
}

/// O primeiro lance da PV de uma linha `info`.
fn lance_pv(l: &str) -> Option<String> {
    campo(l, "pv")
}

fn legal(fen: &str, lances: &[&str], m: &str) -> bool {
    let mut b = TBoard::de_fen(fen).unwrap();
    for l in lances {
        let x = acha_lance(&b, l).unwrap();
        b.make(&x);
    }
    acha_lance(&b, m).is_some()
}

const FEN_INICIAL: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn handshake_isready_e_opcoes() {
    let (mut m, v) = motor_uci();
    assert_eq!(v[0], format!("id name {}", ice::NOME_MOTOR));
    assert!(v[1].starts_with("id author "), "{v:#?}");
    for o in [
        "option name Hash type spin default 8 min 1 max 65536",
        "option name Threads type spin default 1 min 1 max 256",
        "option name MultiPV type spin default 1 min 1 max 64",
        "option name Ponder type check default false",
        "option name OwnBook type check default false",
        "option name Classic ICE type check default false",
        "option name BookFile type string default book/livro.txt",
        "option name Move Overhead type spin default 0 min 0 max 5000",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 2000 min 1200 max 2800",
        "option name Clear Hash type button",
    ] {
        assert!(v.iter().any(|l| l == o), "falta '{o}': {v:#?}");
    }
    // Nada do xboard numa sessão UCI.
    assert!(v.iter().all(|l| !l.starts_with("feature")), "{v:#?}");
    // Cada opção uma vez, com o nome em inglês: os nomes portugueses de
    // antes da 1.0 só valem como sinônimos no `setoption`.
    let nomes: Vec<&str> = v
        .iter()
        .filter_map(|l| l.strip_prefix("option name "))
        .map(|l| l.split(" type ").next().unwrap())
        .collect();
    for (i, n) in nomes.iter().enumerate() {
        assert!(!nomes[..i].contains(n), "opção {n} anunciada duas vezes");
        assert!(n.is_ascii(), "{n}");
    }
    for antigo in ["Livro", "Arquivo do livro", "ICE classico"] {
        assert!(!nomes.contains(&antigo), "{antigo} anunciada: {nomes:?}");
    }
    assert!(pronto(&mut m).is_empty());
    // Opções válidas não dizem nada.
    for o in [
        "setoption name threads value 2",
        "setoption name Threads value 1",
        "setoption name MultiPV value 2",
        "setoption name Ponder value true",
        "setoption name OwnBook value false",
        "setoption name Classic ICE value false",
        // Os nomes antigos, ainda aceitos (sem distinguir maiúsculas).
        "setoption name ICE classico value false",
        "setoption name livro value false",
        "setoption name Arquivo do livro value book/livro.txt",
        "setoption name Clear Hash",
        "setoption name Move Overhead value 100",
        "setoption name UCI_LimitStrength value true",
        "setoption name UCI_Elo value 1500",
        "setoption name uci_limitstrength value false",
        "ucinewgame",
        "debug off",
    ] {
        envia(&mut m, o);
    }
    assert!(pronto(&mut m).is_empty());
    // Valores fora da faixa: uma linha `info string` cada, nada muda.
    for (o, diz) in [
        (
            "setoption name UCI_Elo value 900",
            "bad value for option UCI_Elo: 900",
        ),
        (
            "setoption name Move Overhead value -5",
            "bad value for option Move Overhead: -5",
        ),
        (
            "setoption name UCI_LimitStrength value talvez",
            "bad value for option UCI_LimitStrength",
        ),
        (
            "setoption name BookFile value /nao/existe.bin",
            "book /nao/existe.bin unreadable",
        ),
    ] {
        envia(&mut m, o);
        let v = pronto(&mut m);
        assert!(
            v.len() == 1 && v[0].starts_with("info string") && v[0].contains(diz),
            "{o}: {v:#?}"
        );
    }
    envia(&mut m, "quit");
    assert!(espera_saida(&mut m, PRAZO));
}

#[test]
fn position_com_lances_e_go_depth() {
    let (mut m, _) = motor_uci();
    envia(&mut m, "position startpos moves e2e4 e7e5 g1f3");
    envia(&mut m, "go depth 5");
    let (v, lance) = espera_bestmove(&mut m, PRAZO);
    assert!(
        legal(FEN_INICIAL, &["e2e4", "e7e5", "g1f3"], &lance),
        "{lance}"
    );
    let profs: Vec<u32> = v
        .iter()
        .filter(|l| l.starts_with("info depth") && l.contains(" pv "))
        .map(|l| campo(l, "depth").unwrap().parse().unwrap())
        .collect();
    assert_eq!(profs.iter().max(), Some(&5), "{v:#?}");
    for l in v.iter().filter(|l| l.contains(" pv ")) {
        for c in [
            "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time",
        ] {
            assert!(campo(l, c).is_some(), "falta {c}: {l}");
        }
    }
    // `bestmove X ponder Y`: Y responde a X.
    let ultima = v.last().unwrap();
    if let Some(p) = campo(ultima, "ponder") {
        assert!(
            legal(FEN_INICIAL, &["e2e4", "e7e5", "g1f3", &lance], &p),
            "{ultima}"
        );
    }
    // A FEN com lances também.
    envia(&mut m, &format!("position fen {FEN_MEIO} moves e1g1"));
    envia(&mut m, "go depth 3");
    let (_, lance) = espera_bestmove(&mut m, PRAZO);
    assert!(legal(FEN_MEIO, &["e1g1"], &lance), "{lance}");
}

#[test]
fn go_com_cada_limite() {
    let (mut m, _) = motor_uci();
    // nodes: a busca para no limite (verificado de 256 em 256 nós).
    envia(&mut m, &format!("position fen {FEN_MEIO}"));
    envia(&mut m, "go nodes 20000");
    let (v, _) = espera_bestmove(&mut m, PRAZO);
    let nos: u64 = v
        .iter()
        .filter_map(|l| campo(l, "nodes"))
        .map(|n| n.parse().unwrap())
        .max()
        .unwrap();
    assert!(nos <= 20000 + 300, "{nos} nós: {v:#?}");
    assert!(nos >= 15000, "parou cedo demais: {nos}");

    // mate: acha o mate em 2 e o anuncia como `score mate 2`.
    envia(&mut m, "position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    envia(&mut m, "go mate 1");
    let (v, lance) = espera_bestmove(&mut m, PRAZO);
    assert_eq!(lance, "d1d8");
    assert!(v.iter().any(|l| l.contains("score mate 1")), "{v:#?}");

    // mate 3 com dez minutos no relógio: para assim que acha o mate em 3
    // (na primeira iteração que o prova), sem gastar o tempo do relógio nem
    // ir até os 2N + 1 plies do teto. Sem o `mate`, o mesmo relógio faria a
    // busca seguir até "mate provado" (mais de 12 plies).
    envia(
        &mut m,
        "position fen r3q1kr/ppp5/3p2pQ/8/3PP1b1/5R2/PPP3P1/5RK1 w - - 0 1",
    );
    envia(&mut m, "go mate 3 wtime 600000 btime 600000");
    let (v, lance) = espera_bestmove(&mut m, PRAZO);
    assert_eq!(lance, "f3f8");
    let ultima = v.iter().rev().find(|l| l.contains(" score ")).unwrap();
    assert!(ultima.contains("score mate 3"), "{v:#?}");
    let prof: u32 = campo(ultima, "depth").unwrap().parse().unwrap();
    assert!(prof < 7, "foi até {prof} plies: {v:#?}");
    assert!(tempo_informado(&v) < 1000, "{v:#?}");

    // Contempt: o empate (rei contra rei) vale −contempt para quem joga, e
    // 0 de novo com o contempt zerado.
    envia(&mut m, "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    for (contempt, esperado) in [(30, -30), (0, 0)] {
        envia(&mut m, &format!("setoption name Contempt value {contempt}"));
        envia(&mut m, "go depth 3");
        let (v, _) = espera_bestmove(&mut m, PRAZO);
        let ultima = v.iter().rev().find(|l| l.contains(" score ")).unwrap();
        assert_eq!(escore(ultima), esperado, "{v:#?}");
    }

    // IceBR: um lance de relógio no ritmo do ICE (o tempo informado é o do
    // relógio virtual: nós ÷ NPS_ICEBR).
    envia(&mut m, "setoption name IceBR value true");
    envia(&mut m, &format!("position fen {FEN_MEIO}"));
    envia(&mut m, "go wtime 20000 btime 20000");
    let (v, lance) = espera_bestmove(&mut m, PRAZO);
    assert!(legal(FEN_MEIO, &[], &lance));
    let ultima = v.iter().rev().find(|l| l.contains(" nps ")).unwrap();
    let nps: u64 = campo(ultima, "nps").unwrap().parse().unwrap();
    let alvo = ice::nivel::NPS_ICEBR;
    assert!((alvo * 5 / 6..=alvo * 7 / 6).contains(&nps), "{v:#?}");
    envia(&mut m, "setoption name IceBR value false");

    // infinite: nada de bestmove até o `stop` (até a busca ter dito a
    // profundidade 4, que ela só diz depois de começar de fato).
    envia(&mut m, &format!("position fen {FEN_MEIO}"));
    let go = Instant::now();
    envia(&mut m, "go infinite");
    let antes = espera_profundidade(&mut m, 4);
    assert!(
        antes.iter().all(|l| !l.starts_with("bestmove")),
        "{antes:#?}"
    );
    // isready durante a busca responde na hora.
    envia(&mut m, "isready");
    espera_linha(&mut m, "readyok");
    let ate_o_stop = go.elapsed();
    envia(&mut m, "stop");
    // Sem atender o `stop`, a busca infinita não acabaria no `PRAZO`.
    let (v, lance) = espera_bestmove(&mut m, PRAZO);
    assert!(legal(FEN_MEIO, &[], &lance));
    let depois = durou_depois(&v, ate_o_stop);
    assert!(depois < 2000, "{depois} ms depois do stop: {v:#?}");

    // searchmoves: só os lances dados, na PV e no bestmove.
    envia(&mut m, "go depth 6 searchmoves a2a3 h2h3");
    let (v, lance) = espera_bestmove(&mut m, PRAZO);
    assert!(lance == "a2a3" || lance == "h2h3", "{lance}");
    for l in v.iter().filter(|l| l.contains(" pv ")) {
        let p = lance_pv(l).unwrap();
        assert!(p == "a2a3" || p == "h2h3", "{l}");
    }
}

/// Lê até uma linha `info` com `depth` ≥ `prof` (inclusive) e devolve as
/// linhas lidas: a busca começou e chegou lá, no tempo que for.
fn espera_profundidade(m: &mut TMotor, prof: u32) -> Vec<String> {
    let chegou = |l: &str| {
        l.starts_with("info ")
            && campo(l, "depth").is_some_and(|d| d.parse::<u32>().is_ok_and(|d| d >= prof))
    };
    espera(m, chegou, PRAZO)
}

/// A gestão do relógio: `movetime` e uma fração do relógio. O teto vale
/// para o tempo que o motor informa (ver `tempo_informado`); o piso fica no
/// relógio de parede, que a carga da máquina só alonga.
#[test]
#[ignore = "tempo de relógio: etapa própria do CI"]
fn relogio_go_movetime_e_fracao_do_relogio() {
    let (mut m, _) = motor_uci();
    envia(&mut m, &format!("position fen {FEN_MEIO}"));
    let t = Instant::now();
    envia(&mut m, "go movetime 300");
    let (v, _) = espera_bestmove(&mut m, PRAZO);
    let gasto = t.elapsed();
    // Tempo fixo: a busca vai até o máximo (300 − 50 de margem), sem parar
    // entre iterações na metade do tempo.
    assert!(gasto >= Duration::from_millis(230), "{gasto:?}");
    let informado = tempo_informado(&v);
    assert!(informado < 2000, "{informado} ms: {v:#?}");

    // Relógio com incremento e movestogo: uma fração do tempo.
    for go in [
        "go wtime 3000 btime 3000 winc 100 binc 100",
        "go wtime 5000 btime 5000 movestogo 2",
        "go btime 3000 wtime 100",
    ] {
        envia(&mut m, go);
        let (v, _) = espera_bestmove(&mut m, PRAZO);
        let informado = tempo_informado(&v);
        assert!(informado < 2600, "{go}: {informado} ms: {v:#?}");
    }
}

#[test]
fn ponder_ponderhit_e_stop() {
    let (mut m, _) = motor_uci();
    // O GUI faz o lance previsto e manda `go ponder`: sem bestmove até o hit.
    envia(&mut m, &format!("position fen {FEN_MEIO} moves e1g1 f8c5"));
    let go = Instant::now();
    envia(&mut m, "go ponder wtime 2000 btime 2000");
    let antes = espera_profundidade(&mut m, 4);
    assert!(
        antes.iter().all(|l| !l.starts_with("bestmove")),
        "{antes:#?}"
    );
    let ate_o_hit = go.elapsed();
    envia(&mut m, "ponderhit");
    // Sem o hit o ponder não acabaria no `PRAZO`.
    let (v, lance) = espera_bestmove(&mut m, PRAZO);
    // Depois do hit vale o relógio de 2 s: uma fração dele (no tempo que o
    // motor informa, ver `durou_depois`).
    let depois = durou_depois(&v, ate_o_hit);
    assert!(depois < 1500, "{depois} ms depois do ponderhit: {v:#?}");
    assert!(legal(FEN_MEIO, &["e1g1", "f8c5"], &lance));

    // `stop` no ponder também manda o bestmove (o UCI sempre quer um).
    let go = Instant::now();
    envia(&mut m, "go ponder wtime 2000 btime 2000");
    let antes = espera_profundidade(&mut m, 4);
    assert!(
        antes.iter().all(|l| !l.starts_with("bestmove")),
        "{antes:#?}"
    );
    let ate_o_stop = go.elapsed();
    envia(&mut m, "stop");
    let (v, lance) = espera_bestmove(&mut m, PRAZO);
    assert!(legal(FEN_MEIO, &["e1g1", "f8c5"], &lance));
    let depois = durou_depois(&v, ate_o_stop);
    assert!(depois < 2000, "{depois} ms depois do stop: {v:#?}");
    // `ponderhit` e `stop` fora da busca não fazem nada.
    envia(&mut m, "ponderhit");
    envia(&mut m, "stop");
    assert!(pronto(&mut m).is_empty());
}

#[test]
fn entrada_ruim_so_gera_info_string() {
    let (mut m, _) = motor_uci();
    envia(&mut m, "position startpos moves e2e4");
    for ruim in [
        "position startpos moves e7e5 e1e3",
        "position fen isto nao e um fen",
        "position",
        "position startpos moves e7e5 zz",
        "setoption name Hash value abc",
        "setoption name Hash value 0",
        "setoption name Threads value 999999",
        "setoption name MultiPV value 65",
        "setoption name Ponder value talvez",
        "setoption name Nao Existe value 1",
        "setoption Hash",
        "xboard",
        "comando_qualquer 1 2 3",
    ] {
        envia(&mut m, ruim);
        let v = pronto(&mut m);
        assert_eq!(v.len(), 1, "{ruim}: {v:#?}");
        assert!(v[0].starts_with("info string "), "{ruim}: {v:#?}");
    }
    // A posição continua a de depois de 1. e4: o lance é das pretas.
    envia(&mut m, "go depth 2");
    let (_, lance) = espera_bestmove(&mut m, PRAZO);
    assert!(legal(FEN_INICIAL, &["e2e4"], &lance), "{lance}");
    // Lixo binário e linhas gigantes não derrubam nada.
    envia_bytes(&mut m, b"\xff\xfe\x00go\n");
    envia(&mut m, &"x".repeat(100_000));
    let v = pronto(&mut m);
    assert!(v.iter().all(|l| l.starts_with("info string")), "{v:#?}");
}

/// Um `go` com algo que o motor não entende: ignora isso (com um
/// `info string` que diz o quê), obedece ao resto e responde exatamente um
/// `bestmove`, legal. Os que ficam sem limite nenhum depois do que foi
/// ignorado pensam até o `stop`.
#[test]
fn go_ruim_ainda_tem_um_bestmove() {
    let (mut m, _) = motor_uci();
    let casos: [(&str, &str, bool); 7] = [
        ("go movetime 200 foo", "unknown token 'foo'", false),
        ("go depth 99999999999999999999", "bad value for depth", true),
        ("go nodes -1", "bad value for nodes", true),
        (
            "go movetime 100 searchmoves e2e5 a1a8",
            "illegal moves in searchmoves ignored: e2e5 a1a8",
            false,
        ),
        ("go depth x movetime 100", "bad value for depth: 'x'", false),
        ("go wtime", "missing value for wtime", true),
        (
            "go searchmoves movetime 100",
            "searchmoves without moves",
            false,
        ),
    ];
    for (go, aviso, precisa_stop) in casos {
        envia(&mut m, &format!("position fen {FEN_MEIO}"));
        envia(&mut m, go);
        if precisa_stop {
            std::thread::sleep(Duration::from_millis(200));
            envia(&mut m, "stop");
        }
        let (v, lance) = espera_bestmove(&mut m, PRAZO);
        assert!(
            v.iter()
                .any(|l| l.starts_with("info string") && l.contains(aviso)),
            "{go}: {v:#?}"
        );
        assert!(legal(FEN_MEIO, &[], &lance), "{go}: {lance}");
        // Nenhum outro `bestmove` depois deste.
        let depois = pronto(&mut m);
        assert!(
            depois.iter().all(|l| !l.starts_with("bestmove")),
            "{go}: {depois:#?}"
        );
    }
    // Só um dos lances do `searchmoves` é legal: só ele é pesquisado.
    envia(&mut m, &format!("position fen {FEN_MEIO}"));
    envia(&mut m, "go depth 3 searchmoves e2e5 d2d3");
    let (v, lance) = espera_bestmove(&mut m, PRAZO);
    assert_eq!(lance, "d2d3", "{v:#?}");
    assert!(v.iter().any(|l| l.contains("ignored: e2e5")), "{v:#?}");
}

/// `position`, `go infinite`, `stop` duas vezes, tudo de uma vez, 100
/// vezes: exatamente um `bestmove` por `go`, cada um legal na posição do
/// seu `go`. Antes, a primeira busca lia de uma vez o `stop` dela e os
/// comandos seguintes, e o `stop` da segunda busca era consumido pela
/// primeira: a segunda pensava para sempre.
#[test]
fn stop_de_cada_go_nao_se_perde() {
    let (mut m, _) = motor_uci();
    let mut lote = String::new();
    for _ in 0..100 {
        lote.push_str(&format!("position fen {FEN_MEIO}\ngo infinite\nstop\n"));
        lote.push_str("position startpos moves e2e4\ngo infinite\nstop\n");
    }
    envia_bytes(&mut m, lote.as_bytes());
    for i in 0..200 {
        let (v, lance) = espera_bestmove(&mut m, PRAZO);
        let ok = if i % 2 == 0 {
            legal(FEN_MEIO, &[], &lance)
        } else {
            legal(FEN_INICIAL, &["e2e4"], &lance)
        };
        assert!(ok, "go {i}: {lance} {v:#?}");
    }
    // E nenhum a mais.
    let depois = pronto(&mut m);
    assert!(
        depois.iter().all(|l| !l.starts_with("bestmove")),
        "{depois:#?}"
    );
    assert!(coleta(&mut m, 300).is_empty());
}

/// Achado pelo fuzzer (tests/fuzzer.rs): uma busca que acaba sozinha
/// (`go nodes`) enquanto chegam `go infinite`, um `setoption` (ou uma linha
/// desconhecida) e o `stop` do segundo `go`. Os três esperam na fila; a
/// segunda busca olhava só a frente da fila, parava no `setoption` e nunca
/// via o `stop` atrás dele: pensava para sempre. O `setoption` continua
/// valendo depois da busca, na ordem.
#[test]
fn stop_atras_de_outro_comando_na_fila() {
    let (mut m, _) = motor_uci();
    for extra in [
        "setoption name MultiPV value 2",
        "lixo qualquer",
        "position startpos",
    ] {
        envia(&mut m, &format!("position fen {FEN_MEIO}"));
        // Uma busca de algumas centenas de milissegundos, e tudo o que vem
        // depois chega enquanto ela pensa.
        envia_bytes(
            &mut m,
            format!("go nodes 300000\ngo infinite\n{extra}\nisready\nstop\n").as_bytes(),
        );
        let (v1, l1) = espera_bestmove(&mut m, PRAZO);
        assert!(legal(FEN_MEIO, &[], &l1), "{extra}: {l1} {v1:#?}");
        let (v2, l2) = espera_bestmove(&mut m, PRAZO);
        assert!(legal(FEN_MEIO, &[], &l2), "{extra}: {l2} {v2:#?}");
        let depois = pronto(&mut m);
        assert!(
            depois.iter().all(|l| !l.starts_with("bestmove")),
            "{extra}: {depois:#?}"
        );
        envia(&mut m, "setoption name MultiPV value 1");
    }
}

/// Achado pelo fuzzer (tests/fuzzer.rs): no IceBR (relógio virtual, o
/// tempo vira um orçamento de nós), `go movetime 50 nodes 0` pensava até o
/// `stop`: o `nodes 0` (sem teto) apagava o orçamento do `movetime`. Agora o
/// `movetime` vale, e o `nodes 0` sozinho continua sendo "sem teto".
#[test]
fn nodes_zero_nao_apaga_o_limite_do_icebr() {
    let (mut m, _) = motor_uci();
    envia(&mut m, "setoption name IceBR value true");
    envia(&mut m, "position startpos");
    envia(&mut m, "go movetime 50 nodes 0");
    let (v, lance) = espera_bestmove(&mut m, TETO_PAREDE);
    assert!(legal(FEN_INICIAL, &[], &lance), "{lance} {v:#?}");
    // Sem `bestmove` a mais.
    let depois = pronto(&mut m);
    assert!(
        depois.iter().all(|l| !l.starts_with("bestmove")),
        "{depois:#?}"
    );
}

/// Achado pelo fuzzer (tests/fuzzer.rs): `go ponder`, `stop` e `ponderhit`
/// lidos juntos. O `ponderhit` atrás do `stop` virava a busca em busca com
/// relógio (sem limite nenhum, num `go ponder` sem limites) e o `stop` se
/// perdia: pensava para sempre. Vale o `stop`; o `ponderhit` depois dele
/// não faz nada. Lido direto do canal e da fila (atrás de uma busca que
/// ainda pensava).
#[test]
fn ponderhit_depois_do_stop_nao_desfaz_o_stop() {
    let (mut m, _) = motor_uci();
    for antes in ["", "go nodes 300000\n"] {
        envia_bytes(
            &mut m,
            format!("position fen {FEN_MEIO}\n{antes}go ponder\nstop\nponderhit\n").as_bytes(),
        );
        for _ in 0..1 + antes.len().min(1) {
            let (v, lance) = espera_bestmove(&mut m, PRAZO);
            assert!(legal(FEN_MEIO, &[], &lance), "{antes:?}: {lance} {v:#?}");
        }
        let depois = pronto(&mut m);
        assert!(
            depois.iter().all(|l| !l.starts_with("bestmove")),
            "{antes:?}: {depois:#?}"
        );
    }
}

/// `go infinite` numa posição do livro (com o livro ligado) não responde o
/// lance do livro na hora: no modo infinito o `bestmove` só sai depois do
/// `stop`.
#[test]
fn go_infinite_no_livro_espera_o_stop() {
    let mut m = abre_motor_com(&["--hash", "8"]);
    envia(&mut m, "uci");
    espera_linha(&mut m, "uciok");
    envia(&mut m, "position startpos");
    envia(&mut m, "go infinite");
    let v = coleta(&mut m, 500);
    assert!(v.iter().all(|l| !l.starts_with("bestmove")), "{v:#?}");
    assert!(v.iter().all(|l| !l.contains("book move")), "{v:#?}");
    envia(&mut m, "stop");
    let (_, lance) = espera_bestmove(&mut m, PRAZO);
    assert!(legal(FEN_INICIAL, &[], &lance), "{lance}");
    // O mesmo lance de partida (com relógio) vem do livro.
    envia(&mut m, "go wtime 60000 btime 60000");
    let (v, _) = espera_bestmove(&mut m, PRAZO);
    assert!(v.iter().any(|l| l.contains("book move")), "{v:#?}");
}

/// `UCI_AnalyseMode`: a interface analisa. O lance de partida (com
/// relógio) deixa de vir do livro e o escore é o objetivo: com `Contempt
/// 100` a posição morta vale −100 jogando e 0 analisando.
#[test]
fn modo_de_analise_sem_livro_e_sem_contempt() {
    let mut m = abre_motor_com(&["--hash", "8"]);
    envia(&mut m, "uci");
    let v = espera_linha(&mut m, "uciok");
    assert!(
        v.iter()
            .any(|l| l == "option name UCI_AnalyseMode type check default false"),
        "{v:#?}"
    );
    envia(&mut m, "setoption name Contempt value 100");
    envia(&mut m, "position fen 8/8/8/4k3/8/8/8/4K3 w - - 0 1");
    envia(&mut m, "go depth 3");
    let (v, _) = espera_bestmove(&mut m, PRAZO);
    let ultima = v.iter().rev().find(|l| l.contains(" score ")).unwrap();
    assert_eq!(escore(ultima), -100, "{v:#?}");
    envia(&mut m, "setoption name UCI_AnalyseMode value true");
    assert!(pronto(&mut m).is_empty());
    envia(&mut m, "go depth 3");
    let (v, _) = espera_bestmove(&mut m, PRAZO);
    let ultima = v.iter().rev().find(|l| l.contains(" score ")).unwrap();
    assert_eq!(escore(ultima), 0, "{v:#?}");
    envia(&mut m, "position startpos");
    envia(&mut m, "go wtime 2000 btime 2000");
    let (v, lance) = espera_bestmove(&mut m, PRAZO);
    assert!(v.iter().all(|l| !l.contains("book move")), "{v:#?}");
    assert!(v.iter().any(|l| l.contains(" pv ")), "{v:#?}");
    assert!(legal(FEN_INICIAL, &[], &lance), "{lance}");
    // Desligada, o livro volta.
    envia(&mut m, "setoption name UCI_AnalyseMode value false");
    envia(&mut m, "go wtime 60000 btime 60000");
    let (v, _) = espera_bestmove(&mut m, PRAZO);
    assert!(v.iter().any(|l| l.contains("book move")), "{v:#?}");
}

/// A tabela pelo `Hash`: sempre uma linha com o tamanho que ficou; fora da
/// faixa satura e diz; 4096 MB numa máquina com memória livre de sobra dá
/// uma tabela de 4 GB de verdade (os tamanhos grandes, o tempo e o teto da
/// memória: `hash_grande_sem_espera_e_do_tamanho_pedido`).
#[test]
fn hash_diz_o_tamanho_e_satura() {
    let (mut m, _) = motor_uci();
    envia(&mut m, "setoption name Hash value 16");
    assert_eq!(pronto(&mut m), vec!["info string Hash: 16 MB"]);
    envia(&mut m, "setoption name Hash value 0");
    assert_eq!(
        pronto(&mut m),
        vec!["info string Hash: 1 MB; 0 MB is outside 1..65536, saturated to 1 MB"]
    );
    envia(&mut m, "setoption name Hash value -7");
    assert_eq!(
        pronto(&mut m),
        vec!["info string Hash: 1 MB; 0 MB is outside 1..65536, saturated to 1 MB"]
    );
    // 4 GB só se o teto da memória livre (ela menos a margem) os der.
    if ice::hash::memoria_disponivel_mb().map_or(0, ice::hash::teto_hash_mb) > 4096 + 1024 {
        envia(&mut m, "setoption name Hash value 4096");
        envia(&mut m, "isready");
        let v = espera(&mut m, |l| l == "readyok", Duration::from_secs(120));
        assert_eq!(v, vec!["info string Hash: 4096 MB", "readyok"]);
    }
    volta_a_8_mb_e_joga(&mut m);
}

/// Depois de um `Hash` grande (ou recusado), a tabela volta a 8 MB e uma
/// busca ainda joga um lance legal.
fn volta_a_8_mb_e_joga(m: &mut TMotor) {
    envia(m, "setoption name Hash value 8");
    assert_eq!(pronto(m), vec!["info string Hash: 8 MB"]);
    envia(m, "position startpos");
    envia(m, "go depth 3");
    let (_, lance) = espera_bestmove(m, PRAZO);
    assert!(legal(FEN_INICIAL, &[], &lance), "{lance}");
}

/// O tempo de um `setoption name Hash` até o `readyok`.
fn tempo_do_hash(m: &mut TMotor, mb: u64) -> (Vec<String>, Duration) {
    envia(m, &format!("setoption name Hash value {mb}"));
    let inicio = Instant::now();
    let v = pronto(m);
    (v, inicio.elapsed())
}

/// Tabelas grandes (issue 61). A memória vem zerada do sistema, sem ser
/// tocada: `Hash 8192` responde o `readyok` em milissegundos (antes 4,7 a
/// 9,3 s, página por página), e o `ucinewgame` logo depois também (a tabela
/// nova não é limpa). 3000 MB dão 3000 MB (antes 2048, a potência de dois
/// abaixo). 65536 MB ficam no teto da memória livre (ela menos a margem,
/// `hash::teto_hash_mb`), e a linha diz quanto e por quê; o motor não cai
/// e joga depois. Os limites de tempo são folgados para uma máquina
/// carregada e ainda assim bem abaixo dos segundos de antes.
#[test]
fn hash_grande_sem_espera_e_do_tamanho_pedido() {
    use ice::hash::{margem_hash_mb, memoria_disponivel_mb, teto_hash_mb};
    let prazo = Duration::from_millis(1500);
    let teto = memoria_disponivel_mb().map(teto_hash_mb);
    let (mut m, _) = motor_uci();
    if teto.is_some_and(|t| t > 8192 + 1024) {
        let (v, t) = tempo_do_hash(&mut m, 8192);
        assert_eq!(v, vec!["info string Hash: 8192 MB"]);
        assert!(t < prazo, "Hash 8192: {t:?}");
        envia(&mut m, "ucinewgame");
        let inicio = Instant::now();
        assert!(pronto(&mut m).is_empty());
        assert!(inicio.elapsed() < prazo, "{:?}", inicio.elapsed());
    }
    if teto.is_some_and(|t| t > 3000 + 1024) {
        let (v, t) = tempo_do_hash(&mut m, 3000);
        assert_eq!(v, vec!["info string Hash: 3000 MB"]);
        assert!(t < prazo, "Hash 3000: {t:?}");
    }
    let (v, t) = tempo_do_hash(&mut m, 65536);
    assert!(t < prazo, "Hash 65536: {t:?}");
    assert_eq!(v.len(), 1, "{v:#?}");
    let l = &v[0];
    match teto {
        // Um sistema que não promete mais do que tem (overcommit 2) pode
        // negar os endereços do teto inteiro: fica a tabela de antes.
        Some(_) if l.contains("failed, the previous size stays") => {
            assert!(l.contains(" MB by the free memory ("), "{l}");
        }
        Some(t) if t < 65536 => {
            // "Hash: N MB; limited to N MB by the free memory (D MB
            // available less a M MB margin)": N é o teto de D, com a margem
            // de D, e D é a memória livre desta máquina (que muda um pouco
            // entre a leitura do teste e a do motor).
            let numeros: Vec<usize> = l
                .split(|c: char| !c.is_ascii_digit())
                .filter_map(|n| n.parse().ok())
                .collect();
            assert!(
                l.starts_with("info string Hash: ")
                    && l.contains(" MB by the free memory (")
                    && numeros.len() == 4,
                "{l}"
            );
            let (n, limitado, livre, margem) = (numeros[0], numeros[1], numeros[2], numeros[3]);
            assert_eq!(n, limitado, "{l}");
            assert_eq!(n, teto_hash_mb(livre), "{l}");
            assert_eq!(margem, margem_hash_mb(livre), "{l}");
            assert!(n.abs_diff(t) <= t / 10 + 256, "{l}: teto {t}");
        }
        _ => assert_eq!(l, "info string Hash: 65536 MB"),
    }
    volta_a_8_mb_e_joga(&mut m);
}

/// Depois de um lance do livro, o `bestmove … ponder Y` traz a resposta
/// prevista pela tabela ou por uma busca curta: legal, e não o primeiro
/// lance que o gerador dá (antes não havia `ponder` nenhum, e o xboard
/// ponderava esse primeiro lance). O livro escolhe ao acaso: três motores.
#[test]
fn ponder_depois_do_livro_vem_da_busca() {
    for _ in 0..3 {
        let mut m = abre_motor_com(&["--hash", "8"]);
        envia(&mut m, "uci");
        espera_linha(&mut m, "uciok");
        envia(&mut m, "position startpos");
        envia(&mut m, "go wtime 60000 btime 60000");
        let (v, lance) = espera_bestmove(&mut m, PRAZO);
        assert!(v.iter().any(|l| l.contains("book move")), "{v:#?}");
        let t: Vec<&str> = v.last().unwrap().split_whitespace().collect();
        assert_eq!(t.len(), 4, "{v:#?}");
        assert_eq!(t[2], "ponder", "{v:#?}");
        let previsto = t[3];
        assert!(legal(FEN_INICIAL, &[&lance], previsto), "{v:#?}");
        assert_ne!(previsto, primeiro_gerado_depois(&[&lance]), "{v:#?}");
    }
}

/// As linhas `info … multipv K …` de cada profundidade.
fn linhas_por_profundidade(v: &[String]) -> BTreeMap<u32, Vec<(u32, i32, String)>> {
    let mut porprof: BTreeMap<u32, Vec<(u32, i32, String)>> = BTreeMap::new();
    for l in v
        .iter()
        .filter(|l| l.starts_with("info depth") && l.contains(" pv "))
    {
        let d: u32 = campo(l, "depth").unwrap().parse().unwrap();
        let k: u32 = campo(l, "multipv").unwrap().parse().unwrap();
        porprof
            .entry(d)
            .or_default()
            .push((k, escore(l), lance_pv(l).unwrap()));
    }
    porprof
}

#[test]
fn multipv_tres_linhas_por_profundidade_uci() {
    let (mut m, _) = motor_uci();
    envia(&mut m, "setoption name MultiPV value 3");
    envia(&mut m, &format!("position fen {FEN_MEIO}"));
    envia(&mut m, "go depth 7");
    let (v, lance) = espera_bestmove(&mut m, PRAZO);
    let porprof = linhas_por_profundidade(&v);
    assert_eq!(
        porprof.keys().copied().collect::<Vec<_>>(),
        (1..=7).collect::<Vec<_>>()
    );
    for (d, linhas) in &porprof {
        let ks: Vec<u32> = linhas.iter().map(|x| x.0).collect();
        assert_eq!(ks, vec![1, 2, 3], "profundidade {d}: {linhas:?}");
        let mut lances: Vec<&String> = linhas.iter().map(|x| &x.2).collect();
        lances.sort();
        lances.dedup();
        assert_eq!(
            lances.len(),
            3,
            "lances repetidos na profundidade {d}: {linhas:?}"
        );
        assert!(
            linhas.windows(2).all(|w| w[0].1 >= w[1].1),
            "fora da ordem do escore na profundidade {d}: {linhas:?}"
        );
        assert!(linhas.iter().all(|x| legal(FEN_MEIO, &[], &x.2)));
    }
    // O lance jogado é o da linha 1 da última profundidade.
    assert_eq!(lance, porprof[&7][0].2);
    // Com menos lances legais que linhas, uma por lance.
    envia(&mut m, "position fen 7k/8/8/8/8/8/6PP/7K w - - 0 1");
    envia(&mut m, "go depth 4 searchmoves g2g3 h1g1");
    let (v, _) = espera_bestmove(&mut m, PRAZO);
    for (d, linhas) in linhas_por_profundidade(&v) {
        assert_eq!(linhas.len(), 2, "profundidade {d}: {linhas:?}");
    }
}

/// Linhas de pensamento do xboard agrupadas por profundidade.
fn pensamentos_por_profundidade(v: &[String]) -> BTreeMap<u32, Vec<(i32, String)>> {
    let mut porprof: BTreeMap<u32, Vec<(i32, String)>> = BTreeMap::new();
    for l in v.iter().filter(|l| eh_pensamento(l)) {
        let t: Vec<&str> = l.split_whitespace().collect();
        porprof
            .entry(t[0].parse().unwrap())
            .or_default()
            .push((t[1].parse().unwrap(), t[4].to_string()));
    }
    porprof
}

#[test]
fn multipv_e_exclude_no_xboard() {
    let mut m = motor_pronto();
    envia(&mut m, "force");
    envia(&mut m, &format!("setboard {FEN_MEIO}"));
    envia(&mut m, "option MultiPV=3");
    envia(&mut m, "post");
    envia(&mut m, "analyze");
    let v = espera(
        &mut m,
        |l| eh_pensamento(l) && l.split_whitespace().next() == Some("6"),
        PRAZO,
    );
    // A primeira linha da profundidade 6 fecha as da 5.
    let porprof = pensamentos_por_profundidade(&v);
    for d in 1..=5 {
        let linhas = &porprof[&d];
        assert_eq!(linhas.len(), 3, "profundidade {d}: {linhas:?}");
        let mut lances: Vec<&String> = linhas.iter().map(|x| &x.1).collect();
        lances.sort();
        lances.dedup();
        assert_eq!(lances.len(), 3, "profundidade {d}: {linhas:?}");
        assert!(linhas.windows(2).all(|w| w[0].0 >= w[1].0), "{linhas:?}");
    }
    // Exclui o melhor lance: a análise recomeça sem ele, e ele nunca mais
    // aparece como primeiro lance de uma linha.
    let melhor = porprof[&5][0].1.clone();
    envia(&mut m, &format!("exclude {melhor}"));
    // As linhas que já estavam a caminho quando o `exclude` chegou (da
    // iteração em curso, nunca da profundidade 1) ficam de fora: a análise
    // nova recomeça da profundidade 1. (Numa máquina carregada o motor chega
    // a imprimir uma ou duas antes de ler o `exclude`.)
    let depois = sincroniza_analise(&mut m, 12);
    let pens: Vec<&String> = depois
        .iter()
        .filter(|l| eh_pensamento(l))
        .skip_while(|l| l.split_whitespace().next() != Some("1"))
        .collect();
    assert!(pens.len() >= 9, "{depois:#?}");
    assert!(
        pens.iter().all(|l| primeiro_da_pv(l).unwrap() != melhor),
        "{melhor} excluído e ainda assim: {pens:#?}"
    );
    // exclude all + include de dois: só eles.
    envia(&mut m, "exclude all");
    envia(&mut m, "include d2d3");
    envia(&mut m, "include b1c3");
    // O `ping` vai para a fila atrás dos três (a análise já foi cancelada
    // pelo `exclude`): o que sai antes do `pong` é da análise antiga, que com
    // MultiPV 3 também tem linhas de d2d3 ou b1c3; depois, só a nova.
    sincroniza(&mut m);
    let depois = sincroniza_analise(&mut m, 6);
    let pens: Vec<&String> = depois
        .iter()
        .filter(|l| eh_pensamento(l))
        .skip_while(|l| {
            let p = primeiro_da_pv(l).unwrap();
            p != "d2d3" && p != "b1c3"
        })
        .collect();
    assert!(!pens.is_empty(), "{depois:#?}");
    for l in &pens {
        let p = primeiro_da_pv(l).unwrap();
        assert!(p == "d2d3" || p == "b1c3", "{l}");
    }
    // include all devolve todos; uma posição nova esquece as exclusões.
    envia(&mut m, "include all");
    envia(&mut m, "exit");
    sincroniza(&mut m);
}

/// Junta o que a análise diz até ter `minimo` linhas de pensamento (no
/// `PRAZO`: a análise não acaba sozinha) e sincroniza (o `ping` na análise é
/// respondido na hora).
fn sincroniza_analise(m: &mut TMotor, minimo: usize) -> Vec<String> {
    let contadas = std::cell::Cell::new(0);
    let mut v = espera(
        m,
        |l| {
            contadas.set(contadas.get() + eh_pensamento(l) as usize);
            contadas.get() >= minimo
        },
        PRAZO,
    );
    v.extend(sincroniza(m));
    v
}

#[test]
fn nps_orcamento_de_nos_por_lance() {
    let mut m = motor_pronto();
    envia(&mut m, "nps 100000");
    envia(&mut m, "level 0 1 0");
    envia(&mut m, "post");
    envia(&mut m, "force");
    envia(&mut m, &format!("setboard {FEN_MEIO}"));
    // O orçamento: o tempo-alvo da conta de tempo do motor × 100000 nós/s.
    let relogio = TRelogio {
        mps: 0,
        base_cs: 6000,
        inc_cs: 0,
        tempo_cs: 6000,
        otim_cs: 6000,
        ..TRelogio::default()
    };
    let orcamento = calcula_limites(&relogio, 1).tempo_alvo_ms * 100_000 / 1000;
    for _ in 0..3 {
        envia(&mut m, "time 6000");
        envia(&mut m, "otim 6000");
        envia(&mut m, "go");
        let (v, _) = espera_lance(&mut m);
        let ultima = v.iter().rfind(|l| eh_pensamento(l)).unwrap().clone();
        let t: Vec<u64> = ultima
            .split_whitespace()
            .take(4)
            .map(|x| x.trim_start_matches('-').parse().unwrap())
            .collect();
        let nos = t[3];
        assert!(
            nos * 10 >= orcamento * 9 && nos * 10 <= orcamento * 11,
            "{nos} nós para um orçamento de {orcamento}: {ultima}"
        );
        // O tempo informado é o virtual: nós ÷ 100000, em centésimos.
        assert_eq!(t[2], nos / 1000, "{ultima}");
        envia(&mut m, "force");
    }
    // `nps 1` + `st N` (como o python-chess pede N nós): N nós.
    envia(&mut m, "nps 1");
    envia(&mut m, "st 30000");
    envia(&mut m, "go");
    let (v, _) = espera_lance(&mut m);
    let ultima = v.iter().rfind(|l| eh_pensamento(l)).unwrap().clone();
    let nos: u64 = ultima.split_whitespace().nth(3).unwrap().parse().unwrap();
    assert!((27_000..=33_000).contains(&nos), "{ultima}");
    // O `new` desliga o `nps`: de volta ao relógio de parede. Com o `nps 1`
    // ainda valendo, o `sd 5` + `st 30` sairia com uns 30 nós (e não na
    // profundidade 5); sem ele, o `sd` é quem para a busca.
    envia(&mut m, "new");
    envia(&mut m, "force");
    envia(&mut m, &format!("setboard {FEN_MEIO}"));
    envia(&mut m, "post");
    envia(&mut m, "sd 5");
    envia(&mut m, "st 30");
    envia(&mut m, "go");
    let (v, _) = espera_lance(&mut m);
    let ultima = v.iter().rfind(|l| eh_pensamento(l)).unwrap().clone();
    let t: Vec<u64> = ultima
        .split_whitespace()
        .take(4)
        .map(|x| x.trim_start_matches('-').parse().unwrap())
        .collect();
    assert_eq!(t[0], 5, "{ultima}");
    assert!(t[3] > 1000, "{ultima}");
}

#[test]
fn krk_com_multipv_maior_que_os_lances() {
    // MultiPV 64 numa posição com poucos lances: uma linha por lance legal.
    let (mut m, _) = motor_uci();
    envia(&mut m, "setoption name MultiPV value 64");
    envia(&mut m, &format!("position fen {FEN_KRK}"));
    envia(&mut m, "go depth 3");
    let (v, lance) = espera_bestmove(&mut m, PRAZO);
    let porprof = linhas_por_profundidade(&v);
    // Uma linha por lance legal, nem mais nem menos.
    let b = TBoard::de_fen(FEN_KRK).unwrap();
    let n = {
        let mut l = ice::lance::TListaLances::nova();
        ice::geracao::gera_lista_lances(&b, ice::tipos::GERA_TODOS, &mut l);
        l.n
    };
    assert_eq!(porprof[&3].len(), n, "{:?}", porprof[&3]);
    assert!(acha_lance(&b, &lance).is_some());
}

/// As tabelas Syzygy dos testes (o conjunto de 3 e 4 peças).
const DIR_SYZYGY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");

#[test]
fn opcoes_syzygy() {
    let (mut m, v) = motor_uci();
    for o in [
        "option name SyzygyPath type string default <empty>",
        "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
        "option name Syzygy50MoveRule type check default true",
        "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
    ] {
        assert!(v.iter().any(|l| l == o), "falta '{o}': {v:#?}");
    }
    // Abrir as tabelas diz quantas há; valores válidos não dizem nada.
    envia(
        &mut m,
        &format!("setoption name SyzygyPath value {DIR_SYZYGY}"),
    );
    let v = pronto(&mut m);
    assert_eq!(
        v,
        vec![format!(
            "info string Syzygy: 35 endings, up to 4 pieces, in {DIR_SYZYGY}"
        )]
    );
    for o in [
        "setoption name SyzygyProbeDepth value 4",
        "setoption name syzygy50moverule value false",
        "setoption name SyzygyProbeLimit value 0",
    ] {
        envia(&mut m, o);
    }
    assert!(pronto(&mut m).is_empty());
    // Diretório sem tabelas e valores fora da faixa: uma linha cada.
    for (o, diz) in [
        (
            "setoption name SyzygyPath value /nao/existe",
            "no Syzygy tables in '/nao/existe' (directory '/nao/existe' unreadable); tablebases unchanged",
        ),
        (
            "setoption name SyzygyProbeDepth value 0",
            "bad value for option SyzygyProbeDepth: 0",
        ),
        (
            "setoption name SyzygyProbeLimit value 8",
            "bad value for option SyzygyProbeLimit: 8",
        ),
    ] {
        envia(&mut m, o);
        let v = pronto(&mut m);
        assert!(
            v.len() == 1 && v[0].starts_with("info string") && v[0].contains(diz),
            "{o}: {v:#?}"
        );
    }
    // `<empty>` tira as tabelas, sem mensagem.
    envia(&mut m, "setoption name SyzygyPath value <empty>");
    assert!(pronto(&mut m).is_empty());
    envia(&mut m, "quit");
    assert!(espera_saida(&mut m, PRAZO));
}

#[test]
fn busca_com_tabelas_syzygy() {
    let (mut m, _) = motor_uci();
    envia(
        &mut m,
        &format!("setoption name SyzygyPath value {DIR_SYZYGY}"),
    );
    pronto(&mut m);
    // KQvK: a raiz é das tabelas; o escore é o delas (logo abaixo dos
    // mates, em centipeões) até a busca achar o mate, e as sondas contam.
    envia(&mut m, "position fen 8/8/8/8/8/4k3/8/4K2Q w - - 0 1");
    envia(&mut m, "go depth 4");
    let (v, _) = espera_bestmove(&mut m, PRAZO);
    let info: Vec<&String> = v.iter().filter(|l| l.starts_with("info depth")).collect();
    assert!(!info.is_empty(), "{v:#?}");
    for l in &info {
        assert!(l.contains("score cp 30000"), "{l}");
        assert!(
            campo(l, "tbhits").unwrap().parse::<u64>().unwrap() > 0,
            "{l}"
        );
    }
    // Sem sondar (SyzygyProbeLimit 0): o escore volta a ser o da busca.
    envia(&mut m, "setoption name SyzygyProbeLimit value 0");
    envia(&mut m, "go depth 4");
    let (v, _) = espera_bestmove(&mut m, PRAZO);
    for l in v.iter().filter(|l| l.starts_with("info depth")) {
        assert!(!l.contains("score cp 30000"), "{l}");
        assert_eq!(campo(l, "tbhits").as_deref(), Some("0"), "{l}");
    }
    envia(&mut m, "quit");
    assert!(espera_saida(&mut m, PRAZO));
}

#[test]
fn tabela_ruim_na_busca_avisa_uma_vez() {
    // Uma cópia de KQvK com o WDL zerado: a busca segue sem ela e diz uma
    // vez, numa `info string`, qual arquivo está ruim.
    let dir = std::env::temp_dir().join(format!("ice-uci-syzygy-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for ext in ["rtbw", "rtbz"] {
        let mut bytes = std::fs::read(format!("{DIR_SYZYGY}/KQvK.{ext}")).unwrap();
        if ext == "rtbw" {
            bytes.iter_mut().for_each(|x| *x = 0);
        }
        std::fs::write(dir.join(format!("KQvK.{ext}")), bytes).unwrap();
    }
    let (mut m, _) = motor_uci();
    envia(
        &mut m,
        &format!("setoption name SyzygyPath value {}", dir.display()),
    );
    pronto(&mut m);
    for _ in 0..2 {
        envia(&mut m, "position fen 8/8/8/8/8/4k3/8/4K2Q w - - 0 1");
        envia(&mut m, "go depth 3");
        espera_bestmove(&mut m, PRAZO);
    }
    let t = m.transcricao.join("\n");
    assert_eq!(t.matches("bad Syzygy table").count(), 1, "{t}");
    assert!(
        t.contains("info string bad Syzygy table:") && t.contains("KQvK.rtbw"),
        "{t}"
    );
    envia(&mut m, "quit");
    assert!(espera_saida(&mut m, PRAZO));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn uci_chess960_roque_rei_toma_torre() {
    let (mut m, v) = motor_uci();
    assert!(
        v.iter()
            .any(|l| l == "option name UCI_Chess960 type check default false"),
        "{v:#?}"
    );
    // Sem a opção: o roque do xadrez comum entra e sai como e1g1.
    let abertura = "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6";
    envia(&mut m, &format!("position startpos moves {abertura}"));
    envia(&mut m, "go depth 2 searchmoves e1g1");
    assert_eq!(espera_bestmove(&mut m, PRAZO).1, "e1g1");

    // Com a opção: "rei toma a torre" (e1h1), na entrada e no bestmove.
    envia(&mut m, "setoption name UCI_Chess960 value true");
    envia(&mut m, &format!("position startpos moves {abertura}"));
    envia(&mut m, "go depth 2 searchmoves e1h1");
    let (v, lance) = espera_bestmove(&mut m, PRAZO);
    assert_eq!(lance, "e1h1", "{v:#?}");
    assert!(v.iter().all(|l| !l.contains("e1g1")), "{v:#?}");

    // Uma posição de 960 com os dois roques nos lances (rei e torre trocam
    // de casa: f1g1 e f8g8) e um mate em 1 pelo roque grande (b1a1).
    let inicio = "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1";
    envia(&mut m, &format!("position fen {inicio} moves f1g1 f8g8"));
    envia(&mut m, "go depth 3");
    let (v, lance) = espera_bestmove(&mut m, PRAZO);
    assert!(v.iter().all(|l| !l.starts_with("info string")), "{v:#?}");
    let mut b = TBoard::de_fen(inicio).unwrap();
    for l in ["f1g1", "f8g8"] {
        b.make(&acha_lance(&b, l).unwrap());
    }
    assert!(acha_lance(&b, &lance).is_some(), "{lance}");
    envia(
        &mut m,
        "position fen 2rkr3/2p1p3/1N6/8/8/8/P7/RK6 w Q - 0 1",
    );
    envia(&mut m, "go depth 3");
    let (v, lance) = espera_bestmove(&mut m, PRAZO);
    assert_eq!(lance, "b1a1", "{v:#?}");
    assert!(v.iter().any(|l| l.contains("score mate 1")), "{v:#?}");
}
