package pipeline

import (
	"io"
	"strings"
	"time"
	"unicode"

	"golang.org/x/perf/benchproc"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/usage"
)

// Defaults of a gate run ("benchgate run" and the Action's inputs).
// docs/statistics.md gives the measurements each was chosen from.
const (
	// DefaultRounds rounds of DefaultBenchtime each: the two halves of a
	// pair run close together in time, and each test gets enough samples
	// to reach DefaultAlpha after the correction.
	DefaultRounds    = 32
	DefaultBenchtime = "25ms"
	DefaultTimeout   = 5 * time.Minute
	DefaultOut       = ".benchgate"
	// DefaultTest is the sign test on the per-round ratios head/base,
	// which cancels drift slower than a round, together with the U-test,
	// which reaches alpha in fewer rounds: the smaller p, doubled.
	// compare keeps benchstat's U-test.
	DefaultTest = decide.BothTests
	// DefaultAlpha is stricter than the 0.05 that compare shares with
	// benchstat, because a gate judges every pull request.
	DefaultAlpha = 0.01
	// DefaultInterleave puts base and head of one benchmark function
	// back to back, so the paired ratio cancels drift even in a package
	// of many benchmarks.
	DefaultInterleave = plan.ByBenchmark
	// DefaultAdaptive gives the apparent regressions of the fixed rounds
	// more rounds, up to DefaultMaxRounds, to be confirmed on those
	// rounds alone.
	DefaultAdaptive = decide.UntilConfirmed
	// DefaultFreshCopies runs every process from a new copy of its test
	// binary: where a binary's file sits in memory can make one copy
	// of it 50% slower than another byte-identical one, in every run, and
	// a side that runs one file throughout turns that into a regression
	// of identical code (docs/statistics.md, "Measurement bias").
	DefaultFreshCopies = true
)

// DefaultMaxRounds is the most rounds an adaptive run gives a benchmark
// when no maximum is set: twice the fixed rounds, and at least
// DefaultRounds. Only candidates get the rounds after the fixed ones, so
// a user who asks for few fixed rounds (benchstat's -count=6 or 8) keeps
// a fast clean run, while a likely regression that those rounds could not
// decide on a loaded machine gets as many rounds as a default run's fixed
// ones, where twice 8 left a 30% slowdown inconclusive
// (docs/statistics.md, "Few fixed rounds").
func DefaultMaxRounds(rounds int) int { return max(2*rounds, DefaultRounds) }

// Config is one gate run, whichever front end filled it: the command line
// from its flags, the Action from its inputs. Every field is a value;
// nothing here is a flag string.
type Config struct {
	// BaseRef and HeadRef are git refs of the sides; empty means the
	// default base and the working tree.
	BaseRef, HeadRef string
	// BaseToolchain and HeadToolchain are GOTOOLCHAIN values; empty
	// means the environment's (or, with DetectToolchainBump, the one the
	// side's go.mod asks for).
	BaseToolchain, HeadToolchain string
	// DetectToolchainBump makes a change of go.mod's go or toolchain line
	// between base and head set each side's toolchain.
	DetectToolchainBump bool
	// RefuseSuiteAA refuses a run of the built-in suite (no packages)
	// whose sides would build it alike: the suite is the same at every
	// commit, so such a run measures it against itself and can only pass.
	// Front ends set it where the user named no toolchain (in the Action,
	// where the inputs also named commits: an event's commits are run as
	// they are); an A/A run asked for with toolchains (local against
	// local) still runs.
	RefuseSuiteAA bool
	// SkipSuiteAA, where RefuseSuiteAA is not set, ends such a run at
	// once with a pass and a note that says so, without building or
	// measuring anything: the Action sets it for an event's own commits
	// with no toolchain input (the toolchain-bump workflow's go.mod
	// change that bumps no toolchain), which would otherwise measure the
	// suite against itself for minutes, to pass or to warn of noise.
	SkipSuiteAA bool
	// Packages are package patterns relative to Dir; none means the
	// built-in suite.
	Packages []string
	// Bench, Benchtime, Rounds and Timeout are go test's -bench,
	// -benchtime, the number of interleaved rounds and the bound on one
	// benchmark process.
	Bench     string
	Benchtime string
	// Tags are build tags (go test -c -tags), CPU the GOMAXPROCS list
	// each benchmark runs at (-test.cpu).
	Tags    []string
	CPU     string
	Rounds  int
	Timeout time.Duration
	// Out is the results directory.
	Out string
	// Dir is the directory to run in; package patterns are relative to
	// it. Empty means the process's working directory.
	Dir string
	// Environ is the environment to derive children's environments from;
	// nil means the process's. Secrets are removed either way.
	Environ []string
	// PassEnv names variables of Environ that the code under test gets
	// besides runner.ChildEnv's allowlist; runner.CheckPassEnv refuses
	// secrets. MaxOutput bounds what one process may print (0: the
	// runner's default).
	PassEnv   []string
	MaxOutput int64
	// Progress receives progress lines and warnings; nil discards them.
	Progress io.Writer
	// ResultsLabel is how reports name the results directory; empty means
	// its absolute path. The Action names it relative to the workspace,
	// the path later steps outside the container can use.
	ResultsLabel string
	// ReportText, if set, names paths in the reports' texts (notes, the
	// error) as the front end shows them before they are written into
	// the results directory: the Action names the workspace's from it,
	// as its log does.
	ReportText func(string) string
	// Protocol is plan.Interleaved (empty means that too) or
	// plan.Sequential.
	Protocol plan.Protocol
	// FreshCopies runs a fresh copy of each test binary every run
	// (DefaultFreshCopies).
	FreshCopies bool
	// Interleave is what a round alternates the sides by.
	Interleave plan.Granularity
	// Adaptive is the rule for rounds after Rounds, up to MaxRounds (0:
	// DefaultMaxRounds(Rounds)) or TimeBudget; empty means exactly
	// Rounds.
	Adaptive   decide.AdaptiveRule
	MaxRounds  int
	TimeBudget time.Duration
	// Measure is what the benchmarks are measured by: wall time (what
	// the testing package reports: sec/op, B/op, allocs/op), instruction
	// counts under valgrind (instructions/op), or both; empty means
	// DefaultMeasure. With runner.MeasureInstructions, Rounds and
	// MaxRounds are the instruction rounds'; with runner.MeasureBoth
	// they are the timed rounds', and the instructions get
	// DefaultInstructionRounds (measure.go).
	Measure runner.Measure
	// Policy is what counts as a regression; its Adaptive and Until are
	// set from Adaptive by Run.
	Policy decide.Policy
	// Compare are the options of the compare stage.
	Compare compare.Options
	// Format is the format of the report the front end prints.
	Format report.Format
	// Names is how the front end names settings, for the messages that
	// end up in reports; nil means the command line's flags.
	Names usage.Style

	// Configs, when set, are the sides as toolchain configurations (see
	// plan.ParseConfigs), in order, all built from one source: HeadRef,
	// else the working tree. Two are base and head; three or more are a
	// ladder, whose every step (each side against the one before) and
	// whose first side against its last are compared. BaseRef and the
	// toolchains are then not used.
	Configs []plan.Side
	// LadderGate says which comparisons of a ladder can fail the gate:
	// report.GateAnyStep (also what empty means) or
	// report.GateFirstLast.
	LadderGate string
	// Shard, when set, measures only that slice of the benchmark
	// functions (see plan.Shard); benchgate compare merges the shards'
	// results directories.
	Shard plan.Shard
}

// DefaultConfig is the configuration with every default applied.
func DefaultConfig() Config {
	policy := decide.DefaultPolicy
	policy.Alpha = DefaultAlpha
	policy.Test = DefaultTest
	return Config{
		Bench:               ".",
		Benchtime:           DefaultBenchtime,
		Rounds:              DefaultRounds,
		Timeout:             DefaultTimeout,
		Out:                 DefaultOut,
		Interleave:          DefaultInterleave,
		Adaptive:            DefaultAdaptive,
		DetectToolchainBump: true,
		FreshCopies:         DefaultFreshCopies,
		Policy:              policy,
		Compare:             compare.Options{Confidence: compare.DefaultOptions.Confidence, Alpha: DefaultAlpha},
		Format:              report.Text,
	}
}

// CheckPolicy checks the statistics settings that the front ends parse,
// as a run and a comparison of files both need them.
func CheckPolicy(p decide.Policy, o compare.Options) error {
	if !(p.Alpha > 0 && p.Alpha < 1) {
		return usage.Errorf("", "invalid {alpha} %v: want a number between 0 and 1, e.g. 0.05", p.Alpha)
	}
	if !(o.Confidence > 0 && o.Confidence < 1) {
		return usage.Errorf("", "invalid {confidence} %v: want a number between 0 and 1, e.g. 0.95", o.Confidence)
	}
	if o.Filter != "" {
		// Before anything is measured: the filter is applied to the
		// results, at the end of the run.
		if _, err := benchproc.NewFilter(o.Filter); err != nil {
			return usage.Errorf(filterHint, "invalid {filter} %q: %v", o.Filter, err)
		}
	}
	for u := range p.Thresholds {
		// The units are printed in the verdict line of every report, as
		// they are; in a pull request's workflow they are its author's.
		if strings.ContainsFunc(u, badUnitRune) {
			return usage.Errorf("units are single words such as sec/op, B/op, allocs/op, B/s or a custom metric's unit",
				"invalid {thresholds}: %q is not a unit", u)
		}
	}
	return nil
}

// filterHint says how a -filter is written, for its errors.
const filterHint = "e.g. '.name:Encode' or '.unit:(sec/op OR B/op)'; see go doc golang.org/x/perf/benchproc/syntax"

// badUnitRune reports whether r cannot be part of a unit in a threshold:
// benchmark units are single words, and these characters would be markup,
// mentions or commands in a report.
func badUnitRune(r rune) bool {
	return unicode.IsSpace(r) || unicode.IsControl(r) || !unicode.IsPrint(r) || strings.ContainsRune("<>|`@#&[]()!~\\\"':*", r)
}

// SplitList splits a comma-separated list, dropping empty items: the
// shape of -ignore, the packages input and the like.
func SplitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
