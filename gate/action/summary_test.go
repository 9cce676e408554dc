package action

import (
	"strings"
	"testing"

	"github.com/benchgate/benchgate/internal/ghfake"
)

// TestSummaryAndCC: the summary input says when the report reaches the job
// summary, and cc mentions people in the comment when the gate fails, and
// only then; a cc that is not a login or a team is a usage error.
func TestSummaryAndCC(t *testing.T) {
	ws := t.TempDir()
	writeSamples(t, ws, "base.txt", 100, 100, 100, 100, 100, 100, 100, 100)
	writeSamples(t, ws, "slow.txt", 200, 200, 200, 200, 200, 200, 200, 200)
	ev := fixtureEvent(t, "pull_request", nil)
	const token = "ghs_summaryTestToken0123456789"
	run := func(t *testing.T, head string, extra map[string]string) (*stepRun, *ghfake.Server) {
		fake := ghfake.New(t, ghfake.WithToken(token))
		in := map[string]string{"command": "compare", "compare-base": "base.txt", "compare-head": head, "github-token": token, "comment": "always"}
		for k, v := range extra {
			in[k] = v
		}
		return runStep(t, ws, "pull_request", ev, in, "GITHUB_API_URL="+strings.TrimSuffix(fake.URL, "/")), fake
	}
	number := 42 // the fixture's pull request
	for _, tc := range []struct {
		name, head, summary string
		want                bool
	}{
		{"always, pass", "base.txt", "always", true},
		{"on-regression, pass", "base.txt", "on-regression", false},
		{"on-regression, regression", "slow.txt", "on-regression", true},
		{"never, regression", "slow.txt", "never", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := run(t, tc.head, map[string]string{"summary": tc.summary})
			if got := strings.Contains(r.summary, "### benchgate:"); got != tc.want {
				t.Errorf("summary written: %v, want %v:\n%s", got, tc.want, r.summary)
			}
		})
	}
	t.Run("cc", func(t *testing.T) {
		r, fake := run(t, "slow.txt", map[string]string{"cc": "@octocat, org/perf-team"})
		if r.code != 1 {
			t.Fatalf("exit %d, want 1", r.code)
		}
		cs := fake.Comments("octo-org", "hello-go", number)
		if len(cs) != 1 || !strings.Contains(cs[0].Body, "\ncc @octocat @org/perf-team\n") {
			t.Errorf("comments: %+v", cs)
		}
		r, fake = run(t, "base.txt", map[string]string{"cc": "@octocat"})
		if cs := fake.Comments("octo-org", "hello-go", number); len(cs) != 1 || strings.Contains(cs[0].Body, "@octocat") {
			t.Errorf("a passing gate mentions people: %+v", cs)
		}
		r, _ = run(t, "slow.txt", map[string]string{"cc": "@octocat <script>"})
		if r.code != 2 {
			t.Errorf("bad cc: exit %d, want 2", r.code)
		}
		r.mustContain(t, "stderr", r.stderr, `input cc: "<script>" is not a GitHub login or team`)
	})
}
