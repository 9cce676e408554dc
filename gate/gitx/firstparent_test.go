package gitx

import (
	"context"
	"os/exec"
	"testing"
)

// TestFirstParents: the commits after good on bad's first-parent line,
// oldest first, a merged branch's own commits left out.
func TestFirstParents(t *testing.T) {
	r := newRepo(t, 3)
	ctx := context.Background()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = r.Root, r.Env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	good, _ := r.Resolve(ctx, "HEAD~2")
	git("checkout", "-q", "-b", "side", "HEAD~1")
	git("commit", "-q", "--allow-empty", "-m", "on the side branch")
	git("checkout", "-q", "main")
	git("merge", "-q", "--no-ff", "-m", "merge side", "side")
	bad, _ := r.Resolve(ctx, "HEAD")
	list, err := r.FirstParents(ctx, good, bad)
	if err != nil {
		t.Fatal(err)
	}
	var subjects []string
	for _, c := range list {
		if !IsFullHash(c.SHA) {
			t.Errorf("%q is not a full hash", c.SHA)
		}
		subjects = append(subjects, c.Subject)
	}
	if len(list) != 3 || list[2].SHA != bad || subjects[2] != "merge side" || subjects[0] != "c" {
		t.Errorf("FirstParents = %v, want the two commits after good and the merge, not the side branch's commit", subjects)
	}
	if s, err := r.Subject(ctx, bad); err != nil || s != "merge side" {
		t.Errorf("Subject = %q, %v", s, err)
	}
	if _, err := r.FirstParents(ctx, "HEAD~1", bad); err == nil {
		t.Error("FirstParents takes full hashes only")
	}
}
