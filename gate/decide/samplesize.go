package decide

import (
	"math"

	"github.com/aclements/go-moremath/mathx"
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
