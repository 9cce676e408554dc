package decide

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

func TestBenjaminiHochberg(t *testing.T) {
	// Textbook example: p = 0.01, 0.04, 0.03, 0.005 over m = 4: sorted
	// 0.005·4/1, 0.01·4/2, 0.03·4/3, 0.04·4/4 = 0.02, 0.02, 0.04, 0.04.
	got := BenjaminiHochberg([]float64{0.01, 0.04, 0.03, 0.005, math.NaN()})
	want := []float64{0.02, 0.04, 0.04, 0.02}
	for i, w := range want {
		if math.Abs(got[i]-w) > 1e-12 {
			t.Errorf("BH[%d] = %v, want %v (all %v)", i, got[i], w, got)
		}
	}
	if !math.IsNaN(got[4]) {
		t.Errorf("a NaN p-value joined the family: %v", got[4])
	}
	// Step-up: a larger p at a higher rank can lower a smaller one's.
	got = BenjaminiHochberg([]float64{0.03, 0.031})
	if got[0] != 0.031 || got[1] != 0.031 {
		t.Errorf("BH(0.03, 0.031) = %v, want both 0.031", got)
	}
}

// TestManyRealChanges: a toolchain bump that speeds up 22 of 26
// benchmarks by 14-38%, 6 rounds each. Holm makes every one of them too
// few samples; Benjamini–Hochberg finds them.
func TestManyRealChanges(t *testing.T) {
	var base, head strings.Builder
	for i := 0; i < 26; i++ {
		speedup := 0.0
		if i < 22 {
			speedup = 0.14 + 0.24*float64(i)/21
		}
		name := fmt.Sprintf("Decode/case=%02d", i)
		for r := 0; r < 6; r++ {
			noise := 1 + 0.01*float64(r%3-1)
			fmt.Fprintf(&base, "Benchmark%s-2 1000 %g ns/op\n", name, 1000*noise)
			fmt.Fprintf(&head, "Benchmark%s-2 1000 %g ns/op\n", name, 1000*(1-speedup)*noise*(1+0.002*float64(r)))
		}
	}
	r := load(t, base.String(), head.String())
	count := func(p Policy) int {
		return Decide(r, p).Counts[Improvement]
	}
	holm := DefaultPolicy
	holm.Correction = CorrectionHolm
	if n := count(holm); n != 0 {
		t.Errorf("Holm found %d improvements; the test expects it to find none at 6 rounds", n)
	}
	if n := count(DefaultPolicy); n != 22 {
		t.Errorf("BH found %d improvements, want 22", n)
	}
}

func TestExactDecisions(t *testing.T) {
	for _, tc := range []struct {
		name       string
		base, head string
		thresholds map[string]float64
		unit       string
		want       Status
		note       string
	}{
		{"one more allocation, 0% threshold, 2 rounds", results("A", 2, 100, 0.01, " 16 B/op 10 allocs/op"), results("A", 2, 100, 0.01, " 16 B/op 11 allocs/op"),
			map[string]float64{"allocs/op": 0}, "allocs/op", Regression, "exact: every base run measured 10, every head run 11"},
		{"one fewer allocation", results("A", 2, 100, 0.01, " 16 B/op 10 allocs/op"), results("A", 2, 100, 0.01, " 16 B/op 9 allocs/op"),
			map[string]float64{"allocs/op": 0}, "allocs/op", Improvement, "every head run 9"},
		{"the same count is unchanged, exactly", results("A", 2, 100, 0.01, " 16 B/op 10 allocs/op"), results("A", 2, 100, 0.01, " 16 B/op 10 allocs/op"),
			map[string]float64{"allocs/op": 0}, "allocs/op", Unchanged, ""},
		{"1 byte more is within 3%", results("A", 6, 100, 0.01, " 1024 B/op"), results("A", 6, 100, 0.01, " 1025 B/op"),
			nil, "B/op", Unchanged, ""},
		{"from zero", results("A", 3, 100, 0.01, " 0 B/op"), results("A", 3, 100, 0.01, " 8 B/op"),
			nil, "B/op", Regression, "every base run measured 0, every head run 8"},
		{"deterministic unit, spread within the threshold", "Unit instructions/op assume=exact\n" + results("A", 3, 100, 0.01, " 1000 instructions/op"),
			"Unit instructions/op assume=exact\n" + results("A", 3, 100, 0.01, " 1020 instructions/op"),
			map[string]float64{"instructions/op": 0.01}, "instructions/op", Regression, "exact"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := DefaultPolicy
			p.Thresholds = tc.thresholds
			res := Decide(load(t, tc.base, tc.head), p)
			d := statusOf(t, res, "A-2", tc.unit)
			if d.Status != tc.want || !d.Exact || !strings.Contains(d.Note, tc.note) || !math.IsNaN(d.PAdjusted) {
				t.Errorf("status %s exact %v note %q padj %v; want %s with %q", d.Status, d.Exact, d.Note, d.PAdjusted, tc.want, tc.note)
			}
			// Exact comparisons are not part of the correction.
			if res.Family != 1 {
				t.Errorf("family %d, want 1 (sec/op only)", res.Family)
			}
		})
	}
	// A deterministic unit whose runs straddle the threshold is not a
	// guess either way.
	var b, h strings.Builder
	b.WriteString("Unit instructions/op assume=exact\n")
	h.WriteString("Unit instructions/op assume=exact\n")
	for _, v := range []float64{1000, 1001, 1002} {
		fmt.Fprintf(&b, "BenchmarkA-2 1000 100 ns/op %g instructions/op\n", v)
		fmt.Fprintf(&h, "BenchmarkA-2 1000 100 ns/op %g instructions/op\n", v*1.01)
	}
	p := DefaultPolicy
	p.Thresholds = map[string]float64{"instructions/op": 0.01}
	d := statusOf(t, Decide(load(t, b.String(), h.String()), p), "A-2", "instructions/op")
	if d.Status != Inconclusive || !strings.Contains(d.Note, "straddles the 1% threshold") {
		t.Errorf("straddling: %s %q", d.Status, d.Note)
	}
	// Timings are never exact, even when they repeat.
	d = statusOf(t, Decide(load(t, results("A", 3, 100, 0, ""), results("A", 3, 110, 0, "")), DefaultPolicy), "A-2", "sec/op")
	if d.Exact {
		t.Errorf("constant sec/op was decided exactly: %+v", d)
	}
}

// TestBothTestsReachAlphaInEightRounds: the sign test alone can never
// reach alpha 0.01 after a correction over 4 comparisons with 8 rounds
// (its smallest p is 0.0078); with the U-test beside it a clear 30%
// slowdown is found.
func TestBothTestsReachAlphaInEightRounds(t *testing.T) {
	var base, head strings.Builder
	for _, name := range []string{"A", "B", "C", "D"} {
		factor := 1.0
		if name == "A" {
			factor = 1.3
		}
		for r := 0; r < 8; r++ {
			noise := 1 + 0.02*float64(r%4-2)
			fmt.Fprintf(&base, "Benchmark%s-2 1000 %g ns/op\n", name, 1000*noise)
			fmt.Fprintf(&head, "Benchmark%s-2 1000 %g ns/op\n", name, 1000*factor*noise*(1+0.005*float64(r%2)))
		}
	}
	r := load(t, base.String(), head.String())
	p := DefaultPolicy
	p.Alpha = 0.01
	p.Test = PairedSignTest
	if d := statusOf(t, Decide(r, p), "A-2", "sec/op"); d.Status == Regression {
		t.Fatalf("the sign test alone found it (%s, p %v); the test needs it not to", d.Status, d.PAdjusted)
	}
	p.Test = BothTests
	res := Decide(r, p)
	if d := statusOf(t, res, "A-2", "sec/op"); d.Status != Regression || d.Test != BothTests {
		t.Errorf("both tests: %s (p %v adjusted %v)", d.Status, d.TestP, d.PAdjusted)
	}
	for _, name := range []string{"B-2", "C-2", "D-2"} {
		if d := statusOf(t, res, name, "sec/op"); d.Status != Unchanged {
			t.Errorf("%s: %s", name, d.Status)
		}
	}
}

func TestEquivalent(t *testing.T) {
	d := statusOf(t, Decide(load(t, results("A", 20, 100, 0.005, ""), results("A", 20, 100.2, 0.005, "")), DefaultPolicy), "A-2", "sec/op")
	if d.Status != Unchanged || !d.Equivalent {
		t.Errorf("a precise, unchanged benchmark: %s, equivalent %v (interval %v–%v)", d.Status, d.Equivalent, d.stageLow, d.stageHigh)
	}
	d = statusOf(t, Decide(load(t, results("A", 20, 100, 0.2, ""), results("A", 20, 101, 0.2, "")), DefaultPolicy), "A-2", "sec/op")
	if d.Status != Unchanged || d.Equivalent {
		t.Errorf("a noisy one: %s, equivalent %v", d.Status, d.Equivalent)
	}
}

// firstStage is the per-round ratios head/base of a candidate's fixed
// rounds in the tests of the second stage.
var firstStage = []float64{1.25, 1.04, 1.2, 0.97, 1.3, 1.06, 1.18, 1.1, 1.02, 1.2}

// writeCand writes BenchmarkCand's rounds to b and h: base at three levels
// in turn, head at base's level times ratios[i] in round i.
func writeCand(b, h *strings.Builder, ratios []float64) {
	for i, ratio := range ratios {
		level := 1000 * (1 + 0.1*float64(i%3))
		fmt.Fprintf(b, "BenchmarkCand-2 1000 %g ns/op\n", level)
		fmt.Fprintf(h, "BenchmarkCand-2 1000 %g ns/op\n", level*ratio)
	}
}

// candAndOther is the base and head of BenchmarkCand with the ratios of
// first and then later (writeCand), beside BenchmarkOther: 10 rounds,
// the same on both sides.
func candAndOther(first, later []float64) (base, head string) {
	var b, h strings.Builder
	writeCand(&b, &h, append(append([]float64(nil), first...), later...))
	for i := 0; i < 10; i++ {
		fmt.Fprintf(&b, "BenchmarkOther-2 1000 %g ns/op\n", 500*(1+0.01*float64(i%3)))
		fmt.Fprintf(&h, "BenchmarkOther-2 1000 %g ns/op\n", 500*(1+0.01*float64(i%3)))
	}
	return b.String(), h.String()
}

// TestTwoStages: in an adaptive run the first rounds decide at alpha/2,
// and a candidate is confirmed only by its later rounds.
func TestTwoStages(t *testing.T) {
	decide := func(later []float64) (*Result, Decision) {
		// 10 first-stage rounds: +14% (the median ratio), head slower
		// in 9 of them: evidence of a change (p below CandidateLevel),
		// but not significant at alpha/2.
		base, head := candAndOther(firstStage, later)
		p := DefaultPolicy
		p.Alpha, p.Test, p.StageRounds, p.Until = 0.01, BothTests, 10, UntilConfirmed
		res := Decide(load(t, base, head), p)
		return res, statusOf(t, res, "Cand-2", "sec/op")
	}
	// After the first stage alone: a candidate, worth more rounds.
	res, d := decide(nil)
	if d.StageRounds != 0 {
		t.Errorf("first stage alone: StageRounds %d, want 0 (TestP is of every sample)", d.StageRounds)
	}
	if d.Status == Regression || !d.candidate || !MoreRounds(d, res.Policy) || res.Candidates != 1 {
		t.Fatalf("first stage: %s, candidate %v, more %v, candidates %d", d.Status, d.candidate, MoreRounds(d, res.Policy), res.Candidates)
	}
	if o := statusOf(t, res, "Other-2", "sec/op"); o.candidate || MoreRounds(o, res.Policy) {
		t.Errorf("the steady benchmark is a candidate")
	}
	// Twenty later rounds, every one 12% slower: confirmed on those alone.
	slow := make([]float64, 20)
	for i := range slow {
		slow[i] = 1.12 + 0.002*float64(i%3)
	}
	res, d = decide(slow)
	if d.StageRounds != 10 {
		t.Errorf("with later rounds: StageRounds %d, want 10 (TestP is of the fixed rounds)", d.StageRounds)
	}
	if d.Status != Regression || d.Confirmation == nil || !d.Confirmation.Confirmed || d.Confirmation.Rounds != 20 || res.Verdict != RegressionVerdict {
		t.Errorf("confirmed: %s %+v verdict %s note %q", d.Status, d.Confirmation, res.Verdict, d.Note)
	}
	if !MoreRounds(d, res.Policy) {
		t.Errorf("a confirmed candidate stops early; the second stage is judged once, at the end")
	}
	// Twenty later rounds with no change: not confirmed, and the interval
	// no longer reaches the threshold, so no more rounds are needed.
	same := make([]float64, 20)
	for i := range same {
		same[i] = 1 + 0.004*float64(i%3-1)
	}
	res, d = decide(same)
	if d.Status != Unchanged || d.Confirmation == nil || d.Confirmation.Confirmed || res.Verdict != Pass || !strings.Contains(d.Note, "did not confirm") {
		t.Errorf("not confirmed: %s %+v verdict %s note %q", d.Status, d.Confirmation, res.Verdict, d.Note)
	}
	if MoreRounds(d, res.Policy) {
		t.Errorf("a candidate whose interval is within the threshold still wants rounds")
	}
	// Twenty later rounds that lean slower (+1 … +6% in 13, -2% in 7): too
	// weak alone to confirm a regression or even to keep the doubt (p
	// above DoubtLevel after the correction), but every round together
	// still points to a change beyond the threshold: inconclusive, not
	// unchanged, which needs the change within the threshold or no
	// evidence of one.
	lean := make([]float64, 20)
	for i := range lean {
		lean[i] = 1.01 + 0.01*float64(i%6)
		if i%3 == 1 {
			lean[i] = 0.98
		}
	}
	res, d = decide(lean)
	if c := d.Confirmation; c == nil || c.Confirmed || c.PAdjusted <= DoubtLevel || large(d.Better, d.Delta, d.Threshold) || d.Delta <= d.Threshold ||
		wholeBeyond(d.Better, d.Paired.Low, d.Paired.High, d.Threshold) {
		t.Fatalf("the fixture: confirmation %+v, change %.3f, interval %.3f … %.3f", c, d.Delta, d.Paired.Low, d.Paired.High)
	}
	if d.Status != Inconclusive || res.Verdict != InconclusiveVerdict || !strings.Contains(d.Note, "over all 30 rounds p") {
		t.Errorf("unconfirmed, with evidence over every round: %s, verdict %s, note %q", d.Status, res.Verdict, d.Note)
	}
	// The first stage is judged at alpha/2: the same ten rounds, alone,
	// at alpha 0.01 one stage, are what they are at alpha 0.005.
	if d.TestP != statusOf(t, func() *Result { r, _ := decide(nil); return r }(), "Cand-2", "sec/op").TestP {
		t.Errorf("later rounds changed the first stage's p")
	}
}

// TestTwoLooks: with MaxRounds set, the later rounds are looked at
// halfway (at a tenth of the second stage's alpha/2) and at the end (at
// nine tenths); a candidate confirmed halfway needs no more rounds.
func TestTwoLooks(t *testing.T) {
	// wobble makes the later rounds noisy: ratio·(1-wobble), ratio and
	// ratio·(1+wobble) in turn.
	wobble := 0.0
	build := func(later int, ratio float64) *Result {
		var b, h strings.Builder
		ratios := append([]float64(nil), firstStage...)
		for i := 10; i < 10+later; i++ {
			ratios = append(ratios, ratio*(1+wobble*float64(i%3-1))+0.002*float64(i%3))
		}
		writeCand(&b, &h, ratios)
		p := DefaultPolicy
		p.Alpha, p.Test, p.StageRounds, p.MaxRounds, p.Until = 0.01, BothTests, 10, 40, UntilConfirmed
		return Decide(load(t, b.String(), h.String()), p)
	}
	// Halfway is round 25: 15 later rounds, all 12% slower.
	res := build(15, 1.12)
	d := statusOf(t, res, "Cand-2", "sec/op")
	if d.Status != Regression || !d.Confirmation.Halfway || MoreRounds(d, res.Policy) {
		t.Errorf("halfway: %s %+v more %v", d.Status, d.Confirmation, MoreRounds(d, res.Policy))
	}
	// Before halfway there is no look: still a candidate.
	res = build(14, 1.12)
	if d := statusOf(t, res, "Cand-2", "sec/op"); !MoreRounds(d, res.Policy) {
		t.Errorf("before halfway: %s %+v wants no more rounds", d.Status, d.Confirmation)
	}
	// Unchanged later rounds: not confirmed at either look.
	res = build(30, 1)
	if d := statusOf(t, res, "Cand-2", "sec/op"); d.Status == Regression || d.Confirmation.Confirmed || d.Confirmation.Halfway {
		t.Errorf("no change: %s %+v", d.Status, d.Confirmation)
	}
	// Later rounds faster, not slower, at the halfway look, and so noisy
	// that the interval of every sample still reaches the threshold:
	// futile, no more rounds, and unchanged; still so if a sibling
	// benchmark made the run go on past halfway.
	wobble = 0.2
	for _, later := range []int{15, 20} {
		res = build(later, 0.95)
		d := statusOf(t, res, "Cand-2", "sec/op")
		if d.Status != Unchanged || !d.Confirmation.Futile || MoreRounds(d, res.Policy) {
			t.Errorf("faster later rounds (%d): %s %+v more %v", later, d.Status, d.Confirmation, MoreRounds(d, res.Policy))
		}
		if later == 15 && !strings.Contains(d.Note, "rounds 11–25 alone showed no worsening, so it got no more rounds") {
			t.Errorf("futile note %q", d.Note)
		}
	}
	// Later rounds a little slower (2%, below the 3% threshold) and as
	// noisy: not futile, their estimate is still worse, so more rounds.
	res = build(15, 1.02)
	if d := statusOf(t, res, "Cand-2", "sec/op"); d.Confirmation.Futile || !MoreRounds(d, res.Policy) {
		t.Errorf("slightly slower later rounds: %s %+v more %v", d.Status, d.Confirmation, MoreRounds(d, res.Policy))
	}
}

// TestFutileInDoubtGoesOn: a candidate whose later rounds show no
// worsening at the halfway look, but whose estimate over every round is
// still large because of the rounds it was picked for (an A/A run of the
// suite at -rounds 10: TLS handshake +9.4% over rounds 1–10, +0.0% over
// 11–21, +9.1% over all 21), is not futile: it gets the rounds up to
// MaxRounds, every one of them (no stop at the first round that would
// pass it), instead of stopping inconclusive; with them it is unchanged.
func TestFutileInDoubtGoesOn(t *testing.T) {
	first := []float64{1.25, 1.12, 1.2, 0.97, 1.3, 1.12, 1.18, 1.1, 1.12, 1.2}
	build := func(later int) (*Result, Decision) {
		var b, h strings.Builder
		ratios := append([]float64(nil), first...)
		for i := 10; i < 10+later; i++ {
			// 0.846, 0.997 and 1.146 in turn: no change, noisy.
			ratios = append(ratios, 0.995*(1+0.15*float64(i%3-1))+0.002*float64(i%3))
		}
		writeCand(&b, &h, ratios)
		p := DefaultPolicy
		p.Alpha, p.Test, p.StageRounds, p.MaxRounds, p.Until = 0.01, BothTests, 10, 40, UntilConfirmed
		res := Decide(load(t, b.String(), h.String()), p)
		return res, statusOf(t, res, "Cand-2", "sec/op")
	}
	res, d := build(15)
	if c := d.Confirmation; c == nil || c.Futile || !c.Halfway || d.Status != Inconclusive || !large(d.Better, d.Delta, d.Threshold) {
		t.Fatalf("at the halfway look: %s, change %.3f, confirmation %+v", d.Status, d.Delta, d.Confirmation)
	}
	if !MoreRounds(d, res.Policy) {
		t.Errorf("no worsening but in doubt at the halfway look (%q): no more rounds", d.Note)
	}
	for later := 16; later < 30; later++ {
		if res, d := build(later); d.Confirmation.Futile || !MoreRounds(d, res.Policy) {
			t.Errorf("after %d rounds, %s (%q): stopped before the end", 10+later, d.Status, d.Note)
		}
	}
	// At MaxRounds (where the runner stops) it is unchanged.
	res, d = build(30)
	if d.Status != Unchanged || res.Verdict != Pass {
		t.Errorf("after 40 rounds: %s, verdict %s, note %q", d.Status, res.Verdict, d.Note)
	}
}

func TestWarnThreshold(t *testing.T) {
	r := load(t, results("A", 12, 100, 0.001, ""), results("A", 12, 102, 0.001, ""))
	p := DefaultPolicy
	p.WarnThreshold = 0.01
	res := Decide(r, p)
	d := statusOf(t, res, "A-2", "sec/op")
	if d.Status != Unchanged || !d.Warn || res.Warnings != 1 || res.Verdict != Pass || !strings.Contains(d.Note, "worse than the 1% warn threshold, within the 3% threshold") {
		t.Errorf("+2%% with a 1%% warn band: %s warn %v (%d) verdict %s note %q", d.Status, d.Warn, res.Warnings, res.Verdict, d.Note)
	}
	p.WarnThreshold = 0.025
	if d := statusOf(t, Decide(r, p), "A-2", "sec/op"); d.Warn {
		t.Errorf("+2%% warned at a 2.5%% warn band")
	}
}

// TestLaterRoundsKeepTheFamily: in a two-stage run the first stage's
// decisions rest on its rounds alone. Here Slow's first stage is a
// regression after the correction over the 2 comparisons of sec/op; a
// later round of Fast measures 1 B/op where every earlier one measured 0.
// That must not make Fast's B/op a tested comparison of the family (3
// comparisons, which would take Slow's regression back and, with the
// rounds used up, leave it inconclusive: a pass).
func TestLaterRoundsKeepTheFamily(t *testing.T) {
	p := DefaultPolicy // alpha 0.05: the first stage judges at 0.025
	p.StageRounds, p.MaxRounds, p.Until = 10, 20, UntilConfirmed
	slowBase := []float64{7170, 6446, 5747, 6284, 9964, 5975, 8554, 5648, 7168, 6062}
	slowHead := []float64{8482, 8096, 6274, 11367, 8207, 13373, 8776, 9532, 8208, 10516}
	files := func(fastRounds int) (string, string) {
		var b, h strings.Builder
		for i := range slowBase {
			fmt.Fprintf(&b, "BenchmarkSlow-2 1000 %g ns/op 0 B/op\n", slowBase[i])
			fmt.Fprintf(&h, "BenchmarkSlow-2 1000 %g ns/op 0 B/op\n", slowHead[i])
		}
		for i := 0; i < fastRounds; i++ {
			bytes := 0
			if i == 11 {
				bytes = 1
			}
			fmt.Fprintf(&b, "BenchmarkFast-2 1000 %d ns/op 0 B/op\n", 3000+i)
			fmt.Fprintf(&h, "BenchmarkFast-2 1000 %d ns/op %d B/op\n", 3000+(i*7)%10, bytes)
		}
		return b.String(), h.String()
	}
	for _, rounds := range []int{10, 12} {
		base, head := files(rounds)
		r := Decide(load(t, base, head), p)
		if r.Family != 2 {
			t.Errorf("Fast with %d rounds: family %d, want 2 (sec/op of Slow and Fast)", rounds, r.Family)
		}
		if d := statusOf(t, r, "Slow-2", "sec/op"); d.Status != Regression {
			t.Errorf("Fast with %d rounds: Slow is %v (p %.3g adjusted %.3g), want regression", rounds, d.Status, d.TestP, d.PAdjusted)
		}
		if d := statusOf(t, r, "Fast-2", "B/op"); !d.Exact || d.Status != Unchanged {
			t.Errorf("Fast with %d rounds: B/op exact %v status %v (%s), want exact unchanged", rounds, d.Exact, d.Status, d.Note)
		}
	}
}

// TestBorderlineRegressionIsConfirmed: a first-stage regression whose
// interval reaches back within the threshold (+3.4%, interval +2.5 …
// +5.0% at 3%) is confirmed on the later rounds like an apparent
// regression, so that a change at the border does not fail one run and
// pass the next; without later rounds, or with too few to confirm
// anything (a second stage cut short), it stays a regression, and one
// whose whole interval is beyond the threshold is decided at once.
func TestBorderlineRegressionIsConfirmed(t *testing.T) {
	p := DefaultPolicy
	p.Alpha = 0.01
	p.StageRounds, p.MaxRounds, p.Until = 32, 64, UntilConfirmed
	border := []float64{1.005, 1.015, 1.025, 1.033, 1.035, 1.04, 1.05, 1.06}
	files := func(first []float64, later []float64, laterRounds int) (string, string) {
		var b, h strings.Builder
		for i := 0; i < 32+laterRounds; i++ {
			base := 1000 * (1 + 0.002*float64((i*7)%5-2))
			ratio := first[i%len(first)]
			if i >= 32 {
				ratio = later[i%len(later)]
			}
			fmt.Fprintf(&b, "BenchmarkA-2 1000 %g ns/op\n", base)
			fmt.Fprintf(&h, "BenchmarkA-2 1000 %g ns/op\n", base*ratio)
		}
		return b.String(), h.String()
	}
	for _, tc := range []struct {
		name         string
		first, later []float64
		laterRounds  int
		want         Status
		candidate    bool
	}{
		{"at the border, no later rounds", border, nil, 0, Regression, true},
		{"at the border, cut short after 2 later rounds", border, border, 2, Regression, true},
		{"at the border, later rounds within the threshold", border, []float64{1.0, 1.01, 1.015, 1.02}, 32, Unchanged, true},
		{"at the border, later rounds the same", border, border, 32, Regression, true},
		{"whole interval beyond", []float64{1.09, 1.10, 1.11, 1.12}, []float64{1.0}, 32, Regression, false},
	} {
		base, head := files(tc.first, tc.later, tc.laterRounds)
		r := Decide(load(t, base, head), p)
		d := statusOf(t, r, "A-2", "sec/op")
		if d.Status != tc.want || d.candidate != tc.candidate {
			t.Errorf("%s: %v, candidate %v (change %+.2f%%, first stage %.4f … %.4f, %s); want %v, candidate %v",
				tc.name, d.Status, d.candidate, d.Delta*100, d.stageLow, d.stageHigh, d.Note, tc.want, tc.candidate)
		}
		if tc.want == Regression && tc.candidate && tc.laterRounds >= 32 && (d.Confirmation == nil || !d.Confirmation.Confirmed) {
			t.Errorf("%s: a regression at the border without a confirmation (%s)", tc.name, d.Note)
		}
	}
}

// TestCandidateNeedsEvidence: an apparent regression becomes a candidate
// only where its fixed rounds hold some evidence of a change (p at most
// CandidateLevel before the correction). A median 10% worse from rounds
// that went either way is what unchanged noisy benchmarks give; it is
// decided on the fixed rounds and costs no more.
func TestCandidateNeedsEvidence(t *testing.T) {
	decide := func(first []float64) (*Result, Decision) {
		var b, h strings.Builder
		writeCand(&b, &h, first)
		p := DefaultPolicy
		p.Alpha, p.Test, p.StageRounds, p.MaxRounds, p.Until = 0.01, BothTests, 10, 20, UntilConfirmed
		res := Decide(load(t, b.String(), h.String()), p)
		return res, statusOf(t, res, "Cand-2", "sec/op")
	}
	// Head slower in 6 rounds of 10, faster in 4: a change beyond the
	// threshold but within LargeChange times it, p above the level.
	res, d := decide([]float64{1.08, 0.96, 1.07, 0.97, 1.09, 0.95, 1.06, 1.05, 0.98, 1.07})
	if !d.Worse || !exceeds(d.Better, d.stageDelta, d.Threshold) || large(d.Better, d.stageDelta, d.Threshold) || d.TestP <= CandidateLevel {
		t.Fatalf("the fixture: worse %v, change %.3f, p %.3g", d.Worse, d.stageDelta, d.TestP)
	}
	if d.candidate || MoreRounds(d, res.Policy) || res.Candidates != 0 || d.Status != Unchanged || res.Verdict != Pass {
		t.Errorf("no evidence of a change: %s, candidate %v, more %v, candidates %d, verdict %s", d.Status, d.candidate, MoreRounds(d, res.Policy), res.Candidates, res.Verdict)
	}
	// Slower in 7 of 10, faster in 3: no more evidence (p above the
	// level), but a change estimated at more than LargeChange times the
	// threshold is never unchanged: inconclusive, and a candidate.
	noisy := []float64{1.25, 0.9, 1.2, 0.95, 1.3, 0.85, 1.18, 1.1, 0.92, 1.2}
	res, d = decide(noisy)
	if !d.Worse || !large(d.Better, d.stageDelta, d.Threshold) || d.TestP <= CandidateLevel || d.PAdjusted <= DoubtLevel {
		t.Fatalf("the fixture: worse %v, change %.3f, p %.3g (%.3g corrected)", d.Worse, d.stageDelta, d.TestP, d.PAdjusted)
	}
	if !d.candidate || !MoreRounds(d, res.Policy) || res.Candidates != 1 || d.Status != Inconclusive || res.Verdict != InconclusiveVerdict {
		t.Errorf("a large change without evidence: %s, candidate %v, more %v, candidates %d, verdict %s", d.Status, d.candidate, MoreRounds(d, res.Policy), res.Candidates, res.Verdict)
	}
	if !strings.Contains(d.Note, "possible regression") || !strings.Contains(d.Note, "too noisy to tell") {
		t.Errorf("note: %q", d.Note)
	}
	// Its later rounds as noisy and as slow: not confirmed, and still
	// estimated beyond LargeChange times the threshold over all rounds,
	// so inconclusive, not a pass.
	res, d = decide(append(append([]float64(nil), noisy...), noisy...))
	if d.Confirmation == nil || d.Confirmation.Confirmed || d.Confirmation.PAdjusted <= DoubtLevel || !large(d.Better, d.Delta, d.Threshold) {
		t.Fatalf("the fixture: confirmation %+v, change %.3f", d.Confirmation, d.Delta)
	}
	if d.Status != Inconclusive || res.Verdict != InconclusiveVerdict {
		t.Errorf("a large change the later rounds did not settle: %s, verdict %s (%s)", d.Status, res.Verdict, d.Note)
	}
	// Later rounds with no change bring the estimate within LargeChange
	// times the threshold: unchanged.
	res, d = decide(append(append([]float64(nil), noisy...), 1, 1.01, 0.99, 1, 1.02, 0.98, 1, 1.01, 0.99, 1))
	if large(d.Better, d.Delta, d.Threshold) || d.Status != Unchanged || res.Verdict != Pass {
		t.Errorf("later rounds unchanged: change %.3f, %s, verdict %s (%s)", d.Delta, d.Status, res.Verdict, d.Note)
	}
	// Slower in 9 of 10: a candidate, with more rounds to come.
	res, d = decide(firstStage)
	if d.TestP > CandidateLevel || !d.candidate || !MoreRounds(d, res.Policy) || res.Candidates != 1 {
		t.Errorf("evidence of a change (p %.3g): %s, candidate %v, more %v, candidates %d", d.TestP, d.Status, d.candidate, MoreRounds(d, res.Policy), res.Candidates)
	}
	// A first-stage inconclusive is a candidate whatever its p: its
	// whole interval may lie beyond the threshold.
	d.candidate, d.Status, d.TestP = false, Inconclusive, 0.5
	if !isCandidate(&d, UntilConfirmed) {
		t.Errorf("an inconclusive apparent regression is not a candidate")
	}
}

// TestCorrectedLike: the p over every round of an unconfirmed candidate
// gets the multiplier its first-stage p got from the correction.
func TestCorrectedLike(t *testing.T) {
	for _, tc := range []struct {
		name             string
		testP, pAdjusted float64
		family           int
		p, want          float64
	}{
		{"BH multiplier 2.5", 0.02, 0.05, 20, 0.01, 0.025},
		{"capped at 1", 0.02, 0.05, 20, 0.9, 1},
		{"first-stage p 0: the family size", 0, 0, 20, 0.001, 0.02},
		{"no correction", 0.3, 0.3, 1, 0.04, 0.04},
		{"a p not computed is no evidence", 0.02, 0.05, 20, math.NaN(), 1},
	} {
		d := &Decision{TestP: tc.testP, PAdjusted: tc.pAdjusted, Family: tc.family}
		if got := correctedLike(d, tc.p); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// A comparison that was no candidate but got later rounds anyway (a
// ladder's other step, or a candidate in its process, wanted them) is
// decided on its first stage, while its change is shown over every
// round. Shown at more than 3 times the threshold, it is inconclusive,
// not unchanged: a ladder's step measured -3.9% over its 8 fixed rounds
// and +9.6% over all 32, and passed as unchanged with "+9.6% ~".
func TestLargeChangeInLaterRoundsIsNotUnchanged(t *testing.T) {
	build := func(later float64) Decision {
		var ratios []float64
		for i := range 8 {
			ratios = append(ratios, []float64{0.9, 1.0, 0.95, 1.05}[i%4])
		}
		for i := range 24 {
			ratios = append(ratios, later*[]float64{0.95, 1.0, 1.05}[i%3])
		}
		var b, h strings.Builder
		writeCand(&b, &h, ratios)
		p := DefaultPolicy
		p.Alpha, p.Test, p.StageRounds, p.MaxRounds, p.Until = 0.01, BothTests, 8, 32, UntilConfirmed
		return statusOf(t, Decide(load(t, b.String(), h.String()), p), "Cand-2", "sec/op")
	}
	d := build(1.2)
	if d.candidate || d.Status != Inconclusive || !d.Worse || !strings.Contains(d.Note, "possible regression") || !strings.Contains(d.Note, "its first 8 rounds, which decided it, measured -2.5%") {
		t.Errorf("+20%% in rounds 9-32 only: candidate %v, %s, worse %v, change %.3f, note %q", d.candidate, d.Status, d.Worse, d.Delta, d.Note)
	}
	// Within 3 times the threshold over every round: unchanged, as the
	// first stage decided (listed apart where beyond the threshold).
	if d := build(1.06); d.Status != Unchanged {
		t.Errorf("+6%% in rounds 9-32 only: %s, change %.3f, note %q", d.Status, d.Delta, d.Note)
	}
}
