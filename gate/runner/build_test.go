package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// Two sides that build the same thing (one toolchain, one working tree)
// link once: the second side gets its own read-only copy of each binary.
func TestRunSameBuildLinksOnce(t *testing.T) {
	fe := &fakeExec{onBuild: func(bin string) { os.WriteFile(bin, []byte("#!/bin/true\n# built once\n"), 0o755) }}
	p := testPlan(t, 2)
	p.Sides[1].Toolchain = "local"
	var progress strings.Builder
	out, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Exec: fe, Progress: &progress})
	if err != nil {
		t.Fatal(err)
	}
	builds := len(goTestCalls(fe.calls))
	if builds != 1 {
		t.Errorf("go test -c ran %d times, want once for the one package both sides build", builds)
	}
	if !strings.Contains(progress.String(), "building head (go1.26.8 · GOTOOLCHAIN=local · working tree): the same build as base, so a copy of its binaries: 1 package(s)") {
		t.Errorf("progress does not say head reuses base's build:\n%s", progress.String())
	}
	base, head := out.Sides[0].Packages, out.Sides[1].Packages
	// With privilege separation each side runs in a copy of the working
	// tree of its own (run0/a, run1/a), a path as long as the other's.
	if len(base) != 1 || len(head) != 1 || base[0].ImportPath != head[0].ImportPath ||
		len(base[0].Dir) != len(head[0].Dir) || filepath.Base(base[0].Dir) != filepath.Base(head[0].Dir) {
		t.Fatalf("packages differ: base %+v, head %+v", base, head)
	}
	if base[0].Binary == head[0].Binary {
		t.Fatalf("both sides run the same file %s; each side needs its own copy", base[0].Binary)
	}
	// The binaries are removed with the run's temporary directory, so
	// check them through what ran: each side ran its own path.
	ran := map[string]int{}
	for _, c := range fe.calls {
		if c.Path != "go" && !isList(c) {
			ran[c.Path]++
		}
	}
	if ran[base[0].Binary] != 2 || ran[head[0].Binary] != 2 {
		t.Errorf("runs per binary %v, want 2 of base's %s and 2 of head's %s", ran, base[0].Binary, head[0].Binary)
	}
}

// The copy is byte for byte the built binary, benchgate's and read-only.
func TestCopySealed(t *testing.T) {
	dir := t.TempDir()
	from, to := dir+"/from", dir+"/to"
	content := bytes.Repeat([]byte("binary "), 10000)
	if err := os.WriteFile(from, content, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := copySealed(from, to); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(to)
	if err != nil || !bytes.Equal(got, content) {
		t.Fatalf("copy differs (%v)", err)
	}
	if fi, _ := os.Stat(to); fi.Mode().Perm() != 0o555 {
		t.Errorf("copy mode %v, want 0555", fi.Mode().Perm())
	}
	if _, err := os.Stat(from); err != nil {
		t.Errorf("copySealed removed its source: %v", err)
	}
	if err := copySealed(from, to); err == nil {
		t.Error("copySealed overwrote an existing file")
	}
	if err := os.Symlink(from, dir+"/link"); err != nil {
		t.Fatal(err)
	}
	if err := copySealed(dir+"/link", dir+"/to2"); err == nil {
		t.Error("copySealed followed a symbolic link")
	}
}

// twoPackages is a go command whose module has two packages with tests;
// building b fails at once, building a fails only after b has (or after
// a second, where packages do not build at the same time).
type twoPackages struct {
	mu      sync.Mutex
	calls   []Cmd
	bFailed chan struct{}
	once    sync.Once
	// concurrent records that a was still building when b failed.
	concurrent bool
}

func (f *twoPackages) Run(ctx context.Context, c Cmd, out io.Writer) error {
	f.mu.Lock()
	f.calls = append(f.calls, c)
	f.mu.Unlock()
	switch {
	case c.Path == "go" && c.Args[0] == "env":
		fmt.Fprintln(out, "go1.26.8")
	case c.Path == "go" && c.Args[0] == "list":
		fmt.Fprintf(out, "example.com/a\t%s/a\t1\t0\nexample.com/b\t%s/b\t1\t0\n", c.Dir, c.Dir)
	case c.Path == "go" && c.Args[0] == "test":
		if c.Args[len(c.Args)-1] == "example.com/b" {
			fmt.Fprintln(out, "b/b_test.go:3:1: syntax error")
			f.once.Do(func() { close(f.bFailed) })
			return errors.New("exit status 1")
		}
		select {
		case <-f.bFailed:
			f.mu.Lock()
			f.concurrent = true
			f.mu.Unlock()
		case <-time.After(time.Second):
		}
		fmt.Fprintln(out, "a/a_test.go:7:2: undefined: x")
		return errors.New("exit status 1")
	}
	return nil
}

// Packages build at the same time, and the failure reported is the first
// package's in go list's order, not the first to finish.
func TestBuildReportsFirstPackageInOrder(t *testing.T) {
	fe := &twoPackages{bFailed: make(chan struct{})}
	p := testPlan(t, 2)
	_, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Exec: fe})
	var bf *BenchmarkFailedError
	if !errors.As(err, &bf) {
		t.Fatalf("err = %v, want a BenchmarkFailedError", err)
	}
	if bf.Stage != "build" || bf.Side != "base" || bf.Package != "example.com/a" || !strings.Contains(string(bf.Tail), "undefined: x") {
		t.Errorf("reported %s/%s/%s (%q), want base's example.com/a", bf.Stage, bf.Side, bf.Package, bf.Tail)
	}
	builds := len(goTestCalls(fe.calls))
	if builds != 2 {
		t.Errorf("%d builds, want base's two (head is not built once base fails)", builds)
	}
	if runtime.NumCPU() >= 2 && !fe.concurrent {
		t.Errorf("with %d CPUs, a and b were built one after the other", runtime.NumCPU())
	}
}

// The built-in suite, unpacked into a new directory every run, builds
// with -trimpath so that its packages stay in the build cache between
// runs; a user's packages build exactly as go test -c builds them.
func TestSuiteBuildsWithTrimpath(t *testing.T) {
	for _, suite := range []bool{true, false} {
		fe := &fakeExec{}
		p := testPlan(t, 2)
		opts := Options{WorkDir: t.TempDir(), Exec: fe}
		if suite {
			p.Suite, p.Packages = true, []string{"./..."}
			opts.UnpackSuite = func(dir string) error { return os.MkdirAll(dir, 0o755) }
		}
		if _, err := Run(context.Background(), p, opts); err != nil {
			t.Fatal(err)
		}
		builds := goTestCalls(fe.calls)
		for _, c := range builds {
			if got := contains(c.Args, "-trimpath"); got != suite {
				t.Errorf("suite %v: go %v", suite, c.Args)
			}
		}
		if len(builds) != 2 {
			t.Errorf("suite %v: %d builds, want one per side", suite, len(builds))
		}
	}
}

// goTestCalls are the go test -c commands among calls.
func goTestCalls(calls []Cmd) []Cmd {
	var out []Cmd
	for _, c := range calls {
		if c.Path == "go" && c.Args[0] == "test" {
			out = append(out, c)
		}
	}
	return out
}
