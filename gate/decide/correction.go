package decide

import (
	"math"
	"sort"
)

// Holm adjusts p-values for multiple comparisons with the Holm–Bonferroni
// step-down method, which controls the family-wise error rate (the chance
// of even one false alarm among all comparisons) at alpha without
// assuming independence. NaN p-values are not part of the family and stay
// NaN.
func Holm(ps []float64) []float64 {
	return adjust(ps, func(rank, m int, p float64) float64 { return float64(m-rank) * p }, false)
}

// BenjaminiHochberg adjusts p-values with the Benjamini–Hochberg step-up
// method, which controls the false discovery rate (the expected share of
// false discoveries among all discoveries) at alpha for independent or
// positively dependent tests: the k-th smallest of m p-values is
// multiplied by m/k, and each adjusted value is the smallest of those at
// its rank or above. Where every null hypothesis is true (nothing
// changed), any discovery is false, so the chance of one stays at alpha,
// as with Holm. NaN p-values are not part of the family and stay NaN.
func BenjaminiHochberg(ps []float64) []float64 {
	return adjust(ps, func(rank, m int, p float64) float64 { return float64(m) / float64(rank+1) * p }, true)
}

// adjust applies a rank-based adjustment f (rank 0 is the smallest p) to
// the non-NaN p-values: step-down (a running maximum from the smallest
// p) or, with stepUp, step-up (a running minimum from the largest).
func adjust(ps []float64, f func(rank, m int, p float64) float64, stepUp bool) []float64 {
	type item struct {
		p float64
		i int
	}
	var family []item
	for i, p := range ps {
		if !math.IsNaN(p) {
			family = append(family, item{p, i})
		}
	}
	sort.SliceStable(family, func(a, b int) bool { return family[a].p < family[b].p })
	out := make([]float64, len(ps))
	for i := range out {
		out[i] = math.NaN()
	}
	m := len(family)
	if stepUp {
		running := 1.0
		for j := m - 1; j >= 0; j-- {
			running = math.Min(running, math.Min(1, f(j, m, family[j].p)))
			out[family[j].i] = running
		}
		return out
	}
	running := 0.0
	for j, it := range family {
		running = math.Max(running, math.Min(1, f(j, m, it.p)))
		out[it.i] = running
	}
	return out
}
