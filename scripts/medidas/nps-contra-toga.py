#!/usr/bin/env python3
"""Nós por segundo do ICE-rs ao lado do Toga II 3.0, nas mesmas posições.

    scripts/medidas/nps-contra-toga.py [--ice target/release/ice] [--toga /usr/games/toga2]
                                       [--ms 2000] [--posicoes 12] [--rodadas 1]

Cada posição do `ice bench` (as primeiras N de `src/bench.rs`) é pensada por
um motor de cada vez (nunca os dois juntos: a máquina tem 2 núcleos), com
`go movetime MS`, uma thread e 64 MB de tabela, pelo UCI; o que conta é o
último `info … nodes N … time T` antes do `bestmove` (os nós e o tempo que o
próprio motor diz). A ordem alterna por rodada (ICE-rs, Toga; Toga, ICE-rs)
para que nenhum dos dois pegue sempre a máquina mais quente.

Imprime uma linha por posição e, no fim, a soma de nós ÷ a soma de tempo de
cada motor e a razão ICE-rs/Toga (a figura da issue 50, que vai para
docs/forca.md). Só vale com a máquina parada: pare o datagen (SIGSTOP) e os
ajudantes antes.
"""

import argparse
import os
import re
import subprocess
import sys
import time

RAIZ = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def posicoes_do_bench(n):
    """As FENs de `POSICOES_BENCH` em src/bench.rs, na ordem."""
    texto = open(os.path.join(RAIZ, "src", "bench.rs"), encoding="utf-8").read()
    bloco = texto[texto.index("pub const POSICOES_BENCH"):]
    bloco = bloco[: bloco.index("];")]
    fens = re.findall(r'"([^"]+)"', bloco)
    if len(fens) < n:
        sys.exit(f"src/bench.rs tem {len(fens)} posições, pedidas {n}")
    return fens[:n]


class Motor:
    def __init__(self, comando):
        self.p = subprocess.Popen(
            comando,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.envia("uci")
        self.espera("uciok")
        self.envia("setoption name Hash value 64")
        self.envia("setoption name Threads value 1")
        self.envia("setoption name OwnBook value false")
        self.envia("isready")
        self.espera("readyok")

    def envia(self, linha):
        self.p.stdin.write(linha + "\n")
        self.p.stdin.flush()

    def espera(self, prefixo):
        linhas = []
        while True:
            l = self.p.stdout.readline()
            if not l:
                sys.exit(f"o motor saiu esperando {prefixo!r}")
            l = l.strip()
            linhas.append(l)
            if l.startswith(prefixo):
                return linhas

    def pensa(self, fen, ms):
        self.envia("ucinewgame")
        self.envia(f"position fen {fen}")
        self.envia("isready")
        self.espera("readyok")
        self.envia(f"go movetime {ms}")
        nos = tempo = None
        for l in self.espera("bestmove"):
            m_n = re.search(r"\bnodes (\d+)", l)
            m_t = re.search(r"\btime (\d+)", l)
            if l.startswith("info") and m_n and m_t:
                nos, tempo = int(m_n.group(1)), int(m_t.group(1))
        if nos is None or not tempo:
            sys.exit(f"sem 'info … nodes … time' em {fen}")
        return nos, tempo

    def fecha(self):
        self.envia("quit")
        try:
            self.p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.p.kill()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ice", default=os.path.join(RAIZ, "target", "release", "ice"))
    ap.add_argument("--toga", default="/usr/games/toga2")
    ap.add_argument("--ms", type=int, default=2000)
    ap.add_argument("--posicoes", type=int, default=12)
    ap.add_argument("--rodadas", type=int, default=1)
    a = ap.parse_args()
    fens = posicoes_do_bench(a.posicoes)
    motores = {"ICE-rs": Motor([a.ice]), "Toga II": Motor([a.toga])}
    soma = {k: [0, 0] for k in motores}
    print(f"# {len(fens)} posições de src/bench.rs, go movetime {a.ms}, 1 thread, 64 MB, "
          f"{a.rodadas} rodada(s), {time.strftime('%Y-%m-%d %H:%M')}")
    print(f"{'pos':>4} {'ICE-rs nps':>12} {'Toga nps':>12} {'razão':>7}")
    for r in range(a.rodadas):
        ordem = list(motores) if r % 2 == 0 else list(reversed(motores))
        for i, fen in enumerate(fens):
            nps = {}
            for nome in ordem:
                nos, ms = motores[nome].pensa(fen, a.ms)
                soma[nome][0] += nos
                soma[nome][1] += ms
                nps[nome] = nos * 1000 // ms
            print(f"{i + 1:>4} {nps['ICE-rs']:>12} {nps['Toga II']:>12} "
                  f"{nps['ICE-rs'] / nps['Toga II']:>7.3f}")
    for m in motores.values():
        m.fecha()
    total = {k: v[0] * 1000 // max(v[1], 1) for k, v in soma.items()}
    print(f"total ICE-rs {total['ICE-rs']} nps, Toga II {total['Toga II']} nps, "
          f"razão {total['ICE-rs'] / total['Toga II']:.3f}")


if __name__ == "__main__":
    main()
