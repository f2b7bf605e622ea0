#!/bin/sh
# Afinação dos pesos da avaliação pelo método de Texel (ver src/bin/texel.rs).
#
# 1. Gera as partidas (fora do repositório, em $DADOS): o ICE-rs contra ele
#    mesmo e contra motores de referência, com scripts/match.py e as
#    aberturas de 8 lances de tests/data, sorteadas. Partidas rápidas
#    bastam: o que importa é o resultado e a variedade de posições. Com 2
#    núcleos, 4000 partidas a 5+0.05 levam umas 6 horas — rode quando a
#    máquina estiver livre.
# 2. Roda o afinador sobre todos os PGNs e reescreve as constantes de
#    src/avaliacao.rs (confira com `git diff` e meça com um match antes de
#    aceitar: a afinação minimiza o erro de previsão, não garante Elo).
#
# Uso: scripts/texel.sh [partidas-por-oponente]       (padrão 1000)
# Variáveis: DADOS (pasta dos PGNs, padrão /tmp/ice-texel), MATCH (match.py),
#            ABERTURAS (EPD), TC (controle de tempo, padrão 5+0.05),
#            EPOCAS (2000, teto: o afinador para antes quando o erro nas
#            partidas de validação deixa de cair), SO_AFINA=1 (pula a geração
#            e reaproveita os PGNs; qualquer PGN de $DADOS entra, inclusive os
#            de matches de medida copiados para lá).
#
# Os pesos atuais saíram de SO_AFINA=1 sobre ~600 partidas (ver o log do git
# de src/avaliacao.rs): pouco para muitos pesos, por isso a validação.
set -eu

RAIZ=$(cd "$(dirname "$0")/.." && pwd)
DADOS=${DADOS:-/tmp/ice-texel}
MATCH=${MATCH:-$RAIZ/scripts/match.py}
ABERTURAS=${ABERTURAS:-$RAIZ/tests/data/8moves_v3-sample2000.epd}
TC=${TC:-5+0.05}
EPOCAS=${EPOCAS:-2000}
N=${1:-1000}

mkdir -p "$DADOS"
cd "$RAIZ"
# O afinador é um exemplo do Cargo (ferramenta de desenvolvimento, fora do
# `cargo install`): fica em target/release/examples/.
cargo build --release --bin ice --example texel

if [ "${SO_AFINA:-0}" != 1 ]; then
    # Cópia do binário: o afinador pode reescrever a fonte no meio do caminho.
    cp target/release/ice "$DADOS/ice"
    python3 "$MATCH" \
        --engine name=ice cmd="$DADOS/ice" proto=xboard \
        --engine name=ice2 cmd="$DADOS/ice" proto=xboard \
        --tc "$TC" --games "$N" --concurrency 2 \
        --openings "$ABERTURAS" --order random --seed 1 \
        --pgnout "$DADOS/ice-ice.pgn"
    for op in fairymax phalanx; do
        if [ -x "/usr/games/$op" ]; then
            python3 "$MATCH" \
                --engine name=ice cmd="$DADOS/ice" proto=xboard \
                --engine name="$op" cmd="/usr/games/$op" proto=xboard \
                --tc "$TC" --games "$N" --concurrency 2 \
                --openings "$ABERTURAS" --order random --seed 2 \
                --pgnout "$DADOS/ice-$op.pgn"
        fi
    done
fi

target/release/examples/texel "$DADOS"/*.pgn --epocas "$EPOCAS" --escreve src/avaliacao.rs \
    | tee "$DADOS/pesos.txt"
cargo fmt
echo "Pesos novos em src/avaliacao.rs (lista em $DADOS/pesos.txt). Confira com git diff."
