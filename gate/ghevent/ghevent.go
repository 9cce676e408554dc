// Package ghevent reads the event that started a GitHub Actions run and turns
// it into the two sides benchgate compares.
//
// # Place in the pipeline
//
// In Action mode the runner tells a step what happened through two variables:
// GITHUB_EVENT_NAME (for example "pull_request") and GITHUB_EVENT_PATH, a JSON
// file holding the webhook payload of that event. Only main (the action glue)
// reads the environment; it passes both values to [Load], which returns a
// [Context]: the repository, the pull request if there is one, and the base
// and head commits. The plan stage turns that into sides, and the publish
// stage uses the repository and pull-request number to place its comment.
//
// # Supported events
//
//   - pull_request and pull_request_target: base is pull_request.base.sha and
//     head is pull_request.head.sha. Fork is set when the head repository is
//     not the base repository.
//   - push: base is "before" and head is "after". The first push of a new
//     branch has no "before" (forty zeros): [Context.NoBase] is set and
//     [Context.Commits] returns a [*NoBaseError], so the caller can fall back
//     to a base it chooses (for example the default branch). A push that
//     deletes a branch has nothing to measure and is an error.
//   - workflow_dispatch: there are no commits in the payload. The sides come
//     from the action's inputs; the dispatch inputs are exposed in
//     [Context.Inputs] and the dispatched ref in [Context.Ref].
//   - workflow_run: the fork-safe second half of a split workflow (measure in
//     pull_request with a read-only token, comment from workflow_run with a
//     write token). [Context.WorkflowRun] describes the run that finished.
//     Its pull-request list is empty for pull requests from forks, so the
//     measuring job must pass the PR number along in its artifact.
//
// Any other event is refused with an [*UnsupportedEventError] that lists
// these.
//
// # Trust
//
// In a pull request from a fork the head ref, the head repository and most
// of the payload are chosen by the fork's author. Load therefore checks that
// every SHA is 40 or 64 hexadecimal digits and that refs and repository names
// cannot be mistaken for command-line options or path segments. Even so,
// treat HeadRef and Inputs as untrusted text: never pass them to a shell,
// and benchmark the SHAs, not the refs.
//
// # Whose code a commit holds
//
// pull_request_target and workflow_run jobs hold a write token and the
// repository's secrets even for a fork's pull request ([Context.Privileged]).
// Building the pull request's code there runs a stranger's code next to
// them. [Context.UntrustedCommit] names the commit of such an event that a
// stranger may have written (the pull request's head; a fork's
// workflow_run.head_sha), and [Context.TrustedCommits] those that are in the
// base repository's history. The Action refuses to build anything else in
// such a job unless told to.
//
// The payload is decoded into small local structs holding only the fields
// used here, not into go-github's full event types: a payload carries many
// fields that GitHub adds or retypes over time (a repository's
// custom_properties may hold arrays, which go-github v60 cannot decode), and
// none of them should stop a benchmark gate.
package ghevent

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/benchgate/benchgate/internal/brief"
)

// Names of the events Load understands.
const (
	EventPullRequest       = "pull_request"
	EventPullRequestTarget = "pull_request_target"
	EventPush              = "push"
	EventWorkflowDispatch  = "workflow_dispatch"
	EventWorkflowRun       = "workflow_run"
)

// SupportedEvents lists the event names Load accepts, sorted.
func SupportedEvents() []string {
	return []string{
		EventPullRequest,
		EventPullRequestTarget,
		EventPush,
		EventWorkflowDispatch,
		EventWorkflowRun,
	}
}

// maxPayloadBytes bounds how much of the event file is read. GitHub caps
// webhook payloads at 25 MB.
const maxPayloadBytes = 32 << 20

// Context is what benchgate needs to know about the event that started the
// run. Fields that do not apply to the event are left zero.
type Context struct {
	// Event is the event name, as in GITHUB_EVENT_NAME.
	Event string

	// Action is the payload's activity type, such as "opened",
	// "synchronize" or "completed". Empty for push and workflow_dispatch.
	Action string

	// Owner and Repo name the repository the workflow runs in (the base
	// repository of a pull request). Comments are posted there.
	Owner, Repo string

	// PRNumber is the pull request's number, or 0 when there is none. For
	// workflow_run it is set only when the run lists exactly one pull
	// request.
	PRNumber int

	// BaseSHA is the commit to compare against: the pull request's base,
	// or the commit before a push. Empty when NoBase is set or the event
	// names no commits.
	BaseSHA string

	// HeadSHA is the commit under test: the pull request's head, the
	// commit after a push, or the workflow run's head_sha.
	HeadSHA string

	// BaseRef and HeadRef are branch names without refs/heads/ for pull
	// requests. For a fork, HeadRef is chosen by the fork's author: treat it
	// as untrusted text.
	BaseRef, HeadRef string

	// Ref is the full ref of a push or workflow_dispatch, such as
	// refs/heads/main.
	Ref string

	// HeadRepo is the full name (owner/name) of the repository holding the
	// head commit. It differs from Owner/Repo for pull requests from forks.
	HeadRepo string

	// Fork reports that the head commit comes from another repository. The
	// workflow's token is then read-only for pull_request events.
	Fork bool

	// NoBase reports that the event has no base commit: the first push to a
	// new branch. Commits returns a *NoBaseError in that case.
	NoBase bool

	// DefaultBranch is the repository's default branch ("main"), where
	// the event says it and benchgate needs it: for a push without a
	// base commit, whose base is then the merge-base with that branch.
	DefaultBranch string

	// Inputs holds the workflow_dispatch inputs. Non-string JSON values
	// (booleans, numbers) are kept in their JSON spelling; null becomes "".
	Inputs map[string]string

	// WorkflowRun describes the finished run for workflow_run events.
	WorkflowRun *WorkflowRun
}

// WorkflowRun is the part of a workflow_run event that the fork-safe
// commenting job needs.
type WorkflowRun struct {
	// ID is the run's ID, used to download its artifacts.
	ID int64
	// Name is the workflow's name.
	Name string
	// Event is the event that started the run, such as "pull_request".
	Event string
	// Status is "requested", "in_progress" or "completed".
	Status string
	// Conclusion is "success", "failure", "cancelled" and so on; empty
	// while the run has not completed.
	Conclusion string
	// HeadSHA is the commit the run measured.
	HeadSHA string
	// HeadBranch is the run's branch. Untrusted for forks.
	HeadBranch string
	// HeadRepo is the full name of the repository holding HeadSHA.
	HeadRepo string
	// PullRequests lists the numbers of the pull requests the run belongs
	// to. GitHub leaves it empty for pull requests from forks.
	PullRequests []int
}

// Commits returns the base and head commits. It returns a *NoBaseError when
// a push has no base commit (a new branch), and another error, with the head
// if known, when the event names no base: workflow_dispatch, whose sides come
// from inputs, or a workflow_run for a fork's pull request.
func (c *Context) Commits() (base, head string, err error) {
	switch {
	case c.NoBase:
		return "", c.HeadSHA, &NoBaseError{Event: c.Event, Ref: c.Ref, HeadSHA: c.HeadSHA, DefaultBranch: c.DefaultBranch}
	case c.HeadSHA == "":
		return "", "", fmt.Errorf("the %s event names no base and head commits: set inputs base-ref and head-ref", c.Event)
	case c.BaseSHA == "":
		return "", c.HeadSHA, fmt.Errorf("the %s event names no base commit to compare %s with: set input base-ref", c.Event, brief.Commit(c.HeadSHA))
	}
	return c.BaseSHA, c.HeadSHA, nil
}

// NoBaseError reports an event without a base commit, such as the first push
// to a new branch. The caller may fall back to another base: the
// merge-base with DefaultBranch, as a pull request from the branch would
// have.
type NoBaseError struct {
	Event         string // event name
	Ref           string // ref that was pushed
	HeadSHA       string // the head commit, which is known
	DefaultBranch string // the repository's default branch, if known
}

func (e *NoBaseError) Error() string {
	return fmt.Sprintf("the %s of %s created it, so the event names no earlier commit to compare %s with", e.Event, e.Ref, brief.Commit(e.HeadSHA))
}

// OfDefaultBranch reports whether the push created the default branch
// itself (a repository's first push), which has no merge-base to take.
func (e *NoBaseError) OfDefaultBranch() bool {
	return e.DefaultBranch != "" && e.Ref == "refs/heads/"+e.DefaultBranch
}

// UnsupportedEventError reports an event name Load does not understand.
type UnsupportedEventError struct {
	Event string
}

func (e *UnsupportedEventError) Error() string {
	if e.Event == "" {
		return fmt.Sprintf("no event name (GITHUB_EVENT_NAME is empty): outside GitHub Actions, give the base and head explicitly; in a workflow, trigger benchgate on one of %s",
			strings.Join(SupportedEvents(), ", "))
	}
	return fmt.Sprintf("event %q is not supported: trigger benchgate on one of %s",
		e.Event, strings.Join(SupportedEvents(), ", "))
}

// PayloadError reports a payload that lacks a field or holds a bad value.
// Load joins several of them with errors.Join when more than one field is
// wrong.
type PayloadError struct {
	Event   string // event name
	Field   string // JSON path of the field, such as "pull_request.head.sha"
	Problem string // what is wrong with it
}

func (e *PayloadError) Error() string {
	return fmt.Sprintf("%s event payload: %s %s", e.Event, e.Field, e.Problem)
}

// Load reads the event payload at eventPath (GITHUB_EVENT_PATH) for the event
// named eventName (GITHUB_EVENT_NAME).
func Load(eventName, eventPath string) (*Context, error) {
	if !supported(eventName) {
		return nil, &UnsupportedEventError{Event: eventName}
	}
	if eventPath == "" {
		return nil, fmt.Errorf("reading the %s event: GITHUB_EVENT_PATH is empty", eventName)
	}
	f, err := os.Open(eventPath)
	if err != nil {
		return nil, fmt.Errorf("reading the %s event: %w", eventName, err)
	}
	defer f.Close()
	c, err := Parse(eventName, f)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", eventPath, err)
	}
	return c, nil
}

// Parse reads an event payload for the event named eventName from r.
func Parse(eventName string, r io.Reader) (*Context, error) {
	if !supported(eventName) {
		return nil, &UnsupportedEventError{Event: eventName}
	}
	data, err := io.ReadAll(io.LimitReader(r, maxPayloadBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading the %s event payload: %w", eventName, err)
	}
	if len(data) > maxPayloadBytes {
		return nil, fmt.Errorf("the %s event payload is larger than %d MiB, which GitHub never sends: check GITHUB_EVENT_PATH", eventName, maxPayloadBytes>>20)
	}
	p := &parser{event: eventName}
	var c *Context
	switch eventName {
	case EventPullRequest, EventPullRequestTarget:
		c = p.pullRequest(data)
	case EventPush:
		c = p.push(data)
	case EventWorkflowDispatch:
		c = p.workflowDispatch(data)
	case EventWorkflowRun:
		c = p.workflowRun(data)
	}
	if err := p.err(); err != nil {
		return nil, err
	}
	return c, nil
}

func supported(name string) bool {
	for _, s := range SupportedEvents() {
		if s == name {
			return true
		}
	}
	return false
}
