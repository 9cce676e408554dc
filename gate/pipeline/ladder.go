package pipeline

// Ladders: a run over three or more toolchain configurations of one
// source (Config.Configs). Every side is built once and all of them run
// interleaved, the order rotating each round; the sides' results files
// are then compared in steps, each side against the one before and the
// first against the last, each step with the two-sided compare and
// decide stages, and one correction for many comparisons over all the
// steps that can fail the gate (Config.LadderGate).

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
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

// ParseLadderGate parses a {ladder-gate} value: any (every step, and the
// first against the last) or first-last.
func ParseLadderGate(s string) (string, error) {
	switch s = strings.TrimSpace(s); s {
	case "", report.GateAnyStep:
		return report.GateAnyStep, nil
	case report.GateFirstLast:
		return s, nil
	}
	return "", usage.Errorf("", "invalid {ladder-gate} %q: want %s (every step, and the first against the last) or %s (only the first against the last)",
		s, report.GateAnyStep, report.GateFirstLast)
}

// step is one comparison of a run: side from against side to.
type step struct {
	from, to int
	// gates reports that the step can fail the gate.
	gates bool
}

// planSteps are the comparisons of n sides: for two, base against head;
// for more, each side against the one before, then the first against
// the last, those that gate as gate says.
func planSteps(n int, gate string) []step {
	if n <= 2 {
		return []step{{0, 1, true}}
	}
	var out []step
	for i := 1; i < n; i++ {
		out = append(out, step{i - 1, i, gate != report.GateFirstLast})
	}
	return append(out, step{0, n - 1, true})
}

// sideFiles are the plan's results files, in side order.
func sideFiles(p *plan.Plan) []string {
	var out []string
	for _, s := range p.Sides {
		out = append(out, filepath.Join(p.ResultsDir, s.Name+".txt"))
	}
	return out
}

// sidesOf are the sides cfg asks for, before refs are resolved: base and
// head, or its toolchain configurations, all of HeadRef's source.
func sidesOf(cfg Config) ([]plan.Side, error) {
	if len(cfg.Configs) == 0 {
		return []plan.Side{
			{Name: "base", Ref: cfg.BaseRef, Toolchain: cfg.BaseToolchain},
			{Name: "head", Ref: cfg.HeadRef, Toolchain: cfg.HeadToolchain},
		}, nil
	}
	switch {
	case cfg.BaseRef != "":
		return nil, usage.Errorf("give {head-ref} for the commit every configuration builds, or run the configurations on each commit",
			"{configs} compares toolchains of one source, so {base-ref} %q cannot be used with it", cfg.BaseRef)
	case cfg.BaseToolchain != "" || cfg.HeadToolchain != "":
		return nil, usage.Errorf("put every toolchain in {configs}", "{configs} names the toolchains, so {base-toolchain} and {head-toolchain} cannot be used with it")
	case len(cfg.Configs) < 2:
		return nil, usage.Errorf("", "invalid {configs}: a comparison needs at least two configurations")
	}
	sides := make([]plan.Side, len(cfg.Configs))
	for i, c := range cfg.Configs {
		sides[i] = c
		sides[i].Env = slices.Clone(c.Env)
		sides[i].Ref, sides[i].Commit = cfg.HeadRef, ""
		sides[i].Name = fmt.Sprintf("s%d", i)
	}
	if len(sides) == 2 {
		sides[0].Name, sides[1].Name = "base", "head"
	}
	return sides, nil
}

// loadSteps reads each step's two results files.
func loadSteps(ctx context.Context, files []string, steps []step, opts compare.Options) ([]*compare.Result, error) {
	out := make([]*compare.Result, len(steps))
	for i, st := range steps {
		res, err := compare.LoadContext(ctx, files[st.from:st.from+1], files[st.to:st.to+1], opts)
		if err != nil {
			return nil, err
		}
		out[i] = res
	}
	return out, nil
}

// decideSteps decides the steps: those that can fail the gate as one
// family (one correction for many comparisons over all of them), the
// others as another.
func decideSteps(results []*compare.Result, steps []step, p decide.Policy) []*decide.Result {
	out := make([]*decide.Result, len(steps))
	for _, gates := range []bool{true, false} {
		var parts []*compare.Result
		var idx []int
		for i, st := range steps {
			if st.gates == gates {
				parts = append(parts, results[i])
				idx = append(idx, i)
			}
		}
		if len(parts) == 0 {
			continue
		}
		for j, r := range decide.Joint(parts, p) {
			out[idx[j]] = r
		}
	}
	return out
}

// gatingFamily is the size of the family of the steps that can fail the
// gate.
func gatingFamily(decs []*decide.Result, steps []step) int {
	for i, st := range steps {
		if st.gates && decs[i] != nil {
			return decs[i].Family
		}
	}
	return 0
}

// ladderReport builds the ladder's report from the steps' results and
// their decisions (decideSteps); names renders the notes.
func ladderReport(sides []report.Side, results []*compare.Result, decs []*decide.Result, steps []step, policy decide.Policy, names usage.Style, gate string) *report.Report {
	var lsteps []report.LadderStep
	seen := map[string]bool{}
	var notes, warnings []string
	conf := 0.0
	for i, st := range steps {
		res := results[i]
		conf = res.Confidence
		srep := newReport(res, decs[i], policy, names)
		for _, n := range srep.Notes {
			if !seen[n] {
				seen[n] = true
				notes = append(notes, n)
			}
		}
		for _, n := range srep.WarningNotes {
			if !slices.Contains(warnings, n) {
				warnings = append(warnings, n)
			}
		}
		lsteps = append(lsteps, report.LadderStep{From: st.from, To: st.to, Gates: st.gates, Report: srep})
	}
	rep := report.NewLadder(sides, lsteps, gate, policy, conf)
	rep.Notes, rep.WarningNotes = notes, warnings
	return rep
}

// analyzeLadderRun compares what a ladder run measured, step by step.
// When the run failed, the report shows whatever the steps measured,
// under the error verdict.
func analyzeLadderRun(p *plan.Plan, out *runner.Outcome, steps []step, policy decide.Policy, opts compare.Options, runErr error, names usage.Style, gate string) (*report.Report, error) {
	var sides []report.Side
	for _, s := range out.Sides {
		sides = append(sides, reportSide(p, s))
	}
	results, err := loadSteps(context.Background(), out.Files(), steps, opts)
	if err == nil {
		for i, res := range results {
			if err = checkInputs(res); err != nil {
				var ie *compare.InputError
				if errors.As(err, &ie) {
					ie.Msg = fmt.Sprintf("step %s → %s: %s", out.Sides[steps[i].from].ConfigLabel(), out.Sides[steps[i].to].ConfigLabel(), ie.Msg)
				}
				break
			}
		}
	}
	if err == nil {
		err = checkThresholdUnits(policy, "; the results are in "+p.ResultsDir, results...)
	}
	var rep *report.Report
	if err == nil {
		rep = ladderReport(sides, results, decideSteps(results, steps, policy), steps, policy, names, gate)
	}
	if runErr != nil {
		if err != nil {
			var empty []report.LadderStep
			for _, st := range steps {
				empty = append(empty, report.LadderStep{From: st.from, To: st.to, Gates: st.gates,
					Report: report.Empty(policy, "", opts.Confidence)})
			}
			rep = report.NewLadder(sides, empty, gate, policy, opts.Confidence)
		}
		rep.Verdict = decide.ErrorVerdict
		rep.Error = usage.Text(runErr, names)
		rep.Failure = failureOf(runErr)
		return rep, nil
	}
	return rep, err
}

// checkMissingLadder is checkMissing for each step of a ladder between
// neighbours: every side is some step's base or head.
func checkMissingLadder(out *runner.Outcome, steps []step, opts compare.Options) error {
	files := out.Files()
	all := &MissingResultsError{}
	for _, st := range steps {
		if st.to != st.from+1 {
			continue
		}
		res, err := compare.Load(files[st.from:st.from+1], files[st.to:st.to+1], opts)
		if err != nil {
			return nil
		}
		var me *MissingResultsError
		if err := missingResults(&runner.Outcome{Sides: []*runner.SideResult{out.Sides[st.from], out.Sides[st.to]}}, res); errors.As(err, &me) {
			all.add(me)
		}
	}
	if all.empty() {
		return nil
	}
	return all
}

// ladderRunNotes are runNotes for a ladder: the sides' rejected lines
// and skips, then per step the benchmarks only one side of it has.
func ladderRunNotes(out *runner.Outcome, rep *report.Report) []string {
	notes := runNotes(out, &report.Report{Verdict: rep.Verdict})
	if rep.Verdict == decide.ErrorVerdict || rep.Ladder == nil {
		return notes
	}
	for _, st := range rep.Ladder.Steps {
		if st.To != st.From+1 {
			continue
		}
		ran := ranOnBothSides(st.Report.Decisions)
		for _, status := range []decide.Status{decide.Removed, decide.New} {
			var names, units []string
			for _, d := range st.Report.Decisions {
				switch {
				case d.Status != status:
				case ran[d.Row()]:
					if u := d.Benchmark + " " + d.Unit; !slices.Contains(units, u) {
						units = append(units, u)
					}
				case !slices.Contains(names, d.Benchmark):
					names = append(names, d.Benchmark)
				}
			}
			has, lacks := out.Sides[st.From].ConfigLabel(), out.Sides[st.To].ConfigLabel()
			if status == decide.New {
				has, lacks = lacks, has
			}
			if len(names) > 0 {
				notes = append(notes, fmt.Sprintf("%s → %s: %s: %s: only %s has these benchmarks, so they were not compared in this step",
					out.Sides[st.From].ConfigLabel(), out.Sides[st.To].ConfigLabel(), status, brief.List(names, 10), has))
			}
			if len(units) > 0 {
				notes = append(notes, fmt.Sprintf("%s → %s: %s: %s: these benchmarks ran on both sides, but %s reported no such unit, so these units were not compared in this step; their other units were",
					out.Sides[st.From].ConfigLabel(), out.Sides[st.To].ConfigLabel(), status, brief.List(units, 10), lacks))
			}
		}
	}
	return notes
}

// emptyShard is the result of a run whose shard holds none of the
// benchmark functions: a pass with a note, since the other shards
// measure them all and the merge gates them.
func emptyShard(cfg Config, p *plan.Plan, out *runner.Outcome, policy decide.Policy, opts compare.Options, runErr error, names usage.Style) (*Result, error) {
	rep := report.Empty(policy, decide.Pass, opts.Confidence)
	rep.ResultsDir = p.ResultsDir
	rep.Notes = append(rep.Notes, names.Render(fmt.Sprintf("%v: nothing to measure here; the other shards of {shard} %s measure the rest, and {merge} merges their results directories", errors.Unwrap(runErr), p.Shard)))
	if p.IsLadder() {
		var steps []report.LadderStep
		for _, st := range planSteps(len(p.Sides), report.GateAnyStep) {
			steps = append(steps, report.LadderStep{From: st.from, To: st.to, Gates: st.gates, Report: report.Empty(policy, decide.Pass, opts.Confidence)})
		}
		var sides []report.Side
		for _, s := range out.Sides {
			sides = append(sides, reportSide(p, s))
		}
		notes := rep.Notes
		rep = report.NewLadder(sides, steps, report.GateAnyStep, policy, opts.Confidence)
		rep.Notes, rep.ResultsDir = notes, p.ResultsDir
	} else {
		for _, s := range out.Sides {
			rep.Sides = append(rep.Sides, reportSide(p, s))
		}
	}
	if err := writeRunReports(cfg, p.ResultsDir, rep); err != nil {
		return nil, err
	}
	return &Result{Plan: p, Run: out, Report: rep, Policy: policy, Options: opts}, nil
}

// reportSide describes a side of the run for the report; a ladder's
// sides head their columns with their configurations.
func reportSide(p *plan.Plan, s *runner.SideResult) report.Side {
	side := report.Side{Name: s.Name, Label: s.Label(), Ref: s.Ref, Commit: s.Commit, Toolchain: s.Toolchain, GoVersion: s.GoVersion}
	if p.IsLadder() {
		side.Config = s.ConfigLabel()
	}
	return side
}

// shardNote says what a sharded run measured.
func shardNote(p *plan.Plan, out *runner.Outcome) string {
	fns := map[string]bool{}
	for _, s := range out.Sides {
		for _, pkg := range s.Packages {
			for _, f := range pkg.Benchmarks {
				fns[pkg.ImportPath+"\x00"+f] = true
			}
		}
	}
	return fmt.Sprintf("shard %s: this run measured %d benchmark function(s), its slice of those {bench} selects; {merge} merges the shards' results directories and gates them once", p.Shard, len(fns))
}

// shardFamilyWarning warns, for a shard whose rounds can decide its own
// family of m comparisons, when the merge of all shards would be refused
// (checkMergedFamily) if the other shards' functions had as many
// comparisons each as this one's: a shard cannot know them, but the jobs
// of a matrix had better learn it before all of them have run.
func shardFamilyWarning(p *plan.Plan, out *runner.Outcome, m int, policy decide.Policy) string {
	in, all := out.ShardFunctions, out.AllFunctions
	if in == 0 || all <= in || m == 0 {
		return ""
	}
	est := (m*all + in - 1) / in
	need, _ := familyNeed(policy, est)
	if p.Rounds >= need {
		return ""
	}
	return fmt.Sprintf("shard %s holds %d of the %d benchmark functions and %d comparisons that can fail the gate; if the others' functions have as many, the merge of all shards has about %d, too many for {rounds} %d, and will be refused: run every shard with {rounds} %d or more",
		p.Shard, in, all, m, est, p.Rounds, need)
}
