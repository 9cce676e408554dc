package publish_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/benchgate/benchgate/gate/publish"
	"github.com/benchgate/benchgate/internal/ghfake"
	"github.com/google/go-github/v60/github"
)

const (
	token = "ghs_S3cretTokenValue0123456789"
	owner = "octo-org"
	repo  = "hello-go"
	pr    = 42
)

// harness is a Commenter wired to a fake, with its waits and log recorded.
type harness struct {
	fake *ghfake.Server
	c    *publish.Commenter

	mu    sync.Mutex
	waits []time.Duration
	logs  []string
}

func (h *harness) sleep(ctx context.Context, d time.Duration) error {
	h.mu.Lock()
	h.waits = append(h.waits, d)
	h.mu.Unlock()
	return ctx.Err()
}

func (h *harness) logf(format string, args ...any) {
	h.mu.Lock()
	h.logs = append(h.logs, fmt.Sprintf(format, args...))
	h.mu.Unlock()
}

// logged reports whether a log line contains s.
func (h *harness) logged(s string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, l := range h.logs {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

func (h *harness) recordedWaits() []time.Duration {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]time.Duration(nil), h.waits...)
}

// newHarness starts a fake and a Commenter for it. configure may change the
// Config before the Commenter is made.
func newHarness(t *testing.T, fakeOpts []ghfake.Option, configure func(*publish.Config)) *harness {
	t.Helper()
	h := &harness{fake: ghfake.New(t, fakeOpts...)}
	cfg := publish.Config{
		Token:      token,
		APIURL:     h.fake.URL,
		HTTPClient: h.fake.Client(),
		Sleep:      h.sleep,
		Logf:       h.logf,
	}
	if configure != nil {
		configure(&cfg)
	}
	c, err := publish.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	h.c = c
	t.Cleanup(func() { h.checkNoToken(t) })
	return h
}

func (h *harness) upsert(t *testing.T, commentID, body string) (*publish.Result, error) {
	t.Helper()
	return h.c.Upsert(context.Background(), owner, repo, pr, commentID, body)
}

func (h *harness) mustUpsert(t *testing.T, commentID, body string) *publish.Result {
	t.Helper()
	res, err := h.upsert(t, commentID, body)
	if err != nil {
		t.Fatalf("Upsert(%q): %v", commentID, err)
	}
	return res
}

func (h *harness) comments(t *testing.T) []ghfake.Comment {
	t.Helper()
	return h.fake.Comments(owner, repo, pr)
}

// checkNoToken fails if the token shows up in anything logged.
func (h *harness) checkNoToken(t *testing.T) {
	t.Helper()
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, l := range h.logs {
		if strings.Contains(l, token) {
			t.Errorf("log line carries the token: %q", l)
		}
	}
}

func checkErrNoToken(t *testing.T, err error) {
	t.Helper()
	if err != nil && strings.Contains(err.Error(), token) {
		t.Errorf("error carries the token: %v", err)
	}
}

func marker(t *testing.T, id string) string {
	t.Helper()
	m, err := publish.Marker(id)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestUpsertCreatesThenEdits(t *testing.T) {
	h := newHarness(t, nil, nil)
	res := h.mustUpsert(t, "", "first report")
	if res.Action != publish.Created || res.ID == 0 || !strings.Contains(res.URL, fmt.Sprintf("#issuecomment-%d", res.ID)) {
		t.Errorf("first Upsert = %+v, want a created comment", res)
	}
	cs := h.comments(t)
	if len(cs) != 1 || cs[0].Body != marker(t, "default")+"\nfirst report" {
		t.Fatalf("comments = %+v", cs)
	}

	res2 := h.mustUpsert(t, "", "second report")
	if res2.Action != publish.Updated || res2.ID != res.ID {
		t.Errorf("second Upsert = %+v, want comment %d updated", res2, res.ID)
	}
	cs = h.comments(t)
	if len(cs) != 1 || !strings.HasSuffix(cs[0].Body, "\nsecond report") {
		t.Fatalf("after the second Upsert: %+v", cs)
	}

	patches := h.fake.Count(ghfake.UpdateComment)
	res3 := h.mustUpsert(t, "", "second report")
	if res3.Action != publish.Unchanged || res3.ID != res.ID || h.fake.Count(ghfake.UpdateComment) != patches {
		t.Errorf("third Upsert = %+v with %d PATCHes, want unchanged and none sent", res3, h.fake.Count(ghfake.UpdateComment)-patches)
	}
	for _, r := range h.fake.Requests() {
		if r.AuthScheme != "Bearer" {
			t.Errorf("%s %s sent with auth scheme %q", r.Method, r.Path, r.AuthScheme)
		}
	}
}

func TestUpsertFindsMarkerOnThirdPage(t *testing.T) {
	h := newHarness(t, nil, nil)
	for i := range 220 {
		h.fake.AddComment(owner, repo, pr, "mona", fmt.Sprintf("LGTM %d", i))
	}
	id := h.fake.AddComment(owner, repo, pr, ghfake.BotLogin, marker(t, "default")+"\nold report")
	for i := range 29 {
		h.fake.AddComment(owner, repo, pr, "hubot", fmt.Sprintf("later %d", i))
	}
	res := h.mustUpsert(t, "", "new report")
	if res.Action != publish.Updated || res.ID != id {
		t.Errorf("Upsert = %+v, want comment %d updated", res, id)
	}
	var pages []string
	for _, r := range h.fake.Requests() {
		if r.Endpoint == ghfake.ListComments {
			pages = append(pages, r.Query.Get("per_page")+"/"+r.Query.Get("page"))
		}
	}
	if fmt.Sprint(pages) != "[100/1 100/2 100/3]" {
		t.Errorf("listed pages %v, want [100/1 100/2 100/3]", pages)
	}
	if n := h.fake.Count(ghfake.CreateComment); n != 0 {
		t.Errorf("%d comments created, want 0", n)
	}
	cs := h.comments(t)
	if len(cs) != 250 || cs[220].Body != marker(t, "default")+"\nnew report" {
		t.Errorf("%d comments; the marked one reads %q", len(cs), cs[220].Body)
	}
}

func TestCommentIDsKeepSeparateComments(t *testing.T) {
	h := newHarness(t, nil, nil)
	linux := h.mustUpsert(t, "linux-amd64", "linux v1")
	windows := h.mustUpsert(t, "windows-amd64", "windows v1")
	if linux.ID == windows.ID || linux.Action != publish.Created || windows.Action != publish.Created {
		t.Fatalf("linux %+v, windows %+v: want two created comments", linux, windows)
	}
	// "linux" is a prefix of "linux-amd64" but its marker is not.
	short := h.mustUpsert(t, "linux", "short id")
	if short.Action != publish.Created {
		t.Errorf("comment-id linux reused a comment: %+v", short)
	}
	again := h.mustUpsert(t, "linux-amd64", "linux v2")
	if again.Action != publish.Updated || again.ID != linux.ID {
		t.Errorf("second linux Upsert = %+v, want comment %d updated", again, linux.ID)
	}
	bodies := map[int64]string{}
	for _, c := range h.comments(t) {
		bodies[c.ID] = c.Body
	}
	if len(bodies) != 3 || !strings.HasSuffix(bodies[linux.ID], "linux v2") || !strings.HasSuffix(bodies[windows.ID], "windows v1") {
		t.Errorf("comments = %v", bodies)
	}
}

func TestMarkerMustOpenTheComment(t *testing.T) {
	h := newHarness(t, nil, nil)
	m := marker(t, "default")
	h.fake.AddComment(owner, repo, pr, ghfake.BotLogin, "quoting benchgate:\n"+m+"\nold")
	h.fake.AddComment(owner, repo, pr, ghfake.BotLogin, " "+m+"\nindented")
	h.fake.AddComment(owner, repo, pr, ghfake.BotLogin, m+" extra\nsame line")
	crlf := h.fake.AddComment(owner, repo, pr, ghfake.BotLogin, m+"\r\nedited in the browser")
	res := h.mustUpsert(t, "", "report")
	if res.Action != publish.Updated || res.ID != crlf {
		t.Errorf("Upsert = %+v, want the CRLF comment %d updated", res, crlf)
	}
}

// TestAuthorship checks whose marked comments Upsert edits: only those of
// the account the token acts as (see the package documentation).
func TestAuthorship(t *testing.T) {
	untouched := func(t *testing.T, h *harness, id int64, suffix string) {
		t.Helper()
		for _, c := range h.comments(t) {
			if c.ID == id && !strings.HasSuffix(c.Body, suffix) {
				t.Errorf("comment %d by %s was edited: %q", id, c.Login, c.Body)
			}
		}
	}
	t.Run("stranger's marker is ignored", func(t *testing.T) {
		h := newHarness(t, nil, nil)
		mine := h.fake.AddComment(owner, repo, pr, ghfake.BotLogin, marker(t, "default")+"\nold")
		theirs := h.fake.AddComment(owner, repo, pr, "mallory", marker(t, "default")+"\nspoof")
		res := h.mustUpsert(t, "", "report")
		if res.Action != publish.Updated || res.ID != mine || fmt.Sprint(res.Ignored) != fmt.Sprint([]int64{theirs}) {
			t.Errorf("Upsert = %+v, want %d updated and %d ignored", res, mine, theirs)
		}
		untouched(t, h, theirs, "spoof")
	})
	t.Run("only a stranger's marker: create", func(t *testing.T) {
		h := newHarness(t, nil, nil)
		theirs := h.fake.AddComment(owner, repo, pr, "mallory", marker(t, "default")+"\nspoof")
		res := h.mustUpsert(t, "", "report")
		if res.Action != publish.Created || len(res.Ignored) != 1 || res.Ignored[0] != theirs {
			t.Errorf("Upsert = %+v", res)
		}
		if n := h.fake.Count(ghfake.GetUser); n != 1 {
			t.Errorf("GET /user asked %d times, want 1", n)
		}
	})
	t.Run("workflow token: another bot's marker is left alone", func(t *testing.T) {
		// The security probe's case: GET /user is 403 for the workflow
		// token, and any Bot used to count as benchgate.
		h := newHarness(t, nil, nil)
		mine := h.fake.AddComment(owner, repo, pr, ghfake.BotLogin, marker(t, "default")+"\nold")
		bot := h.fake.AddComment(owner, repo, pr, "other-app[bot]", marker(t, "default")+"\nbot spoof")
		res := h.mustUpsert(t, "", "report")
		if res.Action != publish.Updated || res.ID != mine || fmt.Sprint(res.Ignored) != fmt.Sprint([]int64{bot}) {
			t.Errorf("Upsert = %+v, want %d updated and the other bot's %d ignored", res, mine, bot)
		}
		if res.Author != ghfake.BotLogin || !res.AuthorAssumed || fmt.Sprint(res.IgnoredAuthors) != "[other-app[bot]]" {
			t.Errorf("Author %q assumed %v, IgnoredAuthors %v", res.Author, res.AuthorAssumed, res.IgnoredAuthors)
		}
		untouched(t, h, bot, "bot spoof")
	})
	t.Run("workflow token: only another bot's marker: create", func(t *testing.T) {
		h := newHarness(t, nil, nil)
		bot := h.fake.AddComment(owner, repo, pr, "other-app[bot]", marker(t, "default")+"\nbot spoof")
		res := h.mustUpsert(t, "", "report")
		if res.Action != publish.Created || res.ID == bot || len(h.comments(t)) != 2 {
			t.Errorf("Upsert = %+v with %d comments, want a new comment beside the bot's", res, len(h.comments(t)))
		}
		untouched(t, h, bot, "bot spoof")
		if !h.logged("leaving alone 1 comment(s) carrying benchgate's marker <!-- benchgate:comment-id=default --> by other-app[bot]: only github-actions[bot]'s count (assumed") {
			t.Errorf("no log line about the comment left alone: %q", h.logs)
		}
		// Update (comment: on-regression without a regression) neither
		// edits the bot's comment nor creates one.
		h2 := newHarness(t, nil, nil)
		h2.fake.AddComment(owner, repo, pr, "other-app[bot]", marker(t, "default")+"\nbot spoof")
		if res, err := h2.c.Update(context.Background(), owner, repo, pr, "", "fixed"); err != nil || res.Action != publish.NotFound || len(h2.comments(t)) != 1 {
			t.Errorf("Update = %+v, %v with %d comments", res, err, len(h2.comments(t)))
		}
	})
	t.Run("personal access token", func(t *testing.T) {
		h := newHarness(t, []ghfake.Option{ghfake.AsUser("mona")}, nil)
		mine := h.fake.AddComment(owner, repo, pr, "mona", marker(t, "default")+"\nold")
		other := h.fake.AddComment(owner, repo, pr, "some-app[bot]", marker(t, "default")+"\nbot spoof")
		actions := h.fake.AddComment(owner, repo, pr, ghfake.BotLogin, marker(t, "default")+"\nworkflow token's")
		res := h.mustUpsert(t, "", "report")
		if res.Action != publish.Updated || res.ID != mine || fmt.Sprint(res.Ignored) != fmt.Sprint([]int64{actions, other}) {
			t.Errorf("Upsert = %+v, want %d updated and %d, %d ignored", res, mine, actions, other)
		}
		if res.Author != "mona" || res.AuthorAssumed {
			t.Errorf("Author %q assumed %v, want mona as GET /user says", res.Author, res.AuthorAssumed)
		}
		untouched(t, h, actions, "workflow token's")
		// A second Upsert on the same Commenter does not ask again.
		h.mustUpsert(t, "", "report 2")
		if n := h.fake.Count(ghfake.GetUser); n != 1 {
			t.Errorf("GET /user asked %d times, want 1", n)
		}
	})
	t.Run("app token without comment author: its own comment is left alone", func(t *testing.T) {
		h := newHarness(t, []ghfake.Option{ghfake.AsApp("benchgate-app[bot]")}, nil)
		first := h.mustUpsert(t, "", "report 1")
		second := h.mustUpsert(t, "", "report 2")
		if first.Action != publish.Created || second.Action != publish.Created || first.ID == second.ID {
			t.Errorf("Upserts = %+v, %+v: without Author, the app cannot know its own comment", first, second)
		}
		if !second.AuthorAssumed || fmt.Sprint(second.IgnoredAuthors) != "[benchgate-app[bot]]" {
			t.Errorf("second Upsert = %+v, want the assumption and the app named", second)
		}
	})
	t.Run("app token with comment author", func(t *testing.T) {
		h := newHarness(t, []ghfake.Option{ghfake.AsApp("benchgate-app[bot]")}, func(c *publish.Config) { c.Author = "benchgate-app[bot]" })
		bot := h.fake.AddComment(owner, repo, pr, ghfake.BotLogin, marker(t, "default")+"\nworkflow token's")
		first := h.mustUpsert(t, "", "report 1")
		second := h.mustUpsert(t, "", "report 2")
		if first.Action != publish.Created || second.Action != publish.Updated || second.ID != first.ID {
			t.Errorf("Upserts = %+v, %+v, want one comment created and then edited", first, second)
		}
		if fmt.Sprint(second.Ignored) != fmt.Sprint([]int64{bot}) || second.Author != "benchgate-app[bot]" || second.AuthorAssumed {
			t.Errorf("second Upsert = %+v", second)
		}
		untouched(t, h, bot, "workflow token's")
		if n := h.fake.Count(ghfake.GetUser); n != 0 {
			t.Errorf("GET /user asked %d times, want 0", n)
		}
	})
	t.Run("configured author", func(t *testing.T) {
		h := newHarness(t, nil, func(c *publish.Config) { c.Author = "ci-user" })
		mine := h.fake.AddComment(owner, repo, pr, "ci-user", marker(t, "default")+"\nold")
		res := h.mustUpsert(t, "", "report")
		if res.Action != publish.Updated || res.ID != mine || h.fake.Count(ghfake.GetUser) != 0 {
			t.Errorf("Upsert = %+v, GET /user %d times; want %d updated without asking", res, h.fake.Count(ghfake.GetUser), mine)
		}
	})
	t.Run("GET /user failing is not a guess", func(t *testing.T) {
		h := newHarness(t, nil, nil)
		mine := h.fake.AddComment(owner, repo, pr, ghfake.BotLogin, marker(t, "default")+"\nold")
		for range 4 {
			h.fake.Script(ghfake.GetUser, ghfake.ServerError(502))
		}
		_, err := h.upsert(t, "", "report")
		var e *publish.Error
		if !errors.As(err, &e) || !strings.HasPrefix(err.Error(), "asking GitHub which account the token comments as (GET /user): 502 Bad Gateway after 4 attempts") {
			t.Errorf("err = %v", err)
		}
		if h.fake.Count(ghfake.UpdateComment)+h.fake.Count(ghfake.CreateComment) != 0 {
			t.Error("a comment was written without knowing whose comments are ours")
		}
		untouched(t, h, mine, "old")
		// Not remembered: the next Upsert asks again and succeeds.
		if res := h.mustUpsert(t, "", "report"); res.Action != publish.Updated || res.ID != mine {
			t.Errorf("retry Upsert = %+v", res)
		}
	})
	t.Run("most recent of several", func(t *testing.T) {
		h := newHarness(t, nil, nil)
		old1 := h.fake.AddComment(owner, repo, pr, ghfake.BotLogin, marker(t, "default")+"\nv1")
		old2 := h.fake.AddComment(owner, repo, pr, ghfake.BotLogin, marker(t, "default")+"\nv2")
		newest := h.fake.AddComment(owner, repo, pr, ghfake.BotLogin, marker(t, "default")+"\nv3")
		res := h.mustUpsert(t, "", "v4")
		if res.ID != newest || fmt.Sprint(res.Stale) != fmt.Sprint([]int64{old2, old1}) {
			t.Errorf("Upsert = %+v, want %d updated and %d, %d stale", res, newest, old2, old1)
		}
	})
}

func TestTransientFailuresAreRetried(t *testing.T) {
	h := newHarness(t, nil, nil)
	h.fake.Script(ghfake.ListComments, ghfake.ServerError(500), ghfake.ServerError(502))
	res := h.mustUpsert(t, "", "report")
	if res.Action != publish.Created {
		t.Errorf("Upsert = %+v", res)
	}
	if w := h.recordedWaits(); fmt.Sprint(w) != "[1s 2s]" {
		t.Errorf("waits = %v, want [1s 2s]", w)
	}

	h.fake.Script(ghfake.UpdateComment, ghfake.ServerError(503))
	res = h.mustUpsert(t, "", "report 2")
	if res.Action != publish.Updated || h.fake.Count(ghfake.UpdateComment) != 2 {
		t.Errorf("Upsert = %+v after %d PATCHes", res, h.fake.Count(ghfake.UpdateComment))
	}
	if len(h.comments(t)) != 1 {
		t.Errorf("%d comments, want 1", len(h.comments(t)))
	}
}

func TestRetryHonoursRetryAfterOn5xx(t *testing.T) {
	h := newHarness(t, nil, nil)
	r := ghfake.ServerError(503)
	r.Header = http.Header{"Retry-After": {"9"}}
	h.fake.Script(ghfake.ListComments, r)
	h.mustUpsert(t, "", "report")
	if w := h.recordedWaits(); fmt.Sprint(w) != "[9s]" {
		t.Errorf("waits = %v, want [9s]", w)
	}
}

func TestCreateIsNotDuplicatedWhenTheAnswerIsLost(t *testing.T) {
	h := newHarness(t, nil, nil)
	// GitHub creates the comment, but a proxy answers 502.
	h.fake.Script(ghfake.CreateComment, ghfake.Response{Status: 502, Body: `{"message":"Bad Gateway"}`, Apply: true})
	res := h.mustUpsert(t, "", "report")
	if cs := h.comments(t); len(cs) != 1 {
		t.Fatalf("%d comments, want 1: %+v", len(cs), cs)
	}
	if res.Action != publish.Created || res.ID != h.comments(t)[0].ID {
		t.Errorf("Upsert = %+v", res)
	}
	if n := h.fake.Count(ghfake.CreateComment); n != 1 {
		t.Errorf("%d POSTs, want 1", n)
	}
	if n := h.fake.Count(ghfake.ListComments); n != 2 {
		t.Errorf("%d listings, want 2 (before and after the lost answer)", n)
	}
}

func TestCreateIsRetriedWhenItDidNotLand(t *testing.T) {
	h := newHarness(t, nil, nil)
	h.fake.Script(ghfake.CreateComment, ghfake.ServerError(500), ghfake.ServerError(502))
	res := h.mustUpsert(t, "", "report")
	if res.Action != publish.Created || len(h.comments(t)) != 1 || h.fake.Count(ghfake.CreateComment) != 3 {
		t.Errorf("Upsert = %+v; %d comments after %d POSTs", res, len(h.comments(t)), h.fake.Count(ghfake.CreateComment))
	}
	if w := h.recordedWaits(); fmt.Sprint(w) != "[1s 2s]" {
		t.Errorf("waits = %v, want [1s 2s]", w)
	}
}

func TestGivingUpAfterMaxAttempts(t *testing.T) {
	t.Run("list", func(t *testing.T) {
		h := newHarness(t, nil, nil)
		h.fake.Script(ghfake.ListComments, ghfake.ServerError(500), ghfake.ServerError(500), ghfake.ServerError(500), ghfake.ServerError(500), ghfake.ServerError(500))
		_, err := h.upsert(t, "", "report")
		var e *publish.Error
		if !errors.As(err, &e) || e.Attempts != 4 || e.Status != 500 {
			t.Fatalf("err = %#v, want *publish.Error after 4 attempts", err)
		}
		want := "listing the comments on octo-org/hello-go#42: 500 Internal Server Error after 4 attempts: GitHub's API is failing"
		if !strings.HasPrefix(err.Error(), want) {
			t.Errorf("err = %q\nwant prefix %q", err, want)
		}
		if h.fake.Pending(ghfake.ListComments) != 1 || fmt.Sprint(h.recordedWaits()) != "[1s 2s 4s]" {
			t.Errorf("pending %d, waits %v", h.fake.Pending(ghfake.ListComments), h.recordedWaits())
		}
		checkErrNoToken(t, err)
	})
	t.Run("update", func(t *testing.T) {
		h := newHarness(t, nil, nil)
		id := h.fake.AddComment(owner, repo, pr, ghfake.BotLogin, marker(t, "default")+"\nold")
		for range 4 {
			h.fake.Script(ghfake.UpdateComment, ghfake.ServerError(502))
		}
		_, err := h.upsert(t, "", "report")
		want := fmt.Sprintf("updating benchgate comment %d on octo-org/hello-go#42: 502 Bad Gateway after 4 attempts: ", id)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("err = %v\nwant prefix %q", err, want)
		}
		var ge *github.ErrorResponse
		if !errors.As(err, &ge) {
			t.Errorf("err does not unwrap to *github.ErrorResponse")
		}
	})
	t.Run("create", func(t *testing.T) {
		h := newHarness(t, nil, nil)
		for range 4 {
			h.fake.Script(ghfake.CreateComment, ghfake.ServerError(502))
		}
		_, err := h.upsert(t, "", "report")
		want := "creating the benchgate comment on octo-org/hello-go#42: 502 Bad Gateway after 4 attempts: "
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("err = %v\nwant prefix %q", err, want)
		}
		if n := h.fake.Count(ghfake.CreateComment); n != 4 {
			t.Errorf("%d POSTs, want 4", n)
		}
	})
}

func TestSecondaryRateLimit(t *testing.T) {
	t.Run("waits Retry-After", func(t *testing.T) {
		h := newHarness(t, nil, nil)
		h.fake.Script(ghfake.ListComments, ghfake.SecondaryRateLimit(7))
		h.fake.Script(ghfake.CreateComment, ghfake.SecondaryRateLimit(3))
		res := h.mustUpsert(t, "", "report")
		if res.Action != publish.Created || len(h.comments(t)) != 1 {
			t.Errorf("Upsert = %+v with %d comments", res, len(h.comments(t)))
		}
		if w := h.recordedWaits(); fmt.Sprint(w) != "[7s 3s]" {
			t.Errorf("waits = %v, want [7s 3s]", w)
		}
	})
	t.Run("429 with Retry-After", func(t *testing.T) {
		h := newHarness(t, nil, nil)
		r := ghfake.SecondaryRateLimit(5)
		r.Status = http.StatusTooManyRequests
		h.fake.Script(ghfake.ListComments, r)
		h.mustUpsert(t, "", "report")
		if w := h.recordedWaits(); fmt.Sprint(w) != "[5s]" {
			t.Errorf("waits = %v, want [5s]", w)
		}
	})
	t.Run("no Retry-After waits a minute", func(t *testing.T) {
		h := newHarness(t, nil, nil)
		h.fake.Script(ghfake.ListComments, ghfake.SecondaryRateLimit(-1))
		h.mustUpsert(t, "", "report")
		if w := h.recordedWaits(); fmt.Sprint(w) != "[1m0s]" {
			t.Errorf("waits = %v, want [1m0s]", w)
		}
	})
	t.Run("too long a wait gives up", func(t *testing.T) {
		h := newHarness(t, nil, nil)
		h.fake.Script(ghfake.ListComments, ghfake.SecondaryRateLimit(3600))
		_, err := h.upsert(t, "", "report")
		var e *publish.Error
		var ae *github.AbuseRateLimitError
		if !errors.As(err, &e) || !errors.As(err, &ae) {
			t.Fatalf("err = %v, want *publish.Error wrapping *github.AbuseRateLimitError", err)
		}
		for _, want := range []string{"GitHub asked to wait 1h0m0s", "rate limit", "re-run the job later"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("err %q lacks %q", err, want)
			}
		}
		if w := h.recordedWaits(); len(w) != 0 {
			t.Errorf("waited %v", w)
		}
		var perm *publish.PermissionError
		if errors.As(err, &perm) {
			t.Error("a rate limit was reported as a permission problem")
		}
	})
	t.Run("a wait past the deadline gives up", func(t *testing.T) {
		h := newHarness(t, nil, nil)
		h.fake.Script(ghfake.ListComments, ghfake.SecondaryRateLimit(30))
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_, err := h.c.Upsert(ctx, owner, repo, pr, "", "report")
		if err == nil || !strings.Contains(err.Error(), "would pass the deadline") {
			t.Errorf("err = %v", err)
		}
		if w := h.recordedWaits(); len(w) != 0 {
			t.Errorf("waited %v", w)
		}
	})
}

func TestPrimaryRateLimit(t *testing.T) {
	h := newHarness(t, nil, nil)
	h.fake.Script(ghfake.ListComments, ghfake.PrimaryRateLimit(time.Now().Add(5*time.Second)))
	h.mustUpsert(t, "", "report")
	w := h.recordedWaits()
	if len(w) != 1 || w[0] < 4*time.Second || w[0] > 7*time.Second {
		t.Errorf("waits = %v, want one of about 6s", w)
	}

	h2 := newHarness(t, nil, nil)
	h2.fake.Script(ghfake.ListComments, ghfake.PrimaryRateLimit(time.Now().Add(time.Hour)))
	_, err := h2.upsert(t, "", "report")
	var rl *github.RateLimitError
	if !errors.As(err, &rl) || !strings.Contains(err.Error(), "rate limit") {
		t.Errorf("err = %v, want a rate-limit error", err)
	}
}

func TestPermissionErrors(t *testing.T) {
	tests := []struct {
		name   string
		seed   bool // an earlier comment exists, so Upsert edits
		ep     ghfake.Endpoint
		resp   ghfake.Response
		status int
		op     string
	}{
		{"read-only create", false, ghfake.CreateComment, ghfake.NotAccessible(), 403, "creating the benchgate comment on octo-org/hello-go#42"},
		{"read-only edit", true, ghfake.UpdateComment, ghfake.NotAccessible(), 403, "updating benchgate comment"},
		{"invisible repository", false, ghfake.ListComments, ghfake.NotFound(), 404, "listing the comments on octo-org/hello-go#42"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, nil, nil)
			if tt.seed {
				h.fake.AddComment(owner, repo, pr, ghfake.BotLogin, marker(t, "default")+"\nold")
			}
			h.fake.Script(tt.ep, tt.resp, tt.resp, tt.resp, tt.resp)
			_, err := h.upsert(t, "", "report")
			var pe *publish.PermissionError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want *publish.PermissionError", err)
			}
			if pe.Status != tt.status || !strings.HasPrefix(pe.Op, tt.op) {
				t.Errorf("PermissionError = %+v", pe)
			}
			for _, want := range []string{"pull-requests: write", "workflow_run"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("err %q lacks the hint %q", err, want)
				}
			}
			if len(h.recordedWaits()) != 0 {
				t.Errorf("a permission error was retried: waits %v", h.recordedWaits())
			}
			checkErrNoToken(t, err)
		})
	}
}

func TestEditOf404IsLookedUpAgain(t *testing.T) {
	h := newHarness(t, nil, nil)
	id := h.fake.AddComment(owner, repo, pr, ghfake.BotLogin, marker(t, "default")+"\nold")
	h.fake.Script(ghfake.UpdateComment, ghfake.NotFound())
	res := h.mustUpsert(t, "", "report")
	if res.Action != publish.Updated || res.ID != id || h.fake.Count(ghfake.ListComments) != 2 {
		t.Errorf("Upsert = %+v after %d listings", res, h.fake.Count(ghfake.ListComments))
	}
}

func TestBadToken(t *testing.T) {
	h := newHarness(t, []ghfake.Option{ghfake.WithToken("ghs_the_right_one")}, nil)
	_, err := h.upsert(t, "", "report")
	var e *publish.Error
	if !errors.As(err, &e) || e.Status != 401 || !strings.Contains(err.Error(), "github-token input") {
		t.Errorf("err = %v, want a 401 *publish.Error pointing at the github-token input", err)
	}
	checkErrNoToken(t, err)
}

func TestTimeouts(t *testing.T) {
	t.Run("per attempt", func(t *testing.T) {
		h := newHarness(t, nil, func(c *publish.Config) {
			c.Retry = publish.RetryPolicy{AttemptTimeout: 20 * time.Millisecond, MaxAttempts: 2}
		})
		h.fake.Script(ghfake.ListComments, ghfake.Stall(time.Minute), ghfake.Stall(time.Minute))
		start := time.Now()
		_, err := h.upsert(t, "", "report")
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("Upsert took %s", d)
		}
		var e *publish.Error
		if !errors.As(err, &e) || e.Attempts != 2 || !strings.Contains(err.Error(), "no answer within 20ms after 2 attempts") {
			t.Errorf("err = %v", err)
		}
		if w := h.recordedWaits(); fmt.Sprint(w) != "[1s]" {
			t.Errorf("waits = %v, want [1s]", w)
		}
	})
	t.Run("caller's deadline", func(t *testing.T) {
		h := newHarness(t, nil, nil)
		h.fake.Script(ghfake.ListComments, ghfake.Stall(time.Minute))
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		start := time.Now()
		_, err := h.c.Upsert(ctx, owner, repo, pr, "", "report")
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("Upsert took %s", d)
		}
		if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "re-run the job") {
			t.Errorf("err = %v, want a deadline error with a hint", err)
		}
	})
	t.Run("policy timeout", func(t *testing.T) {
		h := newHarness(t, nil, func(c *publish.Config) {
			c.Retry = publish.RetryPolicy{Timeout: 50 * time.Millisecond}
		})
		h.fake.Script(ghfake.ListComments, ghfake.Stall(time.Minute))
		_, err := h.upsert(t, "", "report")
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("err = %v, want a deadline error", err)
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		h := newHarness(t, nil, nil)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := h.c.Upsert(ctx, owner, repo, pr, "", "report")
		if !errors.Is(err, context.Canceled) || len(h.fake.Requests()) != 0 {
			t.Errorf("err = %v after %d requests", err, len(h.fake.Requests()))
		}
	})
}

func TestOversizedBodyIsFitted(t *testing.T) {
	var b strings.Builder
	b.WriteString("## benchgate: 3 regressions\n\n<details><summary>All results</summary>\n\n```\n")
	for i := 0; b.Len() < 200_000; i++ {
		fmt.Fprintf(&b, "RSA/bits=4096/op=verify-%d   146.0µ ± 2%%   1000.0µ ± 3%%   +585.00%% (p=0.000 n=8)\n", i)
	}
	b.WriteString("```\n</details>\n")
	h := newHarness(t, nil, nil)
	res := h.mustUpsert(t, "", b.String())
	if !res.Truncated {
		t.Error("Result.Truncated is false")
	}
	body := h.comments(t)[0].Body
	if len(body) > publish.MaxCommentBytes || !utf8.ValidString(body) {
		t.Errorf("stored body has %d bytes (valid UTF-8: %v)", len(body), utf8.ValidString(body))
	}
	if !strings.HasPrefix(body, marker(t, "default")+"\n## benchgate") || !strings.HasSuffix(body, publish.DefaultTruncationNote) {
		t.Errorf("stored body starts %q and ends %q", body[:60], body[len(body)-120:])
	}
	if strings.Count(body, "```")%2 != 0 || strings.Count(body, "<details>") != strings.Count(body, "</details>") {
		t.Error("the fitted body leaves a code block or <details> open")
	}
	// Upserting the same long body again changes nothing.
	if res2 := h.mustUpsert(t, "", b.String()); res2.Action != publish.Unchanged {
		t.Errorf("second Upsert = %+v, want unchanged", res2)
	}
}

func TestTruncationNoteIsConfigurable(t *testing.T) {
	note := "[full report](https://github.com/octo-org/hello-go/actions/runs/1)"
	h := newHarness(t, nil, func(c *publish.Config) { c.TruncationNote = note })
	res := h.mustUpsert(t, "", strings.Repeat("ü", 70_000))
	body := h.comments(t)[0].Body
	if !res.Truncated || !strings.HasSuffix(body, note) || len(body) > publish.MaxCommentBytes {
		t.Errorf("Truncated %v; body of %d bytes ends %q", res.Truncated, len(body), body[max(0, len(body)-80):])
	}
}

func TestEnterpriseAPIURL(t *testing.T) {
	fake := ghfake.New(t, ghfake.WithBasePath("/api/v3/"))
	// GITHUB_API_URL on GitHub Enterprise Server has no trailing slash.
	c, err := publish.New(publish.Config{Token: token, APIURL: strings.TrimSuffix(fake.URL, "/"), HTTPClient: fake.Client()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Upsert(context.Background(), owner, repo, pr, "", "report"); err != nil {
		t.Fatal(err)
	}
	if got := c.Client().BaseURL.String(); got != fake.URL {
		t.Errorf("BaseURL = %q, want %q", got, fake.URL)
	}
}

func TestNewChecksConfig(t *testing.T) {
	if _, err := publish.New(publish.Config{}); err == nil || !strings.Contains(err.Error(), "github-token") {
		t.Errorf("no token: err = %v", err)
	}
	for _, u := range []string{"api.github.com", "ftp://ghe.example.com/api/v3", "https://", "https://ghe.example.com/api/v3?x=1", "://"} {
		if _, err := publish.New(publish.Config{Token: token, APIURL: u}); err == nil || !strings.Contains(err.Error(), "GITHUB_API_URL") {
			t.Errorf("APIURL %q: err = %v", u, err)
		}
	}
	c, err := publish.New(publish.Config{Token: token})
	if err != nil || c.Client().BaseURL.String() != publish.DefaultAPIURL {
		t.Errorf("default API URL: %v, %v", c.Client().BaseURL, err)
	}
}

func TestUpsertChecksArguments(t *testing.T) {
	h := newHarness(t, nil, nil)
	ctx := context.Background()
	if _, err := h.c.Upsert(ctx, owner, repo, pr, "bad id", "x"); err == nil || !strings.Contains(err.Error(), "comment-id") {
		t.Errorf("bad comment-id: err = %v", err)
	}
	if _, err := h.c.Upsert(ctx, owner, repo, 0, "", "x"); err == nil || !strings.Contains(err.Error(), "pull-request number") {
		t.Errorf("no number: err = %v", err)
	}
	if len(h.fake.Requests()) != 0 {
		t.Errorf("bad arguments sent %d requests", len(h.fake.Requests()))
	}
}

func TestConcurrentUpserts(t *testing.T) {
	h := newHarness(t, nil, nil)
	var wg sync.WaitGroup
	for _, id := range []string{"a", "b", "c", "d"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := h.c.Upsert(context.Background(), owner, repo, pr, id, "report "+id); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if n := len(h.comments(t)); n != 4 {
		t.Errorf("%d comments, want 4", n)
	}
}

func TestMarker(t *testing.T) {
	for _, id := range []string{"default", "linux-amd64", "go1.20.14/rsa", "shard:3+4@x_y"} {
		m, err := publish.Marker(id)
		if err != nil || m != "<!-- benchgate:comment-id="+id+" -->" {
			t.Errorf("Marker(%q) = %q, %v", id, m, err)
		}
	}
	if m, _ := publish.Marker(""); m != "<!-- benchgate:comment-id=default -->" {
		t.Errorf("Marker(\"\") = %q", m)
	}
	for _, id := range []string{"a b", "x-->", "<script>", "a\nb", "é", strings.Repeat("a", 101)} {
		if _, err := publish.Marker(id); err == nil || !strings.Contains(err.Error(), "comment-id") {
			t.Errorf("Marker(%q): err = %v", id, err)
		}
	}
}

func TestUpdateDoesNotCreate(t *testing.T) {
	h := newHarness(t, nil, nil)
	ctx := context.Background()
	res, err := h.c.Update(ctx, "o", "r", 7, "", "nothing to say")
	if err != nil || res.Action != publish.NotFound {
		t.Fatalf("Update with no comment = %+v, %v; want NotFound", res, err)
	}
	if n := len(h.fake.Comments("o", "r", 7)); n != 0 {
		t.Fatalf("Update created %d comments", n)
	}
	if _, err := h.c.Upsert(ctx, "o", "r", 7, "", "regression"); err != nil {
		t.Fatal(err)
	}
	res, err = h.c.Update(ctx, "o", "r", 7, "", "fixed")
	if err != nil || res.Action != publish.Updated {
		t.Fatalf("Update of an existing comment = %+v, %v; want Updated", res, err)
	}
	cs := h.fake.Comments("o", "r", 7)
	if len(cs) != 1 || !strings.HasSuffix(cs[0].Body, "fixed") {
		t.Fatalf("comments after Update: %+v", cs)
	}
}
