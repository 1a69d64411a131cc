#!/usr/bin/env bash
# The floor under a load test (docs/operations.md "The floor"): two bare echo servers
# (bff/bench/bareecho -any, every request answered with SIZE bytes, no session, no database)
# in the BFFs' place behind the same nginx, sent the same mix's targets at the same rate by the
# same generator. What those processes cost per request is what a Go HTTP server that does
# nothing costs at this rate on this machine; load.sh's figure for the BFFs minus it is their
# own work. Takes a finished load.sh results folder (its state.json, loadmix and nginx.conf).
# Usage: RATE=200 DURATION=60s bash bff/bench/floor.sh /tmp/bffload.XXXXXX
set -euo pipefail
src=${1:?usage: floor.sh LOAD_RESULTS_DIR}
RATE=${RATE:-200}
DURATION=${DURATION:-60s}
SIZE=${SIZE:-3300} # the mix's mean answer, from the answers' sizes by kind and share (docs/figures.md)
vegeta=${VEGETA:-$(command -v vegeta || echo "$HOME/go/bin/vegeta")}
nginx=$(command -v nginx || echo /usr/sbin/nginx)
case $DURATION in *m) secs=$(( ${DURATION%m} * 60 ));; *s) secs=${DURATION%s};; *) echo "DURATION: 30s or 10m" >&2; exit 1;; esac
[ -f "$src/state.json" ] && [ -x "$src/loadmix" ] || { echo "$src is not a load.sh results folder" >&2; exit 1; }
. "$(dirname "$0")/common.sh"
results bfffloor
mkdir -p "$out/nginx"

go build -o "$out/bareecho" ./bff/bench/bareecho
head -c "$SIZE" /dev/zero | tr '\0' x | sed 's/^/"/; s/$/"/' >"$out/body.json"
pa=$(port); pb=$(port); plb=$(port)
"$out/bareecho" -any -addr 127.0.0.1:$pa -body "$out/body.json" & pids+=($!); pid_a=$!
"$out/bareecho" -any -addr 127.0.0.1:$pb -body "$out/body.json" & pids+=($!); pid_b=$!
# load.sh's nginx.conf with its paths, upstream servers and listen port replaced.
awk -v src="$src" -v out="$out" -v pa=$pa -v pb=$pb -v plb=$plb '
  { gsub(src, out) }
  /^ *server 127\.0\.0\.1:[0-9]+ / { n++; sub(/127\.0\.0\.1:[0-9]+/, "127.0.0.1:" (n == 1 ? pa : pb)) }
  /^ *listen 127\.0\.0\.1:[0-9]+;/ { sub(/127\.0\.0\.1:[0-9]+/, "127.0.0.1:" plb) }
  { print }' "$src/nginx/nginx.conf" >"$out/nginx/nginx.conf"
"$nginx" -p "$out/nginx" -c "$out/nginx/nginx.conf" -g 'daemon off;' 2>"$out/nginx/stderr.log" & pids+=($!)
for p in $pa $pb $plb; do
  for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$p/healthz" && break; sleep 0.1; done
done
curl -sf -o /dev/null "http://127.0.0.1:$plb/healthz" || { echo "nginx did not come up ($out)" >&2; exit 1; }

worker=$(pgrep -P "$(cat "$out/nginx/nginx.pid")" | head -1)
n=$((RATE * secs))
before="$(ticks $pid_a) $(ticks $pid_b) $(ticks "$worker")"
times >"$out/times-before.txt"
echo "attack: $RATE req/s for $DURATION ($n requests) on http://127.0.0.1:$plb"
"$src/loadmix" targets -base "http://127.0.0.1:$plb" -state "$src/state.json" -n "$n" |
  "$vegeta" attack -lazy -format=json -rate="$RATE/s" -duration="$DURATION" -max-body=300 -timeout=30s >"$out/results.bin"
times >"$out/times-after.txt"
after="$(ticks $pid_a) $(ticks $pid_b) $(ticks "$worker")"
echo "$before $after $(childcpu "$out/times-before.txt") $(childcpu "$out/times-after.txt")" |
  awk -v hz="$(getconf CLK_TCK)" -v n="$n" '{
    a = ($4 - $1) / hz; b = ($5 - $2) / hz; x = ($6 - $3) / hz; c = $8 - $7
    printf "CPU seconds during the attack (%d requests):\n", n
    printf "  %-9s %7.1f s  %6.3f ms/request\n", "bare-a", a, 1000 * a / n
    printf "  %-9s %7.1f s  %6.3f ms/request\n", "bare-b", b, 1000 * b / n
    printf "  %-9s %7.1f s  %6.3f ms/request\n", "nginx", x, 1000 * x / n
    printf "  %-9s %7.1f s  %6.3f ms/request\n", "client", c, 1000 * c / n
  }' | tee "$out/cpu.txt"
"$vegeta" report <"$out/results.bin" | tee "$out/vegeta-report.txt"
