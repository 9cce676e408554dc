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
		return benchmarkDecls(dir)
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
