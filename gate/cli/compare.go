package cli

import (
	"context"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/pipeline"
	"github.com/benchgate/benchgate/gate/usage"
)

const compareUsage = `Usage: benchgate compare [flags] BASE HEAD

Compares benchmark results that already exist: files from benchgate run, from
shards, or plain "go test -bench" output. BASE and HEAD are each a file, a
directory (its base.txt/head.txt, else all *.txt) or a quoted glob; give
several per side as a comma-separated list.

Flags:
`

// compareCmd is "benchgate compare": its flags keep benchstat's alpha and
// test.
type compareCmd struct {
	env   *Env
	stats statsFlags
}

func newCompareCmd(env *Env) *compareCmd {
	p := decide.DefaultPolicy
	p.Test = decide.UTest
	return &compareCmd{env: env, stats: newStatsFlags(p)}
}

func (c *compareCmd) run(ctx context.Context, args []string) error {
	fs := newFlagSet("compare", c.env, compareUsage)
	c.stats.register(fs.FlagSet)
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		return usage.Errorf("benchgate compare old.txt new.txt, or benchgate compare .benchgate .benchgate",
			"compare needs exactly two arguments, BASE and HEAD; got %d", fs.NArg())
	}
	policy, opts, format, err := c.stats.parse()
	if err != nil {
		return err
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
