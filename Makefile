# Cardavia — the two commands are `make run` and `make test`.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
HOST_PORT ?= 127.0.0.1:8000
# pytest-xdist workers: `auto` is one per core; PYTEST_WORKERS=0 runs the tests in one process.
PYTEST_WORKERS ?= auto
# Extra pytest arguments, e.g. make test PYTEST_ARGS="-k holdem -x".
PYTEST_ARGS ?=

# A Python >= 3.12: python3.13, python3.12, pyenv's installs, then python3 — each checked by version.
FIND_PYTHON = for c in python3.13 python3.12 $$(ls -d $${PYENV_ROOT:-$$HOME/.pyenv}/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -rV) python3; do \
	  if command -v "$$c" >/dev/null 2>&1 && "$$c" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then echo "$$c"; break; fi; \
	done

.PHONY: run test lint format bench worker migrate clean

$(VENV)/.installed: pyproject.toml
	@py=$$($(FIND_PYTHON)); \
	if [ -z "$$py" ]; then echo "Cardavia needs Python 3.12 or newer (Django 6.1). Install python3.12+ (e.g. 'apt install python3.12' or 'pyenv install 3.12') and run make again." >&2; exit 1; fi; \
	echo "Using $$py ($$("$$py" --version))"; \
	[ -x $(PY) ] || "$$py" -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $@

# Migrate, then load every Django fixture in fixtures/*.json (none yet is fine).
migrate: $(VENV)/.installed
	$(PY) manage.py migrate --noinput
	@shopt -s nullglob; fixtures=(fixtures/*.json); \
	if (( $${#fixtures[@]} )); then echo "Loading $${fixtures[*]}"; $(PY) manage.py loaddata "$${fixtures[@]}"; fi

# With DEBUG on (the default) WhiteNoise serves static files from the apps; with DEBUG=false it
# serves what collectstatic gathered in staticfiles/.
run: migrate
	@case "$${DEBUG:-true}" in [Ff]alse|FALSE|0|[Nn]o|[Oo]ff) $(PY) manage.py collectstatic --noinput ;; esac
	$(PY) manage.py runserver $(HOST_PORT)

test: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/pytest -n $(PYTEST_WORKERS) $(PYTEST_ARGS)

lint format: $(VENV)/.installed
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

bench: $(VENV)/.installed
	$(PY) -m bench

# A Celery worker with beat, for the full stack. Without a broker tasks run in-process instead.
worker: $(VENV)/.installed
	@[ -n "$${CELERY_BROKER_URL:-}" ] || { echo "make worker needs CELERY_BROKER_URL (e.g. redis://127.0.0.1:6379/0); without one, tasks already run in-process and no worker is needed." >&2; exit 1; }
	$(VENV)/bin/celery -A cardavia worker --beat --loglevel=info

clean:
	rm -rf $(VENV)
