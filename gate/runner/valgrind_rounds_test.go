package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// fakeValgrind plays the go command and the listing (fakeExec), the
// calibration runs and valgrind. Side i's BenchmarkX costs perOp[i]
// instructions an iteration, after a start-up that differs from side to
// side; misbehave, if set, may change what a counted process of
// side i at n iterations prints.
type fakeValgrind struct {
	mu        sync.Mutex
	fe        fakeExec
	path      string
	perOp     [2]int64
	processes int
	counted   []Cmd
	calibrate []Cmd
	misbehave func(side, n int, out string) string
}

func (f *fakeValgrind) Run(ctx context.Context, c Cmd, out io.Writer) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	side := 1
	if slices.ContainsFunc(append([]string{c.Path}, c.Args...), func(a string) bool { return strings.Contains(a, "/bin0/") }) {
		side = 0
	}
	const header = "goos: linux\ngoarch: amd64\npkg: example.com/a\ncpu: Fake CPU\n"
	switch {
	case c.Path == f.path:
		f.counted = append(f.counted, c)
		f.processes++
		n := 0
		for _, a := range c.Args {
			if v, ok := strings.CutPrefix(a, "-test.benchtime="); ok {
				n, _ = strconv.Atoi(strings.TrimSuffix(v, "x"))
			}
		}
		startup := int64(60_000_000 + 1000*side)
		s := fmt.Sprintf("==77== Cachegrind\n%sBenchmarkX\nBenchmarkX\t%d\t2000000 ns/op\nPASS\n==77== \n==77== I   refs:      %s\n",
			header, n, commas(startup+int64(n+1)*f.perOp[side]))
		if f.misbehave != nil {
			s = f.misbehave(side, n, s)
		}
		fmt.Fprint(out, s)
	case slices.Contains(c.Args, "-test.benchtime="+calibrationBenchtime):
		f.calibrate = append(f.calibrate, c)
		fmt.Fprintf(out, "%sBenchmarkX\nBenchmarkX\t5000\t2000 ns/op\t0 B/op\t0 allocs/op\nPASS\n", header)
	default:
		return f.fe.Run(ctx, c, out)
	}
	return nil
}

// commas formats n as valgrind does: 1,234,567.
func commas(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// fakeValgrindCommand writes a "valgrind" that only answers --version.
func fakeValgrindCommand(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "valgrind")
	if err := os.WriteFile(path, []byte("#!/bin/sh\necho valgrind-3.19.0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func instructionsRun(t *testing.T, f *fakeValgrind, rounds int) (*Outcome, error) {
	t.Helper()
	p := testPlan(t, rounds)
	return Run(context.Background(), p, Options{WorkDir: t.TempDir(), Env: []string{"PATH=/bin", "GODEBUG=x=1"}, Exec: f,
		Measure: MeasureInstructions, Instructions: Instructions{Rounds: rounds, Valgrind: f.path}})
}

// TestInstructionRounds runs the instruction rounds on fakes: the
// iteration counts come from the calibration, each side's count per op is
// exact whatever its start-up costs, and every block is benchgate's own,
// read back as this run's.
func TestInstructionRounds(t *testing.T) {
	f := &fakeValgrind{path: fakeValgrindCommand(t), perOp: [2]int64{1000, 1020}}
	out, err := instructionsRun(t, f, 3)
	if err != nil {
		t.Fatal(err)
	}
	// 2 µs per op: 1 s / (30 × 2 µs) = 16667 → 20000; the counts say
	// 1000-1020 instructions an op, 2×10⁷ beyond N1 in all, short of
	// 10⁸, so round 1 is counted again with 2×10⁸ / 1020 → 200000.
	n1, n2 := 2, 200000
	if got := len(f.counted); got != 2*(2*3+1) {
		t.Errorf("%d valgrind processes, want 14 (2 sides × (2 × 3 rounds, and round 1's N2 again))", got)
	}
	if got := len(f.calibrate); got != 2 {
		t.Errorf("%d calibration runs, want one per side", got)
	}
	for _, c := range f.calibrate {
		if getEnv(c.Env, "GOMAXPROCS") != "1" || c.As == nil && os.Geteuid() == 0 {
			t.Errorf("calibration ran with GOMAXPROCS=%q as %v", getEnv(c.Env, "GOMAXPROCS"), c.As)
		}
	}
	perSide := map[bool]int{}
	for i, c := range f.counted {
		// Each side runs its processes in order, N1 then N2; the sides
		// run at once.
		base := strings.Contains(c.Args[slices.IndexFunc(c.Args, func(a string) bool { return !strings.HasPrefix(a, "--") })], "/bin0/")
		// Round 1: N1, the calibrated N2 (20000x), the retuned N2;
		// then N1, N2 in each round.
		want := fmt.Sprintf("-test.benchtime=%dx", []int{n1, n2}[(perSide[base]+1)%2])
		switch perSide[base] {
		case 0:
			want = fmt.Sprintf("-test.benchtime=%dx", n1)
		case 1:
			want = "-test.benchtime=20000x"
		}
		perSide[base]++
		if !slices.Contains(c.Args, want) || !slices.Contains(c.Args, "--command-line-only=yes") || !slices.Contains(c.Args, "-test.bench=^(BenchmarkX)$") {
			t.Errorf("valgrind process %d: %q, want %s", i, c.Args, want)
		}
		if getEnv(c.Env, "GOMAXPROCS") != "1" || getEnv(c.Env, "GOGC") != "off" || getEnv(c.Env, "GODEBUG") != "x=1,asyncpreemptoff=1,cpu.rdtscp=off" {
			t.Errorf("valgrind process %d's environment: %q", i, c.Env)
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
		want := fmt.Sprintf("BenchmarkX\t%d\t%d instructions/op\n", n2-n1, f.perOp[si])
		if c := strings.Count(text, want); c != 3 || s.Results != 3 {
			t.Errorf("%s.txt has %d lines %q (%d results counted), want 3:\n%s", s.Name, c, want, s.Results, text)
		}
		if c := strings.Count(text, "\n"+InstructionsMetadata+"\n"); c != 3 {
			t.Errorf("%s.txt has the unit's metadata %d times, want once per block", s.Name, c)
		}
		if !regexp.MustCompile(`(?m)^# benchgate: side=` + s.Name + ` round=3/3 package=example.com/a benchmark=BenchmarkX measure=instructions `).MatchString(text) {
			t.Errorf("%s.txt has no header for round 3:\n%s", s.Name, text)
		}
		// Every block after the first deletes the configuration the
		// one before set, then sets it again.
		blocks := strings.Split(text, "# benchgate: side=")
		if len(blocks) != 4 || !strings.Contains(blocks[2], "\ngoos:\ngoarch:\npkg:\ncpu:\ngoos: linux\n") {
			t.Errorf("%s.txt's second block does not reset the configuration:\n%s", s.Name, text)
		}
	}
	in := out.Instructions
	if in == nil || in.RoundsDone != 3 || in.Processes != 14 || len(in.Benchmarks) != 1 || in.Benchmarks[0].N2 != n2 || in.Valgrind != "valgrind-3.19.0" {
		t.Errorf("outcome: %+v", in)
	}
	if out.RoundsDone != 3 {
		t.Errorf("RoundsDone = %d, want 3", out.RoundsDone)
	}
	m, err := os.ReadFile(filepath.Join(filepath.Dir(out.Sides[0].File), ManifestFile))
	if err != nil || !strings.Contains(string(m), `"measure": "instructions"`) || !strings.Contains(string(m), `"n2": 200000`) {
		t.Errorf("manifest: %v\n%s", err, m)
	}
}

// TestInstructionRoundsRefuse checks that a counted process that did not
// do what it was asked fails the run, naming the benchmark.
func TestInstructionRoundsRefuse(t *testing.T) {
	for _, c := range []struct {
		name      string
		misbehave func(side, n int, out string) string
		want      string
	}{
		{"no count", func(side, n int, out string) string {
			return regexp.MustCompile(`==77== I.*\n`).ReplaceAllString(out, "")
		}, "under valgrind at -test.benchtime=2x: valgrind printed no instruction count"},
		{"a forged count", func(side, n int, out string) string {
			return strings.Replace(out, "PASS\n", "==77== I   refs:      5\nPASS\n", 1)
		}, "2 lines like valgrind's instruction count"},
		{"other iterations", func(side, n int, out string) string {
			return strings.Replace(out, fmt.Sprintf("\t%d\t", n), "\t7\t", 1)
		}, "ran 7 iterations, where -test.benchtime asked for 2"},
		{"skipped under valgrind", func(side, n int, out string) string {
			return "goos: linux\ngoarch: amd64\npkg: example.com/a\nBenchmarkX\n    x_test.go:9: not under valgrind\n--- SKIP: BenchmarkX\nPASS\n==77== I   refs:      1,000\n"
		}, "skipped under valgrind (x_test.go:9: not under valgrind)"},
		{"no work per op", func(side, n int, out string) string {
			return regexp.MustCompile(`refs: +[0-9,]+`).ReplaceAllString(out, "refs:      1,000")
		}, "does not grow with b.N"},
		{"crashed", func(side, n int, out string) string {
			return out + "vex amd64->IR: unhandled instruction bytes: 0x62\n"
		}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := &fakeValgrind{path: fakeValgrindCommand(t), perOp: [2]int64{1000, 1000}, misbehave: c.misbehave}
			_, err := instructionsRun(t, f, 2)
			if c.want == "" {
				if err != nil {
					t.Fatalf("valgrind's own lines made the run fail: %v", err)
				}
				return
			}
			var be *BenchmarkFailedError
			if !errors.As(err, &be) || !strings.Contains(err.Error(), c.want) || be.Benchmark != "BenchmarkX" {
				t.Fatalf("err = %v (%T); want a BenchmarkFailedError in BenchmarkX containing %q", err, err, c.want)
			}
		})
	}
}

// TestInstructionRoundsNeedValgrind checks the error for a machine
// without valgrind: before anything is built, naming what to install.
func TestInstructionRoundsNeedValgrind(t *testing.T) {
	f := &fakeValgrind{path: filepath.Join(t.TempDir(), "no-valgrind-here")}
	_, err := instructionsRun(t, f, 3)
	if err == nil || !strings.Contains(err.Error(), "-measure instructions counts instructions with valgrind, but") ||
		!strings.Contains(fmt.Sprint(err), "not installed") {
		t.Fatalf("err = %v", err)
	}
	if len(f.fe.calls) != 0 {
		t.Errorf("%d commands ran before the missing valgrind was noticed", len(f.fe.calls))
	}
}
