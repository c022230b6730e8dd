#!/usr/bin/env bash
# The store of users' sources under kill -9 and damage: "hybridrag delete"
# (and "ingest") killed with -9 at random moments, then a store emptied of
# its last record, then a store damaged by hand.
#
#   bash scripts/chaos-store.sh
#
# It asserts that
#   - after every kill the store reads whole, with the record either still
#     there or deleted (the previous version or the new one, never torn),
#     and doctor reports it whole at the end,
#   - after the last record of a source is deleted every command works,
#   - a damaged CURRENT is read past (the last whole version, and a warning
#     naming "doctor --repair"), and "doctor --repair" mends it.
#
# Environment: CHAOS_STORE_KILLS (default 25), CHAOS_BIN (a built
# hybridrag; default: built here), CHAOS_CACHE (an index cache directory
# the commands share; default: one of its own, built by the first). scripts/chaos.sh runs it with
# CHAOS_STORE_KILLS from its caller (scripts/test.sh: 5).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KILLS="${CHAOS_STORE_KILLS:-25}"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
BIN="${CHAOS_BIN:-}"
if [ -z "$BIN" ]; then
	(cd "$ROOT" && go build -o "$WORK/hybridrag" ./cmd/hybridrag)
	BIN="$WORK/hybridrag"
fi
STORE="$WORK/store"
common=(--store "$STORE" --cache-dir "${CHAOS_CACHE:-$WORK/cache}")
fail=0

# records N writes N records of source myorg as JSON Lines.
records() {
	python3 - "$1" <<'PY'
import json, sys
for i in range(int(sys.argv[1])):
    print(json.dumps({"id": f"myorg:{i}", "name": f"Chaos Store House {i}", "type": "MUSEUM",
                      "country": "GB", "city": "Porthkazan", "year_opened": str(1900 + i % 100)}))
PY
}

records 200 >"$WORK/all.jsonl"
"$BIN" ingest --source myorg --in "$WORK/all.jsonl" "${common[@]}" >/dev/null

# Kill -9 at a random moment of a delete or an ingest; then the store must
# read whole (link exits 0: the record is there, or 1: it is not).
torn=0
for i in $(seq "$KILLS"); do
	if [ $((i % 2)) -eq 0 ]; then
		"$BIN" delete "myorg:$i" "${common[@]}" >/dev/null 2>&1 &
	else
		records 200 | sed "s/Chaos Store House/Chaos Store House rev$i/" >"$WORK/rev.jsonl"
		"$BIN" ingest --source myorg --in "$WORK/rev.jsonl" "${common[@]}" >/dev/null 2>&1 &
	fi
	pid=$!
	sleep "0.$((RANDOM % 900 + 50))"
	kill -9 "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	code=0
	"$BIN" link "myorg:$i" "${common[@]}" >/dev/null 2>"$WORK/link.err" || code=$?
	if [ "$code" -gt 1 ] || grep -q "damaged" "$WORK/link.err"; then
		echo "chaos-store: after kill $i the store does not read whole (exit $code):" >&2
		cat "$WORK/link.err" >&2
		torn=$((torn + 1))
	fi
done
if "$BIN" doctor "${common[@]}" >"$WORK/doctor.out" 2>&1 || grep -q "^store: ok" "$WORK/doctor.out"; then :; fi
if ! grep -q "^store: ok" "$WORK/doctor.out"; then
	echo "FAIL: doctor after the kills:" >&2
	cat "$WORK/doctor.out" >&2
	torn=$((torn + 1))
fi
echo "chaos-store: $KILLS delete/ingest runs killed with -9, $torn left the store torn"
[ "$torn" -eq 0 ] || fail=1

# A source emptied of its last record.
rm -rf "$STORE"
records 1 >"$WORK/one.jsonl"
"$BIN" ingest --source myorg --in "$WORK/one.jsonl" "${common[@]}" >/dev/null
"$BIN" delete myorg:0 "${common[@]}" >/dev/null
for cmd in "link DE-MUS-165513" "ask What_is_the_ISIL_code_of_Heimatstube_im_Elbtor?" "ingest --source myorg --in $WORK/one.jsonl" "delete myorg:0" "doctor"; do
	read -r -a args <<<"$cmd"
	args=("${args[@]//_/ }")
	if ! "$BIN" "${args[@]}" "${common[@]}" >"$WORK/cmd.out" 2>&1; then
		echo "FAIL: after deleting the last record: hybridrag $cmd:" >&2
		cat "$WORK/cmd.out" >&2
		fail=1
	fi
done
echo "chaos-store: after deleting a source's last record, link, ask, ingest, delete and doctor work"

# A damaged CURRENT.
records 3 >"$WORK/three.jsonl"
"$BIN" ingest --source myorg --in "$WORK/three.jsonl" "${common[@]}" >/dev/null
printf 'v-' >"$STORE/CURRENT"
if ! "$BIN" link myorg:2 "${common[@]}" >/dev/null 2>"$WORK/link.err" || ! grep -q "doctor --repair" "$WORK/link.err"; then
	echo "FAIL: link over a damaged CURRENT:" >&2
	cat "$WORK/link.err" >&2
	fail=1
fi
"$BIN" doctor --repair "${common[@]}" >"$WORK/doctor.out" 2>&1 || true
if ! grep -q "^store: ok" "$WORK/doctor.out"; then
	echo "FAIL: doctor --repair:" >&2
	cat "$WORK/doctor.out" >&2
	fail=1
fi
echo "chaos-store: a damaged CURRENT is read past and repaired"
[ "$fail" -eq 0 ] && echo "chaos-store: PASS"
exit "$fail"
