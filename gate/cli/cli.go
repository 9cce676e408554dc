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
	case "version", "-version", "--version":
		fmt.Fprintln(env.Stdout, "benchgate", Version())
		return nil
	case "help", "-h", "-help", "--help":
		fmt.Fprint(env.Stdout, usageText)
		return nil
	}
	return usage.Errorf("the commands are run, compare and version", "unknown command %q", args[0])
}

// ExitCode maps an outcome to benchgate's exit code, printing the error
// (and its hint) to stderr in the command line's words.
func ExitCode(err error, stderr io.Writer) int {
	if errors.Is(err, flag.ErrHelp) {
		return pipeline.ExitUsage
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
	if err := pipeline.Gate(r, failOn); err != nil {
		return err
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
		return &usage.Error{Msg: err.Error()}
	}
	return nil
}
