package report

// A ladder's markdown: the table of every step, and a mermaid chart per
// benchmark whose steps found a change, for the PR comment and the job
// summary.

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"golang.org/x/perf/benchunit"
)

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
			MarkdownText(sentence(r.TestNote())), MarkdownText(r.ladderCorrectionNote()), r.Policy.Alpha, MarkdownText(thresholdText(r.Policy, r.Decisions)))
		if l.anyAgainstMedians() {
			fmt.Fprintf(ew, " %s", MarkdownText(againstNote))
		}
	} else {
		// Every comparison was exact: no test, no correction to explain.
		fmt.Fprintf(ew, "%s A regression: every run of the later side worse than every run of the side before by more than the threshold (%s).",
			exactNote, MarkdownText(thresholdText(r.Policy, r.Decisions)))
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
