# Marquee — the commands a newcomer needs. `make run` and `make test` install what they need.
SHELL := /bin/bash
NPM ?= npm

# The runtime: Node.js 24 LTS. When the machine's own `node` is older, the pinned release is
# installed from the npm registry (the `node` package ships the binary and its headers) into
# .runtime/ and used for install, run, test and bench alike.
NODE_MAJOR := 24
NODE_VERSION := 24.21.0
RUNTIME_DIR := $(CURDIR)/.runtime
SYSTEM_NODE_OK := $(shell node -e 'process.exit(+process.versions.node.split(".")[0] >= $(NODE_MAJOR) ? 0 : 1)' >/dev/null 2>&1 && echo yes)
ifeq ($(SYSTEM_NODE_OK),yes)
RUNTIME :=
else
RUNTIME := $(RUNTIME_DIR)/.node-$(NODE_VERSION)
export PATH := $(RUNTIME_DIR)/node_modules/.bin:$(PATH)
# Native addons that build from source compile against the runtime's own headers.
export npm_config_nodedir = $(firstword $(wildcard $(RUNTIME_DIR)/node_modules/node/node_modules/node-*-*))
endif

.PHONY: install build runtime browser wrk audit run test test-only mcp-conformance generate generate-check lint typecheck bench migrate seed clean

runtime: $(RUNTIME)

$(RUNTIME_DIR)/.node-$(NODE_VERSION):
	@echo "Installing Node.js $(NODE_VERSION) into .runtime/ (this machine has $$(node --version 2>/dev/null || echo no node))"
	rm -rf $(RUNTIME_DIR) && mkdir -p $(RUNTIME_DIR)
	@# The package's install script fetches the platform's binary package from the same registry.
	@echo '{ "private": true, "allowScripts": { "node": true } }' > $(RUNTIME_DIR)/package.json
	$(NPM) install --prefix $(RUNTIME_DIR) --no-save --no-package-lock --no-audit --no-fund node@$(NODE_VERSION)
	@$(RUNTIME_DIR)/node_modules/.bin/node --version
	@touch $@

node_modules/.package-lock.json: package.json package-lock.json $(RUNTIME)
	@echo "Installing dependencies (npm install). The SQLite driver (better-sqlite3) ships prebuilt binaries"
	@echo "for Linux, macOS and Windows on x64 and arm64; on any other platform npm compiles it from source,"
	@echo "which takes a few minutes with no output: that is not a hang."
	$(NPM) install --no-audit --no-fund
	@touch $@

install: node_modules/.package-lock.json

# The production build: src/ and seeds/ compiled to JavaScript under dist/ (`npm start` runs it),
# remade when a source is newer than the last build.
BUILD_INPUTS := $(shell find src seeds -type f 2>/dev/null) tsconfig.json tsconfig.build.json codegen/build.mjs
dist/package.json: $(BUILD_INPUTS) node_modules/.package-lock.json
	$(NPM) run build

build: dist/package.json

# The browser tests (tests/browser) drive Debian's Chromium through playwright-core, which
# downloads no browser of its own. Installed once, as root (or through sudo), when missing.
CHROMIUM := /usr/bin/chromium
APT_AS_ROOT := $(if $(filter 0,$(shell id -u)),,sudo)
browser:
	@if test -x $(CHROMIUM); then echo "Chromium for the browser tests: $(CHROMIUM)"; else \
	  echo "Chromium for the browser tests is missing: installing Debian's chromium package (apt-get update && apt-get install -y chromium)"; \
	  $(APT_AS_ROOT) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(APT_AS_ROOT) apt-get install -y -q chromium && \
	  test -x $(CHROMIUM) && echo "Installed: $$($(CHROMIUM) --version)"; fi

## Install, build (when a source changed), migrate, load demo data on first start, and serve on http://localhost:3000
run: install build
	@echo "Node.js $$(node --version)"
	$(NPM) start

## Install and run every check: generated code in sync, contract lint, types, all tests (with
## the browser tests in Debian's Chromium), and the MCP conformance suite against /mcp
test: install browser generate-check lint typecheck test-only mcp-conformance

test-only: install browser
	$(NPM) test

## The MCP conformance suite's server scenarios against a demo-data Marquee's hosted /mcp
mcp-conformance: install
	$(NPM) run test:mcp-conformance

generate: install
	$(NPM) run generate

generate-check: install
	$(NPM) run generate:check

lint: install
	$(NPM) run lint

typecheck: install
	$(NPM) run typecheck

# The HTTP benchmark's load generator runs in its own process: Debian's wrk, installed once when missing.
WRK := /usr/bin/wrk
wrk:
	@if test -x $(WRK); then echo "Load generator for the benchmarks: $(WRK)"; else \
	  echo "wrk is missing: installing Debian's wrk package (apt-get update && apt-get install -y wrk)"; \
	  $(APT_AS_ROOT) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(APT_AS_ROOT) apt-get install -y -q wrk && \
	  test -x $(WRK) && echo "Installed: $(WRK)"; fi

## Lighthouse (mobile) in Debian's Chromium against the production build with demo data: the
## discovery page, an event page and a community page (goal: 95 in each category)
audit: install build browser
	CHROME_PATH=$(CHROMIUM) node --import ./bin/node24.mjs --import tsx bench/audit.ts

## Benchmarks on the embedded SQLite default, then on PostgreSQL when BENCH_DATABASE_URL
## (default: a local server's `test` database) answers, with Redis for the rate limits when
## BENCH_REDIS_URL (default: a local server) answers
BENCH_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test
BENCH_REDIS_URL ?= redis://127.0.0.1:6379
bench: install build wrk browser
	$(NPM) run bench
	node --import tsx bench/startup.ts
	@if node -e "const c=new (require('pg').Client)(process.argv[1]);c.connect().then(()=>c.end(),()=>process.exit(1))" '$(BENCH_DATABASE_URL)'; then \
	  if node -e "const u=new URL(process.argv[1]);require('net').connect(Number(u.port||6379),u.hostname).on('connect',function(){this.end()}).on('error',()=>process.exit(1))" '$(BENCH_REDIS_URL)'; then \
	    DATABASE_URL='$(BENCH_DATABASE_URL)' REDIS_URL='$(BENCH_REDIS_URL)' $(NPM) run bench; \
	  else echo "Redis at BENCH_REDIS_URL is not reachable: PostgreSQL run with in-memory rate limits"; DATABASE_URL='$(BENCH_DATABASE_URL)' $(NPM) run bench; fi; \
	else echo "PostgreSQL at BENCH_DATABASE_URL is not reachable: PostgreSQL run skipped"; fi
	$(MAKE) --no-print-directory audit

migrate: install
	$(NPM) run migrate

seed: install
	$(NPM) run seed

clean:
	rm -rf data dist node_modules .runtime
