//! Controle de tempo: quanto pensar em cada lance e, durante a busca, quando
//! parar (porta do relógio do ICE, `InicializaTempoBusca` e o teste de fim de
//! tempo da `Busca()` em busca.c, seção 4.4 do artigo).
//!
//! Nível 1: não depende de nenhum módulo do motor. Todo o tempo é decidido
//! aqui, em dois momentos:
//! * antes da busca, o protocolo preenche um `TRelogio` com o que a
//!   interface mandou (`level`, `st`, `sd`, `time`, `otim`) e recebe um
//!   `TLimites` com o tempo-alvo, o tempo máximo e os demais limites
//!   (`calcula_limites`; com `nps N`, o orçamento de nós de `limites_com_nps`);
//! * durante a busca, ela guarda um `TTempo` (o início, os limites em vigor,
//!   a instabilidade, o relógio virtual do `nps` e o ponder) e pergunta a
//!   ele: quanto tempo passou (`tempo_decorrido_ms`), se tem de parar já
//!   (`limite_atingido`), se vale começar outra iteração
//!   (`cabe_outra_iteracao`, depois de `nota_iteracao`), e avisa do acerto
//!   do ponder (`acerto_do_ponder`). A ideia é a dos gerentes de tempo do
//!   Ethereal e do Stockfish: um alvo que a instabilidade da busca estica e
//!   um máximo que nunca se passa.
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
//! que um terço do relógio (nem que metade dele, com incremento grande), e
//! sempre deixando `MARGEM_SEGURANCA_MS` para o atraso do pipe e da
//! interface. A busca pode ir além do alvo (até o máximo) quando o escore
//! cai ou o melhor lance muda (a instabilidade de `nota_iteracao`).
//!
//! Os números do protocolo chegam sem teto (`time 9223372036854775807` é um
//! `i64` válido): todo relógio passa por `cs_em_ms`/`limita_relogio_cs`, que
//! o limitam a `MAX_RELOGIO_CS`, e assim nenhuma conta daqui, do protocolo ou
//! da busca (que soma o tempo do ponder ao máximo) transborda.

use std::time::Instant;

/// Margem para a latência do pipe, da interface e do sistema.
pub const MARGEM_SEGURANCA_MS: u64 = 50;
/// Menor tempo que se dá a um lance (ms).
pub const TEMPO_MINIMO_MS: u64 = 10;
/// Relógio em emergência: abaixo disto (5 margens), cada lance custa, além
/// do que a busca gasta, a latência do pipe e da interface (10–30 ms numa
/// máquina carregada, medidos no match de 960 a 2+0.02), que o motor não vê.
/// Gastar ¾ do incremento (ou o mínimo de 10 ms) já esvazia o relógio aos
/// poucos; aqui o lance fica em ¼ do incremento (teto: ½) e o mínimo cai.
pub const RELOGIO_EMERGENCIA_MS: u64 = 5 * MARGEM_SEGURANCA_MS;
/// Menor tempo de um lance com o relógio em emergência (ms): a iteração 1
/// cabe nisso e sempre dá um lance legal.
const TEMPO_MINIMO_EMERGENCIA_MS: u64 = 2;
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
/// relógio curto, o terço + incremento passaria do próprio relógio: em
/// `level 0 2 12` com 3 s, o incremento só chega depois do lance).
const DIVISOR_TRAVA: u64 = 2;
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
    /// `go mate N` do UCI: para assim que uma iteração completa prova um
    /// mate em N lances ou menos (0 = sem pedido de mate).
    pub mate: u32,
    /// Tempo fixo por lance (`st` do xboard, `movetime` do UCI: "exatamente
    /// N"): a busca vai até o tempo máximo, sem a regra de não começar uma
    /// iteração que não caberia, porque o tempo não usado aqui não serve a
    /// lance nenhum depois.
    pub tempo_fixo: bool,
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
        lim.tempo_fixo = true;
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
    if restante_ms < RELOGIO_EMERGENCIA_MS && r.mps == 0 {
        // Emergência: o lance mais a latência tem de caber no incremento
        // (sem incremento, num décimo do que resta), para o relógio voltar
        // a crescer em vez de chegar a zero.
        let teto = if inc_ms > 0 {
            inc_ms / 2
        } else {
            restante_ms / 10
        };
        let alvo = if inc_ms > 0 { inc_ms / 4 } else { teto / 2 };
        lim.tempo_max_ms = lim.tempo_max_ms.min(teto).max(TEMPO_MINIMO_EMERGENCIA_MS);
        lim.tempo_alvo_ms = lim
            .tempo_alvo_ms
            .min(alvo)
            .clamp(TEMPO_MINIMO_EMERGENCIA_MS, lim.tempo_max_ms);
    }
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

/// Com `nps N` (CECP) o lance tem um orçamento de nós: o tempo-alvo (ou o
/// `st` inteiro, sem margem: o relógio virtual não tem atraso de pipe) × N,
/// e a busca vai até ele, sem parar antes numa fronteira de iteração (os
/// limites de tempo somem). Assim a força é fixa e se repete: a mesma
/// posição, os mesmos nós, o mesmo lance. Com `nps` 0, `lim` como veio.
pub fn limites_com_nps(lim: &TLimites, r: &TRelogio, nps: u64) -> TLimites {
    let mut lim = *lim;
    if nps > 0 {
        let ms = if r.st_cs > 0 {
            cs_em_ms(r.st_cs)
        } else {
            lim.tempo_alvo_ms
        };
        lim.nos = (ms.saturating_mul(nps) / 1000).max(1);
        lim.tempo_alvo_ms = 0;
        lim.tempo_max_ms = 0;
    }
    lim
}

// ---------------------------------------------------------------------------
// O relógio durante a busca
// ---------------------------------------------------------------------------

/// De quantos em quantos nós (potência de 2, menos 1) a busca olha o
/// relógio, o limite de nós e a entrada.
pub const MASCARA_RELOGIO: u64 = 2047;
/// Com um limite de nós (`ice datagen`, `ice busca --nos`, `nps`), a
/// verificação é mais frequente: de 2048 em 2048, um limite de 5000 nós
/// pararia em 6144. De 256 em 256 o limite vale com 5 % de folga, e
/// consultar o relógio a cada 256 nós ainda custa menos de um milésimo do
/// tempo.
const MASCARA_NOS: u64 = 255;

// --- Entre iterações: a instabilidade ---
// O tempo-alvo é multiplicado pela instabilidade: posição em que o melhor
// lance muda ou o escore cai merece mais tempo.
/// Uma iteração custa várias vezes a anterior: passada esta fração do alvo,
/// a próxima provavelmente não terminaria, e uma iteração incompleta pouco
/// acrescenta.
const FRACAO_ALVO_NOVA_ITERACAO: f64 = 0.55;
/// O melhor lance mudou nesta iteração: a busca ainda não se decidiu.
const FATOR_LANCE_MUDOU: f64 = 1.6;
/// O escore caiu: talvez haja uma defesa a achar, vale pensar mais.
const FATOR_ESCORE_CAIU: f64 = 1.4;
/// Teto da instabilidade: nunca mais que 3× o alvo (o máximo da jogada,
/// `tempo_max_ms`, continua valendo de qualquer modo).
const TETO_INSTABILIDADE: f64 = 3.0;
/// A cada iteração estável a instabilidade volta 10% em direção a 1.
const DECAIMENTO_INSTABILIDADE: f64 = 0.9;
/// Queda de escore (centipeões) entre iterações que conta como instável…
const QUEDA_ESCORE: i32 = 30;
/// …só depois desta profundidade: nas iterações rasas o escore oscila à toa.
const PROF_MIN_QUEDA: i32 = 4;

// --- A fração dos nós no melhor lance ---
// Quando quase todos os nós da raiz foram para o melhor lance, os outros
// caíram depressa (refutados) e a escolha é fácil: o alvo encolhe. Quando o
// melhor lance levou poucos, os outros custaram a ser refutados: o alvo
// cresce. Fator = max(½, 1 + 1,5·(0,5 − fração)): 1 em 50 %, ½ de 83 % para
// cima, 1,3 em 30 %. O centro é a mediana medida nesta busca (0,17–0,92
// em cinco posições, iterações ≥ 6): com o centro do Ethereal (70 %) o alvo
// crescia ~40 % na maioria dos lances e o conjunto não passou no SPRT.
/// A fração que deixa o alvo como está (antes da primeira medida).
pub const FRACAO_NEUTRA: f64 = 0.5;
/// Quanto o alvo muda por unidade de fração.
const INCLINACAO_NOS: f64 = 1.5;
/// O fator nunca encolhe o alvo mais que isto.
const FATOR_NOS_MINIMO: f64 = 0.5;
/// Só iterações a partir desta profundidade medem a fração: nas rasas a
/// árvore é pequena demais para a divisão dos nós dizer algo.
const PROF_MIN_FRACAO: i32 = 6;

/// O relógio de uma busca: o que ela precisa para saber quanto tempo passou
/// e quando parar. Um por thread (só o da principal manda); a busca o
/// reinicia em cada `busca` com `inicializa_tempo_busca`.
#[derive(Clone, Copy, Debug)]
pub struct TTempo {
    /// Início da busca no relógio de parede.
    pub inicio: Instant,
    /// Os limites em vigor: os pedidos e, depois do acerto do ponder, os do
    /// lance (deslocados pelo tempo já pensado).
    pub limites: TLimites,
    /// Os limites que passam a valer quando o ponder acerta.
    pub limites_ponderhit: TLimites,
    /// Pensando no tempo do oponente: o relógio só corre depois do acerto.
    pub ponderando: bool,
    /// O ponder acertou durante esta busca.
    pub ponder_acertou: bool,
    /// `nps N` (CECP): N > 0 faz o tempo ser os nós ÷ N (um relógio
    /// virtual, reproduzível: a mesma posição gasta os mesmos nós); 0 usa o
    /// relógio de parede.
    pub nps: u64,
    /// Multiplica o tempo-alvo: 1 numa posição calma, até
    /// `TETO_INSTABILIDADE` quando a busca não se decide.
    pub instabilidade: f64,
    /// Fração dos nós da raiz, na última iteração medida, gastos no melhor
    /// lance (`FRACAO_NEUTRA` antes da primeira).
    pub fracao_melhor: f64,
}

impl Default for TTempo {
    fn default() -> Self {
        TTempo {
            inicio: Instant::now(),
            limites: TLimites::default(),
            limites_ponderhit: TLimites::default(),
            ponderando: false,
            ponder_acertou: false,
            nps: 0,
            instabilidade: 1.0,
            fracao_melhor: FRACAO_NEUTRA,
        }
    }
}

/// O relógio de uma busca que começa agora com os limites `lim`. Com
/// `ponder` (os limites do lance, se o ponder acertar) o relógio espera o
/// acerto; com `nps` > 0 ele é virtual. Porta de `InicializaTempoBusca()`.
pub fn inicializa_tempo_busca(lim: &TLimites, nps: u64, ponder: Option<&TLimites>) -> TTempo {
    TTempo {
        inicio: Instant::now(),
        limites: *lim,
        limites_ponderhit: ponder.copied().unwrap_or_default(),
        ponderando: ponder.is_some(),
        ponder_acertou: false,
        nps,
        instabilidade: 1.0,
        fracao_melhor: FRACAO_NEUTRA,
    }
}

/// Milissegundos desde o início da busca, com `nos` nós pesquisados. Com
/// `nps N` o tempo é virtual: os nós ÷ N (a especificação manda decidir e
/// informar o tempo assim, para que a força não dependa da máquina).
#[inline]
pub fn tempo_decorrido_ms(t: &TTempo, nos: u64) -> u64 {
    match nos.saturating_mul(1000).checked_div(t.nps) {
        Some(ms) => ms,
        None => t.inicio.elapsed().as_millis() as u64,
    }
}

/// De quantos em quantos nós (menos 1) olhar o relógio: com limite de nós
/// ou tempo virtual o limite é em nós, e tem de ser olhado mais amiúde para
/// não passar dele.
pub fn mascara_verificacao(t: &TTempo) -> u64 {
    if t.limites.nos > 0 || t.nps > 0 {
        MASCARA_NOS
    } else {
        MASCARA_RELOGIO
    }
}

/// Só uma ordem de fora (ou o acerto do ponder) termina esta busca? Na
/// análise (`infinito`) e no ponder nem o relógio nem o limite de nós valem.
#[inline]
pub fn so_para_por_ordem(t: &TTempo) -> bool {
    t.limites.infinito || t.ponderando
}

/// A busca tem de parar já, no meio da iteração: passou do tempo máximo ou
/// do limite de nós (`ms` e `nos` são os de agora).
pub fn limite_atingido(t: &TTempo, ms: u64, nos: u64) -> bool {
    let lim = &t.limites;
    !so_para_por_ordem(t)
        && ((lim.tempo_max_ms > 0 && ms >= lim.tempo_max_ms) || (lim.nos > 0 && nos >= lim.nos))
}

/// Fim de uma iteração na profundidade `prof`: a instabilidade volta um
/// pouco em direção a 1 e cresce se o melhor lance mudou nesta iteração ou
/// se o escore caiu desde a anterior (`escore_anterior` → `escore`); a
/// fração dos nós no melhor lance (`fracao_melhor`) fica para o alvo.
pub fn nota_iteracao(
    t: &mut TTempo,
    prof: i32,
    lance_mudou: bool,
    escore_anterior: i32,
    escore: i32,
    fracao_melhor: f64,
) {
    if prof >= PROF_MIN_FRACAO {
        t.fracao_melhor = fracao_melhor.clamp(0.0, 1.0);
    }
    t.instabilidade = (t.instabilidade * DECAIMENTO_INSTABILIDADE).max(1.0);
    if lance_mudou {
        t.instabilidade = (t.instabilidade * FATOR_LANCE_MUDOU).min(TETO_INSTABILIDADE);
    }
    if escore < escore_anterior - QUEDA_ESCORE && prof > PROF_MIN_QUEDA {
        t.instabilidade = (t.instabilidade * FATOR_ESCORE_CAIU).min(TETO_INSTABILIDADE);
    }
}

/// Vale começar outra iteração, com `nos` nós já pesquisados? Não se ela
/// quase certamente não terminaria no tempo-alvo (esticado pela
/// instabilidade), nem se o limite de nós passou. Na análise e no ponder,
/// sempre (só a ordem de fora para a busca).
pub fn cabe_outra_iteracao(t: &TTempo, nos: u64) -> bool {
    if so_para_por_ordem(t) {
        return true;
    }
    let lim = &t.limites;
    let ms = tempo_decorrido_ms(t, nos) as f64;
    let alvo = lim.tempo_alvo_ms as f64 * t.instabilidade * fator_nos(t.fracao_melhor);
    if lim.tempo_alvo_ms > 0 && !lim.tempo_fixo && ms > alvo * FRACAO_ALVO_NOVA_ITERACAO {
        return false;
    }
    !(lim.nos > 0 && nos >= lim.nos)
}

/// O fator do alvo pela fração dos nós no melhor lance (ver FRACAO_NEUTRA).
pub fn fator_nos(fracao_melhor: f64) -> f64 {
    (1.0 + INCLINACAO_NOS * (FRACAO_NEUTRA - fracao_melhor)).max(FATOR_NOS_MINIMO)
}

/// O ponder acertou depois de `ms` pensados: a busca segue, agora com o
/// relógio do lance. O tempo já pensado é lucro: os limites contam a partir
/// daqui (o alvo e o máximo são deslocados por `ms`).
pub fn acerto_do_ponder(t: &mut TTempo, ms: u64) {
    t.ponderando = false;
    t.limites = t.limites_ponderhit;
    if t.limites.tempo_max_ms > 0 {
        t.limites.tempo_max_ms += ms;
        t.limites.tempo_alvo_ms += ms;
    }
    t.limites.infinito = false;
    t.ponder_acertou = true;
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
        assert!(l.tempo_max_ms <= TEMPO_MINIMO_MS, "{l:?}");
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

    /// O match de 960 a 2+0.02 (2026-11-26): com 210 ms e 20 ms de
    /// incremento o motor gastava 21 ms por lance (mais a latência), e com
    /// 100 ms o mínimo de 10 ms; o relógio chegou a zero no lance 64. Em
    /// emergência o lance cabe no incremento com folga para a latência.
    #[test]
    fn emergencia_cabe_no_incremento() {
        let r = TRelogio {
            mps: 0,
            base_cs: 200,
            inc_cs: 2,
            ..TRelogio::default()
        };
        for tempo_cs in [1, 3, 10, 21] {
            let l = calcula_limites(&TRelogio { tempo_cs, ..r }, 60);
            assert!(
                l.tempo_max_ms <= 10 && l.tempo_alvo_ms <= 5,
                "{tempo_cs}: {l:?}"
            );
            assert!(l.tempo_alvo_ms >= 2 && l.tempo_alvo_ms <= l.tempo_max_ms);
        }
        // Fora da emergência nada muda: 2 s no relógio, o alvo de sempre.
        let l = calcula_limites(&TRelogio { tempo_cs: 200, ..r }, 1);
        assert!(l.tempo_alvo_ms > 50, "{l:?}");
        // Sem incremento, um décimo do que resta.
        let l = calcula_limites(&rel(0, 60, 0, 20), 50);
        assert!(l.tempo_max_ms <= 20 && l.tempo_max_ms >= 2, "{l:?}");
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
        // Tempo fixo: uma iteração sempre começa enquanto houver tempo (o
        // máximo interrompe a busca); com relógio, não depois de 55 % do alvo.
        assert!(l.tempo_fixo);
        let t = inicializa_tempo_busca(&l, 1000, None);
        assert!(cabe_outra_iteracao(&t, 1900));
        let mut relogio = l;
        relogio.tempo_fixo = false;
        let t = inicializa_tempo_busca(&relogio, 1000, None);
        assert!(!cabe_outra_iteracao(&t, 1900));
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
                // (na morte súbita, o mínimo da emergência)
                let minimo = if mps == 0 {
                    TEMPO_MINIMO_EMERGENCIA_MS
                } else {
                    TEMPO_MINIMO_MS
                };
                assert_eq!(l.tempo_max_ms, minimo, "{l:?}");
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

    #[test]
    fn teto_nunca_passa_de_metade_do_relogio() {
        // A trava de metade do relógio vale para todo controle (o protocolo
        // não precisa repeti-la): com incremento grande e pouco tempo, o
        // máximo e o alvo ficam abaixo de metade do que resta, menos a margem.
        for mps in [0, 1, 40] {
            for inc_s in [0, 2, 12, 60] {
                for tempo_cs in [0, 5, 300, 1000, 12000, 30000] {
                    for num_lance in [1, 20, 39, 40] {
                        let l = calcula_limites(&rel(mps, 120, inc_s, tempo_cs), num_lance);
                        let metade = (cs_em_ms(tempo_cs as u64) / DIVISOR_TRAVA)
                            .saturating_sub(MARGEM_SEGURANCA_MS)
                            .max(TEMPO_MINIMO_MS);
                        assert!(l.tempo_max_ms <= metade, "{mps} {inc_s} {tempo_cs} {l:?}");
                        assert!(l.tempo_alvo_ms <= l.tempo_max_ms, "{l:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn orcamento_de_nos_do_nps() {
        // `st 2` com `nps 1000`: 2000 nós, sem limite de tempo.
        let r = TRelogio {
            st_cs: 200,
            ..TRelogio::default()
        };
        let l = limites_com_nps(&calcula_limites(&r, 1), &r, 1000);
        assert_eq!((l.nos, l.tempo_alvo_ms, l.tempo_max_ms), (2000, 0, 0));
        // Com relógio: o tempo-alvo × N.
        let r = rel(0, 300, 0, 30000);
        let lim = calcula_limites(&r, 1);
        let l = limites_com_nps(&lim, &r, 500);
        assert_eq!(l.nos, lim.tempo_alvo_ms * 500 / 1000);
        // Sem `nps`, os limites como vieram.
        let l = limites_com_nps(&lim, &r, 0);
        assert_eq!((l.nos, l.tempo_alvo_ms), (0, lim.tempo_alvo_ms));
    }

    #[test]
    fn relogio_virtual_e_ponder() {
        let lim = TLimites {
            tempo_alvo_ms: 1000,
            tempo_max_ms: 2000,
            ..TLimites::default()
        };
        // `nps 1000`: 1 nó por milissegundo.
        let t = inicializa_tempo_busca(&lim, 1000, None);
        assert_eq!(tempo_decorrido_ms(&t, 1500), 1500);
        assert_eq!(mascara_verificacao(&t), MASCARA_NOS);
        assert!(!limite_atingido(&t, 1999, 1999));
        assert!(limite_atingido(&t, 2000, 2000));
        // No ponder o relógio não manda, até o acerto…
        let hit = TLimites {
            tempo_alvo_ms: 300,
            tempo_max_ms: 600,
            ..TLimites::default()
        };
        let mut t = inicializa_tempo_busca(&TLimites::default(), 0, Some(&hit));
        assert!(so_para_por_ordem(&t) && !limite_atingido(&t, 10_000, 0));
        assert!(cabe_outra_iteracao(&t, 0));
        // …que desloca os limites pelo tempo já pensado.
        acerto_do_ponder(&mut t, 700);
        assert!(!t.ponderando && t.ponder_acertou && !so_para_por_ordem(&t));
        assert_eq!(
            (t.limites.tempo_alvo_ms, t.limites.tempo_max_ms),
            (1000, 1300)
        );
        assert!(!limite_atingido(&t, 1299, 0) && limite_atingido(&t, 1300, 0));
    }

    #[test]
    fn instabilidade_estica_o_alvo() {
        let lim = TLimites {
            tempo_alvo_ms: 1000,
            tempo_max_ms: 4000,
            ..TLimites::default()
        };
        let mut t = inicializa_tempo_busca(&lim, 1000, None);
        // Calma: passados 55 % do alvo, não começa outra iteração.
        nota_iteracao(&mut t, 5, false, 20, 25, FRACAO_NEUTRA);
        assert_eq!(t.instabilidade, 1.0);
        assert!(cabe_outra_iteracao(&t, 540) && !cabe_outra_iteracao(&t, 560));
        // O lance mudou: o alvo vira 1,6 s e a iteração cabe.
        nota_iteracao(&mut t, 6, true, 25, 25, FRACAO_NEUTRA);
        assert!(cabe_outra_iteracao(&t, 560));
        // Lance mudou e escore caiu várias vezes: nunca passa do teto.
        for prof in 7..12 {
            nota_iteracao(&mut t, prof, true, 100, 0, FRACAO_NEUTRA);
        }
        assert_eq!(t.instabilidade, TETO_INSTABILIDADE);
        // Queda nas iterações rasas não conta.
        let mut t = inicializa_tempo_busca(&lim, 1000, None);
        nota_iteracao(&mut t, PROF_MIN_QUEDA, false, 100, 0, FRACAO_NEUTRA);
        assert_eq!(t.instabilidade, 1.0);
        // Iterações calmas trazem a instabilidade de volta a 1.
        nota_iteracao(&mut t, 8, false, 100, 0, FRACAO_NEUTRA);
        assert!(t.instabilidade > 1.0);
        for prof in 9..20 {
            nota_iteracao(&mut t, prof, false, 0, 0, FRACAO_NEUTRA);
        }
        assert_eq!(t.instabilidade, 1.0);
        // O limite de nós também acaba com as iterações.
        let t = inicializa_tempo_busca(
            &TLimites {
                nos: 5000,
                ..TLimites::default()
            },
            0,
            None,
        );
        assert!(cabe_outra_iteracao(&t, 4999) && !cabe_outra_iteracao(&t, 5000));
    }

    #[test]
    fn fracao_dos_nos_no_melhor_lance_move_o_alvo() {
        assert!((fator_nos(FRACAO_NEUTRA) - 1.0).abs() < 1e-9);
        assert!((fator_nos(0.3) - 1.3).abs() < 1e-9);
        assert_eq!(fator_nos(0.99), FATOR_NOS_MINIMO);
        let lim = TLimites {
            tempo_alvo_ms: 1000,
            tempo_max_ms: 4000,
            ..TLimites::default()
        };
        // Relógio virtual a 1000 nós/s: nós = ms.
        let mut t = inicializa_tempo_busca(&lim, 1000, None);
        // Lance fácil (95 % dos nós nele): o alvo cai à metade, e passados
        // 55 % de 500 ms não começa outra iteração.
        nota_iteracao(&mut t, 8, false, 0, 0, 0.95);
        assert!(cabe_outra_iteracao(&t, 270) && !cabe_outra_iteracao(&t, 280));
        // Lance difícil (30 %): 1,3 s de alvo, cabe até 715 ms.
        nota_iteracao(&mut t, 9, false, 0, 0, 0.3);
        assert!(cabe_outra_iteracao(&t, 710) && !cabe_outra_iteracao(&t, 720));
        // Nas iterações rasas a fração não é medida.
        let mut t = inicializa_tempo_busca(&lim, 1000, None);
        nota_iteracao(&mut t, PROF_MIN_FRACAO - 1, false, 0, 0, 0.99);
        assert_eq!(t.fracao_melhor, FRACAO_NEUTRA);
    }
}
