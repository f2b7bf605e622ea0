#!/usr/bin/env python3
"""graficos.py GRÁFICO: um gráfico do guia em SVG, na saída padrão.

Os gráficos do guia (docs/guia/figuras/) a partir do que o projeto já mede:
o `ice` do PATH (a profundidade fixa, uma thread: os nós se repetem em
qualquer máquina com o mesmo `Bench:`) e as tabelas de docs/forca.md. Só a
biblioteca padrão do Python; o SVG é determinístico (a mesma entrada dá os
mesmos bytes: números formatados com casas fixas, nada de datas).

Gráficos:
  nos           nós do `ice bench D` por profundidade, a busca de hoje e a
                `--classico`, em escala logarítmica
  ramificacao   o fator de ramificação por profundidade, N(D) / N(D-1), das
                duas buscas
  passos        as contagens de `ice bench 6 --estatisticas`, passo a passo
  sem           os nós do `ice bench 6` com cada melhoria desligada (--sem X)
  elo           o Elo de cada mudança testada por SPRT em docs/forca.md
  kpk           rei e peão contra rei: as casas em que o rei preto empata,
                pelas tabelas Syzygy de tests/data/syzygy (desenhado pelo
                próprio `ice desenha casas`)
  texel         o escore da busca contra o resultado, em posições do
                `ice datagen`, e a curva σ do `ice texel`
  smp           as iterações que cada thread do Lazy SMP pesquisa
  protocolo     o diálogo xboard entre a interface e o `ice`
  jogar         a tela de uma partida no `ice jogar`, capturada de um
                pseudo-terminal do tmux

Quem chama é scripts/guia/figuras.sh (uma linha por figura, em cada página
do guia). Rodar na raiz do repositório.
"""
import math
import os
import re
import subprocess
import sys
import tempfile

# Cores das séries: a busca de hoje e a clássica (ICE 1.78).
COR_HOJE = "#2b6cb0"
COR_CLASSICO = "#c05621"
COR_SIM = "#2f855a"
COR_NAO = "#a0aec0"
FONTE = 'font-family="DejaVu Sans, Verdana, sans-serif"'

# Profundidades dos gráficos do bench: até a do `Bench:` (9) na busca de
# hoje; a clássica só até 6 (a 7 ela já pesquisa 17 milhões de nós).
PROF_HOJE = 9
PROF_CLASSICO = 6
# A profundidade dos gráficos de passos e de melhorias desligadas.
PROF_PASSOS = 6
# Partidas do datagen do gráfico do Texel (a 2000 nós por lance, segundos).
JOGOS_TEXEL = 40


def ice(*args, com_erros=False):
    """Roda o `ice` do PATH e devolve a saída padrão (mais a de erros, com
    `com_erros`, para os comandos que informam por ela); erro se ele falhar."""
    r = subprocess.run(["ice", *args], capture_output=True, text=True, check=False)
    if r.returncode != 0:
        sys.exit(f"graficos.py: ice {' '.join(args)} falhou: {r.stderr.strip()}")
    return r.stdout + (r.stderr if com_erros else "")


def nos_bench(prof, *opcoes):
    """Os nós do `ice bench prof` (a linha `bench nodes=N …`, a penúltima)."""
    m = re.search(r"^bench nodes=(\d+)", ice("bench", str(prof), *opcoes), re.M)
    if not m:
        sys.exit("graficos.py: a saída do ice bench não tem 'bench nodes='")
    return int(m.group(1))


def esc(s):
    return (str(s).replace("&", "&amp;").replace("<", "&lt;")
            .replace(">", "&gt;").replace('"', "&quot;"))


def milhar(n):
    """Inteiro com espaço fino entre os milhares, como no guia (1 567 146)."""
    return f"{n:,}".replace(",", " ")


class Svg:
    """Um SVG montado linha a linha (a ordem dos elementos é a do código)."""

    def __init__(self, largura, altura, titulo):
        self.largura, self.altura = largura, altura
        self.linhas = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{largura}" height="{altura}" '
            f'viewBox="0 0 {largura} {altura}" {FONTE}>',
            f"<title>{esc(titulo)}</title>",
            f'<rect x="0" y="0" width="{largura}" height="{altura}" fill="#ffffff"/>',
        ]
        self.texto(largura // 2, 26, titulo, tam=15, meio=True, negrito=True)

    def texto(self, x, y, s, tam=12, meio=False, fim=False, negrito=False, cor="#000000",
              girado=False):
        attrs = f'x="{x}" y="{y}" font-size="{tam}"'
        if meio:
            attrs += ' text-anchor="middle"'
        elif fim:
            attrs += ' text-anchor="end"'
        if negrito:
            attrs += ' font-weight="bold"'
        if cor != "#000000":
            attrs += f' fill="{cor}"'
        if girado:
            attrs += f' transform="rotate(-90 {x} {y})"'
        self.linhas.append(f"<text {attrs}>{esc(s)}</text>")

    def linha(self, x1, y1, x2, y2, cor="#000000", larg=1, traco=None):
        extra = f' stroke-dasharray="{traco}"' if traco else ""
        self.linhas.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
                           f'stroke="{cor}" stroke-width="{larg}"{extra}/>')

    def retangulo(self, x, y, w, h, cor, opac=None):
        extra = f' fill-opacity="{opac}"' if opac else ""
        self.linhas.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{cor}"{extra}/>')

    def poligonal(self, pontos, cor):
        p = " ".join(f"{x},{y}" for x, y in pontos)
        self.linhas.append(f'<polyline points="{p}" fill="none" stroke="{cor}" stroke-width="2.5"/>')
        for x, y in pontos:
            self.linhas.append(f'<circle cx="{x}" cy="{y}" r="4" fill="{cor}"/>')

    def legenda(self, x, y, itens):
        for cor, rotulo in itens:
            self.retangulo(x, y - 10, 14, 12, cor)
            self.texto(x + 20, y, rotulo)
            y += 18

    def fim(self):
        return "\n".join(self.linhas + ["</svg>"]) + "\n"


def grafico_linhas(titulo, rotulo_y, series, rotulos_x, log=False, fmt_y=str, rodape=()):
    """Linhas por profundidade. `series` = [(rótulo, cor, {x: y})]; o eixo x
    são as chaves de `rotulos_x`; `log` põe o eixo y em escala log10."""
    larg, alt = 660, 400
    esq, dir_, topo, base = 84, 190, 50, 70 + 16 * len(rodape)
    alt += 16 * len(rodape)
    w, h = larg - esq - dir_, alt - topo - base
    ys = [y for _, _, d in series for y in d.values()]
    if log:
        lo = math.floor(math.log10(min(ys)))
        hi = math.ceil(math.log10(max(ys)))
        marcas = [10 ** e for e in range(lo, hi + 1)]
        conv = lambda v: (math.log10(v) - lo) / (hi - lo)
    else:
        lo = 0.0
        hi = max(ys) * 1.15
        passo = passo_bonito(hi / 5)
        hi = passo * math.ceil(hi / passo)
        marcas = [passo * i for i in range(int(round(hi / passo)) + 1)]
        conv = lambda v: (v - lo) / (hi - lo)
    s = Svg(larg, alt, titulo)
    py = lambda v: round(topo + h - conv(v) * h, 1)
    xs = list(rotulos_x)
    px = lambda x: round(esq + (xs.index(x) + 0.5) * w / len(xs), 1)
    for m in marcas:
        s.linha(esq, py(m), esq + w, py(m), cor="#e2e8f0")
        s.texto(esq - 6, py(m) + 4, fmt_y(m), tam=11, fim=True)
    s.linha(esq, topo, esq, topo + h)
    s.linha(esq, topo + h, esq + w, topo + h)
    for x in xs:
        s.texto(px(x), topo + h + 18, str(x), tam=12, meio=True)
    s.texto(esq + w // 2, topo + h + 40, "profundidade (plies)", tam=12, meio=True)
    s.texto(22, topo + h // 2, rotulo_y, tam=12, meio=True, girado=True)
    for rotulo, cor, dados in series:
        s.poligonal([(px(x), py(y)) for x, y in sorted(dados.items())], cor)
    s.legenda(esq + w + 20, topo + 16, [(cor, rotulo) for rotulo, cor, _ in series])
    for i, linha in enumerate(rodape):
        s.texto(esq, topo + h + 62 + 16 * i, linha, tam=11, cor="#4a5568")
    return s.fim()


def passo_bonito(x):
    """O menor de 1, 2, 2.5 ou 5 × 10^k que não é menor que x."""
    e = math.floor(math.log10(x))
    for m in (1, 2, 2.5, 5, 10):
        if m * 10 ** e >= x:
            return m * 10 ** e
    return 10 ** (e + 1)


def nos_por_profundidade():
    hoje = {d: nos_bench(d) for d in range(1, PROF_HOJE + 1)}
    classico = {d: nos_bench(d, "--classico") for d in range(1, PROF_CLASSICO + 1)}
    return hoje, classico


def grafico_nos():
    hoje, classico = nos_por_profundidade()
    fmt = lambda v: milhar(int(v))
    return grafico_linhas(
        "Nós do ice bench por profundidade", "nós (30 posições, escala log)",
        [("ICE-rs", COR_HOJE, hoje), ("--classico (ICE 1.78)", COR_CLASSICO, classico)],
        range(1, PROF_HOJE + 1), log=True, fmt_y=fmt,
        rodape=[f"ice bench D e ice bench D --classico, uma thread; a {PROF_HOJE} plies, "
                f"{milhar(hoje[PROF_HOJE])} nós (o Bench:)",
                f"a {PROF_CLASSICO} plies: {milhar(hoje[PROF_CLASSICO])} contra "
                f"{milhar(classico[PROF_CLASSICO])} nós"])


def grafico_ramificacao():
    hoje, classico = nos_por_profundidade()
    fator = lambda d: {p: d[p] / d[p - 1] for p in d if p - 1 in d}
    fh, fc = fator(hoje), fator(classico)
    media = lambda f: sum(f.values()) / len(f)
    return grafico_linhas(
        "Fator de ramificação por profundidade", "N(D) ÷ N(D−1)",
        [("ICE-rs", COR_HOJE, fh), ("--classico (ICE 1.78)", COR_CLASSICO, fc)],
        range(2, PROF_HOJE + 1), fmt_y=lambda v: f"{v:.1f}",
        rodape=["os nós do ice bench D sobre os do ice bench D−1 (30 posições, uma thread)",
                f"média: ICE-rs {media(fh):.2f}, --classico {media(fc):.2f}; "
                f"o ICE 1.78 na WAC (Tabela 2): 4.53"])


def barras_horizontais(titulo, itens, rodape=(), largura_rotulo=330, ref=None):
    """Barras horizontais. `itens` = [(rótulo, valor, cor, texto do valor)]
    ou ("grupo", título) para um cabeçalho de grupo. `ref` = (valor, rótulo)
    desenha uma linha vertical de referência."""
    larg = largura_rotulo + 480
    alt_barra = 18
    n = len(itens)
    topo = 60
    alt = topo + n * (alt_barra + 4) + 30 + 16 * len(rodape)
    s = Svg(larg, alt, titulo)
    maximo = max(v for it in itens if it[0] != "grupo" for v in [it[1]])
    w = larg - largura_rotulo - 170
    px = lambda v: round(largura_rotulo + v / maximo * w, 1)
    y = topo
    for it in itens:
        if it[0] == "grupo":
            s.texto(8, y + 13, it[1], tam=12, negrito=True)
        else:
            rotulo, valor, cor, txt = it
            s.texto(largura_rotulo - 8, y + 13, rotulo, tam=12, fim=True)
            s.retangulo(largura_rotulo, y, round(px(valor) - largura_rotulo, 1), alt_barra, cor)
            s.texto(px(valor) + 6, y + 13, txt, tam=11)
        y += alt_barra + 4
    s.linha(largura_rotulo, topo - 4, largura_rotulo, y)
    if ref:
        s.linha(px(ref[0]), topo - 4, px(ref[0]), y, cor="#2d3748", traco="4 3")
        s.texto(px(ref[0]), topo - 8, ref[1], tam=11, meio=True)
    for i, linha in enumerate(rodape):
        s.texto(8, y + 20 + 16 * i, linha, tam=11, cor="#4a5568")
    return s.fim()


def grafico_passos():
    """As linhas de `--estatisticas`: 'passo  descrição a / b  x / y (…)'.
    Cada linha vira um grupo, cada número uma barra; o fator de
    ramificação (não é contagem) vai para o rodapé."""
    saida = ice("bench", str(PROF_PASSOS), "--estatisticas")
    itens, rodape = [], []
    tabela = saida[saida.index("passo  o que aconteceu"):].splitlines()[1:]
    valor_re = re.compile(r"^(.*?)\s+(\d+(?: \([^)]*\))?(?: / \d+(?: \([^)]*\))?)*)$")
    for linha in tabela:
        if linha.startswith("bench nodes="):
            total = int(re.search(r"nodes=(\d+)", linha).group(1))
            rodape.append(f"ice bench {PROF_PASSOS} --estatisticas: {milhar(total)} nós "
                          "nas 30 posições, uma thread")
            break
        # A coluna do passo tem 5 caracteres ("    1", "  8-9", "    Q").
        passo, resto = linha[:5].strip(), linha[5:].strip()
        m = valor_re.match(resto)
        if not m:
            if resto:
                rodape.append(re.sub(r"\s{2,}", ": ", resto))
            continue
        descr = m.group(1).strip()
        numeros = re.findall(r"\d+", re.sub(r"\([^)]*\)", "", m.group(2)))
        # "TT: sondas / achadas / cortes": o que vem antes dos dois-pontos é
        # o nome do grupo, e cada parte separada por " / " o de uma barra.
        grupo, partes = descr, [p.strip() for p in descr.split(" / ")]
        if ":" in partes[0]:
            grupo, partes[0] = partes[0].split(":", 1)
            partes[0] = partes[0].strip()
        if len(partes) != len(numeros):
            sys.exit(f"graficos.py: não sei ler a linha do --estatisticas: {linha}")
        nome = "Q" if passo == "Q" else f"passo {passo}"
        sozinho = len(partes) == 1 and grupo == descr
        itens.append(("grupo", nome if sozinho else f"{nome}: {grupo.strip()}"))
        for p, n in zip(partes, numeros):
            itens.append((p, int(n), COR_HOJE, milhar(int(n))))
    return barras_horizontais("O que cada passo da busca fez (--estatisticas)", itens,
                              rodape=rodape, largura_rotulo=300)


def grafico_sem():
    ajuda = ice("--help")
    m = re.search(r"--sem <LISTA>.*vírgula: (\S+)", ajuda)
    if not m:
        sys.exit("graficos.py: a lista do --sem sumiu do ice --help")
    nomes = m.group(1).split(",")
    base = nos_bench(PROF_PASSOS)
    itens = [("ICE-rs (tudo ligado)", base, COR_HOJE, milhar(base))]
    medidas = sorted(((nos_bench(PROF_PASSOS, "--sem", n), n) for n in nomes), reverse=True)
    for nos, n in medidas:
        itens.append((f"--sem {n}", nos, COR_NAO if nos <= base else COR_CLASSICO,
                      f"{milhar(nos)} ({100 * (nos - base) / base:+.1f} %)"))
    return barras_horizontais(
        f"Nós do ice bench {PROF_PASSOS} com cada melhoria desligada", itens,
        rodape=["laranja: a árvore cresce sem a melhoria; cinza: não cresce.",
                "Menos nós não é mais força: quem decide é o SPRT."],
        largura_rotulo=200, ref=(base, "ICE-rs"))


def grafico_elo():
    """As linhas da tabela 'Mudanças testadas por SPRT' de docs/forca.md com
    um Elo medido (+x ± y), na ordem da tabela."""
    texto = open("docs/forca.md", encoding="utf-8").read()
    secao = texto.split("## Mudanças testadas por SPRT", 1)[1].split("\n## ", 1)[0]
    linhas = []
    for linha in secao.splitlines():
        if not linha.startswith("| 20"):
            continue
        cel = [c.strip() for c in linha.strip("|").split(" | ")]
        if len(cel) < 8:
            continue
        data, mudanca, elo, entrou = cel[0], cel[1], cel[6], cel[7]
        m = re.match(r"\**([+−-]?\d+(?:\.\d+)?)\s*±\s*(\d+(?:\.\d+)?)", elo)
        if not m:
            continue
        valor = float(m.group(1).replace("−", "-"))
        erro = float(m.group(2))
        nome = re.sub(r"[*`]", "", mudanca)
        # Sem os parênteses (commits, Bench) e só até o primeiro ';'.
        nome = re.sub(r" ?\([^()]*\)", "", nome).split("; ")[0]
        if len(nome) > 58:
            nome = nome[:56].rstrip() + "…"
        sim = entrou.startswith(("sim", "entrou", "**sim"))
        linhas.append((data, nome, valor, erro, sim))
    larg, esq = 900, 470
    alt_l = 20
    topo = 60
    alt = topo + alt_l * len(linhas) + 70
    s = Svg(larg, alt, "Elo de cada mudança testada por SPRT (docs/forca.md)")
    lo = min(v - e for _, _, v, e, _ in linhas)
    hi = max(v + e for _, _, v, e, _ in linhas)
    lo, hi = 20 * ((lo // 20) - (1 if lo % 20 == 0 else 0)), 20 * (hi // 20 + 1)
    w = larg - esq - 30
    px = lambda v: round(esq + (v - lo) / (hi - lo) * w, 1)
    fundo = topo + alt_l * len(linhas)
    for t in range(int(lo), int(hi) + 1, 20):
        s.linha(px(t), topo - 6, px(t), fundo, cor="#2d3748" if t == 0 else "#e2e8f0")
        s.texto(px(t), fundo + 16, f"{t:+d}" if t else "0", tam=11, meio=True)
    s.texto(px((lo + hi) / 2), fundo + 34, "Elo (barra: a medida; traço: a margem ± do forca.md)",
            tam=12, meio=True)
    y = topo
    for data, nome, v, e, sim in linhas:
        cor = COR_SIM if sim else COR_NAO
        s.texto(esq - 8, y + 13, f"{data[5:]}  {nome}", tam=11, fim=True)
        x0, x1 = sorted((px(0), px(v)))
        s.retangulo(x0, y + 3, round(x1 - x0, 1), alt_l - 8, cor)
        s.linha(px(v - e), y + alt_l // 2, px(v + e), y + alt_l // 2, cor="#1a202c")
        s.linha(px(v - e), y + 5, px(v - e), y + alt_l - 5, cor="#1a202c")
        s.linha(px(v + e), y + 5, px(v + e), y + alt_l - 5, cor="#1a202c")
        y += alt_l
    s.legenda(esq - 440, fundo + 54, [(COR_SIM, "entrou")])
    s.legenda(esq - 340, fundo + 54, [(COR_NAO, "não entrou (H0, parado ou refeito)")])
    return s.fim()


def grafico_kpk():
    """KP×K com Re1 e Pe2 brancos, brancas a jogar: para cada casa legal do
    rei preto, o WDL das tabelas (`ice tb --lote`); as casas de empate vão
    marcadas no desenho do próprio motor (`ice desenha casas`)."""
    casas, fens = [], []
    for fileira in range(8, 0, -1):
        for col in "abcdefgh":
            c = f"{col}{fileira}"
            # Fora as casas do rei e do peão brancos, as vizinhas do rei
            # branco e as atacadas pelo peão (lance das brancas: o rei preto
            # não pode estar em xeque).
            if c in ("e1", "e2", "d1", "f1", "d2", "f2", "d3", "f3"):
                continue
            linhas = []
            for f in range(8, 0, -1):
                vazias, linha = 0, ""
                for cc in "abcdefgh":
                    peca = {"e1": "K", "e2": "P", c: "k"}.get(f"{cc}{f}")
                    if peca:
                        linha += (str(vazias) if vazias else "") + peca
                        vazias = 0
                    else:
                        vazias += 1
                linhas.append(linha + (str(vazias) if vazias else ""))
            casas.append(c)
            fens.append("/".join(linhas) + " w - - 0 1")
    r = subprocess.run(["ice", "--syzygy", "tests/data/syzygy", "tb", "--lote"],
                       input="\n".join(fens) + "\n", capture_output=True, text=True, check=True)
    respostas = [l for l in r.stdout.splitlines() if l.strip()]
    if len(respostas) != len(casas):
        sys.exit(f"graficos.py: {len(casas)} posições e {len(respostas)} respostas do ice tb")
    empates = [c for c, l in zip(casas, respostas) if l.split()[0] == "0"]
    vitorias = [c for c, l in zip(casas, respostas) if l.split()[0] == "2"]
    if len(empates) + len(vitorias) != len(casas):
        sys.exit("graficos.py: resposta do ice tb que não é vitória nem empate")
    return ice("desenha", "casas", ",".join(empates), "8/4k3/8/8/8/8/4P3/4K3 w - - 0 1",
               "--titulo", "Rei e peão × rei, brancas a jogar: onde o rei preto empata",
               "--rodape", f"{len(empates)} casas de empate (marcadas), {len(vitorias)} de "
               "vitória das brancas (ice tb --lote)")


def grafico_texel():
    """As posições de umas partidas do `ice datagen` (semente fixa, nós
    fixos: a mesma saída em qualquer máquina), agrupadas pelo escore da
    busca: a fração de pontos das brancas em cada faixa, e a curva
    σ(E) = 1 / (1 + 10^(−K·E/400)) com o K que o `ice texel` acha nelas."""
    with tempfile.TemporaryDirectory() as d:
        dados = os.path.join(d, "dados.txt")
        ice("datagen", "--jogos", str(JOGOS_TEXEL), "--nos", "2000", "--semente", "1",
            "--saida", dados)
        linhas = open(dados, encoding="utf-8").read().splitlines()
        m = re.search(r"K = (\d+\.\d+)", ice("texel", dados, "--epocas", "0", com_erros=True))
        if not m:
            sys.exit("graficos.py: o ice texel não disse o K")
        k = float(m.group(1))
    faixa = 50
    grupos = {}
    for l in linhas:
        _, escore, resultado = [c.strip() for c in l.split("|")]
        e = max(-600, min(600, int(escore)))
        g = faixa * round(e / faixa)
        grupos.setdefault(g, []).append(float(resultado))
    larg, alt = 700, 440
    esq, topo, w, h = 70, 50, 420, 300
    s = Svg(larg, alt, "Texel: o escore da busca prevê o resultado")
    px = lambda e: round(esq + (e + 600) / 1200 * w, 1)
    py = lambda r: round(topo + h - r * h, 1)
    for r in (0, 0.25, 0.5, 0.75, 1):
        s.linha(esq, py(r), esq + w, py(r), cor="#e2e8f0")
        s.texto(esq - 6, py(r) + 4, f"{r:.2f}", tam=11, fim=True)
    for e in range(-600, 601, 200):
        s.linha(px(e), topo, px(e), topo + h, cor="#e2e8f0")
        s.texto(px(e), topo + h + 18, f"{e:+d}" if e else "0", tam=11, meio=True)
    s.linha(esq, topo, esq, topo + h)
    s.linha(esq, topo + h, esq + w, topo + h)
    s.texto(esq + w // 2, topo + h + 38, "escore da busca (centipeões, brancas)", tam=12, meio=True)
    s.texto(20, topo + h // 2, "pontos das brancas", tam=12, meio=True, girado=True)
    curva = [(px(e), py(1 / (1 + 10 ** (-k * e / 400)))) for e in range(-600, 601, 25)]
    pts = " ".join(f"{x},{y}" for x, y in curva)
    s.linhas.append(f'<polyline points="{pts}" fill="none" stroke="{COR_CLASSICO}" stroke-width="2.5"/>')
    maior = max(len(v) for v in grupos.values())
    for g in sorted(grupos):
        v = grupos[g]
        raio = round(3 + 9 * math.sqrt(len(v) / maior), 1)
        s.linhas.append(f'<circle cx="{px(g)}" cy="{py(sum(v) / len(v))}" r="{raio}" '
                        f'fill="{COR_HOJE}" fill-opacity="0.75"/>')
    s.legenda(esq + w + 20, topo + 16, [(COR_HOJE, "média dos resultados"),
                                         (COR_CLASSICO, f"σ(E), K = {k:.4f}")])
    s.texto(esq + w + 20, topo + 70, "(círculo maior:", tam=11, cor="#4a5568")
    s.texto(esq + w + 20, topo + 86, "mais posições)", tam=11, cor="#4a5568")
    s.texto(esq, topo + h + 62, f"ice datagen --jogos {JOGOS_TEXEL} --nos 2000 --semente 1: "
            f"{len(linhas)} posições quietas; faixas de {faixa} cp (além de ±600, na ponta)", tam=11, cor="#4a5568")
    return s.fim()


def grafico_smp():
    """Lazy SMP: que iterações cada thread faz. A tabela vem do motor
    (`ice saltos 8 16`, que pergunta a `busca.rs::pula_iteracao` thread por
    thread): a principal nunca pula; a ajudante i pula a profundidade p
    quando ⌊(p + fase) ÷ tamanho⌋ é ímpar (SALTO_TAMANHO e SALTO_FASE de
    src/busca.rs)."""
    threads, prof_max = 8, 16
    saida = ice("saltos", str(threads), str(prof_max))
    pesquisa = {}
    for linha in saida.splitlines():
        t, bits = linha.split()
        pesquisa[int(t)] = [c == "1" for c in bits]
    if sorted(pesquisa) != list(range(threads)) or any(len(v) != prof_max for v in pesquisa.values()):
        sys.exit(f"graficos.py: ice saltos {threads} {prof_max} respondeu outra tabela:\n{saida}")
    lado = 26
    esq, topo = 150, 60
    larg = esq + prof_max * lado + 160
    alt = topo + threads * lado + 80
    s = Svg(larg, alt, "Lazy SMP: as iterações que cada thread pesquisa")
    for p in range(1, prof_max + 1):
        s.texto(esq + (p - 1) * lado + lado // 2, topo - 8, str(p), tam=11, meio=True)
    for t in range(threads):
        y = topo + t * lado
        s.texto(esq - 8, y + lado // 2 + 4, "principal" if t == 0 else f"ajudante {t}", tam=12, fim=True)
        for p in range(1, prof_max + 1):
            pula = not pesquisa[t][p - 1]
            cor = "#edf2f7" if pula else (COR_CLASSICO if t == 0 else COR_HOJE)
            s.retangulo(esq + (p - 1) * lado + 1, y + 1, lado - 2, lado - 2, cor)
    s.texto(esq + prof_max * lado // 2, topo + threads * lado + 22, "profundidade da iteração",
            tam=12, meio=True)
    s.texto(10, topo + threads * lado + 44, "cheio: a thread pesquisa a iteração; vazio: pula "
            "para a seguinte (SALTO_TAMANHO e SALTO_FASE de src/busca.rs)", tam=11, cor="#4a5568")
    s.texto(10, topo + threads * lado + 60, "a principal faz todas; as ajudantes ficam à frente "
            "dela em parte do tempo, enchendo a tabela", tam=11, cor="#4a5568")
    return s.fim()


def grafico_protocolo():
    """O diálogo xboard de verdade: o que a interface manda e o que o
    `ice --sem-livro` responde, numa busca a 4 plies da posição inicial. As
    linhas `feature option=` vão resumidas e a coluna do tempo das linhas
    de pensamento sai como "t" (é a única que muda de uma máquina para
    outra); os nós a profundidade fixa se repetem."""
    entrada = ["xboard", "protover 2", "new", "post", "sd 4", "go"]
    r = subprocess.run(["bash", "-c", "{ printf '%s\\n' \"$@\"; sleep 2; } | ice --sem-livro", "_",
                        *entrada], capture_output=True, text=True, check=True)
    saida = r.stdout.splitlines()
    opcoes = [l for l in saida if l.startswith("feature option=")]
    mensagens = [("i", l) for l in entrada[:2]]
    for l in saida:
        if l.startswith("feature option="):
            if l == opcoes[0]:
                mensagens.append(("m", f"feature option=… ({len(opcoes)} linhas: as opções)"))
            continue
        if l.startswith("feature myname"):
            l = l[:60] + " …"
        if l.startswith("feature done=1"):
            mensagens.append(("m", l))
            mensagens += [("i", c) for c in entrada[2:]]
            continue
        m = re.match(r"^\s*(\d+)\s+(-?\d+)\s+\d+\s+(\d+)\s+(.*)$", l)
        if m:
            l = f"{m.group(1):>2} {m.group(2):>4}  t {m.group(3):>5}  {m.group(4)}"
        mensagens.append(("m", l))
    larg, passo, topo = 760, 21, 70
    alt = topo + passo * len(mensagens) + 50
    s = Svg(larg, alt, "O protocolo xboard: a interface e o motor conversam por texto")
    xi, xm = 90, 670
    s.texto(xi, 50, "interface (XBoard)", tam=13, meio=True, negrito=True)
    s.texto(xm, 50, "motor (ice)", tam=13, meio=True, negrito=True)
    fundo = topo + passo * len(mensagens)
    s.linha(xi, 56, xi, fundo, cor="#a0aec0", larg=2)
    s.linha(xm, 56, xm, fundo, cor="#a0aec0", larg=2)
    y = topo
    for lado, texto in mensagens:
        if lado == "i":
            s.linha(xi, y + 4, xm - 6, y + 4, cor=COR_HOJE, larg=1.5)
            s.linhas.append(f'<polygon points="{xm},{y + 4} {xm - 8},{y} {xm - 8},{y + 8}" fill="{COR_HOJE}"/>')
            s.linhas.append(f'<text x="{xi + 8}" y="{y}" font-size="12" fill="{COR_HOJE}" '
                            f'font-family="DejaVu Sans Mono, monospace" xml:space="preserve" style="white-space:pre">{esc(texto)}</text>')
        else:
            s.linha(xi + 6, y + 4, xm, y + 4, cor=COR_CLASSICO, larg=1)
            s.linhas.append(f'<polygon points="{xi},{y + 4} {xi + 8},{y} {xi + 8},{y + 8}" fill="{COR_CLASSICO}"/>')
            s.linhas.append(f'<text x="{xm - 420}" y="{y}" font-size="11" fill="{COR_CLASSICO}" '
                            f'font-family="DejaVu Sans Mono, monospace" xml:space="preserve" style="white-space:pre">{esc(texto)}</text>')
        y += passo
    s.texto(10, fundo + 24, "azul: a interface manda; laranja: o motor responde. Linhas de pensamento: "
            "ply, escore, tempo (t), nós, PV", tam=11, cor="#4a5568")
    return s.fim()


def tela_do_jogar(lances, largura=100, altura=40):
    """A tela do `ice jogar` num pseudo-terminal do tmux (um servidor só
    deste script): uma partida sem livro, a 20 000 nós por lance (os lances
    do motor se repetem em qualquer máquina), com os `lances` digitados um a
    um, cada um depois do prompt anterior. Devolve as linhas da tela."""
    import shutil
    import time
    binario = shutil.which("ice")
    if not binario or not shutil.which("tmux"):
        sys.exit("graficos.py: o gráfico jogar precisa do ice no PATH e do tmux")
    sock = f"ice-guia-{os.getpid()}"

    def tmux(*args):
        return subprocess.run(["tmux", "-u", "-L", sock, *args], capture_output=True,
                              text=True, check=False, env={**os.environ, "TERM": "xterm-256color"})

    def tela():
        return tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "guia").stdout

    def espera(n):
        fim = time.time() + 60
        while tela().count(") > ") < n:
            if time.time() > fim:
                tmux("kill-server")
                sys.exit("graficos.py: o ice jogar não respondeu a tempo")
            time.sleep(0.05)

    cmd = f"'{binario}' --sem-livro jogar --nos 20000"
    tmux("new-session", "-d", "-s", "guia", "-x", str(largura), "-y", str(altura), cmd)
    try:
        espera(1)
        for n, l in enumerate(lances, start=2):
            tmux("send-keys", "-t", "guia", "-l", l)
            tmux("send-keys", "-t", "guia", "Enter")
            espera(n)
        linhas = tela().rstrip("\n").splitlines()
    finally:
        tmux("kill-server")
    return linhas


def grafico_jogar():
    """A tela de uma partida em andamento no `ice jogar`, como o terminal a
    mostra: 1. e4, 2. Nf3 e um `hint`. Os relógios saem como -:-- (são o
    único número que muda de uma máquina para outra)."""
    linhas = tela_do_jogar(["e4", "Nf3", "hint"])
    # Do último tabuleiro até o prompt do fim.
    inicio = max(i for i, l in enumerate(linhas) if re.match(r"^\s+a  b  c", l)) - 9
    linhas = [re.sub(r"\b\d+:\d\d\b", "-:--", l) for l in linhas[inicio:]]
    passo, topo, margem = 18, 60, 20
    larg, alt = 820, topo + passo * len(linhas) + 20
    s = Svg(larg, alt, "ice jogar: uma partida no terminal")
    s.retangulo(margem - 8, topo - 18, larg - 2 * margem + 16, passo * len(linhas) + 12, "#1a202c")
    y = topo
    for l in linhas:
        s.linhas.append(f'<text x="{margem}" y="{y}" font-size="13" fill="#e2e8f0" '
                        f'font-family="DejaVu Sans Mono, monospace" xml:space="preserve" '
                        f'style="white-space:pre">{esc(l)}</text>')
        y += passo
    return s.fim()


GRAFICOS = {
    "nos": grafico_nos,
    "ramificacao": grafico_ramificacao,
    "passos": grafico_passos,
    "sem": grafico_sem,
    "elo": grafico_elo,
    "kpk": grafico_kpk,
    "texel": grafico_texel,
    "smp": grafico_smp,
    "protocolo": grafico_protocolo,
    "jogar": grafico_jogar,
}

if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in GRAFICOS:
        sys.exit(f"uso: graficos.py <{'|'.join(GRAFICOS)}>")
    sys.stdout.write(GRAFICOS[sys.argv[1]]())
