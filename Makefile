# make test   - every check: ruff, mypy --strict, unit tests, browser tests
# make serve  - build the offline site and serve it at http://127.0.0.1:8000
# make bench  - benchmarks (figures, not pass/fail)
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: test lint unit e2e bench serve site clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

lint: $(STAMP)
	$(VENV)/bin/ruff check malefiz tests bench e2e web
	$(VENV)/bin/ruff format --check malefiz tests bench e2e web
	$(VENV)/bin/mypy

unit: $(STAMP)
	$(PY) -m pytest tests malefiz -q

test: lint $(STAMP)
	$(PY) -m pytest -q

bench: $(STAMP)
	$(PY) bench/rules_speed.py

clean:
	rm -rf $(VENV) site node_modules
