package runner

// The run's temporary directory: benchgate-<pid>-<random>, holding the
// sides' sources, binaries and temporary files. It is removed when the
// run ends, on every path; and since SIGKILL leaves no path, each run
// also removes the directories of runs that are gone: a run holds a lock
// on <dir>/.lock for as long as it lasts (the kernel drops it with the
// process), so a directory whose lock can be taken is no one's.

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

const tmpLockName = ".lock"

// makeTempDir makes and locks the run's temporary directory under base.
// The directory is 0700, or 0755 when others (the builder and the sides)
// must reach into it.
func makeTempDir(base string, shared bool) (dir string, unlock func(), err error) {
	dir, err = os.MkdirTemp(base, fmt.Sprintf("benchgate-%d-", os.Getpid()))
	if err != nil {
		return "", nil, err
	}
	unlock, err = lockDir(filepath.Join(dir, tmpLockName))
	if err == nil && shared {
		err = os.Chmod(dir, 0o755)
	}
	if err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	return dir, unlock, nil
}

// removeStale removes the temporary directories under base of runs that
// are gone, and says how many it removed.
func removeStale(base string) int {
	entries, _ := os.ReadDir(base)
	n := 0
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), "benchgate-")
		if !ok || !e.IsDir() {
			continue
		}
		pidText, _, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || pid == os.Getpid() {
			continue
		}
		dir := filepath.Join(base, e.Name())
		if !ownedByMe(dir) {
			// Another user's (or made to look like ours): not ours to
			// remove.
			continue
		}
		unlock, held := tryLockDir(filepath.Join(dir, tmpLockName))
		switch {
		case held:
			continue
		case unlock != nil:
			// Ours now: the run that made it is gone.
		case processExists(pid):
			// No lock file: being made, or made by a run without
			// locks; its pid still runs.
			continue
		}
		if os.RemoveAll(dir) == nil {
			n++
		}
		if unlock != nil {
			unlock()
		}
	}
	return n
}

// reachableByOthers reports whether a user who owns none of dir and its
// parents can reach into dir: every one of them searchable by others.
func reachableByOthers(dir string) bool {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	for {
		st, err := os.Stat(dir)
		if err != nil || !st.IsDir() || st.Mode().Perm()&0o001 == 0 {
			return false
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return true
		}
		dir = parent
	}
}
