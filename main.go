// Command benchgate is a Go performance regression gate for CI.
//
// It runs Go benchmarks on two sides, base and head, where a side is a
// commit, a Go toolchain, or both; interleaves the two sides in rounds whose
// order rotates so that machine drift cancels out; compares them with the
// statistics of golang.org/x/perf/benchmath (what benchstat uses); and fails
// when a change is both significant and bigger than the threshold.
//
// Usage:
//
//	benchgate run [flags] [packages]
//	benchgate compare [flags] BASE HEAD
//
// "run" builds each package's test binary once per side (go test -c) and
// runs the binaries in rounds. Without packages it runs the built-in crypto
// benchmark suite. Raw results go to .benchgate/base.txt and head.txt, which
// are valid benchstat input; a report goes to standard output.
//
// "compare" compares result files that already exist. BASE and HEAD are
// each a file, a directory or a glob; several per side may be given as a
// comma-separated list.
//
// Exit codes:
//
//	0  pass (or inconclusive, unless -fail-on inconclusive)
//	1  regression (unless -fail-on never)
//	2  usage or configuration error
//	3  benchmarks failed to build or run
//
// Run "benchgate run -h" or "benchgate compare -h" for the flags. In GitHub
// Actions (GITHUB_ACTIONS=true and no arguments) the same program reads its
// configuration from the action's inputs; see action.yml.
package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/benchgate/benchgate/gate/action"
	"github.com/benchgate/benchgate/gate/cli"
)

func main() {
	// The analysis makes much short-lived garbage (the U-test's merges,
	// benchproc's projections) around a small live set, and the default
	// GOGC=100 lets the heap grow to twice that set before collecting.
	// GOGC=50 cut the peak memory of comparing 2 × 100,000 result lines
	// by a fifth at no measurable cost in time (docs/statistics.md). A GOGC
	// from the environment wins; benchmark processes are not affected.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(50)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr, os.Getenv)
	stop()
	os.Exit(code)
}

// run is main without the process: everything it needs is passed in, so
// tests can drive it.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	if len(args) == 0 && getenv("GITHUB_ACTIONS") == "true" {
		return action.Main(ctx, action.Env{Stdout: stdout, Stderr: stderr, Getenv: getenv, Environ: os.Environ()})
	}
	return cli.Main(ctx, args, stdout, stderr, getenv)
}
