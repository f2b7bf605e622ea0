#!/usr/bin/env python3
"""O leitor de PGN do scripts/medidas/wdl.py (o WDL refeito com partidas de verdade, issue 61).

Cada lance comentado com o escore de quem jogou vira (material, contador da regra dos 50, escore,
resultado) do ponto de vista de quem jogou (o do escore que a GUI mostra); os lances de outros
motores (--motor), os escores de mate e as partidas de outro relógio (--relogio) ficam de fora; uma
partida em cada K vai para a validação. Com o motor compilado, o `wdl` que ele mostra confere com o
do wdl.py. Uso:
python3 tests/python/test_wdl_pgn.py
"""
import math
import os
import subprocess
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


# Posições de materiais e contadores diferentes: a abertura do docs/wdl.md, a mesma parada há 30
# lances, um final de torres com o contador em 37 e um de peão logo depois de um lance de peão.
FENS_MOTOR = [
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 60 34",
    "8/5k2/8/3R4/1p6/2r5/5K2/8 w - - 37 80",
    "8/8/4k3/8/2P5/8/4K3/8 b - - 0 60",
]


def confere_motor(ice):
    """O `wdl` que o motor mostra é o do modelo do wdl.py com as constantes do src/wdl.rs: o mesmo
    material, o mesmo contador (o do FEN) e o escore da linha dão os mesmos milésimos (±1, do
    arredondamento)."""
    p, q = wdl.coeficientes_do_rust(wdl.RUST_WDL)
    motor = subprocess.Popen([ice], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             stderr=subprocess.DEVNULL)

    def envia(linha):
        motor.stdin.write(linha + "\n")
        motor.stdin.flush()

    def ate(prefixo):
        linhas = []
        while True:
            linha = motor.stdout.readline()
            assert linha, "o motor fechou a saída"
            linhas.append(linha.strip())
            if linha.startswith(prefixo):
                return linhas

    envia("uci")
    ate("uciok")
    envia("setoption name UCI_ShowWDL value true")
    conferidas = 0
    for fen in FENS_MOTOR:
        mat = min(max(wdl.material(fen), wdl.MATERIAL_MIN), wdl.MATERIAL_MAX)
        h = wdl.meio_lances_fen(fen)
        envia("position fen " + fen)
        envia("go depth 6")
        for linha in ate("bestmove"):
            t = linha.split()
            if "wdl" not in t or t[t.index("score") + 1] != "cp":
                continue
            v = int(t[t.index("score") + 2])
            i = t.index("wdl")
            w, d, l = (int(x) for x in t[i + 1:i + 4])
            pw, pd, pl = wdl.probs(p, q, mat, h, v)
            assert abs(w - round(1000 * pw)) <= 1 and abs(l - round(1000 * pl)) <= 1, (fen, linha, pw, pd, pl)
            conferidas += 1
    envia("quit")
    motor.wait(timeout=10)
    assert conferidas >= 4 * 6, conferidas
    return conferidas


def main():
    with tempfile.TemporaryDirectory() as d:
        arq = os.path.join(d, "t.pgn")
        open(arq, "w").write(PGN)
        # Só o ICE-rs, só 10+0.1, nada retido: 1.e4 (+30, 78 de material, derrota de quem jogou,
        # as brancas), 2.Nf3 (+25), 3.Bc4 é mate (fora); pretas na segunda: d5 −15 e dxc4 −40
        # (escores das pretas, que ficam como estão), ainda com 78 de material (a posição é a de
        # antes da captura), empate. Todas logo depois de um lance de peão: contador 0.
        treino, val, n = wdl.le_pgns([arq], motor="ICE", retem=0, relogio=r"^10\+0\.1$")
        assert n == 2, n
        assert not val, val
        esperado = {(78, 0, 30, 0): 1, (78, 0, 25, 0): 1, (78, 0, -15, 1): 1, (78, 0, -40, 1): 1}
        assert dict(treino) == esperado, dict(treino)
        # Todos os jogadores, todos os relógios, 1 partida em 2 retida: a segunda vai para a
        # validação, a terceira volta ao treino.
        treino, val, n = wdl.le_pgns([arq], retem=2)
        assert n == 3, n
        assert sum(val.values()) == 4, dict(val)
        assert sum(treino.values()) == 5 + 2, dict(treino)
        # O preto do primeiro jogo: e5 −10, do ponto de vista das pretas, que ganharam (2); o do
        # terceiro: o mesmo escore, mas as pretas perderam (0).
        assert treino[(78, 0, -10, 2)] == 1 and treino[(78, 0, -10, 0)] == 1, dict(treino)
        # As pretas do primeiro jogo depois de 2.Nf3 (um meio-lance sem peão nem captura) e de
        # 3.Bc4 (três): Nc6 +5 e Bc5 −20, e as pretas ganharam.
        assert treino[(78, 1, 5, 2)] == 1 and treino[(78, 3, -20, 2)] == 1, dict(treino)
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
        # O --grava troca as constantes de um wdl.rs e o verifica as lê de volta, iguais (com os
        # termos da regra dos 50: os três primeiros com a, b e e, o último com z; e a mistura). O
        # src/wdl.rs não tem mais o piso constante: um ajuste com piso ≠ 0 não cabe nele.
        rs = os.path.join(d, "wdl.rs")
        open(rs, "w").write(open(wdl.RUST_WDL, encoding="utf-8").read())
        p = [-1.5, 2.25, -3.125, 300.0, -4.5, 5.25, -6.125, 70.0, 0.0, 80.5, 9.25, 0.1875, 0.03125, 6.5]
        q = [-7.5, 8.25, -9.125, 10.0, 1.75]
        wdl.grava_no_rust(rs, p, q)
        assert wdl.coeficientes_do_rust(rs) == (p, q), wdl.coeficientes_do_rust(rs)
        try:
            wdl.grava_no_rust(rs, p[:8] + [0.0125] + p[9:], q)
            assert False, "gravou um piso constante num wdl.rs sem WDL_E"
        except ValueError:
            pass
        # Constantes antigas (sem a mistura nem a regra dos 50, com o piso constante) ainda se leem:
        # w = 0 é a logística só do Stockfish.
        antigo = os.path.join(d, "antigo.rs")
        open(antigo, "w").write("pub const WDL_A: [f64; 4] = [1.0, 2.0, 3.0, 90.0];\n"
                                "pub const WDL_B: [f64; 4] = [0.0, 0.0, 0.0, 60.0];\n"
                                "pub const WDL_E: f64 = 0.01;\n")
        pa, qa = wdl.coeficientes_do_rust(antigo)
        assert pa == [1.0, 2.0, 3.0, 90.0, 0.0, 0.0, 0.0, 60.0, 0.01, 0.0, 0.0, 0.0, 0.0, 2.0] and qa is None
        v, _, l = wdl.probs(pa, None, 58, 0, 30)
        assert abs(v - 0.99 / (1 + math.exp((96.0 - 30) / 60))) < 1e-12, v
        assert abs(l - 0.99 / (1 + math.exp((96.0 + 30) / 60))) < 1e-12, l
        # A mistura, com o mesmo a e b: abaixo de a a logística larga dá vitórias, acima de a tira; e
        # derrotas, com o escore positivo, ela sempre dá (a cauda é mais grossa).
        so = p[:12] + [0.0, 6.5]
        mi = p[:12] + [0.2, 6.5]
        a0 = wdl.coef_ab(p, 40 / wdl.MATERIAL_ANCORA)[0]
        assert wdl.probs(mi, q, 40, 0, int(a0) - 40)[0] > wdl.probs(so, q, 40, 0, int(a0) - 40)[0]
        assert wdl.probs(mi, q, 40, 0, int(a0) + 40)[0] < wdl.probs(so, q, 40, 0, int(a0) + 40)[0]
        assert wdl.probs(mi, q, 40, 0, 150)[2] > wdl.probs(so, q, 40, 0, 150)[2]
        # O gradiente da perda confere com diferenças finitas em todos os 14 coeficientes.
        dados = {(40, 10, 50, 2): 3, (40, 10, 50, 1): 5, (40, 10, -80, 0): 2, (60, 0, 120, 2): 4,
                 (60, 0, -30, 1): 6, (25, 60, 200, 1): 2, (25, 60, 300, 2): 1}
        pg = p[:8] + [0.01] + p[9:]
        f0, g0 = wdl.perda(pg, dados)
        for i in range(14):
            passo = 1e-6 * max(1.0, abs(pg[i]))
            mais = pg[:i] + [pg[i] + passo] + pg[i + 1:]
            menos = pg[:i] + [pg[i] - passo] + pg[i + 1:]
            dif = (wdl.perda(mais, dados, False)[0] - wdl.perda(menos, dados, False)[0]) / (2 * passo)
            assert abs(dif - g0[i]) <= 1e-5 * max(1.0, abs(dif)), (i, dif, g0[i])
        assert wdl.principal(["ajusta", "--grava", os.path.join(d, "nao-existe.rs"), arq]) == 2
        # O modelo: o contador alto empata mais com o mesmo escore (he > 0).
        v1, e1, _ = wdl.probs(p, q, 40, 0, 150)
        v2, e2, _ = wdl.probs(p, q, 40, 60, 150)
        assert e2 > e1 and v2 < v1, (v1, e1, v2, e2)
        # O profundidade.py, que usa o mesmo leitor: a média por jogador nos plies pedidos, e os
        # mesmos erros claros.
        assert profundidade.principal(["--plies", "1-4", arq]) == 0
        soma = profundidade.le([arq], 1, 4)[1]
        # ICE-rs: 1.e4 /12, 2.Nf3 /12 (jogo 1), d5 /12, dxc4 /12 (jogo 2), 1.e4 /12 (jogo 3).
        assert soma["ICE-rs"][:2] == [5, 60], dict(soma)
        assert soma["Toga II"][:2] == [5, 11 + 10 + 10 + 10 + 11], dict(soma)
        assert profundidade.principal(["--plies", "x", arq]) == 2
        assert profundidade.principal([os.path.join(d, "nao-existe.pgn")]) == 2
    # O motor, se já compilado (o .ci/run compila antes): o mesmo modelo dos dois lados.
    ice = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "target", "release", "ice")
    if os.path.isfile(ice):
        print(f"test_wdl_pgn: o wdl do motor confere com o do wdl.py em {confere_motor(ice)} linhas")
    else:
        print("test_wdl_pgn: sem target/release/ice, a conferência com o motor ficou de fora")
    print("test_wdl_pgn: ok")


if __name__ == "__main__":
    main()
