//! Correção da avaliação estática ("correction history"): quanto, em média,
//! a busca achou acima ou abaixo da `eval` em posições com a mesma
//! estrutura de peões e o mesmo lado a jogar.
//!
//! Nível 5: depende de `tabuleiro`; a busca a usa.
//!
//! Não há parte do ICE aqui (só ICE-rs; seção 4.8.3 do artigo: a avaliação
//! é o ponto fraco que os autores apontam). A avaliação escrita à mão erra
//! de modo sistemático em certas estruturas (um passado que ela subestima,
//! uma cadeia que ela superestima); a busca enxerga o erro, e esta tabela o
//! guarda para as próximas posições parecidas. O valor corrigido só serve
//! às podas do `alpha_beta` (futilidade reversa, lance nulo, futilidade,
//! "melhorando"), que dependem de a estática estar perto da verdade; a
//! quiescência e as folhas continuam com a `eval` pura.
//!
//! Nível entre `avaliacao` e `arvore`: usa só `tabuleiro`.

use crate::tabuleiro::TBoard;

/// Entradas por lado (potência de 2): 2 × 16 384 × 4 bytes = 128 KB por
/// thread, alocados uma vez.
const TAM_CORRECAO: usize = 1 << 14;
/// As entradas guardam centipeões × GRAO: a média móvel precisa de frações.
const GRAO: i32 = 256;
/// Peso máximo de uma atualização (em 256 avos): buscas fundas pesam mais.
const PESO_MAXIMO: i32 = 16;
/// Escala dos pesos.
const ESCALA_PESO: i32 = 256;
/// A correção nunca passa de ±64 centipeões: é um ajuste, não outra
/// avaliação.
pub const CORRECAO_MAXIMA: i32 = 64;

/// A tabela de correção: [lado a jogar][estrutura de peões].
pub struct TCorrecao {
    tabela: Vec<i32>,
}

/// Cria a tabela zerada.
pub fn nova_correcao() -> TCorrecao {
    TCorrecao {
        tabela: vec![0; 2 * TAM_CORRECAO],
    }
}

/// Nova partida: esquece as correções.
pub fn limpa_correcao(c: &mut TCorrecao) {
    c.tabela.iter_mut().for_each(|e| *e = 0);
}

/// O índice da posição: os peões das duas cores misturados (multiplicação
/// por constantes ímpares e os bits altos; não precisa ser Zobrist, só
/// espalhar) e o lado a jogar.
#[inline(always)]
fn indice(b: &TBoard) -> usize {
    let h = b.peoes[0].wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ b.peoes[1]
            .wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            .rotate_left(31);
    b.vez * TAM_CORRECAO + (h >> (64 - 14)) as usize
}

/// A correção (centipeões) para a posição `b`.
#[inline(always)]
pub fn correcao(c: &TCorrecao, b: &TBoard) -> i32 {
    c.tabela[indice(b)] / GRAO
}

/// Uma busca de `prof` plies achou `diferenca` = escore − estática pura:
/// a entrada da posição anda na direção dela, tanto mais quanto mais funda
/// a busca (média móvel com peso min(prof + 1, 16)/256).
pub fn atualiza_correcao(c: &mut TCorrecao, b: &TBoard, diferenca: i32, prof: i32) {
    let e = &mut c.tabela[indice(b)];
    *e = novo_valor(*e, diferenca, prof);
}

/// A conta da média móvel, à parte para os testes.
pub fn novo_valor(entrada: i32, diferenca: i32, prof: i32) -> i32 {
    let peso = (prof + 1).min(PESO_MAXIMO);
    let alvo = diferenca.clamp(-4 * CORRECAO_MAXIMA, 4 * CORRECAO_MAXIMA) * GRAO;
    let v = (entrada * (ESCALA_PESO - peso) + alvo * peso) / ESCALA_PESO;
    v.clamp(-CORRECAO_MAXIMA * GRAO, CORRECAO_MAXIMA * GRAO)
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn media_movel_anda_na_direcao_da_busca_e_tem_teto() {
        // Uma atualização rasa anda pouco; várias fundas chegam ao teto.
        let v = novo_valor(0, 100, 1);
        assert_eq!(v, 100 * GRAO * 2 / ESCALA_PESO);
        let mut e = 0;
        for _ in 0..200 {
            e = novo_valor(e, 500, 20);
        }
        assert_eq!(e, CORRECAO_MAXIMA * GRAO);
        // E volta quando a busca passa a discordar.
        let e2 = novo_valor(e, -500, 20);
        assert!(e2 < e);
        // Sem diferença, a entrada decai para 0.
        let mut e = 50 * GRAO;
        for _ in 0..500 {
            e = novo_valor(e, 0, 15);
        }
        assert!(e.abs() < GRAO);
    }

    #[test]
    fn lados_e_estruturas_diferentes_nao_se_misturam() {
        let mut c = nova_correcao();
        let b = TBoard::de_fen("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1").unwrap();
        let pretas = TBoard::de_fen("4k3/pppp4/8/8/8/8/PPPP4/4K3 b - - 0 1").unwrap();
        let outra = TBoard::de_fen("4k3/ppp5/8/8/8/8/PPPP4/4K3 w - - 0 1").unwrap();
        for _ in 0..100 {
            atualiza_correcao(&mut c, &b, 200, 10);
        }
        assert!(correcao(&c, &b) > 40);
        assert_eq!((correcao(&c, &pretas), correcao(&c, &outra)), (0, 0));
        // As peças não contam: a mesma estrutura com uma torre a mais.
        let com_torre = TBoard::de_fen("4k3/pppp4/8/8/8/8/PPPP4/R3K3 w - - 0 1").unwrap();
        assert_eq!(correcao(&c, &com_torre), correcao(&c, &b));
        limpa_correcao(&mut c);
        assert_eq!(correcao(&c, &b), 0);
    }
}
