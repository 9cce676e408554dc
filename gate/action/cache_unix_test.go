//go:build unix

package action

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
)

// TestWithCacheDirBelongsToWorkspaceOwner: the Action runs as root, the
// cache step after it as the workspace's owner, who must be able to save
// and remove what benchgate made (the builder gives its files back to the
// cache directory's owner after the run).
func TestWithCacheDirBelongsToWorkspaceOwner(t *testing.T) {
	ws := t.TempDir()
	want := uint32(os.Getuid())
	if os.Geteuid() == 0 {
		want = 1001
		if err := os.Chown(ws, 1001, 1001); err != nil {
			t.Fatal(err)
		}
	}
	// The second cache-dir makes its parents too; the workspace itself is
	// named with a trailing slash, as a runner may.
	for dir, made := range map[string][]string{
		".benchgate-cache": {".benchgate-cache"},
		"ci/caches/bench":  {"ci", "ci/caches", "ci/caches/bench"},
	} {
		if _, _, err := withCacheDir(context.Background(), []string{"PATH=/bin"}, ws+"/", dir); err != nil {
			t.Fatal(err)
		}
		for _, sub := range []string{"go-build", "mod", ".gitignore"} {
			made = append(made, filepath.Join(dir, sub))
		}
		for _, p := range made {
			st, err := os.Lstat(filepath.Join(ws, p))
			if err != nil {
				t.Fatal(err)
			}
			if uid := st.Sys().(*syscall.Stat_t).Uid; uid != want {
				t.Errorf("cache-dir %s: %s belongs to uid %d; want the workspace's owner, %d", dir, p, uid, want)
			}
		}
	}
}

// TestCacheDirReleaseLeavesModuleCacheRemovable: the go command makes
// the module cache's directories read-only (a downloaded toolchain's too,
// whatever -modcacherw says), so a self-hosted runner's next checkout,
// removing the workspace's files as the runner's user, could not remove
// their files. After the run they are writable by their owner; a link
// in the cache is not followed, and a GOMODCACHE the workflow set itself
// is left alone.
func TestCacheDirReleaseLeavesModuleCacheRemovable(t *testing.T) {
	ws, outside := t.TempDir(), t.TempDir()
	env, release, err := withCacheDir(context.Background(), []string{"PATH=/bin"}, ws, ".benchgate-cache")
	if err != nil {
		t.Fatal(err)
	}
	mod := filepath.Join(ws, ".benchgate-cache", "mod")
	if !slices.Contains(env, "GOMODCACHE="+mod) {
		t.Fatalf("environment %q; want GOMODCACHE=%s", env, mod)
	}
	readOnly := []string{
		filepath.Join(mod, "golang.org", "toolchain@v0.0.1-go1.27.3.linux-amd64", "src"),
		filepath.Join(mod, "example.com", "m@v1.0.0"),
	}
	for _, d := range readOnly {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(d, "f.go"), []byte("package m\n"), 0o444)
	}
	if err := os.Symlink(outside, filepath.Join(mod, "link")); err != nil {
		t.Fatal(err)
	}
	// Read-only from the deepest up, as the go command leaves them.
	for _, d := range append(readOnly, filepath.Dir(readOnly[0]), filepath.Dir(readOnly[1]), outside) {
		if err := os.Chmod(d, 0o555); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { ownerWritableDirs(mod); os.Chmod(outside, 0o755) })
	release()
	for _, d := range append(readOnly, filepath.Dir(readOnly[0]), filepath.Dir(readOnly[1])) {
		if st, err := os.Stat(d); err != nil || st.Mode().Perm() != 0o755 {
			t.Errorf("%s after the run: %v, %v; want drwxr-xr-x", d, st.Mode(), err)
		}
	}
	if st, _ := os.Stat(filepath.Join(readOnly[1], "f.go")); st.Mode().Perm() != 0o444 {
		t.Errorf("a file's mode changed to %v; only directories need the write bit", st.Mode())
	}
	if st, _ := os.Stat(outside); st.Mode().Perm() != 0o555 {
		t.Errorf("the directory a link in the cache points to became %v; the link must not be followed", st.Mode())
	}

	// The workflow's own GOMODCACHE: not this run's to change.
	own := t.TempDir()
	os.Chmod(own, 0o555)
	t.Cleanup(func() { os.Chmod(own, 0o755) })
	_, release, err = withCacheDir(context.Background(), []string{"PATH=/bin", "GOMODCACHE=" + own}, ws, ".benchgate-cache")
	if err != nil {
		t.Fatal(err)
	}
	release()
	if st, _ := os.Stat(own); st.Mode().Perm() != 0o555 {
		t.Errorf("the workflow's GOMODCACHE became %v; want it left alone", st.Mode())
	}
}
