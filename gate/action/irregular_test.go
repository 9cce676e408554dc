//go:build unix

package action

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/benchgate/benchgate/gate/runner"
)

// promptly fails the test if f has not returned after 30 s: the inputs
// below used to make compare read forever.
func promptly(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("still running after 30s")
	}
}

// TestActionCompareRefusesIrregularFiles: command compare (inputs a pull
// request controls when it commits the files) and report refuse a device,
// a symlink to it and a FIFO at once, with exit 2.
func TestActionCompareRefusesIrregularFiles(t *testing.T) {
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, "base.txt"), []byte(strings.Repeat("BenchmarkA-2 1000 100 ns/op\n", 6)), 0o644)
	os.Symlink("/dev/zero", filepath.Join(ws, "head.txt"))
	if err := syscall.Mkfifo(filepath.Join(ws, "fifo.txt"), 0o644); err != nil {
		t.Fatal(err)
	}
	ev := fixtureEvent(t, "pull_request", nil)
	for head, want := range map[string]string{
		// In the Action's words, and the path from the workspace, not
		// the container's.
		"head.txt": "input compare-head: cannot read head.txt: it is a symlink to /dev/zero, a character device, not a regular file",
		"fifo.txt": "it is a named pipe (FIFO), not a regular file",
	} {
		var r *stepRun
		promptly(t, func() {
			r = runStep(t, ws, "pull_request", ev, map[string]string{"command": "compare", "compare-base": "base.txt", "compare-head": head, "comment": "never"})
		})
		if r.code != 2 {
			t.Errorf("compare-head %s: exit %d, want 2", head, r.code)
		}
		r.mustContain(t, "stderr", r.stderr, want, "hint: save the results to a file first")
	}

	// report: a results directory whose head.txt is a FIFO.
	res := filepath.Join(ws, "results")
	os.MkdirAll(res, 0o755)
	os.WriteFile(filepath.Join(res, "base.txt"), []byte("BenchmarkA-2 1 1 ns/op\n"), 0o644)
	os.WriteFile(filepath.Join(res, "manifest.json"), []byte(twoSides), 0o644)
	syscall.Mkfifo(filepath.Join(res, "head.txt"), 0o644)
	var r *stepRun
	promptly(t, func() {
		r = runStep(t, ws, "pull_request", ev, map[string]string{"command": "report", "results-dir": "results", "comment": "never"})
	})
	if r.code != 2 {
		t.Errorf("report with a FIFO: exit %d, want 2", r.code)
	}
	r.mustContain(t, "stderr", r.stderr, "head.txt in results is a named pipe (FIFO), not a regular file; refusing it")

	// report: a results-dir that is a symlink (to a directory of good
	// results elsewhere on the runner), and one whose metadata.json is a
	// symlink: both refused, exit 2, nothing read through them.
	good := filepath.Join(t.TempDir(), "good")
	os.MkdirAll(good, 0o755)
	for _, f := range []string{"base.txt", "head.txt"} {
		os.WriteFile(filepath.Join(good, f), []byte(strings.Repeat("BenchmarkA-2 1000 100 ns/op\n", 6)), 0o644)
	}
	os.Symlink(good, filepath.Join(ws, "linked"))
	meta := filepath.Join(ws, "metalink")
	os.MkdirAll(meta, 0o755)
	for _, f := range []string{"base.txt", "head.txt"} {
		os.WriteFile(filepath.Join(meta, f), []byte(strings.Repeat("BenchmarkA-2 1000 100 ns/op\n", 6)), 0o644)
	}
	os.WriteFile(filepath.Join(meta, "manifest.json"), []byte(twoSides), 0o644)
	os.Symlink("/etc/passwd", filepath.Join(meta, "metadata.json"))
	for dir, want := range map[string]string{
		"linked":   " linked is a symlink, not a directory; refusing it",
		"metalink": "metadata.json in metalink is a symlink, not a regular file; refusing it",
	} {
		promptly(t, func() {
			r = runStep(t, ws, "pull_request", ev, map[string]string{"command": "report", "results-dir": dir, "comment": "never"})
		})
		if r.code != 2 {
			t.Errorf("report of results-dir %s: exit %d, want 2", dir, r.code)
		}
		r.mustContain(t, "stderr", r.stderr, want)
	}
}

// TestActionRefusesFailedRun: command report and command compare over the
// results directory of a run that failed (its manifest.json records the
// error: a benchmark went missing on head) exit 3 like the run did, not
// with a verdict on what little was measured.
func TestActionRefusesFailedRun(t *testing.T) {
	ws := t.TempDir()
	res := filepath.Join(ws, "results")
	os.MkdirAll(res, 0o755)
	os.WriteFile(filepath.Join(res, "base.txt"), []byte(strings.Repeat("BenchmarkA-2 1000 100 ns/op\nBenchmarkB-2 1000 100 ns/op\n", 6)), 0o644)
	os.WriteFile(filepath.Join(res, "head.txt"), []byte(strings.Repeat("BenchmarkB-2 1000 100 ns/op\n", 6)), 0o644)
	m := runner.Manifest{Sides: []runner.ManifestSide{{Name: "base", File: "base.txt"}, {Name: "head", File: "head.txt"}},
		Error: "1 benchmark function(s) have results on one side only: BenchmarkA"}
	data, _ := json.Marshal(m)
	os.WriteFile(filepath.Join(res, runner.ManifestFile), data, 0o644)
	ev := fixtureEvent(t, "pull_request", nil)
	for _, in := range []map[string]string{
		{"command": "report", "results-dir": "results", "comment": "never"},
		{"command": "compare", "compare-base": "results", "compare-head": "results", "comment": "never"},
	} {
		var r *stepRun
		promptly(t, func() { r = runStep(t, ws, "pull_request", ev, in) })
		if r.code != 3 {
			t.Errorf("command %s over a failed run's directory: exit %d, want 3\n%s", in["command"], r.code, r.stderr)
		}
		r.mustContain(t, "stderr", r.stderr, "results on one side only")
		// The outputs later steps read: verdict error, and the results
		// directory (the report command's), for an upload with if:
		// always(); the error as an annotation.
		if got := r.output("verdict"); got != "error" {
			t.Errorf("command %s: output verdict %q, want error\n%s", in["command"], got, r.outputs)
		}
		if in["command"] == "report" {
			if got := r.output("results-dir"); got != "results" {
				t.Errorf("command report: output results-dir %q, want results\n%s", got, r.outputs)
			}
		}
		r.mustContain(t, "stdout", r.stdout, "::error::")
	}
}

// TestActionRefusalOutputs: a step refused before it had a report still
// gives output verdict "error" and an error annotation, so that a later
// step's if: and the checks page see it; an input working-directory that
// is not in the workspace is refused as such, not as a missing checkout.
func TestActionRefusalOutputs(t *testing.T) {
	ws := t.TempDir()
	ev := fixtureEvent(t, "pull_request", nil)
	for _, c := range []struct {
		inputs map[string]string
		want   string
	}{
		{map[string]string{"rounds": "-1", "comment": "never"}, "input rounds"},
		{map[string]string{"working-directory": "nope", "comment": "never"}, `input working-directory "nope" is not a directory in the workspace`},
	} {
		var r *stepRun
		promptly(t, func() { r = runStep(t, ws, "pull_request", ev, c.inputs) })
		if r.code != 2 {
			t.Errorf("%v: exit %d, want 2", c.inputs, r.code)
		}
		r.mustContain(t, "stderr", r.stderr, c.want)
		r.mustContain(t, "stdout", r.stdout, "::error::")
		if got := r.output("verdict"); got != "error" {
			t.Errorf("%v: output verdict %q, want error\n%s", c.inputs, got, r.outputs)
		}
		if got := r.output("results-dir"); got != "" {
			t.Errorf("%v: output results-dir %q where nothing was written", c.inputs, got)
		}
	}
	// An earlier step's results in the directory are not this step's:
	// named as its output, a report step would judge them (they passed)
	// as this refused step's.
	writeResults(t, filepath.Join(ws, ".benchgate"), "BenchmarkA-2 1 1 ns/op\n", "BenchmarkA-2 1 1 ns/op\n")
	var r *stepRun
	promptly(t, func() {
		r = runStep(t, ws, "pull_request", ev, map[string]string{"rounds": "4", "packages": "./...", "results-dir": ".benchgate/results", "comment": "never"})
	})
	if got := r.output("results-dir"); r.code != 2 || got != "" {
		t.Errorf("refused beside an earlier step's results: exit %d, output results-dir %q; want 2 and none", r.code, got)
	}
}

// TestActionReportJudgesStagesAsTheRun: command report splits the
// results into stages as the measuring run did, which its manifest
// records (8 fixed rounds, up to 16), not as the report step's own rounds
// input would (32 by default): the run's judgement, not another.
func TestActionReportJudgesStagesAsTheRun(t *testing.T) {
	ws := t.TempDir()
	var base, head strings.Builder
	for i := 0; i < 16; i++ {
		fmt.Fprintf(&base, "BenchmarkA-2 1000 %d ns/op\n", 100+i%3)
		fmt.Fprintf(&head, "BenchmarkA-2 1000 %d ns/op\n", 101+i%3)
	}
	res := writeResults(t, ws, base.String(), head.String())
	for _, c := range []struct {
		rounds, maxRounds, want int
	}{{8, 16, 8}, {16, 0, 0}} {
		reportWithManifest(t, ws, runner.Manifest{Sides: []runner.ManifestSide{{Name: "base", File: "base.txt"}, {Name: "head", File: "head.txt"}},
			Rounds: c.rounds, MaxRounds: c.maxRounds, RoundsDone: 16})
		var rep struct {
			StageRounds int `json:"stage_rounds"`
		}
		data, err := os.ReadFile(filepath.Join(res, "report.json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &rep); err != nil {
			t.Fatal(err)
		}
		if rep.StageRounds != c.want {
			t.Errorf("manifest rounds %d, max_rounds %d: judged with stage_rounds %d, want %d", c.rounds, c.maxRounds, rep.StageRounds, c.want)
		}
	}
}

// TestActionThresholdsThatCannotApply: a thresholds entry that cannot do
// what it says is an annotation in the input's words, not only a note in
// the report: one for a unit no comparison has leaves the unit at the
// default threshold, a warning (one letter from a unit of the testing
// package, a typo, is refused); one for a unit whose better
// direction is unknown cannot gate, so +50% in it would pass: refused,
// exit 2, with the fix.
func TestActionThresholdsThatCannotApply(t *testing.T) {
	for _, c := range []struct {
		name, base, head, thresholds, want string
		code                               int
	}{
		{"unmatched", "1 allocs/op", "1 allocs/op", "allocs/obj=0%",
			"::warning::benchgate: the input thresholds entry for allocs/obj matched no comparison (the units here: sec/op, allocs/op); did you mean allocs/op?", 0},
		{"typo", "1 allocs/op", "1 allocs/op", "alocs/op=0%",
			"::error::input thresholds: unit alocs/op is one letter away from allocs/op, which the testing package reports: did you mean allocs/op?", 2},
		{"directionless", "100 p99-ns", "150 p99-ns", "p99-ns=5%",
			"::error::input thresholds p99-sec=5%25 cannot gate: whether more p99-sec is better is unknown", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			ws := t.TempDir()
			os.WriteFile(filepath.Join(ws, "base.txt"), []byte(strings.Repeat("BenchmarkA-2 1000 100 ns/op\t"+c.base+"\n", 6)), 0o644)
			os.WriteFile(filepath.Join(ws, "head.txt"), []byte(strings.Repeat("BenchmarkA-2 1000 100 ns/op\t"+c.head+"\n", 6)), 0o644)
			var r *stepRun
			promptly(t, func() {
				r = runStep(t, ws, "pull_request", fixtureEvent(t, "pull_request", nil), map[string]string{
					"command": "compare", "compare-base": "base.txt", "compare-head": "head.txt", "thresholds": c.thresholds, "comment": "never"})
			})
			if r.code != c.code {
				t.Fatalf("exit %d, want %d\n%s", r.code, c.code, r.stderr)
			}
			r.mustContain(t, "stdout", r.stdout, c.want)
		})
	}
}

// TestActionReportWarnsOfAChangedTestMain: the fork-safe split's report
// job names, from the measuring run's manifest, the benchmark functions
// whose code differs and a TestMain that does, the latter also as a
// warning annotation (it runs around every benchmark of its package, and
// could rewrite what they print).
func TestActionReportWarnsOfAChangedTestMain(t *testing.T) {
	ws := t.TempDir()
	lines := strings.Repeat("pkg: example.com/p\nBenchmarkA-2 1000 100 ns/op\n", 8)
	res := writeResults(t, ws, lines, lines)
	r := reportWithManifest(t, ws, runner.Manifest{Sides: []runner.ManifestSide{{Name: "base", File: "base.txt"}, {Name: "head", File: "head.txt"}},
		Rounds: 8, RoundsDone: 8, ChangedBenchmarks: []runner.ChangedBenchmark{
			{Package: "example.com/p", Benchmark: "TestMain"}, {Package: "example.com/p", Benchmark: "BenchmarkA"}}})
	r.mustContain(t, "stdout", r.stdout, "::warning::benchgate: example.com/p: the package's TestMain differs between base and head; it runs in every benchmark process of the package")
	md, err := os.ReadFile(filepath.Join(res, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"the package's TestMain differs between base and head", `BenchmarkA \(example.com/p\): the benchmark function's own code differs`} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q:\n%s", want, md)
		}
	}
}

// reportWithManifest runs command report over ws/results with the
// manifest m, which must pass (exit 0).
func reportWithManifest(t *testing.T, ws string, m runner.Manifest) *stepRun {
	t.Helper()
	data, _ := json.Marshal(m)
	if err := os.WriteFile(filepath.Join(ws, "results", runner.ManifestFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
	var r *stepRun
	promptly(t, func() {
		r = runStep(t, ws, "pull_request", fixtureEvent(t, "pull_request", nil), map[string]string{"command": "report", "results-dir": "results", "comment": "never"})
	})
	if r.code != 0 {
		t.Fatalf("rounds %d, max_rounds %d: exit %d\n%s", m.Rounds, m.MaxRounds, r.code, r.stderr)
	}
	return r
}

// TestActionCompareRefusesUndecidableFiles: command compare over files
// with one sample per side (go test -bench without -count) can decide no
// change: the summary gets the report, the step fails with exit 2 and an
// error annotation that says how many samples would decide (5: the
// U-test, as benchgate compare judges such files, at the inputs' alpha,
// 0.01, in one stage: no adaptive round follows files that go test
// wrote; 6 with the input decide: both, whose doubled p needs one more);
// with fail-on never it passes.
func TestActionCompareRefusesUndecidableFiles(t *testing.T) {
	for _, c := range []struct {
		failOn, decide string
		code           int
		need           string
	}{{"regression", "", 2, "5"}, {"regression", "both", 2, "6"}, {"never", "", 0, ""}} {
		ws := t.TempDir()
		os.WriteFile(filepath.Join(ws, "base.txt"), []byte("BenchmarkA-2 1000 100 ns/op\n"), 0o644)
		os.WriteFile(filepath.Join(ws, "head.txt"), []byte("BenchmarkA-2 1000 200 ns/op\n"), 0o644)
		var r *stepRun
		promptly(t, func() {
			r = runStep(t, ws, "pull_request", fixtureEvent(t, "pull_request", nil), map[string]string{
				"command": "compare", "compare-base": "base.txt", "compare-head": "head.txt", "fail-on": c.failOn, "decide": c.decide, "comment": "never"})
		})
		if r.code != c.code {
			t.Fatalf("fail-on %s: exit %d, want %d\n%s", c.failOn, r.code, c.code, r.stderr)
		}
		if c.code == 2 {
			r.mustContain(t, "stdout", r.stdout, "::error::none of the 1 tested comparisons that can fail the gate could be decided")
			r.mustContain(t, "stderr", r.stderr, "hint: compare at least "+c.need+" samples per side (go test -count "+c.need+";")
			// A refused step: verdict error (the last value of an output
			// wins), and a summary that does not say the gate passes.
			if v := r.output("verdict"); v != "error" {
				t.Errorf("fail-on %s: output verdict %q, want error", c.failOn, v)
			}
			r.mustContain(t, "summary", r.summary, "No tested comparison could be decided, so no change could fail the gate: it refuses these results.")
		} else {
			r.mustContain(t, "summary", r.summary, "The gate passes: it is set never to fail.")
		}
		if strings.Contains(r.summary, "passes meanwhile") {
			t.Errorf("fail-on %s: the summary says the gate passes meanwhile:\n%s", c.failOn, r.summary)
		}
		r.mustContain(t, "summary", r.summary, "too few samples")
		if strings.Contains(r.stdout, "alpha/2") {
			t.Errorf("plain files judged in two stages:\n%s", r.stdout)
		}
	}
}

// A results directory without its manifest is refused: the manifest says
// whether the measuring run failed and how it split its rounds. Before,
// a failed run's base.txt and head.txt (the head's time missing), with a
// metadata.json saying "error", were judged with this step's own rounds
// and passed with a warning.
func TestReportRefusesResultsWithoutManifest(t *testing.T) {
	ws := t.TempDir()
	res := writeResults(t, ws, strings.Repeat("BenchmarkA-2 1000 100 ns/op 0 B/op\n", 8), strings.Repeat("BenchmarkA-2 1000 0 B/op\n", 8))
	os.Remove(filepath.Join(res, "manifest.json"))
	os.WriteFile(filepath.Join(res, MetadataFile), []byte(`{"verdict": "error"}`), 0o644)
	r := runStep(t, ws, "pull_request", fixtureEvent(t, "pull_request", nil), map[string]string{"command": "report", "results-dir": "results", "comment": "never"})
	if r.code != 2 {
		t.Errorf("exit %d, want 2", r.code)
	}
	r.mustContain(t, "stderr", r.stderr, "results directory results has no manifest.json, which says whether the measuring run failed",
		"hint: upload the whole results directory of the measuring step")
	if v := r.output("verdict"); v != "error" {
		t.Errorf("output verdict %q, want error", v)
	}
}

// An event file that cannot be read stops the step before its inputs:
// still exit 2 with the verdict output "error" and an annotation, as
// every other refusal (before, only the log and the summary said so).
func TestUnreadableEventSetsTheVerdict(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "event.json")
	os.WriteFile(bad, []byte("{bad"), 0o644)
	for name, path := range map[string]string{"malformed": bad, "missing": filepath.Join(t.TempDir(), "none.json")} {
		r := runStep(t, t.TempDir(), "pull_request", path, map[string]string{"comment": "never"})
		if r.code != 2 {
			t.Errorf("%s: exit %d, want 2", name, r.code)
		}
		if v := r.output("verdict"); v != "error" {
			t.Errorf("%s: output verdict %q, want error", name, v)
		}
		r.mustContain(t, "stdout", r.stdout, "::error::reading the event: ")
		r.mustContain(t, "stderr", r.stderr, "hint: GITHUB_EVENT_PATH must name the event file the runner wrote")
	}
}

// summary: never means no job summary, a refused step's included; the
// error is still an annotation.
func TestSummaryNeverOnRefusal(t *testing.T) {
	r := runStep(t, t.TempDir(), "pull_request", fixtureEvent(t, "pull_request", nil), map[string]string{"rounds": "abc", "summary": "never", "comment": "never"})
	if r.code != 2 {
		t.Errorf("exit %d, want 2", r.code)
	}
	if r.summary != "" {
		t.Errorf("summary: never wrote a summary:\n%s", r.summary)
	}
	r.mustContain(t, "stdout", r.stdout, "::error::")
}

// TestActionReportSaysTheRunJudgedOtherwise: command report judges by its
// own inputs (the manifest is the artifact's word), but where the
// measuring run's manifest says it judged otherwise, the report warns:
// the measuring job's check and this step's verdict may disagree.
func TestActionReportSaysTheRunJudgedOtherwise(t *testing.T) {
	ws := t.TempDir()
	lines := strings.Repeat("pkg: example.com/p\nBenchmarkA-2 1000 100 ns/op\n", 8)
	writeResults(t, ws, lines, lines)
	m := runner.Manifest{Sides: []runner.ManifestSide{{Name: "base", File: "base.txt"}, {Name: "head", File: "head.txt"}}, Rounds: 8, RoundsDone: 8,
		Judged: &runner.Judgement{Alpha: 0.01, Decide: "both", Correction: "bh", Threshold: "3%", Thresholds: "sec/op=20%", Confidence: 0.95}}
	r := reportWithManifest(t, ws, m)
	r.mustContain(t, "stdout", r.stdout, "::warning::benchgate: the measuring run's manifest says it judged with thresholds sec/op=20%25 (now none): this step judges by its own inputs")
	m.Judged.Thresholds = ""
	r = reportWithManifest(t, ws, m)
	if strings.Contains(r.stdout, "judged with") {
		t.Errorf("the same judgement warned:\n%s", r.stdout)
	}
}
