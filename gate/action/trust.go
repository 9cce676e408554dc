package action

import (
	"context"
	"fmt"
	"strings"

	"github.com/benchgate/benchgate/gate/ghevent"
	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/pipeline"
	"github.com/benchgate/benchgate/gate/usage"
	"github.com/benchgate/benchgate/internal/brief"
)

// UntrustedCodeError is the refusal to build and run code that may be a
// stranger's in a job that holds a write token: command run under
// pull_request_target or workflow_run, with a side that is the pull
// request's head, or any commit that is not in the base repository's
// trusted history. It is a usage error (exit code 2), and the input
// run-untrusted-code overrides it.
type UntrustedCodeError struct {
	// Event names the event, as ghevent.Context.Describe does.
	Event string
	// Side is "base" or "head".
	Side string
	// Commit is the side's commit: the one it names, or the working
	// tree's HEAD.
	Commit string
	// WorkingTree reports that the side is the working tree.
	WorkingTree bool
	// Why says why the commit is not trusted.
	Why string
}

func (e *UntrustedCodeError) Error() string {
	return fmt.Sprintf("refusing to build and run the %s under %s: %s. This job holds a write token and the repository's secrets, and the code under test could read them",
		e.what(), e.Event, e.Why)
}

func (e *UntrustedCodeError) what() string {
	switch {
	case e.WorkingTree && e.Commit == "":
		return e.Side + " side (the working tree)"
	case e.WorkingTree:
		return fmt.Sprintf("%s side (the working tree, at %s)", e.Side, brief.Commit(e.Commit))
	}
	return fmt.Sprintf("%s commit %s", e.Side, brief.Commit(e.Commit))
}

// untrustedHint says what to do instead, in the Action's words.
const untrustedHint = "measure in a pull_request workflow, whose token is read-only (github-token: \"\"), upload the results, and comment from a workflow_run workflow with command: report (\"Pull requests from forks: the fork-safe split\" in the README); commands report and compare never run code. " +
	"Set input run-untrusted-code: true only if you accept that this code runs next to the token"

// Unwrap makes the refusal a usage error with its hint.
func (e *UntrustedCodeError) Unwrap() error {
	return &usage.Error{Msg: e.Error(), Hint: untrustedHint}
}

// codeTrust is what a privileged event says about whose code a commit
// holds.
type codeTrust struct {
	event string
	// untrusted is the event's commit of a stranger's, and why.
	untrusted, why string
	// trusted are commits of the base repository's history: GITHUB_SHA
	// and those the event names, each once.
	trusted []string
	// names says what each trusted commit is, for messages.
	names map[string]string
}

func (t *codeTrust) trust(sha, name string) {
	if sha == "" || sha == t.untrusted || t.names[sha] != "" {
		return
	}
	t.trusted = append(t.trusted, sha)
	t.names[sha] = name + " " + brief.Commit(sha)
}

// newCodeTrust returns nil for an event whose jobs may run the code (a
// plain pull_request, whose token is read-only for forks; push;
// workflow_dispatch).
func newCodeTrust(ev *ghevent.Context, workflowSHA string) *codeTrust {
	if ev == nil || !ev.Privileged() {
		return nil
	}
	untrusted, why := ev.UntrustedCommit()
	t := trustWorkflowSHA(ev.Describe(), untrusted, why, workflowSHA)
	for _, sha := range ev.TrustedCommits() {
		name := "the pull request's base"
		if sha != ev.BaseSHA {
			name = "workflow_run.head_sha"
		}
		t.trust(sha, name)
	}
	return t
}

// newOtherEventTrust is the trust of an event benchgate does not read
// (issue_comment, schedule, merge_group, ...): nothing in its payload
// names the sides, so only GITHUB_SHA, the commit the workflow runs at,
// and its history are trusted. A scheduled or merge-queue run measures
// that history and is not refused; an issue_comment job (which holds a
// write token and the secrets) that checked out a pull request's head,
// the "/benchmark" comment pattern, is, as pull_request_target is.
func newOtherEventTrust(event, workflowSHA string) *codeTrust {
	if event == "" {
		return nil
	}
	return trustWorkflowSHA(event, "", "", workflowSHA)
}

// trustWorkflowSHA is the trust every checked event starts from: the
// commit the workflow runs at (GITHUB_SHA), unless it is the event's
// untrusted commit.
func trustWorkflowSHA(event, untrusted, why, workflowSHA string) *codeTrust {
	t := &codeTrust{event: event, untrusted: untrusted, why: why, names: map[string]string{}}
	if sha := strings.ToLower(workflowSHA); gitx.IsFullHash(sha) {
		t.trust(sha, "GITHUB_SHA")
	}
	return t
}

// codeSide is a side of command run whose code would be built.
type codeSide struct {
	name string // "base" or "head"
	// ref is the ref or hash it names; "" for the working tree, or, with
	// defaultBase, for the base benchgate run picks.
	ref         string
	defaultBase bool
}

// sidesOf lists the sides cfg builds code for, head first. With the
// built-in suite there are none: the suite travels in the binary, and a
// commit contributes at most its go.mod's go or toolchain line, which
// names an official toolchain that the go command fetches and checks
// against the checksum database.
func sidesOf(cfg *pipeline.Config) []codeSide {
	if len(cfg.Packages) == 0 {
		return nil
	}
	toolchainsOnly := cfg.BaseRef == "" && cfg.HeadRef == "" && (cfg.BaseToolchain != "" || cfg.HeadToolchain != "")
	base := codeSide{name: "base", ref: cfg.BaseRef, defaultBase: cfg.BaseRef == "" && !toolchainsOnly}
	return []codeSide{{name: "head", ref: cfg.HeadRef}, base}
}

// quick refuses a side that names the event's untrusted commit, before
// anything is fetched.
func (t *codeTrust) quick(sides []codeSide) error {
	for _, s := range sides {
		if t.untrusted != "" && strings.ToLower(s.ref) == t.untrusted {
			return &UntrustedCodeError{Event: t.event, Side: s.name, Commit: t.untrusted, Why: t.why}
		}
	}
	return nil
}

// check resolves each side to a commit and refuses the first that is not
// trusted: the event's untrusted commit, or one that is neither a trusted
// commit nor an ancestor of one that this clone can see. repo is nil when
// the workspace is not a git checkout.
func (t *codeTrust) check(ctx context.Context, repo *gitx.Repo, sides []codeSide) error {
	for _, s := range sides {
		if repo == nil {
			return &UntrustedCodeError{Event: t.event, Side: s.name, WorkingTree: s.ref == "",
				Why: "the workspace is not a git checkout, so benchgate cannot tell whose code it holds"}
		}
		var sha string
		var err error
		switch {
		case s.defaultBase:
			_, sha, _, err = repo.DefaultBase(ctx)
		case s.ref == "":
			sha, err = repo.Resolve(ctx, "HEAD")
		default:
			sha, err = repo.Resolve(ctx, s.ref)
		}
		if err != nil {
			return usage.Errorf("", "{%s-ref}: %v", s.name, err)
		}
		if why := t.distrust(ctx, repo, sha); why != "" {
			return &UntrustedCodeError{Event: t.event, Side: s.name, Commit: sha, WorkingTree: s.ref == "" && !s.defaultBase, Why: why}
		}
	}
	return nil
}

// distrust says why sha is not trusted, or returns "".
func (t *codeTrust) distrust(ctx context.Context, repo *gitx.Repo, sha string) string {
	if sha == t.untrusted {
		return t.why
	}
	for _, tip := range t.trusted {
		if sha == tip {
			return ""
		}
	}
	for _, tip := range t.trusted {
		if ok, err := repo.IsAncestor(ctx, sha, tip); err == nil && ok {
			return ""
		}
	}
	var named []string
	for _, tip := range t.trusted {
		named = append(named, t.names[tip])
	}
	why := "it is not a commit this event vouches for"
	if len(named) > 0 {
		why = fmt.Sprintf("it is neither one of the commits this event vouches for (%s) nor, as far as this clone shows, an ancestor of one", strings.Join(named, ", "))
	}
	if shallow, _ := repo.IsShallow(ctx); shallow {
		why += " (the clone is shallow, so older history cannot be seen: fetch-depth: 0 on actions/checkout shows it)"
	}
	return why
}
