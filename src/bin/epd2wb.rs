//! `epd2wb`: executor de suítes EPD no estilo do epd2wb de Bruce Moreland.
//!
//! Liga qualquer motor xboard (ou UCI, com `--uci`), passa por cada posição
//! da suíte em modo `analyze` por T segundos e conta o que ele resolveu e
//! quando, como o artigo do ICE fez na Tabela 2. Segue a especificação de
//! `CECP.md` 3.5; os detalhes de cada parte estão nos submódulos:
//! `motor` (protocolo com o motor), `analise` (linhas de pensamento e
//! regras), `teste` (uma posição) e `relatorio` (texto, CSV/JSON, tabela e
//! SVG). A leitura da suíte (`ice::epd`) e o processo filho
//! (`ice::processo`) vêm da biblioteca, os mesmos de `ice epd` e dos testes.
//!
//! Uso:
//!   epd2wb [opções] "MOTOR [ARGS]" SUITE.epd SEGUNDOS
//!   epd2wb relatorio [--svg SAIDA.svg] [--titulo T] A.csv [B.csv …]
#![forbid(unsafe_code)]

// A raiz de um binário procura submódulos na própria pasta (src/bin/);
// os caminhos explícitos mantêm os módulos do epd2wb juntos em src/bin/epd2wb/.
#[path = "epd2wb/analise.rs"]
mod analise;
#[path = "epd2wb/motor.rs"]
mod motor;
#[path = "epd2wb/relatorio.rs"]
mod relatorio;
#[path = "epd2wb/teste.rs"]
mod teste;

use ice::epd;
use relatorio::{TEstado, TResultado};
use std::process::ExitCode;
use teste::TConfig;

/// Folga padrão depois do tempo de cada posição (ms). Cobre o motor que
/// termina a iteração antes de responder ao `exit`/`?`/`ping`, mesmo numa
/// máquina carregada, e ainda limita uma posição travada a T + 3 folgas.
const FOLGA_PADRAO_MS: u64 = 2000;
/// Espera pelas features (ms): 5 s, como o epd2wb 02/TM.
const ESPERA_FEATURES_PADRAO_MS: u64 = 5000;
/// Espera no lugar do ping (ms): 1 s, o `-x` padrão do epd2wb.
const SEM_PING_PADRAO_MS: u64 = 1000;

// A ajuda e as mensagens são em português, mas o relatório por posição sai
// com as palavras inglesas do epd2wb (`Result:`, `Found in:`…): é o texto
// que os scripts de quem já usava o epd2wb sabem ler.

const AJUDA: &str = "\
uso: epd2wb [opções] \"MOTOR [ARGS]\" SUITE.epd SEGUNDOS
     epd2wb relatorio [--svg SAIDA.svg] [--titulo TEXTO] A.csv [B.csv ...]

Roda cada posição da suíte no motor (modo analyze, SEGUNDOS por posição,
fração permitida: 0.5) e conta as soluções pela regra achar-e-segurar do
epd2wb. O segundo uso junta resultados CSV numa tabela comparativa (formato
da Tabela 2 do artigo do ICE) e, com --svg, num gráfico resolvidas x tempo.

opções:
  --uci            o motor fala UCI (go infinite / stop)
  -t, --st         usa st+go lendo o move, mesmo que o motor tenha analyze
  -u               usa setboard mesmo sem a feature;  --edit  usa edit sempre
  -g N             para quando a solução for segurada por N plies
  -h N             para quando resolvida com escore >= N (centipeões)
  -s N             pula N tokens da PV antes do lance
  -w S             espera pelas features (s, padrão 5)
  -x S             espera no lugar do ping, motores sem ping (s, padrão 1)
  --folga S        folga depois do tempo de cada posição (s, padrão 2)
  --nome NOME      nome do motor no relatório
  --suite NOME     nome da suíte no relatório (padrão: nome do arquivo)
  --pular N        pula as N primeiras posições;  --max N  testa só N
  --csv ARQ        grava os resultados em CSV
  --json ARQ       grava os resultados em JSON
  --svg ARQ        grava o gráfico resolvidas x tempo
  -q               não mostra cada linha de análise
  -d               mostra o tráfego com o motor na saída de erro
  --help           esta ajuda";

/// Opções da linha de comando do modo de teste.
struct TOpcoes {
    cfg: TConfig,
    suite: String,
    nome_suite: Option<String>,
    pular: usize,
    max: Option<usize>,
    csv: Option<String>,
    json: Option<String>,
    svg: Option<String>,
}

/// Segundos (com fração) → milissegundos; recusa negativos e absurdos.
/// O teto de um dia pega o engano comum de passar milissegundos onde se
/// pedem segundos, antes que a suíte fique rodando por semanas.
fn le_segundos(s: &str) -> Result<u64, String> {
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("tempo inválido: {s}"))?;
    if !v.is_finite() || !(0.0..=86_400.0).contains(&v) {
        return Err(format!("tempo fora da faixa: {s}"));
    }
    Ok((v * 1000.0).round() as u64)
}

/// Número de uma opção; o nome da opção vai na mensagem de erro.
fn le_numero<T: std::str::FromStr>(s: Option<&String>, opcao: &str) -> Result<T, String> {
    s.and_then(|x| x.parse().ok())
        .ok_or_else(|| format!("{opcao} precisa de um número"))
}

/// Lê as opções no estilo do epd2wb (as letras dele onde existem: `-t`,
/// `-u`, `-g`, `-h`, `-s`, `-w`, `-x`, `-d`); opções e posicionais podem vir
/// em qualquer ordem. Por manter `-h` com o sentido do epd2wb (escore
/// mínimo), a ajuda só existe como `--help`, tratada em `main`.
fn le_opcoes(args: &[String]) -> Result<TOpcoes, String> {
    let mut cfg = TConfig {
        comando: Vec::new(),
        tempo_ms: 0,
        folga_ms: FOLGA_PADRAO_MS,
        sem_ping_ms: SEM_PING_PADRAO_MS,
        espera_features_ms: ESPERA_FEATURES_PADRAO_MS,
        segura: None,
        escore_min: None,
        forca_st: false,
        forca_setboard: false,
        forca_edit: false,
        pula: 0,
        uci: false,
        dump: false,
        quieto: false,
        nome: None,
    };
    // `o.cfg` começa com uma cópia provisória: as opções vão para `cfg` e só
    // entram em `o` no fim, já com os posicionais conferidos.
    let mut o = TOpcoes {
        cfg: cfg.clone(),
        suite: String::new(),
        nome_suite: None,
        pular: 0,
        max: None,
        csv: None,
        json: None,
        svg: None,
    };
    let mut posicionais = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let prox = args.get(i + 1);
        // A maioria das opções consome o argumento seguinte; as de sim/não
        // desligam isso.
        let mut usa_prox = true;
        match a {
            "--uci" => (cfg.uci, usa_prox) = (true, false),
            "-t" | "--st" => (cfg.forca_st, usa_prox) = (true, false),
            "-u" => (cfg.forca_setboard, usa_prox) = (true, false),
            "--edit" => (cfg.forca_edit, usa_prox) = (true, false),
            "-q" => (cfg.quieto, usa_prox) = (true, false),
            "-d" => (cfg.dump, usa_prox) = (true, false),
            "-g" => cfg.segura = Some(le_numero(prox, a)?),
            "-h" => cfg.escore_min = Some(le_numero(prox, a)?),
            "-s" => cfg.pula = le_numero(prox, a)?,
            "-w" => cfg.espera_features_ms = le_segundos(prox.ok_or("-w precisa de segundos")?)?,
            "-x" => cfg.sem_ping_ms = le_segundos(prox.ok_or("-x precisa de segundos")?)?,
            "--folga" => cfg.folga_ms = le_segundos(prox.ok_or("--folga precisa de segundos")?)?,
            "--nome" => cfg.nome = Some(prox.ok_or("--nome precisa de um nome")?.clone()),
            "--suite" => o.nome_suite = Some(prox.ok_or("--suite precisa de um nome")?.clone()),
            "--pular" => o.pular = le_numero(prox, a)?,
            "--max" => o.max = Some(le_numero(prox, a)?),
            "--csv" => o.csv = Some(prox.ok_or("--csv precisa de um arquivo")?.clone()),
            "--json" => o.json = Some(prox.ok_or("--json precisa de um arquivo")?.clone()),
            "--svg" => o.svg = Some(prox.ok_or("--svg precisa de um arquivo")?.clone()),
            // Opção desconhecida é erro, não posicional: tomada por
            // posicional, a mensagem falaria da contagem de argumentos e não
            // da opção digitada errado. Um `-` sozinho não é opção.
            _ if a.starts_with('-') && a.len() > 1 => {
                return Err(format!("opção desconhecida: {a}"))
            }
            _ => {
                posicionais.push(args[i].clone());
                usa_prox = false;
            }
        }
        i += if usa_prox { 2 } else { 1 };
    }
    // Como no epd2wb: motor (com argumentos, entre aspas), suíte e segundos.
    if posicionais.len() != 3 {
        return Err("preciso de MOTOR, SUITE e SEGUNDOS".to_string());
    }
    cfg.comando = motor::separa_comando(&posicionais[0]);
    if cfg.comando.is_empty() {
        return Err("comando do motor vazio".to_string());
    }
    o.suite = posicionais[1].clone();
    cfg.tempo_ms = le_segundos(&posicionais[2])?;
    // Com 0 s nenhuma linha de análise chegaria: toda posição seria Failure,
    // um resultado sem sentido em vez de um erro claro.
    if cfg.tempo_ms == 0 {
        return Err("o tempo por posição precisa ser maior que zero".to_string());
    }
    o.cfg = cfg;
    Ok(o)
}

/// Grava um arquivo, avisando (sem abortar) se não deu: depois de horas de
/// suíte, um CSV que falhou não deve impedir a gravação do JSON e do SVG.
fn grava(caminho: &str, texto: &str) -> bool {
    match std::fs::write(caminho, texto) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("Erro: não consegui gravar {caminho}: {e}");
            false
        }
    }
}

/// Nome da suíte a partir do caminho (`tests/data/wac.epd` → `wac`).
fn nome_do_arquivo(caminho: &str) -> String {
    let base = caminho.rsplit('/').next().unwrap_or(caminho);
    base.strip_suffix(".epd").unwrap_or(base).to_string()
}

/// O modo de teste: roda a suíte e escreve o relatório.
fn roda_suite(o: &TOpcoes) -> Result<Vec<TResultado>, String> {
    let texto = ice::entrada::le_arquivo_limitado(&o.suite, ice::entrada::MAX_ARQUIVO_EPD)
        .map_err(|e| format!("não consegui ler a suíte: {e}"))?;
    // Lido como bytes: uma suíte com acentos em Latin-1 não deve abortar.
    let texto = String::from_utf8_lossy(&texto);
    // Linhas vazias e comentários saem antes da contagem, para que `--pular`
    // e `--max` contem posições e não linhas do arquivo.
    let linhas: Vec<&str> = texto.lines().filter(|l| !epd::linha_ignoravel(l)).collect();
    let fim = o
        .max
        .map(|m| o.pular.saturating_add(m))
        .unwrap_or(linhas.len())
        .min(linhas.len());
    let escolhidas = if o.pular < fim {
        &linhas[o.pular..fim]
    } else {
        &[][..]
    };
    let suite = o
        .nome_suite
        .clone()
        .unwrap_or_else(|| nome_do_arquivo(&o.suite));
    let cfg = &o.cfg;
    let mut ex = teste::novo_executor(cfg);
    if let Err(e) = teste::prepara(&mut ex, cfg) {
        // Sem motor nenhum não há o que testar; um motor que só morre na
        // apresentação ainda é tentado em cada posição (até desistir).
        if ex.motor.is_none() && ex.falhas_inicio >= teste::MAX_FALHAS_INICIO {
            return Err(e);
        }
        println!("Note: {e}");
    }
    println!("Engine:   {}", ex.nome);
    println!(
        "Suite:    {} ({} positions, {} s each)",
        o.suite,
        escolhidas.len(),
        cfg.tempo_ms as f64 / 1000.0
    );
    // Uma posição por vez; uma linha EPD ruim é ERROR e a suíte continua.
    let mut rs: Vec<TResultado> = Vec::new();
    let mut resolvidas = 0;
    for (k, linha) in escolhidas.iter().enumerate() {
        // O número é o da posição na suíte inteira: uma suíte rodada em
        // pedaços (`--pular`/`--max`) dá CSVs que se juntam sem renumerar.
        let n = o.pular + k + 1;
        println!();
        let r = match epd::le_linha_epd(linha, n) {
            Ok(pos) => {
                println!("Id:       {}", pos.id);
                println!("Fen:      {}", pos.fen);
                if !pos.bm_texto.is_empty() {
                    println!("Bm:       {}", pos.bm_texto);
                }
                if !pos.am_texto.is_empty() {
                    println!("Am:       {}", pos.am_texto);
                }
                teste::testa_posicao(&mut ex, cfg, &pos, &suite)
            }
            Err(e) => {
                println!("Id:       #{n}");
                let mut r =
                    relatorio::resultado_vazio(&ex.nome, &suite, cfg.tempo_ms, n, &format!("#{n}"));
                r.estado = TEstado::Erro;
                r.motivo = e;
                r
            }
        };
        // Contagem corrente para o "k of n solved so far" do epd2wb.
        if r.estado == TEstado::Sucesso {
            resolvidas += 1;
        }
        print!("{}", relatorio::texto_posicao(&r, resolvidas, k + 1));
        rs.push(r);
    }
    // Arquivos só no fim: um teste interrompido não deixa CSV pela metade.
    teste::finaliza(&mut ex, cfg);
    print!("{}", relatorio::texto_final(&rs));
    if let Some(c) = &o.csv {
        grava(c, &relatorio::para_csv(&rs));
    }
    if let Some(j) = &o.json {
        grava(j, &relatorio::para_json(&rs));
    }
    // No modo de teste o gráfico tem uma curva só; a comparação entre
    // motores é do modo `relatorio`, a partir dos CSVs.
    if let Some(s) = &o.svg {
        let resumo = relatorio::resume(&rs);
        grava(
            s,
            &relatorio::grafico_svg(
                &[resumo],
                &format!("{suite}, {} s/posição", cfg.tempo_ms as f64 / 1000.0),
            ),
        );
    }
    Ok(rs)
}

/// O modo `relatorio`: tabela comparativa e gráfico a partir de CSVs.
fn roda_relatorio(args: &[String]) -> Result<(), String> {
    let mut svg = None;
    let mut titulo = None;
    let mut arquivos = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let prox = args.get(i + 1);
        match args[i].as_str() {
            "--svg" => {
                svg = Some(prox.ok_or("--svg precisa de um arquivo")?.clone());
                i += 1;
            }
            "--titulo" => {
                titulo = Some(prox.ok_or("--titulo precisa de um texto")?.clone());
                i += 1;
            }
            // Tudo o mais é nome de CSV (o `scripts/medidas/suites.sh` passa um por motor).
            outro => arquivos.push(outro.to_string()),
        }
        i += 1;
    }
    if arquivos.is_empty() {
        return Err("relatorio precisa de pelo menos um CSV".to_string());
    }
    // Vários CSVs (um por motor, ou já juntados) viram uma lista só e são
    // reagrupados por motor e suíte.
    let mut todos = Vec::new();
    for a in &arquivos {
        let texto = ice::entrada::le_arquivo_limitado(a, ice::entrada::MAX_ARQUIVO_EPD)
            .map_err(|e| format!("não consegui ler: {e}"))?;
        let rs =
            relatorio::de_csv(&String::from_utf8_lossy(&texto)).map_err(|e| format!("{a}: {e}"))?;
        todos.extend(rs);
    }
    let resumos: Vec<_> = relatorio::agrupa(&todos)
        .iter()
        .map(|g| relatorio::resume(g))
        .collect();
    print!("{}", relatorio::tabela_comparativa(&resumos));
    // Sem `--titulo`, o título sai da suíte do primeiro grupo: o caso comum
    // é comparar motores na mesma suíte.
    if let Some(s) = svg {
        let t = titulo.unwrap_or_else(|| {
            let suite = resumos.first().map(|r| r.suite.clone()).unwrap_or_default();
            format!("{suite}: posições resolvidas x tempo")
        });
        if !grava(&s, &relatorio::grafico_svg(&resumos, &t)) {
            return Err(format!("não gravei {s}"));
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // Sem argumentos é engano de quem chamou (código de falha, para scripts);
    // `--help` pedido explicitamente é sucesso.
    if args.is_empty() || args.iter().any(|a| a == "--help") {
        println!("{AJUDA}");
        return if args.is_empty() {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        };
    }
    let resultado = if args[0] == "relatorio" {
        roda_relatorio(&args[1..])
    } else {
        le_opcoes(&args).and_then(|o| roda_suite(&o).map(|_| ()))
    };
    match resultado {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("Erro: {e}");
            // Erros que começam por "não" são de arquivo ("não consegui
            // ler…"), não de uso: a dica do `--help` não ajudaria.
            if !e.starts_with("não") {
                eprintln!("(epd2wb --help mostra o uso)");
            }
            ExitCode::FAILURE
        }
    }
}
