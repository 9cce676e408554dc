package action

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/runner"
)

// TestActionSuiteAASkipped: the toolchain-bump workflow (no packages, no
// toolchain input) on a pull request whose go.mod change bumps no
// toolchain. Both sides would build the built-in suite alike, so the step
// passes at once, building and measuring nothing, and says why, in the
// log, the summary and its results directory; command report judges that
// directory the same way, and refuses one whose manifest claims it beside
// results.
func TestActionSuiteAASkipped(t *testing.T) {
	ws := filepath.Join(t.TempDir(), "ws")
	shas := gitRepo(t, ws,
		map[string]string{"go.mod": "module example.com/x\n\ngo 1.26\n", "x.go": "package x\n"},
		map[string]string{"go.mod": "module example.com/x\n\ngo 1.26\n\nrequire example.com/y v1.2.0\n"})
	ev := fixtureEvent(t, "pull_request", func(ev map[string]any) {
		field(ev, "pull_request", "base")["sha"] = shas[0]
		field(ev, "pull_request", "head")["sha"] = shas[1]
	})
	// An earlier run's results in the directory must not be judged as
	// this one's.
	res := filepath.Join(ws, ".benchgate")
	os.MkdirAll(res, 0o755)
	os.WriteFile(filepath.Join(res, "head.txt"), []byte("BenchmarkOld-2 1 5 ns/op\n"), 0o644)

	r := runStep(t, ws, "pull_request", ev, map[string]string{"comment": "never"})
	if r.code != 0 || r.output("verdict") != "pass" || r.output("regressions") != "0" {
		t.Fatalf("exit %d, verdict %q, regressions %q; want 0, pass, 0", r.code, r.output("verdict"), r.output("regressions"))
	}
	note := "nothing was measured: no packages were given, so the run was of the built-in crypto suite, which is the same at every commit, and both sides would build it with the same toolchain and settings"
	r.mustContain(t, "stdout", r.stdout, note, "Give input packages to benchmark your code, or input base-toolchain and input head-toolchain to compare toolchains.")
	r.mustContain(t, "summary", r.summary, "benchgate: ✅ pass", "**Nothing was measured**, so nothing was compared", "- nothing was measured: no packages were given")
	if strings.Contains(r.stdout+r.stderr, "building") || strings.Contains(r.stdout, "round 1") {
		t.Error("the skipped run built or measured something")
	}
	var m runner.Manifest
	data, err := os.ReadFile(filepath.Join(res, runner.ManifestFile))
	if err == nil {
		err = json.Unmarshal(data, &m)
	}
	if err != nil || m.NotRun != runner.NotRunSameSuite || len(m.Sides) != 2 || m.Sides[0].Commit != shas[0] || m.Sides[1].Commit != shas[1] {
		t.Fatalf("manifest %s (%v): want not_run %q and both commits", data, err, runner.NotRunSameSuite)
	}
	for _, f := range []string{"base.txt", "head.txt"} {
		if st, err := os.Stat(filepath.Join(res, f)); err != nil || st.Size() != 0 {
			t.Errorf("%s: %v, size %d; want an empty file", f, err, st.Size())
		}
	}

	// The fork-safe report on that directory, as an artifact elsewhere.
	ws2 := t.TempDir()
	art := filepath.Join(ws2, "results")
	os.MkdirAll(art, 0o755)
	for _, f := range []string{"base.txt", "head.txt", runner.ManifestFile, MetadataFile} {
		b, err := os.ReadFile(filepath.Join(res, f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(art, f), b, 0o644)
	}
	r = runStep(t, ws2, "pull_request", ev, map[string]string{"command": "report", "results-dir": "results", "comment": "never"})
	if r.code != 0 || r.output("verdict") != "pass" {
		t.Errorf("report: exit %d, verdict %q; want 0, pass", r.code, r.output("verdict"))
	}
	r.mustContain(t, "stdout", r.stdout, note)

	// A manifest that claims it beside results is refused: judged as
	// not run, they would pass unread.
	os.WriteFile(filepath.Join(art, "head.txt"), []byte("BenchmarkA-2 1000 150 ns/op\n"), 0o644)
	r = runStep(t, ws2, "pull_request", ev, map[string]string{"command": "report", "results-dir": "results", "comment": "never"})
	if r.code != 2 {
		t.Errorf("report of a not-run manifest beside results: exit %d, want 2", r.code)
	}
	r.mustContain(t, "stderr", r.stderr, "manifest.json in results says its run measured nothing, but head.txt holds results; refusing it")
}
