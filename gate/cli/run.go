package cli

import (
	"context"
	"fmt"
	"strings"

	"github.com/benchgate/benchgate/gate/pipeline"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/suite"
	"github.com/benchgate/benchgate/gate/usage"
)

const runUsage = `Usage: benchgate run [flags] [packages]

Builds each package's benchmarks once per side (go test -c) and runs them in
interleaved rounds, rotating which side goes first, then compares the sides
and gates. Without packages, runs the built-in crypto benchmark suite, which
is the same at every commit: its sides need two toolchains, named
(-base-toolchain/-head-toolchain; local and local for an A/A run) or asked
for by the go.mod files of the commits given, else the run is refused.

A side is a commit (-base-ref/-head-ref), a Go toolchain
(-base-toolchain/-head-toolchain), or both. By default the head is the
working tree as it is, and the base the merge-base with the default branch;
on the default branch itself, HEAD when the working tree has uncommitted
changes (a tracked file changed, or a new Go, assembly, cgo or go.mod file),
else HEAD~1. With only toolchains given, both sides build the working tree.

Examples:
  benchgate run ./...                                   # merge-base with the default branch vs working tree
  benchgate run -base-toolchain local -head-toolchain go1.27.3   # crypto suite
  benchgate run -quick -base-toolchain local -head-toolchain go1.27.3
  benchgate run -base-ref main -head-ref HEAD -bench 'Encode' ./codec
  benchgate run -configs go1.21.13,go1.22.12,go1.23.12 ./...   # a ladder
  benchgate run -shard 2/3 ./...                         # one job of a matrix

Flags:
`

// runCmd is "benchgate run": its flags, and the configuration they fill.
type runCmd struct {
	env        *Env
	cfg        pipeline.Config
	stats      statsFlags
	protocol   string
	interleave string
	adaptive   adaptiveFlag
	quick      bool
	passEnv    string
	tags       string
	maxOutput  string
	measure    string
	// Ladders and shards (ladderFlags).
	ladder ladderFlags
}

func newRunCmd(env *Env) *runCmd {
	cfg := pipeline.DefaultConfig()
	return &runCmd{
		env:        env,
		cfg:        cfg,
		stats:      newStatsFlags(cfg.Policy),
		protocol:   string(plan.Interleaved),
		interleave: string(cfg.Interleave),
		adaptive:   adaptiveFlag{on: true, rule: cfg.Adaptive},
		maxOutput:  runner.FormatSize(runner.DefaultMaxOutput),
		measure:    string(pipeline.DefaultMeasure),
	}
}

func (c *runCmd) run(ctx context.Context, args []string) error {
	cfg := &c.cfg
	fs := newFlagSet("run", c.env, runUsage)
	fs.StringVar(&cfg.BaseRef, "base-ref", "", "git `ref` of the base side (default: merge-base with the default branch, else HEAD with uncommitted changes, else HEAD~1)")
	fs.StringVar(&cfg.HeadRef, "head-ref", "", "git `ref` of the head side (default: the working tree)")
	fs.StringVar(&cfg.BaseToolchain, "base-toolchain", "", "GOTOOLCHAIN `value` for the base side, e.g. local or go1.26.8")
	fs.StringVar(&cfg.HeadToolchain, "head-toolchain", "", "GOTOOLCHAIN `value` for the head side, e.g. go1.27.3")
	fs.StringVar(&cfg.Bench, "bench", cfg.Bench, "run only benchmarks matching `regexp` (as go test -bench)")
	fs.StringVar(&cfg.Benchtime, "benchtime", cfg.Benchtime, "run each benchmark for `d` per round (as go test -benchtime)")
	fs.IntVar(&cfg.Rounds, "rounds", cfg.Rounds, "number of interleaved `rounds`; each side runs each benchmark once per round")
	fs.DurationVar(&cfg.Timeout, "timeout", cfg.Timeout, "kill a benchmark process that runs longer than `d`")
	fs.StringVar(&cfg.Out, "out", cfg.Out, "results `dir`ectory: base.txt, head.txt, manifest.json, the reports, and benchgate.lock, which keeps two runs out of one directory")
	fs.StringVar(&c.protocol, "protocol", c.protocol, "run `order`: interleaved (rotated rounds) or sequential (all base runs, then all head runs, with no adaptive rounds; for comparison only)")
	fs.StringVar(&c.interleave, "interleave", c.interleave, "`unit` a round alternates the sides by: benchmark (each top-level benchmark function runs in its own process, base and head back to back) or package (one process per package per side)")
	fs.BoolVar(&cfg.FreshCopies, "fresh-binaries", cfg.FreshCopies, "run a fresh copy of each test binary every run, so its placement in memory varies instead of biasing one side (-fresh-binaries=false runs one file throughout)")
	fs.Var(&c.adaptive, "adaptive", "`rule` for rounds after -rounds, up to -max-rounds or -time-budget, in which candidates are confirmed on the new rounds alone: confirm (the default, also -adaptive alone: the apparent regressions of the fixed rounds, with p <= 0.2 before the correction), settle (also every benchmark whose interval contains the threshold), or false (exactly -rounds)")
	fs.IntVar(&cfg.MaxRounds, "max-rounds", 0, fmt.Sprintf("most `rounds` an adaptive run gives a benchmark (default 2 × -rounds, at least %d)", pipeline.DefaultRounds))
	fs.DurationVar(&cfg.TimeBudget, "time-budget", 0, "wall-time `budget` of an adaptive run, builds included: no round after -rounds starts that would pass it; the fixed -rounds always run (0: none)")
	fs.BoolVar(&c.quick, "quick", false, "run only the built-in suite's quick subset: 12 benchmarks, 1.5 to 2 s per round for both sides, so a minute or a little more at the default rounds (implies the suite and sets -bench)")
	fs.StringVar(&c.tags, "tags", "", "build `tags` for go test -c (comma-separated)")
	fs.StringVar(&cfg.CPU, "cpu", "", "GOMAXPROCS `list` each benchmark runs at, as go test -cpu (e.g. 1,2,4)")
	fs.StringVar(&c.passEnv, "pass-env", "", "also give the benchmarks these environment `names` (comma-separated; tokens, INPUT_* and ACTIONS_* are refused)")
	fs.StringVar(&c.maxOutput, "max-output", c.maxOutput, "kill a process that prints more than `size` (e.g. 64MiB)")
	fs.StringVar(&c.measure, "measure", c.measure, "`what` to measure: time (sec/op, B/op, allocs/op), instructions (instructions/op counted by valgrind, base and head in parallel; -rounds defaults to 3) or both, each unit gated at its own threshold")
	c.stats.register(fs.FlagSet)
	c.ladder.register(fs.FlagSet)
	if err := fs.parse(args); err != nil {
		return err
	}
	m, err := runner.ParseMeasure(c.measure)
	if err != nil {
		return usage.Errorf("", "%v", err)
	}
	cfg.Measure = m
	if m == runner.MeasureInstructions && !flagGiven(fs.FlagSet, "rounds") {
		cfg.Rounds = pipeline.DefaultInstructionRounds
	}
	if err := c.ladder.apply(cfg); err != nil {
		return err
	}
	cfg.PassEnv = pipeline.SplitList(c.passEnv)
	cfg.Tags = pipeline.SplitList(c.tags)
	n, err := runner.ParseSize(c.maxOutput)
	if err != nil {
		return usage.Errorf("", "invalid -max-output: %v", err)
	}
	if n < runner.MinMaxOutput {
		return usage.Errorf(maxOutputHint, "invalid {max-output} %s: %s", c.maxOutput, maxOutputTooSmall)
	}
	cfg.MaxOutput = n
	if err := checkRounds(cfg); err != nil {
		return err
	}
	cfg.Packages = fs.Args()
	if err := flagAfterPackages("run", cfg.Packages); err != nil {
		return err
	}
	cfg.Protocol, cfg.Interleave = plan.Protocol(c.protocol), plan.Granularity(c.interleave)
	cfg.Adaptive = c.adaptive.rule
	if c.quick {
		if len(cfg.Packages) > 0 {
			return usage.Errorf("drop -quick to benchmark your packages, or the packages to run the quick suite", "-quick runs the built-in suite, but packages were given: %s", strings.Join(cfg.Packages, " "))
		}
		if flagGiven(fs.FlagSet, "bench") {
			return usage.Errorf("", "-quick sets -bench itself; give one or the other")
		}
		cfg.Bench = suite.QuickBench
	}
	// Without packages, the suite at two commits (the default base and
	// the working tree, too) differs only by the toolchains their go.mod
	// files ask for; a toolchain named on the command line (local and
	// local for an A/A run) says the user meant the suite as it is.
	cfg.RefuseSuiteAA = cfg.BaseToolchain == "" && cfg.HeadToolchain == ""
	policy, opts, format, err := c.stats.parse()
	if err != nil {
		return err
	}
	cfg.Policy, cfg.Compare, cfg.Format = policy, opts, format
	cfg.Progress = pipeline.Progress(c.env.Stderr, usage.Flags)

	res, err := pipeline.Run(ctx, *cfg)
	if res == nil || res.Report == nil {
		return err
	}
	if werr := res.Report.Write(c.env.Stdout, cfg.Format); werr != nil && err == nil {
		err = werr
	}
	if err != nil {
		return err
	}
	return gate(res.Report, res.Policy.FailOn, c.env.Stderr)
}

// maxOutputTooSmall and maxOutputHint say why a -max-output below
// runner.MinMaxOutput is refused, and what to give instead.
var (
	maxOutputTooSmall = fmt.Sprintf("below %s, the least a run needs: {max-output} bounds what one process may print before it is killed, the go command's own (package lists, build errors) included, and a smaller limit kills processes that print what they normally print", runner.FormatSize(runner.MinMaxOutput))
	maxOutputHint     = fmt.Sprintf("give %s or more, or leave {max-output} out (%s by default); it is there to stop a benchmark that prints in a loop", runner.FormatSize(runner.MinMaxOutput), runner.FormatSize(runner.DefaultMaxOutput))
)

// checkRounds refuses values of -rounds, -max-rounds and -time-budget
// that are not a number of rounds or a duration at all, before the
// pipeline's checks of whether they are enough: -rounds -3 is invalid,
// not too few (-rounds 0 is too few, and the pipeline says how many are
// needed).
func checkRounds(cfg *pipeline.Config) error {
	if cfg.Rounds < 0 {
		def := pipeline.DefaultRounds
		if cfg.Measure == runner.MeasureInstructions {
			def = pipeline.DefaultInstructionRounds
		}
		return usage.Errorf(fmt.Sprintf("give a number of rounds, e.g. {rounds} %d (the default)", def),
			"invalid {rounds} %d: a number of rounds cannot be negative (each side runs each benchmark once per round)", cfg.Rounds)
	}
	if cfg.MaxRounds < 0 {
		return usage.Errorf(fmt.Sprintf("give at least {rounds} (%d), or leave {max-rounds} out for twice {rounds} (at least %d)", cfg.Rounds, pipeline.DefaultRounds),
			"invalid {max-rounds} %d: a number of rounds cannot be negative", cfg.MaxRounds)
	}
	if cfg.TimeBudget < 0 {
		return usage.Errorf("give a duration such as {time-budget} 10m, or 0 (the default) for no budget; {max-rounds} limits the adaptive rounds as well",
			"invalid {time-budget} %v: a budget is a positive duration of wall time (builds included), or 0 for none", cfg.TimeBudget)
	}
	return nil
}
