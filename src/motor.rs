//! O motor que os dois protocolos dirigem: a posição, a busca com as suas
//! threads, o livro, o relógio e as opções, e as funções que o xboard e o
//! UCI chamam igualmente (opções, tabela, threads, limites de um lance,
//! preparo da busca, livro, compactação do histórico).
//!
//! Nível 9: depende de `busca`, `paralelo`, `opcoes`, `livro`, `tempo`,
//! `tabuleiro`, `geracao`. Porta a parte "motor" do laço do `ice.c` (as
//! globais de posição, relógio e livro que o ICE guardava ao lado do
//! protocolo). Como o `Engine` do Stockfish, que o `UCIEngine` possui: o
//! `TXboard` e o `TUci` têm cada um o seu `TMotor` e o estado que é só da
//! sua língua, e nenhum dos dois importa o outro. Nada de busca, de tempo ou
//! de livro é escrito duas vezes.

use crate::avaliacao::eval;
use crate::estado::{linhas_da_raiz, TBusca, TPedido, TResultado, MAX_MULTIPV, MELHORIAS_DO_NIVEL};
use crate::geracao::{acha_lance, gera_lista_lances};
use crate::hash::{
    grava_hash, le_hash, margem_hash_mb, mb_da_tabela, memoria_disponivel_mb, nova_tabela_hash,
    tenta_tabela_hash, teto_hash_mb, TTabelaHash, HASH_EXATO,
};
use crate::lance::{lance_para_texto, mesmo_lance, TLance, TListaLances, LANCE_NULO};
use crate::livro::{
    carrega_livro, define_semente, escolhe_lance, livro_padrao, livro_vazio, texto_bk, TLivro,
};
use crate::nivel::{
    escolhe_lance_do_nivel, orcamento_do_nivel, TOrcamentoNivel, ELO_MAXIMO, ELO_MINIMO, NPS_ICEBR,
};
use crate::opcoes::{
    config_efetiva, configura_busca, hash_do_motor, TOpcoesMotor, ARQUIVO_LIVRO_PADRAO,
    MAX_CONTEMPT, MAX_HASH_MB, MAX_OVERHEAD_MS, MAX_PECAS_SYZYGY, MAX_PROF_SYZYGY,
};
use crate::paralelo::{
    ajusta_threads, busca_pedida, encerra_pedido, instala_tabela, limpa_paralelo, novo_paralelo,
    num_threads, solta_tabela, TParalelo,
};
use crate::parametros::{define_parametro, indice_parametro, COM_AFINACAO, PARAMETROS};
use crate::relato::{TRelator, TSilencioso};
use crate::syzygy::{abre_tabelas, TTabelas};
use crate::tabuleiro::TBoard;
use crate::tempo::{
    self, calcula_limites, limites_com_nps, relogio_cs, TLimites, TRelogio, TEMPO_MINIMO_MS,
};
use crate::tipos::{GERA_TODOS, INFINITO, LIMIAR_MATE, MAX_DEPTH, MAX_HISTORICO};
use log::debug;
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::sync::Arc;

/// Quantos meios-lances a partida pode ter no `TBoard` antes de compactar o
/// histórico: o resto da pilha é da busca (MAX_DEPTH plies + quiescência).
const LIMITE_HISTORICO: usize = MAX_HISTORICO - 2 * MAX_DEPTH - 32;
/// Meios-lances mantidos na compactação (bastam os desde o último lance
/// irreversível, para a repetição; mais que isso a regra dos 50 já valeu).
const LANCES_MANTIDOS: usize = 300;

/// O motor: o que no `ice.c` eram as globais de posição, busca, relógio e
/// livro. Os campos são privados: os protocolos leem pelas funções de
/// consulta (`tabuleiro`, `relogio`, `opcoes`…) e mudam o estado só pelas
/// funções deste módulo (`define_tabuleiro`, `faz_lance`, `define_level`…),
/// cada uma mantendo junto o que tem de andar junto (a posição e os lances
/// excluídos, o `level` e o lance em que ele começou a contar).
pub struct TMotor {
    /// Em `Box`: o `TBoard` (histórico da partida) e o `TBusca` (killers,
    /// history, tabela do LMR) são grandes demais para andar pela pilha.
    b: Box<TBoard>,
    bu: Box<TBusca>,
    /// As threads ajudantes do Lazy SMP (nenhuma com uma thread).
    paralelo: TParalelo,
    /// As opções em vigor: as da linha de comando, mudadas pelos protocolos
    /// (`hash_mb` é sempre `Some` aqui: o tamanho da tabela pedido).
    op: TOpcoesMotor,
    /// O livro carregado (o embutido `book/livro.txt` por padrão).
    tabela_livro: TLivro,
    relogio: TRelogio,
    /// `num_lance` de quando chegou o último `level` (os MPS contam dali).
    lance_base_level: u32,
    /// Linhas da análise (opção MultiPV; jogando vale sempre 1).
    multipv: usize,
    /// Lances da raiz excluídos da análise (`exclude`, o complemento do
    /// `searchmoves`), pelo `codigo_exato()`; valem para a posição atual.
    excluidos: Vec<u16>,
    /// `nps N` (0 = relógio de parede); vale até a próxima partida.
    nps: u64,
    /// O sorteio da escolha de lance nos níveis baixos (ver `nivel`), com a
    /// semente das opções: a mesma semente repete a partida.
    rng_nivel: StdRng,
    /// As tabelas Syzygy abertas (`SyzygyPath`, `egtpath syzygy`,
    /// `--syzygy`); em `Arc` porque as threads da busca as partilham.
    tabelas: Option<Arc<TTabelas>>,
    /// Partida de Chess960 (`UCI_Chess960` no UCI, `variant fischerandom` no
    /// xboard): o roque é escrito como no 960 (ver `TBoard::chess960`).
    chess960: bool,
    /// Como ficou a tabela do último `Hash`/`memory` atendido (ou a do
    /// começo): um pedido do mesmo tamanho não realoca e responde isto.
    tamanho_hash: TTamanhoHash,
}

/// Cria o motor: posição inicial, busca configurada pelas opções, as
/// threads pedidas e o livro (um livro ilegível só avisa: joga sem livro).
pub fn novo_motor(op: &TOpcoesMotor) -> TMotor {
    let mut op = op.clone();
    let mb = hash_do_motor(&op);
    op.hash_mb = Some(mb);
    // Sem tabela velha: recusada a tabela inteira, tenta a metade.
    let (tabela, tamanho_hash) = aloca_tabela(mb as u64, mb, mb / 2);
    if tamanho_hash.mb != mb {
        // O `--hash` grande demais: ainda não há protocolo para dizer, então
        // vai para o registro (stderr).
        log::warn!("--hash {mb}: {}", texto_hash(&tamanho_hash));
    }
    let mut bu = Box::new(crate::estado::nova_busca_com_tabela(Arc::new(tabela)));
    configura_busca(&mut bu, &config_efetiva(&op));
    let paralelo = novo_paralelo(op.threads, &bu);
    let tabela_livro = abre_livro(&op.arquivo_livro, op.semente_livro).unwrap_or_else(|e| {
        log::warn!("{e}");
        livro_vazio()
    });
    let mut m = TMotor {
        b: Box::new(TBoard::inicial()),
        bu,
        paralelo,
        tabela_livro,
        relogio: TRelogio::default(),
        lance_base_level: 1,
        multipv: 1,
        excluidos: Vec::new(),
        nps: 0,
        rng_nivel: StdRng::seed_from_u64(op.semente_nivel),
        tabelas: None,
        chess960: false,
        op,
        tamanho_hash,
    };
    // Tabelas que não abrem só avisam: o motor joga sem elas.
    if !m.op.syzygy_caminho.is_empty() {
        let caminho = m.op.syzygy_caminho.clone();
        if let Err(TErroOpcao::TabelasIlegiveis(e)) = define_tabelas(&mut m, &caminho) {
            log::warn!("{e}");
        }
    }
    m
}

/// Os MB de tabela pedidos (o `memory`/`Hash` mais recente, ou o `--hash`).
pub fn hash_mb(m: &TMotor) -> usize {
    hash_do_motor(&m.op)
}

// --- Consultas: o que os protocolos leem do motor ---

/// A posição da partida (a raiz da próxima busca).
pub fn tabuleiro(m: &TMotor) -> &TBoard {
    &m.b
}

/// O estado da busca, só para consulta (testes, `eval`).
pub fn busca(m: &TMotor) -> &TBusca {
    &m.bu
}

/// O relógio e os limites fixos (`sd`, `st`) em vigor.
pub fn relogio(m: &TMotor) -> &TRelogio {
    &m.relogio
}

/// As opções em vigor.
pub fn opcoes(m: &TMotor) -> &TOpcoesMotor {
    &m.op
}

/// A partida é de Chess960 (o roque escrito como no 960)?
pub fn joga_960(m: &TMotor) -> bool {
    m.chess960
}

/// O `nps N` da interface (0 = relógio de parede).
pub fn nps_pedido(m: &TMotor) -> u64 {
    m.nps
}

/// Linhas da análise (opção MultiPV).
pub fn linhas_multipv(m: &TMotor) -> usize {
    m.multipv
}

/// Os lances excluídos da raiz da análise (`exclude`), pelo `codigo_exato()`.
pub fn lances_excluidos(m: &TMotor) -> &[u16] {
    &m.excluidos
}

/// Threads de busca em vigor (a principal e as ajudantes).
pub fn threads(m: &TMotor) -> usize {
    num_threads(&m.paralelo)
}

/// Os lances do livro nesta posição, como o `bk` do xboard os mostra.
pub fn texto_livro(m: &TMotor) -> String {
    texto_bk(&m.tabela_livro, &m.b)
}

/// A avaliação estática da posição, a mesma que a busca usa (o `eval`).
pub fn avalia(m: &mut TMotor) -> i32 {
    eval(&m.b, &mut m.bu.av, -INFINITO, INFINITO)
}

// --- Mudanças: cada uma deixa o motor coerente ---

/// Troca a posição (FEN, `new`, `edit`): os lances excluídos eram da antiga.
pub fn define_tabuleiro(m: &mut TMotor, nb: TBoard) {
    *m.b = nb;
    posicao_mudou(m);
}

/// Volta `n` meios-lances (`undo`, `remove`, o lance previsto do ponder que
/// não veio). `false`, e nada feito, se a partida não tem tantos.
pub fn volta_lances(m: &mut TMotor, n: usize) -> bool {
    if m.b.num_historico < n {
        return false;
    }
    for _ in 0..n {
        m.b.unmake();
    }
    posicao_mudou(m);
    true
}

/// Liga ou desliga o Chess960 (`variant`, `UCI_Chess960`): o roque da
/// posição atual passa a ser escrito do jeito pedido, salvo quando a posição
/// só tem roque de 960 (rei ou torre fora das casas comuns): aí continua
/// `O-O`, porque em coordenadas comuns o rei que não anda daria `g1g1`.
pub fn define_chess960(m: &mut TMotor, v: bool) {
    m.chess960 = v;
    m.b.chess960 = v || m.b.roque_exige_960();
}

/// `level MPS BASE INC`: no meio da partida diz o que resta (WinBoard 4.3+):
/// os MPS contam a partir daqui e os dois relógios recebem a base.
pub fn define_level(m: &mut TMotor, mps: u32, base_cs: u64, inc_cs: u64) {
    let r = &mut m.relogio;
    r.mps = mps;
    r.base_cs = base_cs;
    r.inc_cs = inc_cs;
    r.st_cs = 0;
    r.tempo_cs = relogio_cs(base_cs);
    r.otim_cs = relogio_cs(base_cs);
    m.lance_base_level = m.b.num_lance;
}

/// `st`: tempo fixo por lance (centésimos).
pub fn define_st(m: &mut TMotor, cs: u64) {
    m.relogio.st_cs = cs;
}

/// `sd`: profundidade máxima (satura no que a busca alcança).
pub fn define_sd(m: &mut TMotor, d: u32) {
    m.relogio.sd = d.min(MAX_DEPTH as u32);
}

/// `time` e `otim`: os relógios do motor e do oponente (centésimos).
pub fn define_relogios(m: &mut TMotor, tempo_cs: Option<i64>, otim_cs: Option<i64>) {
    if let Some(t) = tempo_cs {
        m.relogio.tempo_cs = t;
    }
    if let Some(t) = otim_cs {
        m.relogio.otim_cs = t;
    }
}

/// `nps N`: o relógio virtual (vale até o próximo `new`).
pub fn define_nps(m: &mut TMotor, n: u64) {
    m.nps = n;
}

/// O relógio de uma partida nova (`new`): sem `sd`, os dois relógios com a
/// base do `level` em vigor.
pub fn reinicia_relogio(m: &mut TMotor) {
    let r = &mut m.relogio;
    r.sd = 0;
    r.tempo_cs = relogio_cs(r.base_cs);
    r.otim_cs = relogio_cs(r.base_cs);
}

/// O relógio de um `go` do UCI, inteiro: cada `go` traz o ritmo, e os
/// `movestogo` contam a partir deste lance.
pub fn define_relogio_do_go(m: &mut TMotor, r: TRelogio) {
    m.relogio = r;
    m.lance_base_level = m.b.num_lance;
}

/// Sem `time` da interface, o motor acompanha o próprio relógio
/// (`tempo::desconta_relogio`), contando os lances deste controle. Chamado
/// com o lance do motor já feito: jogando de pretas o número já subiu.
pub fn desconta_relogio(m: &mut TMotor, ms: u64, motor_de_brancas: bool) {
    let feitos = m.b.num_lance.saturating_sub(m.lance_base_level) + motor_de_brancas as u32;
    tempo::desconta_relogio(&mut m.relogio, ms, feitos);
}

/// `exclude`/`include` de um lance (pelo `codigo_exato()`).
pub fn exclui_lance(m: &mut TMotor, cod: u16) {
    if !m.excluidos.contains(&cod) {
        m.excluidos.push(cod);
    }
}

pub fn inclui_lance(m: &mut TMotor, cod: u16) {
    m.excluidos.retain(|&e| e != cod);
}

/// `exclude all` (`true`: a raiz inteira fora) e `include all` (`false`).
pub fn exclui_todos(m: &mut TMotor, todos: bool) {
    m.excluidos = if todos {
        codigos_legais(&m.b)
    } else {
        Vec::new()
    };
}

/// `setscore`: o escore vale para esta posição, nesta profundidade; entra
/// na tabela como exato, sem lance, como se uma busca o tivesse achado.
pub fn grava_escore(m: &mut TMotor, escore: i32, prof: u32) {
    let escore = escore.clamp(-LIMIAR_MATE + 1, LIMIAR_MATE - 1);
    let prof = prof.min(MAX_DEPTH as u32) as i32;
    grava_hash(&m.bu.tt, m.b.chave_hash, 0, escore, prof, HASH_EXATO, 0);
}

/// `Clear Hash`: tabela, history e killers de todas as threads esquecidos.
pub fn limpa_tabelas(m: &mut TMotor) {
    limpa_paralelo(&mut m.paralelo, &mut m.bu);
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

/// Nova partida: esquece tabela, history e killers de todas as threads; o
/// `nps` (CECP: vale até o próximo `new`) volta a zero.
pub fn nova_partida(m: &mut TMotor) {
    m.nps = 0;
    m.lance_base_level = 1;
    posicao_mudou(m);
    limpa_paralelo(&mut m.paralelo, &mut m.bu);
}

/// A posição mudou: os lances excluídos eram lances da posição antiga. No
/// modo Chess960 o tabuleiro novo passa a escrever o roque como "rei toma a
/// torre" (as funções deste módulo que trocam a posição chamam isto).
fn posicao_mudou(m: &mut TMotor) {
    m.excluidos.clear();
    m.b.chess960 |= m.chess960;
}

/// Por que uma opção não foi aplicada.
#[derive(Clone, Debug, PartialEq)]
pub enum TErroOpcao {
    Desconhecida,
    ValorRuim,
    /// O arquivo de livro não abriu (o anterior continua): o caminho.
    LivroIlegivel(String),
    /// Nenhuma tabela Syzygy nos diretórios (as anteriores continuam): a mensagem.
    TabelasIlegiveis(String),
}

/// Os nomes portugueses que as opções tinham até a 1.0: ainda aceitos
/// (`setoption`, `option`, arquivos de configuração antigos), mas não
/// anunciados. A interface mostra cada opção uma vez, com o nome em inglês
/// que ela e o Polyglot procuram (`OwnBook`, `BookFile`).
pub const NOMES_ANTIGOS: [(&str, &str); 3] = [
    ("Livro", "OwnBook"),
    ("Arquivo do livro", "BookFile"),
    ("ICE classico", "Classic ICE"),
];

/// O nome de uma opção como o motor o anuncia: um nome antigo (sem
/// distinguir maiúsculas, como o UCI pede) vira o novo; o resto fica.
pub fn nome_da_opcao(nome: &str) -> &str {
    NOMES_ANTIGOS
        .iter()
        .find(|(antigo, _)| antigo.eq_ignore_ascii_case(nome))
        .map_or(nome, |(_, novo)| novo)
}

/// Aplica uma opção do motor, pelo nome (o anunciado ou um dos
/// `NOMES_ANTIGOS`) e com o valor no formato do xboard (`1`/`0` nas
/// caixas). Os dois protocolos passam por aqui; cada um diz o erro do seu
/// jeito.
pub fn aplica_opcao(m: &mut TMotor, nome: &str, valor: Option<&str>) -> Result<(), TErroOpcao> {
    let ok = match nome_da_opcao(nome) {
        "OwnBook" => caixa(valor).map(|v| m.op.livro = v),
        "BookFile" => match valor.filter(|v| !v.is_empty()) {
            Some(v) => match abre_livro(v, None) {
                Ok(l) => {
                    m.op.arquivo_livro = v.to_string();
                    m.tabela_livro = l;
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
        "Classic ICE" => caixa(valor).map(|v| {
            m.op.busca.classico = v;
            configura_busca(&mut m.bu, &config_efetiva(&m.op));
        }),
        "IceBR" => caixa(valor).map(|v| {
            m.op.icebr = v;
            configura_busca(&mut m.bu, &config_efetiva(&m.op));
        }),
        "MultiPV" => numero(valor, 1, MAX_MULTIPV as i64).map(|v| m.multipv = v as usize),
        "UCI_LimitStrength" => caixa(valor).map(|v| m.op.limita_forca = v),
        "UCI_Elo" => {
            numero(valor, ELO_MINIMO as i64, ELO_MAXIMO as i64).map(|v| m.op.elo = v as i32)
        }
        "Contempt" => numero(valor, -(MAX_CONTEMPT as i64), MAX_CONTEMPT as i64)
            .map(|v| m.op.contempt = v as i32),
        "Move Overhead" => {
            numero(valor, 0, MAX_OVERHEAD_MS as i64).map(|v| m.op.overhead_ms = v as u64)
        }
        "SyzygyPath" => return define_tabelas(m, valor.unwrap_or("")),
        "SyzygyProbeDepth" => {
            numero(valor, 1, MAX_PROF_SYZYGY as i64).map(|v| m.op.syzygy_prof = v as i32)
        }
        "Syzygy50MoveRule" => caixa(valor).map(|v| m.op.syzygy_regra50 = v),
        "SyzygyProbeLimit" => {
            numero(valor, 0, MAX_PECAS_SYZYGY as i64).map(|v| m.op.syzygy_limite = v as usize)
        }
        // A build de afinação: os números da busca (`parametros`), para o SPSA.
        outro if COM_AFINACAO && indice_parametro(outro).is_some() => {
            let mut par = m.op.busca.par;
            if define_parametro(&mut par, outro, valor.unwrap_or("")).is_err() {
                return Err(TErroOpcao::ValorRuim);
            }
            m.op.busca.par = par;
            configura_busca(&mut m.bu, &config_efetiva(&m.op));
            Some(())
        }
        _ => return Err(TErroOpcao::Desconhecida),
    };
    ok.ok_or(TErroOpcao::ValorRuim)
}

/// O tipo e o valor atual de uma opção do motor, para os dois protocolos
/// anunciarem (o xboard como `feature option="…"`, o UCI como `option name`).
pub enum TTipoOpcao {
    /// Caixa de marcar (xboard `-check`, UCI `check`).
    Caixa(bool),
    /// Número numa faixa (xboard `-spin`, UCI `spin`).
    Numero(i64, i64, i64),
    /// Nome de arquivo (xboard `-file`, UCI `string`).
    Arquivo(String),
    /// Lista de diretórios (xboard `-path`, UCI `string`; vazia é `<empty>`).
    Diretorios(String),
}

/// Uma opção que os dois protocolos anunciam e que `aplica_opcao` aceita.
pub struct TOpcaoMotor {
    pub nome: &'static str,
    pub tipo: TTipoOpcao,
}

/// As opções do motor que os dois protocolos anunciam, com os valores em
/// vigor, na ordem em que aparecem. Uma lista só: uma opção nova entra aqui
/// e em `aplica_opcao`, e as duas interfaces a veem. Cada protocolo junta as
/// suas (UCI: Hash, Threads, Ponder; xboard: Resign, Kibitz…).
pub fn opcoes_do_motor(m: &TMotor) -> Vec<TOpcaoMotor> {
    let op = |nome, tipo| TOpcaoMotor { nome, tipo };
    let mut v = vec![
        op(
            "MultiPV",
            TTipoOpcao::Numero(m.multipv as i64, 1, MAX_MULTIPV as i64),
        ),
        // Os nomes em inglês que as interfaces (e o Polyglot) procuram; os
        // portugueses de antes valem como `NOMES_ANTIGOS`.
        op("OwnBook", TTipoOpcao::Caixa(m.op.livro)),
        op("BookFile", TTipoOpcao::Arquivo(m.op.arquivo_livro.clone())),
        op("Classic ICE", TTipoOpcao::Caixa(m.op.busca.classico)),
        op("IceBR", TTipoOpcao::Caixa(m.op.icebr)),
        op(
            "Move Overhead",
            TTipoOpcao::Numero(m.op.overhead_ms as i64, 0, MAX_OVERHEAD_MS as i64),
        ),
        op(
            "Contempt",
            TTipoOpcao::Numero(
                m.op.contempt as i64,
                -(MAX_CONTEMPT as i64),
                MAX_CONTEMPT as i64,
            ),
        ),
        op("UCI_LimitStrength", TTipoOpcao::Caixa(m.op.limita_forca)),
        op(
            "UCI_Elo",
            TTipoOpcao::Numero(m.op.elo as i64, ELO_MINIMO as i64, ELO_MAXIMO as i64),
        ),
        // As opções Syzygy com os nomes e faixas que as interfaces conhecem
        // (no xboard as tabelas também vêm pelo `egtpath syzygy`).
        op(
            "SyzygyPath",
            TTipoOpcao::Diretorios(m.op.syzygy_caminho.clone()),
        ),
        op(
            "SyzygyProbeDepth",
            TTipoOpcao::Numero(m.op.syzygy_prof as i64, 1, MAX_PROF_SYZYGY as i64),
        ),
        op("Syzygy50MoveRule", TTipoOpcao::Caixa(m.op.syzygy_regra50)),
        op(
            "SyzygyProbeLimit",
            TTipoOpcao::Numero(m.op.syzygy_limite as i64, 0, MAX_PECAS_SYZYGY as i64),
        ),
    ];
    // Só a build de afinação mostra os números da busca; a normal anuncia a
    // mesma lista de sempre.
    if COM_AFINACAO {
        for (i, p) in PARAMETROS.iter().enumerate() {
            v.push(op(
                p.nome,
                TTipoOpcao::Numero(m.op.busca.par.v[i] as i64, p.min as i64, p.max as i64),
            ));
        }
    }
    v
}

/// `SyzygyPath` (e o `egtpath syzygy` do xboard): abre as tabelas dos
/// diretórios; vazio ou `<empty>` tira as tabelas. Se nada abre, as
/// anteriores continuam.
pub fn define_tabelas(m: &mut TMotor, caminhos: &str) -> Result<(), TErroOpcao> {
    let caminhos = caminhos.trim();
    if caminhos.is_empty() || caminhos == "<empty>" {
        m.tabelas = None;
        m.op.syzygy_caminho.clear();
        return Ok(());
    }
    let tb = abre_tabelas(caminhos).map_err(TErroOpcao::TabelasIlegiveis)?;
    debug!(
        "Syzygy: {} finais, até {} peças, em {caminhos}",
        tb.num_finais(),
        tb.max_pecas
    );
    m.op.syzygy_caminho = caminhos.to_string();
    m.tabelas = Some(Arc::new(tb));
    Ok(())
}

/// `egtpath TIPO DIR` do xboard: com `syzygy`, abre as tabelas e devolve o
/// que dizer ao usuário (quantas abriram, ou por que não: as antigas ficam);
/// outros tipos (`nalimov`…) não são anunciados e são ignorados.
pub fn egtpath(m: &mut TMotor, args: &str) -> Vec<String> {
    let (tipo, dir) = args.split_once(' ').unwrap_or((args, ""));
    if tipo != "syzygy" {
        log::debug!("egtpath {tipo}: tipo de tabela não suportado");
        return Vec::new();
    }
    match define_tabelas(m, dir) {
        Ok(()) => mensagens_tabelas(m, true),
        Err(TErroOpcao::TabelasIlegiveis(e)) => vec![format!("{e}; tablebases unchanged")],
        Err(_) => Vec::new(),
    }
}

/// O que dizer ao usuário sobre as tabelas: quantas há e os arquivos ruins
/// desde a última vez (os protocolos mandam como `#` ou `info string`).
pub fn mensagens_tabelas(m: &TMotor, resumo: bool) -> Vec<String> {
    let Some(tb) = &m.tabelas else {
        return Vec::new();
    };
    let mut v = Vec::new();
    if resumo {
        v.push(format!(
            "Syzygy: {} endings, up to {} pieces, in {}",
            tb.num_finais(),
            tb.max_pecas,
            tb.caminhos
        ));
    }
    v.extend(tb.diagnosticos());
    v
}

/// Um número inteiro dentro da faixa de uma opção `spin`.
fn numero(valor: Option<&str>, min: i64, max: i64) -> Option<i64> {
    valor
        .and_then(|v| v.trim().parse::<i64>().ok())
        .filter(|v| (min..=max).contains(v))
}

/// Uma caixa no formato do xboard: `1` liga, `0` desliga, o resto é erro.
pub fn caixa(valor: Option<&str>) -> Option<bool> {
    match valor {
        Some("1") => Some(true),
        Some("0") => Some(false),
        _ => None,
    }
}

/// O que `define_hash` fez com um pedido de tabela (em MB).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TTamanhoHash {
    /// O número que veio do protocolo (negativos viram 0).
    pub pedido: u64,
    /// O pedido saturado na faixa `1..=MAX_HASH_MB`.
    pub alvo: usize,
    /// O alvo limitado pela memória livre (`hash::teto_hash_mb`, lida
    /// depois de a tabela velha sair).
    pub possivel: usize,
    /// A memória livre (MemAvailable, MB) que deu o teto; `None` se não deu
    /// para ler (fora do Linux: sem teto).
    pub disponivel: Option<usize>,
    /// Os MB da tabela de fato (os pedidos, a um balde de 64 bytes).
    pub mb: usize,
    /// A alocação falhou: ficou uma tabela do tamanho da antiga.
    pub falhou: bool,
}

/// Aloca a tabela de `alvo` MB (já na faixa): no máximo `teto_hash_mb` da
/// memória livre lida agora; se o sistema nega, uma de `reserva` MB (ou
/// menos, metade a cada recusa: `nova_tabela_hash`). Devolve a tabela e o
/// relato para a linha do protocolo.
fn aloca_tabela(pedido: u64, alvo: usize, reserva: usize) -> (TTabelaHash, TTamanhoHash) {
    let disponivel = memoria_disponivel_mb();
    let possivel = alvo.min(disponivel.map_or(usize::MAX, teto_hash_mb));
    let (tabela, falhou) = match tenta_tabela_hash(possivel) {
        Some(t) => (t, false),
        None => (nova_tabela_hash(reserva), true),
    };
    let t = TTamanhoHash {
        pedido,
        alvo,
        possivel,
        disponivel,
        mb: mb_da_tabela(&tabela),
        falhou,
    };
    (tabela, t)
}

/// `memory N` e a opção `Hash` do UCI, com a mesma política: fora da faixa
/// `1..=MAX_HASH_MB` satura na faixa; acima da memória livre menos uma
/// margem (`hash::teto_hash_mb`) fica no teto (o Linux promete mais do que
/// tem e mata o processo quando a busca enche a tabela); uma alocação
/// negada deixa o tamanho antigo. Nunca aborta. Realocar apaga a tabela,
/// então só se o tamanho muda; a nova vem zerada e sem ser tocada, então
/// isto leva milissegundos, qualquer que seja o tamanho. Quem chama diz o
/// resultado numa linha (`texto_hash`).
pub fn define_hash(m: &mut TMotor, pedido: u64) -> TTamanhoHash {
    let alvo = pedido.clamp(1, MAX_HASH_MB as u64) as usize;
    if Some(alvo) == m.op.hash_mb {
        // O mesmo tamanho: nada muda (nem a tabela é apagada), e a resposta
        // é a do pedido que a fez.
        return TTamanhoHash {
            pedido,
            ..m.tamanho_hash
        };
    }
    // A velha sai antes de a memória livre ser lida: a que ela ocupava
    // (só as páginas que a busca tocou) volta a contar como livre.
    let velho = solta_tabela(&mut m.paralelo, &mut m.bu);
    let (tabela, t) = aloca_tabela(pedido, alvo, velho);
    instala_tabela(&mut m.bu, tabela);
    if t.falhou {
        // O pedido antigo continua valendo (um novo igual a ele não realoca).
        m.tamanho_hash.mb = t.mb;
    } else {
        m.op.hash_mb = Some(alvo);
        m.tamanho_hash = t;
    }
    t
}

/// A linha (em inglês, como o resto do protocolo) que diz o tamanho da
/// tabela depois de um `Hash`/`memory`, e por que não é o pedido: fora da
/// faixa, a memória livre (quanto havia e a margem), a alocação negada.
pub fn texto_hash(t: &TTamanhoHash) -> String {
    let mut s = format!("Hash: {} MB", t.mb);
    if t.pedido != t.alvo as u64 {
        s.push_str(&format!(
            "; {} MB is outside 1..{MAX_HASH_MB}, saturated to {} MB",
            t.pedido, t.alvo
        ));
    }
    if t.possivel < t.alvo {
        let livre = t.disponivel.unwrap_or(0);
        s.push_str(&format!(
            "; limited to {} MB by the free memory ({livre} MB available less a {} MB margin)",
            t.possivel,
            margem_hash_mb(livre)
        ));
    }
    if t.falhou {
        s.push_str(&format!(
            "; allocating {} MB failed, the previous size stays",
            t.possivel
        ));
    }
    s
}

/// `cores N` e a opção `Threads` do UCI (satura em `MAX_THREADS`; 0 vale 1).
pub fn define_threads(m: &mut TMotor, n: usize) {
    ajusta_threads(&mut m.paralelo, &m.bu, n);
}

/// Os `codigo_exato()` de todos os lances legais da posição: a raiz inteira, que o
/// `exclude all` tira e de que o `searchmoves` do UCI tira o complemento.
pub fn codigos_legais(b: &TBoard) -> Vec<u16> {
    let mut lista = TListaLances::nova();
    gera_lista_lances(b, GERA_TODOS, &mut lista);
    lista
        .como_fatia()
        .iter()
        .map(TLance::codigo_exato)
        .collect()
}

/// Faz um lance já conferido, compactando antes o histórico se a pilha
/// estiver no fim. `false` (e nada feito) só se a compactação falhar.
pub fn faz_lance(m: &mut TMotor, l: &TLance) -> bool {
    if !compacta_historico(m) {
        return false;
    }
    // Depois da compactação o lance continua o mesmo (mesma posição).
    m.b.make(l);
    posicao_mudou(m);
    true
}

/// `position`: monta a posição (a inicial ou o FEN) e faz os lances. Se algo
/// falha (FEN ruim, lance ilegal), a posição anterior volta inteira.
pub fn monta_posicao(m: &mut TMotor, fen: Option<&str>, lances: &[String]) -> Result<(), String> {
    let nova = match fen {
        None => TBoard::inicial(),
        Some(f) => TBoard::de_fen(f).map_err(|e| format!("bad FEN ({e})"))?,
    };
    let velha = std::mem::replace(&mut *m.b, nova);
    for texto in lances {
        let l = acha_lance(&m.b, &texto.to_ascii_lowercase());
        match l {
            // `compacta_historico` refaz o tabuleiro perto do fim da pilha
            // (partidas de centenas de lances); o lance continua o mesmo.
            Some(l) if compacta_historico(m) => m.b.make(&l),
            _ => {
                *m.b = velha;
                return Err(format!("illegal move {texto}"));
            }
        }
    }
    posicao_mudou(m);
    Ok(())
}

/// O lance que o oponente responderia depois de `l` (o `ponder` de um
/// lance do livro no UCI): faz `l`, prevê (`preve_lance`) e volta.
pub fn preve_resposta(m: &mut TMotor, l: &TLance) -> Option<TLance> {
    if !faz_lance(m, l) {
        return None;
    }
    let previsto = preve_lance(m, None);
    volta_lances(m, 1);
    previsto
}

/// Perto do fim da pilha de histórico, refaz a posição a partir de um FEN
/// de `LANCES_MANTIDOS` meios-lances atrás (o bastante para a repetição).
/// `false` só se algo impossível acontecer; a posição não muda nesse caso.
pub fn compacta_historico(m: &mut TMotor) -> bool {
    if m.b.num_historico < LIMITE_HISTORICO {
        return true;
    }
    let n = m.b.num_historico;
    let manter = (m.b.meio_lances as usize).min(n).min(LANCES_MANTIDOS);
    let lances: Vec<TLance> = m.b.historico[n - manter..n]
        .iter()
        .map(|h| h.lance)
        .collect();
    let mut base = Box::new((*m.b).clone());
    for _ in 0..manter {
        base.unmake();
    }
    let Ok(mut nb) = TBoard::de_fen(&base.para_fen()) else {
        return false;
    };
    // O FEN (X-FEN) guarda as torres de roque; a escrita do roque, não.
    nb.chess960 = m.b.chess960;
    for l in &lances {
        match acha_lance(&nb, &lance_para_texto(l)) {
            Some(x) => nb.make(&x),
            None => return false,
        }
    }
    debug!("histórico compactado: {n} → {}", nb.num_historico);
    *m.b = nb;
    true
}

/// Lances do motor neste controle de tempo (o primeiro é 1).
pub fn num_lance_controle(m: &TMotor) -> u32 {
    m.b.num_lance.saturating_sub(m.lance_base_level) + 1
}

/// Limites do próximo lance do motor: os do relógio (`tempo::calcula_limites`),
/// menos o `Move Overhead`, e, com `nps N`, o orçamento de nós do relógio
/// virtual (`tempo::limites_com_nps`; ali o overhead não conta: não há pipe).
pub fn limites_do_lance(m: &TMotor) -> TLimites {
    let mut lim = calcula_limites(&m.relogio, num_lance_controle(m));
    // O que a interface e a rede gastam sai de todo orçamento (mas o lance
    // ainda tem o mínimo para achar um lance).
    if m.op.overhead_ms > 0 && nps_do_lance(m) == 0 {
        lim.tempo_max_ms = lim
            .tempo_max_ms
            .saturating_sub(m.op.overhead_ms)
            .max(TEMPO_MINIMO_MS);
        lim.tempo_alvo_ms = lim.tempo_alvo_ms.min(lim.tempo_max_ms);
    }
    limites_com_nps(&lim, &m.relogio, nps_do_lance(m))
}

/// Os nós por segundo de um lance de partida: os do `nps` da interface, ou,
/// sem eles, os da máquina do ICE no nível IceBR (0 = relógio de parede).
pub fn nps_do_lance(m: &TMotor) -> u64 {
    if m.nps == 0 && m.op.icebr {
        NPS_ICEBR
    } else {
        m.nps
    }
}

/// O que um protocolo pede a uma busca, entregue por valor (como o
/// `search_input_t` do Fruit): nada no motor nem na busca é ligado antes e
/// desligado depois.
#[derive(Clone, Debug, Default)]
pub struct TPedidoMotor {
    /// Os limites (no ponder, os de antes do acerto: só `sd` e nós).
    pub limites: TLimites,
    /// Ponder: o lance previsto do oponente (já no tabuleiro) e os limites
    /// que passam a valer quando ele é jogado.
    pub ponder: Option<(TLance, TLimites)>,
    /// A análise do xboard (`analyze`): nunca joga, e o `.` pede `stat01:`.
    pub analise: bool,
    /// Linhas da raiz (MultiPV) e lances tirados dela (`exclude`,
    /// `searchmoves`), pelo `codigo_exato()`.
    pub multipv: usize,
    pub excluidos: Vec<u16>,
    /// Um lance de partida: a força limitada vale (o teto de nós, a busca
    /// com que foi calibrada, a escolha entre as linhas).
    pub de_partida: bool,
    /// Análise com limite (o `UCI_AnalyseMode` do UCI): o escore objetivo,
    /// sem contempt e sem o relógio virtual do IceBR, como no `go infinite`,
    /// mas parando nos limites dados.
    pub objetivo: bool,
}

/// Pensa um lance de partida na posição do motor: a busca com todas as
/// threads, ou a da força limitada (`UCI_LimitStrength`).
pub fn pensa(m: &mut TMotor, limites: TLimites, relator: Box<dyn TRelator>) -> TResultado {
    let p = TPedidoMotor {
        limites,
        multipv: 1,
        de_partida: true,
        ..TPedidoMotor::default()
    };
    executa(m, p, relator)
}

/// Pondera: pensa com o lance `previsto` do oponente já no tabuleiro, sem
/// relógio até o acerto (então valem `limites_hit`) ou a ordem de parar.
pub fn pondera(
    m: &mut TMotor,
    previsto: TLance,
    limites_hit: TLimites,
    limites: TLimites,
    relator: Box<dyn TRelator>,
) -> TResultado {
    let p = TPedidoMotor {
        limites,
        ponder: Some((previsto, limites_hit)),
        multipv: 1,
        ..TPedidoMotor::default()
    };
    executa(m, p, relator)
}

/// Analisa (o `analyze` do xboard): busca sem fim, com as linhas do
/// MultiPV e sem os lances excluídos, até a ordem de parar.
pub fn analisa(
    m: &mut TMotor,
    multipv: usize,
    excluidos: Vec<u16>,
    relator: Box<dyn TRelator>,
) -> TResultado {
    let p = TPedidoMotor {
        limites: TLimites {
            infinito: true,
            ..TLimites::default()
        },
        analise: true,
        multipv,
        excluidos,
        ..TPedidoMotor::default()
    };
    executa(m, p, relator)
}

/// Executa um pedido: monta o `TPedido` da busca (relógio virtual, tabelas,
/// contempt, força limitada) e pensa com todas as threads. O contempt vale
/// nas partidas; na análise (e no `go infinite`) o escore mostrado deve ser
/// o objetivo. E a análise não é um lance de partida: o IceBR não a torna
/// mais lenta (só o `nps` da interface).
pub fn executa(m: &mut TMotor, p: TPedidoMotor, relator: Box<dyn TRelator>) -> TResultado {
    let analise = p.analise || p.limites.infinito || p.objetivo;
    let linhas_da_interface = p.multipv.clamp(1, MAX_MULTIPV);
    let mut lim = p.limites;
    let mut pedido = TPedido {
        ponderando: p.ponder.is_some(),
        lance_ponder: p.ponder.map_or(LANCE_NULO, |x| x.0),
        limites_ponderhit: p.ponder.map_or_else(TLimites::default, |x| x.1),
        analisando: p.analise,
        multipv: linhas_da_interface,
        excluidos: p.excluidos,
        nps: if analise { m.nps } else { nps_do_lance(m) },
        // As tabelas (o `Arc` é copiado, não as tabelas) e as opções Syzygy.
        tabelas: m.tabelas.clone(),
        tb_pecas: m
            .tabelas
            .as_ref()
            .map_or(0, |t| t.max_pecas.min(m.op.syzygy_limite)),
        tb_prof: m.op.syzygy_prof,
        tb_regra50: m.op.syzygy_regra50,
        contempt: if analise { 0 } else { m.op.contempt },
        ..TPedido::default()
    };
    // Força limitada: o teto de nós do nível, as linhas de onde ele
    // escolhe e a busca com que foi calibrado (ver `MELHORIAS_DO_NIVEL`).
    let orcamento = if p.de_partida {
        orcamento_ativo(m)
    } else {
        None
    };
    if let Some(orc) = &orcamento {
        lim.nos = if lim.nos == 0 {
            orc.nos
        } else {
            lim.nos.min(orc.nos)
        };
        pedido.multipv = orc.linhas;
        pedido.limite_melhorias = MELHORIAS_DO_NIVEL;
    }
    let mut r = busca_pedida(&mut m.b, &mut m.bu, &mut m.paralelo, &lim, pedido, relator);
    if let Some(orc) = orcamento {
        escolhe_do_nivel(m, &orc, &mut r);
    }
    // As linhas que a interface pediu, e não as da força limitada.
    encerra_pedido(&mut m.bu, &r, linhas_da_interface);
    r
}

/// Profundidade da busca curta de `preve_lance` (plies): basta para não
/// prever um lance que entrega material à toa, e custa poucos milissegundos.
pub const PROF_PREVISAO: u32 = 2;

/// O lance que o oponente deve jogar (para ponderar e para o `ponder` do
/// `bestmove` depois de um lance do livro): a dica do protocolo (2º lance
/// da PV do último lance), senão o lance da tabela de transposição, senão
/// o de uma busca curta (`PROF_PREVISAO` plies, sem relator). Nunca o
/// primeiro lance da ordem do gerador: esse é um palpite sem razão nenhuma
/// (depois de 1. e4 do livro, o ICE-rs ponderava 1… a6 ou algo assim).
/// `None` só sem lance legal.
pub fn preve_lance(m: &mut TMotor, dica: Option<(u64, TLance)>) -> Option<TLance> {
    let mut lista = TListaLances::nova();
    gera_lista_lances(&m.b, GERA_TODOS, &mut lista);
    let legais = lista.como_fatia();
    if legais.is_empty() {
        return None;
    }
    if let Some((chave, l)) = dica {
        if chave == m.b.chave_hash {
            if let Some(x) = legais.iter().find(|x| crate::lance::mesmo_lance(x, &l)) {
                return Some(*x);
            }
        }
    }
    if let Some(e) = le_hash(&m.bu.tt, m.b.chave_hash, 0) {
        if let Some(x) = legais
            .iter()
            .find(|x| x.codigo() == e.lance && e.lance != 0)
        {
            return Some(*x);
        }
    }
    let legais: Vec<TLance> = legais.to_vec();
    let p = TPedidoMotor {
        limites: TLimites {
            profundidade: PROF_PREVISAO,
            ..TLimites::default()
        },
        multipv: 1,
        ..TPedidoMotor::default()
    };
    let r = executa(m, p, Box::new(TSilencioso));
    legais
        .iter()
        .find(|x| r.lance.existe() && crate::lance::mesmo_lance(x, &r.lance))
        .copied()
}

/// Margem (cp) que o motor ainda pede, com todo o material na mesa, antes
/// de aceitar um empate: com muito jogo pela frente um 0 da busca é incerto,
/// e quem joga melhor ganha mais vezes do que perde.
pub const MARGEM_EMPATE_ABERTURA: i32 = 50;
/// Cada `ELO_POR_CP_EMPATE` Elo de vantagem sobre o oponente (`rating` do
/// servidor) pede 1 cp a mais para aceitar; a desvantagem, 1 cp a menos.
pub const ELO_POR_CP_EMPATE: i32 = 10;
/// Teto da parte do rating na margem (cp), para os dois lados.
pub const MARGEM_EMPATE_RATING: i32 = 100;

/// Aceita a oferta de empate? Com o último escore do motor (cp, do seu
/// ponto de vista): aceita quando ele não passa de −(contempt + margem),
/// com uma margem que cresce com o material na mesa (até
/// `MARGEM_EMPATE_ABERTURA` na abertura, 0 no final de peões) e com a
/// vantagem de rating sobre o oponente (`ratings` = (motor, oponente), do
/// `rating` do xboard; 0 = desconhecido). Sem escore (nenhum lance pensado
/// ainda), recusa. A regra antiga do ICE-rs (aceitar com escore ≤ 0) é o
/// caso do final sem rating e sem contempt.
pub fn aceita_empate(m: &TMotor, escore: Option<i32>, ratings: (i32, i32)) -> bool {
    let Some(escore) = escore else {
        return false;
    };
    let fase = crate::material::fase(&m.b);
    let margem_fase = MARGEM_EMPATE_ABERTURA * fase / crate::material::FASE_TOTAL;
    let margem_rating = if ratings.0 > 0 && ratings.1 > 0 {
        ((ratings.0 - ratings.1) / ELO_POR_CP_EMPATE)
            .clamp(-MARGEM_EMPATE_RATING, MARGEM_EMPATE_RATING)
    } else {
        0
    };
    escore <= -(m.op.contempt + margem_fase + margem_rating)
}

/// O orçamento do nível em vigor (`None`: força total).
pub fn orcamento_ativo(m: &TMotor) -> Option<TOrcamentoNivel> {
    if m.op.limita_forca {
        orcamento_do_nivel(m.op.elo)
    } else {
        None
    }
}

/// A força limitada nos níveis baixos: o lance sai da escolha pesada de
/// `nivel` entre as melhores linhas da raiz, e não do melhor escore.
fn escolhe_do_nivel(m: &mut TMotor, orc: &TOrcamentoNivel, r: &mut TResultado) {
    if orc.linhas > 1 {
        let linhas: Vec<(TLance, i32)> = linhas_da_raiz(&m.bu)
            .map(|l| (l.pv.lances[0], l.escore))
            .collect();
        if let Some(l) = escolhe_lance_do_nivel(&linhas, orc.temperatura, &mut m.rng_nivel) {
            if let Some(x) = linhas_da_raiz(&m.bu).find(|x| mesmo_lance(&x.pv.lances[0], &l)) {
                r.lance = l;
                r.escore = x.escore;
                r.pv = x.pv;
            }
        }
    }
    debug!(
        "nível {} Elo: {} nós no máximo, {} linha(s), lance {}",
        m.op.elo,
        orc.nos,
        orc.linhas,
        lance_para_texto(&r.lance)
    );
}

/// O lance do livro para a posição, se o livro está ligado e a conhece.
pub fn lance_do_livro(m: &mut TMotor) -> Option<TLance> {
    if !m.op.livro || !livro_vale_na_partida(m) {
        return None;
    }
    escolhe_lance(&mut m.tabela_livro, &m.b)
}

/// O livro é de xadrez comum: numa partida de Chess960 ele só vale se a
/// partida começou na posição inicial comum (a 518). As posições já são
/// achadas pela chave, então uma posição de 960 quase nunca estaria nele;
/// isto tira o "quase" (a chave não vê de que torre é cada direito de roque).
fn livro_vale_na_partida(m: &TMotor) -> bool {
    if !m.chess960 {
        return true;
    }
    // A chave da primeira posição da pilha: a do FEN/`startpos` da partida.
    let inicio = if m.b.num_historico > 0 {
        m.b.historico[0].chave_hash
    } else {
        m.b.chave_hash
    };
    inicio == TBoard::inicial().chave_hash
}

/// O xboard no Unix manda SIGINT quando acha que o motor não está ouvindo
/// (antes de ler as features, ou com `sigint=1`). Um programa Rust morre com
/// SIGINT; `signal-hook` troca a ação padrão por "marcar uma flag" sem
/// `unsafe` do nosso lado. A flag não é lida: o `?` do protocolo já faz o
/// papel que o SIGINT tinha no GNU Chess. Os dois protocolos o chamam (um
/// GUI UCI também pode mandar o sinal a um grupo de processos).
pub fn ignora_sigint() {
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    if let Err(e) = signal_hook::flag::register(signal_hook::consts::SIGINT, flag) {
        debug!("não deu para ignorar SIGINT: {e}");
    }
}

#[cfg(test)]
mod testes {
    use super::*;
    use crate::relato::TSilencioso;

    /// O `Move Overhead` sai do alvo e do teto de cada lance, e o lance
    /// ainda tem o tempo mínimo quando o overhead é maior que o orçamento.
    #[test]
    fn overhead_sai_de_todo_orcamento() {
        let op = TOpcoesMotor {
            hash_mb: Some(1),
            livro: false,
            ..TOpcoesMotor::default()
        };
        let mut m = novo_motor(&op);
        m.relogio.mps = 0;
        m.relogio.inc_cs = 0;
        m.relogio.tempo_cs = 6000; // 60 s
        let sem = limites_do_lance(&m);
        assert_eq!(aplica_opcao(&mut m, "Move Overhead", Some("300")), Ok(()));
        let com = limites_do_lance(&m);
        assert_eq!(com.tempo_max_ms, sem.tempo_max_ms - 300);
        assert!(com.tempo_alvo_ms <= com.tempo_max_ms);
        m.relogio.tempo_cs = 50; // 0,5 s: o overhead come tudo
        assert_eq!(limites_do_lance(&m).tempo_max_ms, TEMPO_MINIMO_MS);
        assert_eq!(
            aplica_opcao(&mut m, "Move Overhead", Some("5001")),
            Err(TErroOpcao::ValorRuim)
        );
        assert_eq!(m.op.overhead_ms, 300);
    }

    /// O nível IceBR: liga a busca clássica, a avaliação com os pesos do ICE e o ritmo de
    /// `NPS_ICEBR` nós por segundo nos lances de partida, mas não na análise
    /// nem quando a interface já mandou o seu `nps`; desligado, volta tudo.
    #[test]
    fn icebr_e_o_classico_no_ritmo_do_ice() {
        let mut m = motor_em("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert!(!m.bu.av.classico);
        assert!(!m.bu.av.pesos_ice);
        assert_eq!(aplica_opcao(&mut m, "IceBR", Some("1")), Ok(()));
        assert!(m.bu.av.classico);
        assert!(m.bu.av.pesos_ice);
        let lim = TLimites {
            profundidade: 2,
            ..TLimites::default()
        };
        pensa(&mut m, lim, Box::new(TSilencioso));
        assert_eq!(m.bu.pedido.nps, NPS_ICEBR);
        executa(&mut m, analise_a(lim), Box::new(TSilencioso));
        assert_eq!(m.bu.pedido.nps, 0);
        m.nps = 50_000;
        pensa(&mut m, lim, Box::new(TSilencioso));
        assert_eq!(m.bu.pedido.nps, 50_000);
        m.nps = 0;
        assert_eq!(aplica_opcao(&mut m, "IceBR", Some("0")), Ok(()));
        assert!(!m.bu.av.classico);
        assert!(!m.bu.av.pesos_ice);
        pensa(&mut m, lim, Box::new(TSilencioso));
        assert_eq!(m.bu.pedido.nps, 0);
        // O "ICE classico" sozinho continua valendo sem o IceBR.
        assert_eq!(aplica_opcao(&mut m, "ICE classico", Some("1")), Ok(()));
        assert_eq!(aplica_opcao(&mut m, "IceBR", Some("0")), Ok(()));
        assert!(m.bu.av.classico);
        // Sem o IceBR, o clássico fica com os termos afinados.
        assert!(!m.bu.av.pesos_ice);
    }

    /// No Chess960 o livro só responde numa partida que começou na posição
    /// comum; fora do 960, como sempre.
    #[test]
    fn livro_no_chess960() {
        let op = TOpcoesMotor {
            hash_mb: Some(1),
            semente_livro: Some(1),
            ..TOpcoesMotor::default()
        };
        let mut m = novo_motor(&op);
        assert!(lance_do_livro(&mut m).is_some(), "livro embutido");
        m.chess960 = true;
        posicao_mudou(&mut m);
        // A 518 é a posição comum: o livro vale, com o roque escrito e1h1.
        assert!(lance_do_livro(&mut m).is_some(), "960 na posição 518");
        *m.b = TBoard::de_fen(&crate::fen::fen_chess960(0).unwrap()).unwrap();
        posicao_mudou(&mut m);
        assert!(lance_do_livro(&mut m).is_none());
    }

    /// A análise do xboard com limites (para o teste terminar sozinho).
    fn analise_a(limites: TLimites) -> TPedidoMotor {
        TPedidoMotor {
            limites,
            analise: true,
            multipv: 1,
            ..TPedidoMotor::default()
        }
    }

    fn motor_em(fen: &str) -> TMotor {
        let op = TOpcoesMotor {
            hash_mb: Some(1),
            livro: false,
            ..TOpcoesMotor::default()
        };
        let mut m = novo_motor(&op);
        *m.b = TBoard::de_fen(fen).unwrap();
        m
    }

    /// A regra do empate: igual no final aceita (a regra do ICE-rs de antes);
    /// igual na abertura recusa; contra um oponente 500 pontos mais fraco
    /// pede mais 50 cp; contra um mais forte aceita até com vantagem; com
    /// contempt 20 pede 20 cp a mais; sem escore, recusa.
    #[test]
    fn aceita_empate_pela_fase_pelo_rating_e_pelo_contempt() {
        let final_ = motor_em("8/8/4k3/8/8/3K4/4P3/8 w - - 0 1");
        let abertura = motor_em("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert!(aceita_empate(&final_, Some(0), (0, 0)));
        assert!(!aceita_empate(&final_, Some(1), (0, 0)));
        assert!(!aceita_empate(&final_, None, (0, 0)));
        assert!(!aceita_empate(&abertura, Some(0), (0, 0)));
        assert!(!aceita_empate(&abertura, Some(-49), (0, 0)));
        assert!(aceita_empate(&abertura, Some(-50), (0, 0)));
        assert!(!aceita_empate(&final_, Some(-40), (2000, 1500)));
        assert!(aceita_empate(&final_, Some(-50), (2000, 1500)));
        assert!(aceita_empate(&final_, Some(30), (1700, 2000)));
        // Um lado sem rating (0) não conta.
        assert!(aceita_empate(&final_, Some(0), (2000, 0)));
        let mut com_contempt = motor_em("8/8/4k3/8/8/3K4/4P3/8 w - - 0 1");
        assert_eq!(
            aplica_opcao(&mut com_contempt, "Contempt", Some("20")),
            Ok(())
        );
        assert!(!aceita_empate(&com_contempt, Some(-19), (0, 0)));
        assert!(aceita_empate(&com_contempt, Some(-20), (0, 0)));
    }

    /// Contempt na busca: rei contra rei é empate, que vale −contempt para o
    /// lado da raiz nas partidas e 0 na análise (busca infinita ou
    /// `analisando`); um valor fora da faixa é recusado e não muda nada.
    #[test]
    fn contempt_muda_o_valor_do_empate_so_nas_partidas() {
        let mut m = motor_em("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let lim = TLimites {
            profundidade: 3,
            ..TLimites::default()
        };
        assert_eq!(pensa(&mut m, lim, Box::new(TSilencioso)).escore, 0);
        assert_eq!(aplica_opcao(&mut m, "Contempt", Some("25")), Ok(()));
        assert_eq!(pensa(&mut m, lim, Box::new(TSilencioso)).escore, -25);
        let r = executa(&mut m, analise_a(lim), Box::new(TSilencioso));
        assert_eq!(r.escore, 0);
        assert_eq!(
            aplica_opcao(&mut m, "Contempt", Some("101")),
            Err(TErroOpcao::ValorRuim)
        );
        assert_eq!(m.op.contempt, 25);
    }
}
