# The one entry point: `make run` serves the portal, `make test` runs the whole suite.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.instalado
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
HOST ?= 127.0.0.1
PORT ?= 8000
# WeasyPrint needs Pango and HarfBuzz; the browser tests need Debian's Chromium; the deployment test
# validates docker-compose.yml with docker-compose (no Docker daemon needed); the fault tests start
# private PostgreSQL clusters and redis-servers, and the backup test runs pg_dump / pg_restore.
APT_RUN := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core
# SoftHSM2 is the real PKCS#11 token the signature tests sign with (core/tests/test_firma.py).
# PgBouncer and nginx: the topology tests (tests/topologia.py) run their own instances, on free ports of
# 127.0.0.1 with private configs; so do the high-availability tests (tests/alta_disponibilidad.py) with etcd,
# Patroni and HAProxy. The packages' own services are stopped and disabled when installed here. pgBackRest
# (the point-in-time restore drill) has no service.
APT_SERVICIOS := pgbouncer nginx-light etcd-server patroni haproxy
APT_TEST := $(APT_RUN) chromium docker-compose postgresql redis-server softhsm2 pgbackrest $(APT_SERVICIOS)
# Bytecode is written even where the environment says not to (PYTHONDONTWRITEBYTECODE, as on CI's machine):
# without it each xdist worker recompiled and re-rewrote every test module (40 s instead of 15 s to collect), and
# each manage.py, gunicorn or Celery process the tests start recompiled the project's modules.
TEST_ENV := DJANGO_SETTINGS_MODULE=config.settings.test PYTHONDONTWRITEBYTECODE=
# Two pytest-xdist workers, one per core: each gets its own test database and Redis cache database. They take
# tests in the order conftest.py sets (the slow ones first) and keep a module that shares a costly fixture
# together (loadgroup), so neither finishes alone at the end.
PYTEST_ARGS ?= -n 2 --dist loadgroup --no-loadscope-reorder --durations=30

.PHONY: run test install system-deps system-deps-test migrate demo lint format bench clean sdk esquema topologia

define apt_install
	@faltan=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || faltan="$$faltan $$p"; done; \
	if [ -n "$$faltan" ]; then \
	  echo "Instalando paquetes del sistema:$$faltan"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$faltan; \
	fi
endef

system-deps:
	$(call apt_install,$(APT_RUN))

system-deps-test:
	@nuevos=""; for p in $(APT_SERVICIOS); do s=$${p%-light}; dpkg -s $$p >/dev/null 2>&1 || nuevos="$$nuevos $${s%-server}"; done; \
	echo "$$nuevos" > .servicios-nuevos
	$(call apt_install,$(APT_TEST))
	@for s in $$(cat .servicios-nuevos); do \
	  $(SUDO) service $$s stop >/dev/null 2>&1; $(SUDO) update-rc.d $$s disable >/dev/null 2>&1; \
	  $(SUDO) systemctl disable --now $$s >/dev/null 2>&1; true; \
	done; rm -f .servicios-nuevos

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet '.[dev]'
	@touch $(STAMP)

install: $(STAMP)

migrate: install
	$(BIN)/python manage.py migrate --noinput

demo: migrate
	$(BIN)/python manage.py cargar_demo

run: system-deps install
	@mkdir -p var
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py cargar_demo --url http://$(HOST):$(PORT)
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

test: system-deps-test install
	$(BIN)/ruff check .
	$(BIN)/python -m config.arquitectura
	$(TEST_ENV) DATABASE_URL=sqlite://:memory: $(BIN)/python manage.py makemigrations --check --dry-run
	$(TEST_ENV) $(BIN)/pytest $(PYTEST_ARGS)

lint:
	$(BIN)/ruff check . && $(BIN)/ruff format --check .

format:
	$(BIN)/ruff check --fix . && $(BIN)/ruff format .

# The Python SDK for other agencies (clientes/python/), generated from the live OpenAPI schema; a test
# fails when the committed one differs. `make esquema` keeps the released schema (docs/api/openapi-v1.json)
# that tests/test_api_versiones.py compares the live one with: run it when releasing a schema change.
sdk: install
	$(TEST_ENV) $(BIN)/python manage.py generar_sdk

esquema: install
	$(TEST_ENV) $(BIN)/python manage.py spectacular --validate --fail-on-warn --format openapi-json \
	  --file docs/api/openapi-v1.json

# Every benchmark in bench/ (several minutes each, not in CI), each on a PostgreSQL database of its own
# (bench/README.md). All run even when one fails; the target fails if any missed its target.
BENCHES ?= saldo zarpes ingesta plazos documentos asignacion escala respaldo_pitr desvios topologia datos
BENCH_ARGS_escala ?= --reusar
bench: install
	@estado=0; for b in $(BENCHES); do \
	  echo "== bench/$$b.py  (carga: $$(cut -d' ' -f1-3 /proc/loadavg))"; \
	  args=""; [ $$b = escala ] && args="$(BENCH_ARGS_escala)"; \
	  PYTHONPATH=. $(BIN)/python bench/$$b.py $$args || estado=1; \
	done; exit $$estado

# The scaled topology of docker-compose.scale.yml with real processes (tests/topologia.py): a primary and
# a streaming replica, PgBouncer, nginx over 2 gunicorn nodes, 2 Celery workers and a beat; and its
# high-availability form (tests/alta_disponibilidad.py): etcd, three PostgreSQL nodes under Patroni,
# HAProxy and pgBackRest. Their checks (pytest -m topologia, also part of `make test`).
# `make topologia ARGS=--figuras` adds the 1 vs 2 web node throughput (bench/topologia.py).
topologia: system-deps-test install
	$(TEST_ENV) $(BIN)/python scripts/topologia.py $(ARGS)

clean:
	rm -rf $(VENV) var staticfiles
