#!/usr/bin/env bash
# The whole test suite. On a fresh machine it installs and starts the real
# components the integration tests need — the MiniLM embedding model and
# ONNX Runtime, an embedded Neo4j 5.26, an Oxigraph SPARQL server loaded
# with the Wikidata-shaped subset, OpenRefine 3.6 (a real reconciliation
# client), Chromium for the web page's browser tests and, when its
# prebuilt binary is present, Qdrant (one server, and a two-node cluster) — then checks
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
# Builds leave the checkout's directory out of what they compile
# (-trimpath), so that the build cache serves a fresh clone in another
# directory what an earlier run compiled from the same sources; without
# it every clone compiles every package of the module again (about 170
# CPU-s with and without the race detector).
GOFLAGS="$(go env GOFLAGS) -trimpath"
export GOFLAGS
step() { echo "== $* ($(($(date +%s) - began)) s)"; }

work=$(mktemp -d)
servers_pid=
neo4j_pid=
others_pid=
static_pid=
stop_servers() {
  # The background set-up is waited for, so that every server it started
  # is known, and then those servers are stopped. It is told first that
  # the command line it waits for will not come.
  touch "$work/stopping"
  for pid in "$neo4j_pid" "$others_pid" "$static_pid"; do
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
  # The model installs in about 20 s, the SPARQL server in about 10 and
  # Neo4j builds in about 20, all at once.
  bash scripts/install-model.sh | grep '^HYBRIDRAG_' >"$work/env.model" &
  local model_pid=$!
  bash scripts/sparql.sh install >/dev/null &
  local sparql_pid=$!
  bash scripts/neo4j.sh build >/dev/null
  wait "$sparql_pid"
  wait "$model_pid"
  cat "$work/env.model" >>"$work/env"
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
  # With the binary, a two-node cluster starts too (scripts/qdrant-cluster.sh,
  # about 3 s, beside the others) for the cluster's live test in
  # retrievers/qdrantstore (about 20 s, without the race detector only).
  local qdrant_bin=
  if qdrant_bin=$(bash scripts/qdrant.sh binary 2>/dev/null); then
    names+=(qdrant qdrant-cluster)
  else
    echo "no Qdrant server binary: the live Qdrant tests skip (see scripts/qdrant.sh)"
  fi
  local neo4j_started=
  for name in "${names[@]}"; do
    QDRANT__STORAGE__OPTIMIZERS__INDEXING_THRESHOLD_KB=0 start_server "$name" &
    if [ "$name" = neo4j ]; then
      neo4j_started=$!
    else
      pids+=($!)
    fi
  done
  # Neo4j's load, the longest step of the set-up, starts as soon as Neo4j
  # answers (in about 5 s) and the command line is built, beside the
  # start of the other servers: OpenRefine's waits for the Debian
  # packages and takes 10 to 15 s. Each load is given only its own
  # server: Neo4j is loaded from the bundled data, Qdrant (below) with
  # the default hashing vectors, which its live tests compare with the
  # embedded vector index.
  local neo4j_uri neo4j_load qdrant_url=
  wait "$neo4j_started"
  neo4j_uri=$(sed -n 's/^HYBRIDRAG_NEO4J_URI=//p' "$work/env.neo4j")
  # The command line is built in the foreground (see "go build" below).
  until [ -e "$work/built" ]; do
    if [ -e "$work/stopping" ]; then
      echo "the command line was not built"
      return 1
    fi
    sleep 0.5
  done
  HYBRIDRAG_QDRANT_URL= .tools/bin/hybridrag ingest --store off --neo4j "$neo4j_uri" &
  neo4j_load=$!
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
  # The web page's browser tests (server/web) drive Debian's headless
  # Chromium (installed above) against "hybridrag serve" run from the binary
  # built above (not under the race detector): about 20 s of wall time and
  # 8 s of CPU, most of it the server building its indexes.
  printf '%s\n' "HYBRIDRAG_BIN=$root/.tools/bin/hybridrag" HYBRIDRAG_REQUIRE_BROWSER=1 >>"$work/env"
  if [ -n "$qdrant_bin" ]; then
    qdrant_url=$(sed -n 's/^QDRANT_URL=//p' "$work/env.qdrant")
    # The cluster gets the bundled data too (2 shards × 2 replicas, about
    # 25 s, mostly consensus rounds), beside the other loads, for the test
    # of two serve replicas over it (cmd/hybridrag TestReplicasShareSources).
    # It is loaded before the tests of the other servers start: the
    # cluster's own test kills a node, and a write then fails.
    local cluster_urls cluster_pid
    cluster_urls=$(sed -n 's/^QDRANT_CLUSTER_URLS=//p' "$work/env.qdrant-cluster")
    HYBRIDRAG_NEO4J_URI= HYBRIDRAG_QDRANT_URL=${cluster_urls%%,*} HYBRIDRAG_QDRANT_URLS=${cluster_urls#*,} \
      HYBRIDRAG_QDRANT_SHARDS=2 HYBRIDRAG_QDRANT_REPLICATION_FACTOR=2 HYBRIDRAG_QDRANT_COLLECTION=hybridrag_replicas \
      .tools/bin/hybridrag ingest --store off --embedder hashing &
    cluster_pid=$!
    HYBRIDRAG_NEO4J_URI= .tools/bin/hybridrag ingest --store off --qdrant "$qdrant_url" --embedder hashing
    wait "$cluster_pid"
    echo HYBRIDRAG_QDRANT_CLUSTER_COLLECTION=hybridrag_replicas >>"$work/env"
    printf '%s\n' "HYBRIDRAG_QDRANT_BIN=$qdrant_bin" HYBRIDRAG_REQUIRE_QDRANT=1 HYBRIDRAG_REQUIRE_QDRANT_CLUSTER=1 \
      HYBRIDRAG_QDRANT_TEST_COLLECTION=hybridrag >>"$work/env"
  fi
  # Every server but Neo4j is ready and loaded (Qdrant loads in seconds,
  # Neo4j in a minute or more): the tests that need no Neo4j can start.
  cp "$work/env" "$work/env.others"
  touch "$work/ready.others"
  wait "$neo4j_load"
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
(renice -n 10 -p "$BASHPID" >/dev/null && static_checks) &
static_pid=$!

# The packages whose tests talk to Neo4j run once it is up and loaded
# (about three minutes in); those whose tests talk to the other servers
# (or load the model, or drive the browser) once those are, a minute or
# more earlier; the others now, beside the set-up. query/parity talks to
# Neo4j and Qdrant both (the query algebra's parity suite, with a Qdrant
# collection of its own): it runs with the Neo4j packages, whose stream
# has every server's address.
neo4j_live='^github.com/hybridrag/hybridrag(/cmd/hybridrag|/kg/neo4jkg|/query/parity|/sources/neo4jstore)?$'
live='^github.com/hybridrag/hybridrag/(embed/onnx|enrich|reconcile|retrievers/qdrantstore|server/web|sparql)$'
# Every package's tests run without the race detector, and then again
# with it in the packages that have concurrency to check: their code
# starts goroutines (the fan-out, the parallel dataset load and vector
# search, the enrichment workers, the servers' handlers) or guards shared
# state (the caches, the memo counter, the circuit breaker), or their tests
# call in from several goroutines or serve over HTTP (httptest handlers
# run on goroutines of their own). The others (config, eval, eval/gen,
# filter, fusion, ident, internal/..., kg, kg/neo4jkg, linking, names, plan, query,
# reconcile, retrieval, retrievers, router, server/web, sources, testtools,
# wikidata, writing) run their tests on
# one goroutine or keep no state of their own that goroutines share (the
# linking tests run in parallel over one linker, which is read-only once
# built; the reconciliation handlers and the web page's files are read-only once
# built; the server package's race run covers the HTTP stack they sit in): the detector would find nothing there and slows
# them five to ten times. In the second run, the tests with no
# concurrency of their own that sweep the full dataset or a gold set skip
# (testfixture.SkipUnderRace): they ran in the first. A package that
# starts to use goroutines joins this list. The list is in
# CONTRIBUTING.md too.
race='^github.com/hybridrag/hybridrag(/cache|/cmd/hybridrag|/context|/embed|/embed/diskcache|/embed/httpembed|/embed/onnx|/enrich|/heritage|/index|/compose/reconnect|/llm|/pipeline|/rerank|/retrievers/vector|/retrievers/bm25|/engines|/compose|/retrievers/qdrantstore|/server|/sparql)?$'
# go test starts the test binaries in the order it is given the
# packages, two at a time: the package whose tests take longest of those
# that need no server (linking, about 20 CPU-s of links over the data,
# its tests in parallel) starts first, beside the others, so that it is
# not left running alone at the end of its stream.
long_first='^github.com/hybridrag/hybridrag/linking$'
mapfile -t all < <(go list ./... | awk -v first="$long_first" '$0 ~ first { print; next } { rest[++n] = $0 } END { for (i = 1; i <= n; i++) print rest[i] }')
# group KIND [RACE] prints the packages of KIND (neo4j: they talk to
# Neo4j; live: to the other servers; offline: to none) and, when RACE is
# given, that do (1) or do not (0) run under the race detector.
group() {
  printf '%s\n' "${all[@]}" | awk -v neo4j="$neo4j_live" -v live="$live" -v race="$race" -v k="$1" -v r="${2:-}" \
    '{ kind = ($0 ~ neo4j) ? "neo4j" : ($0 ~ live) ? "live" : "offline" }
     kind == k && (r == "" || ($0 ~ race) == r)'
}
mapfile -t offline < <(group offline)
mapfile -t offline_race < <(group offline 1)
mapfile -t others < <(group live)
mapfile -t others_race < <(group live 1)
mapfile -t neo4j < <(group neo4j)
mapfile -t neo4j_race < <(group neo4j 1)
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
# dataset through this directory (see testtools/testfixture and
# testtools/testfixture/prebuilt): the first to need the dataset writes a
# snapshot of it, the first to need the embedded pipeline's indexes,
# graph and router tables builds them as the index cache keeps them, and
# the others read these, many times faster than decoding the JSON Lines
# and building, the more so under the race detector.
export HYBRIDRAG_TEST_FIXTURES="$work/fixtures"

# The integration tests fail, rather than skip, when a component is
# missing (Qdrant only when its binary is present, see above).
export HYBRIDRAG_REQUIRE_MODEL=1 HYBRIDRAG_REQUIRE_NEO4J=1 HYBRIDRAG_REQUIRE_SPARQL=1 HYBRIDRAG_REQUIRE_OPENREFINE=1
# Some tests write the shared Neo4j database (two add, change and delete a
# source's records, then put the data back; one ingests the whole dataset
# again to show that nothing changes; the store of users' sources kept in
# Neo4j, and two serve replicas sharing it, which every command with Neo4j
# reads): they run alone among the tests that talk to Neo4j, first, so
# that no other test reads the graph, the sources or counts the nodes
# while they change, and so that the second ingest has Neo4j to itself
# (beside the other tests it took two to five times as long).
neo4j_writers='^(TestOwnSourceNeo4j|TestApplyWritesTheDifference|TestIngestIdempotent|TestNeo4jStore.*|TestReplicasShareSources)$'

# The tests run in three streams, so that the tests that wait on a server
# and those that keep both cores busy overlap. The Neo4j stream is the
# longest path of the run (the set-up, Neo4j's ingest, the writers, then
# the tests that talk to Neo4j): the set-up and this stream run at the
# normal priority, the other two streams and the static checks at a lower
# one (nice), so that they take the cores this path leaves idle rather
# than slow it. Each stream's lines show as they come, beside the others'.
#
# wait_for MARKER waits for the set-up to write MARKER (or to fail).
wait_for() {
  until [ -e "$work/$1" ] || [ -e "$work/failed" ]; do sleep 1; done
  [ -e "$work/$1" ]
}
# neo4j_tests, in the background: once Neo4j is loaded, the writers, then
# the packages that talk to Neo4j, without and with the race detector at
# once.
neo4j_tests() {
  wait_for ready || return 1
  while IFS= read -r line; do export "${line?}"; done <"$work/env"
  local status=0 race_pid
  go_test -p 1 -run "$neo4j_writers" -- "${neo4j[@]}" 2>&1 | .tools/bin/testprogress || status=1
  { go_test -race -skip "$neo4j_writers" -- "${neo4j_race[@]}" 2>&1 | .tools/bin/testprogress; } &
  race_pid=$!
  go_test -skip "$neo4j_writers" -- "${neo4j[@]}" 2>&1 | .tools/bin/testprogress || status=1
  wait "$race_pid" || status=1
  return "$status"
}
# other_tests, in the background at the lower priority: once the other
# servers are loaded, the packages that talk to them, without and then
# with the race detector.
other_tests() {
  wait_for ready.others || return 1
  while IFS= read -r line; do export "${line?}"; done <"$work/env.others"
  {
    go_test -- "${others[@]}"
    go_test -race -- "${others_race[@]}"
  } 2>&1 | .tools/bin/testprogress
}
step "go test, in the background once the servers are up: the packages that talk to them"
(neo4j_tests) &
neo4j_pid=$!
(renice -n 10 -p "$BASHPID" >/dev/null && other_tests) &
others_pid=$!

# The packages that need no server, in the foreground at the lower
# priority: without the race detector and then with it.
step "go test: the packages that need no server"
status=0
renice -n 10 -p $$ >/dev/null
{
  go_test -- "${offline[@]}"
  go_test -race -- "${offline_race[@]}"
} 2>&1 | .tools/bin/testprogress || status=1

step "waiting for the servers"
if ! wait "$servers_pid"; then
  servers_pid=
  wait "$neo4j_pid" "$others_pid" || true
  neo4j_pid= others_pid=
  cat "$work/servers.log"
  echo "setting up the servers failed"
  exit 1
fi
servers_pid=
grep -Ev '^[a-z0-9]+: [0-9]+/[0-9]+ ' "$work/servers.log" || true

step "waiting for the tests of the packages that talk to the servers"
wait "$others_pid" || status=1
others_pid=
wait "$neo4j_pid" || status=1
neo4j_pid=

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
# Last, serve is started while the SPARQL endpoint, Neo4j and Qdrant answer
# garbage, and they must join once healthy (about 15 s more).
step "chaos.sh (2 s phases)"
read -r chaos_port chaos_backend chaos_neo4j chaos_qdrant < <(python3 -c '
import socket
s = [socket.socket() for _ in range(4)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
if ! CHAOS_BIN="$root/.tools/bin/hybridrag" CHAOS_PHASE_SECONDS=2 CHAOS_STORE_KILLS=4 CHAOS_PORT="$chaos_port" CHAOS_BACKEND_PORT="$chaos_backend" \
  CHAOS_NEO4J_PROXY_PORT="$chaos_neo4j" CHAOS_QDRANT_PROXY_PORT="$chaos_qdrant" \
  CHAOS_NEO4J="$(sed -n 's/^HYBRIDRAG_NEO4J_URI=//p' "$work/env")" CHAOS_QDRANT="$(sed -n 's/^QDRANT_URL=//p' "$work/env")" \
  bash scripts/chaos.sh >"$work/chaos.log" 2>&1; then
  cat "$work/chaos.log"
  echo "chaos.sh failed"
  status=1
else
  grep -E '^chaos(-store)?: (recovered|goroutines|serve killed|[0-9]+ requests|[0-9]+ delete|after|a damaged|peak|while bad|.* joined|no (Neo4j|Qdrant)|PASS)' "$work/chaos.log"
fi
step "done"
exit "$status"
