//! As opções do motor: o valor único que a linha de comando (`ice --hash 64
//! --classico …`) monta uma vez e que desce a todos os que buscam — o motor
//! dos protocolos, `bench`, `busca`, `epd`, `datagen` e as threads do Lazy
//! SMP —, e a única função que configura um `TBusca` a partir dele.
//!
//! Antes cada comando copiava à mão o pedaço das opções que lembrava, e uma
//! opção global podia se perder no caminho (`ice bench --material-pst`
//! buscava os mesmos nós de `ice bench`). O ICE não tinha opções de linha de
//! comando; isto é só ICE-rs.
//!
//! Nível 7: depende de `busca` (o `TBusca` que configura) e de `hash`.

use crate::estado::{define_melhorias, define_parametros, TBusca, TODAS_MELHORIAS};
use crate::hash::HASH_PADRAO_MB;
use crate::parametros::{TParametros, PARAMETROS_PADRAO};

/// Teto do `Move Overhead` (ms).
pub const MAX_OVERHEAD_MS: u64 = 5000;
/// Faixa do `Contempt` (cp): um peão a mais ou a menos por um empate já é
/// mais do que qualquer motor usa.
pub const MAX_CONTEMPT: i32 = 100;

/// Teto da tabela de transposição (64 GB): um número absurdo (`memory`,
/// `Hash`, `--hash`) não pode derrubar a máquina quando a busca enche a
/// tabela. Acima dele, o protocolo satura aqui e avisa; abaixo, quem manda
/// é a memória livre menos uma margem (`hash::teto_hash_mb`,
/// `motor::define_hash`).
pub const MAX_HASH_MB: usize = 65536;
/// Maior `SyzygyProbeLimit` (o formato vai até 7 peças).
pub const MAX_PECAS_SYZYGY: usize = 7;
/// Faixa do `SyzygyProbeDepth`.
pub const MAX_PROF_SYZYGY: i32 = 100;

/// O livro padrão (embutido no binário).
pub const ARQUIVO_LIVRO_PADRAO: &str = "book/livro.txt";

/// O que muda a busca de uma thread e que não é de um pedido só: as mesmas
/// chaves valem para todas as buscas até alguém mudá-las.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TConfigBusca {
    /// O ICE clássico (1.78): busca e avaliação sem as melhorias pós-ICE.
    pub classico: bool,
    /// Avaliação com os termos e números do ICE 1.40 (`--pesos-ice`; ver
    /// `avaliacao_ice`); a busca não muda.
    pub pesos_ice: bool,
    /// Melhorias pós-ICE ligadas (bits `busca::MELHORIA_*`; `--sem` tira).
    pub melhorias: u32,
    /// Avaliação reduzida a material + peça-casa, para medir em partidas o
    /// que a avaliação completa vale (`--material-pst`).
    pub so_material_pst: bool,
    /// Os números da busca (`parametros`): os padrões, ou os que a build de
    /// afinação recebeu por `setoption name Param…`.
    pub par: TParametros,
}

impl Default for TConfigBusca {
    fn default() -> Self {
        TConfigBusca {
            classico: false,
            pesos_ice: false,
            melhorias: TODAS_MELHORIAS,
            so_material_pst: false,
            par: PARAMETROS_PADRAO,
        }
    }
}

/// Configura uma busca: o único lugar que escreve estas chaves num `TBusca`
/// (protocolos, comandos e ajudantes do Lazy SMP passam por aqui).
pub fn configura_busca(bu: &mut TBusca, c: &TConfigBusca) {
    // A chave do clássico mora na avaliação, que também a consulta e não
    // conhece o `TBusca`.
    bu.av.classico = c.classico;
    bu.av.pesos_ice = c.pesos_ice;
    bu.av.so_material_pst = c.so_material_pst;
    define_melhorias(bu, c.melhorias);
    define_parametros(bu, &c.par);
}

/// A configuração de busca que as opções pedem: a da linha de comando ou do
/// protocolo, com o clássico e os pesos do ICE ligados também pelo nível
/// IceBR (que joga com a avaliação do ICE, não com a afinada).
pub fn config_efetiva(op: &TOpcoesMotor) -> TConfigBusca {
    let mut c = op.busca;
    c.classico |= op.icebr;
    c.pesos_ice |= op.icebr;
    c
}

/// A configuração que uma busca tem (para copiá-la às ajudantes).
pub fn config_da_busca(bu: &TBusca) -> TConfigBusca {
    TConfigBusca {
        classico: bu.av.classico,
        pesos_ice: bu.av.pesos_ice,
        melhorias: bu.melhorias,
        so_material_pst: bu.av.so_material_pst,
        par: bu.par,
    }
}

/// A configuração em palavras, para a linha que os comandos de medida
/// escrevem na saída de erros (`ice: tabela de 16 MB, busca completa`): quem
/// roda `ice bench --classico` vê o que de fato mediu.
pub fn texto_configuracao(c: &TConfigBusca, mb: usize) -> String {
    let busca = if c.classico {
        "ICE clássico".to_string()
    } else if c.melhorias == TODAS_MELHORIAS {
        "busca completa".to_string()
    } else {
        let sem: Vec<&str> = crate::estado::NOMES_MELHORIAS
            .iter()
            .filter(|(_, bit)| c.melhorias & bit == 0)
            .map(|(nome, _)| *nome)
            .collect();
        format!("busca sem {}", sem.join(","))
    };
    let aval = if c.so_material_pst {
        ", avaliação só material + peça-casa"
    } else if c.pesos_ice {
        ", avaliação com os pesos do ICE 1.40"
    } else {
        ""
    };
    format!("tabela de {mb} MB, {busca}{aval}")
}

/// As opções do motor, da linha de comando; os protocolos as mudam depois
/// (`memory`, `cores`, `option`, `setoption`).
#[derive(Clone, Debug)]
pub struct TOpcoesMotor {
    /// `--hash MB`; `None` deixa cada comando com o seu padrão (o `bench`
    /// usa 16 MB, para que a assinatura `Bench:` não dependa da opção).
    pub hash_mb: Option<usize>,
    /// Threads da busca (`ice --threads N` no protocolo; os comandos têm o
    /// seu `--threads`).
    pub threads: usize,
    pub busca: TConfigBusca,
    pub livro: bool,
    pub arquivo_livro: String,
    /// Semente fixa para a escolha no livro (partidas reproduzíveis).
    pub semente_livro: Option<u64>,
    /// Força limitada (`UCI_LimitStrength`, `--elo`) e o nível em Elo
    /// (`UCI_Elo`; ver `nivel`).
    pub limita_forca: bool,
    pub elo: i32,
    /// Semente da escolha de lance nos níveis baixos (`--semente-nivel`).
    pub semente_nivel: u64,
    /// Milissegundos que a interface ou a rede gastam por lance, tirados de
    /// todo orçamento de tempo (`Move Overhead`, que o lichess-bot manda).
    pub overhead_ms: u64,
    /// Diretórios das tabelas Syzygy (`--syzygy`, `SyzygyPath`, `egtpath
    /// syzygy`), separados por ':' (';' no Windows); vazio: sem tabelas.
    pub syzygy_caminho: String,
    /// Profundidade mínima para sondar o WDL na busca (`SyzygyProbeDepth`).
    pub syzygy_prof: i32,
    /// Respeita a regra dos 50 lances ao ler as tabelas (`Syzygy50MoveRule`).
    pub syzygy_regra50: bool,
    /// Máximo de peças sondado (`SyzygyProbeLimit`; 0 desliga).
    pub syzygy_limite: usize,
    /// `Contempt` (cp, ±`MAX_CONTEMPT`): o empate vale −contempt para o motor
    /// nas partidas (na análise, 0: o escore fica o objetivo).
    pub contempt: i32,
    /// O nível "IceBR" (`nivel::NPS_ICEBR`): joga como o ICE jogava no FICS,
    /// com a busca do `--classico`, a avaliação com os pesos do ICE
    /// (`--pesos-ice`) e a velocidade da máquina dele.
    pub icebr: bool,
}

impl Default for TOpcoesMotor {
    fn default() -> Self {
        TOpcoesMotor {
            hash_mb: None,
            threads: 1,
            busca: TConfigBusca::default(),
            livro: true,
            arquivo_livro: ARQUIVO_LIVRO_PADRAO.to_string(),
            semente_livro: None,
            limita_forca: false,
            elo: crate::nivel::ELO_PADRAO,
            semente_nivel: 1,
            overhead_ms: 0,
            syzygy_caminho: String::new(),
            syzygy_prof: 1,
            syzygy_regra50: true,
            syzygy_limite: MAX_PECAS_SYZYGY,
            contempt: 0,
            icebr: false,
        }
    }
}

/// Os MB da tabela: o `--hash` dado, senão o padrão de quem pergunta.
pub fn hash_ou(op: &TOpcoesMotor, padrao: usize) -> usize {
    op.hash_mb.unwrap_or(padrao).clamp(1, MAX_HASH_MB)
}

/// Os MB da tabela do motor dos protocolos (`HASH_PADRAO_MB` sem `--hash`).
pub fn hash_do_motor(op: &TOpcoesMotor) -> usize {
    hash_ou(op, HASH_PADRAO_MB)
}
