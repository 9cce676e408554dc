// Package fixture is the code under test in scripts/container-e2e.sh and
// scripts/act-e2e.sh. The scripts commit it as the base of a pull request,
// then commit fixture-head/work.go over it as the head, which makes
// BenchmarkSlow about four times as slow and leaves BenchmarkFast alone.
//
// Four times, not twice: the scripts test the plumbing, not the gate's
// sensitivity. On two shared, loaded cores (load average 8), a 2x change
// measured in 6 rounds of 20ms was found in 2 of 8 runs; 4x in 8 of 8. The
// scripts also use 10 rounds (see docs/container.md).
package fixture

// work costs about n units of CPU. It is not inlined, so BenchmarkFast's
// machine code is the same in the base and head binaries.
//
//go:noinline
func work(n int) uint64 {
	var x uint64 = 1
	for i := 0; i < n; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	return x
}

const (
	fastWork = 2000
	slowWork = 16000
)
