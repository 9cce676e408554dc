package decide

import (
	"fmt"
	"math"

	"github.com/aclements/go-moremath/stats"
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
	k := hypothesesOf(ds, cands)
	alpha := p.Alpha / 2
	from := p.StageRounds
	halfway := halfwayRound(p, k)
	// Two looks share the second stage's alpha unevenly: a tenth for the
	// halfway look, where only clear regressions (tiny p-values) are
	// expected, nine tenths for the end.
	endAlpha, halfAlpha := alpha, 0.0
	if halfway > 0 {
		endAlpha, halfAlpha = alpha*0.9, alpha*0.1
	}
	conf := confidenceOf(p)
	w := stageWeight(p)
	for _, i := range cands {
		d := &ds[i]
		n := min(d.Base.N, d.Head.N)
		if n <= from {
			continue
		}
		all := testOn(d.Comparison, p)
		beyond := worse(d.Better, all.delta) && exceeds(d.Better, all.delta, d.Threshold)
		if d.borderline && reachesBoundary(d, all) && minAttainable(p.Test, n-from)*float64(k) > endAlpha {
			// The second stage was cut short (-time-budget, -max-rounds)
			// before its rounds could confirm anything, while the
			// change may still be a regression: the first stage's
			// decision stands.
			continue
		}
		// A look tests the later rounds so far alone and combined with
		// the first stage, the two tests sharing its level half and half.
		look := func(to int, level float64) (*Confirmation, float64) {
			later := testOn(d.Comparison.Rounds(from, to, conf), p)
			c := &Confirmation{From: from, Rounds: to - from, P: later.p, PAdjusted: math.Min(1, later.p*float64(k)), Candidates: k}
			c.Combined = combinedP(stageBonferroni(d), c.PAdjusted, w)
			alone, combined := c.PAdjusted <= level/2, c.Combined <= level/2
			c.Confirmed = beyond && worse(d.Better, later.delta) && (alone || combined)
			c.ByCombined = c.Confirmed && !alone
			return c, later.delta
		}
		c, _ := look(n, endAlpha)
		// Unconfirmed is not unchanged: the doubt that made it a
		// candidate is judged again on every round, its p corrected as
		// its first stage's was. The looks decide whether it fails; all
		// the rounds decide whether it may pass as unchanged.
		allAdjusted := correctedLike(d, all.p)
		if halfway > 0 && n >= halfway {
			h, delta := look(halfway, halfAlpha)
			if h.Confirmed || n == halfway {
				h.Halfway = true
				c = h
			}
			// Futile unless confirmed: by the halfway look, or by the
			// end look over rounds past halfway (another comparison run
			// by the same process wanted them), which goes on as before.
			// Nor is a candidate futile that every round up to halfway
			// leaves in doubt (it would end inconclusive, the rounds it
			// was picked for weighing on its estimate): it goes on to
			// the end, so that fresh rounds, not a warning, settle it.
			c.Futile = !c.Confirmed && !math.IsNaN(delta) && !worse(d.Better, delta) && !doubtAt(d, halfway, h, p)
		}
		d.Confirmation = c
		rounds := fmt.Sprintf("rounds %d–%d alone", from+1, from+c.Rounds)
		combined := fmt.Sprintf("; combined with rounds 1–%d, p %.3g", from, c.Combined)
		if !math.IsNaN(d.TestP) && stageBonferroni(d) >= 1 {
			// A candidate for its estimate, not for its p: its fixed
			// rounds add nothing to the combined test.
			combined = fmt.Sprintf("; rounds 1–%d held no evidence to combine with (their p, %.3g, times the %d comparisons is 1)", from, d.TestP, max(d.Family, 1))
		}
		switch {
		case c.ByCombined:
			d.Status, d.Significant, d.Worse = Regression, true, true
			d.Note = fmt.Sprintf("confirmed by rounds %d–%d combined with rounds 1–%d (p %.3g; %s p %.3g after the correction over %s)", from+1, from+c.Rounds, from, c.Combined, rounds, c.PAdjusted, candidates(k))
		case c.Confirmed:
			d.Status, d.Significant, d.Worse = Regression, true, true
			d.Note = fmt.Sprintf("confirmed by %s (p %.3g, %.3g after the correction over %s)", rounds, c.P, c.PAdjusted, candidates(k))
		case beyond && (d.borderline || inDoubt(d, math.Min(c.PAdjusted, allAdjusted), all.delta, all.low, all.high)):
			d.Status = Inconclusive
			d.RoundsNeeded = 0
			after := fmt.Sprintf("%s did not confirm it (p %.3g after the correction over %s%s)", rounds, c.PAdjusted, candidates(k), combined)
			if allAdjusted < c.PAdjusted {
				after += fmt.Sprintf("; over all %d rounds p %.3g, %.3g after the correction", n, all.p, allAdjusted)
			}
			d.Note = likelyNote(d, after)
		default:
			d.Status = Unchanged
			d.Equivalent = within(d.Better, all.low, all.high, d.Threshold)
			d.Note = fmt.Sprintf("a candidate after %d rounds; %s did not confirm a regression", from, rounds)
			if c.Futile && c.Halfway {
				d.Note = fmt.Sprintf("a candidate after %d rounds; %s showed no worsening, so it got no more rounds", from, rounds)
			}
		}
	}
	return k
}

// doubtAt reports whether candidate d, judged on its rounds up to round to
// with its look there (c), would end inconclusive rather than unchanged:
// its change over those rounds worse than the threshold, and a regression
// at the border or still in doubt (inDoubt), as the end of judgeStages
// judges it over every round.
func doubtAt(d *Decision, to int, c *Confirmation, p Policy) bool {
	upTo := testOn(d.Comparison.Rounds(0, to, confidenceOf(p)), p)
	if !worse(d.Better, upTo.delta) || !exceeds(d.Better, upTo.delta, d.Threshold) {
		return false
	}
	return d.borderline || inDoubt(d, math.Min(c.PAdjusted, correctedLike(d, upTo.p)), upTo.delta, upTo.low, upTo.high)
}

// stageWeight is the weight of the first stage in both looks' combined
// test: the square root of its share of the rounds a candidate can get,
// fixed before any round is measured, as the inverse normal combination
// needs (the halfway round depends on the number of candidates, so it
// cannot set the weight). Without a MaxRounds the stages weigh the same.
func stageWeight(p Policy) float64 {
	if p.MaxRounds <= p.StageRounds {
		return math.Sqrt(0.5)
	}
	return math.Sqrt(float64(p.StageRounds) / float64(p.MaxRounds))
}

// stageBonferroni is d's first-stage p times the number of comparisons
// the correction ran over (1 without a correction), at most 1, and 1
// where there is no p: for every set of comparisons holding d, a bound
// on the Bonferroni p of the set's first stages, which is what the
// combined test needs of the first stage (see combinedP).
func stageBonferroni(d *Decision) float64 {
	if math.IsNaN(d.TestP) {
		return 1
	}
	return math.Min(1, d.TestP*float64(max(d.Family, 1)))
}

// combinedP is the inverse normal combination of a first-stage p (p1)
// and a second-stage p (p2) with the first stage weighted w1: 1 −
// Φ(w1·Φ⁻¹(1−p1) + w2·Φ⁻¹(1−p2)), w1² + w2² = 1 (Lehmacher and Wassmer,
// 1999). With the later rounds independent of the first, and the
// weights fixed in advance, it is a p-value however the candidates were
// picked, as long as p1 and p2 are Bonferroni p-values of every set of
// comparisons holding the candidate, first stage and later rounds (the
// closed testing of Bauer and Kieser, 1999; Bretz et al., 2006):
// stageBonferroni for the first, and the later rounds' p times the
// number of candidates for the second. A p of 1 is no evidence: the
// combination is 1.
func combinedP(p1, p2, w1 float64) float64 {
	if math.IsNaN(p1) || math.IsNaN(p2) || p1 >= 1 || p2 >= 1 {
		return 1
	}
	w2 := math.Sqrt(1 - w1*w1)
	z := w1*-stats.StdNormal.InvCDF(p1) + w2*-stats.StdNormal.InvCDF(p2)
	return stats.StdNormal.CDF(-z)
}

// correctedLike is p after the multiplier that d's first-stage p got from
// the correction for many comparisons (1 without a correction; the family
// size where the first stage's p was 0). A p that could not be computed
// (NaN) is no evidence: 1, so that the smaller of it and another p is the
// other.
func correctedLike(d *Decision, p float64) float64 {
	if math.IsNaN(p) {
		return 1
	}
	factor := float64(d.Family)
	if d.TestP > 0 && !math.IsNaN(d.PAdjusted) {
		factor = d.PAdjusted / d.TestP
	}
	return math.Min(1, p*math.Max(factor, 1))
}

// halfwayRound is the round of the second stage's first look, halfway
// between the fixed rounds and the most a candidate gets, for k
// candidates; 0 where the second stage is too short for the halfway look
// ever to reach its level (a tenth of the stage's alpha), which then has
// one look, at the end.
func halfwayRound(p Policy, k int) int {
	later := (p.MaxRounds - p.StageRounds + 1) / 2
	if later < 1 || minAttainable(p.Test, later)*float64(max(k, 1)) > p.Alpha/2*0.1 {
		return 0
	}
	return p.StageRounds + later
}

// isCandidate reports whether the rule gives the first stage's decision
// d a second stage: a regression at the border; an apparent regression
// (worse than the threshold, not significant) that is inconclusive or
// whose p before the correction is at most CandidateLevel; and under
// UntilSettled also a comparison whose interval contains the threshold.
func isCandidate(d *Decision, rule AdaptiveRule) bool {
	if !d.tested || d.Better == 0 {
		return false
	}
	if d.borderline {
		return true
	}
	switch d.Status {
	case Unchanged, Inconclusive, TooFewSamples:
	default:
		return false
	}
	if d.Worse && exceeds(d.Better, d.stageDelta, d.Threshold) && (d.Status == Inconclusive || d.TestP <= CandidateLevel) {
		return true
	}
	if rule != UntilSettled {
		return false
	}
	boundary := worseBound(d.Better, d.Threshold)
	return !math.IsNaN(d.stageLow) && d.stageLow < boundary && boundary < d.stageHigh
}

// MoreRounds reports whether an adaptive run should give d another round:
// d is a candidate for the second stage that its halfway look did not
// confirm nor find futile (later rounds not worse at all), and whose
// interval of the change (every sample so far) still reaches the
// regression boundary. The later rounds are judged only at their looks,
// halfway and at the end, each at its share of alpha, so that looking
// after every round cannot make a regression out of noise; stopping
// because the interval no longer reaches the boundary, or for futility,
// cannot make one either.
//
// An exact comparison gets more rounds while it is inconclusive and its
// values vary: with runs enough, each side stands for the interval of
// its median rather than its range (see exact.go), which more runs
// narrow. It needs no second stage: no p-value is looked at.
func MoreRounds(d Decision, p Policy) bool {
	if d.Exact {
		return d.Status == Inconclusive && exactVaries(&d)
	}
	if c := d.Confirmation; !d.candidate || (c != nil && (c.Futile || c.Halfway && c.Confirmed)) {
		return false
	}
	return reachesBoundary(&d, testOn(d.Comparison, p))
}

// reachesBoundary reports whether the interval of the change over every
// sample so far (all) still reaches the regression boundary of d.
func reachesBoundary(d *Decision, all tested) bool {
	if math.IsNaN(all.low) {
		return true
	}
	boundary := worseBound(d.Better, d.Threshold)
	if d.Better > 0 {
		return all.low < boundary
	}
	return all.high > boundary
}

// candidates is "1 candidate" or "k candidates".
func candidates(k int) string {
	if k == 1 {
		return "1 candidate"
	}
	return fmt.Sprintf("%d candidates", k)
}
