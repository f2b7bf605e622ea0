//! Livro de aberturas: o formato de texto do ICE, os livros Polyglot `.bin` e
//! a construção de livros a partir de partidas em PGN.
//!
//! Nível 5: usa `tabuleiro` (a chave Polyglot da posição), `geracao` (só
//! lances legais saem do livro), `lance` e `pgn` (as partidas de `ice
//! livro`). Porta o livro do ICE 1.78 (artigo, seção 4.7): uma linha de
//! texto por variante, lances em coordenadas, comentários com `#` e um
//! percentual que pesa a escolha.
//!
//! RUST: o ICE procurava a partida atual entre as linhas, na ordem em que
//! foram escritas, e por isso não reconhecia transposições (os autores o
//! lamentam no artigo). Aqui cada lance de cada linha entra numa tabela
//! indexada pela chave Zobrist da posição *antes* do lance — a mesma chave do
//! Polyglot —, de modo que qualquer ordem de lances que chegue à posição
//! encontra os lances dela. A tabela é a do próprio Polyglot: um vetor de
//! entradas (chave, lance, peso, aprendizado) ordenado pela chave, com busca
//! binária. Assim, ler e gravar `.bin` é só copiar bytes.
//!
//! O formato de texto está descrito em `book/LEIAME.md`.

use crate::entrada::{le_arquivo_limitado, MAX_ARQUIVO_LIVRO, MAX_ARQUIVO_PGN};
use crate::geracao::{acha_lance, acha_lance_casas, san_para_lance};
use crate::lance::{lance_para_texto, texto_para_casas, TLance};
use crate::pgn::le_partidas_pgn;
use crate::tabuleiro::TBoard;
use crate::tipos::{BISPO, CAVALO, DAMA, NENHUMA, TORRE};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::{HashMap, HashSet};

/// O livro padrão, embutido no executável: `cargo run` funciona de qualquer
/// diretório, sem procurar arquivos.
pub const TEXTO_LIVRO_PADRAO: &str = include_str!("../book/livro.txt");

const PESO_LINHA_PADRAO: u32 = 100; // linha sem percentual: 100% (peso normal)
const PESO_LINHA_MAX: u32 = 10000; // 10000% = cem vezes uma linha normal
const MARCA_MAX: u32 = 100; // a marca de um lance é uma fatia da posição: até 100%
const TOTAL_POSICAO: u64 = 10000; // pesos finais em centésimos de ponto percentual
const MAX_PLIES_LINHA: usize = 120; // limite de sanidade para uma linha escrita à mão
const TAM_ENTRADA: usize = 16; // bytes de uma entrada Polyglot
const PLIES_PGN_PADRAO: usize = 20; // `ice livro`: 10 lances de cada lado
const MIN_PGN_PADRAO: u32 = 2; // `ice livro`: uma variante precisa de duas partidas
const MAX_PLIES_PGN: usize = 200; // o histórico do TBoard tem folga de sobra

/// Uma entrada do livro, com os campos de uma entrada Polyglot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TEntradaLivro {
    /// Chave Polyglot da posição onde o lance é jogado.
    pub chave: u64,
    /// Lance na codificação Polyglot (roque como "rei toma a própria torre").
    pub lance: u16,
    /// Peso relativo entre os lances da mesma posição.
    pub peso: u16,
    /// Campo de aprendizado do Polyglot: lido e gravado, nunca usado.
    pub aprendizado: u32,
}

/// O livro: a tabela ordenada por chave e o sorteador dos lances.
pub struct TLivro {
    /// Entradas ordenadas pela chave (dentro da chave, a ordem do arquivo).
    pub entradas: Vec<TEntradaLivro>,
    /// Gerador do sorteio; com semente fixa, a escolha é reproduzível.
    pub rng: StdRng,
}

/// Livro sem entradas (o motor sem livro), com semente tirada do sistema.
pub fn livro_vazio() -> TLivro {
    TLivro {
        entradas: Vec::new(),
        rng: StdRng::from_entropy(),
    }
}

/// Fixa a semente do sorteio (testes reproduzíveis, partidas repetíveis).
pub fn define_semente(l: &mut TLivro, semente: u64) {
    l.rng = StdRng::seed_from_u64(semente);
}

/// O livro padrão (`book/livro.txt`, embutido na compilação).
pub fn livro_padrao() -> TLivro {
    // Os testes garantem que o arquivo embutido não tem linhas ruins; se
    // alguém o estragar, as linhas ruins só são puladas.
    livro_de_texto(TEXTO_LIVRO_PADRAO).0
}

/// Carrega um livro do disco: `.bin` é Polyglot, qualquer outra extensão é o
/// formato de texto do ICE. Devolve o livro e os avisos (linhas ruins, com
/// o número da linha); `Err` só se o arquivo não puder ser lido.
pub fn carrega_livro(caminho: &str) -> Result<(TLivro, Vec<String>), String> {
    let bytes = le_arquivo_limitado(caminho, MAX_ARQUIVO_LIVRO)
        .map_err(|e| format!("não consegui ler o livro: {e}"))?;
    if eh_polyglot(caminho) {
        Ok(livro_de_polyglot(&bytes))
    } else {
        let texto =
            String::from_utf8(bytes).map_err(|_| format!("{caminho}: o livro não é UTF-8"))?;
        Ok(livro_de_texto(&texto))
    }
}

/// O nome do arquivo termina em `.bin` (qualquer caixa)?
fn eh_polyglot(caminho: &str) -> bool {
    caminho.to_ascii_lowercase().ends_with(".bin")
}

// ---------------------------------------------------------------------------
// Codificação Polyglot dos lances
// ---------------------------------------------------------------------------

/// Casa do ICE (a8 = 0) → casa do Polyglot (a1 = 0): basta espelhar a fileira.
#[inline(always)]
fn casa_polyglot(casa: usize) -> u16 {
    (casa ^ 56) as u16
}

/// Codifica um lance legal no formato Polyglot. O roque vira "rei toma a
/// própria torre" (e1h1, e1a1, e8h8, e8a8), como o formato exige.
pub fn lance_para_polyglot(l: &TLance) -> u16 {
    let origem = l.casa_origem as usize;
    // O roque guarda a casa da torre (h1/a1 no xadrez comum).
    let destino = if l.eh_roque() {
        l.casa_torre as usize
    } else {
        l.casa_destino as usize
    };
    let promo: u16 = match l.peca_promovida {
        CAVALO => 1,
        BISPO => 2,
        TORRE => 3,
        DAMA => 4,
        _ => 0,
    };
    casa_polyglot(destino) | casa_polyglot(origem) << 6 | promo << 12
}

/// Decodifica um lance Polyglot na posição `b`. `None` se não for legal ali
/// (livro de outra variante, chave colidida, arquivo estragado).
pub fn polyglot_para_lance(b: &TBoard, codigo: u16) -> Option<TLance> {
    let destino_pg = (codigo & 63) as usize;
    let origem_pg = ((codigo >> 6) & 63) as usize;
    let promo = match (codigo >> 12) & 7 {
        0 => NENHUMA,
        1 => CAVALO,
        2 => BISPO,
        3 => TORRE,
        4 => DAMA,
        _ => return None,
    };
    // O "rei toma a própria torre" do Polyglot é o roque, que o
    // `acha_lance_casas` aceita assim.
    let origem = origem_pg ^ 56;
    let destino = destino_pg ^ 56;
    acha_lance_casas(b, origem, destino, promo)
}

// ---------------------------------------------------------------------------
// Formato de texto do ICE
// ---------------------------------------------------------------------------

/// Um lance de uma linha já conferido: a posição de onde sai, o lance e a
/// marca de percentual (`e7e5:40%`), se houver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TLanceLinha {
    pub chave: u64,
    pub lance: u16,
    pub marca: Option<u32>,
}

/// Uma linha do livro de texto já conferida.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TLinhaLivro {
    pub lances: Vec<TLanceLinha>,
    /// Percentual da linha (100 = normal).
    pub peso: u32,
}

/// Lê um número inteiro seguido de `%` ("40%"); `None` se não for isso.
fn le_percentual(s: &str) -> Option<u32> {
    let num = s.strip_suffix('%')?;
    if num.is_empty() || num.len() > 6 || !num.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    num.parse().ok()
}

/// Confere uma linha de texto do livro. `Ok(None)` para linha vazia ou só
/// comentário; `Err` com o motivo para uma linha ruim (o chamador junta o
/// número da linha). Nunca joga um lance ilegal: cada lance é procurado entre
/// os lances legais da posição, a partir da posição inicial.
pub fn interpreta_linha(texto: &str) -> Result<Option<TLinhaLivro>, String> {
    // Comentário: de `#` até o fim da linha.
    let util = match texto.find('#') {
        Some(i) => &texto[..i],
        None => texto,
    };
    let fichas: Vec<&str> = util.split_whitespace().collect();
    if fichas.is_empty() {
        return Ok(None);
    }
    // Um percentual solto só pode ser a última ficha: o peso da linha.
    let (fichas_lances, peso) = match le_percentual(fichas[fichas.len() - 1]) {
        Some(p) if p > PESO_LINHA_MAX => {
            return Err(format!(
                "percentual da linha {p}% acima do máximo {PESO_LINHA_MAX}%"
            ));
        }
        Some(p) => (&fichas[..fichas.len() - 1], p),
        None => (&fichas[..], PESO_LINHA_PADRAO),
    };
    if fichas_lances.is_empty() {
        return Err("linha sem lances".to_string());
    }
    if fichas_lances.len() > MAX_PLIES_LINHA {
        return Err(format!("linha com mais de {MAX_PLIES_LINHA} lances"));
    }
    let mut b = TBoard::inicial();
    let mut lances = Vec::with_capacity(fichas_lances.len());
    for (i, ficha) in fichas_lances.iter().enumerate() {
        let num = i + 1;
        if le_percentual(ficha).is_some() {
            return Err(format!(
                "percentual solto '{ficha}' no meio da linha (a marca de um lance é 'e2e4:40%')"
            ));
        }
        let (texto_lance, marca) = match ficha.split_once(':') {
            Some((l, m)) => match le_percentual(m) {
                Some(p) if p <= MARCA_MAX => (l, Some(p)),
                _ => {
                    return Err(format!(
                        "lance {num} '{ficha}': marca inválida (use de 0% a {MARCA_MAX}%)"
                    ))
                }
            },
            None => (*ficha, None),
        };
        // Coordenadas estritas: minúsculas, como o xboard as escreve.
        if texto_para_casas(texto_lance).is_none()
            || texto_lance.bytes().any(|c| c.is_ascii_uppercase())
        {
            return Err(format!(
                "lance {num} '{texto_lance}' não está em notação de coordenadas"
            ));
        }
        let l = acha_lance(&b, texto_lance)
            .ok_or_else(|| format!("lance {num} '{texto_lance}' ilegal"))?;
        lances.push(TLanceLinha {
            chave: b.chave_hash,
            lance: lance_para_polyglot(&l),
            marca,
        });
        b.make(&l);
    }
    Ok(Some(TLinhaLivro { lances, peso }))
}

/// O que se acumula para um lance numa posição enquanto as linhas são lidas.
struct TAcumulado {
    lance: u16,
    /// Soma dos percentuais das linhas que passam por este lance.
    soma: u64,
    /// Marca explícita (`:40%`) e a linha onde apareceu.
    marca: Option<(u32, usize)>,
}

/// Lê um livro de texto inteiro. As linhas ruins são puladas e relatadas com
/// o número da linha; as boas entram na tabela.
///
/// O peso final de um lance numa posição é uma fatia de 10000 (centésimos de
/// ponto percentual): os lances marcados (`e7e5:40%`) levam a fatia marcada;
/// os outros repartem o resto na proporção da soma dos percentuais das linhas
/// que passam por eles. Isso equivale a sortear uma linha, com a chance dada
/// pelo percentual, entre as que passam pela posição — mas funciona também
/// para a posição alcançada por outra ordem de lances.
pub fn livro_de_texto(texto: &str) -> (TLivro, Vec<String>) {
    let mut avisos = Vec::new();
    // Chave → lances, na ordem em que aparecem (a ordem final fica estável).
    let mut tabela: HashMap<u64, Vec<TAcumulado>> = HashMap::new();
    let mut ordem_chaves: Vec<u64> = Vec::new();
    for (i, linha) in texto.lines().enumerate() {
        let num_linha = i + 1;
        let lido = match interpreta_linha(linha) {
            Ok(Some(l)) => l,
            Ok(None) => continue,
            Err(e) => {
                avisos.push(format!("linha {num_linha}: {e}; linha ignorada"));
                continue;
            }
        };
        for ll in &lido.lances {
            let lista = tabela.entry(ll.chave).or_insert_with(|| {
                ordem_chaves.push(ll.chave);
                Vec::new()
            });
            let pos = match lista.iter().position(|a| a.lance == ll.lance) {
                Some(p) => p,
                None => {
                    lista.push(TAcumulado {
                        lance: ll.lance,
                        soma: 0,
                        marca: None,
                    });
                    lista.len() - 1
                }
            };
            let a = &mut lista[pos];
            a.soma += lido.peso as u64;
            if let Some(m) = ll.marca {
                match a.marca {
                    None => a.marca = Some((m, num_linha)),
                    Some((antes, linha_antes)) if antes != m => avisos.push(format!(
                        "linha {num_linha}: marca {m}% contradiz a de {antes}% da linha {linha_antes} \
                         para o mesmo lance na mesma posição; fica a primeira"
                    )),
                    Some(_) => {}
                }
            }
        }
    }
    let mut entradas = Vec::new();
    for chave in ordem_chaves {
        let lista = &tabela[&chave];
        for (a, peso) in lista.iter().zip(reparte_pesos(lista, &mut avisos)) {
            entradas.push(TEntradaLivro {
                chave,
                lance: a.lance,
                peso,
                aprendizado: 0,
            });
        }
    }
    // Ordenação estável: dentro de uma chave, mais pesado primeiro.
    entradas.sort_by(|x, y| x.chave.cmp(&y.chave).then(y.peso.cmp(&x.peso)));
    (
        TLivro {
            entradas,
            rng: StdRng::from_entropy(),
        },
        avisos,
    )
}

/// Os pesos finais (fatias de `TOTAL_POSICAO`) dos lances de uma posição.
fn reparte_pesos(lista: &[TAcumulado], avisos: &mut Vec<String>) -> Vec<u16> {
    let soma_marcas: u64 = lista
        .iter()
        .filter_map(|a| a.marca)
        .map(|(m, _)| m as u64)
        .sum();
    let soma_livres: u64 = lista
        .iter()
        .filter(|a| a.marca.is_none())
        .map(|a| a.soma)
        .sum();
    if soma_marcas > 100 {
        let linha = lista
            .iter()
            .filter_map(|a| a.marca)
            .map(|(_, n)| n)
            .max()
            .unwrap_or(0);
        avisos.push(format!(
            "linha {linha}: as marcas desta posição somam {soma_marcas}%; foram reduzidas na proporção"
        ));
    }
    // Sobra para os lances sem marca; sem ninguém para recebê-la, os marcados
    // são ampliados na proporção (duas marcas de 30% viram 50% e 50%).
    let sobra = 100u64.saturating_sub(soma_marcas);
    let livres_recebem = sobra > 0 && soma_livres > 0;
    let escala_marcas = if livres_recebem || soma_marcas == 0 {
        100
    } else {
        soma_marcas
    };
    lista
        .iter()
        .map(|a| {
            let (num, den) = match a.marca {
                Some((m, _)) => (m as u64 * TOTAL_POSICAO, escala_marcas),
                None if livres_recebem => (a.soma * sobra * TOTAL_POSICAO, soma_livres * 100),
                None => (0, 1),
            };
            // Arredonda, mas um peso positivo nunca vira zero (zero = nunca jogar).
            let p = (num + den / 2) / den;
            if num > 0 {
                p.clamp(1, u16::MAX as u64) as u16
            } else {
                0
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Polyglot
// ---------------------------------------------------------------------------

/// Lê um livro Polyglot (entradas de 16 bytes, big-endian). Bytes sobrando no
/// fim e entradas fora de ordem viram avisos; a tabela é reordenada.
pub fn livro_de_polyglot(bytes: &[u8]) -> (TLivro, Vec<String>) {
    let mut avisos = Vec::new();
    let sobra = bytes.len() % TAM_ENTRADA;
    if sobra != 0 {
        avisos.push(format!(
            "{sobra} bytes sobrando no fim do arquivo (não formam uma entrada); ignorados"
        ));
    }
    let mut entradas: Vec<TEntradaLivro> = bytes
        .chunks_exact(TAM_ENTRADA)
        .map(|e| TEntradaLivro {
            chave: u64::from_be_bytes([e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]]),
            lance: u16::from_be_bytes([e[8], e[9]]),
            peso: u16::from_be_bytes([e[10], e[11]]),
            aprendizado: u32::from_be_bytes([e[12], e[13], e[14], e[15]]),
        })
        .collect();
    if entradas.windows(2).any(|w| w[0].chave > w[1].chave) {
        avisos.push("entradas fora de ordem de chave; reordenadas".to_string());
        entradas.sort_by_key(|e| e.chave); // estável: mantém a ordem dentro da chave
    }
    (
        TLivro {
            entradas,
            rng: StdRng::from_entropy(),
        },
        avisos,
    )
}

/// O livro em bytes Polyglot, pronto para gravar num `.bin`.
pub fn polyglot_bytes(l: &TLivro) -> Vec<u8> {
    let mut v = Vec::with_capacity(l.entradas.len() * TAM_ENTRADA);
    for e in &l.entradas {
        v.extend_from_slice(&e.chave.to_be_bytes());
        v.extend_from_slice(&e.lance.to_be_bytes());
        v.extend_from_slice(&e.peso.to_be_bytes());
        v.extend_from_slice(&e.aprendizado.to_be_bytes());
    }
    v
}

// ---------------------------------------------------------------------------
// Consulta e sorteio
// ---------------------------------------------------------------------------

/// Os lances do livro na posição, só os legais, com o peso; o mais pesado
/// primeiro. Entradas repetidas do mesmo lance somam os pesos.
pub fn lances_do_livro(l: &TLivro, b: &TBoard) -> Vec<(TLance, u32)> {
    let inicio = l.entradas.partition_point(|e| e.chave < b.chave_hash);
    let mut res: Vec<(TLance, u32)> = Vec::new();
    for e in l.entradas[inicio..]
        .iter()
        .take_while(|e| e.chave == b.chave_hash)
    {
        let Some(lance) = polyglot_para_lance(b, e.lance) else {
            continue; // ilegal aqui: colisão de chave ou livro ruim
        };
        match res.iter_mut().find(|(m, _)| m.codigo() == lance.codigo()) {
            Some((_, p)) => *p += e.peso as u32,
            None => res.push((lance, e.peso as u32)),
        }
    }
    res.sort_by_key(|x| std::cmp::Reverse(x.1)); // estável: empate fica na ordem do arquivo
    res
}

/// Sorteia um lance do livro com chance proporcional ao peso. `None` fora do
/// livro, ou se todos os pesos da posição forem zero (lances que o livro
/// conhece, mas não quer jogar).
pub fn escolhe_lance(l: &mut TLivro, b: &TBoard) -> Option<TLance> {
    let lances = lances_do_livro(l, b);
    let total: u64 = lances.iter().map(|(_, p)| *p as u64).sum();
    if total == 0 {
        return None;
    }
    let mut sorteio = l.rng.gen_range(0..total);
    for (lance, peso) in lances {
        if sorteio < peso as u64 {
            return Some(lance);
        }
        sorteio -= peso as u64;
    }
    None // inalcançável: o sorteio é menor que o total
}

/// A resposta ao comando `bk` do xboard: uma linha por lance, começando com
/// espaço (" e2e4 45%"), cada uma terminada por `\n`. O chamador imprime
/// depois a linha vazia que encerra a resposta.
pub fn texto_bk(l: &TLivro, b: &TBoard) -> String {
    let lances = lances_do_livro(l, b);
    if lances.is_empty() {
        return " (sem lances no livro)\n".to_string();
    }
    let total: u64 = lances.iter().map(|(_, p)| *p as u64).sum();
    let mut s = String::new();
    for (lance, peso) in lances {
        let pct = (peso as u64 * 100 + total / 2)
            .checked_div(total)
            .unwrap_or(0);
        s.push_str(&format!(" {} {}%\n", lance_para_texto(&lance), pct));
    }
    s
}

// ---------------------------------------------------------------------------
// Construção de livros a partir de PGN (`ice livro`)
// ---------------------------------------------------------------------------

/// O que a leitura de um PGN encontrou.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TResumoPgn {
    /// Partidas lidas (com pelo menos um lance aproveitado).
    pub partidas: usize,
    /// Partidas que começam de um FEN próprio: não servem para o livro.
    pub com_fen: usize,
    /// Partidas com um lance ilegal ou ilegível (aproveita-se o que veio antes).
    pub com_erro: usize,
}

/// Lê as partidas de um texto PGN (`pgn::le_partidas_pgn`): para cada uma,
/// os primeiros `plies` lances em coordenadas. Partidas com etiqueta `FEN`
/// são descartadas (não começam da posição inicial); um lance ilegal ou
/// ilegível encerra o aproveitamento daquela partida.
pub fn partidas_de_pgn(texto: &str, plies: usize) -> (Vec<Vec<String>>, TResumoPgn) {
    let mut partidas = Vec::new();
    let mut resumo = TResumoPgn::default();
    for p in le_partidas_pgn(texto) {
        if p.fen.is_some() {
            resumo.com_fen += 1;
            continue;
        }
        if p.lances.is_empty() {
            continue;
        }
        let mut b = TBoard::inicial();
        let mut lances = Vec::new();
        for san in p.lances.iter().take(plies) {
            match san_para_lance(&b, san) {
                Some(l) => {
                    lances.push(lance_para_texto(&l));
                    b.make(&l);
                }
                None => {
                    resumo.com_erro += 1;
                    break;
                }
            }
        }
        if !lances.is_empty() {
            resumo.partidas += 1;
            partidas.push(lances);
        }
    }
    (partidas, resumo)
}

/// As linhas de um livro tiradas das partidas: cada variante (sequência dos
/// primeiros lances) jogada em pelo menos `min` partidas é mantida; as linhas
/// são as variantes mantidas mais longas, com o número de partidas que as
/// seguiram como percentual. Com as regras de soma do livro, o peso de cada
/// lance numa posição fica proporcional à frequência com que foi jogado.
pub fn linhas_de_partidas(partidas: &[Vec<String>], min: u32) -> Vec<(Vec<String>, u32)> {
    // Contagem de cada prefixo (variante), indexada pelo texto dos lances.
    let mut contagem: HashMap<Vec<String>, u32> = HashMap::new();
    for lances in partidas {
        for n in 1..=lances.len() {
            *contagem.entry(lances[..n].to_vec()).or_insert(0) += 1;
        }
    }
    let mantidas: Vec<(&Vec<String>, u32)> = contagem
        .iter()
        .filter(|(_, &n)| n >= min.max(1))
        .map(|(v, &n)| (v, n))
        .collect();
    // Uma variante mantida é folha se nenhuma continuação dela foi mantida.
    let mut tem_filho: HashSet<&[String]> = HashSet::new();
    for &(v, _) in &mantidas {
        tem_filho.insert(&v[..v.len() - 1]);
    }
    let mut linhas: Vec<(Vec<String>, u32)> = mantidas
        .iter()
        .filter(|(v, _)| !tem_filho.contains(&v[..]))
        .map(|&(v, n)| (v.clone(), n))
        .collect();
    // Coleções enormes: reduz todas as contagens na mesma proporção, para
    // caberem no percentual máximo sem distorcer as frequências relativas.
    let maior = linhas.iter().map(|(_, n)| *n as u64).max().unwrap_or(0);
    if maior > PESO_LINHA_MAX as u64 {
        for (_, n) in linhas.iter_mut() {
            *n = ((*n as u64 * PESO_LINHA_MAX as u64) / maior).max(1) as u32;
        }
    }
    linhas.sort();
    linhas
}

/// O texto de um livro no formato do ICE, a partir das linhas.
pub fn texto_de_linhas(linhas: &[(Vec<String>, u32)], cabecalho: &str) -> String {
    let mut s = String::new();
    for c in cabecalho.lines() {
        s.push_str(&format!("# {c}\n"));
    }
    for (lances, n) in linhas {
        s.push_str(&format!("{} {}%\n", lances.join(" "), n));
    }
    s
}

/// Lê o valor numérico de uma opção (`--plies 20`).
fn valor_opcao(args: &[String], i: usize, nome: &str) -> Result<u64, String> {
    args.get(i + 1)
        .and_then(|v| v.parse::<u64>().ok())
        .ok_or_else(|| format!("a opção {nome} pede um número"))
}

/// `ice livro <arquivo.pgn> <saida> [--plies N] [--min M]`: monta um livro a
/// partir de partidas. A saída é texto, ou Polyglot se terminar em `.bin`.
/// Com um livro (texto ou `.bin`) na entrada, converte-o para a saída `.bin`.
pub fn cmd_livro(args: &[String]) -> Result<(), String> {
    const USO: &str =
        "uso: ice livro <partidas.pgn | livro.txt> <saida(.txt|.bin)> [--plies N] [--min M]";
    let mut posicionais = Vec::new();
    let mut plies = PLIES_PGN_PADRAO;
    let mut min = MIN_PGN_PADRAO;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--plies" => {
                plies = valor_opcao(args, i, "--plies")? as usize;
                if !(1..=MAX_PLIES_PGN).contains(&plies) {
                    return Err(format!("--plies deve ficar entre 1 e {MAX_PLIES_PGN}"));
                }
                i += 2;
            }
            "--min" => {
                min = valor_opcao(args, i, "--min")?.clamp(1, u32::MAX as u64) as u32;
                i += 2;
            }
            s if s.starts_with("--") => return Err(format!("opção desconhecida {s}\n{USO}")),
            s => {
                posicionais.push(s.to_string());
                i += 1;
            }
        }
    }
    let [entrada, saida] = posicionais.as_slice() else {
        return Err(USO.to_string());
    };
    let texto_livro = if entrada.to_ascii_lowercase().ends_with(".pgn") {
        let pgn = le_arquivo_limitado(entrada, MAX_ARQUIVO_PGN)
            .map_err(|e| format!("não consegui ler: {e}"))?;
        // PGN antigo pode vir em Latin-1: os nomes estragam, os lances não.
        let pgn = String::from_utf8_lossy(&pgn);
        let (partidas, resumo) = partidas_de_pgn(&pgn, plies);
        let linhas = linhas_de_partidas(&partidas, min);
        eprintln!(
            "{} partidas lidas ({} com FEN próprio, ignoradas; {} com lance ilegível, aproveitadas até ele); {} linhas",
            resumo.partidas,
            resumo.com_fen,
            resumo.com_erro,
            linhas.len()
        );
        let cab = format!(
            "Livro gerado por `ice livro` de {entrada}\n{} partidas, primeiros {plies} plies, variantes com pelo menos {min} partidas.\nO percentual de cada linha é o número de partidas que a seguiram.",
            resumo.partidas
        );
        texto_de_linhas(&linhas, &cab)
    } else if eh_polyglot(saida) {
        // Conversão de um livro para Polyglot: nada a montar.
        let (livro, avisos) = carrega_livro(entrada)?;
        for a in &avisos {
            eprintln!("{entrada}: {a}");
        }
        return grava_arquivo(saida, &polyglot_bytes(&livro), livro.entradas.len());
    } else {
        return Err(format!(
            "a entrada deve ser .pgn (ou um livro, com saída .bin)\n{USO}"
        ));
    };
    if eh_polyglot(saida) {
        let (livro, avisos) = livro_de_texto(&texto_livro);
        for a in &avisos {
            eprintln!("{a}");
        }
        grava_arquivo(saida, &polyglot_bytes(&livro), livro.entradas.len())
    } else {
        let n = texto_livro.lines().filter(|l| !l.starts_with('#')).count();
        grava_arquivo(saida, texto_livro.as_bytes(), n)
    }
}

/// Grava o arquivo e conta o que foi gravado.
fn grava_arquivo(caminho: &str, bytes: &[u8], n: usize) -> Result<(), String> {
    std::fs::write(caminho, bytes).map_err(|e| format!("não consegui gravar {caminho}: {e}"))?;
    eprintln!(
        "{caminho}: {n} {} gravadas",
        if eh_polyglot(caminho) {
            "entradas"
        } else {
            "linhas"
        }
    );
    Ok(())
}
