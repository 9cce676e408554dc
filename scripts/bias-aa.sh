#!/bin/bash
# A/A bias experiment: the suite's ECDSA P-256 verify, base and head built
# from the same source with the same toolchain (byte-identical binaries in
# different files), 8 rounds, 16 repetitions, with and without fresh copies.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
bin="$out/benchgate"
go build -o "$bin" .
for i in $(seq 16); do
  for mode in static fresh; do
    extra=""; [ $mode = fresh ] && extra="-fresh-binaries"
    "$bin" run -base-toolchain local -head-toolchain local -rounds 8 -benchtime 50ms \
      -bench '^BenchmarkECDSA$/^curve=P256$/^op=verify$' -correction none -fail-on never -format json $extra \
      -out $out/$mode-$i > $out/$mode-$i.json 2>/dev/null
  done
done
OUT="$out" python3 - <<'PY'
import json, glob, os
OUT = os.environ["OUT"]
for mode in ("static","fresh"):
    ds=[]; sig=0; pos=0
    for f in sorted(glob.glob(f"{OUT}/{mode}-*.json")):
        r=json.load(open(f))
        c=[c for c in r["comparisons"] if c["unit"]=="sec/op"][0]
        ds.append(c["delta"]); 
        if c["p"]<=0.05: sig+=1
        if c["delta"]>0: pos+=1
    ds.sort()
    print(f"{mode}: n={len(ds)} significant(p<=0.05)={sig} head-slower={pos} delta median={100*ds[len(ds)//2]:+.2f}% range {100*ds[0]:+.2f}%..{100*ds[-1]:+.2f}%")
PY
