//go:build unix

package action

import (
	"context"
	"os"
	"path/filepath"
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
		if _, err := withCacheDir(context.Background(), []string{"PATH=/bin"}, ws+"/", dir); err != nil {
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
