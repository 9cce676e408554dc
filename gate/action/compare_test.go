package action

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestActionCompareOfCountFilesUsesTheUTest: command compare over two go
// test -count 5 outputs (one side's samples back to back, then the
// other's: no rounds to pair) judges them as benchgate compare does, with
// the U-test, so 5 samples per side decide a 29% slowdown at alpha 0.01
// (U-test p 2/252). Paired by index with the input decide: both, the
// same files could not be decided (doubled, the smallest p is 0.016), and
// that explicit choice is still honoured.
func TestActionCompareOfCountFilesUsesTheUTest(t *testing.T) {
	ws := t.TempDir()
	writeSamples(t, ws, "base.txt", 100, 101, 102, 103, 104)
	writeSamples(t, ws, "head.txt", 130, 131, 132, 133, 134)
	for _, c := range []struct {
		decide  string
		code    int
		verdict string
		want    string
	}{
		{"", 1, "regression", "p-values from the Mann-Whitney U-test"},
		{"utest", 1, "regression", "p-values from the Mann-Whitney U-test"},
		{"both", 2, "error", "each p-value is the smaller of the sign test's"},
	} {
		r := runStep(t, ws, "pull_request", fixtureEvent(t, "pull_request", nil), map[string]string{
			"command": "compare", "compare-base": "base.txt", "compare-head": "head.txt", "decide": c.decide, "comment": "never"})
		if r.code != c.code {
			t.Fatalf("decide %q: exit %d, want %d\n%s\n%s", c.decide, r.code, c.code, r.stdout, r.stderr)
		}
		if v := r.output("verdict"); v != c.verdict {
			t.Errorf("decide %q: output verdict %q, want %q", c.decide, v, c.verdict)
		}
		r.mustContain(t, "stdout", r.stdout, c.want)
		// The files are the raw results, named in the inputs; the
		// results-dir holds only the reports, so the report does not
		// point there for them.
		if strings.Contains(r.summary, "Raw results") {
			t.Errorf("decide %q: the summary names a directory of raw results:\n%s", c.decide, r.summary)
		}
		if c.code == 1 {
			// benchstat's change: the ratio of the medians, 132/102.
			r.mustContain(t, "stdout", r.stdout, "+29.41%  p=0.008 n=5  REGRESSION")
		}
	}
}

// TestActionCompareRefusesAResultsDirAsOneSide: a results directory of
// benchgate run given as compare-head beside a file would pool its
// base.txt and head.txt into head: refused, exit 2, in the inputs' words.
func TestActionCompareRefusesAResultsDirAsOneSide(t *testing.T) {
	ws := t.TempDir()
	writeSamples(t, ws, "base.txt", 100, 101, 102, 103, 104)
	if err := os.Mkdir(filepath.Join(ws, "run"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeSamples(t, ws, "run/base.txt", 100, 101, 102, 103, 104)
	writeSamples(t, ws, "run/head.txt", 130, 131, 132, 133, 134)
	r := runStep(t, ws, "pull_request", fixtureEvent(t, "pull_request", nil), map[string]string{
		"command": "compare", "compare-base": "base.txt", "compare-head": "run", "comment": "never"})
	if r.code != 2 {
		t.Fatalf("exit %d, want 2\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	r.mustContain(t, "stdout", r.stdout, "given as input compare-head, is a results directory of benchgate run: its base.txt and head.txt are that run's two sides, and as one side they would be pooled")
	r.mustContain(t, "stderr", r.stderr, "hint: name the file you mean, run/base.txt or run/head.txt, or give the directory as both compare-base and compare-head (run)")
}

// TestActionSuiteRefsRefused: base-ref and head-ref inputs without
// packages name commits, but the built-in suite runs then, the same at
// every commit: where their go.mod files ask for one toolchain the step
// is refused before anything is built, in the Action's words. The event's
// own commits (a go.mod change that is no toolchain bump, under the
// toolchain-bump workflow) are not refused: that run says it was A/A.
func TestActionSuiteRefsRefused(t *testing.T) {
	ws := filepath.Join(t.TempDir(), "ws")
	shas := gitRepo(t, ws,
		map[string]string{"go.mod": "module example.com/x\n\ngo 1.21\n"},
		map[string]string{"a.go": "package x\n"})
	r := runStep(t, ws, "workflow_dispatch", "", map[string]string{"base-ref": shas[0], "head-ref": shas[1], "comment": "never"})
	if r.code != 2 {
		t.Fatalf("exit %d, want 2\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	r.mustContain(t, "stderr", r.stderr,
		"no packages were given, so benchgate would run its built-in crypto suite, which is the same at every commit",
		"hint: give the packages to benchmark (e.g. ./...), or input base-toolchain and input head-toolchain to compare toolchains on the suite")
	if strings.Contains(r.stdout+r.stderr, "building base") {
		t.Error("built before refusing")
	}
}
