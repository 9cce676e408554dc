package cli

import (
	"context"
	"errors"
	"os"
	"path/filepath"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/pipeline"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/usage"
)

const compareUsage = `Usage: benchgate compare [flags] BASE HEAD
       benchgate compare [flags] DIR [DIR ...]

Compares benchmark results that already exist: files from benchgate run, from
shards, or "go test -bench" output (plain, or -json: the text of its output
events). BASE and HEAD are each a file, a
directory of *.txt files or a quoted glob; give several per side as a
comma-separated list. To compare one run's head with another's, name the
files: run1/head.txt run2/head.txt.

When every argument is a results directory of benchgate run (the shards of a
job matrix, downloaded with actions/download-artifact), it merges them and
gates once: each directory's sides are compared with each other only (a
shard's pairs ran on one machine), and one correction for many comparisons
runs over all of them. Every shard must be there. A directory of a ladder
(-configs) is compared step by step.

Results directories of benchgate run (with its manifest.json; one alone,
the same as given as both BASE and HEAD, or the shards merged) are judged
as the run judged them: with the -alpha, -decide, -correction, -threshold,
-thresholds, -warn-threshold, -confidence and -ladder-gate its manifest
records, each unless given as a flag (run's defaults, -alpha 0.01 and -decide both, where it records
none), and with the rounds split as the run split them (its fixed rounds,
then its adaptive ones). Shards must have run with the same -rounds,
-max-rounds and -adaptive and have been judged alike, and a merge whose
shards' rounds are too few for the comparisons of all of them together is
refused (exit 2), with the -rounds that would do.

A results directory whose run failed (benchgate run exited 3: benchmarks
failed, or a measurement went missing) fails compare too, with exit code 3,
in every form; a shard that held no benchmark is noted.

Flags:
`

// compareCmd is "benchgate compare": its flags keep benchstat's alpha and
// test.
type compareCmd struct {
	env   *Env
	stats statsFlags
	gate  string
}

func newCompareCmd(env *Env) *compareCmd {
	p := decide.DefaultPolicy
	p.Test = decide.UTest
	return &compareCmd{env: env, stats: newStatsFlags(p)}
}

func (c *compareCmd) run(ctx context.Context, args []string) error {
	err := c.compare(ctx, args)
	if pipeline.ExitCode(err) == pipeline.ExitFailed && c.stats.format == string(report.JSON) {
		// Results that must not be judged (a failed run's directory,
		// go test output of a failed run): a script reading the JSON gets
		// the error verdict, as from benchgate run.
		rep := report.Empty(decide.DefaultPolicy, decide.ErrorVerdict, compare.DefaultOptions.Confidence)
		rep.Error = usage.Text(err, usage.Flags)
		if werr := rep.Write(c.env.Stdout, report.JSON); werr != nil {
			return errors.Join(err, werr)
		}
	}
	return err
}

func (c *compareCmd) compare(ctx context.Context, args []string) error {
	fs := newFlagSet("compare", c.env, compareUsage)
	c.stats.register(fs.FlagSet)
	fs.StringVar(&c.gate, "ladder-gate", "any", "which comparisons of a ladder's results can fail the gate: any (every step, and the first against the last) or first-last")
	if err := fs.parse(args); err != nil {
		return err
	}
	// The results of benchgate run are judged as the run judged them:
	// its settings unless the flags say otherwise (compare's own defaults
	// are benchstat's, for files), and its rounds in its stages.
	if mergeArgs(fs.Args()) {
		if ranByBenchgate(fs.Args()) {
			j, err := c.stats.judgeAsRun(fs.FlagSet, fs.Args())
			if err != nil {
				return err
			}
			if j.LadderGate != "" && !givenFlags(fs.FlagSet)["ladder-gate"] {
				c.gate = j.LadderGate
			}
		}
		return c.merge(ctx, fs.Args())
	}
	if fs.NArg() != 2 {
		return usage.Errorf("benchgate compare old.txt new.txt, or benchgate compare .benchgate",
			"compare needs exactly two arguments, BASE and HEAD; got %d", fs.NArg())
	}
	policy, opts, format, err := c.stats.parse()
	if err != nil {
		return err
	}
	// A results directory of a run that failed holds what it measured
	// before it failed, or all but what went missing: never a pass.
	if err := pipeline.CheckResultsDirs(fs.Arg(0), fs.Arg(1)); err != nil {
		return err
	}
	// A results directory given as one side beside a file: its base.txt
	// and head.txt, read as a directory of *.txt files, would pool the
	// run's two sides into that one.
	for i, arg := range fs.Args() {
		if err := pipeline.ResultsDirAsSide(pipeline.SplitList(arg), [2]string{"BASE", "HEAD"}[i], "give the directory alone (benchgate compare %s)"); err != nil {
			return err
		}
	}
	basePaths, err := compare.ExpandPaths(compare.Base, pipeline.SplitList(fs.Arg(0)))
	if err != nil {
		return err
	}
	headPaths, err := compare.ExpandPaths(compare.Head, pipeline.SplitList(fs.Arg(1)))
	if err != nil {
		return err
	}
	rep, err := pipeline.Analyze(ctx, basePaths, headPaths, policy, opts, usage.Flags)
	if err != nil {
		return err
	}
	if err := rep.Write(c.env.Stdout, format); err != nil {
		return err
	}
	return gate(rep, policy.FailOn, c.env.Stderr)
}

// mergeArgs reports whether args are results directories to merge: one
// or more, every one a results directory of benchgate run. One directory
// given as BASE and HEAD is that directory alone, as compare DIR: a shard
// of a matrix is then refused without its other shards, as it is alone.
func mergeArgs(args []string) bool {
	if len(args) == 0 {
		return false
	}
	for _, a := range args {
		if !pipeline.IsResultsDir(a) {
			return false
		}
	}
	return true
}

// ranByBenchgate reports whether every one of args is a results
// directory with the manifest benchgate run writes.
func ranByBenchgate(args []string) bool {
	for _, a := range args {
		if st, err := os.Stat(filepath.Join(a, runner.ManifestFile)); err != nil || !st.Mode().IsRegular() {
			return false
		}
	}
	return len(args) > 0
}

// merge is compare over results directories (see mergeArgs).
func (c *compareCmd) merge(ctx context.Context, dirs []string) error {
	policy, opts, format, err := c.stats.parse()
	if err != nil {
		return err
	}
	ladderGate, err := pipeline.ParseLadderGate(c.gate)
	if err != nil {
		return err
	}
	if len(dirs) == 2 && filepath.Clean(dirs[0]) == filepath.Clean(dirs[1]) {
		dirs = dirs[:1]
	}
	rep, err := pipeline.Merge(ctx, dirs, policy, opts, usage.Flags, ladderGate)
	if err != nil {
		return err
	}
	if err := rep.Write(c.env.Stdout, format); err != nil {
		return err
	}
	return gate(rep, policy.FailOn, c.env.Stderr)
}
