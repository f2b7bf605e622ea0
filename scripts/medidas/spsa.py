#!/usr/bin/env python3
"""spsa.py - afina os números da busca do ICE-rs por SPSA (perturbação simultânea).

Uso (a build de afinação mostra os números como opções UCI; veja src/parametros.rs):

    cargo build --release --features afinacao --target-dir target/afinacao
    python3 scripts/medidas/spsa.py --motor target/afinacao/release/ice \\
        --iteracoes 200 --pares 2 --nodes 20000 --estado target/spsa/estado.json

Por que SPSA: são vinte números que interagem (margens de poda, a tabela do LMR, limites de
profundidade). Ajustá-los um por vez, um SPRT por número, custa milhares de partidas cada e não vê
as interações. O SPSA (Spall, 1992; o do fishtest e do OpenBench) perturba todos de uma vez, cada
um em ±c na direção de uma moeda, joga θ+ contra θ− e anda cada número na direção que ganhou:
um par de partidas por passo já estima o gradiente de todos.

A cada iteração k (a numeração e as fórmulas são as do fishtest, para os passos terem o sentido
que a comunidade conhece):
    c_k = c / (k + 1)^γ           a perturbação (c_end = o `passo` de cada número no fim)
    a_k = a / (A + k + 1)^α       o passo do ajuste (r_k = a_k / c_k², r_end = 0.002)
    δ ∈ {−1, +1}^p                uma moeda por número
    θ+ = θ + c_k·δ, θ− = θ − c_k·δ (arredondados e presos aos limites ao jogar)
    θ ← θ + r_k · c_k · (V − D de θ+) · δ
com α = 0.602, γ = 0.101 e A = 10 % das iterações. As partidas saem de pares de aberturas
desequilibradas (UHO) com as cores trocadas, pelo scripts/medidas/match.py, a nós fixos (o
resultado não depende da carga da máquina) ou num relógio curto (--tc, para os números do relógio).

O estado (θ real, k, partidas) fica num JSON depois de cada iteração: parar e rodar de novo com o
mesmo --estado continua de onde parou. No fim, a tabela dos valores (padrão → afinado) e as linhas
`setoption` para conferir; os valores só entram no src/parametros.rs depois de um SPRT contra o
main com relógio (scripts/medidas/sprt.sh).
"""

import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile
import time

RAIZ = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ABERTURAS_UHO = os.path.join(RAIZ, "tests", "data", "UHO_4060_v2-sample20000.epd")
MATCH = os.path.join(RAIZ, "scripts", "medidas", "match.py")


def le_parametros(motor):
    """Os números que a build de afinação anuncia no `uci`: nome → (padrão, min, max)."""
    saida = subprocess.run([motor], input="uci\nquit\n", capture_output=True, text=True, timeout=30).stdout
    todos = {}
    for linha in saida.splitlines():
        m = re.match(r"option name (\S+) type spin default (-?\d+) min (-?\d+) max (-?\d+)$", linha)
        if m:
            todos[m.group(1)] = tuple(int(x) for x in m.groups()[1:])
    return todos


def passos_do_codigo():
    """O passo c_end de cada número, lido da tabela de src/parametros.rs (a mesma fonte da build)."""
    texto = open(os.path.join(RAIZ, "src", "parametros.rs"), encoding="utf-8").read()
    return {m.group(1): int(m.group(2)) for m in re.finditer(
        r'nome:\s*"(\w+)",\s*padrao:\s*-?\d+,\s*min:\s*-?\d+,\s*max:\s*-?\d+,\s*passo:\s*(\d+)', texto)}


def lanca(motor, mais, menos, args, semente):
    """Começa args.pares pares, θ+ (primeiro) contra θ−, num match.py à parte; `resultado` lê o placar."""
    comum = ["proto=uci", f"option.Hash={args.hash}", "option.Threads=1"]
    opcoes_mais = [f"option.{n}={v}" for n, v in mais.items()]
    opcoes_menos = [f"option.{n}={v}" for n, v in menos.items()]
    cmd = [sys.executable, MATCH,
           "--engine", "name=mais", f"cmd={motor}", *comum, *opcoes_mais,
           "--engine", "name=menos", f"cmd={motor}", *comum, *opcoes_menos,
           "--games", str(2 * args.pares), "--concurrency", str(args.concorrencia),
           "--openings", args.aberturas, "--order", "random", "--seed", str(semente)]
    cmd += ["--nodes", str(args.nodes)] if args.nodes else ["--tc", args.tc]
    # A saída vai para arquivos, não para um pipe: com várias iterações ao mesmo tempo ninguém lê
    # o pipe antes do fim, e um pipe cheio pararia o match.py.
    saida, erros = tempfile.TemporaryFile("w+"), tempfile.TemporaryFile("w+")
    return subprocess.Popen(cmd, stdout=saida, stderr=erros, text=True), saida, erros


def resultado(saida, erros):
    """(V, E, D, faltas) de θ+ no match.py que terminou; fecha os arquivos dele."""
    with saida, erros:
        saida.seek(0)
        erros.seek(0)
        texto, texto_erros = saida.read(), erros.read()
    m = re.search(r": (\d+) games, W/D/L = (\d+)/(\d+)/(\d+)", texto)
    if not m:
        raise RuntimeError(f"match.py não terminou partidas:\n{texto[-2000:]}\n{texto_erros[-2000:]}")
    faltas = re.findall(r"^\s+(mais|menos)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)$", texto, re.M)
    n_faltas = sum(int(x) for f in faltas for x in f[1:])
    return int(m.group(2)), int(m.group(3)), int(m.group(4)), n_faltas


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--motor", required=True, help="a build de afinação (cargo build --features afinacao)")
    ap.add_argument("--parametros", help="nomes separados por vírgula (padrão: todos os que o motor anuncia)")
    ap.add_argument("--iteracoes", type=int, default=200, help="N, o total planejado (entra no a e no c)")
    ap.add_argument("--ate", type=int, help="para depois desta iteração (o estado continua depois)")
    ap.add_argument("--segundos", type=float,
                    help="não começa uma iteração que, pela duração da anterior, passaria deste tempo")
    ap.add_argument("--pares", type=int, default=1, help="pares de partidas por iteração (padrão 1)")
    ap.add_argument("--concorrencia", type=int, default=2, help="partidas ao mesmo tempo em cada iteração")
    ap.add_argument("--paralelas", type=int, default=1,
                    help="iterações jogadas ao mesmo tempo (padrão 1): SPSA assíncrono, como o do fishtest")
    ap.add_argument("--nodes", type=int, help="nós por lance (padrão 20000 se não houver --tc)")
    ap.add_argument("--tc", help="relógio, ex. 2+0.02 (para os números do relógio)")
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--aberturas", default=ABERTURAS_UHO)
    ap.add_argument("--r-end", type=float, default=0.002, help="r no fim (fishtest: 0.002)")
    ap.add_argument("--semente", type=int, default=1)
    ap.add_argument("--estado", default=os.path.join(RAIZ, "target", "spsa", "estado.json"))
    args = ap.parse_args(argv)
    if not args.nodes and not args.tc:
        args.nodes = 20000

    anunciados = le_parametros(args.motor)
    if not anunciados:
        sys.exit("spsa: o motor não anuncia números da busca (compile com --features afinacao)")
    passos = passos_do_codigo()
    # os números da busca são os anunciados que a tabela do código tem (Hash, MultiPV… não)
    nomes = args.parametros.split(",") if args.parametros else [n for n in anunciados if n in passos]
    for n in nomes:
        if n not in anunciados or n not in passos:
            sys.exit(f"spsa: número desconhecido: {n}")

    N, alfa, gama = args.iteracoes, 0.602, 0.101
    A = 0.1 * N
    if os.path.exists(args.estado):
        est = json.load(open(args.estado))
        if est["nomes"] != nomes:
            sys.exit(f"spsa: {args.estado} é de outros números; use outro --estado")
    else:
        est = {"nomes": nomes, "k": 0, "theta": [float(anunciados[n][0]) for n in nomes],
               "partidas": 0, "v": 0, "e": 0, "d": 0, "faltas": 0, "segundos": 0.0,
               "limites": args.nodes and f"{args.nodes} nós" or args.tc, "historico": []}
    os.makedirs(os.path.dirname(os.path.abspath(args.estado)), exist_ok=True)
    c_end = [float(passos[n]) for n in nomes]
    c0 = [ce * N ** gama for ce in c_end]
    a_end = [args.r_end * ce ** 2 for ce in c_end]
    a0 = [ae * (A + N) ** alfa for ae in a_end]
    lim = [(anunciados[n][1], anunciados[n][2]) for n in nomes]
    rng = random.Random(args.semente * 1_000_003 + est["k"])
    fim = min(N, args.ate) if args.ate else N
    if est["k"] >= fim:
        # Uma corrida completa não tem o que jogar: diga, em vez de só repetir o resumo.
        print(f"spsa: {args.estado} já fez {est['k']} iterações (até {fim}); nada a jogar", flush=True)
    relogio, ultima = time.monotonic(), 0.0
    # Iterações em jogo: cada uma começa com o θ de quando começa e anda θ quando termina (o SPSA
    # assíncrono do fishtest). Com uma só (o padrão) é o SPSA de sempre. Com várias, ninguém espera
    # a partida mais longa de uma iteração para começar a próxima: os núcleos que ela deixaria
    # parados jogam a seguinte, e cada match.py cuida de menos partidas (na máquina de 16 núcleos,
    # um match.py só com 14 partidas era o gargalo).
    em_jogo = []
    proximo = est["k"]
    parado = False
    marca = relogio
    try:
        while True:
            while not parado and len(em_jogo) < args.paralelas and proximo < fim:
                # Numa máquina emprestada por minutos: para numa fronteira de iteração (o estado já
                # está gravado), antes do limite, em vez de ser morta no meio de uma.
                if args.segundos and time.monotonic() - relogio + ultima > args.segundos:
                    print(f"spsa: parado pelo tempo ({args.segundos:g} s) na iteração {est['k']}"
                          + (f", esperando as {len(em_jogo)} em jogo" if em_jogo else ""), flush=True)
                    parado = True
                    break
                k = proximo
                proximo += 1
                ck = [c / (k + 1) ** gama for c in c0]
                ak = [a / (A + k + 1) ** alfa for a in a0]
                delta = [rng.choice((-1, 1)) for _ in nomes]
                theta = est["theta"]
                mais = {n: min(max(round(t + c * d), lo), hi) for n, t, c, d, (lo, hi) in zip(nomes, theta, ck, delta, lim)}
                menos = {n: min(max(round(t - c * d), lo), hi) for n, t, c, d, (lo, hi) in zip(nomes, theta, ck, delta, lim)}
                proc, saida, erros = lanca(args.motor, mais, menos, args, args.semente * 100_000 + k)
                em_jogo.append((proc, saida, erros, ck, ak, delta, time.monotonic()))
            if not em_jogo:
                break
            terminada = next((it for it in em_jogo if it[0].poll() is not None), None)
            if terminada is None:
                time.sleep(0.02)
                continue
            em_jogo.remove(terminada)
            proc, saida, erros, ck, ak, delta, inicio = terminada
            v, e, d, faltas = resultado(saida, erros)
            resultado_mais = v - d
            theta = est["theta"]
            for i in range(len(nomes)):
                r = ak[i] / ck[i] ** 2
                theta[i] = min(max(theta[i] + r * ck[i] * resultado_mais * delta[i], lim[i][0]), lim[i][1])
            est["k"] += 1
            est["partidas"] += v + e + d
            est["v"] += v
            est["e"] += e
            est["d"] += d
            est["faltas"] += faltas
            agora = time.monotonic()
            ultima = agora - inicio
            # O tempo de relógio da corrida (com várias em jogo, somar as durações contaria o mesmo
            # tempo várias vezes).
            est["segundos"] += agora - marca
            marca = agora
            est["historico"].append([est["k"], v, e, d] + [round(t, 2) for t in theta])
            json.dump(est, open(args.estado + ".tmp", "w"), indent=1)
            os.replace(args.estado + ".tmp", args.estado)
            print(f"spsa: iteração {est['k']}/{N}: θ+ {v}-{e}-{d} (V-E-D); "
                  + " ".join(f"{n}={t:.1f}" for n, t in zip(nomes, theta)), flush=True)
    finally:
        # Um erro (ou ^C) não deixa match.py órfãos jogando: o estado só conta as terminadas.
        for proc, saida, erros, *_ in em_jogo:
            proc.terminate()
            proc.wait()
            saida.close()
            erros.close()

    print(f"\nspsa: {est['k']} iterações, {est['partidas']} partidas (θ+ +{est['v']} ={est['e']} -{est['d']}), "
          f"{est['faltas']} faltas, {est['segundos'] / 3600:.2f} h, {est['limites']}")
    print("| número | padrão | afinado | passo (c_end) |")
    print("|---|---|---|---|")
    for n, t, ce in zip(nomes, est["theta"], c_end):
        print(f"| `{n}` | {anunciados[n][0]} | {t:.1f} → {round(t)} | {ce:g} |")
    print("\nPara conferir (UCI):")
    for n, t in zip(nomes, est["theta"]):
        print(f"setoption name {n} value {round(t)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
