#!/usr/bin/env bash
# Afinação dos pesos da avaliação pelo método de Texel (ver src/texel.rs).
#
# 1. Gera as posições (fora do repositório, em $DADOS) com scripts/medidas/datagen.sh:
#    partidas do ICE-rs contra si mesmo a nós fixos, só posições quietas, uma
#    linha "FEN | escore | resultado" por posição. Um milhão de posições pede
#    umas 14 mil partidas: com 2 núcleos, da ordem de meia hora a uma hora.
# 2. Roda `ice texel` sobre todos os arquivos .txt (e .pgn) de $DADOS e
#    reescreve as constantes de src/pesos.rs — material, tabelas
#    peça-casa e todos os termos. Confira com `git diff` e meça com
#    scripts/medidas/sprt.sh antes de aceitar: a afinação minimiza o erro de previsão,
#    não garante Elo.
#
# Uso: scripts/medidas/texel.sh [PARTIDAS]          (padrão 14000; 0 = não gera)
# Variáveis: DADOS (padrão target/dados), EPOCAS (2000, teto: o afinador para
#            antes quando o erro na validação deixa de cair), LAMBDA (1: só o
#            resultado; padrão 0.25: ¼ resultado, ¾ escore da busca, o alvo
#            dos pesos de agora, +14.6 Elo sobre 0.5 em docs/forca.md),
#            NOS e SEMENTE (repassados ao datagen).
set -euo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2
PARTIDAS=${1:-14000}
export DADOS=${DADOS:-target/dados}
EPOCAS=${EPOCAS:-2000}
LAMBDA=${LAMBDA:-0.25}

if [ "$PARTIDAS" != 0 ]; then
    scripts/medidas/datagen.sh "$PARTIDAS"
fi
compila --bin ice
# Cópia do binário: o afinador reescreve a fonte e ninguém deve recompilar
# no meio do caminho.
cp target/release/ice "$DADOS/ice-texel"
shopt -s nullglob
# A lista dos pesos de uma rodada anterior (pesos.lista) não é .txt: não
# entra como dado na seguinte.
arquivos=("$DADOS"/*.txt "$DADOS"/*.pgn)
[ ${#arquivos[@]} -gt 0 ] || { echo "texel: nenhum dado em $DADOS" >&2; exit 2; }
RUST_LOG=${RUST_LOG:-info} "$DADOS/ice-texel" texel "${arquivos[@]}" \
    --epocas "$EPOCAS" --lambda "$LAMBDA" --escreve src/pesos.rs | tee "$DADOS/pesos.lista"
cargo fmt
echo "Pesos novos em src/pesos.rs (lista em $DADOS/pesos.lista). Confira com git diff e scripts/medidas/sprt.sh."
