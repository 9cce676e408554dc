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
// The payload is decoded into small local structs holding only the fields
// used here, not into go-github's full event types: a payload carries many
// fields that GitHub adds or retypes over time (a repository's
// custom_properties may hold arrays, which go-github v60 cannot decode), and
// none of them should stop a benchmark gate.
package ghevent

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
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
		return "", c.HeadSHA, &NoBaseError{Event: c.Event, Ref: c.Ref, HeadSHA: c.HeadSHA}
	case c.HeadSHA == "":
		return "", "", fmt.Errorf("the %s event names no base and head commits: set the base and head inputs", c.Event)
	case c.BaseSHA == "":
		return "", c.HeadSHA, fmt.Errorf("the %s event names no base commit to compare %s with: set the base input", c.Event, short(c.HeadSHA))
	}
	return c.BaseSHA, c.HeadSHA, nil
}

// NoBaseError reports an event without a base commit, such as the first push
// to a new branch. The caller may fall back to another base.
type NoBaseError struct {
	Event   string // event name
	Ref     string // ref that was pushed
	HeadSHA string // the head commit, which is known
}

func (e *NoBaseError) Error() string {
	return fmt.Sprintf("the %s of %s created it, so there is no earlier commit to compare %s with: set the base input (for example base: main)",
		e.Event, e.Ref, short(e.HeadSHA))
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
		return nil, fmt.Errorf("reading the %s event: GITHUB_EVENT_PATH is empty: run benchgate as a step of a GitHub Actions job, or give the base and head explicitly", eventName)
	}
	f, err := os.Open(eventPath)
	if err != nil {
		return nil, fmt.Errorf("reading the %s event: %w: run benchgate as a step of a GitHub Actions job, or give the base and head explicitly", eventName, err)
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

// Payload shapes: only the fields benchgate reads. Field names follow
// GitHub's webhook payload documentation.

type user struct {
	Login string `json:"login"`
}

type repository struct {
	Name     string `json:"name"`
	FullName string `json:"full_name"`
	Owner    *user  `json:"owner"`
}

type branch struct {
	Ref  string      `json:"ref"`
	SHA  string      `json:"sha"`
	Repo *repository `json:"repo"`
}

type pullRequestPayload struct {
	Action      string `json:"action"`
	Number      int    `json:"number"`
	PullRequest *struct {
		Number int     `json:"number"`
		Head   *branch `json:"head"`
		Base   *branch `json:"base"`
	} `json:"pull_request"`
	Repository *repository `json:"repository"`
}

type pushPayload struct {
	Ref        string      `json:"ref"`
	Before     string      `json:"before"`
	After      string      `json:"after"`
	Created    bool        `json:"created"`
	Deleted    bool        `json:"deleted"`
	Repository *repository `json:"repository"`
}

type workflowDispatchPayload struct {
	Ref        string                     `json:"ref"`
	Inputs     map[string]json.RawMessage `json:"inputs"`
	Repository *repository                `json:"repository"`
}

type workflowRunPayload struct {
	Action      string `json:"action"`
	WorkflowRun *struct {
		ID           int64   `json:"id"`
		Name         string  `json:"name"`
		Event        string  `json:"event"`
		Status       string  `json:"status"`
		Conclusion   *string `json:"conclusion"`
		HeadSHA      string  `json:"head_sha"`
		HeadBranch   string  `json:"head_branch"`
		PullRequests []struct {
			Number int     `json:"number"`
			Head   *branch `json:"head"`
			Base   *branch `json:"base"`
		} `json:"pull_requests"`
		HeadRepository *repository `json:"head_repository"`
	} `json:"workflow_run"`
	Repository *repository `json:"repository"`
}

// parser collects independent problems so that one error names them all.
type parser struct {
	event string
	errs  []error
}

func (p *parser) problem(field, format string, args ...any) {
	p.errs = append(p.errs, &PayloadError{Event: p.event, Field: field, Problem: fmt.Sprintf(format, args...)})
}

func (p *parser) err() error {
	return errors.Join(p.errs...)
}

func (p *parser) decode(data []byte, v any) bool {
	if err := json.Unmarshal(data, v); err != nil {
		p.errs = append(p.errs, fmt.Errorf("%s event payload is not the JSON GitHub sends for this event: %w: check that GITHUB_EVENT_NAME matches GITHUB_EVENT_PATH", p.event, err))
		return false
	}
	return true
}

func (p *parser) pullRequest(data []byte) *Context {
	var ev pullRequestPayload
	if !p.decode(data, &ev) {
		return nil
	}
	c := &Context{Event: p.event, Action: ev.Action}
	p.repository("repository", ev.Repository, c)
	pr := ev.PullRequest
	if pr == nil {
		p.problem("pull_request", "is missing")
		return c
	}
	c.PRNumber = ev.Number
	if c.PRNumber == 0 {
		c.PRNumber = pr.Number
	}
	if c.PRNumber <= 0 {
		p.problem("number", "is missing or not positive")
	}
	if pr.Base == nil {
		p.problem("pull_request.base", "is missing")
	} else {
		c.BaseSHA = p.sha("pull_request.base.sha", pr.Base.SHA)
		c.BaseRef = p.ref("pull_request.base.ref", pr.Base.Ref)
	}
	if pr.Head == nil {
		p.problem("pull_request.head", "is missing")
		return c
	}
	c.HeadSHA = p.sha("pull_request.head.sha", pr.Head.SHA)
	c.HeadRef = p.ref("pull_request.head.ref", pr.Head.Ref)
	var baseRepo string
	if pr.Base != nil && pr.Base.Repo != nil {
		baseRepo = pr.Base.Repo.FullName
	}
	if baseRepo == "" && ev.Repository != nil {
		baseRepo = ev.Repository.FullName
	}
	if pr.Head.Repo == nil || pr.Head.Repo.FullName == "" {
		// GitHub sends "repo": null when the fork has been deleted. The
		// head commit is still fetchable through the base repository's
		// refs/pull/N/head, but it certainly came from elsewhere.
		c.Fork = true
	} else {
		c.HeadRepo = p.fullName("pull_request.head.repo.full_name", pr.Head.Repo.FullName)
		c.Fork = !strings.EqualFold(c.HeadRepo, baseRepo)
	}
	return c
}

func (p *parser) push(data []byte) *Context {
	var ev pushPayload
	if !p.decode(data, &ev) {
		return nil
	}
	c := &Context{Event: p.event}
	p.repository("repository", ev.Repository, c)
	c.Ref = p.ref("ref", ev.Ref)
	if ev.Deleted || isZeroSHA(ev.After) {
		p.errs = append(p.errs, fmt.Errorf("push event deleted %s, so there is nothing to benchmark: skip the job with if: github.event.deleted == false", ev.Ref))
		return c
	}
	c.HeadSHA = p.sha("after", ev.After)
	c.HeadRepo = c.fullRepo()
	if isZeroSHA(ev.Before) || (ev.Created && ev.Before == "") {
		c.NoBase = true
		return c
	}
	c.BaseSHA = p.sha("before", ev.Before)
	return c
}

func (p *parser) workflowDispatch(data []byte) *Context {
	var ev workflowDispatchPayload
	if !p.decode(data, &ev) {
		return nil
	}
	c := &Context{Event: p.event}
	p.repository("repository", ev.Repository, c)
	c.Ref = p.ref("ref", ev.Ref)
	c.Inputs = make(map[string]string, len(ev.Inputs))
	for k, raw := range ev.Inputs {
		c.Inputs[k] = p.input(k, raw)
	}
	return c
}

func (p *parser) workflowRun(data []byte) *Context {
	var ev workflowRunPayload
	if !p.decode(data, &ev) {
		return nil
	}
	c := &Context{Event: p.event, Action: ev.Action}
	p.repository("repository", ev.Repository, c)
	wr := ev.WorkflowRun
	if wr == nil {
		p.problem("workflow_run", "is missing")
		return c
	}
	if wr.ID <= 0 {
		p.problem("workflow_run.id", "is missing or not positive")
	}
	run := &WorkflowRun{
		ID:         wr.ID,
		Name:       wr.Name,
		Event:      wr.Event,
		Status:     wr.Status,
		HeadSHA:    p.sha("workflow_run.head_sha", wr.HeadSHA),
		HeadBranch: p.ref("workflow_run.head_branch", wr.HeadBranch),
	}
	if wr.Conclusion != nil {
		run.Conclusion = *wr.Conclusion
	}
	if wr.HeadRepository != nil && wr.HeadRepository.FullName != "" {
		run.HeadRepo = p.fullName("workflow_run.head_repository.full_name", wr.HeadRepository.FullName)
	}
	for i, pr := range wr.PullRequests {
		if pr.Number <= 0 {
			p.problem(fmt.Sprintf("workflow_run.pull_requests[%d].number", i), "is missing or not positive")
			continue
		}
		run.PullRequests = append(run.PullRequests, pr.Number)
	}
	c.WorkflowRun = run
	c.HeadSHA = run.HeadSHA
	c.HeadRef = run.HeadBranch
	c.HeadRepo = run.HeadRepo
	c.Fork = run.HeadRepo != "" && !strings.EqualFold(run.HeadRepo, c.fullRepo())
	if len(wr.PullRequests) == 1 {
		pr := wr.PullRequests[0]
		c.PRNumber = pr.Number
		if pr.Base != nil {
			c.BaseSHA = p.sha("workflow_run.pull_requests[0].base.sha", pr.Base.SHA)
			c.BaseRef = p.ref("workflow_run.pull_requests[0].base.ref", pr.Base.Ref)
		}
	}
	return c
}

func (c *Context) fullRepo() string {
	if c.Owner == "" {
		return ""
	}
	return c.Owner + "/" + c.Repo
}

// repository fills c.Owner and c.Repo from a payload's repository object.
func (p *parser) repository(field string, r *repository, c *Context) {
	if r == nil {
		p.problem(field, "is missing")
		return
	}
	owner, name := "", r.Name
	if r.Owner != nil {
		owner = r.Owner.Login
	}
	if (owner == "" || name == "") && r.FullName != "" {
		if o, n, ok := strings.Cut(r.FullName, "/"); ok {
			if owner == "" {
				owner = o
			}
			if name == "" {
				name = n
			}
		}
	}
	ok := true
	if !ValidName(owner) {
		p.problem(field+".owner.login", "%s is not a GitHub account name", quoteOrMissing(owner))
		ok = false
	}
	if !ValidName(name) {
		p.problem(field+".name", "%s is not a GitHub repository name", quoteOrMissing(name))
		ok = false
	}
	if ok {
		c.Owner, c.Repo = owner, name
	}
}

var shaRE = regexp.MustCompile(`^(?:[0-9a-f]{40}|[0-9a-f]{64})$`)

// sha checks a commit SHA and returns it in lower case, or "" after
// recording a problem.
func (p *parser) sha(field, s string) string {
	if s == "" {
		p.problem(field, "is missing")
		return ""
	}
	lower := strings.ToLower(s)
	if !shaRE.MatchString(lower) {
		p.problem(field, "%s is not a commit SHA (40 or 64 hexadecimal digits)", clip(s))
		return ""
	}
	return lower
}

// ref checks a branch or ref name: git itself refuses control characters,
// spaces and a leading dash, and a leading dash would read as an option.
func (p *parser) ref(field, s string) string {
	if s == "" {
		return ""
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == ' ' || r == '\\' {
			p.problem(field, "%s is not a valid git ref name", clip(s))
			return ""
		}
	}
	if strings.HasPrefix(s, "-") || strings.Contains(s, "..") {
		p.problem(field, "%s is not a valid git ref name", clip(s))
		return ""
	}
	return s
}

func (p *parser) fullName(field, s string) string {
	o, n, ok := strings.Cut(s, "/")
	if !ok || !ValidName(o) || !ValidName(n) {
		p.problem(field, "%s is not an owner/name repository name", clip(s))
		return ""
	}
	return s
}

func (p *parser) input(name string, raw json.RawMessage) string {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s
	}
	switch t := strings.TrimSpace(string(raw)); {
	case t == "null":
		return ""
	case t == "true" || t == "false":
		return t
	default:
		if _, err := strconv.ParseFloat(t, 64); err == nil {
			return t
		}
	}
	p.problem("inputs."+name, "is neither a string, a boolean nor a number")
	return ""
}

// ValidName accepts GitHub account and repository names: letters, digits,
// '-', '_' and '.', but not "." or "..", which would act as path segments in
// API URLs.
func ValidName(s string) bool {
	if s == "" || s == "." || s == ".." || len(s) > 100 {
		return false
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		case r == '-' || r == '_' || r == '.':
		default:
			return false
		}
	}
	return true
}

func isZeroSHA(s string) bool {
	return s != "" && strings.Trim(s, "0") == ""
}

func short(sha string) string {
	if len(sha) > 12 {
		return sha[:12]
	}
	return sha
}

// clip quotes an untrusted value for an error message, shortened.
func clip(s string) string {
	const max = 80
	if len(s) > max {
		s = s[:max] + "…"
	}
	return strconv.Quote(s)
}

func quoteOrMissing(s string) string {
	if s == "" {
		return "(missing)"
	}
	return clip(s)
}
