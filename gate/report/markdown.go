package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"golang.org/x/perf/benchunit"
)

// verdictBadge is the heading word for each verdict.
func verdictBadge(v decide.Verdict) string {
	switch v {
	case decide.Pass:
		return "✅ pass"
	case decide.RegressionVerdict:
		return "❌ regression"
	case decide.InconclusiveVerdict:
		return "⚠️ inconclusive"
	case decide.ErrorVerdict:
		return "💥 error"
	}
	return string(v)
}

// WriteMarkdown writes the report for GitHub, laid out for a PR comment
// about 800 pixels wide: the verdict and what to do first; the
// regressions and the doubtful changes, each row once, names shortened
// by what they share; a chart of the largest changes; then everything
// else folded.
func (r *Report) WriteMarkdown(w io.Writer) error {
	ew := &errWriter{w: w}
	fmt.Fprintf(ew, "### benchgate: %s\n\n", verdictBadge(r.Verdict))
	fmt.Fprintf(ew, "%s\n\n", r.nextStep())
	if m := r.missingLine(); m != "" {
		fmt.Fprintf(ew, "%s\n\n", m)
	}
	for _, n := range r.RenameNotes {
		fmt.Fprintf(ew, "🔁 %s\n\n", MarkdownText(n))
	}
	if line := r.skippedLine(); line != "" {
		fmt.Fprintf(ew, "%s\n\n", line)
	}
	if line := r.sidesLine(); line != "" {
		fmt.Fprintf(ew, "%s\n\n", line)
	}
	if r.Error != "" {
		fmt.Fprintf(ew, "%s. Nothing was decided.\n\n```text\n%s\n```\n\n", r.failureHeading(), FenceSafe(r.Error))
	}
	if g := r.geomeanLine(); g != "" {
		fmt.Fprintf(ew, "%s\n\n", g)
	}
	// The warnings are what the run says to review before trusting it (a
	// TestMain that differs, time outside the benchmarks' timers, a
	// threshold that matched nothing): in view, not folded with the notes.
	for _, w := range r.WarningNotes {
		fmt.Fprintf(ew, "⚠️ **Warning:** %s\n\n", MarkdownText(w))
	}

	sorted := r.sorted()
	pick := func(keep func(decide.Decision) bool) []decide.Decision {
		var out []decide.Decision
		for _, d := range sorted {
			if keep(d) {
				out = append(out, d)
			}
		}
		return out
	}
	regressions := pick(func(d decide.Decision) bool { return d.Status == decide.Regression })
	doubtful := pick(func(d decide.Decision) bool {
		return d.Status == decide.TooFewSamples || d.Status == decide.Inconclusive
	})
	improvements := pick(func(d decide.Decision) bool { return d.Status == decide.Improvement })
	missing := pick(func(d decide.Decision) bool { return d.Status == decide.New || d.Status == decide.Removed })
	warned := pick(func(d decide.Decision) bool { return d.Status == decide.Unchanged && d.Warn })
	ungated := pick(unknownDirectionChange)
	noEvidence := pick(func(d decide.Decision) bool { return d.BeyondWithoutEvidence() && !unknownDirectionChange(d) })
	rest := pick(func(d decide.Decision) bool {
		return d.Status == decide.Unchanged && !d.Warn && !d.BeyondWithoutEvidence() && !unknownDirectionChange(d)
	})

	names := newNamer(r.Decisions)
	if c := names.caption(); c != "" && len(r.Decisions) > 0 {
		fmt.Fprintf(ew, "<sub>%s.</sub>\n\n", sentence(c))
	}
	writeSection(ew, "❌ Regressions", regressions, names, false)
	writeSection(ew, "⚠️ Not decided", doubtful, names, false)
	writeRowNotes(ew, doubtful, names)
	writeSection(ew, "🆕 New or removed", missing, names, false)
	writeSection(ew, "⚠️ Beyond the warn threshold", warned, names, false)
	if len(ungated) > 0 {
		writeSection(ew, "❔ Changed, not gated: direction unknown", ungated, names, false)
		fmt.Fprintf(ew, "benchgate cannot tell whether more of these units is better, so they cannot fail the gate: a `Unit <unit> better=higher` (or `better=lower`) line in the benchmarks' output says it (a `TestMain` can print it).\n\n")
	}
	writeChart(ew, chartable(append(append(append([]decide.Decision{}, regressions...), doubtful...), improvements...)), names)
	writeSection(ew, "✅ Improvements", improvements, names, len(regressions)+len(doubtful) > 0 || len(improvements) > 5)
	if len(noEvidence) > 0 {
		fmt.Fprintf(ew, "<details><summary>Measured beyond the threshold, not significant (%d)</summary>\n\n", len(noEvidence))
		fmt.Fprintf(ew, "Worse than the threshold by their estimate, but their rounds went either way, so they pass: no evidence of a change, nor that it is within the threshold. More rounds would narrow them.\n\n")
		for _, g := range groupsOf(noEvidence) {
			writeTable(ew, g.rows, names, g.unit)
		}
		fmt.Fprintf(ew, "</details>\n\n")
	}

	folded := r.foldedNotes()
	switch {
	case r.measuredNothing():
		// The notes are all there is to read, and say why (the warnings
		// are above); no footer explains tests nobody ran.
		for _, n := range folded {
			fmt.Fprintf(ew, "- %s\n", MarkdownText(n))
		}
		return ew.err
	case len(folded) > 0:
		fmt.Fprintf(ew, "<details><summary>Notes (%d)</summary>\n\n", len(folded))
		for _, n := range folded {
			fmt.Fprintf(ew, "- %s\n", MarkdownText(n))
		}
		fmt.Fprintf(ew, "\n</details>\n\n")
	}
	if len(rest) > 0 {
		fmt.Fprintf(ew, "<details><summary>Unchanged (%d)</summary>\n\n", len(rest))
		var prev []string
		for i, g := range groupsOf(rest) {
			changed := i == 0 || !equalStrings(g.config, prev)
			prev = g.config
			if len(g.config) > 0 && changed {
				var cfg []string
				for _, l := range g.config {
					cfg = append(cfg, MarkdownCode(l))
				}
				fmt.Fprintf(ew, "%s\n\n", strings.Join(cfg, " · "))
			}
			writeTable(ew, g.rows, names, g.unit)
		}
		fmt.Fprintf(ew, "</details>\n\n")
	}
	if r.anyTested() {
		fmt.Fprintf(ew, "<sub>%s; %s (the p shown is before correction). %s Values are medians. A regression is significant (p ≤ %v) and worse than its threshold.",
			sentence(r.TestNote()), r.CorrectionNote(), exactNote, r.Policy.Alpha)
		if anyAgainstMedians(r.Decisions) {
			fmt.Fprintf(ew, " %s", againstNote)
		}
	} else {
		// Every comparison was exact (instructions/op, counts): no test,
		// no correction to explain.
		fmt.Fprintf(ew, "<sub>%s Values are medians. A regression: every head run worse than every base run by more than the threshold.", exactNote)
	}
	if r.ResultsDir != "" {
		fmt.Fprintf(ew, " Raw results (benchstat input): %s.", MarkdownCode(r.ResultsDir))
	}
	fmt.Fprintf(ew, "</sub>\n")
	return ew.err
}

// chartable keeps the changes worth a bar: decided ones, and the likely
// regressions; a row with too few samples says nothing a bar could show.
func chartable(ds []decide.Decision) []decide.Decision {
	var out []decide.Decision
	for _, d := range ds {
		if d.Status != decide.TooFewSamples && d.Delta != 0 {
			out = append(out, d)
		}
	}
	return out
}

// nextStep is the line under the heading: the verdict in words and what
// to look at first.
func (r *Report) nextStep() string {
	n := len(r.Decisions)
	switch r.Verdict {
	case decide.ErrorVerdict:
		return r.failureHeading() + ", so nothing was decided: the error is below."
	case decide.RegressionVerdict:
		d := r.sorted()[0]
		return fmt.Sprintf("**%s**%s, of %d comparisons. The largest: %s %s **%s**. If the change is intended, raise the threshold for %s; otherwise start there.",
			plural(r.Counts[decide.Regression], "regression", "regressions"), r.BenchmarksOf(decide.Regression), n, MarkdownCode(d.Benchmark), MarkdownText(d.Unit), MarkdownText(FormatDelta(d)), MarkdownText(d.Unit))
	case decide.InconclusiveVerdict:
		var parts []string
		if k := r.Counts[decide.Inconclusive]; k > 0 {
			more := "more rounds may settle it"
			for _, d := range r.Decisions {
				if d.Status == decide.Inconclusive && d.RoundsNeeded > 0 {
					more = "more rounds would (the rows say about how many)"
					break
				}
			}
			parts = append(parts, fmt.Sprintf("**%s** not confirmed: worse than the threshold, but the measurements do not settle it; %s",
				plural(k, "likely regression", "likely regressions"), more))
		}
		if k := r.Counts[decide.TooFewSamples]; k > 0 {
			parts = append(parts, fmt.Sprintf("**%s** with too few samples for the test to decide; the rows say how many it needs",
				plural(k, "comparison", "comparisons")))
		}
		if k := r.Counts[decide.Removed]; k > 0 {
			parts = append(parts, fmt.Sprintf("**%s**%s on head (%s): base measured them, head did not, so their change is unknown. If they were deleted on purpose, there is nothing to do; if renamed, the new name is listed as new",
				plural(k, "comparison removed", "comparisons removed"), r.BenchmarksOf(decide.Removed), r.benchmarksWith(decide.Removed, 3, MarkdownCode)))
		}
		return fmt.Sprintf("Of %d comparisons, %s. %s", n, strings.Join(parts, "; "), r.gateOnInconclusive())
	}
	if r.measuredNothing() {
		return "**Nothing was measured**, so nothing was compared; the notes below say why."
	}
	s := fmt.Sprintf("**No regression** beyond the %s threshold in %d comparisons", thresholdText(r.Policy, r.Decisions), n)
	if k := r.Counts[decide.Improvement]; k > 0 {
		s += fmt.Sprintf("; %s%s", plural(k, "improvement", "improvements"), r.BenchmarksOf(decide.Improvement))
	}
	return s + "."
}

// BenchmarksOf says, where it differs from their count, how many
// benchmarks the comparisons of status st are of: " (2 benchmarks)".
func (r *Report) BenchmarksOf(st decide.Status) string {
	if b := r.benchmarkCount(st); b > 0 && b < r.Counts[st] {
		return fmt.Sprintf(" (%s)", plural(b, "benchmark", "benchmarks"))
	}
	return ""
}

// gateOnInconclusive says what an inconclusive verdict does to the gate.
func (r *Report) gateOnInconclusive() string {
	switch {
	case r.Policy.FailOn == decide.FailOnInconclusive:
		return "The gate fails until they are settled: it is set to fail on inconclusive results."
	case r.Policy.FailOn == decide.FailOnNever:
		return "The gate passes: it is set never to fail."
	}
	if first, _, _ := decide.Undecidable(r.Decisions); first != nil {
		return "No tested comparison could be decided, so no change could fail the gate: it refuses these results."
	}
	return "The gate passes meanwhile."
}

// missingLine names the benchmarks that only one side has: nothing was
// compared for them, and a renamed benchmark looks just like this.
func (r *Report) missingLine() string {
	var parts []string
	for _, st := range []decide.Status{decide.Removed, decide.New} {
		if k := r.Counts[st]; k > 0 {
			word := string(st)
			if r.Verdict == decide.ErrorVerdict {
				word = map[decide.Status]string{decide.Removed: "not measured on head", decide.New: "not measured on base"}[st]
			}
			parts = append(parts, fmt.Sprintf("**%d %s** (%s)", k, word, r.benchmarksWith(st, 3, MarkdownCode)))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	if r.Verdict == decide.ErrorVerdict {
		// A run that failed part way: one side's rows are missing
		// because it did not get to them, or its benchmark failed.
		return strings.Join(parts, ", ") + ": measured on one side only before the run failed, so not compared."
	}
	return "🆕 " + strings.Join(parts, ", ") + ": on one side only, so not compared; a renamed benchmark shows as both."
}

// skippedLine counts the benchmarks every side skipped, which the folded
// notes name: a verdict says nothing about them.
func (r *Report) skippedLine() string {
	if r.Skipped == 0 {
		return ""
	}
	return fmt.Sprintf("⏭️ **%s on every side** (b.Skip; the notes say why): not measured, so this verdict says nothing about them.",
		plural(r.Skipped, "benchmark skipped", "benchmarks skipped"))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// sidesLine says what base and head were.
func (r *Report) sidesLine() string {
	if len(r.Sides) == 0 {
		return ""
	}
	var sides []string
	for _, s := range r.Sides {
		sides = append(sides, fmt.Sprintf("**%s** %s", s.Name, MarkdownCode(s.Label)))
	}
	line := strings.Join(sides, " → ")
	if r.Rounds > 0 {
		line += fmt.Sprintf(" · %d rounds, interleaved", r.Rounds)
	}
	return line
}

// geomeanLine gives the geometric mean of the change per gating unit, as
// benchstat's geomean row does, over the comparisons measured on both
// sides.
func (r *Report) geomeanLine() string {
	var parts []string
	for _, g := range r.geomeans() {
		parts = append(parts, fmt.Sprintf("%s %s", MarkdownText(g.unit), MarkdownText(fmt.Sprintf("%+.2f%%", g.change*100))))
	}
	if len(parts) == 0 {
		return ""
	}
	return "Geomean of the changes: " + strings.Join(parts, " · ")
}

type geomean struct {
	unit   string
	change float64
	n      int
}

// geomeans is the geometric mean of head/base per unit, in the order the
// units first appear, over comparisons whose sides are both positive.
func (r *Report) geomeans() []geomean {
	sums := map[string]*geomean{}
	var order []string
	logs := map[string]float64{}
	for _, d := range r.Decisions {
		if !d.Compared() || !(d.Base.Center > 0) || !(d.Head.Center > 0) || d.Better == 0 {
			continue
		}
		g := sums[d.Unit]
		if g == nil {
			g = &geomean{unit: d.Unit}
			sums[d.Unit] = g
			order = append(order, d.Unit)
		}
		g.n++
		logs[d.Unit] += math.Log(d.Head.Center / d.Base.Center)
	}
	var out []geomean
	for _, u := range order {
		g := sums[u]
		if g.n < 2 {
			continue
		}
		g.change = math.Exp(logs[u]/float64(g.n)) - 1
		out = append(out, *g)
	}
	return out
}

// writeSection writes a titled section of rows, grouped by unit, folded
// when fold is set.
func writeSection(w io.Writer, title string, rows []decide.Decision, names namer, fold bool) {
	if len(rows) == 0 {
		return
	}
	if fold {
		fmt.Fprintf(w, "<details><summary>%s (%d)</summary>\n\n", title, len(rows))
	} else {
		fmt.Fprintf(w, "#### %s (%d)\n\n", title, len(rows))
	}
	for _, g := range groupsOf(rows) {
		writeTable(w, g.rows, names, g.unit)
	}
	if fold {
		fmt.Fprintf(w, "</details>\n\n")
	}
}

// unknownDirectionChange reports whether d changed, significantly or
// exactly, in a unit whose direction is unknown: unchanged as far as the
// gate goes, but a change a reader must see (the text report's note says
// the same).
func unknownDirectionChange(d decide.Decision) bool {
	return d.Status == decide.Unchanged && d.Better == 0 && d.Significant
}

// foldedNotes are the notes the markdown folds: those that are not also
// warnings or rename notes, which it shows above the tables.
func (r *Report) foldedNotes() []string {
	inView := make(map[string]bool, len(r.WarningNotes)+len(r.RenameNotes))
	for _, w := range append(slices.Clone(r.WarningNotes), r.RenameNotes...) {
		inView[w] = true
	}
	var out []string
	for _, n := range r.Notes {
		if !inView[n] {
			out = append(out, n)
		}
	}
	return out
}

// writeRowNotes lists what the rows' notes say of them (showNote), one
// line each under their tables: why a row is in doubt ("too noisy to
// tell", "not confirmed" with its p) is not in the table, whose p
// column can read p=0.750 beside "likely regression".
func writeRowNotes(w io.Writer, rows []decide.Decision, names namer) {
	var n int
	for _, d := range rows {
		if showNote(d) {
			fmt.Fprintf(w, "- %s %s: %s\n", MarkdownCode(names.short(d.Benchmark)), MarkdownText(d.Unit), MarkdownText(d.Note))
			n++
		}
	}
	if n > 0 {
		fmt.Fprintln(w)
	}
}

// groupsOf splits rows by unit and configuration, keeping their order
// within each.
func groupsOf(rows []decide.Decision) []group {
	var out []group
	index := map[string]int{}
	for _, d := range rows {
		cfg := configLines(d.Comparison)
		key := d.Unit + "\x00" + strings.Join(cfg, "\x00")
		i, ok := index[key]
		if !ok {
			i = len(out)
			index[key] = i
			out = append(out, group{config: cfg, unit: d.Unit})
		}
		out[i].rows = append(out[i].rows, d)
	}
	return out
}

// maxTableName is the longest short name that still fits a table row of
// an 800-pixel comment beside the other three columns; longer names are
// listed instead, a name on its own line.
const maxTableName = 44

// writeTable writes rows of one unit: benchmark, change, base → head (one
// scale per row) and the evidence.
func writeTable(w io.Writer, rows []decide.Decision, names namer, unit string) {
	long := false
	for _, d := range rows {
		if len(names.short(d.Benchmark)) > maxTableName {
			long = true
		}
	}
	if long {
		for _, d := range rows {
			fmt.Fprintf(w, "- %s\n  %s · %s · %s · %s\n", MarkdownCode(names.short(d.Benchmark)),
				deltaCell(d), MarkdownText(valuesCell(d)+" "+unit), MarkdownText(FormatP(d)), markdownStatus(d))
		}
		fmt.Fprintln(w)
		return
	}
	fmt.Fprintf(w, "| %s | Δ | base → head | |\n|---|--:|--:|---|\n", MarkdownText(unit))
	for _, d := range rows {
		evidence := MarkdownText(FormatP(d))
		if st := markdownStatus(d); st != "~" && d.Status != decide.Regression && d.Status != decide.Improvement {
			if evidence != "" {
				evidence += " · "
			}
			evidence += st
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", MarkdownCode(names.short(d.Benchmark)), deltaCell(d), MarkdownText(valuesCell(d)), evidence)
	}
	fmt.Fprintln(w)
}

func deltaCell(d decide.Decision) string {
	delta := MarkdownText(markedDelta(d))
	if d.Status == decide.Regression {
		return "**" + delta + "**"
	}
	return delta
}

// valuesCell renders "49.05µ → 246.1µ": base and head in one scale, as
// benchstat scales each row. A scale shared by the whole column would
// print a table of sizes 4B … 10MB as "781467.000n".
func valuesCell(d decide.Decision) string {
	var vals []float64
	for _, e := range []*compare.Estimate{d.Base, d.Head} {
		if e != nil && finite(e.Center) {
			vals = append(vals, e.Center)
		}
	}
	s := benchunit.CommonScale(vals, benchunit.ClassOf(d.Unit))
	f := func(e *compare.Estimate) string {
		if e == nil || !finite(e.Center) {
			return "—"
		}
		return s.Format(e.Center)
	}
	// No-break spaces: the pair stays on one line, and the evidence
	// column wraps instead.
	return f(d.Base) + "\u00a0→\u00a0" + f(d.Head)
}

func markdownStatus(d decide.Decision) string {
	switch d.Status {
	case decide.Regression:
		return "❌ regression"
	case decide.Improvement:
		return "✅ improvement"
	case decide.Unchanged:
		if d.Warn {
			return "⚠️ warning"
		}
		return "~"
	}
	s := StatusLabel(d)
	if d.Status == decide.Inconclusive && d.RoundsNeeded > 0 {
		s += fmt.Sprintf(", about %d rounds would decide it", d.RoundsNeeded)
	}
	return MarkdownText(s)
}

// FenceSafe keeps untrusted text inside a ``` block from closing it.
func FenceSafe(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.ReplaceAll(s, "```", "`\u200b``")
	return breakCommands(s)
}

// sentence is s with its first letter upper case, to start a sentence.
func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
