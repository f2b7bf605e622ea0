#!/usr/bin/env bash
# scripts/ci/pacote.sh [DIR_ARTEFATOS]
#
# O pacote Debian de ponta a ponta (a etapa "Pacote Debian" do .ci/run):
#   1. constrói o .deb com `cargo deb` (instala o cargo-deb com `cargo install --locked` só se
#      faltar: é ferramenta de construção, não dependência do ICE-rs);
#   2. roda o lintian no .deb e falha em qualquer erro (os avisos ficam na saída);
#   3. abre o pacote numa raiz de rascunho (`dpkg -x`, sem tocar no sistema) e confere a lista
#      de arquivos contra a do README (o bloco entre <!-- pacote: início --> e
#      <!-- pacote: fim -->), a página de manual (`man --warnings -l`, nenhuma linha de aviso) e
#      o `ice` de lá rodando de um diretório qualquer (versão, livro embutido);
#   4. instala o pacote de verdade (`dpkg -i`: o XBoard só lê os arquivos de plugin de
#      /usr/share/games/plugins e /usr/local/share/games/plugins, caminhos fixos no código dele)
#      e joga uma partida no XBoard 4.9.1 sob Xvfb com o `ice` achado pelo plugin:
#      a) um XBoard com um arquivo de configurações novo e -autoInstall lê os .eng, põe
#         `/usr/games/ice` na lista de motores e grava a lista ao sair (SIGTERM);
#      b) outro XBoard lê essa configuração e carrega o motor pelo apelido (`-fe ice`), contra o
#         Fairy-Max; a partida tem de chegar a um resultado no PGN, com o ICE-rs nela, e o
#         registro do XBoard tem de mostrar /usr/games/ice iniciado;
#      no fim o pacote sai (`dpkg --purge`), a não ser que já estivesse instalado antes.
# Artefatos em DIR_ARTEFATOS (padrão target/pacote/): o .deb, lintian.txt, arquivos.txt,
# xboardrc, partida.pgn, xboard-debug.log.
#
# Precisa de: cargo, dpkg, lintian, man-db/groff, xboard, xvfb (xvfb-run), fairymax; como root
# para o dpkg -i. Ambiente: XB_TC=0:10 XB_INC=0.1 (o relógio da partida).
set -euo pipefail
RAIZ=$(cd "$(dirname "$0")/../.." && pwd)
cd "$RAIZ"
SAIDA=${1:-target/pacote}
mkdir -p "$SAIDA"
SAIDA=$(cd "$SAIDA" && pwd)
XBOARD=${XBOARD:-/usr/games/xboard}
FAIRYMAX=${FAIRYMAX:-/usr/games/fairymax}
TC=${XB_TC:-0:10}
INC=${XB_INC:-0.1}
inicio=$(date +%s)
passo() { echo "pacote: $* ($(($(date +%s) - inicio)) s)" >&2; }
falha() { echo "pacote: FALHOU: $*" >&2; exit 1; }

for f in dpkg dpkg-deb lintian man groff xvfb-run "$XBOARD" "$FAIRYMAX"; do
    command -v "$f" >/dev/null || falha "falta $f (apt-get install -y lintian man-db groff xboard xvfb xauth fairymax)"
done

# --- 1. O .deb -------------------------------------------------------------------------------
if ! cargo deb --version >/dev/null 2>&1; then
    passo "instalando o cargo-deb (cargo install cargo-deb --locked)"
    cargo install cargo-deb --locked --quiet
fi
passo "cargo deb ($(cargo deb --version))"
DEB=$(cargo deb --quiet --output "$SAIDA" | tail -n 1)
[ -f "$DEB" ] || falha "cargo deb não deixou o .deb ($DEB)"
VERSAO=$(dpkg-deb -f "$DEB" Version)
[ "$VERSAO" = "$(cargo metadata --no-deps --format-version 1 | python3 -c 'import json,sys; print(json.load(sys.stdin)["packages"][0]["version"])')" ] ||
    falha "a versão do pacote ($VERSAO) não é a do Cargo.toml"
passo "pacote $DEB (versão $VERSAO)"

# --- 2. lintian ------------------------------------------------------------------------------
# --fail-on error: avisos (W) e informações (I) não reprovam, mas ficam na saída.
if ! lintian --fail-on error --display-info "$DEB" >"$SAIDA/lintian.txt" 2>&1; then
    cat "$SAIDA/lintian.txt" >&2
    falha "lintian achou erros no pacote"
fi
grep -v 'running with root privileges' "$SAIDA/lintian.txt" | sed 's/^/lintian: /' >&2 || true
passo "lintian sem erros ($(grep -c '^W:' "$SAIDA/lintian.txt" || true) aviso(s))"

# --- 3. A raiz de rascunho -------------------------------------------------------------------
TMP=$(mktemp -d "${TMPDIR:-/tmp}/ice-pacote.XXXXXX")
INSTALOU=0
limpa() {
    if [ "$INSTALOU" = 1 ]; then
        dpkg --purge ice >/dev/null 2>&1 || echo "pacote: aviso: dpkg --purge ice falhou" >&2
    fi
    rm -rf "$TMP"
}
trap limpa EXIT
dpkg -x "$DEB" "$TMP/raiz"

# A lista de arquivos do pacote (sem os diretórios) contra a do README.
dpkg-deb -c "$DEB" | awk '$1 !~ /^d/ { sub(/^\./, "", $6); print $6 }' | sort >"$SAIDA/arquivos.txt"
awk '/<!-- pacote: início/ { dentro = 1; next } /<!-- pacote: fim/ { dentro = 0 }
     dentro && $1 ~ /^\/usr\// { print $1 }' README.md | sort >"$TMP/readme.txt"
[ -s "$TMP/readme.txt" ] || falha "o README não tem a lista de arquivos do pacote (<!-- pacote: início -->)"
if ! diff -u "$TMP/readme.txt" "$SAIDA/arquivos.txt" >"$TMP/diff.txt"; then
    cat "$TMP/diff.txt" >&2
    falha "os arquivos do pacote (+) não são os que o README diz (-)"
fi
passo "os $(wc -l <"$SAIDA/arquivos.txt") arquivos do pacote são os do README"

# A página de manual, como o man a mostra, sem nenhum aviso do groff.
for pagina in "$TMP/raiz/usr/share/man/man6/ice.6.gz" docs/ice.6; do
    avisos=$(MANWIDTH=80 man --warnings -l "$pagina" 2>&1 >"$TMP/man.txt") || falha "man -l $pagina falhou: $avisos"
    [ -z "$avisos" ] || falha "man -l $pagina avisa: $avisos"
    grep -q 'ICE-rs' "$TMP/man.txt" || falha "man -l $pagina não mostra a página do ICE-rs"
done
avisos=$(groff -man -ww -z docs/ice.6 2>&1) || falha "groff -ww falhou: $avisos"
[ -z "$avisos" ] || falha "groff -ww avisa: $avisos"
passo "ice(6) renderiza sem avisos"

# O ice do pacote, de um diretório sem nada: a versão e o livro embutido.
ICE_RASCUNHO=$TMP/raiz/usr/games/ice
mkdir "$TMP/vazio"
versao=$(cd "$TMP/vazio" && "$ICE_RASCUNHO" --version)
case $versao in "ICE-rs $VERSAO"*) ;; *) falha "ice --version disse '$versao', esperava ICE-rs $VERSAO" ;; esac
bk=$(cd "$TMP/vazio" && printf 'xboard\nprotover 2\nbk\nquit\n' | "$ICE_RASCUNHO" 2>/dev/null)
grep -qE '^ e2e4 [0-9]+%' <<<"$bk" || falha "o livro embutido não respondeu ao bk fora do repositório"
"$TMP/raiz/usr/games/epd2wb" --help >/dev/null || falha "epd2wb --help falhou"
passo "o ice do pacote roda de $TMP/vazio: $versao, com o livro embutido"

# --- 4. O XBoard acha o motor pelo plugin ----------------------------------------------------
if dpkg-query -W -f '${Status}' ice 2>/dev/null | grep -q 'install ok installed'; then
    echo "pacote: o pacote ice já estava instalado; fica instalado (com esta versão) no fim" >&2
else
    INSTALOU=1
fi
dpkg -i "$DEB" >/dev/null || falha "dpkg -i $DEB falhou"
[ -f /usr/share/games/plugins/xboard/ice.eng ] || falha "dpkg -i não deixou o ice.eng"
passo "dpkg -i: /usr/games/ice e /usr/share/games/plugins/xboard/ice.eng instalados"

# O XBoard lê o ~/.xboardrc pelo getpwuid (não pelo $HOME), a partir do -settingsFile do
# /etc/xboard/xboard.conf; o -saveSettingsFile da linha de comando manda a gravação para o
# rascunho, e o ~/.xboardrc de quem roda não muda (-saveSettingsOnExit false na partida).
RC=$TMP/xboardrc
mkdir -p "$TMP/home"
mkfifo "$TMP/stdin"
exec 8<>"$TMP/stdin"   # entrada aberta e muda: o XBoard nunca vê fim de arquivo
xb() { HOME=$TMP/home xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" "$@" <&8; }

# a) O registro: -autoInstall com um arquivo de configurações que ainda não existe (todos os
#    .eng são "novos"); o SIGTERM do timeout faz o XBoard sair pelo ExitEvent, que grava.
set +e
xb timeout -s TERM -k 5 "${XB_REGISTRO_S:-12}" "$XBOARD" -autoInstall ALL -saveSettingsFile "$RC" \
    -ncp -popupExitMessage false -soundProgram "" -viewerOptions "" -lgf "" -lpf "" \
    >"$TMP/registro.out" 2>&1
rc=$?
set -e
[ -f "$RC" ] || { cat "$TMP/registro.out" >&2; falha "o XBoard não gravou $RC (saiu com $rc)"; }
cp "$RC" "$SAIDA/xboardrc"
lista=$(awk '/^-firstChessProgramNames \{/ { dentro = 1; sub(/^-firstChessProgramNames \{/, "") }
             dentro { print } dentro && /\}/ { exit }' "$RC")
grep -qx '/usr/games/ice' <<<"$lista" ||
    falha "o XBoard não registrou /usr/games/ice pelo plugin; a lista dele: $(tr '\n' '|' <<<"$lista")"
passo "o XBoard registrou /usr/games/ice pelo plugin (lista de motores em $SAIDA/xboardrc)"

# b) A partida: o primeiro motor pelo apelido da lista (-fe ice), o segundo o Fairy-Max.
PGN=$SAIDA/partida.pgn
LOG=$SAIDA/xboard-debug.log
rm -f "$PGN" "$LOG"
set +e
xb timeout -k 5 "${XB_TIMEOUT:-300}" "$XBOARD" -settingsFile "$RC" -saveSettingsOnExit false \
    -viewerOptions "" -tourneyOptions "" -lgf "" -lpf "" -tf "" -noChessProgram false \
    -popupExitMessage false -soundProgram "" \
    -fe ice -scp "$FAIRYMAX" -sd . -secondIsUCI false -secondProtocolVersion 2 \
    -secondInitString "new\nrandom\n" -secondComputerString "" \
    -matchMode true -matchGames 1 -reuseFirst false -reuseSecond false \
    -timeControl "$TC" -timeIncrement "$INC" -searchTime "" -searchDepth 0 \
    -autoCallFlag true -xponder -testLegality true -testClaims true -checkMates true \
    -materialDraws true -trivialDraws false -ruleMoves 51 -repeatsToDraw 3 \
    -adjudicateDrawMoves 200 -adjudicateLossThreshold 0 \
    -saveGameFile "$PGN" -autoSaveGames false -pgnExtendedInfo true -initialMode "" -noGUI \
    -debugMode true -nameOfDebugFile "$LOG" >"$TMP/partida.out" 2>&1
rc=$?
set -e
exec 8<&-
grep -v '^ALSA\|^aplay' "$TMP/partida.out" | sed 's/^/xboard: /' >&2 || true
[ "$rc" = 0 ] || falha "o XBoard da partida saiu com $rc (124/137: estourou o tempo)"
grep -q 'StartChildProcess.*/usr/games/ice' "$LOG" ||
    falha "o registro do XBoard não mostra /usr/games/ice iniciado (o -fe ice não achou o motor)"
[ -s "$PGN" ] || falha "a partida não foi salva em $PGN"
resultado=$(sed -n 's/^\[Result "\(.*\)"\]$/\1/p' "$PGN" | head -n 1)
case $resultado in 1-0 | 0-1 | 1/2-1/2) ;; *) falha "a partida terminou sem resultado ('$resultado')" ;; esac
grep -q '^\[White "ICE-rs '"$VERSAO"'"\]' "$PGN" || falha "o ICE-rs $VERSAO não está no PGN: $(grep '^\[White\|^\[Black' "$PGN" | tr '\n' ' ')"
fim=$(tr '\n' ' ' <"$PGN" | grep -oE '\{[^{}]*\} *(1-0|0-1|1/2-1/2) *$' || true)
if grep -qiE 'forfeit|illegal|on time|flag|exits|crash|error|false' <<<"$fim"; then
    falha "a partida terminou por falta: $fim"
fi
lances=$(grep -cE '^[0-9]+\.' "$PGN" || true)
passo "partida no XBoard com o ice do plugin: $resultado $fim ($lances linha(s) de lances em $PGN)"
echo "pacote: ok, $(($(date +%s) - inicio)) s; artefatos em $SAIDA" >&2
