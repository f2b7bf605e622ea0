//! O protocolo xboard/WinBoard v2 (CECP): o estado da partida e o laço que
//! lê comandos, pensa, pondera, analisa e joga.
//!
//! Nível 10: depende de tudo abaixo (`entrada`, `busca`, `paralelo`, `tempo`,
//! `tabuleiro`, `geracao`, `avaliacao`, `mostra`). Porta do laço principal do
//! `ice.c`, com o protocolo inteiro (o ICE 1.40 só entendia uma parte: sem
//! `ping`, `st`, `sd`, `analyze` nem `draw`; ver docs/ice-fatos.md#protocolo).
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

pub use crate::comandos_xboard::{interpreta_comando, Comando};

use crate::comandos_xboard::{eco_seguro, limpa_linha, texto_do_lance};
use crate::edicao::{edita, fen_editado, nova_edicao, texto_fim, TEdicao};
use crate::entrada::{envia, fila_para_busca, nova_fila, trava, TFilaCompartilhada};
use crate::estado::TResultado;
use crate::geracao::{acha_lance, fim_de_jogo, san_para_lance};
use crate::lance::{lance_para_texto, lance_para_texto_xboard, TLance};
use crate::mostra::{diagrama, texto_lances};
use crate::motor::{
    self, aceita_empate, avalia, caixa, compacta_historico, define_chess960, define_hash,
    define_level, define_nps, define_relogios, define_sd, define_st, define_tabuleiro,
    define_threads, desconta_relogio, exclui_lance, exclui_todos, faz_lance, grava_escore,
    ignora_sigint, inclui_lance, joga_960, lance_do_livro, lances_excluidos, limites_do_lance,
    linhas_multipv, nova_partida, novo_motor, nps_pedido, opcoes, opcoes_do_motor, preve_lance,
    reinicia_relogio, relogio, tabuleiro, texto_hash, texto_livro, threads, volta_lances,
    TErroOpcao, TMotor, TTipoOpcao,
};
use crate::opcoes::TOpcoesMotor;
use crate::paralelo::MAX_THREADS;
use crate::pensamento::escore_xboard;
use crate::relato::TRelator;
use crate::relato_xboard::{desenfileira, TRelatorXboard};
use crate::tabuleiro::{TBoard, TFim};
use crate::tempo::{limita_relogio_cs, TLimites};
use crate::tipos::{BRANCAS, NEGRAS};
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
/// Saudação ao oponente no servidor (opção "Greeting"), em inglês, a
/// língua do servidor; ASCII, sem "draw" (o servidor leria uma oferta).
const SAUDACAO: &str =
    "Hello! This is ICE-rs, the teaching engine from UERJ (Brazil), in Rust. Have a good game!";

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

/// O estado do protocolo: o motor e o que no `ice.c` eram as globais do
/// laço que só o xboard tem (modo, edição, servidor, abandono, kibitz).
pub struct TXboard {
    pub m: TMotor,
    /// O que chegou da interface e espera (dividida com o relator de cada
    /// busca: ver `relato_xboard`).
    pub fila: TFilaCompartilhada,
    /// `post`: mostrar as linhas de pensamento (o xboard manda quando quer).
    pub post: bool,
    pub modo: TModo,
    /// A cor que o motor joga no modo `Jogando`.
    pub cor_motor: usize,
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
    // --- Opções só do xboard (feature option) ---
    pub abandona: bool,
    pub limiar_abandono: i32,
    pub kibitz: bool,
    pub saudacao: bool,
    pub saudou: bool,
    // --- Memória da partida ---
    /// Escore da última busca do motor (ponto de vista do motor).
    pub ultimo_escore: Option<i32>,
    /// Lances seguidos do motor abaixo do limiar de abandono.
    pub lances_perdidos: u32,
    /// Lance sugerido (chave da posição, lance): a resposta prevista ao
    /// último lance do motor ou o melhor da última análise.
    pub dica: Option<(u64, TLance)>,
}

/// Cria o estado do protocolo (posição inicial, motor de pretas, relógio
/// padrão de 40 lances em 5 minutos).
pub fn novo_xboard(op: &TOpcoesMotor) -> Box<TXboard> {
    let m = novo_motor(op);
    Box::new(TXboard {
        m,
        fila: nova_fila(None),
        // O xboard manda `post` quando quer as linhas de pensamento.
        post: false,
        // Como um motor recém-aberto no protocolo 1: a interface joga de
        // brancas e o motor responde (o `new` repete isto).
        modo: TModo::Jogando,
        cor_motor: NEGRAS,
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
        kibitz: false,
        saudacao: false,
        saudou: false,
        ultimo_escore: None,
        lances_perdidos: 0,
        dica: None,
    })
}

/// O laço do protocolo: lê, processa, age, até `quit` ou o fim da entrada.
/// `rx` é o canal da thread leitora e `primeira` uma linha já lida (a que o
/// `uci::laco_protocolo` leu para escolher o protocolo), processada antes
/// de todas.
pub fn laco_xboard(op: &TOpcoesMotor, rx: Receiver<String>, primeira: Option<String>) {
    ignora_sigint();
    let mut x = novo_xboard(op);
    x.fila = nova_fila(Some(rx));
    if let Some(l) = primeira {
        let c = interpreta_comando(&l);
        processa_linha(&mut x, &l, c);
        age(&mut x);
    }
    while !x.sair {
        // Primeiro o que chegou durante a última busca, na ordem; só então
        // o canal (que bloqueia até a próxima linha).
        let proxima = {
            let mut f = trava(&x.fila);
            match desenfileira(&mut f) {
                Some(lc) => Some(lc),
                None => match f.rx.as_ref().map(|rx| rx.recv()) {
                    Some(Ok(l)) => {
                        let c = interpreta_comando(&l);
                        Some((l, c))
                    }
                    // Canal fechado: a thread leitora acabou (não deveria,
                    // ela manda `quit` no fim da entrada).
                    _ => None,
                },
            }
        };
        let Some((linha, c)) = proxima else {
            break;
        };
        processa_linha(&mut x, &linha, c);
        age(&mut x);
    }
    debug!("fim do protocolo");
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
         memory=1 smp=1 nps=1 exclude=1 setscore=1 variants=\"normal,fischerandom\" egt=\"syzygy\"",
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
    for o in opcoes_do_motor(&x.m) {
        envia(&match o.tipo {
            TTipoOpcao::Caixa(v) => format!("feature option=\"{} -check {}\"", o.nome, check(v)),
            TTipoOpcao::Numero(v, min, max) => {
                format!("feature option=\"{} -spin {v} {min} {max}\"", o.nome)
            }
            TTipoOpcao::Arquivo(v) => format!("feature option=\"{} -file {v}\"", o.nome),
            TTipoOpcao::Diretorios(v) => format!("feature option=\"{} -path {v}\"", o.nome),
        });
    }
    envia(&format!(
        "feature option=\"Kibitz -check {}\"",
        check(x.kibitz)
    ));
    envia(&format!(
        "feature option=\"Greeting -check {}\"",
        check(x.saudacao)
    ));
    envia("feature done=1");
}

/// A posição mudou: o fim anunciado deixa de valer. (Os lances excluídos o
/// motor já esqueceu: toda função dele que muda a posição o faz.)
pub fn posicao_mudou(x: &mut TXboard) {
    x.fim_anunciado = false;
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
        // `fischerandom` (Chess960): a posição vem no `setboard` que a
        // interface manda em seguida; o roque sai como `O-O`/`O-O-O`.
        Comando::Variante(v) => match v.as_str() {
            "normal" => define_chess960(&mut x.m, false),
            "fischerandom" => define_chess960(&mut x.m, true),
            _ => erro("unsupported variant", linha),
        },
        Comando::Sair => x.sair = true,
        // Fora da busca o `pong` sai na hora: é isso que garante à interface
        // que tudo o que veio antes do `ping` já foi processado.
        Comando::Ping(n) => envia(&format!("pong {n}")),
        // `egtpath syzygy DIR`: o resultado sai em linhas `#` (o xboard não
        // espera resposta).
        Comando::EgtPath(a) => {
            for l in motor::egtpath(&mut x.m, &a) {
                envia(&format!("# {l}"));
            }
        }
        // `xboard`, linha vazia, as outras features aceitas, a
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
            x.cor_motor = tabuleiro(&x.m).vez;
        }
        Comando::PlayOther => {
            x.modo = TModo::Jogando;
            x.cor_motor = tabuleiro(&x.m).vez ^ 1;
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
        Comando::Post => x.post = true,
        Comando::NoPost => x.post = false,
        Comando::Aleatorio => x.aleatorio = !x.aleatorio,
        // Aceita o empate só jogando, pela regra de `motor::aceita_empate`
        // (escore, material na mesa, rating, contempt); recusar é não dizer
        // nada (cai no `_`).
        Comando::Empate
            if x.modo == TModo::Jogando && aceita_empate(&x.m, x.ultimo_escore, x.rating) =>
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
        } => define_level(&mut x.m, mps, base_cs, inc_cs),
        Comando::St(cs) => define_st(&mut x.m, cs),
        // Um `sd` além do que a busca alcança é o mesmo que "sem limite
        // prático": satura em vez de recusar.
        Comando::Sd(d) => define_sd(&mut x.m, d),
        Comando::Time(t) => define_relogios(&mut x.m, Some(limita_relogio_cs(t)), None),
        Comando::Otim(t) => define_relogios(&mut x.m, None, Some(limita_relogio_cs(t))),
        Comando::Nps(n) => define_nps(&mut x.m, n),
        _ => {}
    }
}

/// `exclude`/`include` (a raiz da análise sem, ou de novo com, um lance ou
/// todos) e `setscore`. A análise em curso já parou quando o comando chegou
/// (`entrada::efeito`) e o `age` a recomeça com a raiz nova: um melhor
/// lance excluído some na hora.
fn comando_exclusao(x: &mut TXboard, c: Comando, linha: &str) {
    let b = tabuleiro(&x.m);
    let lance = |m: &str| acha_lance(b, &m.to_ascii_lowercase()).map(|l| l.codigo_exato());
    match c {
        Comando::Exclui(m) if m == "all" => exclui_todos(&mut x.m, true),
        Comando::Inclui(m) if m == "all" => exclui_todos(&mut x.m, false),
        Comando::Exclui(m) => match lance(&m) {
            Some(cod) => exclui_lance(&mut x.m, cod),
            None => erro("illegal move", linha),
        },
        Comando::Inclui(m) => match lance(&m) {
            Some(cod) => inclui_lance(&mut x.m, cod),
            None => erro("illegal move", linha),
        },
        Comando::SetScore(escore, prof) => grava_escore(&mut x.m, escore, prof),
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
        Comando::Edit => x.edicao = Some(nova_edicao(tabuleiro(&x.m))),
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
            define_tabuleiro(&mut x.m, nb);
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

/// `undo` (um meio-lance) e `remove` (dois): sem histórico suficiente é
/// erro, e a posição fica como está.
fn desfaz(x: &mut TXboard, meio_lances: usize, linha: &str) {
    if !volta_lances(&mut x.m, meio_lances) {
        erro("command not legal now", linha);
        return;
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
        // Satura na faixa em vez de recusar (zero inclusive): a interface
        // manda o total que o usuário deu a todos os motores.
        Comando::Memoria(mb) => comando_memory(x, mb),
        // Zero threads ou mais do que o motor cria é engano de quem mandou.
        Comando::Cores(n) if n == 0 || n as usize > MAX_THREADS => erro("bad argument", linha),
        Comando::Cores(n) => {
            define_threads(&mut x.m, n as usize);
            let threads = threads(&x.m);
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
                if chave == tabuleiro(&x.m).chave_hash && !x.posicao_invalida {
                    envia(&format!(
                        "Hint: {}",
                        lance_para_texto_xboard(&l, joga_960(&x.m))
                    ));
                }
            }
        }
        Comando::Bk => {
            // Linhas com espaço na frente (lance e peso) e uma linha vazia no fim.
            if opcoes(&x.m).livro {
                for l in texto_livro(&x.m).lines() {
                    envia(l);
                }
            } else {
                envia(" (book off)");
            }
            envia("");
        }
        Comando::Diagrama => {
            for l in diagrama(tabuleiro(&x.m), "# ").lines() {
                envia(l);
            }
        }
        Comando::Eval => mostra_eval(x),
        Comando::Gen => {
            for l in texto_lances(tabuleiro(&x.m), "# ").lines() {
                envia(l);
            }
        }
        _ => {}
    }
}

/// `eval`: a tabela termo a termo (como o `eval` do Stockfish) e o valor da
/// avaliação que a busca usa, no formato do ICE.
fn mostra_eval(x: &mut TXboard) {
    for l in crate::avaliacao::tabela_eval(tabuleiro(&x.m)).lines() {
        envia(&format!("# {l}"));
    }
    let v = avalia(&mut x.m);
    let ultima = x
        .ultimo_escore
        .map(|e| e.to_string())
        .unwrap_or_else(|| "-".to_string());
    envia(&format!("# Eval: {v} (ultima: {ultima})"));
}

/// `new`: posição inicial, motor de pretas, relógio do começo, sem `sd`.
pub fn novo_jogo(x: &mut TXboard) {
    define_tabuleiro(&mut x.m, TBoard::inicial());
    // O `new` volta ao xadrez comum: numa variante a interface manda o
    // `variant` depois dele (CECP; XBoard, cutechess e python-chess fazem
    // assim). Sem isto uma partida comum depois de uma de 960 no mesmo
    // processo escreveria o roque como `O-O`, não `e1g1`.
    define_chess960(&mut x.m, false);
    if x.modo != TModo::Analise {
        x.modo = TModo::Jogando;
    }
    x.cor_motor = NEGRAS;
    reinicia_relogio(&mut x.m);
    x.posicao_invalida = false;
    x.ponder_liberado = false;
    x.aleatorio = false;
    x.oponente_computador = false;
    x.saudou = false;
    x.ultimo_escore = None;
    x.lances_perdidos = 0;
    x.dica = None;
    x.fim_anunciado = false;
    // Tabelas limpas, `nps` de volta a zero (vale até o próximo `new`).
    nova_partida(&mut x.m);
}

/// `white`/`black`: muda o lado a jogar sem lance (pelo FEN, que descarta o
/// histórico e o en passant). Se a troca deixaria o lado sem a vez em xeque,
/// a posição fica como está.
fn poe_vez(x: &mut TXboard, cor: usize) {
    if tabuleiro(&x.m).vez == cor || x.posicao_invalida {
        return;
    }
    let fen = tabuleiro(&x.m).para_fen();
    let mut campos: Vec<&str> = fen.split_whitespace().collect();
    if campos.len() < 4 {
        return;
    }
    campos[1] = if cor == BRANCAS { "w" } else { "b" };
    campos[3] = "-";
    match TBoard::de_fen(&campos.join(" ")) {
        Ok(nb) => {
            define_tabuleiro(&mut x.m, nb);
            posicao_mudou(x);
        }
        Err(e) => debug!("white/black recusado: {e}"),
    }
}

/// Aplica uma opção: as que só o xboard tem (abandono, kibitz, saudação)
/// aqui; as do motor (livro, clássico, MultiPV) em `motor::aplica_opcao`,
/// a mesma função do UCI.
fn aplica_opcao(x: &mut TXboard, nome: &str, valor: Option<&str>) -> Result<(), TErroOpcao> {
    let ok = match nome {
        "Resign" => caixa(valor).map(|v| x.abandona = v),
        "Resign Threshold" => valor
            .and_then(|v| v.parse::<i32>().ok())
            .filter(|v| (LIMIAR_ABANDONO_MIN..=LIMIAR_ABANDONO_MAX).contains(v))
            .map(|v| x.limiar_abandono = v),
        "Kibitz" => caixa(valor).map(|v| x.kibitz = v),
        // "Saudacao" foi o nome até a 1.0: ainda aceito.
        "Greeting" | "Saudacao" => caixa(valor).map(|v| x.saudacao = v),
        _ => return motor::aplica_opcao(&mut x.m, nome, valor),
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
            "tellusererror Book {v} unreadable; the previous one stays"
        )),
        Err(TErroOpcao::TabelasIlegiveis(e)) => envia(&format!("# {e}; tablebases unchanged")),
    }
}

/// `memory N`: a mesma política do `Hash` do UCI (`motor::define_hash`):
/// fora da faixa satura, acima da memória livre menos a margem fica nesse
/// teto, uma alocação negada deixa o tamanho antigo. Uma tabela que não é a pedida é
/// avisada numa linha `#` (a interface ignora, quem lê o registro entende).
fn comando_memory(x: &mut TXboard, mb: u64) {
    let t = define_hash(&mut x.m, mb);
    if t.mb as u64 != mb || t.falhou {
        envia(&format!("# memory {mb}: {}", texto_hash(&t)));
    }
}

/// Um lance da interface: confere, faz, ou responde `Illegal move`.
fn faz_lance_usuario(x: &mut TXboard, texto: &str, aceita_san: bool) {
    if x.posicao_invalida {
        envia(&format!("Illegal move: {}", eco_seguro(texto)));
        return;
    }
    // O roque em `O-O`/`O-O-O` (o do XBoard no Chess960) vale mesmo cru.
    let roque = texto.starts_with("O-O") || texto.starts_with("0-0");
    let b = tabuleiro(&x.m);
    let l = acha_lance(b, &texto.to_ascii_lowercase()).or_else(|| {
        (aceita_san || roque)
            .then(|| san_para_lance(b, texto))
            .flatten()
    });
    match l {
        Some(l) if faz_lance(&mut x.m, &l) => x.fim_anunciado = false,
        _ => envia(&format!("Illegal move: {}", eco_seguro(texto))),
    }
}

/// O `edit` do protocolo 1: as casas mudam em `tabuleiro::edita`; o `.`
/// fecha e valida como o `setboard`.
fn processa_edicao(x: &mut TXboard, linha: &str) {
    let l = limpa_linha(linha);
    let Some(ed) = x.edicao.as_mut() else {
        return;
    };
    match l {
        "." => termina_edicao(x),
        "quit" => x.sair = true,
        _ if edita(ed, l) => {}
        _ => erro("bad edit command", linha),
    }
}

/// `.` no fim do `edit`: monta o FEN (`edicao::fen_editado`) e valida
/// como o `setboard`.
fn termina_edicao(x: &mut TXboard) {
    let Some(ed) = x.edicao.take() else {
        return;
    };
    let b = tabuleiro(&x.m);
    let fen = fen_editado(&ed.casas, b.vez, b.num_lance);
    instala_fen(x, &fen, "posicao editada recusada");
}

// ---------------------------------------------------------------------------
// Agir: pensar, ponderar, analisar
// ---------------------------------------------------------------------------

/// Há na fila algo que invalidaria um lance pensado agora?
fn fila_cancela(x: &TXboard) -> bool {
    trava(&x.fila).canceladores > 0
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
                if trava(&x.fila).pendentes.is_empty() {
                    analisa(x);
                }
                return;
            }
            TModo::Jogando => {
                if x.fim_anunciado {
                    return;
                }
                if tabuleiro(&x.m).vez == x.cor_motor {
                    // O motor pensa já (o `pong` de um `ping` na fila sai
                    // depois do lance), a não ser que a fila já cancele.
                    if fila_cancela(x) || !pensa_e_joga(x) {
                        return;
                    }
                } else if !x.ponder
                    // Com `nps` não pondera: o tempo do oponente não é
                    // medido em nós, e a força fixa deixaria de se repetir.
                    || nps_pedido(&x.m) > 0
                    // Nem com a força limitada: o ponder daria ao nível
                    // os nós que o orçamento lhe tira.
                    || opcoes(&x.m).limita_forca
                    || !x.ponder_liberado
                    || !trava(&x.fila).pendentes.is_empty()
                    || !pondera(x)
                {
                    return;
                }
            }
        }
    }
}

/// A vez é do motor: anuncia o fim, se a partida acabou, ou pensa e joga.
/// Devolve `true` se algo mudou (lance feito, fim anunciado, abandono);
/// `false` se a busca foi cancelada pela entrada.
fn pensa_e_joga(x: &mut TXboard) -> bool {
    if let Some(f) = fim_de_jogo(tabuleiro(&x.m)) {
        envia(texto_fim(f));
        x.fim_anunciado = true;
        return true;
    }
    if !compacta_historico(&mut x.m) {
        x.modo = TModo::Force;
        return true;
    }
    // Lance do livro: jogado na hora, sem busca (ICE 1.78, seção 4.7).
    if let Some(l) = lance_do_livro(&mut x.m) {
        if x.post {
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
    let lim = limites_do_lance(&x.m);
    let inicio = Instant::now();
    let rel = relator(x);
    let r = motor::pensa(&mut x.m, lim, rel);
    if trava(&x.fila).cancelou {
        debug!("busca cancelada pela entrada; lance descartado");
        return false;
    }
    // Com `nps` o relógio do motor anda pelo tempo virtual (nós ÷ N).
    let ms = if nps_pedido(&x.m) > 0 {
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
    let texto = lance_para_texto_xboard(&r.lance, joga_960(&x.m));
    // O histórico foi compactado antes da busca: aqui o lance sempre entra.
    if !faz_lance(&mut x.m, &r.lance) {
        x.modo = TModo::Force;
        return;
    }
    posicao_mudou(x);
    let fim = fim_de_jogo(tabuleiro(&x.m));
    // Empate que passa a valer com este lance: reclamado antes do lance.
    if matches!(fim, Some(TFim::Repeticao | TFim::Cinquenta)) {
        envia("offer draw");
    }
    // Quanto o lance gastou diante do que o relógio lhe deu: é por esta
    // linha que os testes de tempo (scripts/ci/soak.sh) medem o estouro.
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
    // A resposta prevista vira a dica (e o lance do ponder): a da PV, ou,
    // sem ela (lance do livro, PV curta), a de `preve_lance` (a tabela de
    // transposição ou uma busca curta), nunca o primeiro lance gerado.
    x.dica = if r.pv.num_lances >= 2 && crate::lance::mesmo_lance(&r.pv.lances[0], &r.lance) {
        Some((tabuleiro(&x.m).chave_hash, r.pv.lances[1]))
    } else if fim.is_none() && !x.posicao_invalida {
        preve_lance(&mut x.m, None).map(|l| (tabuleiro(&x.m).chave_hash, l))
    } else {
        None
    };
    desconta_relogio(&mut x.m, ms, x.cor_motor != NEGRAS);
    x.ponder_liberado = true;
}

/// O kibitz: profundidade, escore e PV do lance jogado, para os outros no
/// servidor. Depois do `move`, para não atrasar o relógio do motor. O lance
/// do livro não tem busca: diz só "book" (um "0 0" e uma PV vazia, como
/// antes, parecia um motor quebrado para quem assiste).
fn envia_kibitz(r: &TResultado) {
    if r.profundidade == 0 && r.pv.num_lances == 0 {
        envia("tellothers book");
        return;
    }
    let pv: Vec<String> = r.pv.lances[..r.pv.num_lances]
        .iter()
        .map(lance_para_texto)
        .collect();
    let (prof, escore) = (r.profundidade, escore_xboard(r.escore));
    envia(&format!("tellothers {prof} {escore} {}", pv.join(" ")));
}

/// Pondera: faz o lance previsto do oponente e pensa no tempo dele. Devolve
/// `true` se o ponder acertou e o motor jogou (pode ponderar de novo).
fn pondera(x: &mut TXboard) -> bool {
    if x.posicao_invalida || fim_de_jogo(tabuleiro(&x.m)).is_some() || !compacta_historico(&mut x.m)
    {
        return false;
    }
    let Some(previsto) = preve_lance(&mut x.m, x.dica) else {
        return false;
    };
    if !faz_lance(&mut x.m, &previsto) {
        return false;
    }
    if fim_de_jogo(tabuleiro(&x.m)).is_some() {
        // Depois do lance previsto não há o que pensar.
        volta_lances(&mut x.m, 1);
        return false;
    }
    // Limites que valem depois do acerto: os do lance do motor.
    let lim_hit = limites_do_lance(&x.m);
    // Só o `sd` vale enquanto pondera (a busca fixa a profundidade máxima
    // no começo); o relógio passa a valer no acerto.
    let lim = TLimites {
        profundidade: relogio(&x.m).sd,
        ..TLimites::default()
    };
    debug!("ponder em {}", lance_para_texto(&previsto));
    let rel = relator(x);
    let r = motor::pondera(&mut x.m, previsto, lim_hit, lim, rel);
    if !r.ponder_hit {
        // Errou (ou foi interrompido): o lance previsto sai do tabuleiro e
        // a fila (com o lance de verdade) decide.
        volta_lances(&mut x.m, 1);
        return false;
    }
    // Acertou: o lance previsto é o lance do oponente.
    debug!("ponder acertou: {}", lance_para_texto(&previsto));
    posicao_mudou(x);
    let (cancelou, hit) = {
        let f = trava(&x.fila);
        (f.cancelou, f.instante_hit)
    };
    if cancelou {
        return false;
    }
    let ms = hit.map(|t| t.elapsed().as_millis() as u64).unwrap_or(r.ms);
    joga_lance(x, &r, ms, Some(&lim_hit));
    true
}

/// Analisa a posição até a entrada mandar parar.
fn analisa(x: &mut TXboard) {
    if !compacta_historico(&mut x.m) {
        return;
    }
    let (multipv, excluidos) = (linhas_multipv(&x.m), lances_excluidos(&x.m).to_vec());
    let rel = relator(x);
    let r = motor::analisa(&mut x.m, multipv, excluidos, rel);
    if r.lance.existe() {
        x.dica = Some((tabuleiro(&x.m).chave_hash, r.lance));
    }
}

/// Se a linha é um lance (`usermove X` ou cru), o texto dele.
pub fn lance_da_linha(linha: &str) -> Option<String> {
    texto_do_lance(&interpreta_comando(linha)).map(str::to_string)
}

/// O relator de uma busca pedida pelo xboard (`relato_xboard`): a fila do
/// protocolo, sem as marcas da busca anterior, e o `post`.
fn relator(x: &TXboard) -> Box<dyn TRelator> {
    Box::new(TRelatorXboard {
        fila: fila_para_busca(&x.fila),
        post: x.post,
        ultima: None,
    })
}
