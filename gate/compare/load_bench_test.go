package compare

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// writeResults writes n result lines: 500 benchmarks, each with sec/op,
// B/op and allocs/op, repeated until n lines, as benchgate's own results
// files look.
func writeResults(tb testing.TB, path string, n int, scale float64) {
	tb.Helper()
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriter(f)
	fmt.Fprintf(w, "goos: linux\ngoarch: amd64\npkg: example.com/big\ncpu: Test CPU\n")
	for i := 0; i < n; i++ {
		b := i % 500
		fmt.Fprintf(w, "BenchmarkBig/case=%d/size=%d-2 \t 1000 \t %g ns/op \t %d B/op \t %d allocs/op\n",
			b, b%7, scale*float64(1000+b+(i*7919)%13), 64+b%5, 1+b%3)
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	f.Close()
}

// BenchmarkLoad is the parse + compare path of benchgate compare on two
// files of 100,000 result lines each: the project gates its own analysis
// speed with this.
func BenchmarkLoad(b *testing.B) {
	dir := b.TempDir()
	base, head := filepath.Join(dir, "base.txt"), filepath.Join(dir, "head.txt")
	writeResults(b, base, 100000, 1)
	writeResults(b, head, 100000, 1.01)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := Load([]string{base}, []string{head}, DefaultOptions)
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Comparisons) != 1500 {
			b.Fatalf("%d comparisons, want 1500", len(res.Comparisons))
		}
	}
}
