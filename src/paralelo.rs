//! Lazy SMP: a busca em várias threads que dividem a tabela de transposição.
//!
//! Nível 8: depende da `busca` (e de `hash`, `ordenacao`, `tabuleiro`,
//! `tempo` abaixo dela); o protocolo e as ferramentas de medida (`bench`) o
//! usam. Não existe no ICE, que pensava numa thread só. A ideia do Lazy SMP
//! é não dividir o trabalho: N − 1 ajudantes pesquisam a mesma raiz com o
//! mesmo aprofundamento iterativo da principal, cada uma com o seu estado
//! (tabuleiro, killers, history, pilha, tabela de peões, contadores), e o que
//! uma acha chega às outras pela tabela de transposição dividida (sem trava,
//! ver `hash`). As ajudantes se diversificam pulando iterações num padrão
//! fixo (`SALTO_TAMANHO` em `busca`): parte delas está sempre uma iteração à
//! frente e enche a tabela para a principal.
//!
//! Quem manda é a principal (a thread que chama `busca_paralela`): é dela o
//! relógio, a entrada e a saída (as ajudantes não imprimem nada). O lance
//! jogado é o da thread que completou a iteração mais funda (a principal em
//! empate); com limite de profundidade, a principal para assim que uma
//! ajudante completa a profundidade pedida. Quando ela termina
//! (tempo, `?`, profundidade, limite de nós), levanta `parar` no
//! `TCompartilhado` e espera as ajudantes, que olham a ordem de 2048 em 2048
//! nós (~1,5 ms).
//!
//! As threads são criadas uma vez (`ajusta_threads`, no `cores N`) e ficam
//! paradas num canal entre uma busca e outra. O estado de cada ajudante vai
//! pelo canal com a ordem de pesquisar e volta com a resposta: entre buscas
//! ele mora aqui, na thread principal, que pode limpá-lo (`new`) e trocar a
//! tabela (`memory`) sem trava nenhuma.
//!
//! Com uma thread `busca_paralela` é exatamente a `busca` (o `Bench:` não
//! muda); com mais, o resultado depende de qual thread grava primeiro na
//! tabela e não se repete de uma execução para outra.

use crate::busca::{busca_na_thread, relata_escolha};
use crate::estado::{
    limpa_busca, nova_busca_com_tabela, TBusca, TCompartilhado, TPedido, TResultado,
};
use crate::hash::{
    envelhece_hash, mb_da_tabela, nova_tabela_minima, tabela_usada, tenta_tabela_hash, TTabelaHash,
};
use crate::opcoes::{config_da_busca, configura_busca};
use crate::ordenacao::limpa_ordenacao;
use crate::relato::{TRelator, TSilencioso};
use crate::tabuleiro::TBoard;
use crate::tempo::TLimites;
use log::{debug, error, warn};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

/// A menor tabela que a limpeza troca por uma nova em vez de zerar
/// (`troca_tabela_usada`): acima dos 32 MB em que o `malloc` do glibc passa
/// a pedir todo bloco ao sistema com `mmap` (páginas zeradas, só quando
/// tocadas), por mais que o heap tenha crescido.
pub const TROCA_MIN_MB: usize = 64;
/// Mais threads que isso é engano (o `cores` satura aqui, como o `memory`):
/// cada ajudante custa ~1,5 MB de estado.
pub const MAX_THREADS: usize = 256;
/// Pilha de cada ajudante: a mesma da thread principal no Linux. A
/// recursão do `alpha_beta` chega a `MAX_DEPTH` plies, e os 2 MB padrão de
/// uma thread do Rust ficariam curtos com as extensões.
const PILHA_AJUDANTE_BYTES: usize = 8 * 1024 * 1024;

/// O que uma ajudante precisa para pesquisar; vai e volta pelo canal.
struct TTrabalho {
    b: Box<TBoard>,
    bu: Box<TBusca>,
    lim: TLimites,
    /// O resultado da última busca da ajudante (volta com o trabalho).
    r: TResultado,
}

/// Uma thread ajudante, vista da principal.
struct TAjudante {
    /// Ordens de pesquisar; largar o canal encerra a thread.
    ordens: Sender<TTrabalho>,
    /// O trabalho de volta, ao fim de cada busca.
    respostas: Receiver<TTrabalho>,
    thread: Option<JoinHandle<()>>,
    /// O estado da ajudante enquanto ela está parada (`None` durante a busca).
    estado: Option<TTrabalho>,
    /// Recebeu uma ordem e ainda não respondeu.
    ocupada: bool,
}

/// As threads ajudantes e o que elas dividem com a principal.
pub struct TParalelo {
    ajudantes: Vec<TAjudante>,
    compartilhado: Arc<TCompartilhado>,
}

/// Cria o conjunto com `threads` threads no total (a principal conta), já
/// paradas à espera da primeira busca. `bu` é o estado da principal.
pub fn novo_paralelo(threads: usize, bu: &TBusca) -> TParalelo {
    let mut p = TParalelo {
        ajudantes: Vec::new(),
        compartilhado: Arc::new(TCompartilhado::default()),
    };
    ajusta_threads(&mut p, bu, threads);
    p
}

/// Quantas threads pesquisam (a principal mais as ajudantes).
pub fn num_threads(p: &TParalelo) -> usize {
    p.ajudantes.len() + 1
}

/// Muda o número de threads (`cores N`), entre buscas: cria as que faltam
/// ou encerra as que sobram. Satura em 1..`MAX_THREADS`.
pub fn ajusta_threads(p: &mut TParalelo, bu: &TBusca, threads: usize) {
    let n = threads.clamp(1, MAX_THREADS) - 1;
    if n == p.ajudantes.len() {
        return;
    }
    while p.ajudantes.len() > n {
        if let Some(a) = p.ajudantes.pop() {
            encerra_ajudante(a);
        }
    }
    // Uma vaga de nós por ajudante: o `TCompartilhado` muda com o número.
    let c = Arc::new(TCompartilhado {
        parar: AtomicBool::new(false),
        nos: (0..n).map(|_| AtomicU64::new(0)).collect(),
        prof_concluida: AtomicI32::new(0),
    });
    for t in p.ajudantes.iter_mut().filter_map(|a| a.estado.as_mut()) {
        t.bu.compartilhado = Arc::clone(&c);
    }
    while p.ajudantes.len() < n {
        match cria_ajudante(p.ajudantes.len() + 1, bu, &c) {
            Ok(a) => p.ajudantes.push(a),
            Err(e) => {
                // Sem threads o motor ainda joga: com as que conseguiu.
                warn!("não deu para criar outra thread: {e}");
                break;
            }
        }
    }
    p.compartilhado = c;
    debug!("{} thread(s) de busca", num_threads(p));
}

/// Cria a ajudante `id` (≥ 1), com estado próprio e a tabela da principal.
fn cria_ajudante(id: usize, bu: &TBusca, c: &Arc<TCompartilhado>) -> std::io::Result<TAjudante> {
    let (ordens, ordens_rx) = channel::<TTrabalho>();
    let (respostas_tx, respostas) = channel::<TTrabalho>();
    let thread = std::thread::Builder::new()
        .name(format!("ajudante-{id}"))
        .stack_size(PILHA_AJUDANTE_BYTES)
        .spawn(move || laco_ajudante(ordens_rx, respostas_tx))?;
    let mut abu = Box::new(nova_busca_com_tabela(Arc::clone(&bu.tt)));
    abu.id_thread = id;
    abu.compartilhado = Arc::clone(c);
    Ok(TAjudante {
        ordens,
        respostas,
        thread: Some(thread),
        estado: Some(TTrabalho {
            b: Box::new(TBoard::inicial()),
            bu: abu,
            lim: TLimites::default(),
            r: TResultado::default(),
        }),
        ocupada: false,
    })
}

/// Encerra uma ajudante parada: sem o canal de ordens ela sai do laço.
fn encerra_ajudante(a: TAjudante) {
    let TAjudante { ordens, thread, .. } = a;
    drop(ordens);
    if let Some(t) = thread {
        if t.join().is_err() {
            error!("uma thread ajudante terminou em pânico");
        }
    }
}

/// A vida de uma ajudante: parada no `recv` até a próxima ordem, pesquisa,
/// devolve o trabalho. O canal fechado (a principal largou a ajudante) a
/// encerra.
fn laco_ajudante(ordens: Receiver<TTrabalho>, respostas: Sender<TTrabalho>) {
    while let Ok(mut t) = ordens.recv() {
        let lim = t.lim;
        t.r = busca_na_thread(&mut t.b, &mut t.bu, &lim);
        if respostas.send(t).is_err() {
            return;
        }
    }
}

/// Nova partida (`new`, `ucinewgame`, `Clear Hash`, cada posição do
/// `bench`): a tabela e a ordenação da principal (`limpa_busca`) e a
/// ordenação de cada ajudante. Entre buscas. Uma tabela grande em que se
/// gravou é trocada por uma nova do mesmo tamanho (`troca_tabela_usada`);
/// as outras são zeradas em pedaços, por tantas threads quantas as da busca
/// (que estão paradas agora).
pub fn limpa_paralelo(p: &mut TParalelo, bu: &mut TBusca) {
    troca_tabela_usada(p, bu);
    limpa_busca(bu, num_threads(p));
    for t in p.ajudantes.iter_mut().filter_map(|a| a.estado.as_mut()) {
        limpa_ordenacao(&mut t.bu.ord);
    }
}

/// Solta a tabela de todas as threads (`memory`, `Hash`), entre buscas, e
/// devolve os MB que ela tinha; fica a tabela mínima até `instala_tabela`.
/// As ajudantes largam a antiga já (e não só na próxima busca): a memória
/// dela volta ao sistema agora, antes de a nova ser alocada (as duas
/// juntas poderiam não caber) e antes de quem pede ler a memória livre.
pub fn solta_tabela(p: &mut TParalelo, bu: &mut TBusca) -> usize {
    let velho = mb_da_tabela(&bu.tt).max(1);
    bu.tt = Arc::new(nova_tabela_minima());
    for t in p.ajudantes.iter_mut().filter_map(|a| a.estado.as_mut()) {
        t.bu.tt = Arc::clone(&bu.tt);
    }
    velho
}

/// Troca uma tabela usada de `TROCA_MIN_MB` ou mais por uma nova do mesmo
/// tamanho, antes de a velha sair (se o sistema nega a nova, fica a velha,
/// que `limpa_busca` zera). Devolve se trocou.
///
/// Por quê: a tabela nova vem zerada do sistema sem ser tocada, mas zerar a
/// usada escreve em todas as páginas dela, também nas que a busca nunca
/// tocou e o sistema ainda nem deu: depois de uma partida curta numa
/// tabela de 4 GB, o `ucinewgame` levava 7,1 s numa thread e 4,8 s em duas
/// (medido numa máquina carregada), e deixava os 4 GB ocupados. Soltar a
/// velha devolve ao sistema só as páginas tocadas, e a nova não custa nada.
/// Abaixo de `TROCA_MIN_MB` (a do bench, 16 MB) o `calloc` pode tirar a
/// tabela do heap e zerá-la escrevendo, numa thread: aí zerar em paralelo
/// é que é o mais barato.
fn troca_tabela_usada(p: &mut TParalelo, bu: &mut TBusca) -> bool {
    let mb = mb_da_tabela(&bu.tt);
    if mb < TROCA_MIN_MB || !tabela_usada(&bu.tt) {
        return false;
    }
    let Some(nova) = tenta_tabela_hash(mb) else {
        return false;
    };
    bu.tt = Arc::new(nova);
    for t in p.ajudantes.iter_mut().filter_map(|a| a.estado.as_mut()) {
        t.bu.tt = Arc::clone(&bu.tt);
    }
    true
}

/// A tabela nova da principal; as ajudantes a recebem em
/// `prepara_ajudante`, como em toda busca. Recém-alocada, já vem zerada:
/// não há o que limpar.
pub fn instala_tabela(bu: &mut TBusca, t: TTabelaHash) {
    bu.tt = Arc::new(t);
}

/// Zera os nós publicados pelas ajudantes.
fn zera_nos(c: &TCompartilhado) {
    for n in &c.nos {
        n.store(0, Ordering::Relaxed);
    }
}

/// Prepara o trabalho de uma ajudante: a posição (com o histórico, para as
/// repetições), a tabela, as opções e o pedido da principal. Os limites
/// ficam só com a profundidade (`sd`): o relógio é da principal, que manda
/// parar.
fn prepara_ajudante(t: &mut TTrabalho, b: &TBoard, bu: &TBusca, lim: &TLimites) {
    (*t.b).clone_from(b);
    t.bu.tt = Arc::clone(&bu.tt);
    configura_busca(&mut t.bu, &config_da_busca(bu));
    // O pedido vale para todas: uma ajudante que pesquisasse um lance
    // excluído da raiz poderia devolver o lance jogado. O que nele é da
    // interface (linhas de pensamento, MultiPV) a ajudante não usa: só a
    // principal fala.
    t.bu.pedido.clone_from(&bu.pedido);
    t.lim = TLimites {
        infinito: true,
        profundidade: lim.profundidade,
        ..TLimites::default()
    };
}

/// A busca que um protocolo pede (`motor`): o pedido e o relator chegam como
/// valores e valem só para ela. O relator fica no estado da busca até
/// `encerra_pedido`: quem pediu ainda pode trocar o lance (a força limitada
/// escolhe entre as linhas da raiz), e a linha do lance jogado sai depois.
pub fn busca_pedida(
    b: &mut TBoard,
    bu: &mut TBusca,
    p: &mut TParalelo,
    lim: &TLimites,
    pedido: TPedido,
    relator: Box<dyn TRelator>,
) -> TResultado {
    bu.pedido = pedido;
    bu.relator = relator;
    busca_paralela(b, bu, p, lim)
}

/// O fim de uma busca pedida, com o lance `r` já escolhido: a linha dele, se
/// a última mostrada não é ela (`busca::relata_escolha`; o lance pode ser o
/// de uma ajudante ou o da força limitada; `linhas` são as que a interface
/// pediu), e o relator volta a ser o silencioso (nada do protocolo fica no
/// estado da busca entre uma busca e outra).
pub fn encerra_pedido(bu: &mut TBusca, r: &TResultado, linhas: usize) {
    relata_escolha(bu, r, linhas);
    bu.relator = Box::new(TSilencioso);
}

/// A busca de todas as threads: a principal pesquisa com `busca_na_thread`
/// e decide tudo; as ajudantes pesquisam a mesma posição até ela terminar.
/// O lance devolvido é o da thread com a iteração completa mais funda (a
/// principal em empate); `nos` soma as threads. Com uma thread, é a `busca`.
pub fn busca_paralela(
    b: &mut TBoard,
    bu: &mut TBusca,
    p: &mut TParalelo,
    lim: &TLimites,
) -> TResultado {
    // Passo 1. A tabela envelhece uma vez, antes de qualquer thread gravar.
    envelhece_hash(&bu.tt);
    let c = Arc::clone(&p.compartilhado);
    c.parar.store(false, Ordering::Relaxed);
    c.prof_concluida.store(0, Ordering::Relaxed);
    zera_nos(&c);
    bu.compartilhado = Arc::clone(&c);

    // Passo 2. Acorda as ajudantes, cada uma com a sua cópia da posição.
    for a in p.ajudantes.iter_mut() {
        if let Some(mut t) = a.estado.take() {
            prepara_ajudante(&mut t, b, bu, lim);
            match a.ordens.send(t) {
                Ok(()) => a.ocupada = true,
                // A thread morreu: o estado volta e ela fica de fora.
                Err(e) => a.estado = Some(e.0),
            }
        }
    }

    // Passo 3. A principal pesquisa: relógio, entrada, saída e o lance.
    let mut r = busca_na_thread(b, bu, lim);

    // Passo 4. Manda parar e recolhe as ajudantes (e os nós delas).
    let espera = Instant::now();
    c.parar.store(true, Ordering::Relaxed);
    let mut nos_ajudantes = 0;
    let mut mais_funda: Option<TResultado> = None;
    for a in p.ajudantes.iter_mut().filter(|a| a.ocupada) {
        a.ocupada = false;
        match a.respostas.recv() {
            Ok(t) => {
                nos_ajudantes += t.bu.nos;
                let melhor = mais_funda.map_or(r.profundidade, |m| m.profundidade);
                if t.r.profundidade > melhor && t.r.lance.existe() {
                    mais_funda = Some(t.r);
                }
                a.estado = Some(t);
            }
            Err(_) => error!("uma thread ajudante morreu; a busca segue sem ela"),
        }
    }
    zera_nos(&c);
    // Passo 5. O lance jogado: o da thread que completou a iteração mais
    // funda (a principal, em empate). Uma ajudante está muitas vezes uma
    // iteração à frente (ela pula iterações), e o resultado dela é tão
    // completo quanto o da principal, só mais fundo.
    if let Some(m) = mais_funda {
        debug!(
            "busca: lance da ajudante (profundidade {} contra {} da principal)",
            m.profundidade, r.profundidade
        );
        r.lance = m.lance;
        r.escore = m.escore;
        r.pv = m.pv;
        r.profundidade = m.profundidade;
    }
    debug!(
        "busca: {} threads, {} nós ({} da principal), ajudantes paradas em {} ms",
        num_threads(p),
        r.nos + nos_ajudantes,
        r.nos,
        espera.elapsed().as_millis()
    );
    r.nos += nos_ajudantes;
    r
}
