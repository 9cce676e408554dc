package compare

import (
	"fmt"
	"strings"
	"testing"
)

// resultsText is n result lines of 100 benchmarks in three units, as a
// round-by-round results file holds them.
func resultsText(n int, scale float64) string {
	var b strings.Builder
	b.WriteString("goos: linux\ngoarch: amd64\npkg: example.com/parse\ncpu: Test CPU\n")
	for i := 0; i < n; i++ {
		k := i % 100
		fmt.Fprintf(&b, "BenchmarkParse/case=%d-2 \t 1000 \t %g ns/op \t %d B/op \t %d allocs/op\n",
			k, scale*float64(1000+k+(i*7919)%13), 64+k%5, 1+k%3)
	}
	return b.String()
}

// BenchmarkParse is compare's read and summary of two in-memory results
// of 3,200 lines each (100 benchmarks × 32 rounds): what benchgate does
// after every adaptive round. The project gates its own speed on it.
func BenchmarkParse(b *testing.B) {
	base, head := resultsText(3200, 1), resultsText(3200, 1.01)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		res, err := Read([]Input{TextInput(Base, "base.txt", base), TextInput(Head, "head.txt", head)}, DefaultOptions)
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Comparisons) != 300 {
			b.Fatalf("%d comparisons, want 300", len(res.Comparisons))
		}
	}
}
