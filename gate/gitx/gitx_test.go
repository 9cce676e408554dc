package gitx

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func gitEnv(t *testing.T) []string {
	home := t.TempDir()
	return append(os.Environ(), "HOME="+home, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t.invalid", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t.invalid")
}

// newRepo makes a repository with n commits on main.
func newRepo(t *testing.T, n int) *Repo {
	t.Helper()
	dir := t.TempDir()
	env := gitEnv(t)
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = dir, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	run("init", "-q", "-b", "main")
	for i := 0; i < n; i++ {
		os.WriteFile(filepath.Join(dir, "f.txt"), []byte(strings.Repeat("x", i+1)), 0o644)
		run("add", "-A")
		run("commit", "-q", "-m", "c")
	}
	r, err := Open(context.Background(), dir, env)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestResolveRefusesOptionLikeRefs(t *testing.T) {
	r := newRepo(t, 2)
	ctx := context.Background()
	if sha, err := r.Resolve(ctx, "HEAD~1"); err != nil || len(sha) != 40 {
		t.Fatalf("Resolve(HEAD~1) = %q, %v", sha, err)
	}
	outFile := filepath.Join(t.TempDir(), "pwned")
	for _, ref := range []string{"-h", "--output=" + outFile, "--all", "no-such-branch", "", "HEAD\nmain", "HEAD:f.txt"} {
		_, err := r.Resolve(ctx, ref)
		var re *RefError
		if !errors.As(err, &re) {
			t.Errorf("Resolve(%q) = %v, want a *RefError", ref, err)
		}
	}
	if _, err := os.Stat(outFile); err == nil {
		t.Error("a ref was read as an option: --output wrote a file")
	}
}

func TestDefaultBase(t *testing.T) {
	ctx := context.Background()
	r := newRepo(t, 3)
	// On main with a clean tree: HEAD~1.
	ref, sha, why, err := r.DefaultBase(ctx)
	if err != nil || ref != "HEAD~1" || len(sha) != 40 || !strings.Contains(why, "parent") {
		t.Errorf("clean main: DefaultBase = %q %q %q %v", ref, sha, why, err)
	}
	// Untracked files the go command does not build from (benchstat's
	// inputs, a profile): still HEAD~1. Counted, they made the base HEAD
	// and the run an A/A run that passed the last commit's slowdown.
	for _, f := range []string{"old.txt", "new.txt", "cpu.prof", "notes/todo.md"} {
		os.MkdirAll(filepath.Dir(filepath.Join(r.Root, f)), 0o755)
		os.WriteFile(filepath.Join(r.Root, f), []byte("x"), 0o644)
	}
	if ref, _, why, err := r.DefaultBase(ctx); err != nil || ref != "HEAD~1" {
		t.Errorf("untracked notes and results: DefaultBase = %q (%s), %v; want HEAD~1", ref, why, err)
	}
	// A new Go file, untracked, in a subdirectory: HEAD, so it is measured.
	os.MkdirAll(filepath.Join(r.Root, "pkg"), 0o755)
	os.WriteFile(filepath.Join(r.Root, "pkg", "fast.go"), []byte("package pkg\n"), 0o644)
	if ref, _, why, err := r.DefaultBase(ctx); err != nil || ref != "HEAD" || !strings.Contains(why, "pkg/fast.go") {
		t.Errorf("untracked Go file: DefaultBase = %q (%s), %v; want HEAD, naming pkg/fast.go", ref, why, err)
	}
	os.Remove(filepath.Join(r.Root, "pkg", "fast.go"))
	// A tracked file changed: HEAD, so the changes are measured.
	os.WriteFile(filepath.Join(r.Root, "f.txt"), []byte("changed"), 0o644)
	if ref, _, why, err := r.DefaultBase(ctx); err != nil || ref != "HEAD" || !strings.Contains(why, "uncommitted changes: f.txt") {
		t.Errorf("dirty tree: DefaultBase = %q (%s), %v; want HEAD, naming f.txt", ref, why, err)
	}
	// On a branch: the merge-base with main.
	mainSHA, _ := r.Resolve(ctx, "main")
	cmd := exec.Command("sh", "-c", "git checkout -q -b feature && git commit -q -am feature")
	cmd.Dir, cmd.Env = r.Root, r.Env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	ref, sha, why, err = r.DefaultBase(ctx)
	if err != nil || sha != mainSHA || !strings.Contains(why, "merge-base of main") {
		t.Errorf("branch: DefaultBase = %q %q %q %v; want main's %s", ref, sha, why, err, mainSHA)
	}
}

func TestOpenOutsideRepo(t *testing.T) {
	_, err := Open(context.Background(), t.TempDir(), gitEnv(t))
	if !errors.Is(err, ErrNotRepo) {
		t.Errorf("Open outside a repository = %v, want ErrNotRepo", err)
	}
}

func TestEnsureCommitFetchesIntoShallowClone(t *testing.T) {
	ctx := context.Background()
	origin := newRepo(t, 3)
	first, _ := origin.Resolve(ctx, "HEAD~2")
	clone := filepath.Join(t.TempDir(), "clone")
	cmd := exec.Command("git", "clone", "-q", "--depth=1", "file://"+origin.Root, clone)
	cmd.Env = origin.Env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	r, err := Open(ctx, clone, origin.Env)
	if err != nil {
		t.Fatal(err)
	}
	if r.HasCommit(ctx, first) {
		t.Fatal("the shallow clone already has the first commit; the test proves nothing")
	}
	var logged []string
	logf := func(f string, a ...any) { logged = append(logged, f) }
	if err := r.EnsureCommit(ctx, "origin", first, "base commit", logf); err != nil {
		t.Fatal(err)
	}
	if !r.HasCommit(ctx, first) || len(logged) == 0 {
		t.Errorf("after EnsureCommit: has=%v, logged %v", r.HasCommit(ctx, first), logged)
	}
	// A commit that exists nowhere: a clear error that says what to do.
	missing := strings.Repeat("ab", 20)
	err = r.EnsureCommit(ctx, "origin", missing, "base commit", logf)
	var mc *MissingCommitError
	if !errors.As(err, &mc) || !strings.Contains(err.Error(), "fetch-depth: 0") {
		t.Errorf("EnsureCommit(missing) = %v", err)
	}
	if err := r.EnsureCommit(ctx, "origin", "--upload-pack=touch /tmp/x", "base commit", logf); err == nil {
		t.Error("EnsureCommit accepted an option as a hash")
	}
}

func TestIsAncestor(t *testing.T) {
	r := newRepo(t, 3)
	ctx := context.Background()
	head, _ := r.Resolve(ctx, "HEAD")
	first, _ := r.Resolve(ctx, "HEAD~2")
	for _, tt := range []struct {
		a, d string
		want bool
	}{{first, head, true}, {head, head, true}, {head, first, false}} {
		if got, err := r.IsAncestor(ctx, tt.a, tt.d); err != nil || got != tt.want {
			t.Errorf("IsAncestor(%.7s, %.7s) = %v, %v; want %v", tt.a, tt.d, got, err, tt.want)
		}
	}
	if _, err := r.IsAncestor(ctx, "--all", head); err == nil {
		t.Error("IsAncestor took an option-like argument")
	}
	if _, err := r.IsAncestor(ctx, strings.Repeat("a", 40), head); err == nil {
		t.Error("IsAncestor of a commit not in the repository: no error")
	}
}

// TestMergeBaseWithBranch: a clone of one commit (actions/checkout's
// depth 1 for a new branch's push) has no history to meet the default
// branch in; MergeBaseWithBranch fetches and deepens until they meet, and
// says so. A branch git could not name, and histories that never meet,
// are errors.
func TestMergeBaseWithBranch(t *testing.T) {
	ctx := context.Background()
	origin := newRepo(t, 3)
	run := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = dir, origin.Env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	fork, _ := origin.Resolve(ctx, "HEAD~1")
	// feature: two commits on top of main~1; main goes on by one.
	run(origin.Root, "checkout", "-q", "-b", "feature", fork)
	for i := 0; i < 2; i++ {
		os.WriteFile(filepath.Join(origin.Root, "g.txt"), []byte(strings.Repeat("y", i+1)), 0o644)
		run(origin.Root, "add", "-A")
		run(origin.Root, "commit", "-q", "-m", "feature")
	}
	head := run(origin.Root, "rev-parse", "HEAD")
	run(origin.Root, "checkout", "-q", "main")

	clone := filepath.Join(t.TempDir(), "clone")
	os.Mkdir(clone, 0o755)
	run(clone, "init", "-q")
	run(clone, "remote", "add", "origin", "file://"+origin.Root)
	run(clone, "fetch", "-q", "--depth=1", "origin", "+"+head+":refs/remotes/origin/feature")
	r, err := Open(ctx, clone, origin.Env)
	if err != nil {
		t.Fatal(err)
	}
	var logged []string
	logf := func(f string, a ...any) { logged = append(logged, fmt.Sprintf(f, a...)) }
	mb, err := r.MergeBaseWithBranch(ctx, "origin", "main", head, logf)
	if err != nil || mb != fork {
		t.Fatalf("MergeBaseWithBranch = %q, %v; want %s", mb, err, fork)
	}
	if len(logged) != 1 || !strings.Contains(logged[0], "fetching main and "+head[:12]+" from origin, depth=50") {
		t.Errorf("logged %q", logged)
	}
	// Found again without fetching.
	logged = nil
	if mb, err := r.MergeBaseWithBranch(ctx, "origin", "main", head, logf); err != nil || mb != fork || len(logged) != 0 {
		t.Errorf("again: %q, %v, logged %q", mb, err, logged)
	}
	if _, err := r.MergeBaseWithBranch(ctx, "origin", "a..b", head, logf); err == nil || !strings.Contains(err.Error(), "not a branch name git accepts") {
		t.Errorf("a..b: %v", err)
	}
	// A branch whose history never meets head's.
	run(origin.Root, "checkout", "-q", "--orphan", "other")
	run(origin.Root, "commit", "-q", "-m", "unrelated")
	run(origin.Root, "checkout", "-q", "main")
	if _, err := r.MergeBaseWithBranch(ctx, "origin", "other", head, logf); err == nil || !strings.Contains(err.Error(), "have no commit in common") {
		t.Errorf("unrelated: %v", err)
	}
	if _, err := r.MergeBaseWithBranch(ctx, "origin", "gone", head, logf); err == nil || !strings.Contains(err.Error(), "fetching gone from origin") {
		t.Errorf("missing branch: %v", err)
	}
}

// TestResolveRefusesAmbiguousRefs: a name that is a tag and a branch is
// refused, naming both and the one git would have taken silently (the
// tag); each named in full resolves, to its own commit.
func TestResolveRefusesAmbiguousRefs(t *testing.T) {
	r := newRepo(t, 2)
	ctx := context.Background()
	run := func(args ...string) {
		t.Helper()
		if _, err := r.git(ctx, args...); err != nil {
			t.Fatal(err)
		}
	}
	run("tag", "v1", "HEAD~1")
	run("branch", "v1", "HEAD")
	_, err := r.Resolve(ctx, "v1")
	var re *RefError
	if !errors.As(err, &re) || re.Msg != "is ambiguous: refs/tags/v1 and refs/heads/v1 are both named v1, and git would take refs/tags/v1 without a word; name the one you mean in full" {
		t.Errorf("Resolve(v1) = %v", err)
	}
	if _, err := r.Resolve(ctx, "v1~1"); err == nil {
		t.Error("Resolve(v1~1): the name in it is ambiguous too")
	}
	tag, err1 := r.Resolve(ctx, "refs/tags/v1")
	branch, err2 := r.Resolve(ctx, "refs/heads/v1")
	first, _ := r.Resolve(ctx, "HEAD~1")
	head, _ := r.Resolve(ctx, "HEAD")
	if err1 != nil || err2 != nil || tag != first || branch != head {
		t.Errorf("in full: tag %s %v (want %s), branch %s %v (want %s)", tag, err1, first, branch, err2, head)
	}
}
