//! Controle de tempo: quanto pensar em cada lance (porta do relógio do ICE).
//!
//! Nível 1: depende só de `tipos`. O protocolo preenche um `TRelogio` com o
//! que a interface mandou (`level`, `st`, `sd`, `time`, `otim`) e a busca
//! recebe um `TLimites` com o tempo-alvo, o tempo máximo e os demais limites.
//!
//! A regra de alocação (ICE dividia o tempo restante pelos lances que faltam;
//! aqui com margens de segurança):
//! * convencional (`level 40 5 0`): restante ÷ lances que faltam para o
//!   controle (+1 de folga);
//! * incremento (`level 0 2 12`): restante ÷ 25 + ¾ do incremento;
//! * morte súbita (`level 0 5 0`): restante ÷ 30 (como o ICE);
//! * `st`: o tempo dado, menos a margem de latência.
//!
//! O tempo máximo (`tempo_max_ms`) é o teto absoluto de um lance: nunca mais
//! que um terço do relógio, e sempre deixando `MARGEM_SEGURANCA_MS` para o
//! atraso do pipe e da interface. A busca pode ir além do alvo (até o máximo)
//! quando o escore cai ou o melhor lance muda (ver `busca`).

/// Margem para a latência do pipe, da interface e do sistema.
pub const MARGEM_SEGURANCA_MS: u64 = 50;
/// Menor tempo que se dá a um lance (ms).
pub const TEMPO_MINIMO_MS: u64 = 10;

/// O relógio, como o protocolo o conhece.
#[derive(Clone, Copy, Debug)]
pub struct TRelogio {
    /// Lances por controle (0 = partida inteira).
    pub mps: u32,
    /// Tempo base do controle, em centésimos.
    pub base_cs: u64,
    /// Incremento por lance, em centésimos.
    pub inc_cs: u64,
    /// Tempo fixo por lance (`st`), em centésimos; 0 = não usa.
    pub st_cs: u64,
    /// Profundidade máxima (`sd`); 0 = sem limite.
    pub sd: u32,
    /// Tempo restante do motor (`time`), em centésimos.
    pub tempo_cs: i64,
    /// Tempo restante do oponente (`otim`), em centésimos.
    pub otim_cs: i64,
}

impl Default for TRelogio {
    fn default() -> Self {
        // Padrão do xboard: 40 lances em 5 minutos.
        TRelogio {
            mps: 40,
            base_cs: 30000,
            inc_cs: 0,
            st_cs: 0,
            sd: 0,
            tempo_cs: 30000,
            otim_cs: 30000,
        }
    }
}

/// Os limites de uma busca.
#[derive(Clone, Copy, Debug, Default)]
pub struct TLimites {
    /// Tempo que se pretende gastar (ms); 0 = sem limite de tempo.
    pub tempo_alvo_ms: u64,
    /// Tempo que nunca se ultrapassa (ms); 0 = sem limite.
    pub tempo_max_ms: u64,
    /// Profundidade máxima (0 = sem limite).
    pub profundidade: u32,
    /// Nós máximos (0 = sem limite).
    pub nos: u64,
    /// Busca sem fim (análise, ponder): só para por ordem de fora.
    pub infinito: bool,
}

/// Calcula os limites de um lance. `lances_feitos` = lances do motor já
/// jogados neste controle (para o modo convencional): `num_lance - 1` na
/// prática, como no ICE.
pub fn calcula_limites(r: &TRelogio, num_lance: u32) -> TLimites {
    let mut lim = TLimites {
        profundidade: r.sd,
        ..TLimites::default()
    };
    if r.st_cs > 0 {
        let t = (r.st_cs * 10)
            .saturating_sub(MARGEM_SEGURANCA_MS)
            .max(TEMPO_MINIMO_MS);
        lim.tempo_alvo_ms = t;
        lim.tempo_max_ms = t;
        return lim;
    }
    let restante_ms = (r.tempo_cs.max(0) as u64) * 10;
    let inc_ms = r.inc_cs * 10;
    // Teto absoluto: um terço do relógio mais metade do incremento que volta,
    // mas nunca mais que metade do que resta (com incremento grande e relógio
    // curto, o terço + incremento passaria do próprio relógio), menos a margem.
    let teto = (restante_ms / 3 + inc_ms / 2)
        .min(restante_ms / 2)
        .saturating_sub(MARGEM_SEGURANCA_MS);
    let disponivel = restante_ms.saturating_sub(MARGEM_SEGURANCA_MS);
    let alvo = if r.mps > 0 {
        // Lances que faltam até o próximo controle (ICE: MPS − (n−1) mod MPS).
        let faltam = r.mps - ((num_lance.max(1) - 1) % r.mps);
        disponivel / (faltam as u64 + 1) + inc_ms * 3 / 4
    } else if inc_ms > 0 {
        disponivel / 25 + inc_ms * 3 / 4
    } else {
        disponivel / 30
    };
    lim.tempo_max_ms = (alvo * 4).min(teto).max(TEMPO_MINIMO_MS);
    lim.tempo_alvo_ms = alvo.min(lim.tempo_max_ms).max(TEMPO_MINIMO_MS);
    lim
}

#[cfg(test)]
mod testes {
    use super::*;

    fn rel(mps: u32, base_s: u64, inc_s: u64, tempo_cs: i64) -> TRelogio {
        TRelogio {
            mps,
            base_cs: base_s * 100,
            inc_cs: inc_s * 100,
            tempo_cs,
            ..TRelogio::default()
        }
    }

    #[test]
    fn convencional() {
        // level 40 5 0, 300 s no relógio, lance 1: ~300/41 s.
        let l = calcula_limites(&rel(40, 300, 0, 30000), 1);
        assert!((7000..7400).contains(&l.tempo_alvo_ms), "{l:?}");
        assert!(l.tempo_max_ms <= 100_000);
        // Lance 39: faltam 2 lances para o controle, tempo restante 20 s.
        let l = calcula_limites(&rel(40, 300, 0, 2000), 39);
        assert!((6000..7000).contains(&l.tempo_alvo_ms), "{l:?}");
        assert!(l.tempo_max_ms <= 2000 * 10 / 3);
    }

    #[test]
    fn incremento_e_morte_subita() {
        // level 0 2 12 com 120 s: 120/25 + 9 = 13.8 s.
        let l = calcula_limites(&rel(0, 120, 12, 12000), 1);
        assert!((13000..14500).contains(&l.tempo_alvo_ms), "{l:?}");
        // level 0 5 0 com 300 s: 10 s.
        let l = calcula_limites(&rel(0, 300, 0, 30000), 1);
        assert!((9800..10000).contains(&l.tempo_alvo_ms), "{l:?}");
        // Relógio quase zerado: nunca passa do restante menos a margem.
        let l = calcula_limites(&rel(0, 60, 0, 5), 50);
        assert_eq!(l.tempo_max_ms, TEMPO_MINIMO_MS);
        // Incremento grande com relógio curto (level 0 2 12, 3 s): nunca passa
        // de metade do que resta.
        let l = calcula_limites(&rel(0, 120, 12, 300), 40);
        assert!(l.tempo_max_ms <= 1450, "{l:?}");
        // Incremento fracionário (level 0 1 0.5): 50 cs.
        let r = TRelogio {
            mps: 0,
            base_cs: 6000,
            inc_cs: 50,
            tempo_cs: 100,
            ..TRelogio::default()
        };
        let l = calcula_limites(&r, 30);
        assert!(l.tempo_max_ms <= 1000 / 3 + 250, "{l:?}");
    }

    #[test]
    fn tempo_fixo_e_profundidade() {
        let r = TRelogio {
            st_cs: 200,
            sd: 7,
            ..TRelogio::default()
        };
        let l = calcula_limites(&r, 1);
        assert_eq!(l.tempo_alvo_ms, 1950);
        assert_eq!(l.tempo_max_ms, 1950);
        assert_eq!(l.profundidade, 7);
    }
}
