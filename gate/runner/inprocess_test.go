package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/benchgate/benchgate/gate/plan"
)

// benchmarkGo119 is the shape of testing/benchmark.go in the oldest
// toolchain the built-in suite supports (go1.19): the four places the
// patch edits, with what surrounds them.
const benchmarkGo119 = `package testing

func (b *B) StopTimer() {
	if b.timerOn {
		b.duration += time.Since(b.start)
		b.timerOn = false
	}
}

func (b *B) ResetTimer() {
	if b.extra == nil {
		b.extra = make(map[string]float64, 16)
	}
}

func (b *B) runN(n int) {
	benchmarkLock.Lock()
	defer benchmarkLock.Unlock()
	defer b.runCleanup(normalPanic)
	runtime.GC()
	b.raceErrors = -race.Errors()
	b.N = n
	b.parallelism = 1
	b.ResetTimer()
	b.StartTimer()
	b.benchFunc(b)
	b.StopTimer()
	b.previousN = n
}

func (b *B) doBench() BenchmarkResult {
	go b.launch()
	<-b.signal
	return b.result
}
`

func TestPatchBenchmarkGo(t *testing.T) {
	got, err := patchBenchmarkGo([]byte(benchmarkGo119))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"\tbenchgateStart(b, n); b.benchFunc(b); benchgateEnd(b)\n\tb.StopTimer()\n",
		"\tgo benchgateLaunch(b)\n",
		"func (b *B) ResetTimer() { if b.timerOn { benchgateReset(b) };\n\tif b.extra == nil {",
		"func (b *B) StopTimer() { if b.timerOn { benchgateStop(b) };\n\tif b.timerOn {",
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("patched file lacks %q:\n%s", want, got)
		}
	}
	if n, m := strings.Count(benchmarkGo119, "\n"), bytes.Count(got, []byte("\n")); n != m {
		t.Errorf("the patch changed the number of lines: %d → %d", n, m)
	}
	for _, c := range []struct{ name, src, want string }{
		{"no runN call", strings.Replace(benchmarkGo119, "b.benchFunc(b)", "b.f(b)", 1), `0 copies of "b.benchFunc(b)"`},
		{"two launches", benchmarkGo119 + "func x() { go b.launch() }\n", `2 copies of "go b.launch()"`},
		{"no ResetTimer", strings.Replace(benchmarkGo119, "func (b *B) ResetTimer() {", "func (b *B) Reset() {", 1), `"func (b *B) ResetTimer() {"`},
		{"call outside runN", strings.Replace(strings.Replace(benchmarkGo119, "\tb.benchFunc(b)\n", "", 1), "\tgo b.launch()\n", "\tgo b.launch()\n\tb.benchFunc(b)\n", 1),
			`"b.benchFunc(b)" is not inside func (b *B) runN(n int)`},
	} {
		if _, err := patchBenchmarkGo([]byte(c.src)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want it to contain %s", c.name, err, c.want)
		}
	}
}

// goroots are the toolchains this machine has (and, unless -short,
// go1.27.3, which the go command fetches), by name.
func goroots(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	tcs := []string{"local"}
	if !testing.Short() {
		tcs = append(tcs, "go1.27.3")
	}
	for _, tc := range tcs {
		cmd := exec.Command("go", "env", "GOROOT")
		cmd.Env = append(os.Environ(), "GOTOOLCHAIN="+tc)
		b, err := cmd.Output()
		if err != nil {
			t.Fatalf("go env GOROOT with GOTOOLCHAIN=%s: %v", tc, err)
		}
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		out[tc] = strings.TrimSpace(lines[len(lines)-1])
	}
	return out
}

// inProcessFixture is a module with a benchmark of each shape the patch
// must count: b.N with setup before ResetTimer, b.N without ResetTimer,
// b.Loop, and sub-benchmarks. work is not inlined, so each shape's op
// is the same instructions.
var inProcessFixture = map[string]string{
	"go.mod": "module example.com/inproc\n\ngo 1.24\n",
	"inproc_test.go": `package inproc

import (
	"strconv"
	"testing"
)

var sink uint64

//go:noinline
func work(n int) uint64 {
	var x uint64 = 1
	for i := 0; i < n; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	return x
}

func BenchmarkReset(b *testing.B) {
	sink += work(100000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sink += work(2000)
	}
}

func BenchmarkNoReset(b *testing.B) {
	sink += work(100000)
	for i := 0; i < b.N; i++ {
		sink += work(2000)
	}
}

func BenchmarkLoop(b *testing.B) {
	sink += work(100000)
	for b.Loop() {
		sink += work(2000)
	}
}

// BenchmarkCheck checks its last result with the timer stopped, as the
// built-in suite's benchmarks do: the check is not counted.
func BenchmarkCheck(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sink += work(2000)
	}
	b.StopTimer()
	sink += work(50000)
}

// BenchmarkStopStart stops its timer for part of every iteration: more
// stops than are dumped, so its count is counted through them.
func BenchmarkStopStart(b *testing.B) {
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		sink += work(1000)
		b.StartTimer()
		sink += work(2000)
	}
}

func BenchmarkSub(b *testing.B) {
	for _, n := range []int{2000, 4000} {
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				sink += work(n)
			}
		})
	}
}
`,
}

// TestCountingOverlay builds a fixture with every toolchain here through
// the overlay, and checks that its testing package does what the
// counted processes rely on: nothing at all without BENCHGATE_COUNT;
// with it, the named benchmarks' last run is at their n2 and the others
// run once; and, under valgrind, a dump per counted run whose difference
// is one op's instructions, the same for every shape of benchmark.
func TestCountingOverlay(t *testing.T) {
	src := t.TempDir()
	for name, body := range inProcessFixture {
		if err := os.WriteFile(filepath.Join(src, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for tc, goroot := range goroots(t) {
		t.Run(tc, func(t *testing.T) {
			dir := t.TempDir()
			root, overlay, err := countingOverlay(goroot, "amd64", "", dir)
			if err != nil {
				t.Fatalf("%s (%s): %v", tc, goroot, err)
			}
			var js struct{ Replace map[string]string }
			if b, err := os.ReadFile(overlay); err != nil || json.Unmarshal(b, &js) != nil || len(js.Replace) != 3 {
				t.Fatalf("overlay %s: %v %+v", overlay, err, js)
			}
			bin := filepath.Join(dir, "inproc.test")
			// As the counted builds run: the toolchain through the link.
			build := exec.Command(filepath.Join(root, "bin", "go"), "test", "-c", "-o", bin, "-overlay="+overlay, ".")
			build.Dir = src
			build.Env = append(os.Environ(), "GOROOT="+root, "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod")
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("go test -c with the overlay: %v\n%s", err, out)
			}
			run := func(env []string, args ...string) string {
				t.Helper()
				cmd := exec.Command(bin, append([]string{"-test.run=^$", "-test.bench=."}, args...)...)
				cmd.Env = append(os.Environ(), env...)
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Fatalf("%s %q: %v\n%s", bin, args, err, out)
				}
				return string(out)
			}
			iters := func(out, name string) int {
				t.Helper()
				m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + `(?:-\d+)?\s+(\d+)\s`).FindStringSubmatch(out)
				if m == nil {
					t.Fatalf("no result of %s in\n%s", name, out)
				}
				n, _ := strconv.Atoi(m[1])
				return n
			}
			plain := run(nil, "-test.benchtime=3x")
			for _, name := range []string{"BenchmarkReset", "BenchmarkNoReset", "BenchmarkLoop", "BenchmarkSub/n=2000"} {
				if n := iters(plain, name); n != 3 {
					t.Errorf("without BENCHGATE_COUNT, %s ran %d iterations at -test.benchtime=3x", name, n)
				}
			}
			file := filepath.Join(dir, "iters")
			// About 3×10⁷ instructions between the two runs of each:
			// the runtime's own work beside them (sysmon preempting the
			// goroutine every 10 ms of wall time) is a small share of
			// that even on a loaded machine.
			lines := itersLine(1, 2001, "BenchmarkReset") + itersLine(1, 2101, "BenchmarkNoReset") + itersLine(1, 1901, "BenchmarkLoop") + itersLine(1, 1001, "BenchmarkSub/n=4000") +
				itersLine(1, 2001, "BenchmarkCheck") + itersLine(1, 1001, "BenchmarkStopStart")
			if err := os.WriteFile(file, []byte(lines), 0o644); err != nil {
				t.Fatal(err)
			}
			counted := run([]string{countEnvVar + "=" + file}, "-test.benchtime=1x")
			for name, want := range map[string]int{"BenchmarkReset": 2001, "BenchmarkNoReset": 2101, "BenchmarkLoop": 1901, "BenchmarkSub/n=4000": 1001, "BenchmarkSub/n=2000": 1} {
				if n := iters(counted, name); n != want {
					t.Errorf("with BENCHGATE_COUNT, %s reported %d iterations, want %d", name, n, want)
				}
			}
			vg, err := exec.LookPath("valgrind")
			if err != nil {
				t.Logf("valgrind is not installed: the counts under valgrind are checked by testdata/e2e/e2e_instructions.txtar where it is")
				return
			}
			out := filepath.Join(dir, "callgrind.out")
			cmd := exec.Command(vg, append(inProcessArgs(bin, out, false), "-test.run=^$", "-test.bench=.", "-test.benchtime=1x")...)
			cmd.Env = setEnv(countEnv(os.Environ()), countEnvVar, file)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("valgrind: %v\n%s", err, b)
			}
			segs, err := readSegments(out)
			if err != nil {
				t.Fatal(err)
			}
			perOp := map[int]float64{}
			for line, n := range map[int][2]int{0: {1, 2001}, 1: {1, 2101}, 2: {1, 1901}, 3: {1, 1001}, 4: {1, 2001}, 5: {1, 1001}} {
				if len(segs[line]) != 2 {
					t.Fatalf("line %d: dumps %v, want the runs at %dx and %dx", line, segs[line], n[0], n[1])
				}
				if perOp[line], err = PerOp(segs[line][n[0]], segs[line][n[1]], n[0], n[1]); err != nil {
					t.Fatal(err)
				}
			}
			// One op of work(2000), whichever way the loop is written;
			// work(4000) is twice that.
			for _, line := range []int{1, 2, 4} {
				if d := math.Abs(perOp[line]/perOp[0] - 1); d > 0.003 {
					t.Errorf("instructions/op: %v; line %d differs from line 0 by %.3f%%", perOp, line, 100*d)
				}
			}
			if d := math.Abs(perOp[3]/(2*perOp[0]) - 1); d > 0.01 {
				t.Errorf("instructions/op: %v; work(4000) is not twice work(2000) (%.3f%% off)", perOp, 100*d)
			}
			// The check after StopTimer is not in the run at 1x (it
			// would be 25 times the op), and a stop in every iteration is
			// counted through: work(1000) + work(2000), and the timer's
			// own StopTimer and StartTimer.
			if one := float64(segs[4][1]); one > 2*perOp[0] {
				t.Errorf("BenchmarkCheck's run at 1x counted %.0f instructions, more than two ops of %.0f: the check after StopTimer was counted", one, perOp[0])
			}
			if perOp[5] < 1.49*perOp[0] {
				t.Errorf("instructions/op: %v; BenchmarkStopStart is less than work(1000) + work(2000): its stops were not counted through", perOp)
			}
		})
	}
}

func TestSegmentCounts(t *testing.T) {
	part := func(trigger string, total int64) string {
		return fmt.Sprintf("part: 1\ndesc: Timerange: Basic block 0 - 9\ndesc: Trigger: %s\n\npositions: line\nevents: Ir\nsummary: %d\n\nfl=(1) x.go\nfn=(1) f\n0 %d\n\ntotals: %d\n", trigger, total, total, total)
	}
	file := "version: 1\ncreator: callgrind-3.19.0\n" +
		// Line 0: setup before ResetTimer, the loop, a check after
		// StopTimer.
		part("dump benchgate 0 1 reset", 800) + part("dump benchgate 0 1 part", 1500) + part("dump benchgate 0 1 tail", 700) +
		part("dump benchgate 0 9 reset", 800) + part("dump benchgate 0 9 part", 9500) + part("dump benchgate 0 9 tail", 700) +
		// Line 1: the timer stopped and started again in the loop,
		// ending with it running.
		part("dump benchgate 1 1 end", 70) + part("dump benchgate 1 2 part", 60) + part("dump benchgate 1 2 end", 70) +
		// Line 2 never ended (the process died in it).
		part("dump benchgate 2 1 part", 5) + part("Program termination", 42)
	got, err := segmentCounts(strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != "map[0:map[1:1500 9:9500] 1:map[1:70 2:130]]" {
		t.Errorf("segmentCounts = %v", got)
	}
	for _, c := range []struct{ name, file, want string }{
		{"a run dumped after its end", part("dump benchgate 0 1 end", 1) + part("dump benchgate 0 1 part", 2), "two runs at 1x of the same benchmark"},
		{"not benchgate's", part("dump benchgate x 1 end", 1), "is not benchgate's"},
		{"no kind", part("dump benchgate 0 1", 1), "is not benchgate's"},
		{"another kind", part("dump benchgate 0 1 start", 1), "is not benchgate's"},
		{"no count", strings.Replace(part("dump benchgate 0 1 end", 1), "totals: 1", "totals: many", 1), "has no count"},
		{"a line too long", "desc: Trigger: " + strings.Repeat("x", maxDumpLine+1) + "\n", "token too long"},
	} {
		if _, err := segmentCounts(strings.NewReader(c.file)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.name, err, c.want)
		}
	}
}

func TestBenchChunks(t *testing.T) {
	var ts []*vgTarget
	for i := range 100 {
		ts = append(ts, &vgTarget{bench: strings.Repeat("x", 1000) + strconv.Itoa(i)})
	}
	chunks := benchChunks(ts)
	n := 0
	for _, c := range chunks {
		size := -1
		for _, t := range c {
			size += len(t.bench) + 1
		}
		if size > maxBenchExpr {
			t.Errorf("a chunk's -test.bench is %d bytes, more than %d", size, maxBenchExpr)
		}
		n += len(c)
	}
	if n != 100 || len(chunks) != 4 {
		t.Errorf("%d targets in %d chunks, want 100 in 4", n, len(chunks))
	}
	// Targets of 20.4 s each (101 runs of a 6.7 ms op, 30 times slower
	// under valgrind, and 0.2 s): two to a process of a minute at most,
	// and a target of more than a minute alone.
	ts = nil
	for range 5 {
		ts = append(ts, &vgTarget{bench: "x", n1: 1, n2: 99, nsPerOp: 6_666_667})
	}
	ts = append(ts, &vgTarget{bench: "y", n1: 1, n2: 99, nsPerOp: 30_000_000})
	var sizes []int
	for _, c := range benchChunks(ts) {
		sizes = append(sizes, len(c))
	}
	if fmt.Sprint(sizes) != "[2 2 1 1]" {
		t.Errorf("chunks of %v targets, want [2 2 1 1]", sizes)
	}
	st := &runState{plan: &plan.Plan{Timeout: 5 * time.Minute}}
	if got := st.chunkTimeout(ts[:2]); got != 5*time.Minute {
		t.Errorf("chunkTimeout of 40.8 s of work = %v, want the plan's 5m", got)
	}
	if got := st.chunkTimeout(ts[5:]); got != 4*(90900*time.Millisecond+200*time.Millisecond) {
		t.Errorf("chunkTimeout of 91.1 s of work = %v, want four times that", got)
	}
}

func TestCountUnits(t *testing.T) {
	a1 := &vgTarget{pkg: "a", name: "A1", inProcess: true}
	b1 := &vgTarget{pkg: "b", name: "B1"}
	a2 := &vgTarget{pkg: "a", name: "A2", inProcess: true}
	b2 := &vgTarget{pkg: "b", name: "B2"}
	var got []string
	for _, u := range countUnits([]*vgTarget{a1, b1, a2, b2}) {
		var names []string
		for _, t := range u {
			names = append(names, t.name)
		}
		got = append(got, strings.Join(names, "+"))
	}
	if strings.Join(got, " ") != "A1+A2 B1 B2" {
		t.Errorf("countUnits = %q, want the package counted inside the process together, the others alone", got)
	}
	if nf := nameForms("BenchmarkX/y-4"); len(nf) != 2 || nf[1] != "BenchmarkX/y" {
		t.Errorf("nameForms = %q", nf)
	}
}

func TestChooseItersInProcess(t *testing.T) {
	for _, c := range []struct {
		name   string
		ns     float64
		wantN2 int
	}{
		// 0.5 s / (30 × 57 µs) = 292 → 200.
		{"ecdsa sign", 57_000, 200},
		// RSA-4096 sign, 14 ms: one op beyond N1 is the least.
		{"slow op", 14_000_000, 2},
	} {
		if n1, n2 := inProcessIters.choose(c.ns, 0); n1 != 1 || n2 != c.wantN2 {
			t.Errorf("%s: choose = %d, %d; want 1, %d", c.name, n1, n2, c.wantN2)
		}
	}
	// 100k instructions an op at 50x: 4.9×10⁶ beyond N1, short of
	// 5×10⁷: counted again at N1 + 10⁸/100k = 1001 → 1000.
	if n2, ok := inProcessIters.retune(1, 50, 100_000, 0); !ok || n2 != 1000 {
		t.Errorf("retune = %d, %v; want 1000, true", n2, ok)
	}
	// ECDSA P-256 sign, 358k an op at 200x: 7.1×10⁷ is enough.
	if _, ok := inProcessIters.retune(1, 200, 358_000, 0); ok {
		t.Error("retune asked for more where the signal was enough")
	}
}

// fakeCallgrind plays valgrind's callgrind for the in-process fakes: it
// reads the iteration counts' file a counted process is given, prints
// what the testing package would (each named benchmark at its n2), and
// writes the dumps the patched testing package would ask for, side i's
// benchmark costing perOp[i] an iteration beyond what a run does once
// (once, and a little more on side 1). misbehave, if set, may change the
// output and the dumps of side i.
type fakeCallgrind struct {
	fakeValgrind
	once      int64
	misbehave func(side int, out, dumps string) (string, string)
}

func (f *fakeCallgrind) Run(ctx context.Context, c Cmd, out io.Writer) error {
	if c.Path != f.path || !slices.Contains(c.Args, "--tool=callgrind") {
		return f.fakeValgrind.Run(ctx, c, out)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.counted = append(f.counted, c)
	f.processes++
	side := 1
	if slices.ContainsFunc(c.Args, func(a string) bool { return strings.Contains(a, "/bin0/") }) {
		side = 0
	}
	var file string
	for _, a := range c.Args {
		if v, ok := strings.CutPrefix(a, "--callgrind-out-file="); ok {
			file = v
		}
	}
	lines, err := os.ReadFile(getEnv(c.Env, countEnvVar))
	if err != nil {
		return err
	}
	var printed, dumps strings.Builder
	printed.WriteString("goos: linux\ngoarch: amd64\npkg: example.com/a\ncpu: Fake CPU\n")
	for i, l := range strings.Split(strings.TrimSpace(string(lines)), "\n") {
		var n1, n2 int
		var name string
		fmt.Sscanf(l, "%d %d %s", &n1, &n2, &name)
		for k, n := range []int{n1, n2} {
			fmt.Fprintf(&dumps, "part: %d\ndesc: Trigger: dump benchgate %d %d end\nsummary: 1\ntotals: %d\n", 2*i+k+1, i, n, f.once+int64(side)+int64(n)*f.perOp[side])
		}
		fmt.Fprintf(&printed, "%s\n%s\t%d\t2000000 ns/op\n", name, name, n2)
	}
	dumps.WriteString("part: 99\ndesc: Trigger: Program termination\ntotals: 123\n")
	printed.WriteString("PASS\n==77== Callgrind\n")
	o, d := printed.String(), dumps.String()
	if f.misbehave != nil {
		o, d = f.misbehave(side, o, d)
	}
	fmt.Fprint(out, o)
	return os.WriteFile(file, []byte(d), 0o644)
}

// fakeGOROOT makes a GOROOT with the go1.19 shape of the testing
// package, which the patch accepts.
func fakeGOROOT(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "src", "testing"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "src", "testing", "benchmark.go"), []byte(benchmarkGo119), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

// TestInstructionRoundsInProcess runs the instruction rounds on fakes
// whose toolchain can be patched: one callgrind process per side and
// round counts the package's benchmark inside itself, from the
// iteration counts' file benchgate wrote, and each count is a block of
// benchgate's, saying how it was made.
func TestInstructionRoundsInProcess(t *testing.T) {
	f := &fakeCallgrind{fakeValgrind: fakeValgrind{path: fakeValgrindCommand(t), perOp: [2]int64{100_000, 101_000}}, once: 56_000}
	f.fe.goroot = fakeGOROOT(t)
	p := testPlan(t, 3)
	out, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Env: []string{"PATH=/bin", "GODEBUG=x=1"}, Exec: f,
		Measure: MeasureInstructions, Instructions: Instructions{Rounds: 3, Valgrind: f.path}})
	if err != nil {
		t.Fatal(err)
	}
	// 2 µs per op: 0.5 s / (30 × 2 µs) = 8333 → 10000, 10⁹ beyond N1
	// at 100k an op: no retune, one process per side and round.
	if len(f.counted) != 6 {
		t.Errorf("%d valgrind processes, want 6 (2 sides × 3 rounds)", len(f.counted))
	}
	var builds []Cmd
	for _, c := range f.fe.calls {
		if len(c.Args) > 1 && c.Args[0] == "test" && c.Args[1] == "-c" {
			builds = append(builds, c)
		}
	}
	for _, b := range builds {
		overlay := slices.IndexFunc(b.Args, func(a string) bool { return strings.HasPrefix(a, "-overlay=") })
		if overlay < 0 || !strings.HasSuffix(b.Path, "/goroot/bin/go") || getEnv(b.Env, "GOTOOLCHAIN") != "local" || getEnv(b.Env, "GOROOT")+"/bin/go" != b.Path {
			t.Errorf("a counted binary built as %s %q with GOROOT=%s GOTOOLCHAIN=%s; want the toolchain through its link, with the overlay",
				b.Path, b.Args, getEnv(b.Env, "GOROOT"), getEnv(b.Env, "GOTOOLCHAIN"))
		}
	}
	if len(builds) != 2 {
		t.Errorf("%d builds, want 2 (one per side: instructions alone need no timed binary)", len(builds))
	}
	for i, c := range f.counted {
		if !slices.Contains(c.Args, "--tool=callgrind") || !slices.Contains(c.Args, "-test.benchtime=1x") || !slices.Contains(c.Args, "-test.bench=^(BenchmarkX)$") {
			t.Errorf("valgrind process %d: %q", i, c.Args)
		}
		if os.Geteuid() == 0 && c.As == nil {
			t.Errorf("valgrind process %d ran as benchgate's user", i)
		}
	}
	for si, s := range out.Sides {
		data, err := os.ReadFile(s.File)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		want := fmt.Sprintf("BenchmarkX\t9999\t%d instructions/op\n", f.perOp[si])
		if c := strings.Count(text, want); c != 3 || s.Results != 3 {
			t.Errorf("%s.txt has %d lines %q (%d results), want 3:\n%s", s.Name, c, want, s.Results, text)
		}
		if !regexp.MustCompile(`(?m)^# benchgate: instructions/op = \(I\(10000\) - I\(1\)\) / \(10000 - 1\) = \(\d+ - \d+\) / 9999: counts of the runs at 1x and 10000x inside one process`).MatchString(text) {
			t.Errorf("%s.txt does not say how the count was made:\n%s", s.Name, text)
		}
	}
	in := out.Instructions
	if in == nil || in.Processes != 6 || len(in.Benchmarks) != 1 || !in.Benchmarks[0].InProcess || in.Benchmarks[0].N1 != 1 || in.Benchmarks[0].N2 != 10000 {
		t.Errorf("outcome: %+v", in)
	}
}

// TestInstructionRoundsInProcessRefuse checks that a process counted
// inside itself that did not do what it was asked fails the run, naming
// the benchmark.
func TestInstructionRoundsInProcessRefuse(t *testing.T) {
	for _, c := range []struct {
		name      string
		misbehave func(side int, out, dumps string) (string, string)
		want      string
	}{
		{"no dumps", func(side int, out, dumps string) (string, string) {
			return out, ""
		}, "callgrind has no count of its runs"},
		{"a run not dumped", func(side int, out, dumps string) (string, string) {
			return out, regexp.MustCompile(`desc: Trigger: dump benchgate 0 1 end\n`).ReplaceAllString(dumps, "desc: Trigger: x\n")
		}, "callgrind has counts of its runs at 10000x, where benchgate asked for 1x and 10000x"},
		{"other iterations", func(side int, out, dumps string) (string, string) {
			return strings.Replace(out, "\t10000\t", "\t7\t", 1), dumps
		}, "reported 7 iterations, where its counted runs were of 1 and 10000"},
		{"nothing reported", func(side int, out, dumps string) (string, string) {
			return regexp.MustCompile(`BenchmarkX\t.*\n`).ReplaceAllString(out, ""), dumps
		}, "reported no result for BenchmarkX"},
		{"skipped", func(side int, out, dumps string) (string, string) {
			return "BenchmarkX\n    x_test.go:9: not under valgrind\n--- SKIP: BenchmarkX\nPASS\n", dumps
		}, "skipped under valgrind (x_test.go:9: not under valgrind)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := &fakeCallgrind{fakeValgrind: fakeValgrind{path: fakeValgrindCommand(t), perOp: [2]int64{100_000, 100_000}}, misbehave: c.misbehave}
			err := inProcessRun(t, f)
			var be *BenchmarkFailedError
			if !errors.As(err, &be) || !strings.Contains(err.Error(), c.want) || be.Benchmark != "BenchmarkX" {
				t.Fatalf("err = %v (%T); want a BenchmarkFailedError in BenchmarkX containing %q", err, err, c.want)
			}
		})
	}
	t.Run("output replaced by a link", func(t *testing.T) {
		f := &fakeCallgrind{fakeValgrind: fakeValgrind{path: fakeValgrindCommand(t), perOp: [2]int64{100_000, 100_000}}}
		err := inProcessRun(t, f, &linkingCallgrind{f})
		var be *BenchmarkFailedError
		if !errors.As(err, &be) || !strings.Contains(err.Error(), "reading callgrind's output") {
			t.Fatalf("err = %v (%T); want a BenchmarkFailedError reading callgrind's output", err, err)
		}
	})
}

// inProcessRun is a 2-round instruction run of f, whose toolchain can be
// patched, through exec (f itself when nil).
func inProcessRun(t *testing.T, f *fakeCallgrind, exec ...Executor) error {
	t.Helper()
	f.fe.goroot = fakeGOROOT(t)
	var e Executor = f
	if len(exec) > 0 {
		e = exec[0]
	}
	_, err := Run(context.Background(), testPlan(t, 2), Options{WorkDir: t.TempDir(), Env: []string{"PATH=/bin"}, Exec: e,
		Measure: MeasureInstructions, Instructions: Instructions{Rounds: 2, Valgrind: f.path}})
	return err
}

// linkingCallgrind is a fakeCallgrind whose counted processes leave a
// link where callgrind's output should be, as code under test could.
type linkingCallgrind struct{ *fakeCallgrind }

func (l *linkingCallgrind) Run(ctx context.Context, c Cmd, out io.Writer) error {
	if err := l.fakeCallgrind.Run(ctx, c, out); err != nil || !slices.Contains(c.Args, "--tool=callgrind") {
		return err
	}
	for _, a := range c.Args {
		if v, ok := strings.CutPrefix(a, "--callgrind-out-file="); ok {
			os.Remove(v)
			return os.Symlink("/etc/passwd", v)
		}
	}
	return nil
}
