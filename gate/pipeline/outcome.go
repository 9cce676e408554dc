package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/usage"
)

// Exit codes are part of benchgate's interface, the same in both front
// ends.
const (
	ExitPass       = 0
	ExitRegression = 1
	ExitUsage      = 2
	ExitFailed     = 3
)

// RegressionError is returned when the verdict fails the gate. It maps to
// exit code 1.
type RegressionError struct {
	Verdict decide.Verdict
	Count   int
	// Of says how many benchmarks the regressions are of, where that
	// differs from Count (a benchmark's sec/op and its B/s): " (1
	// benchmark)".
	Of string
}

func (e *RegressionError) Error() string {
	if e.Verdict == decide.InconclusiveVerdict {
		return "the gate failed: some comparisons could not be decided ({fail-on} inconclusive)"
	}
	return fmt.Sprintf("the gate failed: %d regression(s)%s", e.Count, e.Of)
}

// Gate turns a report's verdict into the run's outcome under failOn: a
// *RegressionError when the verdict fails the gate, a *usage.Error when
// it could decide nothing (undecidable), else nil. Warning about a
// verdict that passes but is not clean is the front end's job.
func Gate(r *report.Report, failOn decide.FailOn) error {
	if failOn.Fails(r.Verdict) {
		return &RegressionError{Verdict: r.Verdict, Count: r.Counts[decide.Regression], Of: r.BenchmarksOf(decide.Regression)}
	}
	if failOn != decide.FailOnNever && r.Verdict == decide.InconclusiveVerdict {
		return undecidable(r.Decisions, r.Policy)
	}
	return nil
}

// undecidable refuses results in which every comparison that can fail the
// gate and that a test decides had too few samples for the test ever to
// reach alpha after the correction (files of go test -count 6 with 300
// benchmarks): no change in them could fail the gate, whatever the code
// does, so it says what would decide instead. Counts decided exactly
// (allocs/op) are not tested and do not count either way. benchgate run
// refuses its own rounds before they come to this (checkRounds,
// checkFamily), and a merge of run directories before deciding
// (checkMergedFamily); this is for files from elsewhere.
func undecidable(decs []decide.Decision, policy decide.Policy) error {
	first, n, need := decide.Undecidable(decs)
	if first == nil {
		return nil
	}
	hint := fmt.Sprintf("compare at least %d samples per side (go test -count %d; {run} checks its {rounds} before it measures)", need, need)
	if have := min(first.Base.N, first.Head.N); decide.RoundsToReach(policy.Test, policy.Alpha) <= have {
		// One comparison alone could be decided with these samples:
		// a smaller family asks less of each.
		hint += ", or fewer benchmarks at once ({filter})"
	}
	counted := ""
	if policy.Correction != decide.CorrectionNone && first.Family > 0 && first.Family < n {
		// The correction's count, which the note gives: a B/s and its
		// sec/op are one measurement there.
		counted = fmt.Sprintf(" (%d in the correction, where a benchmark's B/s counts once with its sec/op)", first.Family)
	}
	return usage.Errorf(hint,
		"none of the %d tested comparisons that can fail the gate%s could be decided, so no change in them could fail it: %s (%s, the first)", n, counted, first.Note, first.Benchmark)
}

// InconclusiveWarning is the warning for a verdict that is inconclusive
// (or, under fail-on inconclusive, the error): what was left undecided,
// by kind, and what settles it, in the words of the front end st. What
// settles it depends on where the samples came from: the rounds of this
// run (r.Rounds > 0), or files that benchgate run or go test -count
// wrote. "" for any other verdict.
func InconclusiveWarning(r *report.Report, st usage.Style) string {
	if r.Verdict != decide.InconclusiveVerdict {
		return ""
	}
	// Of the removed rows, those of a benchmark that still ran on head
	// lack a unit (B/s, a custom metric), not the benchmark.
	counts := map[decide.Status]int{}
	for st, n := range r.Counts {
		counts[st] = n
	}
	ran := ranOnBothSides(r.Decisions)
	const unitRemoved = decide.Status("unit removed")
	for _, d := range r.Decisions {
		if d.Status == decide.Removed && ran[d.Row()] {
			counts[decide.Removed]--
			counts[unitRemoved]++
		}
	}
	var parts []string
	for _, k := range []struct {
		status    decide.Status
		one, many string
	}{
		{decide.Inconclusive, "likely regression not confirmed", "likely regressions not confirmed"},
		{decide.TooFewSamples, "with too few samples", "with too few samples"},
		{decide.Removed, "removed on head (deleted or renamed, so not measured there)", "removed on head (deleted or renamed, so not measured there)"},
		{unitRemoved, "unit that head no longer reports of a benchmark it ran", "units that head no longer reports of benchmarks it ran"},
	} {
		switch n := counts[k.status]; {
		case n == 1:
			parts = append(parts, "1 "+k.one)
		case n > 1:
			parts = append(parts, fmt.Sprintf("%d %s", n, k.many))
		}
	}
	more := ""
	switch {
	case r.Counts[decide.Inconclusive]+r.Counts[decide.TooFewSamples] == 0:
		// Rounds settle a test, not a benchmark head no longer has.
	case r.Rounds > 0 && r.Policy.MaxRounds > r.Rounds:
		// Its adaptive rounds stopped short of their most: most often
		// the time budget, which more rounds alone would not move.
		more = fmt.Sprintf(" More {rounds}, or a larger {time-budget} if it stopped the adaptive rounds (after round %d of %d), settle the undecided ones;", r.Rounds, r.Policy.MaxRounds)
	case r.Rounds > 0:
		// This run measured them: its rounds are the front end's
		// setting.
		more = " More {rounds} settle the undecided ones;"
	default:
		// Results read from files (compare, or the Action's report of
		// a run in another job): nothing here runs rounds, so say
		// what makes the samples of whichever tool wrote them.
		more = " More samples per side settle the undecided ones (more {rounds} where {run} measured them, or a higher go test -count);"
	}
	if r.Policy.FailOn == decide.FailOnInconclusive {
		return st.Render(fmt.Sprintf("not every comparison was decided (%s); the gate fails ({fail-on} inconclusive).%s",
			strings.Join(parts, ", "), strings.TrimSuffix(more, ";")))
	}
	return st.Render(fmt.Sprintf("not every comparison was decided (%s); the gate passes.%s {fail-on} inconclusive fails instead",
		strings.Join(parts, ", "), more))
}

// ExitCode maps an outcome to benchgate's exit code.
func ExitCode(err error) int {
	var reg *RegressionError
	var ue *usage.Error
	var ie *compare.InputError
	switch {
	case err == nil:
		return ExitPass
	case errors.As(err, &reg), errors.As(err, new(*CulpritError)):
		return ExitRegression
	case errors.As(err, &ue), errors.As(err, &ie):
		return ExitUsage
	}
	if fr := (*FailedRunError)(nil); errors.As(err, &fr) && fr.Refused {
		return ExitUsage // judged again, as the run: refused
	}
	return ExitFailed
}

// PrintError writes err for a person, in the words of the front end that
// read the configuration (names), each line prefixed "benchgate: " and its
// hint on a line of its own. Errors can carry a benchmark's output, which
// a pull request controls, so every line is sanitized: in a workflow, the
// log is read for workflow commands.
func PrintError(w io.Writer, err error, names usage.Style) {
	if err == nil {
		return
	}
	say := func(format string, args ...any) {
		fmt.Fprintln(w, report.SanitizeLines(fmt.Sprintf(format, args...)))
	}
	msg := usage.Text(err, names)
	var ue *usage.Error
	switch {
	case errors.As(err, &ue):
		say("benchgate: %s", names.Render(ue.Msg))
		if ue.Hint != "" {
			say("hint: %s", names.Render(ue.Hint))
		}
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		if strings.HasPrefix(msg, "interrupted") {
			say("benchgate: %s", msg)
		} else {
			say("benchgate: interrupted: %s", msg)
		}
	default:
		say("benchgate: %s", msg)
	}
}

// Hint is the hint of a usage error, in the words of names; empty for
// other errors.
func Hint(err error, names usage.Style) string {
	var ue *usage.Error
	if errors.As(err, &ue) {
		return names.Render(ue.Hint)
	}
	return ""
}

// Progress returns the stream both front ends print progress to: each
// write (one line) prefixed "benchgate: ", its settings named as names
// names them, and sanitized, since the lines can quote git and the go
// command on the pull request's code.
func Progress(w io.Writer, names usage.Style) io.Writer {
	return prefixWriter{w: w, prefix: "benchgate: ", names: names}
}

type prefixWriter struct {
	w      io.Writer
	prefix string
	names  usage.Style
}

func (p prefixWriter) Write(b []byte) (int, error) {
	line := report.SanitizeLines(p.names.Render(strings.TrimRight(strings.TrimLeft(string(b), " "), "\n")))
	if _, err := p.w.Write([]byte(p.prefix + line + "\n")); err != nil {
		return 0, err
	}
	return len(b), nil
}
