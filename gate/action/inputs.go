package action

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/ghevent"
	"github.com/benchgate/benchgate/gate/pipeline"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/publish"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/suite"
	"github.com/benchgate/benchgate/gate/usage"
	"github.com/sethvargo/go-githubactions"
)

// inputStyle names settings as the Action's inputs: {rounds} is "input
// rounds", {out} is "input results-dir".
var inputStyle usage.Style = func(setting string) string {
	switch setting {
	case "out":
		return "input results-dir"
	case "packages":
		return "input packages"
	case "merge":
		return "command: compare (input compare-dirs)"
	case "run":
		return "the step with command: run"
	case "dir":
		return "input working-directory (the workspace when empty)"
	case "base-files":
		return "input compare-base"
	case "head-files":
		return "input compare-head"
	}
	return "input " + setting
}

// inputs are the action's inputs, parsed and checked once: the run's
// configuration as typed values, and what only the Action has.
type inputs struct {
	command string
	// run is the configuration of command run, before the event's sides,
	// the directory and the environment are added. Its Policy and
	// Compare serve commands report and compare too.
	run        pipeline.Config
	resultsDir string
	// cacheDir, relative to the workspace, holds the go command's build
	// and module caches, for actions/cache to keep between jobs; empty
	// leaves them where the environment says.
	cacheDir                 string
	workingDirectory         string
	compareBase, compareHead string
	comment                  string
	commentID                string
	// summary says when the report goes to the job summary: always,
	// on-regression (when the verdict is not pass) or never.
	summary string
	// cc are the people or teams to mention in the comment when the
	// gate fails ("@octocat", "@org/team").
	cc []string
	// commentAuthor is the login the token comments as, for a GitHub
	// App's token (GET /user cannot say); empty: work it out.
	commentAuthor string
	prNumber      int
	token         string
	// runUntrustedCode lets command run build a pull request's code in a
	// job that holds a write token (trust.go).
	runUntrustedCode bool
	// compareDirs are the results directories command compare merges
	// (ladder.go).
	compareDirs string
	// decideGiven reports that the input decide was set: command
	// compare judges files someone else measured with the U-test
	// otherwise, as benchgate compare does, since their samples were not
	// interleaved rounds and pairing them would mean nothing.
	decideGiven bool
}

func readInputs(a *githubactions.Action) (*inputs, error) {
	get := func(name, def string) string {
		if v := strings.TrimSpace(a.GetInput(name)); v != "" {
			return v
		}
		return def
	}
	cfg := pipeline.DefaultConfig()
	in := &inputs{
		command:          get("command", "run"),
		resultsDir:       get("results-dir", pipeline.DefaultOut),
		cacheDir:         get("cache-dir", ""),
		workingDirectory: get("working-directory", "."),
		compareBase:      get("compare-base", ""),
		compareHead:      get("compare-head", ""),
		comment:          get("comment", "on-regression"),
		commentID:        get("comment-id", publish.DefaultCommentID),
		commentAuthor:    get("comment-author", ""),
		summary:          get("summary", "always"),
		token:            get("github-token", ""),
	}
	cfg.Packages = strings.Fields(get("packages", ""))
	cfg.Bench = get("bench", cfg.Bench)
	cfg.Benchtime = get("benchtime", cfg.Benchtime)
	cfg.BaseRef, cfg.HeadRef = get("base-ref", ""), get("head-ref", "")
	cfg.BaseToolchain, cfg.HeadToolchain = get("base-toolchain", ""), get("head-toolchain", "")
	// Refs the workflow named, not the event's, and no toolchain: without
	// packages, a suite they would build alike is refused
	// (pipeline.Config.RefuseSuiteAA). Toolchains named (local and local
	// for an A/A run) say the workflow meant the suite as it is.
	cfg.RefuseSuiteAA = (cfg.BaseRef != "" || cfg.HeadRef != "") && cfg.BaseToolchain == "" && cfg.HeadToolchain == ""
	// The event's own commits and no toolchain (the toolchain-bump
	// workflow on a go.mod change that bumps nothing): a suite both
	// would build alike passes at once, measuring nothing
	// (pipeline.Config.SkipSuiteAA), rather than measuring it against
	// itself for minutes.
	cfg.SkipSuiteAA = cfg.BaseRef == "" && cfg.HeadRef == "" && cfg.BaseToolchain == "" && cfg.HeadToolchain == ""

	var errs []error
	var err error
	if cfg.Measure, err = runner.ParseMeasure(get("measure", string(pipeline.DefaultMeasure))); err != nil {
		errs = append(errs, fmt.Errorf("input measure: %q is not one of time, instructions, both", get("measure", "")))
	}
	rounds := pipeline.DefaultRounds
	if cfg.Measure == runner.MeasureInstructions {
		rounds = pipeline.DefaultInstructionRounds
	}
	if cfg.Rounds, err = strconv.Atoi(get("rounds", strconv.Itoa(rounds))); err != nil {
		errs = append(errs, fmt.Errorf("input rounds: %q is not a whole number", get("rounds", "")))
	} else if cfg.Rounds < 0 {
		errs = append(errs, fmt.Errorf("input rounds: %d is negative: it is a number of rounds, in each of which each side runs each benchmark once (%d is the default)", cfg.Rounds, rounds))
	}
	alpha, err := strconv.ParseFloat(get("alpha", strconv.FormatFloat(pipeline.DefaultAlpha, 'g', -1, 64)), 64)
	if err != nil {
		errs = append(errs, fmt.Errorf("input alpha: %q is not a number", get("alpha", "")))
	}
	if cfg.Timeout, err = time.ParseDuration(get("timeout", pipeline.DefaultTimeout.String())); err != nil {
		errs = append(errs, fmt.Errorf("input timeout: %q is not a duration such as 5m", get("timeout", "")))
	}
	switch v := get("adaptive", string(pipeline.DefaultAdaptive)); v {
	case "true":
		cfg.Adaptive = pipeline.DefaultAdaptive
	case "false":
		cfg.Adaptive = ""
	default:
		if cfg.Adaptive, err = decide.ParseAdaptiveRule(v); err != nil {
			errs = append(errs, fmt.Errorf("input adaptive: %q is not true, false, confirm or settle", v))
		}
	}
	if v := get("max-rounds", ""); v != "" {
		if cfg.MaxRounds, err = strconv.Atoi(v); err != nil {
			errs = append(errs, fmt.Errorf("input max-rounds: %q is not a whole number", v))
		} else if cfg.MaxRounds < 0 {
			errs = append(errs, fmt.Errorf("input max-rounds: %d is negative: it is a number of rounds, at least input rounds (leave it out for twice input rounds, at least %d)", cfg.MaxRounds, pipeline.DefaultRounds))
		}
	}
	if v := get("time-budget", ""); v != "" {
		if cfg.TimeBudget, err = time.ParseDuration(v); err != nil {
			errs = append(errs, fmt.Errorf("input time-budget: %q is not a duration such as 8m", v))
		} else if cfg.TimeBudget < 0 {
			errs = append(errs, fmt.Errorf("input time-budget: %s is negative: a budget is a positive duration of wall time (builds included) such as 8m, or 0 or nothing for none", v))
		}
	}
	cfg.PassEnv = pipeline.SplitList(strings.Join(strings.Fields(get("pass-env", "")), ","))
	if cfg.MaxOutput, err = runner.ParseSize(get("max-output", runner.FormatSize(runner.DefaultMaxOutput))); err != nil {
		errs = append(errs, fmt.Errorf("input max-output: %v", err))
	} else if cfg.MaxOutput < runner.MinMaxOutput {
		errs = append(errs, fmt.Errorf("input max-output: %s is below %s, the least a run needs: it bounds what one process may print before it is killed, the go command's own output included; give %s or more, or leave it out (%s)",
			get("max-output", ""), runner.FormatSize(runner.MinMaxOutput), runner.FormatSize(runner.MinMaxOutput), runner.FormatSize(runner.DefaultMaxOutput)))
	}
	policy := cfg.Policy
	in.decideGiven = get("decide", "") != ""
	if v := get("decide", string(pipeline.DefaultTest)); !setChoice(&policy.Test, v, decide.ParseTest) {
		errs = append(errs, fmt.Errorf("input decide: %q is not one of both, utest, paired", v))
	}
	switch v := plan.Granularity(get("interleave", string(pipeline.DefaultInterleave))); v {
	case plan.ByBenchmark, plan.ByPackage:
		cfg.Interleave = v
	default:
		errs = append(errs, fmt.Errorf("input interleave: %q is not one of benchmark, package", v))
	}
	if v := get("pr-number", ""); v != "" {
		if in.prNumber, err = strconv.Atoi(v); err != nil || in.prNumber <= 0 {
			errs = append(errs, fmt.Errorf("input pr-number: %q is not a pull-request number", v))
		}
	}
	if v := get("fail-on", string(policy.FailOn)); !setChoice(&policy.FailOn, v, decide.ParseFailOn) {
		errs = append(errs, fmt.Errorf("input fail-on: %q is not one of regression, inconclusive, never", v))
	}
	if v := get("correction", string(policy.Correction)); !setChoice(&policy.Correction, v, decide.ParseCorrection) {
		errs = append(errs, fmt.Errorf("input correction: %q is not one of bh, holm, none", v))
	}
	if policy.Threshold, err = decide.ParsePercent(get("threshold", decide.FormatPercent(policy.Threshold))); err != nil {
		errs = append(errs, fmt.Errorf("input threshold: %v", err))
	}
	// One per line, as a YAML block writes a list, or separated by commas.
	var thresholds []string
	for _, t := range strings.FieldsFunc(get("thresholds", ""), func(r rune) bool { return r == ',' || r == '\n' }) {
		if strings.TrimSpace(t) != "" {
			thresholds = append(thresholds, t)
		}
	}
	if policy.Thresholds, err = decide.ParseThresholds(strings.Join(thresholds, ",")); errors.As(err, new(*decide.RepeatedUnitError)) {
		errs = append(errs, fmt.Errorf("input thresholds: %v; give each unit one threshold", err))
	} else if err != nil {
		errs = append(errs, fmt.Errorf("input thresholds: %v", err))
	}
	if v := get("warn-threshold", ""); v != "" {
		if policy.WarnThreshold, err = decide.ParsePercent(v); err != nil {
			errs = append(errs, fmt.Errorf("input warn-threshold: %v", err))
		} else if !policy.WarnBandFits(policy.WarnThreshold) {
			against := "threshold " + decide.FormatPercent(policy.Threshold)
			if len(policy.Thresholds) > 0 {
				against += " nor any of thresholds"
			}
			errs = append(errs, fmt.Errorf("input warn-threshold: %s is not below %s; the warn band lies below the threshold, e.g. 1%% with threshold 3%%", v, against))
		}
	}
	confidence, err := strconv.ParseFloat(get("confidence", strconv.FormatFloat(policy.Confidence, 'g', -1, 64)), 64)
	if err != nil {
		errs = append(errs, fmt.Errorf("input confidence: %q is not a number", get("confidence", "")))
	}
	policy.Confidence = confidence
	// Lists: comma- or space-separated, as the packages input.
	list := func(name string) []string {
		return strings.FieldsFunc(get(name, ""), func(r rune) bool { return r == ',' || r == ' ' || r == '\n' })
	}
	cfg.Tags, cfg.CPU = list("tags"), strings.Join(list("cpu"), ",")
	ignore, filter := list("ignore"), get("filter", "")
	for _, k := range ignore {
		if why := usage.BadIgnoreKey(k); why != "" {
			errs = append(errs, fmt.Errorf("input ignore: %q: %s; it takes %s", k, why, usage.IgnoreKeys))
		}
	}
	switch v := plan.Protocol(get("protocol", string(plan.Interleaved))); v {
	case plan.Interleaved, plan.Sequential:
		cfg.Protocol = v
	default:
		errs = append(errs, fmt.Errorf("input protocol: %q is not one of interleaved, sequential", v))
	}
	switch v := get("fresh-binaries", strconv.FormatBool(cfg.FreshCopies)); v {
	case "true":
		cfg.FreshCopies = true
	case "false":
		cfg.FreshCopies = false
	default:
		errs = append(errs, fmt.Errorf("input fresh-binaries: %q is not true or false", v))
	}
	switch v := get("quick", "false"); v {
	case "true":
		if len(cfg.Packages) > 0 {
			errs = append(errs, fmt.Errorf("input quick: the quick subset is of the built-in suite, but packages were given: drop one or the other"))
		} else if cfg.Bench != "." {
			errs = append(errs, fmt.Errorf("input quick: it sets bench itself; drop one or the other"))
		}
		cfg.Bench = suite.QuickBench
	case "false":
	default:
		errs = append(errs, fmt.Errorf("input quick: %q is not true or false", v))
	}
	switch in.command {
	case "run", "report", "compare":
	default:
		errs = append(errs, fmt.Errorf("input command: %q is not one of run, report, compare", in.command))
	}
	switch in.comment {
	case "always", "on-regression", "never":
	default:
		errs = append(errs, fmt.Errorf("input comment: %q is not one of always, on-regression, never", in.comment))
	}
	switch v := get("run-untrusted-code", "false"); v {
	case "true":
		in.runUntrustedCode = true
	case "false":
	default:
		errs = append(errs, fmt.Errorf("input run-untrusted-code: %q is not true or false", v))
	}
	switch in.summary {
	case "always", "on-regression", "never":
	default:
		errs = append(errs, fmt.Errorf("input summary: %q is not one of always, on-regression, never", in.summary))
	}
	for _, m := range strings.FieldsFunc(get("cc", ""), func(r rune) bool { return r == ',' || r == ' ' || r == '\n' }) {
		if !validMention(m) {
			errs = append(errs, fmt.Errorf("input cc: %q is not a GitHub login or team such as @octocat or @org/team", m))
			continue
		}
		in.cc = append(in.cc, "@"+strings.TrimPrefix(m, "@"))
	}
	if v := in.commentAuthor; v != "" && !ghevent.ValidName(strings.TrimSuffix(v, "[bot]")) {
		errs = append(errs, fmt.Errorf("input comment-author: %q is not a GitHub login such as my-app[bot]", v))
	}
	if _, err := publish.Marker(in.commentID); err != nil {
		errs = append(errs, fmt.Errorf("input comment-id: %v", err))
	}
	errs = append(errs, readLadderInputs(get, &cfg, in)...)
	if err := errors.Join(errs...); err != nil {
		return nil, &usage.Error{Msg: err.Error(), Hint: inputsHint(errs)}
	}
	policy.Alpha = alpha
	cfg.Policy = policy
	cfg.Compare = compare.Options{Confidence: policy.Confidence, Alpha: alpha, Ignore: ignore, Filter: filter}
	cfg.Format = report.Text
	if err := pipeline.CheckPolicy(cfg.Policy, cfg.Compare); err != nil {
		return nil, err
	}
	in.run = cfg
	return in, nil
}

// validMention reports whether m is a GitHub login or an org/team,
// with or without the @: nothing else may become a mention in the
// comment.
func validMention(m string) bool {
	m = strings.TrimPrefix(m, "@")
	org, team, isTeam := strings.Cut(m, "/")
	if isTeam {
		return ghevent.ValidName(org) && team != "" && len(team) <= 100 && strings.Trim(team, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") == ""
	}
	return ghevent.ValidName(m) && len(m) <= 39
}

// setChoice parses v into *dst and reports whether it was valid.
func setChoice[T any](dst *T, v string, parse func(string) (T, error)) bool {
	x, err := parse(v)
	if err != nil {
		return false
	}
	*dst = x
	return true
}

// analysisPolicy is the policy commands report and compare decide with.
// The measuring job of a fork split ran with the same inputs, so its
// rounds and adaptive rule say how to judge its two stages.
func (in *inputs) analysisPolicy() decide.Policy {
	return pipeline.StagePolicy(in.run)
}

// inputError is err, a setting's parse error, in the inputs' words, its
// hint kept for inputsHint.
func inputError(err error) error {
	return &usage.Error{Msg: usage.Text(err, inputStyle), Hint: pipeline.Hint(err, inputStyle)}
}

// inputsHint is the hint for the inputs refused: what their own errors
// say to do (a shard is "k/n"), else where the inputs are described.
func inputsHint(errs []error) string {
	var hints []string
	for _, err := range errs {
		if h := pipeline.Hint(err, inputStyle); h != "" {
			hints = append(hints, h)
		}
	}
	if len(hints) == 0 {
		return "see the inputs in action.yml"
	}
	return strings.Join(hints, "; ")
}
