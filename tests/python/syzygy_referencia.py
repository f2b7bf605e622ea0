#!/usr/bin/env python3
"""Gera tests/data/syzygy_esperado.txt: WDL e DTZ (python-chess) de posições
de cada final de tests/data/syzygy, que tests/syzygy.rs confere no ICE-rs.

Linhas `FEN;wdl;dtz`. Para cada final, N posições sorteadas (semente fixa,
os dois lados a jogar, en passant quando há peões dos dois lados; ver
syzygy_diferencial.py). No fim, uma linha `# kpvk-mais-longa FEN;wdl;dtz`: a
vitória de KPvK com as brancas a jogar de maior DTZ (todas as posições
legais são percorridas).

uso: python3 tests/python/syzygy_referencia.py [--n 12]
"""
import argparse
import os
import random
import sys

import chess
import chess.syzygy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from syzygy_diferencial import DIR_TB, RAIZ, finais, sorteia  # noqa: E402


def kpvk_mais_longa(tb):
    """A posição de KPvK (brancas com o peão e a jogar) de maior DTZ."""
    melhor = None
    for p in chess.SQUARES:
        if chess.square_rank(p) in (0, 7):
            continue
        for kb in chess.SQUARES:
            for kp in chess.SQUARES:
                if len({p, kb, kp}) < 3:
                    continue
                board = chess.Board(None)
                board.set_piece_at(kb, chess.Piece(chess.KING, chess.WHITE))
                board.set_piece_at(kp, chess.Piece(chess.KING, chess.BLACK))
                board.set_piece_at(p, chess.Piece(chess.PAWN, chess.WHITE))
                board.turn = chess.WHITE
                if not board.is_valid():
                    continue
                d = tb.probe_dtz(board)
                if melhor is None or d > melhor[1]:
                    melhor = (board.fen(), d)
    return melhor


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=12)
    ap.add_argument("--semente", type=int, default=2026)
    args = ap.parse_args()
    rnd = random.Random(args.semente)
    tb = chess.syzygy.open_tablebase(DIR_TB)
    linhas = ["# FEN;wdl;dtz do python-chess " + chess.__version__ +
              " (tests/python/syzygy_referencia.py)"]
    for nome in finais():
        feitas = 0
        while feitas < args.n:
            board = sorteia(nome, rnd)
            if board is None:
                continue
            linhas.append(f"{board.fen()};{tb.probe_wdl(board)};{tb.probe_dtz(board)}")
            feitas += 1
    fen, d = kpvk_mais_longa(tb)
    board = chess.Board(fen)
    linhas.append(f"# kpvk-mais-longa {fen};{tb.probe_wdl(board)};{d}")
    saida = os.path.join(RAIZ, "tests", "data", "syzygy_esperado.txt")
    with open(saida, "w") as f:
        f.write("\n".join(linhas) + "\n")
    print(f"{len(linhas) - 2} posições em {saida}; KPvK mais longa: {fen} (DTZ {d})")


if __name__ == "__main__":
    main()
