#!/usr/bin/env bash
# maquina16.sh prepara | roda [SEGUNDOS]
#
# O que fazer com a máquina de 16 núcleos, quando uma sessão a recebe emprestada por alguns
# minutos (issue 60): o SPSA dos números do LMR e do LMP, 7 pares de partidas por iteração, a
# 10 000 nós por lance. Menos números que na primeira corrida (7 em vez de 21) e r maior no fim
# (0.004 em vez de 0.002), para que as partidas de uma sessão movam o vetor (a conta está em
# docs/forca.md).
#
# Três iterações em jogo ao mesmo tempo (PARALELAS=3, o SPSA assíncrono do spsa.py), cada uma
# com 7 partidas de uma vez: na primeira vez lá (2026-11-30) uma iteração só, com as 14 partidas
# de uma vez num match.py, levou 4.1 s em média, ~2.6 vezes as partidas por hora daqui e não
# ~7: cada iteração esperava a sua partida mais longa com os outros núcleos parados, e um
# match.py com 14 partidas a 10 000 nós pede mais que o núcleo dele (docs/forca.md). Com três,
# até 21 partidas dividem os 16 núcleos (a nós fixos o resultado não muda com a carga) e cada
# match.py cuida de 7.
#
#   prepara   aqui: compila a build de afinação (`--features afinacao`) e a copia, com o estado
#             das corridas anteriores (scripts/medidas/maquina16-estado.json, no git, porque um
#             clone novo não tem o target/ da sessão passada), para target/maquina16/;
#             copia também o python-chess daqui (target/maquina16/py), porque lá não há rede
#             para instalá-lo e o match.py precisa dele; leve essa pasta na chamada
#             (carry: ["target/maquina16"]).
#   roda      lá: o SPSA, parando numa fronteira de iteração antes de SEGUNDOS (padrão 480; o
#             estado é gravado a cada iteração), e deixa em $OUT o estado (spsa.json), o registro
#             (spsa.log) e a máquina (maquina.txt). Para continuar (na mesma sessão ou noutra),
#             copie o spsa.json de volta para scripts/medidas/maquina16-estado.json, faça o
#             commit e rode `prepara` de novo.
#
#   prepara-sprt BASE NOVO
#             aqui: compila dois commits (numa worktree cada, pelo compila_commit do comum.sh,
#             o mesmo do sprt.sh) para target/maquina16/base e target/maquina16/novo, e leva o
#             python-chess como no prepara.
#   sprt [SEGUNDOS]
#             lá: o SPRT de NOVO contra BASE em pares de aberturas UHO, PARALELAS_SPRT (3)
#             match.py de CONCORRENCIA_SPRT (6) partidas cada, sementes SEMENTE, SEMENTE+1…,
#             a NOS_SPRT (20000) nós por lance (ou TC=5+0.05, relógio), até SEGUNDOS (padrão
#             480). Cada match.py só conta (limites dele largos, α = β = 1e-6: nenhum para
#             sozinho); o que decide é a soma dos pares das corridas (amostras do mesmo teste) e
#             o LLR dela, com ALFA e BETA, impresso no fim. Continuar aqui é o
#             RETOMA="LL LD WL+DD WD WW" do sprt.sh com essa soma e outra semente.
#             Ambiente: ELO0=-10 ELO1=0 (não-regressão) ALFA=0.05 BETA=0.05 SEMENTE.
#
# Ambiente: OUT (padrão target/maquina16/saida)  PARALELAS=3  CONCORRENCIA=7  PARES=7  NOS=10000
#   ITERACOES=600 (o N do SPSA, o total planejado em várias sessões)  R_END=0.004  SEMENTE=60
#   PARAMETROS=LmrProfundidade,LmrLances,LmrDivisor,LmrHistoryPorPly,LmpProfundidade,LmpQuietosProfundidade,LmpBase
# Os valores só entram no src/parametros.rs depois de um SPRT contra o main num relógio.
# A corrida do git terminou em 2026-11-30 (k = 600, 8400 partidas): `roda` com ela só avisa (o
# spsa.py diz "nada a jogar") e repete o resumo.
# O que resta para a máquina: o SPRT a relógio do vetor (docs/propostas/spsa600.patch; o placar
# para o RETOMA do sprt.sh está em docs/forca.md), ou o de um ramo parado sem decisão (o da
# correção pelas peças: correcao-pecas), pelo `sprt`.
set -euo pipefail
# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
cd "$RAIZ" || exit 2
[ $# -ge 1 ] || { sed -n '2,52p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
PASTA=target/maquina16
MOTOR16=$PASTA/ice-afinacao
ESTADO=$PASTA/spsa.json
ESTADO_GIT=scripts/medidas/maquina16-estado.json
PARALELAS=${PARALELAS:-3} CONCORRENCIA=${CONCORRENCIA:-7} PARES=${PARES:-7} NOS=${NOS:-10000}
ITERACOES=${ITERACOES:-600} R_END=${R_END:-0.004} SEMENTE=${SEMENTE:-60}
PARAMETROS=${PARAMETROS:-LmrProfundidade,LmrLances,LmrDivisor,LmrHistoryPorPly,LmpProfundidade,LmpQuietosProfundidade,LmpBase}

# copia_python_chess: o python-chess daqui para $PASTA/py (lá não há rede para instalá-lo).
copia_python_chess() {
    # O python-chess é Python puro: a pasta do pacote basta, em qualquer 3.x de lá.
    CHESS=$(python3 -c 'import chess, os; print(os.path.dirname(chess.__file__))') ||
        falta "falta o python-chess aqui (pip install chess)"
    rm -rf "$PASTA/py" && mkdir -p "$PASTA/py" && cp -r "$CHESS" "$PASTA/py/" &&
        rm -rf "$PASTA/py/chess/__pycache__"
}

# leva_commit PAPEL REV: o binário do commit REV (`compila_commit`, cache em
# target/maquina16-commits) em $PASTA/PAPEL, e uma linha "PAPEL REV hash bench" para o registro.
leva_commit() {
    local bin
    bin=$(compila_commit "$2" "$(dir_absoluto target/maquina16-commits)")
    cp "$bin" "$PASTA/$1"
    echo "$1 $2 $(basename "$(dirname "$bin")") $("$bin" bench 2>/dev/null | tail -1)"
}

case $1 in
    prepara-sprt)
        [ $# -eq 3 ] || falta "uso: $0 prepara-sprt BASE NOVO"
        mkdir -p "$PASTA"
        { leva_commit base "$2"; leva_commit novo "$3"; } >"$PASTA/sprt-commits.txt"
        cp tests/data/UHO_4060_v2-sample20000.epd "$PASTA/"
        copia_python_chess
        cat "$PASTA/sprt-commits.txt" >&2
        echo "$PROG: pronto em $PASTA ($(du -sh "$PASTA" | cut -f1)); lá: $0 sprt [SEGUNDOS]" >&2
        ;;
    sprt)
        SEGUNDOS=${2:-480}
        for b in base novo; do [ -x "$PASTA/$b" ] || falta "falta $PASTA/$b (rode \`$0 prepara-sprt BASE NOVO\` aqui)"; done
        export PYTHONPATH="$RAIZ/$PASTA/py${PYTHONPATH:+:$PYTHONPATH}"
        python3 -c 'import chess.pgn' || falta "falta o python-chess (rode \`$0 prepara-sprt\` de novo)"
        OUT=$(dir_absoluto "${OUT:-$PASTA/saida}")
        { echo "$(date -u +%FT%TZ) $(nproc) núcleos, $(uname -m)"; grep -m1 "model name" /proc/cpuinfo || true;
          cat "$PASTA/sprt-commits.txt" 2>/dev/null || true; } >"$OUT/maquina.txt"
        ELO0=${ELO0:--10} ELO1=${ELO1:-0} ALFA=${ALFA:-0.05} BETA=${BETA:-0.05}
        LIMITE=(--nodes "${NOS_SPRT:-20000}")
        [ -n "${TC:-}" ] && LIMITE=(--tc "$TC")
        # -k 5: o match.py às vezes não sai com o SIGINT (visto aqui em ~metade das corridas de
        # 10 s); 5 s depois vai o SIGKILL. O placar já está no arquivo, uma linha por partida.
        for i in $(seq 0 $(( ${PARALELAS_SPRT:-3} - 1 ))); do
            PYTHONUNBUFFERED=1 timeout -s INT -k 5 "$SEGUNDOS" python3 scripts/medidas/match.py \
                --engine name=novo cmd="$PASTA/novo" proto=xboard memory=16 \
                --engine name=base cmd="$PASTA/base" proto=xboard memory=16 \
                "${LIMITE[@]}" --games 100000 --concurrency "${CONCORRENCIA_SPRT:-6}" \
                --sprt "$ELO0" "$ELO1" 1e-6 1e-6 --sprt-model pentanomial \
                --openings "$PASTA/UHO_4060_v2-sample20000.epd" --order random --seed $(( SEMENTE + i )) \
                >"$OUT/sprt-$i.txt" 2>&1 &
        done
        wait || true
        # A soma: o último placar de pares de cada corrida.
        python3 - "$ELO0" "$ELO1" "$ALFA" "$BETA" "$OUT"/sprt-*.txt <<'PY' | tee "$OUT/soma.txt"
import re, sys
sys.path.insert(0, "scripts/medidas")
import match
elo0, elo1, alfa, beta = map(float, sys.argv[1:5])
total = [0] * 5
for nome in sys.argv[5:]:
    pares = re.findall(r"Ptnml\(0-2\) (\d+), (\d+), (\d+), (\d+), (\d+)", open(nome).read())
    ultimo = list(map(int, pares[-1])) if pares else [0] * 5
    print(nome.split("/")[-1], "Ptnml", ultimo)
    total = [a + b for a, b in zip(total, ultimo)]
llr = match.sprt_llr_penta(total, elo0, elo1)
lo, hi = match.sprt_bounds(alfa, beta)
veredito = "H1" if llr >= hi else "H0" if llr <= lo else "sem decisão"
_, elo, margem = match.elo_stats_penta(total) or (0, 0.0, float("inf"))
print("total: %d jogos, Ptnml(0-2) %s, LLR %.2f (%.2f, %.2f) [%g, %g]: %s, %s ± %.1f Elo"
      % (2 * sum(total), ", ".join(map(str, total)), llr, lo, hi, elo0, elo1, veredito,
         match.fmt_elo(elo), margem))
PY
        ;;
    prepara)
        compila --features afinacao --target-dir target/afinacao
        mkdir -p "$PASTA"
        cp target/afinacao/release/ice "$MOTOR16"
        rm -f "$ESTADO"
        if [ -f "$ESTADO_GIT" ]; then cp "$ESTADO_GIT" "$ESTADO"; fi
        # O motor tem de anunciar os números (senão a build não é a de afinação).
        "$MOTOR16" <<<$'uci\nquit' | grep -q "option name LmrDivisor type spin" ||
            falta "$MOTOR16 não anuncia os números da busca"
        copia_python_chess
        echo "$PROG: pronto em $PASTA ($(du -sh "$PASTA" | cut -f1)); estado: $([ -f "$ESTADO" ] &&
            echo "retoma $ESTADO" || echo "novo")" >&2
        ;;
    roda)
        SEGUNDOS=${2:-480}
        [ -x "$MOTOR16" ] || falta "falta $MOTOR16 (rode \`$0 prepara\` aqui e leve $PASTA)"
        command -v python3 >/dev/null || falta "falta python3"
        export PYTHONPATH="$RAIZ/$PASTA/py${PYTHONPATH:+:$PYTHONPATH}"
        python3 -c 'import chess.pgn' || falta "falta o python-chess (rode \`$0 prepara\` de novo)"
        OUT=$(dir_absoluto "${OUT:-$PASTA/saida}")
        { echo "$(date -u +%FT%TZ) $(nproc) núcleos, $(uname -m)"; grep -m1 "model name" /proc/cpuinfo || true; } \
            >"$OUT/maquina.txt"
        [ -f "$ESTADO" ] && cp "$ESTADO" "$OUT/spsa.json"
        python3 scripts/medidas/spsa.py --motor "$MOTOR16" --parametros "$PARAMETROS" \
            --iteracoes "$ITERACOES" --pares "$PARES" --concorrencia "$CONCORRENCIA" --paralelas "$PARALELAS" --nodes "$NOS" \
            --r-end "$R_END" --semente "$SEMENTE" --segundos "$SEGUNDOS" --estado "$OUT/spsa.json" \
            2>&1 | tee "$OUT/spsa.log" | tail -25
        ;;
    *) falta "uso: $0 prepara | roda [SEGUNDOS] | prepara-sprt BASE NOVO | sprt [SEGUNDOS]" ;;
esac
