package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/usage"
)

// sideExec plays the go command and the test binaries of two sides: each
// binary lists list, and each benchmark run prints what run returns for
// its side and its n-th run on that side (1-based).
type sideExec struct {
	list string
	run  func(side string, n int, out io.Writer) error
	runs map[string]int
}

func (f *sideExec) Run(ctx context.Context, c Cmd, out io.Writer) error {
	if c.Path == "go" {
		switch c.Args[0] {
		case "env":
			fmt.Fprintln(out, "go1.26.8")
		case "list":
			fmt.Fprintf(out, "example.com/a\t%s/a\t1\t0\n", c.Dir)
		case "test":
			// go test -c -o BIN PKG: the binary must exist to be moved
			// into place.
			os.WriteFile(c.Args[3], []byte("fake test binary\n"), 0o755)
		}
		return nil
	}
	if isList(c) {
		fmt.Fprint(out, f.list)
		return nil
	}
	side := "head"
	if strings.Contains(c.Path, "bin0") {
		side = "base"
	}
	if f.runs == nil {
		f.runs = map[string]int{}
	}
	f.runs[side]++
	return f.run(side, f.runs[side], out)
}

const hdrLines = "goos: linux\ngoarch: amd64\npkg: example.com/a\n"

// result is a -test.v start line and its result.
func result(name string, ns int) string {
	return fmt.Sprintf("Benchmark%s\nBenchmark%s-2 \t 100\t %d ns/op 0 B/op 0 allocs/op\n", name, name, ns)
}

func untrustedPlan(t *testing.T, rounds int) *plan.Plan {
	t.Helper()
	p := hardPlan(t, rounds)
	p.Interleave = plan.ByPackage
	return p
}

func runWith(t *testing.T, p *plan.Plan, fe Executor) (*Outcome, error) {
	t.Helper()
	return Run(context.Background(), p, Options{WorkDir: t.TempDir(), Exec: fe})
}

// TestRunSkippedOnOneSide checks that a benchmark one side skips and
// another measures is an error naming it, the side and the reason, in
// whichever order the sides ran.
func TestRunSkippedOnOneSide(t *testing.T) {
	skipSlow := hdrLines + result("Fast", 10) + "BenchmarkSlow\n    slow_test.go:9: flaky on CI\n--- SKIP: BenchmarkSlow\nPASS\n"
	measures := hdrLines + result("Fast", 10) + result("Slow", 100) + "PASS\n"
	for _, c := range []struct {
		skips, want string
		round       int
	}{
		// Round 1 runs base first: head's skip is seen after base measured.
		{"head", "running head benchmarks for example.com/a (round 1) failed in BenchmarkSlow: skipped on head (slow_test.go:9: flaky on CI), but base measured it (BenchmarkSlow-2)", 1},
		// Base's skip comes first; head's results then show it.
		{"base", "running base benchmarks for example.com/a (round 1) failed in BenchmarkSlow: skipped on base in round 1 (slow_test.go:9: flaky on CI), but head measured it (BenchmarkSlow-2)", 1},
	} {
		t.Run(c.skips, func(t *testing.T) {
			fe := &sideExec{list: "BenchmarkFast\nBenchmarkSlow\n", run: func(side string, n int, out io.Writer) error {
				if side == c.skips {
					io.WriteString(out, skipSlow)
				} else {
					io.WriteString(out, measures)
				}
				return nil
			}}
			_, err := runWith(t, untrustedPlan(t, 3), fe)
			var bf *BenchmarkFailedError
			if !errors.As(err, &bf) {
				t.Fatalf("error %v, want *BenchmarkFailedError", err)
			}
			if bf.Side != c.skips || bf.Round != c.round || bf.Benchmark != "BenchmarkSlow" {
				t.Errorf("names side %q round %d benchmark %q", bf.Side, bf.Round, bf.Benchmark)
			}
			for _, w := range []string{c.want, "hint: a benchmark that is not measured on one side cannot be compared", "leave it out of -bench"} {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error lacks %q:\n%s", w, err)
				}
			}
		})
	}
}

// TestRunSkippedEverywhere checks that a benchmark every side skips is
// no error, and is reported.
func TestRunSkippedEverywhere(t *testing.T) {
	fe := &sideExec{list: "BenchmarkFast\nBenchmarkGPU\n", run: func(side string, n int, out io.Writer) error {
		io.WriteString(out, hdrLines+result("Fast", 10)+"BenchmarkGPU\n    gpu_test.go:3: needs a GPU\n--- SKIP: BenchmarkGPU\nPASS\n")
		return nil
	}}
	out, err := runWith(t, untrustedPlan(t, 2), fe)
	if err != nil {
		t.Fatal(err)
	}
	want := "[{base example.com/a BenchmarkGPU gpu_test.go:3: needs a GPU} {head example.com/a BenchmarkGPU gpu_test.go:3: needs a GPU}]"
	if got := fmt.Sprint(out.Skipped); got != want {
		t.Errorf("Skipped %s, want %s", got, want)
	}
}

// TestRunResultsStop checks that a benchmark (or a sub-benchmark) that
// reported results in earlier rounds and none in a later one is an
// error, while one the process was not asked for need not report.
func TestRunResultsStop(t *testing.T) {
	fe := &sideExec{list: "BenchmarkA\nBenchmarkS\n", run: func(side string, n int, out io.Writer) error {
		io.WriteString(out, hdrLines+result("A", 10)+"BenchmarkS\n"+result("S/x", 5))
		if side == "base" && n < 3 {
			io.WriteString(out, result("S/y", 5))
		}
		io.WriteString(out, "PASS\n")
		return nil
	}}
	_, err := runWith(t, untrustedPlan(t, 4), fe)
	var bf *BenchmarkFailedError
	if !errors.As(err, &bf) || bf.Side != "base" || bf.Round != 3 || bf.Benchmark != "BenchmarkS/y" {
		t.Fatalf("got %v, want base's BenchmarkS/y named in round 3", err)
	}
	if w := "failed in BenchmarkS/y: reported BenchmarkS/y-2 in round 1 but nothing in round 3"; !strings.Contains(err.Error(), w) {
		t.Errorf("error lacks %q:\n%s", w, err)
	}
}

// TestRunDuplicateResult checks that a benchmark with two results in one
// process is an error: one of them was printed by the benchmark.
func TestRunDuplicateResult(t *testing.T) {
	fe := &sideExec{list: "BenchmarkA\n", run: func(side string, n int, out io.Writer) error {
		io.WriteString(out, hdrLines+"BenchmarkA\nBenchmarkA-2 100 1 ns/op 0 B/op 0 allocs/op\nBenchmarkA-2 100 500 ns/op 0 B/op 0 allocs/op\nPASS\n")
		return nil
	}}
	_, err := runWith(t, untrustedPlan(t, 2), fe)
	var bf *BenchmarkFailedError
	if !errors.As(err, &bf) || bf.Benchmark != "BenchmarkA" {
		t.Fatalf("got %v, want BenchmarkA named", err)
	}
	if w := "BenchmarkA-2 reported two results in one process"; !strings.Contains(err.Error(), w) {
		t.Errorf("error lacks %q:\n%s", w, err)
	}
}

// TestRunRejectsAndResets checks, on the files a run writes, that results
// a process was not asked for are comments, counted, and that every block
// resets the configuration the previous one set.
func TestRunRejectsAndResets(t *testing.T) {
	fe := &sideExec{list: "BenchmarkA\nBenchmarkC\n", run: func(side string, n int, out io.Writer) error {
		io.WriteString(out, "warning: legacy mode enabled\n"+hdrLines+"BenchmarkA\nBenchmarkC-2 1000000 1 ns/op 0 B/op 0 allocs/op\nBenchmarkA-2 100 10 ns/op 0 B/op 0 allocs/op\n"+result("C", 50)+"PASS\n")
		return nil
	}}
	out, err := runWith(t, untrustedPlan(t, 2), fe)
	if err != nil {
		t.Fatal(err)
	}
	head := out.Sides[1]
	if head.Results != 4 || head.Rejected != 2 || head.FirstRejected != "BenchmarkC-2 1000000 1 ns/op 0 B/op 0 allocs/op" ||
		head.NotConfig != 2 || head.FirstNotConfig != "warning: legacy mode enabled" {
		t.Errorf("head: %d results, %d rejected (%q), %d not configuration (%q)", head.Results, head.Rejected, head.FirstRejected, head.NotConfig, head.FirstNotConfig)
	}
	b, _ := os.ReadFile(head.File)
	blocks := strings.Split(string(b), "# benchgate: side=")[1:]
	if len(blocks) != 2 {
		t.Fatalf("%d blocks:\n%s", len(blocks), b)
	}
	if strings.Contains(blocks[0], "goos:\n") {
		t.Errorf("the first block resets configuration nothing set:\n%s", blocks[0])
	}
	if !strings.Contains(blocks[1], "\ngoos:\ngoarch:\npkg:\n# benchgate: not configuration") {
		t.Errorf("the second block does not reset the first's configuration:\n%s", blocks[1])
	}
	if !strings.Contains(blocks[1], "# benchgate: rejected result (printed while another benchmark ran): BenchmarkC-2 1000000 1 ns/op 0 B/op 0 allocs/op\n") {
		t.Errorf("the rejected line is not a comment:\n%s", blocks[1])
	}
}

// TestRunLocksResultsDir checks that a run cannot use a results
// directory another holds, and that a run releases its lock whether it
// passes or fails.
func TestRunLocksResultsDir(t *testing.T) {
	p := untrustedPlan(t, 2)
	lock, err := LockResultsDir(p.ResultsDir)
	if err != nil {
		t.Fatal(err)
	}
	fe := &sideExec{list: "BenchmarkA\n", run: func(side string, n int, out io.Writer) error {
		io.WriteString(out, hdrLines+result("A", 10)+"PASS\n")
		return nil
	}}
	_, err = runWith(t, p, fe)
	var ue *usage.Error
	if !errors.As(err, &ue) {
		t.Fatalf("got %v, want a *usage.Error", err)
	}
	want := fmt.Sprintf("the results directory %s is in use by another benchgate run (pid %d): two runs in one directory would mix their results", p.ResultsDir, os.Getpid())
	if ue.Msg != want || !strings.Contains(ue.Hint, "give each run its own {out}") {
		t.Errorf("got %q (hint %q)\nwant %q", ue.Msg, ue.Hint, want)
	}
	if fe.runs != nil {
		t.Error("benchmarks ran in a locked directory")
	}
	lock.Unlock()

	// Released after a run that passed, and after one that failed.
	if _, err := runWith(t, p, fe); err != nil {
		t.Fatal(err)
	}
	failing := &sideExec{list: "BenchmarkA\n", run: func(string, int, io.Writer) error { return errors.New("exit status 1") }}
	if _, err := runWith(t, p, failing); err == nil {
		t.Fatal("a failing run passed")
	}
	again, err := LockResultsDir(p.ResultsDir)
	if err != nil {
		t.Fatalf("the directory stayed locked: %v", err)
	}
	again.Unlock()
}

// TestRunResultsFileChanges checks that a results file that is deleted,
// cut short or written to by someone else while the run goes on is an
// error that says what happened, and that a deleted file is not made
// again.
func TestRunResultsFileChanges(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(file string)
		want   string
	}{
		{"deleted", func(f string) { os.Remove(f) },
			"the base results file %s was deleted during the run: the block this run wrote to it (round 1, 1 result lines, %d bytes) is lost"},
		{"cut short", func(f string) { os.Truncate(f, 10) },
			"the base results file %s shrank from %[2]d to 10 bytes during the run: the block this run wrote to it (round 1, 1 result lines, %[2]d bytes) is lost"},
		{"written to", func(f string) {
			g, _ := os.OpenFile(f, os.O_APPEND|os.O_WRONLY, 0)
			g.WriteString("BenchmarkA-2 100 1 ns/op\n")
			g.Close()
		}, "the base results file %s grew by 25 bytes this run did not write during the run: the block this run wrote to it (round 1, 1 result lines, %d bytes) cannot be told from what others wrote"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := untrustedPlan(t, 3)
			baseFile := filepath.Join(p.ResultsDir, "base.txt")
			var size int64
			fe := &sideExec{list: "BenchmarkA\n", run: func(side string, n int, out io.Writer) error {
				// Head's first run, after base's: base.txt changes.
				if side == "head" && n == 1 {
					st, _ := os.Stat(baseFile)
					size = st.Size()
					c.change(baseFile)
				}
				io.WriteString(out, hdrLines+result("A", 10)+"PASS\n")
				return nil
			}}
			_, err := runWith(t, p, fe)
			var fe2 *ResultsFileError
			if !errors.As(err, &fe2) {
				t.Fatalf("got %v, want a *ResultsFileError", err)
			}
			want := fmt.Sprintf(c.want, baseFile, size)
			if !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "hint: nothing else may write to, move or delete the files in -out") {
				t.Errorf("error\n%s\nwant\n%s", err, want)
			}
			if c.name == "deleted" {
				if _, err := os.Stat(baseFile); err == nil {
					t.Error("the deleted results file was made again")
				}
			}
		})
	}
}

// TestVerifyResults checks that a results file is read back before it is
// compared: a block of another side or run, or bytes changed in place,
// are errors.
func TestVerifyResults(t *testing.T) {
	for _, c := range []struct {
		name, from, to, want string
	}{
		{"another side", "side=base", "side=head", "holds a block of side=head run=run001 at line 1, which this run (side=base run=run001) did not write"},
		{"another run", "run=run001", "run=run002", "holds a block of side=base run=run002 at line 1"},
		{"a changed value", " 10 ns/op", " 99 ns/op", "was changed in place"},
		{"a result commented out", "BenchmarkA-2", "#enchmarkA-2", "holds 0 result lines where this run wrote 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			s := &SideResult{Side: plan.Side{Name: "base"}, File: filepath.Join(dir, "base.txt")}
			if err := createResults(s); err != nil {
				t.Fatal(err)
			}
			st := &runState{runID: "run001", out: &Outcome{Sides: []*SideResult{s}}}
			f, err := openResults(s)
			if err != nil {
				t.Fatal(err)
			}
			bw := &blockWriter{w: f, sum: s.file.sum}
			io.WriteString(bw, "# benchgate: side=base round=1/2 package=example.com/a run=run001\nBenchmarkA\nBenchmarkA-2 100 10 ns/op 0 B/op 0 allocs/op\n")
			f.Close()
			s.wrote(bw, 1)
			s.Results = 1
			if err := st.verifyResults(); err != nil {
				t.Fatalf("the file as written: %v", err)
			}
			b, _ := os.ReadFile(s.File)
			changed := strings.Replace(string(b), c.from, c.to, 1)
			if len(changed) != len(b) {
				t.Fatal("the change must keep the size")
			}
			// In place: same file, same size.
			g, _ := os.OpenFile(s.File, os.O_WRONLY, 0)
			g.WriteAt([]byte(changed), 0)
			g.Close()
			err = st.verifyResults()
			var rf *ResultsFileError
			if !errors.As(err, &rf) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
}

// TestRunVerifiesBeforeAdaptiveRounds checks that the files are read back
// before Next compares them, not only when the run ends.
func TestRunVerifiesBeforeAdaptiveRounds(t *testing.T) {
	p := untrustedPlan(t, 2)
	p.MaxRounds = 4
	fe := &sideExec{list: "BenchmarkA\n", run: func(side string, n int, out io.Writer) error {
		io.WriteString(out, hdrLines+result("A", 10)+"PASS\n")
		return nil
	}}
	asked := 0
	next := func(int) (map[string][]string, error) {
		asked++
		return map[string][]string{"example.com/a": {"A"}}, nil
	}
	// After round 2 (head's second run is the last), base.txt is
	// changed in place: same size, another side's block.
	fe2 := &sideExec{list: fe.list, run: func(side string, n int, out io.Writer) error {
		err := fe.run(side, n, out)
		if side == "base" && n == 2 {
			f := filepath.Join(p.ResultsDir, "head.txt")
			b, _ := os.ReadFile(f)
			os.WriteFile(f, []byte(strings.Replace(string(b), "side=head", "side=base", 1)), 0o644)
		}
		return err
	}}
	_, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Exec: fe2, Next: next})
	var rf *ResultsFileError
	if !errors.As(err, &rf) || !strings.Contains(err.Error(), "holds a block of side=base") {
		t.Fatalf("got %v, want the head file's foreign block named", err)
	}
	if asked != 0 {
		t.Errorf("Next was asked %d times about files that are not this run's", asked)
	}
}

// TestRunLeavesOutSkippedEverywhere: run a function at a time, a function
// that every side skipped in rounds 1 and 2, measuring nothing, is left
// out of the later rounds (its process would only skip again) and
// reported as skipped on every side; one skipped on one side only stays
// an error (TestRunSkippedOnOneSide), and one with a sub-benchmark
// measured runs every round.
func TestRunLeavesOutSkippedEverywhere(t *testing.T) {
	ran := map[string]int{}
	fe := &sideExec{list: "BenchmarkFast\nBenchmarkGPU\nBenchmarkPart\n"} // the go command and listings
	bench := func(c Cmd) string {
		for _, a := range c.Args {
			if b, ok := strings.CutPrefix(a, "-test.bench="); ok {
				return b
			}
		}
		return ""
	}
	p := hardPlan(t, 4)
	p.Interleave = plan.ByBenchmark
	exec := execFunc(func(ctx context.Context, c Cmd, out io.Writer) error {
		if c.Path == "go" || isList(c) {
			return fe.Run(ctx, c, out)
		}
		b := bench(c)
		ran[b]++
		io.WriteString(out, hdrLines)
		switch {
		case strings.Contains(b, "BenchmarkGPU"):
			io.WriteString(out, "BenchmarkGPU\n    gpu_test.go:3: needs a GPU\n--- SKIP: BenchmarkGPU\n")
		case strings.Contains(b, "BenchmarkPart"):
			io.WriteString(out, "BenchmarkPart\n"+result("Part/cpu", 10)+"BenchmarkPart/gpu\n    gpu_test.go:9: needs a GPU\n--- SKIP: BenchmarkPart/gpu\n")
		default:
			io.WriteString(out, result("Fast", 10))
		}
		io.WriteString(out, "PASS\n")
		return nil
	})
	out, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Exec: exec})
	if err != nil {
		t.Fatal(err)
	}
	for b, n := range ran {
		want := 2 * p.Rounds // each side, every round
		if strings.Contains(b, "BenchmarkGPU") {
			want = 4 // each side, rounds 1 and 2 only
		}
		if n != want {
			t.Errorf("%s ran %d times, want %d", b, n, want)
		}
	}
	if len(ran) != 3 {
		t.Errorf("processes ran %v, want one -test.bench per function", ran)
	}
	want := "[{base example.com/a BenchmarkGPU gpu_test.go:3: needs a GPU} {base example.com/a BenchmarkPart/gpu gpu_test.go:9: needs a GPU} {head example.com/a BenchmarkGPU gpu_test.go:3: needs a GPU} {head example.com/a BenchmarkPart/gpu gpu_test.go:9: needs a GPU}]"
	if got := fmt.Sprint(out.Skipped); got != want {
		t.Errorf("Skipped %s,\nwant %s", got, want)
	}
	if out.RoundsDone != p.Rounds {
		t.Errorf("RoundsDone %d, want %d", out.RoundsDone, p.Rounds)
	}
}

// TestRunSkippedOnceFails: a function every side skips in round 1 only
// (it makes the fixture it lacked, then measures) runs again in round 2
// rather than being left out after round 1, which passed its regression
// unmeasured as "skipped on every side"; skipped in one round and
// measured in another, it fails the run, as it does skipped on one side.
func TestRunSkippedOnceFails(t *testing.T) {
	fe := &sideExec{list: "BenchmarkOnce\n"}
	runs := 0
	p := hardPlan(t, 4)
	p.Interleave = plan.ByBenchmark
	exec := execFunc(func(ctx context.Context, c Cmd, out io.Writer) error {
		if c.Path == "go" || isList(c) {
			return fe.Run(ctx, c, out)
		}
		runs++
		io.WriteString(out, hdrLines)
		if runs <= 2 { // each side's first process
			io.WriteString(out, "BenchmarkOnce\n    once_test.go:3: fixture made; run again\n--- SKIP: BenchmarkOnce\n")
		} else {
			io.WriteString(out, result("Once", 10))
		}
		io.WriteString(out, "PASS\n")
		return nil
	})
	_, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Exec: exec})
	if err == nil || !strings.Contains(err.Error(), "failed in BenchmarkOnce: skipped on base in round 1 (once_test.go:3: fixture made; run again), but head measured it") {
		t.Fatalf("got %v, want the run to fail on BenchmarkOnce", err)
	}
}

// TestRunGivesTheTestFlags: every timed process runs with -test.cpu (the
// plan's, else the side's GOMAXPROCS) and -test.benchmem, and a result
// named or measured otherwise than those flags make the testing package
// print it fails the run, naming the benchmark and the flag: the code
// under test changed the flag (flag.Set in a TestMain), which made a
// head's sub-benchmark "n-2" read as the base's "n", or dropped its B/op
// and allocs/op from the comparison.
func TestRunGivesTheTestFlags(t *testing.T) {
	for _, c := range []struct {
		name, headLine, want, hint string
	}{
		{"suffix", "BenchmarkA \t 100\t 10 ns/op 0 B/op 0 allocs/op\n",
			"failed in BenchmarkA: BenchmarkA is not named as the testing package names a result at -test.cpu=2, which benchgate gave it",
			"hint: benchgate runs every benchmark at the GOMAXPROCS it gives with -test.cpu (-cpu, else the side's GOMAXPROCS)"},
		{"benchmem", "BenchmarkA-2 \t 100\t 10 ns/op\n",
			"failed in BenchmarkA: BenchmarkA-2 reported no B/op and allocs/op, which the testing package reports for every benchmark under -test.benchmem",
			`hint: remove the code (a TestMain's flag.Set("test.benchmem", "false"))`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var args [][]string
			fe := &sideExec{list: "BenchmarkA\n"}
			exec := execFunc(func(ctx context.Context, cmd Cmd, out io.Writer) error {
				if cmd.Path == "go" || isList(cmd) {
					return fe.Run(ctx, cmd, out)
				}
				args = append(args, cmd.Args)
				io.WriteString(out, hdrLines)
				if strings.Contains(cmd.Path, "bin0") {
					io.WriteString(out, result("A", 10))
				} else {
					io.WriteString(out, "BenchmarkA\n"+c.headLine)
				}
				io.WriteString(out, "PASS\n")
				return nil
			})
			_, err := Run(context.Background(), untrustedPlan(t, 4), Options{WorkDir: t.TempDir(), Exec: exec})
			var bf *BenchmarkFailedError
			if !errors.As(err, &bf) || bf.Side != "head" || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.hint) {
				t.Fatalf("got %v, want head's run to fail with\n%s\n%s", err, c.want, c.hint)
			}
			for _, a := range args {
				if !slices.Contains(a, "-test.cpu=2") || !slices.Contains(a, "-test.benchmem") {
					t.Errorf("a process ran with %q, want -test.cpu=2 and -test.benchmem", a)
				}
			}
		})
	}
}

// TestSideProcs: the -test.cpu list is the plan's (-cpu), else the
// side's GOMAXPROCS, else what a Go program here gets by default; a
// GOMAXPROCS the runtime would ignore is ignored.
func TestSideProcs(t *testing.T) {
	def := strconv.Itoa(runtime.GOMAXPROCS(0))
	for _, c := range []struct {
		cpu  string
		env  []string
		want string
	}{
		{"1,4", []string{"GOMAXPROCS=3"}, "1,4"},
		{"", []string{"GOMAXPROCS=8", "PATH=/bin", "GOMAXPROCS=3"}, "3"},
		{"", []string{"GOMAXPROCS=0"}, def},
		{"", []string{"GOMAXPROCS=two"}, def},
		{"", []string{"PATH=/bin"}, def},
	} {
		st := &runState{plan: &plan.Plan{CPU: c.cpu}}
		if got := st.sideProcs(c.env); got != c.want {
			t.Errorf("-cpu %q, env %q: %q, want %q", c.cpu, c.env, got, c.want)
		}
	}
}
