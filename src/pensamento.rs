//! A linha de pensamento no formato de cada protocolo: o `ply escore tempo
//! nós pv` do xboard (`post`), o `info depth …` do UCI, o `stat01:` e os
//! escores (centipeões, mate). Funções puras: recebem o que a busca relatou
//! (`relato::TLinhaPensamento`) e devolvem texto; quem escreve é o protocolo
//! (`relato_xboard`, `relato_uci`), e quem decide o que vale a pena mostrar
//! também (`mostra_no_xboard`, `mostra_no_uci` estão aqui para os dois
//! lerem as regras num lugar só).
//!
//! Nível 1: depende de `tipos`, `lance`, `relato` e `wdl`. Porta do
//! `ImprimePV` do ICE (seção 4.4.1 do artigo); o formato UCI, o `currmove`,
//! o MultiPV, os limites da janela de aspiração e o `wdl` são do ICE-rs.

use crate::lance::{lance_para_texto, lance_para_texto_xboard_marcado, mesmo_lance, TLance};
use crate::relato::{TInfoBusca, TLinhaPensamento, TTipoLinha};
use crate::tipos::{LIMIAR_MATE, MATE};
use crate::wdl::wdl;

/// Depois de quanto tempo de busca o UCI recebe `info currmove` (ms).
pub const MS_CURRMOVE: u64 = 3000;
/// Depois de quanto tempo o UCI recebe também as melhoras no meio de uma
/// iteração e as falhas da janela de aspiração (ms); antes, só a linha do
/// fim de cada iteração.
pub const MS_MELHORA_UCI: u64 = 1000;

/// Escore no formato do protocolo xboard: centipeões, ou ±(100000 + N) para
/// mate em N lances.
pub fn escore_xboard(escore: i32) -> i32 {
    if escore >= LIMIAR_MATE {
        100_000 + (MATE - escore + 1) / 2
    } else if escore <= -LIMIAR_MATE {
        -(100_000 + (MATE + escore) / 2)
    } else {
        escore
    }
}

/// Escore no formato do UCI: `cp N`, ou `mate N` em lances (negativo
/// quando é o lado a jogar que leva mate).
pub fn escore_uci(escore: i32) -> String {
    if escore >= LIMIAR_MATE {
        format!("mate {}", (MATE - escore + 1) / 2)
    } else if escore <= -LIMIAR_MATE {
        format!("mate -{}", (MATE + escore) / 2)
    } else {
        format!("cp {escore}")
    }
}

/// O xboard mostra esta linha? As do fim de cada iteração sempre; as
/// melhoras no meio da iteração só com uma linha (com MultiPV as linhas saem
/// juntas, no fim); a do fim da busca só com `nps`, quando a interface
/// cobra o relógio virtual pelos nós informados. As falhas da janela de
/// aspiração nunca: o CECP não tem como dizer "limite" (a linha é `ply
/// escore tempo nós pv`), e o XBoard toma o escore de cada linha como exato
/// — ele o mostra, e o usa para adjudicar a partida (`-adjudicate`) e nos
/// gráficos. Um limite da janela mostrado como escore seria uma mentira; a
/// linha certa chega logo depois, quando a janela aberta acha o escore.
pub fn mostra_no_xboard(l: &TLinhaPensamento) -> bool {
    match l.tipo {
        TTipoLinha::Iteracao => true,
        TTipoLinha::Melhora => l.linhas <= 1,
        TTipoLinha::Final => l.nps_virtual,
        TTipoLinha::FalhaAlta | TTipoLinha::FalhaBaixa => false,
    }
}

/// O UCI mostra esta linha? As melhoras no meio de uma iteração e as falhas
/// da janela de aspiração (`lowerbound`/`upperbound`) só nas buscas longas
/// (`MS_MELHORA_UCI`) e com uma linha só: numa busca de poucos milissegundos
/// elas seriam metade das linhas, e ninguém as lê (o Stockfish também só as
/// manda depois de uns segundos); numa análise longa, são elas que mostram
/// que o escore está mudando antes de a iteração terminar. O resto sempre.
pub fn mostra_no_uci(l: &TLinhaPensamento) -> bool {
    match l.tipo {
        TTipoLinha::Melhora | TTipoLinha::FalhaAlta | TTipoLinha::FalhaBaixa => {
            l.linhas <= 1 && l.ms >= MS_MELHORA_UCI
        }
        TTipoLinha::Iteracao | TTipoLinha::Final => true,
    }
}

/// Falta mostrar a linha do lance escolhido (`l`, de `busca::relata_escolha`)?
/// `ultima` é a última linha que o protocolo mostrou nesta busca. Falta
/// quando ela não é a do lance — outro lance, outro escore, outra PV (o
/// `ponder` do `bestmove` sai da PV do resultado) — ou era um limite da
/// janela de aspiração, cujo escore não é o do lance; e quando nenhuma foi
/// mostrada mas o resultado tem uma iteração completa (o de uma ajudante do
/// Lazy SMP). Sem iteração completa e sem linha mostrada (a busca parou na
/// 1ª iteração, e o UCI não mostra as melhoras das buscas curtas), não há
/// escore a mostrar nem PV com que o lance possa brigar. Com o MultiPV da
/// interface (`l.linhas` > 1) as linhas 2..k de cada iteração saem depois
/// da 1, e o lance jogado é o da 1, como no Stockfish: só uma linha 1 conta.
/// A força limitada também pesquisa várias linhas, mas a interface pediu
/// uma (`l.linhas` = 1), e o lance escolhido entre elas fecha a busca.
pub fn falta_escolha(ultima: Option<&TLinhaPensamento>, l: &TLinhaPensamento) -> bool {
    let Some(u) = ultima else {
        return l.profundidade > 0;
    };
    if l.linhas > 1 && u.numero != 1 {
        return false;
    }
    let mesma_pv = u.pv.num_lances == l.pv.num_lances
        && u.pv.lances[..u.pv.num_lances]
            .iter()
            .zip(&l.pv.lances[..l.pv.num_lances])
            .all(|(a, b)| mesmo_lance(a, b));
    let limite = matches!(u.tipo, TTipoLinha::FalhaAlta | TTipoLinha::FalhaBaixa);
    limite || u.escore != l.escore || !mesma_pv
}

/// A linha no formato do ICE: `ply escore tempo nós pv` (tempo em
/// centésimos). Porta de `ImprimePV()`. As K linhas do MultiPV são linhas
/// comuns da mesma profundidade, da melhor para a pior, que é como a janela
/// Engine Output do XBoard as ordena. O roque do 960 sai como no `move`
/// (`O-O`): a interface lê a PV com o mesmo leitor dos lances.
pub fn linha_xboard(l: &TLinhaPensamento) -> String {
    let mut s = format!(
        "{:2} {:6} {:6} {:9}",
        l.profundidade,
        escore_xboard(l.escore),
        l.ms / 10,
        l.nos
    );
    for lance in &l.pv.lances[..l.pv.num_lances] {
        s.push(' ');
        s.push_str(&lance_para_texto_xboard_marcado(lance));
    }
    s
}

/// A linha `info` do UCI, com o que as interfaces mostram: profundidade e
/// seletiva, número da linha, escore (com `lowerbound`/`upperbound` numa
/// falha da janela de aspiração, logo depois dele, como na especificação),
/// as chances `wdl W D L` se pedidas (`UCI_ShowWDL`; ver `wdl`), nós,
/// nós/s, ocupação da tabela, sondas das tabelas (se houver), tempo (ms) e a
/// PV.
pub fn linha_uci(l: &TLinhaPensamento, com_wdl: bool) -> String {
    let tbhits = match l.tbhits {
        Some(n) => format!(" tbhits {n}"),
        None => String::new(),
    };
    let limite = match l.tipo {
        TTipoLinha::FalhaAlta => " lowerbound",
        TTipoLinha::FalhaBaixa => " upperbound",
        _ => "",
    };
    let chances = if com_wdl {
        let (w, d, p) = wdl(l.escore, l.material, l.meio_lances);
        format!(" wdl {w} {d} {p}")
    } else {
        String::new()
    };
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {}{limite}{chances} nodes {} nps {} hashfull {}{} time {} pv",
        l.profundidade,
        l.seldepth.max(l.profundidade.max(0) as usize),
        l.numero,
        escore_uci(l.escore),
        l.nos,
        l.nos.saturating_mul(1000) / l.ms.max(1),
        l.hashfull,
        tbhits,
        l.ms
    );
    for lance in &l.pv.lances[..l.pv.num_lances] {
        s.push(' ');
        s.push_str(&lance_para_texto(lance));
    }
    s
}

/// O `info currmove` do UCI: o lance da raiz em pesquisa, só nas buscas
/// longas (`MS_CURRMOVE`; antes disso seriam só linhas demais).
pub fn linha_currmove(prof: i32, lance: &TLance, numero: usize, ms: u64) -> Option<String> {
    (ms >= MS_CURRMOVE).then(|| {
        format!(
            "info depth {prof} currmove {} currmovenumber {numero}",
            lance_para_texto(lance)
        )
    })
}

/// A resposta ao `.` do xboard na análise: `stat01: tempo nós prof
/// restantes total [lance]`.
pub fn linha_stat01(info: &TInfoBusca) -> String {
    let lance = if info.lance_atual.existe() {
        format!(" {}", lance_para_texto_xboard_marcado(&info.lance_atual))
    } else {
        String::new()
    };
    format!(
        "stat01: {} {} {} {} {}{}",
        info.ms / 10,
        info.nos,
        info.profundidade,
        info.lances_restantes,
        info.lances_total,
        lance
    )
}
