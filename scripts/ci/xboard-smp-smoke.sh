#!/usr/bin/env bash
# xboard-smp-smoke.sh [JOGOS] [DIR_SAIDA]
#
# A fumaça do XBoard (scripts/ci/xboard-smoke.sh: XBoard 4.9.1 sob Xvfb, ICE-rs x Fairy-Max, cada
# partida com término normal e sem falta) com o ICE-rs em duas threads: o XBoard recebe
# `-smpCores 2` e manda `cores 2` ao motor (que anuncia smp=1). O ICE-rs roda com RUST_LOG=debug
# e a saída de erros num arquivo (o XBoard junta a saída de erros do motor à saída padrão, e o
# registro não pode chegar ao protocolo), e o script confere nesse registro que o motor recebeu
# `cores 2` e que as buscas usaram 2 threads (`busca: 2 threads, …`).
#
# Padrão: 1 partida (curta: 10 s + 0.1 por lance). Artefatos em DIR_SAIDA (padrão
# target/xboard-smp-smoke/): os do xboard-smoke.sh e ice-stderr.log.
# Ambiente: MOTOR=target/release/ice  CORES=2  (e os do xboard-smoke.sh: OPONENTE, XB_TC, XB_INC…)
set -uo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2

JOGOS=${1:-1}
SAIDA=${2:-target/xboard-smp-smoke}
MOTOR=${MOTOR:-target/release/ice}
CORES=${CORES:-2}
compila_motor
MOTOR=$(absoluto "$MOTOR")
executavel "$MOTOR"

SAIDA=$(dir_absoluto "$SAIDA") || falta "não consigo criar $SAIDA"
# O motor que o XBoard abre: o ICE-rs com o registro de depuração em $SAIDA/ice-stderr.log.
fumaca_com_registro "$JOGOS" "-smpCores $CORES"
if [ -s "$REGISTRO" ]; then
    grep -q "<< cores $CORES\$" "$REGISTRO" || erros+=("o motor não recebeu 'cores $CORES' (o XBoard mandou? ver $SAIDA/xboard-debug.log)")
    buscas=$(grep -c "busca: $CORES threads," "$REGISTRO")
    outras=$(grep "busca: [0-9]* threads," "$REGISTRO" | grep -vc "busca: $CORES threads,")
    echo "xboard-smp-smoke: $buscas busca(s) com $CORES threads, $outras com outro número" >&2
    grep -m1 "busca: $CORES threads," "$REGISTRO" | sed 's/^/xboard-smp-smoke: ex.: /' >&2
    [ "$buscas" -gt 0 ] || erros+=("nenhuma busca com $CORES threads no registro")
    [ "$outras" -eq 0 ] || erros+=("$outras busca(s) com outro número de threads")
fi

veredito "o ICE-rs jogou no XBoard com $CORES threads; artefatos em $SAIDA"
