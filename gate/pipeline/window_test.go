package pipeline

import (
	"strings"
	"testing"
	"time"
)

// TestShortWindows: a benchmark is short when the median of its rounds'
// windows (iterations × ns/op) on the side is under MinWindow; one
// without a time, and a slow one at one iteration, are not; the same name
// in another package is another benchmark.
func TestShortWindows(t *testing.T) {
	const results = `pkg: example.com/a
BenchmarkFast-2 1 1200 ns/op 0 B/op
BenchmarkFast-2 1 900 ns/op 0 B/op
BenchmarkFast-2 1 1500 ns/op 0 B/op
BenchmarkSlow-2 1 2500000 ns/op
BenchmarkMixed-2 1000 500 ns/op
BenchmarkMixed-2 1000 2000 ns/op
BenchmarkMixed-2 1000 3000 ns/op
BenchmarkNoTime-2 1 0 B/op 0 allocs/op
BenchmarkHundred-2 100 300 ns/op
pkg: example.com/b
BenchmarkFast-2 10000 200 ns/op
`
	got, err := shortWindows(strings.NewReader(results), "base.txt", "base")
	if err != nil {
		t.Fatal(err)
	}
	want := []shortWindow{
		{side: "base", pkg: "example.com/a", name: "BenchmarkFast-2", window: 1200 * time.Nanosecond, iters: 1, nsPerOp: 1200},
		{side: "base", pkg: "example.com/a", name: "BenchmarkHundred-2", window: 30 * time.Microsecond, iters: 100, nsPerOp: 300},
	}
	if len(got) != len(want) {
		t.Fatalf("short windows %+v; want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("short window %d: %+v; want %+v", i, got[i], want[i])
		}
	}
}
