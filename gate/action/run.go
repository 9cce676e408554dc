package action

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"github.com/benchgate/benchgate/gate/ghevent"
	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/pipeline"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/usage"
)

// runCommand measures base and head, then publishes and gates.
func (s *step) runCommand(ctx context.Context, dir, resultsDir string) error {
	in, ev := s.in, s.w.event
	cfg := in.run
	cfg.Dir = dir
	// The workspace belongs to another uid in a container action; without
	// this, git refuses to work in it ("dubious ownership"). Command-line
	// scoped configuration through the environment reaches our git calls
	// and the go command's, and changes no file.
	cfg.Environ = withSafeDirectory(s.w.env.Environ, s.w.workspace)
	cfg.Out = resultsDir
	cfg.ResultsLabel = s.workspaceRel(resultsDir)
	cfg.Names = inputStyle
	cfg.Progress = pipeline.Progress(s.w.env.Stdout, inputStyle)

	// Sides: explicit inputs win; otherwise the event says.
	explicitToolchains := cfg.BaseToolchain != "" || cfg.HeadToolchain != ""
	if ev != nil && cfg.BaseRef == "" && cfg.HeadRef == "" {
		base, head, err := ev.Commits()
		switch {
		case err == nil:
			cfg.BaseRef, cfg.HeadRef = base, head
		case explicitToolchains:
			// Toolchain comparison of the working tree.
		default:
			var nb *ghevent.NoBaseError
			if errors.As(err, &nb) {
				s.a.Noticef("%s", nb.Error())
			}
		}
	}
	if cfg.BaseRef != "" || cfg.HeadRef != "" {
		repo, err := gitx.Open(ctx, dir, runner.GitEnv(cfg.Environ))
		if err != nil {
			return &usage.Error{Msg: "comparing commits needs the repository checked out: " + err.Error(),
				Hint: "add actions/checkout before benchgate"}
		}
		for _, side := range []struct{ ref, what string }{{cfg.BaseRef, "base commit"}, {cfg.HeadRef, "head commit"}} {
			if gitx.IsFullHash(side.ref) {
				if err := repo.EnsureCommit(ctx, "origin", side.ref, side.what, s.a.Infof); err != nil {
					return &usage.Error{Msg: err.Error()}
				}
			}
		}
	}

	s.a.Group("benchgate: measuring base and head")
	token := stopCommands(s.w.env.Stdout)
	res, runErr := pipeline.Run(ctx, cfg)
	resumeCommands(s.w.env.Stdout, token)
	s.a.EndGroup()
	if res == nil {
		return runErr
	}
	rep := res.Report
	if err := rep.WriteText(s.w.env.Stdout); err != nil {
		return err
	}
	meta := Metadata{
		Schema:     1,
		Repository: s.w.gh.Repository,
		CommentID:  in.commentID,
		Verdict:    string(rep.Verdict),
	}
	if ev != nil {
		meta.Event, meta.PRNumber = ev.Event, ev.PRNumber
		meta.BaseSHA, meta.HeadSHA = ev.BaseSHA, ev.HeadSHA
	}
	for _, side := range res.Run.Sides {
		if side.Name == "base" && side.Commit != "" {
			meta.BaseSHA = side.Commit
		}
		if side.Name == "head" && side.Commit != "" {
			meta.HeadSHA = side.Commit
		}
	}
	if err := writeMetadata(resultsDir, meta); err != nil {
		s.a.Warningf("writing %s: %v", MetadataFile, err)
	}
	s.setOutputs(rep, resultsDir)
	for _, side := range res.Run.Sides {
		s.a.SetOutput(side.Name+"-toolchain", side.GoVersion)
	}
	s.publish(ctx, rep, s.prNumber(0))
	if runErr != nil {
		s.a.Errorf("%s", report.SanitizeText(usage.Text(runErr, inputStyle)))
		return runErr
	}
	return s.gate(rep, res.Policy.FailOn)
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
