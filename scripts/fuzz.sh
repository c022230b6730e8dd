#!/usr/bin/env bash
# Runs the native Go fuzz targets one after another and prints a summary
# table (target, time, executions, new corpus entries, result).
#
#   bash scripts/fuzz.sh                 # every target for 10 minutes
#   bash scripts/fuzz.sh 2               # every target for 2 minutes
#   bash scripts/fuzz.sh 3s FuzzRoute    # a Go duration, and only the targets named
#   bash scripts/fuzz.sh 2000x           # a number of executions per target
#
# Go 1.26's fuzzing coordinator can fail a target with a bare "context
# deadline exceeded" when a duration runs out while a worker is busy
# (go.dev/issue/75804, fixed in Go 1.27); that result, with no failing
# input written, is reported as "deadline" and does not fail the run. A
# count of executions has no deadline to race.
#
# A failing input is written by go test to <package>/testdata/fuzz/<Target>/
# and then runs as a unit test in plain `go test`; the script goes on with
# the other targets and exits 1 at the end. Environment:
# HYBRIDRAG_FUZZ_PARALLEL (fuzz workers per target, default 1: the machines
# this runs on are shared), HYBRIDRAG_FUZZ_MINIMIZE (how long a new input
# is minimised, default 10s), HYBRIDRAG_FUZZ_LOGS (a directory that keeps
# each target's go test output; by default it is kept only on failure).
set -euo pipefail
cd "$(dirname "$0")/.."

duration=${1:-10}
shift || true
if [[ $duration =~ ^[0-9]+$ ]]; then
  duration=${duration}m
fi
parallel=${HYBRIDRAG_FUZZ_PARALLEL:-1}
minimize=${HYBRIDRAG_FUZZ_MINIMIZE:-10s}
logs=${HYBRIDRAG_FUZZ_LOGS:-}
if [ -z "$logs" ]; then
  logs=$(mktemp -d)
  keep_logs=0
else
  mkdir -p "$logs"
  keep_logs=1
fi

# package target
targets=(
  "./ident FuzzParse"
  "./ident FuzzFind"
  "./ident FuzzSchemeParsers"
  "./filter FuzzParse"
  "./router FuzzRoute"
  "./enrich FuzzJSONLSource"
  "./enrich FuzzCSVSource"
  "./reconcile FuzzHandler"
  "./server FuzzServer"
  "./context FuzzPieces"
  "./context FuzzCount"
  "./sources FuzzStoreRead"
  "./sources FuzzRead"
  "./heritage FuzzDecode"
)

only=("$@")
# selected reports whether the target was asked for (all when none were).
selected() {
  [ ${#only[@]} -eq 0 ] && return 0
  for o in "${only[@]}"; do
    [ "$o" = "$1" ] && return 0
  done
  return 1
}

rows=()
failed=0
for t in "${targets[@]}"; do
  read -r pkg name <<<"$t"
  selected "$name" || continue
  log="$logs/${pkg#./}-$name.log"
  start=$(date +%s)
  if go test -run '^$' -fuzz "^$name\$" -fuzztime "$duration" -fuzzminimizetime "$minimize" \
    -parallel "$parallel" "$pkg" >"$log" 2>&1; then
    result=ok
  elif ! grep -q 'Failing input written' "$log" &&
    [ "$(grep -A1 -- "^--- FAIL: $name " "$log" | tail -n 1 | tr -d '[:space:]')" = contextdeadlineexceeded ]; then
    result=deadline
  else
    result=FAIL
    failed=1
  fi
  secs=$(($(date +%s) - start))
  # the last progress line: "fuzz: elapsed: 3s, execs: 1234 (411/sec), new interesting: 5 (total: 12)"
  last=$(grep -E '^fuzz: elapsed: .*execs: ' "$log" | tail -n 1 || true)
  execs=$(sed -nE 's/.*execs: ([0-9]+).*/\1/p' <<<"$last")
  fresh=$(sed -nE 's/.*new interesting: ([0-9]+).*/\1/p' <<<"$last")
  rows+=("$(printf '%-12s %-18s %6ss %10s %6s  %s' "$pkg" "$name" "$secs" "${execs:-0}" "${fresh:-0}" "$result")")
  if [ "$result" = FAIL ]; then
    echo "== $pkg $name failed; see $log" >&2
    grep -E -- '--- FAIL|Failing input|testdata/fuzz' "$log" >&2 || tail -n 20 "$log" >&2
  fi
done

printf '%-12s %-18s %7s %10s %6s  %s\n' package target wall execs new result
printf '%s\n' "${rows[@]}"
if [ $failed -eq 0 ] && [ $keep_logs -eq 0 ]; then
  rm -rf "$logs"
  echo "(fuzzing time per target: $duration; wall includes building and setup)"
else
  echo "(fuzzing time per target: $duration; wall includes building and setup; logs in $logs)"
fi
exit $failed
