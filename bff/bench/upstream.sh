#!/usr/bin/env bash
# Upstream-mode figures on loopback (docs/figures.md): a proxied GET of a 2 kB JSON against the
# same backend called directly (hey, 32 connections, 10 s each), and the BFF's peak RSS while a
# 1 GB download streams through it. Starts its own backend and BFF and stops them by PID.
# Usage: bash bff/bench/upstream.sh [path-to-bff-binary]
set -euo pipefail
bin=${1:-bin/bff}
hey=$(command -v hey || echo "$(go env GOPATH)/bin/hey")
[ -x "$hey" ] || { echo "hey is not installed (go install github.com/rakyll/hey@latest)" >&2; exit 1; }
data=$(mktemp -d)
oport=$((20000 + RANDOM % 20000)); port=$((oport + 1))
pw=$(head -c 12 /dev/urandom | base64 | tr -d '/+=')
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null; rm -rf "$data"; }
trap cleanup EXIT

go build -o "$data/origin" ./bff/cmd/upstreambench
"$data/origin" -addr "127.0.0.1:$oport" >/dev/null & pids+=($!)
BFF_DATA_DIR=$data BFF_ADDR=127.0.0.1:$port BFF_DEMO=on BFF_CAPTCHA=off BFF_DEMO_PASSWORD=$pw BFF_LOG_LEVEL=warn \
  BFF_UPSTREAMS="/api/legacy=http://127.0.0.1:$oport" BFF_UPSTREAM_SECRET=$(head -c 32 /dev/urandom | base64) \
  "$bin" >/dev/null 2>&1 & bff=$!; pids+=($bff)
for _ in $(seq 1 500); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && curl -sf "http://127.0.0.1:$oport/api/legacy/json" >/dev/null && break; sleep 0.01; done
token=$(curl -sf -X POST "http://127.0.0.1:$port/api/auth/login" \
  --data-urlencode username=staff --data-urlencode "password=$pw" | sed 's/.*"token":"\([^"]*\)".*/\1/')

run() { # name url [header]
  local out
  out=$("$hey" -c 32 -z 10s ${3:+-H "$3"} "$2")
  printf '%-8s %s req/s, p50 %s s, p99 %s s\n' "$1" \
    "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" \
    "$(awk '/50%+ in/ {print $3}' <<<"$out")" "$(awk '/99%+ in/ {print $3}' <<<"$out")"
  grep -E '^\s*\[[0-9]+\]' <<<"$out" | sed 's/^/         /'
}
run direct "http://127.0.0.1:$oport/api/legacy/json"
run proxied "http://127.0.0.1:$port/api/legacy/json" "Authorization: $token"

echo "BFF RSS before the download: $(( $(awk '/VmRSS/ {print $2}' /proc/$bff/status) / 1024 )) MB"
t0=$(date +%s%N)
bytes=$(curl -sf -H "Authorization: $token" "http://127.0.0.1:$port/api/legacy/big?n=$((1 << 30))" | wc -c)
t1=$(date +%s%N)
echo "1 GB through the proxy: $bytes bytes in $(( (t1 - t0) / 1000000 )) ms; BFF peak RSS (VmHWM) $(( $(awk '/VmHWM/ {print $2}' /proc/$bff/status) / 1024 )) MB"
