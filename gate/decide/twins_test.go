package decide

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/compare"
)

// TestTwinUnitsAreOneHypothesis: a benchmark's B/s that is its SetBytes
// over its time (the testing package's MB/s) is the same measurement as
// its sec/op: one hypothesis of the correction, not two, both rows with
// the same corrected p. A rate the benchmark reports of its own, not
// derived from its time, is a hypothesis of its own.
func TestTwinUnitsAreOneHypothesis(t *testing.T) {
	// rows prints n rounds of three benchmarks, A 30% slower on head;
	// rate gives each line's MB/s from its ns/op.
	rows := func(head bool, rate func(ns float64) float64) string {
		var b strings.Builder
		for i := 0; i < 8; i++ {
			for j, name := range []string{"A", "B", "C"} {
				ns := 1000 * (1 + 0.01*float64((i+j)%5-2))
				if head && name == "A" {
					ns *= 1.3
				}
				fmt.Fprintf(&b, "Benchmark%s-2 1000 %.1f ns/op %.2f MB/s\n", name, ns, rate(ns))
			}
		}
		return b.String()
	}
	for _, c := range []struct {
		name       string
		rate       func(ns float64) float64
		wantFamily int
	}{
		{"derived from the time", func(ns float64) float64 { return 4096 / ns * 1e3 }, 3},
		{"reported of its own", func(ns float64) float64 { return 500 + math.Mod(ns*7.3, 11) }, 6},
	} {
		r := load(t, rows(false, c.rate), rows(true, c.rate))
		p := Policy{Alpha: 0.05, Threshold: 0.03, Correction: CorrectionBH, Test: UTest}
		out := Decide(r, p)
		if out.Family != c.wantFamily {
			t.Errorf("%s: family %d, want %d", c.name, out.Family, c.wantFamily)
		}
		byUnit := map[string]Decision{}
		for _, d := range out.Decisions {
			if d.Benchmark == "A-2" {
				byUnit[d.Unit] = d
			}
		}
		sec, rate := byUnit["sec/op"], byUnit["B/s"]
		if sec.Status != Regression {
			t.Errorf("%s: A sec/op %s (p %v), want regression", c.name, sec.Status, sec.PAdjusted)
		}
		if c.wantFamily == 3 {
			if rate.Status != Regression || rate.PAdjusted != sec.PAdjusted || rate.Family != 3 {
				t.Errorf("%s: A B/s %s, corrected p %v family %d; want regression with sec/op's %v over 3",
					c.name, rate.Status, rate.PAdjusted, rate.Family, sec.PAdjusted)
			}
			// Over three hypotheses the smallest p is multiplied by 3.
			if want := math.Min(1, sec.TestP*3); math.Abs(sec.PAdjusted-want) > 1e-12 {
				t.Errorf("%s: A sec/op corrected p %v, want %v (3 × %v)", c.name, sec.PAdjusted, want, sec.TestP)
			}
		}
	}
}

// TestTwinsWithinAPart: parts decided jointly (a ladder's steps, merged
// directories) hold rows of the same name and configuration; a B/s pairs
// with the sec/op whose samples it is derived from, in its own part. Two
// parts of three benchmarks are six hypotheses: neither three (rows
// merged across parts) nor twelve (twins counted twice).
func TestTwinsWithinAPart(t *testing.T) {
	rows := func(scale float64) string {
		var b strings.Builder
		for i := 0; i < 8; i++ {
			for j, name := range []string{"A", "B", "C"} {
				ns := scale * 1000 * (1 + 0.01*float64((i*3+j)%7-3))
				fmt.Fprintf(&b, "Benchmark%s-2 1000 %.1f ns/op %.2f MB/s\n", name, ns, 4096/ns*1e3)
			}
		}
		return b.String()
	}
	step1 := load(t, rows(1), rows(1.02))
	step2 := load(t, rows(1.02), rows(1.3))
	p := Policy{Alpha: 0.05, Threshold: 0.03, Correction: CorrectionBH, Test: UTest}
	out := Joint([]*compare.Result{step1, step2}, p)
	if out[0].Family != 6 {
		t.Errorf("family %d, want 6", out[0].Family)
	}
	for i, r := range out {
		adj := map[string]float64{}
		for _, d := range r.Decisions {
			if d.Unit == "sec/op" {
				adj[d.Benchmark] = d.PAdjusted
			}
		}
		for _, d := range r.Decisions {
			if d.Unit == "B/s" && d.PAdjusted != adj[d.Benchmark] {
				t.Errorf("step %d: %s B/s corrected p %v, its sec/op's %v", i+1, d.Benchmark, d.PAdjusted, adj[d.Benchmark])
			}
		}
	}
	if out[1].Verdict != RegressionVerdict || out[0].Verdict == RegressionVerdict {
		t.Errorf("verdicts %s, %s; want step 2 alone a regression", out[0].Verdict, out[1].Verdict)
	}
}
