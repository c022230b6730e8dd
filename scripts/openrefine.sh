#!/usr/bin/env bash
# OpenRefine 3.6 (Debian package), headless, for the reconciliation integration test.
#
#   scripts/openrefine.sh start    install if needed (apt-get), start in the background, wait for
#                                  the HTTP API, print HYBRIDRAG_OPENREFINE_URL=http://127.0.0.1:PORT
#   scripts/openrefine.sh stop     stop the server started by start and clean up
#   scripts/openrefine.sh status   print the URL and exit 0 when running, exit 3 when not
#
# Environment: HYBRIDRAG_OPENREFINE_PORT (default 3333), HYBRIDRAG_OPENREFINE_START_TIMEOUT
# (seconds, default 180), HYBRIDRAG_OPENREFINE_MEMORY (default 1024M).
# Needs the Debian package openrefine (Java 17); start installs it with apt-get when
# it is missing and the script runs as root. Workspace and log go under
# .tools/openrefine/ beside this checkout.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DIR="$ROOT/.tools/openrefine"
DATA="$DIR/workspace"
PIDFILE="$DIR/openrefine.pid"
LOG="$DIR/openrefine.log"
HOST=127.0.0.1
PORT="${HYBRIDRAG_OPENREFINE_PORT:-3333}"
TIMEOUT="${HYBRIDRAG_OPENREFINE_START_TIMEOUT:-180}"
MEMORY="${HYBRIDRAG_OPENREFINE_MEMORY:-1024M}"

# shellcheck source-path=SCRIPTDIR source=lib/server.sh
. "$ROOT/scripts/lib/server.sh"
# The pid leads its own process group (see start), which stop signals as a whole.
server_init openrefine.sh "$DIR" "$PIDFILE" "$LOG" host="$HOST" group=1 scratch="$DATA"

install() {
  command -v openrefine >/dev/null 2>&1 && return 0
  [[ $(id -u) -eq 0 ]] || die "openrefine not installed; run: sudo apt-get update && sudo apt-get install -y openrefine"
  say "installing the Debian package openrefine ..."
  apt-get update -qq >"$DIR/apt.log" 2>&1 || { tail -n 20 "$DIR/apt.log" >&2; die "apt-get update failed"; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openrefine >>"$DIR/apt.log" 2>&1 ||
    { tail -n 20 "$DIR/apt.log" >&2; die "apt-get install openrefine failed"; }
}

# ready PORT succeeds when the HTTP API on PORT answers.
ready() {
  curl -fsS -o /dev/null --max-time 2 "http://$HOST:$1/command/core/get-version" 2>/dev/null
}

url() { echo "HYBRIDRAG_OPENREFINE_URL=http://$HOST:$1"; }

start() {
  server_started url && return 0
  install
  server_need curl
  server_port_free "$PORT" HYBRIDRAG_OPENREFINE_PORT
  rm -rf "$DATA"
  mkdir -p "$DATA"
  local t0=$SECONDS
  # setsid: the launcher is a shell that starts java; the new session's id is
  # the group stop signals.
  JAVA_OPTIONS="-Drefine.headless=true" nohup setsid openrefine -i "$HOST" -p "$PORT" -d "$DATA" -m "$MEMORY" \
    >"$LOG" 2>&1 </dev/null &
  local pid=$!
  server_launched "$pid" "$PORT"
  server_wait "$pid" "$PORT" "$TIMEOUT" ready 0.5 "$t0" OpenRefine
  say "ready in $((SECONDS - t0)) s (pid $pid, log $LOG)"
  url "$PORT"
}

stop() { server_stop; }

status() { server_status url ready; }

server_dispatch "start|stop|status" "${1:-}"
