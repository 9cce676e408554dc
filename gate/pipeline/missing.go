package pipeline

// Benchmarks that went missing on one side. A benchmark with results on
// one side only is new or removed when the other side's test binary does
// not have its function (-test.list says so); when it does, the benchmark
// was not measured there (skipped, renamed sub-benchmarks, results in
// another configuration), and passing the gate without it would be a
// silent pass. That is an error, exit code 3, like a benchmark that
// failed. So is a benchmark that reported results on both sides but its
// time (ns/op) on one only: the testing package leaves ns/op out when its
// timer measured nothing (b.ReportMetric(0, "ns/op"), a timer kept
// stopped, or a benchmark that panicked while the testing package printed
// its result and exited 0 first); and so is a time on one side only that the
// testing package cannot have measured (b.ReportMetric(v, "ns/op"), see
// runner's selftimed.go). Any other unit one side does not report (a
// b.SetBytes or a custom metric removed) is new or removed, not an error.

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/usage"
)

// MissingResultsError says that benchmark functions that both sides'
// test binaries list have results on one side only, or that benchmarks
// that reported results on both sides reported their time on one side
// only. It maps to exit code 3: the benchmarks ran, but something they
// should have measured was not measured.
type MissingResultsError struct {
	Missing []Missing
	// NoTime are the benchmarks whose time went missing on one side.
	NoTime []NoTime
	// OwnTime are the benchmarks that reported, on one side only, a
	// time the testing package cannot have measured.
	OwnTime []OwnTime
}

// OwnTime is a benchmark whose time on Side, in some rounds, was less
// than the testing package measures, while Other's were its own: the
// benchmark reported its own ns/op (b.ReportMetric(v, "ns/op")), which
// replaces the testing package's, so the code under test could claim any
// speed.
type OwnTime struct {
	Side, Other string
	runner.SelfTimed
}

// empty reports whether e holds nothing to report.
func (e *MissingResultsError) empty() bool {
	return len(e.Missing) == 0 && len(e.NoTime) == 0 && len(e.OwnTime) == 0
}

// add adds what o holds to e.
func (e *MissingResultsError) add(o *MissingResultsError) {
	e.Missing = append(e.Missing, o.Missing...)
	e.NoTime = append(e.NoTime, o.NoTime...)
	e.OwnTime = append(e.OwnTime, o.OwnTime...)
}

// failureOf is the report's Failure for a run that failed with err: a
// measurement that went missing is not a benchmark that failed to run.
func failureOf(err error) string {
	var me *MissingResultsError
	if errors.As(err, &me) {
		return report.MeasurementMissing
	}
	return ""
}

// TimeUnit is the unit of a benchmark's time as the comparisons name it:
// ns/op in the raw output.
const TimeUnit = "sec/op"

// NoTime is one benchmark (a row: sub-benchmark and GOMAXPROCS suffix
// included) that reported results on both sides but its time on one
// only. The testing package leaves ns/op out of a result line when the
// benchmark called b.ReportMetric(0, "ns/op"), so the code under test
// can make its own slowdown go unmeasured.
type NoTime struct {
	// Package is the import path; Benchmark the row's name ("Fast-2").
	Package, Benchmark string
	// Side reported no time in Config; Other did.
	Side, Other string
	Config      string
	// Units are the units Side did report.
	Units []string
}

// Missing is one benchmark function without results on one side.
type Missing struct {
	// Package is the import path; Function the benchmark function
	// ("BenchmarkSlow").
	Package  string
	Function string
	// Side has no results of it in Config; Other has.
	Side, Other string
	// Config is the configuration of Other's results, as "key=value"
	// words; Elsewhere, where Side has results of the function in
	// another configuration, that one.
	Config, Elsewhere string
	// Unlisted reports that Side's binary could not be listed, so
	// whether it has the function is not known.
	Unlisted bool
}

// Error renders the problem in command-line words.
func (e *MissingResultsError) Error() string { return e.Render(usage.Flags) }

// Render renders the problem in the words of st.
func (e *MissingResultsError) Render(st usage.Style) string {
	var b strings.Builder
	var hints []string
	list(&b, fmt.Sprintf("%d benchmark function(s) have results on one side only, although both sides have them:", len(e.Missing)), len(e.Missing), func(i int) string {
		m := e.Missing[i]
		has := fmt.Sprintf("%s's test binary lists it", m.Side)
		if m.Unlisted {
			has = fmt.Sprintf("%s's test binary could not be listed, so it may have it", m.Side)
		}
		line := fmt.Sprintf("%s (%s): results on %s, none on %s, although %s", m.Function, m.Package, m.Other, m.Side, has)
		if m.Elsewhere != "" {
			line += fmt.Sprintf("; %s's results of it are in another configuration (%s, where %s's are %s)", m.Side, m.Elsewhere, m.Other, m.Config)
		}
		return line
	})
	if len(e.Missing) > 0 {
		hints = append(hints, "a benchmark that is not measured on one side cannot be compared, and leaving it out would pass the gate without measuring it. "+
			"It skipped, renamed its sub-benchmarks, or printed its results under another configuration; make it report the same way on both sides, or leave it out of {bench}")
	}
	list(&b, fmt.Sprintf("%d benchmark(s) ran on both sides but reported their time (ns/op) on one side only:", len(e.NoTime)), len(e.NoTime), func(i int) string {
		m := e.NoTime[i]
		return fmt.Sprintf("%s (%s): ns/op on %s, none on %s, although %s measured it (%s); %s's benchmark likely calls b.ReportMetric(0, \"ns/op\"), which drops the time from its results, or else kept its timer stopped or crashed",
			m.Benchmark, m.Package, m.Other, m.Side, m.Side, strings.Join(m.Units, ", "), m.Side)
	})
	if len(e.NoTime) > 0 {
		hints = append(hints, "a benchmark's time that is not measured on one side cannot be compared, and leaving it out would pass a slowdown unmeasured. "+
			"Do not report ns/op as 0 (b.ReportMetric(0, \"ns/op\")); report what you need in a unit of your own (b.ReportMetric(v, \"x/op\")), or leave the benchmark out of {bench}. "+
			"A benchmark that panics or calls os.Exit can print a result without a time too: the testing package's main goroutine goes on as the benchmark's unwinds, and now and then prints the result and PASS, and exits 0, before the panic ends the process; go test -bench on that side shows the panic")
	}
	list(&b, fmt.Sprintf("%d benchmark(s) reported a time (ns/op) on one side that the testing package cannot have measured:", len(e.OwnTime)), len(e.OwnTime), func(i int) string {
		o := e.OwnTime[i]
		return fmt.Sprintf("%s (%s): on %s, %d iterations at %s ns/op are %v, less than the {benchtime} %v for which the testing package times every benchmark (%d of %d rounds); %s's times are the testing package's. %s's benchmark likely sets its own time with b.ReportMetric(v, \"ns/op\"), which replaces the measured one",
			strings.TrimPrefix(o.Name, "Benchmark"), o.Package, o.Side, o.Iterations, strconv.FormatFloat(o.NsPerOp, 'g', -1, 64), o.Time().Round(time.Microsecond), o.Benchtime,
			o.Rounds, o.Of, o.Other, o.Side)
	})
	if len(e.OwnTime) > 0 {
		hints = append(hints, "a time the code under test reports itself cannot be compared with one the testing package measured, and could pass a slowdown it hides. "+
			"Report what you need in a unit of your own (b.ReportMetric(v, \"x/op\")), or leave the benchmark out of {bench}")
	}
	for _, h := range hints {
		b.WriteString("\nhint: " + h)
	}
	return st.Render(b.String())
}

// list writes heading and one indented line per item (line(i) for the
// i-th of n), the first 10, on a line of their own below what b holds;
// nothing when n is 0.
func list(b *strings.Builder, heading string, n int, line func(i int) string) {
	if n == 0 {
		return
	}
	if b.Len() > 0 {
		b.WriteString("\n")
	}
	b.WriteString(heading)
	for i := 0; i < n; i++ {
		if i == 10 {
			fmt.Fprintf(b, "\n  ... and %d more", n-i)
			break
		}
		b.WriteString("\n  " + line(i))
	}
}

// side is what one side's listing says of a benchmark function.
type side struct {
	// lists: its binary lists the function; unknown: a binary that
	// could have it could not be listed.
	lists, unknown bool
}

// listing is what side s's binaries list of function fn in package pkg
// (any package, where pkg is not known).
func listing(s *runner.SideResult, pkg, fn string) side {
	var out side
	for _, p := range s.Packages {
		if pkg != "" && p.ImportPath != pkg {
			continue
		}
		switch {
		case !p.Listed:
			out.unknown = true
		case slices.Contains(p.Benchmarks, fn):
			out.lists = true
		}
	}
	return out
}

// rowGroup is the rows of one function in one configuration.
type rowGroup struct {
	pkg, fn, config string
	has             [2]bool
}

// groups gathers res's comparisons by function and configuration, in
// order.
func groups(comparisons []compare.Comparison) []*rowGroup {
	var out []*rowGroup
	index := map[string]*rowGroup{}
	for _, c := range comparisons {
		fn := plan.Function("Benchmark" + c.Benchmark)
		config := configWords(c)
		k := fn + "\x00" + config
		g := index[k]
		if g == nil {
			g = &rowGroup{pkg: c.Config["pkg"], fn: fn, config: config}
			index[k] = g
			out = append(out, g)
		}
		g.has[0] = g.has[0] || c.Base != nil
		g.has[1] = g.has[1] || c.Head != nil
	}
	return out
}

func configWords(c compare.Comparison) string {
	var kv []string
	for _, k := range c.ConfigOrder {
		kv = append(kv, k+"="+c.Config[k])
	}
	return strings.Join(kv, " ")
}

// missingResults finds the benchmark functions that have results on one
// side only although that side's binary lists them (or could not be
// listed).
func missingResults(out *runner.Outcome, res *compare.Result) error {
	if len(out.Sides) < 2 {
		return nil
	}
	gs := groups(res.Comparisons)
	var missing []Missing
	for _, g := range gs {
		if g.has[0] == g.has[1] {
			continue
		}
		m, o := 1, 0 // the side without results, and the one with
		if g.has[1] {
			m, o = 0, 1
		}
		l := listing(out.Sides[m], g.pkg, g.fn)
		if !l.lists && !l.unknown {
			continue // new or removed
		}
		miss := Missing{Package: g.pkg, Function: g.fn, Side: out.Sides[m].Name, Other: out.Sides[o].Name, Config: g.config, Unlisted: !l.lists}
		if miss.Package == "" {
			miss.Package = "package unknown"
		}
		for _, h := range gs {
			if h.fn == g.fn && h.pkg == g.pkg && h.has[m] && h.config != g.config {
				miss.Elsewhere = h.config
				break
			}
		}
		missing = append(missing, miss)
	}
	e := &MissingResultsError{Missing: missing,
		NoTime:  missingTime(out.Sides[0].Name, out.Sides[1].Name, res.Comparisons),
		OwnTime: ownTime(out.Sides[0], out.Sides[1])}
	if e.empty() {
		return nil
	}
	return e
}

// ownTime finds the benchmarks that one of base and head reported, in
// some round, with a time the testing package cannot have measured, where
// the other reported it with the testing package's times only. Where
// both sides report their own, the benchmark's convention is the same on
// both and its times are compared as reported (selfTimedNotes says so);
// where the other has no results of it, it is new or removed.
func ownTime(base, head *runner.SideResult) []OwnTime {
	var out []OwnTime
	sides := [2]*runner.SideResult{base, head}
	for m, s := range sides {
		other := sides[1-m]
		for _, st := range s.SelfTimed() {
			if other.TimedResults(st.Package, st.Name) == 0 || other.ReportedOwnTime(st.Package, st.Name) {
				continue
			}
			out = append(out, OwnTime{Side: s.Name, Other: other.Name, SelfTimed: st})
		}
	}
	return out
}

// selfTimedNotes are the report's notes on the benchmarks that every side
// reported with a time of their own.
func selfTimedNotes(sides []*runner.SideResult) []string {
	if len(sides) < 2 {
		return nil
	}
	var notes []string
	for _, st := range sides[0].SelfTimed() {
		every := true
		for _, s := range sides[1:] {
			every = every && s.ReportedOwnTime(st.Package, st.Name)
		}
		if every {
			notes = append(notes, fmt.Sprintf("%s (%s) reported on every side a time (ns/op) below what the testing package measures (%d iterations at %s ns/op are %v, under the %v benchtime): it sets its own time with b.ReportMetric(v, \"ns/op\"), and its sec/op is compared as reported, not as timed",
				strings.TrimPrefix(st.Name, "Benchmark"), st.Package, st.Iterations, strconv.FormatFloat(st.NsPerOp, 'g', -1, 64), st.Time().Round(time.Microsecond), st.Benchtime))
		}
	}
	return notes
}

// rowKey is a comparison's row without its unit: its benchmark and
// configuration.
func rowKey(c compare.Comparison) string { return c.Benchmark + "\x00" + configWords(c) }

// missingTime finds the benchmarks (rows) that have the time unit on one
// side only although the other side has results of them in other units:
// the benchmark ran there, and its time went missing. base and head name
// the sides.
func missingTime(base, head string, comparisons []compare.Comparison) []NoTime {
	type row struct {
		pkg, bench, config string
		time               [2]bool
		units              [2][]string
	}
	var order []*row
	rows := map[string]*row{}
	for _, c := range comparisons {
		k := rowKey(c)
		r := rows[k]
		if r == nil {
			r = &row{pkg: c.Config["pkg"], bench: c.Benchmark, config: configWords(c)}
			rows[k] = r
			order = append(order, r)
		}
		for i, e := range []*compare.Estimate{c.Base, c.Head} {
			switch {
			case e == nil:
			case c.Unit == TimeUnit:
				r.time[i] = true
			default:
				r.units[i] = append(r.units[i], c.Unit)
			}
		}
	}
	names := [2]string{base, head}
	var out []NoTime
	for _, r := range order {
		if r.time[0] == r.time[1] {
			continue
		}
		m := 0 // the side without the time
		if r.time[0] {
			m = 1
		}
		if len(r.units[m]) == 0 {
			continue // no results there at all: missingResults' or new/removed
		}
		nt := NoTime{Package: r.pkg, Benchmark: r.bench, Side: names[m], Other: names[1-m], Config: r.config, Units: r.units[m]}
		if nt.Package == "" {
			nt.Package = "package unknown"
		}
		out = append(out, nt)
	}
	return out
}

// checkMissing reads what a run measured and returns a
// *MissingResultsError if a benchmark went missing on one side. Files it
// cannot read are left to the comparison, which reports them.
func checkMissing(out *runner.Outcome, opts compare.Options) error {
	files := out.Files()
	if len(files) < 2 {
		return nil
	}
	res, err := compare.Load(files[:1], files[1:2], opts)
	if err != nil {
		return nil
	}
	return missingResults(out, res)
}

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
			listNames(fns, 10), pkg, between))
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

// listNames joins names, the first max of them and a count of the rest.
func listNames(names []string, max int) string {
	if len(names) <= max {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:max], ", "), len(names)-max)
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
	for _, d := range rep.Decisions {
		if d.Status != st {
			continue
		}
		name := d.Benchmark
		if pkg := d.Config["pkg"]; pkg != "" {
			name += " (" + pkg + ")"
		}
		if ran[rowKey(d.Comparison)] {
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
			st, listNames(names, 10), present, absent, absent))
	}
	if len(units) > 0 {
		why := fmt.Sprintf("%s's benchmark no longer calls b.SetBytes or b.ReportMetric for it", absent)
		if st == decide.New {
			why = fmt.Sprintf("%s's benchmark did not call b.SetBytes or b.ReportMetric for it", absent)
		}
		notes = append(notes, fmt.Sprintf("%s: %s: these benchmarks ran on both sides, but %s reported no such unit (%s), so these units were not compared; their other units were",
			st, listNames(units, 10), absent, why))
	}
	return notes
}

// ranOnBothSides are the rows (rowKey: benchmark and configuration,
// any unit) of ds that both sides have results of, in some unit.
func ranOnBothSides(ds []decide.Decision) map[string]bool {
	has := map[string]*[2]bool{}
	for _, d := range ds {
		k := rowKey(d.Comparison)
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
