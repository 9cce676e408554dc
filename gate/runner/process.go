package runner

// Running one benchmark process: its flags, its header in the results
// file, its timeout, and what its exit and its output say about whether it
// measured what it was asked to.

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/benchgate/benchgate/internal/brief"
)

// benchArgs are the test binary's flags for one run of side s.
func (st *runState) benchArgs(s *SideResult, bench string) []string {
	p := st.plan
	args := []string{
		"-test.run=^$",
		"-test.bench=" + bench,
		"-test.benchtime=" + p.Benchtime,
		"-test.benchmem",
		"-test.count=1",
		"-test.timeout=" + p.Timeout.String(),
		// -test.v prints each benchmark's name when it starts, so a
		// benchmark that hangs, exits or crashes before printing its
		// result can still be named. benchfmt skips these lines.
		"-test.v",
		// As go test does: a benchmark that calls os.Exit(0) must not
		// look like a success.
		"-test.paniconexit0",
	}
	if s.procs != "" {
		// The GOMAXPROCS values to run each benchmark at; the results'
		// -N suffixes follow (sideProcs).
		args = append(args, "-test.cpu="+s.procs)
	}
	return args
}

// header is the comment line that precedes a run's output in the results
// file: benchfmt ignores it, and it says which side, round, package,
// commit and toolchain the results below it are of.
func (st *runState) header(s *SideResult, pkg *Package, round int, fn string) string {
	// As the progress lines count: "round 3/10", then "adaptive round
	// 11/32".
	total := st.plan.Rounds
	if round >= st.plan.Rounds {
		total = st.plan.MaxRounds
	}
	return st.blockHeader(s, pkg, round, total, fn, "")
}

// blockHeader is header with the rounds' total given, and extra words
// (measure=instructions) after the benchmark.
func (st *runState) blockHeader(s *SideResult, pkg *Package, round, total int, fn, extra string) string {
	header := fmt.Sprintf("# benchgate: side=%s round=%d/%d package=%s", s.Name, round+1, total, pkg.ImportPath)
	if fn != "" {
		header += " benchmark=" + fn
	}
	if extra != "" {
		header += " " + extra
	}
	if s.Commit != "" {
		header += " commit=" + s.Commit
	} else if !st.plan.Suite {
		header += " source=working-tree"
	}
	if s.GoVersion != "" {
		header += " go=" + s.GoVersion
	}
	if s.Toolchain != "" {
		header += " GOTOOLCHAIN=" + s.Toolchain
	}
	for _, kv := range s.Env {
		header += " " + strings.Join(strings.Fields(kv), "_")
	}
	if s.PGO != "" {
		header += " pgo=" + strings.Join(strings.Fields(s.PGO), "_")
	}
	return header + " run=" + st.runID
}

// runOne runs pkg's binary for side s in round r: the benchmarks bench
// selects, of the top-level function fn if not empty.
func (st *runState) runOne(ctx context.Context, s *SideResult, pkg *Package, round int, fn, bench string) error {
	f, err := openResults(s)
	if err != nil {
		return err
	}
	defer f.Close()
	bw := &blockWriter{w: f, sum: s.file.sum}
	defer s.wrote(bw, round+1)
	if _, err := fmt.Fprintf(bw, "%s\n", st.header(s, pkg, round, fn)); err != nil {
		return fmt.Errorf("writing results file: %w", err)
	}
	sel := st.selection(pkg, bench)
	tw := &tailWriter{max: 64 << 10}
	lw := newLineWriter(bw, pkg.ImportPath, sel)
	if st.opts.Measure.Instructions() {
		lw.reserved = InstructionsUnit
	}
	lw.benchtime = benchtimeDuration(st.plan.Benchtime)
	if s.procs != "" {
		lw.expectProcs(s.procs)
	}
	lw.benchmem = true // benchArgs gives -test.benchmem
	if err := lw.resetConfig(s.config); err != nil {
		return fmt.Errorf("writing results file: %w", err)
	}

	binary := pkg.Binary
	if st.plan.FreshCopies {
		fresh, err := FreshCopy(pkg.Binary)
		if err != nil {
			return fmt.Errorf("copying the test binary: %w", err)
		}
		defer os.Remove(fresh)
		binary = fresh
	}
	// The testing package's -test.timeout does not cover benchmarks (its
	// alarm stops before they start), so the timeout here is what bounds
	// the process; -test.v output names the benchmark that was running.
	run := st.runCapped(ctx, Cmd{Dir: pkg.Dir, Env: s.env, Path: binary, Args: st.benchArgs(s, bench), As: s.as}, io.MultiWriter(lw, tw), st.plan.Timeout)
	runErr := run.err
	st.out.BenchTime += run.d
	if err := errors.Join(run.flushErr, lw.Close()); err != nil {
		return fmt.Errorf("writing results file: %w", err)
	}
	if run.cut {
		if _, err := fmt.Fprintf(bw, "# benchgate: output cut: the process printed more than %s, the most one process may print, and was killed; what it printed after that is not here\n", FormatSize(run.max)); err != nil {
			return fmt.Errorf("writing results file: %w", err)
		}
	}
	s.tally(lw)
	s.noteSelfTimed(pkg.ImportPath, lw)
	rec := RunRecord{Side: s.Name, Round: round + 1, Package: pkg.ImportPath, Benchmark: fn, Duration: run.d, Timed: lw.timed, Results: lw.results}
	if runErr != nil {
		rec.Error = runErr.Error()
	}
	st.out.Runs = append(st.out.Runs, rec)
	if err := f.Sync(); err != nil {
		return fmt.Errorf("writing results file: %w", err)
	}
	if runErr == nil {
		if err := st.checkOutput(s, pkg, round, tw, lw); err != nil {
			return err
		}
		return st.checkResults(st.sideIndex(s), pkg, round, sel, lw, tw)
	}
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted in round %d; results measured so far are kept in %s: %w",
			round+1, strings.Join(st.out.Files(), ", "), ctx.Err())
	}
	e := st.failure(s, pkg, round, runErr, tw.Bytes(), lw)
	var exit *exec.ExitError
	switch {
	case run.cut:
		e.Err = run.cutError()
		e.Hint = fmt.Sprintf("a benchmark or TestMain that prints in a loop fills the results; print to io.Discard or use b.Log, or raise {max-output} %s", FormatSize(run.max))
	case run.timedOut:
		e.Err = run.timeoutError()
		e.Hint = fmt.Sprintf("one run of a package's benchmarks took longer than {timeout} %s; if it hangs, the output above shows where, else raise {timeout}", st.plan.Timeout)
	case errors.As(runErr, &exit) && !exit.Exited():
		e.Hint = "the process was killed by a signal; if nobody sent one, it may have run out of memory"
	case errors.As(runErr, &exit) && !failReported(tw.Bytes()):
		e.Hint = fmt.Sprintf("the test binary exited with status %d without reporting a failure; does a benchmark, an init function or TestMain call os.Exit or log.Fatal?", exit.ExitCode())
	}
	return e
}

// listOne runs pkg's binary for side s with -test.list, and returns what
// it printed and how long it took.
func (st *runState) listOne(ctx context.Context, s *SideResult, pkg *Package) ([]byte, time.Duration, error) {
	var buf bytes.Buffer
	cmd := Cmd{Dir: pkg.Dir, Env: s.env, Path: pkg.Binary, Args: []string{"-test.list=.", "-test.run=^$"}, As: s.as}
	run := st.runCapped(ctx, cmd, &buf, st.plan.Timeout)
	err := run.err
	if run.cut {
		err = fmt.Errorf("it printed more than %s ({max-output}) and was killed", FormatSize(run.max))
	}
	return buf.Bytes(), run.d, err
}

// checkOutput judges a run that exited 0. A clean exit is not enough: the
// output must be what go test prints, or something was not measured.
func (st *runState) checkOutput(s *SideResult, pkg *Package, round int, tw *tailWriter, lw *lineWriter) error {
	var err error
	switch {
	case lw.garbled != "":
		err = fmt.Errorf("a line that looks like a result is not one: %q", brief.Clip(lw.garbled, 200))
	case !lw.pass:
		err = errors.New("the test binary exited with status 0 but did not print PASS")
	case lw.reservedIn != "":
		e := st.failure(s, pkg, round, fmt.Errorf("%s reports its own %s, the unit {measure} %s counts with valgrind", lw.reservedIn, InstructionsUnit, st.opts.Measure), tw.Bytes(), lw)
		e.Benchmark, e.After = stripProcs(lw.reservedIn), ""
		e.Hint = "rename the metric the benchmark reports with b.ReportMetric (perf counters: hw-instructions/op, say), or use {measure} time"
		return e
	case lw.procsOff != "":
		e := st.failure(s, pkg, round, fmt.Errorf("%s is not named as the testing package names a result at -test.cpu=%s, which benchgate gave it: the code under test changed the flag, or printed the line itself", lw.procsOff, s.procs), tw.Bytes(), lw)
		e.Benchmark, e.After = lw.procsOff, "" // it lacks the suffix stripProcs would take
		e.Hint = "benchgate runs every benchmark at the GOMAXPROCS it gives with -test.cpu ({cpu}, else the side's GOMAXPROCS); remove the code (a TestMain's flag.Set) that changes the test binary's -test.* flags"
		return e
	case lw.memOff != "":
		e := st.failure(s, pkg, round, fmt.Errorf("%s reported no B/op and allocs/op, which the testing package reports for every benchmark under -test.benchmem, which benchgate gave it: the code under test turned the flag off", lw.memOff), tw.Bytes(), lw)
		e.Benchmark, e.After = stripProcs(lw.memOff), ""
		e.Hint = "remove the code (a TestMain's flag.Set(\"test.benchmem\", \"false\")) that changes the test binary's -test.* flags"
		return e
	default:
		return nil
	}
	e := st.failure(s, pkg, round, err, tw.Bytes(), lw)
	if lw.garbled != "" {
		e.Benchmark, e.After = lw.garbledIn, ""
		if e.Benchmark == "" {
			e.Benchmark = resultName(lw.garbled)
		}
		e.Hint = "output printed while a benchmark runs (a fmt.Print in it, a goroutine's log) can cut its result line, and a printed line that starts with \"Benchmark\" reads as a result; print to io.Discard or use b.Log"
	} else {
		e.Hint = "the output is not what go test prints; does TestMain return without calling m.Run, or does the package print to standard output on exit?"
	}
	return e
}

// failure describes a failed run of pkg's binary for side s.
func (st *runState) failure(s *SideResult, pkg *Package, round int, err error, out []byte, lw *lineWriter) *BenchmarkFailedError {
	running, after := locateFailure(out)
	e := &BenchmarkFailedError{Stage: "run", Side: s.Name, Package: pkg.ImportPath, Round: round + 1,
		Benchmark: running, After: after, Err: err, Tail: tail(out, 20)}
	if lw.crash != nil {
		// A panic's goroutine dump can run to thousands of lines, and
		// the panicking goroutine comes first: show the start.
		e.Tail = strings.Join(lw.crash, "\n")
		if lw.crashMore > 0 {
			e.Tail += fmt.Sprintf("\n[... %d more lines in %s]", lw.crashMore, s.File)
		}
	}
	e.Tail = s.sourceRel(e.Tail)
	for _, s := range st.out.Sides {
		e.Files = append(e.Files, s.File)
		e.Results = append(e.Results, s.Results)
	}
	return e
}

// FreshCopy copies a test binary to a new file next to it (same directory,
// so the same path length), so that every run executes a file the kernel
// has placed anew in the page cache. Where the binary sits in memory can
// make byte-identical binaries differ by a few percent, always in the same
// direction; a new copy per run turns that placement into noise that
// averages out across rounds instead of a bias that accumulates.
func FreshCopy(path string) (string, error) {
	src, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer src.Close()
	// A fixed-length random name: every copy's path is as long as every
	// other's.
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	name := filepath.Join(filepath.Dir(path), fmt.Sprintf("run-%x.test", b))
	dst, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		os.Remove(dst.Name())
		return "", err
	}
	if err := dst.Chmod(0o755); err != nil {
		dst.Close()
		os.Remove(dst.Name())
		return "", err
	}
	if err := dst.Close(); err != nil {
		os.Remove(dst.Name())
		return "", err
	}
	return dst.Name(), nil
}
