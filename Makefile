# Marquee — the commands a newcomer needs. `make run` and `make test` install what they need.
SHELL := /bin/bash
NPM ?= npm

.PHONY: install run test test-only generate generate-check lint typecheck bench migrate seed clean

node_modules/.package-lock.json: package.json package-lock.json
	$(NPM) install --no-audit --no-fund
	@touch $@

install: node_modules/.package-lock.json

## Install, migrate, load demo data on first start, and serve on http://localhost:3000
run: install
	$(NPM) start

## Install and run every check: generated code in sync, contract lint, types, all tests
test: install generate-check lint typecheck test-only

test-only: install
	$(NPM) test

generate: install
	$(NPM) run generate

generate-check: install
	$(NPM) run generate:check

lint: install
	$(NPM) run lint

typecheck: install
	$(NPM) run typecheck

## Benchmarks on the embedded SQLite default, then on PostgreSQL when BENCH_DATABASE_URL
## (default: a local server's `test` database) answers
BENCH_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test
bench: install
	$(NPM) run bench
	@if node -e "const c=new (require('pg').Client)(process.argv[1]);c.connect().then(()=>c.end(),()=>process.exit(1))" '$(BENCH_DATABASE_URL)'; then \
	  DATABASE_URL='$(BENCH_DATABASE_URL)' $(NPM) run bench; \
	else echo "PostgreSQL at BENCH_DATABASE_URL is not reachable: PostgreSQL run skipped"; fi

migrate: install
	$(NPM) run migrate

seed: install
	$(NPM) run seed

clean:
	rm -rf data node_modules
