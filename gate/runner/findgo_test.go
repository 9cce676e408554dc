package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFindGo: the go command on PATH is used as it is; with a PATH that
// has none (a runner that passes its own PATH into the container), Go's
// installation is found all the same and put first on the children's
// PATH.
func TestFindGo(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "go")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	got, env := FindGo([]string{"PATH=/nonexistent:" + dir})
	if got != fake || getEnv(env, "PATH") != "/nonexistent:"+dir {
		t.Errorf("on PATH: %q, PATH %q", got, getEnv(env, "PATH"))
	}
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "bin"), 0o755)
	rootGo := filepath.Join(root, "bin", "go")
	os.WriteFile(rootGo, []byte("#!/bin/sh\n"), 0o755)
	got, env = FindGo([]string{"PATH=/usr/bin:/bin", "GOROOT=" + root})
	if got != rootGo || !strings.HasPrefix(getEnv(env, "PATH"), filepath.Join(root, "bin")+":/usr/bin") {
		t.Errorf("off PATH: %q, PATH %q", got, getEnv(env, "PATH"))
	}
}
