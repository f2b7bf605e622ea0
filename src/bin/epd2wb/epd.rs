//! Leitura das linhas EPD de uma suíte de testes (WAC, BK…).
//!
//! Só os opcodes que o epd2wb usa: `bm`, `am`, `id`, `hmvc` e `fmvn`; os
//! outros (`c0`, `acd`…) são lidos e descartados. Os lances de `bm`/`am` são
//! resolvidos já aqui contra a posição, para que a comparação com o lance do
//! motor seja por legalidade e não por texto (`Qxf7+` = `Qxf7` = `d5f7`).
//! Depende só da biblioteca `ice` (tabuleiro e geração).

use ice::geracao::san_para_lance;
use ice::lance::TLance;
use ice::tabuleiro::TBoard;

/// Uma posição da suíte, pronta para o teste.
#[derive(Clone)]
pub struct TPosicaoEpd {
    /// Identificador (`id`), sem aspas; `#n` quando a linha não tem.
    pub id: String,
    /// FEN completo de 6 campos: os 4 do EPD + `hmvc` (0) + `fmvn` (1).
    pub fen: String,
    /// Textos originais de `bm` e `am`, para o relatório.
    pub bm_texto: Vec<String>,
    pub am_texto: Vec<String>,
    /// Os mesmos lances, resolvidos na posição.
    pub bm: Vec<TLance>,
    pub am: Vec<TLance>,
    pub tabuleiro: TBoard,
}

/// Quebra o resto da linha EPD em operações `(opcode, operandos)`.
/// Operandos entre aspas podem conter espaços e `;`.
fn separa_operacoes(resto: &str) -> Vec<(String, Vec<String>)> {
    let mut ops = Vec::new();
    let c: Vec<char> = resto.chars().collect();
    let mut i = 0;
    let mut atual: Option<(String, Vec<String>)> = None;
    while i < c.len() {
        if c[i].is_whitespace() {
            i += 1;
            continue;
        }
        if c[i] == ';' {
            if let Some(op) = atual.take() {
                ops.push(op);
            }
            i += 1;
            continue;
        }
        // Um token: string entre aspas ou palavra até espaço/`;`.
        let mut tok = String::new();
        if c[i] == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                tok.push(c[i]);
                i += 1;
            }
            i += 1; // pula a aspa final (ou o fim da linha)
        } else {
            while i < c.len() && !c[i].is_whitespace() && c[i] != ';' {
                tok.push(c[i]);
                i += 1;
            }
        }
        match atual.as_mut() {
            None => atual = Some((tok, Vec::new())),
            Some((_, args)) => args.push(tok),
        }
    }
    if let Some(op) = atual.take() {
        ops.push(op);
    }
    ops
}

/// Linha que não é posição: vazia ou comentário.
pub fn linha_ignoravel(linha: &str) -> bool {
    let t = linha.trim();
    t.is_empty() || t.starts_with('#') || t.starts_with("//")
}

/// Lê uma linha EPD. `n` (1, 2, …) dá o id padrão. Qualquer problema
/// (FEN ruim, `bm` ilegal, nenhum `bm`/`am`) volta como `Err` com o motivo:
/// o chamador marca a posição como ERROR e segue.
pub fn le_linha_epd(linha: &str, n: usize) -> Result<TPosicaoEpd, String> {
    let campos: Vec<&str> = linha.split_whitespace().collect();
    if campos.len() < 4 {
        return Err("linha EPD com menos de 4 campos".to_string());
    }
    // O resto começa depois do 4º campo; acha a posição dele no texto original
    // para não estragar strings entre aspas.
    let mut pos = 0;
    for campo in campos.iter().take(4) {
        pos = match linha[pos..].find(campo) {
            Some(p) => pos + p + campo.len(),
            None => return Err("linha EPD malformada".to_string()),
        };
    }
    let mut resto = &linha[pos..];
    // Alguns arquivos trazem o FEN completo (6 campos) antes das operações.
    let mut hmvc = "0".to_string();
    let mut fmvn = "1".to_string();
    if campos.len() >= 6 && campos[4].parse::<u32>().is_ok() && campos[5].parse::<u32>().is_ok() {
        hmvc = campos[4].to_string();
        fmvn = campos[5].to_string();
        for campo in &campos[4..6] {
            if let Some(p) = resto.find(campo) {
                resto = &resto[p + campo.len()..];
            }
        }
    }
    // Padrões do epd2wb: sem `id` a posição é numerada, sem `hmvc`/`fmvn`
    // os contadores são 0 e 1.
    let mut id = format!("#{n}");
    let mut bm_texto = Vec::new();
    let mut am_texto = Vec::new();
    for (op, args) in separa_operacoes(resto) {
        match op.as_str() {
            "bm" => bm_texto.extend(args),
            "am" => am_texto.extend(args),
            "id" if !args.is_empty() => id = args.join(" "),
            "hmvc" if args.first().is_some_and(|a| a.parse::<u32>().is_ok()) => {
                hmvc = args[0].clone()
            }
            "fmvn" if args.first().is_some_and(|a| a.parse::<u32>().is_ok()) => {
                fmvn = args[0].clone()
            }
            _ => {}
        }
    }
    // ICE: o epd2wb aceita fmvn 0, mas um FEN com lance 0 confunde motores.
    if fmvn == "0" {
        fmvn = "1".to_string();
    }
    let fen = format!(
        "{} {} {} {} {hmvc} {fmvn}",
        campos[0], campos[1], campos[2], campos[3]
    );
    let tabuleiro = TBoard::de_fen(&fen).map_err(|e| format!("FEN inválido: {e}"))?;
    if bm_texto.is_empty() && am_texto.is_empty() {
        return Err(format!("{id}: sem bm nem am"));
    }
    // Resolver os lances aqui pega erros da suíte (um `bm` ilegal) antes de
    // gastar o tempo do motor, e deixa a comparação por legalidade.
    let resolve = |textos: &[String]| -> Result<Vec<TLance>, String> {
        textos
            .iter()
            .map(|t| {
                san_para_lance(&tabuleiro, t)
                    .ok_or_else(|| format!("{id}: lance ilegal ou ambíguo na solução: {t}"))
            })
            .collect()
    };
    let bm = resolve(&bm_texto)?;
    let am = resolve(&am_texto)?;
    Ok(TPosicaoEpd {
        id,
        fen,
        bm_texto,
        am_texto,
        bm,
        am,
        tabuleiro,
    })
}

#[cfg(test)]
mod testes {
    use super::*;
    use ice::lance::lance_para_texto;

    #[test]
    fn le_wac_001() {
        let p = le_linha_epd(
            r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#,
            1,
        )
        .unwrap();
        assert_eq!(p.id, "WAC.001");
        assert_eq!(
            p.fen,
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1"
        );
        assert_eq!(p.bm.len(), 1);
        assert_eq!(lance_para_texto(&p.bm[0]), "g3g6");
    }

    #[test]
    fn varios_bm_contadores_e_aspas() {
        let l = r#"r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - bm Nb5 Nxc6; id "a;b c"; hmvc 3; fmvn 7; c0 "x; y";"#;
        let p = le_linha_epd(l, 4).unwrap();
        assert_eq!(p.id, "a;b c");
        assert_eq!(p.bm.len(), 2);
        assert!(p.fen.ends_with(" 3 7"));
    }

    #[test]
    fn fen_de_seis_campos_e_am() {
        let p = le_linha_epd("4k3/8/8/8/8/8/4P3/4K3 w - - 5 40 am Kd1; id \"x\";", 1).unwrap();
        assert!(p.fen.ends_with(" 5 40"));
        assert!(p.bm.is_empty());
        assert_eq!(lance_para_texto(&p.am[0]), "e1d1");
    }

    #[test]
    fn linhas_ruins_dao_erro_sem_panico() {
        assert!(le_linha_epd("", 1).is_err());
        assert!(le_linha_epd("lixo", 1).is_err());
        assert!(le_linha_epd("8/8/8/8/8/8/8/8 w - - bm e4;", 1).is_err());
        assert!(le_linha_epd("4k3/8/8/8/8/8/4P3/4K3 w - - bm Qh5;", 1).is_err());
        assert!(le_linha_epd("4k3/8/8/8/8/8/4P3/4K3 w - - id \"sem solução\";", 1).is_err());
        assert!(le_linha_epd("4k3/8/8/8/8/8/4P3/4K3 w - - bm e4; id \"ção", 1).is_ok());
    }
}
