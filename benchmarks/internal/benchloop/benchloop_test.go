package benchloop

import (
	"flag"
	"runtime/debug"
	"testing"
	"time"
)

// setBenchtime sets -test.benchtime for one test: testing.Benchmark runs
// at the flag's value.
func setBenchtime(t *testing.T, v string) {
	t.Helper()
	f := flag.Lookup("test.benchtime")
	old := f.Value.String()
	if err := f.Value.Set(v); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.Value.Set(old) })
}

// sink keeps allocations on the heap.
var sink []byte

// bench is a benchmark of a 20 µs operation that allocates perOp bytes
// per iteration (one allocation) and, on its first iteration in the
// process, 1 MiB more (a lazily built table): it counts its calls and
// iterations and how many iterations First marked.
type bench struct {
	perOp                int
	calls, iters, firsts int
	table                []byte
}

func (x *bench) run(b *testing.B) {
	x.calls++
	b.ReportAllocs()
	for it := Start(b); it.Next(); {
		x.iters++
		if it.First() {
			x.firsts++
		}
		if x.table == nil {
			x.table = make([]byte, 1<<20)
		}
		if x.perOp > 0 {
			sink = make([]byte, x.perOp)
		}
		for end := time.Now().Add(20 * time.Microsecond); time.Now().Before(end); {
		}
	}
}

func TestDurationBenchtimeRampsInOneCall(t *testing.T) {
	setBenchtime(t, "30ms")
	for _, c := range []struct {
		name    string
		perOp   int
		warmMin int // iterations of warm-up
		warmMax int
	}{
		// After the first iteration, which builds the table, nothing is
		// allocated: the second step (10 iterations) shows it.
		{"allocates nothing", 0, 11, 11},
		// 64 B per op: the timed run's 1,500 operations need 24 new pages,
		// whose faults would cost 0.8% of -benchtime: warm after the
		// second step.
		{"allocates 64 B", 64, 11, 11},
		// 64 KiB per op: the 4 MiB heap goal is 64 operations; steps of 1,
		// 10 and 100 have been through it by the end of the third (which
		// may be shorter if 100 would not fit in -benchtime).
		{"allocates 64 KiB", 64 << 10, 12, 111},
		// 4 KiB per op, a page per 20 µs: the timed run would fill the heap
		// goal with new pages, so the warm-up runs until the heap has grown
		// to it, at the fourth step.
		{"allocates 4 KiB", 4 << 10, 112, 1600},
	} {
		t.Run(c.name, func(t *testing.T) {
			// Return every free page to the operating system, as a new
			// process starts: the heap has not been through its goal.
			debug.FreeOSMemory()
			x := bench{perOp: c.perOp}
			r := testing.Benchmark(x.run)
			if x.calls != 1 {
				t.Errorf("the testing package called the function %d times; want 1 (the ramp is inside the call)", x.calls)
			}
			if warm := x.iters - r.N; warm < c.warmMin || warm > c.warmMax {
				t.Errorf("ran %d iterations, reported N = %d: a warm-up of %d; want %d to %d", x.iters, r.N, warm, c.warmMin, c.warmMax)
			}
			if r.T < 30*time.Millisecond {
				t.Errorf("reported time %v is below -benchtime 30ms", r.T)
			}
			if per := r.T / time.Duration(r.N); per < 20*time.Microsecond || per > 200*time.Microsecond {
				t.Errorf("time per op %v; the operation takes 20µs", per)
			}
			wantAllocs := int64(0)
			if c.perOp > 0 {
				wantAllocs = 1
			}
			if got := r.AllocsPerOp(); got != wantAllocs {
				t.Errorf("allocs/op = %d; want %d: the first iteration's table is not timed", got, wantAllocs)
			}
			if got := r.AllocedBytesPerOp(); got != int64(c.perOp) {
				t.Errorf("B/op = %d; want %d", got, c.perOp)
			}
			if x.firsts != 1 {
				t.Errorf("First was true in %d iterations; want 1", x.firsts)
			}
		})
	}
}

func TestFreshBytes(t *testing.T) {
	const mib = 1 << 20
	for _, c := range []struct {
		h         heapState
		allocates uint64
		want      uint64
	}{
		{heapState{goal: 4 * mib, retained: 1 * mib}, 10 * mib, 3 * mib}, // grows to the goal in new pages
		{heapState{goal: 4 * mib, retained: 1 * mib}, mib / 2, mib / 2},  // all it allocates is new
		{heapState{goal: 4 * mib, retained: 4 * mib}, 10 * mib, 0},       // the pages to the goal are in use
		{heapState{goal: 4 * mib, retained: 9 * mib}, 10 * mib, 0},
	} {
		if got := freshBytes(c.h, c.allocates); got != c.want {
			t.Errorf("freshBytes(goal %d, retained %d, allocates %d) = %d, want %d", c.h.goal, c.h.retained, c.allocates, got, c.want)
		}
	}
}

func TestCountBenchtimeRunsBN(t *testing.T) {
	setBenchtime(t, "50x")
	var x bench
	r := testing.Benchmark(x.run)
	// As with a plain loop: the testing package's first call at b.N = 1,
	// then one at 50.
	if x.calls != 2 || x.iters != 51 || r.N != 50 {
		t.Errorf("at -benchtime 50x: %d calls, %d iterations, N = %d; want 2 calls, 51 iterations, N = 50", x.calls, x.iters, r.N)
	}
	if x.firsts != 2 {
		t.Errorf("First was true in %d iterations; want 2, once per call", x.firsts)
	}
}

func TestPredictN(t *testing.T) {
	for _, c := range []struct {
		goal, elapsed time.Duration
		prev, last    int
		want          int
	}{
		{25 * time.Millisecond, 6 * time.Millisecond, 1, 1, 4},  // 25/6 rounds down to 4, a fifth of which rounds to 0
		{25 * time.Millisecond, 2 * time.Millisecond, 1, 1, 14}, // 12, and a fifth more
		{25 * time.Millisecond, time.Microsecond, 1, 1, 100},    // at most 100 times last
		{25 * time.Millisecond, 30 * time.Millisecond, 1, 1, 2}, // at least one more
		{time.Hour, time.Nanosecond, 1e8, 1e8, maxIters},        // at most the testing package's cap
		{25 * time.Millisecond, 0, 3, 3, 300},                   // a clock that did not move
	} {
		if got := predictN(c.goal, c.prev, c.elapsed, c.last); got != c.want {
			t.Errorf("predictN(%v, %d, %v, %d) = %d, want %d", c.goal, c.prev, c.elapsed, c.last, got, c.want)
		}
	}
}
