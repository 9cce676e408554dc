package action

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/ghevent"
	"github.com/benchgate/benchgate/gate/pipeline"
	"github.com/benchgate/benchgate/gate/publish"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/usage"
	"github.com/sethvargo/go-githubactions"
)

// setOutputs writes the action's outputs, the job summary and one error
// annotation per regression.
func (s *step) setOutputs(rep *report.Report, resultsDir string) {
	s.outputsSet = true
	s.handOver(resultsDir)
	s.a.SetOutput("verdict", string(rep.Verdict))
	s.a.SetOutput("regressions", strconv.Itoa(rep.Counts[decide.Regression]))
	// Paths relative to the workspace: a container action sees the
	// workspace at /github/workspace, the runner's later steps at another
	// path, and relative paths mean the same to both.
	out := s.workspaceRel(resultsDir)
	s.a.SetOutput("results-dir", out)
	s.a.SetOutput("report", filepath.Join(out, "report.md"))
	s.a.SetOutput("json", filepath.Join(out, "report.json"))
	if s.w.gh.StepSummary != "" && s.wantSummary(rep) {
		var b strings.Builder
		rep.Write(&b, report.Markdown)
		// A step summary may hold 1 MiB.
		body, _ := publish.Fit(b.String(), 1<<20-1024, "*… the report was cut to fit the job summary; the full report is "+filepath.Base(resultsDir)+"/report.md in the results.*")
		s.a.AddStepSummary(s.w.text.rel(body))
	}
	for _, d := range rep.Decisions {
		if d.Warn {
			s.a.WithFieldsMap(map[string]string{"title": "benchgate: warning"}).Warningf("%s (%s): %s: %s",
				report.SanitizeText(d.Benchmark), report.SanitizeText(d.Unit), report.FormatDelta(d), report.SanitizeText(d.Note))
		}
		if d.Status != decide.Regression {
			continue
		}
		name := d.Benchmark
		if step := d.Config["step"]; step != "" {
			name = step + ": " + name // a ladder's
		}
		s.a.WithFieldsMap(map[string]string{"title": "benchgate: regression"}).Errorf("%s (%s): %s (p=%.3f), threshold %s",
			report.SanitizeText(name), report.SanitizeText(d.Unit), report.FormatDelta(d), d.P, decide.FormatPercent(d.Threshold))
	}
}

// wantSummary says whether the summary input asks for rep in the job
// summary.
func (s *step) wantSummary(rep *report.Report) bool {
	switch s.in.summary {
	case "never":
		return false
	case "on-regression":
		return rep.Verdict != decide.Pass
	}
	return true
}

// handOver gives the results in resultsDir to the workspace's owner, so
// that the job's later steps (an upload) can read them; failing that is
// a warning.
func (s *step) handOver(resultsDir string) {
	if err := giveToWorkspaceOwner(s.w.workspace, resultsDir); err != nil {
		s.a.Warningf("benchgate: handing the results in %s to the workspace's owner: %v", s.workspaceRel(resultsDir), err)
	}
}

// failedOutputs gives a step that failed before it had a report (a
// refused input, a -rounds refused after round 2, a failed run judged
// again) the outputs later steps read: verdict "error", and results-dir
// where results were written (a refusal after round 2 keeps the rounds
// so far), so that an upload step with if: always() finds them; and the
// error as an annotation, where the checks page shows it.
func (s *step) failedOutputs(resultsDir string, err error) {
	st, serr := os.Stat(resultsDir)
	// Command run names only results it wrote; report and compare name
	// the directory they were given.
	written := s.in == nil || s.in.command != "run" || manifestStamp(resultsDir) != s.manifestBefore
	if resultsDir != "" && serr == nil && st.IsDir() && written {
		s.handOver(resultsDir)
		s.a.SetOutput("results-dir", s.workspaceRel(resultsDir))
	}
	refused(s.a, err)
}

// manifestStamp identifies the manifest in the results directory dir as
// it is now (its size and modification time), "" where there is none: a
// step refused before it measured leaves an earlier step's manifest as
// it was, and must not name that step's results as its own, which a
// report step would then judge.
func manifestStamp(dir string) string {
	st, err := os.Stat(filepath.Join(dir, runner.ManifestFile))
	if err != nil || dir == "" {
		return ""
	}
	return fmt.Sprintf("%d %d", st.Size(), st.ModTime().UnixNano())
}

// refused gives a step that failed without a verdict of its own the
// verdict output "error" (the last value of an output wins, so it also
// overrides a report's), and err as an annotation, where the checks page
// shows it.
func refused(a *githubactions.Action, err error) {
	a.SetOutput("verdict", string(decide.ErrorVerdict))
	a.Errorf("%s", report.SanitizeText(usage.Text(err, inputStyle)))
}

// workspaceRel expresses path relative to the workspace when it is inside
// it.
func (s *step) workspaceRel(path string) string {
	ws := s.w.gh.Workspace
	if ws == "" {
		return path
	}
	rel, err := filepath.Rel(ws, path)
	if err != nil || !filepath.IsLocal(rel) {
		return path
	}
	return rel
}

// repository returns GITHUB_REPOSITORY as owner and name, and whether it
// has exactly that shape.
func (s *step) repository() (owner, repo string, ok bool) {
	owner, repo, ok = strings.Cut(s.w.gh.Repository, "/")
	return owner, repo, ok && ghevent.ValidName(owner) && ghevent.ValidName(repo)
}

// gate turns the verdict into the step's result.
func (s *step) gate(rep *report.Report, failOn decide.FailOn) error {
	for _, w := range rep.WarningNotes {
		s.a.Warningf("benchgate: %s", report.SanitizeText(w))
	}
	if err := pipeline.Gate(rep, failOn); err != nil {
		var reg *pipeline.RegressionError
		switch {
		case errors.As(err, new(*usage.Error)):
			// Results that could decide nothing: the report is out, and
			// the step is refused.
			refused(s.a, err)
		case errors.As(err, &reg) && reg.Verdict != decide.RegressionVerdict:
			// fail-on inconclusive: no regression has an annotation of
			// its own, so the checks page says why the step failed.
			s.a.WithFieldsMap(map[string]string{"title": "benchgate: inconclusive"}).Errorf("benchgate: %s", pipeline.InconclusiveWarning(rep, inputStyle))
		}
		return err
	}
	if rep.Verdict == decide.InconclusiveVerdict {
		s.a.Warningf("benchgate: %s", pipeline.InconclusiveWarning(rep, inputStyle))
	}
	return nil
}

// prNumber is the pull request to comment on: the event's, else the
// input's, else fallback.
func (s *step) prNumber(fallback int) int {
	if ev := s.w.event; ev != nil && ev.PRNumber > 0 {
		return ev.PRNumber
	}
	if s.in.prNumber > 0 {
		return s.in.prNumber
	}
	return fallback
}

// newCommenter is the GitHub API client for the PR comment.
func (s *step) newCommenter(logf func(string, ...any)) (*publish.Commenter, error) {
	return publish.New(publish.Config{
		Token:          s.in.token,
		APIURL:         s.w.gh.APIURL,
		Logf:           logf,
		Author:         s.in.commentAuthor,
		TruncationNote: "*… the comment was cut to fit GitHub's limit; the full report is in the job summary.*",
	})
}

// publish posts or updates the PR comment. Nothing here changes the
// verdict: failures are warnings.
func (s *step) publish(ctx context.Context, rep *report.Report, number int) {
	in := s.in
	if in.comment == "never" {
		return
	}
	if number <= 0 {
		if in.comment == "always" {
			s.a.Infof("benchgate: not a pull request, so no comment")
		}
		return
	}
	if in.token == "" {
		// Empty only where the workflow emptied it (its default is the
		// job's token): the fork-safe split's measuring job, which
		// comments from its report job. A warning on every run of it
		// would be noise.
		s.a.Infof("benchgate: github-token is empty, so no PR comment from this step")
		return
	}
	owner, repo, ok := s.repository()
	if !ok {
		s.a.Warningf("benchgate: GITHUB_REPOSITORY is not owner/repo, so no PR comment")
		return
	}
	var body strings.Builder
	rep.Write(&body, report.Markdown)
	// Paths in the workspace, from it: the container's /github/workspace
	// means nothing to a reviewer.
	md := s.w.text.rel(body.String())
	body.Reset()
	body.WriteString(md)
	if len(in.cc) > 0 && (rep.Verdict == decide.RegressionVerdict || rep.Verdict == decide.ErrorVerdict) {
		// Only the logins of the cc input, checked when it was read,
		// can mention anyone: names in the report cannot.
		fmt.Fprintf(&body, "\ncc %s\n", strings.Join(in.cc, " "))
	}
	if url := s.runURL(); url != "" {
		fmt.Fprintf(&body, "\n<sub>[Workflow run](%s)</sub>\n", url)
	}
	c, err := s.newCommenter(func(format string, args ...any) { s.a.Infof(format, args...) })
	if err != nil {
		s.a.Warningf("benchgate: cannot comment: %v", err)
		return
	}
	create := in.comment == "always" || rep.Verdict == decide.RegressionVerdict || rep.Verdict == decide.ErrorVerdict
	var res *publish.Result
	if create {
		res, err = c.Upsert(ctx, owner, repo, number, in.commentID, body.String())
	} else {
		res, err = c.Update(ctx, owner, repo, number, in.commentID, body.String())
	}
	var perm *publish.PermissionError
	switch {
	case errors.As(err, &perm):
		s.a.Warningf("benchgate: the token may not comment on this pull request (%v). For pull requests from forks, use the fork-safe workflow_run split described in the README.", err)
	case err != nil:
		s.a.Warningf("benchgate: commenting failed: %v", err)
	case res.Action == publish.NotFound:
		s.a.Infof("benchgate: no regression and no earlier comment, so no comment (comment: on-regression)")
	default:
		s.a.Infof("benchgate: comment %s: %s", res.Action, res.URL)
		s.a.SetOutput("comment-url", res.URL)
	}
	if err == nil {
		s.noteIgnoredBots(res)
	}
}

// noteIgnoredBots says, when marked comments by a bot were left alone
// because the token's identity was assumed, how to make them count.
func (s *step) noteIgnoredBots(res *publish.Result) {
	if !res.AuthorAssumed {
		return
	}
	var bots []string
	for _, a := range res.IgnoredAuthors {
		if strings.HasSuffix(a, "[bot]") {
			bots = append(bots, a)
		}
	}
	if len(bots) == 0 {
		return
	}
	did := "left them alone"
	switch res.Action {
	case publish.Created:
		did = "left them alone and created a new comment"
	case publish.NotFound:
		did = "left them alone and created none (comment: on-regression)"
	}
	s.a.Infof("benchgate: %d comment(s) carrying benchgate's marker are by %s, and GitHub does not say which account this token comments as, so only %s's count; benchgate %s. "+
		"If github-token is a GitHub App's token, set input comment-author to the app's login (e.g. comment-author: %s)",
		len(res.Ignored), strings.Join(bots, ", "), res.Author, did, bots[0])
}

func (s *step) runURL() string {
	gh := s.w.gh
	if gh.ServerURL == "" || gh.Repository == "" || gh.RunID == 0 {
		return ""
	}
	return fmt.Sprintf("%s/%s/actions/runs/%d", gh.ServerURL, gh.Repository, gh.RunID)
}
