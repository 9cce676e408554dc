// Package benchloop runs a benchmark's loop so that the testing package
// calls a sub-benchmark's function once per -count at a duration
// -benchtime, as testing.B.Loop does from Go 1.24 on, here for every
// toolchain the suite builds with (go1.19 on): a comparison across go1.24
// does not also change how the suite measures.
//
// A loop is written
//
//	for it := benchloop.Start(b); it.Next(); {
//		// one operation
//	}
//
// # Why
//
// With a plain b.N loop the testing package calls a sub-benchmark's
// function several times per process as it ramps b.N up to -benchtime
// (1 iteration, then up to 100 times as many, and so on) and reports only
// the last call. For the suite's slow operations that ramp costs as much
// as the call it reports: an RSA-4096 private operation of 6 ms runs 1,
// then 4, then 5 iterations for the 5 it reports. Here the first call
// (b.N = 1) warms up untimed, then ramps up inside the call, timed
// throughout, and leaves b.N at the number of iterations it timed; the
// testing package sees -benchtime reached and calls no more.
//
// # The warm-up
//
// An operation's first iterations in a process are slower than the rest
// while the heap grows into memory the process has not used yet: the
// kernel faults in and zeroes each new page. HMAC-SHA256 JWT signing (4.3
// KB and 33 allocations per op, 5 µs) ran at 10–14 µs per op over its
// first 25 ms, 12–20 µs with the collector off (every allocation in a new
// page), and 5 µs once the heap had grown to its goal. So the warm-up runs
// untimed steps (1 iteration, then ten times as many, no step planned past
// -benchtime) until the timed run would fault in few new pages (at most
// 1% of -benchtime; see fewFreshPages), or until a step ends after half of
// -benchtime. An operation that allocates little for its time (an RSA
// private operation), or runs in a process whose heap has already grown to
// its goal, warms up in one or two steps. The warm-up also keeps per-op
// allocation counts exact: what an operation allocates once per process (a
// lazily built table) is allocated before the timer starts.
//
// An operation that allocates so much that the timed run will collect, in
// a process whose heap has not yet grown to its goal (it has been through
// no collection but those the testing package forces), warms up until it
// has, for up to twice -benchtime: then the pages up to the heap goal are
// in use and the timed run's collections reuse them, as in a long-running
// process; the operations after it in the process find the heap grown.
// Half of -benchtime was too short for ECDSA P-256 sign (6 KB per op),
// whose heap grows to its goal at 40–45 µs per op while each new page
// faults in: in 36 of 60 new processes at -benchtime 25ms the timed run
// began with the heap short of its goal and faulted in 250–540 pages
// (about 15 µs each on a cloud machine), against 60–350 when it began at
// the goal, and the median ns/op of the two groups differed by 7%.
//
// At a count -benchtime (Nx, as benchgate's instruction counts use) and on
// any call whose b.N is not 1, the loop runs b.N iterations, as a plain
// loop would.
package benchloop

import (
	"flag"
	"runtime"
	"strings"
	"testing"
	"time"
)

type phase int

const (
	plain   phase = iota // run b.N iterations
	warming              // untimed steps
	timing               // timed, ramping up to -benchtime
)

// Iter is one call's loop.
type Iter struct {
	b     *testing.B
	phase phase
	calls int // times Next said yes, warm-up included
	done  int // iterations run in this step (warming) or since the timer started
	n     int // the iterations to have run before the clock is read again

	goal      time.Duration // -benchtime
	start     time.Time     // when the warm-up, then the timed run, started
	stepStart time.Time
	stepAlloc uint64 // bytes allocated in the process when the step started
}

// Start begins a loop, resetting b's timer, so whatever the function did
// before the loop is not timed.
func Start(b *testing.B) *Iter {
	it := &Iter{b: b, n: b.N}
	if d, ok := durationBenchtime(); ok && b.N == 1 {
		it.phase, it.goal, it.n = warming, d, 0
		it.stepAlloc = readHeap().allocated
		it.start = now()
		it.stepStart = it.start
	}
	b.ResetTimer()
	return it
}

// Next reports whether the body should run once more.
func (it *Iter) Next() bool {
	if it.done < it.n {
		it.done++
		it.calls++
		return true
	}
	if it.more() {
		it.calls++
		return true
	}
	return false
}

// First reports whether the body is running for the first time in this
// call: where a benchmark checks a result once, untimed if it is the
// warm-up.
func (it *Iter) First() bool { return it.calls == 1 }

func (it *Iter) more() bool {
	switch it.phase {
	case plain:
		return false
	case warming:
		return it.warmStep()
	}
	elapsed := now().Sub(it.start)
	if elapsed >= it.goal || it.n >= maxIters {
		it.b.N = it.n
		return false
	}
	it.n = predictN(it.goal, it.n, elapsed, it.n)
	it.done++
	return true
}

// warmStep ends a warm-up step: it starts the next one, or the timed run.
func (it *Iter) warmStep() bool {
	if it.n == 0 { // the first step, of one iteration
		it.n, it.done = 1, 1
		return true
	}
	t := now()
	step, total := t.Sub(it.stepStart), t.Sub(it.start)
	h := readHeap()
	// A timed run that will collect waits, for up to twice -benchtime, for
	// the process's first collection of its own; any other for few fresh
	// pages, for up to half.
	limit, budget := it.goal/2, it.goal
	ready := it.fewFreshPages(h, step)
	if h.cycles == 0 && it.timedRunCollects(h, step) {
		limit, budget, ready = 2*it.goal, 2*it.goal, false
	}
	if ready || total >= limit {
		it.phase = timing
		it.b.ResetTimer()
		it.start = now()
		// The warm-up's last step may have run past -benchtime, so the
		// first plan need not exceed it, as predictN's ramp would.
		it.n = predictN(it.goal, it.n, step, 1+it.n/100)
		it.done = 1
		return true
	}
	// Ten times as many, as long as the warm-up stays within its budget.
	next := 10 * it.n
	if fit := int(int64(budget-total)*int64(it.n)/int64(step+1)) + 1; fit < next {
		next = fit
	}
	it.n, it.done = next, 1
	it.stepStart, it.stepAlloc = t, h.allocated
	return true
}

// fewFreshPages reports whether the timed run, as long as the step just
// run predicts it, would fault in few enough new pages to cost at most 1%
// of -benchtime.
func (it *Iter) fewFreshPages(h heapState, step time.Duration) bool {
	return time.Duration(freshBytes(h, it.timedAlloc(h, step))/pageSize)*pageFault <= it.goal/100
}

// timedRunCollects reports whether the timed run, as long as the step just
// run predicts it, will allocate past the heap goal, so that the heap is
// collected while it runs.
func (it *Iter) timedRunCollects(h heapState, step time.Duration) bool {
	return h.live+it.timedAlloc(h, step) >= h.goal
}

// timedAlloc is what the timed run will allocate at the step's rate of
// operations and bytes per operation.
func (it *Iter) timedAlloc(h heapState, step time.Duration) uint64 {
	perOp := (h.allocated - it.stepAlloc) / uint64(it.n)
	timedOps := uint64(int64(it.goal)*int64(it.n)/int64(step+1)) + 1
	return perOp * timedOps
}

// freshBytes is how much of what a run will allocate lands in pages the
// process has not used yet: the heap grows to its goal before the next
// collection frees memory to reuse, and the pages it already holds (and
// has used, since fresh memory counts as released until it is) are
// faulted in.
func freshBytes(h heapState, allocates uint64) uint64 {
	if h.retained >= h.goal {
		return 0
	}
	if left := h.goal - h.retained; left < allocates {
		return left
	}
	return allocates
}

// pageSize and pageFault are a page and what faulting one in costs: on the
// 2-vCPU cloud machines benchgate was measured on, HMAC-SHA256 JWT signing
// (4.3 KB per op, 5 µs) ran at 12–20 µs per op with the collector off,
// every allocation in a new page.
const (
	pageSize  = 4096
	pageFault = 10 * time.Microsecond
)

// heapState is what the warm-up reads of the heap: the bytes allocated
// since the process started, the heap goal of the current cycle and the
// pages the process holds. runtime.ReadMemStats stops the world for a
// moment, as the testing package's own timer calls do; runtime/metrics
// would not, but counts a small allocation only once its span is used up,
// so a short step's allocations per op would read as none.
type heapState struct {
	allocated, goal uint64
	live            uint64 // bytes of allocated heap objects, reachable or not yet swept
	retained        uint64 // heap pages the process holds and has used
	cycles          uint32 // collections the heap's growth started, not forced ones
}

func readHeap() heapState {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return heapState{allocated: m.TotalAlloc, goal: m.NextGC, live: m.HeapAlloc, retained: m.HeapSys - m.HeapReleased, cycles: m.NumGC - m.NumForcedGC}
}

// now is the loop's clock for its warm-up and ramp decisions. Its tests
// replace it with one that the benchmark body advances, so that what they
// check of those decisions does not depend on how loaded the machine is;
// the testing package's own timer, which reports the result, stays real.
var now = time.Now

// maxIters is the testing package's cap on b.N.
const maxIters = 1e9

// predictN is the testing package's prediction of how many iterations
// reach goal, given that prev took elapsed: 20% more than the rate
// predicts, at most 100 times last and at least one more than last.
func predictN(goal time.Duration, prev int, elapsed time.Duration, last int) int {
	if elapsed <= 0 {
		elapsed = 1
	}
	n := int64(goal) * int64(prev) / int64(elapsed)
	n += n / 5
	if n > 100*int64(last) {
		n = 100 * int64(last)
	}
	if n < int64(last)+1 {
		n = int64(last) + 1
	}
	if n > maxIters {
		n = maxIters
	}
	return int(n)
}

// durationBenchtime returns -test.benchtime when it is a duration. Its
// flag prints as the duration ("25ms") or as the count ("100x").
func durationBenchtime() (time.Duration, bool) {
	f := flag.Lookup("test.benchtime")
	if f == nil {
		return 0, false
	}
	s := f.Value.String()
	if strings.HasSuffix(s, "x") {
		return 0, false
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, false
	}
	return d, true
}
