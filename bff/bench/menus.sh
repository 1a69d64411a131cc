#!/usr/bin/env bash
# Load figures of issue 2 on loopback: start-to-ready, idle RSS, and /api/menus/build req/s with wrk
# (2 threads, 32 connections, 10 s). Starts its own BFF on a temp SQLite database and stops it by PID.
# Then the administrator's tree side by side with a bare echo server (bff/bench/bareecho) serving
# the same bytes, three rounds each in turn: the BFF's share of what echo itself serves here.
# Usage: bash bff/bench/menus.sh [path-to-bff-binary]
set -euo pipefail
bin=${1:-bin/bff}
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 1; }
data=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
pw=$(head -c 12 /dev/urandom | base64 | tr -d '/+=')
export BFF_DATA_DIR=$data BFF_ADDR=127.0.0.1:$port BFF_DEMO=on BFF_CAPTCHA=off BFF_DEMO_PASSWORD=$pw BFF_ADMIN_PASSWORD=$pw
pid=
bare=
cleanup() { for p in $pid $bare; do kill "$p" 2>/dev/null; done; wait 2>/dev/null; rm -rf "$data"; }
trap cleanup EXIT

start() { # starts the BFF; sets pid and ms (milliseconds until /healthz answers)
  local t0 t1
  t0=$(date +%s%N)
  "$bin" >/dev/null 2>&1 & pid=$!
  for _ in $(seq 1 500); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.005; done
  t1=$(date +%s%N)
  ms=$(( (t1 - t0) / 1000000 ))
}
start; echo "start to ready, new database:      $ms ms"
kill "$pid"; wait "$pid" 2>/dev/null || true
start; echo "start to ready, existing database: $ms ms"
sleep 1
echo "idle RSS:                          $(( $(awk '/VmRSS/ {print $2}' /proc/$pid/status) / 1024 )) MB"

token=$(curl -sf -X POST "http://127.0.0.1:$port/api/auth/login" \
  --data-urlencode username=staff --data-urlencode "password=$pw" | sed 's/.*"token":"\([^"]*\)".*/\1/')
script=$(mktemp)
printf 'wrk.headers["Authorization"] = "%s"\n' "$token" > "$script"
wrk -t2 -c32 -d10s -s "$script" "http://127.0.0.1:$port/api/menus/build" | grep -E 'Requests/sec|Latency|requests in'
echo "RSS after load:                    $(( $(awk '/VmRSS/ {print $2}' /proc/$pid/status) / 1024 )) MB"

# The administrator's tree (every page) against echo serving the same bytes.
token=$(curl -sf -X POST "http://127.0.0.1:$port/api/auth/login" \
  --data-urlencode username=admin --data-urlencode "password=$pw" | sed 's/.*"token":"\([^"]*\)".*/\1/')
curl -sf -H "Authorization: $token" "http://127.0.0.1:$port/api/menus/build" >"$data/menus.json"
go build -o "$data/bareecho" ./bff/bench/bareecho
bport=$((port + 1))
"$data/bareecho" -addr "127.0.0.1:$bport" -body "$data/menus.json" & bare=$!
for _ in $(seq 1 200); do curl -sf -o /dev/null "http://127.0.0.1:$bport/api/menus/build" && break; sleep 0.01; done
printf 'wrk.headers["Authorization"] = "%s"\n' "$token" > "$script"
rps() { wrk -t2 -c32 -d10s "$@" | awk '/Requests\/sec/ {print $2}'; }
echo "admin tree ($(wc -c <"$data/menus.json") bytes), req/s, three rounds in turn:"
for round in 1 2 3; do
  b=$(rps -s "$script" "http://127.0.0.1:$port/api/menus/build")
  e=$(rps "http://127.0.0.1:$bport/api/menus/build")
  echo "  round $round: BFF $b, bare echo $e, share $(echo "$b $e" | awk '{printf "%.2f", $1 / $2}')"
done
rm -f "$script"
