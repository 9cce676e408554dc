package action

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/usage"
	"github.com/benchgate/benchgate/internal/safepath"
)

// withCacheDir points the go command's build and module caches (GOCACHE,
// GOMODCACHE; the module cache also holds the toolchains GOTOOLCHAIN
// downloads) into dir, relative to the workspace, unless the environment
// already names them: a directory that actions/cache can keep between
// jobs, so that test binaries are built from a warm cache. The directory
// gets a .gitignore, so that it is neither part of the working tree
// benchgate copies nor something git reports as changed.
//
// The go command trusts what its caches hold (a toolchain in the module
// cache is run, a build cache entry is linked in, unchecked), so a cache
// the checkout put there, files of the pull request's, would run its code
// as the builder and in base's binaries: a cache-dir that git tracks is
// refused, as is one that is or goes through a symlink, or holds one
// (root would write wherever it points). What actions/cache restores is
// not tracked, and was written by the go command of an earlier job.
//
// release, called once the run is over, leaves the module cache's
// directories writable by their owner (what the go command's -modcacherw
// does, which toolchain downloads ignore): the go command makes them
// read-only, and a self-hosted runner's next checkout, which removes
// what the workspace holds as the runner's user, could not remove their
// files.
func withCacheDir(ctx context.Context, environ []string, workspace, dir string) (env []string, release func(), err error) {
	env, mod, err := cacheDirEnv(ctx, environ, workspace, dir)
	if err != nil {
		return nil, nil, err
	}
	return env, func() {
		if mod != "" {
			ownerWritableDirs(mod)
		}
	}, nil
}

// cacheDirEnv is withCacheDir's environment, and the module cache it
// points GOMODCACHE to ("" where the environment names its own).
func cacheDirEnv(ctx context.Context, environ []string, workspace, dir string) ([]string, string, error) {
	abs, err := within(workspace, workspace, dir, "cache-dir")
	if err != nil {
		return nil, "", err
	}
	if err := plainCacheDir(workspace, dir, abs); err != nil {
		return nil, "", err
	}
	if repo, err := gitx.Open(ctx, workspace, runner.GitEnv(environ)); err == nil {
		if tracked, err := repo.Tracks(ctx, workspace, dir); err == nil && tracked {
			return nil, "", usage.Errorf("pick a cache-dir that is not in the repository (the README's is .benchgate-cache), and let actions/cache fill it",
				"input cache-dir: %s holds files the checkout put there (git tracks them); the go command runs and links what its caches hold, so a cache from the repository, or from a pull request, would run that code", dir)
		}
	}
	for _, sub := range []string{"go-build", "mod"} {
		if err := os.MkdirAll(filepath.Join(abs, sub), 0o755); err != nil {
			return nil, "", usage.Errorf("", "input cache-dir: creating %s: %v", filepath.Join(dir, sub), err)
		}
	}
	if f, err := os.OpenFile(filepath.Join(abs, ".gitignore"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644); err == nil {
		// O_EXCL: a symlink planted as .gitignore is not followed.
		f.WriteString("# Written by benchgate: the go command's caches.\n*\n")
		f.Close()
	}
	// What root made here belongs to the workspace's owner, as the results
	// do: the builder is lent the caches for the run and gives them back to
	// this owner, so that the cache step after it (as the runner's user)
	// can save them and a self-hosted runner's cleanup can remove them.
	// Root made at most the directories down to the caches and .gitignore;
	// what actions/cache restored in them is the owner's already.
	made := []string{filepath.Join(abs, "go-build"), filepath.Join(abs, "mod"), filepath.Join(abs, ".gitignore")}
	for p, ws := abs, filepath.Clean(workspace); strings.HasPrefix(p, ws+string(filepath.Separator)); p = filepath.Dir(p) {
		made = append(made, p)
	}
	if err := giveEntriesToWorkspaceOwner(workspace, made...); err != nil {
		return nil, "", fmt.Errorf("input cache-dir: handing %s to the workspace's owner: %w", dir, err)
	}
	has := func(name string) bool {
		for _, kv := range environ {
			if strings.HasPrefix(kv, name+"=") && len(kv) > len(name)+1 {
				return true
			}
		}
		return false
	}
	out, mod := append([]string(nil), environ...), ""
	if !has("GOCACHE") {
		out = append(out, "GOCACHE="+filepath.Join(abs, "go-build"))
	}
	if !has("GOMODCACHE") {
		mod = filepath.Join(abs, "mod")
		out = append(out, "GOMODCACHE="+mod)
	}
	return out, mod, nil
}

// ownerWritableDirs adds the owner's write bit to every directory of the
// tree at dir, without following links. A directory it cannot change is
// left as it is: the run is over, and this only eases a later cleanup.
func ownerWritableDirs(dir string) {
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		if info, err := d.Info(); err == nil && info.Mode().Perm()&0o200 == 0 {
			keep := fs.ModePerm | fs.ModeSetgid | fs.ModeSetuid | fs.ModeSticky
			os.Chmod(path, info.Mode()&keep|0o200)
		}
		return nil
	})
}

// plainCacheDir refuses a cache-dir that is or goes through a symlink
// below the workspace, or that holds a symlink or special file.
func plainCacheDir(workspace, dir, abs string) error {
	p, err := safepath.Dir(workspace, abs)
	if err == nil && p == nil {
		if _, serr := os.Lstat(abs); serr == nil {
			p, err = safepath.Entries(abs)
		}
	}
	switch {
	case err != nil:
		return usage.Errorf("", "input cache-dir: %v", err)
	case p == nil:
		return nil
	}
	rel, _ := filepath.Rel(workspace, p.Path)
	return usage.Errorf("remove it from the repository, or pick another cache-dir",
		"input cache-dir: %s is %s; benchgate (root, in the container) would write the caches wherever it points, so it refuses", rel, compare.FileKind(p.Mode))
}
