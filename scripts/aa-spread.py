#!/usr/bin/env python3
"""aa-spread.py REPORT.json: an A/A run's spread per benchmark, as a table.

For each comparison of a unit (default instructions/op): the change head
against base, and each side's spread, (max - min) / median of its rounds,
from the JSON report of `benchgate run -format json` (or report.json in
its results directory). Prints a markdown table and a summary line.
Usage: scripts/aa-spread.py REPORT.json [UNIT]
"""
import json, statistics, sys

report = json.load(open(sys.argv[1]))
unit = sys.argv[2] if len(sys.argv) > 2 else "instructions/op"
def spread(side):
    """A side's spread in percent: (max - min) / median of its rounds."""
    return (side["high"] - side["low"]) / side["center"] * 100

rows = []
for c in report["comparisons"]:
    if c["unit"] != unit:
        continue
    rows.append((c["benchmark"], c["delta"] * 100, spread(c["base"]), spread(c["head"]), c["base"]["n"], c["status"]))
print(f"| benchmark | Δ head/base | base spread | head spread | rounds | status |")
print("|---|---|---|---|---|---|")
for b, d, sb, sh, n, st in rows:
    print(f"| {b} | {d:+.3f}% | {sb:.3f}% | {sh:.3f}% | {n} | {st} |")
if rows:
    ad = [abs(r[1]) for r in rows]
    sp = [max(r[2], r[3]) for r in rows]
    print(f"\n{len(rows)} comparisons of {unit}; verdict {report['verdict']}; |Δ| median {statistics.median(ad):.3f}%, "
          f"max {max(ad):.3f}%, over 0.1%: {sum(a > 0.1 for a in ad)}; spread median {statistics.median(sp):.3f}%, max {max(sp):.3f}%")
