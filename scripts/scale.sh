#!/usr/bin/env bash
# Scale benchmark: the bundled dataset multiplied 1×, 10×, 60× (synthetic
# copies with their own names, places and ids, tools/scaledata), served by
# the embedded default and with the vectors in Qdrant. For each factor it
# reports, for the embedded default, the start-up of `hybridrag serve`
# with an empty cache directory (the cold start: the dataset parsed, the
# indexes built and kept) and again from that cache (the seconds to
# answering /healthz, and the CPU seconds the process spent until then),
# the resident memory after the asks and the p50/p99 latency of uncached
# asks over HTTP; for Qdrant the ingest time and the same without the
# cache. Then, in one process, the embedded ask at the first factor
# against each other one, asked in turn (the ratio of the p50s; see the
# end of this script), and what each component of the embedded default
# holds in the live heap per record at each factor and per record added
# between the first factor and the last (tools/memcost).
#
#   bash scripts/scale.sh            # factors 1 and 10
#   bash scripts/scale.sh 1 10 60    # 60× needs several GB of RAM and a long time
#
# Environment: HYBRIDRAG_SCALE_QUESTIONS (asks per run, default 100, the gold
# questions in turn), HYBRIDRAG_SCALE_EF (also serve approximate Qdrant search
# with this hnsw_ef; default 256, 0 skips it), HYBRIDRAG_SCALE_NEO4J (the
# factors at which the graph also goes to Neo4j, e.g. "1 10"; default none:
# scripts/neo4j.sh starts a fresh database for each, the ingest is timed and
# serve answers with --qdrant and --neo4j), HYBRIDRAG_SCALE_HNSW (0: do not
# build Qdrant's HNSW index, e.g. at 60×, where it takes more than an hour
# on 2 cores; Qdrant then searches exactly and the HNSW row is left out),
# HYBRIDRAG_SCALE_SETUPS (default "embedded qdrant"; one of them runs only
# that setup, "none" only the in-process ratio and the memory),
# HYBRIDRAG_SCALE_RATIO_ROUNDS (see below), HYBRIDRAG_SCALE_MEMCOST (0
# skips the memory per record). Needs curl, python3 and, for Qdrant, the
# Qdrant binary scripts/qdrant.sh finds (and java + mvn for Neo4j). Work
# files go under .tools/scale/; the embedded default's cache directory of
# factor F is .tools/scale/cache-F/, emptied before its cold start.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
dir="$root/.tools/scale"
questions=${HYBRIDRAG_SCALE_QUESTIONS:-100}
# The copies never fill the user's index cache: the embedded default has
# a cache directory of its own per factor, the Qdrant setups none (their
# indexes are built in memory at each start).
export HYBRIDRAG_CACHE_DIR=off
memcost=${HYBRIDRAG_SCALE_MEMCOST:-1}
ef=${HYBRIDRAG_SCALE_EF:-256}
neo4j_factors=" ${HYBRIDRAG_SCALE_NEO4J:-} "
hnsw=${HYBRIDRAG_SCALE_HNSW:-1}
setups=" ${HYBRIDRAG_SCALE_SETUPS:-embedded qdrant} "
factors=("$@")
[ ${#factors[@]} -gt 0 ] || factors=(1 10)
mkdir -p "$dir"

say() { echo "scale.sh: $*" >&2; }

serve_pid=
cleanup() {
  [ -z "$serve_pid" ] || kill "$serve_pid" 2>/dev/null || true
  bash scripts/qdrant.sh stop >/dev/null 2>&1 || true
  [ "$neo4j_factors" = "  " ] || bash scripts/neo4j.sh stop >/dev/null 2>&1 || true
}
trap cleanup EXIT

[ "${setups/ qdrant /}" = "$setups" ] || bash scripts/qdrant.sh binary >/dev/null
say "building hybridrag"
go build -o "$dir/hybridrag" ./cmd/hybridrag
bin="$dir/hybridrag"

# The gold questions as JSON request bodies, one a line.
python3 - "$root/testdata/questions.jsonl" "$questions" >"$dir/asks.jsonl" <<'EOF'
import json, sys
qs = [json.loads(l)["question"] for l in open(sys.argv[1]) if l.strip()]
n = int(sys.argv[2])
for i in range(n):
    print(json.dumps({"question": qs[i % len(qs)], "no_cache": True}))
EOF

# make_data FACTOR writes the dataset FACTOR times the bundled one: the
# real records and synthetic copies with their own names, places, years
# and ids (tools/scaledata, seed 1).
make_data() {
  local f=$1 out="$dir/data-$1.jsonl"
  if [ ! -s "$out" ]; then
    say "writing ${f}× the dataset to $out"
    go run ./tools/scaledata --factor "$f" --out "$out.tmp"
    mv "$out.tmp" "$out"
  fi
  echo "$out"
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

rss_mb() { awk '/^VmRSS/ {printf "%.0f", $2/1024}' "/proc/$1/status"; }

# cpu_secs PID is the CPU time (user + system) the process has spent.
cpu_secs() { awk -v t="$(getconf CLK_TCK)" '{printf "%.1f", ($14 + $15) / t}' "/proc/$1/stat"; }

# serve ARGS... starts hybridrag serve and waits for /healthz; it leaves
# the pid in serve_pid, the URL in serve_url, the start-up seconds in
# serve_secs and the CPU seconds spent until then in serve_cpu.
serve() {
  local port t0
  port=$(free_port)
  serve_url="http://127.0.0.1:$port"
  t0=$(date +%s.%N)
  "$bin" serve --addr "127.0.0.1:$port" --timeout 120s "$@" >"$dir/serve.log" 2>&1 &
  serve_pid=$!
  until curl -fs "$serve_url/healthz" >/dev/null 2>&1; do
    kill -0 "$serve_pid" 2>/dev/null || { tail -n 20 "$dir/serve.log" >&2; say "serve exited"; exit 1; }
    sleep 0.05
  done
  serve_secs=$(python3 -c "import time; print(round(time.time() - $t0, 1))")
  serve_cpu=$(cpu_secs "$serve_pid")
}

stop_serve() {
  kill "$serve_pid"
  wait "$serve_pid" 2>/dev/null || true
  serve_pid=
}

# asks sends every request of asks.jsonl in turn, after five unmeasured
# ones that warm the process up; it prints "p50 p99" in milliseconds and
# fails on any non-200 answer.
asks() {
  local body code t
  head -n 5 "$dir/asks.jsonl" | while IFS= read -r body; do
    curl -s -o /dev/null -H 'content-type: application/json' -d "$body" "$serve_url/v1/ask"
  done
  : >"$dir/times"
  while IFS= read -r body; do
    read -r code t < <(curl -s -o /dev/null -w '%{http_code} %{time_total}\n' \
      -H 'content-type: application/json' -d "$body" "$serve_url/v1/ask")
    [ "$code" = 200 ] || { say "ask answered $code: $body"; exit 1; }
    echo "$t" >>"$dir/times"
  done <"$dir/asks.jsonl"
  python3 - "$dir/times" <<'EOF'
import sys
t = sorted(float(l) * 1000 for l in open(sys.argv[1]))
q = lambda p: t[min(len(t) - 1, int(p * len(t)))]
print("%.1f %.1f" % (q(0.50), q(0.99)))
EOF
}

# wait_indexed waits until Qdrant has finished optimising the collection
# (its HNSW graph is built) and prints the seconds it waited.
wait_indexed() {
  local http t0=$SECONDS
  http=$(cat .tools/qdrant/http_port)
  until curl -fs "http://127.0.0.1:$http/collections/hybridrag" | grep -q '"status":"green"'; do
    sleep 1
  done
  echo $((SECONDS - t0))
}

echo "| records | setup | serve start-up (CPU) | from the cache (CPU) | ingest | RSS hybridrag | RSS servers | ask p50 | ask p99 |"
echo "|---|---|---|---|---|---|---|---|---|"
for f in "${factors[@]}"; do
  data=$(make_data "$f")
  n=$(wc -l <"$data")

  if [ "${setups/ embedded /}" != "$setups" ]; then
    say "${f}×: embedded, cold start into an empty cache directory, then from the cache"
    rm -rf "$dir/cache-$f"
    HYBRIDRAG_CACHE_DIR="$dir/cache-$f" serve --data "$data"
    cold="${serve_secs} s (${serve_cpu} s)"
    stop_serve
    HYBRIDRAG_CACHE_DIR="$dir/cache-$f" serve --data "$data"
    read -r p50 p99 < <(asks)
    echo "| $n | embedded | $cold | ${serve_secs} s (${serve_cpu} s) | – | $(rss_mb "$serve_pid") MB | – | ${p50} ms | ${p99} ms |"
    stop_serve
  fi
  [ "${setups/ qdrant /}" != "$setups" ] || continue

  say "${f}×: Qdrant"
  bash scripts/qdrant.sh stop >/dev/null 2>&1 || true
  if [ "$hnsw" = 0 ]; then
    # No HNSW graph at all: building it in the background would take the
    # CPU the asks are measured on.
    url=$(QDRANT__STORAGE__OPTIMIZERS__INDEXING_THRESHOLD_KB=0 bash scripts/qdrant.sh start | sed -n 's/^QDRANT_URL=//p')
  else
    url=$(bash scripts/qdrant.sh start | sed -n 's/^QDRANT_URL=//p')
  fi
  t0=$(date +%s.%N)
  "$bin" ingest --qdrant "$url" --data "$data" --embedder hashing >"$dir/ingest.log" 2>&1 ||
    { tail -n 20 "$dir/ingest.log" >&2; exit 1; }
  ingest_secs=$(python3 -c "import time; print(round(time.time() - $t0, 1))")
  if [ "$hnsw" = 0 ]; then
    index_note="no HNSW index"
  else
    index_note="+$(wait_indexed) s HNSW build"
  fi
  qpid=$(cat .tools/qdrant/qdrant.pid)
  serve --data "$data" --qdrant "$url"
  read -r p50 p99 < <(asks)
  echo "| $n | Qdrant, exact search | ${serve_secs} s (${serve_cpu} s) | – | Qdrant ${ingest_secs} s (${index_note}) | $(rss_mb "$serve_pid") MB | Qdrant $(rss_mb "$qpid") MB | ${p50} ms | ${p99} ms |"
  stop_serve
  if [ "${neo4j_factors/ $f /}" != "$neo4j_factors" ]; then
    say "${f}×: Qdrant + Neo4j"
    neo4j=$(bash scripts/neo4j.sh start | sed -n 's/^HYBRIDRAG_NEO4J_URI=//p')
    t0=$(date +%s.%N)
    "$bin" ingest --neo4j "$neo4j" --data "$data" >"$dir/ingest-neo4j.log" 2>&1 ||
      { tail -n 20 "$dir/ingest-neo4j.log" >&2; exit 1; }
    neo4j_secs=$(python3 -c "import time; print(round(time.time() - $t0, 1))")
    npid=$(cat .tools/neo4j/neo4j.pid)
    serve --data "$data" --qdrant "$url" --neo4j "$neo4j"
    read -r p50 p99 < <(asks)
    echo "| $n | Qdrant, exact search + Neo4j | ${serve_secs} s (${serve_cpu} s) | – | Neo4j ${neo4j_secs} s | $(rss_mb "$serve_pid") MB | Qdrant $(rss_mb "$qpid") MB + Neo4j $(rss_mb "$npid") MB | ${p50} ms | ${p99} ms |"
    stop_serve
    bash scripts/neo4j.sh stop >/dev/null 2>&1
  fi
  if [ "$ef" != 0 ] && [ "$hnsw" != 0 ]; then
    export HYBRIDRAG_QDRANT_SEARCH_EF=$ef
    serve --data "$data" --qdrant "$url"
    unset HYBRIDRAG_QDRANT_SEARCH_EF
    read -r p50 p99 < <(asks)
    echo "| $n | Qdrant, HNSW ef $ef | ${serve_secs} s (${serve_cpu} s) | – | (same) | $(rss_mb "$serve_pid") MB | Qdrant $(rss_mb "$qpid") MB | ${p50} ms | ${p99} ms |"
    stop_serve
  fi
  bash scripts/qdrant.sh stop >/dev/null 2>&1
done

# The ask's cost in process, the smallest factor against each larger one:
# the two pipelines in one process, asked the gold questions uncached in
# turn, so that both meet the same drift of the machine's speed
# (BenchmarkAskScaleRatio; HYBRIDRAG_SCALE_RATIO_ROUNDS rounds of 240 asks
# each, default 12, 0 skips it).
rounds=${HYBRIDRAG_SCALE_RATIO_ROUNDS:-12}
if [ "$rounds" != 0 ] && [ ${#factors[@]} -gt 1 ]; then
  base=$(make_data "${factors[0]}")
  echo
  echo "| records base / larger | p50 base | p50 larger | ratio | p99 base / larger | CPU per ask base / larger |"
  echo "|---|---|---|---|---|---|"
  for f in "${factors[@]:1}"; do
    data=$(make_data "$f")
    say "${factors[0]}× against ${f}× in process, $rounds rounds"
    HYBRIDRAG_BENCH_BASE="$base" HYBRIDRAG_BENCH_DATA="$data" \
      go test ./pipeline -run '^$' -bench AskScaleRatio -benchtime "${rounds}x" -timeout 60m |
      awk -v b="$(wc -l <"$base")" -v l="$(wc -l <"$data")" '/^BenchmarkAskScaleRatio/ {
        for (i = 3; i < NF; i += 2) m[$(i + 1)] = $i
        printf "| %d / %d | %s ms | %s ms | **%.2f×** | %s / %s ms | %s / %s ms |\n", b, l,
          m["base-p50-ms"], m["p50-ms"], m["p50-ratio"], m["base-p99-ms"], m["p99-ms"],
          m["base-cpu-ms/ask"], m["cpu-ms/ask"]
      }'
  done
fi

# What each component holds in the live heap (tools/memcost: the dataset
# loaded, then each index built over it in turn), in bytes per record at
# each factor, and per record added between the first factor and the last.
if [ "$memcost" != 0 ]; then
  say "building memcost"
  go build -o "$dir/memcost" ./tools/memcost
  outs=()
  for f in "${factors[@]}"; do
    data=$(make_data "$f")
    say "${f}×: live heap per component"
    "$dir/memcost" --data "$data" >"$dir/memcost-$f.txt"
    outs+=("$dir/memcost-$f.txt")
  done
  echo
  python3 - "${outs[@]}" <<'PY'
import sys
runs = []  # (records, {component: MB}, components in order)
for path in sys.argv[1:]:
    lines = open(path).read().splitlines()
    n = int(lines[0].split()[0])
    mb, order = {}, []
    for l in lines[1:]:
        if l.startswith("| field"):
            break
        cells = [c.strip() for c in l.strip("|").split("|")]
        if len(cells) == 3 and cells[1].endswith(" MB"):
            mb[cells[0]] = float(cells[1][:-3])
            order.append(cells[0])
    runs.append((n, mb, order))
head = "| live heap | " + " | ".join("%s records" % format(n, ",") for n, _, _ in runs)
if len(runs) > 1:
    head += " | per record added | total at %s" % format(runs[-1][0], ",")
head += " |"
print(head)
print("|---" * (head.count("|") - 1) + "|")
(n0, mb0, order), (n1, mb1, _) = runs[0], runs[-1]
for c in order:
    row = "| %s | " % c + " | ".join("%d B" % round(mb[c] * 1e6 / n) for n, mb, _ in runs)
    if len(runs) > 1:
        row += " | **%d B** | %.0f MB" % (round((mb1[c] - mb0[c]) * 1e6 / (n1 - n0)), mb1[c])
    print(row + " |")
PY
fi
