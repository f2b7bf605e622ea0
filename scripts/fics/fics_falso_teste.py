#!/usr/bin/env python3
"""fics_falso_teste.py — testes rápidos do servidor ICS falso (scripts/fics/fics_falso.py).

Sem XBoard e sem motor: um cliente de soquete faz o papel do zippy (login,
"accept", lances) e confere as linhas que o servidor manda, um caso por fim de
partida: mate, afogamento, material insuficiente, abandono, empate por acordo
(aceito e recusado), 50 lances, repetição, limite de lances, lance ilegal,
queda de bandeira, desconexão, senha errada, convidado, seek automático,
os "set" (width, variáveis desconhecidas) e o modo --narrow (sem seek).
Cada caso sobe um servidor próprio numa porta livre de 127.0.0.1.

Uso: python3 scripts/fics/fics_falso_teste.py [-v] [NOME_DO_CASO ...]
Saída 0 se todos passarem (uns 20 s).
"""

import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

AQUI = os.path.dirname(os.path.abspath(__file__))
SERVIDOR = os.path.join(AQUI, "fics_falso.py")
SENHA = "s3nha-de-teste"
VERBOSO = False


class Cliente:
    """Um cliente mínimo de ICS: lê até achar um padrão, manda linhas."""

    def __init__(self, porta):
        self.s = socket.create_connection(("127.0.0.1", porta), timeout=5)
        self.buf = ""

    def le_ate(self, padrao, prazo=5.0):
        fim = time.monotonic() + prazo
        rx = re.compile(padrao)
        while True:
            m = rx.search(self.buf)
            if m:
                self.buf = self.buf[m.end():]
                return m
            resta = fim - time.monotonic()
            if resta <= 0:
                raise AssertionError("não chegou %r; recebido: %r" % (padrao, self.buf[-600:]))
            self.s.settimeout(resta)
            try:
                dados = self.s.recv(65536)
            except socket.timeout:
                continue
            if not dados:
                raise AssertionError("conexão fechada esperando %r; recebido: %r"
                                     % (padrao, self.buf[-600:]))
            txt = dados.decode("utf-8", "replace")
            if VERBOSO:
                sys.stderr.write(txt)
            self.buf += txt

    def manda(self, linha):
        self.s.sendall((linha + "\n").encode())

    def login(self, nome="IceBot", senha=SENHA):
        self.le_ate("login: ")
        self.manda(nome)
        self.le_ate("password: ")
        self.manda(senha)
        self.le_ate(r"\*\*\*\* Starting FICS session as IceBot \*\*\*\*")
        self.manda("$iset ms 1")
        self.manda("$style 12")

    def aceita(self):
        self.le_ate(r"Challenge: Aleatorio \(1400\) \[(white|black)\] IceBot \(1500\) "
                    r"unrated \w+ \d+ \d+\.")
        self.manda("$accept Aleatorio")
        self.le_ate(r"\{Game 42 \(\w+ vs\. \w+\) Creating unrated \w+ match\.\}")
        return self.tabuleiro()

    def tabuleiro(self):
        return self.le_ate(r"<12> ([^\n\r]*)").group(1).split()

    def fecha(self):
        self.s.close()


class Servidor:
    def __init__(self, *extra):
        self.dir = tempfile.mkdtemp(prefix="fics-falso-teste.")
        with open(os.path.join(self.dir, "senha"), "w") as f:
            f.write(SENHA + "\n")
        self.porta_arq = os.path.join(self.dir, "porta")
        self.res = os.path.join(self.dir, "res.json")
        args = [sys.executable, SERVIDOR, "--port-file", self.porta_arq,
                "--password-file", os.path.join(self.dir, "senha"), "--games", "1",
                "--colors", "white", "--first-challenge-delay", "0.1", "--opponent-delay", "0.05",
                "--linger", "0.2", "--timeout", "20", "--results", self.res,
                "--log", os.path.join(self.dir, "log")] + list(extra)
        self.p = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(100):
            if os.path.exists(self.porta_arq):
                break
            time.sleep(0.05)
        self.porta = int(open(self.porta_arq).read())

    def termina(self):
        try:
            rc = self.p.wait(timeout=25)
        except subprocess.TimeoutExpired:
            self.p.kill()
            raise AssertionError("o servidor não saiu sozinho")
        res = json.load(open(self.res)) if os.path.exists(self.res) else None
        return rc, res

    def limpa(self):
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait()
        for nome in os.listdir(self.dir):
            os.unlink(os.path.join(self.dir, nome))
        os.rmdir(self.dir)


def joga_partida(extra, acoes, rc_esperado, tipo_esperado, fim_padrao):
    """Sobe um servidor, entra, aceita o desafio, roda 'acoes(cliente, tab)' e
    confere o fim da partida, o código de saída e o resumo JSON."""
    srv = Servidor(*extra)
    try:
        c = Cliente(srv.porta)
        c.login()
        tab = c.aceita()
        acoes(c, tab)
        if fim_padrao:
            c.le_ate(fim_padrao)
        rc, res = srv.termina()
        assert rc == rc_esperado, "status %d, esperado %d" % (rc, rc_esperado)
        g = res["partidas"][0]
        assert g["tipo"] == tipo_esperado, "tipo %s, esperado %s" % (g["tipo"], tipo_esperado)
        return g
    finally:
        srv.limpa()


# ---- os casos ------------------------------------------------------------------

def caso_mate():
    def acoes(c, tab):
        assert tab[8] == "W" and tab[18] == "1", "brancas na vez, relação 1 (vez do motor)"
        c.manda("a1a8")
    g = joga_partida(["--start-fen", "7k/8/6K1/8/8/8/8/R7 w - - 0 1"], acoes, 0, "checkmate",
                     r"\{Game 42 \(IceBot vs\. Aleatorio\) Aleatorio checkmated\} 1-0")
    assert g["lances_do_motor"] == ["a1a8"]


def caso_afogamento():
    joga_partida(["--start-fen", "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1"],
                 lambda c, t: c.manda("g1g6"), 0, "stalemate",
                 r"\{Game 42 \(IceBot vs\. Aleatorio\) Game drawn by stalemate\} 1/2-1/2")


def caso_material():
    joga_partida(["--start-fen", "7k/8/8/8/8/8/6r1/6K1 w - - 0 1"],
                 lambda c, t: c.manda("g1g2"), 0, "insufficient",
                 r"Neither player has mating material\} 1/2-1/2")


def caso_abandono():
    joga_partida([], lambda c, t: c.manda("$resign"), 0, "resign",
                 r"\{Game 42 \(IceBot vs\. Aleatorio\) IceBot resigns\} 0-1")


def caso_empate_aceito():
    joga_partida([], lambda c, t: c.manda("$draw"), 0, "agreement",
                 r"Game drawn by mutual agreement\} 1/2-1/2")


def caso_empate_recusado():
    def acoes(c, tab):
        c.manda("$draw")
        c.le_ate("Aleatorio declines the draw request.")
        c.manda("$resign")
    joga_partida(["--draw-offers", "decline"], acoes, 0, "resign", r"IceBot resigns\} 0-1")


def caso_cinquenta():
    joga_partida(["--start-fen", "7k/8/8/8/8/8/8/K6R w - - 100 80"],
                 lambda c, t: c.manda("$draw"), 0, "fifty",
                 r"Game drawn by the 50 move rule\} 1/2-1/2")


def caso_repeticao():
    # O rei preto só tem a8<->a7; o motor vai e volta com a torre.  Na terceira
    # repetição o adversário reclama o empate.
    def acoes(c, tab):
        for lance in ["h6g6", "g6h6", "h6g6", "g6h6"]:
            c.manda(lance)
            c.tabuleiro()  # o lance do motor
            c.tabuleiro()  # o do adversário (Ka7 ou Ka8, o único)
        c.manda("h6g6")
        c.le_ate(r"Game drawn by repetition\} 1/2-1/2")
    joga_partida(["--start-fen", "k7/2K5/7R/8/8/8/8/8 w - - 0 1"], acoes, 0, "repetition",
                 None)


def caso_limite():
    # --max-moves 1: depois do lance 1 das duas cores, empate adjudicado.
    def acoes(c, tab):
        assert tab[8] == "W" and tab[18] == "-1", "motor de pretas: relação -1"
        assert tab[29] == "1", "tabuleiro virado para as pretas"
        t = c.tabuleiro()  # lance do adversário (brancas)
        assert t[8] == "B" and t[18] == "1"
        assert re.match(r"\(0:00\.\d{3}\)", t[27]), "tempo gasto em ms: %s" % t[27]
        c.manda("e7e5")
    joga_partida(["--colors", "black", "--max-moves", "1", "--at-max", "draw"], acoes, 0,
                 "adjudication", r"Game drawn by adjudication\} 1/2-1/2")


def caso_limite_abandono():
    def acoes(c, tab):
        c.manda("e2e4")
        c.tabuleiro()
        c.tabuleiro()
        c.manda("d2d4")
    joga_partida(["--max-moves", "1"], acoes, 0, "resign",
                 r"\{Game 42 \(IceBot vs\. Aleatorio\) Aleatorio resigns\} 1-0")


def caso_roque_e_promocao():
    # o XBoard manda o-o e e7e8=q ao servidor
    def acoes(c, tab):
        c.manda("o-o")
        t = c.tabuleiro()
        assert t[26] == "o-o" and t[28] == "O-O", t
        c.tabuleiro()  # adversário
        c.manda("b7b8=q")
        t = c.tabuleiro()
        assert t[26] == "P/b7-b8=Q", t
        c.manda("$resign")
    g = joga_partida(["--start-fen", "7k/1P6/8/8/8/8/p7/4K2R w K - 0 1"], acoes, 0, "resign",
                     r"IceBot resigns\} 0-1")
    assert g["lances_do_motor"] == ["e1g1", "b7b8q"], g["lances_do_motor"]


def caso_ilegal():
    joga_partida([], lambda c, t: c.manda("e2e5"), 3, "illegal",
                 r"IceBot forfeits by illegal move\} 0-1")


def caso_bandeira():
    joga_partida(["--base", "0.02"], lambda c, t: None, 3, "time",
                 r"IceBot forfeits on time\} 0-1")


def caso_desconexao():
    srv = Servidor()
    try:
        c = Cliente(srv.porta)
        c.login()
        c.aceita()
        c.fecha()
        rc, res = srv.termina()
        assert rc == 3 and res["partidas"][0]["tipo"] == "disconnect", (rc, res)
    finally:
        srv.limpa()


def caso_senha_errada():
    srv = Servidor("--max-moves", "1")
    try:
        c = Cliente(srv.porta)
        c.le_ate("login: ")
        c.manda("IceBot")
        c.le_ate("password: ")
        c.manda("errada")
        c.le_ate(r"\*\*\*\* Invalid password! \*\*\*\*")
        c.login()
        c.aceita()
        c.manda("$resign")
        assert srv.termina()[0] == 0
    finally:
        srv.limpa()


def caso_convidado():
    srv = Servidor()
    try:
        c = Cliente(srv.porta)
        c.le_ate("login: ")
        c.manda("guest")
        c.le_ate(r'Press return to enter the server as "(\w+)":')
        c.manda("")
        c.le_ate(r"\*\*\*\* Starting FICS session as GuestFALSO \*\*\*\*")
        c.manda("$style 12")
        c.le_ate(r"Challenge: Aleatorio \(1400\) \[black\] GuestFALSO")
        c.manda("$decline Aleatorio")   # recusa: o servidor desafia de novo
        c.le_ate(r"Challenge: Aleatorio")
        c.manda("$accept Aleatorio")
        c.le_ate("<12> ")
        c.manda("resign")
        c.le_ate(r"GuestFALSO resigns\} 0-1")
        assert srv.termina()[0] == 0
    finally:
        srv.limpa()


def caso_seek_automatico():
    srv = Servidor("--first-challenge-delay", "1")
    try:
        c = Cliente(srv.porta)
        c.login()
        c.manda("seek 2 12")
        c.le_ate(r"Creating: IceBot \(1500\) Aleatorio \(1400\) unrated blitz 2 12")
        t = c.tabuleiro()
        # Os relógios em ms: 2 min cada, menos o que já correu até o tabuleiro
        # sair (um ms às vezes, numa máquina carregada).
        assert t[19:21] == ["2", "12"], t
        assert all(119_000 <= int(x) <= 120_000 for x in t[23:25]), t
        c.manda("resign")
        c.le_ate(r"IceBot resigns\} 0-1")
        assert srv.termina()[0] == 0
    finally:
        srv.limpa()


def caso_comandos():
    srv = Servidor("--max-moves", "1")
    try:
        c = Cliente(srv.porta)
        c.login()
        c.manda("gameend")
        c.le_ate("gameend: Command not found.")
        c.manda("say oi")
        c.le_ate(r"\(told Aleatorio\)")
        c.aceita()
        c.manda("$abort")
        c.le_ate(r"Game aborted on move 1\} \*")
        assert srv.termina()[0] == 3
    finally:
        srv.limpa()


def caso_set_e_estreito():
    """Os "set" como o servidor: width de 32 a 240, variável desconhecida é
    erro; no modo --narrow não há seek nem autoflag/examine/oldmatch."""
    for extra, estreito in (((), False), (("--narrow",), True)):
        srv = Servidor("--max-moves", "1", *extra)
        try:
            c = Cliente(srv.porta)
            c.login()
            c.manda("set width 255")
            c.le_ate("Bad value given for variable width.")
            c.manda("set width 240")
            c.le_ate("width set to 240.")
            c.manda("set naoexiste 1")
            c.le_ate("No such variable name naoexiste.")
            c.manda("set autoflag 1")
            c.le_ate("No such variable name autoflag." if estreito else "autoflag set to 1.")
            c.manda("seek 3 0 m")
            c.le_ate("seek: Command has failed." if estreito else "Your seek has been posted")
            c.manda("set seek 0")
            c.le_ate("seek set to 0.")
            c.aceita()
            c.manda("$abort")
            c.le_ate(r"Game aborted on move 1\} \*")
            srv.termina()
        finally:
            srv.limpa()


def main():
    global VERBOSO
    args = sys.argv[1:]
    if "-v" in args:
        VERBOSO = True
        args.remove("-v")
    casos = [(n, f) for n, f in sorted(globals().items()) if n.startswith("caso_")]
    if args:
        casos = [(n, f) for n, f in casos if n[5:] in args or n in args]
    falhas = 0
    t0 = time.monotonic()
    for nome, f in casos:
        t = time.monotonic()
        try:
            f()
            print("ok    %-24s %.1fs" % (nome[5:], time.monotonic() - t))
        except Exception as e:  # noqa: BLE001 — o relatório mostra qualquer falha
            falhas += 1
            print("FALHA %-24s %s" % (nome[5:], e))
    print("%d casos, %d falhas, %.1fs" % (len(casos), falhas, time.monotonic() - t0))
    sys.exit(1 if falhas else 0)


if __name__ == "__main__":
    main()
