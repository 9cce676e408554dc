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
	"strings"
	"text/tabwriter"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
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
			d.AddConfig("step", label, true)
			r.Decisions = append(r.Decisions, d)
		}
	}
	r.Verdict = decide.Worst(gating...)
	return r
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
		r.Verdict, detail, len(r.Decisions), steps, len(r.Sides), thresholdText(r.Policy, r.Decisions), r.Policy.Alpha)
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
