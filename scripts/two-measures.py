#!/usr/bin/env python3
"""two-measures.py: one comparison in two measures, side by side.

Usage: scripts/two-measures.py TIME.json INSTR.json

TIME.json and INSTR.json are benchgate run -format json reports of the same
sides, one timed (sec/op) and one with -measure instructions
(instructions/op). Prints a markdown table, one row per benchmark in both,
and a tally of where the two measures' statuses agree.
"""
import collections
import json
import re
import sys


def rows(path, unit):
    out = {}
    for c in json.load(open(path))["comparisons"]:
        if c["unit"] == unit:
            # Instructions are counted at GOMAXPROCS=1, so without the
            # timed name's -N suffix.
            out[re.sub(r"-\d+$", "", c["benchmark"])] = c
    return out


def cell(c):
    d = c.get("delta")
    return f'{d * 100:+.2f}% {c["status"]}' if d is not None else c["status"]


def kind(status):
    return {"regression": "worse", "improvement": "better"}.get(status, "same" if status == "unchanged" else "open")


def main():
    t, i = rows(sys.argv[1], "sec/op"), rows(sys.argv[2], "instructions/op")
    both = [b for b in t if b in i]
    tally = collections.Counter()
    print("| benchmark | sec/op | instructions/op |")
    print("|---|---|---|")
    for b in sorted(both):
        tally[(kind(t[b]["status"]), kind(i[b]["status"]))] += 1
        print(f"| {b} | {cell(t[b])} | {cell(i[b])} |")
    print()
    print("| sec/op \\ instructions/op | " + " | ".join(["better", "same", "worse", "open"]) + " |")
    print("|---|---|---|---|---|")
    for a in ["better", "same", "worse", "open"]:
        print(f"| {a} | " + " | ".join(str(tally[(a, k)]) for k in ["better", "same", "worse", "open"]) + " |")
    only = sorted(set(t) ^ set(i))
    if only:
        print(f"\nIn one report only: {', '.join(only)}")


if __name__ == "__main__":
    main()
