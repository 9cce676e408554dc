package pipeline

// The measure (Config.Measure): wall time, instructions/op counted by
// valgrind, or both. docs/statistics.md ("Instructions/op") has the
// measurements behind the defaults here.

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/usage"
)

const (
	// DefaultMeasure is wall time: it needs nothing but Go, and it sees
	// what instruction counts do not (memory, caches, SIMD width,
	// contention). docs/statistics.md compares the two on the same
	// fixture and suite.
	DefaultMeasure = runner.MeasureTime
	// DefaultInstructionRounds is the number of instruction rounds: the
	// counts of identical code spread by hundredths of a percent, so
	// three runs per side show the spread and decide a 1% change at a
	// 0.5% threshold; the spread decides where more are needed (up to
	// DefaultMaxInstructionRounds).
	DefaultInstructionRounds = 3
)

// DefaultMaxInstructionRounds is the most instruction rounds a benchmark
// whose comparison is still undecided gets when no maximum is set: three
// times the fixed rounds, so that from 9 runs on each side stands for
// the interval of its median, not its range (package decide's exact
// rule).
func DefaultMaxInstructionRounds(rounds int) int { return 3 * rounds }

// measureOf is cfg's measure, the default where none is set.
func measureOf(cfg Config) runner.Measure {
	if cfg.Measure == "" {
		return DefaultMeasure
	}
	return cfg.Measure
}

// instructionRounds are the fixed and the most instruction rounds of
// cfg: its Rounds and MaxRounds when it measures instructions only, the
// defaults beside timed rounds.
func instructionRounds(cfg Config) (rounds, most int) {
	rounds, most = cfg.Rounds, cfg.MaxRounds
	if measureOf(cfg) == runner.MeasureBoth {
		rounds, most = DefaultInstructionRounds, 0
	}
	switch {
	case cfg.Adaptive == "":
		most = rounds
	case most == 0:
		most = DefaultMaxInstructionRounds(rounds)
	}
	return rounds, max(most, rounds)
}

// checkInstructionRounds refuses, before anything is built, a number of
// instruction rounds that cannot show how much the counts spread.
func checkInstructionRounds(cfg Config) error {
	if cfg.Rounds >= 2 {
		return nil
	}
	return usage.Errorf(fmt.Sprintf("use {rounds} 2 or more (%d is the default with {measure} %s)", DefaultInstructionRounds, runner.MeasureInstructions),
		"{rounds} %d is too few for {measure} %s: one count per side cannot show how much the counts spread, and a spread as wide as the threshold would pass unseen",
		cfg.Rounds, runner.MeasureInstructions)
}

// instructionOptions are the runner's instruction rounds for cfg.
func instructionOptions(cfg Config, p *plan.Plan, steps []step, policy decide.Policy, opts compare.Options) runner.Instructions {
	rounds, most := instructionRounds(cfg)
	in := runner.Instructions{Rounds: rounds, MaxRounds: most}
	if most > rounds {
		in.Next = nextRoundOf(p, steps, policy, opts, func(unit string) bool { return unit == runner.InstructionsUnit })
	}
	return in
}

// nextRoundOf is nextRound for the comparisons in the units keep says:
// which benchmarks still need a round of that measure.
func nextRoundOf(p *plan.Plan, steps []step, policy decide.Policy, opts compare.Options, keep func(unit string) bool) func(int) (map[string][]string, error) {
	return func(done int) (map[string][]string, error) {
		results, err := loadSteps(context.Background(), sideFiles(p), steps, opts)
		if err != nil {
			return nil, err
		}
		names := map[string][]string{}
		seen := map[string]bool{}
		for _, dec := range decideSteps(results, steps, policy) {
			for _, d := range dec.Decisions {
				pkg := d.Config["pkg"]
				if !keep(d.Unit) || !decide.MoreRounds(d, policy) || seen[pkg+"\x00"+d.Benchmark] {
					continue
				}
				seen[pkg+"\x00"+d.Benchmark] = true
				names[pkg] = append(names[pkg], d.Benchmark)
			}
		}
		return names, nil
	}
}

// instructionNotes say, in the report, how the run's instructions/op
// were obtained and what they do not see.
func instructionNotes(out *runner.Outcome) []string {
	in := out.Instructions
	if in == nil || len(in.Benchmarks) == 0 {
		return nil
	}
	var inProc, whole []runner.CountedBenchmark
	for _, b := range in.Benchmarks {
		if b.InProcess {
			inProc = append(inProc, b)
		} else {
			whole = append(whole, b)
		}
	}
	var notes []string
	if len(inProc) > 0 {
		notes = append(notes, fmt.Sprintf("instructions/op: counted by %s (callgrind, no cache simulation) inside one process per package, side and round; after the testing package's first run, each benchmark runs at N1 = 1 and at N2 (here %s) iterations, each run counted from the benchmark function's start, or its last ResetTimer, to its return, every thread (benchgate patches the counted binaries' testing package to mark these points); (I(N2) - I(N1)) / (N2 - N1), so that what a run does once cancels; GOMAXPROCS=1 GOGC=off GODEBUG=asyncpreemptoff=1; %d round(s), decided by the exact rule (docs/statistics.md).",
			in.Valgrind, itersRange(inProc), in.RoundsDone))
	}
	if len(whole) > 0 {
		what := "instructions/op"
		if len(inProc) > 0 {
			what = fmt.Sprintf("instructions/op of %d benchmark(s) (%s)", len(whole), packagesOf(whole))
		}
		notes = append(notes, fmt.Sprintf("%s: whole-process instruction counts of %s (cachegrind, --cache-sim=no) at two iteration counts per benchmark, (I(N2) - I(N1)) / (N2 - N1), so that start-up and setup cancel; N2 (here %s) gives about a second of work under valgrind (at least 10^8 instructions beyond N1), N1 = 2; GOMAXPROCS=1 GOGC=off GODEBUG=asyncpreemptoff=1; %d round(s), decided by the exact rule (docs/statistics.md). Not counted inside the process because %s.",
			what, in.Valgrind, itersRange(whole), in.RoundsDone, whole[0].WholeProcessWhy))
	}
	return append(notes,
		"instructions/op does not see what costs time without instructions: memory-bound code and cache misses, SIMD width and the CPU's features (valgrind emulates its own CPU: on amd64 AVX2 without AVX-512, SHA-NI or ADX), clock frequency, contention (RunParallel runs on one thread), time in system calls and in child processes.")
}

// itersRange is the range of N2 over bs: "500x" or "5x to 2000x".
func itersRange(bs []runner.CountedBenchmark) string {
	lo, hi := bs[0].N2, bs[0].N2
	for _, b := range bs {
		lo, hi = min(lo, b.N2), max(hi, b.N2)
	}
	if hi != lo {
		return fmt.Sprintf("%dx to %dx", lo, hi)
	}
	return fmt.Sprintf("%dx", lo)
}

// packagesOf lists the packages of bs, in order, once each.
func packagesOf(bs []runner.CountedBenchmark) string {
	var pkgs []string
	for _, b := range bs {
		if !slices.Contains(pkgs, b.Package) {
			pkgs = append(pkgs, b.Package)
		}
	}
	return strings.Join(pkgs, ", ")
}
