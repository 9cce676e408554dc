package pipeline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/usage"
)

// TestRenamePairs: a package that lost one benchmark and gained one
// (a function or a sub-benchmark renamed) pairs them; one that lost one
// benchmark function and gained one pairs them row by row (same
// sub-benchmark, GOMAXPROCS suffix and unit); two lost functions, two
// renamed sub-benchmarks, another package's new one, or a unit one side
// did not report of a benchmark both ran are not paired.
func TestRenamePairs(t *testing.T) {
	slow := func(i int) string { return fmt.Sprintf("%d ns/op\t0 B/op\t0 allocs/op", 1300+i) }
	rows := func(pkg string, names ...string) string {
		var b strings.Builder
		for _, n := range names {
			b.WriteString(resultLines(pkg, n, timed2))
		}
		return b.String()
	}
	pairsOf := func(base, head string) []string {
		rep := report.New(decide.Decide(read(t, base, head), decide.DefaultPolicy), 0.95)
		var got []string
		for _, p := range renamePairs(rep.Decisions) {
			got = append(got, p[0].Benchmark+">"+p[1].Benchmark+" "+p[0].Unit)
		}
		return got
	}
	for _, tc := range []struct {
		name, base, head string
		want             []string
	}{
		{"sub-benchmarks",
			rows("example.com/a", "Keep-2", "Old/size=1-2", "Old/size=2-2"),
			rows("example.com/a", "Keep-2", "New/size=1-2", "New/size=3-2"),
			[]string{"Old/size=1-2>New/size=1-2 sec/op", "Old/size=1-2>New/size=1-2 B/op", "Old/size=1-2>New/size=1-2 allocs/op"}},
		{"no sub-benchmarks", rows("example.com/a", "Old-2"), rows("example.com/a", "New-2"),
			[]string{"Old-2>New-2 sec/op", "Old-2>New-2 B/op", "Old-2>New-2 allocs/op"}},
		{"two lost", rows("example.com/a", "Old-2", "Gone-2"), rows("example.com/a", "New-2"), nil},
		{"a sub-benchmark renamed",
			rows("example.com/a", "A/small-2", "A/large-2"), rows("example.com/a", "A/small-2", "A/big-2"),
			[]string{"A/large-2>A/big-2 sec/op", "A/large-2>A/big-2 B/op", "A/large-2>A/big-2 allocs/op"}},
		{"two sub-benchmarks renamed",
			rows("example.com/a", "A/small-2", "A/large-2"), rows("example.com/a", "A/tiny-2", "A/big-2"), nil},
		{"other package", rows("example.com/a", "Old-2"), rows("example.com/b", "New-2"), nil},
		{"unit not reported", resultLines("example.com/a", "Fast-2", timed) + rows("example.com/a", "Old-2"),
			resultLines("example.com/a", "Fast-2", timed2) + resultLines("example.com/a", "New-2", slow),
			[]string{"Old-2>New-2 sec/op", "Old-2>New-2 B/op", "Old-2>New-2 allocs/op"}},
	} {
		if got := pairsOf(tc.base, tc.head); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: pairs %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestRenameNotes: a renamed benchmark 30% slower (the median per-round
// ratio of 1300+i over 1000+i, +29.93%) is a regression as one
// benchmark, said in a note and a warning; the verdict is left alone. A
// rename that changed nothing is a note, with no warning.
func TestRenameNotes(t *testing.T) {
	slow := func(i int) string { return fmt.Sprintf("%d ns/op\t0 B/op\t0 allocs/op", 1300+i) }
	base := resultLines("example.com/a", "Old-2", timed2)
	rep := report.New(decide.Decide(read(t, base, resultLines("example.com/a", "New-2", slow)), decide.DefaultPolicy), 0.95)
	verdict := rep.Verdict
	addRenameNotes(rep, decide.DefaultPolicy, usage.Flags)
	notes, warnings := strings.Join(rep.Notes, "\n"), strings.Join(rep.WarningNotes, "\n")
	for _, want := range []string{
		"renamed?: Old-2 → New-2 (example.com/a): base has only Old-2 and head only New-2, so neither was compared; compared as one benchmark renamed, they measure sec/op +29.93% (REGRESSION, p=0.002 n=6)",
		"B/op +0.00% (unchanged, exact n=6)",
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	if want := "Old-2 was removed and New-2 is new (example.com/a): if New-2 is Old-2 renamed, head is a regression (sec/op +29.93%, beyond the 3% threshold)"; !strings.Contains(warnings, want) {
		t.Errorf("warnings lack %q:\n%s", want, warnings)
	}
	if rep.Verdict != verdict {
		t.Errorf("verdict %s, was %s", rep.Verdict, verdict)
	}

	// Merged results directories keep a pair per shard apart, by name.
	rep = report.New(decide.Decide(read(t, base, resultLines("example.com/a", "New-2", slow)), decide.DefaultPolicy), 0.95)
	for i := range rep.Decisions {
		rep.Decisions[i].AddConfig("shard", "s1", false)
	}
	addRenameNotes(rep, decide.DefaultPolicy, usage.Flags)
	if len(rep.Notes) != 1 || !strings.HasPrefix(rep.Notes[0], "renamed?: Old-2 → New-2 (example.com/a, shard s1): ") ||
		len(rep.WarningNotes) != 1 || !strings.HasPrefix(rep.WarningNotes[0], "Old-2 was removed and New-2 is new (example.com/a, shard s1): ") {
		t.Errorf("a shard's pair: notes %q, warnings %q", rep.Notes, rep.WarningNotes)
	}

	// Twelve sub-benchmarks renamed, every one slower: ten notes and ten
	// warnings, then one of each counting the rest.
	var many, manySlow string
	for i := range 12 {
		many += resultLines("example.com/a", fmt.Sprintf("Old/n=%d-2", i), timed2)
		manySlow += resultLines("example.com/a", fmt.Sprintf("New/n=%d-2", i), slow)
	}
	rep = report.New(decide.Decide(read(t, many, manySlow), decide.DefaultPolicy), 0.95)
	addRenameNotes(rep, decide.DefaultPolicy, usage.Flags)
	if len(rep.Notes) != 11 || len(rep.WarningNotes) != 11 ||
		rep.Notes[10] != "renamed?: 2 more pairs of a removed and a new benchmark were compared as renamed; not listed" ||
		rep.WarningNotes[10] != "2 more pairs of a removed and a new benchmark would be regressions if renamed; -fail-on inconclusive fails such a run" {
		t.Errorf("twelve renamed: notes %q\nwarnings %q", rep.Notes, rep.WarningNotes)
	}

	rep = report.New(decide.Decide(read(t, base, resultLines("example.com/a", "New-2", timed2)), decide.DefaultPolicy), 0.95)
	addRenameNotes(rep, decide.DefaultPolicy, usage.Flags)
	if len(rep.WarningNotes) != 0 || !strings.Contains(strings.Join(rep.Notes, "\n"), "sec/op +0.00% (unchanged") {
		t.Errorf("an unchanged rename: notes %q, warnings %q", rep.Notes, rep.WarningNotes)
	}
}
