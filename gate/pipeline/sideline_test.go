package pipeline

import (
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/plan"
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
