//! Estatísticas da busca: quantas vezes cada passo numerado do `alpha_beta`
//! e da `quiescence` agiu (`ice busca … --estatisticas`, `ice bench
//! --estatisticas`).
//!
//! Nível 1: só tipos simples (e o `TLance` de `lance`, e `tipos`); a árvore
//! (`arvore`, nível 7) é quem conta. Não existe no
//! ICE: os autores mediam a busca pelo fator de ramificação na WAC (Tabela 2
//! do artigo). Aqui se vê onde cada ideia do ICE age — quantos nós o lance
//! nulo corta, quanto a tabela de transposição poupa, se a ordenação acerta
//! o corte no primeiro lance — e o que uma mudança fez antes de jogar uma
//! partida.
//!
//! Contar não custa nada com a chave desligada: cada contador fica atrás de
//! um `if` sobre um `bool` que não muda durante a busca (o processador
//! acerta a previsão sempre), e nada é alocado.
//!
//! O traço (`TTraco`) vai além dos contadores: um registro por nó, com o
//! lance, a janela, a profundidade, o escore e o que aconteceu nele (corte,
//! tabela, lance nulo, extensão, redução, podas). É o que `ice desenha
//! arvore` desenha. Mesma regra: fora de `TBusca::traco` (um `Option`
//! vazio), nada é alocado nem escrito, e cada ponto de registro da árvore é
//! um teste sempre previsto.

use crate::lance::TLance;
use crate::tipos::MAX_DEPTH;

/// Os contadores, um por passo e por desfecho. Os nomes seguem os passos do
/// `alpha_beta` (busca.rs), na ordem em que acontecem num nó.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TEstatisticas {
    /// Passo 1: nós que entram no `alpha_beta` (profundidade > 0)…
    pub nos_ab: u64,
    /// …e na quiescência.
    pub nos_qs: u64,
    /// Passo 3: sondas da tabela de transposição, entradas achadas e cortes.
    pub tt_sondas: u64,
    pub tt_acertos: u64,
    pub tt_cortes: u64,
    /// Passo 4: cortes da futilidade reversa.
    pub futilidade_reversa: u64,
    /// Passo 5: lance nulo tentado, cortes e ameaças de mate descobertas.
    pub nulo_tentativas: u64,
    pub nulo_cortes: u64,
    pub ameacas_mate: u64,
    /// Passo 6: nós com lances gerados (os que chegam ao laço).
    pub nos_com_lances: u64,
    /// Passo 6 (o seletor em etapas, `seletor`): desses nós, até onde o
    /// seletor foi: só o lance da tabela (nada mais gerado), as capturas,
    /// os killers e o resto dos barulhentos, ou os quietos (`--sem seletor`:
    /// nenhum, tudo é gerado de uma vez).
    pub etapa_tt: u64,
    pub etapa_barulhentos: u64,
    pub etapa_killers: u64,
    pub etapa_quietos: u64,
    /// Passo 7: lances podados pela futilidade, pelo LMP e pela SEE.
    pub poda_futilidade: u64,
    pub poda_lmp: u64,
    pub poda_see: u64,
    /// Passo 8: extensões de xeque e de ameaça de mate; reduções do LMR.
    pub ext_xeque: u64,
    pub ext_ameaca: u64,
    /// Passo 5c: nós em que o lance da tabela provou ser singular.
    pub ext_singular: u64,
    pub lmr_reducoes: u64,
    /// Passo 9: repesquisas do LMR sem redução e do PVS com janela cheia.
    pub lmr_repesquisas: u64,
    pub pvs_repesquisas: u64,
    /// Passo 10: cortes β, e quantos no primeiro lance (qualidade da ordenação).
    pub cortes: u64,
    pub cortes_primeiro: u64,
    /// Quiescência: cortes pelo stand-pat e capturas podadas (delta/SEE).
    pub qs_stand_pat: u64,
    pub qs_podas: u64,
    /// Quiescência: cortes pela tabela de transposição.
    pub qs_tt_cortes: u64,
}

/// O nó do traço é a raiz de uma iteração (`busca_raiz`; não conta em
/// `nos`)…
pub const TRACO_RAIZ: u8 = 0;
/// …um nó do `alpha_beta` (profundidade > 0)…
pub const TRACO_AB: u8 = 1;
/// …ou um da quiescência.
pub const TRACO_QS: u8 = 2;

// O que aconteceu num nó do traço (bits de `TNoTraco::marcas`).
/// A tabela de transposição tinha a posição…
pub const MARCA_TT: u32 = 1;
/// …e o limite guardado decidiu o nó (corte pela tabela).
pub const MARCA_TT_CORTE: u32 = 1 << 1;
/// O lance nulo foi tentado neste nó (o filho de lance nulo é o traço dele)…
pub const MARCA_NULO: u32 = 1 << 2;
/// …e cortou.
pub const MARCA_NULO_CORTE: u32 = 1 << 3;
/// Corte pela futilidade reversa (passo 4).
pub const MARCA_FUTIL_REVERSA: u32 = 1 << 4;
/// Corte β no laço de lances: o último filho foi o lance do corte.
pub const MARCA_CORTE: u32 = 1 << 5;
/// Stand-pat da quiescência: a estática já passava de β.
pub const MARCA_STAND_PAT: u32 = 1 << 6;
/// O lance que levou a este nó foi estendido um ply (xeque, ameaça de
/// mate, singular)…
pub const MARCA_EXTENSAO: u32 = 1 << 7;
/// …reduzido pelo LMR (`TNoTraco::reducao` plies)…
pub const MARCA_REDUCAO: u32 = 1 << 8;
/// …ou é uma repesquisa (do LMR sem a redução, ou do PVS com a janela cheia).
pub const MARCA_REPESQUISA: u32 = 1 << 9;
/// IIR: sem lance da tabela, o nó foi pesquisado um ply mais raso.
pub const MARCA_IIR: u32 = 1 << 10;
/// Todos os lances podados pela futilidade: o nó devolveu a estática.
pub const MARCA_FUTIL_TODOS: u32 = 1 << 11;

/// Um nó do traço. `Copy` e sem ponteiros: o traço é um vetor deles, em
/// pré-ordem (o pai sempre antes dos filhos).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TNoTraco {
    /// Índice do pai no vetor (`SEM_PAI` nas raízes).
    pub pai: u32,
    /// `TRACO_RAIZ`, `TRACO_AB` ou `TRACO_QS`.
    pub tipo: u8,
    /// Distância à raiz.
    pub ply: u8,
    /// Profundidade restante recebida (0 na quiescência).
    pub prof: i8,
    /// Plies da redução LMR do lance que levou ao nó (com `MARCA_REDUCAO`).
    pub reducao: u8,
    /// O lance que levou ao nó (o `LANCE_NULO` no lance nulo e nas raízes).
    pub lance: TLance,
    /// A janela recebida…
    pub alfa: i32,
    pub beta: i32,
    /// …e o escore devolvido, do ponto de vista do lado a jogar no nó.
    pub escore: i32,
    /// Bits `MARCA_*`.
    pub marcas: u32,
    /// Lances que o nó nem pesquisou (passo 7 do `alpha_beta`: futilidade,
    /// LMP, SEE; na quiescência, delta e SEE).
    pub podados: u16,
}

/// O pai de uma raiz.
pub const SEM_PAI: u32 = u32::MAX;

/// O traço de uma busca (`TBusca::traco`): os nós, em pré-ordem, e o que a
/// árvore precisa para ligar cada nó ao pai.
#[derive(Clone, Debug)]
pub struct TTraco {
    pub nos: Vec<TNoTraco>,
    /// O nó em pesquisa em cada ply do caminho atual (o pai do próximo nó
    /// do ply seguinte).
    pub caminho: [u32; MAX_DEPTH + 1],
    /// O que o pai diz do próximo filho antes de chamá-lo (`MARCA_EXTENSAO`,
    /// `MARCA_REDUCAO`, `MARCA_REPESQUISA`) e a redução; o filho os leva.
    pub pendente: u32,
    pub reducao_pendente: u8,
    /// Máximo de nós guardados: acima dele o traço para de crescer e
    /// `truncado` fica ligado (uma busca longa não come a memória).
    pub limite: usize,
    pub truncado: bool,
}

/// Um traço vazio que guarda até `limite` nós.
pub fn novo_traco(limite: usize) -> TTraco {
    TTraco {
        nos: Vec::new(),
        caminho: [SEM_PAI; MAX_DEPTH + 1],
        pendente: 0,
        reducao_pendente: 0,
        limite,
        truncado: false,
    }
}

/// Abre um nó no traço no `ply` (o pai é o nó aberto no ply anterior) e
/// devolve o índice dele e o nó que estava aberto no mesmo ply antes (a
/// pesquisa de singularidade refaz um nó no mesmo ply), para `fecha_no`.
/// Leva o que o pai deixou pendente. Cheio, devolve `SEM_PAI`.
#[allow(clippy::too_many_arguments)]
pub fn abre_no(
    t: &mut TTraco,
    tipo: u8,
    lance: TLance,
    alfa: i32,
    beta: i32,
    prof: i32,
    ply: usize,
) -> (u32, u32) {
    let ply = ply.min(MAX_DEPTH);
    let anterior = t.caminho[ply];
    let (marcas, reducao) = (t.pendente, t.reducao_pendente);
    t.pendente = 0;
    t.reducao_pendente = 0;
    if t.nos.len() >= t.limite {
        t.truncado = true;
        return (SEM_PAI, anterior);
    }
    let pai = if ply == 0 || tipo == TRACO_RAIZ {
        SEM_PAI
    } else {
        t.caminho[ply - 1]
    };
    let i = t.nos.len() as u32;
    t.nos.push(TNoTraco {
        pai,
        tipo,
        ply: ply as u8,
        prof: prof.clamp(i8::MIN as i32, i8::MAX as i32) as i8,
        reducao,
        lance,
        alfa,
        beta,
        escore: 0,
        marcas,
        podados: 0,
    });
    t.caminho[ply] = i;
    (i, anterior)
}

/// Fecha o nó `i` com o escore que ele devolveu e devolve o ply ao nó que
/// estava aberto antes.
pub fn fecha_no(t: &mut TTraco, i: u32, anterior: u32, escore: i32, ply: usize) {
    if let Some(no) = t.nos.get_mut(i as usize) {
        no.escore = escore;
    }
    t.caminho[ply.min(MAX_DEPTH)] = anterior;
}

/// Marca o nó aberto no `ply` (nada se ele não foi guardado).
pub fn marca_no(t: &mut TTraco, ply: usize, marca: u32) {
    let i = t.caminho[ply.min(MAX_DEPTH)];
    if let Some(no) = t.nos.get_mut(i as usize) {
        no.marcas |= marca;
    }
}

/// Conta um lance podado no nó aberto no `ply`.
pub fn conta_podado(t: &mut TTraco, ply: usize) {
    let i = t.caminho[ply.min(MAX_DEPTH)];
    if let Some(no) = t.nos.get_mut(i as usize) {
        no.podados = no.podados.saturating_add(1);
    }
}

/// Soma `b` em `a` (o `bench` junta as 30 posições).
pub fn soma_estatisticas(a: &mut TEstatisticas, b: &TEstatisticas) {
    let TEstatisticas {
        nos_ab,
        nos_qs,
        tt_sondas,
        tt_acertos,
        tt_cortes,
        futilidade_reversa,
        nulo_tentativas,
        nulo_cortes,
        ameacas_mate,
        nos_com_lances,
        etapa_tt,
        etapa_barulhentos,
        etapa_killers,
        etapa_quietos,
        poda_futilidade,
        poda_lmp,
        poda_see,
        ext_xeque,
        ext_ameaca,
        ext_singular,
        lmr_reducoes,
        lmr_repesquisas,
        pvs_repesquisas,
        cortes,
        cortes_primeiro,
        qs_stand_pat,
        qs_podas,
        qs_tt_cortes,
    } = *b;
    // A desestruturação acima não compila se um campo novo for esquecido.
    a.nos_ab += nos_ab;
    a.nos_qs += nos_qs;
    a.tt_sondas += tt_sondas;
    a.tt_acertos += tt_acertos;
    a.tt_cortes += tt_cortes;
    a.futilidade_reversa += futilidade_reversa;
    a.nulo_tentativas += nulo_tentativas;
    a.nulo_cortes += nulo_cortes;
    a.ameacas_mate += ameacas_mate;
    a.nos_com_lances += nos_com_lances;
    a.etapa_tt += etapa_tt;
    a.etapa_barulhentos += etapa_barulhentos;
    a.etapa_killers += etapa_killers;
    a.etapa_quietos += etapa_quietos;
    a.poda_futilidade += poda_futilidade;
    a.poda_lmp += poda_lmp;
    a.poda_see += poda_see;
    a.ext_xeque += ext_xeque;
    a.ext_ameaca += ext_ameaca;
    a.ext_singular += ext_singular;
    a.lmr_reducoes += lmr_reducoes;
    a.lmr_repesquisas += lmr_repesquisas;
    a.pvs_repesquisas += pvs_repesquisas;
    a.cortes += cortes;
    a.cortes_primeiro += cortes_primeiro;
    a.qs_stand_pat += qs_stand_pat;
    a.qs_podas += qs_podas;
    a.qs_tt_cortes += qs_tt_cortes;
}

/// `parte` como porcentagem de `todo` (0 se `todo` é 0).
fn pct(parte: u64, todo: u64) -> f64 {
    if todo == 0 {
        0.0
    } else {
        100.0 * parte as f64 / todo as f64
    }
}

/// Fator de ramificação da última iteração: N(d) ÷ N(d−1), com d a última
/// iteração completa e N(d) = `nos_iteracao[d]`, os nós acumulados ao fim da
/// iteração d (0 = não completada). É a medida da Tabela 2 do artigo do ICE
/// ("nós de uma profundidade ÷ nós da anterior") e a única do projeto: a do
/// `ice bench`/`ice busca --estatisticas`, do `ice epd` e do epd2wb. `None`
/// sem as duas últimas iterações completas.
pub fn fator_ramificacao_ultima_iteracao(nos_iteracao: &[u64]) -> Option<f64> {
    let d = nos_iteracao.iter().rposition(|&n| n > 0)?;
    let anterior = *nos_iteracao.get(d.checked_sub(1)?)?;
    if anterior == 0 {
        return None;
    }
    Some(nos_iteracao[d] as f64 / anterior as f64)
}

/// A tabela que `--estatisticas` imprime, uma linha por passo.
pub fn tabela_estatisticas(e: &TEstatisticas, fator: Option<f64>) -> String {
    let total = e.nos_ab + e.nos_qs;
    let mut s = String::new();
    let mut linha = |passo: &str, o_que: &str, valor: String| {
        s.push_str(&format!("{passo:>5}  {o_que:<44} {valor}\n"));
    };
    linha("passo", "o que aconteceu", "quantas vezes".to_string());
    // Mais da metade dos nós costuma estar na quiescência: é lá que a
    // avaliação é chamada, por isso o custo do `eval` pesa tanto.
    linha(
        "1",
        "nós do alpha_beta / da quiescência",
        format!(
            "{} / {} ({:.1} % na quiescência)",
            e.nos_ab,
            e.nos_qs,
            pct(e.nos_qs, total)
        ),
    );
    // Achadas sem corte ainda valem: o lance guardado vai primeiro na
    // ordenação (categoria "hash" do ICE).
    linha(
        "3",
        "TT: sondas / achadas / cortes",
        format!(
            "{} / {} ({:.1} %) / {} ({:.1} %)",
            e.tt_sondas,
            e.tt_acertos,
            pct(e.tt_acertos, e.tt_sondas),
            e.tt_cortes,
            pct(e.tt_cortes, e.tt_sondas)
        ),
    );
    linha(
        "4",
        "futilidade reversa: cortes",
        format!(
            "{} ({:.1} % dos nós)",
            e.futilidade_reversa,
            pct(e.futilidade_reversa, e.nos_ab)
        ),
    );
    // O lance nulo do ICE (R = 2 fixo): a taxa de cortes diz quanto a
    // suposição "passar a vez não ajuda" acerta; abaixo de ~50 % ele custaria
    // mais do que poupa.
    linha(
        "5",
        "lance nulo (R=2): tentativas / cortes",
        format!(
            "{} / {} ({:.1} %)",
            e.nulo_tentativas,
            e.nulo_cortes,
            pct(e.nulo_cortes, e.nulo_tentativas)
        ),
    );
    linha(
        "5",
        "ameaças de mate achadas pelo nulo",
        e.ameacas_mate.to_string(),
    );
    linha(
        "6",
        "nós que chegam ao laço de lances",
        e.nos_com_lances.to_string(),
    );
    // O seletor em etapas: quantos desses nós cortaram antes de gerar os
    // quietos (ou qualquer coisa além do lance da tabela).
    linha(
        "6",
        "etapas: TT / capturas / killers / quietos",
        format!(
            "{} ({:.1} %) / {} / {} / {} ({:.1} %)",
            e.etapa_tt,
            pct(e.etapa_tt, e.nos_com_lances),
            e.etapa_barulhentos,
            e.etapa_killers,
            e.etapa_quietos,
            pct(e.etapa_quietos, e.nos_com_lances)
        ),
    );
    linha(
        "7",
        "lances podados: futilidade / LMP / SEE",
        format!("{} / {} / {}", e.poda_futilidade, e.poda_lmp, e.poda_see),
    );
    linha(
        "8",
        "extensões: xeque / ameaça de mate / singular",
        format!("{} / {} / {}", e.ext_xeque, e.ext_ameaca, e.ext_singular),
    );
    // Uma repesquisa é uma redução que errou: poucas, e a ordenação pôs os
    // lances bons na frente; muitas, e o LMR poda o que não devia.
    linha(
        "8-9",
        "LMR: reduções / repesquisas sem redução",
        format!(
            "{} / {} ({:.1} %)",
            e.lmr_reducoes,
            e.lmr_repesquisas,
            pct(e.lmr_repesquisas, e.lmr_reducoes)
        ),
    );
    linha(
        "9",
        "PVS: repesquisas com janela cheia",
        e.pvs_repesquisas.to_string(),
    );
    // A medida clássica da ordenação (seção 4.5 do artigo): num corte, quantas
    // vezes o primeiro lance já bastou. Acima de 80–90 % a árvore fica perto
    // da mínima do alfa-beta.
    linha(
        "10",
        "cortes β / no primeiro lance",
        format!(
            "{} / {} ({:.1} %)",
            e.cortes,
            e.cortes_primeiro,
            pct(e.cortes_primeiro, e.cortes)
        ),
    );
    linha(
        "Q",
        "quiescência: stand-pat / podadas / cortes TT",
        format!("{} / {} / {}", e.qs_stand_pat, e.qs_podas, e.qs_tt_cortes),
    );
    // O número da Tabela 2 do artigo: quanto o último ply multiplicou os nós.
    linha(
        "",
        "fator de ramificação da última iteração",
        fator.map_or("—".to_string(), |f| format!("{f:.2}")),
    );
    s
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn fator_de_ramificacao_da_ultima_iteracao() {
        // 10, 20, 40, 100 nós acumulados nas iterações 1..4: 100 ÷ 40.
        let mut n = [0u64; 8];
        n[1..5].copy_from_slice(&[10, 20, 40, 100]);
        assert_eq!(fator_ramificacao_ultima_iteracao(&n), Some(2.5));
        // Uma iteração só, nenhuma, ou a anterior sem contagem: nada.
        assert_eq!(fator_ramificacao_ultima_iteracao(&[0, 5, 0]), None);
        assert_eq!(fator_ramificacao_ultima_iteracao(&[0; 4]), None);
        assert_eq!(fator_ramificacao_ultima_iteracao(&[]), None);
        assert_eq!(fator_ramificacao_ultima_iteracao(&[0, 0, 7]), None);
    }

    #[test]
    fn soma_junta_todos_os_campos() {
        let a = TEstatisticas {
            nos_ab: 1,
            qs_podas: 2,
            cortes_primeiro: 3,
            ..TEstatisticas::default()
        };
        let mut t = a;
        soma_estatisticas(&mut t, &a);
        assert_eq!((t.nos_ab, t.qs_podas, t.cortes_primeiro), (2, 4, 6));
    }
}
