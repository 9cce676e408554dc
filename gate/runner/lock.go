package runner

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/usage"
	"github.com/benchgate/benchgate/internal/safepath"
)

// LockFile is the lock file's name inside the results directory.
const LockFile = "benchgate.lock"

// DirLock is a run's hold on its results directory. Two runs that share
// one directory would append their blocks to the same base.txt and
// head.txt, and each would then compare both runs' samples as its own;
// with the lock the second run is refused before it builds anything.
//
// The lock is an advisory lock (flock) on LockFile, which holds the pid
// of the run that has it. The kernel releases it when the process exits,
// however it exits; Unlock releases it earlier. Where flock is not
// available (not a unix system) the lock is taken but excludes nobody.
type DirLock struct {
	dir string
	f   *os.File
}

// ignoreResults writes a .gitignore that ignores everything in the
// results directory, unless it has one: a run leaves the working tree
// clean in git's eyes, so that the next run's default base (which looks
// at whether the tree is dirty) is the same, and nobody commits results
// by accident.
func ignoreResults(dir string) {
	f, err := os.OpenFile(filepath.Join(dir, ".gitignore"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return // there is one, or the directory says no: not worth failing for
	}
	fmt.Fprintf(f, "# Written by benchgate: its results (benchstat input) and reports.\n*\n")
	f.Close()
}

// LockResultsDir creates the results directory dir if needed and locks
// it. If another process holds the lock, the error is a *usage.Error
// that names the directory and, where it can tell, the other process.
func LockResultsDir(dir string) (*DirLock, error) {
	if err := noLinksOnPath(dir); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("creating results directory: %w", err)
	}
	if err := onlyPlainEntries(dir); err != nil {
		return nil, err
	}
	ignoreResults(dir)
	path := filepath.Join(dir, LockFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("locking the results directory: %w", err)
	}
	if err := lockFile(f); err != nil {
		f.Close()
		if !errors.Is(err, errLocked) {
			return nil, fmt.Errorf("locking the results directory %s: %w", dir, err)
		}
		who := "another benchgate run"
		if b, err := os.ReadFile(path); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(string(b), "pid "))); err == nil && pid > 0 {
				who += fmt.Sprintf(" (pid %d)", pid)
			}
		}
		return nil, usage.Errorf("give each run its own {out}, or wait until the other run has finished",
			"the results directory %s is in use by %s: two runs in one directory would mix their results", dir, who)
	}
	// Who holds it, for the message of a run that is refused.
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(fmt.Sprintf("pid %d\n", os.Getpid())), 0)
	}
	return &DirLock{dir: dir, f: f}, nil
}

// noLinksOnPath refuses a results directory that is, or lies below, a
// symlink inside the working directory. The working directory is often
// the checkout of the code under test, which can commit .benchgate as a
// symlink; benchgate (root, in the Action's container) would then write
// its results, and truncate files, wherever the link points.
func noLinksOnPath(dir string) error {
	wd, _ := os.Getwd()
	p, err := safepath.Dir(wd, dir)
	switch {
	case err != nil:
		return fmt.Errorf("results directory %s: %w", dir, err)
	case p == nil:
		return nil
	case p.Link():
		what := "goes through the symlink " + p.Path
		if abs, _ := filepath.Abs(dir); p.Path == abs {
			what = "is a symlink"
		}
		return usage.Errorf("remove the link, or give {out} a real directory",
			"the results directory %s %s: benchgate would write its results wherever the link points, so it refuses", dir, what)
	}
	return usage.Errorf("give {out} a directory", "the results directory %s: %s is %s, not a directory", dir, p.Path, compare.FileKind(p.Mode))
}

// onlyPlainEntries refuses a results directory that holds a symlink or a
// special file: benchgate writes base.txt, head.txt, its reports and its
// lock by name, and would follow a link planted under one of those names
// (a checkout can commit .benchgate/base.txt as a link to any file root
// can write). Once the directory is locked, the code under test, which
// runs as another user, cannot add one.
func onlyPlainEntries(dir string) error {
	p, err := safepath.Entries(dir)
	switch {
	case err != nil:
		return fmt.Errorf("results directory: %w", err)
	case p == nil:
		return nil
	}
	return usage.Errorf("remove it, or give {out} a directory of its own",
		"the results directory %s holds %s, %s: benchgate writes files there by name and will not follow it", dir, filepath.Base(p.Path), compare.FileKind(p.Mode))
}

// Unlock releases the lock. The lock file stays: removing it would let a
// third run lock a new file while a second still waits on the old one.
func (l *DirLock) Unlock() {
	if l == nil || l.f == nil {
		return
	}
	unlockFile(l.f)
	l.f.Close()
	l.f = nil
}

// errLocked means another process holds the lock.
var errLocked = errors.New("locked")
