#!/bin/bash
# repeat.sh: run the same gate N times and say how stable its verdict is.
# Usage: scripts/repeat.sh N OUTDIR [benchgate run flags...]
# e.g.   scripts/repeat.sh 10 /tmp/tc -quick -base-toolchain local -head-toolchain go1.27.3
# Each run's JSON report and log are kept in OUTDIR. The summary gives the
# verdicts with their counts, the median wall time, and for every
# comparison that was not unchanged in some run, its statuses across the
# runs: a benchmark that is a regression in some runs and not in others is
# what makes a verdict flip.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:?usage: $0 N OUTDIR [flags...]}
out=${2:?usage: $0 N OUTDIR [flags...]}
shift 2
mkdir -p "$out"
bin="$out/benchgate"
go build -o "$bin" .
for i in $(seq "$runs"); do
	start=$(date +%s)
	rc=0
	"$bin" run -format json "$@" -out "$out/run-$i" >"$out/run-$i.json" 2>"$out/run-$i.log" || rc=$?
	echo "run $i: exit $rc, $(($(date +%s) - start)) s" | tee -a "$out/runs.txt" >&2
done
OUT="$out" python3 - <<'PY'
import collections, glob, json, os, re, statistics
out = os.environ["OUT"]
walls = [int(m.group(1)) for m in re.finditer(r"exit \d+, (\d+) s", open(f"{out}/runs.txt").read())]
files = sorted(glob.glob(f"{out}/run-*.json"), key=lambda f: int(re.findall(r"\d+", os.path.basename(f))[0]))
verdicts = collections.Counter()
rows = collections.defaultdict(list)
for f in files:
    try:
        r = json.load(open(f))
    except ValueError:
        verdicts["(no report)"] += 1
        continue
    verdicts[r["verdict"]] += 1
    for c in r["comparisons"]:
        key = f'{c["benchmark"]} ({c["unit"]})'
        d = c.get("delta")
        rows[key].append((c["status"], d))
print(f"{len(files)} runs: " + ", ".join(f"{v} {n}" for v, n in verdicts.most_common()))
if walls:
    print(f"wall time: median {statistics.median(walls)} s, range {min(walls)}-{max(walls)} s")
for key, st in sorted(rows.items()):
    kinds = collections.Counter(s for s, _ in st)
    if set(kinds) <= {"unchanged"}:
        continue
    ds = [100 * d for _, d in st if d is not None]
    rng = f"{min(ds):+.1f}% … {max(ds):+.1f}%" if ds else ""
    print(f"  {key}: " + ", ".join(f"{s} {n}" for s, n in kinds.most_common()) + f"  (change {rng})")
PY
