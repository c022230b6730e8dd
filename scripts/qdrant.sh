#!/usr/bin/env bash
# Qdrant vector database server, for integration tests and the scale benchmark.
#
#   scripts/qdrant.sh start    start the bundled binary in the background on free
#                              loopback ports with a fresh storage folder, wait for
#                              /readyz, print QDRANT_URL=http://127.0.0.1:GRPC_PORT
#   scripts/qdrant.sh stop     stop the server started by start and delete its storage
#   scripts/qdrant.sh status   print the URL and exit 0 when running, exit 3 when not
#   scripts/qdrant.sh binary   print the path of the server binary, exit 1 when there is none
#
# No package registry carries a Qdrant server; start uses a prebuilt binary:
# HYBRIDRAG_QDRANT_BIN, else shared/tools/qdrant/qdrant beside this checkout
# (../shared from the checkout), else /work/shared/tools/qdrant/qdrant. Without
# one, start says so and exits 1.
#
# Environment: HYBRIDRAG_QDRANT_GRPC_PORT and HYBRIDRAG_QDRANT_HTTP_PORT (default:
# free ports), HYBRIDRAG_QDRANT_START_TIMEOUT (seconds, default 60). QDRANT_URL
# is the gRPC endpoint the clients use; the HTTP port serves /readyz. Storage
# and log go under .tools/qdrant/ beside this checkout.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DIR="$ROOT/.tools/qdrant"
STORAGE="$DIR/storage"
PIDFILE="$DIR/qdrant.pid"
LOG="$DIR/qdrant.log"
HOST=127.0.0.1
TIMEOUT="${HYBRIDRAG_QDRANT_START_TIMEOUT:-60}"

# shellcheck source-path=SCRIPTDIR source=lib/server.sh
. "$ROOT/scripts/lib/server.sh"
server_init qdrant.sh "$DIR" "$PIDFILE" "$LOG" host="$HOST" match="qdrant" grace=10 interval=0.2 scratch="$STORAGE"

# binary prints the absolute path of the Qdrant server binary, or says why
# there is none and fails.
binary() {
  local bin
  if [[ -n "${HYBRIDRAG_QDRANT_BIN:-}" ]]; then
    [[ -x "$HYBRIDRAG_QDRANT_BIN" && ! -d "$HYBRIDRAG_QDRANT_BIN" ]] ||
      { say "HYBRIDRAG_QDRANT_BIN=$HYBRIDRAG_QDRANT_BIN is not an executable file"; return 1; }
    bin=$HYBRIDRAG_QDRANT_BIN
  else
    for bin in "$ROOT/../shared/tools/qdrant/qdrant" /work/shared/tools/qdrant/qdrant ""; do
      [[ -n "$bin" && -x "$bin" && ! -d "$bin" ]] && break
    done
    [[ -n "$bin" ]] ||
      { say "no Qdrant server binary at $ROOT/../shared/tools/qdrant/qdrant; set HYBRIDRAG_QDRANT_BIN (no package registry carries one)"; return 1; }
  fi
  echo "$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
}

# The state folder keeps the HTTP port beside the gRPC port server_launched records.
http_port() { cat "$DIR/http_port"; }

# ready GRPC_PORT succeeds when the server's /readyz answers.
ready() {
  local port
  port=$(http_port) || return 1
  server_port_open "$1" || return 1
  if command -v curl >/dev/null 2>&1; then
    curl -fsS -m 2 "http://$HOST:$port/readyz" >/dev/null 2>&1
  else
    # Plain HTTP over bash's /dev/tcp when curl is missing.
    local line
    exec 3<>"/dev/tcp/$HOST/$port" || return 1
    printf 'GET /readyz HTTP/1.0\r\nHost: %s\r\n\r\n' "$HOST" >&3
    IFS= read -r -t 2 line <&3 || line=
    exec 3<&- 3>&-
    [[ "$line" == *" 200 "* ]]
  fi
}

address() { echo "QDRANT_URL=http://$HOST:$1"; }

start() {
  server_started address && return 0
  local bin
  bin=$(binary) || exit 1
  local grpc=${HYBRIDRAG_QDRANT_GRPC_PORT:-} http=${HYBRIDRAG_QDRANT_HTTP_PORT:-}
  if [[ -n "$grpc" ]]; then
    server_port_free "$grpc" HYBRIDRAG_QDRANT_GRPC_PORT
  else
    grpc=$(server_free_port)
  fi
  if [[ -n "$http" ]]; then
    server_port_free "$http" HYBRIDRAG_QDRANT_HTTP_PORT
  else
    http=$(server_free_port "$grpc")
  fi
  rm -rf "$STORAGE"
  mkdir -p "$STORAGE"
  echo "$http" >"$DIR/http_port"
  local t0=$SECONDS
  # The server reads its settings from QDRANT__* variables; its working
  # folder is the state folder, so that nothing lands in the checkout.
  (
    cd "$DIR"
    export QDRANT__STORAGE__STORAGE_PATH="$STORAGE" QDRANT__STORAGE__SNAPSHOTS_PATH="$STORAGE/snapshots"
    export QDRANT__SERVICE__HOST="$HOST" QDRANT__SERVICE__GRPC_PORT="$grpc" QDRANT__SERVICE__HTTP_PORT="$http"
    export QDRANT__TELEMETRY_DISABLED=true QDRANT__LOG_LEVEL=WARN
    exec nohup "$bin" --disable-telemetry >"$LOG" 2>&1 </dev/null
  ) &
  local pid=$!
  server_launched "$pid" "$grpc"
  server_wait "$pid" "$grpc" "$TIMEOUT" ready 0.2 "$t0" /readyz
  say "ready in $((SECONDS - t0)) s (pid $pid, gRPC $grpc, HTTP $http, log $LOG)"
  address "$grpc"
}

stop() {
  server_stop
  rm -f "$DIR/http_port"
}

status() { server_status address ready; }

server_dispatch "start|stop|status|binary" "${1:-}"
