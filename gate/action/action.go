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
// Commits missing from a shallow clone are fetched from origin.
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
// only then comments.
package action

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/benchgate/benchgate/gate/cli"
	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/ghevent"
	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/publish"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
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
	a := githubactions.New(githubactions.WithWriter(env.Stdout), githubactions.WithGetenv(env.Getenv))
	defer func() {
		// go-githubactions panics when it cannot write a file command.
		if r := recover(); r != nil {
			fmt.Fprintf(env.Stderr, "benchgate: writing to the runner failed: %v\n", r)
			code = cli.ExitFailed
		}
	}()
	err := run(ctx, a, env)
	var reg *cli.RegressionError
	if err != nil && !errors.As(err, &reg) && !summaryWritten(env) {
		// Nothing was reported yet (a bad input, a commit that could not
		// be fetched, a build that failed before the report): the job
		// summary says so, so that the failure is not only in the log.
		var b strings.Builder
		fmt.Fprintf(&b, "### benchgate: 💥 error\n\n```text\n%s\n```\n", report.FenceSafe(err.Error()))
		var ue *cli.UsageError
		if errors.As(err, &ue) && ue.Hint != "" {
			fmt.Fprintf(&b, "\nhint: %s\n", report.MarkdownText(ue.Hint))
		}
		a.AddStepSummary(b.String())
	}
	return cli.ExitCode(err, env.Stderr)
}

// summaryWritten reports whether the step summary already has content.
func summaryWritten(env Env) bool {
	path := env.Getenv("GITHUB_STEP_SUMMARY")
	if path == "" {
		return true // nowhere to write
	}
	st, err := os.Stat(path)
	return err == nil && st.Size() > 0
}

// inputs are the action's inputs, as strings.
type inputs struct {
	command                      string
	packages                     []string
	bench, benchtime             string
	rounds                       int
	threshold, thresholds        string
	alpha                        float64
	failOn                       string
	correction                   string
	decideTest                   string
	interleave                   string
	adaptive                     decide.AdaptiveRule // "" when off
	maxRounds                    int
	timeBudget                   time.Duration
	baseRef, headRef             string
	baseToolchain, headToolchain string
	timeout                      time.Duration
	resultsDir                   string
	workingDirectory             string
	compareBase, compareHead     string
	comment                      string
	commentID                    string
	prNumber                     int
	token                        string
}

func readInputs(a *githubactions.Action) (*inputs, error) {
	get := func(name, def string) string {
		if v := strings.TrimSpace(a.GetInput(name)); v != "" {
			return v
		}
		return def
	}
	in := &inputs{
		command:          get("command", "run"),
		packages:         strings.Fields(get("packages", "")),
		bench:            get("bench", "."),
		benchtime:        get("benchtime", cli.DefaultBenchtime),
		threshold:        get("threshold", decide.FormatPercent(decide.DefaultPolicy.Threshold)),
		thresholds:       get("thresholds", ""),
		failOn:           get("fail-on", string(decide.DefaultPolicy.FailOn)),
		correction:       get("correction", string(decide.DefaultPolicy.Correction)),
		decideTest:       get("decide", string(cli.DefaultTest)),
		interleave:       get("interleave", string(cli.DefaultInterleave)),
		baseRef:          get("base-ref", ""),
		headRef:          get("head-ref", ""),
		baseToolchain:    get("base-toolchain", ""),
		headToolchain:    get("head-toolchain", ""),
		resultsDir:       get("results-dir", cli.DefaultOut),
		workingDirectory: get("working-directory", "."),
		compareBase:      get("compare-base", ""),
		compareHead:      get("compare-head", ""),
		comment:          get("comment", "on-regression"),
		commentID:        get("comment-id", publish.DefaultCommentID),
		token:            get("github-token", ""),
	}
	var errs []error
	var err error
	if in.rounds, err = strconv.Atoi(get("rounds", strconv.Itoa(cli.DefaultRounds))); err != nil {
		errs = append(errs, fmt.Errorf("input rounds: %q is not a whole number", get("rounds", "")))
	}
	if in.alpha, err = strconv.ParseFloat(get("alpha", strconv.FormatFloat(cli.DefaultAlpha, 'g', -1, 64)), 64); err != nil {
		errs = append(errs, fmt.Errorf("input alpha: %q is not a number", get("alpha", "")))
	}
	if in.timeout, err = time.ParseDuration(get("timeout", cli.DefaultTimeout.String())); err != nil {
		errs = append(errs, fmt.Errorf("input timeout: %q is not a duration such as 5m", get("timeout", "")))
	}
	switch v := get("adaptive", string(cli.DefaultAdaptive)); v {
	case "true":
		in.adaptive = decide.UntilSettled
	case "false":
	default:
		if in.adaptive, err = decide.ParseAdaptiveRule(v); err != nil {
			errs = append(errs, fmt.Errorf("input adaptive: %q is not true, false, confirm or settle", v))
		}
	}
	if v := get("max-rounds", ""); v != "" {
		if in.maxRounds, err = strconv.Atoi(v); err != nil {
			errs = append(errs, fmt.Errorf("input max-rounds: %q is not a whole number", v))
		}
	}
	if v := get("time-budget", ""); v != "" {
		if in.timeBudget, err = time.ParseDuration(v); err != nil {
			errs = append(errs, fmt.Errorf("input time-budget: %q is not a duration such as 8m", v))
		}
	}
	if _, err := decide.ParseTest(in.decideTest); err != nil {
		errs = append(errs, fmt.Errorf("input decide: %q is not one of utest, paired", in.decideTest))
	}
	switch plan.Granularity(in.interleave) {
	case plan.ByBenchmark, plan.ByPackage:
	default:
		errs = append(errs, fmt.Errorf("input interleave: %q is not one of benchmark, package", in.interleave))
	}
	if v := get("pr-number", ""); v != "" {
		if in.prNumber, err = strconv.Atoi(v); err != nil || in.prNumber <= 0 {
			errs = append(errs, fmt.Errorf("input pr-number: %q is not a pull-request number", v))
		}
	}
	if _, err := decide.ParseFailOn(in.failOn); err != nil {
		errs = append(errs, fmt.Errorf("input fail-on: %q is not one of regression, inconclusive, never", in.failOn))
	}
	if _, err := decide.ParseCorrection(in.correction); err != nil {
		errs = append(errs, fmt.Errorf("input correction: %q is not one of holm, none", in.correction))
	}
	if _, err := decide.ParsePercent(in.threshold); err != nil {
		errs = append(errs, fmt.Errorf("input threshold: %v", err))
	}
	if _, err := decide.ParseThresholds(in.thresholds); err != nil {
		errs = append(errs, fmt.Errorf("input thresholds: %v", err))
	}
	switch in.command {
	case "run", "report", "compare":
	default:
		errs = append(errs, fmt.Errorf("input command: %q is not one of run, report, compare", in.command))
	}
	switch in.comment {
	case "always", "on-regression", "never":
	default:
		errs = append(errs, fmt.Errorf("input comment: %q is not one of always, on-regression, never", in.comment))
	}
	if _, err := publish.Marker(in.commentID); err != nil {
		errs = append(errs, fmt.Errorf("input comment-id: %v", err))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, &cli.UsageError{Msg: err.Error(), Hint: "see the inputs in action.yml"}
	}
	return in, nil
}

// outputFlags renders the statistics inputs as command-line flags, so that
// the action validates them exactly as the command line does.
func (in *inputs) flags() []string {
	return []string{
		"-alpha", strconv.FormatFloat(in.alpha, 'g', -1, 64),
		"-threshold", in.threshold,
		"-thresholds", in.thresholds,
		"-fail-on", in.failOn,
		"-correction", in.correction,
		"-decide", in.decideTest,
	}
}

func run(ctx context.Context, a *githubactions.Action, env Env) error {
	in, err := readInputs(a)
	if err != nil {
		return err
	}
	workspace := env.Getenv("GITHUB_WORKSPACE")
	if workspace == "" {
		if workspace, err = os.Getwd(); err != nil {
			return err
		}
	}
	dir, err := within(workspace, in.workingDirectory, "working-directory")
	if err != nil {
		return err
	}
	resultsDir, err := within(dir, in.resultsDir, "results-dir")
	if err != nil {
		return err
	}
	// The workspace belongs to another uid in a container action; without
	// this, git refuses to work in it ("dubious ownership"). Command-line
	// scoped configuration through the environment reaches our git calls
	// and the go command's, and changes no file.
	environ := withSafeDirectory(env.Environ, workspace)

	ev, evErr := ghevent.Load(env.Getenv("GITHUB_EVENT_NAME"), env.Getenv("GITHUB_EVENT_PATH"))
	if evErr != nil {
		var unsupported *ghevent.UnsupportedEventError
		if !errors.As(evErr, &unsupported) && env.Getenv("GITHUB_EVENT_PATH") != "" {
			return &cli.UsageError{Msg: "reading the event: " + evErr.Error()}
		}
		ev = nil
	}

	p := &publisher{a: a, env: env, in: in, ev: ev}
	switch in.command {
	case "report":
		return p.reportCommand(ctx, resultsDir)
	case "compare":
		return p.compareCommand(ctx, dir)
	}
	return p.runCommand(ctx, dir, resultsDir, environ)
}

// within resolves rel inside base and refuses to leave it.
func within(base, rel, input string) (string, error) {
	if filepath.IsAbs(rel) {
		return "", &cli.UsageError{Msg: fmt.Sprintf("input %s: %q must be relative to the workspace", input, rel)}
	}
	p := filepath.Join(base, rel)
	if r, err := filepath.Rel(base, p); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", &cli.UsageError{Msg: fmt.Sprintf("input %s: %q leaves the workspace", input, rel)}
	}
	return p, nil
}

// withSafeDirectory adds safe.directory=dir as command-line configuration
// through GIT_CONFIG_COUNT/KEY/VALUE, after any the environment already has.
func withSafeDirectory(environ []string, dir string) []string {
	n := 0
	var out []string
	for _, kv := range environ {
		if v, ok := strings.CutPrefix(kv, "GIT_CONFIG_COUNT="); ok {
			n, _ = strconv.Atoi(v)
			continue
		}
		out = append(out, kv)
	}
	return append(out,
		fmt.Sprintf("GIT_CONFIG_KEY_%d=safe.directory", n),
		fmt.Sprintf("GIT_CONFIG_VALUE_%d=%s", n, dir),
		fmt.Sprintf("GIT_CONFIG_COUNT=%d", n+1),
		// Never wait for a password prompt in CI.
		"GIT_TERMINAL_PROMPT=0",
	)
}

func (p *publisher) runCommand(ctx context.Context, dir, resultsDir string, environ []string) error {
	in := p.in
	cfg := cli.DefaultRunConfig()
	cfg.Dir = dir
	cfg.Environ = environ
	cfg.Packages = in.packages
	cfg.Bench, cfg.Benchtime, cfg.Rounds, cfg.Timeout = in.bench, in.benchtime, in.rounds, in.timeout
	cfg.BaseToolchain, cfg.HeadToolchain = in.baseToolchain, in.headToolchain
	cfg.Out = resultsDir
	cfg.ResultsLabel = p.workspaceRel(resultsDir)
	cfg.Interleave = in.interleave
	cfg.AdaptiveRule, cfg.MaxRounds, cfg.TimeBudget = in.adaptive, in.maxRounds, in.timeBudget
	if err := cfg.SetOutputFlags(append(in.flags(), "-format", "text")); err != nil {
		return err
	}

	// Sides: explicit inputs win; otherwise the event says.
	cfg.BaseRef, cfg.HeadRef = in.baseRef, in.headRef
	explicitToolchains := in.baseToolchain != "" || in.headToolchain != ""
	if p.ev != nil && cfg.BaseRef == "" && cfg.HeadRef == "" {
		base, head, err := p.ev.Commits()
		switch {
		case err == nil:
			cfg.BaseRef, cfg.HeadRef = base, head
		case explicitToolchains:
			// Toolchain comparison of the working tree.
		default:
			var nb *ghevent.NoBaseError
			if errors.As(err, &nb) {
				p.a.Noticef("%s", nb.Error())
			}
		}
	}
	if cfg.BaseRef != "" || cfg.HeadRef != "" {
		repo, err := gitx.Open(ctx, dir, runner.ChildEnv(environ))
		if err != nil {
			return &cli.UsageError{Msg: "comparing commits needs the repository checked out: " + err.Error(),
				Hint: "add actions/checkout before benchgate"}
		}
		for _, side := range []struct{ ref, what string }{{cfg.BaseRef, "base commit"}, {cfg.HeadRef, "head commit"}} {
			if gitx.IsFullHash(side.ref) {
				if err := repo.EnsureCommit(ctx, "origin", side.ref, side.what, p.a.Infof); err != nil {
					return &cli.UsageError{Msg: err.Error()}
				}
			}
		}
	}

	p.a.Group("benchgate: measuring base and head")
	token := stopCommands(p.env.Stdout)
	res, runErr := cli.Execute(ctx, cfg, &cli.Env{Stdout: p.env.Stdout, Stderr: p.env.Stdout, Getenv: p.env.Getenv})
	resumeCommands(p.env.Stdout, token)
	p.a.EndGroup()
	if res == nil {
		return runErr
	}
	rep := res.Report
	if err := res.Report.WriteText(p.env.Stdout); err != nil {
		return err
	}
	meta := Metadata{
		Schema:     1,
		Repository: p.env.Getenv("GITHUB_REPOSITORY"),
		CommentID:  in.commentID,
		Verdict:    string(rep.Verdict),
	}
	if p.ev != nil {
		meta.Event, meta.PRNumber = p.ev.Event, p.ev.PRNumber
		meta.BaseSHA, meta.HeadSHA = p.ev.BaseSHA, p.ev.HeadSHA
	}
	for _, s := range res.Run.Sides {
		if s.Name == "base" && s.Commit != "" {
			meta.BaseSHA = s.Commit
		}
		if s.Name == "head" && s.Commit != "" {
			meta.HeadSHA = s.Commit
		}
	}
	if err := writeMetadata(resultsDir, meta); err != nil {
		p.a.Warningf("writing %s: %v", MetadataFile, err)
	}
	p.setOutputs(rep, resultsDir)
	for _, s := range res.Run.Sides {
		p.a.SetOutput(s.Name+"-toolchain", s.GoVersion)
	}
	p.publish(ctx, rep, p.prNumber(0))
	if runErr != nil {
		p.a.Errorf("%s", report.SanitizeText(runErr.Error()))
		return runErr
	}
	return p.gate(rep, res.Policy.FailOn)
}

// stopCommands makes the runner ignore workflow commands until
// resumeCommands: the code under test writes to the log too (build errors,
// failing benchmarks), and a "::set-output" or "::add-mask" in it must stay
// text.
func stopCommands(w io.Writer) string {
	b := make([]byte, 16)
	rand.Read(b)
	token := hex.EncodeToString(b)
	fmt.Fprintf(w, "::stop-commands::%s\n", token)
	return token
}

func resumeCommands(w io.Writer, token string) {
	fmt.Fprintf(w, "::%s::\n", token)
}

type publisher struct {
	a   *githubactions.Action
	env Env
	in  *inputs
	ev  *ghevent.Context
}

func (p *publisher) setOutputs(rep *report.Report, resultsDir string) {
	p.a.SetOutput("verdict", string(rep.Verdict))
	p.a.SetOutput("regressions", strconv.Itoa(rep.Counts[decide.Regression]))
	// Paths relative to the workspace: a container action sees the
	// workspace at /github/workspace, the runner's later steps at another
	// path, and relative paths mean the same to both.
	out := p.workspaceRel(resultsDir)
	p.a.SetOutput("results-dir", out)
	p.a.SetOutput("report", filepath.Join(out, "report.md"))
	p.a.SetOutput("json", filepath.Join(out, "report.json"))
	if p.env.Getenv("GITHUB_STEP_SUMMARY") != "" {
		var b strings.Builder
		rep.WriteMarkdown(&b)
		// A step summary may hold 1 MiB.
		body, _ := publish.Fit(b.String(), 1<<20-1024, "*… the report was cut to fit the job summary; the full report is "+filepath.Base(resultsDir)+"/report.md in the results.*")
		p.a.AddStepSummary(body)
	}
	for _, d := range rep.Decisions {
		if d.Status != decide.Regression {
			continue
		}
		p.a.WithFieldsMap(map[string]string{"title": "benchgate: regression"}).Errorf("%s (%s): %s (p=%.3f), threshold %s",
			report.SanitizeText(d.Benchmark), report.SanitizeText(d.Unit), report.FormatDelta(d), d.P, decide.FormatPercent(d.Threshold))
	}
}

// workspaceRel expresses path relative to the workspace when it is inside
// it.
func (p *publisher) workspaceRel(path string) string {
	ws := p.env.Getenv("GITHUB_WORKSPACE")
	if ws == "" {
		return path
	}
	rel, err := filepath.Rel(ws, path)
	if err != nil || !filepath.IsLocal(rel) {
		return path
	}
	return rel
}

// repository returns GITHUB_REPOSITORY as owner and name, and whether it
// has exactly that shape.
func (p *publisher) repository() (owner, repo string, ok bool) {
	owner, repo, ok = strings.Cut(p.env.Getenv("GITHUB_REPOSITORY"), "/")
	return owner, repo, ok && ghevent.ValidName(owner) && ghevent.ValidName(repo)
}

// gate turns the verdict into the step's result.
func (p *publisher) gate(rep *report.Report, failOn decide.FailOn) error {
	switch {
	case failOn.Fails(rep.Verdict):
		return &cli.RegressionError{Verdict: rep.Verdict, Count: rep.Counts[decide.Regression]}
	case rep.Verdict == decide.InconclusiveVerdict:
		p.a.Warningf("benchgate: %d comparison(s) could not be decided (too few samples); the gate passes. Raise rounds, or set fail-on: inconclusive to fail instead.",
			rep.Counts[decide.TooFewSamples]+rep.Counts[decide.Inconclusive])
	}
	return nil
}

// prNumber is the pull request to comment on: the event's, else the
// input's, else fallback.
func (p *publisher) prNumber(fallback int) int {
	if p.ev != nil && p.ev.PRNumber > 0 {
		return p.ev.PRNumber
	}
	if p.in.prNumber > 0 {
		return p.in.prNumber
	}
	return fallback
}

// publish posts or updates the PR comment. Nothing here changes the
// verdict: failures are warnings.
func (p *publisher) publish(ctx context.Context, rep *report.Report, number int) {
	in := p.in
	if in.comment == "never" {
		return
	}
	if number <= 0 {
		if in.comment == "always" {
			p.a.Infof("benchgate: not a pull request, so no comment")
		}
		return
	}
	if in.token == "" {
		p.a.Warningf("benchgate: no github-token, so no PR comment")
		return
	}
	owner, repo, ok := p.repository()
	if !ok {
		p.a.Warningf("benchgate: GITHUB_REPOSITORY is not owner/repo, so no PR comment")
		return
	}
	var body strings.Builder
	rep.WriteMarkdown(&body)
	if url := p.runURL(); url != "" {
		fmt.Fprintf(&body, "\n<sub>[Workflow run](%s)</sub>\n", url)
	}
	c, err := publish.New(publish.Config{
		Token:  in.token,
		APIURL: p.env.Getenv("GITHUB_API_URL"),
		Logf: func(format string, args ...any) {
			p.a.Infof(format, args...)
		},
		TruncationNote: "*… the comment was cut to fit GitHub's limit; the full report is in the job summary.*",
	})
	if err != nil {
		p.a.Warningf("benchgate: cannot comment: %v", err)
		return
	}
	create := in.comment == "always" || rep.Verdict == decide.RegressionVerdict || rep.Verdict == decide.ErrorVerdict
	var res *publish.Result
	if create {
		res, err = c.Upsert(ctx, owner, repo, number, in.commentID, body.String())
	} else {
		res, err = c.Update(ctx, owner, repo, number, in.commentID, body.String())
	}
	var perm *publish.PermissionError
	switch {
	case errors.As(err, &perm):
		p.a.Warningf("benchgate: the token may not comment on this pull request (%v). For pull requests from forks, use the fork-safe workflow_run split described in the README.", err)
	case err != nil:
		p.a.Warningf("benchgate: commenting failed: %v", err)
	case res.Action == publish.NotFound:
		p.a.Infof("benchgate: no regression and no earlier comment, so no comment (comment: on-regression)")
	default:
		p.a.Infof("benchgate: comment %s: %s", res.Action, res.URL)
		p.a.SetOutput("comment-url", res.URL)
	}
}

func (p *publisher) runURL() string {
	server, repo, id := p.env.Getenv("GITHUB_SERVER_URL"), p.env.Getenv("GITHUB_REPOSITORY"), p.env.Getenv("GITHUB_RUN_ID")
	if server == "" || repo == "" || id == "" {
		return ""
	}
	return fmt.Sprintf("%s/%s/actions/runs/%s", server, repo, id)
}

// compareCommand compares result files given as inputs.
func (p *publisher) compareCommand(ctx context.Context, dir string) error {
	if p.in.compareBase == "" || p.in.compareHead == "" {
		return &cli.UsageError{Msg: "command compare needs the inputs compare-base and compare-head"}
	}
	var paths [2][]string
	for i, arg := range []string{p.in.compareBase, p.in.compareHead} {
		var list []string
		for _, part := range strings.Split(arg, ",") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			abs, err := within(dir, part, []string{"compare-base", "compare-head"}[i])
			if err != nil {
				return err
			}
			list = append(list, abs)
		}
		side := []compare.Side{compare.Base, compare.Head}[i]
		files, err := compare.ExpandPaths(side, list)
		if err != nil {
			return err
		}
		paths[i] = files
	}
	rep, policy, err := p.analyze(paths[0], paths[1])
	if err != nil {
		return err
	}
	out := filepath.Join(dir, p.in.resultsDir)
	rep.ResultsDir = p.workspaceRel(out)
	rep.WriteText(p.env.Stdout)
	if err := os.MkdirAll(out, 0o755); err == nil {
		cli.WriteReports(out, rep)
	}
	p.setOutputs(rep, out)
	p.publish(ctx, rep, p.prNumber(0))
	return p.gate(rep, policy.FailOn)
}

func (p *publisher) analyze(base, head []string) (*report.Report, decide.Policy, error) {
	// The measuring job of a fork split ran with the same inputs, so its
	// adaptive rule says what was left undecided.
	return cli.Analyze(base, head, p.in.flags(), p.in.adaptive)
}
