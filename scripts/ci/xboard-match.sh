#!/usr/bin/env bash
# xboard-match.sh ENGINE1 ENGINE2 GAMES OUTPGN
#
# Plays GAMES engine-vs-engine games (colours alternate, ENGINE1 has white in
# odd games) between two CECP/xboard engines with XBoard 4.9.x under a
# private Xvfb display, saves them to OUTPGN and exits.
#
# Exit status: 0  all GAMES games finished with a real result (1-0/0-1/1/2-1/2)
#                 and no engine fault was seen
#              1  bad usage / xboard or Xvfb missing, or Xvfb did not start
#              2  fewer than GAMES finished games in the PGN (or an unfinished
#                 "*" game, or xboard failed / timed out), no fault seen
#              3  an engine fault was seen in a result comment, the debug log
#                 or xboard's messages (illegal move, loss on time - which is
#                 how a crashed or hung engine shows up -, write error, ...)
#
# Tunables (environment): XB_TC (default 0:10 = 10 s/game), XB_INC (0.1 s),
#   XB_MAXMOVES (adjudicate a draw after N moves, default 200, 0 = off),
#   XB_TIMEOUT (hard wall-clock limit in s, default 120 per game + 60),
#   XB_LOG (xboard debug log, default OUTPGN.log), XBOARD (binary),
#   XB_ARGS (extra xboard options, split on spaces, e.g. "-smpCores 2").
set -u
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"

if [ $# -ne 4 ]; then
    echo "usage: $0 ENGINE1 ENGINE2 GAMES OUTPGN" >&2
    exit 1
fi
E1=$1 E2=$2 GAMES=$3 OUT=$4
XBOARD=${XBOARD:-/usr/games/xboard}
TC=${XB_TC:-0:10}
INC=${XB_INC:-0.1}
MAXMOVES=${XB_MAXMOVES:-200}
TIMEOUT=${XB_TIMEOUT:-$(( GAMES * 120 + 60 ))}
case $OUT in /*) ;; *) OUT=$PWD/$OUT ;; esac
LOG=${XB_LOG:-$OUT.log}
case $LOG in /*) ;; *) LOG=$PWD/$LOG ;; esac

command -v "$XBOARD" >/dev/null || { echo "xboard not found: $XBOARD" >&2; exit 1; }
command -v Xvfb >/dev/null      || { echo "Xvfb not found" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/xbmatch.XXXXXX")
trap 'para_xvfb; rm -rf "$WORK"' EXIT
mkdir -p "$WORK/home"
rm -f "$OUT" "$LOG"

# XBOARD_NEUTRO (scripts/comum.sh) neutralises the user's ~/.xboardrc, which
# xboard always reads; everything else that matters is forced here.
ARGS=(
  "${XBOARD_NEUTRO[@]}"
  -fcp "$E1" -scp "$E2" -fd . -sd . -firstIsUCI false -secondIsUCI false
  -firstProtocolVersion 2 -secondProtocolVersion 2
  -firstHost localhost -secondHost localhost
  -firstInitString "new\nrandom\n" -secondInitString "new\nrandom\n"
  # fairymax 5.0b treats the unknown "computer" command as a move and
  # segfaults at random (uninitialised sscanf results), so do not send it
  -firstComputerString "" -secondComputerString ""
  -matchMode true -matchGames "$GAMES" -sameColorGames 0 -matchPause 500
  # fresh engine processes every game: a dead engine cannot stall the next game
  -reuseFirst false -reuseSecond false
  -timeControl "$TC" -timeIncrement "$INC" -searchTime "" -searchDepth 0
  -firstTimeOdds 1 -secondTimeOdds 1
  # autoCallFlag: without it a hung/dead engine stalls the match forever
  -autoCallFlag true -xponder -testLegality true
  -testClaims true -checkMates true -materialDraws true -trivialDraws false
  -ruleMoves 51 -repeatsToDraw 3 -adjudicateDrawMoves "$MAXMOVES"
  -adjudicateLossThreshold 0
  -saveGameFile "$OUT" -autoSaveGames false -pgnExtendedInfo true
  -initialMode "" -noGUI
  -debugMode true -nameOfDebugFile "$LOG"
)
# Extra options last, so they win over the defaults above.
read -r -a EXTRA <<<"${XB_ARGS:-}"
ARGS+=("${EXTRA[@]}")

start=$(date +%s)
# Keep xboard's stdin open but silent: a FIFO opened read-write never
# delivers EOF.  timeout is xboard's direct parent, so -k really KILLs it
# (xboard can deadlock in its SIGTERM handler).
mkfifo "$WORK/stdin" && exec 8<>"$WORK/stdin"
# A private Xvfb (scripts/comum.sh: inicia_xvfb), stopped on exit.
inicia_xvfb "$WORK" || exit 1
HOME="$WORK/home" timeout -k 5 "$TIMEOUT" "$XBOARD" "${ARGS[@]}" <&8 >"$WORK/xboard.out" 2>&1
rc=$?
exec 8<&-
para_xvfb
wall=$(( $(date +%s) - start ))

grep -v '^ALSA\|^aplay' "$WORK/xboard.out" | sed 's/^/xboard: /' >&2
echo "xboard exit status $rc, wall time ${wall}s" >&2
{ [ "$rc" = 124 ] || [ "$rc" = 137 ]; } && echo "TIMEOUT after ${TIMEOUT}s" >&2

# Per-game end reasons from the debug log (also covers games with no moves,
# which xboard does not write to the PGN file).
if [ -f "$LOG" ]; then
  awk '/^New game \(/ { g=$0; sub(/^New game /,"",g); want=1; next }
       want && /^GameEnds\([0-9]+, / && $0 !~ /\(null\)/ {
           r=$0; sub(/^GameEnds\([0-9]+, /,"",r); sub(/, [0-9]+\)$/,"",r)
           print "log: game " g ": " r; want=0 }' "$LOG" > "$WORK/logsum"
  cat "$WORK/logsum" >&2
fi

touch "$OUT"   # may stay empty: games with no moves are never saved

# One line per game: Round, White, Black, Result, and the final result comment.
awk '
  /^\[Round /  { r=$0; sub(/^\[Round "/,"",r); sub(/"\]$/,"",r) }
  /^\[White /  { w=$0; sub(/^\[White "/,"",w); sub(/"\]$/,"",w) }
  /^\[Black /  { b=$0; sub(/^\[Black "/,"",b); sub(/"\]$/,"",b) }
  /^\[Result / { res=$0; sub(/^\[Result "/,"",res); sub(/"\]$/,"",res) }
  /^\[/ { next }
  { body = body " " $0 }
  body ~ /\{[^}]*\}[ \t]*(1-0|0-1|1\/2-1\/2|\*)[ \t]*$/ {
      c = body; sub(/[ \t]*(1-0|0-1|1\/2-1\/2|\*)[ \t]*$/, "", c)
      n = match(c, /\{[^{}]*\}$/); why = n ? substr(c, n+1, RLENGTH-2) : ""
      printf "game %s: %s - %s  %s  {%s}\n", r, w, b, res, why
      body = ""
  }' "$OUT" > "$WORK/summary"
cat "$WORK/summary"

n_res=$(grep -c '^\[Result "\(1-0\|0-1\|1/2-1/2\)"\]' "$OUT")
n_all=$(grep -c '^\[Result ' "$OUT")
echo "finished games in PGN: $n_res of $GAMES requested ($n_all in PGN)" >&2
FAULT='illegal|invalid move|exits|exited|crash|forfeit|wins on time|flag fell|error|false .*claim'
if grep -qiE "$FAULT" "$WORK/summary" "$WORK/logsum" 2>/dev/null ||
   grep -v '^ALSA\|^aplay' "$WORK/xboard.out" | grep -qiE "$FAULT"; then
    echo "FAIL: engine fault reported (see result comments above)" >&2
    exit 3
fi
if [ "$n_res" -lt "$GAMES" ] || [ "$n_all" -ne "$n_res" ] || [ "$rc" -ne 0 ]; then
    echo "FAIL: missing or unfinished games (xboard status $rc)" >&2
    exit 2
fi
echo "OK" >&2
exit 0
