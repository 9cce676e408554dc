package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/suite"
)

// Defaults of benchgate run. docs/statistics.md has the measurements they
// were chosen from.
const (
	// 32 short rounds rather than 16 of 50ms: the same budget, but the two
	// halves of each pair run closer in time and each test gets twice the
	// samples. Under a drifting load that took a 5% slowdown from 3/20 to
	// 18/20 caught by the U-test, with no false alarm in 40 A/A runs (12/20
	// when measured again the next day).
	DefaultRounds    = 32
	DefaultBenchtime = "25ms"
	DefaultTimeout   = 5 * time.Minute
	DefaultOut       = ".benchgate"
	// DefaultTest is the test benchgate run decides with: the sign test on
	// the per-round ratios head/base. With DefaultInterleave and
	// DefaultAdaptive it caught a 5% slowdown under a drifting load in
	// 10/10 runs (19/20 in a package of nine, where the U-test caught 7)
	// and raised no false alarm in 20 whole-suite A/A runs
	// (docs/statistics.md, "The defaults since 2026-12-01"). compare
	// keeps benchstat's U-test.
	DefaultTest = decide.TestPaired
	// DefaultAlpha is benchgate run's significance level, stricter than
	// the 0.05 compare shares with benchstat. A gate judges every pull
	// request: at 0.05 one of 20 whole-suite A/A runs failed (p_adj 0.035),
	// at 0.01 none of 40 did (docs/statistics.md).
	DefaultAlpha = 0.01
	// DefaultInterleave is what a round alternates the sides by: each
	// benchmark function in its own process puts base and head of one
	// benchmark back to back, so the paired ratio cancels drift even in a
	// package of many benchmarks.
	DefaultInterleave = plan.ByBenchmark
	// DefaultAdaptive is the rule for rounds after -rounds: every
	// benchmark whose outcome is still open runs again, up to
	// DefaultMaxRounds.
	DefaultAdaptive = decide.UntilSettled
)

// DefaultMaxRounds is the most rounds an adaptive run gives a benchmark
// when no maximum is set: twice -rounds, which bounds a run at about twice
// the fixed rounds' time (the whole-suite A/A runs, docs/statistics.md).
func DefaultMaxRounds(rounds int) int { return 2 * rounds }

// RunConfig is everything "benchgate run" needs, whether it came from
// flags or from action inputs.
type RunConfig struct {
	BaseRef, HeadRef             string
	BaseToolchain, HeadToolchain string
	Packages                     []string
	Bench                        string
	Benchtime                    string
	Rounds                       int
	Timeout                      time.Duration
	Out                          string
	Output                       outputFlags
	// Dir is the directory to run in; package patterns are relative to
	// it. Empty means the process's working directory.
	Dir string
	// Environ is the environment to derive children's environments from;
	// nil means the process's. Secrets are removed either way.
	Environ []string
	// DetectToolchainBump makes a change of go.mod's go or toolchain line
	// between base and head set each side's toolchain (default true).
	DetectToolchainBump bool
	// Progress receives progress lines; nil means the command's stderr.
	Progress io.Writer
	// ResultsLabel is how reports name the results directory; empty means
	// its absolute path. The Action names it relative to the workspace,
	// the path later steps outside the container can use.
	ResultsLabel string
	// Protocol is "interleaved" (default) or "sequential".
	Protocol string
	// FreshCopies runs a fresh copy of each test binary every run.
	FreshCopies bool
	// Interleave is what a round alternates the sides by: "benchmark"
	// (each top-level benchmark function in its own process) or
	// "package".
	Interleave string
	// AdaptiveRule says which benchmarks get rounds after Rounds, up to
	// MaxRounds (0: DefaultMaxRounds(Rounds)) or TimeBudget; empty means
	// exactly Rounds.
	AdaptiveRule decide.AdaptiveRule
	MaxRounds    int
	TimeBudget   time.Duration
}

// adaptiveFlag is -adaptive: a boolean flag, where -adaptive alone means
// the rule "settle", that also takes a rule by name (-adaptive=confirm).
type adaptiveFlag struct {
	on   bool
	rule decide.AdaptiveRule
}

func (a *adaptiveFlag) IsBoolFlag() bool { return true }

func (a *adaptiveFlag) String() string {
	if a == nil || !a.on {
		return "false"
	}
	return string(a.rule)
}

func (a *adaptiveFlag) Set(s string) error {
	switch s {
	case "true":
		a.on, a.rule = true, decide.UntilSettled
	case "false":
		a.on, a.rule = false, ""
	default:
		r, err := decide.ParseAdaptiveRule(s)
		if err != nil {
			return fmt.Errorf("want true, false, confirm or settle")
		}
		a.on, a.rule = true, r
	}
	return nil
}

// DefaultRunConfig is the configuration with every default applied.
func DefaultRunConfig() RunConfig {
	return RunConfig{
		Bench:               ".",
		Benchtime:           DefaultBenchtime,
		Rounds:              DefaultRounds,
		Timeout:             DefaultTimeout,
		Out:                 DefaultOut,
		Interleave:          string(DefaultInterleave),
		AdaptiveRule:        DefaultAdaptive,
		DetectToolchainBump: true,
		Output: outputFlags{
			alpha: DefaultAlpha, confidence: compare.DefaultOptions.Confidence,
			threshold: decide.FormatPercent(decide.DefaultPolicy.Threshold),
			failOn:    string(decide.DefaultPolicy.FailOn), format: "text",
			correction: string(decide.DefaultPolicy.Correction),
			test:       string(DefaultTest),
		},
	}
}

const runUsage = `Usage: benchgate run [flags] [packages]

Builds each package's benchmarks once per side (go test -c) and runs them in
interleaved rounds, rotating which side goes first, then compares the sides
and gates. Without packages, runs the built-in crypto benchmark suite.

A side is a commit (-base-ref/-head-ref), a Go toolchain
(-base-toolchain/-head-toolchain), or both. By default the base is the
merge-base with the default branch (else HEAD~1) and the head is the working
tree as it is. With only toolchains given, both sides build the working tree.

Examples:
  benchgate run ./...                                   # HEAD~1 vs working tree
  benchgate run -base-toolchain local -head-toolchain go1.27.3   # crypto suite
  benchgate run -quick -base-toolchain local -head-toolchain go1.27.3
  benchgate run -base-ref main -head-ref HEAD -bench 'Encode' ./codec

Flags:
`

func runCommand(ctx context.Context, args []string, env *Env) error {
	cfg := DefaultRunConfig()
	fs := newFlagSet("run", env, runUsage)
	fs.StringVar(&cfg.BaseRef, "base-ref", "", "git `ref` of the base side (default: merge-base with the default branch, else HEAD~1)")
	fs.StringVar(&cfg.HeadRef, "head-ref", "", "git `ref` of the head side (default: the working tree)")
	fs.StringVar(&cfg.BaseToolchain, "base-toolchain", "", "GOTOOLCHAIN `value` for the base side, e.g. local or go1.26.8")
	fs.StringVar(&cfg.HeadToolchain, "head-toolchain", "", "GOTOOLCHAIN `value` for the head side, e.g. go1.27.3")
	fs.StringVar(&cfg.Bench, "bench", cfg.Bench, "run only benchmarks matching `regexp` (as go test -bench)")
	fs.StringVar(&cfg.Benchtime, "benchtime", cfg.Benchtime, "run each benchmark for `d` per round (as go test -benchtime)")
	fs.IntVar(&cfg.Rounds, "rounds", cfg.Rounds, "number of interleaved `rounds`; each side runs each benchmark once per round")
	fs.DurationVar(&cfg.Timeout, "timeout", cfg.Timeout, "kill a benchmark process that runs longer than `d`")
	fs.StringVar(&cfg.Out, "out", cfg.Out, "results `dir`ectory: base.txt, head.txt, manifest.json and reports")
	fs.StringVar(&cfg.Protocol, "protocol", string(plan.Interleaved), "run `order`: interleaved (rotated rounds) or sequential (all base runs, then all head runs; for comparison only)")
	fs.StringVar(&cfg.Interleave, "interleave", cfg.Interleave, "`unit` a round alternates the sides by: benchmark (each top-level benchmark function runs in its own process, base and head back to back) or package (one process per package per side)")
	fs.BoolVar(&cfg.FreshCopies, "fresh-binaries", cfg.FreshCopies, "run a fresh copy of each test binary every run, so its placement in memory varies instead of biasing one side")
	adaptive := &adaptiveFlag{on: true, rule: DefaultAdaptive}
	fs.Var(adaptive, "adaptive", "`rule` for rounds after -rounds, up to -max-rounds or -time-budget: confirm (only apparent regressions run again, until confirmed), settle (the default, also -adaptive alone: every benchmark whose outcome is open either way runs again), or false (exactly -rounds)")
	fs.IntVar(&cfg.MaxRounds, "max-rounds", 0, "most `rounds` an adaptive run gives a benchmark (default 2 × -rounds)")
	fs.DurationVar(&cfg.TimeBudget, "time-budget", 0, "wall-time `budget` of an adaptive run, builds included (0: none)")
	quick := fs.Bool("quick", false, "run only the built-in suite's quick subset (about 5 s per side per round; implies the suite and sets -bench)")
	cfg.Output.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	cfg.Packages = fs.Args()
	cfg.AdaptiveRule = adaptive.rule
	if !adaptive.on && (cfg.MaxRounds != 0 || cfg.TimeBudget != 0) {
		return usagef("drop -adaptive=false", "-max-rounds and -time-budget only apply to adaptive runs")
	}
	if *quick {
		if len(cfg.Packages) > 0 {
			return usagef("drop -quick to benchmark your packages, or the packages to run the quick suite", "-quick runs the built-in suite, but packages were given: %s", strings.Join(cfg.Packages, " "))
		}
		if benchSet(fs) {
			return usagef("", "-quick sets -bench itself; give one or the other")
		}
		cfg.Bench = suite.QuickBench
	}
	return Run(ctx, cfg, env)
}

// SetOutputFlags sets the statistics and output configuration from
// command-line style flags (-alpha, -threshold, -thresholds, -fail-on,
// -format, ...), validating them as the command line does.
func (cfg *RunConfig) SetOutputFlags(args []string) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cfg.Output.register(fs)
	if err := fs.Parse(args); err != nil {
		return &UsageError{Msg: err.Error()}
	}
	_, _, err := cfg.Output.policy()
	return err
}

// benchSet reports whether -bench was given.
func benchSet(fs *flag.FlagSet) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "bench" {
			set = true
		}
	})
	return set
}

// Run carries out a gate run described by cfg and prints the report.
func Run(ctx context.Context, cfg RunConfig, env *Env) error {
	res, err := Execute(ctx, cfg, env)
	if res == nil || res.Report == nil {
		return err
	}
	if werr := cfg.Output.write(env.Stdout, res.Report); werr != nil && err == nil {
		err = werr
	}
	if err != nil {
		return err
	}
	return gate(res.Report, res.Policy.FailOn, env.Stderr)
}

// Result is what Execute did: the plan, the run, and the report.
type Result struct {
	Plan    *plan.Plan
	Run     *runner.Outcome
	Report  *report.Report
	Policy  decide.Policy
	Options compare.Options
}

// Execute plans, runs, compares and decides, and writes the reports into
// the results directory; it prints progress but not the report. The error
// is a *UsageError for a bad configuration and the run's error (typically
// a *runner.BenchmarkFailedError) when benchmarks failed; in that case the
// Result is still returned, with the error verdict. Execute does not turn
// the verdict into an error: see gate.
func Execute(ctx context.Context, cfg RunConfig, env *Env) (*Result, error) {
	policy, opts, err := cfg.Output.policy()
	if err != nil {
		return nil, err
	}
	policy.Until = cfg.AdaptiveRule
	switch {
	case cfg.AdaptiveRule == "":
		cfg.MaxRounds, cfg.TimeBudget = 0, 0
	case cfg.MaxRounds == 0:
		cfg.MaxRounds = DefaultMaxRounds(cfg.Rounds)
	}
	wd := cfg.Dir
	if wd == "" {
		if wd, err = os.Getwd(); err != nil {
			return nil, err
		}
	}
	environ := cfg.Environ
	if environ == nil {
		environ = os.Environ()
	}
	childEnv := runner.ChildEnv(environ)
	progress := cfg.Progress
	if progress == nil {
		progress = prefixWriter{w: env.Stderr, prefix: "benchgate: "}
	}

	if need := decide.SamplesNeeded(policy.Alpha); cfg.Rounds < need {
		utest := "the U-test"
		if policy.Test == decide.TestPaired {
			utest = "the U-test, which decides the rows whose rounds cannot be paired,"
		}
		return nil, usagef(fmt.Sprintf("use -rounds %d or more (%d is the default)", need, DefaultRounds),
			"-rounds %d is too few: with %d samples per side %s can never reach p <= %v (its smallest p is %.3f)",
			cfg.Rounds, cfg.Rounds, utest, policy.Alpha, decide.MinP(cfg.Rounds, cfg.Rounds))
	}
	if most := max(cfg.Rounds, cfg.MaxRounds); policy.Test == decide.TestPaired && most < decide.SignRoundsNeeded(policy.Alpha) {
		need := decide.SignRoundsNeeded(policy.Alpha)
		return nil, usagef(fmt.Sprintf("use -rounds %d or more, or -decide utest", need),
			"%d rounds are too few for -decide paired: with %d paired rounds the sign test can never reach p <= %v (its smallest p is %.3f)",
			most, most, policy.Alpha, decide.MinSignP(most))
	}
	p, repo, err := buildPlan(ctx, cfg, wd, childEnv)
	if err != nil {
		return nil, err
	}
	if err := p.Validate(); err != nil {
		return nil, &UsageError{Msg: err.Error()}
	}
	for _, s := range p.Sides {
		line := fmt.Sprintf("%s = %s", s.Name, s.Label())
		if s.Why != "" {
			line += fmt.Sprintf(" (%s)", s.Why)
		}
		fmt.Fprintln(progress, line)
	}
	if p.Suite {
		fmt.Fprintf(progress, "packages: the built-in crypto suite (-bench %s)\n", p.Bench)
	}

	out, runErr := runner.Run(ctx, p, runner.Options{
		Repo:        repo,
		WorkDir:     wd,
		Env:         childEnv,
		Progress:    progress,
		UnpackSuite: suite.Unpack,
		Next:        nextRound(p, policy, opts),
	})
	if runErr != nil && errors.Is(runErr, runner.ErrNoBenchmarks) {
		return nil, usagef("give packages that have _test.go files with benchmarks, e.g. ./...", "%v", runErr)
	}
	if ctx.Err() != nil && runErr != nil {
		return nil, runErr
	}

	policy.Adaptive = p.MaxRounds > p.Rounds
	rep, aerr := analyzeRun(out, policy, opts, runErr)
	if aerr != nil && runErr == nil {
		var ie *compare.InputError
		if errors.As(aerr, &ie) {
			hint := fmt.Sprintf("check that -bench %q matches benchmarks in the packages; the raw output is in %s", p.Bench, p.ResultsDir)
			if ie.Side == "inputs" {
				// Both sides measured, but nothing in common.
				hint = fmt.Sprintf("base and head ran different benchmarks (renamed, or in other units); the raw output is in %s", p.ResultsDir)
			}
			return nil, usagef(hint, "%s: %s", ie.Side, ie.Msg)
		}
		return nil, aerr
	}
	rep.ResultsDir = p.ResultsDir
	if cfg.ResultsLabel != "" {
		rep.ResultsDir = cfg.ResultsLabel
	}
	rep.Rounds = out.RoundsDone
	for _, s := range out.Sides {
		rep.Sides = append(rep.Sides, report.Side{Name: s.Name, Label: s.Label(), Ref: s.Ref, Commit: s.Commit, Toolchain: s.Toolchain, GoVersion: s.GoVersion})
		if strings.HasPrefix(s.Why, "go.mod changed") && s.Name == "head" {
			rep.Notes = append(rep.Notes, "toolchains compared: "+s.Why+".")
		}
	}
	if p.Suite && sameBuild(p.Sides, out.Sides) {
		rep.Notes = append(rep.Notes, "both sides built the built-in suite with the same toolchain, so this was an A/A run: the suite does not depend on your commits. Give packages to benchmark your code, or -base-toolchain/-head-toolchain to compare toolchains.")
	}
	if out.BenchTime > 0 {
		fmt.Fprintf(progress, "%d rounds in %s (benchmarks %s, builds %s; overhead ratio %.2f)\n",
			out.RoundsDone, out.Elapsed.Round(time.Second), out.BenchTime.Round(time.Second), out.BuildTime.Round(time.Second),
			float64(out.Elapsed)/float64(out.BenchTime))
	}
	if err := WriteReports(p.ResultsDir, rep); err != nil {
		fmt.Fprintf(env.Stderr, "benchgate: warning: writing reports to %s: %v\n", p.ResultsDir, err)
	}
	return &Result{Plan: p, Run: out, Report: rep, Policy: policy, Options: opts}, runErr
}

// analyzeRun compares what a run measured. When the run failed, the report
// still shows whatever both sides measured, under the error verdict.
func analyzeRun(out *runner.Outcome, policy decide.Policy, opts compare.Options, runErr error) (*report.Report, error) {
	files := out.Files()
	var rep *report.Report
	var err error
	if len(files) >= 2 {
		rep, err = analyze(files[:1], files[1:2], policy, opts)
	} else {
		err = errors.New("no sides")
	}
	if runErr != nil {
		if err != nil {
			rep = report.New(&decide.Result{Policy: policy, Counts: map[decide.Status]int{}}, opts.Confidence)
		}
		rep.Verdict = decide.ErrorVerdict
		rep.Error = runErr.Error()
		return rep, nil
	}
	return rep, err
}

// nextRound is the adaptive stage's question, asked after each round past
// the minimum: which benchmarks are still undecided? It compares what the
// results files hold so far and answers with the names of those
// benchmarks per package; the runner runs only them.
func nextRound(p *plan.Plan, policy decide.Policy, opts compare.Options) func(int) (map[string][]string, error) {
	if p.MaxRounds <= p.Rounds {
		return nil
	}
	return func(done int) (map[string][]string, error) {
		files := []string{filepath.Join(p.ResultsDir, p.Sides[0].Name+".txt"), filepath.Join(p.ResultsDir, p.Sides[1].Name+".txt")}
		res, err := compare.Load(files[:1], files[1:], opts)
		if err != nil {
			return nil, err
		}
		names := map[string][]string{}
		seen := map[string]bool{}
		for _, d := range decide.Decide(res, policy).Decisions {
			pkg := d.Config["pkg"]
			if !decide.Undecided(d, policy.Until) || seen[pkg+"\x00"+d.Benchmark] {
				continue
			}
			seen[pkg+"\x00"+d.Benchmark] = true
			names[pkg] = append(names[pkg], d.Benchmark)
		}
		return names, nil
	}
}

// sameBuild reports whether every side would build the same thing.
func sameBuild(sides []plan.Side, results []*runner.SideResult) bool {
	for i := 1; i < len(results); i++ {
		if results[i].GoVersion != results[0].GoVersion || sides[i].Toolchain != sides[0].Toolchain {
			return false
		}
	}
	return true
}

// buildPlan turns the configuration into a plan: it resolves refs, picks
// the default base, and decides between user packages and the suite.
func buildPlan(ctx context.Context, cfg RunConfig, wd string, childEnv []string) (*plan.Plan, *gitx.Repo, error) {
	p := &plan.Plan{
		Protocol:    plan.Protocol(cfg.Protocol),
		Interleave:  plan.Granularity(cfg.Interleave),
		FreshCopies: cfg.FreshCopies,
		MaxRounds:   cfg.MaxRounds,
		TimeBudget:  cfg.TimeBudget,
		Packages:    cfg.Packages,
		Bench:       cfg.Bench,
		Benchtime:   cfg.Benchtime,
		Rounds:      cfg.Rounds,
		Timeout:     cfg.Timeout,
		ResultsDir:  cfg.Out,
	}
	if len(p.Packages) == 0 {
		p.Suite = true
		p.Packages = suite.DefaultPackages
	}
	base := plan.Side{Name: "base", Ref: cfg.BaseRef, Toolchain: cfg.BaseToolchain}
	head := plan.Side{Name: "head", Ref: cfg.HeadRef, Toolchain: cfg.HeadToolchain}
	for _, s := range []plan.Side{base, head} {
		if s.Toolchain != "" && !plan.ValidToolchain(s.Toolchain) {
			return nil, nil, usagef("use local for the installed Go, or a release such as go1.27.3",
				"invalid -%s-toolchain %q: not a GOTOOLCHAIN value", s.Name, s.Toolchain)
		}
	}
	toolchainsOnly := cfg.BaseRef == "" && cfg.HeadRef == "" && (cfg.BaseToolchain != "" || cfg.HeadToolchain != "")

	needRepo := cfg.BaseRef != "" || cfg.HeadRef != "" || !toolchainsOnly
	var repo *gitx.Repo
	if needRepo {
		r, err := gitx.Open(ctx, wd, childEnv)
		if err != nil {
			if errors.Is(err, gitx.ErrNotRepo) {
				return nil, nil, usagef("run benchgate inside a git repository, or compare toolchains with -base-toolchain local -head-toolchain go1.27.3",
					"comparing commits needs a git repository, and %s is not in one", wd)
			}
			return nil, nil, err
		}
		repo = r
	}
	if !toolchainsOnly {
		if base.Ref == "" {
			ref, sha, why, err := repo.DefaultBase(ctx)
			if err != nil {
				return nil, nil, &UsageError{Msg: err.Error(), Hint: "give -base-ref"}
			}
			base.Ref, base.Commit, base.Why = ref, sha, why
		}
		for _, s := range []*plan.Side{&base, &head} {
			if s.Ref == "" || s.Commit != "" {
				continue
			}
			sha, err := repo.Resolve(ctx, s.Ref)
			if err != nil {
				return nil, nil, usagef("check the ref with git rev-parse, or fetch it first", "invalid -%s-ref: %v", s.Name, err)
			}
			s.Commit = sha
		}
	}
	if head.Ref == "" && head.Why == "" && !toolchainsOnly {
		head.Why = "the working tree, uncommitted changes included"
	}
	if !toolchainsOnly && cfg.DetectToolchainBump && base.Toolchain == "" && head.Toolchain == "" {
		detectBump(ctx, repo, wd, &base, &head)
	}
	p.Sides = []plan.Side{base, head}
	if cfg.Out == "" {
		return nil, nil, usagef("", "invalid -out: empty")
	}
	abs, err := filepath.Abs(cfg.Out)
	if err != nil {
		return nil, nil, err
	}
	p.ResultsDir = abs
	return p, repo, nil
}

// detectBump sets both sides' toolchains when their go.mod files ask for
// different ones: a Go version bump is then compared as such, not silently
// built with whatever Go happens to be installed.
func detectBump(ctx context.Context, repo *gitx.Repo, wd string, base, head *plan.Side) {
	rel, err := filepath.Rel(repo.Root, filepath.Join(wd, "go.mod"))
	if err != nil || strings.HasPrefix(rel, "..") {
		return
	}
	rel = filepath.ToSlash(rel)
	read := func(s *plan.Side) []byte {
		if s.Commit == "" {
			b, _ := os.ReadFile(filepath.Join(wd, "go.mod"))
			return b
		}
		b, _ := repo.ReadFile(ctx, s.Commit, rel)
		return b
	}
	if b, h, why, ok := plan.ToolchainBump(read(base), read(head)); ok {
		base.Toolchain, head.Toolchain = b, h
		head.Why = why
	}
}

// WriteReports saves the report in every format next to the raw results,
// for the Action and for anyone who looks later.
func WriteReports(dir string, rep *report.Report) error {
	var errs []error
	for name, write := range map[string]func(*bytes.Buffer) error{
		"report.md":   func(b *bytes.Buffer) error { return rep.WriteMarkdown(b) },
		"report.json": func(b *bytes.Buffer) error { return rep.WriteJSON(b) },
		"report.txt":  func(b *bytes.Buffer) error { return rep.WriteText(b) },
	} {
		var buf bytes.Buffer
		if err := write(&buf); err != nil {
			errs = append(errs, err)
			continue
		}
		if err := writeFileAtomic(filepath.Join(dir, name), buf.Bytes()); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// prefixWriter prefixes each write (one progress line) with prefix. The
// lines can quote git and the go command on the pull request's code, so
// they are sanitized like any report text.
type prefixWriter struct {
	w      interface{ Write([]byte) (int, error) }
	prefix string
}

func (p prefixWriter) Write(b []byte) (int, error) {
	line := report.SanitizeLines(strings.TrimRight(strings.TrimLeft(string(b), " "), "\n"))
	if _, err := p.w.Write([]byte(p.prefix + line + "\n")); err != nil {
		return 0, err
	}
	return len(b), nil
}
