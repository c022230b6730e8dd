#!/usr/bin/env bash
# Ask latency of two or more builds of hybridrag side by side, against the
# same servers: a fresh Qdrant holding a collection per build (each
# ingested by its build, as the build writes its payload) and a fresh
# Neo4j (ingested by the last build). The builds serve at the same time
# and every ask goes to each of them in turn, the order rotating from one
# ask to the next, so that all meet the same drift of a shared machine's
# speed (scripts/scale.sh measures one build after the other, minutes
# apart, and two of its runs of one build differ by up to half). For the
# Qdrant setup and then Qdrant + Neo4j, it prints per pass the p50, p99
# and mean of each build over the gold questions (uncached, timed by curl
# as scripts/scale.sh does, after five warm-up asks).
#
#   git worktree add /tmp/old 89572de && (cd /tmp/old && go build -o /tmp/hybridrag-old ./cmd/hybridrag)
#   go build -o /tmp/hybridrag-new ./cmd/hybridrag
#   bash scripts/askab.sh /tmp/hybridrag-old /tmp/hybridrag-new
#
# Environment: HYBRIDRAG_ASKAB_PASSES (passes over the questions per
# setup, default 4), HYBRIDRAG_ASKAB_QUESTIONS (asks per pass, default
# 100, the gold questions in turn), HYBRIDRAG_ASKAB_NEO4J (0 skips the
# Neo4j setup). The servers come from scripts/qdrant.sh and
# scripts/neo4j.sh (their state under .tools/); work files go under
# .tools/askab/.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
dir="$root/.tools/askab"
passes=${HYBRIDRAG_ASKAB_PASSES:-4}
questions=${HYBRIDRAG_ASKAB_QUESTIONS:-100}
with_neo4j=${HYBRIDRAG_ASKAB_NEO4J:-1}
export HYBRIDRAG_CACHE_DIR=off
[ $# -ge 2 ] || { echo "usage: bash scripts/askab.sh BINARY BINARY..." >&2; exit 2; }
bins=()
for b in "$@"; do
  [ -x "$b" ] || { echo "askab.sh: $b is not an executable" >&2; exit 2; }
  bins+=("$(cd "$(dirname "$b")" && pwd)/$(basename "$b")")
done
n=${#bins[@]}
mkdir -p "$dir"

say() { echo "askab.sh: $*" >&2; }

pids=()
cleanup() {
  local p
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  bash scripts/qdrant.sh stop >/dev/null 2>&1 || true
  [ "$with_neo4j" = 0 ] || bash scripts/neo4j.sh stop >/dev/null 2>&1 || true
}
trap cleanup EXIT

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

python3 - "$root/testdata/questions.jsonl" "$questions" >"$dir/asks.jsonl" <<'EOF'
import json, sys
qs = [json.loads(l)["question"] for l in open(sys.argv[1]) if l.strip()]
for i in range(int(sys.argv[2])):
    print(json.dumps({"question": qs[i % len(qs)], "no_cache": True}))
EOF
data="$dir/data.jsonl"
[ -s "$data" ] || go run ./tools/scaledata --factor 1 --out "$data"

say "Qdrant: a collection per build"
url=$(bash scripts/qdrant.sh start | sed -n 's/^QDRANT_URL=//p')
http=$(cat .tools/qdrant/http_port)
for i in "${!bins[@]}"; do
  HYBRIDRAG_QDRANT_COLLECTION=askab_$i "${bins[$i]}" ingest --qdrant "$url" --data "$data" --embedder hashing >"$dir/ingest.log" 2>&1 ||
    { tail -n 20 "$dir/ingest.log" >&2; exit 1; }
done
for i in "${!bins[@]}"; do
  until curl -fs "http://127.0.0.1:$http/collections/askab_$i" | grep -q '"status":"green"'; do sleep 1; done
done
setups=(qdrant)
if [ "$with_neo4j" != 0 ]; then
  say "Neo4j, ingested by the last build"
  neo4j=$(bash scripts/neo4j.sh start | sed -n 's/^HYBRIDRAG_NEO4J_URI=//p')
  "${bins[$((n - 1))]}" ingest --neo4j "$neo4j" --data "$data" >"$dir/ingest-neo4j.log" 2>&1 ||
    { tail -n 20 "$dir/ingest-neo4j.log" >&2; exit 1; }
  setups+=(neo4j)
fi

# serve I SETUP starts build I and leaves its URL in serve_url once
# /healthz answers.
serve() {
  local i=$1 setup=$2 port args
  port=$(free_port)
  args=(--data "$data" --qdrant "$url")
  [ "$setup" = qdrant ] || args+=(--neo4j "$neo4j")
  HYBRIDRAG_QDRANT_COLLECTION=askab_$i "${bins[$i]}" serve --addr "127.0.0.1:$port" --timeout 120s "${args[@]}" >"$dir/serve-$i.log" 2>&1 &
  pids+=($!)
  until curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do
    kill -0 "${pids[-1]}" 2>/dev/null || { tail -n 20 "$dir/serve-$i.log" >&2; exit 1; }
    sleep 0.05
  done
  serve_url="http://127.0.0.1:$port"
}

# ask URL BODY prints the seconds the ask took; it fails on any non-200.
ask() {
  local code t
  read -r code t < <(curl -s -o /dev/null -w '%{http_code} %{time_total}\n' \
    -H 'content-type: application/json' -d "$2" "$1/v1/ask")
  [ "$code" = 200 ] || { say "ask answered $code: $2"; return 1; }
  echo "$t"
}

echo "| setup | pass | $(for b in "${bins[@]}"; do printf '%s p50 / p99 / mean | ' "$(basename "$b")"; done)load |"
echo "|---|---|$(for _ in "${bins[@]}"; do printf -- '---|'; done)---|"
for setup in "${setups[@]}"; do
  urls=()
  for i in "${!bins[@]}"; do
    serve "$i" "$setup"
    urls+=("$serve_url")
  done
  head -n 5 "$dir/asks.jsonl" | while IFS= read -r body; do
    for u in "${urls[@]}"; do ask "$u" "$body" >/dev/null; done
  done
  for p in $(seq 1 "$passes"); do
    for i in "${!bins[@]}"; do : >"$dir/times-$i"; done
    k=0
    while IFS= read -r body; do
      k=$((k + 1))
      for j in $(seq 0 $((n - 1))); do
        i=$(((k + p + j) % n))
        ask "${urls[$i]}" "$body" >>"$dir/times-$i"
      done
    done <"$dir/asks.jsonl"
    python3 - "$dir" "$n" "$setup" "$p" "$(cut -d' ' -f1 /proc/loadavg)" <<'EOF'
import sys
d, n, setup, p, load = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
cells = []
for i in range(n):
    t = sorted(float(l) * 1000 for l in open("%s/times-%d" % (d, i)))
    cells.append("%.1f / %.1f / %.1f ms" % (t[len(t) // 2], t[min(len(t) - 1, int(0.99 * len(t)))], sum(t) / len(t)))
print("| %s | %s | %s | %s |" % (setup, p, " | ".join(cells), load))
EOF
  done
  for q in "${pids[@]}"; do kill "$q" 2>/dev/null || true; done
  pids=()
done
