#!/usr/bin/env python3
"""Cliente real com as tabelas Syzygy: o python-chess dirige o motor pelos dois protocolos.

Uso:
    python3 tests/python/test_cliente_syzygy.py [opções] [--] COMANDO_DO_MOTOR [ARGS...]
    python3 tests/python/test_cliente_syzygy.py --log /tmp/protocolo.log target/release/ice

Irmão de tests/python/test_cliente.py (mesmo formato de saída), para as tabelas de
tests/data/syzygy (ou --tabelas DIR). Os clientes são chess.engine.popen_uci, com a opção
`SyzygyPath` (engine.configure), e chess.engine.popen_xboard, com a opção "egtpath syzygy" que o
python-chess 1.11 cria para quem anuncia `feature egt="syzygy"` e que ele manda como a linha
`egtpath syzygy DIR` (XBoardProtocol._setoption). O que vale como verdade são as tabelas lidas
pelo chess.syzygy do python-chess.

Testes (cada um abre o seu processo do motor; com --protocolo ambos, a lista roda com cada um):
  opcoes         UCI: SyzygyPath/SyzygyProbeDepth/Syzygy50MoveRule/SyzygyProbeLimit anunciadas;
                 xboard: a opção "egtpath syzygy" existe (feature egt). Depois de configurar, o
                 motor responde `info string Syzygy: N finais…` (UCI) ou `# Syzygy: N finais…`
                 (xboard) antes do pong, com N = número de arquivos .rtbw do diretório; no xboard
                 a linha `egtpath syzygy DIR` está no tráfego
  analise        engine.analyse(Limit(depth=6)) de três posições, vitória, empate e derrota para
                 o lado a jogar (conforme o chess.syzygy): o escore é o das tabelas (vitória:
                 >= 20000 cp ou mate a favor; empate: 0; derrota: <= -20000 cp ou mate contra) e,
                 no UCI, `tbhits` > 0 no info
  sem_tabelas    a mesma análise da vitória num motor sem tabelas: escore fora da faixa das
                 tabelas e (UCI) tbhits 0 ou ausente — o escore acima veio mesmo das tabelas
  partida_kqvk   o motor joga KQvK e KRvK (DTZ alto, vencedor a jogar) contra uma defesa
  partida_krvk   perfeita (o chess.syzygy escolhe o lance de maior DTZ para o vencedor): todos os
                 lances legais, mate antes da regra dos 50 lances, nenhuma vitória jogada fora
  higiene        nenhum aviso do python-chess nos testes acima (como em test_cliente.py; a
                 `info string Syzygy: …` durante o ping do UCI não conta, ver teste_higiene)

Saída: uma linha por teste e `N passed, M failed`; código 0 só sem falhas. Só biblioteca
padrão e python-chess; sem pytest.
"""

import argparse
import asyncio
import contextlib
import os
import sys

try:
    import chess
    import chess.engine
    import chess.syzygy
except ImportError:  # pragma: no cover
    sys.stderr.write("test_cliente_syzygy.py: falta python-chess: pip install chess\n")
    sys.exit(2)

from cliente_comum import Coletor, fecha_argumentos, executa, roda_lista, verifica  # noqa: E402 (o laço e a falha comuns)

RAIZ = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIR_TB = os.path.join(RAIZ, "tests", "data", "syzygy")

# Posições (conferidas no começo com o chess.syzygy: o teste diz o que elas são, não o código).
FEN_VITORIA = "8/8/8/8/8/3k4/4R3/7K w - - 0 1"      # KRvK, brancas ganham (DTZ 31)
FEN_EMPATE = "8/8/8/3k4/8/2r5/8/3K2R1 w - - 0 1"    # KRvKR empatado
FEN_DERROTA = "8/8/4k3/8/8/8/8/R5K1 b - - 0 1"      # KRvK, pretas a jogar perdem
FEN_KQVK = "8/8/3k4/8/8/8/6Q1/7K w - - 0 1"         # KQvK, DTZ 19
FEN_KRVK = FEN_VITORIA
FAIXA_TB = 20000     # cp: as vitórias de tabela do ICE-rs valem 30000 - ply

AVISOS = []          # (teste, mensagem) de avisos do logger chess.engine
RECEBIDAS = []       # linhas que o motor escreveu (registro DEBUG ">> ")
ENVIADAS = []        # linhas que o cliente mandou (registro DEBUG "<< ")
TESTE_ATUAL = ["-"]


def popen(cfg):
    return chess.engine.popen_uci if cfg.protocolo == "uci" else chess.engine.popen_xboard


def opcao_tabelas(cfg):
    return {"SyzygyPath": cfg.tabelas} if cfg.protocolo == "uci" else {"egtpath syzygy": cfg.tabelas}


@contextlib.asynccontextmanager
async def abre_motor(cfg, com_tabelas=True):
    """Abre o motor e, com tabelas, configura-as (SyzygyPath ou egtpath syzygy) e espera o pong."""
    transport, engine = await asyncio.wait_for(popen(cfg)(cfg.comando), cfg.t_inicio)
    try:
        if com_tabelas:
            await asyncio.wait_for(engine.configure(opcao_tabelas(cfg)), 5)
            await asyncio.wait_for(engine.ping(), 10)
        yield engine
    finally:
        try:
            await asyncio.wait_for(engine.quit(), 5)
        except Exception:
            pass
        transport.close()


def wdl_do_lado_a_jogar(cfg, board):
    with chess.syzygy.open_tablebase(cfg.tabelas) as tb:
        return tb.probe_wdl(board)


def faixa(score):
    """'vitória', 'empate', 'derrota' ou 'busca' para um PovScore relativo ao lado a jogar."""
    s = score.relative
    if s.is_mate():
        return "vitória" if s.mate() > 0 else "derrota"
    cp = s.score()
    if cp >= FAIXA_TB:
        return "vitória"
    if cp <= -FAIXA_TB:
        return "derrota"
    return "empate" if cp == 0 else "busca"


# --------------------------------------------------------------------------- testes

async def teste_opcoes(cfg):
    n_arquivos = sum(1 for f in os.listdir(cfg.tabelas) if f.endswith(".rtbw"))
    verifica(n_arquivos > 0, f"nenhum .rtbw em {cfg.tabelas}")
    transport, engine = await asyncio.wait_for(popen(cfg)(cfg.comando), cfg.t_inicio)
    try:
        if cfg.protocolo == "uci":
            faltam = {"SyzygyPath", "SyzygyProbeDepth", "Syzygy50MoveRule", "SyzygyProbeLimit"} - set(engine.options)
            verifica(not faltam, f"opções UCI faltando: {sorted(faltam)}")
            esperada = f"info string Syzygy: {n_arquivos} endings, up to "
        else:
            verifica(engine.features.get("egt") and "syzygy" in str(engine.features["egt"]).split(","),
                     f"feature egt: {engine.features.get('egt')!r}")
            verifica("egtpath syzygy" in engine.options, f"sem a opção 'egtpath syzygy': {sorted(engine.options)}")
            esperada = f"# Syzygy: {n_arquivos} endings, up to "
        ini_r, ini_e = len(RECEBIDAS), len(ENVIADAS)
        await asyncio.wait_for(engine.configure(opcao_tabelas(cfg)), 5)
        await asyncio.wait_for(engine.ping(), 10)
        enviadas, recebidas = ENVIADAS[ini_e:], RECEBIDAS[ini_r:]
        linha_cfg = (f"setoption name SyzygyPath value {cfg.tabelas}" if cfg.protocolo == "uci"
                     else f"egtpath syzygy {cfg.tabelas}")
        verifica(linha_cfg in enviadas, f"{linha_cfg!r} não foi mandada (enviadas: {enviadas})")
        resposta = [r for r in recebidas if r.startswith(esperada) and r.endswith(f"in {cfg.tabelas}")]
        verifica(resposta, f"sem {esperada!r}… antes do pong (recebidas: {recebidas})")
        # A ordem: a resposta chega antes do pong (o motor tratou a linha antes do ping).
        pong = next(i for i, r in enumerate(recebidas) if r.startswith("pong") or r == "readyok")
        verifica(recebidas.index(resposta[0]) < pong, f"resposta depois do pong: {recebidas}")
    finally:
        try:
            await asyncio.wait_for(engine.quit(), 5)
        except Exception:
            pass
        transport.close()
    return f"{linha_cfg!r} -> {resposta[0]!r}"


async def analisa(engine, cfg, fen):
    board = chess.Board(fen)
    ini = len(RECEBIDAS)
    info = await asyncio.wait_for(engine.analyse(board, chess.engine.Limit(depth=cfg.profundidade)),
                                  cfg.t_analise)
    verifica("score" in info and info.get("pv"), f"{fen}: info sem escore/PV: {info}")
    verifica(info["pv"][0] in board.legal_moves, f"{fen}: PV começa por lance ilegal {info['pv'][0]}")
    return board, info, RECEBIDAS[ini:]


async def teste_analise(cfg):
    nomes = {2: "vitória", 0: "empate", -2: "derrota"}
    feitos = []
    async with abre_motor(cfg) as engine:
        for fen in (FEN_VITORIA, FEN_EMPATE, FEN_DERROTA):
            board = chess.Board(fen)
            wdl = wdl_do_lado_a_jogar(cfg, board)
            verifica(wdl in nomes, f"{fen}: WDL {wdl} do chess.syzygy (posição de teste ruim)")
            board, info, _ = await analisa(engine, cfg, fen)
            f = faixa(info["score"])
            verifica(f == nomes[wdl], f"{fen}: tabelas dizem {nomes[wdl]}, motor deu {info['score'].relative} "
                                      f"(profundidade {info.get('depth')})")
            if cfg.protocolo == "uci":
                verifica(info.get("tbhits", 0) > 0, f"{fen}: tbhits {info.get('tbhits')} no info final")
            # O lance do motor mantém o resultado da tabela (o chess.syzygy confere).
            b = board.copy()
            b.push(info["pv"][0])
            depois = -2 if b.is_checkmate() else wdl_do_lado_a_jogar(cfg, b)
            verifica(depois == -wdl, f"{fen}: {board.san(info['pv'][0])} muda o WDL de {wdl} para {-depois}")
            tb = f", tbhits {info['tbhits']}" if "tbhits" in info else ""
            feitos.append(f"{nomes[wdl]} {info['score'].relative} {board.san(info['pv'][0])}{tb}")
        await asyncio.wait_for(engine.ping(), 5)
    return "; ".join(feitos)


async def teste_sem_tabelas(cfg):
    async with abre_motor(cfg, com_tabelas=False) as engine:
        _, info, _ = await analisa(engine, cfg, FEN_VITORIA)
    f = faixa(info["score"])
    # Sem tabelas a busca pode achar o mate sozinha, mas não a 6 plies num KRvK de DTZ 31.
    verifica(f != "vitória", f"sem tabelas o escore {info['score'].relative} já é de vitória (a posição "
                             "não serve para distinguir)")
    verifica(info.get("tbhits", 0) == 0, f"sem tabelas, tbhits {info.get('tbhits')}")
    return f"escore {info['score'].relative}, tbhits {info.get('tbhits', '-')}"


def defesa_perfeita(tb, board):
    """O lance do perdedor que deixa o vencedor mais longe de zerar (maior DTZ)."""
    melhor = None
    for lance in board.legal_moves:
        board.push(lance)
        if board.is_insufficient_material() or board.is_stalemate():
            nota = 10 ** 6       # empate na hora: o motor deixou
        else:
            wdl, dtz = tb.probe_wdl(board), tb.probe_dtz(board)
            nota = 10 ** 6 if wdl <= 0 else dtz
        board.pop()
        if melhor is None or nota > melhor[0]:
            melhor = (nota, lance)
    return melhor[1]


async def partida(cfg, fen):
    board = chess.Board(fen)
    vencedor = board.turn
    with chess.syzygy.open_tablebase(cfg.tabelas) as tb:
        wdl, dtz = tb.probe_wdl(board), tb.probe_dtz(board)
        verifica(wdl == 2, f"{fen}: WDL {wdl}, esperava vitória do lado a jogar")
        jogo = object()
        async with abre_motor(cfg) as engine:
            while not board.is_game_over() and not board.is_fifty_moves():
                if board.turn == vencedor:
                    r = await asyncio.wait_for(
                        engine.play(board, chess.engine.Limit(time=cfg.tempo), game=jogo), cfg.t_lance)
                    verifica(r.move is not None and r.move in board.legal_moves,
                             f"lance {r.move} ilegal ou ausente em {board.fen()}")
                    board.push(r.move)
                    if not board.is_checkmate():
                        verifica(tb.probe_wdl(board) == -2,
                                 f"{board.peek()} jogou a vitória fora ({board.fen()})")
                else:
                    board.push(defesa_perfeita(tb, board))
            await asyncio.wait_for(engine.ping(), 5)
    verifica(board.is_checkmate(), f"terminou sem mate: {board.outcome(claim_draw=True)} em {board.fen()}")
    return f"mate em {(len(board.move_stack) + 1) // 2} lances (DTZ inicial {dtz} plies) contra a defesa perfeita"


async def teste_partida_kqvk(cfg):
    return await partida(cfg, FEN_KQVK)


async def teste_partida_krvk(cfg):
    return await partida(cfg, FEN_KRVK)


def teste_higiene(cfg):
    verifica(cfg.aprovados, "nenhum teste anterior passou: nada a conferir")
    # Como em test_cliente.py: stderr, a recusa de sigterm=0 e o `stat01:` não contam. Nem a
    # `info string Syzygy: …` que responde ao SyzygyPath: o UCI permite `info string` a qualquer
    # hora (o Stockfish também conta as tabelas assim), mas o ping do python-chess 1.11
    # (UciPingCommand) avisa de toda linha que não é `readyok`, e a resposta às vezes chega
    # depois do `isready` sair.
    ruins = [(t, m) for t, m in AVISOS
             if "stderr >>" not in m and "Rejecting feature sigterm=0" not in m and "'stat01:" not in m
             and "Unexpected engine output: 'info string Syzygy: " not in m]
    verifica(not ruins, f"{len(ruins)} aviso(s) do python-chess: "
                        + " | ".join(f"[{t}] {m}" for t, m in ruins[:8]))
    return "nenhum aviso"


TESTES = [
    ("opcoes", teste_opcoes),
    ("analise", teste_analise),
    ("sem_tabelas", teste_sem_tabelas),
    ("partida_kqvk", teste_partida_kqvk),
    ("partida_krvk", teste_partida_krvk),
    ("higiene", teste_higiene),
]


# --------------------------------------------------------------------------- programa

def argumentos(argv):
    ap = argparse.ArgumentParser(prog="test_cliente_syzygy.py",
                                 description="python-chess dirige o motor com as tabelas Syzygy (UCI e xboard).")
    ap.add_argument("comando", nargs="+", help="comando do motor (um só argumento com espaços também serve)")
    ap.add_argument("--tabelas", default=DIR_TB, help="diretório das tabelas (tests/data/syzygy)")
    ap.add_argument("--tempo", type=float, default=0.05, help="segundos por lance nas partidas (0.05)")
    ap.add_argument("--profundidade", type=int, default=6, help="profundidade das análises (6)")
    ap.add_argument("--so", metavar="TESTE", action="append", help="roda só este teste (repetível)")
    ap.add_argument("--log", metavar="ARQ", help="grava o tráfego do protocolo (log DEBUG do python-chess)")
    ap.add_argument("--protocolo", choices=("xboard", "uci", "ambos"), default="ambos")
    cfg = ap.parse_args(argv)
    cfg.tabelas = os.path.abspath(cfg.tabelas)
    cfg.t_inicio, cfg.t_lance, cfg.t_analise = 15, 10, 30
    return fecha_argumentos(ap, cfg, TESTES)


async def roda_testes(cfg):
    AVISOS.clear()
    return await roda_lista(cfg, TESTES, __file__, TESTE_ATUAL, rotulo=lambda nome: f"{nome} [{cfg.protocolo}]",
                            prazo=120)


async def principal(cfg):
    passou = falhou = 0
    pedido = cfg.protocolo
    for protocolo in (("xboard", "uci") if pedido == "ambos" else (pedido,)):
        cfg.protocolo = protocolo
        p, f = await roda_testes(cfg)
        passou += p
        falhou += f
    return passou, falhou


def main(argv=None):
    return executa(argumentos(argv), Coletor(AVISOS, TESTE_ATUAL, RECEBIDAS, ENVIADAS), principal)


if __name__ == "__main__":
    sys.exit(main())
