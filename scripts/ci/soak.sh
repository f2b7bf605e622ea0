#!/usr/bin/env bash
# soak.sh [PARTE...]
#
# O teste de resistência do relógio: muitas partidas rápidas em que o ICE-rs
# não pode ter uma falta (perda por tempo, lance ilegal, queda, falsa
# reclamação). Cada parte é um scripts/ci/match-ci.sh (que reprova na primeira
# falta e imprime o tempo de cada lance diante do teto que o motor declarou:
# o maior estouro e o percentil 99).
#
# Partes (padrão: todas, nesta ordem):
#   fairymax  JOGOS_FAIRYMAX=500 a TC_RAPIDO=1+0.01 contra o Fairy-Max (concorrência 2)
#   ponder    JOGOS_PONDER=500 a TC_RAPIDO, ICE-rs contra ele mesmo, um lado com ponder
#             (concorrência 1: o lado que pondera usa o outro núcleo)
#   carga     JOGOS_CARGA=200 a TC_CARGA=10+0.1 contra o Fairy-Max com um processo
#             comendo CPU (stress-ng --cpu 1) durante o match (concorrência 2)
#
# O CI roda só "fairymax" com JOGOS_FAIRYMAX=100. Os números completos estão
# em docs/forca.md. O stress-ng vem do apt-get se faltar (precisa ser root).
# Ambiente: MOTOR=target/release/ice  SAIDA=target/soak  SEMENTE=1
# Ex.: JOGOS_FAIRYMAX=100 scripts/ci/soak.sh fairymax
set -uo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2
MOTOR=${MOTOR:-target/release/ice}
SAIDA=${SAIDA:-target/soak}
SEMENTE=${SEMENTE:-1}
TC_RAPIDO=${TC_RAPIDO:-1+0.01}
TC_CARGA=${TC_CARGA:-10+0.1}
JOGOS_FAIRYMAX=${JOGOS_FAIRYMAX:-500}
JOGOS_PONDER=${JOGOS_PONDER:-500}
JOGOS_CARGA=${JOGOS_CARGA:-200}
PARTES=${*:-fairymax ponder carga}
FAIRYMAX=/usr/games/fairymax

compila_motor
[ -x "$FAIRYMAX" ] || { echo "soak: falta o Fairy-Max ($FAIRYMAX; apt-get install fairymax)" >&2; exit 2; }

STRESS_PID=
para_stress() {
    if [ -n "$STRESS_PID" ]; then
        kill -- "-$STRESS_PID" 2>/dev/null || kill "$STRESS_PID" 2>/dev/null
        wait "$STRESS_PID" 2>/dev/null
        STRESS_PID=
    fi
}
trap para_stress EXIT

falhou=0
for parte in $PARTES; do
    echo "=== soak: $parte ($(date -u +%H:%M:%S) UTC)" >&2
    case $parte in
        fairymax)
            MOTOR=$MOTOR SEMENTE=$SEMENTE CONCORRENCIA=2 SAIDA=$SAIDA/fairymax \
                scripts/ci/match-ci.sh "$JOGOS_FAIRYMAX" "$TC_RAPIDO" || falhou=1 ;;
        ponder)
            # O mesmo binário dos dois lados; só o primeiro (o julgado) pondera,
            # e as faltas do segundo também contam: é o mesmo motor.
            MOTOR=$MOTOR NOME=ice-ponder OPONENTE=$MOTOR NOME_OPONENTE=ice \
                PONDER=on REPROVA_OPONENTE=1 SEMENTE=$SEMENTE CONCORRENCIA=1 SAIDA=$SAIDA/ponder \
                scripts/ci/match-ci.sh "$JOGOS_PONDER" "$TC_RAPIDO" || falhou=1 ;;
        carga)
            instala_pacote stress-ng || exit 2
            setsid stress-ng --cpu 1 --timeout 0 --quiet &
            STRESS_PID=$!
            MOTOR=$MOTOR SEMENTE=$SEMENTE CONCORRENCIA=2 SAIDA=$SAIDA/carga \
                scripts/ci/match-ci.sh "$JOGOS_CARGA" "$TC_CARGA" || falhou=1
            para_stress ;;
        *) echo "soak: parte desconhecida: $parte (fairymax, ponder, carga)" >&2; exit 2 ;;
    esac
done

echo "=== soak: resumo" >&2
for parte in $PARTES; do
    r=$SAIDA/$parte/resumo.txt
    [ -f "$r" ] || continue
    echo "--- $parte"
    grep -E ' vs .*games|^  [^ ]' "$r" | grep -vE '^  *$' | head -6
    grep -E '^Tempo por lance' "$r"
done
exit $falhou
