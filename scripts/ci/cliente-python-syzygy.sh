#!/usr/bin/env bash
# cliente-python-syzygy.sh [COMANDO_DO_MOTOR [ARGS...]]
#
# Irmão de scripts/ci/cliente-python.sh, com as tabelas Syzygy: o python-chess dirige o motor pelos
# dois protocolos (popen_uci com a opção SyzygyPath, popen_xboard com a opção "egtpath syzygy",
# que vira a linha `egtpath syzygy DIR`), confere a resposta do motor, o escore das tabelas nas
# análises (e tbhits > 0 no UCI) e partidas de KQvK/KRvK contra a defesa perfeita que acabam em
# mate (tests/python/test_cliente_syzygy.py). Sem argumentos testa target/release/ice
# (compila com `cargo build --release` se o binário faltar ou estiver velho).
# Imprime uma linha por teste e `N passed, M failed`; sai com 0 só se nada falhou.
#
# Ambiente: SAIDA=diretório dos artefatos (padrão target/cliente-python-syzygy/; lá fica
#   protocolo.log, o tráfego completo), CLIENTE_ARGS=opções extras do teste (p. ex.
#   "--protocolo uci --tabelas DIR").
set -euo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
# Um caminho relativo do motor vale a partir do diretório de quem chamou (o script vai para a raiz).
if [ $# -gt 0 ]; then m=$(do_chamador "$1"); shift; set -- "$m" "$@"; fi
cd "$RAIZ" || exit 2

if [ $# -eq 0 ]; then
    MOTOR=target/release/ice
    compila_motor
    set -- "$MOTOR"
fi
precisa_python_chess chess.engine chess.syzygy

SAIDA=${SAIDA:-target/cliente-python-syzygy}
mkdir -p "$SAIDA"
inicio=$(date +%s)
rc=0
# shellcheck disable=SC2086  # CLIENTE_ARGS é uma lista de opções, separada de propósito
python3 tests/python/test_cliente_syzygy.py --log "$SAIDA/protocolo.log" ${CLIENTE_ARGS:-} -- "$@" || rc=$?
if [ "$rc" = 0 ]; then st=ok; else st="falhou (código $rc)"; fi
echo "cliente-python-syzygy: $st em $(( $(date +%s) - inicio ))s; tráfego em $SAIDA/protocolo.log" >&2
exit "$rc"
