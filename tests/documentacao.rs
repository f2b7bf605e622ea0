//! A documentação que um leitor usa para achar o código não pode mentir: a
//! tabela "Como o código está organizado" do README cita cada módulo de
//! `src/` (e só os que existem).

use std::collections::BTreeSet;

/// Os nomes entre crases da primeira coluna de módulos da tabela do README.
fn modulos_do_readme() -> BTreeSet<String> {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let inicio = readme
        .find("| nível | módulo |")
        .expect("a tabela de módulos sumiu do README");
    let mut nomes = BTreeSet::new();
    for linha in readme[inicio..].lines().skip(2) {
        if !linha.starts_with('|') {
            break;
        }
        let coluna = linha.split('|').nth(2).unwrap_or("");
        for (i, parte) in coluna.split('`').enumerate() {
            if i % 2 == 1 {
                nomes.insert(parte.to_string());
            }
        }
    }
    nomes
}

#[test]
fn tabela_de_modulos_do_readme_bate_com_src() {
    let mut em_src = BTreeSet::new();
    for e in std::fs::read_dir("src").unwrap() {
        let nome = e.unwrap().file_name().into_string().unwrap();
        if let Some(m) = nome.strip_suffix(".rs") {
            if m != "lib" {
                em_src.insert(m.to_string());
            }
        }
    }
    let no_readme = modulos_do_readme();
    let faltam: Vec<_> = em_src.difference(&no_readme).collect();
    let sobram: Vec<_> = no_readme.difference(&em_src).collect();
    assert!(
        faltam.is_empty() && sobram.is_empty(),
        "módulos fora da tabela do README: {faltam:?}; na tabela sem arquivo: {sobram:?}"
    );
}
