//! Os termos de conhecimento da avaliação do ICE 1.40 com os números dele:
//! o conjunto "pesos do ICE" (`TAvaliacao::pesos_ice`, `--pesos-ice`), que o
//! nível IceBR usa.
//!
//! Nível 4: depende de `pesos` (a conta `TConta` e as categorias do traço),
//! de `peoes` (colunas vizinhas, colunas ocupadas), de `tabuleiro` e dos
//! níveis abaixo; quem o usa é `avaliacao`, que soma antes material e
//! peça-casa do modo clássico e depois chama `termos_ice`.
//!
//! Porta a `Eval()` da v1.40 (`eval.c`): par de bispos, final de rei e
//! peões, torres, rei, peões por coluna, bônus de roque e a análise de
//! abertura, com os valores do código original e as peculiaridades dele.
//! Nada aqui é afinado: o resto do ICE-rs (mesmo o `--classico`) usa pesos
//! de Texel para esses termos; este módulo existe para jogar e medir como o
//! ICE jogava. Material e peça-casa são os do clássico: as tabelas do 1.40,
//! com o cavalo da Tabela 1 do artigo e o rei escolhido pela fase, que são
//! os números do 1.78 que a folha de fatos tem. Os termos do 1.78 que o
//! artigo descreve sem número (desequilíbrio, passado pela fileira, escudo
//! pela forma, tempestade, peça na frente do peão central, torre na 7ª)
//! ficam de fora: sem número, não há "peso do ICE" para eles.
//!
//! Todos os valores valem igual no meio-jogo e no final (o ICE não tinha
//! avaliação afunilada); a fase só escolhe a tabela do rei.

use crate::bitboard::{conta, mais_de_um, mascara_coluna};
use crate::peoes::{colunas_de, COLUNAS_VIZINHAS};
use crate::pesos::{
    acumula, casa_relativa, categoria, par, TConta, CAT_ABERTURA, CAT_ESTRUTURA, CAT_FINAL_PEOES,
    CAT_PAR_BISPOS, CAT_PASSADOS, CAT_REI, CAT_TORRES,
};
use crate::tabuleiro::TBoard;
use crate::tipos::{coluna, BRANCAS, PEAO, REI};

// Os números da v1.40, em centipeões (fixos: o afinador não os vê).
const ICE_PAR_BISPOS: i32 = 20;
const ICE_FINAL_PEOES: i32 = 75; // + para quem tem mais peões, − para quem tem menos
const ICE_TORRE_SEMIABERTA: i32 = 20; // coluna sem peão próprio
const ICE_TORRES_DOBRADAS: i32 = 5; // a mais, duas ou mais torres na coluna
const ICE_TORRE_ABERTA: i32 = 10; // a mais, também sem peão inimigo (aberta = 30)
const ICE_REI_COLUNA_SEM_PEAO_INIMIGO: i32 = -20;
const ICE_REI_PEAO_NA_COLUNA: i32 = 5; // peão próprio na coluna do rei
const ICE_REI_PEAO_VIZINHA: i32 = 5; // por coluna vizinha com peão próprio
const ICE_DOBRADOS_CENTRO: i32 = -10; // colunas c..f, uma vez por coluna
const ICE_DOBRADOS_ALA: i32 = -15; // colunas a, b, g, h
const ICE_ISOLADO: i32 = -15;
const ICE_ISOLADO_EXPOSTO: i32 = -30; // a mais, sem peão inimigo na coluna
const ICE_PASSADO: i32 = 20; // coluna e vizinhas sem peão inimigo
const ICE_PASSADO_BORDA: i32 = 15; // colunas a e h
const ICE_ROQUE: i32 = 50;
const ICE_ABERTURA: i32 = 15; // cada princípio de abertura, + ou −
/// Até que lance completo (exclusive) a análise de abertura vale.
const ICE_FIM_ABERTURA: u32 = 11;

// Casas da análise de abertura (a8 = 0, h1 = 63), do ponto de vista das
// brancas; as das pretas são as espelhadas (`casa_relativa`).
const D1: usize = 59;
const D2: usize = 51;
const E2: usize = 52;
const F2: usize = 53;

/// Soma `v` à conta de `cor` na categoria `cat`, igual no meio-jogo e no
/// final, como parte fixa (sem nome: o afinador não ajusta os números do ICE).
#[inline(always)]
fn soma_ice<const TRACO: bool>(c: &mut TConta<TRACO>, cat: usize, cor: usize, v: i32) {
    categoria(c, cat);
    acumula(c, cor, "", 0, par(v, v), 1);
}

/// O adversário de `cor` tem "peças de ataque": mais de uma torre ou uma
/// dama. A v1.40 liga a isso o −20 da coluna do rei e o bônus de roque.
#[inline(always)]
fn inimigo_pesado(b: &TBoard, cor: usize) -> bool {
    let o = cor ^ 1;
    b.damas[o] != 0 || mais_de_um(b.torres[o])
}

/// Par de bispos: +20 com dois ou mais bispos.
fn par_bispos_ice<const TRACO: bool>(b: &TBoard, cor: usize, c: &mut TConta<TRACO>) {
    if mais_de_um(b.bispos[cor]) {
        soma_ice(c, CAT_PAR_BISPOS, cor, ICE_PAR_BISPOS);
    }
}

/// Final de rei e peões: ±75 por ter mais (ou menos) peões que o inimigo.
/// Como na v1.40, só olha se o PRÓPRIO lado está sem peças; o adversário
/// pode ter torre e ainda assim o lado dos peões ganha os 75 (o termo
/// "normal" do ICE-rs pede os dois lados sem peças).
fn final_peoes_ice<const TRACO: bool>(b: &TBoard, cor: usize, c: &mut TConta<TRACO>) {
    if b.pecas[cor] != b.peoes[cor] | b.rei[cor] {
        return;
    }
    let (meus, deles) = (conta(b.peoes[cor]), conta(b.peoes[cor ^ 1]));
    if meus > deles {
        soma_ice(c, CAT_FINAL_PEOES, cor, ICE_FINAL_PEOES);
    } else if meus < deles {
        soma_ice(c, CAT_FINAL_PEOES, cor, -ICE_FINAL_PEOES);
    }
}

/// Torres: uma vez por coluna com torre própria e sem peão próprio, +20;
/// +5 com duas torres ali; +10 se também não há peão inimigo.
fn torres_ice<const TRACO: bool>(b: &TBoard, cor: usize, c: &mut TConta<TRACO>) {
    let mut cols = colunas_de(b.torres[cor]);
    while cols != 0 {
        let col = cols.trailing_zeros() as usize;
        cols &= cols - 1;
        let mc = mascara_coluna(col);
        if b.peoes[cor] & mc != 0 {
            continue;
        }
        let mut v = ICE_TORRE_SEMIABERTA;
        if mais_de_um(b.torres[cor] & mc) {
            v += ICE_TORRES_DOBRADAS;
        }
        if b.peoes[cor ^ 1] & mc == 0 {
            v += ICE_TORRE_ABERTA;
        }
        soma_ice(c, CAT_TORRES, cor, v);
    }
}

/// Rei, pela coluna dele: −20 sem peão inimigo na coluna quando o inimigo
/// tem peças de ataque; +5 com peão próprio na coluna; +5 por coluna vizinha
/// com peão próprio (o "escudo" da v1.40 não olha a fileira, e conta sempre).
///
/// A peculiaridade P6 (rei na coluna a sem peão na b, ou na h sem peão na g:
/// a v1.40 lia fora do vetor de colunas e podia somar um +5 que vinha de
/// outra cor ou de lixo) não é reproduzida: é comportamento indefinido, e a
/// folha de fatos não diz de onde vinha o valor. Fica a parte definida: na
/// coluna a só conta a b, na h só a g.
fn rei_ice<const TRACO: bool>(b: &TBoard, cor: usize, c: &mut TConta<TRACO>) {
    let col = coluna(b.casa_rei(cor));
    let mc = mascara_coluna(col);
    let mut v = 0;
    if b.peoes[cor ^ 1] & mc == 0 && inimigo_pesado(b, cor) {
        v += ICE_REI_COLUNA_SEM_PEAO_INIMIGO;
    }
    if b.peoes[cor] & mc != 0 {
        v += ICE_REI_PEAO_NA_COLUNA;
    }
    let vizinhas = colunas_de(b.peoes[cor]) & colunas_de(COLUNAS_VIZINHAS[col]);
    v += ICE_REI_PEAO_VIZINHA * vizinhas.count_ones() as i32;
    if v != 0 {
        soma_ice(c, CAT_REI, cor, v);
    }
}

/// Peões, uma vez por coluna com peão próprio: dobrados (−10 no centro,
/// −15 na ala), isolados (−15, e −30 a mais sem peão inimigo na coluna) e o
/// "passado" rudimentar da v1.40, que não olha a fileira: coluna sem peão
/// inimigo e vizinhas também sem, +20; na coluna h, +15 se a g não tem peão
/// inimigo; na coluna a, +15 sempre — o código original testava de novo a
/// própria coluna a no lugar da b, e essa já se sabia sem peão inimigo.
fn peoes_ice<const TRACO: bool>(b: &TBoard, cor: usize, c: &mut TConta<TRACO>) {
    let meus = b.peoes[cor];
    let cols_deles = colunas_de(b.peoes[cor ^ 1]);
    let mut cols = colunas_de(meus);
    while cols != 0 {
        let col = cols.trailing_zeros() as usize;
        cols &= cols - 1;
        if mais_de_um(meus & mascara_coluna(col)) {
            let v = if (2..=5).contains(&col) {
                ICE_DOBRADOS_CENTRO
            } else {
                ICE_DOBRADOS_ALA
            };
            soma_ice(c, CAT_ESTRUTURA, cor, v);
        }
        let inimigo_na_coluna = cols_deles & (1 << col) != 0;
        if meus & COLUNAS_VIZINHAS[col] == 0 {
            let mut v = ICE_ISOLADO;
            if !inimigo_na_coluna {
                v += ICE_ISOLADO_EXPOSTO;
            }
            soma_ice(c, CAT_ESTRUTURA, cor, v);
        }
        if inimigo_na_coluna {
            continue;
        }
        let passado = match col {
            0 => ICE_PASSADO_BORDA, // quirk da coluna a: a b nunca é olhada
            7 if cols_deles & (1 << 6) == 0 => ICE_PASSADO_BORDA,
            1..=6 if cols_deles & ((1 << (col - 1)) | (1 << (col + 1))) == 0 => ICE_PASSADO,
            _ => 0,
        };
        if passado != 0 {
            soma_ice(c, CAT_PASSADOS, cor, passado);
        }
    }
}

/// Cor do lance `i` da pilha de lances jogados: o último é de quem não tem a
/// vez, e antes dele as cores alternam (o lance nulo da busca também ocupa
/// o seu lugar, então a alternância não se perde).
#[inline(always)]
fn cor_do_lance(b: &TBoard, i: usize) -> usize {
    (b.vez ^ 1) ^ ((b.num_historico - 1 - i) & 1)
}

/// Bônus de roque: +50 se o lado já rocou e o inimigo tem peças de ataque.
/// O ICE guardava "já rocou" no `mskRoque`, que o roque ligava (na partida
/// ou na busca) e que começava zerado no `new` e no `setboard`. O `TBoard`
/// daqui guarda os direitos, não isso; o equivalente exato é haver um roque
/// de `cor` na pilha de lances jogados (partida + busca, desde a última
/// posição montada). Numa posição lida de FEN ninguém rocou, como no ICE,
/// mesmo com o rei em g1: o termo do ICE-rs (`avaliacao::rocou`) olha a
/// posição; este não.
fn roque_ice<const TRACO: bool>(b: &TBoard, cor: usize, c: &mut TConta<TRACO>) {
    if !inimigo_pesado(b, cor) {
        return;
    }
    for i in 0..b.num_historico {
        if b.historico[i].lance.eh_roque() && cor_do_lance(b, i) == cor {
            soma_ice(c, CAT_REI, cor, ICE_ROQUE);
            return;
        }
    }
}

/// Análise de abertura da v1.40, enquanto o lance for menor que 11: passa
/// por todos os lances jogados (os da busca inclusive) e dá ±15 por
/// princípio a quem jogou: +15 pelo roque; −15 por lance que sai de fora
/// das duas primeiras fileiras ("a mesma peça duas vezes", aproximado);
/// −15 por lance que sai de d1 ("dama cedo", qualquer peça); −15 por lance
/// de rei antes de haver roque; −15 por lance de peão de f2; +15 por lance
/// que sai de e2 ou d2 (qualquer peça: o ICE olhava só a casa).
///
/// Peculiaridades reproduzidas:
/// * a cor do lance é a paridade do índice na lista (par = brancas). Depois
///   de montar uma posição com as pretas a jogar (`setboard`, P5), os lances
///   delas contam como das brancas e vice-versa. A pilha `historico` do
///   ICE-rs é a lista do ICE: começa vazia em cada posição montada e recebe
///   partida e busca; o lance nulo da busca (o 1.78 tinha, o 1.40 não) ocupa
///   um índice e não conta;
/// * a marca "já houve roque" é uma só para os dois lados: depois que um
///   rocou, o rei do outro anda sem pena;
/// * o número do lance é contado desde o começo da lista, como o `numLance`
///   do ICE, que voltava a 1 no `setboard` (ignorava o FEN): uma posição de
///   suíte, de qualquer lance, abre com a análise ligada. Esse número é
///   1 + lances das pretas na pilha.
fn abertura_ice<const TRACO: bool>(b: &TBoard, c: &mut TConta<TRACO>) {
    let n = b.num_historico;
    // Lances das pretas na pilha: as cores alternam e o último é de vez ^ 1.
    let pretas = if b.vez == BRANCAS {
        n.div_ceil(2)
    } else {
        n / 2
    };
    if 1 + pretas as u32 >= ICE_FIM_ABERTURA {
        return;
    }
    let mut soma = [0i32; 2];
    let mut houve_roque = false;
    for i in 0..n {
        let l = b.historico[i].lance;
        if !l.existe() {
            continue; // lance nulo
        }
        let cor = i & 1; // P5: a paridade do índice, não a cor de fato
        let origem = l.casa_origem as usize;
        // A origem vista do lado `cor` (para as pretas, d8 vira d1).
        let rel = casa_relativa(cor, origem);
        if l.eh_roque() {
            soma[cor] += ICE_ABERTURA;
            houve_roque = true;
        }
        // Fora das duas primeiras fileiras de quem joga: índice < 48 para
        // as brancas, > 15 para as pretas (o mesmo teste espelhado).
        if rel < 48 {
            soma[cor] -= ICE_ABERTURA;
        }
        if rel == D1 {
            soma[cor] -= ICE_ABERTURA;
        }
        if l.peca == REI && !houve_roque {
            soma[cor] -= ICE_ABERTURA;
        }
        if l.peca == PEAO && rel == F2 {
            soma[cor] -= ICE_ABERTURA;
        }
        if rel == E2 || rel == D2 {
            soma[cor] += ICE_ABERTURA;
        }
    }
    for cor in 0..2 {
        if soma[cor] != 0 {
            soma_ice(c, CAT_ABERTURA, cor, soma[cor]);
        }
    }
}

/// Os passos depois de material + peça-casa da `Eval()` da v1.40: os termos
/// de cada lado e a análise de abertura, somados à conta `c`.
pub(crate) fn termos_ice<const TRACO: bool>(b: &TBoard, c: &mut TConta<TRACO>) {
    for cor in 0..2 {
        par_bispos_ice(b, cor, c);
        final_peoes_ice(b, cor, c);
        torres_ice(b, cor, c);
        rei_ice(b, cor, c);
        peoes_ice(b, cor, c);
        roque_ice(b, cor, c);
    }
    abertura_ice(b, c);
}
