//! Resultados: o relatório no formato do epd2wb, o CSV/JSON legível por
//! máquina, a tabela comparativa no formato da Tabela 2 do artigo do ICE e
//! o gráfico SVG (posições resolvidas × tempo, uma curva por motor).
//!
//! O SVG é escrito à mão: nada de dependências para desenhar uns traços.
//!
//! "Resolvida" aqui é sempre a regra achar-e-segurar do epd2wb (ver
//! `analise`): a última linha de análise antes do prazo trazia um lance
//! certo (um dos `bm`, ou nenhum dos `am` quando não há `bm`).

use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Resultado de uma posição. `Erro` é separado de `Falha` porque não diz
/// nada do xadrez do motor (ele caiu, mandou `tellusererror`, a linha EPD
/// era ruim): entra numa contagem própria e fica fora das médias.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TEstado {
    Sucesso,
    Falha,
    Erro,
}

/// Nome do estado como o epd2wb escreve (e como vai no CSV).
pub fn nome_estado(e: TEstado) -> &'static str {
    match e {
        TEstado::Sucesso => "Success",
        TEstado::Falha => "Failure",
        TEstado::Erro => "ERROR",
    }
}

/// O inverso de `nome_estado`; aceita também o `ERROR!!` do texto por
/// posição, para CSVs montados à mão a partir do relatório.
fn estado_do_nome(s: &str) -> Option<TEstado> {
    match s {
        "Success" => Some(TEstado::Sucesso),
        "Failure" => Some(TEstado::Falha),
        "ERROR" | "ERROR!!" => Some(TEstado::Erro),
        _ => None,
    }
}

/// Uma linha do resultado: uma posição testada num motor.
#[derive(Clone, Debug)]
pub struct TResultado {
    pub motor: String,
    pub suite: String,
    /// Tempo por posição do teste (ms).
    pub tempo_ms: u64,
    /// Número da posição na suíte (1, 2, …).
    pub n: usize,
    pub id: String,
    pub estado: TEstado,
    /// Tempo da solução (regra achar-e-segurar), só em `Sucesso`. Como no
    /// epd2wb, é o tempo que o motor informou na linha (o relógio do executor
    /// só quando ele não informa): a demora do cano não entra na conta.
    pub achou_ms: Option<u64>,
    /// Profundidade em que a série certa começou: diz se o lance veio da
    /// busca mais funda ou já estava na primeira iteração.
    pub prof_achou: i32,
    /// Última linha de análise: profundidade, nós, tempo, escore.
    pub prof: i32,
    pub nos: u64,
    pub tempo_final_ms: u64,
    // i64: cada motor tem sua escala de mate (100000+N do xboard, 999996 do
    // Sjeng), e o escore vai para o relatório sem conversão de escala.
    pub escore: i64,
    /// Fator de ramificação da última iteração da posição; `None` quando
    /// terminou em mate ou não teve profundidades completas bastantes para a
    /// razão.
    pub fr: Option<f64>,
    /// Último lance escolhido (coordenadas) e a PV da última linha. A PV
    /// fica no texto do motor: é por ela que se descobre um problema de
    /// notação quando um lance certo foi contado como errado.
    pub lance: String,
    pub pv: String,
    pub bm: String,
    pub am: String,
    /// Motivo do ERROR.
    pub motivo: String,
}

/// Resultado vazio de uma posição (preenchido pelo teste).
pub fn resultado_vazio(motor: &str, suite: &str, tempo_ms: u64, n: usize, id: &str) -> TResultado {
    TResultado {
        motor: motor.to_string(),
        suite: suite.to_string(),
        tempo_ms,
        n,
        id: id.to_string(),
        estado: TEstado::Falha,
        achou_ms: None,
        prof_achou: 0,
        prof: 0,
        nos: 0,
        tempo_final_ms: 0,
        escore: 0,
        fr: None,
        lance: String::new(),
        pv: String::new(),
        bm: String::new(),
        am: String::new(),
        motivo: String::new(),
    }
}

/// `hh:mm:ss.mmm`, como o epd2wb mostra o `Found in`.
pub fn hms(ms: u64) -> String {
    format!(
        "{:02}:{:02}:{:02}.{:03}",
        ms / 3_600_000,
        ms / 60_000 % 60,
        ms / 1000 % 60,
        ms % 1000
    )
}

/// As linhas de fim de posição do epd2wb: `Result:` e `Found in:`.
pub fn texto_posicao(r: &TResultado, resolvidas: usize, feitas: usize) -> String {
    // ICE: o texto de `Result:` e `Found in:` é o do epd2wb 02/TM, para que
    // scripts feitos para ele leiam a nossa saída; o resto é acréscimo.
    let mut s = String::new();
    let pct = if feitas > 0 {
        resolvidas as f64 * 100.0 / feitas as f64
    } else {
        0.0
    };
    // No texto o erro é `ERROR!!`, como no epd2wb; no CSV vai só `ERROR`.
    let estado = if r.estado == TEstado::Erro {
        "ERROR!!"
    } else {
        nome_estado(r.estado)
    };
    let _ = writeln!(
        s,
        "Result:   {estado} ({resolvidas} of {feitas} solved so far - {pct:.0}%)"
    );
    if r.estado == TEstado::Erro {
        let _ = writeln!(s, "Error:    {}", r.motivo);
    }
    if let (TEstado::Sucesso, Some(ms)) = (r.estado, r.achou_ms) {
        let _ = writeln!(s, "Found in: {ms} ms ({}), ply {}", hms(ms), r.prof_achou);
    } else {
        let _ = writeln!(s, "Found in: -");
    }
    // A linha `Depth:` não existe no epd2wb: é o que a Tabela 2 pede além
    // dos acertos (o fator de ramificação da última iteração) e o que diz
    // até onde o motor foi.
    let fr =
        r.fr.map(|f| format!("{f:.2}"))
            .unwrap_or_else(|| "-".to_string());
    let _ = writeln!(
        s,
        "Depth:    {}  Nodes: {}  Time: {} ms  B-factor (last iteration): {fr}",
        r.prof, r.nos, r.tempo_final_ms
    );
    s
}

/// Passo da tabela acumulada: décimos para testes curtos, segundos (como o
/// epd2wb) para os de até 30 s, e 30 faixas para os mais longos. Em
/// segundos, um teste de 1 s por posição (o do README) daria uma linha só;
/// assim a tabela tem sempre de 5 a 30 linhas, legível em qualquer tempo.
fn passo_histograma(tempo_ms: u64) -> u64 {
    match tempo_ms {
        0..=1000 => 100,
        1001..=5000 => 500,
        5001..=30_000 => 1000,
        _ => tempo_ms.div_ceil(30_000) * 1000,
    }
}

/// Média de um conjunto (None se vazio: "sem dado" não é média zero).
fn media(v: &[f64]) -> Option<f64> {
    if v.is_empty() {
        None
    } else {
        Some(v.iter().sum::<f64>() / v.len() as f64)
    }
}

/// Resumo de um motor numa suíte.
#[derive(Clone, Debug)]
pub struct TResumo {
    pub motor: String,
    pub suite: String,
    pub tempo_ms: u64,
    pub total: usize,
    pub resolvidas: usize,
    pub erros: usize,
    pub fr_medio: Option<f64>,
    /// Em quantas posições o fator foi medido (vai junto da média).
    pub n_fr: usize,
    /// Média só sobre as resolvidas: um motor que resolve também as
    /// difíceis pode ter média maior sem ser mais lento.
    pub tempo_medio_ms: Option<f64>,
    /// Tempos de solução, em ordem.
    pub achados: Vec<u64>,
}

/// Resume os resultados de um motor.
pub fn resume(rs: &[TResultado]) -> TResumo {
    // O fator de ramificação (da última iteração) é a média simples das
    // posições que têm um (o artigo não diz outra coisa); posições com
    // ERROR não entram.
    // Média das razões, não razão das somas: cada posição pesa o mesmo, e
    // as poucas posições de árvore enorme não dominam o número. É a coluna
    // que no artigo caiu de 5.78 (ICE 1.50) para 4.53 (ICE 1.78): quanto
    // menor, mais a poda e a ordenação cortam a cada ply a mais.
    let frs: Vec<f64> = rs
        .iter()
        .filter(|r| r.estado != TEstado::Erro)
        .filter_map(|r| r.fr)
        .collect();
    let mut achados: Vec<u64> = rs
        .iter()
        .filter(|r| r.estado == TEstado::Sucesso)
        // Um `Sucesso` sempre tem `achou_ms`; o 0 só protege um CSV editado.
        .map(|r| r.achou_ms.unwrap_or(0))
        .collect();
    // Ordenados, os tempos de solução já são a curva acumulada do gráfico.
    achados.sort_unstable();
    let tempos: Vec<f64> = achados.iter().map(|&t| t as f64).collect();
    TResumo {
        motor: rs.first().map(|r| r.motor.clone()).unwrap_or_default(),
        suite: rs.first().map(|r| r.suite.clone()).unwrap_or_default(),
        // Com CSVs de tempos diferentes juntados, a escala usa o maior.
        tempo_ms: rs.iter().map(|r| r.tempo_ms).max().unwrap_or(0),
        total: rs.len(),
        resolvidas: achados.len(),
        erros: rs.iter().filter(|r| r.estado == TEstado::Erro).count(),
        fr_medio: media(&frs),
        n_fr: frs.len(),
        tempo_medio_ms: media(&tempos),
        achados,
    }
}

/// O fim do relatório do epd2wb: tabela por posição, tabela acumulada por
/// tempo e as contagens finais.
pub fn texto_final(rs: &[TResultado]) -> String {
    let r = resume(rs);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\nPosNr  Id                 Result   Found(ms)  Ply  Nodes        Move   PV"
    );
    for x in rs {
        let achou = x
            .achou_ms
            .map(|m| m.to_string())
            .unwrap_or_else(|| "-".to_string());
        let _ = writeln!(
            s,
            "{:5}  {:18} {:8} {:>9}  {:3}  {:11}  {:6} {}",
            x.n,
            x.id,
            nome_estado(x.estado),
            achou,
            x.prof,
            x.nos,
            x.lance,
            x.pv
        );
    }
    // Tabela acumulada (o histograma do epd2wb): quantas resolvidas até
    // cada instante; a última faixa é sempre o tempo inteiro do teste.
    // O limite é `<=`: uma solução achada em exatamente 1.0 s conta na
    // faixa de 1.0 s, como no epd2wb 02/TM.
    let _ = writeln!(s, "\n<=Sec   Solved  Total");
    let passo = passo_histograma(r.tempo_ms);
    let mut t = passo;
    loop {
        let t_lim = t.min(r.tempo_ms.max(passo));
        let n = r.achados.iter().filter(|&&a| a <= t_lim).count();
        let _ = writeln!(s, "{:6.1}  {:6}  {:5}", t_lim as f64 / 1000.0, n, r.total);
        if t_lim >= r.tempo_ms {
            break;
        }
        t += passo;
    }
    // As três contagens finais, com as palavras exatas do epd2wb.
    let _ = writeln!(s, "\n{} problems solved.", r.resolvidas);
    let _ = writeln!(s, "{} problems unsolved.", r.total - r.resolvidas - r.erros);
    let _ = writeln!(s, "{} errors found!", r.erros);
    match r.fr_medio {
        Some(f) => {
            let _ = writeln!(
                s,
                "Average last-iteration branching factor: {f:.2} (over {} positions)",
                r.n_fr
            );
        }
        None => {
            let _ = writeln!(s, "Average last-iteration branching factor: -");
        }
    }
    match r.tempo_medio_ms {
        Some(t) => {
            let _ = writeln!(s, "Average time to solution: {:.0} ms", t);
        }
        None => {
            let _ = writeln!(s, "Average time to solution: -");
        }
    }
    s
}

/// Campo de CSV: aspas quando há vírgula, aspas ou quebra de linha.
/// Quebras viram espaço mesmo entre aspas porque `de_csv` lê linha a linha
/// (e uma PV não perde nada com isso).
fn campo_csv(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\"").replace(['\n', '\r'], " "))
    } else {
        s.to_string()
    }
}

/// Cabeçalho do CSV. `de_csv` acha as colunas pelo nome, então colunas
/// novas podem entrar no fim sem quebrar arquivos antigos.
const CABECALHO_CSV: &str =
    "motor,suite,tempo_ms,n,id,resultado,achou_ms,prof_achou,prof,nos,tempo_final_ms,escore,fr,lance,pv,bm,am,motivo";

/// Os resultados em CSV, uma linha por posição. CSV porque se junta com
/// `cat`, abre em planilha e é a entrada do modo `relatorio`: um arquivo por
/// motor, e a tabela comparativa sai sem rodar a suíte de novo.
pub fn para_csv(rs: &[TResultado]) -> String {
    let mut s = String::from(CABECALHO_CSV);
    s.push('\n');
    for r in rs {
        let campos = [
            campo_csv(&r.motor),
            campo_csv(&r.suite),
            r.tempo_ms.to_string(),
            r.n.to_string(),
            campo_csv(&r.id),
            nome_estado(r.estado).to_string(),
            // Vazio, não 0: achada em 0 ms (na primeira linha, comum a 1 s
            // por posição) é diferente de não achada.
            r.achou_ms.map(|m| m.to_string()).unwrap_or_default(),
            r.prof_achou.to_string(),
            r.prof.to_string(),
            r.nos.to_string(),
            r.tempo_final_ms.to_string(),
            r.escore.to_string(),
            // Quatro casas: o relatório refaz a média a partir destes valores.
            r.fr.map(|f| format!("{f:.4}")).unwrap_or_default(),
            campo_csv(&r.lance),
            campo_csv(&r.pv),
            campo_csv(&r.bm),
            campo_csv(&r.am),
            campo_csv(&r.motivo),
        ];
        s.push_str(&campos.join(","));
        s.push('\n');
    }
    s
}

/// Quebra uma linha de CSV respeitando aspas.
fn separa_csv(linha: &str) -> Vec<String> {
    // Aspas dobradas dentro de um campo entre aspas são uma aspa literal.
    let mut v = Vec::new();
    let mut atual = String::new();
    let mut aspas = false;
    let mut it = linha.chars().peekable();
    while let Some(c) = it.next() {
        match (c, aspas) {
            ('"', true) if it.peek() == Some(&'"') => {
                atual.push('"');
                it.next();
            }
            ('"', _) => aspas = !aspas,
            (',', false) => v.push(std::mem::take(&mut atual)),
            _ => atual.push(c),
        }
    }
    v.push(atual);
    v
}

/// Lê um CSV escrito por `para_csv` (as colunas são achadas pelo nome do
/// cabeçalho). Linhas ruins são puladas; um arquivo sem cabeçalho é erro.
pub fn de_csv(texto: &str) -> Result<Vec<TResultado>, String> {
    let mut linhas = texto.lines();
    let cab = separa_csv(linhas.next().ok_or("CSV vazio")?);
    let col = |nome: &str| cab.iter().position(|c| c.trim() == nome);
    // Só estas três são obrigatórias: sem elas não há linha da tabela nem
    // escala do gráfico; as outras colunas, se faltarem, ficam vazias.
    let (Some(c_motor), Some(c_res), Some(c_tempo)) =
        (col("motor"), col("resultado"), col("tempo_ms"))
    else {
        return Err("CSV sem as colunas motor, resultado e tempo_ms".to_string());
    };
    let pega =
        |v: &[String], c: Option<usize>| c.and_then(|i| v.get(i)).cloned().unwrap_or_default();
    let mut rs = Vec::new();
    for (i, l) in linhas.enumerate() {
        if l.trim().is_empty() {
            continue;
        }
        // Sem resultado ou tempo legíveis a linha não serve para a tabela
        // nem para o gráfico: é pulada em vez de abortar o relatório.
        let v = separa_csv(l);
        let Some(estado) = v.get(c_res).and_then(|s| estado_do_nome(s.trim())) else {
            continue;
        };
        let Some(tempo_ms) = v.get(c_tempo).and_then(|s| s.trim().parse().ok()) else {
            continue;
        };
        let mut r = resultado_vazio(
            &pega(&v, Some(c_motor)),
            &pega(&v, col("suite")),
            tempo_ms,
            i + 1,
            "",
        );
        r.estado = estado;
        r.n = pega(&v, col("n")).parse().unwrap_or(i + 1);
        r.id = pega(&v, col("id"));
        r.achou_ms = pega(&v, col("achou_ms")).parse().ok();
        r.prof_achou = pega(&v, col("prof_achou")).parse().unwrap_or(0);
        r.prof = pega(&v, col("prof")).parse().unwrap_or(0);
        r.nos = pega(&v, col("nos")).parse().unwrap_or(0);
        r.tempo_final_ms = pega(&v, col("tempo_final_ms")).parse().unwrap_or(0);
        r.escore = pega(&v, col("escore")).parse().unwrap_or(0);
        r.fr = pega(&v, col("fr"))
            .parse()
            .ok()
            .filter(|f: &f64| f.is_finite());
        r.lance = pega(&v, col("lance"));
        r.pv = pega(&v, col("pv"));
        r.bm = pega(&v, col("bm"));
        r.am = pega(&v, col("am"));
        r.motivo = pega(&v, col("motivo"));
        rs.push(r);
    }
    Ok(rs)
}

/// Texto JSON com escapes. O JSON exige escapar só aspas, barra e os
/// controles abaixo de 0x20; acentos seguem em UTF-8, que é válido.
fn json_str(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(o, "\\u{:04x}", c as u32);
            }
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

fn json_opt<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map(|x| x.to_string())
        .unwrap_or_else(|| "null".to_string())
}

/// Os resultados em JSON: o resumo e as posições.
pub fn para_json(rs: &[TResultado]) -> String {
    // Escrito à mão (sem serde): o formato é fixo e pequeno. Números
    // ausentes viram `null`, não 0, para não confundir "sem dado" com zero.
    let r = resume(rs);
    let mut s = String::from("{\n");
    let _ = writeln!(s, "  \"motor\": {},", json_str(&r.motor));
    let _ = writeln!(s, "  \"suite\": {},", json_str(&r.suite));
    let _ = writeln!(s, "  \"tempo_ms\": {},", r.tempo_ms);
    let _ = writeln!(s, "  \"total\": {},", r.total);
    let _ = writeln!(s, "  \"resolvidas\": {},", r.resolvidas);
    let _ = writeln!(s, "  \"erros\": {},", r.erros);
    let _ = writeln!(
        s,
        "  \"fr_medio\": {},",
        json_opt(r.fr_medio.map(|f| format!("{f:.4}")))
    );
    let _ = writeln!(
        s,
        "  \"tempo_medio_ms\": {},",
        json_opt(r.tempo_medio_ms.map(|t| format!("{t:.1}")))
    );
    s.push_str("  \"posicoes\": [\n");
    for (i, x) in rs.iter().enumerate() {
        let _ = write!(
            s,
            "    {{\"n\": {}, \"id\": {}, \"resultado\": {}, \"achou_ms\": {}, \"prof_achou\": {}, \"prof\": {}, \
             \"nos\": {}, \"tempo_final_ms\": {}, \"escore\": {}, \"fr\": {}, \"lance\": {}, \"pv\": {}, \
             \"bm\": {}, \"am\": {}, \"motivo\": {}}}",
            x.n,
            json_str(&x.id),
            json_str(nome_estado(x.estado)),
            json_opt(x.achou_ms),
            x.prof_achou,
            x.prof,
            x.nos,
            x.tempo_final_ms,
            x.escore,
            json_opt(x.fr.map(|f| format!("{f:.4}"))),
            json_str(&x.lance),
            json_str(&x.pv),
            json_str(&x.bm),
            json_str(&x.am),
            json_str(&x.motivo)
        );
        s.push_str(if i + 1 < rs.len() { ",\n" } else { "\n" });
    }
    s.push_str("  ]\n}\n");
    s
}

/// Agrupa resultados por motor (e suíte), na ordem em que aparecem. O
/// `BTreeMap` só acha o grupo; a ordem vem de `ordem`, para que as linhas
/// da tabela sigam a ordem dos CSVs dados (a que o `scripts/medidas/suites.sh` usa).
pub fn agrupa(rs: &[TResultado]) -> Vec<Vec<TResultado>> {
    let mut ordem: Vec<(String, String)> = Vec::new();
    let mut grupos: BTreeMap<(String, String), Vec<TResultado>> = BTreeMap::new();
    for r in rs {
        let k = (r.motor.clone(), r.suite.clone());
        if !grupos.contains_key(&k) {
            ordem.push(k.clone());
        }
        grupos.entry(k).or_default().push(r.clone());
    }
    ordem
        .into_iter()
        .filter_map(|k| grupos.remove(&k))
        .collect()
}

/// A tabela comparativa no formato da Tabela 2 do artigo (em Markdown,
/// para colar no README como está).
pub fn tabela_comparativa(resumos: &[TResumo]) -> String {
    // As colunas da Tabela 2 (acertos, fator de ramificação da última
    // iteração) mais as que o artigo não trazia e que explicam a comparação:
    // tempo por posição, tempo médio até a solução e erros. `|` nos nomes
    // quebraria a tabela.
    // O tempo por posição é a coluna que o artigo esqueceu: sem ela os
    // acertos de dois testes não se comparam.
    let mut s = String::new();
    let _ = writeln!(s, "| motor | suíte | s/posição | acertos/total | fator de ramificação (última iteração) | tempo médio até a solução (s) | erros |");
    let _ = writeln!(s, "|---|---|---|---|---|---|---|");
    for r in resumos {
        let fr = r
            .fr_medio
            .map(|f| format!("{f:.2}"))
            .unwrap_or_else(|| "-".to_string());
        let tm = r
            .tempo_medio_ms
            .map(|t| format!("{:.2}", t / 1000.0))
            .unwrap_or_else(|| "-".to_string());
        let _ = writeln!(
            s,
            "| {} | {} | {} | {}/{} | {} | {} | {} |",
            r.motor.replace('|', "/"),
            r.suite.replace('|', "/"),
            r.tempo_ms as f64 / 1000.0,
            r.resolvidas,
            r.total,
            fr,
            tm,
            r.erros
        );
    }
    s
}

/// Escapa texto para XML: o nome vem do `myname` do motor e o título da
/// linha de comando, e um `<` ou `&` ali estragaria o SVG inteiro.
fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

// Geometria do gráfico (pixels): cabe na largura de uma página do README
// sem ser reduzido, e a legenda fica fora da área das curvas para não
// cobrir nenhuma.
const SVG_LARGURA: f64 = 760.0;
const SVG_ALTURA: f64 = 460.0;
const SVG_MARGEM_ESQ: f64 = 60.0;
const SVG_MARGEM_DIR: f64 = 220.0; // espaço da legenda
const SVG_MARGEM_SUP: f64 = 40.0;
const SVG_MARGEM_INF: f64 = 50.0;
/// Cores das curvas (paleta de alto contraste), repetidas se faltar.
const SVG_CORES: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
];

/// Gráfico SVG das posições resolvidas até cada instante, um degrau por
/// solução, uma curva por motor. A saída é determinística (os mesmos CSVs
/// dão os mesmos bytes), então o `docs/wac-1s.svg` só muda no git quando os
/// resultados mudam.
pub fn grafico_svg(resumos: &[TResumo], titulo: &str) -> String {
    // Escalas comuns a todas as curvas: o maior tempo e a maior suíte; os
    // `max(1)` evitam divisão por zero com entradas vazias. O eixo y vai
    // sempre de zero ao total da suíte, sem "zoom": a distância até o topo
    // é o que ficou sem resolver, e curvas de motores diferentes se leem na
    // mesma escala absoluta.
    let t_max = resumos.iter().map(|r| r.tempo_ms).max().unwrap_or(1).max(1) as f64;
    let y_max = resumos.iter().map(|r| r.total).max().unwrap_or(1).max(1) as f64;
    let w = SVG_LARGURA - SVG_MARGEM_ESQ - SVG_MARGEM_DIR;
    let h = SVG_ALTURA - SVG_MARGEM_SUP - SVG_MARGEM_INF;
    let px = |t: f64| SVG_MARGEM_ESQ + w * (t / t_max).clamp(0.0, 1.0);
    let py = |n: f64| SVG_MARGEM_SUP + h * (1.0 - n / y_max);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{SVG_LARGURA}\" height=\"{SVG_ALTURA}\" viewBox=\"0 0 {SVG_LARGURA} {SVG_ALTURA}\" font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(s, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let _ = writeln!(
        s,
        "<text x=\"{}\" y=\"22\" font-size=\"15\">{}</text>",
        SVG_MARGEM_ESQ,
        xml(titulo)
    );
    // Grade e eixos: 5 divisões em cada eixo.
    for i in 0..=5 {
        let f = i as f64 / 5.0;
        let (x, y) = (px(t_max * f), py(y_max * f));
        let _ = writeln!(
            s,
            "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/>",
            py(0.0),
            py(y_max)
        );
        let _ = writeln!(
            s,
            "<line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/>",
            px(0.0),
            px(t_max)
        );
        let _ = writeln!(
            s,
            "<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{:.2}</text>",
            py(0.0) + 16.0,
            t_max * f / 1000.0
        );
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{:.0}</text>",
            px(0.0) - 6.0,
            y + 4.0,
            y_max * f
        );
    }
    let _ = writeln!(
        s,
        "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" fill=\"none\" stroke=\"black\"/>",
        SVG_MARGEM_ESQ, SVG_MARGEM_SUP
    );
    let _ = writeln!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">tempo (s)</text>",
        px(t_max / 2.0),
        SVG_ALTURA - 10.0
    );
    let _ = writeln!(
        s,
        "<text transform=\"translate(16,{:.1}) rotate(-90)\" text-anchor=\"middle\">posições resolvidas</text>",
        py(y_max / 2.0)
    );
    // Uma curva e uma entrada de legenda por motor.
    for (i, r) in resumos.iter().enumerate() {
        let cor = SVG_CORES[i % SVG_CORES.len()];
        // Curva em degraus: sobe um a cada solução, segue até o fim do teste.
        // Primeiro `H` e depois `V`, para que o degrau caia exatamente no
        // instante da solução; o trecho plano final mostra o tempo em que
        // nada mais foi resolvido.
        let mut d = format!("M{:.1},{:.1}", px(0.0), py(0.0));
        let mut n = 0.0;
        for &t in &r.achados {
            let x = px(t as f64);
            n += 1.0;
            let _ = write!(d, " H{x:.1} V{:.1}", py(n));
        }
        let _ = write!(d, " H{:.1}", px(r.tempo_ms as f64));
        let _ = writeln!(
            s,
            "<path class=\"curva\" d=\"{d}\" fill=\"none\" stroke=\"{cor}\" stroke-width=\"2\"/>"
        );
        // Na legenda, o placar ao lado do nome: a altura final da curva sem
        // precisar ler o eixo.
        let ly = SVG_MARGEM_SUP + 10.0 + 20.0 * i as f64;
        let lx = SVG_LARGURA - SVG_MARGEM_DIR + 15.0;
        let _ = writeln!(s, "<line x1=\"{lx:.1}\" y1=\"{ly:.1}\" x2=\"{:.1}\" y2=\"{ly:.1}\" stroke=\"{cor}\" stroke-width=\"3\"/>", lx + 20.0);
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\">{} ({}/{})</text>",
            lx + 26.0,
            ly + 4.0,
            xml(&r.motor),
            r.resolvidas,
            r.total
        );
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod testes {
    use super::*;

    fn r(motor: &str, estado: TEstado, achou: Option<u64>, fr: Option<f64>) -> TResultado {
        let mut x = resultado_vazio(motor, "wac", 1000, 1, "X, \"1\"");
        x.estado = estado;
        x.achou_ms = achou;
        x.fr = fr;
        x
    }

    #[test]
    fn csv_ida_e_volta() {
        let v = vec![
            r("A", TEstado::Sucesso, Some(120), Some(3.5)),
            r("A", TEstado::Falha, None, Some(4.5)),
            r("A", TEstado::Erro, None, None),
        ];
        let lido = de_csv(&para_csv(&v)).unwrap();
        assert_eq!(lido.len(), 3);
        assert_eq!(lido[0].id, "X, \"1\"");
        assert_eq!(lido[0].achou_ms, Some(120));
        assert_eq!(lido[2].estado, TEstado::Erro);
        let res = resume(&lido);
        assert_eq!((res.resolvidas, res.total, res.erros), (1, 3, 1));
        assert_eq!(res.fr_medio, Some(4.0));
        assert!(de_csv("a,b\n1,2\n").is_err());
        assert!(de_csv("").is_err());
    }

    #[test]
    fn relatorio_final_conta_e_acumula() {
        let v = vec![
            r("A", TEstado::Sucesso, Some(150), None),
            r("A", TEstado::Sucesso, Some(900), None),
            r("A", TEstado::Falha, None, None),
        ];
        let t = texto_final(&v);
        assert!(t.contains("2 problems solved."));
        assert!(t.contains("1 problems unsolved."));
        assert!(t.contains("0 errors found!"));
        // Acumulado em décimos de segundo: 0 até 0.1 s, 1 até 0.2 s, 2 em 1.0 s.
        assert!(t.contains("   0.1       0      3"), "{t}");
        assert!(t.contains("   0.2       1      3"), "{t}");
        assert!(t.contains("   1.0       2      3"), "{t}");
        assert!(t.contains("Average time to solution: 525 ms"));
    }

    #[test]
    fn svg_tem_uma_curva_por_motor() {
        let a = resume(&[r("A<1>", TEstado::Sucesso, Some(100), None)]);
        let b = resume(&[r("B", TEstado::Falha, None, None)]);
        let svg = grafico_svg(&[a, b], "WAC");
        assert!(svg.starts_with("<svg"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("class=\"curva\"").count(), 2);
        assert!(svg.contains("A&lt;1&gt; (1/1)"));
    }

    #[test]
    fn json_escapa() {
        let j = para_json(&[r("A\"b", TEstado::Sucesso, Some(5), None)]);
        assert!(j.contains("\"motor\": \"A\\\"b\""));
        assert!(j.contains("\"achou_ms\": 5"));
        assert!(j.contains("\"fr\": null"));
    }
}
