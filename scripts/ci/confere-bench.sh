#!/usr/bin/env bash
# confere-bench.sh [BINÁRIO]
#
# Confere a assinatura da busca, como o CI do Stockfish: o número de nós de
# `ice bench` tem de ser o `Bench: N` citado na mensagem do commit mais recente
# que cita um. Uma mudança na busca ou na avaliação que altera os nós sem
# atualizar a mensagem (assinatura velha) é reprovada aqui.
#
# Saída 0: confere; 1: difere; 2: sem binário, sem git ou sem nenhum "Bench:"
# no histórico disponível (um clone raso pode não ter o commit que o cita).
set -uo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2
BIN=${1:-target/release/ice}
[ -x "$BIN" ] || { echo "confere-bench: $BIN não existe (cargo build --release)" >&2; exit 2; }

# A linha "Bench: N" sozinha no corpo da mensagem, no commit mais novo que a tem.
commit=$(git log -1 --format=%h --grep='^Bench: [0-9]\+$' 2>/dev/null)
if [ -z "$commit" ]; then
    echo "confere-bench: nenhum commit com 'Bench: N' no histórico disponível" >&2
    exit 2
fi
esperado=$(git log -1 --format=%B "$commit" | sed -n 's/^Bench: \([0-9]\+\)$/\1/p' | tail -1)
# Última linha de `ice bench`: "N nodes R nps", a do OpenBench (a de antes,
# "bench nodes=N ms=T nps=R", vem logo acima). Lida daqui, a assinatura que o
# CI confere é a mesma que o OpenBench lê.
obtido=$("$BIN" bench 2>/dev/null | tail -1 | sed -n 's/^\([0-9]\+\) nodes [0-9]\+ nps$/\1/p')
if [ "$obtido" = "$esperado" ]; then
    echo "confere-bench: Bench: $obtido confere com o commit $commit"
    exit 0
fi
echo "confere-bench: ice bench dá ${obtido:-nada}, mas o commit $commit cita Bench: $esperado" >&2
echo "confere-bench: se a mudança nos nós é intencional, cite o número novo na mensagem do commit" >&2
exit 1
