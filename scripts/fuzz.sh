#!/usr/bin/env bash
# Fuzz benchgate's parsers and report renderers, each target for a while.
#
#   scripts/fuzz.sh                 # every target, 30s each
#   FUZZTIME=5m scripts/fuzz.sh     # longer
#   scripts/fuzz.sh FuzzMarkdownRow # one target
#
# The seed corpora (f.Add) run in every plain "go test"; this script
# explores beyond them. A failing input is saved by the go command under
# <package>/testdata/fuzz/<Target>/ and then runs in every go test too:
# commit it with the fix. Exits 1 if any target failed.
set -euo pipefail
cd "$(dirname "$0")/.."

FUZZTIME=${FUZZTIME:-30s}
targets=(
	"./gate/report FuzzMarkdownRow"
	"./gate/report FuzzMarkdownText"
	"./gate/report FuzzTextReport"
	"./gate/report FuzzJSONReport"
	"./gate/report FuzzSanitizeLines"
	"./gate/report FuzzMermaidLabel"
	"./gate/compare FuzzLoad"
)

failed=()
for t in "${targets[@]}"; do
	read -r pkg name <<<"$t"
	if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then
		continue
	fi
	printf '==> %s %s (%s)\n' "$pkg" "$name" "$FUZZTIME" >&2
	log=$(mktemp)
	if go test "$pkg" -run '^$' -fuzz "^${name}\$" -fuzztime "$FUZZTIME" 2>&1 | tee "$log" | grep -E '^(fuzz: elapsed: [0-9]+s, execs|--- FAIL|    |ok|FAIL|PASS)' | tail -n 4; then :; fi
	# The last progress line says how far it got.
	summary=$(grep -E '^fuzz: elapsed' "$log" | tail -n 1 || true)
	if grep -q -E '^(--- FAIL|FAIL)' "$log"; then
		failed+=("$name")
		printf '    FAILED: %s\n' "$summary" >&2
		grep -E 'Failing input written to|go test -run=' "$log" >&2 || true
	else
		printf '    ok: %s\n' "$summary" >&2
	fi
	rm -f "$log"
done

if [ ${#failed[@]} -gt 0 ]; then
	printf 'error: fuzz targets failed: %s\n' "${failed[*]}" >&2
	exit 1
fi
