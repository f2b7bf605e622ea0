//! Os números da busca num lugar só (só ICE-rs): margens de poda, a tabela
//! do LMR, os limites do LMP, da SEE, do IIR, da extensão singular e da
//! janela de aspiração, lidos de uma tabela (`TParametros`) que o `TBusca`
//! carrega, e não de constantes espalhadas por `arvore.rs` e `busca.rs`.
//!
//! Nível 1: não depende de nenhum módulo do motor.
//!
//! Por que uma tabela: o ICE escolheu cada número à mão (seção 4.4 do
//! artigo), e o ICE-rs fez o mesmo, um SPRT por vez. Com vinte números que
//! interagem, o ajuste um a um custa milhares de partidas por número e não
//! vê as interações; o SPSA (perturbação simultânea, Spall 1992) mexe em
//! todos de uma vez e estima o gradiente com um par de partidas por passo.
//! Para isso os números precisam poder mudar sem recompilar: a build de
//! afinação (`cargo build --release --features afinacao`) os mostra como
//! opções `spin` dos dois protocolos (`MargemFutilidade`, `LmrDivisor`…),
//! e `scripts/medidas/spsa.py`
//! joga e ajusta. Na build normal eles não aparecem, e os valores são os
//! padrões abaixo: a mesma árvore (o `Bench:` não muda).
//!
//! O R = 2 do lance nulo não está aqui de propósito: é do desenho do ICE
//! (fixo, como no artigo), não um número a afinar.

/// Um número da busca: nome (o da opção UCI, sem o prefixo), valor padrão,
/// limites e o passo `c` do SPSA (a perturbação no fim da afinação: a
/// menor mudança que ainda se vê em partidas; nos inteiros pequenos, 1).
#[derive(Clone, Copy, Debug)]
pub struct TParametro {
    pub nome: &'static str,
    pub padrao: i32,
    pub min: i32,
    pub max: i32,
    pub passo: i32,
}

// Os índices na tabela. A busca lê `bu.par.v[P_…]`: índice constante num
// vetor de tamanho fixo, sem checagem de limite no código gerado.
pub const P_MARGEM_FUTILIDADE: usize = 0;
pub const P_MARGEM_FUTILIDADE_PLY: usize = 1;
pub const P_PROF_FUTILIDADE: usize = 2;
pub const P_MARGEM_FUTILIDADE_REVERSA: usize = 3;
pub const P_PROF_FUTILIDADE_REVERSA: usize = 4;
pub const P_LMR_PROFUNDIDADE: usize = 5;
pub const P_LMR_LANCES: usize = 6;
pub const P_LMR_DIVISOR: usize = 7;
pub const P_LMR_HISTORY_POR_PLY: usize = 8;
pub const P_LMP_PROFUNDIDADE: usize = 9;
pub const P_LMP_QUIETOS_PROFUNDIDADE: usize = 10;
pub const P_LMP_BASE: usize = 11;
pub const P_MARGEM_SEE_QUIETOS: usize = 12;
pub const P_PROF_SEE_CAPTURAS: usize = 13;
pub const P_MARGEM_SEE_CAPTURAS: usize = 14;
pub const P_PROF_IIR: usize = 15;
pub const P_PROF_SINGULAR: usize = 16;
pub const P_FOLGA_PROF_SINGULAR: usize = 17;
pub const P_MARGEM_SINGULAR: usize = 18;
pub const P_JANELA_ASPIRACAO: usize = 19;
pub const P_CRESCE_ASPIRACAO: usize = 20;
/// Quantos números a tabela tem.
pub const N_PARAMETROS: usize = 21;

/// A tabela: os padrões são os números que o `main` tinha em constantes
/// (cada um com o seu porquê no lugar em que a busca o usa). Os limites
/// deixam o SPSA andar sem chegar ao absurdo (uma margem negativa, uma
/// poda a 20 plies do horizonte). O divisor do LMR e o crescimento da
/// aspiração estão em centésimos (225 = 2,25; 200 = ×2).
pub const PARAMETROS: [TParametro; N_PARAMETROS] = [
    TParametro {
        nome: "MargemFutilidade",
        padrao: 200,
        min: 50,
        max: 400,
        passo: 20,
    },
    TParametro {
        nome: "MargemFutilidadePly",
        padrao: 100,
        min: 20,
        max: 250,
        passo: 10,
    },
    TParametro {
        nome: "ProfFutilidade",
        padrao: 3,
        min: 1,
        max: 6,
        passo: 1,
    },
    TParametro {
        nome: "MargemFutilidadeReversa",
        padrao: 90,
        min: 40,
        max: 200,
        passo: 8,
    },
    TParametro {
        nome: "ProfFutilidadeReversa",
        padrao: 7,
        min: 3,
        max: 10,
        passo: 1,
    },
    TParametro {
        nome: "LmrProfundidade",
        padrao: 3,
        min: 2,
        max: 6,
        passo: 1,
    },
    TParametro {
        nome: "LmrLances",
        padrao: 3,
        min: 1,
        max: 6,
        passo: 1,
    },
    TParametro {
        nome: "LmrDivisor",
        padrao: 225,
        min: 150,
        max: 350,
        passo: 15,
    },
    TParametro {
        nome: "LmrHistoryPorPly",
        padrao: 8192,
        min: 2048,
        max: 16384,
        passo: 800,
    },
    TParametro {
        nome: "LmpProfundidade",
        padrao: 3,
        min: 1,
        max: 6,
        passo: 1,
    },
    TParametro {
        nome: "LmpQuietosProfundidade",
        padrao: 8,
        min: 4,
        max: 12,
        passo: 1,
    },
    TParametro {
        nome: "LmpBase",
        padrao: 4,
        min: 1,
        max: 10,
        passo: 1,
    },
    TParametro {
        nome: "MargemSeeQuietos",
        padrao: 80,
        min: 20,
        max: 200,
        passo: 10,
    },
    TParametro {
        nome: "ProfSeeCapturas",
        padrao: 6,
        min: 2,
        max: 10,
        passo: 1,
    },
    TParametro {
        nome: "MargemSeeCapturas",
        padrao: 100,
        min: 30,
        max: 250,
        passo: 10,
    },
    TParametro {
        nome: "ProfIir",
        padrao: 4,
        min: 2,
        max: 8,
        passo: 1,
    },
    TParametro {
        nome: "ProfSingular",
        padrao: 8,
        min: 5,
        max: 12,
        passo: 1,
    },
    TParametro {
        nome: "FolgaProfSingular",
        padrao: 3,
        min: 1,
        max: 5,
        passo: 1,
    },
    TParametro {
        nome: "MargemSingular",
        padrao: 2,
        min: 1,
        max: 6,
        passo: 1,
    },
    TParametro {
        nome: "JanelaAspiracao",
        padrao: 50,
        min: 10,
        max: 100,
        passo: 5,
    },
    TParametro {
        nome: "CresceAspiracao",
        padrao: 200,
        min: 130,
        max: 300,
        passo: 15,
    },
];

/// Os valores em vigor. `Copy`: vai por valor para cada thread do Lazy SMP
/// junto com o resto da configuração da busca.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TParametros {
    pub v: [i32; N_PARAMETROS],
}

/// Os padrões: os números que o `main` joga.
pub const PARAMETROS_PADRAO: TParametros = TParametros { v: padroes() };

const fn padroes() -> [i32; N_PARAMETROS] {
    let mut v = [0; N_PARAMETROS];
    let mut i = 0;
    while i < N_PARAMETROS {
        v[i] = PARAMETROS[i].padrao;
        i += 1;
    }
    v
}

impl Default for TParametros {
    fn default() -> Self {
        PARAMETROS_PADRAO
    }
}

/// O índice do parâmetro pelo nome (sem distinguir maiúsculas, como o
/// `setoption` do UCI).
pub fn indice_parametro(nome: &str) -> Option<usize> {
    let nome = nome.trim();
    PARAMETROS
        .iter()
        .position(|p| p.nome.eq_ignore_ascii_case(nome))
}

/// Muda um parâmetro; fora dos limites é recusado com o motivo (e nada
/// muda), como toda opção errada.
pub fn define_parametro(par: &mut TParametros, nome: &str, valor: &str) -> Result<(), String> {
    let Some(i) = indice_parametro(nome) else {
        return Err(format!("unknown parameter: {nome}"));
    };
    let p = &PARAMETROS[i];
    let Ok(x) = valor.trim().parse::<i32>() else {
        return Err(format!("{}: not an integer: {valor}", p.nome));
    };
    if x < p.min || x > p.max {
        return Err(format!("{}: {x} outside {}..{}", p.nome, p.min, p.max));
    }
    par.v[i] = x;
    Ok(())
}

/// A tabela de reduções do LMR: ⌊ln(prof)·ln(lance) ÷ divisor + ½⌋, com o
/// divisor em centésimos (`P_LMR_DIVISOR`). Uma redução fixa corta pouco
/// nas árvores fundas e demais nas rasas; o logaritmo acompanha o quanto a
/// ordenação já errou. Feita uma vez por configuração, não por nó.
pub fn tabela_lmr(par: &TParametros) -> [[u8; 64]; 64] {
    let divisor = par.v[P_LMR_DIVISOR] as f64 / 100.0;
    let mut t = [[0u8; 64]; 64];
    for (prof, linha) in t.iter_mut().enumerate().skip(1) {
        for (n, r) in linha.iter_mut().enumerate().skip(1) {
            *r = ((prof as f64).ln() * (n as f64).ln() / divisor + 0.5) as u8;
        }
    }
    t
}

/// A build tem as opções de afinação? (`--features afinacao`.)
pub const COM_AFINACAO: bool = cfg!(feature = "afinacao");

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn padroes_dentro_dos_limites_e_nomes_unicos() {
        for (i, p) in PARAMETROS.iter().enumerate() {
            assert!(p.min <= p.padrao && p.padrao <= p.max, "{}", p.nome);
            assert!(p.passo > 0, "{}", p.nome);
            assert_eq!(indice_parametro(p.nome), Some(i));
            assert_eq!(indice_parametro(&p.nome.to_ascii_lowercase()), Some(i));
        }
    }

    #[test]
    fn valor_fora_dos_limites_nao_muda_nada() {
        let mut par = PARAMETROS_PADRAO;
        assert!(define_parametro(&mut par, "MargemFutilidade", "9999").is_err());
        assert!(define_parametro(&mut par, "MargemFutilidade", "x").is_err());
        assert!(define_parametro(&mut par, "NaoExiste", "1").is_err());
        assert_eq!(par, PARAMETROS_PADRAO);
        define_parametro(&mut par, "margemfutilidade", "250").unwrap();
        assert_eq!(par.v[P_MARGEM_FUTILIDADE], 250);
    }
}
