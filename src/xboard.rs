//! O protocolo xboard/WinBoard v2 (CECP): o estado da partida e o laço que
//! lê comandos, pensa, pondera, analisa e joga.
//!
//! Nível 8: depende de tudo abaixo (`entrada`, `busca`, `paralelo`, `tempo`,
//! `tabuleiro`, `geracao`, `avaliacao`, `mostra`). Porta do laço principal do
//! `ice.c`, com o protocolo inteiro (o ICE 1.40 só entendia uma parte: sem
//! `ping`, `st`, `sd`, `analyze` nem `draw`; ver FATOS.md, seção f).
//!
//! Como funciona:
//! * uma thread (`entrada::inicia_leitora`) lê a entrada padrão e manda cada
//!   linha por um canal; o laço (`laco_xboard`) processa uma linha por vez e,
//!   depois de cada uma, decide se é hora de agir (`age`): pensar e jogar, se
//!   a vez é do motor; ponderar, se a vez é do oponente e o ponder está
//!   ligado; analisar, no modo de análise;
//! * a busca roda nesta mesma thread (com `cores N`, mais N − 1 ajudantes do
//!   `paralelo`, que não leem nem escrevem nada) e consulta o canal a cada
//!   2048 nós (`entrada::verifica_entrada`); o que ela não resolve na hora
//!   fica em `bu.entrada.pendentes`, que o laço esvazia, em ordem, antes de
//!   ler de novo o canal. Por isso um `ping` que chega durante a busca só é
//!   respondido depois do `move`;
//! * toda saída é uma linha inteira, esvaziada na hora (`entrada::envia`);
//!   diagnósticos só em linhas `#`, e as automáticas só depois de
//!   `accepted debug` (o parser frouxo do xboard lê "Draw", "White…" e
//!   "not found" em qualquer linha que não comece com `#`).

pub use crate::entrada::{interpreta_comando, Comando};

use crate::avaliacao::eval;
use crate::busca::{define_classico, escore_xboard, nova_busca, TBusca, TResultado, MAX_MULTIPV};
use crate::entrada::{desenfileira, eco_seguro, envia, texto_do_lance};
use crate::geracao::{acha_lance, gera_lista_lances, lance_para_san, san_para_lance};
use crate::hash::mb_da_tabela;
use crate::hash::{grava_hash, le_hash, HASH_EXATO, HASH_PADRAO_MB};
use crate::lance::{lance_para_texto, TLance, TListaLances, LANCE_NULO};
use crate::livro::{
    carrega_livro, define_semente, escolhe_lance, livro_padrao, livro_vazio, texto_bk, TLivro,
};
use crate::mostra::diagrama;
use crate::paralelo::{
    ajusta_threads, busca_paralela, limpa_paralelo, novo_paralelo, num_threads,
    redimensiona_paralelo, TParalelo, MAX_THREADS,
};
use crate::tabuleiro::TBoard;
use crate::tempo::{
    calcula_limites, limita_relogio_cs, limites_com_nps, relogio_cs, TLimites, TRelogio, MS_POR_CS,
};
use crate::tipos::*;
use log::debug;
use std::sync::mpsc::Receiver;
use std::time::Instant;

// --- Parâmetros do protocolo (cada um com o porquê) ---
/// Abandona abaixo de −500 cp (do ponto de vista do motor). ICE 1.40: −500.
pub const LIMIAR_ABANDONO_PADRAO: i32 = 500;
/// Limites da opção "Resign Threshold".
const LIMIAR_ABANDONO_MIN: i32 = 100;
const LIMIAR_ABANDONO_MAX: i32 = 5000;
/// Abandona só depois de tantos lances seguidos abaixo do limiar (a
/// especificação recomenda não abandonar por um escore isolado; o ICE
/// abandonava já no primeiro).
pub const LANCES_PARA_ABANDONAR: u32 = 2;
/// Aceita empate quando o último escore do motor é ≤ isto (cp, ponto de vista
/// do motor): com vantagem, o motor joga; igual ou pior, aceita.
pub const LIMIAR_ACEITA_EMPATE: i32 = 0;
/// Teto do `memory N`: a tabela é alocada e zerada de uma vez, e um número
/// absurdo não pode derrubar a máquina.
pub const MAX_HASH_MB: usize = 2048;
/// Quantos meios-lances a partida pode ter no `TBoard` antes de compactar o
/// histórico: o resto da pilha é da busca (MAX_DEPTH plies + quiescência).
const LIMITE_HISTORICO: usize = MAX_HISTORICO - 2 * MAX_DEPTH - 32;
/// Meios-lances mantidos na compactação (bastam os desde o último lance
/// irreversível, para a repetição; mais que isso a regra dos 50 já valeu).
const LANCES_MANTIDOS: usize = 300;
/// Saudação ao oponente no servidor (opção "Saudacao"); ASCII, sem "draw".
const SAUDACAO: &str = "Ola! Aqui fala o motor didatico ICE (UERJ), em Rust. Boa partida!";

/// Opções da linha de comando que chegam ao protocolo.
#[derive(Clone, Debug)]
pub struct TOpcoesMotor {
    pub hash_mb: usize,
    pub livro: bool,
    pub arquivo_livro: String,
    pub classico: bool,
    /// Melhorias pós-ICE ligadas (bits `busca::MELHORIA_*`).
    pub melhorias: u32,
    /// Semente fixa para a escolha no livro (partidas reproduzíveis).
    pub semente_livro: Option<u64>,
    /// Avaliação reduzida a material + peça-casa (a da primeira busca), para
    /// medir em partidas o que a avaliação completa vale.
    pub so_material_pst: bool,
    /// Threads da busca (`ice --threads N`) até a interface mandar `cores`.
    pub threads: usize,
}

impl Default for TOpcoesMotor {
    fn default() -> Self {
        TOpcoesMotor {
            hash_mb: HASH_PADRAO_MB,
            livro: true,
            arquivo_livro: ARQUIVO_LIVRO_PADRAO.to_string(),
            classico: false,
            melhorias: crate::busca::TODAS_MELHORIAS,
            semente_livro: None,
            so_material_pst: false,
            threads: 1,
        }
    }
}

/// O livro padrão (embutido no binário).
pub const ARQUIVO_LIVRO_PADRAO: &str = "book/livro.txt";

/// Quem o motor está jogando.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TModo {
    /// Nenhum lado: só confere e faz os lances recebidos.
    Force,
    /// Joga a cor `cor_motor`.
    Jogando,
    /// Analisa a posição sem fim; nunca joga.
    Analise,
}

/// O tabuleiro em edição (`edit`, protocolo 1).
#[derive(Clone, Copy, Debug)]
pub struct TEdicao {
    /// (peça, cor) por casa, casa 0 = a8 como no `TBoard`.
    pub casas: [(u8, usize); 64],
    /// Cor das peças que `Pa4` põe (`c` troca; começa nas brancas).
    pub cor: usize,
}

/// Fim de partida pelas regras, visto no tabuleiro.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TFim {
    BrancasDaoMate,
    NegrasDaoMate,
    Afogamento,
    Repeticao,
    Cinquenta,
    MaterialInsuficiente,
}

/// A linha de resultado que o motor manda (e que o xboard confere).
pub fn texto_fim(f: TFim) -> &'static str {
    match f {
        TFim::BrancasDaoMate => "1-0 {White mates}",
        TFim::NegrasDaoMate => "0-1 {Black mates}",
        TFim::Afogamento => "1/2-1/2 {Stalemate}",
        TFim::Repeticao => "1/2-1/2 {Draw by repetition}",
        TFim::Cinquenta => "1/2-1/2 {Draw by fifty move rule}",
        TFim::MaterialInsuficiente => "1/2-1/2 {Insufficient material}",
    }
}

/// A partida acabou pelas regras nesta posição? O mate vem antes dos
/// empates (um mate no 100º meio-lance vale como mate).
pub fn fim_de_jogo(b: &TBoard) -> Option<TFim> {
    let mut lista = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut lista);
    if lista.n == 0 {
        return Some(if !b.em_xeque() {
            TFim::Afogamento
        } else if b.vez == BRANCAS {
            TFim::NegrasDaoMate
        } else {
            TFim::BrancasDaoMate
        });
    }
    // 50 lances de cada lado sem captura nem lance de peão.
    if b.meio_lances >= 100 {
        return Some(TFim::Cinquenta);
    }
    // Duas ocorrências anteriores: esta é a terceira (a busca, que só quer
    // evitar ciclos, já conta uma como empate; a partida exige a tripla).
    if b.repeticoes() >= 2 {
        return Some(TFim::Repeticao);
    }
    if b.material_insuficiente() {
        return Some(TFim::MaterialInsuficiente);
    }
    None
}

/// O estado do protocolo: o que no `ice.c` eram as globais do laço.
pub struct TXboard {
    pub b: Box<TBoard>,
    pub bu: Box<TBusca>,
    /// As threads ajudantes do Lazy SMP (nenhuma com `cores 1`).
    pub paralelo: TParalelo,
    pub modo: TModo,
    /// A cor que o motor joga no modo `Jogando`.
    pub cor_motor: usize,
    pub relogio: TRelogio,
    /// `num_lance` de quando chegou o último `level` (os MPS contam dali).
    pub lance_base_level: u32,
    /// Pondera (`hard`) ou não (`easy`).
    pub ponder: bool,
    /// O ponder só começa depois de um lance do motor ou de `playother`
    /// ("do not ponder on this move" depois de `new`).
    pub ponder_liberado: bool,
    pub protover: u32,
    /// `accepted debug`: só então as linhas `#` automáticas são seguras.
    pub debug_aceito: bool,
    /// O último `setboard`/`edit` foi recusado: lances são ilegais até o
    /// próximo `new`/`setboard`/`edit` (a posição antiga fica guardada).
    pub posicao_invalida: bool,
    pub edicao: Option<TEdicao>,
    /// O resultado desta posição já foi anunciado (não repete nem joga).
    pub fim_anunciado: bool,
    pub sair: bool,
    pub aleatorio: bool,
    // --- Servidor (ICS) e oponente ---
    pub ics: Option<String>,
    pub nome_oponente: String,
    pub rating: (i32, i32),
    pub oponente_computador: bool,
    // --- Opções (feature option) ---
    pub abandona: bool,
    pub limiar_abandono: i32,
    pub livro: bool,
    pub arquivo_livro: String,
    /// O livro carregado (o embutido `book/livro.txt` por padrão).
    pub tabela_livro: TLivro,
    pub kibitz: bool,
    pub saudacao: bool,
    pub saudou: bool,
    pub hash_mb: usize,
    // --- Memória da partida ---
    /// Escore da última busca do motor (ponto de vista do motor).
    pub ultimo_escore: Option<i32>,
    /// Lances seguidos do motor abaixo do limiar de abandono.
    pub lances_perdidos: u32,
    /// Lance sugerido (chave da posição, lance): a resposta prevista ao
    /// último lance do motor ou o melhor da última análise.
    pub dica: Option<(u64, TLance)>,
    // --- Análise e força fixa ---
    /// Linhas da análise (opção MultiPV; jogando vale sempre 1).
    pub multipv: usize,
    /// Lances da raiz excluídos da análise (`exclude`), pelo `codigo()`;
    /// valem para a posição atual e somem quando ela muda.
    pub excluidos: Vec<u16>,
    /// `nps N` (0 = relógio de parede); vale até o próximo `new`.
    pub nps: u64,
}

/// Cria o estado do protocolo (posição inicial, motor de pretas, relógio
/// padrão de 40 lances em 5 minutos).
pub fn novo_xboard(op: &TOpcoesMotor) -> Box<TXboard> {
    let mb = op.hash_mb.clamp(1, MAX_HASH_MB);
    // Em `Box`: o `TBoard` (histórico da partida) e o `TBusca` (killers,
    // history, tabela do LMR) são grandes demais para andar pela pilha.
    let mut bu = Box::new(nova_busca(mb));
    define_classico(&mut bu, op.classico);
    bu.melhorias = op.melhorias;
    bu.av.so_material_pst = op.so_material_pst;
    // O xboard manda `post` quando quer as linhas de pensamento.
    bu.pedido.post = false;
    let paralelo = novo_paralelo(op.threads, &bu);
    Box::new(TXboard {
        b: Box::new(TBoard::inicial()),
        bu,
        paralelo,
        // Como um motor recém-aberto no protocolo 1: a interface joga de
        // brancas e o motor responde (o `new` repete isto).
        modo: TModo::Jogando,
        cor_motor: NEGRAS,
        relogio: TRelogio::default(),
        lance_base_level: 1,
        ponder: false,
        ponder_liberado: false,
        // Até chegar `protover N`, a interface fala o protocolo 1.
        protover: 1,
        debug_aceito: false,
        posicao_invalida: false,
        edicao: None,
        fim_anunciado: false,
        sair: false,
        aleatorio: false,
        ics: None,
        nome_oponente: String::new(),
        rating: (0, 0),
        oponente_computador: false,
        abandona: true,
        limiar_abandono: LIMIAR_ABANDONO_PADRAO,
        livro: op.livro,
        arquivo_livro: op.arquivo_livro.clone(),
        // Um livro ilegível não impede de jogar: só avisa e segue sem livro.
        tabela_livro: abre_livro(&op.arquivo_livro, op.semente_livro).unwrap_or_else(|e| {
            log::warn!("{e}");
            livro_vazio()
        }),
        kibitz: false,
        saudacao: false,
        saudou: false,
        hash_mb: mb,
        ultimo_escore: None,
        lances_perdidos: 0,
        dica: None,
        multipv: 1,
        excluidos: Vec::new(),
        nps: 0,
    })
}

/// Abre um livro: o caminho padrão usa o livro embutido no binário (assim
/// `cargo run` funciona de qualquer pasta); outro caminho é lido do disco,
/// `.bin` como Polyglot e o resto no formato texto do ICE.
pub fn abre_livro(caminho: &str, semente: Option<u64>) -> Result<TLivro, String> {
    let mut l = if caminho == ARQUIVO_LIVRO_PADRAO {
        livro_padrao()
    } else {
        let (l, avisos) = carrega_livro(caminho)?;
        for a in avisos {
            log::warn!("{caminho}: {a}");
        }
        l
    };
    if let Some(s) = semente {
        define_semente(&mut l, s);
    }
    Ok(l)
}

/// O laço do protocolo: lê, processa, age, até `quit` ou o fim da entrada.
/// `rx` é o canal da thread leitora e `primeira` uma linha já lida (a que o
/// `uci::laco_protocolo` leu para escolher o protocolo), processada antes
/// de todas.
pub fn laco_xboard(op: &TOpcoesMotor, rx: Receiver<String>, primeira: Option<String>) {
    ignora_sigint();
    let mut x = novo_xboard(op);
    x.bu.entrada.rx = Some(rx);
    if let Some(l) = primeira {
        let c = interpreta_comando(&l);
        processa_linha(&mut x, &l, c);
        age(&mut x);
    }
    while !x.sair {
        // Primeiro o que chegou durante a última busca, na ordem; só então
        // o canal (que bloqueia até a próxima linha).
        let (linha, c) = match desenfileira(&mut x.bu.entrada) {
            Some(lc) => lc,
            None => match x.bu.entrada.rx.as_ref().map(|rx| rx.recv()) {
                Some(Ok(l)) => {
                    let c = interpreta_comando(&l);
                    (l, c)
                }
                // Canal fechado: a thread leitora acabou (não deveria, ela
                // manda `quit` no fim da entrada).
                _ => break,
            },
        };
        processa_linha(&mut x, &linha, c);
        age(&mut x);
    }
    debug!("fim do protocolo");
}

/// O xboard no Unix manda SIGINT quando acha que o motor não está ouvindo
/// (antes de ler as features, ou com `sigint=1`). Um programa Rust morre com
/// SIGINT; `signal-hook` troca a ação padrão por "marcar uma flag" sem
/// `unsafe` do nosso lado. A flag não é lida: o `?` do protocolo já faz o
/// papel que o SIGINT tinha no GNU Chess.
pub fn ignora_sigint() {
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    if let Err(e) = signal_hook::flag::register(signal_hook::consts::SIGINT, flag) {
        debug!("não deu para ignorar SIGINT: {e}");
    }
}

/// Linha `#` automática: só depois de `accepted debug`.
fn depura(x: &TXboard, s: &str) {
    if x.debug_aceito {
        envia(&format!("# {s}"));
    }
}

/// `Error (TIPO): LINHA`, a resposta da especificação a um comando que não
/// se pode executar; a linha vai higienizada (`eco_seguro`) para o lixo da
/// entrada não quebrar a saída.
fn erro(tipo: &str, linha: &str) {
    envia(&format!("Error ({tipo}): {}", eco_seguro(linha)));
}

/// Manda as features: `done=0` primeiro (a interface espera), tudo na
/// sintaxe `nome=valor` sem espaços em volta do `=`, e `done=1` no fim.
fn envia_features(x: &TXboard) {
    envia("feature done=0");
    // `san=0`: a interface manda os lances em coordenadas, o formato do
    // ICE; `usermove=1`
    // separa lances de comandos sem adivinhar; `sigint=0`: o motor lê a
    // entrada durante a busca e não precisa de sinal; `reuse=1`: o mesmo
    // processo serve a várias partidas (o `new` limpa o estado).
    envia(&format!(
        "feature myname=\"{}\" ping=1 setboard=1 playother=1 usermove=1 san=0 time=1 \
         draw=1 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 ics=1 name=1 debug=1 \
         memory=1 smp=1 nps=1 exclude=1 setscore=1 variants=\"normal\"",
        crate::NOME_MOTOR
    ));
    let check = |v: bool| if v { 1 } else { 0 };
    envia(&format!(
        "feature option=\"Resign -check {}\"",
        check(x.abandona)
    ));
    envia(&format!(
        "feature option=\"Resign Threshold -spin {} {} {}\"",
        x.limiar_abandono, LIMIAR_ABANDONO_MIN, LIMIAR_ABANDONO_MAX
    ));
    envia(&format!(
        "feature option=\"Livro -check {}\"",
        check(x.livro)
    ));
    envia(&format!(
        "feature option=\"Arquivo do livro -file {}\"",
        x.arquivo_livro
    ));
    envia(&format!(
        "feature option=\"ICE classico -check {}\"",
        check(x.bu.av.classico)
    ));
    envia(&format!(
        "feature option=\"MultiPV -spin {} 1 {}\"",
        x.multipv, MAX_MULTIPV
    ));
    envia(&format!(
        "feature option=\"Kibitz -check {}\"",
        check(x.kibitz)
    ));
    envia(&format!(
        "feature option=\"Saudacao -check {}\"",
        check(x.saudacao)
    ));
    envia("feature done=1");
}

/// A posição mudou: o que dependia dela deixa de valer (o fim anunciado e
/// os lances excluídos, que eram lances desta posição).
pub fn posicao_mudou(x: &mut TXboard) {
    x.fim_anunciado = false;
    x.excluidos.clear();
}

/// Processa uma linha: no modo de edição as subordens do `edit`, senão um
/// comando do protocolo.
pub fn processa_linha(x: &mut TXboard, linha: &str, c: Comando) {
    if x.edicao.is_some() {
        processa_edicao(x, linha);
        return;
    }
    processa_comando(x, c, linha);
}

/// Executa um comando (fora de qualquer busca). Só despacha: cada grupo de
/// comandos tem a sua função, na ordem em que uma sessão os usa (handshake,
/// modo, relógio, posição, servidor, opções, consultas). O `match` não tem
/// `_`: um `Comando` novo não compila até ganhar um grupo.
fn processa_comando(x: &mut TXboard, c: Comando, linha: &str) {
    match c {
        Comando::Vazia
        | Comando::Xboard
        | Comando::Protover(_)
        | Comando::Aceito(_)
        | Comando::Rejeitado(_)
        | Comando::Variante(_)
        | Comando::EgtPath(_)
        | Comando::Ping(_)
        | Comando::Interroga
        | Comando::Ponto
        | Comando::Sair => comando_handshake(x, c, linha),
        Comando::Novo
        | Comando::Force
        | Comando::Go
        | Comando::PlayOther
        | Comando::Brancas
        | Comando::Negras
        | Comando::Analyze
        | Comando::Exit
        | Comando::Hard
        | Comando::Easy
        | Comando::Post
        | Comando::NoPost
        | Comando::Aleatorio
        | Comando::Empate
        | Comando::Resultado { .. } => comando_modo(x, c),
        Comando::Level { .. }
        | Comando::St(_)
        | Comando::Sd(_)
        | Comando::Time(_)
        | Comando::Otim(_)
        | Comando::Nps(_) => comando_relogio(x, c),
        Comando::Exclui(_) | Comando::Inclui(_) | Comando::SetScore(..) => {
            comando_exclusao(x, c, linha)
        }
        Comando::UserMove(_)
        | Comando::Lance(_)
        | Comando::SetBoard(_)
        | Comando::Edit
        | Comando::Undo
        | Comando::Remove => comando_posicao(x, c, linha),
        Comando::Nome(_) | Comando::Rating(..) | Comando::Ics(_) | Comando::Computador => {
            comando_ics(x, c)
        }
        Comando::Memoria(_) | Comando::Cores(_) | Comando::Opcao { .. } => {
            comando_opcoes(x, c, linha)
        }
        Comando::Hint | Comando::Bk | Comando::Diagrama | Comando::Eval | Comando::Gen => {
            comando_consulta(x, c)
        }
        // O parser já classificou o erro; aqui só se ecoa a linha.
        Comando::NaoSuportado => erro("unsupported command", linha),
        Comando::Erro(tipo) => erro(tipo, linha),
        Comando::Desconhecido => erro("unknown command", linha),
    }
}

/// Handshake e controle da conversa: `xboard`, `protover`, `accepted`,
/// `rejected`, `variant`, `ping`, `quit`…
fn comando_handshake(x: &mut TXboard, c: Comando, linha: &str) {
    match c {
        Comando::Protover(n) => {
            x.protover = n;
            envia_features(x);
        }
        // Só a feature `debug` muda algo aqui: libera as linhas `#`
        // automáticas (ver `depura`).
        Comando::Aceito(f) if f == "debug" => x.debug_aceito = true,
        Comando::Rejeitado(f) => {
            if f == "debug" {
                x.debug_aceito = false;
            }
            debug!("feature recusada: {f}");
        }
        Comando::Variante(v) if v != "normal" => erro("unsupported variant", linha),
        Comando::Sair => x.sair = true,
        // Fora da busca o `pong` sai na hora: é isso que garante à interface
        // que tudo o que veio antes do `ping` já foi processado.
        Comando::Ping(n) => envia(&format!("pong {n}")),
        // `xboard`, `egtpath`, linha vazia, as outras features aceitas, a
        // variante `normal`; `?` e `.` fora da busca não têm o que apressar
        // nem o que contar.
        _ => {}
    }
}

/// Quem joga e como: `new`, `force`, `go`, `playother`, `white`/`black`,
/// `analyze`/`exit`, `hard`/`easy`, `post`/`nopost`, `random`, `draw`,
/// `result`. Nenhum pensa aqui: `age` decide depois do comando.
fn comando_modo(x: &mut TXboard, c: Comando) {
    match c {
        Comando::Novo => novo_jogo(x),
        Comando::Force => {
            x.modo = TModo::Force;
            x.ponder_liberado = false;
        }
        Comando::Go => {
            x.modo = TModo::Jogando;
            x.cor_motor = x.b.vez;
        }
        Comando::PlayOther => {
            x.modo = TModo::Jogando;
            x.cor_motor = x.b.vez ^ 1;
            // A especificação: depois de `playother` o motor pode ponderar
            // já, pois a vez é do oponente.
            x.ponder_liberado = true;
        }
        Comando::Brancas => poe_cor(x, BRANCAS),
        Comando::Negras => poe_cor(x, NEGRAS),
        Comando::Analyze => x.modo = TModo::Analise,
        Comando::Exit if x.modo == TModo::Analise => x.modo = TModo::Force,
        Comando::Hard => x.ponder = true,
        Comando::Easy => x.ponder = false,
        Comando::Post => x.bu.pedido.post = true,
        Comando::NoPost => x.bu.pedido.post = false,
        Comando::Aleatorio => x.aleatorio = !x.aleatorio,
        // Aceita o empate só jogando e sem vantagem (`LIMIAR_ACEITA_EMPATE`);
        // recusar é não dizer nada (cai no `_`).
        Comando::Empate
            if x.modo == TModo::Jogando
                && x.ultimo_escore.is_some_and(|e| e <= LIMIAR_ACEITA_EMPATE) =>
        {
            envia("offer draw");
        }
        Comando::Resultado { resultado, .. } => {
            debug!("resultado recebido: {resultado}");
            x.modo = TModo::Force;
        }
        // `exit` fora da análise, `draw` recusado.
        _ => {}
    }
}

/// `white`/`black` (protocolo 1): a cor dada passa a ter a vez e o motor
/// joga a outra; na análise o modo não muda.
fn poe_cor(x: &mut TXboard, cor: usize) {
    poe_vez(x, cor);
    x.cor_motor = cor ^ 1;
    if x.modo != TModo::Analise {
        x.modo = TModo::Jogando;
    }
}

/// O relógio: `level`, `st`, `sd`, `time`, `otim`. Os números já chegam
/// conferidos pelo parser; os relógios ainda saturam em
/// `tempo::MAX_RELOGIO_CS` (um `time` enorme vale como um relógio de um ano,
/// e as contas do desconto não transbordam).
fn comando_relogio(x: &mut TXboard, c: Comando) {
    match c {
        Comando::Level {
            mps,
            base_cs,
            inc_cs,
        } => {
            x.relogio.mps = mps;
            x.relogio.base_cs = base_cs;
            x.relogio.inc_cs = inc_cs;
            x.relogio.st_cs = 0;
            // O `level` no meio da partida diz o que resta (WinBoard 4.3+):
            // os MPS contam a partir daqui e o relógio recebe a base.
            x.relogio.tempo_cs = relogio_cs(base_cs);
            x.relogio.otim_cs = relogio_cs(base_cs);
            x.lance_base_level = x.b.num_lance;
        }
        Comando::St(cs) => x.relogio.st_cs = cs,
        // Um `sd` além do que a busca alcança é o mesmo que "sem limite
        // prático": satura em vez de recusar.
        Comando::Sd(d) => x.relogio.sd = d.min(MAX_DEPTH as u32),
        Comando::Time(t) => x.relogio.tempo_cs = limita_relogio_cs(t),
        Comando::Otim(t) => x.relogio.otim_cs = limita_relogio_cs(t),
        Comando::Nps(n) => x.nps = n,
        _ => {}
    }
}

/// `exclude`/`include` (a raiz da análise sem, ou de novo com, um lance ou
/// todos) e `setscore`. A análise em curso já parou quando o comando chegou
/// (`entrada::efeito`) e o `age` a recomeça com a raiz nova: um melhor
/// lance excluído some na hora.
fn comando_exclusao(x: &mut TXboard, c: Comando, linha: &str) {
    let lance = |m: &str| acha_lance(&x.b, &m.to_ascii_lowercase()).map(|l| l.codigo());
    match c {
        Comando::Exclui(m) if m == "all" => x.excluidos = codigos_legais(&x.b),
        Comando::Inclui(m) if m == "all" => x.excluidos.clear(),
        Comando::Exclui(m) => match lance(&m) {
            Some(cod) if !x.excluidos.contains(&cod) => x.excluidos.push(cod),
            Some(_) => {}
            None => erro("illegal move", linha),
        },
        Comando::Inclui(m) => match lance(&m) {
            Some(cod) => x.excluidos.retain(|&e| e != cod),
            None => erro("illegal move", linha),
        },
        Comando::SetScore(escore, prof) => {
            // O escore vale para esta posição, nesta profundidade: entra na
            // tabela como exato, sem lance, como se uma busca o tivesse achado.
            let escore = escore.clamp(-LIMIAR_MATE + 1, LIMIAR_MATE - 1);
            let prof = prof.min(MAX_DEPTH as u32) as i32;
            grava_hash(&x.bu.tt, x.b.chave_hash, 0, escore, prof, HASH_EXATO, 0);
        }
        _ => {}
    }
}

/// A posição: lances (`usermove` e crus), `setboard`, `edit`, `undo`,
/// `remove`.
fn comando_posicao(x: &mut TXboard, c: Comando, linha: &str) {
    match c {
        // Com `usermove` (protocolo 2) o lance pode vir em SAN; cru, só em
        // coordenadas (um "Nf3" cru poderia ser outro comando).
        Comando::UserMove(m) => faz_lance_usuario(x, &m, true),
        Comando::Lance(m) => faz_lance_usuario(x, &m, false),
        Comando::SetBoard(fen) => instala_fen(x, &fen, "FEN recusado"),
        Comando::Edit => inicia_edicao(x),
        Comando::Undo => desfaz(x, 1, linha),
        Comando::Remove => desfaz(x, 2, linha),
        _ => {}
    }
}

/// Instala a posição do FEN ou, se ele é ilegal, avisa a interface e marca a
/// posição como inválida: a antiga fica guardada, mas lances são recusados
/// até o próximo `new`/`setboard`/`edit` (a especificação pede que o motor
/// não jogue numa posição que recusou). Serve ao `setboard` e ao `.` do
/// `edit`; `motivo` abre a linha `#` de depuração.
fn instala_fen(x: &mut TXboard, fen: &str, motivo: &str) {
    match TBoard::de_fen(fen) {
        Ok(nb) => {
            *x.b = nb;
            x.posicao_invalida = false;
            posicao_mudou(x);
        }
        Err(e) => {
            envia("tellusererror Illegal position");
            depura(x, &format!("{motivo}: {e}"));
            x.posicao_invalida = true;
        }
    }
}

/// `edit`: copia a posição atual para o tabuleiro em edição; as próximas
/// linhas vão para `processa_edicao` até o `.`.
fn inicia_edicao(x: &mut TXboard) {
    let mut casas = [(NENHUMA, BRANCAS); 64];
    for (i, c) in casas.iter_mut().enumerate() {
        if x.b.casas[i] != NENHUMA {
            *c = (x.b.casas[i], x.b.cor_em(i));
        }
    }
    x.edicao = Some(TEdicao {
        casas,
        cor: BRANCAS,
    });
}

/// `undo` (um meio-lance) e `remove` (dois): sem histórico suficiente é
/// erro, e a posição fica como está.
fn desfaz(x: &mut TXboard, meio_lances: usize, linha: &str) {
    if x.b.num_historico < meio_lances {
        erro("command not legal now", linha);
        return;
    }
    for _ in 0..meio_lances {
        x.b.unmake();
    }
    posicao_mudou(x);
}

/// O servidor e o oponente: `name`, `rating`, `ics`, `computer`. Só anotados
/// (a saudação usa o `ics`).
fn comando_ics(x: &mut TXboard, c: Comando) {
    match c {
        Comando::Nome(n) => x.nome_oponente = n,
        Comando::Rating(a, b) => x.rating = (a, b),
        // `ics -` é a partida local (sem servidor).
        Comando::Ics(h) => x.ics = if h == "-" { None } else { Some(h) },
        Comando::Computador => x.oponente_computador = true,
        _ => {}
    }
}

/// Recursos e opções: `memory`, `cores`, `option`.
fn comando_opcoes(x: &mut TXboard, c: Comando, linha: &str) {
    match c {
        // Satura em `MAX_HASH_MB` em vez de recusar: a interface manda o
        // total que o usuário deu a todos os motores.
        Comando::Memoria(mb) => comando_memory(x, mb, linha),
        // Zero threads ou mais do que o motor cria é engano de quem mandou.
        Comando::Cores(n) if n == 0 || n as usize > MAX_THREADS => erro("bad argument", linha),
        Comando::Cores(n) => {
            define_threads(x, n as usize);
            let threads = num_threads(&x.paralelo);
            depura(x, &format!("cores {n}: {threads} thread(s) de busca"));
        }
        Comando::Opcao { nome, valor } => trata_opcao(x, &nome, valor.as_deref(), linha),
        _ => {}
    }
}

/// Perguntas que só respondem e não mudam nada: `hint`, `bk` e os comandos de
/// depuração do ICE (`d`, `eval`, `gen`, em linhas `#`).
fn comando_consulta(x: &mut TXboard, c: Comando) {
    match c {
        Comando::Hint => {
            // A dica só vale para a posição em que foi calculada.
            if let Some((chave, l)) = x.dica {
                if chave == x.b.chave_hash && !x.posicao_invalida {
                    envia(&format!("Hint: {}", lance_para_texto(&l)));
                }
            }
        }
        Comando::Bk => {
            // Linhas com espaço na frente (lance e peso) e uma linha vazia no fim.
            if x.livro {
                for l in texto_bk(&x.tabela_livro, &x.b).lines() {
                    envia(l);
                }
            } else {
                envia(" (livro desligado)");
            }
            envia("");
        }
        Comando::Diagrama => {
            for l in diagrama(&x.b, "# ").lines() {
                envia(l);
            }
        }
        Comando::Eval => mostra_eval(x),
        Comando::Gen => mostra_lances(x),
        _ => {}
    }
}

/// `eval`: a tabela termo a termo (como o `eval` do Stockfish) e o valor da
/// avaliação que a busca usa, no formato do ICE.
fn mostra_eval(x: &mut TXboard) {
    for l in crate::avaliacao::tabela_eval(&x.b).lines() {
        envia(&format!("# {l}"));
    }
    let v = eval(&x.b, &mut x.bu.av, -INFINITO, INFINITO);
    let ultima = x
        .ultimo_escore
        .map(|e| e.to_string())
        .unwrap_or_else(|| "-".to_string());
    envia(&format!("# Eval: {v} (ultima: {ultima})"));
}

/// `gen`: os lances legais em coordenadas e SAN, e quantos são.
fn mostra_lances(x: &TXboard) {
    let mut lista = TListaLances::nova();
    gera_lista_lances(&x.b, GERA_TODOS, &mut lista);
    for l in lista.como_fatia() {
        envia(&format!(
            "# {} {}",
            lance_para_texto(l),
            lance_para_san(&x.b, l)
        ));
    }
    envia(&format!("# {} lances", lista.n));
}

/// `new`: posição inicial, motor de pretas, relógio do começo, sem `sd`.
pub fn novo_jogo(x: &mut TXboard) {
    *x.b = TBoard::inicial();
    if x.modo != TModo::Analise {
        x.modo = TModo::Jogando;
    }
    x.cor_motor = NEGRAS;
    x.relogio.sd = 0;
    x.relogio.tempo_cs = relogio_cs(x.relogio.base_cs);
    x.relogio.otim_cs = relogio_cs(x.relogio.base_cs);
    x.lance_base_level = 1;
    x.posicao_invalida = false;
    x.ponder_liberado = false;
    x.aleatorio = false;
    x.oponente_computador = false;
    x.saudou = false;
    x.ultimo_escore = None;
    x.lances_perdidos = 0;
    x.dica = None;
    // A especificação: o `nps` vale até o próximo `new`.
    x.nps = 0;
    posicao_mudou(x);
    limpa_paralelo(&mut x.paralelo, &mut x.bu);
}

/// `white`/`black`: muda o lado a jogar sem lance (pelo FEN, que descarta o
/// histórico e o en passant). Se a troca deixaria o lado sem a vez em xeque,
/// a posição fica como está.
fn poe_vez(x: &mut TXboard, cor: usize) {
    if x.b.vez == cor || x.posicao_invalida {
        return;
    }
    let fen = x.b.para_fen();
    let mut campos: Vec<&str> = fen.split_whitespace().collect();
    if campos.len() < 4 {
        return;
    }
    campos[1] = if cor == BRANCAS { "w" } else { "b" };
    campos[3] = "-";
    match TBoard::de_fen(&campos.join(" ")) {
        Ok(nb) => {
            *x.b = nb;
            posicao_mudou(x);
        }
        Err(e) => debug!("white/black recusado: {e}"),
    }
}

/// Por que uma opção não foi aplicada.
#[derive(Clone, Debug, PartialEq)]
pub enum TErroOpcao {
    Desconhecida,
    ValorRuim,
    /// O arquivo de livro não abriu (o anterior continua): o caminho.
    LivroIlegivel(String),
}

/// Aplica uma opção do motor (`NOME`, valor no formato do xboard: `1`/`0`
/// para as caixas). Os dois protocolos passam por aqui; cada um diz o erro
/// do seu jeito.
pub fn aplica_opcao(x: &mut TXboard, nome: &str, valor: Option<&str>) -> Result<(), TErroOpcao> {
    let check = |v: Option<&str>| match v {
        Some("1") => Some(true),
        Some("0") => Some(false),
        _ => None,
    };
    let ok = match nome {
        "Resign" => check(valor).map(|v| x.abandona = v),
        "Resign Threshold" => valor
            .and_then(|v| v.parse::<i32>().ok())
            .filter(|v| (LIMIAR_ABANDONO_MIN..=LIMIAR_ABANDONO_MAX).contains(v))
            .map(|v| x.limiar_abandono = v),
        "Livro" => check(valor).map(|v| x.livro = v),
        "Arquivo do livro" => match valor.filter(|v| !v.is_empty()) {
            Some(v) => match abre_livro(v, None) {
                Ok(l) => {
                    x.arquivo_livro = v.to_string();
                    x.tabela_livro = l;
                    Some(())
                }
                Err(e) => {
                    // O livro antigo continua valendo. O detalhe do sistema vai
                    // só para o registro: frases como "No such file" fariam o
                    // xboard achar que o motor não abriu (CECP.md 1.8).
                    log::warn!("livro {v}: {e}");
                    return Err(TErroOpcao::LivroIlegivel(v.to_string()));
                }
            },
            None => None,
        },
        "ICE classico" => check(valor).map(|v| define_classico(&mut x.bu, v)),
        "MultiPV" => valor
            .and_then(|v| v.parse::<usize>().ok())
            .filter(|v| (1..=MAX_MULTIPV).contains(v))
            .map(|v| x.multipv = v),
        "Kibitz" => check(valor).map(|v| x.kibitz = v),
        "Saudacao" => check(valor).map(|v| x.saudacao = v),
        _ => return Err(TErroOpcao::Desconhecida),
    };
    ok.ok_or(TErroOpcao::ValorRuim)
}

/// Trata `option NOME=VALOR` das opções anunciadas.
fn trata_opcao(x: &mut TXboard, nome: &str, valor: Option<&str>, linha: &str) {
    match aplica_opcao(x, nome, valor) {
        Ok(()) => {}
        Err(TErroOpcao::Desconhecida) => erro("unknown option", linha),
        Err(TErroOpcao::ValorRuim) => erro("bad option value", linha),
        Err(TErroOpcao::LivroIlegivel(v)) => envia(&format!(
            "tellusererror Livro {v} ilegivel; o anterior continua"
        )),
    }
}

/// Os `codigo()` de todos os lances legais da posição: a raiz inteira, que o
/// `exclude all` tira e de que o `searchmoves` do UCI tira o complemento.
pub fn codigos_legais(b: &TBoard) -> Vec<u16> {
    let mut lista = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut lista);
    lista.como_fatia().iter().map(TLance::codigo).collect()
}

/// `memory N` e a opção `Hash` do UCI: a tabela passa a ter N MB (satura
/// em `MAX_HASH_MB`; realocar zera a tabela, então só se o tamanho muda).
/// Devolve os MB da tabela de fato, que podem ser menos que N: o teto do
/// motor, ou a memória livre da máquina (`tabela_hash_possivel`).
pub fn define_hash(x: &mut TXboard, mb: u64) -> usize {
    let mb = (mb.min(MAX_HASH_MB as u64) as usize).max(1);
    if mb != x.hash_mb {
        x.hash_mb = mb;
        redimensiona_paralelo(&mut x.paralelo, &mut x.bu, mb);
    }
    mb_da_tabela(&x.bu.tt)
}

/// `memory N`: zero é `Error`; uma tabela menor que o pedido é avisada numa
/// linha `#` (a interface ignora, quem lê o registro entende).
fn comando_memory(x: &mut TXboard, mb: u64, linha: &str) {
    if mb == 0 {
        erro("bad argument", linha);
        return;
    }
    let real = define_hash(x, mb);
    if (real as u64) < mb {
        envia(&format!(
            "# memory {mb}: tabela de {real} MB (teto do motor {MAX_HASH_MB} MB, ou a memória livre)"
        ));
    }
}

/// `cores N` e a opção `Threads` do UCI (satura em `MAX_THREADS`; 0 vale 1).
pub fn define_threads(x: &mut TXboard, n: usize) {
    ajusta_threads(&mut x.paralelo, &x.bu, n);
}

/// Um lance da interface: confere, faz, ou responde `Illegal move`.
fn faz_lance_usuario(x: &mut TXboard, texto: &str, aceita_san: bool) {
    if x.posicao_invalida {
        envia(&format!("Illegal move: {}", eco_seguro(texto)));
        return;
    }
    let l = acha_lance(&x.b, &texto.to_ascii_lowercase())
        .or_else(|| aceita_san.then(|| san_para_lance(&x.b, texto)).flatten());
    match l {
        Some(l) if compacta_historico(x) => {
            // Depois da compactação o lance continua o mesmo (mesma posição).
            x.b.make(&l);
            posicao_mudou(x);
        }
        _ => envia(&format!("Illegal move: {}", eco_seguro(texto))),
    }
}

/// Perto do fim da pilha de histórico, refaz a posição a partir de um FEN
/// de `LANCES_MANTIDOS` meios-lances atrás (o bastante para a repetição).
/// `false` só se algo impossível acontecer; a posição não muda nesse caso.
pub fn compacta_historico(x: &mut TXboard) -> bool {
    if x.b.num_historico < LIMITE_HISTORICO {
        return true;
    }
    let n = x.b.num_historico;
    let manter = (x.b.meio_lances as usize).min(n).min(LANCES_MANTIDOS);
    let lances: Vec<TLance> = x.b.historico[n - manter..n]
        .iter()
        .map(|h| h.lance)
        .collect();
    let mut base = Box::new((*x.b).clone());
    for _ in 0..manter {
        base.unmake();
    }
    let Ok(mut nb) = TBoard::de_fen(&base.para_fen()) else {
        return false;
    };
    for l in &lances {
        match acha_lance(&nb, &lance_para_texto(l)) {
            Some(m) => nb.make(&m),
            None => return false,
        }
    }
    debug!("histórico compactado: {n} → {}", nb.num_historico);
    *x.b = nb;
    true
}

/// O `edit` do protocolo 1: `c`, `Pa4`, `xa4`, `#`, `.`.
fn processa_edicao(x: &mut TXboard, linha: &str) {
    let l = crate::entrada::limpa_linha(linha);
    let Some(ed) = x.edicao.as_mut() else {
        return;
    };
    match l {
        "" => {}
        "c" | "C" => ed.cor ^= 1,
        "#" => ed.casas = [(NENHUMA, BRANCAS); 64],
        "." => termina_edicao(x),
        "quit" => x.sair = true,
        _ => {
            let bytes = l.as_bytes();
            let casa = if l.is_ascii() && l.len() == 3 {
                casa_do_nome(&l[1..])
            } else {
                None
            };
            match (bytes.first(), casa) {
                (Some(b'x' | b'X'), Some(c)) => ed.casas[c] = (NENHUMA, BRANCAS),
                (Some(&p), Some(c)) if peca_da_letra(p as char) != NENHUMA => {
                    ed.casas[c] = (peca_da_letra(p as char), ed.cor);
                }
                _ => erro("bad edit command", linha),
            }
        }
    }
}

/// `.` no fim do `edit`: monta o FEN (roque onde rei e torre estão em casa,
/// sem en passant, contador dos 50 zerado) e valida como o `setboard`.
fn termina_edicao(x: &mut TXboard) {
    let Some(ed) = x.edicao.take() else {
        return;
    };
    let fen = crate::tabuleiro::disposicao_fen(&ed.casas);
    let tem = |casa: usize, p: u8, cor: usize| ed.casas[casa] == (p, cor);
    let mut roque = String::new();
    if tem(60, REI, BRANCAS) && tem(63, TORRE, BRANCAS) {
        roque.push('K');
    }
    if tem(60, REI, BRANCAS) && tem(56, TORRE, BRANCAS) {
        roque.push('Q');
    }
    if tem(4, REI, NEGRAS) && tem(7, TORRE, NEGRAS) {
        roque.push('k');
    }
    if tem(4, REI, NEGRAS) && tem(0, TORRE, NEGRAS) {
        roque.push('q');
    }
    if roque.is_empty() {
        roque.push('-');
    }
    let vez = if x.b.vez == BRANCAS { "w" } else { "b" };
    let fen = format!("{fen} {vez} {roque} - 0 {}", x.b.num_lance);
    instala_fen(x, &fen, "posicao editada recusada");
}

// ---------------------------------------------------------------------------
// Agir: pensar, ponderar, analisar
// ---------------------------------------------------------------------------

/// Há na fila algo que invalidaria um lance pensado agora?
fn fila_cancela(x: &TXboard) -> bool {
    x.bu.entrada.canceladores > 0
}

/// Depois de cada comando: é hora de pensar, ponderar ou analisar?
fn age(x: &mut TXboard) {
    loop {
        if x.sair || x.edicao.is_some() || x.posicao_invalida {
            return;
        }
        match x.modo {
            TModo::Force => return,
            TModo::Analise => {
                // Com comandos na fila, eles vêm antes (um `ping` depois de um
                // lance é respondido sem esperar a análise).
                if x.bu.entrada.pendentes.is_empty() {
                    analisa(x);
                }
                return;
            }
            TModo::Jogando => {
                if x.fim_anunciado {
                    return;
                }
                if x.b.vez == x.cor_motor {
                    // O motor pensa já (o `pong` de um `ping` na fila sai
                    // depois do lance), a não ser que a fila já cancele.
                    if fila_cancela(x) || !pensa_e_joga(x) {
                        return;
                    }
                } else if !x.ponder
                    // Com `nps` não pondera: o tempo do oponente não é
                    // medido em nós, e a força fixa deixaria de se repetir.
                    || x.nps > 0
                    || !x.ponder_liberado
                    || !x.bu.entrada.pendentes.is_empty()
                    || !pondera(x)
                {
                    return;
                }
            }
        }
    }
}

/// Lances do motor neste controle de tempo (o primeiro é 1).
pub fn num_lance_controle(x: &TXboard) -> u32 {
    x.b.num_lance.saturating_sub(x.lance_base_level) + 1
}

/// Limites do próximo lance do motor: os do relógio e, com `nps N`, o
/// orçamento de nós do relógio virtual (as contas são de `tempo`).
pub fn limites_do_lance(x: &TXboard) -> TLimites {
    let lim = calcula_limites(&x.relogio, num_lance_controle(x));
    limites_com_nps(&lim, &x.relogio, x.nps)
}

/// Prepara a busca: modos e a entrada zerados, uma linha só e a raiz
/// inteira (a análise e o UCI mudam isso depois), o relógio virtual do `nps`.
pub fn prepara_busca(x: &mut TXboard) {
    x.bu.pedido.ponderando = false;
    x.bu.pedido.analisando = false;
    x.bu.pedido.lance_ponder = LANCE_NULO;
    x.bu.entrada.cancelou = false;
    x.bu.entrada.instante_hit = None;
    x.bu.pedido.multipv = 1;
    x.bu.pedido.excluidos.clear();
    x.bu.pedido.nps = x.nps;
}

/// O lance do livro para a posição, se o livro está ligado e a conhece.
pub fn lance_do_livro(x: &mut TXboard) -> Option<TLance> {
    if !x.livro {
        return None;
    }
    escolhe_lance(&mut x.tabela_livro, &x.b)
}

/// A vez é do motor: anuncia o fim, se a partida acabou, ou pensa e joga.
/// Devolve `true` se algo mudou (lance feito, fim anunciado, abandono);
/// `false` se a busca foi cancelada pela entrada.
fn pensa_e_joga(x: &mut TXboard) -> bool {
    if let Some(f) = fim_de_jogo(&x.b) {
        envia(texto_fim(f));
        x.fim_anunciado = true;
        return true;
    }
    if !compacta_historico(x) {
        x.modo = TModo::Force;
        return true;
    }
    // Lance do livro: jogado na hora, sem busca (ICE 1.78, seção 4.7).
    if let Some(l) = lance_do_livro(x) {
        if x.bu.pedido.post {
            // Quatro inteiros e a "PV" entre parênteses: não é busca (CECP).
            envia(&format!("0 0 0 0 (livro) {}", lance_para_texto(&l)));
        }
        let r = TResultado {
            lance: l,
            escore: x.ultimo_escore.unwrap_or(0),
            ..TResultado::default()
        };
        joga_lance(x, &r, 0, None);
        return true;
    }
    let lim = limites_do_lance(x);
    prepara_busca(x);
    let inicio = Instant::now();
    let r = busca_paralela(&mut x.b, &mut x.bu, &mut x.paralelo, &lim);
    if x.bu.entrada.cancelou {
        debug!("busca cancelada pela entrada; lance descartado");
        return false;
    }
    // Com `nps` o relógio do motor anda pelo tempo virtual (nós ÷ N).
    let ms = if x.nps > 0 {
        r.ms
    } else {
        inicio.elapsed().as_millis() as u64
    };
    joga_lance(x, &r, ms, Some(&lim));
    true
}

/// Joga o lance que a busca achou (ou abandona), com os anúncios de empate,
/// de fim e o kibitz. `ms` = tempo gasto no relógio do motor; `limites` os do
/// `tempo.rs` para este lance (`None` no lance do livro), que saem numa linha
/// `#` antes do `move` (`debug` aceito).
fn joga_lance(x: &mut TXboard, r: &TResultado, ms: u64, limites: Option<&TLimites>) {
    if !r.lance.existe() {
        // Sem lance numa posição com lances: não deveria acontecer.
        x.modo = TModo::Force;
        return;
    }
    x.ultimo_escore = Some(r.escore);
    if r.escore < -x.limiar_abandono {
        x.lances_perdidos += 1;
    } else {
        x.lances_perdidos = 0;
    }
    if x.abandona && x.lances_perdidos >= LANCES_PARA_ABANDONAR {
        // A especificação: "resign" no lugar do lance.
        envia("resign");
        x.modo = TModo::Force;
        return;
    }
    if x.saudacao && x.ics.is_some() && !x.saudou {
        envia(&format!("tellopponent {SAUDACAO}"));
        x.saudou = true;
    }
    let texto = lance_para_texto(&r.lance);
    x.b.make(&r.lance);
    posicao_mudou(x);
    let fim = fim_de_jogo(&x.b);
    // Empate que passa a valer com este lance: reclamado antes do lance.
    if matches!(fim, Some(TFim::Repeticao | TFim::Cinquenta)) {
        envia("offer draw");
    }
    // Quanto o lance gastou diante do que o relógio lhe deu: é por esta
    // linha que os testes de tempo (scripts/soak.sh) medem o estouro.
    if let Some(lim) = limites.filter(|l| l.tempo_max_ms > 0) {
        depura(
            x,
            &format!(
                "tempo: gasto {ms} ms, alvo {} ms, teto {} ms",
                lim.tempo_alvo_ms, lim.tempo_max_ms
            ),
        );
    }
    envia(&format!("move {texto}"));
    if x.kibitz {
        envia_kibitz(r);
    }
    if let Some(f) = fim {
        envia(texto_fim(f));
        x.fim_anunciado = true;
    }
    // A resposta prevista vira a dica (e o lance do ponder).
    x.dica = if r.pv.num_lances >= 2 && crate::lance::mesmo_lance(&r.pv.lances[0], &r.lance) {
        Some((x.b.chave_hash, r.pv.lances[1]))
    } else {
        None
    };
    desconta_relogio(x, ms);
    x.ponder_liberado = true;
}

/// O kibitz: profundidade, escore e PV do lance jogado, para os outros no
/// servidor. Depois do `move`, para não atrasar o relógio do motor. O lance
/// do livro não tem busca: diz só "livro" (um "0 0" e uma PV vazia, como
/// antes, parecia um motor quebrado para quem assiste).
fn envia_kibitz(r: &TResultado) {
    if r.profundidade == 0 && r.pv.num_lances == 0 {
        envia("tellothers livro");
        return;
    }
    let pv: Vec<String> = r.pv.lances[..r.pv.num_lances]
        .iter()
        .map(lance_para_texto)
        .collect();
    envia(&format!(
        "tellothers {} {} {}",
        r.profundidade,
        escore_xboard(r.escore),
        pv.join(" ")
    ));
}

/// Sem `time` da interface, o motor acompanha o próprio relógio: gasto,
/// incremento e, no fim de cada controle, a base de novo.
fn desconta_relogio(x: &mut TXboard, ms: u64) {
    let r = &mut x.relogio;
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
    // O lance já foi feito: para o motor de pretas o número já subiu.
    let feitos = if x.cor_motor == NEGRAS {
        x.b.num_lance.saturating_sub(x.lance_base_level)
    } else {
        x.b.num_lance.saturating_sub(x.lance_base_level) + 1
    };
    if r.mps > 0 && feitos > 0 && feitos % r.mps == 0 {
        r.tempo_cs = r.tempo_cs.saturating_add(relogio_cs(r.base_cs));
    }
}

/// O lance que o oponente deve jogar: a dica (2º lance da PV), senão o lance
/// da tabela de transposição, senão o primeiro lance legal.
fn preve_lance(x: &TXboard) -> Option<TLance> {
    let mut lista = TListaLances::nova();
    gera_lista_lances(&x.b, GERA_TODOS, &mut lista);
    let legais = lista.como_fatia();
    if let Some((chave, l)) = x.dica {
        if chave == x.b.chave_hash {
            if let Some(m) = legais.iter().find(|m| crate::lance::mesmo_lance(m, &l)) {
                return Some(*m);
            }
        }
    }
    if let Some(e) = le_hash(&x.bu.tt, x.b.chave_hash, 0) {
        if let Some(m) = legais
            .iter()
            .find(|m| m.codigo() == e.lance && e.lance != 0)
        {
            return Some(*m);
        }
    }
    legais.first().copied()
}

/// Pondera: faz o lance previsto do oponente e pensa no tempo dele. Devolve
/// `true` se o ponder acertou e o motor jogou (pode ponderar de novo).
fn pondera(x: &mut TXboard) -> bool {
    if x.posicao_invalida || fim_de_jogo(&x.b).is_some() || !compacta_historico(x) {
        return false;
    }
    let Some(previsto) = preve_lance(x) else {
        return false;
    };
    x.b.make(&previsto);
    if fim_de_jogo(&x.b).is_some() {
        // Depois do lance previsto não há o que pensar.
        x.b.unmake();
        return false;
    }
    // Limites que valem depois do acerto: os do lance do motor.
    let lim_hit = limites_do_lance(x);
    prepara_busca(x);
    x.bu.pedido.ponderando = true;
    x.bu.pedido.lance_ponder = previsto;
    x.bu.pedido.limites_ponderhit = lim_hit;
    // Só o `sd` vale enquanto pondera (a busca fixa a profundidade máxima
    // no começo); o relógio passa a valer no acerto.
    let lim = TLimites {
        profundidade: x.relogio.sd,
        ..TLimites::default()
    };
    debug!("ponder em {}", lance_para_texto(&previsto));
    let r = busca_paralela(&mut x.b, &mut x.bu, &mut x.paralelo, &lim);
    x.bu.pedido.ponderando = false;
    if !r.ponder_hit {
        // Errou (ou foi interrompido): o lance previsto sai do tabuleiro e
        // a fila (com o lance de verdade) decide.
        x.b.unmake();
        return false;
    }
    // Acertou: o lance previsto é o lance do oponente.
    debug!("ponder acertou: {}", lance_para_texto(&previsto));
    posicao_mudou(x);
    if x.bu.entrada.cancelou {
        return false;
    }
    let ms =
        x.bu.entrada
            .instante_hit
            .map(|t| t.elapsed().as_millis() as u64)
            .unwrap_or(r.ms);
    joga_lance(x, &r, ms, Some(&lim_hit));
    true
}

/// Analisa a posição até a entrada mandar parar.
fn analisa(x: &mut TXboard) {
    if !compacta_historico(x) {
        return;
    }
    prepara_busca(x);
    x.bu.pedido.analisando = true;
    x.bu.pedido.multipv = x.multipv;
    x.bu.pedido.excluidos.clone_from(&x.excluidos);
    let lim = TLimites {
        infinito: true,
        ..TLimites::default()
    };
    let r = busca_paralela(&mut x.b, &mut x.bu, &mut x.paralelo, &lim);
    x.bu.pedido.analisando = false;
    if r.lance.existe() {
        x.dica = Some((x.b.chave_hash, r.lance));
    }
}

/// Se a linha é um lance (`usermove X` ou cru), o texto dele.
pub fn lance_da_linha(linha: &str) -> Option<String> {
    texto_do_lance(&interpreta_comando(linha)).map(str::to_string)
}
