#!/usr/bin/env bash
# Tempo de parede de dois binários no mesmo comando, em pares alternados
# A B A B (o processo inteiro, como o /usr/bin/time mede), depois de uma
# execução de aquecimento de cada um. Imprime, por par, os dois tempos e a
# razão A/B, e no fim a mediana, o mínimo e o máximo das razões, e os nós
# (o último `nodes=N` da saída, o do `ice bench`) de cada lado, para a razão
# de nps.
# A máquina deve estar parada (nenhum jogo, SPRT ou geração de dados).
#
# uso: scripts/medidas/tempo-ab.sh A B [PARES] [ARGUMENTOS...]
#   PARES: 8; ARGUMENTOS: bench (o ice bench de 30 posições)
#   CPU=N prende os dois à CPU N (taskset), como nas medidas de forca.md.
set -euo pipefail
A=${1:?uso: tempo-ab.sh A B [PARES] [ARGUMENTOS...]}
B=${2:?uso: tempo-ab.sh A B [PARES] [ARGUMENTOS...]}
# Um nome sem barra que é um arquivo daqui vira caminho (senão o shell o
# procuraria no PATH).
[ -f "$A" ] && A=$(realpath "$A")
[ -f "$B" ] && B=$(realpath "$B")
for x in "$A" "$B"; do
    command -v "$x" >/dev/null || { echo "tempo-ab.sh: $x não é executável" >&2; exit 1; }
done
PARES=${3:-8}
shift $(( $# < 3 ? $# : 3 ))
ARGS=("$@")
[ ${#ARGS[@]} -eq 0 ] && ARGS=(bench)
PRENDE=()
[ -n "${CPU:-}" ] && PRENDE=(taskset -c "$CPU")

# Roda um binário e escreve "milissegundos nós" (nós: o último número de
# `nodes=` na saída, ou 0).
roda() {
    local ini fim saida nos
    ini=$(date +%s%N)
    saida=$("${PRENDE[@]}" "$1" "${ARGS[@]}" 2>&1) || {
        echo "tempo-ab.sh: $1 ${ARGS[*]} falhou" >&2
        exit 1
    }
    fim=$(date +%s%N)
    nos=$(printf '%s\n' "$saida" | grep -o 'nodes=[0-9]*' | tail -n 1 | cut -d= -f2)
    echo "$(( (fim - ini) / 1000000 )) ${nos:-0}"
}

roda "$A" >/dev/null
roda "$B" >/dev/null
razoes=()
for p in $(seq 1 "$PARES"); do
    read -r ta na < <(roda "$A")
    read -r tb nb < <(roda "$B")
    r=$(awk -v a="$ta" -v b="$tb" 'BEGIN { printf "%.3f", a / b }')
    razoes+=("$r")
    echo "par $p: A ${ta} ms, B ${tb} ms, A/B $r"
done
printf '%s\n' "${razoes[@]}" | sort -n | awk -v na="$na" -v nb="$nb" '
    { v[NR] = $1 }
    END {
        med = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "tempo A/B: mediana %.3f (%.3f–%.3f) em %d pares\n", med, v[1], v[NR], NR
        if (na > 0 && nb > 0)
            printf "nós A %d, B %d (A/B %.4f); nps A/B ≈ %.3f\n", na, nb, na / nb, (na / nb) / med
    }'
