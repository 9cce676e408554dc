package plan

// Shards: a deterministic slice of the benchmarks, so that a job matrix
// can split one gate run across runners.

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/benchgate/benchgate/gate/usage"
)

// MaxShards bounds n in a shard k/n: a GitHub job matrix has at most 256
// jobs.
const MaxShards = 256

// Shard is slice K of N (1 <= K <= N) of the benchmark functions. A
// top-level benchmark function belongs to the shard picked by a hash of
// its package's import path and its name, so that:
//
//   - every side of a run puts it in the same shard (the sides' binaries
//     list it under the same name);
//   - every run does, whatever else the packages hold: adding or
//     removing a benchmark moves no other;
//   - the N shards are disjoint and together hold every function.
//
// The hash is FNV-1a (64 bits), which does not depend on the Go version
// or the machine. Shards are balanced by count only on average: with few
// functions one shard may get two or three times another's share.
//
// The zero Shard is no sharding: every function.
type Shard struct {
	K, N int
}

// ParseShard parses "k/n" (1 <= k <= n <= MaxShards); "" is no sharding.
func ParseShard(s string) (Shard, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Shard{}, nil
	}
	ks, ns, ok := strings.Cut(s, "/")
	k, kerr := strconv.Atoi(strings.TrimSpace(ks))
	n, nerr := strconv.Atoi(strings.TrimSpace(ns))
	switch {
	case !ok || kerr != nil || nerr != nil:
		return Shard{}, usage.Errorf("in a job matrix: {shard} ${{ matrix.shard }}/3 with shard: [1, 2, 3]", "invalid {shard} %q: want k/n, e.g. 2/3", s)
	case n < 1 || n > MaxShards:
		return Shard{}, usage.Errorf("", "invalid {shard} %q: n must be between 1 and %d", s, MaxShards)
	case k < 1 || k > n:
		return Shard{}, usage.Errorf("shards are numbered from 1, as a matrix lists them: 1/3, 2/3, 3/3", "invalid {shard} %q: k must be between 1 and %d", s, n)
	}
	return Shard{K: k, N: n}, nil
}

// On reports whether s selects a slice rather than everything.
func (s Shard) On() bool { return s.N > 1 }

// String is "k/n", or "" for no sharding.
func (s Shard) String() string {
	if s.N == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.K, s.N)
}

// Of returns the shard (1 to n) that the benchmark function fn
// ("BenchmarkRSA") of the package importPath belongs to.
func Of(importPath, fn string, n int) int {
	h := fnv.New64a()
	h.Write([]byte(importPath))
	h.Write([]byte{0})
	h.Write([]byte(fn))
	return int(h.Sum64()%uint64(n)) + 1
}

// Has reports whether the benchmark function fn of the package
// importPath is in s. Everything is in the zero Shard and in 1/1.
func (s Shard) Has(importPath, fn string) bool {
	if !s.On() {
		return true
	}
	return Of(importPath, fn, s.N) == s.K
}

// HasPackage reports whether a package whose functions are not known (its
// binary could not list them) runs in s: the package as a whole belongs
// to one shard, picked by its import path alone.
func (s Shard) HasPackage(importPath string) bool { return s.Has(importPath, "") }
