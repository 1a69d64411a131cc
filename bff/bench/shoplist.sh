#!/usr/bin/env bash
# Goods and order list figures on MariaDB at a million rows (docs/figures.md): p95 of one client
# (hey -n 400 -c 1) and req/s at 32 connections (hey -z 10s -c 32), loopback, for page 0 and
# page 500 of 20 rows. Fill the database first with bff/cmd/benchseed (database "bench"); this
# starts its own BFF on it (no demo data, captcha off) and stops it by PID.
# Usage: bash bff/bench/shoplist.sh [path-to-bff-binary]
set -euo pipefail
bin=${1:-bin/bff}
db=${BENCH_DB:-bench}
pw=${BENCH_PASSWORD:-bench-pass-1}
hey=${HEY:-$(command -v hey || echo "$HOME/go/bin/hey")}
[ -x "$hey" ] || { echo "hey is not installed (go install github.com/rakyll/hey@latest)" >&2; exit 1; }
data=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
export BFF_DB="mysql://root:@tcp(127.0.0.1:3306)/$db" BFF_ADDR=127.0.0.1:$port BFF_CAPTCHA=off BFF_DATA_DIR=$data
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$data"; }
trap cleanup EXIT
"$bin" >/dev/null 2>&1 & pid=$!
for _ in $(seq 1 1000); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.01; done
token=$(curl -sf -X POST "http://127.0.0.1:$port/api/auth/login" \
  --data-urlencode username=admin --data-urlencode "password=$pw" | sed 's/.*"token":"\([^"]*\)".*/\1/')
from=$(date -u -d '90 days ago' +%F)
to=$(date -u +%F)
base="http://127.0.0.1:$port"
run() { # name, path
  local first
  first=$(curl -s -o /dev/null -w '%{time_total}' -H "Authorization: $token" "$base$2")
  echo "== $1 ($2)"
  echo "   first request (count not yet remembered): ${first} s"
  "$hey" -n 400 -c 1 -H "Authorization: $token" "$base$2" | grep -E 'Requests/sec|Average|95%|Status code' -A0 | sed 's/^/   1 client: /'
  "$hey" -z 10s -c 32 -H "Authorization: $token" "$base$2" | grep -E 'Requests/sec|95%|\[200\]|\[[45]' | sed 's/^/   32 conns: /'
}
goods="category=digital&status=on_sale&startTime=$from&endTime=$to&sort=price,asc"
run "goods page 0" "/api/goods?page=0&size=20&$goods"
run "goods page 500" "/api/goods?page=500&size=20&$goods"
orders="status=completed&startTime=$from&endTime=$to"
run "orders page 0" "/api/orders?page=0&size=20&$orders"
run "orders page 500" "/api/orders?page=500&size=20&$orders"
run "orders by phone prefix" "/api/orders?page=0&size=20&phone=1380"
run "order tabs" "/api/orders/counts?startTime=$from&endTime=$to"
