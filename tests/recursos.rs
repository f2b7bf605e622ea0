//! Recursos absurdos pelo protocolo: `memory`/`cores` fora do que o motor
//! pode dar. O motor roda com a memória virtual limitada (`ulimit -v`):
//! a tabela grande demais é negada na reserva, sem alocar nada.

use crate::motor;

use motor::*;
use std::time::Duration;

/// `memory`/`cores` absurdos: threads demais (ou zero) é `Error` e nada
/// muda; a tabela satura na faixa do motor (1..65536 MB) e diz isso numa
/// linha `#`; uma tabela maior que a máquina dá não derruba o processo. O
/// motor roda com a memória virtual limitada a 2 GB (`ulimit -v`): a
/// tabela pedida (a memória livre menos a margem, até 64 GB) é negada na
/// reserva, sem alocar nada, e o motor fica com a tabela do tamanho antigo.
#[test]
fn memory_e_cores_absurdos() {
    let mut m = abre_motor_limitado(2048, &["--hash", "8", "--sem-livro"]);
    handshake(&mut m);
    for l in ["cores 0", "cores 100000", "memory x"] {
        envia(&mut m, l);
        assert_eq!(
            sincroniza(&mut m),
            vec![format!("Error (bad argument): {l}")]
        );
    }
    // Zero (e negativo, que já vira 0 no parser) satura em 1 MB, com aviso.
    for l in ["memory 0", "memory -5"] {
        envia(&mut m, l);
        assert_eq!(
            sincroniza(&mut m),
            vec!["# memory 0: Hash: 1 MB; 0 MB is outside 1..65536, saturated to 1 MB"]
        );
    }
    envia(&mut m, "memory 8");
    assert!(sincroniza(&mut m).is_empty());
    envia(&mut m, "memory 1000000");
    let v = espera(
        &mut m,
        |l| l.starts_with("# memory"),
        Duration::from_secs(120),
    );
    assert_eq!(v.len(), 1, "{v:#?}");
    assert!(sincroniza(&mut m).is_empty());
    let l = &v[0];
    assert!(
        l.starts_with("# memory 1000000: Hash: ")
            && l.contains("; 1000000 MB is outside 1..65536, saturated to 65536 MB"),
        "{l}"
    );
    let mb: u64 = l
        .strip_prefix("# memory 1000000: Hash: ")
        .and_then(|r| r.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{l}"));
    assert!((1..=2048).contains(&mb), "{l}");
    // Com memória livre de sobra, o teto dela passa dos 2 GB do limite: a
    // reserva falha e fica a tabela antiga (8 MB).
    if ice::hash::memoria_disponivel_mb().unwrap_or(0) > 8192 {
        assert_eq!(mb, 8, "{l}");
        assert!(l.contains("failed, the previous size stays"), "{l}");
    }
    // O mesmo no UCI (outro processo, o mesmo limite).
    let mut u = abre_motor_limitado(2048, &["--hash", "8", "--sem-livro"]);
    envia(&mut u, "uci");
    espera_linha(&mut u, "uciok");
    envia(&mut u, "setoption name Hash value 99999999999999999999999");
    envia(&mut u, "isready");
    let v = espera(&mut u, |l| l == "readyok", Duration::from_secs(120));
    assert_eq!(v.len(), 2, "{v:#?}");
    assert!(
        v[0].starts_with("info string Hash: ") && v[0].contains("saturated to 65536 MB"),
        "{v:#?}"
    );
    if ice::hash::memoria_disponivel_mb().unwrap_or(0) > 8192 {
        assert!(v[0].starts_with("info string Hash: 8 MB;"), "{v:#?}");
        assert!(v[0].contains("failed, the previous size stays"), "{v:#?}");
    }
    envia(&mut u, "position startpos");
    envia(&mut u, "go depth 3");
    let v = espera(&mut u, |l| l.starts_with("bestmove "), PRAZO);
    let lance = v.last().unwrap().split_whitespace().nth(1).unwrap();
    let fen_inicial = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert!(lance_legal(fen_inicial, lance), "{v:#?}");
    // E o xboard joga com a tabela que ficou.
    envia(&mut m, "sd 3");
    envia(&mut m, "go");
    let (v, x) = espera_lance(&mut m);
    assert!(lance_legal(fen_inicial, &x), "{x}: {v:#?}");
}
