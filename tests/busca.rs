//! Testes da busca: mates com a distância certa, empates (afogamento,
//! repetição, 50 lances, material insuficiente), lance nulo, killers do ICE,
//! ordem de ordenação (módulo `ordenacao`) e estabilidade do bench.

use ice::arvore::*;
use ice::busca::*;
use ice::estado::*;
use ice::geracao::{acha_lance, gera_lista_lances};
use ice::lance::{lance_para_texto, TListaLances, LANCE_NULO};
use ice::ordenacao::*;
use ice::pensamento::*;
use ice::tabuleiro::TBoard;
use ice::tempo::TLimites;
use ice::tipos::*;

/// O estado de busca dos testes que chamam `alpha_beta` direto: sem linhas
/// de pensamento, com as estatísticas (que não mudam a busca), as
/// `melhorias` e, se `classico`, o ICE clássico.
fn busca_de_teste(melhorias: u32, classico: bool) -> TBusca {
    let mut bu = nova_busca(16);
    bu.pedido.com_estatisticas = true;
    define_melhorias(&mut bu, melhorias);
    define_classico(&mut bu, classico);
    bu
}

/// Uma pilha de plies para `alpha_beta`/`quiescence`.
fn nova_pilha() -> Vec<TNoPilha> {
    vec![TNoPilha::default(); MAX_DEPTH + 1]
}

fn pensa(fen: &str, prof: u32) -> TResultado {
    let mut b = TBoard::de_fen(fen).unwrap();
    let mut bu = nova_busca(16);
    busca(
        &mut b,
        &mut bu,
        &TLimites {
            profundidade: prof,
            ..TLimites::default()
        },
    )
}

#[test]
fn mates_com_a_distancia_certa() {
    // Mate em 1: Dg7# (dama apoiada pelo rei).
    let r = pensa("7k/8/5KQ1/8/8/8/8/8 w - - 0 1", 4);
    assert_eq!(escore_xboard(r.escore), 100001);
    // Mate em 2 (WAC.001): Dg6!.
    let r = pensa(
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        6,
    );
    assert_eq!(lance_para_texto(&r.lance), "g3g6");
    assert_eq!(escore_xboard(r.escore), 100002);
    // Mate em 2 com torre: Th1! e Th8#.
    let r = pensa("6k1/8/5K2/8/8/8/8/R7 w - - 0 1", 6);
    assert_eq!(
        escore_xboard(r.escore),
        100002,
        "pv {}",
        lance_para_texto(&r.lance)
    );
    // Mate em 3 (Bratko–Kopec 1): 1...Dd1+ 2.Rxd1 Bg4+ 3.R~ Td1#.
    let r = pensa("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1", 8);
    assert_eq!(lance_para_texto(&r.lance), "d6d1");
    assert_eq!(escore_xboard(r.escore), 100003);
    // O lado que leva mate vê o escore negativo: 1...Rg8 2.Da8#.
    let r = pensa("7k/8/6K1/8/8/8/8/Q7 b - - 0 1", 4);
    assert_eq!(escore_xboard(r.escore), -100001);
}

#[test]
fn empates() {
    // Afogamento: sem lances e sem xeque.
    let r = pensa("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 3);
    assert_eq!(r.escore, 0);
    assert!(!r.lance.existe());
    // Material insuficiente: K+C contra K.
    assert_eq!(pensa("8/8/4k3/8/8/3NK3/8/8 w - - 0 1", 6).escore, 0);
    // Regra dos 50 lances: com 99 meios-lances, qualquer lance que não zere o
    // contador empata; a torre a mais não vale nada se não houver mate já.
    let r = pensa("8/8/8/4k3/8/8/8/R3K3 w - - 99 80", 4);
    assert_eq!(r.escore, 0);
}

#[test]
fn repeticao_vale_zero() {
    // Dama a mais, mas a posição já ocorreu: dentro da busca, voltar a ela é
    // empate (0), e a contagem da partida chega a 2 (tripla repetição).
    let mut b = TBoard::de_fen("k7/8/8/8/8/8/8/K5Q1 w - - 0 1").unwrap();
    let mut bu = nova_busca(1);
    let joga = |b: &mut TBoard, lances: &[&str]| {
        for m in lances {
            let l = acha_lance(b, m).unwrap_or_else(|| panic!("{m}"));
            b.make(&l);
        }
    };
    joga(&mut b, &["g1g2", "a8b8", "g2g1", "b8a8"]);
    assert_eq!(b.repeticoes(), 1);
    let mut pilha = vec![TNoPilha::default(); MAX_DEPTH + 1];
    // Num nó interno (ply 1) a posição repetida vale 0, apesar da dama.
    let v = alpha_beta(&mut b, &mut bu, &mut pilha, -INFINITO, INFINITO, 3, 1, true);
    assert_eq!(v, 0);
    joga(&mut b, &["g1g2", "a8b8", "g2g1", "b8a8"]);
    assert_eq!(b.repeticoes(), 2);
    // Sem a história, a mesma posição vale muito.
    let mut limpa = TBoard::de_fen("k7/8/8/8/8/8/8/K5Q1 w - - 0 1").unwrap();
    let v = alpha_beta(
        &mut limpa, &mut bu, &mut pilha, -INFINITO, INFINITO, 3, 1, true,
    );
    assert!(v > 500, "{v}");
}

#[test]
fn condicoes_do_lance_nulo() {
    let b = TBoard::de_fen("4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1").unwrap();
    assert!(b.em_xeque());
    assert!(!pode_fazer_nulo(&b, true, 0), "nunca em xeque");
    let b = TBoard::de_fen("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1").unwrap();
    assert!(!pode_fazer_nulo(&b, false, 0), "só rei e peões: zugzwang");
    let b = TBoard::de_fen("4k3/pppp4/8/8/8/8/PPPP4/4K1N1 w - - 0 1").unwrap();
    assert!(pode_fazer_nulo(&b, false, 0));
    assert!(!pode_fazer_nulo(&b, false, MATE - 10), "β de mate");
}

#[test]
fn killers_como_no_ice() {
    let mut ord = nova_ordenacao();
    let b = TBoard::inicial();
    let l = |t: &str| acha_lance(&b, t).unwrap();
    let (a, c, d, e) = (l("a2a3"), l("c2c3"), l("d2d3"), l("e2e3"));
    atualiza_killers(&mut ord, &a, 5);
    atualiza_killers(&mut ord, &c, 5);
    assert!(
        ord.killers[5][0].casa_origem == a.casa_origem
            && ord.killers[5][1].casa_origem == c.casa_origem
    );
    // Repetido: contador do slot sobe.
    atualiza_killers(&mut ord, &a, 5);
    assert_eq!(ord.killers[5][0].valor_lance, 1);
    // Contadores diferentes: sai o de menor contador (c, slot 1).
    atualiza_killers(&mut ord, &d, 5);
    assert_eq!(lance_para_texto(&ord.killers[5][1]), "d2d3");
    assert_eq!(ord.killers[5][1].valor_lance, 0);
    // a=1, d=0: e substitui d de novo (menor contador).
    atualiza_killers(&mut ord, &e, 5);
    assert_eq!(lance_para_texto(&ord.killers[5][1]), "e2e3");
    // Contadores iguais: substitui o slot que NÃO foi o último substituído.
    atualiza_killers(&mut ord, &e, 5); // e=1, a=1; último substituído = 1
    atualiza_killers(&mut ord, &c, 5);
    assert_eq!(lance_para_texto(&ord.killers[5][0]), "c2c3");
    assert_eq!(lance_para_texto(&ord.killers[5][1]), "e2e3");
    // Capturas e promoções não entram.
    let b2 = TBoard::de_fen("4k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    atualiza_killers(&mut ord, &acha_lance(&b2, "e4d5").unwrap(), 7);
    atualiza_killers(&mut ord, &acha_lance(&b2, "b7b8q").unwrap(), 7);
    assert!(!ord.killers[7][0].existe() && !ord.killers[7][1].existe());
}

/// A ordem dos lances de uma posição com todas as categorias: promoção a
/// dama, capturas boa e ruim, killers, subpromoções e lances quietos.
fn ordem_das_categorias_com(ruins_depois: bool) -> impl Fn(&str) -> usize {
    let b = TBoard::de_fen("r3k2r/1P3ppp/8/3p4/2n1P3/1Q6/5PPP/R3K2R w KQkq - 0 1").unwrap();
    let mut ord = nova_ordenacao();
    ord.ruins_depois = ruins_depois;
    let hash = acha_lance(&b, "a1a7").unwrap();
    let k1 = acha_lance(&b, "h2h3").unwrap();
    atualiza_killers(&mut ord, &k1, 0);
    let mut lista = TListaLances::nova();
    gera_lista_lances(&b, GERA_TODOS, &mut lista);
    // Sem SEE: capturas boa/ruim só pelo valor, como no ICE clássico.
    ordena_lances(&b, &ord, &mut lista, 0, LANCE_NULO, hash.codigo(), false);
    let mut ordem = Vec::new();
    for i in 0..lista.n {
        ordem.push(lance_para_texto(&obtem_melhor_lance(&mut lista, i)));
    }
    assert_eq!(ordem.len(), lista.n);
    move |t: &str| {
        ordem
            .iter()
            .position(|x| x == t)
            .unwrap_or_else(|| panic!("{t} não gerado"))
    }
}

#[test]
fn ordem_das_categorias() {
    // A ordem do ICE 1.78 (o modo clássico).
    let pos = ordem_das_categorias_com(false);
    // hash < promoção a dama < capturas boas (PxP, BxN…) < ruins (DxP) < killer < subpromoções < quietos
    assert_eq!(pos("a1a7"), 0);
    assert!(pos("b7a8q") < pos("e4d5")); // promoção com captura primeiro
    assert!(pos("b7b8q") < pos("e4d5"));
    assert!(
        pos("e4d5") < pos("b3c4"),
        "PxP (boa) antes de DxC (ruim: atacante vale mais)"
    );
    assert!(pos("b3c4") < pos("h2h3"), "captura ruim antes do killer");
    assert!(pos("h2h3") < pos("b7b8n"), "killer antes da subpromoção");
    assert!(pos("b7b8n") < pos("g2g3"), "subpromoção antes dos quietos");
}

#[test]
fn capturas_ruins_depois_dos_killers() {
    // ICE-rs (MELHORIA_RUINS): DxC, que a troca diz perder, vem depois do
    // killer e da subpromoção, mas ainda antes dos quietos comuns.
    let pos = ordem_das_categorias_com(true);
    assert!(pos("e4d5") < pos("h2h3"), "captura boa antes do killer");
    assert!(pos("h2h3") < pos("b3c4"), "killer antes da captura ruim");
    assert!(
        pos("b7b8n") < pos("b3c4"),
        "subpromoção antes da captura ruim"
    );
    assert!(pos("b3c4") < pos("g2g3"), "captura ruim antes dos quietos");
}

#[test]
fn history_limitada_nunca_passa_do_teto_e_volta_depressa() {
    // Mil cortes do mesmo quieto a 20 plies: a history do ICE (prof²)
    // cresceria até dividir a tabela; a limitada fica em ±HISTORY_LIMITE.
    let b = TBoard::de_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    let l = acha_lance(&b, "a1a5").unwrap();
    let outro = acha_lance(&b, "a1a6").unwrap();
    let mut ord = nova_ordenacao();
    assert!(ord.history_limitada);
    let valor = |o: &TOrdenacao, l: &ice::lance::TLance| {
        o.history[BRANCAS][l.peca as usize][l.casa_destino as usize]
    };
    for _ in 0..1000 {
        registra_corte(&mut ord, &b, &l, 3, 20, &[outro]);
    }
    let alto = valor(&ord, &l);
    assert!(
        alto > HISTORY_LIMITE * 9 / 10 && alto <= HISTORY_LIMITE,
        "{alto}"
    );
    assert!(
        valor(&ord, &outro) >= -HISTORY_LIMITE && valor(&ord, &outro) < -HISTORY_LIMITE * 9 / 10
    );
    // Gravidade: perto do teto, um corte contrário puxa mais do que o bônus
    // cheio (1536) empurraria um valor zerado.
    registra_corte(&mut ord, &b, &outro, 3, 20, &[l]);
    assert!(
        alto - valor(&ord, &l) > 1536,
        "{} -> {}",
        alto,
        valor(&ord, &l)
    );
}

#[test]
fn bench_deterministico() {
    // A assinatura não pode depender de nada além do binário.
    let rodada = || {
        let mut bu = nova_busca(16);
        let mut total = 0;
        for fen in ice::bench::POSICOES_BENCH.iter().take(8) {
            let mut b = TBoard::de_fen(fen).unwrap();
            limpa_busca(&mut bu, 1);
            total += busca(
                &mut b,
                &mut bu,
                &TLimites {
                    profundidade: 6,
                    ..TLimites::default()
                },
            )
            .nos;
        }
        total
    };
    assert_eq!(rodada(), rodada());
}

#[test]
fn see_basico() {
    // PxP defendido por peão, apoiado pela dama: ganha um peão; DxP: perde a dama.
    let b = TBoard::de_fen("4k3/8/2p5/3p4/4P3/3Q4/8/4K3 w - - 0 1").unwrap();
    assert_eq!(see(&b, &acha_lance(&b, "e4d5").unwrap()), 100);
    assert_eq!(see(&b, &acha_lance(&b, "d3d5").unwrap()), 100 - 900 + 100);
    // Sem a dama atrás: troca de peões, saldo 0.
    let b = TBoard::de_fen("4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(see(&b, &acha_lance(&b, "e4d5").unwrap()), 0);
    // Peão indefeso.
    let b = TBoard::de_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(see(&b, &acha_lance(&b, "e4d5").unwrap()), 100);
}

/// `--estatisticas` só conta: a busca com e sem contadores é a mesma (nós e
/// lance), e os contadores dizem coisas que têm de ser verdade.
#[test]
fn estatisticas_nao_mudam_a_busca_e_fazem_sentido() {
    // Meio-jogo aberto (italiana): nulo, podas, LMR e cortes todos agem.
    let fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R b KQkq - 0 5";
    let lim = TLimites {
        profundidade: 9,
        ..TLimites::default()
    };
    let mut resultados = Vec::new();
    for com in [false, true] {
        let mut b = TBoard::de_fen(fen).unwrap();
        let mut bu = nova_busca(16);
        bu.pedido.com_estatisticas = com;
        let r = busca(&mut b, &mut bu, &lim);
        resultados.push((r.nos, lance_para_texto(&r.lance), bu.est));
    }
    let (nos_sem, lance_sem, est_sem) = &resultados[0];
    let (nos_com, lance_com, e) = &resultados[1];
    assert_eq!((nos_sem, lance_sem), (nos_com, lance_com));
    // Desligadas, nada é contado.
    assert_eq!(*est_sem, ice::estatisticas::TEstatisticas::default());
    // Todo nó é do alpha_beta ou da quiescência.
    assert_eq!(e.nos_ab + e.nos_qs, *nos_com);
    assert!(e.tt_cortes <= e.tt_acertos && e.tt_acertos <= e.tt_sondas);
    assert!(e.nulo_cortes <= e.nulo_tentativas && e.nulo_cortes > 0);
    assert!(e.cortes_primeiro <= e.cortes && e.cortes > 0);
    // A ordenação do ICE acerta o corte no primeiro lance na maioria dos nós.
    assert!(e.cortes_primeiro * 2 > e.cortes, "{e:?}");
    assert!(e.lmr_reducoes > 0 && e.lmr_repesquisas <= e.lmr_reducoes);
    assert!(e.poda_futilidade + e.poda_lmp + e.poda_see > 0);
    // O seletor em etapas: cada nó com lances parou numa etapa, e uma parte
    // cortou com o lance da tabela sem gerar mais nada.
    let etapas = e.etapa_tt + e.etapa_barulhentos + e.etapa_killers + e.etapa_quietos;
    assert_eq!(etapas, e.nos_com_lances, "{e:?}");
    assert!(
        e.etapa_tt > 0 && e.etapa_quietos < e.nos_com_lances,
        "{e:?}"
    );
}

/// Um mate com xeques: a extensão de xeque do ICE aparece nas estatísticas.
#[test]
fn estatisticas_contam_a_extensao_de_xeque() {
    let mut b =
        TBoard::de_fen("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1").unwrap();
    let mut bu = nova_busca(16);
    bu.pedido.com_estatisticas = true;
    busca(
        &mut b,
        &mut bu,
        &TLimites {
            profundidade: 6,
            ..TLimites::default()
        },
    );
    assert!(bu.est.ext_xeque > 0, "{:?}", bu.est);
}

/// Futilidade reversa até a profundidade 7, com a margem de um ply a menos
/// quando o lado a jogar está melhorando: um nó fora da PV, 6 plies antes do
/// horizonte, com a estática muito acima de β, corta sem pesquisar nada e
/// devolve estática − 90 × (6 − 1) (sem estática anterior conta como
/// melhorando). No ICE clássico não há futilidade reversa: o nó é pesquisado.
#[test]
fn futilidade_reversa_ate_prof_7_com_melhorando() {
    // Brancas com uma dama a mais, sem nada atacado.
    let fen = "4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1";
    let mut b = TBoard::de_fen(fen).unwrap();
    let mut bu = nova_busca(16);
    let estatica = ice::avaliacao::eval(&b, &mut bu.av, -INFINITO, INFINITO);
    assert!(estatica > 700, "{estatica}");
    let mut pilha = vec![TNoPilha::default(); MAX_DEPTH + 1];
    let beta = 0;
    let v = alpha_beta(&mut b, &mut bu, &mut pilha, beta - 1, beta, 6, 0, true);
    assert_eq!((v, bu.nos), (estatica - 90 * 5, 1));
    // No ICE clássico a mesma chamada pesquisa a árvore.
    define_classico(&mut bu, true);
    bu.nos = 0;
    let v = alpha_beta(&mut b, &mut bu, &mut pilha, beta - 1, beta, 6, 0, true);
    assert!(v >= beta && bu.nos > 100, "{v} {}", bu.nos);
}

/// As linhas de ataque ao rei de `rei_atacado`: cada peça inimiga que
/// ataca a casa do rei ou uma vizinha (ocupada ou não) conta uma; a dama,
/// uma pela diagonal e outra pela ortogonal. Três bastam; duas, não.
#[test]
fn rei_atacado_conta_as_linhas_na_zona() {
    let casos = [
        // Bispo c5 (via e3 até f2), cavalo e4 (f2) e torre h4 (h2, h1) na
        // zona do rei g1.
        ("4k3/8/8/2b5/4n2r/8/5PP1/3Q1RK1 w - - 0 1", true),
        // A torre parada no peão h3, fora da zona: só duas.
        ("4k3/8/8/2b5/4n2r/7P/5PP1/3Q1RK1 w - - 0 1", false),
        // Bispo e cavalo, sem a torre: duas.
        ("4k3/8/8/2b5/4n3/8/5PPP/3Q1RK1 w - - 0 1", false),
        // O bispo com o caminho fechado em d4, o cavalo e a torre: duas.
        ("4k3/8/8/2b5/3Pn2r/8/5PP1/3Q1RK1 w - - 0 1", false),
        // Dama h6 (h7 pela coluna, g7 pela diagonal) e cavalo g5 (f7, h7)
        // contra o rei g8.
        ("6k1/5p2/7Q/6N1/8/8/8/6K1 b - - 0 1", true),
        // Só a dama h6: duas linhas.
        ("6k1/5p2/7Q/8/8/8/8/6K1 b - - 0 1", false),
        // Torre na coluna h e bispo em f6 (g7, h8): a WAC.055 depois de
        // 1.Dxg7+ Rxg7 2.Bf6+ Rg8 3.Th4; a torre e1 não chega: duas.
        (
            "r3r1k1/pp1q1p2/4bBp1/3p4/7R/8/PPP3PP/4R1K1 b - - 3 3",
            false,
        ),
    ];
    for (fen, esperado) in casos {
        let b = TBoard::de_fen(fen).unwrap();
        assert_eq!(rei_atacado(&b), esperado, "{fen}");
    }
}

/// Com o rei do lado a jogar sob ataque, a futilidade reversa não corta: as
/// brancas com duas damas contra bispo, cavalo e torre (estática muito acima
/// de β, 6 plies do horizonte), as três peças pretas mirando o roque branco:
/// o nó é pesquisado; sem a regra (`--sem reiatacado`) corta num nó só.
#[test]
fn futilidade_reversa_nao_corta_com_o_rei_atacado() {
    let fen = "4k3/8/8/2b5/4n2r/8/5PP1/Q2Q1RK1 w - - 0 1";
    let mut b = TBoard::de_fen(fen).unwrap();
    let mut pilha = nova_pilha();
    let beta = 0;
    let mut bu = busca_de_teste(TODAS_MELHORIAS & !MELHORIA_REI_ATACADO, false);
    let v = alpha_beta(&mut b, &mut bu, &mut pilha, beta - 1, beta, 6, 0, true);
    assert!(v > beta + 90 * 5, "{v}");
    assert_eq!((bu.nos, bu.est.futilidade_reversa), (1, 1));
    let mut bu = busca_de_teste(TODAS_MELHORIAS, false);
    let v = alpha_beta(&mut b, &mut bu, &mut pilha, beta - 1, beta, 6, 0, true);
    assert!(v >= beta && bu.nos > 1, "{v} {}", bu.nos);
    assert_eq!(bu.est.futilidade_reversa, 0, "{:?}", bu.est);
}

/// O sacrifício que a regra deixa ver: na WAC.241, 1.Dxh7+ abre o rei
/// preto para a torre f5, o cavalo e5 e o bispo b3. Sem a regra, depois de
/// Dxh7+ Rxh7 as pretas têm uma dama a mais na estática, e os nós delas perto
/// do horizonte cortam antes de ver o ataque (a 10 plies a busca joga Tf6).
/// Com ela, Dxh7+ sai a 10 plies. (A WAC.055, que a regra de duas linhas
/// resolvia, tem só duas linhas no rei preto depois do sacrifício.)
#[test]
fn rei_atacado_deixa_ver_o_sacrificio() {
    let fen = "2rq1rk1/pp3ppp/2n2b2/4NR2/3P4/PB5Q/1P4PP/3R2K1 w - - 0 1";
    for (melhorias, acha) in [
        (TODAS_MELHORIAS, true),
        (TODAS_MELHORIAS & !MELHORIA_REI_ATACADO, false),
    ] {
        let mut b = TBoard::de_fen(fen).unwrap();
        let mut bu = busca_de_teste(melhorias, false);
        let limites = TLimites {
            profundidade: 10,
            ..TLimites::default()
        };
        let r = busca(&mut b, &mut bu, &limites);
        let dxh7 = lance_para_texto(&r.lance) == "h3h7";
        assert_eq!(dxh7, acha, "{} {}", lance_para_texto(&r.lance), r.escore);
    }
}

/// Futilidade até 3 plies do horizonte: num nó fora da PV, 2 plies antes do
/// horizonte, com a estática 300 abaixo de α (a margem a 2 plies), os
/// lances quietos depois do primeiro não são pesquisados. Nos filhos (o lado
/// que ganha) a futilidade não vale, então toda poda contada é do próprio
/// nó: uma por quieto, menos o primeiro. No ICE clássico, nenhuma.
#[test]
fn futilidade_a_dois_plies_do_horizonte() {
    // Pretas a jogar, com uma dama a menos; nenhum lance delas dá xeque.
    let fen = "4k3/pppp4/8/8/8/8/PPPP4/3QK3 b - - 0 1";
    let mut b = TBoard::de_fen(fen).unwrap();
    let mut bu = nova_busca(16);
    bu.pedido.com_estatisticas = true;
    let estatica = ice::avaliacao::eval(&b, &mut bu.av, -INFINITO, INFINITO);
    assert!(estatica < -700, "{estatica}");
    let mut lista = TListaLances::nova();
    gera_lista_lances(&b, GERA_TODOS, &mut lista);
    let quietos = lista.como_fatia().iter().filter(|l| l.eh_quieto()).count();
    assert!(quietos > 5);
    let mut pilha = vec![TNoPilha::default(); MAX_DEPTH + 1];
    let alfa = estatica + 300;
    alpha_beta(&mut b, &mut bu, &mut pilha, alfa, alfa + 1, 2, 0, true);
    assert_eq!(bu.est.poda_futilidade as usize, quietos - 1, "{:?}", bu.est);
    // Um pouco menos atrás (a margem não cobre): nada é podado neste nó.
    let mut bu2 = nova_busca(16);
    bu2.pedido.com_estatisticas = true;
    let alfa = estatica + 250;
    alpha_beta(&mut b, &mut bu2, &mut pilha, alfa, alfa + 1, 2, 0, true);
    assert_eq!(bu2.est.poda_futilidade, 0, "{:?}", bu2.est);
}

/// A quiescência usa a tabela (só ICE-rs): a mesma posição, de novo com a
/// mesma janela, sai da tabela num nó só, com o mesmo escore. No ICE
/// clássico ela pesquisa as trocas outra vez.
#[test]
fn quiescencia_usa_a_tabela() {
    // Trocas em d5 e e5 dos dois lados: a quiescência tem o que pesquisar.
    let fen = "r1bqkb1r/ppp2ppp/2n2n2/3pp3/3PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 0 5";
    for classico in [false, true] {
        let mut b = TBoard::de_fen(fen).unwrap();
        let mut bu = busca_de_teste(TODAS_MELHORIAS, classico);
        let mut pilha = nova_pilha();
        let v1 = quiescence(&mut b, &mut bu, &mut pilha, -INFINITO, INFINITO, 0);
        let nos1 = bu.nos;
        assert!(nos1 > 10, "{nos1}");
        bu.nos = 0;
        let v2 = quiescence(&mut b, &mut bu, &mut pilha, -INFINITO, INFINITO, 0);
        assert_eq!(v1, v2);
        if classico {
            assert_eq!(bu.nos, nos1);
        } else {
            assert_eq!(bu.nos, 1);
        }
    }
}

/// Lance nulo e tabela (só ICE-rs, MELHORIA_NULO_TT): num nó fora da PV com
/// a estática acima de β, o nulo é tentado; se a tabela já guarda para a
/// posição um limite superior abaixo de β (de uma busca mais rasa, que não
/// corta), não. A 3 plies, os filhos não podem tentar o nulo (prof ≤ R),
/// então a conta é só do próprio nó.
#[test]
fn nulo_nao_e_tentado_com_a_tabela_abaixo_de_beta() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let tentativas = |com_tt: bool, classico: bool| {
        let bu = busca_de_teste(TODAS_MELHORIAS, classico);
        let bu = no_fora_da_pv_com(fen, bu, -10, 3, |b, bu, beta| {
            if com_tt {
                grava_na_tabela(b, bu, None, beta - 50, 1, ice::hash::HASH_SUPERIOR, 0);
            }
        });
        bu.est.nulo_tentativas
    };
    assert_eq!(tentativas(false, false), 1);
    assert_eq!(tentativas(true, false), 0);
    // O ICE clássico não olha a tabela para decidir o nulo.
    assert_eq!(tentativas(true, true), 1);
}

/// Os killers dos filhos são zerados ao entrar num nó (só ICE-rs): um killer
/// do ply 1 deixado por outra subárvore não sobrevive a um nó do ply 0. No
/// ICE clássico ele fica (a quiescência dos filhos não mexe em killers).
#[test]
fn killers_dos_filhos_zerados_a_cada_no() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    for classico in [false, true] {
        let mut b = TBoard::de_fen(fen).unwrap();
        let mut bu = busca_de_teste(TODAS_MELHORIAS, classico);
        let velho = acha_lance(&TBoard::de_fen(fen).unwrap(), "a2a3").unwrap();
        bu.ord.killers[1][0] = velho;
        alpha_beta(&mut b, &mut bu, &mut nova_pilha(), -50, 50, 1, 0, true);
        assert_eq!(
            bu.ord.killers[1][0].existe(),
            classico,
            "classico={classico}"
        );
    }
}

/// Grava na tabela de transposição, para a posição `b`, uma entrada com o
/// `lance` (em coordenadas; `None`: sem lance), o escore, a profundidade e o
/// tipo de limite dados: o que os testes põem lá antes de buscar.
fn grava_na_tabela(
    b: &TBoard,
    bu: &TBusca,
    lance: Option<&str>,
    escore: i32,
    prof: i32,
    tipo: u8,
    ply: usize,
) {
    let codigo = lance.map_or(0, |l| acha_lance(b, l).unwrap().codigo());
    ice::hash::grava_hash(&bu.tt, b.chave_hash, codigo, escore, prof, tipo, ply);
}

/// Uma busca de estatísticas de `alpha_beta` direto, fora da PV, com as
/// melhorias `melhorias`, na janela nula em `beta`.
fn no_fora_da_pv(fen: &str, melhorias: u32, beta_menos_estatica: i32, prof: i32) -> TBusca {
    let bu = busca_de_teste(melhorias, false);
    no_fora_da_pv_com(fen, bu, beta_menos_estatica, prof, |_, _, _| {})
}

/// O mesmo com o estado `bu` dado, e `prepara(tabuleiro, estado, β)` antes
/// da busca (para gravar algo na tabela de transposição, por exemplo).
fn no_fora_da_pv_com(
    fen: &str,
    mut bu: TBusca,
    beta_menos_estatica: i32,
    prof: i32,
    prepara: impl FnOnce(&TBoard, &TBusca, i32),
) -> TBusca {
    let mut b = TBoard::de_fen(fen).unwrap();
    let estatica = ice::avaliacao::eval(&b, &mut bu.av, -INFINITO, INFINITO);
    let beta = estatica + beta_menos_estatica;
    prepara(&b, &bu, beta);
    alpha_beta(
        &mut b,
        &mut bu,
        &mut nova_pilha(),
        beta - 1,
        beta,
        prof,
        0,
        true,
    );
    bu
}

/// LMP contando só os quietos (MELHORIA_LMP_QUIETOS): a um ply do horizonte
/// (os filhos são quiescência, então toda poda contada é do próprio nó), com
/// 3 capturas e 15 quietos, nenhum dando xeque nem entregando material, e o
/// lado melhorando (sem estática anterior), o LMP antigo poda os quietos a
/// partir do 5º lance (as capturas contam: 15 − 1 = 14 podados); o novo, a
/// partir do 6º quieto (15 − 5 = 10). E os limites: 4 + prof² quietos
/// melhorando, metade + 1 sem melhora; o antigo, 3 + prof² lances.
#[test]
fn lmp_conta_so_os_quietos() {
    // Brancas: torre a mais; axb5 e exd5 (trocas: c6 retoma) e Txb5 (ruim,
    // podada pela SEE) são as capturas.
    let fen = "6k1/8/2p5/1p1p4/P3P3/8/8/1R4K1 w - - 0 1";
    let b = TBoard::de_fen(fen).unwrap();
    let mut lista = TListaLances::nova();
    gera_lista_lances(&b, GERA_TODOS, &mut lista);
    let capturas = lista.como_fatia().iter().filter(|l| l.eh_captura()).count();
    let quietos = lista.n - capturas;
    assert_eq!((capturas, quietos), (3, 15));
    // β acima da estática, mas não tanto que a futilidade pode tudo.
    let sem_novo = TODAS_MELHORIAS & !MELHORIA_LMP_QUIETOS;
    let antigo = no_fora_da_pv(fen, sem_novo, 195, 1);
    let novo = no_fora_da_pv(fen, TODAS_MELHORIAS, 195, 1);
    assert_eq!(antigo.est.poda_lmp, 14, "{:?}", antigo.est);
    assert_eq!(novo.est.poda_lmp, 10, "{:?}", novo.est);
    assert_eq!(
        (1..=8)
            .map(|p| limite_lmp(p, true, true))
            .collect::<Vec<_>>(),
        [5, 8, 13, 20, 29, 40, 53, 68]
    );
    assert_eq!(
        (1..=8)
            .map(|p| limite_lmp(p, false, true))
            .collect::<Vec<_>>(),
        [3, 5, 7, 11, 15, 21, 27, 35]
    );
    assert_eq!(limite_lmp(3, false, false), 12);
}

/// Poda das capturas pela SEE (MELHORIA_SEE_CAPTURAS): a um ply do
/// horizonte, fora da PV, Dxd5 (dama por peão defendido pelo cavalo)
/// não é pesquisada; as capturas boas (exd5) sim. Sem a melhoria, nenhuma
/// captura é podada.
#[test]
fn see_poda_capturas_ruins_perto_do_horizonte() {
    let fen = "7k/8/1n6/3p4/4P3/8/3Q4/6K1 w - - 0 1";
    let b = TBoard::de_fen(fen).unwrap();
    let dxd5 = acha_lance(&b, "d2d5").unwrap();
    assert!(see(&b, &dxd5) < -100);
    // Sem LMP nem futilidade: só a SEE poda aqui.
    let podas_see = |melhorias: u32| {
        let mut b = TBoard::de_fen(fen).unwrap();
        let mut bu = busca_de_teste(melhorias & !(MELHORIA_LMP | MELHORIA_FUTILIDADE), false);
        alpha_beta(&mut b, &mut bu, &mut nova_pilha(), 5000, 5001, 1, 0, true);
        bu.est
    };
    // Os quietos podados pela SEE (peça para casa atacada) também contam;
    // a diferença para a busca sem a melhoria é a captura.
    let sem = TODAS_MELHORIAS & !MELHORIA_SEE_CAPTURAS;
    let quietos_see = podas_see(sem).poda_see;
    for (melhorias, podas) in [(sem, 0), (TODAS_MELHORIAS, 1)] {
        let est = podas_see(melhorias);
        assert_eq!(est.poda_see - quietos_see, podas, "{est:?}");
    }
}

/// LMR ajustado (MELHORIA_LMR_HISTORY): um ply a mais sem melhora, um a
/// menos a cada 8192 de history (o teto da history limitada dá ±2), nunca
/// negativo.
#[test]
fn lmr_ajustado_pela_melhora_e_pela_history() {
    assert_eq!(ajusta_reducao(2, true, 0), 2);
    assert_eq!(ajusta_reducao(2, false, 0), 3);
    assert_eq!(ajusta_reducao(2, true, 16_384), 0);
    assert_eq!(ajusta_reducao(2, true, -16_384), 4);
    assert_eq!(ajusta_reducao(1, true, 8192), 0);
    assert_eq!(ajusta_reducao(0, true, 16_384), 0);
}

/// IIR (MELHORIA_IIR): sem lance na tabela, um nó da PV 4 plies antes do
/// horizonte pesquisa exatamente a árvore do de 3 (mesmo escore, mesmos
/// nós); com um lance na tabela, não. Sem a melhoria, as duas diferem.
#[test]
fn iir_sem_lance_da_tabela_pesquisa_um_ply_a_menos() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let no = |m: u32, prof: i32, com_lance: bool| {
        let mut b = TBoard::de_fen(fen).unwrap();
        let mut bu = busca_de_teste(m, false);
        if com_lance {
            // Uma entrada rasa (não corta) que só traz o lance.
            grava_na_tabela(&b, &bu, Some("e1g1"), 0, 1, ice::hash::HASH_EXATO, 0);
        }
        let v = alpha_beta(&mut b, &mut bu, &mut nova_pilha(), -30, 30, prof, 0, true);
        (v, bu.nos)
    };
    let t = TODAS_MELHORIAS;
    assert_eq!(no(t, 4, false), no(t, 3, false));
    assert_ne!(no(t, 4, true).1, no(t, 3, true).1);
    let sem = t & !MELHORIA_IIR;
    assert_ne!(no(sem, 4, false).1, no(sem, 3, false).1);
}

/// Correção da estática (MELHORIA_CORRECAO): o garfo Cc7+ ganha a torre, o
/// que a estática (cavalo contra torre) não vê; a busca da PV acha o escore
/// muito acima dela, e a correção da estrutura de peões desta posição (com
/// as brancas a jogar) fica positiva. Sem a melhoria nada é aprendido.
#[test]
fn correcao_aprende_o_que_a_estatica_nao_ve() {
    let fen = "r3k3/7p/8/1N6/8/8/7P/7K w - - 0 1";
    for (m, aprende) in [
        (TODAS_MELHORIAS, true),
        (TODAS_MELHORIAS & !MELHORIA_CORRECAO, false),
    ] {
        let mut b = TBoard::de_fen(fen).unwrap();
        let mut bu = busca_de_teste(m, false);
        let estatica = ice::avaliacao::eval(&b, &mut bu.av, -INFINITO, INFINITO);
        // A estática vê a qualidade a menos (−96 com os pesos de 2026-11-30).
        assert!(estatica < -50, "{estatica}");
        let v = alpha_beta(
            &mut b,
            &mut bu,
            &mut nova_pilha(),
            -INFINITO,
            INFINITO,
            4,
            0,
            true,
        );
        // Cavalo e peão contra peão depois do garfo: bem acima da estática
        // (com as ameaças da rodada 4, 199 a 4 plies; com a rodada 5, 144).
        assert!(v > estatica + 200, "{v} (estática {estatica})");
        let c = ice::correcao::correcao(&bu.correcao, &b);
        assert_eq!(c > 0, aprende, "{c}");
    }
}

/// History de continuação (MELHORIA_CONTINUACAO): um quieto que cortou
/// depois de um lance do adversário sobe na ordem quando o mesmo lance do
/// adversário vem de novo, mesmo noutra posição (com a history comum dele
/// igual à de outro quieto); depois de outro lance do adversário, não.
#[test]
fn continuacao_lembra_a_resposta_ao_lance_anterior() {
    let jogadas = |lances: &[&str]| {
        let mut b = TBoard::de_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 1").unwrap();
        for t in lances {
            let l = acha_lance(&b, t).unwrap();
            b.make(&l);
        }
        b
    };
    // Depois de ...Ke7, as brancas cortaram com Ta5 (e Ta6 não cortou).
    let b = jogadas(&["e8e7"]);
    let ta5 = acha_lance(&b, "a1a5").unwrap();
    let ta6 = acha_lance(&b, "a1a6").unwrap();
    let mut ord = nova_ordenacao();
    registra_corte(&mut ord, &b, &ta5, 3, 6, &[ta6]);
    // Zera a history comum: só a continuação diferencia os dois.
    ord.history = [[[0; 64]; 7]; 2];
    // Outra posição (o rei branco em d1) depois do mesmo ...Ke7.
    let outra = {
        let mut b = TBoard::de_fen("4k3/8/8/8/8/8/8/R2K4 b - - 0 1").unwrap();
        let l = acha_lance(&b, "e8e7").unwrap();
        b.make(&l);
        b
    };
    let a5 = acha_lance(&outra, "a1a5").unwrap();
    let a6 = acha_lance(&outra, "a1a6").unwrap();
    assert!(valor_history(&ord, &outra, &a5) > 0);
    assert!(valor_history(&ord, &outra, &a6) < 0);
    // Depois de ...Kd7 (outro lance anterior) nada se sabe.
    let depois_de_kd7 = jogadas(&["e8d7"]);
    let a5 = acha_lance(&depois_de_kd7, "a1a5").unwrap();
    assert_eq!(valor_history(&ord, &depois_de_kd7, &a5), 0);
    // Desligada (o ICE clássico), a continuação não entra na conta.
    ord.com_continuacao = false;
    let a5 = acha_lance(&outra, "a1a5").unwrap();
    assert_eq!(valor_history(&ord, &outra, &a5), 0);
}

/// Um nó fora da PV a 8 plies do horizonte, no ply 1, com uma entrada da
/// tabela para o `lance` (limite inferior `v`, profundidade 6: não corta,
/// mas é funda o bastante para a pesquisa de singularidade). Devolve o
/// escore do nó na janela (`alfa`, `alfa` + 1) e o estado da busca.
fn no_com_lance_da_tabela(
    fen: &str,
    m: u32,
    lance: &str,
    v: i32,
    alfa: i32,
    nulo: bool,
) -> (i32, TBusca) {
    let mut b = TBoard::de_fen(fen).unwrap();
    let mut bu = busca_de_teste(m, false);
    grava_na_tabela(&b, &bu, Some(lance), v, 6, ice::hash::HASH_INFERIOR, 1);
    let mut pilha = nova_pilha();
    let v = alpha_beta(&mut b, &mut bu, &mut pilha, alfa, alfa + 1, 8, 1, nulo);
    assert_eq!(pilha[0].excluido, 0, "o lance excluído volta a 0");
    (v, bu)
}

/// Extensão singular (MELHORIA_SINGULAR): Txd5 ganha a dama e nenhum outro
/// lance chega perto (sem ele as brancas ficam uma dama abaixo). A
/// pesquisa sem o lance da tabela fica abaixo de 450 − 2 × 8 e o lance é
/// singular; sem a melhoria, nada é contado. E o nó acha o ganho da dama.
#[test]
fn singular_estende_o_unico_lance_bom() {
    let fen = "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1";
    for (m, singulares) in [
        (TODAS_MELHORIAS, 1),
        (TODAS_MELHORIAS & !MELHORIA_SINGULAR, 0),
    ] {
        let (v, bu) = no_com_lance_da_tabela(fen, m, "d1d5", 450, 449, true);
        assert_eq!(bu.est.ext_singular, singulares);
        assert!(v >= 450, "{v}");
    }
}

/// Multi-cut: com uma dama a mais, tirar o lance da tabela (Cf3, limite
/// inferior 800) não muda nada: a pesquisa sem ele passa de 800 − 2 × 8, e
/// como isso já passa de β o nó corta com exatamente esse escore, sem
/// pesquisar os lances. Sem a melhoria, a busca do nó dá outro escore.
#[test]
fn multi_cut_quando_ha_varios_lances_bons() {
    let fen = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let (v, bu) = no_com_lance_da_tabela(fen, TODAS_MELHORIAS, "g1f3", 800, 100, false);
    assert_eq!(v, 800 - 2 * 8);
    assert_eq!(bu.est.ext_singular, 0);
    let sem = TODAS_MELHORIAS & !MELHORIA_SINGULAR;
    let (v_sem, bu_sem) = no_com_lance_da_tabela(fen, sem, "g1f3", 800, 100, false);
    assert!(v_sem > 100 && v_sem != 800 - 2 * 8, "{v_sem}");
    assert!(bu_sem.nos > bu.nos, "{} contra {}", bu_sem.nos, bu.nos);
}

/// A pesquisa de singularidade refaz o nó no mesmo ply, com a lista de
/// lances e a PV desse ply (a pilha é uma só): depois dela o nó gera a sua
/// lista de novo e apaga a PV que ela deixou. Em quatro posições, a 11
/// plies (onde a extensão dispara em todas), a PV final é jogável do
/// começo ao fim.
#[test]
fn pv_legal_com_a_extensao_singular() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkb1r/pp1p1ppp/4pn2/2p5/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 4",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        let mut b = TBoard::de_fen(fen).unwrap();
        let mut bu = busca_de_teste(TODAS_MELHORIAS, false);
        let r = busca(
            &mut b,
            &mut bu,
            &TLimites {
                profundidade: 11,
                ..TLimites::default()
            },
        );
        assert!(bu.est.ext_singular > 0, "{fen}: nenhuma singular");
        for l in &r.pv.lances[..r.pv.num_lances as usize] {
            let texto = lance_para_texto(l);
            let legal = acha_lance(&b, &texto).unwrap_or_else(|| panic!("{fen}: {texto}"));
            b.make(&legal);
        }
    }
}

/// A avaliação estática que a busca deixa na tabela de transposição é a da
/// posição da entrada: depois de uma busca, em cada posição a até dois
/// plies da raiz que tem avaliação na tabela, o código lido dá o valor da
/// `eval` em várias janelas (o que a busca faria se voltasse ali).
#[test]
fn avaliacao_da_tabela_e_a_da_posicao() {
    use ice::avaliacao::{eval, eval_guardada};
    use ice::hash::{le_hash, AVAL_NENHUMA};
    for (fen, classico) in [
        (
            "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
            false,
        ),
        (
            "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
            false,
        ),
        (
            "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
            true,
        ),
    ] {
        let mut b = TBoard::de_fen(fen).unwrap();
        let mut bu = busca_de_teste(TODAS_MELHORIAS, classico);
        busca(
            &mut b,
            &mut bu,
            &TLimites {
                profundidade: 7,
                ..TLimites::default()
            },
        );
        let mut conferidas = 0;
        let mut confere = |b: &TBoard, bu: &mut TBusca| {
            let Some(e) = le_hash(&bu.tt, b.chave_hash, 0) else {
                return;
            };
            if e.avaliacao == AVAL_NENHUMA {
                return;
            }
            conferidas += 1;
            for (alfa, beta) in [
                (-INFINITO, INFINITO),
                (-30, -29),
                (-1000, -999),
                (999, 1000),
            ] {
                assert_eq!(
                    eval_guardada(b, &mut bu.av, alfa, beta, e.avaliacao).0,
                    eval(b, &mut bu.av, alfa, beta),
                    "{fen}"
                );
            }
        };
        confere(&b, &mut bu);
        let mut lista = TListaLances::default();
        gera_lista_lances(&b, GERA_TODOS, &mut lista);
        for i in 0..lista.n {
            b.make(&lista.lances[i]);
            confere(&b, &mut bu);
            let mut filhos = TListaLances::default();
            gera_lista_lances(&b, GERA_TODOS, &mut filhos);
            for j in 0..filhos.n {
                b.make(&filhos.lances[j]);
                confere(&b, &mut bu);
                b.unmake();
            }
            b.unmake();
        }
        assert!(conferidas >= 50, "{fen}: só {conferidas} com avaliação");
    }
}

/// Os números da busca (`parametros`) chegam à árvore: com os padrões, a
/// mesma busca de sempre; com a margem da futilidade reversa ou o divisor
/// do LMR trocados, outra árvore (outro número de nós) — a prova de que a
/// build de afinação mexe no que diz mexer. E a tabela do LMR é refeita
/// quando o divisor muda (e só então).
#[test]
fn parametros_da_busca_mudam_a_arvore() {
    use ice::parametros::*;
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let nos = |par: &TParametros| {
        let mut b = TBoard::de_fen(fen).unwrap();
        let mut bu = nova_busca(16);
        define_parametros(&mut bu, par);
        let lim = TLimites {
            profundidade: 8,
            ..TLimites::default()
        };
        busca(&mut b, &mut bu, &lim);
        bu.nos
    };
    let padrao = nos(&PARAMETROS_PADRAO);
    assert_eq!(padrao, nos(&TParametros::default()));
    for (nome, valor) in [("MargemFutilidadeReversa", "150"), ("LmrDivisor", "150")] {
        let mut par = PARAMETROS_PADRAO;
        define_parametro(&mut par, nome, valor).unwrap();
        assert_ne!(nos(&par), padrao, "{nome} = {valor} não mudou a árvore");
    }
    let mut par = PARAMETROS_PADRAO;
    define_parametro(&mut par, "LmrDivisor", "300").unwrap();
    assert_eq!(
        tabela_lmr(&par)[20][20],
        ((20f64.ln() * 20f64.ln()) / 3.0 + 0.5) as u8
    );
    assert_ne!(
        tabela_lmr(&par)[20][20],
        tabela_lmr(&PARAMETROS_PADRAO)[20][20]
    );
}

/// LMR na raiz (MELHORIA_LMR_RAIZ): só os quietos a partir do 4º lance
/// depois do primeiro da linha (`LmrLances` = 3) e da profundidade 3
/// (`LmrProfundidade`) são reduzidos, com a tabela dos nós internos menos um
/// ply, e sempre sobram ao menos 2 plies; as capturas nunca, nem o quieto
/// que ameaça uma peça maior ou ataca as casas vizinhas do rei inimigo, e
/// nada sem a melhoria ou no ICE clássico. A redução não perde o quieto que
/// dá mate: Th1! (mate em 2) e Dg6! da WAC.001 são achados com ela (em
/// `mates_com_a_distancia_certa`) e aqui com e sem.
#[test]
fn lmr_na_raiz_so_nos_quietos_tardios() {
    // A posição depois do lance, como `busca_raiz` a passa.
    let depois = |fen: &str, lance: &str| {
        let mut b = TBoard::de_fen(fen).unwrap();
        let l = acha_lance(&b, lance).unwrap();
        b.make(&l);
        (b, l)
    };
    // Tb1: quieto, longe do rei preto (Th1 atacaria h8, vizinha dele).
    let (b, quieto) = depois("6k1/8/5K2/8/8/8/8/R7 w - - 0 1", "a1b1");
    assert!(!ataca_zona_rei(&b, &quieto));
    let (bc, captura) = depois("6k1/8/5K2/8/8/8/8/R5n1 w - - 0 1", "a1g1");
    let bu = busca_de_teste(TODAS_MELHORIAS, false);
    assert_eq!(reducao_raiz(&bu, &b, &quieto, 2, 10), 0);
    assert_eq!(reducao_raiz(&bu, &b, &quieto, 10, 2), 0);
    assert_eq!(reducao_raiz(&bu, &bc, &captura, 10, 10), 0);
    let r = reducao_raiz(&bu, &b, &quieto, 10, 10);
    let tabela = ice::parametros::tabela_lmr(&bu.par)[10][10] as i32;
    assert!(tabela >= 2, "{tabela}");
    assert_eq!(r, tabela - 1);
    for prof in 3..=30 {
        for k in 3..40 {
            let r = reducao_raiz(&bu, &b, &quieto, k, prof);
            assert!((0..=prof - 2).contains(&r), "prof {prof} k {k}: {r}");
        }
    }
    // A ameaça: Cf5 ataca a dama em e7 (peça maior) e não é reduzido; Cb5
    // não ataca nada e é; a torre que ataca a torre também é (é uma troca,
    // não uma ameaça), e o peão que ataca o cavalo não.
    let fen = "6k1/4q1p1/8/8/3N4/8/8/R5K1 w - - 0 1";
    let (bf, cf5) = depois(fen, "d4f5");
    assert!(ameaca_quieto(&bf, &cf5));
    assert_eq!(reducao_raiz(&bu, &bf, &cf5, 10, 10), 0);
    let (bb, cb5) = depois(fen, "d4b5");
    assert!(!ameaca_quieto(&bb, &cb5) && !ataca_zona_rei(&bb, &cb5));
    assert_eq!(reducao_raiz(&bu, &bb, &cb5, 10, 10), tabela - 1);
    // O ataque ao rei: Ce6 não ameaça peça maior, mas ataca f8 e g7, casas
    // vizinhas do rei em g8; Tf1 ataca f7 e f8 pela coluna; nenhum dos dois
    // é reduzido.
    let (be, ce6) = depois(fen, "d4e6");
    assert!(!ameaca_quieto(&be, &ce6) && ataca_zona_rei(&be, &ce6));
    assert_eq!(reducao_raiz(&bu, &be, &ce6, 10, 10), 0);
    let (bf1, tf1) = depois(fen, "a1f1");
    assert!(ataca_zona_rei(&bf1, &tf1));
    assert_eq!(reducao_raiz(&bu, &bf1, &tf1, 10, 10), 0);
    let (bt, ta8) = depois("r5k1/8/8/8/8/8/8/1R4K1 w - - 0 1", "b1b8");
    assert!(!ameaca_quieto(&bt, &ta8));
    let (bp, e5) = depois("6k1/8/3n4/8/4P3/8/8/6K1 w - - 0 1", "e4e5");
    assert!(ameaca_quieto(&bp, &e5));
    // O peão preto ataca rumo à fileira 1: de e6, d5 e f5, não d6.
    let (bn, e6) = depois("6k1/4p3/3N4/8/8/8/8/6K1 b - - 0 1", "e7e6");
    assert!(!ameaca_quieto(&bn, &e6));
    let (bn, e6) = depois("6k1/4p3/8/3N4/8/8/8/6K1 b - - 0 1", "e7e6");
    assert!(ameaca_quieto(&bn, &e6));
    let sem = busca_de_teste(TODAS_MELHORIAS & !MELHORIA_LMR_RAIZ, false);
    assert_eq!(reducao_raiz(&sem, &b, &quieto, 10, 10), 0);
    let classico = busca_de_teste(TODAS_MELHORIAS, true);
    assert_eq!(reducao_raiz(&classico, &b, &quieto, 10, 10), 0);
    for melhorias in [TODAS_MELHORIAS, TODAS_MELHORIAS & !MELHORIA_LMR_RAIZ] {
        let mut b = TBoard::de_fen("6k1/8/5K2/8/8/8/8/R7 w - - 0 1").unwrap();
        let mut bu = busca_de_teste(melhorias, false);
        let lim = TLimites {
            profundidade: 8,
            ..TLimites::default()
        };
        let r = busca(&mut b, &mut bu, &lim);
        assert_eq!(
            escore_xboard(r.escore),
            100002,
            "{}",
            lance_para_texto(&r.lance)
        );
    }
}
