package decide

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"
)

func TestCombinedP(t *testing.T) {
	half := math.Sqrt(0.5)
	for _, c := range []struct {
		p1, p2, w1, want float64
	}{
		{0.01, 0.01, half, 5.01e-4},    // 1 − Φ(√2 · 2.326)
		{0.05, 0.5, half, 0.122},       // 1 − Φ(1.645 / √2): later rounds at p 0.5 add no z
		{0.02, 0.3, 1, 0.02},           // all weight on the first stage
		{0.02, 0.3, 0, 0.3},            // none
		{1, 1e-9, half, 1},             // a p of 1 is no evidence
		{1e-9, 1, half, 1},             // either way
		{math.NaN(), 0.01, half, 1},    // nor is no p
		{1e-12, 1e-12, half, 1.28e-23}, // 1 − Φ(√2 · 7.034): far in the tail, no cancellation
	} {
		got := combinedP(c.p1, c.p2, c.w1)
		if math.Abs(got-c.want) > 0.01*c.want {
			t.Errorf("combinedP(%g, %g, %.3f) = %.4g, want %.4g", c.p1, c.p2, c.w1, got, c.want)
		}
	}
}

// TestCombinedPKeepsItsLevel: the claim of combinedP, checked with
// uniform p-values. F comparisons, each a first-stage p; those at most
// CandidateLevel are candidates, each with a later p; a candidate passes
// when the combination of its first-stage p times F and its later p times
// the number of candidates is at most the level. On unchanged code the
// share of runs in which any passes stays within the level, though the
// candidates were picked for their small first-stage p. Without the
// factors it would not: a candidate at 0.01 out of 30 is no evidence.
func TestCombinedPKeepsItsLevel(t *testing.T) {
	const runs, level = 20000, 0.05
	rng := rand.New(rand.NewSource(2))
	for _, family := range []int{1, 4, 30} {
		for _, w1 := range []float64{math.Sqrt(0.5), math.Sqrt(0.25)} {
			any := 0
			p1 := make([]float64, family)
			for run := 0; run < runs; run++ {
				k := 0
				for j := range p1 {
					p1[j] = rng.Float64()
					if p1[j] <= CandidateLevel {
						k++
					}
				}
				for _, p := range p1 {
					if p <= CandidateLevel && combinedP(math.Min(1, p*float64(family)), math.Min(1, rng.Float64()*float64(k)), w1) <= level {
						any++
						break
					}
				}
			}
			t.Logf("family %d, w1 %.2f: %.4f", family, w1, float64(any)/runs)
			if rate, limit := float64(any)/runs, level+3*math.Sqrt(level*(1-level)/runs); rate > limit {
				t.Errorf("family %d, w1 %.2f: a candidate passed in %.4f of runs under the null; level %g", family, w1, rate, level)
			}
		}
	}
}

// TestCombinedConfirmation: the end look also tests the later rounds
// together with the first stage, so a candidate whose first stage already
// held evidence is confirmed by later rounds too few to confirm it alone;
// the same later rounds after a weaker first stage are not enough.
func TestCombinedConfirmation(t *testing.T) {
	// 20 later rounds: 16 of them 6 to 9% slower, 4 a little faster.
	later := make([]float64, 20)
	for i := range later {
		later[i] = 1.06 + 0.01*float64(i%4)
		if i%5 == 1 {
			later[i] = 0.99
		}
	}
	strong := []float64{1.25, 1.14, 1.2, 1.07, 1.3, 1.16, 1.18, 1.1, 1.12, 1.2} // every round slower
	decideWith := func(first []float64) Decision {
		base, head := candAndOther(first, later)
		p := DefaultPolicy
		p.Alpha, p.Test, p.StageRounds, p.MaxRounds, p.Until = 0.01, BothTests, 10, 30, UntilConfirmed
		return statusOf(t, Decide(load(t, base, head), p), "Cand-2", "sec/op")
	}
	// No halfway look here (10 later rounds of 20 could not reach a
	// tenth of alpha/2): the end look is at alpha/2, each test at half.
	const level = 0.01 / 2 / 2
	d := decideWith(strong)
	c := d.Confirmation
	if c == nil || c.PAdjusted <= level || c.Combined > level {
		t.Fatalf("the fixture: first stage p %.3g (family %d), confirmation %+v; want the later rounds alone above %g and combined at or below it", d.TestP, d.Family, c, level)
	}
	if d.Status != Regression || !c.Confirmed || !c.ByCombined || !strings.Contains(d.Note, "confirmed by rounds 11–30 combined with rounds 1–10") {
		t.Errorf("strong first stage: %s, note %q", d.Status, d.Note)
	}
	d = decideWith(firstStage) // head slower in 9 of 10 rounds
	if c := d.Confirmation; c == nil || c.Confirmed || c.Combined <= level || d.Status != Inconclusive ||
		!strings.Contains(d.Note, "combined with rounds 1–10, p") {
		t.Errorf("weaker first stage: %s, confirmation %+v, note %q", d.Status, c, d.Note)
	}
	// A candidate for its large estimate, its rounds going either way:
	// its fixed rounds add nothing to the combined test, and the note
	// says so rather than "p 1".
	d = decideWith([]float64{1.6, 0.8, 1.7, 0.75, 1.5, 0.85, 1.65, 0.8, 1.55, 0.9})
	if c := d.Confirmation; c == nil || c.Confirmed || !strings.Contains(d.Note, "rounds 1–10 held no evidence to combine with (their p, ") {
		t.Errorf("a first stage without evidence: %s, confirmation %+v, note %q", d.Status, c, d.Note)
	}
}

// TestTwoStagesKeepAlpha runs the two stages on simulated unchanged code
// (head and base from one distribution) with the sign test, whose
// p-values are close to uniform here, at a threshold of almost 0, so that
// only the tests stand between noise and a regression, and at alpha 0.2,
// so that false alarms are frequent enough to count: the share of runs
// with a regression stays within alpha, and the share with a candidate
// whose combined test reached its level (at most alpha/4 over the looks)
// within that level; with one look (the end) and with two (halfway too).
func TestTwoStagesKeepAlpha(t *testing.T) {
	const runs, benchmarks, alpha = 400, 4, 0.2
	for _, tt := range []struct {
		name      string
		maxRounds int
		looks     int
	}{
		{"one look", 20, 1},
		{"two looks", 40, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(1))
			p := DefaultPolicy
			p.Alpha, p.Test, p.Threshold = alpha, PairedSignTest, 1e-9
			p.StageRounds, p.MaxRounds, p.Until = 10, tt.maxRounds, UntilConfirmed
			if looks := 1 + min(halfwayRound(p, benchmarks), 1); looks != tt.looks {
				t.Fatalf("the simulation expects %d look(s), the policy gives %d", tt.looks, looks)
			}
			// Each look's combined test is at half of the look's level;
			// the two looks' levels add up to alpha/2.
			endLevel, halfLevel := alpha/4, 0.0
			if tt.looks == 2 {
				endLevel, halfLevel = alpha/2*0.9/2, alpha/2*0.1/2
			}
			failed, combined, candidates := 0, 0, 0
			for run := 0; run < runs; run++ {
				var b, h strings.Builder
				for i := 0; i < benchmarks; i++ {
					for r := 0; r < tt.maxRounds; r++ {
						fmt.Fprintf(&b, "BenchmarkB%d-2 1000 %.2f ns/op\n", i, 1000*math.Exp(0.03*rng.NormFloat64()))
						fmt.Fprintf(&h, "BenchmarkB%d-2 1000 %.2f ns/op\n", i, 1000*math.Exp(0.03*rng.NormFloat64()))
					}
				}
				res := Decide(load(t, b.String(), h.String()), p)
				if res.Verdict == RegressionVerdict {
					failed++
				}
				reached := false
				for _, d := range res.Decisions {
					if c := d.Confirmation; c != nil {
						candidates++
						level := endLevel
						if c.Halfway {
							level = halfLevel
						}
						reached = reached || c.Combined <= level
					}
				}
				if reached {
					combined++
				}
			}
			t.Logf("%d of %d runs failed; %d candidates; in %d runs a combined test reached its level", failed, runs, candidates, combined)
			within := func(n int, rate float64) bool {
				return float64(n) <= runs*rate+3*math.Sqrt(runs*rate*(1-rate))
			}
			if !within(failed, alpha) {
				t.Errorf("%d of %d runs on unchanged code failed, more than alpha %g allows", failed, runs, alpha)
			}
			if !within(combined, alpha/4) {
				t.Errorf("in %d of %d runs on unchanged code a combined test reached its level (at most %g over the looks)", combined, runs, alpha/4)
			}
			if candidates < runs {
				t.Errorf("only %d candidates in %d runs: the simulation hardly reaches the second stage", candidates, runs)
			}
		})
	}
}

// TestHalfwayCombined: the halfway look tests the later rounds combined
// with the first stage too, so a candidate whose first stage was strong
// stops there, confirmed, though its 15 later rounds alone (p 0.0035)
// are far from the look's level (a tenth of alpha/2, each test at half:
// 0.00025); after a weaker first stage the same rounds are not enough,
// and the candidate gets more rounds.
func TestHalfwayCombined(t *testing.T) {
	later := make([]float64, 15) // 12 to 15% slower but every sixth round
	for i := range later {
		later[i] = 1.12 + 0.01*float64(i%4)
		if i%6 == 1 {
			later[i] = 0.99
		}
	}
	strong := []float64{1.25, 1.14, 1.2, 1.07, 1.3, 1.16, 1.18, 1.1, 1.12, 1.2}
	decideWith := func(first []float64) (Decision, *Result) {
		base, head := candAndOther(first, later)
		p := DefaultPolicy
		p.Alpha, p.Test, p.StageRounds, p.MaxRounds, p.Until = 0.01, BothTests, 10, 40, UntilConfirmed
		res := Decide(load(t, base, head), p)
		return statusOf(t, res, "Cand-2", "sec/op"), res
	}
	const level = 0.01 / 2 * 0.1 / 2
	d, res := decideWith(strong)
	c := d.Confirmation
	if c == nil || !c.Halfway || c.PAdjusted <= 2*level || c.Combined > level {
		t.Fatalf("the fixture: confirmation %+v; want the halfway look, the later rounds alone above %g (the whole look's level) and combined at or below %g", c, 2*level, level)
	}
	if d.Status != Regression || !c.Confirmed || !c.ByCombined || MoreRounds(d, res.Policy) ||
		!strings.Contains(d.Note, "confirmed by rounds 11–25 combined with rounds 1–10") {
		t.Errorf("strong first stage: %s, confirmation %+v, more rounds %v, note %q", d.Status, c, MoreRounds(d, res.Policy), d.Note)
	}
	d, res = decideWith(firstStage)
	if c := d.Confirmation; c == nil || c.Confirmed || c.Combined <= level || !MoreRounds(d, res.Policy) {
		t.Errorf("weaker first stage: %s, confirmation %+v, more rounds %v", d.Status, c, MoreRounds(d, res.Policy))
	}
}
