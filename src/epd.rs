//! Leitura de linhas EPD (`FEN de 4 campos` + operações `bm`, `am`, `id`…).
//!
//! Nível 5: depende de `tabuleiro` e `geracao`. Serve ao `ice epd` (suíte
//! dentro do processo) e aos testes; o executor estilo epd2wb, que fala com o
//! motor pelo protocolo, é outro programa (`src/bin/epd2wb.rs`).

use crate::geracao::san_para_lance;
use crate::lance::TLance;
use crate::tabuleiro::TBoard;

/// Uma posição de suíte.
pub struct TPosicaoEpd {
    pub id: String,
    /// FEN completo (6 campos), montado com `hmvc`/`fmvn` ou 0 e 1.
    pub fen: String,
    /// Melhores lances (`bm`), já reconhecidos na posição.
    pub bm: Vec<TLance>,
    /// Lances a evitar (`am`).
    pub am: Vec<TLance>,
    /// Texto original de bm/am, para relatórios.
    pub bm_texto: String,
    pub am_texto: String,
}

/// Lê uma linha EPD. Linhas vazias e comentários (`#`) dão `Ok(None)`.
pub fn le_linha_epd(linha: &str) -> Result<Option<TPosicaoEpd>, String> {
    let linha = linha.trim();
    if linha.is_empty() || linha.starts_with('#') {
        return Ok(None);
    }
    let campos: Vec<&str> = linha.splitn(5, ' ').collect();
    if campos.len() < 4 {
        return Err(format!("EPD com menos de 4 campos: {linha}"));
    }
    let resto = if campos.len() == 5 { campos[4] } else { "" };
    let mut id = String::new();
    let (mut bm_texto, mut am_texto) = (String::new(), String::new());
    let (mut hmvc, mut fmvn) = ("0".to_string(), "1".to_string());
    for op in resto.split(';') {
        let op = op.trim();
        let (nome, valor) = match op.split_once(' ') {
            Some((n, v)) => (n, v.trim().trim_matches('"')),
            None => continue,
        };
        match nome {
            "bm" => bm_texto = valor.to_string(),
            "am" => am_texto = valor.to_string(),
            "id" => id = valor.to_string(),
            "hmvc" => hmvc = valor.to_string(),
            "fmvn" => fmvn = valor.to_string(),
            _ => {}
        }
    }
    let fen = format!(
        "{} {} {} {} {} {}",
        campos[0], campos[1], campos[2], campos[3], hmvc, fmvn
    );
    let b = TBoard::de_fen(&fen)?;
    let le = |texto: &str| -> Result<Vec<TLance>, String> {
        texto
            .split_whitespace()
            .map(|s| san_para_lance(&b, s).ok_or_else(|| format!("lance '{s}' inválido em {fen}")))
            .collect()
    };
    let bm = le(&bm_texto)?;
    let am = le(&am_texto)?;
    Ok(Some(TPosicaoEpd {
        id,
        fen,
        bm,
        am,
        bm_texto,
        am_texto,
    }))
}

/// Lê um arquivo EPD inteiro; linhas ruins vêm como erro com o número da linha.
pub fn le_arquivo_epd(texto: &str) -> (Vec<TPosicaoEpd>, Vec<String>) {
    let mut ok = Vec::new();
    let mut erros = Vec::new();
    for (i, linha) in texto.lines().enumerate() {
        match le_linha_epd(linha) {
            Ok(Some(p)) => ok.push(p),
            Ok(None) => {}
            Err(e) => erros.push(format!("linha {}: {e}", i + 1)),
        }
    }
    (ok, erros)
}

/// O lance resolve a posição? (está em `bm`, ou não está em `am` quando só há `am`)
pub fn lance_correto(p: &TPosicaoEpd, l: &TLance) -> bool {
    use crate::lance::mesmo_lance;
    if !p.bm.is_empty() {
        p.bm.iter().any(|m| mesmo_lance(m, l))
    } else {
        !p.am.iter().any(|m| mesmo_lance(m, l))
    }
}
