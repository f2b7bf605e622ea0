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
pub const BONUS_PAR_BISPOS: TPar = par(28, 55); // ICE 1.40: +20; no final o par vale mais
pub const FINAL_PEOES_A_MAIS: TPar = par(0, 35); // ICE 1.40: ±75 no final de rei e peões
pub const TORRE_SEMIABERTA: TPar = par(9, 11); // ICE 1.40: +20 por coluna sem peão próprio
pub const TORRE_ABERTA: TPar = par(25, -15); // ICE 1.40: +10 a mais sem peão inimigo (aberta = 30)
pub const TORRES_DOBRADAS: TPar = par(43, 13); // ICE 1.40: +5, bateria na coluna semiaberta
pub const REI_COLUNA_SEMIABERTA: TPar = par(-20, 3); // ICE 1.40: −20, coluna do rei sem peão inimigo
pub const BONUS_ROQUE: TPar = par(68, -22); // ICE 1.40: +50 se rocou e o inimigo tem peças pesadas
pub const PEAO_DOBRADO_CENTRO: TPar = par(-10, -16); // ICE 1.40: −10 por coluna c..f
pub const PEAO_DOBRADO_ALA: TPar = par(-12, -38); // ICE 1.40: −15 por coluna a, b, g, h
pub const PEAO_ISOLADO: TPar = par(3, -12); // ICE 1.40: −15 por coluna
pub const PEAO_ISOLADO_EXPOSTO: TPar = par(-8, -14); // ICE 1.40: −30 a mais sem peão inimigo na coluna

// --- Análise de abertura do ICE (só enquanto o lance < LANCE_FIM_ABERTURA) ---
pub const ABERTURA_ROQUE: TPar = par(19, 3); // ICE 1.40: +15 por rocar cedo
pub const ABERTURA_PEAO_CENTRAL: TPar = par(19, 4); // ICE 1.40: +15 por lance de d2/e2
pub const ABERTURA_PECA_DUAS_VEZES: TPar = par(-19, -4); // ICE 1.40: −15 (aproximação)
pub const ABERTURA_DAMA_CEDO: TPar = par(-19, -4); // ICE 1.40: −15 por lance saindo de d1
pub const ABERTURA_REI_ANDOU: TPar = par(-15, -2); // ICE 1.40: −15 por lance de rei sem roque
pub const ABERTURA_PEAO_F: TPar = par(-19, -4); // ICE 1.40: −15 por lance de f2
pub const PECA_BLOQUEIA_PEAO_CENTRAL: TPar = par(-19, 11); // 1.78: peça em d3/e3 na frente do peão

// --- Termos que o artigo (ICE 1.78) descreve sem números --------------------
pub const PEAO_ATRASADO: TPar = par(3, -1); // 1.78: peão atrasado
pub const PEAO_ATRASADO_EXPOSTO: TPar = par(-14, -13); // 1.78: atrasado em coluna sem peão inimigo
pub const PEAO_ILHA: TPar = par(-15, 19); // por ilha de peões além da primeira
/// Peão ligado (defendido por peão ou em falange), por casa: fileira
/// relativa × 4 + coluna espelhada (a..d). Só ICE-rs.
#[rustfmt::skip]
pub const PEAO_LIGADO: [TPar; 32] = [
    par(0, 0), par(0, 0), par(0, 0), par(0, 0),
    par(0, 0), par(0, 0), par(0, 0), par(0, 0),
    par(1, -10), par(6, 7), par(-3, -7), par(3, 14),
    par(6, 4), par(13, 5), par(12, 9), par(11, 13),
    par(3, 5), par(20, 5), par(9, 9), par(8, 19),
    par(13, 8), par(8, 16), par(18, 17), par(18, 13),
    par(-16, 34), par(50, 38), par(62, 32), par(43, 49),
    par(-20, 119), par(122, 109), par(9, 78), par(27, 94),
];
/// Peões, cavalos e bispos próprios na zona do rei (0 a 11). Só ICE-rs.
#[rustfmt::skip]
pub const REI_DEFENSORES: [TPar; 12] = [
    par(-18, 1), par(-6, -3), par(0, 2), par(7, 4), par(15, 1), par(18, -25),
    par(-17, -19), par(-2, -1), par(0, 0), par(0, 0), par(0, 0), par(0, 0),
];
/// Candidato a passado, pela fileira relativa. Só ICE-rs.
#[rustfmt::skip]
pub const PEAO_CANDIDATO: [TPar; 8] = [
    par(0, 0), par(0, 0), par(3, -5), par(1, 2), par(8, 12), par(11, 24), par(23, 76), par(0, 0),
];
pub const TORRE_SETIMA: TPar = par(-60, 42); // 1.78: com o rei inimigo na 8ª ou peões na 7ª
pub const REI_COLUNA_VIZINHA_SEMIABERTA: TPar = par(-10, 9); // 1.78: colunas ao lado do rei
pub const DESEQ_DUAS_TORRES_DAMA: TPar = par(88, -168); // 1.78: 2T×D (o material já dá +100 às torres)
pub const DESEQ_MENORES_TORRE: TPar = par(16, 34); // 1.78: 2 peças menores × torre (e peão)
pub const DESEQ_PECA_PEOES: TPar = par(-18, 91); // peça menor contra peões, no meio-jogo

/// Peão passado por fileira relativa (índice 0 = fileira 1 … 7 = fileira 8).
/// 1.78: cresce com a proximidade da promoção (o ICE 1.40 dava +15/+20 fixos).
#[rustfmt::skip]
pub const PEAO_PASSADO: [TPar; 8] = [
    par(0, 0), par(0, 24), par(3, 22), par(-1, 30),
    par(64, 24), par(151, 21), par(254, 45), par(0, 0),
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
    par(-39, 16), par(-23, -4), par(-12, 5), par(-21, 10), par(-32, 23), par(-35, 38), par(-76, 77), par(-33, 13),
    par(-33, 9), par(-18, -7), par(-23, 4), par(-24, -3), par(-40, 19), par(-14, 23), par(-113, 9), par(-33, 13),
    par(-32, 18), par(-18, 10), par(-24, 21), par(-25, 12), par(-25, 18), par(-18, 17), par(-10, 37), par(-33, 13),
    par(-29, 7), par(-24, 2), par(-24, 10), par(-22, 6), par(-21, -7), par(-39, -12), par(-32, 9), par(-33, 13),
    par(-81, 43), par(-33, 3), par(-24, 11), par(-76, 33), par(-96, 53), par(-97, 87), par(-14, 140), par(-66, 26),
    par(-73, 28), par(-30, 8), par(-37, 16), par(-51, 15), par(-73, 34), par(-113, 59), par(-89, 63), par(-66, 26),
    par(-66, 6), par(-37, 1), par(-42, 7), par(-50, 3), par(-52, 2), par(-74, 31), par(-80, 74), par(-66, 26),
    par(-63, 30), par(-46, 30), par(-44, 32), par(-44, 22), par(-43, 10), par(-74, 27), par(-102, -2), par(-66, 26),
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
    par(-4, 1), par(60, -6), par(-43, 10), par(-13, 11), par(-4, 10), par(1, 7), par(-6, 17), par(0, 0),
    par(1, -1), par(25, 3), par(-12, -5), par(-10, -2), par(-3, 1), par(3, 2), par(-2, 5), par(0, 0),
    par(2, -1), par(-1, 5), par(-27, 2), par(-11, 3), par(-2, 2), par(1, 2), par(6, -4), par(0, 0),
    par(5, 2), par(2, -2), par(-26, 1), par(-12, 4), par(-2, 7), par(3, 5), par(2, 6), par(0, 0),
    par(0, 0), par(0, 0), par(-7, -14), par(14, -10), par(10, -3), par(8, -1), par(12, -3), par(0, 0),
    par(0, 0), par(0, 0), par(-39, -18), par(20, -23), par(-2, -5), par(12, -23), par(10, -31), par(0, 0),
    par(0, 0), par(0, 0), par(13, -29), par(7, -14), par(0, -4), par(13, -24), par(17, 0), par(0, 0),
    par(0, 0), par(0, 0), par(1, -21), par(-1, -6), par(1, 2), par(7, 0), par(56, -45), par(0, 0),
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
    par(-25, -86), par(-17, -24), par(-11, 3), par(-7, 18),
    par(-3, 24), par(1, 31), par(4, 32), par(7, 31),
    par(10, 24),
];
#[rustfmt::skip]
pub const MOB_BISPO: [TPar; 14] = [
    par(-36, -50), par(-27, -20), par(-19, -3), par(-17, 9),
    par(-13, 16), par(-10, 22), par(-9, 29), par(-10, 32),
    par(-7, 33), par(-3, 32), par(3, 30), par(4, 28),
    par(21, 17), par(28, 14),
];
#[rustfmt::skip]
pub const MOB_TORRE: [TPar; 15] = [
    par(-65, -8), par(-57, 3), par(-54, 8), par(-50, 16),
    par(-50, 25), par(-47, 29), par(-44, 32), par(-43, 36),
    par(-40, 41), par(-39, 44), par(-32, 44), par(-31, 48),
    par(-26, 48), par(-32, 54), par(44, 3),
];
#[rustfmt::skip]
pub const MOB_DAMA: [TPar; 28] = [
    par(-38, -96), par(-32, -73), par(-32, -50), par(-30, -14),
    par(-29, 5), par(-29, 20), par(-28, 27), par(-26, 39),
    par(-26, 53), par(-25, 56), par(-25, 68), par(-24, 76),
    par(-24, 80), par(-24, 88), par(-25, 92), par(-22, 93),
    par(-22, 95), par(-17, 90), par(-7, 79), par(4, 73),
    par(10, 61), par(77, -16), par(44, 21), par(128, -102),
    par(90, -54), par(152, -171), par(68, -105), par(-37, -239),
];
pub const TROPISMO_CAVALO: TPar = par(7, -1); // por casa de proximidade ao rei inimigo (7 − distância)
pub const TROPISMO_BISPO: TPar = par(5, 0); // idem, bispo
pub const TROPISMO_TORRE: TPar = par(10, -4); // idem, torre
pub const TROPISMO_DAMA: TPar = par(14, 9); // idem, dama (também no final: ajuda o mate)
/// Ataque ao rei: por unidade de ataque², ÷ 16 (ver `mobilidade_tropismo`). O
/// escudo do ICE só olha os peões; um rei com escudo perfeito e três peças
/// inimigas batendo nas casas em volta estava "seguro" e o motor perdia assim.
pub const ATAQUE_REI: TPar = par(1, 1);
/// Ameaças: peça (C, B, T, D) atacada por peão inimigo; torre ou dama atacada
/// por peça menor inimiga. Por peça, do lado atacado.
pub const PECA_ATACADA_POR_PEAO: TPar = par(-52, -36);
pub const MAIOR_ATACADA_POR_MENOR: TPar = par(-49, -16);
/// Peça (cavalo a dama) atacada e sem nenhum defensor (só ICE-rs).
pub const PECA_PENDURADA: TPar = par(-8, -4);
/// Posto avançado (só ICE-rs): cavalo ou bispo na 4ª, 5ª ou 6ª fileira,
/// defendido por peão próprio, numa casa que nenhum peão inimigo pode mais
/// atacar. Só uma troca o tira dali; o cavalo, de alcance curto, ganha mais.
pub const POSTO_CAVALO: TPar = par(15, 2);
pub const POSTO_BISPO: TPar = par(16, 7);
/// Xeques seguros (só ICE-rs), por peça que dá o xeque (C, B, T, D): casas
/// de onde a peça daria xeque, que ela já alcança, sem peça própria e que o
/// defensor não ataca. O ataque ao rei conta casas em volta dele; o xeque
/// seguro é o que de fato abre o rei (ou ganha tempo para o mate).
pub const CHEQUE_SEGURO: [TPar; 4] = [par(41, -1), par(6, 21), par(55, -8), par(11, 17)];
/// Cavalo ou bispo atacado por peça menor inimiga e sem peão que o defenda
/// (a troca, quando vier, desmancha a estrutura de quem retoma).
pub const MENOR_ATACADA_POR_MENOR: TPar = par(-13, -22);
/// Dama atacada por torre inimiga: precisa sair, e o lado que ataca ganha tempo.
pub const DAMA_ATACADA_POR_TORRE: TPar = par(-71, -14);
/// Ameaças da rodada 4 (só ICE-rs), como as "threats" do Ethereal. "Mal
/// defendida" é a casa que o inimigo ataca e o lado não defende, ou que o
/// inimigo ataca duas vezes e o lado só uma (e nenhum peão próprio a
/// defende): a troca ali ganha material.
///
/// Peão mal defendido e atacado por peça (o ataque de peão a peão é coisa
/// da estrutura, que a tabela de peões já conta).
pub const PEAO_FRACO_ATACADO: TPar = par(-16, -36);
/// Cavalo ou bispo mal defendido atacado por torre ou dama inimiga.
pub const MENOR_ATACADA_POR_MAIOR: TPar = par(-20, -39);
/// Cavalo, bispo ou torre mal defendido ao alcance do rei inimigo.
pub const PECA_ATACADA_PELO_REI: TPar = par(-29, -19);
/// Dama atacada por qualquer coisa do inimigo (peão, peça ou rei): ela tem
/// de sair, e o lance que a tira não faz outra coisa.
pub const DAMA_ATACADA: TPar = par(8, -6);
/// Peça (C a D) atacada, defendida uma vez só e não por peão: o defensor
/// que sai para outra tarefa a deixa pendurada.
pub const PECA_SOBRECARREGADA: TPar = par(-3, -17);
/// Dama na linha (ou diagonal) de uma torre ou bispo inimigo (ou da outra
/// dama) com uma peça só no meio: se a peça do meio sair, a dama cai ou
/// fica cravada.
pub const DAMA_CRAVADA: TPar = par(-14, -4);
/// Bispo numa das duas grandes diagonais que enxerga as duas casas
/// centrais dela por cima dos peões (d4 e e5, ou e4 e d5).
pub const BISPO_DIAGONAL_LONGA: TPar = par(14, 21);
/// Peça (C, B, T, D) que um peão inimigo passaria a atacar avançando uma
/// casa (ou duas, da fileira inicial) para uma casa onde não é tomado de
/// graça. A ameaça ainda não existe, por isso a quiescência não a vê; e o
/// avanço vem com tempo (a peça tem de fugir).
pub const AMEACA_AVANCO_PEAO: TPar = par(-16, -10);
/// Espaço (só ICE-rs): casas das colunas c a f nas fileiras 2 a 4 (do ponto
/// de vista de cada lado) sem peão próprio e fora do alcance dos peões
/// inimigos; as que ficam atrás de um peão próprio contam de novo. Com mais
/// espaço as peças manobram atrás da cadeia; pesa no meio-jogo.
pub const ESPACO: TPar = par(0, 5);
/// Bispo "mau": por peão próprio em casa da mesma cor do bispo (os peões
/// fixos tapam as diagonais dele).
pub const BISPO_PEOES_COR: TPar = par(-4, -5);
/// Cavalo ou bispo logo atrás de um peão (de qualquer cor): o peão o protege
/// de ataques pela coluna e tapa a coluna para as torres do inimigo.
pub const MENOR_ATRAS_PEAO: TPar = par(5, 13);
/// Rei no final: por casa de distância ao peão próprio e ao inimigo mais
/// próximos (o rei precisa andar até onde os peões estão).
pub const REI_DISTANCIA_PEAO_PROPRIO: TPar = par(2, -15);
pub const REI_DISTANCIA_PEAO_INIMIGO: TPar = par(2, -13);
/// Vantagem de ter a vez (só ICE-rs): numa posição quieta, quem joga
/// escolhe o plano; sem esse termo a avaliação parada trata as duas cores
/// como se ninguém tivesse o lance.
pub const TEMPO: TPar = par(14, 11);
// Passados: termos que olham os reis e as peças (`peoes::passados_dinamicos`).
// As distâncias dos reis têm um peso por fileira do passado (índice =
// fileira relativa − 1), vezes a distância do rei à casa da frente: um rei a
// três casas de um passado na 3ª pouco importa, na 7ª decide o final.
#[rustfmt::skip]
pub const PASSADO_REI_INIMIGO: [TPar; 8] = [
    par(0, 0), par(0, -5), par(-6, 1), par(-6, 11), par(-5, 22), par(-5, 35), par(-15, 48), par(0, 0),
];
#[rustfmt::skip]
pub const PASSADO_REI_PROPRIO: [TPar; 8] = [
    par(0, 0), par(2, -2), par(4, -6), par(11, -13), par(-2, -13), par(-15, -12), par(-20, -10), par(0, 0),
];
/// O passado que pode andar (casa da frente vazia) e se pode andar em
/// segurança (a casa da frente não é atacada pelo inimigo), por fileira:
/// índice = (pode × 2 + seguro) × 8 + fileira relativa − 1. Um passado
/// bloqueado ou que anda para ser tomado vale bem menos que um livre (o
/// Ethereal conta assim: `PassedPawn[canAdvance][safeAdvance][rank]`).
#[rustfmt::skip]
pub const PASSADO_AVANCO: [TPar; 32] = [
    par(0, 0), par(-19, 12), par(0, 5), par(-23, 15), par(-9, 5), par(-12, -14), par(-42, -24), par(0, 0),
    par(0, 0), par(4, 5), par(11, 5), par(-14, 14), par(-9, 12), par(-2, -2), par(-2, -30), par(0, 0),
    par(0, 0), par(-5, 11), par(6, 4), par(-12, 14), par(-6, 9), par(11, -7), par(48, -22), par(0, 0),
    par(0, 0), par(1, 10), par(4, 9), par(-19, 25), par(-5, 32), par(15, 42), par(52, 73), par(0, 0),
];
pub const PASSADO_LIVRE: TPar = par(0, 8); // caminho até a promoção vazio
pub const PASSADO_IMPARAVEL: TPar = par(-53, 244); // regra do quadrado, inimigo sem peças

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
    par(123, 139), par(115, 157), par(121, 236), par(130, -46),
    par(53, 0), par(69, -16), par(111, -6), par(71, 120),
    par(125, -25), par(99, 9), par(39, -2), par(-293, -268),
    par(-197, 31),
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
    par(0, 8), par(0, 63), par(0, 56), par(0, 7), par(0, -143),
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
    par(76, 106),
    par(332, 294),
    par(363, 321),
    par(510, 581),
    par(1243, 833),
    par(0, 0),
];

/// Peão.
#[rustfmt::skip]
pub const PC_PEAO: [TPar; 64] = [
    par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0),
    par(162, -29), par(114, 15), par(76, 17), par(93, 20), par(97, 29), par(58, 8), par(54, 46), par(107, -26),
    par(29, 25), par(8, 33), par(4, 19), par(26, 5), par(30, 12), par(24, 22), par(25, 46), par(32, 29),
    par(2, 33), par(10, 18), par(3, -5), par(11, -19), par(8, -15), par(4, -3), par(20, 18), par(2, 29),
    par(-8, 27), par(-14, 21), par(1, -7), par(14, -27), par(13, -18), par(9, -3), par(0, 13), par(-9, 19),
    par(-7, 14), par(-11, 14), par(-9, 2), par(-1, -3), par(1, 1), par(0, 8), par(18, 3), par(-3, 9),
    par(-15, 26), par(-2, 22), par(-11, 27), par(0, 13), par(-2, 20), par(20, 23), par(27, 14), par(-8, 13),
    par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0),
];

/// Cavalo.
#[rustfmt::skip]
pub const PC_CAVALO: [TPar; 64] = [
    par(-156, 5), par(-75, 42), par(-42, 38), par(43, 5), par(44, 18), par(-47, 34), par(91, -10), par(-116, -47),
    par(-7, 23), par(7, 28), par(31, 22), par(78, 22), par(30, 27), par(37, 15), par(-11, 26), par(5, 2),
    par(21, 10), par(17, 33), par(15, 37), par(44, 42), par(59, 31), par(51, 27), par(21, 21), par(6, 29),
    par(31, 18), par(27, 30), par(37, 39), par(40, 46), par(29, 49), par(57, 33), par(29, 34), par(38, 22),
    par(22, 13), par(31, 24), par(36, 39), par(33, 48), par(48, 45), par(46, 34), par(51, 25), par(30, 30),
    par(5, 6), par(20, 15), par(23, 17), par(40, 26), par(44, 29), par(34, 15), par(42, 6), par(9, 16),
    par(8, -8), par(19, 16), par(27, 6), par(31, 14), par(33, 18), par(29, 4), par(16, 17), par(17, 2),
    par(-1, -32), par(13, -26), par(17, 4), par(37, 6), par(41, -2), par(20, -8), par(17, -9), par(-12, 8),
];

/// Bispo.
#[rustfmt::skip]
pub const PC_BISPO: [TPar; 64] = [
    par(-61, 25), par(-46, 40), par(-40, 32), par(-20, 40), par(-12, 32), par(-73, 40), par(-37, 41), par(-1, 4),
    par(4, 26), par(-13, 8), par(11, 29), par(17, 28), par(2, 26), par(-10, 34), par(-32, 19), par(-33, 25),
    par(15, 23), par(26, 21), par(10, 13), par(35, 21), par(41, 25), par(37, 11), par(28, 20), par(29, 14),
    par(22, 15), par(27, 26), par(36, 23), par(37, 37), par(37, 39), par(31, 18), par(30, 25), par(11, 21),
    par(32, 11), par(26, 18), par(31, 32), par(45, 33), par(46, 30), par(36, 25), par(30, 23), par(45, 0),
    par(30, 5), par(36, 24), par(30, 5), par(34, 20), par(38, 24), par(28, 2), par(46, 14), par(23, 11),
    par(45, -4), par(37, -17), par(39, 2), par(33, 11), par(35, 13), par(47, 2), par(40, -18), par(46, -15),
    par(36, -26), par(41, -6), par(32, 3), par(34, 8), par(45, 1), par(14, 12), par(48, -2), par(30, -21),
];

/// Torre.
#[rustfmt::skip]
pub const PC_TORRE: [TPar; 64] = [
    par(19, 53), par(3, 51), par(11, 53), par(26, 43), par(15, 44), par(47, 37), par(11, 47), par(20, 49),
    par(54, 26), par(44, 28), par(80, 15), par(70, 18), par(65, 14), par(61, 19), par(39, 25), par(61, 12),
    par(2, 48), par(14, 41), par(-5, 48), par(23, 34), par(35, 22), par(27, 32), par(16, 35), par(-11, 41),
    par(-2, 45), par(-3, 49), par(-4, 43), par(-4, 40), par(3, 31), par(-4, 37), par(18, 32), par(-5, 33),
    par(-15, 37), par(-22, 43), par(-17, 40), par(-16, 38), par(1, 29), par(-15, 42), par(-5, 33), par(-15, 24),
    par(-8, 13), par(-12, 16), par(-11, 22), par(-12, 24), par(2, 14), par(0, 13), par(13, 6), par(-8, -2),
    par(-5, -2), par(-4, 6), par(4, 11), par(16, 6), par(23, -1), par(4, 3), par(32, -23), par(-21, -6),
    par(20, -1), par(24, -1), par(28, 2), par(31, 4), par(38, -7), par(30, 3), par(21, -2), par(35, -27),
];

/// Dama (no ICE, bispo + torre).
#[rustfmt::skip]
pub const PC_DAMA: [TPar; 64] = [
    par(4, 92), par(28, 77), par(53, 59), par(40, 71), par(30, 68), par(35, 61), par(45, 54), par(38, 72),
    par(40, 54), par(-5, 86), par(-2, 89), par(6, 85), par(0, 87), par(15, 78), par(1, 98), par(32, 58),
    par(38, 46), par(23, 51), par(10, 67), par(18, 68), par(14, 91), par(48, 74), par(29, 85), par(14, 58),
    par(39, 46), par(25, 77), par(17, 74), par(19, 79), par(15, 87), par(26, 76), par(27, 80), par(39, 43),
    par(52, 24), par(33, 50), par(32, 53), par(30, 68), par(41, 62), par(43, 54), par(46, 59), par(45, 42),
    par(57, 16), par(52, 13), par(50, 33), par(54, 17), par(54, 35), par(62, 32), par(58, 40), par(48, 33),
    par(68, -14), par(72, -12), par(76, -15), par(81, -15), par(84, -12), par(95, -40), par(96, -61), par(62, 6),
    par(79, -18), par(88, -18), par(89, -20), par(88, -3), par(93, -7), par(93, -57), par(102, -64), par(101, -10),
];

/// Rei: meio-jogo protegido no canto, final centralizado.
#[rustfmt::skip]
pub const PC_REI: [TPar; 64] = [
    par(-35, 28), par(143, 89), par(141, 147), par(64, 106), par(63, 118), par(262, 51), par(215, 70), par(-34, 25),
    par(-6, 95), par(-3, 160), par(6, 175), par(-106, 168), par(-74, 172), par(114, -113), par(88, 112), par(-168, 110),
    par(27, 111), par(21, 136), par(-69, 188), par(-118, 166), par(-137, 180), par(-84, 206), par(42, 123), par(-63, 116),
    par(-57, 112), par(21, 114), par(-27, 157), par(-48, 126), par(-58, 130), par(-26, 164), par(9, 113), par(-71, 110),
    par(-82, 109), par(29, 85), par(11, 131), par(-10, 94), par(-3, 99), par(17, 128), par(27, 84), par(-89, 99),
    par(-60, 93), par(34, 74), par(2, 119), par(1, 86), par(3, 85), par(16, 116), par(41, 72), par(-44, 83),
    par(-32, 81), par(0, 81), par(-13, 116), par(-23, 80), par(-28, 81), par(-7, 113), par(16, 73), par(-22, 83),
    par(-155, 113), par(-89, 96), par(-96, 141), par(-98, 88), par(-51, 65), par(-85, 129), par(-78, 93), par(-121, 100),
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
