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

/// O nível de cada módulo na tabela do README ("0–1" conta como 1; `main`,
/// fora dos níveis, fica de fora).
fn niveis_do_readme() -> std::collections::BTreeMap<String, u32> {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let inicio = readme.find("| nível | módulo |").unwrap();
    let mut niveis = std::collections::BTreeMap::new();
    for linha in readme[inicio..].lines().skip(2) {
        if !linha.starts_with('|') {
            break;
        }
        let colunas: Vec<&str> = linha.split('|').collect();
        let nivel = colunas[1].trim();
        let Some(n) = nivel.rsplit(['–', '-']).next().and_then(|n| n.parse().ok()) else {
            continue;
        };
        for (i, parte) in colunas[2].split('`').enumerate() {
            if i % 2 == 1 {
                niveis.insert(parte.to_string(), n);
            }
        }
    }
    niveis
}

/// Os módulos de `src/` que cada módulo usa: todo `crate::X` fora de
/// comentários (os `use crate::…` e os caminhos inteiros no meio do código).
/// Os testes de unidade (de `#[cfg(test)]` em diante) ficam de fora: eles
/// podem montar o que precisarem com os módulos de cima.
fn dependencias(fonte: &str) -> BTreeSet<String> {
    let mut deps = BTreeSet::new();
    for linha in fonte.lines().take_while(|l| l.trim() != "#[cfg(test)]") {
        let codigo = linha.split("//").next().unwrap_or("");
        let mut resto = codigo;
        while let Some(p) = resto.find("crate::") {
            let antes = resto[..p].chars().last();
            resto = &resto[p + "crate::".len()..];
            // `$crate::` (numa macro) é o próprio crate, como `crate::`.
            if antes.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let nome: String = resto
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
                .collect();
            if !nome.is_empty() {
                deps.insert(nome);
            }
        }
    }
    deps
}

/// O grafo de importações de `src/` (sem `lib` e `main`), lido dos arquivos.
fn grafo_de_src() -> std::collections::BTreeMap<String, BTreeSet<String>> {
    let mut grafo = std::collections::BTreeMap::new();
    for e in std::fs::read_dir("src").unwrap() {
        let nome = e.unwrap().file_name().into_string().unwrap();
        let Some(m) = nome.strip_suffix(".rs") else {
            continue;
        };
        if m == "lib" || m == "main" {
            continue;
        }
        let fonte = std::fs::read_to_string(format!("src/{nome}")).unwrap();
        let mut deps = dependencias(&fonte);
        deps.remove(m);
        grafo.insert(m.to_string(), deps);
    }
    grafo
}

/// Um ciclo no grafo, se houver (a lista dos módulos dele).
fn acha_ciclo(grafo: &std::collections::BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // Busca em profundidade com três cores: 0 branco, 1 na pilha, 2 feito.
    fn visita(
        m: &str,
        grafo: &std::collections::BTreeMap<String, BTreeSet<String>>,
        cor: &mut std::collections::BTreeMap<String, u8>,
        pilha: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        cor.insert(m.to_string(), 1);
        pilha.push(m.to_string());
        for d in grafo.get(m).into_iter().flatten() {
            match cor.get(d.as_str()).copied().unwrap_or(0) {
                1 => {
                    let i = pilha.iter().position(|x| x == d).unwrap();
                    let mut ciclo = pilha[i..].to_vec();
                    ciclo.push(d.clone());
                    return Some(ciclo);
                }
                0 if grafo.contains_key(d) => {
                    if let Some(c) = visita(d, grafo, cor, pilha) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        pilha.pop();
        cor.insert(m.to_string(), 2);
        None
    }
    let mut cor = std::collections::BTreeMap::new();
    for m in grafo.keys() {
        if cor.get(m.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(c) = visita(m, grafo, &mut cor, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

/// As camadas que o README e o `lib.rs` prometem ("um nível só usa os de
/// baixo") valem no código: nenhum ciclo de importações entre os módulos de
/// `src/`, e nenhum módulo usa outro de nível acima do seu.
#[test]
fn importacoes_sem_ciclo_e_so_para_baixo() {
    let grafo = grafo_de_src();
    if let Some(c) = acha_ciclo(&grafo) {
        panic!("ciclo de importações: {}", c.join(" → "));
    }
    let niveis = niveis_do_readme();
    let mut violacoes = Vec::new();
    for (m, deps) in &grafo {
        let nm = niveis[m.as_str()];
        for d in deps {
            if let Some(&nd) = niveis.get(d.as_str()) {
                if nd > nm {
                    violacoes.push(format!("{m} (nível {nm}) usa {d} (nível {nd})"));
                }
            }
        }
    }
    assert!(
        violacoes.is_empty(),
        "importações para cima: {violacoes:#?}"
    );
}

/// O detector acha mesmo um ciclo (o teste acima não pode passar por
/// engano): dois módulos que se usam, e um de três.
#[test]
fn detector_de_ciclo_acha_um_ciclo() {
    let mut g = std::collections::BTreeMap::new();
    let dep = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<BTreeSet<_>>();
    g.insert("a".to_string(), dep(&["b"]));
    g.insert("b".to_string(), dep(&["c"]));
    g.insert("c".to_string(), dep(&[]));
    assert_eq!(acha_ciclo(&g), None);
    g.insert("c".to_string(), dep(&["a"]));
    assert_eq!(
        acha_ciclo(&g),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    assert_eq!(
        dependencias("use crate::busca::*; // crate::arvore\nlet x = $crate::entrada::f();"),
        dep(&["busca", "entrada"])
    );
}

/// O cabeçalho `//!` de cada módulo diz o mesmo nível que a tabela do
/// README, e o `lib.rs` declara cada módulo sob o comentário do seu nível.
#[test]
fn niveis_dos_cabecalhos_e_do_lib_batem_com_o_readme() {
    let niveis = niveis_do_readme();
    let mut erros = Vec::new();
    for (m, &n) in &niveis {
        if m == "main" {
            continue;
        }
        let fonte = std::fs::read_to_string(format!("src/{m}.rs")).unwrap();
        let cabecalho: String = fonte
            .lines()
            .take_while(|l| l.starts_with("//!"))
            .collect::<Vec<_>>()
            .join(" ");
        let dito = cabecalho
            .split("Nível ")
            .nth(1)
            .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|x| x.parse::<u32>().ok());
        // "0–1" no README: o cabeçalho pode dizer 0 ou 1.
        let ok = match dito {
            Some(d) => d == n || (n == 1 && d == 0),
            None => false,
        };
        if !ok {
            erros.push(format!("{m}: README diz {n}, cabeçalho diz {dito:?}"));
        }
    }
    let lib = std::fs::read_to_string("src/lib.rs").unwrap();
    let mut nivel_lib = None;
    for linha in lib.lines() {
        if let Some(r) = linha.strip_prefix("// Nível ") {
            nivel_lib = r
                .split(|c: char| !c.is_ascii_digit())
                .rfind(|x| !x.is_empty())
                .and_then(|x| x.parse::<u32>().ok());
        }
        if let Some(m) = linha
            .strip_prefix("pub mod ")
            .and_then(|r| r.strip_suffix(';'))
        {
            if nivel_lib != niveis.get(m).copied() {
                erros.push(format!(
                    "lib.rs: {m} sob o nível {nivel_lib:?}, README {:?}",
                    niveis.get(m)
                ));
            }
        }
    }
    assert!(erros.is_empty(), "níveis em desacordo: {erros:#?}");
}

/// Nenhum `use crate::X::*` entre os módulos de `src/`: cada nome diz de
/// onde vem (os testes de unidade, com o seu `use super::*`, não contam).
#[test]
fn sem_importacao_glob_entre_modulos() {
    let mut globs = Vec::new();
    for e in std::fs::read_dir("src").unwrap() {
        let nome = e.unwrap().file_name().into_string().unwrap();
        if !nome.ends_with(".rs") {
            continue;
        }
        let fonte = std::fs::read_to_string(format!("src/{nome}")).unwrap();
        for (i, linha) in fonte.lines().enumerate() {
            let l = linha.trim();
            if l.starts_with("use crate::") && l.ends_with("::*;") {
                globs.push(format!("src/{nome}:{}: {l}", i + 1));
            }
        }
    }
    assert!(globs.is_empty(), "importações glob: {globs:#?}");
}
