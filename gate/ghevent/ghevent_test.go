package ghevent

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-github/v60/github"
)

const (
	baseSHA = "f95f852bd8fca8fcc58a9a2d6c842781e32a215e"
	headSHA = "ec26c3e57ca3a959ca5aad62de7213c562f8c821"
)

func TestLoadFixtures(t *testing.T) {
	tests := []struct {
		event, file string
		want        Context
	}{
		{
			event: EventPullRequest, file: "pull_request.json",
			want: Context{
				Event: "pull_request", Action: "synchronize",
				Owner: "octo-org", Repo: "hello-go", PRNumber: 42,
				BaseSHA: baseSHA, HeadSHA: headSHA,
				BaseRef: "main", HeadRef: "renovate/go-1.x",
				HeadRepo: "octo-org/hello-go",
			},
		},
		{
			event: EventPullRequest, file: "pull_request_fork.json",
			want: Context{
				Event: "pull_request", Action: "opened",
				Owner: "octo-org", Repo: "hello-go", PRNumber: 42,
				BaseSHA: baseSHA, HeadSHA: headSHA,
				BaseRef: "main", HeadRef: "faster-rsa",
				HeadRepo: "mona/hello-go-fork", Fork: true,
			},
		},
		{
			event: EventPullRequestTarget, file: "pull_request_target.json",
			want: Context{
				Event: "pull_request_target", Action: "opened",
				Owner: "octo-org", Repo: "hello-go", PRNumber: 42,
				BaseSHA: baseSHA, HeadSHA: headSHA,
				BaseRef: "main", HeadRef: "faster-rsa",
				HeadRepo: "mona/hello-go-fork", Fork: true,
			},
		},
		{
			// The fork was deleted after the PR was opened: head.repo is null.
			event: EventPullRequest, file: "pull_request_deleted_fork.json",
			want: Context{
				Event: "pull_request", Action: "synchronize",
				Owner: "octo-org", Repo: "hello-go", PRNumber: 42,
				BaseSHA: baseSHA, HeadSHA: headSHA,
				BaseRef: "main", HeadRef: "faster-rsa", Fork: true,
			},
		},
		{
			event: EventPush, file: "push.json",
			want: Context{
				Event: "push", Owner: "octo-org", Repo: "hello-go",
				BaseSHA: baseSHA, HeadSHA: headSHA,
				Ref: "refs/heads/main", HeadRepo: "octo-org/hello-go",
			},
		},
		{
			event: EventPush, file: "push_new_branch.json",
			want: Context{
				Event: "push", Owner: "octo-org", Repo: "hello-go",
				HeadSHA: headSHA, Ref: "refs/heads/faster-rsa",
				HeadRepo: "octo-org/hello-go", NoBase: true, DefaultBranch: "main",
			},
		},
		{
			event: EventPush, file: "push_sha256.json",
			want: Context{
				Event: "push", Owner: "octo-org", Repo: "hello-go",
				BaseSHA: strings.Repeat("a", 64), HeadSHA: strings.Repeat("b", 64),
				Ref: "refs/heads/main", HeadRepo: "octo-org/hello-go",
			},
		},
		{
			event: EventWorkflowDispatch, file: "workflow_dispatch.json",
			want: Context{
				Event: "workflow_dispatch", Owner: "octo-org", Repo: "hello-go",
				Ref: "refs/heads/main",
				Inputs: map[string]string{
					"base": "go1.19.13", "head": "go1.20.14", "threshold": "50%",
					"interleave": "true", "rounds": "8", "note": "",
				},
			},
		},
		{
			event: EventWorkflowRun, file: "workflow_run.json",
			want: Context{
				Event: "workflow_run", Action: "completed",
				Owner: "octo-org", Repo: "hello-go", PRNumber: 42,
				BaseSHA: baseSHA, HeadSHA: headSHA,
				BaseRef: "main", HeadRef: "renovate/go-1.x",
				HeadRepo: "octo-org/hello-go",
				WorkflowRun: &WorkflowRun{
					ID: 30433642, Name: "benchgate measure", Event: "pull_request",
					Status: "completed", Conclusion: "success",
					HeadSHA: headSHA, HeadBranch: "renovate/go-1.x",
					HeadRepo: "octo-org/hello-go", PullRequests: []int{42},
				},
			},
		},
		{
			// For forks GitHub sends an empty pull_requests list: no PR number.
			event: EventWorkflowRun, file: "workflow_run_fork.json",
			want: Context{
				Event: "workflow_run", Action: "completed",
				Owner: "octo-org", Repo: "hello-go",
				HeadSHA: headSHA, HeadRef: "faster-rsa",
				HeadRepo: "mona/hello-go-fork", Fork: true,
				WorkflowRun: &WorkflowRun{
					ID: 30433642, Name: "benchgate measure", Event: "pull_request",
					Status: "completed", Conclusion: "success",
					HeadSHA: headSHA, HeadBranch: "faster-rsa",
					HeadRepo: "mona/hello-go-fork",
				},
			},
		},
		{
			// conclusion is null until the run completes.
			event: EventWorkflowRun, file: "workflow_run_requested.json",
			want: Context{
				Event: "workflow_run", Action: "requested",
				Owner: "octo-org", Repo: "hello-go", PRNumber: 42,
				BaseSHA: baseSHA, HeadSHA: headSHA,
				BaseRef: "main", HeadRef: "renovate/go-1.x",
				HeadRepo: "octo-org/hello-go",
				WorkflowRun: &WorkflowRun{
					ID: 30433642, Name: "benchgate measure", Event: "pull_request",
					Status: "queued", HeadSHA: headSHA, HeadBranch: "renovate/go-1.x",
					HeadRepo: "octo-org/hello-go", PullRequests: []int{42},
				},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			got, err := Load(tt.event, filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatalf("Load(%q, %q): %v", tt.event, tt.file, err)
			}
			if !reflect.DeepEqual(*got, tt.want) {
				t.Errorf("Load(%q, %q) =\n%+v\nwant\n%+v", tt.event, tt.file, *got, tt.want)
				if got.WorkflowRun != nil && tt.want.WorkflowRun != nil {
					t.Errorf("WorkflowRun =\n%+v\nwant\n%+v", *got.WorkflowRun, *tt.want.WorkflowRun)
				}
			}
		})
	}
}

func TestCommits(t *testing.T) {
	c := loadFixture(t, EventPush, "push.json")
	base, head, err := c.Commits()
	if err != nil || base != baseSHA || head != headSHA {
		t.Errorf("Commits() = %q, %q, %v; want %q, %q, nil", base, head, err, baseSHA, headSHA)
	}

	c = loadFixture(t, EventPush, "push_new_branch.json")
	base, head, err = c.Commits()
	var nb *NoBaseError
	if !errors.As(err, &nb) {
		t.Fatalf("Commits() on a new branch: err = %v, want *NoBaseError", err)
	}
	if base != "" || head != headSHA || nb.HeadSHA != headSHA || nb.Ref != "refs/heads/faster-rsa" || nb.DefaultBranch != "main" || nb.OfDefaultBranch() {
		t.Errorf("Commits() on a new branch = %q, %q, %+v", base, head, nb)
	}
	if want := "the push of refs/heads/faster-rsa created it, so the event names no earlier commit to compare " + headSHA[:12] + " with"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if nb := (&NoBaseError{Ref: "refs/heads/main", DefaultBranch: "main"}); !nb.OfDefaultBranch() {
		t.Errorf("%+v: not the default branch's", nb)
	}

	c = loadFixture(t, EventWorkflowDispatch, "workflow_dispatch.json")
	if _, _, err := c.Commits(); err == nil || !strings.Contains(err.Error(), "set inputs base-ref and head-ref") {
		t.Errorf("Commits() for workflow_dispatch: err = %v, want a hint about the inputs", err)
	}
}

// TestFixturesMatchGoGitHub decodes each fixture with go-github's own event
// types and checks that they agree with ours, so that the fixtures and the
// local struct tags follow GitHub's field names.
func TestFixturesMatchGoGitHub(t *testing.T) {
	t.Run("pull_request", func(t *testing.T) {
		var ev github.PullRequestEvent
		decodeWithoutCustomProperties(t, "pull_request_fork.json", &ev)
		c := loadFixture(t, EventPullRequest, "pull_request_fork.json")
		pr := ev.GetPullRequest()
		check(t, "number", c.PRNumber, ev.GetNumber())
		check(t, "base.sha", c.BaseSHA, pr.GetBase().GetSHA())
		check(t, "head.sha", c.HeadSHA, pr.GetHead().GetSHA())
		check(t, "head.ref", c.HeadRef, pr.GetHead().GetRef())
		check(t, "base.ref", c.BaseRef, pr.GetBase().GetRef())
		check(t, "head.repo.full_name", c.HeadRepo, pr.GetHead().GetRepo().GetFullName())
		check(t, "repository.owner.login", c.Owner, ev.GetRepo().GetOwner().GetLogin())
		check(t, "repository.name", c.Repo, ev.GetRepo().GetName())
	})
	t.Run("push", func(t *testing.T) {
		var ev github.PushEvent
		decodeWithoutCustomProperties(t, "push.json", &ev)
		c := loadFixture(t, EventPush, "push.json")
		check(t, "before", c.BaseSHA, ev.GetBefore())
		check(t, "after", c.HeadSHA, ev.GetAfter())
		check(t, "ref", c.Ref, ev.GetRef())
		check(t, "repository.owner.login", c.Owner, ev.GetRepo().GetOwner().GetLogin())
	})
	t.Run("workflow_dispatch", func(t *testing.T) {
		var ev github.WorkflowDispatchEvent
		decodeWithoutCustomProperties(t, "workflow_dispatch.json", &ev)
		c := loadFixture(t, EventWorkflowDispatch, "workflow_dispatch.json")
		var inputs map[string]any
		if err := json.Unmarshal(ev.Inputs, &inputs); err != nil {
			t.Fatal(err)
		}
		check(t, "len(inputs)", len(c.Inputs), len(inputs))
		check(t, "inputs.base", c.Inputs["base"], inputs["base"].(string))
		check(t, "ref", c.Ref, ev.GetRef())
	})
	t.Run("workflow_run", func(t *testing.T) {
		var ev github.WorkflowRunEvent
		decodeWithoutCustomProperties(t, "workflow_run.json", &ev)
		c := loadFixture(t, EventWorkflowRun, "workflow_run.json")
		wr := ev.GetWorkflowRun()
		check(t, "workflow_run.id", c.WorkflowRun.ID, wr.GetID())
		check(t, "workflow_run.head_sha", c.WorkflowRun.HeadSHA, wr.GetHeadSHA())
		check(t, "workflow_run.event", c.WorkflowRun.Event, wr.GetEvent())
		check(t, "workflow_run.conclusion", c.WorkflowRun.Conclusion, wr.GetConclusion())
		check(t, "workflow_run.pull_requests[0].number", c.WorkflowRun.PullRequests[0], wr.PullRequests[0].GetNumber())
		check(t, "workflow_run.head_repository.full_name", c.WorkflowRun.HeadRepo, wr.GetHeadRepository().GetFullName())
	})
}

func TestUnsupportedEvents(t *testing.T) {
	for _, name := range []string{"", "issues", "pull_request_review", "schedule", "PULL_REQUEST"} {
		_, err := Parse(name, strings.NewReader(`{}`))
		var ue *UnsupportedEventError
		if !errors.As(err, &ue) {
			t.Errorf("Parse(%q): err = %v, want *UnsupportedEventError", name, err)
			continue
		}
		for _, ev := range SupportedEvents() {
			if !strings.Contains(err.Error(), ev) {
				t.Errorf("Parse(%q): error %q does not list %s", name, err, ev)
			}
		}
		if _, err := Load(name, filepath.Join("testdata", "push.json")); !errors.As(err, &ue) {
			t.Errorf("Load(%q): err = %v, want *UnsupportedEventError", name, err)
		}
	}
}

func TestLoadFileErrors(t *testing.T) {
	_, err := Load(EventPush, "")
	if err == nil || !strings.Contains(err.Error(), "GITHUB_EVENT_PATH") {
		t.Errorf("Load with no path: err = %v, want a mention of GITHUB_EVENT_PATH", err)
	}
	missing := filepath.Join(t.TempDir(), "event.json")
	_, err = Load(EventPush, missing)
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load(%q): err = %v, want os.ErrNotExist", missing, err)
	}
	bad := filepath.Join(t.TempDir(), "event.json")
	if err := os.WriteFile(bad, []byte(`{"ref": 7`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Load(EventPush, bad)
	if err == nil || !strings.Contains(err.Error(), bad) || !strings.Contains(err.Error(), "GITHUB_EVENT_NAME") {
		t.Errorf("Load(bad JSON): err = %v, want the path and a hint", err)
	}
}

// TestBadPayloads feeds payloads that a fork's author could shape, or that a
// wrong GITHUB_EVENT_NAME would produce, and checks that each is refused
// with an error naming the field.
func TestBadPayloads(t *testing.T) {
	const repo = `"repository": {"name": "hello-go", "full_name": "octo-org/hello-go", "owner": {"login": "octo-org"}}`
	pr := func(head, base, headRef string) string {
		return `{"action": "opened", "number": 7, "pull_request": {"number": 7,
			"head": {"ref": ` + headRef + `, "sha": ` + head + `, "repo": {"full_name": "mona/fork"}},
			"base": {"ref": "main", "sha": ` + base + `, "repo": {"full_name": "octo-org/hello-go"}}}, ` + repo + `}`
	}
	tests := []struct {
		name, event, payload string
		wantFields           []string // each must appear in the error
	}{
		{"short sha", EventPullRequest, pr(`"abc123"`, `"`+baseSHA+`"`, `"x"`), []string{"pull_request.head.sha", `"abc123"`, "40 or 64"}},
		{"option sha", EventPullRequest, pr(`"--upload-pack=touch /tmp/pwned"`, `"`+baseSHA+`"`, `"x"`), []string{"pull_request.head.sha"}},
		{"41 hex", EventPullRequest, pr(`"`+headSHA+`a"`, `"`+baseSHA+`"`, `"x"`), []string{"pull_request.head.sha"}},
		{"both shas bad", EventPullRequest, pr(`"nope"`, `""`, `"x"`), []string{"pull_request.head.sha", "pull_request.base.sha is missing"}},
		{"sha wrong type", EventPullRequest, pr(`42`, `"`+baseSHA+`"`, `"x"`), []string{"not the JSON GitHub sends"}},
		{"ref option", EventPullRequest, pr(`"`+headSHA+`"`, `"`+baseSHA+`"`, `"--exec=sh"`), []string{"pull_request.head.ref", "not a valid git ref"}},
		{"ref newline", EventPullRequest, pr(`"`+headSHA+`"`, `"`+baseSHA+`"`, `"a\nb"`), []string{"pull_request.head.ref"}},
		{"no pull_request", EventPullRequest, `{"action": "opened", ` + repo + `}`, []string{"pull_request is missing"}},
		{"no repository", EventPullRequest, `{"number": 7, "pull_request": {"head": {"sha": "` + headSHA + `"}, "base": {"sha": "` + baseSHA + `"}}}`, []string{"repository is missing"}},
		{"traversal owner", EventPush, `{"ref": "refs/heads/main", "before": "` + baseSHA + `", "after": "` + headSHA + `",
			"repository": {"name": "hello-go", "owner": {"login": ".."}}}`, []string{"repository.owner.login", "not a GitHub account name"}},
		{"slash in repo", EventPush, `{"ref": "refs/heads/main", "before": "` + baseSHA + `", "after": "` + headSHA + `",
			"repository": {"name": "a/b", "owner": {"login": "octo-org"}}}`, []string{"repository.name"}},
		{"deleted branch", EventPush, mustRead(t, "push_deleted_branch.json"), []string{"deleted refs/heads/faster-rsa", "github.event.deleted"}},
		{"push bad before", EventPush, `{"ref": "refs/heads/main", "before": "HEAD~1", "after": "` + headSHA + `", ` + repo + `}`, []string{"before", `"HEAD~1"`}},
		{"push with pr payload", EventPush, mustRead(t, "pull_request.json"), []string{"after is missing", "before is missing"}},
		{"dispatch input object", EventWorkflowDispatch, `{"ref": "refs/heads/main", "inputs": {"x": {"y": 1}}, ` + repo + `}`, []string{"inputs.x"}},
		{"run without id", EventWorkflowRun, `{"action": "completed", "workflow_run": {"head_sha": "` + headSHA + `"}, ` + repo + `}`, []string{"workflow_run.id"}},
		{"run bad sha", EventWorkflowRun, `{"action": "completed", "workflow_run": {"id": 1, "head_sha": "main"}, ` + repo + `}`, []string{"workflow_run.head_sha"}},
		{"run bad pr", EventWorkflowRun, `{"action": "completed", "workflow_run": {"id": 1, "head_sha": "` + headSHA + `", "pull_requests": [{"number": 0}]}, ` + repo + `}`, []string{"workflow_run.pull_requests[0].number"}},
		{"run fork name", EventWorkflowRun, `{"action": "completed", "workflow_run": {"id": 1, "head_sha": "` + headSHA + `", "head_repository": {"full_name": "../../x"}}, ` + repo + `}`, []string{"workflow_run.head_repository.full_name"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse(tt.event, strings.NewReader(tt.payload))
			if err == nil {
				t.Fatalf("Parse succeeded: %+v", c)
			}
			for _, f := range tt.wantFields {
				if !strings.Contains(err.Error(), f) {
					t.Errorf("error %q does not mention %q", err, f)
				}
			}
		})
	}
}

func TestPayloadErrorType(t *testing.T) {
	_, err := Parse(EventPush, strings.NewReader(`{"ref": "refs/heads/main", "before": "x", "after": "y",
		"repository": {"name": "hello-go", "owner": {"login": "octo-org"}}}`))
	var pe *PayloadError
	if !errors.As(err, &pe) {
		t.Fatalf("err = %v, want a *PayloadError", err)
	}
	if pe.Event != EventPush || (pe.Field != "after" && pe.Field != "before") {
		t.Errorf("PayloadError = %+v", pe)
	}
	// Both bad SHAs are reported at once.
	if !strings.Contains(err.Error(), "after") || !strings.Contains(err.Error(), "before") {
		t.Errorf("error %q should name both fields", err)
	}
}

func TestUpperCaseSHAIsNormalised(t *testing.T) {
	payload := `{"ref": "refs/heads/main", "before": "` + strings.ToUpper(baseSHA) + `", "after": "` + headSHA + `",
		"repository": {"name": "hello-go", "owner": {"login": "octo-org"}}}`
	c, err := Parse(EventPush, strings.NewReader(payload))
	if err != nil {
		t.Fatal(err)
	}
	if c.BaseSHA != baseSHA {
		t.Errorf("BaseSHA = %q, want %q", c.BaseSHA, baseSHA)
	}
}

func TestOversizedPayload(t *testing.T) {
	r := strings.NewReader(`{"ref": "` + strings.Repeat("a", maxPayloadBytes) + `"}`)
	if _, err := Parse(EventPush, r); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("err = %v, want a size error", err)
	}
}

func loadFixture(t *testing.T, event, file string) *Context {
	t.Helper()
	c, err := Load(event, filepath.Join("testdata", file))
	if err != nil {
		t.Fatalf("Load(%q, %q): %v", event, file, err)
	}
	return c
}

func mustRead(t *testing.T, file string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// decodeWithoutCustomProperties decodes a fixture into a go-github type.
// custom_properties is dropped first: go-github v60 types it as
// map[string]string, but GitHub sends arrays for multi-select properties,
// which is why this package does not decode into go-github's types.
func decodeWithoutCustomProperties(t *testing.T, file string, v any) {
	t.Helper()
	var raw any
	if err := json.Unmarshal([]byte(mustRead(t, file)), &raw); err != nil {
		t.Fatal(err)
	}
	var strip func(any)
	strip = func(x any) {
		switch x := x.(type) {
		case map[string]any:
			delete(x, "custom_properties")
			for _, v := range x {
				strip(v)
			}
		case []any:
			for _, v := range x {
				strip(v)
			}
		}
	}
	strip(raw)
	b, err := json.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("go-github cannot decode %s: %v", file, err)
	}
}

func check[T comparable](t *testing.T, field string, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("%s: ghevent has %v, go-github has %v", field, got, want)
	}
}

func TestCommitsWithoutBase(t *testing.T) {
	c := loadFixture(t, EventWorkflowRun, "workflow_run_fork.json")
	base, head, err := c.Commits()
	var nb *NoBaseError
	if err == nil || errors.As(err, &nb) || base != "" || head != headSHA || !strings.Contains(err.Error(), "set input base-ref") {
		t.Errorf("Commits() for a fork's workflow_run = %q, %q, %v", base, head, err)
	}
}

// TestValidBranch: a default branch from the event goes into a refspec
// only if git could have named a branch so.
func TestValidBranch(t *testing.T) {
	for name, want := range map[string]bool{
		"main": true, "release/1.x": true, "dev-2": true, "feature.v2": true,
		"": false, "-main": false, "a..b": false, "a b": false, "a:b": false, "a~1": false,
		"a^": false, "a?": false, "a*": false, "a[": false, "a\\b": false, "a@{1}": false, "@": false,
		"/a": false, "a/": false, "a.": false, "a//b": false, ".a": false, "a/.b": false, "a.lock": false,
		"a\x00b": false, "a\nb": false,
	} {
		if got := validBranch(name); got != want {
			t.Errorf("validBranch(%q) = %v, want %v", name, got, want)
		}
	}
}
