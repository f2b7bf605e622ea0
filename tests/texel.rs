//! Testes do afinador de Texel (`ice texel`): num conjunto sintético, feito
//! com pesos conhecidos, a descida reencontra esses pesos; e o caminho
//! inteiro (datagen → traço → afinação) roda sobre posições de verdade.

use ice::material::FASE_TOTAL;
use ice::texel::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Amostras sintéticas: coeficientes ao acaso para 4 pesos, alvo igual à
/// probabilidade σ(K·E) que os pesos verdadeiros dão. O mínimo do erro é
/// exatamente nos pesos verdadeiros (erro 0).
fn sinteticas(verdadeiros: &[[f64; 2]], k: f64, n: usize) -> Vec<TAmostra> {
    let mut rng = StdRng::seed_from_u64(42);
    let verd: Vec<TParam> = verdadeiros
        .iter()
        .map(|&v| TParam {
            nome: "X",
            indice: 0,
            inicial: v,
            valor: v,
        })
        .collect();
    (0..n)
        .map(|i| {
            let coefs: Vec<(u32, i32)> = (0..verdadeiros.len() as u32)
                .map(|p| (p, rng.gen_range(-3..=3)))
                .filter(|&(_, c)| c != 0)
                .collect();
            let mut a = TAmostra {
                resultado: 0.0,
                escore: None,
                validacao: i % VALIDACAO_CADA == 0,
                fase: rng.gen_range(0..=FASE_TOTAL),
                escala: 16,
                fixo_mg: rng.gen_range(-50.0..50.0),
                fixo_eg: rng.gen_range(-50.0..50.0),
                coefs,
                perigo: Vec::new(),
                complexidade: Vec::new(),
            };
            a.resultado = sigmoide(k, avalia(&a, &verd));
            a
        })
        .collect()
}

#[test]
fn recupera_pesos_conhecidos() {
    let verdadeiros = [[100.0, 130.0], [-25.0, 10.0], [40.0, -35.0], [5.0, 60.0]];
    let k = 1.2;
    let amostras = sinteticas(&verdadeiros, k, 4000);
    // Começa longe: todos os pesos em 0.
    let mut p: Vec<TParam> = (0..verdadeiros.len())
        .map(|i| TParam {
            nome: "X",
            indice: i,
            inicial: [0.0, 0.0],
            valor: [0.0, 0.0],
        })
        .collect();
    let antes = erro(&amostras, &p, k, true);
    let (_, depois) = afina(&amostras, &mut p, k, 3000, 2.0);
    assert!(depois < antes / 100.0, "erro {antes} → {depois}");
    for (achado, verdadeiro) in p.iter().zip(&verdadeiros) {
        for j in 0..2 {
            assert!(
                (achado.valor[j] - verdadeiro[j]).abs() < 2.0,
                "achou {:?}, era {verdadeiro:?}",
                achado.valor
            );
        }
    }
    // E o K certo é o que gerou os dados.
    let k_achado = acha_k(&amostras, &p);
    assert!((k_achado - k).abs() < 0.05, "K {k_achado}");
}

#[test]
fn lambda_mistura_resultado_e_escore() {
    let mut a = sinteticas(&[[10.0, 10.0]], 1.0, 2);
    a[0].resultado = 1.0;
    a[0].escore = Some(0);
    a[1].resultado = 0.0;
    a[1].escore = None;
    mistura_escore(&mut a, 1.0, 0.5);
    // σ(0) = ½: metade do resultado, metade do escore.
    assert!((a[0].resultado - 0.75).abs() < 1e-12);
    // Sem escore (PGN), o alvo é o resultado.
    assert_eq!(a[1].resultado, 0.0);
}

/// Quatro pesos em zero, o ponto de partida dos testes dos mini-lotes.
fn zerados(n: usize) -> Vec<TParam> {
    (0..n)
        .map(|i| TParam {
            nome: "X",
            indice: i,
            inicial: [0.0, 0.0],
            valor: [0.0, 0.0],
        })
        .collect()
}

/// Opções de mini-lote para os testes: uma thread (o resultado não depende
/// da máquina) e nada impresso por época.
fn em_lotes(epocas: usize, lote: usize, l2: f64, semente: u64) -> TOpcoesAfina {
    TOpcoesAfina {
        lote,
        l2,
        semente,
        threads: 1,
        relata_epocas: false,
        ..opcoes_afina(epocas, 2.0)
    }
}

#[test]
fn minilotes_descem_o_erro() {
    let verdadeiros = [[100.0, 130.0], [-25.0, 10.0], [40.0, -35.0], [5.0, 60.0]];
    let k = 1.2;
    let amostras = sinteticas(&verdadeiros, k, 2000);
    let mut p = zerados(verdadeiros.len());
    let (treino, validacao) = (erro(&amostras, &p, k, false), erro(&amostras, &p, k, true));
    let (epoca, depois) = afina_com(&amostras, &mut p, k, &em_lotes(40, 64, 0.0, 3));
    // 40 épocas de 25 mini-lotes: o erro cai nas duas partes, não só na de
    // treino, e o melhor ponto não é o de partida.
    assert!(epoca > 0, "ficou na época 0");
    assert!(
        depois < validacao / 20.0,
        "validação {validacao} → {depois}"
    );
    let treino_depois = erro(&amostras, &p, k, false);
    assert!(
        treino_depois < treino / 20.0,
        "treino {treino} → {treino_depois}"
    );
    assert!((p[0].valor[0] - 100.0).abs() < 10.0, "{:?}", p[0].valor);
}

#[test]
fn l2_enorme_deixa_os_pesos_onde_estavam() {
    let verdadeiros = [[100.0, 130.0], [-25.0, 10.0], [40.0, -35.0], [5.0, 60.0]];
    let amostras = sinteticas(&verdadeiros, 1.0, 1000);
    let partida = [[3.0, -4.0], [7.0, 0.0], [-2.0, 5.0], [0.0, 1.0]];
    let comeca = || -> Vec<TParam> {
        partida
            .iter()
            .enumerate()
            .map(|(i, &v)| TParam {
                nome: "X",
                indice: i,
                inicial: v,
                valor: v,
            })
            .collect()
    };
    // Sem regularização os pesos andam (senão o teste não mediria nada)…
    let mut livre = comeca();
    afina_com(&amostras, &mut livre, 1.0, &em_lotes(10, 50, 0.0, 1));
    assert!((livre[0].valor[0] - partida[0][0]).abs() > 5.0);
    // … e com λ enorme ficam onde estavam (a menos do arredondamento).
    let mut preso = comeca();
    afina_com(&amostras, &mut preso, 1.0, &em_lotes(10, 50, 1e12, 1));
    for (x, w0) in preso.iter().zip(&partida) {
        for j in 0..2 {
            assert!((x.valor[j] - w0[j]).abs() < 1e-6, "{:?} ≠ {w0:?}", x.valor);
        }
    }
}

#[test]
fn mesma_semente_mesmos_pesos() {
    let verdadeiros = [[100.0, 130.0], [-25.0, 10.0], [40.0, -35.0]];
    let amostras = sinteticas(&verdadeiros, 1.0, 1000);
    let roda = |semente| {
        let mut p = zerados(verdadeiros.len());
        afina_com(&amostras, &mut p, 1.0, &em_lotes(3, 32, 0.01, semente));
        p.iter().map(|x| x.valor).collect::<Vec<_>>()
    };
    assert_eq!(roda(7), roda(7));
    // A semente importa: outra ordem dos lotes, outros pesos.
    assert_ne!(roda(7), roda(8));
}

/// Posições reais de meio-jogo (dos lotes do `ice datagen` da força III e
/// de aberturas conhecidas), com reis sob ataque de vários jeitos; as duas
/// primeiras, feitas à mão, têm torres na zona do rei e xeques seguros.
const POSICOES_PERIGO: [&str; 16] = [
    "6k1/3R2pp/5p2/r7/r1B5/q1N5/1Q3PPP/6K1 b - - 0 1 | 50 | 1.0",
    "6k1/RR3ppp/Q7/8/3q4/2n5/1r3PPP/6K1 w - - 0 1 | -50 | 0.0",
    "r1q2rk1/p1pp3p/1p1np1p1/nP4B1/2P3P1/5N1P/P4P2/R2Q1RK1 w - - 1 19 | 1 | 0.0",
    "4k2r/3n1p1p/q4n1R/1p1pb3/5P2/2P1N1P1/1B2P3/1N1QK3 b k - 0 22 | 115 | 0.5",
    "r1bqk1n1/2pp2p1/1pn2p2/p1b1p3/4P2r/1PNP1P2/PBP1N1BP/R2QK2R b KQq - 3 10 | -39 | 0.0",
    "4kq2/1p1b4/pPpPp1p1/P3B2p/5Q2/4P2P/5PP1/6K1 w - - 8 37 | 332 | 0.5",
    "rn1qkb1r/p1p2p2/b3pnpp/1p1p4/6P1/4PP1N/PPPPB2P/RNBQ1RK1 w kq - 0 8 | 0 | 0.5",
    "r3kbnr/1p3pp1/p3p3/2p4p/P3P2P/3q1NQ1/1P1PNPP1/R1B1K2R w KQkq - 0 13 | -50 | 0.0",
    "1k2rb1r/p1p3pp/q6n/3Pp1N1/PpP2p2/1P2P1Q1/1B3PPP/R3KR2 w - - 0 20 | 20 | 1.0",
    "r1b1kb1r/1p1p1ppp/2n5/p1q5/2Bp2R1/P1N1P3/1PP2P1P/R1BQK3 w Qkq - 1 12 | -30 | 0.0",
    "r1bq1rk1/1p2ppbp/2n3p1/4N3/p2PpP2/6P1/PPP3BP/R1BQ1RK1 w - - 0 13 | 10 | 0.5",
    "r1b2rk1/1pq2pp1/p1nbp2p/3p4/N2P3P/3B1N2/PPP2PP1/R1BQ1RK1 w - - 4 14 | -10 | 0.5",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 | 0 | 0.5",
    "2kr3r/ppp2ppp/2n5/2b1q3/4P1b1/2N2N2/PPP1QPPP/R1B2RK1 w - - 0 1 | 0 | 0.0",
    "r4rk1/1b2qppp/p2b1n2/1p1pN3/3P1B2/2PB4/PP1Q1PPP/R3R1K1 w - - 0 1 | 0 | 1.0",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 | 0 | 0.5",
];

/// A derivada do erro em relação ao peso `i`, fase `j`, pela diferença
/// finita central (passo `h`), comparada à analítica: `None` se as duas são
/// quase zero; senão (erro relativo, numérica). O peso volta ao que era.
fn confere_derivada(
    amostras: &[TAmostra],
    p: &mut [TParam],
    k: f64,
    (i, j): (usize, usize),
    h: f64,
    analitico: f64,
) -> Option<(f64, f64)> {
    let w = p[i].valor[j];
    p[i].valor[j] = w + h;
    let mais = erro_com(amostras, p, k, false, 1);
    p[i].valor[j] = w - h;
    let menos = erro_com(amostras, p, k, false, 1);
    p[i].valor[j] = w;
    let numerico = (mais - menos) / (2.0 * h);
    let escala = numerico.abs().max(analitico.abs());
    (escala >= 1e-9).then(|| ((numerico - analitico).abs() / escala, numerico))
}

#[test]
fn gradiente_do_perigo_confere_com_diferenca_finita() {
    let mut d = amostras_de_dados(&POSICOES_PERIGO.join("\n"), 100);
    assert_eq!(d.amostras.len(), POSICOES_PERIGO.len());
    for a in d.amostras.iter_mut() {
        a.validacao = false;
    }
    // Os pesos do perigo fora do zero (onde a derivada do quadrado some):
    // a semente do afinador no meio-jogo, números quaisquer no final, e nada
    // inteiro, para nenhuma posição cair exatamente numa quina. A semente, e
    // não os pesos de `pesos.rs`, e a complexidade em zero: uma reafinação
    // muda os pesos, e com eles as posições em que a complexidade leva o
    // final a zero, onde a derivada do final some (com os pesos de
    // 2026-11-30 e a complexidade deles sobravam 19 derivadas; sem ela, 21).
    let zerar = |x: &&mut TParam| x.nome == "PERIGO_REI" || x.nome == "COMPLEXIDADE";
    for x in d.params.iter_mut().filter(zerar) {
        x.valor = [0.0, 0.0];
    }
    assert!(semeia_perigo(&mut d.params));
    let perigo: Vec<usize> = (0..d.params.len())
        .filter(|&i| d.params[i].nome == "PERIGO_REI")
        .collect();
    assert!(perigo.len() >= 8, "só {} características", perigo.len());
    for (n, &i) in perigo.iter().enumerate() {
        let x = &mut d.params[i].valor;
        x[0] = x[0] * 1.7 + 3.1 + n as f64 * 0.37;
        x[1] = 5.3 + 2.9 * n as f64;
    }
    let k = 1.1;
    let todas: Vec<u32> = (0..d.amostras.len() as u32).collect();
    let g = gradiente(&d.amostras, &todas, &d.params, k, 1);
    let n = d.amostras.len() as f64;
    let h = 1e-3;
    let (mut pior, mut conferidos) = (0f64, 0);
    for &i in &perigo {
        for (j, &gj) in g[i].iter().enumerate() {
            let analitico = gj / n;
            let Some((rel, numerico)) =
                confere_derivada(&d.amostras, &mut d.params, k, (i, j), h, analitico)
            else {
                continue;
            };
            assert!(
                rel < 1e-4,
                "PERIGO_REI[{}] fase {j}: analítico {analitico:e}, numérico {numerico:e}",
                d.params[i].indice
            );
            pior = pior.max(rel);
            conferidos += 1;
        }
    }
    eprintln!("gradiente do perigo: {conferidos} derivadas, erro relativo máximo {pior:e}");
    // As 13 características de meio-jogo e as do final, menos as que se
    // anulam entre as cores (a constante, com derivada 1/D nos dois reis).
    assert!(conferidos >= 20, "só {conferidos} derivadas não nulas");
}

#[test]
fn penalidade_real_e_a_inteira_da_avaliacao() {
    // A conta que o afinador deriva é a que a avaliação faz (a menos do
    // arredondamento para inteiro), dos dois lados do teto.
    use ice::avaliacao::penalidade_perigo;
    use ice::pesos::{par, TPar, NUM_PERIGO};
    let mut pesos = [par(0, 0); NUM_PERIGO];
    for (i, w) in pesos.iter_mut().enumerate() {
        *w = par(20 + 7 * i as i32, 3 * i as i32 - 10);
    }
    for m in [0, 1, 3, 10, 40] {
        let f = [m; NUM_PERIGO];
        let pen: TPar = penalidade_perigo(&f, &pesos);
        let (mut xm, mut xe) = (0.0, 0.0);
        for (w, &n) in pesos.iter().zip(&f) {
            xm += (w.mg * n) as f64;
            xe += (w.eg * n) as f64;
        }
        let mg = penalidade_perigo_real(xm, 0).0;
        let eg = penalidade_perigo_real(xe, 1).0;
        assert!((pen.mg as f64 - mg).abs() < 1.0, "m={m}: {} × {mg}", pen.mg);
        assert!((pen.eg as f64 - eg).abs() < 1.0, "m={m}: {} × {eg}", pen.eg);
    }
}

#[test]
fn amostra_avalia_como_o_motor() {
    // Com os pesos de agora, a avaliação que o afinador reconstrói de cada
    // amostra (parte fixa + pesos × coeficientes + perigo) é a do motor.
    use ice::avaliacao::{eval, nova_avaliacao};
    use ice::tabuleiro::TBoard;
    use ice::tipos::{BRANCAS, INFINITO};
    let d = amostras_de_dados(&POSICOES_PERIGO.join("\n"), 100);
    let mut av = nova_avaliacao();
    for (a, linha) in d.amostras.iter().zip(POSICOES_PERIGO) {
        let b = TBoard::de_fen(linha.split('|').next().unwrap()).unwrap();
        let v = eval(&b, &mut av, -INFINITO, INFINITO);
        let brancas = if b.vez == BRANCAS { v } else { -v };
        let e = avalia(a, &d.params);
        assert!(
            (e - brancas as f64).abs() <= 2.0,
            "{linha}: {e} × {brancas}"
        );
    }
}

/// `ice texel A --teste B`: as posições de B (lidas inteiras, mesmo com
/// `--max`) são toda a validação e as de A, todo o treino. Sem `--teste`,
/// a validação sai de dentro dos próprios dados (um bloco em cada cinco).
#[test]
fn teste_separado_e_toda_a_validacao() {
    let linhas = [
        "rnbqkb1r/pppppp1p/7n/6p1/1P1P3P/2N5/PBP1PPP1/R2QKBNR b KQq - 0 5 | 113 | 0.0",
        "rnbqkb1r/pppppp1p/7n/8/1P1PP1pP/2N5/PBP2PP1/R2QKBNR b KQq - 0 6 | 106 | 0.0",
        "rnbqkbnr/pppp1p1p/4p3/8/1P1PP1pP/2N5/PBPQ1PP1/R3KBNR w KQq - 2 8 | 77 | 0.0",
        "r1bqkbnr/pppp1p1p/2n1p3/8/1P1PPQpP/2N5/PBP2PP1/R3KBNR w KQq - 4 9 | 66 | 0.0",
        "r1bqkbnr/ppp2p1p/2npp3/1N6/1P1PPQpP/8/PBP2PP1/R3KBNR w KQq - 0 10 | 66 | 0.5",
        "r1bqkbnr/ppp2p1p/2npp3/1N1P4/1P2PQpP/8/PBP2PP1/R3KBNR b KQq - 0 10 | 58 | 1.0",
    ];
    let dir = std::env::temp_dir().join(format!("ice-texel-teste-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (treino, teste) = (dir.join("treino.txt"), dir.join("teste.txt"));
    std::fs::write(&treino, linhas[..4].join("\n")).unwrap();
    std::fs::write(&teste, linhas[4..].join("\n")).unwrap();
    let roda = |extra: &[&str]| {
        let s = std::process::Command::new(env!("CARGO_BIN_EXE_ice"))
            .arg("texel")
            .arg(&treino)
            .args(extra)
            .args(["--epocas", "1", "--threads", "1"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&s.stderr).into_owned()
    };
    let com = roda(&["--max", "3", "--teste", teste.to_str().unwrap()]);
    assert!(com.contains("texel: 5 posições (2 de validação)"), "{com}");
    let sem = roda(&[]);
    assert!(sem.contains("texel: 4 posições (4 de validação)"), "{sem}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Sem paciência (`--paciencia 0`) a descida vai até a última época e fica
/// com os pesos dela, mesmo quando a validação piorou; com paciência, fica
/// com os do menor erro de validação.
#[test]
fn sem_paciencia_fica_a_ultima_epoca() {
    let verdadeiros = [[100.0, 130.0], [-25.0, 10.0], [40.0, -35.0], [5.0, 60.0]];
    let k = 1.2;
    let mut amostras = sinteticas(&verdadeiros, k, 2000);
    // A validação com o alvo invertido: o que o treino aprende a piora, e o
    // menor erro de validação é o do ponto de partida (pesos zero).
    for a in amostras.iter_mut().filter(|a| a.validacao) {
        a.resultado = 1.0 - a.resultado;
    }
    let mut p = zerados(verdadeiros.len());
    let (epoca, _) = afina_com(&amostras, &mut p, k, &em_lotes(3, 64, 0.0, 3));
    assert_eq!(epoca, 0);
    assert_eq!(p[0].valor, [0.0, 0.0]);
    let mut p = zerados(verdadeiros.len());
    let sem = TOpcoesAfina {
        paciencia: 0,
        ..em_lotes(3, 64, 0.0, 3)
    };
    let (epoca, ev) = afina_com(&amostras, &mut p, k, &sem);
    assert_eq!(epoca, 3);
    assert!(p[0].valor[0] > 10.0, "{:?}", p[0].valor);
    assert!((ev - erro(&amostras, &p, k, true)).abs() < 1e-12);
    assert!(ev > erro(&amostras, &zerados(verdadeiros.len()), k, true));
}

/// Finais com peões e poucas peças (dos lotes do `ice datagen` da força
/// III), onde o final pesa e a complexidade decide: uns com o final longe
/// de zero, outros perto (onde uma complexidade negativa o zera).
const POSICOES_FINAIS: [&str; 14] = [
    "8/4k3/R7/5K2/5P2/5r2/8/8 b - - 26 92 | 119 | 0.5",
    "R7/8/5Kp1/5p1k/5r2/8/8/8 w - - 0 61 | -89 | 0.5",
    "1k6/4R3/8/4K3/1r6/8/8/8 w - - 4 56 | 5 | 0.5",
    "8/2k5/p1p5/P1Kp4/5P2/2P5/8/8 b - - 0 52 | 430 | 1.0",
    "8/8/6p1/3k4/p7/7P/4Kp2/8 b - - 1 56 | -998 | 0.0",
    "8/5pkp/r7/5KP1/5P2/p5P1/R7/8 b - - 1 39 | -51 | 0.5",
    "4r3/8/pR6/P7/3k4/5P2/5K2/8 b - - 4 68 | 134 | 0.5",
    "8/p7/p3p2p/k2b3R/2p2p1P/2K2P2/8/8 b - - 1 38 | -84 | 0.5",
    "5b2/8/6kP/1p1p4/p2P4/P4P2/1K6/2B5 w - - 7 47 | 4 | 0.5",
    "8/6k1/1R4p1/8/7P/4PK2/6P1/7r w - - 6 48 | 256 | 1.0",
    "8/8/8/4N2k/4b2p/7K/5P2/8 w - - 18 71 | -35 | 0.5",
    "8/1p6/pk1p4/7R/P2PK3/2P2P1P/5r2/8 b - - 4 47 | 199 | 0.5",
    "8/8/3Pk1pp/1N2p3/1nP3PP/8/5PK1/8 b - - 0 45 | 291 | 1.0",
    "2R5/8/5pk1/5Np1/6P1/8/3r1PK1/8 b - - 0 61 | 362 | 1.0",
];

/// As amostras dos finais e das posições do perigo ao rei, todas de treino,
/// com os pesos da complexidade (`COMPLEXIDADE`, no final) trocados por
/// `pesos`.
fn dados_com_complexidade(pesos: &[f64; NUM_COMPLEXIDADE]) -> TDados {
    let linhas: Vec<&str> = POSICOES_FINAIS
        .iter()
        .chain(POSICOES_PERIGO.iter())
        .copied()
        .collect();
    let mut d = amostras_de_dados(&linhas.join("\n"), 100);
    for a in d.amostras.iter_mut() {
        a.validacao = false;
    }
    let mut achados = 0;
    for x in d.params.iter_mut().filter(|x| x.nome == "COMPLEXIDADE") {
        x.valor[1] = pesos[x.indice];
        achados += 1;
    }
    assert_eq!(achados, NUM_COMPLEXIDADE, "pesos da complexidade no traço");
    d
}

use ice::pesos::NUM_COMPLEXIDADE;

#[test]
fn gradiente_da_complexidade_confere_com_diferenca_finita() {
    // Pesos sem nada inteiro, com o viés bem negativo: nos finais de
    // vantagem pequena o final fica em zero (derivadas 0), nos outros a
    // complexidade só o encolhe (derivadas 1 e sinal(eg)).
    let d = dados_com_complexidade(&[3.7, 41.3, 37.9, 5.1, -97.7]);
    let mut p = d.params.clone();
    let (mut zerados, mut andando) = (0, 0);
    for a in &d.amostras {
        let (_, eg) = partes(a, &p);
        let cx = complexidade(a, &p);
        // Nenhuma amostra numa quina do max (a diferença finita a cruzaria).
        assert!((cx + eg.abs()).abs() > 0.5, "eg {eg}, complexidade {cx}");
        if cx > -eg.abs() {
            andando += 1;
        } else {
            zerados += 1;
        }
    }
    assert!(
        zerados >= 2 && andando >= 10,
        "{zerados} finais zerados, {andando} não"
    );
    let k = 1.1;
    let todas: Vec<u32> = (0..d.amostras.len() as u32).collect();
    let g = gradiente(&d.amostras, &todas, &p, k, 1);
    let n = d.amostras.len() as f64;
    let h = 1e-3;
    let (mut pior, mut conferidos, mut da_complexidade) = (0f64, 0, 0);
    // Os pesos lineares (que a derivada em relação a eg multiplica) e os da
    // complexidade; os do perigo ao rei têm o teste deles (as quinas do
    // corte em zero e no teto ficam de fora aqui).
    let lineares: Vec<usize> = (0..p.len())
        .filter(|&i| p[i].nome != "PERIGO_REI")
        .collect();
    for i in lineares {
        for (j, &gj) in g[i].iter().enumerate() {
            let analitico = gj / n;
            let Some((rel, numerico)) =
                confere_derivada(&d.amostras, &mut p, k, (i, j), h, analitico)
            else {
                continue;
            };
            assert!(
                rel < 1e-4,
                "{}[{}] fase {j}: analítico {analitico:e}, numérico {numerico:e}",
                p[i].nome,
                p[i].indice
            );
            pior = pior.max(rel);
            conferidos += 1;
            if p[i].nome == "COMPLEXIDADE" {
                da_complexidade += 1;
            }
        }
    }
    eprintln!(
        "gradiente com a complexidade: {conferidos} derivadas, erro relativo máximo {pior:e}"
    );
    // As cinco da complexidade (só no final: a do meio-jogo é zero).
    assert_eq!(da_complexidade, NUM_COMPLEXIDADE);
    assert!(conferidos > 200, "só {conferidos} derivadas não nulas");
}

#[test]
fn gradiente_ignora_o_final_zerado_pela_complexidade() {
    // Com o viés muito negativo todo final vai a zero: a parte do final de
    // cada peso deixa de contar (derivada 0 em relação a eg), e a do
    // meio-jogo continua.
    let d = dados_com_complexidade(&[0.0, 0.0, 0.0, 0.0, -5000.0]);
    let todas: Vec<u32> = (0..d.amostras.len() as u32).collect();
    let g = gradiente(&d.amostras, &todas, &d.params, 1.0, 1);
    assert!(g.iter().all(|x| x[1] == 0.0), "derivada do final não nula");
    assert!(g.iter().any(|x| x[0] != 0.0), "derivada do meio-jogo nula");
    // E a avaliação de cada amostra é só o meio-jogo (vezes a fase).
    for a in &d.amostras {
        let (mg, _) = partes(a, &d.params);
        let f = a.fase as f64 / FASE_TOTAL as f64;
        let esperado = mg * f * a.escala as f64 / 16.0;
        assert!((avalia(a, &d.params) - esperado).abs() < 1e-9);
    }
}

#[test]
fn complexidade_real_e_a_inteira_da_avaliacao() {
    // A conta que o afinador deriva é a da avaliação, nos dois regimes e
    // com as duas cores à frente; e ela nunca troca o lado que está à
    // frente.
    use ice::avaliacao::ajuste_complexidade;
    for eg in [-700, -120, -31, -1, 0, 1, 30, 99, 450] {
        for cx in [-300, -100, -30, -1, 0, 1, 25, 80] {
            let inteiro = ajuste_complexidade(eg, cx);
            let (real, d_eg, d_cx) = ajuste_complexidade_real(eg as f64, cx as f64);
            assert_eq!(inteiro as f64, real, "eg {eg}, complexidade {cx}");
            let depois = eg + inteiro;
            assert!(
                depois.signum() == eg.signum() || depois == 0,
                "{eg} → {depois}"
            );
            assert_eq!(ajuste_complexidade(-eg, cx), -inteiro);
            if eg != 0 && cx > -eg.abs() {
                assert_eq!((d_eg, d_cx), (1.0, eg.signum() as f64));
            } else if eg != 0 {
                assert_eq!((depois, d_eg, d_cx), (0, 0.0, 0.0));
            }
        }
    }
}

#[test]
fn amostra_com_complexidade_avalia_como_a_conta_inteira() {
    // Com pesos da complexidade que não são os de `pesos.rs`, o afinador
    // refaz a avaliação do motor: a parte fixa sem o ajuste que o motor
    // fez, e o ajuste com os pesos novos (a conta inteira de `avaliacao`).
    use ice::avaliacao::{ajuste_complexidade, nova_avaliacao, traco_eval, valor_complexidade};
    use ice::pesos::{par, TPar};
    use ice::tabuleiro::TBoard;
    use ice::tipos::{BRANCAS, NEGRAS};
    let inteiros = [6, 45, 40, 7, -110];
    let d = dados_com_complexidade(&inteiros.map(f64::from));
    let pesos: [TPar; NUM_COMPLEXIDADE] = inteiros.map(|w| par(0, w));
    let mut av = nova_avaliacao();
    let mut mudou = 0;
    assert_eq!(
        d.amostras.len(),
        POSICOES_FINAIS.len() + POSICOES_PERIGO.len()
    );
    let linhas = POSICOES_FINAIS.iter().chain(POSICOES_PERIGO.iter());
    for (a, linha) in d.amostras.iter().zip(linhas) {
        let b = TBoard::de_fen(linha.split('|').next().unwrap()).unwrap();
        let t = traco_eval(&b, &mut av);
        let mg = t.soma[BRANCAS].mg - t.soma[NEGRAS].mg;
        let eg = t.soma[BRANCAS].eg - t.soma[NEGRAS].eg - t.ajuste_complexidade;
        let aj = ajuste_complexidade(eg, valor_complexidade(&t.complexidade, &pesos));
        mudou += (aj != 0) as usize;
        let v = (mg * t.fase + (eg + aj) * (FASE_TOTAL - t.fase)) / FASE_TOTAL;
        let esperado = v as f64 * a.escala as f64 / 16.0;
        let e = avalia(a, &d.params);
        assert!((e - esperado).abs() <= 2.0, "{linha}: {e} × {esperado}");
    }
    assert!(mudou >= 20, "a complexidade só mudou {mudou} avaliações");
}
