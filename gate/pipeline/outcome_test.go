package pipeline

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/compare"
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
	input := usage.Style(func(s string) string {
		if s == "run" {
			return "the step with command: run" // as the Action's style
		}
		return "input " + s
	})
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
			"More samples per side settle the undecided ones (more -rounds where benchgate run measured them, or a higher go test -count); -fail-on inconclusive fails instead", "More -rounds"},
		{"compare, Action", 0, undecided, input,
			"More samples per side settle the undecided ones (more input rounds where the step with command: run measured them, or a higher go test -count)", "-rounds"},
		{"removed only", 0, map[decide.Status]int{decide.Removed: 1}, usage.Flags,
			"(1 removed on head (deleted or renamed, so not measured there)); the gate passes. -fail-on inconclusive fails instead", "settle"},
	} {
		r := &report.Report{Verdict: decide.InconclusiveVerdict, Counts: c.counts, Rounds: c.rounds}
		got := InconclusiveWarning(r, c.st)
		if !strings.Contains(got, c.want) || strings.Contains(got, c.not) {
			t.Errorf("%s: %q\nwant %q, without %q", c.name, got, c.want, c.not)
		}
	}
	// Adaptive rounds stopped short of -max-rounds: the time budget,
	// which more -rounds would not move.
	short := &report.Report{Verdict: decide.InconclusiveVerdict, Counts: map[decide.Status]int{decide.Inconclusive: 1}, Rounds: 40,
		Policy: decide.Policy{StageRounds: 32, MaxRounds: 64}}
	if got := InconclusiveWarning(short, input); !strings.Contains(got, "More input rounds, or a larger input time-budget if it stopped the adaptive rounds (after round 40 of 64), settle the undecided ones") {
		t.Errorf("stopped by the budget: %q", got)
	}
	// Under fail-on inconclusive, the same words say the gate fails.
	short.Policy.FailOn = decide.FailOnInconclusive
	if got := InconclusiveWarning(short, usage.Flags); !strings.Contains(got, "(1 likely regression not confirmed); the gate fails (-fail-on inconclusive).") || strings.Contains(got, "passes") {
		t.Errorf("fail-on inconclusive: %q", got)
	}
	if got := InconclusiveWarning(&report.Report{Verdict: decide.Pass}, usage.Flags); got != "" {
		t.Errorf("pass: %q", got)
	}
}

// Plain go test output whose run failed is exit 3, as a run whose
// benchmarks failed, with the failure lines sanitized: they are anyone's
// text, and the Action's log reads workflow commands.
func TestFailedOutputIsExit3(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "old.txt")
	head := filepath.Join(dir, "new.txt")
	os.WriteFile(base, []byte("pkg: p\nBenchmarkA-2 1000 100 ns/op\nBenchmarkA-2 1000 101 ns/op\nPASS\n"), 0o644)
	os.WriteFile(head, []byte("pkg: p\nBenchmarkA-2 1000 100 ns/op\n--- FAIL: BenchmarkB\n::error::forged\nFAIL\n"), 0o644)
	_, err := Analyze(context.Background(), []string{base}, []string{head}, decide.DefaultPolicy, compare.DefaultOptions, usage.Flags)
	var fe *FailedOutputError
	if !errors.As(err, &fe) || ExitCode(err) != ExitFailed {
		t.Fatalf("err %v (%T): want a *FailedOutputError, exit %d", err, err, ExitFailed)
	}
	if want := []string{head + ":3: --- FAIL: BenchmarkB", head + ":5: FAIL"}; !slices.Equal(fe.Lines, want) {
		t.Errorf("lines %q, want %q", fe.Lines, want)
	}
	var out bytes.Buffer
	PrintError(&out, err, usage.Flags)
	if strings.Contains(out.String(), "\n::error") || !strings.Contains(out.String(), "hint: fix what failed") {
		t.Errorf("printed:\n%s", out.String())
	}
}
