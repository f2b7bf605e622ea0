#!/usr/bin/env python3
"""Cliente real no Chess960: o python-chess joga 960 com o motor pelos dois protocolos.

Uso:
    python3 tests/python/test_cliente_960.py [opções] [--] COMANDO_DO_MOTOR [ARGS...]
    python3 tests/python/test_cliente_960.py target/release/ice
    python3 tests/python/test_cliente_960.py --log /tmp/protocolo-960.log target/release/ice

O mesmo motor é aberto duas vezes, um processo com `chess.engine.popen_uci` e outro com
`chess.engine.popen_xboard` (o ICE-rs fala os dois), e os dois jogam entre si. O python-chess
1.11.2 cuida sozinho da variante: num tabuleiro chess960 ele liga `UCI_Chess960` no UCI e manda
`variant fischerandom` logo depois do `new` no xboard (e recusa o motor que não anuncia
`variants=...fischerandom...`), seguido de `setboard` em Shredder-FEN (`HAha`); o roque vai e volta
como "rei toma a torre" (`e1h1`) no UCI e como `O-O`/`O-O-O` no xboard. Tudo isso é conferido no
próprio tráfego: cada linha mandada e recebida passa por um tabuleiro-sombra por processo.

Testes:
  inicializacao    UCI: a opção UCI_Chess960 (caixa); xboard: variants com fischerandom e setboard=1
  partidas         partidas inteiras de 960, motor UCI x motor xboard e vice-versa, de --posicoes
                   posições iniciais sorteadas com --semente (cada uma com as duas cores), --nos nós
                   por lance (ou --tempo s); cada lance legal e a partida termina por uma regra
                   normal (mate, afogamento, material, repetição, 50 lances, abandono)
  joga_roque       o motor dá mate rocando: 6 posições 960 em que o único mate em 1 é um roque
                   (curto e longo; o rei e a torre andando, o rei já na casa de destino, a torre já na
                   casa de destino), com as brancas e espelhadas com as pretas, nos dois protocolos;
                   o escore da busca é mate em 1
  recebe_roque     o motor recebe o roque do adversário: depois do roque (as mesmas 3 formas, curto e
                   longo, brancas e pretas) o único mate em 1 do motor só existe com o rei e a torre
                   nas casas certas; ele o joga com escore de mate em 1
  volta_ao_comum   no mesmo processo, uma posição comum depois das de 960: UCI_Chess960 desligado, o
                   roque sai `e1c1` nos dois protocolos (o `new` do xboard volta ao xadrez comum)
  trafego          nenhuma falha no tráfego (posição de 960 sem UCI_Chess960/variant, roque no
                   formato errado, lance ou PV ilegal no tabuleiro-sombra, `Illegal move`/`Error`);
                   conta os roques que foram e voltaram em cada protocolo
  higiene          nenhum aviso do python-chess (como em test_cliente.py)

Saída: uma linha por teste e, por último, `N passed, M failed`. Código de saída 0 só sem falhas.
Só usa a biblioteca padrão e python-chess (pip install chess==1.11.2); não precisa de pytest.
"""

import argparse
import asyncio
import contextlib
import logging
import random
import sys
import time

try:
    import chess
    import chess.engine
except ImportError:  # pragma: no cover
    sys.stderr.write("test_cliente_960.py: falta python-chess: pip install chess\n")
    sys.exit(2)

from cliente_comum import fecha_argumentos, executa, roda_lista, verifica  # noqa: E402 (o laço e a falha comuns)

# O motor dá mate rocando: o único mate em 1 de cada posição é o roque (conferido em
# `confere_mate_unico` antes de perguntar ao motor). Rei e torre andando; o rei já na casa de
# destino (só a torre anda); a torre já na casa de destino (só o rei anda, e o xeque é
# descoberto pela primeira fila).
MATES_ROCANDO = [
    ("O-O, rei f1 e torre h1", "4rkr1/4p1p1/8/8/8/8/PP6/5K1R w H - 0 1"),
    ("O-O, rei já em g1", "4rkr1/4p1p1/8/8/8/8/PP6/6KR w H - 0 1"),
    ("O-O, torre já em f1", "8/8/8/8/8/3N4/p2PPP2/k3KR2 w F - 0 1"),
    ("O-O-O, rei b1 e torre a1", "2rkr3/2p1p3/1N6/8/8/8/P7/RK6 w A - 0 1"),
    ("O-O-O, rei já em c1", "2rkr3/2p1p3/8/8/8/8/PP6/R1K5 w A - 0 1"),
    ("O-O-O, torre já em d1", "8/8/8/8/8/4N3/3PPP1p/3RK2k w D - 0 1"),
]

# O motor recebe o roque: a posição DEPOIS do roque das brancas (pretas a jogar), com um único
# mate em 1 que depende do rei e da torre estarem nas casas de chegada (com a torre ainda no
# canto ou o rei na casa de saída, o lance não é mate). Antes do roque, rei e torre saem de
# cada par de casas abaixo.
RECEBE_ROQUE = {
    "O-O": ("k7/8/8/6n1/4b3/8/5P1P/5RK1 b - - 0 1", chess.G1, chess.F1,
            [("rei c1 e torre h1", chess.C1, chess.H1),
             ("rei já em g1", chess.G1, chess.H1),
             ("torre já em f1", chess.E1, chess.F1)]),
    "O-O-O": ("7k/6b1/8/8/8/1q6/PPPP4/2KR4 b - - 0 1", chess.C1, chess.D1,
              [("rei f1 e torre b1", chess.F1, chess.B1),
               ("rei já em c1", chess.C1, chess.A1),
               ("torre já em d1", chess.E1, chess.D1)]),
}

# Xadrez comum: o único mate em 1 é O-O-O (a torre em d1 descobre o xeque pela primeira fila).
FEN_MATE_ROQUE_COMUM = "8/8/8/8/8/4N3/3PPP1p/R3K2k w Q - 0 1"

AVISOS = []          # (teste, mensagem) de avisos do logger chess.engine
TESTE_ATUAL = ["-"]
ROQUES = ("O-O", "O-O-O", "0-0", "0-0-0")




# --------------------------------------------------------------------------- tráfego

class Sombra:
    """O que um processo do motor sabe, refeito a partir das linhas trocadas com ele."""

    def __init__(self, protocolo):
        self.protocolo = protocolo
        self.board = None
        self.chess960 = False        # UCI_Chess960 ligado / variant fischerandom
        self.variant_apos_new = None  # linha seguinte ao último `new` (xboard)


class Conferente:
    """Confere, linha a linha, o tráfego do python-chess com cada processo do motor.

    Recebe as linhas pelo registro DEBUG do python-chess (`<<` mandada, `>>` recebida). Não
    decide nada sobre as partidas: só anota falhas de formato e conta os roques."""

    def __init__(self):
        self.sombras = {}
        self.falhas = []
        self.contas = {}
        self.roques = {}     # (protocolo, modo, sentido, ala) -> textos vistos

    def conta(self, chave):
        self.contas[chave] = self.contas.get(chave, 0) + 1

    def falha(self, sombra, msg):
        if len(self.falhas) < 50:
            self.falhas.append(f"[{TESTE_ATUAL[0]}] {sombra.protocolo}: {msg}")

    def linha(self, protocolo_obj, direcao, linha):
        proto = "uci" if isinstance(protocolo_obj, chess.engine.UciProtocol) else "xboard"
        # A chave é o próprio objeto (hash por identidade), que o dicionário mantém vivo. Pelo
        # `id()`, o UCI de um teste herdou, com o `id` reaproveitado depois da coleta de lixo, a
        # sombra do xboard do teste anterior, e o seu `bestmove b1a1` (certo no UCI) foi conferido
        # como xboard (CI de 4140f5e).
        s = self.sombras.setdefault(protocolo_obj, Sombra(proto))
        try:
            if proto == "uci":
                self._uci(s, direcao, linha)
            else:
                self._xboard(s, direcao, linha)
        except (ValueError, IndexError) as err:
            self.falha(s, f"linha {direcao} {linha!r}: {type(err).__name__}: {err}")

    # Um FEN de 960 que o python-chess manda tem os roques em Shredder-FEN (letras de coluna).
    @staticmethod
    def fen_de_960(fen):
        campos = fen.split()
        return len(campos) > 2 and any(c in "ABCDEFGHabcdefgh" for c in campos[2])

    def _roque(self, s, b, m, texto, sentido):
        """Um roque no tabuleiro-sombra: confere a escrita e conta."""
        if not b.is_castling(m):
            return
        ala = "O-O" if b.is_kingside_castling(m) else "O-O-O"
        if s.protocolo == "uci":
            # 960: "rei toma a torre" (a casa de chegada tem a própria torre); comum: e1g1/e1c1.
            if s.chess960:
                ok = b.piece_at(m.to_square) == chess.Piece(chess.ROOK, b.turn)
                forma = "rei toma a torre"
            else:
                ok = chess.square_file(m.to_square) in (2, 6) and not b.piece_at(m.to_square)
                forma = "e1g1/e1c1"
        else:
            ok = (texto in ROQUES) if s.chess960 else (texto not in ROQUES)
            forma = "O-O/O-O-O" if s.chess960 else "coordenadas"
        if not ok:
            self.falha(s, f"roque {sentido} escrito {texto!r}, esperava {forma} ({b.fen()})")
        modo = "960" if s.chess960 else "comum"
        self.roques.setdefault((s.protocolo, modo, sentido, ala), []).append(texto)

    # ---- UCI
    def _uci(self, s, direcao, linha):
        t = linha.split()
        if not t:
            return
        if direcao == "<<":
            if t[0] == "setoption" and linha.lower().startswith("setoption name uci_chess960 value "):
                s.chess960 = t[-1] == "true"
                self.conta(f"uci setoption UCI_Chess960 {t[-1]}")
            elif t[0] == "position":
                if t[1] == "startpos":
                    fen, resto = chess.STARTING_FEN, t[2:]
                else:
                    fen, resto = " ".join(t[2:8]), t[8:]
                if self.fen_de_960(fen) and not s.chess960:
                    self.falha(s, f"posição de 960 sem UCI_Chess960: {linha!r}")
                s.board = chess.Board(fen, chess960=s.chess960)
                for tok in resto[1:] if resto[:1] == ["moves"] else []:
                    m = chess.Move.from_uci(tok)
                    if m not in s.board.legal_moves:
                        self.falha(s, f"lance mandado ilegal {tok} em {s.board.fen()}")
                        s.board = None
                        return
                    self._roque(s, s.board, m, tok, "mandado")
                    s.board.push(m)
        else:
            if s.board is None:
                return
            if t[0] == "bestmove":
                m = chess.Move.from_uci(t[1])
                if m not in s.board.legal_moves:
                    self.falha(s, f"bestmove ilegal {t[1]} em {s.board.fen()}")
                    return
                self._roque(s, s.board, m, t[1], "recebido")
            elif t[0] == "info" and "pv" in t and "string" not in t:
                b = s.board.copy()
                for tok in t[t.index("pv") + 1:]:
                    m = chess.Move.from_uci(tok)
                    if m not in b.legal_moves:
                        self.falha(s, f"PV com lance ilegal {tok} em {b.fen()}: {linha!r}")
                        return
                    self._roque(s, b, m, tok, "na PV")
                    b.push(m)

    # ---- xboard
    def _xboard(self, s, direcao, linha):
        t = linha.split()
        if not t:
            return
        if direcao == "<<":
            if s.variant_apos_new == "?":
                s.variant_apos_new = linha
            if t[0] == "new":
                s.chess960 = False
                s.board = chess.Board()
                s.variant_apos_new = "?"
            elif t[0] == "variant":
                s.chess960 = t[1] == "fischerandom"
                s.board = chess.Board(chess960=s.chess960)
                self.conta(f"xboard variant {t[1]}")
            elif t[0] == "setboard":
                fen = " ".join(t[1:])
                if self.fen_de_960(fen):
                    if not s.chess960:
                        self.falha(s, f"setboard de 960 sem variant fischerandom: {linha!r}")
                    elif s.variant_apos_new != "variant fischerandom":
                        self.falha(s, f"depois do new veio {s.variant_apos_new!r}, não o variant")
                    else:
                        self.conta("xboard new + variant fischerandom + setboard 960")
                s.board = chess.Board(fen, chess960=s.chess960)
            elif t[0] == "usermove" and s.board is not None:
                self._lance_xboard(s, t[1], "mandado")
            elif t[0] == "undo" and s.board is not None and s.board.move_stack:
                s.board.pop()
            elif t[0] == "remove" and s.board is not None and len(s.board.move_stack) >= 2:
                s.board.pop()
                s.board.pop()
        else:
            if t[0] in ("Illegal", "Error") or linha.startswith("Illegal move"):
                self.falha(s, f"o motor reclamou: {linha!r}")
            elif t[0] == "move" and s.board is not None:
                self._lance_xboard(s, t[1], "recebido")
            elif len(t) >= 5 and all(c.lstrip("-").isdigit() for c in t[:4]) and s.board is not None:
                b = s.board.copy()
                for tok in t[4:]:
                    x = tok.rstrip(".")
                    if x.isdigit() or x.startswith("...") or tok[0] in "(<[{" or not tok.strip("!?"):
                        continue
                    x = tok.rstrip("+#!?")
                    try:
                        m = b.parse_san(x)
                    except ValueError:
                        self.falha(s, f"PV com lance ilegal {tok!r} em {b.fen()}: {linha!r}")
                        return
                    self._roque(s, b, m, x, "na PV")
                    b.push(m)

    def _lance_xboard(self, s, texto, sentido):
        try:
            m = s.board.parse_san(texto)
        except ValueError:
            self.falha(s, f"lance {sentido} ilegal/ilegível {texto!r} em {s.board.fen()}")
            s.board = None
            return
        self._roque(s, s.board, m, texto, sentido)
        s.board.push(m)


CONFERENTE = Conferente()


class Coletor(logging.Handler):
    """Passa o tráfego ao conferente e guarda os avisos do python-chess."""

    def emit(self, record):
        if record.levelno >= logging.WARNING:
            try:
                AVISOS.append((TESTE_ATUAL[0], record.getMessage()))
            except Exception:  # pragma: no cover
                pass
        elif record.msg in ("%s: << %s", "%s: >> %s") and len(record.args) == 2:
            CONFERENTE.linha(record.args[0], record.msg[4:6], record.args[1])


# --------------------------------------------------------------------------- auxiliares

@contextlib.asynccontextmanager
async def abre_motor(cfg, protocolo):
    popen = chess.engine.popen_uci if protocolo == "uci" else chess.engine.popen_xboard
    transport, engine = await asyncio.wait_for(popen(cfg.comando), cfg.t_inicio)
    try:
        yield engine
    finally:
        try:
            await asyncio.wait_for(engine.quit(), 5)
        except Exception:
            pass
        transport.close()


def limite(cfg, fator=1):
    if cfg.tempo:
        return chess.engine.Limit(time=cfg.tempo * fator)
    return chess.engine.Limit(nodes=cfg.nos * fator)


def mates_em_1(b):
    r = []
    for m in b.legal_moves:
        b.push(m)
        if b.is_checkmate():
            r.append(m)
        b.pop()
    return r


def confere_mate_unico(b, onde, roque=None):
    """O único mate em 1 de `b` (e, se `roque`, que é um roque dessa ala)."""
    verifica(b.is_valid(), f"{onde}: posição inválida ({b.status()!r}): {b.fen()}")
    mates = mates_em_1(b)
    verifica(len(mates) == 1, f"{onde}: {len(mates)} mates em 1 ({[b.san(m) for m in mates]}) em {b.fen()}")
    m = mates[0]
    if roque:
        verifica(b.is_castling(m) and (b.is_kingside_castling(m) == (roque == "O-O")),
                 f"{onde}: o mate {b.san(m)} não é {roque}")
    return m


async def joga_e_confere(engine, board, cfg, esperado, onde):
    """O motor joga em `board`; tem de ser `esperado`, com escore de mate em 1 a favor."""
    resultado = await asyncio.wait_for(
        engine.play(board, limite(cfg, 4), game=object(), info=chess.engine.INFO_SCORE), cfg.t_lance)
    verifica(resultado.move == esperado,
             f"{onde}: jogou {resultado.move and board.san(resultado.move)}, esperava {board.san(esperado)} "
             f"({board.fen(shredder=True)})")
    score = resultado.info.get("score")
    verifica(score is not None and score.relative.is_mate() and score.relative.mate() == 1,
             f"{onde}: escore {score} não é mate em 1 a favor")
    await asyncio.wait_for(engine.ping(), 5)


def pre_roque(final_fen, rei_para, torre_para, rei_de, torre_de, ala):
    """A posição antes do roque das brancas que leva a `final_fen` e o roque (tabuleiro com a
    posição de partida na raiz e o roque já jogado)."""
    b = chess.Board(final_fen, chess960=True)
    b.remove_piece_at(rei_para)
    b.remove_piece_at(torre_para)
    b.set_piece_at(rei_de, chess.Piece(chess.KING, chess.WHITE))
    b.set_piece_at(torre_de, chess.Piece(chess.ROOK, chess.WHITE))
    b.turn = chess.WHITE
    b.castling_rights = chess.BB_SQUARES[torre_de]
    return chess.Board(b.fen(shredder=True), chess960=True), ala


def sem_roque_inteiro(final_fen, rei_para, torre_para, rei_de, torre_de, mate, onde):
    """Com o roque pela metade (só o rei ou só a torre na casa de chegada), o lance que mata
    depois do roque não é mate: a posição só tem mate se o motor entendeu o roque inteiro."""
    for rei, torre in ((rei_para, torre_de), (rei_de, torre_para)):
        if (rei, torre) == (rei_para, torre_para) or rei == torre:
            continue
        b = chess.Board(final_fen, chess960=True)
        b.remove_piece_at(rei_para)
        b.remove_piece_at(torre_para)
        b.set_piece_at(rei, chess.Piece(chess.KING, chess.WHITE))
        b.set_piece_at(torre, chess.Piece(chess.ROOK, chess.WHITE))
        if mate in b.legal_moves:
            b.push(mate)
            verifica(not b.is_checkmate(), f"{onde}: também é mate com o rei em "
                                           f"{chess.square_name(rei)} e a torre em {chess.square_name(torre)}")


def roque_da_ala(b, ala):
    roques = [m for m in b.generate_castling_moves() if b.is_kingside_castling(m) == (ala == "O-O")]
    verifica(len(roques) == 1, f"{ala} não é legal em {b.fen(shredder=True)}")
    return roques[0]


def descreve_fim(board, resultado):
    if resultado is not None and resultado.resigned:
        return "abandono"
    out = board.outcome(claim_draw=True)
    return f"{out.termination.name.lower()} {out.result()}" if out else "sem fim"


# --------------------------------------------------------------------------- testes

async def teste_inicializacao(cfg):
    async with abre_motor(cfg, "uci") as u, abre_motor(cfg, "xboard") as x:
        op = u.options.get("UCI_Chess960")
        verifica(op is not None and op.type == "check", f"UCI: sem a caixa UCI_Chess960 ({sorted(u.options)})")
        variantes = str(x.features.get("variants", "")).split(",")
        verifica("fischerandom" in variantes, f"xboard: variants={x.features.get('variants')!r} sem fischerandom")
        verifica(x.features.get("setboard") == 1, f"xboard: setboard={x.features.get('setboard')}")
        await asyncio.wait_for(u.ping(), 5)
        await asyncio.wait_for(x.ping(), 5)
    return f"UCI_Chess960 (check, padrão {op.default}); variants={x.features.get('variants')}"


async def teste_partidas(cfg):
    rng = random.Random(cfg.semente)
    posicoes = rng.sample(range(960), cfg.posicoes)
    resumo = []
    total_roques = 0
    async with abre_motor(cfg, "uci") as u, abre_motor(cfg, "xboard") as x:
        for n in posicoes:
            for uci_brancas in (True, False):
                board = chess.Board.from_chess960_pos(n)
                motores = {chess.WHITE: u if uci_brancas else x, chess.BLACK: x if uci_brancas else u}
                partida = object()
                resultado = None
                roques = []
                t0 = time.monotonic()
                while not board.is_game_over(claim_draw=True):
                    verifica(len(board.move_stack) < cfg.plies_max,
                             f"#{n}: {cfg.plies_max} plies sem fim de partida")
                    engine = motores[board.turn]
                    proto = "uci" if engine is u else "xboard"
                    resultado = await asyncio.wait_for(
                        engine.play(board, limite(cfg), game=partida), cfg.t_lance)
                    if resultado.resigned:
                        break
                    m = resultado.move
                    verifica(m is not None and m in board.legal_moves,
                             f"#{n}, ply {len(board.move_stack) + 1} ({proto}): lance {m} ilegal em {board.fen()}")
                    if board.is_castling(m):
                        roques.append(f"{proto}:{board.san(m)}")
                    board.push(m)
                fim = descreve_fim(board, resultado)
                verifica(fim != "sem fim", f"#{n}: a partida parou sem fim ({board.fen()})")
                total_roques += len(roques)
                quem = "UCI-xboard" if uci_brancas else "xboard-UCI"
                resumo.append(f"#{n} {quem}: {len(board.move_stack)} plies, {fim}, "
                              f"roques [{' '.join(roques)}] ({time.monotonic() - t0:.1f}s)")
    return f"{len(resumo)} partidas, {total_roques} roques; " + "; ".join(resumo)


async def teste_joga_roque(cfg):
    casos = []
    for nome, fen in MATES_ROCANDO:
        b = chess.Board(fen, chess960=True)
        ala = "O-O" if nome.startswith("O-O,") else "O-O-O"
        casos.append((f"{nome} (brancas)", b, confere_mate_unico(b, nome, ala)))
        bm = b.mirror()
        casos.append((f"{nome} (pretas)", bm, confere_mate_unico(bm, nome + " espelhada", ala)))
    feitos = 0
    for protocolo in ("uci", "xboard"):
        async with abre_motor(cfg, protocolo) as engine:
            for nome, b, m in casos:
                await joga_e_confere(engine, b, cfg, m, f"{protocolo}, {nome}")
                feitos += 1
    return f"{feitos} mates rocando ({len(casos)} posições x 2 protocolos)"


async def teste_recebe_roque(cfg):
    casos = []
    for ala, (final_fen, rei_para, torre_para, origens) in RECEBE_ROQUE.items():
        final = chess.Board(final_fen, chess960=True)
        for nome, rei_de, torre_de in origens:
            b, _ = pre_roque(final_fen, rei_para, torre_para, rei_de, torre_de, ala)
            verifica(b.is_valid(), f"{ala}, {nome}: posição inválida {b.fen(shredder=True)}")
            for cor, base in (("brancas", b), ("pretas", b.mirror())):
                tab = base.copy()
                tab.push(roque_da_ala(tab, ala))
                if cor == "brancas":
                    verifica(tab.board_fen() == final.board_fen(), f"{ala}, {nome}: o roque não leva à posição final")
                onde = f"{ala} {nome}, roque das {cor}"
                m = confere_mate_unico(tab, onde)
                casos.append((onde, tab, m))
                if cor == "brancas":
                    sem_roque_inteiro(final_fen, rei_para, torre_para, rei_de, torre_de, m, onde)
    feitos = 0
    for protocolo in ("uci", "xboard"):
        async with abre_motor(cfg, protocolo) as engine:
            for onde, tab, m in casos:
                await joga_e_confere(engine, tab, cfg, m, f"{protocolo}, {onde}")
                feitos += 1
    return f"{feitos} respostas de mate depois do roque recebido ({len(casos)} posições x 2 protocolos)"


async def teste_volta_ao_comum(cfg):
    b960 = chess.Board(MATES_ROCANDO[3][1], chess960=True)
    m960 = confere_mate_unico(b960, "960")
    comum = chess.Board(FEN_MATE_ROQUE_COMUM)
    m = confere_mate_unico(comum, "comum", "O-O-O")
    feitos = []
    for protocolo in ("uci", "xboard"):
        async with abre_motor(cfg, protocolo) as engine:
            for onde, b, esperado in (("960", b960, m960), ("comum", comum, m), ("960 de novo", b960, m960)):
                await joga_e_confere(engine, b, cfg, esperado, f"{protocolo}, {onde}")
            feitos.append(protocolo)
    return f"960 → comum (e1c1) → 960 no mesmo processo: {', '.join(feitos)}"


def teste_trafego(cfg):
    c = CONFERENTE
    verifica(not c.falhas, f"{len(c.falhas)} falha(s) no tráfego: " + " | ".join(c.falhas[:6]))
    verifica(c.contas.get("uci setoption UCI_Chess960 true"), "o python-chess nunca ligou UCI_Chess960")
    verifica(c.contas.get("xboard variant fischerandom"), "o python-chess nunca mandou variant fischerandom")
    verifica(c.contas.get("xboard new + variant fischerandom + setboard 960"),
             "nenhum setboard de 960 logo depois de new + variant fischerandom")
    precisa = [(p, m, s, a) for p, m in (("uci", "960"), ("xboard", "960"), ("uci", "comum"), ("xboard", "comum"))
               for s in ("mandado", "recebido") for a in ("O-O", "O-O-O")]
    # No xadrez comum só o roque recebido (o do motor) é pedido, e só o longo (volta_ao_comum).
    precisa = [k for k in precisa if k[1] == "960" or (k[2], k[3]) == ("recebido", "O-O-O")]
    faltam = [" ".join(k) for k in precisa if not c.roques.get(k)]
    verifica(not faltam, f"roques que nunca passaram pelo tráfego: {faltam}")
    # Contagens de ocorrências no tráfego (o `position` do UCI repete a partida inteira a cada lance).
    partes = [f"{k}: {v}" for k, v in sorted(c.contas.items())]
    for k in sorted(c.roques):
        textos = sorted(set(c.roques[k]))
        partes.append(f"{' '.join(k)} x{len(c.roques[k])} [{' '.join(textos[:8])}{' …' if len(textos) > 8 else ''}]")
    return "; ".join(partes)


def teste_higiene(cfg):
    verifica(cfg.aprovados, "nenhum teste anterior passou: nada a conferir")
    ruins = [(t, m) for t, m in AVISOS
             if "stderr >>" not in m and "Rejecting feature sigterm=0" not in m and "'stat01:" not in m]
    verifica(not ruins, f"{len(ruins)} aviso(s) do python-chess: "
                        + " | ".join(f"[{t}] {m}" for t, m in ruins[:8]))
    return f"nenhum aviso ({sum(1 for _, m in AVISOS if 'stderr >>' in m)} linha(s) em stderr, ignoradas)"


TESTES = [
    ("inicializacao", teste_inicializacao),
    ("partidas", teste_partidas),
    ("joga_roque", teste_joga_roque),
    ("recebe_roque", teste_recebe_roque),
    ("volta_ao_comum", teste_volta_ao_comum),
    ("trafego", teste_trafego),
    ("higiene", teste_higiene),
]


# --------------------------------------------------------------------------- programa

def argumentos(argv):
    ap = argparse.ArgumentParser(
        prog="test_cliente_960.py",
        description="O python-chess joga Chess960 com o motor, por UCI e por xboard ao mesmo tempo.")
    ap.add_argument("comando", nargs="+", help="comando do motor (um só argumento com espaços também serve)")
    ap.add_argument("--posicoes", type=int, default=2,
                    help="posições iniciais sorteadas; cada uma é jogada com as duas cores (2)")
    ap.add_argument("--semente", type=int, default=960, help="semente do sorteio das posições (960)")
    ap.add_argument("--nos", type=int, default=5000, help="nós por lance nas partidas (5000)")
    ap.add_argument("--tempo", type=float, help="segundos por lance em vez de nós")
    ap.add_argument("--plies-max", type=int, default=1000, help="teto de plies de uma partida (1000)")
    ap.add_argument("--so", metavar="TESTE", action="append", help="roda só este teste (repetível)")
    ap.add_argument("--log", metavar="ARQ", help="grava o tráfego do protocolo (log DEBUG do python-chess)")
    cfg = ap.parse_args(argv)
    cfg.t_inicio = 15
    cfg.t_lance = 30
    return fecha_argumentos(ap, cfg, TESTES)


async def roda_testes(cfg):
    return await roda_lista(cfg, TESTES, __file__, TESTE_ATUAL)


def main(argv=None):
    return executa(argumentos(argv), Coletor(), roda_testes)


if __name__ == "__main__":
    sys.exit(main())
