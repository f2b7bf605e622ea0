#!/usr/bin/env python3
"""profundidade.py - a profundidade média de cada motor, a tempo igual, lida dos PGNs de partidas.

Uso: scripts/medidas/profundidade.py [--plies 10-80] PARTIDAS.pgn...

Por que: a força que falta ao ICE-rs diante dos melhores motores escritos à mão tem forma (issue
60): no mesmo tempo por lance eles veem ~3 plies mais fundo. Cada mudança da busca que promete
"mais fundo no mesmo tempo" se confere aqui, antes e depois, nas partidas do gauntlet.sh (as do
match.py e as do fastchess comentam cada lance com `{escore/profundidade tempo}`). Só os plies do
intervalo contam (padrão 10 a 80: fora da abertura, que o livro ou a linha inicial decidem, e
antes dos finais, onde a profundidade dispara e puxaria a média), e só os lances com comentário de
busca (nem livro nem mate sem profundidade).

Imprime, por jogador (o nome do PGN): lances, profundidade média e tempo médio por lance (s); a
comparação só vale entre jogadores que gastaram tempos parecidos (o mesmo relógio).
"""
import sys
from collections import defaultdict

# O mesmo leitor de PGN (e a mesma conferência dos arquivos) do ajuste do WDL.
from wdl import COMENTARIO_BUSCA, faltam_arquivos, partidas_pgn


def le(arquivos, ini, fim):
    soma = defaultdict(lambda: [0, 0, 0.0])  # nome -> [lances, soma das profundidades, soma dos tempos]
    partidas = 0
    for jogo in partidas_pgn(arquivos):
        partidas += 1
        nomes = {True: jogo.headers.get("White", "?"), False: jogo.headers.get("Black", "?")}
        vez = jogo.board().turn
        for ply, no in enumerate(jogo.mainline(), start=1):
            m = COMENTARIO_BUSCA.match(no.comment)
            if m and m.group(5) and ini <= ply <= fim:
                s = soma[nomes[vez]]
                s[0] += 1
                s[1] += int(m.group(4))
                s[2] += float(m.group(5))
            vez = not vez
    return partidas, soma


def principal(args):
    ini, fim = 10, 80
    if args and args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if args and args[0] == "--plies":
        try:
            ini, fim = (int(x) for x in args[1].split("-"))
        except (IndexError, ValueError):
            print("profundidade.py: --plies pede um intervalo INI-FIM, ex.: --plies 10-80", file=sys.stderr)
            return 2
        args = args[2:]
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    if faltam_arquivos("profundidade.py", args):
        return 2
    partidas, soma = le(args, ini, fim)
    print(f"{partidas} partidas, plies {ini}-{fim}")
    print(f"{'jogador':24s} {'lances':>8s} {'prof. média':>12s} {'tempo médio':>12s}")
    for nome, (n, p, t) in sorted(soma.items(), key=lambda x: -x[1][0]):
        print(f"{nome:24s} {n:8d} {p / n:12.2f} {t / n:11.3f}s")
    return 0


if __name__ == "__main__":
    sys.exit(principal(sys.argv[1:]))
