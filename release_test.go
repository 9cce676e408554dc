package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReleaseAction runs scripts/release-action.sh, which the release
// workflow runs on a version tag, on a clone of this repository: the
// release commit's action.yml runs the prebuilt image of that version,
// and nothing else changes.
func TestReleaseAction(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "clone")
	run := func(dir string, name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@benchgate.invalid", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@benchgate.invalid")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run(".", "git", "clone", "-q", "--no-local", ".", dir)
	// The clone has what HEAD has; the script must be the working tree's.
	script, err := os.ReadFile("scripts/release-action.sh")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "scripts/release-action.sh"), script, 0o755); err != nil {
		t.Fatal(err)
	}
	run(dir, "git", "add", "scripts/release-action.sh")
	run(dir, "git", "commit", "-q", "--allow-empty", "-m", "script")
	before := run(dir, "git", "rev-parse", "HEAD")

	bad := exec.Command("bash", "scripts/release-action.sh", "1.2", "ghcr.io/benchgate/benchgate")
	bad.Dir = dir
	if out, err := bad.CombinedOutput(); err == nil || !strings.Contains(string(out), "is not a version such as v1.2.3") {
		t.Errorf("a bad version was accepted: %v\n%s", err, out)
	}

	out := run(dir, "bash", "scripts/release-action.sh", "v1.2.3", "ghcr.io/benchgate/benchgate")
	if !strings.Contains(out, "action.yml runs ghcr.io/benchgate/benchgate:v1.2.3") {
		t.Errorf("output: %s", out)
	}
	yml, err := os.ReadFile(filepath.Join(dir, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(yml), "\n  image: 'docker://ghcr.io/benchgate/benchgate:v1.2.3'\n") || strings.Contains(string(yml), "image: Dockerfile") {
		t.Errorf("action.yml's runs after the release commit:\n%s", yml[strings.Index(string(yml), "runs:"):])
	}
	if changed := run(dir, "git", "diff", "--name-only", strings.TrimSpace(before), "HEAD"); strings.TrimSpace(changed) != "action.yml" {
		t.Errorf("the release commit changed %q, want only action.yml", changed)
	}
	// The working tree of this repository keeps the Dockerfile, which
	// uses: ./ builds.
	own, _ := os.ReadFile("action.yml")
	if !strings.Contains(string(own), "\n  image: Dockerfile\n") {
		t.Error("action.yml on this branch does not build the Dockerfile")
	}
}

// TestVersion: benchgate version prints the version the release build
// links in (the image's Dockerfile passes the tag), and devel otherwise.
func TestVersion(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "benchgate")
	build := exec.Command("go", "build", "-ldflags", "-X github.com/benchgate/benchgate/gate/cli.version=v1.2.3", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil || strings.TrimSpace(string(out)) != "benchgate v1.2.3" {
		t.Errorf("benchgate version = %q, %v; want benchgate v1.2.3", out, err)
	}
	dockerfile, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(dockerfile), `-X github.com/benchgate/benchgate/gate/cli.version=${VERSION}`) {
		t.Error("the Dockerfile does not link the release's version in")
	}
}
