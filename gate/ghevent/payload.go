package ghevent

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/benchgate/benchgate/internal/brief"
)

// Payload shapes: only the fields benchgate reads. Field names follow
// GitHub's webhook payload documentation.

type user struct {
	Login string `json:"login"`
}

type repository struct {
	Name          string `json:"name"`
	FullName      string `json:"full_name"`
	Owner         *user  `json:"owner"`
	DefaultBranch string `json:"default_branch"`
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
		if ev.Repository != nil && validBranch(ev.Repository.DefaultBranch) {
			c.DefaultBranch = ev.Repository.DefaultBranch
		}
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

// clip quotes an untrusted value for an error message, shortened.
func clip(s string) string {
	return strconv.Quote(brief.Clip(s, 80))
}

func quoteOrMissing(s string) string {
	if s == "" {
		return "(missing)"
	}
	return clip(s)
}

// validBranch reports whether name can be a branch's name as git allows
// one (git check-ref-format), within what a refspec may safely hold: no
// leading dash, no "..", no control characters, spaces or the characters
// git refuses (~^:?*[\), no "@{", no component that starts with a dot
// or ends in ".lock", no trailing slash or dot.
func validBranch(name string) bool {
	if name == "" || len(name) > 255 || strings.HasPrefix(name, "-") || strings.HasPrefix(name, "/") ||
		strings.HasSuffix(name, "/") || strings.HasSuffix(name, ".") || strings.Contains(name, "..") ||
		strings.Contains(name, "//") || strings.Contains(name, "@{") || name == "@" {
		return false
	}
	for _, r := range name {
		if r <= ' ' || r == 0x7f || strings.ContainsRune("~^:?*[\\", r) {
			return false
		}
	}
	for _, part := range strings.Split(name, "/") {
		if strings.HasPrefix(part, ".") || strings.HasSuffix(part, ".lock") {
			return false
		}
	}
	return true
}
