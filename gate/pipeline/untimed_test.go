package pipeline

import (
	"strings"
	"testing"
	"time"

	"github.com/benchgate/benchgate/gate/runner"
)

// TestUntimedWarnings: head's processes that run well over base's outside
// their benchmarks' timers, in most rounds, are warned of, one warning per
// benchmark function; noise, a growth in too few rounds or below the floor,
// rounds whose result counts differ, failed processes and whole-package
// processes are not.
func TestUntimedWarnings(t *testing.T) {
	ms := func(n float64) time.Duration { return time.Duration(n * float64(time.Millisecond)) }
	// runs gives fn rounds of processes: base's wall time wb, head's
	// wall(r) for round r, both timing 30 ms over 3 results unless
	// results says otherwise.
	runs := func(fn string, rounds int, wb float64, wh func(r int) float64, results int) []runner.RunRecord {
		var out []runner.RunRecord
		for r := 1; r <= rounds; r++ {
			out = append(out,
				runner.RunRecord{Side: "base", Round: r, Package: "example.com/p", Benchmark: fn, Duration: ms(wb), Timed: ms(30), Results: 3},
				runner.RunRecord{Side: "head", Round: r, Package: "example.com/p", Benchmark: fn, Duration: ms(wh(r)), Timed: ms(30), Results: results})
		}
		return out
	}
	const constant = 3
	for _, tt := range []struct {
		name string
		runs []runner.RunRecord
		want []string // the functions warned of
	}{
		{"the red team's half-speed clock", runs("BenchmarkWork", 8, 153, func(int) float64 { return 221 }, constant), []string{"BenchmarkWork"}},
		// 23 ms more in every round: 15% of base's process time.
		{"below the share", runs("BenchmarkWork", 8, 153, func(int) float64 { return 176 }, constant), nil},
		{"noise of ±10%", runs("BenchmarkWork", 8, 153, func(r int) float64 { return 153 * (1 + 0.1*float64(r%3-1)) }, constant), nil},
		// 5 of 8 rounds grew (less than 80%).
		{"in too few rounds", runs("BenchmarkWork", 8, 153, func(r int) float64 {
			if r <= 5 {
				return 300
			}
			return 150
		}, constant), nil},
		// 4 ms more on a process of 8 ms: beyond the share, below the floor.
		{"below the floor", runs("BenchmarkTiny", 8, 8, func(int) float64 { return 12 }, constant), nil},
		{"a sub-benchmark added on head", runs("BenchmarkWork", 8, 153, func(int) float64 { return 221 }, 4), nil},
		{"too few rounds to judge", runs("BenchmarkWork", 3, 153, func(int) float64 { return 221 }, constant), nil},
	} {
		got := untimedWarnings(tt.runs, "base", "head")
		if len(got) != len(tt.want) {
			t.Errorf("%s: %d warning(s), want %d: %q", tt.name, len(got), len(tt.want), got)
			continue
		}
		for i, fn := range tt.want {
			if !strings.HasPrefix(got[i], fn+" (example.com/p): head's processes ran a median 68ms longer outside the benchmarks' timers than base's (44% of base's process time, in 8 of 8 rounds): a process took 221ms on head against 153ms on base") {
				t.Errorf("%s: warning %q", tt.name, got[i])
			}
		}
	}

	// Failed processes, whole-package processes (no function) and
	// processes without timed results are not paired.
	var odd []runner.RunRecord
	for _, r := range runs("BenchmarkWork", 8, 153, func(int) float64 { return 221 }, constant) {
		switch r.Round % 3 {
		case 0:
			r.Error = "exit status 1"
		case 1:
			r.Benchmark = ""
		default:
			r.Timed = 0
		}
		odd = append(odd, r)
	}
	if got := untimedWarnings(odd, "base", "head"); len(got) != 0 {
		t.Errorf("unpaired processes gave %q", got)
	}
}
