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
pub const BONUS_PAR_BISPOS: TPar = par(30, 60); // ICE 1.40: +20; no final o par vale mais
pub const FINAL_PEOES_A_MAIS: TPar = par(0, 27); // ICE 1.40: ±75 no final de rei e peões
pub const TORRE_SEMIABERTA: TPar = par(13, 11); // ICE 1.40: +20 por coluna sem peão próprio
pub const TORRE_ABERTA: TPar = par(26, -20); // ICE 1.40: +10 a mais sem peão inimigo (aberta = 30)
pub const TORRES_DOBRADAS: TPar = par(46, 4); // ICE 1.40: +5, bateria na coluna semiaberta
pub const REI_COLUNA_SEMIABERTA: TPar = par(-17, 1); // ICE 1.40: −20, coluna do rei sem peão inimigo
pub const BONUS_ROQUE: TPar = par(67, -25); // ICE 1.40: +50 se rocou e o inimigo tem peças pesadas
pub const PEAO_DOBRADO_CENTRO: TPar = par(-13, -20); // ICE 1.40: −10 por coluna c..f
pub const PEAO_DOBRADO_ALA: TPar = par(-21, -32); // ICE 1.40: −15 por coluna a, b, g, h
pub const PEAO_ISOLADO: TPar = par(1, -17); // ICE 1.40: −15 por coluna
pub const PEAO_ISOLADO_EXPOSTO: TPar = par(-11, -16); // ICE 1.40: −30 a mais sem peão inimigo na coluna

// --- Análise de abertura do ICE (só enquanto o lance < LANCE_FIM_ABERTURA) ---
pub const ABERTURA_ROQUE: TPar = par(19, 3); // ICE 1.40: +15 por rocar cedo
pub const ABERTURA_PEAO_CENTRAL: TPar = par(19, 4); // ICE 1.40: +15 por lance de d2/e2
pub const ABERTURA_PECA_DUAS_VEZES: TPar = par(-19, -4); // ICE 1.40: −15 (aproximação)
pub const ABERTURA_DAMA_CEDO: TPar = par(-19, -4); // ICE 1.40: −15 por lance saindo de d1
pub const ABERTURA_REI_ANDOU: TPar = par(-15, -2); // ICE 1.40: −15 por lance de rei sem roque
pub const ABERTURA_PEAO_F: TPar = par(-19, -4); // ICE 1.40: −15 por lance de f2
pub const PECA_BLOQUEIA_PEAO_CENTRAL: TPar = par(-16, 20); // 1.78: peça em d3/e3 na frente do peão

// --- Termos que o artigo (ICE 1.78) descreve sem números --------------------
pub const PEAO_ATRASADO: TPar = par(3, -4); // 1.78: peão atrasado
pub const PEAO_ATRASADO_EXPOSTO: TPar = par(-14, -14); // 1.78: atrasado em coluna sem peão inimigo
pub const PEAO_ILHA: TPar = par(-13, 25); // por ilha de peões além da primeira
/// Peão ligado (defendido por peão ou em falange), por casa: fileira
/// relativa × 4 + coluna espelhada (a..d). Só ICE-rs.
#[rustfmt::skip]
pub const PEAO_LIGADO: [TPar; 32] = [
    par(0, 0), par(0, 0), par(0, 0), par(0, 0),
    par(0, 0), par(0, 0), par(0, 0), par(0, 0),
    par(-1, -1), par(5, 4), par(-4, -1), par(0, 10),
    par(2, 4), par(9, 7), par(9, 5), par(7, 9),
    par(6, 5), par(18, 5), par(8, 10), par(5, 13),
    par(12, 14), par(10, 10), par(14, 9), par(18, 10),
    par(-16, 24), par(29, 21), par(45, 31), par(29, 39),
    par(12, 52), par(65, 78), par(17, 54), par(-11, 55),
];
/// Peões, cavalos e bispos próprios na zona do rei (0 a 11). Só ICE-rs.
#[rustfmt::skip]
pub const REI_DEFENSORES: [TPar; 12] = [
    par(-17, -3), par(-5, -2), par(1, 3), par(5, 2), par(13, 5), par(11, 3),
    par(-5, -14), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0),
];
/// Candidato a passado, pela fileira relativa. Só ICE-rs.
#[rustfmt::skip]
pub const PEAO_CANDIDATO: [TPar; 8] = [
    par(0, 0), par(0, 0), par(0, -3), par(-1, 5), par(4, 8), par(4, 20), par(30, 54), par(0, 0),
];
pub const TORRE_SETIMA: TPar = par(-50, 45); // 1.78: com o rei inimigo na 8ª ou peões na 7ª
pub const REI_COLUNA_VIZINHA_SEMIABERTA: TPar = par(-13, 11); // 1.78: colunas ao lado do rei
pub const DESEQ_DUAS_TORRES_DAMA: TPar = par(61, -165); // 1.78: 2T×D (o material já dá +100 às torres)
pub const DESEQ_MENORES_TORRE: TPar = par(22, 29); // 1.78: 2 peças menores × torre (e peão)
pub const DESEQ_PECA_PEOES: TPar = par(-8, 78); // peça menor contra peões, no meio-jogo

/// Peão passado por fileira relativa (índice 0 = fileira 1 … 7 = fileira 8).
/// 1.78: cresce com a proximidade da promoção (o ICE 1.40 dava +15/+20 fixos).
#[rustfmt::skip]
pub const PEAO_PASSADO: [TPar; 8] = [
    par(0, 0), par(2, 22), par(2, 16), par(17, 15),
    par(73, 10), par(148, 11), par(239, 40), par(0, 0),
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
    par(-43, 16), par(-19, -4), par(-12, 7), par(-27, 10), par(-33, 22), par(-26, 33), par(-37, 80), par(-33, 13),
    par(-35, 16), par(-18, 0), par(-24, 14), par(-22, 8), par(-43, 22), par(-11, 7), par(-97, 4), par(-33, 13),
    par(-30, 12), par(-16, 4), par(-23, 11), par(-26, 9), par(-36, 16), par(-21, 18), par(-22, 38), par(-33, 13),
    par(-30, 13), par(-22, 5), par(-24, 11), par(-22, 14), par(-21, -2), par(-37, -21), par(-59, -15), par(-33, 13),
    par(-85, 38), par(-36, 1), par(-28, 8), par(-64, 19), par(-76, 53), par(-86, 50), par(-50, 59), par(-66, 26),
    par(-73, 28), par(-32, 10), par(-40, 19), par(-46, 12), par(-64, 34), par(-91, 60), par(-70, 28), par(-66, 26),
    par(-66, 22), par(-33, 15), par(-45, 23), par(-49, 12), par(-74, 9), par(-85, 34), par(-61, 50), par(-66, 26),
    par(-63, 22), par(-44, 21), par(-43, 23), par(-44, 14), par(-51, 12), par(-76, -8), par(-59, 17), par(-66, 26),
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
    par(-3, 2), par(42, 3), par(-44, 5), par(-4, 6), par(-3, 5), par(3, 3), par(-4, 8), par(0, 0),
    par(0, 1), par(15, 8), par(-8, -4), par(-1, 4), par(0, 3), par(3, 2), par(-3, 6), par(0, 0),
    par(2, 3), par(16, 2), par(-6, -1), par(-10, 6), par(-4, 7), par(-2, 6), par(4, 3), par(0, 0),
    par(4, 2), par(26, -3), par(-6, -8), par(-3, 4), par(-4, 9), par(3, 1), par(0, -6), par(0, 0),
    par(0, 0), par(0, 0), par(-9, -13), par(10, -12), par(10, 0), par(3, 4), par(-6, 0), par(0, 0),
    par(0, 0), par(0, 0), par(-31, -10), par(12, -15), par(-6, -11), par(-1, -5), par(3, 7), par(0, 0),
    par(0, 0), par(0, 0), par(3, -22), par(10, -12), par(13, -14), par(15, -35), par(5, -20), par(0, 0),
    par(0, 0), par(0, 0), par(5, -18), par(-5, -4), par(-1, -3), par(2, -9), par(43, -25), par(0, 0),
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
    par(-28, -67), par(-16, -30), par(-11, 3), par(-7, 14),
    par(-3, 20), par(2, 27), par(6, 28), par(9, 27),
    par(18, 20),
];
#[rustfmt::skip]
pub const MOB_BISPO: [TPar; 14] = [
    par(-40, -53), par(-26, -27), par(-19, -11), par(-15, 2),
    par(-12, 17), par(-8, 18), par(-9, 27), par(-9, 29),
    par(-6, 32), par(-8, 33), par(-3, 26), par(0, 31),
    par(4, 21), par(1, 22),
];
#[rustfmt::skip]
pub const MOB_TORRE: [TPar; 15] = [
    par(-70, -8), par(-58, -3), par(-54, 8), par(-49, 12),
    par(-50, 22), par(-47, 28), par(-41, 30), par(-40, 34),
    par(-38, 38), par(-33, 40), par(-30, 44), par(-27, 45),
    par(-27, 48), par(-29, 49), par(19, 22),
];
#[rustfmt::skip]
pub const MOB_DAMA: [TPar; 28] = [
    par(-38, -91), par(-32, -98), par(-29, -77), par(-30, -48),
    par(-28, -19), par(-27, -9), par(-27, 17), par(-26, 41),
    par(-26, 53), par(-23, 53), par(-21, 67), par(-22, 78),
    par(-20, 77), par(-23, 80), par(-20, 88), par(-20, 94),
    par(-23, 95), par(-15, 91), par(-12, 85), par(3, 61),
    par(1, 60), par(81, -14), par(43, -4), par(123, -66),
    par(82, -60), par(115, -116), par(39, -102), par(-58, -239),
];
pub const TROPISMO_CAVALO: TPar = par(4, -1); // por casa de proximidade ao rei inimigo (7 − distância)
pub const TROPISMO_BISPO: TPar = par(6, 0); // idem, bispo
pub const TROPISMO_TORRE: TPar = par(9, -3); // idem, torre
pub const TROPISMO_DAMA: TPar = par(16, 13); // idem, dama (também no final: ajuda o mate)
/// Ataque ao rei: por unidade de ataque², ÷ 16 (ver `mobilidade_tropismo`). O
/// escudo do ICE só olha os peões; um rei com escudo perfeito e três peças
/// inimigas batendo nas casas em volta estava "seguro" e o motor perdia assim.
pub const ATAQUE_REI: TPar = par(1, 1);
/// Ameaças: peça (C, B, T, D) atacada por peão inimigo; torre ou dama atacada
/// por peça menor inimiga. Por peça, do lado atacado.
pub const PECA_ATACADA_POR_PEAO: TPar = par(-54, -29);
pub const MAIOR_ATACADA_POR_MENOR: TPar = par(-41, -24);
/// Peça (cavalo a dama) atacada e sem nenhum defensor (só ICE-rs).
pub const PECA_PENDURADA: TPar = par(-10, -13);
/// Posto avançado (só ICE-rs): cavalo ou bispo na 4ª, 5ª ou 6ª fileira,
/// defendido por peão próprio, numa casa que nenhum peão inimigo pode mais
/// atacar. Só uma troca o tira dali; o cavalo, de alcance curto, ganha mais.
pub const POSTO_CAVALO: TPar = par(19, 1);
pub const POSTO_BISPO: TPar = par(16, 9);
/// Xeques seguros (só ICE-rs), por peça que dá o xeque (C, B, T, D): casas
/// de onde a peça daria xeque, que ela já alcança, sem peça própria e que o
/// defensor não ataca. O ataque ao rei conta casas em volta dele; o xeque
/// seguro é o que de fato abre o rei (ou ganha tempo para o mate).
pub const CHEQUE_SEGURO: [TPar; 4] = [par(40, -2), par(5, 17), par(44, 1), par(8, 21)];
/// Cavalo ou bispo atacado por peça menor inimiga e sem peão que o defenda
/// (a troca, quando vier, desmancha a estrutura de quem retoma).
pub const MENOR_ATACADA_POR_MENOR: TPar = par(-15, -32);
/// Dama atacada por torre inimiga: precisa sair, e o lado que ataca ganha tempo.
pub const DAMA_ATACADA_POR_TORRE: TPar = par(-62, -1);
/// Peça (C, B, T, D) que um peão inimigo passaria a atacar avançando uma
/// casa (ou duas, da fileira inicial) para uma casa onde não é tomado de
/// graça. A ameaça ainda não existe, por isso a quiescência não a vê; e o
/// avanço vem com tempo (a peça tem de fugir).
pub const AMEACA_AVANCO_PEAO: TPar = par(-18, -5);
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
pub const REI_DISTANCIA_PEAO_PROPRIO: TPar = par(4, -15);
pub const REI_DISTANCIA_PEAO_INIMIGO: TPar = par(0, -10);
/// Vantagem de ter a vez (só ICE-rs): numa posição quieta, quem joga
/// escolhe o plano; sem esse termo a avaliação parada trata as duas cores
/// como se ninguém tivesse o lance.
pub const TEMPO: TPar = par(15, 4);
// Passados: termos que olham os reis e as peças (`peoes::passados_dinamicos`).
// As distâncias dos reis têm um peso por fileira do passado (índice =
// fileira relativa − 1), vezes a distância do rei à casa da frente: um rei a
// três casas de um passado na 3ª pouco importa, na 7ª decide o final.
#[rustfmt::skip]
pub const PASSADO_REI_INIMIGO: [TPar; 8] = [
    par(0, 0), par(1, -4), par(-7, 2), par(-9, 14), par(-7, 25), par(-7, 37), par(-13, 50), par(0, 0),
];
#[rustfmt::skip]
pub const PASSADO_REI_PROPRIO: [TPar; 8] = [
    par(0, 0), par(1, -3), par(4, -4), par(6, -9), par(-6, -10), par(-13, -10), par(-17, -10), par(0, 0),
];
/// O passado que pode andar (casa da frente vazia) e se pode andar em
/// segurança (a casa da frente não é atacada pelo inimigo), por fileira:
/// índice = (pode × 2 + seguro) × 8 + fileira relativa − 1. Um passado
/// bloqueado ou que anda para ser tomado vale bem menos que um livre (o
/// Ethereal conta assim: `PassedPawn[canAdvance][safeAdvance][rank]`).
#[rustfmt::skip]
pub const PASSADO_AVANCO: [TPar; 32] = [
    par(0, 0), par(-19, 0), par(2, -4), par(-21, 16), par(-6, 8), par(0, -16), par(-37, -23), par(0, 0),
    par(0, 0), par(17, -6), par(-5, 5), par(-4, 7), par(-1, 7), par(0, -6), par(-15, -24), par(0, 0),
    par(0, 0), par(-3, 9), par(9, 1), par(-2, 3), par(-2, 1), par(4, -10), par(29, -19), par(0, 0),
    par(0, 0), par(-3, 15), par(9, 5), par(-5, 15), par(-2, 22), par(2, 33), par(50, 54), par(0, 0),
];
pub const PASSADO_LIVRE: TPar = par(0, 10); // caminho até a promoção vazio
pub const PASSADO_IMPARAVEL: TPar = par(-22, 210); // regra do quadrado, inimigo sem peças

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
    par(117, 121), par(93, 127), par(103, 170), par(120, -10),
    par(39, -3), par(63, -7), par(92, 0), par(59, 52),
    par(108, -31), par(95, 13), par(37, -20), par(-263, -183),
    par(-153, 23),
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
    par(0, 4), par(0, 36), par(0, 31), par(0, 2), par(0, -72),
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
    par(84, 95),
    par(339, 282),
    par(364, 308),
    par(519, 568),
    par(1343, 752),
    par(0, 0),
];

/// Peão.
#[rustfmt::skip]
pub const PC_PEAO: [TPar; 64] = [
    par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0),
    par(159, -41), par(106, 24), par(67, 13), par(63, 26), par(109, 28), par(52, 13), par(41, 48), par(126, -42),
    par(26, 27), par(14, 32), par(-20, 23), par(30, 1), par(27, 10), par(12, 19), par(18, 51), par(39, 23),
    par(0, 27), par(10, 16), par(3, -5), par(15, -24), par(10, -21), par(9, -4), par(17, 17), par(0, 24),
    par(-10, 24), par(-15, 16), par(2, -9), par(13, -20), par(9, -17), par(9, -1), par(-6, 13), par(-14, 20),
    par(-5, 10), par(-8, 14), par(-3, 4), par(4, 3), par(6, 8), par(3, 13), par(18, 2), par(-2, 5),
    par(-17, 21), par(2, 16), par(-10, 31), par(0, 13), par(1, 25), par(24, 23), par(25, 9), par(-12, 11),
    par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0),
];

/// Cavalo.
#[rustfmt::skip]
pub const PC_CAVALO: [TPar; 64] = [
    par(-146, 0), par(-27, 27), par(-36, 33), par(-2, 10), par(45, 29), par(-46, 30), par(55, -11), par(-64, -77),
    par(-1, 9), par(2, 37), par(17, 36), par(50, 35), par(12, 45), par(16, 18), par(22, 17), par(31, -12),
    par(20, 2), par(12, 36), par(-4, 44), par(44, 42), par(58, 24), par(53, 24), par(34, 13), par(20, 35),
    par(28, 25), par(24, 31), par(47, 38), par(39, 47), par(33, 50), par(57, 41), par(35, 30), par(37, 18),
    par(21, 15), par(32, 18), par(38, 44), par(35, 40), par(48, 41), par(53, 36), par(56, 26), par(34, 24),
    par(2, 0), par(24, 23), par(24, 22), par(48, 20), par(44, 25), par(37, 12), par(40, 13), par(9, 16),
    par(8, -20), par(27, 1), par(25, 2), par(29, 7), par(32, 14), par(25, 6), par(16, 13), par(14, 8),
    par(-7, -44), par(9, -30), par(10, -11), par(37, -7), par(37, -4), par(14, 7), par(15, -12), par(13, -31),
];

/// Bispo.
#[rustfmt::skip]
pub const PC_BISPO: [TPar; 64] = [
    par(-38, 30), par(-45, 40), par(-27, 30), par(-13, 32), par(-2, 28), par(-77, 32), par(-98, 32), par(11, 14),
    par(1, 17), par(-17, 20), par(-1, 27), par(24, 24), par(-6, 30), par(-15, 34), par(-5, 33), par(-62, 22),
    par(19, 13), par(18, 17), par(21, 27), par(21, 27), par(25, 24), par(48, 11), par(16, 22), par(19, 19),
    par(28, 4), par(28, 27), par(45, 17), par(29, 35), par(29, 34), par(34, 3), par(25, 25), par(15, 11),
    par(24, 4), par(30, 17), par(30, 26), par(42, 29), par(41, 20), par(37, 23), par(32, 8), par(45, -13),
    par(30, 2), par(36, 10), par(37, 24), par(32, 17), par(33, 22), par(38, 18), par(44, 13), par(18, 10),
    par(52, -16), par(42, -6), par(35, -6), par(32, 8), par(32, 13), par(50, -5), par(46, -11), par(57, 0),
    par(49, -28), par(41, -9), par(29, 2), par(42, -4), par(46, -11), par(14, 10), par(59, -21), par(28, -20),
];

/// Torre.
#[rustfmt::skip]
pub const PC_TORRE: [TPar; 64] = [
    par(7, 50), par(22, 40), par(59, 28), par(57, 28), par(31, 40), par(55, 27), par(11, 42), par(14, 45),
    par(50, 25), par(34, 27), par(84, 13), par(83, 9), par(59, 13), par(64, 14), par(43, 26), par(40, 20),
    par(11, 45), par(24, 39), par(-5, 50), par(30, 37), par(38, 27), par(8, 35), par(39, 34), par(-1, 40),
    par(-7, 49), par(-3, 50), par(3, 44), par(1, 45), par(1, 42), par(-12, 44), par(13, 42), par(-2, 33),
    par(-28, 41), par(-17, 41), par(-15, 42), par(-15, 38), par(1, 40), par(-7, 43), par(-2, 31), par(-16, 25),
    par(-14, 18), par(-14, 24), par(-5, 21), par(-9, 23), par(-11, 32), par(-2, 17), par(11, 9), par(-4, 6),
    par(4, 0), par(-9, 8), par(9, 4), par(17, 7), par(28, -1), par(3, -4), par(27, -18), par(-13, -11),
    par(21, -4), par(23, -4), par(28, -1), par(31, -2), par(31, -2), par(28, -5), par(15, -2), par(34, -33),
];

/// Dama (no ICE, bispo + torre).
#[rustfmt::skip]
pub const PC_DAMA: [TPar; 64] = [
    par(19, 72), par(7, 86), par(38, 71), par(13, 87), par(22, 74), par(27, 52), par(35, 89), par(33, 77),
    par(44, 38), par(-21, 110), par(14, 75), par(2, 85), par(-10, 86), par(25, 85), par(21, 88), par(29, 31),
    par(37, 50), par(15, 65), par(2, 71), par(22, 63), par(20, 84), par(43, 91), par(17, 102), par(22, 36),
    par(40, 52), par(23, 91), par(18, 83), par(15, 73), par(20, 59), par(38, 63), par(17, 70), par(38, 17),
    par(39, 49), par(33, 59), par(28, 54), par(34, 57), par(45, 56), par(43, 47), par(39, 40), par(35, 59),
    par(55, 24), par(52, 21), par(51, 39), par(62, -3), par(50, 42), par(64, 29), par(55, 50), par(29, 65),
    par(50, -9), par(72, -15), par(81, -32), par(85, -25), par(84, -10), par(101, -56), par(100, -53), par(71, -30),
    par(94, -39), par(93, -24), par(94, -11), par(95, -32), par(101, -35), par(99, -48), par(62, 0), par(108, -62),
];

/// Rei: meio-jogo protegido no canto, final centralizado.
#[rustfmt::skip]
pub const PC_REI: [TPar; 64] = [
    par(-6, 44), par(156, 98), par(127, 105), par(112, 60), par(56, 111), par(451, 51), par(236, 59), par(-20, 16),
    par(18, 101), par(-24, 129), par(81, 130), par(-71, 134), par(-3, 146), par(-65, 167), par(310, 93), par(-219, 118),
    par(21, 89), par(20, 121), par(-122, 145), par(-74, 129), par(-111, 149), par(-77, 153), par(13, 146), par(-120, 113),
    par(-55, 104), par(-9, 109), par(-16, 111), par(-58, 116), par(-63, 118), par(-78, 125), par(-43, 119), par(-50, 92),
    par(-79, 95), par(14, 89), par(24, 91), par(-41, 101), par(-53, 107), par(1, 95), par(-4, 89), par(-110, 101),
    par(-58, 83), par(2, 81), par(-13, 84), par(-26, 92), par(-20, 90), par(3, 82), par(18, 78), par(-54, 83),
    par(-29, 70), par(-14, 84), par(-12, 80), par(-20, 82), par(-36, 82), par(-5, 75), par(9, 73), par(-25, 80),
    par(-152, 122), par(-79, 96), par(-86, 94), par(-86, 89), par(-48, 62), par(-76, 86), par(-71, 91), par(-115, 94),
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
