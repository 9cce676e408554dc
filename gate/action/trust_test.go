package action

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/pipeline"
	"github.com/benchgate/benchgate/gate/usage"
)

const (
	prBase  = "f95f852bd8fca8fcc58a9a2d6c842781e32a215e" // the fixtures' base.sha
	prHead  = "ec26c3e57ca3a959ca5aad62de7213c562f8c821" // the fixtures' head.sha
	mainSHA = "1111111111111111111111111111111111111111" // GITHUB_SHA, the base branch's tip
)

// The security probe's critical finding: under pull_request_target
// benchgate itself checked out the event's head (a fork's code) and built
// it next to a write token. Now it refuses, before fetching or building
// anything, and says what to do.
func TestPullRequestTargetRefusesTheHead(t *testing.T) {
	ws := t.TempDir()
	ev := fixtureEvent(t, "pull_request_target", nil)
	for _, tt := range []struct {
		name   string
		inputs map[string]string
	}{
		{"sides from the event", map[string]string{"packages": "./..."}},
		{"head-ref naming the head", map[string]string{"packages": "./...", "base-ref": prBase, "head-ref": strings.ToUpper(prHead)}},
		{"base-ref naming the head", map[string]string{"packages": "./...", "base-ref": prHead, "head-ref": mainSHA}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := runStep(t, ws, "pull_request_target", ev, tt.inputs, "GITHUB_SHA="+mainSHA)
			if r.code != pipeline.ExitUsage {
				t.Errorf("exit %d, want %d", r.code, pipeline.ExitUsage)
			}
			r.mustContain(t, "stderr", r.stderr,
				"under pull_request_target for pull request #42: it is the head of pull request #42 (from the fork mona/hello-go-fork). This job holds a write token and the repository's secrets",
				"hint: measure in a pull_request workflow, whose token is read-only",
				"comment from a workflow_run workflow with command: report",
				"Set input run-untrusted-code: true only if")
			r.mustContain(t, "summary", r.summary, "benchgate: 💥 error", "refusing to build and run", "run-untrusted-code: true")
			if strings.Contains(r.stdout, "fetching it from origin") || strings.Contains(r.stdout, "measuring base and head") {
				t.Error("benchgate fetched or measured before refusing")
			}
			if _, err := os.Stat(filepath.Join(ws, ".benchgate")); err == nil {
				t.Error("a results directory was made")
			}
		})
	}
}

func TestWorkflowRunRefusesAForksHead(t *testing.T) {
	ev := fixtureEvent(t, "workflow_run_fork", nil)
	r := runStep(t, t.TempDir(), "workflow_run", ev, map[string]string{"packages": "./...", "head-ref": prHead, "base-ref": mainSHA}, "GITHUB_SHA="+mainSHA)
	if r.code != pipeline.ExitUsage {
		t.Errorf("exit %d, want 2", r.code)
	}
	r.mustContain(t, "stderr", r.stderr, "refusing to build and run the head commit ec26c3e57ca3 under workflow_run after run 30433642 (of ec26c3e57ca3): it is workflow_run.head_sha, the commit run 30433642 was for, from the fork mona/hello-go-fork",
		"run-untrusted-code")
}

// With run-untrusted-code: true the run goes ahead, after a warning
// annotation and a warning in the summary. (Here it then stops for want
// of a checkout, which shows it got past the refusal.)
func TestRunUntrustedCodeOptIn(t *testing.T) {
	ev := fixtureEvent(t, "pull_request_target", nil)
	r := runStep(t, t.TempDir(), "pull_request_target", ev, map[string]string{"packages": "./...", "run-untrusted-code": "true"}, "GITHUB_SHA="+mainSHA)
	r.mustContain(t, "stdout", r.stdout,
		"::warning title=benchgate%3A running untrusted code::run-untrusted-code is true, so benchgate builds and runs the head commit ec26c3e57ca3 under pull_request_target for pull request #42 although it is the head of pull request #42",
		"As root (the Action's container) benchgate runs it as a user of its own that cannot read the token")
	r.mustContain(t, "summary", r.summary, "> [!WARNING]", "**benchgate ran untrusted code.**")
	r.mustContain(t, "stderr", r.stderr, "comparing commits needs the repository checked out")
	if strings.Contains(r.stderr, "refusing") {
		t.Error("refused despite the opt-in")
	}
	bad := runStep(t, t.TempDir(), "pull_request_target", ev, map[string]string{"run-untrusted-code": "yes", "comment-author": "not a login"})
	if bad.code != 2 {
		t.Errorf("bad inputs: exit %d", bad.code)
	}
	bad.mustContain(t, "stderr", bad.stderr, `input run-untrusted-code: "yes" is not true or false`, `input comment-author: "not a login" is not a GitHub login such as my-app[bot]`)
}

// Under plain pull_request nothing changes: a fork's pull_request job has
// a read-only token.
func TestPullRequestIsNotRefused(t *testing.T) {
	ev := fixtureEvent(t, "pull_request_fork", nil)
	r := runStep(t, t.TempDir(), "pull_request", ev, map[string]string{"packages": "./..."})
	if strings.Contains(r.stderr, "refusing") || strings.Contains(r.stdout, "untrusted") {
		t.Errorf("pull_request was treated as privileged")
	}
	r.mustContain(t, "stderr", r.stderr, "comparing commits needs the repository checked out")
}

// Commands report and compare never run code, and stay allowed.
func TestReportAndCompareAreAllowedUnderPullRequestTarget(t *testing.T) {
	ws := t.TempDir()
	text := strings.Repeat("BenchmarkA-2 1000 100 ns/op\n", 8)
	writeResults(t, ws, text, text)
	ev := fixtureEvent(t, "pull_request_target", nil)
	for _, in := range []map[string]string{
		{"command": "report", "results-dir": "results", "comment": "never"},
		{"command": "compare", "compare-base": "results/base.txt", "compare-head": "results/head.txt", "comment": "never"},
	} {
		r := runStep(t, ws, "pull_request_target", ev, in, "GITHUB_SHA="+mainSHA)
		if r.code != 0 || strings.Contains(r.stderr, "refusing") {
			t.Errorf("command %s: exit %d, stderr %q", in["command"], r.code, r.stderr)
		}
		r.mustContain(t, "outputs", r.outputs, "verdict")
	}
}

// The working tree and explicit refs are judged by their commits: the
// trusted base branch checked out is fine, the pull request's code
// checked out by an earlier step is not, and neither is a commit outside
// the trusted history.
func TestPrivilegedWorkingTreeAndRefs(t *testing.T) {
	ws := filepath.Join(t.TempDir(), "ws")
	shas := gitRepo(t, ws,
		map[string]string{"go.mod": "module example.com/x\n\ngo 1.21\n"},
		map[string]string{"a.go": "package x\n"},
		map[string]string{"b.go": "package x\n"})
	old, trustedTip, prCode := shas[0], shas[1], shas[2]
	patch := func(ev map[string]any) {
		field(ev, "pull_request", "base")["sha"] = trustedTip
		field(ev, "pull_request", "head")["sha"] = prCode
	}
	ev := fixtureEvent(t, "pull_request_target", patch)
	// base-ref alone: head is the working tree.
	workingTree := map[string]string{"packages": "./...", "base-ref": old, "comment": "never"}

	// The PR's code in the working tree (checked out by an earlier step).
	r := runStep(t, ws, "pull_request_target", ev, workingTree, "GITHUB_SHA="+trustedTip)
	if r.code != 2 {
		t.Errorf("working tree at the PR's head: exit %d, want 2", r.code)
	}
	r.mustContain(t, "stderr", r.stderr, "refusing to build and run the head side (the working tree, at "+prCode[:12]+") under pull_request_target for pull request #42: it is the head of pull request #42")

	// A commit that is neither trusted nor an ancestor of one.
	other := fixtureEvent(t, "pull_request_target", func(ev map[string]any) {
		field(ev, "pull_request", "base")["sha"] = old
		field(ev, "pull_request", "head")["sha"] = strings.Repeat("e", 40)
	})
	r = runStep(t, ws, "pull_request_target", other, workingTree, "GITHUB_SHA="+old)
	if r.code != 2 {
		t.Errorf("working tree off the trusted history: exit %d, want 2", r.code)
	}
	r.mustContain(t, "stderr", r.stderr, "the working tree, at "+prCode[:12], "it is neither one of the commits this event vouches for (GITHUB_SHA "+old[:12]+") nor, as far as this clone shows, an ancestor of one")

	// The trusted tip checked out, refs in its history: not refused (the
	// run then finds no benchmarks, which is beside the point).
	gitIn(t, ws, "checkout", "-q", trustedTip)
	for name, in := range map[string]map[string]string{
		"working tree":     workingTree,
		"ancestor and tip": {"packages": "./...", "base-ref": old, "head-ref": "HEAD", "comment": "never"},
	} {
		r = runStep(t, ws, "pull_request_target", ev, in, "GITHUB_SHA="+trustedTip)
		if strings.Contains(r.stderr, "refusing") {
			t.Errorf("%s: refused a trusted side", name)
		}
		r.mustContain(t, "stdout", r.stdout, "benchgate: pull_request_target for pull request #42: base and head are commits of this repository's trusted history")
		r.mustContain(t, "stderr", r.stderr, "none of the packages ./... has test files")
	}
}

func TestSidesOf(t *testing.T) {
	cfg := pipeline.DefaultConfig()
	if s := sidesOf(&cfg); s != nil {
		t.Errorf("the built-in suite: sides %v, want none (no code of the pull request is built)", s)
	}
	cfg.Packages = []string{"./..."}
	cfg.BaseToolchain = "go1.27.3"
	s := sidesOf(&cfg)
	if len(s) != 2 || s[0] != (codeSide{name: "head"}) || s[1] != (codeSide{name: "base"}) {
		t.Errorf("toolchains only: %+v, want both sides the working tree", s)
	}
	cfg.BaseToolchain, cfg.HeadRef = "", prHead
	s = sidesOf(&cfg)
	if len(s) != 2 || s[0].ref != prHead || !s[1].defaultBase {
		t.Errorf("head-ref only: %+v, want head %s and the default base", s, prHead)
	}
}

func TestUntrustedCodeErrorIsAUsageError(t *testing.T) {
	err := error(&UntrustedCodeError{Event: "pull_request_target for pull request #7", Side: "head", Commit: prHead, Why: "it is the head"})
	var ue *usage.Error
	if !errors.As(err, &ue) || pipeline.ExitCode(err) != pipeline.ExitUsage || !strings.Contains(ue.Hint, "run-untrusted-code: true") {
		t.Errorf("err %v: usage error %v, exit %d", err, ue, pipeline.ExitCode(err))
	}
}

// An event benchgate does not read trusts GITHUB_SHA and its history
// only: an issue_comment job ("/benchmark" on a pull request) that checked
// out the pull request's head is refused, as under pull_request_target; a
// scheduled run of the branch it runs at is not.
func TestOtherEventsTrustGitHubSHAOnly(t *testing.T) {
	ws := filepath.Join(t.TempDir(), "ws")
	shas := gitRepo(t, ws,
		map[string]string{"go.mod": "module example.com/x\n\ngo 1.21\n"},
		map[string]string{"a.go": "package x\n"},
		map[string]string{"b.go": "package x\n"})
	old, tip, prCode := shas[0], shas[1], shas[2]
	payload := filepath.Join(t.TempDir(), "event.json")
	if err := os.WriteFile(payload, []byte(`{"action":"created","issue":{"number":42,"pull_request":{}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	in := map[string]string{"packages": "./...", "base-ref": old, "comment": "never"}

	r := runStep(t, ws, "issue_comment", payload, in, "GITHUB_SHA="+tip)
	if r.code != pipeline.ExitUsage {
		t.Errorf("issue_comment, the PR's code checked out: exit %d, want 2", r.code)
	}
	r.mustContain(t, "stderr", r.stderr,
		"refusing to build and run the head side (the working tree, at "+prCode[:12]+") under issue_comment: it is neither one of the commits this event vouches for (GITHUB_SHA "+tip[:12]+")",
		"Set input run-untrusted-code: true only if")
	if strings.Contains(r.stdout, "measuring base and head") {
		t.Error("measured before refusing")
	}

	gitIn(t, ws, "checkout", "-q", tip)
	for _, event := range []string{"schedule", "issue_comment", "merge_group"} {
		r = runStep(t, ws, event, payload, in, "GITHUB_SHA="+tip)
		if strings.Contains(r.stderr, "refusing") {
			t.Errorf("%s at GITHUB_SHA: refused: %s", event, r.stderr)
		}
		r.mustContain(t, "stdout", r.stdout, "benchgate: "+event+": base and head are commits of this repository's trusted history")
	}
}

// A head-ref alone still measures against the event's base, and a
// base-ref alone against the event's head. Before, either input dropped
// both of the event's commits: with head-ref a push of three commits
// (slow, then docs) was measured as docs against its parent, HEAD~1,
// and passed the slowdown.
func TestOneRefInputKeepsTheEventsOtherSide(t *testing.T) {
	ws := filepath.Join(t.TempDir(), "ws")
	shas := gitRepo(t, ws,
		map[string]string{"go.mod": "module example.com/x\n\ngo 1.21\n"},
		map[string]string{"x.go": "package x\n"},
		map[string]string{"README": "docs\n"})
	ev := fixtureEvent(t, "push", func(m map[string]any) {
		m["before"], m["after"] = shas[0], shas[2]
	})
	for _, tt := range []struct {
		name       string
		inputs     map[string]string
		base, head string
	}{
		{"head-ref alone", map[string]string{"head-ref": shas[2]}, shas[0], shas[2]},
		{"base-ref alone", map[string]string{"base-ref": shas[1]}, shas[1], shas[2]},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.inputs["packages"], tt.inputs["comment"] = "./...", "never"
			r := runStep(t, ws, "push", ev, tt.inputs, "GITHUB_SHA="+shas[2])
			// No test files: the step stops once it has both sides.
			r.mustContain(t, "stderr", r.stderr, "none of the packages ./... has test files")
			r.mustContain(t, "stdout", r.stdout, "base = "+tt.base[:12], "head = "+tt.head[:12])
		})
	}
}
