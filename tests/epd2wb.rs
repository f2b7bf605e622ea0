//! Testes do executor `epd2wb` contra o `motor_falso`, um motor roteirizado
//! que responde com linhas de análise enlatadas (tests/fake_engine/).
//!
//! Cobrem: sucesso e falha, a regra achar-e-segurar com reinício, posições
//! `am`, motor que cai no meio da posição (ERROR e a suíte continua), motor
//! sem `analyze` (st+go lendo o `move`), motor sem `setboard` (edit, com o
//! truque `a2a3` para as pretas), motor de protocolo 1, motor travado (toda
//! espera tem prazo), parada antecipada, `tellusererror`, entrada ruim, e o
//! modo `relatorio` (tabela e SVG).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

const WAC1: &str = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -";
const WAC2: &str = "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - -";
const FEATURES_V2: &str =
    "protover feature ping=1 setboard=1 analyze=1 colors=0 myname=\"Falso 1.0\" done=1\n";

/// O executável do motor falso. Ele é um exemplo do Cargo (não um binário:
/// `cargo install` não deve instalá-lo), e o Cargo não diz aos testes onde
/// estão os exemplos; `cargo test` os compila em `target/<perfil>/examples/`,
/// ao lado de `target/<perfil>/deps/`, onde roda este teste. Se faltar (por
/// exemplo com `cargo test --test integracao`, que não compila os exemplos),
/// é compilado aqui, uma vez só, no mesmo perfil.
fn motor_falso() -> &'static Path {
    static CAMINHO: OnceLock<PathBuf> = OnceLock::new();
    CAMINHO.get_or_init(|| {
        let teste = std::env::current_exe().expect("caminho do teste");
        let perfil = teste
            .parent()
            .and_then(Path::parent)
            .expect("target/<perfil>/deps/");
        let nome = format!("motor_falso{}", std::env::consts::EXE_SUFFIX);
        let exe = perfil.join("examples").join(nome);
        if !exe.exists() {
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
            let mut cmd = Command::new(cargo);
            cmd.args(["build", "--example", "motor_falso", "--manifest-path"])
                .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"));
            // O diretório é o nome do perfil, salvo `debug`, que é o do `dev`
            // (e do `test`): `release`, ou um perfil do Cargo.toml.
            match perfil.file_name().and_then(|n| n.to_str()) {
                Some("debug") | None => {}
                Some(nome) => {
                    cmd.args(["--profile", nome]);
                }
            }
            let ok = cmd.status().is_ok_and(|s| s.success());
            assert!(
                ok && exe.exists(),
                "não consegui compilar {}",
                exe.display()
            );
        }
        exe
    })
}

/// Pasta temporária própria de cada teste, apagada quando sai de escopo (cada
/// `cargo test` deixava ~20 pastas em /tmp).
struct TPasta(PathBuf);

impl Drop for TPasta {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl std::ops::Deref for TPasta {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

fn pasta(nome: &str) -> TPasta {
    let p = std::env::temp_dir().join(format!("epd2wb-teste-{nome}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&p);
    std::fs::create_dir_all(&p).unwrap();
    TPasta(p)
}

/// Teto de parede de uma execução curta do epd2wb. Folgado de propósito: a
/// duração soma o início de dois processos e as esperas com prazo do
/// executor, e a máquina dos testes pode estar carregada (o CI roda com
/// partidas ao fundo), onde tetos de 3 ou 4 s falhavam sem erro do executor.
/// Os testes que provam que uma espera *não* acontece fazem essa espera
/// durar bem mais que o teto (`-w 60`, 60 s por posição), para que o teto
/// folgado ainda a denuncie.
const TETO_EXECUCAO: Duration = Duration::from_secs(30);

/// O que uma execução deixou.
struct TSaida {
    texto: String,
    csv: String,
    log: String,
    duracao: Duration,
    ok: bool,
}

/// Roda o epd2wb com o motor falso, o roteiro e a suíte dados.
fn roda(nome: &str, roteiro: &str, epd: &str, tempo: &str, extra: &[&str]) -> TSaida {
    let d = pasta(nome);
    let (r, e, c, l) = (
        d.join("roteiro.txt"),
        d.join("suite.epd"),
        d.join("saida.csv"),
        d.join("log.txt"),
    );
    std::fs::write(&r, roteiro).unwrap();
    std::fs::write(&e, epd).unwrap();
    let motor = format!(
        "'{}' '{}' '{}'",
        motor_falso().display(),
        r.display(),
        l.display()
    );
    let inicio = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_epd2wb"))
        .args(["--folga", "1", "-w", "2", "--csv", c.to_str().unwrap()])
        .args(extra)
        .arg(&motor)
        .arg(&e)
        .arg(tempo)
        .output()
        .unwrap();
    let duracao = inicio.elapsed();
    TSaida {
        texto: String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr),
        csv: std::fs::read_to_string(&c).unwrap_or_default(),
        log: std::fs::read_to_string(&l).unwrap_or_default(),
        duracao,
        ok: out.status.success(),
    }
}

/// Campo `coluna` da linha do CSV cujo id é `id`.
fn campo(csv: &str, id: &str, coluna: &str) -> String {
    let mut linhas = csv.lines();
    let cab: Vec<&str> = linhas.next().unwrap_or("").split(',').collect();
    let i = cab
        .iter()
        .position(|c| *c == coluna)
        .unwrap_or_else(|| panic!("sem coluna {coluna}"));
    for l in linhas {
        let v: Vec<&str> = l.split(',').collect();
        if v.get(4) == Some(&id) {
            return v.get(i).unwrap_or(&"").to_string();
        }
    }
    panic!("sem linha {id} em\n{csv}")
}

#[test]
fn sucesso_falha_e_fator_de_ramificacao() {
    let roteiro = format!(
        "{FEATURES_V2}posicao {WAC1}\n20 1 10 1 100 Nxd5\n40 2 50 3 400 Qg6 fxg6\n60 3 60 6 1500 1. Qg6+ fxg6 2. Nxg6#\n\
         posicao {WAC2}\n20 1 0 1 100 1... Rb6\n40 2 0 2 300 Rxb2\n60 3 0 5 800 Rb8\n"
    );
    let epd = format!("{WAC1} bm Qg6; id \"WAC.001\";\n{WAC2} bm Rxb2; id \"WAC.002\";\n");
    let s = roda("sucesso", &roteiro, &epd, "0.6", &[]);
    assert!(s.ok, "{}", s.texto);
    assert!(s.texto.contains("Engine:   Falso 1.0"), "{}", s.texto);
    assert!(
        s.texto
            .contains("Result:   Success (1 of 1 solved so far - 100%)"),
        "{}",
        s.texto
    );
    assert!(
        s.texto.contains("Found in: 30 ms (00:00:00.030), ply 2"),
        "{}",
        s.texto
    );
    assert!(
        s.texto
            .contains("Result:   Failure (1 of 2 solved so far - 50%)"),
        "{}",
        s.texto
    );
    assert!(
        s.texto
            .contains("1 problems solved.\n1 problems unsolved.\n0 errors found!"),
        "{}",
        s.texto
    );
    assert_eq!(campo(&s.csv, "WAC.001", "resultado"), "Success");
    assert_eq!(campo(&s.csv, "WAC.001", "achou_ms"), "30");
    assert_eq!(campo(&s.csv, "WAC.001", "lance"), "g3g6");
    // Profundidades 1..3, a 3 incompleta: 400 / 100 (e 300 / 100 na WAC.002).
    assert_eq!(campo(&s.csv, "WAC.001", "fr"), "4.0000");
    assert!(
        s.texto.contains("B-factor (last iteration): 4.00"),
        "{}",
        s.texto
    );
    assert!(
        s.texto
            .contains("Average last-iteration branching factor: 3.50 (over 2 positions)"),
        "{}",
        s.texto
    );
    assert_eq!(campo(&s.csv, "WAC.002", "resultado"), "Failure");
    assert_eq!(campo(&s.csv, "WAC.002", "lance"), "b3b8");
    // O executor mandou a sequência de CECP.md 3.5.
    let esperado = [
        "new",
        "force",
        "post",
        &format!("setboard {WAC1} 0 1"),
        "ping 1",
        "analyze",
        "exit",
    ];
    let mut pos = 0;
    for e in esperado {
        let achou = s.log[pos..]
            .find(&format!("{e}\n"))
            .unwrap_or_else(|| panic!("faltou {e} em\n{}", s.log));
        pos += achou;
    }
    assert!(s.log.contains("accepted ping") && s.log.contains("accepted done"));
}

#[test]
fn achar_e_segurar_reinicia_na_linha_errada() {
    // Certo no começo e errado (ou ilegal) no fim: falha.
    let roteiro = format!(
        "{FEATURES_V2}posicao {WAC1}\n10 2 50 10 100 Qg6\n20 3 20 20 300 Nxd5\n30 4 60 40 900 d5f7\n"
    );
    let epd = format!("{WAC1} bm Qg6; id \"x\";\n");
    let s = roda("segurar", &roteiro, &epd, "0.5", &[]);
    assert_eq!(campo(&s.csv, "x", "resultado"), "Failure", "{}", s.texto);
    // Certo em 10 cs, errado em 20 cs, certo de novo de 40 cs em diante
    // (em coordenadas e em notação longa): conta de 400 ms (ply 4).
    let roteiro = format!(
        "{FEATURES_V2}posicao {WAC1}\n10 2 50 10 100 Qg6\n20 3 20 20 300 Nxd5\n30 4 60 40 900 g3g6\n40 5 60 50 2000 Qg3-g6\n"
    );
    let s = roda("segurar2", &roteiro, &epd, "0.5", &[]);
    assert_eq!(campo(&s.csv, "x", "resultado"), "Success", "{}", s.texto);
    assert_eq!(campo(&s.csv, "x", "achou_ms"), "400");
    assert_eq!(campo(&s.csv, "x", "prof_achou"), "4");
    assert!(
        s.texto.contains("no    3     200      20        300 Nxd5"),
        "{}",
        s.texto
    );
}

#[test]
fn posicoes_am() {
    let roteiro = format!("{FEATURES_V2}posicao {WAC1}\n10 1 0 1 100 Qg6\n30 2 0 3 400 Nxd5\n");
    // Com am Qg6: o Nxd5 final está certo e o acerto conta de 30 ms.
    let s = roda(
        "am1",
        &roteiro,
        &format!("{WAC1} am Qg6; id \"a\";\n"),
        "0.4",
        &["-w", "60"],
    );
    // O `done=1` encerra a espera pelas features (não espera os 60 s do -w).
    assert!(s.duracao < TETO_EXECUCAO, "levou {:?}", s.duracao);
    assert_eq!(campo(&s.csv, "a", "resultado"), "Success", "{}", s.texto);
    assert_eq!(campo(&s.csv, "a", "achou_ms"), "30");
    assert!(s.texto.contains("Am:       Qg6"));
    // Com am Nxd5 (o último lance): falha.
    let s = roda(
        "am2",
        &roteiro,
        &format!("{WAC1} am Nxd5; id \"a\";\n"),
        "0.4",
        &[],
    );
    assert_eq!(campo(&s.csv, "a", "resultado"), "Failure", "{}", s.texto);
}

#[test]
fn motor_que_cai_vira_erro_e_a_suite_continua() {
    let roteiro =
        format!("{FEATURES_V2}posicao {WAC1}\n10 1 0 1 100 Qg6\n50 !morre\nposicao {WAC2}\n10 1 0 1 100 Rxb2\n");
    let epd = format!("{WAC1} bm Qg6; id \"cai\";\n{WAC2} bm Rxb2; id \"depois\";\n");
    let s = roda("cai", &roteiro, &epd, "0.5", &[]);
    assert!(s.ok, "{}", s.texto);
    assert!(s.texto.contains("Result:   ERROR!!"), "{}", s.texto);
    assert_eq!(campo(&s.csv, "cai", "resultado"), "ERROR");
    assert_eq!(campo(&s.csv, "depois", "resultado"), "Success");
    assert!(
        s.texto
            .contains("1 problems solved.\n0 problems unsolved.\n1 errors found!"),
        "{}",
        s.texto
    );
    // O motor foi reiniciado: dois `protover` no log (o log é recriado a
    // cada início, então o segundo motor só viu a segunda posição).
    assert!(
        s.log.contains(&format!("setboard {WAC2}")) && !s.log.contains(&format!("setboard {WAC1}"))
    );
}

#[test]
fn motor_sem_analyze_joga_com_st() {
    let roteiro = format!(
        "protover feature ping=1 setboard=1 analyze=0 done=1\nposicao {WAC1}\n10 1 0 1 100 Nxd5\n100 move g3g6\n"
    );
    let s = roda(
        "st",
        &roteiro,
        &format!("{WAC1} bm Qg6; id \"st\";\n"),
        "0.8",
        &[],
    );
    assert_eq!(campo(&s.csv, "st", "resultado"), "Success", "{}", s.texto);
    let achou: u64 = campo(&s.csv, "st", "achou_ms").parse().unwrap();
    assert!((100..=800).contains(&achou), "achou em {achou} ms");
    assert!(!s.log.lines().any(|l| l == "analyze"), "{}", s.log);
    for c in ["st 0.80\n", "go\n", "white\n", "time 2400\n"] {
        assert!(s.log.contains(c), "faltou {c:?} em\n{}", s.log);
    }
    // Sem `move` no tempo: `?` e, sem resposta, vale a última linha (errada).
    let roteiro = format!("protover feature ping=1 setboard=1 analyze=0 done=1\nposicao {WAC1}\n10 1 0 1 100 Qg6\n10 2 0 1 200 Nxd5\n");
    let s = roda(
        "st2",
        &roteiro,
        &format!("{WAC1} bm Qg6; id \"st\";\n"),
        "0.3",
        &[],
    );
    assert_eq!(campo(&s.csv, "st", "resultado"), "Failure", "{}", s.texto);
    assert!(s.log.contains("?\n"));
}

#[test]
fn motor_sem_setboard_recebe_a_posicao_por_edit() {
    // Pretas a jogar: new, force, a2a3, edit… O motor falso remonta a
    // posição a partir do edit; se ela sair errada, ele não acha o roteiro.
    let roteiro =
        format!("protover feature ping=1 setboard=0 done=1\nposicao {WAC2}\n10 1 0 1 100 Rxb2\n");
    let s = roda(
        "edit",
        &roteiro,
        &format!("{WAC2} bm Rxb2; id \"e\";\n"),
        "0.4",
        &[],
    );
    assert_eq!(
        campo(&s.csv, "e", "resultado"),
        "Success",
        "{}\n{}",
        s.texto,
        s.log
    );
    assert!(!s.log.contains("setboard "), "{}", s.log);
    let i_a3 = s.log.find("a2a3\n").expect("sem a2a3");
    let i_edit = s.log.find("edit\n").expect("sem edit");
    assert!(i_a3 < i_edit);
    for c in ["#\n", "Kf3\n", "c\n", "Rb3\n", "Kf6\n", ".\n"] {
        assert!(s.log.contains(c), "faltou {c:?}");
    }
}

#[test]
fn motor_de_protocolo_1_sem_features() {
    // Não responde ao protover: depois de -w segue com os padrões (sem
    // ping, sem setboard → edit e esperas fixas).
    let roteiro = format!("posicao {WAC1}\n10 1 0 1 100 Qg6\n");
    let s = roda(
        "p1",
        &roteiro,
        &format!("{WAC1} bm Qg6; id \"p1\";\n"),
        "0.3",
        &["-w", "0.3", "-x", "0.1"],
    );
    assert!(s.texto.contains("protocol 1"), "{}", s.texto);
    assert_eq!(campo(&s.csv, "p1", "resultado"), "Success", "{}", s.texto);
    assert!(
        !s.log.contains("ping") && s.log.contains("edit\n"),
        "{}",
        s.log
    );
}

#[test]
fn motor_travado_nao_trava_o_executor() {
    let roteiro = format!(
        "{FEATURES_V2}posicao {WAC1}\n10 1 0 1 100 Qg6\n30 !trava\nposicao {WAC2}\n10 1 0 1 100 Rxb2\n"
    );
    let epd = format!("{WAC1} bm Qg6; id \"trava\";\n{WAC2} bm Rxb2; id \"depois\";\n");
    let s = roda("trava", &roteiro, &epd, "0.5", &[]);
    // Tempo 2 × 0,5 s mais as folgas de 1 s (sincronia e encerramento); um
    // executor sem prazo nas esperas não acabaria nunca.
    assert!(s.duracao < TETO_EXECUCAO, "levou {:?}", s.duracao);
    assert_eq!(
        campo(&s.csv, "trava", "resultado"),
        "Success",
        "{}",
        s.texto
    );
    assert_eq!(
        campo(&s.csv, "depois", "resultado"),
        "Success",
        "{}",
        s.texto
    );
}

#[test]
fn parada_antecipada_quando_segura_g_plies() {
    let roteiro = format!(
        "{FEATURES_V2}posicao {WAC1}\n10 1 0 1 100 Qg6\n20 2 0 2 300 Qg6\n30 3 0 3 900 Qg6\n40 4 0 4 2000 Qg6\n"
    );
    // 60 s por posição: sem a parada antecipada, a execução passaria do teto.
    let s = roda(
        "g",
        &roteiro,
        &format!("{WAC1} bm Qg6; id \"g\";\n"),
        "60",
        &["-g", "2"],
    );
    assert!(s.duracao < TETO_EXECUCAO, "não parou cedo: {:?}", s.duracao);
    assert_eq!(campo(&s.csv, "g", "resultado"), "Success");
    assert_eq!(
        campo(&s.csv, "g", "prof"),
        "3",
        "parou no ply 3 (achou no 1, segurou 2)"
    );
}

#[test]
fn tellusererror_e_linha_epd_ruim_viram_erro() {
    let roteiro = format!("{FEATURES_V2}posicao {WAC1}\n10 tellusererror Illegal position\n");
    let epd = format!("{WAC1} bm Qg6; id \"t\";\nlixo total\n{WAC1} bm Ke4; id \"ilegal\";\n");
    let s = roda("tue", &roteiro, &epd, "0.3", &[]);
    assert!(s.ok, "{}", s.texto);
    assert_eq!(campo(&s.csv, "t", "resultado"), "ERROR");
    assert_eq!(campo(&s.csv, "#2", "resultado"), "ERROR");
    assert_eq!(campo(&s.csv, "#3", "resultado"), "ERROR");
    assert!(s.texto.contains("3 errors found!"));
}

#[test]
fn entrada_ruim_nao_causa_panico() {
    let bin = env!("CARGO_BIN_EXE_epd2wb");
    let casos: [&[&str]; 5] = [
        &[],
        &["/nao/existe/motor", "/nao/existe.epd", "1"],
        &["x", "y"],
        &["x", "y", "-1"],
        &["relatorio", "/nao/existe.csv"],
    ];
    for args in casos {
        let out = Command::new(bin).args(args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // Motor inexistente com suíte válida: erro claro, sem pânico.
    let d = pasta("ruim");
    let e = d.join("s.epd");
    std::fs::write(&e, format!("{WAC1} bm Qg6;\n")).unwrap();
    let out = Command::new(bin)
        .args(["/nao/existe/motor", e.to_str().unwrap(), "0.2"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("não consegui iniciar"));
}

#[test]
fn relatorio_junta_csvs_em_tabela_e_svg() {
    let bom = format!(
        "{FEATURES_V2}posicao {WAC1}\n10 1 0 1 100 Qg6\nposicao {WAC2}\n10 1 0 1 100 Rxb2\n"
    );
    let ruim = format!(
        "{FEATURES_V2}posicao {WAC1}\n10 1 0 1 100 Nxd5\nposicao {WAC2}\n10 1 0 1 100 Rxb2\n"
    );
    let epd = format!("{WAC1} bm Qg6; id \"1\";\n{WAC2} bm Rxb2; id \"2\";\n");
    let d = pasta("relatorio");
    let mut csvs = Vec::new();
    for (nome, rot) in [("Bom", &bom), ("Ruim", &ruim)] {
        let s = roda(
            &format!("rel{nome}"),
            rot,
            &epd,
            "0.3",
            &[
                "--nome",
                nome,
                "--json",
                d.join(format!("{nome}.json")).to_str().unwrap(),
            ],
        );
        let c = d.join(format!("{nome}.csv"));
        std::fs::write(&c, &s.csv).unwrap();
        csvs.push(c);
    }
    let json = std::fs::read_to_string(d.join("Bom.json")).unwrap();
    assert!(
        json.contains("\"resolvidas\": 2") && json.contains("\"motor\": \"Bom\""),
        "{json}"
    );
    let svg = d.join("g.svg");
    let out = Command::new(env!("CARGO_BIN_EXE_epd2wb"))
        .args(["relatorio", "--svg", svg.to_str().unwrap()])
        .args(&csvs)
        .output()
        .unwrap();
    assert!(out.status.success());
    let tabela = String::from_utf8_lossy(&out.stdout);
    assert!(tabela.contains("| Bom | suite | 0.3 | 2/2 |"), "{tabela}");
    assert!(tabela.contains("| Ruim | suite | 0.3 | 1/2 |"), "{tabela}");
    let svg = std::fs::read_to_string(svg).unwrap();
    assert_eq!(svg.matches("class=\"curva\"").count(), 2);
    assert!(svg.contains("Bom (2/2)") && svg.contains("Ruim (1/2)"));
}

/// Um motor com as features exatas do ICE 1.40 (docs/ice-fatos.md#protocolo), sem `ping` nem
/// `analyze`, e as linhas no formato dele; `x` é a espera fixa (`-x`) que o
/// executor faz no lugar do `ping`.
fn roda_ice140(nome: &str, x: &str) -> TSaida {
    let roteiro = format!(
        "protover feature ping=0 setboard=1 san=0 usermove=1 time=1 draw=1 sigint=0 sigterm=0 reuse=0 analyze=0 \
         myname=\"ICE v1.40\" variants=\"normal\" colors=0 name=0\nprotover feature done=1\n\
         posicao {WAC1}\n10  1  -20     1     120 1. Nxd5 Nxd5 =\n30  4 9999    12  188143 1. Qg6 fxg6 2. Nxg6# +-\n\
         40 move g3g6 \nposicao {WAC2}\n10  2   50     2    3000 1... Rxb2 2. Rxb2 +-\n40 move b3b2 \n"
    );
    let epd = format!("{WAC1} bm Qg6; id \"1\";\n{WAC2} bm Rxb2; id \"2\";\n");
    roda(nome, &roteiro, &epd, "0.5", &["-x", x, "--folga", "3"])
}

#[test]
fn motor_como_o_ice_140_sem_ping_nem_analyze() {
    let s = roda_ice140("ice140", "0.5");
    assert!(s.texto.contains("Engine:   ICE v1.40"), "{}", s.texto);
    assert_eq!(campo(&s.csv, "1", "resultado"), "Success", "{}", s.texto);
    assert_eq!(campo(&s.csv, "1", "achou_ms"), "120");
    assert_eq!(campo(&s.csv, "2", "resultado"), "Success", "{}", s.texto);
    let proibida = |l: &str| l.starts_with("ping ") || l == "white" || l == "black";
    assert!(!s.log.lines().any(proibida), "{}", s.log);
}

/// Sem ping, a espera fixa (`-x`, limitada pela folga) vem antes de cada
/// posição e nenhuma depois do `move`. Com 3 s de espera as duas posições
/// levam pelo menos 6 s, e uma espera a mais depois de cada `move` as
/// levaria a 12 s: o teto de 10 s deixa 4 s para a carga da máquina.
#[test]
#[ignore = "tempo de relógio: etapa própria do CI"]
fn relogio_espera_fixa_sem_ping_do_ice_140() {
    let s = roda_ice140("ice140-relogio", "3");
    assert_eq!(campo(&s.csv, "2", "resultado"), "Success", "{}", s.texto);
    assert!(
        s.duracao >= Duration::from_secs(6) && s.duracao < Duration::from_secs(10),
        "levou {:?}",
        s.duracao
    );
}

#[test]
fn motor_uci() {
    let roteiro = format!(
        "posicao {WAC1}\n10 info depth 1 score cp -20 time 10 nodes 100 pv e5c6 b7c6\n\
         30 info depth 2 seldepth 4 score mate 2 nodes 400 time 30 pv g3g6 f7g6\n"
    );
    let s = roda(
        "uci",
        &roteiro,
        &format!("{WAC1} bm Qg6; id \"u\";\n"),
        "0.4",
        &["--uci"],
    );
    assert!(s.texto.contains("Engine:   Falso UCI"), "{}", s.texto);
    assert_eq!(campo(&s.csv, "u", "resultado"), "Success", "{}", s.texto);
    assert_eq!(campo(&s.csv, "u", "achou_ms"), "30");
    assert_eq!(campo(&s.csv, "u", "escore"), "100002");
    for c in [
        "uci\n",
        "ucinewgame\n",
        &format!("position fen {WAC1} 0 1\n"),
        "isready\n",
        "go infinite\n",
        "stop\n",
    ] {
        assert!(s.log.contains(c), "faltou {c:?} em\n{}", s.log);
    }
}

#[test]
fn motor_que_inunda_a_saida_nao_prende_o_executor() {
    let roteiro =
        format!("{FEATURES_V2}posicao {WAC1}\n10 !inunda\nposicao {WAC2}\n10 1 0 1 100 Rxb2\n");
    let epd = format!("{WAC1} bm Qg6; id \"1\";\n{WAC2} bm Rxb2; id \"2\";\n");
    let s = roda("inunda", &roteiro, &epd, "0.3", &["-q"]);
    assert!(s.duracao < TETO_EXECUCAO, "levou {:?}", s.duracao);
    assert_eq!(
        campo(&s.csv, "1", "resultado"),
        "Success",
        "{}",
        &s.texto[..s.texto.len().min(2000)]
    );
    assert_eq!(campo(&s.csv, "2", "resultado"), "Success");
}
