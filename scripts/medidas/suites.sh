#!/usr/bin/env bash
# suites.sh — roda suítes EPD (WAC e as que forem dadas) no ICE-rs e nos
# motores do Debian instalados, com o executor epd2wb, e imprime uma tabela
# comparativa no formato da Tabela 2 do artigo do ICE (motor, acertos/total,
# fator de ramificação da última iteração, tempo médio até a solução) e um
# SVG por suíte.
#
# uso: scripts/medidas/suites.sh [-t SEGUNDOS] [-n N] [-o PASTA] [-u] [-g PLIES] [SUITE.epd ...]
#   -t SEGUNDOS  tempo por posição (padrão 1; frações valem: 0.5)
#   -n N         só as N primeiras posições de cada suíte
#   -o PASTA     onde gravar logs, CSVs e SVGs (padrão /tmp/ice-suites)
#   -u           inclui os motores UCI opcionais (GNU Chess e Stockfish)
#   -g PLIES     parada antecipada: solução segurada por PLIES plies
#   -m LISTA     só os motores cujo nome contém um dos itens (vírgulas),
#                ex.: -m ice,fairy
# Sem SUITE, roda tests/data/wac.epd. Motores ausentes são pulados com aviso.
# Variáveis: EPD2WB (executor; padrão target/release/epd2wb, compilado se
# faltar), ICE (padrão target/release/ice).
set -euo pipefail

# shellcheck source=../comum.sh
source "$(dirname "$0")/../comum.sh"
TEMPO=1
MAX=""
SAIDA=/tmp/ice-suites
COM_UCI=0
SEGURA=""
FILTRO=""
while getopts "t:n:o:ug:m:h" op; do
    case "$op" in
        t) TEMPO="$OPTARG" ;;
        n) MAX="$OPTARG" ;;
        o) SAIDA="$OPTARG" ;;
        u) COM_UCI=1 ;;
        g) SEGURA="$OPTARG" ;;
        m) FILTRO="$OPTARG" ;;
        *) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
SUITES=("$@")
[ ${#SUITES[@]} -eq 0 ] && SUITES=("$RAIZ/tests/data/wac.epd")

EPD2WB="${EPD2WB:-$RAIZ/target/release/epd2wb}"
ICE="${ICE:-$RAIZ/target/release/ice}"
if [ ! -x "$EPD2WB" ]; then
    echo "# compilando o executor: cargo build --release --bin epd2wb" >&2
    compila --bin epd2wb >&2
fi
mkdir -p "$SAIDA"

# Motores: nome | comando | opções do executor. A ordem é a da tabela. O
# clássico (como o ICE 1.40) não tem ping: -x 0.3 encurta a espera fixa
# que o substitui (1 s por posição no padrão do epd2wb).
MOTORES=(
    "ICE-rs|$ICE|"
    "ICE-rs clássico|$ICE --classico|-x 0.3"
    "Fairy-Max|/usr/games/fairymax|"
    "Phalanx|/usr/games/phalanx|"
    "Sjeng|/usr/games/sjeng|"
    "HoiChess|/usr/games/hoichess|"
)
if [ "$COM_UCI" = 1 ]; then
    MOTORES+=("GNU Chess|/usr/games/gnuchess --uci|--uci" "Stockfish|/usr/games/stockfish|--uci")
fi

# O ICE-rs está em desenvolvimento: só entra se já responder ao protover
# (senão cada posição custaria o tempo inteiro para nada).
responde_protover() {
    printf 'xboard\nprotover 2\n' | timeout 5 $1 2>/dev/null | grep -q '^feature'
}

# Nome de arquivo a partir do nome do motor.
slug() { echo "$1" | tr '[:upper:]' '[:lower:]' | sed 's/[^a-z0-9]\{1,\}/-/g; s/^-//; s/-$//'; }

quer() {
    [ -z "$FILTRO" ] && return 0
    local item nome
    nome=$(echo "$1" | tr '[:upper:]' '[:lower:]')
    IFS=',' read -ra itens <<< "$FILTRO"
    for item in "${itens[@]}"; do
        case "$nome" in *"$(echo "$item" | tr '[:upper:]' '[:lower:]')"*) return 0 ;; esac
    done
    return 1
}

CSVS=()
for suite in "${SUITES[@]}"; do
    if [ ! -r "$suite" ]; then
        echo "# $suite: não encontrada, pulada" >&2
        continue
    fi
    nome_suite=$(basename "$suite" .epd)
    csvs_suite=()
    for m in "${MOTORES[@]}"; do
        IFS='|' read -r nome cmd opcoes <<< "$m"
        quer "$nome" || continue
        prog=${cmd%% *}
        if [ ! -x "$prog" ]; then
            echo "# $nome: $prog não instalado, pulado" >&2
            continue
        fi
        case "$nome" in
            ICE-rs*)
                if ! responde_protover "$cmd"; then
                    echo "# $nome: não responde ao protover (xboard ainda não implementado?), pulado" >&2
                    continue
                fi ;;
        esac
        base="$SAIDA/$nome_suite-$(slug "$nome")"
        args=(-q --nome "$nome" --suite "$nome_suite" --csv "$base.csv" --json "$base.json")
        [ -n "$MAX" ] && args+=(--max "$MAX")
        [ -n "$SEGURA" ] && args+=(-g "$SEGURA")
        # shellcheck disable=SC2206
        [ -n "$opcoes" ] && args+=($opcoes)
        inicio=$(date +%s)
        if "$EPD2WB" "${args[@]}" "$cmd" "$suite" "$TEMPO" > "$base.txt" 2>&1; then
            resolvidas=$(grep -o '^[0-9]* problems solved' "$base.txt" | cut -d' ' -f1)
            echo "# $nome_suite / $nome: $resolvidas resolvidas em $(( $(date +%s) - inicio )) s (log $base.txt)" >&2
            csvs_suite+=("$base.csv")
        else
            echo "# $nome_suite / $nome: o executor falhou (veja $base.txt)" >&2
        fi
    done
    if [ ${#csvs_suite[@]} -gt 0 ]; then
        "$EPD2WB" relatorio --svg "$SAIDA/$nome_suite.svg" \
            --titulo "$nome_suite: posições resolvidas x tempo ($TEMPO s/posição)" "${csvs_suite[@]}" > /dev/null
        echo "# gráfico: $SAIDA/$nome_suite.svg" >&2
        CSVS+=("${csvs_suite[@]}")
    fi
done

if [ ${#CSVS[@]} -eq 0 ]; then
    echo "nenhum resultado" >&2
    exit 1
fi
echo
echo "Tabela 2 (formato do artigo do ICE), $TEMPO s por posição:"
echo
"$EPD2WB" relatorio "${CSVS[@]}"
