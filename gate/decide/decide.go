// Package decide is the decide stage of benchgate's pipeline: a pure
// function from the comparisons that package compare computed and a
// [Policy] to a status per comparison and one overall [Verdict].
//
// # Statuses
//
// A comparison is a regression when the test the policy picks finds a
// significant change and head is worse than base by more than the unit's
// threshold. The test ([Policy.Test]) is benchmath's comparison of the two
// sides' samples (the Mann-Whitney U-test; for assume=exact units, any
// difference at all), with the change between their centers; or, where the
// policy asks for it and the rounds pair (see [PairSamples]), the sign test
// on the per-round ratios head/base, with the change their median. The
// change is significant when the test's p-value, after the
// multiple-comparison correction ([Policy.Correction]: Holm over every
// comparison of the run, unless it is none), is at or below alpha. With the
// U-test and no correction this is the rule benchstat uses to print a delta
// instead of "~". A comparison whose samples are all one and the same value
// on both sides (0 allocs/op) cannot be significant, and is left out of the
// correction rather than diluting everyone's alpha.
//
// An improvement is the same in the other direction. Anything else that was
// compared is unchanged. A benchmark on one side only is new or removed.
// Where the samples are too few for the test ever to reach alpha after the
// correction, or a side has no usable samples, the status is
// too-few-samples, with the number of rounds that would be needed, rather
// than a silent "unchanged". Inconclusive is for adaptive runs:
// [Result.MarkInconclusive] gives it to what the policy's [AdaptiveRule]
// still finds undecided when the run ends.
//
// Which direction is worse depends on the unit: sec/op, B/op and allocs/op
// are lower-is-better, B/s is higher-is-better, and unit metadata
// (better=higher|lower) decides for custom units. A unit whose direction is
// unknown is reported but never gates.
//
// # Verdict
//
// The verdict is regression if any comparison is a regression; otherwise
// inconclusive if any comparison could not be decided; otherwise pass. The
// error verdict comes from outside this package: it is what benchgate
// reports when benchmarks could not be built or run.
package decide

import (
	"fmt"
	"math"
	"sort"
	"strconv"

	"github.com/benchgate/benchgate/gate/compare"
)

// Decision is a comparison together with what the policy made of it.
type Decision struct {
	compare.Comparison
	// TestP is the p-value of the test the decision rests on: P for the
	// U-test, the sign test's for the paired test.
	TestP float64
	// PAdjusted is TestP after the policy's multiple-comparison correction;
	// significance is decided on it. It is NaN where TestP is, and where
	// every sample on both sides is the same value (such a comparison is
	// left out of the correction).
	PAdjusted float64
	// Family is the number of comparisons the correction ran over; 1
	// without a correction.
	Family int
	// Paired is the per-round paired view, nil where rounds cannot be
	// matched.
	Paired *Paired
	// Significant reports PAdjusted <= alpha.
	Significant bool
	// Worse reports that head moved in the unit's worse direction.
	Worse bool
	// Status is the outcome.
	Status Status
	// Threshold is the threshold that applied.
	Threshold float64
	// RoundsNeeded is, for too-few-samples, the number of samples per side
	// (paired rounds, for the sign test) the test needs to be able to
	// reach alpha after the correction.
	RoundsNeeded int
	// Note explains the status where the reason is not obvious.
	Note string
}

// Result is the decided outcome of a gate run.
type Result struct {
	// Verdict is the outcome of the whole run.
	Verdict Verdict
	// Policy is the policy the decisions were made under.
	Policy Policy
	// Decisions are one per comparison, in the comparisons' order.
	Decisions []Decision
	// Counts per status.
	Counts map[Status]int
	// Family is the number of comparisons p-values were corrected over
	// (0 without a correction).
	Family int
}

// Decide applies policy p to the comparisons in r.
func Decide(r *compare.Result, p Policy) *Result {
	out := &Result{Policy: p, Counts: map[Status]int{}}
	ps := make([]float64, len(r.Comparisons))
	paired := make([]*Paired, len(r.Comparisons))
	for i, c := range r.Comparisons {
		ps[i] = c.P
		if c.Compared() {
			paired[i] = PairSamples(c.Base.Values, c.Head.Values, confidenceOf(p))
		}
		if usesPairs(p, c, paired[i]) {
			ps[i] = paired[i].P
		}
		if constantAndEqual(c) {
			// Both sides measured one and the same value every time
			// (typically 0 allocs/op): such a test cannot come out
			// significant whatever the noise, so, as in Tarone's
			// refinement of Bonferroni for discrete tests, it is left
			// out of the family instead of diluting everyone's alpha.
			ps[i] = math.NaN()
		}
	}
	adjusted := ps
	family := 1
	if p.Correction != CorrectionNone {
		adjusted = Holm(ps)
		family = 0
		for _, x := range ps {
			if !math.IsNaN(x) {
				family++
			}
		}
		out.Family = family
	}
	for i, c := range r.Comparisons {
		d := decideOne(c, p, adjusted[i], max(family, 1), paired[i])
		out.Counts[d.Status]++
		out.Decisions = append(out.Decisions, d)
	}
	switch {
	case out.Counts[Regression] > 0:
		out.Verdict = RegressionVerdict
	case out.Counts[TooFewSamples] > 0 || out.Counts[Inconclusive] > 0:
		out.Verdict = InconclusiveVerdict
	default:
		out.Verdict = Pass
	}
	return out
}

func confidenceOf(p Policy) float64 {
	if p.Confidence == 0 {
		return 0.95
	}
	return p.Confidence
}

// usesPairs reports whether c is decided by the sign test on its paired
// rounds: the policy asks for it, the unit is not exact, and the rounds do
// pair. Where they do not (different numbers of samples, a base value of
// zero, as in "0 B/op" in most rounds and 16 B/op in one), the U-test
// decides instead, rather than leaving the comparison undecidable.
func usesPairs(p Policy, c compare.Comparison, paired *Paired) bool {
	return p.Test == PairedSignTest && !c.Exact && paired != nil
}

// decideOne decides c under p, given its p-value after the correction
// (padj), the size of the correction's family and c's paired view.
func decideOne(c compare.Comparison, p Policy, padj float64, family int, paired *Paired) Decision {
	d := Decision{Comparison: c, Threshold: p.ThresholdFor(c.Unit), PAdjusted: padj, Family: family, Paired: paired, TestP: c.P}
	usePaired := usesPairs(p, c, paired)
	if usePaired {
		d.TestP = paired.P
	}
	switch {
	case c.Base == nil:
		d.Status = New
		return d
	case c.Head == nil:
		d.Status = Removed
		return d
	}
	d.Significant = !math.IsNaN(padj) && padj <= p.Alpha
	diff := c.Head.Center - c.Base.Center
	if usePaired {
		// The change is the median per-round ratio.
		diff = paired.Ratio - 1
		d.Comparison.Delta = paired.Ratio - 1
	}
	d.Worse = c.Better != 0 && diff != 0 && (diff > 0) == (c.Better < 0)

	if c.Base.N == 0 || c.Head.N == 0 {
		// Every value on a side was unusable (NaN, negative, ...) and was
		// skipped: nothing was measured, so nothing can be decided.
		d.Status = TooFewSamples
		d.RoundsNeeded = SamplesNeeded(p.Alpha / float64(family))
		d.Note = "a side has no usable samples"
		return d
	}
	if p.Test == PairedSignTest && !c.Exact && !usePaired && !constantAndEqual(c) {
		d.Note = "rounds cannot be paired (different numbers of samples, or a zero base value); decided with the U-test"
	}
	if usePaired {
		if minP := MinSignP(paired.N) * float64(family); minP > p.Alpha {
			d.Status = TooFewSamples
			d.RoundsNeeded = SignRoundsNeeded(p.Alpha / float64(family))
			d.Note = fmt.Sprintf("with %d paired rounds the sign test cannot reach p <= %v", paired.N, p.Alpha)
			if family > 1 {
				d.Note += fmt.Sprintf(" after the Holm correction over %d comparisons", family)
			}
			d.Note += fmt.Sprintf("; need at least %d rounds", d.RoundsNeeded)
			return d
		}
	} else if !c.Exact {
		if minP := MinP(c.Base.N, c.Head.N) * float64(family); minP > p.Alpha {
			d.Status = TooFewSamples
			d.RoundsNeeded = SamplesNeeded(p.Alpha / float64(family))
			d.Note = fmt.Sprintf("with %s samples the U-test cannot reach p <= %v", nPair(c.Base.N, c.Head.N), p.Alpha)
			if family > 1 {
				d.Note += fmt.Sprintf(" after the Holm correction over %d comparisons", family)
			}
			d.Note += fmt.Sprintf("; need at least %d per side", d.RoundsNeeded)
			return d
		}
	}
	if !d.Significant || diff == 0 {
		d.Status = Unchanged
		return d
	}
	if c.Better == 0 {
		d.Status = Unchanged
		d.Note = fmt.Sprintf("significant change, but whether more %s is better is unknown; add unit metadata (Unit %s better=higher or better=lower) to gate on it", c.Unit, c.Unit)
		return d
	}
	// A change from zero is an infinite relative change: beyond any
	// threshold.
	mag := math.Inf(1)
	if !math.IsNaN(d.Delta) {
		mag = math.Abs(d.Delta)
	}
	switch {
	case mag <= d.Threshold:
		d.Status = Unchanged
		d.Note = fmt.Sprintf("significant but within the %s threshold", FormatPercent(d.Threshold))
	case d.Worse:
		d.Status = Regression
	default:
		d.Status = Improvement
	}
	return d
}

// constantAndEqual reports whether every sample on both sides is the same
// value.
func constantAndEqual(c compare.Comparison) bool {
	if !c.Compared() || len(c.Base.Values) == 0 {
		return false
	}
	v := c.Base.Values[0]
	for _, e := range [][]float64{c.Base.Values, c.Head.Values} {
		for _, x := range e {
			if x != v {
				return false
			}
		}
	}
	return true
}

func nPair(n1, n2 int) string {
	if n1 == n2 {
		return strconv.Itoa(n1)
	}
	return fmt.Sprintf("%d+%d", n1, n2)
}

// Regressions returns the decisions with status Regression.
func (r *Result) Regressions() []Decision { return r.withStatus(Regression) }

func (r *Result) withStatus(s Status) []Decision {
	var out []Decision
	for _, d := range r.Decisions {
		if d.Status == s {
			out = append(out, d)
		}
	}
	return out
}

// Sorted returns the decisions ordered for a reader: regressions first
// (largest first), then undecided, improvements, new, removed, and
// unchanged, keeping input order within each group.
func (r *Result) Sorted() []Decision {
	rank := map[Status]int{Regression: 0, TooFewSamples: 1, Inconclusive: 1, Improvement: 2, New: 3, Removed: 4, Unchanged: 5}
	out := append([]Decision(nil), r.Decisions...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if rank[a.Status] != rank[b.Status] {
			return rank[a.Status] < rank[b.Status]
		}
		if a.Status == Regression {
			return math.Abs(a.Delta) > math.Abs(b.Delta)
		}
		return false
	})
	return out
}
