//! O seletor de lances em etapas (`ice::seletor`) contra a geração e a
//! ordenação de uma vez só: em dezenas de milhares de posições (as das
//! suítes de perft, as 960 do Chess960, as de aberturas de partidas, as da
//! WAC e as que saem delas por lances ao acaso), as etapas juntas dão
//! exatamente os lances de `gera_lista_lances`, cada um uma vez, e na
//! ordem de `ordena_lances` desempatada pela ordem do gerador.

use ice::geracao::{gera_lances, gera_lista_lances, prepara_geracao};
use ice::lance::{TLance, TListaLances, LANCE_NULO};
use ice::ordenacao::{nova_ordenacao, ordena_lances, TOrdenacao};
use ice::perft::perft;
use ice::seletor::{inicia_seletor, proximo_lance, TSeletor, ETAPA_FIM, ETAPA_TT_DEVOLVE};
use ice::tabuleiro::TBoard;
use ice::tipos::{GERA_BARULHENTOS, GERA_QUIESCENCE, GERA_QUIETOS, GERA_TODOS, MSK_SELECIONADO};

/// Gerador pseudoaleatório pequeno (xorshift), para o teste ser o mesmo a
/// cada vez.
struct TSorteio(u64);

impl TSorteio {
    fn proximo(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn ate(&mut self, n: usize) -> usize {
        (self.proximo() % n as u64) as usize
    }
}

/// Os FENs das suítes (só os quatro primeiros campos, mais os contadores).
fn posicoes_das_suites() -> Vec<String> {
    let textos = [
        include_str!("data/perftsuite.epd"),
        include_str!("data/cpw_perft.epd"),
        include_str!("data/chess960.epd"),
        include_str!("data/8moves_v3-sample2000.epd"),
        include_str!("data/wac.epd"),
        include_str!("data/bk.epd"),
        include_str!("data/syzygy-finais.epd"),
    ];
    let mut v = Vec::new();
    for t in textos {
        for linha in t.lines() {
            let campos: Vec<&str> = linha.split_whitespace().take(4).collect();
            if campos.len() == 4 && !linha.starts_with('#') {
                v.push(format!("{} 0 1", campos.join(" ")));
            }
        }
    }
    v
}

fn lista(b: &TBoard, modo: u8) -> Vec<TLance> {
    let mut l = TListaLances::nova();
    gera_lista_lances(b, modo, &mut l);
    l.como_fatia().to_vec()
}

/// O lance sem a marca de "já selecionado", para comparar.
fn limpo(mut l: TLance) -> TLance {
    l.especial &= !MSK_SELECIONADO;
    l
}

/// A ordem de referência: tudo gerado, `ordena_lances`, e uma ordenação
/// estável pelo valor (entre iguais, a ordem do gerador).
fn ordem_de_referencia(
    b: &TBoard,
    ord: &TOrdenacao,
    modo: u8,
    ply: usize,
    pv: TLance,
    hash: u16,
    com_see: bool,
) -> Vec<TLance> {
    let mut l = TListaLances::nova();
    gera_lista_lances(b, modo, &mut l);
    ordena_lances(b, ord, &mut l, ply, pv, hash, com_see);
    let mut v: Vec<TLance> = l.como_fatia().iter().map(|&x| limpo(x)).collect();
    v.sort_by_key(|x| std::cmp::Reverse(x.valor_lance));
    v
}

/// Todos os lances que o seletor dá, na ordem.
#[allow(clippy::too_many_arguments)]
fn ordem_do_seletor(
    s: &mut TSeletor,
    b: &TBoard,
    ord: &TOrdenacao,
    modo: u8,
    ply: usize,
    pv: TLance,
    hash: u16,
    com_see: bool,
) -> Vec<TLance> {
    inicia_seletor(s, ord, ply, pv, hash, com_see, modo, false);
    let mut v = Vec::new();
    while let Some(l) = proximo_lance(s, b, ord) {
        v.push(limpo(l));
        assert!(v.len() <= 256, "o seletor não para");
    }
    assert_eq!(s.etapa, ETAPA_FIM);
    v
}

/// Um lance ao acaso da lista, ou o nulo se ela estiver vazia.
fn um_de(r: &mut TSorteio, v: &[TLance]) -> TLance {
    if v.is_empty() {
        LANCE_NULO
    } else {
        v[r.ate(v.len())]
    }
}

/// Confere uma posição com killers, lance da tabela, lance da PV e history
/// escolhidos ao acaso (às vezes lances que nem existem aqui: vindos da
/// posição anterior, ou um código qualquer, como numa colisão da tabela).
fn confere_posicao(
    b: &TBoard,
    ord: &mut TOrdenacao,
    s: &mut TSeletor,
    r: &mut TSorteio,
    anteriores: &[TLance],
) {
    let todos = lista(b, GERA_TODOS);
    let quietos: Vec<TLance> = todos.iter().copied().filter(|l| l.eh_quieto()).collect();
    let ply = 3;
    // Killers: quietos daqui, lances da posição anterior ou nada, com
    // contadores pequenos (para que os dois empatem às vezes).
    for k in 0..2 {
        let mut l = match r.ate(4) {
            0 | 1 => um_de(r, &quietos),
            2 => um_de(r, anteriores),
            _ => LANCE_NULO,
        };
        l.valor_lance = r.ate(3) as i32;
        ord.killers[ply][k] = l;
    }
    if ord.killers[ply][0].existe() && ord.killers[ply][0].codigo() == ord.killers[ply][1].codigo()
    {
        ord.killers[ply][1] = LANCE_NULO;
    }
    let hash = match r.ate(5) {
        0 | 1 => um_de(r, &todos).codigo(),
        2 => um_de(r, anteriores).codigo(),
        3 => (r.proximo() & 0x7fff) as u16,
        _ => 0,
    };
    let pv = match r.ate(4) {
        0 => um_de(r, &todos),
        1 => um_de(r, anteriores),
        _ => LANCE_NULO,
    };
    // History: poucos valores distintos, para haver empates.
    for cor in 0..2 {
        for p in 0..7 {
            for d in 0..64 {
                ord.history[cor][p][d] = (r.ate(7) as i32 - 3) * 100;
            }
        }
    }
    ord.com_continuacao = r.ate(2) == 0;
    ord.ruins_depois = r.ate(3) != 0;
    let com_see = r.ate(4) != 0;

    for modo in [GERA_TODOS, GERA_QUIESCENCE] {
        let esperado = ordem_de_referencia(b, ord, modo, ply, pv, hash, com_see);
        let obtido = ordem_do_seletor(s, b, ord, modo, ply, pv, hash, com_see);
        if esperado != obtido {
            let txt = |v: &[TLance]| {
                v.iter()
                    .map(|l| format!("{}:{}", ice::lance::lance_para_texto(l), l.valor_lance))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            panic!(
                "{} (modo {modo}, pv {}, hash {hash}, killers {} {})\nesperado {}\nobtido   {}",
                b.para_fen(),
                ice::lance::lance_para_texto(&pv),
                ice::lance::lance_para_texto(&ord.killers[ply][0]),
                ice::lance::lance_para_texto(&ord.killers[ply][1]),
                txt(&esperado),
                txt(&obtido)
            );
        }
        // A mesma coisa dita de outro jeito: o conjunto é o da geração, sem
        // repetição.
        let mut a: Vec<(u16, u8)> = obtido.iter().map(|l| (l.codigo_exato(), l.peca)).collect();
        let mut g: Vec<(u16, u8)> = lista(b, modo)
            .iter()
            .map(|l| (l.codigo_exato(), l.peca))
            .collect();
        a.sort();
        g.sort();
        let n = a.len();
        a.dedup();
        assert_eq!(a.len(), n, "lance repetido em {}", b.para_fen());
        assert_eq!(a, g, "{}", b.para_fen());
    }
}

/// Os dois modos do seletor repartem a geração completa: capturas e
/// promoções de um lado, o resto do outro, sem lance nos dois, e cada um
/// na ordem relativa de `GERA_TODOS` (da qual o desempate depende).
fn confere_reparticao(b: &TBoard) {
    let todos = lista(b, GERA_TODOS);
    let barulhentos = lista(b, GERA_BARULHENTOS);
    let quietos = lista(b, GERA_QUIETOS);
    assert!(barulhentos.iter().all(|l| !l.eh_quieto()));
    assert!(quietos.iter().all(|l| l.eh_quieto()));
    assert_eq!(
        barulhentos.len() + quietos.len(),
        todos.len(),
        "{}",
        b.para_fen()
    );
    // Intercalar os dois pela ordem de `todos` reconstrói `todos`.
    let (mut i, mut j) = (0, 0);
    for l in &todos {
        if i < barulhentos.len() && barulhentos[i] == *l {
            i += 1;
        } else if j < quietos.len() && quietos[j] == *l {
            j += 1;
        } else {
            panic!("{}: fora de ordem ou faltando", b.para_fen());
        }
    }
    // Gerar por casa de origem, uma de cada vez, dá os mesmos lances.
    let p = prepara_geracao(b);
    let mut por_casa = TListaLances::nova();
    for o in 0..64 {
        gera_lances(b, &p, GERA_TODOS, 1u64 << o, &mut por_casa);
    }
    let mut a: Vec<_> = por_casa.como_fatia().to_vec();
    let mut t = todos.clone();
    let chave = |l: &TLance| (l.casa_origem, l.casa_destino, l.peca_promovida, l.especial);
    a.sort_by_key(chave);
    t.sort_by_key(chave);
    assert_eq!(a, t, "{}", b.para_fen());
}

#[test]
fn etapas_juntas_dao_a_geracao_e_a_ordem() {
    let mut r = TSorteio(0x9e37_79b9_7f4a_7c15);
    let mut ord = nova_ordenacao();
    // A continuação, uma vez (a tabela é grande), com poucos valores.
    for v in ord.continuacao.iter_mut() {
        *v = (r.ate(5) as i32 - 2) * 50;
    }
    let mut s = TSeletor::default();
    let mut conferidas = 0;
    for fen in posicoes_das_suites() {
        let mut b = TBoard::de_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut anteriores: Vec<TLance> = Vec::new();
        // A posição da suíte e as de um passeio ao acaso a partir dela.
        for _ in 0..12 {
            confere_reparticao(&b);
            confere_posicao(&b, &mut ord, &mut s, &mut r, &anteriores);
            conferidas += 1;
            let todos = lista(&b, GERA_TODOS);
            if todos.is_empty() {
                break;
            }
            // Capturas e promoções mais vezes: chegam às posições com en
            // passant, promoções e xeques que o passeio quieto não acha.
            let barulhentos: Vec<TLance> =
                todos.iter().copied().filter(|l| !l.eh_quieto()).collect();
            let l = if !barulhentos.is_empty() && r.ate(2) == 0 {
                um_de(&mut r, &barulhentos)
            } else {
                um_de(&mut r, &todos)
            };
            b.make(&l);
            anteriores = todos;
        }
    }
    assert!(conferidas > 30_000, "só {conferidas} posições");
}

/// Perft pelo seletor, com lance da tabela e killers tirados da posição
/// (para que as etapas 1 e 3 sirvam algo, legal ou não): as mesmas contas
/// das suítes.
fn perft_seletor(b: &mut TBoard, ord: &mut TOrdenacao, pilha: &mut [TSeletor], prof: u32) -> u64 {
    let (s, resto) = pilha.split_first_mut().unwrap();
    let ply = 10 - prof as usize;
    let hash = (b.chave_hash as u16) & 0x0fff;
    inicia_seletor(s, ord, ply, LANCE_NULO, hash, true, GERA_TODOS, false);
    let mut n = 0;
    let mut primeiro = true;
    while let Some(l) = proximo_lance(s, b, ord) {
        if prof == 1 {
            n += 1;
        } else {
            b.make(&l);
            n += perft_seletor(b, ord, resto, prof - 1);
            b.unmake();
        }
        // O primeiro quieto de cada nó vira killer do ply (para os irmãos).
        if primeiro && l.eh_quieto() {
            ord.killers[ply][0] = l;
            primeiro = false;
        }
    }
    n
}

#[test]
fn perft_pelo_seletor() {
    let mut ord = nova_ordenacao();
    let mut pilha = vec![TSeletor::default(); 12];
    let suites = [
        include_str!("data/perftsuite.epd"),
        include_str!("data/cpw_perft.epd"),
    ];
    let mut conferidos = 0;
    for t in suites {
        for (fen, contas) in crate::motor::le_suite(t) {
            let mut b = TBoard::de_fen(&fen).unwrap();
            for &(d, esperado) in contas.iter().filter(|(d, n)| *d <= 3 || *n < 200_000) {
                assert_eq!(
                    perft_seletor(&mut b, &mut ord, &mut pilha, d),
                    esperado,
                    "perft {d} pelo seletor de {fen}"
                );
                assert_eq!(perft(&mut b, d), esperado);
                conferidos += 1;
            }
        }
    }
    assert!(conferidos > 300, "só {conferidos}");
}

/// O lance da tabela vem antes de gerar o resto: na primeira chamada o
/// seletor ainda está na etapa dele, e a lista tem só aquele lance. Um
/// código que não é lance legal aqui não sai.
#[test]
fn lance_da_tabela_sai_antes_de_gerar() {
    let b =
        TBoard::de_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").unwrap();
    let ord = nova_ordenacao();
    let mut s = TSeletor::default();
    let l = ice::geracao::acha_lance(&b, "f1b5").unwrap();
    inicia_seletor(
        &mut s,
        &ord,
        0,
        LANCE_NULO,
        l.codigo(),
        true,
        GERA_TODOS,
        false,
    );
    let primeiro = proximo_lance(&mut s, &b, &ord).unwrap();
    assert_eq!(primeiro.codigo(), l.codigo());
    assert_eq!(s.etapa, ETAPA_TT_DEVOLVE);
    assert_eq!(s.lista.n, 1, "só o lance da tabela foi guardado");
    // O segundo já é a melhor captura (Nxe5), gerada agora.
    let segundo = proximo_lance(&mut s, &b, &ord).unwrap();
    assert_eq!(ice::lance::lance_para_texto(&segundo), "f3e5");
    // Um código de lance que não existe aqui (a bispo de c1 não anda).
    let c1e3 = ice::lance::TLance {
        casa_origem: 58,
        casa_destino: 44,
        ..LANCE_NULO
    };
    inicia_seletor(
        &mut s,
        &ord,
        0,
        LANCE_NULO,
        c1e3.codigo(),
        true,
        GERA_TODOS,
        false,
    );
    let v: Vec<TLance> = std::iter::from_fn(|| proximo_lance(&mut s, &b, &ord)).collect();
    assert_eq!(v.len(), lista(&b, GERA_TODOS).len());
    assert!(v.iter().all(|l| l.codigo() != c1e3.codigo()));
}
