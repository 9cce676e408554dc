package report

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"golang.org/x/perf/benchmath"
	"golang.org/x/perf/benchunit"
)

// group is a run of decisions that share configuration and unit: one table.
type group struct {
	config []string // "key: value" lines
	unit   string
	rows   []decide.Decision
}

func (r *Report) groups() []group {
	var out []group
	for _, d := range r.Decisions {
		cfg := configLines(d.Comparison)
		if n := len(out); n > 0 && out[n-1].unit == d.Unit && equalStrings(out[n-1].config, cfg) {
			out[n-1].rows = append(out[n-1].rows, d)
			continue
		}
		out = append(out, group{config: cfg, unit: d.Unit, rows: []decide.Decision{d}})
	}
	return out
}

func configLines(c compare.Comparison) []string {
	var lines []string
	for _, k := range c.ConfigOrder {
		// The testing package prints the CPU's brand string as the
		// processor gives it, often padded with spaces.
		lines = append(lines, k+": "+strings.TrimSpace(c.Config[k]))
	}
	return lines
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// FormatValue scales v for its unit the way benchstat does: 1.718µ, 12.5Mi.
func FormatValue(v float64, unit string) string {
	if math.IsNaN(v) {
		return "NaN"
	}
	if math.IsInf(v, 0) {
		return fmt.Sprint(v)
	}
	return benchunit.Scale(v, benchunit.ClassOf(unit))
}

// formatEstimate renders "1.718µ ± 1%" (or "—" when there is no data).
func formatEstimate(e *compare.Estimate, unit string) string {
	if e == nil {
		return "—"
	}
	s := benchmath.Summary{Center: e.Center, Lo: e.Low, Hi: e.High}
	return FormatValue(e.Center, unit) + " ± " + s.PctRangeString()
}

// FormatDelta renders the change column: the measured change ("+5.20%"),
// whether or not it is significant (the status column says), and what
// happened where one side is missing.
func FormatDelta(d decide.Decision) string {
	switch d.Status {
	case decide.New:
		return "new"
	case decide.Removed:
		return "removed"
	}
	switch {
	case d.Base == nil || d.Head == nil || d.Base.N == 0 || d.Head.N == 0:
		return "?"
	case math.IsNaN(d.Delta) && d.Head.Center > 0 && d.Base.Center == 0:
		return "from 0"
	case math.IsNaN(d.Delta):
		return "?"
	}
	return fmt.Sprintf("%+.2f%%", d.Delta*100)
}

// FormatP renders the test's evidence: "p=0.002 n=10" (or "n=10+8", base
// and head) as benchstat does, "sign p=" where the sign test alone
// decided, "exact" for a comparison decided exactly, "p=0.002 rounds 1–8"
// where the p is of an adaptive run's fixed rounds and the row has later
// ones (its process ran a candidate's), and for a candidate
// that got more rounds the p of those rounds alone, "p=0.000 rounds
// 11–20" (not "n=10+10", which benchstat users read as the sides' n), or
// where the combined test confirmed it, its p, "p=0.000 rounds 1–20
// combined".
func FormatP(d decide.Decision) string {
	if !d.Compared() || d.Base.N == 0 || d.Head.N == 0 {
		return ""
	}
	n := nCount(d.Base.N, d.Head.N)
	switch {
	case d.Exact:
		return "exact n=" + n
	case d.Confirmation != nil && d.Confirmation.ByCombined:
		c := d.Confirmation
		return fmt.Sprintf("p=%0.3f rounds 1–%d combined", c.Combined, c.From+c.Rounds)
	case d.Confirmation != nil:
		c := d.Confirmation
		return fmt.Sprintf("p=%0.3f rounds %d–%d", c.P, c.From+1, c.From+c.Rounds)
	case d.Paired != nil && d.Test == decide.PairedSignTest && !math.IsNaN(d.TestP) && d.StageRounds > 0:
		return fmt.Sprintf("sign p=%0.3f rounds 1–%d", d.TestP, d.StageRounds)
	case d.Paired != nil && d.Test == decide.PairedSignTest && !math.IsNaN(d.TestP):
		return fmt.Sprintf("sign p=%0.3f n=%d", d.TestP, d.Paired.N)
	}
	p := d.TestP
	if math.IsNaN(p) {
		p = 1
	}
	if d.StageRounds > 0 {
		// The p of the fixed rounds, beside the medians of every round:
		// "n=32" would say the p is of 32 rounds.
		return fmt.Sprintf("p=%0.3f rounds 1–%d", p, d.StageRounds)
	}
	return fmt.Sprintf("p=%0.3f n=%s", p, n)
}

func nCount(n1, n2 int) string {
	if n1 == n2 {
		return fmt.Sprint(n1)
	}
	return fmt.Sprintf("%d+%d", n1, n2)
}

// StatusLabel is the word a row is labelled with.
func StatusLabel(d decide.Decision) string {
	switch d.Status {
	case decide.Regression:
		return "REGRESSION"
	case decide.Improvement:
		return "improvement"
	case decide.Unchanged:
		if d.Warn {
			return "warning"
		}
		return "~"
	case decide.TooFewSamples:
		return fmt.Sprintf("too few samples (need %d)", d.RoundsNeeded)
	case decide.Inconclusive:
		if d.Worse {
			return "likely regression"
		}
	}
	return string(d.Status)
}

// showNote reports whether d's note is worth a line of its own: it
// explains a regression, an improvement or a doubt, or a change that
// cannot gate. Unchanged rows are the many; their notes stay in the JSON.
func showNote(d decide.Decision) bool {
	switch {
	case d.Note == "", d.Status == decide.TooFewSamples:
		return false
	case d.Status == decide.Unchanged:
		// A change in a unit of unknown direction, tested or exact: it
		// cannot gate, and says why.
		return d.Warn || unknownDirectionChange(d)
	}
	return true
}

// WriteText writes a benchstat-like table per configuration and unit, each
// row labelled, then the verdict.
func (r *Report) WriteText(w io.Writer) error {
	ew := &errWriter{w: w}
	for _, s := range r.Sides {
		fmt.Fprintf(ew, "%s: %s\n", s.Name, SanitizeText(s.Label))
	}
	if len(r.Sides) > 0 {
		fmt.Fprintln(ew)
	}
	var prevConfig []string
	for i, g := range r.groups() {
		if i > 0 {
			fmt.Fprintln(ew)
		}
		// Like benchstat, print the configuration only when it changes.
		if i == 0 || !equalStrings(g.config, prevConfig) {
			for _, l := range g.config {
				fmt.Fprintln(ew, SanitizeText(l))
			}
		}
		prevConfig = g.config
		tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
		unit := SanitizeText(g.unit)
		fmt.Fprintf(tw, "%s\tbase\thead\tvs base\t\t\n", unit)
		for _, d := range g.rows {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n",
				SanitizeText(d.Benchmark), formatEstimate(d.Base, d.Unit), formatEstimate(d.Head, d.Unit),
				markedDelta(d), FormatP(d), StatusLabel(d))
		}
		tw.Flush()
	}
	if len(r.Decisions) > 0 {
		fmt.Fprintln(ew)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(ew, "note: %s\n", SanitizeText(n))
	}
	for _, d := range r.sorted() {
		if showNote(d) {
			fmt.Fprintf(ew, "note: %s (%s): %s\n", SanitizeText(d.Benchmark), SanitizeText(d.Unit), SanitizeText(d.Note))
		}
	}
	if n := noEvidenceNote(r.sorted()); n != "" {
		fmt.Fprintf(ew, "note: %s\n", n)
	}
	if r.Error != "" {
		fmt.Fprintf(ew, "error: %s\n", SanitizeText(r.Error))
	}
	if r.anyTested() {
		fmt.Fprintf(ew, "note: %s; %s; the p shown is before correction\n", r.TestNote(), r.CorrectionNote())
	}
	if anyAgainstMedians(r.Decisions) {
		fmt.Fprintf(ew, "note: %s\n", againstNote)
	}
	fmt.Fprintf(ew, "verdict: %s\n", r.Summary())
	return ew.err
}

// Summary is the one-line verdict: "regression: 2 regressions in 48
// comparisons (threshold 5%, alpha 0.05)".
func (r *Report) Summary() string { return r.summary(SanitizeText) }

// summary is Summary with the names of new and removed benchmarks, which
// the code under test chose, escaped by quote for the format.
func (r *Report) summary(quote func(string) string) string {
	n := len(r.Decisions)
	var parts []string
	add := func(s decide.Status, one, many string) {
		if c := r.Counts[s]; c > 0 {
			word := many
			if c == 1 {
				word = one
			}
			parts = append(parts, fmt.Sprintf("%d %s", c, word))
		}
	}
	// A benchmark changes in more than one unit (its B/s with its
	// sec/op, its allocs/op with its B/op): the comparisons are counted,
	// and how many benchmarks they are of is said where it differs.
	addOf := func(s decide.Status, one, many string) {
		add(s, one, many)
		if of := r.BenchmarksOf(s); of != "" {
			parts[len(parts)-1] += of
		}
	}
	addOf(decide.Regression, "regression", "regressions")
	addOf(decide.Improvement, "improvement", "improvements")
	add(decide.TooFewSamples, "with too few samples", "with too few samples")
	add(decide.Inconclusive, "inconclusive", "inconclusive")
	if w := r.Warnings; w > 0 {
		parts = append(parts, fmt.Sprintf("%d beyond the warn threshold", w))
	}
	// Benchmarks on one side only are named: nothing was compared for
	// them, and the line is what a reader of a passing gate sees.
	for _, st := range []decide.Status{decide.New, decide.Removed} {
		add(st, string(st), string(st))
		if names := r.benchmarksWith(st, 3, quote); names != "" && r.Counts[st] > 0 {
			parts[len(parts)-1] += " (" + names + ")"
		}
	}
	detail := "no significant change beyond the threshold"
	if len(parts) > 0 {
		detail = strings.Join(parts, ", ")
	}
	if r.Verdict == decide.ErrorVerdict {
		detail = r.failure()
		if n > 0 {
			detail += "; what was measured: " + strings.Join(append(parts, fmt.Sprintf("%d comparisons", n)), ", ")
		}
		return fmt.Sprintf("%s: %s", r.Verdict, detail)
	}
	if r.measuredNothing() {
		return fmt.Sprintf("%s: nothing was measured, so nothing was compared (see the note)", r.Verdict)
	}
	return fmt.Sprintf("%s: %s in %d comparisons (threshold %s, alpha %v)",
		r.Verdict, detail, n, thresholdText(r.Policy, r.Decisions), r.Policy.Alpha)
}

// benchmarkCount counts the benchmarks (name and configuration) with a
// comparison of status st.
func (r *Report) benchmarkCount(st decide.Status) int {
	seen := map[string]bool{}
	for _, d := range r.Decisions {
		if d.Status != st {
			continue
		}
		seen[d.Row()] = true
	}
	return len(seen)
}

// benchmarksWith names the benchmarks with status st, at most n of them,
// each quoted by quote.
func (r *Report) benchmarksWith(st decide.Status, n int, quote func(string) string) string {
	var names []string
	seen := map[string]bool{}
	more := 0 // benchmarks beyond n, each once whatever its units
	for _, d := range r.Decisions {
		if d.Status != st || seen[d.Benchmark] {
			continue
		}
		seen[d.Benchmark] = true
		if len(names) == n {
			more++
			continue
		}
		names = append(names, quote(d.Benchmark))
	}
	if more > 0 {
		names = append(names, fmt.Sprintf("%d more", more))
	}
	return strings.Join(names, ", ")
}

func thresholdText(p decide.Policy, ds []decide.Decision) string {
	s := decide.FormatPercent(p.Threshold)
	higher := map[string]bool{}
	for _, d := range ds {
		if d.Better > 0 {
			higher[d.Unit] = true
		}
	}
	for _, u := range sortedKeys(p.Thresholds) {
		t := p.Thresholds[u]
		s += fmt.Sprintf(", %s %s", u, decide.FormatPercent(t))
		// A threshold is a cost: for a unit of which more is better,
		// 25% is a fall of 20%, which a reader of "items/s 25%" would
		// not guess.
		if higher[u] && t > 0 {
			s += fmt.Sprintf(" (a fall of %s%%)", strconv.FormatFloat(math.Round(1000*decide.AllowedFall(t))/10, 'f', -1, 64))
		}
	}
	return s
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

// noEvidenceNote names the comparisons that pass with an estimate worse
// than their threshold (decide.Decision.BeyondWithoutEvidence), whose
// rows show only "~", at most 10 by name.
func noEvidenceNote(ds []decide.Decision) string {
	var names []string
	for _, d := range ds {
		if d.BeyondWithoutEvidence() {
			name := fmt.Sprintf("%s (%s) %s", SanitizeText(d.Benchmark), SanitizeText(d.Unit), FormatDelta(d))
			if d.Confirmation == nil && !math.IsNaN(d.TestP) && !math.IsNaN(d.PAdjusted) && d.PAdjusted > d.TestP {
				// The row shows the p before the correction, which may be
				// below alpha: benchstat, which corrects nothing, would
				// call it significant.
				name += fmt.Sprintf(" (p %.3g, %.3g after the correction)", d.TestP, d.PAdjusted)
			}
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	more := ""
	if len(names) > 10 {
		more = fmt.Sprintf(", and %d more", len(names)-10)
		names = names[:10]
	}
	return fmt.Sprintf("measured worse than the threshold but not significant, so passed (no evidence of a change, nor that it is within the threshold; more rounds would narrow them): %s%s", strings.Join(names, ", "), more)
}
