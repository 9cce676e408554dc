package decide

import (
	"fmt"
	"math"
	"strings"
	"testing"
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
