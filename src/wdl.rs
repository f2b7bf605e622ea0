//! O modelo de taxa de vitória do `UCI_ShowWDL`: de um escore (centipeões,
//! do ponto de vista do lado a jogar) e do material no tabuleiro, as chances
//! de vitória, empate e derrota em milésimos (`wdl W D L`, somando 1000).
//!
//! Nível 1: depende só de `tipos`. Só ICE-rs (o ICE não falava UCI). A forma
//! parte do `win_rate_model` do Stockfish: com x = clamp(material, 17, 78)
//! ÷ 58 (material = peões + 3 × cavalos e bispos + 5 × torres + 9 × damas,
//! dos dois lados), a(x) e b(x) são polinômios de grau 3 e
//!
//! ```text
//! L(v) = (1 − w) / (1 + exp((a − v) / b)) + w / (1 + exp((a − v) / (k·b)))
//! P(vitória | v) = (1 − e)·L(v),  P(derrota | v) = (1 − e)·L(−v)
//! ```
//!
//! e o empate é o resto. a é o escore com que o lado a jogar ganha metade
//! das partidas; b, quanto o escore precisa andar para a chance mudar. A
//! primeira parcela é a logística do Stockfish; a segunda, com um peso w
//! pequeno e k vezes mais larga, são as partidas que o escore não decide (o
//! erro grosso, o relógio acabando). Com uma logística só, quem estava 10 a
//! 100 centipeões melhor ganhava menos e perdia mais do que ela previa (3.1
//! pontos numa faixa); a mistura põe essas partidas numa curva própria em vez
//! de achatar a curva inteira.
//!
//! O escore exatamente 0 tem um termo só dele, z(x), outro polinômio de grau
//! 3: vitória = derrota = 1 / (1 + exp(z)). Nas partidas ele é quase sempre
//! um empate que a busca já viu (repetição, 50 lances, fortaleza) e empata
//! bem mais que os escores de ±1 a ±10, o que a curva logística não tem como
//! dizer.
//!
//! Por fim, o contador da regra dos 50 (y = min(meio-lances, 100) ÷ 50, o
//! que está em todo FEN) soma um termo linear a a, b e z (a + ha·y, b + hb·y,
//! z + hz·y) e é o piso do empate, e = he·y: o que empata mesmo com o escore
//! alto (fortalezas, vitórias que não se convertem). Com o mesmo material e
//! o mesmo escore, a posição em que ninguém captura nem mexe peão há 30
//! lances empata muito mais que a recém-saída de uma troca, e o lance da
//! partida (o ply, que o Stockfish usava) não está num FEN montado à mão.
//!
//! Os coeficientes não são os do Stockfish (a escala dos escores dele é
//! outra): foram ajustados por máxima verossimilhança a 5004 partidas do
//! ICE-rs contra si mesmo a 5+0.05, com `scripts/medidas/wdl.py`; as
//! partidas, as perdas e a calibração estão em `docs/wdl.md`.

use crate::tipos::LIMIAR_VITORIA_TB;

/// Os coeficientes de a(x), do termo de x³ ao constante (como os `as[]` do
/// Stockfish). `scripts/medidas/wdl.py ajusta` imprime estas linhas.
pub const WDL_A: [f64; 4] = [-214.124978, 613.512789, -591.664537, 279.750219];
/// Os coeficientes de b(x), na mesma ordem.
pub const WDL_B: [f64; 4] = [47.919135, -109.994820, 102.391415, 19.890745];
/// Os coeficientes de z(x), o termo do escore 0, na mesma ordem.
pub const WDL_Z: [f64; 4] = [-5.295621, 14.668483, -15.535683, 7.965761];
/// Os termos da regra dos 50 (multiplicam y) em a, b, e e z, nessa ordem (o
/// de e é o piso inteiro: com o contador em 0 não há piso).
pub const WDL_H: [f64; 4] = [33.768076, -7.936422, 0.320601, 2.366839];
/// A mistura: o peso w da logística larga e quantas vezes (k) ela é mais
/// larga que a outra.
pub const WDL_M: [f64; 2] = [0.027109, 7.767687];

/// A faixa de material em que o modelo foi ajustado (fora dela, satura) e o
/// material em que x = 1 (o do Stockfish; só muda a escala dos coeficientes).
pub const MATERIAL_MINIMO: i32 = 17;
pub const MATERIAL_MAXIMO: i32 = 78;
const MATERIAL_ANCORA: f64 = 58.0;
/// O contador da regra dos 50 satura em 100 meios-lances (a regra) e entra
/// no modelo dividido por 50.
pub const MEIO_LANCES_MAXIMO: u16 = 100;
const MEIO_LANCES_ESCALA: f64 = 50.0;
/// O escore satura aqui antes de entrar no modelo: acima disso a conta já
/// não muda (vitória 1000 menos o piso do empate; derrota 0). A logística
/// larga da mistura (k·b chega a ~580 cp) ainda muda um milésimo perto de
/// 2000; em 4000 já não muda nada.
const ESCORE_MAXIMO: i32 = 4000;

/// O material que o modelo usa, das contagens de peças dos dois lados.
pub fn material_wdl(peoes: u32, menores: u32, torres: u32, damas: u32) -> i32 {
    (peoes + 3 * menores + 5 * torres + 9 * damas) as i32
}

/// Os parâmetros a, b, z e e do modelo para um material e um contador da
/// regra dos 50.
pub fn parametros_wdl(material: i32, meio_lances: u16) -> (f64, f64, f64, f64) {
    let x = material.clamp(MATERIAL_MINIMO, MATERIAL_MAXIMO) as f64 / MATERIAL_ANCORA;
    let y = meio_lances.min(MEIO_LANCES_MAXIMO) as f64 / MEIO_LANCES_ESCALA;
    let p = |c: &[f64; 4]| ((c[0] * x + c[1]) * x + c[2]) * x + c[3];
    (
        p(&WDL_A) + WDL_H[0] * y,
        p(&WDL_B) + WDL_H[1] * y,
        p(&WDL_Z) + WDL_H[3] * y,
        WDL_H[2] * y,
    )
}

/// A chance de vitória do lado a jogar, em milésimos (arredondada), com o
/// escore `v` (centipeões, sem mate), o `material` e o contador da regra dos
/// 50.
pub fn taxa_vitoria(v: i32, material: i32, meio_lances: u16) -> i32 {
    let (a, b, z, e) = parametros_wdl(material, meio_lances);
    if v == 0 {
        return (0.5 + 1000.0 / (1.0 + z.exp())) as i32;
    }
    let v = v.clamp(-ESCORE_MAXIMO, ESCORE_MAXIMO) as f64;
    let [w, k] = WDL_M;
    let l = (1.0 - w) / (1.0 + ((a - v) / b).exp()) + w / (1.0 + ((a - v) / (k * b)).exp());
    (0.5 + 1000.0 * (1.0 - e) * l) as i32
}

/// Vitória, empate e derrota do lado a jogar, em milésimos, somando 1000.
/// Um mate achado ou uma vitória das tabelas é 1000 0 0 (0 0 1000, do lado
/// que perde). Simétrico: `wdl(−v)` é `wdl(v)` com vitória e derrota
/// trocadas. Monótono no escore de cada lado do 0; no 0, o termo próprio
/// (vitória = derrota).
pub fn wdl(escore: i32, material: i32, meio_lances: u16) -> (i32, i32, i32) {
    // Mate ou vitória das tabelas: provados, sem o piso do empate.
    if escore >= LIMIAR_VITORIA_TB {
        return (1000, 0, 0);
    }
    if escore <= -LIMIAR_VITORIA_TB {
        return (0, 0, 1000);
    }
    let mut w = taxa_vitoria(escore, material, meio_lances);
    let mut l = taxa_vitoria(-escore, material, meio_lances);
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
