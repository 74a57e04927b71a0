# Meeple Post — every target creates .venv and installs what it needs on first use:
# `make run` only what running the bot needs, `make test` the test tools as well.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# What running needs (the project and its dependencies), and the test tools on top.
RUN_STAMP := $(VENV)/.installed-run
DEV_STAMP := $(VENV)/.installed-dev
PIP := $(BIN)/python -m pip install --disable-pip-version-check --progress-bar on

.PHONY: run test lint bench console golden clean

$(RUN_STAMP): pyproject.toml
	@echo "==> Creating the virtual environment in $(VENV) (first run only)"
	$(PYTHON) -m venv $(VENV)
	@echo "==> Installing Meeple Post and what it needs to run (a minute or two the first time)"
	$(PIP) -e .
	touch $(RUN_STAMP)

$(DEV_STAMP): $(RUN_STAMP)
	@echo "==> Installing the test tools (pytest, ruff, mypy, …)"
	$(PIP) -e '.[dev]'
	touch $(DEV_STAMP)

run: $(RUN_STAMP)
	$(BIN)/python -m bot

console: $(RUN_STAMP)
	$(BIN)/python -m bot console

lint: $(DEV_STAMP)
	$(BIN)/ruff check engine render bot tests bench
	$(BIN)/ruff format --check engine render bot tests bench
	$(BIN)/mypy engine render bot bench

test: lint
	$(BIN)/python -m pytest

# Play and store every golden game again (tests/golden) after a change meant to alter games.
golden: $(DEV_STAMP)
	$(BIN)/python -m tests.golden --record

bench: $(DEV_STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
