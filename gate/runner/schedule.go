package runner

// Scheduling: which process runs when. Rounds interleave the sides, in an
// order that rotates from round to round (plan.Order); within a round a
// package runs whole, or one top-level benchmark function at a time, with
// every side's process back to back; a function that every side skipped
// in round 1 does not run again. Adaptive rounds then rerun only the
// benchmarks that are still undecided.

import (
	"context"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/usage"
	"golang.org/x/perf/benchfmt"
)

// unionPackages lists every package that some side has, in first-seen
// order.
func (st *runState) unionPackages() []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range st.out.Sides {
		for _, p := range s.Packages {
			if !seen[p.ImportPath] {
				seen[p.ImportPath] = true
				out = append(out, p.ImportPath)
			}
		}
	}
	return out
}

// rounds runs the binaries in interleaved, rotated rounds (or, for the
// sequential protocol, side after side), then any adaptive rounds.
func (st *runState) rounds(ctx context.Context) error {
	p := st.plan
	pkgs := st.unionPackages()
	if st.opts.Measure.Instructions() {
		if err := st.instructionRounds(ctx, pkgs); err != nil {
			return err
		}
		if !st.opts.Measure.Time() {
			st.out.RoundsDone = st.vg.outcome.RoundsDone
			return nil
		}
	}
	start := st.now()
	all := map[string][]string{}
	for _, ip := range pkgs {
		all[ip] = nil // nil: everything -bench selects
	}
	if p.Protocol == plan.Sequential {
		last := len(st.out.Sides) - 1
		for si, s := range st.out.Sides {
			for r := 0; r < p.Rounds; r++ {
				for _, ip := range pkgs {
					bench, ok := st.packageBench(ip)
					if pkg := s.pkg(ip); pkg != nil && ok {
						if err := st.runOne(ctx, s, pkg, r, "", bench); err != nil {
							return err
						}
					}
				}
				// Every side has run r+1 rounds once the last has: the
				// checks after a round see what they would interleaved.
				if si == last && st.opts.AfterRound != nil {
					if err := st.opts.AfterRound(r + 1); err != nil {
						st.out.RoundsDone = r + 1
						return err
					}
				}
			}
			st.progress("%s: %d runs done (sequential protocol), side %d/%d", s.Name, p.Rounds, si+1, len(st.out.Sides))
		}
		st.out.RoundsDone = p.Rounds
		return nil
	}
	// The time left is estimated from the rounds since the schedule last
	// changed: round 1 also ran the functions that then left it.
	rateFrom, rateRounds := start, 0
	for r := 0; r < p.Rounds; r++ {
		if err := st.round(ctx, r, pkgs, all); err != nil {
			return err
		}
		rateRounds++
		elapsed := st.now().Sub(start)
		left := time.Duration(float64(st.now().Sub(rateFrom)) / float64(rateRounds) * float64(p.Rounds-r-1))
		st.progress("round %d/%d done (%s): elapsed %s, about %s left",
			r+1, p.Rounds, st.orderNames(r), elapsed.Round(time.Second), left.Round(time.Second))
		if r == skipRounds-1 && p.Rounds > skipRounds {
			if n := st.leaveOutSkipped(); n > 0 {
				if st.nothingLeft(pkgs) {
					st.progress("every benchmark function skipped itself on every side in rounds 1 and 2: no more rounds")
					return nil
				}
				st.progress("%d benchmark function(s) skipped on every side that has them in rounds 1 and 2 are left out of the later rounds", n)
				rateFrom, rateRounds = st.now(), 0
			}
		}
		if st.opts.AfterRound != nil {
			if err := st.opts.AfterRound(r + 1); err != nil {
				return err
			}
		}
	}
	return st.adaptiveRounds(ctx, pkgs, start)
}

// round runs round r for the packages in sel (import path → the names of
// the benchmarks to run, nil for all that -bench selects).
func (st *runState) round(ctx context.Context, r int, pkgs []string, sel map[string][]string) error {
	order := plan.Order(r, len(st.out.Sides))
	for _, ip := range pkgs {
		names, ok := sel[ip]
		if !ok {
			continue
		}
		for _, u := range st.units(ip, names) {
			for _, si := range order {
				s := st.out.Sides[si]
				pkg := s.pkg(ip)
				if pkg == nil || (u.function != "" && !slices.Contains(pkg.Benchmarks, u.function)) {
					continue
				}
				if err := st.runOne(ctx, s, pkg, r, u.function, u.bench); err != nil {
					return err
				}
			}
		}
	}
	st.out.RoundsDone = r + 1
	return nil
}

// unit is what one process per side runs within a round: a whole
// package, or one top-level benchmark function of it.
type unit struct {
	// function is the benchmark function ("BenchmarkRSA"), empty for the
	// whole package.
	function string
	// bench is the -test.bench expression.
	bench string
}

// units splits a package's share of a round into processes: one per
// top-level benchmark function when the package runs a function at a time
// (st.functions), else one. names, if not nil, are the only benchmarks to
// run (adaptive rounds).
func (st *runState) units(ip string, names []string) []unit {
	functions, byBenchmark := st.functions[ip]
	if !byBenchmark {
		if names == nil {
			bench, ok := st.packageBench(ip)
			if !ok {
				return nil
			}
			return []unit{{bench: bench}}
		}
		return []unit{{bench: plan.BenchRegex(names)}}
	}
	var out []unit
	placed := map[string]bool{}
	for _, f := range functions {
		if names == nil {
			if st.leftOut[ip+"\x00"+f] {
				continue
			}
			out = append(out, unit{function: f, bench: plan.OneBenchmark(st.plan.Bench, f)})
			continue
		}
		var mine []string
		for _, n := range names {
			if base, _ := benchfmt.Name(n).Parts(); "Benchmark"+string(base) == f {
				mine = append(mine, n)
				placed[n] = true
			}
		}
		if len(mine) > 0 {
			out = append(out, unit{function: f, bench: plan.BenchRegex(mine)})
		}
	}
	// A name no listed function claims still gets its round, from a
	// whole-package process, rather than none.
	var rest []string
	for _, n := range names {
		if !placed[n] {
			rest = append(rest, n)
		}
	}
	if len(rest) > 0 {
		out = append(out, unit{bench: plan.BenchRegex(rest)})
	}
	return out
}

// skipRounds is how many rounds a function that every side skips runs
// before leaveOutSkipped leaves it out: two, since a benchmark may skip
// only its first run (one that makes its missing fixture and skips),
// which left out after one round passed a regression unmeasured.
const skipRounds = 2

// leaveOutSkipped, called after round skipRounds, leaves out of the
// later rounds every function that every side skipped without a result
// (skippedWhole), and returns how many.
func (st *runState) leaveOutSkipped() int {
	for ip, functions := range st.functions {
		for _, f := range functions {
			if st.skippedWhole(ip, f) {
				if st.leftOut == nil {
					st.leftOut = map[string]bool{}
				}
				st.leftOut[ip+"\x00"+f] = true
			}
		}
	}
	return len(st.leftOut)
}

// skippedWhole reports whether every side that lists function f of
// package ip skipped it and measured nothing of it so far. Its process
// would only skip again, so the rounds after the first leave it out, and
// it is reported as skipped on every side: where benchmarks need data
// that CI does not have, most of a run would otherwise go to starting
// processes that skip.
func (st *runState) skippedWhole(ip, f string) bool {
	sides := 0
	for si, s := range st.out.Sides {
		if pkg := s.pkg(ip); pkg == nil || !slices.Contains(pkg.Benchmarks, f) {
			continue
		}
		m := st.measured[measuredKey{si, ip}]
		if m == nil || m.under(f) != "" {
			return false
		}
		skipped := false
		for n := range m.skips {
			skipped = skipped || functionOf(n) == f
		}
		if !skipped {
			return false
		}
		sides++
	}
	return sides > 0
}

// nothingLeft reports whether the rounds after the first would run no
// process: every function of every package was left out.
func (st *runState) nothingLeft(pkgs []string) bool {
	for _, ip := range pkgs {
		if len(st.units(ip, nil)) > 0 {
			return false
		}
	}
	return true
}

// listBenchmarks asks each binary which top-level benchmark functions it
// has (-test.list), keeping those -bench selects, in every mode: a
// function a side lists must report results there, and only a function
// one side does not list at all is new or removed. When the plan
// interleaves by benchmark it also sets st.functions; a package whose
// binary cannot list its functions, on any side, or takes long to start,
// then runs a package at a time, as before, with a note.
func (st *runState) listBenchmarks(ctx context.Context) error {
	byBenchmark := st.plan.Interleave == plan.ByBenchmark && st.plan.Protocol != plan.Sequential
	whole := map[string]bool{}
	for _, s := range st.out.Sides {
		for i := range s.Packages {
			pkg := &s.Packages[i]
			out, d, err := st.listOne(ctx, s, pkg)
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				then := "a benchmark it does not report is then taken for one it does not have"
				if byBenchmark {
					then = "its benchmarks run in one process per side per round, and " + then
				}
				st.progress("warning: %s: listing the benchmarks of %s failed (%v); %s", s.Name, pkg.ImportPath, err, then)
				whole[pkg.ImportPath] = true
				continue
			}
			var listed int
			pkg.Benchmarks, listed = listedBenchmarks(out, st.plan.Bench)
			pkg.Benchmarks = st.inShard(pkg.ImportPath, pkg.Benchmarks)
			if listed == 0 {
				// Only packages with test files are built, so a binary
				// that lists nothing at all (a TestMain that never calls
				// m.Run) is broken. Run as a whole, the missing PASS
				// says so, where skipping it would measure nothing.
				if byBenchmark {
					st.progress("%s: the test binary of %s listed no tests or benchmarks, so it runs as a whole, one process per side per round", s.Name, pkg.ImportPath)
				}
				whole[pkg.ImportPath] = true
				continue
			}
			pkg.Listed = true
			// A package with nothing to run here is not run at all,
			// however long its TestMain takes.
			if byBenchmark && d > slowStart && len(pkg.Benchmarks) > 0 {
				// A TestMain that sets up something heavy would pay for it
				// once per benchmark function and round.
				st.progress("%s: the test binary of %s took %s to start and list its benchmarks (a TestMain's setup?), so its benchmarks run in one process per side per round", s.Name, pkg.ImportPath, d.Round(time.Millisecond))
				whole[pkg.ImportPath] = true
			}
		}
	}
	if err := st.anyBenchmark(whole); err != nil {
		return err
	}
	if err := st.noteShard(); err != nil {
		return err
	}
	if !byBenchmark {
		return nil
	}
	st.functions = map[string][]string{}
	n := 0
	pkgs := st.unionPackages()
	for _, ip := range pkgs {
		if whole[ip] {
			continue
		}
		var functions []string
		for _, s := range st.out.Sides {
			if pkg := s.pkg(ip); pkg != nil {
				for _, f := range pkg.Benchmarks {
					if !slices.Contains(functions, f) {
						functions = append(functions, f)
					}
				}
			}
		}
		st.functions[ip] = functions
		n += len(functions)
	}
	if st.opts.Measure.Time() {
		together := "base and head"
		if len(st.out.Sides) > 2 {
			together = fmt.Sprintf("all %d sides", len(st.out.Sides))
		}
		st.progress("interleaving by benchmark: %d benchmark function(s) in %d package(s), each run with %s back to back", n, len(pkgs), together)
	}
	return nil
}

// anyBenchmark stops a run before its first round when every binary
// listed its functions and none of them is a benchmark that -bench
// selects: the rounds would measure nothing. A binary that could not be
// listed (whole) might still have some, so it runs.
//
// Where every binary listed its functions and one side of two lists none
// that -bench selects while the other does, they are new on head (or
// gone from it): every round would measure them on one side only, and
// the run would end with a side without results, blaming -bench for
// matching nothing; it stops before its first round too.
func (st *runState) anyBenchmark(whole map[string]bool) error {
	if len(whole) > 0 {
		return nil
	}
	// A sharded run's packages keep only the functions of its shard:
	// when -bench selects some that all fall in other shards, noteShard
	// says so (an empty shard is not a failure), not this.
	if len(st.shardSeen) > 0 {
		return nil
	}
	listed := make([][]string, len(st.out.Sides))
	found := false
	for si, s := range st.out.Sides {
		for _, pkg := range s.Packages {
			for _, f := range pkg.Benchmarks {
				if !slices.Contains(listed[si], f) {
					listed[si] = append(listed[si], f)
				}
			}
		}
		found = found || len(listed[si]) > 0
	}
	if !found {
		return fmt.Errorf("%w: the test binaries of %s list no benchmark that {bench} %q selects, so there is nothing to measure", ErrNoBenchmarks, strings.Join(st.unionPackages(), ", "), st.plan.Bench)
	}
	if len(listed) != 2 {
		return nil
	}
	for si, s := range st.out.Sides {
		other := st.out.Sides[1-si]
		if len(listed[si]) > 0 || len(listed[1-si]) == 0 {
			continue
		}
		what := "new on " + other.Name
		if si == 1 {
			what = "gone from " + s.Name
		}
		names := listed[1-si]
		more := ""
		if len(names) > 5 {
			names, more = names[:5], fmt.Sprintf(" and %d more", len(listed[1-si])-5)
		}
		return usage.Errorf("widen {bench} to select benchmarks both sides have too: those are compared and gated, and one that only one side has is reported as new or removed",
			"%s's test binaries of %s list no benchmark that {bench} %q selects, but %s's list %s%s: they are %s, so there is nothing to compare",
			s.Name, strings.Join(st.unionPackages(), ", "), st.plan.Bench, other.Name, strings.Join(names, ", "), more, what)
	}
	return nil
}

// slowStart is how long a test binary may take to start and list its
// benchmarks before interleaving by benchmark is given up for it: every
// benchmark function would pay that again in every round.
const slowStart = 500 * time.Millisecond

func (st *runState) orderNames(r int) string {
	var names []string
	for _, si := range plan.Order(r, len(st.out.Sides)) {
		names = append(names, st.out.Sides[si].Name)
	}
	return strings.Join(names, " then ")
}

// undecidedNames lists the benchmarks of sel (names by package) for a
// person: the first few, with their package, and how many more.
func undecidedNames(sel map[string][]string) string {
	const shown = 5
	var parts []string
	n, total := 0, 0
	for _, pkg := range slices.Sorted(maps.Keys(sel)) {
		names := sel[pkg]
		total += len(names)
		if k := min(len(names), shown-n); k > 0 {
			parts = append(parts, fmt.Sprintf("%s (%s)", strings.Join(names[:k], ", "), path.Base(pkg)))
			n += k
		}
	}
	s := strings.Join(parts, "; ")
	if total > n {
		s += fmt.Sprintf(" and %d more", total-n)
	}
	return s
}

// adaptiveRounds runs extra rounds, only for the benchmarks that
// Options.Next says are still undecided, until none is, or MaxRounds or
// TimeBudget is reached.
func (st *runState) adaptiveRounds(ctx context.Context, pkgs []string, roundsStart time.Time) error {
	p := st.plan
	if st.opts.Next == nil || p.MaxRounds <= p.Rounds {
		return nil
	}
	for r := p.Rounds; r < p.MaxRounds; r++ {
		if p.TimeBudget > 0 {
			perRound := st.now().Sub(roundsStart) / time.Duration(r)
			if used := st.now().Sub(st.started) + perRound; used > p.TimeBudget {
				st.progress("adaptive: stopping after %d rounds: another round would pass the %s time budget", r, p.TimeBudget)
				return nil
			}
		}
		// Next compares the files: they must be this run's.
		if err := st.verifyResults(); err != nil {
			return err
		}
		sel, err := st.opts.Next(r)
		if err != nil {
			return err
		}
		if len(sel) == 0 {
			st.progress("adaptive: every benchmark is decided after %d rounds", r)
			return nil
		}
		if r == p.Rounds {
			st.progress("adaptive: after %d rounds, more rounds (up to {max-rounds} %d) for %s", r, p.MaxRounds, undecidedNames(sel))
		}
		if err := st.round(ctx, r, pkgs, sel); err != nil {
			return err
		}
		undecided := 0
		for _, names := range sel {
			undecided += len(names)
		}
		st.progress("adaptive round %d/%d done (%s): %d undecided benchmark(s) in %d package(s)", r+1, p.MaxRounds, st.orderNames(r), undecided, len(sel))
	}
	st.progress("adaptive: reached {max-rounds} %d", p.MaxRounds)
	return nil
}
