#!/usr/bin/env bash
# uci-x-xboard.sh [JOGOS] [TC]
#
# O mesmo binário contra si mesmo, um lado falando UCI e o outro xboard (scripts/ci/match-ci.sh
# com PROTO=uci e PROTO_OPONENTE=xboard; padrão 200 jogos a 2+0.02, concorrência 2). Os dois
# protocolos dirigem a mesma busca, o mesmo relógio e o mesmo livro, então o placar tem de ficar
# perto de 50 %: o script falha se sair de 43–57 % (o critério do issue 16) ou se qualquer um
# dos lados tiver uma falta (perda por tempo, lance ilegal, queda).
# Ambiente: MOTOR=target/release/ice  CONCORRENCIA=2  SEMENTE=1  SAIDA=target/uci-x-xboard
set -uo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2

JOGOS=${1:-200}
TC=${2:-2+0.02}
MOTOR=${MOTOR:-target/release/ice}
SAIDA=${SAIDA:-target/uci-x-xboard}
compila_motor
MOTOR=$MOTOR OPONENTE=$MOTOR NOME=ice-uci NOME_OPONENTE=ice-xboard PROTO=uci PROTO_OPONENTE=xboard \
    CONCORRENCIA=${CONCORRENCIA:-2} SAIDA=$SAIDA "$RAIZ/scripts/ci/match-ci.sh" "$JOGOS" "$TC" 2>&1 |
    tee "$SAIDA.txt"
rc=${PIPESTATUS[0]}
[ "$rc" -ne 0 ] && { echo "uci-x-xboard: FALHOU (match-ci.sh, código $rc)" >&2; exit 1; }
grep -q "aviso: .* falta" "$SAIDA.txt" && { echo "uci-x-xboard: FALHOU (faltas do lado xboard)" >&2; exit 1; }
# "Score: 102.5/200 = 51.2%" no resumo do match.py.
pct=$(sed -n 's/^Score: .* = \([0-9.]*\)%.*/\1/p' "$SAIDA/resumo.txt" | tail -1)
if ! awk -v p="${pct:-x}" 'BEGIN { exit !(p + 0 == p && p >= 43 && p <= 57) }'; then
    echo "uci-x-xboard: FALHOU (placar do lado UCI ${pct:-?} %, fora de 43–57 %)" >&2
    exit 1
fi
echo "uci-x-xboard: ok, o lado UCI fez $pct % em $JOGOS jogos a $TC, sem faltas" >&2
