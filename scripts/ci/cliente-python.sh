#!/usr/bin/env bash
# cliente-python.sh [--960] [COMANDO_DO_MOTOR [ARGS...]]
#
# Critério "cliente real" dos issues 4 e 16: o python-chess (chess.engine.popen_xboard e
# chess.engine.popen_uci) joga partidas completas e faz análises com o motor, de uma e de três
# linhas (tests/python/test_cliente.py). Com --960, o Chess960 (tests/python/test_cliente_960.py):
# o motor por UCI contra ele mesmo por xboard em partidas de 960, e o roque (curto e longo, rei ou
# torre já na casa de chegada) jogado e recebido nos dois protocolos. Sem argumentos testa
# target/release/ice (compila com `cargo build --release` se o binário faltar ou estiver velho).
# Imprime uma linha por teste e, no fim, `N passed, M failed`; sai com 0 só se nada falhou.
#
# Ambiente: SAIDA=diretório dos artefatos (padrão target/cliente-python/; lá fica
#   protocolo.log, ou protocolo-960.log com --960, o tráfego completo do protocolo),
#   CLIENTE_ARGS=opções extras do teste (p. ex. "--jogos 4 --plies 80"; com --960,
#   "--posicoes 4 --semente 7").
# Precisa de python3 e python-chess (pip install chess); não usa pytest.
set -euo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
TESTE=tests/python/test_cliente.py
REGISTRO=protocolo.log
if [ "${1:-}" = --960 ]; then
    TESTE=tests/python/test_cliente_960.py
    REGISTRO=protocolo-960.log
    shift
fi
# Um caminho relativo do motor vale a partir do diretório de quem chamou (o script vai para a raiz).
if [ $# -gt 0 ]; then m=$(do_chamador "$1"); shift; set -- "$m" "$@"; fi
cd "$RAIZ" || exit 2

if [ $# -eq 0 ]; then
    MOTOR=target/release/ice
    compila_motor
    set -- "$MOTOR"
fi
precisa_python_chess chess.engine

SAIDA=${SAIDA:-target/cliente-python}
mkdir -p "$SAIDA"
inicio=$(date +%s)
rc=0
# shellcheck disable=SC2086  # CLIENTE_ARGS é uma lista de opções, separada de propósito
python3 "$TESTE" --log "$SAIDA/$REGISTRO" ${CLIENTE_ARGS:-} -- "$@" || rc=$?
if [ "$rc" = 0 ]; then st=ok; else st="falhou (código $rc)"; fi
echo "cliente-python: $st em $(( $(date +%s) - inicio ))s; tráfego em $SAIDA/$REGISTRO" >&2
exit "$rc"
