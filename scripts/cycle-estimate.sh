#!/bin/bash
# cycle-estimate.sh: does a cachegrind cycle estimate track wall time
# better than instructions/op? For the benchmarks whose instructions/op
# and sec/op disagreed between two toolchains (docs/toolchains.md), count
# each per op under cachegrind's cache simulation, on both toolchains:
#   instructions Ir, L1 misses (I1mr+D1mr+D1mw), LL misses (ILmr+DLmr+DLmw),
#   cycle estimate = Ir + 10 L1 + 100 LL (cachegrind's and rustc-perf's weights),
# each per op as (count at N2 - count at 2) / (N2 - 2), like benchgate's
# instructions/op. Prints one row per benchmark with both changes.
# Usage: scripts/cycle-estimate.sh [BASE_TOOLCHAIN [HEAD_TOOLCHAIN]]
set -euo pipefail
cd "$(dirname "$0")/../benchmarks"
base=${1:-local} head=${2:-go1.27.3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GOMAXPROCS=1 GOGC=off GODEBUG=asyncpreemptoff=1
# package, benchmark expression, N2
cases=(
	"primitives|^BenchmarkECDSA\$/^curve=P256\$/^op=sign\$|500"
	"primitives|^BenchmarkECDSA\$/^curve=P256\$/^op=verify\$|200"
	"primitives|^BenchmarkRSA\$/^bits=4096\$/^scheme=PKCS1v15\$/^op=verify\$|50"
	"primitives|^BenchmarkRSA\$/^bits=4096\$/^scheme=PKCS1v15\$/^op=sign\$|5"
	"jwt|^BenchmarkJWTMiddleware\$/^alg=HS256\$|1000"
	"jwt|^BenchmarkJWTMiddleware\$/^alg=RS256\$|500"
	"tls|^BenchmarkTLSHandshake\$/^kex=X25519\$/^cert=ECDSA-P256\$/^version=1\\.3\$|50"
)
for tc in "$base" "$head"; do
	for pkg in primitives jwt tls; do
		GOTOOLCHAIN=$tc go test -c -o "$work/$tc-$pkg.test" "./$pkg"
	done
done
# count TOOLCHAIN PKG BENCH N: the summary line's events, Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw.
count() {
	local out="$work/cg.$1.$RANDOM"
	(cd "$work" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file="$out" \
		"$work/$1-$2.test" -test.run='^$' -test.bench="$3" -test.benchtime="$4x" >/dev/null 2>&1)
	grep '^summary:' "$out" | cut -d' ' -f2-
}
printf '| benchmark | instructions/op | cycle estimate/op | L1 misses/op | LL misses/op |\n|---|---|---|---|---|\n'
for c in "${cases[@]}"; do
	IFS='|' read -r pkg bench n2 <<<"$c"
	row=()
	for tc in "$base" "$head"; do
		row+=("$(count "$tc" "$pkg" "$bench" 2) / $(count "$tc" "$pkg" "$bench" "$n2")")
	done
	python3 - "$bench" "$n2" "${row[@]}" <<'PY'
import sys
bench, n2 = sys.argv[1], int(sys.argv[2])
def perop(s):
    a, b = (list(map(int, x.split())) for x in s.split(" / "))
    d = [(y - x) / (n2 - 2) for x, y in zip(a, b)]
    ir, l1, ll = d[0], d[1] + d[4] + d[7], d[2] + d[5] + d[8]
    return ir, ir + 10 * l1 + 100 * ll, l1, ll
b, h = perop(sys.argv[3]), perop(sys.argv[4])
ch = lambda i: f"{(h[i] / b[i] - 1) * 100:+.2f}% ({b[i]:.4g} → {h[i]:.4g})"
print(f"| {bench} | {ch(0)} | {ch(1)} | {ch(2)} | {ch(3)} |")
PY
done
