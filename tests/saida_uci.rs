//! A saída da busca "à letra" do UCI (issue 48): as falhas da janela de
//! aspiração saem como `score … lowerbound`/`upperbound` (e nunca no
//! xboard), e com `UCI_ShowWDL` toda linha com escore leva `wdl W D L` do
//! modelo de `wdl` (monótono no escore, simétrico, somando 1000).

use crate::motor;

use ice::busca::{busca, JANELA_ASPIRACAO};
use ice::estado::nova_busca;
use ice::lance::TLance;
use ice::pensamento::{linha_uci, linha_xboard, mostra_no_uci, mostra_no_xboard, MS_MELHORA_UCI};
use ice::relato::{TInfoBusca, TLinhaPensamento, TReacao, TRelator, TTipoLinha};
use ice::tabuleiro::TBoard;
use ice::tempo::TLimites;
use ice::tipos::{LIMIAR_MATE, MATE, VITORIA_TB};
use ice::wdl::{parametros_wdl, wdl, MATERIAL_MAXIMO, MATERIAL_MINIMO, MEIO_LANCES_MAXIMO, WDL_M};
use motor::*;
use std::sync::{Arc, Mutex};

/// Um relator que guarda todas as linhas de pensamento que a busca conta.
struct TGravador {
    linhas: Arc<Mutex<Vec<TLinhaPensamento>>>,
}

impl TRelator for TGravador {
    fn mostra(&self) -> bool {
        true
    }
    fn linha(&mut self, l: &TLinhaPensamento) {
        self.linhas.lock().unwrap().push(*l);
    }
    fn escolha(&mut self, _: &TLinhaPensamento) {}
    fn lance_atual(&mut self, _: i32, _: &TLance, _: usize, _: u64) {}
    fn aviso(&mut self, _: &str) {}
    fn consulta(&mut self, _: &TInfoBusca) -> TReacao {
        TReacao::Continua
    }
    fn ouve(&self) -> bool {
        false
    }
}

/// Todas as linhas de pensamento de uma busca de uma thread até `prof`.
fn linhas_da_busca(fen: &str, prof: u32) -> Vec<TLinhaPensamento> {
    let mut b = TBoard::de_fen(fen).unwrap();
    let mut bu = nova_busca(16);
    let linhas = Arc::new(Mutex::new(Vec::new()));
    bu.relator = Box::new(TGravador {
        linhas: linhas.clone(),
    });
    busca(
        &mut b,
        &mut bu,
        &TLimites {
            profundidade: prof,
            ..TLimites::default()
        },
    );
    let v = linhas.lock().unwrap().clone();
    v
}

/// Posições da WAC (002, 003, 004, 005, 007, 011, 018) para achar uma
/// pesquisa da raiz que falha fora da janela de aspiração a 8 plies. Qual
/// falha alto e qual falha baixo depende da avaliação e da busca de cada
/// dia (com os pesos do perigo ao rei a WAC.002 falha alto e a WAC.003
/// baixo; antes era o contrário; com o seletor em etapas nenhuma das cinco
/// primeiras falha baixo, e a WAC.011 e a WAC.018 falham); os testes pegam
/// a primeira que dá o que eles querem e, se nenhuma der, dizem o que viram.
const CANDIDATAS: [&str; 7] = [
    "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
    "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
    "5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1",
    "rnbqkb1r/pppp1ppp/8/4P3/6n1/7P/PPPNPPP1/R1BQKBNR b KQkq - 0 1",
    "r1b1kb1r/3q1ppp/pBp1pn2/8/Np3P2/5B2/PPP3PP/R2Q1RK1 w kq - 0 1",
    "R7/P4k2/8/8/8/8/r7/6K1 w - - 0 1",
];
const PROF_FALHA: u32 = 8;

/// As linhas da primeira candidata cuja primeira falha de uma iteração é
/// do `tipo` pedido, e essa falha.
fn busca_com_falha(tipo: TTipoLinha) -> (Vec<TLinhaPensamento>, TLinhaPensamento) {
    let mut vistas = Vec::new();
    for fen in CANDIDATAS {
        let v = linhas_da_busca(fen, PROF_FALHA);
        let achada = v.iter().enumerate().find(|(i, l)| {
            l.tipo == tipo
                && !v[..*i]
                    .iter()
                    .any(|x| eh_falha(x) && x.profundidade == l.profundidade)
        });
        if let Some((_, f)) = achada {
            let f = *f;
            return (v, f);
        }
        vistas.push(resumo(&v));
    }
    panic!("nenhuma candidata falhou com {tipo:?}: {vistas:?}");
}

fn eh_falha(l: &TLinhaPensamento) -> bool {
    matches!(l.tipo, TTipoLinha::FalhaAlta | TTipoLinha::FalhaBaixa)
}

/// O escore da linha do fim da iteração `prof`.
fn escore_da_iteracao(v: &[TLinhaPensamento], prof: i32) -> i32 {
    v.iter()
        .find(|l| l.tipo == TTipoLinha::Iteracao && l.profundidade == prof)
        .unwrap_or_else(|| panic!("sem a iteração {prof}"))
        .escore
}

fn resumo(v: &[TLinhaPensamento]) -> Vec<String> {
    v.iter()
        .map(|l| format!("{:?} {} {}", l.tipo, l.profundidade, l.escore))
        .collect()
}

#[test]
fn falha_alta_da_aspiracao_vira_lowerbound() {
    let (v, f) = busca_com_falha(TTipoLinha::FalhaAlta);
    let f = &f;
    // A primeira pesquisa de uma iteração tem a janela em volta do escore
    // anterior: falhar alto é passar de escore anterior + largura.
    let anterior = escore_da_iteracao(&v, f.profundidade - 1);
    assert!(
        f.escore >= anterior + JANELA_ASPIRACAO,
        "{} contra {anterior}",
        f.escore
    );
    // A PV é a do lance que passou de β (não vazia).
    assert!(f.pv.num_lances >= 1);
    let texto = linha_uci(f, false);
    assert!(
        texto.contains(&format!("score cp {} lowerbound nodes ", f.escore)),
        "{texto}"
    );
    assert!(
        !texto.contains("upperbound") && !texto.contains(" wdl "),
        "{texto}"
    );
    // Com o wdl, ele vem depois do limite (o limite fica colado ao escore,
    // como na especificação).
    let com_wdl = linha_uci(f, true);
    assert!(com_wdl.contains(" lowerbound wdl "), "{com_wdl}");
    // A iteração ainda termina, com uma linha exata (sem limite).
    let fim = v
        .iter()
        .find(|l| l.tipo == TTipoLinha::Iteracao && l.profundidade == f.profundidade)
        .expect("a iteração que falhou termina");
    let texto = linha_uci(fim, false);
    assert!(!texto.contains("bound"), "{texto}");
}

#[test]
fn falha_baixa_da_aspiracao_vira_upperbound() {
    let (v, f) = busca_com_falha(TTipoLinha::FalhaBaixa);
    let f = &f;
    let anterior = v
        .iter()
        .find(|l| l.tipo == TTipoLinha::Iteracao && l.profundidade == f.profundidade - 1)
        .unwrap();
    assert!(
        f.escore <= anterior.escore - JANELA_ASPIRACAO,
        "{} contra {}",
        f.escore,
        anterior.escore
    );
    // Nenhum lance passou de α: a PV mostrada é a da iteração anterior.
    assert!(f.pv.num_lances >= 1);
    assert_eq!(
        f.pv.lances[..f.pv.num_lances],
        anterior.pv.lances[..anterior.pv.num_lances]
    );
    let texto = linha_uci(f, false);
    assert!(
        texto.contains(&format!("score cp {} upperbound nodes ", f.escore)),
        "{texto}"
    );
}

#[test]
fn limites_so_nas_buscas_longas_do_uci_e_nunca_no_xboard() {
    let (v, mut f) = busca_com_falha(TTipoLinha::FalhaAlta);
    // O CECP não tem limite: a linha nunca sai no xboard.
    f.ms = 60_000;
    assert!(!mostra_no_xboard(&f), "{}", linha_xboard(&f));
    // No UCI, como as melhoras no meio da iteração: só depois de
    // `MS_MELHORA_UCI` e com uma linha só.
    f.ms = MS_MELHORA_UCI - 1;
    assert!(!mostra_no_uci(&f));
    f.ms = MS_MELHORA_UCI;
    assert!(mostra_no_uci(&f));
    f.linhas = 3;
    assert!(!mostra_no_uci(&f));
    // As linhas de fim de iteração continuam saindo sempre.
    let it = v.iter().find(|l| l.tipo == TTipoLinha::Iteracao).unwrap();
    assert!(mostra_no_uci(it) && mostra_no_xboard(it));
}

#[test]
fn modelo_wdl_monotono_simetrico_e_soma_mil() {
    // A logística larga da mistura é a minoria das partidas e é mais larga
    // de fato.
    let [w, k] = WDL_M;
    assert!((0.0..0.1).contains(&w) && k > 1.0, "mistura w {w}, k {k}");
    for h in [0, 10, 40, MEIO_LANCES_MAXIMO, 300] {
        for m in [0, MATERIAL_MINIMO, 24, 40, 58, 70, MATERIAL_MAXIMO, 100] {
            confere_wdl(m, h);
        }
    }
    // Mate achado (dar ou levar), em qualquer distância.
    assert_eq!(wdl(MATE - 1, 40, 0), (1000, 0, 0));
    assert_eq!(wdl(LIMIAR_MATE, 78, 90), (1000, 0, 0));
    assert_eq!(wdl(-(MATE - 2), 40, 0), (0, 0, 1000));
    // Vitória das tabelas (a qualquer ply da busca): provada, sem piso.
    assert_eq!(wdl(VITORIA_TB - 7, 20, 0), (1000, 0, 0));
    assert_eq!(wdl(-(VITORIA_TB - 90), 30, 60), (0, 0, 1000));
    // Com pouco material o escore 0 empata mais que com todo (os finais
    // empatam mais que as aberturas), e o mesmo com um escore pequeno.
    assert!(wdl(0, 20, 0).1 > wdl(0, 78, 0).1);
    assert!(wdl(30, 20, 0).1 > wdl(30, 78, 0).1);
    // Com o mesmo material e o mesmo escore, a posição parada há 30 lances
    // (60 meios-lances sem captura nem lance de peão) empata mais que a
    // recém-saída de uma troca, e vence menos: o que as partidas dizem.
    for (v, m) in [(0, 40), (50, 40), (150, 30), (400, 20), (100, 70)] {
        let (w0, d0, _) = wdl(v, m, 0);
        let (w60, d60, _) = wdl(v, m, 60);
        assert!(d60 > d0 && w60 <= w0, "{v} {m}: {w0} {d0} × {w60} {d60}");
    }
    // Acima de 100 meios-lances o contador satura (a regra já valeu).
    assert_eq!(wdl(80, 40, 100), wdl(80, 40, 250));
}

/// As propriedades do modelo num material e num contador da regra dos 50.
fn confere_wdl(m: i32, h: u16) {
    let (a, b, z, e) = parametros_wdl(m, h);
    // a > 0: o escore 0 não é vitória provável; b > 0: mais escore, mais
    // vitória; z > 0: o escore 0 empata de verdade; o piso do empate, bem
    // longe do 0 (as vitórias que não se convertem), entre 0 e 1: pequeno
    // logo depois de uma captura, perto de metade com a regra dos 50 vencida.
    assert!(
        a > 0.0 && b > 0.0 && z > 0.0 && (0.0..1.0).contains(&e),
        "material {m}, {h} meios-lances: a {a}, b {b}, z {z}, e {e}"
    );
    // Bem longe do 0 só sobra o piso: nenhuma chance do outro lado.
    let topo = (1000.0 * (1.0 - e)).round() as i32;
    let mut anterior = wdl(-3000, m, h);
    assert!(
        anterior.0 == 0 && (anterior.2 - topo).abs() <= 1,
        "material {m}, {h}: {anterior:?}"
    );
    for v in -2999..=3000 {
        let (w, d, l) = wdl(v, m, h);
        assert_eq!(w + d + l, 1000, "{v} {m} {h}");
        assert!(w >= 0 && d >= 0 && l >= 0, "{v} {m} {h}: {w} {d} {l}");
        // Monótono de cada lado do 0 (o 0 tem o termo dele: o salto de −1 a
        // 0 e de 0 a 1 é o empate visto, conferido abaixo).
        if v != 0 && v != 1 {
            assert!(
                w >= anterior.0 && l <= anterior.2,
                "não monótono em {v} (material {m}, {h}): {anterior:?} → {:?}",
                (w, d, l)
            );
        }
        // wdl(−v) é wdl(v) com vitória e derrota trocadas.
        assert_eq!(wdl(-v, m, h), (l, d, w), "{v} {m} {h}");
        anterior = (w, d, l);
    }
    let (w, _, l) = wdl(3000, m, h);
    assert!(
        l == 0 && (w - topo).abs() <= 1,
        "material {m}, {h}: {w} {l}"
    );
    // Escore 0: tanto vitória quanto derrota, e empate de verdade; até o
    // material de referência (onde estão quase todos os escores 0 das
    // partidas), ao menos tanto quanto o de ±1: o 0 exato é quase sempre um
    // empate que a busca já viu. Com todo o material o 0 é raro e o termo
    // fica com os dados.
    let (w, d, l) = wdl(0, m, h);
    assert!(w == l && d > 0, "{m} {h}: {w} {d} {l}");
    if m <= 58 {
        let um = wdl(1, m, h);
        assert!(d >= um.1, "{m} {h}: {:?} {um:?}", (w, d, l));
    }
}

/// O material de um FEN, como o modelo o conta.
fn material_do_fen(fen: &str) -> i32 {
    fen.split(' ')
        .next()
        .unwrap()
        .chars()
        .map(|c| match c.to_ascii_lowercase() {
            'p' => 1,
            'n' | 'b' => 3,
            'r' => 5,
            'q' => 9,
            _ => 0,
        })
        .sum()
}

/// O `wdl W D L` de uma linha `info`, se houver.
fn wdl_da_linha(l: &str) -> Option<(i32, i32, i32)> {
    let t: Vec<&str> = l.split_whitespace().collect();
    let i = t.iter().position(|x| *x == "wdl")?;
    let n = |k: usize| t[i + k].parse::<i32>().unwrap();
    Some((n(1), n(2), n(3)))
}

/// O escore `cp N` de uma linha `info` (None com `mate`).
fn cp_da_linha(l: &str) -> Option<i32> {
    let t: Vec<&str> = l.split_whitespace().collect();
    let i = t.iter().position(|x| *x == "score")?;
    (t[i + 1] == "cp").then(|| t[i + 2].parse().unwrap())
}

/// Uma abertura (todo o material: 78).
const FEN_WDL: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

#[test]
fn uci_show_wdl_liga_e_desliga_o_wdl() {
    let mut m = abre_motor();
    envia(&mut m, "uci");
    let v = espera_linha(&mut m, "uciok");
    assert!(
        v.iter()
            .any(|l| l == "option name UCI_ShowWDL type check default false"),
        "{v:#?}"
    );
    let material = material_do_fen(FEN_WDL);
    let go = |m: &mut TMotor, fen: &str| {
        envia(m, &format!("position fen {fen}"));
        envia(m, "go depth 6");
        let v = espera(m, |l| l.starts_with("bestmove "), PRAZO);
        let info: Vec<String> = v.into_iter().filter(|l| l.contains(" score ")).collect();
        assert!(info.len() >= 6, "{info:#?}");
        info
    };
    // Desligada (o padrão): nenhuma linha tem `wdl`.
    for l in go(&mut m, FEN_WDL) {
        assert!(wdl_da_linha(&l).is_none(), "{l}");
    }
    // Ligada: todas têm, somando 1000, e é o modelo com o escore da linha.
    // O contador da regra dos 50 vem do FEN: 4 nele, e 60 na mesma posição
    // parada há 30 lances.
    envia(&mut m, "setoption name UCI_ShowWDL value true");
    let parada = FEN_WDL.replace(" - 4 4", " - 60 34");
    for (fen, h) in [(FEN_WDL, 4), (parada.as_str(), 60)] {
        for l in go(&mut m, fen) {
            let (w, d, p) = wdl_da_linha(&l).unwrap_or_else(|| panic!("sem wdl: {l}"));
            assert_eq!(w + d + p, 1000, "{l}");
            let cp = cp_da_linha(&l).expect("cp");
            assert_eq!((w, d, p), wdl(cp, material, h), "{l}");
            assert_ne!(wdl(cp, material, h), wdl(cp, material, 64 - h), "{l}");
            // Logo depois do escore, antes dos nós.
            assert!(
                l.contains(&format!("score cp {cp} wdl {w} {d} {p} nodes ")),
                "{l}"
            );
        }
    }
    // Mate em 1: 1000 0 0.
    envia(&mut m, "position fen 7k/8/5KQ1/8/8/8/8/8 w - - 0 1");
    envia(&mut m, "go depth 4");
    let v = espera(&mut m, |l| l.starts_with("bestmove "), PRAZO);
    let ultima = v.iter().rev().find(|l| l.contains(" score ")).unwrap();
    assert!(ultima.contains("score mate 1 wdl 1000 0 0 "), "{ultima}");
    // Valor ruim: diz e não muda; `false` desliga de novo (sem distinguir
    // maiúsculas no nome).
    envia(&mut m, "setoption name UCI_ShowWDL value talvez");
    envia(&mut m, "isready");
    let v = espera_linha(&mut m, "readyok");
    assert!(
        v.iter()
            .any(|l| l.starts_with("info string bad value for option UCI_ShowWDL")),
        "{v:#?}"
    );
    envia(&mut m, "setoption name uci_showwdl value false");
    for l in go(&mut m, FEN_WDL) {
        assert!(wdl_da_linha(&l).is_none(), "{l}");
    }
    envia(&mut m, "quit");
    assert!(espera_saida(&mut m, PRAZO));
}

#[test]
fn xboard_nao_tem_wdl() {
    let mut m = abre_motor();
    let v = handshake(&mut m);
    assert!(v.iter().all(|l| !l.contains("WDL")), "{v:#?}");
    envia(&mut m, "option UCI_ShowWDL=1");
    envia(&mut m, "new");
    envia(&mut m, "force");
    envia(&mut m, "post");
    envia(&mut m, "sd 5");
    envia(&mut m, "go");
    let (v, _) = espera_lance(&mut m);
    let pensamentos: Vec<&String> = v.iter().filter(|l| eh_pensamento(l)).collect();
    assert!(!pensamentos.is_empty(), "{v:#?}");
    assert!(v.iter().all(|l| !l.contains("wdl")), "{v:#?}");
    envia(&mut m, "quit");
    assert!(espera_saida(&mut m, PRAZO));
}
