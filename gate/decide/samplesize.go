package decide

import (
	"math"

	"github.com/aclements/go-moremath/mathx"
	"github.com/aclements/go-moremath/stats"
)

// MinP is the smallest two-sided p-value the Mann-Whitney U-test can give
// for samples of sizes n1 and n2 (reached when the samples do not overlap
// at all): 2 / C(n1+n2, n1).
func MinP(n1, n2 int) float64 {
	if n1 == 0 || n2 == 0 {
		return 1
	}
	return math.Min(1, 2/mathx.Choose(n1+n2, n1))
}

// SamplesNeeded is the smallest equal sample size per side for which the
// U-test can reach p <= alpha, or 1000 if none below 1000 can.
func SamplesNeeded(alpha float64) int {
	for n := 1; n < 1000; n++ {
		if MinP(n, n) <= alpha {
			return n
		}
	}
	return 1000
}

// MinSignP is the smallest p-value the sign test can give with n pairs.
func MinSignP(n int) float64 {
	if n <= 0 {
		return 1
	}
	return math.Min(1, 2*math.Pow(0.5, float64(n)))
}

// SignRoundsNeeded is the smallest number of paired rounds for which the
// sign test can reach p <= alpha, or 1000 if none below 1000 can.
func SignRoundsNeeded(alpha float64) int {
	for n := 1; n < 1000; n++ {
		if MinSignP(n) <= alpha {
			return n
		}
	}
	return 1000
}

// minAttainable is the smallest p the policy's test can give with n
// samples per side (n paired rounds).
func minAttainable(t Test, n int) float64 {
	switch t {
	case PairedSignTest:
		return MinSignP(n)
	case BothTests:
		return math.Min(1, 2*math.Min(MinP(n, n), MinSignP(n)))
	}
	return MinP(n, n)
}

// RoundsToReach is the smallest number of rounds (samples per side) with
// which test t can give a p-value at or below level, or 1000 if none
// below 1000 can.
func RoundsToReach(t Test, level float64) int {
	for n := 1; n < 1000; n++ {
		if minAttainable(t, n) <= level {
			return n
		}
	}
	return 1000
}

func roundsToReach(p Policy, level float64) int { return RoundsToReach(p.Test, level) }

// roundsForChange estimates how many rounds in all d's test would need to
// reach level at the change measured so far: the test's p read as a
// normal score, which grows with the square root of the number of
// samples. It is 0 where the data say nothing (p of 1).
func roundsForChange(d *Decision, p Policy, level float64) int {
	if !(d.TestP > 0 && d.TestP < 1) || !(level > 0 && level < 1) {
		return 0
	}
	n := float64(min(d.Base.N, d.Head.N))
	if p.StageRounds > 0 {
		n = math.Min(n, float64(p.StageRounds))
	}
	normal := stats.NormalDist{Mu: 0, Sigma: 1}
	have := normal.InvCDF(1 - d.TestP/2)
	need := normal.InvCDF(1 - level/2)
	if have <= 0 {
		return 0
	}
	rounds := math.Ceil(n * (need / have) * (need / have))
	if rounds > 10000 {
		return 10000
	}
	return max(int(rounds), int(n)+1)
}
