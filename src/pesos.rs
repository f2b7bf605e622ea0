//! Pesos da avaliação: cada número que dá pontos a um termo (material,
//! tabelas peça-casa e os termos de conhecimento de xadrez) e a conta que os
//! soma com nome.
//!
//! Nível 4, a base da avaliação: depende só de `tipos`. `material`, `peoes` e
//! `avaliacao` somam estes pesos; nenhum deles é importado aqui.
//!
//! Porta os números de `eval.c` do ICE 1.40 e dá valor aos termos que a seção
//! 4.6 do artigo (ICE 1.78) descreve sem número. Aqui ficam só os pesos que o
//! afinador ajusta (`TPar`, um par meio-jogo/final) e as tabelas peça-casa do
//! ICE: este é o arquivo que `ice texel --escreve src/pesos.rs` reescreve, um
//! `par(mg, eg)` no lugar do outro, e tê-lo separado da lógica deixa o diff de
//! uma afinação só com números. Os parâmetros que dão forma a um termo sem
//! entrar linearmente na avaliação (limites, fatores, margens, escalas de
//! empate) ficam no topo do módulo que os usa, como no Fruit. Depois das
//! tabelas vem `casa_relativa`, que diz como elas são lidas para as pretas.
//!
//! O fim do arquivo é a conta (`TConta`) e o traço (`TTraco`): um peso entra
//! na avaliação por `soma!(c, cor, PESO, n)`, que escreve o nome da constante
//! uma vez só, e o traço diz ao afinador quantas vezes cada peso entrou para
//! cada cor. Ficam aqui, e não em `avaliacao`, porque `material` e `peoes`
//! também somam pesos e não podem importar o módulo de cima.

use crate::tipos::{fileira, BRANCAS};

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
// saíram de `ice texel` (scripts/medidas/texel.sh) sobre 3 324 837 posições quietas de
// 42 000 partidas do `ice datagen` (5000 nós por lance; um terço jogado por
// `b8b7b7d`, um por `299af64` e um por `2f7c16d`), alvo = ½ resultado + ½ σ(escore da
// busca), parada antecipada pelo erro em 1/5 das posições
// deixadas de fora; por isso diferem dos números do ICE citados nos
// comentários. O modo clássico usa estes termos também, mas material e
// tabelas peça-casa do ICE.
// ============================================================================

// --- Termos do ICE 1.40 ------------------------------------------------------
pub const BONUS_PAR_BISPOS: TPar = par(27, 62); // ICE 1.40: +20; no final o par vale mais
pub const FINAL_PEOES_A_MAIS: TPar = par(0, 49); // ICE 1.40: ±75 no final de rei e peões
pub const TORRE_SEMIABERTA: TPar = par(13, 12); // ICE 1.40: +20 por coluna sem peão próprio
pub const TORRE_ABERTA: TPar = par(28, -20); // ICE 1.40: +10 a mais sem peão inimigo (aberta = 30)
pub const TORRES_DOBRADAS: TPar = par(56, -4); // ICE 1.40: +5, bateria na coluna semiaberta
pub const REI_COLUNA_SEMIABERTA: TPar = par(-14, 4); // ICE 1.40: −20, coluna do rei sem peão inimigo
pub const BONUS_ROQUE: TPar = par(81, -36); // ICE 1.40: +50 se rocou e o inimigo tem peças pesadas
pub const PEAO_DOBRADO_CENTRO: TPar = par(-16, -25); // ICE 1.40: −10 por coluna c..f
pub const PEAO_DOBRADO_ALA: TPar = par(-27, -30); // ICE 1.40: −15 por coluna a, b, g, h
pub const PEAO_ISOLADO: TPar = par(-1, -24); // ICE 1.40: −15 por coluna
pub const PEAO_ISOLADO_EXPOSTO: TPar = par(-10, -25); // ICE 1.40: −30 a mais sem peão inimigo na coluna

// --- Análise de abertura do ICE (só enquanto o lance < LANCE_FIM_ABERTURA) ---
pub const ABERTURA_ROQUE: TPar = par(19, 3); // ICE 1.40: +15 por rocar cedo
pub const ABERTURA_PEAO_CENTRAL: TPar = par(19, 4); // ICE 1.40: +15 por lance de d2/e2
pub const ABERTURA_PECA_DUAS_VEZES: TPar = par(-19, -4); // ICE 1.40: −15 (aproximação)
pub const ABERTURA_DAMA_CEDO: TPar = par(-19, -4); // ICE 1.40: −15 por lance saindo de d1
pub const ABERTURA_REI_ANDOU: TPar = par(-15, -2); // ICE 1.40: −15 por lance de rei sem roque
pub const ABERTURA_PEAO_F: TPar = par(-19, -4); // ICE 1.40: −15 por lance de f2
pub const PECA_BLOQUEIA_PEAO_CENTRAL: TPar = par(-23, 33); // 1.78: peça em d3/e3 na frente do peão

// --- Termos que o artigo (ICE 1.78) descreve sem números --------------------
pub const PEAO_ATRASADO: TPar = par(0, -5); // 1.78: peão atrasado
pub const PEAO_ATRASADO_EXPOSTO: TPar = par(-11, -19); // 1.78: atrasado em coluna sem peão inimigo
pub const PEAO_ILHA: TPar = par(-18, 36); // por ilha de peões além da primeira
pub const TORRE_SETIMA: TPar = par(-38, 41); // 1.78: com o rei inimigo na 8ª ou peões na 7ª
pub const REI_COLUNA_VIZINHA_SEMIABERTA: TPar = par(-6, 13); // 1.78: colunas ao lado do rei
pub const DESEQ_DUAS_TORRES_DAMA: TPar = par(115, -158); // 1.78: 2T×D (o material já dá +100 às torres)
pub const DESEQ_MENORES_TORRE: TPar = par(39, 21); // 1.78: 2 peças menores × torre (e peão)
pub const DESEQ_PECA_PEOES: TPar = par(-24, 106); // peça menor contra peões, no meio-jogo

/// Peão passado por fileira relativa (índice 0 = fileira 1 … 7 = fileira 8).
/// 1.78: cresce com a proximidade da promoção (o ICE 1.40 dava +15/+20 fixos).
#[rustfmt::skip]
pub const PEAO_PASSADO: [TPar; 8] = [
    par(0, 0), par(-1, 9), par(-8, 15), par(39, -6),
    par(84, -1), par(172, 1), par(251, 21), par(0, 0),
];

/// Escudo do rei: peão próprio mais próximo à frente do rei, em cada uma das
/// três colunas (a do rei conta em dobro). Índice = distância em fileiras − 1;
/// o último é "sem peão" (ou longe demais). O ICE 1.40 dava +5 por coluna com
/// peão próprio; o 1.78 passou a olhar tamanho e forma do escudo.
pub const REI_ESCUDO: [TPar; 4] = [par(-18, 2), par(-23, 6), par(-24, -2), par(-36, 8)];

/// Roques em alas opostas: bônus por peão avançando nas colunas do rei inimigo
/// (índice = fileira relativa − 1). 1.78: incentiva a tempestade de peões.
#[rustfmt::skip]
pub const PEAO_TEMPESTADE: [TPar; 8] = [
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
pub const MOB_CAVALO: [TPar; 9] = [
    par(-28, -51), par(-14, -31), par(-9, -6), par(-4, 6),
    par(2, 13), par(7, 21), par(12, 20), par(22, 18),
    par(35, 4),
];
#[rustfmt::skip]
pub const MOB_BISPO: [TPar; 14] = [
    par(-39, -58), par(-29, -29), par(-20, -16), par(-14, -7),
    par(-10, 7), par(-6, 13), par(-4, 16), par(0, 19),
    par(4, 23), par(5, 21), par(19, 17), par(31, 13),
    par(77, -14), par(80, 5),
];
#[rustfmt::skip]
pub const MOB_TORRE: [TPar; 15] = [
    par(-73, -8), par(-61, -8), par(-57, 3), par(-51, 9),
    par(-48, 20), par(-46, 27), par(-42, 29), par(-38, 32),
    par(-34, 34), par(-32, 38), par(-24, 35), par(-21, 36),
    par(-8, 30), par(-3, 28), par(197, -52),
];
#[rustfmt::skip]
pub const MOB_DAMA: [TPar; 28] = [
    par(-40, -27), par(-37, -67), par(-35, -52), par(-33, -42),
    par(-33, -1), par(-29, 4), par(-26, 17), par(-24, 29),
    par(-21, 37), par(-21, 52), par(-20, 60), par(-18, 61),
    par(-16, 71), par(-18, 72), par(-14, 76), par(-10, 74),
    par(-9, 77), par(-12, 84), par(-1, 67), par(8, 53),
    par(44, 31), par(101, -32), par(113, -35), par(136, -93),
    par(46, -46), par(12, -146), par(61, -31), par(-53, -173),
];
pub const TROPISMO_CAVALO: TPar = par(4, -3); // por casa de proximidade ao rei inimigo (7 − distância)
pub const TROPISMO_BISPO: TPar = par(4, 1); // idem, bispo
pub const TROPISMO_TORRE: TPar = par(7, -3); // idem, torre
pub const TROPISMO_DAMA: TPar = par(17, 11); // idem, dama (também no final: ajuda o mate)
/// Ataque ao rei: por unidade de ataque², ÷ 16 (ver `mobilidade_tropismo`). O
/// escudo do ICE só olha os peões; um rei com escudo perfeito e três peças
/// inimigas batendo nas casas em volta estava "seguro" e o motor perdia assim.
pub const ATAQUE_REI: TPar = par(3, 2);
/// Ameaças: peça (C, B, T, D) atacada por peão inimigo; torre ou dama atacada
/// por peça menor inimiga. Por peça, do lado atacado.
pub const PECA_ATACADA_POR_PEAO: TPar = par(-56, -18);
pub const MAIOR_ATACADA_POR_MENOR: TPar = par(-41, -8);
/// Peça (cavalo a dama) atacada e sem nenhum defensor (só ICE-rs).
pub const PECA_PENDURADA: TPar = par(-12, -15);
/// Posto avançado (só ICE-rs): cavalo ou bispo na 4ª, 5ª ou 6ª fileira,
/// defendido por peão próprio, numa casa que nenhum peão inimigo pode mais
/// atacar. Só uma troca o tira dali; o cavalo, de alcance curto, ganha mais.
pub const POSTO_CAVALO: TPar = par(21, 7);
pub const POSTO_BISPO: TPar = par(18, 3);
/// Xeques seguros (só ICE-rs), por peça que dá o xeque (C, B, T, D): casas
/// de onde a peça daria xeque, que ela já alcança, sem peça própria e que o
/// defensor não ataca. O ataque ao rei conta casas em volta dele; o xeque
/// seguro é o que de fato abre o rei (ou ganha tempo para o mate).
pub const CHEQUE_SEGURO: [TPar; 4] = [par(41, -1), par(7, 16), par(86, -18), par(14, 16)];
/// Cavalo ou bispo atacado por peça menor inimiga e sem peão que o defenda
/// (a troca, quando vier, desmancha a estrutura de quem retoma).
pub const MENOR_ATACADA_POR_MENOR: TPar = par(-12, -25);
/// Dama atacada por torre inimiga: precisa sair, e o lado que ataca ganha tempo.
pub const DAMA_ATACADA_POR_TORRE: TPar = par(-59, 11);
/// Peça (C, B, T, D) que um peão inimigo passaria a atacar avançando uma
/// casa (ou duas, da fileira inicial) para uma casa onde não é tomado de
/// graça. A ameaça ainda não existe, por isso a quiescência não a vê; e o
/// avanço vem com tempo (a peça tem de fugir).
pub const AMEACA_AVANCO_PEAO: TPar = par(-18, -4);
/// Espaço (só ICE-rs): casas das colunas c a f nas fileiras 2 a 4 (do ponto
/// de vista de cada lado) sem peão próprio e fora do alcance dos peões
/// inimigos; as que ficam atrás de um peão próprio contam de novo. Com mais
/// espaço as peças manobram atrás da cadeia; pesa no meio-jogo.
pub const ESPACO: TPar = par(2, 6);
/// Bispo "mau": por peão próprio em casa da mesma cor do bispo (os peões
/// fixos tapam as diagonais dele).
pub const BISPO_PEOES_COR: TPar = par(-3, 0);
/// Cavalo ou bispo logo atrás de um peão (de qualquer cor): o peão o protege
/// de ataques pela coluna e tapa a coluna para as torres do inimigo.
pub const MENOR_ATRAS_PEAO: TPar = par(2, 13);
/// Rei no final: por casa de distância ao peão próprio e ao inimigo mais
/// próximos (o rei precisa andar até onde os peões estão).
pub const REI_DISTANCIA_PEAO_PROPRIO: TPar = par(2, -13);
pub const REI_DISTANCIA_PEAO_INIMIGO: TPar = par(-3, -6);
/// Vantagem de ter a vez (só ICE-rs): numa posição quieta, quem joga
/// escolhe o plano; sem esse termo a avaliação parada trata as duas cores
/// como se ninguém tivesse o lance.
pub const TEMPO: TPar = par(14, 2);
// Passados: termos que olham os reis e as peças (`peoes::passados_dinamicos`),
// multiplicados pelo `FATOR_PASSADO` da fileira.
pub const PASSADO_REI_INIMIGO: TPar = par(-4, 14); // × distância do rei inimigo à casa da frente
pub const PASSADO_REI_PROPRIO: TPar = par(-5, -4); // × distância do próprio rei à casa da frente
pub const PASSADO_LIVRE: TPar = par(3, 14); // caminho até a promoção vazio
pub const PASSADO_IMPARAVEL: TPar = par(-11, 236); // regra do quadrado, inimigo sem peças

/// Perigo ao rei (só ICE-rs; issue 49): o único termo não linear da
/// avaliação. Para o rei de cada cor, `avaliacao::caracteristicas_perigo`
/// conta as características abaixo (índice = característica) e o perigo é a
/// soma delas × estes pesos, uma soma para o meio-jogo (os `mg`) e outra para
/// o final (os `eg`); a penalidade é perigo² ÷ PERIGO_DIVISOR_MG no meio-jogo
/// e perigo ÷ PERIGO_DIVISOR_EG no final (`avaliacao::penalidade_perigo`, que
/// diz o porquê). Todos em zero: o termo está desligado e a avaliação é a de
/// antes dele; os pesos propostos pelo afinador estão em
/// `docs/propostas/seguranca-rei.patch`, à espera de um SPRT.
///
/// 0–3: peças inimigas (C, B, T, D) que atacam a zona do rei; 4: ataques
/// delas às casas da zona (uma casa atacada por duas peças conta duas
/// vezes); 5: casas da zona atacadas pelo inimigo e defendidas no máximo
/// pelo rei; 6–9: xeques seguros possíveis de C, B, T, D; 10: colunas do
/// escudo (a do rei e as vizinhas) sem peão próprio a até duas fileiras à
/// frente; 11: o inimigo não tem dama; 12: constante (1 sempre).
#[rustfmt::skip]
pub const PERIGO_REI: [TPar; NUM_PERIGO] = [
    par(0, 0), par(0, 0), par(0, 0), par(0, 0),
    par(0, 0), par(0, 0), par(0, 0), par(0, 0),
    par(0, 0), par(0, 0), par(0, 0), par(0, 0),
    par(0, 0),
];
/// Número de características do perigo ao rei (ver `PERIGO_REI`).
pub const NUM_PERIGO: usize = 13;

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

/// Casa equivalente para as pretas: as tabelas acima estão do ponto de vista
/// das brancas, e todo termo que olha uma fileira "relativa" passa por aqui.
///
/// RUST: o ICE usava 63 − i (rotação de 180°); usamos o espelho vertical
/// (i ^ 56) para que a avaliação seja exatamente simétrica entre as cores (só
/// a fileira 4 da tabela de peão era assimétrica, então a diferença é mínima).
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
pub const fn fileira_relativa(cor: usize, casa: usize) -> usize {
    fileira(casa_relativa(cor, casa))
}

// ============================================================================
// A conta e o traço
// ============================================================================

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
    /// Características do perigo ao rei de cada cor (índice = cor do rei
    /// atacado; ver `PERIGO_REI`). O termo não é linear nos pesos: o traço
    /// guarda as contagens, não os itens, e o afinador refaz a conta.
    pub perigo: [[i32; NUM_PERIGO]; 2],
}

/// Acumulador de uma avaliação: (meio-jogo, final) de cada cor, e o traço
/// quando alguém o pediu. Sem traço (a busca), o custo é um teste previsível.
pub(crate) struct TConta<'a> {
    pub(crate) s: [TPar; 2],
    pub(crate) categoria: usize,
    pub(crate) traco: Option<&'a mut TTraco>,
}

/// Soma `n` vezes o peso `peso` (de nome `nome`, posição `indice` numa
/// tabela) à conta da cor `cor`. Com nome vazio, é uma parte fixa (que o
/// afinador não ajusta). Para uma constante com nome, use `soma!`.
#[inline(always)]
pub(crate) fn acumula(
    c: &mut TConta,
    cor: usize,
    nome: &'static str,
    indice: usize,
    peso: TPar,
    n: i32,
) {
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

/// Soma um peso com nome à conta: `soma!(c, cor, PESO, n)` soma `n` vezes a
/// constante `PESO` à cor `cor`, e `soma!(c, cor, TABELA[i], n)` a entrada
/// `i` de uma tabela. O nome que vai para o traço sai de `stringify!`:
/// escrito uma vez só, não pode divergir da constante que o afinador
/// reescreve. O código gerado é o de chamar `acumula` com o nome à mão.
macro_rules! soma {
    ($c:expr, $cor:expr, $tabela:ident[$i:expr], $n:expr) => {{
        let i = $i;
        $crate::pesos::acumula($c, $cor, stringify!($tabela), i, $tabela[i], $n)
    }};
    ($c:expr, $cor:expr, $peso:ident, $n:expr) => {
        $crate::pesos::acumula($c, $cor, stringify!($peso), 0, $peso, $n)
    };
}
pub(crate) use soma;

/// `(nome, peso)` de uma constante, para as listas de pesos que um laço
/// percorre (mobilidade por peça, princípios de abertura, tabelas
/// peça-casa): o nome também sai de `stringify!`. `com_nome!(&TABELA)` dá a
/// tabela por referência.
macro_rules! com_nome {
    (&$peso:ident) => {
        (stringify!($peso), &$peso)
    };
    ($peso:ident) => {
        (stringify!($peso), $peso)
    };
}
pub(crate) use com_nome;

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
}
