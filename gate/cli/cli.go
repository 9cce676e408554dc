// Package cli is benchgate's command line, one of the two front ends over
// package pipeline (the other is the GitHub Action). It parses flags into a
// pipeline.Config, calls the pipeline, prints the report and maps the
// outcome to an exit code. It never calls os.Exit; main does, with the
// code Main returns.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/pipeline"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/usage"
)

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
  benchgate compare [flags] DIR ...    merge results directories (shards) and gate once
  benchgate bisect -good REF -bad REF  find the commit (or toolchain) that caused a regression
  benchgate version                    print the version

Run "benchgate <command> -h" for a command's flags.
Exit codes: 0 pass, 1 regression, 2 usage error, 3 benchmarks failed.
`

func dispatch(ctx context.Context, args []string, env *Env) error {
	if len(args) == 0 {
		fmt.Fprint(env.Stderr, usageText)
		return &usage.Error{Msg: "no command given", Hint: "try benchgate run, or benchgate compare BASE HEAD"}
	}
	switch args[0] {
	case "run":
		return newRunCmd(env).run(ctx, args[1:])
	case "compare":
		return newCompareCmd(env).run(ctx, args[1:])
	case "bisect":
		return newBisectCmd(env).run(ctx, args[1:])
	case "version", "-version", "--version":
		return versionCmd(args[1:], env)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(env.Stdout, usageText)
		return nil
	}
	hint := "the commands are run, compare, bisect and version"
	if c := usage.Closest(args[0], []string{"run", "compare", "bisect", "version", "help"}); c != "" {
		hint = fmt.Sprintf("did you mean %s? (%s)", c, hint)
	}
	return usage.Errorf(hint, "unknown command %q", args[0])
}

// ExitCode maps an outcome to benchgate's exit code, printing the error
// (and its hint) to stderr in the command line's words. -h asked for the
// usage, which was printed: that is a success.
func ExitCode(err error, stderr io.Writer) int {
	if errors.Is(err, flag.ErrHelp) {
		return pipeline.ExitPass
	}
	pipeline.PrintError(stderr, err, usage.Flags)
	return pipeline.ExitCode(err)
}

// Version is the module version when installed with go install, else
// "devel".
func Version() string {
	if v := buildVersion(); v != "" {
		return v
	}
	return "devel"
}

// gate turns a report's verdict into the command's error, printing a
// warning where the verdict is inconclusive but does not fail.
func gate(r *report.Report, failOn decide.FailOn, stderr io.Writer) error {
	for _, w := range r.WarningNotes {
		fmt.Fprintf(stderr, "benchgate: warning: %s\n", report.SanitizeText(w))
	}
	if err := pipeline.Gate(r, failOn); err != nil {
		return err
	}
	for _, d := range r.Decisions {
		if d.Warn {
			fmt.Fprintf(stderr, "benchgate: warning: %s (%s) %s: %s\n", report.SanitizeText(d.Benchmark), report.SanitizeText(d.Unit), report.FormatDelta(d), report.SanitizeText(d.Note))
		}
	}
	switch r.Verdict {
	case decide.InconclusiveVerdict:
		fmt.Fprintf(stderr, "benchgate: warning: %s\n", pipeline.InconclusiveWarning(r, usage.Flags))
	case decide.RegressionVerdict:
		fmt.Fprintf(stderr, "benchgate: warning: %d regression(s), but -fail-on never\n", r.Counts[decide.Regression])
	}
	return nil
}

// flagSet is a command's flags and its usage text. The flag package
// prints nothing: -h prints the usage on stdout (it was asked for, so the
// exit code is 0), and a mistake is one usage error with a hint, not the
// whole list of flags.
type flagSet struct {
	*flag.FlagSet
	env  *Env
	text string
}

func newFlagSet(name string, env *Env, text string) *flagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &flagSet{FlagSet: fs, env: env, text: text}
}

// parse parses args and turns flag errors into usage errors that say
// what was meant, where it can tell.
func (fs *flagSet) parse(args []string) error {
	err := fs.Parse(args)
	switch {
	case err == nil:
		return standAloneValue(fs.FlagSet, args)
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(fs.env.Stdout, fs.text)
		fs.SetOutput(fs.env.Stdout)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
		return err
	}
	return &usage.Error{Msg: err.Error(), Hint: unknownFlagHint(fs.FlagSet, err.Error(), fs.Name())}
}

// standAloneValue refuses a value written after a flag that can stand
// alone (-adaptive settle, -fresh-binaries false): the flag package reads
// such a flag as given alone and the value as the first package, which
// then fails to build with a message about a package "settle".
func standAloneValue(fs *flag.FlagSet, args []string) error {
	rest := fs.Args()
	if len(rest) == 0 || len(rest) == len(args) {
		return nil
	}
	prev := strings.TrimLeft(args[len(args)-len(rest)-1], "-")
	f := fs.Lookup(prev)
	if f == nil {
		return nil
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	if !ok || !b.IsBoolFlag() {
		return nil
	}
	word := rest[0]
	// Words people write for a switch, which strconv.ParseBool does not
	// take: said as the value they mean.
	meant, ok := map[string]string{"no": "false", "off": "false", "none": "false", "disable": "false", "disabled": "false",
		"yes": "true", "on": "true", "enable": "true", "enabled": "true"}[strings.ToLower(word)]
	if !ok {
		meant = word
		_, err := strconv.ParseBool(word)
		_, isAdaptive := f.Value.(*adaptiveFlag)
		if err != nil && !(isAdaptive && (&adaptiveFlag{}).Set(word) == nil) {
			return nil
		}
	}
	return usage.Errorf(fmt.Sprintf("write -%s=%s", prev, meant),
		"-%s %s: -%s can stand alone, so %q would be read as a package to benchmark", prev, word, prev, word)
}
