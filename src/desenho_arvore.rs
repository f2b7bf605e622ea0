//! A árvore de busca de uma posição desenhada pelo próprio motor (`ice
//! desenha arvore`): a mesma posição, à mesma profundidade, com a busca do
//! ICE clássico (`--classico`) e com a moderna, lado a lado, para que se vejam
//! as podas.
//!
//! Nível 8, com `bench` (as outras ferramentas que rodam buscas): usa a
//! `busca` (nível 7) com o traço ligado (`TBusca::traco`, os registros de
//! `estatisticas::TTraco` que a `arvore` preenche) e desenha o SVG como
//! `desenho` desenha o tabuleiro: determinístico (sem datas, sem ponto
//! flutuante, a ordem dos nós fixa), para o `scripts/ci/confere-guia.sh`
//! poder refazer a figura e comparar com a do git.
//!
//! A figura mostra a última iteração (a raiz da última tentativa da janela
//! de aspiração), em lista recuada: uma linha por nó do `alpha_beta`, com o
//! lance (SAN com as letras em português), a profundidade restante, a janela
//! recebida, o escore devolvido (do ponto de vista do lado a jogar no nó,
//! como no negamax) e o que aconteceu no nó. A quiescência vem dobrada: cada
//! lance que chega ao horizonte é uma linha só, com quantos nós de
//! quiescência ficaram embaixo dele.

use crate::desenho::escapa_xml;
use crate::estado::nova_busca;
use crate::estatisticas::{
    novo_traco, TNoTraco, TTraco, MARCA_CORTE, MARCA_EXTENSAO, MARCA_FUTIL_REVERSA,
    MARCA_FUTIL_TODOS, MARCA_IIR, MARCA_NULO, MARCA_NULO_CORTE, MARCA_REDUCAO, MARCA_REPESQUISA,
    MARCA_STAND_PAT, MARCA_TT, MARCA_TT_CORTE, SEM_PAI, TRACO_AB, TRACO_QS, TRACO_RAIZ,
};
use crate::geracao::lance_para_san;
use crate::lance::TLance;
use crate::tabuleiro::TBoard;
use crate::tempo::TLimites;
use crate::tipos::{INFINITO, LIMIAR_MATE, MATE};

/// Máximo de nós guardados no traço de uma figura: a figura é de buscas
/// pequenas (dezenas de nós na última iteração); uma busca maior é um erro
/// de quem pede, e o traço para de crescer em vez de comer a memória.
pub const LIMITE_TRACO: usize = 200_000;
/// Profundidades aceitas por `ice desenha arvore`.
pub const PROF_MAX_ARVORE: u32 = 6;
/// Tabela de transposição das buscas da figura (pequena e fixa: o desenho
/// não depende de `--hash`).
const HASH_ARVORE_MB: usize = 1;

/// Uma busca traçada: o traço inteiro (todas as iterações), os nós que a
/// busca contou (`TResultado::nos`) e o escore e o lance dela.
pub struct TBuscaTracada {
    pub traco: TTraco,
    pub nos: u64,
    pub escore: i32,
    pub lance: TLance,
}

/// Busca `fen` até `prof` com o traço ligado, numa busca nova (tabela de
/// 1 MB, uma thread): o ICE clássico (`classico`) ou a busca com todas as
/// melhorias.
pub fn traca_busca(fen: &str, prof: u32, classico: bool) -> Result<TBuscaTracada, String> {
    let mut b = TBoard::de_fen(fen)?;
    let mut bu = nova_busca(HASH_ARVORE_MB);
    crate::estado::define_classico(&mut bu, classico);
    bu.traco = Some(Box::new(novo_traco(LIMITE_TRACO)));
    let lim = TLimites {
        profundidade: prof,
        ..TLimites::default()
    };
    let r = crate::busca::busca(&mut b, &mut bu, &lim);
    let traco = *bu.traco.take().ok_or("o traço sumiu")?;
    if traco.truncado {
        return Err(format!(
            "a busca passou de {LIMITE_TRACO} nós: a figura é de buscas pequenas"
        ));
    }
    Ok(TBuscaTracada {
        traco,
        nos: r.nos,
        escore: r.escore,
        lance: r.lance,
    })
}

/// O índice da raiz da última iteração (a última raiz do traço).
pub fn ultima_raiz(t: &TTraco) -> Option<usize> {
    t.nos.iter().rposition(|n| n.tipo == TRACO_RAIZ)
}

/// Os filhos de cada nó, na ordem em que foram pesquisados.
pub fn filhos(t: &TTraco) -> Vec<Vec<usize>> {
    let mut f = vec![Vec::new(); t.nos.len()];
    for (i, n) in t.nos.iter().enumerate() {
        if n.pai != SEM_PAI {
            f[n.pai as usize].push(i);
        }
    }
    f
}

/// Tamanho da subárvore de cada nó (ele incluído).
pub fn tamanhos(t: &TTraco) -> Vec<usize> {
    let mut tam = vec![1; t.nos.len()];
    // Pré-ordem: os filhos vêm depois do pai; de trás para frente, cada um
    // já tem a sua subárvore somada quando passa para o pai.
    for i in (0..t.nos.len()).rev() {
        let p = t.nos[i].pai;
        if p != SEM_PAI {
            tam[p as usize] += tam[i];
        }
    }
    tam
}

/// Quantos nós de cada tipo (do `alpha_beta`, da quiescência) há na
/// subárvore da raiz `r`, fora ela.
pub fn conta_subarvore(t: &TTraco, r: usize) -> (usize, usize) {
    let tam = tamanhos(t);
    let fim = r + tam[r];
    let ab = t.nos[r + 1..fim]
        .iter()
        .filter(|n| n.tipo == TRACO_AB)
        .count();
    (ab, fim - r - 1 - ab)
}

/// O SAN com as letras das peças em português (C B T D R) e "=D" na
/// promoção: `Nf3` → `Cf3`, `Kxe2` → `Rxe2`.
pub fn san_pt(san: &str) -> String {
    san.chars()
        .map(|c| match c {
            'N' => 'C',
            'R' => 'T',
            'Q' => 'D',
            'K' => 'R',
            outro => outro,
        })
        .collect()
}

/// Um escore para ler: centipeões com sinal, `±∞` nas pontas da janela,
/// `M3`/`-M3` para mate em 3 lances.
fn texto_escore(v: i32) -> String {
    if v >= INFINITO {
        "+∞".to_string()
    } else if v <= -INFINITO {
        "−∞".to_string()
    } else if v >= LIMIAR_MATE {
        format!("M{}", (MATE - v + 1) / 2)
    } else if v <= -LIMIAR_MATE {
        format!("−M{}", (MATE + v) / 2)
    } else if v < 0 {
        format!("−{}", -v)
    } else if v > 0 {
        format!("+{v}")
    } else {
        "0".to_string()
    }
}

/// A janela recebida: `[α, β]`.
fn texto_janela(n: &TNoTraco) -> String {
    format!("[{}, {}]", texto_escore(n.alfa), texto_escore(n.beta))
}

/// Uma linha da figura: o recuo, o lance, as colunas e as marcas (texto e
/// cor de cada uma).
struct TLinha {
    nivel: usize,
    lance: String,
    prof: String,
    janela: String,
    escore: String,
    marcas: Vec<(String, &'static str)>,
    /// Linha da quiescência dobrada (cinza) ou do lance nulo (roxa).
    qs: bool,
    nulo: bool,
    /// O lance que cortou o pai.
    corte: bool,
}

// As cores das marcas (as mesmas em toda figura).
const COR_CORTE: &str = "#c53030";
const COR_TT: &str = "#2b6cb0";
const COR_NULO: &str = "#6b46c1";
const COR_EXT: &str = "#2f855a";
const COR_RED: &str = "#c05621";
const COR_PODA: &str = "#4a5568";
const COR_QS: &str = "#718096";

/// As marcas de um nó, em palavras curtas.
fn marcas_do_no(n: &TNoTraco, nos_qs: usize) -> Vec<(String, &'static str)> {
    let m = n.marcas;
    let mut v = Vec::new();
    if m & MARCA_EXTENSAO != 0 {
        v.push(("+1 ply".to_string(), COR_EXT));
    }
    if m & MARCA_REDUCAO != 0 {
        v.push((format!("LMR −{}", n.reducao), COR_RED));
    }
    if m & MARCA_REPESQUISA != 0 {
        v.push(("repesquisa".to_string(), COR_RED));
    }
    if m & MARCA_TT_CORTE != 0 {
        v.push(("corte pela TT".to_string(), COR_TT));
    } else if m & MARCA_TT != 0 {
        v.push(("TT".to_string(), COR_TT));
    }
    if m & MARCA_IIR != 0 {
        v.push(("IIR −1".to_string(), COR_RED));
    }
    if m & MARCA_FUTIL_REVERSA != 0 {
        v.push(("futilidade reversa".to_string(), COR_CORTE));
    }
    if m & MARCA_NULO_CORTE != 0 {
        v.push(("corte do nulo".to_string(), COR_NULO));
    } else if m & MARCA_NULO != 0 {
        v.push(("nulo falhou".to_string(), COR_NULO));
    }
    if n.podados > 0 {
        v.push((format!("{} podados", n.podados), COR_PODA));
    }
    if m & MARCA_FUTIL_TODOS != 0 {
        v.push(("fica a estática".to_string(), COR_PODA));
    }
    if m & MARCA_STAND_PAT != 0 {
        v.push(("stand-pat".to_string(), COR_QS));
    }
    if m & MARCA_CORTE != 0 && n.tipo != TRACO_QS {
        v.push(("corte β".to_string(), COR_CORTE));
    }
    if nos_qs > 0 {
        v.push((format!("quiescência: {nos_qs} nós"), COR_QS));
    }
    v
}

/// As linhas da árvore da raiz `r`, em pré-ordem, refazendo os lances num
/// tabuleiro para escrevê-los em SAN. Os nós além do ply `ply_max` ficam
/// dobrados na linha do ancestral no `ply_max` ("+N nós embaixo").
fn linhas_da_arvore(b: &mut TBoard, t: &TTraco, r: usize, ply_max: usize) -> Vec<TLinha> {
    let f = filhos(t);
    let tam = tamanhos(t);
    let mut linhas = Vec::new();
    let raiz = &t.nos[r];
    linhas.push(TLinha {
        nivel: 0,
        lance: "raiz".to_string(),
        prof: format!("p{}", raiz.prof),
        janela: texto_janela(raiz),
        escore: texto_escore(raiz.escore),
        marcas: marcas_do_no(raiz, 0),
        qs: false,
        nulo: false,
        corte: false,
    });
    desce(b, t, &f, &tam, r, 1, ply_max, &mut linhas);
    linhas
}

/// Escreve as linhas dos filhos de `i` (recuo `nivel`) e desce neles.
#[allow(clippy::too_many_arguments)]
fn desce(
    b: &mut TBoard,
    t: &TTraco,
    f: &[Vec<usize>],
    tam: &[usize],
    i: usize,
    nivel: usize,
    ply_max: usize,
    linhas: &mut Vec<TLinha>,
) {
    let pai = &t.nos[i];
    let ultimo = f[i].last().copied();
    for &c in &f[i] {
        let n = &t.nos[c];
        let nulo = n.lance.peca == 0;
        let lance = if nulo {
            "(passa a vez)".to_string()
        } else {
            san_pt(&lance_para_san(b, &n.lance))
        };
        let qs = n.tipo == TRACO_QS;
        let corte = pai.marcas & MARCA_CORTE != 0 && Some(c) == ultimo;
        linhas.push(TLinha {
            nivel,
            lance,
            prof: if qs {
                "q".to_string()
            } else {
                format!("p{}", n.prof)
            },
            janela: texto_janela(n),
            escore: texto_escore(n.escore),
            marcas: marcas_do_no(n, if qs { tam[c] } else { 0 }),
            qs,
            nulo,
            corte,
        });
        if qs {
            continue;
        }
        if nivel >= ply_max {
            if tam[c] > 1 {
                if let Some(l) = linhas.last_mut() {
                    l.marcas.push((format!("▸ {} nós", tam[c] - 1), COR_QS));
                }
            }
            continue;
        }
        if nulo {
            b.make_null_move();
        } else {
            b.make(&n.lance);
        }
        desce(b, t, f, tam, c, nivel + 1, ply_max, linhas);
        if nulo {
            b.unmake_null_move();
        } else {
            b.unmake();
        }
    }
}

/// A árvore em texto, uma linha por nó (para ler no terminal e nos testes).
pub fn texto_arvore(fen: &str, t: &TTraco, ply_max: usize) -> Result<String, String> {
    let mut b = TBoard::de_fen(fen)?;
    let r = ultima_raiz(t).ok_or("o traço não tem raiz")?;
    let mut s = String::new();
    for l in linhas_da_arvore(&mut b, t, r, ply_max) {
        let marcas: Vec<&str> = l.marcas.iter().map(|(m, _)| m.as_str()).collect();
        s.push_str(&format!(
            "{}{}{} {} {} {} {}\n",
            "  ".repeat(l.nivel),
            if l.corte { "*" } else { "" },
            l.lance,
            l.prof,
            l.janela,
            l.escore,
            marcas.join(", ")
        ));
    }
    Ok(s)
}

/// Altura de uma linha da árvore, em pixels.
const LINHA: usize = 17;
/// Recuo por nível.
const RECUO: usize = 16;
/// Largura aproximada de um caractere da fonte monoespaçada de 12 px.
const CARACTERE: usize = 7;
/// Margem em volta de cada painel.
const MARGEM: usize = 16;
/// Altura do título e do cabeçalho de cada painel.
const TOPO: usize = 86;

/// Um painel da figura: título, a linha de resumo e as linhas da árvore.
struct TPainel {
    titulo: String,
    resumo: String,
    linhas: Vec<TLinha>,
}

/// O painel de uma busca traçada.
fn painel(fen: &str, titulo: &str, bt: &TBuscaTracada, ply_max: usize) -> Result<TPainel, String> {
    let mut b = TBoard::de_fen(fen)?;
    let r = ultima_raiz(&bt.traco).ok_or("o traço não tem raiz")?;
    let (ab, qs) = conta_subarvore(&bt.traco, r);
    let lance = san_pt(&lance_para_san(&b, &bt.lance));
    Ok(TPainel {
        titulo: titulo.to_string(),
        resumo: format!(
            "última iteração: {ab} nós do alpha_beta + {qs} de quiescência; joga {lance} ({})",
            texto_escore(bt.escore)
        ),
        linhas: linhas_da_arvore(&mut b, &bt.traco, r, ply_max),
    })
}

/// Largura de uma linha do painel: recuo, lance, colunas e marcas.
fn largura_linha(l: &TLinha) -> usize {
    let marcas: usize = l.marcas.iter().map(|(m, _)| m.chars().count() + 2).sum();
    RECUO * l.nivel + CARACTERE * (15 + 4 + 16 + 7 + marcas)
}

/// O SVG: os painéis lado a lado, cada um com a sua árvore em lista recuada
/// e as linhas que ligam pai e filhos; `rodape` embaixo de tudo.
fn svg_paineis(titulo: &str, paineis: &[TPainel], rodape: &[String]) -> String {
    let larguras: Vec<usize> = paineis
        .iter()
        .map(|p| {
            p.linhas
                .iter()
                .map(largura_linha)
                .chain([CARACTERE * p.resumo.chars().count()])
                .max()
                .unwrap_or(0)
                + 2 * MARGEM
        })
        .collect();
    let linhas_max = paineis.iter().map(|p| p.linhas.len()).max().unwrap_or(0);
    let largura = larguras
        .iter()
        .sum::<usize>()
        .max(CARACTERE * rodape.iter().map(|l| l.chars().count()).max().unwrap_or(0) + 2 * MARGEM);
    let altura = TOPO + linhas_max * LINHA + MARGEM + rodape.len() * LINHA + MARGEM;
    let mut s = String::new();
    s.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    s.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{largura}\" height=\"{altura}\" \
         viewBox=\"0 0 {largura} {altura}\" font-family=\"DejaVu Sans Mono, Menlo, monospace\" font-size=\"12\">\n"
    ));
    s.push_str(&format!("<title>{}</title>\n", escapa_xml(titulo)));
    s.push_str(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{largura}\" height=\"{altura}\" fill=\"#ffffff\"/>\n"
    ));
    s.push_str(&format!(
        "<text x=\"{}\" y=\"26\" font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"15\" font-weight=\"bold\" text-anchor=\"middle\">{}</text>\n",
        largura / 2,
        escapa_xml(titulo)
    ));
    let mut x0 = 0;
    for (p, &w) in paineis.iter().zip(&larguras) {
        if x0 > 0 {
            s.push_str(&format!(
                "<line x1=\"{x0}\" y1=\"40\" x2=\"{x0}\" y2=\"{}\" stroke=\"#cbd5e0\"/>\n",
                TOPO + linhas_max * LINHA
            ));
        }
        let x = x0 + MARGEM;
        s.push_str(&format!(
            "<text x=\"{x}\" y=\"54\" font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"14\" font-weight=\"bold\">{}</text>\n",
            escapa_xml(&p.titulo)
        ));
        s.push_str(&format!(
            "<text x=\"{x}\" y=\"72\" fill=\"#4a5568\">{}</text>\n",
            escapa_xml(&p.resumo)
        ));
        // A linha vertical de cada pai vai até o último filho: guarda a
        // linha em que cada nível abriu.
        let mut ultimo_do_nivel: Vec<usize> = Vec::new();
        for (k, l) in p.linhas.iter().enumerate() {
            let y = TOPO + k * LINHA + 12;
            let xl = x + RECUO * l.nivel;
            if l.nivel > 0 {
                // Ligação: do tronco do pai até o lance.
                let xt = xl - RECUO + 4;
                let y_pai = ultimo_do_nivel
                    .get(l.nivel - 1)
                    .copied()
                    .unwrap_or(TOPO + 12);
                s.push_str(&format!(
                    "<path d=\"M{xt} {} V{} H{}\" fill=\"none\" stroke=\"#a0aec0\"/>\n",
                    y_pai + 4,
                    y - 4,
                    xl - 2
                ));
            }
            ultimo_do_nivel.truncate(l.nivel);
            ultimo_do_nivel.push(y);
            let cor = if l.nulo {
                COR_NULO
            } else if l.qs {
                COR_QS
            } else {
                "#1a202c"
            };
            let peso = if l.corte { " font-weight=\"bold\"" } else { "" };
            let mut col = xl;
            s.push_str(&format!(
                "<text x=\"{col}\" y=\"{y}\" fill=\"{cor}\"{peso}>{}</text>\n",
                escapa_xml(&l.lance)
            ));
            col += CARACTERE * (l.lance.chars().count().max(7) + 1);
            for (texto, largura_col) in [(&l.prof, 4), (&l.janela, 16), (&l.escore, 7)] {
                s.push_str(&format!(
                    "<text x=\"{col}\" y=\"{y}\" fill=\"{cor}\">{}</text>\n",
                    escapa_xml(texto)
                ));
                col += CARACTERE * largura_col;
            }
            for (m, c) in &l.marcas {
                s.push_str(&format!(
                    "<text x=\"{col}\" y=\"{y}\" fill=\"{c}\">{}</text>\n",
                    escapa_xml(m)
                ));
                col += CARACTERE * (m.chars().count() + 2);
            }
        }
        x0 += w;
    }
    let mut y = TOPO + linhas_max * LINHA + MARGEM + 12;
    for l in rodape {
        s.push_str(&format!(
            "<text x=\"{MARGEM}\" y=\"{y}\" font-family=\"DejaVu Sans, Verdana, sans-serif\" fill=\"#2d3748\">{}</text>\n",
            escapa_xml(l)
        ));
        y += LINHA;
    }
    s.push_str("</svg>\n");
    s
}

/// A figura inteira: a posição `fen` buscada até `prof` pelo ICE clássico e
/// pela busca moderna, as duas árvores lado a lado, até o ply `ply_max`.
pub fn svg_arvores(
    fen: &str,
    prof: u32,
    ply_max: usize,
    titulo: Option<&str>,
) -> Result<String, String> {
    let classica = traca_busca(fen, prof, true)?;
    let moderna = traca_busca(fen, prof, false)?;
    let paineis = [
        painel(fen, "ICE clássico (--classico)", &classica, ply_max)?,
        painel(
            fen,
            "ICE-rs moderno (todas as melhorias)",
            &moderna,
            ply_max,
        )?,
    ];
    let titulo = titulo.map_or_else(
        || format!("A árvore de busca à profundidade {prof}: clássica × moderna"),
        str::to_string,
    );
    let rodape = vec![
        format!("posição: {fen}"),
        format!(
            "busca inteira: clássica {} nós, moderna {} (todas as iterações)",
            classica.nos, moderna.nos
        ),
        "escores do ponto de vista de quem joga no nó (negamax); p = profundidade restante, q = quiescência; em negrito o lance do corte β".to_string(),
        "janela [α, β] recebida (nula quando β = α + 1); TT = a posição estava na tabela; ▸ N nós = subárvore dobrada; podados = lances nem pesquisados".to_string(),
    ];
    Ok(svg_paineis(&titulo, &paineis, &rodape))
}
