package runner

// Counting inside the benchmark process: the patch of the testing
// package and the overlay that builds it, what to run, and what
// callgrind's dumps say; inprocess_rounds.go runs the processes.
//
// # Why and how
//
// Most of a counted process's time is valgrind starting the test binary
// and translating its code, not running the benchmark (valgrind.go):
// counting every benchmark in whole processes of its own, two per
// benchmark, side and round, makes instruction mode several times slower
// than timing. One process per package, side and round, counting every
// benchmark of the package, pays that once.
//
// valgrind cannot find a Go benchmark's loop by itself (callgrind's
// function triggers follow calls per thread, and goroutines move between
// threads), so the loop tells it: the counted binaries are built with a
// testing package that benchgate patches through go build's -overlay
// (counting/zz_benchgate_count_amd64.go.in says what the patch does).
// Each of a benchmark's two counted runs, runN(n1) and runN(n2), is
// counted over what its timer times: callgrind's costs are zeroed where
// the function starts and dumped, every thread's together, where it
// returns, at ResetTimer (what came before is not counted) and at
// StopTimer (what follows until a StartTimer or the return is not). So
// setup and checks the timer leaves out are left out of the count too.
// instructions/op is (I(n2) - I(n1)) / (n2 - n1): what the function does
// once per run whatever b.N is (setup the timer keeps, the end of the
// loop) cancels, as start-up did between whole processes.
//
// The patch is four one-line edits of testing/benchmark.go at lines
// every toolchain from go1.12 to today has: runN's call of the benchmark
// function, doBench's launch, ResetTimer and StopTimer. Where the side's toolchain
// lacks them, where the build is not for amd64 (the client request is
// machine code), or where the side's GOFLAGS already give an -overlay,
// the package is counted in whole processes instead, on every side, so
// that the sides are always counted the same way; the report says which.

import (
	"bufio"
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

//go:embed counting/*.in
var countingFiles embed.FS

// The files the overlay adds to the testing package, by the names they
// get there, and the embedded templates they come from.
var countingAdded = [][2]string{
	{"zz_benchgate_count_amd64.go", "counting/zz_benchgate_count_amd64.go.in"},
	{"zz_benchgate_count_amd64.s", "counting/zz_benchgate_count_amd64.s.in"},
}

// countEnvVar names the file of iteration counts for the patched testing
// package (see writeItersFile).
const countEnvVar = "BENCHGATE_COUNT"

// benchmarkEdits are the patch of testing/benchmark.go: each old text
// must be there exactly once, and the new one keeps it on one line so
// that the file's line numbers (in panics, in -test.v output) stay the
// same.
var benchmarkEdits = []struct{ old, new, where string }{
	{"b.benchFunc(b)", "benchgateStart(b, n); b.benchFunc(b); benchgateEnd(b)", "func (b *B) runN(n int) {"},
	{"go b.launch()", "go benchgateLaunch(b)", "func (b *B) doBench() BenchmarkResult {"},
	{"func (b *B) ResetTimer() {\n", "func (b *B) ResetTimer() { if b.timerOn { benchgateReset(b) };\n", ""},
	{"func (b *B) StopTimer() {\n", "func (b *B) StopTimer() { if b.timerOn { benchgateStop(b) };\n", ""},
}

// patchBenchmarkGo is testing/benchmark.go of some toolchain with
// benchgate's edits, or an error saying which text it lacks.
func patchBenchmarkGo(src []byte) ([]byte, error) {
	s := string(src)
	for _, e := range benchmarkEdits {
		if n := strings.Count(s, e.old); n != 1 {
			return nil, fmt.Errorf("testing/benchmark.go has %d copies of %q, where the patch needs exactly one", n, strings.TrimSpace(e.old))
		}
		if e.where != "" {
			// The edit must fall inside the function it belongs to:
			// after its signature and before the next function.
			at, fn := strings.Index(s, e.old), strings.Index(s, e.where)
			if fn < 0 || at < fn || strings.Contains(s[fn:at], "\nfunc ") {
				return nil, fmt.Errorf("testing/benchmark.go's %q is not inside %s", e.old, strings.TrimSuffix(e.where, " {"))
			}
		}
		s = strings.Replace(s, e.old, e.new, 1)
	}
	return []byte(s), nil
}

// countingOverlay writes, into dir, the overlay that builds the testing
// package of the toolchain at goroot patched for counting, and returns
// the GOROOT to build with and the path of the overlay's JSON file (go
// build's -overlay). The GOROOT is a link to goroot: the go command
// refuses an overlay of files in its module cache, which is where
// GOTOOLCHAIN puts the toolchains it fetches, and the build cache keeps
// what it compiled whichever path GOROOT has, so nothing is compiled
// again for the link. goarch is the build's target: the client request
// exists for amd64 only. goflags are the side's GOFLAGS: an -overlay of
// the user's own would be replaced, silently, by this one. The error
// says why the side cannot be counted this way.
func countingOverlay(goroot, goarch, goflags, dir string) (root, overlay string, err error) {
	if goarch != "amd64" {
		return "", "", fmt.Errorf("counting inside the process needs an amd64 build (this one is for %s)", goarch)
	}
	if strings.Contains(goflags, "-overlay") {
		return "", "", errors.New("the side's GOFLAGS give an -overlay of their own")
	}
	if !filepath.IsAbs(goroot) {
		return "", "", fmt.Errorf("the go command named no usable GOROOT (%q)", goroot)
	}
	root = filepath.Join(dir, "goroot")
	if err := os.Symlink(goroot, root); err != nil {
		return "", "", err
	}
	orig := filepath.Join(root, "src", "testing", "benchmark.go")
	src, err := os.ReadFile(orig)
	if err != nil {
		return "", "", fmt.Errorf("reading the toolchain's testing package: %w", err)
	}
	patched, err := patchBenchmarkGo(src)
	if err != nil {
		return "", "", err
	}
	replace := map[string]string{orig: filepath.Join(dir, "benchmark.go")}
	if err := os.WriteFile(replace[orig], patched, 0o644); err != nil {
		return "", "", err
	}
	for _, a := range countingAdded {
		body, err := countingFiles.ReadFile(a[1])
		if err != nil {
			return "", "", err
		}
		to := filepath.Join(dir, a[0])
		if err := os.WriteFile(to, body, 0o644); err != nil {
			return "", "", err
		}
		replace[filepath.Join(root, "src", "testing", a[0])] = to
	}
	js, err := json.Marshal(struct{ Replace map[string]string }{replace})
	if err != nil {
		return "", "", err
	}
	overlay = filepath.Join(dir, "overlay.json")
	return root, overlay, os.WriteFile(overlay, js, 0o644)
}

// countingTool is gt, the go command of side s (the index-th), set up to
// build binaries whose testing package is patched for counting inside
// the process (inprocess.go); the error says why the side cannot have
// them. It runs the side's toolchain, the one "go env" names, through
// countingOverlay's link to its GOROOT, with GOTOOLCHAIN=local.
func (st *runState) countingTool(ctx context.Context, s *SideResult, index int, gt goTool) (goTool, error) {
	vals, err := st.goTool(s).goEnv(ctx, "GOROOT", "GOARCH", "GOFLAGS")
	if err != nil {
		return goTool{}, fmt.Errorf("asking the go command for its GOROOT: %w", err)
	}
	dir := filepath.Join(st.tmp, fmt.Sprintf("overlay%d", index))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return goTool{}, err
	}
	root, overlay, err := countingOverlay(vals[0], vals[1], vals[2], dir)
	if err != nil {
		return goTool{}, err
	}
	ct := gt
	ct.path = filepath.Join(root, "bin", "go")
	ct.env = setEnv(setEnv(slices.Clone(gt.env), "GOROOT", root), "GOTOOLCHAIN", "local")
	ct.buildFlags = append(slices.Clone(gt.buildFlags), "-overlay="+overlay)
	return ct, nil
}

// inProcessArgs are valgrind's own flags for counting inside a process
// of binary: callgrind without its cache and branch simulation (it then
// counts instructions, as cachegrind --cache-sim=no does), every dump
// appended to the one file out, nothing but costs per function in them.
// As for whole processes (valgrindArgs), only the command line counts,
// no gdb server, and no children traced.
func inProcessArgs(binary, out string, chase bool) []string {
	args := []string{
		"--command-line-only=yes",
		"--tool=callgrind",
		"--cache-sim=no",
		"--branch-sim=no",
		"--dump-line=no",
		"--dump-instr=no",
		"--combine-dumps=yes",
	}
	if chase {
		args = append(args, "--vex-guest-chase=no")
	}
	return append(args,
		"--callgrind-out-file="+out,
		"--vgdb=no",
		"--trace-children=no",
		binary,
	)
}

// inProcessBenchArgs are the test binary's flags for a counted process
// that runs the benchmarks bench selects: at -test.benchtime=1x the
// testing package's first run of one iteration is all it does besides
// the counted runs (see the overlay's benchgateLaunch).
func inProcessBenchArgs(bench string, timeout time.Duration) []string {
	return []string{
		"-test.run=^$",
		"-test.bench=" + bench,
		"-test.benchtime=1x",
		"-test.count=1",
		"-test.timeout=" + timeout.String(),
		"-test.v",
		"-test.paniconexit0",
	}
}

// itersLine is one line of the iteration counts' file: "n1 n2 name".
func itersLine(n1, n2 int, name string) string {
	return fmt.Sprintf("%d %d %s\n", n1, n2, name)
}

// dumpPrefix starts the trigger of every dump the patched testing
// package asks for: "dump benchgate <line> <n> <kind>", as callgrind
// writes it in the dump's "desc: Trigger:" line. The kind says what the
// dump closes (see counting/zz_benchgate_count_amd64.go.in): a stretch
// before a ResetTimer ("reset": not counted), one that ends at a
// StopTimer ("part") or at the return with the timer running ("end"), or
// what followed the last StopTimer ("tail": not counted).
const dumpPrefix = "dump benchgate "

// maxDumpLine bounds one line of callgrind's output file as read.
const maxDumpLine = 1 << 20

// segmentCounts are the counts of the runs in a process's output file, by
// the line of the iteration counts' file that named the benchmark and by
// the iteration count of the run: what the run's benchmark function
// executed while its timer ran, every thread included (the parts and end
// since its last reset). Dumps of other triggers (the one at the
// program's end) are not counted runs and are left out, and so is a run
// whose end the file does not have. A dump of a run that had ended means
// the process did not do what it was asked: an error.
func segmentCounts(r io.Reader) (map[int]map[int]int64, error) {
	type run struct {
		sum   int64
		ended bool
	}
	runs := map[[2]int]*run{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxDumpLine)
	trigger := ""
	for sc.Scan() {
		line := sc.Bytes()
		switch {
		case bytes.HasPrefix(line, []byte("desc: Trigger: ")):
			trigger = string(line[len("desc: Trigger: "):])
		case bytes.HasPrefix(line, []byte("totals: ")):
			t := trigger
			trigger = ""
			rest, ok := strings.CutPrefix(t, dumpPrefix)
			if !ok {
				continue
			}
			total, err := strconv.ParseInt(strings.TrimSpace(string(line[len("totals: "):])), 10, 64)
			if err != nil {
				return nil, fmt.Errorf("callgrind's dump %q has no count: %q", t, line)
			}
			f := strings.Fields(rest)
			if len(f) != 3 {
				return nil, fmt.Errorf("a dump's trigger %q is not benchgate's", t)
			}
			idx, err1 := strconv.Atoi(f[0])
			n, err2 := strconv.Atoi(f[1])
			if err1 != nil || err2 != nil || idx < 0 || n < 1 {
				return nil, fmt.Errorf("a dump's trigger %q is not benchgate's", t)
			}
			k := [2]int{idx, n}
			r := runs[k]
			if r == nil {
				r = &run{}
				runs[k] = r
			}
			if r.ended {
				return nil, fmt.Errorf("two runs at %dx of the same benchmark (%q)", n, t)
			}
			switch f[2] {
			case "reset":
				r.sum = 0
			case "part":
				r.sum += total
			case "end":
				r.sum += total
				r.ended = true
			case "tail":
				r.ended = true
			default:
				return nil, fmt.Errorf("a dump's trigger %q is not benchgate's", t)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading callgrind's output: %w", err)
	}
	out := map[int]map[int]int64{}
	for k, r := range runs {
		if !r.ended {
			continue
		}
		if out[k[0]] == nil {
			out[k[0]] = map[int]int64{}
		}
		out[k[0]][k[1]] = r.sum
	}
	return out, nil
}
