//! Ferramentas de medida da linha de comando: `ice bench`, `ice busca` e
//! `ice epd`.
//!
//! Nível 8: depende da busca (e de `epd`, `tabuleiro`, `tempo` abaixo dela);
//! só `main` o usa. O ICE não tinha nada disto: o `bench` é a assinatura de
//! nós à moda do Stockfish — posições fixas, profundidade fixa, total de nós.
//! Com as chaves Polyglot determinísticas, a tabela de tamanho fixo e a busca
//! em uma thread, o número só muda quando a árvore pesquisada muda; por isso
//! todo commit que mexe na busca ou na avaliação cita `Bench: N`, e um número
//! diferente numa refatoração denuncia uma mudança de comportamento. Com
//! `--threads N` (N > 1, o Lazy SMP de `paralelo`) os nós somam as threads e
//! mudam de uma execução para outra: não é assinatura, é medida.
//!
//! O `ice epd` roda uma suíte de táticas dentro do processo (sem o xboard no
//! meio) e mede também o fator de ramificação da última iteração (a média
//! das posições), a medida do artigo do ICE para comparar versões da busca.

use crate::entrada::{le_arquivo_limitado, MAX_ARQUIVO_EPD};
use crate::epd::{lance_correto, le_arquivo_epd, TPosicaoEpd};
use crate::estado::{nova_busca, TBusca, TResultado};
use crate::estatisticas::{
    fator_ramificacao_ultima_iteracao, soma_estatisticas, tabela_estatisticas, TEstatisticas,
};
use crate::hash::{mb_da_tabela, HASH_PADRAO_MB};
use crate::lance::lance_para_texto;
use crate::opcoes::{config_efetiva, configura_busca, hash_ou, texto_configuracao, TOpcoesMotor};
use crate::paralelo::{busca_paralela, limpa_paralelo, novo_paralelo, MAX_THREADS};
use crate::pensamento::escore_xboard;
use crate::tabuleiro::TBoard;
use crate::tempo::TLimites;
use std::time::Instant;

/// Profundidade padrão do bench: uns poucos segundos por execução, fundo o
/// bastante para passar por todas as podas e reduções da busca.
pub const BENCH_PROFUNDIDADE: u32 = 9;
/// Maior profundidade aceita por `ice bench N` (a busca vai até `MAX_DEPTH`,
/// mas além disto o bench deixa de ser uma medida e vira uma espera).
pub const BENCH_PROF_MAX: u32 = 30;
/// Tabela do bench: pequena e fixa, para o número não depender da memória da
/// máquina (com outra tabela, outros cortes, outros nós). Um `--hash` dado
/// na linha de comando vale também aqui: quem o dá quer medir com ele.
const BENCH_HASH_MB: usize = 16;
/// Tempo por posição do `ice busca` sem limite nenhum na linha de comando.
pub const BUSCA_TEMPO_PADRAO_MS: u64 = 5000;
/// Tempo por posição do `ice epd arquivo` sem opções.
pub const EPD_TEMPO_PADRAO_MS: u64 = 1000;
/// Limites das opções `--tempo` (segundos) e `--profundidade`: fora disso é
/// erro de digitação, não um pedido de verdade.
const TEMPO_MAX_S: f64 = 1e6;
pub const PROFUNDIDADE_MAX: u32 = 100;

/// Posições do bench: aberturas, meio-jogos táticos, finais e mates.
pub const POSICOES_BENCH: [&str; 30] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
    "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
    "rnbqk2r/ppp1bppp/4pn2/3p2B1/2PP4/2N5/PP2PPPP/R2QKBNR w KQkq - 4 5",
    "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 1",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
    "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
    "r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13",
    "r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16",
    "4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17",
    "2rqkb1r/ppp2p2/2npb1p1/1N1Nn2p/2P1PP2/8/PP2B1PP/R1BQK2R b KQ - 0 11",
    "r1bq1r1k/b1p1npp1/p2p3p/1p6/3PP3/1B2NN2/PP3PPP/R2Q1RK1 w - - 1 16",
    "3r1rk1/p5pp/bpp1pp2/8/q1PP1P2/b3P3/P2NQRPP/1R2B1K1 b - - 6 22",
    "r1q2rk1/2p1bppp/2Pp4/p6b/Q1PNp3/4B3/PP1R1PPP/2K4R w - - 2 18",
    "4k2r/1pb2ppp/1p2p3/1R1p4/3P4/2r1PN2/P4PPP/1R4K1 b - - 3 22",
    "3q2k1/pb3p1p/4pbp1/2r5/PpN2N2/1P2P2P/5PP1/Q2R2K1 b - - 4 26",
    "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/3N4 b - - 0 1",
    "3b4/5kp1/1p1p1p1p/pP1PpP1P/P1P1P3/3KN3/8/8 w - - 0 1",
    "8/6pk/1p6/8/PP3p1p/5P2/4KP1q/3Q4 w - - 0 1",
    "7k/3p2pp/4q3/8/4Q3/5Kp1/P6b/8 w - - 0 1",
    "8/8/8/8/5kp1/P7/8/1K1N4 w - - 0 1",
];

/// Uma busca nova com as opções globais da linha de comando (`--hash`,
/// `--classico`, `--sem`, `--material-pst`), em qualquer posição da linha:
/// `padrao_mb` é a tabela de cada comando quando não há `--hash`.
/// O que foi configurado vai numa linha da saída de erros (a saída padrão
/// é dos scripts, que leem a última linha).
fn busca_configurada(op: &TOpcoesMotor, padrao_mb: usize) -> TBusca {
    let mut bu = nova_busca(hash_ou(op, padrao_mb));
    // O tamanho que veio (um `--hash` acima do teto da memória livre fica
    // no teto), e não o pedido.
    eprintln!(
        "ice: {}",
        texto_configuracao(&config_efetiva(op), mb_da_tabela(&bu.tt))
    );
    configura_busca(&mut bu, &config_efetiva(op));
    bu
}

/// `ice bench [profundidade] [--threads N]`: imprime no fim
/// `bench nodes=N ms=T nps=R` e, por último, `N nodes R nps` (o formato que
/// o OpenBench lê).
pub fn cmd_bench(args: &[String], op: &TOpcoesMotor) -> Result<(), String> {
    let (args, com_estatisticas) = tira_estatisticas(args);
    let (args, threads) = tira_threads(&args)?;
    let prof = match args.first() {
        Some(s) => s
            .parse::<u32>()
            .ok()
            .filter(|d| (1..=BENCH_PROF_MAX).contains(d))
            .ok_or(format!("uso: ice bench [profundidade 1..{BENCH_PROF_MAX}]"))?,
        None => BENCH_PROFUNDIDADE,
    };
    let mut bu = busca_configurada(op, BENCH_HASH_MB);
    // Sem linhas de pensamento: a saída do bench é só uma linha por posição.
    bu.pedido.com_estatisticas = com_estatisticas;
    let mut p = novo_paralelo(threads, &bu);
    let mut est = TEstatisticas::default();
    let (mut soma_fator, mut n_fator) = (0.0f64, 0u32);
    let inicio = Instant::now();
    let mut total = 0u64;
    for (i, fen) in POSICOES_BENCH.iter().enumerate() {
        let mut b = TBoard::de_fen(fen)?;
        // Cada posição começa do zero: o número não depende da ordem.
        limpa_paralelo(&mut p, &mut bu);
        let lim = TLimites {
            profundidade: prof,
            ..TLimites::default()
        };
        let r = busca_paralela(&mut b, &mut bu, &mut p, &lim);
        crate::linha!(
            "{:2} {:>10} {:6} {}",
            i + 1,
            r.nos,
            escore_xboard(r.escore),
            lance_para_texto(&r.lance)
        );
        total += r.nos;
        if com_estatisticas {
            soma_estatisticas(&mut est, &bu.est);
            bu.est = TEstatisticas::default();
            if let Some(f) = fator_ramificacao_ultima_iteracao(&bu.nos_iteracao) {
                soma_fator += f;
                n_fator += 1;
            }
        }
    }
    let ms = inicio.elapsed().as_millis() as u64;
    if com_estatisticas {
        // Antes da linha final, que os scripts leem com `tail -1`. O fator é
        // a média dos fatores das posições.
        let fator = (n_fator > 0).then(|| soma_fator / n_fator as f64);
        crate::entrada::imprime(&tabela_estatisticas(&est, fator));
    }
    // As duas últimas linhas são as que os scripts leem: a de sempre
    // (`bench nodes=N ms=T nps=R`, que o projeto lê desde o começo) e, por
    // último, a do OpenBench, que lê da última linha `N nodes R nps` (ver o
    // Makefile e o README, "OpenBench"). Os formatos não podem mudar.
    let nps = total.saturating_mul(1000) / ms.max(1);
    crate::linha!("bench nodes={} ms={} nps={}", total, ms, nps);
    crate::linha!("{} nodes {} nps", total, nps);
    Ok(())
}

/// Lê `--tempo S` / `--profundidade D` / `--nos N` (em pares opção valor).
/// Sem nenhum limite, `BUSCA_TEMPO_PADRAO_MS`: uma busca sem limite nunca
/// terminaria fora do protocolo.
fn limites_dos_args(args: &[String]) -> Result<TLimites, String> {
    let mut lim = TLimites::default();
    let mut i = 0;
    while i < args.len() {
        let valor = args
            .get(i + 1)
            .ok_or(format!("falta o valor de {}", args[i]))?;
        match args[i].as_str() {
            "--tempo" => {
                let s: f64 = valor
                    .parse()
                    .ok()
                    .filter(|s: &f64| *s > 0.0 && *s < TEMPO_MAX_S)
                    .ok_or("tempo inválido")?;
                lim.tempo_alvo_ms = (s * 1000.0) as u64;
                lim.tempo_max_ms = lim.tempo_alvo_ms;
            }
            "--profundidade" => {
                lim.profundidade = valor
                    .parse()
                    .ok()
                    .filter(|d| (1..=PROFUNDIDADE_MAX).contains(d))
                    .ok_or("profundidade inválida")?
            }
            "--nos" => lim.nos = valor.parse().map_err(|_| "número de nós inválido")?,
            outro => return Err(format!("opção desconhecida: {outro}")),
        }
        i += 2;
    }
    if lim.tempo_max_ms == 0 && lim.profundidade == 0 && lim.nos == 0 {
        lim.tempo_alvo_ms = BUSCA_TEMPO_PADRAO_MS;
        lim.tempo_max_ms = BUSCA_TEMPO_PADRAO_MS;
    }
    Ok(lim)
}

/// Tira `--threads N` dos argumentos (onde estiver) e devolve o resto e N
/// (1 se não veio): as threads da busca (Lazy SMP). Serve ao `bench`, à
/// `busca`, ao `epd` e ao protocolo (`ice --threads N`); o `datagen` tem o
/// seu `--threads`, de partidas em paralelo.
pub fn tira_threads(args: &[String]) -> Result<(Vec<String>, usize), String> {
    let mut resto = Vec::new();
    let mut threads = 1;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--threads" {
            threads = it
                .next()
                .and_then(|v| v.parse::<usize>().ok())
                .filter(|n| (1..=MAX_THREADS).contains(n))
                .ok_or(format!("uso: --threads <1..{MAX_THREADS}>"))?;
        } else {
            resto.push(a.clone());
        }
    }
    Ok((resto, threads))
}

/// Tira `--estatisticas` dos argumentos (é uma chave sem valor, no meio de
/// opções que vêm em pares).
fn tira_estatisticas(args: &[String]) -> (Vec<String>, bool) {
    let resto: Vec<String> = args
        .iter()
        .filter(|a| *a != "--estatisticas")
        .cloned()
        .collect();
    let tinha = resto.len() < args.len();
    (resto, tinha)
}

/// `ice busca <FEN> [--tempo S | --profundidade D | --nos N] [--threads N]
/// [--estatisticas]`: pensa e imprime `bestmove` (antes, com `--estatisticas`,
/// a tabela dos passos) e por último
/// `busca depth=D score=S nodes=N ms=T nps=R threads=N`, a linha que o
/// `scripts/medidas/smp-speedup.sh` lê. Com um limite de nós e várias threads, o
/// limite conta os nós da principal (ver `busca::verifica_parada`).
pub fn cmd_busca(args: &[String], op: &TOpcoesMotor) -> Result<(), String> {
    let (args, com_estatisticas) = tira_estatisticas(args);
    let (args, threads) = tira_threads(&args)?;
    let args = &args[..];
    // O FEN vem em vários argumentos (o shell o separa); acaba na 1ª opção.
    let fim_fen = args
        .iter()
        .position(|a| a.starts_with("--"))
        .unwrap_or(args.len());
    let fen = args[..fim_fen].join(" ");
    let mut b = TBoard::de_fen(if fen.is_empty() {
        crate::tabuleiro::FEN_INICIAL
    } else {
        &fen
    })
    .map_err(|e| format!("FEN inválido ({e})"))?;
    let lim = limites_dos_args(&args[fim_fen..])?;
    let mut bu = busca_configurada(op, HASH_PADRAO_MB);
    bu.pedido.com_estatisticas = com_estatisticas;
    // `--syzygy DIR`: a busca com as tabelas (o `bench` nunca as usa: a
    // assinatura não pode depender delas).
    if !op.syzygy_caminho.is_empty() {
        let tb = crate::syzygy::abre_tabelas(&op.syzygy_caminho)?;
        bu.pedido.tb_pecas = tb.max_pecas.min(op.syzygy_limite);
        bu.pedido.tb_prof = op.syzygy_prof;
        bu.pedido.tb_regra50 = op.syzygy_regra50;
        bu.pedido.tabelas = Some(std::sync::Arc::new(tb));
    }
    // As threads nascem antes do relógio: o tempo medido é só o da busca.
    let mut p = novo_paralelo(threads, &bu);
    let inicio = Instant::now();
    let r = busca_paralela(&mut b, &mut bu, &mut p, &lim);
    let ms = inicio.elapsed().as_millis() as u64;
    if com_estatisticas {
        crate::entrada::imprime(&tabela_estatisticas(
            &bu.est,
            fator_ramificacao_ultima_iteracao(&bu.nos_iteracao),
        ));
    }
    crate::linha!("bestmove {}", lance_para_texto(&r.lance));
    crate::linha!(
        "busca depth={} score={} nodes={} ms={} nps={} threads={}",
        r.profundidade,
        escore_xboard(r.escore),
        r.nos,
        ms,
        r.nos.saturating_mul(1000) / ms.max(1),
        threads
    );
    Ok(())
}

/// `ice epd <arquivo> --tempo S [--threads N]`: roda a suíte dentro do
/// processo e imprime por último `solved N/M`, antes dele a média do fator
/// de ramificação da última iteração (a medida do artigo).
pub fn cmd_epd(args: &[String], op: &TOpcoesMotor) -> Result<(), String> {
    let (args, threads) = tira_threads(args)?;
    let args = &args[..];
    let arquivo = args
        .first()
        .ok_or("uso: ice epd <arquivo.epd> [--tempo S]")?;
    let bytes = le_arquivo_limitado(arquivo, MAX_ARQUIVO_EPD)?;
    let texto = String::from_utf8_lossy(&bytes);
    let mut lim = limites_dos_args(&args[1..])?;
    if args.len() == 1 {
        lim.tempo_alvo_ms = EPD_TEMPO_PADRAO_MS;
        lim.tempo_max_ms = EPD_TEMPO_PADRAO_MS;
    }
    // Numa suíte o tempo é fixo: a busca usa tudo, como o `st`/`movetime`.
    lim.tempo_fixo = true;
    let (posicoes, erros) = le_arquivo_epd(&texto);
    for e in &erros {
        eprintln!("{e}");
    }
    let mut bu = busca_configurada(op, HASH_PADRAO_MB);
    let mut par = novo_paralelo(threads, &bu);
    let (mut resolvidas, mut soma_fr, mut n_fr) = (0, 0.0f64, 0u32);
    for p in &posicoes {
        let mut b = TBoard::de_fen(&p.fen)?;
        // Como no bench: cada posição começa com tabela e históricos limpos,
        // para o resultado de uma não depender das anteriores.
        limpa_paralelo(&mut par, &mut bu);
        let r = busca_paralela(&mut b, &mut bu, &mut par, &lim);
        let ok = lance_correto(p, &r.lance);
        resolvidas += ok as usize;
        if let Some(f) = fator_ramificacao_ultima_iteracao(&bu.nos_iteracao) {
            soma_fr += f;
            n_fr += 1;
        }
        crate::linha!("{}", linha_epd(p, ok, &r));
    }
    crate::linha!(
        "fator de ramificação da última iteração (média): {:.2}",
        soma_fr / n_fr.max(1) as f64
    );
    crate::linha!("solved {}/{}", resolvidas, posicoes.len());
    Ok(())
}

/// A linha de uma posição do `ice epd`: id, ok/FALHA, o lance jogado, o
/// esperado (`bm`, e o `am` se houver), profundidade e nós.
fn linha_epd(p: &TPosicaoEpd, ok: bool, r: &TResultado) -> String {
    format!(
        "{} {} {} bm {}{} prof {} nos {}",
        p.id,
        if ok { "ok  " } else { "FALHA" },
        lance_para_texto(&r.lance),
        p.bm_texto,
        if p.am_texto.is_empty() {
            String::new()
        } else {
            format!(" am {}", p.am_texto)
        },
        r.profundidade,
        r.nos
    )
}
