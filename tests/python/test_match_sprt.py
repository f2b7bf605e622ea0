#!/usr/bin/env python3
"""O SPRT retomado do scripts/medidas/match.py (--sprt-prior, RETOMA= do scripts/medidas/sprt.sh).

Um SPRT parado por tempo continua do placar em que parou: as partidas da corrida anterior somam às
novas, com os mesmos limites. Aqui se confere que o veredito sai do total (e não só da corrida
nova) e que a opção errada é recusada. Uso: python3 tests/python/test_match_sprt.py
"""
import os
import sys

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
    print("test_match_sprt: ok")


if __name__ == "__main__":
    main()
