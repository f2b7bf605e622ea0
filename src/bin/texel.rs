//! Afinador dos pesos da avaliação pelo método de Texel.
//!
//! Ideia (Peter Österlund, motor Texel, 2014): se a avaliação for boa, uma
//! sigmoide dela prevê o resultado da partida. Minimizamos, sobre posições
//! tiradas de partidas entre motores,
//!
//! ```text
//! erro = média de (R − σ(E)),  σ(E) = 1 / (1 + 10^(−K·E/400))
//! ```
//!
//! onde R é o resultado da partida (1, ½, 0 para as brancas) e E a avaliação
//! estática das brancas numa posição quieta. Como a avaliação é linear nos
//! pesos (fora a escala de empate, que fica fixa por posição), o traço de
//! `traco_eval` diz quantas vezes cada peso entrou para cada cor; o erro e o
//! seu gradiente saem sem chamar a avaliação de novo, e a descida (Adam) leva
//! segundos mesmo com um milhão de posições.
//!
//! Uso:
//! ```text
//! cargo run --release --example texel -- partidas.pgn [mais.pgn…] \
//!     [--max 1000000] [--epocas 2000] [--taxa 0.3] [--escreve src/avaliacao.rs]
//! ```
//! Sem `--escreve`, só mostra os pesos novos. Com ele, reescreve os números
//! das constantes `const NOME: TPar = par(mg, eg);` (e das tabelas
//! `[TPar; N]`) no arquivo dado; o resto do arquivo não muda.
//!
//! É um exemplo do Cargo, não um binário (`cargo install` não o instala);
//! as partidas vêm de `ice::pgn`, o leitor de PGN de `ice livro`.
//!
//! Os dados ficam fora do repositório: `scripts/texel.sh` explica e refaz as
//! partidas com `match.py`. Peça-casa e material não são afinados (são os
//! valores do ICE).
#![forbid(unsafe_code)]

use ice::avaliacao::{nova_avaliacao, traco_eval, TAvaliacao, FASE_TOTAL};
use ice::geracao::{gera_lista_lances, san_para_lance};
use ice::lance::TListaLances;
use ice::pgn::{le_partidas_pgn, resultado_brancas};
use ice::tabuleiro::{TBoard, FEN_INICIAL};
use ice::tipos::*;
use std::collections::HashMap;
use std::process::ExitCode;

/// Plies do começo de cada partida que não entram (livro/aberturas sorteadas).
const PLIES_IGNORADOS: usize = 8;
/// Posições com avaliação acima disso (em módulo) já estão decididas: fora.
const AVAL_MAXIMA: i32 = 1500;
/// Uma partida em cada tantas fica fora do ajuste e serve de validação: com
/// poucos milhares de partidas o Adam decora os dados (pesos absurdos com erro
/// de treino menor), e é o erro nessas partidas não vistas que diz quando parar.
const VALIDACAO_CADA: usize = 5;
/// Parâmetros do Adam.
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;

/// Uma posição de treino, já reduzida ao que o erro precisa.
struct TAmostra {
    resultado: f64,
    /// Posição de uma partida de validação (não entra no gradiente).
    validacao: bool,
    fase: i32,
    /// Escala de empate de quem está à frente (16 = nenhuma).
    escala: i32,
    /// Parte que não é afinada (material, peça-casa, correções), brancas − pretas.
    fixo_mg: f64,
    fixo_eg: f64,
    /// (índice do peso, coeficiente das brancas − das pretas).
    coefs: Vec<(usize, i32)>,
}

/// Um peso afinável, identificado pelo nome da constante e pelo índice.
struct TParam {
    nome: &'static str,
    indice: usize,
    inicial: [f64; 2],
    valor: [f64; 2],
}

/// Quiescência só de capturas com a avaliação estática (escore do lado a jogar).
fn quiesce(b: &mut TBoard, av: &mut TAvaliacao, mut alfa: i32, beta: i32, ply: usize) -> i32 {
    let parado = ice::avaliacao::eval(b, av, -INFINITO, INFINITO);
    if parado >= beta || ply > 12 {
        return parado;
    }
    alfa = alfa.max(parado);
    let mut lista = TListaLances::nova();
    gera_lista_lances(b, GERA_CAPTURAS, &mut lista);
    for i in 0..lista.n {
        let l = lista.lances[i];
        b.make(&l);
        let v = -quiesce(b, av, -beta, -alfa, ply + 1);
        b.unmake();
        if v >= beta {
            return v;
        }
        alfa = alfa.max(v);
    }
    alfa
}

/// Lê as partidas de um PGN (`ice::pgn`) e guarda as posições quietas com
/// o resultado. Partidas sem resultado (`*`) ou com FEN ruim ficam de fora;
/// um lance ilegal ou ilegível descarta o resto da partida.
fn le_pgn(
    texto: &str,
    av: &mut TAvaliacao,
    max: usize,
    saida: &mut Vec<(TBoard, f64, bool)>,
    total_partidas: &mut usize,
) -> (usize, usize) {
    let (mut partidas, mut lidas) = (0, 0);
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
            lidas += 1;
            if ply < PLIES_IGNORADOS || b.em_xeque() || saida.len() >= max {
                continue;
            }
            // Só posições quietas: a quiescência não muda a avaliação.
            let parado = ice::avaliacao::eval(&b, av, -INFINITO, INFINITO);
            if parado.abs() > AVAL_MAXIMA {
                continue;
            }
            if quiesce(&mut b, av, -INFINITO, INFINITO, 0) == parado {
                saida.push((b.clone(), r, validacao));
            }
        }
    }
    (partidas, lidas)
}

fn sigmoide(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// Avaliação (brancas) de uma amostra com os pesos dados.
fn avalia(a: &TAmostra, p: &[TParam]) -> f64 {
    let (mut mg, mut eg) = (a.fixo_mg, a.fixo_eg);
    for &(i, c) in &a.coefs {
        mg += p[i].valor[0] * c as f64;
        eg += p[i].valor[1] * c as f64;
    }
    let f = a.fase as f64 / FASE_TOTAL as f64;
    (mg * f + eg * (1.0 - f)) * a.escala as f64 / 16.0
}

/// Erro quadrático médio nas amostras de treino (`validacao` falso) ou nas de
/// validação (verdadeiro).
fn erro(amostras: &[TAmostra], p: &[TParam], k: f64, validacao: bool) -> f64 {
    let (mut soma, mut n) = (0.0, 0usize);
    for a in amostras.iter().filter(|a| a.validacao == validacao) {
        soma += (a.resultado - sigmoide(k, avalia(a, p))).powi(2);
        n += 1;
    }
    soma / n.max(1) as f64
}

/// O K que melhor casa a escala da avaliação com os resultados (busca áurea).
fn acha_k(amostras: &[TAmostra], p: &[TParam]) -> f64 {
    let (mut a, mut b) = (0.1f64, 3.0f64);
    let r = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let c = b - r * (b - a);
        let d = a + r * (b - a);
        if erro(amostras, p, c, false) < erro(amostras, p, d, false) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// Descida de gradiente (Adam, lote inteiro) sobre todos os pesos. Guarda os
/// pesos do menor erro de validação e para quando ele não melhora há
/// `paciencia` épocas (parada antecipada).
fn afina(amostras: &[TAmostra], p: &mut [TParam], k: f64, epocas: usize, taxa: f64) {
    const PACIENCIA: usize = 50;
    let n = p.len();
    let mut melhor_erro = erro(amostras, p, k, true);
    let mut melhores: Vec<[f64; 2]> = p.iter().map(|x| x.valor).collect();
    let mut melhor_epoca = 0;
    let (mut m, mut v) = (vec![[0f64; 2]; n], vec![[0f64; 2]; n]);
    let ln10 = std::f64::consts::LN_10;
    for epoca in 1..=epocas {
        let mut g = vec![[0f64; 2]; n];
        for a in amostras.iter().filter(|a| !a.validacao) {
            let s = sigmoide(k, avalia(a, p));
            // d erro / d E = −2 (R − σ) σ (1 − σ) K ln10 / 400
            let de = -2.0 * (a.resultado - s) * s * (1.0 - s) * k * ln10 / 400.0;
            let f = a.fase as f64 / FASE_TOTAL as f64;
            let esc = a.escala as f64 / 16.0;
            for &(i, c) in &a.coefs {
                g[i][0] += de * esc * f * c as f64;
                g[i][1] += de * esc * (1.0 - f) * c as f64;
            }
        }
        for i in 0..n {
            for j in 0..2 {
                let gi = g[i][j] / amostras.len() as f64;
                m[i][j] = BETA1 * m[i][j] + (1.0 - BETA1) * gi;
                v[i][j] = BETA2 * v[i][j] + (1.0 - BETA2) * gi * gi;
                let mh = m[i][j] / (1.0 - BETA1.powi(epoca as i32));
                let vh = v[i][j] / (1.0 - BETA2.powi(epoca as i32));
                p[i].valor[j] -= taxa * mh / (vh.sqrt() + 1e-8);
            }
        }
        let ev = erro(amostras, p, k, true);
        if ev < melhor_erro {
            melhor_erro = ev;
            melhor_epoca = epoca;
            for (m, x) in melhores.iter_mut().zip(p.iter()) {
                *m = x.valor;
            }
        }
        if epoca % 100 == 0 || epoca == epocas || epoca >= melhor_epoca + PACIENCIA {
            eprintln!(
                "época {epoca}: erro {:.6}, validação {ev:.6}",
                erro(amostras, p, k, false)
            );
        }
        if epoca >= melhor_epoca + PACIENCIA {
            break;
        }
    }
    for (x, m) in p.iter_mut().zip(&melhores) {
        x.valor = *m;
    }
    eprintln!("pesos da época {melhor_epoca}: validação {melhor_erro:.6}");
}

/// Reescreve no texto-fonte os números de `const NOME: TPar = par(mg, eg);`
/// ou da entrada `indice` de `const NOME: [TPar; N] = [par(..), …];`.
fn reescreve(fonte: &str, nome: &str, indice: usize, mg: i32, eg: i32) -> Option<String> {
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

/// O valor que segue a opção `args[i]`.
fn valor_do_argumento(args: &[String], i: usize) -> Result<String, String> {
    args.get(i + 1)
        .cloned()
        .ok_or(format!("falta valor em {}", args[i]))
}

fn principal() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut arquivos = Vec::new();
    // Taxa 0.3: com ~600 partidas, 1.0 e 0.3 chegaram a pesos quase iguais
    // (±1 cp; validação 0.0954 e 0.0956), mas com 1.0 o mínimo caiu na 5ª
    // época: passos menores dão à parada antecipada mais épocas para escolher.
    let (mut max, mut epocas, mut taxa) = (1_000_000usize, 2000usize, 0.3f64);
    let mut escreve: Option<String> = None;
    let mut i = 0;
    while i < args.len() {
        let valor = || valor_do_argumento(&args, i);
        match args[i].as_str() {
            "--max" => max = valor()?.parse().map_err(|_| "--max inválido")?,
            "--epocas" => epocas = valor()?.parse().map_err(|_| "--epocas inválido")?,
            "--taxa" => taxa = valor()?.parse().map_err(|_| "--taxa inválida")?,
            "--escreve" => escreve = Some(valor()?),
            a => {
                arquivos.push(a.to_string());
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    if arquivos.is_empty() {
        return Err(
            "uso: texel <partidas.pgn>… [--max N] [--epocas E] [--taxa T] \
                    [--escreve src/avaliacao.rs]"
                .into(),
        );
    }

    // 1. Posições quietas das partidas.
    let mut av = nova_avaliacao();
    let mut posicoes = Vec::new();
    let mut total_partidas = 0;
    for arq in &arquivos {
        let texto = std::fs::read_to_string(arq).map_err(|e| format!("{arq}: {e}"))?;
        let (p, l) = le_pgn(&texto, &mut av, max, &mut posicoes, &mut total_partidas);
        eprintln!("{arq}: {p} partidas, {l} lances");
    }
    if posicoes.is_empty() {
        return Err("nenhuma posição aproveitável".into());
    }

    // 2. Traço de cada posição: coeficientes e parte fixa.
    let mut params: Vec<TParam> = Vec::new();
    let mut ids: HashMap<(&'static str, usize), usize> = HashMap::new();
    let mut amostras = Vec::with_capacity(posicoes.len());
    for (b, r, validacao) in &posicoes {
        let t = traco_eval(b, &mut av);
        let escala = t.escala[if t.total_brancas > 0 { BRANCAS } else { NEGRAS }];
        if escala == 0 {
            continue; // empate teórico: nenhum peso muda o valor
        }
        let mut fixo_mg = (t.soma[BRANCAS].mg - t.soma[NEGRAS].mg) as f64;
        let mut fixo_eg = (t.soma[BRANCAS].eg - t.soma[NEGRAS].eg) as f64;
        let mut coefs = Vec::with_capacity(t.itens.len());
        for it in &t.itens {
            let id = *ids.entry((it.nome, it.indice)).or_insert_with(|| {
                params.push(TParam {
                    nome: it.nome,
                    indice: it.indice,
                    inicial: [it.peso.mg as f64, it.peso.eg as f64],
                    valor: [it.peso.mg as f64, it.peso.eg as f64],
                });
                params.len() - 1
            });
            let c = it.coef[BRANCAS] - it.coef[NEGRAS];
            fixo_mg -= (it.peso.mg * c) as f64;
            fixo_eg -= (it.peso.eg * c) as f64;
            if c != 0 {
                coefs.push((id, c));
            }
        }
        amostras.push(TAmostra {
            resultado: *r,
            validacao: *validacao,
            fase: t.fase,
            escala,
            fixo_mg,
            fixo_eg,
            coefs,
        });
    }
    eprintln!("{} posições, {} pesos", amostras.len(), params.len());

    // 3. K, depois os pesos.
    let k = acha_k(&amostras, &params);
    eprintln!(
        "K = {k:.4}, erro inicial {:.6}, validação {:.6}",
        erro(&amostras, &params, k, false),
        erro(&amostras, &params, k, true)
    );
    afina(&amostras, &mut params, k, epocas, taxa);

    // 4. Resultado.
    params.sort_by_key(|p| (p.nome, p.indice));
    let mut fonte = match &escreve {
        Some(arq) => Some(std::fs::read_to_string(arq).map_err(|e| format!("{arq}: {e}"))?),
        None => None,
    };
    for p in &params {
        let (mg, eg) = (p.valor[0].round() as i32, p.valor[1].round() as i32);
        println!(
            "{}[{}]: ({}, {}) -> ({mg}, {eg})",
            p.nome, p.indice, p.inicial[0], p.inicial[1]
        );
        if let Some(f) = fonte.as_mut() {
            match reescreve(f, p.nome, p.indice, mg, eg) {
                Some(novo) => *f = novo,
                None => eprintln!("aviso: constante {} não achada", p.nome),
            }
        }
    }
    if let (Some(arq), Some(f)) = (&escreve, &fonte) {
        std::fs::write(arq, f).map_err(|e| format!("{arq}: {e}"))?;
        eprintln!("constantes reescritas em {arq}");
    }
    Ok(())
}

fn main() -> ExitCode {
    match principal() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("texel: {e}");
            ExitCode::FAILURE
        }
    }
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
    fn le_uma_partida() {
        let pgn = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 {bom} Nc6 3. Bb5 a6 \
                   4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 1-0\n";
        let mut av = nova_avaliacao();
        let mut v = Vec::new();
        let mut total = VALIDACAO_CADA - 1;
        let (p, l) = le_pgn(pgn, &mut av, 100, &mut v, &mut total);
        assert_eq!((p, l, total), (1, 16, VALIDACAO_CADA));
        // A partida de número múltiplo de VALIDACAO_CADA é de validação.
        assert!(!v.is_empty() && v.iter().all(|(_, r, val)| *r == 1.0 && *val));
    }
}
