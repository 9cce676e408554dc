package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// fixtureBase is the fixture benchmark's work per op on the base commit.
// Fillers do this much work too, so each takes as long as the measured
// benchmark before the slowdown.
const fixtureBase = 20000

// fixtureBench is the fixture's benchmark file before any fillers:
// BenchmarkWork is the measured benchmark and units, in units.go, its work
// per op.
const fixtureBench = `package power

import "testing"

var sink uint64

// work costs about n units of CPU: a dependent chain of multiply-adds.
func work(n int) uint64 {
	var x uint64 = 1
	for i := 0; i < n; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	return x
}

func BenchmarkWork(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sink += work(units)
	}
}
`

// fixture makes a repository in dir whose head commit makes the benchmark
// slower by pct percent. The package has fillers other benchmarks after
// it, which the head commit leaves alone.
func fixture(ctx context.Context, dir string, pct, fillers int) (string, error) {
	repo := filepath.Join(dir, fmt.Sprintf("fixture-%d", pct))
	if err := os.MkdirAll(repo, 0o755); err != nil {
		return "", err
	}
	bench := fixtureBench
	for i := 1; i <= fillers; i++ {
		bench += fmt.Sprintf(`
func BenchmarkFiller%02d(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sink += work(fillerUnits)
	}
}
`, i)
	}
	bench += fmt.Sprintf("\nconst fillerUnits = %d\n", fixtureBase)
	head := fixtureBase * (100 + pct) / 100
	steps := []func() error{
		write(repo, "go.mod", "module example.com/power\n\ngo 1.21\n"),
		write(repo, "bench_test.go", bench),
		write(repo, "units.go", fmt.Sprintf("package power\n\nconst units = %d\n", fixtureBase)),
		git(ctx, repo, "init", "-q", "-b", "main"),
		git(ctx, repo, "add", "-A"),
		git(ctx, repo, "commit", "-q", "-m", "base"),
		write(repo, "units.go", fmt.Sprintf("package power\n\nconst units = %d\n", head)),
		// An A/A head is a new commit with identical code, as a PR that
		// only touches a comment would be.
		write(repo, "note.txt", fmt.Sprintf("slowdown %d%%\n", pct)),
		git(ctx, repo, "add", "-A"),
		git(ctx, repo, "commit", "-q", "-m", "head"),
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return "", fmt.Errorf("making the +%d%% fixture: %w", pct, err)
		}
	}
	return repo, nil
}

// write is a step that writes content to the file name in dir.
func write(dir, name, content string) func() error {
	return func() error { return os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644) }
}

// git is a step that runs git with args in dir, as a fixed author.
func git(ctx context.Context, dir string, args ...string) func() error {
	return func() error {
		cmd := exec.CommandContext(ctx, "git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=power", "GIT_AUTHOR_EMAIL=power@benchgate.invalid",
			"GIT_COMMITTER_NAME=power", "GIT_COMMITTER_EMAIL=power@benchgate.invalid")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %v: %v\n%s", args, err, out)
		}
		return nil
	}
}
