package plan

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestResultFilter(t *testing.T) {
	for _, c := range []struct {
		bench string
		yes   []string
		no    []string
	}{
		{"^BenchmarkA$", []string{"BenchmarkA-2", "BenchmarkA", "BenchmarkA/x-2"}, []string{"BenchmarkC-2", "BenchmarkAB-2"}},
		{".", []string{"BenchmarkC-2", "BenchmarkA/x/y-8"}, nil},
		// The name needs all of the expression's levels: with fewer, the
		// benchmark only runs to look for sub-benchmarks.
		{"^BenchmarkA$/x", []string{"BenchmarkA/x-2", "BenchmarkA/xy/z"}, []string{"BenchmarkA-2", "BenchmarkA/y-2"}},
		// The first alternative that matches decides, partial or not.
		{"A/x|A", []string{"BenchmarkA/x-2"}, []string{"BenchmarkA-2"}},
		{"A|B/y", []string{"BenchmarkA-2", "BenchmarkB/y-2"}, []string{"BenchmarkB-2", "BenchmarkC-2"}},
		// A sub-benchmark's own "-64" is not a GOMAXPROCS suffix.
		{"^BenchmarkA$/^size-64$", []string{"BenchmarkA/size-64", "BenchmarkA/size-64-2"}, []string{"BenchmarkA/size-6"}},
		{"(", nil, []string{"BenchmarkA-2"}},
	} {
		f := ResultFilter(c.bench)
		for _, n := range c.yes {
			if !f(n) {
				t.Errorf("ResultFilter(%q)(%q) = false, want true", c.bench, n)
			}
		}
		for _, n := range c.no {
			if f(n) {
				t.Errorf("ResultFilter(%q)(%q) = true, want false", c.bench, n)
			}
		}
	}
}

func TestSplitProcsAndFunction(t *testing.T) {
	for _, c := range []struct{ name, stripped, procs, fn string }{
		{"BenchmarkA-2", "BenchmarkA", "2", "BenchmarkA"},
		{"BenchmarkA", "BenchmarkA", "", "BenchmarkA"},
		{"BenchmarkA/size-64-16", "BenchmarkA/size-64", "16", "BenchmarkA"},
		{"BenchmarkA/x", "BenchmarkA/x", "", "BenchmarkA"},
		{"BenchmarkA/-", "BenchmarkA/-", "", "BenchmarkA"},
		{"-2", "-2", "", ""},
	} {
		s, p := SplitProcs(c.name)
		if s != c.stripped || p != c.procs {
			t.Errorf("SplitProcs(%q) = %q, %q; want %q, %q", c.name, s, p, c.stripped, c.procs)
		}
		if f := Function(c.name); f != c.fn && c.fn != "" {
			t.Errorf("Function(%q) = %q, want %q", c.name, f, c.fn)
		}
	}
}

// TestResultFilterWithGoTest checks ResultFilter against the testing
// package itself: for each expression, the names it accepts among all
// the benchmarks a binary has are exactly the ones that report a result.
func TestResultFilterWithGoTest(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds a test binary")
	}
	dir := t.TempDir()
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/match\n\ngo 1.21\n")
	write("match_test.go", `package match

import "testing"

func loop(b *testing.B) {
	for i := 0; i < b.N; i++ {
	}
}

func BenchmarkA(b *testing.B)  { loop(b) }
func BenchmarkAB(b *testing.B) { loop(b) }

func BenchmarkSub(b *testing.B) {
	for _, n := range []string{"x", "xy", "size-64"} {
		b.Run(n, func(b *testing.B) {
			b.Run("deep", loop)
		})
	}
	b.Run("flat", loop)
}
`)
	bin := filepath.Join(dir, "m.test")
	build := exec.Command("go", "test", "-c", "-o", bin, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=", "GOTOOLCHAIN=local")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}
	// The leaves: a parent reports nothing whatever the expression.
	all := []string{"BenchmarkA", "BenchmarkAB", "BenchmarkSub/x/deep", "BenchmarkSub/xy/deep", "BenchmarkSub/size-64/deep", "BenchmarkSub/flat"}
	resultRE := regexp.MustCompile(`(?m)^(Benchmark\S+)\s+\d+\s`)
	for _, cpu := range []string{"1", "2"} {
		for _, bench := range []string{".", "^BenchmarkA$", "A", "Sub/x", "Sub/^x$/deep", "Sub|A$", "Sub/flat|A", "Sub/size-64", "AB|Sub/xy/deep"} {
			cmd := exec.Command(bin, "-test.run=^$", "-test.bench="+bench, "-test.benchtime=1x", "-test.cpu="+cpu)
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("-test.bench=%s: %v\n%s", bench, err, out)
			}
			var reported []string
			for _, m := range resultRE.FindAllStringSubmatch(string(out), -1) {
				reported = append(reported, m[1])
			}
			f := ResultFilter(bench)
			for _, r := range reported {
				if !f(r) {
					t.Errorf("-test.bench=%s -test.cpu=%s: the testing package reported %s, ResultFilter rejects it", bench, cpu, r)
				}
			}
			for _, n := range all {
				printed := n
				if cpu != "1" {
					printed += "-" + cpu
				}
				if f(printed) && !slices.Contains(reported, printed) {
					t.Errorf("-test.bench=%s -test.cpu=%s: ResultFilter accepts %s, which the testing package did not report (it reported %s)", bench, cpu, printed, strings.Join(reported, " "))
				}
			}
		}
	}
}
