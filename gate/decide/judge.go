package decide

import (
	"fmt"
	"math"
	"strconv"

	"github.com/benchgate/benchgate/gate/compare"
)

// prepare starts c's decision: the statuses that need no test (new,
// removed, no usable samples, exact), and for the others the first
// stage's p-value, change and interval.
func prepare(c compare.Comparison, p Policy) Decision {
	d := Decision{Comparison: c, Threshold: p.ThresholdFor(c.Unit), TestP: math.NaN(), PAdjusted: math.NaN(), Family: 1,
		stageDelta: math.NaN(), stageLow: math.NaN(), stageHigh: math.NaN()}
	switch {
	case c.Base == nil:
		d.Status = New
		return d
	case c.Head == nil:
		d.Status = Removed
		return d
	case c.Base.N == 0 || c.Head.N == 0:
		// Every value on a side was unusable (NaN, negative, ...) and was
		// skipped: nothing was measured, so nothing can be decided.
		d.Status = TooFewSamples
		d.RoundsNeeded = SamplesNeeded(p.Alpha)
		d.Note = "a side has no usable samples"
		return d
	}
	conf := confidenceOf(p)
	d.Paired = PairSamples(c.Base.Values, c.Head.Values, conf)
	if decideExact(&d, conf, p.StageRounds) {
		return d
	}
	d.tested = true
	stage := c
	if p.StageRounds > 0 {
		stage = c.Rounds(0, p.StageRounds, conf)
		if stage.Base.N < c.Base.N || stage.Head.N < c.Head.N {
			d.StageRounds = p.StageRounds
		}
	}
	t := testOn(stage, p)
	d.TestP, d.minP = t.p, t.minP
	d.Test = p.Test
	if !t.paired || d.Test == "" {
		d.Test = UTest
	}
	d.stageDelta, d.stageLow, d.stageHigh = t.delta, t.low, t.high
	// The change shown is that of every sample, measured the way the
	// test measures it.
	if all := testOn(c, p); t.paired {
		d.Comparison.Delta = all.delta
	}
	d.Worse = worse(d.Better, d.stageDelta)
	if (p.Test == PairedSignTest || p.Test == BothTests) && !t.paired {
		d.Note = "rounds cannot be paired (different numbers of samples, or a zero base value); decided with the U-test"
	}
	return d
}

// tested is the outcome of the policy's test on one set of samples.
type tested struct {
	// p is the test's p-value, minP the smallest it could be with these
	// samples.
	p, minP float64
	// delta is the change (head/base - 1), low and high bound the ratio
	// head/base.
	delta, low, high float64
	// paired reports that the test paired rounds.
	paired bool
}

// testOn runs p's test on c's samples.
func testOn(c compare.Comparison, p Policy) tested {
	t := tested{p: c.P, minP: MinP(c.Base.N, c.Head.N), delta: c.Delta}
	t.low, t.high = sidesInterval(c)
	if p.Test != PairedSignTest && p.Test != BothTests {
		return t
	}
	pr := PairSamples(c.Base.Values, c.Head.Values, confidenceOf(p))
	if pr == nil {
		return t
	}
	t.paired = true
	t.delta = pr.Ratio - 1
	t.low, t.high = pr.Low, pr.High
	if !finite(t.low) || !finite(t.high) {
		t.low, t.high = 0, math.Inf(1)
	}
	if p.Test == PairedSignTest {
		t.p, t.minP = pr.P, MinSignP(pr.N)
		return t
	}
	t.p = math.Min(1, 2*math.Min(c.P, pr.P))
	t.minP = math.Min(1, 2*math.Min(t.minP, MinSignP(pr.N)))
	return t
}

// sidesInterval is an interval for head/base from the sides' intervals
// (wide: the ratio of the extremes). Where the samples are too few for an
// interval it is (0, +Inf): anything is possible.
func sidesInterval(c compare.Comparison) (lo, hi float64) {
	b, h := c.Base, c.Head
	if !(b.Center > 0) || math.IsNaN(b.Low) || math.IsNaN(h.Low) {
		return math.NaN(), math.NaN()
	}
	if !finite(b.Low) || !finite(b.High) || !finite(h.Low) || !finite(h.High) || !(b.Low > 0) {
		return 0, math.Inf(1)
	}
	return h.Low / b.High, h.High / b.Low
}

// worse reports whether a change delta goes in the worse direction of a
// unit that is better higher (better > 0) or lower (better < 0). A change
// from zero (NaN) is an increase.
func worse(better int, delta float64) bool {
	if better == 0 || delta == 0 {
		return false
	}
	up := math.IsNaN(delta) || delta > 0
	return up == (better < 0)
}

// judge decides a tested comparison from its first stage at alpha.
func judge(d *Decision, p Policy, alpha float64) {
	factor := 1.0
	if p.Correction != CorrectionNone {
		factor = float64(d.Family)
	}
	d.Significant = !math.IsNaN(d.PAdjusted) && d.PAdjusted <= alpha
	if !d.Significant && d.minP*factor > alpha {
		// Even samples that all pointed one way could not have been
		// significant: saying "unchanged" would be a guess.
		d.Status = TooFewSamples
		d.RoundsNeeded = roundsToReach(p, alpha/factor)
		d.Note = fmt.Sprintf("with %s the test cannot reach p <= %v", samplesOf(d.Base.N, d.Head.N), alpha)
		if factor > 1 {
			d.Note += fmt.Sprintf(" after the correction over %d comparisons", d.Family)
		}
		d.Note += fmt.Sprintf("; need at least %d per side", d.RoundsNeeded)
		return
	}
	beyond := exceeds(d.Better, d.stageDelta, d.Threshold)
	d.Status = Unchanged
	switch {
	case d.Better == 0:
		if d.Significant && d.stageDelta != 0 {
			d.Note = fmt.Sprintf("significant change, but whether more %s is better is unknown; add unit metadata (Unit %s better=higher or better=lower) to gate on it", d.Unit, d.Unit)
		}
		return
	case d.Significant && beyond && d.Worse:
		d.Status = Regression
		// Significant, its estimate beyond the threshold, but its
		// interval reaching back within it: where a second stage is to
		// come, it must hold up there, as an apparent regression must,
		// so that a change at the border does not fail one run and pass
		// the next. Without later rounds it stays a regression.
		d.borderline = p.StageRounds > 0 && !wholeBeyond(d.Better, d.stageLow, d.stageHigh, d.Threshold)
		return
	case d.Significant && beyond:
		d.Status = Improvement
		return
	case d.Significant && d.stageDelta != 0:
		d.Note = fmt.Sprintf("significant but within the %s threshold", FormatPercent(d.Threshold))
	}
	lo, hi := d.stageLow, d.stageHigh
	d.Equivalent = within(d.Better, lo, hi, d.Threshold)
	if d.Worse && beyond && inDoubt(d, d.PAdjusted, d.stageDelta, lo, hi) {
		d.Status = Inconclusive
		d.RoundsNeeded = roundsForChange(d, p, alpha/factor)
		d.Note = likelyNote(d, "")
	}
}

// inDoubt reports whether a change worse than the threshold that was not
// shown to be a regression is still real doubt, and so inconclusive
// rather than unchanged: its corrected p is at most DoubtLevel, or its
// whole interval [lo, hi] lies beyond the threshold, or its estimate
// delta is large. The first stage and the confirmation of a candidate
// both decide by it.
func inDoubt(d *Decision, pAdjusted, delta, lo, hi float64) bool {
	return pAdjusted <= DoubtLevel || wholeBeyond(d.Better, lo, hi, d.Threshold) || large(d.Better, delta, d.Threshold)
}

// wholeBeyond reports whether the whole interval [lo, hi] of head/base
// lies beyond the threshold on the worse side.
func wholeBeyond(better int, lo, hi, threshold float64) bool {
	if math.IsNaN(lo) {
		return false
	}
	if better > 0 {
		return hi < worseBound(better, threshold)
	}
	return lo > worseBound(better, threshold)
}

// likelyNote says why a change is inconclusive, and what would settle it.
func likelyNote(d *Decision, after string) string {
	// "13.4% worse", not "-13.4% worse", for a rate that fell; and its
	// cost beside it, which the threshold bounds.
	change := formatChange(math.Abs(d.Delta))
	if c := costChange(d.Better, d.Delta); d.Better > 0 && !math.IsNaN(d.Delta) {
		change = fmt.Sprintf("%s lower (%s more cost),", formatChange(math.Abs(d.Delta)), formatChange(c))
	}
	s := fmt.Sprintf("likely regression: %s worse than the %s threshold, but not significant (p %.3g after the correction)",
		change, FormatPercent(d.Threshold), d.PAdjusted)
	if d.PAdjusted > DoubtLevel && large(d.Better, d.Delta, d.Threshold) {
		bound := fmt.Sprintf("more than %d times the %s threshold", LargeChange, FormatPercent(d.Threshold))
		if d.Threshold <= 0 {
			bound = fmt.Sprintf("more than %s, %d times the default threshold, at a threshold of 0", FormatPercent(largeBound(0)), LargeChange)
		}
		s = fmt.Sprintf("possible regression: %s worse, %s, but the rounds are too noisy to tell (p %.3g after the correction)",
			change, bound, d.PAdjusted)
	}
	if after != "" {
		s = fmt.Sprintf("likely regression: %s worse than the %s threshold, but %s", change, FormatPercent(d.Threshold), after)
	}
	if d.RoundsNeeded > 0 {
		s += fmt.Sprintf("; at this change about %d rounds (samples per side) in all would decide it", d.RoundsNeeded)
	}
	return s
}

func formatChange(delta float64) string {
	if math.IsNaN(delta) {
		return "a change from zero,"
	}
	return strconv.FormatFloat(delta*100, 'f', 1, 64) + "%"
}

func samplesOf(n1, n2 int) string {
	switch {
	case n1 == 1 && n2 == 1:
		return "1 sample per side"
	case n1 == n2:
		return fmt.Sprintf("%d samples per side", n1)
	}
	return fmt.Sprintf("%d and %d samples", n1, n2)
}

// correct sets PAdjusted and Family for the decisions in that family
// (those for which in is true), by the policy's correction, and returns
// the family's size: its hypotheses, a benchmark's B/s counting with its
// sec/op (twins).
func correct(ds []Decision, p Policy, in func(*Decision) bool) int {
	var idx []int
	for i := range ds {
		if in(&ds[i]) {
			idx = append(idx, i)
		}
	}
	markTwins(ds, idx)
	var own []int // the family's hypotheses: each decision but a twin
	var ps []float64
	for _, i := range idx {
		if ds[i].twin == 0 {
			own = append(own, i)
			ps = append(ps, ds[i].TestP)
		}
	}
	adjusted := ps
	switch p.Correction {
	case CorrectionNone:
	case CorrectionBH:
		adjusted = BenjaminiHochberg(ps)
	default:
		adjusted = Holm(ps)
	}
	for j, i := range own {
		ds[i].PAdjusted = adjusted[j]
	}
	for _, i := range idx {
		if p.Correction == CorrectionNone {
			ds[i].PAdjusted = ds[i].TestP
			continue
		}
		if t := ds[i].twin; t > 0 {
			ds[i].PAdjusted = ds[t-1].PAdjusted
		}
		ds[i].Family = max(len(own), 1)
	}
	return len(own)
}

// markTwins marks each decision among idx that repeats another's
// hypothesis with that other (twin, its index plus one). A benchmark's
// B/s is the bytes it declared (b.SetBytes) over the time of its sec/op,
// the same measurement in another unit, so testing both is testing one
// hypothesis twice. Counted twice, every benchmark that calls SetBytes
// would lower the level the rest must reach; it takes its sec/op's
// corrected p instead (their tests' p-values agree: the U-test's ranks
// and the sign test's signs only reverse). Only where the samples show
// it: B/s × sec/op the same in every sample of each side, within the
// testing package's rounding (derived). A rate a benchmark reports of its
// own (b.ReportMetric(v, "MB/s")) that is not its time's stays a
// hypothesis of its own. Rows of one benchmark from several parts decided
// jointly (a ladder's steps, merged directories) have the same name and
// configuration: a twin is in its own part.
func markTwins(ds []Decision, idx []int) {
	key := func(d *Decision) string { return strconv.Itoa(d.part) + "\x00" + d.Row() }
	secs := map[string]int{}
	for _, i := range idx {
		if ds[i].Unit == "sec/op" {
			secs[key(&ds[i])] = i
		}
	}
	for _, i := range idx {
		if ds[i].Unit != "B/s" {
			continue
		}
		if s, ok := secs[key(&ds[i])]; ok && derived(ds[s].Base, ds[i].Base) && derived(ds[s].Head, ds[i].Head) {
			ds[i].twin = s + 1
		}
	}
}

// derived reports whether the rate samples are a constant over the time
// samples, one for one: their products agree within 1%, above the
// testing package's rounding of both (four significant digits of ns/op,
// two decimals of MB/s, at 10 MB/s or more).
func derived(time, rate *compare.Estimate) bool {
	if time == nil || rate == nil || len(time.Values) != len(rate.Values) || len(time.Values) == 0 {
		return false
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, t := range time.Values {
		x := t * rate.Values[i]
		if !(x > 0) || math.IsInf(x, 0) {
			return false
		}
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return hi <= lo*1.01
}

// hypothesesOf counts the hypotheses among the decisions idx: a B/s
// whose twin (markTwins) is among them too adds none.
func hypothesesOf(ds []Decision, idx []int) int {
	in := map[int]bool{}
	for _, i := range idx {
		in[i] = true
	}
	n := 0
	for _, i := range idx {
		if t := ds[i].twin; t == 0 || !in[t-1] {
			n++
		}
	}
	return n
}
