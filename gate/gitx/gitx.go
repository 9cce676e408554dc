// Package gitx is the part of benchgate's run stage that talks to git: it
// resolves the refs that name the sides, finds a sensible default base, and
// writes a commit's tree out as plain files ([Repo.Export]) for a side's
// sources. Nothing it does touches the user's index or working tree, and
// the sources it writes carry no .git: a worktree's .git file would lead
// the code under test back to the repository's config, where
// actions/checkout keeps its token.
//
// Refs come from users and, in CI, from pull requests. They are never placed
// where git could read them as options: refs that start with "-" are
// refused, and every ref is passed after --end-of-options and verified with
// rev-parse before use.
package gitx

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/benchgate/benchgate/internal/brief"
)

// Repo is a git repository on disk.
type Repo struct {
	// Root is the top level of the working tree.
	Root string
	// Env is the environment git runs with.
	Env []string
}

// Error is a failed git command, with git's own message.
type Error struct {
	Args   []string
	Stderr string
	Err    error
}

func (e *Error) Error() string {
	msg := strings.TrimSpace(e.Stderr)
	if msg == "" {
		msg = e.Err.Error()
	}
	return fmt.Sprintf("git %s: %s", strings.Join(e.Args, " "), msg)
}

func (e *Error) Unwrap() error { return e.Err }

// ErrNotRepo is returned by Open outside a git repository.
var ErrNotRepo = errors.New("not a git repository")

func git(ctx context.Context, dir string, env []string, args ...string) (string, error) {
	out, _, err := gitWarned(ctx, dir, env, args...)
	return out, err
}

// gitWarned is git that also returns what a successful command printed
// on standard error: its warnings.
func gitWarned(ctx context.Context, dir string, env []string, args ...string) (out, warnings string, err error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", "", &Error{Args: args, Stderr: stderr.String(), Err: err}
	}
	return strings.TrimSpace(stdout.String()), stderr.String(), nil
}

// Open finds the repository that contains dir.
func Open(ctx context.Context, dir string, env []string) (*Repo, error) {
	root, err := git(ctx, dir, env, "rev-parse", "--show-toplevel")
	if err != nil {
		var ge *Error
		if errors.As(err, &ge) && strings.Contains(ge.Stderr, "not a git repository") {
			return nil, fmt.Errorf("%s: %w", dir, ErrNotRepo)
		}
		return nil, err
	}
	return &Repo{Root: filepath.Clean(root), Env: env}, nil
}

func (r *Repo) git(ctx context.Context, args ...string) (string, error) {
	return git(ctx, r.Root, r.Env, args...)
}

// RefError says a ref could not be used.
type RefError struct {
	Ref string
	Msg string
}

func (e *RefError) Error() string { return fmt.Sprintf("ref %q %s", e.Ref, e.Msg) }

// Resolve turns a ref into a full commit hash. It refuses refs that git
// could mistake for options.
func (r *Repo) Resolve(ctx context.Context, ref string) (string, error) {
	if ref == "" {
		return "", &RefError{Ref: ref, Msg: "is empty"}
	}
	if strings.HasPrefix(ref, "-") {
		return "", &RefError{Ref: ref, Msg: "starts with '-'; refs cannot be options"}
	}
	if strings.ContainsAny(ref, "\x00\n\r") {
		return "", &RefError{Ref: ref, Msg: "contains control characters"}
	}
	// Without --quiet, which silences the warning of an ambiguous name.
	sha, warnings, err := gitWarned(ctx, r.Root, r.Env, "rev-parse", "--verify", "--end-of-options", ref+"^{commit}")
	if err != nil || sha == "" {
		msg := "does not name a commit in this repository"
		if shallow, _ := r.IsShallow(ctx); shallow {
			msg += " (the clone is shallow: fetch more history, e.g. fetch-depth: 0 on actions/checkout)"
		}
		return "", &RefError{Ref: ref, Msg: msg}
	}
	if m := ambiguousRE.FindStringSubmatch(warnings); m != nil {
		// git took one of several refs of that name (a tag before a
		// branch) and only warned: the side would be a commit the user
		// may not have meant.
		return "", &RefError{Ref: ref, Msg: r.ambiguity(ctx, m[1])}
	}
	return sha, nil
}

// ambiguousRE matches git's warning that a name matches several refs.
var ambiguousRE = regexp.MustCompile(`(?m)^warning: refname '([^']*)' is ambiguous`)

// ambiguity says which refs the name matches, in the order git tries
// them (git-rev-parse(1), SPECIFYING REVISIONS), so the first is the one
// git would take.
func (r *Repo) ambiguity(ctx context.Context, name string) string {
	var found []string
	for _, full := range []string{name, "refs/" + name, "refs/tags/" + name, "refs/heads/" + name, "refs/remotes/" + name, "refs/remotes/" + name + "/HEAD"} {
		if !strings.HasPrefix(full, "refs/") {
			continue // $GIT_DIR/<name> (HEAD, FETCH_HEAD): not a ref to list
		}
		if _, err := r.git(ctx, "show-ref", "--verify", "--quiet", "--end-of-options", full); err == nil {
			found = append(found, full)
		}
	}
	if len(found) < 2 {
		return fmt.Sprintf("is ambiguous: the name %s matches more than one ref (git rev-parse warns so); name the one you mean in full, such as refs/heads/%s", name, name)
	}
	all := "all"
	if len(found) == 2 {
		all = "both"
	}
	return fmt.Sprintf("is ambiguous: %s are %s named %s, and git would take %s without a word; name the one you mean in full", strings.Join(found, " and "), all, name, found[0])
}

// IsShallow reports whether the clone is shallow.
func (r *Repo) IsShallow(ctx context.Context) (bool, error) {
	out, err := r.git(ctx, "rev-parse", "--is-shallow-repository")
	return out == "true", err
}

// buildInputs are pathspecs of the untracked files that can change what
// the go command builds: Go, assembly and cgo sources, .syso objects, and
// module and workspace files. A pathspec's wildcard matches across
// directories.
var buildInputs = []string{"*.go", "*.s", "*.S", "*.sx", "*.c", "*.h", "*.cc", "*.cpp", "*.cxx", "*.hh", "*.hpp", "*.hxx",
	"*.m", "*.f", "*.F", "*.for", "*.f90", "*.swig", "*.swigcxx", "*.syso", "*go.mod", "*go.sum", "*go.work", "*go.work.sum"}

// Changes lists the working tree's uncommitted changes that make it a
// side of its own: every tracked file that differs from HEAD (staged or
// not), and the untracked files the go command builds from (buildInputs).
// Other untracked files (benchstat's old.txt and new.txt, profiles,
// notes) do not: counted, one of them turned the default base into HEAD,
// an A/A run that passed the commit under test.
func (r *Repo) Changes(ctx context.Context) ([]string, error) {
	tracked, err := r.git(ctx, "diff", "--name-only", "-z", "--no-renames", "HEAD", "--")
	if err != nil {
		return nil, err
	}
	untracked, err := r.git(ctx, append([]string{"ls-files", "-z", "--others", "--exclude-standard", "--"}, buildInputs...)...)
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, p := range strings.Split(tracked+"\x00"+untracked, "\x00") {
		if p != "" {
			paths = append(paths, p)
		}
	}
	return paths, nil
}

// Tracks reports whether the index holds any file at or below rel, a
// path relative to dir (a directory of the working tree): whether the
// checkout put it there.
func (r *Repo) Tracks(ctx context.Context, dir, rel string) (bool, error) {
	out, err := git(ctx, dir, r.Env, "ls-files", "-z", "--", rel)
	return out != "", err
}

// DefaultBase picks the base commit when the user names none: the
// merge-base of the default branch and HEAD when there is one that is not
// HEAD itself; otherwise HEAD when the working tree has changes (so the
// changes are what gets measured); otherwise HEAD~1. It returns the ref it
// chose, its hash and a sentence saying why.
func (r *Repo) DefaultBase(ctx context.Context) (ref, sha, why string, err error) {
	head, err := r.Resolve(ctx, "HEAD")
	if err != nil {
		return "", "", "", fmt.Errorf("this repository has no commits yet: %w", err)
	}
	for _, branch := range r.defaultBranches(ctx) {
		mb, err := r.git(ctx, "merge-base", "--end-of-options", branch, "HEAD")
		if err != nil || mb == "" || mb == head {
			continue
		}
		return mb, mb, fmt.Sprintf("merge-base of %s and HEAD", branch), nil
	}
	if changes, _ := r.Changes(ctx); len(changes) > 0 {
		return "HEAD", head, "HEAD, since the working tree has uncommitted changes: " + brief.List(changes, 3), nil
	}
	parent, err := r.Resolve(ctx, "HEAD~1")
	if err != nil {
		return "", "", "", fmt.Errorf("cannot choose a base: HEAD has no parent and the working tree is clean; give {base-ref}, or {base-toolchain}/{head-toolchain} to compare toolchains")
	}
	return "HEAD~1", parent, "HEAD~1, the parent of HEAD", nil
}

// defaultBranches lists candidate default branches, best first.
func (r *Repo) defaultBranches(ctx context.Context) []string {
	var out []string
	if sym, err := r.git(ctx, "symbolic-ref", "--quiet", "refs/remotes/origin/HEAD"); err == nil && sym != "" {
		out = append(out, strings.TrimPrefix(sym, "refs/remotes/"))
	}
	for _, b := range []string{"origin/main", "origin/master", "main", "master"} {
		if _, err := r.git(ctx, "rev-parse", "--verify", "--quiet", "--end-of-options", b+"^{commit}"); err == nil {
			out = append(out, b)
		}
	}
	return out
}

// ReadFile returns a file's content at a commit, or an error if the commit
// has no such file.
func (r *Repo) ReadFile(ctx context.Context, commit, path string) ([]byte, error) {
	out, err := r.git(ctx, "cat-file", "blob", "--end-of-options", commit+":"+path)
	return []byte(out), err
}

// HasCommit reports whether the object named by a full hash is a commit
// present in this clone.
func (r *Repo) HasCommit(ctx context.Context, sha string) bool {
	if !IsFullHash(sha) {
		return false
	}
	_, err := r.git(ctx, "cat-file", "-e", "--end-of-options", sha+"^{commit}")
	return err == nil
}

// IsFullHash reports whether s is a full commit hash in lower case: 40
// (SHA-1) or 64 (SHA-256) hexadecimal digits.
func IsFullHash(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// EnsureCommit makes sure a commit named by its full hash is in the clone,
// fetching it from remote if it is missing, as it usually is after
// actions/checkout's default shallow clone. It first fetches just that
// commit, then, if the server refuses, unshallows the clone. It reports
// what it did through logf.
func (r *Repo) EnsureCommit(ctx context.Context, remote, sha, what string, logf func(string, ...any)) error {
	if !IsFullHash(sha) {
		return fmt.Errorf("%s %q is not a full commit hash", what, sha)
	}
	if r.HasCommit(ctx, sha) {
		return nil
	}
	logf("%s %s is not in this clone; fetching it from %s", what, sha[:12], remote)
	var errs []string
	if _, err := r.git(ctx, "fetch", "--no-tags", "--quiet", "--depth=1", "--end-of-options", remote, sha); err != nil {
		errs = append(errs, err.Error())
	} else if r.HasCommit(ctx, sha) {
		return nil
	}
	if shallow, _ := r.IsShallow(ctx); shallow {
		logf("fetching %s by hash failed; unshallowing the clone instead", sha[:12])
		if _, err := r.git(ctx, "fetch", "--no-tags", "--quiet", "--unshallow", "--end-of-options", remote); err != nil {
			errs = append(errs, err.Error())
		}
	} else if _, err := r.git(ctx, "fetch", "--no-tags", "--quiet", "--end-of-options", remote); err != nil {
		errs = append(errs, err.Error())
	}
	if r.HasCommit(ctx, sha) {
		return nil
	}
	return &MissingCommitError{What: what, SHA: sha, Detail: strings.Join(errs, "; ")}
}

// MissingCommitError says a commit could not be had.
type MissingCommitError struct {
	What, SHA, Detail string
}

func (e *MissingCommitError) Error() string {
	s := fmt.Sprintf("%s %s is not in this clone and could not be fetched", e.What, e.SHA)
	if e.Detail != "" {
		s += " (" + e.Detail + ")"
	}
	return s + "; set fetch-depth: 0 on actions/checkout so the clone has it"
}

// IsAncestor reports whether commit ancestor is descendant or one of its
// ancestors. In a shallow clone git sees no history beyond the shallow
// boundary, so a real ancestor may be reported as not one; the answer
// errs on the side of "no".
func (r *Repo) IsAncestor(ctx context.Context, ancestor, descendant string) (bool, error) {
	if !IsFullHash(ancestor) || !IsFullHash(descendant) {
		return false, fmt.Errorf("IsAncestor(%q, %q): want full commit hashes", ancestor, descendant)
	}
	_, err := r.git(ctx, "merge-base", "--is-ancestor", "--end-of-options", ancestor, descendant)
	var ee *exec.ExitError
	switch {
	case err == nil:
		return true, nil
	case errors.As(err, &ee) && ee.ExitCode() == 1:
		return false, nil
	}
	return false, err
}

// MergeBaseWithBranch returns the merge-base of commit sha (a full hash)
// and branch of remote, which it fetches as refs/remotes/REMOTE/BRANCH:
// the base a pull request from sha's branch would have. In a shallow
// clone (actions/checkout's default depth 1 has no history to meet in)
// it deepens both to 50 commits, then 1000, then the whole history. It
// reports what it fetches through logf.
func (r *Repo) MergeBaseWithBranch(ctx context.Context, remote, branch, sha string, logf func(string, ...any)) (string, error) {
	if !IsFullHash(sha) {
		return "", fmt.Errorf("%q is not a full commit hash", sha)
	}
	ref := "refs/remotes/" + remote + "/" + branch
	if _, err := r.git(ctx, "check-ref-format", ref); err != nil {
		return "", fmt.Errorf("%q is not a branch name git accepts", branch)
	}
	mergeBase := func() string {
		mb, err := r.git(ctx, "merge-base", "--end-of-options", ref, sha)
		if err != nil {
			return ""
		}
		return mb
	}
	if mb := mergeBase(); mb != "" {
		return mb, nil
	}
	refspec := "+refs/heads/" + branch + ":" + ref
	shallow, _ := r.IsShallow(ctx)
	var depths []string
	if shallow {
		depths = []string{"--depth=50", "--depth=1000", "--unshallow"}
	} else {
		depths = []string{""}
	}
	for _, d := range depths {
		args := []string{"fetch", "--no-tags", "--quiet"}
		if d != "" {
			args = append(args, d)
		}
		switch d {
		case "":
			logf("fetching %s from %s to find its merge-base with %s", branch, remote, sha[:12])
		case "--unshallow":
			logf("%s and %s do not meet in the last 1000 commits; fetching their whole history", branch, sha[:12])
		default:
			logf("fetching %s and %s from %s, %s, to find their merge-base", branch, sha[:12], remote, strings.TrimPrefix(d, "--"))
		}
		if _, err := r.git(ctx, append(args, "--end-of-options", remote, sha, refspec)...); err != nil {
			if ctx.Err() != nil {
				return "", ctx.Err()
			}
			// A deeper fetch asks for the same refs, and would fail
			// the same way (no such branch, no access).
			return "", fmt.Errorf("fetching %s from %s: %w", branch, remote, err)
		}
		if mb := mergeBase(); mb != "" {
			return mb, nil
		}
		if shallow, _ := r.IsShallow(ctx); !shallow {
			break
		}
	}
	return "", fmt.Errorf("%s and %s have no commit in common", branch, sha[:12])
}

// Parent returns the parent of commit sha (a full hash), fetching sha
// from remote with its parent where the clone stops at sha
// (actions/checkout's depth 1). It reports what it fetches through logf.
func (r *Repo) Parent(ctx context.Context, remote, sha string, logf func(string, ...any)) (string, error) {
	if !IsFullHash(sha) {
		return "", fmt.Errorf("%q is not a full commit hash", sha)
	}
	if parent, err := r.Resolve(ctx, sha+"~1"); err == nil {
		return parent, nil
	}
	logf("fetching the parent of %s from %s", sha[:12], remote)
	if _, err := r.git(ctx, "fetch", "--no-tags", "--quiet", "--depth=2", "--end-of-options", remote, sha); err != nil {
		return "", err
	}
	parent, err := r.Resolve(ctx, sha+"~1")
	if err != nil {
		return "", fmt.Errorf("%s has no parent", sha[:12])
	}
	return parent, nil
}
