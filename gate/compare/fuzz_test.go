package compare

import (
	"math"
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoad feeds Load arbitrary bytes as both sides. Whatever the input,
// Load must return (no panic, no runaway allocation), and nothing that is
// not a finite measurement may reach the statistics.
func FuzzLoad(f *testing.F) {
	for _, s := range []string{
		"BenchmarkA-2 1000 100 ns/op\n",
		"goos: linux\npkg: x\nBenchmarkA-2 1000 100 ns/op 5 B/op 1 allocs/op 12.5 MB/s\n",
		"BenchmarkA-2 1000 NaN ns/op\nBenchmarkA-2 1000 +Inf ns/op\nBenchmarkA-2 1000 -5 ns/op\n",
		"BenchmarkA-2 1000 0 ns/op 0 MB/s\n",
		"Unit ns/op assume=exact\nUnit frobs/op better=higher\nBenchmarkA 1 3 frobs/op\n",
		"BenchmarkA-2 10\nBenchmarkA-2 x 1 ns/op\nBenchmark\n",
		"BenchmarkX/pipe|x/<script>/@me/#1/::error::x-2 1 1 ns/op\n",
		"BenchmarkA-2 1 1 ns/op\r\nBenchmarkA-2 1 2 ns/op\r\n",
		"BenchmarkA-2 1000 1e308 ns/op\nBenchmarkA-2 1000 -1e308 frobs/op\nBenchmarkA-2 1000 5e-324 ns/op\n",
		".file: base\nfile: head\nBenchmarkA 1 1 ns/op\n",
		"\xff\xfe\x00BenchmarkA\xff 1 1 ns/op\n",
	} {
		f.Add([]byte(s), []byte("BenchmarkA-2 1000 100 ns/op\n"))
		f.Add([]byte("BenchmarkA-2 1000 100 ns/op\n"), []byte(s))
	}
	f.Fuzz(func(t *testing.T, base, head []byte) {
		dir := t.TempDir()
		bp, hp := filepath.Join(dir, "base.txt"), filepath.Join(dir, "head.txt")
		if err := os.WriteFile(bp, base, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(hp, head, 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := Load([]string{bp}, []string{hp}, DefaultOptions)
		if err != nil {
			t.Fatalf("Load: %v", err)
		}
		if len(res.SyntaxErrors) > maxProblems+1 {
			t.Fatalf("%d malformed-line messages, want at most %d", len(res.SyntaxErrors), maxProblems+1)
		}
		for _, c := range res.Comparisons {
			for _, e := range []*Estimate{c.Base, c.Head} {
				if e == nil {
					continue
				}
				if e.N != len(e.Values) || e.N > MaxSamples {
					t.Fatalf("%s %s: N=%d with %d values", c.Benchmark, c.Unit, e.N, len(e.Values))
				}
				for _, v := range e.Values {
					if math.IsNaN(v) || math.IsInf(v, 0) || (v < 0 && nonNegativeUnits[c.Unit]) {
						t.Fatalf("%s %s: invalid value %v reached the statistics", c.Benchmark, c.Unit, v)
					}
				}
				if e.N > 0 && math.IsNaN(e.Center) {
					t.Fatalf("%s %s: center NaN from %v", c.Benchmark, c.Unit, e.Values)
				}
			}
			if c.Compared() && c.Base.N > 0 && c.Head.N > 0 && (math.IsNaN(c.P) || c.P < 0 || c.P > 1) {
				t.Fatalf("%s %s: p=%v", c.Benchmark, c.Unit, c.P)
			}
		}
	})
}
