#!/usr/bin/env python3
"""fics_falso.py — um servidor ICS falso, só para testar a ponte FICS sem Internet.

Fala o bastante do protocolo do FICS (freechess.org) para o modo zippy do
XBoard: prompts de login ("login:", "password:"), a linha
"**** Starting FICS session as NOME ****", o prompt "fics% ", desafios
("Challenge: ...") que o zippy aceita sozinho, anúncios (seek) manuais ou
automáticos, as mensagens de início ("Creating: ...", "{Game N (A vs. B)
Creating ...}"), tabuleiros no estilo 12 (com os relógios, em ms se o cliente
pediu "iset ms 1", como o XBoard faz) e as linhas de fim de partida
("{Game N (A vs. B) B checkmated} 1-0" etc.).

O adversário do motor é um jogador aleatório (lances legais sorteados com
semente fixa, python-chess).  O servidor mesmo decide o fim da partida: mate,
afogamento, material insuficiente, 50 lances e repetição (reclamados pelo
adversário aleatório ou pelo motor com "draw"), abandono ("resign"), acordo
de empate, queda de bandeira, desconexão e lance ilegal do motor (que aqui
encerra a partida: o FICS de verdade só responderia "Illegal move" e o
relógio correria).  Com --max-moves a partida é limitada: no lance N o
adversário abandona (--at-max resign) ou a partida é adjudicada como empate
(--at-max draw), para o teste ter duração limitada.

Com --narrow imita um servidor da mesma linhagem mais estreito: sem "seek"
("seek: Command has failed."), sem as variáveis autoflag, examine e oldmatch
("No such variable name X."); em qualquer modo "set width" só vai de 32 a 240
("Bad value given for variable width.").  Cada erro desses vai ao --log como
"ERRO ...", que o teste de ponta a ponta procura.

Escuta só em 127.0.0.1.  Escreve a porta escolhida em --port-file (porta 0 =
o sistema escolhe uma livre, sem corrida), cada linha recebida e cada evento em
--log, e um resumo JSON das partidas em --results.  Sai sozinho depois das
partidas pedidas ou do --timeout.

Código de saída: 0 todas as partidas terminaram normalmente (mate, abandono,
empate por regra ou por acordo/adjudicação); 1 uso errado; 2 tempo esgotado
ou partidas faltando; 3 alguma partida terminou de forma anormal (queda de
bandeira, desconexão, lance ilegal, partida abortada).

Exemplo (o teste de ponta a ponta, scripts/fics/fics-e2e.sh, faz isto):
    python3 scripts/fics/fics_falso.py --port-file /tmp/porta --games 2 \
        --handle IceBot --password-file senha.txt --log servidor.log
"""

import argparse
import json
import os
import random
import re
import select
import socket
import sys
import time

try:
    import chess
except ImportError:  # o CI instala com "pip install chess"
    sys.stderr.write("fics_falso.py: falta o python-chess (pip install chess)\n")
    sys.exit(1)

NL = "\n\r"  # o FICS termina as linhas assim (o XBoard descarta o \r)
PROMPT = "fics% "

# Variáveis do "set" (help variables do FICS). As de VARIAVEIS_SO_FICS não
# existem em todo servidor da linhagem: no modo --narrow são desconhecidas.
VARIAVEIS = {
    "time", "inc", "private", "jprivate", "rated", "ropen", "open", "bugopen", "simopen",
    "tourney", "provshow", "autoflag", "examine", "oldmatch", "shout", "cshout", "kibitz",
    "kiblevel", "tell", "ctell", "pin", "gin", "notifiedby", "availinfo", "availmin",
    "availmax", "highlight", "bell", "seek", "showownseek", "silence", "style", "flip",
    "width", "height", "automail", "mailmess", "pgn", "messreply", "chanoff", "echo",
    "tzone", "lang", "language", "prompt", "interface", "unobserve", "formula", "ptime",
    "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9",
}
VARIAVEIS_SO_FICS = {"autoflag", "examine", "oldmatch"}
LARGURA_MIN, LARGURA_MAX = 32, 240

# Tipos de fim de partida considerados normais pelo teste.
FINS_NORMAIS = {"checkmate", "resign", "stalemate", "repetition", "fifty",
                "insufficient", "agreement", "adjudication"}

VALOR_PECA = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3,
              chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}

RE_LANCE = re.compile(
    r"^(?:[a-h][1-8]-?[a-h][1-8](?:=?[qrbnQRBN])?"        # e2e4, e7e8=q
    r"|[oO0]-[oO0](?:-[oO0])?"                             # o-o, o-o-o
    r"|[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=?[QRBN])?[+#]?)$")  # SAN


def agora():
    return time.monotonic()


def fmt_tempo(ms, em_ms):
    """Tempo gasto no lance, como o FICS mostra: (0:01) ou (0:01.234)."""
    ms = max(0, int(ms))
    m, resto = divmod(ms, 60000)
    s, mil = divmod(resto, 1000)
    return "(%d:%02d.%03d)" % (m, s, mil) if em_ms else "(%d:%02d)" % (m, s)


def categoria(base_min, inc_s):
    """Categoria do FICS pelo tempo esperado (base + 2/3 do incremento)."""
    esperado = base_min + inc_s * 2.0 / 3.0
    if esperado < 3:
        return "lightning"
    if esperado < 15:
        return "blitz"
    return "standard"


class Partida:
    """Uma partida entre o motor (cliente) e o adversário aleatório."""

    def __init__(self, num, motor, adversario, cor_motor, base_min, inc_s, semente, fen=None):
        self.num = num
        self.cor_motor = cor_motor  # chess.WHITE ou chess.BLACK
        self.branco = motor if cor_motor == chess.WHITE else adversario
        self.preto = adversario if cor_motor == chess.WHITE else motor
        self.motor, self.adversario = motor, adversario
        self.base_min, self.inc_s = base_min, inc_s
        self.tabuleiro = chess.Board(fen) if fen else chess.Board()
        self.relogio = {chess.WHITE: base_min * 60000.0, chess.BLACK: base_min * 60000.0}
        self.inicio_vez = agora()
        self.ultimo = None  # (lance verboso, tempo gasto em ms, SAN)
        self.rng = random.Random("%s-%d" % (semente, num))
        self.lances_motor = []  # lances recebidos do motor (UCI), em ordem
        self.lances_uci = []
        self.oferta_adv = False  # o adversário ofereceu empate
        self.fim = None  # dict com o resultado quando acabar

    def cabecalho(self):
        return "Game %d (%s vs. %s)" % (self.num, self.branco, self.preto)

    def vez_do_motor(self):
        return self.tabuleiro.turn == self.cor_motor

    def relogio_agora(self, cor):
        """Tempo restante de 'cor' neste instante (desconta a vez em curso)."""
        t = self.relogio[cor]
        if self.fim is None and self.tabuleiro.turn == cor:
            t -= (agora() - self.inicio_vez) * 1000.0
        return t

    def joga(self, lance):
        """Aplica um lance legal, acerta o relógio; devolve o SAN."""
        cor = self.tabuleiro.turn
        gasto = (agora() - self.inicio_vez) * 1000.0
        self.relogio[cor] -= gasto
        self.relogio[cor] += self.inc_s * 1000
        san = self.tabuleiro.san(lance)
        if self.tabuleiro.is_kingside_castling(lance):
            verboso = "o-o"
        elif self.tabuleiro.is_queenside_castling(lance):
            verboso = "o-o-o"
        else:
            peca = self.tabuleiro.piece_at(lance.from_square).symbol().upper()
            verboso = "%s/%s-%s" % (peca, chess.square_name(lance.from_square),
                                    chess.square_name(lance.to_square))
            if lance.promotion:
                verboso += "=" + chess.piece_symbol(lance.promotion).upper()
        self.tabuleiro.push(lance)
        self.lances_uci.append(lance.uci())
        self.ultimo = (verboso, gasto, san)
        self.inicio_vez = agora()
        return san

    def estilo12(self, em_ms):
        """A linha <12> do FICS vista pelo motor."""
        b = self.tabuleiro
        linhas = []
        for fileira in range(7, -1, -1):
            linha = ""
            for coluna in range(8):
                p = b.piece_at(chess.square(coluna, fileira))
                linha += p.symbol() if p else "-"
            linhas.append(linha)
        dpp = -1
        if b.move_stack:
            ult = b.peek()
            p = b.piece_at(ult.to_square)
            if p and p.piece_type == chess.PAWN and \
                    abs(chess.square_rank(ult.to_square) - chess.square_rank(ult.from_square)) == 2:
                dpp = chess.square_file(ult.to_square)
        forca = {c: sum(VALOR_PECA[p.piece_type] for p in b.piece_map().values() if p.color == c)
                 for c in (chess.WHITE, chess.BLACK)}
        rel = 1 if b.turn == self.cor_motor else -1
        if self.fim is not None:
            rel = -1  # a partida acabou: ninguém está "na vez"
        tw, tb = self.relogio_agora(chess.WHITE), self.relogio_agora(chess.BLACK)
        if em_ms:
            tw, tb = int(round(tw)), int(round(tb))
        else:
            tw, tb = int(tw // 1000), int(tb // 1000)
        if self.ultimo is None:
            verboso, gasto, san = "none", fmt_tempo(0, em_ms), "none"
        else:
            verboso, gasto, san = self.ultimo[0], fmt_tempo(self.ultimo[1], em_ms), self.ultimo[2]
        campos = linhas + [
            "W" if b.turn == chess.WHITE else "B", str(dpp),
            str(int(b.has_kingside_castling_rights(chess.WHITE))),
            str(int(b.has_queenside_castling_rights(chess.WHITE))),
            str(int(b.has_kingside_castling_rights(chess.BLACK))),
            str(int(b.has_queenside_castling_rights(chess.BLACK))),
            str(b.halfmove_clock), str(self.num), self.branco, self.preto, str(rel),
            str(int(self.base_min)), str(self.inc_s), str(forca[chess.WHITE]),
            str(forca[chess.BLACK]),
            str(tw), str(tb), str(b.fullmove_number), verboso, gasto, san,
            "1" if self.cor_motor == chess.BLACK else "0",  # tabuleiro virado para as pretas
            "1" if self.fim is None else "0",  # relógio correndo
            "0"]  # lag
        return "<12> " + " ".join(campos)


class Servidor:
    def __init__(self, args):
        self.a = args
        self.log_f = open(args.log, "a", encoding="utf-8") if args.log else None
        self.t0 = agora()
        self.prazo = self.t0 + args.timeout
        self.senha = None
        if args.password_file:
            with open(args.password_file, encoding="utf-8") as f:
                self.senha = f.readline().rstrip("\r\n")
        self.cores = [chess.WHITE if c.startswith("w") else chess.BLACK
                      for c in args.colors.split(",")]
        self.partidas = []  # partidas terminadas
        self.fim_em = None  # quando sair (depois da última partida ou de uma falha)
        self.partida = None  # a partida em curso
        self.prox_num = args.first_game_number
        self.cli = None
        self.buf = b""
        self.reset_sessao()

    # ---- registro -------------------------------------------------------
    def log(self, txt):
        linha = "%8.3f %s" % (agora() - self.t0, txt)
        if self.log_f:
            self.log_f.write(linha + "\n")
            self.log_f.flush()
        if self.a.verbose:
            sys.stderr.write(linha + "\n")

    # ---- sessão -----------------------------------------------------------
    def reset_sessao(self):
        self.estado = "login"  # login -> senha/convidado -> sessao
        self.nome = None
        self.em_ms = False
        self.style12 = False
        self.seek = None  # (base, inc, manual, cor) do anúncio do cliente
        self.desafio = None  # desafio pendente: (base, inc, cor_motor)
        self.desafio_em = None
        self.tentativas = 0
        self.sessao_em = None
        self.proximo_jogo_em = None  # quando oferecer a próxima partida

    def envia(self, txt):
        if not self.cli:
            return
        try:
            self.cli.sendall(txt.encode("utf-8"))
        except OSError as e:
            self.log("ERRO ao enviar: %s" % e)
        for linha in txt.replace("\r", "").split("\n"):
            if linha.strip():
                self.log("> " + linha)

    def aceita_conexao(self, sock):
        cli, ender = sock.accept()
        if self.cli:  # só um cliente por vez
            cli.sendall(b"Servidor ocupado." + NL.encode())
            cli.close()
            return
        self.cli = cli
        self.buf = b""
        self.reset_sessao()
        self.log("CONEXAO de %s:%d" % ender)
        # "freechess.org" no cabeçalho faz o XBoard tratar o servidor como FICS
        # (prefixo "$" nos comandos, "set style 12" etc.).
        self.envia(NL + "Servidor ICS falso do ICE-rs (imita freechess.org, so para testes locais)"
                   + NL + NL + "login: ")

    def desconecta(self, motivo):
        self.log("DESCONEXAO: %s" % motivo)
        if self.partida:
            perdedor = self.partida.motor
            vencedor_branco = self.partida.cor_motor == chess.BLACK
            self.termina("%s forfeits by disconnection" % perdedor,
                         "1-0" if vencedor_branco else "0-1", "disconnect")
        try:
            self.cli.close()
        except OSError:
            pass
        self.cli = None
        self.reset_sessao()

    def linha_recebida(self, linha):
        self.log("< " + linha)
        if self.estado == "login":
            nome = linha.strip()
            if not nome:
                self.envia(NL + "login: ")
                return
            if nome.lower() == "guest":
                self.nome = "GuestFALSO"
                self.estado = "convidado"
                self.envia(NL + 'Press return to enter the server as "%s":' % self.nome + NL)
            elif self.senha is not None and nome.lower() == self.a.handle.lower():
                self.nome = self.a.handle
                self.estado = "senha"
                self.envia(NL + '"%s" is a registered name.  If it is yours, type the password.'
                           % self.nome + NL + "If not, just hit return to try another name."
                           + NL + NL + "password: ")
            else:
                self.nome = nome
                self.estado = "convidado"
                self.envia(NL + '"%s" is not a registered name.  You may use this name to play '
                           'unrated games.' % nome + NL
                           + '(After logging in, do "help register" for more info on how to '
                           'register.)' + NL + NL
                           + 'Press return to enter the server as "%s":' % nome + NL)
            return
        if self.estado == "senha":
            if linha != self.senha:
                self.log("SENHA ERRADA")
                self.envia(NL + "**** Invalid password! ****" + NL + NL + "login: ")
                self.estado = "login"
                return
            self.inicia_sessao()
            return
        if self.estado == "convidado":
            self.inicia_sessao()
            return
        self.comando(linha)

    def inicia_sessao(self):
        self.estado = "sessao"
        self.sessao_em = agora()
        self.log("LOGIN como %s" % self.nome)
        self.envia(NL + "**** Starting FICS session as %s ****" % self.nome + NL + NL
                   + "Servidor falso: %d partida(s) contra %s." % (self.a.games, self.a.opponent)
                   + NL + PROMPT)
        self.proximo_jogo_em = agora() + self.a.first_challenge_delay

    # ---- comandos -----------------------------------------------------------
    def comando(self, linha):
        txt = linha.strip()
        while txt.startswith("$"):  # "$" = sem expansão de alias, no FICS
            txt = txt[1:]
        txt = txt.strip()
        if not txt:
            self.envia(PROMPT)
            return
        p = self.partida
        if p and p.fim is None and RE_LANCE.match(txt) and \
                txt.split()[0].lower() not in ("draw", "abort", "flag"):
            self.lance_do_motor(txt)
            return
        pal = txt.split()
        cmd, resto = pal[0].lower(), pal[1:]
        resp = None
        if cmd in ("quit", "exit", "bye"):
            self.envia(NL + "Logging you out." + NL)
            self.desconecta("quit")
            return
        elif cmd == "alias":
            resp = "Alias set." if resto else "You have no aliases."
        elif cmd in ("set", "iset"):
            if len(resto) >= 1:
                var = resto[0].lower()
                val = resto[1] if len(resto) > 1 else ""
                if cmd == "iset" and var == "ms":
                    self.em_ms = val not in ("0", "off", "false")
                resp = self.comando_set(var, val) if cmd == "set" else "%s set to %s." % (var, val)
            else:
                resp = "Usage: %s var value" % cmd
        elif cmd == "style":
            self.style12 = resto[:1] == ["12"]
            resp = "Style %s set." % (resto[0] if resto else "1")
        elif cmd == "seek" and self.a.narrow:
            self.log("ERRO seek recusado (servidor sem seek)")
            resp = "seek: Command has failed."
        elif cmd == "seek":
            self.seek = self.le_seek(resto)
            self.log("SEEK %s" % (self.seek,))
            resp = ("Your seek has been posted with index 7." + NL
                    + "(1 player(s) saw the seek.)")
        elif cmd == "unseek":
            self.seek = None
            resp = "Your seeks have been removed."
        elif cmd == "accept":
            self.aceita_desafio(resto)
            return
        elif cmd == "decline":
            if self.desafio:
                self.log("RECUSA do desafio (%s)" % " ".join(resto))
                resp = "You decline the match offer from %s." % self.a.opponent
                self.desafio = None
                self.tentativas += 1
                self.proximo_jogo_em = agora() + self.a.retry_delay
            else:
                resp = "You have no offers to decline."
        elif cmd in ("resign", "draw", "abort", "adjourn", "flag", "moves", "refresh"):
            self.comando_de_partida(cmd, resto)
            return
        elif cmd in ("say", "tell", "kibitz", "whisper", "xtell", "ptell", "shout", "cshout", "it"):
            self.log("CONVERSA %s" % txt)
            if cmd == "kibitz":
                resp = "(kibitzed to 0 players)"
            elif cmd == "whisper":
                resp = "(whispered to 0 players)"
            elif cmd == "say":
                resp = "(told %s)" % self.a.opponent
            elif cmd in ("tell", "xtell") and resto:
                resp = "(told %s)" % resto[0]
            else:
                resp = "(%s sent)" % cmd
        elif cmd == "date":
            resp = "Local time     - " + time.strftime("%a %b %d, %H:%M %Z %Y")
        elif cmd == "games":
            resp = "  0 games displayed." if not p or p.fim else \
                "%3d (Exam. 0 %s 0 %s)" % (p.num, p.branco, p.preto)
        else:
            resp = "%s: Command not found." % cmd
        self.envia((resp + NL if resp is not None else "") + PROMPT)

    def comando_set(self, var, val):
        """'set VAR VAL', como o servidor: variável desconhecida ou valor fora
        da faixa geram o erro (registrado como ERRO, que o teste procura)."""
        conhecidas = VARIAVEIS if not self.a.narrow else VARIAVEIS - VARIAVEIS_SO_FICS
        if var not in conhecidas:
            self.log("ERRO set %s: variável desconhecida" % var)
            return "No such variable name %s." % var
        if var == "width":
            if not (val.isdigit() and LARGURA_MIN <= int(val) <= LARGURA_MAX):
                self.log("ERRO set width %s: fora de %d..%d" % (val, LARGURA_MIN, LARGURA_MAX))
                return "Bad value given for variable width."
        if var == "style":
            self.style12 = val == "12"
        return "%s set to %s." % (var, val)

    def le_seek(self, pal):
        """Lê 'seek [base inc] [r|u] [white|black] [m|a] ...' do FICS."""
        nums = [int(x) for x in pal if x.isdigit()][:2]
        base = nums[0] if nums else self.a.base
        inc = nums[1] if len(nums) > 1 else 0
        flags = [x.lower() for x in pal if not x.isdigit()]
        manual = any(x in ("m", "manual") for x in flags)
        cor = None
        if any(x in ("w", "white") for x in flags):
            cor = chess.WHITE
        elif any(x in ("b", "black") for x in flags):
            cor = chess.BLACK
        return (base, inc, manual, cor)

    # ---- desafios e começo de partida --------------------------------------
    def quer_partida(self):
        """Chamado no laço: oferece a próxima partida quando for a hora."""
        if self.desafio and agora() - self.desafio_em > self.a.challenge_timeout:
            # sem resposta (por exemplo -zippyAcceptOnly com outro nome): retira
            self.log("SEM RESPOSTA ao desafio em %.0fs; retirado" % self.a.challenge_timeout)
            self.envia(NL + "%s withdraws the match offer to you." % self.a.opponent + NL + PROMPT)
            self.desafio = None
            self.tentativas += 1
            self.proximo_jogo_em = agora() + self.a.retry_delay
        if (self.estado != "sessao" or self.partida or self.desafio or self.fim_em is not None
                or len(self.partidas) >= self.a.games or self.proximo_jogo_em is None
                or agora() < self.proximo_jogo_em):
            return
        n = len(self.partidas)
        cor_motor = self.cores[n % len(self.cores)]
        if self.tentativas >= self.a.max_retries:
            self.log("DESISTO: o cliente recusou %d desafios" % self.tentativas)
            self.proximo_jogo_em = None
            return
        if self.seek and self.seek[3] is not None:
            cor_motor = self.seek[3]
        if self.seek:
            base, inc, manual, _ = self.seek
            if not manual:  # anúncio automático: a partida começa já
                self.log("RESPONDE ao seek automatico %s" % (self.seek,))
                self.seek = None
                self.envia(NL + "%s accepts your seek." % self.a.opponent + NL)
                self.comeca_partida(base, inc, cor_motor)
                return
            origem = "seek manual"
        else:
            # Sem anúncio do cliente: espera um pouco por um (o zippy manda o
            # -zippyGameEnd logo depois de cada partida) e então desafia.
            if agora() < self.proximo_jogo_em + (self.a.seek_wait if self.partidas else 0):
                return
            base, inc, origem = self.a.base, self.a.inc, "match"
        self.desafio = (base, inc, cor_motor)
        self.desafio_em = agora()
        cor_adv = "black" if cor_motor == chess.WHITE else "white"
        tipo = categoria(base, inc)
        self.log("DESAFIO (%s) %g %d motor=%s" % (origem, base, inc,
                                                  "white" if cor_motor == chess.WHITE else "black"))
        self.envia(NL + "Challenge: %s (%s) [%s] %s (%s) unrated %s %d %d." % (
            self.a.opponent, self.a.opponent_rating, cor_adv, self.nome, self.a.rating,
            tipo, int(base), inc) + NL
            + 'You can "accept" or "decline", or propose different parameters.' + NL + PROMPT)

    def aceita_desafio(self, pal):
        if not self.desafio or (pal and pal[0].lower() != self.a.opponent.lower()):
            self.envia("You have no offers to accept." + NL + PROMPT)
            return
        base, inc, cor_motor = self.desafio
        self.desafio = None
        self.seek = None  # o FICS remove os anúncios quando a partida começa
        self.log("ACEITO o desafio")
        self.envia(NL + "You accept the match offer from %s." % self.a.opponent + NL)
        self.comeca_partida(base, inc, cor_motor)

    def comeca_partida(self, base, inc, cor_motor):
        p = Partida(self.prox_num, self.nome, self.a.opponent, cor_motor, base, inc, self.a.seed,
                    self.a.start_fen)
        self.prox_num += 1
        self.partida = p
        self.tentativas = 0
        rat = {self.nome: self.a.rating, self.a.opponent: self.a.opponent_rating}
        tipo = categoria(base, inc)
        p.inicio_vez = agora()
        self.log("INICIO partida %d: %s (brancas) x %s (pretas), %g %d" % (
            p.num, p.branco, p.preto, base, inc))
        self.envia(NL + "Creating: %s (%s) %s (%s) unrated %s %d %d" % (
            p.branco, rat[p.branco], p.preto, rat[p.preto], tipo, int(base), inc) + NL
            + "{%s Creating unrated %s match.}" % (p.cabecalho(), tipo) + NL
            + NL + p.estilo12(self.em_ms) + NL + PROMPT)

    # ---- a partida ----------------------------------------------------------
    def le_lance(self, txt):
        """Converte o que o XBoard manda (e2e4, e7e8=q, o-o, SAN) num lance legal."""
        b = self.partida.tabuleiro
        t = txt.strip()
        if re.match(r"^[oO0]-[oO0](-[oO0])?$", t):
            t = "O-O-O" if t.count("-") == 2 else "O-O"
            try:
                return b.parse_san(t)
            except ValueError:
                return None
        m = re.match(r"^([a-h][1-8])-?([a-h][1-8])=?([qrbnQRBN])?$", t)
        if m:
            try:
                lance = chess.Move.from_uci(m.group(1) + m.group(2) + (m.group(3) or "").lower())
            except ValueError:
                return None
            return lance if lance in b.legal_moves else None
        try:
            return b.parse_san(t)
        except ValueError:
            return None

    def lance_do_motor(self, txt):
        p = self.partida
        if not p.vez_do_motor():
            self.log("FORA DA VEZ: %s" % txt)
            self.envia("It is not your move." + NL + PROMPT)
            return
        if p.relogio_agora(p.tabuleiro.turn) < 0:
            # o relógio do motor já tinha caído (o laço principal normalmente
            # encerra antes; isto cobre a corrida com um lance que chega tarde)
            self.bandeira(p.tabuleiro.turn)
            return
        lance = self.le_lance(txt)
        if lance is None:
            self.log("ILEGAL do motor: %s (posicao %s)" % (txt, p.tabuleiro.fen()))
            self.envia("Illegal move (%s)." % txt + NL)
            if self.a.illegal == "forfeit":
                vence_branco = p.cor_motor == chess.BLACK
                self.termina("%s forfeits by illegal move" % p.motor,
                             "1-0" if vence_branco else "0-1", "illegal")
            else:
                self.envia(PROMPT)
            return
        ply = len(p.lances_uci) + 1
        san = p.joga(lance)
        p.lances_motor.append(lance.uci())
        self.log("LANCE_DO_MOTOR partida=%d ply=%d %s %s" % (p.num, ply, lance.uci(), san))
        self.mostra_tabuleiro()

    def lance_do_adversario(self):
        p = self.partida
        b = p.tabuleiro
        # 1. O adversário reclama empate quando a regra permite (no FICS de
        #    verdade a repetição e os 50 lances só acabam a partida reclamados).
        if b.can_claim_fifty_moves():
            self.log("ADVERSARIO reclama 50 lances")
            self.termina("Game drawn by the 50 move rule", "1/2-1/2", "fifty")
            return
        if b.is_repetition(3):
            self.log("ADVERSARIO reclama repeticao")
            self.termina("Game drawn by repetition", "1/2-1/2", "repetition")
            return
        # 2. Limite de lances do teste.
        if self.a.max_moves and b.fullmove_number > self.a.max_moves:
            if self.a.at_max == "resign":
                self.log("ADVERSARIO abandona no limite de %d lances" % self.a.max_moves)
                vence_branco = p.cor_motor == chess.WHITE
                self.termina("%s resigns" % p.adversario, "1-0" if vence_branco else "0-1",
                             "resign")
            else:
                self.log("ADJUDICACAO de empate no limite de %d lances" % self.a.max_moves)
                self.termina("Game drawn by adjudication", "1/2-1/2", "adjudication")
            return
        # 3. Um lance aleatório (ordem fixa dos lances + semente fixa).
        lances = sorted(b.legal_moves, key=lambda m: m.uci())
        lance = p.rng.choice(lances)
        san = p.joga(lance)
        self.log("LANCE_DO_ADVERSARIO partida=%d ply=%d %s %s" % (
            p.num, len(p.lances_uci), lance.uci(), san))
        self.mostra_tabuleiro()

    def mostra_tabuleiro(self):
        """Manda a linha estilo 12 depois de um lance e, se a partida não acabou, o prompt."""
        self.envia(NL + self.partida.estilo12(self.em_ms) + NL)
        if not self.verifica_fim():
            self.envia(PROMPT)

    def verifica_fim(self):
        """Fim automático (como o FICS): mate, afogamento, material, 5x/75."""
        p = self.partida
        b = p.tabuleiro
        if b.is_checkmate():
            perdedor = p.branco if b.turn == chess.WHITE else p.preto
            self.termina("%s checkmated" % perdedor, "0-1" if b.turn == chess.WHITE else "1-0",
                         "checkmate")
        elif b.is_stalemate():
            self.termina("Game drawn by stalemate", "1/2-1/2", "stalemate")
        elif b.is_insufficient_material():
            self.termina("Neither player has mating material", "1/2-1/2", "insufficient")
        elif b.is_fivefold_repetition():
            self.termina("Game drawn by repetition", "1/2-1/2", "repetition")
        elif b.is_seventyfive_moves():
            self.termina("Game drawn by the 50 move rule", "1/2-1/2", "fifty")
        else:
            return False
        return True

    def bandeira(self, cor):
        p = self.partida
        quem = p.branco if cor == chess.WHITE else p.preto
        outro = p.preto if cor == chess.WHITE else p.branco
        if not p.tabuleiro.has_insufficient_material(not cor):
            self.termina("%s forfeits on time" % quem, "0-1" if cor == chess.WHITE else "1-0",
                         "time")
        else:
            self.termina("%s ran out of time and %s has no material to mate" % (quem, outro),
                         "1/2-1/2", "time")

    def comando_de_partida(self, cmd, resto):
        p = self.partida
        if cmd == "moves":
            self.envia(self.lista_lances() + PROMPT)
            return
        if not p or p.fim is not None:
            self.envia("You are not playing a game." + NL + PROMPT)
            return
        b = p.tabuleiro
        vence_adv = "1-0" if p.cor_motor == chess.BLACK else "0-1"
        if cmd == "refresh":
            self.envia(NL + p.estilo12(self.em_ms) + NL + PROMPT)
        elif cmd == "resign":
            self.log("MOTOR abandona")
            self.termina("%s resigns" % p.motor, vence_adv, "resign")
        elif cmd == "draw":
            # No FICS "draw" reclama o empate se a regra permite; senão é oferta.
            # Aceita também "draw LANCE" (o lance primeiro, depois a reclamação).
            if resto and p.vez_do_motor() and RE_LANCE.match(resto[0]):
                self.lance_do_motor(resto[0])
                if self.partida is None or p.fim is not None:
                    return
            if b.can_claim_fifty_moves():
                self.log("MOTOR reclama 50 lances")
                self.termina("Game drawn by the 50 move rule", "1/2-1/2", "fifty")
            elif b.can_claim_threefold_repetition():
                self.log("MOTOR reclama repeticao")
                self.termina("Game drawn by repetition", "1/2-1/2", "repetition")
            elif self.a.draw_offers == "accept" or p.oferta_adv:
                self.log("MOTOR oferece empate; %s aceita" % p.adversario)
                self.envia("%s accepts the draw request." % p.adversario + NL)
                self.termina("Game drawn by mutual agreement", "1/2-1/2", "agreement")
            else:
                self.log("MOTOR oferece empate; %s recusa" % p.adversario)
                self.envia("Offering a draw." + NL + "%s declines the draw request."
                           % p.adversario + NL + PROMPT)
        elif cmd == "abort":
            if len(p.lances_uci) < 2:
                self.log("MOTOR aborta antes do primeiro lance")
                self.termina("Game aborted on move 1", "*", "abort")
            else:
                self.envia("%s declines the abort request." % p.adversario + NL + PROMPT)
        elif cmd == "adjourn":
            self.envia("%s declines the adjourn request." % p.adversario + NL + PROMPT)
        elif cmd == "flag":
            cor_adv = not p.cor_motor
            if p.relogio_agora(cor_adv) < 0:
                self.bandeira(cor_adv)
            else:
                self.envia("Your opponent is not out of time." + NL + PROMPT)

    def lista_lances(self):
        """Resposta ao comando 'moves' (o XBoard pede ao retomar partidas)."""
        p = self.partida or (self.partidas[-1]["_partida"] if self.partidas else None)
        if p is None:
            return "You are not playing, examining, or observing a game." + NL
        tipo = categoria(p.base_min, p.inc_s)
        out = [NL + "Movelist for game %d:" % p.num, "",
               "%s (%s) vs. %s (%s) --- %s" % (p.branco, "----", p.preto, "----",
                                               time.strftime("%a %b %d, %H:%M %Z %Y")),
               "Unrated %s match, initial time: %d minutes, increment: %d seconds."
               % (tipo, int(p.base_min), p.inc_s), "",
               "Move  %-23s %s" % (p.branco, p.preto),
               "----  ---------------------   ---------------------"]
        tmp = chess.Board()
        sans = []
        for u in p.lances_uci:
            lance = chess.Move.from_uci(u)
            sans.append(tmp.san(lance))
            tmp.push(lance)
        for i in range(0, len(sans), 2):
            pretas = ("%-10s(0:00)" % sans[i + 1]) if i + 1 < len(sans) else ""
            out.append("%3d.  %-10s(0:00)    %s" % (i // 2 + 1, sans[i], pretas))
        out.append("      {Still in progress} *" if p.fim is None else
                   "      {%s} %s" % (p.fim["motivo"], p.fim["resultado"]))
        return NL.join(out) + NL + NL

    def termina(self, motivo, resultado, tipo):
        p = self.partida
        if p is None or p.fim is not None:
            return
        p.fim = {"motivo": motivo, "resultado": resultado, "tipo": tipo}
        self.log("FIM partida %d: {%s} %s [%s]" % (p.num, motivo, resultado, tipo))
        self.envia(NL + "{%s %s} %s" % (p.cabecalho(), motivo, resultado) + NL
                   + "No ratings adjustment done." + NL + PROMPT)
        self.partidas.append({
            "partida": p.num, "brancas": p.branco, "pretas": p.preto,
            "cor_motor": "white" if p.cor_motor == chess.WHITE else "black",
            "resultado": resultado, "motivo": motivo, "tipo": tipo,
            "normal": tipo in FINS_NORMAIS, "meios_lances": len(p.lances_uci),
            "lances_do_motor": p.lances_motor, "lances": p.lances_uci,
            "tempo_base": p.base_min, "incremento": p.inc_s, "_partida": p})
        self.partida = None
        self.proximo_jogo_em = agora() + self.a.pause
        if len(self.partidas) >= self.a.games or \
                (self.a.stop_on_failure and tipo not in FINS_NORMAIS):
            self.fim_em = agora() + self.a.linger

    # ---- laço principal -------------------------------------------------------
    def roda(self):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", self.a.port))  # só loopback, nunca a rede
        sock.listen(2)
        porta = sock.getsockname()[1]
        if self.a.port_file:
            tmp = self.a.port_file + ".tmp"
            with open(tmp, "w") as f:
                f.write("%d\n" % porta)
            os.replace(tmp, self.a.port_file)
        self.log("ESCUTANDO em 127.0.0.1:%d (%d partidas, semente %s)" % (
            porta, self.a.games, self.a.seed))
        self.fim_em = None
        while True:
            t = agora()
            if t > self.prazo:
                self.log("TEMPO ESGOTADO (%ds)" % self.a.timeout)
                if self.partida:
                    self.termina("Game aborted by the test server (timeout)", "*", "timeout")
                break
            if self.fim_em is not None and t >= self.fim_em:
                break
            self.quer_partida()
            espera = 0.2
            p = self.partida
            if p:
                if p.vez_do_motor():
                    resta = p.relogio_agora(p.tabuleiro.turn)
                    if resta < 0:
                        self.log("BANDEIRA do motor")
                        self.bandeira(p.tabuleiro.turn)
                        continue
                    espera = min(espera, resta / 1000.0 + 0.01)
                else:
                    falta = p.inicio_vez + self.a.opponent_delay - t
                    if falta <= 0:
                        self.lance_do_adversario()
                        continue
                    espera = min(espera, falta)
            leitura = [sock] + ([self.cli] if self.cli else [])
            prontos, _, _ = select.select(leitura, [], [], max(0.0, espera))
            if sock in prontos:
                self.aceita_conexao(sock)
            if self.cli and self.cli in prontos:
                try:
                    dados = self.cli.recv(65536)
                except OSError as e:
                    dados = b""
                    self.log("ERRO ao ler: %s" % e)
                if not dados:
                    self.desconecta("o cliente fechou a conexao")
                    continue
                self.buf += dados
                while b"\n" in self.buf and self.cli:
                    linha, self.buf = self.buf.split(b"\n", 1)
                    self.linha_recebida(linha.decode("utf-8", "replace").rstrip("\r"))
        if self.cli:
            self.envia(NL + "Logging you out." + NL)
            try:
                self.cli.close()
            except OSError:
                pass
            self.cli = None
        sock.close()
        return self.resumo()

    def resumo(self):
        jogos = [{k: v for k, v in g.items() if not k.startswith("_")} for g in self.partidas]
        ok = len(jogos) >= self.a.games and all(g["normal"] for g in jogos)
        if self.a.results:
            with open(self.a.results, "w", encoding="utf-8") as f:
                json.dump({"partidas": jogos, "pedidas": self.a.games, "ok": ok}, f, indent=1)
        for g in jogos:
            self.log("RESUMO partida %d: %s x %s %s {%s} motor=%s, %d meios-lances, %d do motor"
                     % (g["partida"], g["brancas"], g["pretas"], g["resultado"], g["motivo"],
                        g["cor_motor"], g["meios_lances"], len(g["lances_do_motor"])))
        if any(not g["normal"] for g in jogos):
            self.log("FALHA: fim anormal de partida")
            return 3
        if len(jogos) < self.a.games:
            self.log("FALHA: %d de %d partidas" % (len(jogos), self.a.games))
            return 2
        self.log("OK")
        return 0


def main():
    ap = argparse.ArgumentParser(
        description="Servidor ICS falso (imita o FICS) para testar o modo zippy do XBoard.")
    ap.add_argument("--port", type=int, default=0, help="porta em 127.0.0.1 (0 = uma livre)")
    ap.add_argument("--port-file", help="onde escrever a porta escolhida")
    ap.add_argument("--handle", default="IceBot", help="nome registrado do motor")
    ap.add_argument("--password-file",
                    help="senha do nome registrado (1a linha); sem ela todo nome entra sem senha")
    ap.add_argument("--rating", default="1500", help="rating mostrado para o motor")
    ap.add_argument("--opponent", default="Aleatorio", help="nome do adversário aleatório")
    ap.add_argument("--opponent-rating", default="1400")
    ap.add_argument("--games", type=int, default=2, help="quantas partidas jogar")
    ap.add_argument("--colors", default="white,black",
                    help="cores do motor, em ciclo (padrão white,black)")
    ap.add_argument("--base", type=float, default=1,
                    help="minutos por partida nos desafios (fração só para testes: o "
                         "tabuleiro mostra a parte inteira)")
    ap.add_argument("--inc", type=int, default=0, help="incremento (s) nos desafios")
    ap.add_argument("--max-moves", type=int, default=60,
                    help="no lance N o adversário encerra a partida (0 = sem limite)")
    ap.add_argument("--at-max", choices=("resign", "draw"), default="resign",
                    help="no limite: o adversário abandona ou empate adjudicado")
    ap.add_argument("--draw-offers", choices=("accept", "decline"), default="accept",
                    help="o que o adversário faz com as ofertas de empate do motor")
    ap.add_argument("--illegal", choices=("forfeit", "continue"), default="forfeit",
                    help="lance ilegal do motor: perde a partida ou só 'Illegal move'")
    ap.add_argument("--seed", default="1", help="semente dos lances aleatórios")
    ap.add_argument("--opponent-delay", type=float, default=0.1,
                    help="segundos que o adversário leva por lance")
    ap.add_argument("--first-challenge-delay", type=float, default=2.0,
                    help="segundos entre o login e a primeira oferta de partida")
    ap.add_argument("--seek-wait", type=float, default=4.0,
                    help="após uma partida, quanto esperar por um seek antes de desafiar")
    ap.add_argument("--retry-delay", type=float, default=2.0,
                    help="espera antes de desafiar de novo após uma recusa")
    ap.add_argument("--max-retries", type=int, default=15)
    ap.add_argument("--challenge-timeout", type=float, default=10.0,
                    help="segundos sem resposta a um desafio antes de retirá-lo")
    ap.add_argument("--pause", type=float, default=1.0,
                    help="pausa entre o fim de uma partida e a próxima oferta")
    ap.add_argument("--linger", type=float, default=3.0,
                    help="segundos de espera após a última partida antes de sair")
    ap.add_argument("--first-game-number", type=int, default=42)
    ap.add_argument("--stop-on-failure", action="store_true",
                    help="depois de um fim anormal de partida, não joga as outras")
    ap.add_argument("--start-fen", help="posição inicial das partidas (para testes)")
    ap.add_argument("--narrow", action="store_true",
                    help="servidor estreito: sem seek ('seek: Command has failed.'), sem as "
                         "variáveis autoflag/examine/oldmatch; width só de 32 a 240 (sempre)")
    ap.add_argument("--timeout", type=float, default=240, help="limite total em segundos")
    ap.add_argument("--log", help="registro de tudo que foi recebido e enviado")
    ap.add_argument("--results", help="resumo JSON das partidas")
    ap.add_argument("-v", "--verbose", action="store_true", help="registro também no stderr")
    a = ap.parse_args()
    if a.games < 1 or not a.colors:
        ap.error("--games >= 1 e --colors não vazio")
    sys.exit(Servidor(a).roda())


if __name__ == "__main__":
    main()
