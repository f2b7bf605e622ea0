//! Ordenação de lances: em que ordem a busca experimenta os lances de um nó.
//!
//! Nível 5: depende de `tipos`, `bitboard`, `lance`, `ataques` e
//! `tabuleiro`; a busca a usa, e ela não conhece a busca.
//!
//! A poda alfa-beta só corta se o melhor lance vier cedo; com a ordem
//! perfeita ela visita cerca da raiz quadrada da árvore. Este módulo porta a
//! seção 4.5 do artigo do ICE (a parte de ordenação de `busca.c` e o
//! `ObtemMelhorLance()`), com as categorias do ICE 1.78, da primeira à última:
//!
//! 1. lance da PV da iteração anterior;
//! 2. lance guardado na tabela de transposição (hash);
//! 3. promoções a dama;
//! 4. capturas boas, por MVV/LVA (ICE-rs: "boa" também pela SEE);
//! 5. capturas ruins (o atacante vale mais que a vítima e a SEE perde);
//! 6. os dois killers do ply;
//! 7. subpromoções;
//! 8. os demais lances quietos, pela history.
//!
//! Fora do modo clássico (`TOrdenacao::ruins_depois`, só ICE-rs) as
//! capturas ruins vão para depois dos killers e das subpromoções: um killer
//! já cortou neste ply e custa pouco provar; a captura que a SEE diz perder
//! raramente corta. E a history (`TOrdenacao::history_limitada`) deixa de
//! crescer sem fim: cada atualização puxa o valor na direção do bônus e
//! tanto menos quanto mais perto do teto ele já está ("gravidade"), de modo
//! que os valores ficam em ±`HISTORY_LIMITE` e o que se aprendeu por último
//! pesa mais, sem dividir a tabela inteira.
//!
//! Aqui também ficam a SEE (que a busca usa para podar) e a memória que a
//! ordenação aprende durante a busca: killers e history, juntos em
//! `TOrdenacao`, um campo de `TBusca`.
//!
//! Nível entre `geracao`/`avaliacao` e `busca`: usa `tabuleiro`, `ataques`,
//! `lance` e `tipos`, e nunca a `busca` (que recebe daqui tudo o que ordena).

use crate::ataques::{ataques_bispo, ataques_torre};
use crate::bitboard::bit;
use crate::lance::{mesmo_lance, TLance, TListaLances, LANCE_NULO};
use crate::tabuleiro::{casa_peao_capturado_en_passant, TBoard};
use crate::tipos::{
    DAMA, MAX_DEPTH, MSK_EN_PASSANT, MSK_SELECIONADO, NENHUMA, PEAO, REI, VALOR_PECA,
};

// --- Faixas de ordenação (ordem do ICE, seção 4.5) ---
// Cada categoria tem sua faixa de `valor_lance`, larga o bastante para o
// desempate interno (MVV/LVA, contador do killer) não invadir a vizinha.
/// Lance da PV da iteração anterior: o melhor candidato a cortar.
pub const ORD_PV: i32 = 30_000_000;
/// Lance da tabela de transposição: foi o melhor da última vez neste nó.
pub const ORD_HASH: i32 = 29_000_000;
/// Promoção a dama (mais a vítima, se capturar).
pub const ORD_PROMO_DAMA: i32 = 28_000_000;
/// Captura que não perde material.
pub const ORD_CAPTURA_BOA: i32 = 27_000_000;
/// Captura que perde material: ainda antes dos quietos, como no ICE.
pub const ORD_CAPTURA_RUIM: i32 = 26_000_000;
/// Killers: quietos que cortaram no mesmo ply em outro ramo. A busca usa
/// esta faixa para saber se um quieto é "comum" (abaixo dela) e pode ser
/// podado ou reduzido.
pub const ORD_KILLER: i32 = 25_000_000;
/// Subpromoções: raramente boas, mas antes dos quietos comuns.
pub const ORD_SUBPROMOCAO: i32 = 24_000_000;
/// Capturas ruins quando vão depois dos killers (`ruins_depois`): ainda
/// antes dos quietos comuns, que a history ordena abaixo de ±`HISTORY_LIMITE`.
pub const ORD_CAPTURA_RUIM_TARDIA: i32 = 23_000_000;

/// Teto da tabela history: ao passar, tudo é dividido por 2 (nunca transborda
/// e os cortes recentes pesam mais que os antigos).
pub const HISTORY_MAXIMO: i32 = 1 << 20;
/// Teto do contador de um killer na ordenação, para que ele desempate os
/// dois killers sem invadir a faixa de cima (capturas ruins).
const KILLER_CONTADOR_MAXIMO: i32 = 1000;
/// Teto, em módulo, da history limitada: os quietos ficam em ±16384, bem
/// abaixo da faixa das capturas ruins tardias.
pub const HISTORY_LIMITE: i32 = 16_384;
/// Maior bônus de um corte na history limitada: 32·prof² até 1536 (prof 6 ou
/// 7); mais fundo, o corte não ensina mais que um a 7 plies.
const HISTORY_BONUS_MAXIMO: i32 = 1536;
/// Quantos quietos por nó a history lembra para penalizar quando outro corta.
pub const MAX_QUIETOS: usize = 64;
/// Divisor da history entre uma busca e a seguinte: o que se aprendeu na
/// jogada anterior ainda vale um pouco, mas não deve mandar na nova.
const ENVELHECE_HISTORY: i32 = 8;

/// O que a ordenação aprende durante a busca (no ICE, globais de `busca.c`).
pub struct TOrdenacao {
    /// Dois killers por ply; `valor_lance` de cada um é o contador do ICE.
    pub killers: [[TLance; 2]; MAX_DEPTH],
    /// Slot substituído por último (ICE: uma lembrança só para todos os plies).
    pub ultimo_killer: usize,
    /// History heuristic: [lado][peça][destino], como a tabela do ICE.
    pub history: [[[i32; 64]; 7]; 2],
    /// History limitada com gravidade (só ICE-rs; o clássico soma prof²).
    pub history_limitada: bool,
    /// Capturas ruins depois dos killers (só ICE-rs; o clássico, antes).
    pub ruins_depois: bool,
    /// History de continuação (só ICE-rs): [lance anterior][lance], o
    /// lance anterior e o lance cada um como (peça, destino), em
    /// `indice_continuacao`. Um quieto que refuta um lance do adversário
    /// tende a refutá-lo de novo em outras posições (o "contra-lance" do
    /// Uthoff, em tabela inteira); 7·64·7·64 entradas, alocadas uma vez.
    pub continuacao: Vec<i32>,
    /// A history de continuação entra na ordem e aprende (só ICE-rs).
    pub com_continuacao: bool,
}

/// Killers e history vazios.
pub fn nova_ordenacao() -> TOrdenacao {
    TOrdenacao {
        killers: [[LANCE_NULO; 2]; MAX_DEPTH],
        ultimo_killer: 0,
        history: [[[0; 64]; 7]; 2],
        history_limitada: true,
        ruins_depois: true,
        continuacao: vec![0; TAM_CONTINUACAO],
        com_continuacao: true,
    }
}

/// Entradas da history de continuação: (peça, destino) × (peça, destino).
const TAM_CONTINUACAO: usize = 7 * 64 * 7 * 64;

/// O lance que levou a esta posição (o último da pilha), se houve um de
/// verdade (não o nulo, nem a raiz de uma partida sem lances).
#[inline(always)]
fn lance_anterior(b: &TBoard) -> Option<TLance> {
    let n = b.num_historico;
    (n > 0 && b.historico[n - 1].lance.existe()).then(|| b.historico[n - 1].lance)
}

/// O índice de (lance anterior, lance) na history de continuação.
#[inline(always)]
fn indice_continuacao(anterior: &TLance, l: &TLance) -> usize {
    ((anterior.peca as usize * 64 + anterior.casa_destino as usize) * 7 + l.peca as usize) * 64
        + l.casa_destino as usize
}

/// O valor de ordem de um quieto `l` na posição `b`: a history e, com a
/// continuação ligada, a do par (lance anterior, `l`).
#[inline(always)]
pub fn valor_history(ord: &TOrdenacao, b: &TBoard, l: &TLance) -> i32 {
    valor_history_no(ord, b.vez, base_continuacao(ord, b), l)
}

/// O que `valor_history` lê da posição, calculado uma vez por nó: onde
/// começa, na history de continuação, a linha do lance anterior (`None`
/// sem lance anterior ou sem a continuação). Quem dá valor a todos os
/// quietos de um nó (`seletor::gera_quietos`) não refaz isto a cada um.
#[inline(always)]
pub fn base_continuacao(ord: &TOrdenacao, b: &TBoard) -> Option<usize> {
    match lance_anterior(b) {
        Some(a) if ord.com_continuacao => Some(indice_continuacao(&a, &LANCE_NULO)),
        _ => None,
    }
}

/// `valor_history` com a `base_continuacao` do nó e o lado a jogar `vez`.
#[inline(always)]
pub fn valor_history_no(ord: &TOrdenacao, vez: usize, base: Option<usize>, l: &TLance) -> i32 {
    let h = ord.history[vez][l.peca as usize][l.casa_destino as usize];
    match base {
        Some(i) => h + ord.continuacao[i + l.peca as usize * 64 + l.casa_destino as usize],
        None => h,
    }
}

/// Nova partida: esquece killers e history (o slot do último killer fica,
/// como no ICE).
pub fn limpa_ordenacao(ord: &mut TOrdenacao) {
    ord.history = [[[0; 64]; 7]; 2];
    ord.killers = [[LANCE_NULO; 2]; MAX_DEPTH];
    ord.continuacao.iter_mut().for_each(|v| *v = 0);
}

/// Nova busca: killers zerados, history envelhecida (não zerada). ICE: os
/// killers de outra posição raiz falam de plies que não existem mais.
pub fn prepara_ordenacao(ord: &mut TOrdenacao) {
    ord.killers = [[LANCE_NULO; 2]; MAX_DEPTH];
    divide_history(ord, ENVELHECE_HISTORY);
    if ord.com_continuacao {
        ord.continuacao
            .iter_mut()
            .for_each(|v| *v /= ENVELHECE_HISTORY);
    }
}

/// Divide toda a tabela history por `d`.
fn divide_history(ord: &mut TOrdenacao, d: i32) {
    for lado in ord.history.iter_mut() {
        for peca in lado.iter_mut() {
            for v in peca.iter_mut() {
                *v /= d;
            }
        }
    }
}

/// Static Exchange Evaluation: saldo material da sequência de capturas em
/// `destino`, começando pelo lance `l`, com cada lado capturando com a peça
/// menos valiosa e podendo parar quando quiser. Diz se uma captura perde
/// material (captura "ruim") sem precisar pesquisá-la.
pub fn see(b: &TBoard, l: &TLance) -> i32 {
    let destino = l.casa_destino as usize;
    // ganho[n]: o que o lado que captura no passo n ganha, se a troca parar ali.
    let mut ganho = [0i32; 32];
    let mut ocupadas = b.ocupadas() ^ bit(l.casa_origem as usize);
    if l.especial & MSK_EN_PASSANT != 0 {
        // O peão capturado en passant não está no destino: sai do tabuleiro
        // para não bloquear (nem ser contado como) atacante.
        ocupadas ^= bit(casa_peao_capturado_en_passant(destino, b.vez));
    }
    let diagonais = b.bispos[0] | b.bispos[1] | b.damas[0] | b.damas[1];
    let retas = b.torres[0] | b.torres[1] | b.damas[0] | b.damas[1];
    let mut atacantes = b.todos_atacantes(destino, ocupadas) & ocupadas;
    ganho[0] = VALOR_PECA[l.peca_capturada as usize];
    let mut na_casa = if l.peca_promovida != NENHUMA {
        l.peca_promovida
    } else {
        l.peca
    };
    if l.peca_promovida != NENHUMA {
        ganho[0] += VALOR_PECA[l.peca_promovida as usize] - VALOR_PECA[PEAO as usize];
    }
    let mut lado = b.vez ^ 1;
    let mut n = 1;
    loop {
        let meus = atacantes & b.pecas[lado];
        if meus == 0 || n >= 32 {
            break;
        }
        // Menor atacante: capturar com a peça mais barata arrisca menos.
        let mut peca = PEAO;
        let mut de = 0;
        while peca <= REI {
            let x = meus & b.bb(peca)[lado];
            if x != 0 {
                de = x & x.wrapping_neg();
                break;
            }
            peca += 1;
        }
        ganho[n] = VALOR_PECA[na_casa as usize] - ganho[n - 1];
        if peca == REI && atacantes & b.pecas[lado ^ 1] != 0 {
            break; // o rei não pode capturar para uma casa defendida
        }
        na_casa = peca;
        ocupadas ^= de;
        // Raios X: a peça que saiu pode revelar outro atacante atrás dela.
        atacantes |= (ataques_bispo(destino, ocupadas) & diagonais)
            | (ataques_torre(destino, ocupadas) & retas);
        atacantes &= ocupadas;
        lado ^= 1;
        n += 1;
    }
    // De trás para a frente: cada lado só continua a troca se ela não piorar
    // o seu saldo (pode sempre parar de capturar).
    while n > 1 {
        n -= 1;
        ganho[n - 1] = -(-ganho[n - 1]).max(ganho[n]);
    }
    ganho[0]
}

/// Dá a cada lance seu `valor_lance`, na ordem do ICE 1.78 (ver o cabeçalho):
/// `lance_pv` e `lance_hash` (código, 0 se nenhum) vêm primeiro; `com_see`
/// decide se uma captura de peça menor por maior pode ainda ser "boa" pela
/// SEE (no ICE clássico, só pelo valor das peças). A busca não usa mais esta
/// função nos nós (o seletor em etapas, `seletor`, dá os mesmos valores aos
/// pedaços, com `valor_barulhento`, `valor_killer` e `valor_history`): ela
/// ordena a raiz e é a referência com que os testes conferem o seletor.
pub fn ordena_lances(
    b: &TBoard,
    ord: &TOrdenacao,
    lista: &mut TListaLances,
    ply: usize,
    lance_pv: TLance,
    lance_hash: u16,
    com_see: bool,
) {
    let killers = &ord.killers[ply.min(MAX_DEPTH - 1)];
    for l in lista.lances[..lista.n].iter_mut() {
        l.valor_lance = if lance_pv.existe() && mesmo_lance(l, &lance_pv) {
            ORD_PV
        } else if lance_hash != 0 && l.codigo() == lance_hash {
            ORD_HASH
        } else if !l.eh_quieto() {
            valor_barulhento(b, ord, l, com_see)
        } else if let Some(v) = valor_killer(killers, l) {
            v
        } else {
            valor_history(ord, b, l)
        };
        l.especial &= !MSK_SELECIONADO;
    }
}

/// O valor de ordem de uma captura ou promoção (um lance não quieto) que
/// não é o da PV nem o da tabela: promoção a dama, captura boa ou ruim por
/// MVV/LVA e SEE, ou subpromoção (com ou sem captura). Um killer nunca é
/// lance assim (só quietos entram nos killers), por isso os killers não
/// são olhados aqui.
#[inline(always)]
pub fn valor_barulhento(b: &TBoard, ord: &TOrdenacao, l: &TLance, com_see: bool) -> i32 {
    if l.peca_promovida == DAMA {
        ORD_PROMO_DAMA + VALOR_PECA[l.peca_capturada as usize]
    } else if l.peca_promovida == NENHUMA {
        // Uma captura. MVV/LVA: vítima mais valiosa primeiro; entre iguais,
        // atacante mais barato.
        let mvv_lva = VALOR_PECA[l.peca_capturada as usize] * 10 - l.peca as i32;
        // Vítima que vale o atacante nunca perde; as outras, só a SEE
        // diz (e ela é cara: só é chamada quando o valor não basta).
        let boa = VALOR_PECA[l.peca_capturada as usize] >= VALOR_PECA[l.peca as usize]
            || (com_see && see(b, l) >= 0);
        if boa {
            ORD_CAPTURA_BOA + mvv_lva
        } else if ord.ruins_depois {
            ORD_CAPTURA_RUIM_TARDIA + mvv_lva
        } else {
            ORD_CAPTURA_RUIM + mvv_lva
        }
    } else {
        ORD_SUBPROMOCAO + l.peca_promovida as i32
    }
}

/// O valor de ordem do quieto `l` se ele for um dos dois `killers` do ply
/// (o primeiro na frente; entre eles, o contador do ICE desempata).
#[inline(always)]
pub fn valor_killer(killers: &[TLance; 2], l: &TLance) -> Option<i32> {
    if killers[0].existe() && mesmo_lance(l, &killers[0]) {
        Some(ORD_KILLER + 2 + killers[0].valor_lance.min(KILLER_CONTADOR_MAXIMO))
    } else if killers[1].existe() && mesmo_lance(l, &killers[1]) {
        Some(ORD_KILLER + 1 + killers[1].valor_lance.min(KILLER_CONTADOR_MAXIMO))
    } else {
        None
    }
}

/// Devolve o melhor lance ainda não selecionado, movendo-o para a posição
/// `i`: ordenação por seleção, um lance por vez, porque um corte beta
/// costuma vir logo e o resto da lista nunca precisa ser ordenado. Porta de
/// `ObtemMelhorLance()` do ICE.
#[inline]
pub fn obtem_melhor_lance(lista: &mut TListaLances, i: usize) -> TLance {
    let mut melhor = i;
    for j in i + 1..lista.n {
        if lista.lances[j].valor_lance > lista.lances[melhor].valor_lance {
            melhor = j;
        }
    }
    lista.lances.swap(i, melhor);
    lista.lances[i].especial |= MSK_SELECIONADO;
    lista.lances[i]
}

/// Atualiza os killers do ply como o ICE: lance já presente ganha +1 no
/// contador; senão ocupa um slot vazio; senão, com contadores iguais,
/// substitui o slot que não foi o último substituído; senão o de menor
/// contador, que recomeça em 0. Só lances quietos entram (ICE 1.78).
pub fn atualiza_killers(ord: &mut TOrdenacao, l: &TLance, ply: usize) {
    if !l.eh_quieto() || ply >= MAX_DEPTH {
        return;
    }
    let k = &mut ord.killers[ply];
    for s in k.iter_mut() {
        if s.existe() && mesmo_lance(s, l) {
            s.valor_lance += 1;
            return;
        }
    }
    let slot = if !k[0].existe() {
        0
    } else if !k[1].existe() {
        1
    } else if k[0].valor_lance == k[1].valor_lance {
        1 - ord.ultimo_killer
    } else if k[0].valor_lance < k[1].valor_lance {
        0
    } else {
        1
    };
    k[slot] = *l;
    k[slot].valor_lance = 0;
    k[slot].especial &= !MSK_SELECIONADO;
    ord.ultimo_killer = slot;
}

/// History heuristic: soma `bonus` (negativo para penalizar) na casa do
/// lance; ao passar do teto, em módulo, toda a tabela é dividida por 2.
pub fn atualiza_history(ord: &mut TOrdenacao, cor: usize, l: &TLance, bonus: i32) {
    let h = &mut ord.history[cor][l.peca as usize][l.casa_destino as usize];
    *h += bonus;
    if h.abs() > HISTORY_MAXIMO {
        divide_history(ord, 2);
    }
}

/// A "gravidade" das tabelas limitadas (history e continuação):
/// `h += bônus − h·|bônus| / HISTORY_LIMITE`. Um valor perto do teto quase
/// não sobe mais, e um bônus contrário o puxa de volta depressa; nunca passa
/// de ±`HISTORY_LIMITE`.
#[inline(always)]
fn gravidade(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_LIMITE;
}

/// History limitada do quieto `l` de `cor`, com gravidade.
fn gravidade_history(ord: &mut TOrdenacao, cor: usize, l: &TLance, bonus: i32) {
    gravidade(
        &mut ord.history[cor][l.peca as usize][l.casa_destino as usize],
        bonus,
    );
}

/// History de continuação do par (`anterior`, `l`), com gravidade.
fn gravidade_continuacao(ord: &mut TOrdenacao, anterior: &TLance, l: &TLance, bonus: i32) {
    gravidade(&mut ord.continuacao[indice_continuacao(anterior, l)], bonus);
}

/// Um quieto `l` causou corte beta no `ply` da posição `b` (antes de
/// `l`): vira killer e ganha profundidade² na history (ICE); os `quietos`
/// pesquisados antes dele sem cortar perdem o mesmo (só ICE-rs), para que
/// a ordem aprenda também com o que falhou. Com a history limitada o
/// bônus é 32·prof² até `HISTORY_BONUS_MAXIMO`, com gravidade, e a history
/// de continuação do lance anterior aprende o mesmo.
pub fn registra_corte(
    ord: &mut TOrdenacao,
    b: &TBoard,
    l: &TLance,
    ply: usize,
    prof: i32,
    quietos: &[TLance],
) {
    let cor = b.vez;
    atualiza_killers(ord, l, ply);
    if ord.history_limitada {
        let bonus = (32 * prof * prof).min(HISTORY_BONUS_MAXIMO);
        gravidade_history(ord, cor, l, bonus);
        for q in quietos {
            gravidade_history(ord, cor, q, -bonus);
        }
        if let Some(a) = lance_anterior(b).filter(|_| ord.com_continuacao) {
            gravidade_continuacao(ord, &a, l, bonus);
            for q in quietos {
                gravidade_continuacao(ord, &a, q, -bonus);
            }
        }
        return;
    }
    atualiza_history(ord, cor, l, prof * prof);
    for q in quietos {
        atualiza_history(ord, cor, q, -prof * prof);
    }
}
