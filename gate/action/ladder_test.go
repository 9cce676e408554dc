package action

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/internal/ghfake"
)

// shardArtifact writes one shard's results directory as its measuring
// job uploads it: base.txt, head.txt (benchmark name's head slower by
// factor), manifest.json naming the shard, and metadata.json.
func shardArtifact(t *testing.T, dir, shard, name string, factor float64, meta Metadata) {
	t.Helper()
	os.MkdirAll(dir, 0o755)
	var base, head strings.Builder
	for _, b := range []*strings.Builder{&base, &head} {
		b.WriteString("goos: linux\ngoarch: amd64\npkg: example.com/x\ncpu: " + shard + "'s machine\n")
	}
	for i := range 10 {
		fmt.Fprintf(&base, "Benchmark%s-2 1000 %d ns/op\n", name, 100+i%3)
		fmt.Fprintf(&head, "Benchmark%s-2 1000 %g ns/op\n", name, float64(100+i%3)*factor)
	}
	os.WriteFile(filepath.Join(dir, "base.txt"), []byte(base.String()), 0o644)
	os.WriteFile(filepath.Join(dir, "head.txt"), []byte(head.String()), 0o644)
	m := runner.Manifest{Shard: shard, RoundsDone: 10, Sides: []runner.ManifestSide{{Name: "base", File: "base.txt", Results: 10}, {Name: "head", File: "head.txt", Results: 10}}}
	data, _ := json.Marshal(m)
	os.WriteFile(filepath.Join(dir, runner.ManifestFile), data, 0o644)
	data, _ = json.Marshal(meta)
	os.WriteFile(filepath.Join(dir, MetadataFile), data, 0o644)
}

// TestReportMergesShards: command report over a results-dir of shard
// artifacts (download-artifact with a pattern) merges them, labels head
// with the verified commit, and comments once; artifacts that disagree
// about the pull request, or a missing shard, are refused.
func TestReportMergesShards(t *testing.T) {
	ev := fixtureEvent(t, "workflow_run_fork", nil)
	in := map[string]string{"command": "report", "results-dir": "shards", "github-token": reportToken, "comment": "always"}
	meta := Metadata{Schema: 1, Repository: "octo-org/hello-go", PRNumber: 9, BaseSHA: prBase, HeadSHA: prHead}
	fake := ghfake.New(t, ghfake.WithToken(reportToken))
	fake.AddPull(ghfake.Pull{Owner: "octo-org", Repo: "hello-go", Number: 9, HeadSHA: prHead, BaseSHA: prBase, HeadRepo: "mona/hello-go-fork"})
	api := "GITHUB_API_URL=" + strings.TrimSuffix(fake.URL, "/")

	ws := t.TempDir()
	shardArtifact(t, filepath.Join(ws, "shards", "benchgate-1"), "1/2", "Fast", 1, meta)
	shardArtifact(t, filepath.Join(ws, "shards", "benchgate-2"), "2/2", "Slow", 2, meta)
	r := runStep(t, ws, "workflow_run", ev, in, api)
	if r.code != 1 {
		t.Errorf("exit %d, want 1 (the regression in shard 2/2)", r.code)
	}
	r.mustContain(t, "stdout", r.stdout, "base: "+prBase[:12]+"\nhead: "+prHead[:12]+"\n", "shard: 2/2\nsec/op", "Slow-2 ", "REGRESSION",
		"note: shard 1/2 (shards/benchgate-1): 1 benchmark function(s) on cpu 1/2's machine")
	if cs := fake.Comments("octo-org", "hello-go", 9); len(cs) != 1 || !strings.Contains(cs[0].Body, "`Slow-2`") {
		t.Errorf("comments: %+v", cs)
	}
	r.mustContain(t, "outputs", r.outputs, "verdict<<", "regression")

	// One shard's metadata names another pull request.
	other := meta
	other.PRNumber = 10
	shardArtifact(t, filepath.Join(ws, "shards", "benchgate-2"), "2/2", "Slow", 2, other)
	r = runStep(t, ws, "workflow_run", ev, in, api)
	if r.code != 2 {
		t.Errorf("exit %d, want 2", r.code)
	}
	r.mustContain(t, "stderr", r.stderr, "the results directories were measured for different pull requests or commits")

	// A shard missing.
	os.RemoveAll(filepath.Join(ws, "shards", "benchgate-2"))
	shardArtifact(t, filepath.Join(ws, "shards", "benchgate-3"), "3/3", "Slow", 1, meta)
	r = runStep(t, ws, "workflow_run", ev, in, api)
	if r.code != 2 {
		t.Errorf("exit %d, want 2", r.code)
	}
}

// TestCompareDirs: command compare with compare-dirs merges the shards'
// directories, a glob included, and gates once.
func TestCompareDirs(t *testing.T) {
	ws := t.TempDir()
	shardArtifact(t, filepath.Join(ws, "shards", "a"), "1/2", "Fast", 1, Metadata{Schema: 1})
	shardArtifact(t, filepath.Join(ws, "shards", "b"), "2/2", "Slow", 1.5, Metadata{Schema: 1})
	r := runStep(t, ws, "workflow_dispatch", "", map[string]string{"command": "compare", "compare-dirs": "shards/*", "comment": "never"})
	if r.code != 1 {
		t.Errorf("exit %d, want 1", r.code)
	}
	r.mustContain(t, "summary", r.summary, "regression")
	r = runStep(t, ws, "workflow_dispatch", "", map[string]string{"command": "compare", "compare-dirs": "shards/a", "comment": "never"})
	if r.code != 2 || !strings.Contains(r.stderr, "shard(s) 2/2 missing") {
		t.Errorf("one of two shards: exit %d, stderr %s", r.code, r.stderr)
	}
	r = runStep(t, ws, "workflow_dispatch", "", map[string]string{"command": "compare", "compare-dirs": "../elsewhere"})
	if r.code != 2 || !strings.Contains(r.stderr, "leaves the workspace") {
		t.Errorf("a directory outside the workspace: exit %d, stderr %s", r.code, r.stderr)
	}
	// A directory named that is not there (a typo, an artifact not
	// downloaded) is refused: left out, its regressions passed unjudged.
	os.WriteFile(filepath.Join(ws, "shards", "file"), []byte("x"), 0o644)
	for name, want := range map[string]string{"shards/bb": "input compare-dirs: shards/bb does not exist", "shards/file": "input compare-dirs: shards/file is a regular file, not a directory"} {
		r = runStep(t, ws, "workflow_dispatch", "", map[string]string{"command": "compare", "compare-dirs": "shards/a," + name, "comment": "never"})
		if r.code != 2 || !strings.Contains(r.stderr, want) {
			t.Errorf("compare-dirs naming %s: exit %d, stderr %s", name, r.code, r.stderr)
		}
	}
}

// TestCompareDirsOfDifferentRounds: shards whose runs had different
// rounds are not one gate (their rounds would split at different
// places), said in the inputs' words.
func TestCompareDirsOfDifferentRounds(t *testing.T) {
	ws := t.TempDir()
	for i, rounds := range []int{10, 8} {
		dir := filepath.Join(ws, "shards", fmt.Sprint(i+1))
		shardArtifact(t, dir, fmt.Sprintf("%d/2", i+1), "X", 1, Metadata{Schema: 1})
		path := filepath.Join(dir, runner.ManifestFile)
		var m runner.Manifest
		data, _ := os.ReadFile(path)
		json.Unmarshal(data, &m)
		m.Rounds, m.MaxRounds, m.Adaptive = rounds, 32, "confirm"
		data, _ = json.Marshal(m)
		os.WriteFile(path, data, 0o644)
	}
	r := runStep(t, ws, "workflow_dispatch", "", map[string]string{"command": "compare", "compare-dirs": "shards/*", "comment": "never"})
	want := "ran input rounds 10 and input max-rounds 32 (input adaptive confirm) and shards/2 ran input rounds 8 and input max-rounds 32"
	if r.code != 2 || !strings.Contains(r.stderr, want) || !strings.Contains(r.stderr, "hint: run every shard with the same input rounds, input max-rounds and input adaptive") {
		t.Errorf("exit %d, stderr %q; want 2 and %q", r.code, r.stderr, want)
	}
}

// TestLadderInputs: the inputs of ladders and shards are checked, and
// their mistakes named as inputs, with the hint that says what to give
// (not only "see the inputs in action.yml").
func TestLadderInputs(t *testing.T) {
	ws := t.TempDir()
	for _, tt := range []struct {
		in   map[string]string
		want string
	}{
		{map[string]string{"configs": "local"}, "invalid input configs: a ladder needs at least two configurations, got 1\nhint: list the toolchains in order"},
		{map[string]string{"configs": "local,local+GOOS=plan9"}, "GOOS cannot be set"},
		{map[string]string{"shard": "4/3"}, `invalid input shard "4/3": k must be between 1 and 3`},
		{map[string]string{"shard": "0/3"}, "hint: shards are numbered from 1"},
		{map[string]string{"ladder-gate": "all"}, `invalid input ladder-gate "all"`},
		{map[string]string{"compare-dirs": "shards/*"}, "input compare-dirs: only command compare merges results directories"},
	} {
		r := runStep(t, ws, "workflow_dispatch", "", tt.in)
		if r.code != 2 || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tt.in, r.code, r.stderr, tt.want)
		}
	}
}
