# Trecho comum dos scripts que rodam motores (carregado com `source`).
# MOTOR/OPONENTE relativos valem a partir do diretório de quem chamou (o
# script depois vai para a raiz do repositório).
for v in MOTOR OPONENTE; do
    c=${!v:-}
    if [ -n "$c" ] && [ "${c#/}" = "$c" ] && [ "${c#*/}" != "$c" ] && [ -e "${c%% *}" ]; then
        printf -v "$v" '%s' "$PWD/$c"
    fi
done
