//! O aprofundamento iterativo do ICE: o estado da busca (`TBusca`, o pedido
//! do protocolo em `TPedido`), o laço de profundidades com a janela de
//! aspiração e o MultiPV, e a raiz. A árvore (`alpha_beta`, `quiescence`)
//! fica em `arvore`; a linha de pensamento que o protocolo lê, em
//! `pensamento`; a ordem dos lances (SEE, killers, history), em `ordenacao`.
//!
//! Nível 7, com `arvore` (que ela chama): depende de `estado` (o
//! `TBusca`), `relato` (o que conta ao protocolo, sem saber qual),
//! `tabuleiro`, `geracao`, `ordenacao`, `hash`, `syzygy` e `tempo`. Porta de `busca.c` do ICE (seção 4.4 do artigo), com
//! as melhorias que os próprios autores listaram como próximos passos
//! (4.8.3) e outras que entraram depois, cada uma medida por SPRT
//! (docs/forca.md). Todas elas ficam atrás do modo clássico
//! (`define_classico`): com ele ligado a busca é a do "ICE clássico" (1.78).
//!
//! Convenções:
//! * negamax *fail-soft*: um nó pode devolver valores fora de (α, β), o que
//!   dá limites mais justos à tabela de transposição;
//! * escores em centipeões do ponto de vista do lado a jogar; mate = MATE − ply
//!   (a distância conta, para preferir o mate mais curto);
//! * nada é alocado durante a busca: listas de lances e PVs são vetores fixos
//!   na pilha de cada nó.
//!
//! A busca não conhece o protocolo: tudo o que ela mostra (linhas de
//! pensamento, o lance da raiz, avisos) e a pergunta "devo parar?" passam
//! pelo relator que quem a chama põe no `TBusca` (`relato::TRelator`: o do
//! xboard, o do UCI, ou o silencioso de `bench`, `datagen`, `epd` e dos
//! testes); o tempo é perguntado a `tempo` (`TTempo`).
//!
//! Com várias threads (o Lazy SMP de `paralelo`, só ICE-rs) cada uma roda
//! esta mesma busca com o seu `TBusca` sobre a tabela dividida; só muda quem
//! olha relógio e entrada (a principal, em `verifica_parada`) e quais
//! iterações as ajudantes pulam (`pula_iteracao`).
//!
//! Como ler: `busca` chama `itera_profundidade` (uma iteração por
//! profundidade, com as linhas do MultiPV dentro), que chama
//! `janela_aspiracao` e `busca_raiz`, que chama `arvore::alpha_beta`.

use crate::arvore::{alpha_beta, anota_filho};
use crate::ataques::{ataques_peca, zona_rei, ATAQUES_PEAO};
use crate::estado::{
    nos_totais, usa, verifica_parada, TBusca, TLinhaPv, TNoPilha, TResultado, MAX_MULTIPV,
    MELHORIA_CONTINUACAO, MELHORIA_HISTORY, MELHORIA_LMR_RAIZ, MELHORIA_RUINS, MELHORIA_SEE,
};
use crate::estatisticas::{abre_no, fecha_no, marca_no, MARCA_CORTE, MARCA_REPESQUISA, TRACO_RAIZ};
use crate::geracao::gera_lista_lances;
use crate::hash::{envelhece_hash, le_hash, ocupacao_hash};
use crate::lance::{mesmo_lance, TLance, TListaLances, TPv, LANCE_NULO};
use crate::ordenacao::{obtem_melhor_lance, ordena_lances, prepara_ordenacao};
use crate::parametros::{P_CRESCE_ASPIRACAO, P_JANELA_ASPIRACAO, P_LMR_LANCES, P_LMR_PROFUNDIDADE};
use crate::relato::{TLinhaPensamento, TTipoLinha};
use crate::syzygy::{escore_wdl, ordena_raiz};
use crate::tabuleiro::TBoard;
use crate::tempo::{
    cabe_outra_iteracao, inicializa_tempo_busca, mascara_verificacao, nota_iteracao,
    so_para_por_ordem, tempo_decorrido_ms, TLimites, FRACAO_NEUTRA,
};
use crate::tipos::{
    TBitboard, BISPO, CAVALO, GERA_TODOS, INFINITO, LIMIAR_MATE, MATE, MAX_DEPTH, MSK_SELECIONADO,
    PEAO, REI, TORRE,
};
use crate::wdl::material_wdl;
use std::sync::atomic::Ordering;

// --- Parâmetros do aprofundamento (cada um com o porquê) ---
/// Largura inicial da janela de aspiração (ICE 50f3dea: 50).
pub const JANELA_ASPIRACAO: i32 = 50;
/// Profundidade a partir da qual a janela de aspiração é usada.
const PROF_ASPIRACAO: i32 = 4;
/// Janela de aspiração: ao passar desta largura, o lado que falhou abre de
/// vez (±INFINITO). Mais uma duplicação custaria outra pesquisa à toa.
const JANELA_MAXIMA: i32 = 1000;
/// Lazy SMP (`paralelo`): as ajudantes pulam iterações num padrão fixo, o
/// do Stockfish 7–10, para não pesquisarem todas a mesma profundidade ao
/// mesmo tempo. A ajudante i usa a coluna (i − 1) mod 20 e pula a iteração
/// `prof` quando ⌊(prof + fase) ÷ tamanho⌋ é ímpar: a 1ª faz só as pares, a
/// 2ª só as ímpares, as seguintes blocos de 2, 3 e 4 iterações. Assim parte
/// delas está sempre uma iteração à frente da principal, e o que acham chega
/// a ela pela tabela. A principal (thread 0) nunca pula.
const SALTO_TAMANHO: [i32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SALTO_FASE: [i32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
/// Na análise e no ponder, a espera pela ordem de fora dorme tanto entre
/// olhadas na entrada (não gasta CPU, e 5 ms não se percebem).
const PAUSA_ESPERA_MS: u64 = 5;

// ---------------------------------------------------------------------------
// Raiz e aprofundamento iterativo
// ---------------------------------------------------------------------------

/// O que uma iteração na raiz produz, completa ou interrompida.
#[derive(Clone, Copy)]
struct TIteracao {
    /// Escore da última pesquisa da raiz (vale só se a iteração terminou).
    escore: i32,
    /// PV do melhor lance achado dentro da janela.
    pv: TPv,
    /// Esse lance e seu escore, guardados mesmo que a iteração não termine:
    /// um lance que já provou ser melhor que o anterior não se joga fora.
    parcial: Option<(TLance, i32)>,
    /// A PV de `parcial`. Não é sempre `pv`: depois de uma falha alta da
    /// janela, `pv` é a do lance que passou de β (a linha `lowerbound`), e
    /// se a busca para antes de a janela aberta achar um escore, o lance
    /// jogado é o de `parcial`, que tem de sair com a sua PV e o seu escore
    /// (o fastchess avisava "Bestmove does not match beginning of last PV").
    pv_parcial: TPv,
    /// Fração dos nós da última pesquisa da raiz gastos no melhor lance
    /// (para o relógio: `tempo::nota_iteracao`).
    fracao_melhor: f64,
}

/// Aprofundamento iterativo com janela de aspiração: a porta de `Busca()` do
/// ICE. Devolve o melhor lance da última iteração completa, ou o da corrente
/// quando ela já achou um melhor. Uma thread só; a de várias é
/// `paralelo::busca_paralela`.
pub fn busca(b: &mut TBoard, bu: &mut TBusca, lim: &TLimites) -> TResultado {
    envelhece_hash(&bu.tt);
    busca_na_thread(b, bu, lim)
}

/// A `busca` de uma thread, sem envelhecer a tabela: no Lazy SMP quem
/// envelhece é quem começa a busca de todas, uma vez, antes de qualquer uma
/// gravar. Numa ajudante (`id_thread` > 0) o resultado só conta os nós.
pub fn busca_na_thread(b: &mut TBoard, bu: &mut TBusca, lim: &TLimites) -> TResultado {
    // Passo 1. Zera contadores, começa o relógio, prepara killers e history.
    prepara_busca(bu, lim);
    bu.material_raiz = material_da_raiz(b);
    bu.meio_lances_raiz = b.meio_lances;

    // Passo 2. Sem lances na raiz: mate ou afogamento, nada a pesquisar.
    let mut r = TResultado::default();
    let mut lista = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut lista);
    if lista.n == 0 {
        r.escore = if b.em_xeque() { -MATE } else { 0 };
        espera_fim_infinito(bu);
        r.ponder_hit = bu.tempo.ponder_acertou;
        return r;
    }
    // Passo 2b. Os lances que a interface tirou (`exclude`, `searchmoves`)
    // saem da raiz. Se não sobra nenhum, não há o que pesquisar: nenhum
    // lance, e a análise espera a próxima ordem.
    if !bu.pedido.excluidos.is_empty() {
        filtra_raiz(&mut lista, &bu.pedido.excluidos);
        if lista.n == 0 {
            espera_fim_infinito(bu);
            r.ponder_hit = bu.tempo.ponder_acertou;
            return r;
        }
    }

    // Passo 2c. Com poucas peças, as tabelas Syzygy decidem quais lances
    // da raiz mantêm o resultado; a busca escolhe só entre eles.
    filtra_raiz_tb(b, bu, &mut lista);

    // Passo 3. Ordem inicial: a da ordenação normal (hash, capturas…). O
    // primeiro lance já é a resposta se o tempo acabar antes da 1ª iteração.
    // A PV anterior acabou de ser zerada: não há lance de PV.
    let lance_hash = le_hash(&bu.tt, b.chave_hash, 0)
        .map(|e| e.lance)
        .unwrap_or(0);
    let com_see = usa(bu, MELHORIA_SEE);
    ordena_lances(b, &bu.ord, &mut lista, 0, LANCE_NULO, lance_hash, com_see);
    r.lance = obtem_melhor_lance(&mut lista, 0);

    // Passo 4. Aprofundamento iterativo. A pilha sai do TBusca durante a
    // busca para poder ser passada por fatias junto com `&mut bu`.
    let mut pilha = std::mem::take(&mut bu.pilha);
    let max_prof = profundidade_maxima(lim);
    itera_profundidade(b, bu, &mut lista, &mut pilha, max_prof, &mut r);
    bu.pilha = pilha;

    // Passo 5. Na análise e no ponder, espera a ordem de parar. Na raiz
    // das tabelas, o escore delas (salvo mate achado) é o do resultado.
    espera_fim_infinito(bu);
    r.escore = escore_exibido(bu, r.escore);
    // Passo 6. No UCI e com `nps`, a linha do fim, com os nós e o tempo
    // da iteração interrompida; os avisos de tabelas ruins achadas nela.
    relata_fim(bu, &r);
    r.nos = bu.nos;
    r.ms = tempo_decorrido_ms(&bu.tempo, bu.nos);
    r.ponder_hit = bu.tempo.ponder_acertou;
    r
}

/// Passo 2b da `busca`: tira da lista da raiz os lances excluídos.
fn filtra_raiz(lista: &mut TListaLances, excluidos: &[u16]) {
    let mut n = 0;
    for i in 0..lista.n {
        if !excluidos.contains(&lista.lances[i].codigo_exato()) {
            lista.lances[n] = lista.lances[i];
            n += 1;
        }
    }
    lista.n = n;
}

/// Passo 2c da `busca`: na raiz com até `tb_pecas` peças e sem roque, só
/// ficam os lances que as tabelas dizem manter o melhor resultado; ganhando
/// (dentro da regra dos 50, se ligada), só os de menor DTZ, para que a
/// vitória avance até zerar o contador. Se a interface excluiu todos eles,
/// ou uma sonda falha, a raiz fica como estava.
fn filtra_raiz_tb(b: &mut TBoard, bu: &mut TBusca, lista: &mut TListaLances) {
    let p = &bu.pedido;
    let Some(tb) = p.tabelas.clone() else {
        return;
    };
    if p.tb_pecas == 0 || crate::bitboard::conta(b.ocupadas()) as usize > p.tb_pecas {
        return;
    }
    let regra50 = p.tb_regra50;
    let Some(ordem) = ordena_raiz(&tb, b, regra50) else {
        return;
    };
    bu.tb_sondas += ordem.len() as u64;
    let Some(melhor) = ordem.first().copied() else {
        return;
    };
    let bons: Vec<u16> = ordem
        .iter()
        .filter(|m| {
            m.resultado == melhor.resultado && (m.resultado != 2 || m.posto == melhor.posto)
        })
        .map(|m| m.lance.codigo())
        .collect();
    let mut filtrada = *lista;
    filtrada.n = 0;
    for l in lista.como_fatia() {
        if bons.contains(&l.codigo()) {
            filtrada.adiciona(*l);
        }
    }
    if filtrada.n > 0 {
        *lista = filtrada;
        bu.tb_escore_raiz = Some(escore_wdl(melhor.resultado, 0, regra50));
    }
}

/// O escore mostrado: o das tabelas na raiz, salvo quando a busca achou
/// um mate (que diz mais).
pub fn escore_exibido(bu: &TBusca, escore: i32) -> i32 {
    match bu.tb_escore_raiz {
        Some(v) if escore.abs() < LIMIAR_MATE => v,
        _ => escore,
    }
}

/// Passo 1 da `busca`: estado novo para uma busca. O relógio começa aqui
/// (parado até o acerto, no ponder). ICE: killers zerados a cada busca; a
/// history é envelhecida (não zerada), e a tabela também (na `busca`, antes).
fn prepara_busca(bu: &mut TBusca, lim: &TLimites) {
    let p = &bu.pedido;
    bu.tempo = inicializa_tempo_busca(lim, p.nps, p.ponderando.then_some(&p.limites_ponderhit));
    bu.mascara_verificacao = mascara_verificacao(&bu.tempo);
    bu.nos = 0;
    bu.seldepth = 0;
    bu.parar = false;
    bu.nos_iteracao = [0; MAX_DEPTH];
    bu.pv_anterior = TPv::default();
    bu.tb_sondas = 0;
    bu.tb_escore_raiz = None;
    // As linhas da busca anterior são de outra posição: nenhuma pode sobrar
    // (nem além das k desta, nem quando a raiz não tem o que pesquisar),
    // porque `linhas_da_raiz` as mostra à força limitada.
    bu.linhas_anteriores.fill(TLinhaPv::default());
    // A ordenação não conhece as chaves da busca: recebe as suas aqui,
    // antes de envelhecer as tabelas (que olha `com_continuacao`).
    // As melhorias desta busca: as da configuração, no limite do pedido.
    bu.ativas = bu.melhorias & bu.pedido.limite_melhorias;
    bu.ord.history_limitada = usa(bu, MELHORIA_HISTORY);
    bu.ord.ruins_depois = usa(bu, MELHORIA_RUINS);
    bu.ord.com_continuacao = usa(bu, MELHORIA_CONTINUACAO) && bu.ord.history_limitada;
    prepara_ordenacao(&mut bu.ord);
}

/// O material da raiz para o modelo de vitória/empate/derrota (`wdl`):
/// peões, menores, torres e damas dos dois lados.
fn material_da_raiz(b: &TBoard) -> i32 {
    let n = |bb: &[u64; 2]| crate::bitboard::conta(bb[0] | bb[1]);
    material_wdl(
        n(&b.peoes),
        n(&b.cavalos) + n(&b.bispos),
        n(&b.torres),
        n(&b.damas),
    )
}

/// A última iteração: a pedida (`sd`) ou a maior que a pilha comporta,
/// deixando folga para a quiescência e as extensões.
fn profundidade_maxima(lim: &TLimites) -> i32 {
    if lim.profundidade > 0 {
        (lim.profundidade as i32).min(MAX_DEPTH as i32 - 2)
    } else {
        MAX_DEPTH as i32 - 2
    }
}

/// Passo 4 da `busca`: uma iteração por profundidade, até `max_prof`, o fim
/// do tempo ou uma ordem de parar. Em cada profundidade, as `k` linhas do
/// MultiPV (`pedido.multipv`; as ajudantes fazem sempre 1), como o
/// `for pvIdx` do Stockfish: a linha `i` pesquisa a raiz sem os lances das
/// linhas anteriores desta iteração, que ficam nas posições 0..i da lista;
/// cada linha tem a sua janela de aspiração em volta do escore que ela teve
/// na iteração anterior e segue a sua PV anterior. O resultado (o lance
/// jogado) é sempre o da linha 1, e uma iteração interrompida só aproveita a
/// linha 1.
fn itera_profundidade(
    b: &mut TBoard,
    bu: &mut TBusca,
    lista: &mut TListaLances,
    pilha: &mut [TNoPilha],
    max_prof: i32,
    r: &mut TResultado,
) {
    let k = if bu.id_thread == 0 {
        bu.pedido.multipv.clamp(1, MAX_MULTIPV).min(lista.n)
    } else {
        1
    };
    // Fora do `bu` durante a busca, como a pilha (ver `busca_na_thread`).
    let mut linhas = std::mem::take(&mut bu.linhas);
    let mut anteriores = std::mem::take(&mut bu.linhas_anteriores);
    for prof in 1..=max_prof {
        if pula_iteracao(bu.id_thread, prof) {
            continue;
        }
        bu.prof_iteracao = prof;
        let mut lance_mudou = false;
        let mut fracao_melhor = FRACAO_NEUTRA;
        for i in 0..k {
            // Passo 4a. A linha i: a raiz sem os lances das linhas 0..i, o
            // melhor lance conhecido à frente (o da linha 1 é o do resultado).
            let anterior = anteriores[i];
            let lance_anterior = if i == 0 {
                r.lance
            } else {
                anterior.pv.lances[0]
            };
            bu.pv_anterior = anterior.pv;
            let it = janela_aspiracao(
                b,
                bu,
                lista,
                pilha,
                prof,
                i,
                anterior.escore,
                lance_anterior,
            );

            // Passo 4b. Na linha 1, um lance achado dentro da janela vale
            // mesmo que a iteração não termine; se é outro lance, a posição
            // está instável.
            if i == 0 {
                fracao_melhor = it.fracao_melhor;
            }
            if let (0, Some((l, v))) = (i, it.parcial) {
                lance_mudou = !mesmo_lance(&l, &r.lance);
                r.lance = l;
                r.escore = v;
                r.pv = it.pv_parcial;
            }
            if bu.parar {
                break;
            }
            linhas[i] = TLinhaPv {
                escore: it.escore,
                pv: it.pv,
            };
            if i + 1 < k {
                separa_linha(lista, i, &it.pv);
            }
        }
        if bu.parar {
            break;
        }

        // Passo 4c. Iteração completa: as linhas são o resultado, e as PVs a
        // seguir na próxima. O relógio fica sabendo se ela foi instável.
        conclui_iteracao(bu, r, prof, &mut linhas[..k]);
        nota_iteracao(
            &mut bu.tempo,
            prof,
            lance_mudou,
            anteriores[0].escore,
            linhas[0].escore,
            fracao_melhor,
        );
        anteriores[..k].copy_from_slice(&linhas[..k]);

        // Passo 4d. Vale começar outra iteração?
        if deve_parar(bu, prof, r.escore) {
            break;
        }
    }
    bu.linhas = linhas;
    bu.linhas_anteriores = anteriores;
}

/// Passo 4a com MultiPV: o melhor lance da linha `i` (o primeiro da `pv`)
/// vai para a posição `i` da lista, e as próximas linhas pesquisam só
/// `lista[i + 1..]`.
fn separa_linha(lista: &mut TListaLances, i: usize, pv: &TPv) {
    if pv.num_lances == 0 {
        return;
    }
    if let Some(j) = (i..lista.n).find(|&j| mesmo_lance(&lista.lances[j], &pv.lances[0])) {
        lista.lances.swap(i, j);
    }
}

/// Lazy SMP: a ajudante `id_thread` pula a iteração `prof`? (Ver
/// `SALTO_TAMANHO`; a principal, 0, nunca pula.) `ice saltos` imprime a
/// tabela, que a figura do guia (scripts/guia/graficos.py smp) desenha.
#[inline]
pub fn pula_iteracao(id_thread: usize, prof: i32) -> bool {
    if id_thread == 0 {
        return false;
    }
    let i = (id_thread - 1) % SALTO_TAMANHO.len();
    ((prof + SALTO_FASE[i]) / SALTO_TAMANHO[i]) % 2 == 1
}

/// Passo 4a: a iteração `prof` da raiz `lista[primeiro..]` com janela de
/// aspiração em volta do escore anterior; ao falhar, a janela se abre para o
/// lado da falha (dobrando) até o escore caber. Cada falha vira uma linha de
/// pensamento com o limite (`relata_falha`). RUST: o laço também olha
/// `parar`, ao contrário do 50f3dea, que travava quando o tempo acabava no
/// meio das novas tentativas.
#[allow(clippy::too_many_arguments)]
fn janela_aspiracao(
    b: &mut TBoard,
    bu: &mut TBusca,
    lista: &mut TListaLances,
    pilha: &mut [TNoPilha],
    prof: i32,
    primeiro: usize,
    escore_anterior: i32,
    lance_anterior: TLance,
) -> TIteracao {
    let mut it = TIteracao {
        escore: 0,
        pv: TPv::default(),
        parcial: None,
        pv_parcial: TPv::default(),
        fracao_melhor: FRACAO_NEUTRA,
    };
    // A largura inicial e o crescimento vêm de `parametros` (afináveis); o
    // clássico fica com os do ICE (50, dobrando).
    let (mut largura, cresce) = if bu.av.classico {
        (JANELA_ASPIRACAO, 200)
    } else {
        (bu.par.v[P_JANELA_ASPIRACAO], bu.par.v[P_CRESCE_ASPIRACAO])
    };
    // Nas iterações rasas e perto de mates o escore pula demais: janela cheia.
    let (mut alfa, mut beta) = if prof >= PROF_ASPIRACAO && escore_anterior.abs() < LIMIAR_MATE {
        (escore_anterior - largura, escore_anterior + largura)
    } else {
        (-INFINITO, INFINITO)
    };
    loop {
        reordena_raiz(lista, primeiro, &lance_anterior);
        it.escore = busca_raiz(b, bu, lista, pilha, primeiro, alfa, beta, prof, &mut it);
        if bu.parar {
            break;
        }
        if it.escore <= alfa {
            relata_falha(
                bu,
                TTipoLinha::FalhaBaixa,
                prof,
                &it,
                primeiro,
                &lance_anterior,
            );
            alfa = (alfa - largura).max(-INFINITO);
            largura = largura * cresce / 100;
            if largura > JANELA_MAXIMA {
                alfa = -INFINITO;
            }
        } else if it.escore >= beta {
            relata_falha(
                bu,
                TTipoLinha::FalhaAlta,
                prof,
                &it,
                primeiro,
                &lance_anterior,
            );
            beta = (beta + largura).min(INFINITO);
            largura = largura * cresce / 100;
            if largura > JANELA_MAXIMA {
                beta = INFINITO;
            }
        } else {
            break;
        }
    }
    it
}

/// Reordena a raiz `lista[primeiro..]` pelo resultado da iteração anterior:
/// o melhor lance vai à frente e os demais pelo escore que cada um teve (o
/// `valor_lance` que `busca_raiz` deixou neles).
fn reordena_raiz(lista: &mut TListaLances, primeiro: usize, melhor: &TLance) {
    let raiz = &mut lista.lances[primeiro..lista.n];
    for l in raiz.iter_mut() {
        l.especial &= !MSK_SELECIONADO;
    }
    if let Some(l) = raiz.iter_mut().find(|l| mesmo_lance(l, melhor)) {
        l.valor_lance = INFINITO + 1;
    }
}

/// Pesquisa a raiz `lista[primeiro..]`: como `alpha_beta`, mas imprime uma
/// linha de pensamento a cada melhora de α (como o ICE) e guarda em `it` o
/// melhor lance mesmo se a iteração for interrompida.
#[allow(clippy::too_many_arguments)]
fn busca_raiz(
    b: &mut TBoard,
    bu: &mut TBusca,
    lista: &mut TListaLances,
    pilha: &mut [TNoPilha],
    primeiro: usize,
    mut alfa: i32,
    beta: i32,
    prof: i32,
    it: &mut TIteracao,
) -> i32 {
    let mut melhor = -INFINITO;
    // O traço (se pedido): a raiz desta tentativa é um nó dele (fora de
    // `nos`, que só conta os do `alpha_beta` e da quiescência).
    let mut raiz_traco = None;
    if let Some(t) = bu.traco.as_deref_mut() {
        raiz_traco = Some(abre_no(t, TRACO_RAIZ, LANCE_NULO, alfa, beta, prof, 0));
    }
    bu.total_raiz = (lista.n - primeiro) as u32;
    let nos_inicio = bu.nos;
    // Com a raiz em xeque nenhum lance é reduzido (todos são respostas ao xeque).
    let raiz_em_xeque = b.em_xeque();
    let mut nos_melhor = 0;
    for i in primeiro..lista.n {
        let l = obtem_melhor_lance(lista, i);
        // Para o `stat01` do xboard: lance atual e quantos faltam.
        bu.restantes_raiz = (lista.n - i) as u32;
        bu.lance_atual_raiz = l;
        relata_lance_atual(bu, prof, &l, i - primeiro + 1);
        bu.seguindo_pv = i == primeiro;
        let nos_lance = bu.nos;
        b.make(&l);
        // Na raiz o xeque sempre estende (o limite de 2 × iteração não pesa).
        let nova_prof = prof - 1 + b.em_xeque() as i32;
        let reducao = if raiz_em_xeque || nova_prof != prof - 1 {
            0
        } else {
            reducao_raiz(bu, b, &l, i - primeiro, prof)
        };
        if let Some(t) = bu.traco.as_deref_mut() {
            anota_filho(t, nova_prof - (prof - 1), reducao);
        }
        let v = if i == primeiro {
            -alpha_beta(b, bu, pilha, -beta, -alfa, nova_prof, 1, true)
        } else {
            let mut v = -alpha_beta(b, bu, pilha, -alfa - 1, -alfa, nova_prof - reducao, 1, true);
            // Reduzido e ainda acima de α: o lance merece a profundidade cheia
            // antes de a janela abrir.
            if reducao > 0 && v > alfa && !bu.parar {
                if let Some(t) = bu.traco.as_deref_mut() {
                    t.pendente = MARCA_REPESQUISA;
                }
                v = -alpha_beta(b, bu, pilha, -alfa - 1, -alfa, nova_prof, 1, true);
            }
            if v > alfa && v < beta && !bu.parar {
                if let Some(t) = bu.traco.as_deref_mut() {
                    t.pendente = MARCA_REPESQUISA;
                }
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
                nos_melhor = bu.nos - nos_lance;
                it.pv.atualiza(l, &pilha[0].pv);
                if v < beta {
                    it.parcial = Some((l, v));
                    it.pv_parcial = it.pv;
                    relata_linha(bu, TTipoLinha::Melhora, prof, v, &it.pv, 1);
                } else {
                    break;
                }
            }
        }
    }
    it.fracao_melhor = nos_melhor as f64 / (bu.nos - nos_inicio).max(1) as f64;
    if let (Some(t), Some((i, anterior))) = (bu.traco.as_deref_mut(), raiz_traco) {
        if melhor >= beta {
            marca_no(t, 0, MARCA_CORTE);
        }
        fecha_no(t, i, anterior, melhor, 0);
    }
    melhor
}

/// LMR na raiz (MELHORIA_LMR_RAIZ, só ICE-rs): o `k`-ésimo lance depois do
/// primeiro da linha, quieto e sem xeque (quem chama confere o xeque), vai
/// `reducao` plies mais raso na janela nula, com a tabela dos nós internos
/// menos um ply, como num nó PV. Na raiz a ordem é a dos escores da iteração
/// anterior: um quieto lá atrás já foi refutado uma vez, e provar de novo que
/// ele é pior custa uma árvore inteira por lance. Se ele surpreender,
/// `busca_raiz` repete na profundidade cheia antes de abrir a janela.
///
/// O quieto que ameaça uma peça maior (`ameaca_quieto`; `b` é a posição
/// depois dele) não é reduzido: é o lance das combinações (Td2 contra a dama
/// na WAC.116, g6 na 120, Cf5 na 256), que só aparece com a profundidade
/// cheia. Reduzido, ele custava 5 posições da WAC a 1 M nós (281 contra
/// 286); poupado, a WAC vai a 287 e a árvore cresce 6 % (docs/forca.md).
/// Pelo mesmo motivo também não é reduzido o quieto que ataca as casas
/// vizinhas do rei inimigo (`ataca_zona_rei`).
pub fn reducao_raiz(bu: &TBusca, b: &TBoard, l: &TLance, k: usize, prof: i32) -> i32 {
    if !usa(bu, MELHORIA_LMR_RAIZ)
        || !l.eh_quieto()
        || prof < bu.par.v[P_LMR_PROFUNDIDADE]
        || k < bu.par.v[P_LMR_LANCES] as usize
        || ameaca_quieto(b, l)
        || ataca_zona_rei(b, l)
    {
        return 0;
    }
    let tabela = bu.reducoes_lmr[(prof as usize).min(63)][k.min(63)] as i32;
    (tabela - 1).min(prof - 2).max(0)
}

/// Depois de `make(l)`, com o adversário a jogar: a peça que andou ataca,
/// da casa de chegada, uma peça inimiga que vale mais que ela (o peão ataca
/// cavalo, bispo, torre ou dama; cavalo e bispo, torre ou dama; a torre, a
/// dama). Só a ameaça que a troca não explica: a dama e o rei não ameaçam
/// nada maior, e um ataque a peça igual ou menor pode ser só uma troca.
pub fn ameaca_quieto(b: &TBoard, l: &TLance) -> bool {
    let inimigo = b.vez;
    let alvos = match l.peca {
        PEAO => b.cavalos[inimigo] | b.bispos[inimigo] | b.torres[inimigo] | b.damas[inimigo],
        CAVALO | BISPO => b.torres[inimigo] | b.damas[inimigo],
        TORRE => b.damas[inimigo],
        _ => return false,
    };
    ataques_da_chegada(b, l) & alvos != 0
}

/// Depois de `make(l)`, com o adversário a jogar: a peça que andou ataca,
/// da casa de chegada, a zona do rei inimigo (`zona_rei`: a casa dele e as
/// vizinhas; a casa dele mesma seria xeque, que a raiz já não reduz). É o
/// quieto que prepara o ataque ao rei (Dh5 contra f7 e h7 na WAC.287, Cfg5
/// na 293, Te2 na 252): como a ameaça a uma peça maior, ele só mostra o que
/// vale com a profundidade cheia. Com os pesos afinados nas 2.5 M posições
/// a raiz voltou a perdê-los (WAC a 1 M nós 281/300); poupados, 286, com
/// 3 % menos nós no `ice bench` (1269623 contra 1306684) e o mesmo Elo no
/// SPRT de não-regressão (docs/forca.md).
pub fn ataca_zona_rei(b: &TBoard, l: &TLance) -> bool {
    l.peca != REI && ataques_da_chegada(b, l) & zona_rei(b.casa_rei(b.vez)) != 0
}

/// Depois de `make(l)`: as casas que a peça que andou (não o rei; o
/// `ataques_peca` o trataria como dama) ataca da casa de chegada, o peão
/// na direção da cor dele.
#[inline(always)]
fn ataques_da_chegada(b: &TBoard, l: &TLance) -> TBitboard {
    let destino = l.casa_destino as usize;
    if l.peca == PEAO {
        ATAQUES_PEAO[b.vez ^ 1][destino]
    } else {
        ataques_peca(l.peca, destino, b.ocupadas())
    }
}

/// Passo 4c: a iteração `prof` terminou com as `linhas`: ordenadas da
/// melhor para a pior (inserção: são no máximo 64, e a ordem quase sempre
/// já está certa), a primeira vira o resultado, e todas saem na linha de
/// pensamento.
fn conclui_iteracao(bu: &mut TBusca, r: &mut TResultado, prof: i32, linhas: &mut [TLinhaPv]) {
    for i in 1..linhas.len() {
        let mut j = i;
        while j > 0 && linhas[j].escore > linhas[j - 1].escore {
            linhas.swap(j, j - 1);
            j -= 1;
        }
    }
    r.escore = linhas[0].escore;
    r.profundidade = prof;
    r.pv = linhas[0].pv;
    if r.pv.num_lances > 0 {
        r.lance = r.pv.lances[0];
    }
    bu.nos_iteracao[prof as usize] = bu.nos;
    if bu.id_thread > 0 {
        // A principal fica sabendo (limite de profundidade, ver `verifica_parada`).
        bu.compartilhado
            .prof_concluida
            .fetch_max(prof, Ordering::Relaxed);
    }
    for (j, l) in linhas.iter().enumerate() {
        relata_linha(bu, TTipoLinha::Iteracao, prof, l.escore, &l.pv, j + 1);
    }
}

/// Passo 4d: não começa outra iteração se o relógio diz que ela não cabe
/// (`tempo::cabe_outra_iteracao`), ou se um mate já foi achado por uma
/// busca completa. Na análise e no ponder só a ordem de fora para a busca.
fn deve_parar(bu: &TBusca, prof: i32, escore: i32) -> bool {
    if so_para_por_ordem(&bu.tempo) {
        return false;
    }
    // Mate em N achado com mais de 2N plies de profundidade: não há o que
    // melhorar (um mate mais curto já teria aparecido).
    let mate_provado = escore.abs() >= LIMIAR_MATE && prof > 2 * (MATE - escore.abs()) + 2;
    // `go mate N`: o mate pedido (N lances são 2N − 1 plies) já achado.
    let pedido = bu.tempo.limites.mate as i32;
    let mate_pedido = pedido > 0 && escore >= MATE - (2 * pedido - 1);
    !cabe_outra_iteracao(&bu.tempo, bu.nos) || mate_provado || mate_pedido
}

/// Na análise e no ponder a busca não pode terminar sozinha (nem num mate
/// achado, nem na profundidade máxima): espera a ordem de fora ou o acerto
/// do ponder, olhando a entrada sem gastar CPU.
fn espera_fim_infinito(bu: &mut TBusca) {
    // Sem entrada (linha de comando) ninguém mandaria parar.
    while bu.relator.ouve() && !bu.parar && so_para_por_ordem(&bu.tempo) {
        verifica_parada(bu);
        if bu.tempo.ponder_acertou && !bu.tempo.limites.infinito {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(PAUSA_ESPERA_MS));
    }
}

// ---------------------------------------------------------------------------
// O que a busca conta (pelo relator; ver `relato`)
// ---------------------------------------------------------------------------

/// Uma linha de pensamento: monta a `TLinhaPensamento` e a entrega ao
/// relator, que decide se e como mostrá-la (`pensamento`). Só a principal
/// fala, e só a quem quer ouvir: sem isso, nem a linha se monta.
fn relata_linha(
    bu: &mut TBusca,
    tipo: TTipoLinha,
    prof: i32,
    escore: i32,
    pv: &TPv,
    numero: usize,
) {
    if bu.id_thread > 0 || !bu.relator.mostra() {
        return;
    }
    let l = monta_linha(bu, tipo, prof, escore, pv, numero);
    bu.relator.linha(&l);
}

/// Uma linha de pensamento com o estado da busca agora (seldepth, nós,
/// tempo, tabela, Syzygy, material; as linhas do MultiPV do pedido).
fn monta_linha(
    bu: &TBusca,
    tipo: TTipoLinha,
    prof: i32,
    escore: i32,
    pv: &TPv,
    numero: usize,
) -> TLinhaPensamento {
    TLinhaPensamento {
        tipo,
        profundidade: prof,
        seldepth: bu.seldepth,
        numero,
        linhas: bu.pedido.multipv,
        // Na raiz das tabelas Syzygy, o escore delas (ver `escore_exibido`).
        escore: escore_exibido(bu, escore),
        nos: nos_totais(bu),
        ms: tempo_decorrido_ms(&bu.tempo, bu.nos),
        hashfull: ocupacao_hash(&bu.tt),
        tbhits: bu.pedido.tabelas.as_ref().map(|_| bu.tb_sondas),
        nps_virtual: bu.tempo.nps > 0,
        material: bu.material_raiz,
        meio_lances: bu.meio_lances_raiz,
        pv: *pv,
    }
}

/// Uma pesquisa da raiz (a linha `primeiro` + 1 do MultiPV) falhou na
/// janela de aspiração: a linha de pensamento com o limite achado. Falhando
/// alto, a PV é a do lance que passou de β (`busca_raiz` a guardou antes de
/// cortar); falhando baixo nenhum lance passou de α, e a PV é a da iteração
/// anterior, que começa pelo lance que era o melhor (só ele, se não). Na raiz
/// das tabelas Syzygy o escore mostrado é o delas, não o da busca: nenhum
/// limite a mostrar.
fn relata_falha(
    bu: &mut TBusca,
    tipo: TTipoLinha,
    prof: i32,
    it: &TIteracao,
    primeiro: usize,
    lance_anterior: &TLance,
) {
    if bu.id_thread > 0 || !bu.relator.mostra() || bu.tb_escore_raiz.is_some() {
        return;
    }
    let pv = if tipo == TTipoLinha::FalhaAlta {
        it.pv
    } else if bu.pv_anterior.num_lances > 0
        && mesmo_lance(&bu.pv_anterior.lances[0], lance_anterior)
    {
        bu.pv_anterior
    } else {
        let mut pv = TPv::default();
        if lance_anterior.existe() {
            pv.atualiza(*lance_anterior, &TPv::default());
        }
        pv
    };
    relata_linha(bu, tipo, prof, it.escore, &pv, primeiro + 1);
}

/// O lance da raiz em pesquisa (o `currmove` do UCI).
fn relata_lance_atual(bu: &mut TBusca, prof: i32, l: &TLance, numero: usize) {
    if bu.id_thread == 0 && bu.relator.mostra() {
        let ms = tempo_decorrido_ms(&bu.tempo, bu.nos);
        bu.relator.lance_atual(prof, l, numero, ms);
    }
}

/// Passo 6 da `busca`: a linha do fim, com os nós e o tempo da iteração
/// interrompida, se algo foi pesquisado depois da última iteração completa
/// (a interface do `nps` cobra o relógio virtual por ela); e os avisos de
/// tabelas ruins achadas nesta busca.
fn relata_fim(bu: &mut TBusca, r: &TResultado) {
    if bu.id_thread > 0 {
        return;
    }
    let depois = bu.nos != bu.nos_iteracao[r.profundidade.max(0) as usize];
    if r.profundidade > 0 && depois {
        relata_linha(bu, TTipoLinha::Final, r.profundidade, r.escore, &r.pv, 1);
    }
    if let Some(tb) = bu.pedido.tabelas.clone() {
        for d in tb.diagnosticos() {
            bu.relator.aviso(&d);
        }
    }
}

/// Depois de escolhido o lance que vai ser jogado (`paralelo::encerra_pedido`,
/// de `motor::executa`): a linha dele, que o protocolo mostra se a última que
/// mostrou não é ela (`pensamento::falta_escolha`). A interface toma a
/// última linha de pensamento pela do lance jogado (o fastchess confere o
/// `bestmove` com o começo da última PV), e o lance pode não ser o da última
/// linha mostrada: o de uma ajudante do Lazy SMP que completou uma iteração
/// mais funda, o da força limitada, que escolhe entre as linhas da raiz. Os
/// nós e o tempo são os do resultado (todas as threads). Sem PV que comece
/// pelo lance, a linha leva só o lance. `linhas` são as que a interface
/// pediu (o MultiPV dela; a força limitada pesquisa mais, mas a interface
/// pediu uma).
pub fn relata_escolha(bu: &mut TBusca, r: &TResultado, linhas: usize) {
    if bu.id_thread > 0 || !bu.relator.mostra() || !r.lance.existe() {
        return;
    }
    let mut pv = r.pv;
    if pv.num_lances == 0 || !mesmo_lance(&pv.lances[0], &r.lance) {
        pv = TPv::default();
        pv.atualiza(r.lance, &TPv::default());
    }
    let mut l = monta_linha(bu, TTipoLinha::Final, r.profundidade, r.escore, &pv, 1);
    // Os nós e o tempo do resultado (todas as threads, até o fim), e as
    // linhas que a interface pediu.
    l.nos = r.nos;
    l.ms = r.ms;
    l.linhas = linhas;
    bu.relator.escolha(&l);
}
