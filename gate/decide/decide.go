// Package decide is the decide stage of benchgate's pipeline: a pure
// function from the comparisons that package compare computed and a
// [Policy] to a status per comparison and one overall [Verdict].
//
// # Exact comparisons
//
// Counts are facts, not samples: a benchmark that measured 10 allocs/op in
// every base run and 9 in every head run allocates less, and no rank test
// is needed to say so. A comparison whose unit is not a time or a rate
// and whose samples are one value on each side (at least two runs each),
// or whose unit says its values are deterministic (unit metadata
// assume=exact, as instructions/op), is decided exactly: regression when
// every head value is worse than every base value by more than the
// threshold, improvement likewise, unchanged when every ratio lies within
// the threshold, and inconclusive when the runs' spread straddles it.
// Exact comparisons are not part of the correction for many comparisons.
//
// Deterministic units may still vary a little from run to run, and for
// values that vary two refinements apply (exact.go): a regression or
// improvement also needs the sides to be further apart than the runs of
// either side spread (else inconclusive), and a side with runs enough
// for a distribution-free interval of its median that is narrower than
// its range (9 at 95% confidence) stands for that interval instead. An
// inconclusive exact comparison whose values vary gets more rounds in an
// adaptive run ([MoreRounds]).
//
// # Tested comparisons
//
// Every other comparison gets a p-value from the test the policy picks
// ([Policy.Test]): benchmath's Mann-Whitney U-test on the two sides'
// samples (as benchstat), the sign test on the per-round ratios head/base,
// or both, the smaller p doubled. The change is the median per-round
// ratio where the test pairs rounds, else the ratio of the sides'
// medians. The p-values of the comparisons that can fail the gate (a unit
// whose better direction is known) are corrected together
// ([Policy.Correction]: Benjamini–Hochberg, Holm or none); those of units
// whose direction is unknown are corrected among themselves and never
// gate.
//
//   - regression: significant (p after the correction at or below alpha)
//     and worse than the unit's threshold; improvement likewise;
//   - inconclusive: worse than the threshold but not significant, while
//     the evidence is still real: the corrected p is at most [DoubtLevel],
//     or the whole interval of the change lies beyond the threshold, or
//     the change is estimated at more than [LargeChange] times the
//     threshold (rounds too noisy to rule out a regression that large);
//   - too-few-samples: the test could not reach alpha with these samples
//     even if every one of them pointed the same way (or a side has no
//     usable samples);
//   - unchanged: anything else. Where the interval of the change lies
//     within ±threshold the comparison is also marked [Decision.Equivalent].
//
// A benchmark on one side only is new or removed.
//
// # Two stages
//
// An adaptive run gives some comparisons more rounds after its fixed ones,
// and every extra look at a p-value is another chance of a false alarm. So
// with [Policy.StageRounds] set, every comparison is decided on its first
// StageRounds samples at half of alpha; the candidates that the
// [AdaptiveRule] picks from those decisions (an apparent regression needs
// a first-stage p at most [CandidateLevel], or to be inconclusive) get
// more rounds, and a
// candidate becomes a regression only when its later rounds are
// significant at the other half of alpha (and its whole change is worse
// than the threshold): alone, Bonferroni-corrected over the candidates,
// or combined with its first stage. Each look splits its level between
// those two tests. The combined test is the
// inverse normal combination of the first stage's p times the family
// size and the later rounds' p times the candidates, the first stage
// weighted by its share of the most rounds a candidate gets. It is a
// p-value however the candidates were picked (closed testing with
// combination tests: Bauer and Kieser, 1999), because the first stage's
// p is corrected over the whole family, not over the candidates. A
// first-stage regression at the border (its interval reaching back
// within the threshold) is a candidate too: it stays a regression if it
// gets no later rounds, or too few to confirm anything while its interval
// still reaches beyond the threshold; if they do not confirm it, it is inconclusive
// while its whole change is still worse than the threshold, else
// unchanged. Any other candidate that its later rounds do not confirm is
// inconclusive while its change over every round is worse than the
// threshold and still in doubt by the first stage's rule, its p over
// every round corrected with the multiplier its first-stage p got (or
// its later rounds' p over the candidates, whichever is smaller); else
// unchanged. Unconfirmed is not unchanged: a change estimated at +5.3%
// with p 0.034 over 64 rounds (0.062 corrected) is a likely regression,
// not a pass. The
// later rounds are looked at twice, halfway to [Policy.MaxRounds] (at a
// tenth of that half, where the halfway rounds could reach it at all) and
// at the end (at nine tenths). The extra rounds are fresh
// data, independent of the choice of candidates, so looking again cannot
// manufacture a regression. A candidate confirmed at the halfway look, one
// whose later rounds at the halfway look show no worsening at all while
// it would pass (a stop for futility: the end look would need those
// rounds' own estimate to be worse), or one whose interval no longer
// reaches the threshold stops early ([MoreRounds]); stopping for any of
// these cannot cause a false alarm. One that would end inconclusive at
// the halfway look goes on to the end instead of stopping in doubt.
//
// Which direction is worse depends on the unit: sec/op, B/op and allocs/op
// are lower-is-better, B/s is higher-is-better, and unit metadata
// (better=higher|lower) decides for custom units.
//
// # Verdict
//
// The verdict is regression if any comparison is a regression; otherwise
// inconclusive if any comparison is inconclusive, has too few samples, or
// is removed (base measured it, head did not: deleted, or renamed, which
// also shows as new); otherwise pass. The error verdict comes from outside this package: it
// is what benchgate reports when benchmarks could not be built or run.
package decide

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/benchgate/benchgate/gate/compare"
)

// DoubtLevel is the corrected p-value up to which a change worse than the
// threshold that is not significant stays inconclusive rather than
// unchanged: with Benjamini–Hochberg, at most one in ten of the changes
// flagged at this level is expected to be noise.
const DoubtLevel = 0.1

// LargeChange is the multiple of the threshold beyond which an estimate
// that is worse but not significant is never unchanged: it is
// inconclusive, whatever its p-value, and so a candidate for more rounds
// in an adaptive run. Such an estimate with no evidence behind it means
// rounds too noisy to rule out a regression the gate exists to catch,
// which the p-value rules alone ([DoubtLevel], [CandidateLevel]) would
// pass without a word: the power harness's drift fixture passed an
// injected +10% measured at +11.1% (p 0.43). Unchanged code on this
// project's machine has not come near it: the largest estimate worse
// than the threshold among the unchanged rows of 43 A/A runs (quick and
// whole suite) was +7.2% at the 3% threshold. A threshold of 0 takes
// the multiple of the default threshold (9%): with none at all, the
// strictest setting would pass the large changes that 0.1% does not.
const LargeChange = 3

// CandidateLevel is the first stage's p-value (before the correction) up
// to which an apparent regression (worse than the threshold, not
// significant) becomes a candidate for more rounds. Above it the fixed
// rounds hold no evidence of a change at all: on unchanged code such
// estimates come from the noisiest benchmarks (in 11 quick-suite A/A
// runs without this level, 20 candidates, none confirmed), and more
// rounds of a benchmark that noisy could seldom confirm a change near
// the threshold anyway. The choice of candidates cannot add a false
// alarm, since they are confirmed on later rounds alone; it can only
// cost power, measured in docs/statistics.md.
const CandidateLevel = 0.2

// Decision is a comparison together with what the policy made of it. The
// embedded comparison holds every sample (what the report shows); the
// test's p-value comes from the samples of the stage that decided it.
type Decision struct {
	compare.Comparison
	// Test is the test the decision rests on: the policy's, or the
	// U-test where the policy's pairs rounds and they do not pair; empty
	// for exact comparisons.
	Test Test
	// TestP is the p-value of the test the decision rests on, on the
	// first stage's samples; NaN for exact comparisons and where nothing
	// was compared.
	TestP float64
	// PAdjusted is TestP after the policy's multiple-comparison correction;
	// significance is decided on it. NaN where TestP is.
	PAdjusted float64
	// StageRounds is, where TestP is of the first rounds only (an
	// adaptive run's fixed rounds, in a comparison that has later ones),
	// their number; 0 where TestP is of every sample.
	StageRounds int
	// Family is the number of comparisons the correction ran over; 1
	// without a correction.
	Family int
	// Paired is the per-round paired view of every sample, nil where
	// rounds cannot be matched.
	Paired *Paired
	// Significant reports that the change is significant: PAdjusted <=
	// the stage's alpha, a confirmation, or an exact difference.
	Significant bool
	// Worse reports that head moved in the unit's worse direction.
	Worse bool
	// Status is the outcome.
	Status Status
	// Threshold is the threshold that applied.
	Threshold float64
	// Exact reports that the comparison was decided exactly (see the
	// package documentation).
	Exact bool
	// Equivalent reports that the interval of the change lies within
	// ±Threshold: unchanged, and shown to be.
	Equivalent bool
	// Warn reports a significant worsening beyond the policy's warn
	// threshold but within its threshold: unchanged, with a warning.
	Warn bool
	// Confirmation is the second stage of a candidate that got more
	// rounds; nil otherwise.
	Confirmation *Confirmation
	// RoundsNeeded is, for too-few-samples, the number of samples per
	// side the test needs to be able to reach alpha after the correction;
	// for an inconclusive change, about how many rounds in all the test
	// would need at the change measured so far (0 where it cannot say).
	RoundsNeeded int
	// Note explains the status where the reason is not obvious.
	Note string

	// tested is set for comparisons decided by a test (not exact, not
	// missing a side); candidate for those the adaptive rule picked;
	// borderline for a first-stage regression whose interval reaches
	// back within the threshold (judge).
	tested, candidate, borderline bool
	// stageDelta and stageLow, stageHigh are the first stage's change
	// and the interval of its ratio head/base.
	stageDelta, stageLow, stageHigh float64
	// minP is the smallest p the test could give with the first stage's
	// samples.
	minP float64
	// twin is, for a B/s that is its sec/op's time in another unit, that
	// sec/op's index in the decisions plus one (markTwins); 0 otherwise.
	// part is the comparison's part, where several are decided jointly.
	twin, part int
}

// Confirmation is the second stage of a candidate: its later rounds
// alone, tested again.
type Confirmation struct {
	// From is the number of rounds before the second stage; the stage
	// holds rounds From+1 to From+Rounds.
	From, Rounds int
	// P is the test's p-value on those rounds, PAdjusted that times the
	// number of candidates.
	P, PAdjusted float64
	// Candidates is the number of candidates the correction ran over.
	Candidates int
	// Combined is the p of the later rounds combined with the first
	// stage (see the package documentation).
	Combined float64
	// ByCombined reports that the combined test confirmed the
	// regression where the later rounds alone did not.
	ByCombined bool
	// Confirmed reports that the later rounds confirmed a regression.
	Confirmed bool
	// Halfway reports that this is the halfway look (see
	// Policy.MaxRounds), not the end.
	Halfway bool
	// Futile reports that at the halfway look the later rounds showed no
	// worsening at all (their estimate of the change was zero or
	// better), so the candidate needs no more rounds.
	Futile bool
}

// largeLater keeps a large change from passing as unchanged when it shows
// only in rounds after the first stage: a comparison that was not a
// candidate but got later rounds anyway (its process ran a candidate's,
// or a ladder's other step wanted them) is decided on its first stage,
// while the change shown is over every round. Estimated there at more
// than LargeChange times the threshold, it is inconclusive, as a large
// first-stage estimate is ("possible regression ... too noisy to tell").
// In a ladder, a step measured -3.9% over its 8 fixed rounds and +9.6%
// over all 32 passed as unchanged before.
func largeLater(d *Decision, p Policy) {
	if d.Status != Unchanged || !d.tested || d.candidate || d.Better == 0 || min(d.Base.N, d.Head.N) <= p.StageRounds {
		return
	}
	if !worse(d.Better, d.Delta) || !large(d.Better, d.Delta, d.Threshold) {
		return
	}
	d.Status, d.Worse, d.Equivalent = Inconclusive, true, false
	d.RoundsNeeded = 0
	d.Note = fmt.Sprintf("possible regression: %s worse over all %d rounds, more than %d times the %s threshold; its first %d rounds, which decided it, measured %+.1f%%: too noisy to tell",
		formatChange(math.Abs(d.Delta)), min(d.Base.N, d.Head.N), LargeChange, FormatPercent(d.Threshold), p.StageRounds, d.stageDelta*100)
}

// Undecidable reports results in which no change could fail the gate:
// every comparison that can fail it and that a test decides (a direction
// known, not exact, on both sides) had too few samples for the test ever
// to reach alpha after the correction. It returns the first such
// comparison, how many there are and the most samples per side any of
// them needs; nil when some tested comparison was decided, or there is
// none.
func Undecidable(ds []Decision) (first *Decision, n, need int) {
	for i, d := range ds {
		if d.Better == 0 || d.Exact || !d.Compared() {
			continue // never gates, decided exactly, or new/removed
		}
		if d.Status != TooFewSamples {
			return nil, 0, 0
		}
		if first == nil {
			first = &ds[i]
		}
		n++
		need = max(need, d.RoundsNeeded)
	}
	return first, n, need
}

// BeyondWithoutEvidence reports that an unchanged comparison's estimate
// is worse than its threshold: its rounds held too little evidence of a
// change for a regression or for doubt (see the package documentation),
// so it passes, but they did not show it within the threshold either.
// Reports list such rows apart from the unchanged, so that a reader who
// sees "+5% ~" knows the gate saw it.
func (d Decision) BeyondWithoutEvidence() bool {
	return d.Status == Unchanged && !d.Warn && !d.Equivalent && d.Better != 0 &&
		worse(d.Better, d.Delta) && exceeds(d.Better, d.Delta, d.Threshold)
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
	// Family is the number of comparisons that can fail the gate whose
	// p-values were corrected together (0 without a correction).
	Family int
	// Candidates is the number of comparisons that the adaptive rule gave
	// a second stage.
	Candidates int
	// Warnings counts the decisions marked Warn.
	Warnings int
}

// Decide applies policy p to the comparisons in r.
func Decide(r *compare.Result, p Policy) *Result {
	return decideParts(r, p, nil)
}

// decideParts is Decide over comparisons from several parts (Joint):
// part gives each comparison's part, nil meaning one. A row's twin
// (markTwins) is in its own part.
func decideParts(r *compare.Result, p Policy, part []int) *Result {
	out := &Result{Policy: p, Counts: map[Status]int{}}
	ds := make([]Decision, len(r.Comparisons))
	for i, c := range r.Comparisons {
		ds[i] = prepare(c, p)
		if part != nil {
			ds[i].part = part[i]
		}
	}
	gating := func(d *Decision) bool { return d.tested && d.Better != 0 }
	family := correct(ds, p, gating)
	correct(ds, p, func(d *Decision) bool { return d.tested && d.Better == 0 })
	if p.Correction != CorrectionNone {
		out.Family = family
	}
	alpha := p.Alpha
	if p.StageRounds > 0 {
		alpha /= 2
	}
	for i := range ds {
		if ds[i].tested {
			judge(&ds[i], p, alpha)
		}
	}
	if p.StageRounds > 0 {
		out.Candidates = confirm(ds, p)
		for i := range ds {
			largeLater(&ds[i], p)
		}
	}
	for i := range ds {
		d := &ds[i]
		if d.Status == Unchanged && d.Significant && d.Worse && p.WarnThreshold > 0 && exceeds(d.Better, d.Delta, p.WarnThreshold) {
			d.Warn = true
			out.Warnings++
			if d.Note == "" || strings.HasPrefix(d.Note, "significant but within") {
				d.Note = fmt.Sprintf("worse than the %s warn threshold, within the %s threshold", FormatPercent(p.WarnThreshold), FormatPercent(d.Threshold))
			}
		}
		out.Counts[d.Status]++
	}
	out.Decisions = ds
	switch {
	case out.Counts[Regression] > 0:
		out.Verdict = RegressionVerdict
	case out.Counts[TooFewSamples] > 0 || out.Counts[Inconclusive] > 0 || out.Counts[Removed] > 0:
		// A removed benchmark (deleted, or renamed: the new name is
		// "new") is a measurement head did not make: never a clean pass.
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
			return costChange(a.Better, a.Delta) > costChange(b.Better, b.Delta)
		}
		return false
	})
	return out
}

// large reports whether a change delta is more than LargeChange times
// threshold (the default threshold's where it is 0), on the cost for a
// worsening (see exceeds).
func large(better int, delta, threshold float64) bool {
	return !math.IsNaN(delta) && exceeds(better, delta, largeBound(threshold))
}

// largeBound is the change beyond which an estimate is large at
// threshold: LargeChange times it, or the default threshold where it is 0.
func largeBound(threshold float64) float64 {
	if threshold <= 0 {
		threshold = DefaultPolicy.Threshold
	}
	return LargeChange * threshold
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }
