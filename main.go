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
//	benchgate compare [flags] DIR [DIR ...]
//	benchgate bisect -good REF -bad REF [flags] [packages]
//
// "run" builds each package's test binary once per side (go test -c) and
// runs the binaries in rounds. Without packages it runs the built-in crypto
// benchmark suite. Raw results go to .benchgate/base.txt and head.txt, which
// are valid benchstat input; a report goes to standard output.
//
// "compare" compares result files that already exist. BASE and HEAD are
// each a file, a directory or a glob; several per side may be given as a
// comma-separated list. Given results directories only (the shards of a
// job matrix, -shard k/n), it merges them and gates once.
//
// "run -configs" compares toolchain configurations instead of base and
// head (go1.19.13,go1.20.14,go1.21.13 or local,local+GOAMD64=v3): three or
// more are a ladder, each step against the one before and the first
// against the last.
//
// "bisect" finds the commit between -good and -bad (or the toolchain step
// of -configs) that caused a regression, with the three-way verdict of
// Chromium's Pinpoint: regressed, same, or undecided (more rounds).
//
// Exit codes:
//
//	0  pass (or inconclusive, unless -fail-on inconclusive)
//	1  regression (unless -fail-on never)
//	2  usage or configuration error
//	3  benchmarks failed to build or run, or benchgate was interrupted
//
// The first SIGINT (Ctrl-C) or SIGTERM cancels the run: benchmark
// processes are killed, the temporary directory of the sides' sources and
// binaries is removed, and what was measured is kept; benchgate then exits
// 3. A second one exits at once, also with 3, for a run that does not stop
// soon enough; the temporary directory may then be left, and the next run
// removes it.
//
// Run "benchgate run -h" or "benchgate compare -h" for the flags. In GitHub
// Actions (GITHUB_ACTIONS=true and no arguments) the same program reads its
// configuration from the action's inputs; see action.yml.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/benchgate/benchgate/gate/action"
	"github.com/benchgate/benchgate/gate/cli"
	"github.com/benchgate/benchgate/gate/pipeline"
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
	ctx, stop := interruptContext(os.Stderr, os.Exit)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr, os.Getenv)
	stop()
	os.Exit(code)
}

// interruptContext returns a context that the first SIGINT or SIGTERM
// cancels, and arranges for a second one to call exit(3) at once. (A
// context from signal.NotifyContext swallows every signal after the
// first, so a run stuck where it does not check its context could not be
// stopped short of SIGKILL.) The code is 3, benchgate's "did not finish"
// code, rather than the shell's 128+signal: it is the code the first
// signal ends with too, and it keeps every exit inside the documented
// table (0 pass, 1 regression, 2 usage, 3 error), which scripts and the
// Action's callers branch on. stop ends the watching.
func interruptContext(stderr io.Writer, exit func(int)) (ctx context.Context, stop func()) {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go watchSignals(sigs, done, cancel, stderr, exit)
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel()
	}
}

// watchSignals cancels on the first signal from sigs and exits on the
// second, until done is closed.
func watchSignals(sigs <-chan os.Signal, done <-chan struct{}, cancel func(), stderr io.Writer, exit func(int)) {
	select {
	case s := <-sigs:
		fmt.Fprintf(stderr, "benchgate: %v: stopping and cleaning up (a second signal exits at once)\n", s)
		cancel()
	case <-done:
		return
	}
	select {
	case s := <-sigs:
		fmt.Fprintf(stderr, "benchgate: %v again: exiting at once with code %d; a temporary directory may be left behind (the next benchgate run removes it)\n", s, pipeline.ExitFailed)
		exit(pipeline.ExitFailed)
	case <-done:
	}
}

// run is main without the process: everything it needs is passed in, so
// tests can drive it.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	if len(args) == 0 && getenv("GITHUB_ACTIONS") == "true" {
		return action.Main(ctx, action.Env{Stdout: stdout, Stderr: stderr, Getenv: getenv, Environ: os.Environ()})
	}
	return cli.Main(ctx, args, stdout, stderr, getenv)
}
