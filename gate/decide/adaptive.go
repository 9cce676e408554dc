package decide

import (
	"fmt"
	"math"
)

// Undecided reports whether the rule gives d another round. Under either
// rule: the samples are too few for the test. Under UntilConfirmed: the
// change is worse than the threshold and not significant yet. Under
// UntilSettled: the interval of the change (the paired interval of the
// per-round ratio where there is one, else the sides' intervals) still
// contains the regression boundary, so the data cannot yet tell a
// regression beyond the threshold from one within it; or the interval lies
// wholly beyond the boundary on the worse side but the test has not
// reached alpha (after the correction) yet.
func Undecided(d Decision, rule AdaptiveRule) bool {
	switch d.Status {
	case TooFewSamples:
		return true
	case New, Removed:
		return false
	}
	if d.Better == 0 || constantAndEqual(d.Comparison) {
		return false
	}
	if rule == UntilConfirmed {
		return d.Worse && math.Abs(d.Delta) > d.Threshold && !d.Significant
	}
	lo, hi, ok := ratioInterval(d)
	if !ok {
		return false
	}
	boundary := regressionBoundary(d)
	if lo < boundary && boundary < hi {
		return true
	}
	// Every plausible change is a regression beyond the threshold, but
	// the test is not significant: more rounds can settle it either way.
	beyond := (d.Better < 0 && lo >= boundary) || (d.Better > 0 && hi <= boundary)
	return beyond && !d.Significant
}

// regressionBoundary is the ratio head/base at which d's change becomes
// a regression beyond its threshold.
func regressionBoundary(d Decision) float64 {
	if d.Better > 0 {
		return 1 - d.Threshold
	}
	return 1 + d.Threshold
}

// undecidedWhy says why MarkInconclusive found d undecided.
func undecidedWhy(d Decision, rule AdaptiveRule) string {
	if rule == UntilConfirmed {
		return fmt.Sprintf("the change looks worse than the %s threshold, but its p (%.3g after correction) has not reached alpha", FormatPercent(d.Threshold), d.PAdjusted)
	}
	if lo, hi, ok := ratioInterval(d); ok {
		if boundary := regressionBoundary(d); !(lo < boundary && boundary < hi) {
			return fmt.Sprintf("the change looks worse than the %s threshold, but its p (%.3g after correction) has not reached alpha", FormatPercent(d.Threshold), d.PAdjusted)
		}
	}
	return fmt.Sprintf("the interval of the change contains the %s threshold", FormatPercent(d.Threshold))
}

// ratioInterval is an interval for head/base: the paired one where rounds
// pair, else one from the sides' intervals. Where the samples are still
// too few for an interval (benchmath and QuantileCI give ±Inf), it is
// (0, +Inf): anything is still possible, which is what keeps an adaptive
// run going. ok is false where no ratio can be formed at all (a base of
// zero).
func ratioInterval(d Decision) (lo, hi float64, ok bool) {
	if p := d.Paired; p != nil {
		if !finite(p.Low) || !finite(p.High) {
			return 0, math.Inf(1), true
		}
		return p.Low, p.High, true
	}
	b, h := d.Base, d.Head
	if b == nil || h == nil || !(b.Center > 0) || math.IsNaN(b.Low) || math.IsNaN(h.Low) {
		return 0, 0, false
	}
	if !finite(b.Low) || !finite(b.High) || !finite(h.Low) || !finite(h.High) {
		return 0, math.Inf(1), true
	}
	if !(b.Low > 0) {
		return 0, 0, false
	}
	return h.Low / b.High, h.High / b.Low, true
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// MarkInconclusive ends an adaptive run: decisions that are still
// undecided under the policy's rule, and neither regressions nor
// too-few-samples, become Inconclusive, and the verdict and counts are
// recomputed.
func (r *Result) MarkInconclusive() {
	for i := range r.Decisions {
		d := &r.Decisions[i]
		if d.Status == Regression || d.Status == TooFewSamples || !Undecided(*d, r.Policy.Until) {
			continue
		}
		r.Counts[d.Status]--
		d.Status = Inconclusive
		d.Note = fmt.Sprintf("still undecided after %d rounds: %s", d.Head.N, undecidedWhy(*d, r.Policy.Until))
		r.Counts[Inconclusive]++
	}
	if r.Verdict == Pass && r.Counts[Inconclusive] > 0 {
		r.Verdict = InconclusiveVerdict
	}
}
