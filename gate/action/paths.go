package action

import (
	"io"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/benchgate/benchgate/gate/report"
)

// The Action runs in a container that sees the workspace at
// /github/workspace, a path that means nothing in the repository's
// browser nor in the runner's later steps (which see it elsewhere).
// Messages from the stages below name paths as they are; what the Action
// shows (the log, annotations, the job summary, the comment) names them
// from the workspace instead: ".benchgate/base.txt", "sub/bad.txt", and
// the workspace itself as "the workspace".

// workspaceText rewrites the absolute paths in s that lie in workspace as
// paths from it.
type workspaceText struct {
	prefix *regexp.Regexp // the workspace and a separator, and a colon after them
	bare   *regexp.Regexp // the workspace itself, not followed by a path's characters
}

func newWorkspaceText(workspace string) *workspaceText {
	ws := filepath.Clean(workspace)
	if !filepath.IsAbs(ws) || ws == string(filepath.Separator) {
		return nil // nothing to rewrite safely: every path starts with "/"
	}
	return &workspaceText{
		prefix: regexp.MustCompile(regexp.QuoteMeta(ws+string(filepath.Separator)) + `(:?)`),
		bare:   regexp.MustCompile(regexp.QuoteMeta(ws) + `($|[^\w./-])`),
	}
}

// rel rewrites s; a nil receiver leaves it as it is.
func (t *workspaceText) rel(s string) string {
	if t == nil {
		return s
	}
	// A path that starts with a colon keeps "./": the code under test
	// prints paths too, and "/github/workspace/::error::…" must not
	// become a workflow command at the start of a line.
	s = t.prefix.ReplaceAllStringFunc(s, func(m string) string {
		if strings.HasSuffix(m, ":") {
			return "./:"
		}
		return ""
	})
	return t.bare.ReplaceAllString(s, "the workspace$1")
}

// writer is w with t.rel applied to each write. Each write is a whole
// message or line (fmt and go-githubactions write so), so a path is not
// cut between two.
func (t *workspaceText) writer(w io.Writer) io.Writer {
	if t == nil {
		return w
	}
	return &workspaceWriter{w: w, t: t}
}

type workspaceWriter struct {
	w io.Writer
	t *workspaceText
}

func (w *workspaceWriter) Write(p []byte) (int, error) {
	if _, err := io.WriteString(w.w, w.t.rel(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// report rewrites the texts of rep that may name paths
// (report.Report.MapText), so that report.md and report.json, which
// later steps and the artifact carry, name them as the log does; a nil
// receiver leaves rep as it is.
func (t *workspaceText) report(rep *report.Report) {
	if t == nil || rep == nil {
		return
	}
	rep.MapText(t.rel)
}
