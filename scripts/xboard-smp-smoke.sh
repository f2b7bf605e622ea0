#!/usr/bin/env bash
# xboard-smp-smoke.sh [JOGOS] [DIR_SAIDA]
#
# A fumaça do XBoard (scripts/xboard-smoke.sh: XBoard 4.9.1 sob Xvfb, ICE-rs x Fairy-Max, cada
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
RAIZ=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=comum.sh
source "$RAIZ/scripts/comum.sh"
cd "$RAIZ" || exit 2

JOGOS=${1:-1}
SAIDA=${2:-target/xboard-smp-smoke}
MOTOR=${MOTOR:-target/release/ice}
CORES=${CORES:-2}
compila_motor
case $MOTOR in /*) ;; *) MOTOR=$RAIZ/$MOTOR ;; esac
[ -x "$MOTOR" ] || { echo "xboard-smp-smoke: motor não executável: $MOTOR" >&2; exit 2; }

mkdir -p "$SAIDA"
SAIDA=$(cd "$SAIDA" && pwd)
REGISTRO=$SAIDA/ice-stderr.log
rm -f "$REGISTRO"
# O motor que o XBoard abre: o ICE-rs com o registro de depuração indo para o arquivo.
EMBRULHO=$SAIDA/ice-com-registro.sh
embrulho_com_registro "$EMBRULHO" "$MOTOR" "$REGISTRO"

MOTOR=$EMBRULHO XB_ARGS="-smpCores $CORES ${XB_ARGS:-}" "$RAIZ/scripts/xboard-smoke.sh" "$JOGOS" "$SAIDA"
rc=$?

erros=()
[ "$rc" -ne 0 ] && erros+=("xboard-smoke.sh falhou (código $rc)")
if [ -s "$REGISTRO" ]; then
    grep -q "<< cores $CORES\$" "$REGISTRO" || erros+=("o motor não recebeu 'cores $CORES' (o XBoard mandou? ver $SAIDA/xboard-debug.log)")
    buscas=$(grep -c "busca: $CORES threads," "$REGISTRO")
    outras=$(grep "busca: [0-9]* threads," "$REGISTRO" | grep -vc "busca: $CORES threads,")
    echo "xboard-smp-smoke: $buscas busca(s) com $CORES threads, $outras com outro número" >&2
    grep -m1 "busca: $CORES threads," "$REGISTRO" | sed 's/^/xboard-smp-smoke: ex.: /' >&2
    [ "$buscas" -gt 0 ] || erros+=("nenhuma busca com $CORES threads no registro")
    [ "$outras" -eq 0 ] || erros+=("$outras busca(s) com outro número de threads")
else
    erros+=("registro do motor vazio: $REGISTRO")
fi

if [ ${#erros[@]} -gt 0 ]; then
    printf 'xboard-smp-smoke: FALHOU: %s\n' "${erros[@]}" >&2
    exit 1
fi
echo "xboard-smp-smoke: ok, o ICE-rs jogou no XBoard com $CORES threads; artefatos em $SAIDA" >&2
exit 0
