package pipeline

import (
	"testing"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/report"
)

func TestJudgeStep(t *testing.T) {
	watched := []watch{{"p", "Slow-2", "sec/op"}}
	dec := func(st decide.Status, equivalent bool) decide.Decision {
		return decide.Decision{Comparison: compare.Comparison{Benchmark: "Slow-2", Unit: "sec/op", Config: map[string]string{"pkg": "p"}}, Status: st, Equivalent: equivalent, Threshold: 0.25}
	}
	other := decide.Decision{Comparison: compare.Comparison{Benchmark: "Other-2", Unit: "sec/op", Config: map[string]string{"pkg": "p"}}, Status: decide.Regression}
	for _, tt := range []struct {
		d    decide.Decision
		want Outcome
	}{
		{dec(decide.Regression, false), Regressed},
		{dec(decide.Improvement, false), Same},
		{dec(decide.Unchanged, true), Same},
		// Unchanged, but its interval reaches past the threshold: noise
		// is no evidence that the candidate is the same as good.
		{dec(decide.Unchanged, false), Unknown},
		{dec(decide.Inconclusive, false), Unknown},
		{dec(decide.TooFewSamples, false), Unknown},
	} {
		// A regression of a benchmark not watched does not count.
		rep := &report.Report{Decisions: []decide.Decision{other, tt.d}, Counts: map[decide.Status]int{}}
		if got, why, _ := judgeStep(rep, watched); got != tt.want {
			t.Errorf("%s (equivalent %v): %s (%s), want %s", tt.d.Status, tt.d.Equivalent, got, why, tt.want)
		}
	}
	if got, _, _ := judgeStep(&report.Report{Decisions: []decide.Decision{other}}, watched); got != Unknown {
		t.Errorf("a watched benchmark not measured: %s, want unknown", got)
	}
}

func TestPickMid(t *testing.T) {
	for _, tt := range []struct {
		lo, hi  int
		skipped map[int]bool
		want    int
	}{
		{0, 5, nil, 2},
		{2, 5, nil, 3},
		{0, 5, map[int]bool{2: true}, 1},
		{0, 5, map[int]bool{1: true, 2: true}, 3},
		{0, 3, map[int]bool{1: true, 2: true}, -1},
		{0, 1, nil, -1},
	} {
		if got := pickMid(tt.lo, tt.hi, tt.skipped); got != tt.want {
			t.Errorf("pickMid(%d, %d, %v) = %d, want %d", tt.lo, tt.hi, tt.skipped, got, tt.want)
		}
	}
}
