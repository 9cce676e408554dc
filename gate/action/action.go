// Package action is benchgate's GitHub Action mode: the publish stage of the
// pipeline and the glue that turns the runner's world (inputs, the event
// file, the workspace) into the same configuration the command line builds.
//
// # Inputs
//
// Inputs are read through github.com/sethvargo/go-githubactions, so
// INPUT_FAIL-ON and the other hyphenated names that Docker actions receive
// work. They mirror the command-line flags; action.yml documents each.
//
// # Sides from the event
//
//   - pull_request, pull_request_target: base is the PR's base SHA, head the
//     PR's head SHA.
//   - push: base is "before", head is "after" (a new branch has no before;
//     the default base is used instead).
//   - workflow_dispatch and others: base-ref/head-ref and the toolchains from
//     the inputs, else the defaults of benchgate run.
//
// Commits missing from a shallow clone are fetched from origin, with
// github-token (if any) as an HTTP header in the environment of that fetch
// alone, so that a private repository checked out with
// persist-credentials: false can still be fetched from.
//
// # Code of pull requests in privileged jobs
//
// pull_request_target and workflow_run jobs hold a write token and the
// repository's secrets even for a fork's pull request. There, "command:
// run" refuses (a usage error, [*UntrustedCodeError]) to build a side
// whose code may be a stranger's: the pull request's head, a fork's
// workflow_run.head_sha, or any commit, the working tree's HEAD included,
// that is neither GITHUB_SHA nor the base the event names nor an ancestor
// of one of them in this clone. The working tree is judged by its HEAD.
// The built-in suite is benchgate's own code and is not refused.
// run-untrusted-code: true builds the code anyway, with a warning
// annotation and a warning in the job summary. Commands report and
// compare never run code and are not affected; plain pull_request is not
// either, since a fork's pull_request job gets a read-only token.
//
// # Outputs
//
// verdict, regressions, report, json, results-dir, comment-url and the two
// toolchains; the markdown report goes to the job summary; every regression
// becomes an error annotation; the PR comment is kept up to date through
// package publish. A failure to comment is a warning and never changes the
// verdict or the exit code.
//
// # The fork-safe split
//
// "command: run" in an unprivileged pull_request job writes the results
// directory and metadata.json (PR number, SHAs, repository) for
// actions/upload-artifact. "command: report" in a workflow_run job, which
// has a write token, reads that directory as untrusted input: it
// recomputes the comparison from the raw files, checks the metadata, and
// only then comments. It labels the report's head with the commit GitHub
// says the measuring run was for (workflow_run.head_sha), never with the
// artifact's word, and does not comment when the artifact names another.
//
// # Whose comment it edits
//
// Only a marked comment by the account github-token acts as (see package
// publish): github-actions[bot] for the workflow's token, the user of a
// personal access token, or the comment-author input for a GitHub App.
package action

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/benchgate/benchgate/gate/ghevent"
	"github.com/benchgate/benchgate/gate/pipeline"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/usage"
	"github.com/sethvargo/go-githubactions"
)

// Env is what the action may use of the outside world.
type Env struct {
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	// Environ is the full environment, for child processes (secrets are
	// removed before any child sees it).
	Environ []string
}

// Main runs benchgate as a GitHub Action and returns the exit code.
func Main(ctx context.Context, env Env) (code int) {
	defer func() {
		// go-githubactions panics when it cannot write a file command.
		if r := recover(); r != nil {
			fmt.Fprintf(env.Stderr, "benchgate: writing to the runner failed: %v\n", r)
			code = pipeline.ExitFailed
		}
	}()
	w, err := readWorld(env)
	// What the log shows names paths from the workspace (paths.go).
	// readWorld returns a world, if only a partial one, even with an
	// error.
	w.text = newWorkspaceText(w.workspace)
	env.Stdout, env.Stderr = w.text.writer(env.Stdout), w.text.writer(env.Stderr)
	w.env = env
	a := githubactions.New(githubactions.WithWriter(env.Stdout), githubactions.WithGetenv(env.Getenv))
	if err == nil {
		err = run(ctx, a, w)
	} else {
		// Later steps read the verdict, and the checks page the error,
		// whatever stopped the step.
		refused(a, err)
	}
	var reg *pipeline.RegressionError
	if err != nil && !errors.As(err, &reg) && !summaryWritten(w) && a.GetInput("summary") != "never" {
		// Nothing was reported yet (a bad input, a commit that could not
		// be fetched, a build that failed before the report): the job
		// summary says so, so that the failure is not only in the log.
		var b strings.Builder
		fmt.Fprintf(&b, "### benchgate: 💥 error\n\n```text\n%s\n```\n", report.FenceSafe(usage.Text(err, inputStyle)))
		if hint := pipeline.Hint(err, inputStyle); hint != "" {
			fmt.Fprintf(&b, "\nhint: %s\n", report.MarkdownText(hint))
		}
		a.AddStepSummary(w.text.rel(b.String()))
	}
	pipeline.PrintError(env.Stderr, err, inputStyle)
	return pipeline.ExitCode(err)
}

// world is what the action reads of the runner's world, once, at its
// entry: the GITHUB_* variables (through go-githubactions), the event,
// and the environment for child processes.
type world struct {
	env Env
	gh  *githubactions.GitHubContext
	// event is nil for an event benchgate does not read sides from;
	// otherEvent then names it (issue_comment, schedule, ...).
	event      *ghevent.Context
	otherEvent string
	// workspace is GITHUB_WORKSPACE, else the working directory.
	workspace string
	// text names paths in the workspace from it, in what the Action
	// shows: the job summary and the comment (the log's writers do it
	// themselves).
	text *workspaceText
}

func readWorld(env Env) (*world, error) {
	// The event payload is ghevent's to read, with its size limit and
	// its checks of every field a fork controls; go-githubactions would
	// decode it again, without either, into a map nobody reads.
	getenv := func(k string) string {
		if k == "GITHUB_EVENT_PATH" {
			return ""
		}
		return env.Getenv(k)
	}
	gh, err := githubactions.New(githubactions.WithGetenv(getenv)).Context()
	if err != nil {
		return &world{env: env}, fmt.Errorf("reading the runner's GITHUB_* variables: %w", err)
	}
	gh.EventPath = env.Getenv("GITHUB_EVENT_PATH")
	w := &world{env: env, gh: gh, workspace: gh.Workspace}
	if w.workspace == "" {
		if w.workspace, err = os.Getwd(); err != nil {
			return w, err
		}
	}
	ev, err := ghevent.Load(gh.EventName, gh.EventPath)
	if err != nil {
		var unsupported *ghevent.UnsupportedEventError
		if !errors.As(err, &unsupported) && gh.EventPath != "" {
			return w, &usage.Error{Msg: "reading the event: " + err.Error(),
				Hint: "GITHUB_EVENT_PATH must name the event file the runner wrote for this job; a step before benchgate may have moved or changed it"}
		}
		ev = nil
		w.otherEvent = gh.EventName
	}
	w.event = ev
	return w, nil
}

// summaryWritten reports whether the step summary already has content.
func summaryWritten(w *world) bool {
	if w == nil || w.gh == nil || w.gh.StepSummary == "" {
		return true // nowhere to write
	}
	st, err := os.Stat(w.gh.StepSummary)
	return err == nil && st.Size() > 0
}

func run(ctx context.Context, a *githubactions.Action, w *world) (err error) {
	s := &step{a: a, w: w}
	resultsDir := ""
	defer func() {
		if err != nil && !s.outputsSet {
			s.failedOutputs(resultsDir, err)
		}
	}()
	in, err := readInputs(a)
	if err != nil {
		return err
	}
	s.in = in
	dir, err := within(w.workspace, w.workspace, in.workingDirectory, "working-directory")
	if err != nil {
		return err
	}
	if st, serr := os.Stat(dir); dir != w.workspace && (serr != nil || !st.IsDir()) {
		return usage.Errorf("give a directory of the checked-out repository, relative to the workspace; if it is in the repository, check that actions/checkout runs before benchgate",
			"input working-directory %q is not a directory in the workspace", in.workingDirectory)
	}
	if resultsDir, err = within(w.workspace, dir, in.resultsDir, "results-dir"); err != nil {
		return err
	}
	// An earlier step's results in the directory are not this step's: a
	// refused run names the directory only once it has written its
	// manifest there (failedOutputs).
	s.manifestBefore = manifestStamp(resultsDir)
	switch in.command {
	case "report":
		return s.reportCommand(ctx, resultsDir)
	case "compare":
		return s.compareCommand(ctx, dir)
	}
	return s.runCommand(ctx, dir, resultsDir)
}

// step is one run of the action: its inputs and the runner's world.
type step struct {
	a  *githubactions.Action
	w  *world
	in *inputs
	// warnedUntrusted reports that the run-untrusted-code warning was
	// given, so that it is given once.
	warnedUntrusted bool
	// outputsSet reports that setOutputs gave the outputs of a report.
	outputsSet bool
	// manifestBefore is the results directory's manifest as the step
	// found it (manifestStamp).
	manifestBefore string
}

// within resolves rel, an input's path, relative to base (the workspace,
// or the directory of input working-directory in it), and refuses a path
// that leaves the workspace: ../out from working-directory sub is the
// workspace's out, and allowed.
func within(workspace, base, rel, input string) (string, error) {
	if filepath.IsAbs(rel) {
		relativeTo := "the workspace"
		if filepath.Clean(base) != filepath.Clean(workspace) {
			relativeTo = "input working-directory"
		}
		return "", usage.Errorf("", "input %s: %q must be relative to %s", input, rel, relativeTo)
	}
	p := filepath.Join(base, rel)
	if r, err := filepath.Rel(workspace, p); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", usage.Errorf("", "input %s: %q leaves the workspace", input, rel)
	}
	return p, nil
}
