package runner

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSetupFunctionsDiffer: a package's TestMain and its test files'
// init functions are compared like benchmarks, token by token (comments
// and layout aside), and one a side lacks
// differs (a TestMain added on head wraps every benchmark), where a
// benchmark on one side only is new or removed, not changed.
func TestSetupFunctionsDiffer(t *testing.T) {
	write := func(src string) map[string]string {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "x_test.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		decls, _ := testDecls(dir)
		return decls
	}
	const plain = "package x\nimport \"testing\"\nfunc BenchmarkA(b *testing.B) {}\n"
	base := write(plain + "func init() { n = 1 }\nvar n int\n")
	same := write(plain + "// moved\nvar n int\n\n// a comment\nfunc init() {\n\tn = 1 // on a line of its own\n}\n")
	withMain := write(plain + "func init() { n = 1 }\nvar n int\nfunc TestMain(m *testing.M) { m.Run() }\n")
	twoInits := write(plain + "func init() { n = 1 }\nfunc init() { n = 2 }\nvar n int\n")
	newBench := write(plain + "func init() { n = 1 }\nvar n int\nfunc BenchmarkB(b *testing.B) {}\n")

	for _, c := range []struct {
		name       string
		head       map[string]string
		f          string
		absent, is bool
	}{
		{"init moved, a comment, its body on lines of its own", same, "init", true, false},
		{"TestMain added", withMain, "TestMain", true, true},
		{"TestMain on neither side", same, "TestMain", true, false},
		{"a second init", twoInits, "init", true, true},
		{"a benchmark new on head", newBench, "BenchmarkB", false, false},
		{"a benchmark the same", withMain, "BenchmarkA", false, false},
	} {
		if got := differs([]map[string]string{base, c.head}, c.f, c.absent); got != c.is {
			t.Errorf("%s: differs(%s) = %v, want %v", c.name, c.f, got, c.is)
		}
	}
}

// TestHelperChangesTheBenchmark: a benchmark whose own code is the same
// on both sides but that calls a function of the _test.go files that
// changed (finish(b), which reports its allocations as 0 on head) is
// named as changed, through any depth of calls; one whose helpers are the
// same, or that calls a changed function it does not reach, is not.
func TestHelperChangesTheBenchmark(t *testing.T) {
	side := func(finish string) (map[string]string, map[string][]string) {
		dir := t.TempDir()
		src := "package x\nimport \"testing\"\n" +
			"func BenchmarkA(b *testing.B) { for i := 0; i < b.N; i++ { work() }; done(b) }\n" +
			"func BenchmarkB(b *testing.B) { for i := 0; i < b.N; i++ { work() } }\n" +
			"func BenchmarkC(b *testing.B) { other(); var s struct{ finish func() }; _ = s.finish }\n" +
			"func done(b *testing.B) { finish(b) }\n" +
			"func finish(b *testing.B) { " + finish + " }\n" +
			"func other() {}\nfunc work() {}\n"
		if err := os.WriteFile(filepath.Join(dir, "x_test.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return testDecls(dir)
	}
	bd, br := side("b.StopTimer()")
	hd, hr := side(`b.StopTimer(); b.ReportMetric(1e-7, "allocs/op")`)
	decls := []map[string]string{bd, hd}
	refs := map[string][]string{}
	for _, r := range []map[string][]string{br, hr} {
		for f, names := range r {
			refs[f] = append(refs[f], names...)
		}
	}
	for f, want := range map[string]bool{"BenchmarkA": true, "BenchmarkB": false, "BenchmarkC": false} {
		if got := differs(decls, f, false) || helperDiffers(decls, refs, f); got != want {
			t.Errorf("%s changed: %v, want %v", f, got, want)
		}
	}
}
