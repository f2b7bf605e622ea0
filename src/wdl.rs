//! O modelo de taxa de vitória do `UCI_ShowWDL`: de um escore (centipeões,
//! do ponto de vista do lado a jogar) e do material no tabuleiro, as chances
//! de vitória, empate e derrota em milésimos (`wdl W D L`, somando 1000).
//!
//! Nível 1: depende só de `tipos`. Só ICE-rs (o ICE não falava UCI). A forma
//! é a do `win_rate_model` do Stockfish: com x = clamp(material, 17, 78) ÷ 58
//! (material = peões + 3 × cavalos e bispos + 5 × torres + 9 × damas, dos
//! dois lados), a(x) e b(x) são polinômios de grau 3 e
//!
//! ```text
//! P(vitória | v) = 1 / (1 + exp((a(x) − v) / b(x))),  P(derrota | v) = P(vitória | −v)
//! ```
//!
//! e o empate é o resto. a é o escore com que o lado a jogar ganha metade
//! das partidas; b, quanto o escore precisa andar para a chance mudar. Os
//! coeficientes não são os do Stockfish (a escala dos escores dele é outra):
//! foram ajustados por máxima verossimilhança a 535 707 posições de 18 000
//! partidas do ICE-rs contra si mesmo (`ice datagen`, a 5000 nós por lance),
//! com `scripts/medidas/wdl.py`; a fonte dos dados e as perdas estão em
//! `docs/wdl.md`.

use crate::tipos::LIMIAR_MATE;

/// Os coeficientes de a(x), do termo de x³ ao constante (como os `as[]` do
/// Stockfish). `scripts/medidas/wdl.py ajusta` imprime estas linhas.
pub const WDL_A: [f64; 4] = [-450.620004, 1322.887993, -1290.951068, 502.273560];
/// Os coeficientes de b(x), na mesma ordem.
pub const WDL_B: [f64; 4] = [-244.712452, 665.793155, -519.166251, 212.259242];

/// A faixa de material em que o modelo foi ajustado (fora dela, satura) e o
/// material em que x = 1 (o do Stockfish; só muda a escala dos coeficientes).
pub const MATERIAL_MINIMO: i32 = 17;
pub const MATERIAL_MAXIMO: i32 = 78;
const MATERIAL_ANCORA: f64 = 58.0;
/// O escore satura aqui antes de entrar no modelo: as posições do ajuste vão
/// até ±2000 (`datagen` não guarda as mais decididas), e acima disso a conta
/// já dá 1000 0 0.
const ESCORE_MAXIMO: i32 = 2000;

/// O material que o modelo usa, das contagens de peças dos dois lados.
pub fn material_wdl(peoes: u32, menores: u32, torres: u32, damas: u32) -> i32 {
    (peoes + 3 * menores + 5 * torres + 9 * damas) as i32
}

/// Os parâmetros a e b do modelo para um material.
pub fn parametros_wdl(material: i32) -> (f64, f64) {
    let x = material.clamp(MATERIAL_MINIMO, MATERIAL_MAXIMO) as f64 / MATERIAL_ANCORA;
    let p = |c: &[f64; 4]| ((c[0] * x + c[1]) * x + c[2]) * x + c[3];
    (p(&WDL_A), p(&WDL_B))
}

/// A chance de vitória do lado a jogar, em milésimos (arredondada), com o
/// escore `v` (centipeões, sem mate) e o `material`.
pub fn taxa_vitoria(v: i32, material: i32) -> i32 {
    let (a, b) = parametros_wdl(material);
    let v = v.clamp(-ESCORE_MAXIMO, ESCORE_MAXIMO) as f64;
    (0.5 + 1000.0 / (1.0 + ((a - v) / b).exp())) as i32
}

/// Vitória, empate e derrota do lado a jogar, em milésimos, somando 1000.
/// Um mate achado é 1000 0 0 (ou 0 0 1000, levando mate). Simétrico:
/// `wdl(−v)` é `wdl(v)` com vitória e derrota trocadas.
pub fn wdl(escore: i32, material: i32) -> (i32, i32, i32) {
    if escore >= LIMIAR_MATE {
        return (1000, 0, 0);
    }
    if escore <= -LIMIAR_MATE {
        return (0, 0, 1000);
    }
    let mut w = taxa_vitoria(escore, material);
    let mut l = taxa_vitoria(-escore, material);
    // Os dois arredondados podem passar de 1000 por um quando o empate é
    // quase zero: tira-se do menor (o que mantém a simetria).
    if w + l > 1000 {
        if w >= l {
            l = 1000 - w;
        } else {
            w = 1000 - l;
        }
    }
    (w, 1000 - w - l, l)
}
