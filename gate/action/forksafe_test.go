package action

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/internal/ghfake"
)

const reportToken = "ghs_reportTokenSecret0123456789"

// artifact writes a results directory as a fork's measuring job would
// upload it: head 50% slower than base, a manifest naming the sides, and
// metadata.json.
func artifact(t *testing.T, ws string, meta Metadata) {
	t.Helper()
	dir := filepath.Join(ws, "bench-results")
	os.MkdirAll(dir, 0o755)
	var base, head strings.Builder
	for i := range 10 {
		fmt.Fprintf(&base, "BenchmarkA-2 1000 %d ns/op\n", 100+i%3)
		fmt.Fprintf(&head, "BenchmarkA-2 1000 %d ns/op\n", 150+i%3)
	}
	os.WriteFile(filepath.Join(dir, "base.txt"), []byte(base.String()), 0o644)
	os.WriteFile(filepath.Join(dir, "head.txt"), []byte(head.String()), 0o644)
	os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(twoSides), 0o644)
	data, _ := json.Marshal(meta)
	os.WriteFile(filepath.Join(dir, MetadataFile), data, 0o644)
}

// TestReportLabelsTheVerifiedHead: the fork-safe report labels head with
// workflow_run.head_sha, which GitHub sets, and base with the base of the
// pull request whose head that is; an artifact naming another head gets
// a warning and no comment (security probe: the comment labelled head
// with the artifact's SHA).
func TestReportLabelsTheVerifiedHead(t *testing.T) {
	const otherSHA = "dddddddddddddddddddddddddddddddddddddddd"
	ev := fixtureEvent(t, "workflow_run_fork", nil) // head_sha is prHead, from a fork, no pull_requests
	in := map[string]string{"command": "report", "results-dir": "bench-results", "github-token": reportToken, "comment": "always"}
	newFake := func(t *testing.T) *ghfake.Server {
		fake := ghfake.New(t, ghfake.WithToken(reportToken))
		fake.AddPull(ghfake.Pull{Owner: "octo-org", Repo: "hello-go", Number: 9, HeadSHA: prHead, BaseSHA: prBase, HeadRepo: "mona/hello-go-fork"})
		return fake
	}

	t.Run("agreeing metadata", func(t *testing.T) {
		fake := newFake(t)
		ws := t.TempDir()
		artifact(t, ws, Metadata{Schema: 1, Repository: "octo-org/hello-go", PRNumber: 9, BaseSHA: prBase, HeadSHA: prHead})
		r := runStep(t, ws, "workflow_run", ev, in, "GITHUB_API_URL="+strings.TrimSuffix(fake.URL, "/"))
		if r.code != 1 {
			t.Errorf("exit %d, want 1 (regression)", r.code)
		}
		r.mustContain(t, "stdout", r.stdout, "base: "+prBase[:12]+"\nhead: "+prHead[:12]+"\n")
		cs := fake.Comments("octo-org", "hello-go", 9)
		if len(cs) != 1 {
			t.Fatalf("%d comments on #9, want 1", len(cs))
		}
		r.mustContain(t, "comment", cs[0].Body, "**base** `"+prBase[:12]+"` → **head** `"+prHead[:12]+"`")
	})

	t.Run("metadata naming another head", func(t *testing.T) {
		fake := newFake(t)
		ws := t.TempDir()
		artifact(t, ws, Metadata{Schema: 1, Repository: "octo-org/hello-go", PRNumber: 9, BaseSHA: prBase, HeadSHA: otherSHA})
		r := runStep(t, ws, "workflow_run", ev, in, "GITHUB_API_URL="+strings.TrimSuffix(fake.URL, "/"))
		r.mustContain(t, "stdout", r.stdout, "the results say they measured head dddddddddddd, but workflow_run.head_sha (the commit the measuring run was for) is "+prHead[:12]+"; these are not that run's results, so no comment")
		if n := len(fake.Comments("octo-org", "hello-go", 9)); n != 0 {
			t.Errorf("%d comments, want none", n)
		}
		if strings.Contains(r.stdout+r.summary, "dddddddddddd`") || strings.Contains(r.stdout, "head: dddddddddddd") {
			t.Error("the report labels head with the artifact's SHA")
		}
		// The PR-number check stands: a verified head but another PR.
		artifact(t, ws, Metadata{Schema: 1, PRNumber: 10, HeadSHA: prHead})
		fake.AddPull(ghfake.Pull{Owner: "octo-org", Repo: "hello-go", Number: 10, HeadSHA: otherSHA, BaseSHA: prBase})
		r = runStep(t, ws, "workflow_run", ev, in, "GITHUB_API_URL="+strings.TrimSuffix(fake.URL, "/"))
		r.mustContain(t, "stdout", r.stdout, "the results name pull request #10, whose head is dddddddddddd, but the measuring run was for "+prHead[:12]+"; not commenting")
		if n := len(fake.Comments("octo-org", "hello-go", 10)); n != 0 {
			t.Errorf("%d comments on #10, want none", n)
		}
	})

	t.Run("metadata naming another base", func(t *testing.T) {
		fake := newFake(t)
		ws := t.TempDir()
		artifact(t, ws, Metadata{Schema: 1, PRNumber: 9, BaseSHA: otherSHA, HeadSHA: prHead})
		r := runStep(t, ws, "workflow_run", ev, in, "GITHUB_API_URL="+strings.TrimSuffix(fake.URL, "/"))
		r.mustContain(t, "stdout", r.stdout, "the results say they measured base dddddddddddd, but the pull request's base is "+prBase[:12]+"; the report leaves base unlabelled",
			"base: (commit not verified)\nhead: "+prHead[:12])
		if n := len(fake.Comments("octo-org", "hello-go", 9)); n != 1 {
			t.Errorf("%d comments, want 1 (the head is verified)", n)
		}
	})
}

// TestReportCommentOwnership: the report's comment edits only the token's
// own marked comment. With the workflow token another bot's marked
// comment is left alone and the log says how to claim it; comment-author
// names an app's login.
func TestReportCommentOwnership(t *testing.T) {
	ev := fixtureEvent(t, "workflow_run_fork", nil)
	marker := "<!-- benchgate:comment-id=default -->"
	for _, tt := range []struct {
		name     string
		author   string
		fakeOpts []ghfake.Option
		wantEdit bool
	}{
		{"workflow token", "", nil, false},
		{"app with comment-author", "other-app[bot]", []ghfake.Option{ghfake.AsApp("other-app[bot]")}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fake := ghfake.New(t, append([]ghfake.Option{ghfake.WithToken(reportToken)}, tt.fakeOpts...)...)
			fake.AddPull(ghfake.Pull{Owner: "octo-org", Repo: "hello-go", Number: 9, HeadSHA: prHead, BaseSHA: prBase})
			botComment := fake.AddComment("octo-org", "hello-go", 9, "other-app[bot]", marker+"\nold report")
			ws := t.TempDir()
			artifact(t, ws, Metadata{Schema: 1, PRNumber: 9, BaseSHA: prBase, HeadSHA: prHead})
			in := map[string]string{"command": "report", "results-dir": "bench-results", "github-token": reportToken, "comment": "always", "comment-author": tt.author}
			r := runStep(t, ws, "workflow_run", ev, in, "GITHUB_API_URL="+strings.TrimSuffix(fake.URL, "/"))
			cs := fake.Comments("octo-org", "hello-go", 9)
			edited := false
			for _, c := range cs {
				if c.ID == botComment && !strings.HasSuffix(c.Body, "old report") {
					edited = true
				}
			}
			if edited != tt.wantEdit {
				t.Errorf("other-app[bot]'s comment edited: %v, want %v", edited, tt.wantEdit)
			}
			if tt.wantEdit {
				if len(cs) != 1 {
					t.Errorf("%d comments, want the app's one edited", len(cs))
				}
				return
			}
			if len(cs) != 2 {
				t.Errorf("%d comments, want a new one beside the bot's", len(cs))
			}
			r.mustContain(t, "stdout", r.stdout, "benchgate: 1 comment(s) carrying benchgate's marker are by other-app[bot], and GitHub does not say which account this token comments as, so only github-actions[bot]'s count; benchgate left them alone and created a new comment. If github-token is a GitHub App's token, set input comment-author to the app's login (e.g. comment-author: other-app[bot])")
		})
	}
}
