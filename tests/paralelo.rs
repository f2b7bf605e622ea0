//! Testes do Lazy SMP (`paralelo`) e da tabela sem trava (`hash`): uma
//! entrada rasgada vira falha, o lance da tabela nunca põe um lance ilegal
//! no tabuleiro, duas threads acham os mesmos mates que uma, e o protocolo
//! com `cores 2` (análise, `exit`, `ping`, `go`, `?`, `new`, `memory`) e a
//! linha de comando com `--threads`.

use crate::motor;

use ice::busca::*;
use ice::estado::*;
use ice::geracao::{acha_lance, gera_lista_lances};
use ice::hash::*;
use ice::lance::{lance_para_texto, TListaLances, LANCE_NULO};
use ice::ordenacao::{ordena_lances, ORD_HASH};
use ice::paralelo::*;
use ice::pensamento::*;
use ice::tabuleiro::TBoard;
use ice::tempo::TLimites;
use ice::tipos::*;
use motor::*;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

// ---------------------------------------------------------------------------
// A tabela sem trava
// ---------------------------------------------------------------------------

/// A i-ésima célula da tabela, contando balde por balde.
fn cel(t: &TTabelaHash, i: usize) -> TCelulaHash<'_> {
    celulas(t).nth(i).expect("a célula existe")
}

/// Índice da célula que guarda `chave` (a chave é `chave_xor ^ dados`).
fn celula(t: &TTabelaHash, chave: u64) -> usize {
    celulas(t)
        .position(|c| {
            c.chave_xor.load(Ordering::Relaxed) ^ c.dados.load(Ordering::Relaxed) == chave
        })
        .expect("a chave foi gravada")
}

#[test]
fn entrada_rasgada_e_uma_falha() {
    let t = nova_tabela_hash(1);
    let (a, b) = (0x1234_5678_9abc_def0u64, 0x0fed_cba9_8765_4321u64);
    grava_hash(&t, a, 77, 120, 6, HASH_EXATO, 0);
    grava_hash(&t, b, 99, -50, 3, HASH_INFERIOR, 0);
    let (ia, ib) = (celula(&t, a), celula(&t, b));
    assert_ne!(ia, ib);
    let palavras = |i: usize| {
        (
            cel(&t, i).chave_xor.load(Ordering::Relaxed),
            cel(&t, i).dados.load(Ordering::Relaxed),
        )
    };
    let ((ka, da), (kb, db)) = (palavras(ia), palavras(ib));
    assert_eq!(le_hash(&t, a, 0).unwrap().lance, 77);

    // A chave de uma gravação com os dados da outra, nas duas células.
    cel(&t, ia).dados.store(db, Ordering::Relaxed);
    cel(&t, ib).dados.store(da, Ordering::Relaxed);
    assert!(le_hash(&t, a, 0).is_none(), "chave de A com dados de B");
    assert!(le_hash(&t, b, 0).is_none(), "chave de B com dados de A");
    // Ao contrário também: dados certos, chave da outra.
    cel(&t, ia).chave_xor.store(kb, Ordering::Relaxed);
    cel(&t, ia).dados.store(da, Ordering::Relaxed);
    cel(&t, ib).chave_xor.store(ka, Ordering::Relaxed);
    cel(&t, ib).dados.store(db, Ordering::Relaxed);
    assert!(le_hash(&t, a, 0).is_none());
    assert!(le_hash(&t, b, 0).is_none());

    // Uma gravação nova conserta a célula.
    grava_hash(&t, a, 55, 10, 4, HASH_SUPERIOR, 0);
    let e = le_hash(&t, a, 0).unwrap();
    assert_eq!((e.lance, e.escore, e.profundidade), (55, 10, 4));
    assert_eq!(e.tipo(), HASH_SUPERIOR);
}

#[test]
fn empacotamento_guarda_todos_os_campos() {
    for (lance, escore, prof, tipo_idade, avaliacao) in [
        (0u16, 0i16, 0i8, 0u8, AVAL_NENHUMA),
        (u16::MAX, i16::MIN, i8::MIN, u8::MAX, u16::MAX),
        (0x1234, -31999, -1, 0b1111_1101, 0x8001),
        (4095, 31999, 127, 1, 0x7fff),
    ] {
        let e = TEntradaHash {
            chave: 0xdead_beef,
            lance,
            escore,
            profundidade: prof,
            tipo_idade,
            avaliacao,
        };
        let d = desempacota_hash(e.chave, empacota_hash(&e));
        assert_eq!(
            (
                d.chave,
                d.lance,
                d.escore,
                d.profundidade,
                d.tipo_idade,
                d.avaliacao
            ),
            (e.chave, lance, escore, prof, tipo_idade, avaliacao)
        );
    }
}

/// Duas threads gravam chaves do mesmo balde, um milhão de vezes cada, cada
/// chave sempre com os mesmos dados; outra lê até elas acabarem. Toda
/// entrada achada tem os dados da sua chave: as misturas de gravações viram
/// falhas, nunca dados de outra.
#[test]
fn leitura_concorrente_nunca_mistura_entradas() {
    let t = Arc::new(nova_tabela_hash(1));
    let baldes = num_baldes(&t) as u64;
    // Oito chaves no mesmo balde (o balde é a parte alta de chave × baldes,
    // e chaves pequenas caem todas no 0), para brigarem pelas células.
    let chaves: Vec<u64> = (1..=8).map(|i| i * baldes + 3).collect();
    assert!(chaves.iter().all(|&k| indice_balde(&t, k) == 0));
    let lance_de = |k: u64| (k % 4093) as u16 + 1;
    let escore_de = |k: u64| (k % 2000) as i32 - 1000;
    // Uma quantidade de trabalho, e não um tempo de relógio: o mesmo teste
    // numa máquina parada ou carregada.
    const GRAVACOES: usize = 1_000_000;
    let acabaram = AtomicUsize::new(0);
    let acabaram = &acabaram;
    std::thread::scope(|s| {
        for w in 0..2 {
            let (t, chaves) = (Arc::clone(&t), chaves.clone());
            s.spawn(move || {
                for j in 0..GRAVACOES {
                    let i = w + 3 * j;
                    let k = chaves[i % chaves.len()];
                    grava_hash(
                        &t,
                        k,
                        lance_de(k),
                        escore_de(k),
                        (i % 20) as i32,
                        HASH_EXATO,
                        0,
                    );
                }
                acabaram.fetch_add(1, Ordering::Release);
            });
        }
        let mut achadas = 0u64;
        // Uma leitura a mais depois de as duas acabarem: as entradas que
        // ficaram na tabela também contam.
        let mut ultima = false;
        while !ultima {
            ultima = acabaram.load(Ordering::Acquire) == 2;
            for &k in &chaves {
                if let Some(e) = le_hash(&t, k, 0) {
                    assert_eq!(e.lance, lance_de(k));
                    assert_eq!(e.escore as i32, escore_de(k));
                    achadas += 1;
                }
            }
        }
        assert!(achadas > 0);
    });
}

// ---------------------------------------------------------------------------
// O lance da tabela nunca é ilegal
// ---------------------------------------------------------------------------

const POSICOES: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
];

/// `ordena_lances` com cada um dos 65 536 códigos como lance da tabela: a
/// lista continua a dos lances legais, e só o lance gerado com aquele código
/// (se existir) ganha a faixa da tabela. Um código de colisão que não é
/// lance aqui não marca nada, e só lances da lista são feitos.
#[test]
fn lance_da_tabela_so_marca_lance_gerado() {
    let bu = nova_busca(1);
    for fen in POSICOES {
        let b = TBoard::de_fen(fen).unwrap();
        let mut legais = TListaLances::nova();
        gera_lista_lances(&b, GERA_TODOS, &mut legais);
        let codigos: Vec<u16> = legais.como_fatia().iter().map(|l| l.codigo()).collect();
        let mut lista = TListaLances::nova();
        for codigo in 0..=u16::MAX {
            lista.clone_from(&legais);
            ordena_lances(&b, &bu.ord, &mut lista, 0, LANCE_NULO, codigo, true);
            let atuais: Vec<u16> = lista.como_fatia().iter().map(|l| l.codigo()).collect();
            assert_eq!(atuais, codigos);
            let marcados: Vec<u16> = lista
                .como_fatia()
                .iter()
                .filter(|l| l.valor_lance == ORD_HASH)
                .map(|l| l.codigo())
                .collect();
            let esperado = codigo != 0 && codigos.contains(&codigo);
            assert_eq!(marcados.len(), esperado as usize, "{fen} código {codigo}");
            assert!(marcados.iter().all(|&c| c == codigo));
        }
    }
}

/// Lances que nenhuma posição de `POSICOES` tem: de casas vazias, de uma
/// casa para ela mesma, promoções de torre…
fn codigos_lixo() -> Vec<u16> {
    let mut v = Vec::new();
    for origem in [27u16, 35, 0, 63] {
        for destino in [origem, 36, 28, 7] {
            for promo in [0u16, 4, 6] {
                v.push(origem | destino << 6 | promo << 12);
            }
        }
    }
    v.push(u16::MAX);
    v
}

/// Enche a tabela com entradas de lances-lixo para a raiz e para cada
/// posição a um e dois lances dela (profundidade −1: não cortam, só ordenam)
/// e pesquisa. O tabuleiro volta igual, e o lance e a PV são legais.
#[test]
fn busca_com_lances_lixo_na_tabela_so_faz_lances_legais() {
    for fen in POSICOES {
        let mut b = TBoard::de_fen(fen).unwrap();
        let mut bu = nova_busca(4);
        let lixo = codigos_lixo();
        let mut n = 0;
        let mut grava = |chave: u64| {
            grava_hash(&bu.tt, chave, lixo[n % lixo.len()], 0, -1, HASH_EXATO, 0);
            n += 1;
        };
        grava(b.chave_hash);
        let mut l1 = TListaLances::nova();
        gera_lista_lances(&b, GERA_TODOS, &mut l1);
        for l in l1.como_fatia() {
            b.make(l);
            grava(b.chave_hash);
            let mut l2 = TListaLances::nova();
            gera_lista_lances(&b, GERA_TODOS, &mut l2);
            for m in l2.como_fatia() {
                b.make(m);
                grava(b.chave_hash);
                b.unmake();
            }
            b.unmake();
        }
        let (fen_antes, chave_antes) = (b.para_fen(), b.chave_hash);
        // `busca_na_thread`: sem envelhecer, as entradas de lixo contam como desta busca.
        let r = busca_na_thread(
            &mut b,
            &mut bu,
            &TLimites {
                profundidade: 5,
                ..TLimites::default()
            },
        );
        assert_eq!((b.para_fen(), b.chave_hash), (fen_antes, chave_antes));
        assert!(
            acha_lance(&b, &lance_para_texto(&r.lance)).is_some(),
            "{fen}"
        );
        let mut c = b.clone();
        for l in &r.pv.lances[..r.pv.num_lances] {
            let m = acha_lance(&c, &lance_para_texto(l))
                .unwrap_or_else(|| panic!("{fen}: PV com lance ilegal {}", lance_para_texto(l)));
            c.make(&m);
        }
    }
}

// ---------------------------------------------------------------------------
// Mates: duas threads acham o que uma acha
// ---------------------------------------------------------------------------

fn pensa_com(fen: &str, prof: u32, threads: usize) -> TResultado {
    let mut b = TBoard::de_fen(fen).unwrap();
    let mut bu = nova_busca(16);
    let mut p = novo_paralelo(threads, &bu);
    assert_eq!(num_threads(&p), threads);
    let lim = TLimites {
        profundidade: prof,
        ..TLimites::default()
    };
    busca_paralela(&mut b, &mut bu, &mut p, &lim)
}

#[test]
fn duas_threads_acham_os_mesmos_mates() {
    // (FEN, profundidade, lance único do mate ou "" se há mais de um)
    let casos = [
        ("7k/8/5KQ1/8/8/8/8/8 w - - 0 1", 4, "g6g7"),
        (
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
            8,
            "g3g6",
        ),
        ("6k1/8/5K2/8/8/8/8/R7 w - - 0 1", 6, ""),
        (
            "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
            8,
            "d6d1",
        ),
        ("7k/8/6K1/8/8/8/8/Q7 b - - 0 1", 4, ""),
    ];
    for (fen, prof, lance) in casos {
        let um = pensa_com(fen, prof, 1);
        assert!(
            um.escore.abs() >= LIMIAR_MATE,
            "{fen}: sem mate com uma thread"
        );
        if !lance.is_empty() {
            assert_eq!(lance_para_texto(&um.lance), lance, "{fen}");
        }
        // Várias vezes: com duas threads a árvore muda de uma execução para outra.
        for _ in 0..3 {
            let dois = pensa_com(fen, prof, 2);
            assert_eq!(
                escore_xboard(dois.escore),
                escore_xboard(um.escore),
                "{fen}: {}",
                lance_para_texto(&dois.lance)
            );
            if !lance.is_empty() {
                assert_eq!(lance_para_texto(&dois.lance), lance, "{fen}");
            }
            assert_eq!(dois.profundidade, prof as i32);
        }
    }
}

/// O mate em 2 (Dg6!!) com duas threads, muitas vezes: a árvore muda de uma
/// execução para outra e o mate tem de sair em todas. A 8 plies. Mais raso
/// ele fica na borda da futilidade reversa (depois de Dg6 as pretas têm uma
/// dama a mais e o nó delas, perto do horizonte, pode cortar pela estática):
/// uma thread só, com `--sem delta`, já não o achava a 5 plies; com duas
/// threads e a tabela na quiescência ele saía em ~60 % das vezes a 5; com a
/// avaliação de `326fb55` (a dama vale 1259 no meio-jogo), em 291 de 300
/// execuções a 6 plies e em 300 de 300 a 7. Com a de `ebd7bf6` (dama 1395),
/// uma thread ainda o acha a 5, 6, 7 e 8 plies (40 de 40 cada), mas duas
/// threads a 7 plies, não sempre: 37 de 40 com a máquina parada e 42 de 300
/// com ela ocupada (a ajudante, que pula iterações, completa os 7 plies
/// primeiro com Ce8 e 300 centipeões); a 8 e a 9 plies, 300 de 300 mesmo
/// com a máquina ocupada.
#[test]
fn duas_threads_acham_o_mate_em_2_sempre() {
    let fen = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1";
    for i in 0..100 {
        let r = pensa_com(fen, 8, 2);
        assert!(
            r.escore >= LIMIAR_MATE && lance_para_texto(&r.lance) == "g3g6",
            "execução {i}: {} {}",
            lance_para_texto(&r.lance),
            r.escore
        );
    }
}

/// Com limite de profundidade e duas threads, a principal para quando uma
/// ajudante completa a profundidade pedida, e o resultado é o daquela
/// iteração: nunca mais raso que o pedido (o que aconteceria se o lance
/// ficasse com a principal interrompida), nunca mais fundo, e legal.
#[test]
fn duas_threads_com_limite_de_profundidade_devolvem_essa_profundidade() {
    let fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R b KQkq - 0 5";
    let b = TBoard::de_fen(fen).unwrap();
    for _ in 0..3 {
        let r = pensa_com(fen, 10, 2);
        assert_eq!(r.profundidade, 10);
        assert!(
            legal(&b, &lance_para_texto(&r.lance)),
            "{}",
            lance_para_texto(&r.lance)
        );
        assert_eq!(
            lance_para_texto(&r.pv.lances[0]),
            lance_para_texto(&r.lance)
        );
    }
}

/// Uma thread por `busca_paralela` é a `busca`: mesmos nós, lance e escore.
/// Com duas, a principal termina a profundidade pedida e os nós somam as
/// duas threads.
#[test]
fn uma_thread_e_a_busca_de_sempre() {
    for fen in POSICOES {
        let lim = TLimites {
            profundidade: 6,
            ..TLimites::default()
        };
        let mut b = TBoard::de_fen(fen).unwrap();
        let mut bu = nova_busca(16);
        let r = busca(&mut b, &mut bu, &lim);
        let r1 = pensa_com(fen, 6, 1);
        assert_eq!(
            (r1.nos, r1.escore, r1.lance.codigo()),
            (r.nos, r.escore, r.lance.codigo())
        );
        let r2 = pensa_com(fen, 6, 2);
        assert_eq!(r2.profundidade, 6);
        assert!(r2.nos > 0);
    }
}

/// O conjunto de threads muda de tamanho entre buscas, limpa e troca de
/// tabela sem perder as ajudantes. A limpeza do `ucinewgame`/`new`/`Clear
/// Hash` (`limpa_paralelo`, com as threads da busca) deixa vazias todas as
/// células da tabela que a busca encheu.
#[test]
fn threads_mudam_entre_buscas() {
    let fen = POSICOES[1];
    let mut b = TBoard::de_fen(fen).unwrap();
    let mut bu = nova_busca(4);
    let mut p = novo_paralelo(1, &bu);
    let lim = TLimites {
        profundidade: 5,
        ..TLimites::default()
    };
    for threads in [3, 2, 4, 1, 2] {
        ajusta_threads(&mut p, &bu, threads);
        assert_eq!(num_threads(&p), threads);
        let r = busca_paralela(&mut b, &mut bu, &mut p, &lim);
        assert!(acha_lance(&b, &lance_para_texto(&r.lance)).is_some());
        let cheias = celulas(&bu.tt)
            .filter(|c| c.dados.load(Ordering::Relaxed) != 0)
            .count();
        assert!(cheias > 1000, "{cheias}");
        limpa_paralelo(&mut p, &mut bu);
        assert!(celulas(&bu.tt).all(|c| {
            c.chave_xor.load(Ordering::Relaxed) == 0 && c.dados.load(Ordering::Relaxed) == 0
        }));
        assert_eq!(ocupacao_hash(&bu.tt), 0);
        let velho = solta_tabela(&mut p, &mut bu);
        assert_eq!(mb_da_tabela(&bu.tt), 0);
        assert!(velho >= 1);
        instala_tabela(&mut bu, nova_tabela_hash(1 + threads));
        assert_eq!(mb_da_tabela(&bu.tt), 1 + threads);
    }
    // `cores 0` vale uma thread (o teto, MAX_THREADS, não se cria aqui:
    // seriam centenas de MB).
    ajusta_threads(&mut p, &bu, 0);
    assert_eq!(num_threads(&p), 1);
}

/// A limpeza de uma tabela grande (`TROCA_MIN_MB` ou mais) em que a busca
/// gravou a troca por uma nova do mesmo tamanho, que já vem vazia, em todas
/// as threads; uma tabela grande que ninguém usou fica a mesma.
#[test]
fn limpeza_de_tabela_grande_troca_por_nova_vazia() {
    let fen = POSICOES[1];
    let mut b = TBoard::de_fen(fen).unwrap();
    let mut bu = nova_busca(TROCA_MIN_MB);
    assert_eq!(mb_da_tabela(&bu.tt), TROCA_MIN_MB);
    let mut p = novo_paralelo(2, &bu);
    // Nova e sem uso: a limpeza não a troca (nem a toca).
    let antes = Arc::as_ptr(&bu.tt);
    limpa_paralelo(&mut p, &mut bu);
    assert_eq!(Arc::as_ptr(&bu.tt), antes);
    let lim = TLimites {
        profundidade: 5,
        ..TLimites::default()
    };
    busca_paralela(&mut b, &mut bu, &mut p, &lim);
    assert!(tabela_usada(&bu.tt));
    let velha = Arc::downgrade(&bu.tt);
    limpa_paralelo(&mut p, &mut bu);
    assert!(!tabela_usada(&bu.tt));
    assert_eq!(mb_da_tabela(&bu.tt), TROCA_MIN_MB);
    // A velha saiu de todas as threads (a memória dela voltou ao sistema),
    // e a nova está com todas.
    assert!(velha.upgrade().is_none());
    assert_eq!(Arc::strong_count(&bu.tt), num_threads(&p));
    assert!(celulas(&bu.tt).all(|c| {
        c.chave_xor.load(Ordering::Relaxed) == 0 && c.dados.load(Ordering::Relaxed) == 0
    }));
    // E a busca seguinte usa a nova normalmente.
    let r = busca_paralela(&mut b, &mut bu, &mut p, &lim);
    assert!(acha_lance(&b, &lance_para_texto(&r.lance)).is_some());
}

// ---------------------------------------------------------------------------
// Protocolo com `cores 2`
// ---------------------------------------------------------------------------

fn pensamento(l: &str) -> bool {
    let t: Vec<&str> = l.split_whitespace().collect();
    t.len() >= 5 && t[..4].iter().all(|x| x.parse::<i64>().is_ok())
}

fn legal(b: &TBoard, lance: &str) -> bool {
    acha_lance(b, lance).is_some()
}

#[test]
fn cores_2_analise_exit_e_ping() {
    let mut m = motor_pronto();
    envia(&mut m, "cores 2");
    let v = sincroniza(&mut m);
    assert!(v.iter().all(|l| l.starts_with('#')), "{v:#?}");
    envia(&mut m, "force");
    envia(&mut m, "post");
    envia(&mut m, "analyze");
    espera(&mut m, pensamento, PRAZO);
    envia(&mut m, ".");
    let st = espera(&mut m, |l| l.starts_with("stat01:"), PRAZO);
    let t: Vec<&str> = st.last().unwrap().split_whitespace().collect();
    assert!(t[1..6].iter().all(|x| x.parse::<u64>().is_ok()), "{t:?}");
    envia(&mut m, "exit");
    envia(&mut m, "ping 7");
    espera_linha(&mut m, "pong 7");
    // Fora da análise, nada mais sai (nenhuma ajudante imprime).
    let v = coleta(&mut m, 300);
    assert!(v.is_empty(), "{v:#?}");
    assert!(!m.transcricao.iter().any(|l| l.starts_with("move")));
}

#[test]
fn cores_2_joga_lances_legais_com_new_e_memory_entre_buscas() {
    let mut m = motor_pronto();
    envia(&mut m, "cores 2");
    envia(&mut m, "st 0.2");
    envia(&mut m, "go");
    let (_, x) = espera_lance(&mut m);
    let mut b = TBoard::inicial();
    assert!(legal(&b, &x), "{x}");
    let l = acha_lance(&b, &x).unwrap();
    b.make(&l);
    // Outra tabela e outra partida entre as buscas, com as duas threads.
    envia(&mut m, "memory 16");
    envia(&mut m, "new");
    envia(&mut m, "memory 32");
    sincroniza(&mut m);
    envia(&mut m, "usermove e2e4");
    let (_, x) = espera_lance(&mut m);
    let mut b = TBoard::inicial();
    b.make(&acha_lance(&b, "e2e4").unwrap());
    assert!(legal(&b, &x), "{x}");
    b.make(&acha_lance(&b, &x).unwrap());
    // Mais threads no meio da partida.
    envia(&mut m, "cores 3");
    envia(&mut m, "usermove d2d4");
    let (_, x) = espera_lance(&mut m);
    b.make(&acha_lance(&b, "d2d4").unwrap());
    assert!(legal(&b, &x), "{x}");
    sincroniza(&mut m);
}

/// `?` com duas threads: o lance sai logo (a principal para as ajudantes
/// em milissegundos), e o `ping` seguinte é respondido.
#[test]
fn cores_2_interroga_para_na_hora() {
    let mut m = motor_pronto();
    envia(&mut m, "cores 2");
    envia(&mut m, "post");
    envia(&mut m, "st 60");
    let go = Instant::now();
    envia(&mut m, "go");
    // A primeira linha de pensamento: a busca (e as ajudantes) em curso.
    espera(&mut m, pensamento, PRAZO);
    let antes = go.elapsed().as_millis() as u64;
    envia(&mut m, "?");
    let (v, x) = espera_lance(&mut m);
    // O gasto que o motor mede (`# tempo:`) começa quando ele lê o `go`, depois
    // de o teste mandá-lo: descontado o que o teste esperou antes do `?`, sobra
    // no máximo o que o motor levou para atender o `?` e parar as ajudantes.
    // O relógio de parede do teste somaria o pipe e o escalonamento, que numa
    // máquina carregada passam do limite sem o motor ter errado; um motor que
    // ignorasse o `?` pensaria os 60 s do `st`.
    let (gasto, _) = teto_declarado(&v);
    assert!(
        gasto.saturating_sub(antes) < 2000,
        "o lance demorou {gasto} ms, {antes} ms antes do ?: {v:#?}"
    );
    assert!(legal(&TBoard::inicial(), &x), "{x}");
    sincroniza(&mut m);
}

/// Ponder com duas threads: acerto (o lance sai dentro do `st`), erro
/// (outro lance: a busca recomeça) e `result` no meio do ponder.
#[test]
fn cores_2_ponder_acerto_erro_e_result() {
    let mut m = motor_pronto();
    envia(&mut m, "cores 2");
    envia(&mut m, "hard");
    // Com `post` o ponder escreve o que pensa: a primeira linha de pensamento
    // depois do lance diz que ele começou.
    envia(&mut m, "post");
    envia(&mut m, "st 0.3");
    envia(&mut m, "usermove e2e4");
    let (_, x) = espera_lance(&mut m);
    let mut b = TBoard::inicial();
    b.make(&acha_lance(&b, "e2e4").unwrap());
    b.make(&acha_lance(&b, &x).unwrap());
    espera(&mut m, pensamento, PRAZO);
    let previsto = pede_hint(&mut m);
    assert!(legal(&b, &previsto), "{previsto}");
    // Acerto: vale o gasto que o motor mede desde o acerto (a linha
    // `# tempo:`), não o relógio de parede do teste (ver `teto_declarado`).
    envia(&mut m, &format!("usermove {previsto}"));
    let (v, y) = espera_lance(&mut m);
    let (gasto, _) = teto_declarado(&v);
    assert!(gasto < 2000, "gasto {gasto} ms: {v:#?}");
    b.make(&acha_lance(&b, &previsto).unwrap());
    assert!(legal(&b, &y), "{y}");
    b.make(&acha_lance(&b, &y).unwrap());
    // Erro: um lance que não é o previsto.
    espera(&mut m, pensamento, PRAZO);
    let previsto = pede_hint(&mut m);
    let outro = lance_diferente(&b, &previsto);
    envia(&mut m, &format!("usermove {outro}"));
    let (_, z) = espera_lance(&mut m);
    b.make(&acha_lance(&b, &outro).unwrap());
    assert!(legal(&b, &z), "{z}");
    // `result` durante o ponder: nenhum lance depois.
    espera(&mut m, pensamento, PRAZO);
    envia(&mut m, "result 1-0 {White resigns}");
    envia(&mut m, "usermove a2a3");
    sincroniza(&mut m);
    let v = coleta(&mut m, 500);
    assert!(v.iter().all(|l| !l.starts_with("move")), "{v:#?}");
}

// ---------------------------------------------------------------------------
// Linha de comando
// ---------------------------------------------------------------------------

fn roda(args: &[&str]) -> String {
    let s = Command::new(env!("CARGO_BIN_EXE_ice"))
        .args(args)
        .env_remove("RUST_LOG")
        .output()
        .expect("rodar o binário ice");
    assert!(s.status.success(), "{args:?}: {s:?}");
    String::from_utf8_lossy(&s.stdout).into_owned()
}

fn ultima(s: &str) -> String {
    s.lines().last().unwrap_or("").to_string()
}

#[test]
fn linha_de_comando_com_threads() {
    // A última linha do bench é a do OpenBench, `N nodes R nps`.
    let nos = |s: &str| ultima(s).split_whitespace().next().unwrap().to_string();
    // Uma thread é o bench de sempre, nó por nó.
    let sem = roda(&["bench", "4"]);
    let uma = roda(&["bench", "4", "--threads", "1"]);
    assert_eq!(nos(&sem), nos(&uma));
    let duas = roda(&["bench", "--threads", "2", "4"]);
    assert!(ultima(&duas).ends_with(" nps"), "{duas}");
    assert!(duas.contains("bench nodes="), "{duas}");
    // `ice busca … --threads 2`: `bestmove` e, por último, a linha de medida.
    // A 8 plies, como em `duas_threads_acham_os_mesmos_mates`: ver
    // `duas_threads_acham_o_mate_em_2_sempre`.
    let s = roda(&[
        "busca",
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        "--profundidade",
        "8",
        "--threads",
        "2",
    ]);
    let linhas: Vec<&str> = s.lines().collect();
    assert_eq!(linhas[linhas.len() - 2], "bestmove g3g6", "{s}");
    let u = linhas[linhas.len() - 1];
    assert!(
        u.starts_with("busca depth=8 score=100002 nodes=") && u.ends_with(" threads=2"),
        "{u}"
    );
    // Um número ruim é erro, com código de saída 1.
    for ruim in [
        &["bench", "--threads", "0"][..],
        &["--threads", "x"],
        &["--threads", "2", "bench"],
    ] {
        let s = Command::new(env!("CARGO_BIN_EXE_ice"))
            .args(ruim)
            .env_remove("RUST_LOG")
            .output()
            .unwrap();
        assert_eq!(s.status.code(), Some(1), "{ruim:?}");
    }
}

/// `ice --threads 2`: o protocolo já com duas threads (o `# cores` do
/// `accepted debug` não aparece: é a opção da linha de comando).
#[test]
fn protocolo_com_threads_na_linha_de_comando() {
    let mut m = abre_motor_com(&["--hash", "8", "--sem-livro", "--threads", "2"]);
    handshake(&mut m);
    envia(&mut m, "new");
    envia(&mut m, "st 0.2");
    envia(&mut m, "go");
    let (_, x) = espera_lance(&mut m);
    assert!(legal(&TBoard::inicial(), &x), "{x}");
    sincroniza(&mut m);
}
