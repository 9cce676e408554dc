#!/usr/bin/env bash
# Compares benchgate compare with benchstat on the same two files of
# 100,000 result lines each: wall time and peak memory, side by side, with
# the runs alternated. Usage: scripts/analysis-speed.sh [repeats]
set -euo pipefail
cd "$(dirname "$0")/.."
repeats=${1:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
GOBIN="$work/bin" go install golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da
go build -o "$work/bin/benchgate" .
# The same generator as gate/compare's BenchmarkLoad.
python3 - "$work" <<'PY'
import sys
d = sys.argv[1]
for name, scale in (("base.txt", 1.0), ("head.txt", 1.01)):
    with open(f"{d}/{name}", "w") as f:
        f.write("goos: linux\ngoarch: amd64\npkg: example.com/big\ncpu: Test CPU\n")
        for i in range(100000):
            b = i % 500
            v = scale * (1000 + b + (i * 7919) % 13)
            f.write(f"BenchmarkBig/case={b}/size={b % 7}-2 \t 1000 \t {v:g} ns/op \t {64 + b % 5} B/op \t {1 + b % 3} allocs/op\n")
PY
wc -l "$work/base.txt" "$work/head.txt"
measure() { # name command...
	local name=$1; shift
	/usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>&1 || true
	read -r secs kb <"$work/time"
	echo "$name $secs $kb" >>"$work/results"
}
for i in $(seq "$repeats"); do
	measure benchstat "$work/bin/benchstat" "$work/base.txt" "$work/head.txt"
	measure benchgate "$work/bin/benchgate" compare -fail-on never "$work/base.txt" "$work/head.txt"
done
python3 - "$work/results" <<'PY'
import sys, statistics
rows = {}
for line in open(sys.argv[1]):
    n, s, kb = line.split()
    rows.setdefault(n, []).append((float(s), int(kb)))
med = {n: (statistics.median(s for s, _ in v), statistics.median(k for _, k in v)) for n, v in rows.items()}
for n, (s, kb) in med.items():
    print(f"{n:10s} median wall {s:.2f} s, median peak RSS {kb/1024:.0f} MiB over {len(rows[n])} runs")
bs, bg = med["benchstat"], med["benchgate"]
print(f"benchgate/benchstat: time {bg[0]/bs[0]:.2f}x, memory {bg[1]/bs[1]:.2f}x")
PY
