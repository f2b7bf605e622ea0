#!/usr/bin/env bash
# Compara a velocidade do perft do ICE-rs com o `go perft` do Stockfish
# (pacote Debian `stockfish`), nas mesmas posições e na mesma execução.
# Imprime nós/s de cada um e a razão ICE-rs / Stockfish.
set -eu
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2
SF=${STOCKFISH:-$(command -v stockfish || echo /usr/games/stockfish)}
[ -x "$SF" ] || { echo "stockfish não encontrado (apt-get install stockfish)"; exit 2; }
compila
posicoes=(
  "6|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
  "5|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
)
for item in "${posicoes[@]}"; do
  d=${item%%|*}; fen=${item#*|}
  linha=$(./target/release/ice perft "$d" "$fen" | tail -1)
  ice_nos=$(echo "$linha" | sed 's/.*nodes=\([0-9]*\).*/\1/')
  ice_nps=$(echo "$linha" | sed 's/.*nps=\([0-9]*\).*/\1/')
  inicio=$(date +%s%N)
  sf_saida=$(printf 'position fen %s\ngo perft %s\nquit\n' "$fen" "$d" | "$SF" 2>/dev/null | grep -i "Nodes searched")
  fim=$(date +%s%N)
  sf_nos=$(echo "$sf_saida" | awk '{print $3}')
  sf_ms=$(( (fim - inicio) / 1000000 ))
  sf_nps=$(( sf_nos * 1000 / (sf_ms > 0 ? sf_ms : 1) ))
  razao=$(awk -v a="$ice_nps" -v b="$sf_nps" 'BEGIN{printf "%.2f", a/b}')
  echo "perft $d: ICE-rs nodes=$ice_nos nps=$ice_nps | Stockfish nodes=$sf_nos nps=$sf_nps (inclui partida do processo) | razão ${razao}x"
  [ "$ice_nos" = "$sf_nos" ] || echo "ATENÇÃO: contagens diferentes"
done
