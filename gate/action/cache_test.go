package action

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestWithCacheDir(t *testing.T) {
	ws := t.TempDir()
	env, err := withCacheDir([]string{"PATH=/bin", "GOMODCACHE=/keep/mod"}, ws, ".benchgate-cache")
	if err != nil {
		t.Fatal(err)
	}
	want := "GOCACHE=" + filepath.Join(ws, ".benchgate-cache", "go-build")
	if !slices.Contains(env, want) || !slices.Contains(env, "GOMODCACHE=/keep/mod") || slices.Contains(env, "GOMODCACHE="+filepath.Join(ws, ".benchgate-cache", "mod")) {
		t.Errorf("env %v: want %s, and the GOMODCACHE the step set kept", env, want)
	}
	if b, err := os.ReadFile(filepath.Join(ws, ".benchgate-cache", ".gitignore")); err != nil || string(b[len(b)-2:]) != "*\n" {
		t.Errorf(".gitignore: %q, %v", b, err)
	}
	if _, err := withCacheDir(nil, ws, "../outside"); err == nil {
		t.Error("a cache-dir outside the workspace was accepted")
	}
}
