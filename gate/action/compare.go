package action

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/pipeline"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/usage"
)

// compareCommand compares result files given as inputs.
func (s *step) compareCommand(ctx context.Context, dir string) error {
	if s.in.compareDirs != "" {
		return s.mergeCommand(ctx, dir)
	}
	if s.in.compareBase == "" || s.in.compareHead == "" {
		return &usage.Error{Msg: "command compare needs the inputs compare-base and compare-head"}
	}
	var paths, lists [2][]string
	for i, arg := range []string{s.in.compareBase, s.in.compareHead} {
		var list []string
		for _, part := range strings.Split(arg, ",") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			abs, err := within(s.w.workspace, dir, part, []string{"compare-base", "compare-head"}[i])
			if err != nil {
				return err
			}
			list = append(list, abs)
		}
		// A results directory whose run failed is not all there.
		if err := pipeline.CheckResultsDirs(list...); err != nil {
			return err
		}
		side := []compare.Side{compare.Base, compare.Head}[i]
		files, err := compare.ExpandPaths(side, list)
		if err != nil {
			return err
		}
		paths[i], lists[i] = files, list
	}
	// A results directory given as both sides is that run (below); as
	// one side only, its two sides would be pooled into that one.
	oneForBoth := len(lists[0]) == 1 && len(lists[1]) == 1 && lists[0][0] == lists[1][0]
	if !oneForBoth {
		for i, list := range lists {
			if err := pipeline.ResultsDirAsSide(list, []string{"input compare-base", "input compare-head"}[i], "give the directory as both compare-base and compare-head (%s)"); err != nil {
				return err
			}
		}
	}
	// Files someone else measured (go test -count) are one stage at the
	// inputs' alpha, as benchgate compare judges them: no adaptive round
	// ever followed them. A results directory of benchgate run given as
	// both sides is judged in the stages its manifest records, as command
	// report judges one.
	var set *pipeline.ResultsSet
	if oneForBoth && pipeline.IsResultsDir(lists[0][0]) {
		var err error
		if set, err = pipeline.ReadResultsDir(lists[0][0]); err != nil {
			return err
		}
	}
	policy := s.in.run.Policy
	if set == nil && !s.in.decideGiven {
		// go test -count runs one side's samples back to back, then the
		// other's: the i-th base sample and the i-th head sample are no
		// round, so the paired test has nothing to pair (benchgate
		// compare's default too).
		policy.Test = decide.UTest
	}
	rep, policy, err := pipeline.AnalyzeRun(ctx, set, paths[0], paths[1], policy, s.in.run.Compare, inputStyle)
	if err != nil {
		return err
	}
	raw := "" // the files of compare-base and compare-head, named in the inputs
	if set != nil {
		raw = lists[0][0]
	}
	return s.finishAnalysis(ctx, filepath.Join(dir, s.in.resultsDir), raw, rep, policy.FailOn)
}

// finishAnalysis ends a command that analyses files someone else
// measured (compare, and report over merged directories): the text report
// in the log, every format written into out, the outputs, the comment and
// the gate. A report that cannot be written is a warning: the verdict
// and the log still stand. out holds only the reports; raw is the results
// directory that holds the raw results, where there is one, which the
// report names ("Raw results (benchstat input)").
func (s *step) finishAnalysis(ctx context.Context, out, raw string, rep *report.Report, failOn decide.FailOn) error {
	if raw != "" {
		rep.ResultsDir = s.workspaceRel(raw)
	}
	s.w.text.report(rep)
	rep.Write(s.w.env.Stdout, report.Text)
	err := os.MkdirAll(out, 0o755)
	if err == nil {
		err = pipeline.WriteReports(out, rep)
	}
	if err != nil {
		s.a.Warningf("benchgate: writing the reports into %s: %v", s.workspaceRel(out), err)
	}
	s.setOutputs(rep, out)
	s.publish(ctx, rep, s.prNumber(0))
	return s.gate(rep, failOn)
}
