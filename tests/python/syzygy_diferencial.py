#!/usr/bin/env python3
"""Teste diferencial do leitor Syzygy do ICE-rs contra o python-chess.

Sorteia posições legais de todos os finais achados em tests/data/syzygy
(os dois lados a jogar, com en passant possível quando há peões das duas
cores), pede WDL e DTZ ao `ice tb --lote` (um processo só, um FEN por linha)
e compara com `chess.syzygy`. Sai com código 1 na primeira lista de
divergências (mostra até 20).

uso: syzygy_diferencial.py [--n 20000] [--semente 1] [--ice target/release/ice]
"""
import argparse
import os
import random
import subprocess
import sys

import chess
import chess.syzygy

RAIZ = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIR_TB = os.path.join(RAIZ, "tests", "data", "syzygy")
PECAS = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP,
         "N": chess.KNIGHT, "P": chess.PAWN}


def finais():
    nomes = sorted({f[:-5] for f in os.listdir(DIR_TB) if f.endswith(".rtbw")})
    return nomes


def sorteia(nome, rnd):
    """Uma posição legal com o material de `nome` (cores ao acaso), ou None."""
    a, b = nome.split("v")
    if rnd.random() < 0.5:
        a, b = b, a
    board = chess.Board(None)
    livres = list(chess.SQUARES)
    rnd.shuffle(livres)
    board.turn = rnd.random() < 0.5
    # Com peões dos dois lados, metade das vezes o par do en passant entra
    # primeiro: um peão de quem não joga na 4ª fileira dele e um do outro lado.
    if "P" in a and "P" in b and rnd.random() < 0.5:
        quem = not board.turn
        fil = 3 if quem == chess.WHITE else 4
        col = rnd.randrange(8)
        viz = col + rnd.choice([-1, 1]) if 0 < col < 7 else (1 if col == 0 else 6)
        for sq, cor in ((chess.square(col, fil), quem), (chess.square(viz, fil), not quem)):
            board.set_piece_at(sq, chess.Piece(chess.PAWN, cor))
            livres.remove(sq)
        for sq in (chess.square(col, fil - 1 if quem else fil + 1),
                   chess.square(col, fil - 2 if quem else fil + 2)):
            livres.remove(sq)  # as casas de trás ficam vazias
        a, b = a.replace("P", "", 1), b.replace("P", "", 1)
    for cor, parte in ((chess.WHITE, a), (chess.BLACK, b)):
        for letra in parte:
            tipo = PECAS[letra]
            for i, sq in enumerate(livres):
                if tipo == chess.PAWN and chess.square_rank(sq) in (0, 7):
                    continue
                board.set_piece_at(sq, chess.Piece(tipo, cor))
                livres.pop(i)
                break
    board.castling_rights = 0
    # En passant: se quem não joga tem um peão na 4ª fileira dele com as duas
    # casas de trás vazias e um peão adversário ao lado, ele acabou de andar
    # duas casas (o python-chess confere se o en passant é legal).
    quem = not board.turn
    fil = 3 if quem == chess.WHITE else 4
    passo = -8 if quem == chess.WHITE else 8
    for sq in board.pieces(chess.PAWN, quem):
        atras, origem = sq + passo, sq + 2 * passo
        if chess.square_rank(sq) != fil or board.piece_at(atras) or board.piece_at(origem):
            continue
        vizinhos = [s for s in (sq - 1, sq + 1)
                    if 0 <= s < 64 and chess.square_rank(s) == fil
                    and board.piece_at(s) == chess.Piece(chess.PAWN, not quem)]
        if vizinhos:
            board.ep_square = atras
            break
    if not board.is_valid():
        return None
    return board


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=20000)
    ap.add_argument("--semente", type=int, default=1)
    ap.add_argument("--ice", default=os.path.join(RAIZ, "target", "release", "ice"))
    args = ap.parse_args()
    rnd = random.Random(args.semente)
    nomes = finais()
    tb = chess.syzygy.open_tablebase(DIR_TB)
    posicoes, esperado = [], []
    com_ep = 0
    while len(posicoes) < args.n:
        nome = nomes[len(posicoes) % len(nomes)]
        board = sorteia(nome, rnd)
        if board is None:
            continue
        if board.has_legal_en_passant():
            com_ep += 1
        posicoes.append(board.fen())
        esperado.append((tb.probe_wdl(board), tb.probe_dtz(board)))
    entrada = "".join(f + "\n" for f in posicoes)
    r = subprocess.run([args.ice, "--syzygy", DIR_TB, "tb", "--lote"], input=entrada,
                       capture_output=True, text=True, check=True)
    linhas = r.stdout.splitlines()
    if len(linhas) != len(posicoes):
        print(f"o ice respondeu {len(linhas)} linhas para {len(posicoes)} FENs")
        print(r.stderr[-2000:])
        return 1
    erros = []
    for fen, (w, d), l in zip(posicoes, esperado, linhas):
        if l != f"{w} {d}":
            erros.append(f"{fen}: python-chess {w} {d}, ice {l}")
    print(f"{len(posicoes)} posições de {len(nomes)} finais ({com_ep} com en passant legal): "
          f"{len(posicoes) - len(erros)} iguais, {len(erros)} diferentes")
    for e in erros[:20]:
        print("  " + e)
    return 1 if erros else 0


if __name__ == "__main__":
    sys.exit(main())
