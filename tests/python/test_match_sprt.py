#!/usr/bin/env python3
"""O SPRT retomado do scripts/medidas/match.py (--sprt-prior, RETOMA= do scripts/medidas/sprt.sh).

Um SPRT parado por tempo continua do placar em que parou: as partidas da corrida anterior somam às
novas, com os mesmos limites. Aqui se confere que o veredito sai do total (e não só da corrida
nova) e que a opção errada é recusada. E o SPRT por pares de partidas (pentanomial): a contagem
dos pares, o LLR contra o trinomial e a vantagem de tempo (tcfactor). Uso: python3 tests/python/test_match_sprt.py
"""
import os
import random
import sys
import tempfile
import types

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "medidas"))
import match  # noqa: E402


def tally(prior):
    t = match.Tally("novo", ["base"], ["novo", "base"])
    t.sprt = (0.0, 10.0, 0.05, 0.05)
    t.sprt_prior = prior
    return t


def main():
    # a corrida parada da extensão singular: +309 =478 -254, LLR 2.14, sem veredito
    anterior = (309, 478, 254)
    llr = match.sprt_llr(*anterior, 0.0, 10.0)
    assert 2.0 < llr < 2.94, llr
    sozinha = tally((0, 0, 0))
    sozinha.wdl["base"] = [60, 80, 40]
    linha = sozinha.sprt_line()
    assert "continuing" in linha and "pooled" not in linha, linha
    # as mesmas 180 partidas novas, somadas à anterior, passam do limite superior
    somada = tally(anterior)
    somada.wdl["base"] = [60, 80, 40]
    linha = somada.sprt_line()
    assert somada.sprt_verdict == "H1 accepted", linha
    assert "pooled with an earlier run (+309 =478 -254) = 1221 games (+369 =558 -294)" in linha, linha
    esperado = match.sprt_llr(369, 558, 294, 0.0, 10.0)
    assert f"llr {esperado:.2f}" in linha, linha
    # sem --sprt, ou com contagem negativa, o match.py recusa
    for args in (["--sprt-prior", "1", "2", "3"], ["--sprt", "0", "10", "--sprt-prior", "1", "-2", "3"]):
        base = ["--engine", "name=a", "cmd=true", "--engine", "name=b", "cmd=true", "--tc", "1+0"]
        try:
            match.parse_args(base + args)
        except match.UsageError as e:
            assert "sprt-prior" in str(e), e
        else:
            raise AssertionError(f"aceitou {args}")
    pares()
    aberturas()
    print("test_match_sprt: ok")


class _Spec:
    def __init__(self, name):
        self.name = name


class _Rec:
    def __init__(self, job, result):
        self.job, self.result, self.kind, self.fault = job, result, "normal", None


def pares():
    """O SPRT por pares (pentanomial): a contagem, o LLR e as opções."""
    # partidas independentes: o pentanomial esperado de W/D/L = .4/.3/.3 dá o mesmo LLR que o
    # trinomial das mesmas partidas (a variância do par é metade da de uma partida)
    penta = [90, 180, 330, 240, 160]   # LL, LD, WL+DD, WD, WW por 1000 pares
    tri = match.sprt_llr(800, 600, 600, 0.0, 10.0)
    pen = match.sprt_llr_penta(penta, 0.0, 10.0)
    assert abs(tri - pen) < 1e-9, (tri, pen)
    # pares correlacionados (cada lado ganha com a abertura boa): a mesma pontuação, variância
    # menor, LLR maior que o trinomial das mesmas partidas
    penta = [0, 100, 300, 120, 0]    # 520 pares = 1040 partidas
    w, d, l = 120 + 300, 220, 100 + 300   # WD dá 1 V + 1 E; WL conta 1 V + 1 D; LD, 1 E + 1 D
    assert 2 * sum(penta) == w + d + l
    assert match.sprt_llr_penta(penta, 0.0, 10.0) > 2 * match.sprt_llr(w, d, l, 0.0, 10.0)
    # a Tally junta as duas partidas de cada abertura (campo pair), em qualquer ordem de chegada
    t = match.Tally("novo", ["base"], ["novo", "base"])
    t.sprt, t.model = (0.0, 10.0, 0.05, 0.05), "pentanomial"
    novo, base = _Spec("novo"), _Spec("base")
    job = lambda n, branco, par: match.Job(n, 0, novo, base, branco, None, par)  # noqa: E731
    for rec in (_Rec(job(1, True, 0), "1-0"), _Rec(job(3, True, 1), "1/2-1/2"),
                _Rec(job(2, False, 0), "1/2-1/2"), _Rec(job(4, False, 1), "1-0")):
        t.add(rec)
    # par 0: vitória + empate = 1½; par 1: empate + derrota (novo de pretas, 1-0) = ½
    assert t.penta["base"] == [0, 1, 0, 1, 0], t.penta
    assert t.wdl["base"] == [1, 2, 1], t.wdl
    assert "Ptnml(0-2) 0, 1, 0, 1, 0" in t.sprt_line(), t.sprt_line()
    # opções: o prior do pentanomial são cinco números; --games ímpar não forma pares
    base_args = ["--engine", "name=a", "cmd=true", "--engine", "name=b", "cmd=true", "--tc", "1+0"]
    for args in (["--sprt", "0", "10", "--sprt-prior", "1", "2", "3"],
                 ["--sprt", "0", "10", "--games", "3"]):
        try:
            match.parse_args(base_args + args)
        except match.UsageError:
            pass
        else:
            raise AssertionError(f"aceitou {args}")
    cfg, _, _ = match.parse_args(base_args + ["--sprt", "0", "10", "--sprt-model", "trinomial",
                                              "--sprt-prior", "1", "2", "3"])
    assert cfg.sprt_model == "trinomial" and cfg.sprt_prior == (1, 2, 3)
    # tcfactor: o relógio do motor vezes K (base e incremento)
    _, engines, _ = match.parse_args(base_args[:4] + ["tcfactor=3"] + base_args[4:])
    assert engines[1].tcfactor == 3.0
    odds = match.Limits(base=10.0, inc=0.1).odds(3)
    assert abs(odds.base - 30.0) < 1e-9 and abs(odds.inc - 0.3) < 1e-9, odds


def aberturas():
    """As aberturas EPD são conferidas quando sorteadas: a mesma ordem que validar o arquivo todo
    antes (quando nenhuma está terminada), e os mesmos erros para as que entram em jogo."""
    uho = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "UHO_4060_v2-sample20000.epd")
    ops = match.load_openings(uho, "auto", None)
    assert len(ops) == 20000 and sum(o.checked for o in ops) == 1
    linhas = [x.strip() for x in open(uho) if x.strip() and not x.startswith("#")]
    e = [_Spec("a"), _Spec("b")]
    for seed in (1, 6301):
        cfg = types.SimpleNamespace(order="random", seed=seed, games=40)
        ordem = list(range(len(linhas)))
        random.Random(seed).shuffle(ordem)
        jobs = match.build_jobs(e, ops, cfg)
        # a abertura do par k é a ordem[k] do arquivo inteiro, e o tabuleiro é o da linha
        for j in jobs:
            assert j.opening.index == ordem[j.pair] + 1, (j.pair, j.opening.index)
            fen = linhas[ordem[j.pair]].split()[:2]
            assert j.opening.start_board().fen().split()[:2] == fen, (fen, j.opening.start_board().fen())
    assert sum(o.checked for o in ops) <= 1 + 40
    with tempfile.TemporaryDirectory() as d:
        def arq(nome, texto):
            caminho = os.path.join(d, nome)
            with open(caminho, "w") as f:
                f.write(texto)
            return caminho
        seq = types.SimpleNamespace(order="sequential", seed=None, games=4)
        # terminada (rei contra rei) é pulada; a linha ruim que o sorteio alcança é um erro claro
        ops = match.load_openings(arq("a.epd", "8/8/8/8/8/8/8/K6k w - - 0 1\nxx yy\n"), "auto", None)
        try:
            match.build_jobs(e, ops, seq)
        except match.UsageError as err:
            assert "a.epd:2: not a FEN/EPD position" in str(err), err
        else:
            raise AssertionError("aceitou a linha 'xx yy'")
        # a primeira linha é conferida já na leitura: um arquivo que não é EPD falha logo
        for texto, msg in (("nada disso\n", "b.epd:1: not a FEN/EPD"), ("", "no usable openings")):
            try:
                match.load_openings(arq("b.epd", texto), "auto", None)
            except match.UsageError as err:
                assert msg in str(err), err
            else:
                raise AssertionError(f"aceitou {texto!r}")
        # uma terminada no meio: a seguinte da ordem toma o lugar dela
        ini = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        ops = match.load_openings(arq("c.epd", f"{ini}\n7k/5QQ1/8/8/8/8/8/K7 b - - 0 1\n{ini}\n"), "auto", None)
        jobs = match.build_jobs(e, ops, types.SimpleNamespace(order="sequential", seed=None, games=6))
        assert [j.opening.index for j in jobs] == [1, 1, 3, 3, 1, 1], [j.opening.index for j in jobs]


if __name__ == "__main__":
    main()
