package decide

import (
	"fmt"
	"math"
)

// confirm is the second stage of an adaptive run (see the package
// documentation): it picks the candidates from the first stage's
// decisions and decides those that have later rounds on those rounds
// alone. It returns the number of candidates.
func confirm(ds []Decision, p Policy) int {
	var cands []int
	for i := range ds {
		if isCandidate(&ds[i], p.Until) {
			ds[i].candidate = true
			cands = append(cands, i)
		}
	}
	k := len(cands)
	alpha := p.Alpha / 2
	from := p.StageRounds
	conf := confidenceOf(p)
	for _, i := range cands {
		d := &ds[i]
		n := min(d.Base.N, d.Head.N)
		if n <= from {
			continue
		}
		later := testOn(d.Comparison.Rounds(from, n, conf), p)
		c := &Confirmation{From: from, Rounds: n - from, P: later.p, PAdjusted: math.Min(1, later.p*float64(k)), Candidates: k}
		d.Confirmation = c
		all := testOn(d.Comparison, p)
		beyond := worse(d.Better, all.delta) && magnitude(all.delta) > d.Threshold
		rounds := fmt.Sprintf("rounds %d–%d alone", from+1, n)
		switch {
		case beyond && worse(d.Better, later.delta) && c.PAdjusted <= alpha:
			c.Confirmed = true
			d.Status, d.Significant, d.Worse = Regression, true, true
			d.Note = fmt.Sprintf("confirmed by %s (p %.3g, %.3g after the correction over %d candidates)", rounds, c.P, c.PAdjusted, k)
		case beyond && (c.PAdjusted <= DoubtLevel || wholeBeyond(d.Better, all.low, all.high, d.Threshold)):
			d.Status = Inconclusive
			d.RoundsNeeded = 0
			d.Note = likelyNote(d, fmt.Sprintf("%s did not confirm it (p %.3g after the correction over %d candidates)", rounds, c.PAdjusted, k))
		default:
			d.Status = Unchanged
			d.Equivalent = !math.IsNaN(all.low) && 1-d.Threshold <= all.low && all.high <= 1+d.Threshold
			d.Note = fmt.Sprintf("a candidate after %d rounds; %s did not confirm a regression", from, rounds)
		}
	}
	return k
}

// isCandidate reports whether the rule gives the first stage's decision
// d a second stage.
func isCandidate(d *Decision, rule AdaptiveRule) bool {
	if !d.tested || d.Better == 0 {
		return false
	}
	switch d.Status {
	case Unchanged, Inconclusive, TooFewSamples:
	default:
		return false
	}
	if d.Worse && magnitude(d.stageDelta) > d.Threshold {
		return true
	}
	if rule != UntilSettled {
		return false
	}
	boundary := regressionBoundary(d.Better, d.Threshold)
	return !math.IsNaN(d.stageLow) && d.stageLow < boundary && boundary < d.stageHigh
}

// MoreRounds reports whether an adaptive run should give d another round:
// d is a candidate for the second stage whose interval of the change
// (every sample so far) still reaches the regression boundary. A
// candidate is not stopped when it looks confirmed: the second stage is
// judged once, when the run ends, so that looking after every round
// cannot make a regression out of noise.
func MoreRounds(d Decision, p Policy) bool {
	if !d.candidate {
		return false
	}
	all := testOn(d.Comparison, p)
	if math.IsNaN(all.low) {
		return true
	}
	boundary := regressionBoundary(d.Better, d.Threshold)
	if d.Better > 0 {
		return all.low < boundary
	}
	return all.high > boundary
}

// regressionBoundary is the ratio head/base at which a change becomes a
// regression beyond threshold, for a unit that is better higher (better >
// 0) or lower.
func regressionBoundary(better int, threshold float64) float64 {
	if better > 0 {
		return 1 - threshold
	}
	return 1 + threshold
}
