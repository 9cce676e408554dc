package gitx

// Sources without the repository. A side's source tree is handed to the
// code under test, and a git worktree is a way back into the repository:
// its .git file names the main .git directory, whose config holds what
// actions/checkout persists (an http.<url>.extraheader with the token).
// So a commit is written out as plain files, and the working tree is
// listed for copying, and neither leaves a .git behind.

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Export writes the tree of commit into dir, which must exist, as a
// checkout would write it (file modes, symbolic links, the commit's own
// .gitattributes), and nothing else: no .git. It goes through index, a
// temporary index file of the caller's, and touches neither the
// repository's index nor its working tree.
func (r *Repo) Export(ctx context.Context, commit, dir, index string) error {
	base := r.Env
	if base == nil {
		base = os.Environ() // what git() inherits with a nil Env
	}
	env := append(append([]string(nil), base...), "GIT_INDEX_FILE="+index)
	if _, err := rawGit(ctx, r.Root, env, "read-tree", "--end-of-options", commit); err != nil {
		return err
	}
	_, err := rawGit(ctx, r.Root, env, "checkout-index", "--all", "--force", "--prefix="+filepath.Clean(dir)+string(filepath.Separator))
	return err
}

// Files lists the files of the working tree that "git add -A" would
// take: the tracked ones (also when deleted, which the caller skips) and
// the untracked ones that are not ignored, relative to Root, without
// repeats. An untracked repository inside it is listed as its directory,
// with a trailing slash.
func (r *Repo) Files(ctx context.Context) ([]string, error) {
	out, err := rawGit(ctx, r.Root, r.Env, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	if err != nil {
		return nil, err
	}
	var files []string
	seen := map[string]bool{}
	for _, f := range strings.Split(string(out), "\x00") {
		if f != "" && !seen[f] {
			seen[f] = true
			files = append(files, f)
		}
	}
	return files, nil
}

// Tracked is the set of the files git tracks in the working tree,
// relative to Root with forward slashes: Files less the untracked ones.
func (r *Repo) Tracked(ctx context.Context) (map[string]bool, error) {
	out, err := rawGit(ctx, r.Root, r.Env, "ls-files", "-z", "--cached")
	if err != nil {
		return nil, err
	}
	tracked := map[string]bool{}
	for _, f := range strings.Split(string(out), "\x00") {
		if f != "" {
			tracked[f] = true
		}
	}
	return tracked, nil
}

// GitDirs returns the repository's git directory and, for a worktree,
// the common directory it shares with the main one (where the config
// is), as absolute paths.
func (r *Repo) GitDirs(ctx context.Context) ([]string, error) {
	out, err := r.git(ctx, "rev-parse", "--absolute-git-dir", "--git-common-dir")
	if err != nil {
		return nil, err
	}
	var dirs []string
	for _, d := range strings.Split(out, "\n") {
		if d = strings.TrimSpace(d); d == "" {
			continue
		}
		if !filepath.IsAbs(d) {
			d = filepath.Join(r.Root, d)
		}
		d = filepath.Clean(d)
		if len(dirs) == 0 || dirs[0] != d {
			dirs = append(dirs, d)
		}
	}
	return dirs, nil
}

// rawGit is git() without trimming the output, which may hold file names
// that end in blanks.
func rawGit(ctx context.Context, dir string, env []string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, &Error{Args: args, Stderr: stderr.String(), Err: err}
	}
	return stdout.Bytes(), nil
}
