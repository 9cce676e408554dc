package action

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"github.com/benchgate/benchgate/gate/ghevent"
	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/pipeline"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/usage"
	"github.com/benchgate/benchgate/internal/brief"
)

// runCommand measures base and head, then publishes and gates.
func (s *step) runCommand(ctx context.Context, dir, resultsDir string) error {
	in, ev := s.in, s.w.event
	cfg := in.run
	cfg.Dir = dir
	// The workspace belongs to another uid in a container action; without
	// this, git refuses to work in it ("dubious ownership"). Command-line
	// scoped configuration through the environment reaches our git calls
	// and the go command's, and changes no file.
	cfg.Environ = withSafeDirectory(s.w.env.Environ, s.w.workspace)
	if in.cacheDir != "" {
		env, release, err := withCacheDir(ctx, cfg.Environ, s.w.workspace, in.cacheDir)
		if err != nil {
			return err
		}
		defer release()
		cfg.Environ = env
	}
	cfg.Out = resultsDir
	cfg.ResultsLabel = s.workspaceRel(resultsDir)
	cfg.ReportText = s.w.text.rel // the reports name paths as the log does
	cfg.Names = inputStyle
	cfg.Progress = pipeline.Progress(s.w.env.Stdout, inputStyle)

	// In a job that holds a write token (pull_request_target,
	// workflow_run, or an event benchgate does not read, such as
	// issue_comment), the code of a pull request is not built unless the
	// workflow says so (trust.go).
	trust := newCodeTrust(ev, s.w.gh.SHA)
	if ev == nil {
		trust = newOtherEventTrust(s.w.otherEvent, s.w.gh.SHA)
	}
	// Sides: explicit inputs win; otherwise the event says. Where the
	// event's commits are the code to measure (pull_request, push), it
	// says for each side on its own: a head-ref alone is measured against
	// the event's base, not against HEAD~1 of whatever that ref is (which
	// compared the last commit only and passed the pull request's
	// regression), and a base-ref alone against the event's head. In a
	// job with a write token, a ref given means the workflow chose its
	// sides: the other is its default (the checked-out tree, judged by
	// its commit).
	explicitToolchains := cfg.BaseToolchain != "" || cfg.HeadToolchain != ""
	noRefs := cfg.BaseRef == "" && cfg.HeadRef == ""
	// newBranch is a push that created its branch and so names no base;
	// its base is found once the clone is open (newBranchBase).
	var newBranch *ghevent.NoBaseError
	if ev != nil && len(cfg.Configs) == 0 && (noRefs || trust == nil && (cfg.BaseRef == "" || cfg.HeadRef == "")) {
		base, head, err := ev.Commits()
		switch {
		case err == nil:
			if cfg.BaseRef == "" {
				cfg.BaseRef = base
			}
			if cfg.HeadRef == "" {
				cfg.HeadRef = head
			}
		case explicitToolchains && noRefs:
			// Toolchain comparison of the working tree.
		default:
			if errors.As(err, &newBranch) && cfg.BaseRef != "" {
				newBranch = nil // the base-ref input names the base
			}
		}
	}
	var sides []codeSide
	if trust != nil {
		if sides = sidesOf(&cfg); len(sides) == 0 {
			s.a.Infof("benchgate: %s: the built-in suite is benchgate's own code; no code of the pull request is built", trust.event)
		} else if err := s.allowUntrusted(trust.quick(sides)); err != nil {
			return err
		}
	}
	needRepo := cfg.BaseRef != "" || cfg.HeadRef != "" || newBranch != nil
	var repo *gitx.Repo
	if needRepo || len(sides) > 0 {
		r, err := gitx.Open(ctx, dir, runner.GitEnv(cfg.Environ))
		if err != nil && needRepo {
			return &usage.Error{Msg: "comparing commits needs the repository checked out: " + err.Error(),
				Hint: "add actions/checkout before benchgate"}
		}
		if err == nil {
			repo = r
			if err := s.ensureCommits(ctx, repo, cfg.BaseRef, cfg.HeadRef); err != nil {
				return err
			}
			if newBranch != nil {
				if err := s.newBranchBase(ctx, repo, &cfg, newBranch); err != nil {
					return err
				}
			}
		}
	}
	if len(sides) > 0 {
		switch err := trust.check(ctx, repo, sides); {
		case err == nil:
			s.a.Infof("benchgate: %s: base and head are commits of this repository's trusted history", trust.event)
		default:
			if err := s.allowUntrusted(err); err != nil {
				return err
			}
		}
	}

	s.a.Group("benchgate: measuring base and head")
	token := stopCommands(s.w.env.Stdout)
	res, runErr := pipeline.Run(ctx, cfg)
	resumeCommands(s.w.env.Stdout, token)
	s.a.EndGroup()
	if res == nil {
		return runErr
	}
	rep := res.Report
	if err := rep.Write(s.w.env.Stdout, report.Text); err != nil {
		return err
	}
	meta := Metadata{
		Schema:     1,
		Repository: s.w.gh.Repository,
		CommentID:  in.commentID,
		Verdict:    string(rep.Verdict),
	}
	if ev != nil {
		meta.Event, meta.PRNumber = ev.Event, ev.PRNumber
		meta.BaseSHA, meta.HeadSHA = ev.BaseSHA, ev.HeadSHA
	}
	for _, side := range res.Run.Sides {
		if side.Name == "base" && side.Commit != "" {
			meta.BaseSHA = side.Commit
		}
		if side.Name == "head" && side.Commit != "" {
			meta.HeadSHA = side.Commit
		}
	}
	if err := writeMetadata(resultsDir, meta); err != nil {
		s.a.Warningf("writing %s: %v", MetadataFile, err)
	}
	s.setOutputs(rep, resultsDir)
	for _, side := range res.Run.Sides {
		s.a.SetOutput(side.Name+"-toolchain", side.GoVersion)
	}
	s.publish(ctx, rep, s.prNumber(0))
	if runErr != nil {
		s.a.Errorf("%s", report.SanitizeText(usage.Text(runErr, inputStyle)))
		return runErr
	}
	return s.gate(rep, res.Policy.FailOn)
}

// ensureCommits fetches the sides' commits that a shallow clone lacks,
// with the token (if any) in the environment of the fetch alone.
func (s *step) ensureCommits(ctx context.Context, repo *gitx.Repo, refs ...string) error {
	fetcher := fetchingRepo(repo, s.w.gh.ServerURL, s.in.token)
	for i, ref := range refs {
		if !gitx.IsFullHash(ref) {
			continue
		}
		if err := fetcher.EnsureCommit(ctx, "origin", ref, []string{"base commit", "head commit"}[i], s.a.Infof); err != nil {
			hint := "a private repository needs credentials to fetch from: keep the github-token input (its default, ${{ github.token }}, may read contents), or set fetch-depth: 0 on actions/checkout"
			if s.in.token != "" {
				hint = "check that the github-token input may read the repository (contents: read), or set fetch-depth: 0 on actions/checkout"
			}
			return &usage.Error{Msg: err.Error(), Hint: hint}
		}
	}
	return nil
}

// newBranchBase chooses the base of a push that created its branch, which
// the event does not name: the merge-base with the repository's default
// branch, the base a pull request from the branch would have, fetched
// into the shallow clone actions/checkout leaves. Without a default
// branch in the event, or for the push that created the default branch
// itself, the run's own default base is taken (the parent of the commit).
func (s *step) newBranchBase(ctx context.Context, repo *gitx.Repo, cfg *pipeline.Config, nb *ghevent.NoBaseError) error {
	if nb.DefaultBranch == "" || nb.OfDefaultBranch() {
		s.a.Noticef("%s: benchgate compares it with its parent; set input base-ref to choose another base", nb.Error())
		return s.parentBase(ctx, repo, cfg, nb.HeadSHA)
	}
	fetcher := fetchingRepo(repo, s.w.gh.ServerURL, s.in.token)
	mb, err := fetcher.MergeBaseWithBranch(ctx, "origin", nb.DefaultBranch, nb.HeadSHA, s.a.Infof)
	switch {
	case err != nil:
		return &usage.Error{Msg: fmt.Sprintf("%s, and its merge-base with the default branch %s could not be found: %v", nb.Error(), nb.DefaultBranch, err),
			Hint: "set input base-ref to the commit or branch to compare with (for example base-ref: " + nb.DefaultBranch + ")"}
	case mb == nb.HeadSHA:
		// The branch adds no commit to the default branch yet.
		s.a.Noticef("%s, and it is a commit of the default branch %s: benchgate compares it with its parent; set input base-ref to choose another base", nb.Error(), nb.DefaultBranch)
		return s.parentBase(ctx, repo, cfg, nb.HeadSHA)
	}
	cfg.BaseRef = mb
	s.a.Noticef("%s: benchgate compares it with its merge-base with the default branch %s, %s, as a pull request from the branch would be; set input base-ref to choose another base",
		nb.Error(), nb.DefaultBranch, brief.Commit(mb))
	return nil
}

// parentBase makes the parent of commit sha the base, fetching it into
// a clone that stops at sha.
func (s *step) parentBase(ctx context.Context, repo *gitx.Repo, cfg *pipeline.Config, sha string) error {
	parent, err := fetchingRepo(repo, s.w.gh.ServerURL, s.in.token).Parent(ctx, "origin", sha, s.a.Infof)
	if err != nil {
		return &usage.Error{Msg: fmt.Sprintf("the parent of %s, its base, could not be fetched: %v", brief.Commit(sha), err),
			Hint: "set input base-ref, or fetch-depth: 0 on actions/checkout"}
	}
	cfg.BaseRef = parent
	return nil
}

// allowUntrusted passes err on, unless it is an *UntrustedCodeError and
// the input run-untrusted-code is true: then it warns, as loudly as the
// runner allows, and lets the run go ahead.
func (s *step) allowUntrusted(err error) error {
	var ue *UntrustedCodeError
	if !errors.As(err, &ue) || !s.in.runUntrustedCode {
		return err
	}
	if s.warnedUntrusted {
		return nil
	}
	s.warnedUntrusted = true
	msg := fmt.Sprintf("run-untrusted-code is true, so benchgate builds and runs the %s under %s although %s. "+
		"That code runs in this job, beside its write token and secrets. As root (the Action's container) benchgate runs it as a user of its own that cannot read the token, "+
		"the file commands or benchgate's environment; as any other user it runs as benchgate's user and can read them all (/proc/<pid>/environ). "+
		"Either way it shares this job's machine and network and reads whatever an earlier step left readable to others. Use the fork-safe split (README) unless you trust every pull request's author.",
		ue.what(), ue.Event, ue.Why)
	s.a.WithFieldsMap(map[string]string{"title": "benchgate: running untrusted code"}).Warningf("%s", msg)
	if s.w.gh.StepSummary != "" {
		s.a.AddStepSummary(s.w.text.rel("> [!WARNING]\n> **benchgate ran untrusted code.** " + report.MarkdownText(msg) + "\n"))
	}
	return nil
}

// stopCommands makes the runner ignore workflow commands until
// resumeCommands: the code under test writes to the log too (build errors,
// failing benchmarks), and a "::set-output" or "::add-mask" in it must stay
// text.
func stopCommands(w io.Writer) string {
	b := make([]byte, 16)
	rand.Read(b)
	token := hex.EncodeToString(b)
	fmt.Fprintf(w, "::stop-commands::%s\n", token)
	return token
}

func resumeCommands(w io.Writer, token string) {
	fmt.Fprintf(w, "::%s::\n", token)
}
