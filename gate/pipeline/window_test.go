package pipeline

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/usage"
)

// TestShortWindows: a benchmark is short when benchWindows' median of its
// rounds' windows (iterations × ns/op) on the side is under MinWindow,
// as checkWindows takes it; one without a time, and a slow one at one
// iteration, are not; the same name in another package is another
// benchmark.
func TestShortWindows(t *testing.T) {
	const results = `pkg: example.com/a
BenchmarkFast-2 1 1200 ns/op 0 B/op
BenchmarkFast-2 1 900 ns/op 0 B/op
BenchmarkFast-2 1 1500 ns/op 0 B/op
BenchmarkSlow-2 1 2500000 ns/op
BenchmarkMixed-2 1000 500 ns/op
BenchmarkMixed-2 1000 2000 ns/op
BenchmarkMixed-2 1000 3000 ns/op
BenchmarkNoTime-2 1 0 B/op 0 allocs/op
BenchmarkHundred-2 100 300 ns/op
pkg: example.com/b
BenchmarkFast-2 10000 200 ns/op
`
	all, err := benchWindows(strings.NewReader(results), "base.txt", "base")
	if err != nil {
		t.Fatal(err)
	}
	var got []shortWindow
	for _, w := range all {
		if w.window < MinWindow {
			got = append(got, w)
		}
	}
	want := []shortWindow{
		{side: "base", pkg: "example.com/a", name: "BenchmarkFast-2", window: 1200 * time.Nanosecond, iters: 1, nsPerOp: 1200, oneCall: 1500 * time.Nanosecond, ones: 3, rounds: 3},
		{side: "base", pkg: "example.com/a", name: "BenchmarkHundred-2", window: 30 * time.Microsecond, iters: 100, nsPerOp: 300, rounds: 1},
	}
	if len(got) != len(want) {
		t.Fatalf("short windows %+v; want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("short window %d: %+v; want %+v", i, got[i], want[i])
		}
	}
}

// TestCheckWindows: a count that timed a benchmark for under MinWindow is
// refused, naming the shortest; a duration of MinWindow or more never is,
// even where a benchmark reported a shorter time of its own
// (b.ReportMetric(v, "ns/op") on both sides, compared as reported).
func TestCheckWindows(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"base.txt": "pkg: example.com/a\nBenchmarkFast-2 1 1500 ns/op\nBenchmarkSlow-2 1 2500000 ns/op\n",
		"head.txt": "pkg: example.com/a\nBenchmarkFast-2 1 1200 ns/op\nBenchmarkSlow-2 1 2600000 ns/op\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		benchtime, want, hint string
	}{
		// The time is a first call's, which tells no count: none is
		// named (a count made of it was refused in turn: 10000x from a
		// 9.9µs first call of an 8ns loop).
		{"1x", "{benchtime} 1x timed 1 benchmark(s) over less than 1ms a round (the shortest, Fast-2 on head: 1 iteration of 1.2µs)",
			"or a count of iterations that runs each benchmark for 1ms or more, chosen from its time per iteration at a duration (a run at {benchtime} 25ms prints it): the time of one call, the first, does not tell it"},
		{"500us", "{benchtime} 500us timed 1 benchmark(s)", ""},
		// Slow's one iteration took longer than 1ms, in its only round:
		// a stall the machine made is not judged before the third
		// (TestFirstCalls).
		{"1ms", "", ""},
		// One iteration under the benchtime is a time of the
		// benchmark's own, which the testing package cannot give.
		{"25ms", "", ""},
	} {
		p := &plan.Plan{Sides: []plan.Side{{Name: "base"}, {Name: "head"}}, Benchtime: tt.benchtime, Rounds: 8, ResultsDir: dir}
		// As afterRound checks the first round.
		err := checkWindows(p)
		if err == nil {
			err = checkFirstCalls(p)
		}
		var ue *usage.Error
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("-benchtime %s: %v; want no refusal", tt.benchtime, err)
		case tt.want != "" && (!errors.As(err, &ue) || !strings.HasPrefix(ue.Msg, tt.want)):
			t.Errorf("-benchtime %s: %v; want a usage error starting %q", tt.benchtime, err, tt.want)
		case tt.hint != "" && !strings.Contains(ue.Hint, tt.hint):
			t.Errorf("-benchtime %s: hint %q; want it to say %q", tt.benchtime, ue.Hint, tt.hint)
		}
	}
}

// TestFirstCalls: a benchmark timed over one iteration of at least the
// benchtime in half of its rounds or more, from the third on, is refused
// (a table built on first use); in one round of three (a stall) it is
// not, nor before the third round; the built-in suite's loop warms up
// before its timer, so one iteration there is a later call: not refused;
// nor is a count.
func TestFirstCalls(t *testing.T) {
	dir := t.TempDir()
	write := func(base, head string) {
		for name, body := range map[string]string{"base.txt": base, "head.txt": head} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte("pkg: example.com/a\n"+body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	p := &plan.Plan{Sides: []plan.Side{{Name: "base"}, {Name: "head"}}, Benchtime: "25ms", Rounds: 8, ResultsDir: dir}
	warm := "BenchmarkCold-2 49 600000 ns/op\n"
	cold := func(ms int) string { return fmt.Sprintf("BenchmarkCold-2 1 %d000000 ns/op\n", ms) }

	write(cold(31)+warm+cold(30), warm+warm+warm)
	var ue *usage.Error
	if err := checkFirstCalls(p); !errors.As(err, &ue) || !strings.Contains(ue.Msg, "(the longest, Cold-2 on base: 31ms, in 2 of 3 rounds)") || !strings.Contains(ue.Hint, "use {benchtime} 62ms or more") {
		t.Errorf("a first call in two rounds of three: %v", err)
	}
	p.Suite = true
	if err := checkFirstCalls(p); err != nil {
		t.Errorf("the suite's: %v", err)
	}
	p.Suite, p.Benchtime = false, "100x"
	if err := checkFirstCalls(p); err != nil {
		t.Errorf("at a count: %v", err)
	}
	p.Benchtime = "25ms"
	write(warm+cold(40)+warm, warm+warm+warm)
	if err := checkFirstCalls(p); err != nil {
		t.Errorf("one stalled round of three: %v", err)
	}
	write(cold(31)+cold(30), cold(31)+cold(30))
	if err := checkFirstCalls(p); err != nil {
		t.Errorf("before the third round: %v", err)
	}
	for d, want := range map[time.Duration]time.Duration{74880 * time.Microsecond: 150 * time.Millisecond, 287 * time.Millisecond: 580 * time.Millisecond, 2600 * time.Microsecond: 5200 * time.Microsecond, 4 * time.Second: 8 * time.Second} {
		if got := twiceRounded(d); got != want {
			t.Errorf("twiceRounded(%v) = %v, want %v", d, got, want)
		}
	}
}

// TestCountHint: a count is named from times measured over more than one
// iteration (1ms at 8ns an iteration: 125,000, so 10^6), never from a
// first call's alone.
func TestCountHint(t *testing.T) {
	warm := shortWindow{iters: 10000, nsPerOp: 8}
	if got := countHint([]shortWindow{warm, {iters: 100, nsPerOp: 150}}); got != ": {benchtime} 1000000x or more" {
		t.Errorf("warm: %q", got)
	}
	if got := countHint([]shortWindow{warm, {iters: 1, nsPerOp: 9900}}); strings.Contains(got, "x or more") || !strings.Contains(got, "does not tell it") {
		t.Errorf("with a first call's time: %q", got)
	}
}
