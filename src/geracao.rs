//! Geração de lances legais nos três modos do ICE, e a notação SAN.
//!
//! Nível 4: depende de `tabuleiro` e dos níveis abaixo. Porta de
//! `geraLances.c` do ICE: `gera_lista_lances` é o `GeraListaLances()`, e os
//! três modos (`GERA_TODOS`, `GERA_CAPTURAS`, `GERA_QUIESCENCE`) são os dele.
//! Os dois modos a mais (`GERA_BARULHENTOS`, `GERA_QUIETOS`) e a geração
//! restrita a algumas casas de origem (`gera_lances`) são do seletor em
//! etapas (`seletor`), que gera cada nó aos pedaços.
//!
//! RUST: o ICE gerava lances *pseudo-legais* e descobria o lance ilegal no nó
//! filho (quando o filho conseguia capturar o rei). Aqui **só lances legais
//! saem do gerador**: calculamos antes quem dá xeque e quais peças estão
//! cravadas, o que poupa o nó inútil e deixa o perft e a detecção de mate
//! diretos. As regras:
//! * em xeque duplo só o rei anda;
//! * em xeque simples as outras peças só podem capturar quem dá xeque ou se
//!   pôr entre ele e o rei (`alvo`);
//! * uma peça cravada só anda sobre a reta que a liga ao rei (`RETA`);
//! * o rei não pode ir a casa atacada (testada *sem* o próprio rei, para que
//!   ele não "se esconda" atrás de si mesmo na linha de uma torre);
//! * o en passant é testado à parte, tirando os dois peões do tabuleiro: é o
//!   caso da cravada horizontal que nenhuma das regras acima percebe.
//!
//! A **ordem** em que os lances entram na lista (rei, roques, peões, en
//! passant, cavalos, bispos, torres, damas; casa de origem crescente dentro de
//! cada tipo) faz parte do comportamento: a ordenação da busca desempata pela
//! posição na lista, e o número de nós do `bench` depende dela.

use crate::ataques::{
    ataques_bispo, ataques_peca, ataques_torre, ATAQUES_CAVALO, ATAQUES_PEAO, ATAQUES_REI, ENTRE,
    RETA,
};
use crate::bitboard::{bit, lsb, mais_de_um, pop_lsb, FILEIRA_1, FILEIRA_2, FILEIRA_7, FILEIRA_8};
use crate::lance::{texto_para_casas, TLance, TListaLances};
use crate::tabuleiro::{casa_peao_capturado_en_passant, TBoard, TFim};
use crate::tipos::{
    casa_do_nome, coluna, fileira, nome_casa, peca_da_letra, TBitboard, BISPO, BRANCAS, CAVALO,
    DAMA, GERA_BARULHENTOS, GERA_QUIESCENCE, GERA_QUIETOS, GERA_TODOS, LETRA_PECA, MSK_EN_PASSANT,
    MSK_ROQUE_960, MSK_ROQUE_GRANDE, MSK_ROQUE_PEQUENO, NENHUMA, PEAO, REI, SEM_CASA, TORRE,
};

/// Peças da cor `vez` cravadas contra o próprio rei.
#[inline]
pub fn cravadas(b: &TBoard, cor: usize) -> TBitboard {
    // Atiradores: torres, bispos e damas inimigos que veriam o rei se as
    // *nossas* peças não estivessem no caminho (só as deles bloqueiam);
    // cravada é a nossa que está sozinha no meio.
    let inimigo = cor ^ 1;
    b.sozinhas_na_reta(b.casa_rei(cor), inimigo, b.pecas[inimigo]) & b.pecas[cor]
}

#[inline(always)]
fn lance(
    peca: u8,
    origem: usize,
    destino: usize,
    capturada: u8,
    promovida: u8,
    especial: u8,
) -> TLance {
    TLance {
        peca,
        casa_origem: origem as u8,
        casa_destino: destino as u8,
        especial,
        peca_promovida: promovida,
        peca_capturada: capturada,
        casa_torre: 0,
        valor_lance: 0,
    }
}

/// Acrescenta os lances de peão que chegam a `destino`, com promoção quando
/// for o caso (na quiescência só a promoção a dama).
#[inline(always)]
fn adiciona_peao(lista: &mut TListaLances, origem: usize, destino: usize, capturada: u8, modo: u8) {
    if !(8..56).contains(&destino) {
        if modo == GERA_QUIESCENCE {
            lista.adiciona(lance(PEAO, origem, destino, capturada, DAMA, 0));
        } else {
            // Ordem do ICE: cavalo, bispo, torre, dama.
            for p in [CAVALO, BISPO, TORRE, DAMA] {
                lista.adiciona(lance(PEAO, origem, destino, capturada, p, 0));
            }
        }
    } else {
        lista.adiciona(lance(PEAO, origem, destino, capturada, NENHUMA, 0));
    }
}

/// O que a geração precisa saber da posição antes de gerar qualquer lance:
/// quem dá xeque e quais das nossas peças estão cravadas. Calculado uma vez
/// por nó (`prepara_geracao`) e usado por todas as chamadas de
/// `gera_lances` do nó: o seletor em etapas (`seletor`) gera o nó em
/// pedaços e não paga isso a cada pedaço.
#[derive(Clone, Copy, Default)]
pub struct TPreparo {
    /// Peças inimigas que dão xeque no nosso rei.
    pub xeques: TBitboard,
    /// Em xeque simples: a casa de quem dá xeque e as que ficam entre ele e o
    /// rei; fora de xeque, o tabuleiro todo.
    pub alvo: TBitboard,
    /// Nossas peças cravadas contra o rei (não calculadas em xeque duplo,
    /// quando só o rei anda).
    pub presas: TBitboard,
}

/// Calcula o `TPreparo` da posição (xeques e cravadas do lado a jogar).
#[inline]
pub fn prepara_geracao(b: &TBoard) -> TPreparo {
    let cor = b.vez;
    let k = b.casa_rei(cor);
    let xeques = b.atacantes_de(k, cor ^ 1, b.ocupadas());
    if mais_de_um(xeques) {
        return TPreparo {
            xeques,
            alvo: 0,
            presas: 0,
        };
    }
    // Em xeque simples, as demais peças capturam o atacante ou bloqueiam.
    let alvo = if xeques != 0 {
        xeques | ENTRE[k][lsb(xeques)]
    } else {
        !0u64
    };
    TPreparo {
        xeques,
        alvo,
        presas: cravadas(b, cor),
    }
}

/// O que as partes do gerador (peões, en passant, peças) consultam, calculado
/// uma vez por chamada de `gera_lances`.
struct TContexto {
    /// Lado a jogar e adversário.
    cor: usize,
    inimigo: usize,
    /// Casa do nosso rei.
    k: usize,
    /// Todas as casas ocupadas.
    occ: TBitboard,
    modo: u8,
    /// Em xeque simples: a casa de quem dá xeque e as que ficam entre ele e o
    /// rei; fora de xeque, o tabuleiro todo.
    alvo: TBitboard,
    /// Nossas peças cravadas contra o rei.
    presas: TBitboard,
    /// Destinos de cavalos, bispos, torres e damas: `alvo` e o que o modo
    /// aceita (casa vazia ou inimiga em `GERA_TODOS`; só vazia em
    /// `GERA_QUIETOS`; só inimiga nos outros).
    destinos: TBitboard,
}

/// Casas a que a peça em `origem` pode ir sem expor o rei: a reta que a liga
/// ao rei se estiver cravada, qualquer uma se não.
#[inline(always)]
fn reta_livre(c: &TContexto, origem: usize) -> TBitboard {
    if c.presas & bit(origem) != 0 {
        RETA[c.k][origem]
    } else {
        !0u64
    }
}

// As partes abaixo são chamadas uma vez por nó, só por `gera_lista_lances`:
// `inline(always)` as junta de novo numa função só, para que a divisão, feita
// para a leitura, não acrescente chamadas no caminho quente da busca.

/// Passo 1: lances do rei, nunca para casa atacada. O ataque é testado com o
/// rei fora do tabuleiro, senão o rei em xeque de uma torre poderia "fugir"
/// na linha dela, para a casa que ele mesmo tapava.
#[inline(always)]
fn gera_rei(
    b: &TBoard,
    k: usize,
    inimigo: usize,
    occ: TBitboard,
    destinos_modo: TBitboard,
    lista: &mut TListaLances,
) {
    let sem_rei = occ ^ bit(k);
    let mut alvos = ATAQUES_REI[k] & destinos_modo;
    while alvos != 0 {
        let d = pop_lsb(&mut alvos);
        if b.atacantes_de(d, inimigo, sem_rei) == 0 {
            lista.adiciona(lance(REI, k, d, b.casas[d], NENHUMA, 0));
        }
    }
}

/// Casa de chegada do rei em cada roque (ordem K, Q, k, q): g1, c1, g8, c8.
const CHEGADA_REI_ROQUE: [usize; 4] = [62, 58, 6, 2];

/// Passo 2: roques (quem chama garante: fora de xeque e no modo "todos"),
/// pequeno antes do grande. Pelas regras do Chess960, de que o xadrez comum
/// é um caso particular: as casas que rei e torre percorrem até as de
/// chegada (g/f ou c/d) estão vazias, fora os dois (`vazias_roque`); nenhuma
/// casa por onde o rei passa, a de chegada inclusive, está atacada
/// (`caminho_roque`). O ataque é visto sem a torre do roque, que no 960 pode
/// estar tapando um atacante na primeira fileira. No xadrez comum isso dá as
/// mesmas duas casas testadas de antes (f1, g1 ou d1, c1; b1 só vazia).
///
/// O lance é o do rei até a casa de chegada, com a casa da torre em
/// `casa_torre` (que o `make` e a escrita `e1h1` usam). O rei pode já estar
/// na chegada (origem = destino): o bit de roque no `codigo_exato()` o distingue.
#[inline(always)]
fn gera_roques(b: &TBoard, c: &TContexto, lista: &mut TListaLances) {
    // Os dois direitos do lado a jogar; sem nenhum (o caso comum no meio
    // do jogo), nada a fazer.
    let direitos = (b.msk_roque >> (2 * c.cor)) & 3;
    if direitos == 0 {
        return;
    }
    let marca = if b.chess960 { MSK_ROQUE_960 } else { 0 };
    for (ala, msk) in [MSK_ROQUE_PEQUENO, MSK_ROQUE_GRANDE]
        .into_iter()
        .enumerate()
    {
        // `& 3`: o índice cabe nas tabelas de 4 sem teste de limites.
        let i = (2 * c.cor + ala) & 3;
        // O direito no `msk_roque` já garante rei e torre nas casas de origem.
        if direitos & (1 << ala) == 0 || c.occ & b.vazias_roque[i] != 0 {
            continue;
        }
        let torre = b.torre_roque[i] as usize;
        let sem_torre = c.occ ^ bit(torre);
        let mut caminho = b.caminho_roque[i];
        let mut livre = true;
        while caminho != 0 {
            if b.atacantes_de(pop_lsb(&mut caminho), c.inimigo, sem_torre) != 0 {
                livre = false;
                break;
            }
        }
        if livre {
            let mut l = lance(
                REI,
                c.k,
                CHEGADA_REI_ROQUE[i],
                NENHUMA,
                NENHUMA,
                msk | marca,
            );
            l.casa_torre = torre as u8;
            lista.adiciona(l);
        }
    }
}

/// Capturas (com ou sem promoção) do peão em `origem`. Entram em todos os
/// modos; na quiescência, a captura que promove só promove a dama.
#[inline(always)]
fn gera_capturas_peao(
    b: &TBoard,
    c: &TContexto,
    origem: usize,
    reta: TBitboard,
    lista: &mut TListaLances,
) {
    let mut cap = ATAQUES_PEAO[c.cor][origem] & b.pecas[c.inimigo] & c.alvo & reta;
    while cap != 0 {
        let d = pop_lsb(&mut cap);
        adiciona_peao(lista, origem, d, b.casas[d], c.modo);
    }
}

/// Avanços de uma e de duas casas do peão em `origem`. Em `GERA_TODOS`
/// todos; na quiescência só o avanço que promove (a dama); em
/// `GERA_BARULHENTOS` só o que promove (às quatro peças); em `GERA_QUIETOS`
/// só os que não promovem; em `GERA_CAPTURAS`, nenhum.
#[inline(always)]
fn gera_avancos_peao(c: &TContexto, origem: usize, reta: TBitboard, lista: &mut TListaLances) {
    let um = if c.cor == BRANCAS {
        origem - 8
    } else {
        origem + 8
    };
    // Casa da frente ocupada: nem um nem dois passos.
    if c.occ & bit(um) != 0 {
        return;
    }
    let ultima = if c.cor == BRANCAS {
        FILEIRA_8
    } else {
        FILEIRA_1
    };
    let promove = bit(um) & ultima != 0;
    let quer_um = match c.modo {
        GERA_TODOS => true,
        GERA_QUIESCENCE | GERA_BARULHENTOS => promove,
        GERA_QUIETOS => !promove,
        _ => false,
    };
    // O avanço duplo nunca promove: é quieto.
    let quer_dois = c.modo == GERA_TODOS || c.modo == GERA_QUIETOS;
    // A casa da frente pode não servir (xeque, cravada) e a de dois passos
    // servir, por isso o avanço duplo é testado mesmo assim.
    if quer_um && bit(um) & c.alvo & reta != 0 {
        adiciona_peao(lista, origem, um, NENHUMA, c.modo);
    }
    let inicial = if c.cor == BRANCAS {
        FILEIRA_2
    } else {
        FILEIRA_7
    };
    if quer_dois && bit(origem) & inicial != 0 {
        let dois = if c.cor == BRANCAS {
            origem - 16
        } else {
            origem + 16
        };
        if c.occ & bit(dois) == 0 && bit(dois) & c.alvo & reta != 0 {
            lista.adiciona(lance(PEAO, origem, dois, NENHUMA, NENHUMA, 0));
        }
    }
}

/// Passo 3: peões (os de `origens`), um a um; de cada peão, primeiro as
/// capturas, depois os avanços (ordem do ICE). O en passant fica para
/// `gera_en_passant`. Em `GERA_QUIETOS`, nenhuma captura.
#[inline(always)]
fn gera_peoes(b: &TBoard, c: &TContexto, origens: TBitboard, lista: &mut TListaLances) {
    let mut p = b.peoes[c.cor] & origens;
    while p != 0 {
        let o = pop_lsb(&mut p);
        let reta = reta_livre(c, o);
        if c.modo != GERA_QUIETOS {
            gera_capturas_peao(b, c, o, reta, lista);
        }
        gera_avancos_peao(c, o, reta, lista);
    }
}

/// Passo 4: en passant (em todos os modos: é uma captura). Não usa `alvo` nem
/// as cravadas: refaz o teste de xeque com os dois peões fora e o nosso na
/// casa de chegada, o que cobre a cravada horizontal (rei e torre na fileira
/// dos dois peões) e o xeque dado pelo próprio peão que avançou.
#[inline(always)]
fn gera_en_passant(b: &TBoard, c: &TContexto, origens: TBitboard, lista: &mut TListaLances) {
    if b.en_passant == SEM_CASA || c.modo == GERA_QUIETOS {
        return;
    }
    let ep = b.en_passant as usize;
    let capturado = casa_peao_capturado_en_passant(ep, c.cor);
    let inimigo = c.inimigo;
    let k = c.k;
    // Nossos peões que capturam em `ep` são os que um peão inimigo em `ep`
    // atacaria.
    let mut de = ATAQUES_PEAO[inimigo][ep] & b.peoes[c.cor] & origens;
    while de != 0 {
        let o = pop_lsb(&mut de);
        let occ2 = (c.occ ^ bit(o) ^ bit(capturado)) | bit(ep);
        let atacantes = (ataques_torre(k, occ2) & (b.torres[inimigo] | b.damas[inimigo]))
            | (ataques_bispo(k, occ2) & (b.bispos[inimigo] | b.damas[inimigo]))
            | (ATAQUES_CAVALO[k] & b.cavalos[inimigo])
            | (ATAQUES_PEAO[c.cor][k] & b.peoes[inimigo] & !bit(capturado));
        if atacantes == 0 {
            lista.adiciona(lance(PEAO, o, ep, PEAO, NENHUMA, MSK_EN_PASSANT));
        }
    }
}

/// Passo 5: cavalos, bispos, torres e damas, nessa ordem. Um cavalo cravado
/// nunca pode andar (não anda em linha reta); as peças de longo alcance
/// cravadas andam sobre a reta do rei.
#[inline(always)]
fn gera_pecas(b: &TBoard, c: &TContexto, origens: TBitboard, lista: &mut TListaLances) {
    let mut cav = b.cavalos[c.cor] & !c.presas & origens;
    while cav != 0 {
        let o = pop_lsb(&mut cav);
        let mut a = ATAQUES_CAVALO[o] & c.destinos;
        while a != 0 {
            let d = pop_lsb(&mut a);
            lista.adiciona(lance(CAVALO, o, d, b.casas[d], NENHUMA, 0));
        }
    }
    // Um tipo por chamada, com o tipo constante: o compilador escolhe já o
    // bitboard e a tabela de ataque (num laço sobre os tipos eram dois
    // `match` por peça).
    gera_deslizantes(b, c, BISPO, origens, lista);
    gera_deslizantes(b, c, TORRE, origens, lista);
    gera_deslizantes(b, c, DAMA, origens, lista);
}

/// Os lances dos bispos, das torres ou das damas (`peca`) do lado a jogar,
/// para `gera_pecas`.
#[inline(always)]
fn gera_deslizantes(
    b: &TBoard,
    c: &TContexto,
    peca: u8,
    origens: TBitboard,
    lista: &mut TListaLances,
) {
    let mut s = b.bb(peca)[c.cor] & origens;
    while s != 0 {
        let o = pop_lsb(&mut s);
        let ataques = ataques_peca(peca, o, c.occ);
        let mut a = ataques & c.destinos & reta_livre(c, o);
        while a != 0 {
            let d = pop_lsb(&mut a);
            lista.adiciona(lance(peca, o, d, b.casas[d], NENHUMA, 0));
        }
    }
}

/// Gera os lances legais do lado a jogar. `modo`:
/// * `GERA_TODOS`: todos;
/// * `GERA_CAPTURAS`: só capturas (en passant e capturas com promoção inclusive);
/// * `GERA_QUIESCENCE`: capturas e promoções a dama (com ou sem captura);
/// * `GERA_BARULHENTOS` (só ICE-rs): capturas e promoções, às quatro peças;
/// * `GERA_QUIETOS` (só ICE-rs): o resto (nem captura nem promoção), roques
///   inclusive. Os dois últimos repartem `GERA_TODOS`: juntos dão a mesma
///   lista, cada lance uma vez, e cada um na ordem relativa dela.
///
/// Porta de `GeraListaLances()` do ICE.
pub fn gera_lista_lances(b: &TBoard, modo: u8, lista: &mut TListaLances) {
    lista.n = 0;
    let p = prepara_geracao(b);
    gera_lances(b, &p, modo, !0u64, lista);
}

/// O coração de `gera_lista_lances`: acrescenta a `lista` (sem esvaziá-la)
/// os lances legais do `modo` das peças que estão em `origens`, com o
/// `TPreparo` já calculado. Com `origens` de uma casa só é o teste barato
/// de "este lance é legal aqui?" do seletor em etapas: gera só os lances
/// daquela peça.
#[inline]
pub fn gera_lances(
    b: &TBoard,
    p: &TPreparo,
    modo: u8,
    origens: TBitboard,
    lista: &mut TListaLances,
) {
    let cor = b.vez;
    let inimigo = cor ^ 1;
    let occ = b.ocupadas();
    let k = b.casa_rei(cor);
    // Casas de destino permitidas pelo modo.
    let destinos_modo = match modo {
        GERA_TODOS => !b.pecas[cor],
        GERA_QUIETOS => !occ,
        _ => b.pecas[inimigo],
    };

    // A ordem das chamadas é a ordem dos lances na lista, da qual o `bench`
    // depende (ver o cabeçalho). O rei vem primeiro porque em xeque duplo é
    // o único que anda: o resto nem é feito.
    if origens & bit(k) != 0 {
        gera_rei(b, k, inimigo, occ, destinos_modo, lista);
    }
    if mais_de_um(p.xeques) {
        return; // xeque duplo: só o rei se mexe
    }
    let c = TContexto {
        cor,
        inimigo,
        k,
        occ,
        modo,
        alvo: p.alvo,
        presas: p.presas,
        destinos: destinos_modo & p.alvo,
    };
    // O roque nunca é captura nem sai de xeque.
    if (modo == GERA_TODOS || modo == GERA_QUIETOS) && p.xeques == 0 && origens & bit(k) != 0 {
        gera_roques(b, &c, lista);
    }
    gera_peoes(b, &c, origens, lista);
    gera_en_passant(b, &c, origens, lista);
    gera_pecas(b, &c, origens, lista);
}

/// O lado a jogar tem algum lance legal? (mate e afogamento)
pub fn tem_lance_legal(b: &TBoard) -> bool {
    let mut lista = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut lista);
    lista.n > 0
}

/// A partida acabou pelas regras nesta posição? (gera os lances para saber
/// de mate e afogamento; as regras estão em `TBoard::fim_com_lances`).
pub fn fim_de_jogo(b: &TBoard) -> Option<TFim> {
    let mut lista = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut lista);
    b.fim_com_lances(lista.n)
}

/// Acha o lance legal escrito em coordenadas (`e2e4`, `e7e8q`, `e1g1`).
/// `None` se o texto não for lance ou se o lance for ilegal.
pub fn acha_lance(b: &TBoard, texto: &str) -> Option<TLance> {
    let (o, d, promo) = texto_para_casas(texto)?;
    acha_lance_casas(b, o, d, promo)
}

/// Acha o lance legal de `origem` para `destino` com a promoção dada. O
/// roque vale escrito das duas maneiras: "rei toma a própria torre" (`e1h1`,
/// a do Chess960 e do Polyglot) e rei até a casa de chegada (`e1g1`), esta só
/// quando o rei anda e nenhum lance comum tem as mesmas casas (no 960, rei
/// em b1 e torre em a1: `b1c1` é `Kc1`, e o roque grande é `b1a1`).
pub fn acha_lance_casas(b: &TBoard, o: usize, d: usize, promo: u8) -> Option<TLance> {
    let mut lista = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut lista);
    let lances = lista.como_fatia();
    let casas = |l: &TLance| l.casa_origem as usize == o && l.peca_promovida == promo;
    lances
        .iter()
        .find(|l| casas(l) && !l.eh_roque() && l.casa_destino as usize == d)
        .or_else(|| {
            lances
                .iter()
                .find(|l| casas(l) && l.eh_roque() && l.casa_torre as usize == d)
        })
        .or_else(|| {
            lances
                .iter()
                .find(|l| casas(l) && l.eh_roque() && l.casa_destino as usize == d && o != d)
        })
        .copied()
}

/// O lance em notação algébrica curta (SAN): `Nf3`, `exd5`, `O-O`, `e8=Q+`.
pub fn lance_para_san(b: &TBoard, l: &TLance) -> String {
    let mut s = String::with_capacity(8);
    if l.especial & MSK_ROQUE_PEQUENO != 0 {
        s.push_str("O-O");
    } else if l.especial & MSK_ROQUE_GRANDE != 0 {
        s.push_str("O-O-O");
    } else {
        let origem = l.casa_origem as usize;
        if l.peca == PEAO {
            if l.eh_captura() {
                s.push((b'a' + coluna(origem) as u8) as char);
            }
        } else {
            s.push(LETRA_PECA[l.peca as usize].to_ascii_uppercase());
            // Desambiguação: outra peça igual que também chega ao destino.
            let mut lista = TListaLances::nova();
            gera_lista_lances(b, GERA_TODOS, &mut lista);
            let (mut mesma_col, mut mesma_fil, mut outras) = (false, false, false);
            for m in lista.como_fatia() {
                if m.peca == l.peca
                    && m.casa_destino == l.casa_destino
                    && m.casa_origem != l.casa_origem
                {
                    outras = true;
                    mesma_col |= coluna(m.casa_origem as usize) == coluna(origem);
                    mesma_fil |= fileira(m.casa_origem as usize) == fileira(origem);
                }
            }
            if outras {
                if !mesma_col {
                    s.push((b'a' + coluna(origem) as u8) as char);
                } else if !mesma_fil {
                    s.push((b'0' + fileira(origem) as u8) as char);
                } else {
                    s.push_str(&nome_casa(origem));
                }
            }
        }
        if l.eh_captura() {
            s.push('x');
        }
        s.push_str(&nome_casa(l.casa_destino as usize));
        if l.peca_promovida != NENHUMA {
            s.push('=');
            s.push(LETRA_PECA[l.peca_promovida as usize].to_ascii_uppercase());
        }
    }
    let mut depois = b.clone();
    depois.make(l);
    if depois.em_xeque() {
        s.push(if tem_lance_legal(&depois) { '+' } else { '#' });
    }
    s
}

/// Lê um lance em SAN (`Nf3`, `exd5`, `Qxf7+`, `O-O`, `e8=Q`) ou em
/// coordenadas, comparando-o com os lances legais da posição.
pub fn san_para_lance(b: &TBoard, texto: &str) -> Option<TLance> {
    // Os sinais não ajudam a achar o lance e variam de programa para programa
    // (`exd5`/`ed5`, `e8=Q`/`e8Q`): fora com eles.
    let limpo: String = texto
        .chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | 'x' | ':' | '=' | '-'))
        .collect();
    if let Some(l) = acha_lance(b, &limpo.to_ascii_lowercase()) {
        return Some(l);
    }
    let mut lista = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut lista);
    if let Some(m) = roque_san(texto) {
        return lista
            .como_fatia()
            .iter()
            .find(|l| l.especial & m != 0)
            .copied();
    }
    let san = le_san(&limpo)?;
    lance_unico_san(&lista, &san)
}

/// O bit do roque (`MSK_ROQUE_*`) se o texto for `O-O` ou `O-O-O` (também
/// com zeros, como alguns programas escrevem).
fn roque_san(texto: &str) -> Option<u8> {
    let roque = texto
        .trim_end_matches(['+', '#', '!', '?'])
        .replace('0', "O");
    match roque.as_str() {
        "O-O" => Some(MSK_ROQUE_PEQUENO),
        "O-O-O" => Some(MSK_ROQUE_GRANDE),
        _ => None,
    }
}

/// Um lance em SAN já lido: o que ele diz, sem saber ainda qual lance é.
struct TSan {
    peca: u8,
    destino: usize,
    promo: u8,
    /// Coluna e/ou fileira de origem, quando o SAN desambigua (`Rad1`).
    dica: Vec<char>,
}

/// Lê o SAN sem os sinais (`Nf3`, `ed5`, `e8Q`, `R1a3`). `None` se não for.
fn le_san(limpo: &str) -> Option<TSan> {
    let c: Vec<char> = limpo.chars().collect();
    if c.is_empty() || !limpo.is_ascii() {
        return None;
    }
    // Peça (maiúscula) ou peão; promoção no fim.
    let (peca, mut corpo) = if c[0].is_ascii_uppercase() && c[0] != 'O' {
        (peca_da_letra(c[0]), &c[1..])
    } else {
        (PEAO, &c[..])
    };
    if peca == NENHUMA {
        return None;
    }
    let mut promo = NENHUMA;
    if let Some(&u) = corpo.last() {
        // A letra da promoção em minúscula (`e8q`) só vale depois do número,
        // para não confundir `b` (bispo) com a coluna b.
        let maiuscula = u.is_ascii_alphabetic() && !('a'..='h').contains(&u);
        let minuscula = peca == PEAO
            && corpo.len() >= 3
            && "nbrq".contains(u)
            && corpo[corpo.len() - 2].is_ascii_digit();
        if maiuscula || minuscula {
            promo = peca_da_letra(u);
            corpo = &corpo[..corpo.len() - 1];
        }
    }
    if corpo.len() < 2 {
        return None;
    }
    let destino: String = corpo[corpo.len() - 2..].iter().collect();
    Some(TSan {
        peca,
        destino: casa_do_nome(&destino)?,
        promo,
        dica: corpo[..corpo.len() - 2].to_vec(),
    })
}

/// O único lance legal que combina com o SAN; `None` se nenhum ou mais de um
/// (SAN ambíguo).
fn lance_unico_san(lista: &TListaLances, san: &TSan) -> Option<TLance> {
    let mut achado = None;
    for l in lista.como_fatia() {
        if l.peca != san.peca
            || l.casa_destino as usize != san.destino
            || l.peca_promovida != san.promo
        {
            continue;
        }
        let o = l.casa_origem as usize;
        let serve = san.dica.iter().all(|&ch| {
            if ('a'..='h').contains(&ch) {
                coluna(o) == (ch as u8 - b'a') as usize
            } else if ('1'..='8').contains(&ch) {
                fileira(o) == (ch as u8 - b'0') as usize
            } else {
                false
            }
        });
        if serve {
            if achado.is_some() {
                return None; // ambíguo
            }
            achado = Some(*l);
        }
    }
    achado
}

#[cfg(test)]
mod testes {
    use super::*;
    use crate::lance::lance_para_texto;
    use crate::tipos::GERA_CAPTURAS;

    fn lances(fen: &str, modo: u8) -> Vec<String> {
        let b = TBoard::de_fen(fen).unwrap();
        let mut l = TListaLances::nova();
        gera_lista_lances(&b, modo, &mut l);
        let mut v: Vec<String> = l.como_fatia().iter().map(lance_para_texto).collect();
        v.sort();
        v
    }

    #[test]
    fn en_passant_cravado_na_fileira() {
        // Rei em a5, peão branco b5, peão preto c5 (acabou de avançar), torre em h5:
        // bxc6 e.p. deixaria o rei em xeque pela fileira.
        let v = lances("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", GERA_TODOS);
        assert!(!v.contains(&"b5c6".to_string()));
        let v = lances("8/8/8/KPp5/8/8/8/4k3 w - c6 0 1", GERA_TODOS);
        assert!(v.contains(&"b5c6".to_string()));
    }

    #[test]
    fn roque_nao_atravessa_xeque() {
        // Torre preta em f8 ataca f1: não pode O-O; O-O-O pode.
        let v = lances("1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1", GERA_TODOS);
        assert!(!v.contains(&"e1g1".to_string()));
        assert!(v.contains(&"e1c1".to_string()));
        // Em xeque: nenhum roque.
        let v = lances("1k2r3/8/8/8/8/8/8/R3K2R w KQ - 0 1", GERA_TODOS);
        assert!(!v.contains(&"e1g1".to_string()) && !v.contains(&"e1c1".to_string()));
        // b1 atacada não impede o roque grande (o rei não passa por b1).
        let v = lances("1r5k/8/8/8/8/8/8/R3K3 w Q - 0 1", GERA_TODOS);
        assert!(v.contains(&"e1c1".to_string()));
    }

    #[test]
    fn modos_de_geracao() {
        let fen = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
        // Todos: 4 promoções em b8, 4 capturas-promoção em a8, 5 de rei.
        assert_eq!(lances(fen, GERA_TODOS).len(), 13);
        assert_eq!(
            lances(fen, GERA_CAPTURAS),
            vec!["b7a8b", "b7a8n", "b7a8q", "b7a8r"]
        );
        assert_eq!(lances(fen, GERA_QUIESCENCE), vec!["b7a8q", "b7b8q"]);
    }

    #[test]
    fn san_ida_e_volta() {
        let b = TBoard::de_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
            .unwrap();
        let l = san_para_lance(&b, "Bb5").unwrap();
        assert_eq!(lance_para_texto(&l), "f1b5");
        assert_eq!(lance_para_san(&b, &l), "Bb5");
        assert_eq!(
            lance_para_texto(&san_para_lance(&b, "Nxe5").unwrap()),
            "f3e5"
        );
        assert_eq!(
            lance_para_texto(&san_para_lance(&b, "d2d4").unwrap()),
            "d2d4"
        );
        assert!(san_para_lance(&b, "Qe2").is_some());
        assert!(
            san_para_lance(&b, "Qh5").is_none(),
            "o cavalo de f3 bloqueia"
        );
        assert!(san_para_lance(&b, "Ke3").is_none());
        // Desambiguação por coluna.
        let b = TBoard::de_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap();
        let l = san_para_lance(&b, "Rad1").unwrap();
        assert_eq!(lance_para_san(&b, &l), "Rad1");
        assert!(san_para_lance(&b, "Rd1").is_none(), "Rd1 é ambíguo");
        let b = TBoard::de_fen("4k3/8/8/8/8/8/8/R3K2R w K - 0 1").unwrap();
        assert_eq!(
            lance_para_texto(&san_para_lance(&b, "O-O").unwrap()),
            "e1g1"
        );
        assert_eq!(
            lance_para_texto(&san_para_lance(&b, "0-0").unwrap()),
            "e1g1"
        );
        assert!(san_para_lance(&b, "O-O-O").is_none(), "sem o direito");
        // Mate com promoção.
        let b = TBoard::de_fen("7k/4P3/6K1/8/8/8/8/8 w - - 0 1").unwrap();
        let l = san_para_lance(&b, "e8=Q+").unwrap();
        assert_eq!(lance_para_san(&b, &l), "e8=Q#");
    }
}
