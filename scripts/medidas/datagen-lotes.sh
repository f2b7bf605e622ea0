#!/usr/bin/env bash
# datagen-lotes.sh [LOTES] — os dados da força III em lotes que se retomam.
#
# Cada lote k é `ice datagen --jogos $JOGOS --semente $((BASE + k*JOGOS))
# --nos $NOS --por-partida $POR`: as sementes não se repetem entre lotes, e
# um lote perdido se refaz igual (mesma build, mesma semente, mesma saída).
# O lote é escrito num .tmp e renomeado no fim: um lote interrompido (a
# sessão acabou) é refeito inteiro, e os prontos são pulados. Os lotes ficam
# fora do git (padrão /work/dados/forca3), com um registro de cada um em
# $DADOS/lotes.log (semente, build, posições, segundos).
#
# Ambiente: ICE=target/release/ice  DADOS=/work/dados/forca3  JOGOS=2000
#           NOS=5000  POR=30  BASE=10000000  THREADS=1
#           ABERTURAS=  (vazio: oito lances ao acaso da posição inicial; um
#           arquivo EPD, p.ex. tests/data/UHO_4060_v2-sample20000.epd: cada
#           partida parte de uma posição dele mais dois lances ao acaso)
set -euo pipefail
ICE=${ICE:-target/release/ice}
DADOS=${DADOS:-/work/dados/forca3}
JOGOS=${JOGOS:-2000}
NOS=${NOS:-5000}
POR=${POR:-30}
BASE=${BASE:-10000000}
THREADS=${THREADS:-1}
ABERTURAS=${ABERTURAS:-}
LOTES=${1:-150}
mkdir -p "$DADOS"
build=$("$ICE" --version 2>/dev/null | head -n 1)
# Um arquivo de aberturas vira um argumento a mais (o array vazio não passa nada).
extra=()
[ -n "$ABERTURAS" ] && extra=(--aberturas "$ABERTURAS")
for ((k = 0; k < LOTES; k++)); do
  saida=$(printf '%s/lote-%04d.txt' "$DADOS" "$k")
  [ -s "$saida" ] && continue
  semente=$((BASE + k * JOGOS))
  inicio=$(date +%s)
  "$ICE" --sem-livro datagen --jogos "$JOGOS" --nos "$NOS" --semente "$semente" \
    --threads "$THREADS" --por-partida "$POR" ${extra[@]+"${extra[@]}"} --saida "$saida.tmp" 2>>"$DADOS/datagen.err"
  mv "$saida.tmp" "$saida"
  echo "lote $k semente $semente jogos $JOGOS nos $NOS por-partida $POR aberturas '${ABERTURAS:-acaso}' build '$build'" \
    "posicoes $(wc -l <"$saida") segundos $(( $(date +%s) - inicio ))" >>"$DADOS/lotes.log"
done
