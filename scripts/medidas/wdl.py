#!/usr/bin/env python3
"""wdl.py - o modelo de taxa de vitória do UCI_ShowWDL (src/wdl.rs), ajustado às partidas do ICE-rs.

Uso:
  scripts/medidas/wdl.py ajusta [--validacao N] LOTE...   ajusta e imprime os coeficientes e a perda
  scripts/medidas/wdl.py verifica LOTE...                 a perda e a calibração das constantes de src/wdl.rs
  scripts/medidas/wdl.py ajusta [--motor RE] [--retem K] [--relogio RE] PARTIDAS.pgn...
  scripts/medidas/wdl.py verifica [--motor RE] [--retem K] [--relogio RE] PARTIDAS.pgn...

O verifica lê as constantes do src/wdl.rs do repositório, ou do arquivo de --constantes ARQ (por
exemplo, as de um commit antigo: `git show REV:src/wdl.rs > ARQ`).

Com PGNs (os do scripts/medidas/match.py, do gauntlet.sh e do sprt.sh, ou do fastchess), cada lance
comentado com o escore de quem jogou (`{+0.31/12 0.25s}`, do ponto de vista de quem joga) vira uma
posição: o material é o da posição antes do lance, e o escore e o resultado ficam do ponto de vista
de quem joga, o do número que a GUI mostra (as faixas da calibração são desse escore). Só contam os
lances dos jogadores cujo nome casa com --motor (padrão: todos; num gauntlet, `--motor ICE`);
escores de mate ficam de fora, e também as partidas cujo TimeControl não casa com --relogio (padrão:
qualquer um; `--relogio '^(10\+0.1|5\+0.05)$'` só as dos relógios de verdade). Uma partida em cada K
(--retem, padrão 5) fica de fora do ajuste e é a validação: a calibração por faixa de escore é
medida nela, em partidas que o ajuste não viu.

Os lotes são saídas do `ice datagen` (uma linha `FEN | escore | resultado` por posição; escore em
centipeões e resultado 1.0/0.5/0.0, os dois do ponto de vista das brancas, que a leitura passa ao de
quem joga pela vez da FEN; ver src/datagen.rs), por exemplo os de `scripts/medidas/datagen-lotes.sh`
(docs/forca.md, "Os dados da força III"). Os N últimos lotes da lista (padrão 2) ficam de fora do
ajuste e medem a perda na validação.

O modelo é o do Stockfish (`win_rate_model`): com x = clamp(material, 17, 78) / 58 (material = peões
+ 3 × cavalos e bispos + 5 × torres + 9 × damas, dos dois lados),
    a(x) = ((a0·x + a1)·x + a2)·x + a3,   b(x) = ((b0·x + b1)·x + b2)·x + b3,
    P(vitória | v) = (1 − e) / (1 + exp((a − v) / b)),   P(derrota | v) = P(vitória | −v),
e o empate é o resto; e, o piso do empate, é o que empata mesmo com o escore alto (fortalezas,
vitórias que o motor não converte: 2 % nas partidas a relógio; 0 nas constantes antigas). Como o
modelo é simétrico, o ajuste não depende do ponto de vista (brancas ou lado a jogar) de escore e
resultado, desde que seja o mesmo; a calibração por faixa, sim.

O escore exatamente 0 tem um termo só dele: nas partidas com relógio ele é quase sempre um empate que
a busca já viu (repetição, regra dos 50, material que não dá mate, fortaleza), e empata muito mais
do que os escores de ±1 a ±10 (91 % contra 77–78 % nas 2365 partidas de auto-jogo a 5+0.05 de
docs/wdl.md; 98 % com pouco material, 40 % com todo), o que a curva logística não consegue ter. Com
z(x) = ((z0·x + z1)·x + z2)·x + z3,
    P(vitória | 0) = P(derrota | 0) = 1 / (1 + exp(z)),   P(empate | 0) = o resto;
a e b (com o piso) se ajustam às posições de escore ≠ 0, e z às de escore 0. O ajuste é por
máxima verossimilhança (a perda é o −log da probabilidade do resultado observado, média por
posição), com BFGS e busca linear em Python puro (a máquina não tem numpy nem scipy): as posições
são agrupadas por (material, escore, resultado), o que reduz ~650 mil posições a umas 100 mil
contagens.
"""

import math
import os
import re
import sys
from collections import Counter

MATERIAL_MIN, MATERIAL_MAX, MATERIAL_ANCORA = 17, 78, 58
VALOR = {"p": 1, "n": 3, "b": 3, "r": 5, "q": 9}


def material(fen):
    tab = fen.split(" ", 1)[0]
    return sum(VALOR.get(c, 0) for c in tab.lower())


def le_lotes(arquivos):
    """Contagens {(material, escore, resultado): n} do ponto de vista de quem joga; resultado 2 =
    vitória de quem joga, 1 = empate, 0 = derrota."""
    cont = Counter()
    for arq in arquivos:
        with open(arq, encoding="utf-8") as f:
            for linha in f:
                partes = linha.split("|")
                if len(partes) != 3:
                    continue
                fen = partes[0].strip()
                m = min(max(material(fen), MATERIAL_MIN), MATERIAL_MAX)
                v = int(partes[1])
                r = {"1.0": 2, "0.5": 1, "0.0": 0}[partes[2].strip()]
                if fen.split(" ")[1:2] == ["b"]:
                    v, r = -v, 2 - r
                cont[(m, v, r)] += 1
    return cont


# O comentário de busca de um lance nos PGNs do match.py e do fastchess: `{+0.31/12 0.25s}` ou
# `{-M4/63 0.001s}` (sinal, M de mate, escore em peões, profundidade e, se houver, o tempo).
COMENTARIO_BUSCA = re.compile(r"^\s*([+-]?)(M?)(\d+(?:\.\d+)?)/(\d+)(?:\s+(\d+(?:\.\d+)?)s)?")


def partidas_pgn(arquivos):
    """As partidas dos PGNs, uma a uma (python-chess), na ordem dos arquivos."""
    import chess.pgn  # só aqui: os lotes não precisam do python-chess

    for arq in arquivos:
        with open(arq, encoding="utf-8", errors="replace") as f:
            while (jogo := chess.pgn.read_game(f)) is not None:
                yield jogo


def faltam_arquivos(script, arquivos):
    """Avisa (em stderr, em nome de `script`) dos arquivos que não existem; True se faltou algum."""
    faltam = [a for a in arquivos if not os.path.isfile(a)]
    if faltam:
        print(f"{script}: arquivo não encontrado: {', '.join(faltam)}", file=sys.stderr)
    return bool(faltam)


def le_pgns(arquivos, motor=".*", retem=5, relogio=".*"):
    """Contagens como as de le_lotes, a partir de PGNs: (treino, validação, partidas lidas).

    A partida i (contando todas as que passaram pelo filtro, na ordem dos arquivos) vai para a
    validação quando i % retem == retem − 1."""
    import chess

    re_motor, re_relogio = re.compile(motor), re.compile(relogio)
    treino, val = Counter(), Counter()
    partidas = 0
    for jogo in partidas_pgn(arquivos):
        h = jogo.headers
        r = {"1-0": 2, "1/2-1/2": 1, "0-1": 0}.get(h.get("Result", "*"))
        if r is None or not re_relogio.search(h.get("TimeControl", "")):
            continue
        lados = {chess.WHITE: bool(re_motor.search(h.get("White", ""))),
                 chess.BLACK: bool(re_motor.search(h.get("Black", "")))}
        destino = val if retem > 0 and partidas % retem == retem - 1 else treino
        partidas += 1
        tab = jogo.board()
        for no in jogo.mainline():
            m = COMENTARIO_BUSCA.match(no.comment)
            if m and not m.group(2) and lados[tab.turn]:
                # O escore já é o de quem joga; o resultado passa a ser o dele.
                v = round(float(m.group(3)) * 100) * (-1 if m.group(1) == "-" else 1)
                mat = min(max(material(tab.board_fen()), MATERIAL_MIN), MATERIAL_MAX)
                destino[(mat, v, r if tab.turn == chess.WHITE else 2 - r)] += 1
            tab.push(no.move)
    return treino, val, partidas


def cubica(c, x):
    """((c0·x + c1)·x + c2)·x + c3: a forma de a, b e z."""
    return ((c[0] * x + c[1]) * x + c[2]) * x + c[3]


def coef_ab(p, x):
    return cubica(p[0:4], x), cubica(p[4:8], x)


def sigma(z):
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def piso(p):
    """O piso e do empate: o nono coeficiente, se houver (0 nas constantes antigas)."""
    return p[8] if len(p) > 8 else 0.0


def perda(p, dados, com_gradiente=True):
    """Média de −log P(resultado) e o gradiente em relação aos coeficientes: os 8 de a e b e, se
    houver o nono, o piso e do empate (vitória e derrota multiplicadas por 1 − e)."""
    total, n = 0.0, 0
    g = [0.0] * len(p)
    e = piso(p)
    if not 0.0 <= e < 0.5:
        return math.inf, g
    k = 1.0 - e
    ge = 0.0
    por_m = {}
    for (m, v, r), c in dados.items():
        por_m.setdefault(m, []).append((v, r, c))
    for m, itens in por_m.items():
        x = m / MATERIAL_ANCORA
        a, b = coef_ab(p, x)
        if b <= 0 or a <= 0:
            return math.inf, g
        ga = gb = 0.0
        for v, r, c in itens:
            zw = (v - a) / b
            zl = (-v - a) / b
            pw = sigma(zw)
            pl = sigma(zl)
            # Derivadas de pw e pl em relação a a e a b.
            dw = pw * (1 - pw)
            dl = pl * (1 - pl)
            dpw_a, dpw_b = -dw / b, -dw * zw / b
            dpl_a, dpl_b = -dl / b, -dl * zl / b
            if r == 2:
                pr, dpa, dpb, dpe = k * pw, k * dpw_a, k * dpw_b, -pw
            elif r == 0:
                pr, dpa, dpb, dpe = k * pl, k * dpl_a, k * dpl_b, -pl
            else:
                pr = 1 - k * (pw + pl)
                dpa, dpb, dpe = -k * (dpw_a + dpl_a), -k * (dpw_b + dpl_b), pw + pl
            if pr <= 1e-300:
                return math.inf, g
            total -= c * math.log(pr)
            n += c
            if com_gradiente:
                ga -= c * dpa / pr
                gb -= c * dpb / pr
                ge -= c * dpe / pr
        if com_gradiente:
            pot = (x**3, x**2, x, 1.0)
            for i in range(4):
                g[i] += ga * pot[i]
                g[4 + i] += gb * pot[i]
    if len(p) > 8:
        g[8] = ge
    return total / n, [gi / n for gi in g]


def probs(p, q, m, v):
    """(vitória, empate, derrota) previstos para o material m e o escore v; q = None: sem o termo
    do escore 0 (as constantes antigas)."""
    x = m / MATERIAL_ANCORA
    if v == 0 and q is not None:
        pw = pl = sigma(-cubica(q, x))
    else:
        a, b = coef_ab(p, x)
        k = 1.0 - piso(p)
        pw, pl = k * sigma((v - a) / b), k * sigma((-v - a) / b)
    return pw, 1 - pw - pl, pl


def separa(dados):
    """(as posições de escore ≠ 0, as de escore 0): o modelo logístico vê umas, o termo z as outras."""
    resto, zero = Counter(), Counter()
    for k, c in dados.items():
        (zero if k[1] == 0 else resto)[k] = c
    return resto, zero


def perda_zero(q, dados, com_gradiente=True):
    """Média de −log P(resultado) nas posições de escore 0 e o gradiente em relação aos 4 z."""
    total, n = 0.0, 0
    g = [0.0] * 4
    for (m, v, r), c in dados.items():
        x = m / MATERIAL_ANCORA
        z = cubica(q, x)
        if z <= 0:
            return math.inf, g
        s = sigma(-z)  # vitória (= derrota)
        if r == 1:
            pr, dz = 1 - 2 * s, -2 * s * (1 - s) / (1 - 2 * s)
        else:
            pr, dz = s, 1 - s
        total -= c * math.log(pr)
        n += c
        if com_gradiente:
            for i, pot in enumerate((x**3, x**2, x, 1.0)):
                g[i] += c * dz * pot
    return total / n, [gi / n for gi in g]


def bfgs(p, dados, iteracoes=300, tol=1e-9, f_perda=perda, h0=1e4):
    """BFGS com busca linear de Armijo (retrocesso). h0 é a escala inicial da inversa da hessiana:
    1e4 para a e b, que vivem perto de 100 com o gradiente perto de 1e-3; z, perto de 1 a 5, pede 1."""
    k = len(p)
    h = [[(1.0 if i == j else 0.0) for j in range(k)] for i in range(k)]
    for i in range(k):
        h[i][i] = h0
    f, g = f_perda(p, dados)
    for it in range(iteracoes):
        d = [-sum(h[i][j] * g[j] for j in range(k)) for i in range(k)]
        inclinacao = sum(d[i] * g[i] for i in range(k))
        if inclinacao >= 0:
            h = [[(h0 if i == j else 0.0) for j in range(k)] for i in range(k)]
            d = [-h0 * gi for gi in g]
            inclinacao = sum(d[i] * g[i] for i in range(k))
        passo = 1.0
        while True:
            q = [p[i] + passo * d[i] for i in range(k)]
            fq, gq = f_perda(q, dados)
            if fq <= f + 1e-4 * passo * inclinacao or passo < 1e-12:
                break
            passo *= 0.5
        s = [q[i] - p[i] for i in range(k)]
        y = [gq[i] - g[i] for i in range(k)]
        sy = sum(s[i] * y[i] for i in range(k))
        melhora = f - fq
        p, f, g = q, fq, gq
        print(f"# iteração {it + 1}: perda {f:.6f}", file=sys.stderr, flush=True)
        if 0 <= melhora < tol:
            break
        if sy > 1e-20:
            hy = [sum(h[i][j] * y[j] for j in range(k)) for i in range(k)]
            yhy = sum(y[i] * hy[i] for i in range(k))
            for i in range(k):
                for j in range(k):
                    h[i][j] += ((sy + yhy) * s[i] * s[j]) / (sy * sy) - (hy[i] * s[j] + s[i] * hy[j]) / sy
    return p, f


RUST_WDL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src", "wdl.rs")


def coeficientes_do_rust(caminho=RUST_WDL):
    """(os coeficientes de a e b, mais o piso e se houver; os 4 de z, ou None se o src/wdl.rs não
    tiver o termo do 0)."""
    texto = open(caminho, encoding="utf-8").read()

    def lista(nome):
        m = re.search(r"const " + nome + r"[^=]*=\s*\[([^\]]*)\]", texto)
        if m is None:
            return None
        return [float(t) for t in m.group(1).replace("_", "").split(",") if t.strip()]

    piso = re.search(r"const WDL_E[^=]*=\s*([0-9.eE+-]+)\s*;", texto)
    p = lista("WDL_A") + lista("WDL_B") + ([float(piso.group(1))] if piso else [])
    return p, lista("WDL_Z")


def perda_total(p, q, dados):
    """A perda média por posição do modelo inteiro (o termo z nas de escore 0, se houver)."""
    if q is None:
        return perda(p, dados, com_gradiente=False)[0]
    resto, zero = separa(dados)
    total = 0.0
    if resto:
        total += perda(p, resto, com_gradiente=False)[0] * sum(resto.values())
    if zero:
        total += perda_zero(q, zero, com_gradiente=False)[0] * sum(zero.values())
    return total / sum(dados.values())


FAIXAS = [(-2000, -400), (-400, -200), (-200, -100), (-100, -50), (-50, -10), (-10, 10),
          (10, 50), (50, 100), (100, 200), (200, 400), (400, 2001)]


def calibracao(p, q, dados):
    """Observado × previsto (vitórias, empates e derrotas, por mil) por faixa do escore de quem
    joga, e a maior diferença em pontos percentuais (a de cada faixa e a de todas)."""
    print("faixa de escore        n      obs V/E/D      prev V/E/D   maior diferença (pontos)")
    pior = 0.0
    for lo, hi in FAIXAS:
        n = 0
        obs = [0, 0, 0]
        prev = [0.0, 0.0, 0.0]
        for (m, v, r), c in dados.items():
            if not lo <= v < hi:
                continue
            n += c
            obs[2 - r] += c
            for i, x in enumerate(probs(p, q, m, v)):
                prev[i] += c * x
        if n:
            dif = max(abs(o - x) for o, x in zip(obs, prev)) * 100 / n
            pior = max(pior, dif)
            o = "/".join(f"{1000 * x / n:.0f}" for x in obs)
            e = "/".join(f"{1000 * x / n:.0f}" for x in prev)
            print(f"[{lo:5d}, {hi:5d})  {n:8d}  {o:>14}  {e:>14}   {dif:.1f}")
    print(f"maior diferença: {pior:.1f} pontos")
    return pior


def principal(args):
    if args and args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if not args or args[0] not in ("ajusta", "verifica"):
        print(__doc__, file=sys.stderr)
        return 2
    modo, args = args[0], args[1:]
    nval, motor, retem, relogio, rust = 2, ".*", 5, ".*", RUST_WDL
    while len(args) >= 2 and args[0] in ("--validacao", "--motor", "--retem", "--relogio",
                                         "--constantes"):
        try:
            if args[0] == "--constantes":
                rust = args[1]
                if not os.path.isfile(rust):
                    raise ValueError
            elif args[0] == "--validacao":
                nval = int(args[1])
            elif args[0] == "--motor":
                motor = re.compile(args[1]).pattern
            elif args[0] == "--retem":
                retem = int(args[1])
                if retem < 0 or retem == 1:
                    raise ValueError
            else:
                relogio = re.compile(args[1]).pattern
        except (ValueError, re.error):
            print(f"wdl.py: valor inválido para {args[0]}: {args[1]}", file=sys.stderr)
            return 2
        args = args[2:]
    if not args:
        print("wdl.py: nenhum lote nem PGN", file=sys.stderr)
        return 2
    if faltam_arquivos("wdl.py", args):
        return 2
    pgn = [a for a in args if a.endswith(".pgn")]
    if pgn and len(pgn) != len(args):
        print("wdl.py: ou lotes do datagen, ou PGNs, não os dois", file=sys.stderr)
        return 2
    if pgn:
        treino, val, partidas = le_pgns(pgn, motor, retem, relogio)
        print(f"PGN: {partidas} partidas; treino {sum(treino.values())} posições ({len(treino)} grupos), "
              f"validação (1 partida em {retem}) {sum(val.values())} posições")
        if not treino:
            print("wdl.py: nenhuma posição com escore nas partidas", file=sys.stderr)
            return 1
    if modo == "verifica":
        dados = treino + val if pgn else le_lotes(args)
        try:
            p, q = coeficientes_do_rust(rust)
        except (TypeError, ValueError):
            print(f"wdl.py: {rust} não tem as constantes WDL_A e WDL_B", file=sys.stderr)
            return 2
        f = perda_total(p, q, dados)
        termo = "com" if q is not None else "sem"
        # O rótulo diz de onde vieram as constantes: com --constantes, não são as do src/wdl.rs.
        origem = "src/wdl.rs" if rust == RUST_WDL else rust
        print(f"posições {sum(dados.values())}, perda das constantes de {origem} ({termo} o termo do 0) {f:.6f}")
        calibracao(p, q, dados)
        return 0
    if not pgn:
        treino_arq, val_arq = (args[:-nval], args[-nval:]) if nval > 0 else (args, [])
        treino = le_lotes(treino_arq)
        val = le_lotes(val_arq) if val_arq else Counter()
        print(f"treino: {len(treino_arq)} lotes, {sum(treino.values())} posições "
              f"({len(treino)} grupos); validação: {len(val_arq)} lotes, {sum(val.values())} posições")
    resto, zero = separa(treino)
    if not resto or not zero:
        print("wdl.py: o ajuste pede posições de escore 0 e de escore ≠ 0", file=sys.stderr)
        return 1
    # Primeiro a e b sem o piso, depois os nove juntos (o piso vive perto de 0.01, e a escala do
    # primeiro passo é a de a e b).
    p, _ = bfgs([0.0, 0.0, 0.0, 150.0, 0.0, 0.0, 0.0, 120.0], resto)
    p, _ = bfgs(p + [0.01], resto)
    q, _ = bfgs([0.0, 0.0, 0.0, 2.0], zero, f_perda=perda_zero, h0=1.0)
    print(f"perda no treino {perda_total(p, q, treino):.6f} (escore 0: {sum(zero.values())} posições)")
    if val:
        print(f"perda na validação {perda_total(p, q, val):.6f}")
        print("calibração na validação (por mil):")
        calibracao(p, q, val)
    print("WDL_A = [" + ", ".join(f"{x:.6f}" for x in p[:4]) + "]")
    print("WDL_B = [" + ", ".join(f"{x:.6f}" for x in p[4:8]) + "]")
    print("WDL_Z = [" + ", ".join(f"{x:.6f}" for x in q) + "]")
    print(f"WDL_E = {p[8]:.6f}")
    for m in (20, 30, 40, 50, 58, 65, 78):
        a, b = coef_ab(p, m / MATERIAL_ANCORA)
        print(f"material {m}: a = {a:.1f}, b = {b:.1f}, empate com escore 0 = {probs(p, q, m, 0)[1]:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(principal(sys.argv[1:]))
