//! O seletor de lances em etapas (staged move picker): de onde a busca tira,
//! um por vez, os lances de um nó, gerando-os aos pedaços e só quando
//! precisa deles.
//!
//! Nível 5: usa `geracao` (nível 4) e `ordenacao` (do mesmo nível, que dá
//! os valores de ordem); a árvore (`arvore`, nível 7) chama `inicia_seletor`
//! e depois `proximo_lance` até ele devolver `None`.
//!
//! Por que em etapas. Um nó que corta cedo (o lance da tabela ou uma
//! captura refuta a posição) não precisa dos outros lances: gerar os ~35
//! lances e dar a cada um um valor de ordem só para pesquisar o primeiro é
//! trabalho jogado fora, e a maior parte dos nós da busca corta no primeiro
//! ou no segundo lance. O seletor faz, nesta ordem, e só até o lance que
//! cortar:
//!
//! 1. **Tabela** (`ETAPA_TT`): o lance da PV da iteração anterior e o da
//!    tabela de transposição, antes de gerar qualquer outra coisa. O lance
//!    guardado é só um código de 16 bits (pode ser de uma colisão, ou de
//!    outra posição com a mesma chave): para saber se ele é legal aqui o
//!    seletor gera só os lances da peça na casa de origem dele
//!    (`geracao::gera_lances` com uma casa em `origens`) e procura o
//!    código entre eles. É o teste "este lance é legal?" mais barato que
//!    ainda é exato: o mesmo gerador, sem uma segunda regra para manter
//!    igual a ele.
//! 2. **Barulhentos** (`ETAPA_GERA_BARULHENTOS`, `ETAPA_BOAS`): gera as
//!    capturas e as promoções e devolve as promoções a dama e as capturas
//!    boas (MVV/LVA; a SEE separa as que perdem material). No modo
//!    clássico as capturas ruins também vão aqui (ICE 1.78: antes dos
//!    killers).
//! 3. **Killers** (`ETAPA_KILLERS`): os dois killers do ply, se forem lances
//!    quietos legais aqui (de novo, gerando só os lances da casa deles).
//! 4. **O resto dos barulhentos** (`ETAPA_RESTO_BARULHENTOS`): as
//!    subpromoções e, fora do modo clássico, as capturas ruins.
//! 5. **Quietos** (`ETAPA_GERA_QUIETOS`, `ETAPA_QUIETOS`): só agora gera os
//!    lances quietos (roques inclusive) e os ordena pela history.
//!
//! É a ordem de `ordenacao::ordena_lances` (seção 4.5 do artigo; o
//! cabeçalho de `ordenacao` tem as categorias), com os mesmos valores de
//! ordem (`valor_lance`, que as podas e o LMR da árvore leem). A
//! quiescência fora de xeque usa só a etapa 2 (com o modo
//! `GERA_QUIESCENCE`: capturas e promoções a dama), com o lance da tabela
//! na frente mas gerado junto com os outros: ali o lance da tabela quase
//! nunca corta sozinho e gerar as capturas custa pouco (`ice bench
//! --estatisticas` mostrava menos de mil nós da quiescência cortados por
//! ele sem gerar o resto). Em xeque ela usa todas, como o `alpha_beta`.
//!
//! **Legal, não pseudo-legal.** O gerador do ICE-rs só gera lances legais
//! (ver o cabeçalho de `geracao`), e cada etapa continua legal. O custo da
//! legalidade é quase todo por nó, não por lance: quem dá xeque e quais
//! peças estão cravadas (`TPreparo`), calculados uma vez, na primeira
//! etapa que gera, e reaproveitados pelas outras; por lance, só uma máscara
//! (`RETA`, `alvo`). Um gerador pseudo-legal trocaria isso por um teste a
//! cada lance devolvido (e ele teria de vir antes do `make`: a árvore conta
//! os lances para o LMR e o LMP, e "nenhum lance" quer dizer mate). No
//! perfil do `ice bench` a geração inteira já era só ~7 % do tempo antes do
//! seletor (a avaliação e a tabela são a maior parte); o que as etapas
//! economizam é gerar e ordenar os quietos nos nós que cortam antes deles,
//! e isso vale igual com os dois geradores. Ficar legal mantém o `perft`,
//! o diferencial contra o python-chess e o teste "as etapas juntas dão
//! `gera_lista_lances`" (em `tests/seletor.rs`) valendo para o que a busca
//! usa.
//!
//! **A ordem não é exatamente a de antes** (o `Bench` mudou). Duas coisas
//! a impedem, e as duas vêm de não gerar tudo no começo:
//! * a history dos quietos é lida quando eles são gerados, depois de
//!   pesquisados o lance da tabela, as capturas e os killers; os netos
//!   desses lances (o mesmo lado a jogar) já ensinaram a history nesse
//!   meio-tempo. Antes ela era lida no começo do nó. Guardar a history do
//!   começo exigiria gerar os quietos no começo;
//! * o desempate entre lances de mesmo valor. A ordenação por seleção de
//!   antes (`obtem_melhor_lance`) troca o lance escolhido com o da frente,
//!   e o da frente (muitas vezes um quieto) pula para trás: o desempate
//!   dependia da posição de todos os lances na lista inteira. Aqui, entre
//!   valores iguais, vai primeiro o que o gerador gerou primeiro (a
//!   ordenação estável `ordena` dos barulhentos e dos quietos, a seleção
//!   estável `escolhe` da tabela e dos killers): uma regra que cada etapa
//!   segue sem conhecer as outras.
//!
//! Com a history fixa (sem busca entre um lance e o seguinte) o seletor dá
//! exatamente a ordem de `ordena_lances` desempatada pela ordem do gerador;
//! os testes conferem isso em muitas posições.
//!
//! **Sem as etapas** (`--sem seletor`, `MELHORIA_SELETOR`): o seletor gera e
//! ordena tudo na primeira chamada e devolve pela seleção de antes
//! (`ETAPA_TUDO`): a busca fica exatamente a de antes dele, com o mesmo
//! `Bench:`. O nível (`nivel`), calibrado antes do seletor, joga assim; e
//! as duas maneiras se comparam no mesmo executável.

use crate::bitboard::bit;
use crate::geracao::{gera_lances, gera_lista_lances, prepara_geracao, TPreparo};
use crate::lance::{mesmo_lance, TLance, TListaLances, LANCE_NULO};
use crate::ordenacao::{
    base_continuacao, obtem_melhor_lance, ordena_lances, valor_barulhento, valor_history_no,
    valor_killer, TOrdenacao, ORD_CAPTURA_RUIM, ORD_HASH, ORD_PV,
};
use crate::tabuleiro::TBoard;
use crate::tipos::{
    GERA_BARULHENTOS, GERA_QUIESCENCE, GERA_QUIETOS, GERA_TODOS, MAX_DEPTH, MAX_LANCES,
    MSK_SELECIONADO,
};

// --- As etapas, na ordem em que o seletor passa por elas ---
/// Gera os lances das casas de origem do lance da PV e do da tabela e fica
/// só com eles (os que forem legais aqui).
pub const ETAPA_TT: u8 = 0;
/// Devolve o lance da PV e o da tabela.
pub const ETAPA_TT_DEVOLVE: u8 = 1;
/// Gera as capturas e as promoções e dá a elas o valor de ordem.
pub const ETAPA_GERA_BARULHENTOS: u8 = 2;
/// Devolve promoções a dama e capturas boas (e as ruins, no clássico); na
/// quiescência fora de xeque, todos os barulhentos.
pub const ETAPA_BOAS: u8 = 3;
/// Gera os lances quietos das casas de origem dos killers e fica com eles.
pub const ETAPA_KILLERS: u8 = 4;
/// Devolve os killers.
pub const ETAPA_KILLERS_DEVOLVE: u8 = 5;
/// Devolve o resto dos barulhentos: subpromoções e capturas ruins.
pub const ETAPA_RESTO_BARULHENTOS: u8 = 6;
/// Gera os quietos e dá a eles o valor da history.
pub const ETAPA_GERA_QUIETOS: u8 = 7;
/// Devolve os quietos.
pub const ETAPA_QUIETOS: u8 = 8;
/// Acabaram os lances.
pub const ETAPA_FIM: u8 = 9;
/// Sem as etapas (`de_uma_vez`): gera e ordena tudo, como antes do seletor…
pub const ETAPA_TUDO: u8 = 10;
/// …e devolve pela seleção de `ordenacao::obtem_melhor_lance`.
pub const ETAPA_TUDO_DEVOLVE: u8 = 11;

/// O seletor de um nó: a lista onde as etapas geram e o que cada etapa
/// precisa saber. Vive na pilha de nós da busca (`estado::TNoPilha`), um
/// por ply, alocado uma vez.
#[derive(Clone, Copy)]
pub struct TSeletor {
    /// Os lances gerados pela etapa atual (e o resto dos barulhentos, que
    /// espera os killers no começo da lista).
    pub lista: TListaLances,
    /// Em que etapa o seletor está (`ETAPA_*`).
    pub etapa: u8,
    /// `GERA_TODOS` (nós do `alpha_beta` e quiescência em xeque) ou
    /// `GERA_QUIESCENCE` (quiescência fora de xeque: só as etapas 1 e 2).
    modo: u8,
    /// O próximo lance a devolver e o fim da parte da lista que a etapa
    /// atual devolve (lance da tabela, killers ou quietos)…
    prox: usize,
    fim: usize,
    /// …e a parte dos barulhentos, que é devolvida em duas etapas, com os
    /// killers no meio.
    prox_barulhento: usize,
    fim_barulhentos: usize,
    /// Xeques e cravadas do nó, calculados na primeira etapa que gera.
    preparo: TPreparo,
    preparado: bool,
    /// O lance da PV (ou nulo) e o código do lance da tabela (ou 0).
    lance_pv: TLance,
    lance_hash: u16,
    /// Os killers do ply, copiados no começo do nó (como `ordena_lances`
    /// os via).
    killers: [TLance; 2],
    /// A SEE decide se uma captura de peça menor por maior é boa.
    com_see: bool,
    /// O ply do nó (para `ordena_lances`, sem as etapas).
    ply: usize,
    /// A ordem dos barulhentos e depois a dos quietos (`ordena`): a chave
    /// de cada um, com o índice dele na lista.
    chaves: [u64; MAX_LANCES],
}

impl Default for TSeletor {
    fn default() -> Self {
        TSeletor {
            lista: TListaLances::default(),
            etapa: 0,
            modo: 0,
            prox: 0,
            fim: 0,
            prox_barulhento: 0,
            fim_barulhentos: 0,
            preparo: TPreparo::default(),
            preparado: false,
            lance_pv: LANCE_NULO,
            lance_hash: 0,
            killers: [LANCE_NULO; 2],
            com_see: false,
            ply: 0,
            chaves: [0; MAX_LANCES],
        }
    }
}

/// Prepara o seletor para um nó novo. Não gera nada: a primeira etapa só
/// corre na primeira chamada de `proximo_lance`. `modo` é `GERA_TODOS` ou
/// `GERA_QUIESCENCE`. Com `de_uma_vez` (`--sem seletor`) não há etapas: a
/// primeira chamada gera e ordena tudo, e a ordem é exatamente a de antes
/// do seletor (o `Bench:` de antes, e o do nível, calibrado com ela).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub fn inicia_seletor(
    s: &mut TSeletor,
    ord: &TOrdenacao,
    ply: usize,
    lance_pv: TLance,
    lance_hash: u16,
    com_see: bool,
    modo: u8,
    de_uma_vez: bool,
) {
    // Na quiescência fora de xeque não há etapa da tabela: os barulhentos
    // custam pouco a gerar, e o lance da tabela quase nunca corta sozinho
    // ali (as medidas estão no guia, página 12); ele só vai na frente
    // (`gera_barulhentos`).
    s.etapa = if de_uma_vez {
        ETAPA_TUDO
    } else if modo == GERA_QUIESCENCE {
        ETAPA_GERA_BARULHENTOS
    } else {
        ETAPA_TT
    };
    s.ply = ply;
    s.modo = modo;
    s.preparado = false;
    s.lance_pv = lance_pv;
    s.lance_hash = lance_hash;
    s.com_see = com_see;
    s.killers = if modo == GERA_TODOS {
        ord.killers[ply.min(MAX_DEPTH - 1)]
    } else {
        [LANCE_NULO; 2]
    };
    s.lista.n = 0;
}

/// O próximo lance do nó, na ordem das etapas (ver o cabeçalho), com o
/// `valor_lance` que a ordenação dá a ele; `None` quando acabaram. Cada
/// lance legal sai uma vez só.
///
/// As etapas que geram (`gera_tt`, `gera_barulhentos`, `gera_killers`,
/// `gera_quietos`) ficam fora de linha: rodam uma vez por etapa, e dentro
/// desta função faziam dela uma função grande, que salvava e restaurava
/// registradores a cada lance devolvido (a maioria das chamadas só passa
/// por `escolhe`). Fora de linha, o `ice bench` executa 1.6 % menos
/// instruções, com a mesma árvore. Já esta, pequena assim, vai dentro do
/// laço de quem a chama (`inline(always)`): chamada, ela custava a entrada
/// e a saída de função a cada lance, e o `ice bench` executa 2.3 % menos
/// instruções sem elas.
#[inline(always)]
pub fn proximo_lance(s: &mut TSeletor, b: &TBoard, ord: &TOrdenacao) -> Option<TLance> {
    loop {
        match s.etapa {
            ETAPA_TT => {
                gera_tt(s, b);
                s.etapa = ETAPA_TT_DEVOLVE;
            }
            ETAPA_TT_DEVOLVE => {
                if let Some(l) = escolhe(&mut s.lista, &mut s.prox, s.fim, i32::MIN) {
                    return Some(l);
                }
                s.etapa = ETAPA_GERA_BARULHENTOS;
            }
            ETAPA_GERA_BARULHENTOS => {
                gera_barulhentos(s, b, ord);
                s.etapa = ETAPA_BOAS;
            }
            ETAPA_BOAS => {
                // Antes dos killers só o que vale mais que eles; na
                // quiescência fora de xeque não há killers nem quietos.
                let piso = if s.modo == GERA_TODOS {
                    ORD_CAPTURA_RUIM
                } else {
                    i32::MIN
                };
                let fim = s.fim_barulhentos;
                if let Some(l) =
                    proximo_ordenado(&mut s.lista, &s.chaves, &mut s.prox_barulhento, fim, piso)
                {
                    return Some(l);
                }
                s.etapa = if s.modo == GERA_TODOS {
                    ETAPA_KILLERS
                } else {
                    ETAPA_FIM
                };
            }
            ETAPA_KILLERS => {
                gera_killers(s, b);
                s.etapa = ETAPA_KILLERS_DEVOLVE;
            }
            ETAPA_KILLERS_DEVOLVE => {
                if let Some(l) = escolhe(&mut s.lista, &mut s.prox, s.fim, i32::MIN) {
                    return Some(l);
                }
                s.etapa = ETAPA_RESTO_BARULHENTOS;
            }
            ETAPA_RESTO_BARULHENTOS => {
                let fim = s.fim_barulhentos;
                if let Some(l) = proximo_ordenado(
                    &mut s.lista,
                    &s.chaves,
                    &mut s.prox_barulhento,
                    fim,
                    i32::MIN,
                ) {
                    return Some(l);
                }
                s.etapa = ETAPA_GERA_QUIETOS;
            }
            ETAPA_GERA_QUIETOS => {
                gera_quietos(s, b, ord);
                s.etapa = ETAPA_QUIETOS;
            }
            ETAPA_QUIETOS => {
                if let Some(l) =
                    proximo_ordenado(&mut s.lista, &s.chaves, &mut s.prox, s.fim, i32::MIN)
                {
                    return Some(l);
                }
                s.etapa = ETAPA_FIM;
            }
            ETAPA_TUDO => {
                gera_lista_lances(b, s.modo, &mut s.lista);
                let (pv, hash) = (s.lance_pv, s.lance_hash);
                ordena_lances(b, ord, &mut s.lista, s.ply, pv, hash, s.com_see);
                s.prox = 0;
                s.etapa = ETAPA_TUDO_DEVOLVE;
            }
            ETAPA_TUDO_DEVOLVE => {
                if s.prox < s.lista.n {
                    s.prox += 1;
                    return Some(obtem_melhor_lance(&mut s.lista, s.prox - 1));
                }
                s.etapa = ETAPA_FIM;
            }
            _ => return None,
        }
    }
}

/// Xeques e cravadas do nó, na primeira vez que uma etapa precisa.
#[inline(always)]
fn prepara(s: &mut TSeletor, b: &TBoard) {
    if !s.preparado {
        s.preparo = prepara_geracao(b);
        s.preparado = true;
    }
}

/// `l` é o lance da PV ou o da tabela (que a etapa 1 já devolveu, se era
/// legal)? As outras etapas os pulam.
#[inline(always)]
fn eh_da_tt(s: &TSeletor, l: &TLance) -> bool {
    (s.lance_pv.existe() && mesmo_lance(l, &s.lance_pv))
        || (s.lance_hash != 0 && l.codigo() == s.lance_hash)
}

/// Etapa 1: gera só os lances das peças nas casas de origem do lance da PV
/// e do da tabela e fica com os que são um deles (a PV na frente, como em
/// `ordena_lances`). Sem nenhum dos dois, não gera nada.
#[inline(never)]
fn gera_tt(s: &mut TSeletor, b: &TBoard) {
    s.lista.n = 0;
    s.prox = 0;
    s.fim = 0;
    let mut origens = 0;
    if s.lance_pv.existe() {
        origens |= bit(s.lance_pv.casa_origem as usize);
    }
    if s.lance_hash != 0 {
        origens |= bit((s.lance_hash & 63) as usize);
    }
    if origens == 0 {
        return;
    }
    prepara(s, b);
    gera_lances(b, &s.preparo, s.modo, origens, &mut s.lista);
    let mut n = 0;
    for i in 0..s.lista.n {
        let mut l = s.lista.lances[i];
        l.valor_lance = if s.lance_pv.existe() && mesmo_lance(&l, &s.lance_pv) {
            ORD_PV
        } else if s.lance_hash != 0 && l.codigo() == s.lance_hash {
            ORD_HASH
        } else {
            continue;
        };
        s.lista.lances[n] = l;
        n += 1;
    }
    s.lista.n = n;
    s.fim = n;
}

/// Etapa 2: gera as capturas e as promoções (na quiescência fora de
/// xeque, só as promoções a dama), tira o lance da tabela e dá a cada um o
/// valor de ordem (MVV/LVA, SEE). Ficam no começo da lista até a etapa 4.
/// Na quiescência fora de xeque, que não passa pela etapa 1, o lance da PV
/// e o da tabela ficam, com o valor deles (vão na frente).
#[inline(never)]
fn gera_barulhentos(s: &mut TSeletor, b: &TBoard, ord: &TOrdenacao) {
    prepara(s, b);
    s.lista.n = 0;
    let modo = if s.modo == GERA_QUIESCENCE {
        GERA_QUIESCENCE
    } else {
        GERA_BARULHENTOS
    };
    gera_lances(b, &s.preparo, modo, !0u64, &mut s.lista);
    let mut n = 0;
    for i in 0..s.lista.n {
        let mut l = s.lista.lances[i];
        l.valor_lance = if !eh_da_tt(s, &l) {
            valor_barulhento(b, ord, &l, s.com_see)
        } else if s.modo != GERA_QUIESCENCE {
            continue; // a etapa 1 já o devolveu
        } else if s.lance_pv.existe() && mesmo_lance(&l, &s.lance_pv) {
            ORD_PV
        } else {
            ORD_HASH
        };
        s.lista.lances[n] = l;
        n += 1;
    }
    s.lista.n = n;
    s.prox_barulhento = 0;
    s.fim_barulhentos = n;
    ordena(&s.lista, &mut s.chaves, n);
}

/// Etapa 3: os killers que são lances quietos legais aqui (e não o lance da
/// tabela), gerados depois dos barulhentos que ainda esperam a etapa 4.
#[inline(never)]
fn gera_killers(s: &mut TSeletor, b: &TBoard) {
    let ini = s.fim_barulhentos;
    s.lista.n = ini;
    s.prox = ini;
    s.fim = ini;
    let mut origens = 0;
    for k in s.killers.iter().filter(|k| k.existe()) {
        origens |= bit(k.casa_origem as usize);
    }
    if origens == 0 {
        return;
    }
    prepara(s, b);
    gera_lances(b, &s.preparo, GERA_QUIETOS, origens, &mut s.lista);
    let mut n = ini;
    for i in ini..s.lista.n {
        let mut l = s.lista.lances[i];
        if eh_da_tt(s, &l) {
            continue;
        }
        let Some(v) = valor_killer(&s.killers, &l) else {
            continue;
        };
        l.valor_lance = v;
        s.lista.lances[n] = l;
        n += 1;
    }
    s.lista.n = n;
    s.fim = n;
}

/// Etapa 5: gera os quietos, sem o lance da tabela e os killers (já
/// devolvidos), e dá a cada um o valor da history, lida agora.
#[inline(never)]
fn gera_quietos(s: &mut TSeletor, b: &TBoard, ord: &TOrdenacao) {
    prepara(s, b);
    s.lista.n = 0;
    gera_lances(b, &s.preparo, GERA_QUIETOS, !0u64, &mut s.lista);
    // O que cada quieto compara e lê, calculado uma vez para o nó: a chave
    // (código e peça, a comparação de `mesmo_lance`) dos lances que já
    // saíram (PV, killers; o da tabela só pelo código, como em `eh_da_tt`)
    // e a linha do lance anterior na history de continuação. Um nó gera
    // uns 30 quietos, e repetir isso por lance era metade do custo deles.
    let chave = |l: &TLance| l.codigo() as u32 | (l.peca as u32) << 16;
    let ja_saiu = |l: &TLance| if l.existe() { chave(l) } else { u32::MAX };
    let (pv, k0, k1) = (
        ja_saiu(&s.lance_pv),
        ja_saiu(&s.killers[0]),
        ja_saiu(&s.killers[1]),
    );
    let hash = if s.lance_hash != 0 {
        s.lance_hash as u32
    } else {
        u32::MAX
    };
    let base = base_continuacao(ord, b);
    let mut n = 0;
    for i in 0..s.lista.n {
        let mut l = s.lista.lances[i];
        let c = chave(&l);
        if c == pv || c == k0 || c == k1 || c & 0xFFFF == hash {
            continue;
        }
        l.valor_lance = valor_history_no(ord, b.vez, base, &l);
        s.lista.lances[n] = l;
        n += 1;
    }
    s.lista.n = n;
    s.prox = 0;
    s.fim = n;
    ordena(&s.lista, &mut s.chaves, n);
}

/// Ordena `lista[..n]` do maior valor para o menor, estável (entre
/// valores iguais, a ordem do gerador): a ordem em que a seleção
/// (`escolhe`) os devolveria um a um, e a árvore fica a mesma. Os quietos
/// são ordenados assim que gerados: medido no `ice bench` (instruções do
/// `cachegrind`, mesma árvore), ordenar já executa menos que escolher um
/// por vez, e menos que escolher os primeiros e ordenar o resto (depois de
/// 1, 2, 3 ou 4 escolhidos), embora um nó que corta no primeiro quieto
/// não precise do resto: a seleção compara cada lance devolvido com todos
/// os que vêm depois dele, e nos nós que não cortam (e nos que o LMP poda,
/// que ainda passam pelo seletor para o teste do xeque) são todos.
///
/// A lista fica onde está; o que se ordena são chaves de 64 bits, o valor
/// em cima e o índice embaixo (`!i`: entre valores iguais, o menor índice
/// tem a chave maior), uma palavra por lance em vez dos 12 bytes do
/// `TLance` a cada deslocamento. Por inserção: a lista é curta.
#[inline(never)]
fn ordena(lista: &TListaLances, chaves: &mut [u64; MAX_LANCES], n: usize) {
    for (i, l) in lista.lances[..n].iter().enumerate() {
        // O valor com o sinal virado vira um número sem sinal que ordena
        // igual; os 16 bits de baixo, o índice complementado.
        let v = (l.valor_lance as u32 ^ 0x8000_0000) as u64;
        let chave = v << 32 | (0xFFFF - i as u64);
        let mut k = i;
        while k > 0 && chaves[k - 1] < chave {
            chaves[k] = chaves[k - 1];
            k -= 1;
        }
        chaves[k] = chave;
    }
}

/// O índice na lista do lance da chave `c` (ver `ordena`).
#[inline(always)]
fn indice_da_chave(c: u64) -> usize {
    0xFFFF - (c & 0xFFFF) as usize
}

/// O próximo lance de uma parte já ordenada por `ordena`, se ele valer ao
/// menos `piso`, marcado como `escolhe` o marcaria.
#[inline(always)]
fn proximo_ordenado(
    lista: &mut TListaLances,
    chaves: &[u64; MAX_LANCES],
    prox: &mut usize,
    fim: usize,
    piso: i32,
) -> Option<TLance> {
    let i = *prox;
    if i >= fim {
        return None;
    }
    let j = indice_da_chave(chaves[i]);
    if lista.lances[j].valor_lance < piso {
        return None;
    }
    let mut l = lista.lances[j];
    l.especial |= MSK_SELECIONADO;
    lista.lances[j] = l;
    *prox = i + 1;
    Some(l)
}

/// Devolve o lance de maior valor de `lista[*prox..fim]`, se ele valer ao
/// menos `piso`, e o põe em `*prox` (que avança). Entre valores iguais, o
/// que veio antes na lista (a ordem do gerador): os que estavam antes dele
/// deslizam uma casa, sem trocar de ordem entre si (uma seleção estável).
/// Para as etapas de um ou dois lances (a tabela, os killers); as listas
/// maiores são ordenadas de uma vez (`ordena`).
#[inline(always)]
fn escolhe(lista: &mut TListaLances, prox: &mut usize, fim: usize, piso: i32) -> Option<TLance> {
    let i = *prox;
    if i >= fim {
        return None;
    }
    let mut melhor = i;
    let mut valor = lista.lances[i].valor_lance;
    for (j, l) in lista.lances[i + 1..fim].iter().enumerate() {
        if l.valor_lance > valor {
            melhor = i + 1 + j;
            valor = l.valor_lance;
        }
    }
    if valor < piso {
        return None;
    }
    // A marca vai na cópia, não na lista: escrever um byte do lance e ler
    // o lance inteiro logo depois custa caro ao processador.
    let mut l = lista.lances[melhor];
    l.especial |= MSK_SELECIONADO;
    // Quase sempre o escolhido já é o da frente: sem deslocamento, nem se
    // chama o `memmove` do `copy_within`.
    if melhor > i {
        lista.lances.copy_within(i..melhor, i + 1);
    }
    lista.lances[i] = l;
    *prox = i + 1;
    Some(l)
}
