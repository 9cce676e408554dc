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
	running := 0.0
	for j, it := range family {
		adj := math.Min(1, float64(m-j)*it.p)
		running = math.Max(running, adj)
		out[it.i] = running
	}
	return out
}
