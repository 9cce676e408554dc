// Package runner is the run stage of benchgate's pipeline: it prepares each
// side's source in a temporary directory without .git (a commit written
// out through a temporary index, a copy of the working tree as it is, or
// the built-in suite), builds each package's test binary once per
// side with that side's toolchain, and then runs the binaries in
// interleaved rounds whose order rotates (see package plan), and in extra
// rounds for the benchmarks still undecided when [Options].Next asks for
// them.
//
// # Nothing kept only in memory
//
// The output of every benchmark process is appended, as it arrives, to
// <results-dir>/<side>.txt, after a comment line that names the side,
// round, package, commit and toolchain. Comment lines are ignored by
// benchfmt, so the files are valid benchstat input as they are, and a run
// that dies half way leaves everything it measured on disk. Next to them,
// <results-dir>/manifest.json (a [Manifest]) records what ran: the sides
// with their toolchains, the packages and every process with its
// duration. It is written when the run ends, also when it fails.
//
// The directory is locked while a run uses it ([LockResultsDir]): a second
// run in it is refused before it builds anything. Every block header
// carries the run's random id (run=...), and a results file is checked
// before each block is appended (still the file this run made, exactly as
// long as this run made it) and read back before anything compares it
// (every header this side's and this run's, the bytes the ones written);
// a file that was deleted, cut short or written to by someone else is a
// [ResultsFileError], and is never made again.
//
// # What a process may write
//
// A benchmark process is a stranger's code sharing standard output with
// the testing package, so its output is not copied as it is (see
// outputrules.go): configuration lines count only from the header the
// testing package prints before the first benchmark, every block resets
// the configuration of the one before, and any other "key: value" line
// becomes a comment; a result line counts only for a benchmark the
// process was asked to run, while it runs, once. The rest is commented out
// and counted ([SideResult].Rejected, NotConfig).
//
// # Processes
//
// The go command runs for three things only, in the side's source
// directory: go env GOVERSION (with GOTOOLCHAIN set, this is where the
// go command downloads the toolchain) and go list once per side, and
// go test -c once per package and side. Everything else that runs is a
// test binary, in its package's directory, as go test would run it.
//
// Every command gets an explicit working directory and environment, built
// by [ChildEnv] from an allowlist, so that no token, action input or
// other credential reaches the code under test. Each side builds from a
// source tree of its own without a .git (see sources.go), so the
// credentials actions/checkout persists in the repository's config are
// not in reach either. When benchgate runs as root on Linux, as it does
// in the Action's container, the go command and each side's binaries run
// as users of their own (see isolation.go): the code under test can then
// neither read benchgate's environment nor write the runner's file
// commands, the results or the other side's files.
//
// No process outlives its turn: each runs in a process group of its own
// and dies with benchgate, and when it ends its group, whatever escaped
// it and (with privilege separation) every process of its side's user
// are killed before anything else starts; the run ends with a last sweep,
// before any outcome is written. A process that prints more than
// [Options].MaxOutput is killed. Each benchmark process is bounded by the
// plan's timeout. The temporary directory (sources, binaries, the go
// command's temporary files) is removed on every exit path, including
// cancellation, and one left by a run that was killed is removed by the
// next.
//
// # Instructions/op
//
// With [Options].Measure counting instructions, every benchmark is also
// (or only) counted by valgrind: instructions/op from the counts of two
// iteration counts, base and head in parallel, in rounds of their own,
// each count a block of the results file that benchgate writes itself.
// A package's benchmarks are counted inside one process per side and
// round, by a testing package patched to mark each run's start and end
// (inprocess.go, inprocess_rounds.go), or, where a side's build cannot
// be patched, in two whole processes per benchmark (valgrind.go,
// valgrind_rounds.go). The counted processes run as the timed ones do:
// same executor, users, environment, output rules and timeout.
//
// # Failures
//
// A run fails (with a [BenchmarkFailedError]) when a binary exits non-zero
// or is killed at the timeout, and also when it exits 0 but its output is
// not what go test prints: a line that starts like a result but is not one
// (garbled, or printed by the benchmark), two results of one benchmark,
// or no final PASS. A benchmark that went missing is a failure too: one
// skipped on one side and measured on another (the error quotes the
// skip's reason), and one that reported results in earlier rounds and
// none in a later one. Every binary lists its benchmark functions
// (-test.list) first, in every mode, so that package pipeline can tell a
// function a side does not have (new, removed) from one that reported
// nothing. Binaries run
// with -test.v, so each benchmark's name is printed when it starts, and the
// error can name the benchmark that hung, crashed or exited. Output lines
// longer than benchfmt can read are left out of the results file, so that
// one line cannot make the whole file unreadable.
package runner

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/plan"
)

// Options are what Run needs besides the plan.
type Options struct {
	// Repo is the git repository; required when a side names a commit.
	Repo *gitx.Repo
	// WorkDir is the directory benchgate was started in. Package patterns
	// are relative to it, and it is the source of working-tree sides.
	WorkDir string
	// Env is the environment for every child process. Pass it through
	// ChildEnv first.
	Env []string
	// GitEnv is the environment of the git commands that list the files
	// of a working tree outside Repo (see GitEnv); nil means
	// benchgate's own.
	GitEnv []string
	// MaxOutput is the most bytes one process may print; more kills it
	// and fails the run. 0 means DefaultMaxOutput.
	MaxOutput int64
	// Exec runs commands; nil means OSExecutor.
	Exec Executor
	// Progress receives one line per step and per round; nil discards.
	Progress io.Writer
	// UnpackSuite writes the built-in suite's module into a directory; it
	// is required when the plan uses the suite.
	UnpackSuite func(dir string) error
	// Go is the go command; empty means "go" from PATH.
	Go string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Lock is the caller's lock on the plan's results directory (see
	// LockResultsDir), for a caller that reads the results after Run;
	// nil means Run locks the directory itself while it runs.
	Lock *DirLock
	// Next is asked, after the plan's minimum rounds and after each
	// extra round, which benchmarks need another round: it returns their
	// names as benchstat shows them ("RSA/bits=2048/op=verify") per
	// package import path, or nothing to stop. Nil means no adaptive
	// rounds.
	Next func(roundsDone int) (map[string][]string, error)
	// AfterRound, if set, is called after each of the plan's fixed
	// rounds with the number done (sequential: after each of the last
	// side's, when every side has run that many); an error stops the run
	// (a configuration that cannot decide what the results files show).
	AfterRound func(roundsDone int) error
	// Measure is what the benchmarks are measured by; empty means
	// MeasureTime. With MeasureInstructions the plan's rounds are not
	// run, Instructions' are (see valgrind.go); with MeasureBoth both,
	// the instruction rounds first.
	Measure Measure
	// Instructions configures the instruction rounds.
	Instructions Instructions
	// Judged, if set, is recorded in the manifest: how the results will
	// be judged.
	Judged *Judgement
}

// Package is one package with benchmarks, built for one side.
type Package struct {
	ImportPath string `json:"import_path"`
	// Dir is the package's source directory; its binary runs there, as
	// go test would run it.
	Dir string `json:"-"`
	// Binary is the test binary built for this side.
	Binary string `json:"-"`
	// Counting is the test binary whose testing package counts
	// instructions inside the process (inprocess.go): Binary itself when
	// instructions are all the run measures, empty where the side's
	// build cannot be patched for it (SideResult.countingWhy says why).
	Counting string `json:"-"`
	// Benchmarks are the top-level benchmark functions the binary has
	// that the plan's -bench selects, in source order (-test.list).
	Benchmarks []string `json:"benchmarks,omitempty"`
	// Listed reports that Benchmarks are known: the binary listed its
	// functions. Where they are not, a benchmark without results cannot
	// be told from one the side does not have.
	Listed bool `json:"listed"`
}

// SideResult is what happened to one side.
type SideResult struct {
	plan.Side
	// GoVersion is what "go env GOVERSION" said for this side, e.g.
	// go1.27.3: the toolchain that actually built it.
	GoVersion string
	// File is the results file.
	File string
	// Results counts the benchmark result lines written to File.
	Results int
	// Rejected counts the result lines of benchmarks a process was not
	// asked to run, which are comments in File; FirstRejected is the
	// first of them.
	Rejected      int
	FirstRejected string
	// NotConfig counts the lines a process printed that would have set
	// configuration or unit metadata, which are comments in File;
	// FirstNotConfig is the first of them.
	NotConfig      int
	FirstNotConfig string
	// Packages are the packages built for this side.
	Packages []Package
	// srcDir is where the side's packages are resolved from.
	srcDir string
	// env is the environment of the side's test binaries, buildEnv that
	// of its go commands.
	env, buildEnv []string
	// as is the user its test binaries run as, nil for benchgate's own.
	as *Identity
	// procs is the -test.cpu list of its timed processes (sideProcs).
	procs string
	// missing are the plan's local package patterns this side does not
	// have.
	missing []string
	// countingWhy says why the side's packages have no Counting binary,
	// in a run that counts instructions.
	countingWhy string
	// file is what this run wrote to File; config the configuration
	// keys its last block set.
	file   resultsFile
	config []string
	// timed counts the results of each benchmark (package and name)
	// that a timed process reported; selfTimed are those whose time the
	// testing package cannot have measured (selftimed.go), in
	// selfTimedOrder.
	timed          map[string]int
	selfTimed      map[string]SelfTimed
	selfTimedOrder []string
}

// Label describes the side, with the toolchain that built it.
func (s *SideResult) Label() string {
	l := s.Side.Label()
	if s.GoVersion != "" {
		l = s.GoVersion + " · " + l
	}
	return l
}

// sourceRel names the files of the side's source copy in text (a panic's
// stack, a compiler's message) by their path from the directory benchgate
// runs in, as the user knows them: boom/b_test.go:5, not
// /tmp/benchgate-…/src0/boom/b_test.go:5.
func (s *SideResult) sourceRel(text string) string {
	if s.srcDir == "" || !filepath.IsAbs(s.srcDir) || filepath.Clean(s.srcDir) == string(filepath.Separator) {
		return text
	}
	return strings.ReplaceAll(text, filepath.Clean(s.srcDir)+string(filepath.Separator), "")
}

// pkg returns the side's package importPath, or nil if the side has none.
func (s *SideResult) pkg(importPath string) *Package {
	for i := range s.Packages {
		if s.Packages[i].ImportPath == importPath {
			return &s.Packages[i]
		}
	}
	return nil
}

// RunRecord is one benchmark process.
type RunRecord struct {
	Side string `json:"side"`
	// Round is 1-based; 0 for the instruction rounds' calibration runs.
	Round   int    `json:"round"`
	Package string `json:"package"`
	// Benchmark is the top-level benchmark function the process ran,
	// when the plan interleaves by benchmark.
	Benchmark string        `json:"benchmark,omitempty"`
	Duration  time.Duration `json:"duration_ns"`
	// Timed is what the process's results say their benchmarks' timers
	// measured (iterations × ns/op, summed), and Results how many
	// results it reported: the rest of Duration ran outside the timers
	// (the process's start, package init, a benchmark's setup, the
	// testing package's ramp-up). See pipeline's untimed warning.
	Timed   time.Duration `json:"timed_ns,omitempty"`
	Results int           `json:"results,omitempty"`
	Error   string        `json:"error,omitempty"`
	// Count is, for a valgrind process of the instruction rounds, the
	// benchmark it counted and at how many iterations.
	Count *RunCount `json:"count,omitempty"`
}

// Outcome is what Run did, also when it failed part way.
type Outcome struct {
	Sides []*SideResult
	// RoundsDone counts complete rounds.
	RoundsDone int
	Runs       []RunRecord
	// Elapsed is the wall time of the whole run, builds included.
	Elapsed time.Duration
	// BenchTime is the summed wall time of the benchmark processes.
	BenchTime time.Duration
	// BuildTime is the wall time spent preparing and building.
	BuildTime time.Duration
	// Skipped are the benchmarks that were skipped on every side that
	// ran them, so that nothing was measured of them.
	Skipped []Skipped
	// Instructions is what the instruction rounds did; nil when the run
	// counted no instructions.
	Instructions *InstructionsOutcome
	// ChangedBenchmarks are the benchmark functions whose own code
	// differs between the sides, and the setup functions (TestMain,
	// init) that do (benchsource.go).
	ChangedBenchmarks []ChangedBenchmark
	// ShardFunctions and AllFunctions are, for a sharded run, the
	// benchmark functions -bench selects in its shard and in all of them.
	ShardFunctions, AllFunctions int
}

// Skipped is a benchmark a side skipped (b.Skip).
type Skipped struct {
	Side      string `json:"side"`
	Package   string `json:"package"`
	Benchmark string `json:"benchmark"`
	// Reason is what the benchmark logged before it skipped.
	Reason string `json:"reason"`
}

// Files returns the results file of each side, in side order.
func (o *Outcome) Files() []string {
	var out []string
	for _, s := range o.Sides {
		out = append(out, s.File)
	}
	return out
}

// runState is one Run under way: what it was given, and what it has done
// so far. Its methods are the run stage, one file per part: prepare.go
// (sources, toolchains), build.go (test binaries), schedule.go (rounds),
// process.go (one benchmark process) and manifest.go; output.go reads a
// process's output and gotool.go runs the go command.
type runState struct {
	opts    Options
	plan    *plan.Plan
	exec    Executor
	now     func() time.Time
	goCmd   string
	tmp     string
	out     *Outcome
	cleanup []func()
	started time.Time
	iso     *isolation
	// functions are, per package import path, the benchmark functions
	// of every side's binary in first-seen order; only for packages that
	// run a function at a time (-interleave benchmark, every side listed).
	functions map[string][]string
	// runID names this run in every block header.
	runID string
	// measured is what each side's processes have reported so far, per
	// package (see results.go).
	measured map[measuredKey]*measured
	// vg is the instruction rounds' state (valgrind_rounds.go).
	vg *vgState
	// leftOut are the functions ("pkg\x00name") that every side skipped
	// in round 1 without a result: the later rounds leave them out
	// (schedule.go).
	leftOut map[string]bool
	// shardSeen are the benchmark functions listed ("pkg\x00name"),
	// each with whether it is in the plan's shard (see shard.go).
	shardSeen map[string]bool
}

// Run carries out p. It returns the outcome, and an error if the run did not
// complete; the outcome is non-nil in both cases and names the results
// files.
func Run(ctx context.Context, p *plan.Plan, opts Options) (out *Outcome, err error) {
	st := &runState{opts: opts, plan: p, exec: opts.Exec, now: opts.Now, goCmd: opts.Go, out: &Outcome{}}
	if st.exec == nil {
		st.exec = OSExecutor{}
	}
	if st.now == nil {
		st.now = time.Now
	}
	if st.goCmd == "" {
		st.goCmd = "go"
	}
	start := st.now()
	st.started = start
	defer func() {
		st.out.Elapsed = st.now().Sub(start)
		// Every process this run started is gone before the caller
		// writes any outcome; then the temporary files go.
		if st.iso != nil {
			if serr := st.iso.close(); serr != nil && err == nil {
				err = fmt.Errorf("ending the run: %w", serr)
			}
		}
		// The manifest first: the cleanups release the results
		// directory's lock.
		werr := st.writeManifest(err)
		for i := len(st.cleanup) - 1; i >= 0; i-- {
			st.cleanup[i]()
		}
		if werr != nil && err == nil {
			err = werr
		}
	}()

	if opts.Lock == nil {
		lock, err := LockResultsDir(p.ResultsDir)
		if err != nil {
			return st.out, err
		}
		st.cleanup = append(st.cleanup, lock.Unlock)
	} else if opts.Lock.dir != p.ResultsDir {
		return st.out, fmt.Errorf("the lock held is on %s, not on the results directory %s", opts.Lock.dir, p.ResultsDir)
	}
	if st.runID, err = newRunID(); err != nil {
		return st.out, err
	}
	if opts.Measure.Instructions() {
		// Before anything is built: a machine without valgrind cannot
		// take this measure at all.
		if st.vg, err = newVGState(ctx, opts.Instructions); err != nil {
			return st.out, err
		}
		st.out.Instructions = &st.vg.outcome
	}
	var names []string
	for _, s := range p.Sides {
		sr := &SideResult{Side: s, File: filepath.Join(p.ResultsDir, s.Name+".txt")}
		if err := createResults(sr); err != nil {
			return st.out, err
		}
		st.out.Sides = append(st.out.Sides, sr)
		names = append(names, s.Name)
	}
	st.iso, err = newIsolation(names)
	if err != nil {
		return st.out, fmt.Errorf("separating the benchmarks from benchgate: %w", err)
	}
	st.progress("%s", st.iso.note)
	base := os.TempDir()
	if st.iso.on && !reachableByOthers(base) {
		// The builder and the sides must reach into the run's directory.
		base = "/tmp"
	}
	if n := removeStale(base); n > 0 {
		st.progress("removed %d temporary director(ies) of earlier runs that were killed", n)
	}
	tmp, unlock, err := makeTempDir(base, st.iso.on)
	if err != nil {
		return st.out, fmt.Errorf("creating a temporary directory: %w", err)
	}
	st.tmp = tmp
	st.cleanup = append(st.cleanup, func() { os.RemoveAll(tmp); unlock() })

	if err := st.prepare(ctx); err != nil {
		return st.out, err
	}
	if err := st.listBenchmarks(ctx); err != nil {
		return st.out, err
	}
	st.out.ChangedBenchmarks = st.changedBenchmarks()
	st.out.BuildTime = st.now().Sub(start)
	if err := st.rounds(ctx); err != nil {
		return st.out, err
	}
	st.out.Skipped = st.skippedEverywhere()
	return st.out, st.verifyResults()
}

func (st *runState) progress(format string, args ...any) {
	if st.opts.Progress != nil {
		fmt.Fprintf(st.opts.Progress, format+"\n", args...)
	}
}
