package action

import (
	"context"

	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/pipeline"
	"github.com/benchgate/benchgate/gate/publish"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/internal/brief"
)

// reportCommand is the privileged half of the fork-safe split.
func (s *step) reportCommand(ctx context.Context, resultsDir string) error {
	if dirs := mergedResults(resultsDir); len(dirs) > 0 {
		return s.reportMerged(ctx, resultsDir, dirs)
	}
	base, head, meta, err := readResults(resultsDir)
	if err != nil {
		return err
	}
	// A measuring run that failed (exit 3) says so in its manifest: its
	// results are not all there, and judging them again must not pass.
	if err := pipeline.CheckResultsDirs(resultsDir); err != nil {
		return err
	}
	// Recompute from the raw results: a report.json in an artifact is
	// whatever the fork wanted it to be. Its rounds split into stages as
	// the measuring run split them, which its manifest records, whatever
	// this step's own rounds inputs say, and what the manifest says
	// beyond the results (skipped benchmarks, benchmark code and
	// TestMains that differ) goes in the report, as the measuring run's
	// own report said it. CheckResultsDirs has refused a manifest that
	// cannot be read; without one, the policy and notes are as they were.
	set, _ := pipeline.ReadResultsDir(resultsDir)
	rep, policy, err := pipeline.AnalyzeRun(ctx, set, []string{base}, []string{head}, s.in.analysisPolicy(), s.in.run.Compare, inputStyle)
	if err != nil {
		return err
	}
	if set != nil && set.Manifest != nil && !set.NotRun() {
		// Judged by this step's inputs, as it must (the manifest is the
		// artifact's word), but where the measuring run judged
		// otherwise, its check and this report may disagree: say so.
		if d := pipeline.JudgedOtherwise(set.Manifest.Judged, policy, s.in.run.Compare); d != "" {
			rep.WarningNotes = append(rep.WarningNotes, "the measuring run's manifest says it judged with "+d+": this step judges by its own inputs, so its verdict may differ from the measuring job's; give both steps the same threshold, alpha and decision inputs")
		}
	}
	return s.publishReport(ctx, rep, resultsDir, meta, policy)
}

// publishReport is the end of command report: the report checked
// against what GitHub says the measuring run was, then written, set as
// outputs, commented and gated.
func (s *step) publishReport(ctx context.Context, rep *report.Report, resultsDir string, meta *Metadata, policy decide.Policy) error {
	rep.ResultsDir = s.workspaceRel(resultsDir)
	if meta != nil {
		if repo := s.w.gh.Repository; meta.Repository != "" && repo != "" && meta.Repository != repo {
			s.a.Warningf("benchgate: the results say they are for %s, but this is %s; not commenting", report.SanitizeText(brief.Clip(meta.Repository, 100)), repo)
			meta.PRNumber = 0
		}
	}
	number, prBase := s.trustedPR(ctx, meta)
	sides, verified := s.verifiedSides(meta, prBase)
	if rep.Ladder == nil {
		rep.Sides = sides
	}
	s.w.text.report(rep)
	rep.Write(s.w.env.Stdout, report.Text)
	if err := pipeline.WriteReports(resultsDir, rep); err != nil {
		s.a.Warningf("benchgate: writing reports: %v", err)
	}
	s.setOutputs(rep, resultsDir)
	if meta != nil && meta.CommentID != "" && s.in.commentID == publish.DefaultCommentID {
		s.in.commentID = meta.CommentID
	}
	if verified {
		s.publish(ctx, rep, number)
	}
	return s.gate(rep, policy.FailOn)
}

// verifiedSides labels the report's sides with commits GitHub vouches for,
// never with the artifact's word alone: head with the event's head
// (workflow_run.head_sha, the commit the measuring run was for), base with
// the event's base or the base of the pull request trustedPR checked
// (prBase), when the metadata agrees. If the metadata names another head,
// the artifact is not what the run measured: it warns, labels nothing,
// and reports ok=false, so that nothing is commented.
func (s *step) verifiedSides(meta *Metadata, prBase string) (sides []report.Side, ok bool) {
	ev := s.w.event
	var metaBase, metaHead string
	if meta != nil {
		metaBase, metaHead = meta.BaseSHA, meta.HeadSHA
	}
	if ev == nil || ev.HeadSHA == "" {
		if metaBase != "" || metaHead != "" {
			s.a.Infof("benchgate: the event names no commit to check the results' commits against, so the report names none")
		}
		return nil, true
	}
	head, source := ev.HeadSHA, "the event's head commit"
	if ev.WorkflowRun != nil {
		source = "workflow_run.head_sha (the commit the measuring run was for)"
	}
	if metaHead != "" && metaHead != head {
		s.a.Warningf("benchgate: the results say they measured head %s, but %s is %s; these are not that run's results, so no comment",
			brief.Commit(metaHead), source, brief.Commit(head))
		return nil, false
	}
	base := ev.BaseSHA
	if base == "" {
		base = prBase
	}
	baseLabel := "(commit not verified)"
	switch {
	case base != "" && (metaBase == "" || metaBase == base):
		baseLabel = brief.Commit(base)
	case base != "":
		s.a.Infof("benchgate: the results say they measured base %s, but the pull request's base is %s; the report leaves base unlabelled", brief.Commit(metaBase), brief.Commit(base))
		base = ""
	default:
		base = ""
	}
	return []report.Side{
		{Name: "base", Label: baseLabel, Commit: base},
		{Name: "head", Label: brief.Commit(head), Commit: head},
	}, true
}

// trustedPR decides which pull request the report may comment on. The
// workflow_run event lists the run's pull requests for same-repository
// branches; for forks it lists none, and the number must come from the
// artifact. A fork could name any pull request there, so the number is
// accepted only if that pull request's head is the commit the measuring
// run was for (workflow_run.head_sha, which GitHub sets, not the fork).
// It also returns that pull request's base commit, when it looked.
func (s *step) trustedPR(ctx context.Context, meta *Metadata) (number int, base string) {
	if s.in.prNumber > 0 {
		return s.in.prNumber, ""
	}
	ev := s.w.event
	if ev == nil {
		return 0, ""
	}
	if ev.WorkflowRun == nil {
		return ev.PRNumber, ""
	}
	if len(ev.WorkflowRun.PullRequests) > 0 {
		return ev.WorkflowRun.PullRequests[0], ""
	}
	if meta == nil || meta.PRNumber <= 0 {
		s.a.Infof("benchgate: the measuring run names no pull request, so no comment")
		return 0, ""
	}
	owner, repo, ok := s.repository()
	if !ok || s.in.token == "" {
		return 0, ""
	}
	c, err := publish.New(publish.Config{Token: s.in.token, APIURL: s.w.gh.APIURL})
	if err != nil {
		s.a.Warningf("benchgate: cannot check the pull request: %v", err)
		return 0, ""
	}
	pr, _, err := c.Client().PullRequests.Get(ctx, owner, repo, meta.PRNumber)
	if err != nil {
		s.a.Warningf("benchgate: cannot check pull request #%d: %v; not commenting", meta.PRNumber, err)
		return 0, ""
	}
	if got := pr.GetHead().GetSHA(); got != ev.WorkflowRun.HeadSHA {
		s.a.Warningf("benchgate: the results name pull request #%d, whose head is %s, but the measuring run was for %s; not commenting", meta.PRNumber, brief.Commit(got), brief.Commit(ev.WorkflowRun.HeadSHA))
		return 0, ""
	}
	if base = pr.GetBase().GetSHA(); !gitx.IsFullHash(base) {
		base = ""
	}
	return meta.PRNumber, base
}
