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
