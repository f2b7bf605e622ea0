#!/usr/bin/env bash
# xboard-uci-smoke.sh [JOGOS] [DIR_SAIDA]
#
# A fumaça do XBoard (scripts/ci/xboard-smoke.sh: XBoard 4.9.1 sob Xvfb, ICE-rs x Fairy-Max, cada
# partida com término normal e sem falta) com o ICE-rs falando UCI: o XBoard recebe
# `-firstIsUCI true` (o `-fUCI` da linha de comando) e abre o motor pelo adaptador Polyglot do
# Debian (o `-adapterCommand` padrão, `polyglot -noini -ec … -ed …`), que fala xboard com o
# XBoard e UCI com o ICE-rs. É assim que um usuário do XBoard instala um motor UCI.
#
# O ICE-rs roda com RUST_LOG=debug e a saída de erros num arquivo; o script confere nesse
# registro que a primeira linha foi `uci` e o motor escolheu o UCI ("protocolo: UCI"), que
# houve `go` e `bestmove`, e que nenhuma linha saiu como `info string error`.
#
# Padrão: 1 partida (10 s + 0.1 por lance). Artefatos em DIR_SAIDA (padrão
# target/xboard-uci-smoke/): os do xboard-smoke.sh e ice-stderr.log.
# Ambiente: MOTOR=target/release/ice  (e os do xboard-smoke.sh: OPONENTE, XB_TC, XB_INC…)
# Precisa de xboard, xvfb e polyglot (apt-get install -y xboard xvfb polyglot).
set -uo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2

JOGOS=${1:-1}
SAIDA=${2:-target/xboard-uci-smoke}
MOTOR=${MOTOR:-target/release/ice}
# O Debian põe o polyglot em /usr/games, que nem sempre está no PATH (o XBoard o chama pelo nome).
export PATH="$PATH:/usr/games"
command -v polyglot >/dev/null || falta "falta o polyglot (apt-get install polyglot)"
compila_motor
MOTOR=$(absoluto "$MOTOR")
executavel "$MOTOR"

SAIDA=$(dir_absoluto "$SAIDA") || falta "não consigo criar $SAIDA"
# O motor que o Polyglot abre: o ICE-rs com o registro de depuração em $SAIDA/ice-stderr.log.
fumaca_com_registro "$JOGOS" "-firstIsUCI true"
if [ -s "$REGISTRO" ]; then
    grep -q "protocolo: UCI" "$REGISTRO" || erros+=("o motor não entrou no modo UCI (ver $REGISTRO)")
    gos=$(grep -c "<< go " "$REGISTRO")
    bests=$(grep -c ">> bestmove " "$REGISTRO")
    echo "xboard-uci-smoke: $gos go, $bests bestmove no registro do motor" >&2
    grep -m1 ">> info depth" "$REGISTRO" | sed 's/^.*>> /xboard-uci-smoke: ex.: /' >&2
    [ "$bests" -gt 0 ] || erros+=("nenhum bestmove no registro")
    ruins=$(grep -c ">> info string error\|>> info string unknown" "$REGISTRO")
    [ "$ruins" -eq 0 ] || erros+=("$ruins linha(s) de erro do UCI: $(grep -m2 '>> info string' "$REGISTRO" | tr '\n' '|')")
fi

veredito "o XBoard jogou com o ICE-rs como motor UCI (Polyglot); artefatos em $SAIDA"
