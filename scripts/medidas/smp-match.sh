#!/usr/bin/env bash
# smp-match.sh [JOGOS] [TC]
#
# O que o Lazy SMP vale em partidas: o ICE-rs com `cores 2` contra o mesmo binário com
# `cores 1`, pelo scripts/medidas/match.py (o `cores N` vai pelo protocolo: o motor anuncia smp=1),
# uma partida por vez (concorrência 1: o motor de 2 threads precisa dos 2 núcleos), das
# aberturas tests/data/8moves_v3-sample2000.epd (cada uma com as duas cores). Imprime o resumo
# do match.py (placar e diferença de Elo do ponto de vista do motor de 2 threads) e, no fim,
# uma linha só para o registro.
#
# Padrão: 200 jogos a 5+0.05. Rode numa máquina parada de pelo menos 2 núcleos.
# Ambiente (opcionais):
#   MOTOR=target/release/ice  CORES=2 (threads do primeiro motor)  HASH=64 (MB por motor)
#   SEMENTE=aleatória  SAIDA=target/smp-match (PGN e resumo)  MOTOR_ARGS="" (ex.: --sem-livro)
# Ex.: scripts/medidas/smp-match.sh 200 5+0.05      (a medida)
#      scripts/medidas/smp-match.sh 2 1+0.01        (confere que o script roda)
set -euo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2

JOGOS=${1:-200}
TC=${2:-5+0.05}
MOTOR=${MOTOR:-target/release/ice}
CORES=${CORES:-2}
HASH=${HASH:-64}
SEMENTE=${SEMENTE:-$RANDOM}
SAIDA=${SAIDA:-target/smp-match}
MOTOR_ARGS=${MOTOR_ARGS:-}

precisa_python_chess
compila_motor
executavel "$MOTOR"
SAIDA=$(dir_absoluto "$SAIDA") || falta "não consigo criar $SAIDA"
RESUMO=$SAIDA/resumo-$(date +%Y%m%d-%H%M%S).txt

echo "smp-match: $MOTOR cores=$CORES x cores=1, $JOGOS jogos a $TC, hash $HASH MB, semente $SEMENTE" >&2
echo "smp-match: $("$MOTOR" bench 2>/dev/null | tail -1)" >&2
python3 scripts/medidas/match.py \
    --engine name="ice-${CORES}t" cmd="$MOTOR $MOTOR_ARGS" proto=xboard memory="$HASH" cores="$CORES" \
    --engine name=ice-1t cmd="$MOTOR $MOTOR_ARGS" proto=xboard memory="$HASH" cores=1 \
    --tc "$TC" --games "$JOGOS" --concurrency 1 \
    --openings tests/data/8moves_v3-sample2000.epd --order random --seed "$SEMENTE" \
    --pgnout "$SAIDA/partidas.pgn" | tee "$RESUMO"

# A linha do registro: "cores 2 x cores 1, 200 jogos a 5+0.05: +W =D -L (S %), Elo ± m".
python3 - "$RESUMO" "$CORES" "$TC" <<'PY'
import re, sys
texto = open(sys.argv[1]).read()
cores, tc = sys.argv[2:4]
jogos = re.findall(r": (\d+) games, W/D/L = (\d+)/(\d+)/(\d+)", texto)
elo = re.findall(r"Score: \S+ = ([\d.]+)%\s+Elo difference: ([+-]?[\d.inf]+) \+/- ([\d.inf]+)", texto)
if not jogos:
    print("smp-match: o match não terminou nenhuma partida", file=sys.stderr)
    sys.exit(1)
n, w, d, l = jogos[-1]
e = f" ({elo[-1][0]} %), {elo[-1][1]} ± {elo[-1][2]} Elo" if elo else ""
print(f"smp-match: cores {cores} x cores 1, {n} jogos a {tc}: +{w} ={d} -{l}{e}")
PY
