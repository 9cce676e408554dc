package action

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestWorkflowsDoNotPersistCredentials checks every workflow the README
// shows, this repository's own (.github/workflows) and every workflow
// under testdata/action: each actions/checkout
// step sets persist-credentials: false, so that the token is not left in
// .git/config, where the code under test (and every worktree, which
// shares that config) could read it.
func TestWorkflowsDoNotPersistCredentials(t *testing.T) {
	var workflows []string
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(string(readme), -1) {
		workflows = append(workflows, m[1])
	}
	files, _ := filepath.Glob("../../testdata/action/*.yml")
	own, _ := filepath.Glob("../../.github/workflows/*.yml")
	if len(own) < 2 {
		t.Fatalf("found %d workflows in .github/workflows, want ci.yml and release.yml", len(own))
	}
	for _, f := range append(files, own...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		workflows = append(workflows, string(b))
	}
	checkouts := 0
	step := regexp.MustCompile(`^(\s*)- `)
	for wi, wf := range workflows {
		lines := strings.Split(wf, "\n")
		for i, line := range lines {
			if !strings.Contains(line, "uses: actions/checkout@") {
				continue
			}
			checkouts++
			m := step.FindStringSubmatch(line)
			if m == nil {
				t.Fatalf("workflow %d: cannot read the step of %q", wi, line)
			}
			indent := len(m[1])
			ok := false
			for _, l := range lines[i+1:] {
				if strings.TrimSpace(l) != "" && len(l)-len(strings.TrimLeft(l, " ")) <= indent {
					break // the next step, or the end of the steps
				}
				if regexp.MustCompile(`^\s+persist-credentials:\s*false\b`).MatchString(l) {
					ok = true
				}
			}
			if !ok {
				t.Errorf("workflow %d: %q has no persist-credentials: false:\n%s", wi, strings.TrimSpace(line), wf)
			}
		}
	}
	if checkouts < 5 {
		t.Errorf("found %d actions/checkout steps in %d workflows; the README has at least four and testdata/action/gate.yml one", checkouts, len(workflows))
	}
}
