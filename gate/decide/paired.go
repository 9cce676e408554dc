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
	// P is the two-sided sign test's p-value for "the median ratio is 1".
	P float64
}

// PairSamples computes the paired view from the two sides' samples, which
// must be in round order: the i-th base value and the i-th head value come
// from the same round. It returns nil where the sides have different
// lengths (then rounds cannot be matched), fewer than two rounds, or a
// round without a ratio: a base of zero or below, or a negative or
// infinite head, unless head equals base (a ratio of 1).
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
	return &Paired{Ratio: median, Low: lo, High: hi, N: n, P: SignTest(ratios, 1)}
}

// SignTest is the two-sided sign test of "the median of xs is m": the
// probability under Binomial(n, 1/2), n the values that differ from m, of
// a split at least as uneven as the one observed.
func SignTest(xs []float64, m float64) float64 {
	above, below := 0, 0
	for _, x := range xs {
		switch {
		case x > m:
			above++
		case x < m:
			below++
		}
	}
	n := above + below
	if n == 0 {
		return 1
	}
	k := min(above, below)
	d := stats.BinomialDist{N: n, P: 0.5}
	return math.Min(1, 2*d.CDF(float64(k)))
}
