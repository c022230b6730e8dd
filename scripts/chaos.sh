#!/usr/bin/env bash
# Small-scale reliability run: "hybridrag serve" with a SPARQL backend that
# is healthy, then answers garbage, hangs, streams an endless body, is
# killed, and comes back; then serve itself is killed (-9) and started
# again; a load generator asks questions throughout.
#
#   bash scripts/chaos.sh
#
# It asserts that
#   - every reply is 2xx or 503 (a degraded answer is a 200 with errors),
#   - no reply takes longer than the request timeout + 1 s,
#   - after the backend is back, questions asked while it failed are
#     answered whole (errors empty): no degraded answer is served from a cache,
#   - the server's peak RSS stays under CHAOS_RSS_MB,
#   - the server ends the backend's failures with no more goroutines than it
#     had before them (CHAOS_GOROUTINE_SLACK, default 20),
#   - after serve is killed with -9 mid-load and started again on the same
#     cache directory, it answers within 10 s; while it is down the clients
#     see refused connections and nothing else,
#   - serve started while its backends answer garbage (the SPARQL endpoint,
#     and Neo4j and Qdrant when given) serves at once, names each backend
#     in answers' errors and in /readyz (503) as retried, and once they are
#     healthy takes them in without a restart, within CHAOS_JOIN_SECONDS
#     (default 15): /readyz 200 and answers without those errors,
#   - the store of users' sources survives kill -9 during delete and ingest,
#     an emptied source and a damaged CURRENT (scripts/chaos-store.sh;
#     CHAOS_STORE_KILLS runs, default 25).
#
# Environment: CHAOS_PORT (serve, default 28190), CHAOS_BACKEND_PORT (default
# 28191), CHAOS_PHASE_SECONDS (default 6), CHAOS_WORKERS (default 4),
# CHAOS_RSS_MB (default 1500), CHAOS_UPSTREAM (a real SPARQL endpoint the
# backend forwards to when healthy, e.g. from scripts/sparql.sh start;
# default: a built-in empty answer), CHAOS_BIN (a built hybridrag; default:
# built here), CHAOS_NEO4J (the bolt:// URI of a Neo4j loaded with the
# bundled data; default HYBRIDRAG_NEO4J_URI) and CHAOS_QDRANT (the gRPC URL of
# a Qdrant loaded with hashing vectors; default QDRANT_URL), each put behind
# a port of its own (CHAOS_NEO4J_PROXY_PORT, default 28192;
# CHAOS_QDRANT_PROXY_PORT, default 28193) that answers garbage, then forwards.
# Needs go, python3 and curl. Takes about 100 s; scripts/test.sh runs it
# with 2 s phases (about 45 s) after the tests that talk to servers.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PORT="${CHAOS_PORT:-28190}"
BPORT="${CHAOS_BACKEND_PORT:-28191}"
PHASE="${CHAOS_PHASE_SECONDS:-6}"
WORKERS="${CHAOS_WORKERS:-4}"
RSS_MB="${CHAOS_RSS_MB:-1500}"
GOROUTINE_SLACK="${CHAOS_GOROUTINE_SLACK:-20}"
JOIN_SECONDS="${CHAOS_JOIN_SECONDS:-15}"
NEO4J="${CHAOS_NEO4J:-${HYBRIDRAG_NEO4J_URI:-}}"
QDRANT="${CHAOS_QDRANT:-${QDRANT_URL:-}}"
NPORT="${CHAOS_NEO4J_PROXY_PORT:-28192}"
QPORT="${CHAOS_QDRANT_PROXY_PORT:-28193}"
TIMEOUT=5
WORK=$(mktemp -d)
MODE="$WORK/mode"
PHASEFILE="$WORK/phase"
SERVE_PID="" BACKEND_PID="" WORKER_PIDS=() FLIP_PIDS=()

cleanup() {
	for p in "${WORKER_PIDS[@]}" "$SERVE_PID" "$BACKEND_PID" "${FLIP_PIDS[@]}"; do
		[ -n "$p" ] && kill "$p" 2>/dev/null || true
	done
	wait 2>/dev/null || true
	rm -rf "$WORK"
}
trap cleanup EXIT

start_backend() {
	python3 "$ROOT/scripts/chaos/backend.py" "$BPORT" "$MODE" ${CHAOS_UPSTREAM:+"$CHAOS_UPSTREAM"} &
	BACKEND_PID=$!
	for _ in $(seq 50); do
		curl -s -o /dev/null -X POST "http://127.0.0.1:$BPORT/" && return 0
		sleep 0.1
	done
	echo "chaos: the backend did not start" >&2
	exit 1
}

echo ok >"$MODE"
echo healthy >"$PHASEFILE"
BIN="${CHAOS_BIN:-}"
if [ -z "$BIN" ]; then
	(cd "$ROOT" && go build -o "$WORK/hybridrag" ./cmd/hybridrag)
	BIN="$WORK/hybridrag"
fi
start_backend
# start_serve [ENDPOINT [FLAGS...]] starts serve on its own index cache
# with FLAGS and waits (at most 60 s) until ENDPOINT (default /readyz)
# answers 200.
start_serve() {
	local until=${1:-readyz}
	shift || true
	HYBRIDRAG_CACHE_DIR="$WORK/cache" "$BIN" serve --addr "127.0.0.1:$PORT" --sparql "http://127.0.0.1:$BPORT/sparql" \
		--timeout "${TIMEOUT}s" --leg-timeout 1s "$@" >>"$WORK/serve.log" 2>&1 &
	SERVE_PID=$!
	for _ in $(seq 120); do
		curl -sf -o /dev/null "http://127.0.0.1:$PORT/$until" && return 0
		sleep 0.5
	done
	echo "chaos: the server is not ready" >&2
	tail -5 "$WORK/serve.log" >&2
	exit 1
}
goroutines() {
	curl -s "http://127.0.0.1:$PORT/metrics" | awk '$1 == "go_goroutines" {print $2}'
}
start_serve

# The first four are asked while the backend is healthy, the last four
# only while it fails, so that the recovery check below would see a
# degraded answer kept by a cache. Every other request sets no_cache, so
# the backend is asked throughout.
QUESTIONS=(
	"What is the ISIL code of Heimatstube im Elbtor?"
	"Which museums are part of National Museums Scotland?"
	"What is the GND identifier of Stadtarchiv Bruchsal?"
	"Which accredited museums are in Rye?"
	"What is the ISIL code of Stadtarchiv Bruchsal?"
	"Which museums are part of National Museums Liverpool?"
	"Which museums are in Ramsgate?"
	"What is the website of the Whitby Museum?"
)

worker() {
	local i=$1 n=0
	while [ -f "$PHASEFILE" ]; do
		local phase
		phase=$(cat "$PHASEFILE" 2>/dev/null || echo done)
		[ "$phase" = done ] && break
		local k=$(((i + n) % 4)) nocache=false
		case "$phase" in healthy | recovered | restarted) ;; *) k=$((k + 4)) ;; esac
		[ $((n % 2)) = 1 ] && nocache=true
		local q=${QUESTIONS[$k]} out
		out=$(curl -s -o /dev/null --max-time 30 -w '%{http_code} %{time_total}' \
			-H 'Content-Type: application/json' -d "{\"question\": \"$q\", \"no_cache\": $nocache}" \
			"http://127.0.0.1:$PORT/v1/ask") || true
		[ -n "$out" ] || out="000 30"
		# An ask that serve's kill cut short is one of the restart's.
		[ "$(cat "$PHASEFILE" 2>/dev/null)" = restarting ] && phase=restarting
		echo "$phase $out" >>"$WORK/results.$i"
		n=$((n + 1))
	done
}
for i in $(seq "$WORKERS"); do
	worker "$i" &
	WORKER_PIDS+=($!)
done

phase() {
	echo "$1" >"$PHASEFILE.new"
	mv "$PHASEFILE.new" "$PHASEFILE"
	echo "chaos: $1"
}
phase healthy; sleep "$PHASE"
goroutines_before=$(goroutines)
phase garbage; echo garbage >"$MODE"; sleep "$PHASE"
phase hung; echo hung >"$MODE"; sleep "$PHASE"
phase huge; echo huge >"$MODE"; sleep "$PHASE"
phase killed; kill "$BACKEND_PID"; wait "$BACKEND_PID" 2>/dev/null || true; BACKEND_PID=""; sleep "$PHASE"
echo ok >"$MODE"; start_backend
back=$(date +%s.%N)
phase recovered

fail=0
# Recovery: once the circuit breaker lets requests through again (its
# cool-down is 2 s), every question is answered whole, including those
# answered degraded a moment ago, while the clients go on asking.
recovered=""
for _ in $(seq 150); do
	# The questions that still come back with errors, asked in one go.
	left=$(python3 - "http://127.0.0.1:$PORT/v1/ask" "${QUESTIONS[@]}" <<'EOF2'
import json, sys, urllib.request
left = 0
for q in sys.argv[2:]:
    req = urllib.request.Request(sys.argv[1], data=json.dumps({"question": q}).encode(),
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            left += 1 if json.load(r).get("errors") else 0
    except Exception:
        left += 1
print(left)
EOF2
	)
	if [ "$left" = 0 ]; then
		recovered=$(python3 -c "import time; print(round(time.time() - $back, 1))")
		break
	fi
	sleep 0.2
done
if [ -n "$recovered" ]; then
	echo "chaos: recovered ${recovered} s after the backend came back: every question answered without errors"
	if python3 -c "import sys; sys.exit(0 if $recovered <= 5 else 1)"; then :; else
		echo "FAIL: recovery took longer than 5 s" >&2
		fail=1
	fi
else
	echo "FAIL: answers still carry errors after the backend came back" >&2
	fail=1
fi
sleep "$PHASE"
goroutines_after=$(goroutines)
echo "chaos: goroutines $goroutines_before while healthy, $goroutines_after after the failures (slack $GOROUTINE_SLACK)"
if [ -z "$goroutines_after" ] || [ "$goroutines_after" -gt $((goroutines_before + GOROUTINE_SLACK)) ]; then
	echo "FAIL: the failures left goroutines behind" >&2
	fail=1
fi
peak_kb=$(awk '/VmHWM/ {print $2}' "/proc/$SERVE_PID/status")

# serve killed mid-load and started again on the same cache directory.
phase restarting
kill -9 "$SERVE_PID"
wait "$SERVE_PID" 2>/dev/null || true
t0=$(date +%s.%N)
start_serve
restart_secs=$(python3 -c "import time; print(round(time.time() - $t0, 1))")
phase restarted; sleep "$PHASE"
phase done
wait "${WORKER_PIDS[@]}" 2>/dev/null || true
WORKER_PIDS=()
echo "chaos: serve killed with -9 and ready again in ${restart_secs} s"
if python3 -c "import sys; sys.exit(0 if $restart_secs <= 10 else 1)"; then :; else
	echo "FAIL: serve took longer than 10 s to come back" >&2
	fail=1
fi

# Backends bad at start: serve is started again while the SPARQL endpoint
# (and Neo4j and Qdrant, when given, each behind a port that answers
# garbage) answer garbage; then they are healed, and must join without a
# restart.
kill "$SERVE_PID"
wait "$SERVE_PID" 2>/dev/null || true
echo garbage >"$MODE"
late=(--embedder hashing)
expect=(sparql)
flip() { # flip NAME URL PORT: a garbage-answering port in front of URL
	local hostport=${2#*://}
	hostport=${hostport%%/*}
	echo garbage >"$WORK/mode.$1"
	python3 "$ROOT/scripts/chaos/flip.py" "$3" "$hostport" "$WORK/mode.$1" &
	FLIP_PIDS+=($!)
	expect+=("$1")
}
if [ -n "$NEO4J" ]; then
	flip neo4j "$NEO4J" "$NPORT"
	late+=(--neo4j "bolt://127.0.0.1:$NPORT")
else
	echo "chaos: no Neo4j (CHAOS_NEO4J): its start-up failure is not run"
fi
if [ -n "$QDRANT" ]; then
	flip qdrant "$QDRANT" "$QPORT"
	late+=(--qdrant "http://127.0.0.1:$QPORT")
else
	echo "chaos: no Qdrant (CHAOS_QDRANT): its start-up failure is not run"
fi
t0=$(date +%s.%N)
start_serve healthz "${late[@]}"
echo "chaos: serve up in $(python3 -c "import time; print(round(time.time() - $t0, 1))") s with ${expect[*]} answering garbage"
# late_state prints "READY_STATUS FAILING_CHECKS RETRIED NAMED": the
# /readyz status with its failing checks, the sources an answer names as
# retried, and those it names in errors at all.
late_state() {
	python3 - "http://127.0.0.1:$PORT" <<'EOF2'
import json, sys, urllib.error, urllib.request
base = sys.argv[1]
try:
    with urllib.request.urlopen(base + "/readyz", timeout=10) as r:
        code, body = r.status, json.load(r)
except urllib.error.HTTPError as e:
    code, body = e.code, json.load(e)
failing = sorted(c["name"] for c in body["checks"] if c["status"] != "ok")
req = urllib.request.Request(base + "/v1/ask", headers={"Content-Type": "application/json"},
                             data=json.dumps({"question": "What is the ISIL code of Heimatstube im Elbtor?", "no_cache": True}).encode())
with urllib.request.urlopen(req, timeout=10) as r:
    errs = json.load(r).get("errors") or []
retried = sorted(e["source"] for e in errs if "unavailable: retrying since" in e["error"])
named = sorted(set(e["source"] for e in errs))
print(code, ",".join(failing) or "-", ",".join(retried) or "-", ",".join(named) or "-")
EOF2
}
read -r rcode rfailing rretried rnamed < <(late_state)
echo "chaos: while bad: /readyz $rcode failing $rfailing; answers name $rretried as retried"
want_checks=$(printf '%s\n' "${expect[@]}" | sort | paste -sd,)
want_sources=$(printf '%s\n' "${expect[@]}" | sed 's/^sparql$/wikidata/' | sort | paste -sd,)
if [ "$rcode" != 503 ] || [ "$rfailing" != "$want_checks" ] || [ "$rretried" != "$want_sources" ]; then
	echo "FAIL: a backend bad at start is not reported as retried (want /readyz 503 failing $want_checks, answers naming $want_sources)" >&2
	fail=1
fi
sleep "$PHASE"
echo ok >"$MODE"
for name in "${expect[@]}"; do [ "$name" = sparql ] || echo ok >"$WORK/mode.$name"; done
healed=$(date +%s.%N)
joined=""
for _ in $(seq $((JOIN_SECONDS * 5 + 25))); do
	read -r rcode rfailing rretried rnamed < <(late_state)
	case ",$rnamed," in
	*,wikidata,* | *,neo4j,* | *,qdrant,*) ;;
	*)
		if [ "$rcode" = 200 ]; then
			joined=$(python3 -c "import time; print(round(time.time() - $healed, 1))")
			break
		fi
		;;
	esac
	sleep 0.2
done
if [ -n "$joined" ]; then
	echo "chaos: ${expect[*]} joined ${joined} s after they were healed (/readyz 200, no answer names them in errors)"
	if python3 -c "import sys; sys.exit(0 if $joined <= $JOIN_SECONDS else 1)"; then :; else
		echo "FAIL: joining took longer than $JOIN_SECONDS s" >&2
		fail=1
	fi
else
	echo "FAIL: backends bad at start did not join once healthy: /readyz $rcode failing $rfailing; answers name $rnamed in errors" >&2
	fail=1
fi

cat "$WORK"/results.* >"$WORK/results"
total=$(wc -l <"$WORK/results")
# While serve is down, a refused connection (000) is all a client can get.
bad=$(awk '$2 !~ /^2/ && $2 != "503" && !($1 == "restarting" && $2 == "000")' "$WORK/results" | wc -l)
shed=$(awk '$2 == "503"' "$WORK/results" | wc -l)
down=$(awk '$1 == "restarting" && $2 == "000"' "$WORK/results" | wc -l)
slowest=$(awk 'BEGIN{m=0} $3>m{m=$3} END{print m}' "$WORK/results")
echo "chaos: $total requests, $bad neither 2xx nor 503, $shed shed (503), $down refused while serve was down, slowest ${slowest}s"
awk '{n[$1]++; s[$1]+=$3; if ($3>m[$1]) m[$1]=$3} END{for (p in n) printf "chaos:   %-10s %4d requests, mean %.3fs, max %.3fs\n", p, n[p], s[p]/n[p], m[p]}' "$WORK/results"
if [ "$bad" -ne 0 ]; then
	echo "FAIL: replies other than 2xx and 503:" >&2
	awk '$2 !~ /^2/ && $2 != "503" && !($1 == "restarting" && $2 == "000")' "$WORK/results" | sort | uniq -c | head >&2
	fail=1
fi
if awk -v lim=$((TIMEOUT + 1)) '$3 > lim {exit 1}' "$WORK/results"; then :; else
	echo "FAIL: a reply took longer than $((TIMEOUT + 1)) s" >&2
	fail=1
fi
echo "chaos: peak RSS $((peak_kb / 1024)) MB (ceiling $RSS_MB MB)"
if [ "$((peak_kb / 1024))" -gt "$RSS_MB" ]; then
	echo "FAIL: peak RSS over the ceiling" >&2
	fail=1
fi
if [ "$fail" -ne 0 ]; then
	tail -20 "$WORK/serve.log" >&2
fi
# The store of users' sources: kill -9 during delete and ingest, a source
# emptied of its last record, a damaged CURRENT (scripts/chaos-store.sh).
if ! CHAOS_BIN="$BIN" CHAOS_CACHE="$WORK/cache" bash "$ROOT/scripts/chaos-store.sh"; then
	fail=1
fi
[ "$fail" -eq 0 ] || exit 1
echo "chaos: PASS"
