package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/plan"
)

// shardExec plays the go command and test binaries that have the
// benchmark functions fns, each binary reporting exactly the functions
// its -test.bench selects.
type shardExec struct {
	fns   []string
	calls []Cmd
}

func (f *shardExec) Run(ctx context.Context, c Cmd, out io.Writer) error {
	f.calls = append(f.calls, c)
	switch {
	case c.Path == "go" && c.Args[0] == "env":
		fmt.Fprintln(out, "go1.26.8")
	case c.Path == "go" && c.Args[0] == "list":
		fmt.Fprintf(out, "example.com/a\t%s/a\t1\t0\n", c.Dir)
	case c.Path == "go" && c.Args[0] == "test":
		os.WriteFile(c.Args[3], []byte("fake test binary\n"), 0o755)
	case isList(c):
		fmt.Fprintln(out, strings.Join(f.fns, "\n"))
	default:
		bench := ""
		for _, a := range c.Args {
			if v, ok := strings.CutPrefix(a, "-test.bench="); ok {
				bench = v
			}
		}
		fmt.Fprintln(out, "pkg: example.com/a")
		for _, fn := range f.fns {
			if plan.SelectsBenchmark(bench, fn) {
				fmt.Fprintf(out, "%s\n%s-2 100 1000 ns/op 0 B/op 0 allocs/op\n", fn, fn)
			}
		}
		fmt.Fprintln(out, "PASS")
	}
	return nil
}

// ran is the set of functions the binaries were asked to run.
func (f *shardExec) ran() []string {
	var out []string
	for _, c := range f.calls {
		if c.Path == "go" || isList(c) {
			continue
		}
		for _, a := range c.Args {
			if v, ok := strings.CutPrefix(a, "-test.bench="); ok {
				for _, fn := range f.fns {
					if plan.SelectsBenchmark(v, fn) && !slices.Contains(out, fn) {
						out = append(out, fn)
					}
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// TestShardRunsItsSlice: a sharded run lists every function, runs those
// of its shard only (a process per function, or one per package), and
// the shards together run every function once.
func TestShardRunsItsSlice(t *testing.T) {
	fns := []string{"BenchmarkA", "BenchmarkB", "BenchmarkC", "BenchmarkD", "BenchmarkE", "BenchmarkF", "BenchmarkG"}
	for _, g := range []plan.Granularity{plan.ByBenchmark, plan.ByPackage} {
		var all []string
		for k := 1; k <= 3; k++ {
			fe := &shardExec{fns: fns}
			p := testPlan(t, 2)
			p.Interleave, p.Shard = g, plan.Shard{K: k, N: 3}
			var progress strings.Builder
			out, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Env: []string{"PATH=/bin"}, Exec: fe, Progress: &progress})
			var want []string
			for _, fn := range fns {
				if p.Shard.Has("example.com/a", fn) {
					want = append(want, fn)
				}
			}
			if len(want) == 0 {
				if err == nil || !strings.Contains(err.Error(), ErrEmptyShard.Error()) {
					t.Errorf("%s shard %d/3 holds nothing, but Run said %v", g, k, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s shard %d/3: %v\n%s", g, k, err, progress.String())
			}
			if got := fe.ran(); !slices.Equal(got, want) {
				t.Errorf("%s shard %d/3 ran %v, want %v", g, k, got, want)
			}
			for _, s := range out.Sides {
				if got := s.Packages[0].Benchmarks; !slices.Equal(got, want) {
					t.Errorf("%s shard %d/3: %s's package lists %v, want %v", g, k, s.Name, got, want)
				}
			}
			if !regexp.MustCompile(fmt.Sprintf(`shard %d/3: %d of the 7 benchmark function`, k, len(want))).MatchString(progress.String()) {
				t.Errorf("no shard note in:\n%s", progress.String())
			}
			all = append(all, want...)
		}
		sort.Strings(all)
		if !slices.Equal(all, fns) {
			t.Errorf("%s: the shards ran %v together, want each of %v once", g, all, fns)
		}
	}
}

// TestEmptyShard: with one benchmark function and three shards, two
// shards hold nothing. Those say so (ErrEmptyShard, which is not a
// failure), not that -bench selects no benchmark; a -bench that selects
// nothing at all is still that error in every shard.
func TestEmptyShard(t *testing.T) {
	for _, g := range []plan.Granularity{plan.ByBenchmark, plan.ByPackage} {
		ran := 0
		for k := 1; k <= 3; k++ {
			p := testPlan(t, 2)
			p.Interleave, p.Shard = g, plan.Shard{K: k, N: 3}
			_, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Env: []string{"PATH=/bin"}, Exec: &shardExec{fns: []string{"BenchmarkA"}}})
			switch {
			case p.Shard.Has("example.com/a", "BenchmarkA"):
				if err != nil {
					t.Errorf("%s shard %d/3 holds BenchmarkA: %v", g, k, err)
				}
				ran++
			case !errors.Is(err, ErrEmptyShard) || errors.Is(err, ErrNoBenchmarks):
				t.Errorf("%s shard %d/3 holds nothing: Run said %v, want %v", g, k, err, ErrEmptyShard)
			}

			p = testPlan(t, 2)
			p.Interleave, p.Shard, p.Bench = g, plan.Shard{K: k, N: 3}, "^BenchmarkZ$"
			_, err = Run(context.Background(), p, Options{WorkDir: t.TempDir(), Env: []string{"PATH=/bin"}, Exec: &shardExec{fns: []string{"BenchmarkA"}}})
			if !errors.Is(err, ErrNoBenchmarks) {
				t.Errorf("%s shard %d/3, -bench selecting nothing: Run said %v, want %v", g, k, err, ErrNoBenchmarks)
			}
		}
		if ran != 1 {
			t.Errorf("%s: BenchmarkA ran in %d shards, want 1", g, ran)
		}
	}
}

// TestConfigSettings: a side's build settings reach its go command and
// its binaries, and its -pgo profile, found in the side's source, reaches
// go test -c.
func TestConfigSettings(t *testing.T) {
	fe := &shardExec{fns: []string{"BenchmarkA"}}
	p := testPlan(t, 2)
	p.Sides[1].Env = []string{"GOAMD64=v3", "GOEXPERIMENT=nogreenteagc"}
	p.Sides[1].PGO = "default.pgo"
	work := t.TempDir()
	if err := os.WriteFile(work+"/default.pgo", []byte("profile"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), p, Options{WorkDir: work, Env: []string{"PATH=/bin", "GOAMD64=v1"}, Exec: fe}); err != nil {
		t.Fatal(err)
	}
	for _, c := range fe.calls {
		// The sides share the working tree's copy: head's go command is
		// told by its toolchain, its binaries by their directory.
		head := getEnv(c.Env, "GOTOOLCHAIN") == "go1.27.3"
		if c.Path != "go" {
			head = strings.Contains(c.Path, "bin1")
		}
		want := "GOAMD64=v1"
		if head {
			want = "GOAMD64=v3"
		}
		if getEnv(c.Env, "GOAMD64") != strings.TrimPrefix(want, "GOAMD64=") {
			t.Errorf("%s %v ran with GOAMD64=%s, want %s", c.Path, c.Args, getEnv(c.Env, "GOAMD64"), want)
		}
		if c.Path == "go" && c.Args[0] == "test" {
			pgo := slices.ContainsFunc(c.Args, func(a string) bool { return strings.HasPrefix(a, "-pgo=") && strings.HasSuffix(a, "/default.pgo") })
			if pgo != head {
				t.Errorf("go %v: -pgo given %v, want %v", c.Args, pgo, head)
			}
		}
	}
	// A profile the side's source does not have fails its build, named.
	p = testPlan(t, 2)
	p.Sides[1].PGO = "missing.pgo"
	_, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Env: []string{"PATH=/bin"}, Exec: &shardExec{fns: []string{"BenchmarkA"}}})
	if err == nil || !strings.Contains(err.Error(), "the profile pgo=missing.pgo of -configs is not in the working tree") {
		t.Errorf("a missing profile: %v", err)
	}
}
