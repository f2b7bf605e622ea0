#!/usr/bin/env bash
# datagen.sh [JOGOS] [THREADS]
#
# Gera as posições de treino da afinação de Texel com `ice datagen`: partidas
# do ICE-rs contra si mesmo a nós fixos por lance, uma linha por posição
# quieta ("FEN | escore | resultado"). Os dados ficam fora do repositório
# (padrão target/dados/); são reprodutíveis: mesma semente, mesmo arquivo.
#
# Um milhão de posições pede umas 14 mil partidas (~70 posições guardadas
# por partida): com 2 núcleos, perto de meia hora a 5000 nós por lance.
#
# Ambiente: NOS=5000  SEMENTE=1  DADOS=target/dados
# Depois: cargo run --release --example texel -- $DADOS/posicoes-S1.txt ...
set -euo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2
JOGOS=${1:-14000}
THREADS=${2:-$(nproc)}
NOS=${NOS:-5000}
SEMENTE=${SEMENTE:-1}
DADOS=${DADOS:-target/dados}
mkdir -p "$DADOS"
compila --bin ice
SAIDA=$DADOS/posicoes-S$SEMENTE-J$JOGOS-N$NOS.txt
echo "datagen: $JOGOS partidas a $NOS nós por lance, $THREADS threads, semente $SEMENTE → $SAIDA" >&2
target/release/ice datagen --jogos "$JOGOS" --nos "$NOS" --semente "$SEMENTE" \
    --threads "$THREADS" --saida "$SAIDA"
echo "datagen: $(wc -l <"$SAIDA") posições em $SAIDA" >&2
