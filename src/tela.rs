//! O que o `ice jogar` mostra na tela, em funções puras: o tabuleiro com
//! peças Unicode ou em ASCII, o último lance e o xeque marcados, o material
//! capturado, os relógios, o escore, a PV em SAN, a leitura do lance do
//! jogador (SAN ou coordenadas, com a explicação de um lance ilegal ou
//! ambíguo) e o PGN da partida com os relógios (`[%clk]`).
//!
//! Nível 5: depende de `tabuleiro`, `geracao`, `lance` e `tipos`. É a
//! interface de console do ICE (o `d` do `mostraTab.c` e o laço de `ice.c`
//! que lia lances do teclado), refeita para uma pessoa e não para o xboard;
//! quem a usa é `jogar`. Sem escrita nenhuma: tudo volta como texto, para
//! que os testes o confiram sem terminal.

use crate::geracao::{gera_lista_lances, lance_para_san, san_para_lance};
use crate::lance::{TLance, TListaLances, TPv};
use crate::tabuleiro::{TBoard, TFim};
use crate::tipos::{
    casa_de, casa_do_nome, coluna, fileira, peca_da_letra, BISPO, BRANCAS, CAVALO, DAMA,
    GERA_TODOS, LETRA_PECA, LIMIAR_MATE, MATE, NEGRAS, NENHUMA, PEAO, TORRE,
};

/// Figuras Unicode das peças, brancas e pretas, pelo código da peça.
const FIGURA_BRANCA: [char; 7] = [' ', '♙', '♘', '♗', '♖', '♕', '♔'];
const FIGURA_PRETA: [char; 7] = [' ', '♟', '♞', '♝', '♜', '♛', '♚'];
/// Valor de cada peça na soma do material mostrado (a conta de quem joga,
/// não a da avaliação).
const PONTOS_PECA: [i32; 7] = [0, 1, 3, 3, 5, 9, 0];

/// A letra (ASCII) ou a figura (Unicode) de uma peça de `cor`.
pub fn simbolo_peca(peca: u8, cor: usize, ascii: bool) -> char {
    let p = peca as usize;
    match (ascii, cor == BRANCAS) {
        (true, true) => LETRA_PECA[p].to_ascii_uppercase(),
        (true, false) => LETRA_PECA[p],
        (false, true) => FIGURA_BRANCA[p],
        (false, false) => FIGURA_PRETA[p],
    }
}

/// O nome de uma cor na tela.
pub fn nome_da_cor(cor: usize) -> &'static str {
    if cor == BRANCAS {
        "White"
    } else {
        "Black"
    }
}

/// O tabuleiro, uma linha por fileira, com `baixo` (a cor) embaixo. As
/// casas do último lance ficam entre colchetes, o rei em xeque entre
/// parênteses; `lado` são os textos que vão à direita das linhas (o painel
/// dos relógios), o primeiro ao lado da fileira de cima.
pub fn diagrama(
    b: &TBoard,
    baixo: usize,
    ultimo: Option<&TLance>,
    ascii: bool,
    lado: &[String],
) -> Vec<String> {
    let colunas: Vec<usize> = if baixo == BRANCAS {
        (0..8).collect()
    } else {
        (0..8).rev().collect()
    };
    let fileiras: Vec<usize> = if baixo == BRANCAS {
        (1..=8).rev().collect()
    } else {
        (1..=8).collect()
    };
    let letras: String = colunas
        .iter()
        .map(|&c| format!(" {} ", (b'a' + c as u8) as char))
        .collect();
    let rotulo = format!("    {}", letras.trim_end());
    let xeque = if b.em_xeque() {
        Some(b.casa_rei(b.vez))
    } else {
        None
    };
    let vazia = if ascii { '.' } else { '·' };
    let mut linhas = vec![rotulo.clone()];
    for (i, &f) in fileiras.iter().enumerate() {
        let mut s = format!(" {f}  ");
        for &c in &colunas {
            let casa = casa_de(c, f);
            let p = b.casas[casa];
            let ch = if p == NENHUMA {
                vazia
            } else {
                simbolo_peca(p, b.cor_em(casa), ascii)
            };
            let marcada = ultimo
                .is_some_and(|l| l.casa_origem as usize == casa || l.casa_destino as usize == casa);
            let (abre, fecha) = if xeque == Some(casa) {
                ('(', ')')
            } else if marcada {
                ('[', ']')
            } else {
                (' ', ' ')
            };
            s.push(abre);
            s.push(ch);
            s.push(fecha);
        }
        s.push_str(&format!("  {f}"));
        if let Some(t) = lado.get(i).filter(|t| !t.is_empty()) {
            s.push_str("    ");
            s.push_str(t);
        }
        linhas.push(s);
    }
    linhas.push(rotulo);
    linhas
}

/// Quantas peças de cada tipo `cor` tem em `b`, pelo código da peça.
fn conta_pecas(b: &TBoard, cor: usize) -> [i32; 7] {
    [
        0,
        b.peoes[cor].count_ones() as i32,
        b.cavalos[cor].count_ones() as i32,
        b.bispos[cor].count_ones() as i32,
        b.torres[cor].count_ones() as i32,
        b.damas[cor].count_ones() as i32,
        b.rei[cor].count_ones() as i32,
    ]
}

/// O que cada lado capturou desde `inicial` (as peças que faltam ao
/// outro; numa partida de um FEN, as que faltam desde ele) e quem está à
/// frente no material: `Captured: White ♟♟♞  Black ♙  (White +3)`.
pub fn texto_capturado(b: &TBoard, inicial: &TBoard, ascii: bool) -> String {
    let mut partes = Vec::new();
    let mut pontos = [0i32; 2];
    for cor in [BRANCAS, NEGRAS] {
        // O que a cor capturou são as peças que faltam ao adversário.
        let outra = 1 - cor;
        let tem = conta_pecas(b, outra);
        let tinha = conta_pecas(inicial, outra);
        let mut s = String::new();
        for p in [DAMA, TORRE, BISPO, CAVALO, PEAO] {
            let faltam = (tinha[p as usize] - tem[p as usize]).max(0);
            for _ in 0..faltam {
                s.push(simbolo_peca(p, outra, ascii));
            }
        }
        let meu = conta_pecas(b, cor);
        pontos[cor] = (PEAO..=DAMA)
            .map(|p| meu[p as usize] * PONTOS_PECA[p as usize])
            .sum();
        partes.push(format!(
            "{} {}",
            nome_da_cor(cor),
            if s.is_empty() { "-".to_string() } else { s }
        ));
    }
    let saldo = pontos[BRANCAS] - pontos[NEGRAS];
    let frente = match saldo {
        0 => "material even".to_string(),
        s if s > 0 => format!("White +{s}"),
        s => format!("Black +{}", -s),
    };
    format!("Captured: {}  ({frente})", partes.join("  "))
}

/// Um relógio (ms) na tela: `m:ss`, ou `h:mm:ss` a partir de uma hora.
pub fn texto_relogio(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// Um relógio no `[%clk h:mm:ss]` do PGN (o formato que o python-chess, o
/// lichess e o ChessBase leem).
pub fn relogio_pgn(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// Um escore (cp, do ponto de vista de quem o achou) em peões, como no PGN
/// do cutechess: `+0.35`, `-1.20`, `+M3` (mate em 3), `-M2`.
pub fn texto_escore(escore: i32) -> String {
    if escore >= LIMIAR_MATE {
        format!("+M{}", (MATE - escore + 1) / 2)
    } else if escore <= -LIMIAR_MATE {
        format!("-M{}", (MATE + escore + 1) / 2)
    } else {
        let sinal = if escore < 0 { '-' } else { '+' };
        let a = escore.abs();
        format!("{sinal}{}.{:02}", a / 100, a % 100)
    }
}

/// Os nós por segundo abreviados: `850 knps`, `1.2 Mnps`.
pub fn texto_nps(nos: u64, ms: u64) -> String {
    let nps = nos.saturating_mul(1000) / ms.max(1);
    if nps >= 1_000_000 {
        format!("{:.1} Mnps", nps as f64 / 1e6)
    } else {
        format!("{} knps", nps / 1000)
    }
}

/// A PV em SAN a partir de `b` (numerada: `12. Nf3 d5 13. c4`); para no
/// primeiro lance que não for legal (uma PV da tabela pode sair de linha).
pub fn pv_em_san(b: &TBoard, pv: &TPv) -> String {
    let mut t = b.clone();
    let mut s = String::new();
    for (i, l) in pv.lances[..pv.num_lances].iter().enumerate() {
        let mut lista = TListaLances::nova();
        gera_lista_lances(&t, GERA_TODOS, &mut lista);
        let Some(legal) = lista
            .como_fatia()
            .iter()
            .find(|x| crate::lance::mesmo_lance(x, l))
            .copied()
        else {
            break;
        };
        if t.vez == BRANCAS {
            s.push_str(&format!("{}. ", t.num_lance));
        } else if i == 0 {
            s.push_str(&format!("{}... ", t.num_lance));
        }
        s.push_str(&lance_para_san(&t, &legal));
        s.push(' ');
        t.make(&legal);
    }
    s.trim_end().to_string()
}

/// Os lances legais em SAN, na ordem do gerador.
pub fn lances_san(b: &TBoard) -> Vec<(TLance, String)> {
    let mut lista = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut lista);
    lista
        .como_fatia()
        .iter()
        .map(|l| (*l, lance_para_san(b, l)))
        .collect()
}

/// Lê o lance do jogador, em SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`) ou em
/// coordenadas (`g1f3`, `e7e8q`). Um lance que não vale volta como uma
/// frase para a tela: ambíguo, com os lances que ele pode ser; ilegal, com
/// os lances legais.
pub fn le_lance(b: &TBoard, texto: &str) -> Result<TLance, String> {
    let t = texto.trim();
    if let Some(l) = san_para_lance(b, t) {
        return Ok(l);
    }
    // A letra da peça em minúscula (`nf3`): o SAN pede maiúscula, mas quem
    // digita esquece. O `b` fica de fora: seria a coluna b.
    let mut chars = t.chars();
    if let Some(c) = chars.next().filter(|c| "nrqk".contains(*c)) {
        let maiuscula = format!("{}{}", c.to_ascii_uppercase(), chars.as_str());
        if let Some(l) = san_para_lance(b, &maiuscula) {
            return Ok(l);
        }
    }
    let legais = lances_san(b);
    let mut candidatos = candidatos_san(t, &legais);
    candidatos.sort();
    if candidatos.len() > 1 {
        return Err(format!(
            "Ambiguous move: {t} (matches {})",
            candidatos.join(", ")
        ));
    }
    let todos: Vec<&str> = legais.iter().map(|(_, s)| s.as_str()).collect();
    Err(format!(
        "Illegal move: {t} (legal moves: {})",
        todos.join(" ")
    ))
}

/// Os lances legais (em SAN) que combinam com o que foi digitado: mesma
/// peça, mesmo destino e a dica de origem, se houver (`Nd2` → `Nbd2`,
/// `Nfd2`; `e8` → as quatro promoções). Serve para explicar um SAN ambíguo.
fn candidatos_san(texto: &str, legais: &[(TLance, String)]) -> Vec<String> {
    let limpo: String = texto
        .chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | 'x' | ':' | '=' | '-'))
        .collect();
    let c: Vec<char> = limpo.chars().collect();
    if c.len() < 2 || !limpo.is_ascii() {
        return Vec::new();
    }
    let (peca, corpo) = if c[0].is_ascii_uppercase() {
        (peca_da_letra(c[0]), &c[1..])
    } else {
        (PEAO, &c[..])
    };
    // A promoção, se houver, é a última letra maiúscula.
    let (promo, corpo) = match corpo.last() {
        Some(u) if u.is_ascii_uppercase() => (peca_da_letra(*u), &corpo[..corpo.len() - 1]),
        _ => (NENHUMA, corpo),
    };
    if peca == NENHUMA || corpo.len() < 2 {
        return Vec::new();
    }
    let destino: String = corpo[corpo.len() - 2..].iter().collect();
    let Some(destino) = casa_do_nome(&destino) else {
        return Vec::new();
    };
    let dica = &corpo[..corpo.len() - 2];
    legais
        .iter()
        .filter(|(l, _)| {
            let o = l.casa_origem as usize;
            l.peca == peca
                && l.casa_destino as usize == destino
                && (promo == NENHUMA || l.peca_promovida == promo)
                && !l.eh_roque()
                && dica.iter().all(|&ch| {
                    (('a'..='h').contains(&ch) && coluna(o) == (ch as u8 - b'a') as usize)
                        || (('1'..='8').contains(&ch) && fileira(o) == (ch as u8 - b'0') as usize)
                })
        })
        .map(|(_, s)| s.clone())
        .collect()
}

/// O resultado do PGN e a frase de um fim pelas regras.
pub fn texto_do_fim(f: TFim) -> (&'static str, &'static str) {
    match f {
        TFim::BrancasDaoMate => ("1-0", "White mates"),
        TFim::NegrasDaoMate => ("0-1", "Black mates"),
        TFim::Afogamento => ("1/2-1/2", "Stalemate"),
        TFim::Repeticao => ("1/2-1/2", "Draw by threefold repetition"),
        TFim::Cinquenta => ("1/2-1/2", "Draw by the fifty-move rule"),
        TFim::MaterialInsuficiente => ("1/2-1/2", "Draw by insufficient material"),
    }
}

/// Um lance da partida para o PGN: o SAN e o comentário (relógio, escore).
#[derive(Clone, Debug, Default)]
pub struct TLancePgn {
    pub san: String,
    pub comentario: String,
}

/// A data (`AAAA.MM.DD`) de um dia contado desde 1970-01-01 (o calendário
/// civil do algoritmo de Howard Hinnant, sem biblioteca de datas).
pub fn data_pgn(dias: i64) -> String {
    let z = dias + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + (m <= 2) as i64;
    format!("{y:04}.{m:02}.{d:02}")
}

/// O PGN da partida: os cabeçalhos (na ordem dada; os sete obrigatórios vêm
/// de quem chama), os lances a partir de `b_inicial` com os comentários, o
/// motivo do fim num comentário (como o cutechess: `{Black mates}`) e o
/// resultado, em linhas de até 79 caracteres.
pub fn texto_pgn(
    cabecalhos: &[(String, String)],
    b_inicial: &TBoard,
    lances: &[TLancePgn],
    motivo: Option<&str>,
    resultado: &str,
) -> String {
    let mut s = String::new();
    for (k, v) in cabecalhos {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        s.push_str(&format!("[{k} \"{v}\"]\n"));
    }
    s.push('\n');
    let mut palavras = Vec::new();
    let (mut num, mut vez) = (b_inicial.num_lance, b_inicial.vez);
    for (i, l) in lances.iter().enumerate() {
        if vez == BRANCAS {
            palavras.push(format!("{num}."));
        } else if i == 0 {
            palavras.push(format!("{num}..."));
        }
        palavras.push(l.san.clone());
        if !l.comentario.is_empty() {
            // Um `}` no comentário fecharia o comentário do PGN.
            palavras.push(format!("{{{}}}", l.comentario.replace('}', ")")));
        }
        if vez == NEGRAS {
            num += 1;
        }
        vez = 1 - vez;
    }
    if let Some(m) = motivo {
        palavras.push(format!("{{{m}}}"));
    }
    palavras.push(resultado.to_string());
    let mut linha = String::new();
    for p in palavras {
        if !linha.is_empty() && linha.len() + 1 + p.len() > 79 {
            s.push_str(&linha);
            s.push('\n');
            linha.clear();
        }
        if !linha.is_empty() {
            linha.push(' ');
        }
        linha.push_str(&p);
    }
    s.push_str(&linha);
    s.push('\n');
    s
}
