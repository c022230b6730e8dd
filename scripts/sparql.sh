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

# shellcheck source-path=SCRIPTDIR source=lib/server.sh
. "$ROOT/scripts/lib/server.sh"
server_init sparql.sh "$DIR" "$PIDFILE" "$LOG" host="$HOST" match="oxigraph serve-read-only" \
  grace=10 interval=0.2 scratch="$STORE"

install() {
  if [[ -x "$OXIGRAPH" ]] && "$OXIGRAPH" --version 2>/dev/null | grep -qF "$OXIGRAPH_VERSION"; then
    return 0
  fi
  server_need python3
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

# triples_ready PORT succeeds when the endpoint on PORT serves all triples;
# it leaves the count it saw in TRIPLES.
TRIPLES=
triples_ready() {
  TRIPLES=$(count_triples "$1")
  server_note "last triple count: '${TRIPLES}', want $WANT_TRIPLES"
  [[ "$TRIPLES" == "$WANT_TRIPLES" ]]
}

address() { echo "HYBRIDRAG_SPARQL_ENDPOINT=$(endpoint "$1")"; }

start() {
  server_started address && return 0
  install
  [[ -f "$DATA" ]] || die "missing $DATA"
  server_port_free "$PORT" HYBRIDRAG_SPARQL_PORT
  local t0=$SECONDS
  rm -rf "$STORE"
  if ! gzip -dc "$DATA" | "$OXIGRAPH" load --location "$STORE" --format ttl >"$DIR/load.log" 2>&1; then
    cat "$DIR/load.log" >&2
    die "loading $DATA failed"
  fi
  nohup "$OXIGRAPH" serve-read-only --location "$STORE" --bind "$HOST:$PORT" \
    >"$LOG" 2>&1 </dev/null &
  local pid=$!
  server_launched "$pid" "$PORT"
  server_wait "$pid" "$PORT" "$TIMEOUT" triples_ready 0.2 "$t0" endpoint
  say "ready in $((SECONDS - t0)) s with $TRIPLES triples (pid $pid, log $LOG)"
  address "$PORT"
}

stop() { server_stop; }

status() { server_status address; }

server_dispatch "start|stop|status|install" "${1:-}"
