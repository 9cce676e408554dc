package pipeline

import (
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/runner"
)

// TestInstructionRounds checks how many instruction rounds each measure
// gets: -rounds and -max-rounds (default 3 × rounds) alone; beside timed
// rounds the defaults; exactly the fixed rounds without adaptive rounds.
func TestInstructionRounds(t *testing.T) {
	for _, c := range []struct {
		name       string
		measure    runner.Measure
		rounds     int
		maxRounds  int
		adaptive   decide.AdaptiveRule
		wantRounds int
		wantMost   int
	}{
		{"instructions, defaults", runner.MeasureInstructions, 3, 0, DefaultAdaptive, 3, 9},
		{"instructions, -max-rounds", runner.MeasureInstructions, 4, 5, DefaultAdaptive, 4, 5},
		{"instructions, not adaptive", runner.MeasureInstructions, 3, 0, "", 3, 3},
		{"both: the timed rounds are -rounds", runner.MeasureBoth, 32, 64, DefaultAdaptive, DefaultInstructionRounds, 9},
		{"both, not adaptive", runner.MeasureBoth, 32, 0, "", DefaultInstructionRounds, DefaultInstructionRounds},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.Measure, cfg.Rounds, cfg.MaxRounds, cfg.Adaptive = c.measure, c.rounds, c.maxRounds, c.adaptive
			// Run sets MaxRounds before it asks.
			cfg.MaxRounds = maxRounds(cfg)
			if r, most := instructionRounds(cfg); r != c.wantRounds || most != c.wantMost {
				t.Errorf("instructionRounds = %d, %d; want %d, %d", r, most, c.wantRounds, c.wantMost)
			}
		})
	}
	cfg := DefaultConfig()
	if measureOf(cfg) != runner.MeasureTime || maxRounds(cfg) != DefaultMaxRounds(cfg.Rounds) {
		t.Errorf("the default measure is %q with %d rounds at most", measureOf(cfg), maxRounds(cfg))
	}
}

func TestCheckInstructionRounds(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Measure, cfg.Rounds = runner.MeasureInstructions, 1
	err := checkInstructionRounds(cfg)
	if err == nil || !strings.Contains(err.Error(), "-rounds 1 is too few for -measure instructions") {
		t.Errorf("1 round: %v", err)
	}
	cfg.Rounds = 2
	if err := checkInstructionRounds(cfg); err != nil {
		t.Errorf("2 rounds: %v", err)
	}
}

func TestInstructionNotes(t *testing.T) {
	if n := instructionNotes(&runner.Outcome{}); n != nil {
		t.Errorf("notes without instruction rounds: %q", n)
	}
	why := "head: the side's GOFLAGS give an -overlay of their own"
	out := &runner.Outcome{Instructions: &runner.InstructionsOutcome{Valgrind: "valgrind-3.19.0", RoundsDone: 3,
		Benchmarks: []runner.CountedBenchmark{{N1: 2, N2: 500, WholeProcessWhy: why}, {N1: 2, N2: 20000, WholeProcessWhy: why}}}}
	notes := instructionNotes(out)
	if len(notes) != 2 || !strings.HasPrefix(notes[0], "instructions/op: whole-process instruction counts of valgrind-3.19.0") ||
		!strings.Contains(notes[0], "N2 (here 500x to 20000x)") || !strings.HasSuffix(notes[0], "Not counted inside the process because "+why+".") ||
		!strings.Contains(notes[1], "memory-bound code and cache misses, SIMD width") || !strings.Contains(notes[1], "contention") {
		t.Errorf("whole-process notes: %q", notes)
	}
	// Inside the process, with one package counted in whole processes.
	out.Instructions.Benchmarks = []runner.CountedBenchmark{{Package: "a", N1: 1, N2: 5, InProcess: true}, {Package: "a", N1: 1, N2: 200, InProcess: true},
		{Package: "b", N1: 2, N2: 100, WholeProcessWhy: why}}
	notes = instructionNotes(out)
	if len(notes) != 3 || !strings.HasPrefix(notes[0], "instructions/op: counted by valgrind-3.19.0 (callgrind, no cache simulation) inside one process per package") ||
		!strings.Contains(notes[0], "at N1 = 1 and at N2 (here 5x to 200x) iterations") ||
		!strings.HasPrefix(notes[1], "instructions/op of 1 benchmark(s) (b): whole-process instruction counts") || !strings.Contains(notes[1], "N2 (here 100x)") ||
		!strings.Contains(notes[2], "memory-bound code") {
		t.Errorf("mixed notes: %q", notes)
	}
}

// TestTimedMaxRounds: without -max-rounds an adaptive timed run gives a
// candidate twice the fixed rounds, and never fewer than a default run's
// fixed rounds: at -rounds 8 a likely regression gets up to 32, not 16.
func TestTimedMaxRounds(t *testing.T) {
	for _, c := range []struct {
		rounds, maxRounds int
		adaptive          decide.AdaptiveRule
		want              int
	}{
		{8, 0, DefaultAdaptive, DefaultRounds},
		{7, 0, DefaultAdaptive, DefaultRounds},
		{20, 0, DefaultAdaptive, 40},
		{DefaultRounds, 0, DefaultAdaptive, 2 * DefaultRounds},
		{8, 12, DefaultAdaptive, 12},
		{8, 0, "", 0},
	} {
		cfg := DefaultConfig()
		cfg.Rounds, cfg.MaxRounds, cfg.Adaptive = c.rounds, c.maxRounds, c.adaptive
		if got := maxRounds(cfg); got != c.want {
			t.Errorf("-rounds %d -max-rounds %d -adaptive %q: at most %d rounds, want %d", c.rounds, c.maxRounds, c.adaptive, got, c.want)
		}
	}
}
