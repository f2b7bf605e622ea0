#!/usr/bin/env python3
"""O leitor de PGN do scripts/medidas/wdl.py (o WDL refeito com partidas de verdade, issue 61).

Cada lance comentado com o escore de quem jogou vira (material, escore, resultado) do ponto de vista
de quem jogou (o do escore que a GUI mostra); os lances de outros motores (--motor), os escores de
mate e as partidas de outro relógio (--relogio) ficam de fora; uma partida em cada K vai para a
validação. Uso:
python3 tests/python/test_wdl_pgn.py
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "medidas"))
import profundidade  # noqa: E402
import wdl  # noqa: E402

PGN = """[Event "t"]
[White "ICE-rs"]
[Black "Toga II"]
[Result "0-1"]
[TimeControl "10+0.1"]

1. e4 {+0.30/12 0.25s} e5 {-0.10/11 0.30s} 2. Nf3 {+0.25/12 0.20s} Nc6 {+0.05/10 0.1s}
3. Bc4 {+M5/20 0.1s} Bc5 {-0.20/12 0.1s} 0-1

[Event "t"]
[White "Toga II"]
[Black "ICE-rs"]
[Result "1/2-1/2"]
[TimeControl "10+0.1"]

1. d4 {+0.20/10 0.1s} d5 {-0.15/12 0.2s} 2. c4 {+0.10/10 0.1s} dxc4 {-0.40/12 0.2s} 1/2-1/2

[Event "t"]
[White "ICE-rs"]
[Black "Toga II"]
[Result "1-0"]
[TimeControl "40/60"]

1. e4 {+0.30/12 0.25s} e5 {-0.10/11 0.30s} 1-0
"""


def main():
    with tempfile.TemporaryDirectory() as d:
        arq = os.path.join(d, "t.pgn")
        open(arq, "w").write(PGN)
        # Só o ICE-rs, só 10+0.1, nada retido: 1.e4 (+30, 78 de material, derrota de quem jogou,
        # as brancas), 2.Nf3 (+25), 3.Bc4 é mate (fora); pretas na segunda: d5 −15 e dxc4 −40
        # (escores das pretas, que ficam como estão), ainda com 78 de material (a posição é a de
        # antes da captura), empate.
        treino, val, n = wdl.le_pgns([arq], motor="ICE", retem=0, relogio=r"^10\+0\.1$")
        assert n == 2, n
        assert not val, val
        esperado = {(78, 30, 0): 1, (78, 25, 0): 1, (78, -15, 1): 1, (78, -40, 1): 1}
        assert dict(treino) == esperado, dict(treino)
        # Todos os jogadores, todos os relógios, 1 partida em 2 retida: a segunda vai para a
        # validação, a terceira volta ao treino.
        treino, val, n = wdl.le_pgns([arq], retem=2)
        assert n == 3, n
        assert sum(val.values()) == 4, dict(val)
        assert sum(treino.values()) == 5 + 2, dict(treino)
        # O preto do primeiro jogo: e5 −10, do ponto de vista das pretas, que ganharam (2); o do
        # terceiro: o mesmo escore, mas as pretas perderam (0).
        assert treino[(78, -10, 2)] == 1 and treino[(78, -10, 0)] == 1, dict(treino)
        # A linha de comando: PGN sem posição nenhuma é um erro claro, não uma divisão por zero.
        vazio = os.path.join(d, "vazio.pgn")
        open(vazio, "w").write("")
        assert wdl.principal(["ajusta", vazio]) == 1
        # Arquivo que não existe e valores ruins: mensagem e código 2, sem exceção.
        assert wdl.principal(["ajusta", os.path.join(d, "nao-existe.pgn")]) == 2
        assert wdl.principal(["ajusta", "--retem", "x", arq]) == 2
        assert wdl.principal(["ajusta", "--retem", "1", arq]) == 2
        assert wdl.principal(["verifica", "--motor", "(", arq]) == 2
        # O verifica acha o src/wdl.rs de qualquer diretório; --constantes lê outro arquivo.
        cwd = os.getcwd()
        try:
            os.chdir(d)
            assert wdl.principal(["verifica", "--retem", "0", arq]) == 0
        finally:
            os.chdir(cwd)
        assert wdl.principal(["verifica", "--constantes", os.path.join(d, "nao-existe.rs"), arq]) == 2
        sem = os.path.join(d, "sem.rs")
        open(sem, "w").write("// nada\n")
        assert wdl.principal(["verifica", "--constantes", sem, arq]) == 2
        assert wdl.principal(["--help"]) == 0
        # O profundidade.py, que usa o mesmo leitor: a média por jogador nos plies pedidos, e os
        # mesmos erros claros.
        assert profundidade.principal(["--plies", "1-4", arq]) == 0
        soma = profundidade.le([arq], 1, 4)[1]
        # ICE-rs: 1.e4 /12, 2.Nf3 /12 (jogo 1), d5 /12, dxc4 /12 (jogo 2), 1.e4 /12 (jogo 3).
        assert soma["ICE-rs"][:2] == [5, 60], dict(soma)
        assert soma["Toga II"][:2] == [5, 11 + 10 + 10 + 10 + 11], dict(soma)
        assert profundidade.principal(["--plies", "x", arq]) == 2
        assert profundidade.principal([os.path.join(d, "nao-existe.pgn")]) == 2
    print("test_wdl_pgn: ok")


if __name__ == "__main__":
    main()
