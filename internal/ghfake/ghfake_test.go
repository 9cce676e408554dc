package ghfake_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/benchgate/benchgate/internal/ghfake"
	"github.com/google/go-github/v60/github"
)

// newClient returns a go-github client for the fake, resolving every path
// against its base URL.
func newClient(t *testing.T, s *ghfake.Server) *github.Client {
	t.Helper()
	c := github.NewClient(s.Client()).WithAuthToken("ghs_test")
	u, err := url.Parse(s.URL)
	if err != nil {
		t.Fatal(err)
	}
	c.BaseURL = u
	return c
}

// do sends a raw request to the fake and returns the status and body.
func do(t *testing.T, s *ghfake.Server, method, path, auth, body string) (int, http.Header, string) {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, s.URL+path, r)
	if err != nil {
		t.Fatal(err)
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	resp, err := s.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, string(b)
}

func TestJSONShapesDecodeWithGoGitHub(t *testing.T) {
	s := ghfake.New(t)
	status, hdr, body := do(t, s, "POST", "repos/octo-org/hello-go/issues/7/comments", "Bearer x", `{"body":"héllo"}`)
	if status != http.StatusCreated {
		t.Fatalf("create: status %d, body %s", status, body)
	}
	if ct := hdr.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type = %q", ct)
	}
	var c github.IssueComment
	dec := json.NewDecoder(strings.NewReader(body))
	if err := dec.Decode(&c); err != nil {
		t.Fatalf("decoding %s as github.IssueComment: %v", body, err)
	}
	if c.GetID() == 0 || c.GetBody() != "héllo" || c.GetUser().GetLogin() != ghfake.BotLogin ||
		c.GetUser().GetType() != "Bot" || c.GetCreatedAt().IsZero() || c.GetUpdatedAt().IsZero() ||
		!strings.HasSuffix(c.GetHTMLURL(), fmt.Sprintf("/octo-org/hello-go/pull/7#issuecomment-%d", c.GetID())) ||
		!strings.HasPrefix(c.GetURL(), s.URL+"repos/octo-org/hello-go/issues/comments/") ||
		c.GetIssueURL() != s.URL+"repos/octo-org/hello-go/issues/7" || c.GetNodeID() == "" || c.GetAuthorAssociation() == "" {
		t.Errorf("created comment decoded as %v", c)
	}
	if loc := hdr.Get("Location"); loc != c.GetURL() {
		t.Errorf("Location = %q, want %q", loc, c.GetURL())
	}

	// The same shapes through go-github's own calls.
	ctx := context.Background()
	gh := newClient(t, s)
	list, _, err := gh.Issues.ListComments(ctx, "octo-org", "hello-go", 7, nil)
	if err != nil || len(list) != 1 || list[0].GetID() != c.GetID() || list[0].GetBody() != "héllo" {
		t.Fatalf("ListComments = %v, %v", list, err)
	}
	edited, resp, err := gh.Issues.EditComment(ctx, "octo-org", "hello-go", c.GetID(), &github.IssueComment{Body: github.String("bye")})
	if err != nil || resp.StatusCode != http.StatusOK || edited.GetBody() != "bye" || !edited.GetUpdatedAt().After(edited.GetCreatedAt().Time) {
		t.Fatalf("EditComment = %v, %v", edited, err)
	}
	got, _, err := gh.Issues.GetComment(ctx, "octo-org", "hello-go", c.GetID())
	if err != nil || got.GetBody() != "bye" {
		t.Fatalf("GetComment = %v, %v", got, err)
	}
	if resp.Rate.Limit != 5000 || resp.Rate.Remaining == 0 {
		t.Errorf("rate headers parsed as %+v", resp.Rate)
	}
	if cs := s.Comments("octo-org", "hello-go", 7); len(cs) != 1 || cs[0].Body != "bye" {
		t.Errorf("stored comments = %+v", cs)
	}
}

func TestPagination(t *testing.T) {
	s := ghfake.New(t)
	for i := range 250 {
		s.AddComment("o", "r", 3, "someone", fmt.Sprintf("comment %d", i))
	}
	s.AddComment("o", "r", 4, "someone", "on another PR")
	gh := newClient(t, s)
	ctx := context.Background()
	opts := &github.IssueListCommentsOptions{ListOptions: github.ListOptions{PerPage: 100}}
	var bodies []string
	var pages []int
	for {
		cs, resp, err := gh.Issues.ListComments(ctx, "o", "r", 3, opts)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, len(cs))
		for _, c := range cs {
			bodies = append(bodies, c.GetBody())
		}
		if resp.LastPage != 0 && resp.LastPage != 3 {
			t.Errorf("LastPage = %d, want 3", resp.LastPage)
		}
		if resp.NextPage == 0 {
			if resp.PrevPage != 2 || resp.FirstPage != 1 {
				t.Errorf("last page: PrevPage %d FirstPage %d", resp.PrevPage, resp.FirstPage)
			}
			break
		}
		opts.Page = resp.NextPage
	}
	if fmt.Sprint(pages) != "[100 100 50]" {
		t.Errorf("page sizes = %v, want [100 100 50]", pages)
	}
	if len(bodies) != 250 || bodies[0] != "comment 0" || bodies[249] != "comment 249" {
		t.Errorf("got %d bodies, first %q last %q", len(bodies), bodies[0], bodies[len(bodies)-1])
	}

	// The Link header is absolute, keeps the base path and the request's
	// other parameters.
	_, hdr, _ := do(t, s, "GET", "repos/o/r/issues/3/comments?per_page=100&page=2&since=2020-01-01T00:00:00Z", "token x", "")
	link := hdr.Get("Link")
	for _, want := range []string{
		`<` + s.URL + `repos/o/r/issues/3/comments?page=3&per_page=100&since=2020-01-01T00%3A00%3A00Z>; rel="next"`,
		`rel="last"`, `rel="prev"`, `rel="first"`,
	} {
		if !strings.Contains(link, want) {
			t.Errorf("Link %q lacks %q", link, want)
		}
	}
	// GitHub's default page size is 30 and its maximum 100.
	var cs []github.IssueComment
	_, _, body := do(t, s, "GET", "repos/o/r/issues/3/comments", "token x", "")
	if err := json.Unmarshal([]byte(body), &cs); err != nil || len(cs) != 30 {
		t.Errorf("default page: %d comments, %v", len(cs), err)
	}
	_, _, body = do(t, s, "GET", "repos/o/r/issues/3/comments?per_page=500", "token x", "")
	if err := json.Unmarshal([]byte(body), &cs); err != nil || len(cs) != 100 {
		t.Errorf("per_page=500: %d comments, %v", len(cs), err)
	}
	if status, _, _ := do(t, s, "GET", "repos/o/r/issues/3/comments?page=zero", "token x", ""); status != http.StatusUnprocessableEntity {
		t.Errorf("page=zero: status %d, want 422", status)
	}
	// An empty issue still answers one empty page with no Link.
	status, hdr, body := do(t, s, "GET", "repos/o/r/issues/99/comments", "token x", "")
	if status != 200 || strings.TrimSpace(body) != "[]" || hdr.Get("Link") != "" {
		t.Errorf("empty issue: %d %q Link %q", status, body, hdr.Get("Link"))
	}
}

func TestAuthorization(t *testing.T) {
	s := ghfake.New(t, ghfake.WithToken("ghs_right"))
	tests := []struct {
		auth   string
		status int
		msg    string
	}{
		{"", 401, "Requires authentication"},
		{"Basic dXNlcjpwYXNz", 401, "Bad credentials"},
		{"Bearer ghs_wrong", 401, "Bad credentials"},
		{"Bearer ghs_right", 200, ""},
		{"token ghs_right", 200, ""},
	}
	for _, tt := range tests {
		status, _, body := do(t, s, "GET", "repos/o/r/issues/1/comments", tt.auth, "")
		if status != tt.status || !strings.Contains(body, tt.msg) {
			t.Errorf("Authorization %q: %d %s, want %d %q", tt.auth, status, body, tt.status, tt.msg)
		}
	}
	reqs := s.Requests()
	if len(reqs) != len(tests) || reqs[0].AuthScheme != "" || reqs[3].AuthScheme != "Bearer" || reqs[4].AuthScheme != "token" {
		t.Errorf("request log = %+v", reqs)
	}
}

func TestUpdateUnknownComment(t *testing.T) {
	s := ghfake.New(t)
	id := s.AddComment("o", "r", 1, "someone", "x")
	gh := newClient(t, s)
	ctx := context.Background()
	for _, tt := range []struct {
		repo string
		id   int64
	}{{"r", id + 100}, {"other", id}} {
		_, resp, err := gh.Issues.EditComment(ctx, "o", tt.repo, tt.id, &github.IssueComment{Body: github.String("y")})
		var er *github.ErrorResponse
		if !errors.As(err, &er) || resp.StatusCode != 404 || er.Message != "Not Found" {
			t.Errorf("EditComment(%s, %d): %v", tt.repo, tt.id, err)
		}
	}
	if cs := s.Comments("o", "r", 1); cs[0].Body != "x" {
		t.Errorf("body changed to %q", cs[0].Body)
	}
	status, _, body := do(t, s, "PATCH", fmt.Sprintf("repos/o/r/issues/comments/%d", id), "token x", `{"body": 5}`)
	if status != http.StatusBadRequest {
		t.Errorf("bad JSON: %d %s", status, body)
	}
	status, _, body = do(t, s, "POST", "repos/o/r/issues/1/comments", "token x", `{}`)
	if status != http.StatusUnprocessableEntity || !strings.Contains(body, "missing_field") {
		t.Errorf("missing body: %d %s", status, body)
	}
	status, _, _ = do(t, s, "DELETE", "repos/o/r/issues/1", "token x", "")
	if status != http.StatusNotFound || s.Count(ghfake.Other) != 1 {
		t.Errorf("unknown route: %d, Other count %d", status, s.Count(ghfake.Other))
	}
}

func TestBodyLimitCountsCharacters(t *testing.T) {
	s := ghfake.New(t)
	gh := newClient(t, s)
	ctx := context.Background()
	ok := strings.Repeat("é", ghfake.MaxBodyChars) // 131,072 bytes, 65,536 characters
	if _, _, err := gh.Issues.CreateComment(ctx, "o", "r", 1, &github.IssueComment{Body: &ok}); err != nil {
		t.Errorf("a body of exactly %d characters: %v", ghfake.MaxBodyChars, err)
	}
	long := ok + "x"
	_, resp, err := gh.Issues.CreateComment(ctx, "o", "r", 1, &github.IssueComment{Body: &long})
	var er *github.ErrorResponse
	if !errors.As(err, &er) || resp.StatusCode != 422 || len(er.Errors) != 1 ||
		er.Errors[0].Message != "Body is too long (maximum is 65536 characters)" || er.Errors[0].Resource != "IssueComment" {
		t.Errorf("a body one character too long: %v", err)
	}
}

func TestScriptedResponses(t *testing.T) {
	s := ghfake.New(t)
	gh := newClient(t, s)
	ctx := context.Background()
	create := func() (*github.Response, error) {
		_, resp, err := gh.Issues.CreateComment(ctx, "o", "r", 1, &github.IssueComment{Body: github.String("b")})
		return resp, err
	}

	s.Script(ghfake.CreateComment, ghfake.ServerError(502), ghfake.ServerError(500))
	if s.Pending(ghfake.CreateComment) != 2 {
		t.Fatalf("Pending = %d", s.Pending(ghfake.CreateComment))
	}
	for _, want := range []int{502, 500, 201} {
		resp, err := create()
		if resp.StatusCode != want {
			t.Errorf("status %d (%v), want %d", resp.StatusCode, err, want)
		}
	}
	if n := len(s.Comments("o", "r", 1)); n != 1 {
		t.Errorf("%d comments after two failures and a success, want 1", n)
	}

	// Apply: the write lands but the client is told it failed.
	s.Script(ghfake.CreateComment, ghfake.Response{Status: 502, Body: `{"message":"Bad Gateway"}`, Apply: true})
	if resp, _ := create(); resp.StatusCode != 502 {
		t.Errorf("Apply: status %d", resp.StatusCode)
	}
	if n := len(s.Comments("o", "r", 1)); n != 2 {
		t.Errorf("Apply: %d comments, want 2", n)
	}

	s.Script(ghfake.CreateComment, ghfake.NotAccessible())
	_, err := create()
	var er *github.ErrorResponse
	if !errors.As(err, &er) || er.Response.StatusCode != 403 || er.Message != "Resource not accessible by integration" {
		t.Errorf("NotAccessible: %v", err)
	}

	s.Script(ghfake.ListComments, ghfake.NotFound())
	_, _, err = gh.Issues.ListComments(ctx, "o", "r", 1, nil)
	if !errors.As(err, &er) || er.Response.StatusCode != 404 {
		t.Errorf("NotFound: %v", err)
	}

	// go-github recognises both rate limits by their shape. Each gets its
	// own client, since go-github then refuses requests until the reset.
	s.Script(ghfake.ListComments, ghfake.SecondaryRateLimit(1))
	_, _, err = newClient(t, s).Issues.ListComments(ctx, "o", "r", 1, nil)
	var ae *github.AbuseRateLimitError
	if !errors.As(err, &ae) || ae.RetryAfter == nil || *ae.RetryAfter != time.Second {
		t.Errorf("SecondaryRateLimit: %v", err)
	}
	s.Script(ghfake.ListComments, ghfake.SecondaryRateLimit(-1))
	_, _, err = newClient(t, s).Issues.ListComments(ctx, "o", "r", 1, nil)
	if !errors.As(err, &ae) || ae.Response.Header.Get("Retry-After") != "" {
		t.Errorf("SecondaryRateLimit without Retry-After: %v", err)
	}
	reset := time.Now().Add(time.Hour).Truncate(time.Second)
	s.Script(ghfake.ListComments, ghfake.PrimaryRateLimit(reset))
	_, _, err = newClient(t, s).Issues.ListComments(ctx, "o", "r", 1, nil)
	var re *github.RateLimitError
	if !errors.As(err, &re) || !re.Rate.Reset.Time.Equal(reset) || re.Rate.Remaining != 0 {
		t.Errorf("PrimaryRateLimit: %v", err)
	}

	if s.Pending(ghfake.ListComments) != 0 || s.Pending(ghfake.CreateComment) != 0 {
		t.Error("scripted responses left over")
	}
	scripted := 0
	for _, r := range s.Requests() {
		if r.Scripted {
			scripted++
		}
	}
	if scripted != 8 {
		t.Errorf("%d scripted answers logged, want 8", scripted)
	}
}

func TestStall(t *testing.T) {
	s := ghfake.New(t)
	gh := newClient(t, s)
	s.Script(ghfake.ListComments, ghfake.Stall(time.Minute))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, _, err := gh.Issues.ListComments(ctx, "o", "r", 1, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v, want a deadline error", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the stalled request took %s", d)
	}
	// A short stall then answers normally.
	s.Script(ghfake.ListComments, ghfake.Stall(time.Millisecond))
	if _, resp, err := gh.Issues.ListComments(context.Background(), "o", "r", 1, nil); err != nil || resp.StatusCode != 200 {
		t.Errorf("after a short stall: %v", err)
	}
}

func TestIdentity(t *testing.T) {
	ctx := context.Background()

	s := ghfake.New(t)
	_, _, err := newClient(t, s).Users.Get(ctx, "")
	var er *github.ErrorResponse
	if !errors.As(err, &er) || er.Response.StatusCode != 403 {
		t.Errorf("GET /user as an installation token: %v", err)
	}

	s = ghfake.New(t, ghfake.AsUser("mona"))
	gh := newClient(t, s)
	u, _, err := gh.Users.Get(ctx, "")
	if err != nil || u.GetLogin() != "mona" {
		t.Errorf("GET /user as mona: %v, %v", u, err)
	}
	c, _, err := gh.Issues.CreateComment(ctx, "o", "r", 1, &github.IssueComment{Body: github.String("b")})
	if err != nil || c.GetUser().GetLogin() != "mona" || c.GetUser().GetType() != "User" {
		t.Errorf("comment by %v (%v)", c.GetUser(), err)
	}
}

func TestEnterpriseBasePath(t *testing.T) {
	s := ghfake.New(t, ghfake.WithBasePath("/api/v3/"))
	if !strings.HasSuffix(s.URL, "/api/v3/") {
		t.Fatalf("URL = %q", s.URL)
	}
	host := strings.TrimSuffix(s.URL, "api/v3/")
	gh, err := github.NewClient(s.Client()).WithAuthToken("x").WithEnterpriseURLs(host, host)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := gh.Issues.CreateComment(context.Background(), "o", "r", 1, &github.IssueComment{Body: github.String("b")}); err != nil {
		t.Errorf("CreateComment through WithEnterpriseURLs: %v", err)
	}
}

// recordingTB captures the fake's complaints instead of failing the test.
type recordingTB struct {
	testing.TB
	mu   sync.Mutex
	errs []string
}

func (r *recordingTB) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func TestRequestOutsideBasePathIsAnError(t *testing.T) {
	rec := &recordingTB{TB: t}
	s := ghfake.New(rec)
	// A client whose base URL is the host alone sends /repos/..., off
	// the mount.
	gh := github.NewClient(s.Client()).WithAuthToken("x")
	u, err := url.Parse(strings.TrimSuffix(s.URL, "api-v3/"))
	if err != nil {
		t.Fatal(err)
	}
	gh.BaseURL = u
	_, _, err = gh.Issues.ListComments(context.Background(), "o", "r", 1, nil)
	if err == nil {
		t.Error("a request outside the base path succeeded")
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if len(rec.errs) != 1 || !strings.Contains(rec.errs[0], "outside the base path") {
		t.Errorf("fake reported %q", rec.errs)
	}
}
