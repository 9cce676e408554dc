package decide

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/compare"
)

// results writes n result lines for benchmark name with values around
// center (spread by ±jitter, deterministic) and extra units.
func results(name string, n int, center, jitter float64, extra string) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		v := center * (1 + jitter*float64(i%5-2)/2)
		fmt.Fprintf(&b, "Benchmark%s-2 1000 %g ns/op%s\n", name, v, extra)
	}
	return b.String()
}

func load(t *testing.T, base, head string) *compare.Result {
	t.Helper()
	r, err := compare.Read([]compare.Input{
		compare.TextInput(compare.Base, "base.txt", "pkg: example.com/x\n"+base),
		compare.TextInput(compare.Head, "head.txt", "pkg: example.com/x\n"+head),
	}, compare.DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func statusOf(t *testing.T, r *Result, bench, unit string) Decision {
	t.Helper()
	for _, d := range r.Decisions {
		if d.Benchmark == bench && d.Unit == unit {
			return d
		}
	}
	t.Fatalf("no decision for %s %s; have %d decisions", bench, unit, len(r.Decisions))
	return Decision{}
}

func TestDecide(t *testing.T) {
	tests := []struct {
		name        string
		base, head  string
		policy      Policy
		bench, unit string
		want        Status
		verdict     Verdict
	}{
		{
			name: "twice as slow is a regression",
			base: results("Fib", 10, 100, 0.01, ""), head: results("Fib", 10, 200, 0.01, ""),
			bench: "Fib-2", unit: "sec/op", want: Regression, verdict: RegressionVerdict,
		},
		{
			name: "twice as fast is an improvement",
			base: results("Fib", 10, 200, 0.01, ""), head: results("Fib", 10, 100, 0.01, ""),
			bench: "Fib-2", unit: "sec/op", want: Improvement, verdict: Pass,
		},
		{
			name: "significant but under the threshold is unchanged",
			base: results("Fib", 10, 100, 0.001, ""), head: results("Fib", 10, 102, 0.001, ""),
			bench: "Fib-2", unit: "sec/op", want: Unchanged, verdict: Pass,
		},
		{
			name: "a lower threshold catches a similar change",
			base: results("Fib", 10, 100, 0.001, ""), head: results("Fib", 10, 103, 0.001, ""),
			policy: Policy{Alpha: 0.05, Threshold: 0.02, FailOn: FailOnRegression},
			bench:  "Fib-2", unit: "sec/op", want: Regression, verdict: RegressionVerdict,
		},
		{
			name: "per-unit threshold overrides the default",
			base: results("Fib", 10, 100, 0.001, ""), head: results("Fib", 10, 103, 0.001, ""),
			policy: Policy{Alpha: 0.05, Threshold: 0.5, Thresholds: map[string]float64{"sec/op": 0.01}},
			bench:  "Fib-2", unit: "sec/op", want: Regression, verdict: RegressionVerdict,
		},
		{
			name: "noise is unchanged",
			base: results("Fib", 10, 100, 0.05, ""), head: results("Fib", 10, 101, 0.05, ""),
			bench: "Fib-2", unit: "sec/op", want: Unchanged, verdict: Pass,
		},
		{
			name: "one more allocation with a 0% threshold",
			base: results("Fib", 10, 100, 0.01, " 16 B/op 1 allocs/op"), head: results("Fib", 10, 100, 0.01, " 16 B/op 2 allocs/op"),
			policy: Policy{Alpha: 0.05, Threshold: 0.05, Thresholds: map[string]float64{"allocs/op": 0}},
			bench:  "Fib-2", unit: "allocs/op", want: Regression, verdict: RegressionVerdict,
		},
		{
			name: "lower throughput is a regression (B/s is higher-is-better)",
			base: results("Hash", 10, 100, 0.01, " 500 MB/s"), head: results("Hash", 10, 100, 0.01, " 250 MB/s"),
			bench: "Hash-2", unit: "B/s", want: Regression, verdict: RegressionVerdict,
		},
		{
			name: "higher throughput is an improvement",
			base: results("Hash", 10, 100, 0.01, " 250 MB/s"), head: results("Hash", 10, 100, 0.01, " 500 MB/s"),
			bench: "Hash-2", unit: "B/s", want: Improvement, verdict: Pass,
		},
		{
			name: "three samples can never reach alpha",
			base: results("Fib", 3, 100, 0.01, ""), head: results("Fib", 3, 200, 0.01, ""),
			bench: "Fib-2", unit: "sec/op", want: TooFewSamples, verdict: InconclusiveVerdict,
		},
		{
			name: "one sample per side",
			base: results("Fib", 1, 100, 0, ""), head: results("Fib", 1, 200, 0, ""),
			bench: "Fib-2", unit: "sec/op", want: TooFewSamples, verdict: InconclusiveVerdict,
		},
		{
			name: "head only is new",
			base: results("Fib", 10, 100, 0.01, ""), head: results("Fib", 10, 100, 0.01, "") + results("Other", 10, 5, 0.01, ""),
			bench: "Other-2", unit: "sec/op", want: New, verdict: Pass,
		},
		{
			// A measurement head did not make is never a clean pass.
			name: "base only is removed",
			base: results("Fib", 10, 100, 0.01, "") + results("Gone", 10, 5, 0.01, ""), head: results("Fib", 10, 100, 0.01, ""),
			bench: "Gone-2", unit: "sec/op", want: Removed, verdict: InconclusiveVerdict,
		},
		{
			name: "custom unit of unknown direction never gates",
			base: results("Fib", 10, 100, 0.01, " 3 widgets"), head: results("Fib", 10, 100, 0.01, " 9 widgets"),
			bench: "Fib-2", unit: "widgets", want: Unchanged, verdict: Pass,
		},
		{
			name: "custom cost unit per op is lower-is-better",
			base: results("Fib", 10, 100, 0.01, " 3 frames/op"), head: results("Fib", 10, 100, 0.01, " 9 frames/op"),
			bench: "Fib-2", unit: "frames/op", want: Regression, verdict: RegressionVerdict,
		},
		{
			name: "unit metadata better=higher wins",
			base: "Unit score better=higher\n" + results("Fib", 10, 100, 0.01, " 9 score"), head: "Unit score better=higher\n" + results("Fib", 10, 100, 0.01, " 3 score"),
			bench: "Fib-2", unit: "score", want: Regression, verdict: RegressionVerdict,
		},
		{
			name: "from zero allocations to some is a regression at any threshold",
			base: results("Fib", 10, 100, 0.01, " 0 B/op 0 allocs/op"), head: results("Fib", 10, 100, 0.01, " 8 B/op 1 allocs/op"),
			policy: Policy{Alpha: 0.05, Threshold: 10},
			bench:  "Fib-2", unit: "allocs/op", want: Regression, verdict: RegressionVerdict,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.policy
			if p.Alpha == 0 {
				p = DefaultPolicy
			}
			r := Decide(load(t, tt.base, tt.head), p)
			d := statusOf(t, r, tt.bench, tt.unit)
			if d.Status != tt.want {
				t.Errorf("status %s, want %s (delta %v, p %v, note %q)", d.Status, tt.want, d.Delta, d.P, d.Note)
			}
			if r.Verdict != tt.verdict {
				t.Errorf("verdict %s, want %s", r.Verdict, tt.verdict)
			}
			if d.Status == TooFewSamples && d.RoundsNeeded != 4 {
				t.Errorf("rounds needed %d, want 4 at alpha 0.05", d.RoundsNeeded)
			}
		})
	}
}

func TestMinP(t *testing.T) {
	// The values benchmath's own table gives for equal sizes.
	for n, want := range map[int]float64{1: 1, 2: 1.0 / 3, 3: 0.1, 4: 0.02857142857142857, 5: 0.007936507936507936} {
		if got := MinP(n, n); math.Abs(got-want) > 1e-12 {
			t.Errorf("MinP(%d,%d) = %v, want %v", n, n, got, want)
		}
	}
	if got := SamplesNeeded(0.05); got != 4 {
		t.Errorf("SamplesNeeded(0.05) = %d, want 4", got)
	}
	if got := SamplesNeeded(0.01); got != 5 {
		t.Errorf("SamplesNeeded(0.01) = %d, want 5", got)
	}
}

func TestParse(t *testing.T) {
	if v, err := ParsePercent("10%"); err != nil || v != 0.1 {
		t.Errorf("ParsePercent(10%%) = %v, %v", v, err)
	}
	for in, want := range map[string]float64{"2.5%": 0.025, " 0% ": 0, ".5%": 0.005, "3.%": 0.03, "007%": 0.07} {
		if v, err := ParsePercent(in); err != nil || math.Abs(v-want) > 1e-12 {
			t.Errorf("ParsePercent(%q) = %v, %v; want %v", in, v, err, want)
		}
	}
	// Go literal syntax that strconv.ParseFloat takes is no threshold:
	// 1_0% was 10%, 0x10% 16%.
	for _, bad := range []string{"10", "0.1", "-5%", "+5%", "abc%", "NaN%", "Inf%", "", "1_0%", "0x10%", "1e1%", "1e400%", ".%"} {
		if _, err := ParsePercent(bad); err == nil {
			t.Errorf("ParsePercent(%q) succeeded", bad)
		}
	}
	// ns/op and time/op are both sec/op: one list may not give both
	// (TestParseThresholdsUnitTwice), so each is parsed on its own.
	for list, want := range map[string]map[string]float64{
		"ns/op=10%, allocs/op=0%,MB/s=2.5%": {"sec/op": 0.1, "allocs/op": 0, "B/s": 0.025},
		"time/op=7%":                        {"sec/op": 0.07},
		// The testing package's long units in any case: SEC/OP is
		// sec/op. Taken as a unit of its own, it matched nothing and
		// left sec/op at the default threshold (with a note), while
		// Sec/op was refused as a typo.
		"SEC/OP=5%, ALLOCS/OP=0%": {"sec/op": 0.05, "allocs/op": 0},
		"Sec/op=5%":               {"sec/op": 0.05},
		"NS/OP=4%":                {"sec/op": 0.04},
	} {
		m, err := ParseThresholds(list)
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range want {
			if math.Abs(m[k]-v) > 1e-12 {
				t.Errorf("%s: thresholds[%s] = %v, want %v (all: %v)", list, k, m[k], v, m)
			}
		}
	}
	for _, bad := range []string{"sec/op", "=5%", "sec/op=5"} {
		if _, err := ParseThresholds(bad); err == nil {
			t.Errorf("ParseThresholds(%q) succeeded", bad)
		}
	}
	// One letter from a unit the testing package reports is a typo that
	// would leave that unit at the default threshold (allocs/ops=0%
	// passed 2 → 6 allocations at -threshold 500%, with a warning):
	// refused before anything is measured. Units of one's own a little
	// further away, and short ones that may mean something else (b/s,
	// bits), are not.
	for list, want := range map[string]string{
		"allocs/ops=0%": "did you mean allocs/op?",
		"alocs/op=0%":   "did you mean allocs/op?",
		"ns/ops=5%":     "did you mean ns/op? (a typo would leave sec/op at the default threshold)",
		"Sec/ops=5%":    "did you mean sec/op?",
	} {
		if _, err := ParseThresholds(list); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseThresholds(%q) = %v, want an error saying %q", list, err, want)
		}
	}
	for _, ok := range []string{"allocs/obj=0%", "allocs/msg=1%", "b/s=5%", "B/ops=5%", "p99-ns=5%"} {
		if _, err := ParseThresholds(ok); err != nil {
			t.Errorf("ParseThresholds(%q): %v", ok, err)
		}
	}
	if _, err := ParseFailOn("sometimes"); err == nil || !strings.Contains(err.Error(), "regression, inconclusive or never") {
		t.Errorf("ParseFailOn error %v does not list the valid values", err)
	}
}

func TestFailOn(t *testing.T) {
	for _, tt := range []struct {
		f    FailOn
		v    Verdict
		want bool
	}{
		{FailOnRegression, RegressionVerdict, true},
		{FailOnRegression, InconclusiveVerdict, false},
		{FailOnRegression, Pass, false},
		{FailOnInconclusive, InconclusiveVerdict, true},
		{FailOnInconclusive, RegressionVerdict, true},
		{FailOnNever, RegressionVerdict, false},
	} {
		if got := tt.f.Fails(tt.v); got != tt.want {
			t.Errorf("%s.Fails(%s) = %v, want %v", tt.f, tt.v, got, tt.want)
		}
	}
}

func TestHolm(t *testing.T) {
	// Textbook example: p = 0.01, 0.04, 0.03, 0.005 over m = 4.
	got := Holm([]float64{0.01, 0.04, 0.03, 0.005, math.NaN()})
	want := []float64{0.03, 0.06, 0.06, 0.02}
	for i, w := range want {
		if math.Abs(got[i]-w) > 1e-12 {
			t.Errorf("Holm[%d] = %v, want %v (all %v)", i, got[i], w, got)
		}
	}
	if !math.IsNaN(got[4]) {
		t.Errorf("a NaN p-value joined the family: %v", got[4])
	}
}

// TestHolmStopsChanceFindings: among many unchanged benchmarks one shows a
// modest, chance-level difference. Uncorrected it is a regression; Holm
// over the whole family says it is not.
func TestHolmStopsChanceFindings(t *testing.T) {
	var base, head strings.Builder
	for i := 0; i < 30; i++ {
		name := fmt.Sprintf("B%02d", i)
		base.WriteString(results(name, 10, 100, 0.04, ""))
		head.WriteString(results(name, 10, 100, 0.04, ""))
	}
	// One benchmark with overlapping values, shifted by about 4%: p ≈ 0.01.
	for i := 0; i < 10; i++ {
		fmt.Fprintf(&base, "BenchmarkShift-2 1000 %g ns/op\n", 100+float64(i))
		fmt.Fprintf(&head, "BenchmarkShift-2 1000 %g ns/op\n", 104+float64(i))
	}
	r := load(t, base.String(), head.String())
	policy := DefaultPolicy
	policy.Threshold = 0.02
	none := policy
	none.Correction = CorrectionNone
	if d := statusOf(t, Decide(r, none), "Shift-2", "sec/op"); d.Status != Regression {
		t.Fatalf("uncorrected: %s (p=%v); the test needs a raw regression", d.Status, d.P)
	}
	res := Decide(r, policy)
	d := statusOf(t, res, "Shift-2", "sec/op")
	if d.Status != Unchanged || d.PAdjusted <= d.P || res.Family != 31 {
		t.Errorf("Holm: status %s, p %v, adjusted %v, family %d", d.Status, d.P, d.PAdjusted, res.Family)
	}
}

func TestSignTestAndPairs(t *testing.T) {
	if p := SignTest([]float64{2, 2, 2, 2, 2, 2, 2, 2, 2, 2}, 1); math.Abs(p-2.0/1024) > 1e-12 {
		t.Errorf("sign test, 10 of 10 above: p = %v, want 2/1024", p)
	}
	if p := SignTest([]float64{1, 1, 1}, 1); p != 1 {
		t.Errorf("sign test with only ties: p = %v, want 1", p)
	}
	if p := SignTest([]float64{0.9, 1.1, 0.95, 1.05}, 1); p != 1 {
		t.Errorf("balanced sign test: p = %v, want 1", p)
	}
	base := []float64{100, 200, 100, 200, 100, 200, 100, 200, 100, 200}
	head := []float64{105, 210, 105, 210, 105, 210, 105, 210, 105, 210}
	pr := PairSamples(base, head, 0.95)
	if pr == nil || math.Abs(pr.Ratio-1.05) > 1e-12 || pr.N != 10 || pr.P > 0.002 {
		t.Errorf("paired view of a drifting but consistently 5%% slower head: %+v", pr)
	}
	if PairSamples(base, head[:9], 0.95) != nil {
		t.Error("paired rounds of unequal length")
	}
}

func TestPairedDecision(t *testing.T) {
	// Drift that moves both sides of each round together: the unpaired
	// test drowns in it, the paired view sees a steady 4% slowdown.
	var base, head strings.Builder
	for i := 0; i < 12; i++ {
		level := 100 * (1 + 0.3*float64(i%4))
		fmt.Fprintf(&base, "BenchmarkDrift-2 1000 %g ns/op\n", level)
		fmt.Fprintf(&head, "BenchmarkDrift-2 1000 %g ns/op\n", level*1.04)
	}
	r := load(t, base.String(), head.String())
	policy := DefaultPolicy
	policy.Threshold = 0.02
	if d := statusOf(t, Decide(r, policy), "Drift-2", "sec/op"); d.Status != Unchanged {
		t.Errorf("U-test under drift: %s (p=%v); expected it to miss the change", d.Status, d.P)
	}
	policy.Test = PairedSignTest
	d := statusOf(t, Decide(r, policy), "Drift-2", "sec/op")
	if d.Status != Regression || math.Abs(d.Delta-0.04) > 1e-9 || d.TestP > 0.001 {
		t.Errorf("paired: status %s, delta %v, sign p %v; want a 4%% regression", d.Status, d.Delta, d.TestP)
	}
}

// TestPairedDecisionPairsRounds checks that the paired view pairs base and
// head by round, as read from the files, and not by rank: here the head is
// slow exactly in the rounds where the base was fast, so the per-round
// ratios go both ways (2.1 and 0.525) and nothing is significant, while
// pairing the sorted samples would see a steady 5% slowdown. The median
// of those ratios is far beyond LargeChange times the threshold, so the
// comparison is inconclusive (too noisy to tell), not a regression.
func TestPairedDecisionPairsRounds(t *testing.T) {
	var base, head strings.Builder
	for i := 0; i < 12; i++ {
		b, h := 100.0, 210.0
		if i%2 == 1 {
			b, h = 200, 105
		}
		fmt.Fprintf(&base, "BenchmarkSwap-2 1000 %g ns/op\n", b)
		fmt.Fprintf(&head, "BenchmarkSwap-2 1000 %g ns/op\n", h)
	}
	policy := DefaultPolicy
	policy.Test = PairedSignTest
	d := statusOf(t, Decide(load(t, base.String(), head.String()), policy), "Swap-2", "sec/op")
	if d.Status != Inconclusive || d.TestP != 1 || !strings.Contains(d.Note, "too noisy to tell") {
		t.Errorf("paired: status %s, sign p %v (%s); want inconclusive, too noisy to tell, with p = 1 (6 rounds up, 6 down)", d.Status, d.TestP, d.Note)
	}
}

// TestPairedFallsBackToUTest: rounds that cannot be paired (a base of
// 0 B/op in some rounds) are decided by the U-test, not left undecidable:
// a too-few-samples row would make every paired gate run inconclusive.
func TestPairedFallsBackToUTest(t *testing.T) {
	var base, head strings.Builder
	for i := 0; i < 16; i++ {
		bb, hb := 0, 0
		if i == 3 {
			hb = 16
		}
		if i == 9 {
			bb = 16
		}
		fmt.Fprintf(&base, "BenchmarkZ-2 1000 %d ns/op %d B/op\n", 100+i%3, bb)
		fmt.Fprintf(&head, "BenchmarkZ-2 1000 %d ns/op %d B/op\n", 100+i%3, hb)
	}
	policy := DefaultPolicy
	policy.Test = PairedSignTest
	res := Decide(load(t, base.String(), head.String()), policy)
	d := statusOf(t, res, "Z-2", "B/op")
	if d.Paired != nil || d.Status != Unchanged || math.IsNaN(d.TestP) || !strings.Contains(d.Note, "decided with the U-test") {
		t.Errorf("B/op with zero bases: status %s, paired %+v, p %v, note %q", d.Status, d.Paired, d.TestP, d.Note)
	}
	if res.Verdict != Pass {
		t.Errorf("verdict %s, want pass", res.Verdict)
	}
	if d := statusOf(t, res, "Z-2", "sec/op"); d.Paired == nil || d.TestP != d.Paired.P {
		t.Errorf("sec/op should still be decided by the sign test: %+v", d)
	}
}

// unconfirmedSlowdown is BenchmarkSlow with ten of twelve rounds 8-20%
// slower and two 10% faster: with PairedSignTest at alpha 0.03 and a 5%
// threshold, its paired interval lies wholly above the boundary but the
// sign test's p (0.039) has not reached alpha.
func unconfirmedSlowdown(t *testing.T) *compare.Result {
	t.Helper()
	var sb, sh strings.Builder
	for _, ratio := range []float64{1.08, 1.1, 0.9, 1.12, 1.15, 1.09, 1.2, 0.9, 1.11, 1.13, 1.1, 1.14} {
		fmt.Fprintf(&sb, "BenchmarkSlow-2 1000 %g ns/op\n", 1000.0)
		fmt.Fprintf(&sh, "BenchmarkSlow-2 1000 %g ns/op\n", 1000*ratio)
	}
	return load(t, sb.String(), sh.String())
}

// TestLikelyRegressionIsInconclusive: worse than the threshold, not
// significant, but the whole interval lies beyond the threshold: never a
// pass. The note says what it is and what would settle it.
func TestLikelyRegressionIsInconclusive(t *testing.T) {
	policy := DefaultPolicy
	policy.Test, policy.Alpha, policy.Threshold = PairedSignTest, 0.03, 0.05
	res := Decide(unconfirmedSlowdown(t), policy)
	d := statusOf(t, res, "Slow-2", "sec/op")
	if d.Status != Inconclusive || res.Verdict != InconclusiveVerdict || !strings.HasPrefix(d.Note, "likely regression: 10.5% worse than the 5% threshold") {
		t.Errorf("status %s, verdict %s, note %q", d.Status, res.Verdict, d.Note)
	}
	if d.RoundsNeeded <= 12 {
		t.Errorf("rounds needed %d: more than the 12 measured are needed", d.RoundsNeeded)
	}
}

// TestLikelyRegressionNoteOfARate: a rate that fell is "9.5% worse", not
// "-9.5% worse".
func TestLikelyRegressionNoteOfARate(t *testing.T) {
	var sb, sh strings.Builder
	for _, ratio := range []float64{1.08, 1.1, 0.9, 1.12, 1.15, 1.09, 1.2, 0.9, 1.11, 1.13, 1.1, 1.14} {
		fmt.Fprintf(&sb, "BenchmarkSlow-2 1000 1000 ns/op 1000 MB/s\n")
		fmt.Fprintf(&sh, "BenchmarkSlow-2 1000 %g ns/op %g MB/s\n", 1000*ratio, 1000/ratio)
	}
	policy := DefaultPolicy
	policy.Test, policy.Alpha, policy.Threshold = PairedSignTest, 0.03, 0.05
	res := Decide(load(t, sb.String(), sh.String()), policy)
	d := statusOf(t, res, "Slow-2", "B/s")
	if d.Status != Inconclusive || !strings.HasPrefix(d.Note, "likely regression: 9.") {
		t.Errorf("B/s: status %s, note %q, want a likely regression 9.x%% worse", d.Status, d.Note)
	}
}

// TestRateThresholdOnCost: a threshold bounds the cost, so a benchmark's
// B/s (better higher) and its sec/op, one the inverse of the other, cross
// it together; a rate that fell is never spared by a threshold of 100% or
// more, nor by one it would cross in sec/op.
func TestRateThresholdOnCost(t *testing.T) {
	for _, tt := range []struct {
		slowdown, threshold float64
		want                Status
	}{
		{10, 1.00, Regression},  // B/s −90%: 9× the cost
		{10, 1.50, Regression},  // sec/op +900% fails at 150%, so must B/s
		{1.9, 0.50, Regression}, // B/s −47%: +90% in cost, beyond 50%
		{1.4, 0.50, Unchanged},  // B/s −29%: +40% in cost, within 50%
		{1.04, 0.03, Regression},
		{1.02, 0.03, Unchanged},
	} {
		var sb, sh strings.Builder
		for i := 0; i < 12; i++ {
			j := 1 + 0.002*float64(i%3-1)
			fmt.Fprintf(&sb, "BenchmarkHash-2 1000 %g ns/op %g MB/s\n", 1000*j, 1000/j)
			fmt.Fprintf(&sh, "BenchmarkHash-2 1000 %g ns/op %g MB/s\n", 1000*j*tt.slowdown, 1000/(j*tt.slowdown))
		}
		policy := DefaultPolicy
		policy.Threshold = tt.threshold
		res := Decide(load(t, sb.String(), sh.String()), policy)
		for _, unit := range []string{"sec/op", "B/s"} {
			d := statusOf(t, res, "Hash-2", unit)
			if d.Status != tt.want {
				t.Errorf("%.2f× slower at a %s threshold: %s %s (Δ %+.1f%%), want %s", tt.slowdown, FormatPercent(tt.threshold), unit, d.Status, d.Delta*100, tt.want)
			}
		}
	}
	// A 100% threshold on a rate is a fall to half.
	for _, tt := range []struct {
		delta float64
		want  bool
	}{{-0.49, false}, {-0.51, true}, {-1, true}, {math.NaN(), true}, {0.99, false}, {1.01, true}} {
		if got := exceeds(1, tt.delta, 1); got != tt.want {
			t.Errorf("exceeds(better higher, %+.2f, 100%%) = %v, want %v", tt.delta, got, tt.want)
		}
	}
}

// TestZeroThresholdKeepsLargeChanges: the strictest threshold is never
// laxer than a small one. A noisy +48% (p 0.33) is inconclusive at 0.1%
// and at 3%; at 0% it was passed as unchanged while the large-change rule
// had no multiple of 0.
func TestZeroThresholdKeepsLargeChanges(t *testing.T) {
	var sb, sh strings.Builder
	for _, v := range []float64{100, 180, 90, 150, 110, 100} {
		fmt.Fprintf(&sb, "BenchmarkA-2 1000 %g ns/op\n", v)
	}
	for _, v := range []float64{150, 95, 200, 170, 160, 105} {
		fmt.Fprintf(&sh, "BenchmarkA-2 1000 %g ns/op\n", v)
	}
	for _, threshold := range []float64{0, 0.001, 0.03} {
		policy := DefaultPolicy
		policy.Threshold = threshold
		res := Decide(load(t, sb.String(), sh.String()), policy)
		d := statusOf(t, res, "A-2", "sec/op")
		if d.Status != Inconclusive || res.Verdict != InconclusiveVerdict {
			t.Errorf("threshold %s: %s (Δ %+.1f%%, p %.2f), verdict %s; want inconclusive", FormatPercent(threshold), d.Status, d.Delta*100, d.PAdjusted, res.Verdict)
		}
		if threshold == 0 && !strings.Contains(d.Note, "more than 9%, 3 times the default threshold, at a threshold of 0") {
			t.Errorf("threshold 0: the note does not say which bound it crossed: %q", d.Note)
		}
	}
}

// TestParseThresholdsUnitTwice: a unit given twice in a list of
// thresholds, also as two names of one unit, is refused; the last one
// would win without a word. A list that is wrong otherwise says that
// first.
func TestParseThresholdsUnitTwice(t *testing.T) {
	for _, c := range []struct {
		list, want string
	}{
		{"sec/op=5%,allocs/op=0%", ""},
		{"sec/op=5%", ""},
		{"", ""},
		{"sec/op=5%,sec/op=500%", "sec/op is given twice"},
		{"sec/op=5%, allocs/op=0%, sec/op=500%", "sec/op is given twice"},
		{"ns/op=5%,sec/op=10%", "sec/op is given twice, as ns/op and as sec/op"},
		{"ns/op=5%,ns/op=10%", "ns/op (sec/op) is given twice"},
		{"sec/op=5%,sec/op=500%,B/op=x", "invalid threshold for B/op"},
	} {
		_, err := ParseThresholds(c.list)
		var ru *RepeatedUnitError
		switch {
		case c.want == "" && err != nil:
			t.Errorf("ParseThresholds(%q): %v", c.list, err)
		case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)):
			t.Errorf("ParseThresholds(%q): %v, want %q", c.list, err, c.want)
		case strings.Contains(c.want, "given twice") && !errors.As(err, &ru):
			t.Errorf("ParseThresholds(%q): %T, want a *RepeatedUnitError", c.list, err)
		}
	}
}
