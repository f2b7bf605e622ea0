//! Recursos absurdos pelo protocolo: `memory`/`cores` fora do que o motor
//! pode dar. O `memory 1000000` aloca e zera 2 GB (cerca de um segundo de
//! CPU): roda ao lado dos outros testes, mas com prazo próprio, folgado.

use crate::motor;

use motor::*;
use std::time::Duration;

/// `memory`/`cores` absurdos: zero (e threads demais) é `Error` e nada muda;
/// uma tabela maior que o motor ou a máquina dá não derruba o processo: ele
/// fica com a maior que pode e diz numa linha `#` quantos MB ela tem.
#[test]
fn memory_e_cores_absurdos() {
    let mut m = motor_pronto();
    for l in ["memory 0", "cores 0", "cores 100000", "memory -5"] {
        envia(&mut m, l);
        assert_eq!(
            sincroniza(&mut m),
            vec![format!("Error (bad argument): {l}")]
        );
    }
    // A tabela de 2 GB é zerada na hora: numa máquina ocupada isso pode
    // levar mais que o prazo comum.
    envia(&mut m, "memory 1000000");
    let v = espera(
        &mut m,
        |l| l.starts_with("# memory"),
        Duration::from_secs(120),
    );
    assert_eq!(v.len(), 1, "{v:#?}");
    assert!(sincroniza(&mut m).is_empty());
    let mb: u64 = v[0]
        .strip_prefix("# memory 1000000: tabela de ")
        .and_then(|r| r.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{v:#?}"));
    assert!((1..=2048).contains(&mb), "{v:#?}");
    // Um tamanho que cabe não gera aviso, e o motor joga.
    envia(&mut m, "memory 8");
    assert!(sincroniza(&mut m).is_empty());
    envia(&mut m, "sd 3");
    envia(&mut m, "go");
    let (v, x) = espera_lance(&mut m);
    let fen_inicial = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert!(lance_legal(fen_inicial, &x), "{x}: {v:#?}");
}
