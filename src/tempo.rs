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
//!
//! Os números do protocolo chegam sem teto (`time 9223372036854775807` é um
//! `i64` válido): todo relógio passa por `cs_em_ms`/`limita_relogio_cs`, que
//! o limitam a `MAX_RELOGIO_CS`, e assim nenhuma conta daqui, do protocolo ou
//! da busca (que soma o tempo do ponder ao máximo) transborda.

/// Margem para a latência do pipe, da interface e do sistema.
pub const MARGEM_SEGURANCA_MS: u64 = 50;
/// Menor tempo que se dá a um lance (ms).
pub const TEMPO_MINIMO_MS: u64 = 10;
/// O protocolo conta o relógio em centésimos; a busca, em milissegundos.
pub const MS_POR_CS: u64 = 10;
/// Maior relógio levado em conta: um ano, o mesmo teto que o parser põe no
/// `level` e no `st`. Um relógio maior é tratado como este (saturado): para o
/// motor dá no mesmo, e as contas em ms ficam longe do limite do `u64`.
pub const MAX_RELOGIO_CS: u64 = 365 * 86_400 * 100;

// --- Divisão do relógio (cada número com o porquê) ---
/// O teto de um lance é um terço do relógio: mesmo estourando o alvo, sobra
/// tempo para os lances seguintes.
const DIVISOR_TETO: u64 = 3;
/// No teto entra metade do incremento: ele volta depois do lance.
const DIVISOR_INC_TETO: u64 = 2;
/// Trava do teto: nunca mais que metade do que resta (com incremento grande e
/// relógio curto, o terço + incremento passaria do próprio relógio). Usada
/// também pelo protocolo (`xboard::limites_do_lance`).
pub const DIVISOR_TRAVA: u64 = 2;
/// Lances que se supõe faltarem numa partida com incremento.
const LANCES_FUTUROS_INCREMENTO: u64 = 25;
/// Lances que se supõe faltarem na morte súbita (o número do ICE).
const LANCES_FUTUROS_MORTE_SUBITA: u64 = 30;
/// Lance a mais na divisão do modo convencional: folga para não chegar ao
/// controle com o relógio zerado.
const FOLGA_LANCES: u64 = 1;
/// Gasta-se ¾ do incremento já neste lance (numerador/denominador): o
/// incremento só chega depois do lance, então não se conta com ele inteiro.
const INC_NUMERADOR: u64 = 3;
const INC_DENOMINADOR: u64 = 4;
/// O máximo pode ir a 4× o alvo: espaço para a busca estender quando o
/// escore cai ou o melhor lance muda.
const FATOR_MAXIMO: u64 = 4;
/// Relógio padrão do xboard: 40 lances em 5 minutos.
const MPS_PADRAO: u32 = 40;
const BASE_PADRAO_CS: u64 = 5 * 60 * 100;

/// Centésimos → milissegundos, saturando em `MAX_RELOGIO_CS`.
pub fn cs_em_ms(cs: u64) -> u64 {
    cs.min(MAX_RELOGIO_CS) * MS_POR_CS
}

/// Um relógio (`time`/`otim`, que podem ser negativos: o lado estourou o
/// tempo) limitado a ±`MAX_RELOGIO_CS`, para que somar o incremento ou
/// descontar o gasto nunca transborde.
pub fn limita_relogio_cs(cs: i64) -> i64 {
    let max = MAX_RELOGIO_CS as i64;
    cs.clamp(-max, max)
}

/// Um tempo do `level` (base, incremento; sempre ≥ 0) como relógio.
pub fn relogio_cs(cs: u64) -> i64 {
    cs.min(MAX_RELOGIO_CS) as i64
}

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
        TRelogio {
            mps: MPS_PADRAO,
            base_cs: BASE_PADRAO_CS,
            inc_cs: 0,
            st_cs: 0,
            sd: 0,
            tempo_cs: BASE_PADRAO_CS as i64,
            otim_cs: BASE_PADRAO_CS as i64,
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

/// Calcula os limites de um lance. `num_lance` = número do lance do motor
/// neste controle (o primeiro é 1): no modo convencional, dele saem os lances
/// que faltam para o controle, como no ICE. Aceita qualquer `TRelogio`, até
/// com `i64::MAX`/`u64::MAX` nos campos: os relógios saturam em
/// `MAX_RELOGIO_CS` antes de qualquer conta.
pub fn calcula_limites(r: &TRelogio, num_lance: u32) -> TLimites {
    let mut lim = TLimites {
        profundidade: r.sd,
        ..TLimites::default()
    };
    if r.st_cs > 0 {
        let t = cs_em_ms(r.st_cs)
            .saturating_sub(MARGEM_SEGURANCA_MS)
            .max(TEMPO_MINIMO_MS);
        lim.tempo_alvo_ms = t;
        lim.tempo_max_ms = t;
        return lim;
    }
    // Relógio negativo (o motor já estourou): joga com o mínimo.
    let restante_ms = cs_em_ms(r.tempo_cs.max(0) as u64);
    let inc_ms = cs_em_ms(r.inc_cs);
    let inc_do_lance = inc_ms * INC_NUMERADOR / INC_DENOMINADOR;
    let teto = (restante_ms / DIVISOR_TETO + inc_ms / DIVISOR_INC_TETO)
        .min(restante_ms / DIVISOR_TRAVA)
        .saturating_sub(MARGEM_SEGURANCA_MS);
    let disponivel = restante_ms.saturating_sub(MARGEM_SEGURANCA_MS);
    let alvo = if r.mps > 0 {
        // Lances que faltam até o próximo controle (ICE: MPS − (n−1) mod MPS).
        let faltam = r.mps - ((num_lance.max(1) - 1) % r.mps);
        disponivel / (faltam as u64 + FOLGA_LANCES) + inc_do_lance
    } else if inc_ms > 0 {
        disponivel / LANCES_FUTUROS_INCREMENTO + inc_do_lance
    } else {
        disponivel / LANCES_FUTUROS_MORTE_SUBITA
    };
    lim.tempo_max_ms = (alvo * FATOR_MAXIMO).min(teto).max(TEMPO_MINIMO_MS);
    lim.tempo_alvo_ms = alvo.min(lim.tempo_max_ms).max(TEMPO_MINIMO_MS);
    lim
}

/// Desconta do relógio do motor um lance de `ms` (quando a interface não
/// manda `time`): o gasto sai, o incremento entra e, no fim de cada controle
/// de `mps` lances (`feitos` lances deste controle), a base volta. Com `st`
/// o relógio não conta.
pub fn desconta_relogio(r: &mut TRelogio, ms: u64, feitos: u32) {
    if r.st_cs > 0 {
        return;
    }
    // `saturating_*`: os relógios já vêm limitados (`limita_relogio_cs`), mas
    // o `TRelogio` é público e esta conta não pode derrubar o motor.
    let gasto_cs = relogio_cs(ms / MS_POR_CS);
    r.tempo_cs = r
        .tempo_cs
        .saturating_sub(gasto_cs)
        .saturating_add(relogio_cs(r.inc_cs));
    if r.mps > 0 && feitos > 0 && feitos.is_multiple_of(r.mps) {
        r.tempo_cs = r.tempo_cs.saturating_add(relogio_cs(r.base_cs));
    }
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

    #[test]
    fn numeros_extremos_nao_transbordam() {
        // Com `cargo test` (sem --release) as contas têm verificação de
        // transbordamento: um `*` ou `+` sem teto faria este teste entrar em
        // pânico.
        let max_ms = MAX_RELOGIO_CS * MS_POR_CS;
        for mps in [0, 1, 40, u32::MAX] {
            for num_lance in [0, 1, 39, u32::MAX] {
                let r = TRelogio {
                    mps,
                    base_cs: u64::MAX,
                    inc_cs: u64::MAX,
                    st_cs: 0,
                    sd: u32::MAX,
                    tempo_cs: i64::MAX,
                    otim_cs: i64::MIN,
                };
                let l = calcula_limites(&r, num_lance);
                assert!(l.tempo_alvo_ms <= l.tempo_max_ms, "{l:?}");
                assert!(l.tempo_max_ms <= max_ms, "{l:?}");
                // A busca soma o tempo do ponder ao máximo: tem de caber.
                assert!(l.tempo_max_ms.checked_add(u32::MAX as u64).is_some());
                // Relógio negativo ao extremo: o mínimo.
                let r = TRelogio {
                    tempo_cs: i64::MIN,
                    inc_cs: 0,
                    ..r
                };
                let l = calcula_limites(&r, num_lance);
                assert_eq!(l.tempo_max_ms, TEMPO_MINIMO_MS, "{l:?}");
            }
        }
        // `st` enorme: satura em um ano.
        let r = TRelogio {
            st_cs: u64::MAX,
            ..TRelogio::default()
        };
        let l = calcula_limites(&r, 1);
        assert_eq!(l.tempo_max_ms, max_ms - MARGEM_SEGURANCA_MS);
        // Os ajudantes do protocolo.
        assert_eq!(cs_em_ms(u64::MAX), max_ms);
        assert_eq!(limita_relogio_cs(i64::MAX), MAX_RELOGIO_CS as i64);
        assert_eq!(limita_relogio_cs(i64::MIN), -(MAX_RELOGIO_CS as i64));
        assert_eq!(limita_relogio_cs(-50), -50);
        assert_eq!(relogio_cs(u64::MAX), MAX_RELOGIO_CS as i64);
    }
}
