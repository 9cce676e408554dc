package pipeline

// The report's notes about a run beyond its comparisons: benchmarks on
// one side only, skipped benchmarks, result lines not taken as such, and
// benchmark or setup code that changed between the sides.

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/internal/brief"
)

// runNotes are the report's notes about what the run's files hold besides
// the comparisons: the benchmarks only one side has, by name; result lines
// and configuration lines the processes printed that were not taken as
// such; benchmarks skipped on every side.
func runNotes(out *runner.Outcome, rep *report.Report) []string {
	var notes []string
	// A run that failed part way has rows on one side only because it
	// stopped; the error says why.
	for _, st := range []decide.Status{decide.Removed, decide.New} {
		if rep.Verdict == decide.ErrorVerdict {
			break
		}
		notes = append(notes, onlyOnOneSide(rep, st)...)
	}
	for _, s := range out.Sides {
		file := filepath.Base(s.File)
		if s.Rejected > 0 {
			notes = append(notes, fmt.Sprintf("%s: %d result line(s) rejected, printed for a benchmark the process was not asked to run or while another benchmark ran (by the code under test, not by the testing package): they are comments in %s and were not compared; the first: %q",
				s.Name, s.Rejected, file, s.FirstRejected))
		}
		if s.NotConfig > 0 {
			notes = append(notes, fmt.Sprintf("%s: %d line(s) printed by the code under test look like configuration or unit metadata but are not the testing package's: they are comments in %s and configure nothing; the first: %q",
				s.Name, s.NotConfig, file, s.FirstNotConfig))
		}
	}
	notes = append(notes, selfTimedNotes(out.Sides)...)
	return append(notes, skippedNotes(out.Skipped)...)
}

// changedBenchmarkNotes say, per package, which benchmark functions'
// own code differs between the sides (sides, their names): their change
// may be the benchmark's, not the code's. The notes about setup
// functions (TestMain, init), which run around every benchmark of their
// package, are also returned as warnings.
func changedBenchmarkNotes(changed []runner.ChangedBenchmark, sides []string) (notes, warnings []string) {
	between := "between the sides"
	if len(sides) == 2 {
		between = fmt.Sprintf("between %s and %s", sides[0], sides[1])
	}
	var pkg string
	var fns []string
	flush := func() {
		if len(fns) == 0 {
			return
		}
		notes = append(notes, fmt.Sprintf("%s (%s): the benchmark function's own code differs %s, so a change measured there may be the benchmark's and not the code's; to compare like with like, run the new benchmark on the old code too",
			brief.List(fns, 10), pkg, between))
	}
	for _, c := range changed {
		if c.Package != pkg {
			flush()
			pkg, fns = c.Package, nil
		}
		if slices.Contains(runner.SetupFunctions, c.Benchmark) {
			what := "the package's TestMain differs"
			if c.Benchmark == "init" {
				what = "the init functions of the package's _test.go files differ"
			}
			n := fmt.Sprintf("%s: %s %s; it runs in every benchmark process of the package, so it can change what any of its benchmarks measures or prints: review it before trusting this package's results",
				c.Package, what, between)
			notes = append(notes, n)
			warnings = append(warnings, n)
			continue
		}
		fns = append(fns, c.Benchmark)
	}
	flush()
	return notes, warnings
}

// skippedNotes are the notes about the benchmarks skipped on every side:
// one per package, sides and reason, so that a package whose benchmarks
// all need data the machine lacks gets one note, not one per benchmark.
func skippedNotes(skips []runner.Skipped) []string {
	type key struct{ pkg, bench string }
	sides := map[key][]string{}
	reasons := map[key]string{}
	var order []key
	for _, sk := range skips {
		k := key{sk.Package, sk.Benchmark}
		if _, ok := sides[k]; !ok {
			order = append(order, k)
			reasons[k] = sk.Reason
		}
		sides[k] = append(sides[k], sk.Side)
	}
	type group struct{ pkg, sides, reason string }
	names := map[group][]string{}
	var groups []group
	for _, k := range order {
		g := group{k.pkg, strings.Join(sides[k], " and "), reasons[k]}
		if _, ok := names[g]; !ok {
			groups = append(groups, g)
		}
		names[g] = append(names[g], k.bench)
	}
	var notes []string
	for _, g := range groups {
		if n := names[g]; len(n) == 1 {
			notes = append(notes, fmt.Sprintf("%s (%s) was skipped on %s (%s), so it was not measured", n[0], g.pkg, g.sides, g.reason))
		} else {
			notes = append(notes, fmt.Sprintf("%d benchmarks of %s were skipped on %s (%s), so they were not measured: %s", len(n), g.pkg, g.sides, g.reason, strings.Join(n, ", ")))
		}
	}
	return notes
}

// skippedCount counts the benchmarks in skips, each once whatever the
// sides that skipped it.
func skippedCount(skips []runner.Skipped) int {
	seen := map[[2]string]bool{}
	for _, sk := range skips {
		seen[[2]string{sk.Package, sk.Benchmark}] = true
	}
	return len(seen)
}

// onlyOnOneSide names the benchmarks with status st (new or removed):
// those the other side has no results of at all, and apart from them
// the units the other side did not report of a benchmark that ran there
// (a b.SetBytes or a b.ReportMetric that one side does not call).
func onlyOnOneSide(rep *report.Report, st decide.Status) []string {
	absent, present := "head", "base"
	if st == decide.New {
		absent, present = "base", "head"
	}
	ran := ranOnBothSides(rep.Decisions)
	seen := map[string]bool{}
	var names, units []string
	memory := false // a unit of -test.benchmem's among units
	for _, d := range rep.Decisions {
		if d.Status != st {
			continue
		}
		name := d.Benchmark + pkgSuffix(d.Comparison)
		if ran[d.Row()] {
			memory = memory || d.Unit == "B/op" || d.Unit == "allocs/op"
			if name += " " + d.Unit; !seen[name] {
				seen[name] = true
				units = append(units, name)
			}
			continue
		}
		if !seen[name] {
			seen[name] = true
			names = append(names, name)
		}
	}
	var notes []string
	if len(names) > 0 {
		notes = append(notes, fmt.Sprintf("%s: %s: only %s has these benchmarks (its test binary lists the function, %s's does not, or %s's function has no such sub-benchmark), so they were not compared",
			st, brief.List(names, 10), present, absent, absent))
	}
	if len(units) > 0 {
		why := fmt.Sprintf("%s's benchmark no longer calls b.SetBytes or b.ReportMetric for it", absent)
		if st == decide.New {
			why = fmt.Sprintf("%s's benchmark did not call b.SetBytes or b.ReportMetric for it", absent)
		}
		if memory {
			// benchgate asks every side's testing package for them.
			why += fmt.Sprintf("; B/op and allocs/op the testing package reports for every benchmark under -test.benchmem, which benchgate sets: %s's code turned it off (flag.Set(\"test.benchmem\", \"false\")), or its benchmark reported them as 0 itself", absent)
		}
		notes = append(notes, fmt.Sprintf("%s: %s: these benchmarks ran on both sides, but %s reported no such unit (%s), so these units were not compared; their other units were",
			st, brief.List(units, 10), absent, why))
	}
	return notes
}

// ranOnBothSides are the rows (rowKey: benchmark and configuration,
// any unit) of ds that both sides have results of, in some unit.
func ranOnBothSides(ds []decide.Decision) map[string]bool {
	has := map[string]*[2]bool{}
	for _, d := range ds {
		k := d.Row()
		h := has[k]
		if h == nil {
			h = new([2]bool)
			has[k] = h
		}
		h[0] = h[0] || d.Base != nil
		h[1] = h[1] || d.Head != nil
	}
	out := map[string]bool{}
	for k, h := range has {
		if h[0] && h[1] {
			out[k] = true
		}
	}
	return out
}
