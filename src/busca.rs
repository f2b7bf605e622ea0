//! A busca do ICE: aprofundamento iterativo, AlphaBeta, quiescência, tabela
//! de transposição, lance nulo R=2, extensão de xeque, killers e history.
//!
//! Nível 6: depende de `tabuleiro`, `geracao`, `avaliacao`, `hash`, `tempo`,
//! `entrada`. Porta de `busca.c` do ICE (seções 4.4–4.5 do artigo), com as
//! melhorias que os próprios autores listaram como próximos passos (4.8.3):
//! SEE, futilidade, LMR e extensão por ameaça de mate. Todas elas ficam atrás
//! de `TBusca::classico`: com ele ligado a busca é a do "ICE clássico" (1.78).
//!
//! Convenções:
//! * negamax *fail-soft*: um nó pode devolver valores fora de (α, β), o que
//!   dá limites mais justos à tabela de transposição;
//! * escores em centipeões do ponto de vista do lado a jogar; mate = MATE − ply
//!   (a distância conta, para preferir o mate mais curto);
//! * nada é alocado durante a busca: listas de lances e PVs são vetores fixos
//!   na pilha de cada nó.
//!
//! A busca não conhece o protocolo: a entrada chega por `entrada`, e a saída
//! é a linha de pensamento que o `ImprimePV` do ICE já imprimia.

use crate::avaliacao::{eval, nova_avaliacao, TAvaliacao};
use crate::bitboard::*;
use crate::entrada::{verifica_entrada, TEntrada, TInfoBusca, TReacao};
use crate::geracao::gera_lista_lances;
use crate::hash::*;
use crate::lance::*;
use crate::tabuleiro::TBoard;
use crate::tempo::TLimites;
use crate::tipos::*;
use std::time::Instant;

// --- Parâmetros da busca (cada um com o porquê) ---
/// Redução fixa do lance nulo. ICE: R = 2; o R variável foi testado e ficou pior.
pub const R_NULO: i32 = 2;
/// Largura inicial da janela de aspiração (ICE 50f3dea: 50).
pub const JANELA_ASPIRACAO: i32 = 50;
/// Profundidade a partir da qual a janela de aspiração é usada.
const PROF_ASPIRACAO: i32 = 4;
/// Margem da poda de futilidade na profundidade 1 (ICE 50f3dea: 200).
pub const MARGEM_FUTILIDADE: i32 = 200;
/// Margem da futilidade "reversa" por ply de profundidade (só ICE-rs).
const MARGEM_FUTILIDADE_REVERSA: i32 = 90;
/// LMR: só a partir desta profundidade restante…
const LMR_PROFUNDIDADE: i32 = 3;
/// …e depois de tantos lances já pesquisados no nó.
const LMR_LANCES: usize = 3;
/// LMR: a redução cresce com ln(profundidade)·ln(número do lance) ÷ este
/// divisor. Uma redução fixa corta pouco nas árvores fundas e
/// demais nas rasas; o logaritmo acompanha o quanto a ordenação já errou.
const LMR_DIVISOR: f64 = 2.25;
/// LMP: até esta profundidade restante, depois de 3 + prof² lances, os
/// quietos que sobram não são nem pesquisados (a ordenação já pôs na frente
/// tudo que tinha chance de cortar).
const LMP_PROFUNDIDADE: i32 = 3;
/// Poda de quietos pela SEE: até a profundidade LMP_PROFUNDIDADE, um quieto que
/// perde mais que isso × prof na troca (peça para uma casa atacada) é podado.
const MARGEM_SEE_QUIETOS: i32 = 80;
/// Quantos quietos por nó a history lembra para penalizar quando outro corta.
const MAX_QUIETOS: usize = 64;
/// Teto da tabela history: ao passar, tudo é dividido por 2 (nunca transborda
/// e os cortes recentes pesam mais que os antigos).
const HISTORY_MAXIMO: i32 = 1 << 20;
/// Verifica relógio e entrada a cada tantos nós (potência de 2 − 1).
const MASCARA_RELOGIO: u64 = 2047;

// --- Melhorias pós-ICE (seção 4.8.3), cada uma desligável para medir ---
/// SEE para separar capturas boas e ruins, podar as ruins na quiescência e,
/// perto do horizonte, os lances quietos que entregam material.
pub const MELHORIA_SEE: u32 = 1;
/// Futilidade na profundidade 1 e futilidade reversa até a 3.
pub const MELHORIA_FUTILIDADE: u32 = 2;
/// Reduções de lances tardios (LMR).
pub const MELHORIA_LMR: u32 = 4;
/// Extensão por ameaça de mate, vista pelo lance nulo.
pub const MELHORIA_AMEACA_MATE: u32 = 8;
/// Poda delta na quiescência.
pub const MELHORIA_DELTA: u32 = 16;
/// Poda dos quietos tardios perto do horizonte (LMP).
pub const MELHORIA_LMP: u32 = 32;
/// Todas as melhorias.
pub const TODAS_MELHORIAS: u32 = 63;

/// Nomes das melhorias (para `--sem see,lmr` na linha de comando).
pub const NOMES_MELHORIAS: [(&str, u32); 6] = [
    ("see", MELHORIA_SEE),
    ("futilidade", MELHORIA_FUTILIDADE),
    ("lmr", MELHORIA_LMR),
    ("ameaca", MELHORIA_AMEACA_MATE),
    ("delta", MELHORIA_DELTA),
    ("lmp", MELHORIA_LMP),
];

// --- Faixas de ordenação (ordem do ICE, seção 4.5) ---
const ORD_PV: i32 = 30_000_000;
const ORD_HASH: i32 = 29_000_000;
const ORD_PROMO_DAMA: i32 = 28_000_000;
const ORD_CAPTURA_BOA: i32 = 27_000_000;
const ORD_CAPTURA_RUIM: i32 = 26_000_000;
const ORD_KILLER: i32 = 25_000_000;
const ORD_SUBPROMOCAO: i32 = 24_000_000;

/// O que cada ply usa: sua lista de lances e sua PV. A pilha inteira é
/// alocada uma vez (ICE: `listaLances[2000]` com um índice por ply), porque
/// zerar 4 KB a cada nó custaria mais que gerar os lances.
#[derive(Clone, Copy, Default)]
pub struct TNoPilha {
    pub lista: TListaLances,
    pub pv: TPv,
}

/// O estado da busca: o que no ICE eram variáveis globais.
pub struct TBusca {
    pub tt: TTabelaHash,
    pub av: TAvaliacao,
    pub entrada: TEntrada,
    /// Imprimir as linhas de pensamento (`post`)?
    pub post: bool,
    /// Modo "ICE clássico": desliga SEE, futilidade, LMR e ameaça de mate.
    pub classico: bool,
    /// Quais melhorias pós-ICE estão ligadas (bits `MELHORIA_*`).
    pub melhorias: u32,
    /// Pensando no tempo do oponente (só para numa ordem de fora ou no acerto).
    pub ponderando: bool,
    /// Modo de análise: busca sem fim, nunca joga.
    pub analisando: bool,
    /// Lance esperado do oponente durante o ponder.
    pub lance_ponder: TLance,
    /// Limites que passam a valer quando o ponder acerta.
    pub limites_ponderhit: TLimites,
    /// Dois killers por ply; `valor_lance` de cada um é o contador do ICE.
    pub killers: [[TLance; 2]; MAX_DEPTH],
    /// Slot substituído por último (ICE: uma lembrança só para todos os plies).
    ultimo_killer: usize,
    /// History heuristic: [lado][peça][destino], como a tabela do ICE.
    pub history: [[[i32; 64]; 7]; 2],
    /// Nós visitados (AlphaBeta + quiescência).
    pub nos: u64,
    /// Nós ao fim de cada iteração completa (para o fator de ramificação).
    pub nos_iteracao: [u64; MAX_DEPTH],
    inicio: Instant,
    limites: TLimites,
    /// Fim de tempo ou ordem de parar.
    pub parar: bool,
    /// A PV da iteração anterior, seguida no começo de cada iteração.
    pv_anterior: TPv,
    seguindo_pv: bool,
    /// Profundidade da iteração corrente (para limitar as extensões).
    prof_iteracao: i32,
    /// Lances da raiz ainda por pesquisar na iteração (para `stat01`).
    restantes_raiz: u32,
    total_raiz: u32,
    lance_atual_raiz: TLance,
    /// O ponder acertou durante esta busca.
    pub ponder_acertou: bool,
    /// Pilha de listas e PVs, um elemento por ply.
    pilha: Vec<TNoPilha>,
    /// Reduções do LMR por [profundidade][número do lance], calculadas uma
    /// vez (o logaritmo não entra no laço da busca).
    reducoes_lmr: [[u8; 64]; 64],
}

/// O resultado de uma busca.
#[derive(Clone, Copy, Default)]
pub struct TResultado {
    /// Melhor lance (LANCE_NULO se não há lances).
    pub lance: TLance,
    /// Escore do ponto de vista do lado a jogar.
    pub escore: i32,
    pub pv: TPv,
    /// Última iteração completa.
    pub profundidade: i32,
    pub nos: u64,
    pub ms: u64,
    /// O ponder acertou: o lance do oponente já está no tabuleiro.
    pub ponder_hit: bool,
}

/// Cria o estado da busca com uma tabela de `mb` megabytes.
pub fn nova_busca(mb: usize) -> TBusca {
    TBusca {
        tt: nova_tabela_hash(mb),
        av: nova_avaliacao(),
        entrada: TEntrada::default(),
        post: true,
        classico: false,
        melhorias: TODAS_MELHORIAS,
        ponderando: false,
        analisando: false,
        lance_ponder: LANCE_NULO,
        limites_ponderhit: TLimites::default(),
        killers: [[LANCE_NULO; 2]; MAX_DEPTH],
        ultimo_killer: 0,
        history: [[[0; 64]; 7]; 2],
        nos: 0,
        nos_iteracao: [0; MAX_DEPTH],
        inicio: Instant::now(),
        limites: TLimites::default(),
        parar: false,
        pv_anterior: TPv::default(),
        seguindo_pv: false,
        prof_iteracao: 0,
        restantes_raiz: 0,
        total_raiz: 0,
        lance_atual_raiz: LANCE_NULO,
        ponder_acertou: false,
        pilha: vec![TNoPilha::default(); MAX_DEPTH + 1],
        reducoes_lmr: tabela_lmr(),
    }
}

/// A tabela de reduções do LMR: ⌊ln(prof)·ln(lance) ÷ divisor + ½⌋.
fn tabela_lmr() -> [[u8; 64]; 64] {
    let mut t = [[0u8; 64]; 64];
    for (prof, linha) in t.iter_mut().enumerate().skip(1) {
        for (n, r) in linha.iter_mut().enumerate().skip(1) {
            *r = ((prof as f64).ln() * (n as f64).ln() / LMR_DIVISOR + 0.5) as u8;
        }
    }
    t
}

/// A melhoria `m` está ligada? (nunca no modo clássico)
#[inline(always)]
pub fn usa(bu: &TBusca, m: u32) -> bool {
    !bu.classico && bu.melhorias & m != 0
}

/// Muda o tamanho da tabela de transposição (comando `memory`).
pub fn redimensiona_hash(bu: &mut TBusca, mb: usize) {
    bu.tt = nova_tabela_hash(mb);
}

/// Nova partida: esquece tabela, history e killers.
pub fn limpa_busca(bu: &mut TBusca) {
    limpa_tabela_hash(&mut bu.tt);
    bu.history = [[[0; 64]; 7]; 2];
    bu.killers = [[LANCE_NULO; 2]; MAX_DEPTH];
}

/// Milissegundos desde o início da busca.
#[inline]
pub fn tempo_decorrido_ms(bu: &TBusca) -> u64 {
    bu.inicio.elapsed().as_millis() as u64
}

/// Escore no formato do protocolo xboard: centipeões, ou ±(100000 + N) para
/// mate em N lances.
pub fn escore_xboard(escore: i32) -> i32 {
    if escore >= LIMIAR_MATE {
        100_000 + (MATE - escore + 1) / 2
    } else if escore <= -LIMIAR_MATE {
        -(100_000 + (MATE + escore) / 2)
    } else {
        escore
    }
}

/// Imprime a linha de pensamento no formato do ICE: `ply escore tempo nós pv`
/// (tempo em centésimos). Porta de `ImprimePV()`.
fn imprime_pv(bu: &TBusca, prof: i32, escore: i32, pv: &TPv) {
    if !bu.post {
        return;
    }
    let mut s = format!(
        "{:2} {:6} {:6} {:9}",
        prof,
        escore_xboard(escore),
        tempo_decorrido_ms(bu) / 10,
        bu.nos
    );
    for l in &pv.lances[..pv.num_lances] {
        s.push(' ');
        s.push_str(&lance_para_texto(l));
    }
    // Pela `entrada::envia`: linha inteira, flush, e no registro
    // (RUST_LOG=debug) junto com o resto da transcrição do protocolo.
    crate::entrada::envia(&s);
}

/// Confere relógio, limite de nós e entrada. Chamado a cada 2048 nós.
fn verifica_parada(bu: &mut TBusca) {
    let ms = tempo_decorrido_ms(bu);
    let lim = bu.limites;
    if !lim.infinito && !bu.ponderando {
        if lim.tempo_max_ms > 0 && ms >= lim.tempo_max_ms {
            bu.parar = true;
        }
        if lim.nos > 0 && bu.nos >= lim.nos {
            bu.parar = true;
        }
    }
    let info = TInfoBusca {
        ms,
        nos: bu.nos,
        profundidade: bu.prof_iteracao.max(0) as u32,
        lances_restantes: bu.restantes_raiz,
        lances_total: bu.total_raiz,
        lance_atual: bu.lance_atual_raiz,
        ponderando: bu.ponderando,
        analisando: bu.analisando,
        lance_ponder: bu.lance_ponder,
    };
    match verifica_entrada(&mut bu.entrada, &info) {
        TReacao::Continua => {}
        TReacao::Para => bu.parar = true,
        TReacao::PonderHit => {
            // O oponente jogou o esperado: a busca segue, agora com relógio.
            // O tempo já pensado é lucro: os limites contam a partir daqui.
            bu.ponderando = false;
            let ja = ms;
            bu.limites = bu.limites_ponderhit;
            if bu.limites.tempo_max_ms > 0 {
                bu.limites.tempo_max_ms += ja;
                bu.limites.tempo_alvo_ms += ja;
            }
            bu.limites.infinito = false;
            bu.ponder_acertou = true;
        }
    }
}

// ---------------------------------------------------------------------------
// Ordenação de lances (seção 4.5)
// ---------------------------------------------------------------------------

/// Static Exchange Evaluation: saldo material da sequência de capturas em
/// `destino`, começando pelo lance `l`, com cada lado capturando com a peça
/// menos valiosa e podendo parar quando quiser. Diz se uma captura perde
/// material (captura "ruim") sem precisar pesquisá-la.
pub fn see(b: &TBoard, l: &TLance) -> i32 {
    let destino = l.casa_destino as usize;
    let mut ganho = [0i32; 32];
    let mut ocupadas = b.ocupadas() ^ bit(l.casa_origem as usize);
    if l.especial & MSK_EN_PASSANT != 0 {
        let cap = if b.vez == BRANCAS {
            destino + 8
        } else {
            destino - 8
        };
        ocupadas ^= bit(cap);
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
        // Menor atacante.
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
        atacantes |= (crate::ataques::ataques_bispo(destino, ocupadas) & diagonais)
            | (crate::ataques::ataques_torre(destino, ocupadas) & retas);
        atacantes &= ocupadas;
        lado ^= 1;
        n += 1;
    }
    while n > 1 {
        n -= 1;
        ganho[n - 1] = -(-ganho[n - 1]).max(ganho[n]);
    }
    ganho[0]
}

/// Dá a cada lance seu `valor_lance`, na ordem do ICE 1.78: lance da PV,
/// lance da tabela hash, promoções a dama, capturas boas (MVV/LVA), capturas
/// ruins, os dois killers, subpromoções e, por fim, os quietos pela history.
pub fn ordena_lances(
    b: &TBoard,
    bu: &TBusca,
    lista: &mut TListaLances,
    ply: usize,
    lance_hash: u16,
) {
    let lance_pv = if bu.seguindo_pv && ply < bu.pv_anterior.num_lances {
        bu.pv_anterior.lances[ply]
    } else {
        LANCE_NULO
    };
    let killers = &bu.killers[ply.min(MAX_DEPTH - 1)];
    for l in lista.lances[..lista.n].iter_mut() {
        l.valor_lance = if lance_pv.existe() && mesmo_lance(l, &lance_pv) {
            ORD_PV
        } else if lance_hash != 0 && l.codigo() == lance_hash {
            ORD_HASH
        } else if l.peca_promovida == DAMA {
            ORD_PROMO_DAMA + VALOR_PECA[l.peca_capturada as usize]
        } else if l.eh_captura() && l.peca_promovida == NENHUMA {
            // MVV/LVA: vítima mais valiosa primeiro; entre iguais, atacante mais barato.
            let mvv_lva = VALOR_PECA[l.peca_capturada as usize] * 10 - l.peca as i32;
            let boa = if !usa(bu, MELHORIA_SEE) {
                VALOR_PECA[l.peca_capturada as usize] >= VALOR_PECA[l.peca as usize]
            } else {
                VALOR_PECA[l.peca_capturada as usize] >= VALOR_PECA[l.peca as usize]
                    || see(b, l) >= 0
            };
            if boa {
                ORD_CAPTURA_BOA + mvv_lva
            } else {
                ORD_CAPTURA_RUIM + mvv_lva
            }
        } else if killers[0].existe() && mesmo_lance(l, &killers[0]) {
            ORD_KILLER + 2 + killers[0].valor_lance.min(1000)
        } else if killers[1].existe() && mesmo_lance(l, &killers[1]) {
            ORD_KILLER + 1 + killers[1].valor_lance.min(1000)
        } else if l.peca_promovida != NENHUMA {
            ORD_SUBPROMOCAO + l.peca_promovida as i32
        } else {
            bu.history[b.vez][l.peca as usize][l.casa_destino as usize]
        };
        l.especial &= !MSK_SELECIONADO;
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
pub fn atualiza_killers(bu: &mut TBusca, l: &TLance, ply: usize) {
    if !l.eh_quieto() || ply >= MAX_DEPTH {
        return;
    }
    let k = &mut bu.killers[ply];
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
        1 - bu.ultimo_killer
    } else if k[0].valor_lance < k[1].valor_lance {
        0
    } else {
        1
    };
    k[slot] = *l;
    k[slot].valor_lance = 0;
    k[slot].especial &= !MSK_SELECIONADO;
    bu.ultimo_killer = slot;
}

/// History heuristic: o lance quieto que causou corte ganha profundidade²
/// (ICE) e os quietos pesquisados antes dele sem cortar perdem o mesmo (só
/// ICE-rs); ao passar do teto, em módulo, toda a tabela é dividida por 2.
fn atualiza_history(bu: &mut TBusca, cor: usize, l: &TLance, bonus: i32) {
    let h = &mut bu.history[cor][l.peca as usize][l.casa_destino as usize];
    *h += bonus;
    if h.abs() > HISTORY_MAXIMO {
        for lado in bu.history.iter_mut() {
            for peca in lado.iter_mut() {
                for v in peca.iter_mut() {
                    *v /= 2;
                }
            }
        }
    }
}

/// O lado a jogar tem peça além de rei e peões? (Guarda contra o zugzwang no
/// lance nulo: em finais de rei e peões passar a vez costuma ser a melhor
/// "jogada", o que o lance nulo não pode supor.)
#[inline]
fn tem_pecas(b: &TBoard, cor: usize) -> bool {
    b.pecas[cor] & !(b.peoes[cor] | b.rei[cor]) != 0
}

/// As condições do lance nulo que dependem da posição: fora de xeque (passar
/// a vez em xeque seria ilegal), com peças além de rei e peões (zugzwang) e
/// com β longe de um mate (um corte "por mate" com o nulo não prova nada).
pub fn pode_fazer_nulo(b: &TBoard, em_xeque: bool, beta: i32) -> bool {
    !em_xeque && tem_pecas(b, b.vez) && beta.abs() < LIMIAR_MATE
}

/// Empate pelas regras (repetição, 50 lances, material insuficiente)?
#[inline]
fn empate_por_regra(b: &TBoard) -> bool {
    b.meio_lances >= 100 || b.repeticoes() >= 1 || b.material_insuficiente()
}

// ---------------------------------------------------------------------------
// Quiescência
// ---------------------------------------------------------------------------

/// Busca só de lances "barulhentos" (capturas e promoções a dama) até a
/// posição ficar quieta, para não avaliar no meio de uma troca. Em xeque
/// pesquisa todas as evasões, para que os mates no horizonte apareçam.
/// Porta de `Quiescence()` do ICE.
pub fn quiescence(
    b: &mut TBoard,
    bu: &mut TBusca,
    pilha: &mut [TNoPilha],
    mut alfa: i32,
    beta: i32,
    ply: usize,
) -> i32 {
    // Passo 1. Contagem de nós e verificação periódica do relógio.
    bu.nos += 1;
    if bu.nos & MASCARA_RELOGIO == 0 {
        verifica_parada(bu);
    }
    if bu.parar {
        return 0;
    }
    if b.material_insuficiente() {
        return 0;
    }
    let Some((no, resto)) = pilha.split_first_mut() else {
        return eval(b, &mut bu.av, alfa, beta);
    };
    if ply >= MAX_DEPTH - 1 || resto.is_empty() {
        return eval(b, &mut bu.av, alfa, beta);
    }
    let lista = &mut no.lista;

    // Passo 2. Stand-pat: fora de xeque, o lado a jogar pode "não capturar".
    let em_xeque = b.em_xeque();
    let mut melhor;
    if em_xeque {
        melhor = -MATE + ply as i32;
        gera_lista_lances(b, GERA_TODOS, lista);
        if lista.n == 0 {
            return melhor; // mate
        }
    } else {
        melhor = eval(b, &mut bu.av, alfa, beta);
        if melhor >= beta {
            return melhor;
        }
        if melhor > alfa {
            alfa = melhor;
        }
        gera_lista_lances(b, GERA_QUIESCENCE, lista);
    }
    let estatica = melhor;

    // Passo 3. Capturas em ordem MVV/LVA.
    ordena_lances(b, bu, lista, ply, 0);
    for i in 0..lista.n {
        let l = obtem_melhor_lance(lista, i);
        if !em_xeque && usa(bu, MELHORIA_DELTA) {
            // Poda delta: nem capturando a peça (e promovendo) o lado alcança α.
            let ganho = VALOR_PECA[l.peca_capturada as usize]
                + if l.peca_promovida != NENHUMA {
                    VALOR_PECA[DAMA as usize]
                } else {
                    0
                };
            if estatica + ganho + MARGEM_FUTILIDADE < alfa {
                continue;
            }
        }
        if !em_xeque
            && usa(bu, MELHORIA_SEE)
            && l.peca_promovida == NENHUMA
            && VALOR_PECA[l.peca_capturada as usize] < VALOR_PECA[l.peca as usize]
            && see(b, &l) < 0
        {
            // Captura que perde material pelo SEE não muda nada na quiescência.
            continue;
        }
        b.make(&l);
        let v = -quiescence(b, bu, resto, -beta, -alfa, ply + 1);
        b.unmake();
        if bu.parar {
            return 0;
        }
        if v > melhor {
            melhor = v;
            if v > alfa {
                alfa = v;
                if v >= beta {
                    break;
                }
            }
        }
    }
    melhor
}

// ---------------------------------------------------------------------------
// AlphaBeta
// ---------------------------------------------------------------------------

/// Negamax com poda alfa-beta (fail-soft) e busca de variante principal.
/// Porta de `AlphaBeta()` do ICE. `nulo` diz se o lance nulo é permitido
/// (nunca dois seguidos). Os oito parâmetros são os do ICE mais o `&mut`
/// do estado: juntá-los numa struct só esconderia o que a recursão muda.
#[allow(clippy::too_many_arguments)]
pub fn alpha_beta(
    b: &mut TBoard,
    bu: &mut TBusca,
    pilha: &mut [TNoPilha],
    mut alfa: i32,
    mut beta: i32,
    prof: i32,
    ply: usize,
    nulo: bool,
) -> i32 {
    if let Some(no) = pilha.first_mut() {
        no.pv.num_lances = 0;
    }
    let no_pv = beta - alfa > 1;

    // Passo 1. No horizonte, a quiescência decide.
    if prof <= 0 {
        return quiescence(b, bu, pilha, alfa, beta, ply);
    }
    bu.nos += 1;
    if bu.nos & MASCARA_RELOGIO == 0 {
        verifica_parada(bu);
    }
    if bu.parar {
        return 0;
    }

    // Passo 2. Empates pelas regras e limite de ply.
    if empate_por_regra(b) {
        return 0;
    }
    let Some((no, resto)) = pilha.split_first_mut() else {
        return eval(b, &mut bu.av, alfa, beta);
    };
    if ply >= MAX_DEPTH - 1 || resto.is_empty() {
        return eval(b, &mut bu.av, alfa, beta);
    }
    // Poda pela distância do mate: nada aqui supera um mate já achado mais perto.
    alfa = alfa.max(-MATE + ply as i32);
    beta = beta.min(MATE - ply as i32 - 1);
    if alfa >= beta {
        return alfa;
    }

    // Passo 3. Tabela de transposição: corte fora dos nós PV; senão o lance
    // guardado só serve para a ordenação.
    let mut lance_hash = 0u16;
    if let Some(e) = le_hash(&bu.tt, b.chave_hash, ply) {
        lance_hash = e.lance;
        let v = e.escore as i32;
        if !no_pv && e.profundidade as i32 >= prof {
            let corta = match e.tipo() {
                HASH_EXATO => true,
                HASH_INFERIOR => v >= beta,
                _ => v <= alfa,
            };
            if corta {
                return v;
            }
        }
    }

    let em_xeque = b.em_xeque();
    let estatica = if em_xeque {
        -INFINITO
    } else {
        eval(b, &mut bu.av, alfa, beta)
    };

    // Passo 4. Futilidade reversa (só ICE-rs): longe da raiz e muito acima de
    // β, nenhuma resposta razoável do adversário traria o escore de volta.
    if usa(bu, MELHORIA_FUTILIDADE) && !no_pv && !em_xeque && prof <= 3 && beta.abs() < LIMIAR_MATE
    {
        let margem = MARGEM_FUTILIDADE_REVERSA * prof;
        if estatica - margem >= beta {
            return estatica - margem;
        }
    }

    // Passo 5. Lance nulo, R = 2 fixo (ICE): se mesmo passando a vez o lado
    // continua acima de β, o nó quase certamente corta. Não em xeque, nem
    // duas vezes seguidas, nem só com rei e peões (zugzwang), nem quando β
    // já é um mate.
    let mut ameaca_mate = false;
    if nulo && !no_pv && prof > R_NULO && estatica >= beta && pode_fazer_nulo(b, em_xeque, beta) {
        b.make_null_move();
        let v = -alpha_beta(
            b,
            bu,
            resto,
            -beta,
            -beta + 1,
            prof - 1 - R_NULO,
            ply + 1,
            false,
        );
        b.unmake_null_move();
        if bu.parar {
            return 0;
        }
        if v >= beta {
            // Um mate achado com o lance nulo não está provado: devolve β.
            return if v >= LIMIAR_MATE { beta } else { v };
        }
        // Extensão por ameaça de mate (só ICE-rs): passar a vez leva a mate,
        // então a posição é perigosa e merece um ply a mais.
        if usa(bu, MELHORIA_AMEACA_MATE) && v <= -LIMIAR_MATE {
            ameaca_mate = true;
        }
    }

    // Passo 6. Gera e ordena os lances. Sem lances: mate ou afogamento.
    let lista = &mut no.lista;
    gera_lista_lances(b, GERA_TODOS, lista);
    if lista.n == 0 {
        return if em_xeque { -MATE + ply as i32 } else { 0 };
    }
    ordena_lances(b, bu, lista, ply, lance_hash);

    let alfa_original = alfa;
    let mut melhor = -INFINITO;
    let mut melhor_lance = LANCE_NULO;
    // Quietos já pesquisados sem corte: se outro quieto cortar, eles perdem
    // pontos na history (só ICE-rs; o ICE só somava no lance do corte).
    let mut quietos = [LANCE_NULO; MAX_QUIETOS];
    let mut n_quietos = 0;
    // LMP e SEE dos quietos só podam perto do horizonte, fora da PV e de xeque.
    let perto_do_horizonte = !no_pv && !em_xeque && prof <= LMP_PROFUNDIDADE;
    let pode_podar_see = usa(bu, MELHORIA_SEE) && perto_do_horizonte;
    // Futilidade (ICE 50f3dea, só ICE-rs aqui): a um ply do horizonte, um
    // lance quieto não recupera uma desvantagem maior que a margem.
    let futil = usa(bu, MELHORIA_FUTILIDADE)
        && prof == 1
        && !em_xeque
        && !no_pv
        && estatica + MARGEM_FUTILIDADE <= alfa;
    // LMP (só ICE-rs): os quietos além dos primeiros 3 + prof² não são pesquisados.
    let limite_lmp = if usa(bu, MELHORIA_LMP) && perto_do_horizonte {
        (3 + prof * prof) as usize
    } else {
        usize::MAX
    };

    for i in 0..lista.n {
        let l = obtem_melhor_lance(lista, i);
        if i == 0 {
            // Só o primeiro lance continua na PV da iteração anterior.
        } else {
            bu.seguindo_pv = false;
        }
        // LMP e SEE nunca podam o primeiro lance, um killer, nem enquanto só
        // há mate contra (é preciso achar uma defesa de verdade).
        let podavel = i > 0 && l.eh_quieto() && l.valor_lance < ORD_KILLER && melhor > -LIMIAR_MATE;
        let lmp = podavel && i >= limite_lmp;
        // A SEE olha o tabuleiro de antes do lance; não é calculada para quem a
        // futilidade ou o LMP já vão podar.
        let poda = futil && i > 0 || lmp;
        let perde_material =
            !poda && podavel && pode_podar_see && see(b, &l) < -MARGEM_SEE_QUIETOS * prof;
        b.make(&l);
        let da_xeque = b.em_xeque();

        if (poda || perde_material) && l.eh_quieto() && !da_xeque {
            b.unmake();
            continue;
        }

        // Passo 7. Extensões. Xeque: +1 ply (ICE), limitado a plies menores
        // que o dobro da iteração, para que uma sequência de xeques não faça a
        // árvore explodir. Ameaça de mate: +1 (só ICE-rs).
        let mut extensao = 0;
        if (da_xeque || ameaca_mate) && (ply as i32) < 2 * bu.prof_iteracao {
            extensao = 1;
        }
        let nova_prof = prof - 1 + extensao;

        // Passo 8. PVS: o primeiro lance com janela cheia, os demais com janela
        // nula; LMR reduz os quietos tardios (só ICE-rs).
        let v = if i == 0 {
            -alpha_beta(b, bu, resto, -beta, -alfa, nova_prof, ply + 1, true)
        } else {
            let mut reducao = 0;
            if usa(bu, MELHORIA_LMR)
                && prof >= LMR_PROFUNDIDADE
                && i >= LMR_LANCES
                && !em_xeque
                && !da_xeque
                && extensao == 0
                && l.eh_quieto()
                && l.valor_lance < ORD_KILLER
            {
                reducao = bu.reducoes_lmr[(prof as usize).min(63)][i.min(63)] as i32;
                // Na PV a ordenação vale mais: reduz um ply a menos.
                reducao = (reducao - no_pv as i32).min(nova_prof - 1).max(0);
            }
            let mut v = -alpha_beta(
                b,
                bu,
                resto,
                -alfa - 1,
                -alfa,
                nova_prof - reducao,
                ply + 1,
                true,
            );
            if v > alfa && reducao > 0 {
                v = -alpha_beta(b, bu, resto, -alfa - 1, -alfa, nova_prof, ply + 1, true);
            }
            if v > alfa && v < beta {
                v = -alpha_beta(b, bu, resto, -beta, -alfa, nova_prof, ply + 1, true);
            }
            v
        };
        b.unmake();
        if bu.parar {
            return 0;
        }

        // Passo 9. Melhor lance, PV e cortes.
        if v > melhor {
            melhor = v;
            melhor_lance = l;
            if v > alfa {
                alfa = v;
                no.pv.atualiza(l, &resto[0].pv);
                if v >= beta {
                    if l.eh_quieto() {
                        atualiza_killers(bu, &l, ply);
                        atualiza_history(bu, b.vez, &l, prof * prof);
                        for q in &quietos[..n_quietos] {
                            atualiza_history(bu, b.vez, q, -prof * prof);
                        }
                    }
                    break;
                }
            }
        }
        if l.eh_quieto() && n_quietos < MAX_QUIETOS {
            quietos[n_quietos] = l;
            n_quietos += 1;
        }
    }

    if melhor == -INFINITO {
        // Todos os lances foram podados pela futilidade: fica a estática.
        return estatica;
    }

    // Passo 10. Grava na tabela de transposição.
    let tipo = if melhor >= beta {
        HASH_INFERIOR
    } else if melhor > alfa_original {
        HASH_EXATO
    } else {
        HASH_SUPERIOR
    };
    grava_hash(
        &mut bu.tt,
        b.chave_hash,
        melhor_lance.codigo(),
        melhor,
        prof,
        tipo,
        ply,
    );
    melhor
}

// ---------------------------------------------------------------------------
// Raiz e aprofundamento iterativo
// ---------------------------------------------------------------------------

/// Pesquisa a raiz: como `alpha_beta`, mas imprime uma linha de pensamento a
/// cada melhora de α (como o ICE) e guarda o melhor lance mesmo se a
/// iteração for interrompida.
#[allow(clippy::too_many_arguments)]
fn busca_raiz(
    b: &mut TBoard,
    bu: &mut TBusca,
    lista: &mut TListaLances,
    pilha: &mut [TNoPilha],
    mut alfa: i32,
    beta: i32,
    prof: i32,
    pv: &mut TPv,
    melhor_parcial: &mut Option<(TLance, i32)>,
) -> i32 {
    let mut melhor = -INFINITO;
    bu.total_raiz = lista.n as u32;
    for i in 0..lista.n {
        let l = obtem_melhor_lance(lista, i);
        bu.restantes_raiz = (lista.n - i) as u32;
        bu.lance_atual_raiz = l;
        bu.seguindo_pv = i == 0;
        b.make(&l);
        let da_xeque = b.em_xeque();
        let nova_prof = prof - 1 + da_xeque as i32;
        let v = if i == 0 {
            -alpha_beta(b, bu, pilha, -beta, -alfa, nova_prof, 1, true)
        } else {
            let mut v = -alpha_beta(b, bu, pilha, -alfa - 1, -alfa, nova_prof, 1, true);
            if v > alfa && v < beta && !bu.parar {
                v = -alpha_beta(b, bu, pilha, -beta, -alfa, nova_prof, 1, true);
            }
            v
        };
        b.unmake();
        if bu.parar {
            break;
        }
        // Valor de ordenação da próxima iteração: o escore (o melhor vai à frente).
        lista.lances[i].valor_lance = v;
        if v > melhor {
            melhor = v;
            if v > alfa {
                alfa = v;
                pv.atualiza(l, &pilha[0].pv);
                if v < beta {
                    *melhor_parcial = Some((l, v));
                    imprime_pv(bu, prof, v, pv);
                } else {
                    break;
                }
            }
        }
    }
    melhor
}

/// Aprofundamento iterativo com janela de aspiração: a porta de `Busca()` do
/// ICE. Devolve o melhor lance da última iteração completa, ou o da corrente
/// quando ela já achou um melhor.
pub fn busca(b: &mut TBoard, bu: &mut TBusca, lim: &TLimites) -> TResultado {
    bu.inicio = Instant::now();
    bu.limites = *lim;
    bu.nos = 0;
    bu.parar = false;
    bu.ponder_acertou = false;
    bu.nos_iteracao = [0; MAX_DEPTH];
    bu.pv_anterior = TPv::default();
    // ICE: killers zerados a cada busca; a history é envelhecida (não zerada).
    bu.killers = [[LANCE_NULO; 2]; MAX_DEPTH];
    for lado in bu.history.iter_mut() {
        for peca in lado.iter_mut() {
            for v in peca.iter_mut() {
                *v /= 8;
            }
        }
    }
    envelhece_hash(&mut bu.tt);

    let mut r = TResultado::default();
    let mut lista = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut lista);
    if lista.n == 0 {
        r.escore = if b.em_xeque() { -MATE } else { 0 };
        espera_fim_infinito(bu);
        r.ponder_hit = bu.ponder_acertou;
        return r;
    }
    // Ordem inicial: a da ordenação normal (hash, capturas…).
    let lance_hash = le_hash(&bu.tt, b.chave_hash, 0)
        .map(|e| e.lance)
        .unwrap_or(0);
    ordena_lances(b, bu, &mut lista, 0, lance_hash);
    r.lance = obtem_melhor_lance(&mut lista, 0);
    // A pilha sai do TBusca durante a busca para poder ser passada por fatias.
    let mut pilha = std::mem::take(&mut bu.pilha);

    let max_prof = if lim.profundidade > 0 {
        (lim.profundidade as i32).min(MAX_DEPTH as i32 - 2)
    } else {
        MAX_DEPTH as i32 - 2
    };
    let mut escore_anterior: i32 = 0;
    let mut instabilidade = 1.0f64;
    for prof in 1..=max_prof {
        bu.prof_iteracao = prof;
        let mut pv = TPv::default();
        let mut parcial = None;
        // Janela de aspiração em volta do escore anterior; ao falhar, a janela
        // se abre para o lado da falha (dobrando) até o escore caber. RUST: o
        // laço também olha `parar`, ao contrário do 50f3dea, que travava
        // quando o tempo acabava no meio das novas tentativas.
        let mut largura = JANELA_ASPIRACAO;
        let (mut alfa, mut beta) = if prof >= PROF_ASPIRACAO && escore_anterior.abs() < LIMIAR_MATE
        {
            (escore_anterior - largura, escore_anterior + largura)
        } else {
            (-INFINITO, INFINITO)
        };
        let mut escore;
        loop {
            // Reordena a raiz pelo resultado da iteração anterior.
            for l in lista.lances[..lista.n].iter_mut() {
                l.especial &= !MSK_SELECIONADO;
            }
            if let Some(i) = lista.lances[..lista.n]
                .iter()
                .position(|l| mesmo_lance(l, &r.lance))
            {
                lista.lances[i].valor_lance = INFINITO + 1;
            }
            escore = busca_raiz(
                b,
                bu,
                &mut lista,
                &mut pilha,
                alfa,
                beta,
                prof,
                &mut pv,
                &mut parcial,
            );
            if bu.parar {
                break;
            }
            if escore <= alfa {
                alfa = (alfa - largura).max(-INFINITO);
                largura *= 2;
                if largura > 1000 {
                    alfa = -INFINITO;
                }
            } else if escore >= beta {
                beta = (beta + largura).min(INFINITO);
                largura *= 2;
                if largura > 1000 {
                    beta = INFINITO;
                }
            } else {
                break;
            }
        }
        if let Some((l, v)) = parcial {
            // A iteração (mesmo incompleta) achou um lance dentro da janela.
            if !mesmo_lance(&l, &r.lance) {
                instabilidade = (instabilidade * 1.6).min(3.0);
            }
            r.lance = l;
            r.escore = v;
            r.pv = pv;
        }
        if bu.parar {
            break;
        }
        if escore < escore_anterior - 30 && prof > 4 {
            instabilidade = (instabilidade * 1.4).min(3.0);
        }
        r.escore = escore;
        r.profundidade = prof;
        r.pv = pv;
        r.lance = if pv.num_lances > 0 {
            pv.lances[0]
        } else {
            r.lance
        };
        escore_anterior = escore;
        bu.nos_iteracao[prof as usize] = bu.nos;
        bu.pv_anterior = pv;
        imprime_pv(bu, prof, escore, &pv);

        // Decide se começa outra iteração: uma iteração custa várias vezes a
        // anterior, então não vale começar perto do fim do tempo-alvo. O alvo
        // cresce quando o melhor lance mudou ou o escore caiu (instabilidade).
        if !bu.limites.infinito && !bu.ponderando {
            let ms = tempo_decorrido_ms(bu) as f64;
            let alvo = bu.limites.tempo_alvo_ms as f64 * instabilidade;
            if bu.limites.tempo_alvo_ms > 0 && ms > alvo * 0.55 {
                break;
            }
            if bu.limites.nos > 0 && bu.nos >= bu.limites.nos {
                break;
            }
            // Mate achado numa busca completa: não há o que melhorar.
            if escore.abs() >= LIMIAR_MATE && prof > 2 * (MATE - escore.abs()) + 2 {
                break;
            }
        }
        instabilidade = (instabilidade * 0.9).max(1.0);
    }
    bu.pilha = pilha;
    espera_fim_infinito(bu);
    r.nos = bu.nos;
    r.ms = tempo_decorrido_ms(bu);
    r.ponder_hit = bu.ponder_acertou;
    r
}

/// Na análise e no ponder a busca não pode terminar sozinha (nem num mate
/// achado, nem na profundidade máxima): espera a ordem de fora ou o acerto
/// do ponder, olhando a entrada sem gastar CPU.
fn espera_fim_infinito(bu: &mut TBusca) {
    // Sem entrada (linha de comando) ninguém mandaria parar.
    while bu.entrada.rx.is_some() && !bu.parar && (bu.limites.infinito || bu.ponderando) {
        verifica_parada(bu);
        if bu.ponder_acertou && !bu.limites.infinito {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}
