//! Leitura das linhas de pensamento e as regras de pontuação do epd2wb.
//!
//! Uma linha conta como análise se os 4 primeiros campos forem inteiros
//! (`ply escore tempo nós PV`, tempo em centésimos; ply com `.`/`&` no fim
//! é o estilo GNU, tempo em segundos). O primeiro lance da PV é comparado com
//! `bm`/`am` por legalidade (`ice::epd::lance_correto`), e a regra "achar e segurar" (find-and-hold) do
//! epd2wb decide o resultado: o tempo de solução é o da primeira linha da
//! série *atual* de linhas certas; qualquer linha errada depois zera a série.

use ice::estatisticas::fator_ramificacao_ultima_iteracao;
use ice::geracao::san_para_lance;
use ice::lance::{lance_para_texto, TLance};
use ice::tabuleiro::TBoard;
use std::collections::BTreeMap;

/// Escore a partir do qual a linha é tratada como mate (9999 do ICE 1.40,
/// 31000 do ICE-rs, 100000+N do xboard, 999996 do Sjeng): com mate achado
/// os motores saltam profundidades quase sem trabalho, e a razão de nós
/// deixa de medir a ramificação.
const LIMIAR_MATE_FR: i64 = 9000;

/// Uma linha de pensamento já interpretada.
#[derive(Clone, Debug, PartialEq)]
pub struct TLinha {
    /// Profundidade (ply); -1 marca a linha final sintética de um `move`.
    pub prof: i32,
    pub escore: i64,
    /// Tempo informado pelo motor, já em milissegundos.
    pub tempo_ms: u64,
    pub nos: u64,
    /// O texto da PV, como o motor mandou.
    pub pv: String,
}

/// Interpreta uma linha de pensamento xboard (CECP.md 1.5). `None` se a
/// linha não é de análise (features, `stat01:`, desenhos do tabuleiro…).
pub fn le_linha_pensamento(linha: &str) -> Option<TLinha> {
    // Com campos extras (seldepth, nps…) a PV vem depois de um TAB.
    let (cabeca, pv_tab) = match linha.split_once('\t') {
        Some((a, b)) => (a, Some(b)),
        None => (linha, None),
    };
    let toks: Vec<&str> = cabeca.split_whitespace().collect();
    if toks.len() < 4 {
        return None;
    }
    // O ply pode vir com um sufixo de um caractere (`3.`, `3&`, `3+`).
    let ply_txt = toks[0];
    let (ply_num, sufixo) = match ply_txt.char_indices().last() {
        Some((i, c)) if !c.is_ascii_digit() => (&ply_txt[..i], Some(c)),
        _ => (ply_txt, None),
    };
    if ply_num.is_empty() || !ply_num.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let prof: i32 = ply_num.parse().ok()?;
    let escore: i64 = toks[1].parse().ok()?;
    let tempo: u64 = toks[2].parse().ok()?;
    let nos: u64 = toks[3].parse().ok()?;
    // ICE: o epd2wb lê o tempo em segundos quando o ply termina em `.` ou `&`.
    let em_segundos = matches!(sufixo, Some('.') | Some('&'));
    let tempo_ms = if em_segundos {
        tempo.saturating_mul(1000)
    } else {
        tempo.saturating_mul(10)
    };
    let pv = match pv_tab {
        Some(p) => p.trim().to_string(),
        None => toks[4..].join(" "),
    };
    Some(TLinha {
        prof,
        escore,
        tempo_ms,
        nos,
        pv,
    })
}

/// Número de lance (`12.`, `12...`, `1.e4` → `e4`): devolve o que sobra.
fn tira_numero_lance(tok: &str) -> &str {
    let sem_digitos = tok.trim_start_matches(|c: char| c.is_ascii_digit());
    if sem_digitos.len() < tok.len() && sem_digitos.starts_with('.') {
        sem_digitos.trim_start_matches('.')
    } else {
        tok
    }
}

/// O primeiro lance da PV: pula `pula` tokens, números de lance, anotações
/// entre parênteses/colchetes (`(+)` do HoiChess, `<Qf8>` do Sjeng) e
/// pontuação solta. Devolve o lance resolvido na posição (ou `None`, se o
/// token não for um lance legal) e o texto do token.
pub fn primeiro_lance(b: &TBoard, pv: &str, pula: usize) -> (Option<TLance>, String) {
    for tok in pv.split_whitespace().skip(pula) {
        let t = tira_numero_lance(tok);
        if t.is_empty()
            || t.starts_with(['(', '<', '[', '{'])
            || !t.chars().any(|c| c.is_ascii_alphanumeric())
        {
            continue;
        }
        // `exd6e.p.` (colado) e marcas de xeque/avaliação no fim.
        let limpo = t
            .trim_end_matches("e.p.")
            .trim_end_matches(['!', '?', '+', '#']);
        return (san_para_lance(b, limpo), t.to_string());
    }
    (None, String::new())
}

/// Estado da regra "achar e segurar" de uma posição.
#[derive(Clone, Debug, Default)]
pub struct TSegue {
    /// Tempo (ms, do motor) da primeira linha da série atual de acertos.
    pub achou_ms: Option<u64>,
    /// Profundidade dessa primeira linha.
    pub prof_achou: i32,
    /// A última linha lida estava certa?
    pub ultimo_correto: bool,
    /// Linhas contadas.
    pub n_linhas: usize,
}

/// Conta mais uma linha na regra "achar e segurar".
pub fn segue_linha(s: &mut TSegue, correto: bool, tempo_ms: u64, prof: i32) {
    if correto {
        if !s.ultimo_correto {
            s.achou_ms = Some(tempo_ms);
            s.prof_achou = prof;
        }
    } else {
        s.achou_ms = None;
    }
    s.ultimo_correto = correto;
    s.n_linhas += 1;
}

/// Parada antecipada (`-g`): a solução já foi segurada por `plies` plies.
pub fn segurou(s: &TSegue, prof: i32, plies: u32) -> bool {
    s.ultimo_correto && prof >= 0 && s.prof_achou >= 0 && prof - s.prof_achou >= plies as i32
}

/// Fator de ramificação da última iteração de uma posição, a definição de
/// `ice::estatisticas::fator_ramificacao_ultima_iteracao` sobre as linhas do
/// motor. Daqui de fora não se sabe quando uma iteração terminou: ela conta
/// como completa quando aparece uma linha mais funda depois dela (a mais
/// funda fica de fora), e seus nós são os da última linha com essa
/// profundidade. Posições terminadas em mate ficam de fora (ver
/// `LIMIAR_MATE_FR`).
pub fn fator_ramificacao(linhas: &[TLinha]) -> Option<f64> {
    let ultima = linhas.iter().rev().find(|l| l.prof > 0)?;
    if ultima.escore.abs() >= LIMIAR_MATE_FR {
        return None;
    }
    let mut nos_por_prof: BTreeMap<i32, u64> = BTreeMap::new();
    for l in linhas.iter().filter(|l| l.prof > 0) {
        nos_por_prof.insert(l.prof, l.nos);
    }
    let completa = *nos_por_prof.keys().next_back()? - 1;
    // Só as duas últimas completas entram na conta: uma janela delas basta,
    // sem um vetor do tamanho da profundidade que o motor disser.
    let nos = |d: i32| nos_por_prof.get(&d).copied().unwrap_or(0);
    fator_ramificacao_ultima_iteracao(&[nos(completa - 1), nos(completa)])
}

/// Texto de coordenadas de um lance (ou `-` quando não há).
pub fn texto_lance(l: Option<&TLance>) -> String {
    l.map(lance_para_texto).unwrap_or_else(|| "-".to_string())
}

#[cfg(test)]
mod testes {
    use super::*;
    use ice::epd::{lance_correto, le_linha_epd};

    const WAC1: &str = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1";

    #[test]
    fn linhas_de_varios_motores() {
        let l = le_linha_pensamento(" 6      3       50     302921 c1e3 b8c6").unwrap();
        assert_eq!((l.prof, l.escore, l.tempo_ms, l.nos), (6, 3, 500, 302921));
        assert_eq!(l.pv, "c1e3 b8c6");
        let l = le_linha_pensamento("4 -204 1 25906 (+) 1. Nh5 Nxe5").unwrap();
        assert_eq!((l.prof, l.escore, l.tempo_ms), (4, -204, 10));
        // Estilo GNU: tempo em segundos.
        let l = le_linha_pensamento("5. 33 2 1000 Nf3").unwrap();
        assert_eq!(l.tempo_ms, 2000);
        // Campos extras com TAB.
        let l = le_linha_pensamento("7 20 30 4000 12 5000\tNf3 Nc6").unwrap();
        assert_eq!(l.pv, "Nf3 Nc6");
        assert!(le_linha_pensamento("stat01: 0 4502 3 58 59 g3g6").is_none());
        assert!(le_linha_pensamento("8 | *R | *N |").is_none());
        assert!(le_linha_pensamento("pong 3").is_none());
        assert!(le_linha_pensamento("").is_none());
        assert!(le_linha_pensamento("1 2 -3 4 e4").is_none());
    }

    #[test]
    fn primeiro_lance_em_varias_notacoes() {
        let b = TBoard::de_fen(WAC1).unwrap();
        for pv in [
            "Qg6 fxg6",
            "1. Qg6",
            "(+) 1. Qg6 fxg6 2. Nxg6#",
            "Qg3-g6",
            "g3g6",
            "Qg6! <Qf8>",
            "1.Qg6",
        ] {
            let (l, _) = primeiro_lance(&b, pv, 0);
            assert_eq!(texto_lance(l.as_ref()), "g3g6", "pv {pv}");
        }
        let (l, t) = primeiro_lance(&b, "Qb8 xx", 0);
        assert!(l.is_none());
        assert_eq!(t, "Qb8");
        let (l, _) = primeiro_lance(&b, "xx Qg6", 1);
        assert_eq!(texto_lance(l.as_ref()), "g3g6");
    }

    #[test]
    fn xeque_e_captura_nao_mudam_o_lance() {
        // WAC.004: bm Qxh7+; o motor pode escrever Qxh7, Qxh7+ ou h6h7.
        let pos = le_linha_epd(
            "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - bm Qxh7+;",
            4,
        )
        .unwrap();
        let certo = |pv: &str| {
            let (l, _) = primeiro_lance(&pos.tabuleiro, pv, 0);
            l.is_some_and(|l| lance_correto(&pos, &l))
        };
        for pv in ["Qxh7+", "Qxh7", "h6h7", "Qh6xh7+"] {
            assert!(certo(pv), "{pv}");
        }
        assert!(!certo("hxg6"));
    }

    #[test]
    fn achar_e_segurar() {
        let mut s = TSegue::default();
        segue_linha(&mut s, false, 10, 1);
        segue_linha(&mut s, true, 20, 2);
        segue_linha(&mut s, true, 30, 3);
        assert_eq!(s.achou_ms, Some(20));
        assert!(segurou(&s, 3, 1) && !segurou(&s, 3, 2));
        segue_linha(&mut s, false, 40, 4);
        assert_eq!(s.achou_ms, None);
        segue_linha(&mut s, true, 50, 5);
        assert_eq!((s.achou_ms, s.prof_achou), (Some(50), 5));
    }

    #[test]
    fn fator_de_ramificacao() {
        let l = |prof, nos| TLinha {
            prof,
            escore: 0,
            tempo_ms: 0,
            nos,
            pv: String::new(),
        };
        // Profundidade 5 incompleta: conta 4 ÷ 3 (últimas linhas de cada uma).
        let v = vec![
            l(1, 10),
            l(2, 40),
            l(3, 100),
            l(3, 150),
            l(4, 600),
            l(5, 700),
        ];
        assert_eq!(fator_ramificacao(&v), Some(4.0));
        assert_eq!(fator_ramificacao(&v[..2]), None);
        assert_eq!(fator_ramificacao(&[]), None);
        assert_eq!(fator_ramificacao(&[l(1, 0), l(2, 5), l(3, 9)]), None);
        // Mate no fim: fora da média.
        let mut m = v.clone();
        m.last_mut().unwrap().escore = 100_003;
        assert_eq!(fator_ramificacao(&m), None);
    }
}
