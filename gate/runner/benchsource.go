package runner

// Benchmarks whose own code differs between the sides. A pull request
// that changes a benchmark (a larger input, another loop) and the code
// it measures compares two different benchmarks: go.uber.org/zap's
// "Faster string encoding" (5a27bab) gave its benchmarks 5,000 more
// strings to encode, so base against head measured +15,890%, where the
// author ran the new benchmark on both sides for −62%. The sides' test
// files are compared function by function, so that only the benchmarks
// whose code changed are named, not every package whose tests did.

import (
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// ChangedBenchmark is a benchmark function whose declaration in the
// package's _test.go files is not the same on every side that has it;
// or, named TestMain or init (SetupFunctions), the package's TestMain or
// its _test.go files' init functions, which run in every benchmark
// process and so can change what any benchmark there measures or prints.
type ChangedBenchmark struct {
	Package   string `json:"package"`
	Benchmark string `json:"benchmark"`
}

// maxTestFile is the largest _test.go file read for the comparison; a
// larger one (generated data) is left out of it.
const maxTestFile = 4 << 20

// changedBenchmarks lists the benchmark functions of each package that
// two sides run from different source directories whose declarations
// differ, comments and layout aside (their tokens are compared), and before them the package's
// setup functions that differ (SetupFunctions); a function counts as
// differing also where a function of the _test.go files it calls does
// (helperDiffers). Code outside the _test.go files and data files are not
// compared. Sides of one commit
// (toolchains compared, the built-in suite) have one source: nothing to
// compare.
func (st *runState) changedBenchmarks() []ChangedBenchmark {
	if st.plan.Suite || !st.commitsDiffer() {
		return nil
	}
	var out []ChangedBenchmark
	for _, ip := range st.unionPackages() {
		var decls []map[string]string
		refs := map[string][]string{}
		var fns []string
		for _, s := range st.out.Sides {
			pkg := s.pkg(ip)
			if pkg == nil || !pkg.Listed {
				continue
			}
			d, r := testDecls(pkg.Dir)
			decls = append(decls, d)
			for f, names := range r {
				for _, n := range names {
					if !slices.Contains(refs[f], n) {
						refs[f] = append(refs[f], n)
					}
				}
			}
			for _, f := range pkg.Benchmarks {
				if !slices.Contains(fns, f) {
					fns = append(fns, f)
				}
			}
		}
		for _, f := range SetupFunctions {
			if differs(decls, f, true) || helperDiffers(decls, refs, f) {
				out = append(out, ChangedBenchmark{Package: ip, Benchmark: f})
			}
		}
		for _, f := range fns {
			if differs(decls, f, false) || helperDiffers(decls, refs, f) {
				out = append(out, ChangedBenchmark{Package: ip, Benchmark: f})
			}
		}
	}
	return out
}

// SetupFunctions are the functions of a package's _test.go files that
// run in every benchmark process, whatever it benchmarks.
var SetupFunctions = []string{"TestMain", "init"}

// differs reports whether function f's declarations (decls, one map per
// side) are not all the same. A benchmark on one side only is new or
// removed, said elsewhere: only the sides that have it count. A setup
// function (absentDiffers) that one side lacks differs: a TestMain added
// on head runs around its benchmarks as surely as a changed one.
func differs(decls []map[string]string, f string, absentDiffers bool) bool {
	var first string
	seen, missing := false, false
	for _, d := range decls {
		src, ok := d[f]
		switch {
		case !ok:
			missing = true
		case !seen:
			first, seen = src, true
		case src != first:
			return true
		}
	}
	return seen && missing && absentDiffers
}

// helperDiffers reports whether a function of the _test.go files that f
// calls, directly or through others (refs: the top-level functions each
// one names, on any side), differs between the sides or is missing on
// one: a helper that reports the benchmark's metrics (finish(b) calling
// b.ReportMetric) changes what the benchmark measures as surely as its
// own code.
func helperDiffers(decls []map[string]string, refs map[string][]string, f string) bool {
	seen := map[string]bool{f: true}
	queue := slices.Clone(refs[f])
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		if seen[h] {
			continue
		}
		seen[h] = true
		if differs(decls, h, true) {
			return true
		}
		queue = append(queue, refs[h]...)
	}
	return false
}

// commitsDiffer reports whether the sides build more than one commit
// (the working tree counting as one).
func (st *runState) commitsDiffer() bool {
	for _, s := range st.out.Sides {
		if s.Commit != st.out.Sides[0].Commit {
			return true
		}
	}
	return false
}

// testDecls returns the declaration, as tokens, of every top-level
// function in dir's _test.go files, by name, and for each the names of
// those functions its body names (refs), so that a benchmark's helpers
// are compared with it. Files that do not parse, or are larger than
// maxTestFile, are left out: the build has already said what is wrong
// with them.
func testDecls(dir string) (out map[string]string, refs map[string][]string) {
	out, refs = map[string]string{}, map[string][]string{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return out, refs
	}
	var fds []*ast.FuncDecl
	fset := token.NewFileSet()
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		if info, err := e.Info(); err != nil || info.Size() > maxTestFile {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), src, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil {
				continue
			}
			from, to := fset.Position(fd.Pos()).Offset, fset.Position(fd.End()).Offset
			// A function declared in two files (build tags), or init
			// declared many times, is all of them.
			out[fd.Name.Name] += tokens(src[from:to]) + "\n"
			fds = append(fds, fd)
		}
	}
	for _, fd := range fds {
		if fd.Body == nil {
			continue
		}
		name := fd.Name.Name
		var walk func(n ast.Node) bool
		walk = func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				// b.Run is a method, x.finish a field: not the
				// package's functions of those names.
				ast.Inspect(n.X, walk)
				return false
			case *ast.Field:
				// A struct field or parameter named finish.
				ast.Inspect(n.Type, walk)
				return false
			case *ast.Ident:
				if _, fn := out[n.Name]; fn && n.Name != name && !slices.Contains(refs[name], n.Name) {
					refs[name] = append(refs[name], n.Name)
				}
			}
			return true
		}
		ast.Inspect(fd.Body, walk)
	}
	return out, refs
}

// tokens is src's Go tokens, one per line, without its comments and
// without the semicolons a line break stands for: a declaration as
// written, whatever its layout (a body on one line or several).
func tokens(src []byte) string {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", -1, len(src)), src, nil, 0)
	var b strings.Builder
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			return b.String()
		}
		if tok == token.SEMICOLON && lit == "\n" {
			continue
		}
		b.WriteString(tok.String())
		if lit != "" {
			b.WriteString(" " + lit)
		}
		b.WriteByte('\n')
	}
}
