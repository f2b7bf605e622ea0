//! Geração de dados para a afinação: partidas do ICE-rs contra si mesmo,
//! dentro de um processo só, com um orçamento fixo de nós por lance.
//!
//! Nível 8: depende da busca e das opções (`opcoes`). Não existe no ICE: os autores afinavam os pesos
//! à mão, partida a partida (seção 4.6 do artigo). O método de Texel precisa
//! de muitas posições com o resultado da partida em que apareceram; gerá-las
//! pelo protocolo (match.py) custa um processo, um pipe e um relógio por
//! lance. Aqui cada lance é só uma chamada de `busca` com `TLimites::nos`,
//! e a saída tem uma linha por posição guardada:
//!
//! ```text
//! <FEN> | <escore da busca, centipeões, do ponto de vista das brancas> | <1.0, 0.5 ou 0.0>
//! ```
//!
//! Só entram posições quietas (sem xeque, melhor lance nem captura nem
//! promoção, quiescência igual à avaliação estática dentro de uma margem):
//! numa posição no meio de uma troca a avaliação estática não quer dizer
//! nada, e o afinador só olha a avaliação estática.
//!
//! Reprodutível: a partida `i` usa a semente `semente + i` e começa com a
//! tabela de transposição e a history limpas; a busca por nós não olha o
//! relógio. Com várias threads cada uma joga partidas inteiras, e a saída é
//! escrita na ordem das partidas, igual à de uma thread só.

use crate::arvore::quiescence_raiz;
use crate::busca::busca;
use crate::entrada::{le_arquivo_limitado, MAX_ARQUIVO_EPD};
use crate::epd::le_arquivo_aberturas;
use crate::estado::{limpa_busca, nova_busca, TBusca};
use crate::geracao::gera_lista_lances;
use crate::lance::{TLance, TListaLances};
use crate::opcoes::{configura_busca, hash_ou, texto_configuracao, TConfigBusca, TOpcoesMotor};
use crate::tabuleiro::{pontos_brancas, TBoard};
use crate::tempo::TLimites;
use crate::tipos::{BRANCAS, GERA_TODOS, INFINITO};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::Instant;

// --- Parâmetros (cada um com o porquê) ---
/// Nós por lance. Com ~1,7 M nós/s por núcleo, 5 k nós dão ~300 lances/s: a
/// meta de um milhão de posições por hora de um núcleo. Mais nós dariam
/// partidas melhores, mas o que o Texel precisa é de quantidade e variedade.
pub const NOS_PADRAO: u64 = 5000;
/// Lances aleatórios no começo de cada partida: variedade de aberturas (o
/// livro daria poucas dezenas de linhas; oito plies ao acaso dão milhões).
pub const PLIES_ALEATORIOS: u32 = 8;
/// Uma abertura sorteada só vale se a busca curta a acha equilibrada (em
/// módulo, centipeões): oito plies ao acaso às vezes entregam uma peça, e
/// uma partida decidida no lance 4 só ensina o valor do material.
const ABERTURA_MAX_DESEQUILIBRIO: i32 = 300;
/// Nós da busca curta que avalia a abertura sorteada.
const NOS_ABERTURA: u64 = 1000;
/// Com um arquivo de aberturas (`--aberturas`, o UHO): lances ao acaso
/// depois da posição sorteada. A busca a nós fixos é determinística: a
/// mesma abertura com a tabela limpa daria a mesma partida. Dois plies ao
/// acaso fazem das 20 000 posições do UHO uns 18 milhões de começos.
const PLIES_ALEATORIOS_ARQUIVO: u32 = 2;
/// Abandono: escore além disso (em módulo) por tantos lances seguidos.
const ABANDONO_ESCORE: i32 = 1000;
const ABANDONO_LANCES: u32 = 4;
/// Empate combinado: depois do ply EMPATE_PLY_MINIMO, escore dentro de
/// ±EMPATE_ESCORE por tantos plies seguidos.
const EMPATE_PLY_MINIMO: u32 = 80;
const EMPATE_ESCORE: i32 = 10;
const EMPATE_PLIES: u32 = 10;
/// Partidas longas demais terminam empatadas (um limite de segurança).
const MAX_PLIES: u32 = 400;
/// Posição quieta: quiescência e avaliação estática a menos disso.
pub const MARGEM_QUIETA: i32 = 60;
/// Posições com escore além disso já estão decididas; o resultado delas não
/// diz nada que o material não diga, e elas dominariam o erro do afinador.
const ESCORE_MAXIMO_GUARDADO: i32 = 2000;
/// Tabela de transposição de cada thread (MB): pequena, cabe no cache e é
/// limpa a cada partida.
const HASH_DATAGEN_MB: usize = 16;
/// Intervalo da linha de progresso na saída de erros.
const PROGRESSO_S: u64 = 10;

/// O que `ice datagen` recebe na linha de comando.
#[derive(Clone, Debug)]
pub struct TOpcoesDatagen {
    pub jogos: u32,
    pub nos: u64,
    pub semente: u64,
    pub threads: usize,
    pub saida: String,
    /// No máximo tantas posições guardadas por partida (0: todas). As
    /// posições de uma partida são quase a mesma posição e têm o mesmo
    /// resultado: dezenas delas ensinam pouco mais que uma, e pesam no erro
    /// como se fossem independentes. Com um teto, mais partidas dão a mesma
    /// quantidade de posições com muito mais variedade.
    pub por_partida: usize,
    /// A configuração da busca e o tamanho da tabela de cada thread, das
    /// opções globais (`--classico`, `--sem`, `--material-pst`, `--hash`).
    pub busca: TConfigBusca,
    pub hash_mb: usize,
    /// As posições de `--aberturas ARQ` (EPD ou FEN, uma por linha): cada
    /// partida sorteia uma e joga PLIES_ALEATORIOS_ARQUIVO lances ao acaso.
    /// Vazia: PLIES_ALEATORIOS lances ao acaso da posição inicial.
    pub aberturas: Vec<String>,
}

/// Resultado de uma partida do ponto de vista das brancas (1, ½, 0).
fn texto_resultado(r: f64) -> &'static str {
    if r > 0.75 {
        "1.0"
    } else if r < 0.25 {
        "0.0"
    } else {
        "0.5"
    }
}

/// Sorteia PLIES_ALEATORIOS lances legais a partir da posição inicial; tenta
/// de novo se a posição acabou (mate, afogamento) ou ficou desequilibrada.
fn abertura_aleatoria(rng: &mut StdRng, bu: &mut TBusca, aberturas: &[String]) -> TBoard {
    loop {
        let (mut b, plies) = if aberturas.is_empty() {
            (TBoard::inicial(), PLIES_ALEATORIOS)
        } else {
            // Os FEN foram conferidos ao ler o arquivo (`le_aberturas`).
            let fen = &aberturas[rng.gen_range(0..aberturas.len())];
            (
                TBoard::de_fen(fen).unwrap_or_else(|_| TBoard::inicial()),
                PLIES_ALEATORIOS_ARQUIVO,
            )
        };
        let mut lista = TListaLances::nova();
        let mut viva = true;
        for _ in 0..plies {
            gera_lista_lances(&b, GERA_TODOS, &mut lista);
            if lista.n == 0 {
                viva = false;
                break;
            }
            let l = lista.lances[rng.gen_range(0..lista.n)];
            b.make(&l);
        }
        if !viva {
            continue;
        }
        gera_lista_lances(&b, GERA_TODOS, &mut lista);
        if lista.n == 0 {
            continue;
        }
        let lim = TLimites {
            nos: NOS_ABERTURA,
            ..TLimites::default()
        };
        let r = busca(&mut b, bu, &lim);
        if r.escore.abs() <= ABERTURA_MAX_DESEQUILIBRIO {
            return b;
        }
    }
}

/// A posição é quieta o bastante para o afinador? (`l` é o melhor lance.)
fn posicao_quieta(b: &mut TBoard, bu: &mut TBusca, l: &TLance, escore: i32) -> bool {
    if b.em_xeque() || !l.eh_quieto() || escore.abs() > ESCORE_MAXIMO_GUARDADO {
        return false;
    }
    let estatica = crate::avaliacao::eval(b, &mut bu.av, -INFINITO, INFINITO);
    let q = quiescence_raiz(b, bu);
    (q - estatica).abs() <= MARGEM_QUIETA
}

/// Joga a partida `indice` e devolve as linhas das posições guardadas.
pub fn joga_partida(op: &TOpcoesDatagen, bu: &mut TBusca, indice: u32) -> Vec<String> {
    let mut rng = StdRng::seed_from_u64(op.semente.wrapping_add(indice as u64));
    // Uma thread: as threads do datagen são partidas ao mesmo tempo, cada
    // uma com a sua tabela.
    limpa_busca(bu, 1);
    let mut b = abertura_aleatoria(&mut rng, bu, &op.aberturas);
    limpa_busca(bu, 1);
    let lim = TLimites {
        nos: op.nos,
        ..TLimites::default()
    };
    // (FEN, escore das brancas) das posições guardadas; o resultado só se
    // sabe no fim.
    let mut guardadas: Vec<(String, i32)> = Vec::new();
    let mut lista = TListaLances::nova();
    let (mut abandono, mut empate) = (0u32, 0u32);
    let mut ply = 0u32;
    let resultado = loop {
        gera_lista_lances(&b, GERA_TODOS, &mut lista);
        if let Some(r) = b.fim_com_lances(lista.n).map(pontos_brancas) {
            break r;
        }
        if ply >= MAX_PLIES {
            break 0.5;
        }
        let r = busca(&mut b, bu, &lim);
        let brancas = if b.vez == BRANCAS {
            r.escore
        } else {
            -r.escore
        };
        if posicao_quieta(&mut b, bu, &r.lance, r.escore) {
            guardadas.push((b.para_fen(), brancas));
        }
        // Adjudicação, como os torneios de motores fazem: o resto da
        // partida não mudaria o resultado e custaria tempo.
        abandono = if brancas.abs() >= ABANDONO_ESCORE {
            abandono + 1
        } else {
            0
        };
        if abandono >= ABANDONO_LANCES {
            break if brancas > 0 { 1.0 } else { 0.0 };
        }
        empate = if ply >= EMPATE_PLY_MINIMO && brancas.abs() <= EMPATE_ESCORE {
            empate + 1
        } else {
            0
        };
        if empate >= EMPATE_PLIES {
            break 0.5;
        }
        b.make(&r.lance);
        ply += 1;
    };
    let res = texto_resultado(resultado);
    if op.por_partida > 0 && guardadas.len() > op.por_partida {
        // Sorteio sem reposição com o gerador da própria partida (a mesma
        // semente dá as mesmas posições); a ordem da partida é mantida.
        let mut indices: Vec<usize> = (0..guardadas.len()).collect();
        for k in 0..op.por_partida {
            let j = rng.gen_range(k..indices.len());
            indices.swap(k, j);
        }
        let mut escolhidos = indices[..op.por_partida].to_vec();
        escolhidos.sort_unstable();
        guardadas = escolhidos
            .into_iter()
            .map(|k| guardadas[k].clone())
            .collect();
    }
    guardadas
        .into_iter()
        .map(|(fen, e)| format!("{fen} | {e} | {res}"))
        .collect()
}

/// Lê as opções de `ice datagen`.
fn le_opcoes(args: &[String], motor: &TOpcoesMotor) -> Result<TOpcoesDatagen, String> {
    let mut op = TOpcoesDatagen {
        jogos: 100,
        nos: NOS_PADRAO,
        semente: 1,
        threads: 1,
        saida: "-".to_string(),
        por_partida: 0,
        busca: motor.busca,
        hash_mb: hash_ou(motor, HASH_DATAGEN_MB),
        aberturas: Vec::new(),
    };
    let mut i = 0;
    while i < args.len() {
        let valor = args
            .get(i + 1)
            .ok_or(format!("falta o valor de {}", args[i]))?;
        let numero = |max: u64| {
            valor
                .parse::<u64>()
                .ok()
                .filter(|&v| v >= 1 && v <= max)
                .ok_or(format!("valor inválido para {}: {valor}", args[i]))
        };
        match args[i].as_str() {
            "--jogos" => op.jogos = numero(100_000_000)? as u32,
            "--nos" => op.nos = numero(100_000_000)?,
            "--semente" => {
                op.semente = valor
                    .parse()
                    .map_err(|_| format!("semente inválida: {valor}"))?
            }
            "--threads" => op.threads = numero(256)? as usize,
            "--saida" => op.saida = valor.clone(),
            "--por-partida" => op.por_partida = numero(100_000)? as usize,
            "--aberturas" => op.aberturas = le_aberturas(valor)?,
            outro => return Err(format!("opção desconhecida: {outro} (veja ice --help)")),
        }
        i += 2;
    }
    Ok(op)
}

/// As posições de um arquivo de aberturas (EPD ou FEN, uma por linha;
/// linhas vazias e comentários são pulados). Uma linha ruim recusa o
/// arquivo inteiro, com o número dela: dados gerados de metade do arquivo
/// enganariam quem os usa. Lido como EPD sem exigir `bm`/`am`: o UHO não
/// traz solução.
fn le_aberturas(caminho: &str) -> Result<Vec<String>, String> {
    // Com o teto dos arquivos EPD: `--aberturas /dev/zero` é recusado, não
    // lido sem fim.
    let bytes =
        le_arquivo_limitado(caminho, MAX_ARQUIVO_EPD).map_err(|e| format!("aberturas {e}"))?;
    let (posicoes, erros) = le_arquivo_aberturas(&String::from_utf8_lossy(&bytes));
    if let Some(e) = erros.first() {
        return Err(format!("aberturas {caminho}: {e}"));
    }
    if posicoes.is_empty() {
        return Err(format!("aberturas {caminho}: nenhuma posição"));
    }
    Ok(posicoes.into_iter().map(|p| p.fen).collect())
}

/// Uma thread de geração: pega o próximo número de partida, joga, manda as
/// linhas. Cada thread tem o seu `TBusca` (nada é compartilhado na busca).
fn trabalhador(op: &TOpcoesDatagen, proxima: &AtomicU32, tx: mpsc::Sender<(u32, Vec<String>)>) {
    let mut bu = nova_busca(op.hash_mb);
    configura_busca(&mut bu, &op.busca);
    loop {
        let i = proxima.fetch_add(1, Ordering::Relaxed);
        if i >= op.jogos {
            return;
        }
        let linhas = joga_partida(op, &mut bu, i);
        if tx.send((i, linhas)).is_err() {
            return;
        }
    }
}

/// Gera as partidas e escreve as posições em `saida`, na ordem das partidas.
pub fn gera_dados(op: &TOpcoesDatagen, saida: &mut dyn Write) -> Result<(u32, u64), String> {
    let proxima = AtomicU32::new(0);
    let (tx, rx) = mpsc::channel();
    let inicio = Instant::now();
    let (mut partidas, mut posicoes) = (0u32, 0u64);
    std::thread::scope(|s| -> Result<(), String> {
        for _ in 0..op.threads {
            let tx = tx.clone();
            let proxima = &proxima;
            s.spawn(move || trabalhador(op, proxima, tx));
        }
        drop(tx);
        // As partidas chegam fora de ordem; guardamos até a vez de cada uma,
        // para que a saída não dependa do número de threads.
        let mut pendentes: BTreeMap<u32, Vec<String>> = BTreeMap::new();
        let mut ultimo_aviso = Instant::now();
        for (i, linhas) in rx {
            pendentes.insert(i, linhas);
            while let Some(linhas) = pendentes.remove(&partidas) {
                for l in &linhas {
                    writeln!(saida, "{l}").map_err(|e| format!("escrita: {e}"))?;
                }
                posicoes += linhas.len() as u64;
                partidas += 1;
            }
            if ultimo_aviso.elapsed().as_secs() >= PROGRESSO_S {
                ultimo_aviso = Instant::now();
                let s = inicio.elapsed().as_secs_f64().max(1e-3);
                eprintln!(
                    "datagen: {partidas}/{} partidas, {posicoes} posições, {:.0} posições/s",
                    op.jogos,
                    posicoes as f64 / s
                );
            }
        }
        Ok(())
    })?;
    saida.flush().map_err(|e| format!("escrita: {e}"))?;
    let s = inicio.elapsed().as_secs_f64().max(1e-3);
    eprintln!(
        "datagen: fim: {partidas} partidas, {posicoes} posições em {s:.1} s ({:.0} posições/s)",
        posicoes as f64 / s
    );
    Ok((partidas, posicoes))
}

/// `ice datagen [--jogos N] [--nos N] [--semente S] [--threads T] [--saida ARQ] [--por-partida K]
/// [--aberturas ARQ]`.
pub fn cmd_datagen(args: &[String], motor: &TOpcoesMotor) -> Result<(), String> {
    let op = le_opcoes(args, motor)?;
    eprintln!("ice: {}", texto_configuracao(&op.busca, op.hash_mb));
    if op.saida == "-" {
        let stdout = std::io::stdout();
        let mut trava = std::io::BufWriter::new(stdout.lock());
        gera_dados(&op, &mut trava)?;
    } else {
        let f = std::fs::File::create(&op.saida).map_err(|e| format!("{}: {e}", op.saida))?;
        let mut w = std::io::BufWriter::new(f);
        gera_dados(&op, &mut w)?;
    }
    Ok(())
}
