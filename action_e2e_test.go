package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/benchgate/benchgate/internal/ghfake"
)

// These tests run the benchgate binary the way GitHub's runner runs the
// action's container: no arguments, GITHUB_ACTIONS=true, inputs as INPUT_*
// variables with hyphenated names, a real-shaped event file, GITHUB_OUTPUT
// and GITHUB_STEP_SUMMARY files, and GITHUB_API_URL pointing at a fake of
// GitHub's REST API. The workspace is a depth-1 clone, as actions/checkout
// makes it, so the base commit has to be fetched.

const secretToken = "ghs_benchgateTestSecret0123456789"

// secretNames are the variables the code under test must never see.
var secretNames = []string{
	"GITHUB_TOKEN", "INPUT_GITHUB-TOKEN", "ACTIONS_RUNTIME_TOKEN", "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
	"ACTIONS_ID_TOKEN_REQUEST_URL", "ACTIONS_RUNTIME_URL", "ACTIONS_CACHE_URL", "GITHUB_ENV", "GITHUB_OUTPUT",
	"GITHUB_STEP_SUMMARY", "GITHUB_PATH", "INPUT_ROUNDS",
}

// buildBenchgate builds the command into the test's temporary directory.
func buildBenchgate(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "benchgate")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("building benchgate: %v\n%s", err, out)
	}
	return bin
}

// fixtureRepo makes an origin repository with a base commit and a head
// commit that makes BenchmarkSlow about twice as slow, and returns the
// origin's path and the two hashes.
func fixtureRepo(t *testing.T) (origin, base, head string) {
	t.Helper()
	origin = filepath.Join(t.TempDir(), "origin")
	files := map[string]string{
		"go.mod": "module example.com/fixture\n\ngo 1.21\n",
		"work.go": `package fixture

// work costs about n units of CPU.
func work(n int) uint64 {
	var x uint64 = 1
	for i := 0; i < n; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	return x
}

const slowWork = 4000
`,
		"bench_test.go": `package fixture

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

var sink uint64

func BenchmarkFast(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sink += work(2000)
	}
}

func BenchmarkSlow(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sink += work(slowWork)
	}
}

// TestMain reports which secrets the benchmark process can see, so the
// gate's tests can prove that it sees none.
func TestMain(m *testing.M) {
	var seen []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		for _, s := range []string{` + quoteList(secretNames) + `} {
			if name == s {
				seen = append(seen, name)
			}
		}
	}
	if len(seen) == 0 {
		fmt.Println("Fixture sees secrets: none")
	} else {
		fmt.Println("Fixture sees secrets:", strings.Join(seen, " "))
	}
	os.Exit(m.Run())
}
`,
	}
	if err := os.MkdirAll(origin, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(origin, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git(t, origin, "init", "-q", "-b", "main")
	git(t, origin, "add", "-A")
	git(t, origin, "commit", "-q", "-m", "base")
	base = strings.TrimSpace(git(t, origin, "rev-parse", "HEAD"))
	work := strings.Replace(files["work.go"], "slowWork = 4000", "slowWork = 8000", 1)
	os.WriteFile(filepath.Join(origin, "work.go"), []byte(work), 0o644)
	git(t, origin, "commit", "-q", "-am", "make Slow twice as slow")
	head = strings.TrimSpace(git(t, origin, "rev-parse", "HEAD"))
	return origin, base, head
}

func quoteList(names []string) string {
	var q []string
	for _, n := range names {
		q = append(q, `"`+n+`"`)
	}
	return strings.Join(q, ", ")
}

func gitEnv() []string {
	return append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@benchgate.invalid", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@benchgate.invalid")
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = dir, gitEnv()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// shallowClone clones origin at depth 1, as actions/checkout does.
func shallowClone(t *testing.T, origin string) string {
	t.Helper()
	ws := filepath.Join(t.TempDir(), "workspace")
	git(t, filepath.Dir(origin), "clone", "-q", "--depth=1", "file://"+origin, ws)
	return ws
}

// event writes an event file from one of ghevent's fixtures, patched.
func event(t *testing.T, fixture string, patch func(map[string]any)) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("gate", "ghevent", "testdata", fixture+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var ev map[string]any
	if err := json.Unmarshal(data, &ev); err != nil {
		t.Fatal(err)
	}
	patch(ev)
	out, _ := json.Marshal(ev)
	path := filepath.Join(t.TempDir(), "event.json")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func obj(m map[string]any, path ...string) map[string]any {
	for _, p := range path {
		m = m[p].(map[string]any)
	}
	return m
}

// runnerRun is one run of the binary as the Actions runner would start it.
type runnerRun struct {
	code            int
	stdout, stderr  string
	outputs         map[string]string
	summary         string
	workspace       string
	resultsDir      string
	baseTxt, headTx string
}

func runAsRunner(t *testing.T, bin, workspace, eventName, eventPath string, inputs map[string]string, extraEnv ...string) *runnerRun {
	t.Helper()
	files := t.TempDir()
	outFile := filepath.Join(files, "set_output")
	summaryFile := filepath.Join(files, "step_summary")
	for _, f := range []string{outFile, summaryFile} {
		os.WriteFile(f, nil, 0o644)
	}
	env := []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + os.Getenv("HOME"),
		"GOCACHE=" + goenv(t, "GOCACHE"),
		"GOMODCACHE=" + goenv(t, "GOMODCACHE"),
		"GOPATH=" + goenv(t, "GOPATH"),
		"GOPROXY=" + goenv(t, "GOPROXY"),
		"GOTOOLCHAIN=local",
		"GIT_CONFIG_NOSYSTEM=1",
		"GITHUB_ACTIONS=true",
		"CI=true",
		"GITHUB_WORKSPACE=" + workspace,
		"GITHUB_EVENT_NAME=" + eventName,
		"GITHUB_EVENT_PATH=" + eventPath,
		"GITHUB_OUTPUT=" + outFile,
		"GITHUB_STEP_SUMMARY=" + summaryFile,
		"GITHUB_ENV=" + filepath.Join(files, "set_env"),
		"GITHUB_PATH=" + filepath.Join(files, "add_path"),
		"GITHUB_REPOSITORY=octo-org/hello-go",
		"GITHUB_SERVER_URL=https://github.com",
		"GITHUB_RUN_ID=4242",
		"GITHUB_TOKEN=" + secretToken,
		"ACTIONS_RUNTIME_TOKEN=runtime-secret",
		"ACTIONS_RUNTIME_URL=https://pipelines.invalid/",
		"ACTIONS_CACHE_URL=https://cache.invalid/",
		"ACTIONS_ID_TOKEN_REQUEST_TOKEN=oidc-secret",
		"ACTIONS_ID_TOKEN_REQUEST_URL=https://oidc.invalid/",
	}
	for k, v := range inputs {
		// The runner keeps hyphens and upper-cases the name.
		env = append(env, "INPUT_"+strings.ToUpper(k)+"="+v)
	}
	env = append(env, extraEnv...)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Dir = workspace
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := &runnerRun{stdout: stdout.String(), stderr: stderr.String(), workspace: workspace}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	r.outputs = parseOutputs(t, outFile)
	s, _ := os.ReadFile(summaryFile)
	r.summary = string(s)
	r.resultsDir = r.outputs["results-dir"]
	if r.resultsDir != "" && !filepath.IsAbs(r.resultsDir) {
		r.resultsDir = filepath.Join(workspace, r.resultsDir)
	}
	if r.resultsDir != "" {
		b, _ := os.ReadFile(filepath.Join(r.resultsDir, "base.txt"))
		h, _ := os.ReadFile(filepath.Join(r.resultsDir, "head.txt"))
		r.baseTxt, r.headTx = string(b), string(h)
	}
	t.Logf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	return r
}

// parseOutputs reads GITHUB_OUTPUT in the "name<<DELIMITER" form.
func parseOutputs(t *testing.T, path string) map[string]string {
	t.Helper()
	data, _ := os.ReadFile(path)
	out := map[string]string{}
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		name, delim, ok := strings.Cut(lines[i], "<<")
		if !ok {
			if n, v, ok := strings.Cut(lines[i], "="); ok {
				out[n] = v
			}
			continue
		}
		var val []string
		for i++; i < len(lines) && lines[i] != delim; i++ {
			val = append(val, lines[i])
		}
		out[name] = strings.Join(val, "\n")
	}
	return out
}

func TestActionPullRequest(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping real benchmark runs")
	}
	bin := buildBenchgate(t)
	origin, base, head := fixtureRepo(t)
	ws := shallowClone(t, origin)
	fake := ghfake.New(t, ghfake.WithToken(secretToken))
	ev := event(t, "pull_request", func(ev map[string]any) {
		ev["number"] = 7
		obj(ev, "pull_request")["number"] = 7
		obj(ev, "pull_request", "base")["sha"] = base
		obj(ev, "pull_request", "head")["sha"] = head
	})
	inputs := map[string]string{
		"packages": "./...", "rounds": "10", "benchtime": "20ms", "fail-on": "regression",
		"github-token": secretToken, "comment-id": "default", "threshold": "5%",
		"results-dir": ".benchgate", "working-directory": ".", "command": "run",
	}
	apiURL := "GITHUB_API_URL=" + strings.TrimSuffix(fake.URL, "/")

	r := runAsRunner(t, bin, ws, "pull_request", ev, inputs, apiURL)
	if r.code != 1 {
		t.Fatalf("exit code %d, want 1 (regression)", r.code)
	}
	if r.outputs["verdict"] != "regression" || r.outputs["regressions"] != "1" {
		t.Errorf("outputs %v, want verdict=regression regressions=1", r.outputs)
	}
	for _, k := range []string{"report", "json", "results-dir", "base-toolchain", "head-toolchain", "comment-url"} {
		if r.outputs[k] == "" {
			t.Errorf("output %s is empty; outputs: %v", k, r.outputs)
		}
	}
	// Paths are relative to the workspace, so later steps on the runner
	// (outside the container) can use them.
	if r.outputs["results-dir"] != ".benchgate" || r.outputs["report"] != ".benchgate/report.md" {
		t.Errorf("path outputs %q %q, want them relative to the workspace", r.outputs["results-dir"], r.outputs["report"])
	}
	if st, err := os.Stat(filepath.Join(ws, ".benchgate", "report.md")); err != nil || st.Mode().Perm()&0o044 != 0o044 {
		t.Errorf("report.md is not readable by other users (the runner's later steps): %v %v", st.Mode(), err)
	}
	// A regression's row has its change in bold, under the Regressions
	// heading; names lose the suffix they all share (-GOMAXPROCS).
	if !regexp.MustCompile("(?s)#### ❌ Regressions.*\n\\| `Slow(-\\d+)?` \\| \\*\\*\\+").MatchString(r.summary) {
		t.Errorf("summary lacks the regression row for Slow:\n%s", r.summary)
	}
	if regexp.MustCompile("(?m)^\\| `Fast(-\\d+)?` \\| \\*\\*").MatchString(r.summary) {
		t.Errorf("summary calls Fast a regression:\n%s", r.summary)
	}
	// The workflow command as go-githubactions encodes it (% is %25 and
	// the title's colon %3A; the runner decodes them).
	if !regexp.MustCompile(`(?m)^::error title=benchgate%3A regression::Slow-\d+ \(sec/op\): \+\d+\.\d+%25 \(p=0\.\d+\), threshold 5%25`).MatchString(r.stdout) {
		t.Errorf("no error annotation naming Slow in stdout")
	}
	if !strings.Contains(r.stdout, "is not in this clone; fetching it from origin") {
		t.Errorf("the base commit was not fetched into the shallow clone (or not said so)")
	}
	// While benchmarks build and run, workflow commands are off: the code
	// under test writes to this log too. They resume, with the same
	// unguessable token, before benchgate's own annotations.
	stop := regexp.MustCompile(`(?m)^::stop-commands::([0-9a-f]{32})$`).FindStringSubmatchIndex(r.stdout)
	if stop == nil {
		t.Errorf("no ::stop-commands:: line before the measurement in stdout")
	} else {
		token := r.stdout[stop[2]:stop[3]]
		resume := strings.Index(r.stdout, "\n::"+token+"::\n")
		annotation := strings.Index(r.stdout, "::error title=benchgate%3A regression::")
		if resume < stop[1] || annotation < resume {
			t.Errorf("workflow commands not resumed with the token %s between the measurement and the annotations (stop at %d, resume at %d, first annotation at %d)", token, stop[0], resume, annotation)
		}
	}
	// One comment, with the marker, naming the regression.
	comments := fake.Comments("octo-org", "hello-go", 7)
	if len(comments) != 1 {
		t.Fatalf("%d comments after the first run, want 1", len(comments))
	}
	if !strings.HasPrefix(comments[0].Body, "<!-- benchgate:comment-id=default -->") || !regexp.MustCompile("`Slow-\\d+`").MatchString(comments[0].Body) {
		t.Errorf("comment body:\n%s", comments[0].Body)
	}
	// The benchmark processes saw none of the secrets.
	for name, txt := range map[string]string{"base.txt": r.baseTxt, "head.txt": r.headTx} {
		if !strings.Contains(txt, "Fixture sees secrets: none") {
			t.Errorf("%s does not show the fixture's secret report (or it saw secrets):\n%s", name, txt)
		}
		if strings.Contains(txt, secretToken) {
			t.Errorf("%s contains the token", name)
		}
	}
	if strings.Contains(r.stdout+r.stderr, secretToken) {
		t.Error("the token appears in the log")
	}

	// Second run on the same pull request: the comment is edited in place,
	// not duplicated.
	r2 := runAsRunner(t, bin, ws, "pull_request", ev, inputs, apiURL)
	if r2.code != 1 {
		t.Fatalf("second run: exit code %d, want 1", r2.code)
	}
	if n := len(fake.Comments("octo-org", "hello-go", 7)); n != 1 {
		t.Errorf("%d comments after the second run, want 1", n)
	}
	if fake.Count(ghfake.UpdateComment) < 1 || fake.Count(ghfake.CreateComment) != 1 {
		t.Errorf("requests: %d creates, %d updates; want 1 create and an update", fake.Count(ghfake.CreateComment), fake.Count(ghfake.UpdateComment))
	}
}

func TestActionPushAndDispatch(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping real benchmark runs")
	}
	bin := buildBenchgate(t)
	origin, base, head := fixtureRepo(t)
	ws := shallowClone(t, origin)
	inputs := map[string]string{"packages": "./...", "rounds": "10", "benchtime": "10ms", "comment": "never"}

	// push: base is before, head is after.
	push := event(t, "push", func(ev map[string]any) {
		ev["before"], ev["after"] = base, head
	})
	r := runAsRunner(t, bin, ws, "push", push, inputs)
	if r.code != 1 || r.outputs["verdict"] != "regression" {
		t.Errorf("push: exit %d verdict %q, want 1 regression", r.code, r.outputs["verdict"])
	}

	// workflow_dispatch with the same commit on both sides: an A/A run
	// that passes. It gates at 25%, since it checks the plumbing and 10
	// rounds of 10ms on shared cores can measure identical code a few
	// percent apart with a small p (docs/statistics.md measures the
	// false-alarm rate at real settings). It interleaves by package,
	// which is not the default, to see the input reach the run. Under
	// load a benchmark's interval can still reach 25% after the adaptive
	// rounds: inconclusive, which passes, is a right answer too.
	dispatch := event(t, "workflow_dispatch", func(ev map[string]any) {})
	aa := map[string]string{"base-ref": head, "head-ref": head, "threshold": "25%", "interleave": "package"}
	for k, v := range inputs {
		aa[k] = v
	}
	r = runAsRunner(t, bin, ws, "workflow_dispatch", dispatch, aa)
	if v := r.outputs["verdict"]; r.code != 0 || (v != "pass" && v != "inconclusive") || r.outputs["regressions"] != "0" {
		t.Errorf("workflow_dispatch A/A: exit %d verdict %q regressions %q, want 0, pass or inconclusive, 0", r.code, v, r.outputs["regressions"])
	}
	if m, err := os.ReadFile(filepath.Join(ws, ".benchgate", "manifest.json")); err != nil || !strings.Contains(string(m), `"interleave": "package"`) {
		t.Errorf("interleave input did not reach the run: manifest %s (%v)", m, err)
	}

	// A bad input is a usage error that names it.
	bad := map[string]string{"rounds": "many", "fail-on": "sometimes", "interleave": "round"}
	r = runAsRunner(t, bin, ws, "workflow_dispatch", dispatch, bad)
	if r.code != 2 || !strings.Contains(r.stderr, `input rounds: "many" is not a whole number`) || !strings.Contains(r.stderr, "fail-on") ||
		!strings.Contains(r.stderr, `input interleave: "round" is not one of benchmark, package`) {
		t.Errorf("bad inputs: exit %d, stderr %q", r.code, r.stderr)
	}
	// The job summary says so too, not only the log.
	if !strings.Contains(r.summary, "benchgate: 💥 error") || !strings.Contains(r.summary, `input rounds: "many"`) {
		t.Errorf("bad inputs: summary %q", r.summary)
	}
}

// TestActionPushNewBranch: the push that creates a branch names no
// earlier commit ("before" is all zeros), and actions/checkout leaves a
// clone of that one commit. The base is the merge-base with the
// repository's default branch (from the event), fetched into the clone,
// as a pull request from the branch would have it; the push that creates
// the default branch itself is compared with its parent. Before, the
// notice promised the merge-base with the default branch and the run
// then refused: "HEAD has no parent" (it had none in the clone).
func TestActionPushNewBranch(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping real benchmark runs")
	}
	bin := buildBenchgate(t)
	origin, base, head := fixtureRepo(t)
	git(t, origin, "branch", "feature", head)
	git(t, origin, "reset", "-q", "--hard", base)
	inputs := map[string]string{"packages": "./...", "rounds": "10", "benchtime": "10ms", "comment": "never", "bench": "Slow"}
	zeros := strings.Repeat("0", 40)
	for _, c := range []struct {
		branch, want string
	}{
		{"feature", fmt.Sprintf("::notice::the push of refs/heads/feature created it, so the event names no earlier commit to compare %s with: benchgate compares it with its merge-base with the default branch main, %s, as a pull request from the branch would be", head[:12], base[:12])},
		{"main", fmt.Sprintf("::notice::the push of refs/heads/main created it, so the event names no earlier commit to compare %s with: benchgate compares it with its parent", head[:12])},
	} {
		t.Run(c.branch, func(t *testing.T) {
			if c.branch == "main" {
				git(t, origin, "reset", "-q", "--hard", head)
				defer git(t, origin, "reset", "-q", "--hard", base)
			}
			// As actions/checkout fetches a push's commit: that commit
			// alone, no other branch, no origin/HEAD.
			ws := filepath.Join(t.TempDir(), "workspace")
			os.MkdirAll(ws, 0o755)
			git(t, ws, "init", "-q")
			git(t, ws, "remote", "add", "origin", "file://"+origin)
			git(t, ws, "fetch", "-q", "--depth=1", "origin", "+"+head+":refs/remotes/origin/"+c.branch)
			git(t, ws, "checkout", "-q", "--force", "-B", c.branch, "refs/remotes/origin/"+c.branch)
			push := event(t, "push", func(ev map[string]any) {
				ev["before"], ev["after"], ev["ref"], ev["created"] = zeros, head, "refs/heads/"+c.branch, true
				obj(ev, "repository")["default_branch"] = "main"
			})
			r := runAsRunner(t, bin, ws, "push", push, inputs)
			if r.code != 1 || r.outputs["verdict"] != "regression" {
				t.Errorf("exit %d verdict %q, want 1 regression; stdout:\n%s\nstderr:\n%s", r.code, r.outputs["verdict"], r.stdout, r.stderr)
			}
			if !strings.Contains(r.stdout, c.want) {
				t.Errorf("stdout lacks %q:\n%s", c.want, r.stdout)
			}
		})
	}
}

// TestActionForkSplit runs the fork-safe split: "run" without a token in
// the pull_request job, then "report" in a workflow_run job that reads the
// results as an artifact and comments only on the pull request the
// measured commit belongs to.
func TestActionForkSplit(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping real benchmark runs")
	}
	bin := buildBenchgate(t)
	origin, base, head := fixtureRepo(t)
	ws := shallowClone(t, origin)
	pr := event(t, "pull_request_fork", func(ev map[string]any) {
		ev["number"] = 9
		obj(ev, "pull_request")["number"] = 9
		obj(ev, "pull_request", "base")["sha"] = base
		obj(ev, "pull_request", "head")["sha"] = head
	})
	r := runAsRunner(t, bin, ws, "pull_request", pr, map[string]string{
		"packages": "./...", "rounds": "16", "benchtime": "10ms", "github-token": "", "fail-on": "never",
	})
	if r.code != 0 || r.outputs["verdict"] != "regression" {
		t.Fatalf("measuring job: exit %d verdict %q", r.code, r.outputs["verdict"])
	}
	var meta map[string]any
	data, err := os.ReadFile(filepath.Join(r.resultsDir, "metadata.json"))
	if err != nil || json.Unmarshal(data, &meta) != nil {
		t.Fatalf("metadata.json: %v %s", err, data)
	}
	if meta["pr_number"] != float64(9) || meta["head_sha"] != head || meta["base_sha"] != base {
		t.Errorf("metadata %v", meta)
	}

	// The commenting job: a fresh workspace with the artifact downloaded.
	reportWS := t.TempDir()
	artifact := filepath.Join(reportWS, "bench-results")
	os.MkdirAll(artifact, 0o755)
	for _, f := range []string{"base.txt", "head.txt", "manifest.json", "metadata.json"} {
		b, _ := os.ReadFile(filepath.Join(r.resultsDir, f))
		os.WriteFile(filepath.Join(artifact, f), b, 0o644)
	}
	// A forged report.json must not matter: the report is recomputed.
	os.WriteFile(filepath.Join(artifact, "report.json"), []byte(`{"verdict":"pass"}`), 0o644)
	fake := ghfake.New(t, ghfake.WithToken(secretToken))
	fake.AddPull(ghfake.Pull{Owner: "octo-org", Repo: "hello-go", Number: 9, HeadSHA: head, BaseSHA: base, HeadRepo: "fork/hello-go"})
	fake.AddPull(ghfake.Pull{Owner: "octo-org", Repo: "hello-go", Number: 10, HeadSHA: strings.Repeat("c", 40), BaseSHA: base})
	wr := event(t, "workflow_run_fork", func(ev map[string]any) {
		obj(ev, "workflow_run")["head_sha"] = head
	})
	reportInputs := map[string]string{"command": "report", "results-dir": "bench-results", "github-token": secretToken}
	apiURL := "GITHUB_API_URL=" + strings.TrimSuffix(fake.URL, "/")
	rr := runAsRunner(t, bin, reportWS, "workflow_run", wr, reportInputs, apiURL)
	if rr.code != 1 || rr.outputs["verdict"] != "regression" {
		t.Errorf("report job: exit %d verdict %q, want 1 regression", rr.code, rr.outputs["verdict"])
	}
	if n := len(fake.Comments("octo-org", "hello-go", 9)); n != 1 {
		t.Errorf("%d comments on #9, want 1", n)
	}

	// A fork that names another pull request in its metadata gets no
	// comment there.
	meta["pr_number"] = 10
	forged, _ := json.Marshal(meta)
	os.WriteFile(filepath.Join(artifact, "metadata.json"), forged, 0o644)
	rr = runAsRunner(t, bin, reportWS, "workflow_run", wr, reportInputs, apiURL)
	if n := len(fake.Comments("octo-org", "hello-go", 10)); n != 0 {
		t.Errorf("commented on #10, which the measured commit does not belong to")
	}
	if !strings.Contains(rr.stdout, "not commenting") {
		t.Errorf("no warning about the mismatched pull request")
	}

	// A symlink instead of a results file is refused.
	os.Remove(filepath.Join(artifact, "head.txt"))
	os.Symlink("/etc/passwd", filepath.Join(artifact, "head.txt"))
	rr = runAsRunner(t, bin, reportWS, "workflow_run", wr, reportInputs, apiURL)
	if rr.code != 2 || !strings.Contains(rr.stderr, "not a regular file") {
		t.Errorf("symlinked head.txt: exit %d stderr %q", rr.code, rr.stderr)
	}
}

// TestActionPullRequestTarget runs the binary under pull_request_target,
// whose job holds a write token even for a fork's pull request. The
// workspace holds the trusted base (actions/checkout's default there);
// the event's head is the fork's code. Without run-untrusted-code the
// step refuses before fetching or building anything; with it, it runs
// and warns.
func TestActionPullRequestTarget(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping real benchmark runs")
	}
	bin := buildBenchgate(t)
	origin, base, head := fixtureRepo(t)
	// The pull request's head lives on a branch; main is the base.
	git(t, origin, "branch", "pr", head)
	git(t, origin, "reset", "-q", "--hard", base)
	ws := shallowClone(t, origin)
	if got := strings.TrimSpace(git(t, ws, "rev-parse", "HEAD")); got != base {
		t.Fatalf("the workspace is at %s, want the base %s", got, base)
	}
	fake := ghfake.New(t, ghfake.WithToken(secretToken))
	ev := event(t, "pull_request_target", func(ev map[string]any) {
		ev["number"] = 7
		obj(ev, "pull_request")["number"] = 7
		obj(ev, "pull_request", "base")["sha"] = base
		obj(ev, "pull_request", "head")["sha"] = head
	})
	inputs := map[string]string{
		"packages": "./...", "rounds": "10", "benchtime": "10ms", "github-token": secretToken,
		"comment": "always", "threshold": "5%",
	}
	extra := []string{"GITHUB_API_URL=" + strings.TrimSuffix(fake.URL, "/"), "GITHUB_SHA=" + base}

	r := runAsRunner(t, bin, ws, "pull_request_target", ev, inputs, extra...)
	if r.code != 2 {
		t.Errorf("exit %d, want 2 (refused)", r.code)
	}
	for _, want := range []string{
		"benchgate: refusing to build and run the head commit " + head[:12] + " under pull_request_target for pull request #7: it is the head of pull request #7 (from the fork mona/hello-go-fork)",
		"hint: measure in a pull_request workflow", "command: report", "run-untrusted-code: true",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q", want)
		}
	}
	if !strings.Contains(r.summary, "refusing to build and run") {
		t.Errorf("the job summary does not say why:\n%s", r.summary)
	}
	// Refused: verdict error (for a later step's if:), and no results
	// directory, since nothing was fetched or measured.
	if strings.Contains(r.stdout, "fetching it from origin") || r.outputs["verdict"] != "error" || r.outputs["results-dir"] != "" {
		t.Errorf("benchgate fetched or measured before refusing, or did not say it refused: outputs %v", r.outputs)
	}
	if len(fake.Requests()) != 0 {
		t.Errorf("the refusal sent %d API requests", len(fake.Requests()))
	}

	// The opt-in: it runs the fork's code, and says so loudly.
	inputs["run-untrusted-code"] = "true"
	r = runAsRunner(t, bin, ws, "pull_request_target", ev, inputs, extra...)
	if r.code != 1 || r.outputs["verdict"] != "regression" {
		t.Errorf("with run-untrusted-code: exit %d verdict %q, want 1 regression", r.code, r.outputs["verdict"])
	}
	if n := strings.Count(r.stdout, "::warning title=benchgate%3A running untrusted code::run-untrusted-code is true, so benchgate builds and runs the head commit "+head[:12]); n != 1 {
		t.Errorf("%d warning annotations about running untrusted code, want 1", n)
	}
	if !strings.Contains(r.summary, "**benchgate ran untrusted code.**") {
		t.Errorf("the job summary has no warning")
	}
	if !strings.Contains(r.headTx, "Fixture sees secrets: none") {
		t.Errorf("head.txt does not show the fixture's secret report (or it saw secrets):\n%s", r.headTx)
	}
	if n := len(fake.Comments("octo-org", "hello-go", 7)); n != 1 {
		t.Errorf("%d comments, want 1", n)
	}
}
