#!/usr/bin/env bash
# match-ci.sh [N_JOGOS] [TC]
#
# Match curto ICE-rs x Fairy-Max com scripts/medidas/match.py (padrão: 10 jogos a 2+0.02,
# aberturas tests/data/8moves_v3-sample2000.epd, cores alternadas). Imprime o resumo
# e falha (código 1) se o match.py relatar qualquer falta do primeiro motor (perda por tempo,
# lance ilegal, queda, "other" = falsa reclamação de resultado ou lance legal recusado), se
# houver jogos abortados ou a menos, ou se o match.py falhar. Faltas do adversário só geram aviso.
#
# Ambiente (todos opcionais):
#   MOTOR=target/release/ice  NOME=ice            primeiro motor (o que é julgado)
#   PROTO=xboard                                  protocolo do primeiro motor (xboard|uci: o
#                                                 ICE-rs fala os dois, escolhidos pela 1ª linha)
#   OPONENTE=/usr/games/fairymax  NOME_OPONENTE=  segundo motor (xboard); PROTO_OPONENTE=xboard
#   CONCORRENCIA=1   SEMENTE=1   MARGEM_MS=0 (tolerância antes de perda por tempo)
#   PONDER=off  PONDER_OPONENTE=off  (on: 'hard', o motor pensa no tempo do outro; só xboard)
#   OPCOES_OPONENTE=""  opções do segundo motor para o match.py (ex. "option.UCI_Elo=1800")
#   REPROVA_OPONENTE=0  (1: faltas do segundo motor também reprovam; para o ICE-rs contra ele mesmo)
#   SAIDA=target/match-ci  (lá ficam match.pgn, protocolo.log e resumo.txt)
#   MATCH=scripts/medidas/match.py  ABERTURAS=tests/data/8moves_v3-sample2000.epd
#   VARIANTE=normal  (fischerandom: Chess960, as 960 posições iniciais como aberturas, sem
#                    ABERTURAS; o match.py manda 'variant fischerandom' ou liga UCI_Chess960)
# Além do resumo, imprime o tempo de cada lance do primeiro motor diante do teto que
# ele mesmo declarou (a linha "# tempo: ... teto N ms" do ICE-rs): o maior estouro e o
# percentil 99, a partir de $SAIDA/tempos.tsv (um lance por linha, do match.py --movetimes).
# Ex.: validar o script sem o ICE:  MOTOR=/usr/games/fairymax OPONENTE=/usr/games/phalanx scripts/ci/match-ci.sh 4
set -uo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2

JOGOS=${1:-10}
TC=${2:-2+0.02}
MOTOR=${MOTOR:-target/release/ice}
NOME=${NOME:-$(basename "${MOTOR%% *}")}
OPONENTE=${OPONENTE:-/usr/games/fairymax}
NOME_OPONENTE=${NOME_OPONENTE:-$(basename "${OPONENTE%% *}")}
[ "$NOME_OPONENTE" = "$NOME" ] && NOME_OPONENTE="$NOME_OPONENTE-2"
PROTO=${PROTO:-xboard}
PROTO_OPONENTE=${PROTO_OPONENTE:-xboard}
PONDER=${PONDER:-off}
PONDER_OPONENTE=${PONDER_OPONENTE:-off}
CONCORRENCIA=${CONCORRENCIA:-1}
SEMENTE=${SEMENTE:-1}
MARGEM_MS=${MARGEM_MS:-0}
SAIDA=${SAIDA:-target/match-ci}

MATCH=${MATCH:-$RAIZ/scripts/medidas/match.py}
VARIANTE=${VARIANTE:-normal}
if [ "$VARIANTE" = normal ]; then
    ABERTURAS=${ABERTURAS:-$RAIZ/tests/data/8moves_v3-sample2000.epd}
    INICIOS=(--openings "$ABERTURAS")
else
    # Sem ABERTURAS, as posições iniciais da variante (no 960, as 960).
    ABERTURAS=${ABERTURAS:-}
    INICIOS=(--variant "$VARIANTE")
    [ -n "$ABERTURAS" ] && INICIOS+=(--openings "$ABERTURAS")
fi
for f in "$MATCH" ${ABERTURAS:+"$ABERTURAS"}; do
    [ -f "$f" ] || falta "não encontrei $f"
done
precisa_python_chess
compila_motor

mkdir -p "$SAIDA"
RESUMO=$SAIDA/resumo.txt
inicio=$(date +%s)
python3 "$MATCH" \
    --engine name="$NOME" cmd="$MOTOR" proto="$PROTO" memory=16 ponder="$PONDER" \
    --engine name="$NOME_OPONENTE" cmd="$OPONENTE" proto="$PROTO_OPONENTE" ponder="$PONDER_OPONENTE" ${OPCOES_OPONENTE:-} \
    --tc "$TC" --games "$JOGOS" --concurrency "$CONCORRENCIA" --timemargin "$MARGEM_MS" \
    "${INICIOS[@]}" --order random --seed "$SEMENTE" \
    --event "match-ci $NOME x $NOME_OPONENTE" \
    --pgnout "$SAIDA/match.pgn" --log "$SAIDA/protocolo.log" \
    --movetimes "$SAIDA/tempos.tsv" | tee "$RESUMO"
rc=${PIPESTATUS[0]}
dur=$(( $(date +%s) - inicio ))

# Tempo dos lances do primeiro motor diante do teto que ele declarou.
[ -f "$SAIDA/tempos.tsv" ] && python3 - "$SAIDA/tempos.tsv" "$NOME" <<'PY' | tee -a "$RESUMO"
import sys
linhas = [l.rstrip("\n").split("\t") for l in open(sys.argv[1], encoding="utf-8")][1:]
meus = [l for l in linhas if len(l) == 6 and l[1] == sys.argv[2]]
com_teto = [(int(l[3]), int(l[5]), int(l[4])) for l in meus if l[5]]
if not com_teto:
    print(f"Tempo por lance: {len(meus)} lances, nenhum com o teto declarado (# tempo)")
    sys.exit(0)
estouros = sorted(ms - teto for ms, teto, _ in com_teto)
p99 = estouros[min(len(estouros) - 1, int(0.99 * len(estouros)))]
acima = sum(1 for e in estouros if e > 0)
fracao = max(ms / relogio for ms, _, relogio in com_teto if relogio > 0)
print(f"Tempo por lance de {sys.argv[2]}: {len(com_teto)} lances com teto declarado; "
      f"tempo - teto: máx {estouros[-1]:+d} ms, p99 {p99:+d} ms; {acima} acima do teto; "
      f"maior fração do relógio num lance: {fracao:.1%}")
PY

# O resumo do match.py termina com:
#   <nome> vs <oponente>: N games, W/D/L = w/d/l (...)
#   [Aborted games (not counted): K]
#   Faults per engine:  time forfeits illegal moves crashes other
#     <nome>  t i c o        (uma linha por motor; os 4 últimos campos são as contagens)
falhas=$(awk -v nome="$NOME" '
    /^Faults per engine:/ { dentro = 1; next }
    dentro && /^  / && NF >= 5 { n = $1; for (k = 2; k <= NF - 4; k++) n = n " " $k
                      if (n == nome) { print $(NF-3), $(NF-2), $(NF-1), $NF; achou = 1 } }
    END { if (!achou) print "?" }' "$RESUMO")
falhas_op=$(awk -v nome="$NOME_OPONENTE" '
    /^Faults per engine:/ { dentro = 1; next }
    dentro && /^  / && NF >= 5 { n = $1; for (k = 2; k <= NF - 4; k++) n = n " " $k
                      if (n == nome) print $(NF-3) + $(NF-2) + $(NF-1) + $NF }' "$RESUMO")
jogados=$(sed -n "s/^.* vs .*: \([0-9][0-9]*\) games, W\/D\/L = .*/\1/p" "$RESUMO" | tail -1)
abortados=$(sed -n 's/^Aborted games (not counted): \([0-9]*\)/\1/p' "$RESUMO" | tail -1)

erro=""
if [ "$rc" -ne 0 ]; then
    erro="match.py saiu com código $rc"
elif [ "$falhas" = "?" ]; then
    erro="resumo sem a linha de faltas de $NOME"
else
    read -r t i c o <<<"$falhas"
    [ $((t + i + c + o)) -gt 0 ] &&
        erro="faltas de $NOME: $t perda(s) por tempo, $i lance(s) ilegal(is), $c queda(s), $o outra(s)"
fi
[ -z "$erro" ] && [ -n "${abortados:-}" ] && [ "$abortados" -gt 0 ] && erro="$abortados jogo(s) abortado(s)"
[ -z "$erro" ] && [ "${jogados:-0}" -ne "$JOGOS" ] && erro="${jogados:-0} jogos contados de $JOGOS"
if [ -n "${falhas_op:-}" ] && [ "$falhas_op" -gt 0 ]; then
    if [ "${REPROVA_OPONENTE:-0}" = 1 ]; then
        [ -z "$erro" ] && erro="$falhas_op falta(s) de $NOME_OPONENTE"
    else
        echo "match-ci: aviso: $falhas_op falta(s) de $NOME_OPONENTE (não reprovam o ICE-rs)" >&2
    fi
fi
if [ -n "$erro" ]; then
    echo "match-ci: FALHOU ($erro) em ${dur}s; veja $SAIDA/match.pgn e $SAIDA/protocolo.log" >&2
    exit 1
fi
echo "match-ci: ok, $JOGOS jogos a $TC sem faltas de $NOME, em ${dur}s; PGN em $SAIDA/match.pgn" >&2
exit 0
