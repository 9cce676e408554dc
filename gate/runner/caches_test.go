//go:build unix

package runner

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// buildCacheFixture writes a small build cache at dir, dated 2100 as the
// image's is, with a link to a file outside it and a link to a directory
// outside it that a copy must not follow.
func buildCacheFixture(t *testing.T, dir string) {
	t.Helper()
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret")
	files := map[string]string{
		"README":    "This directory holds cached build artifacts from the Go build system.\n",
		"00/00aa-a": "action entry",
		"00/00bb-d": "output data",
		"ff/ffcc-d": strings.Repeat("x", 100_000),
		"trim.txt":  "4102444800\n",
	}
	if err := os.WriteFile(secret, []byte("not the cache's"), 0o600); err != nil {
		t.Fatal(err)
	}
	future := time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, future, future); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{"00/00dd-d": secret, "11": outside} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
}

// checkSeeded: dst holds src's regular files with their contents, dated
// now, and neither link nor what they point at.
func checkSeeded(t *testing.T, dst string) {
	t.Helper()
	for name, size := range map[string]int64{"README": 70, "00/00aa-a": 12, "00/00bb-d": 11, "ff/ffcc-d": 100_000, "trim.txt": 11} {
		st, err := os.Lstat(filepath.Join(dst, name))
		if err != nil {
			t.Errorf("the seeded cache lacks %s: %v", name, err)
			continue
		}
		if !st.Mode().IsRegular() || st.Size() != size {
			t.Errorf("seeded %s: %v, %d bytes; want a regular file of %d", name, st.Mode(), st.Size(), size)
		}
		if st.ModTime().After(time.Now().Add(time.Hour)) {
			t.Errorf("seeded %s is dated %v: a copy must be dated now, so that the go command can trim it", name, st.ModTime())
		}
	}
	for _, name := range []string{"00/00dd-d", "11"} {
		if _, err := os.Lstat(filepath.Join(dst, name)); err == nil {
			t.Errorf("the seeded cache has %s, a link in the source", name)
		}
	}
}

func TestSeedBuildCache(t *testing.T) {
	src, dst := t.TempDir(), filepath.Join(t.TempDir(), "go-build")
	buildCacheFixture(t, src)
	s, err := seedBuildCache(dst, src, seedLimit)
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(70 + 12 + 11 + 100_000 + 11); s != (seeded{files: 5, size: want}) {
		t.Errorf("seedBuildCache: %+v; want 5 files, %d bytes, none left out", s, want)
	}
	checkSeeded(t, dst)

	// A second seed into the same directory refuses to overwrite.
	if _, err := seedBuildCache(dst, src, seedLimit); err == nil {
		t.Error("seeding a cache that is not empty succeeded; want an error (files are created, never replaced)")
	}
}

// TestSeedBuildCacheLimit: past the limit, the most recently used entries
// (the newest) are copied and the older ones left out, counted.
func TestSeedBuildCacheLimit(t *testing.T) {
	src, dst := t.TempDir(), filepath.Join(t.TempDir(), "go-build")
	now := time.Now()
	for name, age := range map[string]time.Duration{
		"01/new-d":   time.Hour,
		"02/mid-d":   48 * time.Hour,
		"03/old-d":   96 * time.Hour,
		"04/older-d": 120 * time.Hour,
	} {
		p := filepath.Join(src, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(strings.Repeat("x", 400)), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
	}
	s, err := seedBuildCache(dst, src, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if want := (seeded{files: 2, size: 800, left: 2, leftSize: 800}); s != want {
		t.Errorf("seedBuildCache with a 1000-byte limit: %+v; want %+v", s, want)
	}
	for name, want := range map[string]bool{"01/new-d": true, "02/mid-d": true, "03/old-d": false, "04/older-d": false} {
		if _, err := os.Lstat(filepath.Join(dst, name)); (err == nil) != want {
			t.Errorf("%s copied: %v; want %v (the newest that fit in the limit)", name, err == nil, want)
		}
	}
}

// TestSetupBuilderSeedsEmptyGOCACHE: a GOCACHE the environment names (the
// Action's cache-dir) that is empty gets a copy of the builder's cache in
// the state directory, owned by the builder for the run and given back to
// the directory's owner after it; one that is not empty is left as it is.
func TestSetupBuilderSeedsEmptyGOCACHE(t *testing.T) {
	state := t.TempDir()
	buildCacheFixture(t, filepath.Join(state, "go-build"))
	ws := t.TempDir()
	for _, d := range []string{filepath.Dir(ws), ws} {
		os.Chmod(d, 0o755) // reachable by the builder, as a runner's workspace is
	}
	gocache := filepath.Join(ws, "cache", "go-build")
	if err := os.MkdirAll(gocache, 0o755); err != nil { // as the Action's cache-dir makes it
		t.Fatal(err)
	}
	env := []string{"GOCACHE=" + gocache, "GOENV=off"}
	root := os.Geteuid() == 0
	b := Identity{UID: uint32(os.Getuid()), GID: uint32(os.Getgid())}
	if root {
		b = Identity{UID: 2000000123, GID: 2000000123}
	}
	d, err := setupBuilderIn(state, env, b, t.TempDir(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(d.notes, "\n")
	if !root {
		// The state directory is trusted only when root owns it.
		if !strings.Contains(notes, "does not belong to root") || strings.Contains(notes, "seeded") {
			t.Errorf("as uid %d, notes:\n%s\nwant the state directory refused and no seed", os.Getuid(), notes)
		}
		return
	}
	if d.gocache != gocache || !strings.Contains(notes, "GOCACHE="+gocache+" was empty: seeded it from "+filepath.Join(state, "go-build")+" (5 files") {
		t.Fatalf("GOCACHE %s, notes:\n%s\nwant %s seeded from the state directory", d.gocache, notes, gocache)
	}
	checkSeeded(t, gocache)
	owner := func(p string) uint32 {
		st, err := os.Lstat(p)
		if err != nil {
			t.Fatal(err)
		}
		return st.Sys().(*syscall.Stat_t).Uid
	}
	if u := owner(filepath.Join(gocache, "ff", "ffcc-d")); u != b.UID {
		t.Errorf("a seeded file belongs to uid %d during the run; want the builder's, %d", u, b.UID)
	}
	for _, f := range d.giveBack {
		f()
	}
	if u := owner(filepath.Join(gocache, "ff", "ffcc-d")); u != 0 {
		t.Errorf("after the run a seeded file belongs to uid %d; want the directory's owner, root", u)
	}

	// Not empty: left as it is, no note.
	d, err = setupBuilderIn(state, env, b, t.TempDir(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range d.giveBack {
		f()
	}
	if strings.Contains(strings.Join(d.notes, "\n"), "seeded") {
		t.Errorf("a GOCACHE that is not empty was seeded again:\n%s", strings.Join(d.notes, "\n"))
	}
}
