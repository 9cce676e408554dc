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

// maxChartBars bounds the chart; the tables list everything.
const maxChartBars = 12

// writeChart draws the largest changes as a horizontal bar chart
// (GitHub renders mermaid in summaries and comments), in any unit that can
// fail the gate: head's cost as a percentage of base's, so that 100 is
// unchanged and more is worse whatever the unit (for a rate such as B/s,
// the cost is base/head). Each bar shows its value; labels are the short
// names. Fewer than two bars would only repeat a number of the tables, so
// there is no chart then.
func writeChart(w io.Writer, ds []decide.Decision, names namer) {
	type bar struct {
		label string
		cost  float64
	}
	var bars []bar
	units := map[string]bool{}
	for _, d := range ds {
		if d.Better == 0 || !d.Compared() || !(d.Base.Center > 0) || !(d.Head.Center > 0) || math.IsNaN(d.Delta) {
			continue
		}
		cost := 1 + d.Delta
		if d.Better > 0 {
			cost = 1 / cost
		}
		units[d.Unit] = true
		bars = append(bars, bar{label: names.short(d.Benchmark) + "\x00" + d.Unit, cost: 100 * cost})
	}
	if len(bars) < 2 {
		return
	}
	sort.SliceStable(bars, func(i, j int) bool {
		return math.Abs(math.Log(bars[i].cost/100)) > math.Abs(math.Log(bars[j].cost/100))
	})
	if len(bars) > maxChartBars {
		bars = bars[:maxChartBars]
	}
	sort.SliceStable(bars, func(i, j int) bool { return bars[i].cost > bars[j].cost })
	labels := make([]string, len(bars))
	values := make([]string, len(bars))
	ref := make([]string, len(bars))
	top := 100.0
	for i, b := range bars {
		name, unit, _ := strings.Cut(b.label, "\x00")
		l := chartLabel(name, 28)
		if len(units) > 1 {
			l = chartLabel(name+" "+unit, 32)
		}
		labels[i] = `"` + l + `"`
		values[i] = strconv.FormatFloat(math.Round(b.cost*10)/10, 'f', -1, 64)
		ref[i] = "100"
		top = math.Max(top, b.cost)
	}
	top = math.Ceil(top*1.1/10) * 10
	// About 30 pixels a bar: the chart is as tall as it needs.
	height := 80 + 30*len(bars)
	// GitHub's blue for the bars, grey for the line at 100.
	fmt.Fprintf(w, "```mermaid\n---\nconfig:\n  themeVariables:\n    xyChart:\n      plotColorPalette: \"#0969da, #8c959f\"\n  xyChart:\n    showDataLabel: true\n    width: 760\n    height: %d\n---\nxychart-beta horizontal\n", height)
	fmt.Fprintf(w, "    title \"head's cost as %% of base (100 = unchanged, more = worse)\"\n")
	fmt.Fprintf(w, "    x-axis [%s]\n", strings.Join(labels, ", "))
	fmt.Fprintf(w, "    y-axis \"%%\" 0 --> %g\n", top)
	fmt.Fprintf(w, "    bar [%s]\n", strings.Join(values, ", "))
	fmt.Fprintf(w, "    line [%s]\n", strings.Join(ref, ", "))
	fmt.Fprintf(w, "```\n\n")
}

// mermaidSafe is the punctuation a quoted mermaid label keeps: no quote,
// no "%" (comments), "#" and ";" (entities), "&", "<" or ">" (markup), no
// backslash or backtick.
const mermaidSafe = "/=._-+ ~!*,:()[]'"

// MermaidLabel makes an untrusted benchmark name safe inside a quoted
// mermaid label: only letters, digits and the punctuation in mermaidSafe
// survive (quotes and angle brackets are dropped, anything else becomes
// "_"), and long names are shortened from the front, where the common
// prefix is, to 40 characters. A colon after a colon becomes "_" too, so
// that no "::" of a workflow command ("::error::") reaches a report that
// a workflow prints to its log.
func MermaidLabel(s string) string { return mermaidLabel(s, 40) }

func mermaidLabel(s string, max int) string {
	var b []rune
	for _, r := range strings.ToValidUTF8(s, "_") {
		switch {
		case r == ':' && len(b) > 0 && b[len(b)-1] == ':':
			b = append(b, '_')
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', strings.ContainsRune(mermaidSafe, r):
			b = append(b, r)
		case r == '"' || r == '<' || r == '>':
			// Quoting and markup in a name (n="1", <prefix>): dropping
			// them keeps the label readable.
		default:
			b = append(b, '_')
		}
	}
	if len(b) > max {
		b = append([]rune("…"), b[len(b)-max+1:]...)
	}
	if len(b) == 0 {
		return "_"
	}
	return string(b)
}
