#!/usr/bin/env bash
# confere-guia.sh [BINÁRIO]
#
# O guia de estudo (docs/guia/*.md) aponta para o código, manda rodar comandos
# e cita medidas: quando o código muda, ele não pode ficar errado sem ninguém
# ver. Este script confere as cinco marcas que o guia usa (a convenção está
# em docs/guia/README.md, "Como o guia se confere"):
#
#  (a) nomes: entre crases, `arquivo.rs` existe em src/ (ou em src/bin/; com
#      src/ ou tests/ na frente, a partir da raiz) e, em `arquivo.rs::nome`, o
#      nome é definido nesse arquivo (fn, struct, enum, type, const, static,
#      trait, mod ou macro_rules!); `nome()` sozinho é definido em algum
#      arquivo de src/. Dentro de blocos de código e das citações do forca.md
#      nada disso é conferido;
#  (b) comandos: cada linha de um bloco ```sh roda (fora as vazias e os
#      comentários #) roda com bash -o pipefail, na raiz do repositório,
#      com o diretório do binário no começo do PATH (`ice` e `epd2wb` são
#      os compilados), e tem de sair com 0 em até TEMPO_GUIA segundos
#      (padrão 120);
#  (c) citações: numa linha "> forca.md: TEXTO", o TEXTO aparece tal e qual
#      em docs/forca.md;
#  (d) links: o destino de cada link relativo [..](caminho) existe;
#  (e) figuras: scripts/guia/figuras.sh --confere refaz as figuras dos blocos
#      ```sh figura NOME.svg num diretório temporário e cada uma tem de ser
#      igual, byte a byte, à de docs/guia/figuras/.
#
# Sem BINÁRIO usa target/release/ice, compilando (cargo build --release) se
# ele ou o epd2wb faltarem. GUIA=dir confere outro diretório de páginas.
# Imprime uma linha por conferência e, no fim, "N passed, M failed"; sai 1 se
# alguma falhou, 2 se não há guia ou binário.
set -uo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2
GUIA=${GUIA:-docs/guia}
TEMPO=${TEMPO_GUIA:-120}
FORCA=docs/forca.md

BIN=${1:-target/release/ice}
if [ $# -eq 0 ] && { [ ! -x target/release/ice ] || [ ! -x target/release/epd2wb ]; }; then
    echo "confere-guia: compilando (cargo build --release)"
    compila
fi
[ -x "$BIN" ] || { echo "confere-guia: $BIN não existe ou não é executável" >&2; exit 2; }
DIR_BIN=$(cd "$(dirname "$BIN")" && pwd)
paginas=("$GUIA"/*.md)
[ -e "${paginas[0]}" ] || { echo "confere-guia: nenhuma página em $GUIA" >&2; exit 2; }
mkdir -p target/guia

passou=0
falhou=0
ok() { passou=$((passou + 1)); printf 'ok     %-8s %s\n' "$1" "$2"; }
falha() { falhou=$((falhou + 1)); printf 'FALHA  %-8s %s\n' "$1" "$2"; }
# Textos longos (citações, comandos) cortados para caber numa linha do relatório.
curto() { local s=$1; [ ${#s} -gt 90 ] && s="${s:0:87}..."; printf '%s' "$s"; }

# Agora, em microssegundos (EPOCHREALTIME é do bash 5; antes, segundos inteiros).
agora() {
    if [ -n "${EPOCHREALTIME:-}" ]; then echo "${EPOCHREALTIME/[.,]/}"; else echo $(($(date +%s) * 1000000)); fi
}

# O texto corrido da página: sem os blocos de código e sem as citações do forca.md.
texto_corrido() {
    awk '/^[[:space:]]*```/ { dentro = !dentro; next } !dentro && !/^> forca\.md: / { print }' "$1"
}

# Resolve `arquivo.rs` para um caminho do repositório (vazio se não existe).
arquivo_de() {
    local a=$1
    case "$a" in
        src/* | tests/*) [ -f "$a" ] && echo "$a" ;;
        *) if [ -f "src/$a" ]; then echo "src/$a"; elif [ -f "src/bin/$a" ]; then echo "src/bin/$a"; fi ;;
    esac
}

# O item `nome` é definido no arquivo (ou arquivos) dados?
definido_em() {
    local nome=$1
    shift
    grep -Eq "(^|[^A-Za-z0-9_])(fn|struct|enum|type|const|static|trait|mod)[[:space:]]+${nome}([^A-Za-z0-9_]|$)|macro_rules![[:space:]]*${nome}([^A-Za-z0-9_]|$)" "$@"
}

for pag in "${paginas[@]}"; do
    nome_pag=${pag#"$GUIA"/}
    echo "== $nome_pag"

    # (a) nomes entre crases, cada um uma vez por página.
    while IFS= read -r ref; do
        [ -z "$ref" ] && continue
        if [[ $ref =~ ^([A-Za-z0-9_/.]+\.rs)(::([A-Za-z_][A-Za-z0-9_]*)(\(\))?)?$ ]]; then
            arq=${BASH_REMATCH[1]}
            item=${BASH_REMATCH[3]}
            caminho=$(arquivo_de "$arq")
            if [ -z "$caminho" ]; then
                falha nome "$ref: o arquivo não existe (nem src/$arq nem src/bin/$arq)"
            elif [ -z "$item" ]; then
                ok nome "$ref"
            elif definido_em "$item" "$caminho"; then
                ok nome "$ref"
            else
                falha nome "$ref: $caminho não define $item"
            fi
        elif [[ $ref =~ ^([a-z_][a-z0-9_]*)\(\)$ ]]; then
            item=${BASH_REMATCH[1]}
            if grep -rlE --include='*.rs' "(^|[^A-Za-z0-9_])fn[[:space:]]+${item}([^A-Za-z0-9_]|$)" src >/dev/null; then
                ok nome "$ref"
            else
                falha nome "$ref: nenhum arquivo de src/ define fn $item"
            fi
        fi
    done < <(texto_corrido "$pag" | grep -o '`[^`]*`' | tr -d '`' | awk '!visto[$0]++')

    # (c) citações do forca.md.
    while IFS= read -r linha; do
        texto=${linha#> forca.md: }
        if grep -qF -- "$texto" "$FORCA"; then
            ok forca "$(curto "$texto")"
        else
            falha forca "não está em $FORCA: $(curto "$texto")"
        fi
    done < <(grep '^> forca\.md: ' "$pag")

    # (d) links relativos.
    while IFS= read -r destino; do
        case "$destino" in http* | mailto:* | \#*) continue ;; esac
        alvo=${destino%%#*}
        if [ -e "$(dirname "$pag")/$alvo" ]; then
            ok link "$destino"
        else
            falha link "$destino: não existe (a partir de $(dirname "$pag"))"
        fi
    done < <(texto_corrido "$pag" | grep -o '](\([^)]*\))' | sed 's/^](//; s/)$//' | awk '!visto[$0]++')

    # (b) comandos dos blocos ```sh roda, na ordem (um pode usar o arquivo do anterior).
    while IFS= read -r cmd; do
        saida=target/guia/saida.txt
        inicio=$(agora)
        (PATH="$DIR_BIN:$PATH" timeout "$TEMPO" bash -o pipefail -c "$cmd") >"$saida" 2>&1 </dev/null
        rc=$?
        decimos=$((($(agora) - inicio) / 100000))
        seg="$((decimos / 10)).$((decimos % 10))"
        if [ "$rc" -eq 0 ]; then
            ok comando "$(curto "$cmd") ($seg s)"
        else
            falha comando "$(curto "$cmd"): saiu com $rc ($seg s); fim da saída:"
            tail -n 5 "$saida" | sed 's/^/         | /'
        fi
    done < <(awk '/^```sh roda[[:space:]]*$/ { dentro = 1; next } /^```/ { dentro = 0; next } dentro && !/^[[:space:]]*(#|$)/ { print }' "$pag")
done

# (e) figuras: refeitas num diretório temporário, iguais às commitadas.
echo "== figuras (scripts/guia/figuras.sh --confere)"
saida_fig=$(scripts/guia/figuras.sh --confere "$BIN" 2>&1)
rc_fig=$?
falhas_antes=$falhou
while IFS= read -r linha; do
    case "$linha" in
        ok\ *) ok figura "${linha#ok }" ;;
        FALHA\ *) falha figura "${linha#FALHA }" ;;
        ?*) echo "       $linha" ;;
    esac
done <<<"$saida_fig"
if [ "$rc_fig" -ne 0 ] && [ "$falhou" -eq "$falhas_antes" ]; then
    falha figura "scripts/guia/figuras.sh saiu com $rc_fig"
fi

echo "$passou passed, $falhou failed"
[ "$falhou" -eq 0 ]
