#!/usr/bin/env python3
"""ponte-setboard.py COMANDO [ARGS...]: um motor xboard sem `setboard` visto como um que o tem.

O chess.engine.popen_xboard do python-chess exige `feature setboard=1` e monta toda posição
inicial com `setboard FEN`; o Fairy-Max do Debian (5.0b) declara `setboard=0` e só aceita o modo
`edit` do CECP. Esta ponte fica entre os dois: repassa as linhas nos dois sentidos, troca o
`setboard=0` das features do motor por `setboard=1` e, só nesse caso, traduz cada `setboard FEN`
para o `edit` (o mesmo que scripts/medidas/match.py faz):
    [a2a3]  # (pretas a jogar) um lance qualquer, em force, passa a vez às pretas
    edit  #  Ke1 Qd1 ...  c  ke8 ...  .
O python-chess só manda `setboard` logo depois de `new`+`force`, na posição inicial, onde a2a3 é
legal. O `edit` não diz nada de roque nem de en passant: as posições têm de não precisar disso
(tests/data/syzygy-finais.epd não tem rei na casa inicial com torre num canto). Um motor que já
tem setboard=1 passa sem mudança nenhuma.

Se o processo da ponte morre (o python-chess mata com SIGKILL quem não sai no `quit`), o motor
recebe SIGKILL também (PR_SET_PDEATHSIG, no Linux). Com PONTE_DEBUG=1 no ambiente, cada linha
mandada ao motor sai também na saída de erros ("ponte> …").
"""
import os
import signal
import subprocess
import sys
import threading

import chess


def morre_com_o_pai():
    """No filho: SIGKILL quando a ponte morrer (Linux; em outro sistema não faz nada)."""
    try:
        import ctypes
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except Exception:
        pass


def traduz_setboard(fen):
    """As linhas do modo `edit` que montam o FEN (roque e en passant ficam de fora)."""
    board = chess.Board(fen)
    linhas = []
    if board.turn == chess.BLACK:
        linhas.append("a2a3")
    linhas += ["edit", "#"]
    for cor in (chess.WHITE, chess.BLACK):
        if cor == chess.BLACK:
            linhas.append("c")
        for sq, peca in sorted(board.piece_map().items()):
            if peca.color == cor:
                linhas.append(peca.symbol().upper() + chess.square_name(sq))
    linhas.append(".")
    return linhas


def main(argv):
    if not argv:
        sys.stderr.write("uso: ponte-setboard.py COMANDO [ARGS...]\n")
        return 2
    motor = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             bufsize=1, preexec_fn=morre_com_o_pai)
    traduz = threading.Event()

    def do_motor():
        for linha in motor.stdout:
            if linha.startswith("feature ") and "setboard=0" in linha:
                traduz.set()
                linha = linha.replace("setboard=0", "setboard=1")
            sys.stdout.write(linha)
            sys.stdout.flush()
        # O motor fechou a saída (saiu depois do `quit`): a ponte sai com o código dele, sem
        # esperar a entrada, que o python-chess mantém aberta.
        sys.stdout.flush()
        os._exit(motor.wait())

    leitor = threading.Thread(target=do_motor, daemon=True)
    leitor.start()
    try:
        for linha in sys.stdin:
            if traduz.is_set() and linha.startswith("setboard "):
                try:
                    saida = traduz_setboard(linha[len("setboard "):].strip())
                except ValueError:
                    saida = [linha.rstrip("\n")]   # FEN ruim: o motor que reclame
            else:
                saida = [linha.rstrip("\n")]
            for s in saida:
                if os.environ.get("PONTE_DEBUG"):
                    sys.stderr.write(f"ponte> {s}\n")
                motor.stdin.write(s + "\n")
            motor.stdin.flush()
    except (BrokenPipeError, OSError):
        pass
    try:
        motor.stdin.close()
    except OSError:
        pass
    leitor.join(5)
    try:
        return motor.wait(5)
    except subprocess.TimeoutExpired:
        motor.kill()
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
