#!/usr/bin/env bash
# Live messages across instances (docs/notifications.md, figures in docs/figures.md): two BFF
# processes on MariaDB database $EVENTS_DB (made anew) and Redis, nginx in front of instance B
# with the stream's settings from deploy/nginx. eventlat pays $EVENTS storefront orders on A and
# times each 待发货 message arriving on a stream opened through nginx to B; then holds $STREAMS
# idle streams on B and samples B's RSS and CPU. Every process it starts is stopped by PID.
# Usage: EVENTS=1000 STREAMS=1000 bash bff/bench/events.sh [path-to-bff-binary]
set -euo pipefail
bin=${1:-bin/bff}
EVENTS=${EVENTS:-1000}
STREAMS=${STREAMS:-1000}
HOLD=${HOLD:-60}
EVENTS_DB=${EVENTS_DB:-bffevents}
MYSQL=${MYSQL:-root:@tcp(127.0.0.1:3306)/}
REDIS=${REDIS:-127.0.0.1:6379}
REDIS_DB=${REDIS_DB:-6}
pw=events-pass-1
nginx=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$nginx" ] || { echo "nginx is not installed (apt-get install nginx-light)" >&2; exit 1; }
. "$(dirname "$0")/common.sh"
results bffevents
go build -o "$out/eventlat" ./bff/bench/eventlat
mysql -h127.0.0.1 -uroot -e "DROP DATABASE IF EXISTS \`$EVENTS_DB\`; CREATE DATABASE \`$EVENTS_DB\` CHARACTER SET utf8mb4"
redis-cli -h "${REDIS%:*}" -p "${REDIS#*:}" -n "$REDIS_DB" flushdb >/dev/null

pa=$(port); pb=$(port); plb=$(port)
secret=$(head -c 24 /dev/urandom | base64)
for i in a b; do
  p=$pa; [ $i = b ] && p=$pb
  mkdir -p "$out/$i"
  BFF_ADDR=127.0.0.1:$p BFF_DATA_DIR=$out/$i BFF_DB="mysql://${MYSQL}$EVENTS_DB" BFF_REDIS=redis://$REDIS/$REDIS_DB \
    BFF_JWT_SECRET="$secret$secret" BFF_CAPTCHA=off BFF_LOG_LEVEL=warn BFF_DEMO=on BFF_DEMO_SHOP=off \
    BFF_ADMIN_PASSWORD=$pw BFF_DEMO_PASSWORD=$pw "$bin" >"$out/bff-$i.log" 2>&1 &
  pids+=($!)
  eval "pid_$i=$!"
  # B starts once A has migrated and seeded the database
  for _ in $(seq 1 300); do curl -sf "http://127.0.0.1:$p/healthz" >/dev/null && break; sleep 0.1; done
  curl -sf "http://127.0.0.1:$p/healthz" >/dev/null || { echo "instance $i did not come up (logs in $out)" >&2; exit 1; }
done
mkdir -p "$out/nginx"
user=; [ "$(id -u)" = 0 ] && user="user root;"
cat >"$out/nginx/nginx.conf" <<EOF
$user
worker_processes 1;
worker_rlimit_nofile $(ulimit -n);
pid $out/nginx/nginx.pid;
error_log $out/nginx/error.log warn;
events { worker_connections 8000; }
http {
  access_log off;
  client_body_temp_path $out/nginx/body;
  proxy_temp_path $out/nginx/proxy;
  fastcgi_temp_path $out/nginx/fastcgi;
  uwsgi_temp_path $out/nginx/uwsgi;
  scgi_temp_path $out/nginx/scgi;
  server {
    listen 127.0.0.1:$plb;
    location /api/messages/stream {
      proxy_pass http://127.0.0.1:$pb;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
    location / {
      proxy_pass http://127.0.0.1:$pb;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }
}
EOF
"$nginx" -p "$out/nginx" -c "$out/nginx/nginx.conf" -g 'daemon off;' 2>"$out/nginx/stderr.log" &
pids+=($!)
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$plb/healthz" >/dev/null && break; sleep 0.1; done

"$out/eventlat" -raise "http://127.0.0.1:$pa" -stream "http://127.0.0.1:$plb" -password "$pw" -events "$EVENTS" | tee "$out/latency.txt"

rss() { awk '/^VmRSS/{print $2}' "/proc/$1/status"; }
echo "instance B before the streams: RSS $(rss "$pid_b") kB"
"$out/eventlat" -idle "$STREAMS" -hold "$((HOLD + 10))s" -stream "http://127.0.0.1:$pb" -password "$pw" >"$out/idle.txt" &
holder=$!
pids+=($holder)
# measured once every stream is open (the sign-ins before them are bcrypt's work) and settled
for _ in $(seq 1 1200); do grep -q "open streams" "$out/idle.txt" 2>/dev/null && break; sleep 0.1; done
cat "$out/idle.txt"
sleep 5
before=$(ticks "$pid_b")
rss_open=$(rss "$pid_b")
sleep "$HOLD"
after=$(ticks "$pid_b")
hz=$(getconf CLK_TCK)
echo "instance B with $STREAMS idle streams: RSS $rss_open kB → $(rss "$pid_b") kB after ${HOLD}s, CPU $(echo "($after - $before) / $hz / $HOLD * 100" | bc -l | xargs printf '%.2f')% of a core"
wait "$holder"
