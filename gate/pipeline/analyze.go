package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/usage"
)

// Analyze is the compare → decide → report part of the pipeline, for
// result files that already exist (benchgate compare, the Action's report
// and compare commands) as for a run's own. policy.StageRounds and
// policy.Until say how an adaptive run measured the files (its fixed
// rounds and its rule), so that they are judged in two stages as the run
// judged them. names is how the front end names settings, for the
// report's notes. Reading the files stops when ctx is done.
func Analyze(ctx context.Context, basePaths, headPaths []string, policy decide.Policy, opts compare.Options, names usage.Style) (*report.Report, error) {
	if err := CheckPolicy(policy, opts); err != nil {
		return nil, err
	}
	rep, err := analyze(ctx, basePaths, headPaths, policy, opts, names)
	if err != nil {
		return nil, err
	}
	addRenameNotes(rep, policy, names)
	return rep, nil
}

// AnalyzeRun is Analyze for the results files of the run whose results
// directory set is (nil where it could not be read): its rounds judged
// in the run's stages (StagesOfRun), and the report saying what the
// manifest says beyond the results (AddManifestNotes), as the run's own
// report did. It returns the policy it judged with.
func AnalyzeRun(ctx context.Context, set *ResultsSet, basePaths, headPaths []string, policy decide.Policy, opts compare.Options, names usage.Style) (*report.Report, decide.Policy, error) {
	if set != nil && set.NotRun() {
		rep := notRunReport(policy, opts, names)
		rep.Sides = setSides(set)
		return rep, policy, nil
	}
	if set != nil {
		policy = StagesOfRun(policy, set.Manifest)
	}
	rep, err := Analyze(ctx, basePaths, headPaths, policy, opts, names)
	if err != nil {
		return nil, policy, err
	}
	if set != nil {
		AddManifestNotes(rep, set)
	}
	return rep, policy, nil
}

func analyze(ctx context.Context, basePaths, headPaths []string, policy decide.Policy, opts compare.Options, names usage.Style) (*report.Report, error) {
	res, err := compare.LoadContext(ctx, basePaths, headPaths, opts)
	if err != nil {
		return nil, err
	}
	if len(res.Failures) > 0 {
		return nil, &FailedOutputError{Lines: res.Failures}
	}
	if err := checkInputs(res); err != nil {
		return nil, err
	}
	if err := checkThresholdUnits(policy, "", res); err != nil {
		return nil, err
	}
	dec := decide.Decide(res, policy)
	return newReport(res, dec, policy, names), nil
}

// FailedOutputError says that go test output given to compare is that of
// a run that failed: a benchmark's --- FAIL line, the package's FAIL, a
// panic. Its results are what the run measured before it failed, or all
// but what failed; judged, they would pass the rest unmeasured. It is
// exit code 3, as a run whose benchmarks failed.
type FailedOutputError struct {
	// Lines are the lines that say so, as "file:line: text" (anyone's
	// text: sanitized to print).
	Lines []string
}

func (e *FailedOutputError) Error() string {
	return fmt.Sprintf("the go test output says its run failed, so its benchmarks were not all measured:\n  %s\nhint: fix what failed and run the benchmarks again: compared, the results of a failed run would pass what it did not measure",
		report.SanitizeLines(strings.Join(e.Lines, "\n  ")))
}

// checkInputs refuses results that cannot be compared: a side without
// any result, or sides without a benchmark in common.
func checkInputs(res *compare.Result) error {
	for _, side := range []compare.Side{compare.Base, compare.Head} {
		if n := res.FilteredOut[side]; res.Results[side] == 0 && n > 0 {
			lines := fmt.Sprintf("the %d benchmark result lines", n)
			if n == 1 {
				lines = "the one benchmark result line"
			}
			return &compare.InputError{Side: "filter",
				Msg:  fmt.Sprintf("{filter} %q keeps none of %s in %s", res.Filter, lines, strings.Join(res.Files[side], ", ")),
				Hint: "a filter selects by name, configuration and unit, " + filterHint}
		}
		if res.Results[side] == 0 {
			msg := fmt.Sprintf("no benchmark results in %s", strings.Join(res.Files[side], ", "))
			if bad := sideProblems(res, side); len(bad) > 0 {
				msg += fmt.Sprintf(" (%d malformed lines, first: %s)", len(bad), bad[0])
			}
			return &compare.InputError{Side: side, Msg: msg,
				Hint: "the input must hold lines like \"BenchmarkX-8  1000  1234 ns/op\" (go test -bench output, plain or -json)"}
		}
	}
	// A gate that compared nothing must not pass: every benchmark being
	// new or removed means the sides do not measure the same thing.
	compared, only := 0, map[compare.Side]int{}
	for _, c := range res.Comparisons {
		switch {
		case c.Compared():
			compared++
		case c.Base != nil:
			only[compare.Base]++
		default:
			only[compare.Head]++
		}
	}
	if compared == 0 {
		msg := fmt.Sprintf("base and head have no benchmark in common, so nothing was compared (%d benchmark-unit rows only in base, %d only in head)", only[compare.Base], only[compare.Head])
		if len(res.Notes) > 0 {
			msg += "; " + res.Notes[0]
		}
		return &compare.InputError{Side: "inputs", Msg: msg,
			Hint: "compare results of the same benchmarks, with the same units; if only a configuration line (goos, pkg, cpu) differs, {ignore} that key"}
	}
	return nil
}

// newReport is the report of res as dec decided it, with the notes
// about the inputs.
func newReport(res *compare.Result, dec *decide.Result, policy decide.Policy, names usage.Style) *report.Report {
	rep := report.New(dec, res.Confidence)
	for _, n := range res.Notes {
		rep.Notes = append(rep.Notes, names.Render(n))
	}
	if len(res.FilteredUnits) > 0 {
		// A filter by unit (".unit:B/op") is a way to gate on counts
		// alone; said, so that a slower head that passes is not read as
		// a time that was judged.
		rep.Notes = append(rep.Notes, names.Render(fmt.Sprintf("{filter} %q leaves out every result in %s: not compared, not gated",
			res.Filter, strings.Join(res.FilteredUnits, ", "))))
	}
	for _, n := range unmatchedThresholds(policy, res) {
		n = names.Render(n)
		rep.Notes = append(rep.Notes, n)
		rep.WarningNotes = append(rep.WarningNotes, n)
	}
	for _, s := range res.SyntaxErrors {
		rep.Notes = append(rep.Notes, "malformed line skipped: "+s)
	}
	return rep
}

// unmatchedThresholds warns about per-unit thresholds whose unit no
// comparison has: a typo there silently leaves the unit at the default
// threshold.
func unmatchedThresholds(p decide.Policy, res *compare.Result) []string {
	seen := map[string]bool{}
	var units []string
	for _, c := range res.Comparisons {
		if !seen[c.Unit] {
			seen[c.Unit] = true
			units = append(units, c.Unit)
		}
	}
	var notes []string
	for _, u := range sortedKeys(p.Thresholds) {
		if seen[u] {
			continue
		}
		n := fmt.Sprintf("the {thresholds} entry for %s matched no comparison (the units here: %s)", u, strings.Join(units, ", "))
		// The testing package's own units are what a typo most often
		// meant, whether or not this run has them.
		switch c := usage.Closest(u, append([]string{"sec/op", "B/op", "allocs/op", "B/s"}, units...)); {
		case c == u:
			// A unit of the testing package's, not a typo: no
			// benchmark kept reports it.
			n += "; no benchmark here reports it, or {filter} left it out"
		case c != "":
			n += fmt.Sprintf("; did you mean %s?", c)
		}
		notes = append(notes, n)
	}
	return notes
}

// checkThresholdUnits refuses per-unit thresholds whose unit is in
// results but cannot gate: whether more of it is better is unknown
// (neither a rate, a cost, nor described by unit metadata), so a
// worsening of any size would pass, whatever threshold the user gave it.
// Asked to gate on it, the gate says it cannot rather than pass. where
// ends the hint (where the results are kept, or nothing).
func checkThresholdUnits(p decide.Policy, where string, results ...*compare.Result) error {
	known := map[string]bool{}
	for _, res := range results {
		for _, c := range res.Comparisons {
			known[c.Unit] = known[c.Unit] || c.Better != 0
		}
	}
	var entries, units []string
	for _, u := range sortedKeys(p.Thresholds) {
		if k, seen := known[u]; !seen || k {
			continue
		}
		entries = append(entries, u+"="+decide.FormatPercent(p.Thresholds[u]))
		units = append(units, u)
	}
	if len(units) == 0 {
		return nil
	}
	return usage.Errorf(fmt.Sprintf("have the benchmarks print unit metadata before they run (\"Unit %s better=lower\", or better=higher, e.g. from TestMain), report it as a cost per op, or take it out of {thresholds}%s", units[0], where),
		"{thresholds} %s cannot gate: whether more %s is better is unknown (it is neither a rate, /s, nor a cost, /op, and no unit metadata says), so no change in it could fail the gate",
		strings.Join(entries, ","), strings.Join(units, " or "))
}

func sortedKeys(m map[string]float64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// sideProblems returns the malformed-line messages about one side's
// files (each message starts with its file name).
func sideProblems(res *compare.Result, side compare.Side) []string {
	var out []string
	for _, s := range res.SyntaxErrors {
		for _, f := range res.Files[side] {
			if strings.HasPrefix(s, f+":") {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

// analyzeRun compares what a run measured. When the run failed, the report
// still shows whatever both sides measured, under the error verdict.
func analyzeRun(out *runner.Outcome, policy decide.Policy, opts compare.Options, runErr error, names usage.Style) (*report.Report, error) {
	files := out.Files()
	var rep *report.Report
	var err error
	if len(files) >= 2 {
		// The run's own files, whole and bounded: read to the end.
		rep, err = analyze(context.Background(), files[:1], files[1:2], policy, opts, names)
	} else {
		err = errors.New("no sides")
	}
	if runErr != nil {
		if err != nil {
			rep = report.Empty(policy, "", opts.Confidence)
		}
		rep.Verdict = decide.ErrorVerdict
		rep.Error = usage.Text(runErr, names)
		rep.Failure = failureOf(runErr)
		return rep, nil
	}
	return rep, err
}

// nextRound is the adaptive stage's question, asked after each round past
// the minimum: which benchmarks are still undecided? It compares what the
// results files hold so far and answers with the names of those
// benchmarks per package; the runner runs only them.
func nextRound(p *plan.Plan, steps []step, policy decide.Policy, opts compare.Options) func(int) (map[string][]string, error) {
	if p.MaxRounds <= p.Rounds {
		return nil
	}
	// Instruction counts get rounds of their own (measure.go).
	return nextRoundOf(p, steps, policy, opts, func(unit string) bool { return unit != runner.InstructionsUnit })
}

// reportFiles are the report's files in a results directory, by format.
var reportFiles = map[string]report.Format{"report.md": report.Markdown, "report.json": report.JSON, "report.txt": report.Text}

// WriteReports saves the report in every format next to the raw results,
// for the Action and for anyone who looks later.
func WriteReports(dir string, rep *report.Report) error {
	var errs []error
	for name, f := range reportFiles {
		var buf bytes.Buffer
		if err := rep.Write(&buf, f); err != nil {
			errs = append(errs, err)
			continue
		}
		if err := writeFileAtomic(filepath.Join(dir, name), buf.Bytes()); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// writeFileAtomic writes data to path via a temporary file, so a reader
// never sees half a report.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	// Readable by others: in a container action the runner's later steps
	// (upload-artifact) run as another user.
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// removeReports removes an earlier run's reports from the results
// directory a run is about to fill: a run that ends without one (refused
// after round 2, failed to build) must not leave the last run's verdict
// beside its own results.
func removeReports(dir string) error {
	var errs []error
	for name := range reportFiles {
		if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
