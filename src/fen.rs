//! FEN, X-FEN e Shredder-FEN: ler uma posição (`TBoard::de_fen`), escrevê-la
//! (`TBoard::para_fen`) e as 960 posições iniciais do Chess960.
//!
//! Nível 3, com `tabuleiro`: depende de `tipos`, `bitboard`, `lance`,
//! `ataques`, `hash` e do próprio `tabuleiro` (os métodos daqui são um
//! segundo bloco `impl TBoard`, que mexe nos campos da posição). Porta da
//! parte de `init.c` do ICE que montava a posição a partir do FEN. Separado
//! de `tabuleiro` porque a leitura do FEN (validar cada campo, recusar a
//! posição impossível) é um trabalho à parte de fazer e desfazer lances, e
//! tinha quase metade das linhas daquele arquivo.

use crate::ataques::ATAQUES_PEAO;
use crate::bitboard::{bit, conta, lsb, FILEIRA_1, FILEIRA_8};
use crate::tabuleiro::{
    casa_peao_capturado_en_passant, chegadas_roque, faixa, indice_roque, TBoard, FEN_INICIAL,
    REI_ROQUE, TORRE_ROQUE_PADRAO,
};
use crate::tipos::{
    casa_do_nome, coluna, fileira, nome_casa, peca_da_letra, BRANCAS, LETRA_PECA, NEGRAS, NENHUMA,
    SEM_CASA,
};

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

/// Campo 2 do FEN: o lado a jogar.
fn le_vez(campo: &str) -> Result<usize, String> {
    match campo {
        "w" => Ok(BRANCAS),
        "b" => Ok(NEGRAS),
        outro => Err(format!("invalid side to move '{outro}'")),
    }
}

impl TBoard {
    /// A posição inicial.
    pub fn inicial() -> TBoard {
        TBoard::de_fen(FEN_INICIAL).expect("FEN inicial válido")
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
            return Err(format!("FEN needs 6 fields (or 4), has {}", campos.len()));
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
            return Err("the side not to move is in check".to_string());
        }
        // `poe` já mexeu na chave, mas sem roque, en passant e vez: é mais
        // simples recalculá-la inteira aqui. A soma de material e peça-casa o
        // `poe` já fez; refeita do zero, ela não depende disso.
        b.chave_hash = b.chave_do_zero();
        b.peca_casa = b.peca_casa_do_zero();
        Ok(b)
    }

    /// Campo 1 do FEN: as peças, da fileira 8 para a 1 (casa 0 = a8).
    fn le_disposicao(&mut self, campo: &str) -> Result<(), String> {
        let fileiras: Vec<&str> = campo.split('/').collect();
        if fileiras.len() != 8 {
            return Err(format!("FEN needs 8 ranks, has {}", fileiras.len()));
        }
        for (f, texto) in fileiras.iter().enumerate() {
            let mut col = 0usize;
            for c in texto.chars() {
                if let Some(d) = c.to_digit(10) {
                    if !(1..=8).contains(&d) {
                        return Err(format!("invalid digit '{c}' in FEN"));
                    }
                    col += d as usize;
                } else {
                    let peca = peca_da_letra(c);
                    if peca == NENHUMA || !c.is_ascii() {
                        return Err(format!("invalid character '{c}' in FEN"));
                    }
                    // Testado antes de pôr a peça: `f * 8 + col` cairia na
                    // fileira seguinte.
                    if col >= 8 {
                        return Err(format!("rank {} has more than 8 squares", 8 - f));
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
                    return Err(format!("rank {} has more than 8 squares", 8 - f));
                }
            }
            if col != 8 {
                return Err(format!("rank {} has {} squares", 8 - f, col));
            }
        }
        Ok(())
    }

    /// Recusa o material que o gerador e o `make` não sabem tratar: sem um rei
    /// de cada lado não há xeque, e um peão na 1ª/8ª fileira não teria avanço.
    fn confere_material(&self) -> Result<(), String> {
        if conta(self.rei[BRANCAS]) != 1 || conta(self.rei[NEGRAS]) != 1 {
            return Err("each side needs exactly one king".to_string());
        }
        if (self.peoes[0] | self.peoes[1]) & (FILEIRA_1 | FILEIRA_8) != 0 {
            return Err("pawn on the first or last rank".to_string());
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
                return Err(format!("invalid castling '{campo}'"));
            }
            let cor = if c.is_ascii_uppercase() {
                BRANCAS
            } else {
                NEGRAS
            };
            let base = if cor == BRANCAS { 56 } else { 0 };
            let k = self.casa_rei(cor);
            let sem_pecas =
                || format!("castling right '{c}' without king and rook on the first rank");
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
                _ => return Err(format!("invalid castling '{campo}'")),
            };
            let i = indice_roque(cor, pequeno);
            if self.msk_roque & (1 << i) != 0 {
                return Err(format!("repeated castling right in '{campo}'"));
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
        }
        self.chess960 |= self.roque_exige_960();
    }

    /// Algum direito de roque tem rei ou torre fora das casas do xadrez
    /// comum: esse roque só se escreve como no Chess960 (`O-O`, `g1h1`). Com
    /// o rei já na casa de chegada, a notação comum daria `g1g1`, que nenhuma
    /// interface entende; por isso `variant normal` não apaga a marca de uma
    /// posição assim.
    pub fn roque_exige_960(&self) -> bool {
        (0..4).any(|i| {
            self.msk_roque & (1 << i) != 0
                && (self.casa_rei(i / 2) != REI_ROQUE[i]
                    || self.torre_roque[i] != TORRE_ROQUE_PADRAO[i])
        })
    }

    /// Campo 4 do FEN: a casa de en passant fica na 6ª fileira (brancas a
    /// jogar) ou na 3ª (pretas), atrás de um peão que acabou de avançar duas
    /// casas, com a casa de partida dele vazia.
    fn le_en_passant(&mut self, campo: &str) -> Result<(), String> {
        if campo == "-" {
            return Ok(());
        }
        let ep =
            casa_do_nome(campo).ok_or_else(|| format!("invalid en passant square '{campo}'"))?;
        let impossivel = || format!("impossible en passant square '{campo}'");
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
            .ok_or_else(|| format!("invalid halfmove clock '{meios}'"))?;
        self.num_lance = numero
            .parse::<u32>()
            .ok()
            .filter(|&n| n <= 100000)
            .ok_or_else(|| format!("invalid move number '{numero}'"))?
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

#[cfg(test)]
mod testes {
    use super::*;
    use crate::tipos::{MSK_EN_PASSANT, PEAO};

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
