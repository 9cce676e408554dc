package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/pipeline"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/usage"
	"github.com/benchgate/benchgate/internal/brief"
)

const bisectUsage = `Usage: benchgate bisect -good REF -bad REF [flags] [packages]
       benchgate bisect -configs GOOD,...,BAD [flags] [packages]

Finds the commit that caused a regression: first it compares bad against good
to find the benchmarks that regressed, then it searches the commits on bad's
first-parent line after good (git rev-list --first-parent good..bad), each
step an interleaved comparison of the candidate against good on those
benchmarks. A step is decided three ways: regressed (the culprit is the
candidate or an earlier commit), same (every watched benchmark better, or
unchanged within the threshold: the culprit is later), or undecided (which
includes an unchanged whose interval still reaches past the threshold), which
runs again with twice the rounds (-retries times) before the search moves on;
a commit still undecided, or that does not build, is skipped and its
neighbour tried.

With -configs it bisects toolchains instead: of the configurations given in
order (the first good, the last bad, the others in between), which step
introduced the regression, all built from one source (-head-ref, else the
working tree).

It prints each comparison as it is decided and ends with
  culprit: <full sha> <subject>
and the change it caused. Exit codes: 1 culprit found, 0 no regression between
good and bad, 2 usage error, 3 a comparison failed, bad against good stayed
undecided, or the culprit could not be told apart from its neighbours.

Examples:
  benchgate bisect -good v1.4.0 -bad main ./...
  benchgate bisect -good HEAD~20 -bad HEAD -bench 'Encode' -rounds 16 ./codec
  benchgate bisect -configs go1.19.13,go1.20.14,go1.21.13,go1.23.12,go1.26.8

Flags:
`

// bisectCmd is "benchgate bisect".
type bisectCmd struct {
	env     *Env
	cfg     pipeline.Config
	stats   statsFlags
	good    string
	bad     string
	configs string
	retries int
	adapt   adaptiveFlag
}

func newBisectCmd(env *Env) *bisectCmd {
	cfg := pipeline.DefaultConfig()
	cfg.Out = ".benchgate/bisect"
	return &bisectCmd{env: env, cfg: cfg, stats: newStatsFlags(cfg.Policy), adapt: adaptiveFlag{on: true, rule: cfg.Adaptive}, retries: pipeline.DefaultRetries}
}

func (c *bisectCmd) run(ctx context.Context, args []string) error {
	cfg := &c.cfg
	fs := newFlagSet("bisect", c.env, bisectUsage)
	fs.StringVar(&c.good, "good", "", "git `ref` of a commit that measures well")
	fs.StringVar(&c.bad, "bad", "", "git `ref` of a later commit that regressed")
	fs.StringVar(&c.configs, "configs", "", "bisect toolchain configurations instead: `list` in order, the first good, the last bad (as run -configs)")
	fs.StringVar(&cfg.HeadRef, "head-ref", "", "with -configs, the git `ref` every configuration builds (default: the working tree)")
	fs.StringVar(&cfg.Bench, "bench", cfg.Bench, "compare good and bad on benchmarks matching `regexp`; the search follows those of them that regressed")
	fs.StringVar(&cfg.Benchtime, "benchtime", cfg.Benchtime, "run each benchmark for `d` per round")
	fs.IntVar(&cfg.Rounds, "rounds", cfg.Rounds, "interleaved `rounds` of each comparison (an undecided one runs again with twice as many)")
	fs.IntVar(&c.retries, "retries", c.retries, "how often an undecided comparison runs again, with twice the rounds each time, before the search moves on (0: never)")
	fs.Var(&c.adapt, "adaptive", "`rule` for rounds after -rounds within each comparison: confirm, settle, or false")
	fs.IntVar(&cfg.MaxRounds, "max-rounds", 0, fmt.Sprintf("most `rounds` an adaptive comparison gives a benchmark (default 2 × -rounds, at least %d)", pipeline.DefaultRounds))
	fs.DurationVar(&cfg.Timeout, "timeout", cfg.Timeout, "kill a benchmark process that runs longer than `d`")
	fs.StringVar(&cfg.Out, "out", cfg.Out, "results `dir`ectory: one subdirectory per comparison (step-1, step-2, ...)")
	c.stats.register(fs.FlagSet)
	if err := fs.parse(args); err != nil {
		return err
	}
	cfg.Packages = fs.Args()
	if err := flagAfterPackages("bisect", cfg.Packages); err != nil {
		return err
	}
	cfg.Adaptive = c.adapt.rule
	if err := checkRounds(cfg); err != nil {
		return err
	}
	if c.configs != "" {
		var err error
		if cfg.Configs, err = plan.ParseConfigs(c.configs); err != nil {
			return err
		}
	} else if cfg.HeadRef != "" {
		return usage.Errorf("give -good and -bad", "-head-ref picks the source of a -configs bisection")
	}
	policy, opts, format, err := c.stats.parse()
	if err != nil {
		return err
	}
	cfg.Policy, cfg.Compare, cfg.Format = policy, opts, format
	cfg.Progress = pipeline.Progress(c.env.Stderr, usage.Flags)
	retries := c.retries
	if retries == 0 {
		retries = -1
	}
	b := pipeline.BisectConfig{Run: *cfg, Good: c.good, Bad: c.bad, Retries: retries}
	if format != report.JSON {
		b.OnStep = func(res *pipeline.BisectResult, st pipeline.BisectStep) {
			if st.N == 1 && st.Retry == 0 {
				printBisectStart(c.env.Stdout, res)
			}
			printBisectStep(c.env.Stdout, res, st)
		}
	}
	res, err := pipeline.Bisect(ctx, b)
	var ue *usage.Error
	if res == nil || len(res.Steps) == 0 && errors.As(err, &ue) {
		return err // refused before anything was measured: nothing to sum up
	}
	if format == report.JSON {
		if werr := writeBisectJSON(c.env.Stdout, res); werr != nil {
			return werr
		}
		return err
	}
	printBisectEnd(c.env.Stdout, res, err)
	return err
}

// printBisectStart says what is searched.
func printBisectStart(w io.Writer, res *pipeline.BisectResult) {
	what := fmt.Sprintf("%d commit(s) on the first-parent line after good", len(res.Candidates))
	if res.Good.Config != "" {
		what = fmt.Sprintf("%d toolchain configuration(s) after good", len(res.Candidates))
	}
	fmt.Fprintf(w, "bisect: good %s, bad %s: %s; at most %d comparisons (⌈log₂ %d⌉ + 1) unless a candidate is skipped\n",
		report.SanitizeText(res.Good.Short()), report.SanitizeText(res.Bad.Short()), what, res.Bound, len(res.Candidates))
}

// printBisectStep prints one comparison as it is decided.
func printBisectStep(w io.Writer, res *pipeline.BisectResult, st pipeline.BisectStep) {
	what := report.SanitizeText(st.Candidate.Short())
	if st.N == 1 || st.Index == len(res.Candidates) {
		what = "bad " + what
	}
	retry := ""
	if st.RoundsRun > st.Rounds {
		retry = fmt.Sprintf(", %d with the adaptive rounds", st.RoundsRun)
	}
	if st.Retry > 0 {
		retry += ", again with twice the rounds"
	}
	then := ""
	switch {
	case st.Index == len(res.Candidates) && st.Outcome == pipeline.Regressed:
		then = " → bisecting these"
	case st.Outcome == pipeline.Regressed:
		then = " → the culprit is this one or before it"
	case st.Outcome == pipeline.Same && st.Index == len(res.Candidates):
		then = " → nothing to bisect"
	case st.Outcome == pipeline.Same:
		then = " → the culprit is after it"
	case st.Outcome == pipeline.Unknown:
		then = " → undecided: more rounds, or skip it"
	}
	fmt.Fprintf(w, "comparison %d: %s against good (%d rounds%s): %s: %s%s\n", st.N, what, st.Rounds, retry, st.Outcome, st.Why, then)
}

// printBisectEnd prints the culprit and the change it caused, or why
// there is none.
func printBisectEnd(w io.Writer, res *pipeline.BisectResult, err error) {
	var unresolved *pipeline.UnresolvedError
	switch {
	case res.NoRegression && res.Undecided:
		fmt.Fprintf(w, "bad against good is not decided, even with more rounds: nothing to bisect; raise -rounds or -benchtime, or quiet the machine\n")
	case res.NoRegression:
		fmt.Fprintf(w, "no regression between good and bad: nothing to bisect\n")
	case res.Culprit != nil:
		c := res.Culprit
		if c.Config != "" {
			fmt.Fprintf(w, "culprit: %s (the step from %s)\n", report.SanitizeText(c.Config), report.SanitizeText(previousConfig(res, c.Config)))
		} else {
			fmt.Fprintf(w, "culprit: %s %s\n", c.Commit, report.SanitizeText(c.Subject))
		}
		for _, d := range res.Change {
			fmt.Fprintf(w, "change: %s against good %s\n", pipeline.ChangeText(d), report.SanitizeText(res.Good.Short()))
		}
	case errors.As(err, &unresolved):
		fmt.Fprintf(w, "culprit: not found: one of %d candidate(s) could not be told apart\n", len(unresolved.Among))
	}
	fmt.Fprintf(w, "comparisons: %d (at most %d without skipped candidates), in %d runs\n", res.Comparisons, res.Bound, len(res.Steps))
}

// previousConfig is the configuration before c in the ladder.
func previousConfig(res *pipeline.BisectResult, c string) string {
	prev := res.Good.Config
	for _, cand := range res.Candidates {
		if cand.Config == c {
			return prev
		}
		prev = cand.Config
	}
	return prev
}

// jsonChange is a change in the JSON output.
type jsonChange struct {
	Benchmark string            `json:"benchmark"`
	Config    map[string]string `json:"config,omitempty"`
	Unit      string            `json:"unit"`
	Delta     *float64          `json:"delta"`
	P         *float64          `json:"p"`
	Status    decide.Status     `json:"status"`
}

func jsonChanges(ds []decide.Decision) []jsonChange {
	out := []jsonChange{}
	for _, d := range ds {
		jc := jsonChange{Benchmark: d.Benchmark, Config: d.Config, Unit: d.Unit, Status: d.Status}
		if delta := d.Delta; delta == delta {
			jc.Delta = &delta
		}
		if p := d.PAdjusted; p == p {
			jc.P = &p
		}
		jc.Benchmark = brief.Clip(jc.Benchmark, 1000)
		out = append(out, jc)
	}
	return out
}

// writeBisectJSON writes the bisection as JSON: the steps with their
// changes, the culprit (null when none) and the change it caused.
func writeBisectJSON(w io.Writer, res *pipeline.BisectResult) error {
	type step struct {
		pipeline.BisectStep
		Changes []jsonChange `json:"changes"`
	}
	out := struct {
		*pipeline.BisectResult
		Steps  []step       `json:"steps"`
		Change []jsonChange `json:"change"`
		Runs   int          `json:"runs"`
	}{BisectResult: res, Change: jsonChanges(res.Change), Runs: len(res.Steps)}
	for _, st := range res.Steps {
		out.Steps = append(out.Steps, step{st, jsonChanges(st.Changes)})
	}
	if out.Steps == nil {
		out.Steps = []step{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
