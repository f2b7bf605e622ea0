#!/usr/bin/env bash
# Roda a suíte de perft pelo binário (`ice perft`) e imprime "N passed, M failed".
# Uso: scripts/medidas/perft.sh [arquivo.epd] [teto de nós por conta]
set -u
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2
SUITE=${1:-tests/data/perftsuite.epd}
TETO=${2:-20000000}
compila
ok=0; falha=0
while IFS= read -r linha; do
  [ -z "$linha" ] && continue
  fen=${linha%%;*}; fen=$(echo "$fen" | sed 's/ *$//')
  IFS=';' read -ra partes <<< "${linha#*;}"
  for p in "${partes[@]}"; do
    p=$(echo "$p" | xargs); d=${p%% *}; d=${d#D}; n=${p#* }
    [ "$n" -gt "$TETO" ] && continue
    obtido=$(./target/release/ice perft "$d" "$fen" | tail -1 | sed 's/.*nodes=\([0-9]*\).*/\1/')
    if [ "$obtido" = "$n" ]; then ok=$((ok+1)); else falha=$((falha+1)); echo "FALHA: perft $d $fen: $obtido != $n"; fi
  done
done < "$SUITE"
echo "$ok passed, $falha failed"
[ "$falha" -eq 0 ]
