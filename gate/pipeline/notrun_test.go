package pipeline

import (
	"context"
	"encoding/json"
	"errors"
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

// notRunDir writes the results directory of a suite run that measured
// nothing (runner.WriteNotRun) and returns it.
func notRunDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "results")
	p := &plan.Plan{Suite: true, ResultsDir: dir, Sides: []plan.Side{{Name: "base", Commit: strings.Repeat("a", 40)}, {Name: "head", Commit: strings.Repeat("b", 40)}}}
	lock, err := runner.LockResultsDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Unlock()
	if _, err := runner.WriteNotRun(p, lock, runner.NotRunSameSuite); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestNotRunResultsDir: the results directory of a suite run that both
// sides would have built alike is judged again as it was, a pass that
// measured nothing; merged with results that measured, given by its
// files, or with a manifest that says more than that, it is refused.
func TestNotRunResultsDir(t *testing.T) {
	ctx := context.Background()
	policy, opts := decide.DefaultPolicy, compare.DefaultOptions
	dir := notRunDir(t)

	rep, err := Merge(ctx, []string{dir}, policy, opts, usage.Flags, "")
	if err != nil {
		t.Fatal(err)
	}
	if rep.Verdict != decide.Pass || len(rep.Decisions) != 0 || len(rep.Notes) != 1 || !strings.HasPrefix(rep.Notes[0], "nothing was measured: no packages were given") {
		t.Errorf("merge: verdict %s, %d decisions, notes %q; want pass, none, the note", rep.Verdict, len(rep.Decisions), rep.Notes)
	}
	if got := rep.Summary(); got != "pass: nothing was measured, so nothing was compared (see the note)" {
		t.Errorf("summary %q", got)
	}

	measured := filepath.Join(t.TempDir(), "measured")
	os.MkdirAll(measured, 0o755)
	os.WriteFile(filepath.Join(measured, "base.txt"), []byte("BenchmarkA-2 1 100 ns/op\n"), 0o644)
	os.WriteFile(filepath.Join(measured, "head.txt"), []byte("BenchmarkA-2 1 100 ns/op\n"), 0o644)
	os.WriteFile(filepath.Join(measured, runner.ManifestFile), []byte(`{"suite": true, "sides": [{"name": "base", "commit": "`+strings.Repeat("a", 40)+`", "file": "base.txt", "results": 1}, {"name": "head", "commit": "`+strings.Repeat("b", 40)+`", "file": "head.txt", "results": 1}]}`), 0o644)
	_, err = Merge(ctx, []string{dir, measured}, policy, opts, usage.Flags, "")
	wantUsage(t, "merged with measurements", err, "measured nothing (both sides would build the built-in suite alike), but "+measured+" holds measurements")

	err = CheckResultsDirs(filepath.Join(dir, "base.txt"))
	wantUsage(t, "its file", err, filepath.Join(dir, "base.txt")+" is empty: the run in "+dir+" measured nothing")

	manifest := filepath.Join(dir, runner.ManifestFile)
	orig, _ := os.ReadFile(manifest)
	for _, c := range []struct{ name, from, to, want string }{
		{"another reason", `"not_run": "same-suite"`, `"not_run": "trust-me"`, `says its run measured nothing for the reason "trust-me", which benchgate does not give`},
		{"a failure", `"not_run": "same-suite"`, `"not_run": "same-suite", "error": "exit status 2"`, "but it also describes another run"},
		{"packages", `"suite": true`, `"suite": false`, "but it also describes another run"},
	} {
		os.WriteFile(manifest, []byte(strings.Replace(string(orig), c.from, c.to, 1)), 0o644)
		_, err := ReadResultsDir(dir)
		wantUsage(t, c.name, err, c.want)
	}
	os.WriteFile(manifest, orig, 0o644)
	os.WriteFile(filepath.Join(dir, "head.txt"), []byte("BenchmarkA-2 1 150 ns/op\n"), 0o644)
	_, err = ReadResultsDir(dir)
	wantUsage(t, "results beside it", err, "says its run measured nothing, but head.txt holds results; refusing it")
}

func wantUsage(t *testing.T, what string, err error, want string) {
	t.Helper()
	var ue *usage.Error
	if !errors.As(err, &ue) {
		t.Errorf("%s: %v (%T), want a usage error (exit 2)", what, err, err)
		return
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("%s: %q lacks %q", what, err, want)
	}
}

// TestRefusedRunJudgedAgain: a run refused after its first rounds (too
// few rounds for its comparisons) records the refusal in its manifest,
// settings as {name}: judged again, its directory is refused as the run
// was (exit 2, not 3, "failed"), in the words of whoever reads it.
func TestRefusedRunJudgedAgain(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "results")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "base.txt"), []byte("BenchmarkA-2 1 100 ns/op\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "head.txt"), []byte("BenchmarkA-2 1 100 ns/op\n"), 0o644)
	m := runner.Manifest{Sides: []runner.ManifestSide{{Name: "base", File: "base.txt"}, {Name: "head", File: "head.txt"}}}
	refusal := usage.Errorf("use {rounds} 7 or more", "{rounds} 6 is too few for 3 comparisons")
	data, _ := json.Marshal(m)
	os.WriteFile(filepath.Join(dir, runner.ManifestFile), data, 0o644)
	lock, err := runner.LockResultsDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	err = runner.RecordError(dir, refusal)
	lock.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	err = CheckResultsDirs(dir)
	if ExitCode(err) != ExitUsage {
		t.Fatalf("judged again: %v, exit %d; want exit %d", err, ExitCode(err), ExitUsage)
	}
	inputs := usage.Style(func(s string) string { return "input " + s })
	for st, want := range map[*usage.Style]string{&usage.Flags: "the run in " + dir + " was refused, so its benchmarks were not all measured: -rounds 6 is too few for 3 comparisons", &inputs: "was refused, so its benchmarks were not all measured: input rounds 6 is too few"} {
		if got := usage.Text(err, *st); !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
}

// TestRunReportsNamePathsAsTheFrontEnd: the reports a run writes into its
// results directory name paths as the front end shows them
// (Config.ReportText: the Action's, from its workspace).
func TestRunReportsNamePathsAsTheFrontEnd(t *testing.T) {
	dir := t.TempDir()
	rep := report.Empty(decide.DefaultPolicy, decide.Pass, 0.95)
	rep.Notes = []string{"skipped in /github/workspace/p"}
	cfg := Config{ReportText: func(s string) string { return strings.ReplaceAll(s, "/github/workspace/", "") }}
	if err := writeRunReports(cfg, dir, rep); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"report.md", "report.json", "report.txt"} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil || strings.Contains(string(b), "/github/workspace") || !strings.Contains(string(b), "skipped in p") {
			t.Errorf("%s: %v\n%s", f, err, b)
		}
	}
}
