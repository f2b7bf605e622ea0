#!/usr/bin/env bash
# match-960.sh
#
# Matches de Chess960 com scripts/medidas/match.py (--variant fischerandom --order random --seed S: as
# posições iniciais sorteadas entre as 960, cada uma jogada com as duas cores), pelo
# scripts/ci/match-ci.sh (VARIANTE=fischerandom), com o ICE-rs por xboard como primeiro motor:
#   stockfish ICE-rs (xboard) x Stockfish 15.1 com UCI_LimitStrength/UCI_Elo 1800 (UCI com
#             UCI_Chess960): a 2+0.02 o Glaurung perde por tempo em boa parte das partidas
#             (6 das 6 primeiras, 2026-11-26), o Stockfish limitado não
#   glaurung  ICE-rs (xboard) x Glaurung 2.2 (/usr/games/glaurung, UCI com UCI_Chess960)
#   ice-uci   ICE-rs (xboard) x ICE-rs (UCI): as faltas dos DOIS lados reprovam
# Sai com código ≠ 0 se algum match tiver falta do ICE-rs (perda por tempo, lance ilegal, queda,
# falsa reclamação), jogo abortado ou a menos, ou se nenhuma partida de nenhum match tiver roque.
# Os PGNs ficam em $SAIDA/<adversario>.pgn (e tudo de cada match, com o protocolo, em
# $SAIDA/<adversario>/); o resumo de cada match e a contagem de roques saem na tela.
#
# Ambiente: JOGOS=100 (por match)  TC=2+0.02  CONCORRENCIA=2  SEMENTE=960
#   ADVERSARIOS="stockfish ice-uci"  ELO_STOCKFISH=1800  MOTOR=target/release/ice  GLAURUNG=/usr/games/glaurung
#   SAIDA=target/match-960
# Ex. (a versão curta do CI): ADVERSARIOS=ice-uci JOGOS=4 TC=1+0.01 scripts/ci/match-960.sh
set -uo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2

JOGOS=${JOGOS:-100}
TC=${TC:-2+0.02}
CONCORRENCIA=${CONCORRENCIA:-2}
SEMENTE=${SEMENTE:-960}
ADVERSARIOS=${ADVERSARIOS:-stockfish ice-uci}
MOTOR=${MOTOR:-target/release/ice}
GLAURUNG=${GLAURUNG:-/usr/games/glaurung}
SAIDA=${SAIDA:-target/match-960}

compila_motor
mkdir -p "$SAIDA"
inicio=$(date +%s)
falhou=()
pgns=()
for adv in $ADVERSARIOS; do
    case $adv in
        glaurung)
            [ -x "$GLAURUNG" ] || { echo "match-960: Glaurung não encontrado: $GLAURUNG (apt-get install glaurung)" >&2; exit 2; }
            ambiente=(OPONENTE="$GLAURUNG" PROTO_OPONENTE=uci NOME_OPONENTE=glaurung) ;;
        stockfish)
            [ -x /usr/games/stockfish ] || { echo "match-960: falta o Stockfish (apt-get install stockfish)" >&2; exit 2; }
            ambiente=(OPONENTE=/usr/games/stockfish PROTO_OPONENTE=uci NOME_OPONENTE="stockfish-${ELO_STOCKFISH:-1800}"
                      OPCOES_OPONENTE="option.UCI_LimitStrength=true option.UCI_Elo=${ELO_STOCKFISH:-1800} option.Hash=16") ;;
        ice-uci)
            # O mesmo binário nos dois lados; as faltas do lado UCI também são do ICE-rs.
            ambiente=(OPONENTE="$MOTOR" PROTO_OPONENTE=uci NOME_OPONENTE=ice-uci REPROVA_OPONENTE=1) ;;
        *) echo "match-960: adversário desconhecido '$adv' (há: stockfish glaurung ice-uci)" >&2; exit 2 ;;
    esac
    echo "=== match-960: ice (xboard) x $adv, $JOGOS jogos a $TC, concorrência $CONCORRENCIA, semente $SEMENTE" >&2
    if ! env "${ambiente[@]}" VARIANTE=fischerandom MOTOR="$MOTOR" NOME=ice PROTO=xboard \
            CONCORRENCIA="$CONCORRENCIA" SEMENTE="$SEMENTE" SAIDA="$SAIDA/$adv" \
            scripts/ci/match-ci.sh "$JOGOS" "$TC"; then
        falhou+=("$adv")
    fi
    if [ -f "$SAIDA/$adv/match.pgn" ]; then
        cp "$SAIDA/$adv/match.pgn" "$SAIDA/$adv.pgn"
        pgns+=("$SAIDA/$adv.pgn")
    fi
done

# Os roques das partidas (relidas como Chess960 pelo python-chess): por match, quantas partidas
# tiveram roque e quantos roques cada motor fez.
roques=$(python3 - "${pgns[@]}" <<'PY'
import os, sys, chess, chess.pgn
total = 0
for arq in sys.argv[1:]:
    partidas = com_roque = 0
    por_motor = {}
    with open(arq, encoding="utf-8", errors="replace") as f:
        while (jogo := chess.pgn.read_game(f)) is not None:
            partidas += 1
            b = jogo.board()
            teve = False
            for no in jogo.mainline():
                if b.is_castling(no.move):
                    teve = True
                    quem = jogo.headers.get("White" if b.turn else "Black", "?")
                    ala = "O-O" if b.is_kingside_castling(no.move) else "O-O-O"
                    por_motor[(quem, ala)] = por_motor.get((quem, ala), 0) + 1
                b.push(no.move)
            com_roque += teve
    total += com_roque
    detalhe = ", ".join(f"{q} {a} x{n}" for (q, a), n in sorted(por_motor.items())) or "nenhum roque"
    print(f"match-960: {os.path.basename(arq)}: {com_roque} de {partidas} partidas com roque ({detalhe})")
print(f"TOTAL {total}")
PY
)
total_roque=$(sed -n 's/^TOTAL //p' <<<"$roques")
grep -v '^TOTAL ' <<<"$roques" >&2

dur=$(( $(date +%s) - inicio ))
erro=""
[ ${#falhou[@]} -gt 0 ] && erro="match(es) com falta ou jogos faltando: ${falhou[*]}"
[ -z "$erro" ] && [ "${total_roque:-0}" -eq 0 ] && erro="nenhuma partida com roque"
if [ -n "$erro" ]; then
    echo "match-960: FALHOU ($erro) em ${dur}s; PGNs e protocolos em $SAIDA/" >&2
    exit 1
fi
echo "match-960: ok, ${ADVERSARIOS// /, } ($JOGOS jogos cada a $TC) sem faltas do ICE-rs, $total_roque partida(s) com roque, em ${dur}s; PGNs em $SAIDA/" >&2
exit 0
