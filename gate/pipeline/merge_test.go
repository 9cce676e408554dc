package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/usage"
)

// side is one side's results in a test directory: benchmark name →
// per-round values (ns/op).
type sideData map[string][]float64

// writeDir writes a results directory as benchgate run leaves it: one
// file per side with cpu, and a manifest naming the sides and the shard.
func writeDir(t *testing.T, dir, cpu, shard string, sides ...sideData) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	names := []string{"base", "head"}
	if len(sides) > 2 {
		names = nil
		for i := range sides {
			names = append(names, fmt.Sprintf("s%d", i))
		}
	}
	m := runner.Manifest{Shard: shard, RoundsDone: 10}
	for i, data := range sides {
		var b strings.Builder
		fmt.Fprintf(&b, "goos: linux\ngoarch: amd64\npkg: example.com/x\ncpu: %s\n", cpu)
		n := 0
		for r := 0; r < 10; r++ {
			for name, vals := range data {
				if r < len(vals) {
					fmt.Fprintf(&b, "Benchmark%s-2 1000 %g ns/op\n", name, vals[r])
					n++
				}
			}
		}
		file := names[i] + ".txt"
		if err := os.WriteFile(filepath.Join(dir, file), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		m.Sides = append(m.Sides, runner.ManifestSide{Name: names[i], Toolchain: fmt.Sprintf("go1.2%d.0", i), File: file, Results: n})
	}
	data, _ := json.Marshal(m)
	if err := os.WriteFile(filepath.Join(dir, runner.ManifestFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// around is ten values around v (±2%, deterministic).
func around(v float64) []float64 {
	out := make([]float64, 10)
	for i := range out {
		out[i] = v * (1 + 0.02*float64(i%5-2)/2)
	}
	return out
}

func merge(t *testing.T, dirs ...string) (*report.Report, error) {
	t.Helper()
	p := decide.DefaultPolicy
	p.Correction = decide.CorrectionHolm
	return Merge(context.Background(), dirs, p, compare.DefaultOptions, usage.Flags, report.GateAnyStep)
}

// TestMergeShards: shards merge into one gate whose correction runs over
// every shard's comparisons, each shard's rows named by it.
func TestMergeShards(t *testing.T) {
	tmp := t.TempDir()
	d1 := writeDir(t, filepath.Join(tmp, "s1"), "cpu A", "1/2", sideData{"Fast": around(100)}, sideData{"Fast": around(100)})
	d2 := writeDir(t, filepath.Join(tmp, "s2"), "cpu B", "2/2", sideData{"Slow": around(100), "Other": around(50)}, sideData{"Slow": around(200), "Other": around(50)})
	rep, err := merge(t, d2, d1)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Verdict != decide.RegressionVerdict || rep.Counts[decide.Regression] != 1 || rep.Family != 3 {
		t.Errorf("verdict %s, %d regressions, family %d; want regression, 1, 3", rep.Verdict, rep.Counts[decide.Regression], rep.Family)
	}
	for _, d := range rep.Decisions {
		want := map[string]string{"Fast-2": "1/2", "Slow-2": "2/2", "Other-2": "2/2"}[d.Benchmark]
		if d.Config["shard"] != want {
			t.Errorf("%s is in shard %q, want %q", d.Benchmark, d.Config["shard"], want)
		}
	}
	notes := strings.Join(rep.Notes, "\n")
	for _, want := range []string{"shard 2/2 (" + d2 + "): 2 benchmark function(s) on cpu cpu B, linux/amd64, 10 rounds", "different CPU models (cpu cpu A: 1/2; cpu cpu B: 2/2)"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	if len(rep.Sides) != 2 || rep.Sides[1].Toolchain != "go1.21.0" {
		t.Errorf("sides %+v", rep.Sides)
	}
}

// TestMergeKeepsPairsApart: one benchmark measured in two directories
// (two machines of one model) is two comparisons, each of its own
// directory's base and head: a regression on one machine is not diluted
// by the other, and the other's samples are not paired with it.
func TestMergeKeepsPairsApart(t *testing.T) {
	tmp := t.TempDir()
	d1 := writeDir(t, filepath.Join(tmp, "m1"), "cpu A", "", sideData{"X": around(100)}, sideData{"X": around(200)})
	d2 := writeDir(t, filepath.Join(tmp, "m2"), "cpu A", "", sideData{"X": around(300)}, sideData{"X": around(300)})
	rep, err := merge(t, d1, d2)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Decisions) != 2 {
		t.Fatalf("%d decisions, want 2: one per directory", len(rep.Decisions))
	}
	got := map[string]decide.Status{}
	for _, d := range rep.Decisions {
		got[d.Config["shard"]] = d.Status
		if d.Base.N != 10 || d.Head.N != 10 {
			t.Errorf("%s has %d+%d samples, want 10+10", d.Config["shard"], d.Base.N, d.Head.N)
		}
	}
	if got["m1"] != decide.Regression || got["m2"] != decide.Unchanged {
		t.Errorf("statuses by directory = %v, want m1 regression, m2 unchanged", got)
	}
}

func TestMergeRefuses(t *testing.T) {
	tmp := t.TempDir()
	same := func() (sideData, sideData) { return sideData{"X": around(100)}, sideData{"X": around(100)} }
	b, h := same()
	s1 := writeDir(t, filepath.Join(tmp, "s1"), "c", "1/3", b, h)
	s2 := writeDir(t, filepath.Join(tmp, "s2"), "c", "2/3", b, h)
	s3 := writeDir(t, filepath.Join(tmp, "s3"), "c", "3/3", b, h)
	dup := writeDir(t, filepath.Join(tmp, "dup"), "c", "2/3", b, h)
	other := writeDir(t, filepath.Join(tmp, "other"), "c", "", b, h)
	ladder := writeDir(t, filepath.Join(tmp, "ladder"), "c", "", b, h, h)
	failed := writeDir(t, filepath.Join(tmp, "failed"), "c", "3/3", b, h)
	var m runner.Manifest
	data, _ := os.ReadFile(filepath.Join(failed, runner.ManifestFile))
	json.Unmarshal(data, &m)
	m.Error = "building head benchmarks: exit status 1"
	data, _ = json.Marshal(m)
	os.WriteFile(filepath.Join(failed, runner.ManifestFile), data, 0o644)
	escape := writeDir(t, filepath.Join(tmp, "escape"), "c", "", b, h)
	m = runner.Manifest{}
	data, _ = os.ReadFile(filepath.Join(escape, runner.ManifestFile))
	json.Unmarshal(data, &m)
	m.Sides[1].File = "../s1/head.txt"
	data, _ = json.Marshal(m)
	os.WriteFile(filepath.Join(escape, runner.ManifestFile), data, 0o644)
	link := writeDir(t, filepath.Join(tmp, "link"), "c", "", b, h)
	os.Remove(filepath.Join(link, "head.txt"))
	os.Symlink(filepath.Join(s1, "head.txt"), filepath.Join(link, "head.txt"))
	// A shard job given another bench: its slice of what it selects,
	// not of the matrix's selection.
	narrow := writeDir(t, filepath.Join(tmp, "narrow"), "c", "1/3", b, h)
	m = runner.Manifest{}
	data, _ = os.ReadFile(filepath.Join(narrow, runner.ManifestFile))
	json.Unmarshal(data, &m)
	m.Bench = "Work"
	data, _ = json.Marshal(m)
	os.WriteFile(filepath.Join(narrow, runner.ManifestFile), data, 0o644)

	for _, tt := range []struct {
		dirs  []string
		want  string
		usage bool
	}{
		{[]string{s1, s3}, "shard(s) 2/3 missing: the merge has 2 of 3 shards", true},
		{[]string{s1, s2, s3, dup}, "shard 2/3 is there twice", true},
		{[]string{s1, other}, "holds shard 1/3 and " + other + " the results of an unsharded run", true},
		{[]string{other, ladder}, "has 3 sides", true},
		{[]string{s1, s2, failed}, "the run of shard 3/3 (in " + failed + ") failed", false},
		{[]string{escape}, `names the results file "../s1/head.txt", which is not a file of the directory`, true},
		{[]string{link}, "head.txt in " + link + " is a symlink, not a regular file", true},
		{[]string{narrow, s2, s3}, "shard 1/3 (" + narrow + ") and shard 2/3 (" + s2 + `) measured different selections (bench "Work" against "")`, true},
	} {
		_, err := merge(t, tt.dirs...)
		var ue *usage.Error
		if err == nil || !strings.Contains(err.Error(), tt.want) || errors.As(err, &ue) != tt.usage {
			t.Errorf("merging %v: %v, want an error (usage %v) with %q", tt.dirs, err, tt.usage, tt.want)
		}
	}
	if _, err := merge(t, s1, s2, s3); err != nil {
		t.Errorf("merging the three shards: %v", err)
	}
}

// TestMergeEmptyShard: a shard that held no benchmark is left out with a
// note; the others are gated.
func TestMergeEmptyShard(t *testing.T) {
	tmp := t.TempDir()
	s1 := writeDir(t, filepath.Join(tmp, "s1"), "c", "1/2", sideData{"X": around(100)}, sideData{"X": around(100)})
	s2 := writeDir(t, filepath.Join(tmp, "s2"), "c", "2/2", sideData{}, sideData{})
	rep, err := merge(t, s1, s2)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Verdict != decide.Pass || !strings.Contains(strings.Join(rep.Notes, "\n"), "shard 2/2 ("+s2+") held none of the benchmark functions") {
		t.Errorf("verdict %s, notes %q", rep.Verdict, rep.Notes)
	}
}

// TestMergeLadders: shards of a ladder merge into one ladder report, its
// steps over every shard, one family across steps and shards.
func TestMergeLadders(t *testing.T) {
	tmp := t.TempDir()
	s1 := writeDir(t, filepath.Join(tmp, "s1"), "c", "1/2", sideData{"A": around(100)}, sideData{"A": around(200)}, sideData{"A": around(100)})
	s2 := writeDir(t, filepath.Join(tmp, "s2"), "c", "2/2", sideData{"B": around(100)}, sideData{"B": around(100)}, sideData{"B": around(100)})
	rep, err := merge(t, s1, s2)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Ladder == nil || len(rep.Ladder.Steps) != 3 {
		t.Fatalf("not a ladder of three steps: %+v", rep.Ladder)
	}
	if got := rep.Ladder.Steps[0].Report; got.Verdict != decide.RegressionVerdict || len(got.Decisions) != 2 {
		t.Errorf("first step: %s with %d decisions, want regression with 2 (one per shard)", got.Verdict, len(got.Decisions))
	}
	if rep.Family != 6 || rep.Sides[2].Config != "go1.22.0" {
		t.Errorf("family %d (want 6), sides %+v", rep.Family, rep.Sides)
	}
}

func TestPlanSteps(t *testing.T) {
	for _, tt := range []struct {
		n    int
		gate string
		want string
	}{
		{2, report.GateAnyStep, "[{0 1 true}]"},
		{2, report.GateFirstLast, "[{0 1 true}]"},
		{3, report.GateAnyStep, "[{0 1 true} {1 2 true} {0 2 true}]"},
		{4, report.GateFirstLast, "[{0 1 false} {1 2 false} {2 3 false} {0 3 true}]"},
	} {
		if got := fmt.Sprint(planSteps(tt.n, tt.gate)); got != tt.want {
			t.Errorf("planSteps(%d, %s) = %s, want %s", tt.n, tt.gate, got, tt.want)
		}
	}
}

// TestMergeKeepsSkipped: the benchmarks a run skipped on every side, from
// its manifest, are counted and named when its directory is compared or
// reported on (the fork-safe split's report job), each field clipped: an
// artifact's manifest is anyone's text.
func TestMergeKeepsSkipped(t *testing.T) {
	dir := writeDir(t, filepath.Join(t.TempDir(), "r"), "cpu A", "", sideData{"Fast": around(100)}, sideData{"Fast": around(100)})
	path := filepath.Join(dir, runner.ManifestFile)
	var m runner.Manifest
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("x", 5000)
	for _, side := range []string{"base", "head"} {
		m.Skipped = append(m.Skipped,
			runner.Skipped{Side: side, Package: "example.com/x", Benchmark: "BenchmarkGPU", Reason: "gpu_test.go:3: needs a GPU"},
			runner.Skipped{Side: side, Package: "example.com/x", Benchmark: "BenchmarkLong", Reason: long})
	}
	data, _ = json.Marshal(m)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := merge(t, dir)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Skipped != 2 {
		t.Errorf("Skipped %d, want 2", rep.Skipped)
	}
	notes := strings.Join(rep.Notes, "\n")
	if w := "BenchmarkGPU (example.com/x) was skipped on base and head (gpu_test.go:3: needs a GPU), so it was not measured"; !strings.Contains(notes, w) {
		t.Errorf("notes lack %q:\n%s", w, notes)
	}
	if strings.Contains(notes, long) || !strings.Contains(notes, strings.Repeat("x", 400)+"…") {
		t.Errorf("the manifest's 5000-byte reason is not clipped to 400 bytes:\n%.600s", notes)
	}
}

// TestMergeFilteredUnits: merged shards say which units their filter
// took out of every benchmark it kept, as one directory's report does.
func TestMergeFilteredUnits(t *testing.T) {
	tmp := t.TempDir()
	d1 := writeDir(t, filepath.Join(tmp, "s1"), "cpu A", "1/2", sideData{"Fast": around(100)}, sideData{"Fast": around(100)})
	d2 := writeDir(t, filepath.Join(tmp, "s2"), "cpu A", "2/2", sideData{"Slow": around(100)}, sideData{"Slow": around(200)})
	for _, f := range []string{"s1/base.txt", "s1/head.txt", "s2/base.txt", "s2/head.txt"} {
		path := filepath.Join(tmp, f)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(strings.ReplaceAll(string(data), " ns/op\n", " ns/op 64 B/op\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	opts := compare.DefaultOptions
	opts.Filter = ".unit:B/op"
	rep, err := Merge(context.Background(), []string{d1, d2}, decide.DefaultPolicy, opts, usage.Flags, report.GateAnyStep)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Verdict != decide.Pass {
		t.Errorf("verdict %s, want pass: only B/op is compared, and it did not change", rep.Verdict)
	}
	notes := strings.Join(rep.Notes, "\n")
	if want := `-filter ".unit:B/op" leaves out every result in sec/op: not compared, not gated`; strings.Count(notes, want) != 1 {
		t.Errorf("notes do not say once %q:\n%s", want, notes)
	}
}
