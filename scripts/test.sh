#!/usr/bin/env bash
# The whole test suite. On a fresh machine it installs and starts the real
# components the integration tests need — the MiniLM embedding model and
# ONNX Runtime, an embedded Neo4j 5.26, an Oxigraph SPARQL server loaded
# with the Wikidata-shaped subset, OpenRefine 3.6 (a real reconciliation
# client), Chromium for the web page's browser tests and, when its
# prebuilt binary is present, Qdrant — then checks
# formatting, runs go vet and staticcheck, runs every test without the race
# detector and then again with it in the packages that have concurrency
# to check (see "race" below), runs scripts/chaos.sh at a small scale, and
# stops the servers it started. The fuzz targets run their seed corpora
# as tests; scripts/fuzz.sh fuzzes them.
#
#   bash scripts/test.sh            # everything
#   bash scripts/test.sh -run Ask   # extra flags go to go test
#
# The servers install, start and load in the background while the static
# checks and the tests of the packages that need no server run; the test binaries of the packages that talk to a server are built
# while the set-up finishes, and run once the servers are loaded. Each
# package's line shows as it finishes, a failing test's output in full,
# and a line each minute names what still runs (see
# testtools/testprogress). The longer load test is scripts/soak.sh.
#
# Needs Go 1.26, Java 17 + Maven, Python 3 + pip, Node + npm, unzip, and
# apt-get (OpenRefine and Chromium are Debian packages; run as root or have
# them installed). Ports: HYBRIDRAG_NEO4J_PORT (7687), HYBRIDRAG_SPARQL_PORT
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
online_pid=
static_pid=
stop_servers() {
  # The background set-up is waited for, so that every server it started
  # is known, and then those servers are stopped. It is told first that
  # the command line it waits for will not come.
  touch "$work/stopping"
  for pid in "$online_pid" "$static_pid"; do
    if [ -n "$pid" ]; then
      kill "$pid" 2>/dev/null || true
    fi
  done
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

# install_packages installs the Debian packages the servers and the browser
# tests need and the machine lacks, in one apt-get run.
install_packages() {
  local missing=()
  command -v openrefine >/dev/null 2>&1 || missing+=(openrefine)
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "${missing[*]} not installed; run: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    return 1
  fi
  mkdir -p .tools
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } >.tools/apt.log 2>&1 ||
    { tail -n 20 .tools/apt.log >&2; echo "apt-get install ${missing[*]} failed" >&2; return 1; }
}

# set_up_servers installs, starts and loads the servers; its output goes to
# $work/servers.log, the environment lines the tests need to $work/env, and
# the name of each server it started (and so must stop) to $work/started.
set_up_servers() {
  set -euo pipefail
  # The Debian packages (OpenRefine, and Chromium for the web page's
  # browser tests) install in one apt-get run from the start, beside the
  # downloads below: about a minute and a half on a fresh machine.
  local apt_pid=
  install_packages &
  apt_pid=$!
  bash scripts/install-model.sh | grep '^HYBRIDRAG_' >>"$work/env"
  # The SPARQL server installs in about 10 s, Neo4j builds in about 20.
  bash scripts/sparql.sh install >/dev/null &
  local sparql_pid=$!
  bash scripts/neo4j.sh build >/dev/null
  wait "$sparql_pid"
  # start_server starts scripts/$1.sh unless it is already running, and
  # writes the line it prints to $work/env.$1. The servers start at once.
  start_server() {
    local name=$1
    if bash "scripts/$name.sh" status >"$work/env.$name" 2>/dev/null; then
      echo "$name already running: $(cat "$work/env.$name")"
    else
      echo "$name" >>"$work/started"
      bash "scripts/$name.sh" start >"$work/env.$name"
    fi
  }
  local pids=() names=(sparql neo4j)
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
  # OpenRefine starts once its package is installed.
  wait "$apt_pid"
  start_server openrefine &
  pids+=($!)
  names+=(openrefine)
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
  # The command line is built in the foreground (see "go build" below).
  until [ -e "$work/built" ]; do
    if [ -e "$work/stopping" ]; then
      echo "the command line was not built"
      return 1
    fi
    sleep 0.5
  done
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
  # Chromium (installed above) against "hybridrag serve" run from the binary
  # built above (not under the race detector): about 20 s of wall time and
  # 8 s of CPU, most of it the server building its indexes.
  printf '%s\n' "HYBRIDRAG_BIN=$root/.tools/bin/hybridrag" HYBRIDRAG_REQUIRE_BROWSER=1 >>"$work/env"
}

step "starting the servers in the background (log: $work/servers.log)"
(set_up_servers && touch "$work/ready" || { touch "$work/failed"; exit 1; }) >"$work/servers.log" 2>&1 &
servers_pid=$!

step gofmt
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './.tools/*'))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

# The command line that loads the servers (and that the browser tests
# run) is built here, before go vet: on a fresh machine the two would
# otherwise compile the same packages at the same time, and go vet finds
# them compiled.
step "go build ./cmd/hybridrag"
go build -o .tools/bin/hybridrag ./cmd/hybridrag
touch "$work/built"

# go vet and staticcheck run in the background, beside the tests (they
# would otherwise leave a core idle for most of a minute); their output
# shows, and fails the run, at the end.
static_checks() {
  local failed=0
  go vet ./... >"$work/vet.log" 2>&1 || failed=1
  # Pinned; a staticcheck already on PATH is used when it is that version,
  # otherwise it is built into .tools/bin (about 30 s once; the check
  # itself takes about 15 s on a cold analysis cache and under a second on
  # a warm one).
  local staticcheck_version=v0.8.2 # staticcheck 2026.2.2, supports Go 1.26
  local staticcheck
  staticcheck=$(command -v staticcheck || true)
  if [ -z "$staticcheck" ] || ! "$staticcheck" -version | grep -q "(${staticcheck_version#v})"; then
    staticcheck="$root/.tools/bin/staticcheck"
    if [ ! -x "$staticcheck" ] || ! "$staticcheck" -version | grep -q "(${staticcheck_version#v})"; then
      GOBIN="$root/.tools/bin" go install "honnef.co/go/tools/cmd/staticcheck@$staticcheck_version" >"$work/staticcheck.log" 2>&1 || return 1
    fi
  fi
  "$staticcheck" ./... >>"$work/staticcheck.log" 2>&1 || failed=1
  return "$failed"
}
step "go vet and staticcheck, in the background"
static_checks &
static_pid=$!

# The packages whose tests talk to a server (or load the model, or drive
# the browser) run once the servers are up and loaded; the others run now,
# beside the set-up.
live='^github.com/hybridrag/hybridrag(/cmd/hybridrag|/embed/onnx|/enrich|/kg/neo4jkg|/reconcile|/retrievers/qdrantstore|/server/web|/sparql)?$'
# Every package's tests run without the race detector, and then again
# with it in the packages that have concurrency to check: their code
# starts goroutines (the fan-out, the parallel dataset load and vector
# search, the enrichment workers, the servers' handlers) or guards shared
# state (the caches, the memo counter, the circuit breaker), or their tests
# call in from several goroutines or serve over HTTP (httptest handlers
# run on goroutines of their own). The others (config, eval, eval/gen,
# filter, fusion, ident, internal/..., kg, kg/neo4jkg, linking, plan,
# reconcile, router, server/web, sources, testtools) run their tests on
# one goroutine or keep no state of their own that goroutines share (the
# reconciliation handlers and the web page's files are read-only once
# built; the server package's race run covers the HTTP stack they sit in): the detector would find nothing there and slows
# them five to ten times. In the second run, the tests with no
# concurrency of their own that sweep the full dataset or a gold set skip
# (testfixture.SkipUnderRace): they ran in the first. A package that
# starts to use goroutines joins this list. The list is in
# CONTRIBUTING.md too.
race='^github.com/hybridrag/hybridrag(/cache|/cmd/hybridrag|/context|/embed|/embed/diskcache|/embed/httpembed|/embed/onnx|/enrich|/heritage|/index|/llm|/pipeline|/rerank|/retrievers|/retrievers/bm25|/retrievers/qdrantstore|/server|/sparql)?$'
mapfile -t all < <(go list ./...)
# group LIVE [RACE] prints the packages that are (1) or are not (0) live
# and, when RACE is given, that do (1) or do not (0) run under the race
# detector.
group() {
  printf '%s\n' "${all[@]}" | awk -v live="$live" -v race="$race" -v l="$1" -v r="${2:-}" \
    '(($0 ~ live) == l) && (r == "" || ($0 ~ race) == r)'
}
mapfile -t offline < <(group 0)
mapfile -t offline_race < <(group 0 1)
mapfile -t online < <(group 1)
mapfile -t online_race < <(group 1 1)
go build -o .tools/bin/testprogress ./testtools/testprogress
# go_test FLAGS... -- PACKAGES... runs go test on the packages, when there
# are any; the extra flags given to this script go last. It runs them
# with -short: the parity sweeps against Neo4j and Qdrant, the load test
# and the tokenizer's comparisons with tiktoken sample what they would
# otherwise run in full (a plain go test, and scripts/parity.sh, run them
# in full).
go_test() {
  local flags=()
  while [ "$1" != -- ]; do flags+=("$1"); shift; done
  shift
  [ $# -gt 0 ] || return 0
  go test "${flags[@]}" -short -count=1 -timeout 30m -json "$@" "${extra[@]}"
}
extra=("$@")
# The test binaries share what they load and build from the bundled
# dataset through this directory (see internal/testfixture and
# internal/testfixture/prebuilt): the first to need the dataset writes a
# snapshot of it, the first to need the embedded pipeline's indexes,
# graph and router tables builds them as the index cache keeps them, and
# the others read these, many times faster than decoding the JSON Lines
# and building, the more so under the race detector.
export HYBRIDRAG_TEST_FIXTURES="$work/fixtures"

# The integration tests fail, rather than skip, when a component is
# missing (Qdrant only when its binary is present, see above).
export HYBRIDRAG_REQUIRE_MODEL=1 HYBRIDRAG_REQUIRE_NEO4J=1 HYBRIDRAG_REQUIRE_SPARQL=1 HYBRIDRAG_REQUIRE_OPENREFINE=1
# Three tests write the shared Neo4j database (two add, change and delete a
# source's records, then put the data back; one ingests the whole dataset
# again to show that nothing changes): they run alone among the tests that
# talk to the servers, first, so that no other test reads the graph or
# counts its nodes while it is changed, and so that the second ingest has
# Neo4j to itself (beside the other tests it took two to five times as
# long).
neo4j_writers='^(TestOwnSourceNeo4j|TestApplyWritesTheDifference|TestIngestIdempotent)$'
# The test of a hung and a killed Neo4j asks healthy questions within a 1 s
# leg deadline: it runs next, alone among the tests that talk to the
# servers (with and without the race detector at once), before the other
# tests load Neo4j; both streams below start at once when the servers are
# the last to be ready.
neo4j_quiet='^TestNeo4jHungOrKilled$'

# The tests run in two streams, so that the tests that wait on a server
# and those that keep both cores busy overlap. This one, in the
# background, waits for the servers, runs the Neo4j writers, the hung and
# killed Neo4j test and then the tests of the packages that talk to the
# servers, without the race detector. Its lines show as they come,
# beside the other stream's.
online_tests() {
  until [ -e "$work/ready" ] || [ -e "$work/failed" ]; do sleep 1; done
  if [ -e "$work/failed" ]; then
    touch "$work/writers.done"
    return 1
  fi
  while IFS= read -r line; do export "${line?}"; done <"$work/env"
  local status=0
  go_test -p 1 -run "$neo4j_writers" -- github.com/hybridrag/hybridrag/kg/neo4jkg github.com/hybridrag/hybridrag/cmd/hybridrag 2>&1 |
    .tools/bin/testprogress || status=1
  local race_pid
  { go_test -race -run "$neo4j_quiet" -- github.com/hybridrag/hybridrag 2>&1 | .tools/bin/testprogress; } &
  race_pid=$!
  go_test -run "$neo4j_quiet" -- github.com/hybridrag/hybridrag 2>&1 | .tools/bin/testprogress || status=1
  wait "$race_pid" || status=1
  touch "$work/writers.done"
  go_test -skip "$neo4j_writers|$neo4j_quiet" -- "${online[@]}" 2>&1 | .tools/bin/testprogress || status=1
  return "$status"
}
step "go test, in the background once the servers are up: the packages that talk to them"
(online_tests) &
online_pid=$!

# This one, in the foreground: the packages that need no server, without
# the race detector and then with it; then, once the servers are up and
# the writers done, the packages that talk to the servers with the race
# detector.
step "go test: the packages that need no server"
status=0
{
  go_test -- "${offline[@]}"
  go_test -race -- "${offline_race[@]}"
} 2>&1 | .tools/bin/testprogress || status=1

step "waiting for the servers"
if ! wait "$servers_pid"; then
  servers_pid=
  wait "$online_pid" || true
  online_pid=
  cat "$work/servers.log"
  echo "setting up the servers failed"
  exit 1
fi
servers_pid=
grep -Ev '^[a-z0-9]+: [0-9]+/[0-9]+ ' "$work/servers.log" || true
while IFS= read -r line; do export "${line?}"; done <"$work/env"
until [ -e "$work/writers.done" ]; do sleep 1; done

step "go test -race: the packages that talk to the servers"
go_test -race -skip "$neo4j_writers|$neo4j_quiet" -- "${online_race[@]}" 2>&1 | .tools/bin/testprogress || status=1
step "waiting for the other tests of the packages that talk to the servers"
wait "$online_pid" || status=1
online_pid=

step "go vet and staticcheck"
if ! wait "$static_pid"; then
  cat "$work/vet.log" "$work/staticcheck.log"
  echo "go vet or staticcheck failed"
  status=1
fi
static_pid=

# The reliability run at a small scale (2 s phases, about 30 s): serve
# under load while its SPARQL backend answers garbage, hangs, streams an
# endless body, is killed and comes back, then serve itself killed with
# -9 and started again (see scripts/chaos.sh and docs/reliability.md). It
# runs alone: it bounds latencies and the time to recover.
step "chaos.sh (2 s phases)"
read -r chaos_port chaos_backend < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
if ! CHAOS_BIN="$root/.tools/bin/hybridrag" CHAOS_PHASE_SECONDS=2 CHAOS_PORT="$chaos_port" CHAOS_BACKEND_PORT="$chaos_backend" \
  bash scripts/chaos.sh >"$work/chaos.log" 2>&1; then
  cat "$work/chaos.log"
  echo "chaos.sh failed"
  status=1
else
  grep -E '^chaos: (recovered|goroutines|serve killed|[0-9]+ requests|peak|PASS)' "$work/chaos.log"
fi
step "done"
exit "$status"
