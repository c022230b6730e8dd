#!/usr/bin/env bash
# Qdrant against the embedded vector index on every record: the MiniLM
# parity test of the test command (which samples every twentieth record)
# run on the whole dataset, beside the hashing parity test, which always
# runs on every record. It starts Qdrant (scripts/qdrant.sh), installs the
# model (scripts/install-model.sh) when it is missing, and stops Qdrant at
# the end. Embedding every record with MiniLM takes about ten minutes of
# CPU on 2 cores.
#
#   bash scripts/parity.sh          # every record
#   bash scripts/parity.sh 5        # every fifth record
set -euo pipefail
cd "$(dirname "$0")/.."
step=${1:-1}
trap 'bash scripts/qdrant.sh stop >/dev/null 2>&1 || true' EXIT
url=$(bash scripts/qdrant.sh start | sed -n 's/^QDRANT_URL=//p')
[ -n "$url" ] || { echo "parity.sh: Qdrant did not start" >&2; exit 1; }
eval "$(bash scripts/install-model.sh | sed -n 's/^\(HYBRIDRAG_[A-Z_]*=.*\)$/export \1/p')"
QDRANT_URL=$url HYBRIDRAG_PARITY_STEP=$step HYBRIDRAG_REQUIRE_MODEL=1 \
  go test -count=1 -timeout 90m -run 'TestLiveParity' -v ./retrievers/qdrantstore 2>&1 |
  grep -v -E '^\s+--- PASS: TestLiveParity[A-Za-z]*/[0-9]+ |^=== RUN +TestLiveParity[A-Za-z]*/[0-9]+$'
