// Package report is the report stage of benchgate's pipeline: it renders a
// decided gate run as text for a terminal, markdown for GitHub (job summary
// and PR comment) and JSON for machines.
//
// Renderers only format; every number and status comes from packages
// compare and decide. Everything that came from the code under test
// (benchmark names, units, configuration values, error output) is escaped
// for the format it lands in, because a pull request from a stranger controls
// those strings.
//
// # JSON
//
// The JSON form is a contract that other tools depend on:
//
//	{"verdict": "pass|regression|inconclusive|error", "alpha": 0.05,
//	 "comparisons": [{"benchmark": "RSA/bits=2048/op=verify-2",
//	   "config": {"pkg": "..."}, "unit": "sec/op",
//	   "base": {"center": 1.0, "low": 0.9, "high": 1.1, "n": 10},
//	   "head": {...}, "delta": 0.052, "p": 0.0016,
//	   "significant": true, "worse": true, "status": "regression"}]}
//
// delta is the fractional change of head's center over base's; delta and p
// are null where there is nothing to compare, and so are interval bounds
// that are infinite.
package report

import (
	"fmt"
	"math"
	"strings"

	"github.com/benchgate/benchgate/gate/decide"
)

// Side describes one side of the comparison for a reader.
type Side struct {
	// Name is "base" or "head".
	Name string `json:"name"`
	// Label says what the side was, e.g. "go1.27.3, working tree" or
	// "a1b2c3d (main)".
	Label string `json:"label,omitempty"`
	// Ref, Commit and Toolchain are the parts of Label, where known.
	Ref       string `json:"ref,omitempty"`
	Commit    string `json:"commit,omitempty"`
	Toolchain string `json:"toolchain,omitempty"`
	GoVersion string `json:"go_version,omitempty"`
	// Config is the toolchain configuration of a ladder's side, as
	// -configs names it ("go1.20.14", "local+GOAMD64=v3"); it heads the
	// side's column.
	Config string `json:"config,omitempty"`
}

// Report is everything a renderer needs.
type Report struct {
	Verdict    decide.Verdict
	Policy     decide.Policy
	Confidence float64
	Decisions  []decide.Decision
	Counts     map[decide.Status]int
	// Family is the number of comparisons p-values were corrected over.
	Family int
	// Candidates is the number of comparisons an adaptive run gave more
	// rounds to confirm them.
	Candidates int
	// Warnings is the number of changes beyond the warn threshold.
	Warnings int
	// Sides describes base and head, when known (run knows, compare may
	// not).
	Sides []Side
	// Rounds is the number of rounds run, 0 when unknown.
	Rounds int
	// ResultsDir is where the raw results are, when known.
	ResultsDir string
	// Notes are remarks for the reader (malformed input lines, warnings).
	Notes []string
	// WarningNotes are the notes the front ends also give as warnings
	// (stderr, an annotation), as a note alone goes unseen: a setting
	// that matched nothing (a {thresholds} entry for a unit no
	// comparison has: a typo leaves the unit at the default threshold),
	// and code that runs around every benchmark of a package and differs
	// between the sides (TestMain).
	WarningNotes []string
	// RenameNotes are the notes that compare a benchmark that looks
	// renamed (removed on head, and a new one in its place) with its old
	// name: the markdown shows them in view, beside the benchmarks on one
	// side only, and not folded with the other notes, which hold them
	// too.
	RenameNotes []string
	// Skipped is the number of benchmarks every side skipped (b.Skip):
	// not measured, so not compared; the notes name them and why.
	Skipped int
	// Error is the failure behind an error verdict.
	Error string
	// Failure says in a few words what failed, for the verdict line and
	// the heading: MeasurementMissing, or empty for benchmarks that did
	// not build or run.
	Failure string
	// Ladder is set for a report of three or more sides (see NewLadder):
	// the report is then written as a ladder.
	Ladder *Ladder
}

// New builds a Report from a decided result.
func New(r *decide.Result, confidence float64) *Report {
	return &Report{
		Verdict:    r.Verdict,
		Policy:     r.Policy,
		Confidence: confidence,
		Decisions:  r.Decisions,
		Counts:     r.Counts,
		Family:     r.Family,
		Candidates: r.Candidates,
		Warnings:   r.Warnings,
	}
}

// Empty is the report of a result with no comparisons (a run that failed
// before its sides could be compared, a shard with nothing to measure):
// its counts are all zero, and its verdict is the one given.
func Empty(policy decide.Policy, verdict decide.Verdict, confidence float64) *Report {
	return New(&decide.Result{Policy: policy, Verdict: verdict, Counts: map[decide.Status]int{}}, confidence)
}

// MapText replaces each text of r that may name a path (ResultsDir, the
// notes, the error, each comparison's note, a ladder step's own) by f of
// it: a front end names paths as it shows them (the Action, from its
// workspace) in the reports it writes too.
func (r *Report) MapText(f func(string) string) {
	r.ResultsDir, r.Error = f(r.ResultsDir), f(r.Error)
	for _, notes := range [][]string{r.Notes, r.WarningNotes, r.RenameNotes} {
		for i := range notes {
			notes[i] = f(notes[i])
		}
	}
	for i := range r.Decisions {
		r.Decisions[i].Note = f(r.Decisions[i].Note)
	}
	if r.Ladder != nil {
		for _, st := range r.Ladder.Steps {
			if st.Report != nil {
				st.Report.MapText(f)
			}
		}
	}
}

// measuredNothing reports whether the report is of a run that measured
// nothing on purpose and passed (a shard that held no benchmark, a suite
// both sides would build alike): its notes say why.
func (r *Report) measuredNothing() bool {
	return len(r.Decisions) == 0 && r.Verdict == decide.Pass
}

// sorted returns the decisions in reading order (see decide.Result.Sorted).
func (r *Report) sorted() []decide.Decision {
	res := decide.Result{Decisions: r.Decisions}
	return res.Sorted()
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// exactNote says what "exact" in the p column means.
const exactNote = "\"exact\": counts that were one value per side (allocs/op), or deterministic units, are compared as facts, without a test."

// anyTested reports whether some comparison was decided by a test (not
// exactly), so that the report has p-values to explain.
func (r *Report) anyTested() bool {
	for _, d := range r.Decisions {
		if !d.Exact && finite(d.TestP) {
			return true
		}
	}
	return false
}

// againstMedians reports whether d's change disagrees with the medians
// of its sides: they point the other way, or their ratio is more than
// twice or less than half the change's (farApart). A paired test's
// change is the median of the per-round ratios head/base, which cancels
// the machine's drift between rounds; where the change is small beside
// that drift, the ratio of the sides' medians can have the other sign,
// and where the rounds disagree (a B/op that is 186 in some rounds and
// 8 Ki in others) it can be many times the change. A reader who compares
// the base → head columns with Δ deserves to be told which one the gate
// used.
func againstMedians(d decide.Decision) bool {
	if d.Base == nil || d.Head == nil || !finite(d.Delta) || !(d.Base.Center > 0) || !finite(d.Head.Center) {
		return false
	}
	medians := d.Head.Center/d.Base.Center - 1
	if farApart(1+d.Delta, 1+medians) {
		return true
	}
	// Below 0.005% the change prints as +0.00%, which has no sign.
	if math.Abs(d.Delta) < 0.00005 {
		return false
	}
	return d.Delta > 0 && medians < 0 || d.Delta < 0 && medians > 0
}

// farApart reports whether two ratios head/base differ by a factor of
// two or more. Of 12,300 saved rows here (quick-suite, whole-suite and
// real repositories' runs) one was: lz4's UncompressTwain B/op, +14.0%
// per round against medians of 186 and 3,526 bytes (+1,796%).
func farApart(a, b float64) bool {
	if !(a > 0) || !(b > 0) {
		return false
	}
	return a/b >= 2 || b/a >= 2
}

// againstMark marks a change that againstMedians; againstNote explains
// the mark, once per report that has one.
const (
	againstMark = "†"
	againstNote = "† The ratio of the two sides' medians points the other way from this change, or is twice its ratio head/base or more, or half or less: the change is the median of the per-round ratios head/base, in which the machine's drift between rounds cancels, and the medians part from it where the change is small beside that drift or the rounds disagree."
)

// markedDelta is the change column of a table row: FormatDelta, marked
// where it points the other way from the sides' medians.
func markedDelta(d decide.Decision) string {
	if againstMedians(d) {
		return FormatDelta(d) + againstMark
	}
	return FormatDelta(d)
}

// anyAgainstMedians reports whether some row of the report is marked.
func anyAgainstMedians(ds []decide.Decision) bool {
	for _, d := range ds {
		if againstMedians(d) {
			return true
		}
	}
	return false
}

// TestNote says where the p-values come from, for the reader.
func (r *Report) TestNote() string {
	const utest = "the Mann-Whitney U-test (golang.org/x/perf/benchmath, as benchstat)"
	switch r.Policy.Test {
	case decide.PairedSignTest:
		return "p-values marked \"sign\" from the sign test on the per-round ratios head/base, the others from " + utest
	case decide.BothTests:
		return "each p-value is the smaller of the sign test's on the per-round ratios head/base and " + utest + "'s, doubled; the change is the median per-round ratio"
	}
	return "p-values from " + utest
}

// CorrectionNote says how p-values were corrected, for the reader.
func (r *Report) CorrectionNote() string {
	s := "p-values are not corrected for multiple comparisons"
	if r.Family > 1 {
		switch r.Policy.Correction {
		case decide.CorrectionHolm:
			s = fmt.Sprintf("p-values are Holm-adjusted over the %d comparisons that can fail the gate", r.Family)
		case decide.CorrectionBH:
			s = fmt.Sprintf("p-values are Benjamini-Hochberg-adjusted over the %d comparisons that can fail the gate", r.Family)
		}
		tested := 0
		for _, d := range r.Decisions {
			if d.Better != 0 && d.Test != "" && !math.IsNaN(d.PAdjusted) {
				tested++
			}
		}
		if r.Policy.Correction != decide.CorrectionNone && tested > r.Family {
			s += " (a benchmark's B/s, its b.SetBytes over its time, counts once with its sec/op: one measurement)"
		}
	}
	if p := r.Policy; p.StageRounds > 0 {
		s += fmt.Sprintf(", judged on the first %d rounds at alpha/2", p.StageRounds)
		switch {
		case r.Candidates > 0 && r.Rounds > 0 && r.Rounds <= p.StageRounds:
			// The time budget was spent before any later round.
			s += fmt.Sprintf("; %d candidate(s) for more rounds got none (the run stopped after round %d), so the first rounds' decisions stand", r.Candidates, r.Rounds)
		case r.Candidates > 0:
			s += fmt.Sprintf("; %d candidate(s) got more rounds, confirmed at alpha/2 on those alone (Bonferroni over the candidates) or combined with the first rounds (a p marked \"combined\" is after the correction)", r.Candidates)
		}
	}
	return s
}

// MeasurementMissing is the Failure of a run whose benchmarks ran but
// left a measurement out on one side (results, or their time).
const MeasurementMissing = "a measurement went missing"

// SetupFailed is the Failure of a run that stopped before it built
// anything: a side's sources, toolchain or build user could not be set up.
const SetupFailed = "preparing the sides failed before anything was built"

// failure is what failed, for a report whose verdict is error.
func (r *Report) failure() string {
	if r.Failure != "" {
		return r.Failure
	}
	return "benchmarks failed to build or run"
}

// failureHeading is failure as a sentence's start, in bold, for the
// markdown report.
func (r *Report) failureHeading() string {
	f := r.failure()
	return "**" + strings.ToUpper(f[:1]) + f[1:] + "**"
}
