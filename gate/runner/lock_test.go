package runner

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/usage"
)

// A checkout can commit its results directory, or a file in it, as a
// symlink; root must not write through it.
func TestLockResultsDirRefusesLinks(t *testing.T) {
	wd := t.TempDir()
	t.Chdir(wd)
	elsewhere := t.TempDir()
	victim := filepath.Join(elsewhere, "victim")
	if err := os.WriteFile(victim, []byte("keep me\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Symlink(elsewhere, "linked"))
	must(os.Mkdir("real", 0o755))
	must(os.Symlink(elsewhere, filepath.Join("real", "sub")))
	must(os.Mkdir("planted", 0o755))
	must(os.Symlink(victim, filepath.Join("planted", "base.txt")))
	must(os.WriteFile("afile", nil, 0o644))
	must(os.Mkdir("earlier", 0o755))
	must(os.WriteFile(filepath.Join("earlier", "base.txt"), []byte("BenchmarkA 1 1 ns/op\n"), 0o644))
	outside := filepath.Join(t.TempDir(), "out")
	must(os.Symlink(elsewhere, outside))

	for _, tc := range []struct{ dir, want string }{
		{"linked", "linked is a symlink"},
		{"linked/deeper", "goes through the symlink " + filepath.Join(wd, "linked")},
		{"real/sub/x", "goes through the symlink " + filepath.Join(wd, "real", "sub")},
		{"planted", "holds base.txt, a symlink"},
		{"afile/x", "afile is a regular file, not a directory"},
		{outside, outside + " is a symlink"},
	} {
		lock, err := LockResultsDir(tc.dir)
		if err == nil {
			lock.Unlock()
			t.Errorf("LockResultsDir(%q) = nil error, want a refusal", tc.dir)
			continue
		}
		var ue *usage.Error
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("LockResultsDir(%q) = %v (%T), want a usage error containing %q", tc.dir, err, err, tc.want)
		}
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep me\n" {
		t.Errorf("the link's target was changed: %q", b)
	}
	if ents, _ := os.ReadDir(elsewhere); len(ents) != 1 {
		t.Errorf("benchgate wrote through a link: %d entries in the target directory, want 1", len(ents))
	}

	// A plain directory, new or from an earlier run, is fine.
	for _, dir := range []string{"fresh/results", "earlier"} {
		lock, err := LockResultsDir(dir)
		if err != nil {
			t.Errorf("LockResultsDir(%q): %v", dir, err)
			continue
		}
		lock.Unlock()
	}
}
