package pipeline

import (
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/usage"
)

// TestInconclusiveWarningWording: what settles undecided comparisons
// depends on where the samples came from. A run's rounds are the front
// end's setting (-rounds, input rounds); results read from files
// (benchgate compare, which has no -rounds) get more samples per side
// from the run or the go test -count that wrote them. A benchmark head
// no longer has is settled by no rounds at all.
func TestInconclusiveWarningWording(t *testing.T) {
	input := usage.Style(func(s string) string { return "input " + s })
	undecided := map[decide.Status]int{decide.TooFewSamples: 2}
	for _, c := range []struct {
		name   string
		rounds int
		counts map[decide.Status]int
		st     usage.Style
		want   string
		not    string
	}{
		{"run, command line", 8, undecided, usage.Flags,
			"(2 with too few samples); the gate passes. More -rounds settle the undecided ones; -fail-on inconclusive fails instead", "go test -count"},
		{"run, Action", 8, undecided, input,
			"More input rounds settle the undecided ones; input fail-on inconclusive fails instead", "-rounds"},
		{"compare, command line", 0, undecided, usage.Flags,
			"More samples per side settle the undecided ones (more -rounds in the benchgate run that measured them, or a higher go test -count); -fail-on inconclusive fails instead", "More -rounds"},
		{"compare, Action", 0, undecided, input,
			"More samples per side settle the undecided ones (more input rounds in the benchgate run that measured them, or a higher go test -count)", "-rounds"},
		{"removed only", 0, map[decide.Status]int{decide.Removed: 1}, usage.Flags,
			"(1 removed on head (deleted or renamed, so not measured there)); the gate passes. -fail-on inconclusive fails instead", "settle"},
	} {
		r := &report.Report{Verdict: decide.InconclusiveVerdict, Counts: c.counts, Rounds: c.rounds}
		got := InconclusiveWarning(r, c.st)
		if !strings.Contains(got, c.want) || strings.Contains(got, c.not) {
			t.Errorf("%s: %q\nwant %q, without %q", c.name, got, c.want, c.not)
		}
	}
	if got := InconclusiveWarning(&report.Report{Verdict: decide.Pass}, usage.Flags); got != "" {
		t.Errorf("pass: %q", got)
	}
}
