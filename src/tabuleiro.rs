//! `TBoard`: a posição, o FEN, `make`/`unmake` e os testes de ataque e xeque.
//!
//! Nível 3: depende de `tipos`, `bitboard`, `lance`, `ataques` e `hash`.
//! Porta de `init.c` e `make.c` do ICE. A posição guarda um bitboard por tipo
//! de peça e por cor, como no ICE, mais o mínimo que a correção exige (cada
//! campo extra explica o porquê).

use crate::ataques::*;
use crate::bitboard::*;
use crate::hash::*;
use crate::lance::*;
use crate::tipos::*;

/// FEN da posição inicial.
pub const FEN_INICIAL: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// O que o `unmake` precisa para desfazer um lance e o que a repetição e a
/// análise de abertura precisam saber dos lances jogados.
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

/// Bits de roque que continuam valendo depois que algo sai de/chega a uma casa.
const fn monta_mascara_roque() -> [u8; 64] {
    let mut t = [0x0Fu8; 64];
    t[56] = !MSK_ROQUE_GRANDE_BRANCAS & 0x0F; // a1
    t[63] = !MSK_ROQUE_PEQUENO_BRANCAS & 0x0F; // h1
    t[60] = !(MSK_ROQUE_PEQUENO_BRANCAS | MSK_ROQUE_GRANDE_BRANCAS) & 0x0F; // e1
    t[0] = !MSK_ROQUE_GRANDE_NEGRAS & 0x0F; // a8
    t[7] = !MSK_ROQUE_PEQUENO_NEGRAS & 0x0F; // h8
    t[4] = !(MSK_ROQUE_PEQUENO_NEGRAS | MSK_ROQUE_GRANDE_NEGRAS) & 0x0F; // e8
    t
}
static MASCARA_ROQUE: [u8; 64] = monta_mascara_roque();

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
    #[inline(always)]
    fn apaga_en_passant(&mut self) {
        if self.en_passant != SEM_CASA {
            self.chave_hash ^= zobrist_ep(coluna(self.en_passant as usize));
            self.en_passant = SEM_CASA;
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

        // Captura: no en passant o peão capturado está atrás do destino.
        if l.peca_capturada != NENHUMA {
            let casa_cap = if l.especial & MSK_EN_PASSANT != 0 {
                if cor == BRANCAS {
                    destino + 8
                } else {
                    destino - 8
                }
            } else {
                destino
            };
            self.tira(inimigo, l.peca_capturada, casa_cap);
            self.meio_lances = 0;
        }

        self.tira(cor, l.peca, origem);
        let chega = if l.peca_promovida != NENHUMA {
            l.peca_promovida
        } else {
            l.peca
        };
        self.poe(cor, chega, destino);

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
        } else if l.especial & (MSK_ROQUE_PEQUENO | MSK_ROQUE_GRANDE) != 0 {
            // O roque é um lance de rei; a torre vem junto.
            let (de, para) = if l.especial & MSK_ROQUE_PEQUENO != 0 {
                (origem + 3, origem + 1)
            } else {
                (origem - 4, origem - 1)
            };
            self.tira(cor, TORRE, de);
            self.poe(cor, TORRE, para);
        }

        let novo_roque = self.msk_roque & MASCARA_ROQUE[origem] & MASCARA_ROQUE[destino];
        if novo_roque != self.msk_roque {
            self.chave_hash ^=
                ZOBRIST_ROQUE[self.msk_roque as usize] ^ ZOBRIST_ROQUE[novo_roque as usize];
            self.msk_roque = novo_roque;
        }

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
    }

    /// Desfaz o último lance feito com `make`. Porta de `unmake()` do ICE.
    pub fn unmake(&mut self) {
        debug_assert!(self.num_historico > 0);
        self.num_historico -= 1;
        let h = self.historico[self.num_historico];
        let l = h.lance;
        if self.vez == BRANCAS {
            self.num_lance -= 1;
        }
        self.vez ^= 1;
        let cor = self.vez;
        let origem = l.casa_origem as usize;
        let destino = l.casa_destino as usize;

        let chega = if l.peca_promovida != NENHUMA {
            l.peca_promovida
        } else {
            l.peca
        };
        self.alterna(cor, chega, destino);
        self.casas[destino] = NENHUMA;
        self.alterna(cor, l.peca, origem);
        self.casas[origem] = l.peca;

        if l.especial & (MSK_ROQUE_PEQUENO | MSK_ROQUE_GRANDE) != 0 {
            let (de, para) = if l.especial & MSK_ROQUE_PEQUENO != 0 {
                (origem + 3, origem + 1)
            } else {
                (origem - 4, origem - 1)
            };
            self.alterna(cor, TORRE, para);
            self.casas[para] = NENHUMA;
            self.alterna(cor, TORRE, de);
            self.casas[de] = TORRE;
        }
        if l.peca_capturada != NENHUMA {
            let casa_cap = if l.especial & MSK_EN_PASSANT != 0 {
                if cor == BRANCAS {
                    destino + 8
                } else {
                    destino - 8
                }
            } else {
                destino
            };
            self.alterna(cor ^ 1, l.peca_capturada, casa_cap);
            self.casas[casa_cap] = l.peca_capturada;
        }
        self.chave_hash = h.chave_hash;
        self.en_passant = h.en_passant;
        self.msk_roque = h.msk_roque;
        self.meio_lances = h.meio_lances;
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
    }

    /// Desfaz o lance nulo.
    pub fn unmake_null_move(&mut self) {
        self.num_historico -= 1;
        let h = self.historico[self.num_historico];
        if self.vez == BRANCAS {
            self.num_lance -= 1;
        }
        self.vez ^= 1;
        self.chave_hash = h.chave_hash;
        self.en_passant = h.en_passant;
        self.meio_lances = h.meio_lances;
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
        let limite = (self.meio_lances as usize).min(self.num_historico);
        let mut n = 0;
        // Só posições com o mesmo lado a jogar: de 2 em 2 meios-lances.
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
    pub fn de_fen(fen: &str) -> Result<TBoard, String> {
        let campos: Vec<&str> = fen.split_whitespace().collect();
        if campos.len() != 6 && campos.len() != 4 {
            return Err(format!(
                "FEN precisa de 6 campos (ou 4), tem {}",
                campos.len()
            ));
        }
        let mut b = TBoard::vazio();

        // 1. Disposição das peças, da fileira 8 para a 1 (casa 0 = a8).
        let fileiras: Vec<&str> = campos[0].split('/').collect();
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
                    if col >= 8 {
                        return Err(format!("fileira {} com mais de 8 casas", 8 - f));
                    }
                    let cor = if c.is_ascii_uppercase() {
                        BRANCAS
                    } else {
                        NEGRAS
                    };
                    b.poe(cor, peca, f * 8 + col);
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

        // 2. Lado a jogar.
        b.vez = match campos[1] {
            "w" => BRANCAS,
            "b" => NEGRAS,
            outro => return Err(format!("lado a jogar inválido '{outro}'")),
        };

        // 3. Validade material.
        if conta(b.rei[BRANCAS]) != 1 || conta(b.rei[NEGRAS]) != 1 {
            return Err("cada lado precisa de exatamente um rei".to_string());
        }
        if (b.peoes[0] | b.peoes[1]) & (FILEIRA_1 | FILEIRA_8) != 0 {
            return Err("peão na primeira ou na última fileira".to_string());
        }

        // 4. Roque: cada direito exige rei e torre nas casas de origem.
        if campos[2] != "-" {
            for c in campos[2].chars() {
                let (m, rei, torre, cor) = match c {
                    'K' => (MSK_ROQUE_PEQUENO_BRANCAS, 60, 63, BRANCAS),
                    'Q' => (MSK_ROQUE_GRANDE_BRANCAS, 60, 56, BRANCAS),
                    'k' => (MSK_ROQUE_PEQUENO_NEGRAS, 4, 7, NEGRAS),
                    'q' => (MSK_ROQUE_GRANDE_NEGRAS, 4, 0, NEGRAS),
                    _ => return Err(format!("roque inválido '{}'", campos[2])),
                };
                if b.msk_roque & m != 0 {
                    return Err(format!("roque repetido em '{}'", campos[2]));
                }
                if b.rei[cor] & bit(rei) == 0 || b.torres[cor] & bit(torre) == 0 {
                    return Err(format!(
                        "direito de roque '{c}' sem rei e torre nas casas de origem"
                    ));
                }
                b.msk_roque |= m;
            }
        }

        // 5. En passant: casa na 3ª/6ª fileira atrás de um peão que acabou de
        // avançar duas casas, com a casa de partida vazia.
        if campos[3] != "-" {
            let ep = casa_do_nome(campos[3])
                .ok_or_else(|| format!("casa de en passant inválida '{}'", campos[3]))?;
            let (fileira_ok, peao, partida) = if b.vez == BRANCAS {
                (fileira(ep) == 6, ep + 8, ep.wrapping_sub(8))
            } else {
                (fileira(ep) == 3, ep.wrapping_sub(8), ep + 8)
            };
            let quem_avancou = b.vez ^ 1;
            if !fileira_ok
                || b.peoes[quem_avancou] & bit(peao) == 0
                || b.ocupadas() & (bit(ep) | bit(partida)) != 0
            {
                return Err(format!("casa de en passant impossível '{}'", campos[3]));
            }
            // Só vale (para a chave Polyglot) se algum peão puder capturar.
            if ATAQUES_PEAO[quem_avancou][ep] & b.peoes[b.vez] != 0 {
                b.en_passant = ep as u8;
            }
        }

        // 6. Contadores.
        if campos.len() == 6 {
            b.meio_lances = campos[4]
                .parse::<u16>()
                .ok()
                .filter(|&n| n <= 10000)
                .ok_or_else(|| format!("contador de meios-lances inválido '{}'", campos[4]))?;
            b.num_lance = campos[5]
                .parse::<u32>()
                .ok()
                .filter(|&n| n <= 100000)
                .ok_or_else(|| format!("número do lance inválido '{}'", campos[5]))?
                .max(1);
        }

        // 7. O lado que não joga não pode estar em xeque.
        if b.atacada(b.casa_rei(b.vez ^ 1), b.vez) {
            return Err("o lado que não tem a vez está em xeque".to_string());
        }
        b.chave_hash = b.chave_do_zero();
        Ok(b)
    }

    /// Escreve o FEN da posição.
    pub fn para_fen(&self) -> String {
        let mut casas = [(NENHUMA, BRANCAS); 64];
        for (casa, c) in casas.iter_mut().enumerate() {
            *c = (self.casas[casa], self.cor_em(casa));
        }
        let mut s = disposicao_fen(&casas);
        s.push_str(if self.vez == BRANCAS { " w " } else { " b " });
        if self.msk_roque == 0 {
            s.push('-');
        }
        for (m, c) in [
            (MSK_ROQUE_PEQUENO_BRANCAS, 'K'),
            (MSK_ROQUE_GRANDE_BRANCAS, 'Q'),
            (MSK_ROQUE_PEQUENO_NEGRAS, 'k'),
            (MSK_ROQUE_GRANDE_NEGRAS, 'q'),
        ] {
            if self.msk_roque & m != 0 {
                s.push(c);
            }
        }
        s.push(' ');
        if self.en_passant == SEM_CASA {
            s.push('-');
        } else {
            s.push_str(&nome_casa(self.en_passant as usize));
        }
        s.push_str(&format!(" {} {}", self.meio_lances, self.num_lance));
        s
    }

    /// Confere a coerência interna (para testes e `debug_assert`).
    pub fn consistente(&self) -> bool {
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
