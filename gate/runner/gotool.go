package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
)

// goTool is the go command as one side runs it: which go, in which
// directory, with which environment. As in sweet's common.Go, a toolchain
// is a value. The run stage calls the go command for three things only,
// the methods below; everything else it runs is a test binary.
type goTool struct {
	// path is the go command ("go" means the one on PATH).
	path string
	// dir is the working directory: the side's source directory, which
	// package patterns are resolved from.
	dir string
	// env is the complete environment, with the side's GOTOOLCHAIN and
	// GOTMPDIR.
	env  []string
	exec Executor
	// as is the user it runs as (the builder), nil for benchgate's own.
	as *Identity
	// maxOutput bounds what one go command may print (0: the default).
	maxOutput int64
	// buildFlags are go test -c's flags beyond -c and -o (a side's -pgo).
	buildFlags []string
}

// goError is a go command that failed, with what it printed (the
// compiler's errors, a download's complaint), as exec.ExitError carries
// Stderr. Its message is the underlying error's alone: the output goes in
// a BenchmarkFailedError's Tail.
type goError struct {
	err    error
	output []byte
}

func (e *goError) Error() string { return e.err.Error() }

func (e *goError) Unwrap() error { return e.err }

// goOutput returns what the go command that failed with err printed.
func goOutput(err error) []byte {
	var ge *goError
	if errors.As(err, &ge) {
		return ge.output
	}
	return nil
}

// run runs the go command with args and returns its standard output and
// standard error, merged. A failure is a *goError.
func (g goTool) run(ctx context.Context, args ...string) ([]byte, error) {
	var buf bytes.Buffer
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w := newCapWriter(&buf, g.maxOutput, cancel)
	err := g.exec.Run(ctx, Cmd{Dir: g.dir, Env: g.env, Path: g.path, Args: args, As: g.as}, w)
	w.Close()
	if w.Cut() {
		err = fmt.Errorf("the go command printed more than %s and was killed ({max-output})", FormatSize(w.max))
	}
	if err != nil {
		return nil, &goError{err: err, output: buf.Bytes()}
	}
	return buf.Bytes(), nil
}

// version returns what "go env GOVERSION" says, e.g. go1.27.3: the
// toolchain that builds for this side. With GOTOOLCHAIN=go1.N.M this is
// also where the go command downloads that toolchain, so its messages
// come before the version, which is the last line.
func (g goTool) version(ctx context.Context) (string, error) {
	out, err := g.run(ctx, "env", "GOVERSION")
	if err != nil {
		return "", err
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.TrimSpace(lines[len(lines)-1]), nil
}

// goEnv returns what "go env" says of the variables names, in their order
// (GOROOT, GOARCH): its last len(names) lines, as in version.
func (g goTool) goEnv(ctx context.Context, names ...string) ([]string, error) {
	out, err := g.run(ctx, append([]string{"env"}, names...)...)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) < len(names) {
		return nil, fmt.Errorf("go env %s printed %d lines, not %d", strings.Join(names, " "), len(lines), len(names))
	}
	vals := lines[len(lines)-len(names):]
	for i := range vals {
		vals[i] = strings.TrimSpace(vals[i])
	}
	return vals, nil
}

// listedPackage is one package as go list describes it.
type listedPackage struct {
	importPath string
	dir        string
	// hasTests says whether it has test files, in-package or external;
	// without them a package has no benchmarks.
	hasTests bool
}

// listFormat is the -f template of go list: one tab-separated line per
// package.
const listFormat = "{{.ImportPath}}\t{{.Dir}}\t{{len .TestGoFiles}}\t{{len .XTestGoFiles}}"

// list runs go list on the package patterns. It returns the packages in
// go list's order, and the other lines it printed (a module download, a
// warning), which are not packages but may be worth a look.
func (g goTool) list(ctx context.Context, patterns []string) (pkgs []listedPackage, other []string, err error) {
	out, err := g.run(ctx, append([]string{"list", "-f", listFormat, "--"}, patterns...)...)
	if err != nil {
		return nil, nil, err
	}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			if l := strings.TrimSpace(line); l != "" {
				other = append(other, l)
			}
			continue
		}
		pkgs = append(pkgs, listedPackage{importPath: f[0], dir: f[1], hasTests: f[2] != "0" || f[3] != "0"})
	}
	return pkgs, other, nil
}

// testBinary builds the test binary of the package importPath as the file
// out (go test -c -o), without running it.
func (g goTool) testBinary(ctx context.Context, importPath, out string, tags []string) error {
	args := append([]string{"test", "-c", "-o", out}, g.buildFlags...)
	if len(tags) > 0 {
		args = append(args, "-tags", strings.Join(tags, ","))
	}
	_, err := g.run(ctx, append(args, importPath)...)
	return err
}
