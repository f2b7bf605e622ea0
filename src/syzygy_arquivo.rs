//! Syzygy, parte 2: ler um arquivo `.rtbw`/`.rtbz`, entender o cabeçalho e
//! descomprimir o valor de um índice.
//!
//! Extensão do ICE-rs. Nível 1: depende só de `syzygy_indice`. Sem `mmap`
//! (que pediria `unsafe`): um arquivo de até `LIMITE_INTEIRO` bytes é lido
//! inteiro na primeira consulta (o conjunto de 3-4 peças todo: 4,4 MB); um
//! maior (muitos de 5 peças, os de 6 e 7) fica com só o cabeçalho e as
//! tabelas de índice e de tamanhos na memória (uns 5 % do arquivo: os blocos
//! têm 32 a 64 bytes e cada um custa 2 bytes na de tamanhos), e cada
//! consulta lê do disco só o seu bloco. A memória fica limitada pela soma
//! dos arquivos pequenos consultados mais ~5 % dos grandes.
//!
//! Cada leitura de byte do arquivo passa por `get`: um arquivo truncado ou
//! estragado dá `Err`/`None`, nunca `panic`.
//!
//! O formato em poucas linhas: 4 bytes de assinatura; um byte de flags
//! (bit 0: os dois lados a jogar guardados; bit 1: tem peões, 4 colunas);
//! a ordem das peças de cada lado/coluna; para cada lado/coluna, um
//! dicionário de pares (RE-PAIR) com um código de Huffman canônico; depois
//! a tabela de índices (6 bytes a cada 2^idxbits posições: bloco e deslocamento),
//! a de tamanhos (2 bytes por bloco) e os blocos, alinhados a 64 bytes.

use crate::syzygy_indice::{
    prepara_com_peoes, prepara_sem_peoes, tipo_codificacao, TCodificacao, MAX_PECAS_TB,
};
use std::fs::File;

/// Arquivos até este tamanho são lidos inteiros; os maiores, bloco a bloco.
pub const LIMITE_INTEIRO: u64 = 64 << 20;
/// Quanto do começo de um arquivo grande é lido para entender o cabeçalho
/// (os dicionários: no máximo 4 partes × 64 K símbolos × 3 bytes).
const PREFIXO_CABECALHO: u64 = 4 << 20;

/// Assinaturas dos arquivos WDL e DTZ (os 4 primeiros bytes).
pub const MAGICA_WDL: [u8; 4] = [0x71, 0xE8, 0x23, 0x5D];
pub const MAGICA_DTZ: [u8; 4] = [0xD7, 0x66, 0x0C, 0xA5];

// Leituras com limite: `None` fora do arquivo.
fn le8(d: &[u8], i: usize) -> Option<u32> {
    d.get(i).map(|&b| b as u32)
}
fn le16(d: &[u8], i: usize) -> Option<u32> {
    let b = d.get(i..i.checked_add(2)?)?;
    Some(u16::from_le_bytes([b[0], b[1]]) as u32)
}
fn le32(d: &[u8], i: usize) -> Option<u32> {
    let b = d.get(i..i.checked_add(4)?)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}
fn be32(d: &[u8], i: usize) -> Option<u32> {
    let b = d.get(i..i.checked_add(4)?)?;
    Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
}
fn be64(d: &[u8], i: usize) -> Option<u64> {
    let b = d.get(i..i.checked_add(8)?)?;
    let mut a = [0u8; 8];
    a.copy_from_slice(b);
    Some(u64::from_be_bytes(a))
}

/// O que o nome do arquivo diz: as peças de cada lado (o primeiro lado do
/// nome faz as vezes das brancas) e os grupos de peões.
#[derive(Clone, Copy, Debug, Default)]
pub struct TNomeTb {
    /// `contagens[lado][tipo]`, tipo PEAO = 1 … REI = 6.
    pub contagens: [[u8; 7]; 2],
    pub n: usize,
    pub com_peoes: bool,
    pub simetrica: bool,
    /// Peões do grupo líder e do outro grupo (o líder é o lado com menos peões).
    pub peoes: [usize; 2],
}

/// Um lado (ou, com peões, um lado de uma coluna) já preparado.
#[derive(Clone, Debug, Default)]
pub struct TParte {
    pub cod: TCodificacao,
    /// Flags do dicionário (DTZ: bit 0 o lado guardado, bit 1 tem mapa, bit 2 e 3
    /// vitória/derrota em plies, bit 4 mapa de 16 bits).
    pub flags: u8,
    /// DTZ: onde começa cada um dos 4 mapas de valores (posição no arquivo).
    pub mapa: [usize; 4],
    constante: Option<u32>,
    bloco_bits: u32,
    idx_bits: u32,
    num_blocos: u64,
    min_len: u32,
    base: Vec<u64>,
    menor_simbolo: usize,
    sympat: usize,
    symlen: Vec<u32>,
    tabela_indice: usize,
    tabela_tamanhos: usize,
    dados: usize,
    tam: [usize; 3],
}

/// Um arquivo aberto: os bytes e o cabeçalho entendido.
#[derive(Debug, Default)]
pub struct TArquivoTb {
    /// O arquivo inteiro, ou (arquivo grande) até o fim das tabelas de
    /// tamanhos; os blocos então vêm de `arquivo`.
    pub bytes: Vec<u8>,
    pub arquivo: Option<File>,
    /// Tamanho do arquivo no disco.
    pub tamanho: u64,
    pub dtz: bool,
    pub nome: TNomeTb,
    /// 0 ou 2 sem peões (`tipo_codificacao`).
    pub enc: u8,
    /// 2 se os dois lados a jogar estão guardados (só WDL), senão 1.
    pub lados: usize,
    /// `partes[coluna * lados + lado]`.
    pub partes: Vec<TParte>,
    /// Chave de material das peças do lado 0 como o arquivo as guarda
    /// (as de cor branca no cabeçalho contam como brancas).
    pub chave_brancas: u64,
}

/// Chave de material: 4 bits por (cor, tipo). Sem alocar, para a busca.
pub fn chave_material(contagens: &[[u8; 7]; 2]) -> u64 {
    let mut k = 0u64;
    for cor in 0..2 {
        for t in 1..7 {
            k |= ((contagens[cor][t] & 15) as u64) << (4 * (cor * 7 + t));
        }
    }
    k
}

/// Lê um nome como `KRPvKR`; `None` se não for nome de tabela.
pub fn le_nome(nome: &str) -> Option<TNomeTb> {
    let (a, b) = nome.split_once('v')?;
    let mut r = TNomeTb::default();
    for (lado, parte) in [a, b].iter().enumerate() {
        for c in parte.chars() {
            let t = match c {
                'P' => 1,
                'N' => 2,
                'B' => 3,
                'R' => 4,
                'Q' => 5,
                'K' => 6,
                _ => return None,
            };
            r.contagens[lado][t] += 1;
            r.n += 1;
        }
        if r.contagens[lado][6] != 1 {
            return None;
        }
    }
    if r.n > MAX_PECAS_TB {
        return None;
    }
    r.simetrica = r.contagens[0] == r.contagens[1];
    let (pa, pb) = (r.contagens[0][1] as usize, r.contagens[1][1] as usize);
    r.com_peoes = pa + pb > 0;
    // O grupo líder é o de menos peões (no empate, o segundo lado do nome).
    r.peoes = if pa > 0 && (pb == 0 || pa < pb) {
        [pa, pb]
    } else {
        [pb, pa]
    };
    Some(r)
}

/// Lê e prepara um arquivo. O erro diz o arquivo e o que está errado.
pub fn abre_arquivo(
    caminho: &std::path::Path,
    nome: &TNomeTb,
    dtz: bool,
    limite_inteiro: u64,
) -> Result<TArquivoTb, String> {
    let exibe = caminho.display();
    // O texto do sistema só no registro (ver `syzygy::abre_tabelas`).
    let ilegivel = |e: std::io::Error| {
        log::debug!("{exibe}: {e}");
        format!("{exibe}: unreadable")
    };
    let mut f = File::open(caminho).map_err(ilegivel)?;
    let tamanho = f.metadata().map_err(ilegivel)?.len();
    // Todo arquivo do formato tem 64k + 16 bytes (os 16 do checksum no fim).
    if tamanho % 64 != 16 {
        return Err(format!(
            "{exibe}: tamanho {tamanho} bytes não é de tabela Syzygy (truncado?)"
        ));
    }
    let grande = tamanho > limite_inteiro;
    let bytes = le_trecho(
        &mut f,
        0,
        if grande {
            tamanho.min(PREFIXO_CABECALHO)
        } else {
            tamanho
        },
    )
    .map_err(ilegivel)?;
    let magica = if dtz { MAGICA_DTZ } else { MAGICA_WDL };
    if bytes.get(0..4) != Some(&magica[..]) {
        return Err(format!(
            "{exibe}: assinatura errada (não é tabela Syzygy {})",
            if dtz { "DTZ" } else { "WDL" }
        ));
    }
    let mut t = TArquivoTb {
        bytes,
        tamanho,
        dtz,
        nome: *nome,
        ..Default::default()
    };
    prepara(&mut t).ok_or_else(|| format!("{exibe}: corrupt header or truncated file"))?;
    if grande {
        // Na memória fica só o que vem antes do primeiro bloco.
        let fim = t.partes.iter().map(|p| p.dados).min().unwrap_or(0) as u64;
        t.bytes = le_trecho(&mut f, 0, fim).map_err(ilegivel)?;
        t.arquivo = Some(f);
    }
    Ok(t)
}

/// Lê `n` bytes a partir de `inicio` (com `Seek`: só na abertura, quando o
/// arquivo ainda não é de ninguém).
fn le_trecho(f: &mut File, inicio: u64, n: u64) -> std::io::Result<Vec<u8>> {
    use std::io::{Read, Seek, SeekFrom};
    f.seek(SeekFrom::Start(inicio))?;
    let mut v = Vec::new();
    f.take(n).read_to_end(&mut v)?;
    Ok(v)
}

/// Lê um bloco de um arquivo grande sem mexer na posição do arquivo (as
/// threads da busca leem ao mesmo tempo, pelo mesmo `&File`).
fn le_bloco(f: &File, inicio: u64, n: usize) -> Option<Vec<u8>> {
    let mut v = vec![0u8; n];
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileExt;
        f.read_exact_at(&mut v, inicio).ok()?;
    }
    #[cfg(windows)]
    {
        use std::os::windows::fs::FileExt;
        let mut lidos = 0;
        while lidos < n {
            let k = f.seek_read(&mut v[lidos..], inicio + lidos as u64).ok()?;
            if k == 0 {
                return None;
            }
            lidos += k;
        }
    }
    #[cfg(not(any(unix, windows)))]
    {
        let _ = (f, inicio);
        return None;
    }
    Some(v)
}

/// Entende o cabeçalho: ordem das peças, dicionários, mapas e onde começa
/// cada tabela. `None` se algo não fecha.
fn prepara(t: &mut TArquivoTb) -> Option<()> {
    let d = &t.bytes;
    let nome = t.nome;
    let n = nome.n;
    let flags = le8(d, 4)?;
    let colunas = if flags & 2 != 0 { 4 } else { 1 };
    if nome.com_peoes != (colunas == 4) {
        return None;
    }
    t.lados = if !t.dtz && flags & 1 != 0 { 2 } else { 1 };
    t.enc = tipo_codificacao(&nome.contagens);
    // 1. A ordem das peças: um byte de "ordem" (dois com dois grupos de
    // peões) e um byte por peça; o nibble baixo é o lado 0, o alto o lado 1.
    let extra = if nome.com_peoes && nome.peoes[1] > 0 {
        2
    } else {
        1
    };
    let lados_cab = if t.dtz { 1 } else { 2 };
    let mut p = 5usize;
    let mut cods = Vec::with_capacity(8);
    for coluna in 0..colunas {
        for lado in 0..lados_cab {
            let nib = |b: u32| (if lado == 0 { b & 15 } else { b >> 4 }) as usize;
            let mut cod = TCodificacao::default();
            let ordem = nib(le8(d, p)?);
            let ordem2 = if extra == 2 {
                nib(le8(d, p + 1)?)
            } else {
                0x0F
            };
            for i in 0..n {
                cod.pecas[i] = nib(le8(d, p + extra + i)?) as u8;
            }
            confere_pecas(&cod, &nome)?;
            if nome.com_peoes {
                prepara_com_peoes(&mut cod, n, nome.peoes, ordem, ordem2, coluna)?;
            } else {
                prepara_sem_peoes(&mut cod, n, t.enc, ordem)?;
            }
            cods.push(cod);
        }
        p += n + extra;
    }
    p += p & 1;
    // 2. Os dicionários, na ordem coluna, lado.
    let mut partes = Vec::with_capacity(colunas * t.lados);
    for coluna in 0..colunas {
        for lado in 0..t.lados {
            let cod = cods[coluna * lados_cab + lado];
            let (parte, prox) = prepara_pares(d, p, cod, t.dtz)?;
            partes.push(parte);
            p = prox;
        }
    }
    // 3. DTZ: os mapas que levam o símbolo ao valor, um por resultado.
    if t.dtz {
        for parte in partes.iter_mut() {
            if parte.flags & 2 == 0 {
                continue;
            }
            if parte.flags & 16 != 0 {
                p += p & 1;
                for i in 0..4 {
                    parte.mapa[i] = p + 2;
                    p += 2 + 2 * le16(d, p)? as usize;
                }
            } else {
                for i in 0..4 {
                    parte.mapa[i] = p + 1;
                    p += 1 + le8(d, p)? as usize;
                }
            }
        }
        p += p & 1;
    }
    // 4. Tabelas de índice, de tamanhos e os blocos (alinhados a 64).
    for parte in partes.iter_mut() {
        parte.tabela_indice = p;
        p = p.checked_add(parte.tam[0])?;
    }
    for parte in partes.iter_mut() {
        parte.tabela_tamanhos = p;
        p = p.checked_add(parte.tam[1])?;
    }
    for parte in partes.iter_mut() {
        p = p.checked_add(63)? & !63;
        parte.dados = p;
        p = p.checked_add(parte.tam[2])?;
    }
    if p as u64 > t.tamanho {
        return None;
    }
    // A chave do lado 0 como o arquivo o guarda.
    let mut cont = [[0u8; 7]; 2];
    for &pc in &cods[0].pecas[..n] {
        cont[(pc >> 3) as usize][(pc & 7) as usize] += 1;
    }
    t.chave_brancas = chave_material(&cont);
    t.partes = partes;
    Some(())
}

/// As peças do cabeçalho têm de ser as do nome (numa das duas cores).
fn confere_pecas(cod: &TCodificacao, nome: &TNomeTb) -> Option<()> {
    let mut cont = [[0u8; 7]; 2];
    for &pc in &cod.pecas[..nome.n] {
        let tipo = (pc & 7) as usize;
        if !(1..=6).contains(&tipo) || pc > 15 {
            return None;
        }
        cont[(pc >> 3) as usize][tipo] += 1;
    }
    let trocado = [nome.contagens[1], nome.contagens[0]];
    (cont == nome.contagens || cont == trocado).then_some(())
}

/// Lê o dicionário que começa em `p`; devolve a parte e onde o cabeçalho
/// continua.
fn prepara_pares(d: &[u8], p: usize, cod: TCodificacao, dtz: bool) -> Option<(TParte, usize)> {
    let mut r = TParte {
        cod,
        flags: le8(d, p)? as u8,
        ..Default::default()
    };
    if r.flags & 0x80 != 0 {
        // Tabela de um valor só. No DTZ o valor guardado não vale: é 0.
        r.constante = Some(if dtz { 0 } else { le8(d, p + 1)? });
        return Some((r, p + 2));
    }
    r.bloco_bits = le8(d, p + 1)?;
    r.idx_bits = le8(d, p + 2)?;
    let blocos_reais = le32(d, p + 4)? as u64;
    r.num_blocos = blocos_reais + le8(d, p + 3)? as u64;
    let max_len = le8(d, p + 8)?;
    r.min_len = le8(d, p + 9)?;
    if r.min_len == 0
        || max_len < r.min_len
        || max_len > 64
        || r.idx_bits == 0
        || r.idx_bits > 63
        || r.bloco_bits > 32
    {
        return None;
    }
    let h = (max_len - r.min_len + 1) as usize;
    let num_syms = le16(d, p + 10 + 2 * h)? as usize;
    r.menor_simbolo = p + 10;
    r.sympat = p + 12 + 2 * h;
    let prox = r.sympat + 3 * num_syms + (num_syms & 1);
    let indices = r.cod.tamanho.div_ceil(1u64 << r.idx_bits);
    r.tam = [
        usize::try_from(indices.checked_mul(6)?).ok()?,
        usize::try_from(r.num_blocos * 2).ok()?,
        usize::try_from(blocos_reais.checked_mul(1u64 << r.bloco_bits)?).ok()?,
    ];
    r.symlen = comprimentos(d, r.sympat, num_syms)?;
    // Huffman canônico: `base[i]` é o menor código (alinhado à esquerda em 64
    // bits) de comprimento min_len + i; decodificar é achar o primeiro i com
    // código >= base[i].
    let mut base = vec![0u64; h];
    for i in (0..h - 1).rev() {
        let a = le16(d, r.menor_simbolo + 2 * i)? as u64;
        let b = le16(d, r.menor_simbolo + 2 * i + 2)? as u64;
        base[i] = (base[i + 1] + a).checked_sub(b)? / 2;
    }
    for (i, b) in base.iter_mut().enumerate() {
        *b = b.checked_shl(64 - (r.min_len + i as u32)).unwrap_or(0);
    }
    r.base = base;
    Some((r, prox))
}

/// Quantos valores cada símbolo do dicionário representa, menos um. Um
/// símbolo é uma folha (`s2 == 0xFFF`) ou um par de símbolos anteriores.
// RUST: sem recursão, com pilha explícita: um arquivo estragado com um ciclo
// no dicionário daria estouro da pilha; aqui dá `None`.
fn comprimentos(d: &[u8], sympat: usize, num: usize) -> Option<Vec<u32>> {
    let mut len = vec![0u32; num];
    let mut estado = vec![0u8; num]; // 0 novo, 1 esperando os filhos, 2 pronto
    let mut pilha = Vec::new();
    for s in 0..num {
        pilha.push(s);
        while let Some(&x) = pilha.last() {
            if estado[x] == 2 {
                pilha.pop();
                continue;
            }
            let (s1, s2) = filhos(d, sympat, x)?;
            if s2 == 0xFFF {
                estado[x] = 2;
                pilha.pop();
                continue;
            }
            if s1 >= num || s2 >= num {
                return None;
            }
            estado[x] = 1;
            let mut falta = false;
            for c in [s1, s2] {
                match estado[c] {
                    0 => {
                        pilha.push(c);
                        falta = true;
                    }
                    1 => return None, // ciclo
                    _ => {}
                }
            }
            if !falta {
                len[x] = len[s1].checked_add(len[s2])?.checked_add(1)?;
                estado[x] = 2;
                pilha.pop();
            }
        }
    }
    Some(len)
}

/// Os dois símbolos (12 bits cada) de que o símbolo `s` é feito.
fn filhos(d: &[u8], sympat: usize, s: usize) -> Option<(usize, usize)> {
    let w = sympat + 3 * s;
    let (b0, b1, b2) = (le8(d, w)?, le8(d, w + 1)?, le8(d, w + 2)?);
    Some((((b1 & 15) << 8 | b0) as usize, (b2 << 4 | b1 >> 4) as usize))
}

/// O valor guardado no índice `idx` da parte: WDL 0..4, DTZ 0..4095 (antes
/// do mapa). `None` se o arquivo não permite ler.
pub fn descomprime(arq: &TArquivoTb, pr: &TParte, idx: u64) -> Option<u32> {
    let (d, dtz) = (&arq.bytes[..], arq.dtz);
    if let Some(v) = pr.constante {
        return Some(v);
    }
    // 1. A tabela de índices dá um bloco e a posição nele a cada 2^idxbits
    // índices, contados do meio do trecho: anda bloco a bloco até o certo.
    let principal = usize::try_from(idx >> pr.idx_bits).ok()?;
    let meio = 1i64 << (pr.idx_bits - 1);
    let mut lit = (idx & ((1u64 << pr.idx_bits) - 1)) as i64 - meio;
    let e = pr.tabela_indice.checked_add(principal.checked_mul(6)?)?;
    let mut bloco = le32(d, e)? as u64;
    lit += le16(d, e + 4)? as i64;
    let tamanho = |b: u64| -> Option<i64> {
        Some(le16(
            d,
            pr.tabela_tamanhos
                .checked_add(2 * usize::try_from(b).ok()?)?,
        )? as i64)
    };
    while lit < 0 {
        bloco = bloco.checked_sub(1)?;
        lit += tamanho(bloco)? + 1;
    }
    while lit > tamanho(bloco)? {
        lit -= tamanho(bloco)? + 1;
        bloco += 1;
        if bloco >= pr.num_blocos {
            return None;
        }
    }
    // 2. Huffman: pula `lit` valores do bloco, símbolo a símbolo. O bloco
    // está na memória (arquivo inteiro) ou vem do disco (arquivo grande; com
    // 8 bytes a mais, que o decodificador lê adiantado).
    let inicio = pr
        .dados
        .checked_add(usize::try_from(bloco.checked_shl(pr.bloco_bits)?).ok()?)?;
    let lido;
    let blk: &[u8] = match &arq.arquivo {
        None => d.get(inicio..)?,
        Some(f) => {
            let resta = arq.tamanho.checked_sub(inicio as u64)?;
            let n = ((1u64 << pr.bloco_bits) + 8).min(resta);
            lido = le_bloco(f, inicio as u64, n as usize)?;
            &lido
        }
    };
    let mut codigo = be64(blk, 0)?;
    let mut ptr = 8;
    let mut bits_livres = 0u32;
    let mut sym;
    loop {
        let mut k = 0usize;
        while codigo < *pr.base.get(k)? {
            k += 1;
        }
        let l = pr.min_len + k as u32;
        let delta = (codigo - pr.base[k]).checked_shr(64 - l).unwrap_or(0);
        sym = (le16(d, pr.menor_simbolo + 2 * k)? as u64 + delta) as usize;
        let n_sym = *pr.symlen.get(sym)? as i64;
        if lit <= n_sym {
            break;
        }
        lit -= n_sym + 1;
        codigo = codigo.checked_shl(l).unwrap_or(0);
        bits_livres += l;
        if bits_livres >= 32 {
            bits_livres -= 32;
            codigo |= (be32(blk, ptr)? as u64)
                .checked_shl(bits_livres)
                .unwrap_or(0);
            ptr += 4;
        }
    }
    // 3. Desce no par até a folha que contém o valor.
    while pr.symlen[sym] != 0 {
        let (s1, s2) = filhos(d, pr.sympat, sym)?;
        let n1 = *pr.symlen.get(s1)? as i64;
        if lit <= n1 {
            sym = s1;
        } else {
            lit -= n1 + 1;
            sym = s2;
        }
        pr.symlen.get(sym)?;
    }
    let w = pr.sympat + 3 * sym;
    if dtz {
        Some((le8(d, w + 1)? & 15) << 8 | le8(d, w)?)
    } else {
        le8(d, w)
    }
}

/// Ordem dos 4 mapas de um DTZ por resultado (índice wdl + 2).
const WDL_PARA_MAPA: [usize; 5] = [1, 3, 0, 2, 0];
/// Flag que diz "este resultado está em plies, não em lances" (índice wdl + 2).
const FLAG_PLIES: [u8; 5] = [8, 0, 0, 0, 4];

/// DTZ guardado → plies até zerar o contador, dado o WDL da posição: passa
/// pelo mapa do resultado (se houver) e dobra o que está em lances.
pub fn valor_dtz(d: &[u8], pr: &TParte, wdl: i32, v: u32) -> Option<i32> {
    let i = usize::try_from(wdl + 2).ok().filter(|&i| i < 5)?;
    let mut r = v;
    if pr.flags & 2 != 0 {
        let m = pr.mapa[WDL_PARA_MAPA[i]];
        r = if pr.flags & 16 != 0 {
            le16(d, m.checked_add(2 * r as usize)?)?
        } else {
            le8(d, m.checked_add(r as usize)?)?
        };
    }
    if pr.flags & FLAG_PLIES[i] == 0 || wdl & 1 != 0 {
        r *= 2;
    }
    Some(r as i32)
}
