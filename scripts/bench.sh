#!/usr/bin/env bash
# Benchmarks that run the built command as users do.
#
#   bash scripts/bench.sh start [runs]
#
# start: the wall time, CPU time and peak resident memory of `hybridrag ask`
# on a fresh cache directory: the first run (which builds the indexes into
# the cache), then `runs` more (default 5), which open them, and for
# comparison one run that builds everything in memory (--cache-dir off).
# Takes about a minute. Needs /usr/bin/time (GNU time).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "bench.sh: $*" >&2; }

start() {
  local runs=${1:-5}
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  say "building the command"
  go build -o "$work/hybridrag" ./cmd/hybridrag
  local q="What is the ISIL code of Heimatstube im Elbtor?"
  export HYBRIDRAG_CACHE_DIR="$work/cache"
  # one line per run: label wall_s cpu_s maxrss_kb
  measure() {
    local label=$1
    shift
    /usr/bin/time -f "$label %e %U %S %M" -o "$work/t" "$work/hybridrag" ask "$@" "$q" >/dev/null 2>"$work/err" ||
      { cat "$work/err" >&2; exit 1; }
    awk '{printf "%s %.2f %.2f %d\n", $1, $2, $3+$4, $5}' "$work/t" >>"$work/runs"
  }
  measure "no-cache" --cache-dir off
  measure "first"
  for _ in $(seq "$runs"); do measure "later"; done
  echo "hybridrag ask, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  awk '
    { wall[$1] = wall[$1] " " $2; cpu[$1] = cpu[$1] " " $3; rss[$1] = rss[$1] " " $4; n[$1]++ }
    function med(s,   a, k, i, j, t) {
      k = split(s, a, " ")
      for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
      return a[int((k + 1) / 2)]
    }
    END {
      printf "%-10s %5s %10s %10s %12s\n", "run", "n", "wall s", "CPU s", "max RSS MB"
      split("no-cache first later", order, " ")
      for (o = 1; o <= 3; o++) {
        l = order[o]
        printf "%-10s %5d %10.2f %10.2f %12.0f\n", l, n[l], med(wall[l]), med(cpu[l]), med(rss[l]) / 1024
      }
      print "(medians; \"later\" runs open the cache the first run built)"
    }' "$work/runs"
}

case "${1:-}" in
start) shift; start "$@" ;;
*) echo "usage: bash scripts/bench.sh start [runs]" >&2; exit 2 ;;
esac
