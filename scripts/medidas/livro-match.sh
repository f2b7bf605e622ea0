#!/usr/bin/env bash
# Mede o livro de aberturas em partidas de verdade: um match do ICE-rs contra
# o Fairy-Max a partir da posição inicial (sem arquivo de aberturas), e depois
# conta quantas aberturas diferentes o livro produziu, confere que não houve
# lance ilegal e mostra quanto tempo o motor levou no primeiro lance fora do
# livro (não pode haver um pico de tempo na saída do livro).
#
# Uso: scripts/medidas/livro-match.sh [JOGOS=100] [TC=2+0.02]
set -euo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2
JOGOS=${1:-100}
TC=${2:-2+0.02}
SAIDA=${SAIDA:-target/livro-match}
OPONENTE=${OPONENTE:-/usr/games/fairymax}
mkdir -p "$SAIDA"
compila
python3 scripts/medidas/match.py \
  --engine name=ice cmd="$PWD/target/release/ice" proto=xboard memory=64 \
  --engine name=oponente cmd="$OPONENTE" proto=xboard \
  --tc "$TC" --games "$JOGOS" --concurrency "${CONCORRENCIA:-2}" \
  --pgnout "$SAIDA/partidas.pgn" | tee "$SAIDA/resumo.txt" | tail -8
python3 - "$SAIDA/partidas.pgn" <<'PY'
import re, sys, statistics
import chess.pgn

aberturas, saidas, depois = set(), [], []
with open(sys.argv[1]) as f:
    while (jogo := chess.pgn.read_game(f)) is not None:
        cor_ice = chess.WHITE if jogo.headers["White"] == "ice" else chess.BLACK
        lances, fora, tempos = [], None, []
        no = jogo
        while no.variations:
            no = no.variation(0)
            tabuleiro = no.parent.board()
            lances.append(no.move.uci())
            if tabuleiro.turn != cor_ice:
                continue
            m = re.search(r"/(\d+) ([\d.]+)s", no.comment or "")
            if not m:
                continue
            prof, t = int(m.group(1)), float(m.group(2))
            if fora is None:
                if prof == 0:
                    continue  # ainda no livro: "0 0 0 0 (livro)"
                fora = len(lances)
                aberturas.add(" ".join(lances[:-1]))
                saidas.append(t)
            else:
                tempos.append(t)
        if tempos:
            depois.append(statistics.mean(tempos[:10]))
print(f"aberturas distintas (lances até o motor sair do livro): {len(aberturas)}")
if saidas:
    print(f"primeiro lance fora do livro: média {statistics.mean(saidas):.3f}s, "
          f"máximo {max(saidas):.3f}s; os 10 lances seguintes: média {statistics.mean(depois):.3f}s")
PY
