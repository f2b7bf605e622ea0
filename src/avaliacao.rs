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
//! dama atacada por torre, peças que o avanço de um peão atacaria) → postos
//! avançados de cavalos e bispos → xeques seguros → bispo preso nos próprios
//! peões e menor atrás de peão → distância do rei aos peões → espaço → a vez
//! de jogar (tempo).
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
// saíram de `ice texel` (scripts/texel.sh) sobre 3 324 837 posições quietas de
// 42 000 partidas do `ice datagen` (5000 nós por lance; um terço jogado por
// `b8b7b7d`, um por `299af64` e um por `2f7c16d`), alvo = ½ resultado + ½ σ(escore da
// busca), parada antecipada pelo erro em 1/5 das posições
// deixadas de fora; por isso diferem dos números do ICE citados nos
// comentários. O modo clássico usa estes termos também, mas material e
// tabelas peça-casa do ICE.
// ============================================================================

// --- Termos do ICE 1.40 ------------------------------------------------------
const BONUS_PAR_BISPOS: TPar = par(27, 62); // ICE 1.40: +20; no final o par vale mais
const FINAL_PEOES_A_MAIS: TPar = par(0, 49); // ICE 1.40: ±75 no final de rei e peões
const TORRE_SEMIABERTA: TPar = par(13, 12); // ICE 1.40: +20 por coluna sem peão próprio
const TORRE_ABERTA: TPar = par(28, -20); // ICE 1.40: +10 a mais sem peão inimigo (aberta = 30)
const TORRES_DOBRADAS: TPar = par(56, -4); // ICE 1.40: +5, bateria na coluna semiaberta
const REI_COLUNA_SEMIABERTA: TPar = par(-14, 4); // ICE 1.40: −20, coluna do rei sem peão inimigo
const BONUS_ROQUE: TPar = par(81, -36); // ICE 1.40: +50 se rocou e o inimigo tem peças pesadas
const PEAO_DOBRADO_CENTRO: TPar = par(-16, -25); // ICE 1.40: −10 por coluna c..f
const PEAO_DOBRADO_ALA: TPar = par(-27, -30); // ICE 1.40: −15 por coluna a, b, g, h
const PEAO_ISOLADO: TPar = par(-1, -24); // ICE 1.40: −15 por coluna
const PEAO_ISOLADO_EXPOSTO: TPar = par(-10, -25); // ICE 1.40: −30 a mais sem peão inimigo na coluna

// --- Análise de abertura do ICE (só enquanto o lance < LANCE_FIM_ABERTURA) ---
const ABERTURA_ROQUE: TPar = par(19, 3); // ICE 1.40: +15 por rocar cedo
const ABERTURA_PEAO_CENTRAL: TPar = par(19, 4); // ICE 1.40: +15 por lance de d2/e2
const ABERTURA_PECA_DUAS_VEZES: TPar = par(-19, -4); // ICE 1.40: −15 (aproximação)
const ABERTURA_DAMA_CEDO: TPar = par(-19, -4); // ICE 1.40: −15 por lance saindo de d1
const ABERTURA_REI_ANDOU: TPar = par(-15, -2); // ICE 1.40: −15 por lance de rei sem roque
const ABERTURA_PEAO_F: TPar = par(-19, -4); // ICE 1.40: −15 por lance de f2
const PECA_BLOQUEIA_PEAO_CENTRAL: TPar = par(-23, 33); // 1.78: peça em d3/e3 na frente do peão
/// Até que lance completo a análise de abertura vale.
pub const LANCE_FIM_ABERTURA: u32 = 11; // ICE 1.40: número do lance < 11
/// Teto (em módulo) da soma dos princípios de abertura de um lado. Com 40,
/// a diferença entre os lados nunca passa de 80 < valor de um peão: o motor
/// não entrega material para seguir princípios (artigo, 4.6).
const ABERTURA_LIMITE: i32 = 40; // centipeões por lado

// --- Termos que o artigo (ICE 1.78) descreve sem números --------------------
const PEAO_ATRASADO: TPar = par(0, -5); // 1.78: peão atrasado
const PEAO_ATRASADO_EXPOSTO: TPar = par(-11, -19); // 1.78: atrasado em coluna sem peão inimigo
const PEAO_ILHA: TPar = par(-18, 36); // por ilha de peões além da primeira
const TORRE_SETIMA: TPar = par(-38, 41); // 1.78: com o rei inimigo na 8ª ou peões na 7ª
const REI_COLUNA_VIZINHA_SEMIABERTA: TPar = par(-6, 13); // 1.78: colunas ao lado do rei
const DESEQ_DUAS_TORRES_DAMA: TPar = par(115, -158); // 1.78: 2T×D (o material já dá +100 às torres)
const DESEQ_MENORES_TORRE: TPar = par(39, 21); // 1.78: 2 peças menores × torre (e peão)
const DESEQ_PECA_PEOES: TPar = par(-24, 106); // peça menor contra peões, no meio-jogo

/// Peão passado por fileira relativa (índice 0 = fileira 1 … 7 = fileira 8).
/// 1.78: cresce com a proximidade da promoção (o ICE 1.40 dava +15/+20 fixos).
#[rustfmt::skip]
const PEAO_PASSADO: [TPar; 8] = [
    par(0, 0), par(-1, 9), par(-8, 15), par(39, -6),
    par(84, -1), par(172, 1), par(251, 21), par(0, 0),
];

/// Escudo do rei: peão próprio mais próximo à frente do rei, em cada uma das
/// três colunas (a do rei conta em dobro). Índice = distância em fileiras − 1;
/// o último é "sem peão" (ou longe demais). O ICE 1.40 dava +5 por coluna com
/// peão próprio; o 1.78 passou a olhar tamanho e forma do escudo.
const REI_ESCUDO: [TPar; 4] = [par(-18, 2), par(-23, 6), par(-24, -2), par(-36, 8)];

/// Roques em alas opostas: bônus por peão avançando nas colunas do rei inimigo
/// (índice = fileira relativa − 1). 1.78: incentiva a tempestade de peões.
#[rustfmt::skip]
const PEAO_TEMPESTADE: [TPar; 8] = [
    par(0, 0), par(-28, -2), par(-23, -3), par(-11, -4),
    par(-13, -3), par(-11, 25), par(-156, 29), par(0, 0),
];

// --- Além do ICE (artigo, 4.8.3): só com `classico = false` ------------------
/// Mobilidade (só ICE-rs): um peso por número de casas acessíveis (fora das
/// peças próprias e dos ataques de peões inimigos), por peça. A tabela em vez
/// de um peso linear: a peça quase sem casas vale bem menos que a "normal",
/// mas cada casa a mais, depois de muitas, pouco acrescenta — a curva não é
/// uma reta, e o afinador acha a forma dela.
#[rustfmt::skip]
const MOB_CAVALO: [TPar; 9] = [
    par(-28, -51), par(-14, -31), par(-9, -6), par(-4, 6),
    par(2, 13), par(7, 21), par(12, 20), par(22, 18),
    par(35, 4),
];
#[rustfmt::skip]
const MOB_BISPO: [TPar; 14] = [
    par(-39, -58), par(-29, -29), par(-20, -16), par(-14, -7),
    par(-10, 7), par(-6, 13), par(-4, 16), par(0, 19),
    par(4, 23), par(5, 21), par(19, 17), par(31, 13),
    par(77, -14), par(80, 5),
];
#[rustfmt::skip]
const MOB_TORRE: [TPar; 15] = [
    par(-73, -8), par(-61, -8), par(-57, 3), par(-51, 9),
    par(-48, 20), par(-46, 27), par(-42, 29), par(-38, 32),
    par(-34, 34), par(-32, 38), par(-24, 35), par(-21, 36),
    par(-8, 30), par(-3, 28), par(197, -52),
];
#[rustfmt::skip]
const MOB_DAMA: [TPar; 28] = [
    par(-40, -27), par(-37, -67), par(-35, -52), par(-33, -42),
    par(-33, -1), par(-29, 4), par(-26, 17), par(-24, 29),
    par(-21, 37), par(-21, 52), par(-20, 60), par(-18, 61),
    par(-16, 71), par(-18, 72), par(-14, 76), par(-10, 74),
    par(-9, 77), par(-12, 84), par(-1, 67), par(8, 53),
    par(44, 31), par(101, -32), par(113, -35), par(136, -93),
    par(46, -46), par(12, -146), par(61, -31), par(-53, -173),
];
const TROPISMO_CAVALO: TPar = par(4, -3); // por casa de proximidade ao rei inimigo (7 − distância)
const TROPISMO_BISPO: TPar = par(4, 1); // idem, bispo
const TROPISMO_TORRE: TPar = par(7, -3); // idem, torre
const TROPISMO_DAMA: TPar = par(17, 11); // idem, dama (também no final: ajuda o mate)
/// Ataque ao rei: por unidade de ataque², ÷ 16 (ver `mobilidade_tropismo`). O
/// escudo do ICE só olha os peões; um rei com escudo perfeito e três peças
/// inimigas batendo nas casas em volta estava "seguro" e o motor perdia assim.
const ATAQUE_REI: TPar = par(3, 2);
/// Unidades de ataque por casa da zona do rei atacada, por peça (C, B, T, D).
const UNIDADES_ATAQUE: [i32; 7] = [0, 0, 2, 2, 3, 5, 0];
/// Teto de unidades²÷16: um ataque esmagador não vale mais que uma peça.
const ATAQUE_REI_TETO: i32 = 40;
/// Ameaças: peça (C, B, T, D) atacada por peão inimigo; torre ou dama atacada
/// por peça menor inimiga. Por peça, do lado atacado.
const PECA_ATACADA_POR_PEAO: TPar = par(-56, -18);
const MAIOR_ATACADA_POR_MENOR: TPar = par(-41, -8);
/// Peça (cavalo a dama) atacada e sem nenhum defensor (só ICE-rs).
const PECA_PENDURADA: TPar = par(-12, -15);
/// Posto avançado (só ICE-rs): cavalo ou bispo na 4ª, 5ª ou 6ª fileira,
/// defendido por peão próprio, numa casa que nenhum peão inimigo pode mais
/// atacar. Só uma troca o tira dali; o cavalo, de alcance curto, ganha mais.
const POSTO_CAVALO: TPar = par(21, 7);
const POSTO_BISPO: TPar = par(18, 3);
/// Xeques seguros (só ICE-rs), por peça que dá o xeque (C, B, T, D): casas
/// de onde a peça daria xeque, que ela já alcança, sem peça própria e que o
/// defensor não ataca. O ataque ao rei conta casas em volta dele; o xeque
/// seguro é o que de fato abre o rei (ou ganha tempo para o mate).
const CHEQUE_SEGURO: [TPar; 4] = [par(41, -1), par(7, 16), par(86, -18), par(14, 16)];
/// Cavalo ou bispo atacado por peça menor inimiga e sem peão que o defenda
/// (a troca, quando vier, desmancha a estrutura de quem retoma).
const MENOR_ATACADA_POR_MENOR: TPar = par(-12, -25);
/// Dama atacada por torre inimiga: precisa sair, e o lado que ataca ganha tempo.
const DAMA_ATACADA_POR_TORRE: TPar = par(-59, 11);
/// Peça (C, B, T, D) que um peão inimigo passaria a atacar avançando uma
/// casa (ou duas, da fileira inicial) para uma casa onde não é tomado de
/// graça. A ameaça ainda não existe, por isso a quiescência não a vê; e o
/// avanço vem com tempo (a peça tem de fugir).
const AMEACA_AVANCO_PEAO: TPar = par(-18, -4);
/// Espaço (só ICE-rs): casas das colunas c a f nas fileiras 2 a 4 (do ponto
/// de vista de cada lado) sem peão próprio e fora do alcance dos peões
/// inimigos; as que ficam atrás de um peão próprio contam de novo. Com mais
/// espaço as peças manobram atrás da cadeia; pesa no meio-jogo.
const ESPACO: TPar = par(2, 6);
/// Bispo "mau": por peão próprio em casa da mesma cor do bispo (os peões
/// fixos tapam as diagonais dele).
const BISPO_PEOES_COR: TPar = par(-3, 0);
/// Cavalo ou bispo logo atrás de um peão (de qualquer cor): o peão o protege
/// de ataques pela coluna e tapa a coluna para as torres do inimigo.
const MENOR_ATRAS_PEAO: TPar = par(2, 13);
/// Rei no final: por casa de distância ao peão próprio e ao inimigo mais
/// próximos (o rei precisa andar até onde os peões estão).
const REI_DISTANCIA_PEAO_PROPRIO: TPar = par(2, -13);
const REI_DISTANCIA_PEAO_INIMIGO: TPar = par(-3, -6);
/// Vantagem de ter a vez (só ICE-rs): numa posição quieta, quem joga
/// escolhe o plano; sem esse termo a avaliação parada trata as duas cores
/// como se ninguém tivesse o lance.
const TEMPO: TPar = par(14, 2);
/// Os pesos de mobilidade e tropismo de cada peça (C, B, T, D), na ordem dos
/// tipos de peça, com os nomes que o traço e o afinador usam.
#[rustfmt::skip]
const TERMOS_PECA: [(&str, &[TPar], &str, TPar); 4] = [
    ("MOB_CAVALO", &MOB_CAVALO, "TROPISMO_CAVALO", TROPISMO_CAVALO),
    ("MOB_BISPO", &MOB_BISPO, "TROPISMO_BISPO", TROPISMO_BISPO),
    ("MOB_TORRE", &MOB_TORRE, "TROPISMO_TORRE", TROPISMO_TORRE),
    ("MOB_DAMA", &MOB_DAMA, "TROPISMO_DAMA", TROPISMO_DAMA),
];
const PASSADO_REI_INIMIGO: TPar = par(-4, 14); // × distância do rei inimigo à casa da frente
const PASSADO_REI_PROPRIO: TPar = par(-5, -4); // × distância do próprio rei à casa da frente
const PASSADO_LIVRE: TPar = par(3, 14); // caminho até a promoção vazio
const PASSADO_IMPARAVEL: TPar = par(-11, 236); // regra do quadrado, inimigo sem peças
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
/// As colunas c, d, e e f: o centro largo, onde conta o espaço.
const COLUNAS_C_A_F: TBitboard =
    mascara_coluna(2) | mascara_coluna(3) | mascara_coluna(4) | mascara_coluna(5);
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
    par(94, 94),
    par(371, 255),
    par(397, 266),
    par(594, 476),
    par(1455, 626),
    par(0, 0),
];

/// Peão.
#[rustfmt::skip]
pub const PC_PEAO: [TPar; 64] = [
    par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0),
    par(173, -47), par(118, 13), par(91, 1), par(77, 15), par(131, 10), par(-59, 68), par(48, 34), par(161, -63),
    par(27, 13), par(25, 19), par(3, 5), par(39, -16), par(29, -3), par(23, 17), par(44, 27), par(44, 3),
    par(-4, 23), par(11, 12), par(2, -10), par(29, -22), par(19, -21), par(8, 0), par(14, 17), par(1, 21),
    par(-6, 21), par(-11, 20), par(-1, 2), par(16, -11), par(9, -4), par(4, 10), par(-5, 15), par(-13, 18),
    par(2, 7), par(-5, 16), par(2, 10), par(3, 13), par(6, 14), par(6, 24), par(20, 6), par(0, 2),
    par(-14, 18), par(-2, 13), par(-12, 30), par(-4, 16), par(-11, 32), par(15, 30), par(20, 9), par(-12, 8),
    par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0),
];

/// Cavalo.
#[rustfmt::skip]
pub const PC_CAVALO: [TPar; 64] = [
    par(-152, -32), par(56, 31), par(-86, 45), par(27, 31), par(29, 30), par(7, 3), par(-15, 45), par(-63, -10),
    par(-20, 20), par(-19, 18), par(59, 21), par(82, 21), par(19, 31), par(54, 9), par(30, 9), par(21, 11),
    par(-10, 12), par(18, 21), par(14, 40), par(53, 39), par(65, 37), par(83, 18), par(34, 19), par(1, 26),
    par(46, 5), par(24, 39), par(32, 44), par(38, 46), par(33, 42), par(61, 38), par(35, 33), par(37, 10),
    par(22, 16), par(40, 8), par(38, 38), par(35, 40), par(45, 48), par(49, 38), par(49, 33), par(30, 27),
    par(5, -20), par(26, 11), par(24, 20), par(42, 22), par(43, 16), par(35, 21), par(36, 5), par(10, 6),
    par(21, -1), par(39, -10), par(22, -12), par(32, 7), par(39, 6), par(33, 1), par(6, 5), par(25, -15),
    par(30, -69), par(13, -28), par(36, -21), par(49, -9), par(47, -19), par(19, -12), par(17, -21), par(-7, -63),
];

/// Bispo.
#[rustfmt::skip]
pub const PC_BISPO: [TPar; 64] = [
    par(-29, 40), par(-13, 24), par(-39, 29), par(-52, 28), par(-6, 32), par(-94, 29), par(-95, 36), par(39, 3),
    par(-13, 5), par(-21, 34), par(7, 21), par(30, 21), par(23, 18), par(-18, 40), par(-33, 21), par(-30, 34),
    par(15, 6), par(32, 1), par(41, 21), par(30, 26), par(36, 27), par(64, 4), par(23, 5), par(25, 4),
    par(24, 11), par(20, 31), par(49, 21), par(23, 41), par(39, 25), par(51, -1), par(37, 9), par(10, 14),
    par(11, -2), par(41, 6), par(27, 29), par(43, 21), par(47, 15), par(34, 18), par(29, 0), par(57, -25),
    par(31, 8), par(38, 6), par(37, 11), par(35, 12), par(39, 8), par(45, 7), par(44, 16), par(32, 1),
    par(37, -13), par(44, -7), par(29, -18), par(39, 2), par(35, 3), par(57, -5), par(45, 2), par(45, 6),
    par(35, -42), par(40, -20), par(30, -4), par(22, 2), par(39, -22), par(16, 0), par(59, -28), par(27, -15),
];

/// Torre.
#[rustfmt::skip]
pub const PC_TORRE: [TPar; 64] = [
    par(6, 55), par(12, 44), par(53, 29), par(107, 13), par(41, 35), par(84, 15), par(35, 35), par(-1, 46),
    par(59, 23), par(52, 24), par(75, 15), par(87, 16), par(66, 12), par(100, 10), par(21, 27), par(71, 10),
    par(27, 39), par(37, 43), par(29, 37), par(61, 29), par(45, 25), par(15, 38), par(47, 32), par(17, 35),
    par(-1, 33), par(-4, 43), par(3, 39), par(24, 26), par(6, 32), par(22, 25), par(10, 29), par(4, 25),
    par(-10, 29), par(-14, 36), par(-29, 43), par(-8, 34), par(-19, 38), par(-35, 40), par(18, 17), par(-14, 12),
    par(-4, 3), par(-11, 4), par(-3, 19), par(-18, 19), par(-8, 21), par(-1, 10), par(0, 9), par(-16, -3),
    par(2, -10), par(-3, -5), par(-9, 4), par(26, -4), par(25, -6), par(10, -3), par(34, -20), par(-10, -20),
    par(21, -5), par(23, -1), par(31, -5), par(29, -2), par(30, -9), par(28, -2), par(11, -2), par(31, -30),
];

/// Dama (no ICE, bispo + torre).
#[rustfmt::skip]
pub const PC_DAMA: [TPar; 64] = [
    par(10, 82), par(43, 58), par(35, 75), par(23, 44), par(69, 32), par(36, 72), par(15, 95), par(26, 102),
    par(32, 60), par(5, 88), par(4, 98), par(-16, 105), par(0, 92), par(-8, 96), par(26, 71), par(16, 106),
    par(40, 52), par(23, 52), par(-10, 102), par(13, 83), par(3, 84), par(37, 78), par(25, 22), par(37, 25),
    par(35, 54), par(20, 69), par(23, 75), par(-5, 84), par(18, 72), par(32, 65), par(19, 85), par(28, 51),
    par(38, 50), par(32, 55), par(24, 61), par(25, 71), par(29, 41), par(44, 18), par(38, 56), par(35, 76),
    par(74, 11), par(56, 12), par(51, 27), par(52, 13), par(53, 29), par(67, -1), par(54, 30), par(30, 66),
    par(55, 0), par(77, -17), par(82, -43), par(86, -27), par(88, -29), par(84, -50), par(111, -98), par(90, -50),
    par(120, -91), par(85, -36), par(103, -28), par(100, -55), par(105, -25), par(97, -49), par(68, -20), par(110, -86),
];

/// Rei: meio-jogo protegido no canto, final centralizado.
#[rustfmt::skip]
pub const PC_REI: [TPar; 64] = [
    par(87, 21), par(94, 6), par(63, 98), par(169, 84), par(47, 108), par(487, -67), par(245, 17), par(-77, -34),
    par(69, 104), par(46, 126), par(247, 23), par(-115, 154), par(53, 92), par(-126, 145), par(594, -93), par(-176, 108),
    par(64, 115), par(-60, 150), par(-214, 171), par(-180, 166), par(-217, 166), par(-27, 119), par(53, 107), par(-109, 112),
    par(-51, 125), par(-29, 124), par(-100, 134), par(-136, 135), par(-90, 134), par(-41, 125), par(58, 102), par(-3, 93),
    par(-36, 98), par(-15, 99), par(-31, 98), par(-49, 103), par(-44, 99), par(-47, 106), par(-45, 101), par(-94, 104),
    par(-86, 94), par(-11, 85), par(-24, 92), par(-33, 88), par(-25, 87), par(-42, 99), par(-25, 93), par(-60, 85),
    par(-36, 80), par(-33, 87), par(-15, 81), par(-18, 73), par(-35, 85), par(-6, 79), par(2, 84), par(-34, 78),
    par(-117, 102), par(-78, 99), par(-78, 99), par(-75, 80), par(-36, 64), par(-67, 79), par(-71, 96), par(-114, 97),
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
pub const CAT_ESPACO: usize = 19;
pub const NUM_CATEGORIAS: usize = 20;
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
    "Espaco",
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
    for (i, &(nome_mob, mob, nome_trop, trop)) in TERMOS_PECA.iter().enumerate() {
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
            let m = conta(ataques & area) as usize;
            soma(c, cor, nome_mob, m, mob[m], 1);
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
    let n = conta(pecas & avancos_de_peao(b, cor ^ 1, de_peao, todos) & !peoes_dele) as i32;
    soma(c, cor, "AMEACA_AVANCO_PEAO", 0, AMEACA_AVANCO_PEAO, n);
}

/// Casas que os peões de `cor` passariam a atacar com um avanço (uma casa,
/// ou duas da fileira inicial) para uma casa vazia que o inimigo não toma de
/// graça: nenhum peão dele a ataca, e ou ela é defendida por `cor` ou nada
/// do inimigo a alcança.
fn avancos_de_peao(
    b: &TBoard,
    cor: usize,
    de_peao: &[TBitboard; 2],
    todos: &[TBitboard; 2],
) -> TBitboard {
    let vazias = !b.ocupadas();
    // A fileira a que o avanço de uma casa leva o peão da inicial (3ª das
    // brancas, 6ª das pretas): dali ele ainda pode andar mais uma.
    let terceira = if cor == BRANCAS { FILEIRA_3 } else { FILEIRA_6 };
    let um = avanca(b.peoes[cor], cor) & vazias;
    let dois = avanca(um & terceira, cor) & vazias;
    let seguros = (um | dois) & !de_peao[cor ^ 1] & (todos[cor] | !todos[cor ^ 1]);
    ataques_peoes(seguros, cor)
}

/// Espaço de `cor` (só ICE-rs): ver `ESPACO`. `peoes_dele` são as casas
/// atacadas pelos peões inimigos.
fn espaco(b: &TBoard, cor: usize, peoes_dele: TBitboard, c: &mut TConta) {
    c.categoria = CAT_ESPACO;
    let p = b.peoes[cor];
    let fileiras = if cor == BRANCAS {
        FILEIRA_2 | FILEIRA_3 | FILEIRA_4
    } else {
        FILEIRA_7 | FILEIRA_6 | FILEIRA_5
    };
    let area = COLUNAS_C_A_F & fileiras;
    // "Atrás" de um peão, para `cor`, é o lado da sua primeira fileira: até
    // três casas para trás de cada peão.
    let r1 = recua(p, cor);
    let r2 = recua(r1, cor);
    let atras = r1 | r2 | recua(r2, cor);
    let seguras = area & !p & !peoes_dele;
    let n = (conta(seguras) + conta(seguras & atras)) as i32;
    soma(c, cor, "ESPACO", 0, ESPACO, n);
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
    let atras = recua(b.peoes[BRANCAS] | b.peoes[NEGRAS], cor);
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
                espaco(b, cor, ataques_de_peao[cor ^ 1], &mut c);
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
