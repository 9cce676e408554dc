package action

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/usage"
)

func TestWithCacheDir(t *testing.T) {
	ws := t.TempDir()
	env, _, err := withCacheDir(context.Background(), []string{"PATH=/bin", "GOMODCACHE=/keep/mod"}, ws, ".benchgate-cache")
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
	if _, _, err := withCacheDir(context.Background(), nil, ws, "../outside"); err == nil {
		t.Error("a cache-dir outside the workspace was accepted")
	}
}

// A checkout can commit the cache-dir: as a symlink (root would create
// the caches wherever it points), with a symlink inside it, or as files
// (a toolchain in the module cache that the go command would run). Each
// is refused, and nothing is written through the link.
func TestWithCacheDirRefusesWhatTheCheckoutPlanted(t *testing.T) {
	ctx := context.Background()
	elsewhere := t.TempDir()
	refused := func(t *testing.T, ws, dir, want string) {
		t.Helper()
		_, _, err := withCacheDir(ctx, []string{"PATH=" + os.Getenv("PATH"), "GIT_CONFIG_NOSYSTEM=1", "HOME=" + t.TempDir()}, ws, dir)
		var ue *usage.Error
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), want) {
			t.Errorf("withCacheDir(%q) = %v, want a usage error containing %q", dir, err, want)
		}
	}
	t.Run("symlink", func(t *testing.T) {
		ws := t.TempDir()
		os.Symlink(elsewhere, filepath.Join(ws, ".benchgate-cache"))
		refused(t, ws, ".benchgate-cache", "input cache-dir: .benchgate-cache is a symlink")
		os.MkdirAll(filepath.Join(ws, "sub"), 0o755)
		os.Symlink(elsewhere, filepath.Join(ws, "sub", "link"))
		refused(t, ws, "sub/link/cache", "input cache-dir: sub/link is a symlink")
	})
	t.Run("symlink inside", func(t *testing.T) {
		ws := t.TempDir()
		os.Mkdir(filepath.Join(ws, ".benchgate-cache"), 0o755)
		os.Symlink(filepath.Join(elsewhere, "planted"), filepath.Join(ws, ".benchgate-cache", ".gitignore"))
		refused(t, ws, ".benchgate-cache", "input cache-dir: .benchgate-cache/.gitignore is a symlink")
	})
	if ents, _ := os.ReadDir(elsewhere); len(ents) != 0 {
		t.Errorf("something was written through a link: %d entries", len(ents))
	}
	t.Run("tracked", func(t *testing.T) {
		ws := filepath.Join(t.TempDir(), "ws")
		gitRepo(t, ws, map[string]string{"go.mod": "module example.com/x\n\ngo 1.21\n"})
		planted := filepath.Join(ws, ".benchgate-cache", "mod", "golang.org", "toolchain@v0.0.1-go1.27.3.linux-amd64", "bin", "go")
		os.MkdirAll(filepath.Dir(planted), 0o755)
		if err := os.WriteFile(planted, []byte("#!/bin/sh\necho planted\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		gitIn(t, ws, "add", "-A")
		gitIn(t, ws, "commit", "-q", "-m", "a planted toolchain")
		refused(t, ws, ".benchgate-cache", "input cache-dir: .benchgate-cache holds files the checkout put there (git tracks them)")
		// The same directory, untracked (restored by actions/cache), is fine.
		gitIn(t, ws, "rm", "-q", "-r", "--cached", ".benchgate-cache")
		gitIn(t, ws, "commit", "-q", "-m", "untrack")
		if _, _, err := withCacheDir(ctx, []string{"PATH=" + os.Getenv("PATH"), "GIT_CONFIG_NOSYSTEM=1", "HOME=" + t.TempDir()}, ws, ".benchgate-cache"); err != nil {
			t.Errorf("an untracked cache-dir: %v", err)
		}
	})
}
