//! Constantes e tipos básicos do motor (porta de `ice.h` do ICE).
//!
//! Nível 0 da hierarquia: não depende de nenhum outro módulo. Aqui ficam a
//! numeração das casas (a8 = 0 … h1 = 63, como no ICE), os códigos das peças e
//! das cores e os limites que dimensionam as tabelas fixas da busca.

/// Um bitboard: o bit *i* representa a casa *i* (a8 = 0, h8 = 7, a1 = 56, h1 = 63).
pub type TBitboard = u64;
/// Byte sem sinal, como o `TByte` do ICE.
pub type TByte = u8;

// Códigos das peças, iguais aos do ICE (0 = nenhuma).
pub const NENHUMA: u8 = 0;
pub const PEAO: u8 = 1;
pub const CAVALO: u8 = 2;
pub const BISPO: u8 = 3;
pub const TORRE: u8 = 4;
pub const DAMA: u8 = 5;
pub const REI: u8 = 6;

// Cores: também servem de índice nos vetores `[TBitboard; 2]` do `TBoard`.
pub const BRANCAS: usize = 0;
pub const NEGRAS: usize = 1;

// Direitos de roque em `msk_roque` (um bit por direito, na ordem do FEN "KQkq").
// RUST: no ICE 1.40 o campo só dizia se o lado *já* rocou; aqui guarda os
// direitos, que o FEN e a chave Polyglot exigem.
pub const MSK_ROQUE_PEQUENO_BRANCAS: u8 = 0x01;
pub const MSK_ROQUE_GRANDE_BRANCAS: u8 = 0x02;
pub const MSK_ROQUE_PEQUENO_NEGRAS: u8 = 0x04;
pub const MSK_ROQUE_GRANDE_NEGRAS: u8 = 0x08;

// Bits do campo `especial` do `TLance`, com os mesmos valores do ICE.
pub const MSK_XEQUE: u8 = 0x01; // o lance dá xeque
                                // RUST: o 0x02 era o MSK_MATE do ICE, que o ICE-rs nunca usou. Aqui marca o
                                // roque gerado num tabuleiro em modo Chess960: `lance_para_texto` o escreve
                                // como "rei toma a própria torre" (`e1h1`), que é como o UCI_Chess960 e os
                                // programas de 960 o escrevem. O lance é o mesmo; só a escrita muda.
pub const MSK_ROQUE_960: u8 = 0x02;
pub const MSK_ROQUE_PEQUENO: u8 = 0x04;
pub const MSK_ROQUE_GRANDE: u8 = 0x08;
pub const MSK_EN_PASSANT: u8 = 0x10;
pub const MSK_DESEMPATE: u8 = 0x20; // precisa de desambiguação na notação
pub const MSK_SELECIONADO: u8 = 0x40; // o seletor já devolveu este lance
pub const MSK_AFOGADO: u8 = 0x80; // o lance afoga o adversário

// Modos de geração de lances do ICE.
pub const GERA_TODOS: u8 = 0x01;
pub const GERA_CAPTURAS: u8 = 0x02;
pub const GERA_QUIESCENCE: u8 = 0x04;
// Os dois modos do seletor em etapas (só ICE-rs), que repartem `GERA_TODOS`:
// capturas e promoções (às quatro peças); e o resto, roques inclusive.
pub const GERA_BARULHENTOS: u8 = 0x08;
pub const GERA_QUIETOS: u8 = 0x10;

/// Casa inexistente (por exemplo, sem en passant).
pub const SEM_CASA: u8 = 64;

/// Profundidade máxima em plies. RUST: o ICE usava 30; as extensões de xeque
/// e a quiescência pedem mais folga.
pub const MAX_DEPTH: usize = 128;
/// Máximo de lances legais numa posição (o recorde conhecido é 218).
pub const MAX_LANCES: usize = 256;
/// Capacidade do histórico de posições (partida + busca).
pub const MAX_HISTORICO: usize = 2048;

// Escores. O mate conta a distância: MATE - ply.
pub const INFINITO: i32 = 32000;
pub const MATE: i32 = 31000;
/// Qualquer escore acima disso (em módulo) é um mate.
pub const LIMIAR_MATE: i32 = MATE - 2 * MAX_DEPTH as i32;
/// Escore de uma vitória das tabelas de finais no ply 0: dentro da faixa dos
/// escores, acima de qualquer avaliação e abaixo dos mates (`LIMIAR_MATE`),
/// para que um mate de verdade seja sempre preferido. Na busca vale
/// `VITORIA_TB − ply` (a vitória mais perto da raiz é melhor).
pub const VITORIA_TB: i32 = MATE - 1000;
/// Qualquer escore acima disso (em módulo) é uma vitória provada: das
/// tabelas, a qualquer ply, ou um mate.
pub const LIMIAR_VITORIA_TB: i32 = VITORIA_TB - MAX_DEPTH as i32;

/// Valores materiais do ICE, em centipeões, indexados pelo código da peça.
pub const VALOR_PECA: [i32; 7] = [0, 100, 300, 300, 500, 900, 9900];

/// Coluna (0 = a … 7 = h) de uma casa.
#[inline(always)]
pub const fn coluna(casa: usize) -> usize {
    casa & 7
}

/// Fileira no sentido do xadrez (1 … 8) de uma casa.
#[inline(always)]
pub const fn fileira(casa: usize) -> usize {
    8 - (casa >> 3)
}

/// Índice da casa a partir de coluna (0..8) e fileira (1..=8).
#[inline(always)]
pub const fn casa_de(coluna: usize, fileira: usize) -> usize {
    8 * (8 - fileira) + coluna
}

/// Letra minúscula de uma peça (para FEN e promoções).
pub const LETRA_PECA: [char; 7] = [' ', 'p', 'n', 'b', 'r', 'q', 'k'];

/// Converte a letra (qualquer caixa) no código da peça.
pub fn peca_da_letra(c: char) -> u8 {
    match c.to_ascii_lowercase() {
        'p' => PEAO,
        'n' => CAVALO,
        'b' => BISPO,
        'r' => TORRE,
        'q' => DAMA,
        'k' => REI,
        _ => NENHUMA,
    }
}

/// Nome de uma casa em notação de coordenadas ("e4").
pub fn nome_casa(casa: usize) -> String {
    let mut s = String::with_capacity(2);
    s.push((b'a' + coluna(casa) as u8) as char);
    s.push((b'0' + fileira(casa) as u8) as char);
    s
}

/// Lê o nome de uma casa ("e4"); `None` se não for uma casa.
pub fn casa_do_nome(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(casa_de((b[0] - b'a') as usize, (b[1] - b'0') as usize))
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn numeracao_do_ice() {
        // Casas citadas na folha de fatos do ICE.
        assert_eq!(casa_do_nome("a8"), Some(0));
        assert_eq!(casa_do_nome("h1"), Some(63));
        assert_eq!(casa_do_nome("e1"), Some(60));
        assert_eq!(casa_do_nome("e8"), Some(4));
        assert_eq!(casa_do_nome("f3"), Some(45));
        assert_eq!(nome_casa(52), "e2");
        assert_eq!(casa_do_nome("i1"), None);
        assert_eq!(casa_do_nome("a9"), None);
    }
}
