package runner

// Each side's source tree, in the run's temporary directory: a commit
// written out by git (gitx.Export), or a copy of the working tree as it
// is, tracked and untracked files that are not ignored. Neither has a
// .git: the code under test gets no way into the repository, whose
// config holds the token actions/checkout persists. Every side's tree is
// at <tmp>/src<i>, so that no side's paths are longer than another's,
// and the user's working tree is only read.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/usage"
)

// workTreeRepo is the repository of the working tree, for listing its
// files: the one the run was given, else the one WorkDir is in, if any.
func (st *runState) workTreeRepo(ctx context.Context) *gitx.Repo {
	if st.opts.Repo != nil {
		return st.opts.Repo
	}
	repo, err := gitx.Open(ctx, st.opts.WorkDir, st.opts.GitEnv)
	if err != nil {
		return nil
	}
	return repo
}

// copyWorkTree copies the working tree into dst and returns the
// directory in the copy that WorkDir is. With a repository that is the
// files "git add -A" would take, from its top level; without one, the
// tree of the module WorkDir is in (the nearest directory up from it with
// a go.mod or go.work, else WorkDir), less any .git. The results
// directory and the temporary directories are never copied.
func (st *runState) copyWorkTree(ctx context.Context, repo *gitx.Repo, dst string) (string, error) {
	root := moduleRoot(st.opts.WorkDir)
	if repo != nil {
		root = repo.Root
	}
	c := &treeCopy{src: root, dst: dst, private: st.iso != nil && st.iso.on}
	for _, d := range []string{st.plan.ResultsDir, st.tmp, os.TempDir()} {
		// Inside the tree (testscript's TMPDIR is), not around it.
		if d != "" && strings.HasPrefix(d, root+string(filepath.Separator)) {
			c.skip = append(c.skip, d)
		}
	}
	if repo != nil {
		files, err := repo.Files(ctx)
		if err == nil && c.private {
			c.tracked, err = repo.Tracked(ctx)
		}
		if err != nil {
			return "", fmt.Errorf("listing the working tree's files: %w", err)
		}
		for _, f := range files {
			if err := c.copyPath(filepath.FromSlash(strings.TrimSuffix(f, "/"))); err != nil {
				return "", err
			}
		}
	} else {
		if err := c.copyDir("."); err != nil {
			return "", err
		}
	}
	if err := c.leftOut(st.progress); err != nil {
		return "", err
	}
	rel, err := filepath.Rel(root, st.opts.WorkDir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		rel = "."
	}
	return filepath.Join(dst, rel), nil
}

// leftOut says what the copy left out as private (see treeCopy): a file
// the build reads is refused, since the benchmarks would then measure
// other code than the working tree's; anything else is noted.
func (c *treeCopy) leftOut(progress func(string, ...any)) error {
	if len(c.left) == 0 {
		return nil
	}
	for _, rel := range c.left {
		if buildFile(rel) {
			return usage.Errorf(fmt.Sprintf("make it readable by others (chmod o+r %s, and o+x on its directories), or git add it", rel),
				"the working tree's file %s is not tracked by git and only its owner can read it; the benchmarks build and run as users of their own (benchgate runs as root), which are not given what they could not read, so the build would leave it out", rel)
		}
	}
	shown := c.left[:min(len(c.left), 3)]
	more := ""
	if len(c.left) > len(shown) {
		more = fmt.Sprintf(" and %d more", len(c.left)-len(shown))
	}
	progress("left out of the benchmarks' copy of the working tree: %d untracked file(s) only their owner can read (%s%s); the benchmarks run as users of their own, which are not given what they could not read", len(c.left), strings.Join(shown, ", "), more)
	return nil
}

// buildFile reports whether the go command may read the file rel to build
// a package: Go, assembly, C and the like, the module's files, a .syso.
func buildFile(rel string) bool {
	switch filepath.Base(rel) {
	case "go.mod", "go.sum", "go.work", "go.work.sum":
		return true
	}
	switch filepath.Ext(rel) {
	case ".go", ".s", ".S", ".sx", ".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".hxx", ".m", ".f", ".F", ".for", ".f90", ".swig", ".swigcxx", ".syso":
		return true
	}
	return false
}

// moduleRoot is the nearest directory from dir up that holds a go.mod or
// go.work, else dir.
func moduleRoot(dir string) string {
	if root, ok := findModuleRoot(dir); ok {
		return root
	}
	return dir
}

// findModuleRoot is the nearest directory from dir up that holds a go.mod
// or go.work, and whether there is one.
func findModuleRoot(dir string) (string, bool) {
	for d := dir; ; {
		for _, f := range []string{"go.mod", "go.work"} {
			if st, err := os.Stat(filepath.Join(d, f)); err == nil && st.Mode().IsRegular() {
				return d, true
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", false
		}
		d = parent
	}
}

// treeCopy copies files from src to dst, which benchgate has just made.
// It writes only below dst: parents are made as real directories and a
// path whose parent in dst is anything else is skipped, files are created
// new (O_EXCL, O_NOFOLLOW), symbolic links are copied as links and never
// followed. Modes are git's: 0755 for a file with any execute bit, else
// 0644, so no set-id bit survives a copy made by root.
//
// Where private is set (the benchmarks run as users of their own), a
// file git does not track (not in tracked) is copied only if those users
// could read it where it is: readable by others, in directories others
// may enter, from src down. Otherwise a credentials file an earlier step
// left in the workspace (mode 0600) would become theirs to read in the
// copy; such files are listed in left.
type treeCopy struct {
	src, dst string
	skip     []string
	private  bool
	tracked  map[string]bool
	left     []string
	// enter caches whether others may enter a directory of src.
	enter map[string]bool
}

// othersCanRead reports whether a user other than the file's owner and
// group could read the file rel (st) of src where it is.
func (c *treeCopy) othersCanRead(rel string, st fs.FileInfo) bool {
	if st.Mode().Perm()&0o004 == 0 {
		return false
	}
	if c.enter == nil {
		c.enter = map[string]bool{}
	}
	for d := filepath.Dir(rel); d != "." && d != string(filepath.Separator); d = filepath.Dir(d) {
		ok, seen := c.enter[d]
		if !seen {
			ds, err := os.Stat(filepath.Join(c.src, d))
			ok = err == nil && ds.Mode().Perm()&0o001 != 0
			c.enter[d] = ok
		}
		if !ok {
			return false
		}
	}
	return true
}

// skipped reports whether the path rel is not copied: a .git, or inside
// a directory that is never copied.
func (c *treeCopy) skipped(rel string) bool {
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		if part == ".git" {
			return true
		}
	}
	abs := filepath.Join(c.src, rel)
	for _, s := range c.skip {
		if inTree(abs, s) {
			return true
		}
	}
	return false
}

// copyPath copies one file, link or directory (a submodule's checkout, an
// untracked repository), which may be gone: the working tree as it is.
func (c *treeCopy) copyPath(rel string) error {
	if c.skipped(rel) {
		return nil
	}
	st, err := os.Lstat(filepath.Join(c.src, rel))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("copying the working tree: %w", err)
	case st.IsDir():
		return c.copyDir(rel)
	}
	if !c.parents(rel) {
		return nil
	}
	return c.copyEntry(rel, st)
}

// copyDir copies the directory rel of src with everything in it.
func (c *treeCopy) copyDir(rel string) error {
	return filepath.WalkDir(filepath.Join(c.src, rel), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return fmt.Errorf("copying the working tree: %w", err)
		}
		r, _ := filepath.Rel(c.src, path)
		if r != "." && c.skipped(r) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if r != "." && c.parents(r) {
				if err := os.Mkdir(filepath.Join(c.dst, r), 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
					return fmt.Errorf("copying the working tree: %w", err)
				}
			}
			return nil
		}
		st, err := d.Info()
		if err != nil {
			return nil
		}
		if !c.parents(r) {
			return nil
		}
		return c.copyEntry(r, st)
	})
}

// parents makes the directories above rel in dst, and reports whether
// they are all real directories.
func (c *treeCopy) parents(rel string) bool {
	dir := c.dst
	parts := strings.Split(filepath.Dir(rel), string(filepath.Separator))
	for _, p := range parts {
		if p == "." || p == "" {
			continue
		}
		dir = filepath.Join(dir, p)
		st, err := os.Lstat(dir)
		switch {
		case err == nil && st.IsDir():
			continue
		case errors.Is(err, fs.ErrNotExist):
			if os.Mkdir(dir, 0o755) != nil {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// copyEntry copies a regular file or a symbolic link; anything else (a
// socket, a FIFO) is skipped.
func (c *treeCopy) copyEntry(rel string, st fs.FileInfo) error {
	from, to := filepath.Join(c.src, rel), filepath.Join(c.dst, rel)
	switch {
	case st.Mode()&fs.ModeSymlink != 0:
		target, err := os.Readlink(from)
		if err != nil {
			return nil
		}
		if err := os.Symlink(target, to); err != nil && !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("copying the working tree: %w", err)
		}
		return nil
	case !st.Mode().IsRegular():
		return nil
	case c.private && !c.tracked[filepath.ToSlash(rel)] && !c.othersCanRead(rel, st):
		c.left = append(c.left, rel)
		return nil
	}
	mode := os.FileMode(0o644)
	if st.Mode().Perm()&0o111 != 0 {
		mode = 0o755
	}
	in, err := os.OpenFile(from, os.O_RDONLY|oNoFollow, 0)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return fmt.Errorf("copying the working tree: %w", err)
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL|oNoFollow, mode)
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			return nil // listed twice
		}
		return fmt.Errorf("copying the working tree: %w", err)
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("copying the working tree: %s: %w", rel, err)
	}
	if err := out.Chmod(mode); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// shareTree makes the tree at dir readable by everyone and writable by
// its owner only (checkout-index honours the umask, which may be 077),
// and gives it to owner if not nil. Links are neither followed nor
// changed, except in ownership.
func shareTree(dir string, owner *Identity) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type()&fs.ModeSymlink == 0 {
			st, err := d.Info()
			if err != nil {
				return err
			}
			mode := os.FileMode(0o644)
			if d.IsDir() || st.Mode().Perm()&0o111 != 0 {
				mode = 0o755
			}
			if st.Mode().Perm() != mode || st.Mode()&(fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky) != 0 {
				if err := os.Chmod(path, mode); err != nil {
					return err
				}
			}
		}
		if owner != nil {
			return os.Lchown(path, int(owner.UID), int(owner.GID))
		}
		return nil
	})
}
