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
// saíram de `ice texel` (mini-lotes de 32 768, taxa 0.1, L2 0.001, 60 épocas;
// ver docs/forca.md, "A dobra" e "Rodada 5 da avaliação") sobre 2.46 M posições
// quietas de 83 lotes do `ice datagen` (5000 nós por lance, 2026-11-30), alvo
// = ¼ resultado + ¾ σ(escore da busca) (`--lambda 0.25`): o escore é o rótulo
// que mais ensina. Com metade cada, 14.6 Elo a menos; só com o resultado
// (λ = 1), 35 a menos que com metade. Por isso diferem dos números do ICE
// citados nos comentários. O modo clássico usa estes termos também, mas material e
// tabelas peça-casa do ICE.
// ============================================================================

// --- Termos do ICE 1.40 ------------------------------------------------------
pub const BONUS_PAR_BISPOS: TPar = par(28, 58); // ICE 1.40: +20; no final o par vale mais
pub const FINAL_PEOES_A_MAIS: TPar = par(0, 31); // ICE 1.40: ±75 no final de rei e peões
pub const TORRE_SEMIABERTA: TPar = par(12, 12); // ICE 1.40: +20 por coluna sem peão próprio
pub const TORRE_ABERTA: TPar = par(24, -15); // ICE 1.40: +10 a mais sem peão inimigo (aberta = 30)
pub const TORRES_DOBRADAS: TPar = par(43, 11); // ICE 1.40: +5, bateria na coluna semiaberta
pub const REI_COLUNA_SEMIABERTA: TPar = par(-14, 0); // ICE 1.40: −20, coluna do rei sem peão inimigo
pub const BONUS_ROQUE: TPar = par(54, -16); // ICE 1.40: +50 se rocou e o inimigo tem peças pesadas
pub const PEAO_DOBRADO_CENTRO: TPar = par(-11, -19); // ICE 1.40: −10 por coluna c..f
pub const PEAO_DOBRADO_ALA: TPar = par(-15, -35); // ICE 1.40: −15 por coluna a, b, g, h
pub const PEAO_ISOLADO: TPar = par(2, -14); // ICE 1.40: −15 por coluna
pub const PEAO_ISOLADO_EXPOSTO: TPar = par(-8, -14); // ICE 1.40: −30 a mais sem peão inimigo na coluna

// --- Análise de abertura do ICE (só enquanto o lance < LANCE_FIM_ABERTURA) ---
pub const ABERTURA_ROQUE: TPar = par(19, 3); // ICE 1.40: +15 por rocar cedo
pub const ABERTURA_PEAO_CENTRAL: TPar = par(19, 4); // ICE 1.40: +15 por lance de d2/e2
pub const ABERTURA_PECA_DUAS_VEZES: TPar = par(-19, -4); // ICE 1.40: −15 (aproximação)
pub const ABERTURA_DAMA_CEDO: TPar = par(-19, -4); // ICE 1.40: −15 por lance saindo de d1
pub const ABERTURA_REI_ANDOU: TPar = par(-15, -2); // ICE 1.40: −15 por lance de rei sem roque
pub const ABERTURA_PEAO_F: TPar = par(-19, -4); // ICE 1.40: −15 por lance de f2
pub const PECA_BLOQUEIA_PEAO_CENTRAL: TPar = par(-16, 12); // 1.78: peça em d3/e3 na frente do peão

// --- Termos que o artigo (ICE 1.78) descreve sem números --------------------
pub const PEAO_ATRASADO: TPar = par(4, -3); // 1.78: peão atrasado
pub const PEAO_ATRASADO_EXPOSTO: TPar = par(-12, -12); // 1.78: atrasado em coluna sem peão inimigo
pub const PEAO_ILHA: TPar = par(-14, 20); // por ilha de peões além da primeira
/// Peão ligado (defendido por peão ou em falange), por casa: fileira
/// relativa × 4 + coluna espelhada (a..d). Só ICE-rs.
#[rustfmt::skip]
pub const PEAO_LIGADO: [TPar; 32] = [
    par(0, 0), par(0, 0), par(0, 0), par(0, 0),
    par(0, 0), par(0, 0), par(0, 0), par(0, 0),
    par(0, -8), par(5, 6), par(-2, -6), par(1, 12),
    par(4, 5), par(12, 6), par(11, 9), par(9, 12),
    par(5, 6), par(17, 6), par(9, 11), par(7, 19),
    par(13, 10), par(8, 16), par(18, 16), par(19, 14),
    par(-12, 34), par(43, 40), par(57, 34), par(38, 51),
    par(-66, 146), par(142, 112), par(14, 85), par(75, 90),
];
/// Peões, cavalos e bispos próprios na zona do rei (0 a 11). Só ICE-rs.
#[rustfmt::skip]
pub const REI_DEFENSORES: [TPar; 12] = [
    par(-13, 2), par(-3, -3), par(1, 2), par(4, 2), par(10, -1), par(14, -21),
    par(-17, 0), par(-4, -3), par(0, 0), par(0, 0), par(0, 0), par(0, 0),
];
/// Candidato a passado, pela fileira relativa. Só ICE-rs.
#[rustfmt::skip]
pub const PEAO_CANDIDATO: [TPar; 8] = [
    par(0, 0), par(0, 0), par(2, -5), par(1, 4), par(5, 12), par(5, 20), par(2, 66), par(0, 0),
];
pub const TORRE_SETIMA: TPar = par(-58, 41); // 1.78: com o rei inimigo na 8ª ou peões na 7ª
pub const REI_COLUNA_VIZINHA_SEMIABERTA: TPar = par(-6, 8); // 1.78: colunas ao lado do rei
pub const DESEQ_DUAS_TORRES_DAMA: TPar = par(94, -175); // 1.78: 2T×D (o material já dá +100 às torres)
pub const DESEQ_MENORES_TORRE: TPar = par(16, 28); // 1.78: 2 peças menores × torre (e peão)
pub const DESEQ_PECA_PEOES: TPar = par(-5, 72); // peça menor contra peões, no meio-jogo

/// Peão passado por fileira relativa (índice 0 = fileira 1 … 7 = fileira 8).
/// 1.78: cresce com a proximidade da promoção (o ICE 1.40 dava +15/+20 fixos).
#[rustfmt::skip]
pub const PEAO_PASSADO: [TPar; 8] = [
    par(0, 0), par(8, 21), par(5, 22), par(4, 29),
    par(56, 23), par(133, 19), par(260, 52), par(0, 0),
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
    par(-39, 15), par(-21, -2), par(-13, 4), par(-22, 8), par(-32, 20), par(-39, 43), par(-71, 79), par(-33, 13),
    par(-31, 12), par(-13, -4), par(-20, 6), par(-19, -2), par(-37, 17), par(-20, 24), par(-78, -7), par(-33, 13),
    par(-34, 17), par(-19, 10), par(-26, 19), par(-26, 9), par(-29, 15), par(-16, 10), par(7, 30), par(-33, 13),
    par(-29, 9), par(-24, 5), par(-24, 10), par(-21, 7), par(-22, -9), par(-39, -7), par(-32, 15), par(-33, 13),
    par(-82, 38), par(-33, 2), par(-28, 8), par(-70, 25), par(-91, 44), par(-101, 87), par(-6, 195), par(-66, 26),
    par(-72, 27), par(-30, 9), par(-39, 17), par(-49, 12), par(-70, 28), par(-105, 59), par(-118, 93), par(-66, 26),
    par(-62, 11), par(-31, 6), par(-38, 11), par(-45, 4), par(-49, 2), par(-64, 23), par(-91, 90), par(-66, 26),
    par(-64, 28), par(-47, 29), par(-45, 28), par(-46, 18), par(-46, 6), par(-80, 27), par(-157, -11), par(-66, 26),
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
    par(-6, 1), par(54, -5), par(-40, 10), par(-12, 10), par(-3, 7), par(2, 6), par(-5, 14), par(0, 0),
    par(-1, 1), par(24, 7), par(-12, 0), par(-4, -1), par(0, 1), par(5, 1), par(1, 3), par(0, 0),
    par(-2, 2), par(4, 6), par(-21, 3), par(-8, 3), par(-1, 2), par(1, 2), par(6, -3), par(0, 0),
    par(0, 3), par(-2, -3), par(-20, -3), par(-7, 2), par(-2, 6), par(3, 3), par(0, 5), par(0, 0),
    par(0, 0), par(0, 0), par(-9, -15), par(11, -10), par(9, -2), par(10, -1), par(18, -12), par(0, 0),
    par(0, 0), par(0, 0), par(-31, -17), par(15, -19), par(-1, -3), par(11, -17), par(23, -35), par(0, 0),
    par(0, 0), par(0, 0), par(9, -27), par(6, -14), par(3, -3), par(15, -22), par(10, -5), par(0, 0),
    par(0, 0), par(0, 0), par(0, -20), par(-2, -6), par(0, 1), par(7, 0), par(53, -49), par(0, 0),
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
    par(-23, -77), par(-14, -17), par(-10, 10), par(-7, 23),
    par(-4, 30), par(-2, 36), par(1, 37), par(3, 36),
    par(4, 31),
];
#[rustfmt::skip]
pub const MOB_BISPO: [TPar; 14] = [
    par(-37, -44), par(-27, -13), par(-21, 3), par(-17, 14),
    par(-13, 22), par(-10, 27), par(-9, 33), par(-10, 35),
    par(-8, 36), par(-5, 35), par(-2, 32), par(-1, 33),
    par(12, 25), par(17, 22),
];
#[rustfmt::skip]
pub const MOB_TORRE: [TPar; 15] = [
    par(-64, -3), par(-56, 6), par(-52, 13), par(-49, 19),
    par(-50, 26), par(-48, 31), par(-45, 35), par(-44, 38),
    par(-42, 41), par(-40, 45), par(-35, 47), par(-35, 51),
    par(-34, 52), par(-38, 57), par(2, 29),
];
#[rustfmt::skip]
pub const MOB_DAMA: [TPar; 28] = [
    par(-38, -91), par(-33, -69), par(-32, -46), par(-31, -16),
    par(-30, 5), par(-29, 22), par(-28, 32), par(-27, 44),
    par(-27, 56), par(-26, 60), par(-25, 72), par(-25, 79),
    par(-25, 84), par(-24, 89), par(-24, 92), par(-23, 95),
    par(-23, 96), par(-18, 91), par(-10, 83), par(-1, 79),
    par(2, 72), par(52, 19), par(30, 38), par(138, -76),
    par(97, -38), par(228, -182), par(98, -88), par(42, -220),
];
pub const TROPISMO_CAVALO: TPar = par(6, 0); // por casa de proximidade ao rei inimigo (7 − distância)
pub const TROPISMO_BISPO: TPar = par(5, 0); // idem, bispo
pub const TROPISMO_TORRE: TPar = par(9, -3); // idem, torre
pub const TROPISMO_DAMA: TPar = par(13, 11); // idem, dama (também no final: ajuda o mate)
/// Ataque ao rei: por unidade de ataque², ÷ 16 (ver `mobilidade_tropismo`). O
/// escudo do ICE só olha os peões; um rei com escudo perfeito e três peças
/// inimigas batendo nas casas em volta estava "seguro" e o motor perdia assim.
pub const ATAQUE_REI: TPar = par(0, 1);
/// Ameaças: peça (C, B, T, D) atacada por peão inimigo; torre ou dama atacada
/// por peça menor inimiga. Por peça, do lado atacado.
pub const PECA_ATACADA_POR_PEAO: TPar = par(-51, -36);
pub const MAIOR_ATACADA_POR_MENOR: TPar = par(-46, -20);
/// Peça (cavalo a dama) atacada e sem nenhum defensor (só ICE-rs).
pub const PECA_PENDURADA: TPar = par(-7, -4);
/// Posto avançado (só ICE-rs): cavalo ou bispo na 4ª, 5ª ou 6ª fileira,
/// defendido por peão próprio, numa casa que nenhum peão inimigo pode mais
/// atacar. Só uma troca o tira dali; o cavalo, de alcance curto, ganha mais.
pub const POSTO_CAVALO: TPar = par(18, 4);
pub const POSTO_BISPO: TPar = par(17, 7);
/// Xeques seguros (só ICE-rs), por peça que dá o xeque (C, B, T, D): casas
/// de onde a peça daria xeque, que ela já alcança, sem peça própria e que o
/// defensor não ataca. O ataque ao rei conta casas em volta dele; o xeque
/// seguro é o que de fato abre o rei (ou ganha tempo para o mate).
pub const CHEQUE_SEGURO: [TPar; 4] = [par(36, 0), par(6, 20), par(42, 0), par(9, 21)];
/// Cavalo ou bispo atacado por peça menor inimiga e sem peão que o defenda
/// (a troca, quando vier, desmancha a estrutura de quem retoma).
pub const MENOR_ATACADA_POR_MENOR: TPar = par(-13, -23);
/// Dama atacada por torre inimiga: precisa sair, e o lado que ataca ganha tempo.
pub const DAMA_ATACADA_POR_TORRE: TPar = par(-67, -15);
/// Ameaças da rodada 4 (só ICE-rs), como as "threats" do Ethereal. "Mal
/// defendida" é a casa que o inimigo ataca e o lado não defende, ou que o
/// inimigo ataca duas vezes e o lado só uma (e nenhum peão próprio a
/// defende): a troca ali ganha material.
///
/// Peão mal defendido e atacado por peça (o ataque de peão a peão é coisa
/// da estrutura, que a tabela de peões já conta).
pub const PEAO_FRACO_ATACADO: TPar = par(-14, -35);
/// Cavalo ou bispo mal defendido atacado por torre ou dama inimiga.
pub const MENOR_ATACADA_POR_MAIOR: TPar = par(-18, -38);
/// Cavalo, bispo ou torre mal defendido ao alcance do rei inimigo.
pub const PECA_ATACADA_PELO_REI: TPar = par(-30, -18);
/// Dama atacada por qualquer coisa do inimigo (peão, peça ou rei): ela tem
/// de sair, e o lance que a tira não faz outra coisa.
pub const DAMA_ATACADA: TPar = par(7, -2);
/// Peça (C a D) atacada, defendida uma vez só e não por peão: o defensor
/// que sai para outra tarefa a deixa pendurada.
pub const PECA_SOBRECARREGADA: TPar = par(-2, -17);
/// Dama na linha (ou diagonal) de uma torre ou bispo inimigo (ou da outra
/// dama) com uma peça só no meio: se a peça do meio sair, a dama cai ou
/// fica cravada.
pub const DAMA_CRAVADA: TPar = par(-13, -2);
/// Bispo numa das duas grandes diagonais que enxerga as duas casas
/// centrais dela por cima dos peões (d4 e e5, ou e4 e d5).
pub const BISPO_DIAGONAL_LONGA: TPar = par(13, 24);
/// Peça (C, B, T, D) que um peão inimigo passaria a atacar avançando uma
/// casa (ou duas, da fileira inicial) para uma casa onde não é tomado de
/// graça. A ameaça ainda não existe, por isso a quiescência não a vê; e o
/// avanço vem com tempo (a peça tem de fugir).
pub const AMEACA_AVANCO_PEAO: TPar = par(-15, -10);
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
pub const MENOR_ATRAS_PEAO: TPar = par(5, 12);
/// Rei no final: por casa de distância ao peão próprio e ao inimigo mais
/// próximos (o rei precisa andar até onde os peões estão).
pub const REI_DISTANCIA_PEAO_PROPRIO: TPar = par(1, -13);
pub const REI_DISTANCIA_PEAO_INIMIGO: TPar = par(0, -11);
/// Vantagem de ter a vez (só ICE-rs): numa posição quieta, quem joga
/// escolhe o plano; sem esse termo a avaliação parada trata as duas cores
/// como se ninguém tivesse o lance.
pub const TEMPO: TPar = par(14, 12);
// Rodada 5 da avaliação (issue 60): termos que os motores clássicos fortes
// têm e o ICE-rs ainda não tinha. Cada um é pequeno; juntos, o afinador
// decide quanto valem (os números de partida são só a ordem de grandeza).
/// Cavalo fora de posto que alcança num lance um posto vazio (as casas de
/// `POSTO_CAVALO`): o posto de amanhã já vale um pouco hoje.
pub const POSTO_ALCANCAVEL: TPar = par(10, 6);
/// Rei num flanco (a–d, c–f ou e–h, pela coluna dele) sem peão nenhum: no
/// final não tem o que defender nem atacar; no meio-jogo, nada o cobre.
pub const REI_FLANCO_SEM_PEOES: TPar = par(38, -48);
/// Casa que o lado ataca e que o inimigo também ataca, mas sem a defender
/// bem (nem por peão, nem duas vezes contra uma): as peças dele que passam
/// por ali ficam presas ao que podem trocar.
pub const PECA_RESTRITA: TPar = par(3, 2);
/// Peão na 5ª ou na 6ª (índice 0 e 1) travado por um peão inimigo logo à
/// frente: não anda, e a peça que o defende fica amarrada a ele.
pub const PEAO_BLOQUEADO: [TPar; 2] = [par(-7, -6), par(-21, -11)];
/// Por casa de distância do cavalo (0) ou do bispo (1) ao próprio rei: a
/// peça menor longe do rei não o defende.
pub const PROTETOR_REI: [TPar; 2] = [par(-3, -1), par(-2, 0)];
/// Passado pela distância da coluna à borda (0 = a/h … 3 = d/e): o passado
/// da borda é o mais fácil de parar para o rei.
pub const PASSADO_COLUNA: [TPar; 4] = [par(2, 2), par(-4, 5), par(-2, -3), par(0, -5)];
/// Dama no campo inimigo (fileiras 5–8) numa casa que nenhum peão dele
/// alcança: infiltrada, não pode ser expulsa por peões.
pub const DAMA_INFILTRADA: TPar = par(10, -6);
/// Torre com até 3 casas de mobilidade do mesmo lado do rei (entre ele e o
/// canto), presa por ele; vale dobrado sem direito de roque, que a soltaria.
pub const TORRE_PRESA: TPar = par(-7, -4);
// Passados: termos que olham os reis e as peças (`peoes::passados_dinamicos`).
// As distâncias dos reis têm um peso por fileira do passado (índice =
// fileira relativa − 1), vezes a distância do rei à casa da frente: um rei a
// três casas de um passado na 3ª pouco importa, na 7ª decide o final.
#[rustfmt::skip]
pub const PASSADO_REI_INIMIGO: [TPar; 8] = [
    par(0, 0), par(-1, -4), par(-6, 0), par(-6, 11), par(-6, 23), par(-5, 37), par(-13, 50), par(0, 0),
];
#[rustfmt::skip]
pub const PASSADO_REI_PROPRIO: [TPar; 8] = [
    par(0, 0), par(1, -2), par(4, -5), par(9, -12), par(-1, -13), par(-13, -13), par(-24, -12), par(0, 0),
];
/// O passado que pode andar (casa da frente vazia) e se pode andar em
/// segurança (a casa da frente não é atacada pelo inimigo), por fileira:
/// índice = (pode × 2 + seguro) × 8 + fileira relativa − 1. Um passado
/// bloqueado ou que anda para ser tomado vale bem menos que um livre (o
/// Ethereal conta assim: `PassedPawn[canAdvance][safeAdvance][rank]`).
#[rustfmt::skip]
pub const PASSADO_AVANCO: [TPar; 32] = [
    par(0, 0), par(-13, 10), par(0, 6), par(-21, 17), par(-15, 8), par(-17, -18), par(-32, -27), par(0, 0),
    par(0, 0), par(9, 0), par(11, 4), par(-13, 13), par(-13, 12), par(-11, -5), par(-2, -30), par(0, 0),
    par(0, 0), par(-1, 10), par(7, 5), par(-9, 13), par(-10, 9), par(1, -8), par(49, -18), par(0, 0),
    par(0, 0), par(4, 9), par(6, 9), par(-15, 24), par(-9, 30), par(7, 42), par(51, 83), par(0, 0),
];
pub const PASSADO_LIVRE: TPar = par(1, 8); // caminho até a promoção vazio
pub const PASSADO_IMPARAVEL: TPar = par(-106, 244); // regra do quadrado, inimigo sem peças

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
    par(105, 188), par(100, 211), par(108, 289), par(142, -72),
    par(63, 7), par(55, -35), par(121, 1), par(66, 161),
    par(140, -29), par(96, 14), par(43, 0), par(-323, -345),
    par(-212, 31),
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
    par(0, 7), par(0, 54), par(0, 51), par(0, 5), par(0, -121),
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
    par(76, 108),
    par(328, 314),
    par(358, 342),
    par(489, 620),
    par(1187, 924),
    par(0, 0),
];

/// Peão.
#[rustfmt::skip]
pub const PC_PEAO: [TPar; 64] = [
    par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0),
    par(164, -32), par(124, 12), par(78, 22), par(88, 26), par(106, 34), par(54, 21), par(50, 46), par(113, -26),
    par(45, 34), par(28, 40), par(14, 33), par(43, 17), par(45, 24), par(36, 33), par(38, 54), par(51, 35),
    par(4, 33), par(10, 19), par(5, -1), par(16, -15), par(11, -14), par(8, 1), par(18, 20), par(5, 29),
    par(-10, 23), par(-16, 16), par(-1, -8), par(11, -24), par(9, -18), par(7, -3), par(-2, 10), par(-11, 15),
    par(-7, 9), par(-13, 10), par(-10, 1), par(-4, -2), par(0, 2), par(-2, 8), par(15, -1), par(-1, 3),
    par(-16, 23), par(-1, 17), par(-12, 28), par(-3, 15), par(-4, 25), par(19, 23), par(26, 9), par(-6, 9),
    par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0), par(0, 0),
];

/// Cavalo.
#[rustfmt::skip]
pub const PC_CAVALO: [TPar; 64] = [
    par(-130, 3), par(-79, 48), par(-27, 39), par(74, 6), par(60, 21), par(-36, 38), par(101, 0), par(-98, -40),
    par(2, 26), par(14, 33), par(43, 23), par(83, 24), par(42, 31), par(55, 15), par(8, 29), par(17, 5),
    par(28, 12), par(28, 34), par(24, 40), par(57, 41), par(68, 31), par(60, 28), par(34, 23), par(16, 30),
    par(37, 21), par(32, 32), par(46, 40), par(48, 47), par(40, 48), par(61, 37), par(35, 33), par(41, 23),
    par(27, 19), par(33, 26), par(39, 42), par(33, 47), par(46, 44), par(48, 36), par(49, 27), par(30, 29),
    par(7, 10), par(22, 19), par(21, 20), par(35, 28), par(36, 32), par(28, 15), par(36, 10), par(6, 17),
    par(10, -7), par(20, 17), par(24, 9), par(25, 16), par(25, 19), par(21, 8), par(10, 18), par(11, 7),
    par(1, -25), par(11, -25), par(13, 8), par(28, 9), par(30, 2), par(13, -1), par(11, -7), par(-7, 6),
];

/// Bispo.
#[rustfmt::skip]
pub const PC_BISPO: [TPar; 64] = [
    par(-39, 21), par(-35, 43), par(-31, 36), par(-15, 41), par(-9, 34), par(-71, 44), par(-5, 35), par(19, -2),
    par(13, 27), par(-4, 9), par(20, 30), par(23, 31), par(10, 29), par(5, 36), par(-17, 16), par(-28, 29),
    par(22, 25), par(31, 23), par(19, 14), par(40, 25), par(44, 28), par(39, 11), par(29, 24), par(32, 16),
    par(28, 17), par(32, 29), par(40, 26), par(41, 40), par(41, 39), par(37, 18), par(32, 27), par(15, 21),
    par(35, 12), par(31, 23), par(32, 35), par(45, 36), par(44, 32), par(36, 28), par(32, 21), par(43, 2),
    par(35, 8), par(38, 24), par(28, 8), par(33, 24), par(34, 28), par(25, 3), par(43, 15), par(24, 13),
    par(51, -4), par(37, -14), par(36, 5), par(29, 15), par(29, 17), par(43, 4), par(35, -17), par(48, -13),
    par(39, -23), par(40, -3), par(28, 5), par(29, 12), par(37, 7), par(10, 14), par(46, -1), par(21, -14),
];

/// Torre.
#[rustfmt::skip]
pub const PC_TORRE: [TPar; 64] = [
    par(24, 51), par(12, 50), par(17, 51), par(29, 43), par(13, 49), par(44, 41), par(18, 47), par(26, 47),
    par(57, 27), par(48, 29), par(80, 16), par(75, 17), par(64, 18), par(69, 17), par(46, 27), par(61, 14),
    par(5, 50), par(16, 44), par(2, 49), par(26, 38), par(37, 30), par(22, 40), par(22, 39), par(-4, 43),
    par(-1, 48), par(-2, 53), par(-1, 47), par(-3, 45), par(3, 38), par(-5, 43), par(15, 39), par(-5, 37),
    par(-16, 42), par(-21, 47), par(-15, 42), par(-15, 40), par(-4, 35), par(-14, 44), par(-3, 35), par(-14, 27),
    par(-12, 20), par(-12, 22), par(-12, 26), par(-14, 27), par(-2, 20), par(-3, 19), par(11, 11), par(-5, 2),
    par(-5, 2), par(-7, 10), par(4, 13), par(13, 8), par(20, 1), par(2, 5), par(27, -19), par(-14, -5),
    par(18, -1), par(21, 1), par(24, 5), par(27, 5), par(32, -3), par(26, 2), par(19, 0), par(36, -28),
];

/// Dama (no ICE, bispo + torre).
#[rustfmt::skip]
pub const PC_DAMA: [TPar; 64] = [
    par(0, 101), par(37, 65), par(62, 53), par(50, 60), par(36, 62), par(30, 68), par(57, 46), par(35, 77),
    par(30, 64), par(-4, 90), par(3, 89), par(6, 86), par(0, 90), par(19, 80), par(4, 97), par(29, 64),
    par(35, 51), par(24, 56), par(14, 69), par(22, 70), par(20, 89), par(50, 76), par(28, 90), par(15, 61),
    par(39, 49), par(29, 77), par(22, 72), par(22, 77), par(22, 85), par(36, 71), par(33, 79), par(38, 49),
    par(53, 30), par(37, 53), par(37, 55), par(36, 67), par(45, 63), par(47, 54), par(48, 63), par(46, 48),
    par(59, 21), par(52, 22), par(51, 35), par(55, 22), par(54, 38), par(61, 36), par(58, 40), par(52, 33),
    par(63, -3), par(68, -8), par(74, -13), par(78, -9), par(79, -4), par(90, -33), par(93, -57), par(61, 23),
    par(77, -13), par(82, -8), par(83, -12), par(82, -1), par(87, -3), par(88, -44), par(101, -73), par(93, 2),
];

/// Rei: meio-jogo protegido no canto, final centralizado.
#[rustfmt::skip]
pub const PC_REI: [TPar; 64] = [
    par(-48, 34), par(108, 100), par(99, 144), par(29, 115), par(53, 120), par(118, 109), par(165, 84), par(-58, 34),
    par(-13, 101), par(-23, 158), par(-38, 172), par(-113, 160), par(-78, 167), par(555, -77), par(13, 139), par(-115, 107),
    par(6, 113), par(7, 135), par(-60, 168), par(-130, 163), par(-123, 169), par(-72, 185), par(25, 135), par(-43, 115),
    par(-60, 110), par(24, 110), par(-39, 143), par(-48, 124), par(-56, 129), par(-29, 146), par(24, 108), par(-81, 112),
    par(-84, 104), par(25, 85), par(-10, 121), par(-13, 96), par(-10, 100), par(-3, 117), par(19, 85), par(-93, 99),
    par(-64, 93), par(26, 75), par(-17, 109), par(-11, 88), par(-8, 87), par(-4, 104), par(30, 72), par(-50, 84),
    par(-42, 81), par(-9, 82), par(-27, 103), par(-26, 78), par(-33, 80), par(-23, 99), par(10, 72), par(-30, 82),
    par(-144, 107), par(-80, 92), par(-101, 123), par(-91, 85), par(-54, 64), par(-90, 111), par(-70, 88), par(-113, 90),
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
