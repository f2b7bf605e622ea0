#!/usr/bin/env bash
# scripts/guia/livro.sh [DIR_DAS_IMAGENS]
#
# O guia como livro: `mdbook build docs/guia` (book.toml e SUMMARY.md lá; a
# saída em target/livro, fora do git) e, com o Chromium headless, um
# screenshot de duas páginas com figuras: a 1 (os bitboards desenhados pelo
# motor) e a 2 (a árvore de busca desenhada pelo motor, clássica × moderna).
# Confere que o livro tem
# as páginas e as imagens e que cada PNG existe e não é uma página em branco
# (uma página vazia do Chromium dá uns 8 KB; com texto e figuras, centenas),
# e que nenhum link do livro aponta para fora dele.
#
# Precisa de `mdbook` (cargo install mdbook --locked) e de `chromium` (no
# Debian, apt-get install chromium). As imagens vão para DIR_DAS_IMAGENS
# (padrão target/livro-screenshots). Sai 1 se algo falta.
set -euo pipefail
RAIZ=$(cd "$(dirname "$0")/../.." && pwd)
cd "$RAIZ"
IMAGENS=${1:-target/livro-screenshots}
# Menor PNG aceito: bem acima do de uma página em branco.
MIN_BYTES=50000

falha() { echo "livro: $*" >&2; exit 1; }
command -v mdbook >/dev/null || falha "falta o mdbook (cargo install mdbook --locked)"
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
[ -n "$CHROMIUM" ] || falha "falta o chromium (apt-get install chromium)"

rm -rf target/livro
mdbook build docs/guia
for pag in README 01-representacao 02-busca 06-testes 11-protocolos apendice-fatos-do-ice apendice-forca; do
    [ -s "target/livro/$pag.html" ] || falha "target/livro/$pag.html não foi gerado"
done
# Nenhum link sai do livro: o que as páginas citam de fora de docs/guia
# (docs/ice-fatos.md, docs/forca.md) entra como apêndice ({{#include}}).
if fora=$(grep -o 'href="\.\./[^"]*"' target/livro/*.html); then
    falha "links que saem do livro (não existem no livro publicado):
$fora"
fi
# As figuras vão junto, e as páginas as mostram.
for f in docs/guia/figuras/*.svg; do
    [ -s "target/livro/figuras/$(basename "$f")" ] || falha "a figura $(basename "$f") não foi copiada para o livro"
done
grep -q '<img src="figuras/peoes-brancos.svg"' target/livro/01-representacao.html ||
    falha "a página 1 do livro não mostra figuras/peoes-brancos.svg"
grep -q '<img src="figuras/arvore-de-busca.svg"' target/livro/02-busca.html ||
    falha "a página 2 do livro não mostra figuras/arvore-de-busca.svg"
grep -q '<img src="figuras/ramificacao.svg"' target/livro/06-testes.html ||
    falha "a página 6 do livro não mostra figuras/ramificacao.svg"

mkdir -p "$IMAGENS"
# Uma janela alta: a primeira figura de cada página fica dentro dela.
for par in "01-representacao:bitboards" "02-busca:arvore"; do
    pag=${par%%:*}
    png="$IMAGENS/${par#*:}.png"
    rm -f "$png"
    timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --screenshot="$png" --window-size=1100,3000 "file://$RAIZ/target/livro/$pag.html" \
        >/dev/null 2>&1 || falha "o chromium falhou na página $pag"
    [ -s "$png" ] || falha "$png não existe ou está vazio"
    bytes=$(wc -c <"$png")
    [ "$bytes" -ge "$MIN_BYTES" ] || falha "$png tem só $bytes bytes: página em branco?"
    echo "livro: $png ($bytes bytes) de target/livro/$pag.html"
done
echo "livro: target/livro/index.html (abra no navegador)"
