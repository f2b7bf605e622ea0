#!/usr/bin/env bash
# xboard-smoke.sh [JOGOS] [DIR_SAIDA]
#
# Fumaça com o cliente real: o XBoard 4.9.1 do Debian, sem tela (Xvfb), em modo match,
# com o ICE-rs como primeiro motor (brancas nos jogos ímpares) contra o Fairy-Max.
# Usa scripts/ci/xboard-match.sh e depois confere o PGN salvo e o log de depuração:
#   - JOGOS partidas (padrão 2: o ICE-rs joga com as duas cores), todas com resultado
#     1-0/0-1/1/2-1/2 e um comentário final de término normal (mate, afogamento, empate por
#     regra, abandono, adjudicação do xboard);
#   - nenhuma perda por tempo, "illegal move", reclamação "False ...", queda/saída do motor;
#   - no log, nenhuma linha do ICE-rs com "Illegal move"/"Error" (o xboard só manda lances
#     legais, então seria uma falsa reclamação) nem "Ignoring extra move" (lance sem pong);
#   - o PGN relido pelo python-chess é legal e ao menos metade dos lances do ICE-rs tem a
#     anotação {escore/profundidade} que o xboard tira das linhas de pensamento.
# Os artefatos ficam em DIR_SAIDA (padrão target/xboard-smoke/): partidas.pgn,
# xboard-debug.log (todo o tráfego do protocolo) e saida.txt.
#
# Ambiente: MOTOR=target/release/ice  OPONENTE=/usr/games/fairymax
#   XB_TC=0:10 XB_INC=0.1 XB_MAXMOVES=200 XB_TIMEOUT (repassados ao xboard-match.sh)
# Precisa de xboard e xvfb (apt-get install -y xboard xvfb).
# Ex. sem o ICE:  MOTOR=/usr/games/phalanx scripts/ci/xboard-smoke.sh 1 /tmp/xb
set -uo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2

JOGOS=${1:-2}
SAIDA=${2:-target/xboard-smoke}
MOTOR=${MOTOR:-target/release/ice}
OPONENTE=${OPONENTE:-/usr/games/fairymax}
export XB_TC=${XB_TC:-0:10} XB_INC=${XB_INC:-0.1}

XBMATCH=$RAIZ/scripts/ci/xboard-match.sh
[ -f "$XBMATCH" ] || { echo "xboard-smoke: não encontrei $XBMATCH" >&2; exit 2; }
compila_motor
# O xboard roda os motores a partir do diretório atual (-fd .): caminhos absolutos evitam surpresas.
MOTOR_ABS=$(absoluto "$MOTOR")
OPONENTE_ABS=$(absoluto "$OPONENTE")
for m in "$MOTOR_ABS" "$OPONENTE_ABS"; do
    executavel "$m"
done

SAIDA=$(dir_absoluto "$SAIDA") || falta "não consigo criar $SAIDA"
PGN=$SAIDA/partidas.pgn
LOG=$SAIDA/xboard-debug.log
inicio=$(date +%s)
XB_LOG=$LOG bash "$XBMATCH" "$MOTOR_ABS" "$OPONENTE_ABS" "$JOGOS" "$PGN" 2>&1 | tee "$SAIDA/saida.txt"
rc=${PIPESTATUS[0]}
dur=$(( $(date +%s) - inicio ))

erros=()
[ "$rc" -ne 0 ] && erros+=("xboard-match.sh saiu com código $rc (2 = jogos faltando, 3 = falta de motor)")
[ -f "$PGN" ] || touch "$PGN"

# 1. Resultados e comentários finais de cada partida do PGN.
#    Términos normais que o xboard 4.9.1 escreve (backend.c): "White mates", "Black mates",
#    "Xboard adjudication: Checkmate/Stalemate/...", "Draw by repetition"/"3-fold repetition",
#    "... 50 move rule", "Insufficient mating material", "Stalemate", "... resigns",
#    "... agreed to a draw", "Draw adjudication"/"adjudicated" (XB_MAXMOVES).
finais=$(awk '
  /^\[Result / { res = $0; sub(/^\[Result "/, "", res); sub(/"\]$/, "", res); next }
  /^\[/ { next }
  { corpo = corpo " " $0 }
  corpo ~ /(1-0|0-1|1\/2-1\/2|\*)[ \t]*$/ && res != "" {
      c = corpo; sub(/[ \t]*(1-0|0-1|1\/2-1\/2|\*)[ \t]*$/, "", c)
      n = match(c, /\{[^{}]*\}$/); why = n ? substr(c, n + 1, RLENGTH - 2) : "(sem comentário)"
      print res "\t" why; corpo = ""; res = ""
  }' "$PGN")
n_partidas=0
while IFS=$'\t' read -r res why; do
    [ -z "$res" ] && continue
    n_partidas=$((n_partidas + 1))
    case $res in 1-0|0-1|1/2-1/2) ;; *) erros+=("partida $n_partidas sem resultado ($res {$why})") ;; esac
    if ! grep -qiE 'mate|stalemate|repetition|50.move|fifty|insufficient|material|resign|agreed|adjudicat' <<<"$why"; then
        erros+=("partida $n_partidas: término inesperado {$why}")
    fi
done <<<"$finais"
[ "$n_partidas" -lt "$JOGOS" ] && erros+=("$n_partidas partida(s) no PGN, esperava $JOGOS")
if grep -qiE 'forfeit|illegal|false|on time|flag|exits|exited|crash|disconnect|error' "$PGN"; then
    erros+=("PGN com sinal de falta: $(grep -ioE '[^{]*(forfeit|illegal|false|on time|flag|exits|exited|crash|disconnect|error)[^}]*' "$PGN" | head -3 | tr '\n' '|')")
fi

# 2. O log de depuração: o que o primeiro motor (o ICE-rs) disse e o que o xboard ignorou.
if [ -s "$LOG" ]; then
    ruins=$(grep -E '^[0-9]+ <first : (Illegal move|illegal move|Error)' "$LOG" | head -3)
    [ -n "$ruins" ] && erros+=("o primeiro motor reclamou de lances/comandos: $(tr '\n' '|' <<<"$ruins")")
    extra=$(grep -c 'Ignoring extra move\|Ignoring move out of turn' "$LOG")
    [ "$extra" -gt 0 ] && erros+=("o xboard ignorou $extra lance(s) (lance fora de hora ou antes do pong)")
    interr=$(grep -c '^Interrupting first' "$LOG")
    echo "xboard-smoke: o xboard mandou SIGINT ao primeiro motor $interr vez(es) (sobreviveu se não há falta)" >&2
else
    erros+=("log de depuração vazio: $LOG")
fi

# 3. O PGN relido pelo python-chess: lances legais e o pensamento do ICE-rs visto pelo xboard.
#    Com -pgnExtendedInfo o xboard anota cada lance com {escore/profundidade tempo} tirado das
#    linhas de pensamento; se quase nenhum lance do primeiro motor tem anotação, o xboard não
#    entendeu o formato `ply score time nodes pv` (CECP.md 1.5).
if python3 -c 'import chess.pgn' 2>/dev/null; then
    pgn_py=$(python3 - "$PGN" <<'PY'
import re, sys, chess.pgn
total = anotados = 0
with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
    while (jogo := chess.pgn.read_game(f)) is not None:
        if jogo.errors:
            print(f"ERRO partida {jogo.headers.get('Round')}: {jogo.errors[0]}")
        # O primeiro motor tem as brancas nas partidas ímpares (xboard-match.sh, -sameColorGames 0).
        cor = int(jogo.headers.get("Round", "1") or 1) % 2 == 1
        for no in jogo.mainline():
            if no.turn() != cor:      # no.turn() é o lado a jogar DEPOIS do lance
                total += 1
                anotados += bool(re.match(r"\s*[+-]?\d+\.\d+/\d+", no.comment))
print(f"LANCES {total} {anotados}")
PY
)
    while read -r tipo a b; do
        case $tipo in
            ERRO) erros+=("PGN ilegível/ilegal: $a $b") ;;
            LANCES) echo "xboard-smoke: $b de $a lance(s) do primeiro motor com escore/profundidade no PGN" >&2
                    [ "$a" -gt 0 ] && [ $((b * 2)) -lt "$a" ] &&
                        erros+=("só $b de $a lances do primeiro motor com pensamento no PGN (formato das linhas de pensamento?)") ;;
        esac
    done <<<"$pgn_py"
else
    echo "xboard-smoke: aviso: sem python-chess, PGN não relido" >&2
fi

veredito "$n_partidas partida(s) com término normal em ${dur}s; artefatos em $SAIDA" \
    "${dur}s; artefatos em $SAIDA (partidas.pgn, xboard-debug.log)"
