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
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/benchgate/benchgate/gate/compare"
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
	var bf *runner.BenchmarkFailedError
	if errors.As(err, &bf) && bf.Stage == "setup" {
		// Nothing was built: a side's sources, its toolchain or the
		// build user could not be set up.
		return report.SetupFailed
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
		k := c.Row()
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
