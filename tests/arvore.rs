//! O traço da árvore (`TBusca::traco`, `estatisticas::TTraco`) e a figura
//! que o desenha (`desenho_arvore`, `ice desenha arvore`): o traço tem um
//! registro por nó que a busca conta, não muda a busca, liga cada nó ao pai,
//! e mostra o que cada busca fez (a clássica sem LMR nem futilidade, a
//! moderna com menos nós).

use ice::busca::{busca, JANELA_ASPIRACAO};
use ice::desenho_arvore::*;
use ice::estado::{define_classico, nova_busca};
use ice::estatisticas::*;
use ice::tabuleiro::TBoard;
use ice::tempo::TLimites;
use ice::tipos::INFINITO;

/// WAC.113 (bm Dxf6), a posição da figura do guia (docs/guia/02-busca.md).
const WAC113: &str = "rnbqkb1r/1p3ppp/5N2/1p2p1B1/2P5/8/PP2PPPP/R2QKB1R b KQkq - 0 1";
const PROF: u32 = 4;

/// Os nós que a busca conta (`nos`): os do `alpha_beta` e da quiescência;
/// as raízes das iterações ficam de fora.
fn nos_contados(t: &TTraco) -> u64 {
    t.nos.iter().filter(|n| n.tipo != TRACO_RAIZ).count() as u64
}

#[test]
fn um_registro_por_no_contado() {
    for classico in [true, false] {
        let bt = traca_busca(WAC113, PROF, classico).unwrap();
        assert!(!bt.traco.truncado);
        assert_eq!(
            nos_contados(&bt.traco),
            bt.nos,
            "classico = {classico}: nós do traço × nós da busca"
        );
        // Uma raiz por tentativa de cada iteração: ao menos uma por profundidade.
        let raizes: Vec<&TNoTraco> = bt
            .traco
            .nos
            .iter()
            .filter(|n| n.tipo == TRACO_RAIZ)
            .collect();
        assert!(raizes.len() >= PROF as usize);
        assert_eq!(raizes.last().unwrap().prof, PROF as i8);
    }
}

#[test]
fn o_traco_nao_muda_a_busca() {
    for classico in [true, false] {
        let bt = traca_busca(WAC113, PROF, classico).unwrap();
        let mut b = TBoard::de_fen(WAC113).unwrap();
        let mut bu = nova_busca(1);
        define_classico(&mut bu, classico);
        let lim = TLimites {
            profundidade: PROF,
            ..TLimites::default()
        };
        let r = busca(&mut b, &mut bu, &lim);
        assert!(bu.traco.is_none());
        assert_eq!((r.nos, r.escore, r.lance), (bt.nos, bt.escore, bt.lance));
    }
}

#[test]
fn cada_no_liga_ao_pai_do_ply_anterior() {
    let bt = traca_busca(WAC113, PROF, false).unwrap();
    let t = &bt.traco;
    for (i, n) in t.nos.iter().enumerate() {
        if n.tipo == TRACO_RAIZ {
            assert_eq!((n.pai, n.ply), (SEM_PAI, 0));
            continue;
        }
        let p = n.pai as usize;
        assert!(p < i, "nó {i}: o pai {p} vem depois (pré-ordem)");
        assert_eq!(n.ply, t.nos[p].ply + 1, "nó {i}");
        // Abaixo da quiescência, só quiescência.
        if t.nos[p].tipo == TRACO_QS {
            assert_eq!(n.tipo, TRACO_QS);
        }
    }
}

#[test]
fn raiz_com_janela_cheia_e_depois_a_de_aspiracao() {
    let bt = traca_busca(WAC113, PROF, false).unwrap();
    let t = &bt.traco;
    // A primeira iteração pesquisa a raiz com a janela cheia…
    let primeira = t.nos.iter().find(|n| n.tipo == TRACO_RAIZ).unwrap();
    assert_eq!((primeira.alfa, primeira.beta), (-INFINITO, INFINITO));
    assert_eq!(primeira.prof, 1);
    // …e a 4, a partir da aspiração, com ±JANELA_ASPIRACAO em volta do
    // escore da 3 (nesta posição o escore cabe na primeira janela).
    let r = ultima_raiz(t).unwrap();
    let raiz = &t.nos[r];
    assert_eq!(raiz.beta - raiz.alfa, 2 * JANELA_ASPIRACAO);
    assert!(raiz.alfa < raiz.escore && raiz.escore < raiz.beta);
    assert_eq!(raiz.escore, bt.escore);
}

#[test]
fn cortes_e_marcas_dizem_a_verdade() {
    for classico in [true, false] {
        let bt = traca_busca(WAC113, PROF, classico).unwrap();
        let t = &bt.traco;
        let f = filhos(t);
        let todas = t.nos.iter().fold(0, |m, n| m | n.marcas);
        for (i, n) in t.nos.iter().enumerate() {
            // Fail-soft: um corte devolve ≥ β.
            if n.marcas & (MARCA_CORTE | MARCA_NULO_CORTE | MARCA_STAND_PAT) != 0 {
                assert!(
                    n.escore >= n.beta,
                    "nó {i}: corte com {} < β {}",
                    n.escore,
                    n.beta
                );
            }
            // O nulo tentado é um filho sem lance (o primeiro: vem antes do laço).
            if n.marcas & MARCA_NULO != 0 {
                assert_eq!(t.nos[f[i][0]].lance.peca, 0, "nó {i}");
            }
        }
        if classico {
            // O ICE clássico não tem LMR, futilidade nem IIR…
            assert_eq!(todas & (MARCA_REDUCAO | MARCA_FUTIL_REVERSA | MARCA_IIR), 0);
            // …mas tem tabela, lance nulo e extensão de xeque.
            assert_ne!(todas & MARCA_TT, 0);
            assert_ne!(todas & MARCA_NULO, 0);
            assert_ne!(todas & MARCA_EXTENSAO, 0);
        } else {
            assert_ne!(todas & MARCA_REDUCAO, 0);
            assert_ne!(todas & MARCA_FUTIL_REVERSA, 0);
        }
    }
}

#[test]
fn a_moderna_pesquisa_menos_nos() {
    let classica = traca_busca(WAC113, PROF, true).unwrap();
    let moderna = traca_busca(WAC113, PROF, false).unwrap();
    let ultima = |bt: &TBuscaTracada| {
        let (ab, qs) = conta_subarvore(&bt.traco, ultima_raiz(&bt.traco).unwrap());
        ab + qs
    };
    assert!(moderna.nos < classica.nos);
    assert!(ultima(&moderna) < ultima(&classica));
    // As duas acham Dxf6.
    let b = TBoard::de_fen(WAC113).unwrap();
    for bt in [&classica, &moderna] {
        assert_eq!(san_pt(&ice::geracao::lance_para_san(&b, &bt.lance)), "Dxf6");
    }
}

#[test]
fn a_figura_e_deterministica_e_mostra_as_duas_buscas() {
    let a = svg_arvores(WAC113, PROF, 2, None).unwrap();
    let b = svg_arvores(WAC113, PROF, 2, None).unwrap();
    assert_eq!(a, b);
    assert!(a.starts_with("<?xml"));
    assert!(a.contains("ICE clássico") && a.contains("ICE-rs moderno"));
    let classica = traca_busca(WAC113, PROF, true).unwrap();
    let moderna = traca_busca(WAC113, PROF, false).unwrap();
    assert!(a.contains(&format!(
        "clássica {} nós, moderna {}",
        classica.nos, moderna.nos
    )));
    assert!(a.contains("▸ "));
    assert!(a.contains("Dxf6"));
    // Dobrada no ply 2: nenhuma linha com recuo maior que dois níveis; sem
    // dobrar, há mais linhas e mais fundas.
    let recuo = |l: &str| l.len() - l.trim_start().len();
    let dobrada = texto_arvore(WAC113, &moderna.traco, 2).unwrap();
    assert!(dobrada.lines().all(|l| recuo(l) <= 4));
    assert!(dobrada.lines().any(|l| recuo(l) == 4));
    let inteira = texto_arvore(WAC113, &moderna.traco, usize::MAX).unwrap();
    assert!(inteira.lines().count() > dobrada.lines().count());
    assert!(inteira.lines().any(|l| recuo(l) > 4));
}
