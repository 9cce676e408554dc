package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/usage"
)

// TestAnalyzeAdaptiveRule: a report made from an adaptive run's files
// (the report job of a fork split) marks what the run's rule left
// undecided as inconclusive, as the run did; without a rule it is
// unchanged, as benchgate compare says.
func TestAnalyzeAdaptiveRule(t *testing.T) {
	dir := t.TempDir()
	var base, head strings.Builder
	base.WriteString("pkg: example.com/x\n")
	head.WriteString("pkg: example.com/x\n")
	// Twelve rounds: eight 8% slower, four 4% faster. The median change is
	// +8%, worse than 3%, but 8 of 12 is not significant for the sign test.
	for i := 0; i < 12; i++ {
		ratio := 1.08
		if i%3 == 2 {
			ratio = 0.96
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
	for _, tc := range []struct {
		until decide.AdaptiveRule
		want  decide.Status
	}{
		{decide.UntilConfirmed, decide.Inconclusive},
		{"", decide.Unchanged},
	} {
		policy := decide.DefaultPolicy
		policy.Test = decide.PairedSignTest
		policy.Adaptive, policy.Until = tc.until != "", tc.until
		rep, err := Analyze(context.Background(), []string{bp}, []string{hp}, policy, compare.DefaultOptions, usage.Flags)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range rep.Decisions {
			if d.Unit == "sec/op" {
				got = append(got, string(d.Status))
				if d.Status != tc.want {
					t.Errorf("rule %q: status %s, want %s (delta %v, p %v)", tc.until, d.Status, tc.want, d.Delta, d.TestP)
				}
			}
		}
		if len(got) != 1 {
			t.Errorf("rule %q: %d sec/op decisions, want 1", tc.until, len(got))
		}
	}
}
