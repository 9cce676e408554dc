package pipeline

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/usage"
)

// setRounds records in dir's manifest the rounds its run had, as
// benchgate run writes them.
func setRounds(t *testing.T, dir string, rounds, maxRounds int, rule string) {
	t.Helper()
	path := filepath.Join(dir, runner.ManifestFile)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m runner.Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	m.Rounds, m.MaxRounds, m.Adaptive, m.RoundsDone = rounds, maxRounds, rule, max(rounds, maxRounds)
	if data, err = json.Marshal(m); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMergeJudgesRunsStages: a merge splits the rounds as the shards'
// runs did, from their manifests, whatever the merging command's own
// policy says: the fixed rounds first, the adaptive ones only for the
// candidates of the fixed ones, picked by the runs' rule.
func TestMergeJudgesRunsStages(t *testing.T) {
	tmp := t.TempDir()
	// X is unchanged in the five fixed rounds and twice as slow in the
	// five after them: no candidate of the fixed rounds, so the later
	// rounds (which the run would not have given it) cannot make it a
	// regression; but a change shown at +50% over every round is not
	// passed as unchanged either (decide's largeLater).
	late := append(around(100)[:5], 200, 200, 200, 200, 200)
	shards := func(name string) (string, string) {
		s1 := writeDir(t, filepath.Join(tmp, name, "s1"), "c", "1/2", sideData{"X": around(100)}, sideData{"X": late})
		s2 := writeDir(t, filepath.Join(tmp, name, "s2"), "c", "2/2", sideData{"Y": around(100)}, sideData{"Y": around(100)})
		return s1, s2
	}
	s1, s2 := shards("adaptive")
	setRounds(t, s1, 5, 10, "confirm")
	setRounds(t, s2, 5, 10, "confirm")
	rep, err := merge(t, s1, s2)
	if err != nil {
		t.Fatal(err)
	}
	if p := rep.Policy; p.StageRounds != 5 || p.MaxRounds != 10 || p.Until != decide.UntilConfirmed {
		t.Errorf("merged policy: stage rounds %d, max rounds %d, rule %q; want the runs' 5, 10, confirm", p.StageRounds, p.MaxRounds, p.Until)
	}
	if x := decisionOf(rep, "X-2"); rep.Verdict != decide.InconclusiveVerdict || x.Status != decide.Inconclusive || x.Confirmation != nil || !strings.Contains(x.Note, "its first 5 rounds, which decided it") {
		t.Errorf("two stages: verdict %s, X %s (%q); want inconclusive, X no candidate and decided on its first 5 rounds", rep.Verdict, x.Status, x.Note)
	}

	// The same files from runs of ten fixed rounds are one stage, in
	// which X's later rounds count (not significant after the
	// correction: a possible regression).
	f1, f2 := shards("fixed")
	setRounds(t, f1, 10, 0, "")
	setRounds(t, f2, 10, 0, "")
	if rep, err = merge(t, f1, f2); err != nil {
		t.Fatal(err)
	}
	if rep.Policy.StageRounds != 0 || rep.Verdict != decide.InconclusiveVerdict {
		t.Errorf("one stage: stage rounds %d, verdict %s; want 0, inconclusive", rep.Policy.StageRounds, rep.Verdict)
	}

	// The runs' rule picks the candidates: under settle, X's interval
	// reaches the threshold, so its later rounds are looked at.
	setRounds(t, s1, 5, 10, "settle")
	setRounds(t, s2, 5, 10, "settle")
	if rep, err = merge(t, s1, s2); err != nil {
		t.Fatal(err)
	}
	if rep.Policy.Until != decide.UntilSettled || rep.Candidates != 2 {
		t.Errorf("settle: rule %q, %d candidates; want settle, 2", rep.Policy.Until, rep.Candidates)
	}

	// Shards whose runs split their rounds differently cannot be judged
	// as one.
	setRounds(t, f2, 5, 10, "")
	_, err = merge(t, f1, f2)
	var ue *usage.Error
	want := f1 + " ran {rounds} 10 without adaptive rounds and " + f2 + " ran {rounds} 5 and {max-rounds} 10"
	if !errors.As(err, &ue) || !strings.Contains(ue.Msg, want) {
		t.Errorf("merging shards of different rounds: %v, want a usage error with %q", err, want)
	}
}

// TestMergeRefusesTooFewRoundsForAll: each shard's run checks that its
// rounds can decide its own comparisons; the merge checks that they can
// decide all of them together, and refuses (exit 2) with the rounds that
// would, instead of ending every comparison too-few-samples.
func TestMergeRefusesTooFewRoundsForAll(t *testing.T) {
	tmp := t.TempDir()
	five := around(100)[:5]
	shard := func(name, k string) string {
		data := sideData{name + "A": five, name + "B": five, name + "C": five, name + "D": five}
		d := writeDir(t, filepath.Join(tmp, name), "c", k, data, data)
		setRounds(t, d, 5, 0, "")
		return d
	}
	s1, s2 := shard("s1", "1/2"), shard("s2", "2/2")
	// Holm at alpha 0.05: 2/C(10,5) = 0.0079 reaches 0.05/4 (each shard's
	// own check) but not 0.05/8 (the merge); 6 rounds give 2/C(12,6) =
	// 0.0022.
	if _, err := merge(t, shard("alone", "")); err != nil {
		t.Errorf("four comparisons of five rounds: %v", err)
	}
	_, err := merge(t, s1, s2)
	var ue *usage.Error
	if !errors.As(err, &ue) {
		t.Fatalf("merging both: %v, want a usage error", err)
	}
	for _, want := range []string{
		"the shards' {rounds} 5 is too few for 8 comparisons over 2 shards",
		"p <= 0.0063 (0.05 over 8)",
		"run every shard with {rounds} 6 or more",
	} {
		if !strings.Contains(ue.Msg+"\n"+ue.Hint, want) {
			t.Errorf("merging both: %v (hint %q), want %q", err, ue.Hint, want)
		}
	}
}

// decisionOf is rep's sec/op decision of benchmark name.
func decisionOf(rep *report.Report, name string) decide.Decision {
	for _, d := range rep.Decisions {
		if d.Benchmark == name && d.Unit == "sec/op" {
			return d
		}
	}
	return decide.Decision{}
}
