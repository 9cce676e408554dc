package pipeline

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/usage"
)

// TestAnalyzeStages: results files of an adaptive run (the report job of a
// fork split) are judged in two stages, as the run judged them, when the
// run's configuration is given; as one stage, as benchgate compare does,
// when not.
func TestAnalyzeStages(t *testing.T) {
	dir := t.TempDir()
	var base, head strings.Builder
	base.WriteString("pkg: example.com/x\n")
	head.WriteString("pkg: example.com/x\n")
	// Ten fixed rounds that look 8% worse, head slower in eight of them
	// (p 0.02: a candidate, not significant at alpha/2), then ten
	// adaptive rounds of the candidate that are all 12% worse.
	first := []float64{1.08, 1.1, 0.99, 1.12, 1.09, 1.03, 1.1, 1.08, 0.98, 1.11}
	for i := 0; i < 20; i++ {
		ratio := 1.12
		if i < len(first) {
			ratio = first[i]
		}
		fmt.Fprintf(&base, "BenchmarkX-2 1000 %g ns/op\n", 1000.0)
		fmt.Fprintf(&head, "BenchmarkX-2 1000 %g ns/op\n", 1000*ratio)
	}
	bp, hp := filepath.Join(dir, "base.txt"), filepath.Join(dir, "head.txt")
	if err := os.WriteFile(bp, []byte(base.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(hp, []byte(head.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Rounds, cfg.MaxRounds = 10, 20
	for _, tc := range []struct {
		name   string
		policy decide.Policy
		staged bool
	}{
		{"as the run judged it", StagePolicy(cfg), true},
		{"as compare judges it", cfg.Policy, false},
	} {
		rep, err := Analyze(context.Background(), []string{bp}, []string{hp}, tc.policy, cfg.Compare, usage.Flags)
		if err != nil {
			t.Fatal(err)
		}
		var got []decide.Decision
		for _, d := range rep.Decisions {
			if d.Unit == "sec/op" {
				got = append(got, d)
			}
		}
		if len(got) != 1 {
			t.Fatalf("%s: %d sec/op decisions, want 1", tc.name, len(got))
		}
		d := got[0]
		if (d.Confirmation != nil) != tc.staged || d.Status != decide.Regression {
			t.Errorf("%s: status %s, confirmation %+v", tc.name, d.Status, d.Confirmation)
		}
		if tc.staged && (d.Confirmation.From != 10 || d.Confirmation.Rounds != 10) {
			t.Errorf("%s: confirmation %+v, want rounds 11-20", tc.name, d.Confirmation)
		}
	}
}

// TestCheckThresholdUnits: a per-unit threshold for a unit whose better
// direction is unknown is refused, naming the entry and the fix; one
// result that knows the direction (unit metadata in a ladder's step, a
// shard) is enough, and a unit no result has is not this check's.
func TestCheckThresholdUnits(t *testing.T) {
	unknown := &compare.Result{Comparisons: []compare.Comparison{{Unit: "sec/op", Better: -1}, {Unit: "p99-sec"}}}
	described := &compare.Result{Comparisons: []compare.Comparison{{Unit: "p99-sec", Better: -1}}}
	for _, c := range []struct {
		name       string
		thresholds map[string]float64
		results    []*compare.Result
		want       string
	}{
		{"unknown direction", map[string]float64{"p99-sec": 0.05, "sec/op": 0.1}, []*compare.Result{unknown},
			"{thresholds} p99-sec=5% cannot gate: whether more p99-sec is better is unknown"},
		{"described in another result", map[string]float64{"p99-sec": 0.05}, []*compare.Result{unknown, described}, ""},
		{"known units only", map[string]float64{"sec/op": 0.1}, []*compare.Result{unknown}, ""},
		{"a unit no result has", map[string]float64{"foo/op": 0.1}, []*compare.Result{unknown}, ""},
	} {
		err := checkThresholdUnits(decide.Policy{Thresholds: c.thresholds}, "; the results are in DIR", c.results...)
		var ue *usage.Error
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v; want no refusal", c.name, err)
		case c.want != "" && (!errors.As(err, &ue) || !strings.HasPrefix(ue.Msg, c.want)):
			t.Errorf("%s: %v; want a usage error starting %q", c.name, err, c.want)
		case c.want != "" && !strings.Contains(ue.Hint, `"Unit p99-sec better=lower"`) || c.want != "" && !strings.HasSuffix(ue.Hint, "take it out of {thresholds}; the results are in DIR"):
			t.Errorf("%s: hint %q; want the unit metadata line and the entry's removal", c.name, ue.Hint)
		}
	}
}
