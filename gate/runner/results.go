package runner

// What each side has reported so far, and the checks that make a
// benchmark that went missing an error instead of a benchmark that seems
// removed: a benchmark one side skips and another measures, and a
// benchmark that reported results in earlier rounds and none in a later
// one. (Results that two sides report under different -GOMAXPROCS
// suffixes are matched by package compare; functions one side lists and
// never reports are caught after the run, by package pipeline.)

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// measuredKey is one side's share of one package.
type measuredKey struct {
	side int
	pkg  string
}

// measured is what one side's processes of one package reported.
type measured struct {
	// results are the names of the results reported, each with the
	// round of its first.
	results map[string]int
	order   []string
	// skips are the benchmarks skipped, each with the first skip's
	// reason and round.
	skips map[string]skipped
}

type skipped struct {
	reason string
	round  int
}

func (st *runState) measuredOf(side int, pkg string) *measured {
	if st.measured == nil {
		st.measured = map[measuredKey]*measured{}
	}
	k := measuredKey{side, pkg}
	m := st.measured[k]
	if m == nil {
		m = &measured{results: map[string]int{}, skips: map[string]skipped{}}
		st.measured[k] = m
	}
	return m
}

// under returns a result name that skipping benchmark name leaves out,
// or "".
func (m *measured) under(name string) string {
	for _, r := range m.order {
		if covers(name, r) {
			return r
		}
	}
	return ""
}

// covering returns a skip that leaves out the result name.
func (m *measured) covering(name string) (string, skipped, bool) {
	for k, sk := range m.skips {
		if covers(k, name) {
			return k, sk, true
		}
	}
	return "", skipped{}, false
}

// missingHint is the hint of every error about a benchmark that one side
// did not measure.
const missingHint = "a benchmark that is not measured on one side cannot be compared, and leaving it out would pass the gate without measuring it; make it run the same way on every side and in every round, or leave it out of {bench}"

// checkResults checks what side s's process of pkg in round (0-based)
// reported, given what every side reported before, and records it. A
// process that ran sel and exited 0 gets here.
func (st *runState) checkResults(si int, pkg *Package, round int, sel *selection, lw *lineWriter, tw *tailWriter) error {
	s := st.out.Sides[si]
	mine := st.measuredOf(si, pkg.ImportPath)
	fail := func(name string, err error) *BenchmarkFailedError {
		e := st.failure(s, pkg, round, err, tw.Bytes(), lw)
		e.Benchmark, e.After, e.Hint = name, "", missingHint
		return e
	}
	if lw.duplicate != "" {
		e := st.failure(s, pkg, round, fmt.Errorf("%s reported two results in one process; with -test.count=1 the testing package prints one, so the benchmark printed the other", lw.duplicate), tw.Bytes(), lw)
		e.Benchmark, e.After = stripProcs(lw.duplicate), ""
		e.Hint = "a benchmark must not print lines that look like results; print to io.Discard, or use b.Log"
		return e
	}
	for _, sk := range lw.skips {
		if !sel.function(functionOf(sk.name)) {
			continue // not what this process ran: printed by a benchmark
		}
		if r := mine.under(sk.name); r != "" {
			return fail(sk.name, fmt.Errorf("skipped in round %d (%s), after it reported %s in round %d", round+1, sk.reason, r, mine.results[r]))
		}
		for oi, o := range st.out.Sides {
			if oi == si {
				continue
			}
			if r := st.measuredOf(oi, pkg.ImportPath).under(sk.name); r != "" {
				return fail(sk.name, fmt.Errorf("skipped on %s (%s), but %s measured it (%s)", s.Name, sk.reason, o.Name, r))
			}
		}
		if _, ok := mine.skips[sk.name]; !ok {
			mine.skips[sk.name] = skipped{reason: sk.reason, round: round + 1}
		}
	}
	got := map[string]bool{}
	for _, n := range lw.names {
		got[n] = true
		for oi, o := range st.out.Sides {
			if oi == si {
				continue
			}
			if name, sk, ok := st.measuredOf(oi, pkg.ImportPath).covering(n); ok {
				e := fail(name, fmt.Errorf("skipped on %s in round %d (%s), but %s measured it (%s)", o.Name, sk.round, sk.reason, s.Name, n))
				e.Side = o.Name
				e.Round = sk.round
				e.Tail = ""
				return e
			}
		}
	}
	// A benchmark this process was asked for that reported before must
	// report again: the same binary, the same flags.
	for _, r := range mine.order {
		if !got[r] && sel.result(r) {
			return fail(stripProcs(r), fmt.Errorf("reported %s in round %d but nothing in round %d", r, mine.results[r], round+1))
		}
	}
	for _, n := range lw.names {
		if _, ok := mine.results[n]; !ok {
			mine.results[n] = round + 1
			mine.order = append(mine.order, n)
		}
	}
	return nil
}

// selection is what a process of pkg's binary that runs the -test.bench
// expression bench is asked for: the functions the binary lists, where
// it listed them.
func (st *runState) selection(pkg *Package, bench string) *selection {
	var functions []string
	if pkg.Listed {
		functions = pkg.Benchmarks
		if functions == nil {
			functions = []string{}
		}
	}
	return newSelection(bench, functions)
}

func (st *runState) sideIndex(s *SideResult) int {
	return slices.Index(st.out.Sides, s)
}

// tally adds what a process wrote to the side's counts.
func (s *SideResult) tally(lw *lineWriter) {
	s.Results += lw.results
	s.Rejected += lw.rejected
	if s.FirstRejected == "" {
		s.FirstRejected = lw.firstRejected
	}
	s.NotConfig += lw.notConfig
	if s.FirstNotConfig == "" {
		s.FirstNotConfig = lw.firstNotConfig
	}
	s.config = lw.configKeys()
}

// functionOf is the top-level function of a benchmark a SKIP line names.
func functionOf(name string) string {
	f, _, _ := strings.Cut(name, "/")
	return f
}

// skippedEverywhere lists the benchmarks that were skipped and measured
// on no side, for the report.
func (st *runState) skippedEverywhere() []Skipped {
	var out []Skipped
	keys := make([]measuredKey, 0, len(st.measured))
	for k := range st.measured {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].pkg != keys[j].pkg {
			return keys[i].pkg < keys[j].pkg
		}
		return keys[i].side < keys[j].side
	})
	for _, k := range keys {
		names := make([]string, 0, len(st.measured[k].skips))
		for n := range st.measured[k].skips {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			out = append(out, Skipped{Side: st.out.Sides[k.side].Name, Package: k.pkg, Benchmark: n, Reason: st.measured[k].skips[n].reason})
		}
	}
	return out
}
