"""O que os três clientes python-chess (test_cliente.py, test_cliente_960.py,
test_cliente_syzygy.py) dividem: a falha de conferência, o laço que roda a
lista de testes e imprime "ok"/"FALHOU" com o tempo de cada um, e o registro
do logger chess.engine (o coletor de cada arquivo e, com --log, o arquivo).

Cada cliente continua com os seus testes, o seu coletor (o que ele guarda do
tráfego muda de um para o outro) e os seus argumentos.
"""

import asyncio
import logging
import shlex
import time
import traceback

import chess


class Coletor(logging.Handler):
    """Guarda os avisos do python-chess (com o teste em `teste_atual[0]`) e
    as linhas recebidas do motor; com `enviadas`, também as que o cliente
    mandou. (O cliente de 960 tem o seu: passa o tráfego a um conferente.)"""

    def __init__(self, avisos, teste_atual, recebidas, enviadas=None):
        super().__init__()
        self.avisos, self.teste_atual = avisos, teste_atual
        self.recebidas, self.enviadas = recebidas, enviadas

    def emit(self, record):
        try:
            msg = record.getMessage()
        except Exception:  # pragma: no cover
            return
        if record.levelno >= logging.WARNING:
            self.avisos.append((self.teste_atual[0], msg))
        elif ": >> " in msg:
            self.recebidas.append(msg.split(": >> ", 1)[1])
        elif ": << " in msg and self.enviadas is not None:
            self.enviadas.append(msg.split(": << ", 1)[1])


def fecha_argumentos(ap, cfg, testes):
    """O comando do motor numa string só vira argv; `--so` só com nomes de
    `testes`. Devolve `cfg`."""
    cfg.comando = shlex.split(cfg.comando[0]) if len(cfg.comando) == 1 else cfg.comando
    nomes = [n for n, _ in testes]
    for n in cfg.so or []:
        if n not in nomes:
            ap.error(f"teste desconhecido {n!r} (há: {', '.join(nomes)})")
    return cfg


class Falha(AssertionError):
    """Uma conferência que falhou: o teste para e a mensagem sai sozinha."""


def verifica(cond, msg):
    if not cond:
        raise Falha(msg)


async def roda_lista(cfg, testes, arquivo, teste_atual, rotulo=None, prazo=300, para_em=None):
    """Roda `testes` ([(nome, função)], as async com `prazo` segundos) e
    devolve (passou, falhou). `cfg.so` escolhe testes pelo nome; `rotulo(nome)`
    é como cada um aparece na saída (e em `teste_atual[0]`, que o coletor usa
    para atribuir os avisos); se o teste `para_em` falhar com uma exceção, os
    seguintes não rodam (sem o handshake eles só repetiriam o erro). A linha
    de um erro inesperado aponta para a linha de `arquivo` onde ele saiu."""
    passou = falhou = 0
    cfg.aprovados = 0
    motivo_parada = None
    nome_arquivo = arquivo.rsplit("/", 1)[-1]
    for nome, teste in testes:
        if cfg.so and nome not in cfg.so:
            continue
        r = rotulo(nome) if rotulo else nome
        if motivo_parada:
            falhou += 1
            print(f"FALHOU {r}: não rodou ({motivo_parada})", flush=True)
            continue
        teste_atual[0] = r
        t0 = time.monotonic()
        try:
            if asyncio.iscoroutinefunction(teste):
                detalhe = await asyncio.wait_for(teste(cfg), prazo)
            else:
                detalhe = teste(cfg)
        except Falha as err:
            falhou += 1
            print(f"FALHOU {r} ({time.monotonic() - t0:.1f}s): {err}", flush=True)
        except asyncio.TimeoutError:
            falhou += 1
            print(f"FALHOU {r} ({time.monotonic() - t0:.1f}s): tempo esgotado (motor travado?)", flush=True)
        except Exception as err:  # EngineError, EngineTerminatedError, lance ilegal...
            falhou += 1
            onde = traceback.extract_tb(err.__traceback__)
            linha = next((f.lineno for f in reversed(onde) if f.filename == arquivo), "?")
            print(f"FALHOU {r} ({time.monotonic() - t0:.1f}s): {type(err).__name__}: {err} "
                  f"({nome_arquivo}:{linha})", flush=True)
            if nome == para_em:
                motivo_parada = f"{para_em} falhou: {err}"
        else:
            passou += 1
            cfg.aprovados += 1
            print(f"ok     {r} ({time.monotonic() - t0:.1f}s): {detalhe}", flush=True)
    return passou, falhou


def executa(cfg, coletor, principal):
    """O `main` dos clientes: liga o `coletor` (e o arquivo de --log) ao
    logger chess.engine, roda `principal(cfg)` e devolve o código de saída
    (1 se algum teste falhou ou nenhum passou)."""
    logger = logging.getLogger("chess.engine")
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    logger.addHandler(coletor)
    if cfg.log:
        h = logging.FileHandler(cfg.log, mode="w", encoding="utf-8")
        h.setFormatter(logging.Formatter("%(relativeCreated)9.0f %(levelname)s %(message)s"))
        logger.addHandler(h)
    print(f"motor: {' '.join(shlex.quote(a) for a in cfg.comando)}  (python-chess {chess.__version__})", flush=True)
    passou, falhou = asyncio.run(principal(cfg))
    print(f"{passou} passed, {falhou} failed", flush=True)
    return 1 if falhou or not passou else 0
