//! A força limitada (`nivel`, `motor::pensa`): num conjunto fixo de
//! 50 posições da WAC com o melhor lance conhecido, o nível 1400 acha o
//! lance bem menos vezes que a força total (com o mesmo teto de nós para a
//! força total, para o teste não depender do relógio), todo lance é legal e
//! a mesma semente repete os mesmos lances.

use ice::epd::{lance_correto, le_arquivo_epd};
use ice::geracao::acha_lance;
use ice::lance::lance_para_texto;
use ice::motor::{busca, define_tabuleiro, novo_motor, pensa, tabuleiro, TMotor};
use ice::opcoes::TOpcoesMotor;
use ice::relato::TSilencioso;
use ice::tabuleiro::TBoard;
use ice::tempo::TLimites;

/// Nós da "força total" do teste: o bastante para a maioria destas táticas.
const NOS_FORCA_TOTAL: u64 = 30_000;

fn motor(elo: Option<i32>, semente: u64) -> TMotor {
    let op = TOpcoesMotor {
        hash_mb: Some(4),
        livro: false,
        limita_forca: elo.is_some(),
        elo: elo.unwrap_or(2000),
        semente_nivel: semente,
        ..TOpcoesMotor::default()
    };
    novo_motor(&op)
}

/// Os lances que o motor joga nas 50 primeiras posições da WAC, e quantos
/// são os esperados.
fn joga_wac(m: &mut TMotor) -> (Vec<String>, usize) {
    let texto = std::fs::read_to_string("tests/data/wac.epd").unwrap();
    let (posicoes, erros) = le_arquivo_epd(&texto);
    assert!(erros.is_empty());
    let mut lances = Vec::new();
    let mut certos = 0;
    for p in posicoes.iter().take(50) {
        define_tabuleiro(m, TBoard::de_fen(&p.fen).unwrap());
        let lim = TLimites {
            nos: NOS_FORCA_TOTAL,
            ..TLimites::default()
        };
        let r = pensa(m, lim, Box::new(TSilencioso));
        let texto = lance_para_texto(&r.lance);
        assert!(
            acha_lance(tabuleiro(m), &texto).is_some(),
            "{}: lance ilegal {texto}",
            p.fen
        );
        certos += lance_correto(p, &r.lance) as usize;
        lances.push(texto);
    }
    (lances, certos)
}

#[test]
fn nivel_baixo_acha_menos_o_melhor_lance_e_repete_com_a_semente() {
    let (_, total) = joga_wac(&mut motor(None, 1));
    let (lances_a, fraco) = joga_wac(&mut motor(Some(1400), 7));
    let (lances_b, _) = joga_wac(&mut motor(Some(1400), 7));
    assert!(
        total >= fraco + 10,
        "força total {total}/50, nível 1400 {fraco}/50"
    );
    assert_eq!(lances_a, lances_b, "a mesma semente deu outros lances");
    eprintln!("força total {total}/50, nível 1400 {fraco}/50");
}

/// O nível escolhe entre as linhas da raiz desta busca, nunca as de uma
/// busca anterior: depois de uma posição com muitos lances, uma com dois
/// lances legais (menos que as linhas do nível) e uma sem lance nenhum. O
/// python-chess achou este defeito numa partida inteira (o nível jogava um
/// lance das pretas com as brancas a jogar).
#[test]
fn nivel_nunca_usa_linhas_de_outra_posicao() {
    let mut m = motor(Some(1200), 3);
    let lim = TLimites {
        nos: 5000,
        ..TLimites::default()
    };
    for fen in [
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        // Rei em xeque com dois lances.
        "8/8/8/7k/P4Kr1/1p3N2/1B5p/8 w - - 2 60",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        // Mate: nenhum lance.
        "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
    ] {
        define_tabuleiro(&mut m, TBoard::de_fen(fen).unwrap());
        let r = pensa(&mut m, lim, Box::new(TSilencioso));
        let mut legais = ice::lance::TListaLances::nova();
        ice::geracao::gera_lista_lances(tabuleiro(&m), ice::tipos::GERA_TODOS, &mut legais);
        if legais.n == 0 {
            assert!(!r.lance.existe(), "{fen}: {}", lance_para_texto(&r.lance));
        } else {
            let texto = lance_para_texto(&r.lance);
            assert!(
                acha_lance(tabuleiro(&m), &texto).is_some(),
                "{fen}: lance ilegal {texto}"
            );
        }
    }
}

/// O nível joga com a busca com que foi calibrado (`MELHORIAS_DO_NIVEL`):
/// a árvore é a do build da calibração (`79995a1`, Bench 2334706 com a
/// avaliação de então; 2112216 com os pesos do perigo ao rei, 2285776 com a
/// rodada 2 da força III, 2115283 com a rodada 3, 2067566 com a rodada 4, 2153344 com os pesos
/// reafinados nas 2.5 M posições de 2026-11-30, 2106745 com a rodada 5 e 2111986 com os
/// pesos dela afinados em λ 0.25, `docs/forca.md`),
/// e um lance de nível devolve ao motor as melhorias que ele tinha.
#[test]
fn nivel_joga_com_a_busca_da_calibracao() {
    use ice::estado::{MELHORIAS_DO_NIVEL, NOMES_MELHORIAS, TODAS_MELHORIAS};
    let sem: Vec<&str> = NOMES_MELHORIAS
        .iter()
        .filter(|(_, bit)| MELHORIAS_DO_NIVEL & bit == 0)
        .map(|(nome, _)| *nome)
        .collect();
    let saida = std::process::Command::new(env!("CARGO_BIN_EXE_ice"))
        .args(["--sem", &sem.join(","), "bench"])
        .output()
        .unwrap();
    let texto = String::from_utf8_lossy(&saida.stdout);
    assert!(texto.contains("bench nodes=2111986 "), "{texto}");
    let mut m = motor(Some(1700), 1);
    let lim = TLimites {
        profundidade: 3,
        ..TLimites::default()
    };
    pensa(&mut m, lim, Box::new(TSilencioso));
    // O limite do nível vale só naquela busca: a configuração não muda.
    assert_eq!(busca(&m).melhorias, TODAS_MELHORIAS);
    assert_eq!(busca(&m).pedido.limite_melhorias, MELHORIAS_DO_NIVEL);
}
