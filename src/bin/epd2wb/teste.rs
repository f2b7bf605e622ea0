//! O teste de uma posição: monta a posição no motor, deixa analisar por T
//! segundos lendo as linhas de pensamento e aplica as regras do epd2wb.
//!
//! Três caminhos, como no epd2wb "Release 02/TM" (CECP.md 3.2):
//! `analyze` (o normal), `st`+`go` lendo o `move` (motores sem `analyze`,
//! como o ICE 1.40) e UCI (`go infinite`/`stop`, para Stockfish e GNU Chess).
//! Toda espera tem prazo: o tempo da posição mais a folga.

use crate::analise::{
    fator_ramificacao, le_linha_pensamento, primeiro_lance, segue_linha, segurou, texto_lance,
    TLinha, TSegue,
};
use crate::motor::{
    apresenta_uci, apresenta_xboard, encerra, envia, inicia_motor, le_ate, sincroniza, TLeitura,
    TMotor,
};
use crate::relatorio::{resultado_vazio, TEstado, TResultado};
use ice::epd::{lance_correto, TPosicaoEpd};
use std::time::{Duration, Instant};

/// Tentativas seguidas de (re)iniciar o motor antes de desistir dele. Um
/// motor que cai numa posição merece outra chance na seguinte (a queda pode
/// ser daquela FEN); um que nunca se apresenta custaria a espera das
/// features em cada uma das 300 posições da WAC.
pub const MAX_FALHAS_INICIO: u32 = 3;

/// Configuração do teste (vem da linha de comando).
#[derive(Clone, Debug)]
pub struct TConfig {
    pub comando: Vec<String>,
    pub tempo_ms: u64,
    /// Folga depois do tempo da posição para cada espera de fim/sincronia.
    pub folga_ms: u64,
    /// Espera fixa no lugar do `ping` (motores sem ping, `-x`).
    pub sem_ping_ms: u64,
    /// Espera pelas features (`-w`).
    pub espera_features_ms: u64,
    /// Parada antecipada: solução segurada por N plies (`-g`).
    pub segura: Option<u32>,
    /// Parada antecipada: resolvida com escore ≥ N (`-h`).
    pub escore_min: Option<i64>,
    /// Usa `st`+`go` mesmo com `analyze` (`-t`).
    pub forca_st: bool,
    /// Usa `setboard` mesmo sem a feature (`-u`), ou `edit` mesmo com ela.
    pub forca_setboard: bool,
    pub forca_edit: bool,
    /// Tokens da PV a pular (`-s`), para motores que escrevem algo antes
    /// do lance e que a limpeza de `primeiro_lance` não reconhece.
    pub pula: usize,
    pub uci: bool,
    pub dump: bool,
    /// Não mostra cada linha de análise.
    pub quieto: bool,
    /// Nome do motor no relatório (senão `myname` ou o nome do arquivo).
    pub nome: Option<String>,
}

/// O executor: o motor atual (reiniciado quando cai ou trava) e contadores.
pub struct TExecutor {
    pub motor: Option<TMotor>,
    pub falhas_inicio: u32,
    pub nome: String,
    /// Já avisou que o motor é protocolo 1?
    avisou_protocolo1: bool,
}

/// O executor antes do motor: o nome provisório é o do arquivo, até o
/// `myname` chegar na apresentação.
pub fn novo_executor(cfg: &TConfig) -> TExecutor {
    let base = cfg
        .comando
        .first()
        .map(|p| p.rsplit('/').next().unwrap_or(p).to_string())
        .unwrap_or_default();
    TExecutor {
        motor: None,
        falhas_inicio: 0,
        nome: cfg.nome.clone().unwrap_or(base),
        avisou_protocolo1: false,
    }
}

/// Garante um motor vivo e apresentado. `Err` com o motivo se não deu.
fn garante_motor(ex: &mut TExecutor, cfg: &TConfig) -> Result<(), String> {
    if ex.motor.as_ref().is_some_and(|m| m.processo.vivo) {
        return Ok(());
    }
    // Um motor morto não merece a folga inteira: meio segundo basta para o
    // `quit`, e o resto a gente mata.
    if let Some(mut velho) = ex.motor.take() {
        encerra(&mut velho, cfg.folga_ms.min(500));
    }
    if ex.falhas_inicio >= MAX_FALHAS_INICIO {
        return Err("motor não inicia; desisti dele".to_string());
    }
    // Se nem dá para criar o processo (caminho errado), não adianta tentar
    // de novo em cada posição: marca logo o limite de falhas.
    let mut m = inicia_motor(&cfg.comando, cfg.uci, cfg.dump)
        .inspect_err(|_| ex.falhas_inicio = MAX_FALHAS_INICIO)?;
    // Apresentação conforme o protocolo; um motor que não manda features é
    // protocolo 1 e segue com os padrões (sem ping, sem setboard), como o -w
    // do epd2wb.
    let ok = if cfg.uci {
        apresenta_uci(&mut m, cfg.espera_features_ms)
    } else {
        let v2 = apresenta_xboard(&mut m, cfg.espera_features_ms);
        if !v2 && m.processo.vivo && !ex.avisou_protocolo1 {
            println!(
                "Note: no features within {} ms: treating the engine as protocol 1",
                cfg.espera_features_ms
            );
            ex.avisou_protocolo1 = true;
        }
        m.processo.vivo
    };
    if !ok || !m.processo.vivo {
        ex.falhas_inicio += 1;
        encerra(&mut m, cfg.folga_ms.min(500));
        return Err("o motor morreu ou não respondeu na apresentação".to_string());
    }
    // Começou bem: zera a contagem de falhas seguidas.
    ex.falhas_inicio = 0;
    if cfg.nome.is_none() {
        if let Some(n) = m.feat.myname.clone().filter(|n| !n.trim().is_empty()) {
            ex.nome = n;
        }
    }
    ex.motor = Some(m);
    Ok(())
}

/// Inicia o motor só para saber o nome (antes do primeiro teste).
pub fn prepara(ex: &mut TExecutor, cfg: &TConfig) -> Result<(), String> {
    garante_motor(ex, cfg)
}

/// Encerra o motor no fim da suíte.
pub fn finaliza(ex: &mut TExecutor, cfg: &TConfig) {
    if let Some(mut m) = ex.motor.take() {
        encerra(&mut m, cfg.folga_ms);
    }
}

/// Lance em texto para o motor (`usermove`, SAN se ele pediu san=1).
fn texto_para_motor(m: &TMotor, coord: &str, san: &str) -> String {
    let l = if m.feat.san { san } else { coord };
    if m.feat.usermove {
        format!("usermove {l}")
    } else {
        l.to_string()
    }
}

/// Monta a posição com `edit` (motores sem setboard, como o Fairy-Max), do
/// jeito do `SendBoard` do xboard: com as pretas a jogar, `a2a3` antes
/// (depois de `new`, a2 sempre tem peão). Roque fica pela posição das
/// peças e o e.p. se perde: limites do próprio `edit`.
fn coloca_por_edit(m: &mut TMotor, fen: &str) {
    let mut campos = fen.split_whitespace();
    let tab = campos.next().unwrap_or("");
    let vez = campos.next().unwrap_or("w");
    if vez == "b" {
        let l = texto_para_motor(m, "a2a3", "a3");
        envia(m, &l);
    }
    let mut brancas = Vec::new();
    let mut pretas = Vec::new();
    for (f, fileira) in tab.split('/').enumerate() {
        let mut col = 0u8;
        for c in fileira.chars() {
            if let Some(d) = c.to_digit(10) {
                col = col.saturating_add(d as u8);
            } else if col < 8 && f < 8 {
                let casa = format!(
                    "{}{}{}",
                    c.to_ascii_uppercase(),
                    (b'a' + col) as char,
                    8 - f
                );
                if c.is_ascii_uppercase() {
                    brancas.push(casa);
                } else {
                    pretas.push(casa);
                }
                col += 1;
            }
        }
    }
    envia(m, "edit");
    envia(m, "#");
    for p in &brancas {
        envia(m, p);
    }
    envia(m, "c");
    for p in &pretas {
        envia(m, p);
    }
    envia(m, ".");
}

/// `move X` (ou `N ... X`, estilo GNU) → X.
fn lance_final(l: &str) -> Option<String> {
    let t: Vec<&str> = l.split_whitespace().collect();
    match t.as_slice() {
        ["move", x, ..] => Some(x.to_string()),
        [n, "...", x, ..] if n.trim_end_matches('.').parse::<u32>().is_ok() => Some(x.to_string()),
        _ => None,
    }
}

/// Linha `info` do UCI → linha de análise (só as que têm `depth` e `pv`).
fn le_info_uci(l: &str, decorrido_ms: u64) -> Option<TLinha> {
    let t: Vec<&str> = l.split_whitespace().collect();
    if t.first() != Some(&"info") {
        return None;
    }
    let (mut prof, mut escore, mut tempo, mut nos, mut pv) = (None, 0i64, None, 0u64, None);
    let mut i = 1;
    while i < t.len() {
        match t[i] {
            "depth" => prof = t.get(i + 1).and_then(|x| x.parse::<i32>().ok()),
            "nodes" => nos = t.get(i + 1).and_then(|x| x.parse().ok()).unwrap_or(0),
            "time" => tempo = t.get(i + 1).and_then(|x| x.parse::<u64>().ok()),
            "score" => {
                let v = t
                    .get(i + 2)
                    .and_then(|x| x.parse::<i64>().ok())
                    .unwrap_or(0);
                // Mate em N lances → ±(100000+N), a convenção do xboard, para
                // que o limiar de mate do fator de ramificação valha também
                // aqui. `lowerbound`/`upperbound` são ignorados: o epd2wb só
                // olha o primeiro lance da PV.
                escore = match t.get(i + 1) {
                    Some(&"mate") if v >= 0 => 100_000 + v,
                    Some(&"mate") => -100_000 + v,
                    _ => v,
                };
                i += 1;
            }
            "pv" => {
                pv = Some(t[i + 1..].join(" "));
                break;
            }
            _ => {}
        }
        i += 1;
    }
    // Sem `depth` ou sem PV não há resposta a julgar (`currmove`,
    // `string`…); sem `time`, que é opcional no UCI, vale o relógio nosso.
    let pv = pv.filter(|p| !p.is_empty())?;
    Some(TLinha {
        prof: prof?,
        escore,
        tempo_ms: tempo.unwrap_or(decorrido_ms),
        nos,
        pv,
    })
}

/// Acompanhamento de uma posição enquanto as linhas chegam.
struct TAndamento {
    segue: TSegue,
    /// Só as linhas reais (prof ≥ 0): é delas que sai o fator de ramificação.
    linhas: Vec<TLinha>,
    /// A última linha, mesmo a sintética do `move`, para a PV do relatório.
    ultima: Option<TLinha>,
    lance: String,
    parar: bool,
}

/// O lance final do motor (`move X`, ou o `bestmove` do UCI) conta como uma
/// última linha de pensamento `-1 0 <tempo> 0 X`, como no epd2wb.
fn conta_lance_final(
    a: &mut TAndamento,
    pos: &TPosicaoEpd,
    cfg: &TConfig,
    inicio: Instant,
    lance: String,
) {
    // O `move` pode chegar na folga depois do `?`, já além do prazo; o tempo
    // é limitado ao do teste porque a tabela acumulada e o gráfico param no
    // tempo do teste, e uma solução depois dele sumiria dos dois.
    let tempo_ms = (inicio.elapsed().as_millis() as u64).min(cfg.tempo_ms);
    conta_linha(
        a,
        pos,
        cfg,
        TLinha {
            prof: -1,
            escore: 0,
            tempo_ms,
            nos: 0,
            pv: lance,
        },
    );
}

/// Conta uma linha (de análise ou a final): decide se está certa, mostra-a
/// como o epd2wb (`yes|no prof tempo escore nós pv`) e vê a parada antecipada.
fn conta_linha(a: &mut TAndamento, pos: &TPosicaoEpd, cfg: &TConfig, lin: TLinha) {
    let (l, _) = primeiro_lance(&pos.tabuleiro, &lin.pv, cfg.pula);
    // Sem lance reconhecível na PV a linha está errada, mesmo só com `am`.
    let certo = l.as_ref().is_some_and(|l| lance_correto(pos, l));
    segue_linha(&mut a.segue, certo, lin.tempo_ms, lin.prof);
    if !cfg.quieto {
        println!(
            "{:3} {:3} {:7} {:7} {:10} {}",
            if certo { "yes" } else { "no" },
            lin.prof,
            lin.tempo_ms,
            lin.escore,
            lin.nos,
            lin.pv
        );
    }
    a.lance = texto_lance(l.as_ref());
    if let Some(g) = cfg.segura {
        a.parar |= segurou(&a.segue, lin.prof, g);
    }
    // `-h` exige o lance certo: escore alto com o lance errado não encerra.
    if let Some(h) = cfg.escore_min {
        a.parar |= certo && lin.escore >= h;
    }
    if lin.prof >= 0 {
        a.linhas.push(lin.clone());
        a.ultima = Some(lin);
    } else if a.ultima.is_none() {
        a.ultima = Some(lin);
    }
}

/// Testa uma posição. Nunca passa de tempo + 3 folgas (sincronia antes,
/// resposta e sincronia depois), mais o reinício do motor se preciso.
pub fn testa_posicao(
    ex: &mut TExecutor,
    cfg: &TConfig,
    pos: &TPosicaoEpd,
    suite: &str,
) -> TResultado {
    let mut r = resultado_vazio(&ex.nome, suite, cfg.tempo_ms, pos.num, &pos.id);
    r.bm = pos.bm_texto.clone();
    r.am = pos.am_texto.clone();
    if let Err(e) = garante_motor(ex, cfg) {
        r.estado = TEstado::Erro;
        r.motivo = e;
        return r;
    }
    let Some(m) = ex.motor.as_mut() else {
        r.estado = TEstado::Erro;
        r.motivo = "sem motor".to_string();
        return r;
    };
    let mut a = TAndamento {
        segue: TSegue::default(),
        linhas: Vec::new(),
        ultima: None,
        lance: "-".to_string(),
        parar: false,
    };
    let erro = if cfg.uci {
        roda_uci(m, cfg, pos, &mut a)
    } else {
        roda_xboard(m, cfg, pos, &mut a)
    };
    // Um motor que não sincronizou no fim é trocado antes da próxima posição:
    // ou travou, ou as linhas atrasadas dele se misturariam às da seguinte.
    if !m.processo.vivo || erro.as_deref() == Some("SEM_SINCRONIA") {
        if let Some(mut velho) = ex.motor.take() {
            encerra(&mut velho, cfg.folga_ms.min(500));
        }
    }
    // Os números do relatório vêm da última linha de análise real (a linha
    // sintética do `move` não tem profundidade nem nós).
    r.fr = fator_ramificacao(&a.linhas);
    if let Some(u) = &a.ultima {
        r.prof = u.prof.max(0);
        r.nos = u.nos;
        r.tempo_final_ms = u.tempo_ms;
        r.escore = u.escore;
        r.pv = u.pv.clone();
    }
    if let Some(u) = a.linhas.last() {
        r.prof = u.prof;
        r.nos = u.nos;
    }
    r.lance = a.lance.clone();
    // O veredito do epd2wb: sucesso se a última linha estava certa; o
    // tempo é o do início da série certa que chegou até o fim.
    // SEM_SINCRONIA não é ERROR: a resposta já tinha sido lida no prazo;
    // falhou só a limpeza para a posição seguinte.
    match erro {
        Some(e) if e != "SEM_SINCRONIA" => {
            r.estado = TEstado::Erro;
            r.motivo = e;
        }
        _ => {
            if a.segue.ultimo_correto && a.segue.n_linhas > 0 {
                r.estado = TEstado::Sucesso;
                r.achou_ms = a.segue.achou_ms;
                r.prof_achou = a.segue.prof_achou;
            } else {
                r.estado = TEstado::Falha;
            }
        }
    }
    r
}

/// Formata segundos para `st` (inteiro quando exato: motores antigos leem
/// `st` com `atoi`).
fn segundos_texto(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        format!("{:.2}", ms as f64 / 1000.0)
    }
}

/// Caminho xboard. Devolve o motivo do ERROR, `SEM_SINCRONIA` se o motor
/// não respondeu ao `ping` do fim (resultado vale, motor é trocado), ou None.
fn roda_xboard(
    m: &mut TMotor,
    cfg: &TConfig,
    pos: &TPosicaoEpd,
    a: &mut TAndamento,
) -> Option<String> {
    let usa_analyze = m.feat.analyze && !cfg.forca_st;
    // Passos 1 e 2: a posição no motor e a sincronia.
    if let Some(erro) = prepara_posicao_xboard(m, cfg, pos) {
        return Some(erro);
    }
    // Passo 3: análise (ou st+go) por exatamente o tempo do teste.
    let inicio = Instant::now();
    comeca_xboard(m, cfg, pos, usa_analyze);
    // Passo 4: lê as linhas até o prazo, contando cada uma pelas regras.
    let (pediu_agora, recebeu_lance) = match le_resposta_xboard(m, cfg, pos, a, inicio, usa_analyze)
    {
        Ok(r) => r,
        Err(erro) => return Some(erro),
    };
    // Passo 5: tira o motor da análise e ressincroniza para a próxima.
    // Sem analyze, o `?` só falta quando a parada antecipada cortou a busca
    // antes do prazo: sem ele o motor seguiria pensando até o `st`.
    if usa_analyze {
        envia(m, "exit");
    } else if !pediu_agora && a.parar {
        envia(m, "?");
    }
    envia(m, "force");
    // Sem ping, a espera fixa só serve para escoar a saída de uma busca que
    // ainda corre; depois do `move` o motor já parou (o ICE 1.40 economiza
    // assim um segundo por posição).
    if recebeu_lance && !m.feat.ping {
        return None;
    }
    if !sincroniza(
        m,
        Instant::now() + Duration::from_millis(cfg.folga_ms),
        cfg.sem_ping_ms,
    ) {
        return Some("SEM_SINCRONIA".to_string());
    }
    None
}

/// Passos 1 e 2 do caminho xboard: posição nova, sem o motor jogar nenhum
/// lado (CECP.md 3.5), e a sincronia. O relógio só começa com o `pong`, como
/// no epd2wb, para que o tempo de montar a posição não conte.
fn prepara_posicao_xboard(m: &mut TMotor, cfg: &TConfig, pos: &TPosicaoEpd) -> Option<String> {
    let usa_setboard = (m.feat.setboard || cfg.forca_setboard) && !cfg.forca_edit;
    envia(m, "new");
    envia(m, "force");
    envia(m, "post");
    if usa_setboard {
        envia(m, &format!("setboard {}", pos.fen));
    } else {
        coloca_por_edit(m, &pos.fen);
    }
    if sincroniza(
        m,
        Instant::now() + Duration::from_millis(cfg.folga_ms),
        cfg.sem_ping_ms,
    ) {
        return None;
    }
    Some(if m.processo.vivo {
        "sem pong depois do setboard".to_string()
    } else {
        "o motor caiu".to_string()
    })
}

/// Passo 3 do caminho xboard: `analyze`, ou o relógio e `go`.
fn comeca_xboard(m: &mut TMotor, cfg: &TConfig, pos: &TPosicaoEpd, usa_analyze: bool) {
    if usa_analyze {
        envia(m, "analyze");
        return;
    }
    // ICE: como o epd2wb 02/TM sem analyze. O `time` cobre motores que
    // ignoram `st` e gastam 1/30 do relógio (o ICE 1.40 em morte súbita).
    // `cs` é 30 vezes o tempo da posição, em centésimos (a unidade de
    // `time`/`otim`); o `level` em minutos inteiros arredonda para cima e
    // nunca fica em 0 (um `level 0 0 0` não dá relógio nenhum ao motor).
    let cs = cfg.tempo_ms / 10 * 30;
    envia(m, &format!("level 0 {} 0", cs.div_ceil(6000).max(1)));
    envia(m, &format!("st {}", segundos_texto(cfg.tempo_ms)));
    envia(m, &format!("time {cs}"));
    envia(m, &format!("otim {cs}"));
    if m.feat.colors {
        envia(
            m,
            if pos.tabuleiro.vez == ice::tipos::BRANCAS {
                "white"
            } else {
                "black"
            },
        );
    }
    envia(m, "go");
}

/// O que o laço de `le_com_prazo` faz depois de uma linha (ou do prazo).
enum TPasso {
    /// Continua lendo.
    Segue,
    /// A resposta foi pedida ao motor (`?`, `stop`): o prazo passa a ser o
    /// fim do tempo da posição mais a folga.
    Pediu,
    /// A posição acabou.
    Acabou,
    /// A posição acabou com erro (o motivo).
    Erro(String),
}

/// O laço de leitura dos dois caminhos (xboard e UCI): lê as linhas até o
/// fim do tempo da posição (`fim`) e, depois de pedida a resposta, até a
/// folga. `trata` recebe cada linha, ou `None` quando o prazo vence, e se a
/// resposta já foi pedida; o motor que cai é erro. Devolve se a resposta
/// foi pedida, ou o erro.
fn le_com_prazo(
    m: &mut TMotor,
    fim: Instant,
    folga_ms: u64,
    trata: &mut dyn FnMut(&mut TMotor, Option<String>, bool) -> TPasso,
) -> Result<bool, String> {
    let mut pediu = false;
    loop {
        let ate = if pediu {
            fim + Duration::from_millis(folga_ms)
        } else {
            fim
        };
        let linha = match le_ate(m, ate) {
            TLeitura::Fim => return Err("o motor caiu durante a posição".to_string()),
            TLeitura::Tempo => None,
            TLeitura::Linha(l) => Some(l),
        };
        match trata(m, linha, pediu) {
            TPasso::Segue => {}
            TPasso::Pediu => pediu = true,
            TPasso::Acabou => return Ok(pediu),
            TPasso::Erro(e) => return Err(e),
        }
    }
}

/// Passo 4 do caminho xboard: lê as linhas até o prazo (sem analyze, pede o
/// lance com `?` no prazo e espera a folga por ele). Devolve (pediu o lance,
/// recebeu o lance), ou o erro que encerra a posição.
fn le_resposta_xboard(
    m: &mut TMotor,
    cfg: &TConfig,
    pos: &TPosicaoEpd,
    a: &mut TAndamento,
    inicio: Instant,
    usa_analyze: bool,
) -> Result<(bool, bool), String> {
    let fim = inicio + Duration::from_millis(cfg.tempo_ms);
    let mut recebeu_lance = false;
    let pediu_agora = le_com_prazo(m, fim, cfg.folga_ms, &mut |m, linha, pediu| {
        let Some(l) = linha else {
            // Prazo: com analyze (ou com o lance já pedido) acabou; sem
            // analyze, pede o lance com `?` e espera a folga por ele.
            if usa_analyze || pediu {
                return TPasso::Acabou;
            }
            envia(m, "?");
            return TPasso::Pediu;
        };
        // Regra do epd2wb: o motor reclamou da posição, o teste dela não
        // vale (ERROR, não Failure).
        if l.starts_with("tellusererror") {
            return TPasso::Erro(l);
        }
        if !usa_analyze {
            if let Some(x) = lance_final(&l) {
                conta_lance_final(a, pos, cfg, inicio, x);
                recebeu_lance = true;
                return TPasso::Acabou;
            }
        }
        if let Some(lin) = le_linha_pensamento(&l) {
            // ICE: o epd2wb 02/TM ignora linhas com tempo além do teste.
            if lin.tempo_ms <= cfg.tempo_ms {
                conta_linha(a, pos, cfg, lin);
            }
        }
        if a.parar {
            TPasso::Acabou
        } else {
            TPasso::Segue
        }
    })?;
    Ok((pediu_agora, recebeu_lance))
}

/// Caminho UCI: `position fen`, `isready`, `go infinite` (ou `movetime`),
/// `stop` no fim.
fn roda_uci(
    m: &mut TMotor,
    cfg: &TConfig,
    pos: &TPosicaoEpd,
    a: &mut TAndamento,
) -> Option<String> {
    // Os mesmos passos no UCI: posição, `isready`, `go`, `stop`, `isready`.
    // `ucinewgame` faz o papel do `new`: avisa que é outro jogo (em geral o
    // motor limpa as tabelas), e uma posição não herda nada da anterior.
    envia(m, "ucinewgame");
    envia(m, &format!("position fen {}", pos.fen));
    if !sincroniza(m, Instant::now() + Duration::from_millis(cfg.folga_ms), 0) {
        return Some(if m.processo.vivo {
            "sem readyok".to_string()
        } else {
            "o motor caiu".to_string()
        });
    }
    let inicio = Instant::now();
    let fim = inicio + Duration::from_millis(cfg.tempo_ms);
    // `go infinite` é o `analyze` do UCI; `-t` pede `movetime`, o `st`.
    if cfg.forca_st {
        envia(m, &format!("go movetime {}", cfg.tempo_ms));
    } else {
        envia(m, "go infinite");
    }
    // `parou`: o `stop` já foi mandado; daí em diante só se espera o
    // `bestmove`, com a folga de prazo.
    let leitura = le_com_prazo(m, fim, cfg.folga_ms, &mut |m, linha, parou| {
        let Some(l) = linha else {
            if parou {
                return TPasso::Erro("SEM_SINCRONIA".to_string());
            }
            envia(m, "stop");
            return TPasso::Pediu;
        };
        if let Some(x) = l.strip_prefix("bestmove") {
            // Só com movetime o bestmove é a resposta; depois do `stop` de
            // uma análise ele só repete a PV.
            if cfg.forca_st && !parou {
                let x = x.split_whitespace().next().unwrap_or("").to_string();
                conta_lance_final(a, pos, cfg, inicio, x);
            }
            return TPasso::Acabou;
        }
        // O que chega depois do `stop` é de além do prazo.
        if parou {
            return TPasso::Segue;
        }
        let dec = inicio.elapsed().as_millis() as u64;
        if let Some(lin) = le_info_uci(&l, dec) {
            if lin.tempo_ms <= cfg.tempo_ms {
                conta_linha(a, pos, cfg, lin);
            }
        }
        if a.parar {
            envia(m, "stop");
            return TPasso::Pediu;
        }
        TPasso::Segue
    });
    if let Err(e) = leitura {
        return Some(e);
    }
    if !sincroniza(m, Instant::now() + Duration::from_millis(cfg.folga_ms), 0) {
        return Some("SEM_SINCRONIA".to_string());
    }
    None
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn lance_final_e_info_uci() {
        assert_eq!(lance_final("move e2e4"), Some("e2e4".to_string()));
        assert_eq!(lance_final("12. ... Nf6"), Some("Nf6".to_string()));
        assert_eq!(lance_final("1 ... x"), Some("x".to_string()));
        assert_eq!(lance_final("moves"), None);
        assert_eq!(lance_final("4 20 3 1000 e4"), None);
        let l = le_info_uci("info depth 12 seldepth 15 multipv 1 score mate 3 nodes 5000 nps 1 time 250 pv g3g6 f7g6", 0).unwrap();
        assert_eq!(
            (l.prof, l.escore, l.tempo_ms, l.nos, l.pv.as_str()),
            (12, 100_003, 250, 5000, "g3g6 f7g6")
        );
        let l = le_info_uci("info depth 3 score cp -20 upperbound nodes 10 pv e2e4", 77).unwrap();
        assert_eq!((l.escore, l.tempo_ms), (-20, 77));
        assert!(le_info_uci("info depth 3 currmove e2e4", 0).is_none());
        assert!(le_info_uci("info string pv", 0).is_none());
        assert!(le_info_uci("bestmove e2e4", 0).is_none());
    }

    #[test]
    fn segundos_do_st() {
        assert_eq!(segundos_texto(2000), "2");
        assert_eq!(segundos_texto(500), "0.50");
    }
}
