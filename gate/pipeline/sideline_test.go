package pipeline

import (
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/runner"
)

// TestSideLine: the progress line names each side once, with why it was
// chosen, not its ref twice.
func TestSideLine(t *testing.T) {
	sha := strings.Repeat("1a2b3c", 7)[:40]
	for _, c := range []struct {
		side plan.Side
		want string
	}{
		{plan.Side{Name: "base", Ref: "HEAD~1", Commit: sha, Why: "HEAD~1, the parent of HEAD"}, "base = 1a2b3c1a2b3c (HEAD~1, the parent of HEAD)"},
		{plan.Side{Name: "base", Ref: "HEAD", Commit: sha, Why: "HEAD, since the working tree has uncommitted changes: w.go"}, "base = 1a2b3c1a2b3c (HEAD, since the working tree has uncommitted changes: w.go)"},
		{plan.Side{Name: "base", Ref: "origin/main", Commit: sha, Why: "merge-base of origin/main and HEAD"}, "base = 1a2b3c1a2b3c (origin/main) (merge-base of origin/main and HEAD)"},
		{plan.Side{Name: "head", Why: "the working tree, uncommitted changes included"}, "head = working tree, uncommitted changes included"},
		{plan.Side{Name: "head", Ref: "main", Commit: sha}, "head = 1a2b3c1a2b3c (main)"},
	} {
		if got := sideLine(c.side); got != c.want {
			t.Errorf("sideLine = %q, want %q", got, c.want)
		}
	}
}

// TestSameCommitNote: two sides of one commit built alike measured the
// code against itself, and the report says so; another commit, another
// toolchain or the working tree is a comparison.
func TestSameCommitNote(t *testing.T) {
	sha := strings.Repeat("ab", 20)
	run := func(base, head plan.Side) string {
		base.Name, head.Name = "base", "head"
		p := &plan.Plan{Sides: []plan.Side{base, head}}
		out := &runner.Outcome{Sides: []*runner.SideResult{{Side: base, GoVersion: "go1.26.8"}, {Side: head, GoVersion: "go1.26.8"}}}
		return sameCommitNote(p, out)
	}
	if got := run(plan.Side{Ref: "rel", Commit: sha}, plan.Side{Ref: "HEAD", Commit: sha}); !strings.Contains(got, "base (rel) and head (HEAD) are the same commit, ababababab") {
		t.Errorf("one commit: %q", got)
	}
	for name, head := range map[string]plan.Side{
		"another commit":    {Commit: strings.Repeat("cd", 20)},
		"another toolchain": {Commit: sha, Toolchain: "go1.27.3"},
		"the working tree":  {},
	} {
		if got := run(plan.Side{Commit: sha}, head); got != "" {
			t.Errorf("%s: %q, want no note", name, got)
		}
	}
}
