package action

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// stepRun is one call of Main as the runner would make it, in process:
// inputs as INPUT_* variables, an event file, GITHUB_OUTPUT and
// GITHUB_STEP_SUMMARY files.
type stepRun struct {
	code                    int
	stdout, stderr, summary string
	outputs                 string
}

// fixtureEvent writes ghevent's fixture file, patched, to a temporary
// file and returns its path.
func fixtureEvent(t *testing.T, fixture string, patch func(map[string]any)) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "ghevent", "testdata", fixture+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var ev map[string]any
	if err := json.Unmarshal(data, &ev); err != nil {
		t.Fatal(err)
	}
	if patch != nil {
		patch(ev)
	}
	out, _ := json.Marshal(ev)
	path := filepath.Join(t.TempDir(), "event.json")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func field(m map[string]any, path ...string) map[string]any {
	for _, p := range path {
		m = m[p].(map[string]any)
	}
	return m
}

// runStep runs Main in workspace for eventName with the event file at
// eventPath, the inputs, and extra variables (NAME=value).
func runStep(t *testing.T, workspace, eventName, eventPath string, inputs map[string]string, extra ...string) *stepRun {
	t.Helper()
	files := t.TempDir()
	outFile, summaryFile := filepath.Join(files, "output"), filepath.Join(files, "summary")
	os.WriteFile(outFile, nil, 0o644)
	os.WriteFile(summaryFile, nil, 0o644)
	vars := map[string]string{
		"GITHUB_ACTIONS":      "true",
		"GITHUB_WORKSPACE":    workspace,
		"GITHUB_EVENT_NAME":   eventName,
		"GITHUB_EVENT_PATH":   eventPath,
		"GITHUB_OUTPUT":       outFile,
		"GITHUB_STEP_SUMMARY": summaryFile,
		"GITHUB_REPOSITORY":   "octo-org/hello-go",
		"GITHUB_SERVER_URL":   "https://github.com",
		"GITHUB_RUN_ID":       "4242",
		"GIT_CONFIG_NOSYSTEM": "1",
		"HOME":                t.TempDir(),
		"PATH":                os.Getenv("PATH"),
	}
	for k, v := range inputs {
		vars["INPUT_"+strings.ToUpper(k)] = v
	}
	for _, kv := range extra {
		k, v, _ := strings.Cut(kv, "=")
		vars[k] = v
	}
	var environ []string
	for k, v := range vars {
		environ = append(environ, k+"="+v)
	}
	var stdout, stderr bytes.Buffer
	code := Main(context.Background(), Env{Stdout: &stdout, Stderr: &stderr, Getenv: func(k string) string { return vars[k] }, Environ: environ})
	r := &stepRun{code: code, stdout: stdout.String(), stderr: stderr.String()}
	s, _ := os.ReadFile(summaryFile)
	o, _ := os.ReadFile(outFile)
	r.summary, r.outputs = string(s), string(o)
	t.Logf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	return r
}

// output is the value the step gave its output name ("" where it gave
// none), read from GITHUB_OUTPUT's name<<delimiter blocks: the last one,
// as the runner takes it.
func (r *stepRun) output(name string) string {
	lines := strings.Split(r.outputs, "\n")
	value := ""
	for i, l := range lines {
		n, delim, ok := strings.Cut(l, "<<")
		if !ok || n != name {
			continue
		}
		var v []string
		for _, x := range lines[i+1:] {
			if x == delim {
				break
			}
			v = append(v, x)
		}
		value = strings.Join(v, "\n")
	}
	return value
}

func (r *stepRun) mustContain(t *testing.T, where, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", where, w, text)
		}
	}
}

// gitRepo makes a repository in dir with one commit per entry of
// contents (file name → content, committed in order) and returns the
// commits' hashes.
func gitRepo(t *testing.T, dir string, commits ...map[string]string) []string {
	t.Helper()
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir,
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@benchgate.invalid", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@benchgate.invalid")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	os.MkdirAll(dir, 0o755)
	run("init", "-q", "-b", "main")
	var shas []string
	for _, files := range commits {
		for name, content := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		run("add", "-A")
		run("commit", "-q", "-m", "commit")
		shas = append(shas, run("rev-parse", "HEAD"))
	}
	return shas
}

// gitIn runs git in dir.
func gitIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir,
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@benchgate.invalid", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@benchgate.invalid")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// twoSides is the manifest.json of a results directory that names its two
// sides only (no rounds: the step's inputs split them).
const twoSides = `{"sides": [{"name": "base", "file": "base.txt"}, {"name": "head", "file": "head.txt"}]}`

// writeResults makes ws/results with base.txt and head.txt, as a
// measuring job's artifact unpacks, and returns its path. Its manifest
// names the two sides only (no rounds): the step's inputs split them.
func writeResults(t *testing.T, ws, base, head string) string {
	t.Helper()
	res := filepath.Join(ws, "results")
	if err := os.MkdirAll(res, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"base.txt": base, "head.txt": head, "manifest.json": twoSides} {
		if err := os.WriteFile(filepath.Join(res, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return res
}

// writeSamples writes dir/name, go test -count output of BenchmarkA-2
// with one sample per ns/op value.
func writeSamples(t *testing.T, dir, name string, nsPerOp ...float64) {
	t.Helper()
	var b strings.Builder
	for _, v := range nsPerOp {
		fmt.Fprintf(&b, "BenchmarkA-2 1000 %g ns/op\n", v)
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
