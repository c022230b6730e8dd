#!/usr/bin/env bash
# Load benchmark of `hybridrag serve` on the embedded default: the highest
# open-loop rate with 0 errors and p99 ≤ 50 ms, uncached (every ask
# computed) and with a warm answer cache, with the server's CPU time per
# ask; then closed-loop runs of many clients (10,000 asks by 200 clients,
# 4,000 by 1,000) that report accepted, refused (503) and failed asks and
# the server's peak memory. The server is built and started here on a free
# loopback port and stopped at the end; the load generator is
# testtools/load (the vegeta library).
#
#   bash scripts/load.sh                 # everything (about 4 minutes)
#   bash scripts/load.sh find            # only the rate searches
#   bash scripts/load.sh clients         # only the closed-loop runs
#
# Environment: HYBRIDRAG_LOAD_STEP (length of one rate step, default 5s),
# HYBRIDRAG_LOAD_P99 (default 50ms), HYBRIDRAG_LOAD_SERVE_FLAGS (extra
# flags for serve, e.g. "--max-in-flight 64"). Work files go under
# .tools/load/.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="$(pwd)/.tools/load"
mkdir -p "$dir"
what=${1:-all}
step=${HYBRIDRAG_LOAD_STEP:-5s}
p99=${HYBRIDRAG_LOAD_P99:-50ms}

say() { echo "load.sh: $*" >&2; }

serve_pid=
cleanup() { [ -z "$serve_pid" ] || kill "$serve_pid" 2>/dev/null || true; }
trap cleanup EXIT

say "building hybridrag and the load generator"
go build -o "$dir/hybridrag" ./cmd/hybridrag
go build -o "$dir/load" ./testtools/load

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"
# shellcheck disable=SC2086
"$dir/hybridrag" serve --addr "127.0.0.1:$port" ${HYBRIDRAG_LOAD_SERVE_FLAGS:-} >"$dir/serve.log" 2>&1 &
serve_pid=$!
say "waiting for serve (pid $serve_pid) on $url"
for _ in $(seq 1 600); do
  kill -0 "$serve_pid" 2>/dev/null || { tail -n 20 "$dir/serve.log" >&2; say "serve exited"; exit 1; }
  if curl -fsS "$url/readyz" >/dev/null 2>&1; then break; fi
  sleep 0.5
done
curl -fsS "$url/readyz" >/dev/null || { say "serve did not become ready"; exit 1; }
say "ready; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"

run() { "$dir/load" -url "$url" -pid "$serve_pid" -step "$step" -p99 "$p99" "$@"; }
if [ "$what" = all ] || [ "$what" = find ]; then
  run find
  echo
  run -cached -rate 200 find
  echo
fi
if [ "$what" = all ] || [ "$what" = clients ]; then
  run -clients 200 -n 10000 clients
  echo
  run -clients 1000 -n 4000 clients
fi
