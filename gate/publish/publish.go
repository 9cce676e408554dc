// Package publish keeps benchgate's one comment on a pull request up to date
// through the GitHub REST API (go-github v60).
//
// # Place in the pipeline
//
// publish is the last stage: report renders the markdown, and publish puts it
// where people look. It is one of the two stages that touch the network. It
// reads no environment: main passes in the token and GITHUB_API_URL, and the
// repository and pull-request number that package ghevent read from the
// event.
//
// # One comment per pull request and comment-id
//
// [Commenter.Upsert] looks for an earlier comment whose first line is the
// hidden marker
//
//	<!-- benchgate:comment-id=ID -->
//
// (see [Marker]), reading every page of the pull request's comments, 100 at
// a time. It edits that comment in place if it finds one and creates it
// otherwise, so a pull request has one benchgate comment per comment-id and
// several gates in one workflow do not overwrite each other. If the body is
// already what it would write, nothing is sent.
//
// # Whose comments it edits
//
// Anyone can paste the marker into a comment of their own, so a marker alone
// is not enough: a comment is benchgate's only when its author is the
// account the token acts as. That account is, in this order,
//
//   - [Config.Author], when the caller names it. A GitHub App installation
//     token comments as the app's bot ("my-app[bot]") but cannot say so:
//     GET /user refuses it, as it refuses the workflow's token. The Action
//     passes its comment-author input here.
//   - the login GET /user answers with: the user of a personal access token
//     or an OAuth token (asked once per Commenter, and only when a marked
//     comment turns up).
//   - github-actions[bot], when GET /user refuses the token (403, as for
//     the workflow's GITHUB_TOKEN and for app tokens): the workflow token
//     is the one that cannot say who it is, and the default. [Result]
//     reports that the identity was assumed ([Result.AuthorAssumed]), so
//     that the caller can point an app's user at [Config.Author].
//
// No other account counts, bots included: with the workflow token, a
// marked comment by "other-app[bot]" is left alone, and a new comment is
// made if none of github-actions[bot]'s carries the marker. Any other
// failure of GET /user (after the retries below) fails the publish rather
// than guessing.
//
// Of benchgate's comments the most recent one is edited; older ones are
// reported in [Result.Stale] and left alone. Marked comments by anyone else
// are reported in [Result.Ignored] (and their authors in
// [Result.IgnoredAuthors]) and never edited: with a token that may edit
// other people's comments (a maintainer's), editing a stranger's comment
// would let them steer where the report goes.
//
// # Size
//
// GitHub refuses bodies longer than 65,536 characters. Upsert fits the body
// with [Fit], counting bytes to stay safe whichever way GitHub counts, and
// appends a note (by default [DefaultTruncationNote]) pointing at the job
// summary, which holds the full report.
//
// # Failures
//
// Transient failures (5xx answers, lost connections, timeouts) are retried
// with exponential backoff, and rate limits are waited out when GitHub asks
// for at most [RetryPolicy.MaxRetryAfter]; see [RetryPolicy] for the bounds.
// A token that may not write comments, as in pull requests from forks, gives
// a [*PermissionError], which the caller should report as a warning: the gate
// has still decided. Anything else is an [*Error] that says what was being
// done, how it failed and what to do. The token never appears in an error.
package publish

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"

	"github.com/google/go-github/v60/github"
)

// botLogin is the author of comments written with a workflow's GITHUB_TOKEN.
const botLogin = "github-actions[bot]"

// DefaultAPIURL is the REST API of github.com, used when Config.APIURL is
// empty.
const DefaultAPIURL = "https://api.github.com/"

// maxPages bounds the comment listing: 1,000 pages of 100 comments is far
// more than any pull request holds.
const maxPages = 1000

// Config configures a Commenter.
type Config struct {
	// Token authenticates every request (sent as "Authorization: Bearer").
	// Required.
	Token string

	// APIURL is the REST API's base URL: GITHUB_API_URL, such as
	// https://ghe.example.com/api/v3 on GitHub Enterprise Server. Empty
	// means DefaultAPIURL. A missing trailing slash is added.
	APIURL string

	// HTTPClient is the client to send requests with; nil means a new
	// http.Client. Its Transport is wrapped, not changed. A Timeout on it
	// bounds a request with all its retries.
	HTTPClient *http.Client

	// Retry bounds retries and waits; zero fields take their defaults.
	Retry RetryPolicy

	// Sleep waits between tries; nil means Sleep. Tests pass a function
	// that records the wait and returns at once.
	Sleep SleepFunc

	// Logf receives notices about retries and waits, such as
	// "POST repos/o/r/issues/7/comments: 502 Bad Gateway; retrying in 2s".
	// nil discards them.
	Logf func(format string, args ...any)

	// Author is the login the token comments as, such as "my-app[bot]"
	// for a GitHub App's installation token. When set, marked comments by
	// Author, and only by Author, are benchgate's, and GET /user is not
	// asked. Optional: see the package documentation for the default.
	Author string

	// TruncationNote replaces DefaultTruncationNote, for example to link to
	// the run's summary.
	TruncationNote string
}

// Commenter publishes benchgate's pull-request comment. It is safe for
// concurrent use.
type Commenter struct {
	client *github.Client
	policy RetryPolicy
	sleep  SleepFunc
	logf   func(string, ...any)
	author string
	note   string
	token  string // kept only to make sure no error text carries it

	mu   sync.Mutex
	self *identity // the token's account, once known
}

// identity is the account a Commenter's comments are written by.
type identity struct {
	login string
	// assumed reports that GET /user refused the token, so login is
	// github-actions[bot] by assumption.
	assumed bool
}

// New returns a Commenter for the API at cfg.APIURL.
func New(cfg Config) (*Commenter, error) {
	if cfg.Token == "" {
		return nil, errors.New("no GitHub token to comment with: set the github-token input (its default is ${{ github.token }})")
	}
	base, err := apiBaseURL(cfg.APIURL)
	if err != nil {
		return nil, err
	}
	policy := cfg.Retry.withDefaults()
	sleep := cfg.Sleep
	if sleep == nil {
		sleep = Sleep
	}
	logf := cfg.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	hc := &http.Client{}
	if cfg.HTTPClient != nil {
		c := *cfg.HTTPClient
		hc = &c
	}
	next := hc.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	hc.Transport = &retryTransport{next: next, policy: policy, sleep: sleep, logf: logf}

	client := github.NewClient(hc).WithAuthToken(cfg.Token)
	client.BaseURL = base
	client.UserAgent = "benchgate (+https://github.com/benchgate/benchgate)"

	note := cfg.TruncationNote
	if note == "" {
		note = DefaultTruncationNote
	}
	return &Commenter{
		client: client,
		policy: policy,
		sleep:  sleep,
		logf:   logf,
		author: cfg.Author,
		note:   note,
		token:  cfg.Token,
	}, nil
}

// apiBaseURL checks GITHUB_API_URL and gives it the trailing slash go-github
// needs to resolve relative paths under it.
func apiBaseURL(s string) (*url.URL, error) {
	if s == "" {
		s = DefaultAPIURL
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("GitHub API URL %q is not an http(s) URL such as https://api.github.com or https://ghe.example.com/api/v3: check GITHUB_API_URL", s)
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
	}
	return u, nil
}

// Client returns the go-github client the Commenter uses, with its retries
// and authentication, for other API calls.
func (c *Commenter) Client() *github.Client { return c.client }

// Action says what Upsert did.
type Action string

// The actions Upsert reports.
const (
	Created   Action = "created"
	Updated   Action = "updated"
	Unchanged Action = "unchanged"
	// NotFound is Update's answer when there is no comment to edit.
	NotFound Action = "not-found"
)

// Result describes a successful Upsert.
type Result struct {
	// Action is what was done.
	Action Action
	// ID is the comment's ID.
	ID int64
	// URL is the comment's html_url.
	URL string
	// Truncated reports that the body was cut to fit GitHub's limit.
	Truncated bool
	// Stale lists older comments of benchgate's with the same marker,
	// left alone.
	Stale []int64
	// Ignored lists comments carrying the marker whose authors are not
	// benchgate's; they were not edited.
	Ignored []int64
	// IgnoredAuthors lists the authors of the Ignored comments, each once.
	IgnoredAuthors []string
	// Author is the login whose marked comments counted as benchgate's,
	// when any marked comment was found.
	Author string
	// AuthorAssumed reports that GET /user refused the token and Author
	// is github-actions[bot] by assumption: right for the workflow's
	// GITHUB_TOKEN, wrong for a GitHub App's token, whose comments are then
	// in Ignored (set Config.Author to the app's bot login).
	AuthorAssumed bool
}

// Upsert makes body the content of benchgate's comment for commentID on
// pull request (or issue) number of owner/repo: it edits the existing
// comment or creates one. See the package documentation for how the comment
// is found, whose comments count, and how failures are reported.
func (c *Commenter) Upsert(ctx context.Context, owner, repo string, number int, commentID, body string) (*Result, error) {
	return c.upsert(ctx, owner, repo, number, commentID, body, true)
}

// Update is Upsert without the create: it edits benchgate's comment if
// there is one, and otherwise does nothing and returns a Result whose
// Action is NotFound. It serves "comment only on regressions, but never
// leave an old comment stale".
func (c *Commenter) Update(ctx context.Context, owner, repo string, number int, commentID, body string) (*Result, error) {
	return c.upsert(ctx, owner, repo, number, commentID, body, false)
}

func (c *Commenter) upsert(ctx context.Context, owner, repo string, number int, commentID, body string, create bool) (*Result, error) {
	marker, err := Marker(commentID)
	if err != nil {
		return nil, err
	}
	if owner == "" || repo == "" || number <= 0 {
		return nil, fmt.Errorf("publishing the benchgate comment: no pull request to comment on (repository %q, number %d): run on a pull_request event, or pass the pull-request number from the measuring job", owner+"/"+repo, number)
	}
	where := fmt.Sprintf("%s/%s#%d", owner, repo, number)
	fitted, truncated := Fit(body, MaxCommentBytes-len(marker)-1, c.note)
	full := marker + "\n" + fitted

	ctx, cancel := context.WithTimeout(ctx, c.policy.Timeout)
	defer cancel()

	createAttempts := 0
	for try := 1; ; try++ {
		res := &Result{Truncated: truncated}
		found, lerr := c.find(ctx, owner, repo, number, marker, res)
		if lerr != nil {
			op := lerr.op
			if op == "" {
				op = "listing the comments on " + where
			}
			return nil, c.fail(op, lerr.info, lerr.err)
		}
		if found != nil {
			res.ID, res.URL = found.GetID(), found.GetHTMLURL()
			if found.GetBody() == full {
				res.Action = Unchanged
				if createAttempts > 0 {
					// An earlier create landed although its answer
					// was lost.
					res.Action = Created
				}
				return res, nil
			}
			actx, info := withCallInfo(ctx)
			updated, _, err := c.client.Issues.EditComment(actx, owner, repo, found.GetID(), &github.IssueComment{Body: &full})
			if err == nil {
				res.Action, res.URL = Updated, updated.GetHTMLURL()
				return res, nil
			}
			if statusOf(err) == http.StatusNotFound && try < c.policy.MaxAttempts {
				// Deleted since it was listed, or not ours to see: look
				// again; a second 404 is reported.
				c.logf("benchgate comment %d on %s was not found when editing it; looking again", found.GetID(), where)
				continue
			}
			return nil, c.fail(fmt.Sprintf("updating benchgate comment %d on %s", found.GetID(), where), info, err)
		}
		if !create {
			res.Action = NotFound
			return res, nil
		}

		actx, info := withCallInfo(ctx)
		created, _, err := c.client.Issues.CreateComment(actx, owner, repo, number, &github.IssueComment{Body: &full})
		createAttempts += info.attempts
		if err == nil {
			res.Action, res.ID, res.URL = Created, created.GetID(), created.GetHTMLURL()
			return res, nil
		}
		if transient(ctx, err) && try < c.policy.MaxAttempts {
			// The comment may have been created even though the answer
			// was lost: list again before creating another.
			wait := c.policy.backoff(try)
			c.logf("creating the benchgate comment on %s: %s; checking for it and retrying in %s", where, c.redact(cause(err)), wait)
			if serr := c.sleep(ctx, wait); serr != nil {
				return nil, c.fail("creating the benchgate comment on "+where, &callInfo{attempts: createAttempts}, serr)
			}
			continue
		}
		info.attempts = createAttempts
		return nil, c.fail("creating the benchgate comment on "+where, info, err)
	}
}

// listError carries the call info of a failed listing, or of a failed
// GET /user when op says so.
type listError struct {
	op   string
	info *callInfo
	err  error
}

// find reads every page of comments and picks benchgate's most recent one.
func (c *Commenter) find(ctx context.Context, owner, repo string, number int, marker string, res *Result) (*github.IssueComment, *listError) {
	var candidates []*github.IssueComment
	opts := &github.IssueListCommentsOptions{ListOptions: github.ListOptions{PerPage: 100, Page: 1}}
	for pages := 0; pages < maxPages; pages++ {
		lctx, info := withCallInfo(ctx)
		comments, resp, err := c.client.Issues.ListComments(lctx, owner, repo, number, opts)
		if err != nil {
			return nil, &listError{info: info, err: err}
		}
		for _, cm := range comments {
			if hasMarker(cm.GetBody(), marker) {
				candidates = append(candidates, cm)
			}
		}
		if resp.NextPage <= opts.Page {
			break
		}
		opts.Page = resp.NextPage
	}
	if len(candidates) == 0 {
		return nil, nil
	}
	// Most recent first.
	sort.SliceStable(candidates, func(i, j int) bool {
		ti, tj := candidates[i].GetCreatedAt().Time, candidates[j].GetCreatedAt().Time
		if !ti.Equal(tj) {
			return ti.After(tj)
		}
		return candidates[i].GetID() > candidates[j].GetID()
	})
	self, info, err := c.whoami(ctx)
	if err != nil {
		return nil, &listError{op: "asking GitHub which account the token comments as (GET /user)", info: info, err: err}
	}
	res.Author, res.AuthorAssumed = self.login, self.assumed
	var chosen *github.IssueComment
	for _, cm := range candidates {
		switch {
		case !strings.EqualFold(cm.GetUser().GetLogin(), self.login):
			res.Ignored = append(res.Ignored, cm.GetID())
			if login := cm.GetUser().GetLogin(); !containsFold(res.IgnoredAuthors, login) {
				res.IgnoredAuthors = append(res.IgnoredAuthors, login)
			}
		case chosen == nil:
			chosen = cm
		default:
			res.Stale = append(res.Stale, cm.GetID())
		}
	}
	if len(res.Ignored) > 0 {
		how := "the token's account"
		if self.assumed {
			how = "assumed, since GET /user refuses the token as it refuses the workflow's GITHUB_TOKEN"
		}
		c.logf("leaving alone %d comment(s) carrying benchgate's marker %s by %s: only %s's count (%s): %v",
			len(res.Ignored), marker, strings.Join(res.IgnoredAuthors, ", "), self.login, how, res.Ignored)
	}
	return chosen, nil
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// whoami works out, once, which account the token comments as: Author if
// configured, else GET /user's answer, else (GET /user refused, as for
// installation tokens) github-actions[bot].
func (c *Commenter) whoami(ctx context.Context) (*identity, *callInfo, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.self != nil {
		return c.self, nil, nil
	}
	if c.author != "" {
		c.self = &identity{login: c.author}
		return c.self, nil, nil
	}
	uctx, info := withCallInfo(ctx)
	u, _, err := c.client.Users.Get(uctx, "")
	switch status := statusOf(err); {
	case err == nil && u.GetLogin() != "":
		c.self = &identity{login: u.GetLogin()}
	case err == nil:
		return nil, info, errors.New("GET /user answered without a login")
	case (status == http.StatusForbidden && !isRateLimit(err)) || status == http.StatusNotFound:
		c.logf("GET /user: %s, as for the workflow's GITHUB_TOKEN and GitHub App tokens; only %s's marked comments count as benchgate's", c.redact(cause(err)), botLogin)
		c.self = &identity{login: botLogin, assumed: true}
	default:
		// Not remembered: a later call may succeed.
		return nil, info, err
	}
	return c.self, nil, nil
}

// redact removes the token from text that will be shown, in case an answer
// ever echoes it.
func (c *Commenter) redact(s string) string {
	if c.token == "" {
		return s
	}
	return strings.ReplaceAll(s, c.token, "[redacted]")
}
