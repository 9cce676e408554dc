package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
)

// seedLadder is the ladder of the seeds' stand, from synthetic results
// with its medians (testdata/ladder): go1.19.13 → go1.20.14 → go1.26.8,
// gated as the stand gated, at 50%.
func seedLadder(t *testing.T, gate string) *Report {
	t.Helper()
	sides := []Side{
		{Name: "s0", Label: "go1.19.13 · GOTOOLCHAIN=go1.19.13 · working tree", Toolchain: "go1.19.13", GoVersion: "go1.19.13", Config: "go1.19.13"},
		{Name: "s1", Label: "go1.20.14 · GOTOOLCHAIN=go1.20.14 · working tree", Toolchain: "go1.20.14", GoVersion: "go1.20.14", Config: "go1.20.14"},
		{Name: "s2", Label: "go1.26.8 · GOTOOLCHAIN=go1.26.8 · working tree", Toolchain: "go1.26.8", GoVersion: "go1.26.8", Config: "go1.26.8"},
	}
	p := decide.DefaultPolicy
	p.Threshold = 0.5
	type st struct {
		from, to int
		gates    bool
	}
	steps := []st{{0, 1, gate == GateAnyStep}, {1, 2, gate == GateAnyStep}, {0, 2, true}}
	var gating, other []*compare.Result
	results := make([]*compare.Result, len(steps))
	for i, s := range steps {
		res, err := compare.Load([]string{filepath.Join("testdata", "ladder", sides[s.from].Name+".txt")}, []string{filepath.Join("testdata", "ladder", sides[s.to].Name+".txt")}, compare.DefaultOptions)
		if err != nil {
			t.Fatal(err)
		}
		results[i] = res
		if s.gates {
			gating = append(gating, res)
		} else {
			other = append(other, res)
		}
	}
	dg, do := decide.Joint(gating, p), []*decide.Result(nil)
	if len(other) > 0 {
		do = decide.Joint(other, p)
	}
	var ls []LadderStep
	for _, s := range steps {
		var d *decide.Result
		if s.gates {
			d, dg = dg[0], dg[1:]
		} else {
			d, do = do[0], do[1:]
		}
		ls = append(ls, LadderStep{From: s.from, To: s.to, Gates: s.gates, Report: New(d, 0.95)})
	}
	rep := NewLadder(sides, ls, gate, p, 0.95)
	rep.Rounds = 8
	rep.ResultsDir = ".benchgate"
	return rep
}

// TestLadderGolden renders the seeds' ladder as text and markdown; run
// with -update after an intended change.
func TestLadderGolden(t *testing.T) {
	rep := seedLadder(t, GateAnyStep)
	for _, f := range []Format{Text, Markdown} {
		var buf bytes.Buffer
		if err := rep.Write(&buf, f); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", "ladder", "golden."+map[Format]string{Text: "txt", Markdown: "md"}[f])
		if *update {
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update to create it)", err)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s differs from the golden file (go test ./gate/report -update to accept):\n%s", path, buf.String())
		}
	}
}

// TestLadderVerdicts checks the seeds' verdicts: at 50%, 1.19 → 1.20
// fails six benchmarks (public RSA operations, RSA-4096 sign, the RS256
// round trip, not RSA-2048 sign at +34%), 1.20 → 1.26 passes, and 1.19 →
// 1.26 still fails RSA-4096's public operations. Gating on the first
// against the last alone, the steps are shown but do not gate.
func TestLadderVerdicts(t *testing.T) {
	rep := seedLadder(t, GateAnyStep)
	want := []struct {
		v decide.Verdict
		n int
	}{{decide.RegressionVerdict, 6}, {decide.Pass, 0}, {decide.RegressionVerdict, 2}}
	for i, st := range rep.Ladder.Steps {
		if st.Report.Verdict != want[i].v || st.Report.Counts[decide.Regression] != want[i].n {
			t.Errorf("step %s: %s with %d regressions, want %s with %d", rep.StepLabel(st), st.Report.Verdict, st.Report.Counts[decide.Regression], want[i].v, want[i].n)
		}
	}
	if rep.Verdict != decide.RegressionVerdict || rep.Counts[decide.Regression] != 8 {
		t.Errorf("ladder: %s with %d regressions, want regression with 8", rep.Verdict, rep.Counts[decide.Regression])
	}
	for _, d := range rep.Decisions {
		if d.Config["step"] == "" {
			t.Fatalf("%s has no step in its configuration", d.Benchmark)
		}
	}
	if d := rep.Decisions[0]; d.Config["step"] != "go1.19.13 → go1.20.14" || d.ConfigOrder[0] != "step" {
		t.Errorf("first decision's step = %q (order %v)", d.Config["step"], d.ConfigOrder)
	}
	fl := seedLadder(t, GateFirstLast)
	if fl.Counts[decide.Regression] != 2 || len(fl.Decisions) != 10 || fl.Family != 10 {
		t.Errorf("first-last: %d regressions in %d decisions (family %d), want 2 in 10 (10)", fl.Counts[decide.Regression], len(fl.Decisions), fl.Family)
	}
	var text bytes.Buffer
	fl.Write(&text, Text)
	if !strings.Contains(text.String(), "step go1.19.13 → go1.20.14: regression: 6 regressions in 10 comparisons (does not gate)") {
		t.Errorf("first-last report does not show the ungated step:\n%s", text.String())
	}
}

// TestLadderJSON checks the ladder's JSON: the report's fields, and the
// steps.
func TestLadderJSON(t *testing.T) {
	var buf bytes.Buffer
	if err := seedLadder(t, GateAnyStep).Write(&buf, JSON); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Verdict     string
		Family      int
		Comparisons []struct {
			Benchmark string
			Config    map[string]string
			Status    string
		}
		Ladder struct {
			Gate  string
			Sides []Side
			Steps []struct {
				From, To, Label, Verdict string
				FirstLast                bool `json:"first_last"`
				Gates                    bool
				Comparisons              []json.RawMessage
			}
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Verdict != "regression" || doc.Ladder.Gate != "any" || len(doc.Ladder.Sides) != 3 || len(doc.Ladder.Steps) != 3 || len(doc.Comparisons) != 30 || doc.Family != 30 {
		t.Fatalf("verdict %s gate %s, %d sides, %d steps, %d comparisons (family %d)", doc.Verdict, doc.Ladder.Gate, len(doc.Ladder.Sides), len(doc.Ladder.Steps), len(doc.Comparisons), doc.Family)
	}
	last := doc.Ladder.Steps[2]
	if last.From != "s0" || last.To != "s2" || !last.FirstLast || last.Label != "go1.19.13 → go1.26.8" || len(last.Comparisons) != 10 {
		t.Errorf("last step: %+v", last)
	}
}

// TestLadderAgainstMedians: a step's change that points the other way
// from the two sides' medians is marked in the ladder's text and
// markdown, and the mark is explained once.
func TestLadderAgainstMedians(t *testing.T) {
	rep := seedLadder(t, GateAnyStep)
	for _, f := range []Format{Text, Markdown} {
		var b bytes.Buffer
		if err := rep.Write(&b, f); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(b.String(), againstMark) {
			t.Fatalf("the seed ladder has no change against its medians, yet it is marked:\n%s", b.String())
		}
	}
	d := &rep.Ladder.Steps[0].Report.Decisions[0]
	m := d.Head.Center/d.Base.Center - 1
	d.Delta = -m / 2 // a paired change of the other sign, half as large
	want := FormatDelta(*d) + againstMark
	for name, f := range map[string]Format{"text": Text, "markdown": Markdown} {
		var b bytes.Buffer
		if err := rep.Write(&b, f); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), MarkdownText(want)) && !strings.Contains(b.String(), want) {
			t.Errorf("%s: the ladder lacks the marked change %q:\n%s", name, want, b.String())
		}
		if n := strings.Count(b.String(), "† The ratio of the two sides' medians points the other way"); n != 1 {
			t.Errorf("%s: the mark is explained %d times, want once:\n%s", name, n, b.String())
		}
	}
}
