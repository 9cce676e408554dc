package decide

import (
	"fmt"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/compare"
)

// BenchmarkDecide is the decide stage on 300 comparisons of 32 rounds
// (100 benchmarks × three units), in two stages as an adaptive run
// decides them. The project gates its own speed on it.
func BenchmarkDecide(b *testing.B) {
	var base, head strings.Builder
	for r := 0; r < 40; r++ {
		for k := 0; k < 100; k++ {
			fmt.Fprintf(&base, "BenchmarkDecide/case=%d-2 1000 %g ns/op %d B/op 2 allocs/op\n", k, 1000*(1+0.01*float64((r*7+k)%5)), 64+k%3)
			fmt.Fprintf(&head, "BenchmarkDecide/case=%d-2 1000 %g ns/op %d B/op 2 allocs/op\n", k, 1010*(1+0.01*float64((r*3+k)%5)), 64+k%3)
		}
	}
	res, err := compare.Read([]compare.Input{compare.TextInput(compare.Base, "base.txt", base.String()), compare.TextInput(compare.Head, "head.txt", head.String())}, compare.DefaultOptions)
	if err != nil {
		b.Fatal(err)
	}
	p := DefaultPolicy
	p.Alpha, p.Test, p.StageRounds, p.MaxRounds = 0.01, BothTests, 32, 64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if d := Decide(res, p); len(d.Decisions) != 300 {
			b.Fatalf("%d decisions", len(d.Decisions))
		}
	}
}
