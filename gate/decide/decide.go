// Package decide is the decide stage of benchgate's pipeline: a pure
// function from the comparisons that package compare computed and a
// [Policy] to a status per comparison and one overall [Verdict].
//
// # Statuses
//
// A comparison is a regression when its p-value is at or below alpha (the
// same rule benchstat uses to print a delta instead of "~") and head is
// worse than base by more than the unit's threshold. An improvement is the
// same in the other direction. Anything else that was compared is
// unchanged. A benchmark on one side only is new or removed. Where the
// samples are too few for the test ever to reach alpha, the status is
// too-few-samples, with the number of rounds that would be needed, rather
// than a silent "unchanged".
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
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/aclements/go-moremath/mathx"
	"github.com/benchgate/benchgate/gate/compare"
	"golang.org/x/perf/benchunit"
)

// Status is the outcome of one comparison.
type Status string

// The statuses, as they appear in JSON output.
const (
	Regression    Status = "regression"
	Improvement   Status = "improvement"
	Unchanged     Status = "unchanged"
	Inconclusive  Status = "inconclusive"
	New           Status = "new"
	Removed       Status = "removed"
	TooFewSamples Status = "too-few-samples"
)

// Verdict is the outcome of a whole gate run.
type Verdict string

// The verdicts, as they appear in JSON output and action outputs.
const (
	Pass                Verdict = "pass"
	RegressionVerdict   Verdict = "regression"
	InconclusiveVerdict Verdict = "inconclusive"
	ErrorVerdict        Verdict = "error"
)

// FailOn says which verdicts fail the gate.
type FailOn string

// The -fail-on values.
const (
	FailOnRegression   FailOn = "regression"
	FailOnInconclusive FailOn = "inconclusive"
	FailOnNever        FailOn = "never"
)

// ParseFailOn parses a -fail-on value.
func ParseFailOn(s string) (FailOn, error) {
	return parseChoice(s, "-fail-on", FailOnRegression, FailOnInconclusive, FailOnNever)
}

// parseChoice parses s as one of choices; what names the setting in the
// error, which lists the choices ("invalid -decide "x": want utest or
// paired").
func parseChoice[T ~string](s, what string, choices ...T) (T, error) {
	if v := T(strings.TrimSpace(s)); slices.Contains(choices, v) {
		return v, nil
	}
	names := make([]string, len(choices))
	for i, c := range choices {
		names[i] = string(c)
	}
	want := names[len(names)-1]
	if len(names) > 1 {
		want = strings.Join(names[:len(names)-1], ", ") + " or " + want
	}
	return "", fmt.Errorf("invalid %s %q: want %s", what, s, want)
}

// Fails reports whether verdict v fails the gate under f. The error verdict
// is not decided here: benchmarks that failed to run always fail.
func (f FailOn) Fails(v Verdict) bool {
	switch f {
	case FailOnNever:
		return false
	case FailOnInconclusive:
		return v == RegressionVerdict || v == InconclusiveVerdict
	default:
		return v == RegressionVerdict
	}
}

// Policy is what the gate considers a regression.
type Policy struct {
	// Alpha is the significance level: a comparison is significant when
	// p <= Alpha.
	Alpha float64
	// Threshold is the smallest fractional worsening that counts as a
	// regression, for every unit without its own entry in Thresholds
	// (0.05 = 5%).
	Threshold float64
	// Thresholds are per-unit thresholds, keyed by tidy unit (sec/op,
	// B/op, allocs/op, B/s, or a custom unit).
	Thresholds map[string]float64
	// FailOn says which verdicts fail the gate.
	FailOn FailOn
	// Correction is the multiple-comparison correction: CorrectionHolm
	// or CorrectionNone.
	Correction Correction
	// Confidence is the confidence level of the paired view's interval.
	Confidence float64
	// Test is the test the decision rests on: TestUTest (default) or
	// TestPaired.
	Test Test
	// Adaptive says the run went on for undecided benchmarks; those
	// still undecided at the end are Inconclusive.
	Adaptive bool
	// Until is the adaptive rule: which benchmarks are undecided.
	Until AdaptiveRule
}

// AdaptiveRule says which benchmarks an adaptive run gives more rounds.
type AdaptiveRule string

const (
	// UntilSettled gives more rounds to every benchmark whose outcome is
	// open either way: a regression beyond the threshold is neither shown
	// nor ruled out (the interval of the change contains the regression
	// boundary, or lies beyond it without significance yet). Noisy
	// benchmarks end inconclusive.
	UntilSettled AdaptiveRule = "settle"
	// UntilConfirmed gives more rounds only to apparent regressions: the
	// change is worse than the threshold but not significant yet. A
	// benchmark that does not look like a regression is not run again;
	// what still looks like one at the end is inconclusive. This is what
	// one does by hand with benchstat: rerun what looks bad.
	UntilConfirmed AdaptiveRule = "confirm"
)

// ParseAdaptiveRule parses a rule name.
func ParseAdaptiveRule(s string) (AdaptiveRule, error) {
	return parseChoice(s, "adaptive rule", UntilConfirmed, UntilSettled)
}

// Test names the statistical test a decision rests on.
type Test string

const (
	// TestUTest is benchmath's Mann-Whitney U-test on the two sides'
	// samples, with the change measured between their medians: what
	// benchstat does.
	TestUTest Test = "utest"
	// TestPaired is the sign test on the per-round ratios head/base,
	// with the change measured as their median: each round's base and
	// head ran back to back, so drift slower than a round cancels.
	TestPaired Test = "paired"
)

// ParseTest parses a -decide value.
func ParseTest(s string) (Test, error) {
	return parseChoice(s, "-decide", TestUTest, TestPaired)
}

// Correction names a multiple-comparison correction.
type Correction string

// The -correction values.
const (
	// CorrectionHolm adjusts p-values with the Holm–Bonferroni method over
	// every comparison in the run, so that the chance of any false alarm in
	// the whole run stays at alpha.
	CorrectionHolm Correction = "holm"
	// CorrectionNone uses each p-value as it is, as benchstat does.
	CorrectionNone Correction = "none"
)

// ParseCorrection parses a -correction value.
func ParseCorrection(s string) (Correction, error) {
	return parseChoice(s, "-correction", CorrectionHolm, CorrectionNone)
}

// DefaultPolicy is the policy benchgate uses unless told otherwise. The
// reasons for these values are in README.md and docs/statistics.md: the
// threshold is above the 1–2% placement bias measured between identical
// binaries, and low enough that a 5% slowdown is caught every time on a
// quiet machine (at 5% it was caught half the time).
var DefaultPolicy = Policy{
	Alpha:      0.05,
	Threshold:  0.03,
	FailOn:     FailOnRegression,
	Correction: CorrectionHolm,
	Confidence: 0.95,
}

// ThresholdFor returns the threshold that applies to unit.
func (p Policy) ThresholdFor(unit string) float64 {
	if t, ok := p.Thresholds[unit]; ok {
		return t
	}
	return p.Threshold
}

// Decision is a comparison together with what the policy made of it.
type Decision struct {
	compare.Comparison
	// TestP is the p-value of the test the decision rests on: P for the
	// U-test, the sign test's for the paired test.
	TestP float64
	// PAdjusted is TestP after the policy's multiple-comparison correction;
	// significance is decided on it. NaN where P is.
	PAdjusted float64
	// Family is the number of comparisons the correction ran over.
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
	// the test needs to be able to reach alpha.
	RoundsNeeded int
	// Note explains the status where the reason is not obvious.
	Note string
}

// Result is the decided outcome of a gate run.
type Result struct {
	Verdict   Verdict
	Policy    Policy
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
	return p.Test == TestPaired && !c.Exact && paired != nil
}

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
	if p.Test == TestPaired && !c.Exact && !usePaired && !constantAndEqual(c) {
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

// MinP is the smallest two-sided p-value the Mann-Whitney U-test can give
// for samples of sizes n1 and n2 (reached when the samples do not overlap
// at all): 2 / C(n1+n2, n1).
func MinP(n1, n2 int) float64 {
	if n1 == 0 || n2 == 0 {
		return 1
	}
	return math.Min(1, 2/mathx.Choose(n1+n2, n1))
}

func SignRoundsNeeded(alpha float64) int {
	for n := 1; n < 1000; n++ {
		if MinSignP(n) <= alpha {
			return n
		}
	}
	return 1000
}

// SamplesNeeded is the smallest equal sample size per side for which the
// U-test can reach p <= alpha.
func SamplesNeeded(alpha float64) int {
	for n := 1; n < 1000; n++ {
		if MinP(n, n) <= alpha {
			return n
		}
	}
	return 1000
}

// FormatPercent formats a fraction as a percentage without needless
// decimals: 0.05 → "5%", 0.025 → "2.5%".
func FormatPercent(f float64) string {
	return strconv.FormatFloat(f*100, 'f', -1, 64) + "%"
}

// ParsePercent parses a threshold such as "10%" or "2.5%" into a fraction.
// The percent sign is required, so that "0.1" cannot be mistaken for 10%.
func ParsePercent(s string) (float64, error) {
	s = strings.TrimSpace(s)
	num, ok := strings.CutSuffix(s, "%")
	if !ok {
		return 0, fmt.Errorf("%q is not a percentage: write it with a %% sign, e.g. 10%%", s)
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
		return 0, fmt.Errorf("%q is not a percentage >= 0%%", s)
	}
	return v / 100, nil
}

// ParseThresholds parses a per-unit list such as "sec/op=10%,allocs/op=0%".
// Units are tidied the way benchfmt tidies them (ns/op is sec/op, MB/s is
// B/s), and benchstat v1's names time/op, alloc/op and speed are accepted.
func ParseThresholds(s string) (map[string]float64, error) {
	out := map[string]float64{}
	if strings.TrimSpace(s) == "" {
		return out, nil
	}
	for _, part := range strings.Split(s, ",") {
		unit, val, ok := strings.Cut(part, "=")
		unit = strings.TrimSpace(unit)
		if !ok || unit == "" {
			return nil, fmt.Errorf("invalid threshold %q: want unit=percent, e.g. sec/op=10%%", part)
		}
		v, err := ParsePercent(val)
		if err != nil {
			return nil, fmt.Errorf("invalid threshold for %s: %v", unit, err)
		}
		out[TidyUnit(unit)] = v
	}
	return out, nil
}

// TidyUnit maps a unit as a user may write it to benchfmt's tidy name.
func TidyUnit(unit string) string {
	switch unit {
	case "time/op":
		return "sec/op"
	case "alloc/op":
		return "B/op"
	case "speed":
		return "B/s"
	}
	_, tidy := benchunit.Tidy(1, unit)
	return tidy
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
// undecided, and not already regressions, become Inconclusive, and the
// verdict and counts are recomputed.
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
