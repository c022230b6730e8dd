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

say() { echo "openrefine.sh: $*" >&2; }
die() { say "$*"; exit 1; }

install() {
  command -v openrefine >/dev/null 2>&1 && return 0
  [[ $(id -u) -eq 0 ]] || die "openrefine not installed; run: sudo apt-get update && sudo apt-get install -y openrefine"
  say "installing the Debian package openrefine ..."
  apt-get update -qq >"$DIR/apt.log" 2>&1 || { tail -n 20 "$DIR/apt.log" >&2; die "apt-get update failed"; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openrefine >>"$DIR/apt.log" 2>&1 ||
    { tail -n 20 "$DIR/apt.log" >&2; die "apt-get install openrefine failed"; }
}

# running prints the pid (= process group) of our server when the pid file names a live one.
running() {
  [[ -f "$PIDFILE" ]] || return 1
  local pid
  pid=$(cat "$PIDFILE")
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || return 1
  echo "$pid"
}

ready() {
  curl -fsS -o /dev/null --max-time 2 "http://$HOST:$1/command/core/get-version" 2>/dev/null
}

port_open() {
  (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null
}

url() { echo "HYBRIDRAG_OPENREFINE_URL=http://$HOST:$(cat "$DIR/port")"; }

start() {
  mkdir -p "$DIR"
  if running >/dev/null; then
    url
    return 0
  fi
  rm -f "$PIDFILE"
  install
  command -v curl >/dev/null 2>&1 || die "curl not found on PATH"
  if port_open "$PORT"; then
    die "port $PORT on $HOST is already in use by another process; set HYBRIDRAG_OPENREFINE_PORT"
  fi
  rm -rf "$DATA"
  mkdir -p "$DATA"
  local t0=$SECONDS
  # setsid: the launcher is a shell that starts java; the new session's id is
  # the group stop signals.
  JAVA_OPTIONS="-Drefine.headless=true" nohup setsid openrefine -i "$HOST" -p "$PORT" -d "$DATA" -m "$MEMORY" \
    >"$LOG" 2>&1 </dev/null &
  local pid=$!
  echo "$pid" >"$PIDFILE"
  echo "$PORT" >"$DIR/port"
  while ! ready "$PORT"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      rm -f "$PIDFILE"
      tail -n 40 "$LOG" >&2 || true
      die "OpenRefine exited during start-up; log: $LOG"
    fi
    if ((SECONDS - t0 >= TIMEOUT)); then
      tail -n 40 "$LOG" >&2 || true
      stop >/dev/null 2>&1 || true
      die "OpenRefine not ready on $HOST:$PORT after ${TIMEOUT} s; log: $LOG"
    fi
    sleep 0.5
  done
  say "ready in $((SECONDS - t0)) s (pid $pid, log $LOG)"
  url
}

stop() {
  local pid
  if pid=$(running); then
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 60); do
      kill -0 -- "-$pid" 2>/dev/null || break
      sleep 0.5
    done
    if kill -0 -- "-$pid" 2>/dev/null; then
      say "process group $pid ignored SIGTERM for 30 s; killing"
      kill -KILL -- "-$pid" 2>/dev/null || true
    fi
    say "stopped (pid $pid)"
  fi
  rm -f "$PIDFILE" "$DIR/port"
  rm -rf "$DATA"
}

status() {
  if running >/dev/null && ready "$(cat "$DIR/port")"; then
    url
    return 0
  fi
  say "not running"
  return 3
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) die "usage: $0 start|stop|status" ;;
esac
