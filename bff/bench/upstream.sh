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
"$data/origin" -addr "127.0.0.1:$oport" >/dev/null & origin=$!; pids+=($origin)
BFF_DATA_DIR=$data BFF_ADDR=127.0.0.1:$port BFF_DEMO=on BFF_CAPTCHA=off BFF_DEMO_PASSWORD=$pw BFF_LOG_LEVEL=warn \
  BFF_UPSTREAMS="/api/legacy=http://127.0.0.1:$oport" BFF_UPSTREAM_SECRET=$(head -c 32 /dev/urandom | base64) \
  "$bin" >/dev/null 2>&1 & bff=$!; pids+=($bff)
for _ in $(seq 1 500); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && curl -sf "http://127.0.0.1:$oport/api/legacy/json" >/dev/null && break; sleep 0.01; done
token=$(curl -sf -X POST "http://127.0.0.1:$port/api/auth/login" \
  --data-urlencode username=staff --data-urlencode "password=$pw" | sed 's/.*"token":"\([^"]*\)".*/\1/')

cpu() { # CPU ticks (1/100 s) the process has used
  awk '{print $14 + $15}' "/proc/$1/stat"
}
run() { # name url [header [pid...]]: hey's figures, and each pid's CPU time per request
  local name=$1 url=$2 hdr=${3:-} out n p
  shift $(( $# < 3 ? $# : 3 ))
  declare -A t0
  for p in "$@"; do t0[$p]=$(cpu "$p"); done
  out=$("$hey" -c 32 -z 10s ${hdr:+-H "$hdr"} "$url")
  n=$(awk '/\[200\]/ {print $2}' <<<"$out")
  printf '%-8s %s req/s, p50 %s s, p99 %s s' "$name" \
    "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" \
    "$(awk '/50%+ in/ {print $3}' <<<"$out")" "$(awk '/99%+ in/ {print $3}' <<<"$out")"
  for p in "$@"; do printf ', CPU of pid %s: %s µs/request' "$p" $(( ($(cpu "$p") - t0[$p]) * 10000 / n )); done
  echo
  grep -E '^\s*\[[0-9]+\]' <<<"$out" | sed 's/^/         /'
  # One connection: the latency the proxy adds when nothing queues.
  out=$("$hey" -c 1 -n 2000 ${hdr:+-H "$hdr"} "$url")
  printf '%-8s one connection: p50 %s s\n' "$name" "$(awk '/50%+ in/ {print $3}' <<<"$out")"
}
run direct "http://127.0.0.1:$oport/api/legacy/json" "" "$origin"
run proxied "http://127.0.0.1:$port/api/legacy/json" "Authorization: $token" "$bff" "$origin"

echo "BFF RSS before the download: $(( $(awk '/VmRSS/ {print $2}' /proc/$bff/status) / 1024 )) MB"
# The peak so far is the load run's; start the download's own peak from here (5 resets VmHWM).
echo 5 > "/proc/$bff/clear_refs"
t0=$(date +%s%N)
bytes=$(curl -sf -H "Authorization: $token" "http://127.0.0.1:$port/api/legacy/big?n=$((1 << 30))" | wc -c)
t1=$(date +%s%N)
echo "1 GB through the proxy: $bytes bytes in $(( (t1 - t0) / 1000000 )) ms; BFF peak RSS (VmHWM) $(( $(awk '/VmHWM/ {print $2}' /proc/$bff/status) / 1024 )) MB"

# The same comparison with a backend that does a real request's work: a second BFF in the origin
# role (it trusts the edge's identity JWT) serving a dictionary page from its database, called
# directly with its own session and through the edge.
osecret=$(head -c 32 /dev/urandom | base64)
o2port=$((port + 1)); eport=$((port + 2))
mkdir -p "$data/o2" "$data/e2"
BFF_ADMIN_PASSWORD=$pw BFF_DATA_DIR=$data/o2 BFF_ADDR=127.0.0.1:$o2port BFF_DEMO=on BFF_CAPTCHA=off BFF_DEMO_PASSWORD=$pw BFF_LOG_LEVEL=warn \
  BFF_TRUST_EDGE_SECRET=$osecret "$bin" >/dev/null 2>&1 & o2=$!; pids+=($o2)
BFF_ADMIN_PASSWORD=$pw BFF_DATA_DIR=$data/e2 BFF_ADDR=127.0.0.1:$eport BFF_DEMO=on BFF_CAPTCHA=off BFF_DEMO_PASSWORD=$pw BFF_LOG_LEVEL=warn \
  BFF_UPSTREAMS="/api/dict=http://127.0.0.1:$o2port|replace" BFF_UPSTREAM_SECRET=$osecret "$bin" >/dev/null 2>&1 & e2=$!; pids+=($e2)
for _ in $(seq 1 500); do curl -sf "http://127.0.0.1:$o2port/healthz" >/dev/null && curl -sf "http://127.0.0.1:$eport/healthz" >/dev/null && break; sleep 0.01; done
login() { curl -sf -X POST "http://127.0.0.1:$1/api/auth/login" --data-urlencode username=admin --data-urlencode "password=$pw" | sed 's/.*"token":"\([^"]*\)".*/\1/'; }
otoken=$(login "$o2port"); etoken=$(login "$eport")
q='/api/dict?page=0&size=10&sort=id,asc'
echo "dictionary page: $(curl -sf -H "Authorization: $otoken" "http://127.0.0.1:$o2port$q" | wc -c) bytes"
run origin "http://127.0.0.1:$o2port$q" "Authorization: $otoken" "$o2"
run edge "http://127.0.0.1:$eport$q" "Authorization: $etoken" "$e2" "$o2"
