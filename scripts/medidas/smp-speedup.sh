#!/usr/bin/env bash
# smp-speedup.sh [D] [THREADS]
#
# Speed-up do Lazy SMP em tempo até a profundidade: para cada uma das posições do bench
# (POSICOES_BENCH em src/bench.rs), o mesmo binário pesquisa até a profundidade D com 1 thread
# e com THREADS threads (`ice busca FEN --profundidade D --threads N`, um processo novo por
# busca, tabela limpa), e o tempo de cada uma sai da última linha do `ice busca`
# (`busca depth=… nodes=… ms=T …`). Imprime por posição os dois tempos, a razão t1/tN e os nós,
# e no fim a mediana das razões (o speed-up) e a razão dos tempos somados.
#
# Padrão: D=14, THREADS=2. Rode numa máquina parada: com outro processo disputando os núcleos a
# medida não vale nada. Com THREADS > 1 o número de nós e o tempo mudam de uma execução para
# outra (o Lazy SMP não é determinístico); REPETICOES > 1 toma a mediana de cada medida.
#
# Ambiente (opcionais):
#   MOTOR=target/release/ice   HASH=64 (MB por busca)   REPETICOES=1
#   POSICOES=N                 só as N primeiras posições (para um teste rápido)
# Ex.: scripts/medidas/smp-speedup.sh 14 2        (a medida)
#      POSICOES=3 scripts/medidas/smp-speedup.sh 6 2   (confere que o script roda)
set -euo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2

PROF=${1:-14}
THREADS=${2:-2}
MOTOR=${MOTOR:-target/release/ice}
HASH=${HASH:-64}
REPETICOES=${REPETICOES:-1}
POSICOES=${POSICOES:-0}

compila_motor
executavel "$MOTOR"

# As posições do bench, na ordem do `ice bench`: as linhas "FEN", entre POSICOES_BENCH e o "];".
mapfile -t FENS < <(sed -n '/^pub const POSICOES_BENCH/,/^];/p' src/bench.rs | sed -n 's/^ *"\(.*\)",$/\1/p')
[ "${#FENS[@]}" -gt 0 ] || { echo "smp-speedup: não achei POSICOES_BENCH em src/bench.rs" >&2; exit 2; }
[ "$POSICOES" -gt 0 ] && FENS=("${FENS[@]:0:$POSICOES}")

# mediana de números (um por linha na entrada)
mediana() { sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print 0; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# mede FEN N: "ms nós" (medianas de REPETICOES execuções)
mede() {
    local fen=$1 n=$2 r linha ms=() nos=()
    for ((r = 0; r < REPETICOES; r++)); do
        linha=$($MOTOR --hash "$HASH" busca "$fen" --profundidade "$PROF" --threads "$n" | tail -1)
        case $linha in busca\ *) ;; *) echo "smp-speedup: saída inesperada do ice busca: $linha" >&2; exit 1 ;; esac
        ms+=("$(sed -n 's/.* ms=\([0-9]*\) .*/\1/p' <<<"$linha")")
        nos+=("$(sed -n 's/.* nodes=\([0-9]*\) .*/\1/p' <<<"$linha")")
    done
    echo "$(printf '%s\n' "${ms[@]}" | mediana) $(printf '%s\n' "${nos[@]}" | mediana)"
}

echo "smp-speedup: $MOTOR, profundidade $PROF, 1 x $THREADS threads, ${#FENS[@]} posições, hash $HASH MB, $REPETICOES repetição(ões)"
printf '%3s %9s %9s %7s %12s %12s\n' pos "ms_1" "ms_$THREADS" razao "nos_1" "nos_$THREADS"
razoes=()
soma1=0 somaN=0 i=0
for fen in "${FENS[@]}"; do
    i=$((i + 1))
    read -r ms1 nos1 < <(mede "$fen" 1)
    read -r msN nosN < <(mede "$fen" "$THREADS")
    # Posições que terminam em 0 ms (mates) contam como 1 ms: a razão fica definida.
    razao=$(awk -v a="$ms1" -v b="$msN" 'BEGIN { if (a < 1) a = 1; if (b < 1) b = 1; printf "%.3f", a / b }')
    razoes+=("$razao")
    soma1=$(awk -v s="$soma1" -v x="$ms1" 'BEGIN { print s + x }')
    somaN=$(awk -v s="$somaN" -v x="$msN" 'BEGIN { print s + x }')
    printf '%3d %9s %9s %7s %12s %12s\n' "$i" "$ms1" "$msN" "$razao" "$nos1" "$nosN"
done
med=$(printf '%s\n' "${razoes[@]}" | mediana)
total=$(awk -v a="$soma1" -v b="$somaN" 'BEGIN { if (b < 1) b = 1; printf "%.3f", a / b }')
echo "tempo total: ${soma1} ms com 1 thread, ${somaN} ms com $THREADS (razão $total)"
printf 'speed-up mediano (%d threads, profundidade %d, %d posições): %.3f\n' "$THREADS" "$PROF" "${#FENS[@]}" "$med"
