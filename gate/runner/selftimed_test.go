package runner

import (
	"strings"
	"testing"
	"time"
)

func TestUnderBenchtime(t *testing.T) {
	for _, c := range []struct {
		line      string
		benchtime string
		want      bool
	}{
		// The testing package's own: iterations × ns/op ≥ benchtime.
		{"BenchmarkA-2 1563 15279 ns/op 0 B/op 0 allocs/op", "20ms", false},
		{"BenchmarkA-2 100000000 0.2501 ns/op", "25ms", false},
		// Rounded down to its last digit: 25.000001ms over 11
		// iterations is 2272727.36 ns/op, printed 2272727; 25.00001ms
		// over 249999 is 100.00044, printed 100.0.
		{"BenchmarkA-2 11 2272727 ns/op", "25ms", false},
		{"BenchmarkA-2 249999 100.0 ns/op", "25ms", false},
		// An old toolchain truncated: 10^7 × 2 ns/op is 20ms, the time
		// below 30ms.
		{"BenchmarkA-2 10000000 2 ns/op", "25ms", false},
		// A time of its own: a third of what it took.
		{"BenchmarkA-2 727 10029 ns/op 0 B/op 0 allocs/op", "20ms", true},
		{"BenchmarkA-2 1000 -5 ns/op", "25ms", true},
		{"BenchmarkA-2 1000 2.49e+04 ns/op", "25ms", true},
		// Not checked: a count for benchtime, b.N at the testing
		// package's cap, no ns/op (ReportMetric(0)), NaN.
		{"BenchmarkA-2 727 10029 ns/op", "1000x", false},
		{"BenchmarkA-2 1000000000 0.001 ns/op", "25ms", false},
		{"BenchmarkA-2 727 10 B/op", "20ms", false},
		{"BenchmarkA-2 727 NaN ns/op", "20ms", false},
	} {
		rt, ok := parseTiming(strings.Fields(c.line))
		got := ok && rt.underBenchtime(benchtimeDuration(c.benchtime))
		if got != c.want {
			t.Errorf("underBenchtime(%q, %s) = %v, want %v", c.line, c.benchtime, got, c.want)
		}
	}
}

// TestSelfTimedPerSide feeds a side two processes' output: a benchmark
// under the benchtime in one round of two, under the GOMAXPROCS suffix
// the side printed, and one measured by the testing package.
func TestSelfTimedPerSide(t *testing.T) {
	s := &SideResult{}
	rounds := []string{
		"BenchmarkA\nBenchmarkA-2 727 10029 ns/op\nBenchmarkB\nBenchmarkB-2 1563 15279 ns/op\nPASS\n",
		"BenchmarkA\nBenchmarkA-2 1563 15279 ns/op\nBenchmarkB\nBenchmarkB-2 1563 15279 ns/op\nPASS\n",
	}
	for _, out := range rounds {
		lw := newLineWriter(&strings.Builder{}, "example.com/p", newSelection(".", []string{"BenchmarkA", "BenchmarkB"}))
		lw.benchtime = 20 * time.Millisecond
		if _, err := lw.Write([]byte(out)); err != nil {
			t.Fatal(err)
		}
		s.noteSelfTimed("example.com/p", lw)
	}
	got := s.SelfTimed()
	if len(got) != 1 {
		t.Fatalf("SelfTimed() = %+v, want BenchmarkA only", got)
	}
	if g := got[0]; g.Name != "BenchmarkA-2" || g.Rounds != 1 || g.Of != 2 || g.Iterations != 727 || g.NsPerOp != 10029 || g.Time() != 7291083*time.Nanosecond {
		t.Errorf("SelfTimed()[0] = %+v (time %v)", g, g.Time())
	}
	if n := s.TimedResults("example.com/p", "BenchmarkB-1"); n != 2 {
		t.Errorf("TimedResults(BenchmarkB, another suffix) = %d, want 2", n)
	}
}
