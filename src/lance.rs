//! `TLance`, `TPv` e a lista fixa de lances; notação de coordenadas.
//!
//! Nível 1: depende só de `tipos`. Porta das estruturas de lance do ICE
//! (`TLance` com peça, origem, destino, flags especiais, promoção, captura e
//! valor de ordenação) e de `TPv` (a variante principal).

use crate::tipos::{
    casa_do_nome, nome_casa, peca_da_letra, BISPO, CAVALO, DAMA, LETRA_PECA, MAX_DEPTH, MAX_LANCES,
    MSK_ROQUE_960, MSK_ROQUE_GRANDE, MSK_ROQUE_PEQUENO, NENHUMA, TORRE,
};

/// Um lance, com os mesmos campos do `TLance` do ICE. Cabe em 12 bytes, o que
/// deixa as listas fixas pequenas e baratas de copiar.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
// RUST: a ordem dos campos na memória é fixa (`repr(C)`) para que os que o
// gerador escreve como constantes (valor, torre, peça, flags, promoção)
// fiquem juntos nos 8 primeiros bytes: uma escrita só por lance gerado.
#[repr(C)]
pub struct TLance {
    /// Valor usado na ordenação da busca.
    pub valor_lance: i32,
    /// No roque, a casa de onde sai a torre (no Chess960 ela pode estar em
    /// qualquer coluna); 0 nos outros lances. Ocupa o que era enchimento: o
    /// `TLance` continua com 12 bytes.
    pub casa_torre: u8,
    /// Peça que se move (PEAO..REI).
    pub peca: u8,
    /// Bits `MSK_*` (roque, en passant, xeque…).
    pub especial: u8,
    /// 0, ou CAVALO..DAMA numa promoção.
    pub peca_promovida: u8,
    pub casa_origem: u8,
    pub casa_destino: u8,
    /// 0, ou PEAO..DAMA numa captura (o peão, no en passant).
    pub peca_capturada: u8,
}

/// O lance nulo (nenhuma peça): marca "sem lance" em tabelas e killers.
pub const LANCE_NULO: TLance = TLance {
    peca: 0,
    casa_origem: 0,
    casa_destino: 0,
    especial: 0,
    peca_promovida: 0,
    peca_capturada: 0,
    casa_torre: 0,
    valor_lance: 0,
};

impl TLance {
    /// Existe (não é o lance nulo)?
    #[inline(always)]
    pub fn existe(&self) -> bool {
        self.peca != NENHUMA
    }

    /// Captura (inclui en passant)?
    #[inline(always)]
    pub fn eh_captura(&self) -> bool {
        self.peca_capturada != NENHUMA
    }

    /// Lance "quieto": nem captura nem promoção (os que entram nos killers).
    #[inline(always)]
    pub fn eh_quieto(&self) -> bool {
        self.peca_capturada == NENHUMA && self.peca_promovida == NENHUMA
    }

    /// Roque (pequeno ou grande)?
    #[inline(always)]
    pub fn eh_roque(&self) -> bool {
        self.especial & (MSK_ROQUE_PEQUENO | MSK_ROQUE_GRANDE) != 0
    }

    /// Código compacto de 16 bits (origem, destino, promoção), usado na TT e
    /// para comparar lances sem olhar o valor de ordenação. No Chess960 um
    /// roque pode ter o código de um lance comum de rei (rei em b1 e torre
    /// em a1: `Kc1` e `O-O-O` levam o rei de b1 a c1); na TT e na ordenação
    /// isso só muda a ordem, e o caminho quente fica sem a conta a mais. Onde
    /// o lance tem de ser exato (exclusões da raiz), `codigo_exato`.
    #[inline(always)]
    pub fn codigo(&self) -> u16 {
        self.casa_origem as u16
            | (self.casa_destino as u16) << 6
            | (self.peca_promovida as u16) << 12
    }

    /// O `codigo` com o roque no bit 15: distingue o roque do 960 do lance
    /// comum de rei com as mesmas casas. Para as listas de lances excluídos
    /// da raiz (`searchmoves`, `exclude`).
    #[inline(always)]
    pub fn codigo_exato(&self) -> u16 {
        self.codigo() | ((self.eh_roque() as u16) << 15)
    }
}

/// Mesmo lance? Compara origem, destino e promoção, como o ICE comparava o
/// lance da PV (o valor de ordenação e as flags de aviso não contam).
#[inline(always)]
pub fn mesmo_lance(a: &TLance, b: &TLance) -> bool {
    a.codigo() == b.codigo() && a.peca == b.peca
}

/// O lance como o xboard o quer: em coordenadas, salvo o roque do Chess960,
/// que o XBoard (e o python-chess) escrevem `O-O`/`O-O-O`.
pub fn lance_para_texto_xboard(l: &TLance, chess960: bool) -> String {
    if chess960 && l.eh_roque() {
        let pequeno = l.especial & MSK_ROQUE_PEQUENO != 0;
        (if pequeno { "O-O" } else { "O-O-O" }).to_string()
    } else {
        lance_para_texto(l)
    }
}

/// O lance como o xboard o quer, pela marca do próprio lance: o roque gerado
/// no modo Chess960 (`MSK_ROQUE_960`) sai `O-O`/`O-O-O`, como o `move`. Serve
/// onde só a busca vê o lance, sem o modo do protocolo à mão (a PV, o
/// `stat01`, a dica e o acerto do ponder).
pub fn lance_para_texto_xboard_marcado(l: &TLance) -> String {
    lance_para_texto_xboard(l, l.especial & MSK_ROQUE_960 != 0)
}

/// Notação de coordenadas do protocolo xboard: `e2e4`, `e7e8q`, roque `e1g1`.
/// O roque gerado em modo Chess960 (`MSK_ROQUE_960`) sai como "rei toma a
/// própria torre" (`e1h1`, ou `f1g1` com o rei em f1 e a torre em g1).
pub fn lance_para_texto(l: &TLance) -> String {
    if !l.existe() {
        return "@@@@".to_string();
    }
    let mut s = nome_casa(l.casa_origem as usize);
    if l.especial & MSK_ROQUE_960 != 0 {
        s.push_str(&nome_casa(l.casa_torre as usize));
        return s;
    }
    s.push_str(&nome_casa(l.casa_destino as usize));
    if l.peca_promovida != NENHUMA {
        s.push(LETRA_PECA[l.peca_promovida as usize]);
    }
    s
}

/// Lê a parte sintática de um lance em coordenadas: (origem, destino, promoção).
/// Não testa a legalidade: isso é com `tabuleiro::acha_lance`.
pub fn texto_para_casas(s: &str) -> Option<(usize, usize, u8)> {
    let s = s.trim();
    if !s.is_ascii() || !(4..=5).contains(&s.len()) {
        return None;
    }
    let origem = casa_do_nome(&s[0..2])?;
    let destino = casa_do_nome(&s[2..4])?;
    let promo = if s.len() == 5 {
        match peca_da_letra(s.as_bytes()[4] as char) {
            p @ (CAVALO | BISPO | TORRE | DAMA) => p,
            _ => return None,
        }
    } else {
        NENHUMA
    };
    Some((origem, destino, promo))
}

/// Lista fixa de lances (nada de `Vec` nos caminhos quentes).
#[derive(Clone, Copy)]
pub struct TListaLances {
    pub lances: [TLance; MAX_LANCES],
    pub n: usize,
}

impl Default for TListaLances {
    fn default() -> Self {
        Self::nova()
    }
}

impl TListaLances {
    pub const fn nova() -> Self {
        TListaLances {
            lances: [LANCE_NULO; MAX_LANCES],
            n: 0,
        }
    }

    #[inline(always)]
    pub fn adiciona(&mut self, l: TLance) {
        // O máximo teórico de lances legais é 218 < MAX_LANCES.
        self.lances[self.n] = l;
        self.n += 1;
    }

    /// Os lances gerados, como fatia.
    #[inline(always)]
    pub fn como_fatia(&self) -> &[TLance] {
        &self.lances[..self.n]
    }
}

/// A variante principal: número de lances e vetor fixo, como o `TPv` do ICE.
#[derive(Clone, Copy)]
pub struct TPv {
    pub num_lances: usize,
    pub lances: [TLance; MAX_DEPTH],
}

impl Default for TPv {
    fn default() -> Self {
        TPv {
            num_lances: 0,
            lances: [LANCE_NULO; MAX_DEPTH],
        }
    }
}

impl TPv {
    /// A PV passa a ser `l` seguido da PV do filho.
    #[inline]
    pub fn atualiza(&mut self, l: TLance, filho: &TPv) {
        self.lances[0] = l;
        let n = filho.num_lances.min(MAX_DEPTH - 1);
        self.lances[1..=n].copy_from_slice(&filho.lances[..n]);
        self.num_lances = n + 1;
    }
}

#[cfg(test)]
mod testes {
    use super::*;
    use crate::tipos::PEAO;

    #[test]
    fn coordenadas() {
        assert_eq!(texto_para_casas("e2e4"), Some((52, 36, NENHUMA)));
        assert_eq!(texto_para_casas("e7e8q"), Some((12, 4, DAMA)));
        assert_eq!(texto_para_casas("e7e8k"), None);
        assert_eq!(texto_para_casas("e2"), None);
        assert_eq!(texto_para_casas("é2e4"), None);
        let l = TLance {
            peca: PEAO,
            casa_origem: 12,
            casa_destino: 4,
            peca_promovida: CAVALO,
            ..LANCE_NULO
        };
        assert_eq!(lance_para_texto(&l), "e7e8n");
        assert_eq!(std::mem::size_of::<TLance>(), 12);
    }

    /// A PV do xboard escreve o roque pela marca do lance: `O-O` se ele foi
    /// gerado no modo 960, `e1g1` no xadrez comum.
    #[test]
    fn roque_pela_marca() {
        use crate::geracao::acha_lance;
        use crate::tabuleiro::TBoard;
        let b = TBoard::de_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
        let l = acha_lance(&b, "e1g1").unwrap();
        assert_eq!(lance_para_texto_xboard_marcado(&l), "e1g1");
        let mut b = TBoard::de_fen("1r2k3/8/8/8/8/8/8/1R2K2R w HB - 0 1").unwrap();
        b.chess960 = true;
        let l = acha_lance(&b, "e1h1").unwrap();
        assert_eq!(lance_para_texto_xboard_marcado(&l), "O-O");
        let l = acha_lance(&b, "e1b1").unwrap();
        assert_eq!(lance_para_texto_xboard_marcado(&l), "O-O-O");
        let l = acha_lance(&b, "h1h8").unwrap();
        assert_eq!(lance_para_texto_xboard_marcado(&l), "h1h8");
    }
}
