# Meeple Post — every target creates .venv and installs the project on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench console golden clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot

console: $(STAMP)
	$(BIN)/python -m bot console

lint: $(STAMP)
	$(BIN)/ruff check engine render bot tests bench
	$(BIN)/ruff format --check engine render bot tests bench
	$(BIN)/mypy engine render bot bench

test: lint
	$(BIN)/python -m pytest

# Play and store every golden game again (tests/golden) after a change meant to alter games.
golden: $(STAMP)
	$(BIN)/python -m tests.golden --record

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
