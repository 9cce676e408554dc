package pipeline

// Merging results directories: the shards of a job matrix (each measured
// its slice of the benchmarks, base and head on one runner), or runs of
// the same benchmarks on several machines, gated once. Pairs never span
// directories: each directory's sides are compared with each other only,
// its rows kept apart from every other directory's by a "shard"
// configuration key, and one correction for many comparisons runs over
// all of them.

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/usage"
	"github.com/benchgate/benchgate/internal/brief"
)

// sideKey is what must agree between the sets' side i: its name, build
// and source.
func sideKey(m runner.ManifestSide) string {
	return strings.Join([]string{m.Name, manifestPlanSide(m, false).ConfigLabel(), m.Commit}, " ")
}

// selectionDiffers says how the runs of two shards' manifests selected
// different benchmarks or measured them differently ("bench Work against
// ."), or "" where they did alike (or a manifest is missing).
func selectionDiffers(a, b *runner.Manifest) string {
	if a == nil || b == nil {
		return ""
	}
	var diffs []string
	add := func(what, x, y string) {
		if x != y {
			diffs = append(diffs, fmt.Sprintf("%s %q against %q", what, brief.Clip(x, 60), brief.Clip(y, 60)))
		}
	}
	add("bench", a.Bench, b.Bench)
	add("packages", strings.Join(a.Packages, " "), strings.Join(b.Packages, " "))
	add("benchtime", a.Benchtime, b.Benchtime)
	add("measure", a.Measure, b.Measure)
	if a.Suite != b.Suite {
		diffs = append(diffs, "the built-in suite against packages")
	}
	return report.SanitizeText(strings.Join(diffs, "; "))
}

// sideText describes a manifest's side for a reader: "head = 1a2b3c4d5e6f
// (main)", "base = GOTOOLCHAIN=go1.26.8 · working tree".
func sideText(m runner.ManifestSide) string {
	return m.Name + " = " + manifestPlanSide(m, false).Label()
}

// checkSets refuses sets that cannot be merged: different sides, and
// shards that are missing, twice there, or of different counts.
func checkSets(sets []*ResultsSet) error {
	first := sets[0]
	for _, s := range sets[1:] {
		if len(s.Files) != len(first.Files) {
			return usage.Errorf("merge the results of one run configuration: the same sides in every directory",
				"%s has %d sides, %s has %d", s.Dir, len(s.Files), first.Dir, len(first.Files))
		}
		if s.Manifest == nil || first.Manifest == nil {
			continue
		}
		for i := range s.Manifest.Sides {
			if a, b := first.Manifest.Sides[i], s.Manifest.Sides[i]; sideKey(a) != sideKey(b) {
				return usage.Errorf("merge the results of one run configuration: the same commits and toolchains in every directory",
					"%s and %s measured different sides: %s against %s", first.Dir, s.Dir, report.SanitizeText(sideText(a)), report.SanitizeText(sideText(b)))
			}
		}
	}
	for _, s := range sets[1:] {
		if s.NotRun() != first.NotRun() {
			notRun, measured := s, first
			if first.NotRun() {
				notRun, measured = first, s
			}
			return usage.Errorf("merge the results of one run configuration: directories of one workflow run measure alike",
				"%s measured nothing (both sides would build the built-in suite alike), but %s holds measurements: they are not the results of one run configuration", notRun.Dir, measured.Dir)
		}
	}
	n := -1
	seen := map[int]string{}
	for _, s := range sets {
		if n == -1 {
			n = s.Shard.N
		}
		if s.Shard.N != n {
			what := func(s *ResultsSet) string {
				if !s.Shard.On() {
					return "the results of an unsharded run"
				}
				return "shard " + s.Shard.String()
			}
			return usage.Errorf("give the directories of one matrix: every shard k/n with the same n",
				"%s holds %s and %s %s: they are not the shards of one matrix", first.Dir, what(first), s.Dir, what(s))
		}
		if !s.Shard.On() {
			continue
		}
		if d, ok := seen[s.Shard.K]; ok {
			return usage.Errorf("give each shard's results directory once", "shard %s is there twice: %s and %s", s.Shard, d, s.Dir)
		}
		seen[s.Shard.K] = s.Dir
		if what := selectionDiffers(first.Manifest, s.Manifest); what != "" {
			return usage.Errorf("give every shard job of the matrix the same packages, bench, benchtime and measure; only shard differs",
				"shard %s (%s) and shard %s (%s) measured different selections (%s): each shard holds its slice of what its own selection lists, so together they would not cover one selection, and what one left out would pass unmeasured", first.Shard, first.Dir, s.Shard, s.Dir, what)
		}
	}
	var missing []string
	for k := 1; k <= n; k++ {
		if _, ok := seen[k]; !ok && n > 1 {
			missing = append(missing, fmt.Sprintf("%d/%d", k, n))
		}
	}
	if len(missing) > 0 {
		return usage.Errorf("a shard's job failed or its artifact was not downloaded; without it its benchmarks would pass unmeasured",
			"shard(s) %s missing: the merge has %d of %d shards", strings.Join(missing, ", "), len(seen), n)
	}
	return checkFailed(sets)
}

// FailedRunError says that a results directory's run failed (its
// manifest has an error): what it measured is not all it should have,
// so judging it again must not pass. It maps to exit code 3.
type FailedRunError struct {
	// Dir is the directory; Shard its shard, zero when unsharded; Err
	// the manifest's error (anyone's text: sanitize it to print it).
	Dir   string
	Shard plan.Shard
	Err   string
	// Refused reports that the run was refused (too few rounds for its
	// comparisons, found after round 2) rather than failed: exit code
	// 2, as the run's own.
	Refused bool
	// Others counts the other directories of the merge whose runs
	// failed too.
	Others int
}

// Error renders the error in command-line words.
func (e *FailedRunError) Error() string { return e.Render(usage.Flags) }

// Render renders the error in the words of st: the manifest names
// settings as {name} (runner's Manifest.Refused).
func (e *FailedRunError) Render(st usage.Style) string {
	what := "the run in " + e.Dir
	if e.Shard.On() {
		what = fmt.Sprintf("the run of shard %s (in %s)", e.Shard, e.Dir)
	}
	failed, hint := "failed", "its log says more; fix what failed and run it again: judging the results of a failed run would pass what it did not measure"
	if e.Refused {
		failed, hint = "was refused", "its log's hint says what would be accepted (more rounds, for one); run it again so: judging the results of a refused run would pass what it did not decide"
	}
	msg := fmt.Sprintf("%s %s, so its benchmarks were not all measured: %s", what, failed, report.SanitizeLines(brief.Clip(st.Render(e.Err), 2000)))
	if e.Others > 0 {
		msg += fmt.Sprintf("\n(and the runs in %d other directories failed too)", e.Others)
	}
	if !strings.Contains(e.Err, "\nhint: ") {
		msg += "\nhint: " + hint
	}
	return msg
}

// checkFailed returns a *FailedRunError for the first set whose run
// failed. A shard that held no benchmark did not fail (see empty).
func checkFailed(sets []*ResultsSet) error {
	var first *FailedRunError
	for _, s := range sets {
		if s.Manifest == nil || s.Manifest.Error == "" || s.empty() {
			continue
		}
		if first != nil {
			first.Others++
			continue
		}
		first = &FailedRunError{Dir: s.Dir, Shard: s.Shard, Err: s.Manifest.Error, Refused: s.Manifest.Refused}
	}
	if first == nil {
		return nil
	}
	return first
}

// Merge compares the results directories dirs as one gate run: each
// directory's sides are compared with each other (a shard's pairs ran on
// one runner), every directory's rows apart from the others' under a
// "shard" configuration key when there are several, and all of them
// decided as one family. A directory of more than two sides is a ladder,
// its steps under gate (report.GateAnyStep or report.GateFirstLast).
// Shards must all be there, once each; a directory whose run failed
// fails the merge.
func Merge(ctx context.Context, dirs []string, policy decide.Policy, opts compare.Options, names usage.Style, gate string) (*report.Report, error) {
	if err := CheckPolicy(policy, opts); err != nil {
		return nil, err
	}
	if len(dirs) == 0 {
		return nil, usage.Errorf("", "no results directories to merge")
	}
	var sets []*ResultsSet
	for _, d := range dirs {
		s, err := ReadResultsDir(d)
		if err != nil {
			return nil, err
		}
		sets = append(sets, s)
	}
	if err := checkSets(sets); err != nil {
		return nil, err
	}
	if sets[0].NotRun() {
		// checkSets has seen that all of them are.
		rep := notRunReport(policy, opts, names)
		rep.Sides = setSides(sets[0])
		return rep, nil
	}
	var notes []string
	var live []*ResultsSet
	for _, s := range sets {
		if s.empty() {
			notes = append(notes, fmt.Sprintf("shard %s (%s) held none of the benchmark functions", s.Shard, s.Dir))
			continue
		}
		live = append(live, s)
	}
	if len(live) == 0 {
		return nil, usage.Errorf("check {bench} and the packages of the shard jobs", "none of the %d results directories measured anything", len(sets))
	}
	policy, rounds, err := runStages(policy, live)
	if err != nil {
		return nil, err
	}
	steps := planSteps(len(sets[0].Files), gate)
	results := make([]*compare.Result, len(steps))
	cpus := map[string][]string{}
	for i, st := range steps {
		merged := &compare.Result{Files: map[compare.Side][]string{}, Results: map[compare.Side]int{}, Filter: opts.Filter}
		for _, s := range live {
			res, err := compare.ReadContext(ctx, []compare.Input{
				compare.FileInput(compare.Base, s.Files[st.from]), compare.FileInput(compare.Head, s.Files[st.to]),
			}, opts)
			if err == nil {
				err = checkInputs(res)
			}
			if err != nil {
				var ie *compare.InputError
				if errors.As(err, &ie) {
					ie.Msg = fmt.Sprintf("%s: %s", s.Dir, ie.Msg)
				}
				return nil, err
			}
			if i == 0 {
				notes = append(notes, setNote(s, res, len(live) > 1))
				cpu := firstConfig(res, "cpu")
				cpus[cpu] = append(cpus[cpu], s.Label)
			}
			if len(live) > 1 {
				for j := range res.Comparisons {
					res.Comparisons[j].AddConfig("shard", s.Label, false)
				}
			}
			merged.Confidence, merged.Alpha = res.Confidence, res.Alpha
			merged.Comparisons = append(merged.Comparisons, res.Comparisons...)
			for side, f := range res.Files {
				merged.Files[side] = append(merged.Files[side], f...)
			}
			for side, n := range res.Results {
				merged.Results[side] += n
			}
			merged.SyntaxErrors = append(merged.SyntaxErrors, res.SyntaxErrors...)
			merged.Notes = append(merged.Notes, res.Notes...)
			for _, u := range res.FilteredUnits {
				if !slices.Contains(merged.FilteredUnits, u) {
					merged.FilteredUnits = append(merged.FilteredUnits, u)
				}
			}
		}
		// A unit one directory's filter took out but another kept is
		// compared there: not every result in it was left out.
		merged.FilteredUnits = compare.NotCompared(merged.FilteredUnits, merged.Comparisons)
		results[i] = merged
	}
	if len(cpus) > 1 {
		var parts []string
		for _, cpu := range sortedCPUs(cpus) {
			parts = append(parts, fmt.Sprintf("%s: %s", cpuName(cpu), strings.Join(cpus[cpu], ", ")))
		}
		notes = append(notes, "the directories ran on different CPU models ("+strings.Join(parts, "; ")+"); each benchmark is compared within its own directory, on one machine, never across them")
	}
	if err := checkThresholdUnits(policy, "", results...); err != nil {
		return nil, err
	}
	decs := decideSteps(results, steps, policy)
	if err := checkMergedFamily(decs, steps, policy, rounds, live); err != nil {
		return nil, err
	}
	sides := setSides(sets[0])
	var rep *report.Report
	if len(steps) == 1 && len(sets[0].Files) == 2 {
		rep = newReport(results[0], decs[0], policy, names)
		rep.Sides = sides
		addRenameNotes(rep, policy, names)
	} else {
		rep = ladderReport(sides, results, decs, steps, policy, names, gate)
	}
	for _, n := range notes {
		rep.Notes = append(rep.Notes, names.Render(n))
	}
	AddManifestNotes(rep, sets...)
	return rep, nil
}

// runStages is policy with the stages of the runs that measured sets
// (StagesOfRun), and their fixed rounds (0 where no manifest says): a
// merge judges the rounds as the runs did, whatever the merging
// command's own rounds say. The runs must agree, since every
// comparison's rounds split at one place.
func runStages(policy decide.Policy, sets []*ResultsSet) (decide.Policy, int, error) {
	var first *ResultsSet
	for _, s := range sets {
		m := s.Manifest
		if m == nil || m.Rounds < 1 {
			continue
		}
		if first == nil {
			first = s
			continue
		}
		if f := first.Manifest; m.Rounds != f.Rounds || m.MaxRounds != f.MaxRounds || m.Adaptive != f.Adaptive {
			return policy, 0, usage.Errorf("run every shard with the same {rounds}, {max-rounds} and {adaptive}: a merge judges every benchmark's rounds alike",
				"%s ran %s and %s ran %s", first.Dir, roundsOf(f), s.Dir, roundsOf(m))
		}
	}
	if first == nil {
		return policy, 0, nil
	}
	return StagesOfRun(policy, first.Manifest), first.Manifest.Rounds, nil
}

// RunJudgement is how the runs whose results directories dirs are
// judged their results (runner.Manifest.Judged), for benchgate compare to
// judge them again the same way; nil where no manifest says (a version
// before it was recorded). Runs that judged differently are refused,
// unless given names (by flag) every setting in which they differ: a
// merge is one gate.
func RunJudgement(dirs []string, given map[string]bool) (*runner.Judgement, error) {
	var j *runner.Judgement
	var from string
	for _, d := range dirs {
		set, err := ReadResultsDir(d)
		if err != nil {
			return nil, err
		}
		if set.Manifest == nil || set.Manifest.Judged == nil {
			continue
		}
		if j == nil {
			j, from = set.Manifest.Judged, d
			continue
		}
		if notGiven(*set.Manifest.Judged, given) != notGiven(*j, given) {
			return nil, usage.Errorf("run every shard with the same {alpha}, {decide}, {correction}, {threshold}, {thresholds}, {warn-threshold}, {confidence} and {ladder-gate}, or give the settings that differ to compare, to judge all the directories alike",
				"%s and %s were judged differently: %s against %s", from, d, judgementText(j), judgementText(set.Manifest.Judged))
		}
	}
	return j, nil
}

// notGiven is j without the settings the caller gives itself (by the
// names of the flags that give them), which judge every directory alike
// whatever each run recorded.
func notGiven(j runner.Judgement, given map[string]bool) runner.Judgement {
	for name, field := range map[string]func(){
		"alpha":          func() { j.Alpha = 0 },
		"decide":         func() { j.Decide = "" },
		"correction":     func() { j.Correction = "" },
		"threshold":      func() { j.Threshold = "" },
		"thresholds":     func() { j.Thresholds = "" },
		"warn-threshold": func() { j.WarnThreshold = "" },
		"confidence":     func() { j.Confidence = 0 },
		"ladder-gate":    func() { j.LadderGate = "" },
	} {
		if given[name] {
			field()
		}
	}
	return j
}

// judgementText is j as the flags that give it.
func judgementText(j *runner.Judgement) string {
	s := fmt.Sprintf("{alpha} %v {decide} %s {correction} %s {threshold} %s", j.Alpha, j.Decide, j.Correction, j.Threshold)
	if j.Thresholds != "" {
		s += " {thresholds} " + j.Thresholds
	}
	if j.WarnThreshold != "" {
		s += " {warn-threshold} " + j.WarnThreshold
	}
	s += fmt.Sprintf(" {confidence} %v", j.Confidence)
	if j.LadderGate != "" {
		s += " {ladder-gate} " + j.LadderGate
	}
	return report.SanitizeText(brief.Clip(s, 300))
}

// roundsOf says what rounds a manifest's run had, in the words of its
// settings.
func roundsOf(m *runner.Manifest) string {
	if m.MaxRounds <= m.Rounds {
		return fmt.Sprintf("{rounds} %d without adaptive rounds", m.Rounds)
	}
	rule := ""
	if m.Adaptive != "" {
		rule = fmt.Sprintf(" ({adaptive} %s)", brief.Clip(m.Adaptive, 20))
	}
	return fmt.Sprintf("{rounds} %d and {max-rounds} %d%s", m.Rounds, m.MaxRounds, rule)
}

// checkMergedFamily refuses a merge whose runs' fixed rounds (rounds)
// are too few for the family the directories make together. Each
// shard's run checked only its own comparisons (checkFamily); the first
// change found in the merged family must reach a level that all of
// them share, and with too few rounds no test can: every comparison
// would end too-few-samples.
func checkMergedFamily(decs []*decide.Result, steps []step, policy decide.Policy, rounds int, sets []*ResultsSet) error {
	if rounds == 0 {
		return nil
	}
	m := gatingFamily(decs, steps)
	need, level := familyNeed(policy, m)
	if rounds >= need {
		return nil
	}
	what, over := "the run's", ""
	hint := fmt.Sprintf("measure again with {rounds} %d or more (%d is the default), or judge with the {alpha} and {decide} the run was judged with", need, DefaultRounds)
	if len(sets) > 1 {
		what, over = "the shards'", fmt.Sprintf(" over %d shards", len(sets))
		hint = fmt.Sprintf("run every shard with {rounds} %d or more (%d is the default): each shard's run checked only the comparisons of its own slice", need, DefaultRounds)
	}
	return usage.Errorf(hint, "%s {rounds} %d is too few for %d comparisons%s: %s", what, rounds, m, over, unreachable(policy, level, m, rounds))
}
