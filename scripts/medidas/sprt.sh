#!/usr/bin/env bash
# sprt.sh BASE NOVO [TC]
#
# Teste sequencial (SPRT) de uma mudança de força: compila duas versões do
# ICE-rs (commits do git; "." é a árvore de trabalho atual, com o que não foi
# commitado) e as põe para jogar uma contra a outra com scripts/medidas/match.py
# --sprt, até o teste aceitar H0 ou H1.
#
# Por padrão, como no fishtest e no OpenBench: aberturas desequilibradas (UHO,
# tests/data/UHO_4060_v2-sample20000.epd, o lado que joga está +0.4 a +0.6
# melhor) e o SPRT contado por pares de partidas (pentanomial: as duas
# partidas de uma abertura, cores trocadas, são uma amostra de 0, ½, 1, 1½ ou
# 2 pontos). Com a abertura desequilibrada, quase todo par é 1–1 (cada um
# ganha com o lado bom) e o que decide são os pares 1½ e ½: menos empates,
# menos variância por par, menos partidas até o veredito (docs/forca.md, "Pares
# e aberturas desequilibradas"). MODELO=trinomial ABERTURAS=8moves refaz o
# teste antigo (partida a partida, aberturas equilibradas).
#
# Por que SPRT: com 2 núcleos, 200 partidas dão ±40 Elo, largo demais para
# ver os 5–15 Elo de uma mudança típica. O SPRT para assim que a evidência
# basta (mudanças boas ou ruins de verdade decidem cedo) e controla os erros
# α e β. Só entra na busca/avaliação o que passar (H1); a linha que este
# script imprime no fim vai na mensagem do commit, ao lado do "Bench:".
#
# Ambiente (opcionais):
#   ELO0=0 ELO1=10           limites do teste ([0, 10]: a mudança vale ≥ 10 Elo?
#                            [-5, 5] mostra que uma reestruturação não custa nada)
#   ALFA=0.05 BETA=0.05      erros do teste
#   JOGOS=4000               teto de partidas
#   CONCORRENCIA=2  SEMENTE=aleatória  HASH=16 (MB por motor)
#   SAIDA=target/sprt        binários (por commit) e registros
#   MOTOR_ARGS=""            argumentos extras dos dois motores (ex.: --classico)
#   MOTOR_ARGS_NOVO="" MOTOR_ARGS_BASE=""  argumentos só de um dos dois (ex.:
#                            MOTOR_ARGS_BASE="--sem lmr" mede o LMR com a mesma build)
#   NOS=N                    N nós por lance em vez do relógio (TC é ignorado): o
#                            resultado não depende da carga da máquina
#   ABERTURAS=uho|8moves|ARQ aberturas (padrão uho)
#   MODELO=pentanomial|trinomial  a amostra do SPRT: o par (padrão) ou a partida
#   RETOMA="V E D"           retoma um SPRT parado (por tempo, nunca pelo placar):
#                            vitórias/empates/derrotas do NOVO na corrida anterior
#                            do mesmo teste (mesmos commits, TC e limites) contam
#                            para o veredito; use outra SEMENTE. No modelo
#                            pentanomial são os cinco pares "LL LD WL+DD WD WW"
# Exemplo: scripts/medidas/sprt.sh HEAD . 2+0.02
set -euo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2
[ $# -ge 2 ] || { sed -n '2,45p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
BASE=$1 NOVO=$2 TC=${3:-2+0.02}
ELO0=${ELO0:-0} ELO1=${ELO1:-10} ALFA=${ALFA:-0.05} BETA=${BETA:-0.05}
JOGOS=${JOGOS:-4000} CONCORRENCIA=${CONCORRENCIA:-2} HASH=${HASH:-16}
SEMENTE=${SEMENTE:-$RANDOM}
SAIDA=${SAIDA:-target/sprt}
MOTOR_ARGS=${MOTOR_ARGS:-}
MOTOR_ARGS_NOVO=${MOTOR_ARGS_NOVO:-} MOTOR_ARGS_BASE=${MOTOR_ARGS_BASE:-}
NOS=${NOS:-}
MODELO=${MODELO:-pentanomial}
case ${ABERTURAS:-uho} in
    uho) ABERTURAS=tests/data/UHO_4060_v2-sample20000.epd ;;
    8moves) ABERTURAS=tests/data/8moves_v3-sample2000.epd ;;
esac
[ -f "$ABERTURAS" ] || { echo "sprt: não acho as aberturas $ABERTURAS" >&2; exit 2; }
case $MODELO in pentanomial) NPRIOR=5 ;; trinomial) NPRIOR=3 ;; *) echo "sprt: MODELO=pentanomial ou trinomial" >&2; exit 2 ;; esac
# o par precisa das duas partidas: teto par
JOGOS=$(( JOGOS + JOGOS % 2 ))
LIMITE=(--tc "$TC")
[ -n "$NOS" ] && { LIMITE=(--nodes "$NOS"); TC="${NOS}nós"; }
RETOMA=${RETOMA:-}
ANTERIOR=()
if [ -n "$RETOMA" ]; then
    read -r -a ANTERIOR <<<"$RETOMA"
    [ ${#ANTERIOR[@]} -eq $NPRIOR ] || { echo "sprt: RETOMA pede $NPRIOR números no modelo $MODELO" >&2; exit 2; }
    ANTERIOR=(--sprt-prior "${ANTERIOR[@]}")
fi
SAIDA=$(dir_absoluto "$SAIDA") || falta "não consigo criar $SAIDA"

# binario REV: compila REV e imprime o caminho do binário: cada commit uma vez, numa worktree
# separada (`compila_commit`, cache em $SAIDA/<hash>); "." usa a árvore atual (o `compila` do
# comum.sh; com o mesmo nome, esta função chamava a si mesma).
binario() {
    local rev=$1
    if [ "$rev" = . ]; then
        compila >&2
        local destino=$SAIDA/arvore-atual
        mkdir -p "$destino"
        cp target/release/ice "$destino/ice"
        echo "$destino/ice"
        return
    fi
    compila_commit "$rev" "$SAIDA"
}

descreve() { if [ "$1" = . ]; then echo "árvore atual"; else git log -1 --format='%h %s' "$1" | cut -c1-70; fi; }
echo "sprt: base = $(descreve "$BASE")" >&2
echo "sprt: novo = $(descreve "$NOVO")" >&2
BIN_BASE=$(binario "$BASE")
BIN_NOVO=$(binario "$NOVO")
for b in "$BIN_BASE" "$BIN_NOVO"; do
    echo "sprt: $b: $("$b" bench 2>/dev/null | tail -1)" >&2
done

REGISTRO=$SAIDA/sprt-$(date +%Y%m%d-%H%M%S)-$SEMENTE.txt
echo "sprt: SPRT [$ELO0, $ELO1] a $TC, $MODELO, aberturas $(basename "$ABERTURAS"), até $JOGOS partidas, semente $SEMENTE; registro em $REGISTRO" >&2
# Com NOS, o xboard pede "st" grande e "nps" (match.py): sem relógio, a carga não muda nada.
python3 scripts/medidas/match.py \
    --engine name=novo cmd="$BIN_NOVO $MOTOR_ARGS $MOTOR_ARGS_NOVO" proto=xboard memory="$HASH" \
    --engine name=base cmd="$BIN_BASE $MOTOR_ARGS $MOTOR_ARGS_BASE" proto=xboard memory="$HASH" \
    "${LIMITE[@]}" --games "$JOGOS" --concurrency "$CONCORRENCIA" \
    --sprt "$ELO0" "$ELO1" "$ALFA" "$BETA" --sprt-model "$MODELO" ${ANTERIOR[@]+"${ANTERIOR[@]}"} \
    --openings "$ABERTURAS" --order random --seed "$SEMENTE" \
    --pgnout "${REGISTRO%.txt}.pgn" | tee "$REGISTRO" | grep -v '^SPRT: llr' || true

# A linha para a mensagem do commit: "SPRT [0,10] 2+0.02: H1 após N jogos, +x ± y Elo".
python3 - "$REGISTRO" "$ELO0" "$ELO1" "$TC" "$MODELO" <<'PY'
import re, sys
texto = open(sys.argv[1]).read()
elo0, elo1, tc, modelo = sys.argv[2:6]
jogos = re.search(r": (\d+) games, W/D/L = (\d+)/(\d+)/(\d+)", texto)
elo = re.search(r"Elo difference: ([+-]?[\d.inf]+) \+/- ([\d.inf]+)", texto)
elo = elo.groups() if elo else None
sprt = [l for l in texto.splitlines() if l.startswith("SPRT:")]
ultimo = sprt[-1] if sprt else ""
veredito = "H1" if "H1 accepted" in ultimo else "H0" if "H0 accepted" in ultimo else "inconclusivo"
if not jogos:
    print("sprt: o match não terminou nenhuma partida", file=sys.stderr)
    sys.exit(1)
n, w, d, l = jogos.groups()
# retomado: o veredito é do total (as duas corridas somadas), e é ele que vai no commit
somado = re.search(r"pooled with an earlier run \(([^)]*)\) = (\d+) games \(\+(\d+) =(\d+) -(\d+)\)", ultimo)
if somado:
    print(f"sprt: esta corrida: {n} jogos (+{w} ={d} -{l}); a anterior: {somado.group(1)}", file=sys.stderr)
    n, w, d, l = somado.groups()[1:]
    sys.path.insert(0, "scripts/medidas")
    from match import elo_stats, fmt_elo
    _, dif, margem, _ = elo_stats(int(w), int(d), int(l))
    elo = (fmt_elo(dif), f"{margem:.1f}")
e = f", {elo[0]} ± {elo[1]} Elo" if elo else ""
print(ultimo)
if modelo == "pentanomial":
    pares = re.search(r"Ptnml\(0-2\):? ([\d, ]+?),? *(?:pooled|:|$)", ultimo)
    elo_p = re.search(r"Elo \(pairs\): ([+-]?[\d.inf]+) \+/- ([\d.inf]+)", texto)
    ep = f", {elo_p.group(1)} ± {elo_p.group(2)} Elo" if elo_p else e
    ptnml = pares.group(1).strip().rstrip(",") if pares else "?"
    # retomado: a Ptnml da última linha já é o total das corridas; o Elo e as partidas também
    # têm de ser do total (os W/D/L desta corrida sozinha iriam para o commit como se fossem tudo)
    anterior = re.search(r"pooled with an earlier run \(Ptnml ([\d ]+)\) = (\d+) pairs", ultimo)
    if anterior and pares:
        sys.path.insert(0, "scripts/medidas")
        from match import elo_stats_penta, fmt_elo
        total = [int(x) for x in ptnml.replace(",", " ").split()]
        print(f"sprt: esta corrida: {n} jogos (+{w} ={d} -{l}); a anterior: Ptnml {anterior.group(1)}",
              file=sys.stderr)
        _, dif, margem = elo_stats_penta(total)
        n = str(2 * sum(total))
        print(f"SPRT [{elo0},{elo1}] {tc} pares: {veredito} após {n} jogos somados "
              f"(Ptnml {ptnml}), {fmt_elo(dif)} ± {margem:.1f} Elo")
        sys.exit(0)
    print(f"SPRT [{elo0},{elo1}] {tc} pares: {veredito} após {n} jogos (+{w} ={d} -{l}; "
          f"Ptnml {ptnml}){ep}")
else:
    print(f"SPRT [{elo0},{elo1}] {tc}: {veredito} após {n} jogos (+{w} ={d} -{l}){e}")
PY
