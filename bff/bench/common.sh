# Sourced by the bench scripts that start servers (load.sh, floor.sh, events.sh): the descriptor
# limit raised, a results folder, every process in $pids stopped by PID on exit, a free port,
# and the CPU a process or the script's children spent.

# vegeta opens a connection per request in flight and nginx needs two per request (client and
# upstream): raise the soft limit to the hard one (20,000 on this machine kind).
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT

# results PREFIX: sets out to $OUT, or a new folder /tmp/PREFIX.XXXXXX, and says which.
results() {
  out=${OUT:-$(mktemp -d "/tmp/$1.XXXXXX")}
  mkdir -p "$out"
  echo "results in $out"
}

# Below the kernel's ephemeral range (32768+), where the attack's own connections live.
port() { echo $((20000 + RANDOM % 12000)); }

# ticks PID: the CPU (user + system) a process has spent, in clock ticks (getconf CLK_TCK).
ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }

# childcpu FILE: the CPU seconds of the script's finished children (vegeta, loadmix, builds)
# in the output of bash's `times` saved to FILE (its second line).
childcpu() { sed -n 2p "$1" | awk '{t = 0; for (i = 1; i <= NF; i++) {split($i, a, "m"); sub("s", "", a[2]); t += a[1] * 60 + a[2]}; print t}'; }
