package report

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/benchgate/benchgate/gate/decide"
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

// WriteMarkdown writes the report for GitHub: the verdict first, then the
// regressions, then whatever could not be decided, then every table in a
// collapsed <details>.
func (r *Report) WriteMarkdown(w io.Writer) error {
	ew := &errWriter{w: w}
	fmt.Fprintf(ew, "### benchgate: %s\n\n", verdictBadge(r.Verdict))
	fmt.Fprintf(ew, "%s\n\n", r.summary(MarkdownCode))
	if len(r.Sides) > 0 {
		var sides []string
		for _, s := range r.Sides {
			sides = append(sides, fmt.Sprintf("**%s** %s", s.Name, MarkdownCode(s.Label)))
		}
		line := strings.Join(sides, " → ")
		if r.Rounds > 0 {
			line += fmt.Sprintf(" · %d rounds, interleaved", r.Rounds)
		}
		fmt.Fprintf(ew, "%s\n\n", line)
	}
	if r.Error != "" {
		fmt.Fprintf(ew, "**Benchmarks failed to build or run.** Nothing was decided.\n\n```text\n%s\n```\n\n", FenceSafe(r.Error))
	}

	sorted := r.sorted()
	section := func(title string, keep func(decide.Decision) bool) {
		var rows []decide.Decision
		for _, d := range sorted {
			if keep(d) {
				rows = append(rows, d)
			}
		}
		if len(rows) == 0 {
			return
		}
		fmt.Fprintf(ew, "#### %s (%d)\n\n", title, len(rows))
		writeMarkdownTable(ew, rows, true)
		fmt.Fprintln(ew)
	}
	section("Regressions", func(d decide.Decision) bool { return d.Status == decide.Regression })
	section("Undecided", func(d decide.Decision) bool {
		return d.Status == decide.TooFewSamples || d.Status == decide.Inconclusive
	})
	section("Improvements", func(d decide.Decision) bool { return d.Status == decide.Improvement })
	writeMermaid(ew, sorted)

	for _, n := range r.Notes {
		fmt.Fprintf(ew, "> %s\n", MarkdownText(n))
	}
	if len(r.Notes) > 0 {
		fmt.Fprintln(ew)
	}

	if len(r.Decisions) > 0 {
		fmt.Fprintf(ew, "<details><summary>All %d comparisons</summary>\n\n", len(r.Decisions))
		var prevConfig []string
		for i, g := range r.groups() {
			var cfg []string
			for _, l := range g.config {
				cfg = append(cfg, MarkdownCode(l))
			}
			changed := i == 0 || !equalStrings(g.config, prevConfig)
			prevConfig = g.config
			if len(cfg) > 0 && changed {
				fmt.Fprintf(ew, "%s\n\n", strings.Join(cfg, " · "))
			}
			writeMarkdownTable(ew, g.rows, false)
			fmt.Fprintln(ew)
		}
		fmt.Fprintf(ew, "</details>\n\n")
	}
	source := "p-values from the Mann-Whitney U-test (golang.org/x/perf/benchmath, as benchstat)"
	if r.Policy.Test == decide.PairedSignTest {
		source = "p-values marked \"sign\" from the sign test on the per-round ratios head/base, the others from the Mann-Whitney U-test (golang.org/x/perf/benchmath, as benchstat)"
	}
	fmt.Fprintf(ew, "<sub>%s; %s (the p shown is before correction). Medians ± %v%% confidence interval. A regression is significant (p ≤ %v) and worse than its threshold.",
		source, r.CorrectionNote(), r.Confidence*100, r.Policy.Alpha)
	if r.ResultsDir != "" {
		fmt.Fprintf(ew, " Raw results: %s.", MarkdownCode(r.ResultsDir))
	}
	fmt.Fprintf(ew, "</sub>\n")
	return ew.err
}

func writeMarkdownTable(w io.Writer, rows []decide.Decision, withUnit bool) {
	if withUnit {
		fmt.Fprintf(w, "| Benchmark | Unit | Base | Head | Δ | p | Status |\n|---|---|--:|--:|--:|---|---|\n")
	} else {
		fmt.Fprintf(w, "| Benchmark (%s) | Base | Head | Δ | p | Status |\n|---|--:|--:|--:|---|---|\n", MarkdownText(rows[0].Unit))
	}
	for _, d := range rows {
		delta := MarkdownText(FormatDelta(d))
		if d.Status == decide.Regression {
			delta = "**" + delta + "**"
		}
		cells := []string{MarkdownCode(d.Benchmark)}
		if withUnit {
			cells = append(cells, MarkdownCode(d.Unit))
		}
		cells = append(cells,
			MarkdownText(formatEstimate(d.Base, d.Unit)),
			MarkdownText(formatEstimate(d.Head, d.Unit)),
			delta,
			MarkdownText(FormatP(d)),
			markdownStatus(d))
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
	}
}

func markdownStatus(d decide.Decision) string {
	switch d.Status {
	case decide.Regression:
		return "❌ regression"
	case decide.Improvement:
		return "✅ improvement"
	case decide.Unchanged:
		return "~"
	}
	return MarkdownText(StatusLabel(d))
}

// FenceSafe keeps untrusted text inside a ``` block from closing it.
func FenceSafe(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.ReplaceAll(s, "```", "`\u200b``")
	return breakCommands(s)
}

// maxChartBars bounds the chart; the tables list everything.
const maxChartBars = 20

// writeMermaid draws the significant time changes as a bar chart (GitHub
// renders mermaid in summaries and comments): head's time per op as a
// percentage of base's, so 100 is unchanged, with a line at 100. Mermaid
// bars start at the bottom of the axis, not at zero, which is why the chart
// shows ratios rather than signed deltas.
func writeMermaid(w io.Writer, decisions []decide.Decision) {
	var bars []decide.Decision
	for _, d := range decisions {
		if (d.Status == decide.Regression || d.Status == decide.Improvement) && d.Unit == "sec/op" && finite(d.Delta) {
			bars = append(bars, d)
		}
	}
	if len(bars) == 0 {
		return
	}
	sort.SliceStable(bars, func(i, j int) bool { return bars[i].Delta > bars[j].Delta })
	if len(bars) > maxChartBars {
		// Keep the largest changes of either sign.
		sort.SliceStable(bars, func(i, j int) bool { return math.Abs(bars[i].Delta) > math.Abs(bars[j].Delta) })
		bars = bars[:maxChartBars]
		sort.SliceStable(bars, func(i, j int) bool { return bars[i].Delta > bars[j].Delta })
	}
	labels := make([]string, len(bars))
	values := make([]string, len(bars))
	ref := make([]string, len(bars))
	top := 100.0
	for i, d := range bars {
		v := 100 * (1 + d.Delta)
		top = math.Max(top, v)
		labels[i] = `"` + MermaidLabel(d.Benchmark) + `"`
		values[i] = strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
		ref[i] = "100"
	}
	top = math.Ceil(top*1.1/10) * 10
	fmt.Fprintf(w, "```mermaid\nxychart-beta\n")
	fmt.Fprintf(w, "    title \"sec/op, head as %% of base (100 = unchanged, higher = slower)\"\n")
	fmt.Fprintf(w, "    x-axis [%s]\n", strings.Join(labels, ", "))
	fmt.Fprintf(w, "    y-axis \"head / base (%%)\" 0 --> %g\n", top)
	fmt.Fprintf(w, "    bar [%s]\n", strings.Join(values, ", "))
	fmt.Fprintf(w, "    line [%s]\n", strings.Join(ref, ", "))
	fmt.Fprintf(w, "```\n\n")
}

// MermaidLabel makes an untrusted benchmark name safe inside a quoted
// mermaid label: only letters, digits and a few punctuation marks survive
// (no quotes, no "%%" comments, no markup), and long names are shortened
// from the front, where the common prefix is.
func MermaidLabel(s string) string {
	var b []rune
	for _, r := range strings.ToValidUTF8(s, "_") {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', strings.ContainsRune("/=._-+ ", r):
			b = append(b, r)
		default:
			b = append(b, '_')
		}
	}
	const max = 40
	if len(b) > max {
		b = append([]rune("…"), b[len(b)-max+1:]...)
	}
	if len(b) == 0 {
		return "_"
	}
	return string(b)
}
