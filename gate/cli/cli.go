// Package cli is benchgate's command line: it parses flags into a
// configuration, drives the pipeline stages (plan → run → compare → decide →
// report) and maps outcomes to exit codes. It never calls os.Exit; main
// does, with the code Main returns.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
)

// Exit codes are part of benchgate's interface.
const (
	ExitPass       = 0
	ExitRegression = 1
	ExitUsage      = 2
	ExitFailed     = 3
)

// UsageError is a mistake in flags, arguments or configuration. It maps to
// exit code 2.
type UsageError struct {
	Msg  string
	Hint string
}

func (e *UsageError) Error() string { return e.Msg }

func usagef(hint, format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...), Hint: hint}
}

// RegressionError is returned when the verdict fails the gate. It maps to
// exit code 1.
type RegressionError struct {
	Verdict decide.Verdict
	Count   int
}

func (e *RegressionError) Error() string {
	if e.Verdict == decide.InconclusiveVerdict {
		return "the gate failed: some comparisons could not be decided (-fail-on inconclusive)"
	}
	return fmt.Sprintf("the gate failed: %d regression(s)", e.Count)
}

// Main runs benchgate with args (without the program name) and returns the
// exit code.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	env := &Env{Stdout: stdout, Stderr: stderr, Getenv: getenv}
	err := dispatch(ctx, args, env)
	return ExitCode(err, stderr)
}

// Env is what a command may use of the outside world.
type Env struct {
	Stdout, Stderr io.Writer
	Getenv         func(string) string
}

const usageText = `benchgate is a Go performance regression gate.

Usage:
  benchgate run [flags] [packages]     run base and head interleaved, compare, gate
  benchgate compare [flags] BASE HEAD  compare existing result files
  benchgate version                    print the version

Run "benchgate <command> -h" for a command's flags.
Exit codes: 0 pass, 1 regression, 2 usage error, 3 benchmarks failed.
`

func dispatch(ctx context.Context, args []string, env *Env) error {
	if len(args) == 0 {
		fmt.Fprint(env.Stderr, usageText)
		return &UsageError{Msg: "no command given", Hint: "try benchgate run, or benchgate compare BASE HEAD"}
	}
	switch args[0] {
	case "run":
		return runCommand(ctx, args[1:], env)
	case "compare":
		return compareCommand(ctx, args[1:], env)
	case "version", "-version", "--version":
		fmt.Fprintln(env.Stdout, "benchgate", Version())
		return nil
	case "help", "-h", "-help", "--help":
		fmt.Fprint(env.Stdout, usageText)
		return nil
	}
	return usagef("the commands are run, compare and version", "unknown command %q", args[0])
}

// ExitCode maps an outcome to benchgate's exit code, printing the error
// (and its hint) to stderr. Errors can carry a benchmark's output, which
// a pull request controls, so every line is sanitized: in a workflow,
// stderr is read for workflow commands.
func ExitCode(err error, stderr io.Writer) int {
	if err == nil {
		return ExitPass
	}
	if errors.Is(err, flag.ErrHelp) {
		return ExitUsage
	}
	say := func(format string, args ...any) {
		fmt.Fprintln(stderr, report.SanitizeLines(fmt.Sprintf(format, args...)))
	}
	var reg *RegressionError
	if errors.As(err, &reg) {
		say("benchgate: %s", err)
		return ExitRegression
	}
	var ue *UsageError
	var ie *compare.InputError
	var bf *runner.BenchmarkFailedError
	switch {
	case errors.As(err, &ue):
		say("benchgate: %s", err)
		if ue.Hint != "" {
			say("hint: %s", ue.Hint)
		}
		return ExitUsage
	case errors.As(err, &ie):
		say("benchgate: %s", err)
		return ExitUsage
	case errors.As(err, &bf):
		say("benchgate: %s", err)
		return ExitFailed
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		if msg := err.Error(); strings.HasPrefix(msg, "interrupted") {
			say("benchgate: %s", msg)
		} else {
			say("benchgate: interrupted: %s", msg)
		}
		return ExitFailed
	}
	say("benchgate: %s", err)
	return ExitFailed
}

// badUnitRune reports whether r cannot be part of a unit in a threshold:
// benchmark units are single words, and these characters would be markup,
// mentions or commands in a report.
func badUnitRune(r rune) bool {
	return unicode.IsSpace(r) || unicode.IsControl(r) || !unicode.IsPrint(r) || strings.ContainsRune("<>|`@#&[]()!~\\\"':*", r)
}

// Version is the module version when installed with go install, else
// "devel".
func Version() string {
	if v := buildVersion(); v != "" {
		return v
	}
	return "devel"
}

// outputFlags are the flags shared by run and compare: statistics, policy
// and output format.
type outputFlags struct {
	alpha      float64
	confidence float64
	threshold  string
	thresholds string
	failOn     string
	format     string
	correction string
	test       string
	ignore     string
	filter     string
}

func (o *outputFlags) register(fs *flag.FlagSet) {
	// run sets its own defaults for alpha and test before registering;
	// compare keeps benchstat's.
	if o.alpha == 0 {
		o.alpha = decide.DefaultPolicy.Alpha
	}
	fs.Float64Var(&o.alpha, "alpha", o.alpha, "significance level: a change is significant when p <= `α`")
	fs.Float64Var(&o.confidence, "confidence", compare.DefaultOptions.Confidence, "confidence `level` of the intervals shown")
	fs.StringVar(&o.threshold, "threshold", decide.FormatPercent(decide.DefaultPolicy.Threshold), "smallest worsening that counts as a regression, for every unit (`percent`)")
	fs.StringVar(&o.thresholds, "thresholds", "", "per-unit thresholds, e.g. 'sec/op=10%,allocs/op=0%' (`list`)")
	fs.StringVar(&o.failOn, "fail-on", string(decide.DefaultPolicy.FailOn), "what fails the gate: regression, inconclusive or never")
	fs.StringVar(&o.format, "format", "text", "report `format`: text, markdown or json")
	if o.test == "" {
		o.test = string(decide.TestUTest)
	}
	fs.StringVar(&o.test, "decide", o.test, "the `test` a decision rests on: utest (Mann-Whitney on the two sides, as benchstat) or paired (sign test on per-round ratios head/base; rows that cannot be paired use the U-test)")
	fs.StringVar(&o.correction, "correction", string(decide.DefaultPolicy.Correction), "multiple-comparison `correction`: holm (family-wise error over all comparisons) or none (each p as it is, like benchstat)")
	fs.StringVar(&o.ignore, "ignore", "", "extra file-level configuration `keys` to ignore when matching base with head (comma-separated)")
	fs.StringVar(&o.filter, "filter", "", "benchstat-style filter `expression`, e.g. '.unit:sec/op'")
}

// policy validates the flags and builds the policy and compare options.
func (o *outputFlags) policy() (decide.Policy, compare.Options, error) {
	p := decide.DefaultPolicy
	var opts compare.Options
	if !(o.alpha > 0 && o.alpha < 1) {
		return p, opts, usagef("", "invalid -alpha %v: want a number between 0 and 1, e.g. 0.05", o.alpha)
	}
	if !(o.confidence > 0 && o.confidence < 1) {
		return p, opts, usagef("", "invalid -confidence %v: want a number between 0 and 1, e.g. 0.95", o.confidence)
	}
	t, err := decide.ParsePercent(o.threshold)
	if err != nil {
		return p, opts, usagef("", "invalid -threshold: %v", err)
	}
	ts, err := decide.ParseThresholds(o.thresholds)
	if err != nil {
		return p, opts, usagef("", "invalid -thresholds: %v", err)
	}
	for u := range ts {
		// The units are printed in the verdict line of every report, as
		// they are; in a pull request's workflow they are its author's.
		if strings.ContainsFunc(u, badUnitRune) {
			return p, opts, usagef("units are single words such as sec/op, B/op, allocs/op, B/s or a custom metric's unit",
				"invalid -thresholds: %q is not a unit", u)
		}
	}
	failOn, err := decide.ParseFailOn(o.failOn)
	if err != nil {
		return p, opts, usagef("", "%v", err)
	}
	correction, err := decide.ParseCorrection(o.correction)
	if err != nil {
		return p, opts, usagef("", "%v", err)
	}
	p.Correction = correction
	test, err := decide.ParseTest(o.test)
	if err != nil {
		return p, opts, usagef("", "%v", err)
	}
	p.Test = test
	p.Confidence = o.confidence
	switch o.format {
	case "text", "markdown", "json":
	default:
		return p, opts, usagef("", "invalid -format %q: want text, markdown or json", o.format)
	}
	p.Alpha, p.Threshold, p.Thresholds, p.FailOn = o.alpha, t, ts, failOn
	opts = compare.Options{Confidence: o.confidence, Alpha: o.alpha, Filter: o.filter}
	for _, k := range strings.Split(o.ignore, ",") {
		if k = strings.TrimSpace(k); k != "" {
			opts.Ignore = append(opts.Ignore, k)
		}
	}
	return p, opts, nil
}

func (o *outputFlags) write(w io.Writer, r *report.Report) error {
	switch o.format {
	case "json":
		return r.WriteJSON(w)
	case "markdown":
		return r.WriteMarkdown(w)
	}
	return r.WriteText(w)
}

// gate turns a report's verdict into the command's error, printing a
// warning where the verdict is inconclusive but does not fail.
func gate(r *report.Report, failOn decide.FailOn, stderr io.Writer) error {
	if failOn.Fails(r.Verdict) {
		return &RegressionError{Verdict: r.Verdict, Count: r.Counts[decide.Regression]}
	}
	switch r.Verdict {
	case decide.InconclusiveVerdict:
		fmt.Fprintf(stderr, "benchgate: warning: %d comparison(s) could not be decided; the gate passes (use -fail-on inconclusive to fail instead)\n",
			r.Counts[decide.TooFewSamples]+r.Counts[decide.Inconclusive])
	case decide.RegressionVerdict:
		fmt.Fprintf(stderr, "benchgate: warning: %d regression(s), but -fail-on never\n", r.Counts[decide.Regression])
	}
	return nil
}

func newFlagSet(name string, env *Env, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fs.Usage = func() {
		fmt.Fprint(env.Stderr, usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses and turns flag errors into usage errors (the flag
// package has already printed the message and usage).
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return &UsageError{Msg: err.Error()}
	}
	return nil
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

const compareUsage = `Usage: benchgate compare [flags] BASE HEAD

Compares benchmark results that already exist: files from benchgate run, from
shards, or plain "go test -bench" output. BASE and HEAD are each a file, a
directory (its base.txt/head.txt, else all *.txt) or a quoted glob; give
several per side as a comma-separated list.

Flags:
`

func compareCommand(ctx context.Context, args []string, env *Env) error {
	fs := newFlagSet("compare", env, compareUsage)
	var of outputFlags
	of.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		return usagef("benchgate compare old.txt new.txt, or benchgate compare .benchgate .benchgate",
			"compare needs exactly two arguments, BASE and HEAD; got %d", fs.NArg())
	}
	policy, opts, err := of.policy()
	if err != nil {
		return err
	}
	basePaths, err := compare.ExpandPaths(compare.Base, splitList(fs.Arg(0)))
	if err != nil {
		return err
	}
	headPaths, err := compare.ExpandPaths(compare.Head, splitList(fs.Arg(1)))
	if err != nil {
		return err
	}
	rep, err := analyze(basePaths, headPaths, policy, opts)
	if err != nil {
		return err
	}
	if err := of.write(env.Stdout, rep); err != nil {
		return err
	}
	return gate(rep, policy.FailOn, env.Stderr)
}

// analyze is the compare → decide → report part of the pipeline, shared by
// run and compare.
func analyze(basePaths, headPaths []string, policy decide.Policy, opts compare.Options) (*report.Report, error) {
	res, err := compare.Load(basePaths, headPaths, opts)
	if err != nil {
		return nil, err
	}
	for _, side := range []compare.Side{compare.Base, compare.Head} {
		if res.Results[side] == 0 {
			msg := fmt.Sprintf("no benchmark results in %s", strings.Join(res.Files[side], ", "))
			if bad := sideProblems(res, side); len(bad) > 0 {
				msg += fmt.Sprintf(" (%d malformed lines, first: %s)", len(bad), bad[0])
			}
			return nil, &compare.InputError{Side: side, Msg: msg,
				Hint: "the input must hold lines like \"BenchmarkX-8  1000  1234 ns/op\" (go test -bench output)"}
		}
	}
	// A gate that compared nothing must not pass: every benchmark being
	// new or removed means the sides do not measure the same thing.
	compared, only := 0, map[compare.Side]int{}
	for _, c := range res.Comparisons {
		switch {
		case c.Compared():
			compared++
		case c.Base != nil:
			only[compare.Base]++
		default:
			only[compare.Head]++
		}
	}
	if compared == 0 {
		msg := fmt.Sprintf("base and head have no benchmark in common, so nothing was compared (%d benchmark-unit rows only in base, %d only in head)", only[compare.Base], only[compare.Head])
		if len(res.Notes) > 0 {
			msg += "; " + res.Notes[0]
		}
		return nil, &compare.InputError{Side: "inputs", Msg: msg,
			Hint: "compare results of the same benchmarks, with the same units; if only a configuration line (goos, pkg, cpu) differs, -ignore that key"}
	}
	dec := decide.Decide(res, policy)
	if policy.Adaptive {
		dec.MarkInconclusive()
	}
	rep := report.New(dec, res.Confidence)
	rep.Notes = append(rep.Notes, res.Notes...)
	for _, s := range res.SyntaxErrors {
		rep.Notes = append(rep.Notes, "malformed line skipped: "+s)
	}
	return rep, nil
}

// sideProblems returns the malformed-line messages about one side's
// files (each message starts with its file name).
func sideProblems(res *compare.Result, side compare.Side) []string {
	var out []string
	for _, s := range res.SyntaxErrors {
		for _, f := range res.Files[side] {
			if strings.HasPrefix(s, f+":") {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

// Analyze compares result files under the policy that flags (the
// statistics flags of compare: -alpha, -threshold, -thresholds, -fail-on,
// -confidence, -ignore, -filter) describe. until is the adaptive rule the
// files were measured with ("" for none): what it still found undecided
// at the end is inconclusive, as in the run that measured them.
func Analyze(basePaths, headPaths []string, flags []string, until decide.AdaptiveRule) (*report.Report, decide.Policy, error) {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var of outputFlags
	of.register(fs)
	if err := fs.Parse(flags); err != nil {
		return nil, decide.Policy{}, &UsageError{Msg: err.Error()}
	}
	policy, opts, err := of.policy()
	if err != nil {
		return nil, policy, err
	}
	policy.Adaptive, policy.Until = until != "", until
	rep, err := analyze(basePaths, headPaths, policy, opts)
	return rep, policy, err
}

// writeFileAtomic writes data to path via a temporary file, so a reader
// never sees half a report.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	// Readable by others: in a container action the runner's later steps
	// (upload-artifact) run as another user.
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
