//! Testes do leitor Syzygy: WDL e DTZ de posições de cada um dos 35 finais
//! de 3 e 4 peças contra o python-chess (tests/data/syzygy_esperado.txt,
//! gerado por tests/python/syzygy_referencia.py), a saída do `ice tb` na
//! vitória mais longa de KPvK e arquivos ruins (truncado, zerado, bytes ao
//! acaso, assinatura errada, diretório inexistente): diagnóstico, sem panic.

use ice::syzygy::*;
use ice::tabuleiro::TBoard;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

const DIR_TB: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");
const ESPERADO: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/syzygy_esperado.txt"
);

/// Uma linha `FEN;wdl;dtz` da referência.
type TEsperado = (String, i32, i32);
/// Como estragar uma cópia do arquivo.
type TEstrago = Box<dyn Fn(&mut Vec<u8>)>;

/// As linhas `FEN;wdl;dtz` do arquivo de referência (e a da KPvK, à parte).
fn esperado() -> (Vec<TEsperado>, TEsperado) {
    let texto = std::fs::read_to_string(ESPERADO).unwrap();
    let le = |l: &str| {
        let c: Vec<&str> = l.split(';').collect();
        (
            c[0].to_string(),
            c[1].parse().unwrap(),
            c[2].parse().unwrap(),
        )
    };
    let mut v = Vec::new();
    let mut kpvk = None;
    for l in texto.lines() {
        if let Some(r) = l.strip_prefix("# kpvk-mais-longa ") {
            kpvk = Some(le(r));
        } else if !l.starts_with('#') && !l.is_empty() {
            v.push(le(l));
        }
    }
    (v, kpvk.unwrap())
}

/// Nome do final (material das brancas, 'v', das pretas) de um FEN.
fn material(fen: &str) -> String {
    let mut w: Vec<char> = Vec::new();
    let mut b: Vec<char> = Vec::new();
    for c in fen
        .split(' ')
        .next()
        .unwrap()
        .chars()
        .filter(|c| c.is_alphabetic())
    {
        if c.is_uppercase() {
            w.push(c)
        } else {
            b.push(c.to_ascii_uppercase())
        }
    }
    let ordem = |c: &char| "KQRBNP".find(*c).unwrap();
    w.sort_by_key(ordem);
    b.sort_by_key(ordem);
    // O lado "mais forte" primeiro, como nos nomes dos arquivos: mais peças,
    // e no empate as peças de mais valor (ordem KQRBNP).
    let iw: Vec<usize> = w.iter().map(ordem).collect();
    let ib: Vec<usize> = b.iter().map(ordem).collect();
    let (w, b): (String, String) = (w.into_iter().collect(), b.into_iter().collect());
    if (w.len(), ib) < (b.len(), iw) {
        format!("{b}v{w}")
    } else {
        format!("{w}v{b}")
    }
}

#[test]
fn wdl_e_dtz_de_cada_tabela_como_o_python_chess() {
    let tb = abre_tabelas(DIR_TB).unwrap();
    assert_eq!(tb.num_finais(), 35);
    assert_eq!(tb.max_pecas, 4);
    let (linhas, _) = esperado();
    let mut finais = HashSet::new();
    for (fen, wdl, dtz) in &linhas {
        let mut b = TBoard::de_fen(fen).unwrap();
        assert_eq!(sonda_wdl(&tb, &mut b), Some(*wdl), "WDL de {fen}");
        assert_eq!(sonda_dtz(&tb, &mut b), Some(*dtz), "DTZ de {fen}");
        assert_eq!(
            b.para_fen(),
            TBoard::de_fen(fen).unwrap().para_fen(),
            "a sonda mexeu no tabuleiro"
        );
        finais.insert(material(fen));
    }
    // Todo final do diretório apareceu (em alguma das cores).
    assert_eq!(finais.len(), 35, "{finais:?}");
    assert!(tb.diagnosticos().is_empty());
}

#[test]
fn arquivos_lidos_bloco_a_bloco_dao_o_mesmo() {
    // Com o limite 0 todo arquivo é "grande": só o cabeçalho fica na
    // memória e cada consulta lê o seu bloco do disco (o caminho dos
    // arquivos de 5 a 7 peças).
    let mut tb = abre_tabelas(DIR_TB).unwrap();
    tb.limite_inteiro = 0;
    let (linhas, _) = esperado();
    for (fen, wdl, dtz) in &linhas {
        let mut b = TBoard::de_fen(fen).unwrap();
        assert_eq!(sonda_wdl(&tb, &mut b), Some(*wdl), "WDL de {fen}");
        assert_eq!(sonda_dtz(&tb, &mut b), Some(*dtz), "DTZ de {fen}");
    }
    assert!(tb.diagnosticos().is_empty());
}

#[test]
fn posicoes_fora_das_tabelas() {
    let tb = abre_tabelas(DIR_TB).unwrap();
    // Com roque, com 5 peças e na posição inicial: nada.
    for fen in [
        "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
        "4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        let mut b = TBoard::de_fen(fen).unwrap();
        assert_eq!(sonda_wdl(&tb, &mut b), None, "{fen}");
        assert_eq!(sonda_dtz(&tb, &mut b), None, "{fen}");
    }
    // K contra K não tem arquivo, mas é empate.
    let mut b = TBoard::de_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(sonda_wdl(&tb, &mut b), Some(0));
}

#[test]
fn ice_tb_na_vitoria_mais_longa_de_kpvk() {
    let (_, (fen, wdl, dtz)) = esperado();
    // O python-chess acha DTZ 19 para a mais longa (não 20).
    assert_eq!((wdl, dtz), (2, 19));
    let out = Command::new(env!("CARGO_BIN_EXE_ice"))
        .args(["--syzygy", DIR_TB, "tb"])
        .args(fen.split(' '))
        .output()
        .unwrap();
    assert!(out.status.success());
    let s = String::from_utf8(out.stdout).unwrap();
    assert!(s.contains("wdl 2 (vitória)"), "{s}");
    assert!(s.contains(&format!("\ndtz {dtz}\n")), "{s}");
    // O melhor lance tem o mesmo DTZ, e depois dele o DTZ do outro lado é -(DTZ - 1).
    let melhor = s.lines().find_map(|l| l.strip_prefix("melhor ")).unwrap();
    assert!(melhor.ends_with(&format!("(dtz {dtz})")), "{s}");
    let lance = melhor.split(' ').next().unwrap();
    let linha = s
        .lines()
        .find(|l| l.starts_with(&format!("lance {lance} ")))
        .unwrap();
    assert!(
        linha.ends_with(&format!("wdl -2 dtz  -{}", dtz - 1)),
        "{linha}"
    );
    // Um lance listado por lance legal (K e P: 8 de rei no máximo + peão).
    let n = s.lines().filter(|l| l.starts_with("lance ")).count();
    assert!((2..=10).contains(&n), "{s}");
}

#[test]
fn ice_tb_em_lote() {
    let (linhas, _) = esperado();
    let entrada: String = linhas
        .iter()
        .take(50)
        .map(|(f, _, _)| format!("{f}\n"))
        .collect();
    let out = crate::motor::roda_com_entrada(&["--syzygy", DIR_TB, "tb", "--lote"], &entrada);
    let s = String::from_utf8(out.stdout).unwrap();
    let esperado: Vec<String> = linhas
        .iter()
        .take(50)
        .map(|(_, w, d)| format!("{w} {d}"))
        .collect();
    assert_eq!(s.lines().collect::<Vec<_>>(), esperado);
}

/// Um diretório temporário só deste teste.
fn dir_temporario(nome: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("ice-syzygy-{}-{nome}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Copia os arquivos de um final para `dir`, passando o WDL por `estraga`.
fn copia(dir: &Path, final_: &str, estraga: &dyn Fn(&mut Vec<u8>)) {
    for ext in ["rtbw", "rtbz"] {
        let mut bytes = std::fs::read(format!("{DIR_TB}/{final_}.{ext}")).unwrap();
        estraga(&mut bytes);
        std::fs::write(dir.join(format!("{final_}.{ext}")), bytes).unwrap();
    }
}

/// Bytes pseudo-aleatórios reprodutíveis (um LCG basta para estragar).
fn aleatorios(semente: u64, n: usize) -> Vec<u8> {
    let mut x = semente;
    (0..n)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) as u8
        })
        .collect()
}

#[test]
fn arquivos_ruins_dao_diagnostico_sem_panic() {
    let (linhas, _) = esperado();
    let casos: [(&str, TEstrago); 4] = [
        (
            "truncado",
            Box::new(|b: &mut Vec<u8>| b.truncate(b.len() / 2)),
        ),
        (
            "zerado",
            Box::new(|b: &mut Vec<u8>| b.iter_mut().for_each(|x| *x = 0)),
        ),
        ("assinatura", Box::new(|b: &mut Vec<u8>| b[0] ^= 0xFF)),
        ("curto", Box::new(|b: &mut Vec<u8>| b.truncate(3))),
    ];
    for final_ in ["KQvK", "KPvK", "KRvKP"] {
        let fens: Vec<&TEsperado> = linhas
            .iter()
            .filter(|(f, _, _)| material(f) == final_)
            .collect();
        assert!(!fens.is_empty());
        for (nome, estraga) in &casos {
            let dir = dir_temporario(&format!("{nome}-{final_}"));
            copia(&dir, final_, estraga.as_ref());
            // O diretório estragado vem primeiro: os outros finais (das
            // capturas) vêm do diretório bom.
            let tb =
                abre_tabelas(&format!("{}{SEPARADOR_CAMINHOS}{DIR_TB}", dir.display())).unwrap();
            for (fen, wdl, dtz) in &fens {
                // Sem a tabela, só sai valor quando uma captura decide (então
                // ele é o certo: o python-chess faz o mesmo).
                let mut b = TBoard::de_fen(fen).unwrap();
                let w = sonda_wdl(&tb, &mut b);
                assert!(w.is_none() || w == Some(*wdl), "{nome} {fen}");
                let d = sonda_dtz(&tb, &mut b);
                assert!(d.is_none() || d == Some(*dtz), "{nome} {fen}");
            }
            // Um diagnóstico só (do WDL: o DTZ nem chega a ser aberto sem ele),
            // com o nome do arquivo.
            let d = tb.diagnosticos();
            assert_eq!(d.len(), 1, "{nome}: {d:?}");
            assert!(d[0].contains(&format!("{final_}.rtbw")), "{nome}: {d:?}");
            assert!(tb.diagnosticos().is_empty());
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}

#[test]
fn bytes_ao_acaso_nao_derrubam() {
    // Bytes ao acaso a partir do byte 40 (e em outros lugares), nos dois
    // arquivos: o arquivo pode até parecer válido e dar valores errados, mas
    // nunca um panic; um `None` vem com diagnóstico (um por arquivo).
    let (linhas, _) = esperado();
    let mut falhas = 0;
    for (i, final_) in ["KQvK", "KPvK", "KRvKP", "KBNvK", "KPvKP", "KQvKR"]
        .iter()
        .enumerate()
    {
        for (j, inicio) in [40usize, 64, 200, 1000].iter().enumerate() {
            let dir = dir_temporario(&format!("acaso-{final_}-{inicio}"));
            let semente = (i * 10 + j) as u64;
            copia(&dir, final_, &|b: &mut Vec<u8>| {
                let fim = (inicio + 64).min(b.len());
                if *inicio < fim {
                    let r = aleatorios(semente, fim - inicio);
                    b[*inicio..fim].copy_from_slice(&r);
                }
            });
            let mut tb =
                abre_tabelas(&format!("{}{SEPARADOR_CAMINHOS}{DIR_TB}", dir.display())).unwrap();
            // Metade dos casos com os arquivos lidos bloco a bloco.
            if (i + j) % 2 == 1 {
                tb.limite_inteiro = 0;
            }
            let mut nones = 0;
            let mut n = 0;
            for (fen, _, _) in linhas.iter().filter(|(f, _, _)| material(f) == *final_) {
                n += 1;
                let mut b = TBoard::de_fen(fen).unwrap();
                let w = sonda_wdl(&tb, &mut b);
                let d = sonda_dtz(&tb, &mut b);
                nones += w.is_none() as usize + d.is_none() as usize;
            }
            assert!(n > 0, "{final_}");
            let diag = tb.diagnosticos();
            if nones > 0 {
                assert!(
                    !diag.is_empty() && diag.len() <= 2,
                    "{final_} {inicio}: {diag:?}"
                );
                falhas += 1;
            }
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
    // Quase sempre o estrago aparece (e foi dito); o que se exige é não
    // haver panic e cada None vir com a mensagem.
    assert!(falhas > 0);
}

#[test]
fn diretorio_inexistente() {
    let e = abre_tabelas("/nao/existe/ice-syzygy").err().unwrap();
    assert!(e.contains("/nao/existe/ice-syzygy"), "{e}");
    // Um bom e um ruim: abre, com o aviso do ruim nos diagnósticos.
    let tb = abre_tabelas(&format!(
        "/nao/existe/ice-syzygy{SEPARADOR_CAMINHOS}{DIR_TB}"
    ))
    .unwrap();
    assert_eq!(tb.num_finais(), 35);
    let d = tb.diagnosticos();
    assert_eq!(d.len(), 1, "{d:?}");
    // Pela linha de comando: mensagem e código 1.
    let out = Command::new(env!("CARGO_BIN_EXE_ice"))
        .args([
            "--syzygy",
            "/nao/existe/ice-syzygy",
            "tb",
            "8/8/8/8/8/8/8/K1k5 w - - 0 1",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no Syzygy tables"));
}

/// Uma busca de profundidade fixa com as tabelas de `tb`.
fn pensa_com_tabelas(
    b: &mut TBoard,
    tb: &std::sync::Arc<TTabelas>,
    prof: u32,
) -> ice::estado::TResultado {
    let mut bu = ice::estado::nova_busca(16);
    bu.pedido.tabelas = Some(tb.clone());
    bu.pedido.tb_pecas = tb.max_pecas;
    ice::busca::busca(
        b,
        &mut bu,
        &ice::tempo::TLimites {
            profundidade: prof,
            ..Default::default()
        },
    )
}

#[test]
fn busca_converte_a_kpvk_mais_longa() {
    // Da vitória mais longa de KPvK: as brancas (a busca, profundidade 5)
    // jogam, as pretas respondem com a defesa mais longa das tabelas. A
    // vitória nunca escapa, e o peão anda (zera o contador) em no máximo
    // DTZ plies.
    let (_, (fen, _, dtz)) = esperado();
    let tb = std::sync::Arc::new(abre_tabelas(DIR_TB).unwrap());
    let mut b = TBoard::de_fen(&fen).unwrap();
    let mut plies = 0;
    loop {
        let r = pensa_com_tabelas(&mut b, &tb, 5);
        assert!(
            r.escore >= VITORIA_TB - 1,
            "escore {} em {}",
            r.escore,
            b.para_fen()
        );
        let zera = r.lance.peca == ice::tipos::PEAO || r.lance.eh_captura();
        b.make(&r.lance);
        plies += 1;
        assert_eq!(
            sonda_wdl(&tb, &mut b),
            Some(-2),
            "a vitória escapou: {}",
            b.para_fen()
        );
        if zera {
            break;
        }
        let defesa = ordena_raiz(&tb, &mut b, true).unwrap()[0].lance;
        b.make(&defesa);
        plies += 1;
        assert!(plies <= dtz, "{plies} plies sem zerar: {}", b.para_fen());
    }
    assert!(plies <= dtz, "{plies} plies");
}

#[test]
fn busca_usa_as_tabelas_depois_de_uma_captura() {
    // 5 peças (fora das tabelas de 3-4): Txc4 leva a KRPvK, vitória das
    // tabelas, que a busca vê logo abaixo dos mates.
    let tb = std::sync::Arc::new(abre_tabelas(DIR_TB).unwrap());
    let mut b = TBoard::de_fen("8/8/3k4/8/2r5/8/1P6/1KR5 w - - 0 1").unwrap();
    let r = pensa_com_tabelas(&mut b, &tb, 6);
    assert_eq!(ice::lance::lance_para_texto(&r.lance), "c1c4");
    assert_eq!(r.escore, VITORIA_TB - 1);
    // Sem tabelas, o mesmo lance, mas com o escore da avaliação.
    let mut bu = ice::estado::nova_busca(16);
    let r = ice::busca::busca(
        &mut b,
        &mut bu,
        &ice::tempo::TLimites {
            profundidade: 6,
            ..Default::default()
        },
    );
    assert!(r.escore < 3000, "{}", r.escore);
}
