#!/usr/bin/env python3
"""Cliente real dos protocolos xboard (CECP v2) e UCI: o python-chess joga e analisa com o motor.

Uso:
    python3 tests/python/test_cliente.py [opções] [--] COMANDO_DO_MOTOR [ARGS...]
    python3 tests/python/test_cliente.py target/release/ice
    python3 tests/python/test_cliente.py --log /tmp/protocolo.log /usr/games/hoichess

Serve para qualquer motor xboard ou UCI; o alvo é o ICE-rs, que fala os dois (critério "cliente
real" dos issues 4 e 16). Os clientes são `chess.engine.popen_xboard` e `chess.engine.popen_uci`,
os mesmos que o lichess-bot e a maioria das ferramentas em Python usam; o popen_xboard exige
`feature ping=1 setboard=1` (CECP.md, 1.2): um motor sem `setboard` (o Fairy-Max do Debian) falha
já na inicialização, e isso é o esperado. `--protocolo xboard|uci|ambos` (padrão: ambos) escolhe
com qual cliente os testes rodam; com `ambos`, a lista inteira roda uma vez com cada.

Testes (cada um abre o seu próprio processo do motor, com limite de tempo):
  inicializacao       handshake, nome, features ping/setboard, três `ping`, `quit` encerra o processo
  contra_aleatorio    duas partidas (motor de brancas e de pretas) contra um jogador aleatório,
                      Limit(time=0.05), até o fim ou N plies; todo lance do motor é legal;
                      o mesmo processo joga as duas (reuse)
  contra_si_mesmo     uma partida motor x motor com relógio (level/time/otim, 2+0.02):
                      lances legais e nenhuma queda de bandeira
  setboard            posições por `setboard`: pretas a jogar, promoção (e7e8q), roque
  analise_tempo       engine.analysis(Limit(time=1)): info com depth/score/pv, PV inteira legal,
                      termina no prazo; depois `ping` e um lance normal (saiu do modo analyze)
  analise_profundidade engine.analyse(Limit(depth=4)) depois de setboard + force + lances + analyze
  mate                mate em 1 (análise até 1 s): PV começa pelo lance que dá mate, o escore é de
                      mate a favor (100000+N) e o motor joga esse lance
  multipv             análise de 3 linhas: no UCI o próprio engine.analyse(..., multipv=3) devolve
                      três linhas distintas e legais, em ordem de escore; no xboard (o python-chess
                      recusa multipv= nele) a opção MultiPV=3 e as linhas de cada profundidade
  root_moves          engine.analyse(..., root_moves=[2 lances]): `searchmoves` no UCI, `exclude all`
                      + `include` no xboard; a PV sempre começa por um deles
  higiene             nenhum aviso do python-chess ("Unexpected engine output", lances
                      inesperados...) em todos os testes acima; linhas em stderr, a recusa de
                      sigterm=0 e `stat01:` (resposta ao `.` do próprio python-chess) não contam

Saída: uma linha por teste e, por último, `N passed, M failed`. Código de saída 0 só sem falhas.
Só usa a biblioteca padrão e python-chess (pip install chess); não precisa de pytest.
"""

import argparse
import asyncio
import contextlib
import random
import sys
import time

try:
    import chess
    import chess.engine
except ImportError:  # pragma: no cover
    sys.stderr.write("test_cliente.py: falta python-chess: pip install chess\n")
    sys.exit(2)

from cliente_comum import Coletor, fecha_argumentos, Falha, executa, roda_lista, verifica  # noqa: E402 (o laço e a falha comuns)

# Posições de teste (FEN).
# Fora dos livros de aberturas: um motor que só mostra a linha do livro "(...)" não analisa.
FEN_MEIO_JOGO = "r2q1rk1/pp2bppp/2n1bn2/3p4/3P4/2NBBN2/PP3PPP/R2Q1RK1 w - - 4 11"
FEN_PROFUNDIDADE = "r1b2rk1/pp1nqppp/2pbpn2/3p4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 1 10"
LANCES_PROFUNDIDADE = ("d1c2", "d5c4", "e2c4")
FEN_PRETAS = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
FEN_PROMOCAO = "8/4P3/8/8/8/k7/8/K7 w - - 0 1"            # só e7e8=D (ou =T) ganha na hora
FEN_ROQUE = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1"
FEN_MATE_EM_1 = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"    # Td8#
LANCE_MATE = "d1d8"

# Linhas vistas no registro do python-chess: lidas pelo teste de higiene e pelo da PV.
AVISOS = []          # (teste, mensagem) de avisos do logger chess.engine
RECEBIDAS = []       # linhas que o motor escreveu no stdout (do registro DEBUG ">> ")
TESTE_ATUAL = ["-"]


@contextlib.asynccontextmanager
async def abre_motor(cfg):
    """Abre o motor com popen_xboard ou popen_uci; ao sair pede `quit` e, se preciso, mata o processo."""
    transport, engine = await asyncio.wait_for(popen(cfg)(cfg.comando), cfg.t_inicio)
    try:
        yield engine
    finally:
        try:
            await asyncio.wait_for(engine.quit(), 5)
        except Exception:
            pass
        transport.close()


def popen(cfg):
    return chess.engine.popen_uci if cfg.protocolo == "uci" else chess.engine.popen_xboard


def lance_legal(board, resultado, quem):
    """O python-chess já recusa lance ilegal (EngineError); aqui confere o que sobrou."""
    verifica(resultado.move is not None or resultado.resigned,
             f"{quem}: sem lance e sem abandono na posição {board.fen()}")
    if resultado.move is not None:
        verifica(resultado.move in board.legal_moves,
                 f"{quem}: lance ilegal {resultado.move} na posição {board.fen()}")


def fim(board, plies_max, inicio):
    return board.is_game_over(claim_draw=True) or len(board.move_stack) - inicio >= plies_max


def descreve_fim(board, resultado=None):
    if resultado is not None and resultado.resigned:
        return "abandono"
    out = board.outcome(claim_draw=True)
    return f"{out.termination.name.lower()} {out.result()}" if out else "limite de lances"


# --------------------------------------------------------------------------- testes

async def teste_inicializacao(cfg):
    transport, engine = await asyncio.wait_for(popen(cfg)(cfg.comando), cfg.t_inicio)
    try:
        nome = engine.id.get("name", "?")
        if cfg.protocolo == "uci":
            # UCI: as opções de análise e recursos que as interfaces procuram.
            opcoes = set(engine.options)
            faltam = {"Hash", "Threads", "MultiPV", "Ponder", "OwnBook"} - opcoes
            verifica(not faltam, f"opções UCI faltando: {sorted(faltam)} (há {sorted(opcoes)})")
            feats = {"options": len(opcoes)}
        else:
            feats = engine.features
            verifica(feats.get("ping") == 1 and feats.get("setboard") == 1, f"features: {feats}")
        for _ in range(3):
            await asyncio.wait_for(engine.ping(), 5)
        t0 = time.monotonic()
        await asyncio.wait_for(engine.quit(), 5)
        rc = await asyncio.wait_for(engine.returncode, 5)
        chaves = " ".join(f"{k}={feats[k]}" for k in sorted(feats) if k not in ("option", "variants", "done"))
        return f"{nome!r}, saiu com {rc} em {time.monotonic() - t0:.2f}s; {chaves}"
    finally:
        transport.close()


async def teste_contra_aleatorio(cfg):
    rng = random.Random(cfg.semente)
    resumo = []
    async with abre_motor(cfg) as engine:
        for jogo in range(cfg.jogos):
            motor_brancas = jogo % 2 == 0
            board = chess.Board()
            partida = object()
            lances_motor = 0
            resultado = None
            while not fim(board, cfg.plies, 0):
                if board.turn == motor_brancas:
                    resultado = await asyncio.wait_for(
                        engine.play(board, chess.engine.Limit(time=cfg.tempo), game=partida), cfg.t_lance)
                    lance_legal(board, resultado, f"partida {jogo + 1}, ply {len(board.move_stack) + 1}")
                    if resultado.resigned:
                        break
                    board.push(resultado.move)
                    lances_motor += 1
                else:
                    board.push(rng.choice(list(board.legal_moves)))
            cor = "brancas" if motor_brancas else "pretas"
            resumo.append(f"partida {jogo + 1} ({cor}): {lances_motor} lances do motor, "
                          f"{len(board.move_stack)} plies, {descreve_fim(board, resultado)}")
        await asyncio.wait_for(engine.ping(), 5)
    return "; ".join(resumo)


async def teste_contra_si_mesmo(cfg, opcoes=None):
    base, inc = cfg.relogio
    relogio = {chess.WHITE: base, chess.BLACK: base}
    board = chess.Board()
    partida = object()
    resultado = None
    pior = base
    async with abre_motor(cfg) as engine:
        if opcoes:
            await asyncio.wait_for(engine.configure(opcoes), 5)
        while not fim(board, cfg.plies, 0):
            lado = board.turn
            limite = chess.engine.Limit(white_clock=relogio[chess.WHITE], black_clock=relogio[chess.BLACK],
                                        white_inc=inc, black_inc=inc)
            t0 = time.monotonic()
            resultado = await asyncio.wait_for(engine.play(board, limite, game=partida), base + cfg.t_lance)
            gasto = time.monotonic() - t0
            relogio[lado] -= gasto
            verifica(relogio[lado] > 0, f"bandeira caiu no ply {len(board.move_stack) + 1} "
                                        f"({gasto:.3f}s gastos, relógio {relogio[lado] + gasto:.3f}s)")
            relogio[lado] += inc
            pior = min(pior, relogio[lado])
            lance_legal(board, resultado, f"ply {len(board.move_stack) + 1}")
            if resultado.resigned:
                break
            board.push(resultado.move)
    return (f"{len(board.move_stack)} plies, {descreve_fim(board, resultado)}; relógios "
            f"{relogio[chess.WHITE]:.2f}s/{relogio[chess.BLACK]:.2f}s (mínimo {pior:.2f}s de {base:g}+{inc:g})")


async def teste_nivel_e_overhead(cfg):
    """Uma partida inteira com a força limitada (UCI_LimitStrength/UCI_Elo 1500) e o Move
    Overhead que o lichess-bot configura: lances legais, relógio nunca estourado, até o fim da
    partida (ou 400 plies). No xboard sem o Move Overhead: o python-chess 1.11 corta os nomes de
    `feature option` no primeiro espaço ("Move Overhead" vira "Move"), embora o CECP os permita e
    o XBoard os use; no xboard a opção é conferida pelas transcrições de tests/xboard.rs."""
    opcoes = {"UCI_LimitStrength": True, "UCI_Elo": 1500}
    if cfg.protocolo == "uci":
        opcoes["Move Overhead"] = 100
    plies = cfg.plies
    cfg.plies = 400
    try:
        resumo = await teste_contra_si_mesmo(cfg, opcoes)
    finally:
        cfg.plies = plies
    return f"{opcoes}: {resumo}"


async def teste_setboard(cfg):
    feitos = []
    async with abre_motor(cfg) as engine:
        for nome, fen in (("pretas", FEN_PRETAS), ("promoção", FEN_PROMOCAO), ("roque", FEN_ROQUE)):
            board = chess.Board(fen)
            resultado = await asyncio.wait_for(engine.play(board, chess.engine.Limit(time=cfg.tempo * 2), game=object()),
                                               cfg.t_lance)
            lance_legal(board, resultado, nome)
            feitos.append(f"{nome}: {board.san(resultado.move) if resultado.move else 'abandono'}")
        # Promoção: o motor tem de dar um lance de promoção bem formado (e7e8q, não e7e8).
        board = chess.Board(FEN_PROMOCAO)
        resultado = await asyncio.wait_for(engine.play(board, chess.engine.Limit(time=cfg.tempo * 2), game=object()),
                                           cfg.t_lance)
        verifica(resultado.move is not None and resultado.move.promotion,
                 f"promoção: esperava e7e8=D/T, veio {resultado.move}")
    return "; ".join(feitos)


def confere_info(board, info, onde):
    verifica("depth" in info and "score" in info and info.get("pv"),
             f"{onde}: info sem depth/score/pv: {info}")
    pv = info["pv"]
    verifica(pv[0] in board.legal_moves, f"{onde}: primeiro lance da PV ilegal: {pv[0]}")
    b = board.copy()
    for m in pv:
        verifica(m in b.legal_moves, f"{onde}: PV com lance ilegal {m} em {b.fen()}")
        b.push(m)


def confere_pvs_brutas(linhas, board, onde):
    """Cada linha de pensamento `ply score time nodes PV` (ou `info … pv …` do UCI): todos os
    lances da PV têm de ser legais.

    O python-chess corta a PV em silêncio no primeiro lance que não entende; aqui se vê se cortou."""
    n = 0
    for linha in linhas:
        if linha.startswith("info ") and " pv " in linha:
            b = board.copy()
            for tok in linha.split(" pv ", 1)[1].split():
                try:
                    b.push_uci(tok)
                except ValueError:
                    raise Falha(f"{onde}: lance {tok!r} ilegal/ilegível na PV {linha!r}")
            n += 1
            continue
        campos = linha.split()
        if len(campos) < 5 or not all(c.lstrip("-").isdigit() for c in campos[:4]):
            continue
        b = board.copy()
        for tok in campos[4:]:
            t = tok.rstrip(".")
            if t.isdigit() or not tok.strip("!?") or t.startswith("...") or tok[0] in "(<[{":
                continue  # número de lance, marca de fail-low/high, anotação entre parênteses
            t = tok.rstrip("+#!?")
            try:
                b.push_xboard(t)
            except ValueError:
                raise Falha(f"{onde}: lance {tok!r} ilegal/ilegível na PV {linha!r}")
        n += 1
    return n


async def teste_analise_tempo(cfg):
    board = chess.Board(FEN_MEIO_JOGO)
    infos = []
    async with abre_motor(cfg) as engine:
        ini = len(RECEBIDAS)
        t0 = time.monotonic()

        async def analisa():
            with await engine.analysis(board, chess.engine.Limit(time=cfg.analise)) as analise:
                async for info in analise:
                    infos.append(info)
                return analise.info

        final = await asyncio.wait_for(analisa(), cfg.analise + 10)
        dur = time.monotonic() - t0
        com_pv = [i for i in infos if i.get("pv")]
        verifica(com_pv, f"nenhuma linha de pensamento com PV em {dur:.2f}s (recebido: {RECEBIDAS[ini:][-5:]})")
        confere_info(board, com_pv[-1], "análise")
        confere_info(board, final, "análise (info final)")
        n = confere_pvs_brutas(RECEBIDAS[ini:], board, "análise")
        verifica(dur < cfg.analise + 3, f"análise de {cfg.analise:g}s levou {dur:.2f}s para terminar")
        # Depois do `exit` o motor tem de responder e jogar normalmente, sem lance atrasado.
        await asyncio.wait_for(engine.ping(), 5)
        resultado = await asyncio.wait_for(engine.play(board, chess.engine.Limit(time=cfg.tempo), game=object()),
                                           cfg.t_lance)
        lance_legal(board, resultado, "lance depois da análise")
        await asyncio.wait_for(engine.ping(), 5)
    ult = com_pv[-1]
    return (f"{len(infos)} infos ({n} linhas conferidas) em {dur:.2f}s; última: profundidade {ult['depth']}, "
            f"escore {ult['score'].white()}, PV {board.variation_san(ult['pv'][:6])}; depois jogou "
            f"{board.san(resultado.move) if resultado.move else 'abandono'}")


async def teste_analise_profundidade(cfg):
    board = chess.Board(FEN_PROFUNDIDADE)   # setboard + force + 3 lances + analyze
    for uci in LANCES_PROFUNDIDADE:
        board.push_uci(uci)
    async with abre_motor(cfg) as engine:
        ini = len(RECEBIDAS)
        t0 = time.monotonic()
        info = await asyncio.wait_for(engine.analyse(board, chess.engine.Limit(depth=cfg.profundidade)),
                                      cfg.t_profundidade)
        dur = time.monotonic() - t0
        confere_info(board, info, "analyse")
        verifica(info["depth"] >= cfg.profundidade,
                 f"analyse terminou na profundidade {info['depth']} < {cfg.profundidade}")
        confere_pvs_brutas(RECEBIDAS[ini:], board, "analyse")
        await asyncio.wait_for(engine.ping(), 5)
    return (f"profundidade {info['depth']} em {dur:.2f}s, escore {info['score'].white()}, "
            f"PV {board.variation_san(info['pv'][:6])}")


async def teste_mate(cfg):
    board = chess.Board(FEN_MATE_EM_1)
    infos = []
    async with abre_motor(cfg) as engine:
        # analysis (não analyse): um motor pode parar de aprofundar depois de achar o mate.
        async def analisa():
            with await engine.analysis(board, chess.engine.Limit(time=cfg.analise)) as analise:
                async for info in analise:
                    infos.append(info)
                    if info.get("pv") and info.get("score") and info["score"].is_mate() \
                            and info.get("depth", 0) >= 2:
                        break

        await asyncio.wait_for(analisa(), cfg.analise + 10)
        com_pv = [i for i in infos if i.get("pv") and "score" in i]
        verifica(com_pv, f"nenhuma linha de pensamento com PV e escore ({len(infos)} infos)")
        info = com_pv[-1]
        confere_info(board, info, "mate")
        verifica(info["pv"][0] == chess.Move.from_uci(LANCE_MATE),
                 f"esperava {LANCE_MATE} no começo da PV, veio {info['pv'][0]}")
        pov = info["score"].relative
        verifica(pov.is_mate() and pov.mate() > 0,
                 f"escore {pov} não é de mate a favor (CECP: mate em N = 100000+N)")
        await asyncio.wait_for(engine.ping(), 5)
        resultado = await asyncio.wait_for(engine.play(board, chess.engine.Limit(time=cfg.tempo), game=object()),
                                           cfg.t_lance)
        lance_legal(board, resultado, "mate")
        verifica(resultado.move == chess.Move.from_uci(LANCE_MATE), f"jogou {resultado.move}, não {LANCE_MATE}")
    return f"PV {board.variation_san(info['pv'][:1])}, escore {pov} (profundidade {info.get('depth')})"


async def teste_multipv(cfg):
    board = chess.Board(FEN_MEIO_JOGO)
    prof = cfg.profundidade + 2
    async with abre_motor(cfg) as engine:
        if cfg.protocolo == "uci":
            linhas = await asyncio.wait_for(
                engine.analyse(board, chess.engine.Limit(depth=prof), multipv=3), cfg.t_profundidade)
            verifica(len(linhas) == 3, f"analyse(multipv=3) devolveu {len(linhas)} linha(s)")
            porprof = {prof: linhas}
        else:
            # O python-chess recusa analyse(multipv=...) com xboard, e trata "MultiPV" como opção
            # sua (não deixa configurá-la); a linha `option MultiPV=3` vai direto, como o XBoard a
            # manda, e cada linha chega como um info comum (agrupadas aqui por profundidade).
            infos = []
            engine.send_line("option MultiPV=3")
            with await engine.analysis(board, chess.engine.Limit(depth=prof)) as analise:
                async for info in analise:
                    if info.get("pv"):
                        infos.append(info)
            engine.send_line("option MultiPV=1")
            porprof = {}
            for i in infos:
                porprof.setdefault(i["depth"], []).append(i)
            # A análise para na primeira linha da profundidade pedida: confere as anteriores.
            porprof = {d: v for d, v in porprof.items() if d < prof}
            verifica(len(porprof) >= 3, f"poucas profundidades completas: {sorted(porprof)}")
        for d, linhas in porprof.items():
            verifica(len(linhas) == 3, f"profundidade {d}: {len(linhas)} linha(s), esperava 3")
            primeiros = [i["pv"][0] for i in linhas]
            verifica(len(set(primeiros)) == 3, f"profundidade {d}: lances repetidos {primeiros}")
            escores = [i["score"].relative.score(mate_score=100000) for i in linhas]
            verifica(escores == sorted(escores, reverse=True), f"profundidade {d}: fora de ordem {escores}")
            for i in linhas:
                confere_info(board, i, f"multipv, profundidade {d}")
        await asyncio.wait_for(engine.ping(), 5)
    ult = porprof[max(porprof)]
    return (f"profundidades {min(porprof)}..{max(porprof)}, 3 linhas cada; última: "
            + ", ".join(f"{board.san(i['pv'][0])} {i['score'].white()}" for i in ult))


async def teste_root_moves(cfg):
    board = chess.Board(FEN_MEIO_JOGO)
    raiz = [chess.Move.from_uci("a2a3"), chess.Move.from_uci("h2h3")]
    async with abre_motor(cfg) as engine:
        info = await asyncio.wait_for(
            engine.analyse(board, chess.engine.Limit(depth=cfg.profundidade), root_moves=raiz),
            cfg.t_profundidade)
        confere_info(board, info, "root_moves")
        verifica(info["pv"][0] in raiz, f"PV começa por {info['pv'][0]}, fora de {raiz}")
        # Depois, sem restrição: o motor volta a considerar todos os lances.
        info = await asyncio.wait_for(
            engine.analyse(board, chess.engine.Limit(depth=cfg.profundidade)), cfg.t_profundidade)
        confere_info(board, info, "sem root_moves")
        await asyncio.wait_for(engine.ping(), 5)
    return f"PV {board.variation_san(info['pv'][:3])} (sem restrição)"


def teste_higiene(cfg):
    verifica(cfg.aprovados, "nenhum teste anterior passou: nada a conferir")
    # sigterm=0 é o recomendado (CECP.md 1.2); o python-chess o recusa com um aviso inofensivo.
    # `stat01:` é a resposta certa ao `.` que o próprio python-chess manda ao parar a análise,
    # mas ele a registra como inesperada (python-chess issue 891).
    ruins = [(t, m) for t, m in AVISOS
             if "stderr >>" not in m and "Rejecting feature sigterm=0" not in m and "'stat01:" not in m]
    verifica(not ruins, f"{len(ruins)} aviso(s) do python-chess: "
                        + " | ".join(f"[{t}] {m}" for t, m in ruins[:8]))
    stderr = sum(1 for _, m in AVISOS if "stderr >>" in m)
    return f"nenhum aviso ({stderr} linha(s) em stderr, ignoradas)"


TESTES = [
    ("inicializacao", teste_inicializacao),
    ("contra_aleatorio", teste_contra_aleatorio),
    ("contra_si_mesmo", teste_contra_si_mesmo),
    ("nivel_e_overhead", teste_nivel_e_overhead),
    ("setboard", teste_setboard),
    ("analise_tempo", teste_analise_tempo),
    ("analise_profundidade", teste_analise_profundidade),
    ("mate", teste_mate),
    ("multipv", teste_multipv),
    ("root_moves", teste_root_moves),
    ("higiene", teste_higiene),
]


# --------------------------------------------------------------------------- programa

def argumentos(argv):
    ap = argparse.ArgumentParser(
        prog="test_cliente.py",
        description="Testa um motor xboard como cliente real (python-chess): partidas, análise, ping.")
    ap.add_argument("comando", nargs="+", help="comando do motor (um só argumento com espaços também serve)")
    ap.add_argument("--jogos", type=int, default=2, help="partidas contra o jogador aleatório (2)")
    ap.add_argument("--plies", type=int, default=60, help="limite de plies por partida (60)")
    ap.add_argument("--tempo", type=float, default=0.05, help="segundos por lance nas partidas (0.05)")
    ap.add_argument("--relogio", default="2+0.02", help="relógio da partida motor x motor, BASE+INC s (2+0.02)")
    ap.add_argument("--analise", type=float, default=1.0, help="segundos da análise por tempo (1)")
    ap.add_argument("--profundidade", type=int, default=4, help="profundidade de engine.analyse (4)")
    ap.add_argument("--semente", type=int, default=1, help="semente do jogador aleatório (1)")
    ap.add_argument("--so", metavar="TESTE", action="append", help="roda só este teste (repetível)")
    ap.add_argument("--log", metavar="ARQ", help="grava o tráfego do protocolo (log DEBUG do python-chess)")
    ap.add_argument("--protocolo", choices=("xboard", "uci", "ambos"), default="ambos",
                    help="com qual cliente do python-chess testar (ambos)")
    cfg = ap.parse_args(argv)
    cfg.protocolo_pedido = cfg.protocolo
    b, _, i = cfg.relogio.partition("+")
    cfg.relogio = (float(b), float(i or 0))
    cfg.t_inicio = 15          # popen + handshake
    cfg.t_lance = 10           # um lance com Limit(time=...) pequeno
    cfg.t_profundidade = 60    # analyse até a profundidade pedida
    return fecha_argumentos(ap, cfg, TESTES)


async def principal(cfg):
    passou = falhou = 0
    protocolos = ("xboard", "uci") if cfg.protocolo_pedido == "ambos" else (cfg.protocolo_pedido,)
    for protocolo in protocolos:
        cfg.protocolo = protocolo
        p, f = await roda_testes(cfg)
        passou += p
        falhou += f
    return passou, falhou


async def roda_testes(cfg):
    AVISOS.clear()
    return await roda_lista(cfg, TESTES, __file__, TESTE_ATUAL, rotulo=lambda nome: f"{nome} [{cfg.protocolo}]",
                            para_em="inicializacao")


def main(argv=None):
    return executa(argumentos(argv), Coletor(AVISOS, TESTE_ATUAL, RECEBIDAS), principal)


if __name__ == "__main__":
    sys.exit(main())
