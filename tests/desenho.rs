//! Testes das figuras do guia (`desenho.rs`, `ice desenha`): cada figura
//! marca exatamente as casas do bitboard que diz mostrar, o SVG é XML
//! bem-formado e sai igual, byte a byte, da mesma entrada.

use ice::ataques::ATAQUES_CAVALO;
use ice::desenho::*;
use ice::geracao::cravadas;
use ice::tabuleiro::TBoard;
use ice::tipos::*;
use std::process::Command;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// Cavalo e torre brancos cravados contra o rei em e1 (por Bb4 e Te8).
const CRAVADAS: &str = "4r1k1/8/8/8/1b6/8/3NR3/4K3 w - - 0 1";
/// Três peças brancas (Cg5, Bc4, Dh5) atacam a zona do rei preto em g8.
const ZONA: &str = "r1bq1rk1/pppp1ppp/2n2n2/2b1p1NQ/2B1P3/8/PPPP1PPP/RNB1K2R w KQ - 0 1";

/// As casas pintadas de azul (o atributo `data-casa` de cada `rect` marcado),
/// em ordem alfabética.
fn marcadas(svg: &str) -> Vec<String> {
    let mut v: Vec<String> = svg
        .lines()
        .filter(|l| l.contains("class=\"marcada\""))
        .map(|l| {
            let i = l.find("data-casa=\"").expect("marcada sem data-casa") + 11;
            l[i..i + 2].to_string()
        })
        .collect();
    v.sort();
    v
}

fn casas(nomes: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = nomes.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Confere que o texto é XML bem-formado no que o desenho usa: uma
/// declaração, elementos que abrem e fecham aninhados, atributos entre
/// aspas, `&` só em entidades conhecidas e um único elemento raiz.
fn xml_bem_formado(s: &str) -> Result<(), String> {
    let corpo = s
        .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .ok_or("sem a declaração XML")?;
    let mut pilha: Vec<String> = Vec::new();
    let mut raizes = 0;
    let mut resto = corpo;
    while let Some(i) = resto.find(['<', '&']) {
        let texto = &resto[..i];
        if pilha.is_empty() && !texto.trim().is_empty() {
            return Err(format!("texto fora da raiz: {texto:?}"));
        }
        resto = &resto[i..];
        if resto.starts_with('&') {
            let fim = resto.find(';').ok_or("& sem ;")?;
            if !["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].contains(&&resto[..=fim]) {
                return Err(format!("entidade desconhecida {}", &resto[..=fim]));
            }
            resto = &resto[fim + 1..];
            continue;
        }
        let fim = resto.find('>').ok_or("< sem >")?;
        let tag = &resto[1..fim];
        if tag.contains('<') {
            return Err(format!("< dentro de uma tag: {tag}"));
        }
        if let Some(nome) = tag.strip_prefix('/') {
            let aberto = pilha.pop().ok_or(format!("</{nome}> sem abertura"))?;
            if aberto != nome.trim() {
                return Err(format!("<{aberto}> fechado por </{nome}>"));
            }
        } else {
            let vazio = tag.ends_with('/');
            let tag = tag.trim_end_matches('/');
            let nome = tag.split_whitespace().next().ok_or("tag vazia")?;
            // Atributos: nome="valor", com as aspas em pares.
            let attrs = &tag[nome.len()..];
            if attrs.matches('"').count() % 2 != 0 {
                return Err(format!("aspas ímpares em <{tag}>"));
            }
            for par in attrs.split('"').step_by(2) {
                let par = par.trim();
                if !par.is_empty() && !par.ends_with('=') {
                    return Err(format!("atributo sem valor entre aspas em <{tag}>"));
                }
            }
            if pilha.is_empty() {
                raizes += 1;
            }
            if !vazio {
                pilha.push(nome.to_string());
            }
        }
        resto = &resto[fim + 1..];
    }
    if !resto.trim().is_empty() {
        return Err(format!("texto depois da raiz: {resto:?}"));
    }
    if !pilha.is_empty() {
        return Err(format!("não fechados: {pilha:?}"));
    }
    if raizes != 1 {
        return Err(format!("{raizes} elementos raiz"));
    }
    Ok(())
}

/// Roda `ice desenha …` e devolve o SVG (a saída padrão).
fn desenha(args: &[&str]) -> String {
    let s = Command::new(env!("CARGO_BIN_EXE_ice"))
        .arg("desenha")
        .args(args)
        .output()
        .expect("rodar o binário ice");
    assert!(
        s.status.success(),
        "ice desenha {args:?}: {}",
        String::from_utf8_lossy(&s.stderr)
    );
    String::from_utf8(s.stdout).expect("SVG em UTF-8")
}

#[test]
fn cavalo_em_g1_ataca_exatamente_e2_f3_h3() {
    let svg = desenha(&["cavalo", "g1"]);
    assert_eq!(marcadas(&svg), casas(&["e2", "f3", "h3"]));
    xml_bem_formado(&svg).unwrap();
    // O cavalo está em g1 (a origem) e o rodapé traz o bitboard da tabela.
    let g1 = casa_do_nome("g1").unwrap();
    assert!(svg.contains(&format!("0x{:016x}", ATAQUES_CAVALO[g1])));
    assert!(svg.contains("♞"));
    // Num canto, só duas casas.
    assert_eq!(marcadas(&desenha(&["cavalo", "a8"])), casas(&["b6", "c7"]));
}

#[test]
fn rei_em_e1_ataca_as_cinco_vizinhas() {
    let svg = desenha(&["rei", "e1"]);
    assert_eq!(marcadas(&svg), casas(&["d1", "f1", "d2", "e2", "f2"]));
}

#[test]
fn bitboards_do_tboard_por_peca_e_cor() {
    let b = TBoard::inicial();
    let f = figura_bitboard(&b, "peoes", Some(BRANCAS)).unwrap();
    let svg = svg(&f);
    assert_eq!(
        marcadas(&svg),
        casas(&["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"])
    );
    assert!(svg.contains("0x00ff000000000000: 8 casas"), "{svg}");
    // Os cavalos pretos, as ocupadas e as vazias da posição inicial.
    let f = figura_bitboard(&b, "cavalos", Some(NEGRAS)).unwrap();
    assert_eq!(marcadas(&ice::desenho::svg(&f)), casas(&["b8", "g8"]));
    assert_eq!(
        figura_bitboard(&b, "ocupadas", None).unwrap().marcadas,
        0xffff_0000_0000_ffff
    );
    assert_eq!(
        figura_bitboard(&b, "vazias", None).unwrap().marcadas,
        0x0000_ffff_ffff_0000
    );
    // Sem a cor, ou com um nome que não existe, é erro.
    assert!(figura_bitboard(&b, "torres", None).is_err());
    assert!(figura_bitboard(&b, "elefantes", Some(BRANCAS)).is_err());
    // Pela linha de comando, na Kiwipete: as damas brancas são só f3.
    let svg = desenha(&["bitboard", "damas", "brancas", KIWIPETE]);
    assert_eq!(marcadas(&svg), casas(&["f3"]));
}

#[test]
fn deslizante_para_no_primeiro_bloqueador() {
    // Torre branca em d4; peão branco em d6, peão preto em f4: o raio da
    // coluna para em d6 (incluída), o da fileira em f4 (incluída).
    let fen = "4k3/8/3P4/8/3R1p2/8/8/4K3 w - - 0 1";
    let b = TBoard::de_fen(fen).unwrap();
    let f = figura_deslizante(&b, casa_do_nome("d4").unwrap()).unwrap();
    let svg = svg(&f);
    assert_eq!(
        marcadas(&svg),
        casas(&["d5", "d6", "e4", "f4", "c4", "b4", "a4", "d3", "d2", "d1"])
    );
    // Os bloqueadores são o contorno: d6 e f4.
    assert_eq!(
        f.contorno,
        ice::bitboard::bit(casa_do_nome("d6").unwrap())
            | ice::bitboard::bit(casa_do_nome("f4").unwrap())
    );
    // Numa casa sem bispo, torre ou dama, é erro.
    assert!(figura_deslizante(&b, casa_do_nome("e1").unwrap()).is_err());
    assert_eq!(
        marcadas(&desenha(&["deslizante", "d4", fen])),
        marcadas(&svg)
    );
}

#[test]
fn cravadas_sao_as_do_gerador_com_os_atiradores() {
    let b = TBoard::de_fen(CRAVADAS).unwrap();
    let f = figura_cravadas(&b, BRANCAS, cravadas(&b, BRANCAS));
    assert_eq!(marcadas(&svg(&f)), casas(&["d2", "e2"]));
    // Os atiradores: o bispo em b4 e a torre em e8.
    assert_eq!(
        f.contorno,
        ice::bitboard::bit(casa_do_nome("b4").unwrap())
            | ice::bitboard::bit(casa_do_nome("e8").unwrap())
    );
    assert!(f
        .rodape
        .iter()
        .any(|l| l.starts_with("Cd2, cravada por Bb4")));
    assert_eq!(
        marcadas(&desenha(&["cravadas", "brancas", CRAVADAS])),
        casas(&["d2", "e2"])
    );
    // As pretas não têm nada cravado.
    assert!(marcadas(&desenha(&["cravadas", "pretas", CRAVADAS])).is_empty());
}

#[test]
fn zona_do_rei_e_os_atacantes_que_a_avaliacao_conta() {
    let b = TBoard::de_fen(ZONA).unwrap();
    let f = figura_zona_rei(&b, NEGRAS);
    assert_eq!(
        marcadas(&svg(&f)),
        casas(&["f8", "g8", "h8", "f7", "g7", "h7"])
    );
    // Cg5, Bc4 e Dh5 chegam à zona; o Cf6 preto não conta (é da cor do rei).
    assert_eq!(
        f.contorno,
        ice::bitboard::bit(casa_do_nome("g5").unwrap())
            | ice::bitboard::bit(casa_do_nome("c4").unwrap())
            | ice::bitboard::bit(casa_do_nome("h5").unwrap())
    );
    assert!(
        f.rodape[0].contains("3 atacantes das brancas"),
        "{:?}",
        f.rodape
    );
    assert_eq!(
        f.marcadas,
        ice::ataques::zona_rei(casa_do_nome("g8").unwrap())
    );
}

#[test]
fn atacantes_de_uma_casa_das_duas_cores() {
    // d5 na Kiwipete, a troca que a SEE calcula: o peão branco lá é
    // atacado por Pe6, Cb6 e Cf6 e defendido por Pe4 e Cc3.
    let b = TBoard::de_fen(KIWIPETE).unwrap();
    let d5 = casa_do_nome("d5").unwrap();
    let f = figura_atacantes(&b, d5);
    assert_eq!(f.marcadas, b.todos_atacantes(d5, b.ocupadas()));
    assert_eq!(marcadas(&svg(&f)), casas(&["e4", "c3", "e6", "b6", "f6"]));
    assert!(
        f.rodape.contains(&"brancas: Pe4, Cc3".to_string()),
        "{:?}",
        f.rodape
    );
    assert!(
        f.rodape.contains(&"pretas: Pe6, Cb6, Cf6".to_string()),
        "{:?}",
        f.rodape
    );
}

#[test]
fn mesma_entrada_mesmos_bytes() {
    for args in [
        vec!["cavalo", "g1"],
        vec!["bitboard", "peoes", "brancas", KIWIPETE],
        vec!["zona-rei", "pretas", ZONA],
        vec!["pst", "cavalo"],
        vec!["posicao", KIWIPETE],
    ] {
        let a = desenha(&args);
        let b = desenha(&args);
        assert_eq!(a, b, "{args:?}");
        xml_bem_formado(&a).unwrap_or_else(|e| panic!("{args:?}: {e}"));
    }
    // Entradas diferentes, figuras diferentes.
    assert_ne!(desenha(&["cavalo", "g1"]), desenha(&["cavalo", "b1"]));
}

#[test]
fn titulo_escapado_e_erros_de_uso() {
    let svg = desenha(&["casas", "e4,d5", "--titulo", "a < b & \"c\""]);
    assert!(svg.contains("a &lt; b &amp; &quot;c&quot;"));
    xml_bem_formado(&svg).unwrap();
    assert_eq!(marcadas(&svg), casas(&["d5", "e4"]));
    for ruim in [
        vec!["cavalo", "z9"],
        vec!["bitboard", "elefantes", "brancas"],
        vec!["deslizante", "e1"],
        vec!["voador"],
        vec![],
    ] {
        let s = Command::new(env!("CARGO_BIN_EXE_ice"))
            .arg("desenha")
            .args(&ruim)
            .output()
            .unwrap();
        assert!(!s.status.success(), "{ruim:?} devia falhar");
        assert!(s.stdout.is_empty(), "{ruim:?}: nada na saída padrão");
    }
}

#[test]
fn o_verificador_de_xml_pega_erros() {
    // O verificador do teste precisa pegar o que diz pegar.
    let decl = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    assert!(xml_bem_formado(&format!("{decl}<svg><g></svg>")).is_err());
    assert!(xml_bem_formado(&format!("{decl}<svg>a & b</svg>")).is_err());
    assert!(xml_bem_formado(&format!("{decl}<svg x=\"1></svg>")).is_err());
    assert!(xml_bem_formado(&format!("{decl}<svg/><svg/>")).is_err());
    assert!(xml_bem_formado("<svg/>").is_err());
    assert!(xml_bem_formado(&format!("{decl}<svg><rect x=\"1\"/>t &amp; u</svg>\n")).is_ok());
}
