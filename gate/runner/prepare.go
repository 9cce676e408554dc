package runner

// Preparing a side: its source (the built-in suite, a temporary worktree
// of a commit, or the working tree), its toolchain, and one test binary
// per package that has test files.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/internal/brief"
)

// prepare gets every side's source, resolves its toolchain and builds its
// binaries.
func (st *runState) prepare(ctx context.Context) error {
	p := st.plan
	suiteDir := ""
	if p.Suite {
		if st.opts.UnpackSuite == nil {
			return errors.New("the built-in suite is not available in this build")
		}
		suiteDir = filepath.Join(st.tmp, "suite")
		if err := st.opts.UnpackSuite(suiteDir); err != nil {
			return &BenchmarkFailedError{Stage: "setup", Side: "suite", Err: fmt.Errorf("unpacking the built-in suite: %w", err)}
		}
	}
	rel := "."
	if st.opts.Repo != nil && !p.Suite {
		r, err := filepath.Rel(st.opts.Repo.Root, st.opts.WorkDir)
		if err == nil && !strings.HasPrefix(r, "..") {
			rel = r
		}
	}
	// The go command's own temporary files go under st.tmp, so that a
	// build killed by cancellation leaves nothing in the user's TMPDIR.
	goTmp := filepath.Join(st.tmp, "gotmp")
	if err := os.MkdirAll(goTmp, 0o755); err != nil {
		return err
	}
	for i, s := range st.out.Sides {
		s.env = setEnv(st.opts.Env, "GOTMPDIR", goTmp)
		if s.Toolchain != "" {
			s.env = setEnv(s.env, "GOTOOLCHAIN", s.Toolchain)
		}
		switch {
		case p.Suite:
			s.srcDir = suiteDir
			// The suite is its own module with vendored dependencies;
			// a go.work of the user's must not reach it.
			s.env = setEnv(s.env, "GOWORK", "off")
		case s.Commit != "":
			if st.opts.Repo == nil {
				return &BenchmarkFailedError{Stage: "setup", Side: s.Name, Err: errors.New("a commit side needs a git repository")}
			}
			// Same-length paths for every side, so that no side's
			// binary or source path is longer than another's.
			wt := filepath.Join(st.tmp, fmt.Sprintf("src%d", i))
			st.progress("checking out %s %s into a temporary worktree", s.Name, brief.Commit(s.Commit))
			repo := st.opts.Repo
			// The cleanup is registered first: an interrupted "git
			// worktree add" can leave a half-made worktree behind.
			st.cleanup = append(st.cleanup, func() { st.removeWorktree(ctx, repo, wt) })
			if err := repo.AddWorktree(ctx, s.Commit, wt); err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				return &BenchmarkFailedError{Stage: "setup", Side: s.Name, Err: fmt.Errorf("checking out %s: %w", brief.Commit(s.Commit), err)}
			}
			s.srcDir = filepath.Join(wt, rel)
		default:
			s.srcDir = st.opts.WorkDir
		}
		if err := st.goVersion(ctx, s); err != nil {
			return err
		}
		if err := st.build(ctx, s, i); err != nil {
			return err
		}
	}
	total := 0
	for _, s := range st.out.Sides {
		total += len(s.Packages)
	}
	if total == 0 {
		return fmt.Errorf("%w: none of the packages %s has test files", ErrNoBenchmarks, strings.Join(p.Packages, " "))
	}
	return nil
}

// removeWorktree removes a temporary worktree and what git recorded of
// it, also when "git worktree add" was interrupted half way.
func (st *runState) removeWorktree(ctx context.Context, repo *gitx.Repo, dir string) {
	_, statErr := os.Stat(dir)
	err := repo.RemoveWorktree(ctx, dir)
	if err == nil {
		return
	}
	// Not (yet) a worktree git can remove: delete the directory, and the
	// prune that RemoveWorktree runs drops git's record of it.
	os.RemoveAll(dir)
	repo.RemoveWorktree(ctx, dir)
	if statErr == nil {
		st.progress("warning: removing worktree %s: %v", dir, err)
	}
}

// goTool is the go command for side s.
func (st *runState) goTool(s *SideResult) goTool {
	return goTool{path: st.goCmd, dir: s.srcDir, env: s.env, exec: st.exec}
}

// goVersion asks the side's go command which toolchain it is. With
// GOTOOLCHAIN=go1.N.M this is also where the go command downloads it.
func (st *runState) goVersion(ctx context.Context, s *SideResult) error {
	if s.Toolchain != "" && s.Toolchain != "local" {
		st.progress("%s: selecting toolchain %s (the go command downloads it if needed)", s.Name, s.Toolchain)
	}
	v, err := st.goTool(s).version(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		hint := ""
		if s.Toolchain != "" {
			hint = fmt.Sprintf(" (is GOTOOLCHAIN=%s a Go release the module proxy serves?)", s.Toolchain)
		}
		return &BenchmarkFailedError{Stage: "setup", Side: s.Name, Err: fmt.Errorf("selecting the Go toolchain%s: %w", hint, err), Tail: tail(goOutput(err), 15)}
	}
	s.GoVersion = v
	return nil
}

// build lists the side's packages and builds one test binary per package
// that has test files.
func (st *runState) build(ctx context.Context, s *SideResult, index int) error {
	gt := st.goTool(s)
	listed, other, err := gt.list(ctx, st.plan.Packages)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return &BenchmarkFailedError{Stage: "build", Side: s.Name, Package: strings.Join(st.plan.Packages, " "),
			Err: fmt.Errorf("listing packages: %w", err), Tail: tail(goOutput(err), 20)}
	}
	binDir := filepath.Join(st.tmp, fmt.Sprintf("bin%d", index))
	if err := os.MkdirAll(binDir, 0o755); err != nil {
		return err
	}
	for _, l := range other {
		st.progress("%s: go list: %s", s.Name, l)
	}
	for _, lp := range listed {
		if lp.hasTests {
			s.Packages = append(s.Packages, Package{ImportPath: lp.importPath, Dir: lp.dir})
		}
	}
	st.progress("building %s (%s): %d package(s)", s.Name, s.Label(), len(s.Packages))
	for i := range s.Packages {
		pkg := &s.Packages[i]
		// Binaries are named by position, so every side's binary path
		// has the same length.
		pkg.Binary = filepath.Join(binDir, fmt.Sprintf("p%03d.test", i))
		if err := gt.testBinary(ctx, pkg.ImportPath, pkg.Binary); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return &BenchmarkFailedError{Stage: "build", Side: s.Name, Package: pkg.ImportPath, Err: err, Tail: tail(goOutput(err), 20),
				Hint: fmt.Sprintf("the %s side (%s) does not compile; reproduce with go test -c -o /dev/null %s", s.Name, s.Label(), pkg.ImportPath)}
		}
	}
	return nil
}
