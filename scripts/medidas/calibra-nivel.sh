#!/usr/bin/env bash
# calibra-nivel.sh [JOGOS] [TC]
#
# Calibra a força limitada (UCI_LimitStrength/UCI_Elo, `ice --elo N`): joga o
# ICE-rs em cada nível de NIVEIS contra os adversários de OPONENTES (a escada
# do Debian e o próprio `--classico`), converte cada placar em diferença de
# Elo e, somando a Elo de referência do adversário (ANCORAS), estima o Elo
# medido do nível (média dos adversários pesada pelo inverso da variância).
# Escreve a tabela pedido × medido, com a margem de 95 %, em docs/forca.md
# (seção "Calibração da força limitada") e em $SAIDA/calibracao.md.
#
# As âncoras são Elo de uma lista publicada (diga qual, com a data, em
# FONTE_ANCORAS): sem elas o script não inventa números e para. O
# `--classico` (o ICE 1.78 do ICE-rs) entra como adversário ancorado pelo
# que ele mesmo mediu contra os ancorados, se ANCORAS tiver "classico:N".
# Abaixo do adversário ancorado mais fraco, os níveis se encadeiam: o
# adversário "nivelN" é o próprio ICE-rs em `--elo N`, ancorado pelo Elo que
# o nível N mediu antes ("nivel1700:1690" em ANCORAS). Em NIVEIS, "icebr"
# mede o nível IceBR (`--icebr`) na mesma tabela.
#
# Ambiente:
#   NIVEIS="1400 1700 2000 2300 2600"
#   OPONENTES="fairymax phalanx gnuchess toga2 classico"
#   ANCORAS="fairymax:E1 phalanx:E2 gnuchess:E3 toga2:E4"   (obrigatório)
#   FONTE_ANCORAS="CCRL 40/4, 2026-xx-xx"                   (obrigatório)
#   MOTOR=target/release/ice  CONCORRENCIA=2  SEMENTE=1  HASH=64
#   SAIDA=target/calibracao  ANOTA=1 (0: não escreve em docs/forca.md)
#   BUILD=<hash do binário medido> (padrão: o HEAD do repositório)
#   ACUMULA=0 (1: soma aos resultados de rodadas anteriores no mesmo SAIDA,
#             para medir um nível por vez e encadear os de baixo)
# Exemplo: ANCORAS="phalanx:2200 toga2:2650" FONTE_ANCORAS="…" scripts/medidas/calibra-nivel.sh 100 10+0.1
set -uo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2
JOGOS=${1:-100}
TC=${2:-10+0.1}
NIVEIS=${NIVEIS:-1400 1700 2000 2300 2600}
OPONENTES=${OPONENTES:-fairymax phalanx gnuchess toga2 classico}
ANCORAS=${ANCORAS:-}
FONTE_ANCORAS=${FONTE_ANCORAS:-}
MOTOR=${MOTOR:-target/release/ice}
CONCORRENCIA=${CONCORRENCIA:-2}
SEMENTE=${SEMENTE:-1}
HASH=${HASH:-64}
SAIDA=${SAIDA:-target/calibracao}
ANOTA=${ANOTA:-1}
ACUMULA=${ACUMULA:-0}
[ -n "$ANCORAS" ] && [ -n "$FONTE_ANCORAS" ] || {
    sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'
    echo "calibra-nivel: faltam ANCORAS e FONTE_ANCORAS (Elo publicados dos adversários)" >&2
    exit 2
}
precisa_python_chess
compila_motor
mkdir -p "$SAIDA"
# O binário medido é uma cópia: recompilar durante a calibração não muda nada.
cp "$MOTOR" "$SAIDA/ice"
MOTOR=$SAIDA/ice
BUILD=${BUILD:-$(git log -1 --format=%h 2>/dev/null || echo '?')}

resultados=$SAIDA/resultados.txt
[ "$ACUMULA" = 1 ] || : >"$resultados"
for nivel in $NIVEIS; do
    for nome in $OPONENTES; do
        # O --classico é o próprio ICE-rs (o binário copiado), pelo xboard.
        if [ "$nome" = classico ]; then
            cmd="$MOTOR --classico" proto=xboard
        elif [ "${nome#nivel}" != "$nome" ]; then
            cmd="$MOTOR --elo ${nome#nivel} --sem-livro --semente-nivel 7" proto=xboard
        else
            info=$(adversario "$nome") || { echo "calibra-nivel: adversário desconhecido: $nome" >&2; exit 2; }
            IFS='|' read -r cmd proto _ <<<"$info"
        fi
        opcoes=()
        [ "$proto" = uci ] && opcoes=(option.Hash="$HASH" option.Threads=1)
        resumo=$SAIDA/$nivel-$nome.txt
        echo "calibra-nivel: ICE-rs --elo $nivel x $nome, $JOGOS jogos a $TC" >&2
        if [ "$nivel" = icebr ]; then medido="$MOTOR --icebr --sem-livro"; else medido="$MOTOR --elo $nivel --sem-livro"; fi
        python3 scripts/medidas/match.py \
            --engine name=ice-rs cmd="$medido" proto=xboard memory="$HASH" \
            --engine name="$nome" cmd="$cmd" proto="$proto" "${opcoes[@]}" \
            --tc "$TC" --games "$JOGOS" --concurrency "$CONCORRENCIA" \
            --openings tests/data/8moves_v3-sample2000.epd --order random --seed "$SEMENTE" \
            --pgnout "$SAIDA/$nivel-$nome.pgn" >"$resumo" 2>&1
        placar=$(sed -n 's/.*: \([0-9]*\) games, W\/D\/L = \([0-9]*\)\/\([0-9]*\)\/\([0-9]*\).*/\1 \2 \3 \4/p' "$resumo" | tail -1)
        [ -n "$placar" ] || { echo "calibra-nivel: $resumo sem placar" >&2; tail -5 "$resumo" >&2; exit 1; }
        echo "$nivel $nome $placar" >>"$resultados"
        echo "  $nivel x $nome: jogos/V/E/D = $placar" >&2
    done
done

tabela=$(python3 - "$resultados" "$ANCORAS" "$FONTE_ANCORAS" "$TC" "$BUILD" <<'PY'
import math, sys, datetime
arquivo, ancoras_txt, fonte, tc, build = sys.argv[1:6]
ancoras = {a.split(":")[0]: float(a.split(":")[1]) for a in ancoras_txt.split()}
por_nivel = {}
limites = {}
for linha in open(arquivo):
    nivel, nome, n, w, d, l = linha.split()
    n, w, d, l = int(n), int(w), int(d), int(l)
    if nome not in ancoras or n == 0:
        continue
    if w + d == 0 or l + d == 0:
        # 0 % ou 100 %: só um limite (o Elo ficaria infinito, e o placar
        # "corrigido" teria uma variância pequena que não é informação).
        limites.setdefault(nivel, []).append((f"{nome} {100 * (w + 0.5 * d) / n:.0f} %", n))
        continue
    p = (w + 0.5 * d) / n
    elo = -400 * math.log10(1 / p - 1)
    # Variância do placar por jogo (com os empates) e, pela derivada, a do Elo.
    var_p = (w * (1 - p) ** 2 + d * (0.5 - p) ** 2 + l * p ** 2) / n / n
    deriv = 400 / math.log(10) / (p * (1 - p))
    var = max(var_p, 1e-6) * deriv ** 2
    por_nivel.setdefault(nivel, []).append((ancoras[nome] + elo, var, nome, n, p))
print(f"Build `{build}`, {tc}, âncoras: {fonte} ({ancoras_txt}).\n")
print("| pedido | medido | ± 95 % | pedido − medido | jogos | adversários (placar) |")
print("|---|---|---|---|---|---|")
for nivel in sorted(por_nivel, key=lambda x: (not x.isdigit(), int(x) if x.isdigit() else 0)):
    xs = por_nivel[nivel]
    peso = sum(1 / v for _, v, *_ in xs)
    medido = sum(e / v for e, v, *_ in xs) / peso
    margem = 1.96 / math.sqrt(peso)
    jogos = sum(n for *_, n, _ in xs)
    advs = ", ".join(f"{nome} {100 * p:.0f} %" for _, _, nome, _, p in xs)
    if nivel in limites:
        advs += "; fora da conta (só limite): " + ", ".join(t for t, _ in limites[nivel])
        jogos += sum(n for _, n in limites[nivel])
    diferenca = f"{int(nivel) - medido:+.0f}" if nivel.isdigit() else "—"
    print(f"| {nivel} | {medido:.0f} | {margem:.0f} | {diferenca} | {jogos} | {advs} |")
PY
) || exit 1
echo "$tabela" | tee "$SAIDA/calibracao.md"
if [ "$ANOTA" = 1 ]; then
    {
        echo
        echo "## Calibração da força limitada ($(date +%F), scripts/medidas/calibra-nivel.sh)"
        echo
        echo "$tabela"
    } >>docs/forca.md
fi
