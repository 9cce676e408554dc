package runner

// Preparing a side: its source (the built-in suite, a commit written out,
// or a copy of the working tree), its environments, its toolchain, and
// one test binary per package that has test files.
//
// The run's temporary directory holds, with privilege separation (see
// isolation.go):
//
//	<tmp>            root 0755
//	  suite/         root: the built-in suite, shared by the sides
//	  src<i>/        side i's source: root's while the go command builds
//	                 from it, then side i's (go test lets a benchmark
//	                 write in its package directory); a working tree
//	                 that two sides build is copied once and stays root's
//	  run<i>/        side i's own copy of that shared working tree, made
//	                 after the build: where its binaries run
//	  build/         the builder's, 0700: home/, tmp/ (GOTMPDIR,
//	                 TMPDIR), out<i>/ (what go test -c writes)
//	  bin<i>/        root 0755: side i's binaries, root's and read-only,
//	                 copied there from build/out<i> when built
//	  side<i>/       side i's, 0700: home/ (HOME), tmp/ (TMPDIR)
//
// Without it the same tree is benchgate's user's throughout.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/usage"
	"github.com/benchgate/benchgate/internal/brief"
)

// prepare gets every side's source, resolves its toolchain and builds its
// binaries.
func (st *runState) prepare(ctx context.Context) error {
	p := st.plan
	if err := st.layout(); err != nil {
		return fmt.Errorf("preparing the temporary directory: %w", err)
	}
	if st.opts.Repo != nil {
		if err := st.protectGitDirs(ctx, st.opts.Repo); err != nil {
			return err
		}
	}
	suiteDir := ""
	if p.Suite {
		if st.opts.UnpackSuite == nil {
			return errors.New("the built-in suite is not available in this build")
		}
		suiteDir = filepath.Join(st.tmp, "suite")
		err := st.opts.UnpackSuite(suiteDir)
		if err == nil && st.iso.on {
			err = shareTree(suiteDir, nil)
		}
		if err != nil {
			return &BenchmarkFailedError{Stage: "setup", Side: "suite", Err: fmt.Errorf("unpacking the built-in suite: %w", err)}
		}
	}
	buildEnv, err := st.builderEnv()
	if err != nil {
		return err
	}
	rel := "."
	if st.opts.Repo != nil && !p.Suite {
		r, err := filepath.Rel(st.opts.Repo.Root, st.opts.WorkDir)
		if err == nil && !strings.HasPrefix(r, "..") {
			rel = r
		}
	}
	// The working tree is copied once: sides that build it (toolchains
	// compared) share the copy, so their binaries differ by toolchain
	// only, as they did when they shared the working tree.
	workTree, workTreeRoot := "", ""
	srcOf := make([]string, len(st.out.Sides))
	for i, s := range st.out.Sides {
		s.as = st.iso.sideAs(i)
		s.buildEnv = buildEnv
		s.env = st.sideEnv(i)
		if s.Toolchain != "" {
			s.buildEnv = setEnv(s.buildEnv, "GOTOOLCHAIN", s.Toolchain)
			s.env = setEnv(s.env, "GOTOOLCHAIN", s.Toolchain)
		}
		// A toolchain configuration's build settings (GOAMD64=v3,
		// GOEXPERIMENT=...) replace the environment's.
		for _, kv := range s.Env {
			k, v, _ := strings.Cut(kv, "=")
			s.buildEnv = setEnv(s.buildEnv, k, v)
			s.env = setEnv(s.env, k, v)
		}
		s.procs = st.sideProcs(s.env)
		// Same-length paths for every side, so that no side's binary or
		// source path is longer than another's.
		src := filepath.Join(st.tmp, fmt.Sprintf("src%d", i))
		if !p.Suite && (s.Commit != "" || workTree == "") {
			if err := os.Mkdir(src, 0o755); err != nil {
				return err
			}
			srcOf[i] = src
		}
		switch {
		case p.Suite:
			s.srcDir = suiteDir
			// The suite is its own module with vendored dependencies;
			// a go.work of the user's must not reach it.
			s.buildEnv = setEnv(s.buildEnv, "GOWORK", "off")
			s.env = setEnv(s.env, "GOWORK", "off")
		case s.Commit != "":
			if st.opts.Repo == nil {
				return &BenchmarkFailedError{Stage: "setup", Side: s.Name, Err: errors.New("a commit side needs a git repository")}
			}
			st.progress("writing out %s %s into a temporary directory, without .git", s.Name, brief.Commit(s.Commit))
			err := st.opts.Repo.Export(ctx, s.Commit, src, filepath.Join(st.tmp, fmt.Sprintf("index%d", i)))
			if err == nil && st.iso.on {
				err = shareTree(src, nil)
			}
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				return &BenchmarkFailedError{Stage: "setup", Side: s.Name, Err: fmt.Errorf("checking out %s: %w", brief.Commit(s.Commit), err),
					Hint: "benchgate writes the commit's files out with git read-tree and checkout-index, which need every object of its tree, and a partial clone (--filter) or a shallow or grafted history can leave some out: fetch them (git fetch --refetch), or give " + sideRefSetting(s.Name) + " a commit this clone holds whole"}
			}
			s.srcDir = filepath.Join(src, rel)
		case workTree != "":
			s.srcDir = workTree
		default:
			st.progress("copying the working tree into a temporary directory, without .git")
			repo := st.workTreeRepo(ctx)
			if repo != nil && repo != st.opts.Repo {
				if err := st.protectGitDirs(ctx, repo); err != nil {
					return err
				}
			}
			dir, err := st.copyWorkTree(ctx, repo, src)
			if err != nil {
				return &BenchmarkFailedError{Stage: "setup", Side: s.Name, Err: err}
			}
			s.srcDir, workTree, workTreeRoot = dir, dir, src
		}
		if !p.Suite {
			root := srcOf[i]
			if root == "" {
				root = workTreeRoot
			}
			s.buildEnv, s.env = ownWorkspace(s.buildEnv, s.srcDir, root), ownWorkspace(s.env, s.srcDir, root)
		}
		if err := st.goVersion(ctx, s); err != nil {
			return err
		}
		if j := sameBuildAs(st.out.Sides[:i], s); j >= 0 {
			if err := st.copyBuild(s, i, st.out.Sides[j]); err != nil {
				return err
			}
			continue
		}
		if err := st.build(ctx, s, i); err != nil {
			return err
		}
	}
	total := 0
	for i, s := range st.out.Sides {
		total += len(s.Packages)
		if st.iso.on && srcOf[i] != "" && (s.Commit != "" || onlyWorkTreeSide(st.out.Sides, i)) {
			// Built: a source of one side's own is that side's now, as
			// a checkout is the user's under go test. A shared one
			// (the suite, the working tree of a toolchain comparison)
			// stays benchgate's, read-only to both.
			if err := shareTree(srcOf[i], s.as); err != nil {
				return fmt.Errorf("handing the %s side its source: %w", s.Name, err)
			}
		}
	}
	if st.iso.on && workTreeRoot != "" {
		if err := st.ownWorkTreeCopies(workTreeRoot); err != nil {
			return err
		}
	}
	if missing := st.missingEverywhere(); missing != "" {
		return &PackageNotFoundError{Pattern: missing, Dir: st.opts.WorkDir}
	}
	if total == 0 {
		return fmt.Errorf("%w: none of the packages %s has test files", ErrNoBenchmarks, strings.Join(p.Packages, " "))
	}
	return nil
}

// ownWorkspace is env for a side whose source tree is root, building in
// dir: the go.work of the side's own tree where there is one between dir
// and root (the go command finds it), else none (GOWORK=off). Never the
// environment's GOWORK, which names a file of the user's working tree,
// nor a go.work above the temporary directory (/tmp/go.work, which
// anyone, code under test included, may write): the go command would
// then resolve both sides' packages through that file, to the same code,
// and the run would compare it with itself.
func ownWorkspace(env []string, dir, root string) []string {
	for d := dir; root != "" && inTree(d, root); d = filepath.Dir(d) {
		if st, err := os.Lstat(filepath.Join(d, "go.work")); err == nil && st.Mode().IsRegular() {
			return setEnv(env, "GOWORK", "")
		}
		if d == root {
			break
		}
	}
	return setEnv(env, "GOWORK", "off")
}

// ownWorkTreeCopies gives each side that built the shared copy of the
// working tree (toolchains compared) a copy of its own to run in, handed
// to it, as a commit's side gets its source: go test lets a benchmark or
// its TestMain write in its package directory (a file it generates, a
// plugin it builds), which the shared copy, read-only to both sides so
// that neither writes what the other reads, refused with "permission
// denied". The binaries stay those built from the shared copy; only the
// directory each runs in moves, to run<i>, as long a path as src<i>.
func (st *runState) ownWorkTreeCopies(shared string) error {
	var sharing []int
	for i, s := range st.out.Sides {
		if s.Commit == "" && inTree(s.srcDir, shared) {
			sharing = append(sharing, i)
		}
	}
	if len(sharing) < 2 {
		return nil // one side's own, handed to it above
	}
	for _, i := range sharing {
		s := st.out.Sides[i]
		own := filepath.Join(st.tmp, fmt.Sprintf("run%d", i))
		if err := os.Mkdir(own, 0o755); err != nil {
			return err
		}
		c := &treeCopy{src: shared, dst: own}
		if err := c.copyDir("."); err != nil {
			return fmt.Errorf("giving the %s side its copy of the working tree: %w", s.Name, err)
		}
		if err := shareTree(own, s.as); err != nil {
			return fmt.Errorf("handing the %s side its source: %w", s.Name, err)
		}
		moved := func(dir string) string {
			if !inTree(dir, shared) {
				return dir
			}
			return own + strings.TrimPrefix(dir, shared)
		}
		s.srcDir = moved(s.srcDir)
		for j := range s.Packages {
			s.Packages[j].Dir = moved(s.Packages[j].Dir)
		}
	}
	return nil
}

// inTree reports whether path is root or inside it.
func inTree(path, root string) bool {
	return path == root || strings.HasPrefix(path, root+string(filepath.Separator))
}

// onlyWorkTreeSide reports whether side i is the only side that builds
// the working tree.
func onlyWorkTreeSide(sides []*SideResult, i int) bool {
	for j, s := range sides {
		if j != i && s.Commit == "" {
			return false
		}
	}
	return true
}

// layout makes the directories of the run's temporary directory that
// belong to the builder and the sides (see the file's comment).
func (st *runState) layout() error {
	builder := st.iso.builderAs()
	dirs := []dirSpec{{"build", builder}, {"build/home", builder}, {"build/tmp", builder}}
	for i := range st.out.Sides {
		side := st.iso.sideAs(i)
		dirs = append(dirs, dirSpec{fmt.Sprintf("build/out%d", i), builder},
			dirSpec{fmt.Sprintf("side%d", i), side}, dirSpec{fmt.Sprintf("side%d/home", i), side}, dirSpec{fmt.Sprintf("side%d/tmp", i), side})
	}
	for _, d := range dirs {
		path := filepath.Join(st.tmp, filepath.FromSlash(d.path))
		if err := os.Mkdir(path, 0o700); err != nil {
			return err
		}
		if d.as != nil {
			if err := os.Lchown(path, int(d.as.UID), int(d.as.GID)); err != nil {
				return err
			}
		}
	}
	return nil
}

// dirSpec is a directory of the run's and who owns it (nil: benchgate).
type dirSpec struct {
	path string
	as   *Identity
}

// builderEnv is the environment of the go command: the run's, with the
// go command's temporary files in the run's directory and, with
// privilege separation, the builder's home and caches (caches.go).
func (st *runState) builderEnv() ([]string, error) {
	buildTmp := filepath.Join(st.tmp, "build", "tmp")
	env := setEnv(st.opts.Env, "GOTMPDIR", buildTmp)
	if !st.iso.on {
		return env, nil
	}
	if err := st.checkGoReachable(); err != nil {
		return nil, err
	}
	home := filepath.Join(st.tmp, "build", "home")
	d, err := setupBuilder(st.opts.Env, st.iso.builder, home, filepath.Join(st.tmp, "build", "cache"))
	if err != nil {
		return nil, &BenchmarkFailedError{Stage: "setup", Side: "build", Err: err}
	}
	for _, f := range d.giveBack {
		st.cleanup = append(st.cleanup, f)
	}
	for _, n := range d.notes {
		st.progress("%s", n)
	}
	env = setEnv(env, "HOME", home)
	env = setEnv(env, "TMPDIR", buildTmp)
	env = setEnv(env, "GOPATH", filepath.Join(home, "go"))
	env = setEnv(env, "GOCACHE", d.gocache)
	env = setEnv(env, "GOMODCACHE", d.gomodcache)
	if d.goenv != "" {
		env = setEnv(env, "GOENV", d.goenv)
	} else {
		env = unsetEnv(env, "GOENV")
	}
	return env, nil
}

// sideEnv is the environment of side i's test binaries: the run's, with
// a TMPDIR of the side's own and, with privilege separation, its HOME.
func (st *runState) sideEnv(i int) []string {
	dir := filepath.Join(st.tmp, fmt.Sprintf("side%d", i))
	env := unsetEnv(st.opts.Env, "GOTMPDIR")
	env = setEnv(env, "TMPDIR", filepath.Join(dir, "tmp"))
	if st.iso.on {
		env = setEnv(env, "HOME", filepath.Join(dir, "home"))
	}
	return env
}

// sideProcs is the -test.cpu list a side's timed processes run at: the
// plan's (-cpu), else the GOMAXPROCS of the side's environment (a
// configuration's GOMAXPROCS=1), else the GOMAXPROCS a Go program gets
// here by default. Given always, as go test -cpu gives it, so that the
// testing package sets GOMAXPROCS before each benchmark and names its
// results by it: code under test that sets GOMAXPROCS in an init
// function or TestMain does not change what its benchmarks run at, nor
// their names. Without it, a head that set GOMAXPROCS 1 made its
// sub-benchmark "n-2" read as the base's "n" at GOMAXPROCS 2, and the
// two were compared.
func (st *runState) sideProcs(env []string) string {
	if st.plan.CPU != "" {
		return st.plan.CPU
	}
	if n, err := strconv.Atoi(getEnv(env, "GOMAXPROCS")); err == nil && n > 0 {
		return strconv.Itoa(n)
	}
	// Unset, or a value the runtime ignores: benchgate's own default,
	// with the same environment and cgroup limits as the processes it
	// starts.
	return strconv.Itoa(runtime.GOMAXPROCS(0))
}

// checkGoReachable fails early, and says why, when the builder could not
// run the go command: a Go installed where only root may go.
func (st *runState) checkGoReachable() error {
	path, err := exec.LookPath(st.goCmd)
	if err != nil {
		return nil // the go command's own failure says it
	}
	path, _ = filepath.Abs(path)
	if fi, err := os.Stat(path); err == nil && reachableByOthers(filepath.Dir(path)) && fi.Mode().Perm()&0o001 != 0 {
		return nil
	}
	return &BenchmarkFailedError{Stage: "setup", Side: "build",
		Err:  fmt.Errorf("the go command %s cannot be run by the build user (uid %d): it, or a directory above it, is not open to other users", path, builderID),
		Hint: "benchgate runs as root, so it builds as an unprivileged user; install Go where every user can run it (the golang image's /usr/local/go is)"}
}

// protectGitDirs makes repo's git directories unreachable for the
// builder and the sides for the run (it takes away the permissions of
// others; benchgate, root, still works in them): the repository's
// config holds the token actions/checkout persists, and the workspace
// is readable by every user. Without privilege separation the code under
// test runs as their owner, and this would change nothing.
func (st *runState) protectGitDirs(ctx context.Context, repo *gitx.Repo) error {
	if !st.iso.on {
		return nil
	}
	dirs, err := repo.GitDirs(ctx)
	if err != nil {
		return fmt.Errorf("finding the repository's git directory: %w", err)
	}
	for _, d := range dirs {
		fi, err := os.Lstat(d)
		if err != nil || !fi.IsDir() || fi.Mode().Perm()&0o007 == 0 {
			continue
		}
		mode := fi.Mode().Perm()
		if err := os.Chmod(d, mode&^0o007); err != nil {
			return fmt.Errorf("closing %s to other users: %w", d, err)
		}
		st.cleanup = append(st.cleanup, func() {
			if fi, err := os.Lstat(d); err == nil && fi.Mode().Perm() == mode&^0o007 {
				os.Chmod(d, mode)
			}
		})
	}
	return nil
}

// goTool is the go command for side s.
func (st *runState) goTool(s *SideResult) goTool {
	return goTool{path: st.goCmd, dir: s.srcDir, env: s.buildEnv, exec: st.exec, as: st.iso.builderAs(), maxOutput: st.opts.MaxOutput}
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
		if out := string(goOutput(err)); s.Toolchain != "" && s.Toolchain != "local" && toolchainMissing(out) {
			// A version that does not exist is the configuration's
			// mistake (exit 2), not a failed run.
			return usage.Errorf("name a Go release the module proxy serves, such as go1.26.8 (go.dev/dl lists them), or local for the Go that runs benchgate",
				"%s side: GOTOOLCHAIN=%s is not a Go toolchain the module proxy serves: %s", s.Name, s.Toolchain, brief.Clip(goErrorLine(out), 300))
		}
		hint := ""
		switch {
		case len(s.Env) > 0:
			hint = fmt.Sprintf(" (does GOTOOLCHAIN=%s accept the build settings %s?)", s.Toolchain, strings.Join(s.Env, " "))
		case s.Toolchain != "":
			hint = fmt.Sprintf(" (is GOTOOLCHAIN=%s a Go release the module proxy serves?)", s.Toolchain)
		}
		return &BenchmarkFailedError{Stage: "setup", Side: s.Name, Err: fmt.Errorf("selecting the Go toolchain%s: %w", hint, err), Tail: tail(goOutput(err), 15)}
	}
	s.GoVersion = v
	return nil
}

// toolchainMissing reports whether the go command's output says the
// toolchain it was asked for does not exist (rather than that fetching it
// failed): the module proxy serves no such version.
func toolchainMissing(out string) bool {
	for _, s := range []string{"toolchain not available", "This module version is not available", "404 Not Found", "unknown revision", "invalid version"} {
		if strings.Contains(out, s) {
			return true
		}
	}
	return false
}

// goErrorLine is the go command's last line in out that starts "go: "
// (its error, after its progress lines), else out's last line.
func goErrorLine(out string) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.HasPrefix(lines[i], "go: ") {
			return strings.TrimSpace(lines[i])
		}
	}
	return strings.TrimSpace(lines[len(lines)-1])
}

// sideRefSetting is the setting that names side's commit, as {name}.
func sideRefSetting(side string) string {
	if side == "head" {
		return "{head-ref}"
	}
	return "{base-ref}"
}
