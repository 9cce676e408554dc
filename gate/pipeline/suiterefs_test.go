package pipeline

import (
	"errors"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/usage"
)

// TestSuiteRefsNeedTwoBuilds: named commits without packages run the
// built-in suite, the same at every commit. Where the commits' go.mod
// files chose different toolchains (a bump) the run compares them; where
// both sides would build the suite alike it is refused, since it could
// only pass. Refs an event chose (RefuseSuiteAA false: the Action's pull
// request) and a run of packages are left alone.
func TestSuiteRefsNeedTwoBuilds(t *testing.T) {
	suite := func(base, head plan.Side) *plan.Plan {
		return &plan.Plan{Suite: true, Sides: []plan.Side{base, head}}
	}
	for _, c := range []struct {
		name    string
		given   bool
		p       *plan.Plan
		refused bool
	}{
		{"same toolchain", true, suite(plan.Side{Commit: "a"}, plan.Side{Commit: "b"}), true},
		{"no go.mod, one toolchain", true, suite(plan.Side{Commit: "a", Toolchain: "local"}, plan.Side{Toolchain: "local"}), true},
		{"a bump", true, suite(plan.Side{Commit: "a", Toolchain: "go1.26.8"}, plan.Side{Commit: "b", Toolchain: "go1.27.3"}), false},
		{"a setting", true, suite(plan.Side{Commit: "a"}, plan.Side{Commit: "b", Env: []string{"GOAMD64=v3"}}), false},
		{"a profile", true, suite(plan.Side{Commit: "a"}, plan.Side{Commit: "b", PGO: "default.pgo"}), false},
		{"refs of an event", false, suite(plan.Side{Commit: "a"}, plan.Side{Commit: "b"}), false},
		{"packages", true, &plan.Plan{Sides: []plan.Side{{Commit: "a"}, {Commit: "b"}}}, false},
	} {
		err := checkSuiteRefs(Config{RefuseSuiteAA: c.given}, c.p)
		if (err != nil) != c.refused {
			t.Errorf("%s: %v, want refused %v", c.name, err, c.refused)
			continue
		}
		if err != nil {
			var ue *usage.Error
			if !errors.As(err, &ue) {
				t.Fatalf("%s: %T is not a usage error (exit 2)", c.name, err)
			}
			msg := usage.Text(err, usage.Flags) + "\n" + usage.Flags.Render(ue.Hint)
			for _, want := range []string{"built-in crypto suite, which is the same at every commit", "-base-toolchain and -head-toolchain"} {
				if !strings.Contains(msg, want) {
					t.Errorf("%s: %q lacks %q", c.name, msg, want)
				}
			}
		}
	}
}
