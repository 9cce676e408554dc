package pipeline

// The untimed warning: a benchmark process's wall time, which benchgate
// measures, against what its results say their timers measured, which
// the process measures with its own clock.

import (
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/internal/brief"
)

// Untimed growth beyond both of these, in at least untimedRounds of a
// benchmark function's paired rounds, is warned of. Over 53 runs here
// of at least 4 rounds (311 benchmark functions: quick- and whole-suite
// A/A, go1.26.8 against go1.27.3, lz4's and huff0's real regressions and
// speedups, the red team's flag tricks) the median growth of head's
// untimed time was at most 13.4% of base's process time, and 9.6% where
// it grew in 80% of the rounds; a head whose
// init pointed the runtime's clock at one running at half speed, so that
// its benchmarks, twice as slow, reported base's times, grew it by 64%
// (153 ms a process against 221 ms), in every round.
const (
	untimedShare  = 0.25
	untimedFloor  = 10 * time.Millisecond
	untimedRounds = 0.8
	// untimedMinPairs is the fewest paired rounds judged: the least
	// -rounds accepts is 2, and two rounds say little of a process's
	// wall time.
	untimedMinPairs = 4
	// maxUntimedWarnings bounds the warnings, one per benchmark
	// function; the runs may come from an untrusted artifact.
	maxUntimedWarnings = 10
)

// untimedWarnings compares, for each benchmark function (a process per
// side per round), the time head's processes ran outside their
// benchmarks' timers with base's: the process's wall time less the
// results' iterations × ns/op. The testing package times a benchmark
// with the process's own clock, which the code under test can slow (or
// it can print results of its own); benchgate's wall time it cannot.
// More untimed time on head is also what more setup, a slower package
// init or a changed ramp-up gives, so it is a warning, not a verdict:
// the gate still judges the times the benchmarks report. Rounds whose
// processes reported different numbers of results on the two sides (a
// sub-benchmark added) are not compared; nor are runs of more than two
// sides, or processes of a whole package.
func untimedWarnings(runs []runner.RunRecord, base, head string) []string {
	type key struct {
		pkg, fn string
		round   int
	}
	type fnKey struct{ pkg, fn string }
	usable := func(r runner.RunRecord) bool {
		return r.Round >= 1 && r.Benchmark != "" && r.Error == "" && r.Count == nil && r.Duration > 0 && r.Timed > 0 && r.Results > 0
	}
	bases := map[key]runner.RunRecord{}
	for _, r := range runs {
		if r.Side == base && usable(r) {
			bases[key{r.Package, r.Benchmark, r.Round}] = r
		}
	}
	// pairs are each function's rounds, base's process then head's: one
	// pass over the runs, which an untrusted manifest may make many.
	pairs := map[fnKey][][2]runner.RunRecord{}
	var fns []fnKey
	for _, h := range runs {
		if h.Side != head || !usable(h) {
			continue
		}
		b, ok := bases[key{h.Package, h.Benchmark, h.Round}]
		if !ok || b.Results != h.Results {
			continue
		}
		f := fnKey{h.Package, h.Benchmark}
		if _, seen := pairs[f]; !seen {
			fns = append(fns, f)
		}
		pairs[f] = append(pairs[f], [2]runner.RunRecord{b, h})
	}
	sort.Slice(fns, func(i, j int) bool {
		if fns[i].pkg != fns[j].pkg {
			return fns[i].pkg < fns[j].pkg
		}
		return fns[i].fn < fns[j].fn
	})
	var out []string
	more := 0
	for _, f := range fns {
		var growth []float64
		var grew []time.Duration
		var wb, wh, tb, th []time.Duration
		for _, p := range pairs[f] {
			b, h := p[0], p[1]
			d := (h.Duration - h.Timed) - (b.Duration - b.Timed)
			growth = append(growth, float64(d)/float64(b.Duration))
			grew = append(grew, d)
			wb, wh, tb, th = append(wb, b.Duration), append(wh, h.Duration), append(tb, b.Timed), append(th, h.Timed)
		}
		if len(growth) < untimedMinPairs {
			continue
		}
		positive := 0
		for _, g := range growth {
			if g > 0 {
				positive++
			}
		}
		if medianOf(growth) < untimedShare || medianOf(grew) < untimedFloor || float64(positive) < untimedRounds*float64(len(growth)) {
			continue
		}
		if len(out) == maxUntimedWarnings {
			more++
			continue
		}
		out = append(out, fmt.Sprintf("%s (%s): %s's processes ran a median %s longer outside the benchmarks' timers than %s's (%.0f%% of %s's process time, in %d of %d rounds): a process took %s on %s against %s on %s, of which the results' iterations × ns/op make %s against %s. More setup or package init on %s gives that, and so does code that slows its own process's clock or prints its own results; the gate judges the times the benchmarks report, so review what runs outside them",
			brief.Clip(f.fn, 200), brief.Clip(f.pkg, 200), head, medianOf(grew).Round(time.Millisecond), base,
			100*medianOf(growth), base, positive, len(growth),
			medianOf(wh).Round(time.Millisecond), head, medianOf(wb).Round(time.Millisecond), base,
			medianOf(th).Round(time.Millisecond), medianOf(tb).Round(time.Millisecond), head))
	}
	if more > 0 {
		out = append(out, fmt.Sprintf("%d more benchmark function(s) ran longer outside their timers on %s, by the same measure", more, head))
	}
	return out
}

// medianOf is the median of xs (the mean of the middle two of an even
// count), or zero for none.
func medianOf[T float64 | time.Duration](xs []T) T {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[len(s)/2]
}
