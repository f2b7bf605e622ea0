//! Script de compilação do ICE-rs: só descobre de que commit o binário foi
//! compilado, para o `ice --version` (`ICE-rs 1.0.0 (0d23ef2 2026-11-27)`).
//!
//! Pergunta ao `git` (sem crate nenhuma) o commit do `HEAD` e a data dele e
//! os passa ao compilador em `ICE_COMMIT`. Fora de um checkout git (um
//! pacote fonte, um tarball) ou sem o `git` instalado, não passa nada e o
//! `--version` mostra só a versão; a compilação nunca falha por isso. Quem
//! compila de um tarball pode dizer o commit em `ICE_COMMIT` no ambiente.
//!
//! Para não recompilar à toa, o cargo só roda este script de novo quando
//! muda um dos arquivos que dizem qual é o `HEAD`: o próprio `HEAD` (troca
//! de branch, `HEAD` destacado), o registro dele (`logs/HEAD`, a que o git
//! acrescenta uma linha a cada commit, checkout ou reset), o arquivo do
//! branch atual e o `packed-refs`. Os caminhos vêm do
//! `git rev-parse --git-path`, que também vale num worktree (onde o `HEAD`
//! fica em `.git/worktrees/NOME/` e os branches no repositório principal);
//! só entram os que existem, porque o cargo roda o script a cada compilação
//! enquanto falta um arquivo observado. Mudanças ainda não commitadas não
//! entram na conta: o commit dito é o do `HEAD` na hora da compilação.
#![forbid(unsafe_code)]

use std::path::Path;
use std::process::Command;

/// Roda `git ARGS` no diretório do pacote; a saída sem o fim de linha, ou
/// `None` se o git faltar, falhar ou não estiver num repositório.
fn git(args: &[&str]) -> Option<String> {
    let saida = Command::new("git")
        .args(args)
        .current_dir(env_dir())
        .output()
        .ok()?;
    if !saida.status.success() {
        return None;
    }
    let texto = String::from_utf8(saida.stdout).ok()?;
    let texto = texto.trim();
    (!texto.is_empty()).then(|| texto.to_string())
}

/// O diretório do Cargo.toml (o cargo roda o script nele, mas sem contar com isso).
fn env_dir() -> String {
    std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".to_string())
}

/// Pede ao cargo que rode o script de novo se `caminho` (relativo ao pacote,
/// como o git o devolve, ou absoluto) mudar; um arquivo que não existe fica
/// de fora (observá-lo faria o cargo rodar o script sempre).
fn observa(caminho: &str) {
    let p = Path::new(caminho);
    let p = if p.is_absolute() {
        p.to_path_buf()
    } else {
        Path::new(&env_dir()).join(p)
    };
    if p.is_file() {
        println!("cargo:rerun-if-changed={}", p.display());
    }
}

/// O pacote é a raiz do repositório em que o git está? Sem isso, um tarball
/// do ICE-rs desempacotado dentro de outro repositório diria o commit dele.
fn e_a_raiz_do_repositorio() -> bool {
    let Some(raiz) = git(&["rev-parse", "--show-toplevel"]) else {
        return false;
    };
    let canonico = |p: &str| std::fs::canonicalize(p).ok();
    canonico(&raiz).is_some() && canonico(&raiz) == canonico(&env_dir())
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=ICE_COMMIT");

    if let Ok(c) = std::env::var("ICE_COMMIT") {
        if !c.trim().is_empty() {
            println!("cargo:rustc-env=ICE_COMMIT={}", c.trim());
        }
        return;
    }

    if !e_a_raiz_do_repositorio() {
        return;
    }
    // Os arquivos que dizem qual é o HEAD.
    for arquivo in ["HEAD", "logs/HEAD", "packed-refs"] {
        if let Some(caminho) = git(&["rev-parse", "--git-path", arquivo]) {
            observa(&caminho);
        }
    }
    // Num branch, o arquivo dele (refs/heads/NOME); com o HEAD destacado, não há.
    if let Some(referencia) = git(&["symbolic-ref", "-q", "HEAD"]) {
        if let Some(caminho) = git(&["rev-parse", "--git-path", &referencia]) {
            observa(&caminho);
        }
    }

    if let Some(commit) = git(&["log", "-1", "--format=%h %cs", "--abbrev=7"]) {
        println!("cargo:rustc-env=ICE_COMMIT={commit}");
    }
}
