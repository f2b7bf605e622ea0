//! Entrada do protocolo xboard: a thread leitora da entrada padrão, o parser
//! `nom` dos comandos (`interpreta_comando` → `Comando`), a escrita de uma
//! linha na saída padrão e o que a busca faz com as linhas que chegam
//! enquanto ela pensa, pondera ou analisa (`verifica_entrada`).
//!
//! Nível 1: depende de `tipos` e `lance`. O parser mora aqui, e não em
//! `xboard` (nível 8), porque a busca (nível 6) precisa classificar cada linha
//! sem conhecer o protocolo: `?` manda jogar já, `.` pede `stat01:`, `ping`
//! durante o ponder é respondido na hora, `force` cancela o lance… `xboard`
//! reexporta `Comando` e `interpreta_comando`.
//!
//! ICE: o `ice.c` lia a entrada com `fgets` entre as buscas e, durante a
//! busca, só olhava se havia algo (`bioskey`). RUST: uma thread lê linhas
//! inteiras e as manda por um canal; a busca consulta o canal sem bloquear.

use crate::comandos_uci::{interpreta_uci, ComandoUci};
use crate::lance::{lance_para_texto, lance_para_texto_xboard_marcado, TLance};
use crate::tempo::MAX_RELOGIO_CS;
use log::debug;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_till, take_till1, take_while_m_n};
use nom::character::complete::{char, digit0, digit1, one_of, space0, space1};
use nom::combinator::{all_consuming, opt, recognize, rest};
use nom::sequence::{pair, preceded, tuple};
use nom::IResult;
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{channel, Receiver};
use std::time::Instant;

/// Maior linha aceita (bytes). O excesso é descartado: uma linha gigante não
/// pode esgotar a memória, e nenhum comando legítimo chega perto disso.
pub const MAX_LINHA: usize = 4 * 1024 * 1024;
/// Quanto de uma linha ruim é ecoado em `Error (…): <linha>`.
const MAX_ECO: usize = 256;

// ---------------------------------------------------------------------------
// Comandos
// ---------------------------------------------------------------------------

/// Um comando da interface, já com os argumentos convertidos. Os lances
/// ficam como texto: a legalidade depende da posição, que só o protocolo tem.
#[derive(Clone, Debug, PartialEq)]
pub enum Comando {
    /// Linha vazia (ou só espaços): ignorada.
    Vazia,
    Xboard,
    Protover(u32),
    Aceito(String),
    Rejeitado(String),
    Novo,
    Variante(String),
    Sair,
    Aleatorio,
    Force,
    Go,
    PlayOther,
    /// `white` (protocolo 1): brancas na vez, motor de pretas.
    Brancas,
    /// `black` (protocolo 1): pretas na vez, motor de brancas.
    Negras,
    /// `level MPS BASE INC`, já em centésimos.
    Level {
        mps: u32,
        base_cs: u64,
        inc_cs: u64,
    },
    /// `st T`, em centésimos (no mínimo 1).
    St(u64),
    Sd(u32),
    Time(i64),
    Otim(i64),
    /// `usermove MOVE`.
    UserMove(String),
    /// Um lance "cru" em coordenadas (protocolo 1).
    Lance(String),
    /// `?`: jogue já.
    Interroga,
    /// `ping N`: o texto de N, devolvido tal e qual.
    Ping(String),
    /// `draw`: o oponente oferece empate.
    Empate,
    Resultado {
        resultado: String,
        comentario: String,
    },
    SetBoard(String),
    Edit,
    Hint,
    Bk,
    Undo,
    Remove,
    Hard,
    Easy,
    Post,
    NoPost,
    Analyze,
    Exit,
    /// `.`: situação da análise (`stat01:`).
    Ponto,
    Nome(String),
    Rating(i32, i32),
    /// `ics HOST`; `ics -` = partida local.
    Ics(String),
    Computador,
    Memoria(u64),
    Cores(u32),
    EgtPath(String),
    /// `option NOME[=VALOR]`.
    Opcao {
        nome: String,
        valor: Option<String>,
    },
    /// `nps N`: tempo medido em nós (N nós = 1 s); 0 desliga.
    Nps(u64),
    /// `exclude LANCE|all` e `include LANCE|all` (análise): o texto.
    Exclui(String),
    Inclui(String),
    /// `setscore ESCORE PROFUNDIDADE`.
    SetScore(i32, u32),
    /// Depuração do ICE: `d`/`diagrama`, `eval`, `gen`.
    Diagrama,
    Eval,
    Gen,
    /// Comando do protocolo que este motor não anunciou (`nps`, `pause`…).
    NaoSuportado,
    /// Comando conhecido com argumento ruim: `Error (<tipo>): <linha>`.
    Erro(&'static str),
    Desconhecido,
}

// Tipos de erro ecoados na linha `Error (…)`.
const ERRO_FALTA: &str = "missing argument";
const ERRO_ARGUMENTO: &str = "bad argument";
const ERRO_SOBRA: &str = "too many arguments";

/// Tira o fim de linha (`\n`, `\r\n` do WinBoard) e os espaços das pontas.
pub fn limpa_linha(linha: &str) -> &str {
    linha.trim_matches(|c: char| c == '\r' || c == '\n' || c == ' ' || c == '\t')
}

/// Primeira palavra (até espaço ou tab).
fn palavra(i: &str) -> IResult<&str, &str> {
    preceded(space0, take_till1(|c| c == ' ' || c == '\t'))(i)
}

/// Inteiro sem sinal (qualquer tamanho de dígitos; a conversão vem depois).
fn inteiro(i: &str) -> IResult<&str, &str> {
    preceded(space0, digit1)(i)
}

/// Inteiro com sinal opcional.
fn inteiro_sinal(i: &str) -> IResult<&str, &str> {
    preceded(space0, recognize(pair(opt(one_of("+-")), digit1)))(i)
}

/// Número decimal sem expoente: `12`, `0.5`, `3.`, `.5`.
fn decimal(i: &str) -> IResult<&str, &str> {
    preceded(
        space0,
        alt((
            recognize(tuple((digit1, opt(pair(char('.'), digit0))))),
            recognize(pair(char('.'), digit1)),
        )),
    )(i)
}

/// O tempo-base do `level`: `MIN`, `MIN.frac` ou `MIN:SEG`, seguido de
/// qualquer lixo até o espaço (a especificação manda ignorá-lo: um dia
/// virá `25+5`). Devolve segundos.
fn base_level(i: &str) -> IResult<&str, f64> {
    let (i, min) = decimal(i)?;
    let (i, seg) = opt(preceded(char(':'), digit1))(i)?;
    let (i, _lixo) = take_till(|c| c == ' ' || c == '\t')(i)?;
    let m: f64 = min.parse().unwrap_or(f64::INFINITY);
    let s: f64 = seg
        .map(|s| s.parse().unwrap_or(f64::INFINITY))
        .unwrap_or(0.0);
    Ok((i, m * 60.0 + s))
}

/// Só espaços até o fim?
fn fim(i: &str) -> bool {
    i.trim().is_empty()
}

/// Segundos (f64) → centésimos, recusando absurdos (mais de um ano).
fn segundos_para_cs(s: f64) -> Option<u64> {
    if !s.is_finite() || !(0.0..=(MAX_RELOGIO_CS / 100) as f64).contains(&s) {
        return None;
    }
    Some((s * 100.0).round() as u64)
}

/// Um argumento numérico exato, sem sobras: `Ok(valor)` ou o tipo de erro.
fn um_argumento<T: std::str::FromStr>(
    args: &str,
    p: fn(&str) -> IResult<&str, &str>,
) -> Result<T, &'static str> {
    if fim(args) {
        return Err(ERRO_FALTA);
    }
    match p(args) {
        Ok((sobra, txt)) if fim(sobra) => txt.parse::<T>().map_err(|_| ERRO_ARGUMENTO),
        Ok(_) => {
            // Número seguido de mais coisa: na mesma palavra é argumento
            // ruim (`sd 3x`), em outra palavra é argumento demais (`sd 3 4`).
            let p1: IResult<&str, (&str, &str)> = pair(p, space1)(args);
            if p1.is_ok() {
                Err(ERRO_SOBRA)
            } else {
                Err(ERRO_ARGUMENTO)
            }
        }
        Err(_) => Err(ERRO_ARGUMENTO),
    }
}

/// Dois argumentos numéricos, `p1` e `p2`, sem sobras (`rating`,
/// `setscore`): `Ok((a, b))` ou o tipo de erro. Faltando um dos dois é
/// argumento que falta; sobra depois do segundo é argumento demais.
fn dois_argumentos<A: std::str::FromStr, B: std::str::FromStr>(
    args: &str,
    p1: fn(&str) -> IResult<&str, &str>,
    p2: fn(&str) -> IResult<&str, &str>,
) -> Result<(A, B), &'static str> {
    let r: IResult<&str, (&str, &str)> = pair(p1, p2)(args);
    match r {
        Ok((sobra, (a, b))) if fim(sobra) => match (a.parse::<A>(), b.parse::<B>()) {
            (Ok(a), Ok(b)) => Ok((a, b)),
            _ => Err(ERRO_ARGUMENTO),
        },
        Ok(_) => Err(ERRO_SOBRA),
        Err(_) if args.split_whitespace().count() < 2 => Err(ERRO_FALTA),
        Err(_) => Err(ERRO_ARGUMENTO),
    }
}

/// O argumento do `time`/`otim` (centésimos, negativo se o lado já estourou):
/// mais de um ano para um lado ou para o outro é engano de quem mandou, e
/// vira `Error` sem mudar o relógio (o mesmo teto do `level` e do `st`).
fn relogio(args: &str) -> Result<i64, &'static str> {
    let t = um_argumento::<i64>(args, inteiro_sinal)?;
    if t.unsigned_abs() > MAX_RELOGIO_CS {
        return Err(ERRO_ARGUMENTO);
    }
    Ok(t)
}

/// `level MPS BASE INC`.
fn interpreta_level(args: &str) -> Comando {
    let r: IResult<&str, (&str, f64, &str)> = tuple((inteiro, base_level, decimal))(args);
    match r {
        Ok((sobra, (mps, base_s, inc))) => {
            if !fim(sobra) {
                return Comando::Erro(ERRO_SOBRA);
            }
            let mps = match mps.parse::<u32>() {
                Ok(m) if m <= 10_000 => m,
                _ => return Comando::Erro(ERRO_ARGUMENTO),
            };
            let inc_s: f64 = inc.parse().unwrap_or(f64::INFINITY);
            match (segundos_para_cs(base_s), segundos_para_cs(inc_s)) {
                (Some(base_cs), Some(inc_cs)) => Comando::Level {
                    mps,
                    base_cs,
                    inc_cs,
                },
                _ => Comando::Erro(ERRO_ARGUMENTO),
            }
        }
        Err(_) => {
            // Faltou algum dos três ou algum não é número.
            let n = args.split_whitespace().count();
            if n < 3 {
                Comando::Erro(ERRO_FALTA)
            } else {
                Comando::Erro(ERRO_ARGUMENTO)
            }
        }
    }
}

/// `st T` (segundos, talvez fracionários).
fn interpreta_st(args: &str) -> Comando {
    match um_argumento::<f64>(args, decimal) {
        Ok(s) => match segundos_para_cs(s) {
            // `st 0` e `st 0.001` viram o mínimo (1 cs): zero seria "sem st".
            Some(cs) => Comando::St(cs.max(1)),
            None => Comando::Erro(ERRO_ARGUMENTO),
        },
        Err(e) => Comando::Erro(e),
    }
}

/// `result RES {COMENTÁRIO}`.
fn interpreta_result(args: &str) -> Comando {
    let r: IResult<&str, &str> = preceded(
        space0,
        alt((tag("1-0"), tag("0-1"), tag("1/2-1/2"), tag("*"))),
    )(args);
    match r {
        Ok((sobra, res)) => {
            let sobra = sobra.trim();
            let comentario = if sobra.is_empty() {
                String::new()
            } else if sobra.starts_with('{') && sobra.ends_with('}') {
                sobra[1..sobra.len() - 1].to_string()
            } else {
                return Comando::Erro(ERRO_ARGUMENTO);
            };
            Comando::Resultado {
                resultado: res.to_string(),
                comentario,
            }
        }
        Err(_) if fim(args) => Comando::Erro(ERRO_FALTA),
        Err(_) => Comando::Erro(ERRO_ARGUMENTO),
    }
}

/// `option NOME[=VALOR]`.
fn interpreta_option(args: &str) -> Comando {
    let args = args.trim();
    if args.is_empty() {
        return Comando::Erro(ERRO_FALTA);
    }
    let (nome, valor) = match args.split_once('=') {
        Some((n, v)) => (n.trim(), Some(v.trim().to_string())),
        None => (args, None),
    };
    if nome.is_empty() {
        return Comando::Erro(ERRO_ARGUMENTO);
    }
    Comando::Opcao {
        nome: nome.to_string(),
        valor,
    }
}

/// `exclude`/`include`: um lance ou `all`, uma palavra só.
fn um_lance_ou_all(args: &str, f: fn(String) -> Comando) -> Comando {
    let mut it = args.split_whitespace();
    match (it.next(), it.next()) {
        (None, _) => Comando::Erro(ERRO_FALTA),
        (Some(_), Some(_)) => Comando::Erro(ERRO_SOBRA),
        (Some(m), None) => f(m.to_string()),
    }
}

/// A linha inteira tem a forma de um lance em coordenadas (`e2e4`, `e7e8q`)?
/// Só a forma: a legalidade é com o protocolo.
fn parece_lance(s: &str) -> bool {
    let r: IResult<&str, &str> = all_consuming(recognize(tuple((
        one_of("abcdefgh"),
        one_of("12345678"),
        one_of("abcdefgh"),
        one_of("12345678"),
        opt(take_while_m_n(1, 1, |c: char| c.is_ascii_alphabetic())),
    ))))(s);
    // O roque do XBoard no Chess960 (`O-O`) também chega cru.
    r.is_ok() || matches!(s, "@@@@" | "O-O" | "O-O-O" | "0-0" | "0-0-0")
}

/// Comando sem argumentos: sobra vira erro.
fn sem_argumentos(args: &str, c: Comando) -> Comando {
    if fim(args) {
        c
    } else {
        Comando::Erro(ERRO_SOBRA)
    }
}

/// Texto obrigatório (resto da linha).
fn texto(args: &str, f: fn(String) -> Comando) -> Comando {
    let r: IResult<&str, &str> = preceded(space0, rest)(args);
    match r {
        Ok((_, t)) if !t.trim().is_empty() => f(t.trim().to_string()),
        _ => Comando::Erro(ERRO_FALTA),
    }
}

/// Interpreta uma linha da interface. Nunca falha: o que não se entende vira
/// `Desconhecido` ou `Erro(tipo)`. A palavra-chave é comparada inteira
/// (`stop` não é `st`, `analyzex` não é `analyze`), e a linha pode vir com
/// `\r\n`.
pub fn interpreta_comando(linha: &str) -> Comando {
    let l = limpa_linha(linha);
    if l.is_empty() {
        return Comando::Vazia;
    }
    let (args, chave) = match palavra(l) {
        Ok(r) => r,
        Err(_) => return Comando::Desconhecido,
    };
    match chave {
        "xboard" => sem_argumentos(args, Comando::Xboard),
        "protover" => {
            // Nunca recusar uma versão maior: satura em vez de falhar.
            match um_argumento::<String>(args, inteiro) {
                Ok(t) => Comando::Protover(t.parse::<u32>().unwrap_or(u32::MAX)),
                Err(e) => Comando::Erro(e),
            }
        }
        "accepted" => Comando::Aceito(args.trim().to_string()),
        "rejected" => Comando::Rejeitado(args.trim().to_string()),
        "new" => sem_argumentos(args, Comando::Novo),
        "variant" => texto(args, Comando::Variante),
        "quit" => Comando::Sair,
        "random" => sem_argumentos(args, Comando::Aleatorio),
        "force" => sem_argumentos(args, Comando::Force),
        "go" => sem_argumentos(args, Comando::Go),
        "playother" => sem_argumentos(args, Comando::PlayOther),
        "white" => sem_argumentos(args, Comando::Brancas),
        "black" => sem_argumentos(args, Comando::Negras),
        "level" => interpreta_level(args),
        "st" => interpreta_st(args),
        "sd" => match um_argumento::<u32>(args, inteiro) {
            Ok(d) => Comando::Sd(d),
            Err(e) => Comando::Erro(e),
        },
        "time" => match relogio(args) {
            Ok(t) => Comando::Time(t),
            Err(e) => Comando::Erro(e),
        },
        "otim" => match relogio(args) {
            Ok(t) => Comando::Otim(t),
            Err(e) => Comando::Erro(e),
        },
        "usermove" => texto(args, Comando::UserMove),
        "?" => sem_argumentos(args, Comando::Interroga),
        "ping" => match um_argumento::<String>(args, inteiro_sinal) {
            Ok(n) => Comando::Ping(n),
            Err(e) => Comando::Erro(e),
        },
        "draw" => sem_argumentos(args, Comando::Empate),
        "result" => interpreta_result(args),
        "setboard" => texto(args, Comando::SetBoard),
        "edit" => sem_argumentos(args, Comando::Edit),
        "hint" => sem_argumentos(args, Comando::Hint),
        "bk" => sem_argumentos(args, Comando::Bk),
        "undo" => sem_argumentos(args, Comando::Undo),
        "remove" => sem_argumentos(args, Comando::Remove),
        "hard" => sem_argumentos(args, Comando::Hard),
        "easy" => sem_argumentos(args, Comando::Easy),
        "post" => sem_argumentos(args, Comando::Post),
        "nopost" => sem_argumentos(args, Comando::NoPost),
        "analyze" => sem_argumentos(args, Comando::Analyze),
        "exit" => sem_argumentos(args, Comando::Exit),
        "." => sem_argumentos(args, Comando::Ponto),
        "name" => texto(args, Comando::Nome),
        // `rating MEU OPONENTE`.
        "rating" => match dois_argumentos(args, inteiro_sinal, inteiro_sinal) {
            Ok((meu, oponente)) => Comando::Rating(meu, oponente),
            Err(e) => Comando::Erro(e),
        },
        "ics" => texto(args, Comando::Ics),
        "computer" => sem_argumentos(args, Comando::Computador),
        "memory" => match um_argumento::<u64>(args, inteiro) {
            Ok(n) => Comando::Memoria(n),
            Err(e) => Comando::Erro(e),
        },
        "cores" => match um_argumento::<u32>(args, inteiro) {
            Ok(n) => Comando::Cores(n),
            Err(e) => Comando::Erro(e),
        },
        "egtpath" => texto(args, Comando::EgtPath),
        "option" => interpreta_option(args),
        "nps" => match um_argumento::<u64>(args, inteiro) {
            Ok(n) => Comando::Nps(n),
            Err(e) => Comando::Erro(e),
        },
        "exclude" => um_lance_ou_all(args, Comando::Exclui),
        "include" => um_lance_ou_all(args, Comando::Inclui),
        // `setscore ESCORE PROFUNDIDADE` (escore em centipeões, do lado a jogar).
        "setscore" => match dois_argumentos(args, inteiro_sinal, inteiro) {
            Ok((escore, prof)) => Comando::SetScore(escore, prof),
            Err(e) => Comando::Erro(e),
        },
        "d" | "diagrama" => sem_argumentos(args, Comando::Diagrama),
        "eval" => sem_argumentos(args, Comando::Eval),
        "gen" => sem_argumentos(args, Comando::Gen),
        // Do protocolo, mas não anunciados nas features deste motor.
        "pause" | "resume" | "lift" | "put" | "hover" | "partner" | "ptell" | "holding" => {
            Comando::NaoSuportado
        }
        _ if fim(args) && parece_lance(chave) => Comando::Lance(chave.to_string()),
        _ => Comando::Desconhecido,
    }
}

/// O texto do lance de `usermove X` ou de um lance cru; `None` se não é lance.
pub fn texto_do_lance(c: &Comando) -> Option<&str> {
    match c {
        Comando::UserMove(m) | Comando::Lance(m) => Some(m),
        _ => None,
    }
}

/// A linha para ecoar em `Error (…): <linha>`: sem caracteres de controle
/// (uma linha de lixo não pode quebrar a saída em duas) e no máximo
/// `MAX_ECO` caracteres.
pub fn eco_seguro(linha: &str) -> String {
    limpa_linha(linha)
        .chars()
        .take(MAX_ECO)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

// ---------------------------------------------------------------------------
// Saída e thread leitora
// ---------------------------------------------------------------------------

/// Escreve uma linha completa na saída padrão e esvazia o buffer. A saída
/// pertence ao protocolo: tudo o que o motor diz passa por aqui (menos as
/// linhas de pensamento, que a busca escreve do mesmo jeito). Com
/// `RUST_LOG=debug` a linha também vai para o registro em stderr.
pub fn envia(linha: &str) {
    debug!(">> {linha}");
    let mut out = io::stdout().lock();
    // Interface fechada (EPIPE): não há a quem avisar; o EOF da entrada
    // encerra o motor logo depois.
    let _ = writeln!(out, "{linha}");
    let _ = out.flush();
}

/// Texto na saída dos comandos de linha de comando (`ice bench`, `busca`,
/// `epd`, `perft`, `texel`…), que não falam o protocolo. Se quem lê fechou o
/// pipe (`ice busca … | grep -q g3g6`), termina quieto e com sucesso, como
/// um programa de Unix que o SIGPIPE encerra, em vez do pânico do
/// `println!` (o Rust ignora o SIGPIPE, e a escrita volta com EPIPE).
pub fn imprime(texto: &str) {
    let mut out = io::stdout().lock();
    if out
        .write_all(texto.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        std::process::exit(0);
    }
}

/// O `println!` da linha de comando: ver `imprime`.
#[macro_export]
macro_rules! linha {
    ($($arg:tt)*) => {
        $crate::entrada::imprime(&format!("{}\n", format_args!($($arg)*)))
    };
}

/// Lê uma linha de até `MAX_LINHA` bytes (o resto é descartado). `false` no
/// fim da entrada sem nada lido.
fn le_linha_limitada(r: &mut impl BufRead, buf: &mut Vec<u8>) -> bool {
    buf.clear();
    let mut leu_algo = false;
    loop {
        let disponivel = match r.fill_buf() {
            Ok(d) => d,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return leu_algo,
        };
        if disponivel.is_empty() {
            return leu_algo;
        }
        leu_algo = true;
        let (pedaco, achou_fim) = match disponivel.iter().position(|&c| c == b'\n') {
            Some(p) => (&disponivel[..p], Some(p + 1)),
            None => (disponivel, None),
        };
        let cabe = MAX_LINHA.saturating_sub(buf.len()).min(pedaco.len());
        buf.extend_from_slice(&pedaco[..cabe]);
        let consumido = achou_fim.unwrap_or(disponivel.len());
        r.consume(consumido);
        if achou_fim.is_some() {
            return true;
        }
    }
}

/// Cria a thread que lê a entrada padrão e manda cada linha (sem `\r\n`)
/// pelo canal. No fim da entrada manda `quit`: a interface sumiu.
pub fn inicia_leitora() -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let stdin = io::stdin();
        let mut r = stdin.lock();
        let mut buf = Vec::new();
        while le_linha_limitada(&mut r, &mut buf) {
            let linha = String::from_utf8_lossy(&buf);
            let linha = linha.trim_end_matches(['\r', '\n']).to_string();
            debug!("<< {linha}");
            if tx.send(linha).is_err() {
                return;
            }
        }
        debug!("<< (fim da entrada)");
        let _ = tx.send("quit".to_string());
    });
    rx
}

// ---------------------------------------------------------------------------
// A entrada vista pela busca
// ---------------------------------------------------------------------------

/// O que a busca deve fazer depois de olhar a entrada.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TReacao {
    /// Nada mudou: continue.
    Continua,
    /// Pare já e devolva o melhor lance (ou, no ponder/análise, nada).
    Para,
    /// O oponente jogou o lance esperado no ponder: a busca continua, agora
    /// com o relógio correndo (`limites_ponderhit`).
    PonderHit,
}

/// O que a busca conta de si quando a entrada pergunta (`.` → `stat01:`).
#[derive(Clone, Copy, Debug, Default)]
pub struct TInfoBusca {
    pub ms: u64,
    pub nos: u64,
    pub profundidade: u32,
    pub lances_restantes: u32,
    pub lances_total: u32,
    pub lance_atual: TLance,
    /// Pensando no tempo do oponente?
    pub ponderando: bool,
    /// Em modo de análise?
    pub analisando: bool,
    /// O lance esperado do oponente durante o ponder.
    pub lance_ponder: TLance,
}

/// A entrada vista pela busca: o canal da thread leitora e as linhas que
/// chegaram durante a busca e ficam para o laço do protocolo, em ordem.
#[derive(Default)]
pub struct TEntrada {
    pub rx: Option<Receiver<String>>,
    pub pendentes: VecDeque<String>,
    /// Alguma linha da fila pediu que a busca parasse e que o lance dela
    /// fosse descartado (`force`, `new`, um lance…). Daí em diante tudo vai
    /// para a fila, na ordem. O protocolo zera antes de cada busca.
    pub cancelou: bool,
    /// Quando o ponder acertou (para descontar do relógio só o tempo depois
    /// do acerto).
    pub instante_hit: Option<Instant>,
    /// Quantas linhas da fila são comandos que cancelam um lance
    /// (`cancela_lance`): o protocolo pergunta isso antes de cada busca, e
    /// varrer uma fila de milhares de linhas a cada vez seria quadrático.
    pub canceladores: usize,
    /// A interface fala UCI: as linhas que chegam durante a busca são
    /// classificadas por `efeito_uci`, não pelo parser do xboard.
    pub uci: bool,
}

/// Põe uma linha no fim da fila, contando os canceladores.
pub fn enfileira(e: &mut TEntrada, linha: String, c: &Comando) {
    if cancela_lance(c) {
        e.canceladores += 1;
    }
    e.pendentes.push_back(linha);
}

/// Tira a primeira linha da fila (com o comando já interpretado).
pub fn desenfileira(e: &mut TEntrada) -> Option<(String, Comando)> {
    let linha = e.pendentes.pop_front()?;
    let c = interpreta_comando(&linha);
    if cancela_lance(&c) {
        e.canceladores = e.canceladores.saturating_sub(1);
    }
    Some((linha, c))
}

/// Como uma linha que chega durante a busca é tratada.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Efeito {
    /// Respondida aqui mesmo (ou ignorada): não vai para a fila.
    Feito,
    /// Vai para a fila; a busca continua.
    Fila,
    /// Vai para a fila e cancela a busca (o lance dela não vale).
    Cancela,
    /// `?`: pare e jogue o melhor lance até aqui.
    JogaJa,
    /// O lance esperado do ponder chegou.
    Acerto,
}

/// Comandos que só mudam o que vale depois (relógio, informações, opções de
/// saída): nunca interrompem o motor pensando no próprio lance nem o ponder.
fn so_informativo(c: &Comando) -> bool {
    matches!(
        c,
        Comando::Vazia
            | Comando::Hard
            | Comando::Time(_)
            | Comando::Otim(_)
            | Comando::Post
            | Comando::NoPost
            | Comando::Nome(_)
            | Comando::Rating(..)
            | Comando::Computador
            | Comando::Aceito(_)
            | Comando::Rejeitado(_)
            | Comando::Aleatorio
            | Comando::Ics(_)
            | Comando::Empate
            | Comando::Bk
            | Comando::Ping(_)
            | Comando::Hint
    )
}

/// Com o motor pensando no próprio lance, este comando invalida o lance?
/// (`force`, `new`, `quit`, `result`, desfazer, outra posição, um lance…)
/// O resto (relógio, `level`, `memory`, `option`, comandos desconhecidos…)
/// espera o lance: a especificação prefere que o motor não jogue antes da
/// hora só porque chegou um comando.
pub fn cancela_lance(c: &Comando) -> bool {
    matches!(
        c,
        Comando::Novo
            | Comando::Sair
            | Comando::Force
            | Comando::Resultado { .. }
            | Comando::Undo
            | Comando::Remove
            | Comando::SetBoard(_)
            | Comando::Edit
            | Comando::UserMove(_)
            | Comando::Lance(_)
            | Comando::Analyze
            | Comando::Brancas
            | Comando::Negras
            | Comando::PlayOther
            | Comando::Variante(_)
    )
}

/// Decide o efeito de uma linha durante a busca (ver `verifica_entrada`).
fn efeito(c: &Comando, info: &TInfoBusca, linha: &str) -> Efeito {
    if info.analisando {
        // Na análise nada fica esperando: a busca não termina sozinha, então
        // qualquer coisa que precise do laço do protocolo para a busca, que
        // recomeça depois (com a posição ou as opções novas).
        return match c {
            Comando::Ponto => {
                let lance = if info.lance_atual.existe() {
                    format!(" {}", lance_para_texto_xboard_marcado(&info.lance_atual))
                } else {
                    String::new()
                };
                envia(&format!(
                    "stat01: {} {} {} {} {}{}",
                    info.ms / 10,
                    info.nos,
                    info.profundidade,
                    info.lances_restantes,
                    info.lances_total,
                    lance
                ));
                Efeito::Feito
            }
            Comando::Ping(n) => {
                envia(&format!("pong {n}"));
                Efeito::Feito
            }
            Comando::Interroga | Comando::Vazia => Efeito::Feito,
            _ => Efeito::Cancela,
        };
    }
    if info.ponderando {
        return match c {
            Comando::Interroga | Comando::Ponto | Comando::Vazia => Efeito::Feito,
            Comando::Ping(n) => {
                // "Pondering does not count": responde já e continua.
                envia(&format!("pong {n}"));
                Efeito::Feito
            }
            Comando::Hint => {
                envia(&format!(
                    "Hint: {}",
                    lance_para_texto_xboard_marcado(&info.lance_ponder)
                ));
                Efeito::Feito
            }
            _ => {
                if let Some(m) = texto_do_lance(c) {
                    // O roque do 960 chega `O-O` (ou `0-0`) ou "rei toma a torre".
                    let xb = lance_para_texto_xboard_marcado(&info.lance_ponder);
                    if m.to_ascii_lowercase() == lance_para_texto(&info.lance_ponder)
                        || m.replace('0', "O") == xb
                    {
                        return Efeito::Acerto;
                    }
                }
                if so_informativo(c) {
                    Efeito::Fila
                } else {
                    // `easy`, um lance diferente, `force`, `new`…: o ponder
                    // acaba e o laço decide (ele recomeça se ainda couber).
                    debug!("ponder interrompido por: {linha}");
                    Efeito::Cancela
                }
            }
        };
    }
    // Pensando no próprio lance.
    match c {
        Comando::Interroga => Efeito::JogaJa,
        Comando::Ponto => Efeito::Feito,
        _ if cancela_lance(c) => Efeito::Cancela,
        _ => Efeito::Fila,
    }
}

/// Olha (sem bloquear) o que chegou e decide o que a busca faz. As linhas
/// que não se resolvem aqui vão para `pendentes`, na ordem em que chegaram,
/// e o laço do protocolo as processa quando a busca volta.
pub fn verifica_entrada(e: &mut TEntrada, info: &TInfoBusca) -> TReacao {
    let mut reacao = TReacao::Continua;
    while let Some(Ok(linha)) = e.rx.as_ref().map(|rx| rx.try_recv()) {
        if e.uci {
            match efeito_uci(e, info, linha) {
                TReacao::Continua => continue,
                TReacao::PonderHit => return TReacao::PonderHit,
                TReacao::Para => {
                    reacao = TReacao::Para;
                    continue;
                }
            }
        }
        let c = interpreta_comando(&linha);
        if e.cancelou {
            // Já se pediu para parar: o resto espera na fila, em ordem.
            enfileira(e, linha, &c);
            reacao = TReacao::Para;
            continue;
        }
        // No ponder, `ping` e `hint` respondem na hora mesmo com informativos
        // (`time`, `otim`…) na fila: eles não mudam nada visível antes do
        // lance do oponente. Com algo que cancela na fila (`cancelou`), tudo
        // espera em ordem (acima).
        let ef = efeito(&c, info, &linha);
        match ef {
            Efeito::Feito => {}
            Efeito::Fila => enfileira(e, linha, &c),
            Efeito::Cancela => {
                enfileira(e, linha, &c);
                e.cancelou = true;
                reacao = TReacao::Para;
            }
            Efeito::JogaJa => {
                if reacao == TReacao::Continua {
                    reacao = TReacao::Para;
                }
            }
            Efeito::Acerto => {
                e.instante_hit = Some(Instant::now());
                // O resto da entrada fica para a próxima consulta, que já
                // verá a busca fora do ponder.
                return TReacao::PonderHit;
            }
        }
    }
    reacao
}

/// Uma linha UCI durante a busca. `isready` responde na hora (a
/// especificação: mesmo pensando); `stop` para e o laço manda o
/// `bestmove` (também no ponder: o UCI sempre quer o `bestmove`);
/// `ponderhit` transforma o ponder em busca com relógio; `quit` para e vai
/// para a fila; o resto (que a interface não deveria mandar durante a
/// busca) espera a busca acabar, na ordem.
fn efeito_uci(e: &mut TEntrada, info: &TInfoBusca, linha: String) -> TReacao {
    match interpreta_uci(&linha) {
        ComandoUci::IsReady => {
            envia("readyok");
            TReacao::Continua
        }
        ComandoUci::Vazia | ComandoUci::Debug(_) => TReacao::Continua,
        ComandoUci::Stop => TReacao::Para,
        ComandoUci::PonderHit if info.ponderando => {
            e.instante_hit = Some(Instant::now());
            TReacao::PonderHit
        }
        ComandoUci::PonderHit => TReacao::Continua,
        ComandoUci::Quit => {
            e.pendentes.push_back(linha);
            e.cancelou = true;
            TReacao::Para
        }
        _ => {
            e.pendentes.push_back(linha);
            TReacao::Continua
        }
    }
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn palavras_inteiras() {
        assert_eq!(interpreta_comando("stop"), Comando::Desconhecido);
        assert_eq!(interpreta_comando("analyzex"), Comando::Desconhecido);
        assert_eq!(interpreta_comando("st 2"), Comando::St(200));
        assert_eq!(interpreta_comando("ping 7\r\n"), Comando::Ping("7".into()));
    }

    #[test]
    fn level_todas_as_formas() {
        let l = |mps, base_cs, inc_cs| Comando::Level {
            mps,
            base_cs,
            inc_cs,
        };
        assert_eq!(interpreta_comando("level 40 5 0"), l(40, 30000, 0));
        assert_eq!(interpreta_comando("level 40 0:30 0"), l(40, 3000, 0));
        assert_eq!(interpreta_comando("level 0 2 12"), l(0, 12000, 1200));
        assert_eq!(interpreta_comando("level 0 1 0.5"), l(0, 6000, 50));
        assert_eq!(interpreta_comando("level 0 4:57 3.0"), l(0, 29700, 300));
        assert_eq!(interpreta_comando("level 40 25+5 0"), l(40, 150000, 0));
    }

    #[test]
    fn rating_e_setscore() {
        assert_eq!(
            interpreta_comando("rating 2100 -5"),
            Comando::Rating(2100, -5)
        );
        assert_eq!(
            interpreta_comando("setscore -35 7"),
            Comando::SetScore(-35, 7)
        );
        for (linha, erro) in [
            ("rating 2100", ERRO_FALTA),
            ("rating", ERRO_FALTA),
            ("rating 2100 x", ERRO_ARGUMENTO),
            ("rating 2100 1900 3", ERRO_SOBRA),
            ("rating 2100 1900x", ERRO_SOBRA),
            ("rating 99999999999 0", ERRO_ARGUMENTO),
            ("setscore 10 -1", ERRO_ARGUMENTO),
            ("setscore 10", ERRO_FALTA),
            ("setscore 10 2 3", ERRO_SOBRA),
        ] {
            assert_eq!(interpreta_comando(linha), Comando::Erro(erro), "{linha}");
        }
    }

    #[test]
    fn lance_cru() {
        assert_eq!(interpreta_comando("e2e4"), Comando::Lance("e2e4".into()));
        assert_eq!(interpreta_comando("e7e8q"), Comando::Lance("e7e8q".into()));
        assert_eq!(interpreta_comando("e2e9"), Comando::Desconhecido);
    }
}
