//! Os comandos do protocolo UCI: o parser `nom` de cada linha que a
//! interface manda (`interpreta_uci` → `ComandoUci`), sem nada do motor.
//!
//! Nível 1, como o parser do xboard em `comandos_xboard`: o relator do UCI
//! (`relato_uci`) classifica as linhas que chegam enquanto a busca pensa
//! (`stop`, `ponderhit`, `isready`), e o laço do UCI (`uci`, nível 10)
//! precisa do resto. O ICE só
//! falava xboard; o UCI é do ICE-rs, para as interfaces que só falam UCI
//! (ChessBase/Fritz, Shredder, Nibbler, En Croissant).
//!
//! Regras da especificação do UCI que moldam o parser: a palavra-chave e os
//! tokens são separados por qualquer quantidade de espaços e tabs; o nome e
//! o valor do `setoption` podem ter espaços; os lances vêm em coordenadas
//! (`e2e4`, `e7e8q`). Um comando malformado vira `Erro` com o motivo (em
//! inglês, como o resto do que o protocolo diz), que o laço manda como
//! `info string` sem mudar nada. O `go` nunca vira `Erro`: todo `go` tem
//! de receber um `bestmove`, então o que ele traz de ruim (token
//! desconhecido, valor ruim) é ignorado com o motivo em
//! `TGoUci::ignorados`, e o resto vale.

use nom::bytes::complete::take_till1;
use nom::character::complete::space0;
use nom::sequence::preceded;
use nom::IResult;

/// Os limites de um `go`, como vieram (tempos em ms).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TGoUci {
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    pub winc: Option<i64>,
    pub binc: Option<i64>,
    pub movestogo: Option<u32>,
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    /// Só estes lances na raiz (em coordenadas; a legalidade é do laço).
    pub searchmoves: Vec<String>,
    /// O que foi ignorado (token desconhecido, valor ruim), um motivo em
    /// inglês por item: o laço manda cada um como `info string` e obedece
    /// ao resto (a regra do UCI).
    pub ignorados: Vec<String>,
}

/// Um comando da interface UCI, já com os argumentos separados.
#[derive(Clone, Debug, PartialEq)]
pub enum ComandoUci {
    Vazia,
    Uci,
    Debug(bool),
    IsReady,
    /// `setoption name NOME [value VALOR]`.
    SetOption {
        nome: String,
        valor: Option<String>,
    },
    Register,
    UciNewGame,
    /// `position startpos|fen FEN [moves …]`; `fen` = `None` é a inicial.
    Position {
        fen: Option<String>,
        lances: Vec<String>,
    },
    Go(TGoUci),
    Stop,
    PonderHit,
    Quit,
    /// Comando conhecido com argumento ruim: o motivo.
    Erro(String),
    /// Palavra-chave que o UCI não tem (a palavra, para o `info string`).
    Desconhecido(String),
}

/// Primeira palavra (até espaço ou tab), depois de espaços.
fn palavra(i: &str) -> IResult<&str, &str> {
    preceded(space0, take_till1(|c| c == ' ' || c == '\t'))(i)
}

/// Interpreta uma linha da interface UCI. Nunca falha: o que não se entende
/// vira `Desconhecido` ou `Erro(motivo)`.
pub fn interpreta_uci(linha: &str) -> ComandoUci {
    let l = linha.trim_matches(|c: char| c.is_whitespace());
    if l.is_empty() {
        return ComandoUci::Vazia;
    }
    let Ok((args, chave)) = palavra(l) else {
        return ComandoUci::Vazia;
    };
    let tokens: Vec<&str> = args.split_whitespace().collect();
    match chave {
        "uci" => ComandoUci::Uci,
        "isready" => ComandoUci::IsReady,
        "ucinewgame" => ComandoUci::UciNewGame,
        "stop" => ComandoUci::Stop,
        "ponderhit" => ComandoUci::PonderHit,
        "quit" => ComandoUci::Quit,
        // Motor livre: não há registro a fazer, mas o comando é do UCI e
        // não merece um "unknown command".
        "register" => ComandoUci::Register,
        // `debug` sem argumento é tratado como `off`: é o estado seguro
        // (nenhuma linha a mais na saída).
        "debug" => match tokens.first() {
            Some(&"on") => ComandoUci::Debug(true),
            Some(&"off") | None => ComandoUci::Debug(false),
            Some(o) => ComandoUci::Erro(format!("debug: expected on/off, got '{o}'")),
        },
        "setoption" => interpreta_setoption(&tokens),
        "position" => interpreta_position(&tokens),
        "go" => ComandoUci::Go(interpreta_go(&tokens)),
        // Só o começo da palavra volta no `info string`: uma linha gigante
        // de lixo não vira uma resposta gigante.
        outra => ComandoUci::Desconhecido(outra.chars().take(64).collect()),
    }
}

/// `setoption name NOME [value VALOR]`: nome e valor podem ter espaços
/// ("Arquivo do livro"); o valor é tudo depois do primeiro `value`.
fn interpreta_setoption(tokens: &[&str]) -> ComandoUci {
    if tokens.first() != Some(&"name") {
        return ComandoUci::Erro("setoption: missing 'name'".to_string());
    }
    let resto = &tokens[1..];
    let (nome, valor) = match resto.iter().position(|t| *t == "value") {
        Some(p) => (resto[..p].join(" "), Some(resto[p + 1..].join(" "))),
        None => (resto.join(" "), None),
    };
    if nome.is_empty() {
        return ComandoUci::Erro("setoption: empty name".to_string());
    }
    ComandoUci::SetOption { nome, valor }
}

/// `position startpos [moves …]` ou `position fen CAMPOS… [moves …]`.
fn interpreta_position(tokens: &[&str]) -> ComandoUci {
    let (base, depois) = match tokens.iter().position(|t| *t == "moves") {
        Some(p) => (&tokens[..p], &tokens[p + 1..]),
        None => (tokens, &tokens[tokens.len()..]),
    };
    let fen = match base.first() {
        Some(&"startpos") if base.len() == 1 => None,
        Some(&"startpos") => {
            return ComandoUci::Erro("position: extra tokens after 'startpos'".to_string())
        }
        Some(&"fen") if base.len() >= 2 => Some(base[1..].join(" ")),
        Some(&"fen") => return ComandoUci::Erro("position: empty FEN".to_string()),
        _ => return ComandoUci::Erro("position: expected 'startpos' or 'fen'".to_string()),
    };
    ComandoUci::Position {
        fen,
        lances: depois.iter().map(|s| s.to_string()).collect(),
    }
}

/// As palavras-chave do `go`: um valor que falta não engole a seguinte.
const CHAVES_GO: [&str; 12] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
];

/// O número depois de um token do `go` e quantos tokens ele ocupa (o nome
/// e, se havia, o valor). Um valor ruim (não é número, negativo onde não
/// cabe, grande demais para o tipo) vira o motivo do `Err`, e os mesmos
/// tokens são pulados; um valor que falta (fim da linha ou outra
/// palavra-chave) ocupa só o nome.
fn numero<T: std::str::FromStr>(tokens: &[&str], i: usize) -> (Result<T, String>, usize) {
    let nome = tokens[i];
    match tokens.get(i + 1) {
        Some(t) if CHAVES_GO.contains(t) => (Err(format!("missing value for {nome}")), 1),
        Some(t) => (
            t.parse::<T>()
                .map_err(|_| format!("bad value for {nome}: '{t}'")),
            2,
        ),
        None => (Err(format!("missing value for {nome}")), 1),
    }
}

/// Guarda o número em `campo`, ou o motivo em `ignorados`; devolve quantos
/// tokens andar.
fn guarda<T: std::str::FromStr>(
    campo: &mut Option<T>,
    ignorados: &mut Vec<String>,
    tokens: &[&str],
    i: usize,
) -> usize {
    let (r, anda) = numero(tokens, i);
    match r {
        Ok(v) => *campo = Some(v),
        Err(e) => ignorados.push(format!("{e}; ignored")),
    }
    anda
}

/// Os tokens do `go`. Nunca recusa o comando: a especificação do UCI manda
/// ignorar o que não se entende e obedecer ao resto, e todo `go` tem de
/// receber um `bestmove`. Um token desconhecido ou um valor ruim vai para
/// `ignorados` (com o motivo) e o resto vale.
fn interpreta_go(tokens: &[&str]) -> TGoUci {
    let mut g = TGoUci::default();
    let mut ig = Vec::new();
    // Um laço de tokens, não um `nom` por token: a ordem dos limites é
    // livre e cada um é uma palavra e, talvez, um número.
    let mut i = 0;
    while i < tokens.len() {
        let t = tokens[i];
        i += match t {
            "wtime" => guarda(&mut g.wtime, &mut ig, tokens, i),
            "btime" => guarda(&mut g.btime, &mut ig, tokens, i),
            "winc" => guarda(&mut g.winc, &mut ig, tokens, i),
            "binc" => guarda(&mut g.binc, &mut ig, tokens, i),
            "movestogo" => guarda(&mut g.movestogo, &mut ig, tokens, i),
            "movetime" => guarda(&mut g.movetime, &mut ig, tokens, i),
            "depth" => guarda(&mut g.depth, &mut ig, tokens, i),
            "nodes" => guarda(&mut g.nodes, &mut ig, tokens, i),
            "mate" => guarda(&mut g.mate, &mut ig, tokens, i),
            "infinite" => {
                g.infinite = true;
                1
            }
            "ponder" => {
                g.ponder = true;
                1
            }
            "searchmoves" => {
                // Os lances vão até o próximo token que não tem forma de lance.
                let mut j = i + 1;
                while j < tokens.len() && parece_lance_uci(tokens[j]) {
                    g.searchmoves.push(tokens[j].to_string());
                    j += 1;
                }
                if j == i + 1 {
                    ig.push("searchmoves without moves; ignored".to_string());
                }
                j - i
            }
            outro => {
                // Só o começo do token volta no `info string`.
                let curto: String = outro.chars().take(64).collect();
                ig.push(format!("unknown token '{curto}'; ignored"));
                1
            }
        };
    }
    g.ignorados = ig;
    g
}

/// Tem a forma de um lance em coordenadas (`e2e4`, `e7e8q`)? `0000` é o
/// lance nulo do UCI, que nunca é legal aqui mas é um lance na sintaxe.
pub fn parece_lance_uci(s: &str) -> bool {
    let b = s.as_bytes();
    let casa = |c: u8, l: u8| (b'a'..=b'h').contains(&c) && (b'1'..=b'8').contains(&l);
    s == "0000"
        || ((b.len() == 4 || b.len() == 5)
            && casa(b[0], b[1])
            && casa(b[2], b[3])
            && (b.len() == 4 || b"qrbnQRBN".contains(&b[4])))
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn position_e_go() {
        assert_eq!(
            interpreta_uci("position startpos moves e2e4 e7e5"),
            ComandoUci::Position {
                fen: None,
                lances: vec!["e2e4".into(), "e7e5".into()]
            }
        );
        let g = match interpreta_uci("go wtime 1000 btime 900 winc 10 binc 10 movestogo 5") {
            ComandoUci::Go(g) => g,
            c => panic!("{c:?}"),
        };
        assert_eq!(
            (g.wtime, g.btime, g.movestogo),
            (Some(1000), Some(900), Some(5))
        );
        let g = match interpreta_uci("go searchmoves e2e4 d2d4 infinite") {
            ComandoUci::Go(g) => g,
            c => panic!("{c:?}"),
        };
        assert_eq!(g.searchmoves, vec!["e2e4", "d2d4"]);
        assert!(g.infinite);
        assert!(g.ignorados.is_empty());
        // O que não se entende é ignorado (com o motivo), o resto vale.
        let g = match interpreta_uci("go depth x movetime 200 foo nodes -1 wtime") {
            ComandoUci::Go(g) => g,
            c => panic!("{c:?}"),
        };
        assert_eq!(
            (g.depth, g.movetime, g.nodes, g.wtime),
            (None, Some(200), None, None)
        );
        assert_eq!(
            g.ignorados,
            vec![
                "bad value for depth: 'x'; ignored",
                "unknown token 'foo'; ignored",
                "bad value for nodes: '-1'; ignored",
                "missing value for wtime; ignored",
            ]
        );
        let g = match interpreta_uci("go depth infinite searchmoves") {
            ComandoUci::Go(g) => g,
            c => panic!("{c:?}"),
        };
        assert!(g.infinite && g.depth.is_none() && g.searchmoves.is_empty());
        assert_eq!(g.ignorados.len(), 2);
        assert!(matches!(interpreta_uci("position"), ComandoUci::Erro(_)));
    }

    #[test]
    fn setoption_com_espacos() {
        assert_eq!(
            interpreta_uci("setoption name Arquivo do livro value /tmp/a b.bin"),
            ComandoUci::SetOption {
                nome: "Arquivo do livro".into(),
                valor: Some("/tmp/a b.bin".into())
            }
        );
        assert_eq!(
            interpreta_uci("setoption name Clear Hash"),
            ComandoUci::SetOption {
                nome: "Clear Hash".into(),
                valor: None
            }
        );
    }
}
