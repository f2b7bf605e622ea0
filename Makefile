# Makefile do ICE-rs: só para o OpenBench (e quem mais compila motores com
# `make`). O projeto se compila com o Cargo (`cargo build --release`); este
# arquivo existe porque o OpenBench, o servidor de testes distribuídos em que
# os motores de xadrez medem cada mudança (SPRT), compila todo motor do mesmo
# jeito: `make EXE=<caminho>` na raiz do repositório, e depois roda
# `<caminho> bench` e lê a última linha (`N nodes R nps`). Os motores em Rust
# dão ao `make` um alvo `openbench` que chama o Cargo com `--emit link=$(EXE)`:
# o executável sai onde o OpenBench pediu, com o perfil release de sempre
# (LTO, uma unidade de código), e o `Bench:` é o mesmo do `cargo build
# --release`. Ver o README, "OpenBench".

# Onde o executável sai (o OpenBench passa o seu); no Windows, com `.exe`.
EXE ?= ice
ifeq ($(OS),Windows_NT)
	NOME := $(EXE).exe
else
	NOME := $(EXE)
endif

CARGO ?= cargo

.PHONY: all openbench

# O alvo padrão é o do OpenBench: `make EXE=...` sem alvo.
all: openbench

openbench:
	$(CARGO) rustc --release --bin ice -- --emit link=$(NOME)
