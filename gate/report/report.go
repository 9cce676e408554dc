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
	// Sides describes base and head, when known (run knows, compare may
	// not).
	Sides []Side
	// Rounds is the number of rounds run, 0 when unknown.
	Rounds int
	// ResultsDir is where the raw results are, when known.
	ResultsDir string
	// Notes are remarks for the reader (malformed input lines, warnings).
	Notes []string
	// Error is the failure behind an error verdict.
	Error string
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
	}
}

// sorted returns the decisions in reading order (see decide.Result.Sorted).
func (r *Report) sorted() []decide.Decision {
	res := decide.Result{Decisions: r.Decisions}
	return res.Sorted()
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// CorrectionNote says how p-values were corrected, for the reader.
func (r *Report) CorrectionNote() string {
	if r.Policy.Correction == decide.CorrectionHolm && r.Family > 1 {
		return fmt.Sprintf("p-values are Holm-adjusted over %d comparisons", r.Family)
	}
	return "p-values are not corrected for multiple comparisons"
}
