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
	if _, err := withCacheDir(context.Background(), []string{"PATH=/bin"}, ws, ".benchgate-cache"); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"", "go-build", "mod", ".gitignore"} {
		st, err := os.Lstat(filepath.Join(ws, ".benchgate-cache", p))
		if err != nil {
			t.Fatal(err)
		}
		if uid := st.Sys().(*syscall.Stat_t).Uid; uid != want {
			t.Errorf(".benchgate-cache/%s belongs to uid %d; want the workspace's owner, %d", p, uid, want)
		}
	}
}
