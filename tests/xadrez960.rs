//! Testes do Chess960 (Fischer Random): perft das 960 posições da suíte
//! (Shredder-FEN com as contagens conhecidas), X-FEN lido e escrito, a
//! numeração de Scharnagl das posições iniciais, o roque escrito como "rei
//! toma a torre" e o make/unmake dos roques em que rei e torre trocam de casa.

use crate::motor;

use motor::le_suite;

use ice::avaliacao::{eval, nova_avaliacao};
use ice::fen::{fen_chess960, POSICOES_960};
use ice::geracao::{acha_lance, gera_lista_lances, san_para_lance};
use ice::lance::{lance_para_texto, TListaLances};
use ice::perft::perft;
use ice::tabuleiro::{TBoard, FEN_INICIAL};
use ice::tipos::{GERA_TODOS, INFINITO};

fn lances(b: &TBoard) -> Vec<String> {
    let mut l = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut l);
    let mut v: Vec<String> = l.como_fatia().iter().map(lance_para_texto).collect();
    v.sort();
    v
}

#[test]
fn perft_das_960_posicoes() {
    // Todas até a profundidade 4; 50 delas, espalhadas pela numeração
    // (i·50 mod 960 < 50), também a 5 (~0,6 bilhão de folhas no total,
    // poucos segundos em release).
    let suite = le_suite(include_str!("data/chess960.epd"));
    assert_eq!(suite.len(), 960);
    let mut conferidos = 0;
    for (i, (fen, contas)) in suite.iter().enumerate() {
        let mut b = TBoard::de_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let teto = if (i * 50) % 960 < 50 { 5 } else { 4 };
        for &(d, n) in contas {
            if d <= teto {
                assert_eq!(perft(&mut b, d), n, "perft {d} de {fen}");
                conferidos += 1;
            }
        }
        assert!(b.consistente(), "{fen}");
        // O FEN escrito (X-FEN) lê de volta na mesma posição.
        let escrito = b.para_fen();
        let relido = TBoard::de_fen(&escrito).unwrap();
        assert_eq!(relido.chave_hash, b.chave_hash, "{fen} → {escrito}");
        assert_eq!(relido.torre_roque, b.torre_roque, "{fen} → {escrito}");
        assert_eq!(relido.para_fen(), escrito);
    }
    assert_eq!(conferidos, 960 * 4 + 50, "contagens conferidas");
}

#[test]
fn numeracao_de_scharnagl() {
    assert_eq!(fen_chess960(518).unwrap(), FEN_INICIAL);
    assert_eq!(
        fen_chess960(0).unwrap(),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
    );
    assert_eq!(
        fen_chess960(959).unwrap(),
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1"
    );
    assert!(fen_chess960(POSICOES_960).is_none());
    let mut vistas = std::collections::HashSet::new();
    for n in 0..POSICOES_960 {
        let fen = fen_chess960(n).unwrap();
        let fila: Vec<char> = fen.split('/').next().unwrap().chars().collect();
        let col = |p: char| -> Vec<usize> { (0..8).filter(|&c| fila[c] == p).collect() };
        let (bispos, torres, rei) = (col('b'), col('r'), col('k'));
        assert_eq!(
            bispos[0] % 2 + bispos[1] % 2,
            1,
            "bispos de cores opostas: {fen}"
        );
        assert!(
            torres[0] < rei[0] && rei[0] < torres[1],
            "rei entre as torres: {fen}"
        );
        let b = TBoard::de_fen(&fen).unwrap();
        // O roque pequeno já é legal quando rei e torre estão em f1 e g1
        // (trocam de casa: nada entre eles); em nenhuma outra.
        let roque_ja = fila[5] == 'k' && fila[6] == 'r';
        let v = lances(&b);
        assert_eq!(v.contains(&"f1g1".to_string()), roque_ja, "{fen}");
        // A marca só olha o roque: rei em e1 e torres nos cantos é "comum".
        let comum = torres == [0, 7] && rei == [4];
        assert_eq!(b.chess960, !comum, "{fen}");
        assert_eq!(b.para_fen(), fen, "X-FEN da posição inicial é KQkq");
        vistas.insert(fen);
    }
    assert_eq!(vistas.len(), 960);
}

#[test]
fn x_fen_e_shredder_fen() {
    // Shredder-FEN de uma posição em que as torres são as de fora: sai KQkq.
    let b = TBoard::de_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1")
        .unwrap();
    assert_eq!(
        b.para_fen(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 0 1"
    );
    // Torre de dentro: duas torres na ala do rei, o direito é da de g1.
    let fen = "4k3/8/8/8/8/8/8/R3K1RR w GQ - 0 1";
    let b = TBoard::de_fen(fen).unwrap();
    assert_eq!(b.para_fen(), fen);
    assert!(b.chess960);
    let v = lances(&b);
    // Roque pequeno com a torre de g1: o rei vai a g1, a torre a f1.
    assert!(v.contains(&"e1g1".to_string()), "{v:?}");
    assert!(v.contains(&"e1a1".to_string()), "{v:?}");
    // K lido como a torre mais de fora: h1.
    let b = TBoard::de_fen("4k3/8/8/8/8/8/8/R3K1RR w K - 0 1").unwrap();
    assert_eq!(b.torre_roque[0], 63);
    assert_eq!(b.para_fen(), "4k3/8/8/8/8/8/8/R3K1RR w K - 0 1");
    // Recusas: letra sem torre, K sem torre na ala, rei fora da fileira.
    for ruim in [
        "4k3/8/8/8/8/8/8/R3K2R w B - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w K - 0 1",
        "4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1",
        "4k3/8/8/8/8/8/8/R3K2R w E - 0 1",
        "4k3/8/8/8/8/8/8/R3K2R w KH - 0 1",
    ] {
        assert!(TBoard::de_fen(ruim).is_err(), "{ruim}");
    }
}

#[test]
fn roques_do_960() {
    // Rei em f1 e torre em g1: no roque pequeno trocam de casa (f1g1 é o
    // "rei toma a torre"); o make/unmake tem de devolver tudo.
    let fen = "r3k2r/8/8/8/8/8/8/1R3KR1 w GBkq - 0 1";
    let mut b = TBoard::de_fen(fen).unwrap();
    let v = lances(&b);
    assert!(v.contains(&"f1g1".to_string()), "{v:?}");
    assert!(v.contains(&"f1b1".to_string()), "{v:?}");
    let antes = b.clone();
    for texto in ["f1g1", "f1b1", "O-O", "O-O-O"] {
        let l = san_para_lance(&b, texto).unwrap();
        b.make(&l);
        assert!(b.consistente(), "{texto}");
        b.unmake();
        assert_eq!(b.para_fen(), antes.para_fen());
        assert_eq!(b.casas, antes.casas);
    }
    let l = acha_lance(&b, "f1g1").unwrap();
    b.make(&l);
    assert_eq!(b.para_fen(), "r3k2r/8/8/8/8/8/8/1R3RK1 b kq - 1 1");
    b.unmake();
    let l = acha_lance(&b, "f1b1").unwrap();
    b.make(&l);
    assert_eq!(b.para_fen(), "r3k2r/8/8/8/8/8/8/2KR2R1 b kq - 1 1");
    b.unmake();
    // Rei já na casa de chegada (g1): o roque só mexe a torre.
    let mut b = TBoard::de_fen("4k3/8/8/8/8/8/8/3R2KR w H - 0 1").unwrap();
    let l = acha_lance(&b, "g1h1").unwrap();
    b.make(&l);
    assert_eq!(b.para_fen(), "4k3/8/8/8/8/8/8/3R1RK1 b - - 1 1");
    // A torre do roque tapa um atacante na primeira fileira: rei em c1,
    // torre em b1, dama preta em a1. Depois do roque (torre em d1) o rei
    // ficaria em xeque em c1, então o roque grande é ilegal.
    let b = TBoard::de_fen("4k3/8/8/8/8/8/8/qRK4R w B - 0 1").unwrap();
    assert!(!lances(&b).contains(&"c1b1".to_string()));
    // Sem a dama, é legal (e o rei nem se mexe).
    let b = TBoard::de_fen("4k3/8/8/8/8/8/8/1RK4R w B - 0 1").unwrap();
    assert!(lances(&b).contains(&"c1b1".to_string()));
}

/// Espelho de cores de um FEN (X-FEN ou Shredder-FEN): vira o tabuleiro na
/// vertical, troca as cores, a vez, os roques (as letras de coluna trocam de
/// caixa) e a casa de en passant. Os contadores ficam de fora.
fn espelha(fen: &str) -> String {
    let c: Vec<&str> = fen.split_whitespace().collect();
    let troca = |s: &str| -> String {
        s.chars()
            .map(|ch| {
                if ch.is_ascii_uppercase() {
                    ch.to_ascii_lowercase()
                } else {
                    ch.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let linhas: Vec<String> = c[0].split('/').rev().map(troca).collect();
    let vez = if c[1] == "w" { "b" } else { "w" };
    let roque = if c[2] == "-" {
        "-".to_string()
    } else {
        troca(c[2])
    };
    let ep = if c[3] == "-" {
        "-".to_string()
    } else {
        let b = c[3].as_bytes();
        format!("{}{}", b[0] as char, if b[1] == b'3' { '6' } else { '3' })
    };
    format!("{} {vez} {roque} {ep} 0 1", linhas.join("/"))
}

#[test]
fn simetria_da_avaliacao_no_960() {
    // As 960 posições iniciais e as da suíte de perft: a avaliação (os três
    // modos) dá o mesmo valor à posição e ao seu espelho de cores. Os termos
    // de roque (o "já rocou", o bônus de abertura) não podem supor rei em
    // e1/e8 nem torres nos cantos de um lado só.
    let mut fens: Vec<String> = (0..POSICOES_960)
        .map(|n| fen_chess960(n).unwrap())
        .collect();
    fens.extend(
        le_suite(include_str!("data/chess960.epd"))
            .into_iter()
            .map(|(f, _)| f),
    );
    for modo in 0..3 {
        let mut av = nova_avaliacao();
        av.classico = modo == 1;
        av.so_material_pst = modo == 2;
        for fen in &fens {
            let b = TBoard::de_fen(fen).unwrap();
            let m = TBoard::de_fen(&espelha(fen)).unwrap();
            let v = eval(&b, &mut av, -INFINITO, INFINITO);
            let vm = eval(&m, &mut av, -INFINITO, INFINITO);
            assert_eq!(v, vm, "modo {modo}: {fen} / {}", espelha(fen));
        }
    }
    // E depois de um roque do 960 com rei e torre trocando de casa.
    let mut av = nova_avaliacao();
    let inicio = "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1";
    let mut b = TBoard::de_fen(inicio).unwrap();
    for l in ["f1g1", "f8g8"] {
        b.make(&acha_lance(&b, l).unwrap());
    }
    let fen = b.para_fen();
    let m = TBoard::de_fen(&espelha(&fen)).unwrap();
    let b = TBoard::de_fen(&fen).unwrap();
    assert_eq!(
        eval(&b, &mut av, -INFINITO, INFINITO),
        eval(&m, &mut av, -INFINITO, INFINITO),
        "{fen}"
    );
}
