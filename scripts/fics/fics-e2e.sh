#!/usr/bin/env bash
# fics-e2e.sh [COMANDO_DO_MOTOR] — teste de ponta a ponta da ponte FICS, sem
# Internet: motor <-> XBoard zippy (scripts/fics/fics.sh --headless) <-> servidor
# ICS falso (scripts/fics/fics_falso.py, só em 127.0.0.1) que joga lances
# aleatórios com semente fixa.
#
# Joga duas partidas curtas (1 minuto; o motor de brancas na primeira, de
# pretas na segunda, que começa pelo seek que o zippy manda no fim da
# primeira) e verifica:
#   1. as duas partidas terminaram normalmente: mate, abandono, empate por
#      regra ou por acordo, ou o limite de lances do teste (o adversário
#      abandona) — nunca queda de bandeira, desconexão ou lance ilegal;
#   2. os lances do motor chegaram ao servidor: a sequência de "move X" do
#      motor no registro do XBoard é igual à registrada pelo servidor;
#   3. o XBoard gravou as duas partidas no PGN, com os mesmos resultados;
#   4. a senha (de um arquivo temporário) não ficou no registro do protocolo.
#
#   5. nenhum "set" da etiqueta foi recusado pelo servidor, e o console do
#      XBoard (fics.out) não mostra erro da etiqueta nem o ruído do XBoard
#      (stty, Gtk-CRITICAL, "password:").
#
# Modos (E2E_MODO):
#   padrao     o servidor falso comum; fics.sh com --seek e --game-end;
#   estreito   o servidor com --narrow (sem "seek", sem as variáveis
#              autoflag/examine/oldmatch, width de 32 a 240); fics.sh com
#              --seek, --game-end e --kibitz. Confere também: o seek recusado
#              uma vez só (o do login; nenhum depois das partidas) e dito uma
#              vez no console; os --game-end nas duas partidas; o kibitz do
#              motor ("whisper book" ou profundidade, escore e PV, nunca vazio);
#   aceita-so  o servidor com --narrow; fics.sh com --accept-only e --game-end:
#              os --game-end chegam nas duas partidas, e nenhum seek sai.
#
# Comando do motor: o argumento, ou $ENGINE, ou target/release/ice.
# Ajustes (ambiente): ARTIFACTS (padrão target/fics-e2e), E2E_TIMEOUT
#   (segundos, padrão 240), E2E_MAX_MOVES (padrão 60), E2E_SEED (padrão 1),
#   E2E_BASE / E2E_INC (tempo das partidas, padrão 1 0), XBOARD.
# Saída: 0 sucesso; 1 falha (com a mensagem); 2 falta alguma ferramenta.
set -u

# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
ENGINE=${1:-${ENGINE:-$RAIZ/target/release/ice}}
ART=${ARTIFACTS:-$RAIZ/target/fics-e2e}
TIMEOUT=${E2E_TIMEOUT:-240}
MAX_MOVES=${E2E_MAX_MOVES:-60}
SEED=${E2E_SEED:-1}
BASE=${E2E_BASE:-1}
INC=${E2E_INC:-0}
HANDLE=IceBot
MODO=${E2E_MODO:-padrao}
case $MODO in
  padrao) SRV_EXTRA=(); FICS_EXTRA=(--seek "$BASE $INC u m") ;;
  estreito) SRV_EXTRA=(--narrow); FICS_EXTRA=(--seek "$BASE $INC u m" --kibitz) ;;
  aceita-so) SRV_EXTRA=(--narrow); FICS_EXTRA=(--accept-only Aleatorio) ;;
  *) echo "fics-e2e: E2E_MODO desconhecido: $MODO (padrao, estreito, aceita-so)" >&2; exit 2 ;;
esac

falha() { echo "FALHA: $*" >&2; echo "registros em: $ART" >&2; exit 1; }

# ---- pré-requisitos ---------------------------------------------------------------
precisa_python_chess
command -v "${XBOARD:-/usr/games/xboard}" >/dev/null 2>&1 || falta "precisa do XBoard (apt-get install xboard)"
command -v Xvfb >/dev/null 2>&1 || falta "precisa do Xvfb (apt-get install xvfb)"
command -v "${ENGINE%% *}" >/dev/null 2>&1 || falta "motor não encontrado: ${ENGINE%% *} (cargo build --release?)"

ART=$(dir_absoluto "$ART") || falta "não consigo criar $ART"
rm -f "$ART"/servidor.log "$ART"/resultado.json "$ART"/xboard.log "$ART"/partidas.pgn \
      "$ART"/fics.out "$ART"/servidor.out "$ART"/comandos-ao-motor.txt
TMP=$(mktemp -d "${TMPDIR:-/tmp}/ice-fics-e2e.XXXXXX") || falta "mktemp falhou"
SRV_PID="" FICS_PID=""
limpa() {
  # só os processos que este script começou, pelo PID
  [ -n "$FICS_PID" ] && kill -TERM "$FICS_PID" 2>/dev/null && wait "$FICS_PID" 2>/dev/null
  [ -n "$SRV_PID" ] && kill -TERM "$SRV_PID" 2>/dev/null && wait "$SRV_PID" 2>/dev/null
  rm -rf "$TMP"
}
trap limpa EXIT
trap 'exit 130' INT TERM

# Uma senha de teste, num arquivo de modo 600 (como o usuário faria).
( umask 077; python3 -c 'import secrets; print("e2e-" + secrets.token_hex(8))' > "$TMP/senha" )

inicio=$(date +%s)
echo "fics-e2e: motor: $ENGINE (modo $MODO)" >&2
echo "fics-e2e: registros em $ART" >&2

# ---- 1. o servidor falso ---------------------------------------------------------
python3 "$RAIZ/scripts/fics/fics_falso.py" --port-file "$TMP/porta" \
    --handle "$HANDLE" --password-file "$TMP/senha" --games 2 --colors white,black \
    --base "$BASE" --inc "$INC" --max-moves "$MAX_MOVES" --at-max resign --seed "$SEED" --stop-on-failure \
    --timeout $(( TIMEOUT - 15 )) --log "$ART/servidor.log" --results "$ART/resultado.json" \
    "${SRV_EXTRA[@]}" > "$ART/servidor.out" 2>&1 &
SRV_PID=$!
for _ in $(seq 100); do [ -s "$TMP/porta" ] && break; sleep 0.1; done
[ -s "$TMP/porta" ] || { cat "$ART/servidor.out" >&2; falha "o servidor falso não começou"; }
PORTA=$(cat "$TMP/porta")
echo "fics-e2e: servidor falso em 127.0.0.1:$PORTA" >&2

# ---- 2. o XBoard zippy com o motor (o script de verdade, scripts/fics/fics.sh) -------------
"$RAIZ/scripts/fics/fics.sh" -u "$HANDLE" -P "$TMP/senha" -H 127.0.0.1 -p "$PORTA" \
    --engine "$ENGINE" --headless "${FICS_EXTRA[@]}" --game-end "say obrigado pela partida" \
    --out "$ART" --pgn "$ART/partidas.pgn" --log "$ART/xboard.log" --duration "$TIMEOUT" \
    > "$ART/fics.out" 2>&1 &
FICS_PID=$!

# ---- 3. espera o servidor terminar (ele sai sozinho após as partidas ou o prazo) -----
wait "$SRV_PID"
srv_rc=$?
SRV_PID=""
sleep 1   # o XBoard grava o PGN ao receber o fim da partida; dá-lhe um instante
kill -TERM "$FICS_PID" 2>/dev/null
wait "$FICS_PID" 2>/dev/null
FICS_PID=""
dur=$(( $(date +%s) - inicio ))

# ---- 4. verificações ------------------------------------------------------------------
grep -E 'RESUMO|FIM|DESAFIO|SEEK|ILEGAL|BANDEIRA|DESCONEXAO|TEMPO ESGOTADO|ERRO|CONVERSA' "$ART/servidor.log" | sed 's/^/servidor: /' >&2

[ -s "$ART/xboard.log" ] || { cat "$ART/fics.out" >&2; falha "o XBoard não escreveu o registro (xboard.log): não começou?"; }
[ -s "$ART/resultado.json" ] || falha "o servidor não escreveu resultado.json (status $srv_rc)"

python3 - "$ART" "$TMP/senha" "$MODO" <<'EOF'
import json, re, sys
art, arq_senha, modo = sys.argv[1], sys.argv[2], sys.argv[3]
erros = []
res = json.load(open(art + "/resultado.json"))
jogos = res["partidas"]
if len(jogos) != res["pedidas"]:
    erros.append("%d de %d partidas jogadas" % (len(jogos), res["pedidas"]))
cores = sorted(j["cor_motor"] for j in jogos)
if len(jogos) == 2 and cores != ["black", "white"]:
    erros.append("o motor deveria jogar uma partida de cada cor: %s" % cores)
for j in jogos:
    print("partida %d: %s x %s  %s  {%s}  motor de %s, %d meios-lances, %d do motor" % (
        j["partida"], j["brancas"], j["pretas"], j["resultado"], j["motivo"],
        "brancas" if j["cor_motor"] == "white" else "pretas", j["meios_lances"],
        len(j["lances_do_motor"])))
    if not j["normal"]:
        erros.append("partida %d terminou de forma anormal: {%s} [%s]" % (
            j["partida"], j["motivo"], j["tipo"]))
    if not j["lances_do_motor"]:
        erros.append("partida %d: nenhum lance do motor chegou ao servidor" % j["partida"])

# Os lances que o motor disse (xboard.log, "<first : move X") por partida,
# separados pelo começo de cada partida ("level" mandado ao motor).
texto = open(art + "/xboard.log", encoding="utf-8", errors="replace").read()
por_partida, atual = [], None
for linha in texto.splitlines():
    if re.search(r">first : level ", linha):
        atual = []
        por_partida.append(atual)
    m = re.search(r"<first : move (\S+)", linha)
    if m and atual is not None:
        atual.append(m.group(1))
if len(por_partida) != len(jogos):
    erros.append("o registro do XBoard mostra %d partidas, o servidor %d"
                 % (len(por_partida), len(jogos)))
for j, lances in zip(jogos, por_partida):
    srv = j["lances_do_motor"]
    # o motor pode dizer um último lance que o servidor não aceita mais (a
    # partida já acabou): só os lances até o fim contam
    if lances[:len(srv)] != srv:
        erros.append("partida %d: lances do motor %s != recebidos pelo servidor %s"
                     % (j["partida"], lances, srv))
    elif len(lances) > len(srv) + 1:
        erros.append("partida %d: %d lances do motor não chegaram ao servidor"
                     % (j["partida"], len(lances) - len(srv)))

# O PGN do XBoard.
try:
    pgn = open(art + "/partidas.pgn", encoding="utf-8", errors="replace").read()
except OSError:
    pgn = ""
resultados = re.findall(r'^\[Result "([^"]*)"\]', pgn, re.M)
if resultados != [j["resultado"] for j in jogos]:
    erros.append("PGN do XBoard com resultados %s, servidor %s"
                 % (resultados, [j["resultado"] for j in jogos]))

# A senha não pode ter ficado no registro.
senha = open(arq_senha).readline().strip()
if senha and senha in texto:
    erros.append("a senha aparece em xboard.log")
if senha and senha in pgn:
    erros.append("a senha aparece no PGN")

# Falhas do motor que o XBoard notou.
for padrao in ("Illegal move from", "exited unexpectedly", "Error writing", "crashed"):
    if padrao in texto:
        erros.append("o XBoard registrou: %s" % padrao)

# Os comandos que o XBoard mandou ao motor (para quem implementa o protocolo):
# contagem e as sequências de início e fim de cada partida.  O XBoard às vezes
# manda várias linhas de uma vez ("xboard\nprotover 2"): as linhas seguintes
# vêm sem o prefixo no registro.
CONHECIDOS = ("protover", "new", "random", "post", "hard", "easy", "force", "go", "white",
              "black", "computer", "name", "rating", "level", "time", "otim", "ping", "memory",
              "cores", "result", "quit", "playother", "variant", "ics", "accepted", "rejected")
cmds, anterior_motor = [], False
for linha in texto.splitlines():
    m = re.match(r"\d+ >first : (.*)", linha)
    if m:
        cmds.append(m.group(1).strip())
        anterior_motor = True
    elif anterior_motor and linha.split(" ")[0] in CONHECIDOS:
        cmds.append(linha.strip())
    else:
        anterior_motor = False
def palavra(c):
    return "<lance>" if re.match(r"^[a-h][1-8][a-h][1-8][qrbn]?$", c) else c.split(" ")[0]
contagem = {}
for c in cmds:
    contagem[palavra(c)] = contagem.get(palavra(c), 0) + 1
with open(art + "/comandos-ao-motor.txt", "w") as f:
    f.write("# comandos do XBoard ao motor nesta execução (contagem)\n")
    for k, v in sorted(contagem.items(), key=lambda kv: -kv[1]):
        f.write("%6d %s\n" % (v, k))
    f.write("\n# sequência completa, sem os 'accepted' e com os lances resumidos\n")
    ultimo = None
    for c in cmds:
        if c.startswith("accepted"):
            continue
        w = palavra(c)
        if w in ("<lance>", "time", "otim") and ultimo == "<lance>":
            continue
        f.write(("    ... time/otim/lance ...\n" if w in ("<lance>", "time", "otim") else c + "\n"))
        ultimo = "<lance>" if w in ("<lance>", "time", "otim") else w
print("comandos do XBoard ao motor: " + ", ".join(
    "%s=%d" % kv for kv in sorted(contagem.items(), key=lambda kv: -kv[1])), file=sys.stderr)

# A etiqueta: nenhum "set" recusado pelo servidor, e o console limpo (nem os
# erros do servidor, nem o ruído do próprio XBoard).
srv = open(art + "/servidor.log", encoding="utf-8", errors="replace").read().splitlines()
for l in srv:
    if "ERRO set" in l:
        erros.append("o servidor recusou um set: " + l.strip())
try:
    console = open(art + "/fics.out", encoding="utf-8", errors="replace").read().splitlines()
except OSError:
    console = []
RUIDO = ("No such variable", "Bad value given", "gameend: Command not found", "Command has failed",
         "Inappropriate ioctl", "Gtk-CRITICAL", "gtk_entry_set_visibility")
for l in console:
    if any(r in l for r in RUIDO) or l.strip() == "password:":
        erros.append("linha que não devia estar no console: " + l.strip())
recusas = [l for l in srv if "ERRO seek recusado" in l]
avisos = [l for l in console if "não aceita seek" in l]
ditos = [l for l in srv if "CONVERSA say obrigado pela partida" in l]
seeks = [l for l in srv if re.search(r"< \$?seek\b|SEEK ", l)]
if len(ditos) != len(jogos):
    erros.append("%d '--game-end' recebidos pelo servidor, %d partidas" % (len(ditos), len(jogos)))
if modo == "estreito":
    if len(recusas) != 1:
        erros.append("o seek foi recusado %d vezes (o script devia desistir depois da 1a)" % len(recusas))
    if len(avisos) != 1:
        erros.append("o console disse %d vezes que o servidor não aceita seek (devia ser 1)" % len(avisos))
    whispers = [l.split("CONVERSA ", 1)[1] for l in srv if "CONVERSA whisper" in l or "CONVERSA kibitz" in l]
    if not whispers:
        erros.append("--kibitz: nenhum whisper chegou ao servidor")
    for w in whispers:
        t = w.split()
        ok = t[1:] == ["book"] or (len(t) >= 4 and re.fullmatch(r"-?\d+", t[1]) and re.fullmatch(r"-?\d+", t[2]))
        if not ok or "!!!" in w:
            erros.append("--kibitz: whisper sem análise: " + w)
    print("kibitz: %d whispers (%d de livro)" % (len(whispers), sum(1 for w in whispers if w.endswith(" book"))))
if modo == "aceita-so" and (recusas or seeks):
    erros.append("com --accept-only nenhum seek devia sair: " + "; ".join((recusas + seeks)[:3]))

for e in erros:
    print("ERRO: " + e, file=sys.stderr)
sys.exit(1 if erros else 0)
EOF
ok=$?

echo "registros: $ART/xboard.log (XBoard <-> servidor e motor), $ART/servidor.log (servidor falso)," >&2
echo "           $ART/partidas.pgn, $ART/resultado.json, $ART/fics.out (console do XBoard)," >&2
echo "           $ART/comandos-ao-motor.txt (o que o XBoard mandou ao motor)" >&2
[ "$ok" = 0 ] || falha "veja as mensagens acima (servidor saiu com status $srv_rc, ${dur}s)"
[ "$srv_rc" = 0 ] || falha "o servidor falso saiu com status $srv_rc (${dur}s)"
echo "OK: 2 partidas pela ponte FICS em ${dur}s (modo $MODO)" >&2
exit 0
