#!/usr/bin/env python3
"""syzygy-finais.py: o ICE-rs joga as posições de tests/data/syzygy-finais.epd com e sem tabelas.

Cada posição é jogada UMA vez por passada, com o ICE-rs (chess.engine.popen_uci) do lado que o
EPD manda (operação c2): nas GANHAS, o lado que ganha; nas EMPATADAS, o lado fraco, o que tem
lances que perdem (o adversário tenta ganhar, o ICE-rs tem de segurar). O adversário padrão é o
Fairy-Max (/usr/games/fairymax) por chess.engine.popen_xboard, através de scripts/ci/ponte-setboard.py
(o Fairy-Max não tem `setboard`; a ponte monta a posição pelo `edit`).

Duas passadas: a primeira com as tabelas (`setoption name SyzygyPath value tests/data/syzygy`),
a segunda sem (SyzygyPath vazio, o padrão). Relógio BASE+INC para os dois lados (padrão 1+0.01),
contado aqui: cada lance desconta o tempo de parede do engine.play (o que o motor vê em
wtime/btime/winc/binc) e soma o incremento; o ICE-rs com o relógio negativo (além de --margem)
perde por tempo. O adversário NÃO perde por tempo (o Fairy-Max esgota o relógio de 1+0.01 em
umas 20 jogadas): a queda dele é contada e mostrada ("adv. sem tempo N") e a partida segue com o
relógio dele em zero mais o incremento; o que se mede é se o ICE-rs converte ou segura. A partida só acaba por mate, afogamento, material insuficiente, repetição tripla
(board.is_repetition(3)) ou a regra dos 50 lances (board.is_fifty_moves(): 100 meios-lances sem
captura nem lance de peão, sem reclamação antes); o que os motores dizem de resultado é ignorado.
Também acaba por falta: perda por tempo, lance ilegal ou sem lance, motor que morre ou abandona.

Saída: uma linha por partida enquanto joga e, no fim, a tabela (posição, final, lado do ICE-rs,
com tabelas: resultado do ponto de vista do ICE-rs, motivo, lances (meios-lances/2, arredondado
para cima) e as sondas tbhits que o ICE-rs informou; sem tabelas: o mesmo) e os totais
"ganhas convertidas N/20, empatadas perdidas M/20" de cada passada.

Código de saída: 0 se, com tabelas, toda ganha foi ganha e nenhuma empatada foi perdida (e nada
faltou para rodar); 1 se não; 2 se algo faltou (motor, python-chess, EPD). A passada sem tabelas
só informa: é o que as tabelas acrescentam.

uso: scripts/ci/syzygy-finais.py [--n K] [--so ID ...] [--sem-tabelas | --so-com-tabelas]
         [--tc 1+0.01] [--motor target/release/ice] [--oponente xboard:/usr/games/fairymax]
         [--epd tests/data/syzygy-finais.epd] [--tabelas tests/data/syzygy] [--pgn ARQ] [--log ARQ]
  --n K            só K ganhas e K empatadas, espalhadas pelo arquivo (para o CI)
  --sem-tabelas    só a passada sem tabelas; --so-com-tabelas: só a com tabelas
  --oponente P:CMD protocolo (xboard|uci) e comando do adversário; também pela variável
                   OPONENTE. Um motor xboard passa sempre pela ponte (sem efeito se tem setboard).
Ambiente: MOTOR (comando do ICE-rs), OPONENTE.
"""
import argparse
import asyncio
import contextlib
import logging
import math
import os
import shlex
import sys
import time

try:
    import chess
    import chess.engine
    import chess.pgn
except ImportError:  # pragma: no cover
    sys.stderr.write("syzygy-finais.py: falta python-chess: pip install chess==1.11.2\n")
    sys.exit(2)

RAIZ = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PONTE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ponte-setboard.py")
COR = {"brancas": chess.WHITE, "pretas": chess.BLACK}
NOME_COR = {chess.WHITE: "brancas", chess.BLACK: "pretas"}


class Posicao:
    def __init__(self, linha):
        self.board, ops = chess.Board.from_epd(linha)
        self.id = ops.get("id", "?")
        self.ganha = self.id.startswith("ganha")
        self.final = ops.get("c0", "?").split(":")[0]
        self.tabela = ops.get("c1", "")
        lado = ops.get("c2", "").split(":")[-1].strip()
        if lado not in COR:
            raise ValueError(f"{self.id}: c2 sem o lado do ICE-rs ({ops.get('c2')!r})")
        self.cor_ice = COR[lado]


class Partida:
    """O que a tabela mostra de uma partida."""

    def __init__(self):
        self.pontos = None      # do ICE-rs: 1, 0.5, 0
        self.motivo = "?"
        self.plies = 0
        self.tbhits = 0
        self.quedas_adv = 0     # vezes que o relógio do adversário zerou (a partida segue)
        self.falta_ice = None   # texto, se o ICE-rs fez algo errado (tempo, lance ilegal, morreu)
        self.board = None

    def resumo(self):
        r = {1: "vitória", 0.5: "empate", 0: "derrota", None: "?"}[self.pontos]
        adv = f", adv. sem tempo {self.quedas_adv}" if self.quedas_adv else ""
        return f"{r} ({self.motivo}, {math.ceil(self.plies / 2)} l.{adv})"


def le_epd(caminho):
    posicoes = []
    with open(caminho, encoding="utf-8") as f:
        for linha in f:
            linha = linha.strip()
            if linha and not linha.startswith("#"):
                posicoes.append(Posicao(linha))
    return posicoes


def escolhe(lista, k):
    """k elementos espalhados pela lista (o primeiro sempre entra)."""
    if k >= len(lista):
        return lista
    return [lista[(i * len(lista)) // k] for i in range(k)]


@contextlib.asynccontextmanager
async def abre(proto, comando, opcoes):
    if proto == "uci":
        transport, engine = await asyncio.wait_for(chess.engine.popen_uci(comando), 15)
    else:
        transport, engine = await asyncio.wait_for(chess.engine.popen_xboard(comando), 15)
    try:
        if opcoes:
            await asyncio.wait_for(engine.configure(opcoes), 10)
        yield engine
    finally:
        try:
            await asyncio.wait_for(engine.quit(), 5)
        except Exception:
            pass
        transport.close()


def termino(board):
    """O motivo do fim pelas regras (sem reclamação), ou None."""
    if board.is_checkmate():
        return "mate"
    if board.is_stalemate():
        return "afogamento"
    if board.is_insufficient_material():
        return "material insuficiente"
    if board.is_repetition(3):
        return "repetição"
    if board.is_fifty_moves():
        return "50 lances"
    return None


async def joga(pos, com_tabelas, cfg):
    p = Partida()
    board = pos.board.copy()
    opcoes_ice = {"SyzygyPath": cfg.tabelas} if com_tabelas else {}
    base, inc = cfg.tc
    relogio = {chess.WHITE: base, chess.BLACK: base}
    jogo = object()
    async with abre("uci", cfg.motor, opcoes_ice) as ice, \
            abre(cfg.proto_oponente, cfg.oponente, {}) as opo:
        while True:
            fim = termino(board)
            if fim:
                p.motivo = fim
                if fim == "mate":
                    p.pontos = 1 if board.turn != pos.cor_ice else 0
                else:
                    p.pontos = 0.5
                break
            lado = board.turn
            e_ice = lado == pos.cor_ice
            motor = ice if e_ice else opo
            quem = "ICE-rs" if e_ice else "adversário"
            limite = chess.engine.Limit(white_clock=relogio[chess.WHITE], black_clock=relogio[chess.BLACK],
                                        white_inc=inc, black_inc=inc)
            t0 = time.monotonic()
            falta = None
            resultado = None
            try:
                resultado = await asyncio.wait_for(
                    motor.play(board, limite, game=jogo,
                               info=chess.engine.INFO_BASIC if e_ice else chess.engine.INFO_NONE),
                    max(relogio[lado], 0) + cfg.margem + 5)
            except asyncio.TimeoutError:
                falta = "tempo"
            except chess.engine.EngineTerminatedError:
                falta = "motor morreu"
            except chess.engine.EngineError as e:
                falta = f"erro do motor: {e}"
            gasto = time.monotonic() - t0
            relogio[lado] -= gasto
            if falta is None and relogio[lado] < -cfg.margem:
                if e_ice:
                    falta = "tempo"
                else:
                    p.quedas_adv += 1
                    relogio[lado] = 0.0
            relogio[lado] += inc
            if falta is None and resultado.resigned:
                falta = "abandono"
            if falta is None and (resultado.move is None or resultado.move not in board.legal_moves):
                falta = f"lance ilegal ou ausente ({resultado.move})"
            if falta:
                p.motivo = f"{falta} ({quem})"
                p.pontos = 0 if e_ice else 1
                if e_ice and falta != "abandono":
                    p.falta_ice = falta
                break
            if e_ice:
                p.tbhits += resultado.info.get("tbhits", 0)
            board.push(resultado.move)
    p.plies = len(board.move_stack)
    p.board = board
    return p


def grava_pgn(cfg, pos, p, com_tabelas):
    jogo = chess.pgn.Game.from_board(p.board)
    ice, opo = "ICE-rs" + (" (tabelas)" if com_tabelas else ""), cfg.nome_oponente
    jogo.headers["Event"] = f"syzygy-finais {pos.id} ({pos.final})"
    jogo.headers["White"] = ice if pos.cor_ice == chess.WHITE else opo
    jogo.headers["Black"] = opo if pos.cor_ice == chess.WHITE else ice
    pontos_brancas = p.pontos if pos.cor_ice == chess.WHITE else 1 - p.pontos
    jogo.headers["Result"] = {1: "1-0", 0.5: "1/2-1/2", 0: "0-1"}[pontos_brancas]
    jogo.headers["Termination"] = p.motivo
    jogo.headers["TimeControl"] = f"{cfg.tc[0]:g}+{cfg.tc[1]:g}"
    with open(cfg.pgn, "a", encoding="utf-8") as f:
        print(jogo, file=f, end="\n\n")


def totais(posicoes, res):
    convertidas = sum(1 for pos in posicoes if pos.ganha and res[pos.id].pontos == 1)
    perdidas = sum(1 for pos in posicoes if not pos.ganha and res[pos.id].pontos == 0)
    n_g = sum(1 for pos in posicoes if pos.ganha)
    return convertidas, n_g, perdidas, len(posicoes) - n_g


async def principal(cfg):
    passadas = [p for p in (True, False) if p in cfg.passadas]
    resultados = {True: {}, False: {}}
    for com in passadas:
        nome = "com tabelas" if com else "sem tabelas"
        print(f"--- passada {nome}", flush=True)
        for pos in cfg.posicoes:
            t0 = time.monotonic()
            p = await joga(pos, com, cfg)
            resultados[com][pos.id] = p
            extra = f", tbhits {p.tbhits}" if com else ""
            print(f"{pos.id:10} {pos.final:6} ICE-rs {NOME_COR[pos.cor_ice]:7} {nome}: {p.resumo()}"
                  f"{extra} [{time.monotonic() - t0:.1f}s]", flush=True)
            if cfg.pgn:
                grava_pgn(cfg, pos, p, com)
    # A tabela.
    print()
    cab = f"{'posição':10} {'final':6} {'ICE-rs':7}"
    for com in passadas:
        cab += f" | {'com tabelas' if com else 'sem tabelas':54}"
    print(cab)
    for pos in cfg.posicoes:
        linha = f"{pos.id:10} {pos.final:6} {NOME_COR[pos.cor_ice]:7}"
        for com in passadas:
            p = resultados[com][pos.id]
            txt = p.resumo() + (f" tb {p.tbhits}" if com else "")
            linha += f" | {txt:54}"
        print(linha)
    print()
    for com in passadas:
        c, n_g, d, n_e = totais(cfg.posicoes, resultados[com])
        faltas = sum(1 for p in resultados[com].values() if p.falta_ice)
        print(f"{'com tabelas' if com else 'sem tabelas'}: ganhas convertidas {c}/{n_g}, "
              f"empatadas perdidas {d}/{n_e}; faltas do ICE-rs {faltas}", flush=True)
    if True in passadas:
        c, n_g, d, _ = totais(cfg.posicoes, resultados[True])
        if c < n_g or d > 0:
            print("FALHOU: com tabelas, " + ", ".join(
                f"{pos.id} {resultados[True][pos.id].resumo()}" for pos in cfg.posicoes
                if (pos.ganha and resultados[True][pos.id].pontos != 1)
                or (not pos.ganha and resultados[True][pos.id].pontos == 0)), flush=True)
            return 1
    return 0


def argumentos(argv):
    ap = argparse.ArgumentParser(prog="syzygy-finais.py",
                                 description="O ICE-rs joga finais de tabela com e sem as tabelas.")
    ap.add_argument("--epd", default=os.path.join(RAIZ, "tests", "data", "syzygy-finais.epd"))
    ap.add_argument("--tabelas", default=os.path.join(RAIZ, "tests", "data", "syzygy"))
    ap.add_argument("--motor", default=os.environ.get("MOTOR") or os.path.join(RAIZ, "target", "release", "ice"))
    ap.add_argument("--oponente", default=os.environ.get("OPONENTE") or "xboard:/usr/games/fairymax",
                    help="PROTOCOLO:COMANDO (xboard:/usr/games/fairymax)")
    ap.add_argument("--tc", default="1+0.01", help="relógio BASE+INC em segundos (1+0.01)")
    ap.add_argument("--margem", type=float, default=0.0,
                    help="tolerância do relógio antes da perda por tempo, s (0)")
    ap.add_argument("--n", type=int, help="só N ganhas e N empatadas, espalhadas pelo arquivo")
    ap.add_argument("--so", metavar="ID", action="append", help="só esta posição (repetível)")
    grupo = ap.add_mutually_exclusive_group()
    grupo.add_argument("--sem-tabelas", action="store_true", help="só a passada sem tabelas")
    grupo.add_argument("--so-com-tabelas", action="store_true", help="só a passada com tabelas")
    ap.add_argument("--pgn", metavar="ARQ", help="acrescenta as partidas a este PGN")
    ap.add_argument("--log", metavar="ARQ", help="grava o tráfego dos protocolos (log do python-chess)")
    cfg = ap.parse_args(argv)
    b, _, i = cfg.tc.partition("+")
    cfg.tc = (float(b), float(i or 0))
    cfg.motor = shlex.split(cfg.motor)
    proto, sep, cmd = cfg.oponente.partition(":")
    if not sep or proto not in ("xboard", "uci"):
        ap.error(f"--oponente: esperava xboard:COMANDO ou uci:COMANDO, veio {cfg.oponente!r}")
    cfg.proto_oponente = proto
    cfg.oponente = shlex.split(cmd)
    cfg.nome_oponente = os.path.basename(cfg.oponente[0]) if cfg.oponente else "?"
    if proto == "xboard":
        cfg.oponente = [sys.executable, PONTE] + cfg.oponente
    cfg.passadas = {False} if cfg.sem_tabelas else {True} if cfg.so_com_tabelas else {True, False}
    try:
        todas = le_epd(cfg.epd)
    except (OSError, ValueError) as e:
        print(f"syzygy-finais.py: {e}", file=sys.stderr)
        sys.exit(2)
    if cfg.so:
        ids = {p.id for p in todas}
        for i in cfg.so:
            if i not in ids:
                ap.error(f"posição desconhecida {i!r}")
        todas = [p for p in todas if p.id in cfg.so]
    if cfg.n is not None:
        todas = (escolhe([p for p in todas if p.ganha], cfg.n)
                 + escolhe([p for p in todas if not p.ganha], cfg.n))
    cfg.posicoes = todas
    if not os.path.exists(cfg.motor[0]):
        print(f"syzygy-finais.py: motor não encontrado: {cfg.motor[0]} (cargo build --release)", file=sys.stderr)
        sys.exit(2)
    return cfg


def main(argv=None):
    cfg = argumentos(argv)
    if cfg.log:
        logger = logging.getLogger("chess.engine")
        logger.setLevel(logging.DEBUG)
        h = logging.FileHandler(cfg.log, mode="w", encoding="utf-8")
        h.setFormatter(logging.Formatter("%(relativeCreated)9.0f %(levelname)s %(message)s"))
        logger.addHandler(h)
    if cfg.pgn and os.path.exists(cfg.pgn):
        os.remove(cfg.pgn)
    print(f"ICE-rs: {' '.join(cfg.motor)}; adversário ({cfg.proto_oponente}): {' '.join(cfg.oponente)}; "
          f"relógio {cfg.tc[0]:g}+{cfg.tc[1]:g}; {len(cfg.posicoes)} posições de {cfg.epd} "
          f"(python-chess {chess.__version__})", flush=True)
    return asyncio.run(principal(cfg))


if __name__ == "__main__":
    sys.exit(main())
