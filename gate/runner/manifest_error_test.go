package runner

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/benchgate/benchgate/gate/plan"
)

func readManifest(t *testing.T, dir string) Manifest {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestEmptyShardManifest: a shard that holds no benchmark did not fail,
// so its manifest records no error (a merge notes such a shard; an error
// would fail the merge and blame the wrong shard).
func TestEmptyShardManifest(t *testing.T) {
	for k := 1; k <= 3; k++ {
		p := testPlan(t, 2)
		p.Shard = plan.Shard{K: k, N: 3}
		if p.Shard.Has("example.com/a", "BenchmarkA") {
			continue
		}
		_, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Env: []string{"PATH=/bin"}, Exec: &shardExec{fns: []string{"BenchmarkA"}}})
		if !errors.Is(err, ErrEmptyShard) {
			t.Fatalf("shard %d/3: Run said %v, want %v", k, err, ErrEmptyShard)
		}
		m := readManifest(t, p.ResultsDir)
		if m.Error != "" || m.Shard != p.Shard.String() || len(m.Sides) != 2 || m.Sides[0].Results+m.Sides[1].Results != 0 {
			t.Errorf("shard %d/3 manifest: error %q, shard %q, sides %+v; want no error, the shard, two sides without results", k, m.Error, m.Shard, m.Sides)
		}
	}
}

// TestRecordError: a failure found after the rounds is written into the
// manifest, the rest of it kept; an error already there stays, unless
// the new one outranks it (ReplaceError).
func TestRecordError(t *testing.T) {
	dir := t.TempDir()
	m := Manifest{Sides: []ManifestSide{{Name: "base", File: "base.txt", Results: 3}, {Name: "head", File: "head.txt", Results: 2}}, Shard: "1/2", RoundsDone: 8}
	data, _ := json.Marshal(m)
	if err := os.WriteFile(filepath.Join(dir, ManifestFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := RecordError(dir, errors.New("1 benchmark function(s) have results on one side only")); err != nil {
		t.Fatal(err)
	}
	got := readManifest(t, dir)
	if got.Error != "1 benchmark function(s) have results on one side only" || got.Shard != "1/2" || got.RoundsDone != 8 || len(got.Sides) != 2 || got.Sides[1].Results != 2 {
		t.Errorf("manifest after RecordError: %+v", got)
	}
	if err := RecordError(dir, errors.New("later")); err != nil {
		t.Fatal(err)
	}
	if got := readManifest(t, dir); got.Error != "1 benchmark function(s) have results on one side only" {
		t.Errorf("RecordError replaced the first error: %q", got.Error)
	}
	if err := ReplaceError(dir, errors.New("outranks")); err != nil {
		t.Fatal(err)
	}
	if got := readManifest(t, dir); got.Error != "outranks" || got.RoundsDone != 8 {
		t.Errorf("manifest after ReplaceError: %+v", got)
	}
	if err := RecordError(t.TempDir(), errors.New("x")); err == nil {
		t.Error("RecordError without a manifest: no error")
	}
}
