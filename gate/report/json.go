package report

import (
	"encoding/json"
	"io"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
)

// JSONReport is the shape of the JSON output. Its fields are the contract
// described in the package documentation; fields may be added, never
// renamed or removed.
type JSONReport struct {
	Verdict       decide.Verdict     `json:"verdict"`
	Alpha         float64            `json:"alpha"`
	Confidence    float64            `json:"confidence"`
	Threshold     float64            `json:"threshold"`
	Thresholds    map[string]float64 `json:"thresholds,omitempty"`
	FailOn        decide.FailOn      `json:"fail_on"`
	Correction    decide.Correction  `json:"correction"`
	Family        int                `json:"family"`
	StageRounds   int                `json:"stage_rounds,omitempty"`
	Candidates    int                `json:"candidates,omitempty"`
	Warnings      int                `json:"warnings,omitempty"`
	WarnThreshold float64            `json:"warn_threshold,omitempty"`
	Counts        map[string]int     `json:"counts"`
	Sides         []Side             `json:"sides,omitempty"`
	Rounds        int                `json:"rounds,omitempty"`
	ResultsDir    string             `json:"results_dir,omitempty"`
	Error         string             `json:"error,omitempty"`
	Notes         []string           `json:"notes,omitempty"`
	// WarningNotes are the notes the front ends also give as warnings
	// (Report.WarningNotes); most are in Notes too.
	WarningNotes []string         `json:"warning_notes,omitempty"`
	Skipped      int              `json:"skipped,omitempty"`
	Comparisons  []JSONComparison `json:"comparisons"`
}

// JSONComparison is one comparison in JSON output.
type JSONComparison struct {
	Benchmark string            `json:"benchmark"`
	Config    map[string]string `json:"config"`
	Unit      string            `json:"unit"`
	Better    string            `json:"better,omitempty"`
	Base      *JSONEstimate     `json:"base"`
	Head      *JSONEstimate     `json:"head"`
	Delta     *float64          `json:"delta"`
	// P is the p-value of the test the decision rests on (Test), on the
	// first stage's samples, before the correction: the p the text and
	// markdown reports show; PAdjusted is it after the correction. Both
	// null for exact comparisons, which no test decides.
	P         *float64 `json:"p"`
	PAdjusted *float64 `json:"p_adjusted"`
	// PUTest is benchmath's Mann-Whitney U-test p over every sample, as
	// benchstat prints it, whatever test decided.
	PUTest      *float64    `json:"p_utest"`
	Paired      *JSONPaired `json:"paired,omitempty"`
	Significant bool        `json:"significant"`
	Worse       bool        `json:"worse"`
	Test        decide.Test `json:"test,omitempty"`
	Exact       bool        `json:"exact,omitempty"`
	Equivalent  bool        `json:"equivalent,omitempty"`
	Warn        bool        `json:"warn,omitempty"`
	// AgainstMedians is the text and markdown reports' † mark: delta and
	// the ratio of the sides' medians point different ways, or one is
	// twice the other or more (as ratios head/base).
	AgainstMedians bool              `json:"against_medians,omitempty"`
	Confirmation   *JSONConfirmation `json:"confirmation,omitempty"`
	Status         decide.Status     `json:"status"`
	Threshold      float64           `json:"threshold"`
	RoundsNeeded   int               `json:"rounds_needed,omitempty"`
	Note           string            `json:"note,omitempty"`
	Warnings       []string          `json:"warnings,omitempty"`
}

// JSONPaired is the paired (per-round) view in JSON output: the median of
// the per-round ratios head/base, its interval, and the sign test.
type JSONPaired struct {
	Ratio *float64 `json:"ratio"`
	Low   *float64 `json:"low"`
	High  *float64 `json:"high"`
	N     int      `json:"n"`
	P     *float64 `json:"p"`
}

func jsonPaired(p *decide.Paired) *JSONPaired {
	if p == nil {
		return nil
	}
	return &JSONPaired{Ratio: num(p.Ratio), Low: num(p.Low), High: num(p.High), N: p.N, P: num(p.P)}
}

// JSONConfirmation is the second stage of a candidate in an adaptive run:
// its later rounds tested alone and combined with its first stage.
type JSONConfirmation struct {
	FromRound  int      `json:"from_round"`
	Rounds     int      `json:"rounds"`
	P          *float64 `json:"p"`
	PAdjusted  *float64 `json:"p_adjusted"`
	Candidates int      `json:"candidates"`
	// CombinedP is the p of the later rounds combined with the first
	// stage.
	CombinedP  *float64 `json:"combined_p,omitempty"`
	Confirmed  bool     `json:"confirmed"`
	ByCombined bool     `json:"by_combined,omitempty"`
	Halfway    bool     `json:"halfway,omitempty"`
	Futile     bool     `json:"futile,omitempty"`
}

func jsonConfirmation(c *decide.Confirmation) *JSONConfirmation {
	if c == nil {
		return nil
	}
	return &JSONConfirmation{FromRound: c.From, Rounds: c.Rounds, P: num(c.P), PAdjusted: num(c.PAdjusted), Candidates: c.Candidates, CombinedP: num(c.Combined), Confirmed: c.Confirmed, ByCombined: c.ByCombined, Halfway: c.Halfway, Futile: c.Futile}
}

// JSONEstimate is one side's summary in JSON output.
type JSONEstimate struct {
	Center *float64 `json:"center"`
	Low    *float64 `json:"low"`
	High   *float64 `json:"high"`
	N      int      `json:"n"`
}

// JSON builds the JSON form of r.
func (r *Report) JSON() *JSONReport {
	out := &JSONReport{
		Verdict:       r.Verdict,
		Alpha:         r.Policy.Alpha,
		Confidence:    r.Confidence,
		Threshold:     r.Policy.Threshold,
		Thresholds:    r.Policy.Thresholds,
		FailOn:        r.Policy.FailOn,
		Correction:    r.Policy.Correction,
		Family:        r.Family,
		StageRounds:   r.Policy.StageRounds,
		Candidates:    r.Candidates,
		Warnings:      r.Warnings,
		WarnThreshold: r.Policy.WarnThreshold,
		Counts:        map[string]int{},
		Sides:         r.Sides,
		Rounds:        r.Rounds,
		ResultsDir:    r.ResultsDir,
		Error:         r.Error,
		Notes:         r.Notes,
		WarningNotes:  r.WarningNotes,
		Skipped:       r.Skipped,
		Comparisons:   []JSONComparison{},
	}
	for s, n := range r.Counts {
		out.Counts[string(s)] = n
	}
	for _, d := range r.Decisions {
		config := d.Config
		if config == nil {
			config = map[string]string{}
		}
		out.Comparisons = append(out.Comparisons, JSONComparison{
			Benchmark:      d.Benchmark,
			Config:         config,
			Unit:           d.Unit,
			Better:         betterName(d.Better),
			Base:           jsonEstimate(d.Base),
			Head:           jsonEstimate(d.Head),
			Delta:          num(d.Delta),
			P:              num(d.TestP),
			PAdjusted:      num(d.PAdjusted),
			PUTest:         num(d.P),
			Paired:         jsonPaired(d.Paired),
			Significant:    d.Significant,
			Worse:          d.Worse,
			Test:           d.Test,
			Exact:          d.Exact,
			Equivalent:     d.Equivalent,
			Warn:           d.Warn,
			AgainstMedians: againstMedians(d),
			Confirmation:   jsonConfirmation(d.Confirmation),
			Status:         d.Status,
			Threshold:      d.Threshold,
			RoundsNeeded:   d.RoundsNeeded,
			Note:           d.Note,
			Warnings:       d.Warnings,
		})
	}
	return out
}

// WriteJSON writes r as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r.JSON())
}

func betterName(b int) string {
	switch {
	case b > 0:
		return "higher"
	case b < 0:
		return "lower"
	}
	return ""
}

func jsonEstimate(e *compare.Estimate) *JSONEstimate {
	if e == nil {
		return nil
	}
	return &JSONEstimate{Center: num(e.Center), Low: num(e.Low), High: num(e.High), N: e.N}
}

// num maps NaN and ±Inf, which JSON cannot carry, to null.
func num(f float64) *float64 {
	if !finite(f) {
		return nil
	}
	return &f
}
