package pipeline

// Rounds too few to decide. Every test has a smallest p it can give with
// n samples per side (the U-test's 2/C(2n, n), the sign test's 2/2^n);
// a run whose rounds can never reach the level the correction asks of
// the first change found would end with every row "too few samples", so
// it is refused instead, with the number of rounds that would do:
// checkRounds before anything is built (one comparison), checkFamily
// after the second round, when the benchmarks and units, so the family,
// are known. afterRound runs the checks after each fixed round, with
// checkWindows (window.go) after the first and checkFirstCalls after
// every one from the third.

import (
	"context"
	"errors"
	"fmt"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/usage"
)

// stageAlpha is the level the fixed rounds are judged at: alpha, or half
// of it in a two-stage (adaptive) run.
func stageAlpha(p decide.Policy) float64 {
	if p.StageRounds > 0 {
		return p.Alpha / 2
	}
	return p.Alpha
}

// checkRounds refuses, before anything is built, a number of rounds with
// which the test can never reach alpha, even for a single comparison.
// checkFamily does it again once the number of comparisons is known.
func checkRounds(cfg Config, policy decide.Policy) error {
	level := stageAlpha(policy)
	need := decide.RoundsToReach(policy.Test, level)
	if cfg.Rounds >= need {
		return nil
	}
	test := testName(policy.Test)
	if policy.Test == decide.PairedSignTest {
		// The U-test decides the rows whose rounds cannot be paired.
		if u := decide.RoundsToReach(decide.UTest, level); cfg.Rounds < u {
			need = max(need, u)
		}
		return usage.Errorf(fmt.Sprintf("use {rounds} %d or more, or {decide} both (%d is the default)%s", need, DefaultRounds, oneComparison),
			"{rounds} %d is too few: with %d paired rounds the sign test can never reach p <= %v (its smallest p is %.3g)",
			cfg.Rounds, cfg.Rounds, level, decide.MinSignP(cfg.Rounds))
	}
	return usage.Errorf(fmt.Sprintf("use {rounds} %d or more (%d is the default)%s", need, DefaultRounds, oneComparison),
		"{rounds} %d is too few: with %d samples per side %s can never reach p <= %v%s",
		cfg.Rounds, cfg.Rounds, test, level, halfNote(policy))
}

// oneComparison ends checkRounds' hint: its count is what one
// comparison needs, and a user who follows it with many benchmarks would
// otherwise be refused again, with a larger count, after two rounds.
const oneComparison = "; that is what one comparison needs: with several, the correction asks more, and the run says how many after its second round, once it knows them"

// halfNote explains a level of alpha/2.
func halfNote(p decide.Policy) string {
	if p.StageRounds > 0 {
		return fmt.Sprintf(" (half of {alpha} %v: the other half confirms candidates in the adaptive rounds)", p.Alpha)
	}
	return ""
}

func testName(t decide.Test) string {
	switch t {
	case decide.PairedSignTest:
		return "the sign test"
	case decide.BothTests:
		return "the U-test or the sign test"
	}
	return "the U-test"
}

// afterRound checks each benchmark's timed window after the first round
// (checkWindows), and the family after the second: by then every
// benchmark and unit is in the results files, and counts that are one
// value per side (decided exactly, outside the family) show as such.
func afterRound(p *plan.Plan, steps []step, policy decide.Policy, opts compare.Options) func(int) error {
	return func(done int) error {
		if done == 1 {
			if err := checkWindows(p); err != nil {
				return err
			}
		}
		// A first call can come to take longer than -benchtime in a
		// later round: every round is checked, from the first that
		// checkFirstCalls judges (before it, no benchmark has the rounds
		// it asks for, and reading the results would be for nothing).
		if done >= min(firstCallRounds, p.Rounds) {
			if err := checkFirstCalls(p); err != nil {
				return err
			}
		}
		if done != min(2, p.Rounds) {
			return nil
		}
		return checkFamily(p, steps, policy, opts)
	}
}

// checkFamily refuses, early in the run, a number of rounds with
// which the test cannot reach the level the correction asks of the first
// comparison found, now that the number of comparisons that can fail the
// gate is known. It does not depend on what was measured, only on how
// many benchmarks and units there are. It refuses too what more rounds
// cannot mend: a {filter} that keeps none of the results, or sides with
// no benchmark in common, which the end would refuse after every round.
func checkFamily(p *plan.Plan, steps []step, policy decide.Policy, opts compare.Options) error {
	results, err := loadSteps(context.Background(), sideFiles(p), steps, opts)
	if ie := (*compare.InputError)(nil); errors.As(err, &ie) && ie.Side == "ignore" {
		// What {ignore} pools is known from the first rounds.
		return runInputError(p, ie, fmt.Sprintf("after round %d of %d, ", min(2, p.Rounds), p.Rounds))
	}
	if err != nil {
		return nil // the analysis at the end reports unreadable results
	}
	for _, res := range results {
		var ie *compare.InputError
		if errors.As(checkInputs(res), &ie) && (ie.Side == "filter" || ie.Side == "inputs") {
			return runInputError(p, ie, fmt.Sprintf("after round %d of %d, ", min(2, p.Rounds), p.Rounds))
		}
	}
	if err := checkThresholdUnits(policy, "; the results so far are in "+p.ResultsDir, results...); err != nil {
		return err
	}
	decs := decideSteps(results, steps, policy)
	m := gatingFamily(decs, steps)
	// Without adaptive rounds nothing follows the fixed rounds to decide
	// what they cannot: a count that is one value per side so far and
	// varies in a later round joins the family, and the family must be
	// one these rounds can decide whatever the later rounds measure.
	counts := 0
	if policy.StageRounds == 0 {
		counts = mayNeedTest(decs, steps)
	}
	need, level := familyNeed(policy, m+counts)
	if p.Rounds >= need {
		return nil
	}
	what, other := fmt.Sprintf("%d comparisons", m), ""
	if counts > 0 {
		other = ", or leave {adaptive} on (confirm, the default) so that later rounds can decide what the fixed rounds cannot"
		switch {
		case p.Protocol == plan.Sequential:
			other = ", or use {protocol} interleaved (the default), whose adaptive rounds can decide what the fixed rounds cannot"
		case p.MaxRounds > 0:
			// Adaptive, but {max-rounds} leaves no round after {rounds}.
			other = fmt.Sprintf(", or give {max-rounds} above {rounds} (or leave it out, for twice {rounds}, at least %d) so that later rounds can decide what the fixed rounds cannot", DefaultRounds)
		}
		what = fmt.Sprintf("%d comparisons (%d tested, and %d counts one value per side so far, which a round in which they vary makes tested too, with no adaptive rounds to follow)", m+counts, m, counts)
	}
	hint := fmt.Sprintf("use {rounds} %d or more (%d is the default)%s; the results so far are in %s", need, DefaultRounds, other, p.ResultsDir)
	return usage.Errorf(hint, "{rounds} %d is too few for %s: %s", p.Rounds, what, unreachable(policy, level, m+counts, p.Rounds))
}

// unreachable says why rounds are too few for a family of m comparisons
// whose first change found must reach level: the words of checkFamily's
// and checkMergedFamily's refusals.
func unreachable(policy decide.Policy, level float64, m, rounds int) string {
	return fmt.Sprintf("a change found alone among them must reach p <= %.2g (%v%s over %d), and with %d samples per side %s never can",
		level, stageAlpha(policy), halfNote(policy), m, rounds, testName(policy.Test))
}

// familyNeed is the number of fixed rounds with which policy's test can
// reach the level the correction asks of the first change found in a
// family of m comparisons, and that level; 0 rounds where no correction
// divides alpha.
func familyNeed(policy decide.Policy, m int) (need int, level float64) {
	if m <= 1 || policy.Correction == decide.CorrectionNone {
		return 0, 0
	}
	level = stageAlpha(policy) / float64(m)
	return decide.RoundsToReach(policy.Test, level), level
}

// mayNeedTest counts the comparisons of the steps that can fail the gate
// that are decided exactly only because their counts were one value per
// side so far (decide.Decision.MayNeedTest).
func mayNeedTest(decs []*decide.Result, steps []step) int {
	n := 0
	for i, st := range steps {
		if !st.gates || decs[i] == nil {
			continue
		}
		for j := range decs[i].Decisions {
			if decs[i].Decisions[j].MayNeedTest() {
				n++
			}
		}
	}
	return n
}
