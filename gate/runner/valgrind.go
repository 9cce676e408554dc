package runner

// Instructions/op: a deterministic measure, counted by valgrind. The
// parts here are pure (what to run, what its output says, what a count
// is per op, which iteration counts to use, the lines of a results
// block); valgrind_calibrate.go chooses what to count, valgrind_rounds.go
// and inprocess_rounds.go count it, valgrind_process.go runs one
// process, and inprocess.go builds and reads what counting inside the
// process needs.
//
// # How a count per op is made
//
// Two counts of a benchmark at N1 and N2 iterations make its count per op:
//
//	instructions/op = (I(N2) - I(N1)) / (N2 - N1)
//
// What the two have in common cancels. Where the side's build allows it,
// the counts are of two runs inside one process (inprocess.go): callgrind
// zeroed where the benchmark function starts (or resets its timer) and
// dumped where it returns, so only what a run does once (setup the timer
// keeps, the end of the loop) is in both; N1 is 1. Elsewhere valgrind's
// cachegrind (--cache-sim=no: instructions only) counts two whole
// processes, at -test.benchtime=N1x and N2x, every instruction in every
// thread: start-up (valgrind's, the runtime's, the package's init) and
// setup (everything the benchmark does before and after its loop,
// including the testing package's first run with b.N = 1) are in both;
// N1 is 2. Counting only inside the loop without the patched testing
// package is not reliable for Go: callgrind's --toggle-collect and
// --dump-before/--dump-after on testing.(*B).runN see different totals in
// identical runs, as goroutines move between threads and callgrind
// follows calls per thread.
//
// N2 is chosen per benchmark from a short timed run of the binary outside
// valgrind (see ChooseIters and itersPolicy), and checked against the
// first round's counts (Retune).
//
// # What the processes run with
//
// GOMAXPROCS=1, GOGC=off (and a GOMEMLIMIT as a safety net) and
// GODEBUG=asyncpreemptoff=1: valgrind runs one thread at a time, so idle
// Ps would spin and the scheduler's and collector's work would depend
// on timing; and callgrind and cachegrind stop at the runtime's
// preemption signal. With GOMAXPROCS=1 a RunParallel benchmark runs its
// body on one goroutine: its count is the work of an op, not its
// contention or scaling.
//
// valgrind emulates a CPU of its own (for amd64 a Haswell-class one:
// AVX2 but no AVX-512, SHA-NI or ADX), so code that picks an
// implementation by CPU feature runs that CPU's path. What the measure
// does not see, and why, is in docs/statistics.md.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/benchgate/benchgate/gate/usage"
)

// Measure is what benchmark processes are measured by.
type Measure string

const (
	// MeasureTime runs the benchmarks as go test does and keeps what the
	// testing package reports: sec/op, B/op, allocs/op and the
	// benchmarks' own metrics.
	MeasureTime Measure = "time"
	// MeasureInstructions counts instructions/op under valgrind (see the
	// file's comment) and nothing else.
	MeasureInstructions Measure = "instructions"
	// MeasureBoth does both: the instruction rounds first, base and head
	// in parallel, then the timed rounds, interleaved as always.
	MeasureBoth Measure = "both"
)

// ParseMeasure parses a -measure value.
func ParseMeasure(s string) (Measure, error) {
	switch m := Measure(strings.TrimSpace(s)); m {
	case MeasureTime, MeasureInstructions, MeasureBoth:
		return m, nil
	}
	return "", fmt.Errorf("invalid {measure} %q: want time, instructions or both", s)
}

// Time reports whether m runs the timed rounds (the empty Measure does).
func (m Measure) Time() bool { return m != MeasureInstructions }

// Instructions reports whether m counts instructions.
func (m Measure) Instructions() bool { return m == MeasureInstructions || m == MeasureBoth }

// InstructionsUnit is the unit of the counts, as the results files and
// reports name it.
const InstructionsUnit = "instructions/op"

// InstructionsMetadata is the unit metadata line every block of counts
// carries: the counts are deterministic up to a small spread, so the
// exact rule of package decide judges them, and fewer is better.
const InstructionsMetadata = "Unit " + InstructionsUnit + " assume=exact better=lower"

// Instructions configures the instruction rounds of a run whose Measure
// counts instructions.
type Instructions struct {
	// Rounds is the number of instruction rounds every benchmark gets;
	// MaxRounds the most one whose comparison is still undecided gets,
	// as Next asks (0 or Rounds: exactly Rounds).
	Rounds, MaxRounds int
	// Valgrind is the valgrind command; empty means "valgrind" from
	// PATH.
	Valgrind string
	// Next is asked after the fixed instruction rounds, and after each
	// extra one, which benchmarks need another, as Options.Next is for
	// the timed rounds; nil means none.
	Next func(roundsDone int) (map[string][]string, error)
}

// The environment of every valgrind process, on top of the side's (see
// the file's comment).
var valgrindEnv = [][2]string{
	{"GOMAXPROCS", "1"},
	{"GOGC", "off"},
	// The counts are chosen so the heap stays far below this (see
	// maxHeap); it only keeps a benchmark that allocates more than its
	// calibration said from exhausting the machine's memory.
	{"GOMEMLIMIT", "2GiB"},
}

// valgrindGODEBUG is added to the side's GODEBUG, last, so it wins.
// cpu.rdtscp=off keeps the runtime's cputicks (called when a runtime
// lock is contended, which valgrind's serialised threads make common)
// from executing RDTSCP: valgrind's emulated CPU claims it, but
// valgrind 3.19 cannot translate it on a host whose CPUID does not list
// it (virtual machines that hide it), and the process dies of SIGILL.
// (golang.org/x/sys/cpu, vendored in the standard library, prints a
// warning about the option it does not know; nothing else changes.)
const valgrindGODEBUG = "asyncpreemptoff=1,cpu.rdtscp=off"

// countEnv is env with the settings of a counted process.
func countEnv(env []string) []string {
	for _, kv := range valgrindEnv {
		env = setEnv(env, kv[0], kv[1])
	}
	debug := valgrindGODEBUG
	if old := getEnv(env, "GODEBUG"); old != "" {
		debug = old + "," + debug
	}
	return setEnv(env, "GODEBUG", debug)
}

// calibrationEnv is env with the settings of a calibration run: one P,
// as the counted processes have, so that a benchmark is named as they
// name it and RunParallel runs as it will be counted.
func calibrationEnv(env []string) []string {
	return setEnv(env, "GOMAXPROCS", "1")
}

// valgrindArgs are valgrind's own flags for counting binary's
// instructions. Only the command line counts (--command-line-only: not
// a .valgrindrc in the package's directory or the side's home, which
// the code under test could write, nor VALGRIND_OPTS); no output file,
// no gdb server, and the children a benchmark starts are not traced.
//
// Most of a counted process's time is valgrind translating the code it
// runs (a crypto benchmark's test binary: about 2 s for 100M
// instructions executed, 0.2 s of it running them), and
// --vex-guest-chase=no translates smaller blocks for less: ECDSA P-256
// sign at 2x and 200x took 0.83x and 0.84x the time (medians of 3,
// interleaved), with the same counts. It changes how the code is
// translated, not which instructions run. Older valgrinds lack the
// option and refuse options they do not know, so chase says whether
// this one has it (see hasOption).
func valgrindArgs(binary string, chase bool) []string {
	args := []string{
		"--command-line-only=yes",
		"--tool=cachegrind",
		"--cache-sim=no",
		"--branch-sim=no",
	}
	if chase {
		args = append(args, "--vex-guest-chase=no")
	}
	return append(args,
		"--cachegrind-out-file=/dev/null",
		"--vgdb=no",
		"--trace-children=no",
		binary,
	)
}

// chaseOption is the option valgrindArgs gives where valgrind has it.
const chaseOption = "--vex-guest-chase"

// hasOption reports whether the valgrind at path lists option among
// its own (valgrind --help-debug lists them all, debugging ones too).
func hasOption(ctx context.Context, path, option string) bool {
	out, err := askValgrind(ctx, path, "--help-debug")
	return err == nil && bytes.Contains(out, []byte(option+"="))
}

// askValgrind is what the valgrind at path prints for one of its own
// questions (--version, --help-debug), given at most 30 s to answer.
func askValgrind(ctx context.Context, path, flag string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	return exec.CommandContext(ctx, path, flag).CombinedOutput()
}

// countArgs are the test binary's flags for one counted process: the one
// benchmark bench selects, n iterations, as benchArgs otherwise.
func countArgs(bench string, n int, timeout time.Duration) []string {
	return []string{
		"-test.run=^$",
		"-test.bench=" + bench,
		"-test.benchtime=" + strconv.Itoa(n) + "x",
		"-test.count=1",
		"-test.timeout=" + timeout.String(),
		"-test.v",
		"-test.paniconexit0",
	}
}

// calibrationBenchtime is the -test.benchtime of the short timed run that
// lists a function's benchmarks and says how long an op takes.
const calibrationBenchtime = "10ms"

// calibrationArgs are the test binary's flags for the calibration run of
// the benchmarks bench selects.
func calibrationArgs(bench string, timeout time.Duration) []string {
	return []string{
		"-test.run=^$",
		"-test.bench=" + bench,
		"-test.benchtime=" + calibrationBenchtime,
		"-test.benchmem",
		"-test.count=1",
		"-test.timeout=" + timeout.String(),
		"-test.v",
		"-test.paniconexit0",
	}
}

// irefsRE is cachegrind's summary line: "==123== I   refs:      277,886,245".
var irefsRE = regexp.MustCompile(`^==(\d+)== I\s+refs:\s+([0-9,]+)\s*$`)

// parseIrefs finds cachegrind's instruction count in a process's output.
// It must be there exactly once. valgrind prints its own after the
// program has exited, so a line like it that the benchmark printed
// makes two, and the process fails rather than have either taken.
func parseIrefs(out []byte) (int64, error) {
	var found []int64
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 0, 64<<10), 2*maxLine)
	for sc.Scan() {
		m := irefsRE.FindSubmatch(bytes.TrimRight(sc.Bytes(), "\r"))
		if m == nil {
			continue
		}
		n, err := strconv.ParseInt(strings.ReplaceAll(string(m[2]), ",", ""), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("valgrind's instruction count %q is not a number", m[2])
		}
		found = append(found, n)
	}
	switch len(found) {
	case 0:
		return 0, errors.New("valgrind printed no instruction count (no \"I refs:\" line)")
	case 1:
		return found[0], nil
	}
	return 0, fmt.Errorf("the output holds %d lines like valgrind's instruction count, where valgrind prints one; did the benchmark print one?", len(found))
}

// PerOp is the count of one iteration from two whole-process counts, i1
// at n1 iterations and i2 at n2 > n1: (i2 - i1) / (n2 - n1). Start-up and
// setup, the same in both processes, cancel. A difference that is not
// positive means the processes did not do what their iteration counts
// say (or an iteration costs nothing): an error.
func PerOp(i1, i2 int64, n1, n2 int) (float64, error) {
	if n2 <= n1 || n1 < 1 {
		return 0, fmt.Errorf("iteration counts %d and %d: want 0 < n1 < n2", n1, n2)
	}
	if i2 <= i1 {
		return 0, fmt.Errorf("the process at %dx counted %d instructions, not more than the one at %dx (%d): the benchmark's work does not grow with b.N", n2, i2, n1, i1)
	}
	return float64(i2-i1) / float64(n2-n1), nil
}

// Iteration counts. For whole processes N1 is 2: two iterations after
// the testing package's first run of one, so that whatever the first
// iterations set up (lazily built tables, pools) is in both processes, at
// the cost of little more than a start-up. N2 does about countWork of
// benchmark work under valgrind, which runs an op about valgrindSlowdown
// times slower than the native calibration run measured it (cachegrind
// without its cache simulation, measured on the built-in suite: 25–40×).
// Both are the same on every side and in every round.
//
// What the two processes do besides the benchmark's iterations is the
// same in both only on average: the runtime's background threads
// (sysmon above all) execute instructions at a rate that follows wall
// time, so a process that a loaded machine slows down counts more,
// about 50–100k instructions per second here. The difference of the two
// counts must therefore be large: at least minSignal instructions. A
// loaded machine also slows the calibration run, and so makes N2 too
// small; the first round's counts say how many instructions an op
// really takes, and where N2 gave less than minSignal, the first round
// is counted again with N2 for targetSignal (see Retune).
//
// Inside one process (inprocess.go) the two runs come after the testing
// package's first one, so N1 is 1, and no start-up differs between
// them. What still varies from run to run is what the benchmark and the
// runtime do depending on timing (sysmon preempting the benchmark
// goroutine every 10 ms of wall time; a network benchmark finding its
// data ready or parking for it), tens of thousands of instructions in a
// run of the built-in suite's JWT middleware or TLS handshake: at 10^8
// instructions between the two runs their A/A spread is at most about
// 0.4%, where 2×10^7 left it at 1% (docs/statistics.md). Half the work
// of a whole process does that.
const (
	valgrindSlowdown = 30
	maxIters         = 100_000_000
	// maxHeap bounds what the N2 process may allocate with the
	// collector off: N2 × B/op (calibration) stays below it.
	maxHeap = 512 << 20
)

// itersPolicy is how a way of counting chooses its iteration counts.
type itersPolicy struct {
	n1 int
	// work is the benchmark work under valgrind N2 aims at.
	work time.Duration
	// minSignal and targetSignal are instruction counts of N2 - N1 ops
	// (see Retune).
	minSignal, targetSignal float64
	// minIters is the smallest N2.
	minIters int
}

var (
	wholeProcessIters = itersPolicy{n1: 2, work: time.Second, minSignal: 1e8, targetSignal: 2e8, minIters: 5}
	inProcessIters    = itersPolicy{n1: 1, work: 500 * time.Millisecond, minSignal: 5e7, targetSignal: 1e8, minIters: 2}
)

// ChooseIters picks the iteration counts of a benchmark whose op takes
// nsPerOp nanoseconds and allocates bytesPerOp bytes outside valgrind,
// for whole processes: n1 is 2; n2 does about a second of work under
// valgrind, rounded to the nearest 1, 2 or 5 times a power of ten (so
// that small changes in the calibration's timing keep the same counts),
// at least 5 and at most maxIters, and few enough that the heap stays
// below maxHeap.
func ChooseIters(nsPerOp, bytesPerOp float64) (n1, n2 int) {
	return wholeProcessIters.choose(nsPerOp, bytesPerOp)
}

func (p itersPolicy) choose(nsPerOp, bytesPerOp float64) (n1, n2 int) {
	est := float64(maxIters)
	if nsPerOp > 0 {
		est = float64(p.work) / (nsPerOp * valgrindSlowdown)
	}
	return p.n1, p.capIters(niceNearest(math.Min(est, maxIters)), bytesPerOp)
}

// capIters is n2 within [minIters, maxIters] and below the heap cap.
func (p itersPolicy) capIters(n2 int, bytesPerOp float64) int {
	n2 = min(n2, maxIters)
	if bytesPerOp > 0 {
		for n2 > p.minIters && float64(n2)*bytesPerOp > maxHeap {
			n2 = niceBelow(n2)
		}
	}
	return max(n2, p.minIters)
}

// Retune is, after a first count of perOp instructions an op at n1 and
// n2 iterations in whole processes, the n2 to count with instead: one
// whose difference reaches targetSignal, where n2's fell short of
// minSignal and a larger n2 is allowed; else n2 itself (ok false).
func Retune(n1, n2 int, perOp, bytesPerOp float64) (int, bool) {
	return wholeProcessIters.retune(n1, n2, perOp, bytesPerOp)
}

func (p itersPolicy) retune(n1, n2 int, perOp, bytesPerOp float64) (int, bool) {
	if perOp <= 0 || float64(n2-n1)*perOp >= p.minSignal {
		return n2, false
	}
	better := p.capIters(niceNearest(float64(n1)+p.targetSignal/perOp), bytesPerOp)
	if better <= n2 {
		return n2, false
	}
	return better, true
}

// niceNearest is the 1, 2 or 5 times a power of ten nearest to x, in
// ratio (1 for x up to 1.4).
func niceNearest(x float64) int {
	if x <= 1 {
		return 1
	}
	best, bestDist := 1.0, math.Inf(1)
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, c := range []float64{p, 2 * p, 5 * p, 10 * p} {
		if d := math.Abs(math.Log(x / c)); d < bestDist {
			best, bestDist = c, d
		}
	}
	return int(best)
}

// niceBelow is the largest 1, 2 or 5 times a power of ten below n (1
// for n up to 1).
func niceBelow(n int) int {
	best := 1
	for p := 1; p < n; p *= 10 {
		for _, m := range []int{1, 2, 5} {
			if c := m * p; c < n {
				best = c
			}
		}
	}
	return best
}

// Count is one measurement of one benchmark: two processes' counts and
// what they make per op.
type Count struct {
	// Name is the benchmark's full name as the testing package printed
	// it ("BenchmarkRSA/bits=2048"); with GOMAXPROCS=1 it has no suffix.
	Name string
	// N1, N2 are the iteration counts, I1, I2 the counts at each, D1,
	// D2 how long the processes took.
	N1, N2 int
	I1, I2 int64
	D1, D2 time.Duration
	// InProcess says that I1 and I2 are the counts of two runs inside
	// one process (inprocess.go), which took D1 (= D2) and counted
	// Shared benchmarks; otherwise they are two whole processes'.
	InProcess bool
	Shared    int
	// PerOp is (I2 - I1) / (N2 - N1).
	PerOp float64
}

// countLines are the lines of a results block that state c: how it was
// obtained (comments), the unit's metadata and the result line, with
// N2 - N1 as its iterations. The value keeps ten significant digits.
func countLines(c Count, version string) []string {
	how := fmt.Sprintf("whole-process counts, %s --tool=cachegrind --cache-sim=no, GOMAXPROCS=1 GOGC=off GODEBUG=asyncpreemptoff=1; processes of %s and %s",
		version, c.D1.Round(time.Millisecond), c.D2.Round(time.Millisecond))
	if c.InProcess {
		how = fmt.Sprintf("counts of the runs at %dx and %dx inside one process, from the benchmark function's start (or last ResetTimer) to its return, every thread, %s --tool=callgrind, GOMAXPROCS=1 GOGC=off GODEBUG=asyncpreemptoff=1; a process of %s for %d benchmark(s)",
			c.N1, c.N2, version, c.D1.Round(time.Millisecond), c.Shared)
	}
	return []string{
		fmt.Sprintf("# benchgate: instructions/op = (I(%d) - I(%d)) / (%d - %d) = (%d - %d) / %d: %s",
			c.N2, c.N1, c.N2, c.N1, c.I2, c.I1, c.N2-c.N1, how),
		InstructionsMetadata,
		fmt.Sprintf("%s\t%d\t%s %s", c.Name, c.N2-c.N1, strconv.FormatFloat(c.PerOp, 'f', -1, 64), InstructionsUnit),
	}
}

// formatPerOp is a count per op for a reader.
func formatPerOp(v float64) string {
	return strconv.FormatFloat(v, 'g', 10, 64)
}

// findValgrind resolves the valgrind command and asks it for its
// version. A valgrind that is missing, or does not run, is a usage
// error: the run was asked for a measure this machine cannot take.
func findValgrind(ctx context.Context, name string) (path, version string, err error) {
	if name == "" {
		name = "valgrind"
	}
	const hint = "install valgrind (Debian and Ubuntu: apt-get install valgrind; the benchgate Action's image has it), or use {measure} time"
	path, err = exec.LookPath(name)
	if err != nil {
		return "", "", usage.Errorf(hint, "{measure} %s counts instructions with valgrind, but %s is not installed (%v)", MeasureInstructions, name, errors.Unwrap(err))
	}
	out, err := askValgrind(ctx, path, "--version")
	v := strings.TrimSpace(string(out))
	if err != nil || !strings.HasPrefix(v, "valgrind-") {
		return "", "", usage.Errorf(hint, "{measure} %s counts instructions with valgrind, but %s --version failed: %v %s", MeasureInstructions, path, err, v)
	}
	return path, v, nil
}
