//! Testes do livro de aberturas (`ice::livro`): leitura do formato de texto,
//! transposições, sorteio ponderado, Polyglot, o livro do projeto, `bk` e a
//! construção de livros a partir de PGN.
//!
//! Os dados ficam em `tests/data/livro*`; o livro do projeto é lido de
//! `book/livro.txt` (o mesmo texto que o executável embute).

use ice::geracao::{acha_lance, gera_lista_lances, san_para_lance};
use ice::lance::{lance_para_texto, TListaLances};
use ice::livro::*;
use ice::tabuleiro::TBoard;
use ice::tipos::GERA_TODOS;
use rand::{Rng, SeedableRng};

const DADOS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/");

fn dado(nome: &str) -> String {
    format!("{DADOS}{nome}")
}

/// Posição depois de uma sequência de lances em coordenadas (o teste falha se
/// algum for ilegal).
fn posicao(lances: &str) -> TBoard {
    let mut b = TBoard::inicial();
    for t in lances.split_whitespace() {
        let l = acha_lance(&b, t).unwrap_or_else(|| panic!("lance {t} ilegal em {}", b.para_fen()));
        b.make(&l);
    }
    b
}

/// Posição depois de uma sequência em SAN.
fn posicao_san(lances: &str) -> TBoard {
    let mut b = TBoard::inicial();
    for t in lances.split_whitespace() {
        let l =
            san_para_lance(&b, t).unwrap_or_else(|| panic!("lance {t} ilegal em {}", b.para_fen()));
        b.make(&l);
    }
    b
}

/// Os lances do livro como texto, com o peso.
fn lances_texto(l: &TLivro, b: &TBoard) -> Vec<(String, u32)> {
    lances_do_livro(l, b)
        .iter()
        .map(|(m, p)| (lance_para_texto(m), *p))
        .collect()
}

fn livro_de(texto: &str) -> TLivro {
    let (l, avisos) = livro_de_texto(texto);
    assert!(avisos.is_empty(), "avisos inesperados: {avisos:?}");
    l
}

// ---------------------------------------------------------------------------
// Leitura do formato de texto
// ---------------------------------------------------------------------------

#[test]
fn linha_boa_e_comentario() {
    assert_eq!(interpreta_linha("   # só comentário").unwrap(), None);
    assert_eq!(interpreta_linha("").unwrap(), None);
    let l = interpreta_linha("e2e4 e7e5:40% g1f3 25%  # Ruy")
        .unwrap()
        .unwrap();
    assert_eq!(l.peso, 25);
    assert_eq!(l.lances.len(), 3);
    assert_eq!(
        l.lances[0].chave, 0x463b96181691fc9c,
        "chave Polyglot da posição inicial"
    );
    assert_eq!(l.lances[0].lance, 0x031c, "e2e4 no Polyglot");
    assert_eq!(l.lances[1].marca, Some(40));
    assert_eq!(l.lances[0].marca, None);
    // Sem percentual, a linha vale 100%.
    assert_eq!(interpreta_linha("d2d4").unwrap().unwrap().peso, 100);
}

#[test]
fn linhas_ruins_sao_relatadas_com_o_numero_e_puladas() {
    let texto = std::fs::read_to_string(dado("livro_ruim.txt")).unwrap();
    let (livro, avisos) = livro_de_texto(&texto);
    let numeros: Vec<usize> = avisos
        .iter()
        .map(|a| {
            a.strip_prefix("linha ")
                .and_then(|r| r.split(':').next())
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect();
    assert_eq!(
        numeros,
        vec![4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 16],
        "avisos: {avisos:#?}"
    );
    assert!(avisos[0].contains("'d4d5' ilegal"), "{}", avisos[0]);
    assert!(avisos[1].contains("coordenadas"), "{}", avisos[1]);
    assert!(avisos[2].contains("percentual solto"), "{}", avisos[2]);
    // As boas (2, 3 e 15) entraram: 1.e4 e 1.d4 no início, o roque depois.
    let inicio = lances_texto(&livro, &TBoard::inicial());
    let nomes: Vec<&str> = inicio.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(nomes, vec!["d2d4", "e2e4"]);
    let antes_do_roque = posicao("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6");
    assert_eq!(lances_texto(&livro, &antes_do_roque)[0].0, "e1g1");
    // Nada da linha 4 (ilegal no 7.º lance) entrou, nem os lances antes do erro.
    assert!(lances_do_livro(&livro, &posicao("e2e4"))
        .iter()
        .all(|(m, _)| lance_para_texto(m) != "e7e6"));
}

#[test]
fn lixo_nunca_entra_em_panico() {
    // Linhas aleatórias (semente fixa) com os caracteres que o leitor trata.
    let alfabeto: Vec<char> = "abcdefgh12345678qrnbk :%#0 9\t%é€xX-=+".chars().collect();
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut texto = String::new();
    for _ in 0..2000 {
        let n = rng.gen_range(0..40);
        let linha: String = (0..n)
            .map(|_| alfabeto[rng.gen_range(0..alfabeto.len())])
            .collect();
        texto.push_str(&linha);
        texto.push('\n');
    }
    let (_livro, avisos) = livro_de_texto(&texto);
    assert!(!avisos.is_empty());
    // Bytes aleatórios como Polyglot: tudo é lido, os lances ilegais somem.
    let bytes: Vec<u8> = (0..16 * 500 + 7).map(|_| rng.gen()).collect();
    let (livro, avisos) = livro_de_polyglot(&bytes);
    assert_eq!(livro.entradas.len(), 500);
    assert!(avisos.iter().any(|a| a.contains("7 bytes")));
    assert!(avisos.iter().any(|a| a.contains("fora de ordem")));
    assert!(livro.entradas.windows(2).all(|w| w[0].chave <= w[1].chave));
    let _ = texto_bk(&livro, &TBoard::inicial());
    // PGN aleatório, com todos os delimitadores soltos: termina e não entra em pânico.
    let alfabeto: Vec<char> = "e4Nf3Bb5O-O 1.2...{}()[];$%*\n\"x=Q+#!?01/"
        .chars()
        .collect();
    for _ in 0..50 {
        let pgn: String = (0..400)
            .map(|_| alfabeto[rng.gen_range(0..alfabeto.len())])
            .collect();
        let (partidas, _) = partidas_de_pgn(&pgn, 10);
        assert!(partidas.iter().all(|p| p.len() <= 10));
    }
    let (partidas, resumo) = partidas_de_pgn("1. e4 } e5 ( [ ) 2. Nf3 [Event \"x\"] 1. d4 *", 10);
    assert_eq!(resumo.partidas, 2);
    assert_eq!(partidas[0], vec!["e2e4", "e7e5", "g1f3"]);
}

// ---------------------------------------------------------------------------
// Transposições
// ---------------------------------------------------------------------------

#[test]
fn transposicao_duas_ordens_uma_entrada() {
    // 1.d4 Nf6 2.c4 e6 3.Nf3 e 1.Nf3 Nf6 2.c4 e6 3.d4 chegam à mesma posição.
    let ordem_a = "d2d4 g8f6 c2c4 e7e6 g1f3";
    let ordem_b = "g1f3 g8f6 c2c4 e7e6 d2d4";
    let livro = livro_de(&format!("{ordem_a} d7d5\n{ordem_b} b7b6\n"));
    let (pa, pb) = (posicao(ordem_a), posicao(ordem_b));
    assert_eq!(pa.chave_hash, pb.chave_hash);
    // Uma só chave na tabela para a posição, com as respostas das duas linhas.
    let entradas: Vec<_> = livro
        .entradas
        .iter()
        .filter(|e| e.chave == pa.chave_hash)
        .collect();
    assert_eq!(entradas.len(), 2);
    let mut esperado = vec![("b7b6".to_string(), 5000), ("d7d5".to_string(), 5000)];
    esperado.sort();
    for b in [&pa, &pb] {
        let mut achados = lances_texto(&livro, b);
        achados.sort();
        assert_eq!(achados, esperado);
    }
}

#[test]
fn transposicao_que_o_ice_nao_via() {
    // Só uma ordem escrita: a outra ordem acha a resposta mesmo assim.
    let livro = livro_de("d2d4 g8f6 c2c4 e7e6 g1f3 b7b6\n");
    let b = posicao("g1f3 g8f6 c2c4 e7e6 d2d4");
    assert_eq!(lances_texto(&livro, &b), vec![("b7b6".to_string(), 10000)]);
    // No livro do projeto: a Índia do Rei por 1.c4 e por 1.Nf3.
    let padrao = livro_padrao();
    let por_d4 = posicao_san("d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5 O-O Nc6 d5 Ne7");
    let por_nf3 = posicao_san("Nf3 Nf6 c4 g6 Nc3 Bg7 e4 d6 d4 O-O Be2 e5 O-O Nc6 d5 Ne7");
    assert_eq!(por_d4.chave_hash, por_nf3.chave_hash);
    assert!(!lances_do_livro(&padrao, &por_nf3).is_empty());
}

// ---------------------------------------------------------------------------
// Pesos e sorteio
// ---------------------------------------------------------------------------

#[test]
fn marcas_e_percentuais_de_linha() {
    // Marcas: fatias fixas da posição.
    let livro = livro_de("e2e4:50%\nd2d4:30%\nc2c4:20%\n");
    let inicio = lances_texto(&livro, &TBoard::inicial());
    assert_eq!(
        inicio,
        vec![
            ("e2e4".into(), 5000),
            ("d2d4".into(), 3000),
            ("c2c4".into(), 2000)
        ]
    );
    // Percentual da linha: 300% pesa três vezes uma linha normal.
    let livro = livro_de("e2e4 e7e5\ne2e4 c7c5 300%\n");
    let depois = lances_texto(&livro, &posicao("e2e4"));
    assert_eq!(depois, vec![("c7c5".into(), 7500), ("e7e5".into(), 2500)]);
    // Marca de 60%: os outros dividem os 40% restantes pelas linhas.
    let livro = livro_de("e2e4 c7c5:60%\ne2e4 e7e5\ne2e4 e7e5 g1f3\ne2e4 e7e6\n");
    let depois = lances_texto(&livro, &posicao("e2e4"));
    assert_eq!(
        depois,
        vec![
            ("c7c5".into(), 6000),
            ("e7e5".into(), 2667),
            ("e7e6".into(), 1333)
        ]
    );
    // Marcas que passam de 100% são reduzidas na proporção, com aviso.
    let (livro, avisos) = livro_de_texto("e2e4:80%\nd2d4:80%\n");
    assert_eq!(avisos.len(), 1);
    assert_eq!(
        lances_texto(&livro, &TBoard::inicial()),
        vec![("e2e4".into(), 5000), ("d2d4".into(), 5000)]
    );
    // Marcas contraditórias: fica a primeira, com aviso da linha.
    let (livro, avisos) = livro_de_texto("e2e4:70%\nd2d4:30%\ne2e4:10%\n");
    assert_eq!(avisos.len(), 1);
    assert!(avisos[0].starts_with("linha 3:"));
    assert_eq!(
        lances_texto(&livro, &TBoard::inicial())[0],
        ("e2e4".into(), 7000)
    );
}

#[test]
fn peso_zero_nunca_sai_no_sorteio() {
    let mut livro = livro_de("e2e4:100%\nf2f4:0%\n");
    define_semente(&mut livro, 1);
    assert_eq!(lances_do_livro(&livro, &TBoard::inicial()).len(), 2);
    for _ in 0..500 {
        assert_eq!(
            lance_para_texto(&escolhe_lance(&mut livro, &TBoard::inicial()).unwrap()),
            "e2e4"
        );
    }
    // Todos com peso zero: o livro conhece a posição mas não joga.
    let mut livro = livro_de("f2f4:0%\n");
    assert_eq!(escolhe_lance(&mut livro, &TBoard::inicial()), None);
    // Fora do livro.
    assert_eq!(escolhe_lance(&mut livro, &posicao("e2e4")), None);
}

#[test]
fn sorteio_segue_os_pesos_em_3_desvios() {
    let mut livro = livro_de("e2e4:45%\nd2d4:30%\nc2c4:15%\ng1f3:10%\n");
    define_semente(&mut livro, 2024);
    let b = TBoard::inicial();
    let pesos = lances_texto(&livro, &b);
    let total: u32 = pesos.iter().map(|(_, p)| p).sum();
    const N: usize = 10_000;
    let mut contagem = vec![0usize; pesos.len()];
    for _ in 0..N {
        let l = lance_para_texto(&escolhe_lance(&mut livro, &b).unwrap());
        let i = pesos.iter().position(|(m, _)| *m == l).unwrap();
        contagem[i] += 1;
    }
    for ((m, p), c) in pesos.iter().zip(&contagem) {
        let prob = *p as f64 / total as f64;
        let media = N as f64 * prob;
        let desvio = (N as f64 * prob * (1.0 - prob)).sqrt();
        assert!(
            (*c as f64 - media).abs() <= 3.0 * desvio,
            "{m}: {c} sorteios, esperado {media:.0} ± {:.0}",
            3.0 * desvio
        );
    }
}

#[test]
fn mesma_semente_mesma_sequencia() {
    let texto = std::fs::read_to_string(dado("livro_pequeno.txt")).unwrap();
    let sequencia = |semente: u64| {
        let mut livro = livro_de(&texto);
        define_semente(&mut livro, semente);
        (0..200)
            .map(|_| lance_para_texto(&escolhe_lance(&mut livro, &TBoard::inicial()).unwrap()))
            .collect::<Vec<_>>()
    };
    assert_eq!(sequencia(42), sequencia(42));
    assert_ne!(sequencia(42), sequencia(43));
}

// ---------------------------------------------------------------------------
// Polyglot
// ---------------------------------------------------------------------------

#[test]
fn codificacao_polyglot_ida_e_volta() {
    // Posições com roques dos dois lados, promoções (com captura) e en passant.
    let fens = [
        "r3k2r/pppqbppp/2np1n2/4p3/4P3/2NP1N2/PPPQBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/pppqbppp/2np1n2/4p3/4P3/2NP1N2/PPPQBPPP/R3K2R b KQkq - 0 1",
        "1r2k3/P1P5/8/3pP3/8/8/1p4p1/R3K2N w Q d6 0 1",
        "1r2k3/P1P5/8/3pP3/8/8/1p4p1/R3K2N b Q - 0 1",
    ];
    let mut vistos = 0;
    for fen in fens {
        let b = TBoard::de_fen(fen).unwrap();
        let mut lista = TListaLances::nova();
        gera_lista_lances(&b, GERA_TODOS, &mut lista);
        for l in lista.como_fatia() {
            let codigo = lance_para_polyglot(l);
            let volta = polyglot_para_lance(&b, codigo).unwrap();
            assert_eq!(lance_para_texto(&volta), lance_para_texto(l), "{fen}");
            vistos += 1;
        }
    }
    assert!(vistos > 100);
    // Valores fixados pelo formato: e2e4, roques como "rei toma torre", promoções.
    let b = TBoard::inicial();
    assert_eq!(
        lance_para_polyglot(&acha_lance(&b, "e2e4").unwrap()),
        0x031c
    );
    let b = TBoard::de_fen(fens[0]).unwrap();
    assert_eq!(
        lance_para_polyglot(&acha_lance(&b, "e1g1").unwrap()),
        4 << 6 | 7
    ); // e1h1
    assert_eq!(
        lance_para_polyglot(&acha_lance(&b, "e1c1").unwrap()),
        4 << 6
    ); // e1a1
    let b = TBoard::de_fen(fens[1]).unwrap();
    assert_eq!(
        lance_para_polyglot(&acha_lance(&b, "e8g8").unwrap()),
        60 << 6 | 63
    ); // e8h8
    let b = TBoard::de_fen(fens[2]).unwrap();
    assert_eq!(
        lance_para_polyglot(&acha_lance(&b, "a7b8n").unwrap()),
        1 << 12 | 48 << 6 | 57
    );
    assert_eq!(
        lance_para_polyglot(&acha_lance(&b, "c7c8q").unwrap()),
        4 << 12 | 50 << 6 | 58
    );
    // Código ilegal na posição: nada.
    assert!(polyglot_para_lance(&TBoard::inicial(), 0x031d).is_none()); // e2e5
    assert!(polyglot_para_lance(&TBoard::inicial(), 7 << 12 | 0x031c).is_none());
}

#[test]
fn texto_para_bin_e_volta_mesmos_lances_e_pesos() {
    let texto = std::fs::read_to_string(dado("livro_pequeno.txt")).unwrap();
    let do_texto = livro_de(&texto);
    let bytes = polyglot_bytes(&do_texto);
    // O .bin versionado é exatamente o que o escritor produz (formato estável).
    let gravado = std::fs::read(dado("livro_pequeno.bin")).unwrap();
    assert_eq!(bytes, gravado);
    assert_eq!(bytes.len(), 16 * do_texto.entradas.len());
    // A primeira entrada de cada chave está em ordem crescente de chave.
    let chaves: Vec<u64> = bytes
        .chunks(16)
        .map(|e| u64::from_be_bytes(e[..8].try_into().unwrap()))
        .collect();
    assert!(chaves.windows(2).all(|w| w[0] <= w[1]));
    assert!(chaves.contains(&0x463b96181691fc9c));

    let (do_bin, avisos) = carrega_livro(&dado("livro_pequeno.bin")).unwrap();
    assert!(avisos.is_empty());
    assert_eq!(do_bin.entradas, do_texto.entradas);
    // Em cada posição de cada linha, os mesmos lances e pesos pelos dois livros.
    let mut posicoes = 0;
    for linha in texto.lines() {
        let Some(l) = interpreta_linha(linha).unwrap() else {
            continue;
        };
        let mut b = TBoard::inicial();
        for ll in &l.lances {
            assert_eq!(b.chave_hash, ll.chave);
            let a = lances_texto(&do_texto, &b);
            assert!(!a.is_empty());
            assert_eq!(a, lances_texto(&do_bin, &b));
            posicoes += 1;
            b.make(&polyglot_para_lance(&b, ll.lance).unwrap());
        }
    }
    assert!(posicoes > 200);
    // O roque grande das negras (Albin: ...O-O-O) volta como e8c8.
    let albin = posicao_san("d4 d5 c4 e5 dxe5 d4 Nf3 Nc6 g3 Be6 Nbd2 Qd7 Bg2");
    assert_eq!(lances_texto(&do_bin, &albin)[0].0, "e8c8");
}

#[test]
fn livro_do_projeto_ida_e_volta_polyglot() {
    let l = livro_padrao();
    let (volta, avisos) = livro_de_polyglot(&polyglot_bytes(&l));
    assert!(avisos.is_empty());
    assert_eq!(volta.entradas, l.entradas);
}

#[test]
fn carrega_por_extensao() {
    let (txt, _) = carrega_livro(&dado("livro_pequeno.txt")).unwrap();
    let (bin, _) = carrega_livro(&dado("livro_pequeno.bin")).unwrap();
    assert_eq!(txt.entradas, bin.entradas);
    assert!(carrega_livro(&dado("nao_existe.bin")).is_err());
    assert!(carrega_livro(&dado("nao_existe.txt")).is_err());
    // Um .txt lido como texto (não como bytes Polyglot): o .pgn não é livro.
    let (pgn_como_texto, avisos) = carrega_livro(&dado("livro_partidas.pgn")).unwrap();
    assert!(pgn_como_texto.entradas.is_empty());
    assert!(!avisos.is_empty());
}

// ---------------------------------------------------------------------------
// O livro do projeto
// ---------------------------------------------------------------------------

#[test]
fn livro_do_projeto_todas_as_linhas_legais() {
    let texto =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/book/livro.txt")).unwrap();
    assert_eq!(texto, TEXTO_LIVRO_PADRAO, "o livro embutido é o do disco");
    let (_, avisos) = livro_de_texto(&texto);
    assert!(avisos.is_empty(), "{avisos:#?}");
    let mut profundas = 0;
    let mut vistas = std::collections::HashSet::new();
    for (i, linha) in texto.lines().enumerate() {
        let util = linha.split('#').next().unwrap();
        let fichas: Vec<&str> = util
            .split_whitespace()
            .filter(|f| !f.ends_with('%') || f.contains(':'))
            .collect();
        if fichas.is_empty() {
            continue;
        }
        // Confere cada lance com o gerador do motor, independente do leitor.
        let mut b = TBoard::inicial();
        let mut lances = Vec::new();
        for f in &fichas {
            let t = f.split(':').next().unwrap();
            let l = acha_lance(&b, t).unwrap_or_else(|| panic!("linha {}: {t} ilegal", i + 1));
            b.make(&l);
            lances.push(t);
        }
        assert!(vistas.insert(lances.join(" ")), "linha {} repetida", i + 1);
        assert!(lances.len() <= 24, "linha {} longa demais", i + 1);
        if lances.len() >= 16 {
            profundas += 1;
        }
    }
    assert!(profundas >= 300, "só {profundas} linhas com 16 a 24 plies");
}

#[test]
fn livro_do_projeto_cobre_as_aberturas_comuns() {
    let livro = livro_padrao();
    let aberturas = [
        (
            "Espanhola",
            "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O",
        ),
        ("Italiana", "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3"),
        ("Escocesa", "e4 e5 Nf3 Nc6 d4 exd4 Nxd4"),
        ("Petroff", "e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4 d4"),
        ("Najdorf", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6"),
        ("Dragão", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 g6"),
        ("Scheveningen", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 e6"),
        (
            "Sveshnikov",
            "e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6 Nc3 e5 Ndb5 d6",
        ),
        ("Taimanov", "e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6 Nc3 Qc7"),
        ("Alapin", "e4 c5 c3"),
        ("Francesa", "e4 e6 d4 d5 Nc3 Bb4"),
        ("Caro-Kann", "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5"),
        ("Pirc", "e4 d6 d4 Nf6 Nc3 g6"),
        ("Moderna", "e4 g6 d4 Bg7"),
        ("Escandinava", "e4 d5 exd5 Qxd5 Nc3"),
        ("Alekhine", "e4 Nf6 e5 Nd5 d4 d6"),
        ("GDR", "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7"),
        ("GDA", "d4 d5 c4 dxc4 Nf3 Nf6 e3"),
        ("Eslava", "d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4"),
        ("Semi-Eslava", "d4 d5 c4 c6 Nf3 Nf6 Nc3 e6"),
        ("Índia do Rei", "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5"),
        ("Nimzo-Índia", "d4 Nf6 c4 e6 Nc3 Bb4"),
        ("Índia da Dama", "d4 Nf6 c4 e6 Nf3 b6"),
        ("Grünfeld", "d4 Nf6 c4 g6 Nc3 d5"),
        ("Benoni", "d4 Nf6 c4 c5 d5 e6 Nc3 exd5 cxd5 d6"),
        ("Holandesa", "d4 f5 g3 Nf6 Bg2"),
        ("Catalã", "d4 Nf6 c4 e6 g3 d5 Bg2"),
        ("London", "d4 d5 Bf4 Nf6 e3"),
        ("Inglesa", "c4 e5 Nc3 Nf6"),
        ("Réti", "Nf3 d5 c4"),
    ];
    for (nome, lances) in aberturas {
        let b = posicao_san(lances);
        let achados = lances_do_livro(&livro, &b);
        assert!(
            achados.iter().any(|(_, p)| *p > 0),
            "{nome}: sem lances jogáveis no livro"
        );
    }
    // As duas cores variam: várias primeiras jogadas e várias respostas.
    let com_peso = |b: &TBoard| {
        lances_do_livro(&livro, b)
            .iter()
            .filter(|(_, p)| *p > 0)
            .count()
    };
    assert!(com_peso(&TBoard::inicial()) >= 4);
    for resposta_a in ["e4", "d4", "c4", "Nf3"] {
        assert!(
            com_peso(&posicao_san(resposta_a)) >= 3,
            "respostas a 1.{resposta_a}"
        );
    }
    // Lances que o livro conhece mas não joga (0%): o Gambito do Rei.
    let gr = lances_texto(&livro, &posicao_san("e4 e5"));
    assert!(gr.contains(&("f2f4".into(), 0)), "{gr:?}");
    assert!(
        !lances_do_livro(&livro, &posicao_san("e4 e5 f4")).is_empty(),
        "as negras sabem responder"
    );
}

// ---------------------------------------------------------------------------
// Resposta ao comando `bk`
// ---------------------------------------------------------------------------

#[test]
fn formato_bk() {
    let livro = livro_de("e2e4:45%\nd2d4:35%\nc2c4:20%\n");
    assert_eq!(
        texto_bk(&livro, &TBoard::inicial()),
        " e2e4 45%\n d2d4 35%\n c2c4 20%\n"
    );
    let fora = texto_bk(&livro, &posicao("e2e4"));
    assert_eq!(fora, " (sem lances no livro)\n");
    // Cada linha do livro do projeto começa com espaço e termina em '%'.
    let padrao = livro_padrao();
    let bk = texto_bk(&padrao, &TBoard::inicial());
    assert_eq!(bk.lines().count(), 4);
    for l in bk.lines() {
        assert!(l.starts_with(' ') && l.ends_with('%'), "{l:?}");
    }
    // Lances com 0% aparecem com 0%.
    let zero = texto_bk(&padrao, &posicao_san("e4 e5"));
    assert!(zero.contains(" f2f4 0%\n"), "{zero}");
}

#[test]
fn livro_vazio_nao_tem_lances() {
    let mut l = livro_vazio();
    define_semente(&mut l, 5);
    assert!(lances_do_livro(&l, &TBoard::inicial()).is_empty());
    assert_eq!(escolhe_lance(&mut l, &TBoard::inicial()), None);
    assert_eq!(texto_bk(&l, &TBoard::inicial()), " (sem lances no livro)\n");
}

// ---------------------------------------------------------------------------
// Livro a partir de PGN
// ---------------------------------------------------------------------------

#[test]
fn pgn_le_partidas_e_pula_o_resto() {
    let pgn = std::fs::read_to_string(dado("livro_partidas.pgn")).unwrap();
    let (partidas, resumo) = partidas_de_pgn(&pgn, 6);
    assert_eq!(
        resumo,
        TResumoPgn {
            partidas: 5,
            com_fen: 1,
            com_erro: 1
        }
    );
    let como_texto: Vec<String> = partidas.iter().map(|p| p.join(" ")).collect();
    assert_eq!(
        como_texto,
        vec![
            "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
            "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
            "e2e4 e7e5",
            "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",
            "e2e4 e7e5 g1f3 b8c6 f1b5 g8f6",
        ]
    );
    // Com mínimo de 2 partidas, só a Espanhola 3...a6 sobrevive.
    let linhas = linhas_de_partidas(&partidas, 2);
    let esperado: Vec<String> = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"
        .split(' ')
        .map(String::from)
        .collect();
    assert_eq!(linhas, vec![(esperado, 2)]);
    // Com mínimo 1, as folhas: a Espanhola (2), a Berlinense (1) e o GD (1).
    let linhas = linhas_de_partidas(&partidas, 1);
    assert_eq!(linhas.len(), 3);
    assert_eq!(linhas.iter().map(|(_, n)| n).sum::<u32>(), 4);
    // Contagens acima de 10000 partidas são reduzidas na proporção.
    let muitas: Vec<Vec<String>> = (0..30_000)
        .map(|i| vec![if i % 3 == 0 { "d2d4" } else { "e2e4" }.to_string()])
        .collect();
    let linhas = linhas_de_partidas(&muitas, 1);
    assert_eq!(
        linhas,
        vec![
            (vec!["d2d4".to_string()], 5000),
            (vec!["e2e4".to_string()], 10000)
        ]
    );
    // Lances mais longos que o limite não entram.
    let (partidas, _) = partidas_de_pgn(&pgn, 30);
    assert_eq!(partidas[0].len(), 14);
    assert_eq!(partidas[1].len(), 10);
}

#[test]
fn comando_livro_monta_livro_de_pgn() {
    let dir = std::env::temp_dir();
    let id = std::process::id();
    let saida_txt = dir
        .join(format!("ice_livro_{id}.txt"))
        .to_string_lossy()
        .into_owned();
    let saida_bin = dir
        .join(format!("ice_livro_{id}.bin"))
        .to_string_lossy()
        .into_owned();
    let args = |saida: &str, extra: &[&str]| {
        let mut v = vec![dado("livro_partidas.pgn"), saida.to_string()];
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    cmd_livro(&args(&saida_txt, &["--plies", "8", "--min", "1"])).unwrap();
    cmd_livro(&args(&saida_bin, &["--plies", "8", "--min", "1"])).unwrap();
    let (txt, avisos) = carrega_livro(&saida_txt).unwrap();
    assert!(avisos.is_empty());
    let (bin, _) = carrega_livro(&saida_bin).unwrap();
    assert_eq!(txt.entradas, bin.entradas);
    // Três partidas começaram com 1.e4 e uma com 1.d4.
    assert_eq!(
        lances_texto(&txt, &TBoard::inicial()),
        vec![("e2e4".into(), 7500), ("d2d4".into(), 2500)]
    );
    // Duas seguiram 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 e então se separaram.
    let ruy = posicao_san("e4 e5 Nf3 Nc6 Bb5 a6");
    let mut depois = lances_texto(&txt, &ruy);
    depois.sort();
    assert_eq!(depois, vec![("b5a4".into(), 5000), ("b5c6".into(), 5000)]);
    // Com mínimo de 2 partidas, sobra uma linha só, que para em 3...a6.
    cmd_livro(&args(&saida_txt, &["--min", "2", "--plies", "8"])).unwrap();
    let texto = std::fs::read_to_string(&saida_txt).unwrap();
    let linhas: Vec<&str> = texto.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(linhas, vec!["e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 2%"]);
    let _ = std::fs::remove_file(&saida_txt);
    let _ = std::fs::remove_file(&saida_bin);
    // Erros de uso não entram em pânico.
    assert!(cmd_livro(&[]).is_err());
    assert!(cmd_livro(&args(&saida_txt, &["--plies"])).is_err());
    assert!(cmd_livro(&args(&saida_txt, &["--plies", "0"])).is_err());
    assert!(cmd_livro(&args(&saida_txt, &["--xyz"])).is_err());
    assert!(cmd_livro(&[dado("nao_existe.pgn"), saida_txt.clone()]).is_err());
}

/// Um livro que não acaba (`/dev/zero`), uma pasta ou um arquivo que não
/// existe: recusa clara e rápida, sem ler sem fim (antes, `BookFile=/dev/zero`
/// comia a memória da máquina inteira em um minuto).
#[test]
fn livro_sem_fim_ou_que_nao_e_arquivo_e_recusado() {
    for caminho in [
        "/dev/zero",
        "/dev/zero.bin",
        "tests",
        "tests/data/nao-existe.bin",
    ] {
        let e = match carrega_livro(caminho) {
            Ok(_) => panic!("{caminho} aceito como livro"),
            Err(e) => e,
        };
        assert!(e.contains(caminho), "{caminho}: {e}");
    }
    // Um cano (o `ice epd <(head …)` do guia) continua valendo: um FIFO com
    // o livro pequeno escrito por outra thread é lido inteiro.
    let dir = std::env::temp_dir().join(format!("ice-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("livro.txt");
    let _ = std::fs::remove_file(&fifo);
    let ok = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    if ok {
        let conteudo = std::fs::read("tests/data/livro_pequeno.txt").unwrap();
        let (f2, c2) = (fifo.clone(), conteudo.clone());
        let escritor = std::thread::spawn(move || std::fs::write(f2, c2).unwrap());
        let lido = ice::entrada::le_arquivo_limitado(fifo.to_str().unwrap(), 1 << 20).unwrap();
        escritor.join().unwrap();
        assert_eq!(lido, conteudo);
    }
    let _ = std::fs::remove_dir_all(&dir);
    // Um teto pequeno recusa um arquivo comum maior que ele.
    let e = ice::entrada::le_arquivo_limitado("tests/data/livro_pequeno.txt", 10).unwrap_err();
    assert!(e.contains("maior que o teto"), "{e}");
}

/// Pelos dois protocolos: o livro ruim é recusado, o anterior continua e o
/// motor segue respondendo (`readyok`, `pong`).
#[test]
fn bookfile_dev_zero_nos_protocolos() {
    use crate::motor::*;
    let mut m = abre_motor();
    envia(&mut m, "uci");
    espera_linha(&mut m, "uciok");
    envia(&mut m, "setoption name BookFile value /dev/zero");
    envia(&mut m, "isready");
    espera_linha(&mut m, "readyok");
    envia(&mut m, "position startpos");
    envia(&mut m, "go movetime 50");
    let v = espera(&mut m, |l| l.starts_with("bestmove"), PRAZO);
    assert!(v.last().unwrap().starts_with("bestmove "), "{v:?}");
    let mut x = motor_pronto();
    envia(&mut x, "option Arquivo do livro=/dev/zero");
    sincroniza(&mut x);
}
