//! Testes do tabuleiro: perft das suítes, FEN, recusas, chaves Polyglot e
//! make/unmake (inclusive o lance nulo) restaurando tudo.

use crate::motor;

use motor::le_suite;

use ice::geracao::{acha_lance, gera_lista_lances};
use ice::lance::TListaLances;
use ice::perft::perft;
use ice::pesos::{
    casa_relativa, par, TPar, MATERIAL, PC_BISPO, PC_CAVALO, PC_DAMA, PC_PEAO, PC_REI, PC_TORRE,
};
use ice::tabuleiro::{TBoard, FEN_INICIAL};
use ice::tipos::{GERA_TODOS, MSK_EN_PASSANT, NENHUMA};

/// Confere cada profundidade até `teto_nos` folhas (e pelo menos `min_prof`).
fn confere(texto: &str, teto_nos: u64, min_prof: u32) -> usize {
    let mut conferidos = 0;
    for (fen, contas) in le_suite(texto) {
        let mut b = TBoard::de_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (d, n) in contas {
            if n > teto_nos && d > min_prof {
                continue;
            }
            assert_eq!(perft(&mut b, d), n, "perft {d} de {fen}");
            conferidos += 1;
        }
        assert!(b.consistente(), "{fen}");
        assert_eq!(b.para_fen().split(' ').next(), fen.split(' ').next());
    }
    conferidos
}

#[test]
fn perft_suite_classica() {
    // Todas as 126 posições até a profundidade 4, e mais fundo enquanto barato.
    let n = confere(include_str!("data/perftsuite.epd"), 3_000_000, 4);
    assert!(n >= 126 * 4, "só {n} contagens");
}

#[test]
fn perft_cpw_profundo() {
    // As seis posições da CPW: profundidade 5–6 (até ~200 milhões de folhas).
    let n = confere(include_str!("data/cpw_perft.epd"), 200_000_000, 4);
    assert!(n >= 30, "só {n} contagens");
}

#[test]
fn fen_ida_e_volta() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 13 42",
        "r3k3/8/8/8/8/8/8/4K2R b Kq - 99 120",
    ] {
        assert_eq!(TBoard::de_fen(fen).unwrap().para_fen(), fen);
    }
    // Um e.p. que ninguém pode capturar não entra na chave nem no FEN de saída.
    let b = TBoard::de_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    assert_eq!(
        b.para_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // EPD de 4 campos: contadores padrão.
    assert_eq!(
        TBoard::de_fen("8/8/8/8/8/8/8/K6k w - -")
            .unwrap()
            .para_fen(),
        "8/8/8/8/8/8/8/K6k w - - 0 1"
    );
}

#[test]
fn fen_recusados() {
    let ruins = [
        ("", "fields"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
            "fields",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x",
            "fields",
        ),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "ranks"),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "digit",
        ),
        (
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "character",
        ),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "squares",
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "squares",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side",
        ),
        (
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
            "king",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w KQkq - 0 1",
            "king",
        ),
        (
            "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1",
            "pawn",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNp w kq - 0 1",
            "pawn",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ", ""),
        ("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1", "in check"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KX - 0 1",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w k - 0 1",
            "king",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            "passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            "passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1",
            "passant",
        ),
        // Casas de e.p. nas bordas (a fileira é conferida antes de olhar a
        // casa vizinha) e casa de partida do peão ocupada.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq a8 0 1",
            "passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq h1 0 1",
            "passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
            "passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
            "halfmove",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x",
            "move number",
        ),
    ];
    for (fen, palavra) in ruins {
        match TBoard::de_fen(fen) {
            Ok(_) if palavra.is_empty() => {}
            Ok(_) => panic!("FEN aceito indevidamente: {fen}"),
            Err(e) => assert!(e.contains(palavra), "{fen}: mensagem '{e}' sem '{palavra}'"),
        }
    }
}

#[test]
fn chaves_polyglot_publicadas() {
    // FEN e chave publicados com o formato Polyglot; confere também a chave
    // incremental jogando os lances a partir da posição inicial.
    for linha in include_str!("data/polyglot-keys.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let partes: Vec<&str> = linha.split(';').map(str::trim).collect();
        let chave = u64::from_str_radix(partes[1].trim_start_matches("0x"), 16).unwrap();
        assert_eq!(
            TBoard::de_fen(partes[0]).unwrap().chave_hash,
            chave,
            "{}",
            partes[0]
        );
        let mut b = TBoard::inicial();
        for m in partes[2]
            .trim_start_matches("moves:")
            .split_whitespace()
            .filter(|m| *m != "startpos")
        {
            let l = acha_lance(&b, m).unwrap_or_else(|| panic!("{m} ilegal"));
            b.make(&l);
        }
        assert_eq!(b.chave_hash, chave, "sequência {}", partes[2]);
        assert_eq!(b.chave_do_zero(), chave);
    }
    assert_eq!(TBoard::inicial().chave_hash, 0x463b96181691fc9c);
}

/// Percorre a árvore a uma profundidade conferindo que make/unmake e o lance
/// nulo devolvem o tabuleiro exatamente como estava (chave e soma de material
/// e peça-casa inclusive).
fn confere_make_unmake(b: &mut TBoard, prof: u32) {
    let antes = b.clone();
    let mut lista = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut lista);
    if !b.em_xeque() {
        b.make_null_move();
        assert_eq!(b.chave_hash, b.chave_do_zero());
        assert_eq!(b.peca_casa, antes.peca_casa);
        b.unmake_null_move();
        assert_eq!(b.para_fen(), antes.para_fen());
        assert_eq!(b.chave_hash, antes.chave_hash);
        assert_eq!(b.peca_casa, antes.peca_casa);
    }
    let xeques = b.prepara_xeques();
    for l in lista.como_fatia() {
        let da_xeque = b.da_xeque(l);
        assert_eq!(
            b.da_xeque_com(&xeques, l),
            da_xeque,
            "da_xeque_com de {l:?} em {}",
            antes.para_fen()
        );
        b.make(l);
        assert_eq!(
            da_xeque,
            b.em_xeque(),
            "da_xeque de {l:?} em {}",
            antes.para_fen()
        );
        assert_eq!(b.chave_hash, b.chave_do_zero(), "chave após {l:?}");
        assert_eq!(b.peca_casa, b.peca_casa_do_zero(), "peça-casa após {l:?}");
        assert!(b.consistente());
        if prof > 1 {
            confere_make_unmake(b, prof - 1);
        }
        b.unmake();
        assert_eq!(b.para_fen(), antes.para_fen());
        assert_eq!(b.chave_hash, antes.chave_hash);
        assert_eq!(b.peca_casa, antes.peca_casa);
        assert_eq!(b.casas, antes.casas);
        assert_eq!(b.pecas, antes.pecas);
        assert_eq!(b.num_historico, antes.num_historico);
    }
}

#[test]
fn make_unmake_e_nulo_restauram_tudo() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        let mut b = TBoard::de_fen(fen).unwrap();
        confere_make_unmake(&mut b, 3);
    }
}

/// `da_xeque` responde o mesmo que fazer o lance e perguntar `em_xeque`,
/// nos casos em que a peça que chega não é a que sai ou em que sai mais de
/// uma peça: xeque descoberto pelo en passant (as duas casas da fileira
/// vagam), roque que dá xeque com a torre (também no Chess960, com rei e
/// torre trocando de casa), promoções, e xeques descobertos comuns. A
/// árvore usa `da_xeque` para não podar xeques; um erro mudaria o `Bench`.
#[test]
fn da_xeque_igual_a_fazer_o_lance() {
    for fen in [
        "8/8/8/R2Pp2k/8/8/8/4K3 w - e6 0 1",
        "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
        "2k5/4P3/8/8/8/8/8/4K3 w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "2r1k3/8/8/8/2B5/8/8/1RK5 w B - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1",
        "4k3/8/8/8/8/8/8/R3K1RR w GQ - 0 1",
        "4k3/8/8/8/8/8/4N3/4RK2 w - - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        let mut b = TBoard::de_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        confere_make_unmake(&mut b, 3);
    }
    // O caso do en passant, sozinho: o lance existe e dá xeque.
    let b = TBoard::de_fen("8/8/8/R2Pp2k/8/8/8/4K3 w - e6 0 1").unwrap();
    let l = acha_lance(&b, "d5e6").expect("en passant legal");
    assert!(b.da_xeque(&l));
    let l = acha_lance(&b, "d5d6").expect("avanço legal");
    assert!(!b.da_xeque(&l));
}

/// Material + peça-casa de cada cor somados peça a peça direto dos pesos
/// (`MATERIAL` + `PC_*` na casa vista pela cor), sem a tabela `PECA_CASA`
/// nem `peca_casa_do_zero`: o que a soma incremental tem de dar.
fn peca_casa_pelos_pesos(b: &TBoard) -> [TPar; 2] {
    let tabelas = [
        &PC_PEAO, &PC_PEAO, &PC_CAVALO, &PC_BISPO, &PC_TORRE, &PC_DAMA, &PC_REI,
    ];
    let mut s = [par(0, 0); 2];
    for casa in 0..64 {
        let peca = b.casas[casa] as usize;
        if peca == 0 {
            continue;
        }
        let cor = b.cor_em(casa);
        let v = tabelas[peca][casa_relativa(cor, casa)];
        s[cor].mg += v.mg + MATERIAL[peca].mg;
        s[cor].eg += v.eg + MATERIAL[peca].eg;
    }
    s
}

/// A soma de material + peça-casa que o `make` mantém no tabuleiro (e que
/// o passo 1 da avaliação lê) é a mesma somada do zero depois de cada lance
/// e de cada volta, em partidas sorteadas (com lance nulo no meio) do xadrez
/// comum e do Chess960. O sorteio prefere capturas, en passant, promoções e
/// roques, e o teste exige ter visto cada um deles: sem isso ele passaria
/// sem conferir o caminho de um deles.
#[test]
fn soma_peca_casa_incremental_igual_a_do_zero() {
    let mut fens: Vec<String> = [
        FEN_INICIAL,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        // 960: o rei chega à casa da torre (e a torre à do rei).
        "4k3/8/8/8/8/8/8/R3K1RR w GQ - 0 1",
        "2r1k3/8/8/8/2B5/8/8/1RK5 w B - 0 1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    fens.extend(
        include_str!("data/chess960.epd")
            .lines()
            .take(12)
            .map(|l| l.split(';').next().unwrap().trim().to_string()),
    );
    // Gerador congruente: a mesma sequência em toda execução.
    let mut semente: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut sorteia = |n: usize| {
        semente = semente
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((semente >> 33) as usize) % n
    };
    // Capturas, en passant, promoções, roques comuns, roques 960, nulos.
    let mut vistos = [0u32; 6];
    for fen in &fens {
        for partida in 0..4 {
            let mut b = TBoard::de_fen(fen).unwrap();
            let inicio = b.clone();
            assert_eq!(b.peca_casa, peca_casa_pelos_pesos(&b), "{fen}");
            // O que desfazer na volta: `true` para um lance nulo.
            let mut feitos = Vec::new();
            for _ in 0..160 {
                let mut lista = TListaLances::nova();
                gera_lista_lances(&b, GERA_TODOS, &mut lista);
                let lances = lista.como_fatia();
                if lances.is_empty() || b.empate_pelas_regras(2).is_some() {
                    break;
                }
                if !b.em_xeque() && sorteia(10) == 0 {
                    b.make_null_move();
                    feitos.push(true);
                    vistos[5] += 1;
                    assert_eq!(b.peca_casa, peca_casa_pelos_pesos(&b), "nulo em {fen}");
                    continue;
                }
                let especiais: Vec<_> = lances
                    .iter()
                    .filter(|l| {
                        l.peca_capturada != NENHUMA || l.peca_promovida != NENHUMA || l.eh_roque()
                    })
                    .collect();
                let l = if !especiais.is_empty() && sorteia(2) == 0 {
                    *especiais[sorteia(especiais.len())]
                } else {
                    lances[sorteia(lances.len())]
                };
                vistos[0] += (l.peca_capturada != NENHUMA) as u32;
                vistos[1] += (l.especial & MSK_EN_PASSANT != 0) as u32;
                vistos[2] += (l.peca_promovida != NENHUMA) as u32;
                vistos[3] += (l.eh_roque() && !b.chess960) as u32;
                vistos[4] += (l.eh_roque() && b.chess960) as u32;
                b.make(&l);
                feitos.push(false);
                assert_eq!(
                    b.peca_casa,
                    peca_casa_pelos_pesos(&b),
                    "depois de {l:?} (partida {partida} de {fen}): {}",
                    b.para_fen()
                );
            }
            while let Some(nulo) = feitos.pop() {
                if nulo {
                    b.unmake_null_move();
                } else {
                    b.unmake();
                }
                assert_eq!(b.peca_casa, peca_casa_pelos_pesos(&b), "na volta, {fen}");
            }
            assert_eq!(b.para_fen(), inicio.para_fen());
            assert_eq!(b.peca_casa, inicio.peca_casa);
        }
    }
    assert!(
        vistos.iter().all(|&n| n > 0),
        "faltou um tipo de lance (capturas, e.p., promoções, roques, roques 960, nulos): {vistos:?}"
    );
}

/// `da_xeque_com` (com o que `prepara_xeques` calcula uma vez por nó)
/// responde o mesmo que `da_xeque` e que fazer o lance, em todas as
/// posições da WAC e em todos os lances até dois plies delas: a árvore
/// usa os dois para não podar xeques, e um erro mudaria o `Bench`.
#[test]
fn da_xeque_com_igual_nas_posicoes_da_wac() {
    let texto = std::fs::read_to_string("tests/data/wac.epd").unwrap();
    let mut n = 0;
    for linha in texto.lines().filter(|l| !l.trim().is_empty()) {
        let campos: Vec<&str> = linha.split_whitespace().take(4).collect();
        let fen = format!("{} 0 1", campos.join(" "));
        let mut b = TBoard::de_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        confere_make_unmake(&mut b, 2);
        n += 1;
    }
    assert_eq!(n, 300);
}
