#!/usr/bin/env bash
# xboard-syzygy.sh [DIR_SAIDA]
#
# As tabelas Syzygy pelo caminho de um usuário do XBoard: o XBoard 4.9.1 sob Xvfb, com
# `-egtFormats "syzygy:DIR"`, joga UMA partida do ICE-rs (brancas) contra o Fairy-Max a partir de
# uma posição de tabela que as brancas ganham (carregada com `-lpf ARQ -lpi 1`, como o modo match
# carrega posições iniciais), até um resultado normal. Roda scripts/ci/xboard-smoke.sh (que usa
# scripts/ci/xboard-match.sh e confere término normal, falta nenhuma, PGN legal, pensamento anotado)
# e confere ainda:
#   - no log de depuração do xboard, `egtpath syzygy DIR` indo ao primeiro motor e a resposta do
#     ICE-rs `# Syzygy: N endings, up to K pieces, in DIR` (N > 0: as tabelas abriram), e nenhuma
#     recusa (`tablebases unchanged`);
#   - o ICE-rs ganhou (1-0) por mate (a partida relida pelo python-chess acaba em xeque-mate);
#   - ao menos metade dos lances do ICE-rs anotados no PGN com o escore das tabelas (+200.00 ou
#     mais: a vitória de tabela do ICE-rs vale 30000 cp) ou de mate: as tabelas entraram na busca.
# A posição padrão é a primeira KQvKR de tests/data/syzygy-finais.epd em que o ICE-rs tem as
# brancas (o script confere com o chess.syzygy que as brancas ganham).
#
# Ambiente: MOTOR=target/release/ice  OPONENTE=/usr/games/fairymax  FEN (outra posição; as brancas
#   têm de ganhar)  TABELAS=tests/data/syzygy (sem espaços no caminho: vai no XB_ARGS)
#   XB_TC=0:10 XB_INC=0.1 XB_TIMEOUT=150  XB_ARGS (opções extras ao xboard, depois das daqui)
# Artefatos em DIR_SAIDA (padrão target/xboard-syzygy/): posicao.fen, partidas.pgn,
# xboard-debug.log, saida.txt.
# Precisa de xboard, xvfb e python-chess.
set -uo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2

SAIDA=${1:-target/xboard-syzygy}
TABELAS=${TABELAS:-tests/data/syzygy}
case $TABELAS in /*) ;; *) TABELAS=$RAIZ/$TABELAS ;; esac
[ -d "$TABELAS" ] || { echo "xboard-syzygy: não há diretório de tabelas $TABELAS" >&2; exit 2; }
case $TABELAS in *" "*) echo "xboard-syzygy: caminho com espaço: $TABELAS" >&2; exit 2 ;; esac
precisa_python_chess chess.syzygy

SAIDA=$(dir_absoluto "$SAIDA") || falta "não consigo criar $SAIDA"
POSICAO=$SAIDA/posicao.fen
# A posição: FEN do ambiente ou a primeira KQvKR do EPD com o ICE-rs de brancas; as brancas têm
# de ganhar pelas tabelas (WDL do ponto de vista das brancas = 2).
if ! python3 - "$TABELAS" "$RAIZ/tests/data/syzygy-finais.epd" "${FEN:-}" >"$POSICAO" <<'PY'
import sys, chess, chess.syzygy
tabelas, epd, fen = sys.argv[1:4]
if not fen:
    for linha in open(epd, encoding="utf-8"):
        if linha.startswith("#") or not linha.strip():
            continue
        board, ops = chess.Board.from_epd(linha)
        if ops.get("c0", "").startswith("KQvKR:") and ops.get("c2") == "ICE-rs: brancas" \
                and ops.get("id", "").startswith("ganha"):
            fen = board.fen()
            break
if not fen:
    sys.exit("nenhuma posição KQvKR com o ICE-rs de brancas em " + epd)
board = chess.Board(fen)
wdl = chess.syzygy.open_tablebase(tabelas).probe_wdl(board)
if (wdl if board.turn == chess.WHITE else -wdl) != 2:
    sys.exit(f"as brancas não ganham {fen} (WDL {wdl} para o lado a jogar)")
print(fen)
PY
then
    echo "xboard-syzygy: posição inválida" >&2
    exit 2
fi
echo "xboard-syzygy: posição $(cat "$POSICAO"), tabelas em $TABELAS" >&2

export XB_TIMEOUT=${XB_TIMEOUT:-150}
inicio=$(date +%s)
XB_ARGS="-egtFormats syzygy:$TABELAS -lpf $POSICAO -lpi 1 ${XB_ARGS:-}" \
    "$RAIZ/scripts/ci/xboard-smoke.sh" 1 "$SAIDA"
rc=$?
dur=$(( $(date +%s) - inicio ))

LOG=$SAIDA/xboard-debug.log
PGN=$SAIDA/partidas.pgn
erros=()
[ "$rc" -ne 0 ] && erros+=("xboard-smoke.sh falhou (código $rc)")

# 1. O egtpath no log de depuração: enviado ao primeiro motor e aceito por ele.
if [ -s "$LOG" ]; then
    enviados=$(grep -c "^[0-9]* >first : egtpath syzygy $TABELAS\$" "$LOG")
    aceito=$(grep -E "^[0-9]+ <first : # Syzygy: [1-9][0-9]* endings, up to [0-9]+ pieces, in $TABELAS\$" "$LOG" | head -1)
    echo "xboard-syzygy: $enviados 'egtpath syzygy' ao ICE-rs; resposta: ${aceito#* <first : }" >&2
    [ "$enviados" -gt 0 ] || erros+=("o xboard não mandou 'egtpath syzygy $TABELAS' ao primeiro motor")
    [ -n "$aceito" ] || erros+=("o ICE-rs não respondeu '# Syzygy: N finais…' ao egtpath")
    recusa=$(grep -m1 '<first : #.*tablebases unchanged' "$LOG")
    [ -z "$recusa" ] || erros+=("o ICE-rs recusou as tabelas: ${recusa#* <first : }")
else
    erros+=("log de depuração vazio: $LOG")
fi

# 2. O PGN: 1-0 por mate, e o escore das tabelas nas anotações do ICE-rs (brancas).
if [ -s "$PGN" ]; then
    veredito=$(python3 - "$PGN" <<'PY'
import re, sys, chess.pgn
with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
    jogo = chess.pgn.read_game(f)
final = jogo.end().board()
total = tabela = 0
for no in jogo.mainline():
    if no.turn() == chess.BLACK:          # lance das brancas (o ICE-rs)
        total += 1
        m = re.match(r"\s*([+-]?)(M?)(\d+(?:\.\d+)?)/", no.comment)
        if m and m.group(1) != "-" and (m.group(2) or float(m.group(3)) >= 200):
            tabela += 1
print(jogo.headers.get("Result"), int(final.is_checkmate()), total, tabela,
      (len(final.move_stack) + 1) // 2)
PY
)
    read -r res mate total tabela lances <<<"$veredito"
    echo "xboard-syzygy: resultado $res em $lances lance(s); mate: $mate; $tabela de $total lance(s) do ICE-rs com escore de tabela/mate" >&2
    [ "$res" = "1-0" ] || erros+=("o ICE-rs (brancas) não ganhou: $res")
    [ "$mate" = 1 ] || erros+=("a partida não acabou em mate")
    [ "${total:-0}" -gt 0 ] && [ $(( ${tabela:-0} * 2 )) -ge "$total" ] ||
        erros+=("só ${tabela:-0} de ${total:-0} lances do ICE-rs com escore de tabela (as tabelas não entraram na busca?)")
else
    erros+=("PGN vazio: $PGN")
fi

veredito "em ${dur}s; artefatos em $SAIDA" "${dur}s; artefatos em $SAIDA"
