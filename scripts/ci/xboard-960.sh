#!/usr/bin/env bash
# xboard-960.sh [JOGOS] [DIR_SAIDA]
#
# Chess960 com o cliente real: o XBoard 4.9.1 do Debian, sem tela (Xvfb), em modo match com
# `-variant fischerandom`, o ICE-rs contra ele mesmo (o Fairy-Max do Debian não joga 960). Usa
# scripts/ci/xboard-match.sh (XB_ARGS leva a variante e a posição) e depois confere:
#   - JOGOS partidas (padrão 2, cores alternadas), todas com resultado e término normal (mate,
#     afogamento, empate por regra, abandono, adjudicação do xboard), sem falta de motor;
#   - no PGN, [Variant "fischerandom"] e o [FEN] da posição inicial, o mesmo em todas;
#   - no log de depuração, para cada processo de cada motor: `new`, logo depois
#     `variant fischerandom`, e um `setboard` com aquela posição antes do primeiro lance; nenhuma
#     linha "Illegal move"/"Error" dos motores nem lance ignorado pelo xboard;
#   - cada roque do PGN saiu do motor como `move O-O`/`move O-O-O` e chegou ao outro motor assim,
#     sem reclamação (com -testLegality o próprio xboard só aceita roque legal);
#   - o PGN relido pelo python-chess (como Chess960) é legal.
# A posição: em modo match o XBoard monta a posição inicial do fischerandom pelo número
# -defaultFrcPosition N (backend.c, SetUpShuffle: bispos, dama, cavalos e por fim rei entre as
# torres, com o número como semente; -1, o padrão, sorteia a cada partida; a numeração não é a de
# Scharnagl). Fixa-se FRC=3, que dá bqnnrkrb: rei em f1 e torre em g1, o O-O é legal já no
# primeiro lance (os dois lados rocam no lance 1 nas partidas do ICE-rs).
#
# Ambiente: MOTOR=target/release/ice (primeiro motor), OPONENTE=$MOTOR (segundo; se for outro
#   motor, só as linhas do primeiro são julgadas), FRC=3, FEN_INICIAL (a posição esperada;
#   padrão a de FRC=3, vazio se FRC for outro: aí só se confere que é a mesma em tudo),
#   XB_TC=0:10 XB_INC=0.1 XB_MAXMOVES=200 XB_TIMEOUT XB_ARGS (repassados ao xboard-match.sh).
# Artefatos em DIR_SAIDA (padrão target/xboard-960/): partidas.pgn, xboard-debug.log, saida.txt.
# Precisa de xboard, xvfb e python-chess (apt-get install -y xboard xvfb; pip install chess).
set -uo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2

JOGOS=${1:-2}
SAIDA=${2:-target/xboard-960}
MOTOR=${MOTOR:-target/release/ice}
OPONENTE=${OPONENTE:-$MOTOR}
FRC=${FRC:-3}
if [ "$FRC" = 3 ]; then
    FEN_INICIAL=${FEN_INICIAL-bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1}
else
    FEN_INICIAL=${FEN_INICIAL:-}
fi
export XB_TC=${XB_TC:-0:10} XB_INC=${XB_INC:-0.1}
export XB_ARGS="-variant fischerandom -defaultFrcPosition $FRC ${XB_ARGS:-}"

XBMATCH=$RAIZ/scripts/ci/xboard-match.sh
[ -f "$XBMATCH" ] || { echo "xboard-960: não encontrei $XBMATCH" >&2; exit 2; }
precisa_python_chess chess.pgn
compila_motor
MOTOR_ABS=$(absoluto "$MOTOR")
OPONENTE_ABS=$(absoluto "$OPONENTE")
for m in "$MOTOR_ABS" "$OPONENTE_ABS"; do
    executavel "$m"
done
# Os dois lados são o ICE-rs: as linhas do segundo também são julgadas.
if [ "$MOTOR_ABS" = "$OPONENTE_ABS" ]; then JULGADOS='first|second'; else JULGADOS='first'; fi

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
[ -f "$LOG" ] || touch "$LOG"

# 1. O log de depuração, um processo de motor por vez (-reuseFirst/-reuseSecond false: um
#    processo novo a cada partida, que começa com `xboard`). Linhas `NNN >first : cmd`; o
#    initString "new\nrandom\n" deixa o `random` numa linha sem prefixo, ignorada aqui.
log_py=$(python3 - "$LOG" "$JULGADOS" "$FEN_INICIAL" <<'PY'
import re, sys
log, julgados, fen_esperado = sys.argv[1], sys.argv[2].split("|"), sys.argv[3]
ENV = re.compile(r"^\d+ >(first|second) ?: (.*)$")
REC = re.compile(r"^\d+ <(first|second) ?: (.*)$")
estado = {}        # lado -> dict do processo atual
sessoes = []
fens = set()
roques_enviados = {"first": [], "second": []}   # O-O/O-O-O que o xboard mandou a cada motor
roques_jogados = {"first": [], "second": []}    # `move O-O` que cada motor mandou
reclamacoes = []
for linha in open(log, encoding="utf-8", errors="replace"):
    linha = linha.rstrip("\n")
    m = ENV.match(linha)
    if m:
        lado, cmd = m.group(1), m.group(2).strip()
        # "usermove 2691 >second: O-O": o xboard escreve o lance em duas chamadas.
        cmd = re.sub(r"^usermove \d+ >(first|second) ?: ", "usermove ", cmd)
        if cmd == "xboard":
            estado[lado] = {"lado": lado, "seq": [], "setboard": None, "antes_do_setboard": False}
            sessoes.append(estado[lado])
            continue
        s = estado.get(lado)
        if s is None:
            continue
        s["seq"].append(cmd)
        if cmd.startswith("setboard "):
            s["setboard"] = cmd[len("setboard "):]
            fens.add(s["setboard"])
        elif cmd in ("go", "playother") or cmd.startswith("usermove "):
            if s["setboard"] is None:
                s["antes_do_setboard"] = True
        lance = cmd.split()[-1] if cmd.startswith("usermove ") else cmd
        if lance in ("O-O", "O-O-O"):
            roques_enviados[lado].append(lance)
        continue
    m = REC.match(linha)
    if m:
        lado, txt = m.group(1), m.group(2).strip()
        if lado in julgados and re.match(r"(Illegal move|illegal move|Error)", txt):
            reclamacoes.append(f"{lado}: {txt}")
        if txt in ("move O-O", "move O-O-O"):
            roques_jogados[lado].append(txt.split()[1])
# Cada processo que chegou a jogar: new, depois variant fischerandom, depois setboard.
jogaram = [s for s in sessoes if any(c in ("go", "playother") or c.startswith("usermove ") for c in s["seq"])]
for s in jogaram:
    seq = s["seq"]
    if "new" not in seq:
        print(f"ERRO {s['lado']}: processo sem new")
        continue
    i = seq.index("new")
    if seq[i + 1:i + 2] != ["variant fischerandom"]:
        print(f"ERRO {s['lado']}: depois do new veio {seq[i + 1:i + 2]}, não variant fischerandom")
    if s["setboard"] is None or s["antes_do_setboard"]:
        print(f"ERRO {s['lado']}: lance ou go antes do setboard")
for r in reclamacoes[:3]:
    print(f"ERRO o motor reclamou: {r}")
if len(fens) != 1:
    print(f"ERRO setboards diferentes ou nenhum: {sorted(fens)}")
elif fen_esperado and fens != {fen_esperado}:
    print(f"ERRO setboard {fens.pop()!r}, esperava {fen_esperado!r}")
else:
    print(f"FEN {next(iter(fens))}")
print(f"SESSOES {len(jogaram)}")
# Os roques de um motor são os que o xboard repassou ao outro.
for a, b in (("first", "second"), ("second", "first")):
    print(f"ROQUES {a} {len(roques_jogados[a])} {b} {len(roques_enviados[b])}")
PY
)
fen_log=""
while read -r tipo resto; do
    case $tipo in
        ERRO) erros+=("log: $resto") ;;
        FEN) fen_log=$resto ;;
        SESSOES) echo "xboard-960: $resto processo(s) de motor jogaram" >&2
                 [ "$resto" -lt $((JOGOS * 2)) ] && erros+=("só $resto processo(s) de motor jogaram (esperava $((JOGOS * 2)))") ;;
        ROQUES) read -r a na b nb <<<"$resto"
                [ "$na" != "$nb" ] && erros+=("$a jogou $na roque(s) (move O-O...), o xboard repassou $nb a $b") ;;
    esac
done <<<"$log_py"
extra=$(grep -c 'Ignoring extra move\|Ignoring move out of turn' "$LOG")
[ "$extra" -gt 0 ] && erros+=("o xboard ignorou $extra lance(s) (lance fora de hora ou antes do pong)")

# 2. O PGN: término normal, a variante e a posição, legalidade e os roques (python-chess).
pgn_py=$(python3 - "$PGN" "$fen_log" <<'PY'
import re, sys, chess, chess.pgn
arq, fen_log = sys.argv[1], sys.argv[2]
NORMAL = re.compile(r"mate|stalemate|repetition|50.move|fifty|insufficient|material|resign|agreed|adjudicat", re.I)
FALTA = re.compile(r"forfeit|illegal|false|on time|flag|exits|exited|crash|disconnect|error", re.I)
n = roques = 0
with open(arq, encoding="utf-8", errors="replace") as f:
    while (jogo := chess.pgn.read_game(f)) is not None:
        n += 1
        h = jogo.headers
        if h.get("Variant", "").lower() != "fischerandom":
            print(f"ERRO partida {n}: [Variant {h.get('Variant')!r}]")
        if fen_log and h.get("FEN") != fen_log:
            print(f"ERRO partida {n}: [FEN {h.get('FEN')!r}] difere do setboard {fen_log!r}")
        if jogo.errors:
            print(f"ERRO partida {n}: lance ilegal/ilegível: {jogo.errors[0]}")
        res = h.get("Result", "*")
        fim = jogo.end().comment if jogo.end() is not jogo else ""
        # O comentário final do xboard ({White mates} …) fica no último nó.
        if res not in ("1-0", "0-1", "1/2-1/2"):
            print(f"ERRO partida {n}: sem resultado ({res})")
        if not NORMAL.search(fim):
            print(f"ERRO partida {n}: término inesperado {{{fim}}}")
        if FALTA.search(fim):
            print(f"ERRO partida {n}: falta {{{fim}}}")
        b = jogo.board()
        lista = []
        for no in jogo.mainline():
            if b.is_castling(no.move):
                lista.append(f"{b.fullmove_number}{'.' if b.turn else '...'}{b.san(no.move)}")
            b.push(no.move)
        roques += len(lista)
        print(f"PARTIDA {n} {res} {len(jogo.end().board().move_stack)} plies, roques: {' '.join(lista) or 'nenhum'} {{{fim}}}")
print(f"TOTAL {n} {roques}")
PY
)
n_partidas=0
n_roques=0
while read -r tipo resto; do
    case $tipo in
        ERRO) erros+=("PGN: $resto") ;;
        PARTIDA) echo "xboard-960: partida $resto" >&2 ;;
        TOTAL) read -r n_partidas n_roques <<<"$resto" ;;
    esac
done <<<"$pgn_py"
[ "$n_partidas" -lt "$JOGOS" ] && erros+=("$n_partidas partida(s) no PGN, esperava $JOGOS")
echo "xboard-960: posição inicial ${fen_log:-?} (-defaultFrcPosition $FRC); $n_roques roque(s) nas partidas" >&2
[ "$n_roques" -eq 0 ] && echo "xboard-960: aviso: nenhum roque nas partidas" >&2

veredito "$n_partidas partida(s) de 960 com término normal em ${dur}s; artefatos em $SAIDA" \
    "${dur}s; artefatos em $SAIDA (partidas.pgn, xboard-debug.log)"
