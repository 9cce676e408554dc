package decide

import (
	"math"
	"sort"

	"github.com/aclements/go-moremath/stats"
)

// Paired is the paired view of one comparison. benchgate runs base and head
// back to back in every round, so the per-round ratio head/base cancels
// drift that is slow compared with a round: whatever slowed the machine
// down in round 3 slowed both sides of round 3.
type Paired struct {
	// Ratio is the median of the per-round ratios head/base.
	Ratio float64
	// Low and High bound a distribution-free confidence interval of that
	// median (order statistics, as benchmath's AssumeNothing uses for
	// medians). They are ±Inf where there are too few rounds.
	Low, High float64
	// N is the number of rounds paired.
	N int
	// P is the two-sided Wilcoxon signed-rank test's p-value for "the
	// ratios are symmetric about 1" (no change).
	P float64
}

// PairSamples computes the paired view from the two sides' samples, which
// must be in round order: the i-th base value and the i-th head value come
// from the same round. It returns nil where the sides have different
// lengths (then rounds cannot be matched) or fewer than two rounds.
func PairSamples(base, head []float64, confidence float64) *Paired {
	n := len(base)
	if n != len(head) || n < 2 {
		return nil
	}
	ratios := make([]float64, 0, n)
	for i := range base {
		switch {
		case base[i] == head[i]:
			ratios = append(ratios, 1)
		case base[i] > 0 && head[i] >= 0 && !math.IsInf(head[i], 0):
			ratios = append(ratios, head[i]/base[i])
		default:
			// A zero or negative base has no ratio; pairing is
			// meaningless for such a unit.
			return nil
		}
	}
	sort.Float64s(ratios)
	ci := stats.QuantileCI(n, 0.5, confidence)
	median, lo, hi := ci.SampleCI(stats.Sample{Xs: ratios, Sorted: true})
	return &Paired{Ratio: median, Low: lo, High: hi, N: n, P: SignedRankTest(ratios)}
}

// SignedRankTest is the two-sided Wilcoxon signed-rank test of "the
// per-round ratios head/base are symmetric about 1". It ranks the ratios'
// logarithms by size, so that a ratio r and its inverse 1/r weigh the same,
// and asks whether the slower rounds outweigh the faster ones by more than
// chance would. Unlike the sign test, which counts only which side won each
// round, it uses how much each round moved, so one or two rounds that went
// the other way by a little do not cost the run its significance.
//
// Ratios of exactly 1 carry no sign and are dropped (Wilcoxon's
// convention); equal magnitudes share their mean rank. The p-value is exact
// (the distribution of the signed ranks' sum over all 2^n sign patterns,
// given those ranks) for up to exactSignedRankN pairs, and from the normal
// approximation with the tie correction above that.
func SignedRankTest(ratios []float64) float64 {
	d := make([]float64, 0, len(ratios))
	for _, r := range ratios {
		if r > 0 && r != 1 && !math.IsInf(r, 0) {
			d = append(d, math.Log(r))
		}
	}
	return signedRank(d)
}

// exactSignedRankN is the number of nonzero differences up to which
// signedRank computes the exact distribution: O(n³) work, about a
// millisecond at 100; above it the normal approximation is within
// a few percent of the exact p.
const exactSignedRankN = 100

// signedRank is the two-sided Wilcoxon signed-rank test of "d is symmetric
// about 0" for differences d that are all nonzero.
func signedRank(d []float64) float64 {
	n := len(d)
	if n == 0 {
		return 1
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return math.Abs(d[order[a]]) < math.Abs(d[order[b]]) })
	// Ranks are doubled so that mean ranks of ties stay integers: the
	// values at sorted positions i..j share rank (i+j+2)/2, doubled i+j+2.
	w := make([]int, n)
	for i := 0; i < n; {
		j := i
		for j+1 < n && math.Abs(d[order[j+1]]) == math.Abs(d[order[i]]) {
			j++
		}
		for k := i; k <= j; k++ {
			w[order[k]] = i + j + 2
		}
		i = j + 1
	}
	plus := 0
	for k, wk := range w {
		if d[k] > 0 {
			plus += wk
		}
	}
	if n > exactSignedRankN {
		return signedRankNormal(w, plus)
	}
	return signedRankExact(w, plus)
}

// signedRankExact is the exact two-sided p-value of a positive (doubled)
// rank sum plus, given the (doubled) ranks w.
func signedRankExact(w []int, plus int) float64 {
	total := 0
	for _, wk := range w {
		total += wk
	}
	// dist[s] is the probability that the positive ranks sum to s when
	// each sign is a fair coin, built up one rank at a time.
	dist := make([]float64, total+1)
	dist[0] = 1
	for _, wk := range w {
		for s := total; s >= wk; s-- {
			dist[s] = 0.5*dist[s] + 0.5*dist[s-wk]
		}
		for s := wk - 1; s >= 0; s-- {
			dist[s] *= 0.5
		}
	}
	lower, upper := 0.0, 0.0
	for s, ps := range dist {
		if s <= plus {
			lower += ps
		}
		if s >= plus {
			upper += ps
		}
	}
	return math.Min(1, 2*math.Min(lower, upper))
}

// signedRankNormal is signedRankExact's normal approximation: under the
// null the positive (doubled) rank sum has mean Σw/2 and variance Σw²/4;
// the continuity correction is half a rank, 1 in doubled units.
func signedRankNormal(w []int, plus int) float64 {
	total, sumSq := 0.0, 0.0
	for _, wk := range w {
		total += float64(wk)
		sumSq += float64(wk) * float64(wk)
	}
	z := (math.Abs(float64(plus)-total/2) - 1) / math.Sqrt(sumSq/4)
	if z <= 0 {
		return 1
	}
	return math.Min(1, math.Erfc(z/math.Sqrt2))
}

// MinPairedP is the smallest p-value the paired test can give with n
// pairs: every round moved the same way, which has probability 2/2^n under
// the null for the signed-rank test as for the sign test.
func MinPairedP(n int) float64 {
	if n <= 0 {
		return 1
	}
	return math.Min(1, 2*math.Pow(0.5, float64(n)))
}

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
