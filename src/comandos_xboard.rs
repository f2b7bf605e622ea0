//! A gramática do protocolo xboard/WinBoard v2 (CECP): cada linha que a
//! interface manda vira um `Comando`, já com os argumentos convertidos
//! (`interpreta_comando`), pelo `nom`. Como `comandos_uci` para o UCI.
//!
//! Nível 1: depende de `tempo` (o teto do relógio). Os lances ficam como
//! texto: a legalidade depende da posição, que só o protocolo tem. O ICE
//! 1.40 comparava o começo da linha com `strncmp`, e `st` casava com `stop`;
//! aqui cada comando é uma palavra inteira.

use crate::tempo::MAX_RELOGIO_CS;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_till, take_till1, take_while_m_n};
use nom::character::complete::{char, digit0, digit1, one_of, space0, space1};
use nom::combinator::{all_consuming, opt, recognize, rest};
use nom::sequence::{pair, preceded, tuple};
use nom::IResult;

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

/// Um inteiro com sinal (`inteiro_sinal`) saturado em `0..=u64::MAX`.
fn satura_u64(n: &str) -> u64 {
    match n.parse::<i128>() {
        Ok(v) => v.clamp(0, u64::MAX as i128) as u64,
        Err(_) if n.starts_with('-') => 0,
        Err(_) => u64::MAX,
    }
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
        // Um número fora da faixa satura (a política do `motor::define_hash`,
        // a mesma do `Hash` do UCI): negativo vira 0, grande demais
        // `u64::MAX`.
        "memory" => match um_argumento::<String>(args, inteiro_sinal) {
            Ok(n) => Comando::Memoria(satura_u64(&n)),
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
