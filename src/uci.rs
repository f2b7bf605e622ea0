//! O protocolo UCI ao lado do xboard: o mesmo motor, outra língua.
//!
//! Nível 10: depende do `motor` (nível 9), que tem o estado — tabuleiro,
//! busca, threads, livro, relógio e opções, em campos privados — e as
//! funções que o xboard também chama: `aplica_opcao`, `define_hash`,
//! `define_threads`, `lance_do_livro`, `limites_do_lance`, `monta_posicao`
//! e `executa` (o pedido por valor). O UCI só traduz os comandos dele para
//! essas funções; não importa nada do `xboard`.
//!
//! Quem escolhe a língua é a interface: `main` lê a primeira linha; se é
//! `uci`, o motor fala UCI até o fim; senão, xboard (que é o padrão, e o que
//! o ICE falava). O parser das linhas UCI mora em
//! `comandos_uci` (nível 1), porque o relator do UCI (`relato_uci`) também
//! classifica as que chegam enquanto a busca pensa (`stop`, `ponderhit`,
//! `isready`).
//!
//! Diferenças que moldam o laço: no UCI a interface manda a posição inteira
//! antes de cada `go` (o motor não guarda partida); o motor nunca joga
//! sozinho, só responde `bestmove` a cada `go` — no `go infinite` e no
//! `go ponder` só depois do `stop`/`ponderhit`; o ponder é da interface
//! (ela manda `go ponder` com o lance previsto já feito). Entrada ruim vira
//! `info string` com o motivo, e nada muda.

use crate::comandos_uci::{interpreta_uci, ComandoUci, TGoUci};
use crate::entrada::{envia, fila_para_busca, nova_fila, trava, TFilaCompartilhada};
use crate::geracao::acha_lance;
use crate::lance::{lance_para_texto, mesmo_lance, LANCE_NULO};
use crate::motor::{
    aplica_opcao, codigos_legais, define_chess960, define_hash, define_relogio_do_go,
    define_tabuleiro, define_threads, executa, hash_mb, ignora_sigint, joga_960, lance_do_livro,
    limites_do_lance, limpa_tabelas, linhas_multipv, mensagens_tabelas, monta_posicao,
    nome_da_opcao, nova_partida, novo_motor, opcoes_do_motor, preve_resposta, relogio, tabuleiro,
    texto_hash, threads, TErroOpcao, TMotor, TPedidoMotor, TTipoOpcao,
};
use crate::opcoes::{TOpcoesMotor, MAX_HASH_MB};
use crate::paralelo::MAX_THREADS;
use crate::relato_uci::TRelatorUci;
use crate::tabuleiro::TBoard;
use crate::tempo::{limita_relogio_cs, TLimites, MS_POR_CS};
use crate::tipos::{BRANCAS, MAX_DEPTH};
use log::debug;
use std::sync::mpsc::Receiver;

/// Quem escreveu o ICE e quem o portou (o `id author` do UCI).
const AUTORES: &str = "Abreu, Lazoski, Pinto, Waghabi (ICE, UERJ); porte ICE-rs";

/// O estado do UCI: o motor (o mesmo do xboard) e o pouco que é só daqui.
pub struct TUci {
    pub m: TMotor,
    /// O que chegou da interface e espera (dividida com o relator de cada
    /// busca: ver `relato_uci`).
    pub fila: TFilaCompartilhada,
    /// A opção `Ponder` (a interface avisa que vai mandar `go ponder`; o
    /// motor não precisa mudar nada, mas guarda para o `uci` repetido).
    pub ponder: bool,
    /// `debug on`: linhas `info string` a mais sobre o que o motor faz.
    pub debug: bool,
    /// A opção `UCI_ShowWDL`: as linhas `info … score` levam `wdl W D L`
    /// (ver `wdl`). Só do UCI: o xboard não tem onde pôr isso.
    pub mostra_wdl: bool,
    /// A opção `UCI_AnalyseMode`: a interface está analisando, não jogando.
    /// Nenhum `go` joga do livro nem com a força limitada, e o escore é o
    /// objetivo (sem contempt).
    pub modo_analise: bool,
    pub sair: bool,
}

/// Cria o estado do UCI: o motor do xboard com a saída no formato UCI e a
/// entrada classificada pelo parser do UCI.
pub fn novo_uci(op: &TOpcoesMotor) -> TUci {
    TUci {
        m: novo_motor(op),
        fila: nova_fila(None),
        ponder: false,
        debug: false,
        mostra_wdl: false,
        modo_analise: false,
        sair: false,
    }
}

/// O laço do UCI, já depois do `uci` (que é respondido aqui mesmo).
pub fn laco_uci(op: &TOpcoesMotor, rx: Receiver<String>) {
    ignora_sigint();
    let mut u = novo_uci(op);
    u.fila = nova_fila(Some(rx));
    responde_uci(&u);
    while !u.sair {
        // Primeiro o que chegou durante a última busca, na ordem.
        let proxima = {
            let mut f = trava(&u.fila);
            match f.pendentes.pop_front() {
                Some(l) => Some(l),
                None => match f.rx.as_ref().map(|rx| rx.recv()) {
                    Some(Ok(l)) => Some(l),
                    _ => None,
                },
            }
        };
        let Some(linha) = proxima else {
            break;
        };
        processa_uci(&mut u, &linha);
    }
    debug!("fim do protocolo UCI");
}

/// `info string …`: a única saída livre do UCI (motivos de erro, avisos).
fn info_string(s: &str) {
    envia(&format!("info string {s}"));
}

/// Responde ao `uci`: nome, autor, as opções e `uciok`.
fn responde_uci(u: &TUci) {
    let m = &u.m;
    envia(&format!("id name {}", crate::NOME_MOTOR));
    envia(&format!("id author {AUTORES}"));
    let check = |v: bool| if v { "true" } else { "false" };
    envia(&format!(
        "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
        hash_mb(m)
    ));
    envia(&format!(
        "option name Threads type spin default {} min 1 max {MAX_THREADS}",
        threads(m)
    ));
    envia(&format!(
        "option name Ponder type check default {}",
        check(u.ponder)
    ));
    envia(&format!(
        "option name UCI_Chess960 type check default {}",
        check(joga_960(m))
    ));
    envia(&format!(
        "option name UCI_ShowWDL type check default {}",
        check(u.mostra_wdl)
    ));
    envia(&format!(
        "option name UCI_AnalyseMode type check default {}",
        check(u.modo_analise)
    ));
    for o in opcoes_do_motor(m) {
        envia(&match o.tipo {
            TTipoOpcao::Caixa(v) => {
                format!("option name {} type check default {}", o.nome, check(v))
            }
            TTipoOpcao::Numero(v, min, max) => format!(
                "option name {} type spin default {v} min {min} max {max}",
                o.nome
            ),
            TTipoOpcao::Arquivo(v) => format!("option name {} type string default {v}", o.nome),
            TTipoOpcao::Diretorios(v) => format!(
                "option name {} type string default {}",
                o.nome,
                if v.is_empty() { "<empty>" } else { &v }
            ),
        });
    }
    envia("option name Clear Hash type button");
    envia("uciok");
}

/// Executa uma linha do UCI (fora de qualquer busca).
pub fn processa_uci(u: &mut TUci, linha: &str) {
    match interpreta_uci(linha) {
        ComandoUci::Vazia | ComandoUci::Register => {}
        ComandoUci::Uci => responde_uci(u),
        ComandoUci::Debug(d) => u.debug = d,
        ComandoUci::IsReady => envia("readyok"),
        ComandoUci::SetOption { nome, valor } => define_opcao(u, &nome, valor.as_deref()),
        ComandoUci::UciNewGame => {
            define_tabuleiro(&mut u.m, TBoard::inicial());
            nova_partida(&mut u.m);
        }
        ComandoUci::Position { fen, lances } => {
            if let Err(e) = monta_posicao(&mut u.m, fen.as_deref(), &lances) {
                info_string(&format!("error: {e}; position unchanged"));
            }
        }
        ComandoUci::Go(g) => go(u, &g),
        // Fora da busca não há o que parar nem ponder a acertar.
        ComandoUci::Stop | ComandoUci::PonderHit => {}
        ComandoUci::Quit => u.sair = true,
        ComandoUci::Erro(e) => info_string(&format!("error: {e}; ignored")),
        ComandoUci::Desconhecido(c) => info_string(&format!("unknown command: {c}")),
    }
}

/// `setoption`: os nomes do UCI (`Hash`, `Threads`, `Ponder`, `UCI_ShowWDL`, `OwnBook`,
/// `Clear Hash`) e os do motor (`aplica_opcao`, os mesmos do xboard). O
/// UCI não distingue maiúsculas nos nomes; as caixas vêm `true`/`false`.
fn define_opcao(u: &mut TUci, nome: &str, valor: Option<&str>) {
    let booleano = |v: Option<&str>| match v.map(str::to_ascii_lowercase).as_deref() {
        Some("true") => Some(true),
        Some("false") => Some(false),
        _ => None,
    };
    let n = nome.to_ascii_lowercase();
    let r = match n.as_str() {
        // Fora da faixa satura (e diz), como o `memory` do xboard; sempre
        // uma linha com o tamanho que ficou.
        "hash" => match valor.and_then(numero_saturado) {
            Some(mb) => {
                info_string(&texto_hash(&define_hash(&mut u.m, mb)));
                Ok(())
            }
            None => Err(TErroOpcao::ValorRuim),
        },
        "threads" => match valor.and_then(|v| v.parse::<usize>().ok()) {
            Some(t) if (1..=MAX_THREADS).contains(&t) => {
                define_threads(&mut u.m, t);
                Ok(())
            }
            _ => Err(TErroOpcao::ValorRuim),
        },
        "ponder" => booleano(valor)
            .map(|v| u.ponder = v)
            .ok_or(TErroOpcao::ValorRuim),
        "uci_showwdl" => booleano(valor)
            .map(|v| u.mostra_wdl = v)
            .ok_or(TErroOpcao::ValorRuim),
        "uci_analysemode" => booleano(valor)
            .map(|v| u.modo_analise = v)
            .ok_or(TErroOpcao::ValorRuim),
        // Com ela o roque entra e sai como "rei toma a torre" (`e1h1`); a
        // posição atual também, até o próximo `position`.
        "uci_chess960" => booleano(valor)
            .map(|v| define_chess960(&mut u.m, v))
            .ok_or(TErroOpcao::ValorRuim),
        "clear hash" => {
            limpa_tabelas(&mut u.m);
            Ok(())
        }
        _ => opcao_do_motor(u, &n, valor, booleano(valor)),
    };
    match r {
        Ok(()) => {
            if u.debug {
                info_string(&format!("{nome} = {}", valor.unwrap_or("")));
            }
            // Tabelas novas: quantas, e os diretórios que não abriram.
            if n == "syzygypath" {
                for l in mensagens_tabelas(&u.m, true) {
                    info_string(&l);
                }
            }
        }
        Err(TErroOpcao::Desconhecida) => info_string(&format!("unknown option: {nome}")),
        Err(TErroOpcao::ValorRuim) => info_string(&format!(
            "bad value for option {nome}: {}; unchanged",
            valor.unwrap_or("(none)")
        )),
        Err(TErroOpcao::LivroIlegivel(v)) => {
            info_string(&format!("book {v} unreadable; the previous one stays"))
        }
        Err(TErroOpcao::TabelasIlegiveis(e)) => info_string(&format!("{e}; tablebases unchanged")),
    }
}

/// Um inteiro do protocolo, saturado em `0..=u64::MAX`: negativo vira 0,
/// grande demais para qualquer tipo vira `u64::MAX`; `None` se não é
/// número.
fn numero_saturado(v: &str) -> Option<u64> {
    let v = v.trim();
    if let Ok(n) = v.parse::<i128>() {
        return Some(n.clamp(0, u64::MAX as i128) as u64);
    }
    let (saturado, digitos) = match v.strip_prefix('-') {
        Some(d) => (0, d),
        None => (u64::MAX, v.strip_prefix('+').unwrap_or(v)),
    };
    (!digitos.is_empty() && digitos.bytes().all(|c| c.is_ascii_digit())).then_some(saturado)
}

/// As opções que o xboard também tem, pelo nome do xboard (sem distinguir
/// maiúsculas): as caixas passam de `true`/`false` para `1`/`0`.
fn opcao_do_motor(
    u: &mut TUci,
    nome_minusculo: &str,
    valor: Option<&str>,
    booleano: Option<bool>,
) -> Result<(), TErroOpcao> {
    // A lista do motor (`opcoes_do_motor`); um nome antigo vale pelo novo.
    let nome_minusculo = nome_da_opcao(nome_minusculo).to_ascii_lowercase();
    let achada = opcoes_do_motor(&u.m)
        .iter()
        .find(|o| o.nome.to_ascii_lowercase() == nome_minusculo)
        .map(|o| (o.nome, matches!(o.tipo, TTipoOpcao::Caixa(_))));
    match achada {
        Some((nome, true)) => match booleano {
            Some(v) => aplica_opcao(&mut u.m, nome, Some(if v { "1" } else { "0" })),
            None => Err(TErroOpcao::ValorRuim),
        },
        Some((nome, false)) => aplica_opcao(&mut u.m, nome, valor),
        None => Err(TErroOpcao::Desconhecida),
    }
}

/// Os lances da raiz que o `searchmoves` deixa de fora (o complemento) e
/// os lances do `searchmoves` que não são legais aqui (ignorados). Se nenhum
/// sobra legal, nada fica de fora: pesquisam-se todos.
fn excluidos_por_searchmoves(b: &TBoard, searchmoves: &[String]) -> (Vec<u16>, Vec<String>) {
    let mut permitidos = Vec::new();
    let mut ilegais = Vec::new();
    for m in searchmoves {
        match acha_lance(b, &m.to_ascii_lowercase()) {
            Some(l) => permitidos.push(l.codigo_exato()),
            None => ilegais.push(m.clone()),
        }
    }
    if permitidos.is_empty() {
        return (Vec::new(), ilegais);
    }
    let mut excluidos = codigos_legais(b);
    excluidos.retain(|c| !permitidos.contains(c));
    (excluidos, ilegais)
}

/// Os limites do `go`: o relógio (`wtime`/`btime`/`winc`/`binc`/
/// `movestogo`) e o `movetime` passam pelo `TRelogio` e pela mesma conta do
/// xboard (`limites_do_lance`); `depth`, `nodes` e `mate` limitam por cima;
/// `infinite` só para com `stop`; `mate` para também assim que o mate
/// pedido (ou um mais curto) aparece. Sem nada, a busca vai até a profundidade
/// máxima (ou o `stop`).
fn limites_do_go(m: &mut TMotor, g: &TGoUci) -> TLimites {
    let (tempo, inc, otim) = if tabuleiro(m).vez == BRANCAS {
        (g.wtime, g.winc, g.btime)
    } else {
        (g.btime, g.binc, g.wtime)
    };
    let cs = |ms: i64| limita_relogio_cs(ms / MS_POR_CS as i64);
    let mut sd = g.depth.unwrap_or(0);
    if let Some(m) = g.mate {
        // Mate em N lances cabe em 2N − 1 plies; dois de folga para as
        // podas que escondem um mate no horizonte.
        let plies = m.saturating_mul(2).saturating_add(1);
        sd = if sd == 0 { plies } else { sd.min(plies) };
    }
    // O relógio inteiro vem em cada `go` (o que não vem fica como estava:
    // os relógios de um `go` sem `wtime`/`btime`).
    let mut r = *relogio(m);
    r.sd = sd.min(MAX_DEPTH as u32);
    r.st_cs = g.movetime.map(|ms| (ms / MS_POR_CS).max(1)).unwrap_or(0);
    r.mps = g.movestogo.unwrap_or(0);
    r.inc_cs = inc.map(|i| cs(i).max(0) as u64).unwrap_or(0);
    if let Some(t) = tempo {
        r.tempo_cs = cs(t);
    }
    if let Some(t) = otim {
        r.otim_cs = cs(t);
    }
    // Os `movestogo` contam a partir deste lance.
    define_relogio_do_go(m, r);
    let com_relogio = tempo.is_some() || g.movetime.is_some();
    let mut lim = if com_relogio && !g.infinite {
        limites_do_lance(m)
    } else {
        TLimites {
            profundidade: relogio(m).sd,
            ..TLimites::default()
        }
    };
    // `nodes` limita por cima: o orçamento de nós do ritmo fixo (IceBR)
    // continua valendo. `nodes 0` não limita nada (0 é "sem teto" para a
    // busca): não pode apagar esse orçamento, senão um `go movetime 2
    // nodes 0` no IceBR pensava até o `stop`.
    if let Some(n) = g.nodes.filter(|&n| n > 0) {
        lim.nos = if lim.nos == 0 { n } else { lim.nos.min(n) };
    }
    lim.infinito = g.infinite;
    lim.mate = g.mate.unwrap_or(0);
    lim
}

/// `go`: pensa e responde `bestmove` (com o `ponder` previsto, se a PV o
/// tem). Todo `go` recebe exatamente um `bestmove`: o que não se entende
/// foi ignorado (`TGoUci::ignorados`), e os lances ilegais do
/// `searchmoves` também (sem nenhum legal, pesquisam-se todos). Lance do
/// livro só num `go` de partida (com relógio, sem `ponder`, `infinite`,
/// `searchmoves` nem limites de profundidade, nós ou mate).
fn go(u: &mut TUci, g: &TGoUci) {
    let m = &mut u.m;
    // O que o parser não entendeu já foi ignorado; aqui só o aviso.
    for e in &g.ignorados {
        info_string(&format!("go: {e}"));
    }
    let (excluidos, ilegais) = excluidos_por_searchmoves(tabuleiro(m), &g.searchmoves);
    if !ilegais.is_empty() {
        info_string(&format!(
            "go: illegal moves in searchmoves ignored: {}",
            ilegais.join(" ")
        ));
        if ilegais.len() == g.searchmoves.len() {
            info_string("go: no legal move in searchmoves; searching all moves");
        }
    }
    // Com MultiPV > 1 quem pergunta quer análise (o `analyse(…, multipv=3)`
    // do python-chess manda um `go movetime`), não um lance de partida.
    let analise = u.modo_analise;
    let de_partida = !analise
        && !g.ponder
        && linhas_multipv(m) == 1
        && !g.infinite
        && g.searchmoves.is_empty()
        && g.depth.is_none()
        && g.nodes.is_none()
        && g.mate.is_none();
    if de_partida {
        if let Some(l) = lance_do_livro(m) {
            info_string(&format!("book move {}", lance_para_texto(&l)));
            // O `ponder` de um lance do livro: a resposta prevista na
            // posição depois dele (a tabela ou uma busca curta).
            let previsto = preve_resposta(m, &l);
            match previsto {
                Some(p) => envia(&format!(
                    "bestmove {} ponder {}",
                    lance_para_texto(&l),
                    lance_para_texto(&p)
                )),
                None => envia(&format!("bestmove {}", lance_para_texto(&l))),
            }
            return;
        }
    }
    let lim = limites_do_go(m, g);
    // O pedido, por valor: as linhas do MultiPV, os lances fora do
    // `searchmoves` e, no `go ponder`, o lance previsto (já na posição:
    // pensa sem relógio até o `ponderhit`, então valem os limites do `go`,
    // ou o `stop`). Um lance de partida (sem ponder, sem infinite, uma
    // linha) respeita a força limitada; a análise e o ponder não.
    let pedido = TPedidoMotor {
        limites: if g.ponder {
            TLimites {
                profundidade: lim.profundidade,
                nos: lim.nos,
                ..TLimites::default()
            }
        } else {
            lim
        },
        ponder: g.ponder.then_some((LANCE_NULO, lim)),
        analise: false,
        multipv: linhas_multipv(m),
        excluidos,
        de_partida: !analise && !g.ponder && !g.infinite && linhas_multipv(m) == 1,
        objetivo: analise,
    };
    let rel = Box::new(TRelatorUci {
        fila: fila_para_busca(&u.fila),
        wdl: u.mostra_wdl,
        varreu: false,
        ultima: None,
    });
    let m = &mut u.m;
    let r = executa(m, pedido, rel);
    if u.debug {
        info_string(&format!(
            "{} threads, {} nodes",
            threads(m),
            // `r.nos` já soma as ajudantes (`busca_paralela`).
            r.nos
        ));
    }
    if !r.lance.existe() {
        // Mate, afogamento ou todos os lances fora do `searchmoves`.
        envia("bestmove (none)");
        return;
    }
    let pv = &r.pv;
    if pv.num_lances >= 2 && mesmo_lance(&pv.lances[0], &r.lance) {
        envia(&format!(
            "bestmove {} ponder {}",
            lance_para_texto(&r.lance),
            lance_para_texto(&pv.lances[1])
        ));
    } else {
        envia(&format!("bestmove {}", lance_para_texto(&r.lance)));
    }
}
