#!/usr/bin/env bash
# Embedded Neo4j 5.26 LTS with Bolt, for integration tests.
#
#   scripts/neo4j.sh start    build if needed, start in the background, wait for Bolt,
#                             print HYBRIDRAG_NEO4J_URI=bolt://127.0.0.1:PORT
#   scripts/neo4j.sh stop     stop the server started by start and clean up
#   scripts/neo4j.sh status   print the URI and exit 0 when running, exit 3 when not
#   scripts/neo4j.sh build    only build (resolve dependencies from Maven Central)
#
# Environment: HYBRIDRAG_NEO4J_PORT (default 7687), HYBRIDRAG_NEO4J_START_TIMEOUT
# (seconds, default 240), HYBRIDRAG_NEO4J_JAVA_OPTS (default
# -Xms256m -Xmx1g -XX:TieredStopAtLevel=1: C1 only halves start-up on 2 cores).
# Needs java (17+) and mvn. Everything goes under .tools/neo4j/ beside this
# checkout; dependencies land in the user's Maven cache.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SRC="$ROOT/testtools/neo4j"
DIR="$ROOT/.tools/neo4j"
BUILD="$DIR/build"
RUN="$DIR/run"
PIDFILE="$DIR/neo4j.pid"
LOG="$DIR/neo4j.log"
STAMP="$BUILD/.source.sha256"
HOST=127.0.0.1
PORT="${HYBRIDRAG_NEO4J_PORT:-7687}"
TIMEOUT="${HYBRIDRAG_NEO4J_START_TIMEOUT:-240}"
JAVA_OPTS="${HYBRIDRAG_NEO4J_JAVA_OPTS:--Xms256m -Xmx1g -XX:TieredStopAtLevel=1}"
MAIN=org.hybridrag.testtools.neo4j.Main

# shellcheck source-path=SCRIPTDIR source=lib/server.sh
. "$ROOT/scripts/lib/server.sh"
server_init neo4j.sh "$DIR" "$PIDFILE" "$LOG" host="$HOST" match="$MAIN" scratch="$RUN" logs=show_logs

need() { server_need "$1" "needs Java 17+ and Maven"; }

source_hash() {
  (cd "$SRC" && find pom.xml src -type f -print0 | sort -z | xargs -0 sha256sum) | sha256sum | cut -d' ' -f1
}

build() {
  local want
  want=$(source_hash)
  if [[ -f "$BUILD/neo4j-testserver.jar" && -f "$STAMP" && "$(cat "$STAMP")" == "$want" ]]; then
    return 0
  fi
  need mvn
  need java
  say "building $SRC (first run resolves Neo4j from Maven Central) ..."
  mkdir -p "$DIR"
  rm -rf "$BUILD"
  local t0=$SECONDS
  if ! mvn -q -B -f "$SRC/pom.xml" -DbuildDir="$BUILD" package >"$DIR/build.log" 2>&1; then
    tail -n 40 "$DIR/build.log" >&2
    die "build failed; full log: $DIR/build.log"
  fi
  echo "$want" >"$STAMP"
  say "built in $((SECONDS - t0)) s"
}

# show_logs prints the tail of the server output and of Neo4j's own debug.log.
show_logs() {
  server_log_tail
  local debug
  for debug in "$RUN"/*/logs/debug.log; do
    [[ -f "$debug" ]] || continue
    echo "--- $debug" >&2
    tail -n 20 "$debug" >&2
  done
}

# bolt_ready PORT succeeds when the server has said it is ready and Bolt accepts connections.
bolt_ready() {
  grep -q '^NEO4J_READY' "$LOG" && server_port_open "$1"
}

uri() { echo "HYBRIDRAG_NEO4J_URI=bolt://$HOST:$1"; }

start() {
  server_started uri && return 0
  build
  need java
  server_port_free "$PORT" HYBRIDRAG_NEO4J_PORT
  rm -rf "$RUN"
  mkdir -p "$RUN"
  local t0=$SECONDS
  # shellcheck disable=SC2086 # JAVA_OPTS is a list of options
  nohup java $JAVA_OPTS -Djava.io.tmpdir="$RUN" \
    -cp "$BUILD/neo4j-testserver.jar:$BUILD/lib/*" "$MAIN" --host "$HOST" --port "$PORT" \
    >"$LOG" 2>&1 </dev/null &
  local pid=$!
  server_launched "$pid" "$PORT"
  server_wait "$pid" "$PORT" "$TIMEOUT" bolt_ready 0.5 "$t0" Bolt
  say "ready in $((SECONDS - t0)) s (pid $pid, log $LOG)"
  uri "$PORT"
}

stop() { server_stop; }

status() { server_status uri; }

server_dispatch "start|stop|status|build" "${1:-}"
