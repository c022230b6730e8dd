#!/usr/bin/env bash
# The sparse leg against plain BM25: the Python bm25s library (set up as
# LlamaIndex's BM25Retriever sets it up) over the same text the sparse index
# holds (retrievers.FullText), on the public gold questions and the
# generated set, in one run. Prints recall@10, MRR and the p50/p95 time of
# one retrieval for both, then the `bm25` configuration of `hybridrag eval`
# on both sets (the same retriever inside the pipeline; its p50 includes the
# router and the pipeline).
#
#   bash scripts/bm25-anchor.sh            # both parts
#   bash scripts/bm25-anchor.sh anchor     # only the side-by-side part
#
# bm25s and PyStemmer come from PyPI into a venv under .tools/pyenv (test
# tooling only). Work files go under .tools/bm25-anchor/.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
dir="$root/.tools/bm25-anchor"
py="$root/.tools/pyenv/bin/python"
mkdir -p "$dir"
say() { echo "bm25-anchor.sh: $*" >&2; }

if ! "$py" -c 'import bm25s, Stemmer' 2>/dev/null; then
  say "installing bm25s and PyStemmer into .tools/pyenv"
  python3 -m venv "$root/.tools/pyenv"
  "$root/.tools/pyenv/bin/pip" install -q bm25s PyStemmer
fi

public=testdata/questions.jsonl
generated=testdata/generated/questions.jsonl

go build -o "$dir/bm25anchor" ./testtools/bm25anchor
"$dir/bm25anchor" corpus > "$dir/corpus.jsonl"
"$py" testtools/bm25anchor/bm25s_anchor.py "$dir/corpus.jsonl" "$dir" public="$public" generated="$generated"
"$dir/bm25anchor" score -questions "$public" -label public -anchor bm25s="$dir/public.bm25s.jsonl"
"$dir/bm25anchor" score -questions "$generated" -label generated -anchor bm25s="$dir/generated.bm25s.jsonl"

[ "${1:-}" != anchor ] || exit 0
go build -o "$dir/hybridrag" ./cmd/hybridrag
for set in "$public" "$generated"; do
  echo "# hybridrag eval --config bm25 --questions $set"
  "$dir/hybridrag" eval --quiet --config bm25 --questions "$set" | sed -n '/^config/,/^(ceiling)/p' | grep -v '^(ceiling'
done
