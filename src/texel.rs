//! Afinador dos pesos da avaliação pelo método de Texel (`ice texel`).
//!
//! Nível 8: depende da avaliação e da busca (quiescência). Não existe no ICE:
//! os autores afinavam os pesos à mão (seção 4.6 do artigo). A ideia é de
//! Peter Österlund (motor Texel, 2014): se a avaliação for boa, uma sigmoide
//! dela prevê o resultado da partida. Minimizamos, sobre posições quietas,
//!
//! ```text
//! erro = média de (R − σ(E))²,  σ(E) = 1 / (1 + 10^(−K·E/400))
//! ```
//!
//! onde R é o alvo (o resultado da partida, 1, ½ ou 0 para as brancas,
//! opcionalmente misturado com σ do escore da busca: `--lambda`) e E a
//! avaliação estática das brancas.
//!
//! Não há segunda cópia da avaliação: o "traço" de `traco_eval` diz quantas
//! vezes cada peso (constante com nome e índice em `src/pesos.rs`) entrou
//! para cada cor. Como a avaliação é linear nos pesos (fora a escala de
//! empate, fixa por posição), o erro e o gradiente saem dos coeficientes sem
//! chamar a avaliação de novo, e a descida (Adam) leva minutos mesmo com
//! milhões de posições. As exceções são o perigo ao rei (`PERIGO_REI`) e a
//! complexidade (`COMPLEXIDADE`): o traço guarda as características e
//! `avalia` refaz a conta não linear de `avaliacao::penalidade_perigo`
//! (perigo² ÷ D no meio-jogo), com a derivada 2·perigo·f ÷ D no gradiente,
//! e a de `avaliacao::ajuste_complexidade` (sinal(eg) × max(c, −|eg|) no
//! final), cuja derivada é 0 ou 1 (ver `ajuste_complexidade_real`).
//!
//! A descida usa todas as amostras de treino a cada passo (o padrão) ou
//! mini-lotes (`--lote N`, embaralhados a cada época com a semente de
//! `--semente`: a mesma semente dá os mesmos pesos), com regularização L2 em
//! direção aos pesos de partida (`--l2 λ`). O resultado reescreve os números das constantes no
//! próprio arquivo-fonte (`--escreve`), um `par(mg, eg)` no lugar do outro:
//! o diff mostra só os números que mudaram.
//!
//! Entradas: arquivos do `ice datagen` (`FEN | escore | resultado`, o
//! formato principal) e PGNs de partidas (as posições quietas de cada uma).

use crate::arvore::quiescence_raiz;
use crate::avaliacao::{
    penalidade_perigo, traco_eval, PERIGO_DIVISOR_EG, PERIGO_DIVISOR_MG, PERIGO_TETO,
};
use crate::estado::{nova_busca, TBusca};
use crate::geracao::san_para_lance;
use crate::material::FASE_TOTAL;
use crate::pesos::{TPar, COMPLEXIDADE, NUM_PERIGO, PERIGO_REI};
use crate::pgn::{le_partidas_pgn, resultado_brancas};
use crate::tabuleiro::{TBoard, FEN_INICIAL};
use crate::tipos::{BRANCAS, INFINITO, NEGRAS};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::collections::HashMap;

// --- Parâmetros (cada um com o porquê) ---
/// Plies do começo de cada partida de PGN que não entram (livro/aberturas
/// sorteadas: lances que nenhum peso da avaliação escolheu).
const PLIES_IGNORADOS: usize = 8;
/// Posições com avaliação acima disso (em módulo) já estão decididas: o
/// resultado delas só confirma o material e dominaria o gradiente.
const AVAL_MAXIMA: i32 = 1500;
/// Uma posição em cada tantas (uma partida, no PGN) fica fora do ajuste e
/// serve de validação: é o erro nelas, não vistas, que diz quando parar
/// (sem isso o Adam decora os dados com pesos absurdos).
pub const VALIDACAO_CADA: usize = 5;
/// Nos dados do datagen as posições de uma partida vêm em linhas seguidas
/// (umas 70 por partida) e são parecidas demais entre si: a validação é
/// feita por blocos de tantas linhas, para que quase nenhuma partida tenha
/// posições dos dois lados da separação.
const BLOCO_VALIDACAO: usize = 500;
/// Parâmetros do Adam (os usuais do artigo de Kingma e Ba).
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
/// Épocas sem melhora na validação antes de parar.
const PACIENCIA: usize = 50;
/// Padrões da linha de comando. Taxa 0.3: com poucas partidas, 1.0 e 0.3
/// chegavam aos mesmos pesos (±1 cp), mas com 1.0 o mínimo caía cedo demais
/// para a parada antecipada escolher bem.
const MAX_PADRAO: usize = 5_000_000;
const EPOCAS_PADRAO: usize = 2000;
const TAXA_PADRAO: f64 = 0.3;
/// Semente padrão do embaralhamento dos mini-lotes (qualquer uma serve; fixa
/// para que duas rodadas iguais deem os mesmos pesos).
pub const SEMENTE_PADRAO: u64 = 1;
/// Ponto de partida dos pesos do perigo ao rei (os mesmos no meio-jogo e no
/// final) quando estão todos em zero (o termo desligado). O perigo é cortado
/// em zero: com ele em zero, a derivada da penalidade é zero (2·perigo·f/D
/// no meio-jogo, e a do corte no final) e a descida nunca sairia dali. Os
/// valores só dão o sinal e a ordem de grandeza (um rei com duas peças
/// atacando, três casas fracas e um xeque seguro fica com perigo perto de
/// 300: uns 20 cp em cada fase): o afinador acha o resto. A falta da dama
/// inimiga (índice 11) diminui o perigo.
const PERIGO_SEMENTE: [f64; NUM_PERIGO] = [
    30.0, 30.0, 30.0, 30.0, 10.0, 30.0, 40.0, 40.0, 40.0, 40.0, 20.0, -100.0, 0.0,
];

/// Uma posição de treino, já reduzida ao que o erro precisa.
#[derive(Clone, Debug)]
pub struct TAmostra {
    /// Alvo, do ponto de vista das brancas (o resultado, ou a mistura com o
    /// escore que `mistura_escore` faz).
    pub resultado: f64,
    /// Escore da busca que gerou a posição (brancas), se o arquivo o tinha.
    pub escore: Option<i32>,
    /// Posição de validação (não entra no gradiente).
    pub validacao: bool,
    pub fase: i32,
    /// Escala de empate de quem está à frente (16 = nenhuma).
    pub escala: i32,
    /// Parte que não é afinada (correções sem nome), brancas − pretas.
    pub fixo_mg: f64,
    pub fixo_eg: f64,
    /// (índice do peso, coeficiente das brancas − das pretas).
    pub coefs: Vec<(u32, i32)>,
    /// Perigo ao rei: (índice do peso de `PERIGO_REI`, característica do rei
    /// das brancas e do rei das pretas), só as que não são zero.
    pub perigo: Vec<(u32, [i32; 2])>,
    /// Complexidade: (índice do peso de `COMPLEXIDADE`, característica da
    /// posição), só as que não são zero. Vazio no modo clássico.
    pub complexidade: Vec<(u32, i32)>,
}

/// Um peso afinável, identificado pelo nome da constante e pelo índice.
#[derive(Clone, Debug)]
pub struct TParam {
    pub nome: &'static str,
    pub indice: usize,
    pub inicial: [f64; 2],
    pub valor: [f64; 2],
}

/// Os pesos achados nos traços e as amostras que os usam.
#[derive(Default)]
pub struct TDados {
    pub params: Vec<TParam>,
    ids: HashMap<(&'static str, usize), u32>,
    pub amostras: Vec<TAmostra>,
}

/// Uma posição lida: resultado das brancas, escore da busca (se o arquivo
/// o tem) e se é de validação. O tabuleiro (64 KB com o histórico) vira
/// amostra na hora e não é guardado: um milhão deles não caberia.
struct TPosicao {
    resultado: f64,
    escore: Option<i32>,
    validacao: bool,
}

pub fn sigmoide(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// O perigo ao rei de cada cor de uma amostra, [cor][mg, eg]: Σ peso × f,
/// sem o teto.
fn perigos(a: &TAmostra, p: &[TParam]) -> [[f64; 2]; 2] {
    let mut r = [[0f64; 2]; 2];
    for &(i, f) in &a.perigo {
        for (cor, rc) in r.iter_mut().enumerate() {
            rc[0] += p[i as usize].valor[0] * f[cor] as f64;
            rc[1] += p[i as usize].valor[1] * f[cor] as f64;
        }
    }
    r
}

/// Penalidade do perigo `x` e a derivada dela em relação a `x`, em cada fase
/// (`j` = 0 meio-jogo, 1 final): a conta de `avaliacao::penalidade_perigo`
/// em números reais. Fora de (0, PERIGO_TETO) o perigo é cortado e a
/// derivada é zero.
pub fn penalidade_perigo_real(x: f64, j: usize) -> (f64, f64) {
    let teto = PERIGO_TETO as f64;
    let xc = x.clamp(0.0, teto);
    let dentro = if x > 0.0 && x < teto { 1.0 } else { 0.0 };
    if j == 0 {
        let d = PERIGO_DIVISOR_MG as f64;
        (xc * xc / d, dentro * 2.0 * xc / d)
    } else {
        let d = PERIGO_DIVISOR_EG as f64;
        (xc / d, dentro / d)
    }
}

/// A complexidade de uma amostra: Σ peso (final) × característica.
pub fn complexidade(a: &TAmostra, p: &[TParam]) -> f64 {
    a.complexidade
        .iter()
        .map(|&(i, f)| p[i as usize].valor[1] * f as f64)
        .sum()
}

/// O ajuste da complexidade `cx` ao final `eg` (brancas − pretas), a conta
/// de `avaliacao::ajuste_complexidade` em números reais, e as derivadas:
/// (sinal(eg) × max(cx, −|eg|), d(eg + ajuste)/d eg, d ajuste/d cx).
/// Enquanto cx > −|eg| o ajuste é sinal(eg)·cx: o final anda junto com eg
/// (derivada 1) e com cx (derivada sinal(eg)). Senão o final fica em zero
/// (o ajuste é −eg), e nenhuma das duas coisas o mexe (derivadas 0): nem
/// os pesos da complexidade nem os outros pesos, na parte do final.
pub fn ajuste_complexidade_real(eg: f64, cx: f64) -> (f64, f64, f64) {
    let sinal = if eg > 0.0 {
        1.0
    } else if eg < 0.0 {
        -1.0
    } else {
        0.0
    };
    if cx > -eg.abs() {
        (sinal * cx, 1.0, sinal)
    } else {
        (-eg, 0.0, 0.0)
    }
}

/// Meio-jogo e final (brancas − pretas) de uma amostra com os pesos dados,
/// antes da complexidade: parte fixa, pesos lineares e perigo ao rei.
pub fn partes(a: &TAmostra, p: &[TParam]) -> (f64, f64) {
    let (mut mg, mut eg) = (a.fixo_mg, a.fixo_eg);
    for &(i, c) in &a.coefs {
        mg += p[i as usize].valor[0] * c as f64;
        eg += p[i as usize].valor[1] * c as f64;
    }
    if !a.perigo.is_empty() {
        // A penalidade tira do rei atacado: − a das brancas, + a das pretas.
        let x = perigos(a, p);
        mg -= penalidade_perigo_real(x[0][0], 0).0 - penalidade_perigo_real(x[1][0], 0).0;
        eg -= penalidade_perigo_real(x[0][1], 1).0 - penalidade_perigo_real(x[1][1], 1).0;
    }
    (mg, eg)
}

/// Avaliação (brancas) de uma amostra com os pesos dados.
pub fn avalia(a: &TAmostra, p: &[TParam]) -> f64 {
    let (mg, mut eg) = partes(a, p);
    if !a.complexidade.is_empty() {
        eg += ajuste_complexidade_real(eg, complexidade(a, p)).0;
    }
    let f = a.fase as f64 / FASE_TOTAL as f64;
    (mg * f + eg * (1.0 - f)) * a.escala as f64 / 16.0
}

/// Quantas threads o erro e o gradiente usam por padrão (uma por núcleo).
pub fn threads_padrao() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Soma `f` sobre os itens (amostras ou índices delas) em `threads`
/// threads, em fatias contíguas (cada thread devolve um acumulador; `junta`
/// os combina na ordem, para o resultado não depender do escalonamento).
fn em_paralelo<I: Sync, T: Send>(
    itens: &[I],
    threads: usize,
    f: impl Fn(&[I]) -> T + Sync,
    mut junta: impl FnMut(T),
) {
    let fatia = itens.len().div_ceil(threads.max(1)).max(1);
    if itens.len() <= fatia {
        junta(f(itens)); // uma fatia só: sem thread
        return;
    }
    std::thread::scope(|s| {
        let tarefas: Vec<_> = itens.chunks(fatia).map(|c| s.spawn(|| f(c))).collect();
        for t in tarefas {
            junta(t.join().expect("thread do afinador"));
        }
    });
}

/// Erro quadrático médio nas amostras de treino (`validacao` falso) ou nas de
/// validação (verdadeiro), com uma thread por núcleo.
pub fn erro(amostras: &[TAmostra], p: &[TParam], k: f64, validacao: bool) -> f64 {
    erro_com(amostras, p, k, validacao, threads_padrao())
}

/// `erro` com o número de threads dado.
pub fn erro_com(
    amostras: &[TAmostra],
    p: &[TParam],
    k: f64,
    validacao: bool,
    threads: usize,
) -> f64 {
    let (mut soma, mut n) = (0.0, 0usize);
    em_paralelo(
        amostras,
        threads,
        |fatia| {
            let (mut s, mut n) = (0.0, 0usize);
            for a in fatia.iter().filter(|a| a.validacao == validacao) {
                s += (a.resultado - sigmoide(k, avalia(a, p))).powi(2);
                n += 1;
            }
            (s, n)
        },
        |(s, m)| {
            soma += s;
            n += m;
        },
    );
    soma / n.max(1) as f64
}

/// O K que melhor casa a escala da avaliação com os resultados (busca áurea).
pub fn acha_k(amostras: &[TAmostra], p: &[TParam]) -> f64 {
    acha_k_com(amostras, p, threads_padrao())
}

/// `acha_k` com o número de threads dado.
pub fn acha_k_com(amostras: &[TAmostra], p: &[TParam], threads: usize) -> f64 {
    let (mut a, mut b) = (0.1f64, 3.0f64);
    let r = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let c = b - r * (b - a);
        let d = a + r * (b - a);
        if erro_com(amostras, p, c, false, threads) < erro_com(amostras, p, d, false, threads) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// Gradiente da soma dos erros das amostras `indices` em relação a cada peso
/// (meio-jogo, final). Para a média, divida por `indices.len()`.
///
/// Um peso linear com coeficiente c entra em E como c·(f·mg + (1−f)·eg)·esc;
/// um peso w do perigo ao rei entra pela penalidade: d pen/d w = pen'(x)·f,
/// com pen'(x) = 2x/D no meio-jogo e 1/D no final (`penalidade_perigo_real`),
/// e sinal − para o rei das brancas, + para o das pretas.
///
/// A complexidade c entra no final como sinal(eg)·max(c, −|eg|)
/// (`ajuste_complexidade_real`): tudo o que entra no final (os pesos
/// lineares e o perigo ao rei, pela parte `eg`) é multiplicado pela
/// derivada em relação a eg (1, ou 0 quando o final fica em zero), e um
/// peso w da complexidade tem derivada sinal(eg)·f (ou 0) no final.
pub fn gradiente(
    amostras: &[TAmostra],
    indices: &[u32],
    p: &[TParam],
    k: f64,
    threads: usize,
) -> Vec<[f64; 2]> {
    let ln10 = std::f64::consts::LN_10;
    let mut g = vec![[0f64; 2]; p.len()];
    em_paralelo(
        indices,
        threads,
        |fatia| {
            let mut g = vec![[0f64; 2]; p.len()];
            for &ia in fatia {
                let a = &amostras[ia as usize];
                let (mg, eg) = partes(a, p);
                let (aj, d_eg, d_cx) = if a.complexidade.is_empty() {
                    (0.0, 1.0, 0.0)
                } else {
                    ajuste_complexidade_real(eg, complexidade(a, p))
                };
                let f = a.fase as f64 / FASE_TOTAL as f64;
                let esc = a.escala as f64 / 16.0;
                let s = sigmoide(k, (mg * f + (eg + aj) * (1.0 - f)) * esc);
                // d erro / d E = −2 (R − σ) σ (1 − σ) K ln10 / 400
                let de = -2.0 * (a.resultado - s) * s * (1.0 - s) * k * ln10 / 400.0;
                // d E / d (mg, eg antes da complexidade).
                let fases = [de * esc * f, de * esc * (1.0 - f) * d_eg];
                for &(i, c) in &a.coefs {
                    g[i as usize][0] += fases[0] * c as f64;
                    g[i as usize][1] += fases[1] * c as f64;
                }
                let d_c = de * esc * (1.0 - f) * d_cx;
                for &(i, fc) in &a.complexidade {
                    g[i as usize][1] += d_c * fc as f64;
                }
                if a.perigo.is_empty() {
                    continue;
                }
                let x = perigos(a, p);
                let mut dx = [[0f64; 2]; 2]; // d E / d perigo, [cor][fase]
                for (cor, sinal) in [(BRANCAS, -1.0), (NEGRAS, 1.0)] {
                    for j in 0..2 {
                        dx[cor][j] = sinal * fases[j] * penalidade_perigo_real(x[cor][j], j).1;
                    }
                }
                for &(i, fc) in &a.perigo {
                    for j in 0..2 {
                        g[i as usize][j] += dx[0][j] * fc[0] as f64 + dx[1][j] * fc[1] as f64;
                    }
                }
            }
            g
        },
        |parcial| {
            for (a, b) in g.iter_mut().zip(parcial) {
                a[0] += b[0];
                a[1] += b[1];
            }
        },
    );
    g
}

/// Como `afina` desce: o tamanho do mini-lote, a regularização, a semente
/// do embaralhamento e as threads.
#[derive(Clone, Debug)]
pub struct TOpcoesAfina {
    pub epocas: usize,
    pub taxa: f64,
    /// Amostras de treino por passo; 0 = todas (um passo por época, sem
    /// embaralhar: o comportamento de antes dos mini-lotes).
    pub lote: usize,
    /// λ da regularização L2 em direção aos pesos de partida (0 = nenhuma).
    pub l2: f64,
    /// Semente do embaralhamento dos mini-lotes.
    pub semente: u64,
    pub threads: usize,
    /// Pesos que não se mexem: os de nome começado por um destes prefixos
    /// (para medir o que um termo acrescenta, afinando o resto sem ele).
    pub congela: Vec<String>,
    /// Imprime (stderr) o erro de treino e o de validação a cada época, não
    /// só a cada 100.
    pub relata_epocas: bool,
    /// Épocas sem melhora na validação antes de parar; 0 = sem parada
    /// antecipada, e os pesos são os da última época (não os do menor erro de
    /// validação): com `--teste`, escolher pelo teste seria afinar no teste.
    pub paciencia: usize,
}

/// As opções de `afina` com os padrões de `ice texel`.
pub fn opcoes_afina(epocas: usize, taxa: f64) -> TOpcoesAfina {
    TOpcoesAfina {
        epocas,
        taxa,
        lote: 0,
        l2: 0.0,
        semente: SEMENTE_PADRAO,
        threads: threads_padrao(),
        congela: Vec::new(),
        relata_epocas: false,
        paciencia: PACIENCIA,
    }
}

/// Descida de gradiente (Adam, lote inteiro) sobre todos os pesos, com os
/// padrões (`opcoes_afina`). Ver `afina_com`.
pub fn afina(
    amostras: &[TAmostra],
    p: &mut [TParam],
    k: f64,
    epocas: usize,
    taxa: f64,
) -> (usize, f64) {
    afina_com(amostras, p, k, &opcoes_afina(epocas, taxa))
}

/// Descida de gradiente (Adam) sobre todos os pesos: a cada época, um passo
/// com todas as amostras de treino (`op.lote` = 0) ou um passo por
/// mini-lote de `op.lote` amostras, na ordem de um embaralhamento com a
/// semente `op.semente` (reprodutível: mesma semente, mesmos pesos, com o
/// mesmo número de threads). Guarda os pesos do menor erro de validação e
/// para quando ele não melhora há PACIENCIA épocas (parada antecipada).
/// Devolve (época escolhida, erro de validação nela).
///
/// A regularização L2 puxa cada peso para o valor de partida w0 (o de
/// `src/pesos.rs`), como o decaimento desacoplado do AdamW (Loshchilov e
/// Hutter), mas na forma implícita: depois do passo do Adam,
/// w ← w0 + (w − w0) / (1 + taxa·λ), o mínimo exato de
/// λ·(w − w0)²/2 + (w − w_adam)²/(2·taxa). Assim ela é estável com qualquer
/// λ (um λ enorme deixa os pesos onde estavam), e com mini-lotes, cujo
/// gradiente tem ruído, impede que um peso pouco visto ande longe.
pub fn afina_com(
    amostras: &[TAmostra],
    p: &mut [TParam],
    k: f64,
    op: &TOpcoesAfina,
) -> (usize, f64) {
    let n = p.len();
    let th = op.threads;
    let mut treino: Vec<u32> = (0..amostras.len() as u32)
        .filter(|&i| !amostras[i as usize].validacao)
        .collect();
    let partida: Vec<[f64; 2]> = p.iter().map(|x| x.valor).collect();
    let encolhe = 1.0 / (1.0 + op.taxa * op.l2);
    let livre: Vec<bool> = p
        .iter()
        .map(|x| !op.congela.iter().any(|c| x.nome.starts_with(c.as_str())))
        .collect();
    let mut rng = StdRng::seed_from_u64(op.semente);
    let mut melhor_erro = erro_com(amostras, p, k, true, th);
    let mut melhores: Vec<[f64; 2]> = partida.clone();
    let mut melhor_epoca = 0;
    let (mut m, mut v) = (vec![[0f64; 2]; n], vec![[0f64; 2]; n]);
    let mut passo = 0i32;
    let tamanho = if op.lote == 0 {
        treino.len().max(1)
    } else {
        op.lote
    };
    for epoca in 1..=op.epocas {
        if op.lote > 0 {
            treino.shuffle(&mut rng);
        }
        for lote in treino.chunks(tamanho) {
            passo = passo.saturating_add(1);
            let g = gradiente(amostras, lote, p, k, th);
            let n_lote = lote.len() as f64;
            for i in (0..n).filter(|&i| livre[i]) {
                for j in 0..2 {
                    let gi = g[i][j] / n_lote;
                    m[i][j] = BETA1 * m[i][j] + (1.0 - BETA1) * gi;
                    v[i][j] = BETA2 * v[i][j] + (1.0 - BETA2) * gi * gi;
                    let mh = m[i][j] / (1.0 - BETA1.powi(passo));
                    let vh = v[i][j] / (1.0 - BETA2.powi(passo));
                    let w = p[i].valor[j] - op.taxa * mh / (vh.sqrt() + 1e-8);
                    p[i].valor[j] = if op.l2 > 0.0 {
                        partida[i][j] + (w - partida[i][j]) * encolhe
                    } else {
                        w
                    };
                }
            }
        }
        let ev = erro_com(amostras, p, k, true, th);
        if ev < melhor_erro {
            melhor_erro = ev;
            melhor_epoca = epoca;
            for (m, x) in melhores.iter_mut().zip(p.iter()) {
                *m = x.valor;
            }
        }
        if op.paciencia == 0 {
            melhor_erro = ev;
            melhor_epoca = epoca;
            for (m, x) in melhores.iter_mut().zip(p.iter()) {
                *m = x.valor;
            }
        }
        let parar = op.paciencia > 0 && epoca >= melhor_epoca + op.paciencia;
        if op.relata_epocas || epoca % 100 == 0 || epoca == op.epocas || parar {
            let et = erro_com(amostras, p, k, false, th);
            if op.relata_epocas {
                eprintln!("texel: época {epoca}: treino {et:.6}, validação {ev:.6}");
            } else {
                log::info!("época {epoca}: erro {et:.6}, validação {ev:.6}");
            }
        }
        if parar {
            break;
        }
    }
    for (x, m) in p.iter_mut().zip(&melhores) {
        x.valor = *m;
    }
    (melhor_epoca, melhor_erro)
}

/// Reescreve no texto-fonte os números de `const NOME: TPar = par(mg, eg);`
/// ou da entrada `indice` de `const NOME: [TPar; N] = [par(..), …];`.
pub fn reescreve(fonte: &str, nome: &str, indice: usize, mg: i32, eg: i32) -> Option<String> {
    let escalar = format!("const {nome}: TPar = ");
    let tabela = format!("const {nome}: [TPar; ");
    let (inicio, pula) = if let Some(i) = fonte.find(&escalar) {
        (i, 0)
    } else {
        (fonte.find(&tabela)?, indice)
    };
    // Acha o (pula+1)-ésimo "par(" depois da declaração.
    let mut pos = inicio;
    for _ in 0..=pula {
        pos += fonte[pos..].find("par(")? + 4;
    }
    let fim = pos + fonte[pos..].find(')')?;
    Some(format!("{}{mg}, {eg}{}", &fonte[..pos], &fonte[fim..]))
}

/// Posição quieta: fora de xeque, não decidida, e a quiescência não muda a
/// avaliação estática (o afinador só vê a estática).
fn quieta(b: &mut TBoard, bu: &mut TBusca) -> bool {
    if b.em_xeque() {
        return false;
    }
    let parado = crate::avaliacao::eval(b, &mut bu.av, -INFINITO, INFINITO);
    parado.abs() <= AVAL_MAXIMA && quiescence_raiz(b, bu) == parado
}

/// Lê as partidas de um PGN (`pgn`) e guarda as posições quietas com o
/// resultado. Partidas sem resultado (`*`) ou com FEN ruim ficam de fora; um
/// lance ilegal ou ilegível descarta o resto da partida. Uma partida em cada
/// VALIDACAO_CADA é de validação (as posições de uma partida são parecidas
/// demais para serem separadas).
fn le_pgn(
    texto: &str,
    bu: &mut TBusca,
    max: usize,
    d: &mut TDados,
    total_partidas: &mut usize,
) -> usize {
    let mut partidas = 0;
    for p in le_partidas_pgn(texto) {
        let resultado = p.resultado.as_deref().and_then(resultado_brancas);
        let fen = p.fen.as_deref().unwrap_or(FEN_INICIAL);
        let (Some(r), Ok(mut b)) = (resultado, TBoard::de_fen(fen)) else {
            continue;
        };
        if p.lances.is_empty() {
            continue;
        }
        partidas += 1;
        *total_partidas += 1;
        let validacao = total_partidas.is_multiple_of(VALIDACAO_CADA);
        for (ply, san) in p.lances.iter().enumerate() {
            let Some(lance) = san_para_lance(&b, san) else {
                break; // lance ilegal ou ilegível: descarta o resto
            };
            b.make(&lance);
            if ply < PLIES_IGNORADOS || d.amostras.len() >= max || !quieta(&mut b, bu) {
                continue;
            }
            let p = TPosicao {
                resultado: r,
                escore: None,
                validacao,
            };
            acrescenta(d, bu, &b, &p);
        }
    }
    partidas
}

/// Lê as linhas do `ice datagen` (`FEN | escore | resultado`). As posições
/// já são quietas (o datagen as filtrou). Um bloco de BLOCO_VALIDACAO
/// linhas em cada VALIDACAO_CADA é de validação; linhas malformadas são
/// contadas e puladas.
fn le_dados(texto: &str, max: usize, bu: &mut TBusca, d: &mut TDados) -> (usize, usize) {
    let (mut lidas, mut ruins) = (0, 0);
    for linha in texto.lines().filter(|l| !l.trim().is_empty()) {
        if d.amostras.len() >= max {
            break;
        }
        let campos: Vec<&str> = linha.split('|').map(str::trim).collect();
        let lida = match campos.as_slice() {
            [fen, escore, resultado] => TBoard::de_fen(fen).ok().and_then(|b| {
                let e = escore.parse::<i32>().ok()?;
                let r = resultado
                    .parse::<f64>()
                    .ok()
                    .filter(|r| (0.0..=1.0).contains(r))?;
                Some((b, e, r))
            }),
            _ => None,
        };
        let Some((b, e, r)) = lida else {
            ruins += 1;
            continue;
        };
        lidas += 1;
        let p = TPosicao {
            resultado: r,
            escore: Some(e),
            validacao: (lidas / BLOCO_VALIDACAO).is_multiple_of(VALIDACAO_CADA),
        };
        acrescenta(d, bu, &b, &p);
    }
    (lidas, ruins)
}

/// Acrescenta uma amostra: o traço da posição dá os coeficientes de cada
/// peso; o que não tem nome fica na parte fixa. Posições de empate teórico
/// (escala 0) não ensinam nada e ficam de fora.
fn acrescenta(d: &mut TDados, bu: &mut TBusca, b: &TBoard, p: &TPosicao) {
    let t = traco_eval(b, &mut bu.av);
    let escala = t.escala[if t.total_brancas > 0 { BRANCAS } else { NEGRAS }];
    if escala == 0 {
        return;
    }
    let mut fixo_mg = (t.soma[BRANCAS].mg - t.soma[NEGRAS].mg) as f64;
    let mut fixo_eg = (t.soma[BRANCAS].eg - t.soma[NEGRAS].eg) as f64;
    let mut coefs = Vec::with_capacity(t.itens.len());
    // O perigo ao rei: a penalidade que a avaliação somou (com os pesos de
    // agora) sai da parte fixa; `avalia` a refaz com os pesos da descida.
    let mut perigo = Vec::new();
    for (cor, sinal) in [(BRANCAS, 1.0), (NEGRAS, -1.0)] {
        let pen = penalidade_perigo(&t.perigo[cor], &PERIGO_REI);
        fixo_mg += sinal * pen.mg as f64;
        fixo_eg += sinal * pen.eg as f64;
    }
    for i in 0..NUM_PERIGO {
        let f = [t.perigo[BRANCAS][i], t.perigo[NEGRAS][i]];
        if f != [0, 0] {
            perigo.push((id_param(d, "PERIGO_REI", i, PERIGO_REI[i]), f));
        }
    }
    // A complexidade, do mesmo jeito: o ajuste que a avaliação fez sai da
    // parte fixa, e `avalia` o refaz com os pesos da descida.
    fixo_eg -= t.ajuste_complexidade as f64;
    let mut complexidade = Vec::new();
    for (i, &f) in t.complexidade.iter().enumerate() {
        if f != 0 {
            complexidade.push((id_param(d, "COMPLEXIDADE", i, COMPLEXIDADE[i]), f));
        }
    }
    for it in &t.itens {
        let id = id_param(d, it.nome, it.indice, it.peso);
        let c = it.coef[BRANCAS] - it.coef[NEGRAS];
        fixo_mg -= (it.peso.mg * c) as f64;
        fixo_eg -= (it.peso.eg * c) as f64;
        if c != 0 {
            coefs.push((id, c));
        }
    }
    d.amostras.push(TAmostra {
        resultado: p.resultado,
        escore: p.escore,
        validacao: p.validacao,
        fase: t.fase,
        escala,
        fixo_mg,
        fixo_eg,
        coefs,
        perigo,
        complexidade,
    });
}

/// O índice do peso (`nome`, `indice`) em `d.params`; na primeira vez, ele
/// entra com o valor `peso`.
fn id_param(d: &mut TDados, nome: &'static str, indice: usize, peso: TPar) -> u32 {
    let params = &mut d.params;
    *d.ids.entry((nome, indice)).or_insert_with(|| {
        params.push(TParam {
            nome,
            indice,
            inicial: [peso.mg as f64, peso.eg as f64],
            valor: [peso.mg as f64, peso.eg as f64],
        });
        (params.len() - 1) as u32
    })
}

/// Se os pesos do perigo ao rei estão todos em zero, põe neles
/// PERIGO_SEMENTE (o ponto de onde a descida consegue sair). Devolve se
/// mexeu. O `inicial` não muda: o "antes" é o da avaliação de agora.
pub fn semeia_perigo(p: &mut [TParam]) -> bool {
    let perigo = |x: &&mut TParam| x.nome == "PERIGO_REI";
    if p.iter_mut().filter(perigo).any(|x| x.valor != [0.0, 0.0]) {
        return false;
    }
    let mut mexeu = false;
    for x in p.iter_mut().filter(perigo) {
        x.valor = [PERIGO_SEMENTE[x.indice]; 2];
        mexeu = true;
    }
    mexeu
}

/// As amostras das linhas do `ice datagen` em `texto` (até `max`), com os
/// pesos que elas usam: o que `ice texel` faz com um arquivo de dados.
pub fn amostras_de_dados(texto: &str, max: usize) -> TDados {
    let mut bu = nova_busca(1);
    let mut d = TDados::default();
    le_dados(texto, max, &mut bu, &mut d);
    d
}

/// Troca o alvo de cada amostra com escore por λ·R + (1 − λ)·σ(K·escore):
/// o resultado de uma partida é ruidoso (um erro no lance 60 decide o que a
/// posição do lance 20 "valia"), o escore da busca é menos ruidoso mas
/// herda os erros da avaliação atual; a mistura fica entre os dois.
pub fn mistura_escore(amostras: &mut [TAmostra], k: f64, lambda: f64) {
    for a in amostras.iter_mut() {
        if let Some(e) = a.escore {
            a.resultado = lambda * a.resultado + (1.0 - lambda) * sigmoide(k, e as f64);
        }
    }
}

/// As opções de `ice texel`.
struct TOpcoesTexel {
    arquivos: Vec<String>,
    max: usize,
    epocas: usize,
    taxa: f64,
    lambda: f64,
    escreve: Option<String>,
    lote: usize,
    l2: f64,
    semente: u64,
    threads: usize,
    congela: Vec<String>,
    /// Arquivos de teste (`--teste`): todas as posições deles são de
    /// validação, e nenhuma dos outros. Com o mesmo teste, afinações em
    /// quantidades diferentes de dados são comparáveis (o ganho por dobra).
    teste: Vec<String>,
    /// `--paciencia N` (0 = sem parada antecipada).
    paciencia: usize,
}

fn le_opcoes(args: &[String]) -> Result<TOpcoesTexel, String> {
    let mut op = TOpcoesTexel {
        arquivos: Vec::new(),
        max: MAX_PADRAO,
        epocas: EPOCAS_PADRAO,
        taxa: TAXA_PADRAO,
        lambda: 1.0,
        escreve: None,
        lote: 0,
        l2: 0.0,
        semente: SEMENTE_PADRAO,
        threads: threads_padrao(),
        congela: Vec::new(),
        teste: Vec::new(),
        paciencia: PACIENCIA,
    };
    let mut i = 0;
    while i < args.len() {
        let valor = || {
            args.get(i + 1)
                .ok_or(format!("falta o valor de {}", args[i]))
        };
        let invalido = format!("valor inválido para {}", args[i]);
        match args[i].as_str() {
            "--max" => op.max = valor()?.parse().map_err(|_| invalido)?,
            "--epocas" => op.epocas = valor()?.parse().map_err(|_| invalido)?,
            "--taxa" => op.taxa = valor()?.parse().map_err(|_| invalido)?,
            "--lambda" => {
                op.lambda = valor()?
                    .parse()
                    .ok()
                    .filter(|l| (0.0..=1.0).contains(l))
                    .ok_or(format!("--lambda entre 0 e 1: {}", valor()?))?
            }
            "--escreve" => op.escreve = Some(valor()?.clone()),
            "--lote" => op.lote = valor()?.parse().map_err(|_| invalido)?,
            "--l2" => {
                op.l2 = valor()?
                    .parse()
                    .ok()
                    .filter(|l: &f64| *l >= 0.0)
                    .ok_or(invalido)?
            }
            "--semente" => op.semente = valor()?.parse().map_err(|_| invalido)?,
            "--congela" => op.congela.push(valor()?.clone()),
            "--teste" => op.teste.push(valor()?.clone()),
            "--paciencia" => op.paciencia = valor()?.parse().map_err(|_| invalido)?,
            "--threads" => {
                op.threads = valor()?
                    .parse()
                    .ok()
                    .filter(|&n: &usize| n > 0)
                    .ok_or(invalido)?
            }
            a if a.starts_with("--") => return Err(format!("opção desconhecida: {a}")),
            a => {
                op.arquivos.push(a.to_string());
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    if op.arquivos.is_empty() {
        return Err(
            "uso: ice texel <dados.txt|partidas.pgn>… [--max N] [--epocas E] \
                    [--taxa T] [--lambda L] [--lote N] [--l2 λ] [--semente S] \
                    [--threads N] [--congela PREFIXO] [--teste ARQ] [--paciencia N] [--escreve src/pesos.rs]"
                .into(),
        );
    }
    Ok(op)
}

/// `ice texel`: lê as posições, afina e (com `--escreve`) reescreve as
/// constantes no arquivo-fonte. A lista de pesos vai para a saída padrão.
pub fn cmd_texel(args: &[String]) -> Result<(), String> {
    let op = le_opcoes(args)?;
    // 1. Posições quietas, com resultado (e escore, do datagen), já
    // transformadas em amostras pelo traço da avaliação.
    let mut bu = nova_busca(1);
    let mut d = TDados::default();
    let mut total_partidas = 0;
    for (i, arq) in op.arquivos.iter().chain(&op.teste).enumerate() {
        let e_teste = i >= op.arquivos.len();
        let antes = d.amostras.len();
        // O `--max` limita o treino; o teste é lido inteiro.
        let max = if e_teste { usize::MAX } else { op.max };
        let texto = std::fs::read_to_string(arq).map_err(|e| format!("{arq}: {e}"))?;
        if arq.ends_with(".pgn") {
            let p = le_pgn(&texto, &mut bu, max, &mut d, &mut total_partidas);
            eprintln!("texel: {arq}: {p} partidas");
        } else {
            let (l, r) = le_dados(&texto, max, &mut bu, &mut d);
            eprintln!("texel: {arq}: {l} posições ({r} linhas malformadas)");
        }
        if !op.teste.is_empty() {
            d.amostras[antes..]
                .iter_mut()
                .for_each(|a| a.validacao = e_teste);
        }
    }
    if d.amostras.is_empty() {
        return Err("nenhuma posição aproveitável".into());
    }

    // 2. K com os pesos atuais e o resultado puro; depois, se pedido, o alvo
    // mistura σ(K·escore da busca): λ·R + (1 − λ)·σ.
    let th = op.threads;
    let k = acha_k_com(&d.amostras, &d.params, th);
    let resultados: Vec<f64> = d.amostras.iter().map(|a| a.resultado).collect();
    if op.lambda < 1.0 {
        mistura_escore(&mut d.amostras, k, op.lambda);
    }
    eprintln!(
        "texel: {} posições ({} de validação), {} pesos, K = {k:.4}, erro {:.6}, validação {:.6}",
        d.amostras.len(),
        d.amostras.iter().filter(|a| a.validacao).count(),
        d.params.len(),
        erro_com(&d.amostras, &d.params, k, false, th),
        erro_com(&d.amostras, &d.params, k, true, th)
    );

    // 3. Adam com parada antecipada (e, se pedidos, mini-lotes e L2).
    let congela_perigo = op
        .congela
        .iter()
        .any(|c| "PERIGO_REI".starts_with(c.as_str()));
    if !congela_perigo && semeia_perigo(&mut d.params) {
        eprintln!(
            "texel: perigo ao rei desligado: parte de PERIGO_SEMENTE (erro {:.6}, validação {:.6})",
            erro_com(&d.amostras, &d.params, k, false, th),
            erro_com(&d.amostras, &d.params, k, true, th)
        );
    }
    let ao = TOpcoesAfina {
        lote: op.lote,
        l2: op.l2,
        semente: op.semente,
        threads: th,
        congela: op.congela.clone(),
        relata_epocas: op.lote > 0 || op.l2 > 0.0,
        paciencia: op.paciencia,
        ..opcoes_afina(op.epocas, op.taxa)
    };
    let (epoca, ev) = afina_com(&d.amostras, &mut d.params, k, &ao);
    eprintln!("texel: pesos da época {epoca}: validação {ev:.6}");
    // A época 0 da descida pode ser a semente do perigo, que não é a
    // avaliação de agora: se nada ficou melhor que ela, nada muda.
    let mut agora = d.params.clone();
    for p in agora.iter_mut() {
        p.valor = p.inicial;
    }
    if op.paciencia > 0 && ev >= erro_com(&d.amostras, &agora, k, true, th) {
        eprintln!("texel: a validação não melhorou: os pesos ficam como estão");
        d.params = agora;
    }

    // A medida comparável entre valores de λ: o erro de validação contra os
    // resultados das partidas, com os pesos de antes e os de depois.
    for (a, r) in d.amostras.iter_mut().zip(&resultados) {
        a.resultado = *r;
    }
    let mut antes = d.params.clone();
    for p in antes.iter_mut() {
        p.valor = p.inicial;
    }
    eprintln!(
        "texel: contra os resultados: treino {:.6} -> {:.6}, validação {:.6} -> {:.6}",
        erro_com(&d.amostras, &antes, k, false, th),
        erro_com(&d.amostras, &d.params, k, false, th),
        erro_com(&d.amostras, &antes, k, true, th),
        erro_com(&d.amostras, &d.params, k, true, th)
    );

    // 4. Resultado: a lista, e a fonte reescrita.
    escreve_resultado(&mut d.params, op.escreve.as_deref())
}

/// Imprime os pesos (antes → depois) e, com `arquivo`, reescreve-os nele.
fn escreve_resultado(params: &mut [TParam], arquivo: Option<&str>) -> Result<(), String> {
    params.sort_by_key(|p| (p.nome, p.indice));
    let mut fonte = match arquivo {
        Some(arq) => Some(std::fs::read_to_string(arq).map_err(|e| format!("{arq}: {e}"))?),
        None => None,
    };
    for p in params.iter() {
        let (mg, eg) = (p.valor[0].round() as i32, p.valor[1].round() as i32);
        crate::linha!(
            "{}[{}]: ({}, {}) -> ({mg}, {eg})",
            p.nome,
            p.indice,
            p.inicial[0],
            p.inicial[1]
        );
        if let Some(f) = fonte.as_mut() {
            match reescreve(f, p.nome, p.indice, mg, eg) {
                Some(novo) => *f = novo,
                None => eprintln!("texel: aviso: constante {} não achada", p.nome),
            }
        }
    }
    if let (Some(arq), Some(f)) = (arquivo, &fonte) {
        std::fs::write(arq, f).map_err(|e| format!("{arq}: {e}"))?;
        eprintln!("texel: constantes reescritas em {arq}");
    }
    Ok(())
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn reescreve_constantes() {
        let f = "const A: TPar = par(1, 2); // x\nconst T: [TPar; 3] = [par(0, 0), par(5, 6), par(7, 8)];\n";
        let g = reescreve(f, "A", 0, -3, 4).unwrap();
        assert!(g.contains("const A: TPar = par(-3, 4); // x"));
        let g = reescreve(&g, "T", 1, 50, 60).unwrap();
        assert!(g.contains("[par(0, 0), par(50, 60), par(7, 8)]"));
        assert!(reescreve(f, "B", 0, 0, 0).is_none());
    }

    #[test]
    fn traco_aponta_para_src_pesos() {
        // O `--escreve` vale para src/pesos.rs: cada peso que o traço
        // registra está lá com esse nome e, nas tabelas, nesse índice.
        // Reescrevê-lo com o próprio valor deixa o arquivo igual; um nome
        // que não existisse ou um índice trocado apareceria aqui.
        let fonte = include_str!("pesos.rs");
        let mut av = crate::avaliacao::nova_avaliacao();
        let mut posicoes: Vec<TBoard> = [
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "2r3k1/1q3ppp/p3p3/1p1nP3/3P4/P2Q1N2/1P3PPP/2R3K1 b - - 3 25",
            "6k1/5p2/8/1P6/8/8/5PK1/8 w - - 0 50",
        ]
        .iter()
        .map(|f| TBoard::de_fen(f).unwrap())
        .collect();
        // Uma abertura jogada, para os pesos da análise de abertura.
        let mut b = TBoard::de_fen(FEN_INICIAL).unwrap();
        for san in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Qe7", "Ke2", "f6"] {
            let l = san_para_lance(&b, san).unwrap();
            b.make(&l);
        }
        posicoes.push(b);
        let mut nomes = 0;
        for b in &posicoes {
            for it in traco_eval(b, &mut av).itens {
                let (mg, eg) = (it.peso.mg, it.peso.eg);
                let g = reescreve(fonte, it.nome, it.indice, mg, eg)
                    .unwrap_or_else(|| panic!("{} não está em src/pesos.rs", it.nome));
                assert!(g == fonte, "{}[{}] não é {mg}, {eg}", it.nome, it.indice);
                nomes += 1;
            }
        }
        assert!(nomes > 100, "só {nomes} pesos no traço");
    }

    #[test]
    fn le_uma_partida() {
        let pgn = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 {bom} Nc6 3. Bb5 a6 \
                   4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 1-0\n";
        let mut bu = nova_busca(1);
        let mut d = TDados::default();
        let mut total = VALIDACAO_CADA - 1;
        let p = le_pgn(pgn, &mut bu, 100, &mut d, &mut total);
        assert_eq!((p, total), (1, VALIDACAO_CADA));
        // A partida de número múltiplo de VALIDACAO_CADA é de validação.
        let v = &d.amostras;
        assert!(!v.is_empty() && v.iter().all(|a| a.resultado == 1.0 && a.validacao));
        assert!(!d.params.is_empty());
    }

    #[test]
    fn le_linhas_do_datagen() {
        let texto = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 35 | 0.5\n\
                     lixo\n\
                     8/8/8/8/8/8/8/K6k w - - 0 1 | 0 | 2.0\n\
                     4k3/8/8/8/8/8/P7/4K3 w - - 0 1 | 120 | 1.0\n";
        let mut bu = nova_busca(1);
        let mut d = TDados::default();
        let (lidas, ruins) = le_dados(texto, 100, &mut bu, &mut d);
        assert_eq!((lidas, ruins), (2, 2));
        assert_eq!(d.amostras[0].escore, Some(35));
        assert_eq!(d.amostras[1].resultado, 1.0);
    }
}
