#!/usr/bin/env bash
# Load test (docs/operations.md "Load test"): two BFF processes behind a private nginx on
# loopback, sessions in Redis (db $REDIS_DB), data in MariaDB database $LOAD_DB seeded by
# bff/cmd/benchseed with the demo data and $ORDERS orders; vegeta sends the mixed workload of
# bff/bench/loadmix at $RATE req/s for $DURATION; VmRSS of each instance is sampled every 10 s.
# Prints p50/p95/p99 and errors per request kind and memory before/after with its slope; exits
# non-zero on any error. Every process it starts is stopped by PID on exit.
# Overload: SHED_OK=yes counts 503s (requests the admission limit shed) apart instead of failing
# the run, and RECOVER_RATE=<req/s> RECOVER_DURATION=30s then attacks again at that lower rate and
# reports when the last request was shed or failed after the drop.
# PROFILE=yes writes a CPU profile of instance a during the attack to $OUT/cpu-a.pprof
# (go tool pprof -top bin/bff $OUT/cpu-a.pprof).
# Usage: RATE=2000 DURATION=10m ORDERS=100000 bash bff/bench/load.sh [path-to-bff-binary]
#        RATE=1000 DURATION=60s SHED_OK=yes RECOVER_RATE=300 RECOVER_DURATION=30s bash bff/bench/load.sh
set -euo pipefail
bin=${1:-bin/bff}
RATE=${RATE:-2000}
DURATION=${DURATION:-10m}
ORDERS=${ORDERS:-100000}
GOODS=${GOODS:-10000}
LOAD_DB=${LOAD_DB:-bffload}
RESEED=${RESEED:-auto} # auto: seed when the database is missing; yes: drop and seed again
MYSQL=${MYSQL:-root:@tcp(127.0.0.1:3306)/}
REDIS=${REDIS:-127.0.0.1:6379}
REDIS_DB=${REDIS_DB:-5}
SHED_OK=${SHED_OK:-no}
RECOVER_RATE=${RECOVER_RATE:-}
RECOVER_DURATION=${RECOVER_DURATION:-30s}
PROFILE=${PROFILE:-no}
pw=load-pass-1
vegeta=${VEGETA:-$(command -v vegeta || echo "$HOME/go/bin/vegeta")}
[ -x "$vegeta" ] || { echo "vegeta is not installed (go install github.com/tsenart/vegeta/v12@v12.13.0)" >&2; exit 1; }
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || { echo "nginx is not installed (apt-get install nginx-light)" >&2; exit 1; }
nginx=$(command -v nginx || echo /usr/sbin/nginx)
case $DURATION in *m) secs=$(( ${DURATION%m} * 60 ));; *s) secs=${DURATION%s};; *) echo "DURATION: 30s or 10m" >&2; exit 1;; esac

. "$(dirname "$0")/common.sh"
# nginx is sized by the raised descriptor limit: asking for more failed, and overload then
# ended in nginx 500s.
nofile=$(ulimit -n)
results bffload

go build -o "$out/loadmix" ./bff/bench/loadmix
go build -o "$out/benchseed" ./bff/cmd/benchseed
[ "$RESEED" = yes ] && "$out/benchseed" -dsn "$MYSQL" -db "$LOAD_DB" -drop
if [ "$RESEED" = yes ] || ! mysql -h127.0.0.1 -uroot -e "SELECT 1 FROM \`$LOAD_DB\`.orders LIMIT 1" >/dev/null 2>&1; then
  start=$(date +%s.%N)
  "$out/benchseed" -dsn "$MYSQL" -db "$LOAD_DB" -goods "$GOODS" -orders "$ORDERS" -password "$pw"
  echo "seeded $GOODS goods and $ORDERS orders in $(echo "$(date +%s.%N) - $start" | bc) s"
fi

pa=$(port); pb=$(port); plb=$(port); pma=$(port)
secret=$(head -c 24 /dev/urandom | base64)
for i in a b; do
  p=$pa; [ $i = b ] && p=$pb
  prof=(); [ "$PROFILE" = yes ] && [ $i = a ] && prof=(BFF_METRICS_ADDR=127.0.0.1:$pma BFF_PPROF=on)
  mkdir -p "$out/$i"
  env "${prof[@]}" BFF_ADDR=127.0.0.1:$p BFF_DATA_DIR=$out/$i BFF_DB="mysql://${MYSQL}$LOAD_DB" BFF_REDIS=redis://$REDIS/$REDIS_DB \
    BFF_JWT_SECRET="$secret$secret" BFF_CAPTCHA=off BFF_LOG_LEVEL=warn "$bin" >"$out/bff-$i.log" 2>&1 &
  pids+=($!)
  eval "pid_$i=$!"
done
mkdir -p "$out/nginx"
user=; [ "$(id -u)" = 0 ] && user="user root;"
cat >"$out/nginx/nginx.conf" <<EOF
$user
worker_processes 1;
worker_rlimit_nofile $nofile;
pid $out/nginx/nginx.pid;
error_log $out/nginx/error.log warn;
events { worker_connections $((nofile - 100)); }
http {
  access_log off;
  client_body_temp_path $out/nginx/body;
  proxy_temp_path $out/nginx/proxy;
  fastcgi_temp_path $out/nginx/fastcgi;
  uwsgi_temp_path $out/nginx/uwsgi;
  scgi_temp_path $out/nginx/scgi;
  upstream bff {
    server 127.0.0.1:$pa max_fails=1 fail_timeout=10s;
    server 127.0.0.1:$pb max_fails=1 fail_timeout=10s;
    keepalive 128;
  }
  server {
    listen 127.0.0.1:$plb;
    location / {
      proxy_pass http://bff;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_connect_timeout 2s;
    }
  }
}
EOF
"$nginx" -p "$out/nginx" -c "$out/nginx/nginx.conf" -g 'daemon off;' 2>"$out/nginx/stderr.log" &
pids+=($!)
base=http://127.0.0.1:$plb
for p in $pa $pb $plb; do
  for _ in $(seq 1 300); do curl -sf "http://127.0.0.1:$p/healthz" >/dev/null && break; sleep 0.1; done
  curl -sf "http://127.0.0.1:$p/healthz" >/dev/null || { echo "127.0.0.1:$p did not come up (logs in $out)" >&2; exit 1; }
done

# Memory of each instance every 10 s, from before the first request to after the last.
echo "unix,instance,pid,vmrss_kb" >"$out/rss.csv"
sample() { for i in a b; do eval "p=\$pid_$i"; echo "$(date +%s),$i,$p,$(awk '/^VmRSS/{print $2}' /proc/"$p"/status 2>/dev/null)"; done >>"$out/rss.csv"; }
( for _ in $(seq 1 $((secs / 10 + 30))); do sample; sleep 10; done ) &
sampler=$!
pids+=($sampler)
sleep 1

# CPU seconds (user + system) each server process spends during the attack: with the request
# count this gives the CPU cost of a request, and so the rate a machine's cores can carry.
servers() { echo "bff-a:$pid_a bff-b:$pid_b nginx:$(pgrep -P "$(cat "$out/nginx/nginx.pid")" | head -1) mariadbd:$(pgrep -o mariadbd) redis:$(pgrep -o redis-server)"; }
n=$((RATE * secs))
# The sessions sign in (a bcrypt each) before vegeta's clock starts: signed in inside the attack,
# they held the first second's requests back and vegeta then sent them all at once.
"$out/loadmix" prepare -base "$base" -dsn "${MYSQL}$LOAD_DB" -password "$pw" -n "$n" >"$out/state.json"
cpu_before=$(for s in $(servers); do echo "${s%%:*}:$(ticks "${s#*:}")"; done)
times >"$out/times-before.txt"
attack_start=$(date -u '+%F %T')

if [ "$PROFILE" = yes ]; then
  curl -sf -o "$out/cpu-a.pprof" "http://127.0.0.1:$pma/debug/pprof/profile?seconds=$((secs > 3 ? secs - 2 : 1))" &
  pids+=($!)
fi
echo "attack: $RATE req/s for $DURATION ($n requests) on $base"
set +o pipefail
"$out/loadmix" targets -base "$base" -state "$out/state.json" -n "$n" |
  "$vegeta" attack -lazy -format=json -rate="$RATE/s" -duration="$DURATION" -max-body=300 -timeout=30s >"$out/results.bin"
st=("${PIPESTATUS[@]}")
set -o pipefail
times >"$out/times-after.txt"
hz=$(getconf CLK_TCK)
{
  echo "CPU seconds during the attack ($n requests):"
  for s in $(servers); do
    name=${s%%:*}
    before=$(echo "$cpu_before" | awk -F: -v n="$name" '$1 == n {print $2}')
    echo "$name $(( $(ticks "${s#*:}") - ${before:-0} ))" | awk -v hz="$hz" -v n="$n" '{printf "  %-9s %7.1f s  %6.3f ms/request\n", $1, $2 / hz, 1000 * $2 / hz / n}'
  done
  echo "$(childcpu "$out/times-before.txt") $(childcpu "$out/times-after.txt")" |
    awk -v n="$n" '{d = $2 - $1; printf "  %-9s %7.1f s  %6.3f ms/request\n", "client", d, 1000 * d / n}'
} | awk '{print} $3 == "s" {t += $2} END {printf "  %-9s %7.1f s  %6.3f ms/request: one core carries about %d req/s of this mix\n", "all", t, 1000 * t / '"$n"', '"$n"' / t}' | tee "$out/cpu.txt"
# Scheduled jobs (定时任务) ran beside the requests: their database time is in MariaDB's CPU above.
mysql -h127.0.0.1 -uroot -N -e "SELECT name, COUNT(*), SUM(duration_ms), SUM(\`rows\`) FROM \`$LOAD_DB\`.job_runs
  WHERE start_time >= '$attack_start' GROUP BY name ORDER BY 3 DESC" 2>/dev/null |
  awk 'BEGIN {print "jobs run during the attack (their database work is in mariadbd above):"} {printf "  %-24s %3d runs %8.1f s %6d rows\n", $1, $2, $3 / 1000, $4} END {if (NR == 0) print "  none"}' | tee -a "$out/cpu.txt"
[ "${st[0]}" = 0 ] && [ "${st[1]}" = 0 ] || { echo "targets exited ${st[0]}, vegeta ${st[1]}" >&2; exit 1; }
sleep 10
sample
kill "$sampler" 2>/dev/null || true
"$vegeta" report <"$out/results.bin" | tee "$out/vegeta-report.txt"
shed=(); [ "$SHED_OK" = yes ] && shed=(-shed-ok)
set +o pipefail
"$vegeta" encode -to json <"$out/results.bin" | "$out/loadmix" report "${shed[@]}" -rss "$out/rss.csv" | tee "$out/report.txt"
rc=${PIPESTATUS[1]}
set -o pipefail
if [ -n "$RECOVER_RATE" ]; then
  case $RECOVER_DURATION in *m) rsecs=$(( ${RECOVER_DURATION%m} * 60 ));; *s) rsecs=${RECOVER_DURATION%s};; esac
  echo "after the drop: $RECOVER_RATE req/s for $RECOVER_DURATION"
  "$out/loadmix" prepare -base "$base" -dsn "${MYSQL}$LOAD_DB" -password "$pw" -n $((RECOVER_RATE * rsecs)) >"$out/recover-state.json"
  "$out/loadmix" targets -base "$base" -state "$out/recover-state.json" -n $((RECOVER_RATE * rsecs)) |
    "$vegeta" attack -lazy -format=json -rate="$RECOVER_RATE/s" -duration="$RECOVER_DURATION" -max-body=300 -timeout=30s >"$out/recover.bin"
  set +o pipefail
  "$vegeta" encode -to json <"$out/recover.bin" | "$out/loadmix" report -shed-ok -rss "$out/rss.csv" | tee "$out/recover.txt"
  [ "${PIPESTATUS[1]}" = 0 ] || rc=1
  set -o pipefail
fi
exit "$rc"
