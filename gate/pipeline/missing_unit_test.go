package pipeline

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/usage"
)

// resultLines is six rounds of one benchmark in package pkg, each line
// ending in units (e.g. "1000 ns/op\t0 B/op").
func resultLines(pkg, name string, units func(i int) string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "goos: linux\npkg: %s\n", pkg)
	for i := 0; i < 6; i++ {
		fmt.Fprintf(&b, "Benchmark%s 100 %s\n", name, units(i))
	}
	return b.String()
}

func timed(i int) string    { return fmt.Sprintf("%d ns/op\t0 B/op\t0 allocs/op\t%d MB/s", 1000+i, 100+i) }
func untimed(i int) string  { return "0 B/op\t0 allocs/op\t100 MB/s" }
func noBytes(i int) string  { return fmt.Sprintf("%d ns/op\t0 B/op\t0 allocs/op", 2000+i) }
func onlyTime(i int) string { return fmt.Sprintf("%d ns/op", 1000+i) }

// TestMissingTime: a benchmark that reported results on both sides but
// its time (ns/op) on one side only went missing through the code under
// test (b.ReportMetric(0, "ns/op") makes the testing package drop ns/op):
// an error naming the benchmark, the side and the likely cause, exit
// code 3. Another unit that one side does not report (b.SetBytes
// removed: no MB/s) is not an error, nor is a benchmark one side does not
// have at all.
func TestMissingTime(t *testing.T) {
	fns := []string{"BenchmarkFast"}
	for _, c := range []struct {
		name       string
		base, head string
		want       string // "" for no error
	}{
		{"time dropped on head", resultLines("example.com/a", "Fast-2", timed), resultLines("example.com/a", "Fast-2", untimed),
			`Fast-2 (example.com/a): ns/op on base, none on head, although head measured it (B/op, allocs/op, B/s); head's benchmark likely calls b.ReportMetric(0, "ns/op")`},
		{"time dropped on base", resultLines("example.com/a", "Fast-2", untimed), resultLines("example.com/a", "Fast-2", timed),
			`Fast-2 (example.com/a): ns/op on head, none on base, although base measured it (B/op, allocs/op, B/s); base's benchmark likely calls b.ReportMetric(0, "ns/op")`},
		{"bytes dropped on head", resultLines("example.com/a", "Fast-2", timed), resultLines("example.com/a", "Fast-2", noBytes), ""},
		{"only the time, on both", resultLines("example.com/a", "Fast-2", onlyTime), resultLines("example.com/a", "Fast-2", onlyTime), ""},
		{"time on neither", resultLines("example.com/a", "Fast-2", untimed), resultLines("example.com/a", "Fast-2", untimed), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := missingResults(outcome(fns, fns), read(t, c.base, c.head))
			if c.want == "" {
				if err != nil {
					t.Fatalf("got %v, want no error", err)
				}
				return
			}
			var me *MissingResultsError
			if !errors.As(err, &me) || len(me.NoTime) != 1 || len(me.Missing) != 0 {
				t.Fatalf("got %#v, want a *MissingResultsError with one benchmark without its time", err)
			}
			msg := usage.Text(err, usage.Flags)
			for _, w := range []string{c.want, "1 benchmark(s) ran on both sides but reported their time (ns/op) on one side only",
				`hint: a benchmark's time that is not measured on one side cannot be compared`, "leave the benchmark out of -bench"} {
				if !strings.Contains(msg, w) {
					t.Errorf("error lacks %q:\n%s", w, msg)
				}
			}
			if strings.Contains(msg, "test binary lists it") {
				t.Errorf("error says a binary lists a function that has results on both sides:\n%s", msg)
			}
			if ExitCode(err) != ExitFailed {
				t.Errorf("exit code %d, want %d", ExitCode(err), ExitFailed)
			}
		})
	}
	// Really removed (head does not list it): new/removed, as before.
	base := results("example.com/a", "Fast-2", "Slow-2")
	if err := missingResults(outcome([]string{"BenchmarkFast", "BenchmarkSlow"}, fns), read(t, base, results("example.com/a", "Fast-2"))); err != nil {
		t.Errorf("a removed benchmark: %v", err)
	}
}

// TestRunNotesUnitRemoved: a unit one side did not report of a benchmark
// that ran on both sides is noted as such, not as a benchmark the other
// side's binary lacks; a benchmark really missing keeps its note. The
// warning of an inconclusive verdict says so too.
func TestRunNotesUnitRemoved(t *testing.T) {
	both := []string{"BenchmarkFast", "BenchmarkOld"}
	out := outcome(both, []string{"BenchmarkFast"})
	base := resultLines("example.com/a", "Fast-2", timed) + strings.Repeat("BenchmarkOld-2 100 5 ns/op\n", 6)
	res := read(t, base, resultLines("example.com/a", "Fast-2", timed2))
	rep := report.New(decide.Decide(res, decide.DefaultPolicy), 0.95)
	got := strings.Join(runNotes(out, rep), "\n")
	for _, w := range []string{
		"removed: Old-2 (example.com/a): only base has these benchmarks (its test binary lists the function, head's does not",
		"removed: Fast-2 (example.com/a) B/s: these benchmarks ran on both sides, but head reported no such unit (head's benchmark no longer calls b.SetBytes or b.ReportMetric for it), so these units were not compared; their other units were",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("notes lack %q:\n%s", w, got)
		}
	}
	if strings.Contains(got, "Fast-2 (example.com/a): only base") || strings.Contains(got, "Fast-2 (example.com/a), ") {
		t.Errorf("notes say head lacks Fast-2:\n%s", got)
	}
	// New: base did not report MB/s.
	res = read(t, resultLines("example.com/a", "Fast-2", noBytes), resultLines("example.com/a", "Fast-2", timed))
	rep = report.New(decide.Decide(res, decide.DefaultPolicy), 0.95)
	if got := strings.Join(runNotes(outcome([]string{"BenchmarkFast"}, []string{"BenchmarkFast"}), rep), "\n"); !strings.Contains(got,
		"new: Fast-2 (example.com/a) B/s: these benchmarks ran on both sides, but base reported no such unit (base's benchmark did not call b.SetBytes or b.ReportMetric for it)") {
		t.Errorf("notes:\n%s", got)
	}

	// The warning: one benchmark removed, one unit no longer reported.
	res = read(t, base, resultLines("example.com/a", "Fast-2", timed2))
	rep = report.New(decide.Decide(res, decide.DefaultPolicy), 0.95)
	rep.Verdict = decide.InconclusiveVerdict
	w := InconclusiveWarning(rep, usage.Flags)
	for _, want := range []string{"removed on head (deleted or renamed, so not measured there)", "1 unit that head no longer reports of a benchmark it ran"} {
		if !strings.Contains(w, want) {
			t.Errorf("warning lacks %q: %s", want, w)
		}
	}
	if !strings.Contains(w, "(1 removed on head") {
		t.Errorf("warning counts the unit as a removed benchmark: %s", w)
	}
}

// timed2 is timed without MB/s: the benchmark no longer calls b.SetBytes.
func timed2(i int) string { return fmt.Sprintf("%d ns/op\t0 B/op\t0 allocs/op", 1000+i) }

// TestMergeEmptyShardNotFailed: a shard that held no benchmark is noted
// whether or not its manifest says "this shard holds none of the
// benchmark functions" as its error (benchgate did until this was
// fixed); when another shard did fail, the merge fails naming that one.
func TestMergeEmptyShardNotFailed(t *testing.T) {
	tmp := t.TempDir()
	s1 := writeDir(t, filepath.Join(tmp, "s1"), "c", "1/2", sideData{"X": around(100)}, sideData{"X": around(100)})
	s2 := writeDir(t, filepath.Join(tmp, "s2"), "c", "2/2", sideData{}, sideData{})
	setError(t, s2, runner.ErrEmptyShard.Error()+" (shard 2/2 of 2 benchmark function(s))")
	rep, err := merge(t, s1, s2)
	if err != nil {
		t.Fatalf("merging a healthy shard and an empty one: %v", err)
	}
	if rep.Verdict != decide.Pass || !strings.Contains(strings.Join(rep.Notes, "\n"), "shard 2/2 ("+s2+") held none of the benchmark functions") {
		t.Errorf("verdict %s, notes %q", rep.Verdict, rep.Notes)
	}

	setError(t, s1, "1 benchmark function(s) have results on one side only, although both sides have them:\n  BenchmarkFast (example.com/x): results on base, none on head\nhint: make it report the same way on both sides")
	for _, order := range [][]string{{s1, s2}, {s2, s1}} {
		_, err = merge(t, order...)
		var fe *FailedRunError
		if !errors.As(err, &fe) || ExitCode(err) != ExitFailed {
			t.Fatalf("merging %v: %v, want a *FailedRunError (exit 3)", order, err)
		}
		msg := err.Error()
		for _, w := range []string{"the run of shard 1/2 (in " + s1 + ") failed, so its benchmarks were not all measured: 1 benchmark function(s) have results on one side only",
			"\n  BenchmarkFast (example.com/x): results on base, none on head\nhint: make it report"} {
			if !strings.Contains(msg, w) {
				t.Errorf("merging %v: error lacks %q:\n%s", order, w, msg)
			}
		}
		if strings.Contains(msg, s2) {
			t.Errorf("merging %v: the error names the empty shard:\n%s", order, msg)
		}
	}
}

// TestCheckResultsDirs: benchgate compare BASE HEAD refuses a results
// directory whose run failed (exit 3), or its results files by name, in
// any position of its lists, and leaves other files and directories to
// the comparison.
func TestCheckResultsDirs(t *testing.T) {
	tmp := t.TempDir()
	ok := writeDir(t, filepath.Join(tmp, "ok"), "c", "", sideData{"X": around(100)}, sideData{"X": around(100)})
	bad := writeDir(t, filepath.Join(tmp, "bad"), "c", "", sideData{"X": around(100)}, sideData{"X": around(100)})
	setError(t, bad, "1 benchmark(s) ran on both sides but reported their time (ns/op) on one side only")
	plain := filepath.Join(tmp, "plain")
	os.MkdirAll(plain, 0o755)
	os.WriteFile(filepath.Join(plain, "a.txt"), []byte("BenchmarkX 1 1 ns/op\n"), 0o644)
	for _, args := range [][2]string{{ok, ok}, {plain, plain}, {filepath.Join(ok, "base.txt"), filepath.Join(ok, "head.txt")}, {filepath.Join(plain, "a.txt"), filepath.Join(plain, "a.txt")}, {"nosuch", ok}} {
		if err := CheckResultsDirs(args[0], args[1]); err != nil {
			t.Errorf("CheckResultsDirs(%q, %q): %v", args[0], args[1], err)
		}
	}
	for _, args := range [][2]string{{bad, bad}, {ok, bad}, {ok + "," + bad, ok}, {filepath.Join(bad, "base.txt"), filepath.Join(bad, "head.txt")}, {ok, filepath.Join(bad, "head.txt")}} {
		err := CheckResultsDirs(args[0], args[1])
		var fe *FailedRunError
		if !errors.As(err, &fe) || ExitCode(err) != ExitFailed || !strings.Contains(err.Error(), "the run in "+bad+" failed, so its benchmarks were not all measured: 1 benchmark(s) ran on both sides") ||
			!strings.Contains(err.Error(), "\nhint: ") {
			t.Errorf("CheckResultsDirs(%q, %q): %v, want the run in %s failed (exit 3), with a hint", args[0], args[1], err, bad)
		}
	}
}

// setError sets the error of dir's manifest.
func setError(t *testing.T, dir, msg string) {
	t.Helper()
	path := filepath.Join(dir, runner.ManifestFile)
	var m runner.Manifest
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	m.Error = msg
	data, _ = json.Marshal(m)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMissingTimeLadder: in a ladder, a configuration whose benchmark
// reports no time where its neighbours' do fails the run as a pair of
// sides does (checkMissingLadder, exit code 3), once for each step
// that has it, naming that step's sides; a ladder whose time is on
// every configuration is not an error.
func TestMissingTimeLadder(t *testing.T) {
	fns := []string{"BenchmarkFast"}
	ladder := func(texts ...string) *runner.Outcome {
		dir := t.TempDir()
		out := &runner.Outcome{}
		for i, text := range texts {
			name := fmt.Sprintf("go1.2%d", i+1)
			f := filepath.Join(dir, name+".txt")
			if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			out.Sides = append(out.Sides, &runner.SideResult{Side: plan.Side{Name: name}, File: f,
				Packages: []runner.Package{{ImportPath: "example.com/a", Benchmarks: fns, Listed: true}}})
		}
		return out
	}
	lines := func(units func(int) string) string { return resultLines("example.com/a", "Fast-2", units) }

	out := ladder(lines(timed), lines(untimed), lines(timed))
	err := checkMissingLadder(out, planSteps(3, "any"), compare.DefaultOptions)
	var me *MissingResultsError
	if !errors.As(err, &me) || len(me.NoTime) != 2 || len(me.Missing) != 0 {
		t.Fatalf("got %#v, want a *MissingResultsError with the benchmark's time missing in both steps", err)
	}
	for i, want := range [][2]string{{"go1.22", "go1.21"}, {"go1.22", "go1.23"}} {
		if got := [2]string{me.NoTime[i].Side, me.NoTime[i].Other}; got != want {
			t.Errorf("step %d: time missing on %s, reported by %s; want on %s, reported by %s", i, got[0], got[1], want[0], want[1])
		}
	}
	if ExitCode(err) != ExitFailed {
		t.Errorf("exit code %d, want %d", ExitCode(err), ExitFailed)
	}
	msg := usage.Text(err, usage.Flags)
	if !strings.Contains(msg, `ns/op on go1.21, none on go1.22`) || !strings.Contains(msg, `b.ReportMetric(0, "ns/op")`) {
		t.Errorf("error does not name the sides and the likely cause:\n%s", msg)
	}

	if err := checkMissingLadder(ladder(lines(timed), lines(timed), lines(timed)), planSteps(3, "any"), compare.DefaultOptions); err != nil {
		t.Errorf("a ladder with its time on every configuration: %v", err)
	}
}
