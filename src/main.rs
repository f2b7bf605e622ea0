//! Entrada da linha de comando do ICE-rs: o `main()` do `ice.c`, que aqui
//! só escolhe o que rodar.
//!
//! Sem argumentos, o motor fala o protocolo xboard (ou o UCI, se a primeira
//! linha for `uci`) na entrada e na saída
//! padrão (`ice [--hash MB] [--livro ARQUIVO | --sem-livro] [--classico]
//! [--threads N]`).
//! Com argumentos, roda as ferramentas de depuração e medida:
//! `ice perft <prof> [FEN]`, `ice d [FEN]`, `ice gen [FEN]`, `ice bench`…
//! (`ice --help` lista tudo).
//!
//! Nível 9, como o `uci` (por onde o protocolo entra): usa a biblioteca
//! (`lib.rs`) e nada depende
//! dele. Fica pequeno de propósito: cada ferramenta mora no módulo do que
//! ela mede (`perft`, `bench`, `livro`), e os testes em `tests/` usam esses
//! módulos sem passar por aqui.
#![forbid(unsafe_code)]

use ice::lance::lance_para_texto;
use ice::linha;
use ice::opcoes::TOpcoesMotor;
use ice::tabuleiro::{TBoard, FEN_INICIAL};
use std::process::ExitCode;
use std::time::Instant;

/// Maior profundidade do `ice perft`: a 12 a posição inicial já leva horas;
/// além disso o contador seria só uma espera sem fim.
const PERFT_PROF_MAX: u32 = 12;

/// O texto do `ice --help`: uma linha por comando, opção e variável de
/// ambiente. Montado em tempo de execução para que os limites e as listas
/// (`--hash`, `--sem`) venham das mesmas constantes que o código confere e
/// não fiquem desatualizados.
fn texto_ajuda() -> String {
    let melhorias: Vec<&str> = ice::estado::NOMES_MELHORIAS
        .iter()
        .map(|(n, _)| *n)
        .collect();
    format!(
        "{nome} — motor de xadrez didático (porte em Rust do ICE, UERJ)
uso: ice [OPÇÕES] [COMANDO [ARGUMENTOS]]
In English: see README.md, section \"In English: using ICE-rs in a GUI\" (installed: /usr/share/doc/ice/).

Comandos:
  (nenhum)                     fala o protocolo xboard/WinBoard (CECP v2) na entrada e na saída padrão
                               (ou o UCI, se a primeira linha for `uci`)
  --threads <N>                o protocolo com N threads de busca (Lazy SMP) até a interface mandar `cores`
  jogar, play [OPÇÕES]         uma partida contra o motor no terminal (In English: play against the engine):
                               --pretas|--black (o motor joga de brancas), --assiste|--watch (o motor contra si mesmo),
                               --fen FEN, --ascii (só ASCII; o padrão são peças Unicode), --relogio 5+3|10s
                               (minutos + incremento, ou segundos por lance; padrão 3+2), --nos N, --profundidade D;
                               lances em SAN ou coordenadas; `help` lista os comandos (undo, hint, analyze, pgn…)
  perft <prof 0..{perft}> [FEN]     conta as folhas da árvore de lances, por lance da raiz
  d [FEN]                      desenha o tabuleiro (sem FEN, a posição inicial)
  gen [FEN]                    lista os lances legais em coordenadas e SAN
  lote                         lê posições (FEN, ou `960 FEN`) da entrada, uma por linha, e escreve FEN | estado | lances legais
  eval [FEN]                   mostra a avaliação termo a termo
  bench [prof 1..{bench_max}]           assinatura: nós de {n_bench} posições fixas a profundidade fixa (padrão {prof_bench})
  busca [FEN] [LIMITES]        pensa numa posição e imprime `bestmove`
  epd <arquivo.epd> [LIMITES]  roda uma suíte EPD e imprime `solved N/M`
  livro <entrada> <saída>      monta um livro de partidas .pgn (saída .txt ou .bin Polyglot) ou converte um livro para .bin
  datagen [OPÇÕES]             partidas do motor contra si mesmo → posições quietas para a afinação (FEN | escore | resultado);
                               --jogos N --nos N --semente S --threads T --saida ARQ --por-partida K --aberturas ARQ
  texel <dados>… [OPÇÕES]      afina os pesos da avaliação pelo método de Texel (dados do datagen ou .pgn)
  desenha <FIGURA> [ARGS] [FEN] [--titulo T] [--rodape T]   uma figura do guia em SVG (determinístico) na saída padrão:
                               bitboard <rei|damas|torres|bispos|cavalos|peoes|pecas> <brancas|pretas> [FEN],
                               bitboard <ocupadas|vazias> [FEN], cavalo <casa>, rei <casa>, deslizante <casa> [FEN],
                               cravadas [brancas|pretas] [FEN], zona-rei [brancas|pretas] [FEN], atacantes <casa> [FEN],
                               casas <c1,c2,…|-> [FEN], posicao [FEN], pst <peao|cavalo|bispo|torre|rei|rei-final>,
                               arvore <prof 1..{prof_arvore}> [FEN] [--ate-ply N] [--texto] (a árvore da busca, clássica × moderna)
  saltos [THREADS] [PROF]      as iterações que cada thread do Lazy SMP pesquisa (1) ou pula (0), uma linha por thread
  tb <FEN> | tb --lote         WDL e DTZ das tabelas Syzygy (--syzygy) da posição e de cada lance;
                               --lote lê um FEN por linha e responde `wdl dtz` (`? ?` sem tabela)
  help, --help, -h             esta ajuda
  --version, -V                a versão

Opções globais (valem para todos os comandos, em qualquer posição):
  --hash <MB>                  tamanho da tabela de transposição, 1..{hash_max} MB (padrão {hash_padrao})
  --livro <arquivo>            livro de aberturas: .bin (Polyglot) ou texto do ICE (padrão: o embutido)
  --sem-livro                  não consulta livro de aberturas
  --semente-livro <N>          semente fixa da escolha no livro (partidas reproduzíveis)
  --classico                   a busca e a avaliação do ICE clássico, sem as melhorias posteriores
  --sem <LISTA>                desliga melhorias pós-ICE, separadas por vírgula: {melhorias}
  --icebr                      o nível IceBR: o ICE clássico, com os pesos do ICE, na velocidade da máquina dele (nas partidas)
  --pesos-ice                  avaliação com os termos e números do ICE 1.40 no lugar dos afinados (a do IceBR)
  --material-pst               avaliação reduzida a material + peça-casa (para medir o resto)
  --elo <N>                    força limitada a N Elo, {elo_min}..{elo_max} (o UCI_LimitStrength/UCI_Elo dos protocolos)
  --syzygy <DIR[:DIR…]>        tabelas de finais Syzygy (.rtbw/.rtbz); no Windows os diretórios vão separados por ';'
  --semente-nivel <N>          semente da escolha de lance nos níveis baixos (partidas reproduzíveis)

Opções dos comandos:
  busca, epd: --tempo <S>      segundos por posição (padrão: {busca_s} na busca, {epd_s} no epd)
  busca, epd: --profundidade <D>  profundidade fixa, 1..{prof_max}
  busca, epd: --nos <N>        limite de nós por posição
  busca, bench: --estatisticas  depois da busca, uma tabela do que cada passo do alpha_beta fez
  busca, bench, epd: --threads <N>  N threads de busca, 1..{threads_max} (Lazy SMP; com N > 1 os nós não se repetem)
  livro: --plies <N>           quantos meios-lances de cada partida entram no livro
  livro: --min <M>             uma variante só entra com pelo menos M partidas
  datagen: --jogos <N>         partidas (padrão 100)
  datagen: --nos <N>           nós por lance (padrão {nos_datagen})
  datagen: --semente <S>       semente (a partida i usa S + i; mesma semente, mesma saída)
  datagen: --threads <T>       partidas em paralelo (a saída não muda)
  datagen: --saida <arquivo>   onde escrever (padrão: a saída padrão)
  datagen: --aberturas <arq>   cada partida começa de uma posição do arquivo (EPD/FEN; ex. o UHO) mais 2 lances ao acaso
  texel: --escreve <arquivo>   reescreve as constantes no arquivo (src/pesos.rs); sem ela, só lista
  texel: --lambda <L>          alvo = L·resultado + (1 − L)·σ(escore da busca) (padrão 1: só o resultado)
  texel: --epocas <E> --taxa <T> --max <N>   épocas (teto), passo do Adam, máximo de posições

Variáveis de ambiente:
  RUST_LOG=debug               no modo xboard, registra em stderr a transcrição do protocolo e o que o motor decide",
        nome = ice::NOME_MOTOR,
        perft = PERFT_PROF_MAX,
        n_bench = ice::bench::POSICOES_BENCH.len(),
        prof_bench = ice::bench::BENCH_PROFUNDIDADE,
        bench_max = ice::bench::BENCH_PROF_MAX,
        busca_s = ice::bench::BUSCA_TEMPO_PADRAO_MS / 1000,
        epd_s = ice::bench::EPD_TEMPO_PADRAO_MS / 1000,
        prof_max = ice::bench::PROFUNDIDADE_MAX,
        nos_datagen = ice::datagen::NOS_PADRAO,
        hash_max = ice::opcoes::MAX_HASH_MB,
        hash_padrao = ice::hash::HASH_PADRAO_MB,
        melhorias = melhorias.join(","),
        prof_arvore = ice::desenho_arvore::PROF_MAX_ARVORE,
        threads_max = ice::paralelo::MAX_THREADS,
        elo_min = ice::nivel::ELO_MINIMO,
        elo_max = ice::nivel::ELO_MAXIMO,
    )
}

/// O commit (abreviado) e a data dele de que o binário foi compilado, como o
/// `build.rs` os achou no git (`0d23ef2 2026-11-27`); `None` fora de um
/// checkout git.
const COMMIT: Option<&str> = option_env!("ICE_COMMIT");

/// O texto do `ice --version`: o nome anunciado ao protocolo e, entre
/// parênteses, o commit, no formato do `rustc --version`
/// (`ICE-rs 1.0.0 (0d23ef2 2026-11-27)`).
fn texto_versao() -> String {
    match COMMIT {
        Some(c) => format!("{} ({c})", ice::NOME_MOTOR),
        None => ice::NOME_MOTOR.to_string(),
    }
}

/// Lê o FEN dos argumentos restantes (com ou sem aspas); sem nada, a posição inicial.
fn posicao_dos_args(args: &[String]) -> Result<TBoard, String> {
    let fen = if args.is_empty() {
        FEN_INICIAL.to_string()
    } else {
        // O shell separa um FEN sem aspas em seis argumentos: junta de novo.
        args.join(" ")
    };
    TBoard::de_fen(&fen).map_err(|e| format!("FEN inválido ({e}): {fen}"))
}

/// `ice perft <prof> [FEN]`: o `divide` (nós por lance da raiz) e o total,
/// para achar um erro do gerador comparando com outro motor lance a lance.
fn cmd_perft(args: &[String]) -> Result<(), String> {
    let prof: u32 = args
        .first()
        .and_then(|s| s.parse().ok())
        .filter(|&d| d <= PERFT_PROF_MAX)
        .ok_or(format!(
            "uso: ice perft <profundidade 0..{PERFT_PROF_MAX}> [FEN]"
        ))?;
    let mut b = posicao_dos_args(&args[1..])?;
    let inicio = Instant::now();
    let mut total = 0u64;
    if prof == 0 {
        // Por definição, perft(0) = 1 (a própria posição).
        total = 1;
    } else {
        for (l, n) in ice::perft::divide(&mut b, prof) {
            linha!("{} {}", lance_para_texto(&l), n);
            total += n;
        }
    }
    let ms = inicio.elapsed().as_millis();
    // Em u128: nós × 1000 não cabe em u64 num perft muito longo.
    let nps = (total as u128 * 1000) / ms.max(1);
    linha!("perft depth={prof} nodes={total} ms={ms} nps={nps}");
    Ok(())
}

/// `ice d [FEN]`: o diagrama do `mostraTab.c`.
fn cmd_d(args: &[String]) -> Result<(), String> {
    let b = posicao_dos_args(args)?;
    ice::entrada::imprime(&ice::mostra::diagrama(&b, ""));
    Ok(())
}

/// `ice gen [FEN]`: os lances que o gerador produz, em coordenadas e SAN.
fn cmd_gen(args: &[String]) -> Result<(), String> {
    let b = posicao_dos_args(args)?;
    ice::entrada::imprime(&ice::mostra::texto_lances(&b, ""));
    Ok(())
}

/// `ice desenha FIGURA …`: uma figura do guia em SVG na saída padrão (ver
/// `desenho.rs`). O `--titulo T`, em qualquer posição, troca o título (e
/// cada `--rodape T` acrescenta uma linha embaixo); o
/// que sobra depois dos argumentos da figura é o FEN (sem ele, a posição
/// inicial). As cravadas e as tabelas peça-casa vêm daqui (`geracao`,
/// `pesos`): o desenho não depende delas.
fn cmd_desenha(args: &[String]) -> Result<(), String> {
    use ice::desenho::*;
    let mut resto = Vec::new();
    let mut titulo = None;
    let mut rodape = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--titulo" {
            titulo = Some(it.next().ok_or("uso: --titulo <texto>")?.clone());
        } else if a == "--rodape" {
            rodape.push(it.next().ok_or("uso: --rodape <texto>")?.clone());
        } else {
            resto.push(a.clone());
        }
    }
    let uso = "uso: ice desenha <bitboard|cavalo|rei|deslizante|cravadas|zona-rei|atacantes|casas|posicao|pst|arvore> … (veja ice --help)";
    let figura = resto.first().ok_or(uso)?.as_str();
    let casa_arg = |i: usize| -> Result<usize, String> {
        let s = resto
            .get(i)
            .ok_or(format!("ice desenha {figura}: falta a casa"))?;
        ice::tipos::casa_do_nome(s).ok_or(format!("casa inválida: {s}"))
    };
    // Uma cor opcional em `resto[i]`: devolve a cor e onde o FEN começa.
    let cor_opcional = |i: usize| match resto.get(i).and_then(|s| cor_do_nome(s)) {
        Some(c) => (Some(c), i + 1),
        None => (None, i),
    };
    if figura == "arvore" {
        return cmd_desenha_arvore(&resto[1..], titulo.as_deref());
    }
    let mut f = match figura {
        "bitboard" => {
            let nome = resto.get(1).ok_or(format!(
                "ice desenha bitboard <{}> [brancas|pretas] [FEN]",
                NOMES_BITBOARDS.join("|")
            ))?;
            let (cor, i) = cor_opcional(2);
            figura_bitboard(&posicao_dos_args(&resto[i..])?, nome, cor)?
        }
        "cavalo" => figura_saltos(ice::tipos::CAVALO, casa_arg(1)?),
        "rei" => figura_saltos(ice::tipos::REI, casa_arg(1)?),
        "deslizante" => figura_deslizante(&posicao_dos_args(&resto[2..])?, casa_arg(1)?)?,
        "cravadas" => {
            let (cor, i) = cor_opcional(1);
            let b = posicao_dos_args(&resto[i..])?;
            let cor = cor.unwrap_or(b.vez);
            figura_cravadas(&b, cor, ice::geracao::cravadas(&b, cor))
        }
        "zona-rei" => {
            let (cor, i) = cor_opcional(1);
            let b = posicao_dos_args(&resto[i..])?;
            figura_zona_rei(&b, cor.unwrap_or(b.vez))
        }
        "atacantes" => figura_atacantes(&posicao_dos_args(&resto[2..])?, casa_arg(1)?),
        "casas" => {
            let lista = resto
                .get(1)
                .ok_or("uso: ice desenha casas <c1,c2,…|-> [FEN]")?;
            let mut bb = 0;
            if lista != "-" {
                for nome in lista.split(',') {
                    let c =
                        ice::tipos::casa_do_nome(nome).ok_or(format!("casa inválida: {nome}"))?;
                    bb |= ice::bitboard::bit(c);
                }
            }
            figura_casas(&posicao_dos_args(&resto[2..])?, bb, "Casas marcadas")
        }
        "posicao" => {
            let b = posicao_dos_args(&resto[1..])?;
            let mut f = figura_vazia(&format!("Posição: as {} jogam", nome_cor(b.vez)));
            f.pecas = pecas_do_tabuleiro(&b);
            f.rodape.push(b.para_fen());
            f.rodape
                .push(format!("chave Zobrist (Polyglot): 0x{:016x}", b.chave_hash));
            f
        }
        "pst" => {
            use ice::pesos::*;
            let (tabela, nome) = match resto.get(1).map(String::as_str) {
                Some("peao") => (&PST_PEAO, "do peão (ICE 1.40)"),
                Some("cavalo") => (&PST_CAVALO, "do cavalo (Tabela 1 do artigo)"),
                Some("bispo") => (&PST_BISPO, "do bispo (ICE 1.40)"),
                Some("torre") => (&PST_TORRE, "da torre (ICE 1.40)"),
                Some("rei") => (&PST_REI_ABERTURA, "do rei na abertura (ICE 1.40)"),
                Some("rei-final") => (&PST_REI_FINAL, "do rei no final (ICE 1.40)"),
                _ => {
                    return Err(
                        "uso: ice desenha pst <peao|cavalo|bispo|torre|rei|rei-final>".into(),
                    )
                }
            };
            figura_valores(&format!("Tabela peça-casa {nome}"), tabela)
        }
        outra => return Err(format!("figura desconhecida: {outra}; {uso}")),
    };
    if let Some(t) = titulo {
        f.titulo = t;
    }
    f.rodape.extend(rodape);
    ice::entrada::imprime(&svg(&f));
    Ok(())
}

/// `ice desenha arvore <prof> [FEN] [--ate-ply N] [--texto]`: a árvore da
/// busca da posição até `prof`, clássica e moderna lado a lado
/// (`desenho_arvore`), com os nós além do ply N dobrados (sem a opção, todos);
/// com `--texto`, as duas árvores em texto, uma linha por nó.
fn cmd_desenha_arvore(args: &[String], titulo: Option<&str>) -> Result<(), String> {
    use ice::desenho_arvore::*;
    let uso = format!(
        "uso: ice desenha arvore <profundidade 1..{PROF_MAX_ARVORE}> [FEN] [--ate-ply N] [--texto]"
    );
    let mut texto = false;
    let mut ply_max = usize::MAX;
    let mut resto = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--texto" => texto = true,
            "--ate-ply" => {
                ply_max = it
                    .next()
                    .and_then(|s| s.parse().ok())
                    .filter(|&n| n >= 1)
                    .ok_or("uso: --ate-ply <N ≥ 1>")?;
            }
            _ => resto.push(a.clone()),
        }
    }
    let prof = resto
        .first()
        .and_then(|s| s.parse::<u32>().ok())
        .filter(|d| (1..=PROF_MAX_ARVORE).contains(d))
        .ok_or(uso)?;
    let fen = posicao_dos_args(&resto[1..])?.para_fen();
    if texto {
        for classico in [true, false] {
            let bt = traca_busca(&fen, prof, classico)?;
            ice::linha!(
                "== {} ({} nós na busca inteira)",
                if classico { "clássica" } else { "moderna" },
                bt.nos
            );
            ice::entrada::imprime(&texto_arvore(&fen, &bt.traco, ply_max)?);
        }
        return Ok(());
    }
    ice::entrada::imprime(&svg_arvores(&fen, prof, ply_max, titulo)?);
    Ok(())
}

/// `ice saltos [THREADS] [PROF]`: que iterações cada thread do Lazy SMP
/// pesquisa (`busca::pula_iteracao`), uma linha por thread (0 = a
/// principal): o número da thread e um caractere por profundidade de 1 a
/// PROF, `1` se ela pesquisa a iteração e `0` se a pula. Padrão: 8 threads,
/// 16 plies.
fn cmd_saltos(args: &[String]) -> Result<(), String> {
    let uso = "uso: ice saltos [threads 1..256] [profundidade 1..100]";
    let num = |i: usize, padrao: usize, max: usize| -> Result<usize, String> {
        match args.get(i) {
            None => Ok(padrao),
            Some(s) => s
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=max).contains(n))
                .ok_or_else(|| uso.to_string()),
        }
    };
    let (threads, prof) = (num(0, 8, 256)?, num(1, 16, 100)?);
    for t in 0..threads {
        let linha: String = (1..=prof as i32)
            .map(|p| {
                if ice::busca::pula_iteracao(t, p) {
                    '0'
                } else {
                    '1'
                }
            })
            .collect();
        ice::linha!("{t} {linha}");
    }
    Ok(())
}

/// `ice lote`: lê da entrada padrão uma posição por linha (`FEN`, ou `960
/// FEN` para escrever o roque como no Chess960) e escreve para cada uma a
/// linha de `mostra::linha_lote`; FEN ruim dá `erro: …` na linha dela. Um
/// processo só para milhões de posições: é o que o teste diferencial
/// (tests/python/diferencial_960.py) usa.
fn cmd_lote() -> Result<(), String> {
    use std::io::{BufRead, BufWriter, Write};
    let entrada = std::io::stdin().lock();
    let mut saida = BufWriter::new(std::io::stdout().lock());
    for linha in entrada.lines() {
        let linha = linha.map_err(|e| e.to_string())?;
        let (chess960, fen) = match linha.strip_prefix("960 ") {
            Some(resto) => (true, resto),
            None => (false, linha.as_str()),
        };
        let texto = match TBoard::de_fen(fen) {
            Ok(mut b) => ice::mostra::linha_lote(&mut b, chess960),
            Err(e) => format!("erro: {e}"),
        };
        writeln!(saida, "{texto}").map_err(|e| e.to_string())?;
    }
    saida.flush().map_err(|e| e.to_string())
}

/// `--sem see,lmr,…`: tira de `melhorias` cada melhoria pós-ICE da lista
/// (para medir uma a uma o que cada uma vale). Um nome errado é erro, com a
/// lista dos conhecidos: desligar "nada" sem avisar estragaria a medida.
fn desliga_melhorias(lista: &str, melhorias: &mut u32) -> Result<(), String> {
    let conhecidas: Vec<&str> = ice::estado::NOMES_MELHORIAS
        .iter()
        .map(|(n, _)| *n)
        .collect();
    for nome in lista.split(',') {
        let (_, m) = ice::estado::NOMES_MELHORIAS
            .iter()
            .find(|(n, _)| *n == nome)
            .ok_or_else(|| {
                format!(
                    "melhoria desconhecida '{nome}' (conhecidas: {})",
                    conhecidas.join(", ")
                )
            })?;
        *melhorias &= !m;
    }
    Ok(())
}

/// Tira de `args` as opções globais (em qualquer posição): `--classico`,
/// `--hash MB`, `--livro ARQUIVO`, `--sem-livro`, `--sem LISTA`,
/// `--semente-livro N`, `--material-pst`, `--pesos-ice`. O que sobra é o comando e os
/// argumentos dele (que podem ter opções próprias, como `--tempo`).
fn opcoes_globais(args: &mut Vec<String>) -> Result<TOpcoesMotor, String> {
    let mut op = TOpcoesMotor::default();
    let mut resto = Vec::new();
    let mut it = args.drain(..);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--classico" => op.busca.classico = true,
            "--icebr" => op.icebr = true,
            "--pesos-ice" => op.busca.pesos_ice = true,
            "--sem" => {
                let lista = it
                    .next()
                    .ok_or("uso: --sem see,futilidade,lmr,ameaca,delta,lmp")?;
                desliga_melhorias(&lista, &mut op.busca.melhorias)?;
            }
            "--sem-livro" => op.livro = false,
            "--material-pst" => op.busca.so_material_pst = true,
            "--elo" => {
                op.elo = it
                    .next()
                    .and_then(|v| v.parse::<i32>().ok())
                    .filter(|e| (ice::nivel::ELO_MINIMO..=ice::nivel::ELO_MAXIMO).contains(e))
                    .ok_or(format!(
                        "uso: --elo <{}..{}>",
                        ice::nivel::ELO_MINIMO,
                        ice::nivel::ELO_MAXIMO
                    ))?;
                op.limita_forca = true;
            }
            "--semente-nivel" => {
                op.semente_nivel = it
                    .next()
                    .and_then(|v| v.parse::<u64>().ok())
                    .ok_or("uso: --semente-nivel <inteiro>")?;
            }
            "--semente-livro" => {
                op.semente_livro = Some(
                    it.next()
                        .and_then(|v| v.parse::<u64>().ok())
                        .ok_or("uso: --semente-livro <inteiro>")?,
                );
            }
            "--hash" => {
                // Aqui um valor fora da faixa é erro (quem digita quer saber);
                // no protocolo o `memory` satura.
                op.hash_mb = Some(
                    it.next()
                        .and_then(|v| v.parse::<usize>().ok())
                        .filter(|&mb| (1..=ice::opcoes::MAX_HASH_MB).contains(&mb))
                        .ok_or(format!("uso: --hash <MB 1..{}>", ice::opcoes::MAX_HASH_MB))?,
                );
            }
            "--syzygy" => {
                op.syzygy_caminho = it.next().ok_or("uso: --syzygy <diretório[:diretório…]>")?;
            }
            "--livro" => {
                op.arquivo_livro = it.next().ok_or("uso: --livro <arquivo>")?;
                op.livro = true;
            }
            _ => resto.push(a),
        }
    }
    // O `drain` segura `args` emprestado até ser largado.
    drop(it);
    *args = resto;
    Ok(op)
}

/// Lê a primeira linha não vazia e escolhe o protocolo: `uci` → UCI até o
/// fim; o resto → xboard (que é o padrão, e o que o ICE falava), com a linha
/// lida processada como a primeira do xboard. A escolha mora aqui, acima dos
/// dois protocolos, para que nenhum deles precise importar o outro.
fn fala_protocolo(op: &TOpcoesMotor) {
    let rx = ice::entrada::inicia_leitora();
    loop {
        let Ok(l) = rx.recv() else {
            return;
        };
        match ice::comandos_xboard::limpa_linha(&l) {
            "" => continue,
            "uci" => {
                log::debug!("protocolo: UCI");
                ice::uci::laco_uci(op, rx);
            }
            _ => ice::xboard::laco_xboard(op, rx, Some(l)),
        }
        return;
    }
}

/// Roda o comando (o primeiro argumento que não é opção global).
fn executa(args: &[String], op: &TOpcoesMotor) -> Result<(), String> {
    match args.first().map(String::as_str) {
        None => {
            // O registro (RUST_LOG=debug) vai para stderr: stdout é do protocolo.
            env_logger::Builder::from_default_env()
                .target(env_logger::Target::Stderr)
                .init();
            // A primeira linha escolhe a língua: `uci` → UCI; o resto, xboard.
            fala_protocolo(op);
            Ok(())
        }
        Some("--threads") => {
            // `ice --threads N`: o protocolo com N threads. Não é opção global
            // porque o `datagen` tem o seu `--threads` (partidas em paralelo):
            // depois do nome de um comando, o `--threads` é dele
            // (`ice bench --threads 2`).
            let (resto, threads) = ice::bench::tira_threads(args)?;
            if let Some(a) = resto.first() {
                return Err(format!(
                    "'{a}' depois de --threads: o --threads de um comando vem depois do nome dele (ice bench --threads N)"
                ));
            }
            let op = TOpcoesMotor {
                threads,
                ..op.clone()
            };
            executa(&[], &op)
        }
        Some("help" | "--help" | "-h") => {
            linha!("{}", texto_ajuda());
            Ok(())
        }
        // A mesma constante do `myname` das features do protocolo e, quando
        // se sabe (build.rs), o commit de que o binário foi compilado.
        Some("--version" | "-V") => {
            linha!("{}", texto_versao());
            Ok(())
        }
        Some("perft") => cmd_perft(&args[1..]),
        Some("d") => cmd_d(&args[1..]),
        Some("gen") => cmd_gen(&args[1..]),
        Some("lote") => cmd_lote(),
        Some("desenha") => cmd_desenha(&args[1..]),
        Some("saltos") => cmd_saltos(&args[1..]),
        Some("eval") => posicao_dos_args(&args[1..])
            .map(|b| ice::entrada::imprime(&ice::avaliacao::tabela_eval(&b))),
        Some("bench") => ice::bench::cmd_bench(&args[1..], op),
        Some("busca") => ice::bench::cmd_busca(&args[1..], op),
        Some("epd") => ice::bench::cmd_epd(&args[1..], op),
        Some("livro") => ice::livro::cmd_livro(&args[1..]),
        Some("datagen") => ice::datagen::cmd_datagen(&args[1..], op),
        Some("texel") => ice::texel::cmd_texel(&args[1..]),
        Some("tb") => ice::syzygy::cmd_tb(&args[1..], &op.syzygy_caminho),
        Some("jogar" | "play") => ice::jogar::cmd_jogar(&args[1..], op),
        Some(outro) => Err(format!("comando desconhecido: {outro} (veja ice --help)")),
    }
}

/// Se o processador não tem a instrução POPCNT com que o binário foi
/// compilado (`.cargo/config.toml`: x86-64-v2). Sem ela, o primeiro
/// `count_ones` da busca mataria o processo com "Illegal instruction", sem
/// dizer por quê. Lê o `/proc/cpuinfo`: o `is_x86_feature_detected!` não
/// serve, porque num binário compilado com POPCNT ele vira a constante
/// `true`. Compilado sem POPCNT, ou sem `/proc`, não há o que conferir.
fn processador_sem_popcnt() -> bool {
    use std::io::Read;
    if !cfg!(all(
        target_arch = "x86_64",
        target_feature = "popcnt",
        target_os = "linux"
    )) {
        return false;
    }
    // A primeira linha `flags` vem nos primeiros kB; o teto só garante que
    // a leitura termina (como todo arquivo que o motor abre).
    match std::fs::File::open("/proc/cpuinfo") {
        Ok(f) => cpuinfo_sem_popcnt(std::io::BufReader::new(f.take(1 << 20))),
        Err(_) => false,
    }
}

/// Se a primeira linha `flags` de um `/proc/cpuinfo` não tem `popcnt` (sem
/// linha `flags`, não se sabe: `false`). Lê só até ela: numa máquina de
/// muitos núcleos o arquivo tem centenas de kB.
fn cpuinfo_sem_popcnt(texto: impl std::io::BufRead) -> bool {
    let flags = texto
        .lines()
        .map_while(Result::ok)
        .find(|l| l.starts_with("flags"));
    flags.is_some_and(|l| !l.split_whitespace().any(|f| f == "popcnt"))
}

/// Erro → mensagem em stderr e código 1 (`ExitCode::FAILURE`), o mesmo para
/// todo erro (uso errado, FEN inválido, arquivo ilegível): os scripts só
/// precisam saber se deu certo.
fn main() -> ExitCode {
    if processador_sem_popcnt() {
        eprintln!(
            "Erro: este processador não tem a instrução POPCNT, e o ice foi compilado com ela \
             (x86-64-v2, .cargo/config.toml). Compile para ele com: \
             RUSTFLAGS=\"-C target-cpu=x86-64\" cargo build --release"
        );
        return ExitCode::FAILURE;
    }
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let resultado = opcoes_globais(&mut args).and_then(|op| executa(&args, &op));
    match resultado {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("Erro: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod testes {
    use super::cpuinfo_sem_popcnt;

    #[test]
    fn popcnt_pelo_cpuinfo() {
        let com = "processor\t: 0\nflags\t\t: fpu sse2 ssse3 popcnt avx\nbugs\t\t:\n";
        let sem = "processor\t: 0\nflags\t\t: fpu sse2 sse3 cx16\nbugs\t\t: popcnt\n";
        assert!(!cpuinfo_sem_popcnt(com.as_bytes()));
        assert!(cpuinfo_sem_popcnt(sem.as_bytes()));
        // Sem a linha `flags` (outro sistema, outro formato): não se sabe.
        assert!(!cpuinfo_sem_popcnt("processor : 0\n".as_bytes()));
        // `popcntx` não é `popcnt`.
        assert!(cpuinfo_sem_popcnt("flags : sse2 popcntx\n".as_bytes()));
    }
}
