# Trecho comum dos scripts que rodam motores (carregado com `source`).
# MOTOR/OPONENTE relativos valem a partir do diretório de quem chamou (o
# script depois vai para a raiz do repositório).
for v in MOTOR OPONENTE; do
    c=${!v:-}
    if [ -n "$c" ] && [ "${c#/}" = "$c" ] && [ "${c#*/}" != "$c" ] && [ -e "${c%% *}" ]; then
        printf -v "$v" '%s' "$PWD/$c"
    fi
done

# embrulho_com_registro ARQUIVO MOTOR REGISTRO: escreve em ARQUIVO um motor que roda MOTOR com
# RUST_LOG=ice=debug e a saída de erros somada a REGISTRO. O XBoard junta a saída de erros do
# motor à saída padrão, e o registro não pode chegar ao protocolo: vai para o arquivo.
embrulho_com_registro() {
    cat >"$1" <<FIM
#!/bin/sh
RUST_LOG=ice=debug exec "$2" "\$@" 2>>"$3"
FIM
    chmod +x "$1"
}

# compila_motor: com o motor padrão (MOTOR=target/release/ice, relativo à raiz, onde o script já
# está), compila-o com `cargo build --release` se faltar ou estiver velho (com o binário em dia o
# cargo não refaz nada); um MOTOR de fora fica como veio. Se a compilação falhar, sai do script
# com 2, o código dos scripts para "falta algo para rodar".
compila_motor() {
    [ "$MOTOR" = target/release/ice ] || return 0
    [ -x "$MOTOR" ] || echo "$(basename "$0" .sh): compilando $MOTOR" >&2
    cargo build --release --quiet || exit 2
}

# adversario NOME: "comando|protocolo|pacote do Debian|título" de um motor da
# escada (gauntlet.sh, calibra-nivel.sh); código 1 se o nome não é conhecido.
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
