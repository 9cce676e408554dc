package pipeline

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/usage"
)

// TestCheckFamilyCountsWithoutAdaptiveRounds: after round 2, a run
// without adaptive rounds counts, besides the tested comparisons, the
// counts decided exactly only because they were one value per side so
// far (B/op, allocs/op): one that varies in a later round joins the
// family, and no later round would decide what the fixed rounds then
// cannot. 2 times and 4 counts: 6 rounds can decide 2 comparisons at
// alpha 0.01 but not 6, so -rounds 6 -adaptive=false is refused, where
// it ran and, once a count varied, ended inconclusive with every row
// "too few samples". An adaptive run counts the tested ones only: its
// later rounds decide what its fixed rounds cannot.
func TestCheckFamilyCountsWithoutAdaptiveRounds(t *testing.T) {
	dir := t.TempDir()
	for _, side := range []string{"base", "head"} {
		var b strings.Builder
		b.WriteString("goos: linux\npkg: example.com/a\n")
		for r := 0; r < 2; r++ {
			fmt.Fprintf(&b, "BenchmarkFast-2 100 %d ns/op\t0 B/op\t0 allocs/op\n", 1000+r)
			fmt.Fprintf(&b, "BenchmarkSlow-2 100 %d ns/op\t64 B/op\t1 allocs/op\n", 5000+r)
		}
		if err := os.WriteFile(filepath.Join(dir, side+".txt"), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// maxRounds as the plan has it: 0 without adaptive rounds.
	checkMax := func(rounds, maxRounds int) error {
		p := &plan.Plan{Sides: []plan.Side{{Name: "base"}, {Name: "head"}}, Rounds: rounds, MaxRounds: maxRounds, ResultsDir: dir}
		policy := decide.DefaultPolicy
		policy.Alpha, policy.Test = 0.01, decide.BothTests
		if maxRounds > rounds {
			policy.StageRounds, policy.MaxRounds = rounds, maxRounds
		}
		return checkFamily(p, planSteps(2, ""), policy, compare.DefaultOptions)
	}
	check := func(rounds int, adaptive bool) error {
		if adaptive {
			return checkMax(rounds, 2*rounds)
		}
		return checkMax(rounds, 0)
	}

	err := check(6, false)
	if err == nil {
		t.Fatal("-rounds 6 without adaptive rounds, 2 times and 4 counts: accepted, want refused")
	}
	var ue *usage.Error
	if !errors.As(err, &ue) {
		t.Fatalf("got %T %v, want a *usage.Error", err, err)
	}
	msg := usage.Text(err, usage.Flags) + "\nhint: " + usage.Flags.Render(ue.Hint)
	for _, w := range []string{"-rounds 6 is too few for 6 comparisons (2 tested, and 4 counts one value per side so far",
		"over 6), and with 6 samples per side", "hint: use -rounds 7 or more", "or leave -adaptive on"} {
		if !strings.Contains(msg, w) {
			t.Errorf("refusal lacks %q:\n%s", w, msg)
		}
	}
	if ExitCode(err) != ExitUsage {
		t.Errorf("exit code %d, want %d", ExitCode(err), ExitUsage)
	}
	if err := check(7, false); err != nil {
		t.Errorf("-rounds 7 without adaptive rounds: %v", err)
	}
	// Adaptive, at alpha/2: 7 rounds decide the 2 tested comparisons, not 6.
	if err := check(7, true); err != nil {
		t.Errorf("-rounds 7 with adaptive rounds: %v", err)
	}
	if err := check(6, true); err == nil || strings.Contains(err.Error(), "counts") {
		t.Errorf("-rounds 6 with adaptive rounds: %v, want refused for the 2 tested comparisons alone", err)
	}
	// Adaptive, but -max-rounds equal to -rounds leaves no later round:
	// refused as without adaptive rounds, with a hint that says so.
	err = checkMax(6, 6)
	if !errors.As(err, &ue) || !strings.Contains(usage.Flags.Render(ue.Hint), "or give -max-rounds above -rounds") {
		t.Errorf("-rounds 6 -max-rounds 6: %v, want refused with a hint to raise -max-rounds", err)
	}
}
