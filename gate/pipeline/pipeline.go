// Package pipeline is benchgate's gate run from start to end, the one
// pipeline under both front ends: plan → run → compare → decide → report.
// The command line (package cli) and the GitHub Action (package action)
// each fill one [Config] and call [Run], or [Analyze] for results that
// already exist; neither knows how the stages work, and no stage knows
// which front end it serves.
//
// # Stages
//
//   - plan (package plan): the sides, packages and rounds; refs are
//     resolved, the default base chosen and a toolchain bump detected.
//   - run (package runner): each side built once, the binaries run in
//     interleaved, rotated rounds, adaptive rounds for what is undecided.
//   - compare (package compare): the results files read into
//     per-benchmark, per-unit comparisons.
//   - decide (package decide): a status per comparison and a verdict.
//   - report (package report): text, markdown and JSON.
//
// Publishing (outputs, summary, comment) is the Action's own stage.
//
// # Outcomes
//
// Mistakes in the configuration are *usage.Error (exit code 2; so is a
// results directory another run holds), a verdict that fails the gate is
// a [*RegressionError] (1), benchmarks that could not be built or run are
// a *runner.BenchmarkFailedError (3), and so are benchmarks that went
// missing on one side although both sides have them, or whose time did
// ([*MissingResultsError]) and results files that changed under the run
// (*runner.ResultsFileError); [ExitCode] maps any outcome to its code and
// [PrintError] words it for a person.
package pipeline

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/suite"
	"github.com/benchgate/benchgate/gate/usage"
	"github.com/benchgate/benchgate/internal/brief"
)

// Result is what Run did: the plan, the run, and the report.
type Result struct {
	Plan    *plan.Plan
	Run     *runner.Outcome
	Report  *report.Report
	Policy  decide.Policy
	Options compare.Options
}

// Run plans, runs, compares and decides, and writes the reports into the
// results directory; it prints progress but not the report. The error is
// a *usage.Error for a bad configuration and the run's error (typically a
// *runner.BenchmarkFailedError) when benchmarks failed; in that case the
// Result is still returned, with the error verdict. Run does not turn the
// verdict into an error: see Gate.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	policy, opts := cfg.Policy, cfg.Compare
	if err := CheckPolicy(policy, opts); err != nil {
		return nil, err
	}
	if cfg.Adaptive == "" && cfg.Protocol != plan.Sequential && (cfg.MaxRounds != 0 || cfg.TimeBudget != 0) {
		// Said rather than ignored: the run stops at its rounds.
		return nil, usage.Errorf("leave {max-rounds} and {time-budget} out, or turn {adaptive} back on (confirm, the default)",
			"{max-rounds} and {time-budget} only apply to adaptive rounds, which {adaptive} turned off: the run measures exactly its {rounds} %d", cfg.Rounds)
	}
	if cfg.Protocol == plan.Sequential {
		// Adaptive rounds interleave the candidates' sides; a sequential
		// run has only its blocks, so it is one stage at alpha, checked
		// like -adaptive=false.
		if cfg.MaxRounds > cfg.Rounds {
			return nil, usage.Errorf("leave {max-rounds} out with {protocol} sequential, or use {protocol} interleaved (the default) for adaptive rounds",
				"{max-rounds} %d: a sequential run has no adaptive rounds, only its {rounds} %d per side", cfg.MaxRounds, cfg.Rounds)
		}
		cfg.Adaptive, cfg.MaxRounds = "", 0
	}
	cfg.MaxRounds = maxRounds(cfg)
	if cfg.Adaptive == "" {
		cfg.TimeBudget = 0
	}
	policy = StagePolicy(cfg)
	names := cfg.Names
	if names == nil {
		names = usage.Flags
	}
	wd := cfg.Dir
	if wd == "" {
		var err error
		if wd, err = os.Getwd(); err != nil {
			return nil, err
		}
	}
	environ := cfg.Environ
	if environ == nil {
		environ = os.Environ()
	}
	if err := runner.CheckPassEnv(cfg.PassEnv); err != nil {
		return nil, err
	}
	gitEnv, childEnv := runner.GitEnv(environ), runner.ChildEnv(environ, cfg.PassEnv...)
	if err := checkGoFlags(childEnv); err != nil {
		return nil, err
	}
	goCmd, childEnv := runner.FindGo(childEnv)
	progress := cfg.Progress
	if progress == nil {
		progress = io.Discard
	}

	roundsCheck := checkRounds
	if measureOf(cfg) == runner.MeasureInstructions {
		// Every comparison is exact: no test needs rounds to reach alpha.
		roundsCheck = func(cfg Config, _ decide.Policy) error { return checkInstructionRounds(cfg) }
	}
	if err := roundsCheck(cfg, policy); err != nil {
		return nil, err
	}
	p, err := newPlan(cfg)
	if err != nil {
		return nil, err
	}
	var repo *gitx.Repo
	if p.IsLadder() {
		repo, err = plan.ResolveLadder(ctx, p, wd, gitEnv)
	} else {
		repo, err = plan.Resolve(ctx, p, wd, gitEnv, cfg.DetectToolchainBump)
	}
	if err != nil {
		return nil, err
	}
	if err := checkSuiteRefs(cfg, p); err != nil {
		return nil, err
	}
	steps := planSteps(len(p.Sides), cfg.LadderGate)
	if err := p.Validate(); err != nil {
		return nil, err
	}
	// Held until the reports are written: nothing may start new results
	// files in the directory while this run's are read.
	lock, err := runner.LockResultsDir(p.ResultsDir)
	if err != nil {
		return nil, err
	}
	defer lock.Unlock()
	if err := removeReports(p.ResultsDir); err != nil {
		return nil, fmt.Errorf("removing the reports of an earlier run from %s: %w", p.ResultsDir, err)
	}
	for _, s := range p.Sides {
		line := sideLine(s)
		fmt.Fprintln(progress, line)
	}
	if cfg.SkipSuiteAA && p.Suite && !p.IsLadder() && buildAlike(p.Sides) {
		return notRunSuite(cfg, p, lock, policy, opts, names, progress)
	}
	if p.Suite {
		fmt.Fprintf(progress, "packages: the built-in crypto suite (%s %s)\n", names("bench"), p.Bench)
	}

	out, runErr := runner.Run(ctx, p, runner.Options{
		Repo:         repo,
		WorkDir:      wd,
		Env:          childEnv,
		Go:           goCmd,
		GitEnv:       gitEnv,
		MaxOutput:    cfg.MaxOutput,
		Progress:     progress,
		UnpackSuite:  suite.Unpack,
		Next:         nextRound(p, steps, policy, opts),
		AfterRound:   afterRound(p, steps, policy, opts),
		Lock:         lock,
		Measure:      measureOf(cfg),
		Instructions: instructionOptions(cfg, p, steps, policy, opts),
		Judged:       judgementOf(policy, opts, p, cfg.LadderGate),
	})
	if runErr != nil && errors.Is(runErr, runner.ErrNoBenchmarks) {
		hint := "give packages that have _test.go files with benchmarks, e.g. ./..."
		if p.Bench != "" && p.Bench != "." {
			hint = fmt.Sprintf("check {bench} %q against the benchmarks' names (go test -list . in a package lists them), or %s", p.Bench, hint)
		}
		if len(p.Tags) > 0 {
			// A benchmark behind a build constraint is listed only with
			// its tag: a misspelt tag looks like a missing benchmark.
			hint = fmt.Sprintf("%s; the binaries were built with {tags} %s, and a file whose build constraint they do not meet is left out", hint, strings.Join(p.Tags, ","))
		}
		return nil, usage.Errorf(hint, "%v", runErr)
	}
	var nf *runner.PackageNotFoundError
	if errors.As(runErr, &nf) {
		return nil, usage.Errorf("{packages} are relative to {dir}; check the path, or use ./... for every package", "%v", runErr)
	}
	var ue *usage.Error
	if errors.As(runErr, &ue) {
		// A refusal after the first rounds (afterRound) says more rounds
		// would decide; a measurement already missing on one side is what
		// no number of rounds mends, so that is the run's failure, and
		// the refusal waits for the run that follows its fix.
		var missing error
		if out != nil && out.RoundsDone > 0 {
			missing = missingMeasurements(p, out, steps, opts)
		}
		if missing == nil {
			return nil, runErr
		}
		fmt.Fprintf(progress, "%s\n", names.Render("and once every benchmark measures on both sides: "+ue.Msg+"; "+ue.Hint))
		runErr = missing
		recordLate(p, missing, progress, runner.ReplaceError)
	}
	if ctx.Err() != nil && runErr != nil {
		return nil, runErr
	}
	if errors.Is(runErr, runner.ErrEmptyShard) {
		return emptyShard(cfg, p, out, policy, opts, runErr, names)
	}

	var rep *report.Report
	var aerr error
	// The runner's manifest holds the rounds' failure; one found from
	// here on (late) is recorded into it below.
	checked := runErr == nil
	if checked {
		runErr = missingMeasurements(p, out, steps, opts)
	}
	if p.IsLadder() {
		rep, aerr = analyzeLadderRun(p, out, steps, policy, opts, runErr, names, cfg.LadderGate)
	} else {
		rep, aerr = analyzeRun(out, policy, opts, runErr, names)
	}
	if checked {
		late := runErr
		if late == nil && aerr != nil && ExitCode(aerr) == ExitFailed {
			late = aerr
		}
		recordLate(p, late, progress, runner.RecordError)
	}
	if aerr != nil && runErr == nil {
		var ie *compare.InputError
		if errors.As(aerr, &ie) {
			if len(out.Skipped) > 0 && (ie.Side == compare.Base || ie.Side == compare.Head) {
				// {bench} matched, but what it matched skipped itself:
				// on both sides, or on the one without results while
				// the other measured benchmarks it does not have.
				where, there, other := "", "", ""
				for _, s := range out.Sides {
					if s.Results > 0 {
						where, there = " on "+string(ie.Side), " there"
						other = fmt.Sprintf("; %s measured %d result line(s), of benchmarks %s does not have (renamed, or new)", s.Name, s.Results, ie.Side)
					}
				}
				return nil, usage.Errorf(fmt.Sprintf("the skip messages say what the benchmarks need (data, a flag, a service); provide it, or give {bench} a pattern that leaves them out; the raw output is in %s", p.ResultsDir),
					"nothing was measured%s: every benchmark that {bench} %q matched%s skipped itself: %s%s", where, p.Bench, there, strings.Join(skippedNotes(out.Skipped), "; "), other)
			}
			return nil, runInputError(p, ie, "")
		}
		return nil, aerr
	}
	rep.ResultsDir = p.ResultsDir
	if cfg.ResultsLabel != "" {
		rep.ResultsDir = cfg.ResultsLabel
	}
	rep.Rounds = out.RoundsDone
	rep.Skipped = skippedCount(out.Skipped)
	if p.IsLadder() {
		rep.Notes = append(rep.Notes, ladderRunNotes(out, rep)...)
	} else {
		rep.Notes = append(rep.Notes, runNotes(out, rep)...)
		if rep.Verdict != decide.ErrorVerdict {
			addRenameNotes(rep, policy, names)
		}
	}
	var sideNames []string
	for _, s := range out.Sides {
		sideNames = append(sideNames, s.Name)
	}
	changed, warnings := changedBenchmarkNotes(out.ChangedBenchmarks, sideNames)
	rep.Notes = append(rep.Notes, changed...)
	rep.WarningNotes = append(rep.WarningNotes, warnings...)
	if len(sideNames) == 2 {
		untimed := untimedWarnings(out.Runs, sideNames[0], sideNames[1])
		rep.Notes = append(rep.Notes, untimed...)
		rep.WarningNotes = append(rep.WarningNotes, untimed...)
	}
	if p.Shard.On() {
		rep.Notes = append(rep.Notes, names.Render(shardNote(p, out)))
		if w := shardFamilyWarning(p, out, rep.Family, policy); w != "" {
			rep.WarningNotes = append(rep.WarningNotes, names.Render(w))
		}
	}
	rep.Notes = append(rep.Notes, instructionNotes(out)...)
	for _, s := range out.Sides {
		if p.IsLadder() {
			break // the ladder's report has its sides
		}
		rep.Sides = append(rep.Sides, reportSide(p, s))
		if strings.HasPrefix(s.Why, "go.mod changed") && s.Name == "head" {
			note := "toolchains compared: " + s.Why + "."
			if s.Toolchain == "" {
				note = "toolchains not compared: " + s.Why + names.Render(" ({base-toolchain} and {head-toolchain} choose toolchains).")
			}
			rep.Notes = append(rep.Notes, note)
		}
	}
	if p.Suite && sameBuild(p.Sides, out.Sides) {
		rep.Notes = append(rep.Notes, names.Render("both sides built the built-in suite with the same toolchain, so this was an A/A run: the suite does not depend on your commits. Give packages to benchmark your code, or {base-toolchain}/{head-toolchain} to compare toolchains."))
	} else if note := sameCommitNote(p, out); note != "" {
		rep.Notes = append(rep.Notes, names.Render(note))
	}
	if out.BenchTime > 0 {
		fmt.Fprintf(progress, "%d rounds in %s (benchmarks %s, builds %s; overhead ratio %.2f)\n",
			out.RoundsDone, out.Elapsed.Round(time.Second), out.BenchTime.Round(time.Second), out.BuildTime.Round(time.Second),
			float64(out.Elapsed)/float64(out.BenchTime))
	}
	if err := writeRunReports(cfg, p.ResultsDir, rep); err != nil {
		fmt.Fprintf(progress, "warning: writing reports to %s: %v\n", p.ResultsDir, err)
	}
	return &Result{Plan: p, Run: out, Report: rep, Policy: policy, Options: opts}, runErr
}

// writeRunReports writes a run's report into its results directory, its
// texts first naming paths as the front end shows them (cfg.ReportText).
func writeRunReports(cfg Config, dir string, rep *report.Report) error {
	if cfg.ReportText != nil {
		rep.MapText(cfg.ReportText)
	}
	return WriteReports(dir, rep)
}

// sameCommitNote says, for a run of two sides that built one commit
// alike, that it measured the code against itself: an A/A run asked for
// says so, and one that was not (a ref that named another commit than
// meant: a tag and a branch of one name) does not pass unremarked.
func sameCommitNote(p *plan.Plan, out *runner.Outcome) string {
	if p.IsLadder() || len(p.Sides) != 2 || p.Sides[0].Commit == "" || p.Sides[0].Commit != p.Sides[1].Commit || !sameBuild(p.Sides, out.Sides) {
		return ""
	}
	return fmt.Sprintf("base (%s) and head (%s) are the same commit, %s, built alike: this run measured the code against itself (an A/A run), which says nothing of a change; check {base-ref} and {head-ref} if that was not meant",
		p.Sides[0].Ref, p.Sides[1].Ref, brief.Commit(p.Sides[0].Commit))
}

// sideLine is the progress line that says what side s is: "base =
// 1a2b3c4d5e6f (HEAD~1, the parent of HEAD)", its label and why it was
// chosen, each said once.
func sideLine(s plan.Side) string {
	label := s.Label()
	switch {
	case s.Why == "":
	case s.Ref != "" && strings.HasPrefix(s.Why, s.Ref+","):
		// Not "(HEAD~1) (HEAD~1, the parent of HEAD)".
		label = strings.TrimSuffix(label, " ("+s.Ref+")") + " (" + s.Why + ")"
	case strings.HasSuffix(label, "working tree") && strings.HasPrefix(s.Why, "the working tree"):
		// "working tree, uncommitted changes included".
		label += strings.TrimPrefix(s.Why, "the working tree")
	default:
		label += " (" + s.Why + ")"
	}
	return s.Name + " = " + label
}

// missingMeasurements is the *MissingResultsError of what the rounds
// done so far measured on one side only (checkMissing, or for a ladder
// checkMissingLadder), or nil.
func missingMeasurements(p *plan.Plan, out *runner.Outcome, steps []step, opts compare.Options) error {
	if p.IsLadder() {
		return checkMissingLadder(out, steps, opts)
	}
	return checkMissing(out, opts)
}

// recordLate writes err, a failure found after the rounds (the runner
// wrote the manifest with its own), into the results directory's
// manifest, so that judging the directory again (benchgate compare DIR,
// a merge of shards) fails as this run does, with write
// (runner.RecordError, or ReplaceError for a failure that outranks the
// runner's own). A manifest that cannot be updated is a warning: the run
// fails anyway.
func recordLate(p *plan.Plan, err error, progress io.Writer, write func(dir string, err error) error) {
	if err == nil {
		return
	}
	if werr := write(p.ResultsDir, err); werr != nil {
		fmt.Fprintf(progress, "warning: could not record the failure in %s: %v; {merge} on that directory will not know the run failed\n",
			filepath.Join(p.ResultsDir, runner.ManifestFile), werr)
	}
}

// maxRounds is the most rounds cfg gives a benchmark: 0 without
// adaptive rounds, DefaultMaxRounds where none is set.
func maxRounds(cfg Config) int {
	switch {
	case cfg.Adaptive == "":
		return 0
	case cfg.MaxRounds == 0 && measureOf(cfg) == runner.MeasureInstructions:
		return DefaultMaxInstructionRounds(cfg.Rounds)
	case cfg.MaxRounds == 0:
		return DefaultMaxRounds(cfg.Rounds)
	}
	return cfg.MaxRounds
}

// StagePolicy is cfg's policy as a run under cfg decides: in two stages
// (the fixed rounds, then confirmation of candidates in the adaptive
// rounds; package decide) when the run has adaptive rounds, with the
// adaptive rule picking the candidates. Judging a run's results files
// again (the Action's report command) needs the same policy.
func StagePolicy(cfg Config) decide.Policy {
	p := cfg.Policy
	p.Until = cfg.Adaptive
	if m := maxRounds(cfg); m > cfg.Rounds {
		p.StageRounds, p.MaxRounds = cfg.Rounds, m
	}
	return p
}

// StagesOfRun is policy with the stages of the run whose manifest m is:
// its fixed rounds judged first, at alpha/2, and its adaptive rounds up to
// the most it could give (none where it had none), their candidates
// picked by its adaptive rule, so that judging its results again
// (benchgate compare, the Action's commands compare and report, in
// another job) splits them as the run did, whatever that command's own
// rounds say. Without a manifest, or with rounds that are not a run's,
// policy is as it was.
func StagesOfRun(policy decide.Policy, m *runner.Manifest) decide.Policy {
	if m == nil || m.Rounds < 1 || (m.MaxRounds != 0 && m.MaxRounds < m.Rounds) {
		return policy
	}
	policy.StageRounds, policy.MaxRounds = 0, 0
	if m.MaxRounds > m.Rounds {
		policy.StageRounds, policy.MaxRounds = m.Rounds, m.MaxRounds
		if rule, err := decide.ParseAdaptiveRule(m.Adaptive); err == nil {
			policy.Until = rule // a manifest without one keeps policy's
		}
	}
	return policy
}

// newPlan is the plan as the configuration asks for it, before refs are
// resolved: user packages, or the built-in suite when there are none.
func newPlan(cfg Config) (*plan.Plan, error) {
	if cfg.Out == "" {
		return nil, usage.Errorf("", "invalid {out}: empty")
	}
	abs, err := filepath.Abs(cfg.Out)
	if err != nil {
		return nil, err
	}
	sides, err := sidesOf(cfg)
	if err != nil {
		return nil, err
	}
	p := &plan.Plan{
		Protocol:    cfg.Protocol,
		Interleave:  cfg.Interleave,
		FreshCopies: cfg.FreshCopies,
		MaxRounds:   cfg.MaxRounds,
		TimeBudget:  cfg.TimeBudget,
		Adaptive:    string(cfg.Adaptive),
		Packages:    cfg.Packages,
		Bench:       cfg.Bench,
		Benchtime:   cfg.Benchtime,
		Tags:        cfg.Tags,
		CPU:         cfg.CPU,
		Rounds:      cfg.Rounds,
		Timeout:     cfg.Timeout,
		ResultsDir:  abs,
		Sides:       sides,
		Shard:       cfg.Shard,
	}
	if p.Protocol == "" {
		p.Protocol = plan.Interleaved
	}
	if len(p.Packages) == 0 {
		p.Suite = true
		p.Packages = suite.DefaultPackages
		for i := range p.Sides {
			p.Sides[i].Suite = true
		}
	}
	return p, nil
}

// judgementOf is the record of how a run of plan p judges, for its
// manifest; gate is a ladder's -ladder-gate.
func judgementOf(policy decide.Policy, opts compare.Options, p *plan.Plan, gate string) *runner.Judgement {
	j := &runner.Judgement{
		Alpha: policy.Alpha, Decide: string(policy.Test), Correction: string(policy.Correction),
		Threshold: decide.FormatPercent(policy.Threshold), Thresholds: decide.FormatThresholds(policy.Thresholds),
		Confidence: opts.Confidence,
	}
	if policy.WarnThreshold > 0 {
		j.WarnThreshold = decide.FormatPercent(policy.WarnThreshold)
	}
	if p.IsLadder() {
		j.LadderGate = gate
		if gate == "" {
			j.LadderGate = report.GateAnyStep
		}
	}
	return j
}

// JudgedOtherwise says how the settings a results directory's run judged
// with (its manifest's, run; anyone's word in an artifact) differ from
// policy and opts, which judge it now ("threshold 20% (now 200%)"), or
// "" where they agree or the manifest has none.
func JudgedOtherwise(run *runner.Judgement, policy decide.Policy, opts compare.Options) string {
	if run == nil {
		return ""
	}
	now := judgementOf(policy, opts, &plan.Plan{}, "")
	var diffs []string
	add := func(what, then, now string) {
		if then == now {
			return
		}
		then, now = cmp.Or(then, "none"), cmp.Or(now, "none")
		diffs = append(diffs, fmt.Sprintf("%s %s (now %s)", what, brief.Clip(then, 60), now))
	}
	add("alpha", fmt.Sprint(run.Alpha), fmt.Sprint(now.Alpha))
	add("decide", run.Decide, now.Decide)
	add("correction", run.Correction, now.Correction)
	add("threshold", run.Threshold, now.Threshold)
	add("thresholds", run.Thresholds, now.Thresholds)
	add("warn-threshold", run.WarnThreshold, now.WarnThreshold)
	add("confidence", fmt.Sprint(run.Confidence), fmt.Sprint(now.Confidence))
	return report.SanitizeText(strings.Join(diffs, ", "))
}

// runInputError is the usage error of a run whose results cannot be
// compared (ie), with a hint in the run's words; when, if set, says when
// it was found ("after round 2 of 32, ").
func runInputError(p *plan.Plan, ie *compare.InputError, when string) error {
	hint := fmt.Sprintf("check that {bench} %q matches benchmarks in the packages; the raw output is in %s", p.Bench, p.ResultsDir)
	switch ie.Side {
	case "inputs":
		// Both sides measured, but nothing in common.
		hint = fmt.Sprintf("base and head ran different benchmarks (renamed, or in other units); a gate needs at least one benchmark both run: with one in {bench} beside a renamed benchmark, the report compares the renamed one with its old name, without gating on it; the raw output is in %s", p.ResultsDir)
	case "filter", "ignore":
		// Measured, then left out, or pooled.
		hint = fmt.Sprintf("%s; the raw output is in %s", ie.Hint, p.ResultsDir)
	}
	return usage.Errorf(hint, "%s%s: %s", when, ie.Side, ie.Msg)
}

// checkSuiteRefs refuses, where cfg.RefuseSuiteAA asks, a run of the
// built-in suite whose sides build it alike: the suite is the same at
// every commit, so commits count only through the toolchains their go.mod
// files ask for (plan.Resolve), and where both sides would build with the
// same one the run would measure the suite against itself and pass,
// whatever the commits hold.
func checkSuiteRefs(cfg Config, p *plan.Plan) error {
	if !cfg.RefuseSuiteAA || !p.Suite || p.IsLadder() || !buildAlike(p.Sides) {
		return nil
	}
	return &SuiteAAError{Usage: &usage.Error{Msg: suiteAAMsg,
		Hint: "give the packages to benchmark (e.g. ./...), or {base-toolchain} and {head-toolchain} to compare toolchains on the suite ({base-toolchain} local {head-toolchain} local for an A/A run, which measures the gate's own noise)"}}
}

// SuiteAAError is checkSuiteRefs' refusal: a usage error (errors.As finds
// Usage), typed so that a caller can tell it apart and word its own
// hint, as bisect does.
type SuiteAAError struct{ Usage *usage.Error }

func (e *SuiteAAError) Error() string { return e.Usage.Error() }

// Unwrap gives the usage error, for errors.As and the front ends.
func (e *SuiteAAError) Unwrap() error { return e.Usage }

// checkGoFlags refuses a GOFLAGS in the sides' environment that makes the
// go command build other files than each side's source: an -overlay
// replaces them by the same files on every side (its paths are the
// user's, not the copies'), so a run would compare that code with
// itself, and pass whatever the commits hold.
func checkGoFlags(env []string) error {
	for _, kv := range env {
		v, ok := strings.CutPrefix(kv, "GOFLAGS=")
		if !ok {
			continue
		}
		for _, f := range strings.Fields(v) {
			if name, _, _ := strings.Cut(strings.TrimLeft(f, "-"), "="); name == "overlay" {
				return usage.Errorf("unset it for benchgate (GOFLAGS= benchgate ...), or take -overlay out of GOFLAGS",
					"GOFLAGS in the environment gives %s: an overlay replaces files of each side's source by the same files on every side, so the run would compare that code with itself", brief.Clip(f, 120))
			}
		}
	}
	return nil
}

// buildAlike reports whether every side would build with the first's
// toolchain and settings: for the built-in suite, the same at every
// commit, the same binary.
func buildAlike(sides []plan.Side) bool {
	for _, s := range sides[1:] {
		if !s.SameSettings(sides[0]) {
			return false
		}
	}
	return true
}

// notRunSuite ends a run of the built-in suite that cfg.SkipSuiteAA asks
// to skip where its sides would build it alike: nothing is built or
// measured, since the run could only measure the suite against itself;
// the results directory says so (runner.WriteNotRun), and the verdict is
// pass, with a note that says why and how to measure something.
func notRunSuite(cfg Config, p *plan.Plan, lock *runner.DirLock, policy decide.Policy, opts compare.Options, names usage.Style, progress io.Writer) (*Result, error) {
	out, err := runner.WriteNotRun(p, lock, runner.NotRunSameSuite)
	if err != nil {
		return nil, err
	}
	rep := notRunReport(policy, opts, names)
	rep.ResultsDir = p.ResultsDir
	if cfg.ResultsLabel != "" {
		rep.ResultsDir = cfg.ResultsLabel
	}
	for _, s := range out.Sides {
		rep.Sides = append(rep.Sides, reportSide(p, s))
	}
	fmt.Fprintln(progress, rep.Notes[0])
	if err := writeRunReports(cfg, p.ResultsDir, rep); err != nil {
		fmt.Fprintf(progress, "warning: writing reports to %s: %v\n", p.ResultsDir, err)
	}
	return &Result{Plan: p, Run: out, Report: rep, Policy: policy, Options: opts}, nil
}

// notRunReport is the report of a run that measured nothing on purpose
// (runner.NotRunSameSuite, the one reason there is): pass, and a note in
// benchgate's own words, whatever else a manifest from an artifact says.
func notRunReport(policy decide.Policy, opts compare.Options, names usage.Style) *report.Report {
	rep := report.Empty(policy, decide.Pass, opts.Confidence)
	rep.Notes = append(rep.Notes, names.Render(notRunSuiteNote))
	return rep
}

// notRunSuiteNote says why a run of the suite measured nothing.
const notRunSuiteNote = "nothing was measured: no packages were given, so the run was of the built-in crypto suite, which is the same at every commit, and both sides would build it with the same toolchain and settings (their go.mod files ask for no different toolchain), so it could only have been measured against itself. Give {packages} to benchmark your code, or {base-toolchain} and {head-toolchain} to compare toolchains."

// suiteAAMsg is checkSuiteRefs' refusal.
const suiteAAMsg = "no packages were given, so benchgate would run its built-in crypto suite, which is the same at every commit, with the same toolchain on both sides (the commits' go.mod files do not ask for different ones): an A/A run, which says nothing of your commits"

// sameBuild reports whether every side would build the same thing.
func sameBuild(sides []plan.Side, results []*runner.SideResult) bool {
	for i := 1; i < len(results); i++ {
		if results[i].GoVersion != results[0].GoVersion || !sides[i].SameSettings(sides[0]) {
			return false
		}
	}
	return true
}
