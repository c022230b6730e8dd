#!/usr/bin/env bash
# The whole test suite. On a fresh machine it installs and starts the real
# components the integration tests need — the MiniLM embedding model and
# ONNX Runtime, an embedded Neo4j 5.26, an Oxigraph SPARQL server loaded
# with the Wikidata-shaped subset, OpenRefine 3.6 (a real reconciliation
# client), Debian's Chromium (for the web page's browser tests) and, when
# its prebuilt binary is present, Qdrant — then checks
# formatting, runs go vet and staticcheck, fuzzes the parsers briefly, runs
# every test with the race detector (and the library facade's examples
# without it), and stops the servers it started.
#
#   bash scripts/test.sh            # everything
#   bash scripts/test.sh -run Ask   # extra flags go to go test
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

echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './.tools/*'))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

echo "== go vet"
go vet ./...

echo "== staticcheck"
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
echo "== fuzzing"
bash scripts/fuzz.sh 3s FuzzParse FuzzFind FuzzSchemeParsers FuzzRoute FuzzJSONLSource FuzzCSVSource FuzzHandler

echo "== installing the embedding model and ONNX Runtime"
while IFS= read -r line; do export "$line"; done < <(bash scripts/install-model.sh | grep '^HYBRIDRAG_')

started=()
stop_servers() {
  for s in "${started[@]}"; do
    bash "scripts/$s.sh" stop >/dev/null 2>&1 || true
  done
}
trap stop_servers EXIT

echo "== starting Neo4j, the SPARQL server, OpenRefine and Qdrant"
start_server() {
  # Starts scripts/$1.sh unless it is already running, and exports the line
  # it prints. Only servers started here are stopped at the end.
  local name=$1 out
  if out=$(bash "scripts/$name.sh" status 2>/dev/null); then
    echo "$name already running: $out"
  else
    out=$(bash "scripts/$name.sh" start)
    started+=("$name")
  fi
  export "${out?}"
}
# Both start in parallel; the SPARQL server is ready in about a second,
# Neo4j in ten.
bash scripts/sparql.sh install >/dev/null &
bash scripts/neo4j.sh build >/dev/null
wait
start_server sparql
start_server neo4j
start_server openrefine
# Qdrant runs from a prebuilt binary (ready in about a second) when one is
# present; without it the live Qdrant tests skip and say why, and the
# adapter's gRPC contract tests still run.
if qdrant_bin=$(bash scripts/qdrant.sh binary 2>/dev/null); then
  # The tests search exactly, so the server builds no HNSW graph: that
  # would take a core for a minute or more while the tests run.
  export QDRANT__STORAGE__OPTIMIZERS__INDEXING_THRESHOLD_KB=0
  start_server qdrant
  unset QDRANT__STORAGE__OPTIMIZERS__INDEXING_THRESHOLD_KB
  export HYBRIDRAG_QDRANT_BIN="$qdrant_bin" HYBRIDRAG_REQUIRE_QDRANT=1
else
  echo "no Qdrant server binary: the live Qdrant tests skip (see scripts/qdrant.sh)"
fi

echo "== loading the dataset into Neo4j${QDRANT_URL:+ and Qdrant}"
go build -o .tools/bin/hybridrag ./cmd/hybridrag
if [ -n "${QDRANT_URL:-}" ]; then
  # Both servers load at once; Qdrant gets the default hashing vectors,
  # which its live tests compare with the embedded vector index.
  .tools/bin/hybridrag ingest --qdrant "$QDRANT_URL" --embedder hashing &
  qdrant_ingest=$!
fi
.tools/bin/hybridrag ingest --neo4j "$HYBRIDRAG_NEO4J_URI"
if [ -n "${qdrant_ingest:-}" ]; then
  wait "$qdrant_ingest"
  export HYBRIDRAG_QDRANT_TEST_COLLECTION=hybridrag
fi

# The web page's browser tests (server/web) drive Debian's headless
# Chromium against "hybridrag serve" run from the binary built above (not
# under the race detector): about 20 s of wall time and 8 s of CPU, most of
# it the server building its indexes; installing Chromium takes about a
# minute once.
echo "== installing Chromium for the browser tests"
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "chromium is not installed; run: sudo apt-get update && sudo apt-get install -y chromium" >&2; exit 1
  fi
  mkdir -p .tools
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >.tools/chromium-apt.log 2>&1 ||
    { tail -n 20 .tools/chromium-apt.log >&2; echo "apt-get install chromium failed" >&2; exit 1; }
fi
export HYBRIDRAG_BIN="$root/.tools/bin/hybridrag"

# The integration tests fail, rather than skip, when a component is missing
# (Qdrant only when its binary is present, see above).
export HYBRIDRAG_REQUIRE_MODEL=1 HYBRIDRAG_REQUIRE_NEO4J=1 HYBRIDRAG_REQUIRE_SPARQL=1 HYBRIDRAG_REQUIRE_OPENREFINE=1 HYBRIDRAG_REQUIRE_BROWSER=1

echo "== go test -race"
go test -race -count=1 -timeout 30m ./... "$@"

# The library facade's examples build the full indexes: about 8 s of CPU
# without the race detector, about 45 s with it, so they run without it.
echo "== examples of the library facade"
go test -count=1 -run '^Example' .
