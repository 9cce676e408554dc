package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/plan"
)

// scriptedExec plays the go command, and plays each benchmark run with the
// next entry of runs (the last one repeats).
type scriptedExec struct {
	runs []func(ctx context.Context, out io.Writer) error
	n    int
}

func (f *scriptedExec) Run(ctx context.Context, c Cmd, out io.Writer) error {
	if c.Path == "go" {
		switch c.Args[0] {
		case "env":
			fmt.Fprintln(out, "go1.26.8")
		case "list":
			fmt.Fprintf(out, "example.com/a\t%s/a\t1\t0\n", c.Dir)
		case "test":
			// go test -c -o BIN PKG
			os.WriteFile(c.Args[3], []byte("fake test binary\n"), 0o755)
		}
		return nil
	}
	if isList(c) {
		fmt.Fprint(out, "BenchmarkX\nBenchmarkY\nBenchmarkHang\n")
		return nil
	}
	i := min(f.n, len(f.runs)-1)
	f.n++
	return f.runs[i](ctx, out)
}

// prints is a run that prints text and exits with err.
func prints(text string, err error) func(context.Context, io.Writer) error {
	return func(_ context.Context, out io.Writer) error {
		io.WriteString(out, text)
		return err
	}
}

const goodRun = "goos: linux\nBenchmarkX\nBenchmarkX-2 \t 100\t 1000 ns/op 0 B/op 0 allocs/op\nPASS\n"

func hardPlan(t *testing.T, rounds int) *plan.Plan {
	t.Helper()
	return &plan.Plan{
		Sides:     []plan.Side{{Name: "base", Toolchain: "local"}, {Name: "head", Toolchain: "local"}},
		Packages:  []string{"./..."},
		Bench:     ".",
		Benchtime: "10ms",
		// The fakes name their results as the testing package does at
		// GOMAXPROCS 2.
		CPU:        "2",
		Rounds:     rounds,
		Timeout:    time.Minute,
		ResultsDir: filepath.Join(t.TempDir(), "out"),
	}
}

func exitErr(t *testing.T, code int) error {
	t.Helper()
	err := exec.Command("sh", "-c", fmt.Sprintf("exit %d", code)).Run()
	if err == nil {
		t.Fatal("sh exit did not fail")
	}
	return err
}

// TestRunMisbehavingBenchmarks checks the error for each way a benchmark
// binary can misbehave: it must name side, package, round and benchmark,
// carry the output's tail and a hint, and keep what was measured.
func TestRunMisbehavingBenchmarks(t *testing.T) {
	for _, tt := range []struct {
		name string
		run  func(t *testing.T) func(context.Context, io.Writer) error
		// want are substrings of the error message.
		want  []string
		bench string
	}{
		{
			name: "b.Fatal",
			run: func(t *testing.T) func(context.Context, io.Writer) error {
				return prints("BenchmarkY\n    y_test.go:9: boom\n--- FAIL: BenchmarkY\nFAIL\n", exitErr(t, 1))
			},
			want:  []string{"failed in BenchmarkY: exit status 1", "y_test.go:9: boom"},
			bench: "BenchmarkY",
		},
		{
			name: "panic",
			run: func(t *testing.T) func(context.Context, io.Writer) error {
				return prints("BenchmarkY\npanic: boom\n\ngoroutine 7 [running]:\nexample.com/a.BenchmarkY(0xc0)\n", exitErr(t, 2))
			},
			want:  []string{"failed in BenchmarkY: exit status 2", "panic: boom"},
			bench: "BenchmarkY",
		},
		{
			name: "os.Exit(0) under -test.paniconexit0",
			run: func(t *testing.T) func(context.Context, io.Writer) error {
				return prints("BenchmarkX\nBenchmarkX-2 \t 100\t 1000 ns/op 0 B/op 0 allocs/op\nBenchmarkY\npanic: unexpected call to os.Exit(0) during test\n\ngoroutine 7 [running]:\nos.Exit(0x0)\nexample.com/a.BenchmarkY(0xc0)\n", exitErr(t, 2))
			},
			want:  []string{"failed in BenchmarkY", "unexpected call to os.Exit(0)"},
			bench: "BenchmarkY",
		},
		{
			name: "os.Exit(1)",
			run: func(t *testing.T) func(context.Context, io.Writer) error {
				return prints("BenchmarkX\nBenchmarkX-2 \t 100\t 1000 ns/op 0 B/op 0 allocs/op\nBenchmarkY\n", exitErr(t, 1))
			},
			want:  []string{"failed in BenchmarkY: exit status 1", "hint: the test binary exited with status 1 without reporting a failure"},
			bench: "BenchmarkY",
		},
		{
			name: "os.Exit(1) between benchmarks",
			run: func(t *testing.T) func(context.Context, io.Writer) error {
				return prints("BenchmarkX-2 \t 100\t 1000 ns/op 0 B/op 0 allocs/op\n", exitErr(t, 1))
			},
			want: []string{"failed after BenchmarkX-2 completed: exit status 1", "call os.Exit"},
		},
		{
			name: "killed by a signal",
			run: func(t *testing.T) func(context.Context, io.Writer) error {
				return prints("BenchmarkY\n", exitErr(t, -1))
			},
			want:  []string{"failed in BenchmarkY"},
			bench: "BenchmarkY",
		},
		{
			name: "a fake result line",
			run: func(t *testing.T) func(context.Context, io.Writer) error {
				return prints("BenchmarkX\n::error::pwned\nBenchmarkFake 1 NaN ns/op\nBenchmarkX-2 \t 100\t 1000 ns/op 0 B/op 0 allocs/op\nPASS\n", nil)
			},
			want:  []string{"failed in BenchmarkX: a line that looks like a result is not one: \"BenchmarkFake 1 NaN ns/op\"", "hint: output printed while a benchmark runs"},
			bench: "BenchmarkX",
		},
		{
			name: "a cut result line",
			run: func(t *testing.T) func(context.Context, io.Writer) error {
				return prints("BenchmarkX\nBenchmarkX-2 \tgarbage\n100\t 1000 ns/op 0 B/op 0 allocs/op\nPASS\n", nil)
			},
			want:  []string{"failed in BenchmarkX: a line that looks like a result is not one"},
			bench: "BenchmarkX",
		},
		{
			name: "exit 0 without PASS",
			run: func(t *testing.T) func(context.Context, io.Writer) error {
				return prints("\x00\xff random bytes\n", nil)
			},
			want: []string{"exited with status 0 but did not print PASS", "hint: the output is not what go test prints"},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// Round 1 is fine on both sides; base fails in round 2
			// (head then base), the 4th run.
			fe := &scriptedExec{runs: []func(context.Context, io.Writer) error{
				prints(goodRun, nil), prints(goodRun, nil), prints(goodRun, nil), tt.run(t),
			}}
			p := hardPlan(t, 3)
			out, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Exec: fe})
			var bf *BenchmarkFailedError
			if !errors.As(err, &bf) {
				t.Fatalf("error %v, want *BenchmarkFailedError", err)
			}
			if bf.Side != "base" || bf.Round != 2 || bf.Package != "example.com/a" || bf.Benchmark != tt.bench {
				t.Errorf("failure names side %q round %d package %q benchmark %q; want base 2 example.com/a %q", bf.Side, bf.Round, bf.Package, bf.Benchmark, tt.bench)
			}
			msg := err.Error()
			// The failed run's own results stay too.
			base, _ := os.ReadFile(out.Sides[0].File)
			nBase := 0
			for _, l := range strings.Split(string(base), "\n") {
				if resultRE.MatchString(l) {
					nBase++
				}
			}
			want := append([]string{"running base benchmarks for example.com/a (round 2)",
				fmt.Sprintf("results measured so far are kept in %s (%d result lines), %s (2 result lines)", out.Sides[0].File, nBase, out.Sides[1].File)}, tt.want...)
			for _, w := range want {
				if !strings.Contains(msg, w) {
					t.Errorf("error lacks %q:\n%s", w, msg)
				}
			}
			if !strings.Contains(string(base), "BenchmarkX-2 \t 100\t 1000 ns/op") {
				t.Errorf("round 1 lost from base.txt:\n%s", base)
			}
			if out.RoundsDone != 1 {
				t.Errorf("rounds done %d, want 1", out.RoundsDone)
			}
		})
	}
}

// TestRunTimeout checks that a benchmark that hangs is killed after
// -timeout, not later, and named.
func TestRunTimeout(t *testing.T) {
	fe := &scriptedExec{runs: []func(context.Context, io.Writer) error{
		prints(goodRun, nil),
		func(ctx context.Context, out io.Writer) error {
			io.WriteString(out, "BenchmarkX\nBenchmarkX-2 \t 100\t 1000 ns/op 0 B/op 0 allocs/op\nBenchmarkHang\n")
			<-ctx.Done()
			return errors.New("signal: killed")
		},
	}}
	p := hardPlan(t, 2)
	p.Timeout = 100 * time.Millisecond
	start := time.Now()
	_, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Exec: fe})
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the hang was killed after %v, want about %v", d, p.Timeout)
	}
	var bf *BenchmarkFailedError
	if !errors.As(err, &bf) || bf.Benchmark != "BenchmarkHang" || bf.Side != "head" {
		t.Fatalf("got %v, want head's BenchmarkHang named", err)
	}
	for _, w := range []string{"failed in BenchmarkHang: killed after the 100ms timeout (-timeout)", "hint: one run of a package's benchmarks took longer than -timeout 100ms"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error lacks %q:\n%s", w, err)
		}
	}
}

// TestRunCancelled cancels a run in round 2 and checks that the error is
// the cancellation, that round 1 is kept, and that the temporary directory
// is gone.
func TestRunCancelled(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	fe := &scriptedExec{runs: []func(context.Context, io.Writer) error{
		prints(goodRun, nil), prints(goodRun, nil),
		func(ctx context.Context, out io.Writer) error {
			io.WriteString(out, "BenchmarkX\n")
			cancel()
			<-ctx.Done()
			return errors.New("signal: killed")
		},
	}}
	p := hardPlan(t, 4)
	out, err := Run(ctx, p, Options{WorkDir: t.TempDir(), Exec: fe})
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "interrupted in round 2; results measured so far are kept") {
		t.Fatalf("got %v", err)
	}
	for _, s := range out.Sides {
		b, _ := os.ReadFile(s.File)
		if !strings.Contains(string(b), "round=1/4") || !strings.Contains(string(b), "BenchmarkX-2 \t 100\t 1000 ns/op") {
			t.Errorf("%s lost round 1:\n%s", s.File, b)
		}
	}
	if left := leftTempDirs(tmp); len(left) > 0 {
		t.Errorf("temporary directories left behind: %v", left)
	}
}

// TestCancelRemovesSources runs commit sides in a real git repository
// and cancels mid-round: the commits' written-out sources and the
// temporary directory must be gone afterwards, and git must know no
// worktree.
func TestCancelRemovesSources(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	repoDir := t.TempDir()
	env := append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t", "GIT_CONFIG_NOSYSTEM=1", "HOME="+repoDir)
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = repoDir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q", "-b", "main")
	os.WriteFile(filepath.Join(repoDir, "go.mod"), []byte("module example.com/a\n"), 0o644)
	git("add", "-A")
	git("commit", "-q", "-m", "one")
	sha := git("rev-parse", "HEAD")
	repo, err := gitx.Open(context.Background(), repoDir, env)
	if err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	fe := &scriptedExec{runs: []func(context.Context, io.Writer) error{
		prints(goodRun, nil),
		func(ctx context.Context, out io.Writer) error {
			cancel()
			<-ctx.Done()
			return ctx.Err()
		},
	}}
	p := hardPlan(t, 3)
	p.Sides = []plan.Side{{Name: "base", Ref: "HEAD", Commit: sha}, {Name: "head", Ref: "HEAD", Commit: sha}}
	_, err = Run(ctx, p, Options{Repo: repo, WorkDir: repoDir, Env: env, Exec: fe})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want the cancellation", err)
	}
	if list := git("worktree", "list"); strings.Count(list, "\n") != 0 {
		t.Errorf("worktrees left behind:\n%s", list)
	}
	if left := leftTempDirs(tmp); len(left) > 0 {
		t.Errorf("temporary directories left behind: %v", left)
	}
}

// leftTempDirs lists this process's run directories under tmp and, where
// privilege separation puts them when tmp is private, under /tmp.
func leftTempDirs(tmp string) []string {
	pattern := fmt.Sprintf("benchgate-%d-*", os.Getpid())
	left, _ := filepath.Glob(filepath.Join(tmp, pattern))
	more, _ := filepath.Glob(filepath.Join("/tmp", pattern))
	return append(left, more...)
}

func TestLocateFailure(t *testing.T) {
	for _, tt := range []struct {
		name, out      string
		running, after string
	}{
		{"FAIL line", "BenchmarkA\nBenchmarkA-2 10 5 ns/op 0 B/op 0 allocs/op\nBenchmarkB\n--- FAIL: BenchmarkB\n", "BenchmarkB", ""},
		{"started, no result", "BenchmarkA\nBenchmarkA-2 10 5 ns/op 0 B/op 0 allocs/op\nBenchmarkB\n", "BenchmarkB", ""},
		{"sub-benchmark", "BenchmarkP\nBenchmarkP/a\nBenchmarkP/a-2 10 5 ns/op 0 B/op 0 allocs/op\nBenchmarkP/b\n", "BenchmarkP/b", ""},
		{"parent after its children", "BenchmarkP\nBenchmarkP/a\nBenchmarkP/a-2 10 5 ns/op 0 B/op 0 allocs/op\n", "BenchmarkP", ""},
		{"GOMAXPROCS=1 has no suffix", "BenchmarkA\nBenchmarkA 10 5 ns/op 0 B/op 0 allocs/op\n", "", "BenchmarkA"},
		{"-test.v: a panic after the result line's name", "BenchmarkA\nBenchmarkA-2 10 5 ns/op 0 B/op 0 allocs/op\nBenchmarkB\nBenchmarkB-2 \tpanic: x\n", "BenchmarkB", ""},
		{"without -test.v: cut result line", "BenchmarkA-2 10 5 ns/op 0 B/op 0 allocs/op\nBenchmarkB-2 \tpanic: x\n", "BenchmarkB-2", ""},
		{"without -test.v: goroutine trace", "BenchmarkA-2 10 5 ns/op 0 B/op 0 allocs/op\npanic: unexpected call to os.Exit(0) during test\n\nos.Exit(0x0)\nexample.com/a.BenchmarkB(0xc0)\n", "BenchmarkB", ""},
		{"timeout panic", "panic: test timed out after 1s\n\trunning tests:\n\t\tBenchmarkHang (1s)\n", "BenchmarkHang", ""},
		{"nothing ran", "garbage\n", "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			running, after := locateFailure([]byte(tt.out))
			if running != tt.running || after != tt.after {
				t.Errorf("locateFailure = %q, %q; want %q, %q", running, after, tt.running, tt.after)
			}
		})
	}
}

func TestLineWriter(t *testing.T) {
	var b strings.Builder
	lw := newLineWriter(&b, "", nil)
	lw.max = 64
	in := "BenchmarkA\nBenchmarkA-2 \t 10\t 5 ns/op 0 B/op 0 allocs/op\n" + strings.Repeat("x", 100) + "\nPASS\nno newline"
	// Write in small pieces, as a pipe would deliver it.
	for len(in) > 0 {
		n := min(7, len(in))
		lw.Write([]byte(in[:n]))
		in = in[n:]
	}
	if err := lw.Close(); err != nil {
		t.Fatal(err)
	}
	want := "BenchmarkA\nBenchmarkA-2 \t 10\t 5 ns/op 0 B/op 0 allocs/op\n# benchgate: a line of output of 100 bytes was left out (longer than 64)\nPASS\nno newline\n"
	if b.String() != want {
		t.Errorf("got %q\nwant %q", b.String(), want)
	}
	if lw.results != 1 || !lw.pass || lw.garbled != "" {
		t.Errorf("results %d pass %v garbled %q", lw.results, lw.pass, lw.garbled)
	}
}

// TestRunLongLineKeepsFileReadable checks that a benchmark printing a line
// longer than benchfmt can read does not spoil the results file.
func TestRunLongLineKeepsFileReadable(t *testing.T) {
	fe := &scriptedExec{runs: []func(context.Context, io.Writer) error{
		prints("BenchmarkX\n    x_test.go:3: "+strings.Repeat("blob", 50<<10)+"\nBenchmarkX-2 \t 100\t 1000 ns/op 0 B/op 0 allocs/op\nPASS\n", nil),
	}}
	p := hardPlan(t, 2)
	out, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Exec: fe})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(out.Sides[0].File)
	for _, l := range strings.Split(string(b), "\n") {
		if len(l) > maxLine {
			t.Fatalf("results file has a line of %d bytes", len(l))
		}
	}
	if strings.Count(string(b), "BenchmarkX-2 \t 100\t 1000 ns/op") != 2 || out.Sides[0].Results != 2 {
		t.Errorf("results lost:\n%s", b)
	}
}
