package plan

import (
	"fmt"
	"strings"
	"testing"
)

func TestParseShard(t *testing.T) {
	for in, want := range map[string]Shard{"": {}, "2/3": {2, 3}, " 1 / 1 ": {1, 1}, "256/256": {256, 256}} {
		got, err := ParseShard(in)
		if err != nil || got != want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for in, want := range map[string]string{
		"3": "want k/n", "a/b": "want k/n", "0/3": "k must be between 1 and 3", "4/3": "k must be between 1 and 3",
		"1/0": "n must be between 1 and 256", "1/300": "n must be between 1 and 256",
	} {
		if _, err := ParseShard(in); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "-shard") {
			t.Errorf("ParseShard(%q) = %v, want an error naming -shard with %q", in, err, want)
		}
	}
}

// TestShardsPartition checks that for every n the shards 1/n..n/n are
// disjoint and cover every function, and that a function's shard is the
// same in every run: a fixed value of the hash, whatever else is listed.
func TestShardsPartition(t *testing.T) {
	var fns [][2]string
	for p := 0; p < 4; p++ {
		for f := 0; f < 50; f++ {
			fns = append(fns, [2]string{fmt.Sprintf("example.com/m/p%d", p), fmt.Sprintf("BenchmarkF%d", f)})
		}
	}
	for n := 1; n <= 7; n++ {
		sizes := make([]int, n)
		for _, f := range fns {
			in := 0
			for k := 1; k <= n; k++ {
				if (Shard{k, n}).Has(f[0], f[1]) {
					in++
					sizes[k-1]++
				}
			}
			if in != 1 {
				t.Fatalf("%s.%s is in %d of the %d shards", f[0], f[1], in, n)
			}
		}
		for k, size := range sizes {
			if size == 0 {
				t.Errorf("shard %d/%d of %d functions is empty", k+1, n, len(fns))
			}
		}
	}
	// The hash is FNV-1a of "pkg\x00name": these values hold on every
	// machine and Go version, so a benchmark stays in its shard.
	for _, tt := range []struct {
		pkg, fn string
		n, want int
	}{
		{"github.com/benchgate/benchgate/benchmarks/primitives", "BenchmarkRSA", 3, 1},
		{"example.com/fixture", "BenchmarkAlpha", 3, 2},
		{"example.com/fixture", "BenchmarkBravo", 3, 1},
		{"example.com/fixture", "BenchmarkIndia", 4, 3},
	} {
		if got := Of(tt.pkg, tt.fn, tt.n); got != tt.want {
			t.Errorf("Of(%s, %s, %d) = %d, want %d", tt.pkg, tt.fn, tt.n, got, tt.want)
		}
	}
	if !(Shard{}).Has("p", "BenchmarkX") || !(Shard{1, 1}).Has("p", "BenchmarkX") {
		t.Error("no sharding, or 1/1, must hold every function")
	}
}
