#!/usr/bin/env bash
# gauntlet.sh [JOGOS] [TC]
#
# Mede a força do ICE-rs contra a escada de motores do Debian e anota o
# resultado em docs/forca.md: uma linha datada por adversário (placar, Elo
# com a margem de 95 %, jogos, faltas, build e Bench:). Cada adversário joga
# um match próprio com scripts/medidas/match.py (concorrência 2, aberturas 8moves com
# cores trocadas), para que cada um possa ter o seu número de partidas.
#
# A escada (do mais fraco ao mais forte): fairymax (Fairy-Max 5.0b, xboard),
# phalanx (Phalanx XXV, xboard), gnuchess (GNU Chess 6, UCI: o xboard dele não
# é confiável), toga2 (Toga II 3.0, UCI), glaurung (Glaurung 2.2, UCI).
# Os que faltarem são instalados com apt-get (precisa ser root).
#
# Ambiente (opcionais):
#   OPONENTES="fairymax phalanx gnuchess toga2 glaurung"; cada um pode levar o
#       seu número de jogos: OPONENTES="phalanx:100 gnuchess:200 toga2:200",
#       e uma vantagem de tempo: "toga2x3:400" dá ao Toga II o triplo do
#       relógio (tcfactor=3 do match.py; a linha do forca.md diz "Toga II 3.0 ×3")
#   MOTOR=target/release/ice  CONCORRENCIA=2  SEMENTE=1  HASH=64
#   SAIDA=target/gauntlet (PGN e resumos)  FORCA=docs/forca.md
#   ANOTA=1 (0: não escreve em docs/forca.md)  NOTA="texto livre da linha"
# Exemplo: OPONENTES="phalanx:100 gnuchess:200 toga2:200" scripts/medidas/gauntlet.sh 200 10+0.1
set -uo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2
JOGOS=${1:-100}
TC=${2:-10+0.1}
OPONENTES=${OPONENTES:-fairymax phalanx gnuchess toga2 glaurung}
MOTOR=${MOTOR:-target/release/ice}
CONCORRENCIA=${CONCORRENCIA:-2}
SEMENTE=${SEMENTE:-1}
HASH=${HASH:-64}
SAIDA=${SAIDA:-target/gauntlet}
FORCA=${FORCA:-docs/forca.md}

# insere_linha LINHA: põe a linha no fim da tabela dos matches, a primeira de
# $FORCA (antes da seção dos SPRT); sem essa seção, no fim do arquivo.
insere_linha() {
    LINHA="$1" python3 - "$FORCA" <<'PY'
import os, sys
caminho = sys.argv[1]
linhas = open(caminho, encoding="utf-8").read().split("\n")
secao = next((i for i, l in enumerate(linhas) if l.startswith("## Mudanças testadas por SPRT")), len(linhas))
ultima = max((i for i, l in enumerate(linhas[:secao]) if l.startswith("|")), default=secao - 1)
linhas.insert(ultima + 1, os.environ["LINHA"])
open(caminho, "w", encoding="utf-8").write("\n".join(linhas))
PY
}
ANOTA=${ANOTA:-1}
NOTA=${NOTA:-}

precisa_python_chess
compila_motor
mkdir -p "$SAIDA"
# O binário medido é uma cópia feita antes da primeira partida: recompilar
# durante o gauntlet (outra sessão, um ajudante) não muda o que se mede.
cp "$MOTOR" "$SAIDA/ice-medido"
MOTOR=$SAIDA/ice-medido
BUILD=$(git log -1 --format=%h 2>/dev/null || echo '?')
[ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] && BUILD="$BUILD+mudanças"
# A última linha do bench é a do OpenBench: "N nodes R nps".
BENCH=$("$MOTOR" bench 2>/dev/null | tail -1 | sed -n 's/^\([0-9]*\) nodes [0-9]* nps$/\1/p')
falhou=0
for item in $OPONENTES; do
    nome=${item%%:*}
    n=$JOGOS
    [ "$item" != "$nome" ] && n=${item#*:}
    fator=1
    # o nome pode terminar em dígito (toga2x3): o fator é o que vem depois do último x
    if [[ $nome =~ ^(.+)x([0-9]+(\.[0-9]+)?)$ ]]; then
        nome=${BASH_REMATCH[1]} fator=${BASH_REMATCH[2]}
    fi
    if ! info=$(adversario "$nome"); then
        echo "gauntlet: adversário desconhecido: $nome" >&2; falhou=1; continue
    fi
    IFS='|' read -r cmd proto pacote titulo <<<"$info"
    [ "$fator" != 1 ] && titulo="$titulo ×$fator"
    instala_pacote "$pacote" "${cmd%% *}" || { falhou=1; continue; }
    opcoes=()
    [ "$proto" = uci ] && opcoes=(option.Hash="$HASH" option.Threads=1)
    resumo=$SAIDA/$nome$([ "$fator" != 1 ] && echo "x$fator").txt
    echo "gauntlet: ICE-rs x $titulo, $n jogos a $TC" >&2
    python3 scripts/medidas/match.py \
        --engine name=ice-rs cmd="$MOTOR" proto=xboard memory="$HASH" \
        --engine name="$nome" cmd="$cmd" proto="$proto" tcfactor="$fator" "${opcoes[@]}" \
        --tc "$TC" --games "$n" --concurrency "$CONCORRENCIA" \
        --openings tests/data/8moves_v3-sample2000.epd --order random --seed "$SEMENTE" \
        --pgnout "${resumo%.txt}.pgn" >"$resumo" 2>&1
    tail -n 8 "$resumo"
    linha=$(python3 - "$resumo" "$titulo" "$TC" "$BUILD" "$BENCH" "$NOTA" <<'PY'
import datetime, re, sys
texto = open(sys.argv[1]).read()
titulo, tc, build, bench, nota = sys.argv[2:7]
jogos = re.search(r": (\d+) games, W/D/L = (\d+)/(\d+)/(\d+)", texto)
if not jogos:
    sys.exit(1)
n, w, d, l = (int(x) for x in jogos.groups())
m = re.search(r"= ([\d.]+)%\s+Elo difference: (\S+) \+/- (\S+)", texto)
placar, elo, margem = (m.group(1), m.group(2), m.group(3)) if m else ("?", "?", "?")
# faltas: as quatro colunas (tempo, ilegal, queda, outra) de cada motor, nas
# linhas que seguem "Faults per engine:" (o ICE-rs primeiro, o adversário depois)
linhas = texto.splitlines()
faltas = {}
for i, lin in enumerate(linhas):
    if lin.startswith("Faults per engine:"):
        for f in linhas[i + 1:i + 3]:
            c = f.split()
            if len(c) == 5:
                faltas[c[0]] = "/".join(c[1:])
f_ice = faltas.pop("ice-rs", "?")
f_adv = next(iter(faltas.values()), "?")
data = datetime.date.today().isoformat()
print(f"| {data} | {titulo} | {tc} | {n} | +{w} ={d} −{l} | {placar} % | {elo} ± {margem} | {f_ice} | {f_adv} | `{build}` | {bench} | {nota} |")
PY
) || { echo "gauntlet: o match contra $nome não terminou partidas (veja $resumo)" >&2; falhou=1; continue; }
    echo "$linha"
    if [ "$ANOTA" = 1 ]; then
        insere_linha "$linha"
    fi
done
exit $falhou
