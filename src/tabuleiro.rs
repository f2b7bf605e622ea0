//! `TBoard`: a posição, o FEN, `make`/`unmake` e os testes de ataque e xeque.
//!
//! Nível 3: depende de `tipos`, `bitboard`, `lance`, `ataques` e `hash`.
//! Porta de `init.c` (montar a posição) e `make.c` (fazer e desfazer lances)
//! do ICE. `TBoard` é o `TBoard` da seção 4.1 do texto do ICE: um bitboard
//! por tipo de peça e por cor, mais o mínimo que a correção exige (cada campo
//! extra explica o porquê).
//!
//! Um só `TBoard` é passado por `&mut` a toda a busca, que faz `make` ao
//! descer e `unmake` ao subir: copiar a posição a cada nó custaria dezenas de
//! KB por cópia, por causa do histórico. `make` atualiza a chave Zobrist
//! de forma incremental (só as casas que mudam); `unmake` nem isso, pois a
//! chave antiga está guardada no histórico.

use crate::ataques::*;
use crate::bitboard::*;
use crate::hash::*;
use crate::lance::*;
use crate::tipos::*;

/// FEN da posição inicial.
pub const FEN_INICIAL: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// O que o `unmake` precisa para desfazer um lance e o que a repetição e a
/// análise de abertura precisam saber dos lances jogados. Só o que o lance
/// *apaga* (roque, en passant, contador, chave) precisa ser guardado; o resto
/// o próprio `TLance` diz (peça, casas, peça capturada).
#[derive(Clone, Copy, Default)]
pub struct THistorico {
    /// Chave da posição *antes* do lance.
    pub chave_hash: u64,
    /// O lance (LANCE_NULO para o lance nulo).
    pub lance: TLance,
    pub en_passant: u8,
    pub msk_roque: u8,
    pub meio_lances: u16,
}

/// A posição. Campos do ICE: os bitboards por peça e cor, `pecas`,
/// `en_passant`, `msk_roque`, `vez`, `num_lance` e `chave_hash`.
#[derive(Clone)]
pub struct TBoard {
    pub rei: [TBitboard; 2],
    pub damas: [TBitboard; 2],
    pub torres: [TBitboard; 2],
    pub bispos: [TBitboard; 2],
    pub cavalos: [TBitboard; 2],
    pub peoes: [TBitboard; 2],
    /// União das peças de cada cor.
    pub pecas: [TBitboard; 2],
    /// Casa de en passant, ou SEM_CASA. RUST: o ICE 1.40 deduzia o e.p. do
    /// último lance; aqui ela só é marcada quando um peão inimigo pode mesmo
    /// capturar, que é a regra da chave Polyglot.
    pub en_passant: u8,
    /// Direitos de roque (bits `MSK_ROQUE_*`).
    pub msk_roque: u8,
    /// Chess960: escrever o roque como "rei toma a própria torre" (`e1h1`).
    /// Só a escrita dos lances (e o FEN, nada mais) depende disto: o
    /// protocolo o liga no modo 960, e o FEN o liga sozinho quando rei ou
    /// torres de roque não estão nas casas do xadrez comum.
    pub chess960: bool,
    /// Casa de onde sai a torre de cada direito de roque, na ordem dos bits
    /// de `msk_roque` (K, Q, k, q). RUST: no Chess960 a torre pode estar em
    /// qualquer coluna, então os direitos lembram a torre (X-FEN/Shredder-FEN).
    pub torre_roque: [u8; 4],
    /// Casas que precisam estar vazias para cada roque: as que o rei e a
    /// torre percorrem até as casas de chegada (c/g e d/f), fora eles dois.
    pub vazias_roque: [TBitboard; 4],
    /// Casas por onde o rei passa em cada roque, a de chegada inclusive (a
    /// de partida não: o roque só é gerado fora de xeque).
    pub caminho_roque: [TBitboard; 4],
    /// Bits de roque que continuam valendo depois que algo sai de/chega a
    /// uma casa. Uma tabela em vez de testes: `msk_roque &= M[origem] &
    /// M[destino]` cobre o rei que anda, a torre que anda e a torre
    /// capturada, sem nenhum `if` no `make`. Por tabuleiro, porque no
    /// Chess960 as casas de rei e torres mudam de partida para partida.
    pub mascara_roque: [u8; 64],
    /// Lado a jogar: BRANCAS ou NEGRAS.
    pub vez: usize,
    /// Número do lance completo (sobe quando a vez volta às brancas).
    pub num_lance: u32,
    /// Chave Zobrist/Polyglot da posição, mantida de forma incremental.
    pub chave_hash: u64,
    // --- Extras que a correção exige ---
    /// Peça em cada casa (0 = vazia): saber o que foi capturado sem varrer os
    /// seis bitboards do adversário.
    pub casas: [u8; 64],
    /// Meios-lances desde a última captura ou lance de peão (regra dos 50).
    pub meio_lances: u16,
    /// Pilha dos lances jogados (partida + busca), com o necessário para
    /// desfazê-los e as chaves para detectar repetições. O ICE também guardava
    /// a lista de lances jogados, busca inclusive.
    // Vetor fixo, não `Vec`: `make` nunca aloca. Partida e busca dividem a
    // mesma pilha, então a repetição vê as duas num só laço. O protocolo
    // compacta a pilha antes que ela encha (partidas muito longas).
    pub historico: [THistorico; MAX_HISTORICO],
    pub num_historico: usize,
}

/// O primeiro campo do FEN a partir de (peça, cor) por casa (casa 0 = a8).
/// Serve ao `para_fen` e ao `edit` do protocolo, que monta a posição casa a casa.
pub fn disposicao_fen(casas: &[(u8, usize); 64]) -> String {
    let mut s = String::with_capacity(72);
    for f in 0..8 {
        let mut vazias = 0;
        for col in 0..8 {
            let (p, cor) = casas[f * 8 + col];
            if p == NENHUMA {
                vazias += 1;
                continue;
            }
            if vazias > 0 {
                s.push((b'0' + vazias) as char);
                vazias = 0;
            }
            let c = LETRA_PECA[p as usize];
            s.push(if cor == BRANCAS {
                c.to_ascii_uppercase()
            } else {
                c
            });
        }
        if vazias > 0 {
            s.push((b'0' + vazias) as char);
        }
        if f < 7 {
            s.push('/');
        }
    }
    s
}

/// Casas de rei e torres de roque do xadrez comum, na ordem dos bits de
/// `msk_roque` (K, Q, k, q): o rei em e1/e8, as torres nos cantos.
const REI_ROQUE: [usize; 4] = [60, 60, 4, 4];
const TORRE_ROQUE_PADRAO: [u8; 4] = [63, 56, 7, 0];

/// Índice (0..4, ordem K, Q, k, q) do direito de roque de `cor` na ala do
/// rei (`pequeno`) ou da dama.
#[inline(always)]
pub fn indice_roque(cor: usize, pequeno: bool) -> usize {
    2 * cor + (!pequeno) as usize
}

/// Casas do rei e da torre depois do roque: g/f (pequeno) ou c/d (grande),
/// na fileira de partida. São as mesmas no Chess960.
#[inline(always)]
pub fn chegadas_roque(cor: usize, pequeno: bool) -> (usize, usize) {
    let base = if cor == BRANCAS { 56 } else { 0 };
    if pequeno {
        (base + 6, base + 5)
    } else {
        (base + 2, base + 3)
    }
}

/// Casas entre `a` e `b` na mesma fileira, as duas inclusive.
fn faixa(a: usize, b: usize) -> TBitboard {
    let (lo, hi) = (a.min(b), a.max(b));
    let mut r = 0;
    for s in lo..=hi {
        r |= bit(s);
    }
    r
}

/// Casa do peão que sai do tabuleiro quando o lado `cor` (BRANCAS/NEGRAS)
/// captura en passant chegando a `destino`: a casa logo atrás do destino,
/// vista por quem captura. Com a8 = 0 e h1 = 63, "atrás" das brancas é
/// `destino + 8` e das pretas `destino - 8`.
///
/// É a única conta que distingue o en passant de uma captura comum: `make`,
/// `unmake`, o gerador, a SEE e a leitura do FEN a usam.
#[inline]
pub fn casa_peao_capturado_en_passant(destino: usize, cor: usize) -> usize {
    if cor == BRANCAS {
        destino + 8
    } else {
        destino - 8
    }
}

/// Casas de onde sai e aonde chega a torre num roque, dado o lance do rei
/// (o roque é um lance de rei; a torre vem junto). A torre chega ao lado do
/// rei, do lado de dentro: f1/d1 (ou f8/d8), no xadrez comum e no 960.
#[inline(always)]
fn casas_torre_roque(l: &TLance) -> (usize, usize) {
    let destino = l.casa_destino as usize;
    if l.especial & MSK_ROQUE_PEQUENO != 0 {
        (l.casa_torre as usize, destino - 1)
    } else {
        (l.casa_torre as usize, destino + 1)
    }
}

/// Casa da peça capturada pelo lance `l` do lado `cor`: o destino, salvo no
/// en passant.
#[inline(always)]
fn casa_capturada(l: &TLance, cor: usize) -> usize {
    let destino = l.casa_destino as usize;
    if l.especial & MSK_EN_PASSANT != 0 {
        casa_peao_capturado_en_passant(destino, cor)
    } else {
        destino
    }
}

/// A peça que fica na casa de destino: a promovida, na promoção.
#[inline(always)]
fn peca_que_chega(l: &TLance) -> u8 {
    if l.peca_promovida != NENHUMA {
        l.peca_promovida
    } else {
        l.peca
    }
}

/// Campo 2 do FEN: o lado a jogar.
fn le_vez(campo: &str) -> Result<usize, String> {
    match campo {
        "w" => Ok(BRANCAS),
        "b" => Ok(NEGRAS),
        outro => Err(format!("lado a jogar inválido '{outro}'")),
    }
}

impl Default for TBoard {
    fn default() -> Self {
        TBoard::vazio()
    }
}

impl TBoard {
    /// Tabuleiro sem peças (só serve de ponto de partida para o FEN).
    pub fn vazio() -> TBoard {
        TBoard {
            rei: [0; 2],
            damas: [0; 2],
            torres: [0; 2],
            bispos: [0; 2],
            cavalos: [0; 2],
            peoes: [0; 2],
            pecas: [0; 2],
            en_passant: SEM_CASA,
            msk_roque: 0,
            chess960: false,
            torre_roque: TORRE_ROQUE_PADRAO,
            vazias_roque: [0; 4],
            caminho_roque: [0; 4],
            mascara_roque: [0x0F; 64],
            vez: BRANCAS,
            num_lance: 1,
            chave_hash: 0,
            casas: [NENHUMA; 64],
            meio_lances: 0,
            historico: [THistorico::default(); MAX_HISTORICO],
            num_historico: 0,
        }
    }

    /// A posição inicial.
    pub fn inicial() -> TBoard {
        TBoard::de_fen(FEN_INICIAL).expect("FEN inicial válido")
    }

    /// Todas as casas ocupadas.
    #[inline(always)]
    pub fn ocupadas(&self) -> TBitboard {
        self.pecas[0] | self.pecas[1]
    }

    /// Bitboards do tipo de peça `peca` (os dois lados).
    #[inline(always)]
    pub fn bb(&self, peca: u8) -> &[TBitboard; 2] {
        match peca {
            PEAO => &self.peoes,
            CAVALO => &self.cavalos,
            BISPO => &self.bispos,
            TORRE => &self.torres,
            DAMA => &self.damas,
            _ => &self.rei,
        }
    }

    #[inline(always)]
    fn bb_mut(&mut self, peca: u8) -> &mut [TBitboard; 2] {
        match peca {
            PEAO => &mut self.peoes,
            CAVALO => &mut self.cavalos,
            BISPO => &mut self.bispos,
            TORRE => &mut self.torres,
            DAMA => &mut self.damas,
            _ => &mut self.rei,
        }
    }

    /// Cor da peça numa casa ocupada.
    #[inline(always)]
    pub fn cor_em(&self, casa: usize) -> usize {
        if self.pecas[BRANCAS] & bit(casa) != 0 {
            BRANCAS
        } else {
            NEGRAS
        }
    }

    /// Casa do rei de uma cor.
    #[inline(always)]
    pub fn casa_rei(&self, cor: usize) -> usize {
        lsb(self.rei[cor])
    }

    /// Põe ou tira (XOR) uma peça, sem mexer na chave.
    // O `unmake` usa só esta (e acerta `casas` à mão), pois restaura a chave
    // do histórico; `poe`/`tira`, que mexem na chave, são para o `make`.
    #[inline(always)]
    fn alterna(&mut self, cor: usize, peca: u8, casa: usize) {
        let b = bit(casa);
        self.bb_mut(peca)[cor] ^= b;
        self.pecas[cor] ^= b;
    }

    #[inline(always)]
    fn poe(&mut self, cor: usize, peca: u8, casa: usize) {
        self.alterna(cor, peca, casa);
        self.casas[casa] = peca;
        self.chave_hash ^= ZOBRIST_PECA[cor][peca as usize][casa];
    }

    #[inline(always)]
    fn tira(&mut self, cor: usize, peca: u8, casa: usize) {
        self.alterna(cor, peca, casa);
        self.casas[casa] = NENHUMA;
        self.chave_hash ^= ZOBRIST_PECA[cor][peca as usize][casa];
    }

    /// Peças da cor `cor` que atacam `casa`, com as casas `ocupadas` dadas.
    // Olha *da casa* para fora: um peão da cor `cor` ataca `casa` se um peão
    // da outra cor em `casa` o atacaria, e o mesmo vale para as outras peças.
    // `ocupadas` é parâmetro para o gerador poder tirar o rei do tabuleiro.
    #[inline(always)]
    pub fn atacantes_de(&self, casa: usize, cor: usize, ocupadas: TBitboard) -> TBitboard {
        (ATAQUES_PEAO[cor ^ 1][casa] & self.peoes[cor])
            | (ATAQUES_CAVALO[casa] & self.cavalos[cor])
            | (ATAQUES_REI[casa] & self.rei[cor])
            | (ataques_bispo(casa, ocupadas) & (self.bispos[cor] | self.damas[cor]))
            | (ataques_torre(casa, ocupadas) & (self.torres[cor] | self.damas[cor]))
    }

    /// Todas as peças (das duas cores) que atacam `casa`.
    #[inline(always)]
    pub fn todos_atacantes(&self, casa: usize, ocupadas: TBitboard) -> TBitboard {
        (ATAQUES_PEAO[NEGRAS][casa] & self.peoes[BRANCAS])
            | (ATAQUES_PEAO[BRANCAS][casa] & self.peoes[NEGRAS])
            | (ATAQUES_CAVALO[casa] & (self.cavalos[0] | self.cavalos[1]))
            | (ATAQUES_REI[casa] & (self.rei[0] | self.rei[1]))
            | (ataques_bispo(casa, ocupadas)
                & (self.bispos[0] | self.bispos[1] | self.damas[0] | self.damas[1]))
            | (ataques_torre(casa, ocupadas)
                & (self.torres[0] | self.torres[1] | self.damas[0] | self.damas[1]))
    }

    /// A casa é atacada pela cor `cor`?
    #[inline(always)]
    pub fn atacada(&self, casa: usize, cor: usize) -> bool {
        self.atacantes_de(casa, cor, self.ocupadas()) != 0
    }

    /// Peças inimigas que dão xeque no rei do lado a jogar.
    #[inline(always)]
    pub fn xequeadores(&self) -> TBitboard {
        self.atacantes_de(self.casa_rei(self.vez), self.vez ^ 1, self.ocupadas())
    }

    /// O lado a jogar está em xeque?
    #[inline(always)]
    pub fn em_xeque(&self) -> bool {
        self.xequeadores() != 0
    }

    /// Guarda na pilha o que o `unmake` precisa para voltar (e a chave, para
    /// a repetição).
    #[inline(always)]
    fn empilha(&mut self, l: &TLance) {
        debug_assert!(self.num_historico < MAX_HISTORICO);
        self.historico[self.num_historico] = THistorico {
            chave_hash: self.chave_hash,
            lance: *l,
            en_passant: self.en_passant,
            msk_roque: self.msk_roque,
            meio_lances: self.meio_lances,
        };
        self.num_historico += 1;
    }

    /// O direito de en passant dura um lance só.
    // A coluna do e.p. entra na chave (regra Polyglot): apagá-lo também a tira.
    #[inline(always)]
    fn apaga_en_passant(&mut self) {
        if self.en_passant != SEM_CASA {
            self.chave_hash ^= zobrist_ep(coluna(self.en_passant as usize));
            self.en_passant = SEM_CASA;
        }
    }

    /// Direitos de roque perdidos porque algo saiu de `origem` ou chegou a
    /// `destino`. A chave troca a combinação antiga pela nova (uma chave por
    /// combinação, ver `ZOBRIST_ROQUE`).
    #[inline(always)]
    fn tira_direitos_de_roque(&mut self, origem: usize, destino: usize) {
        let novo_roque = self.msk_roque & self.mascara_roque[origem] & self.mascara_roque[destino];
        if novo_roque != self.msk_roque {
            self.chave_hash ^=
                ZOBRIST_ROQUE[self.msk_roque as usize] ^ ZOBRIST_ROQUE[novo_roque as usize];
            self.msk_roque = novo_roque;
        }
    }

    /// Faz um lance (legal). Porta de `make()` do ICE, com a chave incremental.
    pub fn make(&mut self, l: &TLance) {
        let cor = self.vez;
        let inimigo = cor ^ 1;
        let origem = l.casa_origem as usize;
        let destino = l.casa_destino as usize;
        self.empilha(l);
        self.apaga_en_passant();
        self.meio_lances += 1;

        // A captura sai primeiro: no destino só cabe uma peça.
        if l.peca_capturada != NENHUMA {
            self.tira(inimigo, l.peca_capturada, casa_capturada(l, cor));
            self.meio_lances = 0;
        }

        self.tira(cor, l.peca, origem);
        self.poe(cor, peca_que_chega(l), destino);

        if l.peca == PEAO {
            self.meio_lances = 0;
            // Avanço duplo: marca o e.p. só se um peão inimigo puder capturar.
            if origem ^ destino == 16 {
                let ep = (origem + destino) / 2;
                if ATAQUES_PEAO[cor][ep] & self.peoes[inimigo] != 0 {
                    self.en_passant = ep as u8;
                    self.chave_hash ^= zobrist_ep(coluna(ep));
                }
            }
        } else if l.eh_roque() {
            // O rei já andou; falta a torre. No Chess960 o rei pode chegar à
            // casa de onde a torre sai (e a torre à de onde o rei saiu): os
            // bitboards são XOR e não se importam com a ordem, mas `casas`
            // sim, e o rei é quem fica no destino.
            let (de, para) = casas_torre_roque(l);
            self.tira(cor, TORRE, de);
            self.poe(cor, TORRE, para);
            self.casas[destino] = REI;
        }
        self.tira_direitos_de_roque(origem, destino);

        self.vez = inimigo;
        self.chave_hash ^= ZOBRIST_VEZ;
        if self.vez == BRANCAS {
            self.num_lance += 1;
        }
        debug_assert_eq!(
            self.chave_hash,
            self.chave_do_zero(),
            "chave incremental divergiu"
        );
        // Só com `debug_assertions` (o perfil `depuracao` do CI): o binário
        // release não confere nada disto e não fica mais lento.
        debug_assert!(self.consistente(), "tabuleiro incoerente depois de {l:?}");
    }

    /// Desfaz o último lance feito com `make`. Porta de `unmake()` do ICE.
    pub fn unmake(&mut self) {
        debug_assert!(self.num_historico > 0);
        self.num_historico -= 1;
        let h = self.historico[self.num_historico];
        let l = &h.lance;
        if self.vez == BRANCAS {
            self.num_lance -= 1;
        }
        self.vez ^= 1;
        // `cor` é quem fez o lance que está sendo desfeito.
        let cor = self.vez;
        let origem = l.casa_origem as usize;
        let destino = l.casa_destino as usize;

        self.alterna(cor, peca_que_chega(l), destino);
        self.casas[destino] = NENHUMA;
        self.alterna(cor, l.peca, origem);
        self.casas[origem] = l.peca;

        if l.eh_roque() {
            let (de, para) = casas_torre_roque(l);
            self.alterna(cor, TORRE, para);
            self.casas[para] = NENHUMA;
            self.alterna(cor, TORRE, de);
            self.casas[de] = TORRE;
            // A torre pode ter chegado à casa de partida do rei (960).
            self.casas[origem] = REI;
        }
        // A capturada volta depois de a peça sair do destino (mesmo motivo).
        if l.peca_capturada != NENHUMA {
            let casa_cap = casa_capturada(l, cor);
            self.alterna(cor ^ 1, l.peca_capturada, casa_cap);
            self.casas[casa_cap] = l.peca_capturada;
        }
        self.chave_hash = h.chave_hash;
        self.en_passant = h.en_passant;
        self.msk_roque = h.msk_roque;
        self.meio_lances = h.meio_lances;
        debug_assert!(
            self.consistente(),
            "tabuleiro incoerente depois de desfazer {l:?}"
        );
    }

    /// Lance nulo: passa a vez sem mexer peça (para a poda do lance nulo).
    /// O contador dos 50 lances vai a zero para que a detecção de repetição
    /// não atravesse o lance nulo (uma "repetição" através dele é falsa).
    pub fn make_null_move(&mut self) {
        self.empilha(&LANCE_NULO);
        self.apaga_en_passant();
        self.meio_lances = 0;
        self.vez ^= 1;
        self.chave_hash ^= ZOBRIST_VEZ;
        if self.vez == BRANCAS {
            self.num_lance += 1;
        }
        debug_assert!(
            self.consistente(),
            "tabuleiro incoerente depois do lance nulo"
        );
    }

    /// Desfaz o lance nulo.
    pub fn unmake_null_move(&mut self) {
        debug_assert!(self.num_historico > 0);
        self.num_historico -= 1;
        let h = self.historico[self.num_historico];
        if self.vez == BRANCAS {
            self.num_lance -= 1;
        }
        self.vez ^= 1;
        self.chave_hash = h.chave_hash;
        self.en_passant = h.en_passant;
        self.meio_lances = h.meio_lances;
        debug_assert!(
            h.lance == LANCE_NULO,
            "unmake_null_move desfez {:?}",
            h.lance
        );
        debug_assert!(
            self.consistente(),
            "tabuleiro incoerente depois de desfazer o lance nulo"
        );
    }

    /// Chave calculada do zero (para conferir a incremental).
    pub fn chave_do_zero(&self) -> u64 {
        let mut k = 0u64;
        for cor in 0..2 {
            for peca in PEAO..=REI {
                let mut b = self.bb(peca)[cor];
                while b != 0 {
                    k ^= ZOBRIST_PECA[cor][peca as usize][pop_lsb(&mut b)];
                }
            }
        }
        k ^= ZOBRIST_ROQUE[self.msk_roque as usize];
        if self.en_passant != SEM_CASA {
            k ^= zobrist_ep(coluna(self.en_passant as usize));
        }
        if self.vez == BRANCAS {
            k ^= ZOBRIST_VEZ;
        }
        k
    }

    /// Quantas vezes a posição atual já ocorreu antes, desde o último lance
    /// irreversível (captura, lance de peão ou lance nulo). A busca trata 1
    /// como empate; a partida exige 2 (tripla repetição).
    pub fn repeticoes(&self) -> usize {
        // Antes de um lance irreversível nenhuma posição pode se repetir, e
        // `meio_lances` conta justamente desde ele: é o limite da busca.
        let limite = (self.meio_lances as usize).min(self.num_historico);
        let mut n = 0;
        // Só posições com o mesmo lado a jogar: de 2 em 2 meios-lances. A
        // mais recente possível é de 4 meios-lances atrás (ida e volta de
        // uma peça de cada lado).
        let mut i = 4;
        while i <= limite {
            if self.historico[self.num_historico - i].chave_hash == self.chave_hash {
                n += 1;
            }
            i += 2;
        }
        n
    }

    /// Nenhum dos lados tem material para dar mate (K×K, K+C×K, K+B×K, e
    /// K+B×K+B com bispos de mesma cor de casa).
    pub fn material_insuficiente(&self) -> bool {
        if self.peoes[0]
            | self.peoes[1]
            | self.torres[0]
            | self.torres[1]
            | self.damas[0]
            | self.damas[1]
            != 0
        {
            return false;
        }
        let menores = [
            self.cavalos[0] | self.bispos[0],
            self.cavalos[1] | self.bispos[1],
        ];
        let n = conta(menores[0]) + conta(menores[1]);
        if n <= 1 {
            return true;
        }
        // Só bispos, todos em casas da mesma cor.
        let bispos = self.bispos[0] | self.bispos[1];
        const CASAS_CLARAS: TBitboard = 0xAA55_AA55_AA55_AA55;
        self.cavalos[0] | self.cavalos[1] == 0
            && (bispos & CASAS_CLARAS == 0 || bispos & !CASAS_CLARAS == 0)
    }

    /// Lê um FEN (6 campos; 4 campos, como no EPD, também servem). Uma posição
    /// malformada ou impossível é recusada com uma mensagem clara.
    ///
    /// Cada campo é lido por uma função `le_*` sobre um tabuleiro local: no
    /// primeiro erro ele é descartado, de modo que quem chama nunca recebe (nem
    /// fica com) uma posição montada pela metade.
    pub fn de_fen(fen: &str) -> Result<TBoard, String> {
        let campos: Vec<&str> = fen.split_whitespace().collect();
        if campos.len() != 6 && campos.len() != 4 {
            return Err(format!(
                "FEN precisa de 6 campos (ou 4), tem {}",
                campos.len()
            ));
        }
        let mut b = TBoard::vazio();
        b.le_disposicao(campos[0])?;
        b.vez = le_vez(campos[1])?;
        b.confere_material()?;
        // O roque e o en passant dependem das peças e da vez já lidas.
        b.le_roques(campos[2])?;
        b.le_en_passant(campos[3])?;
        if campos.len() == 6 {
            b.le_contadores(campos[4], campos[5])?;
        }
        // O lado que não joga não pode estar em xeque: seria a vez de
        // capturar o rei.
        if b.atacada(b.casa_rei(b.vez ^ 1), b.vez) {
            return Err("o lado que não tem a vez está em xeque".to_string());
        }
        // `poe` já mexeu na chave, mas sem roque, en passant e vez: é mais
        // simples recalculá-la inteira aqui.
        b.chave_hash = b.chave_do_zero();
        Ok(b)
    }

    /// Campo 1 do FEN: as peças, da fileira 8 para a 1 (casa 0 = a8).
    fn le_disposicao(&mut self, campo: &str) -> Result<(), String> {
        let fileiras: Vec<&str> = campo.split('/').collect();
        if fileiras.len() != 8 {
            return Err(format!("FEN precisa de 8 fileiras, tem {}", fileiras.len()));
        }
        for (f, texto) in fileiras.iter().enumerate() {
            let mut col = 0usize;
            for c in texto.chars() {
                if let Some(d) = c.to_digit(10) {
                    if !(1..=8).contains(&d) {
                        return Err(format!("dígito inválido '{c}' no FEN"));
                    }
                    col += d as usize;
                } else {
                    let peca = peca_da_letra(c);
                    if peca == NENHUMA || !c.is_ascii() {
                        return Err(format!("caractere inválido '{c}' no FEN"));
                    }
                    // Testado antes de pôr a peça: `f * 8 + col` cairia na
                    // fileira seguinte.
                    if col >= 8 {
                        return Err(format!("fileira {} com mais de 8 casas", 8 - f));
                    }
                    let cor = if c.is_ascii_uppercase() {
                        BRANCAS
                    } else {
                        NEGRAS
                    };
                    self.poe(cor, peca, f * 8 + col);
                    col += 1;
                }
                if col > 8 {
                    return Err(format!("fileira {} com mais de 8 casas", 8 - f));
                }
            }
            if col != 8 {
                return Err(format!("fileira {} com {} casas", 8 - f, col));
            }
        }
        Ok(())
    }

    /// Recusa o material que o gerador e o `make` não sabem tratar: sem um rei
    /// de cada lado não há xeque, e um peão na 1ª/8ª fileira não teria avanço.
    fn confere_material(&self) -> Result<(), String> {
        if conta(self.rei[BRANCAS]) != 1 || conta(self.rei[NEGRAS]) != 1 {
            return Err("cada lado precisa de exatamente um rei".to_string());
        }
        if (self.peoes[0] | self.peoes[1]) & (FILEIRA_1 | FILEIRA_8) != 0 {
            return Err("peão na primeira ou na última fileira".to_string());
        }
        Ok(())
    }

    /// Campo 3 do FEN: os direitos de roque, em X-FEN (`KQkq`: a torre mais
    /// de fora daquela ala; a letra da coluna para uma torre de dentro) ou em
    /// Shredder-FEN (`HAha`: sempre a letra da coluna). Cada direito exige o
    /// rei e a torre na primeira fileira do lado (o gerador confia nisso e
    /// não confere as peças ao rocar).
    fn le_roques(&mut self, campo: &str) -> Result<(), String> {
        if campo == "-" {
            return Ok(());
        }
        for c in campo.chars() {
            if !c.is_ascii_alphabetic() {
                return Err(format!("roque inválido '{campo}'"));
            }
            let cor = if c.is_ascii_uppercase() {
                BRANCAS
            } else {
                NEGRAS
            };
            let base = if cor == BRANCAS { 56 } else { 0 };
            let k = self.casa_rei(cor);
            let sem_pecas =
                || format!("direito de roque '{c}' sem rei e torre na primeira fileira");
            if !(base..base + 8).contains(&k) {
                return Err(sem_pecas());
            }
            // Torres do lado na primeira fileira, à direita e à esquerda do rei.
            let torres = self.torres[cor] & (0xFFu64 << base);
            let direita = torres & !(bit(k) | (bit(k) - 1));
            let esquerda = torres & (bit(k) - 1);
            let (pequeno, torre) = match c.to_ascii_lowercase() {
                'k' if direita != 0 => (true, 63 - direita.leading_zeros() as usize),
                'q' if esquerda != 0 => (false, lsb(esquerda)),
                l @ 'a'..='h' => {
                    let t = base + (l as u8 - b'a') as usize;
                    if torres & bit(t) == 0 {
                        return Err(sem_pecas());
                    }
                    (t > k, t)
                }
                'k' | 'q' => return Err(sem_pecas()),
                _ => return Err(format!("roque inválido '{campo}'")),
            };
            let i = indice_roque(cor, pequeno);
            if self.msk_roque & (1 << i) != 0 {
                return Err(format!("roque repetido em '{campo}'"));
            }
            self.msk_roque |= 1 << i;
            self.torre_roque[i] = torre as u8;
        }
        self.prepara_roques();
        Ok(())
    }

    /// As tabelas de roque do tabuleiro (`mascara_roque`, `vazias_roque`,
    /// `caminho_roque`) a partir dos direitos, das torres de cada direito e
    /// da casa do rei; e a marca `chess960` quando rei ou torre não estão nas
    /// casas do xadrez comum. Feito uma vez, ao ler o FEN.
    fn prepara_roques(&mut self) {
        self.mascara_roque = [0x0F; 64];
        for i in 0..4 {
            if self.msk_roque & (1 << i) == 0 {
                continue;
            }
            let cor = i / 2;
            let pequeno = i % 2 == 0;
            let k = self.casa_rei(cor);
            let t = self.torre_roque[i] as usize;
            let (chegada_rei, chegada_torre) = chegadas_roque(cor, pequeno);
            // O rei que anda perde os dois direitos; a torre, só o dela.
            let dois = 0b11u8 << (2 * cor);
            self.mascara_roque[k] &= !dois & 0x0F;
            self.mascara_roque[t] &= !(1u8 << i) & 0x0F;
            self.vazias_roque[i] =
                (faixa(k, chegada_rei) | faixa(t, chegada_torre)) & !bit(k) & !bit(t);
            // A casa de chegada entra sempre, mesmo quando o rei já está nela:
            // tirar a torre pode abrir a fileira para um atacante (no gerador).
            self.caminho_roque[i] = (faixa(k, chegada_rei) & !bit(k)) | bit(chegada_rei);
            if k != REI_ROQUE[i] || t != TORRE_ROQUE_PADRAO[i] as usize {
                self.chess960 = true;
            }
        }
    }

    /// Campo 4 do FEN: a casa de en passant fica na 6ª fileira (brancas a
    /// jogar) ou na 3ª (pretas), atrás de um peão que acabou de avançar duas
    /// casas, com a casa de partida dele vazia.
    fn le_en_passant(&mut self, campo: &str) -> Result<(), String> {
        if campo == "-" {
            return Ok(());
        }
        let ep =
            casa_do_nome(campo).ok_or_else(|| format!("casa de en passant inválida '{campo}'"))?;
        let impossivel = || format!("casa de en passant impossível '{campo}'");
        let fileira_ok = if self.vez == BRANCAS {
            fileira(ep) == 6
        } else {
            fileira(ep) == 3
        };
        // A fileira é conferida antes das contas: fora dela, `ep ± 8` pode
        // sair do tabuleiro.
        if !fileira_ok {
            return Err(impossivel());
        }
        // O peão que avançou é o que seria capturado; a casa de partida dele
        // fica do outro lado de `ep`.
        let peao = casa_peao_capturado_en_passant(ep, self.vez);
        let partida = if self.vez == BRANCAS { ep - 8 } else { ep + 8 };
        let quem_avancou = self.vez ^ 1;
        if self.peoes[quem_avancou] & bit(peao) == 0
            || self.ocupadas() & (bit(ep) | bit(partida)) != 0
        {
            return Err(impossivel());
        }
        // Só vale (para a chave Polyglot) se algum peão puder capturar.
        if ATAQUES_PEAO[quem_avancou][ep] & self.peoes[self.vez] != 0 {
            self.en_passant = ep as u8;
        }
        Ok(())
    }

    /// Campos 5 e 6 do FEN: meios-lances desde a última captura ou lance de
    /// peão, e número do lance. Os tetos só recusam lixo; o lance 0, que
    /// alguns programas escrevem, vira 1.
    fn le_contadores(&mut self, meios: &str, numero: &str) -> Result<(), String> {
        self.meio_lances = meios
            .parse::<u16>()
            .ok()
            .filter(|&n| n <= 10000)
            .ok_or_else(|| format!("contador de meios-lances inválido '{meios}'"))?;
        self.num_lance = numero
            .parse::<u32>()
            .ok()
            .filter(|&n| n <= 100000)
            .ok_or_else(|| format!("número do lance inválido '{numero}'"))?
            .max(1);
        Ok(())
    }

    /// Escreve o FEN da posição. RUST: a casa de en passant só aparece quando
    /// a captura é possível (ver o campo `en_passant`).
    pub fn para_fen(&self) -> String {
        let mut casas = [(NENHUMA, BRANCAS); 64];
        for (casa, c) in casas.iter_mut().enumerate() {
            *c = (self.casas[casa], self.cor_em(casa));
        }
        let mut s = disposicao_fen(&casas);
        s.push_str(if self.vez == BRANCAS { " w " } else { " b " });
        s.push_str(&self.roques_xfen());
        s.push(' ');
        if self.en_passant == SEM_CASA {
            s.push('-');
        } else {
            s.push_str(&nome_casa(self.en_passant as usize));
        }
        s.push_str(&format!(" {} {}", self.meio_lances, self.num_lance));
        s
    }

    /// Campo 3 do FEN em X-FEN: `K`/`Q` quando a torre do direito é a mais
    /// de fora da ala (sempre, no xadrez comum: sai `KQkq` como antes), a
    /// letra da coluna quando há outra torre mais para fora.
    fn roques_xfen(&self) -> String {
        if self.msk_roque == 0 {
            return "-".to_string();
        }
        let mut s = String::with_capacity(4);
        for i in 0..4 {
            if self.msk_roque & (1 << i) == 0 {
                continue;
            }
            let cor = i / 2;
            let pequeno = i % 2 == 0;
            let t = self.torre_roque[i] as usize;
            let base = if cor == BRANCAS { 56 } else { 0 };
            let fora = if pequeno {
                faixa(t, base + 7) & !bit(t)
            } else {
                faixa(base, t) & !bit(t)
            };
            let letra = if self.torres[cor] & fora == 0 {
                if pequeno {
                    'k'
                } else {
                    'q'
                }
            } else {
                (b'a' + coluna(t) as u8) as char
            };
            s.push(if cor == BRANCAS {
                letra.to_ascii_uppercase()
            } else {
                letra
            });
        }
        s
    }

    /// Confere a coerência interna (para testes e `debug_assert`): bitboards
    /// disjuntos, `casas` e `pecas` de acordo com eles (casa fora de todos os
    /// bitboards é vazia em `casas`), chave incremental igual à calculada do
    /// zero. É o `board_is_ok()` do Fruit. `make`, `unmake` e o lance nulo a
    /// chamam em `debug_assert!`.
    pub fn consistente(&self) -> bool {
        let ocupadas = self.pecas[0] | self.pecas[1];
        if (0..64).any(|c| ocupadas & bit(c) == 0 && self.casas[c] != NENHUMA) {
            return false;
        }
        let mut uniao = [0u64; 2];
        for cor in 0..2 {
            for peca in PEAO..=REI {
                let b = self.bb(peca)[cor];
                if uniao[cor] & b != 0 {
                    return false;
                }
                uniao[cor] |= b;
                let mut x = b;
                while x != 0 {
                    if self.casas[pop_lsb(&mut x)] != peca {
                        return false;
                    }
                }
            }
        }
        uniao == self.pecas
            && self.pecas[0] & self.pecas[1] == 0
            && self.chave_hash == self.chave_do_zero()
    }
}

/// Quantas posições iniciais tem o Chess960.
pub const POSICOES_960: u32 = 960;

/// O FEN da posição inicial número `n` (0..960) do Chess960, na numeração
/// de Scharnagl (a 518 é a do xadrez comum). `None` fora da faixa.
///
/// A numeração: `n` em base mista diz, nesta ordem, a coluna do bispo das
/// casas claras (b, d, f, h), a do bispo das escuras (a, c, e, g), a casa da
/// dama entre as 6 livres, o par de cavalos entre as 5 livres (uma das 10
/// combinações, em ordem lexicográfica); nas 3 que sobram, torre, rei, torre.
pub fn fen_chess960(n: u32) -> Option<String> {
    if n >= POSICOES_960 {
        return None;
    }
    const PARES_CAVALOS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let mut fila = [' '; 8];
    let mut resto = n as usize;
    fila[2 * (resto % 4) + 1] = 'b';
    resto /= 4;
    fila[2 * (resto % 4)] = 'b';
    resto /= 4;
    // A k-ésima coluna ainda livre.
    let livre = |fila: &[char; 8], k: usize| (0..8).filter(|&c| fila[c] == ' ').nth(k).unwrap();
    let q = livre(&fila, resto % 6);
    fila[q] = 'q';
    resto /= 6;
    let (c1, c2) = PARES_CAVALOS[resto];
    // O segundo cavalo é contado antes de o primeiro ocupar a casa.
    let (n1, n2) = (livre(&fila, c1), livre(&fila, c2));
    fila[n1] = 'n';
    fila[n2] = 'n';
    for p in ['r', 'k', 'r'] {
        let c = livre(&fila, 0);
        fila[c] = p;
    }
    let pretas: String = fila.iter().collect();
    let brancas = pretas.to_ascii_uppercase();
    Some(format!(
        "{pretas}/pppppppp/8/8/8/8/PPPPPPPP/{brancas} w KQkq - 0 1"
    ))
}

/// O tabuleiro em edição (`edit` do xboard, protocolo 1): peças postas e
/// tiradas casa a casa, que só viram `TBoard` no fim (`fen_editado`), para
/// uma posição meio montada nunca passar pelas validações do FEN.
#[derive(Clone, Copy, Debug)]
pub struct TEdicao {
    /// (peça, cor) por casa, casa 0 = a8 como no `TBoard`.
    pub casas: [(u8, usize); 64],
    /// Cor das peças que `Pa4` põe (`c` troca; começa nas brancas).
    pub cor: usize,
}

/// Começa a edição com a posição atual.
pub fn nova_edicao(b: &TBoard) -> TEdicao {
    let mut casas = [(NENHUMA, BRANCAS); 64];
    for (i, c) in casas.iter_mut().enumerate() {
        if b.casas[i] != NENHUMA {
            *c = (b.casas[i], b.cor_em(i));
        }
    }
    TEdicao {
        casas,
        cor: BRANCAS,
    }
}

/// Uma linha da edição: `c` troca a cor, `#` esvazia, `Pa4` põe, `xa4`
/// tira, a linha vazia não faz nada. `false`: a linha não é de edição.
pub fn edita(ed: &mut TEdicao, l: &str) -> bool {
    match l {
        "" => {}
        "c" | "C" => ed.cor ^= 1,
        "#" => ed.casas = [(NENHUMA, BRANCAS); 64],
        _ => {
            let casa = if l.is_ascii() && l.len() == 3 {
                casa_do_nome(&l[1..])
            } else {
                None
            };
            match (l.as_bytes().first(), casa) {
                (Some(b'x' | b'X'), Some(c)) => ed.casas[c] = (NENHUMA, BRANCAS),
                (Some(&p), Some(c)) if peca_da_letra(p as char) != NENHUMA => {
                    ed.casas[c] = (peca_da_letra(p as char), ed.cor);
                }
                _ => return false,
            }
        }
    }
    true
}

/// O FEN de um tabuleiro montado casa a casa (o `edit` do xboard): roque
/// onde rei e torre estão nas casas iniciais, sem en passant, contador dos
/// 50 zerado; `vez` e `num_lance` vêm da posição anterior.
pub fn fen_editado(casas: &[(u8, usize); 64], vez: usize, num_lance: u32) -> String {
    let tem = |casa: usize, p: u8, cor: usize| casas[casa] == (p, cor);
    let mut roque = String::new();
    for (rei, torre, cor, letra) in [
        (60, 63, BRANCAS, 'K'),
        (60, 56, BRANCAS, 'Q'),
        (4, 7, NEGRAS, 'k'),
        (4, 0, NEGRAS, 'q'),
    ] {
        if tem(rei, REI, cor) && tem(torre, TORRE, cor) {
            roque.push(letra);
        }
    }
    if roque.is_empty() {
        roque.push('-');
    }
    let lado = if vez == BRANCAS { "w" } else { "b" };
    format!("{} {lado} {roque} - 0 {num_lance}", disposicao_fen(casas))
}

/// Fim de partida pelas regras, visto no tabuleiro. As regras moram aqui,
/// uma vez só: o protocolo anuncia o resultado, o `datagen` pontua a
/// partida e a busca pergunta pelos empates (`empate_pelas_regras`).
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

/// Ocorrências anteriores da posição que fazem o empate numa partida: esta
/// é a terceira (a regra exige a tripla repetição).
pub const REPETICOES_PARTIDA: usize = 2;
/// Na busca basta uma ocorrência anterior: quem repete pode repetir de novo,
/// e a busca só quer evitar ciclos (ICE: a repetição vale empate já na 2ª).
pub const REPETICOES_BUSCA: usize = 1;

/// Pontos das brancas numa partida que acabou assim (1, ½ ou 0).
pub fn pontos_brancas(f: TFim) -> f64 {
    match f {
        TFim::BrancasDaoMate => 1.0,
        TFim::NegrasDaoMate => 0.0,
        _ => 0.5,
    }
}

impl TBoard {
    /// Empate pelas regras — 50 lances de cada lado sem captura nem lance de
    /// peão, repetição (`repeticoes` ocorrências anteriores: `REPETICOES_*`),
    /// material insuficiente —, nessa ordem, que é a do mais barato.
    #[inline]
    pub fn empate_pelas_regras(&self, repeticoes: usize) -> Option<TFim> {
        if self.meio_lances >= 100 {
            Some(TFim::Cinquenta)
        } else if self.repeticoes() >= repeticoes {
            Some(TFim::Repeticao)
        } else if self.material_insuficiente() {
            Some(TFim::MaterialInsuficiente)
        } else {
            None
        }
    }

    /// A partida acabou nesta posição, que tem `n_legais` lances legais? O
    /// mate vem antes dos empates (um mate no 100º meio-lance vale como mate).
    pub fn fim_com_lances(&self, n_legais: usize) -> Option<TFim> {
        if n_legais == 0 {
            return Some(if !self.em_xeque() {
                TFim::Afogamento
            } else if self.vez == BRANCAS {
                TFim::NegrasDaoMate
            } else {
                TFim::BrancasDaoMate
            });
        }
        self.empate_pelas_regras(REPETICOES_PARTIDA)
    }
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn peao_capturado_en_passant() {
        // Brancas: exd6 e.p. (chega a d6) tira o peão preto de d5.
        let d6 = casa_do_nome("d6").unwrap();
        assert_eq!(
            casa_peao_capturado_en_passant(d6, BRANCAS),
            casa_do_nome("d5").unwrap()
        );
        // Pretas: bxa3 e.p. (chega a a3) tira o peão branco de a4.
        let a3 = casa_do_nome("a3").unwrap();
        assert_eq!(
            casa_peao_capturado_en_passant(a3, NEGRAS),
            casa_do_nome("a4").unwrap()
        );
        // E o `make` tira mesmo esse peão (e só ele).
        let mut b = TBoard::de_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
        let l = crate::lance::TLance {
            peca: PEAO,
            casa_origem: casa_do_nome("e5").unwrap() as u8,
            casa_destino: d6 as u8,
            especial: MSK_EN_PASSANT,
            peca_promovida: NENHUMA,
            peca_capturada: PEAO,
            casa_torre: 0,
            valor_lance: 0,
        };
        b.make(&l);
        assert_eq!(b.peoes, [bit(d6), 0]);
        assert!(b.consistente());
        b.unmake();
        assert_eq!(b.para_fen(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    }
}
