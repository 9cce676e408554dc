//go:build unix

package runner

// Where the builder's go command keeps what it needs writable: a build
// cache (GOCACHE), a module cache (GOMODCACHE, which also holds the
// toolchains GOTOOLCHAIN=go1.N.M downloads), GOPATH and HOME. This file
// matters only with privilege separation; without it the go command uses
// the user's own, as it would at the user's prompt.
//
//   - GOCACHE and GOMODCACHE that the environment sets are used as they
//     are, so that a workflow can keep them between jobs (actions/cache
//     on a directory under the workspace): benchgate lends each to the
//     builder for the run (hands it what in it is not the builder's) and
//     gives it back to the directory's owner when the run ends. It lends
//     only a directory the builder can reach (every directory above it
//     searchable by others) that is empty or looks like that cache. An
//     empty GOCACHE first gets a copy of the builder's own (stateDir):
//     the Action image's warm cache serves a cache-dir's first run too.
//   - Otherwise they are the builder's own, in stateDir, kept between
//     runs on the machine (in the Action's container: for the job).
//   - GOPATH and HOME are new and empty for each run, with a copy of the
//     user's go env file (go env -w), so that its settings still hold.

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"syscall"
	"time"
)

// stateDir holds the builder's caches when the environment names none.
const stateDir = "/var/cache/benchgate"

// builderDirs are the directories of the builder's environment.
type builderDirs struct {
	gocache, gomodcache string
	// goenv is the copy of the user's go env file, or "".
	goenv string
	// notes are progress lines: a cache that could not be lent.
	notes []string
	// giveBack returns the lent caches to their owners.
	giveBack []func()
}

// setupBuilder chooses and prepares the builder's caches and fills its
// home, given the run's child environment. fallback is a directory of the
// run's for the caches when stateDir cannot be trusted.
func setupBuilder(env []string, b Identity, home, fallback string) (*builderDirs, error) {
	return setupBuilderIn(stateDir, env, b, home, fallback)
}

// setupBuilderIn is setupBuilder with its state directory given.
func setupBuilderIn(state string, env []string, b Identity, home, fallback string) (*builderDirs, error) {
	d := &builderDirs{}
	if err := ownDir(state); err != nil {
		d.notes = append(d.notes, fmt.Sprintf("not using %s for the build caches (%v); they last only this run", state, err))
		state = fallback
		if err := os.MkdirAll(state, 0o755); err != nil {
			return nil, err
		}
	}
	for _, c := range []struct {
		name, own string
		dst       *string
		looksLike func(string) bool
	}{
		{"GOCACHE", "go-build", &d.gocache, looksLikeBuildCache},
		{"GOMODCACHE", "mod", &d.gomodcache, looksLikeModCache},
	} {
		if v := getEnv(env, c.name); v != "" && filepath.IsAbs(v) {
			why := ""
			switch {
			case !reachableByOthers(filepath.Dir(filepath.Clean(v))):
				why = "a directory above it is not searchable by other users"
			case !c.looksLike(v):
				why = "it is neither empty nor a Go " + map[string]string{"GOCACHE": "build", "GOMODCACHE": "module"}[c.name] + " cache"
			}
			if why == "" {
				if c.name == "GOCACHE" && empty(v) {
					// Before lend, which gives the copies to the builder.
					if note := seedFromState(v, filepath.Join(state, c.own)); note != "" {
						d.notes = append(d.notes, note)
					}
				}
				giveBack, err := lend(v, b)
				if err != nil {
					return nil, fmt.Errorf("lending %s=%s to the build user: %w", c.name, v, err)
				}
				d.giveBack = append(d.giveBack, giveBack)
				*c.dst = v
				continue
			}
			d.notes = append(d.notes, fmt.Sprintf("%s=%s is not used for builds: %s", c.name, v, why))
		}
		dir := filepath.Join(state, c.own)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
		if err := os.Lchown(dir, int(b.UID), int(b.GID)); err != nil {
			return nil, err
		}
		*c.dst = dir
	}
	if err := copyGoEnv(env, filepath.Join(home, ".config", "go"), b); err == nil {
		d.goenv = filepath.Join(home, ".config", "go", "env")
	}
	return d, nil
}

// seedLimit bounds what a seed copies. The image's warm cache is about
// 150 MB; the state directory of a machine that has benchmarked many
// repositories can hold gigabytes of builds that a user's empty GOCACHE
// would only have to store and restore. Past the limit the newest entries
// are copied, as the go command's own trim keeps the most recently used.
const seedLimit = 1 << 30

// seedFromState fills the empty build cache dst with a copy of src, the
// builder's cache in stateDir: in the Action's image that is the warm
// cache the Dockerfile builds (the built-in suite and the testing
// package's dependencies), so that the first run of a workflow with a
// cache-dir that actions/cache has not filled yet builds from it, as a
// run without cache-dir does. The copies are dated now, not 2100 as in
// the image, so the go command trims them from the user's cache as it
// would its own. It returns a progress note, or "" when src has nothing.
func seedFromState(dst, src string) string {
	if empty(src) || !looksLikeBuildCache(src) {
		return ""
	}
	start := time.Now()
	s, err := seedBuildCache(dst, src, seedLimit)
	if err != nil {
		return fmt.Sprintf("GOCACHE=%s was empty; seeding it from %s failed after %d files (%v): builds not in the copy compile from scratch", dst, src, s.files, err)
	}
	note := fmt.Sprintf("GOCACHE=%s was empty: seeded it from %s (%d files, %.0f MB, %.1fs)", dst, src, s.files, mb(s.size), time.Since(start).Seconds())
	if s.left > 0 {
		note += fmt.Sprintf("; the %d older files (%.0f MB) were left out: a seed copies at most %.0f MB", s.left, mb(s.leftSize), mb(seedLimit))
	}
	return note
}

func mb(n int64) float64 { return float64(n) / (1 << 20) }

// seeded counts what a seed copied, and what it left out for the limit.
type seeded struct {
	files, left    int
	size, leftSize int64
}

// seedBuildCache copies the regular files of the tree at src into dst,
// the newest first, as many as fit in limit bytes. src belongs to the
// builder, so it is read through an os.Root (no link leads out of it) and
// only what opens as a regular file is copied; dst is written through one
// too, creating files that must not exist yet.
func seedBuildCache(dst, src string, limit int64) (s seeded, err error) {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return s, err
	}
	from, err := os.OpenRoot(src)
	if err != nil {
		return s, err
	}
	defer from.Close()
	to, err := os.OpenRoot(dst)
	if err != nil {
		return s, err
	}
	defer to.Close()
	type entry struct {
		path string
		mod  time.Time
		size int64
	}
	var all []entry
	err = fs.WalkDir(from.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err // links and special files: the go command writes neither
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		all = append(all, entry{p, info.ModTime(), info.Size()})
		return nil
	})
	if err != nil {
		return s, err
	}
	// The go command dates an entry when it uses it (at most hourly), so
	// the newest are the most recently used.
	sort.SliceStable(all, func(i, j int) bool { return all[i].mod.After(all[j].mod) })
	for i, e := range all {
		if s.size+e.size > limit {
			for _, e := range all[i:] {
				s.left++
				s.leftSize += e.size
			}
			break
		}
		if dir := filepath.Dir(e.path); dir != "." {
			if err := to.MkdirAll(dir, 0o755); err != nil {
				return s, err
			}
		}
		n, err := copyInRoot(from, to, e.path)
		if err != nil {
			return s, err
		}
		s.files++
		s.size += n
	}
	return s, nil
}

// copyInRoot copies the regular file p of from to a new file p of to.
func copyInRoot(from, to *os.Root, p string) (int64, error) {
	in, err := from.OpenFile(p, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	if st, err := in.Stat(); err != nil || !st.Mode().IsRegular() {
		return 0, fmt.Errorf("%s is not a regular file", p)
	}
	out, err := to.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o644)
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return n, err
}

// ownDir makes dir if needed and checks that only root can change it:
// a directory, not a link, owned by root, writable by no one else.
func ownDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	st, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	switch {
	case !st.IsDir():
		return fmt.Errorf("%s is not a directory", dir)
	case !ok || sys.Uid != 0:
		return fmt.Errorf("%s does not belong to root", dir)
	case st.Mode().Perm()&0o022 != 0:
		return fmt.Errorf("others may write %s", dir)
	}
	return nil
}

// looksLikeBuildCache: empty, missing, or with the README the go command
// writes into every build cache.
func looksLikeBuildCache(dir string) bool {
	if empty(dir) {
		return true
	}
	_, err := os.Stat(filepath.Join(dir, "README"))
	return err == nil
}

// looksLikeModCache: empty, missing, or with the cache/download tree of
// every module cache.
func looksLikeModCache(dir string) bool {
	if empty(dir) {
		return true
	}
	st, err := os.Stat(filepath.Join(dir, "cache", "download"))
	return err == nil && st.IsDir()
}

func empty(dir string) bool {
	entries, err := os.ReadDir(dir)
	return os.IsNotExist(err) || (err == nil && len(entries) == 0)
}

// lend gives dir, and everything in it, to b, making dir first if need
// be; giveBack gives what b then owns there to dir's owner.
func lend(dir string, b Identity) (giveBack func(), err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	st, err := os.Stat(dir)
	if err != nil {
		return nil, err
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return nil, fmt.Errorf("no owner for %s", dir)
	}
	owner := Identity{UID: sys.Uid, GID: sys.Gid}
	if err := chownTree(dir, func(uid, gid uint32) bool { return uid != b.UID || gid != b.GID }, b); err != nil {
		return nil, err
	}
	return func() {
		chownTree(dir, func(uid, _ uint32) bool { return uid == b.UID }, owner)
	}, nil
}

// chownTree gives every entry of the tree at dir for which which says so
// to to, without following links.
func chownTree(dir string, which func(uid, gid uint32) bool, to Identity) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // a file the go command removed meanwhile
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		if sys, ok := info.Sys().(*syscall.Stat_t); ok && which(sys.Uid, sys.Gid) {
			return os.Lchown(path, int(to.UID), int(to.GID))
		}
		return nil
	})
}

// copyGoEnv copies the user's go env file (what go env -w writes: GOENV,
// else $XDG_CONFIG_HOME/go/env, else $HOME/.config/go/env) into dir, for b.
func copyGoEnv(env []string, dir string, b Identity) error {
	src := getEnv(env, "GOENV")
	switch {
	case src == "off":
		return fmt.Errorf("GOENV=off")
	case src != "":
	case getEnv(env, "XDG_CONFIG_HOME") != "":
		src = filepath.Join(getEnv(env, "XDG_CONFIG_HOME"), "go", "env")
	case getEnv(env, "HOME") != "":
		src = filepath.Join(getEnv(env, "HOME"), ".config", "go", "env")
	default:
		return fmt.Errorf("no go env file")
	}
	st, err := os.Stat(src)
	if err != nil || !st.Mode().IsRegular() || st.Size() > 1<<20 {
		return fmt.Errorf("no go env file")
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	dst := filepath.Join(dir, "env")
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		return err
	}
	for _, p := range []string{filepath.Dir(dir), dir, dst} {
		if err := os.Lchown(p, int(b.UID), int(b.GID)); err != nil {
			return err
		}
	}
	return nil
}
