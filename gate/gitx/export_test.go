package gitx

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestExportLeavesNoRepository: a commit written out has the commit's
// files, modes and links and no .git, so git finds no repository there;
// the repository's index and working tree are untouched.
func TestExportLeavesNoRepository(t *testing.T) {
	ctx := context.Background()
	r := newRepo(t, 2)
	sh := func(script string) {
		t.Helper()
		cmd := exec.Command("sh", "-c", script)
		cmd.Dir, cmd.Env = r.Root, r.Env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", script, err, out)
		}
	}
	sh(`mkdir -p sub && echo run > sub/run.sh && chmod 755 sub/run.sh && ln -s f.txt link &&
		printf 'f.txt export-ignore\n' > .gitattributes && git add -A && git commit -q -m three &&
		git config http.https://github.com/.extraheader 'AUTHORIZATION: basic c2VjcmV0' &&
		echo dirty > f.txt && echo new > untracked.txt`)
	sha, _ := r.Resolve(ctx, "HEAD")
	index, _ := os.ReadFile(filepath.Join(r.Root, ".git", "index"))
	parent := t.TempDir()
	dir := filepath.Join(parent, "src0")
	os.Mkdir(dir, 0o755)
	if err := r.Export(ctx, sha, dir, filepath.Join(parent, "index0")); err != nil {
		t.Fatal(err)
	}
	// export-ignore is git archive's; a checkout has the file.
	if b, err := os.ReadFile(filepath.Join(dir, "f.txt")); err != nil || string(b) != "xx" {
		t.Errorf("f.txt = %q, %v; want the commit's", b, err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "sub", "run.sh")); err != nil || fi.Mode().Perm()&0o100 == 0 {
		t.Errorf("sub/run.sh lost its mode: %v %v", fi, err)
	}
	if target, err := os.Readlink(filepath.Join(dir, "link")); err != nil || target != "f.txt" {
		t.Errorf("link = %q, %v", target, err)
	}
	for _, f := range []string{".git", "untracked.txt"} {
		if _, err := os.Lstat(filepath.Join(dir, f)); err == nil {
			t.Errorf("%s was written out", f)
		}
	}
	cmd := exec.Command("git", "config", "--get-regexp", "extraheader")
	cmd.Dir, cmd.Env = dir, append(r.Env, "GIT_CEILING_DIRECTORIES="+parent)
	if out, err := cmd.CombinedOutput(); err == nil || strings.Contains(string(out), "c2VjcmV0") {
		t.Errorf("git config in the export: %v %s", err, out)
	}
	if after, _ := os.ReadFile(filepath.Join(r.Root, ".git", "index")); string(after) != string(index) {
		t.Error("Export changed the repository's index")
	}
	if b, _ := os.ReadFile(filepath.Join(r.Root, "f.txt")); string(b) != "dirty\n" {
		t.Error("Export changed the working tree")
	}
	files, err := r.Files(ctx)
	slices.Sort(files)
	if got := strings.Join(files, " "); err != nil || got != ".gitattributes f.txt link sub/run.sh untracked.txt" {
		t.Errorf("Files = %q, %v", got, err)
	}
	dirs, err := r.GitDirs(ctx)
	if err != nil || len(dirs) != 1 || dirs[0] != filepath.Join(r.Root, ".git") {
		t.Errorf("GitDirs = %v, %v", dirs, err)
	}
}
