package pipeline

// Times too short to decide on. benchgate runs every benchmark in a fresh
// process each round, so what a round times is a window of the
// benchmark's iterations just after the process started. With a count
// (-benchtime 1x) or a duration shorter than an iteration, that window
// is one call, the first: cold caches, pages faulted in, lazy
// initialisation. Three loops of 0.2–0.8 µs per iteration measured 2.4 to
// 6.7 times their time at 20000x in fresh processes at 1x (15 processes
// each), and a head 30% slower passed one of them as +6% "~" at
// -rounds 8 -benchtime 1x. A round whose window is that short measures
// the process start, not the code, so a run at a count, or at a duration
// under MinWindow, is refused after its first round, when every
// benchmark's window is known, with the fix.

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"sort"
	"strings"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/usage"
)

// MinWindow is the shortest median time per benchmark, side and round
// (iterations × ns/op) that benchgate decides on. Windows of 1–2 µs
// (-benchtime 1x) measured the first call; from about 200 µs
// (1000x of a 0.2 µs loop) the time per iteration was within the noise
// of a long run's. A duration -benchtime of MinWindow or more (the
// default is 25ms) always gives at least this: the testing package times
// a benchmark until its timer has run that long.
const MinWindow = time.Millisecond

// shortWindow is a benchmark's median window on a side: below
// MinWindow, where checkWindows refuses it.
type shortWindow struct {
	side, pkg, name string
	window          time.Duration
	iters           int
	nsPerOp         float64
	// oneCall is the longest of the benchmark's windows of one
	// iteration on the side, 0 for none, ones how many of its rounds
	// were timed over one iteration and rounds how many it has
	// (checkFirstCalls).
	oneCall      time.Duration
	ones, rounds int
}

// checkWindows refuses a run whose first round timed some benchmark over
// a window shorter than MinWindow on some side.
func checkWindows(p *plan.Plan) error {
	if d, err := time.ParseDuration(p.Benchtime); err == nil && d >= MinWindow {
		// The testing package timed every benchmark for at least d. A
		// shorter window is a time the benchmark reported itself
		// (b.ReportMetric(v, "ns/op")): its own way of timing, which the
		// checks for self-timed results judge, not this one. What it
		// may have timed is one call, the first: checkFirstCalls.
		return nil
	}
	var short []shortWindow
	for _, w := range sideWindows(p) {
		if w.window < MinWindow {
			short = append(short, w)
		}
	}
	if len(short) == 0 {
		return nil
	}
	sort.SliceStable(short, func(i, j int) bool { return short[i].window < short[j].window })
	first := short[0]
	names := map[string]bool{}
	for _, s := range short {
		names[s.pkg+" "+s.name] = true
	}
	hint := fmt.Sprintf("use a duration, such as {benchtime} 25ms (the default): the testing package times every benchmark for at least that long; or a count of iterations that runs each benchmark for %v or more%s; the results so far are in %s",
		MinWindow, countHint(short), p.ResultsDir)
	shortest := fmt.Sprintf("1 iteration of %v", time.Duration(first.nsPerOp))
	if first.iters != 1 {
		shortest = fmt.Sprintf("%d iterations of %v, %v", first.iters, time.Duration(first.nsPerOp), first.window.Round(100*time.Nanosecond))
	}
	return usage.Errorf(hint,
		"{benchtime} %s timed %d benchmark(s) over less than %v a round (the shortest, %s on %s: %s): so short a time measures mostly the start of a fresh process (cold caches, the first calls), not the code's speed, and no change could be decided from it",
		p.Benchtime, len(names), MinWindow, strings.TrimPrefix(first.name, "Benchmark"), first.side, shortest)
}

// sideWindows are every benchmark's median window on every side so far
// (benchWindows); none where a side's results cannot be read, which the
// analysis at the end reports.
func sideWindows(p *plan.Plan) []shortWindow {
	var out []shortWindow
	for i, name := range sideFiles(p) {
		f, err := os.Open(name)
		if err != nil {
			return nil
		}
		w, err := benchWindows(f, name, p.Sides[i].Name)
		f.Close()
		if err != nil {
			return nil
		}
		out = append(out, w...)
	}
	return out
}

// checkFirstCalls refuses a run at a duration -benchtime d, after a
// fixed round, once some benchmark was timed over one iteration of d or
// more in at least half of its rounds so far (from the third round on,
// firstCallRounds): the testing package calls a benchmark with b.N = 1
// first, and stops there when that call took d or longer, so the round
// timed the first call in a fresh process, with whatever the code does
// once (a table built on first use, a cache filled, pages faulted in). A
// table of 16 MiB built in a sync.Once made a call of 2.3 ms read as
// 75 ms, and a head 30% slower per call passed at the defaults (-3.3%,
// p=1.000); at -benchtime 210ms, the hint's, the same pair failed,
// +30.8%. The built-in suite's loop warms up before its timer
// (benchloop), so a single iteration there is a later one.
func checkFirstCalls(p *plan.Plan) error {
	d, err := time.ParseDuration(p.Benchtime)
	if err != nil || d < MinWindow || p.Suite {
		return nil // a count, or a window checkWindows refuses
	}
	var first []shortWindow
	names := map[string]bool{}
	for _, w := range sideWindows(p) {
		// One iteration under d is a time the benchmark reported
		// itself (the testing package would have gone on). A first
		// call that the machine stalled past d once is not the
		// benchmark's way: judged from the third round on, at least
		// half of the rounds so far.
		if w.oneCall >= d && w.rounds >= min(firstCallRounds, p.Rounds) && 2*w.ones >= w.rounds {
			first = append(first, w)
			names[w.pkg+" "+w.name] = true
		}
	}
	if len(first) == 0 {
		return nil
	}
	sort.SliceStable(first, func(i, j int) bool { return first[i].oneCall > first[j].oneCall })
	longest := first[0]
	return usage.Errorf(fmt.Sprintf("use {benchtime} %v or more (twice the longest first call: the testing package then times later calls, as a long-running process makes them), or {benchtime} 2x or more (a count: the call it reports follows the first); the results so far are in %s",
		twiceRounded(longest.oneCall), p.ResultsDir),
		"{benchtime} %s timed %d benchmark(s) over one call in half of their rounds or more, the first call in a fresh process (the longest, %s on %s: %v, in %d of %d rounds): that call took longer than {benchtime}, so the testing package reported it and timed no other; a first call holds what the code does once (a table built on first use, pages faulted in), which can hide a change in every later call",
		p.Benchtime, len(names), strings.TrimPrefix(longest.name, "Benchmark"), longest.side, longest.oneCall.Round(100*time.Microsecond), longest.ones, longest.rounds)
}

// firstCallRounds is the round from which checkFirstCalls judges: one
// stalled first call (a busy machine's pause of -benchtime, as 1.2 ms
// was for a file read at -benchtime 1ms in a loaded test run) is then
// not half of the rounds.
const firstCallRounds = 3

// twiceRounded is 2d rounded up to two significant digits: 150ms for a
// first call of 74.9ms.
func twiceRounded(d time.Duration) time.Duration {
	d *= 2
	step := time.Duration(math.Pow(10, math.Floor(math.Log10(float64(d)))-1))
	if step < 1 {
		return d
	}
	return (d + step - 1) / step * step
}

// countHint says how to choose a count of iterations that gives every
// short benchmark MinWindow: the least, rounded up to a power of ten, at
// the times per iteration measured. A time measured over one call is the
// first, cold call's, which tells no count: loops' first calls measured
// 2.4 to 6.7 times the rest's here (docs/statistics.md), and 9.9µs
// against 8ns (1,240 times) in a decoder of a user's; a count made of it
// was refused in turn.
func countHint(short []shortWindow) string {
	need := 1.0
	for _, s := range short {
		if s.iters == 1 {
			return ", chosen from its time per iteration at a duration (a run at {benchtime} 25ms prints it): the time of one call, the first, does not tell it (a loop's first call measured up to 1,240 times its later ones')"
		}
		need = max(need, math.Ceil(float64(MinWindow)/s.nsPerOp))
	}
	count := int64(math.Pow(10, math.Ceil(math.Log10(need))))
	return fmt.Sprintf(": {benchtime} %dx or more", count)
}

// benchWindows reads a side's results (file names them in errors) and
// returns each benchmark's median window: the round whose iterations ×
// ns/op is the lower median, in the order the benchmarks came.
func benchWindows(f io.Reader, file, side string) ([]shortWindow, error) {
	type key struct{ pkg, name string }
	type sample struct {
		window  time.Duration
		iters   int
		nsPerOp float64
	}
	byBench := map[key][]sample{}
	var order []key
	r := benchfmt.NewReader(f, file)
	for r.Scan() {
		res, ok := r.Result().(*benchfmt.Result)
		if !ok || res.Iters <= 0 {
			continue
		}
		ns, ok := nsPerOp(res)
		if !ok {
			continue
		}
		k := key{string(res.GetConfig("pkg")), string(res.Name.Full())}
		if _, seen := byBench[k]; !seen {
			order = append(order, k)
		}
		byBench[k] = append(byBench[k], sample{time.Duration(float64(res.Iters) * ns), res.Iters, ns})
	}
	if err := r.Err(); err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	var out []shortWindow
	for _, k := range order {
		s := byBench[k]
		slices.SortFunc(s, func(a, b sample) int { return cmp.Compare(a.window, b.window) })
		m := s[(len(s)-1)/2] // the lower median: a window of one sample is itself
		w := shortWindow{side: side, pkg: k.pkg, name: "Benchmark" + k.name, window: m.window, iters: m.iters, nsPerOp: m.nsPerOp}
		w.rounds = len(s)
		for _, x := range s {
			if x.iters == 1 {
				w.oneCall = max(w.oneCall, x.window)
				w.ones++
			}
		}
		out = append(out, w)
	}
	return out, nil
}

// nsPerOp is a result's time per iteration in nanoseconds.
func nsPerOp(res *benchfmt.Result) (float64, bool) {
	for _, v := range res.Values {
		switch {
		case v.OrigUnit == "ns/op": // as printed; the reader tidies it to sec/op
			return v.OrigValue, v.OrigValue > 0
		case v.Unit == "ns/op":
			return v.Value, v.Value > 0
		case v.Unit == "sec/op":
			return v.Value * 1e9, v.Value > 0
		}
	}
	return 0, false
}
