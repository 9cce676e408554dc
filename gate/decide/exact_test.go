package decide

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// counts is a results file of instructions/op values for BenchmarkA,
// one per round, with the metadata benchgate writes.
func counts(values ...float64) string {
	var b strings.Builder
	b.WriteString("Unit instructions/op assume=exact better=lower\n")
	for _, v := range values {
		fmt.Fprintf(&b, "BenchmarkA 1000 %v instructions/op\n", v)
	}
	return b.String()
}

// repeat is n copies of v.
func repeat(v float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// TestExactRule checks the exact rule on counts that vary a little, as
// valgrind's do: decided from the sides' ranges where the sides are
// further apart than they spread, inconclusive (and given more rounds)
// where they are not, and with 9 runs or more from the interval of each
// side's median, which one odd run does not move.
func TestExactRule(t *testing.T) {
	for _, c := range []struct {
		name       string
		base, head []float64
		threshold  float64
		want       Status
		note       string
		more       bool
	}{
		{name: "1% more work at 0.5%", base: []float64{140000, 140030, 139990}, head: []float64{141400, 141420, 141390},
			threshold: 0.005, want: Regression, note: "exact: every base run measured 139990–140030, every head run 141390–141420"},
		{name: "2% less work at 0.5%", base: []float64{140000, 140030, 139990}, head: []float64{137200, 137230, 137190},
			threshold: 0.005, want: Improvement},
		{name: "A/A, 0.05% spread at 0.5%", base: []float64{140000, 140070, 139990}, head: []float64{140020, 139960, 140050},
			threshold: 0.005, want: Unchanged},
		{name: "ECDSA's 0.2% spread, A/A at 0.5%", base: []float64{6.206e6, 6.207e6, 6.220e6}, head: []float64{6.212e6, 6.209e6, 6.218e6},
			threshold: 0.005, want: Unchanged},
		{name: "beyond the threshold, but apart by less than a side spreads", base: []float64{1000, 1010, 1020}, head: []float64{1035, 1045, 1055},
			threshold: 0.01, want: Inconclusive, note: "they are 1.50% apart where the runs of a side spread over 2.00%; more rounds decide it", more: true},
		{name: "the spread straddles the threshold", base: []float64{1000, 1001, 999}, head: []float64{1004, 1006, 1005},
			threshold: 0.005, want: Inconclusive, note: "straddles the 0.5% threshold", more: true},
		{name: "one odd run of five holds it undecided", base: []float64{1000, 1000, 1100, 1000, 1000}, head: repeat(1000, 5),
			threshold: 0.005, want: Inconclusive, more: true},
		{name: "nine runs: the odd one is outside the median's interval", base: []float64{1000, 1000, 1100, 1000, 1000, 1000, 1000, 1000, 1000}, head: repeat(1000, 9),
			threshold: 0.005, want: Unchanged, note: "(medians within 1000 and 1000 at 95% confidence)"},
		{name: "constant counts need no more rounds", base: repeat(1000, 3), head: repeat(1010, 3),
			threshold: 0.005, want: Regression, note: "every base run measured 1000, every head run 1010"},
		{name: "one run per side", base: []float64{1000}, head: []float64{1020}, threshold: 0.01, want: Regression},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := Policy{Alpha: 0.01, Threshold: c.threshold, Correction: CorrectionBH, Test: BothTests}
			d := statusOf(t, Decide(load(t, counts(c.base...), counts(c.head...)), p), "A", "instructions/op")
			if d.Status != c.want || !d.Exact || !strings.Contains(d.Note, c.note) {
				t.Errorf("status %s, exact %v, note %q; want %s with %q", d.Status, d.Exact, d.Note, c.want, c.note)
			}
			if got := MoreRounds(d, p); got != c.more {
				t.Errorf("MoreRounds = %v, want %v", got, c.more)
			}
		})
	}
}

// TestExactRuleNoisyCounts checks what the gap rule is for: counts that
// claim to be exact but vary more than the threshold must not fail the
// gate of unchanged code one time in twenty, as "every head run above
// every base run" alone does with three runs per side.
func TestExactRuleNoisyCounts(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	p := Policy{Alpha: 0.01, Threshold: 0.001, Correction: CorrectionBH, Test: BothTests}
	const trials = 2000
	regressions, separated := 0, 0
	for i := 0; i < trials; i++ {
		var b, h []float64
		for j := 0; j < 3; j++ {
			b = append(b, 1e6*(1+0.01*rng.NormFloat64()))
			h = append(h, 1e6*(1+0.01*rng.NormFloat64()))
		}
		_, bhi := minMax(b)
		hlo, _ := minMax(h)
		if hlo > bhi*(1+p.Threshold) {
			separated++
		}
		if d := statusOf(t, Decide(load(t, counts(b...), counts(h...)), p), "A", "instructions/op"); d.Status == Regression {
			regressions++
		}
	}
	// Every head run above every base run by more than 0.1%: about 1 in
	// 20; further apart than a side spreads as well: about 1 in 270.
	if separated < trials/40 {
		t.Fatalf("only %d of %d A/A trials had the sides apart; the simulation is wrong", separated, trials)
	}
	if regressions > trials/100 {
		t.Errorf("%d false regressions in %d A/A trials with 1%% noise at a 0.1%% threshold (sides apart in %d); want under 1%%", regressions, trials, separated)
	}
}
