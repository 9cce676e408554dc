package runner

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/usage"
)

// TestPrivateFilesStayPrivate: where the benchmarks run as users of their
// own, the copy of the working tree gives them only what they could read
// where it is: an untracked file only its owner can read (a credentials
// file an earlier step left in the workspace), or one in a directory
// others cannot enter, is left out and noted; a tracked file is copied
// whatever its mode (it is the repository's); and an untracked Go file
// left out is refused, since the build would then be of other code.
func TestPrivateFilesStayPrivate(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	write := func(rel string, mode os.FileMode) {
		p := filepath.Join(src, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(rel), mode); err != nil {
			t.Fatal(err)
		}
		os.Chmod(p, mode)
	}
	write("lib.go", 0o600)              // tracked, checked out under umask 077
	write("gha-creds-1234.json", 0o600) // untracked, private
	write("notes.txt", 0o644)           // untracked, public
	write("secret/key.pem", 0o644)      // untracked, in a private directory
	os.Chmod(filepath.Join(src, "secret"), 0o700)

	copyAll := func(private bool) *treeCopy {
		c := &treeCopy{src: src, dst: t.TempDir(), private: private, tracked: map[string]bool{"lib.go": true}}
		for _, f := range []string{"lib.go", "gha-creds-1234.json", "notes.txt", "secret/key.pem"} {
			if err := c.copyPath(filepath.FromSlash(f)); err != nil {
				t.Fatal(err)
			}
		}
		return c
	}
	c := copyAll(true)
	for f, want := range map[string]bool{"lib.go": true, "notes.txt": true, "gha-creds-1234.json": false, "secret/key.pem": false} {
		_, err := os.Stat(filepath.Join(c.dst, f))
		if got := err == nil; got != want {
			t.Errorf("%s copied: %v, want %v", f, got, want)
		}
	}
	var said []string
	if err := c.leftOut(func(format string, args ...any) { said = append(said, format) }); err != nil || len(said) != 1 {
		t.Fatalf("leftOut: %v, said %q", err, said)
	}
	if strings.Join(c.left, ",") != "gha-creds-1234.json,"+filepath.FromSlash("secret/key.pem") {
		t.Errorf("left out %q", c.left)
	}
	// Without users of their own, the benchmarks could read it all anyway.
	c = copyAll(false)
	if _, err := os.Stat(filepath.Join(c.dst, "gha-creds-1234.json")); err != nil || len(c.left) != 0 {
		t.Errorf("unisolated copy: %v, left out %q", err, c.left)
	}

	write("new_test.go", 0o600)
	c = &treeCopy{src: src, dst: dst, private: true, tracked: map[string]bool{}}
	if err := c.copyPath("new_test.go"); err != nil {
		t.Fatal(err)
	}
	err := c.leftOut(func(string, ...any) {})
	var ue *usage.Error
	if !errors.As(err, &ue) {
		t.Fatalf("an untracked Go file left out: %v, want a usage error (exit 2)", err)
	}
	if !strings.Contains(err.Error(), "the working tree's file new_test.go is not tracked by git and only its owner can read it") || !strings.Contains(ue.Hint, "chmod o+r new_test.go") {
		t.Errorf("an untracked Go file left out: %v (hint %q)", err, ue.Hint)
	}
}
