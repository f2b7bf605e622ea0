//! Testes da avaliação: um par de posições por termo (onde o termo vale e a
//! "gêmea" onde não vale), simetria entre as cores nas suítes WAC e perft,
//! material insuficiente, tabela de peões, avaliação preguiçosa e os modos.
//!
//! As suítes são cópias em `tests/data/` (o projeto não lê /work/shared).

use ice::avaliacao::*;
use ice::geracao::acha_lance;
use ice::material::fase;
use ice::pesos::*;
use ice::tabuleiro::TBoard;
use ice::tipos::*;
use std::time::Instant;

/// Posições (4 primeiros campos do FEN) de um arquivo EPD.
fn posicoes(texto: &str) -> Vec<String> {
    texto
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().take(4).collect::<Vec<_>>().join(" "))
        .collect()
}

fn todas_as_suites() -> Vec<String> {
    let mut v = posicoes(include_str!("data/wac.epd"));
    v.extend(posicoes(include_str!("data/perftsuite.epd")));
    v.extend(posicoes(include_str!("data/cpw_perft.epd")));
    v
}

fn tab(fen: &str) -> TBoard {
    TBoard::de_fen(fen).unwrap_or_else(|e| panic!("{e}: {fen}"))
}

/// Espelho de cores: vira o tabuleiro na vertical, troca as cores das peças,
/// a vez, os roques e a casa de en passant.
fn espelha(fen: &str) -> String {
    let c: Vec<&str> = fen.split_whitespace().collect();
    let troca = |s: &str| -> String {
        s.chars()
            .map(|ch| {
                if ch.is_ascii_uppercase() {
                    ch.to_ascii_lowercase()
                } else {
                    ch.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let linhas: Vec<String> = c[0].split('/').rev().map(troca).collect();
    let vez = if c[1] == "w" { "b" } else { "w" };
    let roque = if c[2] == "-" {
        "-".to_string()
    } else {
        let t = troca(c[2]);
        let mut r: Vec<char> = t.chars().collect();
        // Ordem canônica KQkq.
        r.sort_by_key(|ch| "KQkq".find(*ch).unwrap());
        r.into_iter().collect()
    };
    let ep = if c[3] == "-" {
        "-".to_string()
    } else {
        let b = c[3].as_bytes();
        format!("{}{}", b[0] as char, if b[1] == b'3' { '6' } else { '3' })
    };
    format!("{} {} {} {}", linhas.join("/"), vez, roque, ep)
}

/// Coeficientes [brancas, pretas] de um peso no traço da posição.
fn coef(fen: &str, nome: &str, indice: usize) -> [i32; 2] {
    coef_no_modo(&tab(fen), false, nome, indice)
}

/// O mesmo, na avaliação clássica (os termos do ICE que o ICE-rs trocou).
fn coef_classico(fen: &str, nome: &str, indice: usize) -> [i32; 2] {
    coef_no_modo(&tab(fen), true, nome, indice)
}

/// Coeficientes de um peso no traço de um tabuleiro, na avaliação do ICE-rs
/// ou na clássica.
fn coef_no_modo(b: &TBoard, classico: bool, nome: &str, indice: usize) -> [i32; 2] {
    let mut av = nova_avaliacao();
    av.classico = classico;
    let t = traco_eval(b, &mut av);
    t.itens
        .iter()
        .find(|it| it.nome == nome && it.indice == indice)
        .map(|it| it.coef)
        .unwrap_or([0, 0])
}

fn ev(fen: &str) -> i32 {
    let mut av = nova_avaliacao();
    eval(&tab(fen), &mut av, -INFINITO, INFINITO)
}

// ---------------------------------------------------------------------------
// Propriedades gerais
// ---------------------------------------------------------------------------

#[test]
fn simetria_de_cores_nas_suites() {
    let pos = todas_as_suites();
    assert!(pos.len() > 400, "suítes incompletas: {}", pos.len());
    for modo in 0..3 {
        let mut av = nova_avaliacao();
        av.classico = modo == 1;
        av.so_material_pst = modo == 2;
        for fen in &pos {
            let b = tab(fen);
            let m = tab(&espelha(fen));
            let v = eval(&b, &mut av, -INFINITO, INFINITO);
            let vm = eval(&m, &mut av, -INFINITO, INFINITO);
            assert_eq!(v, vm, "modo {modo}: {fen} / {}", espelha(fen));
        }
    }
}

#[test]
fn espelho_do_teste_esta_certo() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    assert_eq!(espelha(&espelha(fen)), fen);
    assert_eq!(
        espelha("4k3/8/8/3pP3/8/8/8/4K3 w Kq d6"),
        "4k3/8/8/8/3Pp3/8/8/4K3 b Qk d3"
    );
}

#[test]
fn material_insuficiente_vale_zero() {
    for fen in [
        "8/8/4k3/8/8/2N5/8/4K3 w - -",   // KNK
        "8/8/4k3/8/8/2N5/8/4K3 b - -",   // KNK, pretas a jogar
        "8/8/4k3/8/8/5B2/8/4K3 w - -",   // KBK
        "8/8/4k3/8/8/2N2N2/8/4K3 w - -", // KNNK
        "8/8/4k3/8/3n4/2n5/8/4K3 b - -", // KNNK das pretas
        "4k3/8/8/8/8/8/8/4K3 w - -",     // KK
        "4k3/8/8/3b4/8/8/4B3/4K3 w - -", // bispos da mesma cor
    ] {
        assert_eq!(ev(fen), 0, "{fen}");
    }
    // A gêmea com um peão a mais tem material de mate e não é zero.
    assert!(ev("8/8/4k3/8/8/2N5/P7/4K3 w - -") > 100);
    // No modo clássico (ICE puro) o cavalo a mais continua contando.
    let mut av = nova_avaliacao();
    av.classico = true;
    assert!(
        eval(
            &tab("8/8/4k3/8/8/2N5/8/4K3 w - -"),
            &mut av,
            -INFINITO,
            INFINITO
        ) > 200
    );
}

#[test]
fn escala_de_finais_sem_mate() {
    let escala = |fen: &str| {
        let mut av = nova_avaliacao();
        traco_eval(&tab(fen), &mut av).escala
    };
    assert_eq!(escala("4k3/8/8/8/8/8/4b3/R3K3 w - -")[BRANCAS], 4); // T×B
    assert_eq!(escala("4k3/8/8/8/8/8/4r3/Q3K3 w - -")[BRANCAS], 16); // D×T ganha
    assert_eq!(escala("4k3/8/8/8/8/8/8/R3K3 w - -")[BRANCAS], 16); // KRK ganha
    assert_eq!(escala("4k3/8/8/8/8/8/5n2/Q3K3 w - -")[BRANCAS], 16); // D×C ganha
    assert_eq!(escala("4k3/pp6/8/8/8/8/8/2N1KN2 w - -")[BRANCAS], 4); // 2C×peões
                                                                      // Bispos de cores opostas: c1 é escura, c8 é clara.
    assert_eq!(escala("2b1k3/p7/8/8/8/8/PP6/2B1K3 w - -"), [8, 8]);
    assert_eq!(escala("3bk3/p7/8/8/8/8/PP6/2B1K3 w - -"), [16, 16]);
    // A escala reduz de fato a avaliação: T×B fica perto de zero.
    assert!(ev("4k3/8/8/8/8/8/4b3/R3K3 w - -").abs() < 100);
}

/// O total do traço (sem tabela de peões) do ponto de vista do lado a jogar,
/// como o `eval` o devolve.
fn traco_do_lado_a_jogar(b: &TBoard, av: &mut TAvaliacao) -> i32 {
    let t = traco_eval(b, av);
    if b.vez == BRANCAS {
        t.total_brancas
    } else {
        -t.total_brancas
    }
}

#[test]
fn tabela_de_peoes_e_traco_concordam() {
    // O caminho da busca (tabela de peões, sem traço) dá o mesmo valor que o
    // do traço (sem tabela), e a segunda passada acerta a tabela.
    let pos = todas_as_suites();
    let mut av = nova_avaliacao();
    for _ in 0..2 {
        for fen in &pos {
            let b = tab(fen);
            let v = eval(&b, &mut av, -INFINITO, INFINITO);
            let pov = traco_do_lado_a_jogar(&b, &mut av);
            assert_eq!(v, pov, "{fen}");
        }
    }
    assert!(
        av.hash_peoes.acertos * 2 >= av.hash_peoes.consultas,
        "{} de {}",
        av.hash_peoes.acertos,
        av.hash_peoes.consultas
    );
}

#[test]
fn tabela_de_peoes_com_o_rei_em_outra_casa() {
    // A tabela de peões guarda também os termos de rei e peões (abrigo,
    // tempestade, distância do rei aos peões) com a casa do rei: depois de
    // avaliar a posição, cada lance de rei (mesmos peões, a mesma entrada)
    // tem de dar o valor do traço (sem tabela), não o do rei na casa velha.
    let mut av = nova_avaliacao();
    let mut lances_de_rei = 0;
    for fen in todas_as_suites() {
        let b = tab(&fen);
        eval(&b, &mut av, -INFINITO, INFINITO);
        let k = b.casa_rei(b.vez);
        for d in 0..64 {
            let Some(l) = ice::geracao::acha_lance_casas(&b, k, d, 0) else {
                continue;
            };
            let mut b2 = b.clone();
            b2.make(&l);
            if b2.peoes != b.peoes {
                continue;
            }
            lances_de_rei += 1;
            let v = eval(&b2, &mut av, -INFINITO, INFINITO);
            let pov = traco_do_lado_a_jogar(&b2, &mut av);
            assert_eq!(v, pov, "{fen} {}", ice::lance::lance_para_texto(&l));
        }
    }
    assert!(lances_de_rei > 500, "{lances_de_rei}");
}

#[test]
fn traco_soma_as_categorias() {
    // As categorias somam exatamente a soma de cada cor.
    for fen in todas_as_suites().iter().take(50) {
        let mut av = nova_avaliacao();
        let t = traco_eval(&tab(fen), &mut av);
        for cor in 0..2 {
            let mg: i32 = t.categorias.iter().map(|c| c[cor].mg).sum();
            let eg: i32 = t.categorias.iter().map(|c| c[cor].eg).sum();
            assert_eq!((mg, eg), (t.soma[cor].mg, t.soma[cor].eg), "{fen}");
        }
    }
}

#[test]
fn modos_classico_e_so_material() {
    let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ -";
    let b = tab(fen);
    let mut av = nova_avaliacao();
    let t = traco_eval(&b, &mut av);
    assert!(t.itens.iter().any(|i| i.nome.starts_with("MOB_")));
    av.classico = true;
    let t = traco_eval(&b, &mut av);
    // Nada do que o ICE não tinha: mobilidade, tropismo, ataque ao rei, ameaças.
    let so_ice_rs = [
        "MOB_",
        "TROPISMO",
        "ATAQUE_REI",
        "PECA_ATACADA",
        "MAIOR_ATACADA",
        "POSTO_",
        "PECA_PENDURADA",
        "CHEQUE_SEGURO",
        "MENOR_ATACADA",
        "DAMA_ATACADA",
        "BISPO_PEOES",
        "MENOR_ATRAS",
        "REI_DISTANCIA",
        "TEMPO",
        "AMEACA_AVANCO",
        "ESPACO",
        "ESCUDO_REI",
        "TEMPESTADE_REI",
        "PASSADO_AVANCO",
        "PEAO_FRACO",
        "PECA_SOBRECARREGADA",
        "BISPO_DIAGONAL",
        "POSTO_ALCANCAVEL",
        "REI_FLANCO",
        "PECA_RESTRITA",
        "PEAO_BLOQUEADO",
        "PROTETOR_REI",
        "PASSADO_COLUNA",
        "DAMA_INFILTRADA",
        "TORRE_PRESA",
    ];
    assert!(!t
        .itens
        .iter()
        .any(|i| so_ice_rs.iter().any(|p| i.nome.starts_with(p))));
    for cat in [
        CAT_MOBILIDADE,
        CAT_TROPISMO,
        CAT_ATAQUE_REI,
        CAT_AMEACAS,
        CAT_POSTOS,
        CAT_MENORES,
        CAT_REI_PEOES,
        CAT_TEMPO,
        CAT_ESPACO,
    ] {
        assert_eq!(t.categorias[cat], [par(0, 0); 2], "categoria {cat}");
    }
    av.classico = false;
    av.so_material_pst = true;
    let t = traco_eval(&b, &mut av);
    // Só material e peça-casa (que também são pesos afináveis).
    assert!(!t.itens.is_empty());
    assert!(t
        .itens
        .iter()
        .all(|i| i.nome == "MATERIAL" || i.nome.starts_with("PC_")));
    for cat in 2..NUM_CATEGORIAS {
        assert_eq!(t.categorias[cat], [par(0, 0); 2], "categoria {cat}");
    }
    // Posição inicial: material + peça-casa simétricos = 0.
    assert_eq!(eval(&TBoard::inicial(), &mut av, -INFINITO, INFINITO), 0);
}

#[test]
fn avaliacao_preguicosa() {
    // Brancas com uma dama a mais: com a janela lá embaixo, a avaliação
    // corta antes dos termos lentos, e o valor ainda passa de beta.
    let b = tab("r3k2r/ppp2ppp/2n5/8/8/2N5/PPP2PPP/R2QK2R w KQkq -");
    let mut av = nova_avaliacao();
    let cheia = eval(&b, &mut av, -INFINITO, INFINITO);
    let pregui = eval(&b, &mut av, -50, 50);
    assert!(pregui >= 50);
    assert_ne!(cheia, pregui, "os termos lentos não foram pulados");
    // Dentro da janela, nada muda.
    assert_eq!(eval(&b, &mut av, cheia - 1, cheia + 1), cheia);
    // No modo clássico não há avaliação preguiçosa.
    av.classico = true;
    let c = eval(&b, &mut av, -INFINITO, INFINITO);
    assert_eq!(eval(&b, &mut av, -50, 50), c);
}

#[test]
fn fase_do_jogo() {
    assert_eq!(fase(&TBoard::inicial()), 24);
    assert_eq!(fase(&tab("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - -")), 0);
    // O rei na tabela de final vale mais no centro que no canto.
    let centro = ev("7k/8/8/8/3K4/8/8/8 w - -");
    let canto = ev("7k/8/8/8/8/8/8/K7 w - -");
    assert_eq!(centro, 0); // KK é empate
    assert_eq!(canto, 0);
    let mut av = nova_avaliacao();
    av.classico = true;
    let centro = eval(
        &tab("7k/8/8/8/3K4/8/8/8 w - -"),
        &mut av,
        -INFINITO,
        INFINITO,
    );
    let canto = eval(
        &tab("7k/8/8/8/8/8/8/K7 w - -"),
        &mut av,
        -INFINITO,
        INFINITO,
    );
    assert_eq!(centro - canto, 20 - 5); // PST_REI_FINAL d4 − a1
}

#[test]
fn tabela_eval_imprime_os_termos() {
    let s = tabela_eval(&tab(
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -",
    ));
    for nome in NOMES_CATEGORIAS {
        assert!(s.contains(nome), "falta {nome}:\n{s}");
    }
    assert!(s.contains("Avaliacao final"));
}

// ---------------------------------------------------------------------------
// Um teste por termo: posição onde vale e a gêmea onde não vale
// ---------------------------------------------------------------------------

#[test]
fn termo_par_de_bispos() {
    let com = "4k3/8/8/8/8/8/8/2B1KB2 w - -";
    let sem = "4k3/8/8/8/8/8/8/2N1KB2 w - -";
    assert_eq!(coef(com, "BONUS_PAR_BISPOS", 0), [1, 0]);
    assert_eq!(coef(sem, "BONUS_PAR_BISPOS", 0), [0, 0]);
}

#[test]
fn termo_final_de_peoes() {
    let com = "4k3/pp6/8/8/8/8/PPP5/4K3 w - -";
    let igual = "4k3/pp6/8/8/8/8/PP6/4K3 w - -";
    let com_torre = "4k3/p6r/8/8/8/8/PPP5/4K3 w - -"; // RUST: o ICE daria +75
    assert_eq!(coef(com, "FINAL_PEOES_A_MAIS", 0), [1, -1]);
    assert_eq!(coef(igual, "FINAL_PEOES_A_MAIS", 0), [0, 0]);
    assert_eq!(coef(com_torre, "FINAL_PEOES_A_MAIS", 0), [0, 0]);
}

#[test]
fn termo_desequilibrio() {
    let torres_dama = "3qk3/pppp4/8/8/8/8/PPPP4/R3K2R w - -";
    let dama_dama = "3qk3/pppp4/8/8/8/8/PPPP4/3QK3 w - -";
    assert_eq!(coef(torres_dama, "DESEQ_DUAS_TORRES_DAMA", 0), [1, 0]);
    assert_eq!(coef(dama_dama, "DESEQ_DUAS_TORRES_DAMA", 0), [0, 0]);
    let menores = "r3k3/pppp4/8/8/8/8/PPP5/2B1KN2 w - -";
    let iguais = "r3k3/pppp4/8/8/8/8/PPP5/R3K3 w - -";
    assert_eq!(coef(menores, "DESEQ_MENORES_TORRE", 0), [1, 0]);
    assert_eq!(coef(iguais, "DESEQ_MENORES_TORRE", 0), [0, 0]);
    let peca_peoes = "4k3/pppppp2/8/8/8/8/PPP5/4KN2 w - -";
    let sem = "4k3/ppp5/8/8/8/8/PPP5/4KN2 w - -";
    assert_eq!(coef(peca_peoes, "DESEQ_PECA_PEOES", 0), [1, 0]);
    assert_eq!(coef(sem, "DESEQ_PECA_PEOES", 0), [0, 0]);
}

#[test]
fn termo_peoes_dobrados() {
    let centro = "4k3/8/8/8/4P3/8/4P3/4K3 w - -";
    let ala = "4k3/8/8/8/P7/8/P7/4K3 w - -";
    let sem = "4k3/8/8/8/3P4/8/4P3/4K3 w - -";
    assert_eq!(coef(centro, "PEAO_DOBRADO_CENTRO", 0), [1, 0]);
    assert_eq!(coef(ala, "PEAO_DOBRADO_ALA", 0), [1, 0]);
    assert_eq!(coef(sem, "PEAO_DOBRADO_CENTRO", 0), [0, 0]);
    // Diferença exata entre dobrado e não dobrado na mesma coluna: o resto
    // (peça-casa, passados) é medido pelo traço e descontado.
    assert!(ev(centro) < ev(sem));
}

#[test]
fn termo_peao_isolado() {
    let isolado = "4k3/p7/8/8/8/8/P1P5/4K3 w - -"; // a2 e c2 isolados; a com peão preto
    let ligado = "4k3/p7/8/8/8/8/PPP5/4K3 w - -";
    assert_eq!(coef(isolado, "PEAO_ISOLADO", 0), [2, 1]);
    assert_eq!(coef(isolado, "PEAO_ISOLADO_EXPOSTO", 0), [1, 0]); // só c2
    assert_eq!(coef(ligado, "PEAO_ISOLADO", 0), [0, 1]);
    assert_eq!(coef(ligado, "PEAO_ISOLADO_EXPOSTO", 0), [0, 0]);
}

#[test]
fn termo_peao_atrasado() {
    // d3 atrasado: c4 e e4 já passaram, e5 ataca d4; coluna d sem peão preto.
    let atrasado = "4k3/8/8/4p3/2P1P3/3P4/8/4K3 w - -";
    let apoiado = "4k3/8/8/4p3/4P3/2PP4/8/4K3 w - -";
    assert_eq!(coef(atrasado, "PEAO_ATRASADO", 0), [1, 0]);
    assert_eq!(coef(atrasado, "PEAO_ATRASADO_EXPOSTO", 0), [1, 0]);
    assert_eq!(coef(apoiado, "PEAO_ATRASADO", 0), [0, 0]);
    // Com peão preto na coluna d ele continua atrasado, mas não exposto.
    let fechado = "4k3/3p4/8/4p3/2P1P3/3P4/8/4K3 w - -";
    assert_eq!(coef(fechado, "PEAO_ATRASADO", 0), [1, 0]);
    assert_eq!(coef(fechado, "PEAO_ATRASADO_EXPOSTO", 0), [0, 0]);
}

#[test]
fn termo_peao_passado_cresce_com_a_fileira() {
    let e5 = "4k3/8/8/4P3/8/8/8/K7 w - -";
    let e6 = "4k3/8/4P3/8/8/8/8/K7 w - -";
    let contido = "4k3/3p4/8/4P3/8/8/8/K7 w - -";
    assert_eq!(coef(e5, "PEAO_PASSADO", 4), [1, 0]);
    assert_eq!(coef(e6, "PEAO_PASSADO", 5), [1, 0]);
    assert_eq!(coef(contido, "PEAO_PASSADO", 4), [0, 0]);
    // Passado das pretas na sua 6ª fileira (e3).
    assert_eq!(
        coef("4k3/8/8/8/8/4p3/8/K7 w - -", "PEAO_PASSADO", 5),
        [0, 1]
    );
    // O valor do passado cresce com a fileira, no meio-jogo e no final.
    // Medimos a categoria inteira (o peso por fileira mais os termos de
    // distância dos reis, que crescem com FATOR_PASSADO): o afinador pode
    // pôr o crescimento do final em qualquer dos dois, e pôs quase todo nos
    // de distância. Os reis ficam nas mesmas casas, e o cavalo preto desliga
    // o passado imparável. (Não comparamos a avaliação inteira: com o rei
    // inimigo na frente, como em `e5`/`e6` acima, o peão mais avançado e
    // indefeso pode valer menos — é o que o afinador achou.)
    let passados = |fen: &str| {
        let mut av = nova_avaliacao();
        traco_eval(&tab(fen), &mut av).categorias[CAT_PASSADOS][BRANCAS]
    };
    let e4 = passados("n6k/8/8/8/4P3/8/8/K7 w - -");
    let e5 = passados("n6k/8/8/4P3/8/8/8/K7 w - -");
    let e6 = passados("n6k/8/4P3/8/8/8/8/K7 w - -");
    assert!(e4.mg < e5.mg && e5.mg < e6.mg, "{e4:?} {e5:?} {e6:?}");
    assert!(e4.eg < e5.eg && e5.eg < e6.eg, "{e4:?} {e5:?} {e6:?}");
}

#[test]
fn termo_ilhas_de_peoes() {
    let tres = "4k3/8/8/8/8/8/PP2P2P/4K3 w - -";
    let uma = "4k3/8/8/8/8/8/PPPP4/4K3 w - -";
    assert_eq!(coef(tres, "PEAO_ILHA", 0), [2, 0]);
    assert_eq!(coef(uma, "PEAO_ILHA", 0), [0, 0]);
}

#[test]
fn termo_passado_imparavel() {
    // Peão em a5 com o rei preto longe: a regra do quadrado diz que promove.
    let longe = "7k/8/8/P7/8/8/8/7K w - -";
    let perto = "8/1k6/8/P7/8/8/8/7K w - -";
    assert_eq!(coef(longe, "PASSADO_IMPARAVEL", 0), [1, 0]);
    assert_eq!(coef(perto, "PASSADO_IMPARAVEL", 0), [0, 0]);
    // Com o rei preto a 4 casas de a8 e as pretas a jogar, ele alcança.
    assert_eq!(
        coef("8/8/8/P7/8/4k3/8/7K w - -", "PASSADO_IMPARAVEL", 0),
        [1, 0]
    );
    assert_eq!(
        coef("8/8/8/P7/4k3/8/8/7K b - -", "PASSADO_IMPARAVEL", 0),
        [0, 0]
    );
    assert!(ev(longe) > ev(perto) + 300);
}

#[test]
fn termo_passado_reis_e_caminho() {
    let livre = "k7/8/4P3/8/8/8/8/4K3 w - -";
    let bloqueado = "k7/4n3/4P3/8/8/8/8/4K3 w - -";
    let atacado = "k7/8/4P3/8/8/2b5/8/4K3 w - -";
    assert_eq!(coef(livre, "PASSADO_LIVRE", 0), [3, 0]);
    assert_eq!(coef(bloqueado, "PASSADO_LIVRE", 0), [0, 0]);
    // e6 (6ª fileira, índice 5): casa da frente e7, rei preto em a8
    // (distância 4), rei branco em e1 (distância 6); um peso por fileira.
    assert_eq!(coef(livre, "PASSADO_REI_INIMIGO", 5), [4, 0]);
    assert_eq!(coef(livre, "PASSADO_REI_PROPRIO", 5), [6, 0]);
    // Pode andar e anda seguro: índice (1 × 2 + 1) × 8 + 5.
    assert_eq!(coef(livre, "PASSADO_AVANCO", 29), [1, 0]);
    // Bloqueado pelo cavalo (e7 ocupada, não atacada): (0 × 2 + 1) × 8 + 5.
    assert_eq!(coef(bloqueado, "PASSADO_AVANCO", 13), [1, 0]);
    assert_eq!(coef(bloqueado, "PASSADO_AVANCO", 29), [0, 0]);
    // O bispo preto em c3… não ataca e7; em c5 ataca: pode, não seguro.
    assert_eq!(coef(atacado, "PASSADO_AVANCO", 29), [1, 0]);
    let atacado = "k7/8/4P3/2b5/8/8/8/4K3 w - -";
    assert_eq!(coef(atacado, "PASSADO_AVANCO", 21), [1, 0]);
}

#[test]
fn termo_torres_colunas() {
    let semiaberta = "4k3/p7/8/8/8/8/8/R3K3 w - -";
    let aberta = "4k3/1p6/8/8/8/8/8/R3K3 w - -";
    let fechada = "4k3/p7/8/8/8/8/P7/R3K3 w - -";
    let dobradas = "4k3/1p6/8/8/8/8/R7/R3K3 w - -";
    assert_eq!(coef(semiaberta, "TORRE_SEMIABERTA", 0), [1, 0]);
    assert_eq!(coef(semiaberta, "TORRE_ABERTA", 0), [0, 0]);
    assert_eq!(coef(aberta, "TORRE_ABERTA", 0), [1, 0]);
    assert_eq!(coef(fechada, "TORRE_SEMIABERTA", 0), [0, 0]);
    // ICE: uma vez por coluna, mais o bônus de bateria.
    assert_eq!(coef(dobradas, "TORRE_SEMIABERTA", 0), [1, 0]);
    assert_eq!(coef(dobradas, "TORRES_DOBRADAS", 0), [1, 0]);
    assert_eq!(coef(aberta, "TORRES_DOBRADAS", 0), [0, 0]);
}

#[test]
fn termo_torre_na_setima() {
    let rei_na_oitava = "4k3/R7/8/8/8/8/8/4K3 w - -";
    let peoes_na_setima = "8/R4pk1/8/8/8/8/8/4K3 w - -";
    let nenhum = "8/R7/6k1/8/8/8/8/4K3 w - -";
    assert_eq!(coef(rei_na_oitava, "TORRE_SETIMA", 0), [1, 0]);
    assert_eq!(coef(peoes_na_setima, "TORRE_SETIMA", 0), [1, 0]);
    assert_eq!(coef(nenhum, "TORRE_SETIMA", 0), [0, 0]);
    assert_eq!(
        coef("4k3/8/8/8/8/8/r7/6K1 w - -", "TORRE_SETIMA", 0),
        [0, 1]
    );
}

#[test]
fn termo_roque_e_escudo() {
    let coef = coef_classico;
    // Rei rocado (g1, torre em f1) contra rei em g1 com a torre presa em h1.
    let rocado = "r2qk2r/5ppp/8/8/8/8/5PPP/3Q1RK1 w - -";
    let preso = "r2qk2r/5ppp/8/8/8/8/5PPP/3Q2KR w - -";
    assert_eq!(coef(rocado, "BONUS_ROQUE", 0), [1, 0]);
    assert_eq!(coef(preso, "BONUS_ROQUE", 0), [0, 0]);
    // Escudo completo: distância 1 nas três colunas (g conta em dobro).
    assert_eq!(coef(rocado, "REI_ESCUDO", 0), [4, 1]); // pretas: só f7 junto do rei

    // g2 avançado para g4: a coluna g passa a distância 3.
    let furado = "r2qk2r/5ppp/8/8/6P1/8/5P1P/3Q1RK1 w - -";
    assert_eq!(coef(furado, "REI_ESCUDO", 0), [2, 1]);
    assert_eq!(coef(furado, "REI_ESCUDO", 2), [2, 0]);
    assert!(ev(rocado) > ev(furado));
    // Sem dama nem duas torres do adversário, a segurança não conta (ICE).
    let sem_pesadas = "3rk3/8/8/8/8/8/5PPP/5RK1 w - -";
    assert_eq!(coef(sem_pesadas, "BONUS_ROQUE", 0), [0, 0]);
    assert_eq!(coef(sem_pesadas, "REI_ESCUDO", 0), [0, 0]);
}

#[test]
fn termo_abrigo_e_tempestade_por_coluna() {
    // Rei branco em g1 com f2, g2, h2: distância 1 nas três colunas. Coluna
    // g (espelhada: b = 1, a do rei): (1 × 4 + 1) × 8 + 1 = 41; f (c = 2):
    // (0 × 4 + 2) × 8 + 1 = 17; h (a = 0): 1.
    let inteiro = "6k1/8/8/8/8/8/5PPP/6K1 w - -";
    assert_eq!(coef(inteiro, "ESCUDO_REI", 41), [1, 0]);
    assert_eq!(coef(inteiro, "ESCUDO_REI", 17), [1, 0]);
    assert_eq!(coef(inteiro, "ESCUDO_REI", 1), [1, 0]);
    // Vale sem a dama inimiga também (o REI_ESCUDO do ICE não valia).
    assert_eq!(coef_classico(inteiro, "REI_ESCUDO", 0), [0, 0]);
    // O peão h preto em h3 contra o rei em g1, com o h2 branco logo à
    // frente dele: bloqueado, distância 2, coluna a: (1 × 4 + 0) × 8 + 2.
    let tempestade = "6k1/8/8/8/8/7p/5PPP/6K1 w - -";
    assert_eq!(coef(tempestade, "TEMPESTADE_REI", 34), [1, 0]);
    // Sem o h2: não bloqueado, e a coluna h fica sem escudo (distância 0).
    let aberta = "6k1/8/8/8/8/7p/5PP1/6K1 w - -";
    assert_eq!(coef(aberta, "TEMPESTADE_REI", 2), [1, 0]);
    assert_eq!(coef(aberta, "ESCUDO_REI", 0), [1, 0]);
    // As pretas, espelhadas: rei em g8, peão branco em h6 contra h7.
    let pretas = "6k1/5ppp/7P/8/8/8/8/6K1 w - -";
    assert_eq!(coef(pretas, "TEMPESTADE_REI", 34), [0, 1]);
    assert_eq!(coef(pretas, "ESCUDO_REI", 41), [0, 1]);
}

#[test]
fn termo_colunas_abertas_perto_do_rei() {
    // Colunas f, g, h sem peão preto: semiabertas para as torres pretas.
    let aberta = "3qk3/pppp4/8/8/8/8/5PPP/5RK1 w - -";
    let fechada = "3qk3/pppp1ppp/8/8/8/8/5PPP/5RK1 w - -";
    assert_eq!(coef(aberta, "REI_COLUNA_SEMIABERTA", 0), [1, 0]);
    assert_eq!(coef(aberta, "REI_COLUNA_VIZINHA_SEMIABERTA", 0), [2, 0]);
    assert_eq!(coef(fechada, "REI_COLUNA_SEMIABERTA", 0), [0, 0]);
    assert_eq!(coef(fechada, "REI_COLUNA_VIZINHA_SEMIABERTA", 0), [0, 0]);
}

#[test]
fn termo_roques_opostos() {
    let coef = coef_classico;
    // Rei branco em g1, preto em c8: o peão branco em b5 avança contra ele.
    let opostos = "2k5/8/8/1P6/8/8/8/6K1 w - -";
    let mesma_ala = "6k1/8/8/1P6/8/8/8/6K1 w - -";
    assert_eq!(coef(opostos, "PEAO_TEMPESTADE", 4), [1, 0]);
    assert_eq!(coef(mesma_ala, "PEAO_TEMPESTADE", 4), [0, 0]);
}

#[test]
fn termo_bloqueio_dos_peoes_centrais() {
    let bloqueado = "rnbqkbnr/pppppppp/8/8/8/3B4/PPPPPPPP/RNBQK1NR w KQkq -";
    let livre = "rnbqkbnr/pppppppp/8/8/5B2/8/PPPPPPPP/RNBQK1NR w KQkq -";
    assert_eq!(coef(bloqueado, "PECA_BLOQUEIA_PEAO_CENTRAL", 0), [1, 0]);
    assert_eq!(coef(livre, "PECA_BLOQUEIA_PEAO_CENTRAL", 0), [0, 0]);
}

/// Joga lances em coordenadas a partir da posição inicial.
fn joga(lances: &[&str]) -> TBoard {
    let mut b = TBoard::inicial();
    for l in lances {
        let lance = acha_lance(&b, l).unwrap_or_else(|| panic!("lance ilegal {l}"));
        b.make(&lance);
    }
    b
}

/// Coeficientes de um peso na avaliação clássica de um tabuleiro com os
/// lances jogados (a análise de abertura do ICE lê a partida: fora do
/// clássico a avaliação é função só da posição e não a tem).
fn coef_b(b: &TBoard, nome: &str) -> [i32; 2] {
    coef_no_modo(b, true, nome, 0)
}

#[test]
fn termo_analise_de_abertura() {
    // 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7#… até 3...Nf6: dama cedo das brancas.
    let b = joga(&["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6"]);
    assert_eq!(coef_b(&b, "ABERTURA_PEAO_CENTRAL"), [1, 1]);
    // Fora do clássico, nada: a mesma posição por qualquer caminho (ou lida
    // de um FEN) tem o mesmo valor.
    let mut av = nova_avaliacao();
    let t = traco_eval(&b, &mut av);
    assert!(!t.itens.iter().any(|i| i.nome.starts_with("ABERTURA_")));
    let fen_b = TBoard::para_fen(&b);
    assert_eq!(
        eval(&b, &mut av, -INFINITO, INFINITO),
        eval(&tab(&fen_b), &mut av, -INFINITO, INFINITO)
    );
    assert_eq!(coef_b(&b, "ABERTURA_DAMA_CEDO"), [1, 0]);
    // A mesma posição lida de um FEN não tem lances jogados: nada conta.
    let fen = TBoard::para_fen(&b);
    assert_eq!(coef_b(&tab(&fen), "ABERTURA_DAMA_CEDO"), [0, 0]);
    // Peça mexida duas vezes e rei andando sem rocar.
    let b = joga(&["g1f3", "e7e5", "f3g5", "e8e7"]);
    assert_eq!(coef_b(&b, "ABERTURA_PECA_DUAS_VEZES"), [1, 0]);
    assert_eq!(coef_b(&b, "ABERTURA_REI_ANDOU"), [0, 1]);
    // Roque: bônus, e o lance de rei do roque não é punido.
    let b = joga(&[
        "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "e1g1", "f7f6",
    ]);
    assert_eq!(coef_b(&b, "ABERTURA_ROQUE"), [1, 0]);
    assert_eq!(coef_b(&b, "ABERTURA_REI_ANDOU"), [0, 0]);
    assert_eq!(coef_b(&b, "ABERTURA_PEAO_F"), [0, 1]);
    // Simetria: os mesmos lances espelhados dão a mesma avaliação.
    let mut av = nova_avaliacao();
    av.classico = true;
    let brancas = joga(&["e2e4", "g8f6", "d1h5", "f6h5"]);
    let v1 = eval(&brancas, &mut av, -INFINITO, INFINITO);
    let pretas = joga(&["g1f3", "e7e5", "f3h4", "d8h4", "b1c3"]);
    let v2 = eval(&pretas, &mut av, -INFINITO, INFINITO);
    assert_eq!(coef_b(&brancas, "ABERTURA_DAMA_CEDO"), [1, 0]);
    assert_eq!(coef_b(&pretas, "ABERTURA_DAMA_CEDO"), [0, 1]);
    assert!(v1 != 0 && v2 != 0);
}

#[test]
fn abertura_tem_teto() {
    // Muitos lances ruins de rei: a soma fica limitada e não vale um peão.
    let b = joga(&[
        "e2e3", "g8f6", "e1e2", "f6g8", "e2d3", "g8f6", "d3e2", "f6g8", "e2e1",
    ]);
    let mut av = nova_avaliacao();
    av.classico = true;
    let t = traco_eval(&b, &mut av);
    let [w, p] = t.categorias[CAT_ABERTURA];
    assert!(w.mg >= -40 && p.mg >= -40, "{w:?} {p:?}");
    assert!(coef_b(&b, "ABERTURA_REI_ANDOU")[BRANCAS] >= 4);
}

#[test]
fn termo_mobilidade_e_tropismo() {
    let centro = "4k3/8/8/8/3N4/8/8/4K3 w - -";
    let canto = "4k3/8/8/8/8/8/8/N3K3 w - -";
    // A mobilidade é uma tabela: o traço conta 1 na entrada do número de
    // casas (8 no centro, 2 no canto) e nada nas outras.
    assert_eq!(coef(centro, "MOB_CAVALO", 8), [1, 0]);
    assert_eq!(coef(centro, "MOB_CAVALO", 2), [0, 0]);
    assert_eq!(coef(canto, "MOB_CAVALO", 2), [1, 0]);
    // d4 a e8: distância 4 → 7 − 4 = 3; a1 a e8: 7 → 0.
    assert_eq!(coef(centro, "TROPISMO_CAVALO", 0), [3, 0]);
    assert_eq!(coef(canto, "TROPISMO_CAVALO", 0), [0, 0]);
    // Casas atacadas por peão inimigo não contam.
    let vigiado = "4k3/8/2p1p3/8/3N4/8/8/4K3 w - -";
    assert_eq!(coef(vigiado, "MOB_CAVALO", 8 - 2), [1, 0]);
}

#[test]
fn termo_mobilidade_e_uma_tabela() {
    // Mesmos pesos para as mesmas casas: dois cavalos com 8 casas valem duas
    // vezes a entrada 8; bispo, torre e dama caem cada um na sua entrada.
    let fen = "4k3/8/8/8/2NN4/8/8/4K3 w - -";
    assert_eq!(coef(fen, "MOB_CAVALO", 8), [2, 0]);
    // Bispo em a1 com o caminho livre até h8: 7 casas (a diagonal toda).
    assert_eq!(coef("k7/8/8/8/8/8/8/B3K3 w - -", "MOB_BISPO", 7), [1, 0]);
    // Torre em a1 com o rei em e1: 7 casas na coluna e 3 na fileira.
    assert_eq!(coef("7k/8/8/8/8/8/8/R3K3 w - -", "MOB_TORRE", 10), [1, 0]);
    // Dama em d4 sozinha no centro: 27 casas.
    assert_eq!(coef("1k6/8/8/8/3Q4/8/8/7K w - -", "MOB_DAMA", 27), [1, 0]);
}

#[test]
fn termo_ameaca_de_avanco_de_peao() {
    // d3-d4 ataca o cavalo de c5; d4 não é atacada por nada preto.
    let fen = "4k3/8/8/2n5/8/3P4/8/4K3 w - -";
    assert_eq!(coef(fen, "AMEACA_AVANCO_PEAO", 0), [0, 1]);
    // Gêmea: um peão preto em e5 defende d4 (o avanço perde o peão).
    let gemea = "4k3/8/8/2n1p3/8/3P4/8/4K3 w - -";
    assert_eq!(coef(gemea, "AMEACA_AVANCO_PEAO", 0), [0, 0]);
    // Avanço duplo da fileira inicial: d2-d4 (d3, que o cavalo ataca, não
    // serve: ali o peão seria tomado de graça).
    let duplo = "4k3/8/8/2n5/8/8/3P4/4K3 w - -";
    assert_eq!(coef(duplo, "AMEACA_AVANCO_PEAO", 0), [0, 1]);
    // Peça já atacada por peão não conta de novo (é outra ameaça).
    let ja = "4k3/8/8/2n5/1P6/3P4/8/4K3 w - -";
    assert_eq!(coef(ja, "AMEACA_AVANCO_PEAO", 0), [0, 0]);
}

#[test]
fn termo_espaco() {
    // Brancas: c2..f4 são 12 casas, menos os peões de d4 e e4 = 10, e
    // d3, d2, e3, e2 (atrás dos peões) contam de novo: 14. Pretas: c5..f7,
    // menos c5, d5, e5, f5 (atacadas pelos peões brancos) = 8.
    let fen = "4k3/8/8/8/3PP3/8/8/4K3 w - -";
    assert_eq!(coef(fen, "ESPACO", 0), [14, 8]);
    // Gêmea: os peões nas alas não tomam nem dão espaço no centro.
    let alas = "4k3/8/8/8/P6P/8/8/4K3 w - -";
    assert_eq!(coef(alas, "ESPACO", 0), [12, 12]);
}

#[test]
fn termo_ataque_ao_rei() {
    // Dama em h5 e cavalo em g5 batendo nas casas em volta do rei em g8:
    // dama h5 → h7 e f7 (pela diagonal g6), cavalo g5 → f7 e h7. Unidades =
    // 2×5 + 2×2 = 14; 14² ÷ 16 = 12.
    let ataque = "6k1/5ppp/8/6NQ/8/8/5PPP/6K1 w - -";
    assert_eq!(coef(ataque, "ATAQUE_REI", 0), [12, 0]);
    // Gêmea: as mesmas peças longe do rei não atacam nada.
    let longe = "6k1/5ppp/8/8/8/Q7/N4PPP/6K1 w - -";
    assert_eq!(coef(longe, "ATAQUE_REI", 0), [0, 0]);
    // Sem dama não há ataque que conte, nem com duas peças na zona.
    let sem_dama = "6k1/5ppp/8/6NR/8/8/5PPP/6K1 w - -";
    assert_eq!(coef(sem_dama, "ATAQUE_REI", 0), [0, 0]);
    // E só uma peça atacando também não.
    let so_dama = "6k1/5ppp/8/7Q/8/8/N4PPP/6K1 w - -";
    assert_eq!(coef(so_dama, "ATAQUE_REI", 0), [0, 0]);
}

#[test]
fn termo_ameacas() {
    // Cavalo branco em d4 atacado pelo peão preto de e5; a gêmea tem o peão em
    // e6, que não ataca d4.
    let atacado = "4k3/8/8/4p3/3N4/8/8/4K3 w - -";
    let livre = "4k3/8/4p3/8/3N4/8/8/4K3 w - -";
    assert_eq!(coef(atacado, "PECA_ATACADA_POR_PEAO", 0), [1, 0]);
    assert_eq!(coef(livre, "PECA_ATACADA_POR_PEAO", 0), [0, 0]);
    // Torre preta em d8 atacada pelo bispo branco de g5 (g5-f6-e7-d8); na
    // gêmea um peão preto em e7 fecha a diagonal.
    let torre_atacada = "3r2k1/8/8/6B1/8/8/8/4K3 w - -";
    let torre_coberta = "3r2k1/4p3/8/6B1/8/8/8/4K3 w - -";
    assert_eq!(coef(torre_atacada, "MAIOR_ATACADA_POR_MENOR", 0), [0, 1]);
    assert_eq!(coef(torre_coberta, "MAIOR_ATACADA_POR_MENOR", 0), [0, 0]);
}

#[test]
fn termo_postos_avancados() {
    // Cavalo branco em d5 defendido por e4; os peões pretos de a7 e h7 nunca
    // chegam a c6 ou e6. Nas gêmeas: um peão preto em c7 (c6 ataca d5 depois),
    // o cavalo sem apoio, ou numa fileira que não conta (d3).
    let posto = "4k3/p6p/8/3N4/4P3/8/8/4K3 w - -";
    let expulsavel = "4k3/p1p4p/8/3N4/4P3/8/8/4K3 w - -";
    let sem_apoio = "4k3/p6p/8/3N4/8/4P3/8/4K3 w - -";
    let atras = "4k3/p6p/8/8/8/3N4/4P3/4K3 w - -";
    assert_eq!(coef(posto, "POSTO_CAVALO", 0), [1, 0]);
    assert_eq!(coef(expulsavel, "POSTO_CAVALO", 0), [0, 0]);
    assert_eq!(coef(sem_apoio, "POSTO_CAVALO", 0), [0, 0]);
    assert_eq!(coef(atras, "POSTO_CAVALO", 0), [0, 0]);
    // O peão preto da própria coluna (d7) não ataca d5: continua posto.
    assert_eq!(
        coef("4k3/3p4/8/3N4/4P3/8/8/4K3 w - -", "POSTO_CAVALO", 0),
        [1, 0]
    );
    // Do lado das pretas: bispo em e4 (a 5ª fileira delas) apoiado por d5.
    let bispo = "4k3/8/8/3p4/4b3/8/7P/4K3 w - -";
    assert_eq!(coef(bispo, "POSTO_BISPO", 0), [0, 1]);
    // Simetria: a posição espelhada vale o mesmo para o outro lado.
    assert_eq!(
        coef("4k3/7p/8/4B3/3P4/8/8/4K3 w - -", "POSTO_BISPO", 0),
        [1, 0]
    );
}

#[test]
fn termo_peca_pendurada() {
    // Cavalo preto em d5 atacado pela torre de d1 e sem defensor; na gêmea o
    // peão de e6 o defende. O rei também defende (c6) e ataca (o rei branco
    // em e4 sozinho já o pendura).
    let pendurado = "4k3/8/8/3n4/8/8/8/3RK3 w - -";
    let defendido = "4k3/8/4p3/3n4/8/8/8/3RK3 w - -";
    let pelo_rei = "8/8/2k5/3n4/8/8/8/3RK3 w - -";
    let rei_ataca = "4k3/8/8/3n4/4K3/8/8/8 w - -";
    assert_eq!(coef(pendurado, "PECA_PENDURADA", 0), [0, 1]);
    assert_eq!(coef(defendido, "PECA_PENDURADA", 0), [0, 0]);
    assert_eq!(coef(pelo_rei, "PECA_PENDURADA", 0), [0, 0]);
    assert_eq!(coef(rei_ataca, "PECA_PENDURADA", 0), [0, 1]);
    // Com um bispo preto em h5 (h5-g4-f3-e2-d1) e o rei branco em f1, longe
    // de d1, a torre branca também fica pendurada.
    let torre = "4k3/8/8/3n3b/8/8/8/3R1K2 w - -";
    assert_eq!(coef(torre, "PECA_PENDURADA", 0), [1, 1]);
}

#[test]
fn termo_cheques_seguros() {
    // Cavalo branco em d5 contra o rei em g8: das três casas de xeque (e7,
    // f6, h6) ele alcança e7 e f6, e nenhuma é defendida. Na gêmea, o peão
    // de g7 cobre f6 (e h6): sobra e7.
    assert_eq!(
        coef("6k1/8/8/3N4/8/8/8/4K3 w - -", "CHEQUE_SEGURO", 0),
        [2, 0]
    );
    assert_eq!(
        coef("6k1/6p1/8/3N4/8/8/8/4K3 w - -", "CHEQUE_SEGURO", 0),
        [1, 0]
    );
    // Torre em a1: xeques em a8 (pela 8ª) e g1 (pela coluna g).
    assert_eq!(
        coef("6k1/8/8/8/8/8/7K/R7 w - -", "CHEQUE_SEGURO", 2),
        [2, 0]
    );
    // A torre preta em c8 corta a 8ª (a8 deixa de ser xeque) e dá ela mesma
    // um xeque seguro em c2, na fileira do rei branco.
    assert_eq!(
        coef("2r3k1/8/8/8/8/8/7K/R7 w - -", "CHEQUE_SEGURO", 2),
        [1, 1]
    );
    // Dama em g6 contra o rei em g8: xeques em f7, g7, h7 (que o rei
    // defende: não contam), e6 e e8 (seguros). Na gêmea, o cavalo preto de
    // c7 cobre e6 e e8: nenhum xeque seguro.
    assert_eq!(
        coef("6k1/8/6Q1/8/8/8/8/4K3 b - -", "CHEQUE_SEGURO", 3),
        [2, 0]
    );
    assert_eq!(
        coef("6k1/2n5/6Q1/8/8/8/8/4K3 b - -", "CHEQUE_SEGURO", 3),
        [0, 0]
    );
}

#[test]
fn termos_da_rodada_4_casas_mal_defendidas() {
    // Peão branco em d4 atacado pela torre de d8: sem defensor, fraco; com a
    // torre de d1 atrás dele, defendido (uma contra uma); com o bispo de b6
    // também o atacando, duas contra uma: fraco de novo.
    let p = "PEAO_FRACO_ATACADO";
    assert_eq!(coef("3rk3/8/8/8/3P4/8/8/4K3 w - -", p, 0), [1, 0]);
    assert_eq!(coef("3rk3/8/8/8/3P4/8/8/3RK3 w - -", p, 0), [0, 0]);
    assert_eq!(coef("3rk3/8/1b6/8/3P4/8/8/3RK3 w - -", p, 0), [1, 0]);
    // Peão contra peão não conta (é da estrutura).
    assert_eq!(coef("4k3/8/8/4p3/3P4/8/8/4K3 w - -", p, 0), [0, 0]);
    // Cavalo branco em d4 na coluna da torre preta; o peão de e3 o defende.
    let m = "MENOR_ATACADA_POR_MAIOR";
    assert_eq!(coef("3rk3/8/8/8/3N4/8/8/4K3 w - -", m, 0), [1, 0]);
    assert_eq!(coef("3rk3/8/8/8/3N4/4P3/8/4K3 w - -", m, 0), [0, 0]);
    // O rei preto em d3 ataca o cavalo de e2; o rei branco em f1 o defende.
    let r = "PECA_ATACADA_PELO_REI";
    assert_eq!(coef("8/8/8/8/8/3k4/4N3/K7 w - -", r, 0), [1, 0]);
    assert_eq!(coef("8/8/8/8/8/3k4/4N3/5K2 w - -", r, 0), [0, 0]);
    // Sobrecarregada: atacada e defendida uma vez só, não por peão (a torre
    // de d1 defende o cavalo de d4); sem defensor ela é pendurada, não
    // sobrecarregada; defendida por peão, nenhuma das duas.
    let s = "PECA_SOBRECARREGADA";
    assert_eq!(coef("3rk3/8/8/8/3N4/8/8/3RK3 w - -", s, 0), [1, 0]);
    assert_eq!(coef("3rk3/8/8/8/3N4/8/8/4K3 w - -", s, 0), [0, 0]);
    assert_eq!(coef("3rk3/8/8/8/3N4/4P3/8/3RK3 w - -", s, 0), [0, 0]);
}

#[test]
fn termos_da_rodada_5() {
    // Cavalo em d3 alcança c5 e e5, postos defendidos pelo peão de d4; com
    // peões pretos em b7 e f7, que um dia os atacam, não há posto; o cavalo
    // que já está no posto não conta.
    let p = "POSTO_ALCANCAVEL";
    assert_eq!(coef("4k3/8/8/8/3P4/3N4/8/4K3 w - -", p, 0), [1, 0]);
    assert_eq!(coef("4k3/1p3p2/8/8/3P4/3N4/8/4K3 w - -", p, 0), [0, 0]);
    assert_eq!(coef("4k3/8/8/2N5/3P4/8/8/4K3 w - -", p, 0), [0, 0]);
    // Rei em g1 sem peão em e–h; o rei preto em e8 sem peão em c–f.
    let f = "REI_FLANCO_SEM_PEOES";
    assert_eq!(coef("4k3/8/8/8/8/8/P7/6K1 w - -", f, 0), [1, 1]);
    assert_eq!(coef("4k3/8/8/8/8/8/P6P/6K1 w - -", f, 0), [0, 1]);
    // Reis em d3 e d5 disputam c4, d4 e e4; o peão preto de e5 defende d4
    // e tira essa casa da conta das brancas.
    let r = "PECA_RESTRITA";
    assert_eq!(coef("8/p7/8/3k4/8/3K4/8/8 w - -", r, 0), [3, 3]);
    assert_eq!(coef("8/8/8/3kp3/8/3K4/8/8 w - -", r, 0), [2, 3]);
    // Peão branco na 5ª travado em e5; o preto de d4 é da 5ª dele.
    let b = "PEAO_BLOQUEADO";
    assert_eq!(coef("4k3/8/4p3/4P3/8/8/8/4K3 w - -", b, 0), [1, 0]);
    assert_eq!(coef("4k3/8/8/8/3p4/3P4/8/4K3 w - -", b, 0), [0, 1]);
    assert_eq!(coef("4k3/8/4p3/4P3/8/8/8/4K3 w - -", b, 1), [0, 0]);
    // Cavalo em a1, quatro casas do rei em e1.
    let pr = "PROTETOR_REI";
    assert_eq!(coef("4k3/8/8/8/8/8/8/N3K3 w - -", pr, 0), [4, 0]);
    // Passado na coluna a (distância 0 da borda).
    let c = "PASSADO_COLUNA";
    assert_eq!(coef("4k3/8/8/8/P7/8/8/4K3 w - -", c, 0), [1, 0]);
    assert_eq!(coef("4k3/8/8/8/P7/8/8/4K3 w - -", c, 3), [0, 0]);
    // Dama em d6: infiltrada; com o peão de c7, que a ataca, não.
    let d = "DAMA_INFILTRADA";
    assert_eq!(coef("4k3/8/3Q4/8/8/8/8/4K3 w - -", d, 0), [1, 0]);
    assert_eq!(coef("4k3/2p5/3Q4/8/8/8/8/4K3 w - -", d, 0), [0, 0]);
    // Torre em h1 presa pelo rei em f1 (conta dobrado: sem roque); com o
    // rei em e1 e o roque pequeno ainda possível, conta uma vez.
    let t = "TORRE_PRESA";
    assert_eq!(coef("4k3/8/8/8/8/8/6PP/5K1R w - -", t, 0), [2, 0]);
    assert_eq!(coef("4k3/8/8/8/8/8/6PP/4K2R w K -", t, 0), [1, 0]);
    assert_eq!(coef("4k3/8/8/8/8/8/8/4K2R w K -", t, 0), [0, 0]);
}

#[test]
fn termos_da_rodada_4_dama_e_bispo() {
    // A dama branca atacada por um cavalo (qualquer peça conta).
    let a = "DAMA_ATACADA";
    assert_eq!(coef("4k3/8/8/8/8/4n3/8/3QK3 w - -", a, 0), [1, 0]);
    assert_eq!(coef("4k3/8/8/8/8/8/4n3/3QK3 w - -", a, 0), [0, 0]);
    // Dama em d1, cavalo próprio em d4, torre preta em d8: cravada por
    // raio X. Sem o cavalo, ataque direto (não conta aqui); com duas peças
    // no meio, nada. Na diagonal, o bispo preto de a4 através do peão de c2.
    let c = "DAMA_CRAVADA";
    assert_eq!(coef("3rk3/8/8/8/3N4/8/8/3QK3 w - -", c, 0), [1, 0]);
    assert_eq!(coef("3rk3/8/8/8/8/8/8/3QK3 w - -", c, 0), [0, 0]);
    assert_eq!(coef("3rk3/8/3n4/8/3N4/8/8/3QK3 w - -", c, 0), [0, 0]);
    assert_eq!(coef("4k3/8/8/8/b7/8/2P5/3QK3 w - -", c, 0), [1, 0]);
    // Bispo branco em g2 vendo e4 e d5; um peão em e4 tapa a diagonal; o
    // bispo no próprio centro (e4) não conta.
    let d = "BISPO_DIAGONAL_LONGA";
    assert_eq!(coef("4k3/8/8/8/8/8/6B1/4K3 w - -", d, 0), [1, 0]);
    assert_eq!(coef("4k3/8/8/8/4p3/8/6B1/4K3 w - -", d, 0), [0, 0]);
    assert_eq!(coef("4k3/8/8/8/4B3/8/8/4K3 w - -", d, 0), [0, 0]);
    // Espelhada (o bispo preto em g7): do outro lado.
    assert_eq!(coef("4k3/6b1/8/8/8/8/8/4K3 w - -", d, 0), [0, 1]);
}

#[test]
fn termo_ameacas_de_pecas() {
    // Cavalo branco em d4 atacado pelo bispo de b6; na gêmea o peão de e3 o
    // defende.
    let atacado = "4k3/8/1b6/8/3N4/8/8/4K3 w - -";
    let defendido = "4k3/8/1b6/8/3N4/4P3/8/4K3 w - -";
    assert_eq!(coef(atacado, "MENOR_ATACADA_POR_MENOR", 0), [1, 0]);
    assert_eq!(coef(defendido, "MENOR_ATACADA_POR_MENOR", 0), [0, 0]);
    // Dama branca em d1 na coluna da torre preta de d8; o peão de d4 tapa.
    let dama = "3rk3/8/8/8/8/8/8/3QK3 w - -";
    let tapada = "3rk3/8/8/8/3P4/8/8/3QK3 w - -";
    assert_eq!(coef(dama, "DAMA_ATACADA_POR_TORRE", 0), [1, 0]);
    assert_eq!(coef(tapada, "DAMA_ATACADA_POR_TORRE", 0), [0, 0]);
}

#[test]
fn termo_pecas_menores() {
    // Bispo de casas escuras em c1 com peões em d2 e e3 (escuras) e a2
    // (clara): dois peões na cor do bispo.
    let bispo = "4k3/8/8/8/8/4P3/P2P4/2B1K3 w - -";
    assert_eq!(coef(bispo, "BISPO_PEOES_COR", 0), [2, 0]);
    // Cavalo branco em e3 atrás do peão de e4; bispo preto em d6 atrás do
    // peão branco de d5 (vale peão de qualquer cor).
    let atras = "4k3/8/3b4/3P4/4P3/4N3/8/4K3 w - -";
    assert_eq!(coef(atras, "MENOR_ATRAS_PEAO", 0), [1, 1]);
    // Cavalo na frente do peão, não atrás.
    assert_eq!(
        coef("4k3/8/8/8/4N3/4P3/8/4K3 w - -", "MENOR_ATRAS_PEAO", 0),
        [0, 0]
    );
}

#[test]
fn termo_rei_e_peoes() {
    // Rei branco em e1, peão branco em a2 (4 casas); rei preto em h1, a 7
    // casas do mesmo peão, e sem peões próprios (não conta).
    let fen = "8/8/8/8/8/8/P7/4K2k w - -";
    assert_eq!(coef(fen, "REI_DISTANCIA_PEAO_PROPRIO", 0), [4, 0]);
    assert_eq!(coef(fen, "REI_DISTANCIA_PEAO_INIMIGO", 0), [0, 7]);
}

#[test]
fn termo_tempo() {
    // Só quem tem a vez recebe o termo; a simetria de cores segue valendo
    // porque a posição espelhada também troca a vez.
    assert_eq!(coef("4k3/8/8/8/8/8/4P3/4K3 w - -", "TEMPO", 0), [1, 0]);
    assert_eq!(coef("4k3/8/8/8/8/8/4P3/4K3 b - -", "TEMPO", 0), [0, 1]);
}

#[test]
fn termo_material_e_peca_casa() {
    // Modo clássico: os valores e a Tabela 1 do artigo do ICE.
    let mut av = nova_avaliacao();
    av.classico = true;
    let peao = tab("4k3/8/8/8/8/8/P7/4K3 w - -");
    let mat = |t: &TTraco| {
        (
            t.categorias[CAT_MATERIAL][BRANCAS].mg - t.categorias[CAT_MATERIAL][NEGRAS].mg,
            t.categorias[CAT_MATERIAL][BRANCAS].eg - t.categorias[CAT_MATERIAL][NEGRAS].eg,
        )
    };
    assert_eq!(mat(&traco_eval(&peao, &mut av)), (100, 100));
    // Cavalo: Tabela 1 do artigo, d4 = 24, a1 = 5.
    let d4 = tab("4k3/8/8/8/3N4/8/8/4K3 w - -");
    let a1 = tab("4k3/8/8/8/8/8/8/N3K3 w - -");
    let pc = |t: &TTraco| t.categorias[CAT_PECA_CASA][BRANCAS];
    let dif = |av: &mut TAvaliacao| {
        let (x, y) = (pc(&traco_eval(&d4, av)), pc(&traco_eval(&a1, av)));
        (x.mg - y.mg, x.eg - y.eg)
    };
    assert_eq!(dif(&mut av), (24 - 5, 24 - 5));
    // Avaliação completa: as constantes afinadas, MATERIAL e PC_CAVALO
    // (d4 = casa 35, a1 = casa 56 na numeração a8 = 0).
    av.classico = false;
    let p = MATERIAL[PEAO as usize];
    assert_eq!(mat(&traco_eval(&peao, &mut av)), (p.mg, p.eg));
    let (d, a) = (PC_CAVALO[35], PC_CAVALO[56]);
    assert_eq!(dif(&mut av), (d.mg - a.mg, d.eg - a.eg));
}

// ---------------------------------------------------------------------------
// Os pesos do ICE 1.40 (`pesos_ice`, o nível IceBR). Os valores esperados
// saem das regras da v1.40 (folha de fatos, seção "Avaliação (v1.40)"),
// contados à mão em posições pequenas.
// ---------------------------------------------------------------------------

/// A avaliação do IceBR: busca clássica e os termos do ICE 1.40.
fn av_ice() -> TAvaliacao {
    let mut av = nova_avaliacao();
    av.classico = true;
    av.pesos_ice = true;
    av
}

/// Uma categoria do traço, [brancas, pretas], com os pesos do ICE. Os termos
/// do ICE não são afunilados: meio-jogo e final têm de ser iguais.
fn cat_ice_b(b: &TBoard, cat: usize) -> [i32; 2] {
    let t = traco_eval(b, &mut av_ice());
    let [w, p] = t.categorias[cat];
    assert_eq!((w.mg, p.mg), (w.eg, p.eg), "categoria {cat} afunilada");
    [w.mg, p.mg]
}

fn cat_ice(fen: &str, cat: usize) -> [i32; 2] {
    cat_ice_b(&tab(fen), cat)
}

fn ev_ice(fen: &str) -> i32 {
    eval(&tab(fen), &mut av_ice(), -INFINITO, INFINITO)
}

#[test]
fn pesos_ice_simetria_nas_suites() {
    // A posição espelhada (cores, vez e lados trocados) vale o mesmo para
    // quem joga; com e sem a busca clássica (a avaliação é a mesma).
    let mut pos = posicoes(include_str!("data/bk.epd"));
    assert_eq!(pos.len(), 24);
    pos.extend(posicoes(include_str!("data/wac.epd")));
    for classico in [true, false] {
        let mut av = av_ice();
        av.classico = classico;
        for fen in &pos {
            let v = eval(&tab(fen), &mut av, -INFINITO, INFINITO);
            let vm = eval(&tab(&espelha(fen)), &mut av, -INFINITO, INFINITO);
            assert_eq!(v, vm, "{fen} / {}", espelha(fen));
        }
    }
}

#[test]
fn pesos_ice_so_numeros_do_ice() {
    // Nenhum peso afinado entra (o traço não tem itens com nome) nem os
    // termos que o ICE não tinha; e não há escala de empate.
    let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ -";
    let t = traco_eval(&tab(fen), &mut av_ice());
    assert!(t.itens.is_empty(), "{:?}", t.itens.first());
    for cat in [
        CAT_DESEQUILIBRIO,
        CAT_TEMPESTADE,
        CAT_MOBILIDADE,
        CAT_TROPISMO,
        CAT_ATAQUE_REI,
        CAT_AMEACAS,
        CAT_POSTOS,
        CAT_MENORES,
        CAT_REI_PEOES,
        CAT_TEMPO,
        CAT_ESPACO,
    ] {
        assert_eq!(t.categorias[cat], [par(0, 0); 2], "categoria {cat}");
    }
    assert_eq!(t.escala, [16, 16]);
    // KNK: sem a escala, o cavalo a mais conta inteiro.
    assert!(ev_ice("8/8/4k3/8/8/2N5/8/4K3 w - -") > 250);
    // O traço e o caminho da busca dão o mesmo valor.
    let b = tab(fen);
    let v = eval(&b, &mut av_ice(), -INFINITO, INFINITO);
    assert_eq!(v, t.total_brancas);
}

#[test]
fn pesos_ice_avaliacao_inteira_de_krk() {
    // Torre a1 numa coluna aberta, só os reis além dela: material 500 +
    // peça-casa da torre em a1 (5) + coluna aberta (20 + 10). Os reis em e1
    // e e8 são espelhados e se cancelam em qualquer fase.
    assert_eq!(ev_ice("4k3/8/8/8/8/8/8/R3K3 w - -"), 535);
    assert_eq!(ev_ice("4k3/8/8/8/8/8/8/R3K3 b - -"), -535);
}

#[test]
fn pesos_ice_par_de_bispos() {
    assert_eq!(
        cat_ice("2b1kb2/8/8/8/8/8/8/4K3 w - -", CAT_PAR_BISPOS),
        [0, 20]
    );
    assert_eq!(
        cat_ice("2b1k3/8/8/8/8/8/8/4K3 w - -", CAT_PAR_BISPOS),
        [0, 0]
    );
}

#[test]
fn pesos_ice_final_de_peoes() {
    // Nenhum dos dois com peças: ±75 pelos peões a mais / a menos.
    let fen = "4k3/p7/8/8/8/8/PP6/4K3 w - -";
    assert_eq!(cat_ice(fen, CAT_FINAL_PEOES), [75, -75]);
    assert_eq!(
        cat_ice("4k3/p7/8/8/8/8/P7/4K3 w - -", CAT_FINAL_PEOES),
        [0, 0]
    );
    // A v1.40 só olha as peças do próprio lado: K+3P contra K+T+P ainda dá
    // +75 aos peões (e nada à torre); K+P contra K+T+3P, −75.
    let fen = "r3k3/p7/8/8/8/8/PPP5/4K3 w - -";
    assert_eq!(cat_ice(fen, CAT_FINAL_PEOES), [75, 0]);
    let fen = "r3k3/ppp5/8/8/8/8/P7/4K3 w - -";
    assert_eq!(cat_ice(fen, CAT_FINAL_PEOES), [-75, 0]);
}

#[test]
fn pesos_ice_torres() {
    // Coluna aberta: 20 + 10 = 30; semiaberta (peão inimigo): 20; com peão
    // próprio: nada.
    assert_eq!(cat_ice("4k3/8/8/8/8/8/8/R3K3 w - -", CAT_TORRES), [30, 0]);
    assert_eq!(cat_ice("4k3/p7/8/8/8/8/8/R3K3 w - -", CAT_TORRES), [20, 0]);
    assert_eq!(cat_ice("4k3/8/8/8/8/8/P7/R3K3 w - -", CAT_TORRES), [0, 0]);
    // Dobradas na aberta: uma vez por coluna, 20 + 5 + 10 = 35 (não 2 × 30).
    assert_eq!(cat_ice("4k3/8/8/8/8/8/R7/R3K3 w - -", CAT_TORRES), [35, 0]);
    // Dobradas na semiaberta: 25; duas colunas abertas: 2 × 30.
    assert_eq!(cat_ice("4k3/p7/8/8/8/8/R7/R3K3 w - -", CAT_TORRES), [25, 0]);
    assert_eq!(cat_ice("4k3/8/8/8/8/8/8/R3K2R w - -", CAT_TORRES), [60, 0]);
    // As pretas, espelhadas.
    assert_eq!(cat_ice("r3k3/8/8/8/8/8/P7/4K3 w - -", CAT_TORRES), [0, 20]);
}

#[test]
fn pesos_ice_rei() {
    // Rei g1, sem peão preto na g e a dama preta na mesa: −20; peão próprio
    // na g (+5) e na f (+5 pela vizinha), nada na h: −10. Sem a dama, +10.
    assert_eq!(cat_ice("3qk3/8/8/8/8/8/5PP1/6K1 w - -", CAT_REI), [-10, 0]);
    assert_eq!(cat_ice("4k3/8/8/8/8/8/5PP1/6K1 w - -", CAT_REI), [10, 0]);
    // Duas torres também contam como ataque; uma só, não.
    assert_eq!(cat_ice("r3k2r/8/8/8/8/8/8/4K3 w - -", CAT_REI), [-20, 0]);
    assert_eq!(cat_ice("r3k3/8/8/8/8/8/8/4K3 w - -", CAT_REI), [0, 0]);
    // O escudo não olha a fileira: peões na frente ou atrás valem 5 cada
    // coluna.
    assert_eq!(cat_ice("4k3/8/8/8/8/3PPP2/8/4K3 w - -", CAT_REI), [15, 0]);
    // Rei na coluna a: só a b é vizinha (o +5 espúrio da P6 não existe).
    assert_eq!(cat_ice("4k3/8/8/8/8/8/1P5P/K7 w - -", CAT_REI), [5, 0]);
    assert_eq!(cat_ice("4k3/8/8/8/8/8/P6P/K7 w - -", CAT_REI), [5, 0]);
}

#[test]
fn pesos_ice_peoes() {
    // a2, a3 sozinhos: dobrados na ala (−15), isolados (−15) sem peão
    // inimigo na coluna (−30): −60; "passado" na coluna a: +15.
    let fen = "4k3/8/8/8/8/P7/P7/4K3 w - -";
    assert_eq!(cat_ice(fen, CAT_ESTRUTURA), [-60, 0]);
    assert_eq!(cat_ice(fen, CAT_PASSADOS), [15, 0]);
    // d2, d3 contra d7: dobrados no centro (−10) e isolados (−15), sem o
    // −30 (há peão inimigo na coluna); o d7 preto, isolado: −15.
    let fen = "4k3/3p4/8/8/8/3P4/3P4/4K3 w - -";
    assert_eq!(cat_ice(fen, CAT_ESTRUTURA), [-25, -15]);
    assert_eq!(cat_ice(fen, CAT_PASSADOS), [0, 0]);
    // d2 e e2 se apoiam: nem isolados nem dobrados.
    assert_eq!(
        cat_ice("4k3/8/8/8/8/8/3PP3/4K3 w - -", CAT_ESTRUTURA),
        [0, 0]
    );
}

#[test]
fn pesos_ice_passado_rudimentar() {
    // e4 sem peão inimigo em d, e, f: +20 (qualquer fileira); a7 preto: a
    // coluna a dá +15.
    let fen = "4k3/p7/8/8/4P3/8/8/4K3 w - -";
    assert_eq!(cat_ice(fen, CAT_PASSADOS), [20, 15]);
    // Com um peão preto na coluna vizinha, não é passado.
    assert_eq!(
        cat_ice("4k3/3p4/8/8/4P3/8/8/4K3 w - -", CAT_PASSADOS),
        [0, 0]
    );
    // O peão na 2ª fileira conta igual ao da 6ª.
    assert_eq!(
        cat_ice("4k3/8/4P3/8/8/8/8/4K3 w - -", CAT_PASSADOS),
        [20, 0]
    );
    assert_eq!(
        cat_ice("4k3/8/8/8/8/8/4P3/4K3 w - -", CAT_PASSADOS),
        [20, 0]
    );
    // A peculiaridade da coluna a: o peão a2 é "passado" mesmo com o peão
    // preto em b7, porque a v1.40 olhava a coluna a de novo no lugar da b.
    // Na coluna h a vizinha g é olhada: h2 com o peão preto em g7 não é.
    assert_eq!(
        cat_ice("4k3/1p6/8/8/8/8/P7/4K3 w - -", CAT_PASSADOS),
        [15, 0]
    );
    assert_eq!(
        cat_ice("4k3/6p1/8/8/8/8/7P/4K3 w - -", CAT_PASSADOS),
        [0, 0]
    );
    assert_eq!(
        cat_ice("4k3/p7/8/8/8/8/7P/4K3 w - -", CAT_PASSADOS),
        [15, 15]
    );
    // Uma vez por coluna: e2 e e3 dobrados valem um +20 só.
    assert_eq!(
        cat_ice("4k3/8/8/8/8/4P3/4P3/4K3 w - -", CAT_PASSADOS),
        [20, 0]
    );
}

#[test]
fn pesos_ice_roque_pela_lista_de_lances() {
    // Brancas rocam na partida (a dama preta está na mesa): +50 no rei. A
    // mesma posição lida de um FEN não tem roque na lista, como o mskRoque
    // do ICE depois de setboard: a diferença é exatamente 50.
    let b = joga(&[
        "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "e1g1", "g8f6",
    ]);
    let fen = TBoard::para_fen(&b);
    let com = cat_ice_b(&b, CAT_REI);
    let sem = cat_ice(&fen, CAT_REI);
    assert_eq!(com[BRANCAS] - sem[BRANCAS], 50);
    assert_eq!(com[NEGRAS], sem[NEGRAS]);
    // Contra uma torre só (sem dama) o bônus não vale; contra a dama, sim.
    for (fen, bonus) in [
        ("r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQq -", 0),
        ("r2qk3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQq -", 50),
    ] {
        let mut b = tab(fen);
        for l in ["e1g1", "a8b8"] {
            let lance = acha_lance(&b, l).unwrap();
            b.make(&lance);
        }
        let sem = cat_ice(&TBoard::para_fen(&b), CAT_REI);
        assert_eq!(
            cat_ice_b(&b, CAT_REI)[BRANCAS] - sem[BRANCAS],
            bonus,
            "{fen}"
        );
    }
}

#[test]
fn pesos_ice_analise_de_abertura() {
    let ab = |l: &[&str]| cat_ice_b(&joga(l), CAT_ABERTURA);
    // e2 e e7: +15 cada; d1: −15 (dama cedo); b8, f1, g8: nada.
    assert_eq!(
        ab(&["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6"]),
        [0, 15]
    );
    // Cavalo saindo de f3 (fora das duas primeiras fileiras): −15; dama
    // saindo de d8: −15; rei sem roque: −15; peão de f7: −15.
    let l = [
        "e2e4", "e7e5", "g1f3", "b8c6", "f3g5", "d8g5", "e1e2", "f7f6",
    ];
    assert_eq!(ab(&l), [-15, -15]);
    // Roque: +15, e o lance do rei no roque não é punido.
    let roque = [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "e1g1", "g8f6",
    ];
    assert_eq!(ab(&roque), [30, 15]);
    // A marca de roque é uma só: depois do roque das brancas, o rei preto
    // anda sem pena; sem ele, −15.
    let mut l = roque;
    l[7] = "e8f8";
    assert_eq!(ab(&l), [30, 15]);
    l[6] = "h1g1";
    assert_eq!(ab(&l), [15, 0]);
    // Só até o lance 11: 19 meios-lances de cavalos indo e voltando ainda
    // contam (f3 e f6 fora das duas primeiras fileiras); com 20, nada.
    let vai_volta = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let l: Vec<&str> = vai_volta.iter().cycle().take(20).copied().collect();
    assert_eq!(ab(&l[..19]), [-75, -60]);
    assert_eq!(ab(&l), [0, 0]);
}

#[test]
fn pesos_ice_paridade_da_lista_depois_de_setboard() {
    // P5: a cor de cada lance é a paridade do índice. Montada a posição com
    // as pretas a jogar, o e7e5 (índice 0) conta como lance das brancas:
    // origem fora das fileiras 1–2 das brancas, −15 para elas (e nada do
    // +15 de e7 para as pretas).
    let mut b = tab("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -");
    let l = acha_lance(&b, "e7e5").unwrap();
    b.make(&l);
    assert_eq!(cat_ice_b(&b, CAT_ABERTURA), [-15, 0]);
    // Da posição inicial os índices batem com as cores.
    assert_eq!(cat_ice_b(&joga(&["e2e4", "e7e5"]), CAT_ABERTURA), [15, 15]);
    // O número do lance conta desde o começo da lista, como o do ICE (que
    // voltava a 1 no setboard): um FEN do lance 30 ainda abre com a análise.
    let mut b = tab("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 30");
    let l = acha_lance(&b, "d2d4").unwrap();
    b.make(&l);
    assert_eq!(cat_ice_b(&b, CAT_ABERTURA), [15, 0]);
}

/// Micro-benchmark: todas as posições da WAC, 10 000 vezes.
/// `cargo test --release -- avaliacao::velocidade_eval --ignored --nocapture`
#[test]
#[ignore]
fn velocidade_eval() {
    let pos: Vec<TBoard> = posicoes(include_str!("data/wac.epd"))
        .iter()
        .map(|f| tab(f))
        .collect();
    for modo in 0..3 {
        let mut av = nova_avaliacao();
        av.classico = modo == 1;
        av.so_material_pst = modo == 2;
        let n = 10_000;
        let inicio = Instant::now();
        let mut soma = 0i64;
        for _ in 0..n {
            for b in &pos {
                soma += eval(b, &mut av, -INFINITO, INFINITO) as i64;
            }
        }
        let s = inicio.elapsed().as_secs_f64();
        let total = (n * pos.len()) as f64;
        println!(
            "modo {}: {} evals em {:.2} s: {:.0} evals/s (soma {soma})",
            ["completo", "classico", "so material+pst"][modo],
            total,
            s,
            total / s
        );
    }
}

/// Mostra a tabela de termos de uma posição (FEN na variável ICE_FEN):
/// `ICE_FEN="..." cargo test --release -- avaliacao::mostra_tabela --ignored --nocapture`
#[test]
#[ignore]
fn mostra_tabela() {
    let fen = std::env::var("ICE_FEN").unwrap_or(ice::tabuleiro::FEN_INICIAL.to_string());
    println!("{fen}\n{}", tabela_eval(&tab(&fen)));
}

#[test]
fn caracteristicas_do_perigo_ao_rei() {
    // Na posição inicial ninguém ataca ninguém: só a constante (índice 12).
    let mut av = nova_avaliacao();
    let b = TBoard::de_fen(ice::tabuleiro::FEN_INICIAL).unwrap();
    let mut so_constante = [0; NUM_PERIGO];
    so_constante[12] = 1;
    assert_eq!(traco_eval(&b, &mut av).perigo, [so_constante; 2]);
    // Dama em h5 e cavalo em g5 contra o rei roque sem o peão h: a dama e
    // o cavalo atacam a zona do rei das pretas; a coluna h ficou sem escudo;
    // as pretas não têm dama (índice 11) e as brancas têm.
    let b = TBoard::de_fen("rnb2rk1/ppp2pp1/8/6NQ/8/8/PPP2PPP/RNB2RK1 w - - 0 1").unwrap();
    let t = traco_eval(&b, &mut av);
    let pretas = t.perigo[1];
    assert_eq!(pretas[..4], [1, 0, 0, 1], "{pretas:?}");
    assert!(pretas[4] >= 3 && pretas[5] >= 1, "{pretas:?}");
    assert_eq!(
        (pretas[10], pretas[11], pretas[12]),
        (1, 0, 1),
        "{pretas:?}"
    );
    assert_eq!(t.perigo[0][11], 1);
}

// ---------------------------------------------------------------------------
// A avaliação guardada na tabela de transposição (`eval_guardada`)
// ---------------------------------------------------------------------------

/// Janelas que ligam e desligam a avaliação preguiçosa (a margem é 300):
/// a inteira, estreitas em volta de zero e longe dele dos dois lados.
const JANELAS: [(i32, i32); 7] = [
    (-INFINITO, INFINITO),
    (-50, 50),
    (-1, 0),
    (-2000, -1999),
    (1999, 2000),
    (299, 300),
    (-301, -300),
];

/// Em todas as posições das suítes (depois da abertura), em cada modo, o
/// código que `eval_guardada` devolve numa janela, lido noutra, dá o mesmo
/// valor que a `eval` bit a bit (a preguiçosa guardada e lida numa janela
/// em que ela não vale, o completo lido numa em que a preguiçosa vale…).
#[test]
fn avaliacao_guardada_igual_a_eval() {
    let mut av = nova_avaliacao();
    let mut com_codigo = 0;
    for fen in todas_as_suites() {
        let mut b = tab(&fen);
        b.num_lance = LANCE_FIM_ABERTURA;
        for (classico, pesos_ice) in [(false, false), (true, false), (true, true)] {
            av.classico = classico;
            av.pesos_ice = pesos_ice;
            for &(a1, b1) in &JANELAS {
                let esperado = eval(&b, &mut av, a1, b1);
                let (v1, g1) = eval_guardada(&b, &mut av, a1, b1, ice::hash::AVAL_NENHUMA);
                assert_eq!(v1, esperado, "{fen} {a1} {b1}");
                // Com os pesos do ICE (o roque olha o histórico) nada se guarda.
                assert_eq!(g1 == ice::hash::AVAL_NENHUMA, pesos_ice, "{fen}");
                com_codigo += (g1 != 0) as usize;
                for &(a2, b2) in &JANELAS {
                    let (v2, g2) = eval_guardada(&b, &mut av, a2, b2, g1);
                    assert_eq!(v2, eval(&b, &mut av, a2, b2), "{fen} {a1} {b1} → {a2} {b2}");
                    // E o código que a segunda leitura deixa, de volta na primeira.
                    let (v3, _) = eval_guardada(&b, &mut av, a1, b1, g2);
                    assert_eq!(v3, esperado, "{fen} {a1} {b1} → {a2} {b2} → volta");
                }
            }
        }
    }
    assert!(com_codigo > 1000, "só {com_codigo} códigos");
}

/// O código é mesmo usado (a tabela é de confiança: o de outra posição dá o
/// valor daquela), mas só no modo em que foi gravado e, no clássico, fora
/// da abertura: lá a mesma posição por outro caminho vale outra coisa, e o
/// `num_lance` nem está na chave.
#[test]
fn avaliacao_guardada_so_no_seu_modo_e_fora_da_abertura() {
    let mut av = nova_avaliacao();
    let mut a = tab("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ -");
    let mut b = tab("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -");
    a.num_lance = 20;
    b.num_lance = 20;
    let (va, ga) = eval_guardada(&a, &mut av, -INFINITO, INFINITO, ice::hash::AVAL_NENHUMA);
    let vb = eval(&b, &mut av, -INFINITO, INFINITO);
    assert_ne!(va, vb);
    assert_eq!(eval_guardada(&b, &mut av, -INFINITO, INFINITO, ga).0, va);
    // Outro modo: o código do ICE-rs não vale no clássico, nem o contrário.
    av.classico = true;
    let vb_classico = eval(&b, &mut av, -INFINITO, INFINITO);
    assert_eq!(
        eval_guardada(&b, &mut av, -INFINITO, INFINITO, ga).0,
        vb_classico
    );
    let (va_classico, ga_classico) =
        eval_guardada(&a, &mut av, -INFINITO, INFINITO, ice::hash::AVAL_NENHUMA);
    assert_ne!(va_classico, vb_classico);
    assert_eq!(
        eval_guardada(&b, &mut av, -INFINITO, INFINITO, ga_classico).0,
        va_classico
    );
    av.classico = false;
    assert_eq!(
        eval_guardada(&b, &mut av, -INFINITO, INFINITO, ga_classico).0,
        vb
    );

    // Na abertura: depois de 1.Cf3 Cf6 2.Cg1 a posição tem a mesma chave da
    // lida do FEN, sem lances jogados. No ICE-rs a avaliação é só da
    // posição: as duas valem o mesmo, e o código de uma serve à outra.
    let inicio = tab("rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 2 2");
    let volta = joga(&["g1f3", "g8f6", "f3g1"]);
    assert_eq!(inicio.chave_hash, volta.chave_hash);
    let (v_inicio, g) = eval_guardada(
        &inicio,
        &mut av,
        -INFINITO,
        INFINITO,
        ice::hash::AVAL_NENHUMA,
    );
    assert_ne!(g, ice::hash::AVAL_NENHUMA);
    assert_eq!(eval(&volta, &mut av, -INFINITO, INFINITO), v_inicio);
    assert_eq!(
        eval_guardada(&volta, &mut av, -INFINITO, INFINITO, g),
        (v_inicio, g)
    );
    // No clássico a análise de abertura do ICE lê os lances jogados: a
    // volta vale menos para as brancas, que mexeram o cavalo duas vezes. O
    // código da posição não vale ali, e o completo de lá não é gravado.
    av.classico = true;
    let v_inicio = eval(&inicio, &mut av, -INFINITO, INFINITO);
    let v_volta = eval(&volta, &mut av, -INFINITO, INFINITO);
    assert_ne!(v_inicio, v_volta);
    let mut depois = inicio.clone();
    depois.num_lance = LANCE_FIM_ABERTURA;
    let (_, g) = eval_guardada(
        &depois,
        &mut av,
        -INFINITO,
        INFINITO,
        ice::hash::AVAL_NENHUMA,
    );
    assert_ne!(g, ice::hash::AVAL_NENHUMA);
    assert_eq!(
        eval_guardada(&volta, &mut av, -INFINITO, INFINITO, g).0,
        v_volta
    );
    let (v, g) = eval_guardada(
        &volta,
        &mut av,
        -INFINITO,
        INFINITO,
        ice::hash::AVAL_NENHUMA,
    );
    assert_eq!((v, g), (v_volta, ice::hash::AVAL_NENHUMA));
}

/// O valor preguiçoso não olha os lances jogados (o passo 5 vem antes da
/// análise de abertura): ele se guarda e se lê também na abertura.
#[test]
fn avaliacao_preguicosa_guardada_na_abertura() {
    // Brancas com uma dama a mais, no lance 1.
    let b = tab("r3k2r/ppp2ppp/2n5/8/8/2N5/PPP2PPP/R2QK2R w KQkq -");
    assert!(b.num_lance < LANCE_FIM_ABERTURA);
    let mut av = nova_avaliacao();
    let (v, g) = eval_guardada(&b, &mut av, -50, 50, ice::hash::AVAL_NENHUMA);
    assert_eq!(v, eval(&b, &mut av, -50, 50));
    assert_ne!(g, ice::hash::AVAL_NENHUMA);
    assert_ne!(v, eval(&b, &mut av, -INFINITO, INFINITO));
    for &(a2, b2) in &JANELAS {
        assert_eq!(
            eval_guardada(&b, &mut av, a2, b2, g).0,
            eval(&b, &mut av, a2, b2),
            "{a2} {b2}"
        );
    }
}

/// Peões ligados (defendidos por peão ou em falange, pela casa), candidatos
/// a passado (pela fileira) e defensores na zona do rei: fora do clássico,
/// e cada cor conta os seus.
#[test]
fn termo_ligados_candidatos_e_defensores() {
    // c3 defende d4, e d4–e4 são falange: d4 e e4 ligados (4ª fileira,
    // coluna espelhada d: índice 4 × 4 + 3); c3 sozinho não.
    let cadeia = "4k3/8/8/8/3PP3/2P5/8/4K3 w - -";
    assert_eq!(coef(cadeia, "PEAO_LIGADO", 19), [2, 0]);
    assert_eq!(coef(cadeia, "PEAO_LIGADO", 14), [0, 0]);
    assert_eq!(coef_no_modo(&tab(cadeia), true, "PEAO_LIGADO", 19), [0, 0]);
    // b2 (com a2 ao lado) contra a7: um parador, um apoio, coluna livre à
    // frente: candidato da 2ª fileira. a2 e a7 se bloqueiam: nenhum dos dois.
    let candidato = "4k3/p7/8/8/8/8/PP6/4K3 w - -";
    assert_eq!(coef(candidato, "PEAO_CANDIDATO", 2), [1, 0]);
    assert_eq!(coef(candidato, "PEAO_CANDIDATO", 7), [0, 0]);
    // Sem o apoio de a2, b2 contra a7 e c7 (dois paradores) não é candidato.
    assert_eq!(
        coef("4k3/p1p5/8/8/8/8/1P6/4K3 w - -", "PEAO_CANDIDATO", 2),
        [0, 0]
    );
    // Rei em g1 com f2, g2, h2 e o cavalo em f1: quatro defensores; o rei
    // preto sozinho, nenhum.
    let roque = "4k3/8/8/8/8/8/5PPP/5NK1 w - -";
    assert_eq!(coef(roque, "REI_DEFENSORES", 4), [1, 0]);
    assert_eq!(coef(roque, "REI_DEFENSORES", 0), [0, 1]);
}

#[test]
fn caracteristicas_da_complexidade() {
    let cx = |fen: &str| traco_eval(&tab(fen), &mut nova_avaliacao()).complexidade;
    // Total de peões, duas alas, final de peões, passados, constante.
    assert_eq!(cx(ice::tabuleiro::FEN_INICIAL), [16, 1, 0, 0, 1]);
    // d5 e f2: um em cada ala, os dois passados, só peões e reis.
    assert_eq!(cx("8/5k2/8/3p4/8/8/5PK1/8 w - -"), [2, 1, 1, 2, 1]);
    // Peões só na ala do rei (colunas e a h) e uma torre: nem duas alas
    // nem final de peões; nenhum passado (o g6 preto tem o h4 e o f2
    // brancos à frente, e cada um deles tem o g6 à frente).
    assert_eq!(cx("8/8/6pk/8/7P/8/5P2/4R1K1 w - -"), [3, 0, 0, 0, 1]);
    // Sem peões: só a constante.
    assert_eq!(cx("1k6/4R3/8/4K3/1r6/8/8/8 w - -"), [0, 0, 0, 0, 1]);
    // O clássico não tem o termo: nada no traço nem na categoria.
    let mut av = nova_avaliacao();
    av.classico = true;
    let t = traco_eval(&tab("8/5k2/8/3p4/8/8/5PK1/8 w - -"), &mut av);
    assert_eq!(t.complexidade, [0; NUM_COMPLEXIDADE]);
    assert_eq!(t.categorias[CAT_COMPLEXIDADE], [par(0, 0); 2]);
}

#[test]
fn complexidade_nao_depende_da_cor() {
    // As características são as mesmas na posição espelhada, e o ajuste
    // (com os pesos de agora) troca de sinal com ela.
    let mut av = nova_avaliacao();
    for fen in todas_as_suites() {
        let t = traco_eval(&tab(&fen), &mut av);
        let m = traco_eval(&tab(&espelha(&fen)), &mut av);
        assert_eq!(t.complexidade, m.complexidade, "{fen}");
        assert_eq!(t.ajuste_complexidade, -m.ajuste_complexidade, "{fen}");
        assert_eq!(t.complexidade[NUM_COMPLEXIDADE - 1], 1, "{fen}");
    }
}
