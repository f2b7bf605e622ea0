# shellcheck shell=bash
# comum.sh: os auxiliares de shell dos scripts do ICE-rs, num lugar só (carregado com `source`).
#
# No começo de um script de scripts/PASTA/:
#     # shellcheck source=../comum.sh
#     source "$(dirname "$0")/../comum.sh"
#     cd "$RAIZ" || exit 2
#
# Define RAIZ (a raiz do repositório, absoluta), PROG (o nome do script, sem o .sh, que os
# auxiliares põem nas mensagens) e CHAMADOR (o diretório de quem chamou). MOTOR e OPONENTE
# relativos, no ambiente, valem a partir do diretório de quem chamou: aqui eles viram absolutos,
# antes de o script ir para a raiz. O código de saída 2 quer dizer "falta algo para rodar".

RAIZ=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PROG=$(basename "$0" .sh)
CHAMADOR=$PWD

# falta MENSAGEM: diz o que falta para rodar e sai do script com 2.
falta() {
    echo "$PROG: $*" >&2
    exit 2
}

# do_chamador COMANDO: um caminho relativo (com barra, e que existe a partir do diretório de quem
# chamou) vira absoluto; os argumentos depois do primeiro espaço vão junto. Um nome sem barra (do
# PATH) ou um caminho absoluto volta como veio.
do_chamador() {
    local c=$1
    if [ "${c#/}" = "$c" ] && [ "${c#*/}" != "$c" ] && [ -e "$CHAMADOR/${c%% *}" ]; then
        c=$CHAMADOR/$c
    fi
    printf '%s\n' "$c"
}
for v in MOTOR OPONENTE; do
    if [ -n "${!v:-}" ]; then printf -v "$v" '%s' "$(do_chamador "${!v}")"; fi
done

# absoluto CAMINHO: o caminho absoluto de um motor, já com o script na raiz: relativo à raiz se
# tem barra, procurado no PATH se é só um nome. O xboard roda os motores de outro diretório.
absoluto() {
    case $1 in
        /*) echo "$1" ;;
        */*) echo "$RAIZ/$1" ;;
        *) command -v "$1" || echo "$1" ;;
    esac
}

# executavel COMANDO: sai com 2 se o programa de COMANDO (até o primeiro espaço) não é executável.
executavel() {
    [ -x "${1%% *}" ] || falta "motor não executável: $1"
}

# dir_absoluto DIR: cria DIR (e os pais) e imprime o caminho absoluto dele.
dir_absoluto() {
    mkdir -p "$1" && (cd "$1" && pwd)
}

# compila [ARGS do cargo]: `cargo build --release --quiet ARGS` na raiz (com os binários em dia
# o cargo não refaz nada); se a compilação falhar, sai do script com 2.
# shellcheck disable=SC2120  # os argumentos vêm de quem carrega este arquivo
compila() {
    (cd "$RAIZ" && cargo build --release --quiet "$@") || falta "cargo build --release $* falhou"
}

# compila_commit REV PASTA: o commit REV do git compilado numa worktree à parte (o que não foi
# commitado não entra); imprime o caminho do binário, PASTA/<hash>/ice. Uma vez por commit: o
# binário fica como cache, e o target/ do cargo em PASTA/target. PASTA é um caminho absoluto.
compila_commit() {
    local hash destino wt
    hash=$(git -C "$RAIZ" rev-parse --short=10 "$1^{commit}") || falta "não conheço o commit $1"
    destino=$2/$hash
    if [ ! -x "$destino/ice" ]; then
        wt=$2/wt-$hash
        rm -rf "$wt"
        git -C "$RAIZ" worktree add -q --detach "$wt" "$hash"
        (cd "$wt" && CARGO_TARGET_DIR=$2/target cargo build --release -q --bin ice) >&2 ||
            falta "a compilação de $1 falhou"
        mkdir -p "$destino"
        cp "$2/target/release/ice" "$destino/ice"
        git -C "$RAIZ" worktree remove --force "$wt"
    fi
    echo "$destino/ice"
}

# compila_motor: com o motor padrão (MOTOR=target/release/ice, relativo à raiz, onde o script já
# está), compila-o se faltar ou estiver velho; um MOTOR de fora fica como veio.
compila_motor() {
    [ "$MOTOR" = target/release/ice ] || return 0
    [ -x "$MOTOR" ] || echo "$PROG: compilando $MOTOR" >&2
    compila
}

# precisa_python_chess [MÓDULO...]: sai com 2 se o python3 não importa o python-chess (ou os
# módulos dados, como chess.engine ou chess.syzygy).
precisa_python_chess() {
    local m mods=chess
    for m in "$@"; do mods="$mods, $m"; done
    python3 -c "import $mods" 2>/dev/null || falta "falta python-chess (pip install chess)"
}

# instala_pacote PACOTE [PROGRAMA]: se PROGRAMA (padrão: o nome do pacote; um caminho ou um nome
# do PATH) falta, instala o pacote do Debian com o apt-get (precisa ser root). Código 1 se não
# conseguiu.
instala_pacote() {
    local prog=${2:-$1}
    if [ -x "$prog" ] || command -v "$prog" >/dev/null 2>&1; then return 0; fi
    echo "$PROG: instalando $1" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1"; } >/dev/null 2>&1 ||
        { echo "$PROG: não consegui instalar $1 (apt-get install $1)" >&2; return 1; }
}

# inicia_xvfb DIR: um Xvfb privado, sem tela, para o XBoard: o próprio Xvfb escolhe um número de
# tela livre (-displayfd) e o escreve em DIR/display; DISPLAY é exportado e o PID fica em
# XVFB_PID. Código 1 se o Xvfb falta ou não começou (a saída dele fica em DIR/xvfb.out).
# para_xvfb o encerra (chame-o na saída do script).
XVFB_PID=""
inicia_xvfb() {
    command -v Xvfb >/dev/null 2>&1 || { echo "$PROG: falta o Xvfb (apt-get install xvfb)" >&2; return 1; }
    Xvfb -displayfd 9 -screen 0 1280x1024x24 -nolisten tcp 9>"$1/display" >"$1/xvfb.out" 2>&1 &
    XVFB_PID=$!
    for _ in $(seq 50); do [ -s "$1/display" ] && break; sleep 0.1; done
    if [ ! -s "$1/display" ]; then
        cat "$1/xvfb.out" >&2
        para_xvfb
        echo "$PROG: o Xvfb não começou" >&2
        return 1
    fi
    DISPLAY=":$(head -n1 "$1/display")"
    export DISPLAY
}
para_xvfb() {
    [ -n "$XVFB_PID" ] || return 0
    kill "$XVFB_PID" 2>/dev/null
    wait "$XVFB_PID" 2>/dev/null
    XVFB_PID=""
}

# veredito OK [DETALHE]: o fim dos scripts que juntam as falhas no vetor `erros`. Sem erros,
# imprime "PROG: ok, OK" e sai com 0; com erros, uma linha "PROG: FALHOU: ERRO" por erro e,
# se dado, "PROG: DETALHE" (onde estão os artefatos), e sai com 1.
# shellcheck disable=SC2154  # erros é de quem carrega este arquivo
veredito() {
    local e
    if [ ${#erros[@]} -gt 0 ]; then
        for e in "${erros[@]}"; do echo "$PROG: FALHOU: $e" >&2; done
        [ -z "${2:-}" ] || echo "$PROG: $2" >&2
        exit 1
    fi
    echo "$PROG: ok, $1" >&2
    exit 0
}

# XBOARD_NEUTRO: opções da linha de comando do XBoard que neutralizam o ~/.xboardrc. O XBoard
# expande o "~" do "-settingsFile ~/.xboardrc" de /etc/xboard/xboard.conf com getpwuid(), não com
# $HOME: o ~/.xboardrc do usuário real é sempre lido (e regravado, sem -saveSettingsOnExit
# false). A linha de comando vem depois dos arquivos de configuração, então estas opções ganham;
# elas anulam também um ~/.xboardrc estragado (uma palavra solta nele vira uma partida a carregar,
# o que liga o modo de visualização, cujas -viewerOptions trazem -ncp).
# shellcheck disable=SC2034  # usada por quem carrega este arquivo
XBOARD_NEUTRO=(
    -viewerOptions "" -tourneyOptions "" -lgf "" -lpf "" -tf "" -noChessProgram false
    -saveSettingsOnExit false -popupExitMessage false -soundProgram ""
)

# fumaca_com_registro JOGOS XB_ARGS: a fumaça do XBoard (scripts/ci/xboard-smoke.sh: JOGOS
# partidas contra o Fairy-Max, artefatos em SAIDA, já absoluto; XB_ARGS antes das opções do
# ambiente) com o MOTOR (absoluto) embrulhado: ele roda com RUST_LOG=ice=debug e a saída de erros
# vai para REGISTRO ($SAIDA/ice-stderr.log). O XBoard junta a saída de erros do motor à saída
# padrão, e o registro não pode chegar ao protocolo: vai para o arquivo. Começa o vetor `erros`
# com a falha da fumaça, se houve, e com o registro vazio; quem chama confere o REGISTRO e
# termina com o veredito.
fumaca_com_registro() {
    local embrulho=$SAIDA/ice-com-registro.sh rc
    REGISTRO=$SAIDA/ice-stderr.log
    rm -f "$REGISTRO"
    cat >"$embrulho" <<FIM
#!/bin/sh
RUST_LOG=ice=debug exec "$MOTOR" "\$@" 2>>"$REGISTRO"
FIM
    chmod +x "$embrulho"
    MOTOR=$embrulho XB_ARGS="$2 ${XB_ARGS:-}" "$RAIZ/scripts/ci/xboard-smoke.sh" "$1" "$SAIDA"
    rc=$?
    erros=()
    [ "$rc" -eq 0 ] || erros+=("xboard-smoke.sh falhou (código $rc)")
    [ -s "$REGISTRO" ] || erros+=("registro do motor vazio: $REGISTRO")
}

# adversario NOME: "comando|protocolo|pacote do Debian|título" de um motor da escada
# (gauntlet.sh, calibra-nivel.sh); código 1 se o nome não é conhecido.
adversario() {
    case $1 in
        fairymax) echo "/usr/games/fairymax|xboard|fairymax|Fairy-Max 5.0b" ;;
        phalanx) echo "/usr/games/phalanx|xboard|phalanx|Phalanx XXV" ;;
        gnuchess) echo "/usr/games/gnuchess --uci|uci|gnuchess|GNU Chess 6.2.7 (UCI)" ;;
        toga2) echo "/usr/games/toga2|uci|toga2|Toga II 3.0 (UCI)" ;;
        glaurung) echo "/usr/games/glaurung|uci|glaurung|Glaurung 2.2 (UCI)" ;;
        stockfish) echo "/usr/games/stockfish|uci|stockfish|Stockfish (UCI)" ;;
        *) return 1 ;;
    esac
}
