package pipeline

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/usage"
)

// results is six rounds of each name, in package pkg.
func results(pkg string, names ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "goos: linux\npkg: %s\n", pkg)
	for i := 0; i < 6; i++ {
		for _, n := range names {
			fmt.Fprintf(&b, "Benchmark%s 100 %d ns/op\n", n, 100+i)
		}
	}
	return b.String()
}

// outcome is a run whose sides list the given functions in example.com/a;
// a nil list means the side could not list them.
func outcome(base, head []string) *runner.Outcome {
	side := func(name string, fns []string) *runner.SideResult {
		return &runner.SideResult{Side: plan.Side{Name: name}, File: name + ".txt",
			Packages: []runner.Package{{ImportPath: "example.com/a", Benchmarks: fns, Listed: fns != nil}}}
	}
	return &runner.Outcome{Sides: []*runner.SideResult{side("base", base), side("head", head)}}
}

func read(t *testing.T, base, head string) *compare.Result {
	t.Helper()
	res, err := compare.Read([]compare.Input{compare.TextInput(compare.Base, "base.txt", base), compare.TextInput(compare.Head, "head.txt", head)}, compare.DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestMissingResults checks which one-sided benchmarks are errors: those
// whose function the other side lists (or could not list), not those it
// does not have.
func TestMissingResults(t *testing.T) {
	both := []string{"BenchmarkFast", "BenchmarkSlow"}
	for _, c := range []struct {
		name       string
		base, head string
		list       [2][]string
		want       string // "" for no error
	}{
		{"skipped on head", results("example.com/a", "Fast-2", "Slow-2"), results("example.com/a", "Fast-2"), [2][]string{both, both},
			"BenchmarkSlow (example.com/a): results on base, none on head, although head's test binary lists it"},
		{"new on head, listed on base", results("example.com/a", "Fast-2"), results("example.com/a", "Fast-2", "Slow-2"), [2][]string{both, both},
			"BenchmarkSlow (example.com/a): results on head, none on base, although base's test binary lists it"},
		{"really removed", results("example.com/a", "Fast-2", "Slow-2"), results("example.com/a", "Fast-2"), [2][]string{both, {"BenchmarkFast"}}, ""},
		{"really new", results("example.com/a", "Fast-2"), results("example.com/a", "Fast-2", "Slow-2"), [2][]string{{"BenchmarkFast"}, both}, ""},
		{"head not listed", results("example.com/a", "Fast-2", "Slow-2"), results("example.com/a", "Fast-2"), [2][]string{both, nil},
			"none on head, although head's test binary could not be listed, so it may have it"},
		// A removed sub-benchmark of a function both sides measure.
		{"a sub-benchmark removed", results("example.com/a", "Fast-2", "Slow/x-2", "Slow/y-2"), results("example.com/a", "Fast-2", "Slow/x-2"), [2][]string{both, both}, ""},
		// All of a function's results in another configuration.
		{"another configuration", results("example.com/a", "Fast-2", "Slow-2"), results("example.com/a", "Fast-2") + "warning: legacy\n" + strings.Repeat("BenchmarkSlow-2 100 900 ns/op\n", 6), [2][]string{both, both},
			"head's results of it are in another configuration (goos=linux pkg=example.com/a warning=legacy, where base's are goos=linux pkg=example.com/a)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := missingResults(outcome(c.list[0], c.list[1]), read(t, c.base, c.head))
			if c.want == "" {
				if err != nil {
					t.Fatalf("got %v, want no error", err)
				}
				return
			}
			var me *MissingResultsError
			if !errors.As(err, &me) {
				t.Fatalf("got %v, want a *MissingResultsError", err)
			}
			msg := usage.Text(err, usage.Flags)
			for _, w := range []string{c.want, "hint: a benchmark that is not measured on one side cannot be compared", "leave it out of -bench"} {
				if !strings.Contains(msg, w) {
					t.Errorf("error lacks %q:\n%s", w, msg)
				}
			}
			if ExitCode(err) != ExitFailed {
				t.Errorf("exit code %d, want %d", ExitCode(err), ExitFailed)
			}
		})
	}
}

// TestRunNotes checks the notes that name what the report's rows do not
// say: benchmarks on one side only, rejected lines, lines that were not
// configuration, benchmarks skipped everywhere.
func TestRunNotes(t *testing.T) {
	out := outcome([]string{"BenchmarkFast", "BenchmarkOld"}, []string{"BenchmarkFast", "BenchmarkNew"})
	out.Sides[1].Rejected, out.Sides[1].FirstRejected = 3, "BenchmarkC-2 1 1 ns/op"
	out.Sides[1].NotConfig, out.Sides[1].FirstNotConfig = 12, "warning: legacy mode enabled"
	out.Skipped = []runner.Skipped{
		{Side: "base", Package: "example.com/a", Benchmark: "BenchmarkGPU", Reason: "gpu_test.go:3: needs a GPU"},
		{Side: "head", Package: "example.com/a", Benchmark: "BenchmarkGPU", Reason: "gpu_test.go:3: needs a GPU"},
	}
	res := read(t, results("example.com/a", "Fast-2", "Old-2"), results("example.com/a", "Fast-2", "New-2"))
	rep := report.New(decide.Decide(res, decide.DefaultPolicy), 0.95)
	got := strings.Join(runNotes(out, rep), "\n")
	for _, w := range []string{
		"removed: Old-2 (example.com/a): only base has these benchmarks",
		"new: New-2 (example.com/a): only head has these benchmarks",
		`head: 3 result line(s) rejected, printed for a benchmark the process was not asked to run or while another benchmark ran (by the code under test, not by the testing package): they are comments in head.txt and were not compared; the first: "BenchmarkC-2 1 1 ns/op"`,
		`head: 12 line(s) printed by the code under test look like configuration or unit metadata but are not the testing package's: they are comments in head.txt and configure nothing; the first: "warning: legacy mode enabled"`,
		"BenchmarkGPU (example.com/a) was skipped on base and head (gpu_test.go:3: needs a GPU), so it was not measured",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("notes lack %q:\n%s", w, got)
		}
	}
	// Under an error verdict, rows on one side only are where the run
	// stopped, not benchmarks that were removed.
	rep.Verdict = decide.ErrorVerdict
	if got := strings.Join(runNotes(out, rep), "\n"); strings.Contains(got, "only base has") {
		t.Errorf("an error verdict's notes name removed benchmarks:\n%s", got)
	}
}

// TestSkippedNotes: benchmarks skipped on every side for one reason are
// one note naming them all (a package of benchmarks that need data the
// machine lacks would otherwise be a note per benchmark), and counted once
// each whatever the sides.
func TestSkippedNotes(t *testing.T) {
	var skips []runner.Skipped
	for _, side := range []string{"base", "head"} {
		for _, b := range []string{"BenchmarkUFlat0", "BenchmarkUFlat1", "BenchmarkUFlat2"} {
			skips = append(skips, runner.Skipped{Side: side, Package: "example.com/snappy", Benchmark: b, Reason: "snappy_test.go:1265: test data not found"})
		}
		skips = append(skips, runner.Skipped{Side: side, Package: "example.com/snappy", Benchmark: "BenchmarkWords", Reason: "snappy_test.go:1179: open /usr/share/dict/words: no such file or directory"})
	}
	got := skippedNotes(skips)
	want := []string{
		"3 benchmarks of example.com/snappy were skipped on base and head (snappy_test.go:1265: test data not found), so they were not measured: BenchmarkUFlat0, BenchmarkUFlat1, BenchmarkUFlat2",
		"BenchmarkWords (example.com/snappy) was skipped on base and head (snappy_test.go:1179: open /usr/share/dict/words: no such file or directory), so it was not measured",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("notes\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if n := skippedCount(skips); n != 4 {
		t.Errorf("skippedCount %d, want 4", n)
	}
}
