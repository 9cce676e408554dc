#!/usr/bin/env python3
"""warmup-bias.py: how far two builds of a benchmark binary measure from the
steady state, in fresh processes as `benchgate run` runs them.

Usage: scripts/warmup-bias.py K BENCH OLD.test NEW.test [BENCHTIME]

Runs K fresh processes of each binary at -test.benchtime BENCHTIME (25ms,
run's default), taking turns, and every fourth turn one process of OLD at
1s as the reference. For each row it prints the median of each build
against the reference, and the spread of each (IQR / median). A build
whose warm-up ends before the heap has grown measures the page faults of
its growth with the operation, above the reference.

e.g.  (cd benchmarks/primitives && go test -c -o /tmp/new.test .)
      scripts/warmup-bias.py 40 'ECDSA$/^curve=P256$/' /tmp/old.test /tmp/new.test
"""
import collections
import re
import statistics
import subprocess
import sys

k, bench, old, new = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
benchtime = sys.argv[5] if len(sys.argv) > 5 else "25ms"
rows = collections.defaultdict(lambda: collections.defaultdict(list))


def run(binary, bt, tag):
    out = subprocess.run([binary, "-test.run", "^$", "-test.bench", bench, "-test.benchtime", bt],
                         capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        m = re.search(r"^(\S+)\s+\d+\s+([\d.]+) ns/op", line)
        if m:
            rows[m.group(1)][tag].append(float(m.group(2)))


for i in range(k):
    turn = [(old, "old"), (new, "new")]
    for binary, tag in turn if i % 2 == 0 else reversed(turn):
        run(binary, benchtime, tag)
    if i % 4 == 0:
        run(old, "1s", "ref")


def iqr(v):
    q = statistics.quantiles(v, n=4)
    return 100 * (q[2] - q[0]) / q[1]


for row, d in rows.items():
    med = {tag: statistics.median(v) for tag, v in d.items()}
    print(f"{row:64s} old/ref {med['old'] / med['ref']:.3f}  new/ref {med['new'] / med['ref']:.3f}"
          f"  IQR old {iqr(d['old']):.1f}%  new {iqr(d['new']):.1f}%")
