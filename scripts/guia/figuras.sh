#!/usr/bin/env bash
# scripts/guia/figuras.sh [--confere] [BINÁRIO]
#
# As figuras do guia (docs/guia/figuras/*.svg), todas feitas aqui, a partir do
# motor e dos registros. Cada página diz como a sua figura é feita, num bloco
#
#     ```sh figura NOME.svg
#     ice desenha cavalo g1
#     ```
#
# cujas linhas (fora as vazias e os comentários #) rodam com bash -o pipefail
# na raiz do repositório, com o diretório do BINÁRIO no começo do PATH (`ice`
# é o compilado); a saída padrão é o SVG. O comando que a página mostra é,
# então, o que faz a figura: não há uma segunda lista para desatualizar.
#
# Sem --confere, escreve as figuras em docs/guia/figuras/ (e avisa de um SVG
# de lá que nenhuma página faz). Com --confere, escreve num diretório
# temporário e compara com as de docs/guia/figuras/ byte a byte: uma figura
# diferente da commitada, que falta, que sobra ou que a página não mostra
# (nenhum ![…](figuras/NOME.svg) nela) é falha. scripts/ci/confere-guia.sh usa o
# --confere: uma figura não pode apodrecer em silêncio.
#
# Imprime uma linha por figura ("ok NOME …" ou "FALHA NOME: …"); sai 1 se
# alguma falhou, 2 se falta o binário. Sem BINÁRIO usa target/release/ice.
# GUIA=dir usa outro diretório de páginas.
set -uo pipefail
RAIZ=$(cd "$(dirname "$0")/../.." && pwd)
cd "$RAIZ" || exit 2
GUIA=${GUIA:-docs/guia}
FIGURAS=$GUIA/figuras

confere=0
if [ "${1:-}" = "--confere" ]; then
    confere=1
    shift
fi
BIN=${1:-target/release/ice}
[ -x "$BIN" ] || { echo "figuras: $BIN não existe ou não é executável" >&2; exit 2; }
DIR_BIN=$(cd "$(dirname "$BIN")" && pwd)

if [ "$confere" -eq 1 ]; then
    SAIDA=$(mktemp -d)
    trap 'rm -rf "$SAIDA"' EXIT
else
    SAIDA=$FIGURAS
    mkdir -p "$SAIDA"
fi

falhas=0
feitas=()
for pag in "$GUIA"/*.md; do
    # Os blocos ```sh figura NOME.svg: "NOME<TAB>comando" por linha de comando.
    while IFS=$'\t' read -r nome cmd; do
        [ -z "$nome" ] && continue
        if [[ ! $nome =~ ^[a-z0-9-]+\.svg$ ]]; then
            echo "FALHA $nome: nome de figura inválido em $pag (letras minúsculas, dígitos e -, .svg)"
            falhas=$((falhas + 1))
            continue
        fi
        if printf '%s\n' "${feitas[@]}" | grep -qx "$nome"; then
            echo "FALHA $nome: duas páginas (ou dois blocos) fazem a mesma figura"
            falhas=$((falhas + 1))
            continue
        fi
        feitas+=("$nome")
        inicio=$(date +%s%N)
        (PATH="$DIR_BIN:$PATH" bash -o pipefail -c "$cmd") >"$SAIDA/$nome.novo" 2>"$SAIDA/$nome.erro" </dev/null
        rc=$?
        decimos=$((($(date +%s%N) - inicio) / 100000000))
        seg="$((decimos / 10)).$((decimos % 10)) s"
        if [ "$rc" -ne 0 ] || ! head -c 5 "$SAIDA/$nome.novo" | grep -q '^<?xml'; then
            echo "FALHA $nome: o comando de $pag saiu com $rc ou não escreveu um SVG ($seg)"
            tail -n 5 "$SAIDA/$nome.erro" | sed 's/^/  | /'
            falhas=$((falhas + 1))
            rm -f "$SAIDA/$nome.novo" "$SAIDA/$nome.erro"
            continue
        fi
        mv "$SAIDA/$nome.novo" "$SAIDA/$nome"
        rm -f "$SAIDA/$nome.erro"
        if ! grep -qF "](figuras/$nome)" "$pag"; then
            echo "FALHA $nome: $pag faz a figura mas não a mostra (![…](figuras/$nome))"
            falhas=$((falhas + 1))
            continue
        fi
        if [ "$confere" -eq 0 ]; then
            echo "ok $nome ($pag, $seg)"
        elif [ ! -f "$FIGURAS/$nome" ]; then
            echo "FALHA $nome: não está em $FIGURAS (rode scripts/guia/figuras.sh e commite)"
            falhas=$((falhas + 1))
        elif cmp -s "$SAIDA/$nome" "$FIGURAS/$nome"; then
            echo "ok $nome ($pag, $seg)"
        else
            echo "FALHA $nome: difere da commitada em $FIGURAS (refaça com scripts/guia/figuras.sh); as primeiras diferenças:"
            diff "$FIGURAS/$nome" "$SAIDA/$nome" | grep '^[<>]' | head -n 6 | cut -c1-150 | sed 's/^/  | /'
            falhas=$((falhas + 1))
        fi
    done < <(awk '
        /^```sh figura [^ ]+[[:space:]]*$/ { nome = $3; cmd = ""; dentro = 1; next }
        /^```/ && dentro { print nome "\t" cmd; dentro = 0; next }
        dentro && !/^[[:space:]]*(#|$)/ { cmd = (cmd == "" ? $0 : cmd "; " $0) }
    ' "$pag")
done

# Um SVG em docs/guia/figuras que nenhuma página faz é uma figura sem dono.
for f in "$FIGURAS"/*.svg; do
    [ -e "$f" ] || continue
    nome=$(basename "$f")
    if ! printf '%s\n' "${feitas[@]}" | grep -qx "$nome"; then
        echo "FALHA $nome: está em $FIGURAS mas nenhuma página a faz (apague-a ou ponha o bloco na página)"
        falhas=$((falhas + 1))
    fi
done

[ "$falhas" -eq 0 ]
