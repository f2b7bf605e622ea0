//! Avaliação estática (porta de `eval.c` do ICE e da seção 4.6 do artigo).
//!
//! Nível 4: depende de `tabuleiro` e dos níveis abaixo (`tipos`, `bitboard`,
//! `ataques`). O ICE somava, para cada lado, material + peça-casa e depois uma
//! lista de termos de conhecimento de xadrez; o resultado era (pontos do lado a
//! jogar) − (pontos do adversário). Aqui é igual, com três mudanças de forma:
//!
//! 1. cada termo tem dois valores, meio-jogo e final (`TPar`), misturados pela
//!    fase do jogo (avaliação "afunilada", *tapered*). O ICE 1.78 só fazia isso
//!    com a tabela do rei; estender a ideia aos outros termos evita saltos de
//!    avaliação quando uma peça sai do tabuleiro;
//! 2. os termos que o artigo cita como melhorias (4.8.3) — mobilidade,
//!    tropismo, avaliação preguiçosa —, a verificação de material para mate,
//!    que o ICE não tinha, e dois termos nossos (ataque ao rei e ameaças)
//!    ficam desligados com `TAvaliacao::classico`;
//! 3. a estrutura de peões (que só depende dos peões) é guardada numa tabela
//!    hash própria, porque os peões mudam pouco de um nó para o outro.
//!
//! Ordem dos passos em `eval` (a mesma da seção 4.6):
//! material e peça-casa → final de peões → desequilíbrio material → estrutura
//! de peões → (avaliação preguiçosa) → torres → segurança do rei e roques
//! opostos → análise de abertura → mobilidade, tropismo e ataque ao rei →
//! ameaças (peças atacadas por peões e por peças menores, peças penduradas,
//! dama atacada por torre) → postos avançados de cavalos e bispos → xeques
//! seguros → bispo preso nos próprios peões e menor atrás de peão → distância
//! do rei aos peões → a vez de jogar (tempo).
//!
//! Todos os pesos são constantes com nome no topo do arquivo. O afinador
//! (`src/texel.rs`, `ice texel`) lê o "traço" da avaliação (quantas vezes cada peso foi
//! somado para cada lado) e reescreve essas constantes.

use crate::ataques::*;
use crate::bitboard::*;
use crate::tabuleiro::TBoard;
use crate::tipos::*;

/// Um par de valores (meio-jogo, final), em centipeões.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TPar {
    pub mg: i32,
    pub eg: i32,
}

/// Construtor curto, para as tabelas de pesos ficarem legíveis.
pub const fn par(mg: i32, eg: i32) -> TPar {
    TPar { mg, eg }
}

// ============================================================================
// Pesos ajustáveis. Cada constante é (meio-jogo, final). "ICE 1.40" dá o valor
// do código original; "1.78" marca os termos que o artigo descreve sem número
// (o valor é nosso). O afinador reescreve os números destas linhas: os de agora
// saíram de `ice texel` (scripts/texel.sh) sobre 2 195 213 posições quietas de
// 28 000 partidas do `ice datagen` (5000 nós por lance; metade jogada por
// `b8b7b7d`, metade por `299af64`), alvo = ½ resultado + ½ σ(escore da
// busca), parada antecipada pelo erro em 1/5 das posições
// deixadas de fora; por isso diferem dos números do ICE citados nos
// comentários. O modo clássico usa estes termos também, mas material e
// tabelas peça-casa do ICE.
// ============================================================================

// --- Termos do ICE 1.40 ------------------------------------------------------
const BONUS_PAR_BISPOS: TPar = par(26, 60); // ICE 1.40: +20; no final o par vale mais
const FINAL_PEOES_A_MAIS: TPar = par(0, 47); // ICE 1.40: ±75 no final de rei e peões
const TORRE_SEMIABERTA: TPar = par(10, 17); // ICE 1.40: +20 por coluna sem peão próprio
const TORRE_ABERTA: TPar = par(29, -27); // ICE 1.40: +10 a mais sem peão inimigo (aberta = 30)
const TORRES_DOBRADAS: TPar = par(59, -5); // ICE 1.40: +5, bateria na coluna semiaberta
const REI_COLUNA_SEMIABERTA: TPar = par(-15, 4); // ICE 1.40: −20, coluna do rei sem peão inimigo
const BONUS_ROQUE: TPar = par(86, -40); // ICE 1.40: +50 se rocou e o inimigo tem peças pesadas
const PEAO_DOBRADO_CENTRO: TPar = par(-18, -33); // ICE 1.40: −10 por coluna c..f
const PEAO_DOBRADO_ALA: TPar = par(-27, -31); // ICE 1.40: −15 por coluna a, b, g, h
const PEAO_ISOLADO: TPar = par(-4, -22); // ICE 1.40: −15 por coluna
const PEAO_ISOLADO_EXPOSTO: TPar = par(-10, -27); // ICE 1.40: −30 a mais sem peão inimigo na coluna

// --- Análise de abertura do ICE (só enquanto o lance < LANCE_FIM_ABERTURA) ---
const ABERTURA_ROQUE: TPar = par(19, 3); // ICE 1.40: +15 por rocar cedo
const ABERTURA_PEAO_CENTRAL: TPar = par(19, 4); // ICE 1.40: +15 por lance de d2/e2
const ABERTURA_PECA_DUAS_VEZES: TPar = par(-19, -4); // ICE 1.40: −15 (aproximação)
const ABERTURA_DAMA_CEDO: TPar = par(-19, -4); // ICE 1.40: −15 por lance saindo de d1
const ABERTURA_REI_ANDOU: TPar = par(-15, -2); // ICE 1.40: −15 por lance de rei sem roque
const ABERTURA_PEAO_F: TPar = par(-19, -4); // ICE 1.40: −15 por lance de f2
const PECA_BLOQUEIA_PEAO_CENTRAL: TPar = par(-25, 35); // 1.78: peça em d3/e3 na frente do peão
/// Até que lance completo a análise de abertura vale.
pub const LANCE_FIM_ABERTURA: u32 = 11; // ICE 1.40: número do lance < 11
/// Teto (em módulo) da soma dos princípios de abertura de um lado. Com 40,
/// a diferença entre os lados nunca passa de 80 < valor de um peão: o motor
/// não entrega material para seguir princípios (artigo, 4.6).
const ABERTURA_LIMITE: i32 = 40; // centipeões por lado

// --- Termos que o artigo (ICE 1.78) descreve sem números --------------------
const PEAO_ATRASADO: TPar = par(0, -4); // 1.78: peão atrasado
const PEAO_ATRASADO_EXPOSTO: TPar = par(-12, -17); // 1.78: atrasado em coluna sem peão inimigo
const PEAO_ILHA: TPar = par(-15, 34); // por ilha de peões além da primeira
const TORRE_SETIMA: TPar = par(-45, 47); // 1.78: com o rei inimigo na 8ª ou peões na 7ª
const REI_COLUNA_VIZINHA_SEMIABERTA: TPar = par(-6, 11); // 1.78: colunas ao lado do rei
const DESEQ_DUAS_TORRES_DAMA: TPar = par(58, -146); // 1.78: 2T×D (o material já dá +100 às torres)
const DESEQ_MENORES_TORRE: TPar = par(43, 10); // 1.78: 2 peças menores × torre (e peão)
const DESEQ_PECA_PEOES: TPar = par(-23, 98); // peça menor contra peões, no meio-jogo

/// Peão passado por fileira relativa (índice 0 = fileira 1 … 7 = fileira 8).
/// 1.78: cresce com a proximidade da promoção (o ICE 1.40 dava +15/+20 fixos).
#[rustfmt::skip]
const PEAO_PASSADO: [TPar; 8] = [
    par(0, 0), par(-1, 10), par(-7, 18), par(33, -2),
    par(77, 1), par(166, 1), par(218, 26), par(0, 0),
];

/// Escudo do rei: peão próprio mais próximo à frente do rei, em cada uma das
/// três colunas (a do rei conta em dobro). Índice = distância em fileiras − 1;
/// o último é "sem peão" (ou longe demais). O ICE 1.40 dava +5 por coluna com
/// peão próprio; o 1.78 passou a olhar tamanho e forma do escudo.
const REI_ESCUDO: [TPar; 4] = [par(-15, -1), par(-22, 4), par(-23, -4), par(-34, 6)];

/// Roques em alas opostas: bônus por peão avançando nas colunas do rei inimigo
/// (índice = fileira relativa − 1). 1.78: incentiva a tempestade de peões.
#[rustfmt::skip]
const PEAO_TEMPESTADE: [TPar; 8] = [
    par(0, 0), par(-27, -3), par(-21, -4), par(-9, -2),
    par(-14, -6), par(6, 15), par(-174, 43), par(0, 0),
];

// --- Além do ICE (artigo, 4.8.3): só com `classico = false` ------------------
const MOB_CAVALO: TPar = par(6, 4); // por casa acessível além de MOB_BASE_CAVALO
const MOB_BISPO: TPar = par(6, 4); // idem, bispo
const MOB_TORRE: TPar = par(5, 1); // idem, torre
const MOB_DAMA: TPar = par(3, 1); // idem, dama
const MOB_BASE_CAVALO: i32 = 4; // mobilidade "normal" de cada peça: acima dela
const MOB_BASE_BISPO: i32 = 6; // é bônus, abaixo é penalidade
const MOB_BASE_TORRE: i32 = 7; // idem, torre
const MOB_BASE_DAMA: i32 = 13; // idem, dama
const TROPISMO_CAVALO: TPar = par(4, -3); // por casa de proximidade ao rei inimigo (7 − distância)
const TROPISMO_BISPO: TPar = par(4, 2); // idem, bispo
const TROPISMO_TORRE: TPar = par(3, -1); // idem, torre
const TROPISMO_DAMA: TPar = par(16, 12); // idem, dama (também no final: ajuda o mate)
/// Ataque ao rei: por unidade de ataque², ÷ 16 (ver `mobilidade_tropismo`). O
/// escudo do ICE só olha os peões; um rei com escudo perfeito e três peças
/// inimigas batendo nas casas em volta estava "seguro" e o motor perdia assim.
const ATAQUE_REI: TPar = par(3, 3);
/// Unidades de ataque por casa da zona do rei atacada, por peça (C, B, T, D).
const UNIDADES_ATAQUE: [i32; 7] = [0, 0, 2, 2, 3, 5, 0];
/// Teto de unidades²÷16: um ataque esmagador não vale mais que uma peça.
const ATAQUE_REI_TETO: i32 = 40;
/// Ameaças: peça (C, B, T, D) atacada por peão inimigo; torre ou dama atacada
/// por peça menor inimiga. Por peça, do lado atacado.
const PECA_ATACADA_POR_PEAO: TPar = par(-51, -14);
const MAIOR_ATACADA_POR_MENOR: TPar = par(-42, -8);
/// Peça (cavalo a dama) atacada e sem nenhum defensor (só ICE-rs).
const PECA_PENDURADA: TPar = par(-12, -17);
/// Posto avançado (só ICE-rs): cavalo ou bispo na 4ª, 5ª ou 6ª fileira,
/// defendido por peão próprio, numa casa que nenhum peão inimigo pode mais
/// atacar. Só uma troca o tira dali; o cavalo, de alcance curto, ganha mais.
const POSTO_CAVALO: TPar = par(27, 6);
const POSTO_BISPO: TPar = par(24, 4);
/// Xeques seguros (só ICE-rs), por peça que dá o xeque (C, B, T, D): casas
/// de onde a peça daria xeque, que ela já alcança, sem peça própria e que o
/// defensor não ataca. O ataque ao rei conta casas em volta dele; o xeque
/// seguro é o que de fato abre o rei (ou ganha tempo para o mate).
const CHEQUE_SEGURO: [TPar; 4] = [par(39, -1), par(7, 16), par(95, -24), par(14, 14)];
/// Cavalo ou bispo atacado por peça menor inimiga e sem peão que o defenda
/// (a troca, quando vier, desmancha a estrutura de quem retoma).
const MENOR_ATACADA_POR_MENOR: TPar = par(-11, -26);
/// Dama atacada por torre inimiga: precisa sair, e o lado que ataca ganha tempo.
const DAMA_ATACADA_POR_TORRE: TPar = par(-57, 15);
/// Bispo "mau": por peão próprio em casa da mesma cor do bispo (os peões
/// fixos tapam as diagonais dele).
const BISPO_PEOES_COR: TPar = par(-4, 1);
/// Cavalo ou bispo logo atrás de um peão (de qualquer cor): o peão o protege
/// de ataques pela coluna e tapa a coluna para as torres do inimigo.
const MENOR_ATRAS_PEAO: TPar = par(2, 13);
/// Rei no final: por casa de distância ao peão próprio e ao inimigo mais
/// próximos (o rei precisa andar até onde os peões estão).
const REI_DISTANCIA_PEAO_PROPRIO: TPar = par(1, -11);
const REI_DISTANCIA_PEAO_INIMIGO: TPar = par(-2, -4);
/// Vantagem de ter a vez (só ICE-rs): numa posição quieta, quem joga
/// escolhe o plano; sem esse termo a avaliação parada trata as duas cores
/// como se ninguém tivesse o lance.
const TEMPO: TPar = par(14, 1);
/// Os pesos de mobilidade e tropismo de cada peça (C, B, T, D), na ordem dos
/// tipos de peça, com os nomes que o traço e o afinador usam.
#[rustfmt::skip]
const TERMOS_PECA: [(&str, TPar, i32, &str, TPar); 4] = [
    ("MOB_CAVALO", MOB_CAVALO, MOB_BASE_CAVALO, "TROPISMO_CAVALO", TROPISMO_CAVALO),
    ("MOB_BISPO", MOB_BISPO, MOB_BASE_BISPO, "TROPISMO_BISPO", TROPISMO_BISPO),
    ("MOB_TORRE", MOB_TORRE, MOB_BASE_TORRE, "TROPISMO_TORRE", TROPISMO_TORRE),
    ("MOB_DAMA", MOB_DAMA, MOB_BASE_DAMA, "TROPISMO_DAMA", TROPISMO_DAMA),
];
const PASSADO_REI_INIMIGO: TPar = par(-5, 14); // × distância do rei inimigo à casa da frente
const PASSADO_REI_PROPRIO: TPar = par(-4, -4); // × distância do próprio rei à casa da frente
const PASSADO_LIVRE: TPar = par(2, 14); // caminho até a promoção vazio
const PASSADO_IMPARAVEL: TPar = par(-6, 244); // regra do quadrado, inimigo sem peças
/// Peso das fileiras nos termos dinâmicos do passado (índice = fileira − 1).
const FATOR_PASSADO: [i32; 8] = [0, 0, 0, 1, 2, 3, 4, 0];

/// Avaliação preguiçosa: se material + peça-casa + peões já estão tão fora da
/// janela que nenhum termo lento consegue trazer de volta, devolve já.
const MARGEM_PREGUICOSA: i32 = 300; // centipeões; maior que os termos lentos somados

// --- Escala para finais sem material de mate (em 16 avos) --------------------
const ESCALA_NORMAL: i32 = 16; // 16/16: sem redução
const ESCALA_CAVALOS_CONTRA_PEOES: i32 = 4; // K+2C contra peões: às vezes ganha
const ESCALA_POUCA_VANTAGEM: i32 = 4; // sem peões e só até uma peça menor a mais (T×B)
const ESCALA_BISPOS_OPOSTOS: i32 = 8; // só bispos de cores opostas e peões

/// As casas claras (a8 = 0 é clara): para bispos de cores opostas e o bispo
/// preso atrás dos próprios peões.
const CASAS_CLARAS: TBitboard = 0xAA55_AA55_AA55_AA55;
/// Entradas da tabela hash de peões (potência de 2).
const TAM_HASH_PEOES: usize = 1 << 14;

// ============================================================================
// Tabelas peça-casa
// ============================================================================

// Tabelas peça-casa do ICE 1.40, do ponto de vista das brancas: a primeira
// linha é a fileira 8, então a peça branca na casa i usa a entrada i.
#[rustfmt::skip]
pub const PST_PEAO: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    30, 30, 35, 40, 40, 35, 30, 30,
    10, 10, 12, 20, 20, 12, 10, 10,
     5,  5,  6, 18, 18,  6,  5,  5,
     3,  3,  4, 17, 17,  1,  1,  2,
     3,  5,  0, 10, 10,  0,  5,  3,
     2,  5,  5,  0,  0,  5,  5,  2,
     0,  0,  0,  0,  0,  0,  0,  0,
];

/// Cavalo: a Tabela 1 do artigo (ICE 1.78), que substituiu a do 1.40.
#[rustfmt::skip]
pub const PST_CAVALO: [i32; 64] = [
     5,  7,  9, 11, 11,  9,  7,  5,
     7, 10, 14, 16, 16, 14, 10,  7,
     9, 14, 19, 21, 21, 19, 14,  9,
    11, 16, 21, 24, 24, 21, 16, 11,
    11, 16, 21, 24, 24, 21, 16, 11,
     9, 14, 19, 21, 21, 19, 14,  9,
     7, 10, 14, 16, 16, 14, 10,  7,
     5,  7,  9, 11, 11,  9,  7,  5,
];

#[rustfmt::skip]
pub const PST_BISPO: [i32; 64] = [
     5,  3,  3,  3,  3,  3,  3,  5,
     3, 10,  9,  9,  9,  9, 10,  3,
     3,  9, 15, 14, 14, 15,  9,  3,
     3,  9, 14, 20, 20, 14,  9,  3,
     3,  9, 14, 20, 20, 14,  9,  3,
     3,  9, 15, 14, 14, 15,  9,  3,
     3, 10,  9,  9,  9,  9, 10,  3,
     5,  3,  0,  3,  3,  0,  3,  5,
];

#[rustfmt::skip]
pub const PST_TORRE: [i32; 64] = [
    25, 25, 25, 25, 25, 25, 25, 25,
    50, 50, 50, 50, 50, 50, 50, 50,
    15, 10, 10, 10, 10, 10, 10, 15,
    15, 10,  5,  5,  5,  5, 10, 15,
    15, 10,  5,  5,  5,  5, 10, 15,
    15, 10,  5,  5,  5,  5, 10, 15,
     5, 10, 10, 10, 10, 10, 10,  5,
     5,  5, 10, 20, 20, 10,  5,  5,
];

/// Rei na abertura/meio-jogo: protegido no canto, longe do centro.
#[rustfmt::skip]
pub const PST_REI_ABERTURA: [i32; 64] = [
    -5, -3, -3, -3, -3, -3, -3, -5,
    -3,-10, -9, -9, -9, -9,-10, -3,
    -5, -9,-15,-14,-14,-15, -9, -5,
    -1, -5,-14,-20,-20,-14, -5, -1,
     2, -1, -5,-20,-20, -5, -1,  2,
     3,  2, -1,-10,-10, -1,  2,  3,
    15, 12,  2,  4,  4,  2, 12, 15,
    15, 15, 12,  8,  8, 12, 15, 15,
];

/// Rei no final: centralizado.
#[rustfmt::skip]
pub const PST_REI_FINAL: [i32; 64] = [
     5,  3,  3,  3,  3,  3,  3,  5,
     3,  9,  9,  9,  9,  9,  9,  3,
     3,  9, 15, 14, 14, 15,  9,  3,
     3,  9, 14, 20, 20, 14,  9,  3,
     3,  9, 14, 20, 20, 14,  9,  3,
     3,  9, 15, 14, 14, 15,  9,  3,
     3,  9,  9,  9,  9,  9,  9,  3,
     5,  3,  3,  3,  3,  3,  3,  5,
];

// Tabelas peça-casa do ICE-rs: (meio-jogo, final) por casa, do ponto de
// vista das brancas, afinadas pelo método de Texel (`ice texel`) a partir
// das do ICE acima. O modo clássico continua com as do ICE; estas são as
// da avaliação completa. Material também em (meio-jogo, final): no final
// um peão vale mais (vira dama) e as peças menores menos.

/// Material de cada peça na avaliação completa (índices de `tipos`:
/// nenhuma, peão … dama, rei). A busca (SEE, margens) usa `VALOR_PECA`.
pub const MATERIAL: [TPar; 7] = [
    par(0, 0),
    par(94, 99),
    par(358, 271),
    par(383, 279),
    par(556, 495),
    par(1395, 683),
    par(0, 0),
];

/// Peão.
#[rustfmt::skip]
pub const PC_PEAO: [TPar; 64] = [
    par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0),
    par(182, -55), par(97, 15), par(77, 6), par(76, 17), par(133, 23), par(-97, 82), par(34, 37), par(155, -68),
    par(27, 12), par(30, 24), par(-7, 19), par(45, 1), par(23, 25), par(23, 34), par(42, 30), par(38, 4),
    par(-5, 20), par(13, 15), par(5, 11), par(37, 2), par(24, 5), par(14, 17), par(14, 19), par(-3, 17),
    par(-6, 16), par(-11, 21), par(0, 7), par(20, -2), par(17, 3), par(7, 14), par(-3, 13), par(-16, 15),
    par(3, -4), par(-7, 10), par(0, 5), par(3, 5), par(7, 4), par(7, 18), par(18, 1), par(-2, -3),
    par(-15, 12), par(-6, 9), par(-13, 17), par(-9, -2), par(-16, 13), par(14, 16), par(15, 3), par(-15, 8),
    par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0),
];

/// Cavalo.
#[rustfmt::skip]
pub const PC_CAVALO: [TPar; 64] = [
    par(-124, -49), par(61, 47), par(-82, 51), par(47, 33), par(-1, 40), par(7, 10), par(-12, 53), par(-61, -17),
    par(-18, 10), par(-10, 19), par(61, 27), par(81, 35), par(-5, 52), par(64, 11), par(23, 9), par(22, 20),
    par(-19, 22), par(15, 29), par(22, 38), par(58, 37), par(72, 30), par(94, 12), par(31, 33), par(28, 20),
    par(38, 14), par(19, 53), par(25, 44), par(29, 50), par(31, 44), par(60, 41), par(28, 41), par(29, 20),
    par(16, 15), par(33, 12), par(30, 39), par(30, 40), par(39, 50), par(41, 38), par(27, 41), par(23, 24),
    par(7, -26), par(25, 20), par(25, 24), par(44, 22), par(39, 20), par(35, 23), par(37, 12), par(13, 2),
    par(34, -9), par(47, -1), par(21, -9), par(33, 10), par(41, 9), par(31, 2), par(-7, 5), par(34, -18),
    par(30, -76), par(15, -45), par(42, -18), par(49, -9), par(45, -24), par(13, -13), par(18, -34), par(28, -93),
];

/// Bispo.
#[rustfmt::skip]
pub const PC_BISPO: [TPar; 64] = [
    par(-41, 44), par(-4, 25), par(-13, 26), par(-65, 32), par(-11, 46), par(-95, 37), par(-128, 55), par(34, 13),
    par(7, -1), par(-28, 47), par(8, 24), par(27, 32), par(26, 24), par(-20, 51), par(-28, 22), par(-29, 45),
    par(10, 18), par(42, -6), par(22, 28), par(39, 14), par(50, 29), par(66, 2), par(20, 13), par(25, 4),
    par(12, 18), par(9, 41), par(47, 19), par(21, 36), par(39, 16), par(45, 0), par(27, 9), par(7, 17),
    par(-11, 9), par(30, 8), par(21, 34), par(43, 16), par(44, 12), par(27, 15), par(26, 5), par(57, -25),
    par(35, 7), par(48, 12), par(39, 11), par(36, 16), par(41, 12), par(45, 4), par(43, 4), par(34, 4),
    par(43, -18), par(47, -3), par(31, -5), par(43, 0), par(37, 3), par(63, -10), par(49, 1), par(33, 3),
    par(46, -38), par(44, -17), par(34, -15), par(14, 6), par(57, -40), par(20, -6), par(59, -19), par(26, -15),
];

/// Torre.
#[rustfmt::skip]
pub const PC_TORRE: [TPar; 64] = [
    par(30, 44), par(34, 35), par(67, 25), par(133, 1), par(78, 22), par(94, 6), par(15, 45), par(39, 33),
    par(69, 20), par(70, 17), par(103, 6), par(104, 12), par(76, 10), par(104, 11), par(11, 33), par(74, 11),
    par(30, 40), par(49, 39), par(35, 36), par(76, 27), par(39, 25), par(28, 35), par(58, 31), par(24, 34),
    par(-2, 35), par(-3, 44), par(4, 42), par(22, 31), par(-1, 34), par(31, 19), par(-6, 36), par(-4, 28),
    par(-9, 33), par(-23, 47), par(-38, 46), par(-18, 42), par(-20, 43), par(-39, 41), par(0, 26), par(-12, 10),
    par(-8, 8), par(-11, -5), par(-11, 21), par(-20, 22), par(-20, 23), par(-1, 9), par(-13, 16), par(-27, -3),
    par(0, -8), par(-7, 1), par(-13, 8), par(17, 2), par(18, 2), par(3, 5), par(26, -10), par(-15, -16),
    par(15, -1), par(17, 7), par(27, -1), par(22, 5), par(21, -1), par(21, 0), par(1, 2), par(23, -27),
];

/// Dama (no ICE, bispo + torre).
#[rustfmt::skip]
pub const PC_DAMA: [TPar; 64] = [
    par(24, 77), par(44, 56), par(38, 81), par(33, 35), par(55, 58), par(53, 77), par(19, 103), par(24, 119),
    par(38, 68), par(4, 105), par(0, 102), par(-13, 116), par(-2, 116), par(-14, 103), par(40, 59), par(9, 106),
    par(36, 78), par(23, 65), par(-11, 105), par(12, 90), par(7, 82), par(41, 70), par(20, 31), par(46, 18),
    par(32, 67), par(17, 65), par(28, 60), par(-7, 77), par(17, 53), par(18, 75), par(20, 82), par(28, 48),
    par(37, 55), par(29, 76), par(17, 67), par(24, 59), par(22, 42), par(45, 10), par(29, 57), par(38, 65),
    par(64, 17), par(56, 14), par(50, 25), par(49, 12), par(52, 33), par(68, 3), par(51, 46), par(27, 84),
    par(65, -27), par(82, -34), par(79, -35), par(83, -15), par(86, -19), par(79, -33), par(113, -96), par(87, -32),
    par(122, -100), par(77, -50), par(105, -45), par(102, -75), par(99, -20), par(94, -54), par(45, -27), par(122, -130),
];

/// Rei: meio-jogo protegido no canto, final centralizado.
#[rustfmt::skip]
pub const PC_REI: [TPar; 64] = [
    par(62, 3), par(53, 140), par(74, 78), par(185, 53), par(0, 95), par(421, -89), par(239, -4), par(-57, -61),
    par(51, 86), par(64, 132), par(301, -34), par(-133, 155), par(-35, 87), par(-192, 144), par(555, -137), par(-150, 70),
    par(27, 113), par(-80, 135), par(-223, 158), par(-150, 147), par(-231, 164), par(-178, 164), par(19, 109), par(-53, 90),
    par(-84, 114), par(-17, 108), par(-113, 124), par(-146, 123), par(-93, 124), par(-17, 112), par(76, 91), par(-51, 90),
    par(-34, 79), par(-20, 89), par(-18, 83), par(-40, 90), par(-31, 83), par(-23, 90), par(-49, 90), par(-87, 97),
    par(-79, 74), par(-5, 73), par(-4, 77), par(-29, 77), par(-15, 73), par(-37, 86), par(-22, 80), par(-50, 73),
    par(-18, 65), par(-18, 67), par(-9, 70), par(-4, 58), par(-23, 70), par(5, 65), par(13, 68), par(-26, 64),
    par(-89, 84), par(-56, 78), par(-56, 77), par(-58, 66), par(-13, 45), par(-46, 58), par(-55, 79), par(-99, 75),
];

/// Peso de cada peça na fase do jogo (24 = todas as peças na mesa).
pub const PESO_FASE: [i32; 7] = [0, 0, 1, 1, 2, 4, 0];
pub const FASE_TOTAL: i32 = 24;

/// Casa equivalente para as pretas. RUST: o ICE usava 63 − i (rotação de
/// 180°); usamos o espelho vertical (i ^ 56) para que a avaliação seja
/// exatamente simétrica entre as cores (só a fileira 4 da tabela de peão era
/// assimétrica, então a diferença é mínima).
#[inline(always)]
pub const fn casa_relativa(cor: usize, casa: usize) -> usize {
    if cor == BRANCAS {
        casa
    } else {
        casa ^ 56
    }
}

/// Fileira do ponto de vista de `cor` (1 = a própria primeira fileira).
#[inline(always)]
const fn fileira_relativa(cor: usize, casa: usize) -> usize {
    fileira(casa_relativa(cor, casa))
}

/// As tabelas (meio-jogo, final) da avaliação completa, por peça.
const PC: [&[TPar; 64]; 7] = [
    &PC_PEAO, &PC_PEAO, &PC_CAVALO, &PC_BISPO, &PC_TORRE, &PC_DAMA, &PC_REI,
];
/// Nome de cada tabela, para o traço (o afinador reescreve a constante).
const NOMES_PC: [&str; 7] = [
    "",
    "PC_PEAO",
    "PC_CAVALO",
    "PC_BISPO",
    "PC_TORRE",
    "PC_DAMA",
    "PC_REI",
];

/// Peça-casa de cada peça, cor e casa, já espelhada para as pretas.
/// `classico`: as tabelas do ICE (com o rei nos dois valores: meio-jogo = a
/// de abertura, final = a de final); senão as `PC_*` já somadas ao
/// `MATERIAL` da peça, para que material e peça-casa custem uma leitura por
/// peça. Calculada em tempo de compilação.
const fn monta_peca_casa(classico: bool) -> [[[TPar; 64]; 7]; 2] {
    let mut t = [[[par(0, 0); 64]; 7]; 2];
    let mut cor = 0;
    while cor < 2 {
        let mut casa = 0;
        while casa < 64 {
            let c = casa_relativa(cor, casa);
            if classico {
                t[cor][PEAO as usize][casa] = par(PST_PEAO[c], PST_PEAO[c]);
                t[cor][CAVALO as usize][casa] = par(PST_CAVALO[c], PST_CAVALO[c]);
                t[cor][BISPO as usize][casa] = par(PST_BISPO[c], PST_BISPO[c]);
                t[cor][TORRE as usize][casa] = par(PST_TORRE[c], PST_TORRE[c]);
                // ICE: a dama não tem tabela própria; usa bispo + torre.
                let d = PST_BISPO[c] + PST_TORRE[c];
                t[cor][DAMA as usize][casa] = par(d, d);
                // 1.78: a tabela do rei depende da fase; aqui ela é misturada
                // suavemente pelo contador de fase, como os demais termos.
                t[cor][REI as usize][casa] = par(PST_REI_ABERTURA[c], PST_REI_FINAL[c]);
            } else {
                let mut peca = PEAO as usize;
                while peca <= REI as usize {
                    let v = PC[peca][c];
                    let m = MATERIAL[peca];
                    t[cor][peca][casa] = par(v.mg + m.mg, v.eg + m.eg);
                    peca += 1;
                }
            }
            casa += 1;
        }
        cor += 1;
    }
    t
}
static PECA_CASA: [[[TPar; 64]; 7]; 2] = monta_peca_casa(false);
static PECA_CASA_ICE: [[[TPar; 64]; 7]; 2] = monta_peca_casa(true);

// ============================================================================
// Máscaras pré-calculadas (const fn)
// ============================================================================

/// Colunas vizinhas de cada coluna (sem a própria).
const fn monta_vizinhas() -> [TBitboard; 8] {
    let mut t = [0u64; 8];
    let mut c = 0;
    while c < 8 {
        if c > 0 {
            t[c] |= COLUNA_A << (c - 1);
        }
        if c < 7 {
            t[c] |= COLUNA_A << (c + 1);
        }
        c += 1;
    }
    t
}
static COLUNAS_VIZINHAS: [TBitboard; 8] = monta_vizinhas();

/// Fileiras estritamente à frente de uma fileira (índice 1..=8), para cada cor.
const fn monta_frente_fileiras() -> [[TBitboard; 9]; 2] {
    let mut t = [[0u64; 9]; 2];
    let mut f = 1;
    while f <= 8 {
        let mut g = 1;
        while g <= 8 {
            let linha = 0xFFu64 << (8 * (8 - g)); // fileira g
            if g > f {
                t[BRANCAS][f] |= linha;
            }
            if g < f {
                t[NEGRAS][f] |= linha;
            }
            g += 1;
        }
        f += 1;
    }
    t
}
static FRENTE_FILEIRAS: [[TBitboard; 9]; 2] = monta_frente_fileiras();

/// Casas da mesma coluna à frente de cada casa (o caminho do peão).
const fn monta_frente() -> [[TBitboard; 64]; 2] {
    let t_fil = monta_frente_fileiras();
    let mut t = [[0u64; 64]; 2];
    let mut cor = 0;
    while cor < 2 {
        let mut casa = 0;
        while casa < 64 {
            t[cor][casa] = t_fil[cor][8 - casa / 8] & (COLUNA_A << (casa % 8));
            casa += 1;
        }
        cor += 1;
    }
    t
}
static FRENTE: [[TBitboard; 64]; 2] = monta_frente();

/// Casas que um peão inimigo precisa ocupar para deter um peão: a própria
/// coluna e as vizinhas, à frente. Sem peão inimigo ali, o peão é passado.
const fn monta_passado() -> [[TBitboard; 64]; 2] {
    let t_fil = monta_frente_fileiras();
    let viz = monta_vizinhas();
    let mut t = [[0u64; 64]; 2];
    let mut cor = 0;
    while cor < 2 {
        let mut casa = 0;
        while casa < 64 {
            let col = casa % 8;
            t[cor][casa] = t_fil[cor][8 - casa / 8] & ((COLUNA_A << col) | viz[col]);
            casa += 1;
        }
        cor += 1;
    }
    t
}
static MASCARA_PASSADO: [[TBitboard; 64]; 2] = monta_passado();

/// Casas das colunas vizinhas na mesma fileira ou atrás: onde um peão próprio
/// poderia apoiar este. Vazia = o peão não pode ser defendido por peões.
const fn monta_apoio() -> [[TBitboard; 64]; 2] {
    let t_fil = monta_frente_fileiras();
    let viz = monta_vizinhas();
    let mut t = [[0u64; 64]; 2];
    let mut cor = 0;
    while cor < 2 {
        let mut casa = 0;
        while casa < 64 {
            t[cor][casa] = !t_fil[cor][8 - casa / 8] & viz[casa % 8];
            casa += 1;
        }
        cor += 1;
    }
    t
}
static APOIO: [[TBitboard; 64]; 2] = monta_apoio();

/// Distância de rei (Chebyshev) entre duas casas.
const fn monta_distancia() -> [[u8; 64]; 64] {
    let mut t = [[0u8; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let dc = (a % 8) as i32 - (b % 8) as i32;
            let dl = (a / 8) as i32 - (b / 8) as i32;
            let dc = if dc < 0 { -dc } else { dc };
            let dl = if dl < 0 { -dl } else { dl };
            t[a][b] = if dc > dl { dc as u8 } else { dl as u8 };
            b += 1;
        }
        a += 1;
    }
    t
}
static DISTANCIA: [[u8; 64]; 64] = monta_distancia();

#[inline(always)]
fn distancia(a: usize, b: usize) -> i32 {
    DISTANCIA[a][b] as i32
}

/// Colunas ocupadas por um bitboard, como 8 bits (bit 0 = coluna a).
#[inline(always)]
fn colunas_de(bb: TBitboard) -> u32 {
    let mut x = bb;
    x |= x >> 32;
    x |= x >> 16;
    x |= x >> 8;
    (x & 0xFF) as u32
}

/// Casas atacadas pelos peões de uma cor.
#[inline(always)]
fn ataques_peoes(peoes: TBitboard, cor: usize) -> TBitboard {
    if cor == BRANCAS {
        ((peoes & !COLUNA_A) >> 9) | ((peoes & !COLUNA_H) >> 7)
    } else {
        ((peoes & !COLUNA_A) << 7) | ((peoes & !COLUNA_H) << 9)
    }
}

// ============================================================================
// Estado, traço e acumulador
// ============================================================================

/// Uma entrada da tabela de peões. RUST: a chave guarda os dois bitboards de
/// peões inteiros, então um acerto nunca é colisão (o ICE não tinha tabela).
#[derive(Clone, Copy, Default)]
struct TEntradaPeoes {
    peoes: [TBitboard; 2],
    pontos: [TPar; 2],
    passados: [TBitboard; 2],
}

/// Estado da avaliação que vive entre chamadas (tabelas, modos).
pub struct TAvaliacao {
    /// Modo "ICE clássico": só os termos que o ICE tinha (1.40 e os que o
    /// artigo descreve para o 1.78); sem mobilidade, tropismo, avaliação
    /// preguiçosa nem escala de finais sem mate.
    pub classico: bool,
    /// Só material + peça-casa (a primeira versão), para medir o ganho dos termos.
    pub so_material_pst: bool,
    /// Tabela hash da estrutura de peões, alocada uma vez aqui.
    hash_peoes: Vec<TEntradaPeoes>,
    /// Acertos e consultas da tabela de peões (para medir).
    pub acertos_peoes: u64,
    pub consultas_peoes: u64,
}

impl Default for TAvaliacao {
    fn default() -> Self {
        nova_avaliacao()
    }
}

/// Cria o estado da avaliação (aloca a tabela de peões: ~800 KB).
pub fn nova_avaliacao() -> TAvaliacao {
    TAvaliacao {
        classico: false,
        so_material_pst: false,
        hash_peoes: vec![TEntradaPeoes::default(); TAM_HASH_PEOES],
        acertos_peoes: 0,
        consultas_peoes: 0,
    }
}

/// Esvazia a tabela de peões (ao mudar de modo, por exemplo: não é preciso,
/// porque os termos de peões são os mesmos em todos os modos, mas o
/// protocolo pode querer começar do zero no `new`).
pub fn limpa_hash_peoes(av: &mut TAvaliacao) {
    for e in av.hash_peoes.iter_mut() {
        *e = TEntradaPeoes::default();
    }
}

// Categorias da tabela `ice eval` (o traço soma cada termo na sua).
pub const CAT_MATERIAL: usize = 0;
pub const CAT_PECA_CASA: usize = 1;
pub const CAT_PAR_BISPOS: usize = 2;
pub const CAT_DESEQUILIBRIO: usize = 3;
pub const CAT_FINAL_PEOES: usize = 4;
pub const CAT_ESTRUTURA: usize = 5;
pub const CAT_PASSADOS: usize = 6;
pub const CAT_TORRES: usize = 7;
pub const CAT_REI: usize = 8;
pub const CAT_TEMPESTADE: usize = 9;
pub const CAT_ABERTURA: usize = 10;
pub const CAT_MOBILIDADE: usize = 11;
pub const CAT_TROPISMO: usize = 12;
pub const CAT_ATAQUE_REI: usize = 13;
pub const CAT_AMEACAS: usize = 14;
pub const CAT_POSTOS: usize = 15;
pub const CAT_MENORES: usize = 16;
pub const CAT_REI_PEOES: usize = 17;
pub const CAT_TEMPO: usize = 18;
pub const NUM_CATEGORIAS: usize = 19;
pub const NOMES_CATEGORIAS: [&str; NUM_CATEGORIAS] = [
    "Material",
    "Peca-casa",
    "Par de bispos",
    "Desequilibrio",
    "Final de peoes",
    "Estrutura peoes",
    "Peoes passados",
    "Torres",
    "Seguranca do rei",
    "Roques opostos",
    "Abertura",
    "Mobilidade",
    "Tropismo",
    "Ataque ao rei",
    "Ameacas",
    "Postos avancados",
    "Pecas menores",
    "Rei e peoes",
    "Tempo",
];

/// Um peso que entrou na avaliação: nome da constante, índice (nas tabelas),
/// valor atual e quantas vezes foi somado para cada cor.
#[derive(Clone, Copy, Debug)]
pub struct TItemTraco {
    pub nome: &'static str,
    pub indice: usize,
    pub peso: TPar,
    pub coef: [i32; 2],
}

/// Traço de uma avaliação: a decomposição que `tabela_eval` imprime e que o
/// afinador de Texel usa (a avaliação é linear nos pesos, fora a escala).
#[derive(Clone, Debug, Default)]
pub struct TTraco {
    pub categorias: [[TPar; 2]; NUM_CATEGORIAS],
    /// Pesos ajustáveis usados (os fixos — material, peça-casa — só entram
    /// nas categorias e em `soma`).
    pub itens: Vec<TItemTraco>,
    /// Soma (meio-jogo, final) de cada cor antes da mistura.
    pub soma: [TPar; 2],
    pub fase: i32,
    /// Escala de empate de cada cor, em 16 avos (aplicada a quem está à frente).
    pub escala: [i32; 2],
    /// Resultado final, do ponto de vista das brancas.
    pub total_brancas: i32,
}

/// Acumulador de uma avaliação: (meio-jogo, final) de cada cor, e o traço
/// quando alguém o pediu. Sem traço (a busca), o custo é um teste previsível.
struct TConta<'a> {
    s: [TPar; 2],
    categoria: usize,
    traco: Option<&'a mut TTraco>,
}

/// Soma `n` vezes o peso `peso` (de nome `nome`, posição `indice` numa
/// tabela) à conta da cor `cor`.
#[inline(always)]
fn soma(c: &mut TConta, cor: usize, nome: &'static str, indice: usize, peso: TPar, n: i32) {
    c.s[cor].mg += peso.mg * n;
    c.s[cor].eg += peso.eg * n;
    if let Some(t) = c.traco.as_deref_mut() {
        registra(t, c.categoria, cor, nome, indice, peso, n);
    }
}

/// Guarda um termo no traço (só em `tabela_eval` e no afinador).
fn registra(
    t: &mut TTraco,
    categoria: usize,
    cor: usize,
    nome: &'static str,
    indice: usize,
    peso: TPar,
    n: i32,
) {
    t.categorias[categoria][cor].mg += peso.mg * n;
    t.categorias[categoria][cor].eg += peso.eg * n;
    if nome.is_empty() || n == 0 {
        return; // parte fixa (material, peça-casa, correções)
    }
    for it in t.itens.iter_mut() {
        if it.nome == nome && it.indice == indice {
            it.coef[cor] += n;
            return;
        }
    }
    let mut coef = [0; 2];
    coef[cor] = n;
    t.itens.push(TItemTraco {
        nome,
        indice,
        peso,
        coef,
    });
}

// ============================================================================
// Termos
// ============================================================================

/// Fase do jogo, de 0 (só reis e peões) a FASE_TOTAL (abertura).
pub fn fase(b: &TBoard) -> i32 {
    let mut f = 0;
    for cor in 0..2 {
        f += PESO_FASE[CAVALO as usize] * conta(b.cavalos[cor]) as i32;
        f += PESO_FASE[BISPO as usize] * conta(b.bispos[cor]) as i32;
        f += PESO_FASE[TORRE as usize] * conta(b.torres[cor]) as i32;
        f += PESO_FASE[DAMA as usize] * conta(b.damas[cor]) as i32;
    }
    f.min(FASE_TOTAL)
}

/// Valor das peças (sem peões nem rei) de uma cor.
#[inline(always)]
fn material_pecas(b: &TBoard, cor: usize) -> i32 {
    conta(b.cavalos[cor]) as i32 * VALOR_PECA[CAVALO as usize]
        + conta(b.bispos[cor]) as i32 * VALOR_PECA[BISPO as usize]
        + conta(b.torres[cor]) as i32 * VALOR_PECA[TORRE as usize]
        + conta(b.damas[cor]) as i32 * VALOR_PECA[DAMA as usize]
}

/// Passo 1. Material + peça-casa de todas as peças. No modo clássico, os
/// valores (`VALOR_PECA`, contagem de bits) e as tabelas do ICE; senão uma
/// leitura por peça em `PECA_CASA`, que já traz `MATERIAL` + `PC_*` (com
/// traço, `material_pst_traco` os separa por constante).
fn material_pst(b: &TBoard, c: &mut TConta, classico: bool) {
    if !classico {
        if c.traco.is_some() {
            material_pst_traco(b, c);
            return;
        }
        for cor in 0..2 {
            let s = soma_peca_casa(b, cor, &PECA_CASA);
            soma(c, cor, "", 0, s, 1);
        }
        return;
    }
    for cor in 0..2 {
        c.categoria = CAT_MATERIAL;
        let m = material_pecas(b, cor) + conta(b.peoes[cor]) as i32 * VALOR_PECA[PEAO as usize];
        soma(c, cor, "", 0, par(m, m), 1);
        c.categoria = CAT_PECA_CASA;
        let pst = soma_peca_casa(b, cor, &PECA_CASA_ICE);
        soma(c, cor, "", 0, pst, 1);
    }
}

/// Soma a tabela `t` sobre todas as peças da cor.
#[inline(always)]
fn soma_peca_casa(b: &TBoard, cor: usize, t: &[[[TPar; 64]; 7]; 2]) -> TPar {
    let mut s = par(0, 0);
    for peca in PEAO..=REI {
        let mut bb = b.bb(peca)[cor];
        while bb != 0 {
            let v = t[cor][peca as usize][pop_lsb(&mut bb)];
            s.mg += v.mg;
            s.eg += v.eg;
        }
    }
    s
}

/// O passo 1 com traço: cada peça e cada casa entram com o nome da sua
/// constante, para que o afinador ajuste material e tabelas como os outros
/// pesos. Os valores somados são os mesmos de `material_pst`.
fn material_pst_traco(b: &TBoard, c: &mut TConta) {
    for cor in 0..2 {
        c.categoria = CAT_MATERIAL;
        for peca in PEAO..=DAMA {
            let n = conta(b.bb(peca)[cor]) as i32;
            soma(
                c,
                cor,
                "MATERIAL",
                peca as usize,
                MATERIAL[peca as usize],
                n,
            );
        }
        c.categoria = CAT_PECA_CASA;
        for peca in PEAO..=REI {
            let mut bb = b.bb(peca)[cor];
            while bb != 0 {
                let casa = casa_relativa(cor, pop_lsb(&mut bb));
                let p = peca as usize;
                soma(c, cor, NOMES_PC[p], casa, PC[p][casa], 1);
            }
        }
    }
}

/// Par de bispos (ICE 1.40: dois ou mais bispos).
fn par_bispos(b: &TBoard, c: &mut TConta) {
    c.categoria = CAT_PAR_BISPOS;
    for cor in 0..2 {
        if mais_de_um(b.bispos[cor]) {
            soma(c, cor, "BONUS_PAR_BISPOS", 0, BONUS_PAR_BISPOS, 1);
        }
    }
}

/// Desequilíbrio material (1.78): combinações que a contagem simples avalia
/// mal — duas torres contra dama, duas peças menores contra torre (e peão),
/// peça menor contra peões.
fn desequilibrio(b: &TBoard, c: &mut TConta) {
    c.categoria = CAT_DESEQUILIBRIO;
    for cor in 0..2 {
        let o = cor ^ 1;
        let menores = |k: usize| conta(b.cavalos[k] | b.bispos[k]) as i32;
        let dm = menores(cor) - menores(o);
        let dt = conta(b.torres[cor]) as i32 - conta(b.torres[o]) as i32;
        let dd = conta(b.damas[cor]) as i32 - conta(b.damas[o]) as i32;
        let dp = conta(b.peoes[cor]) as i32 - conta(b.peoes[o]) as i32;
        if dt == 2 && dd == -1 && dm == 0 {
            soma(
                c,
                cor,
                "DESEQ_DUAS_TORRES_DAMA",
                0,
                DESEQ_DUAS_TORRES_DAMA,
                1,
            );
        }
        if dm == 2 && dt == -1 && dd == 0 {
            soma(c, cor, "DESEQ_MENORES_TORRE", 0, DESEQ_MENORES_TORRE, 1);
        }
        if dm == 1 && dt == 0 && dd == 0 && dp <= -2 {
            soma(c, cor, "DESEQ_PECA_PEOES", 0, DESEQ_PECA_PEOES, 1);
        }
    }
}

/// Final de rei e peões: quem tem mais peões ganha um bônus "decisivo"
/// (ICE 1.40: +75 para quem tem mais, −75 para quem tem menos). RUST: o ICE
/// olhava só as peças do próprio lado; aqui vale só quando nenhum dos dois tem
/// peças, senão K+3P contra K+T+P ganharia o bônus.
fn final_peoes(b: &TBoard, c: &mut TConta) {
    c.categoria = CAT_FINAL_PEOES;
    if b.pecas[0] ^ b.peoes[0] ^ b.rei[0] != 0 || b.pecas[1] ^ b.peoes[1] ^ b.rei[1] != 0 {
        return;
    }
    let np = [conta(b.peoes[0]), conta(b.peoes[1])];
    for cor in 0..2 {
        if np[cor] > np[cor ^ 1] {
            soma(c, cor, "FINAL_PEOES_A_MAIS", 0, FINAL_PEOES_A_MAIS, 1);
        } else if np[cor] < np[cor ^ 1] {
            soma(c, cor, "FINAL_PEOES_A_MAIS", 0, FINAL_PEOES_A_MAIS, -1);
        }
    }
}

/// Estrutura de peões de uma cor: dobrados, isolados, atrasados, passados (pela
/// fileira) e ilhas. Só depende dos peões, por isso cabe na tabela hash.
/// Devolve os peões passados.
fn estrutura_peoes(b: &TBoard, cor: usize, c: &mut TConta) -> TBitboard {
    let o = cor ^ 1;
    let meus = b.peoes[cor];
    let deles = b.peoes[o];
    let ataques_deles = ataques_peoes(deles, o);
    let cols_meus = colunas_de(meus);
    let cols_deles = colunas_de(deles);
    let mut passados = 0;

    // Por coluna, como no ICE: dobrados e isolados contam uma vez por coluna.
    let mut m = cols_meus;
    while m != 0 {
        let col = m.trailing_zeros() as usize;
        m &= m - 1;
        let na_coluna = meus & mascara_coluna(col);
        if mais_de_um(na_coluna) {
            // ICE: peões dobrados na ala pesam mais que no centro.
            if (2..=5).contains(&col) {
                c.categoria = CAT_ESTRUTURA;
                soma(c, cor, "PEAO_DOBRADO_CENTRO", 0, PEAO_DOBRADO_CENTRO, 1);
            } else {
                c.categoria = CAT_ESTRUTURA;
                soma(c, cor, "PEAO_DOBRADO_ALA", 0, PEAO_DOBRADO_ALA, 1);
            }
        }
        if meus & COLUNAS_VIZINHAS[col] == 0 {
            c.categoria = CAT_ESTRUTURA;
            soma(c, cor, "PEAO_ISOLADO", 0, PEAO_ISOLADO, 1);
            // Sem peão inimigo na coluna, as torres dele atacam o isolado
            // de frente. RUST: o ICE lia as colunas a/h fora do vetor (P6).
            if deles & mascara_coluna(col) == 0 {
                soma(c, cor, "PEAO_ISOLADO_EXPOSTO", 0, PEAO_ISOLADO_EXPOSTO, 1);
            }
        }
    }

    // Por peão: atrasados e passados.
    let mut p = meus;
    while p != 0 {
        let s = pop_lsb(&mut p);
        let col = coluna(s);
        let r = fileira_relativa(cor, s);
        if MASCARA_PASSADO[cor][s] & deles == 0 {
            // Só o peão da frente de uma coluna é passado (o de trás está
            // bloqueado pelo próprio companheiro).
            if FRENTE[cor][s] & meus == 0 {
                passados |= bit(s);
                c.categoria = CAT_PASSADOS;
                soma(c, cor, "PEAO_PASSADO", r - 1, PEAO_PASSADO[r - 1], 1);
            }
        } else if meus & COLUNAS_VIZINHAS[col] != 0 && APOIO[cor][s] & meus == 0 {
            // Atrasado: tem vizinhos, mas todos já passaram à frente, e a casa
            // onde ele iria está atacada por peão inimigo.
            let frente = if cor == BRANCAS { s - 8 } else { s + 8 };
            if ataques_deles & bit(frente) != 0 {
                c.categoria = CAT_ESTRUTURA;
                soma(c, cor, "PEAO_ATRASADO", 0, PEAO_ATRASADO, 1);
                if cols_deles & (1 << col) == 0 {
                    soma(c, cor, "PEAO_ATRASADO_EXPOSTO", 0, PEAO_ATRASADO_EXPOSTO, 1);
                }
            }
        }
    }

    // Ilhas: cada grupo de colunas vizinhas com peões. Começo de ilha =
    // coluna com peão cuja vizinha da esquerda não tem.
    let ilhas = (cols_meus & !(cols_meus << 1)).count_ones() as i32;
    if ilhas > 1 {
        c.categoria = CAT_ESTRUTURA;
        soma(c, cor, "PEAO_ILHA", 0, PEAO_ILHA, ilhas - 1);
    }
    passados
}

/// Estrutura de peões das duas cores, pela tabela hash quando não há traço.
fn peoes(b: &TBoard, av: &mut TAvaliacao, c: &mut TConta) -> [TBitboard; 2] {
    if c.traco.is_some() {
        return [estrutura_peoes(b, 0, c), estrutura_peoes(b, 1, c)];
    }
    // RUST: índice por multiplicação dos dois bitboards (dois produtos, em
    // vez de 16 consultas à tabela Zobrist, já que o TBoard não mantém uma
    // chave só de peões); a entrada guarda os bitboards para conferir.
    let chave = b.peoes[0].wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ b.peoes[1]
            .wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            .rotate_left(29);
    let i = (chave >> (64 - TAM_HASH_PEOES.trailing_zeros())) as usize;
    av.consultas_peoes += 1;
    let e = av.hash_peoes[i];
    if e.peoes == b.peoes {
        av.acertos_peoes += 1;
        for cor in 0..2 {
            c.s[cor].mg += e.pontos[cor].mg;
            c.s[cor].eg += e.pontos[cor].eg;
        }
        return e.passados;
    }
    let antes = c.s;
    let passados = [estrutura_peoes(b, 0, c), estrutura_peoes(b, 1, c)];
    let mut pontos = [par(0, 0); 2];
    for cor in 0..2 {
        pontos[cor] = par(c.s[cor].mg - antes[cor].mg, c.s[cor].eg - antes[cor].eg);
    }
    av.hash_peoes[i] = TEntradaPeoes {
        peoes: b.peoes,
        pontos,
        passados,
    };
    passados
}

/// Termos dos passados que dependem dos reis e das peças (fora da tabela de
/// peões): distância dos reis à casa da frente, caminho livre e a regra do
/// quadrado quando o adversário só tem rei e peões.
fn passados_dinamicos(b: &TBoard, cor: usize, passados: TBitboard, c: &mut TConta) {
    c.categoria = CAT_PASSADOS;
    let o = cor ^ 1;
    let occ = b.ocupadas();
    let meu_rei = b.casa_rei(cor);
    let rei_dele = b.casa_rei(o);
    let dele_sem_pecas = b.pecas[o] == b.peoes[o] | b.rei[o];
    let mut p = passados;
    while p != 0 {
        let s = pop_lsb(&mut p);
        let r = fileira_relativa(cor, s);
        let f = FATOR_PASSADO[r - 1];
        let frente = if cor == BRANCAS { s - 8 } else { s + 8 };
        if f > 0 {
            let di = distancia(rei_dele, frente);
            let dp = distancia(meu_rei, frente);
            soma(
                c,
                cor,
                "PASSADO_REI_INIMIGO",
                0,
                PASSADO_REI_INIMIGO,
                di * f,
            );
            soma(
                c,
                cor,
                "PASSADO_REI_PROPRIO",
                0,
                PASSADO_REI_PROPRIO,
                dp * f,
            );
            if FRENTE[cor][s] & occ == 0 {
                soma(c, cor, "PASSADO_LIVRE", 0, PASSADO_LIVRE, f);
            }
        }
        // Regra do quadrado: o rei inimigo não alcança o peão antes da
        // promoção (o avanço duplo da 2ª fileira conta como um lance).
        if dele_sem_pecas && FRENTE[cor][s] & occ == 0 {
            let promocao = if cor == BRANCAS {
                coluna(s)
            } else {
                56 + coluna(s)
            };
            let lances_peao = (8 - r as i32).min(5);
            let lances_rei = distancia(rei_dele, promocao) - if b.vez == o { 1 } else { 0 };
            if lances_rei > lances_peao {
                soma(c, cor, "PASSADO_IMPARAVEL", 0, PASSADO_IMPARAVEL, 1);
            }
        }
    }
}

/// Torres (ICE 1.40, por coluna): semiaberta, aberta, dobradas; e (1.78) torre
/// na sétima com o rei inimigo na oitava ou peões inimigos na sétima.
fn torres(b: &TBoard, cor: usize, c: &mut TConta) {
    c.categoria = CAT_TORRES;
    let o = cor ^ 1;
    let mut cols = colunas_de(b.torres[cor]);
    while cols != 0 {
        let col = cols.trailing_zeros() as usize;
        cols &= cols - 1;
        let mc = mascara_coluna(col);
        // ICE: só conta a coluna sem peão próprio; uma vez por coluna.
        if b.peoes[cor] & mc == 0 {
            soma(c, cor, "TORRE_SEMIABERTA", 0, TORRE_SEMIABERTA, 1);
            if b.peoes[o] & mc == 0 {
                soma(c, cor, "TORRE_ABERTA", 0, TORRE_ABERTA, 1);
            }
            if mais_de_um(b.torres[cor] & mc) {
                soma(c, cor, "TORRES_DOBRADAS", 0, TORRES_DOBRADAS, 1);
            }
        }
    }
    let (setima, oitava) = if cor == BRANCAS {
        (FILEIRA_7, FILEIRA_8)
    } else {
        (FILEIRA_2, FILEIRA_1)
    };
    let n = conta(b.torres[cor] & setima) as i32;
    if n > 0 && (b.rei[o] & oitava != 0 || b.peoes[o] & setima != 0) {
        soma(c, cor, "TORRE_SETIMA", 0, TORRE_SETIMA, n);
    }
}

/// O lado já rocou? RUST: o `TBoard` não guarda isso (o `msk_roque` daqui são
/// os direitos); inferimos da posição — rei na primeira fileira em g1/h1 ou
/// a1/b1/c1, sem torre própria presa entre ele e o canto. Assim o termo só
/// depende da posição (coerente com a tabela de transposição e com FENs).
fn rocou(b: &TBoard, cor: usize) -> bool {
    let k = casa_relativa(cor, b.casa_rei(cor));
    if fileira(k) != 1 {
        return false;
    }
    let col = coluna(k);
    // Torres próprias na primeira fileira, em coordenadas das brancas.
    let mut t = b.torres[cor];
    if cor == NEGRAS {
        t = t.swap_bytes();
    }
    let t = (t >> 56) as u32; // bit i = coluna i da fileira 1
    match col {
        6 | 7 => t >> (col + 1) == 0,       // nenhuma torre à direita do rei
        0..=2 => t & ((1 << col) - 1) == 0, // nenhuma à esquerda
        _ => false,
    }
}

/// Segurança do rei (ICE 1.40 + 1.78): bônus de roque, escudo de peões e
/// colunas sem peão inimigo na frente e ao lado do rei. ICE: só conta quando o
/// adversário tem dama ou mais de uma torre — sem elas não há ataque de mate.
fn seguranca_rei(b: &TBoard, cor: usize, c: &mut TConta) {
    c.categoria = CAT_REI;
    let o = cor ^ 1;
    if b.damas[o] == 0 && !mais_de_um(b.torres[o]) {
        return;
    }
    if rocou(b, cor) {
        soma(c, cor, "BONUS_ROQUE", 0, BONUS_ROQUE, 1);
    }
    let k = b.casa_rei(cor);
    let col = coluna(k);
    let fr = fileira(k);
    let a_frente = FRENTE_FILEIRAS[cor][fr];
    let primeira = col.saturating_sub(1);
    let ultima = (col + 1).min(7);
    for cl in primeira..=ultima {
        let mc = mascara_coluna(cl);
        let escudo = b.peoes[cor] & mc & a_frente;
        let idx = if escudo == 0 {
            3
        } else {
            // O mais próximo do rei: o de índice maior para as brancas.
            let p = if cor == BRANCAS {
                63 - escudo.leading_zeros() as usize
            } else {
                lsb(escudo)
            };
            ((fileira(p) as i32 - fr as i32).unsigned_abs() as usize - 1).min(3)
        };
        // A coluna do próprio rei conta em dobro.
        let n = if cl == col { 2 } else { 1 };
        soma(c, cor, "REI_ESCUDO", idx, REI_ESCUDO[idx], n);
        if b.peoes[o] & mc == 0 {
            if cl == col {
                soma(c, cor, "REI_COLUNA_SEMIABERTA", 0, REI_COLUNA_SEMIABERTA, 1);
            } else {
                let nome = "REI_COLUNA_VIZINHA_SEMIABERTA";
                soma(c, cor, nome, 0, REI_COLUNA_VIZINHA_SEMIABERTA, 1);
            }
        }
    }
}

/// Ala do rei: 0 = dama (a..c), 1 = rei (f..h), 2 = centro.
#[inline(always)]
fn ala(casa: usize) -> usize {
    match coluna(casa) {
        0..=2 => 0,
        5..=7 => 1,
        _ => 2,
    }
}

/// Roques em alas opostas (1.78): cada peão avançando nas colunas do rei
/// inimigo ganha bônus, porque abrir essas colunas não expõe o próprio rei.
fn tempestade(b: &TBoard, cor: usize, c: &mut TConta) {
    c.categoria = CAT_TEMPESTADE;
    let (minha, dele) = (ala(b.casa_rei(cor)), ala(b.casa_rei(cor ^ 1)));
    if minha == 2 || dele == 2 || minha == dele {
        return;
    }
    let col = coluna(b.casa_rei(cor ^ 1));
    let mut p = b.peoes[cor] & (mascara_coluna(col) | COLUNAS_VIZINHAS[col]);
    while p != 0 {
        let r = fileira_relativa(cor, pop_lsb(&mut p)) - 1;
        soma(c, cor, "PEAO_TEMPESTADE", r, PEAO_TEMPESTADE[r], 1);
    }
}

/// Peças bloqueando os peões centrais (1.78): peça própria em d3/e3 com o
/// peão ainda em d2/e2 tranca o desenvolvimento. Depende só da posição.
fn bloqueio_central(b: &TBoard, cor: usize, c: &mut TConta) {
    c.categoria = CAT_ABERTURA;
    let (d2, e2) = (casa_relativa(cor, 51), casa_relativa(cor, 52));
    let pecas = b.pecas[cor] & !b.peoes[cor];
    for s in [d2, e2] {
        let frente = if cor == BRANCAS { s - 8 } else { s + 8 };
        if b.peoes[cor] & bit(s) != 0 && pecas & bit(frente) != 0 {
            let nome = "PECA_BLOQUEIA_PEAO_CENTRAL";
            soma(c, cor, nome, 0, PECA_BLOQUEIA_PEAO_CENTRAL, 1);
        }
    }
}

/// Análise de abertura do ICE: percorre os lances jogados (partida e busca)
/// enquanto o número do lance for menor que LANCE_FIM_ABERTURA.
///
/// RUST (diferenças deliberadas): a cor de cada lance sai da vez atual e da
/// distância ao fim da lista, não da paridade do índice (a peculiaridade P5
/// trocava as cores depois de `setboard` com pretas a jogar); a "peça mexida
/// duas vezes" é exata (a origem é o destino de um lance anterior da mesma
/// cor, peões e rei fora), não "origem fora das duas primeiras fileiras";
/// "dama cedo" é qualquer lance de dama; a marca de roque é por cor; o bônus
/// de d2/e2 e a penalidade de f2 só valem para lances de peão. A soma de cada
/// lado é limitada a ±ABERTURA_LIMITE.
fn analise_abertura(b: &TBoard, c: &mut TConta) {
    c.categoria = CAT_ABERTURA;
    if b.num_lance >= LANCE_FIM_ABERTURA {
        return;
    }
    // Contagens por cor: roque, peão central, peça 2×, dama, rei, peão f.
    let mut n = [[0i32; 6]; 2];
    let mut destinos = [0u64; 2];
    let mut rocou_ja = [false; 2];
    let total = b.num_historico;
    for i in 0..total {
        let l = b.historico[i].lance;
        // O último lance foi do lado que não tem a vez; antes dele, alterna.
        let cor = if (total - 1 - i) & 1 == 0 {
            b.vez ^ 1
        } else {
            b.vez
        };
        if !l.existe() {
            continue; // lance nulo da busca
        }
        let origem = casa_relativa(cor, l.casa_origem as usize);
        if l.especial & (MSK_ROQUE_PEQUENO | MSK_ROQUE_GRANDE) != 0 {
            n[cor][0] += 1;
            rocou_ja[cor] = true;
            continue;
        }
        match l.peca {
            PEAO => {
                // e2 = 52, d2 = 51, f2 = 53 (do ponto de vista de cada cor).
                if origem == 51 || origem == 52 {
                    n[cor][1] += 1;
                } else if origem == 53 {
                    n[cor][5] += 1;
                }
            }
            REI => {
                if !rocou_ja[cor] {
                    n[cor][4] += 1;
                }
            }
            _ => {
                if destinos[cor] & bit(l.casa_origem as usize) != 0 {
                    n[cor][2] += 1;
                }
                if l.peca == DAMA {
                    n[cor][3] += 1;
                }
            }
        }
        destinos[cor] |= bit(l.casa_destino as usize);
    }
    let pesos = [
        ("ABERTURA_ROQUE", ABERTURA_ROQUE),
        ("ABERTURA_PEAO_CENTRAL", ABERTURA_PEAO_CENTRAL),
        ("ABERTURA_PECA_DUAS_VEZES", ABERTURA_PECA_DUAS_VEZES),
        ("ABERTURA_DAMA_CEDO", ABERTURA_DAMA_CEDO),
        ("ABERTURA_REI_ANDOU", ABERTURA_REI_ANDOU),
        ("ABERTURA_PEAO_F", ABERTURA_PEAO_F),
    ];
    for cor in 0..2 {
        let antes = c.s[cor];
        for (j, (nome, peso)) in pesos.iter().enumerate() {
            if n[cor][j] != 0 {
                soma(c, cor, nome, 0, *peso, n[cor][j]);
            }
        }
        // Teto: o excesso volta como correção fixa (fora do afinador).
        let d = par(c.s[cor].mg - antes.mg, c.s[cor].eg - antes.eg);
        let lim = par(
            d.mg.clamp(-ABERTURA_LIMITE, ABERTURA_LIMITE),
            d.eg.clamp(-ABERTURA_LIMITE, ABERTURA_LIMITE),
        );
        if lim != d {
            soma(c, cor, "", 0, par(lim.mg - d.mg, lim.eg - d.eg), 1);
        }
    }
}

/// Mobilidade, tropismo e ataque ao rei (artigo 4.8.3, só fora do modo
/// clássico): casas alcançáveis que não têm peça própria nem estão atacadas
/// por peão inimigo, proximidade de cada peça ao rei inimigo e as casas em
/// volta dele que cada peça ataca.
///
/// O ataque ao rei cresce com o quadrado das unidades: uma peça sozinha
/// raramente dá mate, duas ou três juntas sim. Só conta com dama (sem ela os
/// ataques quase nunca chegam ao mate) e com pelo menos duas peças atacando.
///
/// `peoes_dele` são as casas atacadas pelos peões inimigos (calculadas uma vez
/// em `avalia`, que as passa também a `ameacas`). Devolve as casas atacadas
/// pelas peças de `cor`, por tipo (C, B, T, D), para as ameaças e os xeques
/// seguros.
fn mobilidade_tropismo(
    b: &TBoard,
    cor: usize,
    peoes_dele: TBitboard,
    c: &mut TConta,
) -> [TBitboard; 4] {
    let o = cor ^ 1;
    let occ = b.ocupadas();
    let area = !b.pecas[cor] & !peoes_dele;
    let rei_dele = b.casa_rei(o);
    let zona = ATAQUES_REI[rei_dele] | bit(rei_dele);
    let (mut atacantes, mut unidades) = (0, 0);
    let mut por_tipo = [0; 4];
    for (i, &(nome_mob, mob, base, nome_trop, trop)) in TERMOS_PECA.iter().enumerate() {
        let peca = CAVALO + i as u8;
        let mut p = b.bb(peca)[cor];
        while p != 0 {
            let s = pop_lsb(&mut p);
            let ataques = match peca {
                CAVALO => ATAQUES_CAVALO[s],
                BISPO => ataques_bispo(s, occ),
                TORRE => ataques_torre(s, occ),
                _ => ataques_dama(s, occ),
            };
            por_tipo[i] |= ataques;
            c.categoria = CAT_MOBILIDADE;
            let m = conta(ataques & area) as i32 - base;
            soma(c, cor, nome_mob, 0, mob, m);
            c.categoria = CAT_TROPISMO;
            soma(c, cor, nome_trop, 0, trop, 7 - distancia(s, rei_dele));
            let na_zona = conta(ataques & zona) as i32;
            if na_zona > 0 {
                atacantes += 1;
                unidades += na_zona * UNIDADES_ATAQUE[peca as usize];
            }
        }
    }
    if atacantes >= 2 && b.damas[cor] != 0 {
        c.categoria = CAT_ATAQUE_REI;
        let n = (unidades * unidades / 16).min(ATAQUE_REI_TETO);
        soma(c, cor, "ATAQUE_REI", 0, ATAQUE_REI, n);
    }
    por_tipo
}

/// Ameaças (só ICE-rs): peças de `cor` atacadas por peões inimigos, e torres
/// e damas atacadas por cavalos ou bispos inimigos. A quiescência só vê a
/// captura quando é a vez de quem ataca; do outro lado, a avaliação parada
/// contava a peça como se estivesse segura. (Quem está a jogar pode fugir,
/// por isso o peso é bem menor que a peça.)
///
/// E peças penduradas: atacadas por qualquer coisa do inimigo (`ataques_dele`)
/// e sem nenhum defensor (`defesas`). Uma só costuma fugir; duas, ou uma
/// junto com outra ameaça, custam material. Por fim, cavalos e bispos
/// atacados por menores inimigos sem peão que os defenda, e a dama atacada
/// por torre.
///
/// `de_peao` e `todos` são, por cor, as casas atacadas pelos peões e por
/// tudo (peões, peças e rei); `tipos_dele`, as do inimigo por tipo de peça.
fn ameacas(
    b: &TBoard,
    cor: usize,
    de_peao: &[TBitboard; 2],
    todos: &[TBitboard; 2],
    tipos_dele: &[TBitboard; 4],
    c: &mut TConta,
) {
    c.categoria = CAT_AMEACAS;
    let (peoes_dele, peoes_meus) = (de_peao[cor ^ 1], de_peao[cor]);
    let (ataques_dele, defesas) = (todos[cor ^ 1], todos[cor]);
    let pecas = b.cavalos[cor] | b.bispos[cor] | b.torres[cor] | b.damas[cor];
    let por_peao = conta(pecas & peoes_dele) as i32;
    soma(
        c,
        cor,
        "PECA_ATACADA_POR_PEAO",
        0,
        PECA_ATACADA_POR_PEAO,
        por_peao,
    );
    let menores_dele = tipos_dele[0] | tipos_dele[1];
    let maiores = b.torres[cor] | b.damas[cor];
    let por_menor = conta(maiores & menores_dele) as i32;
    soma(
        c,
        cor,
        "MAIOR_ATACADA_POR_MENOR",
        0,
        MAIOR_ATACADA_POR_MENOR,
        por_menor,
    );
    let penduradas = conta(pecas & ataques_dele & !defesas) as i32;
    soma(c, cor, "PECA_PENDURADA", 0, PECA_PENDURADA, penduradas);
    let menores = (b.cavalos[cor] | b.bispos[cor]) & !peoes_meus;
    let n = conta(menores & menores_dele) as i32;
    soma(
        c,
        cor,
        "MENOR_ATACADA_POR_MENOR",
        0,
        MENOR_ATACADA_POR_MENOR,
        n,
    );
    let n = conta(b.damas[cor] & tipos_dele[2]) as i32;
    soma(
        c,
        cor,
        "DAMA_ATACADA_POR_TORRE",
        0,
        DAMA_ATACADA_POR_TORRE,
        n,
    );
}

/// Xeques seguros de `cor` contra o rei inimigo (só ICE-rs): casas de onde
/// cada tipo de peça daria xeque, que alguma peça desse tipo já alcança
/// (`tipos`), sem peça própria e fora do alcance de todo o lado inimigo
/// (`defesas_dele`, rei incluído). Os raios saem do próprio rei inimigo:
/// quem o atacaria de uma casa é quem ele "vê" dali.
fn cheques_seguros(
    b: &TBoard,
    cor: usize,
    tipos: &[TBitboard; 4],
    defesas_dele: TBitboard,
    c: &mut TConta,
) {
    c.categoria = CAT_ATAQUE_REI;
    let k = b.casa_rei(cor ^ 1);
    let occ = b.ocupadas();
    let seguras = !b.pecas[cor] & !defesas_dele;
    let diagonais = ataques_bispo(k, occ);
    let linhas = ataques_torre(k, occ);
    let raios = [ATAQUES_CAVALO[k], diagonais, linhas, diagonais | linhas];
    for i in 0..4 {
        let n = conta(raios[i] & tipos[i] & seguras) as i32;
        soma(c, cor, "CHEQUE_SEGURO", i, CHEQUE_SEGURO[i], n);
    }
}

/// Termos de peças menores (só ICE-rs): o bispo preso atrás dos próprios
/// peões e a peça menor abrigada atrás de um peão.
fn pecas_menores(b: &TBoard, cor: usize, c: &mut TConta) {
    c.categoria = CAT_MENORES;
    let mut p = b.bispos[cor];
    while p != 0 {
        let s = pop_lsb(&mut p);
        let mesma_cor = if CASAS_CLARAS & bit(s) != 0 {
            CASAS_CLARAS
        } else {
            !CASAS_CLARAS
        };
        let n = conta(b.peoes[cor] & mesma_cor) as i32;
        soma(c, cor, "BISPO_PEOES_COR", 0, BISPO_PEOES_COR, n);
    }
    // A casa "atrás" do peão, para `cor`, é a de uma fileira mais perto da
    // sua primeira: desloca os peões para trás e cruza com os menores.
    let peoes = b.peoes[BRANCAS] | b.peoes[NEGRAS];
    let atras = if cor == BRANCAS {
        peoes << 8
    } else {
        peoes >> 8
    };
    let n = conta((b.cavalos[cor] | b.bispos[cor]) & atras) as i32;
    soma(c, cor, "MENOR_ATRAS_PEAO", 0, MENOR_ATRAS_PEAO, n);
}

/// Rei no final (só ICE-rs): distância do rei de `cor` ao peão próprio e ao
/// peão inimigo mais próximos. Pesa só no final (o meio-jogo afinado fica
/// perto de zero): lá o rei é peça de ataque e de defesa dos peões.
fn rei_e_peoes(b: &TBoard, cor: usize, c: &mut TConta) {
    c.categoria = CAT_REI_PEOES;
    let k = b.casa_rei(cor);
    for (lado, nome, peso) in [
        (
            cor,
            "REI_DISTANCIA_PEAO_PROPRIO",
            REI_DISTANCIA_PEAO_PROPRIO,
        ),
        (
            cor ^ 1,
            "REI_DISTANCIA_PEAO_INIMIGO",
            REI_DISTANCIA_PEAO_INIMIGO,
        ),
    ] {
        let mut p = b.peoes[lado];
        let mut menor = 0;
        while p != 0 {
            let d = distancia(k, pop_lsb(&mut p));
            if menor == 0 || d < menor {
                menor = d;
            }
        }
        soma(c, cor, nome, 0, peso, menor);
    }
}

/// Postos avançados de `cor` (só ICE-rs): cavalos e bispos nas fileiras 4
/// a 6, em casas que os peões de `cor` defendem (`peoes_meus`) e que nenhum
/// peão inimigo alcança: sem peão dele nas colunas vizinhas, à frente da
/// casa (a máscara do peão passado sem a própria coluna). O bispo no posto
/// não pode ser expulso, mas ainda ataca de longe: vale menos.
fn postos_avancados(b: &TBoard, cor: usize, peoes_meus: TBitboard, c: &mut TConta) {
    c.categoria = CAT_POSTOS;
    let mut p = (b.cavalos[cor] | b.bispos[cor]) & peoes_meus;
    while p != 0 {
        let s = pop_lsb(&mut p);
        let f = fileira_relativa(cor, s);
        if !(4..=6).contains(&f) {
            continue;
        }
        if b.peoes[cor ^ 1] & MASCARA_PASSADO[cor][s] & COLUNAS_VIZINHAS[coluna(s)] != 0 {
            continue;
        }
        if b.cavalos[cor] & bit(s) != 0 {
            soma(c, cor, "POSTO_CAVALO", 0, POSTO_CAVALO, 1);
        } else {
            soma(c, cor, "POSTO_BISPO", 0, POSTO_BISPO, 1);
        }
    }
}

/// Escala (em 16 avos) da vantagem de `forte` quando lhe falta material de
/// mate. O ICE não verificava isso (artigo, 4.6: "ainda não verifica").
fn escala_empate(b: &TBoard, forte: usize) -> i32 {
    let fraco = forte ^ 1;
    let pecas_forte = material_pecas(b, forte);
    if b.peoes[forte] == 0 {
        // Só rei, ou rei e uma peça menor: não dá mate (KK, KCK, KBK…).
        if pecas_forte <= VALOR_PECA[BISPO as usize] {
            return 0;
        }
        // Dois cavalos não forçam mate; contra peões, às vezes sim.
        if b.pecas[forte] == b.cavalos[forte] | b.rei[forte] && conta(b.cavalos[forte]) == 2 {
            return if b.peoes[fraco] == 0 {
                0
            } else {
                ESCALA_CAVALOS_CONTRA_PEOES
            };
        }
        // Sem peões e só uma peça menor a mais (T×B, T+C×T): quase empate.
        if pecas_forte - material_pecas(b, fraco) <= VALOR_PECA[BISPO as usize] {
            return ESCALA_POUCA_VANTAGEM;
        }
    }
    // Bispos de cores opostas, sem outras peças: a defesa bloqueia as casas
    // da outra cor e um ou dois peões a mais costumam empatar.
    let so_bispo = |k: usize| b.pecas[k] == b.bispos[k] | b.peoes[k] | b.rei[k];
    if so_bispo(0)
        && so_bispo(1)
        && conta(b.bispos[0]) == 1
        && conta(b.bispos[1]) == 1
        && (b.bispos[0] & CASAS_CLARAS == 0) != (b.bispos[1] & CASAS_CLARAS == 0)
    {
        return ESCALA_BISPOS_OPOSTOS;
    }
    ESCALA_NORMAL
}

/// Mistura meio-jogo e final pela fase, aplica a escala de quem está à frente
/// e passa para o ponto de vista do lado a jogar. A divisão trunca para zero,
/// o que preserva a simetria entre as cores.
#[inline(always)]
fn pontuacao(b: &TBoard, c: &TConta, f: i32, escala: [i32; 2]) -> i32 {
    let mg = c.s[BRANCAS].mg - c.s[NEGRAS].mg;
    let eg = c.s[BRANCAS].eg - c.s[NEGRAS].eg;
    let v = (mg * f + eg * (FASE_TOTAL - f)) / FASE_TOTAL;
    let v = v * escala[if v > 0 { BRANCAS } else { NEGRAS }] / ESCALA_NORMAL;
    if b.vez == BRANCAS {
        v
    } else {
        -v
    }
}

/// A avaliação completa, com traço opcional.
fn avalia(
    b: &TBoard,
    av: &mut TAvaliacao,
    alfa: i32,
    beta: i32,
    traco: Option<&mut TTraco>,
) -> i32 {
    let f = fase(b);
    let mut c = TConta {
        s: [par(0, 0); 2],
        categoria: CAT_MATERIAL,
        traco,
    };
    let mut escala = [ESCALA_NORMAL; 2];

    // Passo 1. Material + peça-casa (com o rei afunilado pela fase).
    material_pst(b, &mut c, av.classico);
    if !av.so_material_pst {
        // Passo 2. Material para mate (não clássico: o ICE não tinha).
        if !av.classico {
            if b.material_insuficiente() {
                escala = [0, 0];
            } else {
                escala = [escala_empate(b, BRANCAS), escala_empate(b, NEGRAS)];
            }
        }
        // Passo 3. Termos de material: par de bispos, desequilíbrio e o
        // final de rei e peões.
        par_bispos(b, &mut c);
        desequilibrio(b, &mut c);
        final_peoes(b, &mut c);
        // Passo 4. Estrutura de peões (tabela hash).
        let passados = peoes(b, av, &mut c);

        // Passo 5. Avaliação preguiçosa: o que falta (torres, rei, abertura,
        // mobilidade) raramente passa de MARGEM_PREGUICOSA; se já estamos tão
        // fora da janela, o valor exato não muda a decisão da busca.
        // Não vale quando um lado só tem rei e peões: lá o passado imparável
        // (PASSADO_IMPARAVEL) sozinho passa da margem.
        let so_peoes = |k: usize| b.pecas[k] == b.peoes[k] | b.rei[k];
        if !av.classico && c.traco.is_none() && !so_peoes(BRANCAS) && !so_peoes(NEGRAS) {
            let v = pontuacao(b, &c, f, escala);
            if v - MARGEM_PREGUICOSA >= beta || v + MARGEM_PREGUICOSA <= alfa {
                return v;
            }
        }

        // Passo 6. Termos por cor que olham peças e reis.
        // Casas atacadas pelos peões de cada lado: a mobilidade e as ameaças
        // usam as mesmas (as do inimigo), calculadas uma vez só.
        let ataques_de_peao = [
            ataques_peoes(b.peoes[BRANCAS], BRANCAS),
            ataques_peoes(b.peoes[NEGRAS], NEGRAS),
        ];
        let mut tipos = [[0; 4]; 2];
        // Todas as casas atacadas por cada lado (peões, peças e rei), para
        // as peças penduradas e os xeques seguros.
        let mut ataques_todos = [0; 2];
        for cor in 0..2 {
            torres(b, cor, &mut c);
            seguranca_rei(b, cor, &mut c);
            tempestade(b, cor, &mut c);
            bloqueio_central(b, cor, &mut c);
            if !av.classico {
                passados_dinamicos(b, cor, passados[cor], &mut c);
                let t = mobilidade_tropismo(b, cor, ataques_de_peao[cor ^ 1], &mut c);
                tipos[cor] = t;
                ataques_todos[cor] =
                    t[0] | t[1] | t[2] | t[3] | ataques_de_peao[cor] | ATAQUES_REI[b.casa_rei(cor)];
            }
        }
        if !av.classico {
            for cor in 0..2 {
                ameacas(
                    b,
                    cor,
                    &ataques_de_peao,
                    &ataques_todos,
                    &tipos[cor ^ 1],
                    &mut c,
                );
                postos_avancados(b, cor, ataques_de_peao[cor], &mut c);
                cheques_seguros(b, cor, &tipos[cor], ataques_todos[cor ^ 1], &mut c);
                pecas_menores(b, cor, &mut c);
                rei_e_peoes(b, cor, &mut c);
            }
            c.categoria = CAT_TEMPO;
            soma(&mut c, b.vez, "TEMPO", 0, TEMPO, 1);
        }
        // Passo 7. Análise de abertura (lances jogados).
        analise_abertura(b, &mut c);
    }

    let v = pontuacao(b, &c, f, escala);
    if let Some(t) = c.traco {
        t.soma = c.s;
        t.fase = f;
        t.escala = escala;
        t.total_brancas = if b.vez == BRANCAS { v } else { -v };
    }
    v
}

/// Avaliação estática do ponto de vista do lado a jogar, em centipeões.
/// `alfa`/`beta` permitem a avaliação preguiçosa (fora do modo clássico).
/// Porta de `Eval()` do ICE. Não aloca.
pub fn eval(b: &TBoard, av: &mut TAvaliacao, alfa: i32, beta: i32) -> i32 {
    avalia(b, av, alfa, beta, None)
}

/// Avaliação com o traço completo (janela infinita, sem tabela de peões):
/// para `tabela_eval` e para o afinador. Aloca (o vetor de itens).
pub fn traco_eval(b: &TBoard, av: &mut TAvaliacao) -> TTraco {
    let mut t = TTraco::default();
    avalia(b, av, -INFINITO, INFINITO, Some(&mut t));
    t
}

/// Tabela de todos os termos para brancas, pretas e o total, no espírito do
/// `eval` do Stockfish (comando `ice eval <FEN>` e `eval` do xboard).
pub fn tabela_eval(b: &TBoard) -> String {
    let mut av = nova_avaliacao();
    let t = traco_eval(b, &mut av);
    let mut s = String::new();
    let cp = |v: i32| format!("{:7.2}", v as f64 / 100.0);
    s.push_str("        Termo     |     Brancas     |      Pretas     |      Total\n");
    s.push_str("                  |   MG      EG    |   MG      EG    |   MG      EG\n");
    s.push_str("------------------+-----------------+-----------------+----------------\n");
    for (i, nome) in NOMES_CATEGORIAS.iter().enumerate() {
        let [w, p] = t.categorias[i];
        s.push_str(&format!(
            "{:>17} | {} {} | {} {} | {} {}\n",
            nome,
            cp(w.mg),
            cp(w.eg),
            cp(p.mg),
            cp(p.eg),
            cp(w.mg - p.mg),
            cp(w.eg - p.eg)
        ));
    }
    s.push_str("------------------+-----------------+-----------------+----------------\n");
    let [w, p] = t.soma;
    s.push_str(&format!(
        "{:>17} | {} {} | {} {} | {} {}\n",
        "Soma",
        cp(w.mg),
        cp(w.eg),
        cp(p.mg),
        cp(p.eg),
        cp(w.mg - p.mg),
        cp(w.eg - p.eg)
    ));
    s.push_str(&format!(
        "\nFase: {}/{} (24 = abertura)   Escala de empate: brancas {}/16, pretas {}/16\n",
        t.fase, FASE_TOTAL, t.escala[0], t.escala[1]
    ));
    s.push_str(&format!(
        "Avaliacao final: {:+.2} (brancas)\n",
        t.total_brancas as f64 / 100.0
    ));
    s
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn tabelas_simetricas_entre_alas() {
        // Todas as tabelas, menos a de peão (fileira 4), são simétricas entre
        // as alas: a coluna a vale o mesmo que a h.
        for t in [
            PST_CAVALO,
            PST_BISPO,
            PST_TORRE,
            PST_REI_ABERTURA,
            PST_REI_FINAL,
        ] {
            for casa in 0..64 {
                assert_eq!(t[casa], t[casa ^ 7], "casa {casa}");
            }
        }
        assert_eq!(PST_PEAO[..8], [0; 8]);
        assert_eq!(PST_PEAO[56..], [0; 8]);
        assert_eq!(PST_CAVALO[27], 24); // d5 do artigo, Tabela 1
    }

    #[test]
    fn mascaras() {
        // e2 (52): frente das brancas é e3..e8; passado inclui d e f.
        assert_eq!(conta(FRENTE[BRANCAS][52]), 6);
        assert_eq!(conta(MASCARA_PASSADO[BRANCAS][52]), 18);
        assert_eq!(conta(MASCARA_PASSADO[NEGRAS][8]), 12); // a7: colunas a e b
        assert_eq!(FRENTE[NEGRAS][12] & bit(20), bit(20)); // e7 → e6
        assert_eq!(colunas_de(bit(0) | bit(63)), 0b1000_0001);
        assert_eq!(distancia(0, 63), 7);
        assert_eq!(ataques_peoes(bit(52), BRANCAS), bit(43) | bit(45));
        assert_eq!(ataques_peoes(bit(12), NEGRAS), bit(19) | bit(21));
    }
}
