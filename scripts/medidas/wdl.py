#!/usr/bin/env python3
"""wdl.py - o modelo de taxa de vitória do UCI_ShowWDL (src/wdl.rs), ajustado às partidas do ICE-rs.

Uso:
  scripts/medidas/wdl.py ajusta [--validacao N] LOTE...   ajusta e imprime os coeficientes e a perda
  scripts/medidas/wdl.py verifica LOTE...                 a perda e a calibração das constantes de src/wdl.rs
  scripts/medidas/wdl.py ajusta [--sem-50] [--sem-mistura] [--grava ARQ.rs] [--motor RE] [--retem K] [--relogio RE] PARTIDAS.pgn...
  scripts/medidas/wdl.py verifica [--constantes ARQ.rs] [--motor RE] [--retem K] [--relogio RE] PARTIDAS.pgn...

O verifica lê as constantes do src/wdl.rs do repositório, ou do arquivo de --constantes ARQ (por
exemplo, as de um commit antigo: `git show REV:src/wdl.rs > ARQ`). O ajusta com --grava ARQ escreve
as constantes do ajuste no arquivo (src/wdl.rs); com --sem-50, ajusta o modelo sem o contador da
regra dos 50, e com --sem-mistura, com uma logística só (w = 0), para comparar.

Com PGNs (os do scripts/medidas/match.py, do gauntlet.sh e do sprt.sh, ou do fastchess), cada lance
comentado com o escore de quem jogou (`{+0.31/12 0.25s}`, do ponto de vista de quem joga) vira uma
posição: o material é o da posição antes do lance, e o escore e o resultado ficam do ponto de vista
de quem joga, o do número que a GUI mostra (as faixas da calibração são desse escore). Só contam os
lances dos jogadores cujo nome casa com --motor (padrão: todos; num gauntlet, `--motor ICE`);
escores de mate ficam de fora, e também as partidas cujo TimeControl não casa com --relogio (padrão:
qualquer um; `--relogio '^(10\+0.1|5\+0.05)$'` só as dos relógios de verdade). Uma partida em cada K
(--retem, padrão 5) fica de fora do ajuste e é a validação: a calibração por faixa de escore é
medida nela, em partidas que o ajuste não viu, com o erro padrão de cada faixa sorteando partidas
inteiras (bootstrap; as posições de uma partida têm todas o mesmo resultado).

Os lotes são saídas do `ice datagen` (uma linha `FEN | escore | resultado` por posição; escore em
centipeões e resultado 1.0/0.5/0.0, os dois do ponto de vista das brancas, que a leitura passa ao de
quem joga pela vez da FEN; ver src/datagen.rs), por exemplo os de `scripts/medidas/datagen-lotes.sh`
(docs/forca.md, "Os dados da força III"). Os N últimos lotes da lista (padrão 2) ficam de fora do
ajuste e medem a perda na validação.

O modelo parte do `win_rate_model` do Stockfish: com x = clamp(material, 17, 78) / 58 (material =
peões + 3 × cavalos e bispos + 5 × torres + 9 × damas, dos dois lados),
    a(x) = ((a0·x + a1)·x + a2)·x + a3,   b(x) = ((b0·x + b1)·x + b2)·x + b3,
    L(v) = (1 − w) / (1 + exp((a − v) / b)) + w / (1 + exp((a − v) / (k·b))),
    P(vitória | v) = (1 − e)·L(v),   P(derrota | v) = (1 − e)·L(−v),
e o empate é o resto (WDL_M = [w, k]). A logística do Stockfish é a primeira parcela; a segunda,
com um peso w pequeno e k vezes mais larga, são as partidas que o escore não decide (o erro grosso,
o relógio acabando): com uma logística só, as faixas de 10 a 100 centipeões previam vitórias demais
para quem está melhor e derrotas de menos (3.2 pontos em [50, 100) nas 4805 partidas de
docs/wdl.md). e, o piso do empate, é o que empata mesmo com o escore alto (fortalezas, vitórias que
não se convertem): só cresce com o contador da regra dos 50, abaixo (o piso constante das versões
antigas, com a mistura, ia a 0). Como o modelo é simétrico, o ajuste não depende do ponto de vista
(brancas ou lado a jogar) de escore e resultado, desde que seja o mesmo; a calibração por faixa, sim.

O escore exatamente 0 tem um termo só dele: nas partidas com relógio ele é quase sempre um empate que
a busca já viu (repetição, regra dos 50, material que não dá mate, fortaleza), e empata muito mais
do que os escores de ±1 a ±10 (91 % contra 77–78 % nas 2365 partidas de auto-jogo a 5+0.05 de
docs/wdl.md; 98 % com pouco material, 40 % com todo), o que a curva logística não consegue ter. Com
z(x) = ((z0·x + z1)·x + z2)·x + z3,
    P(vitória | 0) = P(derrota | 0) = 1 / (1 + exp(z)),   P(empate | 0) = o resto;
a, b, w e k (com o piso) se ajustam às posições de escore ≠ 0, e z às de escore 0.

Por fim, o contador da regra dos 50 (meios-lances desde a última captura ou lance de peão, o 5º
campo do FEN), como y = min(contador, 100) / 50, soma um termo linear a cada um: a + ha·y,
b + hb·y, o piso e = he·y e z + hz·y (WDL_H = [ha, hb, he, hz]). Com o mesmo material e escore,
a posição parada há muitos lances empata mais: nas 3581 primeiras partidas a 5+0.05, a perda na
validação caiu de 0.6238 para 0.6123 com ele (docs/wdl.md). O ajuste é por máxima verossimilhança
(a perda é o −log da probabilidade do resultado observado, média por posição), com BFGS e busca
linear em Python puro (a máquina não tem numpy nem scipy): as posições são agrupadas por (material,
contador, escore, resultado): as 300 468 posições do ajuste das 5004 partidas viram 182 274.
"""

import math
import os
import re
import sys
from collections import Counter

MATERIAL_MIN, MATERIAL_MAX, MATERIAL_ANCORA = 17, 78, 58
# y = min(meio-lances, 100) / 50: o contador da regra dos 50, de 0 a 2.
MEIO_LANCES_MAX, MEIO_LANCES_ESCALA = 100, 50.0
VALOR = {"p": 1, "n": 3, "b": 3, "r": 5, "q": 9}


def material(fen):
    tab = fen.split(" ", 1)[0]
    return sum(VALOR.get(c, 0) for c in tab.lower())


def le_lotes(arquivos):
    """Contagens {(material, meio-lances, escore, resultado): n} do ponto de vista de quem joga;
    meio-lances é o contador da regra dos 50 do FEN (até 100); resultado 2 = vitória de quem joga,
    1 = empate, 0 = derrota."""
    cont = Counter()
    for arq in arquivos:
        with open(arq, encoding="utf-8") as f:
            for linha in f:
                partes = linha.split("|")
                if len(partes) != 3:
                    continue
                fen = partes[0].strip()
                m = min(max(material(fen), MATERIAL_MIN), MATERIAL_MAX)
                h = meio_lances_fen(fen)
                v = int(partes[1])
                r = {"1.0": 2, "0.5": 1, "0.0": 0}[partes[2].strip()]
                if fen.split(" ")[1:2] == ["b"]:
                    v, r = -v, 2 - r
                cont[(m, h, v, r)] += 1
    return cont


def meio_lances_fen(fen):
    """O contador da regra dos 50 de um FEN (o 5º campo), limitado a MEIO_LANCES_MAX; 0 se faltar."""
    campos = fen.split()
    try:
        return min(max(int(campos[4]), 0), MEIO_LANCES_MAX)
    except (IndexError, ValueError):
        return 0


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


def le_pgns(arquivos, motor=".*", retem=5, relogio=".*", por_partida=None):
    """Contagens como as de le_lotes, a partir de PGNs: (treino, validação, partidas lidas).

    A partida i (contando todas as que passaram pelo filtro, na ordem dos arquivos) vai para a
    validação quando i % retem == retem − 1. Com uma lista em por_partida, cada partida põe nela
    (está na validação?, as contagens só dela): o erro padrão da calibração sorteia partidas."""
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
        desta = Counter()
        tab = jogo.board()
        for no in jogo.mainline():
            m = COMENTARIO_BUSCA.match(no.comment)
            if m and not m.group(2) and lados[tab.turn]:
                # O escore já é o de quem joga; o resultado passa a ser o dele.
                v = round(float(m.group(3)) * 100) * (-1 if m.group(1) == "-" else 1)
                mat = min(max(material(tab.board_fen()), MATERIAL_MIN), MATERIAL_MAX)
                h = min(tab.halfmove_clock, MEIO_LANCES_MAX)
                desta[(mat, h, v, r if tab.turn == chess.WHITE else 2 - r)] += 1
            tab.push(no.move)
        destino.update(desta)
        if por_partida is not None:
            por_partida.append((destino is val, desta))
    return treino, val, partidas


def cubica(c, x):
    """((c0·x + c1)·x + c2)·x + c3: a forma de a, b e z."""
    return ((c[0] * x + c[1]) * x + c[2]) * x + c[3]


def coef_ab(p, x, y=0.0):
    """a, b e o piso e do material x e do contador y (os dois já nas escalas do modelo)."""
    return cubica(p[0:4], x) + p[9] * y, cubica(p[4:8], x) + p[10] * y, p[8] + p[11] * y


def coef_z(q, x, y=0.0):
    """z do material x e do contador y; q tem os 4 da cúbica e, se houver, o termo da regra dos 50."""
    return cubica(q[0:4], x) + (q[4] * y if len(q) > 4 else 0.0)


def sigma(z):
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def mistura(p, t, a, b):
    """(1 − w)·σ((t − a)/b) + w·σ((t − a)/(k·b)) e as derivadas em relação a a, b, w e k: a chance
    de vitória antes do piso, com o escore t."""
    w, k = p[12], p[13]
    z1, z2 = (t - a) / b, (t - a) / (k * b)
    s1, s2 = sigma(z1), sigma(z2)
    d1, d2 = s1 * (1 - s1), s2 * (1 - s2)
    return ((1 - w) * s1 + w * s2,
            -(1 - w) * d1 / b - w * d2 / (k * b),
            -(1 - w) * d1 * z1 / b - w * d2 * z2 / b,
            s2 - s1,
            -w * d2 * z2 / k)


def perda(p, dados, com_gradiente=True):
    """Média de −log P(resultado) e o gradiente em relação aos 14 coeficientes (os de a e b, o
    piso e, os termos da regra dos 50 em a, b e e, o peso w e a largura k da mistura). Quais deles
    o ajuste move é a bfgs que decide (h0 = 0 deixa um coeficiente parado)."""
    total, n = 0.0, 0
    g = [0.0] * len(p)
    if not (0.0 <= p[12] < 1.0 and p[13] > 1.0):
        return math.inf, g
    por_mh = {}
    for (m, h, v, r), c in dados.items():
        por_mh.setdefault((m, h), []).append((v, r, c))
    for (m, h), itens in por_mh.items():
        x, y = m / MATERIAL_ANCORA, h / MEIO_LANCES_ESCALA
        a, b, e = coef_ab(p, x, y)
        if b <= 0 or a <= 0 or not 0.0 <= e < 1.0:
            return math.inf, g
        f = 1.0 - e
        gl = [0.0] * 5  # a, b, e, w, k
        for v, r, c in itens:
            # Vitória: a mistura em v; derrota: em −v. O piso multiplica as duas por 1 − e.
            if r == 2:
                mw = mistura(p, v, a, b)
                pr, d = f * mw[0], (f * mw[1], f * mw[2], -mw[0], f * mw[3], f * mw[4])
            elif r == 0:
                ml = mistura(p, -v, a, b)
                pr, d = f * ml[0], (f * ml[1], f * ml[2], -ml[0], f * ml[3], f * ml[4])
            else:
                mw, ml = mistura(p, v, a, b), mistura(p, -v, a, b)
                pr = 1 - f * (mw[0] + ml[0])
                d = (-f * (mw[1] + ml[1]), -f * (mw[2] + ml[2]), mw[0] + ml[0],
                     -f * (mw[3] + ml[3]), -f * (mw[4] + ml[4]))
            if pr <= 1e-300:
                return math.inf, g
            total -= c * math.log(pr)
            n += c
            if com_gradiente:
                for i in range(5):
                    gl[i] -= c * d[i] / pr
        if com_gradiente:
            pot = (x**3, x**2, x, 1.0)
            for i in range(4):
                g[i] += gl[0] * pot[i]
                g[4 + i] += gl[1] * pot[i]
            g[8] += gl[2]
            g[9] += gl[0] * y
            g[10] += gl[1] * y
            g[11] += gl[2] * y
            g[12] += gl[3]
            g[13] += gl[4]
    return total / n, [gi / n for gi in g]


def probs(p, q, m, h, v):
    """(vitória, empate, derrota) previstos para o material m, o contador h da regra dos 50 e o
    escore v; q = None: sem o termo do escore 0 (as constantes antigas)."""
    x, y = m / MATERIAL_ANCORA, h / MEIO_LANCES_ESCALA
    if v == 0 and q is not None:
        pw = pl = sigma(-coef_z(q, x, y))
    else:
        a, b, e = coef_ab(p, x, y)
        pw, pl = (1.0 - e) * mistura(p, v, a, b)[0], (1.0 - e) * mistura(p, -v, a, b)[0]
    return pw, 1 - pw - pl, pl


def separa(dados):
    """(as posições de escore ≠ 0, as de escore 0): o modelo logístico vê umas, o termo z as outras."""
    resto, zero = Counter(), Counter()
    for k, c in dados.items():
        (zero if k[2] == 0 else resto)[k] = c
    return resto, zero


def perda_zero(q, dados, com_gradiente=True):
    """Média de −log P(resultado) nas posições de escore 0 e o gradiente em relação aos 4 z e, se
    houver o 5º, ao termo da regra dos 50."""
    total, n = 0.0, 0
    g = [0.0] * len(q)
    for (m, h, v, r), c in dados.items():
        x, y = m / MATERIAL_ANCORA, h / MEIO_LANCES_ESCALA
        z = coef_z(q, x, y)
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
            for i, pot in enumerate((x**3, x**2, x, 1.0, y)[:len(q)]):
                g[i] += c * dz * pot
    return total / n, [gi / n for gi in g]


def bfgs(p, dados, iteracoes=300, tol=1e-9, f_perda=perda, h0=1e4):
    """BFGS com busca linear de Armijo (retrocesso). h0 é a escala inicial da inversa da hessiana,
    um número ou um por coeficiente: 1e4 para a e b, que vivem perto de 100 com o gradiente perto de
    1e-3; z e k, perto de 1 a 5, pedem 1; o piso e e o peso w, perto de 0.01, 1e-2; 0 deixa o
    coeficiente parado (a linha dele na inversa da hessiana fica nula)."""
    k = len(p)
    diag = list(h0) if isinstance(h0, (list, tuple)) else [h0] * k
    h = [[(diag[i] if i == j else 0.0) for j in range(k)] for i in range(k)]
    f, g = f_perda(p, dados)
    for it in range(iteracoes):
        d = [-sum(h[i][j] * g[j] for j in range(k)) for i in range(k)]
        inclinacao = sum(d[i] * g[i] for i in range(k))
        if inclinacao >= 0:
            h = [[(diag[i] if i == j else 0.0) for j in range(k)] for i in range(k)]
            d = [-diag[i] * g[i] for i in range(k)]
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
    """(os 14 coeficientes do modelo: a, b, o piso e, os termos da regra dos 50 em a, b e e, o peso w
    e a largura k da mistura; os 4 de z mais o da regra dos 50, ou None sem o termo do 0). As
    constantes de versões antigas do src/wdl.rs que faltarem valem o que valiam nelas: piso 0 (sem
    WDL_E), sem termos da regra dos 50 (sem WDL_H), uma logística só (sem WDL_M: w = 0)."""
    texto = open(caminho, encoding="utf-8").read()

    def lista(nome):
        m = re.search(r"const " + nome + r"[^=]*=\s*\[([^\]]*)\]", texto)
        if m is None:
            return None
        return [float(t) for t in m.group(1).replace("_", "").split(",") if t.strip()]

    piso = re.search(r"const WDL_E[^=]*=\s*([0-9.eE+-]+)\s*;", texto)
    p = lista("WDL_A") + lista("WDL_B") + [float(piso.group(1)) if piso else 0.0]
    q, h, m = lista("WDL_Z"), lista("WDL_H"), lista("WDL_M")
    if h is None:
        p += [0.0, 0.0, 0.0]
    else:
        # WDL_H = [ha, hb, he, hz]: os três primeiros vão com a, b e e; o último, com z.
        if len(h) != 4 or q is None:
            raise ValueError
        p, q = p + h[:3], q + h[3:]
    if m is None:
        p += [0.0, 2.0]
    elif len(m) != 2:
        raise ValueError
    else:
        p += m
    return p, q


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


def soma_faixas(p, q, dados):
    """Por faixa de escore: [n, observados V/E/D, previstos V/E/D] (contagens, não frações)."""
    somas = [[0, [0, 0, 0], [0.0, 0.0, 0.0]] for _ in FAIXAS]
    for (m, h, v, r), c in dados.items():
        for k, (lo, hi) in enumerate(FAIXAS):
            if lo <= v < hi:
                s = somas[k]
                s[0] += c
                s[1][2 - r] += c
                for i, x in enumerate(probs(p, q, m, h, v)):
                    s[2][i] += c * x
                break
    return somas


def junta(lista):
    """A soma das contagens por faixa (as de soma_faixas) de várias partidas."""
    somas = [[0, [0, 0, 0], [0.0, 0.0, 0.0]] for _ in FAIXAS]
    for por_faixa in lista:
        for s, t in zip(somas, por_faixa):
            s[0] += t[0]
            for i in range(3):
                s[1][i] += t[1][i]
                s[2][i] += t[2][i]
    return somas


def erro_padrao(por, amostras=200, semente=61):
    """O erro padrão (em pontos percentuais) da diferença observado − previsto, por faixa e por
    V/E/D, sorteando partidas inteiras com reposição (bootstrap; por = as contagens por faixa de
    cada partida): todas as posições de uma partida têm o mesmo resultado, e o ruído da calibração
    é o de quantas partidas há, não de quantas posições."""
    import random
    import statistics

    sorteio = random.Random(semente)
    difs = [[[] for _ in range(3)] for _ in FAIXAS]
    for _ in range(amostras):
        for k, (n, obs, prev) in enumerate(junta(por[sorteio.randrange(len(por))] for _ in por)):
            if n:
                for i in range(3):
                    difs[k][i].append((obs[i] - prev[i]) * 100 / n)
    return [[statistics.stdev(x) if len(x) > 1 else 0.0 for x in faixa] for faixa in difs]


def calibracao(p, q, dados, partidas=None):
    """Observado × previsto (vitórias, empates e derrotas, por mil) por faixa do escore de quem
    joga, e a maior diferença em pontos percentuais (a de cada faixa e a de todas). Com as
    contagens de cada partida (partidas), também o erro padrão dessa diferença (bootstrap das
    partidas) e as faixas que passam de 3 pontos e de dois erros padrão."""
    # Com as partidas, as contagens de cada uma servem ao bootstrap e, somadas, à tabela.
    por = [soma_faixas(p, q, d) for d in partidas] if partidas else None
    ep = erro_padrao(por) if por else None
    print("faixa de escore        n      obs V/E/D      prev V/E/D   maior diferença (pontos)"
          + ("  erro padrão" if ep else ""))
    pior, fora = 0.0, []
    for k, ((lo, hi), (n, obs, prev)) in enumerate(zip(FAIXAS, junta(por) if por else soma_faixas(p, q, dados))):
        if n:
            difs = [abs(o - x) * 100 / n for o, x in zip(obs, prev)]
            i = max(range(3), key=lambda j: difs[j])
            dif = difs[i]
            pior = max(pior, dif)
            o = "/".join(f"{1000 * x / n:.0f}" for x in obs)
            e = "/".join(f"{1000 * x / n:.0f}" for x in prev)
            extra = ""
            if ep:
                extra = f"   {ep[k][i]:.1f}"
                if dif > 3.0 and dif > 2 * ep[k][i]:
                    fora.append(f"[{lo}, {hi})")
            print(f"[{lo:5d}, {hi:5d})  {n:8d}  {o:>14}  {e:>14}   {dif:.1f}{extra}")
    print(f"maior diferença: {pior:.1f} pontos")
    if ep:
        print(f"faixas com mais de 3 pontos e mais de 2 erros padrão ({len(partidas)} partidas, "
              f"200 sorteios): {', '.join(fora) if fora else 'nenhuma'}")
    return pior


def lista_rust(v):
    """Os coeficientes como o src/wdl.rs os escreve: `[x, y, ...]` com seis casas."""
    return "[" + ", ".join(f"{x:.6f}" for x in v) + "]"


def grava_no_rust(caminho, p, q):
    """Troca, no arquivo Rust, os valores de WDL_A, WDL_B, WDL_Z, WDL_H e WDL_M pelos do ajuste (e o
    de WDL_E, o piso constante das versões antigas, se o arquivo o tiver); o resto fica como está."""
    texto = open(caminho, encoding="utf-8").read()
    valores = {"WDL_A": (4, p[:4]), "WDL_B": (4, p[4:8]), "WDL_Z": (4, q[:4]),
               "WDL_H": (4, p[9:12] + (q[4:5] or [0.0])), "WDL_M": (2, p[12:14])}
    for nome, (tam, v) in valores.items():
        texto, n = re.subn(r"(const " + nome + r": \[f64; " + str(tam) + r"\] = )\[[^\]]*\]",
                           lambda m: m.group(1) + lista_rust(v), texto)
        if n != 1:
            raise ValueError(f"{caminho}: sem a constante {nome}")
    texto, n = re.subn(r"(const WDL_E: f64 = )[0-9.eE+-]+", lambda m: m.group(1) + f"{p[8]:.6f}", texto)
    if n == 0 and p[8] != 0.0:
        raise ValueError(f"{caminho}: sem a constante WDL_E, e o piso do ajuste não é 0")
    with open(caminho, "w", encoding="utf-8") as f:
        f.write(texto)


def principal(args):
    if args and args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if not args or args[0] not in ("ajusta", "verifica"):
        print(__doc__, file=sys.stderr)
        return 2
    modo, args = args[0], args[1:]
    nval, motor, retem, relogio, rust, grava = 2, ".*", 5, ".*", RUST_WDL, None
    com_50, com_mistura = "--sem-50" not in args, "--sem-mistura" not in args
    args = [a for a in args if a not in ("--sem-50", "--sem-mistura")]
    while len(args) >= 2 and args[0] in ("--validacao", "--motor", "--retem", "--relogio",
                                         "--constantes", "--grava"):
        try:
            if args[0] == "--grava":
                grava = args[1]
                if modo != "ajusta" or not os.path.isfile(grava):
                    raise ValueError
            elif args[0] == "--constantes":
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
    por_partida = []
    if pgn:
        treino, val, partidas = le_pgns(pgn, motor, retem, relogio, por_partida)
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
        calibracao(p, q, dados, [d for _, d in por_partida] or None)
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
    # Primeiro a e b com uma logística só; depois a mistura (o peso w e a largura k da logística
    # larga) e, por fim, os termos da regra dos 50. Cada etapa parte da anterior, e h0 dá a escala
    # do primeiro passo de cada coeficiente (a e b vivem perto de 100, w e o piso perto de 0.01 a
    # 0.3, k perto de 5); h0 = 0 deixa o coeficiente parado. O piso constante (o 9º) fica em 0: com
    # a mistura livre ele ia a 0 (docs/wdl.md) e, preso na borda, só atrapalhava o BFGS.
    p, _ = bfgs([0.0, 0.0, 0.0, 150.0, 0.0, 0.0, 0.0, 120.0] + [0.0] * 4 + [0.0, 2.0], resto,
                h0=[1e4] * 8 + [0.0] * 6)
    if com_mistura:
        p, _ = bfgs(p[:12] + [0.05, 4.0], resto, h0=[1e4] * 8 + [0.0] * 4 + [1e-2, 1.0])
    q, _ = bfgs([0.0, 0.0, 0.0, 2.0], zero, f_perda=perda_zero, h0=1.0)
    if com_50:
        mix = [1e-2, 1.0] if com_mistura else [0.0, 0.0]
        p, _ = bfgs(p, resto, h0=[1e4] * 8 + [0.0, 1e4, 1e4, 1e-2] + mix)
        q, _ = bfgs(q + [0.0], zero, f_perda=perda_zero, h0=1.0)
    print(f"perda no treino {perda_total(p, q, treino):.6f} (escore 0: {sum(zero.values())} posições)")
    if val:
        print(f"perda na validação {perda_total(p, q, val):.6f}")
        print("calibração na validação (por mil):")
        calibracao(p, q, val, [d for na_val, d in por_partida if na_val] or None)
    print(f"WDL_A = {lista_rust(p[:4])}")
    print(f"WDL_B = {lista_rust(p[4:8])}")
    print(f"WDL_Z = {lista_rust(q[:4])}")
    print(f"WDL_H = {lista_rust(p[9:12] + (q[4:5] or [0.0]))}")
    print(f"WDL_M = {lista_rust(p[12:14])}")
    for m in (20, 30, 40, 50, 58, 65, 78):
        for h in (0, 50) if com_50 else (0,):
            a, b, e = coef_ab(p, m / MATERIAL_ANCORA, h / MEIO_LANCES_ESCALA)
            print(f"material {m}, {h:2d} meio-lances: a = {a:.1f}, b = {b:.1f}, piso = {e:.3f}, "
                  f"empate com escore 0 = {probs(p, q, m, h, 0)[1]:.3f}")
    if grava:
        try:
            grava_no_rust(grava, p, q)
        except ValueError as erro:
            print(f"wdl.py: {erro}", file=sys.stderr)
            return 2
        print(f"constantes gravadas em {grava}")
    return 0


if __name__ == "__main__":
    sys.exit(principal(sys.argv[1:]))
