package ghevent

import (
	"strings"
	"testing"
)

// TestUntrustedCommit pins down which commit of each event is a
// stranger's code, and which the event vouches for.
func TestUntrustedCommit(t *testing.T) {
	tests := []struct {
		event, file string
		privileged  bool
		untrusted   string   // the commit, or ""
		why         []string // each must be in the reason
		trusted     []string
	}{
		{EventPullRequest, "pull_request_fork.json", false, "", nil, nil},
		{EventPullRequest, "pull_request.json", false, "", nil, nil},
		{EventPush, "push.json", false, "", nil, nil},
		{EventWorkflowDispatch, "workflow_dispatch.json", false, "", nil, nil},
		{EventPullRequestTarget, "pull_request_target.json", true, headSHA,
			[]string{"head of pull request #42", "from the fork mona/hello-go-fork"}, []string{baseSHA}},
		// A same-repository pull request under pull_request_target is
		// refused too: the event is for forks, and the head is the PR's.
		{EventPullRequestTarget, "pull_request_target_same_repo.json", true, headSHA,
			[]string{"head of pull request #42", "branch renovate/go-1.x of this repository"}, []string{baseSHA}},
		{EventPullRequestTarget, "pull_request_deleted_fork.json", true, headSHA,
			[]string{"from a fork that has since been deleted"}, []string{baseSHA}},
		{EventWorkflowRun, "workflow_run_fork.json", true, headSHA,
			[]string{"workflow_run.head_sha", "run 30433642", "from the fork mona/hello-go-fork"}, nil},
		// This repository's own branch: its head and the PR's base are
		// trusted.
		{EventWorkflowRun, "workflow_run.json", true, "", nil, []string{baseSHA, headSHA}},
	}
	for _, tt := range tests {
		t.Run(tt.event+"/"+tt.file, func(t *testing.T) {
			c := loadFixture(t, tt.event, tt.file)
			if c.Privileged() != tt.privileged {
				t.Errorf("Privileged() = %v, want %v", c.Privileged(), tt.privileged)
			}
			sha, why := c.UntrustedCommit()
			if sha != tt.untrusted {
				t.Errorf("UntrustedCommit() = %q, want %q", sha, tt.untrusted)
			}
			for _, w := range tt.why {
				if !strings.Contains(why, w) {
					t.Errorf("reason %q lacks %q", why, w)
				}
			}
			if got := strings.Join(c.TrustedCommits(), " "); got != strings.Join(tt.trusted, " ") {
				t.Errorf("TrustedCommits() = %q, want %q", got, tt.trusted)
			}
		})
	}
}

// TestUntrustedCommitWithoutHeadRepository: a workflow_run payload that
// does not say where its head is from is treated as a fork's.
func TestUntrustedCommitWithoutHeadRepository(t *testing.T) {
	payload := strings.Replace(mustRead(t, "workflow_run_fork.json"), `"head_repository"`, `"head_repository_was"`, 1)
	c, err := Parse(EventWorkflowRun, strings.NewReader(payload))
	if err != nil {
		t.Fatal(err)
	}
	if c.HeadRepo != "" {
		t.Fatalf("HeadRepo = %q; the patch did not remove head_repository", c.HeadRepo)
	}
	sha, why := c.UntrustedCommit()
	if sha != headSHA || !strings.Contains(why, "does not say which repository") {
		t.Errorf("UntrustedCommit() = %q, %q", sha, why)
	}
	if len(c.TrustedCommits()) != 0 {
		t.Errorf("TrustedCommits() = %v, want none", c.TrustedCommits())
	}
}

func TestDescribe(t *testing.T) {
	for file, want := range map[string]string{
		"pull_request_target.json": "pull_request_target for pull request #42",
		"workflow_run_fork.json":   "workflow_run after run 30433642 (of ec26c3e57ca3)",
		"push.json":                "push",
	} {
		event := map[string]string{"pull_request_target.json": EventPullRequestTarget, "workflow_run_fork.json": EventWorkflowRun, "push.json": EventPush}[file]
		if got := loadFixture(t, event, file).Describe(); got != want {
			t.Errorf("%s: Describe() = %q, want %q", file, got, want)
		}
	}
}
