package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/benchgate/benchgate/gate/plan"
)

// fakeExec plays the go command and the test binaries.
type fakeExec struct {
	calls []Cmd
	// failOn makes the n-th binary run (1-based) fail with this output.
	failOn     int
	failOutput string
	runs       int
	// onBuild, if set, is called with each test binary "go test -c" would
	// write.
	onBuild func(bin string)
	// list, if set, is what each side's binary prints for -test.list,
	// by side index; listErr makes listing fail.
	list    []string
	listErr error
	onList  func()
	// goroot is what "go env GOROOT GOARCH GOFLAGS" says GOROOT is (a
	// directory without the testing package unless a test makes one,
	// so that instructions are counted in whole processes).
	goroot string
}

func (f *fakeExec) Run(ctx context.Context, c Cmd, out io.Writer) error {
	f.calls = append(f.calls, c)
	switch {
	case c.Path == "go" && c.Args[0] == "env" && len(c.Args) == 4 && c.Args[1] == "GOROOT":
		goroot := f.goroot
		if goroot == "" {
			goroot = "/nonexistent/goroot"
		}
		fmt.Fprintf(out, "%s\namd64\n\n", goroot)
	case c.Path == "go" && c.Args[0] == "env":
		tc := "go1.26.8"
		for _, kv := range c.Env {
			if v, ok := strings.CutPrefix(kv, "GOTOOLCHAIN="); ok && strings.HasPrefix(v, "go") {
				tc = v
			}
		}
		fmt.Fprintln(out, tc)
	case c.Path == "go" && c.Args[0] == "list":
		fmt.Fprintf(out, "example.com/a\t%s/a\t1\t0\n", c.Dir)
		fmt.Fprintf(out, "example.com/notests\t%s/notests\t0\t0\n", c.Dir)
	case (c.Path == "go" || strings.HasSuffix(c.Path, "/goroot/bin/go")) && c.Args[0] == "test":
		// go test -c -o BIN PKG
		if f.onBuild != nil {
			f.onBuild(c.Args[3])
		} else {
			os.WriteFile(c.Args[3], []byte("fake test binary\n"), 0o755)
		}
	case len(c.Args) > 0 && strings.HasPrefix(c.Args[0], "-test.list="):
		if f.onList != nil {
			f.onList()
		}
		if f.listErr != nil {
			return f.listErr
		}
		side := 1
		if strings.Contains(c.Path, "bin0") {
			side = 0
		}
		if f.list == nil {
			// Every binary lists, in every mode.
			fmt.Fprint(out, "BenchmarkX\n")
			return nil
		}
		fmt.Fprint(out, f.list[side])
	default:
		f.runs++
		if f.runs == f.failOn {
			fmt.Fprint(out, f.failOutput)
			return errors.New("exit status 2")
		}
		fmt.Fprintf(out, "pkg: example.com/a\nBenchmarkX\nBenchmarkX-2 100 %d ns/op 0 B/op 0 allocs/op\nPASS\n", 1000+f.runs)
	}
	return nil
}

func testPlan(t *testing.T, rounds int) *plan.Plan {
	return &plan.Plan{
		Sides: []plan.Side{
			{Name: "base", Toolchain: "local"},
			{Name: "head", Toolchain: "go1.27.3"},
		},
		Packages:  []string{"./..."},
		Bench:     ".",
		Benchtime: "10ms",
		// The fakes name their results as the testing package does at
		// GOMAXPROCS 2.
		CPU:        "2",
		Rounds:     rounds,
		Timeout:    time.Minute,
		ResultsDir: filepath.Join(t.TempDir(), "out"),
	}
}

func TestRunInterleavesAndRotates(t *testing.T) {
	fe := &fakeExec{}
	p := testPlan(t, 4)
	var progress strings.Builder
	out, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Env: []string{"PATH=/bin"}, Exec: fe, Progress: &progress})
	if err != nil {
		t.Fatal(err)
	}
	// Binary runs, in order: which side's binary ran?
	var order []string
	for _, c := range fe.calls {
		if c.Path == "go" || isList(c) {
			continue
		}
		if strings.Contains(c.Path, "bin0") {
			order = append(order, "base")
		} else {
			order = append(order, "head")
		}
		if !strings.HasSuffix(c.Dir, "/a") {
			t.Errorf("binary ran in %s, want the package directory", c.Dir)
		}
		for _, want := range []string{"-test.run=^$", "-test.bench=.", "-test.benchtime=10ms", "-test.benchmem", "-test.count=1", "-test.paniconexit0"} {
			if !contains(c.Args, want) {
				t.Errorf("binary args %v lack %s", c.Args, want)
			}
		}
	}
	want := "base head head base base head head base"
	if got := strings.Join(order, " "); got != want {
		t.Errorf("run order %q, want %q", got, want)
	}
	if out.RoundsDone != 4 {
		t.Errorf("rounds done %d, want 4", out.RoundsDone)
	}
	// The package without test files was not built.
	for _, c := range fe.calls {
		if c.Path == "go" && c.Args[0] == "test" && contains(c.Args, "example.com/notests") {
			t.Error("built a package without test files")
		}
	}
	// Each side's toolchain reached its go commands, and its version was
	// recorded.
	if out.Sides[1].GoVersion != "go1.27.3" || out.Sides[0].GoVersion != "go1.26.8" {
		t.Errorf("go versions %q, %q", out.Sides[0].GoVersion, out.Sides[1].GoVersion)
	}
	base, _ := os.ReadFile(out.Sides[0].File)
	if n := strings.Count(string(base), "# benchgate: side=base round="); n != 4 {
		t.Errorf("base.txt has %d run headers, want 4:\n%s", n, base)
	}
	if !strings.Contains(string(base), "go=go1.26.8 GOTOOLCHAIN=local") {
		t.Errorf("base.txt header does not name the toolchain:\n%s", base)
	}
	if _, err := os.Stat(filepath.Join(p.ResultsDir, ManifestFile)); err != nil {
		t.Errorf("no manifest: %v", err)
	}
	if !strings.Contains(progress.String(), "round 2/4 done (head then base)") {
		t.Errorf("progress lacks the per-round line:\n%s", progress.String())
	}
}

func TestRunFailureKeepsResults(t *testing.T) {
	fe := &fakeExec{failOn: 4, failOutput: "BenchmarkX-2 \t--- FAIL: BenchmarkX-2\n    x_test.go:9: broken\nFAIL\n"}
	p := testPlan(t, 3)
	out, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Exec: fe})
	var bf *BenchmarkFailedError
	if !errors.As(err, &bf) {
		t.Fatalf("error %v, want *BenchmarkFailedError", err)
	}
	// Round 2 runs head first, then base: the 4th run is base in round 2.
	if bf.Side != "base" || bf.Round != 2 || bf.Package != "example.com/a" || bf.Benchmark != "BenchmarkX-2" {
		t.Errorf("failure names side %q round %d package %q benchmark %q", bf.Side, bf.Round, bf.Package, bf.Benchmark)
	}
	msg := err.Error()
	for _, want := range []string{"running base benchmarks for example.com/a (round 2) failed in BenchmarkX-2", "x_test.go:9: broken", "results measured so far are kept in"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error message lacks %q:\n%s", want, msg)
		}
	}
	base, _ := os.ReadFile(out.Sides[0].File)
	if !strings.Contains(string(base), "BenchmarkX-2 100 1001 ns/op") {
		t.Errorf("round 1 results lost from base.txt:\n%s", base)
	}
	if !strings.Contains(string(base), "--- FAIL") {
		t.Errorf("the failing output was not kept:\n%s", base)
	}
	if out.RoundsDone != 1 {
		t.Errorf("rounds done %d, want 1", out.RoundsDone)
	}
}

func TestFailingBenchmark(t *testing.T) {
	for _, tt := range []struct{ out, want string }{
		{"BenchmarkA-2 10 5 ns/op 0 B/op 0 allocs/op\nBenchmarkB-2 \t--- FAIL: BenchmarkB-2\n", "BenchmarkB-2"},
		{"panic: test timed out after 1s\n\trunning tests:\n\t\tBenchmarkHang (1s)\n", "BenchmarkHang"},
		{"BenchmarkA-2 10 5 ns/op 0 B/op 0 allocs/op\nBenchmarkPanics-2 \tpanic: boom\n", "BenchmarkPanics-2"},
		{"garbage\n", ""},
	} {
		if got := failingBenchmark([]byte(tt.out)); got != tt.want {
			t.Errorf("failingBenchmark(%q) = %q, want %q", tt.out, got, tt.want)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// isList reports whether c is a binary listing its benchmarks.
func isList(c Cmd) bool { return len(c.Args) > 0 && strings.HasPrefix(c.Args[0], "-test.list=") }

func binaryOrder(fe *fakeExec) []string {
	var order []string
	for _, c := range fe.calls {
		if c.Path == "go" {
			continue
		}
		side := "head"
		if strings.Contains(c.Path, "bin0") {
			side = "base"
		}
		bench := ""
		for _, a := range c.Args {
			if b, ok := strings.CutPrefix(a, "-test.bench="); ok {
				bench = b
			}
		}
		order = append(order, side+":"+bench)
	}
	return order
}

func TestRunSequentialProtocol(t *testing.T) {
	fe := &fakeExec{}
	p := testPlan(t, 3)
	p.Protocol = plan.Sequential
	if _, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Exec: fe}); err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(benchRuns(fe), " "), "base:. base:. base:. head:. head:. head:."; got != want {
		t.Errorf("sequential order %q, want %q", got, want)
	}
}

func TestRunAdaptiveRounds(t *testing.T) {
	fe := &fakeExec{}
	p := testPlan(t, 2)
	p.MaxRounds = 6
	var asked []int
	next := func(done int) (map[string][]string, error) {
		asked = append(asked, done)
		if done >= 4 {
			return nil, nil // decided
		}
		return map[string][]string{"example.com/a": {"X"}}, nil
	}
	out, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Exec: fe, Next: next})
	if err != nil {
		t.Fatal(err)
	}
	want := "base:. head:. head:. base:. base:^(BenchmarkX)$ head:^(BenchmarkX)$ head:^(BenchmarkX)$ base:^(BenchmarkX)$"
	if got := strings.Join(benchRuns(fe), " "); got != want {
		t.Errorf("adaptive run order\n got %s\nwant %s", got, want)
	}
	if fmt.Sprint(asked) != "[2 3 4]" || out.RoundsDone != 4 {
		t.Errorf("asked after %v rounds, %d rounds done; want [2 3 4] and 4", asked, out.RoundsDone)
	}

	// The round limit holds even if benchmarks never get decided.
	fe = &fakeExec{}
	out, err = Run(context.Background(), p, Options{WorkDir: t.TempDir(), Exec: fe, Next: func(int) (map[string][]string, error) {
		return map[string][]string{"example.com/a": {"X"}}, nil
	}})
	if err != nil || out.RoundsDone != 6 {
		t.Errorf("never decided: %d rounds, %v; want -max-rounds 6", out.RoundsDone, err)
	}
}

func TestRunFreshCopies(t *testing.T) {
	fe := &fakeExec{}
	p := testPlan(t, 2)
	p.FreshCopies = true
	// The fake go command builds nothing, so give the binaries content.
	fe.onBuild = func(bin string) { os.WriteFile(bin, []byte("#!/bin/true\n"), 0o755) }
	if _, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Exec: fe}); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var length int
	for _, c := range fe.calls {
		if c.Path == "go" || isList(c) {
			continue
		}
		if seen[c.Path] {
			t.Errorf("binary %s ran twice; want a fresh copy every run", c.Path)
		}
		seen[c.Path] = true
		if !strings.Contains(filepath.Base(c.Path), "run-") {
			t.Errorf("ran %s, not a copy", c.Path)
		}
		if length != 0 && len(c.Path) != length {
			t.Errorf("copy paths differ in length: %d and %d", length, len(c.Path))
		}
		length = len(c.Path)
		if _, err := os.Stat(c.Path); err == nil {
			t.Errorf("copy %s was not removed after its run", c.Path)
		}
	}
	if len(seen) != 4 {
		t.Errorf("%d distinct binaries ran, want 4", len(seen))
	}
}

// With -interleave benchmark, each top-level benchmark function runs in a
// process of its own, base and head back to back, and the order rotates
// per round as it does for packages.
func TestRunInterleavesByBenchmark(t *testing.T) {
	fe := &fakeExec{list: []string{
		"TestA\nBenchmarkX\nBenchmarkY\nExampleZ\nsetup done\n",
		"TestA\nBenchmarkX\nBenchmarkY\nBenchmarkNew\n",
	}}
	p := testPlan(t, 2)
	p.Interleave = plan.ByBenchmark
	p.Bench = "X|Y|New/size=1"
	p.MaxRounds = 3
	var asked int
	next := func(done int) (map[string][]string, error) {
		if asked++; asked > 1 {
			return nil, nil
		}
		// Only Y's sub-benchmark is undecided: only Y runs again. A
		// name no listed function claims runs from a whole-package
		// process.
		return map[string][]string{"example.com/a": {"Y/n=2", "Gone"}}, nil
	}
	out, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Exec: fe, Next: next})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"base:^BenchmarkX$", "head:^BenchmarkX$", "base:^BenchmarkY$", "head:^BenchmarkY$", "head:^BenchmarkNew$/size=1",
		"head:^BenchmarkX$", "base:^BenchmarkX$", "head:^BenchmarkY$", "base:^BenchmarkY$", "head:^BenchmarkNew$/size=1",
		"base:^(BenchmarkY)$/^(n=2)$", "head:^(BenchmarkY)$/^(n=2)$", "base:^(BenchmarkGone)$", "head:^(BenchmarkGone)$",
	}
	if got := strings.Join(benchRuns(fe), " "); got != strings.Join(want, " ") {
		t.Errorf("run order\n got %s\nwant %s", got, strings.Join(want, " "))
	}
	if got := out.Sides[0].Packages[0].Benchmarks; fmt.Sprint(got) != "[BenchmarkX BenchmarkY]" {
		t.Errorf("base benchmarks %v, want the benchmark functions -bench selects", got)
	}
	base, _ := os.ReadFile(out.Sides[0].File)
	if !strings.Contains(string(base), "round=1/2 package=example.com/a benchmark=BenchmarkY") {
		t.Errorf("base.txt headers do not name the benchmark function:\n%s", base)
	}
	if out.Runs[0].Benchmark != "BenchmarkX" {
		t.Errorf("first run record %+v, want benchmark BenchmarkX", out.Runs[0])
	}
}

// benchRuns is binaryOrder without the -test.list calls, which have no
// -test.bench.
func benchRuns(fe *fakeExec) []string {
	var out []string
	for _, r := range binaryOrder(fe) {
		if !strings.HasSuffix(r, ":") {
			out = append(out, r)
		}
	}
	return out
}

// With -interleave benchmark, a package whose binary cannot list its
// benchmarks, lists nothing, or takes long to start (a TestMain that sets something up,
// which every function would pay for in every round), runs whole, with a
// note saying why.
func TestRunInterleaveFallsBackToPackages(t *testing.T) {
	for _, c := range []struct {
		name string
		fe   func(now *time.Time) *fakeExec
		note string
	}{
		{"listing fails", func(*time.Time) *fakeExec { return &fakeExec{listErr: errors.New("exit status 1")} },
			"listing the benchmarks of example.com/a failed"},
		{"slow start", func(now *time.Time) *fakeExec {
			return &fakeExec{list: []string{"BenchmarkX\n", "BenchmarkX\n"}, onList: func() { *now = now.Add(2 * time.Second) }}
		}, "took 2s to start and list its benchmarks"},
		// A TestMain that never calls m.Run lists nothing: run whole, its
		// missing PASS is reported instead of the package measuring nothing.
		{"lists nothing", func(*time.Time) *fakeExec { return &fakeExec{list: []string{"", "BenchmarkX\n"}} },
			"the test binary of example.com/a listed no tests or benchmarks"},
	} {
		t.Run(c.name, func(t *testing.T) {
			now := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
			fe := c.fe(&now)
			p := testPlan(t, 2)
			p.Interleave = plan.ByBenchmark
			var progress strings.Builder
			opts := Options{WorkDir: t.TempDir(), Exec: fe, Progress: &progress, Now: func() time.Time { return now }}
			if _, err := Run(context.Background(), p, opts); err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(benchRuns(fe), " "); got != "base:. head:. head:. base:." {
				t.Errorf("run order %q, want whole-package runs", got)
			}
			if !strings.Contains(progress.String(), c.note) {
				t.Errorf("progress lacks %q:\n%s", c.note, progress.String())
			}
		})
	}
}

// TestBenchmarkFailedErrorLines checks that what follows the failure's
// first line starts a line of its own, with or without the output's
// tail (a counted process's failure has none), so that a hint is never
// glued to the end of the failure.
func TestBenchmarkFailedErrorLines(t *testing.T) {
	for _, tail := range []string{"", "goos: linux\nBenchmarkWork\n"} {
		e := &BenchmarkFailedError{Stage: "run", Side: "head", Package: "example.com/p", Round: 1, Benchmark: "BenchmarkWork",
			Err: errors.New("skipped on head"), Tail: tail, Files: []string{"r/head.txt"}, Results: []int{2}, Hint: "make it run the same way"}
		lines := strings.Split(e.Error(), "\n")
		if lines[0] != "running head benchmarks for example.com/p (round 1) failed in BenchmarkWork: skipped on head" {
			t.Errorf("tail %q: first line %q", tail, lines[0])
		}
		if got := lines[len(lines)-1]; got != "hint: make it run the same way" {
			t.Errorf("tail %q: last line %q, want the hint alone", tail, got)
		}
		if got := lines[len(lines)-2]; got != "  results measured so far are kept in r/head.txt (2 result lines)" {
			t.Errorf("tail %q: the results line is %q", tail, got)
		}
		if (tail != "") != strings.Contains(e.Error(), "\n  last lines of output:\n    goos: linux\n    BenchmarkWork\n") {
			t.Errorf("tail %q: output tail shown wrongly:\n%s", tail, e.Error())
		}
	}
	// A failure with nothing after its first line is that line alone.
	e := &BenchmarkFailedError{Stage: "build", Side: "base", Package: "example.com/p", Err: errors.New("exit status 1")}
	if e.Error() != "building base benchmarks for example.com/p: exit status 1" {
		t.Errorf("Error() = %q", e.Error())
	}
}

// TestUndecidedNames: the progress line of an adaptive run names the
// benchmarks that get more rounds, the first five with their package.
func TestUndecidedNames(t *testing.T) {
	for _, tc := range []struct {
		sel  map[string][]string
		want string
	}{
		{map[string][]string{"example.com/adaptive": {"Late-2", "Mixed/depth=two-2"}}, "Late-2, Mixed/depth=two-2 (adaptive)"},
		{map[string][]string{
			"example.com/m/tls": {"TLSHandshake/a-2", "TLSHandshake/b-2"},
			"example.com/m/jwt": {"JWT/x-2", "JWT/y-2", "JWT/z-2", "JWT/w-2"},
		}, "JWT/x-2, JWT/y-2, JWT/z-2, JWT/w-2 (jwt); TLSHandshake/a-2 (tls) and 1 more"},
	} {
		if got := undecidedNames(tc.sel); got != tc.want {
			t.Errorf("undecidedNames(%v) = %q, want %q", tc.sel, got, tc.want)
		}
	}
}
