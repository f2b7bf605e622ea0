//! Desenho do tabuleiro em SVG: as figuras do guia (`ice desenha`).
//!
//! Nível 4, ao lado de `mostra` (o desenho em texto): usa só `tabuleiro`,
//! `ataques`, `bitboard` e `tipos`. O que vem de cima (as cravadas do
//! gerador, as tabelas peça-casa dos pesos) quem chama calcula e passa
//! pronto, para que a figura mostre o que o motor usa, e não uma cópia.
//!
//! Uma figura (`TFigura`) é um tabuleiro 8×8 com as peças, três camadas de
//! casas (as *marcadas*, que são o bitboard da figura; a *origem*, a peça de
//! que se fala; o *contorno*, bloqueadores, atiradores ou atacantes),
//! coordenadas, o número de cada casa (a8 = 0 … h1 = 63, a numeração dos
//! bitboards), um título e linhas de rodapé. `svg` a escreve.
//!
//! O SVG é determinístico: a mesma figura dá os mesmos bytes (sem datas, sem
//! números de ponto flutuante, a ordem das casas fixa). É isso que deixa o
//! `scripts/ci/confere-guia.sh` refazer as figuras e comparar com as do git.

use crate::ataques::{
    ataques_bispo, ataques_peca, ataques_torre, zona_rei, ATAQUES_CAVALO, ATAQUES_REI, ENTRE,
};
use crate::bitboard::{bit, conta, mais_de_um, pop_lsb};
use crate::tabuleiro::TBoard;
use crate::tipos::{
    coluna, fileira, nome_casa, TBitboard, BISPO, BRANCAS, CAVALO, DAMA, NEGRAS, NENHUMA, PEAO,
    REI, TORRE,
};

/// Lado de uma casa, em pixels.
const LADO: usize = 44;
/// Margem esquerda (os números das fileiras).
const X0: usize = 28;
/// Altura do título, acima do tabuleiro.
const Y0: usize = 44;
/// Largura mínima: margem, oito casas e uma folga à direita.
const LARGURA: usize = X0 + 8 * LADO + 16;
/// Altura de cada linha de texto embaixo do tabuleiro.
const LINHA_TEXTO: usize = 18;

// As cores: casas claras e escuras do tabuleiro de madeira de sempre, e as
// três camadas em cores que se distinguem também em preto e branco.
const COR_CLARA: &str = "#f0d9b5";
const COR_ESCURA: &str = "#b58863";
// Marcada e origem têm um tom para a casa clara e outro para a escura: o
// tabuleiro continua legível por baixo da marca.
const COR_MARCADA: &str = "#4a90d9";
const COR_MARCADA_CLARA: &str = "#8fc1f0";
const COR_MARCADA_ESCURA: &str = "#4a90d9";
const COR_ORIGEM: &str = "#f6c343";
const COR_ORIGEM_CLARA: &str = "#fbe08a";
const COR_ORIGEM_ESCURA: &str = "#e8b730";
const COR_CONTORNO: &str = "#c53030";

/// As peças desenhadas com os símbolos pretos do Unicode: as brancas saem
/// com preenchimento branco e traço preto, as pretas cheias (os símbolos
/// "brancos" do Unicode são vazados e somem nas casas escuras).
const SIMBOLO_PECA: [&str; 7] = ["", "♟", "♞", "♝", "♜", "♛", "♚"];

/// Letras das peças em português, para os rodapés (P C B T D R).
pub const LETRA_PECA_PT: [char; 7] = [' ', 'P', 'C', 'B', 'T', 'D', 'R'];

/// Uma figura: o que `svg` desenha. Struct simples, montada pelas funções
/// `figura_*` abaixo (ou à mão, por quem chama).
#[derive(Clone, Debug)]
pub struct TFigura {
    pub titulo: String,
    /// Linhas de texto embaixo do tabuleiro.
    pub rodape: Vec<String>,
    /// Peça e cor de cada casa (`NENHUMA` = vazia), casa 0 = a8.
    pub pecas: [(u8, usize); 64],
    /// O conjunto da figura (um bitboard), pintado de azul.
    pub marcadas: TBitboard,
    /// A casa da peça de que a figura fala, pintada de amarelo.
    pub origem: TBitboard,
    /// Casas com contorno vermelho (bloqueadores, atiradores, atacantes).
    pub contorno: TBitboard,
    /// O que cada camada quer dizer, para a legenda (vazio: sem legenda).
    pub legenda_marcadas: String,
    pub legenda_origem: String,
    pub legenda_contorno: String,
    /// Um número por casa (uma tabela peça-casa), escrito nela, com a cor
    /// da casa indo do claro (menor valor) ao verde (maior).
    pub valores: Option<[i32; 64]>,
}

/// Uma figura sem peças nem marcas, só com o título.
pub fn figura_vazia(titulo: &str) -> TFigura {
    TFigura {
        titulo: titulo.to_string(),
        rodape: Vec::new(),
        pecas: [(NENHUMA, BRANCAS); 64],
        marcadas: 0,
        origem: 0,
        contorno: 0,
        legenda_marcadas: String::new(),
        legenda_origem: String::new(),
        legenda_contorno: String::new(),
        valores: None,
    }
}

/// A peça e a cor de cada casa do tabuleiro.
pub fn pecas_do_tabuleiro(b: &TBoard) -> [(u8, usize); 64] {
    let mut p = [(NENHUMA, BRANCAS); 64];
    for (casa, item) in p.iter_mut().enumerate() {
        if b.casas[casa] != NENHUMA {
            *item = (b.casas[casa], b.cor_em(casa));
        }
    }
    p
}

/// Nome de uma cor no plural feminino ("brancas", "pretas").
pub fn nome_cor(cor: usize) -> &'static str {
    if cor == BRANCAS {
        "brancas"
    } else {
        "pretas"
    }
}

/// Lê uma cor: `brancas`/`b`/`w` ou `pretas`/`negras`/`p`/`n`.
pub fn cor_do_nome(s: &str) -> Option<usize> {
    match s {
        "brancas" | "branca" | "b" | "w" => Some(BRANCAS),
        "pretas" | "preta" | "negras" | "negra" | "p" | "n" => Some(NEGRAS),
        _ => None,
    }
}

/// Os nomes dos bitboards do `TBoard`, na ordem dos campos (a seção 4.3 do
/// artigo), mais `pecas` (a união de uma cor), `ocupadas` e `vazias`. Os seis
/// primeiros e `pecas` pedem uma cor; os dois últimos, não.
pub const NOMES_BITBOARDS: [&str; 9] = [
    "rei", "damas", "torres", "bispos", "cavalos", "peoes", "pecas", "ocupadas", "vazias",
];

/// O bitboard do `TBoard` de nome `nome` (um de `NOMES_BITBOARDS`) e um
/// título para ele. `cor` é exigida pelos que são de uma cor só.
pub fn bitboard_do_nome(
    b: &TBoard,
    nome: &str,
    cor: Option<usize>,
) -> Result<(TBitboard, String), String> {
    let por_cor = |t: &[TBitboard; 2], rotulo: &str| -> Result<(TBitboard, String), String> {
        let c = cor.ok_or(format!(
            "o bitboard '{nome}' é de uma cor: diga brancas ou pretas"
        ))?;
        Ok((t[c], format!("{rotulo} {}: b.{nome}[{}]", nome_cor(c), c)))
    };
    match nome {
        "rei" => por_cor(&b.rei, "Rei das"),
        "damas" => por_cor(&b.damas, "Damas"),
        "torres" => por_cor(&b.torres, "Torres"),
        "bispos" => por_cor(&b.bispos, "Bispos"),
        "cavalos" => por_cor(&b.cavalos, "Cavalos"),
        "peoes" => por_cor(&b.peoes, "Peões"),
        "pecas" => por_cor(&b.pecas, "Peças"),
        "ocupadas" => Ok((b.ocupadas(), "Casas ocupadas: b.ocupadas()".to_string())),
        "vazias" => Ok((!b.ocupadas(), "Casas vazias: !b.ocupadas()".to_string())),
        _ => Err(format!(
            "bitboard desconhecido '{nome}' (conhecidos: {})",
            NOMES_BITBOARDS.join(", ")
        )),
    }
}

/// A linha de rodapé de um bitboard: o número em hexadecimal e quantas casas.
pub fn rodape_bitboard(bb: TBitboard) -> String {
    format!("bitboard = 0x{bb:016x}: {} casas", conta(bb))
}

/// Um bitboard do `TBoard` (ver `bitboard_do_nome`) sobre a posição.
pub fn figura_bitboard(b: &TBoard, nome: &str, cor: Option<usize>) -> Result<TFigura, String> {
    let (bb, titulo) = bitboard_do_nome(b, nome, cor)?;
    let mut f = figura_vazia(&titulo);
    f.pecas = pecas_do_tabuleiro(b);
    f.marcadas = bb;
    f.legenda_marcadas = "casa com o bit ligado".to_string();
    f.rodape.push(rodape_bitboard(bb));
    Ok(f)
}

/// A tabela de ataque de um cavalo ou de um rei (`ATAQUES_CAVALO`,
/// `ATAQUES_REI`) numa casa, com o tabuleiro vazio: os saltos não dependem
/// das outras peças.
pub fn figura_saltos(peca: u8, casa: usize) -> TFigura {
    let (tabela, nome, artigo) = if peca == REI {
        (&ATAQUES_REI, "ATAQUES_REI", "rei")
    } else {
        (&ATAQUES_CAVALO, "ATAQUES_CAVALO", "cavalo")
    };
    let nc = nome_casa(casa);
    let mut f = figura_vazia(&format!("Ataques do {artigo} em {nc}: {nome}[{casa}]"));
    f.pecas[casa] = (peca, BRANCAS);
    f.marcadas = tabela[casa];
    f.origem = bit(casa);
    f.legenda_marcadas = "casa atacada".to_string();
    f.legenda_origem = format!("o {artigo}");
    f.rodape.push(rodape_bitboard(tabela[casa]));
    f.rodape
        .push("uma tabela de 64 bitboards, pronta na compilação".to_string());
    f
}

/// Os ataques da peça deslizante (bispo, torre ou dama) em `casa`, com as
/// outras peças da posição bloqueando: `ataques_peca(peca, casa,
/// ocupadas)`. O contorno marca os bloqueadores, a primeira peça de cada raio
/// (das duas cores: a própria só não pode ser capturada, mas também para o
/// raio).
pub fn figura_deslizante(b: &TBoard, casa: usize) -> Result<TFigura, String> {
    let peca = b.casas[casa];
    let funcao = match peca {
        BISPO => "ataques_bispo",
        TORRE => "ataques_torre",
        DAMA => "ataques_dama",
        _ => {
            return Err(format!(
                "em {} não há bispo, torre nem dama",
                nome_casa(casa)
            ))
        }
    };
    let occ = b.ocupadas();
    let ataques = ataques_peca(peca, casa, occ);
    let cor = b.cor_em(casa);
    // "o bispo branco", "a torre preta", "a dama branca".
    let (artigo, nome, branca) = match peca {
        BISPO => ("o", "bispo", "branco"),
        TORRE => ("a", "torre", "branca"),
        _ => ("a", "dama", "branca"),
    };
    let cor_texto = if cor == BRANCAS {
        branca.to_string()
    } else {
        branca.replace("branc", "pret")
    };
    let mut f = figura_vazia(&format!(
        "{funcao}({}, ocupadas): {artigo} {nome} {cor_texto}",
        nome_casa(casa)
    ));
    f.pecas = pecas_do_tabuleiro(b);
    f.marcadas = ataques;
    f.origem = bit(casa);
    f.contorno = ataques & occ;
    f.legenda_marcadas = "casa atacada".to_string();
    f.legenda_origem = "a peça".to_string();
    f.legenda_contorno = "bloqueador (o raio para nele)".to_string();
    f.rodape.push(rodape_bitboard(ataques));
    f.rodape.push(format!(
        "{} bloqueadores; as casas atrás deles ficam de fora",
        conta(ataques & occ)
    ));
    Ok(f)
}

/// Os atiradores de uma cravada: torres, bispos e damas da outra cor que
/// veem o rei de `cor` através de exatamente uma peça de `cravadas`.
pub fn atiradores(b: &TBoard, cor: usize, cravadas: TBitboard) -> TBitboard {
    let k = b.casa_rei(cor);
    let o = cor ^ 1;
    let occ = b.ocupadas();
    let mut candidatos = (ataques_torre(k, b.pecas[o]) & (b.torres[o] | b.damas[o]))
        | (ataques_bispo(k, b.pecas[o]) & (b.bispos[o] | b.damas[o]));
    let mut r = 0;
    while candidatos != 0 {
        let s = pop_lsb(&mut candidatos);
        let meio = ENTRE[k][s] & occ;
        if meio != 0 && !mais_de_um(meio) && meio & cravadas != 0 {
            r |= bit(s);
        }
    }
    r
}

/// As peças de `cor` cravadas contra o próprio rei. `cravadas` vem de quem
/// chama (`geracao::cravadas`, o bitboard que o gerador usa); a figura
/// acrescenta o rei, os atiradores e a reta de que cada cravada não pode sair.
pub fn figura_cravadas(b: &TBoard, cor: usize, cravadas: TBitboard) -> TFigura {
    let mut f = figura_vazia(&format!(
        "Peças {} cravadas: geracao::cravadas",
        nome_cor(cor)
    ));
    f.pecas = pecas_do_tabuleiro(b);
    f.marcadas = cravadas;
    f.origem = b.rei[cor];
    f.contorno = atiradores(b, cor, cravadas);
    f.legenda_marcadas = "cravada".to_string();
    f.legenda_origem = "o rei".to_string();
    f.legenda_contorno = "atirador".to_string();
    f.rodape.push(rodape_bitboard(cravadas));
    let k = b.casa_rei(cor);
    let mut c = cravadas;
    while c != 0 {
        let s = pop_lsb(&mut c);
        // A cravada só anda sobre a reta do rei, até o atirador (que ela
        // pode capturar): as casas entre os dois, fora ela mesma.
        let mut a = f.contorno;
        while a != 0 {
            let atirador = pop_lsb(&mut a);
            if ENTRE[k][atirador] & bit(s) == 0 {
                continue;
            }
            let mut r = (ENTRE[k][atirador] | bit(atirador)) & !bit(s);
            let mut casas = Vec::new();
            while r != 0 {
                casas.push(nome_casa(pop_lsb(&mut r)));
            }
            f.rodape.push(format!(
                "{}{}, cravada por {}{}: sair da reta ({}) deixa o rei em xeque",
                LETRA_PECA_PT[b.casas[s] as usize],
                nome_casa(s),
                LETRA_PECA_PT[b.casas[atirador] as usize],
                nome_casa(atirador),
                casas.join(" ")
            ));
        }
    }
    f
}

/// A zona do rei de `cor` que a avaliação conta (`ataques::zona_rei`: a casa
/// do rei e as vizinhas), e as peças inimigas (cavalo, bispo, torre, dama)
/// que a atacam, com quantas casas da zona cada uma vê: a conta do ataque
/// ao rei em `avaliacao.rs::mobilidade_tropismo`.
pub fn figura_zona_rei(b: &TBoard, cor: usize) -> TFigura {
    let k = b.casa_rei(cor);
    let zona = zona_rei(k);
    let o = cor ^ 1;
    let occ = b.ocupadas();
    let mut f = figura_vazia(&format!(
        "Zona do rei das {}: zona_rei({})",
        nome_cor(cor),
        nome_casa(k)
    ));
    f.pecas = pecas_do_tabuleiro(b);
    f.marcadas = zona;
    f.origem = bit(k);
    f.legenda_marcadas = "zona do rei".to_string();
    f.legenda_origem = "o rei".to_string();
    f.legenda_contorno = "atacante da zona".to_string();
    let mut linhas = Vec::new();
    for peca in [CAVALO, BISPO, TORRE, DAMA] {
        let mut p = b.bb(peca)[o];
        while p != 0 {
            let s = pop_lsb(&mut p);
            let n = conta(ataques_peca(peca, s, occ) & zona);
            if n > 0 {
                f.contorno |= bit(s);
                linhas.push(format!(
                    "{}{}: {n}",
                    LETRA_PECA_PT[peca as usize],
                    nome_casa(s)
                ));
            }
        }
    }
    f.rodape.push(format!(
        "{} casas na zona; {} atacantes das {}",
        conta(zona),
        linhas.len(),
        nome_cor(o)
    ));
    if !linhas.is_empty() {
        f.rodape
            .push(format!("casas da zona atacadas: {}", linhas.join(", ")));
    }
    f
}

/// Todas as peças, das duas cores, que atacam `casa`
/// (`TBoard::todos_atacantes`): a troca que a SEE calcula, com os
/// atacantes de cada lado em ordem de valor (o menos valioso captura
/// primeiro).
pub fn figura_atacantes(b: &TBoard, casa: usize) -> TFigura {
    let occ = b.ocupadas();
    let atacantes = b.todos_atacantes(casa, occ);
    let mut f = figura_vazia(&format!(
        "Quem ataca {}: todos_atacantes({}, ocupadas)",
        nome_casa(casa),
        nome_casa(casa)
    ));
    f.pecas = pecas_do_tabuleiro(b);
    f.marcadas = atacantes;
    f.origem = bit(casa);
    f.legenda_marcadas = "atacante".to_string();
    f.legenda_origem = "a casa da troca".to_string();
    f.rodape.push(rodape_bitboard(atacantes));
    for cor in [BRANCAS, NEGRAS] {
        let mut nomes = Vec::new();
        for peca in PEAO..=REI {
            let mut p = atacantes & b.bb(peca)[cor];
            while p != 0 {
                let s = pop_lsb(&mut p);
                nomes.push(format!("{}{}", LETRA_PECA_PT[peca as usize], nome_casa(s)));
            }
        }
        f.rodape.push(format!(
            "{}: {}",
            nome_cor(cor),
            if nomes.is_empty() {
                "nenhum".to_string()
            } else {
                nomes.join(", ")
            }
        ));
    }
    f
}

/// Casas quaisquer marcadas sobre a posição (por exemplo, as casas em que o
/// rei preto empata, calculadas por um script com as tabelas de finais).
pub fn figura_casas(b: &TBoard, casas: TBitboard, titulo: &str) -> TFigura {
    let mut f = figura_vazia(titulo);
    f.pecas = pecas_do_tabuleiro(b);
    f.marcadas = casas;
    f.legenda_marcadas = "casa marcada".to_string();
    f.rodape.push(rodape_bitboard(casas));
    f
}

/// Uma tabela peça-casa: um número por casa, do ponto de vista das brancas
/// (a entrada `i` é a casa `i`, a8 = 0).
pub fn figura_valores(titulo: &str, valores: &[i32; 64]) -> TFigura {
    let mut f = figura_vazia(titulo);
    f.valores = Some(*valores);
    let (min, max) = extremos(valores);
    f.rodape.push(format!(
        "de {min} a {max} centipeões; quanto mais verde, maior"
    ));
    f
}

/// Escapa o texto para dentro de um elemento ou atributo XML.
pub fn escapa_xml(s: &str) -> String {
    let mut r = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => r.push_str("&amp;"),
            '<' => r.push_str("&lt;"),
            '>' => r.push_str("&gt;"),
            '"' => r.push_str("&quot;"),
            _ => r.push(c),
        }
    }
    r
}

/// A cor de uma casa do mapa de valores: do creme (`min`) ao verde (`max`),
/// em aritmética inteira (o mesmo valor dá sempre os mesmos bytes).
fn cor_valor(v: i32, min: i32, max: i32) -> String {
    let faixa = (max - min).max(1);
    let t = (v - min).clamp(0, faixa);
    // De (250, 245, 230) a (46, 139, 87): interpolação linear em inteiros.
    let mistura = |a: i32, z: i32| a + (z - a) * t / faixa;
    format!(
        "#{:02x}{:02x}{:02x}",
        mistura(250, 46),
        mistura(245, 139),
        mistura(230, 87)
    )
}

/// O menor e o maior de uma tabela de valores (0 e 0 se ela é vazia).
fn extremos(v: &[i32]) -> (i32, i32) {
    (
        v.iter().min().copied().unwrap_or(0),
        v.iter().max().copied().unwrap_or(0),
    )
}

/// O fundo de uma casa fora do mapa de valores, por camada (nenhuma,
/// marcada, origem; a origem vence a marcada) e por cor da casa (escura,
/// clara).
const FUNDO: [[&str; 2]; 3] = [
    [COR_ESCURA, COR_CLARA],
    [COR_MARCADA_ESCURA, COR_MARCADA_CLARA],
    [COR_ORIGEM_ESCURA, COR_ORIGEM_CLARA],
];

/// Um texto de `tamanho` pixels centrado em `x`.
fn texto_no_meio(s: &mut String, x: usize, y: usize, tamanho: u32, texto: &str) {
    s.push_str(&format!(
        "<text x=\"{x}\" y=\"{y}\" font-size=\"{tamanho}\" text-anchor=\"middle\">{texto}</text>\n"
    ));
}

/// Uma moldura de cor `cor` dentro da casa de canto (`x`, `y`), a 2 pixels
/// da borda, com traço de `largura`.
fn moldura(s: &mut String, x: usize, y: usize, cor: &str, largura: u32) {
    s.push_str(&format!(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{cor}\" stroke-width=\"{largura}\"/>\n",
        x + 2,
        y + 2,
        LADO - 4,
        LADO - 4
    ));
}

/// O SVG da figura: título, tabuleiro (fileira 8 no alto), coordenadas,
/// número de cada casa, as três camadas, as peças, a legenda e o rodapé.
pub fn svg(f: &TFigura) -> String {
    let tab = 8 * LADO;
    let legendas: Vec<(&str, &str)> = [
        (COR_MARCADA, f.legenda_marcadas.as_str(), f.marcadas),
        (COR_ORIGEM, f.legenda_origem.as_str(), f.origem),
        (COR_CONTORNO, f.legenda_contorno.as_str(), f.contorno),
    ]
    .iter()
    .filter(|(_, texto, bb)| !texto.is_empty() && *bb != 0)
    .map(|&(cor, texto, _)| (cor, texto))
    .collect();
    let linhas_texto = f.rodape.len() + usize::from(!legendas.is_empty());
    // A largura cresce com o texto mais comprido (aproximação: 10 pixels por
    // caractere no título, 7 no rodapé), para nada sair da figura.
    let largura = f
        .rodape
        .iter()
        .map(|l| X0 + 7 * l.chars().count() + 8)
        .chain([LARGURA, 24 + 10 * f.titulo.chars().count()])
        .max()
        .unwrap_or(LARGURA);
    let altura = Y0 + tab + 24 + linhas_texto * LINHA_TEXTO + 8;
    let mut s = String::new();
    s.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    s.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{largura}\" height=\"{altura}\" \
         viewBox=\"0 0 {largura} {altura}\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n"
    ));
    s.push_str(&format!("<title>{}</title>\n", escapa_xml(&f.titulo)));
    s.push_str(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{largura}\" height=\"{altura}\" fill=\"#ffffff\"/>\n"
    ));
    s.push_str(&format!(
        "<text x=\"{}\" y=\"28\" font-size=\"15\" font-weight=\"bold\" text-anchor=\"middle\">{}</text>\n",
        largura / 2,
        escapa_xml(&f.titulo)
    ));
    let (min, max) = f.valores.as_ref().map_or((0, 0), |v| extremos(v));
    for casa in 0..64 {
        let x = X0 + coluna(casa) * LADO;
        let y = Y0 + (8 - fileira(casa)) * LADO;
        // a1 é escura: coluna + fileira par.
        let clara = (coluna(casa) + fileira(casa)) % 2 == 1;
        let (marcada, origem) = (f.marcadas & bit(casa) != 0, f.origem & bit(casa) != 0);
        let fundo = match &f.valores {
            Some(v) => cor_valor(v[casa], min, max),
            None => {
                let camada = if origem { 2 } else { usize::from(marcada) };
                FUNDO[camada][usize::from(clara)].to_string()
            }
        };
        // A casa marcada leva a classe e o nome (os testes a acham por eles);
        // marcada e origem ao mesmo tempo (o rei na zona dele) fica amarela
        // com a borda azul.
        let classe = if marcada {
            format!("class=\"marcada\" data-casa=\"{}\" ", nome_casa(casa))
        } else {
            String::new()
        };
        s.push_str(&format!(
            "<rect {classe}x=\"{x}\" y=\"{y}\" width=\"{LADO}\" height=\"{LADO}\" fill=\"{fundo}\"/>\n"
        ));
        if marcada && origem {
            moldura(&mut s, x, y, COR_MARCADA, 4);
        }
        if f.contorno & bit(casa) != 0 {
            moldura(&mut s, x, y, COR_CONTORNO, 3);
        }
        // O número da casa no canto: a numeração dos bitboards.
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"8\" fill=\"#000000\" fill-opacity=\"0.5\">{casa}</text>\n",
            x + 2,
            y + 9
        ));
        if let Some(v) = &f.valores {
            texto_no_meio(
                &mut s,
                x + LADO / 2,
                y + LADO / 2 + 6,
                14,
                &v[casa].to_string(),
            );
        }
        let (peca, cor) = f.pecas[casa];
        if peca != NENHUMA {
            let estilo = if cor == BRANCAS {
                "fill=\"#ffffff\" stroke=\"#000000\" stroke-width=\"1.2\""
            } else {
                "fill=\"#000000\""
            };
            s.push_str(&format!(
                "<text class=\"peca\" x=\"{}\" y=\"{}\" font-size=\"34\" text-anchor=\"middle\" {estilo}>{}</text>\n",
                x + LADO / 2,
                y + LADO - 9,
                SIMBOLO_PECA[peca as usize]
            ));
        }
    }
    s.push_str(&format!(
        "<rect x=\"{X0}\" y=\"{Y0}\" width=\"{tab}\" height=\"{tab}\" fill=\"none\" stroke=\"#333333\" stroke-width=\"1\"/>\n"
    ));
    // Coordenadas: 8..1 à esquerda, a..h embaixo.
    for i in 0..8 {
        texto_no_meio(
            &mut s,
            X0 / 2,
            Y0 + i * LADO + LADO / 2 + 5,
            13,
            &(8 - i).to_string(),
        );
        let letra = ((b'a' + i as u8) as char).to_string();
        texto_no_meio(&mut s, X0 + i * LADO + LADO / 2, Y0 + tab + 17, 13, &letra);
    }
    let mut y = Y0 + tab + 24 + LINHA_TEXTO - 4;
    if !legendas.is_empty() {
        let mut x = X0;
        for (cor, texto) in &legendas {
            let amostra = if *cor == COR_CONTORNO {
                format!("fill=\"none\" stroke=\"{cor}\" stroke-width=\"2\"")
            } else {
                format!("fill=\"{cor}\"")
            };
            s.push_str(&format!(
                "<rect x=\"{x}\" y=\"{}\" width=\"12\" height=\"12\" {amostra}/>\n",
                y - 11
            ));
            s.push_str(&format!(
                "<text x=\"{}\" y=\"{y}\" font-size=\"12\">{}</text>\n",
                x + 16,
                escapa_xml(texto)
            ));
            // Largura aproximada do texto: 7 pixels por caractere.
            x += 16 + 7 * texto.chars().count() + 14;
        }
        y += LINHA_TEXTO;
    }
    for linha in &f.rodape {
        s.push_str(&format!(
            "<text x=\"{X0}\" y=\"{y}\" font-size=\"12\">{}</text>\n",
            escapa_xml(linha)
        ));
        y += LINHA_TEXTO;
    }
    s.push_str("</svg>\n");
    s
}
