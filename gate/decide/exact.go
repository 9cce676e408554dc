package decide

// The exact rule (see the package documentation): counts are compared
// as facts, from the range of each side's values, without a test.
//
// Counts that are one value per side (allocs/op) are exact. Counts that
// a unit's metadata declares exact (assume=exact, as instructions/op
// from valgrind) may still vary a little from run to run (ECDSA's random
// nonces move its count by about 0.2%), and for those the rule takes
// two precautions:
//
//   - A regression or an improvement needs the sides to be further apart
//     than the runs of either side spread: a gap between the sides
//     smaller than one side's own spread could come from that spread.
//     With three runs per side of one noisy count, every head run lies
//     above every base run one time in twenty; above by more than either
//     side's spread, about one time in 270.
//   - Where a side has runs enough for a distribution-free confidence
//     interval of its median (order statistics at the policy's
//     confidence, as benchmath's AssumeNothing; 9 runs at 95%) that is
//     narrower than its range, the side stands for that interval, not
//     its range: more runs then narrow what a side stands for, where
//     the range only grows, so that an undecided comparison can be
//     settled by more rounds (MoreRounds gives it them), and one odd run
//     does not hold it undecided for ever.
//
// Neither changes a comparison of values that do not vary, nor one with
// fewer than 9 runs whose sides are further apart than they spread.

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/aclements/go-moremath/stats"
)

// decideExact decides d exactly if its samples allow it (see the package
// documentation) and reports whether it did. confidence is the level of
// the sides' intervals where they have runs enough for one (exactSide).
//
// Whether values are constant is judged on each side's first stage
// values (all of them where stage is 0), as everything else the first
// stage decides: a comparison that is exact there stays exact when a later
// round varies (a rare allocation), so that later rounds cannot move it
// into the corrected family and change what the first stage decided for
// the others, whose corrected p-values depend on the family's size.
func decideExact(d *Decision, confidence float64, stage int) bool {
	b, h := d.Base.Values, d.Head.Values
	blo, bhi := minMax(b)
	hlo, hhi := minMax(h)
	sb, sh := firstRounds(b, stage), firstRounds(h, stage)
	sblo, sbhi := minMax(sb)
	shlo, shhi := minMax(sh)
	constant := len(sb) >= 2 && len(sh) >= 2 && sblo == sbhi && shlo == shhi
	switch {
	case d.Comparison.Exact:
	case constant && !timeUnit(d.Unit):
	case constant && sblo == shlo:
		// One and the same value on both sides, even of a time: the
		// samples cannot differ, whatever the noise would have been.
	default:
		return false
	}
	d.Exact = true
	bl, bh := exactSide(b, confidence)
	hl, hh := exactSide(h, confidence)
	lo, hi := exactRatio(hl, bh), exactRatio(hh, bl)
	center := exactRatio(d.Head.Center, d.Base.Center)
	d.Comparison.Delta = center - 1
	if math.IsInf(center, 1) {
		d.Comparison.Delta = math.NaN() // a change from zero
	}
	d.Worse = worse(d.Better, d.Comparison.Delta)
	d.Significant = lo > 1 || hi < 1
	t := d.Threshold
	what := fmt.Sprintf("every base run measured %s, every head run %s", formatRange(blo, bhi), formatRange(hlo, hhi))
	if trimmed := (bl != blo || bh != bhi || hl != hlo || hh != hhi); trimmed {
		what += fmt.Sprintf(" (medians within %s and %s at %.0f%% confidence)", formatRange(bl, bh), formatRange(hl, hh), confidence*100)
	}
	// gap is how far apart the sides are (0 where they overlap), spread
	// how far the runs of the wider side spread.
	gap := math.Max(0, math.Max(hl-bh, bl-hh))
	spread := math.Max(bh-bl, hh-hl)
	up, down := lo > 1+t, hi < 1-t
	if d.Better > 0 {
		down = hi < worseBound(d.Better, t)
	}
	switch {
	case within(d.Better, lo, hi, t):
		d.Status = Unchanged
		d.Equivalent = true
	case d.Better == 0:
		d.Status = Unchanged
		d.Note = fmt.Sprintf("exact: %s, but whether more %s is better is unknown; add unit metadata (Unit %[2]s better=higher or better=lower) to gate on it", what, d.Unit)
		return true
	case (up || down) && !(gap > spread):
		d.Status = Inconclusive
		d.Note = fmt.Sprintf("exact: %s; the sides differ by more than the %s threshold, but they are %s apart where the runs of a side spread over %s; more rounds decide it",
			what, FormatPercent(t), relativeTo(gap, d.Base.Center), relativeTo(spread, d.Base.Center))
		return true
	case d.Better < 0 && up, d.Better > 0 && down:
		d.Status = Regression
	case d.Better < 0 && down, d.Better > 0 && up:
		d.Status = Improvement
	default:
		d.Status = Inconclusive
		d.Note = fmt.Sprintf("exact: %s; the spread of the runs straddles the %s threshold", what, FormatPercent(t))
		return true
	}
	d.Note = "exact: " + what
	return true
}

// MayNeedTest reports whether d can fail the gate and was decided
// exactly only because its values were one per side so far (a count,
// not a unit declared exact): a later round in which one varies makes
// it a tested comparison, in the family the correction runs over.
func (d *Decision) MayNeedTest() bool {
	return d.Exact && !d.Comparison.Exact && d.Better != 0
}

// firstRounds is the first n of xs, or all of them where n is 0.
func firstRounds(xs []float64, n int) []float64 {
	if n > 0 && n < len(xs) {
		return xs[:n]
	}
	return xs
}

// exactSide is the interval a side's values xs stand for in the exact
// rule: the distribution-free confidence interval of their median at
// level confidence, where there are values enough for one that lies
// within their range, else their range (which, for one value, is it).
func exactSide(xs []float64, confidence float64) (lo, hi float64) {
	lo, hi = minMax(xs)
	if lo == hi {
		return lo, hi
	}
	ci := stats.QuantileCI(len(xs), 0.5, confidence)
	if ci.LoOrder <= 1 || ci.HiOrder >= len(xs) {
		return lo, hi
	}
	sorted := append([]float64(nil), xs...)
	sort.Float64s(sorted)
	return sorted[ci.LoOrder-1], sorted[ci.HiOrder-1]
}

// exactVaries reports whether an exact comparison's values vary on
// either side: only then can more runs change its decision.
func exactVaries(d *Decision) bool {
	if d.Base == nil || d.Head == nil || d.Base.N == 0 || d.Head.N == 0 {
		return false
	}
	blo, bhi := minMax(d.Base.Values)
	hlo, hhi := minMax(d.Head.Values)
	return blo != bhi || hlo != hhi
}

// exactRatio is a/b, with 0/0 = 1 and x/0 = +Inf.
func exactRatio(a, b float64) float64 {
	switch {
	case a == b:
		return 1
	case b == 0:
		return math.Inf(1)
	}
	return a / b
}

func minMax(xs []float64) (lo, hi float64) {
	lo, hi = xs[0], xs[0]
	for _, x := range xs[1:] {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return lo, hi
}

func formatRange(lo, hi float64) string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }
	if lo == hi {
		return f(lo)
	}
	return f(lo) + "–" + f(hi)
}

// relativeTo is the difference x as a percentage of base ("0.12%"), or
// as it is where base is zero.
func relativeTo(x, base float64) string {
	if base > 0 {
		return strconv.FormatFloat(100*x/base, 'f', 2, 64) + "%"
	}
	return strconv.FormatFloat(x, 'g', 4, 64)
}

// timeUnit reports whether unit is a time or a rate: values that are
// measured, never counted, so that repeated values are still a sample.
func timeUnit(unit string) bool {
	return strings.HasPrefix(unit, "sec/") || strings.HasSuffix(unit, "/s")
}
