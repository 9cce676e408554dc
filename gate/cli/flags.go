package cli

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/pipeline"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/usage"
)

// statsFlags are the flags shared by run and compare: statistics, policy
// and output format. They are strings until parse turns them into the
// pipeline's typed values.
type statsFlags struct {
	alpha      float64
	confidence float64
	threshold  string
	thresholds string
	warn       string
	failOn     string
	format     string
	correction string
	test       string
	ignore     string
	filter     string
}

// newStatsFlags starts from a policy's values: run's defaults or
// compare's (benchstat's alpha and test).
func newStatsFlags(p decide.Policy) statsFlags {
	return statsFlags{
		alpha:      p.Alpha,
		confidence: compare.DefaultOptions.Confidence,
		threshold:  decide.FormatPercent(p.Threshold),
		failOn:     string(p.FailOn),
		format:     string(report.Text),
		correction: string(p.Correction),
		test:       string(p.Test),
	}
}

func (o *statsFlags) register(fs *flag.FlagSet) {
	fs.Float64Var(&o.alpha, "alpha", o.alpha, "significance level: a change is significant when p <= `α`")
	fs.Float64Var(&o.confidence, "confidence", o.confidence, "confidence `level` of the intervals shown")
	fs.StringVar(&o.threshold, "threshold", o.threshold, "smallest worsening that counts as a regression, for every unit (`percent`)")
	fs.StringVar(&o.thresholds, "thresholds", o.thresholds, "per-unit thresholds, e.g. 'sec/op=10%,allocs/op=0%' (`list`)")
	fs.StringVar(&o.warn, "warn-threshold", o.warn, "warn about a significant worsening beyond this `percent` that is within the threshold (default: no warn band)")
	fs.StringVar(&o.failOn, "fail-on", o.failOn, "what fails the gate: regression, inconclusive or never")
	fs.StringVar(&o.format, "format", o.format, "report `format`: text, markdown or json")
	fs.StringVar(&o.test, "decide", o.test, "the `test` a decision rests on: utest (Mann-Whitney on the two sides, as benchstat), paired (sign test on per-round ratios head/base; rows that cannot be paired use the U-test) or both (the smaller p of the two, doubled)")
	fs.StringVar(&o.correction, "correction", o.correction, "multiple-comparison `correction` over the comparisons that can fail the gate: bh (Benjamini-Hochberg false discovery rate), holm (family-wise error) or none (each p as it is, like benchstat)")
	fs.StringVar(&o.ignore, "ignore", o.ignore, "extra file-level configuration `keys` to ignore when matching base with head (comma-separated)")
	fs.StringVar(&o.filter, "filter", o.filter, "benchstat-style filter `expression`, e.g. '.unit:sec/op'")
}

// judgeAsRun sets the flags fs was not given to how the runs whose
// results directories dirs are judged their results (their manifests'
// record), or to run's defaults where a run recorded none: compare's
// own defaults are benchstat's, for files benchstat users compare.
// It returns the judgement, for the settings of the command's own.
func (o *statsFlags) judgeAsRun(fs *flag.FlagSet, dirs []string) (*runner.Judgement, error) {
	given := givenFlags(fs)
	j, err := pipeline.RunJudgement(dirs, given)
	if err != nil {
		return nil, err
	}
	if j == nil {
		j = &runner.Judgement{Alpha: pipeline.DefaultAlpha, Decide: string(pipeline.DefaultTest), Correction: o.correction, Threshold: o.threshold,
			Thresholds: o.thresholds, WarnThreshold: o.warn, Confidence: o.confidence}
	}
	for name, set := range map[string]func(){
		"alpha":          func() { o.alpha = j.Alpha },
		"decide":         func() { o.test = j.Decide },
		"correction":     func() { o.correction = j.Correction },
		"threshold":      func() { o.threshold = j.Threshold },
		"thresholds":     func() { o.thresholds = j.Thresholds },
		"warn-threshold": func() { o.warn = j.WarnThreshold },
		"confidence":     func() { o.confidence = j.Confidence },
	} {
		if !given[name] {
			set()
		}
	}
	return j, nil
}

// givenFlags are the names of the flags set on the command line.
func givenFlags(fs *flag.FlagSet) map[string]bool {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	return given
}

// parse validates the flags and builds the policy, the compare options and
// the format.
func (o *statsFlags) parse() (decide.Policy, compare.Options, report.Format, error) {
	p := decide.DefaultPolicy
	var opts compare.Options
	t, err := decide.ParsePercent(o.threshold)
	if err != nil {
		return p, opts, "", usage.Errorf("", "invalid {threshold}: %v", err)
	}
	ts, err := decide.ParseThresholds(o.thresholds)
	if ru := (*decide.RepeatedUnitError)(nil); errors.As(err, &ru) {
		return p, opts, "", usage.Errorf("give each unit one threshold, e.g. {thresholds} 'sec/op=5%,allocs/op=0%'", "invalid {thresholds} %q: %v", o.thresholds, ru)
	}
	if err != nil {
		return p, opts, "", usage.Errorf("", "invalid {thresholds}: %v", err)
	}
	ignore := pipeline.SplitList(o.ignore)
	for _, k := range ignore {
		if why := usage.BadIgnoreKey(k); why != "" {
			return p, opts, "", usage.Errorf("{ignore} takes "+usage.IgnoreKeys, "invalid {ignore} %q: %s", k, why)
		}
	}
	if o.warn != "" {
		if p.WarnThreshold, err = decide.ParsePercent(o.warn); err != nil {
			return p, opts, "", usage.Errorf("", "invalid {warn-threshold}: %v", err)
		}
		if !(decide.Policy{Threshold: t, Thresholds: ts}).WarnBandFits(p.WarnThreshold) {
			against := "{threshold} " + o.threshold
			if len(ts) > 0 {
				against += " nor any {thresholds} entry"
			}
			return p, opts, "", usage.Errorf("the warn band lies below the threshold: e.g. -warn-threshold 1% -threshold 3%", "invalid {warn-threshold} %s: not below %s", o.warn, against)
		}
	}
	failOn, err := decide.ParseFailOn(o.failOn)
	if err != nil {
		return p, opts, "", usage.Errorf("", "%v", err)
	}
	correction, err := decide.ParseCorrection(o.correction)
	if err != nil {
		return p, opts, "", usage.Errorf("", "%v", err)
	}
	test, err := decide.ParseTest(o.test)
	if err != nil {
		return p, opts, "", usage.Errorf("", "%v", err)
	}
	format, err := report.ParseFormat(o.format)
	if err != nil {
		return p, opts, "", err
	}
	p.Alpha, p.Threshold, p.Thresholds, p.FailOn = o.alpha, t, ts, failOn
	p.Correction, p.Test, p.Confidence = correction, test, o.confidence
	opts = compare.Options{Confidence: o.confidence, Alpha: o.alpha, Filter: o.filter, Ignore: ignore}
	if err := pipeline.CheckPolicy(p, opts); err != nil {
		return p, opts, "", err
	}
	return p, opts, format, nil
}

// adaptiveFlag is -adaptive: a boolean flag, where -adaptive alone means
// the default rule (pipeline.DefaultAdaptive, confirm), that also takes a
// rule by name (-adaptive=settle).
type adaptiveFlag struct {
	on   bool
	rule decide.AdaptiveRule
}

func (a *adaptiveFlag) IsBoolFlag() bool { return true }

func (a *adaptiveFlag) String() string {
	if a == nil || !a.on {
		return "false"
	}
	return string(a.rule)
}

func (a *adaptiveFlag) Set(s string) error {
	switch s {
	case "true":
		a.on, a.rule = true, pipeline.DefaultAdaptive
	case "false":
		a.on, a.rule = false, ""
	default:
		r, err := decide.ParseAdaptiveRule(s)
		if err != nil {
			return fmt.Errorf("want true, false, confirm or settle")
		}
		a.on, a.rule = true, r
	}
	return nil
}

// flagGiven reports whether the flag name was given.
func flagGiven(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}

// flagAfterPackages refuses a flag written after the packages (benchgate
// run ./... -rounds 8): the flag package stops at the first package, so
// "-rounds" and "8" would be package patterns.
func flagAfterPackages(cmd string, pkgs []string) error {
	for i, p := range pkgs {
		if strings.HasPrefix(p, "-") && len(p) > 1 {
			return usage.Errorf(fmt.Sprintf("flags go before the packages (benchgate %s [flags] [packages]): move %s before %s", cmd, strings.Join(pkgs[i:], " "), strings.Join(pkgs[:i], " ")),
				"%s comes after the packages, so it would be read as a package", p)
		}
	}
	return nil
}
