# Poker TDA rules: every target sets up what it needs on a fresh Debian machine
# (run as root, or with sudo available).
#
#   make serve   build the site and serve it (with search) on http://127.0.0.1:8000/
#   make test    lint, then the whole test suite (installs Debian's chromium headless shell for browser tests)
#   make lint    ruff over the Python, ESLint over the JavaScript
#   make build   build the site into site/
#   make bench   time the build against a plain mkdocs-material site
#   make clean   remove build output (keeps .venv; `make distclean` removes it too)

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.tdarules-installed
HOST   ?= 127.0.0.1
PORT   ?= 8000

SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
APT  := DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get

.PHONY: help serve test build bench clean distclean setup lint system-python system-browser system-node system-tools system-pdf

help:
	@sed -n '1,/^$$/p' $(MAKEFILE_LIST) | sed -n 's/^#   //p'

# --- system packages (Debian) ---------------------------------------------------

# python3 with venv/ensurepip (Debian splits it into python3-venv).
system-python:
	@if ! command -v $(PYTHON) >/dev/null 2>&1 || ! $(PYTHON) -c 'import ensurepip, venv' >/dev/null 2>&1; then \
	  echo ">> installing python3 and python3-venv"; \
	  $(APT) update && $(APT) install -y --no-install-recommends python3 python3-venv python3-pip; \
	fi

# Debian's chromium (Playwright cannot download browsers here): its headless shell for the browser
# tests, the full browser for the benchmarks; CJK fonts so Chinese pages render.
system-browser:
	@if ! command -v chromium >/dev/null 2>&1 || ! command -v chromium-headless-shell >/dev/null 2>&1; then \
	  echo ">> installing chromium, chromium-headless-shell and fonts-noto-cjk"; \
	  $(APT) update && $(APT) install -y --no-install-recommends chromium chromium-headless-shell fonts-noto-cjk; \
	fi

# The build's PDFs (WeasyPrint): Pango for text layout, DejaVu and Noto CJK fonts to embed.
system-pdf:
	@if ! ls /usr/lib/*/libpangoft2-1.0.so.0 >/dev/null 2>&1 || ! fc-list : family 2>/dev/null | grep "Noto Serif CJK" >/dev/null || ! fc-list : family 2>/dev/null | grep "DejaVu Serif" >/dev/null; then \
	  echo ">> installing pango and fonts for the PDFs"; \
	  $(APT) update && $(APT) install -y --no-install-recommends libpango-1.0-0 libpangoft2-1.0-0 fontconfig fonts-dejavu-core fonts-noto-cjk; \
	fi

# Test tools: nginx (the production recipe is tested through it), poppler (PDF checks), zbar (QR decoding).
system-tools:
	@if ! command -v nginx >/dev/null 2>&1 || ! command -v pdftotext >/dev/null 2>&1 || ! command -v zbarimg >/dev/null 2>&1; then \
	  echo ">> installing nginx, poppler-utils and zbar-tools"; \
	  $(APT) update && $(APT) install -y --no-install-recommends nginx poppler-utils zbar-tools; \
	fi

# node + npm for the build-time JavaScript tools in package.json (Workbox, the Nu HTML checker).
system-node:
	@if ! command -v npm >/dev/null 2>&1; then \
	  echo ">> installing nodejs and npm"; \
	  $(APT) update && $(APT) install -y --no-install-recommends nodejs npm; \
	fi

# A Java runtime for the Nu HTML checker (vnu.jar from npm) that validates built pages in the tests.
.PHONY: system-java
system-java:
	@if ! command -v java >/dev/null 2>&1; then \
	  echo ">> installing default-jre-headless"; \
	  $(APT) update && $(APT) install -y --no-install-recommends default-jre-headless; \
	fi

# --- JavaScript build tools (pinned by package-lock.json) ------------------------

NODE_STAMP := node_modules/.tdarules-installed
$(NODE_STAMP): package.json package-lock.json | system-node
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# --- Python environment -----------------------------------------------------------

$(PY): | system-python
	$(PYTHON) -m venv $(VENV)

# Re-installed only when pyproject.toml changes (editable install: code changes need nothing).
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

setup: $(STAMP) $(NODE_STAMP)

# --- targets ----------------------------------------------------------------------

# The site, its JSON exports, the Whoosh index and the Pagefind fallback index.
build: setup system-pdf
	$(VENV)/bin/rulebook build --strict

# The built site plus GET /api/search, on 127.0.0.1 only.
serve: build
	@echo ">> serving http://$(HOST):$(PORT)/"
	exec $(VENV)/bin/rulebook serve --host $(HOST) --port $(PORT)

# The project's own guards, before anything slow: ruff (pyproject.toml) over the Python, mypy
# (pyproject.toml: strict on the modules it lists), ESLint (eslint.config.mjs) over the browser
# modules, the service worker and the Node scripts.
lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	node_modules/.bin/eslint .

# One process (pytest-xdist) per core and one more: a process waiting on a browser, a server or a
# subprocess leaves its core to the extra one; a second extra one finds no core free (the browser
# tests keep both busy). tests/conftest.py decides which process runs which test file.
TEST_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
test: setup lint system-browser system-tools system-java build
	TDA_REUSE_SITE=1 $(PY) -m pytest -q -n $(TEST_WORKERS) --durations=25

bench: setup
	$(PY) bench/build.py

clean:
	rm -rf site docs/generated build .pytest_cache .cache
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -exec rm -rf {} +
	rm -rf plugins/*.egg-info

distclean: clean
	rm -rf $(VENV) node_modules
