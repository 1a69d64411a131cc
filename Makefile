# One command runs the product (`make run`), one runs every test (`make test`).
# Needs only Go and Node: pnpm comes through npx when it is not installed.
SHELL := /bin/bash
PNPM_VERSION := 10.34.8
PNPM := $(shell command -v pnpm >/dev/null 2>&1 && echo pnpm || echo "npx -y pnpm@$(PNPM_VERSION)")
BIN := bin/bff
GOLANGCI_VERSION := v2.15.0
# The linter in PATH or in Go's bin folder when .ci/run installed it; otherwise built on the fly.
GOLANGCI := $(shell command -v golangci-lint 2>/dev/null || ls "$$(go env GOPATH)/bin/golangci-lint" 2>/dev/null || echo "go run github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_VERSION)")

.PHONY: run test deps build bff frontend portal test-go test-unit test-e2e lint bench clean contract check-contract check-coverage check-k8s fuzz

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
	$(GOLANGCI) run --allow-parallel-runners ./...
	$(MAKE) check-contract
	$(MAKE) check-coverage
	$(MAKE) check-k8s
	$(PNPM) --filter ./frontend typecheck
	$(PNPM) --filter ./frontend lint
	$(MAKE) test-go
	$(MAKE) test-unit
	$(PNPM) --filter ./frontend build
	node frontend/scripts/bundle-report.mjs  # fails when a first-load budget is exceeded
	$(PNPM) --filter portal build
	$(MAKE) bff
	$(MAKE) test-e2e

lint:
	$(GOLANGCI) run --allow-parallel-runners ./...

test-go:
	go test -count=1 -timeout 25m ./...

# Every Go fuzz target for its number of inputs (go test -fuzz takes one target per run). The seeds
# and the inputs worth keeping are committed under each package's testdata/fuzz and run by test-go
# too. Counts, not durations: Go before 1.27 can fail a -fuzztime=<duration> run with "context
# deadline exceeded" as the time runs out (go.dev/issue/75804); a count has no deadline. Each count
# is about 10 s of this project's CI machine. FUZZTIME=<duration> still overrides them all.
FUZZ_TARGETS := \
	bff/internal/platform/httpx:FuzzPageAndSort:100000x \
	bff/internal/platform/filter:FuzzFilters:200000x \
	bff/internal/platform/export:FuzzExportRequest:40000x \
	bff/internal/order:FuzzImportSheet:400x \
	bff/internal/attach:FuzzUploadNameAndType:10000x \
	bff/internal/platform/richtext:FuzzSanitize:150000x \
	bff/internal/auth:FuzzTokenParse:20000x \
	bff/internal/platform/config:FuzzLoad:5000x \
	bff/internal/contract/filled:FuzzText:20000x

fuzz:
	@listed=$$(for t in $(FUZZ_TARGETS); do n=$${t#*:}; echo "$${n%%:*}"; done | sort); \
	found=$$(grep -rhoE '^func Fuzz[A-Za-z0-9_]+' --include='*_test.go' bff | sed 's/^func //' | sort); \
	[ "$$listed" = "$$found" ] || { echo "FUZZ_TARGETS lists $$listed but the code has $$found"; exit 1; }
	@set -e; for t in $(FUZZ_TARGETS); do \
	  n=$${t#*:}; name=$${n%%:*}; budget=$${FUZZTIME:-$${t##*:}}; \
	  echo "== $$name ($$budget)"; \
	  go test -run '^$$' -fuzz "^$$name$$" -fuzztime $$budget ./$${t%%:*}; \
	done

test-unit:
	$(PNPM) --filter ./frontend test

test-e2e:
	BFF_BIN=$(CURDIR)/$(BIN) $(PNPM) --filter ./frontend e2e

# The contract between BFF and front end, generated from the Go types (bff/cmd/openapi): the
# OpenAPI document, the permission constants and, through openapi-typescript, the TS types.
CONTRACT_DOC := bff/api/openapi.json
CONTRACT_TS := frontend/src/shared/api

contract:
	go run ./bff/cmd/openapi -doc $(CONTRACT_DOC) -perms $(CONTRACT_TS)/permissions.ts
	$(PNPM) --filter ./frontend exec openapi-typescript $(CURDIR)/$(CONTRACT_DOC) -o $(CURDIR)/$(CONTRACT_TS)/schema.ts

# Fails when the committed contract is not what the code generates: run `make contract`.
check-contract:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	go run ./bff/cmd/openapi -doc "$$tmp/openapi.json" -perms "$$tmp/permissions.ts" && \
	$(PNPM) --filter ./frontend exec openapi-typescript "$$tmp/openapi.json" -o "$$tmp/schema.ts" >/dev/null && \
	diff -u $(CONTRACT_DOC) "$$tmp/openapi.json" && \
	diff -u $(CONTRACT_TS)/permissions.ts "$$tmp/permissions.ts" && \
	diff -u $(CONTRACT_TS)/schema.ts "$$tmp/schema.ts" || \
	{ echo "the API contract is out of date: run make contract and commit the result"; exit 1; }

# Fails when docs/spec-coverage.md names a file or test that does not exist (the checker's own
# test first, so a checker that finds everything fails too).
check-coverage:
	node --test frontend/scripts/spec-coverage.test.mjs
	node frontend/scripts/spec-coverage.mjs

# Validates deploy/k8s as kustomize renders it against the Kubernetes API (kubeconform, pinned in
# go.mod as a tool). kubeconform's own schemas come from GitHub, out of CI's reach, so
# bff/cmd/k8sschemas writes them from the k8s.io/kubernetes module (the Go module proxy serves it)
# into K8S_SCHEMAS and prints their -schema-location. Strict: a field the API does not know fails,
# and so does a kind without a schema (no -ignore-missing-schemas). pipefail: a kustomize error
# must not reach kubeconform as an empty, valid stream.
K8S_SCHEMAS := .cache/k8s-schemas
KUSTOMIZE_VERSION := v5.8.1
KUSTOMIZE := $(shell command -v kubectl >/dev/null 2>&1 && echo "kubectl kustomize" || echo "go run sigs.k8s.io/kustomize/kustomize/v5@$(KUSTOMIZE_VERSION) build")
check-k8s:
	set -o pipefail; loc=$$(go run ./bff/cmd/k8sschemas -out $(K8S_SCHEMAS)) && \
	$(KUSTOMIZE) deploy/k8s | go tool kubeconform -strict -summary -schema-location "$$loc" -

clean:
	rm -rf bin frontend/dist deploy/portal/dist .e2e $(K8S_SCHEMAS)
