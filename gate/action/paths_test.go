package action

import (
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/report"
)

// TestWorkspaceText: what the Action shows names paths in the workspace
// from it, and the workspace itself in words; a path that only starts
// with the workspace's name, and paths elsewhere, are left alone.
func TestWorkspaceText(t *testing.T) {
	ws := newWorkspaceText("/github/workspace/")
	for in, want := range map[string]string{
		"results measured so far are kept in /github/workspace/.benchgate/base.txt (0 result lines)": "results measured so far are kept in .benchgate/base.txt (0 result lines)",
		"input compare-base: cannot read /github/workspace/sub/x.txt: no such file":                  "input compare-base: cannot read sub/x.txt: no such file",
		"comparing commits needs a git repository, and /github/workspace is not in one":              "comparing commits needs a git repository, and the workspace is not in one",
		"/github/workspace2/x and /github/workspace.old stay":                                        "/github/workspace2/x and /github/workspace.old stay",
		"/tmp/benchgate-1/src0/p/b_test.go:5: panic":                                                 "/tmp/benchgate-1/src0/p/b_test.go:5: panic",
		"at the end: /github/workspace":                                                              "at the end: the workspace",
	} {
		if got := ws.rel(in); got != want {
			t.Errorf("rel(%q) = %q, want %q", in, got, want)
		}
	}
	// No workflow command made of a path the code under test printed.
	if got := ws.rel("/github/workspace/::error::forged"); got != "./::error::forged" {
		t.Errorf("a path that starts a workflow command: rel = %q", got)
	}
	// Written through its writer, a line reads the same, and the count
	// is of what was given.
	var b strings.Builder
	n, err := ws.writer(&b).Write([]byte("::error::cannot read /github/workspace/a.txt\n"))
	if err != nil || n != len("::error::cannot read /github/workspace/a.txt\n") || b.String() != "::error::cannot read a.txt\n" {
		t.Errorf("Write = %d, %v; wrote %q", n, err, b.String())
	}
	// Nothing to rewrite safely at the root, nor for a relative path.
	for _, root := range []string{"/", "", "ws"} {
		if got := newWorkspaceText(root).rel("/a/b"); got != "/a/b" {
			t.Errorf("workspace %q: rel(/a/b) = %q", root, got)
		}
	}
}

// TestWorkspaceTextReport: report.md and report.json in the results
// directory name paths as the log does, down to a ladder step's notes.
func TestWorkspaceTextReport(t *testing.T) {
	step := &report.Report{Notes: []string{"raw output in /github/workspace/.benchgate"}}
	rep := &report.Report{
		ResultsDir:   "/github/workspace/.benchgate",
		Error:        "panic at /github/workspace/p/b_test.go:6",
		Notes:        []string{"a note on /github/workspace/x.txt"},
		WarningNotes: []string{"TestMain differs in /github/workspace/p"},
		Decisions:    []decide.Decision{{Note: "see /github/workspace/p"}},
		Ladder:       &report.Ladder{Steps: []report.LadderStep{{Report: step}}},
	}
	newWorkspaceText("/github/workspace").report(rep)
	got := strings.Join([]string{rep.ResultsDir, rep.Error, rep.Notes[0], rep.WarningNotes[0], rep.Decisions[0].Note, step.Notes[0]}, "|")
	if want := ".benchgate|panic at p/b_test.go:6|a note on x.txt|TestMain differs in p|see p|raw output in .benchgate"; got != want {
		t.Errorf("report texts %q, want %q", got, want)
	}
	var nilText *workspaceText
	nilText.report(rep) // leaves it as it is, and does not panic
}
