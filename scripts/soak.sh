#!/usr/bin/env bash
# The long load test: TestLoad at full size, without the race detector.
# The test command (scripts/test.sh) runs the same test under the race
# detector with 200 requests over every fifth gold question; this sends
# -load.n asks per phase (uncached, then cached) over every question and
# logs the latency percentiles.
#
#   bash scripts/soak.sh                  # 2000 asks per phase, 8 clients
#   bash scripts/soak.sh 20000 16         # asks per phase, concurrent clients
#
# About a minute of CPU at the default size on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-2000}
c=${2:-8}
go test -count=1 -timeout 60m -run '^TestLoad$' -v ./server \
  -args -load.n "$n" -load.c "$c" -load.timeout 50m
