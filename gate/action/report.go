package action

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/benchgate/benchgate/gate/cli"
	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/publish"
	"github.com/benchgate/benchgate/gate/report"
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
		return "", "", nil, &cli.UsageError{Msg: fmt.Sprintf("results directory %s: %v", dir, unwrap(err)),
			Hint: "download the measuring job's artifact into results-dir first (actions/download-artifact)"}
	}
	if !st.IsDir() {
		return "", "", nil, &cli.UsageError{Msg: fmt.Sprintf("results directory %s is not a directory", dir)}
	}
	regular := func(name string) (string, error) {
		p := filepath.Join(dir, name)
		st, err := os.Lstat(p)
		if err != nil {
			return "", &cli.UsageError{Msg: fmt.Sprintf("results directory %s has no %s: %v", dir, name, unwrap(err))}
		}
		if !st.Mode().IsRegular() {
			return "", &cli.UsageError{Msg: fmt.Sprintf("%s in the results is not a regular file (a symlink?); refusing it", name)}
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
		return "", "", nil, &cli.UsageError{Msg: fmt.Sprintf("%s is larger than %d bytes; refusing it", MetadataFile, maxMetadata)}
	}
	var m Metadata
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&m); err != nil {
		return "", "", nil, &cli.UsageError{Msg: fmt.Sprintf("%s is not valid: %v", MetadataFile, err)}
	}
	var problems []string
	if m.PRNumber < 0 || m.PRNumber > 1<<31 {
		problems = append(problems, "pr_number out of range")
	}
	for _, s := range []string{m.BaseSHA, m.HeadSHA} {
		if s != "" && !gitx.IsFullHash(s) {
			problems = append(problems, fmt.Sprintf("%q is not a commit hash", report.SanitizeText(truncate(s, 80))))
		}
	}
	if m.CommentID != "" {
		if _, err := publish.Marker(m.CommentID); err != nil {
			problems = append(problems, "comment_id: "+err.Error())
		}
	}
	if len(problems) > 0 {
		return "", "", nil, &cli.UsageError{Msg: MetadataFile + " is not valid: " + strings.Join(problems, "; ")}
	}
	return base, head, &m, nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// reportCommand is the privileged half of the fork-safe split.
func (p *publisher) reportCommand(ctx context.Context, resultsDir string) error {
	base, head, meta, err := readResults(resultsDir)
	if err != nil {
		return err
	}
	// Recompute from the raw results: a report.json in an artifact is
	// whatever the fork wanted it to be.
	rep, policy, err := p.analyze([]string{base}, []string{head})
	if err != nil {
		return err
	}
	rep.ResultsDir = p.workspaceRel(resultsDir)
	if meta != nil {
		if repo := p.env.Getenv("GITHUB_REPOSITORY"); meta.Repository != "" && repo != "" && meta.Repository != repo {
			p.a.Warningf("benchgate: the results say they are for %s, but this is %s; not commenting", report.SanitizeText(truncate(meta.Repository, 100)), repo)
			meta.PRNumber = 0
		}
		if meta.BaseSHA != "" || meta.HeadSHA != "" {
			rep.Sides = []report.Side{
				{Name: "base", Label: shortSHA(meta.BaseSHA), Commit: meta.BaseSHA},
				{Name: "head", Label: shortSHA(meta.HeadSHA), Commit: meta.HeadSHA},
			}
		}
	}
	rep.WriteText(p.env.Stdout)
	if err := cli.WriteReports(resultsDir, rep); err != nil {
		p.a.Warningf("benchgate: writing reports: %v", err)
	}
	p.setOutputs(rep, resultsDir)
	number := p.trustedPR(ctx, meta)
	if meta != nil && meta.CommentID != "" && p.in.commentID == publish.DefaultCommentID {
		p.in.commentID = meta.CommentID
	}
	p.publish(ctx, rep, number)
	return p.gate(rep, policy.FailOn)
}

func shortSHA(s string) string {
	if len(s) > 12 {
		return s[:12]
	}
	return s
}

// trustedPR decides which pull request the report may comment on. The
// workflow_run event lists the run's pull requests for same-repository
// branches; for forks it lists none, and the number must come from the
// artifact. A fork could name any pull request there, so the number is
// accepted only if that pull request's head is the commit the measuring
// run was for (workflow_run.head_sha, which GitHub sets, not the fork).
func (p *publisher) trustedPR(ctx context.Context, meta *Metadata) int {
	if p.in.prNumber > 0 {
		return p.in.prNumber
	}
	ev := p.ev
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
		p.a.Infof("benchgate: the measuring run names no pull request, so no comment")
		return 0
	}
	owner, repo, ok := p.repository()
	if !ok || p.in.token == "" {
		return 0
	}
	c, err := publish.New(publish.Config{Token: p.in.token, APIURL: p.env.Getenv("GITHUB_API_URL")})
	if err != nil {
		p.a.Warningf("benchgate: cannot check the pull request: %v", err)
		return 0
	}
	pr, _, err := c.Client().PullRequests.Get(ctx, owner, repo, meta.PRNumber)
	if err != nil {
		p.a.Warningf("benchgate: cannot check pull request #%d: %v; not commenting", meta.PRNumber, err)
		return 0
	}
	if got := pr.GetHead().GetSHA(); got != ev.WorkflowRun.HeadSHA {
		p.a.Warningf("benchgate: the results name pull request #%d, whose head is %s, but the measuring run was for %s; not commenting", meta.PRNumber, shortSHA(got), shortSHA(ev.WorkflowRun.HeadSHA))
		return 0
	}
	return meta.PRNumber
}
