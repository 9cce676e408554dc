package plan

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/usage"
	"github.com/benchgate/benchgate/internal/brief"
)

// Resolve completes a plan whose sides hold only what the user asked for
// (a ref and a toolchain each): it checks the toolchains, resolves refs to
// commits, picks the default base, and, when base and head go.mod files
// ask for different toolchains and none was given, sets each side's
// toolchain to its go.mod's (a Renovate bump is compared as such, not
// built with whatever Go is installed). dir is where benchgate runs; env
// is the environment for git. It returns the repository, or nil when the
// plan compares toolchains of the working tree only and needs none.
func Resolve(ctx context.Context, p *Plan, dir string, env []string, detectBump bool) (*gitx.Repo, error) {
	if err := p.checkToolchains(); err != nil {
		return nil, err
	}
	if len(p.Sides) != 2 {
		return nil, usage.Errorf("", "a comparison needs two sides, got %d", len(p.Sides))
	}
	base, head := &p.Sides[0], &p.Sides[1]
	toolchainsOnly := base.Ref == "" && head.Ref == "" && (base.Toolchain != "" || head.Toolchain != "")
	if toolchainsOnly {
		return nil, nil
	}
	repo, err := gitx.Open(ctx, dir, env)
	if err != nil {
		if errors.Is(err, gitx.ErrNotRepo) {
			return nil, usage.Errorf("{dir} must be in a git repository (in a workflow, actions/checkout runs first), or compare toolchains with {base-toolchain} local {head-toolchain} go1.27.3",
				"comparing commits needs a git repository, and %s is not in one", dir)
		}
		return nil, err
	}
	if base.Ref == "" {
		ref, sha, why, err := repo.DefaultBase(ctx)
		if err != nil {
			return nil, &usage.Error{Msg: err.Error(), Hint: "give {base-ref}"}
		}
		base.Ref, base.Commit, base.Why = ref, sha, why
	}
	for _, s := range []*Side{base, head} {
		if s.Ref == "" || s.Commit != "" {
			continue
		}
		sha, err := repo.Resolve(ctx, s.Ref)
		if err != nil {
			return nil, usage.Errorf("check the ref with git rev-parse, or fetch it first", "invalid {%s-ref}: %v", s.Name, err)
		}
		s.Commit = sha
	}
	if head.Ref == "" && head.Why == "" {
		head.Why = "the working tree, uncommitted changes included"
	}
	if detectBump && base.Toolchain == "" && head.Toolchain == "" {
		if err := detectToolchainBump(ctx, repo, dir, base, head); err != nil {
			return nil, err
		}
	}
	return repo, nil
}

// detectToolchainBump sets both sides' toolchains when their go.mod files ask for
// different ones. A toolchain a go.mod names that is no GOTOOLCHAIN value
// is refused in the go.mod's words, not as a toolchain the user gave.
func detectToolchainBump(ctx context.Context, repo *gitx.Repo, dir string, base, head *Side) error {
	rel, err := filepath.Rel(repo.Root, filepath.Join(dir, "go.mod"))
	if err != nil || strings.HasPrefix(rel, "..") {
		return nil
	}
	rel = filepath.ToSlash(rel)
	read := func(s *Side) []byte {
		if s.Commit == "" {
			b, _ := os.ReadFile(filepath.Join(dir, "go.mod"))
			return b
		}
		b, _ := repo.ReadFile(ctx, s.Commit, rel)
		return b
	}
	b, h, why, ok := ToolchainBump(read(base), read(head))
	if ok {
		for _, s := range []struct {
			side *Side
			tc   string
		}{{base, b}, {head, h}} {
			if !ValidToolchain(s.tc) {
				return usage.Errorf(fmt.Sprintf("name the toolchains with {base-toolchain} and {head-toolchain}, or fix the %s commit's go.mod", s.side.Name),
					"the %s commit's go.mod (%s) asks for the toolchain %q, which is not a GOTOOLCHAIN value the go command could fetch (goX.Y.Z)", s.side.Name, rel, brief.Clip(s.tc, 60))
			}
		}
		base.Toolchain, head.Toolchain = b, h
	}
	if why != "" {
		head.Why = why
	}
	return nil
}
