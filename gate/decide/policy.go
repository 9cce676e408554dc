package decide

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/benchgate/benchgate/gate/usage"
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

// Policy is what the gate considers a regression.
type Policy struct {
	// Alpha is the significance level: a comparison is significant when
	// the p-value of its test, after the correction, is at or below Alpha
	// (Decision.PAdjusted <= Alpha).
	Alpha float64
	// Threshold is the smallest fractional worsening that counts as a
	// regression, for every unit without its own entry in Thresholds
	// (0.05 = 5%).
	Threshold float64
	// Thresholds are per-unit thresholds, keyed by tidy unit (sec/op,
	// B/op, allocs/op, B/s, or a custom unit).
	Thresholds map[string]float64
	// WarnThreshold, if above zero, is the warn band below each unit's
	// threshold: a significant worsening beyond it, but within the
	// unit's threshold, is marked (Decision.Warn) and warned about, and
	// does not fail the gate. A unit whose threshold is at or below it
	// has no warn band (see WarnBandFits).
	WarnThreshold float64
	// FailOn says which verdicts fail the gate.
	FailOn FailOn
	// Correction is the multiple-comparison correction: CorrectionBH,
	// CorrectionHolm (also what the zero value does) or CorrectionNone.
	Correction Correction
	// Confidence is the confidence level of the paired view's interval;
	// zero means 0.95.
	Confidence float64
	// Test is the test the decision rests on: UTest (also what the
	// zero value does), PairedSignTest or BothTests.
	Test Test
	// StageRounds is, for an adaptive run, its fixed rounds (-rounds):
	// every comparison is decided on its first StageRounds samples at
	// half of Alpha, and the candidates that got more rounds are
	// confirmed on those later samples alone, at the other half (see
	// the package documentation). Zero means one stage: every sample is
	// judged at once, at Alpha.
	StageRounds int
	// MaxRounds is, for an adaptive run, the most rounds a candidate
	// gets: its later rounds are looked at halfway to it (at a tenth of
	// the second stage's alpha) and at the end (at the rest), so that a
	// clear regression need not wait for all of them. Zero or StageRounds
	// means one look, at the end.
	MaxRounds int
	// Until is the adaptive rule: which comparisons are candidates for
	// more rounds. The zero value does what UntilConfirmed does.
	Until AdaptiveRule
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
	Correction: CorrectionBH,
	Confidence: 0.95,
}

// ThresholdFor returns the threshold that applies to unit.
func (p Policy) ThresholdFor(unit string) float64 {
	if t, ok := p.Thresholds[unit]; ok {
		return t
	}
	return p.Threshold
}

// WarnBandFits reports whether warn, a warn threshold, lies below the
// threshold of some unit: the default threshold or one of Thresholds. A
// unit whose threshold is at or below it has no warn band (a worsening
// beyond warn is beyond its threshold too), so only a warn threshold
// below none of them is a mistake: -thresholds sec/op=10% with a 5% warn
// band warns on sec/op even though B/op stays at the default 3%.
func (p Policy) WarnBandFits(warn float64) bool {
	if warn < p.Threshold {
		return true
	}
	for _, t := range p.Thresholds {
		if warn < t {
			return true
		}
	}
	return false
}

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
	return parseChoice(s, "{fail-on}", FailOnRegression, FailOnInconclusive, FailOnNever)
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

// Test names the statistical test a decision rests on.
type Test string

const (
	// UTest is benchmath's Mann-Whitney U-test on the two sides'
	// samples, with the change measured between their medians: what
	// benchstat does.
	UTest Test = "utest"
	// PairedSignTest is the sign test on the per-round ratios head/base,
	// with the change measured as their median: each round's base and
	// head ran back to back, so drift slower than a round cancels.
	PairedSignTest Test = "paired"
	// BothTests is the paired sign test and the U-test together: the
	// smaller of their p-values, doubled (Bonferroni over the two
	// tests), with the change measured as the median per-round ratio.
	// The sign test carries it under drift; the U-test where rounds are
	// few (the sign test's smallest p with 8 rounds is 0.0078, the
	// U-test's 0.00016) or the noise is large next to the change.
	BothTests Test = "both"
)

// ParseTest parses a -decide value.
func ParseTest(s string) (Test, error) {
	return parseChoice(s, "{decide}", UTest, PairedSignTest, BothTests)
}

// Correction names a multiple-comparison correction.
type Correction string

// The -correction values.
const (
	// CorrectionBH adjusts p-values with the Benjamini–Hochberg method
	// over the comparisons that can fail the gate: the expected share of
	// false discoveries among the changes found stays at alpha. When
	// nothing changed, every discovery is false, so the chance of a false
	// failure of unchanged code stays at alpha too, as with Holm; when
	// many benchmarks changed (a toolchain bump), it finds far more of
	// them.
	CorrectionBH Correction = "bh"
	// CorrectionHolm adjusts p-values with the Holm–Bonferroni method over
	// the comparisons that can fail the gate, so that the chance of any
	// false discovery in the whole run stays at alpha.
	CorrectionHolm Correction = "holm"
	// CorrectionNone uses each p-value as it is, as benchstat does.
	CorrectionNone Correction = "none"
)

// ParseCorrection parses a -correction value.
func ParseCorrection(s string) (Correction, error) {
	return parseChoice(s, "{correction}", CorrectionBH, CorrectionHolm, CorrectionNone)
}

// AdaptiveRule says which benchmarks an adaptive run gives more rounds.
type AdaptiveRule string

const (
	// UntilConfirmed makes the apparent regressions of the fixed rounds
	// candidates: worse than the threshold, not significant. This is
	// what one does by hand with benchstat: rerun what looks bad. Under
	// every rule, a first-stage regression whose interval reaches back
	// within the threshold is a candidate too (judge).
	UntilConfirmed AdaptiveRule = "confirm"
	// UntilSettled also makes candidates of the comparisons whose
	// interval contains the regression boundary: a regression beyond
	// the threshold is neither shown nor ruled out. It catches more
	// changes that measure just under the threshold in the fixed
	// rounds, at the cost of more rounds for noisy benchmarks.
	UntilSettled AdaptiveRule = "settle"
)

// ParseAdaptiveRule parses a rule name.
func ParseAdaptiveRule(s string) (AdaptiveRule, error) {
	return parseChoice(s, "adaptive rule", UntilConfirmed, UntilSettled)
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

// FormatPercent formats a fraction as a percentage without needless
// decimals: 0.05 → "5%", 0.025 → "2.5%".
func FormatPercent(f float64) string {
	return strconv.FormatFloat(f*100, 'f', -1, 64) + "%"
}

// FormatThresholds formats per-unit thresholds as ParseThresholds reads
// them, units in order: "B/op=5%,sec/op=10%".
func FormatThresholds(ts map[string]float64) string {
	parts := make([]string, 0, len(ts))
	for _, u := range slices.Sorted(maps.Keys(ts)) {
		parts = append(parts, u+"="+FormatPercent(ts[u]))
	}
	return strings.Join(parts, ",")
}

// ParsePercent parses a threshold such as "10%" or "2.5%" into a fraction.
// The percent sign is required, so that "0.1" cannot be mistaken for 10%.
func ParsePercent(s string) (float64, error) {
	s = strings.TrimSpace(s)
	num, ok := strings.CutSuffix(s, "%")
	if !ok {
		return 0, fmt.Errorf("%q is not a percentage: write it with a %% sign, e.g. 10%%", s)
	}
	num = strings.TrimSpace(num)
	// strconv.ParseFloat also takes Go's literal syntax: "1_0" is 10,
	// "0x10" 16, "1e1" 10. A threshold is written as a plain decimal.
	if !plainDecimal.MatchString(num) {
		return 0, fmt.Errorf("%q is not a percentage >= 0%%: write a plain decimal number with a %% sign, e.g. 2.5%%", s)
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a percentage >= 0%%", s)
	}
	return v / 100, nil
}

// plainDecimal is a number as a threshold is written: digits, with at
// most one decimal point.
var plainDecimal = regexp.MustCompile(`^([0-9]+(\.[0-9]*)?|\.[0-9]+)$`)

// typoTargets are the units the testing package (and benchgate) report
// that are long enough for one edit away to be a typo rather than a unit
// of someone's own: allocs/ops is a typo, b/s may be bits.
var typoTargets = []string{"sec/op", "ns/op", "allocs/op", "instructions/op"}

// ParseThresholds parses a per-unit list such as "sec/op=10%,allocs/op=0%".
// Units are tidied the way benchfmt tidies them (ns/op is sec/op, MB/s is
// B/s), the testing package's long ones in any case (SEC/OP is sec/op),
// and benchstat v1's names time/op and speed are accepted. Its
// alloc/op (bytes) is refused: one letter away from allocs/op, it is more
// likely a typo than benchstat v1. A unit given twice, under any of its
// names, is a *RepeatedUnitError (once the list is otherwise valid):
// the last one would win without a word.
func ParseThresholds(s string) (map[string]float64, error) {
	out := map[string]float64{}
	if strings.TrimSpace(s) == "" {
		return out, nil
	}
	written := map[string]string{} // a tidy unit as first written
	var repeated *RepeatedUnitError
	for _, part := range strings.Split(s, ",") {
		unit, val, ok := strings.Cut(part, "=")
		unit = strings.TrimSpace(unit)
		if !ok || unit == "" {
			return nil, fmt.Errorf("invalid threshold %q: want unit=percent, e.g. sec/op=10%%", part)
		}
		if unit == "alloc/op" {
			return nil, fmt.Errorf("unit alloc/op is ambiguous: write allocs/op for allocations per op, or B/op for bytes (benchstat v1 called bytes alloc/op)")
		}
		for _, t := range typoTargets {
			// Units are case-sensitive, but these are the testing
			// package's: SEC/OP means sec/op, not a unit of its own that
			// would leave sec/op at the default threshold.
			if strings.EqualFold(unit, t) {
				unit = t
			}
		}
		if c := usage.OneEditFrom(strings.ToLower(unit), typoTargets); c != "" {
			return nil, fmt.Errorf("unit %s is one letter away from %s, which the testing package reports: did you mean %s? (a typo would leave %s at the default threshold)", unit, c, c, TidyUnit(c))
		}
		v, err := ParsePercent(val)
		if err != nil {
			return nil, fmt.Errorf("invalid threshold for %s: %v", unit, err)
		}
		u := TidyUnit(unit)
		if first, ok := written[u]; ok && repeated == nil {
			repeated = &RepeatedUnitError{Unit: u, First: first, Second: unit}
		} else if !ok {
			written[u] = unit
		}
		out[u] = v
	}
	if repeated != nil {
		return nil, repeated
	}
	return out, nil
}

// RepeatedUnitError says that a list of thresholds gives Unit twice, as
// First and then as Second (as written: ns/op and sec/op are one unit).
type RepeatedUnitError struct {
	Unit, First, Second string
}

func (e *RepeatedUnitError) Error() string {
	switch {
	case e.First == e.Second && e.Second == e.Unit:
		return fmt.Sprintf("%s is given twice", e.Unit)
	case e.First == e.Second:
		return fmt.Sprintf("%s (%s) is given twice", e.Second, e.Unit)
	}
	return fmt.Sprintf("%s is given twice, as %s and as %s", e.Unit, e.First, e.Second)
}

// TidyUnit maps a unit as a user may write it to benchfmt's tidy name.
func TidyUnit(unit string) string {
	switch unit {
	case "time/op":
		return "sec/op"
	case "speed":
		return "B/s"
	}
	_, tidy := benchunit.Tidy(1, unit)
	return tidy
}
