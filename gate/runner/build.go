package runner

// Building a side: one test binary per package (go test -c) by the
// builder, then sealed read-only where the side's processes run it; a
// side whose build is the same as an earlier one's gets a copy instead.

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/benchgate/benchgate/internal/brief"
)

// build lists the side's packages and builds one test binary per package
// that has test files.
func (st *runState) build(ctx context.Context, s *SideResult, index int) error {
	gt := st.goTool(s)
	if s.PGO != "" {
		profile, err := st.pgoProfile(s)
		if err != nil {
			return err
		}
		gt.buildFlags = []string{"-pgo=" + profile}
	}
	if st.plan.Suite {
		// The suite is unpacked into a new directory every run, and
		// without -trimpath a package's directory is part of its build
		// cache key: every run would compile the suite's packages again.
		// With it they are compiled once per toolchain and machine. The
		// suite finds its fixtures by package directory, not by source
		// file path, so nothing else changes.
		gt.buildFlags = append(gt.buildFlags, "-trimpath")
	}
	patterns := st.sidePatterns(s)
	if len(patterns) == 0 {
		return nil
	}
	listed, other, err := gt.list(ctx, patterns)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		out := goOutput(err)
		return &BenchmarkFailedError{Stage: "build", Side: s.Name, Package: strings.Join(st.plan.Packages, " "),
			Err: fmt.Errorf("listing packages: %w", err), Tail: tail(out, 20), Hint: listHint(s, out)}
	}
	binDir := filepath.Join(st.tmp, fmt.Sprintf("bin%d", index))
	outDir := filepath.Join(st.tmp, "build", fmt.Sprintf("out%d", index))
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
	// The counted binaries' testing package is patched (inprocess.go):
	// with instructions alone the side's binaries are those; with both
	// measures the timed rounds keep binaries built as go test builds
	// them, and the counted ones are built beside them.
	counting := goTool{}
	if st.vg != nil {
		ct, err := st.countingTool(ctx, s, index, gt)
		if err != nil {
			s.countingWhy = err.Error()
			st.progress("%s: instructions will be counted in whole processes: %s", s.Name, s.countingWhy)
		} else {
			counting = ct
			if !st.opts.Measure.Time() {
				gt, counting = counting, goTool{}
			}
		}
	}
	st.progress("building %s (%s): %d package(s)", s.Name, s.Label(), len(s.Packages))
	// One go test -c per package, as many at once as there are CPUs: a
	// test binary's link is mostly one core's work, and linking is most
	// of a build once the build cache has the packages.
	type job struct {
		pkg         int
		gt          goTool
		built, dest string
	}
	var jobs []job
	for i := range s.Packages {
		pkg := &s.Packages[i]
		// Binaries are named by position, so every side's binary path
		// has the same length.
		name := fmt.Sprintf("p%03d.test", i)
		pkg.Binary = filepath.Join(binDir, name)
		jobs = append(jobs, job{i, gt, filepath.Join(outDir, name), pkg.Binary})
		switch {
		case counting.path != "":
			name := fmt.Sprintf("p%03d.ctst", i)
			pkg.Counting = filepath.Join(binDir, name)
			jobs = append(jobs, job{i, counting, filepath.Join(outDir, name), pkg.Counting})
		case st.vg != nil && s.countingWhy == "":
			pkg.Counting = pkg.Binary
		}
	}
	errs := make([]error, len(jobs))
	sem := make(chan struct{}, max(1, runtime.NumCPU()))
	var wg sync.WaitGroup
	for k, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			err := j.gt.testBinary(ctx, s.Packages[j.pkg].ImportPath, j.built, st.plan.Tags)
			if err == nil {
				err = seal(j.built, j.dest)
			}
			errs[k] = err
		}()
	}
	wg.Wait()
	// The first package that failed, in go list's order, is the one
	// reported, whichever finished first.
	for k, err := range errs {
		if err == nil {
			continue
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		pkg := s.Packages[jobs[k].pkg]
		return &BenchmarkFailedError{Stage: "build", Side: s.Name, Package: pkg.ImportPath, Err: err, Tail: s.sourceRel(tail(goOutput(err), 20)),
			Hint: fmt.Sprintf("the %s side (%s) does not compile; reproduce with go test -c -o /dev/null %s", s.Name, s.Label(), pkg.ImportPath)}
	}
	return nil
}

// listHint says what to do when go list failed on side s with output out.
// The failures with a known cause are a go command that tried to write
// go.mod (GOFLAGS=-mod=mod, or an untidy go.mod), which the side's tree
// does not allow, and a side without go.mod: a commit from before the
// project adopted modules (or one that moved its go.mod), where the go
// command's own message ("go.mod file not found", or for ./... "does not
// contain main module") does not say which side or commit it was.
func listHint(s *SideResult, out []byte) string {
	if bytes.Contains(out, []byte("go: updating go.mod: ")) {
		// benchgate builds each side's tree as it is, read-only to
		// the go command's user.
		return "the go command tried to update the side's go.mod, which benchgate builds as the commit has it and does not let the go command write: -mod=mod in GOFLAGS asks for that (unset it, or use -mod=readonly, go test's default), or the commit's go.mod and go.sum need go mod tidy (commit its changes)"
	}
	if !bytes.Contains(out, []byte("go.mod file not found")) && !bytes.Contains(out, []byte("does not contain main module")) {
		return ""
	}
	if _, ok := findModuleRoot(s.srcDir); ok {
		return "" // a module is there: the packages are outside it
	}
	if s.Commit == "" {
		return "benchgate builds each side as a Go module: make {dir} a module's directory, or name {packages} inside one"
	}
	ref := "a commit that has one"
	if s.Name == "base" || s.Name == "head" {
		ref = "another {" + s.Name + "-ref}"
	}
	return fmt.Sprintf("the %s side (%s) has no go.mod at or above the packages' directory: benchgate builds each side as a Go module, and this commit predates the module (or keeps its go.mod elsewhere); pick %s", s.Name, s.Label(), ref)
}

// sameBuildAs returns the index of the first of the earlier sides that
// builds exactly what s builds (the same source directory, Go version,
// build environment and -pgo), or -1. The go command's builds are
// reproducible, so such a side's binaries are byte for byte the ones s
// would link: an A/A run of the built-in suite, or of a working tree
// under one toolchain, links them once.
func sameBuildAs(earlier []*SideResult, s *SideResult) int {
	for j, e := range earlier {
		if e.srcDir == s.srcDir && e.GoVersion == s.GoVersion && e.PGO == s.PGO && slices.Equal(e.buildEnv, s.buildEnv) {
			return j
		}
	}
	return -1
}

// copyBuild gives side s (the index-th) its own copies of the binaries of
// side from, which built the same thing (sameBuildAs).
func (st *runState) copyBuild(s *SideResult, index int, from *SideResult) error {
	binDir := filepath.Join(st.tmp, fmt.Sprintf("bin%d", index))
	if err := os.MkdirAll(binDir, 0o755); err != nil {
		return err
	}
	s.missing = slices.Clone(from.missing)
	st.progress("building %s (%s): the same build as %s, so a copy of its binaries: %d package(s)", s.Name, s.Label(), from.Name, len(from.Packages))
	s.countingWhy = from.countingWhy
	for _, pkg := range from.Packages {
		built, counting := pkg.Binary, pkg.Counting
		pkg.Binary = filepath.Join(binDir, filepath.Base(built))
		err := copySealed(built, pkg.Binary)
		switch {
		case counting == built:
			pkg.Counting = pkg.Binary
		case counting != "" && err == nil:
			pkg.Counting = filepath.Join(binDir, filepath.Base(counting))
			err = copySealed(counting, pkg.Counting)
		}
		if err != nil {
			return &BenchmarkFailedError{Stage: "build", Side: s.Name, Package: pkg.ImportPath, Err: fmt.Errorf("copying %s's binary: %w", from.Name, err)}
		}
		s.Packages = append(s.Packages, pkg)
	}
	return nil
}

// seal copies the test binary the go command wrote at from to a new file
// to, benchgate's own and read-only (0555), and removes from. A copy, not
// a rename: no process of the builder's can have the new file open, so
// from here on nothing but benchgate can change the binary.
func seal(from, to string) error {
	if err := copySealed(from, to); err != nil {
		return fmt.Errorf("go test -c wrote no usable test binary: %w", err)
	}
	os.Remove(from)
	return nil
}

// copySealed copies the regular file from to a new file to, benchgate's
// own and read-only (0555).
func copySealed(from, to string) error {
	in, err := os.OpenFile(from, os.O_RDONLY|oNoFollow, 0)
	if err != nil {
		return err
	}
	defer in.Close()
	if fi, err := in.Stat(); err != nil || !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", from)
	}
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL|oNoFollow, 0o700)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Chmod(0o555); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// pgoProfile is the -pgo value side s builds with: auto and off as they
// are, an absolute path as it is, and a path relative to the directory
// benchgate runs in found in the side's own source (a commit's profile is
// the one committed there), or for the built-in suite in that directory.
func (st *runState) pgoProfile(s *SideResult) (string, error) {
	if s.PGO == "auto" || s.PGO == "off" || filepath.IsAbs(s.PGO) {
		return s.PGO, nil
	}
	dir, where := s.srcDir, "the side's source"
	if st.plan.Suite {
		dir, where = st.opts.WorkDir, "{dir}"
	} else if s.Commit != "" {
		where = "commit " + brief.Commit(s.Commit)
	} else {
		where = "the working tree's tracked or untracked-but-not-ignored files"
	}
	path := filepath.Join(dir, s.PGO)
	if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
		return "", &BenchmarkFailedError{Stage: "build", Side: s.Name, Err: fmt.Errorf("the profile pgo=%s of {configs} is not in %s", s.PGO, where),
			Hint: "give the profile's path relative to {dir}, and commit it (or leave it untracked, not ignored), or give an absolute path"}
	}
	return path, nil
}
