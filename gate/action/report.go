package action

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/pipeline"
	"github.com/benchgate/benchgate/gate/publish"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/usage"
	"github.com/benchgate/benchgate/internal/brief"
)

// MetadataFile is the name of the metadata file in a results directory.
const MetadataFile = "metadata.json"

// Metadata is what the measuring job tells the commenting job. In the
// fork-safe split it comes from a fork's artifact, so "report" treats every
// field as untrusted.
type Metadata struct {
	Schema     int    `json:"schema"`
	Repository string `json:"repository,omitempty"`
	Event      string `json:"event,omitempty"`
	PRNumber   int    `json:"pr_number,omitempty"`
	BaseSHA    string `json:"base_sha,omitempty"`
	HeadSHA    string `json:"head_sha,omitempty"`
	CommentID  string `json:"comment_id,omitempty"`
	Verdict    string `json:"verdict,omitempty"`
}

func writeMetadata(dir string, m Metadata) error {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, MetadataFile), append(data, '\n'), 0o644)
}

// maxMetadata bounds metadata.json; the real one is a few hundred bytes.
const maxMetadata = 64 << 10

// readResults checks a results directory that may come from an untrusted
// artifact: it must be a real directory holding regular files base.txt and
// head.txt (no symlinks that could point elsewhere on the runner), and its
// metadata.json, if any, must be small, well-formed and plausible.
func readResults(dir string) (base, head string, meta *Metadata, err error) {
	st, err := os.Lstat(dir)
	if err != nil {
		return "", "", nil, usage.Errorf("download the measuring job's artifact into results-dir first (actions/download-artifact)", "results directory %s: %v", dir, brief.Cause(err))
	}
	if !st.IsDir() {
		return "", "", nil, usage.Errorf("", "results directory %s is not a directory", dir)
	}
	regular := func(name string) (string, error) {
		p := filepath.Join(dir, name)
		st, err := os.Lstat(p)
		if err != nil {
			return "", usage.Errorf("", "results directory %s has no %s: %v", dir, name, brief.Cause(err))
		}
		if !st.Mode().IsRegular() {
			// A symlink in an artifact could point anywhere on the
			// runner; a FIFO or a device could block or never end.
			return "", usage.Errorf("upload only the files benchgate run wrote (actions/upload-artifact keeps them regular)",
				"%s in the results is %s, not a regular file; refusing it", name, compare.FileKind(st.Mode()))
		}
		return p, nil
	}
	if base, err = regular("base.txt"); err != nil {
		return "", "", nil, err
	}
	if head, err = regular("head.txt"); err != nil {
		return "", "", nil, err
	}
	mp, merr := regular(MetadataFile)
	if merr != nil {
		return base, head, nil, nil
	}
	f, err := os.Open(mp)
	if err != nil {
		return "", "", nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxMetadata+1))
	if err != nil {
		return "", "", nil, err
	}
	if len(data) > maxMetadata {
		return "", "", nil, usage.Errorf("", "%s is larger than %d bytes; refusing it", MetadataFile, maxMetadata)
	}
	var m Metadata
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&m); err != nil {
		return "", "", nil, usage.Errorf("", "%s is not valid: %v", MetadataFile, err)
	}
	var problems []string
	if m.PRNumber < 0 || m.PRNumber > 1<<31 {
		problems = append(problems, "pr_number out of range")
	}
	for _, s := range []string{m.BaseSHA, m.HeadSHA} {
		if s != "" && !gitx.IsFullHash(s) {
			problems = append(problems, fmt.Sprintf("%q is not a commit hash", report.SanitizeText(brief.Clip(s, 80))))
		}
	}
	if m.CommentID != "" {
		if _, err := publish.Marker(m.CommentID); err != nil {
			problems = append(problems, "comment_id: "+err.Error())
		}
	}
	if len(problems) > 0 {
		return "", "", nil, &usage.Error{Msg: MetadataFile + " is not valid: " + strings.Join(problems, "; ")}
	}
	return base, head, &m, nil
}

// reportCommand is the privileged half of the fork-safe split.
func (s *step) reportCommand(ctx context.Context, resultsDir string) error {
	base, head, meta, err := readResults(resultsDir)
	if err != nil {
		return err
	}
	// Recompute from the raw results: a report.json in an artifact is
	// whatever the fork wanted it to be.
	policy := s.in.analysisPolicy()
	rep, err := pipeline.Analyze(ctx, []string{base}, []string{head}, policy, s.in.run.Compare, inputStyle)
	if err != nil {
		return err
	}
	rep.ResultsDir = s.workspaceRel(resultsDir)
	if meta != nil {
		if repo := s.w.gh.Repository; meta.Repository != "" && repo != "" && meta.Repository != repo {
			s.a.Warningf("benchgate: the results say they are for %s, but this is %s; not commenting", report.SanitizeText(brief.Clip(meta.Repository, 100)), repo)
			meta.PRNumber = 0
		}
		if meta.BaseSHA != "" || meta.HeadSHA != "" {
			rep.Sides = []report.Side{
				{Name: "base", Label: brief.Commit(meta.BaseSHA), Commit: meta.BaseSHA},
				{Name: "head", Label: brief.Commit(meta.HeadSHA), Commit: meta.HeadSHA},
			}
		}
	}
	rep.WriteText(s.w.env.Stdout)
	if err := pipeline.WriteReports(resultsDir, rep); err != nil {
		s.a.Warningf("benchgate: writing reports: %v", err)
	}
	s.setOutputs(rep, resultsDir)
	number := s.trustedPR(ctx, meta)
	if meta != nil && meta.CommentID != "" && s.in.commentID == publish.DefaultCommentID {
		s.in.commentID = meta.CommentID
	}
	s.publish(ctx, rep, number)
	return s.gate(rep, policy.FailOn)
}

// trustedPR decides which pull request the report may comment on. The
// workflow_run event lists the run's pull requests for same-repository
// branches; for forks it lists none, and the number must come from the
// artifact. A fork could name any pull request there, so the number is
// accepted only if that pull request's head is the commit the measuring
// run was for (workflow_run.head_sha, which GitHub sets, not the fork).
func (s *step) trustedPR(ctx context.Context, meta *Metadata) int {
	if s.in.prNumber > 0 {
		return s.in.prNumber
	}
	ev := s.w.event
	if ev == nil {
		return 0
	}
	if ev.WorkflowRun == nil {
		return ev.PRNumber
	}
	if len(ev.WorkflowRun.PullRequests) > 0 {
		return ev.WorkflowRun.PullRequests[0]
	}
	if meta == nil || meta.PRNumber <= 0 {
		s.a.Infof("benchgate: the measuring run names no pull request, so no comment")
		return 0
	}
	owner, repo, ok := s.repository()
	if !ok || s.in.token == "" {
		return 0
	}
	c, err := publish.New(publish.Config{Token: s.in.token, APIURL: s.w.gh.APIURL})
	if err != nil {
		s.a.Warningf("benchgate: cannot check the pull request: %v", err)
		return 0
	}
	pr, _, err := c.Client().PullRequests.Get(ctx, owner, repo, meta.PRNumber)
	if err != nil {
		s.a.Warningf("benchgate: cannot check pull request #%d: %v; not commenting", meta.PRNumber, err)
		return 0
	}
	if got := pr.GetHead().GetSHA(); got != ev.WorkflowRun.HeadSHA {
		s.a.Warningf("benchgate: the results name pull request #%d, whose head is %s, but the measuring run was for %s; not commenting", meta.PRNumber, brief.Commit(got), brief.Commit(ev.WorkflowRun.HeadSHA))
		return 0
	}
	return meta.PRNumber
}
