//! Pesos da avaliação: cada número que dá pontos a um termo (material,
//! tabelas peça-casa e os termos de conhecimento de xadrez) e a conta que os
//! soma com nome.
//!
//! Nível 2, a base da avaliação: depende só de `tipos`. `material`, `peoes` e
//! `avaliacao` somam estes pesos; nenhum deles é importado aqui. Fica abaixo
//! do tabuleiro (nível 3) porque `peca_casa` monta com `MATERIAL` e `PC_*` a
//! tabela cuja soma o `TBoard` mantém no `make`.
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
pub const BONUS_PAR_BISPOS: TPar = par(29, 61); // ICE 1.40: +20; no final o par vale mais
pub const FINAL_PEOES_A_MAIS: TPar = par(0, 24); // ICE 1.40: ±75 no final de rei e peões
pub const TORRE_SEMIABERTA: TPar = par(13, 10); // ICE 1.40: +20 por coluna sem peão próprio
pub const TORRE_ABERTA: TPar = par(26, -17); // ICE 1.40: +10 a mais sem peão inimigo (aberta = 30)
pub const TORRES_DOBRADAS: TPar = par(46, 10); // ICE 1.40: +5, bateria na coluna semiaberta
pub const REI_COLUNA_SEMIABERTA: TPar = par(-17, 1); // ICE 1.40: −20, coluna do rei sem peão inimigo
pub const BONUS_ROQUE: TPar = par(67, -24); // ICE 1.40: +50 se rocou e o inimigo tem peças pesadas
pub const PEAO_DOBRADO_CENTRO: TPar = par(-12, -19); // ICE 1.40: −10 por coluna c..f
pub const PEAO_DOBRADO_ALA: TPar = par(-19, -32); // ICE 1.40: −15 por coluna a, b, g, h
pub const PEAO_ISOLADO: TPar = par(1, -17); // ICE 1.40: −15 por coluna
pub const PEAO_ISOLADO_EXPOSTO: TPar = par(-10, -15); // ICE 1.40: −30 a mais sem peão inimigo na coluna

// --- Análise de abertura do ICE (só enquanto o lance < LANCE_FIM_ABERTURA) ---
pub const ABERTURA_ROQUE: TPar = par(19, 3); // ICE 1.40: +15 por rocar cedo
pub const ABERTURA_PEAO_CENTRAL: TPar = par(19, 4); // ICE 1.40: +15 por lance de d2/e2
pub const ABERTURA_PECA_DUAS_VEZES: TPar = par(-19, -4); // ICE 1.40: −15 (aproximação)
pub const ABERTURA_DAMA_CEDO: TPar = par(-19, -4); // ICE 1.40: −15 por lance saindo de d1
pub const ABERTURA_REI_ANDOU: TPar = par(-15, -2); // ICE 1.40: −15 por lance de rei sem roque
pub const ABERTURA_PEAO_F: TPar = par(-19, -4); // ICE 1.40: −15 por lance de f2
pub const PECA_BLOQUEIA_PEAO_CENTRAL: TPar = par(-17, 21); // 1.78: peça em d3/e3 na frente do peão

// --- Termos que o artigo (ICE 1.78) descreve sem números --------------------
pub const PEAO_ATRASADO: TPar = par(4, -5); // 1.78: peão atrasado
pub const PEAO_ATRASADO_EXPOSTO: TPar = par(-14, -13); // 1.78: atrasado em coluna sem peão inimigo
pub const PEAO_ILHA: TPar = par(-13, 24); // por ilha de peões além da primeira
/// Peão ligado (defendido por peão ou em falange), por casa: fileira
/// relativa × 4 + coluna espelhada (a..d). Só ICE-rs.
#[rustfmt::skip]
pub const PEAO_LIGADO: [TPar; 32] = [
    par(0, 0), par(0, 0), par(0, 0), par(0, 0),
    par(0, 0), par(0, 0), par(0, 0), par(0, 0),
    par(-1, -1), par(5, 4), par(-4, -1), par(0, 10),
    par(2, 4), par(10, 6), par(9, 5), par(7, 9),
    par(6, 4), par(16, 4), par(8, 9), par(4, 13),
    par(10, 13), par(9, 9), par(11, 8), par(16, 9),
    par(-17, 21), par(27, 19), par(47, 29), par(26, 38),
    par(2, 65), par(89, 98), par(7, 64), par(-35, 77),
];
/// Peões, cavalos e bispos próprios na zona do rei (0 a 11). Só ICE-rs.
#[rustfmt::skip]
pub const REI_DEFENSORES: [TPar; 12] = [
    par(-17, -3), par(-5, -2), par(1, 3), par(5, 2), par(14, 5), par(13, 5),
    par(-3, -26), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0),
];
/// Candidato a passado, pela fileira relativa. Só ICE-rs.
#[rustfmt::skip]
pub const PEAO_CANDIDATO: [TPar; 8] = [
    par(0, 0), par(0, 0), par(0, -3), par(-1, 6), par(4, 8), par(5, 21), par(28, 61), par(0, 0),
];
pub const TORRE_SETIMA: TPar = par(-54, 44); // 1.78: com o rei inimigo na 8ª ou peões na 7ª
pub const REI_COLUNA_VIZINHA_SEMIABERTA: TPar = par(-13, 11); // 1.78: colunas ao lado do rei
pub const DESEQ_DUAS_TORRES_DAMA: TPar = par(56, -165); // 1.78: 2T×D (o material já dá +100 às torres)
pub const DESEQ_MENORES_TORRE: TPar = par(22, 28); // 1.78: 2 peças menores × torre (e peão)
pub const DESEQ_PECA_PEOES: TPar = par(-5, 74); // peça menor contra peões, no meio-jogo

/// Peão passado por fileira relativa (índice 0 = fileira 1 … 7 = fileira 8).
/// 1.78: cresce com a proximidade da promoção (o ICE 1.40 dava +15/+20 fixos).
#[rustfmt::skip]
pub const PEAO_PASSADO: [TPar; 8] = [
    par(0, 0), par(-2, 26), par(3, 17), par(11, 19),
    par(67, 15), par(150, 14), par(243, 46), par(0, 0),
];

/// Escudo do rei: peão próprio mais próximo à frente do rei, em cada uma das
/// três colunas (a do rei conta em dobro). Índice = distância em fileiras − 1;
/// o último é "sem peão" (ou longe demais). O ICE 1.40 dava +5 por coluna com
/// peão próprio; o 1.78 passou a olhar tamanho e forma do escudo.
pub const REI_ESCUDO: [TPar; 4] = [par(-18, 10), par(-22, 10), par(-23, 0), par(-33, 13)];

/// Abrigo do rei (só ICE-rs; issue 49): em cada coluna do rei e nas
/// vizinhas, o peão próprio mais próximo à frente dele, pela distância em
/// fileiras (0 = nenhum). Índice = (coluna do rei? × 4 + coluna espelhada
/// a..d) × 8 + distância. Uma tabela em vez do `REI_ESCUDO` de quatro
/// valores: um peão em g2 não vale o mesmo que em b2, e a coluna do rei
/// não vale só o dobro das outras — o afinador diz quanto vale cada uma.
/// Vale sempre, não só com a dama inimiga (no final, o `eg` decide).
#[rustfmt::skip]
pub const ESCUDO_REI: [TPar; 64] = [
    par(-42, 15), par(-19, -6), par(-12, 7), par(-27, 10), par(-32, 22), par(-24, 39), par(-53, 109), par(-33, 13),
    par(-35, 16), par(-18, 0), par(-24, 14), par(-22, 8), par(-44, 26), par(-8, 7), par(-140, 7), par(-33, 13),
    par(-30, 12), par(-16, 3), par(-22, 11), par(-26, 8), par(-36, 18), par(-19, 22), par(-24, 46), par(-33, 13),
    par(-30, 13), par(-21, 3), par(-24, 11), par(-22, 15), par(-20, -2), par(-40, -19), par(-65, -22), par(-33, 13),
    par(-83, 37), par(-36, -1), par(-28, 8), par(-64, 20), par(-83, 59), par(-100, 67), par(-40, 79), par(-66, 26),
    par(-73, 28), par(-32, 9), par(-40, 19), par(-46, 11), par(-64, 34), par(-100, 74), par(-73, 29), par(-66, 26),
    par(-66, 22), par(-33, 15), par(-45, 22), par(-49, 12), par(-76, 11), par(-90, 39), par(-58, 63), par(-66, 26),
    par(-62, 22), par(-44, 21), par(-42, 22), par(-45, 14), par(-51, 10), par(-77, -9), par(-49, 16), par(-66, 26),
];

/// Tempestade contra o rei (só ICE-rs; issue 49): nas mesmas três colunas,
/// o peão inimigo mais próximo à frente do rei, pela distância em fileiras
/// (0 = nenhum), e se ele está bloqueado por um peão próprio logo à frente
/// dele. Índice = (bloqueado × 4 + coluna espelhada) × 8 + distância. Vale
/// com roques do mesmo lado também: um peão h inimigo chegando a h3 abre a
/// coluna do rei em qualquer caso (o `PEAO_TEMPESTADE` do 1.78 só olhava os
/// roques opostos, e o motor não via a tempestade que sofria).
#[rustfmt::skip]
pub const TEMPESTADE_REI: [TPar; 64] = [
    par(-3, 1), par(45, -4), par(-45, 7), par(-5, 8), par(-4, 6), par(3, 3), par(-4, 8), par(0, 0),
    par(1, 1), par(13, 5), par(-9, -2), par(-2, 4), par(0, 3), par(3, 3), par(-3, 6), par(0, 0),
    par(2, 3), par(13, -1), par(-6, 0), par(-10, 7), par(-4, 8), par(-2, 6), par(4, 3), par(0, 0),
    par(4, 2), par(23, -7), par(-7, -7), par(-3, 4), par(-4, 9), par(3, 1), par(0, -5), par(0, 0),
    par(0, 0), par(0, 0), par(-10, -11), par(10, -13), par(9, 0), par(3, 4), par(-6, -3), par(0, 0),
    par(0, 0), par(0, 0), par(-31, -9), par(12, -14), par(-5, -11), par(-2, -5), par(8, 0), par(0, 0),
    par(0, 0), par(0, 0), par(3, -22), par(10, -12), par(13, -14), par(16, -41), par(10, -32), par(0, 0),
    par(0, 0), par(0, 0), par(5, -17), par(-5, -4), par(0, -4), par(2, -9), par(52, -37), par(0, 0),
];

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
    par(-29, -67), par(-16, -28), par(-12, 5), par(-8, 16),
    par(-4, 22), par(1, 28), par(5, 31), par(8, 30),
    par(17, 25),
];
#[rustfmt::skip]
pub const MOB_BISPO: [TPar; 14] = [
    par(-40, -51), par(-27, -25), par(-20, -8), par(-16, 4),
    par(-13, 18), par(-9, 19), par(-10, 28), par(-10, 30),
    par(-7, 33), par(-7, 35), par(-3, 29), par(1, 34),
    par(2, 28), par(7, 26),
];
#[rustfmt::skip]
pub const MOB_TORRE: [TPar; 15] = [
    par(-70, -7), par(-58, -2), par(-54, 9), par(-49, 13),
    par(-50, 24), par(-48, 29), par(-42, 30), par(-40, 34),
    par(-38, 38), par(-34, 40), par(-30, 45), par(-28, 46),
    par(-29, 52), par(-31, 53), par(12, 29),
];
#[rustfmt::skip]
pub const MOB_DAMA: [TPar; 28] = [
    par(-37, -98), par(-31, -90), par(-29, -71), par(-30, -40),
    par(-28, -15), par(-27, -5), par(-27, 20), par(-26, 43),
    par(-26, 54), par(-24, 53), par(-22, 68), par(-23, 79),
    par(-21, 76), par(-24, 79), par(-21, 88), par(-21, 96),
    par(-23, 96), par(-16, 95), par(-12, 87), par(3, 65),
    par(0, 64), par(78, -9), par(43, -1), par(123, -64),
    par(84, -60), par(132, -127), par(37, -118), par(-60, -250),
];
pub const TROPISMO_CAVALO: TPar = par(5, 0); // por casa de proximidade ao rei inimigo (7 − distância)
pub const TROPISMO_BISPO: TPar = par(7, -1); // idem, bispo
pub const TROPISMO_TORRE: TPar = par(9, -3); // idem, torre
pub const TROPISMO_DAMA: TPar = par(15, 12); // idem, dama (também no final: ajuda o mate)
/// Ataque ao rei: por unidade de ataque², ÷ 16 (ver `mobilidade_tropismo`). O
/// escudo do ICE só olha os peões; um rei com escudo perfeito e três peças
/// inimigas batendo nas casas em volta estava "seguro" e o motor perdia assim.
pub const ATAQUE_REI: TPar = par(1, 1);
/// Ameaças: peça (C, B, T, D) atacada por peão inimigo; torre ou dama atacada
/// por peça menor inimiga. Por peça, do lado atacado.
pub const PECA_ATACADA_POR_PEAO: TPar = par(-54, -35);
pub const MAIOR_ATACADA_POR_MENOR: TPar = par(-44, -27);
/// Peça (cavalo a dama) atacada e sem nenhum defensor (só ICE-rs).
pub const PECA_PENDURADA: TPar = par(-8, -1);
/// Posto avançado (só ICE-rs): cavalo ou bispo na 4ª, 5ª ou 6ª fileira,
/// defendido por peão próprio, numa casa que nenhum peão inimigo pode mais
/// atacar. Só uma troca o tira dali; o cavalo, de alcance curto, ganha mais.
pub const POSTO_CAVALO: TPar = par(18, 0);
pub const POSTO_BISPO: TPar = par(15, 8);
/// Xeques seguros (só ICE-rs), por peça que dá o xeque (C, B, T, D): casas
/// de onde a peça daria xeque, que ela já alcança, sem peça própria e que o
/// defensor não ataca. O ataque ao rei conta casas em volta dele; o xeque
/// seguro é o que de fato abre o rei (ou ganha tempo para o mate).
pub const CHEQUE_SEGURO: [TPar; 4] = [par(38, -2), par(5, 18), par(43, -1), par(8, 22)];
/// Cavalo ou bispo atacado por peça menor inimiga e sem peão que o defenda
/// (a troca, quando vier, desmancha a estrutura de quem retoma).
pub const MENOR_ATACADA_POR_MENOR: TPar = par(-13, -28);
/// Dama atacada por torre inimiga: precisa sair, e o lado que ataca ganha tempo.
pub const DAMA_ATACADA_POR_TORRE: TPar = par(-70, -15);
/// Ameaças da rodada 4 (só ICE-rs), como as "threats" do Ethereal. "Mal
/// defendida" é a casa que o inimigo ataca e o lado não defende, ou que o
/// inimigo ataca duas vezes e o lado só uma (e nenhum peão próprio a
/// defende): a troca ali ganha material.
///
/// Peão mal defendido e atacado por peça (o ataque de peão a peão é coisa
/// da estrutura, que a tabela de peões já conta).
pub const PEAO_FRACO_ATACADO: TPar = par(-14, -31);
/// Cavalo ou bispo mal defendido atacado por torre ou dama inimiga.
pub const MENOR_ATACADA_POR_MAIOR: TPar = par(-19, -39);
/// Cavalo, bispo ou torre mal defendido ao alcance do rei inimigo.
pub const PECA_ATACADA_PELO_REI: TPar = par(-27, -18);
/// Dama atacada por qualquer coisa do inimigo (peão, peça ou rei): ela tem
/// de sair, e o lance que a tira não faz outra coisa.
pub const DAMA_ATACADA: TPar = par(7, -9);
/// Peça (C a D) atacada, defendida uma vez só e não por peão: o defensor
/// que sai para outra tarefa a deixa pendurada.
pub const PECA_SOBRECARREGADA: TPar = par(-2, -16);
/// Dama na linha (ou diagonal) de uma torre ou bispo inimigo (ou da outra
/// dama) com uma peça só no meio: se a peça do meio sair, a dama cai ou
/// fica cravada.
pub const DAMA_CRAVADA: TPar = par(-13, -4);
/// Bispo numa das duas grandes diagonais que enxerga as duas casas
/// centrais dela por cima dos peões (d4 e e5, ou e4 e d5).
pub const BISPO_DIAGONAL_LONGA: TPar = par(8, 19);
/// Peça (C, B, T, D) que um peão inimigo passaria a atacar avançando uma
/// casa (ou duas, da fileira inicial) para uma casa onde não é tomado de
/// graça. A ameaça ainda não existe, por isso a quiescência não a vê; e o
/// avanço vem com tempo (a peça tem de fugir).
pub const AMEACA_AVANCO_PEAO: TPar = par(-18, -7);
/// Espaço (só ICE-rs): casas das colunas c a f nas fileiras 2 a 4 (do ponto
/// de vista de cada lado) sem peão próprio e fora do alcance dos peões
/// inimigos; as que ficam atrás de um peão próprio contam de novo. Com mais
/// espaço as peças manobram atrás da cadeia; pesa no meio-jogo.
pub const ESPACO: TPar = par(1, 6);
/// Bispo "mau": por peão próprio em casa da mesma cor do bispo (os peões
/// fixos tapam as diagonais dele).
pub const BISPO_PEOES_COR: TPar = par(-4, -3);
/// Cavalo ou bispo logo atrás de um peão (de qualquer cor): o peão o protege
/// de ataques pela coluna e tapa a coluna para as torres do inimigo.
pub const MENOR_ATRAS_PEAO: TPar = par(4, 13);
/// Rei no final: por casa de distância ao peão próprio e ao inimigo mais
/// próximos (o rei precisa andar até onde os peões estão).
pub const REI_DISTANCIA_PEAO_PROPRIO: TPar = par(4, -14);
pub const REI_DISTANCIA_PEAO_INIMIGO: TPar = par(0, -10);
/// Vantagem de ter a vez (só ICE-rs): numa posição quieta, quem joga
/// escolhe o plano; sem esse termo a avaliação parada trata as duas cores
/// como se ninguém tivesse o lance.
pub const TEMPO: TPar = par(16, 10);
// Passados: termos que olham os reis e as peças (`peoes::passados_dinamicos`).
// As distâncias dos reis têm um peso por fileira do passado (índice =
// fileira relativa − 1), vezes a distância do rei à casa da frente: um rei a
// três casas de um passado na 3ª pouco importa, na 7ª decide o final.
#[rustfmt::skip]
pub const PASSADO_REI_INIMIGO: [TPar; 8] = [
    par(0, 0), par(2, -5), par(-8, 2), par(-9, 14), par(-7, 25), par(-7, 38), par(-13, 50), par(0, 0),
];
#[rustfmt::skip]
pub const PASSADO_REI_PROPRIO: [TPar; 8] = [
    par(0, 0), par(1, -3), par(5, -5), par(8, -11), par(-4, -11), par(-13, -11), par(-18, -11), par(0, 0),
];
/// O passado que pode andar (casa da frente vazia) e se pode andar em
/// segurança (a casa da frente não é atacada pelo inimigo), por fileira:
/// índice = (pode × 2 + seguro) × 8 + fileira relativa − 1. Um passado
/// bloqueado ou que anda para ser tomado vale bem menos que um livre (o
/// Ethereal conta assim: `PassedPawn[canAdvance][safeAdvance][rank]`).
#[rustfmt::skip]
pub const PASSADO_AVANCO: [TPar; 32] = [
    par(0, 0), par(-21, -1), par(3, -6), par(-25, 17), par(-10, 9), par(1, -18), par(-37, -23), par(0, 0),
    par(0, 0), par(14, -5), par(-5, 7), par(-8, 9), par(-4, 7), par(2, -7), par(-13, -26), par(0, 0),
    par(0, 0), par(-6, 12), par(9, 1), par(-5, 6), par(-5, 4), par(5, -7), par(30, -13), par(0, 0),
    par(0, 0), par(-5, 18), par(9, 6), par(-8, 18), par(-4, 26), par(2, 36), par(55, 60), par(0, 0),
];
pub const PASSADO_LIVRE: TPar = par(0, 9); // caminho até a promoção vazio
pub const PASSADO_IMPARAVEL: TPar = par(-28, 204); // regra do quadrado, inimigo sem peças

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
    par(125, 128), par(99, 132), par(112, 201), par(133, -11),
    par(41, 0), par(60, -6), par(96, 0), par(65, 76),
    par(126, -60), par(92, 11), par(40, -16), par(-282, -212),
    par(-169, 16),
];
/// Número de características do perigo ao rei (ver `PERIGO_REI`).
pub const NUM_PERIGO: usize = 13;

/// Complexidade (só ICE-rs; issue 49): o outro termo não linear, como o
/// "complexity" do Ethereal e a "initiative" do Stockfish. Depois de somados
/// todos os termos, o final (eg, brancas − pretas) recebe
/// sinal(eg) × max(complexidade, −|eg|), com complexidade = Σ pesos × as
/// características abaixo (`avaliacao::caracteristicas_complexidade`). Um
/// valor positivo aumenta a vantagem de quem está à frente (posição com
/// muito para jogar); um negativo a encolhe (posição que tende ao empate),
/// mas nunca a ponto de trocar o lado que está à frente. Só o `eg` é lido:
/// o `mg` fica em zero (o afinador não o mexe: a derivada dele é zero).
///
/// 0: total de peões no tabuleiro; 1: há peões nas colunas a–d e nas
/// colunas e–h; 2: nenhuma peça além de peões e reis (final de peões);
/// 3: peões passados (das duas cores); 4: constante (1 sempre, o viés,
/// normalmente negativo).
#[rustfmt::skip]
pub const COMPLEXIDADE: [TPar; NUM_COMPLEXIDADE] = [
    par(0, 5), par(0, 39), par(0, 37), par(0, 3), par(0, -84),
];
/// Número de características da complexidade (ver `COMPLEXIDADE`).
pub const NUM_COMPLEXIDADE: usize = 5;

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
    par(83, 99),
    par(332, 291),
    par(356, 317),
    par(507, 583),
    par(1317, 780),
    par(0, 0),
];

/// Peão.
#[rustfmt::skip]
pub const PC_PEAO: [TPar; 64] = [
    par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0),
    par(153, -38), par(113, 25), par(63, 19), par(69, 27), par(113, 30), par(60, 10), par(44, 50), par(121, -38),
    par(25, 30), par(13, 36), par(-23, 26), par(29, 3), par(24, 12), par(8, 22), par(16, 55), par(38, 25),
    par(2, 28), par(9, 17), par(5, -5), par(14, -24), par(8, -21), par(10, -4), par(16, 18), par(1, 25),
    par(-10, 25), par(-13, 16), par(2, -9), par(15, -21), par(11, -17), par(9, -1), par(-5, 14), par(-14, 21),
    par(-5, 11), par(-10, 14), par(-2, 3), par(4, 1), par(6, 7), par(4, 13), par(17, 2), par(-3, 5),
    par(-17, 21), par(1, 15), par(-10, 30), par(0, 11), par(0, 22), par(24, 22), par(23, 9), par(-12, 10),
    par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0),
];

/// Cavalo.
#[rustfmt::skip]
pub const PC_CAVALO: [TPar; 64] = [
    par(-142, 0), par(-39, 31), par(-34, 33), par(-4, 11), par(54, 28), par(-50, 35), par(80, -21), par(-65, -77),
    par(3, 11), par(5, 38), par(22, 36), par(53, 34), par(15, 45), par(23, 20), par(29, 14), par(33, -10),
    par(24, 0), par(12, 36), par(-5, 42), par(43, 42), par(58, 24), par(51, 25), par(32, 16), par(21, 36),
    par(30, 24), par(23, 30), par(44, 37), par(38, 48), par(31, 50), par(55, 39), par(33, 29), par(38, 16),
    par(21, 17), par(31, 17), par(37, 43), par(34, 41), par(47, 43), par(51, 35), par(54, 28), par(33, 25),
    par(2, 3), par(22, 24), par(23, 21), par(47, 21), par(43, 27), par(36, 12), par(39, 13), par(9, 18),
    par(7, -16), par(28, 2), par(25, 4), par(28, 10), par(32, 17), par(25, 8), par(16, 17), par(14, 11),
    par(-6, -43), par(10, -28), par(10, -8), par(37, -3), par(37, 2), par(13, 11), par(15, -10), par(12, -25),
];

/// Bispo.
#[rustfmt::skip]
pub const PC_BISPO: [TPar; 64] = [
    par(-43, 20), par(-39, 42), par(-24, 33), par(-12, 35), par(6, 28), par(-71, 34), par(-90, 33), par(6, 3),
    par(5, 23), par(-20, 8), par(2, 29), par(30, 27), par(-5, 33), par(-11, 38), par(-5, 18), par(-57, 25),
    par(21, 18), par(18, 20), par(15, 15), par(23, 30), par(27, 27), par(41, -1), par(16, 26), par(19, 23),
    par(28, 11), par(29, 32), par(44, 19), par(29, 39), par(29, 38), par(34, 8), par(21, 32), par(17, 15),
    par(25, 8), par(30, 22), par(30, 30), par(42, 32), par(42, 23), par(36, 27), par(32, 12), par(42, -8),
    par(30, 6), par(37, 13), par(31, 12), par(33, 20), par(33, 25), par(32, 4), par(44, 16), par(19, 15),
    par(54, -11), par(38, -14), par(35, -1), par(32, 11), par(33, 17), par(50, -1), par(41, -19), par(57, 4),
    par(47, -37), par(42, -8), par(30, 5), par(42, 1), par(47, -8), par(14, 13), par(58, -16), par(24, -28),
];

/// Torre.
#[rustfmt::skip]
pub const PC_TORRE: [TPar; 64] = [
    par(4, 51), par(19, 41), par(62, 26), par(49, 30), par(31, 39), par(54, 27), par(10, 43), par(16, 44),
    par(50, 24), par(34, 26), par(78, 14), par(81, 5), par(55, 12), par(60, 14), par(45, 25), par(43, 17),
    par(10, 44), par(20, 38), par(-10, 49), par(24, 35), par(28, 26), par(3, 34), par(34, 33), par(-5, 40),
    par(-9, 48), par(-6, 48), par(0, 40), par(-4, 43), par(-5, 40), par(-16, 43), par(9, 43), par(-4, 32),
    par(-28, 40), par(-18, 39), par(-17, 40), par(-18, 37), par(-2, 41), par(-9, 42), par(-1, 29), par(-16, 24),
    par(-13, 18), par(-14, 25), par(-6, 22), par(-10, 23), par(-12, 33), par(-2, 19), par(10, 9), par(-4, 6),
    par(4, 2), par(-9, 9), par(9, 6), par(17, 8), par(28, 1), par(4, 0), par(28, -17), par(-13, -10),
    par(22, -1), par(25, 0), par(29, 2), par(31, 2), par(32, 2), par(29, 0), par(17, 2), par(35, -29),
];

/// Dama (no ICE, bispo + torre).
#[rustfmt::skip]
pub const PC_DAMA: [TPar; 64] = [
    par(13, 81), par(4, 94), par(36, 74), par(13, 94), par(24, 76), par(31, 53), par(33, 96), par(29, 84),
    par(39, 43), par(-26, 108), par(7, 73), par(4, 76), par(-13, 86), par(22, 78), par(19, 84), par(27, 35),
    par(36, 54), par(12, 61), par(1, 60), par(18, 62), par(16, 84), par(46, 84), par(15, 100), par(25, 36),
    par(42, 47), par(21, 85), par(16, 76), par(11, 72), par(19, 56), par(39, 60), par(14, 75), par(43, 15),
    par(47, 35), par(33, 55), par(26, 54), par(33, 57), par(43, 56), par(42, 49), par(40, 41), par(41, 53),
    par(62, 15), par(51, 23), par(51, 38), par(61, -1), par(50, 45), par(64, 33), par(54, 53), par(36, 63),
    par(52, -8), par(72, -9), par(81, -29), par(85, -23), par(84, -5), par(101, -52), par(99, -47), par(73, -26),
    par(96, -39), par(94, -19), par(94, -6), par(94, -24), par(101, -29), par(98, -37), par(68, -5), par(106, -49),
];

/// Rei: meio-jogo protegido no canto, final centralizado.
#[rustfmt::skip]
pub const PC_REI: [TPar; 64] = [
    par(-15, 45), par(163, 101), par(124, 106), par(84, 65), par(63, 108), par(419, 62), par(238, 53), par(-14, 15),
    par(9, 101), par(-14, 126), par(54, 135), par(-63, 133), par(-12, 147), par(-63, 168), par(247, 104), par(-221, 120),
    par(22, 88), par(37, 116), par(-108, 142), par(-52, 124), par(-97, 147), par(-78, 153), par(22, 143), par(-111, 108),
    par(-52, 101), par(0, 107), par(1, 106), par(-35, 113), par(-50, 115), par(-63, 121), par(-40, 117), par(-51, 94),
    par(-80, 94), par(16, 89), par(29, 89), par(-32, 99), par(-52, 107), par(5, 94), par(7, 87), par(-109, 101),
    par(-52, 83), par(7, 79), par(-11, 84), par(-23, 93), par(-18, 90), par(6, 82), par(21, 77), par(-54, 84),
    par(-29, 72), par(-13, 85), par(-12, 81), par(-20, 83), par(-35, 83), par(-5, 76), par(10, 74), par(-25, 81),
    par(-153, 123), par(-80, 97), par(-88, 95), par(-88, 91), par(-49, 64), par(-78, 88), par(-73, 92), par(-117, 95),
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
pub const CAT_COMPLEXIDADE: usize = 20;
pub const NUM_CATEGORIAS: usize = 21;
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
    "Complexidade",
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
/// afinador de Texel usa (a avaliação é linear nos pesos, fora a escala, o
/// perigo ao rei e a complexidade, cujas características o traço guarda).
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
    /// Características da complexidade (ver `COMPLEXIDADE`; todas zero no
    /// modo clássico, que não tem o termo) e o ajuste que ela deu ao final,
    /// do ponto de vista das brancas (já incluído em `soma`, na cor que
    /// está à frente, e na categoria `CAT_COMPLEXIDADE`).
    pub complexidade: [i32; NUM_COMPLEXIDADE],
    pub ajuste_complexidade: i32,
}

/// Acumulador de uma avaliação: (meio-jogo, final) de cada cor, e o traço
/// quando alguém o pediu (`TRACO`; então `traco` é `Some`).
// `TRACO` é um parâmetro de compilação, e não só o `Option`: cada `acumula`
// testava o `traco` (ler, testar, desviar), e eram uns 180 M das 9 300 M
// instruções do `ice bench`, para uma resposta que na busca é sempre "não".
// Com o parâmetro, o compilador faz duas cópias da avaliação: a da busca
// (`TConta<false>`) sem teste nenhum, e a do traço (`tabela_eval`, o
// afinador). É o único genérico da avaliação, e só por isto.
pub(crate) struct TConta<'a, const TRACO: bool> {
    pub(crate) s: [TPar; 2],
    pub(crate) categoria: usize,
    pub(crate) traco: Option<&'a mut TTraco>,
}

/// Diz em que categoria do traço os próximos pesos entram. Só o traço lê a
/// categoria: sem ele (`TRACO` falso, a busca) não se grava nada, e a
/// avaliação não paga uma escrita na memória a cada troca de termo.
#[inline(always)]
pub(crate) fn categoria<const TRACO: bool>(c: &mut TConta<TRACO>, cat: usize) {
    if TRACO {
        c.categoria = cat;
    }
}

/// Soma `n` vezes o peso `peso` (de nome `nome`, posição `indice` numa
/// tabela) à conta da cor `cor`. Com nome vazio, é uma parte fixa (que o
/// afinador não ajusta). Para uma constante com nome, use `soma!`.
#[inline(always)]
pub(crate) fn acumula<const TRACO: bool>(
    c: &mut TConta<TRACO>,
    cor: usize,
    nome: &'static str,
    indice: usize,
    peso: TPar,
    n: i32,
) {
    c.s[cor].mg += peso.mg * n;
    c.s[cor].eg += peso.eg * n;
    if TRACO {
        if let Some(t) = c.traco.as_deref_mut() {
            registra(t, c.categoria, cor, nome, indice, peso, n);
        }
    }
}

/// Guarda um termo no traço (só em `tabela_eval` e no afinador).
// Fora de linha e fria: o compilador a copiava inteira (a procura na lista
// e o `push` com o seu crescimento) em cada termo da `avalia`, que passava
// de 38 KB de código, mais que o cache de instruções, para um caminho que a
// busca nunca toma. Chamada, ela só custa ao traço.
#[cold]
#[inline(never)]
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
