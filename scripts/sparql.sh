#!/usr/bin/env bash
# SPARQL 1.1 server (Oxigraph) loaded with testdata/wikidata.ttl.gz, for integration tests.
#
#   scripts/sparql.sh start    install if needed, load the Turtle into a fresh store,
#                              serve it read-only, wait until the triple count matches,
#                              print HYBRIDRAG_SPARQL_ENDPOINT=http://127.0.0.1:PORT/query
#   scripts/sparql.sh stop     stop the server started by start and delete its store
#   scripts/sparql.sh status   print the endpoint and exit 0 when running, exit 3 when not
#   scripts/sparql.sh install  only install (Python venv with the PyPI package oxigraph)
#
# Environment: HYBRIDRAG_SPARQL_PORT (default 7878), HYBRIDRAG_SPARQL_START_TIMEOUT
# (seconds, default 60). Needs python3 (with venv) and gzip. Everything goes
# under .tools/sparql/ beside this checkout.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DATA="$ROOT/testdata/wikidata.ttl.gz"
DIR="$ROOT/.tools/sparql"
VENV="$DIR/venv"
OXIGRAPH="$VENV/bin/oxigraph"
OXIGRAPH_VERSION=0.5.13
STORE="$DIR/store"
PIDFILE="$DIR/oxigraph.pid"
LOG="$DIR/oxigraph.log"
HOST=127.0.0.1
PORT="${HYBRIDRAG_SPARQL_PORT:-7878}"
TIMEOUT="${HYBRIDRAG_SPARQL_START_TIMEOUT:-60}"
# Triples in testdata/wikidata.ttl.gz (the dataset README states the same count).
WANT_TRIPLES=66611

say() { echo "sparql.sh: $*" >&2; }
die() { say "$*"; exit 1; }

install() {
  if [[ -x "$OXIGRAPH" ]] && "$OXIGRAPH" --version 2>/dev/null | grep -qF "$OXIGRAPH_VERSION"; then
    return 0
  fi
  command -v python3 >/dev/null 2>&1 || die "python3 not found on PATH"
  say "installing oxigraph $OXIGRAPH_VERSION from PyPI into $VENV ..."
  local t0=$SECONDS
  mkdir -p "$DIR"
  rm -rf "$VENV"
  python3 -m venv "$VENV" || die "python3 -m venv failed (on Debian: apt-get install python3-venv)"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "oxigraph==$OXIGRAPH_VERSION" ||
    die "pip install oxigraph==$OXIGRAPH_VERSION failed"
  "$OXIGRAPH" --version >/dev/null || die "$OXIGRAPH does not run"
  say "installed in $((SECONDS - t0)) s"
}

# running prints the pid of our server when the pid file names a live one.
running() {
  [[ -f "$PIDFILE" ]] || return 1
  local pid
  pid=$(cat "$PIDFILE")
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q "oxigraph serve-read-only" || return 1
  echo "$pid"
}

port_open() {
  (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null
}

endpoint() { echo "http://$HOST:$1/query"; }

# count_triples prints the triple count the endpoint reports, or nothing.
count_triples() {
  python3 - "$(endpoint "$1")" <<'EOF' 2>/dev/null || true
import json, sys, urllib.parse, urllib.request
q = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
req = urllib.request.Request(
    sys.argv[1],
    data=urllib.parse.urlencode({"query": q}).encode(),
    headers={"Accept": "application/sparql-results+json",
             "Content-Type": "application/x-www-form-urlencoded"},
)
with urllib.request.urlopen(req, timeout=10) as r:
    print(json.load(r)["results"]["bindings"][0]["n"]["value"])
EOF
}

start() {
  if running >/dev/null; then
    echo "HYBRIDRAG_SPARQL_ENDPOINT=$(endpoint "$(cat "$DIR/port")")"
    return 0
  fi
  rm -f "$PIDFILE"
  install
  [[ -f "$DATA" ]] || die "missing $DATA"
  if port_open "$PORT"; then
    die "port $PORT on $HOST is already in use by another process; set HYBRIDRAG_SPARQL_PORT"
  fi
  local t0=$SECONDS
  rm -rf "$STORE"
  if ! gzip -dc "$DATA" | "$OXIGRAPH" load --location "$STORE" --format ttl >"$DIR/load.log" 2>&1; then
    cat "$DIR/load.log" >&2
    die "loading $DATA failed"
  fi
  nohup "$OXIGRAPH" serve-read-only --location "$STORE" --bind "$HOST:$PORT" \
    >"$LOG" 2>&1 </dev/null &
  local pid=$!
  echo "$pid" >"$PIDFILE"
  echo "$PORT" >"$DIR/port"
  local n=""
  while :; do
    if ! kill -0 "$pid" 2>/dev/null; then
      rm -f "$PIDFILE"
      tail -n 40 "$LOG" >&2
      die "server exited during start-up; log: $LOG"
    fi
    n=$(count_triples "$PORT")
    [[ "$n" == "$WANT_TRIPLES" ]] && break
    if ((SECONDS - t0 >= TIMEOUT)); then
      tail -n 40 "$LOG" >&2
      stop >/dev/null 2>&1 || true
      die "endpoint not ready after ${TIMEOUT} s (last triple count: '${n}', want $WANT_TRIPLES); log: $LOG"
    fi
    sleep 0.2
  done
  say "ready in $((SECONDS - t0)) s with $n triples (pid $pid, log $LOG)"
  echo "HYBRIDRAG_SPARQL_ENDPOINT=$(endpoint "$PORT")"
}

stop() {
  local pid
  if pid=$(running); then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.2
    done
    if kill -0 "$pid" 2>/dev/null; then
      say "pid $pid ignored SIGTERM for 10 s; killing"
      kill -KILL "$pid" 2>/dev/null || true
    fi
    say "stopped (pid $pid)"
  fi
  rm -f "$PIDFILE" "$DIR/port"
  rm -rf "$STORE"
}

status() {
  if running >/dev/null; then
    echo "HYBRIDRAG_SPARQL_ENDPOINT=$(endpoint "$(cat "$DIR/port")")"
    return 0
  fi
  say "not running"
  return 3
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  install) install ;;
  *) die "usage: $0 start|stop|status|install" ;;
esac
