#!/usr/bin/env python3
"""Gera tests/data/syzygy-finais.epd: posições de final para partidas com tabelas.

20 posições GANHAS difíceis (DTZ alto) e 20 EMPATADAS em que o lado fraco pode errar, todas
dentro do conjunto de 3-4 peças de tests/data/syzygy, escolhidas pelo chess.syzygy do
python-chess (o prober de referência) com semente fixa: rodar de novo com a mesma semente e a
mesma versão do python-chess dá o mesmo arquivo. scripts/ci/syzygy-finais.py joga cada uma.

Como se escolhe (para cada final da lista GANHAS/EMPATES, N sorteios legais):
  ganhas   o lado do material "forte" ganha pelas tabelas (WDL 2 para ele: ganha mesmo com a
           regra dos 50 lances, contando do zero); a cor do forte é sorteada e o lado a jogar
           alterna entre o que ganha e o que perde (anotado). Nota = |DTZ|, os plies até o próximo
           lance que zera o contador com o jogo perfeito: quanto maior, mais longo o caminho que
           o vencedor tem de achar sem a regra dos 50 o alcançar; no empate de DTZ, com o vencedor
           a jogar, vale mais a que tem menos lances que mantêm a vitória.
  empates  WDL 0 (empate de fato, não vitória amaldiçoada); o lado a jogar (sorteado) é o lado
           FRACO, o que pode errar: tem ao menos um lance que perde (WDL 2 para o adversário
           depois dele) e ao menos um que empata, e nenhuma captura empata (a posição não se
           resolve tomando a peça que sobra no primeiro lance). Em KRvKB, KRvKN, KQvKR, KPvK só o lado de menos
           material pode perder; em KBvKP e KNvKP, em geral o da peça (se a perde, o peão corre).
           Nota = fração dos lances que perdem (o quanto é fácil errar).
Entre os candidatos de cada final, sorteia os pedidos entre os de maior nota (os TOPO melhores),
para não pegar sempre posições quase iguais.

Para o Fairy-Max (que monta a posição pelo modo `edit` do CECP e não sabe que não há roque) não
há rei na casa inicial com torre da mesma cor num canto; sem en passant.

Cada linha é um EPD (4 campos) com as operações:
  id  "ganha-NN" ou "empate-NN"
  c0  final, quem ganha/quem é o lado fraco e quem joga, em palavras
  c1  "WDL w DTZ d": do ponto de vista do lado a jogar (chess.syzygy probe_wdl/probe_dtz)
  c2  "ICE-rs: brancas|pretas": o lado que o ICE-rs joga (o que ganha; nas empatadas, o fraco)
  c3  (empates) "P de T lances perdem"

uso: python3 scripts/ci/syzygy-finais-gera.py [--semente 2026] [--n 3000] [--saida ARQ]
"""
import argparse
import os
import random
import sys

try:
    import chess
    import chess.syzygy
except ImportError:  # pragma: no cover
    sys.stderr.write("syzygy-finais-gera.py: falta python-chess: pip install chess==1.11.2\n")
    sys.exit(2)

RAIZ = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIR_TB = os.path.join(RAIZ, "tests", "data", "syzygy")
SAIDA = os.path.join(RAIZ, "tests", "data", "syzygy-finais.epd")
PECAS = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP,
         "N": chess.KNIGHT, "P": chess.PAWN}

# (final, quantas). Nas ganhas o material da esquerda é o que ganha; nos empates a cor de cada
# lado e o lado a jogar são sorteados.
GANHAS = [("KBNvK", 3), ("KQvKR", 3), ("KRvK", 2), ("KPvK", 2), ("KQvKP", 2), ("KBBvK", 2),
          ("KRvKP", 2), ("KRPvK", 1), ("KRvKN", 1), ("KRvKB", 1), ("KPvKP", 1)]
# KBvKB e KNNvK ficam de fora: em 3000 sorteios, nenhum (KBvKB) ou um só (KNNvK, e o rei empatava
# tomando um cavalo) com lance que perde.
EMPATES = [("KRvKR", 3), ("KRvKB", 3), ("KRvKN", 3), ("KQvKQ", 3), ("KPvKP", 3), ("KPvK", 2),
           ("KBvKP", 1), ("KNvKP", 1), ("KQvKR", 1)]
TOPO = 12
COR = {chess.WHITE: "brancas", chess.BLACK: "pretas"}


def monta(forte, fraco, cor_forte, vez, rnd):
    """Uma posição legal ao acaso: `forte` com a cor_forte, `fraco` com a outra; ou None."""
    board = chess.Board(None)
    livres = list(chess.SQUARES)
    rnd.shuffle(livres)
    for cor, parte in ((cor_forte, forte), (not cor_forte, fraco)):
        for letra in parte:
            tipo = PECAS[letra]
            for i, sq in enumerate(livres):
                if tipo == chess.PAWN and chess.square_rank(sq) in (0, 7):
                    continue
                board.set_piece_at(sq, chess.Piece(tipo, cor))
                livres.pop(i)
                break
    board.turn = vez
    board.castling_rights = 0
    board.ep_square = None
    if not board.is_valid() or board.is_game_over():
        return None
    # Rei na casa inicial com torre num canto: um motor montado pelo `edit` poderia rocar.
    for cor, casa_rei, cantos in ((chess.WHITE, chess.E1, (chess.A1, chess.H1)),
                                  (chess.BLACK, chess.E8, (chess.A8, chess.H8))):
        if board.piece_at(casa_rei) == chess.Piece(chess.KING, cor) and any(
                board.piece_at(c) == chess.Piece(chess.ROOK, cor) for c in cantos):
            return None
    return board


def lances_que_perdem(tb, board):
    """(lances que perdem, lances que empatam, total, alguma captura empata) para o lado a jogar."""
    perde = empata = 0
    total = 0
    captura_empata = False
    for lance in board.legal_moves:
        total += 1
        captura = board.is_capture(lance)
        board.push(lance)
        if board.is_checkmate():
            w = -2
        elif board.is_stalemate() or board.is_insufficient_material():
            w = 0
        else:
            w = tb.probe_wdl(board)
        board.pop()
        # w é do adversário (que joga depois do lance).
        if w == 2:
            perde += 1
        elif w in (-1, 0, 1):
            empata += 1
            captura_empata = captura_empata or captura
    return perde, empata, total, captura_empata


def candidatos_ganha(tb, nome, n, rnd):
    """Dois dicionários de candidatos: com o vencedor a jogar e com o perdedor a jogar."""
    forte, fraco = nome.split("v")
    achados = ({}, {})
    for _ in range(n):
        cor_forte = rnd.random() < 0.5
        vez = rnd.random() < 0.5
        board = monta(forte, fraco, cor_forte, vez, rnd)
        if board is None:
            continue
        wdl = tb.probe_wdl(board)
        if wdl != (2 if vez == cor_forte else -2):
            continue
        dtz = tb.probe_dtz(board)
        # Com o vencedor a jogar: a fração dos lances que jogam a vitória fora (desempate).
        erros = 0.0
        if vez == cor_forte:
            perde, empata, total, _ = lances_que_perdem(tb, board)
            erros = 1 - (total - perde - empata) / total
        achados[vez != cor_forte][board.epd()] = ((abs(dtz), erros), board, wdl, dtz, cor_forte)
    return [list(d.values()) for d in achados]


def candidatos_empate(tb, nome, n, rnd):
    esq, dir_ = nome.split("v")
    achados = {}
    for _ in range(n):
        cor_esq = rnd.random() < 0.5
        vez = rnd.random() < 0.5
        board = monta(esq, dir_, cor_esq, vez, rnd)
        if board is None or tb.probe_wdl(board) != 0:
            continue
        perde, empata, total, captura_empata = lances_que_perdem(tb, board)
        # Uma captura que empata simplifica na hora (dama tomada, peão tomado): sem graça.
        if perde == 0 or empata == 0 or captura_empata:
            continue
        # O material do lado a jogar (o fraco), para o comentário.
        achados[board.epd()] = (perde / total, board, perde, total, esq if vez == cor_esq else dir_)
    return list(achados.values())


def escolhe(cands, quantas, rnd, nome):
    print(f"  {nome}: {len(cands)} candidato(s)", file=sys.stderr, flush=True)
    if len(cands) < quantas:
        raise SystemExit(f"{nome}: só {len(cands)} candidato(s), pedi {quantas}; aumente --n")
    cands.sort(key=lambda c: (c[0], c[1].epd()), reverse=True)
    return rnd.sample(cands[:max(TOPO, quantas)], quantas)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--semente", type=int, default=2026)
    ap.add_argument("--n", type=int, default=3000, help="sorteios por final (3000)")
    ap.add_argument("--saida", default=SAIDA)
    args = ap.parse_args()
    rnd = random.Random(args.semente)
    tb = chess.syzygy.open_tablebase(DIR_TB)
    linhas = [
        "# Finais para partidas com e sem tabelas (scripts/ci/syzygy-finais.py). Gerado por",
        f"# scripts/ci/syzygy-finais-gera.py --semente {args.semente} --n {args.n} "
        f"(python-chess {chess.__version__}); não edite à mão.",
        "# c1: WDL/DTZ do lado a jogar (chess.syzygy); c2: o lado que o ICE-rs joga (nas ganhas o",
        "# que ganha, nas empatadas o lado fraco, que tem lances que perdem: c3).",
    ]
    k = 0
    for nome, quantas in GANHAS:
        cands = candidatos_ganha(tb, nome, args.n, rnd)
        # Alterna pelo arquivo todo: ganha-01 com o vencedor a jogar, ganha-02 com o perdedor...
        vezes = [(k + i) % 2 for i in range(quantas)]
        filas = [escolhe(cands[v], vezes.count(v), rnd, nome) if v in vezes else [] for v in (0, 1)]
        for v in vezes:
            nota, board, wdl, dtz, cor_forte = filas[v].pop(0)
            k += 1
            quem = "o que ganha" if board.turn == cor_forte else "o que perde"
            linhas.append(board.epd(
                id=f"ganha-{k:02d}",
                c0=f"{nome}: ganham as {COR[cor_forte]}; {COR[board.turn]} a jogar ({quem})",
                c1=f"WDL {wdl} DTZ {dtz}",
                c2=f"ICE-rs: {COR[cor_forte]}"))
    k = 0
    for nome, quantas in EMPATES:
        for nota, board, perde, total, material in escolhe(
                candidatos_empate(tb, nome, args.n, rnd), quantas, rnd, nome):
            k += 1
            fraco = board.turn
            linhas.append(board.epd(
                id=f"empate-{k:02d}",
                c0=f"{nome}: empate; lado fraco (pode perder): {COR[fraco]} ({material}), a jogar",
                c1=f"WDL 0 DTZ {tb.probe_dtz(board)}",
                c2=f"ICE-rs: {COR[fraco]}",
                c3=f"{perde} de {total} lances perdem"))
    with open(args.saida, "w", encoding="utf-8") as f:
        f.write("\n".join(linhas) + "\n")
    print(f"{len(linhas) - 4} posições em {args.saida}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
