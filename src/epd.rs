//! Leitura de suítes EPD (WAC, BK…): o FEN de 4 campos seguido de operações
//! `opcode operandos;` — `bm` (melhores lances), `am` (lances a evitar), `id`,
//! `hmvc`/`fmvn` (contadores do FEN) e quaisquer outras (`c0`, `acd`…).
//!
//! É o EPD como o epd2wb de Bruce Moreland o lê: o artigo do ICE mediu o
//! motor com o epd2wb nas suítes WAC e BK (Tabela 2), e o ICE-rs se mede do
//! mesmo jeito. Um leitor só serve aos dois usos: `ice epd` (a suíte dentro
//! do processo, `bench`) e o executor `epd2wb` (`src/bin/epd2wb.rs`), que
//! fala com qualquer motor pelo protocolo. Os lances de `bm`/`am` são
//! resolvidos já na leitura, para que a comparação com o lance do motor seja
//! por legalidade e não por texto (`Qxf7+` = `Qxf7` = `d5f7`). O mesmo
//! leitor, sem exigir a solução, lê as aberturas do `ice datagen`.
//!
//! Nível 5: depende de `tabuleiro` (FEN) e `geracao` (SAN → lance).

use crate::geracao::san_para_lance;
use crate::lance::{mesmo_lance, TLance};
use crate::tabuleiro::TBoard;

/// Uma posição da suíte, pronta para o teste.
#[derive(Clone)]
pub struct TPosicaoEpd {
    /// Número da posição na suíte (1, 2, …; linhas ignoráveis não contam).
    pub num: usize,
    /// Identificador (`id`), sem aspas; `#num` quando a linha não tem.
    pub id: String,
    /// FEN completo de 6 campos: os 4 do EPD + `hmvc` (0) + `fmvn` (1).
    pub fen: String,
    /// A posição do FEN, já montada.
    pub tabuleiro: TBoard,
    /// Melhores lances (`bm`), resolvidos na posição.
    pub bm: Vec<TLance>,
    /// Lances a evitar (`am`), resolvidos na posição.
    pub am: Vec<TLance>,
    /// Textos originais de `bm` e `am` (separados por espaço), para relatórios.
    pub bm_texto: String,
    pub am_texto: String,
    /// Todas as operações da linha, na ordem, inclusive as que não usamos:
    /// `(opcode, operandos)`, operandos sem aspas.
    pub operacoes: Vec<(String, Vec<String>)>,
}

/// Quebra o resto da linha EPD em operações `(opcode, operandos)`.
/// Operandos entre aspas podem conter espaços e `;` (`id "a;b c"`).
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
        // O primeiro token de cada operação é o opcode; os outros, operandos.
        match atual.as_mut() {
            None => atual = Some((tok, Vec::new())),
            Some((_, args)) => args.push(tok),
        }
    }
    // A última operação pode vir sem o `;` final.
    if let Some(op) = atual.take() {
        ops.push(op);
    }
    ops
}

/// Linha que não é posição: vazia ou comentário (`#` ou `//`, como o
/// epd2wb aceita).
pub fn linha_ignoravel(linha: &str) -> bool {
    let t = linha.trim();
    t.is_empty() || t.starts_with('#') || t.starts_with("//")
}

/// Lê uma linha EPD; `num` (1, 2, …) é o número da posição e dá o id padrão.
/// Qualquer problema (FEN ruim, `bm` ilegal, nenhum `bm`/`am`, linha vazia)
/// volta como `Err` com o motivo: o chamador marca a posição como erro e
/// segue (o epd2wb a conta como ERROR; `ice epd` a mostra e pula).
pub fn le_linha_epd(linha: &str, num: usize) -> Result<TPosicaoEpd, String> {
    le_linha(linha, num, true)
}

/// A leitura de uma linha; `exige_solucao` separa a suíte (sem `bm`/`am`
/// não há o que conferir) de um arquivo de aberturas (só o FEN importa).
fn le_linha(linha: &str, num: usize, exige_solucao: bool) -> Result<TPosicaoEpd, String> {
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
    let mut id = format!("#{num}");
    let mut bm_texto = Vec::new();
    let mut am_texto = Vec::new();
    let operacoes = separa_operacoes(resto);
    for (op, args) in &operacoes {
        match op.as_str() {
            "bm" => bm_texto.extend(args.iter().cloned()),
            "am" => am_texto.extend(args.iter().cloned()),
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
    // Sem `bm` nem `am` qualquer lance "resolveria" a posição: é erro da suíte.
    if exige_solucao && bm_texto.is_empty() && am_texto.is_empty() {
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
        num,
        id,
        fen,
        tabuleiro,
        bm,
        am,
        bm_texto: bm_texto.join(" "),
        am_texto: am_texto.join(" "),
        operacoes,
    })
}

/// Lê um arquivo EPD inteiro: as posições boas e, para as ruins, o erro com
/// o número da linha no arquivo. As posições são numeradas como no epd2wb
/// (só as linhas que não são ignoráveis contam), para que os ids padrão
/// `#n` de `ice epd` e do epd2wb coincidam.
pub fn le_arquivo_epd(texto: &str) -> (Vec<TPosicaoEpd>, Vec<String>) {
    le_arquivo(texto, true)
}

/// Lê um arquivo de aberturas (o UHO do `datagen`): a mesma leitura, mas
/// uma linha sem `bm`/`am` é uma posição boa — um arquivo de aberturas não
/// traz solução, e exigi-la recusava o arquivo inteiro na linha 1.
pub fn le_arquivo_aberturas(texto: &str) -> (Vec<TPosicaoEpd>, Vec<String>) {
    le_arquivo(texto, false)
}

fn le_arquivo(texto: &str, exige_solucao: bool) -> (Vec<TPosicaoEpd>, Vec<String>) {
    let mut ok = Vec::new();
    let mut erros = Vec::new();
    let mut num = 0;
    for (i, linha) in texto.lines().enumerate() {
        if linha_ignoravel(linha) {
            continue;
        }
        num += 1;
        match le_linha(linha, num, exige_solucao) {
            Ok(p) => ok.push(p),
            Err(e) => erros.push(format!("linha {}: {e}", i + 1)),
        }
    }
    (ok, erros)
}

/// O lance resolve a posição? Com `bm`: é um deles. Só com `am`: não é
/// nenhum dos evitados (regra do epd2wb: `am` só vale sem `bm`).
pub fn lance_correto(p: &TPosicaoEpd, l: &TLance) -> bool {
    if !p.bm.is_empty() {
        p.bm.iter().any(|m| mesmo_lance(m, l))
    } else {
        !p.am.iter().any(|m| mesmo_lance(m, l))
    }
}

#[cfg(test)]
mod testes {
    use super::*;
    use crate::lance::lance_para_texto;

    const WAC1: &str =
        r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#;

    #[test]
    fn le_wac_001() {
        let p = le_linha_epd(WAC1, 1).unwrap();
        assert_eq!(p.id, "WAC.001");
        assert_eq!(
            p.fen,
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1"
        );
        assert_eq!(p.bm.len(), 1);
        assert_eq!(lance_para_texto(&p.bm[0]), "g3g6");
        assert_eq!(p.bm_texto, "Qg6");
        assert_eq!(p.num, 1);
    }

    #[test]
    fn varios_bm_contadores_e_aspas() {
        let l = r#"r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - bm Nb5 Nxc6; id "a;b c"; hmvc 3; fmvn 7; c0 "x; y";"#;
        let p = le_linha_epd(l, 4).unwrap();
        assert_eq!(p.id, "a;b c");
        assert_eq!(p.bm.len(), 2);
        assert_eq!(p.bm_texto, "Nb5 Nxc6");
        assert!(p.fen.ends_with(" 3 7"));
        // As operações desconhecidas ficam guardadas, sem aspas.
        assert_eq!(
            p.operacoes.last(),
            Some(&("c0".to_string(), vec!["x; y".to_string()]))
        );
        assert_eq!(p.operacoes.len(), 5);
    }

    #[test]
    fn fen_de_seis_campos_e_am() {
        let p = le_linha_epd("4k3/8/8/8/8/8/4P3/4K3 w - - 5 40 am Kd1; id \"x\";", 1).unwrap();
        assert!(p.fen.ends_with(" 5 40"));
        assert!(p.bm.is_empty());
        assert_eq!(lance_para_texto(&p.am[0]), "e1d1");
    }

    #[test]
    fn sem_id_a_posicao_e_numerada() {
        let p = le_linha_epd("4k3/8/8/8/8/8/4P3/4K3 w - - bm e4", 7).unwrap();
        assert_eq!(p.id, "#7");
        // fmvn 0 vira 1: um FEN com lance 0 confunde motores.
        let p = le_linha_epd("4k3/8/8/8/8/8/4P3/4K3 w - - bm e4; fmvn 0;", 1).unwrap();
        assert!(p.fen.ends_with(" 0 1"));
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

    #[test]
    fn arquivo_pula_comentarios_e_conta_linhas() {
        let texto =
            format!("# suíte\n\n{WAC1}\n// outra\nlixo\n4k3/8/8/8/8/8/4P3/4K3 w - - bm e4\n");
        let (ok, erros) = le_arquivo_epd(&texto);
        assert_eq!(ok.len(), 2);
        assert_eq!(erros.len(), 1);
        assert!(erros[0].starts_with("linha 5:"), "{}", erros[0]);
        // A numeração só conta as posições: `lixo` é a 2ª, a última é a 3ª.
        assert_eq!((ok[0].num, ok[1].num), (1, 3));
        assert_eq!(ok[1].id, "#3");
    }

    #[test]
    fn am_so_sem_bm() {
        let fen = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -";
        let p = le_linha_epd(&format!("{fen} am Qg6;"), 1).unwrap();
        let outro = san_para_lance(&p.tabuleiro, "Nxd5").unwrap();
        assert!(lance_correto(&p, &outro));
        assert!(!lance_correto(&p, &p.am[0]));
        // Com `bm` presente, o `am` não conta: só o `bm` resolve.
        let p = le_linha_epd(&format!("{fen} bm Qg6; am Nxd5;"), 1).unwrap();
        let qg6 = san_para_lance(&p.tabuleiro, "Qg6").unwrap();
        assert!(lance_correto(&p, &qg6));
        let rook = san_para_lance(&p.tabuleiro, "Rf2").unwrap();
        assert!(!lance_correto(&p, &rook));
    }
}
