//! Syzygy, parte 3: sondar as tabelas de finais com um `TBoard`.
//!
//! Extensão do ICE-rs (o ICE não tinha tabelas de finais). Nível 4: usa
//! `tabuleiro`, `geracao` e as duas partes do formato (`syzygy_indice`,
//! `syzygy_arquivo`); a busca e os protocolos usam este módulo.
//!
//! * WDL (`.rtbw`): vitória (2), vitória amaldiçoada pela regra dos 50 (1),
//!   empate (0), derrota abençoada (-1), derrota (-2), para o lado a jogar,
//!   supondo o contador dos 50 lances zerado.
//! * DTZ (`.rtbz`): plies até o próximo lance que zera o contador (captura
//!   ou lance de peão), com o sinal do WDL; |DTZ| > 100 nos amaldiçoados.
//!
//! As tabelas não guardam posições em que a melhor jogada é uma captura (nem
//! en passant): o valor delas é resolvido aqui, tentando as capturas antes de
//! olhar a tabela (`sonda_ab`). O DTZ guarda um lado só: o outro sai de um
//! lance de busca.
//!
//! Os arquivos abrem na primeira consulta (`OnceLock`): depois disso só há
//! leituras, e as threads da busca partilham um `Arc<TTabelas>` sem trava.

use crate::bitboard::{conta, pop_lsb};
use crate::geracao::{gera_lista_lances, lance_para_san, tem_lance_legal};
use crate::lance::{lance_para_texto, TLance, TListaLances};
use crate::syzygy_arquivo::{
    abre_arquivo, chave_material, descomprime, le_nome, valor_dtz, TArquivoTb, TNomeTb,
    LIMITE_INTEIRO,
};
use crate::syzygy_indice::{coluna_do_peao, indice_com_peoes, indice_sem_peoes, MAX_PECAS_TB};
use crate::tabuleiro::TBoard;
use crate::tipos::{
    BRANCAS, GERA_CAPTURAS, GERA_TODOS, MSK_EN_PASSANT, NEGRAS, PEAO, REI, SEM_CASA,
};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

/// Separador da lista de diretórios (como o PATH do sistema).
#[cfg(windows)]
pub const SEPARADOR_CAMINHOS: char = ';';
#[cfg(not(windows))]
pub const SEPARADOR_CAMINHOS: char = ':';

/// Um final (um par de arquivos WDL/DTZ), aberto na primeira consulta.
struct TEntradaTb {
    nome: String,
    info: TNomeTb,
    caminho_wdl: Option<PathBuf>,
    caminho_dtz: Option<PathBuf>,
    wdl: OnceLock<Option<TArquivoTb>>,
    dtz: OnceLock<Option<TArquivoTb>>,
    /// Já se avisou de dados estragados no WDL / no DTZ (avisa uma vez).
    estragado: [AtomicBool; 2],
}

/// As tabelas achadas nos diretórios: o que a busca e os protocolos guardam.
pub struct TTabelas {
    /// Os diretórios, como o usuário os deu.
    pub caminhos: String,
    /// Maior número de peças com tabela WDL (0 sem tabelas).
    pub max_pecas: usize,
    entradas: Vec<TEntradaTb>,
    /// Chave de material (nas duas cores) → entrada.
    mapa: HashMap<u64, usize>,
    /// Mensagens de arquivos ruins ainda não mostradas (uma por arquivo).
    diagnosticos: Mutex<Vec<String>>,
    /// Arquivos maiores que isso são lidos bloco a bloco (ver
    /// `syzygy_arquivo`); os testes põem 0 para exercitar esse caminho.
    pub limite_inteiro: u64,
}

impl std::fmt::Debug for TTabelas {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "TTabelas({} finais em {})",
            self.entradas.len(),
            self.caminhos
        )
    }
}

/// O escore de uma vitória das tabelas (em `tipos`, onde o `wdl` também o
/// lê).
pub use crate::tipos::VITORIA_TB;

/// O escore de busca de um WDL no ply `ply`. Com a regra dos 50, a vitória
/// amaldiçoada e a derrota abençoada são empates (±1, para desempatar de um
/// empate seco); sem ela, vitória e derrota.
pub fn escore_wdl(wdl: i32, ply: usize, regra50: bool) -> i32 {
    let vitoria = VITORIA_TB - ply as i32;
    match wdl {
        2 => vitoria,
        -2 => -vitoria,
        1 if regra50 => 1,
        -1 if regra50 => -1,
        1 => vitoria,
        -1 => -vitoria,
        _ => 0,
    }
}

/// Abre a lista de diretórios `caminhos` (separados por ':', ';' no
/// Windows). Só lê os nomes: os arquivos abrem na primeira consulta. Erro se
/// nenhum diretório tiver tabelas; um diretório ruim entre bons vira
/// diagnóstico.
pub fn abre_tabelas(caminhos: &str) -> Result<TTabelas, String> {
    let mut tb = TTabelas {
        caminhos: caminhos.to_string(),
        max_pecas: 0,
        entradas: Vec::new(),
        mapa: HashMap::new(),
        diagnosticos: Mutex::new(Vec::new()),
        limite_inteiro: LIMITE_INTEIRO,
    };
    let mut avisos = Vec::new();
    for dir in caminhos
        .split(SEPARADOR_CAMINHOS)
        .filter(|d| !d.trim().is_empty())
    {
        let lidos = match std::fs::read_dir(dir.trim()) {
            Ok(l) => l,
            Err(e) => {
                // O texto do sistema ("No such file…") só vai para o registro:
                // numa linha do xboard ele faria a interface achar que o motor
                // não abriu (CECP.md 1.8).
                log::debug!("Syzygy: {dir}: {e}");
                avisos.push(format!("directory '{dir}' unreadable"));
                continue;
            }
        };
        for arq in lidos.flatten() {
            let caminho = arq.path();
            let Some(base) = caminho
                .file_stem()
                .and_then(|s| s.to_str())
                .map(str::to_string)
            else {
                continue;
            };
            let dtz = match caminho.extension().and_then(|s| s.to_str()) {
                Some("rtbw") => false,
                Some("rtbz") => true,
                _ => continue,
            };
            let Some(info) = le_nome(&base) else {
                continue;
            };
            registra(&mut tb, &base, info, caminho, dtz);
        }
    }
    if tb.entradas.is_empty() {
        let mut e = format!("no Syzygy tables in '{caminhos}'");
        if !avisos.is_empty() {
            e.push_str(&format!(" ({})", avisos.join("; ")));
        }
        return Err(e);
    }
    let avisos: Vec<String> = avisos.iter().map(|a| format!("Syzygy: {a}")).collect();
    for a in &avisos {
        log::warn!("{a}");
    }
    *tb.diagnosticos.lock().unwrap_or_else(|e| e.into_inner()) = avisos;
    Ok(tb)
}

/// Junta um arquivo à entrada do seu final (o primeiro achado vale).
fn registra(tb: &mut TTabelas, base: &str, info: TNomeTb, caminho: PathBuf, dtz: bool) {
    let chave = chave_material(&info.contagens);
    let i = match tb.mapa.get(&chave) {
        Some(&i) => i,
        None => {
            tb.entradas.push(TEntradaTb {
                nome: base.to_string(),
                info,
                caminho_wdl: None,
                caminho_dtz: None,
                wdl: OnceLock::new(),
                dtz: OnceLock::new(),
                estragado: [AtomicBool::new(false), AtomicBool::new(false)],
            });
            let i = tb.entradas.len() - 1;
            tb.mapa.insert(chave, i);
            tb.mapa
                .insert(chave_material(&[info.contagens[1], info.contagens[0]]), i);
            i
        }
    };
    let e = &mut tb.entradas[i];
    if dtz {
        e.caminho_dtz.get_or_insert(caminho);
    } else if e.caminho_wdl.is_none() {
        e.caminho_wdl = Some(caminho);
        tb.max_pecas = tb.max_pecas.max(info.n);
    }
}

impl TTabelas {
    /// Quantos finais (pares WDL/DTZ ou só um deles) foram achados.
    pub fn num_finais(&self) -> usize {
        self.entradas.len()
    }

    /// As mensagens de arquivos ruins desde a última chamada (cada arquivo
    /// ruim aparece uma vez: ele não é relido).
    pub fn diagnosticos(&self) -> Vec<String> {
        std::mem::take(&mut *self.diagnosticos.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// O arquivo aberto (na primeira vez, lê do disco); `None` se falta ou é ruim.
    fn arquivo<'a>(&'a self, e: &'a TEntradaTb, dtz: bool) -> Option<&'a TArquivoTb> {
        let (celula, caminho) = if dtz {
            (&e.dtz, &e.caminho_dtz)
        } else {
            (&e.wdl, &e.caminho_wdl)
        };
        celula
            .get_or_init(|| {
                let Some(c) = caminho else {
                    let ext = if dtz { "rtbz" } else { "rtbw" };
                    self.avisa(format!("Syzygy table {}.{ext} not found", e.nome));
                    return None;
                };
                match abre_arquivo(c, &e.info, dtz, self.limite_inteiro) {
                    Ok(a) => Some(a),
                    Err(m) => {
                        self.avisa(format!("bad Syzygy table: {m}"));
                        None
                    }
                }
            })
            .as_ref()
    }

    fn avisa(&self, m: String) {
        log::warn!("{m}");
        self.diagnosticos
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(m);
    }
}

/// Quantas peças de cada (cor, tipo) há no tabuleiro.
fn contagens(b: &TBoard) -> [[u8; 7]; 2] {
    let mut c = [[0u8; 7]; 2];
    for cor in 0..2 {
        for t in PEAO..=REI {
            c[cor][t as usize] = conta(b.bb(t)[cor]) as u8;
        }
    }
    c
}

/// Põe em `pos[i..]` as casas (numeração Syzygy, a1 = 0) das peças de
/// `pecas[i..n]`, trocando as cores se `cor_troca` = 8 e espelhando as
/// fileiras com `espelho` = 0x38. Devolve `None` se o tabuleiro não fecha.
fn preenche(
    b: &TBoard,
    pecas: &[u8; MAX_PECAS_TB],
    mut i: usize,
    n: usize,
    cor_troca: u8,
    espelho: usize,
    pos: &mut [usize; MAX_PECAS_TB],
) -> Option<usize> {
    while i < n {
        let pc = pecas[i] ^ cor_troca;
        // Trocar os bytes vira o tabuleiro: o bit da casa c (a8 = 0) vai
        // para c ^ 56, que é a casa na numeração do formato.
        let mut bb = b.bb(pc & 7)[(pc >> 3) as usize & 1].swap_bytes();
        if bb == 0 {
            return None;
        }
        while bb != 0 {
            *pos.get_mut(i)? = pop_lsb(&mut bb) ^ espelho;
            i += 1;
        }
    }
    Some(i)
}

/// Valor da própria tabela para a posição (sem olhar capturas). WDL: -2..2.
/// DTZ (com o `wdl` da posição): `Some(None)` se o arquivo guarda o outro
/// lado a jogar.
fn valor_tabela(tb: &TTabelas, b: &TBoard, dtz: bool, wdl: i32) -> Option<Option<i32>> {
    let cont = contagens(b);
    let chave = chave_material(&cont);
    let e = &tb.entradas[*tb.mapa.get(&chave)?];
    let arq = tb.arquivo(e, dtz)?;
    let info = &arq.nome;
    let n = info.n;
    // Se as cores do tabuleiro são as do arquivo trocadas, as peças trocam
    // de cor e (com peões) o tabuleiro vira de cabeça para baixo.
    let (trocado, lado) = if info.simetrica {
        (b.vez == NEGRAS, 0)
    } else if chave != arq.chave_brancas {
        (true, (b.vez == BRANCAS) as usize)
    } else {
        (false, (b.vez == NEGRAS) as usize)
    };
    let (cor_troca, espelho) = if trocado { (8, 0x38) } else { (0, 0) };
    let mut pos = [0usize; MAX_PECAS_TB];
    let (parte, idx) = if !info.com_peoes {
        let parte = if dtz {
            arq.partes.first()?
        } else {
            arq.partes.get(lado)?
        };
        if dtz && (parte.flags & 1) as usize != lado && !info.simetrica {
            return Some(None);
        }
        preenche(b, &parte.cod.pecas, 0, n, cor_troca, 0, &mut pos)?;
        (parte, indice_sem_peoes(&parte.cod, arq.enc, &mut pos, n))
    } else {
        // O peão líder decide a coluna, e a coluna decide a ordem das outras peças.
        let lider = arq.partes.first()?.cod.pecas;
        let k = preenche(
            b,
            &[lider[0]; MAX_PECAS_TB],
            0,
            1,
            cor_troca,
            espelho,
            &mut pos,
        )?;
        if k != info.peoes[0] {
            return None;
        }
        let coluna = coluna_do_peao(&mut pos, k);
        let parte = arq
            .partes
            .get(coluna * arq.lados + if dtz { 0 } else { lado })?;
        if dtz && (parte.flags & 1) as usize != lado {
            return Some(None);
        }
        preenche(b, &parte.cod.pecas, k, n, cor_troca, espelho, &mut pos)?;
        (parte, indice_com_peoes(&parte.cod, info.peoes, &mut pos, n))
    };
    let v = descomprime(arq, parte, idx);
    let r = match v {
        Some(v) if dtz => valor_dtz(&arq.bytes, parte, wdl, v),
        Some(v) if v <= 4 => Some(v as i32 - 2),
        _ => None,
    };
    if r.is_none() && !e.estragado[dtz as usize].swap(true, Ordering::Relaxed) {
        let ext = if dtz { "rtbz" } else { "rtbw" };
        tb.avisa(format!(
            "bad Syzygy table: {}.{ext}: corrupt compressed data (index {idx})",
            e.nome
        ));
    }
    Some(Some(r?))
}

/// WDL da tabela, com o caso K contra K (sem arquivo).
fn wdl_tabela(tb: &TTabelas, b: &TBoard) -> Option<i32> {
    if b.ocupadas() == b.rei[0] | b.rei[1] {
        return Some(0);
    }
    valor_tabela(tb, b, false, 0)?
}

/// Gera os lances legais e guarda os que `filtro` aceita.
fn lances(b: &TBoard, modo: u8, filtro: impl Fn(&TLance) -> bool) -> TListaLances {
    let mut todos = TListaLances::nova();
    gera_lista_lances(b, modo, &mut todos);
    let mut r = TListaLances::nova();
    for l in todos.como_fatia().iter().filter(|l| filtro(l)) {
        r.adiciona(*l);
    }
    r
}

fn eh_en_passant(l: &TLance) -> bool {
    l.especial & MSK_EN_PASSANT != 0
}

/// Alfa-beta só nas capturas (sem en passant), com a tabela como folha:
/// as tabelas não guardam o valor das posições em que capturar é o melhor.
/// Devolve o valor e 2 se o melhor é capturar (o DTZ então é 1 ou 101), 1
/// se é o da tabela.
fn sonda_ab(tb: &TTabelas, b: &mut TBoard, mut alfa: i32, beta: i32) -> Option<(i32, u8)> {
    let caps = lances(b, GERA_CAPTURAS, |l| !eh_en_passant(l));
    for l in caps.como_fatia() {
        b.make(l);
        let r = sonda_ab(tb, b, -beta, -alfa);
        b.unmake();
        let v = -r?.0;
        if v > alfa {
            if v >= beta {
                return Some((v, 2));
            }
            alfa = v;
        }
    }
    let v = wdl_tabela(tb, b)?;
    if alfa >= v {
        Some((alfa, 1 + (alfa > 0) as u8))
    } else {
        Some((v, 1))
    }
}

/// A posição cabe nas tabelas? (sem roque, com no máximo `max_pecas`)
fn sondavel(tb: &TTabelas, b: &TBoard) -> bool {
    b.msk_roque == 0 && conta(b.ocupadas()) as usize <= tb.max_pecas
}

/// Melhor valor dos en passant legais (-3 se não há).
fn melhor_en_passant(tb: &TTabelas, b: &mut TBoard) -> Option<i32> {
    let mut melhor = -3;
    if b.en_passant == SEM_CASA {
        return Some(melhor);
    }
    for l in lances(b, GERA_CAPTURAS, eh_en_passant).como_fatia() {
        b.make(l);
        let r = sonda_ab(tb, b, -2, 2);
        b.unmake();
        melhor = melhor.max(-r?.0);
    }
    Some(melhor)
}

/// Só há lances de en passant?
fn so_en_passant(b: &TBoard) -> bool {
    lances(b, GERA_TODOS, |l| !eh_en_passant(l)).n == 0
}

/// WDL da posição (-2..2) para o lado a jogar, supondo o contador dos 50
/// zerado; `None` sem tabela, com roque ou com arquivo ruim (a mensagem fica
/// em `TTabelas::diagnosticos`).
pub fn sonda_wdl(tb: &TTabelas, b: &mut TBoard) -> Option<i32> {
    if !sondavel(tb, b) {
        return None;
    }
    let mut v = sonda_ab(tb, b, -2, 2)?.0;
    // O en passant não está nas tabelas: ele entra se for melhor, ou se for
    // o único lance (então é forçado mesmo perdendo).
    let ep = melhor_en_passant(tb, b)?;
    if ep > -3 && (ep >= v || (v == 0 && so_en_passant(b))) {
        v = ep;
    }
    Some(v)
}

/// DTZ de quem zera o contador no próximo lance, dado o WDL.
fn dtz_ao_zerar(wdl: i32) -> i32 {
    match wdl {
        2 => 1,
        1 => 101,
        -1 => -101,
        -2 => -1,
        _ => 0,
    }
}

/// DTZ sem considerar o en passant do lado a jogar.
fn sonda_dtz_sem_ep(tb: &TTabelas, b: &mut TBoard) -> Option<i32> {
    let (wdl, sucesso) = sonda_ab(tb, b, -2, 2)?;
    if wdl == 0 {
        return Some(0);
    }
    // O melhor é capturar: zera já.
    if sucesso == 2 {
        return Some(dtz_ao_zerar(wdl));
    }
    if wdl > 0 {
        // Um avanço de peão que mantém o resultado também zera já.
        let avancos = lances(b, GERA_TODOS, |l| l.peca == PEAO && !l.eh_captura());
        for l in avancos.como_fatia() {
            b.make(l);
            let v = sonda_wdl(tb, b).map(|v| -v);
            b.unmake();
            if v? == wdl {
                return Some(dtz_ao_zerar(wdl));
            }
        }
    }
    if let Some(d) = valor_tabela(tb, b, true, wdl)? {
        return Some(dtz_ao_zerar(wdl) + if wdl > 0 { d } else { -d });
    }
    // A tabela só tem o outro lado a jogar: um lance de busca.
    if wdl > 0 {
        let mut melhor = i32::MAX;
        let quietos = lances(b, GERA_TODOS, |l| l.peca != PEAO && !l.eh_captura());
        for l in quietos.como_fatia() {
            b.make(l);
            let r = sonda_dtz(tb, b).map(|v| -v);
            let mate = r == Some(1) && b.em_xeque() && !tem_lance_legal(b);
            b.unmake();
            let v = r?;
            if mate {
                melhor = 1;
            } else if v > 0 && v + 1 < melhor {
                melhor = v + 1;
            }
        }
        Some(melhor)
    } else {
        let mut melhor = -1;
        let todos = lances(b, GERA_TODOS, |_| true);
        for l in todos.como_fatia() {
            b.make(l);
            let r = if b.meio_lances == 0 {
                if wdl == -2 {
                    Some(-1)
                } else {
                    sonda_ab(tb, b, 1, 2).map(|(v, _)| if v == 2 { 0 } else { -101 })
                }
            } else {
                sonda_dtz(tb, b).map(|v| -v - 1)
            };
            b.unmake();
            melhor = melhor.min(r?);
        }
        Some(melhor)
    }
}

/// DTZ da posição para o lado a jogar: > 0 ganha, < 0 perde, 0 empate;
/// |DTZ| em plies até zerar o contador (pode sobrar 1 ply: o formato
/// arredonda), > 100 quando a regra dos 50 salva o perdedor.
pub fn sonda_dtz(tb: &TTabelas, b: &mut TBoard) -> Option<i32> {
    if !sondavel(tb, b) {
        return None;
    }
    let mut v = sonda_dtz_sem_ep(tb, b)?;
    let ep = melhor_en_passant(tb, b)?;
    if ep == -3 {
        return Some(v);
    }
    // O en passant zera o contador: vale como DTZ de quem zera agora.
    let d = dtz_ao_zerar(ep);
    let troca = if v < -100 {
        d >= 0
    } else if v < 0 {
        !(-100..0).contains(&d)
    } else if v > 100 {
        d > 0
    } else if v > 0 {
        d == 1
    } else {
        d >= 0 || so_en_passant(b)
    };
    if troca {
        v = d;
    }
    Some(v)
}

/// Um lance da raiz com o que as tabelas dizem dele.
#[derive(Clone, Copy, Debug)]
pub struct TLanceTb {
    pub lance: TLance,
    /// WDL e DTZ da posição depois do lance (do ponto de vista de quem joga nela).
    pub wdl_depois: i32,
    pub dtz_depois: i32,
    /// Para quem joga o lance: DTZ contado da raiz (1 = mate ou zera já).
    pub dtz: i32,
    /// Resultado para quem joga, pela regra dos 50 se ligada: 2, 1, 0, -1, -2.
    pub resultado: i32,
    /// Maior é melhor.
    pub posto: i32,
}

/// Classifica os lances da raiz pelas tabelas, o melhor primeiro. Com
/// `regra50`, uma vitória que não zera o contador a tempo
/// (DTZ + contador > 99) vale menos que uma que zera. `None` se alguma
/// sonda falhar (então a busca segue sem as tabelas).
pub fn ordena_raiz(tb: &TTabelas, b: &mut TBoard, regra50: bool) -> Option<Vec<TLanceTb>> {
    if !sondavel(tb, b) {
        return None;
    }
    let cont50 = b.meio_lances as i32;
    let todos = lances(b, GERA_TODOS, |_| true);
    let mut r = Vec::with_capacity(todos.n);
    for l in todos.como_fatia() {
        b.make(l);
        let wdl_depois = sonda_wdl(tb, b);
        let dtz_depois = sonda_dtz(tb, b);
        let mate = b.em_xeque() && !tem_lance_legal(b);
        b.unmake();
        let (wdl_depois, dtz_depois) = (wdl_depois?, dtz_depois?);
        // DTZ para quem joga: o lance que zera conta 1 (ou 101).
        let dtz = if mate {
            1
        } else if l.peca == PEAO || l.eh_captura() {
            dtz_ao_zerar(-wdl_depois)
        } else if dtz_depois > 0 {
            -dtz_depois - 1
        } else if dtz_depois < 0 {
            -dtz_depois + 1
        } else {
            0
        };
        let resultado = if dtz > 0 {
            if !regra50 || dtz + cont50 <= 99 || mate {
                2
            } else {
                1
            }
        } else if dtz < 0 {
            if !regra50 || -dtz + cont50 <= 99 {
                -2
            } else {
                -1
            }
        } else {
            0
        };
        // Ganhando, o menor DTZ; perdendo, o maior (a defesa mais longa).
        let posto = match resultado {
            2 => 300_000 - dtz,
            1 => 100_000 - dtz,
            -1 => -100_000 - dtz,
            -2 => -300_000 - dtz,
            _ => 0,
        };
        r.push(TLanceTb {
            lance: *l,
            wdl_depois,
            dtz_depois,
            dtz,
            resultado,
            posto,
        });
    }
    r.sort_by_key(|m| std::cmp::Reverse(m.posto));
    Some(r)
}

/// Texto do `ice tb`: WDL e DTZ da posição e de cada lance, e o melhor lance.
pub fn texto_tb(tb: &TTabelas, b: &mut TBoard) -> String {
    let mut s = String::new();
    let wdl = sonda_wdl(tb, b);
    let dtz = sonda_dtz(tb, b);
    let mostra = |v: Option<i32>| v.map_or("?".to_string(), |v| v.to_string());
    s.push_str(&format!("fen {}\n", b.para_fen()));
    s.push_str(&format!("wdl {} ({})\n", mostra(wdl), nome_wdl(wdl)));
    s.push_str(&format!("dtz {}\n", mostra(dtz)));
    match ordena_raiz(tb, b, true) {
        Some(lista) => {
            for m in &lista {
                s.push_str(&format!(
                    "lance {:<6} {:<8} depois: wdl {:>2} dtz {:>4}\n",
                    lance_para_texto(&m.lance),
                    lance_para_san(b, &m.lance),
                    m.wdl_depois,
                    m.dtz_depois
                ));
            }
            if let Some(m) = lista.first() {
                s.push_str(&format!(
                    "melhor {} (dtz {})\n",
                    lance_para_texto(&m.lance),
                    m.dtz
                ));
            }
        }
        None if wdl.is_some() => s.push_str("sem lances\n"),
        None => {}
    }
    for d in tb.diagnosticos() {
        s.push_str(&format!("# {d}\n"));
    }
    s
}

/// O nome do resultado (para quem lê o `ice tb`).
pub fn nome_wdl(wdl: Option<i32>) -> &'static str {
    match wdl {
        Some(2) => "vitória",
        Some(1) => "vitória amaldiçoada pela regra dos 50",
        Some(0) => "empate",
        Some(-1) => "derrota abençoada pela regra dos 50",
        Some(-2) => "derrota",
        _ => "sem tabela",
    }
}

/// `ice tb <FEN>`: o texto de `texto_tb`. `ice tb --lote`: um FEN por linha
/// na entrada, `wdl dtz` por linha na saída (`? ?` sem tabela, `erro …` com
/// FEN ruim), para comparar muitas posições com outro leitor num processo só.
pub fn cmd_tb(args: &[String], caminhos: &str) -> Result<(), String> {
    if caminhos.is_empty() {
        return Err("ice tb precisa de --syzygy <diretório>".to_string());
    }
    let tb = abre_tabelas(caminhos)?;
    for d in tb.diagnosticos() {
        eprintln!("# {d}");
    }
    if args.first().map(String::as_str) == Some("--lote") {
        use std::io::BufRead;
        for l in std::io::stdin().lock().lines() {
            let l = l.map_err(|e| e.to_string())?;
            if l.trim().is_empty() {
                continue;
            }
            match TBoard::de_fen(l.trim()) {
                Ok(mut b) => {
                    let w = sonda_wdl(&tb, &mut b);
                    let d = sonda_dtz(&tb, &mut b);
                    let m = |v: Option<i32>| v.map_or("?".to_string(), |v| v.to_string());
                    crate::linha!("{} {}", m(w), m(d));
                }
                Err(e) => crate::linha!("erro {e}"),
            }
            for d in tb.diagnosticos() {
                eprintln!("# {d}");
            }
        }
        return Ok(());
    }
    let fen = args.join(" ");
    let mut b = TBoard::de_fen(&fen).map_err(|e| format!("FEN inválido ({e}): {fen}"))?;
    crate::entrada::imprime(&texto_tb(&tb, &mut b));
    Ok(())
}
