package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func sample(t *testing.T) *Report {
	t.Helper()
	res, err := compare.Load([]string{"testdata/base.txt"}, []string{"testdata/head.txt"}, compare.DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	rep := New(decide.Decide(res, decide.DefaultPolicy), res.Confidence)
	rep.Sides = []Side{{Name: "base", Label: "go1.19.13 · working tree"}, {Name: "head", Label: "go1.20.14 · working tree"}}
	rep.Rounds = 6
	rep.ResultsDir = ".benchgate"
	return rep
}

// TestGolden renders the sample in every format and compares with the
// golden files; run with -update after an intended change.
func TestGolden(t *testing.T) {
	rep := sample(t)
	for _, tt := range []struct {
		file  string
		write func(*bytes.Buffer) error
	}{
		{"golden.txt", func(b *bytes.Buffer) error { return rep.WriteText(b) }},
		{"golden.md", func(b *bytes.Buffer) error { return rep.WriteMarkdown(b) }},
		{"golden.json", func(b *bytes.Buffer) error { return rep.WriteJSON(b) }},
	} {
		t.Run(tt.file, func(t *testing.T) {
			var buf bytes.Buffer
			if err := tt.write(&buf); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", tt.file)
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
				t.Errorf("%s differs from the golden file (go test ./gate/report -update to accept):\n%s", tt.file, buf.String())
			}
		})
	}
}

// TestJSONContract checks the shape other tools depend on.
func TestJSONContract(t *testing.T) {
	var buf bytes.Buffer
	if err := sample(t).WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Verdict     string  `json:"verdict"`
		Alpha       float64 `json:"alpha"`
		Comparisons []map[string]json.RawMessage
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Verdict != "regression" || doc.Alpha != 0.05 {
		t.Errorf("verdict %q alpha %v", doc.Verdict, doc.Alpha)
	}
	seen := map[string]bool{}
	for _, c := range doc.Comparisons {
		for _, k := range []string{"benchmark", "config", "unit", "base", "head", "delta", "p", "significant", "worse", "status"} {
			if _, ok := c[k]; !ok {
				t.Errorf("comparison lacks %q: %v", k, c)
			}
		}
		var status, unit, bench string
		json.Unmarshal(c["status"], &status)
		json.Unmarshal(c["unit"], &unit)
		json.Unmarshal(c["benchmark"], &bench)
		seen[status] = true
		switch status {
		case "new", "removed":
			if string(c["delta"]) != "null" || string(c["p"]) != "null" {
				t.Errorf("%s %s: delta %s p %s, want null", status, bench, c["delta"], c["p"])
			}
		case "regression":
			var delta, p float64
			json.Unmarshal(c["delta"], &delta)
			json.Unmarshal(c["p"], &p)
			if bench != "RSA/bits=2048/op=verify-2" || unit != "sec/op" || delta < 3.9 || delta > 4.1 || p > 0.05 {
				t.Errorf("regression %s %s delta %v p %v", bench, unit, delta, p)
			}
		}
	}
	for _, s := range []string{"regression", "improvement", "new", "removed", "too-few-samples", "unchanged"} {
		if !seen[s] {
			t.Errorf("sample has no %q comparison; the contract test should cover it", s)
		}
	}
}

// TestMarkdownEachRowOnce: every comparison is one row of the markdown
// report, never two (a regression is not listed again among all the
// comparisons), and no table has more than four columns.
func TestMarkdownEachRowOnce(t *testing.T) {
	rep := sample(t)
	var b bytes.Buffer
	if err := rep.WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	names := newNamer(rep.Decisions)
	rows := map[string]int{}
	unit := ""
	for _, l := range strings.Split(b.String(), "\n") {
		if !strings.HasPrefix(l, "| ") {
			continue
		}
		cells := splitRow(l)
		if len(cells) > 4 {
			t.Errorf("a row of %d columns: %q", len(cells), l)
		}
		if strings.HasPrefix(l, "|---") {
			continue
		}
		if c := strings.TrimSpace(cells[0]); !strings.HasPrefix(c, "`") {
			unit = c // a header row: the unit
			continue
		}
		rows[strings.Trim(cells[0], "` ")+" "+unit]++
	}
	for _, d := range rep.Decisions {
		key := names.short(d.Benchmark) + " " + d.Unit
		if rows[key] != 1 {
			t.Errorf("%s is in %d rows, want 1", key, rows[key])
		}
	}
}

// The evidence column: benchstat's "n=10+8" means the sides' counts, so a
// confirmation's later rounds are written as a range of rounds instead.
func TestFormatP(t *testing.T) {
	est := func(n int) *compare.Estimate { return &compare.Estimate{N: n} }
	for _, tt := range []struct {
		d    decide.Decision
		want string
	}{
		{decide.Decision{Comparison: compare.Comparison{Base: est(10), Head: est(10)}, TestP: 0.0021}, "p=0.002 n=10"},
		{decide.Decision{Comparison: compare.Comparison{Base: est(10), Head: est(8)}, TestP: 0.5}, "p=0.500 n=10+8"},
		{decide.Decision{Comparison: compare.Comparison{Base: est(20), Head: est(20)}, TestP: 0.001,
			Confirmation: &decide.Confirmation{From: 10, Rounds: 10, P: 0.00009}}, "p=0.000 rounds 11–20"},
		{decide.Decision{Comparison: compare.Comparison{Base: est(20), Head: est(20)}, TestP: 0.004,
			Confirmation: &decide.Confirmation{From: 10, Rounds: 10, P: 0.02, Combined: 0.0004, ByCombined: true}}, "p=0.000 rounds 1–20 combined"},
		// The fixed rounds' p of a row with later rounds (its process
		// ran a candidate's): "n=32" would say it is of 32 rounds.
		{decide.Decision{Comparison: compare.Comparison{Base: est(32), Head: est(32)}, TestP: 0.001, StageRounds: 8}, "p=0.001 rounds 1–8"},
		{decide.Decision{Comparison: compare.Comparison{Base: est(7), Head: est(7)}, Exact: true}, "exact n=7"},
		{decide.Decision{Comparison: compare.Comparison{Base: est(7)}}, ""},
	} {
		if got := FormatP(tt.d); got != tt.want {
			t.Errorf("FormatP = %q, want %q", got, tt.want)
		}
	}
}

// TestExactOnlyFootnote: a report whose every comparison was decided
// exactly (an instructions-only run) explains no test and no correction
// it did not use.
func TestExactOnlyFootnote(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, v int) string {
		var b strings.Builder
		b.WriteString("Unit instructions/op assume=exact better=lower\n")
		for i := 0; i < 3; i++ {
			fmt.Fprintf(&b, "BenchmarkA 1 %d instructions/op\n", v+i)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	res, err := compare.Load([]string{write("base.txt", 1000)}, []string{write("head.txt", 1100)}, compare.DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	rep := New(decide.Decide(res, decide.DefaultPolicy), res.Confidence)
	if rep.Verdict != decide.RegressionVerdict {
		t.Fatalf("verdict %s, want regression (+10%% in every run)", rep.Verdict)
	}
	var md, txt bytes.Buffer
	if err := rep.Write(&md, Markdown); err != nil {
		t.Fatal(err)
	}
	if err := rep.Write(&txt, Text); err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"markdown": md.String(), "text": txt.String()} {
		if strings.Contains(out, "U-test") || strings.Contains(out, "adjusted") {
			t.Errorf("%s report of exact comparisons explains a test:\n%s", name, out)
		}
	}
	if !strings.Contains(md.String(), "Values are medians. A regression: every head run worse than every base run by more than the threshold.") {
		t.Errorf("markdown footnote lacks the exact rule:\n%s", md.String())
	}
}

// TestMarkdownScalesEachRow: base → head is scaled per row, as benchstat
// scales it, so a table of sizes from 4B to 10MB reads "2.533n" and
// "781.5µ" instead of "781467.000n".
func TestMarkdownScalesEachRow(t *testing.T) {
	row := func(name string, base, head float64) decide.Decision {
		var d decide.Decision
		d.Benchmark, d.Unit, d.Status = name, "sec/op", decide.Unchanged
		d.Base = &compare.Estimate{Center: base, N: 9}
		d.Head = &compare.Estimate{Center: head, N: 9}
		return d
	}
	rows := []decide.Decision{row("Sum64/4B-2", 2.533e-9, 6.297e-9), row("Sum64/10MB-2", 781467e-9, 709009e-9)}
	var b bytes.Buffer
	writeTable(&b, rows, newNamer(rows), "sec/op")
	for _, want := range []string{"2.533n\u00a0→\u00a06.297n", "781.5µ\u00a0→\u00a0709.0µ"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the table lacks %q:\n%s", want, b.String())
		}
	}
}

// TestSkippedLine: benchmarks skipped on every side are said above the
// tables of the markdown report (the notes that name them are folded),
// and counted in the JSON report.
func TestSkippedLine(t *testing.T) {
	rep := sample(t)
	var md, js bytes.Buffer
	if err := rep.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(md.String(), "skipped on every side") {
		t.Errorf("a report without skipped benchmarks says some were:\n%s", md.String())
	}
	rep.Skipped = 36
	md.Reset()
	if err := rep.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	head, _, _ := strings.Cut(md.String(), "|")
	if w := "⏭️ **36 benchmarks skipped on every side** (b.Skip; the notes say why): not measured, so this verdict says nothing about them."; !strings.Contains(head, w) {
		t.Errorf("the markdown report does not say %q before its tables:\n%s", w, md.String())
	}
	if !strings.Contains(js.String(), `"skipped": 36`) {
		t.Errorf("the JSON report lacks \"skipped\": 36:\n%s", js.String())
	}
}

// TestCombinedConfirmation: a candidate that the combined test confirmed
// says so in every format: its JSON confirmation carries combined_p and
// by_combined, and the note on corrections says what a p marked
// "combined" is.
func TestCombinedConfirmation(t *testing.T) {
	d := decide.Decision{Comparison: compare.Comparison{Base: &compare.Estimate{N: 64}, Head: &compare.Estimate{N: 64}}, TestP: 0.004,
		Confirmation: &decide.Confirmation{From: 32, Rounds: 32, P: 0.0042, PAdjusted: 0.0042, Candidates: 1, Combined: 0.00019, Confirmed: true, ByCombined: true}}
	c := jsonConfirmation(d.Confirmation)
	if c.CombinedP == nil || *c.CombinedP != 0.00019 || !c.ByCombined {
		t.Errorf("JSON confirmation %+v: want combined_p 0.00019 and by_combined", c)
	}
	noP := jsonConfirmation(&decide.Confirmation{From: 32, Rounds: 16, P: 1e-5, PAdjusted: 1e-5, Combined: math.NaN(), Halfway: true, Confirmed: true})
	if noP.CombinedP != nil || noP.ByCombined {
		t.Errorf("confirmation without a combined p %+v: want no combined_p", noP)
	}
	r := &Report{Policy: decide.Policy{StageRounds: 32, Correction: decide.CorrectionBH}, Family: 2, Candidates: 1, Decisions: []decide.Decision{d}}
	if note := r.CorrectionNote(); !strings.Contains(note, `a p marked "combined" is after the correction`) {
		t.Errorf("correction note %q does not say what a combined p is", note)
	}
}

// TestAgainstMedians: a paired change whose sign differs from the ratio
// of the sides' medians, or that is less than half or more than twice
// it (as ratios head/base), is marked in the text and markdown tables and
// explained once; a change that agrees with the medians, or prints as
// +0.00% beside medians as close, is not marked, and a report without
// marked rows has no note.
func TestAgainstMedians(t *testing.T) {
	row := func(name string, base, head, delta float64) decide.Decision {
		var d decide.Decision
		d.Benchmark, d.Unit, d.Status, d.Better = name, "sec/op", decide.Unchanged, -1
		d.Config = map[string]string{"pkg": "example.com/p"}
		d.ConfigOrder = []string{"pkg"}
		d.Base = &compare.Estimate{Center: base, N: 32}
		d.Head = &compare.Estimate{Center: head, N: 32}
		d.Delta, d.TestP, d.PAdjusted = delta, 0.43, 0.43
		return d
	}
	against := row("Verify-2", 65.97e-6, 64.16e-6, 0.0118) // medians -2.7%, paired +1.18%
	agrees := row("Sign-2", 32.08e-6, 32.82e-6, 0.0495)
	zero := row("Sum-2", 744.3e-9, 744.1e-9, 0.00004)
	// lz4's UncompressTwain B/op: 186 bytes in most rounds, 8 KiB in
	// others, the medians 18.96 times apart, the per-round ratio +13.97%.
	far := row("Twain-2", 186, 3526, 0.1397)
	far.Unit = "B/op"
	near := row("Pg-2", 283.9e-6, 468.4e-6, 0.5462) // medians +65%, paired +55%
	for _, tt := range []struct {
		d    decide.Decision
		want bool
	}{{against, true}, {agrees, false}, {zero, false}, {far, true}, {near, false}} {
		if got := againstMedians(tt.d); got != tt.want {
			t.Errorf("againstMedians(%s, Δ %+.4f, medians %v → %v) = %v, want %v", tt.d.Benchmark, tt.d.Delta, tt.d.Base.Center, tt.d.Head.Center, got, tt.want)
		}
	}
	r := &Report{Policy: decide.Policy{Test: decide.BothTests, Alpha: 0.01}, Family: 3, Confidence: 0.95,
		Decisions: []decide.Decision{against, agrees, zero, far, near}}
	var txt, md bytes.Buffer
	if err := r.WriteText(&txt); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"text": txt.String(), "markdown": md.String()} {
		if n := strings.Count(out, "+1.18%"+againstMark); n != 1 {
			t.Errorf("%s: the change that points against the medians is marked %d times, want once:\n%s", name, n, out)
		}
		if n := strings.Count(out, "+13.97%"+againstMark); n != 1 {
			t.Errorf("%s: the change far from the medians is marked %d times, want once:\n%s", name, n, out)
		}
		if strings.Contains(out, "+4.95%"+againstMark) || strings.Contains(out, "+0.00%"+againstMark) || strings.Contains(out, "+54.62%"+againstMark) {
			t.Errorf("%s: a change that agrees with the medians is marked:\n%s", name, out)
		}
		if n := strings.Count(out, againstNote); n != 1 {
			t.Errorf("%s: the mark is explained %d times, want once:\n%s", name, n, out)
		}
	}
	want := map[string]bool{"Verify-2": true, "Sign-2": false, "Sum-2": false, "Twain-2": true, "Pg-2": false}
	for _, c := range r.JSON().Comparisons {
		if got := c.AgainstMedians; got != want[c.Benchmark] {
			t.Errorf("JSON %s: against_medians = %v, want %v", c.Benchmark, got, want[c.Benchmark])
		}
	}
	r.Decisions = []decide.Decision{agrees, zero}
	txt.Reset()
	if err := r.WriteText(&txt); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(txt.String(), againstMark) {
		t.Errorf("a report without a marked row has the mark or its note:\n%s", txt.String())
	}
}

// TestErrorSaysWhatFailed: an error verdict's line and heading say what
// failed: benchmarks that did not build or run, or, with Failure set, a
// measurement that went missing (they ran, but reported no time on one
// side), in the text and the markdown report.
func TestErrorSaysWhatFailed(t *testing.T) {
	for _, c := range []struct {
		failure, line, heading string
	}{
		{"", "verdict: error: benchmarks failed to build or run; what was measured: ", "**Benchmarks failed to build or run**, so nothing was decided"},
		{MeasurementMissing, "verdict: error: a measurement went missing; what was measured: ", "**A measurement went missing**, so nothing was decided"},
	} {
		rep := sample(t)
		rep.Verdict = decide.ErrorVerdict
		rep.Error = "the cause"
		rep.Failure = c.failure
		var text, md bytes.Buffer
		if err := rep.WriteText(&text); err != nil {
			t.Fatal(err)
		}
		if err := rep.WriteMarkdown(&md); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text.String(), c.line) {
			t.Errorf("failure %q: text report lacks %q:\n%s", c.failure, c.line, text.String())
		}
		if !strings.Contains(md.String(), c.heading) || strings.Count(md.String(), strings.SplitN(c.heading, ",", 2)[0]+". Nothing was decided.") != 1 {
			t.Errorf("failure %q: markdown report lacks %q and the error's heading:\n%s", c.failure, c.heading, md.String())
		}
		// A row that a failed run did not measure on head was not
		// removed (deleted or renamed): it is not called that.
		if !strings.Contains(md.String(), "**1 not measured on head**") || !strings.Contains(md.String(), "before the run failed") || strings.Contains(md.String(), "removed**") {
			t.Errorf("failure %q: the rows measured on one side are not said to be unmeasured:\n%s", c.failure, md.String())
		}
	}
}

// TestCandidatesNoteSaysWhetherRoundsFollowed: the note on the stages
// says the candidates got more rounds only where the run went past its
// fixed rounds; one stopped at them (its time budget spent) says the
// first rounds' decisions stand.
func TestCandidatesNoteSaysWhetherRoundsFollowed(t *testing.T) {
	rep := sample(t)
	rep.Policy.StageRounds, rep.Policy.MaxRounds, rep.Candidates = 6, 12, 1
	for rounds, want := range map[int]string{
		6:  "1 candidate(s) for more rounds got none (the run stopped after round 6), so the first rounds' decisions stand",
		12: "1 candidate(s) got more rounds, confirmed at alpha/2",
		0:  "1 candidate(s) got more rounds", // rounds unknown: files judged again
	} {
		rep.Rounds = rounds
		if got := rep.CorrectionNote(); !strings.Contains(got, want) {
			t.Errorf("rounds %d: note %q lacks %q", rounds, got, want)
		}
	}
}

// TestBeyondWithoutEvidence: a row whose estimate is worse than the
// threshold but whose rounds went either way passes, as benchstat's "~";
// the markdown lists it apart from the unchanged rows, under a heading
// that says so, and the text names it in a note, so that "+5% ~" does not
// read as unchanged.
func TestBeyondWithoutEvidence(t *testing.T) {
	var base, head strings.Builder
	for i := 0; i < 32; i++ {
		steady := 100 + i%3
		fmt.Fprintf(&base, "BenchmarkNoisy 1000 %d ns/op\nBenchmarkSteady 1000 %d ns/op\n", 100+i%3, steady)
		noisy := 106 // 17 rounds slower by 6%, 15 faster by 10%
		if i%2 == 1 && i < 30 {
			noisy = 90
		}
		fmt.Fprintf(&head, "BenchmarkNoisy 1000 %d ns/op\nBenchmarkSteady 1000 %d ns/op\n", noisy, steady)
	}
	res, err := compare.Read([]compare.Input{
		compare.TextInput(compare.Base, "base.txt", "pkg: example.com/x\n"+base.String()),
		compare.TextInput(compare.Head, "head.txt", "pkg: example.com/x\n"+head.String()),
	}, compare.DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	rep := New(decide.Decide(res, decide.DefaultPolicy), res.Confidence)
	if rep.Verdict != decide.Pass {
		t.Fatalf("verdict %s, want pass", rep.Verdict)
	}
	for _, d := range rep.Decisions {
		want := d.Benchmark == "Noisy"
		if d.BeyondWithoutEvidence() != want {
			t.Errorf("%s: BeyondWithoutEvidence %v (status %s, Δ %s, p %.3g); want %v", d.Benchmark, !want, d.Status, FormatDelta(d), d.PAdjusted, want)
		}
	}
	var md, txt bytes.Buffer
	if err := rep.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	if err := rep.WriteText(&txt); err != nil {
		t.Fatal(err)
	}
	m := md.String()
	apart, rest, ok := strings.Cut(m, "<details><summary>Unchanged (1)</summary>")
	if !ok || !strings.Contains(apart, "<summary>Measured beyond the threshold, not significant (1)</summary>") ||
		!strings.Contains(apart, "`Noisy`") || strings.Contains(rest, "`Noisy`") || !strings.Contains(rest, "`Steady`") {
		t.Errorf("markdown does not list Noisy apart from the unchanged Steady:\n%s", m)
	}
	if !strings.Contains(txt.String(), "note: measured worse than the threshold but not significant, so passed (") ||
		!strings.Contains(txt.String(), "): Noisy (sec/op) +") {
		t.Errorf("text has no note naming Noisy:\n%s", txt.String())
	}
}

// TestMarkdownSaysWhyInDoubt: an undecided row's note (why it is in
// doubt) is listed under its table in the PR comment, once, as the text
// report's note lines give it; an unchanged row's note is not, and a
// note's markup is escaped.
func TestMarkdownSaysWhyInDoubt(t *testing.T) {
	row := func(name string, status decide.Status, note string) decide.Decision {
		var d decide.Decision
		d.Benchmark, d.Unit, d.Status, d.Better, d.Worse = name, "B/op", status, -1, status == decide.Inconclusive
		d.Config = map[string]string{"pkg": "example.com/p"}
		d.ConfigOrder = []string{"pkg"}
		d.Base = &compare.Estimate{Center: 186, N: 20}
		d.Head = &compare.Estimate{Center: 212, N: 20}
		d.Delta, d.TestP, d.PAdjusted, d.Note = 0.1397, 0.75, 0.86, note
		return d
	}
	why := "possible regression: 14.0% worse over all 20 rounds, more than 3 times the 3% threshold; too noisy to tell"
	doubt := row("Twain-2", decide.Inconclusive, why+" <b>|</b>")
	calm := row("Digits-2", decide.Unchanged, "a note of an unchanged row")
	r := &Report{Policy: decide.Policy{Test: decide.BothTests, Alpha: 0.01}, Family: 2, Confidence: 0.95,
		Verdict: decide.InconclusiveVerdict, Decisions: []decide.Decision{doubt, calm}}
	var md bytes.Buffer
	if err := r.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	out := md.String()
	if n := strings.Count(out, "- `Twain` B/op: "+why); n != 1 {
		t.Errorf("the undecided row's note is listed %d times, want once:\n%s", n, out)
	}
	if strings.Contains(out, "<b>") || strings.Contains(out, "unchanged row") {
		t.Errorf("a note's markup is not escaped, or an unchanged row's note is listed:\n%s", out)
	}
	if i, j := strings.Index(out, "Not decided"), strings.Index(out, "- `Twain`"); i < 0 || j < i {
		t.Errorf("the note is not under the Not decided table:\n%s", out)
	}
}

// TestMarkdownShowsWarnings: a warning (here time outside the
// benchmarks' timers, a note too) is shown above the tables, once, not
// folded with the notes; a note alone stays folded.
func TestMarkdownShowsWarnings(t *testing.T) {
	rep := sample(t)
	warn := "BenchmarkWork (example.com/w): head's processes ran a median 68ms longer outside the benchmarks' timers than base's"
	rep.Notes = append(rep.Notes, "a note alone", warn)
	rep.WarningNotes = append(rep.WarningNotes, warn)
	var b bytes.Buffer
	if err := rep.WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	shown := "⚠️ **Warning:** " + MarkdownText(warn)
	if n := strings.Count(out, MarkdownText(warn)); n != 1 || !strings.Contains(out, shown) {
		t.Errorf("the warning is in the report %d times, want once as %q:\n%s", n, shown, out)
	}
	if w, table := strings.Index(out, shown), strings.Index(out, "\n| "); w < 0 || table < 0 || w > table {
		t.Errorf("the warning is not above the tables:\n%s", out)
	}
	if d, n := strings.Index(out, "<details><summary>Notes"), strings.Index(out, "- a note alone"); d < 0 || n < d {
		t.Errorf("a note alone is not folded under Notes:\n%s", out)
	}
}

// TestThresholdTextSaysTheFall: a threshold is a cost, so for a unit of
// which more is better the verdict line says what fall it allows (25%:
// a fall of 20%); a lower-is-better unit's, or a unit no row has, reads
// as given.
func TestThresholdTextSaysTheFall(t *testing.T) {
	p := decide.Policy{Threshold: 0.03, Thresholds: map[string]float64{"items/s": 0.25, "B/op": 0.1, "score": 0.5}}
	var items, mem decide.Decision
	items.Unit, items.Better = "items/s", 1
	mem.Unit, mem.Better = "B/op", -1
	got := thresholdText(p, []decide.Decision{items, mem})
	if want := "3%, B/op 10%, items/s 25% (a fall of 20%), score 50%"; got != want {
		t.Errorf("thresholdText = %q, want %q", got, want)
	}
}

// TestMarkdownShowsUngatedChanges: a change in a unit whose direction is
// unknown cannot fail the gate, and is shown, not folded among the
// unchanged rows, with how to declare the direction.
func TestMarkdownShowsUngatedChanges(t *testing.T) {
	row := func(name, unit string, better int, significant bool) decide.Decision {
		var d decide.Decision
		d.Benchmark, d.Unit, d.Status, d.Better, d.Significant = name, unit, decide.Unchanged, better, significant
		d.Config = map[string]string{"pkg": "example.com/p"}
		d.ConfigOrder = []string{"pkg"}
		d.Base = &compare.Estimate{Center: 1000, N: 8}
		d.Head = &compare.Estimate{Center: 700, N: 8}
		d.Delta, d.Exact = -0.3, true
		return d
	}
	r := &Report{Policy: decide.Policy{Test: decide.BothTests, Alpha: 0.01}, Confidence: 0.95, Verdict: decide.Pass,
		Decisions: []decide.Decision{row("Rate-2", "ops/sec", 0, true), row("Same-2", "hits", 0, false), row("Time-2", "sec/op", -1, false)}}
	var b bytes.Buffer
	if err := r.WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	section, folded := strings.Index(out, "#### ❔ Changed, not gated: direction unknown (1)"), strings.Index(out, "<details><summary>Unchanged (2)</summary>")
	if section < 0 || folded < section {
		t.Fatalf("no section for the ungated change above the unchanged rows:\n%s", out)
	}
	if rate := strings.Index(out, "| ops/sec |"); rate < section || rate > folded || !strings.Contains(out, "a `Unit <unit> better=higher`") {
		t.Errorf("the ungated row is not in its section, or the section does not say how to gate it:\n%s", out)
	}
}

// TestBenchmarksWithCountsBenchmarks: past the names it lists, the count
// is of benchmarks, not of their rows (units): five new benchmarks in
// three units each are three names and "2 more".
func TestBenchmarksWithCountsBenchmarks(t *testing.T) {
	var ds []decide.Decision
	for _, unit := range []string{"sec/op", "B/op", "allocs/op"} {
		for _, name := range []string{"A-2", "B-2", "C-2", "D-2", "E-2"} {
			ds = append(ds, decide.Decision{Comparison: compare.Comparison{Benchmark: name, Unit: unit}, Status: decide.New})
		}
	}
	r := &Report{Decisions: ds}
	if got, want := r.benchmarksWith(decide.New, 3, func(s string) string { return s }), "A-2, B-2, C-2, 2 more"; got != want {
		t.Errorf("benchmarksWith = %q, want %q", got, want)
	}
}
