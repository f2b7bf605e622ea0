#!/usr/bin/env python3
"""Teste diferencial do gerador de lances contra o python-chess (xadrez comum e Chess960).

Uso:
    python3 tests/python/diferencial_960.py [--posicoes N] [--semente S] [--ice CAMINHO]
    python3 tests/python/diferencial_960.py --posicoes 1000000 target/release/ice

Joga partidas aleatórias com semente fixa (metade no xadrez comum a partir da posição inicial,
metade no Chess960 a partir de uma das 960 posições sorteada), e em cada posição compara o que o
ICE-rs diz (`ice lote`: um processo só lê todos os FENs da entrada) com o python-chess 1.11.2:
  * os lances legais (em coordenadas; no 960 o roque é "rei toma a torre", `e1h1`);
  * o estado: mate, afogamento, xeque ou nada;
  * o FEN de ida e volta: o motor lê o FEN do python-chess (com a casa de en passant sempre
    escrita depois de um avanço duplo e, em metade das posições do 960, os roques em
    Shredder-FEN `HAha`) e o escreve de volta; tem de dar o X-FEN do python-chess com o en
    passant só quando um peão pode capturar (en_passant="xfen").
Sai com código 1 e lista as primeiras diferenças (FEN, o que cada um disse) se houver alguma;
cada diferença achada vira uma linha de perft fixa em tests/data/.
"""

import argparse
import multiprocessing
import queue
import random
import subprocess
import sys
import threading
import time

import chess

PLIES_MAX = 160  # teto de uma partida aleatória (as mais longas acabam pelos 50 lances)
MAX_DIFERENCAS = 10


def esperado(b: chess.Board, legais) -> tuple:
    """O que o motor deve responder nesta posição: (FEN, estado, lances ordenados)."""
    # O python-chess já gera o roque do tabuleiro chess960=True como "rei toma a torre" e o do
    # comum como e1g1: `m.uci()` é o que `b.uci(m)` daria, sem o custo da conversão.
    lances = sorted(m.uci() for m in legais)
    if not legais:
        est = "mate" if b.is_check() else "afogado"
    else:
        est = "xeque" if b.is_check() else "-"
    return est, lances


def fen_com(b: chess.Board, disposicao: str, roques: str, ep) -> str:
    """O FEN montado a partir de partes já calculadas (calcular a disposição uma vez só é boa
    parte da velocidade do teste)."""
    lado = "w" if b.turn == chess.WHITE else "b"
    casa_ep = chess.SQUARE_NAMES[ep] if ep is not None else "-"
    return f"{disposicao} {lado} {roques} {casa_ep} {b.halfmove_clock} {b.fullmove_number}"


def posicoes(n: int, semente: int):
    """Gera (linha para o motor, esperado) de partidas aleatórias até juntar `n` posições."""
    rng = random.Random(semente)
    feitas = 0
    partida = 0
    while feitas < n:
        chess960 = partida % 2 == 1
        partida += 1
        if chess960:
            b = chess.Board.from_chess960_pos(rng.randrange(960))
        else:
            b = chess.Board()
        for _ in range(PLIES_MAX):
            disposicao = b.board_fen()
            xfen = b.castling_xfen() or "-"
            if chess960 and rng.random() < 0.5:
                roques = b.castling_shredder_fen() or "-"
            else:
                roques = xfen
            # Para o motor, a casa de en passant sempre (como en_passant="fen"); de volta, só
            # quando um peão pode capturar (en_passant="xfen").
            ep_volta = b.ep_square if b.has_pseudo_legal_en_passant() else None
            linha = ("960 " if chess960 else "") + fen_com(b, disposicao, roques, b.ep_square)
            legais = list(b.legal_moves)
            est, lances = esperado(b, legais)
            yield linha, (fen_com(b, disposicao, xfen, ep_volta), est, lances)
            feitas += 1
            if feitas >= n or not legais or b.is_insufficient_material() or b.halfmove_clock >= 100:
                break
            b.push(rng.choice(legais))


def confere(ice: str, n_posicoes: int, semente: int):
    """Um processo do motor para `n_posicoes` posições da semente dada: devolve (posições
    conferidas, contagem dos estados, diferenças)."""
    motor = subprocess.Popen(
        [ice, "lote"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1 << 20,
    )
    # Quem escreve gera as posições e guarda o esperado numa fila; quem lê compara na mesma
    # ordem. Assim o motor nunca espera o Python nem o contrário (sem impasse de pipes).
    fila: "queue.Queue" = queue.Queue(maxsize=100_000)

    def escreve():
        try:
            for linha, exp in posicoes(n_posicoes, semente):
                fila.put((linha, exp))
                motor.stdin.write(linha + "\n")
        except BrokenPipeError:
            pass
        finally:
            try:
                motor.stdin.close()
            except BrokenPipeError:
                pass
            fila.put(None)

    threading.Thread(target=escreve, daemon=True).start()
    diferencas = []
    n = 0
    contagem = {"mate": 0, "afogado": 0, "xeque": 0, "-": 0}
    while True:
        item = fila.get()
        if item is None:
            break
        linha, (fen_exp, estado_exp, lances_exp) = item
        resposta = motor.stdout.readline().rstrip("\n")
        n += 1
        partes = [p.strip() for p in resposta.split("|")]
        if len(partes) != 3:
            diferencas.append((linha, f"resposta malformada: {resposta!r}"))
        else:
            fen, est, lances = partes[0], partes[1], sorted(partes[2].split())
            contagem[estado_exp] += 1
            if fen != fen_exp:
                diferencas.append((linha, f"FEN {fen!r} != {fen_exp!r}"))
            if est != estado_exp:
                diferencas.append((linha, f"estado {est} != {estado_exp}"))
            if lances != lances_exp:
                so_ice = sorted(set(lances) - set(lances_exp))
                so_py = sorted(set(lances_exp) - set(lances))
                diferencas.append((linha, f"lances: só o ICE {so_ice}, só o python-chess {so_py}"))
        if len(diferencas) >= MAX_DIFERENCAS:
            break
    motor.kill()
    motor.wait()
    return n, contagem, diferencas


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--posicoes", type=int, default=1_000_000)
    ap.add_argument("--semente", type=int, default=960)
    ap.add_argument("--processos", type=int, default=2, help="processos em paralelo (cada um com o seu motor)")
    ap.add_argument("ice", nargs="?", default="target/release/ice")
    a = ap.parse_args()

    inicio = time.time()
    p = max(1, a.processos)
    # Cada processo joga as suas partidas (semente própria) com o seu motor.
    tarefas = [(a.ice, a.posicoes // p + (i < a.posicoes % p), a.semente * 1000 + i) for i in range(p)]
    with multiprocessing.Pool(p) as pool:
        resultados = pool.starmap(confere, tarefas)
    n = sum(r[0] for r in resultados)
    contagem = {k: sum(r[1][k] for r in resultados) for k in ("mate", "afogado", "xeque")}
    diferencas = [d for r in resultados for d in r[2]]
    dur = time.time() - inicio
    print(
        f"{n} posições em {dur:.0f} s ({n / max(dur, 1e-9):.0f}/s, {p} processos): "
        f"{contagem['mate']} mates, {contagem['afogado']} afogamentos, {contagem['xeque']} xeques"
    )
    for linha, d in diferencas:
        print(f"DIFERENÇA em {linha}: {d}")
    if diferencas:
        return 1
    if n < a.posicoes:
        print(f"o motor respondeu só {n} de {a.posicoes} posições")
        return 1
    print("ok: o ICE-rs concorda com o python-chess em todas")
    return 0


if __name__ == "__main__":
    sys.exit(main())
