//! `TBoard`: a posição, `make`/`unmake`, os testes de ataque e xeque e as
//! regras de fim de partida. O FEN fica em `fen` (outro bloco `impl TBoard`).
//!
//! Nível 3: depende de `tipos`, `bitboard`, `lance`, `ataques`, `hash`,
//! `pesos` e `peca_casa` (estes dois só pela soma de material e peça-casa).
//! Porta de `init.c` (montar a posição) e `make.c` (fazer e desfazer lances)
//! do ICE. `TBoard` é o `TBoard` da seção 4.1 do texto do ICE: um bitboard
//! por tipo de peça e por cor, mais o mínimo que a correção exige (cada campo
//! extra explica o porquê).
//!
//! Um só `TBoard` é passado por `&mut` a toda a busca, que faz `make` ao
//! descer e `unmake` ao subir: copiar a posição a cada nó custaria dezenas de
//! KB por cópia, por causa do histórico. `make` atualiza a chave Zobrist
//! de forma incremental (só as casas que mudam); `unmake` nem isso, pois a
//! chave antiga está guardada no histórico. A soma de material e peça-casa
//! de cada cor (`peca_casa`) segue o mesmo caminho.

use crate::ataques::{
    ataques_bispo, ataques_torre, ATAQUES_CAVALO, ATAQUES_PEAO, ATAQUES_REI, ENTRE, RETA,
};
use crate::bitboard::{bit, conta, lsb, mais_de_um, pop_lsb};
use crate::hash::{zobrist_ep, ZOBRIST_PECA, ZOBRIST_ROQUE, ZOBRIST_VEZ};
use crate::lance::{TLance, LANCE_NULO};
use crate::peca_casa::{TTabelaPecaCasa, PECA_CASA};
use crate::pesos::{par, TPar};
use crate::tipos::{
    coluna, TBitboard, BISPO, BRANCAS, CAVALO, DAMA, MAX_HISTORICO, MSK_EN_PASSANT,
    MSK_ROQUE_PEQUENO, NEGRAS, NENHUMA, PEAO, REI, SEM_CASA, TORRE,
};

/// FEN da posição inicial.
pub const FEN_INICIAL: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// O que o `unmake` precisa para desfazer um lance e o que a repetição e a
/// análise de abertura precisam saber dos lances jogados. Só o que o lance
/// *apaga* (roque, en passant, contador, chave) precisa ser guardado; o resto
/// o próprio `TLance` diz (peça, casas, peça capturada).
#[derive(Clone, Copy, Default)]
pub struct THistorico {
    /// Chave da posição *antes* do lance.
    pub chave_hash: u64,
    /// O lance (LANCE_NULO para o lance nulo).
    pub lance: TLance,
    pub en_passant: u8,
    pub msk_roque: u8,
    pub meio_lances: u16,
    /// `TBoard::peca_casa` antes do lance: o `unmake` a copia de volta em vez
    /// de refazer a conta de cada peça que o lance mexeu.
    pub peca_casa: [TPar; 2],
}

/// A posição. Campos do ICE: os bitboards por peça e cor, `pecas`,
/// `en_passant`, `msk_roque`, `vez`, `num_lance` e `chave_hash`.
#[derive(Clone)]
pub struct TBoard {
    pub rei: [TBitboard; 2],
    pub damas: [TBitboard; 2],
    pub torres: [TBitboard; 2],
    pub bispos: [TBitboard; 2],
    pub cavalos: [TBitboard; 2],
    pub peoes: [TBitboard; 2],
    /// União das peças de cada cor.
    pub pecas: [TBitboard; 2],
    /// Casa de en passant, ou SEM_CASA. RUST: o ICE 1.40 deduzia o e.p. do
    /// último lance; aqui ela só é marcada quando um peão inimigo pode mesmo
    /// capturar, que é a regra da chave Polyglot.
    pub en_passant: u8,
    /// Direitos de roque (bits `MSK_ROQUE_*`).
    pub msk_roque: u8,
    /// Chess960: escrever o roque como "rei toma a própria torre" (`e1h1`).
    /// Só a escrita dos lances (e o FEN, nada mais) depende disto: o
    /// protocolo o liga no modo 960, e o FEN o liga sozinho quando rei ou
    /// torres de roque não estão nas casas do xadrez comum.
    pub chess960: bool,
    /// Casa de onde sai a torre de cada direito de roque, na ordem dos bits
    /// de `msk_roque` (K, Q, k, q). RUST: no Chess960 a torre pode estar em
    /// qualquer coluna, então os direitos lembram a torre (X-FEN/Shredder-FEN).
    pub torre_roque: [u8; 4],
    /// Casas que precisam estar vazias para cada roque: as que o rei e a
    /// torre percorrem até as casas de chegada (c/g e d/f), fora eles dois.
    pub vazias_roque: [TBitboard; 4],
    /// Casas por onde o rei passa em cada roque, a de chegada inclusive (a
    /// de partida não: o roque só é gerado fora de xeque).
    pub caminho_roque: [TBitboard; 4],
    /// Bits de roque que continuam valendo depois que algo sai de/chega a
    /// uma casa. Uma tabela em vez de testes: `msk_roque &= M[origem] &
    /// M[destino]` cobre o rei que anda, a torre que anda e a torre
    /// capturada, sem nenhum `if` no `make`. Por tabuleiro, porque no
    /// Chess960 as casas de rei e torres mudam de partida para partida.
    pub mascara_roque: [u8; 64],
    /// Lado a jogar: BRANCAS ou NEGRAS.
    pub vez: usize,
    /// Número do lance completo (sobe quando a vez volta às brancas).
    pub num_lance: u32,
    /// Chave Zobrist/Polyglot da posição, mantida de forma incremental.
    pub chave_hash: u64,
    /// Soma de `PECA_CASA` (material + peça-casa da avaliação completa) sobre
    /// as peças de cada cor, mantida de forma incremental como a chave: o
    /// passo 1 da avaliação a lê pronta em vez de somar as ~32 peças a cada
    /// nó. O lance muda duas a quatro parcelas; a avaliação é chamada em
    /// quase todo nó.
    pub peca_casa: [TPar; 2],
    // --- Extras que a correção exige ---
    /// Peça em cada casa (0 = vazia): saber o que foi capturado sem varrer os
    /// seis bitboards do adversário.
    pub casas: [u8; 64],
    /// Meios-lances desde a última captura ou lance de peão (regra dos 50).
    pub meio_lances: u16,
    /// Pilha dos lances jogados (partida + busca), com o necessário para
    /// desfazê-los e as chaves para detectar repetições. O ICE também guardava
    /// a lista de lances jogados, busca inclusive.
    // Vetor fixo, não `Vec`: `make` nunca aloca. Partida e busca dividem a
    // mesma pilha, então a repetição vê as duas num só laço. O protocolo
    // compacta a pilha antes que ela encha (partidas muito longas).
    pub historico: [THistorico; MAX_HISTORICO],
    pub num_historico: usize,
}

/// O que `TBoard::da_xeque_com` precisa saber de uma posição para dizer,
/// lance a lance, se o lance dá xeque (`TBoard::prepara_xeques`).
#[derive(Clone, Copy)]
pub struct TXeques {
    /// As casas de onde cada tipo de peça (índice PEAO..REI) do lado a jogar
    /// dá xeque no rei inimigo.
    pub casas: [TBitboard; 7],
    /// As peças do lado a jogar que, saindo da reta entre o rei inimigo e
    /// um bispo, torre ou dama do lado a jogar, descobrem xeque.
    pub descobertas: TBitboard,
    /// A casa do rei inimigo.
    pub rei: usize,
}

/// Casas de rei e torres de roque do xadrez comum, na ordem dos bits de
/// `msk_roque` (K, Q, k, q): o rei em e1/e8, as torres nos cantos.
pub(crate) const REI_ROQUE: [usize; 4] = [60, 60, 4, 4];
pub(crate) const TORRE_ROQUE_PADRAO: [u8; 4] = [63, 56, 7, 0];

/// Índice (0..4, ordem K, Q, k, q) do direito de roque de `cor` na ala do
/// rei (`pequeno`) ou da dama.
#[inline(always)]
pub fn indice_roque(cor: usize, pequeno: bool) -> usize {
    2 * cor + (!pequeno) as usize
}

/// Casas do rei e da torre depois do roque: g/f (pequeno) ou c/d (grande),
/// na fileira de partida. São as mesmas no Chess960.
#[inline(always)]
pub fn chegadas_roque(cor: usize, pequeno: bool) -> (usize, usize) {
    let base = if cor == BRANCAS { 56 } else { 0 };
    if pequeno {
        (base + 6, base + 5)
    } else {
        (base + 2, base + 3)
    }
}

/// Casas entre `a` e `b` na mesma fileira, as duas inclusive.
pub(crate) fn faixa(a: usize, b: usize) -> TBitboard {
    let (lo, hi) = (a.min(b), a.max(b));
    let mut r = 0;
    for s in lo..=hi {
        r |= bit(s);
    }
    r
}

/// Casa do peão que sai do tabuleiro quando o lado `cor` (BRANCAS/NEGRAS)
/// captura en passant chegando a `destino`: a casa logo atrás do destino,
/// vista por quem captura. Com a8 = 0 e h1 = 63, "atrás" das brancas é
/// `destino + 8` e das pretas `destino - 8`.
///
/// É a única conta que distingue o en passant de uma captura comum: `make`,
/// `unmake`, o gerador, a SEE e a leitura do FEN a usam.
#[inline]
pub fn casa_peao_capturado_en_passant(destino: usize, cor: usize) -> usize {
    if cor == BRANCAS {
        destino + 8
    } else {
        destino - 8
    }
}

/// Casas de onde sai e aonde chega a torre num roque, dado o lance do rei
/// (o roque é um lance de rei; a torre vem junto). A torre chega ao lado do
/// rei, do lado de dentro: f1/d1 (ou f8/d8), no xadrez comum e no 960.
#[inline(always)]
fn casas_torre_roque(l: &TLance) -> (usize, usize) {
    let destino = l.casa_destino as usize;
    if l.especial & MSK_ROQUE_PEQUENO != 0 {
        (l.casa_torre as usize, destino - 1)
    } else {
        (l.casa_torre as usize, destino + 1)
    }
}

/// Casa da peça capturada pelo lance `l` do lado `cor`: o destino, salvo no
/// en passant.
#[inline(always)]
fn casa_capturada(l: &TLance, cor: usize) -> usize {
    let destino = l.casa_destino as usize;
    if l.especial & MSK_EN_PASSANT != 0 {
        casa_peao_capturado_en_passant(destino, cor)
    } else {
        destino
    }
}

/// A peça que fica na casa de destino: a promovida, na promoção.
#[inline(always)]
fn peca_que_chega(l: &TLance) -> u8 {
    if l.peca_promovida != NENHUMA {
        l.peca_promovida
    } else {
        l.peca
    }
}

impl Default for TBoard {
    fn default() -> Self {
        TBoard::vazio()
    }
}

impl TBoard {
    /// Tabuleiro sem peças (só serve de ponto de partida para o FEN).
    pub fn vazio() -> TBoard {
        TBoard {
            rei: [0; 2],
            damas: [0; 2],
            torres: [0; 2],
            bispos: [0; 2],
            cavalos: [0; 2],
            peoes: [0; 2],
            pecas: [0; 2],
            en_passant: SEM_CASA,
            msk_roque: 0,
            chess960: false,
            torre_roque: TORRE_ROQUE_PADRAO,
            vazias_roque: [0; 4],
            caminho_roque: [0; 4],
            mascara_roque: [0x0F; 64],
            vez: BRANCAS,
            num_lance: 1,
            chave_hash: 0,
            peca_casa: [par(0, 0); 2],
            casas: [NENHUMA; 64],
            meio_lances: 0,
            historico: [THistorico::default(); MAX_HISTORICO],
            num_historico: 0,
        }
    }

    /// Todas as casas ocupadas.
    #[inline(always)]
    pub fn ocupadas(&self) -> TBitboard {
        self.pecas[0] | self.pecas[1]
    }

    /// Bitboards do tipo de peça `peca` (os dois lados).
    #[inline(always)]
    pub fn bb(&self, peca: u8) -> &[TBitboard; 2] {
        match peca {
            PEAO => &self.peoes,
            CAVALO => &self.cavalos,
            BISPO => &self.bispos,
            TORRE => &self.torres,
            DAMA => &self.damas,
            _ => &self.rei,
        }
    }

    #[inline(always)]
    fn bb_mut(&mut self, peca: u8) -> &mut [TBitboard; 2] {
        match peca {
            PEAO => &mut self.peoes,
            CAVALO => &mut self.cavalos,
            BISPO => &mut self.bispos,
            TORRE => &mut self.torres,
            DAMA => &mut self.damas,
            _ => &mut self.rei,
        }
    }

    /// Cor da peça numa casa ocupada.
    #[inline(always)]
    pub fn cor_em(&self, casa: usize) -> usize {
        if self.pecas[BRANCAS] & bit(casa) != 0 {
            BRANCAS
        } else {
            NEGRAS
        }
    }

    /// Casa do rei de uma cor.
    #[inline(always)]
    pub fn casa_rei(&self, cor: usize) -> usize {
        lsb(self.rei[cor])
    }

    /// Põe ou tira (XOR) uma peça, sem mexer na chave.
    // O `unmake` usa só esta (e acerta `casas` à mão), pois restaura a chave
    // do histórico; `poe`/`tira`, que mexem na chave, são para o `make`.
    #[inline(always)]
    fn alterna(&mut self, cor: usize, peca: u8, casa: usize) {
        self.alterna_casas(cor, peca, bit(casa));
    }

    /// `alterna` de uma vez nas casas da máscara `m` (a origem e o destino
    /// de um lance sem promoção: um `bb_mut`, um `match` pelo tipo, e não
    /// dois).
    #[inline(always)]
    fn alterna_casas(&mut self, cor: usize, peca: u8, m: TBitboard) {
        self.bb_mut(peca)[cor] ^= m;
        self.pecas[cor] ^= m;
    }

    #[inline(always)]
    pub(crate) fn poe(&mut self, cor: usize, peca: u8, casa: usize) {
        self.alterna(cor, peca, casa);
        self.casas[casa] = peca;
        self.chave_hash ^= ZOBRIST_PECA[cor][peca as usize][casa];
        let v = PECA_CASA[cor][peca as usize][casa];
        self.peca_casa[cor].mg += v.mg;
        self.peca_casa[cor].eg += v.eg;
    }

    #[inline(always)]
    fn tira(&mut self, cor: usize, peca: u8, casa: usize) {
        self.alterna(cor, peca, casa);
        self.casas[casa] = NENHUMA;
        self.chave_hash ^= ZOBRIST_PECA[cor][peca as usize][casa];
        let v = PECA_CASA[cor][peca as usize][casa];
        self.peca_casa[cor].mg -= v.mg;
        self.peca_casa[cor].eg -= v.eg;
    }

    /// Leva a peça `peca` de `cor` de `de` para `para` (o `tira` e o `poe`
    /// de um lance sem promoção, com `alterna_casas`). Com `de` = `para` (o rei que não anda no roque do Chess960)
    /// a máscara é zero e nada muda, como com os dois.
    #[inline(always)]
    fn leva(&mut self, cor: usize, peca: u8, de: usize, para: usize) {
        self.alterna_casas(cor, peca, bit(de) ^ bit(para));
        self.casas[de] = NENHUMA;
        self.casas[para] = peca;
        let z = &ZOBRIST_PECA[cor][peca as usize];
        self.chave_hash ^= z[de] ^ z[para];
        let t = &PECA_CASA[cor][peca as usize];
        self.peca_casa[cor].mg += t[para].mg - t[de].mg;
        self.peca_casa[cor].eg += t[para].eg - t[de].eg;
    }

    /// Peças da cor `cor` que atacam `casa`, com as casas `ocupadas` dadas.
    // Olha *da casa* para fora: um peão da cor `cor` ataca `casa` se um peão
    // da outra cor em `casa` o atacaria, e o mesmo vale para as outras peças.
    // `ocupadas` é parâmetro para o gerador poder tirar o rei do tabuleiro.
    #[inline(always)]
    pub fn atacantes_de(&self, casa: usize, cor: usize, ocupadas: TBitboard) -> TBitboard {
        (ATAQUES_PEAO[cor ^ 1][casa] & self.peoes[cor])
            | (ATAQUES_CAVALO[casa] & self.cavalos[cor])
            | (ATAQUES_REI[casa] & self.rei[cor])
            | (ataques_bispo(casa, ocupadas) & (self.bispos[cor] | self.damas[cor]))
            | (ataques_torre(casa, ocupadas) & (self.torres[cor] | self.damas[cor]))
    }

    /// Todas as peças (das duas cores) que atacam `casa`.
    #[inline(always)]
    pub fn todos_atacantes(&self, casa: usize, ocupadas: TBitboard) -> TBitboard {
        (ATAQUES_PEAO[NEGRAS][casa] & self.peoes[BRANCAS])
            | (ATAQUES_PEAO[BRANCAS][casa] & self.peoes[NEGRAS])
            | (ATAQUES_CAVALO[casa] & (self.cavalos[0] | self.cavalos[1]))
            | (ATAQUES_REI[casa] & (self.rei[0] | self.rei[1]))
            | (ataques_bispo(casa, ocupadas)
                & (self.bispos[0] | self.bispos[1] | self.damas[0] | self.damas[1]))
            | (ataques_torre(casa, ocupadas)
                & (self.torres[0] | self.torres[1] | self.damas[0] | self.damas[1]))
    }

    /// A casa é atacada pela cor `cor`?
    #[inline(always)]
    pub fn atacada(&self, casa: usize, cor: usize) -> bool {
        self.atacantes_de(casa, cor, self.ocupadas()) != 0
    }

    /// Peças inimigas que dão xeque no rei do lado a jogar.
    #[inline(always)]
    pub fn xequeadores(&self) -> TBitboard {
        self.atacantes_de(self.casa_rei(self.vez), self.vez ^ 1, self.ocupadas())
    }

    /// O lado a jogar está em xeque?
    #[inline(always)]
    pub fn em_xeque(&self) -> bool {
        self.xequeadores() != 0
    }

    /// O lance `l` (legal, do lado a jogar, numa posição legal) dá xeque? A mesma resposta que
    /// `make(l)`, `em_xeque()` e `unmake()`, sem mexer no tabuleiro: as
    /// peças do lado a jogar e as casas ocupadas como ficariam depois do
    /// lance (a peça que sai, a que chega, a torre do roque, o peão tomado
    /// en passant), e quem delas ataca o rei inimigo, como em
    /// `atacantes_de`. A árvore pergunta isto de cada lance que as podas
    /// cortariam (um xeque nunca é podado); fazer e desfazer o lance só para
    /// saber custava umas cinco vezes mais, e a maior parte desses lances é
    /// podada.
    #[inline]
    pub fn da_xeque(&self, l: &TLance) -> bool {
        let cor = self.vez;
        let k = self.casa_rei(cor ^ 1);
        let origem = l.casa_origem as usize;
        let destino = l.casa_destino as usize;
        // As peças de `cor` por tipo (índice = PEAO..REI) depois do lance.
        let mut p = [
            0,
            self.peoes[cor],
            self.cavalos[cor],
            self.bispos[cor],
            self.torres[cor],
            self.damas[cor],
            self.rei[cor],
        ];
        let chega = peca_que_chega(l);
        p[l.peca as usize] &= !bit(origem);
        p[chega as usize] |= bit(destino);
        let mut sai = bit(origem);
        let mut entra = bit(destino);
        if l.eh_roque() {
            let (de, para) = casas_torre_roque(l);
            p[TORRE as usize] = (p[TORRE as usize] & !bit(de)) | bit(para);
            sai |= bit(de);
            entra |= bit(para);
        } else if l.especial & MSK_EN_PASSANT != 0 {
            sai |= bit(casa_capturada(l, cor));
        }
        let curtas = (ATAQUES_PEAO[cor ^ 1][k] & p[PEAO as usize])
            | (ATAQUES_CAVALO[k] & p[CAVALO as usize])
            | (ATAQUES_REI[k] & p[REI as usize]);
        if curtas != 0 {
            return true;
        }
        // Numa posição legal o rei inimigo não está em xeque agora (a vez é
        // de `cor`): um xeque de longo alcance depois do lance passa pela
        // casa que vagou (descoberto) ou sai da peça que chegou. Sem roque
        // nem en passant (que vagam ou ocupam outras casas), se nenhuma das
        // duas está alinhada com o rei, não há xeque, e as duas consultas às
        // tabelas mágicas (a parte cara daqui) ficam de fora.
        let chega_longe = chega == BISPO || chega == TORRE || chega == DAMA;
        if sai == bit(origem)
            && entra == bit(destino)
            && RETA[k][origem] == 0
            && !(chega_longe && RETA[k][destino] != 0)
        {
            return false;
        }
        let ocupadas = (self.ocupadas() & !sai) | entra;
        let dama = p[DAMA as usize];
        (ataques_bispo(k, ocupadas) & (p[BISPO as usize] | dama))
            | (ataques_torre(k, ocupadas) & (p[TORRE as usize] | dama))
            != 0
    }

    /// O que `da_xeque_com` usa, calculado uma vez para a posição: as casas
    /// de xeque de cada tipo de peça (vistas do rei inimigo, com as
    /// ocupadas de agora) e as peças que descobrem xeque (a única entre o
    /// rei inimigo e um bispo, torre ou dama nossos, como as cravadas do
    /// gerador, do outro lado). Custa quatro consultas às tabelas mágicas;
    /// a árvore só o pede num nó que poda lances, e ali ele serve a todos.
    pub fn prepara_xeques(&self) -> TXeques {
        let cor = self.vez;
        let o = cor ^ 1;
        let k = self.casa_rei(o);
        let occ = self.ocupadas();
        let diagonais = ataques_bispo(k, occ);
        let linhas = ataques_torre(k, occ);
        let casas = [
            0,
            ATAQUES_PEAO[o][k],
            ATAQUES_CAVALO[k],
            diagonais,
            linhas,
            diagonais | linhas,
            0,
        ];
        // Atiradores: os nossos que veriam o rei se as nossas peças não
        // estivessem no caminho (só as dele bloqueiam); descobre xeque a
        // nossa que está sozinha no meio.
        let descobertas = self.sozinhas_na_reta(k, cor, self.pecas[o]) & self.pecas[cor];
        TXeques {
            casas,
            descobertas,
            rei: k,
        }
    }

    /// As peças (de qualquer cor) que estão sozinhas entre a casa `k` e um
    /// bispo, torre ou dama de `cor` alinhado com ela. Os atiradores são
    /// procurados vendo só as peças `opacas` como bloqueio (as outras, as
    /// de quem se procura, são transparentes). Serve às cravadas do gerador
    /// (`geracao::cravadas`: `k` o nosso rei, atiradores e opacas do
    /// inimigo) e às peças que descobrem xeque (`prepara_xeques`: `k` o rei
    /// inimigo, atiradores nossos, opacas dele).
    #[inline(always)]
    pub fn sozinhas_na_reta(&self, k: usize, cor: usize, opacas: TBitboard) -> TBitboard {
        let occ = self.ocupadas();
        let mut atiradores = (ataques_torre(k, opacas) & (self.torres[cor] | self.damas[cor]))
            | (ataques_bispo(k, opacas) & (self.bispos[cor] | self.damas[cor]));
        let mut r = 0;
        while atiradores != 0 {
            let s = pop_lsb(&mut atiradores);
            let meio = ENTRE[k][s] & occ;
            if meio != 0 && !mais_de_um(meio) {
                r |= meio;
            }
        }
        r
    }

    /// A mesma resposta de `da_xeque`, com o que `prepara_xeques` calculou
    /// para esta posição. Num lance comum (sem roque, en passant nem
    /// promoção, que vão para `da_xeque`), o xeque é direto, da peça que
    /// chega numa casa de xeque do seu tipo, ou descoberto, de uma peça de
    /// `descobertas` que sai da reta do rei. As casas de xeque valem com a
    /// casa de saída ainda ocupada: um raio da casa de chegada ao rei que
    /// passasse pela de saída daria xeque já antes do lance, o que numa
    /// posição legal não acontece.
    #[inline(always)]
    pub fn da_xeque_com(&self, x: &TXeques, l: &TLance) -> bool {
        if l.eh_roque() || l.especial & MSK_EN_PASSANT != 0 || l.peca_promovida != NENHUMA {
            return self.da_xeque(l);
        }
        let origem = l.casa_origem as usize;
        let destino = l.casa_destino as usize;
        x.casas[l.peca as usize] & bit(destino) != 0
            || (x.descobertas & bit(origem) != 0 && RETA[x.rei][origem] & bit(destino) == 0)
    }

    /// Guarda na pilha o que o `unmake` precisa para voltar (e a chave, para
    /// a repetição).
    #[inline(always)]
    fn empilha(&mut self, l: &TLance) {
        debug_assert!(self.num_historico < MAX_HISTORICO);
        self.historico[self.num_historico] = THistorico {
            chave_hash: self.chave_hash,
            lance: *l,
            en_passant: self.en_passant,
            msk_roque: self.msk_roque,
            meio_lances: self.meio_lances,
            peca_casa: self.peca_casa,
        };
        self.num_historico += 1;
    }

    /// O direito de en passant dura um lance só.
    // A coluna do e.p. entra na chave (regra Polyglot): apagá-lo também a tira.
    #[inline(always)]
    fn apaga_en_passant(&mut self) {
        if self.en_passant != SEM_CASA {
            self.chave_hash ^= zobrist_ep(coluna(self.en_passant as usize));
            self.en_passant = SEM_CASA;
        }
    }

    /// Direitos de roque perdidos porque algo saiu de `origem` ou chegou a
    /// `destino`. A chave troca a combinação antiga pela nova (uma chave por
    /// combinação, ver `ZOBRIST_ROQUE`).
    #[inline(always)]
    fn tira_direitos_de_roque(&mut self, origem: usize, destino: usize) {
        let novo_roque = self.msk_roque & self.mascara_roque[origem] & self.mascara_roque[destino];
        if novo_roque != self.msk_roque {
            self.chave_hash ^=
                ZOBRIST_ROQUE[self.msk_roque as usize] ^ ZOBRIST_ROQUE[novo_roque as usize];
            self.msk_roque = novo_roque;
        }
    }

    /// Faz um lance (legal). Porta de `make()` do ICE, com a chave incremental.
    pub fn make(&mut self, l: &TLance) {
        let cor = self.vez;
        let inimigo = cor ^ 1;
        let origem = l.casa_origem as usize;
        let destino = l.casa_destino as usize;
        self.empilha(l);
        self.apaga_en_passant();
        self.meio_lances += 1;

        // A captura sai primeiro: no destino só cabe uma peça.
        if l.peca_capturada != NENHUMA {
            self.tira(inimigo, l.peca_capturada, casa_capturada(l, cor));
            self.meio_lances = 0;
        }

        let chega = peca_que_chega(l);
        if chega == l.peca {
            self.leva(cor, l.peca, origem, destino);
        } else {
            self.tira(cor, l.peca, origem);
            self.poe(cor, chega, destino);
        }

        if l.peca == PEAO {
            self.meio_lances = 0;
            // Avanço duplo: marca o e.p. só se um peão inimigo puder capturar.
            if origem ^ destino == 16 {
                let ep = (origem + destino) / 2;
                if ATAQUES_PEAO[cor][ep] & self.peoes[inimigo] != 0 {
                    self.en_passant = ep as u8;
                    self.chave_hash ^= zobrist_ep(coluna(ep));
                }
            }
        } else if l.eh_roque() {
            // O rei já andou; falta a torre. No Chess960 o rei pode chegar à
            // casa de onde a torre sai (e a torre à de onde o rei saiu): os
            // bitboards são XOR e não se importam com a ordem, mas `casas`
            // sim, e o rei é quem fica no destino.
            let (de, para) = casas_torre_roque(l);
            self.tira(cor, TORRE, de);
            self.poe(cor, TORRE, para);
            self.casas[destino] = REI;
        }
        self.tira_direitos_de_roque(origem, destino);

        self.vez = inimigo;
        self.chave_hash ^= ZOBRIST_VEZ;
        if self.vez == BRANCAS {
            self.num_lance += 1;
        }
        debug_assert_eq!(
            self.chave_hash,
            self.chave_do_zero(),
            "chave incremental divergiu"
        );
        // Só com `debug_assertions` (o perfil `depuracao` do CI): o binário
        // release não confere nada disto e não fica mais lento.
        debug_assert!(self.consistente(), "tabuleiro incoerente depois de {l:?}");
    }

    /// Desfaz o último lance feito com `make`. Porta de `unmake()` do ICE.
    pub fn unmake(&mut self) {
        debug_assert!(self.num_historico > 0);
        self.num_historico -= 1;
        let h = self.historico[self.num_historico];
        let l = &h.lance;
        if self.vez == BRANCAS {
            self.num_lance -= 1;
        }
        self.vez ^= 1;
        // `cor` é quem fez o lance que está sendo desfeito.
        let cor = self.vez;
        let origem = l.casa_origem as usize;
        let destino = l.casa_destino as usize;

        let chega = peca_que_chega(l);
        if chega == l.peca {
            // Um `bb_mut` só, como no `leva` do `make`.
            self.alterna_casas(cor, chega, bit(origem) ^ bit(destino));
        } else {
            self.alterna(cor, chega, destino);
            self.alterna(cor, l.peca, origem);
        }
        self.casas[destino] = NENHUMA;
        self.casas[origem] = l.peca;

        if l.eh_roque() {
            let (de, para) = casas_torre_roque(l);
            self.alterna(cor, TORRE, para);
            self.casas[para] = NENHUMA;
            self.alterna(cor, TORRE, de);
            self.casas[de] = TORRE;
            // A torre pode ter chegado à casa de partida do rei (960).
            self.casas[origem] = REI;
        }
        // A capturada volta depois de a peça sair do destino (mesmo motivo).
        if l.peca_capturada != NENHUMA {
            let casa_cap = casa_capturada(l, cor);
            self.alterna(cor ^ 1, l.peca_capturada, casa_cap);
            self.casas[casa_cap] = l.peca_capturada;
        }
        self.chave_hash = h.chave_hash;
        self.peca_casa = h.peca_casa;
        self.en_passant = h.en_passant;
        self.msk_roque = h.msk_roque;
        self.meio_lances = h.meio_lances;
        debug_assert!(
            self.consistente(),
            "tabuleiro incoerente depois de desfazer {l:?}"
        );
    }

    /// Lance nulo: passa a vez sem mexer peça (para a poda do lance nulo).
    /// O contador dos 50 lances vai a zero para que a detecção de repetição
    /// não atravesse o lance nulo (uma "repetição" através dele é falsa).
    pub fn make_null_move(&mut self) {
        self.empilha(&LANCE_NULO);
        self.apaga_en_passant();
        self.meio_lances = 0;
        self.vez ^= 1;
        self.chave_hash ^= ZOBRIST_VEZ;
        if self.vez == BRANCAS {
            self.num_lance += 1;
        }
        debug_assert!(
            self.consistente(),
            "tabuleiro incoerente depois do lance nulo"
        );
    }

    /// Desfaz o lance nulo.
    pub fn unmake_null_move(&mut self) {
        debug_assert!(self.num_historico > 0);
        self.num_historico -= 1;
        let h = self.historico[self.num_historico];
        if self.vez == BRANCAS {
            self.num_lance -= 1;
        }
        self.vez ^= 1;
        self.chave_hash = h.chave_hash;
        self.en_passant = h.en_passant;
        self.meio_lances = h.meio_lances;
        debug_assert!(
            h.lance == LANCE_NULO,
            "unmake_null_move desfez {:?}",
            h.lance
        );
        debug_assert!(
            self.consistente(),
            "tabuleiro incoerente depois de desfazer o lance nulo"
        );
    }

    /// Chave calculada do zero (para conferir a incremental).
    pub fn chave_do_zero(&self) -> u64 {
        let mut k = 0u64;
        for cor in 0..2 {
            for peca in PEAO..=REI {
                let mut b = self.bb(peca)[cor];
                while b != 0 {
                    k ^= ZOBRIST_PECA[cor][peca as usize][pop_lsb(&mut b)];
                }
            }
        }
        k ^= ZOBRIST_ROQUE[self.msk_roque as usize];
        if self.en_passant != SEM_CASA {
            k ^= zobrist_ep(coluna(self.en_passant as usize));
        }
        if self.vez == BRANCAS {
            k ^= ZOBRIST_VEZ;
        }
        k
    }

    /// Soma de `PECA_CASA` de cada cor calculada do zero (para montar o
    /// tabuleiro e conferir a incremental).
    pub fn peca_casa_do_zero(&self) -> [TPar; 2] {
        [
            self.soma_peca_casa(BRANCAS, &PECA_CASA),
            self.soma_peca_casa(NEGRAS, &PECA_CASA),
        ]
    }

    /// Soma a tabela `t` (uma de `peca_casa`) sobre todas as peças da cor:
    /// a de `PECA_CASA` do zero, e a do ICE no passo 1 do modo clássico.
    #[inline(always)]
    pub fn soma_peca_casa(&self, cor: usize, t: &TTabelaPecaCasa) -> TPar {
        let mut s = par(0, 0);
        for peca in PEAO..=REI {
            let mut bb = self.bb(peca)[cor];
            while bb != 0 {
                let v = t[cor][peca as usize][pop_lsb(&mut bb)];
                s.mg += v.mg;
                s.eg += v.eg;
            }
        }
        s
    }

    /// Quantas vezes a posição atual já ocorreu antes, desde o último lance
    /// irreversível (captura, lance de peão ou lance nulo). A busca trata 1
    /// como empate; a partida exige 2 (tripla repetição).
    pub fn repeticoes(&self) -> usize {
        // Antes de um lance irreversível nenhuma posição pode se repetir, e
        // `meio_lances` conta justamente desde ele: é o limite da busca.
        let limite = (self.meio_lances as usize).min(self.num_historico);
        let mut n = 0;
        // Só posições com o mesmo lado a jogar: de 2 em 2 meios-lances. A
        // mais recente possível é de 4 meios-lances atrás (ida e volta de
        // uma peça de cada lado).
        let mut i = 4;
        while i <= limite {
            if self.historico[self.num_historico - i].chave_hash == self.chave_hash {
                n += 1;
            }
            i += 2;
        }
        n
    }

    /// Nenhum dos lados tem material para dar mate (K×K, K+C×K, K+B×K, e
    /// K+B×K+B com bispos de mesma cor de casa).
    pub fn material_insuficiente(&self) -> bool {
        if self.peoes[0]
            | self.peoes[1]
            | self.torres[0]
            | self.torres[1]
            | self.damas[0]
            | self.damas[1]
            != 0
        {
            return false;
        }
        let menores = [
            self.cavalos[0] | self.bispos[0],
            self.cavalos[1] | self.bispos[1],
        ];
        let n = conta(menores[0]) + conta(menores[1]);
        if n <= 1 {
            return true;
        }
        // Só bispos, todos em casas da mesma cor.
        let bispos = self.bispos[0] | self.bispos[1];
        const CASAS_CLARAS: TBitboard = 0xAA55_AA55_AA55_AA55;
        self.cavalos[0] | self.cavalos[1] == 0
            && (bispos & CASAS_CLARAS == 0 || bispos & !CASAS_CLARAS == 0)
    }

    /// Confere a coerência interna (para testes e `debug_assert`): bitboards
    /// disjuntos, `casas` e `pecas` de acordo com eles (casa fora de todos os
    /// bitboards é vazia em `casas`), chave e soma de material e peça-casa
    /// incrementais iguais às calculadas do zero. É o `board_is_ok()` do Fruit. `make`, `unmake` e o lance nulo a
    /// chamam em `debug_assert!`.
    pub fn consistente(&self) -> bool {
        let ocupadas = self.pecas[0] | self.pecas[1];
        if (0..64).any(|c| ocupadas & bit(c) == 0 && self.casas[c] != NENHUMA) {
            return false;
        }
        let mut uniao = [0u64; 2];
        for cor in 0..2 {
            for peca in PEAO..=REI {
                let b = self.bb(peca)[cor];
                if uniao[cor] & b != 0 {
                    return false;
                }
                uniao[cor] |= b;
                let mut x = b;
                while x != 0 {
                    if self.casas[pop_lsb(&mut x)] != peca {
                        return false;
                    }
                }
            }
        }
        uniao == self.pecas
            && self.pecas[0] & self.pecas[1] == 0
            && self.chave_hash == self.chave_do_zero()
            && self.peca_casa == self.peca_casa_do_zero()
    }
}

/// Fim de partida pelas regras, visto no tabuleiro. As regras moram aqui,
/// uma vez só: o protocolo anuncia o resultado, o `datagen` pontua a
/// partida e a busca pergunta pelos empates (`empate_pelas_regras`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TFim {
    BrancasDaoMate,
    NegrasDaoMate,
    Afogamento,
    Repeticao,
    Cinquenta,
    MaterialInsuficiente,
}

/// Ocorrências anteriores da posição que fazem o empate numa partida: esta
/// é a terceira (a regra exige a tripla repetição).
pub const REPETICOES_PARTIDA: usize = 2;
/// Na busca basta uma ocorrência anterior: quem repete pode repetir de novo,
/// e a busca só quer evitar ciclos (ICE: a repetição vale empate já na 2ª).
pub const REPETICOES_BUSCA: usize = 1;

/// Pontos das brancas numa partida que acabou assim (1, ½ ou 0).
pub fn pontos_brancas(f: TFim) -> f64 {
    match f {
        TFim::BrancasDaoMate => 1.0,
        TFim::NegrasDaoMate => 0.0,
        _ => 0.5,
    }
}

impl TBoard {
    /// Empate pelas regras — 50 lances de cada lado sem captura nem lance de
    /// peão, repetição (`repeticoes` ocorrências anteriores: `REPETICOES_*`),
    /// material insuficiente —, nessa ordem, que é a do mais barato.
    #[inline]
    pub fn empate_pelas_regras(&self, repeticoes: usize) -> Option<TFim> {
        if self.meio_lances >= 100 {
            Some(TFim::Cinquenta)
        } else if self.repeticoes() >= repeticoes {
            Some(TFim::Repeticao)
        } else if self.material_insuficiente() {
            Some(TFim::MaterialInsuficiente)
        } else {
            None
        }
    }

    /// A partida acabou nesta posição, que tem `n_legais` lances legais? O
    /// mate vem antes dos empates (um mate no 100º meio-lance vale como mate).
    pub fn fim_com_lances(&self, n_legais: usize) -> Option<TFim> {
        if n_legais == 0 {
            return Some(if !self.em_xeque() {
                TFim::Afogamento
            } else if self.vez == BRANCAS {
                TFim::NegrasDaoMate
            } else {
                TFim::BrancasDaoMate
            });
        }
        self.empate_pelas_regras(REPETICOES_PARTIDA)
    }
}
