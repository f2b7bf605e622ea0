//! A linha de pensamento: o que a busca mostra ao protocolo enquanto pensa
//! (`post` do xboard, `info` do UCI) e os escores no formato de cada um.
//!
//! Nível 6, com `busca` e `arvore`: só lê o `TBusca` (o pedido diz se a
//! saída é xboard ou UCI). Porta do `ImprimePV` do ICE (seção 4.4.1 do
//! artigo); o formato UCI, o `currmove` e o MultiPV são do ICE-rs.

use crate::busca::*;
use crate::entrada::envia;
use crate::hash::ocupacao_hash;
use crate::lance::*;
use crate::tempo::tempo_decorrido_ms;
use crate::tipos::*;

/// Depois de quanto tempo de busca o UCI recebe `info currmove` (ms).
const MS_CURRMOVE: u64 = 3000;
/// Depois de quanto tempo o UCI recebe também as melhoras no meio de uma
/// iteração (ms); antes, só a linha do fim de cada iteração.
const MS_MELHORA_UCI: u64 = 1000;

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

/// Imprime a linha de pensamento no formato do ICE: `ply escore tempo nós pv`
/// (tempo em centésimos). Porta de `ImprimePV()`. No UCI a mesma linha vira
/// `info depth … multipv K score … pv …`; no xboard as K linhas do MultiPV
/// são linhas comuns da mesma profundidade, da melhor para a pior, que é
/// como a janela Engine Output do XBoard as ordena. Nada sem `post` nem
/// numa ajudante.
pub fn imprime_pv(bu: &TBusca, prof: i32, escore: i32, pv: &TPv, linha: usize) {
    if !bu.pedido.post || bu.id_thread > 0 {
        return;
    }
    // Na raiz das tabelas Syzygy, o escore delas (ver `escore_exibido`).
    let escore = escore_exibido(bu, escore);
    if bu.pedido.saida_uci {
        imprime_info_uci(bu, prof, escore, pv, linha);
        return;
    }
    let mut s = format!(
        "{:2} {:6} {:6} {:9}",
        prof,
        escore_xboard(escore),
        tempo_decorrido_ms(&bu.tempo, bu.nos) / 10,
        nos_totais(bu)
    );
    // O roque do 960 como no `move` (`O-O`): a interface lê a PV com o
    // mesmo leitor dos lances.
    for l in &pv.lances[..pv.num_lances] {
        s.push(' ');
        s.push_str(&lance_para_texto_xboard_marcado(l));
    }
    envia(&s);
}

/// A linha `info` do UCI, com o que as interfaces mostram: profundidade e
/// seletiva, número da linha, escore, nós, nós/s, ocupação da tabela, tempo
/// (ms) e a PV.
fn imprime_info_uci(bu: &TBusca, prof: i32, escore: i32, pv: &TPv, linha: usize) {
    let ms = tempo_decorrido_ms(&bu.tempo, bu.nos);
    let nos = nos_totais(bu);
    // Com tabelas, quantas sondas (as interfaces UCI mostram).
    let tbhits = if bu.pedido.tabelas.is_some() {
        format!(" tbhits {}", bu.tb_sondas)
    } else {
        String::new()
    };
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {}{} time {} pv",
        prof,
        bu.seldepth.max(prof as usize),
        linha,
        escore_uci(escore),
        nos,
        nos.saturating_mul(1000) / ms.max(1),
        ocupacao_hash(&bu.tt),
        tbhits,
        ms
    );
    for l in &pv.lances[..pv.num_lances] {
        s.push(' ');
        s.push_str(&lance_para_texto(l));
    }
    envia(&s);
}

/// Um aviso ao usuário no meio da busca (um arquivo de tabela ruim): `#`
/// no xboard, `info string` no UCI. Só a principal fala.
pub fn imprime_aviso(bu: &TBusca, texto: &str) {
    if bu.id_thread > 0 {
        return;
    }
    if bu.pedido.saida_uci {
        envia(&format!("info string {texto}"));
    } else {
        envia(&format!("# {texto}"));
    }
}

/// Um α melhor no meio de uma iteração da raiz: a nova PV sai já (como no
/// ICE). Com MultiPV as linhas saem juntas, no fim da iteração; no UCI a
/// melhora no meio da iteração só sai nas buscas longas (como nos motores
/// UCI: o resto é ruído).
pub fn imprime_melhora(bu: &TBusca, prof: i32, escore: i32, pv: &TPv) {
    if bu.pedido.multipv <= 1
        && (!bu.pedido.saida_uci || tempo_decorrido_ms(&bu.tempo, bu.nos) >= MS_MELHORA_UCI)
    {
        imprime_pv(bu, prof, escore, pv, 1);
    }
}

/// Para as interfaces UCI: o lance da raiz em pesquisa (o `numero`-ésimo da
/// iteração), nas buscas longas (antes disso seriam só linhas demais).
pub fn imprime_lance_atual(bu: &TBusca, prof: i32, l: &TLance, numero: usize) {
    if bu.pedido.saida_uci
        && bu.pedido.post
        && bu.id_thread == 0
        && tempo_decorrido_ms(&bu.tempo, bu.nos) >= MS_CURRMOVE
    {
        envia(&format!(
            "info depth {prof} currmove {} currmovenumber {numero}",
            lance_para_texto(l)
        ));
    }
}

/// O fim da busca, no UCI e com `nps`: uma última linha com os nós e o
/// tempo do fim, se algo foi pesquisado depois da última iteração completa.
/// A interface cobra o relógio virtual pelos nós informados, e os da
/// iteração interrompida também contam.
pub fn imprime_linha_final(bu: &TBusca, r: &TResultado) {
    let depois = bu.nos != bu.nos_iteracao[r.profundidade.max(0) as usize];
    if (bu.pedido.saida_uci || bu.tempo.nps > 0) && r.profundidade > 0 && depois {
        imprime_pv(bu, r.profundidade, r.escore, &r.pv, 1);
    }
}
