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

say() { echo "neo4j.sh: $*" >&2; }
die() { say "$*"; exit 1; }

need() {
  command -v "$1" >/dev/null 2>&1 || die "$1 not found on PATH (needs Java 17+ and Maven)"
}

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

# running prints the pid of our server when the pid file names a live one.
running() {
  [[ -f "$PIDFILE" ]] || return 1
  local pid
  pid=$(cat "$PIDFILE")
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q "$MAIN" || return 1
  echo "$pid"
}

# show_logs prints the tail of the server output and of Neo4j's own debug.log.
show_logs() {
  tail -n 40 "$LOG" >&2 || true
  local debug
  for debug in "$RUN"/*/logs/debug.log; do
    [[ -f "$debug" ]] || continue
    echo "--- $debug" >&2
    tail -n 20 "$debug" >&2
  done
}

port_open() {
  (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null
}

uri() { echo "HYBRIDRAG_NEO4J_URI=bolt://$HOST:$(cat "$DIR/port")"; }

start() {
  if running >/dev/null; then
    uri
    return 0
  fi
  rm -f "$PIDFILE"
  build
  need java
  if port_open "$PORT"; then
    die "port $PORT on $HOST is already in use by another process; set HYBRIDRAG_NEO4J_PORT"
  fi
  rm -rf "$RUN"
  mkdir -p "$RUN"
  local t0=$SECONDS
  # shellcheck disable=SC2086 # JAVA_OPTS is a list of options
  nohup java $JAVA_OPTS -Djava.io.tmpdir="$RUN" \
    -cp "$BUILD/neo4j-testserver.jar:$BUILD/lib/*" "$MAIN" --host "$HOST" --port "$PORT" \
    >"$LOG" 2>&1 </dev/null &
  local pid=$!
  echo "$pid" >"$PIDFILE"
  echo "$PORT" >"$DIR/port"
  while :; do
    if ! kill -0 "$pid" 2>/dev/null; then
      rm -f "$PIDFILE"
      show_logs
      die "server exited during start-up; log: $LOG"
    fi
    if grep -q '^NEO4J_READY' "$LOG" && port_open "$PORT"; then
      break
    fi
    if ((SECONDS - t0 >= TIMEOUT)); then
      show_logs
      stop >/dev/null 2>&1 || true
      die "Bolt not ready on $HOST:$PORT after ${TIMEOUT} s; log: $LOG"
    fi
    sleep 0.5
  done
  say "ready in $((SECONDS - t0)) s (pid $pid, log $LOG)"
  uri
}

stop() {
  local pid
  if pid=$(running); then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 60); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.5
    done
    if kill -0 "$pid" 2>/dev/null; then
      say "pid $pid ignored SIGTERM for 30 s; killing"
      kill -KILL "$pid" 2>/dev/null || true
    fi
    say "stopped (pid $pid)"
  fi
  rm -f "$PIDFILE" "$DIR/port"
  rm -rf "$RUN"
}

status() {
  if running >/dev/null; then
    uri
    return 0
  fi
  say "not running"
  return 3
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  build) build ;;
  *) die "usage: $0 start|stop|status|build" ;;
esac
