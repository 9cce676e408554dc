package pipeline

// Merging results directories: the shards of a job matrix (each measured
// its slice of the benchmarks, base and head on one runner), or runs of
// the same benchmarks on several machines, gated once. Pairs never span
// directories: each directory's sides are compared with each other only,
// its rows kept apart from every other directory's by a "shard"
// configuration key, and one correction for many comparisons runs over
// all of them.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/usage"
	"github.com/benchgate/benchgate/internal/brief"
)

// maxManifest bounds a manifest.json read from an artifact; a run of
// the whole suite writes about a megabyte.
const maxManifest = 64 << 20

// ResultsSet is one results directory to merge, as ReadResultsDir found
// it.
type ResultsSet struct {
	// Dir is the directory; Label names it in the report: its shard
	// ("2/3"), else the directory's name.
	Dir, Label string
	// Files are the results files, one per side, in side order.
	Files []string
	// Manifest is the run's manifest; nil when the directory has none
	// (results from elsewhere: base.txt and head.txt).
	Manifest *runner.Manifest
	// Shard is the slice the run measured; zero when unsharded.
	Shard plan.Shard
}

// IsResultsDir reports whether dir holds a run's results: a manifest, or
// base.txt and head.txt.
func IsResultsDir(dir string) bool {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return false
	}
	if _, err := os.Lstat(filepath.Join(dir, runner.ManifestFile)); err == nil {
		return true
	}
	for _, f := range []string{"base.txt", "head.txt"} {
		if _, err := os.Lstat(filepath.Join(dir, f)); err != nil {
			return false
		}
	}
	return true
}

// IsLadderDir reports whether dir holds the results of a run of more
// than two sides.
func IsLadderDir(dir string) bool {
	set, err := ReadResultsDir(dir)
	return err == nil && len(set.Files) > 2
}

// ReadResultsDir reads a results directory, which may come from an
// untrusted artifact: its manifest must be a small regular file of
// valid JSON, and the results files it names regular files inside the
// directory (no symlinks that could point elsewhere on the runner).
func ReadResultsDir(dir string) (*ResultsSet, error) {
	set := &ResultsSet{Dir: dir, Label: filepath.Base(filepath.Clean(dir))}
	mp, err := RegularIn(dir, runner.ManifestFile)
	if err != nil {
		if _, lerr := os.Lstat(filepath.Join(dir, runner.ManifestFile)); lerr == nil {
			return nil, err
		}
		for _, f := range []string{"base.txt", "head.txt"} {
			p, err := RegularIn(dir, f)
			if err != nil {
				return nil, err
			}
			set.Files = append(set.Files, p)
		}
		return set, nil
	}
	f, err := os.Open(mp)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, maxManifest+1))
	f.Close()
	if err != nil {
		return nil, err
	}
	if len(data) > maxManifest {
		return nil, usage.Errorf("", "%s in %s is larger than %d bytes; refusing it", runner.ManifestFile, dir, maxManifest)
	}
	var m runner.Manifest
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&m); err != nil {
		return nil, usage.Errorf("", "%s in %s is not valid: %v", runner.ManifestFile, dir, err)
	}
	if len(m.Sides) < 2 || len(m.Sides) > plan.MaxConfigs {
		return nil, usage.Errorf("", "%s in %s names %d sides; a run has 2 to %d", runner.ManifestFile, dir, len(m.Sides), plan.MaxConfigs)
	}
	for _, s := range m.Sides {
		name := s.File
		if name != filepath.Base(name) || !strings.HasSuffix(name, ".txt") || strings.HasPrefix(name, ".") {
			return nil, usage.Errorf("", "%s in %s names the results file %q, which is not a file of the directory", runner.ManifestFile, dir, brief.Clip(name, 80))
		}
		p, err := RegularIn(dir, name)
		if err != nil {
			return nil, err
		}
		set.Files = append(set.Files, p)
	}
	if m.Shard != "" {
		if set.Shard, err = plan.ParseShard(m.Shard); err != nil {
			return nil, usage.Errorf("", "%s in %s names the shard %q, which is not k/n", runner.ManifestFile, dir, brief.Clip(m.Shard, 40))
		}
		set.Label = set.Shard.String()
	}
	set.Manifest = &m
	return set, nil
}

// empty reports whether the set is a shard that held no benchmark: its
// run measured nothing and did not fail. Earlier versions of benchgate
// recorded runner.ErrEmptyShard as such a run's manifest error; that is
// no failure either.
func (s *ResultsSet) empty() bool {
	if s.Manifest == nil || !s.Shard.On() {
		return false
	}
	if e := s.Manifest.Error; e != "" && !strings.HasPrefix(e, runner.ErrEmptyShard.Error()) {
		return false
	}
	for _, side := range s.Manifest.Sides {
		if side.Results > 0 {
			return false
		}
	}
	return true
}

// sideKey is what must agree between the sets' side i: its name, build
// and source.
func sideKey(m runner.ManifestSide) string {
	return strings.Join([]string{m.Name, plan.Side{Toolchain: m.Toolchain, Env: m.Env, PGO: m.PGO}.ConfigLabel(), m.Commit}, " ")
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
			if a, b := sideKey(first.Manifest.Sides[i]), sideKey(s.Manifest.Sides[i]); a != b {
				return usage.Errorf("merge the results of one run configuration: the same commits and toolchains in every directory",
					"%s and %s measured different sides: %s against %s", first.Dir, s.Dir, report.SanitizeText(a), report.SanitizeText(b))
			}
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
	// Others counts the other directories of the merge whose runs
	// failed too.
	Others int
}

func (e *FailedRunError) Error() string {
	what := "the run in " + e.Dir
	if e.Shard.On() {
		what = fmt.Sprintf("the run of shard %s (in %s)", e.Shard, e.Dir)
	}
	msg := fmt.Sprintf("%s failed, so its benchmarks were not all measured: %s", what, report.SanitizeLines(brief.Clip(e.Err, 2000)))
	if e.Others > 0 {
		msg += fmt.Sprintf("\n(and the runs in %d other directories failed too)", e.Others)
	}
	if !strings.Contains(e.Err, "\nhint: ") {
		msg += "\nhint: its log says more; fix what failed and run it again: judging the results of a failed run would pass what it did not measure"
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
		first = &FailedRunError{Dir: s.Dir, Shard: s.Shard, Err: s.Manifest.Error}
	}
	if first == nil {
		return nil
	}
	return first
}

// CheckResultsDirs refuses, for benchgate compare BASE HEAD, arguments
// (comma-separated lists, as for compare) that are results directories
// of runs that failed: their base.txt and head.txt hold what the run
// measured before it failed, or everything but what went missing, and
// comparing them would pass it; so are the results files of such a run
// given by name (.benchgate/base.txt). Other files, and directories
// without a manifest, are left to the comparison.
func CheckResultsDirs(args ...string) error {
	var sets []*ResultsSet
	seen := map[string]bool{} // the directories in sets
	for _, arg := range args {
		for _, p := range SplitList(arg) {
			st, err := os.Stat(p)
			if err != nil {
				continue
			}
			dir := filepath.Clean(p)
			if !st.IsDir() {
				dir = filepath.Dir(dir)
			}
			if seen[dir] {
				continue
			}
			if _, err := os.Lstat(filepath.Join(dir, runner.ManifestFile)); err != nil {
				continue
			}
			set, err := ReadResultsDir(dir)
			if err != nil {
				if !st.IsDir() {
					continue // a file beside a manifest that is not ours to judge
				}
				return err
			}
			if !st.IsDir() && !slices.ContainsFunc(set.Files, func(f string) bool { return sameFile(f, p) }) {
				continue // another file in that directory
			}
			seen[dir] = true
			sets = append(sets, set)
		}
	}
	return checkFailed(sets)
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
					c := &res.Comparisons[j]
					c.Config = withConfig(c.Config, "shard", s.Label)
					c.ConfigOrder = append(slices.DeleteFunc(slices.Clone(c.ConfigOrder), func(k string) bool { return k == "shard" }), "shard")
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
// before it was recorded). Runs that judged differently are refused: a
// merge is one gate.
func RunJudgement(dirs []string) (*runner.Judgement, error) {
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
		if *set.Manifest.Judged != *j {
			return nil, usage.Errorf("run every shard with the same {alpha}, {decide}, {correction}, {threshold}, {thresholds}, {warn-threshold}, {confidence} and {ladder-gate}, or give them to compare to judge all the directories alike",
				"%s and %s were judged differently: %s against %s", from, d, judgementText(j), judgementText(set.Manifest.Judged))
		}
	}
	return j, nil
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

// AddManifestNotes adds to rep what the sets' manifests say beyond their
// results: the benchmarks every side skipped, and the benchmark and
// setup functions whose code differs between the sides (the setup ones
// also as warnings). A manifest may come from an untrusted artifact: its
// lists are bounded and its text clipped.
func AddManifestNotes(rep *report.Report, sets ...*ResultsSet) {
	var skips []runner.Skipped
	var names []string
	for _, s := range sets {
		if s.Manifest == nil {
			continue
		}
		skips = append(skips, manifestSkips(s.Manifest.Skipped)...)
		if names == nil {
			for _, m := range s.Manifest.Sides {
				names = append(names, brief.Clip(m.Name, 40))
			}
		}
	}
	rep.Skipped = skippedCount(skips)
	rep.Notes = append(rep.Notes, skippedNotes(skips)...)
	changed, warnings := changedBenchmarkNotes(manifestChanged(sets), names)
	rep.Notes = append(rep.Notes, changed...)
	rep.WarningNotes = append(rep.WarningNotes, warnings...)
}

// maxManifestSkips bounds the skipped benchmarks taken from a manifest,
// which may come from an untrusted artifact: a real run lists one per
// benchmark and side.
const maxManifestSkips = 10000

// manifestSkips are a manifest's skipped benchmarks as the notes may show
// them: at most maxManifestSkips, each field clipped as the runner clips
// a skip's reason, since an artifact's manifest is anyone's text.
func manifestSkips(in []runner.Skipped) []runner.Skipped {
	var out []runner.Skipped
	for _, sk := range in[:min(len(in), maxManifestSkips)] {
		out = append(out, runner.Skipped{Side: brief.Clip(sk.Side, 40), Package: brief.Clip(sk.Package, 200),
			Benchmark: brief.Clip(sk.Benchmark, 200), Reason: brief.Clip(sk.Reason, 400)})
	}
	return out
}

// maxManifestChanged bounds the changed functions taken from a manifest,
// which may come from an untrusted artifact.
const maxManifestChanged = 10000

// manifestChanged are the changed functions of the sets' manifests, once
// each (the shards of one run list the same ones), clipped as
// manifestSkips clips.
func manifestChanged(sets []*ResultsSet) []runner.ChangedBenchmark {
	var out []runner.ChangedBenchmark
	for _, s := range sets {
		if s.Manifest == nil {
			continue
		}
		for _, c := range s.Manifest.ChangedBenchmarks {
			c = runner.ChangedBenchmark{Package: brief.Clip(c.Package, 200), Benchmark: brief.Clip(c.Benchmark, 200)}
			if len(out) < maxManifestChanged && !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// setNote says which directory ran what, where.
func setNote(s *ResultsSet, res *compare.Result, several bool) string {
	fns := map[string]bool{}
	for _, c := range res.Comparisons {
		fns[c.Config["pkg"]+"\x00"+plan.Function("Benchmark"+c.Benchmark)] = true
	}
	what := "results"
	if s.Shard.On() {
		what = "shard " + s.Shard.String()
	} else if several {
		what = "shard " + s.Label
	}
	where := cpuName(firstConfig(res, "cpu"))
	if g := firstConfig(res, "goos"); g != "" {
		where += ", " + g + "/" + firstConfig(res, "goarch")
	}
	n := fmt.Sprintf("%s (%s): %d benchmark function(s) on %s", what, s.Dir, len(fns), where)
	if s.Manifest != nil {
		n += fmt.Sprintf(", %d rounds", s.Manifest.RoundsDone)
	}
	return n
}

// firstConfig is the first comparison's value of the configuration key k.
func firstConfig(res *compare.Result, k string) string {
	for _, c := range res.Comparisons {
		if v := c.Config[k]; v != "" {
			return v
		}
	}
	return ""
}

func cpuName(cpu string) string {
	// go test pads some CPUs' names ("...Processor      ").
	if cpu = strings.TrimSpace(cpu); cpu == "" {
		return "an unnamed CPU"
	}
	return "cpu " + cpu
}

func sortedCPUs(m map[string][]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// withConfig is a copy of m with k set to v.
func withConfig(m map[string]string, k, v string) map[string]string {
	out := map[string]string{k: v}
	for mk, mv := range m {
		if mk != k {
			out[mk] = mv
		}
	}
	return out
}

// setSides describes the sides of a set for the report, from its
// manifest; nil without one.
func setSides(s *ResultsSet) []report.Side {
	if s.Manifest == nil {
		return nil
	}
	var out []report.Side
	for _, m := range s.Manifest.Sides {
		ps := plan.Side{Name: m.Name, Ref: m.Ref, Commit: m.Commit, Toolchain: m.Toolchain, Env: m.Env, PGO: m.PGO}
		label := ps.Label()
		if m.GoVersion != "" {
			label = m.GoVersion + " · " + label
		}
		side := report.Side{Name: m.Name, Label: label, Ref: m.Ref, Commit: m.Commit, Toolchain: m.Toolchain, GoVersion: m.GoVersion}
		if len(s.Manifest.Sides) > 2 {
			side.Config = ps.ConfigLabel()
		}
		out = append(out, side)
	}
	return out
}

// RegularIn is the path of the file name in the results directory dir,
// which may come from an untrusted artifact: it must be a regular file,
// not a symlink that could point anywhere on the runner, nor a FIFO or a
// device that could block or never end.
func RegularIn(dir, name string) (string, error) {
	p := filepath.Join(dir, name)
	st, err := os.Lstat(p)
	if err != nil {
		return "", usage.Errorf("", "results directory %s has no %s: %v", dir, name, brief.Cause(err))
	}
	if !st.Mode().IsRegular() {
		return "", usage.Errorf("upload only the files benchgate run wrote (actions/upload-artifact keeps them regular)",
			"%s in %s is %s, not a regular file; refusing it", name, dir, compare.FileKind(st.Mode()))
	}
	return p, nil
}

// sameFile reports whether paths a and b name one file.
func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}
