#!/usr/bin/env bash
# The whole test suite. On a fresh machine it installs and starts the real
# components the integration tests need — the MiniLM embedding model and
# ONNX Runtime, an embedded Neo4j 5.26, an Oxigraph SPARQL server loaded
# with the Wikidata-shaped subset, OpenRefine 3.6 (a real reconciliation
# client), Chromium for the web page's browser tests and, when its
# prebuilt binary is present, Qdrant — then checks
# formatting, runs go vet and staticcheck, fuzzes the parsers briefly, runs
# every test with the race detector (and the library facade's examples
# without it), and stops the servers it started.
#
#   bash scripts/test.sh            # everything
#   bash scripts/test.sh -run Ask   # extra flags go to go test
#
# The servers install, start and load in the background while the static
# checks, the fuzzing and the tests of the packages that need no server
# run; the packages that talk to a server are tested once the servers are
# loaded. Each package's line shows as it finishes, a failing test's output
# in full, and a line each minute names what still runs (see
# testtools/testprogress). From a fresh clone the go commands and test
# binaries take about 860 CPU seconds (the servers take their own besides),
# so about 7 to 8 minutes on 2 idle cores; the longer load test is
# scripts/soak.sh.
#
# Needs Go 1.26, Java 17 + Maven, Python 3 + pip, Node + npm, unzip, and
# apt-get (OpenRefine is Debian's openrefine package; run as root or have
# it installed). Ports: HYBRIDRAG_NEO4J_PORT (7687), HYBRIDRAG_SPARQL_PORT
# (7878), HYBRIDRAG_OPENREFINE_PORT (3333), HYBRIDRAG_QDRANT_GRPC_PORT and
# HYBRIDRAG_QDRANT_HTTP_PORT (free ports). No package registry carries a
# Qdrant server: scripts/qdrant.sh says where it looks for the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
began=$(date +%s)
step() { echo "== $* ($(($(date +%s) - began)) s)"; }

work=$(mktemp -d)
servers_pid=
stop_servers() {
  # The background set-up is waited for, so that every server it started
  # is known, and then those servers are stopped.
  if [ -n "$servers_pid" ]; then
    wait "$servers_pid" 2>/dev/null || true
  fi
  if [ -f "$work/started" ]; then
    while read -r s; do
      bash "scripts/$s.sh" stop >/dev/null 2>&1 || true
    done <"$work/started"
  fi
  rm -rf "$work"
}
trap stop_servers EXIT

# set_up_servers installs, starts and loads the servers; its output goes to
# $work/servers.log, the environment lines the tests need to $work/env, and
# the name of each server it started (and so must stop) to $work/started.
set_up_servers() {
  set -euo pipefail
  bash scripts/install-model.sh | grep '^HYBRIDRAG_' >>"$work/env"
  # The SPARQL server installs in about 10 s, Neo4j builds in about 20.
  bash scripts/sparql.sh install >/dev/null &
  bash scripts/neo4j.sh build >/dev/null
  wait
  # start_server starts scripts/$1.sh unless it is already running, and
  # writes the line it prints to $work/env.$1. All four start at once.
  start_server() {
    local name=$1
    if bash "scripts/$name.sh" status >"$work/env.$name" 2>/dev/null; then
      echo "$name already running: $(cat "$work/env.$name")"
    else
      echo "$name" >>"$work/started"
      bash "scripts/$name.sh" start >"$work/env.$name"
    fi
  }
  local pids=() names=(sparql neo4j openrefine)
  # Qdrant runs from a prebuilt binary (ready in about a second) when one
  # is present; without it the live Qdrant tests skip and say why, and the
  # adapter's gRPC contract tests still run. The tests search exactly, so
  # the server builds no HNSW graph: that would take a core for a minute
  # or more while the tests run.
  local qdrant_bin=
  if qdrant_bin=$(bash scripts/qdrant.sh binary 2>/dev/null); then
    names+=(qdrant)
  else
    echo "no Qdrant server binary: the live Qdrant tests skip (see scripts/qdrant.sh)"
  fi
  for name in "${names[@]}"; do
    QDRANT__STORAGE__OPTIMIZERS__INDEXING_THRESHOLD_KB=0 start_server "$name" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do
    wait "$pid"
  done
  for name in "${names[@]}"; do
    cat "$work/env.$name" >>"$work/env"
  done
  # Both servers load at once: Neo4j from the bundled data, Qdrant with the
  # default hashing vectors, which its live tests compare with the embedded
  # vector index. Each ingest is given only its own server.
  local neo4j_uri qdrant_url=
  neo4j_uri=$(sed -n 's/^HYBRIDRAG_NEO4J_URI=//p' "$work/env.neo4j")
  go build -o .tools/bin/hybridrag ./cmd/hybridrag
  if [ -n "$qdrant_bin" ]; then
    qdrant_url=$(sed -n 's/^QDRANT_URL=//p' "$work/env.qdrant")
    HYBRIDRAG_NEO4J_URI= .tools/bin/hybridrag ingest --store off --qdrant "$qdrant_url" --embedder hashing &
    pids=($!)
    printf '%s\n' "HYBRIDRAG_QDRANT_BIN=$qdrant_bin" HYBRIDRAG_REQUIRE_QDRANT=1 \
      HYBRIDRAG_QDRANT_TEST_COLLECTION=hybridrag >>"$work/env"
  fi
  HYBRIDRAG_QDRANT_URL= .tools/bin/hybridrag ingest --store off --neo4j "$neo4j_uri"
  if [ -n "$qdrant_bin" ]; then
    wait "${pids[0]}"
  fi
  # The web page's browser tests (server/web) drive Debian's headless
  # Chromium against "hybridrag serve" run from the binary built above (not
  # under the race detector): about 20 s of wall time and 8 s of CPU, most
  # of it the server building its indexes; installing Chromium takes about
  # a minute once.
  if ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" -ne 0 ]; then
      echo "chromium is not installed; run: sudo apt-get update && sudo apt-get install -y chromium" >&2
      exit 1
    fi
    mkdir -p .tools
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >.tools/chromium-apt.log 2>&1 ||
      { tail -n 20 .tools/chromium-apt.log >&2; echo "apt-get install chromium failed" >&2; exit 1; }
  fi
  printf '%s\n' "HYBRIDRAG_BIN=$root/.tools/bin/hybridrag" HYBRIDRAG_REQUIRE_BROWSER=1 >>"$work/env"
}

step "starting the servers in the background (log: $work/servers.log)"
(set_up_servers) >"$work/servers.log" 2>&1 &
servers_pid=$!

step gofmt
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './.tools/*'))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

step "go vet"
go vet ./...

step staticcheck
# Pinned; a staticcheck already on PATH is used when it is that version,
# otherwise it is built into .tools/bin (about 30 s once; the check itself
# takes about 15 s on a cold analysis cache and under a second on a warm one).
staticcheck_version=v0.8.2 # staticcheck 2026.2.2, supports Go 1.26
staticcheck=$(command -v staticcheck || true)
if [ -z "$staticcheck" ] || ! "$staticcheck" -version | grep -q "(${staticcheck_version#v})"; then
  staticcheck="$root/.tools/bin/staticcheck"
  if [ ! -x "$staticcheck" ] || ! "$staticcheck" -version | grep -q "(${staticcheck_version#v})"; then
    GOBIN="$root/.tools/bin" go install "honnef.co/go/tools/cmd/staticcheck@$staticcheck_version"
  fi
fi
"$staticcheck" ./...

# Each parser and handler fuzz target for 3 s of fuzzing beyond its seed
# corpus (which plain go test runs); about 45 s in all on 2 busy cores.
# The HTTP server's target is left out: building its pipeline takes longer
# than the run. scripts/fuzz.sh runs them all for longer.
step fuzzing
bash scripts/fuzz.sh 3s FuzzParse FuzzFind FuzzSchemeParsers FuzzRoute FuzzJSONLSource FuzzCSVSource FuzzHandler

# The packages whose tests talk to a server (or load the model, or drive
# the browser) run once the servers are up and loaded; the others run now,
# beside the set-up.
live='^github.com/hybridrag/hybridrag(/cmd/hybridrag|/embed/onnx|/enrich|/kg/neo4jkg|/reconcile|/retrievers/qdrantstore|/server/web|/sparql)?$'
mapfile -t all < <(go list ./...)
mapfile -t offline < <(printf '%s\n' "${all[@]}" | grep -Ev "$live")
mapfile -t online < <(printf '%s\n' "${all[@]}" | grep -E "$live")
go build -o .tools/bin/testprogress ./testtools/testprogress
run_tests() {
  go test -race -count=1 -timeout 30m -json "$@" 2>&1 | .tools/bin/testprogress
}

step "go test -race: the packages that need no server"
# The integration tests fail, rather than skip, when a component is
# missing (Qdrant only when its binary is present, see above).
export HYBRIDRAG_REQUIRE_MODEL=1 HYBRIDRAG_REQUIRE_NEO4J=1 HYBRIDRAG_REQUIRE_SPARQL=1 HYBRIDRAG_REQUIRE_OPENREFINE=1
status=0
run_tests "${offline[@]}" "$@" || status=1

step "waiting for the servers"
if ! wait "$servers_pid"; then
  servers_pid=
  cat "$work/servers.log"
  echo "setting up the servers failed"
  exit 1
fi
servers_pid=
grep -Ev '^[a-z0-9]+: [0-9]+/[0-9]+ ' "$work/servers.log" || true
while IFS= read -r line; do export "${line?}"; done <"$work/env"

step "go test -race: the packages that talk to the servers"
run_tests "${online[@]}" "$@" || status=1

# The library facade's examples build the full indexes: about 8 s of CPU
# without the race detector, about 45 s with it, so they run without it.
step "examples of the library facade"
go test -count=1 -run '^Example' . || status=1
step "done"
exit "$status"
