#!/usr/bin/env bash
# confere-propostas.sh
#
# Cada patch de docs/propostas/ é uma mudança medida que ainda não entrou (o
# docs/forca.md diz onde está e como aplicá-la). Um patch que não aplica mais
# ao código atual engana quem o lê: este script roda `git apply --check` em
# cada um e falha se algum não aplicar. Quando o código muda debaixo de um
# patch, refaça-o sobre o código novo ou remova-o (e diga no docs/forca.md de
# que commit ele pode ser recuperado).
#
# Imprime uma linha por patch e "N passed, M failed"; sai com 1 se algum não
# aplica, 2 se não há git.
set -uo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2
command -v git >/dev/null 2>&1 || falta "falta o git"

passou=0
falhou=0
shopt -s nullglob
for patch in docs/propostas/*.patch; do
    if erro=$(git apply --check "$patch" 2>&1); then
        passou=$((passou + 1))
        echo "ok     $patch"
    else
        falhou=$((falhou + 1))
        echo "FALHA  $patch: não aplica ao código atual"
        sed 's/^/         | /' <<<"$erro" | head -n 5
    fi
done
echo "$passou passed, $falhou failed"
[ "$falhou" -eq 0 ]
