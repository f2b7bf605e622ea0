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
