# make test   - every check: ruff, mypy --strict, unit tests, browser tests
# make serve  - build the offline site and serve it at http://127.0.0.1:8000
# make unit   - the Python tests only (no lint, no browser)
# make bench  - benchmarks (figures, not pass/fail)
# make train  - the learned evaluations by self-play (TD(λ); about 150 minutes, one core)
# make endgame - Mensch ärgere Dich nicht's exact endgame table (two players, cross; about a minute)
# make explore - random pokes at the page on one device, two and three playing together, a phone in German: not a test, a finder
#                of what the tests did not think of (SEED=n for other pokes; exit 1 on anything wrong)
# make strength - the bots' win rates in both games, felixxwu/malefiz-online's AI and issue 27's references included,
#                 the position benchmark and what Mensch ärgere Dich nicht's endgame table is worth (long: several
#                 hours on two cores)
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# npm ci writes this file; it is older than package-lock.json when the pins changed.
NODE_STAMP := node_modules/.package-lock.json

.PHONY: test lint unit e2e browser bench strength train endgame serve site clean explore

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

lint: $(STAMP)
	$(VENV)/bin/ruff check malefiz tests bench train e2e web
	$(VENV)/bin/ruff format --check malefiz tests bench train e2e web
	$(VENV)/bin/mypy

unit: $(STAMP) $(NODE_STAMP)
	$(PY) -m pytest tests malefiz README.md docs -q

$(NODE_STAMP): package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# The offline site: Pyodide (lean), the malefiz package as bytecode, its memory snapshot (made in Node) and web/
# (standard library only: no venv needed).
site: $(NODE_STAMP)
	$(PYTHON) web/build.py

serve: site
	@echo "Malefiz: http://127.0.0.1:8000  (Ctrl-C stops the server)"
	$(PYTHON) -m http.server --bind 127.0.0.1 8000 --directory site

# The browser tests use Debian's Chromium when it is there, otherwise Playwright's own.
browser: $(STAMP)
	@test -x /usr/bin/chromium || $(PY) -m playwright install chromium

e2e: site browser
	$(PY) -m pytest e2e -q

# Two workers (the machines have two cores; a third measured slower, both cores are busy). With no xdist groups,
# --dist loadgroup hands out one test at a time, in the order listed, as a worker finishes one: the Python tests first,
# then the browser tests, often one on each worker at once (each worker has its own Chromium). Listing the browser
# tests first measured slower here (one run: over 21 minutes against 16 to 19). The checks and the site are made side
# by side before (ruff and mypy in the venv, the site from node_modules: neither waits for the other).
test:
	@$(MAKE) --no-print-directory -j2 --output-sync=target lint site browser
	$(PY) -m pytest -q -n 2 --dist loadgroup --durations=15 tests malefiz README.md docs e2e

# Writes malefiz/games/<game>/learned/weights_*.py and bench/results/train_<game>.txt (reproducible: --seed 27).
# Malefiz's classic board learns from the references' games only (--self-play 0): see bench/TRIES.md.
train: $(STAMP)
	$(PY) train/maedn_td.py
	$(PY) train/maedn_td.py --seed 31 --forms star2
	$(PY) train/maedn_td.py --seed 29 --forms cross4,star6 --games 4 --resume
	$(PY) train/malefiz_td.py --forms fast2
	$(PY) train/malefiz_td.py --forms classic2 --self-play 0

# Writes malefiz/games/maedn/learned/endgame_cross.bin and bench/results/maedn_endgame.txt (exact: value iteration).
endgame: $(STAMP)
	$(PY) train/maedn_endgame.py

SEED ?= 1
explore: site browser
	$(PY) e2e/explore.py --steps 300 --seed $(SEED)
	$(PY) e2e/explore.py --steps 300 --seed $(SEED) --devices 2
	$(PY) e2e/explore.py --steps 300 --seed $(SEED) --devices 3
	$(PY) e2e/explore.py --steps 300 --seed $(SEED) --size 390x844 --touch --german "game=maedn&board=star"

bench: site $(STAMP)
	$(PY) bench/rules_speed.py
	$(PY) bench/bot_speed.py
	$(PY) bench/page_load.py
	$(PY) bench/frame_gaps.py
	$(PY) bench/round_time.py
	$(PY) bench/action_cost.py
	$(PY) bench/evening.py
	$(PY) bench/e2e_start.py

# The fast board's hard-vs-medium match sits at its 70% target: 200 games (+-6 points) cannot
# tell 68% from 72%, so it is played over 1600 games (+-2 points).
strength: $(STAMP)
	$(PY) bench/strength.py --board classic
	$(PY) bench/strength.py --board fast --duel-games 1600
	$(PY) bench/strength.py --levels front --board both
	$(PY) bench/maedn_strength.py
	$(PY) bench/maedn_learned.py strength
	$(PY) bench/positions.py run
	$(PY) bench/maedn_endgame_loss.py --results /dev/null

clean:
	rm -rf $(VENV) site node_modules
