package decide

import (
	"reflect"
	"testing"

	"github.com/benchgate/benchgate/gate/compare"
)

func TestJointOnePartIsDecide(t *testing.T) {
	r := load(t, results("Fib", 10, 100, 0.01, "")+results("Sum", 10, 50, 0.02, ""), results("Fib", 10, 200, 0.01, "")+results("Sum", 10, 50, 0.02, ""))
	p := DefaultPolicy
	if got, want := Joint([]*compare.Result{r}, p)[0], Decide(r, p); !reflect.DeepEqual(got, want) {
		t.Errorf("Joint of one part differs from Decide:\n got  %+v\n want %+v", got, want)
	}
}

// TestJointFamily checks that parts decided jointly share one
// correction: the family is every part's comparisons together, so a
// p-value that alone would pass the correction over its own part may not
// over all of them, and each part keeps its own counts and verdict.
func TestJointFamily(t *testing.T) {
	slow := load(t, results("Fib", 10, 100, 0.01, ""), results("Fib", 10, 110, 0.01, ""))
	same := load(t, results("Sum", 10, 50, 0.02, "")+results("Max", 10, 70, 0.02, ""), results("Sum", 10, 50, 0.02, "")+results("Max", 10, 70, 0.02, ""))
	p := DefaultPolicy
	p.Correction = CorrectionHolm
	alone := Decide(slow, p)
	parts := Joint([]*compare.Result{slow, same}, p)
	if got := parts[0].Family; got != alone.Family+Decide(same, p).Family {
		t.Errorf("joint family = %d, want %d + %d", got, alone.Family, Decide(same, p).Family)
	}
	if parts[0].Family != parts[1].Family {
		t.Errorf("the parts report families of %d and %d", parts[0].Family, parts[1].Family)
	}
	a, j := statusOf(t, alone, "Fib-2", "sec/op"), statusOf(t, parts[0], "Fib-2", "sec/op")
	if !(j.PAdjusted >= a.PAdjusted) || j.Family != parts[0].Family {
		t.Errorf("jointly, Fib's adjusted p is %v over %d, alone %v over %d: the joint correction must not be weaker", j.PAdjusted, j.Family, a.PAdjusted, a.Family)
	}
	if parts[0].Verdict != RegressionVerdict || parts[1].Verdict != Pass {
		t.Errorf("verdicts = %s, %s; want regression, pass", parts[0].Verdict, parts[1].Verdict)
	}
	if len(parts[0].Decisions) != len(slow.Comparisons) || len(parts[1].Decisions) != len(same.Comparisons) {
		t.Errorf("the parts have %d and %d decisions, want %d and %d", len(parts[0].Decisions), len(parts[1].Decisions), len(slow.Comparisons), len(same.Comparisons))
	}
	if Worst(parts...) != RegressionVerdict || Worst(parts[1]) != Pass {
		t.Errorf("Worst = %s, %s", Worst(parts...), Worst(parts[1]))
	}
}
