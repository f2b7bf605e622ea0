//! Leitura de partidas em PGN: para cada partida, as etiquetas que usamos
//! (`FEN`, `Result`) e os lances em SAN, na ordem, sem o resto do texto.
//!
//! Serve a quem aprende com partidas: `ice livro` (livro de aberturas a
//! partir dos primeiros lances, em `livro`) e o afinador de Texel
//! (`src/bin/texel.rs`, posições e resultado). Os lances ficam em texto: cada
//! um os joga no tabuleiro do seu jeito (`geracao::san_para_lance`) e decide
//! o que fazer com um lance ilegal.
//!
//! Nível 5, com os outros formatos de arquivo (`epd`, `livro`), mas é só
//! texto: não usa nenhum módulo do motor.

/// Uma partida lida.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TPartidaPgn {
    /// Valor da etiqueta `FEN` (a partida começa de uma posição própria).
    pub fen: Option<String>,
    /// Valor da etiqueta `Result` (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub resultado: Option<String>,
    /// Lances em SAN como vieram (`e4`, `Nxf7+`, `O-O`, `exd6!?`), sem
    /// números de lance, NAGs, comentários nem variantes.
    pub lances: Vec<String>,
}

/// Estado de uma partida em leitura.
struct TEstadoPgn {
    p: TPartidaPgn,
    /// Já houve etiqueta ou ficha de lances nesta partida?
    tem_algo: bool,
}

/// Encerra a partida atual: guarda-a (se tinha algo) e recomeça.
fn fecha_partida(l: &mut TEstadoPgn, partidas: &mut Vec<TPartidaPgn>) {
    if l.tem_algo {
        partidas.push(std::mem::take(&mut l.p));
    }
    l.tem_algo = false;
}

/// Tira o número de lance grudado ou não (`12.`, `12...`, `12.e4` → `e4`).
/// `0-0` é roque escrito com zeros, não número: o número sempre tem ponto.
fn tira_numero_lance(ficha: &str) -> &str {
    let resto = ficha.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    let prefixo = &ficha[..ficha.len() - resto.len()];
    if !resto.is_empty() && !prefixo.contains('.') {
        ficha
    } else {
        resto
    }
}

/// Lê as partidas de um texto PGN. Pula a linha de escape (`%` na coluna
/// 1), comentários `{…}` (não aninham, como manda o PGN) e `;…`, variantes
/// `(…)` (essas aninham), NAGs `$n`, números de lance e anotações soltas
/// (`!?`). Uma partida acaba no marcador de resultado ou na etiqueta que
/// vem depois dos seus lances; partidas sem etiqueta nem lance não entram.
/// Texto malformado nunca trava nem entra em pânico: o que não se entende é
/// pulado.
pub fn le_partidas_pgn(texto: &str) -> Vec<TPartidaPgn> {
    let mut partidas = Vec::new();
    let mut l = TEstadoPgn {
        p: TPartidaPgn::default(),
        tem_algo: false,
    };
    let mut em_lances = false; // já passou das etiquetas desta partida?
    let mut profundidade_var = 0usize; // dentro de quantos parênteses
    let cs: Vec<char> = texto.chars().collect();
    let mut i = 0;
    let mut inicio_linha = true;
    while i < cs.len() {
        let c = cs[i];
        // Linha de escape (`%` na coluna 1) e etiquetas `[Nome "valor"]`.
        if inicio_linha && c == '%' {
            while i < cs.len() && cs[i] != '\n' {
                i += 1;
            }
            continue;
        }
        inicio_linha = c == '\n';
        if c == '[' && profundidade_var == 0 {
            // Etiqueta depois de lances: começou a partida seguinte.
            if em_lances {
                fecha_partida(&mut l, &mut partidas);
                em_lances = false;
            }
            let fim = (i..cs.len())
                .find(|&j| cs[j] == ']' || cs[j] == '\n')
                .unwrap_or(cs.len());
            let etiqueta: String = cs[i + 1..fim].iter().collect();
            let nome = etiqueta.split_whitespace().next().unwrap_or("");
            let valor = etiqueta.split('"').nth(1).unwrap_or("").to_string();
            match nome {
                "FEN" => l.p.fen = Some(valor),
                "Result" => l.p.resultado = Some(valor),
                _ => {}
            }
            l.tem_algo = true;
            i = fim + 1;
            continue;
        }
        match c {
            '{' => {
                i = (i..cs.len())
                    .find(|&j| cs[j] == '}')
                    .map_or(cs.len(), |j| j + 1);
                continue;
            }
            ';' => {
                i = (i..cs.len()).find(|&j| cs[j] == '\n').unwrap_or(cs.len());
                continue;
            }
            '(' => {
                profundidade_var += 1;
                i += 1;
                continue;
            }
            '}' => {
                i += 1; // fecha-chaves solto: PGN malformado, ignora
                continue;
            }
            ')' => {
                profundidade_var = profundidade_var.saturating_sub(1);
                i += 1;
                continue;
            }
            _ if c.is_whitespace() => {
                i += 1;
                continue;
            }
            _ => {}
        }
        // Uma ficha: até o próximo espaço ou delimitador. O primeiro caractere
        // sempre entra, para que um delimitador solto (`}` ou `[` dentro de
        // variante) não trave o laço.
        let fim = (i + 1..cs.len())
            .find(|&j| cs[j].is_whitespace() || "{}();[".contains(cs[j]))
            .unwrap_or(cs.len());
        let ficha: String = cs[i..fim].iter().collect();
        i = fim;
        if profundidade_var > 0 {
            continue;
        }
        em_lances = true;
        if matches!(ficha.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
            fecha_partida(&mut l, &mut partidas);
            em_lances = false;
            continue;
        }
        let lance = tira_numero_lance(&ficha);
        if lance.is_empty()
            || lance.starts_with('$')
            || lance.chars().all(|ch| ch == '!' || ch == '?')
        {
            continue;
        }
        l.p.lances.push(lance.to_string());
        l.tem_algo = true;
    }
    fecha_partida(&mut l, &mut partidas);
    partidas
}

/// Pontos das brancas num resultado (`1-0` → 1, `1/2-1/2` → ½, `0-1` → 0);
/// `None` para `*` ou lixo (partida sem resultado).
pub fn resultado_brancas(s: &str) -> Option<f64> {
    match s {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => None,
    }
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn duas_partidas_com_etiquetas() {
        let pgn =
            "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 {bom} Nc6 $1 3. Bb5!? 1-0\n\n\
                   [FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[Result \"*\"]\n1.e4 Kd7 *\n";
        let v = le_partidas_pgn(pgn);
        assert_eq!(v.len(), 2);
        assert_eq!(v[0].resultado.as_deref(), Some("1-0"));
        assert_eq!(v[0].fen, None);
        assert_eq!(v[0].lances, ["e4", "e5", "Nf3", "Nc6", "Bb5!?"]);
        assert_eq!(v[1].fen.as_deref(), Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
        assert_eq!(v[1].lances, ["e4", "Kd7"]);
    }

    #[test]
    fn variantes_comentarios_e_escape() {
        let pgn = "% linha de escape\n1. e4 (1. d4 d5 (1... Nf6)) e5 ; resto\n2. Nf3 {a {b} Nc6 *";
        let v = le_partidas_pgn(pgn);
        // `{` não aninha: o comentário acaba no primeiro `}`.
        assert_eq!(v[0].lances, ["e4", "e5", "Nf3", "Nc6"]);
    }

    #[test]
    fn numeros_de_lance_e_roque_com_zeros() {
        assert_eq!(tira_numero_lance("12."), "");
        assert_eq!(tira_numero_lance("12..."), "");
        assert_eq!(tira_numero_lance("12...Nf6"), "Nf6");
        assert_eq!(tira_numero_lance("1.e4"), "e4");
        assert_eq!(tira_numero_lance("0-0-0"), "0-0-0");
        assert_eq!(tira_numero_lance("O-O"), "O-O");
    }

    #[test]
    fn partida_termina_na_etiqueta_seguinte_sem_resultado() {
        let v = le_partidas_pgn("1. e4 e5\n[Event \"b\"]\n1. d4");
        assert_eq!(v.len(), 2);
        assert_eq!((v[0].lances.len(), v[1].lances.len()), (2, 1));
        assert!(le_partidas_pgn("  \n\n").is_empty());
    }

    #[test]
    fn pontos_das_brancas() {
        assert_eq!(resultado_brancas("1-0"), Some(1.0));
        assert_eq!(resultado_brancas("1/2-1/2"), Some(0.5));
        assert_eq!(resultado_brancas("0-1"), Some(0.0));
        assert_eq!(resultado_brancas("*"), None);
    }
}
