package compare

import (
	"fmt"
	"sort"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchproc"
)

// Matching across GOMAXPROCS suffixes.
//
// The testing package appends "-N" to a result's name when GOMAXPROCS is
// N > 1. A side whose code sets GOMAXPROCS (runtime.GOMAXPROCS in an init
// function, automaxprocs in a CPU-limited container) names every result
// differently from the other side: "A" against "A-2". Grouped by full
// name, as benchstat groups, the benchmark would be removed on one side
// and new on the other, and a slowdown in it would pass unseen. Such
// pairs are compared as one benchmark, with a note.
//
// Only a row that one side alone has is matched, and only to exactly one
// row that the other side alone has, in the same table, whose name
// differs only in the suffix. Results of a -cpu sweep (A, A-2, A-4 on both
// sides) already pair by full name and are left as they are.

// mergeProcs merges, in every table of m, the pairs of one-sided rows
// whose names differ only in their GOMAXPROCS suffix, and returns notes
// that say which benchmarks ran with which GOMAXPROCS on each side.
func mergeProcs(m *model) []string {
	type change struct{ base, head string }
	changed := map[change][]string{}
	for _, tk := range m.order {
		t := m.tables[tk]
		// Each one-sided row under its name and its name without the
		// suffix.
		byKey := [2]map[string][]benchproc.Key{{}, {}}
		for _, rk := range t.rowOrder {
			r := t.rows[rk]
			si := oneSide(r)
			if si < 0 {
				continue
			}
			for _, k := range procsKeys(rk.StringValues()) {
				byKey[si][k] = appendKey(byKey[si][k], rk)
			}
		}
		for _, bk := range append([]benchproc.Key(nil), t.rowOrder...) {
			br := t.rows[bk]
			if br == nil || oneSide(br) != 0 {
				continue
			}
			hk, ok := onlyMatch(byKey[1], bk)
			if !ok {
				continue
			}
			// The match must be mutual: no other base row claims it.
			if back, ok := onlyMatch(byKey[0], hk); !ok || back != bk {
				continue
			}
			hr := t.rows[hk]
			name, baseProcs, headProcs, ok := sameBenchmark(bk.StringValues(), hk.StringValues())
			if !ok {
				continue
			}
			br.cells[1] = hr.cells[1]
			delete(t.rows, hk)
			t.rowOrder = removeKey(t.rowOrder, hk)
			c := change{procsText(baseProcs), procsText(headProcs)}
			br.warnings = append(br.warnings, fmt.Sprintf("head ran with GOMAXPROCS %s, base with %s", c.head, c.base))
			changed[c] = appendOnce(changed[c], name)
		}
	}
	var notes []string
	for c, names := range changed {
		shown := names
		more := ""
		if len(shown) > 5 {
			shown, more = shown[:5], fmt.Sprintf(" and %d more", len(names)-5)
		}
		notes = append(notes, fmt.Sprintf("head ran with GOMAXPROCS %s, base with %s (%s%s): each was compared with itself across the -N suffix of its name; a changed GOMAXPROCS (runtime.GOMAXPROCS in an init function, automaxprocs in a CPU-limited container) changes what parallel benchmarks measure",
			c.head, c.base, strings.Join(shown, ", "), more))
	}
	sort.Strings(notes)
	return notes
}

// oneSide is the index of the only side that has cells in r, or -1.
func oneSide(r *row) int {
	switch {
	case r.cells[0] != nil && r.cells[1] == nil:
		return 0
	case r.cells[0] == nil && r.cells[1] != nil:
		return 1
	}
	return -1
}

// procsKeys are the names a result's name may match another side's by:
// itself, and itself without a -N suffix.
func procsKeys(name string) []string {
	if s, procs := splitProcs(name); procs != "" {
		return []string{name, s}
	}
	return []string{name}
}

// onlyMatch returns the one row in other that shares a key with rk, if
// there is exactly one.
func onlyMatch(other map[string][]benchproc.Key, rk benchproc.Key) (benchproc.Key, bool) {
	var found []benchproc.Key
	for _, k := range procsKeys(rk.StringValues()) {
		for _, o := range other[k] {
			found = appendKey(found, o)
		}
	}
	if len(found) != 1 {
		return benchproc.Key{}, false
	}
	return found[0], true
}

// sameBenchmark reports whether two different names differ only in a
// GOMAXPROCS suffix ("A-2" and "A", "A-2" and "A-4"), and returns the name
// without it and each one's suffix. A suffix may also be a sub-benchmark's
// own ("size-64", printed at GOMAXPROCS 1), so each name is tried with and
// without it.
func sameBenchmark(a, b string) (name, procsA, procsB string, ok bool) {
	sa, pa := splitProcs(a)
	sb, pb := splitProcs(b)
	switch {
	case a == b:
		return "", "", "", false
	case pa != "" && pb != "" && sa == sb:
		return sa, pa, pb, true
	case pa != "" && sa == b:
		return b, pa, "", true
	case pb != "" && a == sb:
		return a, "", pb, true
	}
	return "", "", "", false
}

// splitProcs splits a name as benchstat shows it into the name and its
// -GOMAXPROCS suffix, as benchfmt reads it: "A/x-2" is "A/x" and "2".
func splitProcs(name string) (stripped, procs string) {
	_, parts := benchfmt.Name(name).Parts()
	if n := len(parts); n > 0 && len(parts[n-1]) > 1 && parts[n-1][0] == '-' {
		return name[:len(name)-len(parts[n-1])], string(parts[n-1][1:])
	}
	return name, ""
}

// procsText is GOMAXPROCS as a suffix says it: none is 1.
func procsText(procs string) string {
	if procs == "" {
		return "1"
	}
	return procs
}

func appendKey(keys []benchproc.Key, k benchproc.Key) []benchproc.Key {
	for _, x := range keys {
		if x == k {
			return keys
		}
	}
	return append(keys, k)
}

func appendOnce(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

func removeKey(keys []benchproc.Key, k benchproc.Key) []benchproc.Key {
	out := keys[:0]
	for _, x := range keys {
		if x != k {
			out = append(out, x)
		}
	}
	return out
}
