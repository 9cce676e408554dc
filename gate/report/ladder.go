package report

// Ladders: the report of a run over three or more sides (toolchain
// configurations in order), read like the table of the seeds' six-version
// stand: one row per benchmark and unit, one column per side (medians),
// each step's change against the side before with its verdict, and the
// first side against the last.

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"golang.org/x/perf/benchunit"
)

// The ladder's gates: which steps can fail it.
const (
	// GateAnyStep lets every step and the first side against the last
	// fail the gate: an upgrade made version by version, where each
	// step must hold.
	GateAnyStep = "any"
	// GateFirstLast lets only the first side against the last fail the
	// gate: a jump over several versions, where the steps say which one
	// caused a change.
	GateFirstLast = "first-last"
)

// Ladder is what a report of three or more sides adds: its steps. The
// report's Sides are the ladder's sides in order; its Verdict, Counts,
// Family and Decisions are those of the steps that can fail the gate,
// every decision's Config naming its step ("step": "go1.19.13 →
// go1.20.14"), so that outputs and annotations that read a report read a
// ladder's too.
type Ladder struct {
	// Gate is GateAnyStep or GateFirstLast.
	Gate string
	// Steps are each side against the one before, in order, then the
	// first side against the last.
	Steps []LadderStep
}

// LadderStep is one comparison of a ladder.
type LadderStep struct {
	// From and To index the report's Sides.
	From, To int
	// Gates reports that the step can fail the gate.
	Gates bool
	// Report is the step's own two-sided report: its decisions, counts
	// and verdict.
	Report *Report
}

// NewLadder builds the report of a ladder from its decided steps: the
// verdict and counts of the steps that can fail the gate (under gate),
// the sides, and the ladder itself.
func NewLadder(sides []Side, steps []LadderStep, gate string, policy decide.Policy, confidence float64) *Report {
	r := &Report{Policy: policy, Confidence: confidence, Sides: sides, Counts: map[decide.Status]int{},
		Ladder: &Ladder{Gate: gate, Steps: steps}}
	var gating []*decide.Result
	for _, st := range steps {
		if !st.Gates {
			continue
		}
		sr := st.Report
		gating = append(gating, &decide.Result{Verdict: sr.Verdict})
		for s, n := range sr.Counts {
			r.Counts[s] += n
		}
		r.Family = max(r.Family, sr.Family)
		r.Candidates += sr.Candidates
		label := r.StepLabel(st)
		for _, d := range sr.Decisions {
			d.Config = withKey(d.Config, "step", label)
			d.ConfigOrder = append([]string{"step"}, d.ConfigOrder...)
			r.Decisions = append(r.Decisions, d)
		}
	}
	r.Verdict = decide.Worst(gating...)
	return r
}

// withKey is a copy of m with k set to v.
func withKey(m map[string]string, k, v string) map[string]string {
	out := map[string]string{k: v}
	for mk, mv := range m {
		if mk != k {
			out[mk] = mv
		}
	}
	return out
}

// SideLabel is how the ladder's tables head side i's column: its
// configuration ("go1.20.14", "local+GOAMD64=v3"), else its name.
func (r *Report) SideLabel(i int) string {
	if i < 0 || i >= len(r.Sides) {
		return fmt.Sprintf("side %d", i)
	}
	if s := r.Sides[i]; s.Config != "" {
		return s.Config
	}
	return r.Sides[i].Name
}

// StepLabel names a step: "go1.19.13 → go1.20.14".
func (r *Report) StepLabel(st LadderStep) string {
	return r.SideLabel(st.From) + " → " + r.SideLabel(st.To)
}

// isFirstLast reports whether st is the ladder's first-against-last step.
func (r *Report) isFirstLast(st LadderStep) bool {
	return st.From == 0 && st.To == len(r.Sides)-1 && st.To > 1
}

// ladderRow is one benchmark and unit in one configuration, across the
// sides.
type ladderRow struct {
	benchmark string
	unit      string
	better    int
	config    []string
	// values are the sides' estimates; steps the steps' decisions (nil
	// where a step has no such row).
	values []*compare.Estimate
	steps  []*decide.Decision
}

// rows gathers the steps' decisions into rows, in the order they first
// appear.
func (l *Ladder) rows(nSides int) []*ladderRow {
	var out []*ladderRow
	index := map[string]*ladderRow{}
	for si, st := range l.Steps {
		for i := range st.Report.Decisions {
			d := &st.Report.Decisions[i]
			cfg := configLines(d.Comparison)
			k := strings.Join(cfg, "\x00") + "\x01" + d.Unit + "\x01" + d.Benchmark
			row := index[k]
			if row == nil {
				row = &ladderRow{benchmark: d.Benchmark, unit: d.Unit, better: d.Better, config: cfg,
					values: make([]*compare.Estimate, nSides), steps: make([]*decide.Decision, len(l.Steps))}
				index[k] = row
				out = append(out, row)
			}
			row.steps[si] = d
			if d.Base != nil && row.values[st.From] == nil {
				row.values[st.From] = d.Base
			}
			if d.Head != nil && row.values[st.To] == nil {
				row.values[st.To] = d.Head
			}
		}
	}
	return out
}

// ladderGroup is the rows of one table: one configuration and unit.
type ladderGroup struct {
	config []string
	unit   string
	rows   []*ladderRow
}

func groupRows(rows []*ladderRow) []ladderGroup {
	var out []ladderGroup
	index := map[string]int{}
	for _, row := range rows {
		k := row.unit + "\x00" + strings.Join(row.config, "\x00")
		i, ok := index[k]
		if !ok {
			i = len(out)
			index[k] = i
			out = append(out, ladderGroup{config: row.config, unit: row.unit})
		}
		out[i].rows = append(out[i].rows, row)
	}
	return out
}

// stepIndex returns the index in l.Steps of the step into side to from
// the side before it, or -1.
func (l *Ladder) stepInto(to int) int {
	for i, st := range l.Steps {
		if st.To == to && st.From == to-1 {
			return i
		}
	}
	return -1
}

// firstLast returns the index of the first-against-last step, or -1.
func (r *Report) firstLast() int {
	for i, st := range r.Ladder.Steps {
		if r.isFirstLast(st) {
			return i
		}
	}
	return -1
}

// gateText says which steps can fail the gate.
func (r *Report) gateText() string {
	if r.Ladder.Gate == GateFirstLast {
		return "only the first side against the last can fail the gate; the steps say where a change came from"
	}
	return "every step and the first side against the last can fail the gate"
}

// stepSummary is a step's verdict and counts in one line.
func stepSummary(sr *Report) string {
	var parts []string
	for _, s := range []decide.Status{decide.Regression, decide.Improvement, decide.Inconclusive, decide.TooFewSamples, decide.New, decide.Removed} {
		if n := sr.Counts[s]; n > 0 {
			word := string(s)
			if s == decide.Regression && n > 1 {
				word = "regressions"
			} else if s == decide.Improvement && n > 1 {
				word = "improvements"
			} else if s == decide.TooFewSamples {
				word = "with too few samples"
			}
			parts = append(parts, fmt.Sprintf("%d %s", n, word))
		}
	}
	detail := "no significant change beyond the threshold"
	if len(parts) > 0 {
		detail = strings.Join(parts, ", ")
	}
	return fmt.Sprintf("%s: %s in %d comparisons", sr.Verdict, detail, len(sr.Decisions))
}

// ladderSummary is the ladder's verdict line.
func (r *Report) ladderSummary() string {
	if r.Verdict == decide.ErrorVerdict {
		return fmt.Sprintf("%s: %s", r.Verdict, r.failure())
	}
	var failing []string
	steps := 0
	for _, st := range r.Ladder.Steps {
		if !st.Gates {
			continue
		}
		steps++
		if n := st.Report.Counts[decide.Regression]; n > 0 {
			failing = append(failing, fmt.Sprintf("%s: %d", r.StepLabel(st), n))
		}
	}
	detail := "no step regressed beyond the threshold"
	if n := r.Counts[decide.Regression]; n > 0 {
		detail = fmt.Sprintf("%d regression(s) (%s)", n, strings.Join(failing, "; "))
	} else if n := r.Counts[decide.Inconclusive] + r.Counts[decide.TooFewSamples]; n > 0 {
		detail = fmt.Sprintf("%d comparison(s) not decided", n)
	}
	return fmt.Sprintf("%s: %s in %d comparisons over %d gating step(s) of %d sides (threshold %s, alpha %v)",
		r.Verdict, detail, len(r.Decisions), steps, len(r.Sides), thresholdText(r.Policy), r.Policy.Alpha)
}

// stepCell is a step's change and status in text: "+401.73% REGRESSION".
func stepCell(d *decide.Decision) string {
	if d == nil {
		return "—"
	}
	return markedDelta(*d) + " " + StatusLabel(*d)
}

// medianCell is one side's median, or "—".
func medianCell(e *compare.Estimate, unit string) string {
	if e == nil || e.N == 0 || !finite(e.Center) {
		return "—"
	}
	return FormatValue(e.Center, unit)
}

// writeLadderText writes a ladder for a terminal: per configuration and
// unit, a table with one column per side's median, each side after the
// first followed by the change from the side before; the first against
// the last; then every step's verdict.
func (r *Report) writeLadderText(w io.Writer) error {
	ew := &errWriter{w: w}
	l := r.Ladder
	fmt.Fprintf(ew, "ladder of %d sides: each step against the side before, and the first against the last; %s\n", len(r.Sides), r.gateText())
	for _, s := range r.Sides {
		fmt.Fprintf(ew, "%s: %s\n", s.Name, SanitizeText(s.Label))
	}
	fmt.Fprintln(ew)
	fl := r.firstLast()
	var prev []string
	for i, g := range groupRows(l.rows(len(r.Sides))) {
		if i > 0 {
			fmt.Fprintln(ew)
		}
		if i == 0 || !equalStrings(g.config, prev) {
			for _, c := range g.config {
				fmt.Fprintln(ew, SanitizeText(c))
			}
		}
		prev = g.config
		tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
		head := []string{SanitizeText(g.unit)}
		for si := range r.Sides {
			head = append(head, SanitizeText(r.SideLabel(si)))
			if si > 0 {
				head = append(head, "vs "+SanitizeText(r.SideLabel(si-1)))
			}
		}
		if fl >= 0 {
			head = append(head, "first → last")
		}
		fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")
		for _, row := range g.rows {
			cells := []string{SanitizeText(row.benchmark)}
			for si := range r.Sides {
				cells = append(cells, medianCell(row.values[si], row.unit))
				if si > 0 {
					var d *decide.Decision
					if k := l.stepInto(si); k >= 0 {
						d = row.steps[k]
					}
					cells = append(cells, stepCell(d))
				}
			}
			if fl >= 0 {
				cells = append(cells, stepCell(row.steps[fl]))
			}
			fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t")
		}
		tw.Flush()
	}
	fmt.Fprintln(ew)
	for _, n := range r.Notes {
		fmt.Fprintf(ew, "note: %s\n", SanitizeText(n))
	}
	for _, st := range l.Steps {
		for _, d := range st.Report.sorted() {
			if showNote(d) && (d.Status == decide.Regression || d.Status == decide.Inconclusive) {
				fmt.Fprintf(ew, "note: %s: %s (%s): %s\n", SanitizeText(r.StepLabel(st)), SanitizeText(d.Benchmark), SanitizeText(d.Unit), SanitizeText(d.Note))
			}
		}
	}
	if r.Error != "" {
		fmt.Fprintf(ew, "error: %s\n", SanitizeText(r.Error))
	}
	if r.anyTested() {
		fmt.Fprintf(ew, "note: %s; %s; the p-values are in the JSON report\n", r.TestNote(), r.ladderCorrectionNote())
	}
	if l.anyAgainstMedians() {
		fmt.Fprintf(ew, "note: %s\n", againstNote)
	}
	for _, st := range l.Steps {
		what := "step"
		if r.isFirstLast(st) {
			what = "first → last"
		}
		gates := ""
		if !st.Gates {
			gates = " (does not gate)"
		}
		fmt.Fprintf(ew, "%s %s: %s%s\n", what, SanitizeText(r.StepLabel(st)), stepSummary(st.Report), gates)
	}
	fmt.Fprintf(ew, "verdict: %s\n", r.ladderSummary())
	return ew.err
}

// ladderCorrectionNote says how the ladder's p-values were corrected.
func (r *Report) ladderCorrectionNote() string {
	s := r.CorrectionNote()
	if r.Family > 1 && r.Policy.Correction != decide.CorrectionNone {
		s += " (one family across the steps that can fail the gate"
		if r.Ladder.Gate == GateFirstLast {
			s += "; the other steps are a family of their own"
		}
		s += ")"
	}
	return s
}

// markdownStep is a step's cell in markdown: the change, and a mark for
// its status.
func markdownStep(d *decide.Decision) string {
	if d == nil {
		return "—"
	}
	delta := MarkdownText(markedDelta(*d))
	switch d.Status {
	case decide.Regression:
		return "**" + delta + "**&nbsp;❌"
	case decide.Improvement:
		return delta + "&nbsp;✅"
	case decide.Inconclusive, decide.TooFewSamples:
		return delta + "&nbsp;⚠️"
	}
	return delta
}

// writeLadderMarkdown writes a ladder for GitHub: the verdict, a table of
// the steps, the table of medians and changes per configuration and unit,
// a chart across the sides for the benchmark families that changed most,
// then the notes.
func (r *Report) writeLadderMarkdown(w io.Writer) error {
	ew := &errWriter{w: w}
	l := r.Ladder
	fmt.Fprintf(ew, "### benchgate: %s\n\n", verdictBadge(r.Verdict))
	fmt.Fprintf(ew, "**Ladder of %d sides**: each step against the side before, and the first against the last; %s.\n\n", len(r.Sides), r.gateText())
	if line := r.skippedLine(); line != "" {
		fmt.Fprintf(ew, "%s\n\n", line)
	}
	if r.Error != "" {
		fmt.Fprintf(ew, "%s. Nothing was decided.\n\n```text\n%s\n```\n\n", r.failureHeading(), FenceSafe(r.Error))
	}
	fmt.Fprintf(ew, "| step | verdict |\n|---|---|\n")
	for _, st := range l.Steps {
		label := MarkdownText(r.StepLabel(st))
		if r.isFirstLast(st) {
			label = "first → last: " + label
		}
		if !st.Gates {
			label += " <sub>(does not gate)</sub>"
		}
		fmt.Fprintf(ew, "| %s | %s · %s |\n", label, verdictBadge(st.Report.Verdict), MarkdownText(strings.TrimPrefix(stepSummary(st.Report), string(st.Report.Verdict)+": ")))
	}
	fmt.Fprintln(ew)
	rows := l.rows(len(r.Sides))
	var all []decide.Decision
	for _, row := range rows {
		all = append(all, decide.Decision{Comparison: compare.Comparison{Benchmark: row.benchmark}})
	}
	names := newNamer(all)
	if c := names.caption(); c != "" && len(rows) > 0 {
		fmt.Fprintf(ew, "<sub>%s.</sub>\n\n", sentence(c))
	}
	fl := r.firstLast()
	for _, g := range groupRows(rows) {
		var cfg []string
		for _, c := range g.config {
			cfg = append(cfg, MarkdownCode(c))
		}
		title := MarkdownText(g.unit)
		if len(cfg) > 0 {
			title += " · " + strings.Join(cfg, " · ")
		}
		// A table where no step changed anything (0 B/op everywhere)
		// is folded away.
		quiet := true
		for _, row := range g.rows {
			if changed(row) {
				quiet = false
			}
		}
		if quiet {
			fmt.Fprintf(ew, "<details><summary>%s: no change beyond the threshold (%d)</summary>\n\n", title, len(g.rows))
		} else {
			fmt.Fprintf(ew, "#### %s\n\n", title)
		}
		head, align := []string{"Benchmark"}, []string{"---"}
		for si := range r.Sides {
			head = append(head, MarkdownText(r.SideLabel(si)))
			align = append(align, "--:")
		}
		if fl >= 0 {
			head = append(head, "first → last")
			align = append(align, "--:")
		}
		fmt.Fprintf(ew, "| %s |\n|%s|\n", strings.Join(head, " | "), strings.Join(align, "|"))
		for _, row := range g.rows {
			var vals []float64
			for _, e := range row.values {
				if e != nil && e.N > 0 && finite(e.Center) {
					vals = append(vals, e.Center)
				}
			}
			scale := benchunit.CommonScale(vals, benchunit.ClassOf(row.unit))
			cells := []string{MarkdownCode(names.short(row.benchmark))}
			for si := range r.Sides {
				v := "—"
				if e := row.values[si]; e != nil && e.N > 0 && finite(e.Center) {
					v = MarkdownText(scale.Format(e.Center))
				}
				if k := l.stepInto(si); si > 0 && k >= 0 {
					v += "<br>" + markdownStep(row.steps[k])
				}
				cells = append(cells, v)
			}
			if fl >= 0 {
				cells = append(cells, markdownStep(row.steps[fl]))
			}
			fmt.Fprintf(ew, "| %s |\n", strings.Join(cells, " | "))
		}
		fmt.Fprintln(ew)
		if quiet {
			fmt.Fprintf(ew, "</details>\n\n")
		}
	}
	r.writeLadderCharts(ew, rows, names)
	if len(r.Notes) > 0 {
		fmt.Fprintf(ew, "<details><summary>Notes (%d)</summary>\n\n", len(r.Notes))
		for _, n := range r.Notes {
			fmt.Fprintf(ew, "- %s\n", MarkdownText(n))
		}
		fmt.Fprintf(ew, "\n</details>\n\n")
	}
	fmt.Fprintf(ew, "<sub>Medians; under each, the change from the side before (❌ regression, ✅ improvement, ⚠️ not decided). ")
	if r.anyTested() {
		fmt.Fprintf(ew, "%s; %s. A regression is significant (p ≤ %v) and worse than its threshold (%s).",
			MarkdownText(sentence(r.TestNote())), MarkdownText(r.ladderCorrectionNote()), r.Policy.Alpha, MarkdownText(thresholdText(r.Policy)))
		if l.anyAgainstMedians() {
			fmt.Fprintf(ew, " %s", MarkdownText(againstNote))
		}
	} else {
		// Every comparison was exact: no test, no correction to explain.
		fmt.Fprintf(ew, "%s A regression: every run of the later side worse than every run of the side before by more than the threshold (%s).",
			exactNote, MarkdownText(thresholdText(r.Policy)))
	}
	if r.ResultsDir != "" {
		fmt.Fprintf(ew, " Raw results (benchstat input, one file per side): %s.", MarkdownCode(r.ResultsDir))
	}
	fmt.Fprintf(ew, "</sub>\n")
	return ew.err
}

// maxLadderCharts bounds the charts: one per benchmark family that
// changed most.
const maxLadderCharts = 3

// writeLadderCharts draws, for the benchmark families (top-level
// functions) whose cost moved most across the sides, the row that moved
// most: a bar per side, its cost as a percentage of the first side's
// (100 = as the first side; more is worse, whatever the unit).
func (r *Report) writeLadderCharts(w io.Writer, rows []*ladderRow, names namer) {
	type pick struct {
		row  *ladderRow
		cost []float64
		move float64
	}
	best := map[string]*pick{}
	var families []string
	for _, row := range rows {
		if row.better == 0 || row.values[0] == nil || !(row.values[0].Center > 0) {
			continue
		}
		cost := make([]float64, len(row.values))
		move := 0.0
		ok := true
		for i, e := range row.values {
			if e == nil || e.N == 0 || !(e.Center > 0) || !finite(e.Center) {
				ok = false
				break
			}
			c := e.Center / row.values[0].Center
			if row.better > 0 {
				c = 1 / c
			}
			cost[i] = 100 * c
			move = math.Max(move, math.Abs(math.Log(c)))
		}
		if !ok || move == 0 || !changed(row) {
			continue
		}
		fam, _, _ := strings.Cut(row.benchmark, "/")
		fam = procsSuffixRE.ReplaceAllString(fam, "")
		if p := best[fam]; p == nil {
			families = append(families, fam)
			best[fam] = &pick{row, cost, move}
		} else if move > p.move {
			*p = pick{row, cost, move}
		}
	}
	sort.SliceStable(families, func(i, j int) bool { return best[families[i]].move > best[families[j]].move })
	if len(families) > maxLadderCharts {
		families = families[:maxLadderCharts]
	}
	var labels []string
	for si := range r.Sides {
		labels = append(labels, `"`+mermaidLabel(r.SideLabel(si), 18)+`"`)
	}
	for _, fam := range families {
		p := best[fam]
		values := make([]string, len(p.cost))
		ref := make([]string, len(p.cost))
		top := 100.0
		for i, c := range p.cost {
			values[i] = strconv.FormatFloat(math.Round(c*10)/10, 'f', -1, 64)
			ref[i] = "100"
			top = math.Max(top, c)
		}
		top = math.Ceil(top*1.1/10) * 10
		fmt.Fprintf(w, "```mermaid\n---\nconfig:\n  themeVariables:\n    xyChart:\n      plotColorPalette: \"#0969da, #8c959f\"\n  xyChart:\n    showDataLabel: true\n    width: 760\n    height: 300\n---\nxychart-beta\n")
		fmt.Fprintf(w, "    title \"%s %s: cost as %% of %s (more = worse)\"\n", chartLabel(names.short(p.row.benchmark), 36), mermaidLabel(p.row.unit, 12), mermaidLabel(r.SideLabel(0), 18))
		fmt.Fprintf(w, "    x-axis [%s]\n", strings.Join(labels, ", "))
		fmt.Fprintf(w, "    y-axis \"%%\" 0 --> %g\n", top)
		fmt.Fprintf(w, "    bar [%s]\n", strings.Join(values, ", "))
		fmt.Fprintf(w, "    line [%s]\n", strings.Join(ref, ", "))
		fmt.Fprintf(w, "```\n\n")
	}
}

// changed reports whether some step of row found a change beyond the
// threshold, or one it could not rule out: a row worth a chart.
func changed(row *ladderRow) bool {
	for _, d := range row.steps {
		if d == nil {
			continue
		}
		switch d.Status {
		case decide.Regression, decide.Improvement, decide.Inconclusive:
			return true
		}
	}
	return false
}

// JSONLadder is what a ladder's JSON report adds (field "ladder"); its
// "comparisons" are those of the steps that can fail the gate, each with
// its step in "config".
type JSONLadder struct {
	Gate  string     `json:"gate"`
	Sides []Side     `json:"sides"`
	Steps []JSONStep `json:"steps"`
}

// JSONStep is one step of a ladder in JSON output.
type JSONStep struct {
	From        string           `json:"from"`
	To          string           `json:"to"`
	Label       string           `json:"label"`
	FirstLast   bool             `json:"first_last,omitempty"`
	Gates       bool             `json:"gates"`
	Verdict     decide.Verdict   `json:"verdict"`
	Counts      map[string]int   `json:"counts"`
	Family      int              `json:"family"`
	Comparisons []JSONComparison `json:"comparisons"`
}

// writeLadderJSON writes a ladder's JSON report: the report's fields,
// and "ladder".
func (r *Report) writeLadderJSON(w io.Writer) error {
	l := JSONLadder{Gate: r.Ladder.Gate, Sides: r.Sides}
	for _, st := range r.Ladder.Steps {
		j := st.Report.JSON()
		l.Steps = append(l.Steps, JSONStep{From: r.Sides[st.From].Name, To: r.Sides[st.To].Name, Label: r.StepLabel(st),
			FirstLast: r.isFirstLast(st), Gates: st.Gates, Verdict: j.Verdict, Counts: j.Counts, Family: j.Family, Comparisons: j.Comparisons})
	}
	out := struct {
		*JSONReport
		Ladder JSONLadder `json:"ladder"`
	}{r.JSON(), l}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// anyAgainstMedians reports whether some cell of the ladder is marked
// (againstMedians).
func (l *Ladder) anyAgainstMedians() bool {
	for _, st := range l.Steps {
		if anyAgainstMedians(st.Report.Decisions) {
			return true
		}
	}
	return false
}
