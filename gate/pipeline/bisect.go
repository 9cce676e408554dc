package pipeline

// Bisection: which commit of a range (or which toolchain of a ladder)
// caused a regression. Every step is a gate run: the candidate against
// the good side, interleaved, on the benchmarks that regressed between
// good and bad, decided with the three-way verdict of Chromium's
// Pinpoint: different (the candidate regressed: the culprit is it or an
// earlier one), same (it did not: the culprit is later), or unknown,
// which collects more (the step runs again with twice the rounds) before
// the search moves on, so that noise never decides where it stops. A
// candidate that stays unknown, or cannot be built, is skipped, as git
// bisect skip does, and the search tries its neighbour.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/usage"
	"github.com/benchgate/benchgate/internal/brief"
)

// DefaultRetries is how often a bisection runs an undecided step again,
// each time with twice the rounds, before it moves on.
const DefaultRetries = 2

// BisectConfig is one bisection.
type BisectConfig struct {
	// Run is the configuration every comparison starts from: packages,
	// {bench}, rounds, statistics; each comparison writes its results in
	// a directory of its own under Run.Out (step-1, step-2, ...). With
	// Run.Configs, the bisection is over the configurations (a ladder)
	// of one source, Run.HeadRef or the working tree: the first is good,
	// the last bad.
	Run Config
	// Good and Bad are the commits of a commit bisection: Good measures
	// well, Bad regressed; the candidates are the commits on Bad's
	// first-parent line after Good.
	Good, Bad string
	// Retries is how often an undecided step runs again before the
	// search moves on; 0 means DefaultRetries, a negative value none.
	Retries int
	// OnStep, if set, is called with each comparison as it is decided.
	OnStep func(*BisectResult, BisectStep)
}

// Candidate is one point of a bisection: a commit, or a toolchain
// configuration.
type Candidate struct {
	// Commit and Subject name a commit (a commit bisection).
	Commit  string `json:"commit,omitempty"`
	Subject string `json:"subject,omitempty"`
	// Config is a toolchain configuration (a ladder bisection), as
	// -configs names it.
	Config string `json:"config,omitempty"`
	// side is the configuration itself.
	side plan.Side
}

// Short names the candidate for a reader: "a1b2c3d subject" or the
// configuration.
func (c Candidate) Short() string {
	if c.Config != "" {
		return c.Config
	}
	return brief.Commit(c.Commit) + " " + brief.Clip(c.Subject, 60)
}

// Outcome is a step's three-way verdict.
type Outcome string

const (
	// Regressed: the candidate is different from good (a watched
	// benchmark regressed); the culprit is it or an earlier candidate.
	Regressed Outcome = "regressed"
	// Same: every watched benchmark is better, or unchanged with its
	// interval within ±threshold (equivalent); the culprit is later.
	Same Outcome = "same"
	// Unknown: not decided (inconclusive, too few samples, or the
	// candidate could not be measured); collect more, or skip it.
	Unknown Outcome = "unknown"
)

// BisectStep is one comparison of a bisection.
type BisectStep struct {
	// N counts the comparisons, from 1 (good against bad); a comparison
	// run again with more rounds (Retry > 0) keeps its number.
	N int `json:"n"`
	// Candidate is what was compared against good; Index its place in
	// the list (0 is good, the last is bad).
	Candidate Candidate `json:"candidate"`
	Index     int       `json:"index"`
	// Rounds is the step's fixed rounds; Retry counts the times the
	// step ran before with fewer.
	Rounds int `json:"rounds"`
	Retry  int `json:"retry,omitempty"`
	// RoundsRun is the most rounds the step ran, its adaptive rounds
	// included; 0 where it measured nothing.
	RoundsRun int `json:"rounds_run,omitempty"`
	// Outcome is the step's verdict; Why says what it rests on.
	Outcome Outcome `json:"outcome"`
	Why     string  `json:"why"`
	// Changes are the decisions of the watched benchmarks.
	Changes []decide.Decision `json:"-"`
	// ResultsDir is where the step's results are.
	ResultsDir string `json:"results_dir"`
}

// BisectResult is what a bisection found.
type BisectResult struct {
	Good Candidate `json:"good"`
	Bad  Candidate `json:"bad"`
	// Candidates are the points after good, bad last.
	Candidates []Candidate `json:"candidates"`
	// Watched are the benchmarks bisected: those that regressed between
	// good and bad ("Slow-2 sec/op (example.com/pkg)").
	Watched []string `json:"benchmarks"`
	// Steps are the comparisons' runs, in order: a comparison that was
	// undecided and ran again with more rounds has a step per run.
	Steps []BisectStep `json:"steps"`
	// Comparisons counts the comparisons (the candidates compared with
	// good), retries not counted again.
	Comparisons int `json:"comparisons"`
	// Culprit is the first candidate that regressed, whose predecessor
	// did not; nil when there is none (no regression between good and
	// bad) or it could not be told apart from its neighbours.
	Culprit *Candidate `json:"culprit"`
	// Change is the culprit's regressions against good.
	Change []decide.Decision `json:"-"`
	// Unresolved are, when the culprit could not be pinned to one
	// candidate, the candidates it is among.
	Unresolved []Candidate `json:"unresolved,omitempty"`
	// Bound is ⌈log₂ len(Candidates)⌉ + 1, the most comparisons a
	// bisection takes when no candidate is skipped.
	Bound int `json:"bound"`
	// NoRegression reports that good against bad found no regression,
	// so that there was nothing to bisect.
	NoRegression bool `json:"no_regression,omitempty"`
	// Undecided reports that good against bad stayed undecided after
	// the retries: no regression shown, none ruled out.
	Undecided bool `json:"undecided,omitempty"`
}

// CulpritError is a bisection that found its culprit. It maps to exit
// code 1, as a regression does.
type CulpritError struct{ Culprit Candidate }

func (e *CulpritError) Error() string {
	return fmt.Sprintf("bisect found the culprit: %s", e.Culprit.Short())
}

// UnresolvedError is a bisection that narrowed the culprit to several
// candidates it could not tell apart (undecided after the retries, or
// not measurable). It maps to exit code 3.
type UnresolvedError struct{ Among []Candidate }

func (e *UnresolvedError) Error() string {
	var names []string
	for _, c := range e.Among {
		names = append(names, c.Short())
	}
	return fmt.Sprintf("bisect could not tell the culprit apart from its neighbours: it is one of %s", strings.Join(names, "; "))
}

// watch is a benchmark a bisection follows.
type watch struct{ pkg, benchmark, unit string }

func (w watch) String() string {
	s := w.benchmark + " " + w.unit
	if w.pkg != "" {
		s += " (" + w.pkg + ")"
	}
	return s
}

// Bisect searches for the culprit. It compares bad against good first,
// on every benchmark, to find the regressions to follow; with none there
// is nothing to bisect and it returns with NoRegression. The error is a
// *CulpritError when it finds the culprit, an *UnresolvedError when it
// narrows it to several candidates, a *usage.Error for a bad
// configuration, and a failure of the first comparison as it is; good
// against bad that stays undecided is an error too (exit 3), since no
// regression was shown and none ruled out.
func Bisect(ctx context.Context, b BisectConfig) (*BisectResult, error) {
	retries := b.Retries
	switch {
	case retries == 0:
		retries = DefaultRetries
	case retries < 0:
		retries = 0
	}
	res, list, err := bisectList(ctx, b)
	if err != nil {
		return nil, err
	}
	res.Bound = bits.Len(uint(max(len(res.Candidates)-1, 0))) + 1
	names := b.Run.Names
	if names == nil {
		names = usage.Flags
	}
	progress := b.Run.Progress
	if progress == nil {
		progress = io.Discard
	}
	out := b.Run.Out
	if out == "" {
		out = DefaultOut
	}
	n := 0
	// compare compares candidate i against good: one comparison of the
	// search, run again with twice the rounds while it is undecided.
	compare := func(i int, watched []watch, bench string, pkgs []string) (BisectStep, *report.Report, error) {
		n++
		res.Comparisons = n
		rounds := b.Run.Rounds
		var st BisectStep
		var rep *report.Report
		for try := 0; try <= retries; try++ {
			cfg := b.Run
			cfg.Out = filepath.Join(out, fmt.Sprintf("step-%d", n))
			prefix := fmt.Sprintf("[%d] ", n)
			if try > 0 {
				cfg.Out += fmt.Sprintf("-retry-%d", try)
				prefix = fmt.Sprintf("[%d, retry %d] ", n, try)
			}
			cfg.Progress = prefixLines{w: progress, prefix: prefix}
			cfg.Rounds = rounds
			if b.Run.MaxRounds > 0 && b.Run.Rounds > 0 {
				cfg.MaxRounds = b.Run.MaxRounds * rounds / b.Run.Rounds
			}
			if bench != "" {
				cfg.Bench, cfg.Packages = bench, pkgs
			}
			if list[0].Config != "" {
				cfg.Configs = []plan.Side{list[0].side, list[i].side}
			} else {
				cfg.BaseRef, cfg.HeadRef = list[0].Commit, list[i].Commit
				// Bad against good, first: without packages, a suite that
				// good and bad build alike is refused before it is
				// measured. A candidate between them that builds it as
				// good does is good.
				cfg.RefuseSuiteAA = i == len(list)-1
			}
			if err := os.RemoveAll(cfg.Out); err != nil {
				return st, nil, err
			}
			r, runErr := Run(ctx, cfg)
			st = BisectStep{N: n, Candidate: list[i], Index: i, Rounds: rounds, Retry: try, ResultsDir: cfg.Out}
			var ue *usage.Error
			var aa *SuiteAAError
			switch {
			case ctx.Err() != nil:
				return st, nil, runErr
			case errors.As(runErr, &aa):
				return st, nil, &usage.Error{Msg: aa.Usage.Msg, Hint: "give the packages whose benchmarks regressed (e.g. ./...), or {configs} to bisect toolchains on the suite"}
			case errors.As(runErr, &ue), r == nil:
				return st, nil, runErr
			}
			rep = r.Report
			st.RoundsRun = rep.Rounds
			if runErr != nil {
				st.Outcome, st.Why = Unknown, "could not be measured: "+brief.Clip(usage.Text(runErr, names), 300)
				res.Steps = append(res.Steps, st)
				if b.OnStep != nil {
					b.OnStep(res, st)
				}
				return st, rep, nil // a build failure does not go away with more rounds
			}
			st.Outcome, st.Why, st.Changes = judgeStep(rep, watched)
			res.Steps = append(res.Steps, st)
			if b.OnStep != nil {
				b.OnStep(res, st)
			}
			if st.Outcome != Unknown {
				break
			}
			rounds *= 2
		}
		return st, rep, nil
	}

	// Good against bad: what regressed?
	first, rep, err := compare(len(list)-1, nil, "", nil)
	if err != nil {
		return res, err
	}
	if rep == nil || rep.Verdict == decide.ErrorVerdict {
		return res, fmt.Errorf("comparing bad against good failed: %s", first.Why)
	}
	var watched []watch
	for _, d := range rep.Decisions {
		if d.Status == decide.Regression {
			watched = append(watched, watch{d.Config["pkg"], d.Benchmark, d.Unit})
		}
	}
	if len(watched) == 0 {
		res.NoRegression = true
		if first.Outcome == Unknown {
			res.Undecided = true
			return res, fmt.Errorf("comparing bad against good stayed undecided after %d run(s) (%s), so there is nothing to bisect", len(res.Steps), first.Why)
		}
		return res, nil
	}
	var benchNames, pkgs []string
	for _, w := range watched {
		res.Watched = append(res.Watched, w.String())
		if !slices.Contains(benchNames, w.benchmark) {
			benchNames = append(benchNames, w.benchmark)
		}
		if w.pkg != "" && !slices.Contains(pkgs, w.pkg) {
			pkgs = append(pkgs, w.pkg)
		}
	}
	if len(b.Run.Packages) == 0 {
		pkgs = nil // the built-in suite
	}
	bench := plan.BenchRegex(benchNames)
	badChange := first.Changes

	lo, hi := 0, len(list)-1
	skipped := map[int]bool{}
	change := map[int][]decide.Decision{hi: badChange}
	for hi-lo > 1 {
		mid := pickMid(lo, hi, skipped)
		if mid < 0 {
			for i := lo + 1; i <= hi; i++ {
				res.Unresolved = append(res.Unresolved, list[i])
			}
			return res, &UnresolvedError{Among: res.Unresolved}
		}
		st, _, err := compare(mid, watched, bench, pkgs)
		if err != nil {
			return res, err
		}
		switch st.Outcome {
		case Regressed:
			hi = mid
			change[mid] = st.Changes
		case Same:
			lo = mid
		default:
			skipped[mid] = true
		}
	}
	c := list[hi]
	res.Culprit = &c
	res.Change = regressionsOf(change[hi])
	return res, &CulpritError{Culprit: c}
}

// bisectList resolves good and bad and lists the candidates: good first,
// then the commits (or configurations) after it, bad last.
func bisectList(ctx context.Context, b BisectConfig) (*BisectResult, []Candidate, error) {
	if len(b.Run.Configs) > 0 {
		if b.Good != "" || b.Bad != "" {
			return nil, nil, usage.Errorf("give either {good} and {bad} (commits) or {configs} (toolchains, the first good, the last bad)", "{configs} bisects toolchains, so {good} and {bad} cannot be used with it")
		}
		if len(b.Run.Configs) < 3 {
			return nil, nil, usage.Errorf("list the toolchains in between too, e.g. go1.20.14,go1.21.13,go1.22.12,go1.23.12", "bisecting {configs} needs at least three: the good one, one or more in between, the bad one")
		}
		var list []Candidate
		for _, s := range b.Run.Configs {
			list = append(list, Candidate{Config: s.ConfigLabel(), side: s})
		}
		return &BisectResult{Good: list[0], Bad: list[len(list)-1], Candidates: list[1:]}, list, nil
	}
	if b.Good == "" || b.Bad == "" {
		return nil, nil, usage.Errorf("benchgate bisect -good v1.4.0 -bad main ./...", "bisect needs {good} and {bad}: a commit that measures well and a later one that regressed")
	}
	if b.Run.BaseRef != "" || b.Run.HeadRef != "" {
		return nil, nil, usage.Errorf("", "bisect compares commits of {good}..{bad}; {base-ref} and {head-ref} cannot be used with it")
	}
	dir := b.Run.Dir
	if dir == "" {
		var err error
		if dir, err = os.Getwd(); err != nil {
			return nil, nil, err
		}
	}
	environ := b.Run.Environ
	if environ == nil {
		environ = os.Environ()
	}
	repo, err := gitx.Open(ctx, dir, runner.GitEnv(environ))
	if err != nil {
		if errors.Is(err, gitx.ErrNotRepo) {
			return nil, nil, usage.Errorf("run benchgate bisect inside the repository", "bisecting commits needs a git repository, and %s is not in one", dir)
		}
		return nil, nil, err
	}
	resolve := func(ref, name string) (Candidate, error) {
		sha, err := repo.Resolve(ctx, ref)
		if err != nil {
			return Candidate{}, usage.Errorf("check the ref with git rev-parse, or fetch more history (fetch-depth: 0)", "invalid {%s}: %v", name, err)
		}
		subject, _ := repo.Subject(ctx, sha)
		return Candidate{Commit: sha, Subject: subject}, nil
	}
	good, err := resolve(b.Good, "good")
	if err != nil {
		return nil, nil, err
	}
	bad, err := resolve(b.Bad, "bad")
	if err != nil {
		return nil, nil, err
	}
	commits, err := repo.FirstParents(ctx, good.Commit, bad.Commit)
	if err != nil {
		return nil, nil, err
	}
	if len(commits) == 0 || commits[len(commits)-1].SHA != bad.Commit {
		return nil, nil, usage.Errorf("give the older commit as {good} and the newer as {bad}", "{bad} %s does not come after {good} %s", brief.Commit(bad.Commit), brief.Commit(good.Commit))
	}
	if parent, err := repo.Resolve(ctx, commits[0].SHA+"^1"); err != nil || parent != good.Commit {
		return nil, nil, usage.Errorf("give a {good} commit on {bad}'s first-parent line (git log --first-parent)", "{good} %s is not on the first-parent line of {bad} %s", brief.Commit(good.Commit), brief.Commit(bad.Commit))
	}
	list := []Candidate{good}
	for _, c := range commits {
		list = append(list, Candidate{Commit: c.SHA, Subject: c.Subject})
	}
	return &BisectResult{Good: good, Bad: bad, Candidates: list[1:]}, list, nil
}

// pickMid is the candidate to try between lo and hi (exclusive): the
// middle, or the nearest to it that was not skipped; -1 if all were.
func pickMid(lo, hi int, skipped map[int]bool) int {
	mid := (lo + hi) / 2
	for d := 0; d < hi-lo; d++ {
		for _, i := range []int{mid - d, mid + d} {
			if i > lo && i < hi && !skipped[i] {
				return i
			}
		}
	}
	return -1
}

// judgeStep is the three-way verdict on the watched benchmarks: any of
// them a regression is different; every one better, or unchanged and
// equivalent (the interval of the change within ±threshold), is the
// same; anything else (inconclusive, too few samples, missing, or an
// unchanged whose interval still reaches beyond the threshold) is
// unknown. watched nil (good against bad) watches every comparison.
func judgeStep(rep *report.Report, watched []watch) (Outcome, string, []decide.Decision) {
	var mine []decide.Decision
	for _, d := range rep.Decisions {
		if watched == nil || slices.Contains(watched, watch{d.Config["pkg"], d.Benchmark, d.Unit}) {
			mine = append(mine, d)
		}
	}
	if watched == nil {
		if rep.Counts[decide.Regression] > 0 {
			return Regressed, changesText(regressionsOf(mine)), mine
		}
		if rep.Verdict == decide.InconclusiveVerdict {
			return Unknown, fmt.Sprintf("%d comparison(s) not decided", rep.Counts[decide.Inconclusive]+rep.Counts[decide.TooFewSamples]), mine
		}
		return Same, "no regression", mine
	}
	var undecided []decide.Decision
	for _, d := range mine {
		switch {
		case d.Status == decide.Regression:
			return Regressed, changesText(regressionsOf(mine)), mine
		case d.Status == decide.Improvement, d.Status == decide.Unchanged && d.Equivalent:
			// Same: better, or shown to be within the threshold. An
			// unchanged whose interval still reaches beyond the
			// threshold (noise) is not evidence of sameness.
		default:
			undecided = append(undecided, d)
		}
	}
	if len(mine) < len(watched) {
		return Unknown, fmt.Sprintf("%d of the %d watched benchmarks were not measured", len(watched)-len(mine), len(watched)), mine
	}
	if len(undecided) > 0 {
		return Unknown, "not decided: " + changesText(undecided), mine
	}
	return Same, changesText(mine), mine
}

// regressionsOf keeps the regressions.
func regressionsOf(ds []decide.Decision) []decide.Decision {
	var out []decide.Decision
	for _, d := range ds {
		if d.Status == decide.Regression {
			out = append(out, d)
		}
	}
	return out
}

// changesText lists decisions as "Slow-2 sec/op +98.7% regression".
func changesText(ds []decide.Decision) string {
	var parts []string
	for i, d := range ds {
		if i == 4 {
			parts = append(parts, fmt.Sprintf("%d more", len(ds)-i))
			break
		}
		status := string(d.Status)
		if d.Status == decide.Unchanged && d.Equivalent {
			status += " (within ±" + decide.FormatPercent(d.Threshold) + ")"
		}
		parts = append(parts, fmt.Sprintf("%s %s %s %s", report.SanitizeText(d.Benchmark), report.SanitizeText(d.Unit), report.FormatDelta(d), status))
	}
	return strings.Join(parts, ", ")
}

// ChangeText describes one change of a culprit: "Slow-2 sec/op +98.7%
// (p=0.000 n=10) against good".
func ChangeText(d decide.Decision) string {
	s := fmt.Sprintf("%s %s %s", report.SanitizeText(d.Benchmark), report.SanitizeText(d.Unit), report.FormatDelta(d))
	if ev := report.FormatP(d); ev != "" {
		s += " (" + ev + ")"
	}
	return s
}

// prefixLines prefixes every line written to w: each write is one line.
type prefixLines struct {
	w      io.Writer
	prefix string
}

func (p prefixLines) Write(b []byte) (int, error) {
	if _, err := p.w.Write(append([]byte(p.prefix), b...)); err != nil {
		return 0, err
	}
	return len(b), nil
}
