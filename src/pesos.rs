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
// saíram de `ice texel` (mini-lotes de 16 384, L2 0.001; ver docs/forca.md, "O
// perigo ao rei") sobre 773 318 posições quietas de 26 000 partidas do
// `ice datagen` da força III (5000 nós por lance, build `0d23ef2`), alvo = ½
// resultado + ½ σ(escore da busca), parada antecipada pelo erro em 1/5 das
// posições deixadas de fora; por isso diferem dos números do ICE citados nos
// comentários. O modo clássico usa estes termos também, mas material e
// tabelas peça-casa do ICE.
// ============================================================================

// --- Termos do ICE 1.40 ------------------------------------------------------
pub const BONUS_PAR_BISPOS: TPar = par(30, 55); // ICE 1.40: +20; no final o par vale mais
pub const FINAL_PEOES_A_MAIS: TPar = par(0, 35); // ICE 1.40: ±75 no final de rei e peões
pub const TORRE_SEMIABERTA: TPar = par(16, 9); // ICE 1.40: +20 por coluna sem peão próprio
pub const TORRE_ABERTA: TPar = par(25, -18); // ICE 1.40: +10 a mais sem peão inimigo (aberta = 30)
pub const TORRES_DOBRADAS: TPar = par(51, 0); // ICE 1.40: +5, bateria na coluna semiaberta
pub const REI_COLUNA_SEMIABERTA: TPar = par(-12, 3); // ICE 1.40: −20, coluna do rei sem peão inimigo
pub const BONUS_ROQUE: TPar = par(70, -27); // ICE 1.40: +50 se rocou e o inimigo tem peças pesadas
pub const PEAO_DOBRADO_CENTRO: TPar = par(-13, -21); // ICE 1.40: −10 por coluna c..f
pub const PEAO_DOBRADO_ALA: TPar = par(-27, -32); // ICE 1.40: −15 por coluna a, b, g, h
pub const PEAO_ISOLADO: TPar = par(-3, -23); // ICE 1.40: −15 por coluna
pub const PEAO_ISOLADO_EXPOSTO: TPar = par(-11, -22); // ICE 1.40: −30 a mais sem peão inimigo na coluna

// --- Análise de abertura do ICE (só enquanto o lance < LANCE_FIM_ABERTURA) ---
pub const ABERTURA_ROQUE: TPar = par(19, 3); // ICE 1.40: +15 por rocar cedo
pub const ABERTURA_PEAO_CENTRAL: TPar = par(19, 4); // ICE 1.40: +15 por lance de d2/e2
pub const ABERTURA_PECA_DUAS_VEZES: TPar = par(-19, -4); // ICE 1.40: −15 (aproximação)
pub const ABERTURA_DAMA_CEDO: TPar = par(-19, -4); // ICE 1.40: −15 por lance saindo de d1
pub const ABERTURA_REI_ANDOU: TPar = par(-15, -2); // ICE 1.40: −15 por lance de rei sem roque
pub const ABERTURA_PEAO_F: TPar = par(-19, -4); // ICE 1.40: −15 por lance de f2
pub const PECA_BLOQUEIA_PEAO_CENTRAL: TPar = par(-16, 32); // 1.78: peça em d3/e3 na frente do peão

// --- Termos que o artigo (ICE 1.78) descreve sem números --------------------
pub const PEAO_ATRASADO: TPar = par(0, -8); // 1.78: peão atrasado
pub const PEAO_ATRASADO_EXPOSTO: TPar = par(-13, -20); // 1.78: atrasado em coluna sem peão inimigo
pub const PEAO_ILHA: TPar = par(-12, 27); // por ilha de peões além da primeira
pub const TORRE_SETIMA: TPar = par(-52, 40); // 1.78: com o rei inimigo na 8ª ou peões na 7ª
pub const REI_COLUNA_VIZINHA_SEMIABERTA: TPar = par(-8, 12); // 1.78: colunas ao lado do rei
pub const DESEQ_DUAS_TORRES_DAMA: TPar = par(79, -158); // 1.78: 2T×D (o material já dá +100 às torres)
pub const DESEQ_MENORES_TORRE: TPar = par(28, 20); // 1.78: 2 peças menores × torre (e peão)
pub const DESEQ_PECA_PEOES: TPar = par(-11, 70); // peça menor contra peões, no meio-jogo

/// Peão passado por fileira relativa (índice 0 = fileira 1 … 7 = fileira 8).
/// 1.78: cresce com a proximidade da promoção (o ICE 1.40 dava +15/+20 fixos).
#[rustfmt::skip]
pub const PEAO_PASSADO: [TPar; 8] = [
    par(0, 0), par(5, 8), par(-9, 10), par(28, -3),
    par(79, -10), par(144, -1), par(231, 25), par(0, 0),
];

/// Escudo do rei: peão próprio mais próximo à frente do rei, em cada uma das
/// três colunas (a do rei conta em dobro). Índice = distância em fileiras − 1;
/// o último é "sem peão" (ou longe demais). O ICE 1.40 dava +5 por coluna com
/// peão próprio; o 1.78 passou a olhar tamanho e forma do escudo.
pub const REI_ESCUDO: [TPar; 4] = [par(-18, 10), par(-22, 10), par(-23, 0), par(-33, 13)];

/// Roques em alas opostas: bônus por peão avançando nas colunas do rei inimigo
/// (índice = fileira relativa − 1). 1.78: incentiva a tempestade de peões.
#[rustfmt::skip]
pub const PEAO_TEMPESTADE: [TPar; 8] = [
    par(0, 0), par(-30, 0), par(-33, 7), par(-17, 0),
    par(-19, 6), par(10, 6), par(-97, 39), par(0, 0),
];

// --- Além do ICE (artigo, 4.8.3): só com `classico = false` ------------------
/// Mobilidade (só ICE-rs): um peso por número de casas acessíveis (fora das
/// peças próprias e dos ataques de peões inimigos), por peça. A tabela em vez
/// de um peso linear: a peça quase sem casas vale bem menos que a "normal",
/// mas cada casa a mais, depois de muitas, pouco acrescenta — a curva não é
/// uma reta, e o afinador acha a forma dela.
#[rustfmt::skip]
pub const MOB_CAVALO: [TPar; 9] = [
    par(-28, -62), par(-14, -30), par(-10, -3), par(-5, 9),
    par(0, 18), par(3, 23), par(9, 25), par(12, 24),
    par(21, 15),
];
#[rustfmt::skip]
pub const MOB_BISPO: [TPar; 14] = [
    par(-38, -56), par(-25, -33), par(-18, -14), par(-14, -3),
    par(-10, 13), par(-6, 15), par(-5, 25), par(-9, 27),
    par(-4, 30), par(-5, 32), par(-2, 21), par(0, 29),
    par(11, 23), par(-5, 23),
];
#[rustfmt::skip]
pub const MOB_TORRE: [TPar; 15] = [
    par(-71, -15), par(-57, -8), par(-54, 9), par(-48, 10),
    par(-49, 21), par(-47, 26), par(-40, 29), par(-40, 32),
    par(-38, 36), par(-33, 39), par(-30, 42), par(-27, 41),
    par(-27, 43), par(-28, 42), par(43, 10),
];
#[rustfmt::skip]
pub const MOB_DAMA: [TPar; 28] = [
    par(-40, -72), par(-34, -113), par(-31, -77), par(-31, -62),
    par(-29, -27), par(-28, -11), par(-27, 19), par(-25, 38),
    par(-25, 50), par(-21, 44), par(-20, 70), par(-20, 73),
    par(-21, 80), par(-22, 76), par(-16, 89), par(-18, 93),
    par(-21, 97), par(-13, 91), par(-11, 83), par(2, 53),
    par(-4, 55), par(101, -5), par(56, -5), par(135, -53),
    par(80, -49), par(91, -112), par(45, -84), par(-50, -213),
];
pub const TROPISMO_CAVALO: TPar = par(4, -1); // por casa de proximidade ao rei inimigo (7 − distância)
pub const TROPISMO_BISPO: TPar = par(7, -1); // idem, bispo
pub const TROPISMO_TORRE: TPar = par(9, -4); // idem, torre
pub const TROPISMO_DAMA: TPar = par(16, 12); // idem, dama (também no final: ajuda o mate)
/// Ataque ao rei: por unidade de ataque², ÷ 16 (ver `mobilidade_tropismo`). O
/// escudo do ICE só olha os peões; um rei com escudo perfeito e três peças
/// inimigas batendo nas casas em volta estava "seguro" e o motor perdia assim.
pub const ATAQUE_REI: TPar = par(1, 1);
/// Ameaças: peça (C, B, T, D) atacada por peão inimigo; torre ou dama atacada
/// por peça menor inimiga. Por peça, do lado atacado.
pub const PECA_ATACADA_POR_PEAO: TPar = par(-56, -22);
pub const MAIOR_ATACADA_POR_MENOR: TPar = par(-40, -21);
/// Peça (cavalo a dama) atacada e sem nenhum defensor (só ICE-rs).
pub const PECA_PENDURADA: TPar = par(-10, -13);
/// Posto avançado (só ICE-rs): cavalo ou bispo na 4ª, 5ª ou 6ª fileira,
/// defendido por peão próprio, numa casa que nenhum peão inimigo pode mais
/// atacar. Só uma troca o tira dali; o cavalo, de alcance curto, ganha mais.
pub const POSTO_CAVALO: TPar = par(21, 0);
pub const POSTO_BISPO: TPar = par(16, 9);
/// Xeques seguros (só ICE-rs), por peça que dá o xeque (C, B, T, D): casas
/// de onde a peça daria xeque, que ela já alcança, sem peça própria e que o
/// defensor não ataca. O ataque ao rei conta casas em volta dele; o xeque
/// seguro é o que de fato abre o rei (ou ganha tempo para o mate).
pub const CHEQUE_SEGURO: [TPar; 4] = [par(44, -4), par(6, 16), par(55, -5), par(9, 14)];
/// Cavalo ou bispo atacado por peça menor inimiga e sem peão que o defenda
/// (a troca, quando vier, desmancha a estrutura de quem retoma).
pub const MENOR_ATACADA_POR_MENOR: TPar = par(-16, -32);
/// Dama atacada por torre inimiga: precisa sair, e o lado que ataca ganha tempo.
pub const DAMA_ATACADA_POR_TORRE: TPar = par(-62, 10);
/// Peça (C, B, T, D) que um peão inimigo passaria a atacar avançando uma
/// casa (ou duas, da fileira inicial) para uma casa onde não é tomado de
/// graça. A ameaça ainda não existe, por isso a quiescência não a vê; e o
/// avanço vem com tempo (a peça tem de fugir).
pub const AMEACA_AVANCO_PEAO: TPar = par(-18, -5);
/// Espaço (só ICE-rs): casas das colunas c a f nas fileiras 2 a 4 (do ponto
/// de vista de cada lado) sem peão próprio e fora do alcance dos peões
/// inimigos; as que ficam atrás de um peão próprio contam de novo. Com mais
/// espaço as peças manobram atrás da cadeia; pesa no meio-jogo.
pub const ESPACO: TPar = par(4, 6);
/// Bispo "mau": por peão próprio em casa da mesma cor do bispo (os peões
/// fixos tapam as diagonais dele).
pub const BISPO_PEOES_COR: TPar = par(-5, 0);
/// Cavalo ou bispo logo atrás de um peão (de qualquer cor): o peão o protege
/// de ataques pela coluna e tapa a coluna para as torres do inimigo.
pub const MENOR_ATRAS_PEAO: TPar = par(4, 15);
/// Rei no final: por casa de distância ao peão próprio e ao inimigo mais
/// próximos (o rei precisa andar até onde os peões estão).
pub const REI_DISTANCIA_PEAO_PROPRIO: TPar = par(2, -15);
pub const REI_DISTANCIA_PEAO_INIMIGO: TPar = par(-3, -6);
/// Vantagem de ter a vez (só ICE-rs): numa posição quieta, quem joga
/// escolhe o plano; sem esse termo a avaliação parada trata as duas cores
/// como se ninguém tivesse o lance.
pub const TEMPO: TPar = par(15, 3);
// Passados: termos que olham os reis e as peças (`peoes::passados_dinamicos`),
// multiplicados pelo `FATOR_PASSADO` da fileira.
pub const PASSADO_REI_INIMIGO: TPar = par(-4, 14); // × distância do rei inimigo à casa da frente
pub const PASSADO_REI_PROPRIO: TPar = par(-4, -4); // × distância do próprio rei à casa da frente
pub const PASSADO_LIVRE: TPar = par(1, 16); // caminho até a promoção vazio
pub const PASSADO_IMPARAVEL: TPar = par(-16, 217); // regra do quadrado, inimigo sem peças

/// Perigo ao rei (só ICE-rs; issue 49): o único termo não linear da
/// avaliação. Para o rei de cada cor, `avaliacao::caracteristicas_perigo`
/// conta as características abaixo (índice = característica) e o perigo é a
/// soma delas × estes pesos, uma soma para o meio-jogo (os `mg`) e outra para
/// o final (os `eg`); a penalidade é perigo² ÷ PERIGO_DIVISOR_MG no meio-jogo
/// e perigo ÷ PERIGO_DIVISOR_EG no final (`avaliacao::penalidade_perigo`, que
/// diz o porquê). Os números saíram do afinador, partindo da semente do
/// `texel.rs` (`PERIGO_SEMENTE`), junto com todos os outros pesos.
///
/// 0–3: peças inimigas (C, B, T, D) que atacam a zona do rei; 4: ataques
/// delas às casas da zona (uma casa atacada por duas peças conta duas
/// vezes); 5: casas da zona atacadas pelo inimigo e defendidas no máximo
/// pelo rei; 6–9: xeques seguros possíveis de C, B, T, D; 10: colunas do
/// escudo (a do rei e as vizinhas) sem peão próprio a até duas fileiras à
/// frente; 11: o inimigo não tem dama; 12: constante (1 sempre).
#[rustfmt::skip]
pub const PERIGO_REI: [TPar; NUM_PERIGO] = [
    par(96, 84), par(80, 112), par(86, 135), par(103, 2),
    par(38, 0), par(63, -1), par(97, 8), par(47, 29),
    par(92, -3), par(106, 21), par(30, -28), par(-224, -160),
    par(-123, 26),
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
    par(94, 93),
    par(353, 269),
    par(382, 295),
    par(541, 536),
    par(1363, 729),
    par(0, 0),
];

/// Peão.
#[rustfmt::skip]
pub const PC_PEAO: [TPar; 64] = [
    par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0),
    par(184, -44), par(85, 35), par(91, 3), par(41, 16), par(90, 15), par(17, 9), par(37, 35), par(148, -43),
    par(42, 15), par(27, 25), par(-3, 17), par(40, -8), par(28, 6), par(33, 11), par(27, 42), par(47, 26),
    par(2, 28), par(6, 16), par(-2, -3), par(16, -31), par(12, -19), par(4, -4), par(15, 12), par(4, 23),
    par(-11, 26), par(-6, 11), par(-1, -2), par(9, -11), par(5, -12), par(8, 5), par(-2, 11), par(-14, 21),
    par(-3, 11), par(0, 9), par(2, 11), par(2, 11), par(6, 17), par(10, 17), par(23, 1), par(1, 6),
    par(-18, 21), par(-1, 11), par(-11, 36), par(-6, 21), par(-8, 25), par(25, 22), par(23, 5), par(-12, 6),
    par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0),
];

/// Cavalo.
#[rustfmt::skip]
pub const PC_CAVALO: [TPar; 64] = [
    par(-150, 4), par(-4, 27), par(-38, 32), par(5, 8), par(31, 22), par(-15, 20), par(31, 12), par(-50, -71),
    par(11, -1), par(4, 35), par(21, 28), par(57, 30), par(7, 46), par(22, 13), par(12, 18), par(28, -8),
    par(0, 9), par(7, 36), par(-11, 38), par(51, 41), par(60, 24), par(52, 18), par(30, 10), par(9, 45),
    par(22, 19), par(26, 25), par(50, 41), par(41, 43), par(31, 53), par(51, 40), par(35, 27), par(43, 10),
    par(21, 19), par(27, 18), par(39, 47), par(39, 38), par(52, 39), par(57, 34), par(52, 25), par(31, 24),
    par(2, 1), par(25, 12), par(26, 19), par(53, 18), par(44, 27), par(36, 14), par(38, 15), par(7, 17),
    par(10, -38), par(27, -2), par(27, -7), par(33, 9), par(35, 13), par(30, 4), par(11, 23), par(16, -7),
    par(-3, -43), par(11, -33), par(14, -7), par(37, -11), par(40, -8), par(22, 19), par(14, -13), par(10, -45),
];

/// Bispo.
#[rustfmt::skip]
pub const PC_BISPO: [TPar; 64] = [
    par(-38, 23), par(-62, 35), par(-43, 23), par(-17, 39), par(-14, 27), par(-80, 27), par(-101, 33), par(10, 10),
    par(-11, 9), par(-18, 19), par(6, 20), par(24, 27), par(8, 27), par(-30, 35), par(-24, 43), par(-39, 23),
    par(26, 5), par(12, 12), par(20, 27), par(25, 26), par(29, 35), par(59, 2), par(5, 25), par(26, 27),
    par(27, 1), par(21, 25), par(49, 18), par(30, 32), par(38, 30), par(24, 1), par(25, 24), par(12, 11),
    par(8, 1), par(30, 23), par(28, 24), par(40, 25), par(42, 14), par(41, 20), par(28, 2), par(42, -9),
    par(28, 5), par(35, 15), par(45, 24), par(32, 14), par(35, 23), par(35, 22), par(51, 9), par(16, 11),
    par(57, -22), par(46, -7), par(39, -19), par(37, 11), par(34, 11), par(55, -8), par(48, -11), par(58, 7),
    par(49, -30), par(32, -12), par(33, 0), par(53, -15), par(45, -12), par(18, 11), par(60, -27), par(28, -31),
];

/// Torre.
#[rustfmt::skip]
pub const PC_TORRE: [TPar; 64] = [
    par(23, 47), par(17, 41), par(49, 34), par(63, 22), par(26, 40), par(56, 30), par(14, 46), par(-8, 50),
    par(53, 21), par(30, 28), par(95, 10), par(74, 12), par(61, 15), par(79, 16), par(40, 28), par(23, 27),
    par(24, 35), par(35, 34), par(-1, 50), par(36, 33), par(48, 22), par(8, 37), par(39, 34), par(14, 31),
    par(-17, 46), par(-5, 45), par(5, 36), par(6, 40), par(-4, 37), par(9, 32), par(17, 36), par(-9, 37),
    par(-30, 39), par(-14, 40), par(-10, 38), par(-14, 34), par(11, 29), par(-12, 45), par(-8, 32), par(-11, 27),
    par(-17, 21), par(-5, 17), par(-1, 23), par(-4, 24), par(-15, 29), par(-6, 20), par(14, 14), par(1, 12),
    par(3, -1), par(-15, 7), par(-4, 14), par(14, 4), par(25, -9), par(10, -11), par(23, -22), par(-11, -11),
    par(19, -3), par(20, -3), par(27, -1), par(32, -6), par(33, -3), par(30, -10), par(16, -1), par(35, -35),
];

/// Dama (no ICE, bispo + torre).
#[rustfmt::skip]
pub const PC_DAMA: [TPar; 64] = [
    par(30, 51), par(8, 80), par(52, 71), par(10, 77), par(28, 73), par(20, 52), par(40, 89), par(44, 78),
    par(43, 29), par(-17, 105), par(12, 77), par(-10, 101), par(-4, 77), par(16, 91), par(7, 99), par(25, 33),
    par(33, 40), par(18, 72), par(-9, 91), par(25, 53), par(29, 80), par(35, 94), par(11, 102), par(16, 39),
    par(33, 58), par(14, 104), par(15, 74), par(17, 62), par(15, 60), par(28, 64), par(23, 53), par(44, 11),
    par(32, 66), par(25, 64), par(30, 47), par(33, 46), par(38, 58), par(46, 46), par(42, 32), par(36, 62),
    par(52, 35), par(51, 16), par(50, 44), par(60, -5), par(48, 45), par(65, 28), par(56, 44), par(26, 61),
    par(57, -10), par(79, -17), par(84, -31), par(89, -27), par(85, -11), par(103, -53), par(97, -59), par(64, -28),
    par(87, -32), par(92, -7), par(94, 0), par(98, -40), par(107, -50), par(112, -45), par(50, 13), par(120, -76),
];

/// Rei: meio-jogo protegido no canto, final centralizado.
#[rustfmt::skip]
pub const PC_REI: [TPar; 64] = [
    par(7, 42), par(141, 80), par(122, 96), par(129, 38), par(38, 95), par(486, 36), par(239, 76), par(-29, 1),
    par(29, 98), par(-28, 136), par(122, 122), par(-91, 125), par(15, 136), par(-62, 171), par(391, 66), par(-218, 105),
    par(35, 99), par(3, 132), par(-143, 143), par(-106, 141), par(-133, 157), par(-73, 153), par(13, 150), par(-123, 128),
    par(-47, 107), par(-25, 112), par(-31, 122), par(-102, 129), par(-82, 125), par(-98, 130), par(-39, 119), par(-24, 93),
    par(-74, 99), par(15, 88), par(18, 95), par(-56, 109), par(-58, 106), par(-13, 100), par(-27, 95), par(-107, 101),
    par(-82, 85), par(-23, 81), par(-18, 85), par(-35, 91), par(-21, 91), par(8, 85), par(-7, 85), par(-45, 76),
    par(-7, 66), par(-16, 84), par(-15, 83), par(-17, 80), par(-37, 83), par(-2, 73), par(6, 72), par(-29, 75),
    par(-150, 125), par(-70, 88), par(-84, 94), par(-86, 84), par(-45, 58), par(-75, 81), par(-68, 86), par(-115, 90),
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
