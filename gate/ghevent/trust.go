package ghevent

import (
	"fmt"

	"github.com/benchgate/benchgate/internal/brief"
)

// Privileged reports whether the event's jobs hold a write token and the
// repository's secrets while a pull request, possibly a fork's, is at hand:
// pull_request_target and workflow_run. GitHub gives these events a token
// of the base repository's permissions even for a fork's pull request,
// because their workflow comes from the base branch and is meant to run
// only trusted code. Code of the pull request built in such a job runs
// next to that token. (pull_request from a fork gets a read-only token and
// no secrets; push and workflow_dispatch are started by people who may
// push anyway.)
func (c *Context) Privileged() bool {
	return c.Event == EventPullRequestTarget || c.Event == EventWorkflowRun
}

// UntrustedCommit returns the commit of a privileged event whose code a
// stranger may have written, and a phrase that says why; "" when the event
// names none:
//
//   - pull_request_target: the pull request's head, pull_request.head.sha,
//     from a fork or not (a same-repository pull request belongs in
//     pull_request, where the question does not arise);
//   - workflow_run: workflow_run.head_sha when the run's head repository is
//     another one (a fork's), or the payload does not say which it is. A
//     head in this repository was pushed by someone who may push.
//
// Any other commit is not thereby trusted; see [Context.TrustedCommits].
func (c *Context) UntrustedCommit() (sha, why string) {
	switch c.Event {
	case EventPullRequestTarget:
		if c.HeadSHA == "" {
			return "", ""
		}
		return c.HeadSHA, fmt.Sprintf("it is the head of pull request #%d (%s)", c.PRNumber, c.headOrigin())
	case EventWorkflowRun:
		if c.WorkflowRun == nil || c.HeadSHA == "" {
			return "", ""
		}
		switch {
		case c.HeadRepo == "":
			return c.HeadSHA, fmt.Sprintf("it is workflow_run.head_sha, the commit run %d was for, and the event does not say which repository it is in", c.WorkflowRun.ID)
		case c.Fork:
			return c.HeadSHA, fmt.Sprintf("it is workflow_run.head_sha, the commit run %d was for, from the fork %s", c.WorkflowRun.ID, c.HeadRepo)
		}
	}
	return "", ""
}

// headOrigin says where a pull request's head comes from.
func (c *Context) headOrigin() string {
	switch {
	case c.Fork && c.HeadRepo == "":
		return "from a fork that has since been deleted"
	case c.Fork:
		return "from the fork " + c.HeadRepo
	}
	return "branch " + c.HeadRef + " of this repository, but pushed by whoever may push there"
}

// TrustedCommits returns the commits a privileged event names that belong
// to the base repository's own history: the pull request's base
// (pull_request.base.sha; for workflow_run, the base of the run's one pull
// request, when the event lists it), and workflow_run.head_sha when the run
// was for this repository's own branch. The workflow's own commit,
// GITHUB_SHA, is trusted too; it is not in the payload. Nil for other
// events.
func (c *Context) TrustedCommits() []string {
	if !c.Privileged() {
		return nil
	}
	var out []string
	if c.BaseSHA != "" {
		out = append(out, c.BaseSHA)
	}
	if c.Event == EventWorkflowRun && c.HeadSHA != "" {
		if sha, _ := c.UntrustedCommit(); sha == "" {
			out = append(out, c.HeadSHA)
		}
	}
	return out
}

// Describe names the event and its pull request for messages, such as
// "pull_request_target for pull request #42" or "workflow_run after run
// 30433642 (of ec26c3e57ca3)". It quotes nothing a fork chooses (a fork's
// pull request can rename the workflow).
func (c *Context) Describe() string {
	switch {
	case c.Event == EventWorkflowRun && c.WorkflowRun != nil:
		return fmt.Sprintf("workflow_run after run %d (of %s)", c.WorkflowRun.ID, brief.Commit(c.HeadSHA))
	case c.PRNumber > 0:
		return fmt.Sprintf("%s for pull request #%d", c.Event, c.PRNumber)
	}
	return c.Event
}
