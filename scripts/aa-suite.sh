#!/bin/bash
# A/A runs of the whole built-in suite at the defaults: both sides are the
# same source built with the same toolchain, so every regression the gate
# reports is a false alarm. Usage: scripts/aa-suite.sh [runs] [outdir] [flags...]
# Extra flags go to every benchgate run, e.g. -decide paired -adaptive.
# Each run's JSON report is kept in outdir (default: a temporary directory)
# and a summary line per run is printed, then the totals.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
out=${2:-$(mktemp -d)}
shift 2 || shift $#
mkdir -p "$out"
bin="$out/benchgate"
go build -o "$bin" .
for i in $(seq "$runs"); do
  start=$(date +%s)
  rc=0
  "$bin" run -base-toolchain local -head-toolchain local -format json "$@" \
    -out "$out/run-$i" > "$out/run-$i.json" 2> "$out/run-$i.log" || rc=$?
  echo "run $i: exit $rc, $(( $(date +%s) - start )) s" >&2
done
OUT="$out" python3 - <<'PY'
import json, glob, os, re
OUT = os.environ["OUT"]
files = sorted(glob.glob(f"{OUT}/run-*.json"), key=lambda f: int(re.findall(r"\d+", os.path.basename(f))[0]))
fails = inconclusive = 0
for f in files:
    r = json.load(open(f))
    cs = [c for c in r["comparisons"] if c["unit"] == "sec/op" and c.get("delta") is not None]
    raw = [c for c in cs if c["p"] is not None and c["p"] <= r["alpha"]]
    would = [c for c in raw if c["worse"] and abs(c["delta"]) > c["threshold"]]
    mx = max(cs, key=lambda c: abs(c["delta"]))
    fails += r["verdict"] == "regression"
    inconclusive += r["verdict"] == "inconclusive"
    print(f"{os.path.basename(f)}: verdict={r['verdict']} family={r['family']} "
          f"max|delta|={100*abs(mx['delta']):.1f}% ({mx['benchmark']}) "
          f"raw p<=alpha={len(raw)}/{len(cs)} would-fail-without-holm={len(would)} "
          f"rounds={max(c['head']['n'] for c in cs)} inconclusive={r['counts'].get('inconclusive', 0)}")
print(f"{len(files)} runs: {fails} failed (regression), {inconclusive} inconclusive")
PY
