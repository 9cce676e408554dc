package benchloop

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
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

// fakeClock is the loop's clock in a test: it moves only when the
// benchmark body advances it, so the warm-up and the ramp see the same
// step timings however loaded the machine is.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

// useFakeClock makes a fake clock the loop's clock for one test.
func useFakeClock(t *testing.T) *fakeClock {
	t.Helper()
	c := &fakeClock{t: time.Unix(1, 0)}
	old := now
	now = c.now
	t.Cleanup(func() { now = old })
	return c
}

// bench is a benchmark of a 20 µs operation that allocates perOp bytes
// per iteration (one allocation) and, on its first iteration in the
// process, 1 MiB more (a lazily built table): it counts its calls and
// iterations and how many iterations First marked. The operation waits
// 20 µs of real time, which the testing package's timer measures, and
// then advances clock, if there is one, by exactly 20 µs.
type bench struct {
	perOp                int
	clock                *fakeClock
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
		for end := time.Now().Add(opTime); time.Now().Before(end); {
		}
		if x.clock != nil {
			x.clock.t = x.clock.t.Add(opTime)
		}
	}
}

const opTime = 20 * time.Microsecond

// freshProcessEnv, set in a test's environment, says that the test
// binary was started by inFreshProcess to run one test case.
const freshProcessEnv = "BENCHLOOP_FRESH_PROCESS"

// inFreshProcess runs the calling (sub)test in a new process of the test
// binary and reports whether it did so, in which case the caller returns:
// the new process, with freshProcessEnv set, runs the test's body. The
// warm-up is for a process whose heap has not yet grown, and a process
// that has run other cases cannot be made one again: debug.FreeOSMemory
// left megabytes of idle pages unreleased on a loaded machine.
//
// The test fails only if three processes in a row fail it. Where a
// warm-up ends depends on the heap goal, and the goal on how much the
// collector found live while the case allocated, which a loaded machine
// changes: with two busy loops beside it on two cores, the 64 KiB case
// warmed up for a fourth step in 3 runs of 60.
func inFreshProcess(t *testing.T) bool {
	t.Helper()
	if os.Getenv(freshProcessEnv) != "" {
		return false
	}
	var pattern []string
	for _, part := range strings.Split(t.Name(), "/") {
		pattern = append(pattern, "^"+regexp.QuoteMeta(part)+"$")
	}
	var failures []string
	for try := 1; try <= 3; try++ {
		cmd := exec.Command(os.Args[0], "-test.run="+strings.Join(pattern, "/"), "-test.v")
		cmd.Env = append(os.Environ(), freshProcessEnv+"=1")
		out, err := cmd.CombinedOutput()
		// A pattern that matched nothing would exit 0 too.
		if err == nil && strings.Contains(string(out), "--- PASS: "+t.Name()+" ") {
			return true
		}
		failures = append(failures, fmt.Sprintf("process %d: %v\n%s", try, err, out))
	}
	t.Fatalf("%s failed in three new processes in a row:\n%s", t.Name(), strings.Join(failures, "\n"))
	return true
}

func TestDurationBenchtimeRampsInOneCall(t *testing.T) {
	for _, c := range []struct {
		name    string
		perOp   int
		warmMin int // iterations of warm-up
		warmMax int
		grown   bool // the heap has been collected on its own before
	}{
		// After the first iteration, which builds the table, nothing is
		// allocated: the second step (10 iterations) shows it.
		{"allocates nothing", 0, 11, 11, false},
		// 64 B per op: the timed run's 1,500 operations need 24 new pages,
		// whose faults would cost 0.8% of -benchtime: warm after the
		// second step.
		{"allocates 64 B", 64, 11, 11, false},
		// 64 KiB per op: the 4 MiB heap goal is 64 operations; steps of 1,
		// 10 and 100 have been through it by the end of the third.
		{"allocates 64 KiB", 64 << 10, 12, 111, false},
		// 4 KiB per op, a page per 20 µs: the timed run would fill the heap
		// goal with new pages, so the warm-up runs until the heap has grown
		// to it, at the fourth step.
		{"allocates 4 KiB", 4 << 10, 112, 1600, false},
		// 2 KiB per op: the timed run's 3 MiB will collect, but after the
		// fourth step (1,111 iterations, 22 ms on the loop's clock) the
		// heap has not: the warm-up goes on past half of -benchtime, into
		// a fifth step that takes the heap through a collection.
		{"allocates 2 KiB", 2 << 10, 1112, 3001, false},
		// The same in a process whose heap has been collected on its own
		// already, as by an earlier sub-benchmark: the warm-up does not
		// wait for another collection, and ends as any other does, by the
		// fourth step.
		{"allocates 2 KiB, heap grown", 2 << 10, 11, 1111, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if inFreshProcess(t) {
				return
			}
			if c.grown {
				growHeap(t)
			}
			setBenchtime(t, "30ms")
			x := bench{perOp: c.perOp, clock: useFakeClock(t)}
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
			// On the loop's clock the timed run stops at the end of the
			// first step past -benchtime, and a step plans at most 20%
			// more than the rate predicts.
			if timed := time.Duration(r.N) * opTime; timed < 30*time.Millisecond || timed > 36*time.Millisecond {
				t.Errorf("reported N = %d, %v on the loop's clock; want 30ms to 36ms", r.N, timed)
			}
			if per := r.T / time.Duration(r.N); per < opTime {
				t.Errorf("time per op %v; the operation takes at least %v", per, opTime)
			}
			wantAllocs := int64(0)
			if c.perOp > 0 {
				wantAllocs = 1
			}
			if got := r.AllocsPerOp(); got != wantAllocs {
				t.Errorf("allocs/op = %d; want %d: the first iteration's table is not timed", got, wantAllocs)
			}
			// The testing package counts what the whole process allocates
			// while the timer runs, so the runtime's and the testing
			// package's own goroutines can add a few bytes per op on a
			// loaded machine. The 1 MiB table, timed, would add over 500.
			if got := r.AllocedBytesPerOp(); got < int64(c.perOp) || got > int64(c.perOp)+64 {
				t.Errorf("B/op = %d; want %d, or at most 64 more: the first iteration's table is not timed", got, c.perOp)
			}
			if x.firsts != 1 {
				t.Errorf("First was true in %d iterations; want 1", x.firsts)
			}
		})
	}
}

// growHeap allocates until the heap has been collected on its own, not
// forced, as a process's earlier benchmarks would have grown it.
func growHeap(t *testing.T) {
	t.Helper()
	for i := 0; readHeap().cycles == 0; i++ {
		if i == 1<<16 { // 256 MiB
			t.Fatal("the heap was not collected after 256 MiB of allocations")
		}
		sink = make([]byte, 4<<10)
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
