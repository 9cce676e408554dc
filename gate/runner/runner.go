// Package runner is the run stage of benchgate's pipeline: it prepares each
// side's source (a temporary git worktree for a commit, the working tree as
// it is, or the built-in suite), builds each package's test binary once per
// side with that side's toolchain, and then runs the binaries in
// interleaved rounds whose order rotates (see package plan).
//
// # Nothing kept only in memory
//
// The output of every benchmark process is appended, as it arrives, to
// <results-dir>/<side>.txt, after a comment line that names the side,
// round, package, commit and toolchain. Comment lines are ignored by
// benchfmt, so the files are valid benchstat input as they are, and a run
// that dies half way leaves everything it measured on disk.
//
// # Processes
//
// Every command gets an explicit working directory and environment, built
// by [ChildEnv] so that no token or action input reaches the code under
// test. Each benchmark process is bounded by the plan's timeout. Temporary
// worktrees are removed on every exit path, including cancellation, and
// the go command's own temporary files live in benchgate's temporary
// directory, which goes too.
//
// # Failures
//
// A run fails (with a [BenchmarkFailedError]) when a binary exits non-zero
// or is killed at the timeout, and also when it exits 0 but its output is
// not what go test prints: a line that starts like a result but is not one
// (garbled, or printed by the benchmark), or no final PASS. Binaries run
// with -test.v, so each benchmark's name is printed when it starts, and the
// error can name the benchmark that hung, crashed or exited. Output lines
// longer than benchfmt can read are left out of the results file, so that
// one line cannot make the whole file unreadable.
package runner

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/plan"
	"golang.org/x/perf/benchfmt"
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
	// Next is asked, after the plan's minimum rounds and after each
	// extra round, which benchmarks need another round: it returns their
	// names as benchstat shows them ("RSA/bits=2048/op=verify") per
	// package import path, or nothing to stop. Nil means no adaptive
	// rounds.
	Next func(roundsDone int) (map[string][]string, error)
}

// Package is one package with benchmarks, built for one side.
type Package struct {
	ImportPath string `json:"import_path"`
	// Dir is the package's source directory; its binary runs there, as
	// go test would run it.
	Dir string `json:"-"`
	// Binary is the test binary built for this side.
	Binary string `json:"-"`
	// Benchmarks are the top-level benchmark functions the binary has
	// that the plan's -bench selects, in source order; listed only when
	// the plan interleaves by benchmark.
	Benchmarks []string `json:"benchmarks,omitempty"`
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
	// Packages are the packages built for this side.
	Packages []Package
	// srcDir is where the side's packages are resolved from.
	srcDir string
	env    []string
}

// Label describes the side, with the toolchain that built it.
func (s *SideResult) Label() string {
	l := s.Side.Label()
	if s.GoVersion != "" {
		l = s.GoVersion + " · " + l
	}
	return l
}

// RunRecord is one benchmark process.
type RunRecord struct {
	Side    string `json:"side"`
	Round   int    `json:"round"`
	Package string `json:"package"`
	// Benchmark is the top-level benchmark function the process ran,
	// when the plan interleaves by benchmark.
	Benchmark string        `json:"benchmark,omitempty"`
	Duration  time.Duration `json:"duration_ns"`
	Error     string        `json:"error,omitempty"`
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
}

// Files returns the results file of each side, in side order.
func (o *Outcome) Files() []string {
	var out []string
	for _, s := range o.Sides {
		out = append(out, s.File)
	}
	return out
}

// BenchmarkFailedError says benchmarks could not be built or run. It maps
// to exit code 3. Everything measured before the failure is in Files.
type BenchmarkFailedError struct {
	// Stage is "setup", "build" or "run".
	Stage string
	// Side is the side's name.
	Side string
	// Package is the import path, where known.
	Package string
	// Round is the 1-based round for Stage "run".
	Round int
	// Benchmark is the benchmark that was running, where it can be told
	// from the output.
	Benchmark string
	// After is, where Benchmark is unknown, the last benchmark that
	// completed before the failure.
	After string
	// Tail is the last lines of the command's output.
	Tail string
	// Hint says what to do, where the output alone may not.
	Hint string
	// Err is the underlying error (an exit status, a timeout).
	Err error
	// Files are the results files, with whatever was measured.
	Files []string
	// Results counts the result lines in each of Files.
	Results []int
}

func (e *BenchmarkFailedError) Error() string {
	var b strings.Builder
	switch e.Stage {
	case "build":
		fmt.Fprintf(&b, "building %s benchmarks for %s: %v", e.Side, e.Package, e.Err)
	case "run":
		fmt.Fprintf(&b, "running %s benchmarks for %s (round %d)", e.Side, e.Package, e.Round)
		switch {
		case e.Benchmark != "":
			fmt.Fprintf(&b, " failed in %s", e.Benchmark)
		case e.After != "":
			fmt.Fprintf(&b, " failed after %s completed", e.After)
		}
		fmt.Fprintf(&b, ": %v", e.Err)
	default:
		fmt.Fprintf(&b, "preparing %s: %v", e.Side, e.Err)
	}
	if t := strings.TrimSpace(e.Tail); t != "" {
		b.WriteString("\n  last lines of output:\n")
		for _, l := range strings.Split(t, "\n") {
			b.WriteString("    " + l + "\n")
		}
	}
	if len(e.Files) > 0 {
		files := make([]string, len(e.Files))
		for i, f := range e.Files {
			files[i] = f
			if i < len(e.Results) {
				files[i] += fmt.Sprintf(" (%d result lines)", e.Results[i])
			}
		}
		fmt.Fprintf(&b, "  results measured so far are kept in %s\n", strings.Join(files, ", "))
	}
	if e.Hint != "" {
		fmt.Fprintf(&b, "hint: %s", e.Hint)
	}
	return strings.TrimRight(b.String(), "\n")
}

func (e *BenchmarkFailedError) Unwrap() error { return e.Err }

// ErrNoBenchmarks means the packages have no test files, or -bench matched
// no benchmark.
var ErrNoBenchmarks = errors.New("no benchmarks")

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
	// functions are, per package import path, the benchmark functions
	// of every side's binary in first-seen order; only for packages that
	// run a function at a time (-interleave benchmark, every side listed).
	functions map[string][]string
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
		for i := len(st.cleanup) - 1; i >= 0; i-- {
			st.cleanup[i]()
		}
		if werr := st.writeManifest(err); werr != nil && err == nil {
			err = werr
		}
	}()

	if err := os.MkdirAll(p.ResultsDir, 0o755); err != nil {
		return st.out, fmt.Errorf("creating results directory: %w", err)
	}
	for _, s := range p.Sides {
		sr := &SideResult{Side: s, File: filepath.Join(p.ResultsDir, s.Name+".txt")}
		// A new run starts new files; results of a previous run in the
		// same directory are replaced, not mixed in.
		if err := os.WriteFile(sr.File, nil, 0o644); err != nil {
			return st.out, fmt.Errorf("creating results file: %w", err)
		}
		st.out.Sides = append(st.out.Sides, sr)
	}
	st.tmp, err = os.MkdirTemp("", "benchgate-")
	if err != nil {
		return st.out, fmt.Errorf("creating a temporary directory: %w", err)
	}
	st.cleanup = append(st.cleanup, func() { os.RemoveAll(st.tmp) })

	if err := st.prepare(ctx); err != nil {
		return st.out, err
	}
	if p.Interleave == plan.ByBenchmark && p.Protocol != plan.Sequential {
		if err := st.listBenchmarks(ctx); err != nil {
			return st.out, err
		}
	}
	st.out.BuildTime = st.now().Sub(start)
	return st.out, st.rounds(ctx)
}

func (st *runState) progress(format string, args ...any) {
	if st.opts.Progress != nil {
		fmt.Fprintf(st.opts.Progress, format+"\n", args...)
	}
}

// prepare gets every side's source, resolves its toolchain and builds its
// binaries.
func (st *runState) prepare(ctx context.Context) error {
	p := st.plan
	suiteDir := ""
	if p.Suite {
		if st.opts.UnpackSuite == nil {
			return errors.New("the built-in suite is not available in this build")
		}
		suiteDir = filepath.Join(st.tmp, "suite")
		if err := st.opts.UnpackSuite(suiteDir); err != nil {
			return &BenchmarkFailedError{Stage: "setup", Side: "suite", Err: fmt.Errorf("unpacking the built-in suite: %w", err)}
		}
	}
	rel := "."
	if st.opts.Repo != nil && !p.Suite {
		r, err := filepath.Rel(st.opts.Repo.Root, st.opts.WorkDir)
		if err == nil && !strings.HasPrefix(r, "..") {
			rel = r
		}
	}
	// The go command's own temporary files go under st.tmp, so that a
	// build killed by cancellation leaves nothing in the user's TMPDIR.
	goTmp := filepath.Join(st.tmp, "gotmp")
	if err := os.MkdirAll(goTmp, 0o755); err != nil {
		return err
	}
	for i, s := range st.out.Sides {
		s.env = setEnv(st.opts.Env, "GOTMPDIR", goTmp)
		if s.Toolchain != "" {
			s.env = setEnv(s.env, "GOTOOLCHAIN", s.Toolchain)
		}
		switch {
		case p.Suite:
			s.srcDir = suiteDir
			// The suite is its own module with vendored dependencies;
			// a go.work of the user's must not reach it.
			s.env = setEnv(s.env, "GOWORK", "off")
		case s.Commit != "":
			if st.opts.Repo == nil {
				return &BenchmarkFailedError{Stage: "setup", Side: s.Name, Err: errors.New("a commit side needs a git repository")}
			}
			// Same-length paths for every side, so that no side's
			// binary or source path is longer than another's.
			wt := filepath.Join(st.tmp, fmt.Sprintf("src%d", i))
			st.progress("checking out %s %s into a temporary worktree", s.Name, plan.ShortCommit(s.Commit))
			repo := st.opts.Repo
			// The cleanup is registered first: an interrupted "git
			// worktree add" can leave a half-made worktree behind.
			st.cleanup = append(st.cleanup, func() { st.removeWorktree(ctx, repo, wt) })
			if err := repo.AddWorktree(ctx, s.Commit, wt); err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				return &BenchmarkFailedError{Stage: "setup", Side: s.Name, Err: fmt.Errorf("checking out %s: %w", plan.ShortCommit(s.Commit), err)}
			}
			s.srcDir = filepath.Join(wt, rel)
		default:
			s.srcDir = st.opts.WorkDir
		}
		if err := st.goVersion(ctx, s); err != nil {
			return err
		}
		if err := st.build(ctx, s, i); err != nil {
			return err
		}
	}
	total := 0
	for _, s := range st.out.Sides {
		total += len(s.Packages)
	}
	if total == 0 {
		return fmt.Errorf("%w: none of the packages %s has test files", ErrNoBenchmarks, strings.Join(p.Packages, " "))
	}
	return nil
}

// removeWorktree removes a temporary worktree and what git recorded of
// it, also when "git worktree add" was interrupted half way.
func (st *runState) removeWorktree(ctx context.Context, repo *gitx.Repo, dir string) {
	_, statErr := os.Stat(dir)
	err := repo.RemoveWorktree(ctx, dir)
	if err == nil {
		return
	}
	// Not (yet) a worktree git can remove: delete the directory, and the
	// prune that RemoveWorktree runs drops git's record of it.
	os.RemoveAll(dir)
	repo.RemoveWorktree(ctx, dir)
	if statErr == nil {
		st.progress("warning: removing worktree %s: %v", dir, err)
	}
}

// goVersion asks the side's go command which toolchain it is. With
// GOTOOLCHAIN=go1.N.M this is also where the go command downloads it.
func (st *runState) goVersion(ctx context.Context, s *SideResult) error {
	var buf bytes.Buffer
	cmd := Cmd{Dir: s.srcDir, Env: s.env, Path: st.goCmd, Args: []string{"env", "GOVERSION"}}
	if s.Toolchain != "" && s.Toolchain != "local" {
		st.progress("%s: selecting toolchain %s (the go command downloads it if needed)", s.Name, s.Toolchain)
	}
	if err := st.exec.Run(ctx, cmd, &buf); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		hint := ""
		if s.Toolchain != "" {
			hint = fmt.Sprintf(" (is GOTOOLCHAIN=%s a Go release the module proxy serves?)", s.Toolchain)
		}
		return &BenchmarkFailedError{Stage: "setup", Side: s.Name, Err: fmt.Errorf("selecting the Go toolchain%s: %w", hint, err), Tail: tail(buf.Bytes(), 15)}
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	s.GoVersion = strings.TrimSpace(lines[len(lines)-1])
	return nil
}

// build lists the side's packages and builds one test binary per package
// that has test files.
func (st *runState) build(ctx context.Context, s *SideResult, index int) error {
	var buf bytes.Buffer
	args := append([]string{"list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{len .TestGoFiles}}\t{{len .XTestGoFiles}}", "--"}, st.plan.Packages...)
	if err := st.exec.Run(ctx, Cmd{Dir: s.srcDir, Env: s.env, Path: st.goCmd, Args: args}, &buf); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return &BenchmarkFailedError{Stage: "build", Side: s.Name, Package: strings.Join(st.plan.Packages, " "),
			Err: fmt.Errorf("listing packages: %w", err), Tail: tail(buf.Bytes(), 20)}
	}
	binDir := filepath.Join(st.tmp, fmt.Sprintf("bin%d", index))
	if err := os.MkdirAll(binDir, 0o755); err != nil {
		return err
	}
	for _, line := range strings.Split(buf.String(), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			if l := strings.TrimSpace(line); l != "" {
				st.progress("%s: go list: %s", s.Name, l)
			}
			continue
		}
		if f[2] == "0" && f[3] == "0" {
			continue
		}
		s.Packages = append(s.Packages, Package{ImportPath: f[0], Dir: f[1]})
	}
	st.progress("building %s (%s): %d package(s)", s.Name, s.Label(), len(s.Packages))
	for i := range s.Packages {
		pkg := &s.Packages[i]
		// Binaries are named by position, so every side's binary path
		// has the same length.
		pkg.Binary = filepath.Join(binDir, fmt.Sprintf("p%03d.test", i))
		var out bytes.Buffer
		cmd := Cmd{Dir: s.srcDir, Env: s.env, Path: st.goCmd, Args: []string{"test", "-c", "-o", pkg.Binary, pkg.ImportPath}}
		if err := st.exec.Run(ctx, cmd, &out); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return &BenchmarkFailedError{Stage: "build", Side: s.Name, Package: pkg.ImportPath, Err: err, Tail: tail(out.Bytes(), 20),
				Hint: fmt.Sprintf("the %s side (%s) does not compile; reproduce with go test -c -o /dev/null %s", s.Name, s.Label(), pkg.ImportPath)}
		}
	}
	return nil
}

// unionPackages lists every package that some side has, in first-seen
// order.
func (st *runState) unionPackages() []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range st.out.Sides {
		for _, p := range s.Packages {
			if !seen[p.ImportPath] {
				seen[p.ImportPath] = true
				out = append(out, p.ImportPath)
			}
		}
	}
	return out
}

func (s *SideResult) pkg(importPath string) *Package {
	for i := range s.Packages {
		if s.Packages[i].ImportPath == importPath {
			return &s.Packages[i]
		}
	}
	return nil
}

// rounds runs the binaries in interleaved, rotated rounds (or, for the
// sequential protocol, side after side), then any adaptive rounds.
func (st *runState) rounds(ctx context.Context) error {
	p := st.plan
	pkgs := st.unionPackages()
	start := st.now()
	all := map[string][]string{}
	for _, ip := range pkgs {
		all[ip] = nil // nil: everything -bench selects
	}
	if p.Protocol == plan.Sequential {
		for si, s := range st.out.Sides {
			for r := 0; r < p.Rounds; r++ {
				for _, ip := range pkgs {
					if pkg := s.pkg(ip); pkg != nil {
						if err := st.runOne(ctx, s, pkg, r, "", p.Bench); err != nil {
							return err
						}
					}
				}
			}
			st.progress("%s: %d runs done (sequential protocol), side %d/%d", s.Name, p.Rounds, si+1, len(st.out.Sides))
		}
		st.out.RoundsDone = p.Rounds
		return nil
	}
	for r := 0; r < p.Rounds; r++ {
		if err := st.round(ctx, r, pkgs, all); err != nil {
			return err
		}
		elapsed := st.now().Sub(start)
		left := time.Duration(float64(elapsed) / float64(r+1) * float64(p.Rounds-r-1))
		st.progress("round %d/%d done (%s): elapsed %s, about %s left",
			r+1, p.Rounds, st.orderNames(r), elapsed.Round(time.Second), left.Round(time.Second))
	}
	return st.adaptiveRounds(ctx, pkgs, start)
}

// round runs round r for the packages in sel (import path → the names of
// the benchmarks to run, nil for all that -bench selects).
func (st *runState) round(ctx context.Context, r int, pkgs []string, sel map[string][]string) error {
	order := plan.Order(r, len(st.out.Sides))
	for _, ip := range pkgs {
		names, ok := sel[ip]
		if !ok {
			continue
		}
		for _, u := range st.units(ip, names) {
			for _, si := range order {
				s := st.out.Sides[si]
				pkg := s.pkg(ip)
				if pkg == nil || (u.function != "" && !slices.Contains(pkg.Benchmarks, u.function)) {
					continue
				}
				if err := st.runOne(ctx, s, pkg, r, u.function, u.bench); err != nil {
					return err
				}
			}
		}
	}
	st.out.RoundsDone = r + 1
	return nil
}

// unit is what one process per side runs within a round: a whole
// package, or one top-level benchmark function of it.
type unit struct {
	// function is the benchmark function ("BenchmarkRSA"), empty for the
	// whole package.
	function string
	// bench is the -test.bench expression.
	bench string
}

// units splits a package's share of a round into processes: one per
// top-level benchmark function when the package runs a function at a time
// (st.functions), else one. names, if not nil, are the only benchmarks to
// run (adaptive rounds).
func (st *runState) units(ip string, names []string) []unit {
	functions, byBenchmark := st.functions[ip]
	if !byBenchmark {
		if names == nil {
			return []unit{{bench: st.plan.Bench}}
		}
		return []unit{{bench: plan.BenchRegex(names)}}
	}
	var out []unit
	placed := map[string]bool{}
	for _, f := range functions {
		if names == nil {
			out = append(out, unit{function: f, bench: plan.OneBenchmark(st.plan.Bench, f)})
			continue
		}
		var mine []string
		for _, n := range names {
			if base, _ := benchfmt.Name(n).Parts(); "Benchmark"+string(base) == f {
				mine = append(mine, n)
				placed[n] = true
			}
		}
		if len(mine) > 0 {
			out = append(out, unit{function: f, bench: plan.BenchRegex(mine)})
		}
	}
	// A name no listed function claims still gets its round, from a
	// whole-package process, rather than none.
	var rest []string
	for _, n := range names {
		if !placed[n] {
			rest = append(rest, n)
		}
	}
	if len(rest) > 0 {
		out = append(out, unit{bench: plan.BenchRegex(rest)})
	}
	return out
}

// listBenchmarks asks each binary which top-level benchmark functions it
// has (-test.list), keeping those -bench selects, and sets st.functions.
// A package whose binary cannot list them, on any side, runs a package at
// a time, as before, with a note.
func (st *runState) listBenchmarks(ctx context.Context) error {
	whole := map[string]bool{}
	for _, s := range st.out.Sides {
		for i := range s.Packages {
			pkg := &s.Packages[i]
			var buf bytes.Buffer
			cmd := Cmd{Dir: pkg.Dir, Env: s.env, Path: pkg.Binary, Args: []string{"-test.list=.", "-test.run=^$"}}
			pctx, cancel := context.WithTimeout(ctx, st.plan.Timeout)
			t0 := st.now()
			err := st.exec.Run(pctx, cmd, &buf)
			d := st.now().Sub(t0)
			cancel()
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				st.progress("warning: %s: listing the benchmarks of %s failed (%v); its benchmarks run in one process per side per round", s.Name, pkg.ImportPath, err)
				whole[pkg.ImportPath] = true
				continue
			}
			if d > slowStart {
				// A TestMain that sets up something heavy would pay for it
				// once per benchmark function and round.
				st.progress("%s: the test binary of %s took %s to start and list its benchmarks (a TestMain's setup?), so its benchmarks run in one process per side per round", s.Name, pkg.ImportPath, d.Round(time.Millisecond))
				whole[pkg.ImportPath] = true
				continue
			}
			listed := 0
			for _, l := range strings.Split(buf.String(), "\n") {
				l = strings.TrimSpace(l)
				if testFuncRE.MatchString(l) {
					listed++
				}
				if benchFuncRE.MatchString(l) && plan.SelectsBenchmark(st.plan.Bench, l) {
					pkg.Benchmarks = append(pkg.Benchmarks, l)
				}
			}
			if listed == 0 {
				// Only packages with test files are built, so a binary
				// that lists nothing at all (a TestMain that never calls
				// m.Run) is broken. Run as a whole, the missing PASS
				// says so, where skipping it would measure nothing.
				st.progress("%s: the test binary of %s listed no tests or benchmarks, so it runs as a whole, one process per side per round", s.Name, pkg.ImportPath)
				whole[pkg.ImportPath] = true
			}
		}
	}
	st.functions = map[string][]string{}
	n := 0
	pkgs := st.unionPackages()
	for _, ip := range pkgs {
		if whole[ip] {
			continue
		}
		var functions []string
		for _, s := range st.out.Sides {
			if pkg := s.pkg(ip); pkg != nil {
				for _, f := range pkg.Benchmarks {
					if !slices.Contains(functions, f) {
						functions = append(functions, f)
					}
				}
			}
		}
		st.functions[ip] = functions
		n += len(functions)
	}
	st.progress("interleaving by benchmark: %d benchmark function(s) in %d package(s), each run with base and head back to back", n, len(pkgs))
	return nil
}

// slowStart is how long a test binary may take to start and list its
// benchmarks before interleaving by benchmark is given up for it: every
// benchmark function would pay that again in every round.
const slowStart = 500 * time.Millisecond

// benchFuncRE matches a benchmark function's name as -test.list prints
// it: anything else on standard output (a TestMain's) is not one.
var benchFuncRE = regexp.MustCompile(`^Benchmark[\p{L}\p{N}_]*$`)

// testFuncRE matches any name -test.list=. prints: tests, benchmarks,
// fuzz targets and examples.
var testFuncRE = regexp.MustCompile(`^(Test|Benchmark|Fuzz|Example)[\p{L}\p{N}_]*$`)

func (st *runState) orderNames(r int) string {
	var names []string
	for _, si := range plan.Order(r, len(st.out.Sides)) {
		names = append(names, st.out.Sides[si].Name)
	}
	return strings.Join(names, " then ")
}

// adaptiveRounds runs extra rounds, only for the benchmarks that
// Options.Next says are still undecided, until none is, or MaxRounds or
// TimeBudget is reached.
func (st *runState) adaptiveRounds(ctx context.Context, pkgs []string, roundsStart time.Time) error {
	p := st.plan
	if st.opts.Next == nil || p.MaxRounds <= p.Rounds {
		return nil
	}
	for r := p.Rounds; r < p.MaxRounds; r++ {
		if p.TimeBudget > 0 {
			perRound := st.now().Sub(roundsStart) / time.Duration(r)
			if used := st.now().Sub(st.started) + perRound; used > p.TimeBudget {
				st.progress("adaptive: stopping after %d rounds: another round would pass the %s time budget", r, p.TimeBudget)
				return nil
			}
		}
		sel, err := st.opts.Next(r)
		if err != nil {
			return err
		}
		if len(sel) == 0 {
			st.progress("adaptive: every benchmark is decided after %d rounds", r)
			return nil
		}
		if err := st.round(ctx, r, pkgs, sel); err != nil {
			return err
		}
		undecided := 0
		for _, names := range sel {
			undecided += len(names)
		}
		st.progress("adaptive round %d/%d done (%s): %d undecided benchmark(s) in %d package(s)", r+1, p.MaxRounds, st.orderNames(r), undecided, len(sel))
	}
	st.progress("adaptive: reached -max-rounds %d", p.MaxRounds)
	return nil
}

// benchArgs are the test binary's flags for one run.
func (st *runState) benchArgs(bench string) []string {
	p := st.plan
	return []string{
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
}

// runOne runs pkg's binary for side s in round r: the benchmarks bench
// selects, of the top-level function fn if not empty.
func (st *runState) runOne(ctx context.Context, s *SideResult, pkg *Package, round int, fn, bench string) error {
	f, err := os.OpenFile(s.File, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("opening results file: %w", err)
	}
	defer f.Close()
	// As the progress lines count: "round 3/10", then "adaptive round
	// 11/32".
	total := st.plan.Rounds
	if round >= st.plan.Rounds {
		total = st.plan.MaxRounds
	}
	header := fmt.Sprintf("# benchgate: side=%s round=%d/%d package=%s", s.Name, round+1, total, pkg.ImportPath)
	if fn != "" {
		header += " benchmark=" + fn
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
	if _, err := fmt.Fprintf(f, "%s\n", header); err != nil {
		return fmt.Errorf("writing results file: %w", err)
	}
	tw := &tailWriter{max: 64 << 10}
	lw := &lineWriter{w: f, max: maxLine}
	w := io.MultiWriter(lw, tw)

	// The testing package's -test.timeout does not cover benchmarks (its
	// alarm stops before they start), so the context is what bounds the
	// process; -test.v output names the benchmark that was running.
	pctx, cancel := context.WithTimeout(ctx, st.plan.Timeout)
	defer cancel()
	t0 := st.now()
	binary := pkg.Binary
	if st.plan.FreshCopies {
		fresh, err := freshCopy(pkg.Binary)
		if err != nil {
			return fmt.Errorf("copying the test binary: %w", err)
		}
		defer os.Remove(fresh)
		binary = fresh
	}
	runErr := st.exec.Run(pctx, Cmd{Dir: pkg.Dir, Env: s.env, Path: binary, Args: st.benchArgs(bench)}, w)
	d := st.now().Sub(t0)
	st.out.BenchTime += d
	if err := lw.Close(); err != nil {
		return fmt.Errorf("writing results file: %w", err)
	}
	s.Results += lw.results
	rec := RunRecord{Side: s.Name, Round: round + 1, Package: pkg.ImportPath, Benchmark: fn, Duration: d}
	if runErr != nil {
		rec.Error = runErr.Error()
	}
	st.out.Runs = append(st.out.Runs, rec)
	if err := f.Sync(); err != nil {
		return fmt.Errorf("writing results file: %w", err)
	}
	if runErr == nil {
		// A clean exit is not enough: the output must be what go test
		// prints, or something was not measured.
		switch {
		case lw.garbled != "":
			runErr = fmt.Errorf("a line that looks like a result is not one: %q", clipLine(lw.garbled, 200))
		case !lw.pass:
			runErr = errors.New("the test binary exited with status 0 but did not print PASS")
		default:
			return nil
		}
		e := st.failure(s, pkg, round, runErr, tw.Bytes(), lw)
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
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted in round %d; results measured so far are kept in %s: %w",
			round+1, strings.Join(st.out.Files(), ", "), ctx.Err())
	}
	e := st.failure(s, pkg, round, runErr, tw.Bytes(), lw)
	var exit *exec.ExitError
	switch {
	case pctx.Err() != nil:
		e.Err = fmt.Errorf("killed after the %s timeout (-timeout): %w", st.plan.Timeout, runErr)
		e.Hint = fmt.Sprintf("one run of a package's benchmarks took longer than -timeout %s; if it hangs, the output above shows where, else raise -timeout", st.plan.Timeout)
	case errors.As(runErr, &exit) && !exit.Exited():
		e.Hint = "the process was killed by a signal; if nobody sent one, it may have run out of memory"
	case errors.As(runErr, &exit) && !failReported(tw.Bytes()):
		e.Hint = fmt.Sprintf("the test binary exited with status %d without reporting a failure; does a benchmark, an init function or TestMain call os.Exit or log.Fatal?", exit.ExitCode())
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
	for _, s := range st.out.Sides {
		e.Files = append(e.Files, s.File)
		e.Results = append(e.Results, s.Results)
	}
	return e
}

// resultName is the benchmark name a result line starts with.
func resultName(line string) string {
	name, _, _ := strings.Cut(line, " ")
	name, _, _ = strings.Cut(name, "\t")
	return name
}

func clipLine(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// failReported reports whether the output says why the run failed: a
// FAIL line or a panic.
func failReported(out []byte) bool {
	return bytes.Contains(out, []byte("--- FAIL")) || bytes.Contains(out, []byte("panic: ")) || bytes.Contains(out, []byte("fatal error: "))
}

var (
	failRE    = regexp.MustCompile(`--- FAIL: (Benchmark\S*)`)
	timeoutRE = regexp.MustCompile(`(?m)^\s+(Benchmark\S*) \(`)
	benchRE   = regexp.MustCompile(`(?m)^(Benchmark\S*)`)
	// resultRE matches a complete result line: name, iterations, and at
	// least one finite number with its unit.
	resultRE = regexp.MustCompile(`^(Benchmark\S*)\s+\d+\s+[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s+\S+`)
	// procsRE is the -GOMAXPROCS suffix of a result's name.
	procsRE = regexp.MustCompile(`-\d+$`)
	// frameRE is a benchmark function in a goroutine trace.
	frameRE = regexp.MustCompile(`(?m)^\S+\.(Benchmark\w*)\(`)
)

// failingBenchmark tells from a failed run's output which benchmark failed;
// see locateFailure.
func failingBenchmark(out []byte) string {
	running, _ := locateFailure(out)
	return running
}

// locateFailure tells from a failed run's output which benchmark was
// running: the one reported as FAIL; else the one that started (with
// -test.v, its name alone on a line) and printed no result; else one
// named by a timeout panic or a goroutine trace; else the last benchmark
// line that is not a complete result. Where none was running, it returns
// the last benchmark that completed as after.
func locateFailure(out []byte) (running, after string) {
	if m := failRE.FindAllSubmatch(out, -1); len(m) > 0 {
		return string(m[len(m)-1][1]), ""
	}
	var started []string // started and not finished, in order
	lastIncomplete := ""
	for _, l := range strings.Split(string(out), "\n") {
		l = strings.TrimRight(l, "\r")
		if !strings.HasPrefix(l, "Benchmark") {
			continue
		}
		if !strings.ContainsAny(l, " \t") {
			started = append(started, l)
			continue
		}
		m := resultRE.FindStringSubmatch(l)
		if m == nil {
			lastIncomplete = resultName(l)
			continue
		}
		lastIncomplete = ""
		name := m[1]
		after = name
		base := procsRE.ReplaceAllString(name, "")
		for i := len(started) - 1; i >= 0; i-- {
			if started[i] == name || started[i] == base {
				started = append(started[:i], started[i+1:]...)
				break
			}
		}
	}
	switch {
	case lastIncomplete != "":
		return lastIncomplete, ""
	case len(started) > 0:
		return started[len(started)-1], ""
	}
	for _, re := range []*regexp.Regexp{timeoutRE, frameRE} {
		if m := re.FindAllSubmatch(out, -1); len(m) > 0 {
			return string(m[len(m)-1][1]), ""
		}
	}
	if after == "" {
		if m := benchRE.FindAllSubmatch(out, -1); len(m) > 0 {
			return string(m[len(m)-1][1]), ""
		}
	}
	return "", after
}

// tail returns the last n lines of b.
func tail(b []byte, n int) string {
	s := strings.TrimRight(strings.ToValidUTF8(string(b), "\uFFFD"), "\n")
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// tailWriter keeps the last max bytes written to it.
type tailWriter struct {
	buf []byte
	max int
}

func (t *tailWriter) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailWriter) Bytes() []byte {
	if len(t.buf) > t.max {
		return t.buf[len(t.buf)-t.max:]
	}
	return t.buf
}

// maxLine is the longest line of benchmark output kept in a results file.
// benchfmt (and so benchstat) cannot read a file with a line over 64 KiB
// at all, so a benchmark that prints one must not spoil the file.
const maxLine = 32 << 10

// lineWriter writes whole lines to w. A line longer than max is replaced
// by a comment saying so; a last line without a newline gets one on
// Close. On the way it reads the output as go test would print it: it
// counts result lines, notes the first result line that is garbled, and
// whether the binary printed PASS.
type lineWriter struct {
	w    io.Writer
	max  int
	buf  []byte
	over int // bytes of the current line beyond buf, when it is too long
	err  error

	results int
	// garbled is the first line that starts like a result (a benchmark
	// name, then blanks) but is not one: output printed while the
	// benchmark ran, or a crash, cut it.
	garbled string
	// garbledIn is the benchmark that had started (by its -test.v line)
	// when garbled was printed.
	garbledIn string
	started   string
	pass      bool
	// recent are the last lines, and crash the lines from just before
	// the first panic or fatal error on (see excerpt).
	recent    []string
	crash     []string
	crashMore int
}

// crashLines is how many lines of a crash lineWriter keeps.
const crashLines = 20

func isCrashLine(l string) bool {
	return strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") || strings.Contains(l, "\tpanic: ")
}

// keep records line l for crash.
func (l *lineWriter) keep(line string) {
	switch {
	case l.crash != nil:
		if len(l.crash) < crashLines {
			l.crash = append(l.crash, line)
		} else {
			l.crashMore++
		}
		return
	case isCrashLine(line):
		l.crash = append(append([]string{}, l.recent...), line)
		return
	}
	l.recent = append(l.recent, line)
	if len(l.recent) > 3 {
		l.recent = l.recent[1:]
	}
}

func (l *lineWriter) Write(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		chunk := p
		if i >= 0 {
			chunk = p[:i]
		}
		if l.over == 0 && len(l.buf)+len(chunk) <= l.max {
			l.buf = append(l.buf, chunk...)
		} else {
			l.over += len(chunk)
		}
		if i < 0 {
			break
		}
		l.flush()
		p = p[i+1:]
	}
	return n, l.err
}

// flush writes the current line.
func (l *lineWriter) flush() {
	if l.err != nil {
		return
	}
	if l.over > 0 {
		_, l.err = fmt.Fprintf(l.w, "# benchgate: a line of output of %d bytes was left out (longer than %d)\n", len(l.buf)+l.over, l.max)
	} else {
		switch {
		case resultRE.Match(l.buf):
			l.results++
		case bytes.HasPrefix(l.buf, []byte("Benchmark")) && bytes.ContainsAny(l.buf, " \t"):
			if l.garbled == "" {
				l.garbled, l.garbledIn = string(l.buf), l.started
			}
		case bytes.HasPrefix(l.buf, []byte("Benchmark")):
			l.started = string(l.buf)
		case string(bytes.TrimRight(l.buf, "\r")) == "PASS":
			l.pass = true
		}
		l.keep(strings.ToValidUTF8(string(l.buf), "\uFFFD"))
		l.buf = append(l.buf, '\n')
		_, l.err = l.w.Write(l.buf)
	}
	l.buf, l.over = l.buf[:0], 0
}

// Close writes an unfinished last line.
func (l *lineWriter) Close() error {
	if len(l.buf) > 0 || l.over > 0 {
		l.flush()
	}
	return l.err
}

// Manifest is <results-dir>/manifest.json: what ran, so the results files
// can be understood without the log.
type Manifest struct {
	Sides     []ManifestSide `json:"sides"`
	Packages  []string       `json:"packages"`
	Suite     bool           `json:"suite"`
	Bench     string         `json:"bench"`
	Benchtime string         `json:"benchtime"`
	Rounds    int            `json:"rounds"`
	// Interleave is what the rounds alternated the sides by: "package"
	// or "benchmark" (a package whose benchmarks could not be listed ran
	// whole: its Benchmarks are empty).
	Interleave string        `json:"interleave,omitempty"`
	RoundsDone int           `json:"rounds_done"`
	Runs       []RunRecord   `json:"runs"`
	ElapsedNS  time.Duration `json:"elapsed_ns"`
	BenchNS    time.Duration `json:"bench_ns"`
	Error      string        `json:"error,omitempty"`
}

// ManifestSide describes one side in the manifest.
type ManifestSide struct {
	Name      string    `json:"name"`
	Ref       string    `json:"ref,omitempty"`
	Commit    string    `json:"commit,omitempty"`
	Toolchain string    `json:"toolchain,omitempty"`
	GoVersion string    `json:"go_version,omitempty"`
	Why       string    `json:"why,omitempty"`
	File      string    `json:"file"`
	Packages  []Package `json:"packages"`
}

// ManifestFile is the manifest's file name inside the results directory.
const ManifestFile = "manifest.json"

func (st *runState) writeManifest(runErr error) error {
	if st.plan == nil || st.plan.ResultsDir == "" {
		return nil
	}
	if _, err := os.Stat(st.plan.ResultsDir); err != nil {
		return nil
	}
	m := Manifest{
		Packages: st.plan.Packages, Suite: st.plan.Suite, Bench: st.plan.Bench, Benchtime: st.plan.Benchtime,
		Rounds: st.plan.Rounds, RoundsDone: st.out.RoundsDone, Runs: st.out.Runs,
		ElapsedNS: st.out.Elapsed, BenchNS: st.out.BenchTime,
	}
	if st.plan.Protocol != plan.Sequential {
		m.Interleave = string(st.plan.Interleave)
	}
	if runErr != nil {
		m.Error = runErr.Error()
	}
	for _, s := range st.out.Sides {
		m.Sides = append(m.Sides, ManifestSide{Name: s.Name, Ref: s.Ref, Commit: s.Commit, Toolchain: s.Toolchain,
			GoVersion: s.GoVersion, Why: s.Why, File: filepath.Base(s.File), Packages: s.Packages})
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(st.plan.ResultsDir, ManifestFile), append(data, '\n'), 0o644)
}

// freshCopy copies a test binary to a new file next to it (same directory,
// so the same path length), so that every run executes a file the kernel
// has placed anew in the page cache. Where the binary sits in memory can
// make byte-identical binaries differ by a few percent, always in the same
// direction; a new copy per run turns that placement into noise that
// averages out across rounds instead of a bias that accumulates.
func freshCopy(path string) (string, error) {
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
