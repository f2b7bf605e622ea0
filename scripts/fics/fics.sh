#!/usr/bin/env bash
# fics.sh — põe o ICE-rs para jogar num servidor de xadrez (FICS) pela ponte
# "zippy" do XBoard (xboard -zp -ics ...).  Veja --help e docs/FICS.md.
#
# O que este script garante:
#  - a senha nunca vai para a linha de comando nem para o repositório: ela é
#    lida de um arquivo (--password-file) e copiada para o arquivo de logon do
#    XBoard (-icslogon) num diretório temporário de modo 700, arquivo de modo
#    600, apagado na saída; no registro do protocolo (o XBoard registra tudo o
#    que manda ao servidor, a senha inclusive) ela é trocada por ******** na
#    saída do script;
#  - as configurações do XBoard nunca são gravadas (-saveSettingsOnExit false)
#    e as de ~/.xboardrc que atrapalhariam são neutralizadas pela linha de
#    comando (o XBoard lê o ~/.xboardrc do usuário real, seja qual for $HOME);
#  - a entrada padrão do XBoard fica aberta (um FIFO) quando não é um terminal:
#    com EOF na entrada o XBoard sai;
#  - no modo --headless o XBoard roda num Xvfb privado (servidor sem tela).
set -u

# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
PROG=$(basename "$0")

# ---- valores padrão -------------------------------------------------------
ENGINE="$RAIZ/target/release/ice"
ENGINE_DIR="$RAIZ"
HOST=freechess.org
PORT=5000
HANDLE=""
PASSWORD_FILE=""
HELPER=""
SEEKS=()              # anúncios ("seek ...") após o login e após cada partida
NO_SEEK=0
ACCEPT_ONLY=""
MAX_GAMES=0
VARIANTS=normal
LOGIN_CMDS=()
GAME_START=""
GAME_END=()
ETIQUETA=1
KIBITZ=0
OUTDIR="$RAIZ/target/fics"
PGN=""
LOG=""
HEADLESS=0
NOGUI=""
DURATION=0
RECONNECT=0
XBOARD=${XBOARD:-/usr/games/xboard}
LARGURA=240           # "set width": o FICS aceita de 32 a 240
DRY_RUN=0
EXTRA=()

ajuda() {
  cat <<EOF
Uso: $PROG -u NOME -P ARQUIVO_DA_SENHA [opções] [-- opções extras do xboard]

Liga o XBoard no modo zippy (a ponte entre um motor xboard/CECP e um servidor
de xadrez na Internet, o FICS por padrão) com o ICE-rs como motor.  O zippy
aceita sozinho os desafios, repassa os lances e os relógios ao motor e manda
os lances do motor ao servidor.

Conta e servidor:
  -u, --handle NOME        conta no servidor (obrigatória).  "guest" entra como
                           convidado, sem senha (só para experimentar: motores
                           devem usar uma conta registrada e listada como
                           computador, veja docs/FICS.md).
  -P, --password-file ARQ  arquivo cuja primeira linha é a senha da conta
                           (obrigatório se a conta não for "guest").  Deixe-o
                           com modo 600 (chmod 600 ARQ) e fora do repositório.
                           A senha nunca aparece na linha de comando.
  -H, --host HOST          servidor (padrão: $HOST)
  -p, --port PORTA         porta (padrão: $PORT)
      --helper PROG        programa auxiliar de conexão, por exemplo o timeseal
                           do FICS (-icshelper; o XBoard roda "PROG HOST PORTA").
                           Sem ele a conexão é TCP direta (sem compensação de lag).

Motor:
  -e, --engine CMD         comando do motor (padrão: target/release/ice do
                           repositório; pode ter argumentos)
      --engine-dir DIR     diretório de trabalho do motor (padrão: a raiz do
                           repositório)

Partidas:
      --seek "ARGS"        anúncio mandado após o login e depois de cada partida
                           como "seek ARGS"; repetível (até 3 no FICS).
                           Padrão: "5 0 m" (blitz 5+0, aceite manual: o zippy
                           recebe um desafio e o aceita, respeitando
                           --accept-only/--max-games).  Ex.: --seek "3 0 m"
                           --seek "15 0 m"
      --no-seek            não anunciar nada; só aceitar desafios
      --accept-only NOME   aceitar desafios só deste jogador (-zippyAcceptOnly;
                           sem seeks; os --game-end continuam valendo)
      --max-games N        no máximo N partidas seguidas contra o mesmo
                           adversário (-zippyMaxGames; 0 = sem limite)
      --variants LISTA     variantes aceitas (-zippyVariants; padrão: normal)
      --login-cmd "CMD"    comando extra mandado ao servidor no login;
                           repetível (ex.: --login-cmd "set open 1")
      --game-start "CMD"   comando mandado no início de cada partida
                           (-zippyGameStart; ex.: "say Boa partida!")
      --game-end "CMD"     comando extra no fim de cada partida, além dos seeks
                           (repetível; ex.: "say Obrigado!"; vale também com
                           --accept-only no modo sem tela)
      --no-etiquette       não mandar os ajustes de etiqueta no login
                           (set highlight 0, set width 240, set open 1,
                           set shout 0, set cshout 0, set seek 0, set bell 0:
                           só variáveis que todo servidor FICS conhece)
      --kibitz             cochicha (whisper) a análise do motor após cada
                           lance: profundidade, escore e PV, ou "book" num
                           lance do livro (a opção Kibitz do ICE-rs)

Registros:
      --out DIR            diretório dos registros (padrão: target/fics/ do
                           repositório)
      --pgn ARQ            arquivo PGN onde as partidas são acrescentadas
                           (padrão: DIR/partidas.pgn)
      --log ARQ            registro do protocolo, tudo o que o XBoard troca com
                           o servidor e com o motor (-debugMode; padrão:
                           DIR/xboard-DATA-HORA.log).  A senha é trocada por
                           ******** quando o script termina.

Execução:
      --headless           roda o XBoard num Xvfb privado, sem janela (para
                           uma máquina servidor; precisa do pacote xvfb).
                           Implica --no-gui.
      --no-gui             sem o tabuleiro na tela (-noGUI); o console do
                           servidor continua na saída padrão
      --duration S         encerra depois de S segundos (0 = nunca; padrão 0)
      --reconnect S        se o XBoard sair (queda da conexão etc.), espera S
                           segundos e liga de novo, até Ctrl-C (0 = não)
      --xboard PROG        o XBoard (padrão: \$XBOARD ou /usr/games/xboard)
      --dry-run            só mostra o comando do XBoard e o arquivo de logon
                           (com a senha escondida) e sai
  -h, --help               esta ajuda
  -- ARGS...               o resto vai sem mudança para o xboard

Para parar: Ctrl-C (ou kill -TERM no PID deste script); o script encerra o
XBoard, que encerra o motor, e apaga os arquivos temporários.  No servidor,
uma partida em andamento é perdida por desconexão; para parar entre partidas,
use --duration ou tire os seeks.

Exemplos:
  $PROG -u IceRs -P ~/.config/ice-rs/fics-senha --helper ~/bin/timeseal
  $PROG -u IceRs -P ~/.fics-senha --headless --seek "3 0 m" --seek "5 0 m"
  $PROG -u guest --no-seek --engine /usr/games/fairymax     # só para testar
EOF
}

erro() { echo "$PROG: $*" >&2; exit 2; }
precisa() { [ $# -ge 2 ] && [ -n "${2+x}" ] || erro "a opção $1 precisa de um valor"; }

# ---- argumentos --------------------------------------------------------------
while [ $# -gt 0 ]; do
  case $1 in
    -h|--help) ajuda; exit 0 ;;
    -e|--engine) precisa "$@"; ENGINE=$2; shift ;;
    --engine-dir) precisa "$@"; ENGINE_DIR=$2; shift ;;
    -H|--host) precisa "$@"; HOST=$2; shift ;;
    -p|--port) precisa "$@"; PORT=$2; shift ;;
    -u|--handle) precisa "$@"; HANDLE=$2; shift ;;
    -P|--password-file) precisa "$@"; PASSWORD_FILE=$2; shift ;;
    --helper) precisa "$@"; HELPER=$2; shift ;;
    --seek) precisa "$@"; SEEKS+=("$2"); shift ;;
    --no-seek) NO_SEEK=1 ;;
    --accept-only) precisa "$@"; ACCEPT_ONLY=$2; shift ;;
    --max-games) precisa "$@"; MAX_GAMES=$2; shift ;;
    --variants) precisa "$@"; VARIANTS=$2; shift ;;
    --login-cmd) precisa "$@"; LOGIN_CMDS+=("$2"); shift ;;
    --game-start) precisa "$@"; GAME_START=$2; shift ;;
    --game-end) precisa "$@"; GAME_END+=("$2"); shift ;;
    --no-etiquette) ETIQUETA=0 ;;
    --kibitz) KIBITZ=1 ;;
    --out) precisa "$@"; OUTDIR=$2; shift ;;
    --pgn) precisa "$@"; PGN=$2; shift ;;
    --log) precisa "$@"; LOG=$2; shift ;;
    --headless) HEADLESS=1; NOGUI=1 ;;
    --no-gui) NOGUI=1 ;;
    --duration) precisa "$@"; DURATION=$2; shift ;;
    --reconnect) precisa "$@"; RECONNECT=$2; shift ;;
    --xboard) precisa "$@"; XBOARD=$2; shift ;;
    --dry-run) DRY_RUN=1 ;;
    --) shift; EXTRA=("$@"); break ;;
    *) erro "opção desconhecida: $1 (veja --help)" ;;
  esac
  shift
done

# ---- verificações --------------------------------------------------------------
[ -n "$HANDLE" ] || erro "falta a conta: -u NOME (ou -u guest)"
case $PORT in ''|*[!0-9]*) erro "porta inválida: $PORT" ;; esac
case $MAX_GAMES in ''|*[!0-9]*) erro "--max-games precisa de um número" ;; esac
case $DURATION in ''|*[!0-9]*) erro "--duration precisa de um número de segundos" ;; esac
case $RECONNECT in ''|*[!0-9]*) erro "--reconnect precisa de um número de segundos" ;; esac
for v in "$HANDLE" "$HOST" "$ACCEPT_ONLY" "$GAME_START" "${SEEKS[@]}" "${LOGIN_CMDS[@]}" "${GAME_END[@]}"; do
  case $v in *$'\n'*|*'"'*) erro "valores não podem ter quebras de linha nem aspas: $v" ;; esac
done
CONVIDADO=0
if [ "$(printf %s "$HANDLE" | tr '[:upper:]' '[:lower:]')" = guest ]; then
  CONVIDADO=1
  [ -z "$PASSWORD_FILE" ] || echo "$PROG: aviso: conta guest não usa senha; ignorando $PASSWORD_FILE" >&2
  PASSWORD_FILE=""
else
  [ -n "$PASSWORD_FILE" ] || erro "conta registrada precisa de -P ARQUIVO_DA_SENHA (nunca a senha na linha de comando)"
  [ -f "$PASSWORD_FILE" ] && [ -r "$PASSWORD_FILE" ] || erro "não consigo ler o arquivo da senha: $PASSWORD_FILE"
  modo=$(stat -c %a "$PASSWORD_FILE" 2>/dev/null || echo 600)
  case $modo in *[0-7][0-7]0) ;; *) echo "$PROG: aviso: $PASSWORD_FILE pode ser lido por outros usuários (modo $modo); use chmod 600" >&2 ;; esac
  case $(cd "$(dirname "$PASSWORD_FILE")" && pwd)/ in
    "$RAIZ"/*) echo "$PROG: aviso: o arquivo da senha está dentro do repositório; não o adicione ao git" >&2 ;;
  esac
  IFS= read -r SENHA_TESTE < "$PASSWORD_FILE" || true
  [ -n "${SENHA_TESTE%$'\r'}" ] || erro "a primeira linha de $PASSWORD_FILE está vazia"
  unset SENHA_TESTE
fi
command -v "$XBOARD" >/dev/null 2>&1 || erro "XBoard não encontrado: $XBOARD (apt-get install xboard)"
ENGINE_BIN=${ENGINE%% *}
if [ "$DRY_RUN" = 0 ] && ! command -v "$ENGINE_BIN" >/dev/null 2>&1; then
  erro "motor não encontrado: $ENGINE_BIN (compile com: cargo build --release)"
fi
if [ "$HEADLESS" = 1 ] && [ "$DRY_RUN" = 0 ]; then
  command -v Xvfb >/dev/null 2>&1 || erro "--headless precisa do Xvfb (apt-get install xvfb)"
fi
if [ "$HEADLESS" = 0 ] && [ -z "${DISPLAY:-}" ] && [ "$DRY_RUN" = 0 ]; then
  erro "sem \$DISPLAY: o XBoard precisa de uma tela; use --headless"
fi
[ ${#SEEKS[@]} -gt 0 ] || SEEKS=("5 0 m")
[ "$NO_SEEK" = 1 ] && SEEKS=()

if [ "$DRY_RUN" = 0 ]; then
  OUTDIR=$(dir_absoluto "$OUTDIR") || erro "não consigo criar $OUTDIR"
fi
case $OUTDIR in /*) ;; *) OUTDIR=$PWD/$OUTDIR ;; esac
[ -n "$PGN" ] || PGN="$OUTDIR/partidas.pgn"
[ -n "$LOG" ] || LOG="$OUTDIR/xboard-$(date +%Y%m%d-%H%M%S).log"
case $PGN in /*) ;; *) PGN=$PWD/$PGN ;; esac
case $LOG in /*) ;; *) LOG=$PWD/$LOG ;; esac
case $ENGINE_DIR in /*) ;; *) ENGINE_DIR=$PWD/$ENGINE_DIR ;; esac

# ---- arquivos temporários (a senha) ----------------------------------------------
umask 077
TMP=$(mktemp -d "${TMPDIR:-/tmp}/ice-fics.XXXXXX") || erro "mktemp falhou"
LOGON="$TMP/logon"
XB_PID=""

# Troca a senha por ******** no registro, sem pô-la na linha de comando de
# nenhum processo (o awk lê a senha do próprio arquivo).
esconde_senha() {
  [ -n "$PASSWORD_FILE" ] && [ -f "$1" ] || return 0
  awk 'NR == FNR { if (FNR == 1) { s = $0; sub(/\r$/, "", s) } ; next }
       s != "" { out = ""; r = $0
                 while ((i = index(r, s)) > 0) { out = out substr(r, 1, i - 1) "********"; r = substr(r, i + length(s)) }
                 $0 = out r }
       { print }' "$PASSWORD_FILE" "$1" > "$TMP/log.tmp" && cat "$TMP/log.tmp" > "$1"
  rm -f "$TMP/log.tmp"
}

para_xboard() {
  [ -n "$XB_PID" ] || return 0
  kill -TERM "$XB_PID" 2>/dev/null
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    kill -0 "$XB_PID" 2>/dev/null || break
    sleep 0.5
  done
  kill -KILL "$XB_PID" 2>/dev/null   # o XBoard às vezes trava no tratador de SIGTERM
  wait "$XB_PID" 2>/dev/null
  XB_PID=""
}

limpa() {
  para_xboard
  para_xvfb
  exec 8<&- 2>/dev/null
  esconde_senha "$LOG"
  rm -rf "$TMP"
}
PARANDO=0
trap 'limpa' EXIT
trap 'PARANDO=1; echo "$PROG: parando..." >&2; exit 130' INT TERM HUP

# O arquivo de logon: conta, senha, e os comandos do login.  O XBoard o manda
# inteiro quando vê o prompt "login:".
{
  printf '%s\n' "$HANDLE"
  if [ "$CONVIDADO" = 1 ]; then
    printf '\n'   # "Press return to enter the server as ..."
  else
    IFS= read -r senha < "$PASSWORD_FILE"
    printf '%s\n' "${senha%$'\r'}"
    unset senha
  fi
  if [ "$ETIQUETA" = 1 ]; then
    # etiqueta dos motores no FICS (zippy.README; docs/FICS.md)
    # Só variáveis que o FICS e os servidores da mesma linhagem aceitam
    # (oldmatch, examine e autoflag não existem em todos; a bandeira o
    # próprio XBoard reclama, -autoCallFlag). Largura: 32 a 240.
    printf '%s\n' "set highlight 0" "set width $LARGURA" "set open 1" "set shout 0" \
                  "set cshout 0" "set seek 0" "set bell 0"
  fi
  for c in "${LOGIN_CMDS[@]}"; do printf '%s\n' "$c"; done
  if [ -z "$ACCEPT_ONLY" ]; then
    for s in "${SEEKS[@]}"; do printf 'seek %s\n' "$s"; done
  fi
} > "$LOGON"
chmod 600 "$LOGON"

# Comandos do fim de partida e seeks depois de cada partida.
#  - Sem tela (--no-gui, --headless), quem os manda é o filtro do console
#    (filtra_console, abaixo), pela entrada do XBoard, quando vê o fim de uma
#    partida do motor: assim ele para de mandar o seek depois que o servidor o
#    recusa (um servidor sem seek só aceita desafios) e manda os --game-end
#    também com --accept-only (o zippy cala o -zippyGameEnd nesse modo). O
#    -zippyGameEnd fica vazio: uma linha em branco, que o servidor ignora (o
#    padrão do zippy, "gameend", é um erro a cada partida).
#  - Com tela, o console é a janela do XBoard: tudo vai pelo -zippyGameEnd,
#    como o zippy sabe fazer (sem a detecção da recusa do seek).
DEPOIS=("${GAME_END[@]}")   # o que vai ao servidor depois de cada partida
if [ -z "$ACCEPT_ONLY" ]; then
  for s in "${SEEKS[@]}"; do DEPOIS+=("seek $s"); done
fi
# Com tela: o mesmo, numa linha por comando, no -zippyGameEnd ($(...) tira
# a última quebra de linha).
FIM=""
if [ -z "$NOGUI" ]; then
  if [ -n "$ACCEPT_ONLY" ] && [ ${#GAME_END[@]} -gt 0 ]; then
    echo "$PROG: aviso: com tela e --accept-only o XBoard não manda os --game-end; use --no-gui" >&2
  fi
  [ ${#DEPOIS[@]} -gt 0 ] && FIM=$(printf '%s\n' "${DEPOIS[@]}")
  [ -n "$FIM" ] || FIM="gameend"
fi

# filtra_console: lê o console do XBoard (saída e erros), tira o ruído que é
# do XBoard e não do servidor (o stty sem terminal, os avisos do GTK sem
# janela, os prompts "password:" que o arquivo de logon já respondeu), e no
# modo sem tela manda, pela entrada do XBoard (fd 8), os comandos do fim de
# cada partida do motor. Se o servidor recusar o seek, diz uma vez que o
# motor só joga por desafio e não o manda mais.
filtra_console() {
  local linha eu="" ultima="" seek_ok=1 c num
  while IFS= read -r linha; do
    linha=${linha%$'\r'}
    case $linha in
      "stty: "*"Inappropriate ioctl"*|*Gtk-CRITICAL*|*Gtk-WARNING*gtk_entry*|*gtk_entry_set_visibility*) continue ;;
      password:|"password: "|"password:  ") continue ;;
    esac
    case $linha in
      *"seek: Command has failed."*|*"seek: Command not found."*)
        if [ "$seek_ok" = 1 ]; then
          seek_ok=0
          echo "$PROG: o servidor não aceita seek: o motor só joga por desafio (match $eu); os seeks não serão mais mandados"
        fi
        continue ;;
    esac
    printf '%s\n' "$linha"
    if [[ $linha =~ \*\*\*\*\ Starting\ FICS\ session\ as\ ([A-Za-z0-9]+) ]]; then
      eu=${BASH_REMATCH[1]}
    fi
    [ -n "$NOGUI" ] && [ -n "$eu" ] && [ ${#DEPOIS[@]} -gt 0 ] || continue
    # "{Game 42 (IceBot vs. Fulano) Fulano resigns} 1-0": fim de uma partida do motor.
    if [[ $linha =~ \{Game\ ([0-9]+)\ \(([A-Za-z0-9]+)\ vs\.\ ([A-Za-z0-9]+)\)\ [^}]*\}\ (1-0|0-1|1/2-1/2|\*) ]]; then
      num=${BASH_REMATCH[1]}
      [ "${BASH_REMATCH[2]}" = "$eu" ] || [ "${BASH_REMATCH[3]}" = "$eu" ] || continue
      [ "$num" != "$ultima" ] || continue
      ultima=$num
      for c in "${DEPOIS[@]}"; do
        case $c in "seek "*) [ "$seek_ok" = 1 ] || continue ;; esac
        printf '%s\n' "$c" >&8
      done
    fi
  done
}

ARGS=(
  # neutraliza um ~/.xboardrc estragado ou com outro modo (ver scripts/comum.sh)
  "${XBOARD_NEUTRO[@]}"
  -matchMode false -matchGames 0 -initialMode "" -firstIsUCI false
  -firstProtocolVersion 2 -firstHost localhost
  # o motor
  -fcp "$ENGINE" -fd "$ENGINE_DIR"
  # o servidor e a ponte zippy
  -internetChessServerMode true -icshost "$HOST" -icsport "$PORT" -icslogon "$LOGON"
  -zippyPlay true -zippyVariants "$VARIANTS" -zippyMaxGames "$MAX_GAMES"
  -autoCallFlag true -getMoveList true -premove false -quietPlay false
  -seekGraph false -autoRefresh false -colorizeMessages false -icsAlarm false
  -popupMoveErrors false -testLegality true
  # registros
  -saveGameFile "$PGN" -pgnExtendedInfo true
  -debugMode true -nameOfDebugFile "$LOG"
)
[ -n "$HELPER" ] && ARGS+=(-icshelper "$HELPER")
# Sem tela o filtro do console manda o fim de partida; "-zippyGameEnd ''"
# faria o XBoard usar o seu padrão, então vai uma linha em branco.
if [ -n "$NOGUI" ]; then ARGS+=(-zippyGameEnd " "); else ARGS+=(-zippyGameEnd "$FIM"); fi
[ -n "$ACCEPT_ONLY" ] && ARGS+=(-zippyAcceptOnly "$ACCEPT_ONLY")
# O XBoard manda "set width 79" depois do login (a largura do seu console),
# desfazendo o "set width" da etiqueta; repete-o no começo de cada partida.
INICIO=""
[ "$ETIQUETA" = 1 ] && INICIO="set width $LARGURA"
if [ -n "$GAME_START" ]; then
  [ -n "$INICIO" ] && INICIO+=$'\n'
  INICIO+=$GAME_START
fi
[ -n "$INICIO" ] && ARGS+=(-zippyGameStart "$INICIO")
# O kibitz é o do motor (opção Kibitz do ICE-rs: "tellothers", que o zippy
# manda como whisper): o -autoKibitz do XBoard cochicharia "+0.00/0 ... PV="
# nos lances do livro, sem busca.
[ "$KIBITZ" = 1 ] && ARGS+=(-firstOptions "Kibitz=1")
[ -n "$NOGUI" ] && ARGS+=(-noGUI)
ARGS+=("${EXTRA[@]}")

if [ "$DRY_RUN" = 1 ]; then
  printf '%s' "$XBOARD"; printf ' %q' "${ARGS[@]}"; echo
  echo "--- arquivo de logon ($LOGON, apagado na saída):"
  awk 'NR == 2 && !g { print "********"; next } { print }' g="$CONVIDADO" "$LOGON"
  exit 0
fi

# ---- tela virtual (--headless) ----------------------------------------------------
if [ "$HEADLESS" = 1 ]; then
  # o Xvfb escolhe um número de tela livre (scripts/comum.sh: inicia_xvfb)
  inicia_xvfb "$TMP" || erro "sem tela virtual"
  echo "$PROG: Xvfb na tela $DISPLAY" >&2
fi

# A entrada do XBoard: o terminal (dá para digitar comandos ao servidor), ou um
# FIFO aberto para leitura e escrita, que nunca dá EOF.
if [ -t 0 ] && [ -z "$NOGUI" ]; then
  exec 8<&0
else
  mkfifo "$TMP/entrada" && exec 8<>"$TMP/entrada"
fi

echo "$PROG: $HANDLE@$HOST:$PORT, motor: $ENGINE (PID deste script: $$; para parar: Ctrl-C ou kill $$)" >&2
echo "$PROG: partidas em $PGN" >&2
echo "$PROG: registro do protocolo em $LOG" >&2

inicio=$(date +%s)
while :; do
  if [ "$DURATION" -gt 0 ]; then
    resta=$(( DURATION - ($(date +%s) - inicio) ))
    [ "$resta" -gt 0 ] || break
    timeout -k 5 "$resta" "$XBOARD" "${ARGS[@]}" <&8 > >(filtra_console) 2>&1 &
  else
    "$XBOARD" "${ARGS[@]}" <&8 > >(filtra_console) 2>&1 &
  fi
  XB_PID=$!
  wait "$XB_PID"
  rc=$?
  XB_PID=""
  echo "$PROG: o XBoard saiu (status $rc)" >&2
  [ "$RECONNECT" -gt 0 ] && [ "$PARANDO" = 0 ] || break
  if [ "$DURATION" -gt 0 ] && [ $(( $(date +%s) - inicio + RECONNECT )) -ge "$DURATION" ]; then break; fi
  echo "$PROG: reconectando em ${RECONNECT}s (Ctrl-C para parar)" >&2
  sleep "$RECONNECT"
  # um registro novo por conexão (o XBoard sobrescreve o arquivo)
  esconde_senha "$LOG"
  LOG="$OUTDIR/xboard-$(date +%Y%m%d-%H%M%S).log"
  for ((i = 0; i < ${#ARGS[@]}; i++)); do
    [ "${ARGS[$i]}" = -nameOfDebugFile ] && ARGS[$((i + 1))]=$LOG
  done
  echo "$PROG: registro do protocolo em $LOG" >&2
done
exit "${rc:-0}"
