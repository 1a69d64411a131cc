# One command runs the product (`make run`), one runs every test (`make test`).
# Needs only Go and Node: pnpm comes through npx when it is not installed.
SHELL := /bin/bash
PNPM_VERSION := 10.34.8
PNPM := $(shell command -v pnpm >/dev/null 2>&1 && echo pnpm || echo "npx -y pnpm@$(PNPM_VERSION)")
BIN := bin/bff

.PHONY: run test deps build bff frontend portal test-go test-unit test-e2e bench clean

deps:
	$(PNPM) install --frozen-lockfile
	go mod download

frontend: deps
	$(PNPM) --filter ./frontend build

portal: deps
	$(PNPM) --filter portal build

bff:
	go build -trimpath -o $(BIN) ./bff/cmd/bff

build: frontend bff

# Runs the BFF on SQLite (./data) with demo data and the built front end.
run: build
	BFF_DEMO=on BFF_STATIC_DIR=frontend/dist ./$(BIN)

test: deps
	go vet ./...
	$(PNPM) --filter ./frontend typecheck
	$(MAKE) test-go
	$(MAKE) test-unit
	$(PNPM) --filter ./frontend build
	node frontend/scripts/bundle-report.mjs  # fails when a first-load budget is exceeded
	$(PNPM) --filter portal build
	$(MAKE) bff
	$(MAKE) test-e2e

test-go:
	go test -count=1 ./...

test-unit:
	$(PNPM) --filter ./frontend test

test-e2e:
	BFF_BIN=$(CURDIR)/$(BIN) $(PNPM) --filter ./frontend e2e

clean:
	rm -rf bin frontend/dist deploy/portal/dist .e2e
