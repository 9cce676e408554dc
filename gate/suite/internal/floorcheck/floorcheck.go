// Package floorcheck reports uses of standard-library API that is newer than
// a module's minimum Go version.
//
// The built-in suite's go.mod says go 1.19 so that every toolchain from
// go1.19 on can build it. The compiler enforces the language half of that
// promise (it compiles with -lang=go1.19), but nothing in a new toolchain
// stops code from calling an API that go1.19 lacks. go vet's stdversion
// analyzer would, except that it deliberately stays silent for modules whose
// go line is older than go1.21, so it proves nothing here.
//
// floorcheck fills that gap without installing old toolchains. It
// type-checks every package of the module (including test files and
// vendored dependencies) against the export data of the current build, and
// looks up each standard-library object it uses in $GOROOT/api/go1.*.txt,
// the lists of API added by each release. A use is allowed when the API is
// at most the file's Go version: the module's go line, raised by a
// //go:build go1.N constraint on the file.
package floorcheck

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Finding is one use of API newer than the file's Go version.
type Finding struct {
	Pos     token.Position // where the API is used
	API     string         // e.g. "crypto/ecdh.X25519" or "time.Time.Compare"
	Since   string         // release that added it, e.g. "go1.20"
	Allowed string         // the file's Go version, e.g. "go1.19"
}

func (f Finding) String() string {
	return fmt.Sprintf("%s: %s requires %s or later (file is %s)", f.Pos, f.API, f.Since, f.Allowed)
}

// Config says how to run the go command.
type Config struct {
	Go  string   // path of the go command
	Dir string   // module root to check
	Env []string // complete environment for the go command
}

// Check type-checks the packages matching patterns (with their tests and
// all non-standard dependencies) and returns every standard-library use
// that is newer than allowed by the file it appears in. floor is the
// module's minimum version, e.g. "go1.19".
func Check(ctx context.Context, cfg Config, floor string, patterns ...string) ([]Finding, error) {
	floorMinor, ok := minor(floor)
	if !ok {
		return nil, fmt.Errorf("floorcheck: bad Go version %q, want e.g. go1.19", floor)
	}
	goroot, err := goCmd(ctx, cfg, "env", "GOROOT")
	if err != nil {
		return nil, err
	}
	api, err := LoadAPI(filepath.Join(strings.TrimSpace(string(goroot)), "api"))
	if err != nil {
		return nil, err
	}
	pkgs, err := list(ctx, cfg, patterns)
	if err != nil {
		return nil, err
	}

	exports := map[string]string{}
	for _, p := range pkgs {
		if p.ForTest == "" && p.Export != "" {
			exports[p.ImportPath] = p.Export
		}
	}
	// A package with tests is checked as its test variant, which has all
	// of its files.
	hasTestVariant := map[string]bool{}
	for _, p := range pkgs {
		if p.ForTest != "" {
			hasTestVariant[strings.Fields(p.ImportPath)[0]] = true
		}
	}

	var findings []Finding
	for _, p := range pkgs {
		switch {
		case p.Standard, p.Error != nil && p.Error.Err != "":
			if p.Error != nil && p.Error.Err != "" {
				return nil, fmt.Errorf("floorcheck: %s: %s", p.ImportPath, p.Error.Err)
			}
			continue
		case p.ForTest == "" && strings.HasSuffix(p.ImportPath, ".test"):
			continue // generated test main
		case p.ForTest == "" && hasTestVariant[p.ImportPath]:
			continue
		}
		fs, err := checkPackage(p, exports, api, floorMinor)
		if err != nil {
			return nil, err
		}
		findings = append(findings, fs...)
	}
	sort.Slice(findings, func(i, j int) bool {
		a, b := findings[i].Pos, findings[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		return a.Offset < b.Offset
	})
	return findings, nil
}

type listPackage struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	Export     string
	Standard   bool
	ForTest    string
	ImportMap  map[string]string
	Error      *struct{ Err string }
}

func list(ctx context.Context, cfg Config, patterns []string) ([]listPackage, error) {
	args := append([]string{"list", "-deps", "-test", "-export", "-e",
		"-json=ImportPath,Dir,GoFiles,Export,Standard,ForTest,ImportMap,Error"}, patterns...)
	out, err := goCmd(ctx, cfg, args...)
	if err != nil {
		return nil, err
	}
	var pkgs []listPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("floorcheck: decoding go list output: %w", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs, nil
}

func goCmd(ctx context.Context, cfg Config, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, cfg.Go, args...)
	cmd.Dir = cfg.Dir
	cmd.Env = cfg.Env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("floorcheck: go %s: %v\n%s", strings.Join(args, " "), err, tail(stderr.String(), 20))
	}
	return out, nil
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// checkPackage type-checks one package from source, importing its
// dependencies from export data, and returns its too-new API uses.
func checkPackage(p listPackage, exports map[string]string, api map[string]int, floor int) ([]Finding, error) {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range p.GoFiles {
		if !filepath.IsAbs(name) {
			name = filepath.Join(p.Dir, name)
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("floorcheck: %w", err)
		}
		files = append(files, f)
	}
	lookup := func(path string) (io.ReadCloser, error) {
		if mapped, ok := p.ImportMap[path]; ok {
			path = mapped
		}
		export, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(export)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "gc", lookup)}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	if _, err := conf.Check(strings.Fields(p.ImportPath)[0], fset, files, info); err != nil {
		return nil, fmt.Errorf("floorcheck: type-checking %s: %w", p.ImportPath, err)
	}

	// The Go version each file may use: the floor, or a newer //go:build
	// go1.N constraint.
	allowed := map[string]int{}
	for _, f := range files {
		v := floor
		if m, ok := minor(f.GoVersion); ok && m > v {
			v = m
		}
		allowed[fset.File(f.Pos()).Name()] = v
	}

	owners := fieldOwners{}
	var findings []Finding
	for id, obj := range info.Uses {
		key := apiKey(obj, owners)
		if key == "" {
			continue
		}
		since, ok := api[key]
		if !ok {
			continue
		}
		pos := fset.Position(id.Pos())
		if limit := allowed[pos.Filename]; since > limit {
			findings = append(findings, Finding{
				Pos:     pos,
				API:     key,
				Since:   "go1." + strconv.Itoa(since),
				Allowed: "go1." + strconv.Itoa(limit),
			})
		}
	}
	return findings, nil
}

// apiKey names a standard-library object the way the api files do, as
// "pkg.Name", "pkg.Type.Method" or "pkg.Type.Field". It returns "" for
// objects that are not exported standard-library API.
func apiKey(obj types.Object, owners fieldOwners) string {
	pkg := obj.Pkg()
	if pkg == nil || !obj.Exported() || !isStd(pkg.Path()) {
		return ""
	}
	switch obj := obj.(type) {
	case *types.Func:
		sig, _ := obj.Type().(*types.Signature)
		if sig != nil && sig.Recv() != nil {
			if owner := typeName(sig.Recv().Type()); owner != "" {
				return pkg.Path() + "." + owner + "." + obj.Name()
			}
			return ""
		}
	case *types.Var:
		if obj.IsField() {
			if owner := owners.owner(obj); owner != "" {
				return pkg.Path() + "." + owner + "." + obj.Name()
			}
			return ""
		}
	}
	if obj.Parent() == pkg.Scope() {
		return pkg.Path() + "." + obj.Name()
	}
	return ""
}

// typeName returns the name of the named type t or *t, without type
// arguments.
func typeName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Origin().Obj().Name()
	}
	return ""
}

// fieldOwners maps struct fields of standard-library packages to the name
// of the named struct type that declares them.
type fieldOwners map[*types.Var]string

func (o fieldOwners) owner(field *types.Var) string {
	if name, ok := o[field]; ok {
		return name
	}
	scope := field.Pkg().Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if st, ok := tn.Type().Underlying().(*types.Struct); ok {
			for i := 0; i < st.NumFields(); i++ {
				o[st.Field(i)] = tn.Name()
			}
		}
	}
	return o[field]
}

func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// minor returns N for "go1.N" or "go1.N.P".
func minor(v string) (int, bool) {
	rest, ok := strings.CutPrefix(v, "go1.")
	if !ok {
		return 0, false
	}
	end := 0
	for end < len(rest) && '0' <= rest[end] && rest[end] <= '9' {
		end++
	}
	n, err := strconv.Atoi(rest[:end])
	return n, err == nil
}

// LoadAPI reads the go1*.txt files of a Go distribution's api directory and
// returns, for every exported standard-library object, the minor version
// of the release that added it (0 for Go 1.0). Keys are as in [Finding.API].
func LoadAPI(dir string) (map[string]int, error) {
	names, err := filepath.Glob(filepath.Join(dir, "go1*.txt"))
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("floorcheck: no API lists (go1*.txt) in %s: %w (toolchains downloaded through the module proxy ship without one; use a full Go distribution)", dir, ErrNoAPI)
	}
	api := map[string]int{}
	for _, name := range names {
		base := strings.TrimSuffix(filepath.Base(name), ".txt")
		v := 0
		if base != "go1" {
			var ok bool
			if v, ok = minor(base); !ok {
				continue
			}
		}
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
		for sc.Scan() {
			if key := parseAPILine(sc.Text()); key != "" {
				if old, ok := api[key]; !ok || v < old {
					api[key] = v
				}
			}
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("floorcheck: reading %s: %w", name, err)
		}
	}
	return api, nil
}

// parseAPILine turns one line of an api file, such as
//
//	pkg crypto/ecdh, method (*PrivateKey) ECDH(*PublicKey) ([]uint8, error) #52221
//	pkg crypto/tls, type Config struct, MinVersion uint16
//	pkg io, type ReadSeekCloser interface, Close() error
//
// into a key ("crypto/ecdh.PrivateKey.ECDH", "crypto/tls.Config.MinVersion",
// "io.ReadSeekCloser.Close"), or "" if the line declares nothing usable.
func parseAPILine(line string) string {
	rest, ok := strings.CutPrefix(line, "pkg ")
	if !ok {
		return ""
	}
	pkg, decl, ok := strings.Cut(rest, ", ")
	if !ok {
		return ""
	}
	if i := strings.Index(pkg, " ("); i >= 0 {
		pkg = pkg[:i] // platform-specific: "syscall (linux-386)"
	}
	ident := func(s string) string {
		end := strings.IndexFunc(s, func(r rune) bool {
			return !(r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || r > 127)
		})
		if end < 0 {
			return s
		}
		return s[:end]
	}
	switch {
	case strings.HasPrefix(decl, "func "):
		return pkg + "." + ident(decl[len("func "):])
	case strings.HasPrefix(decl, "const "):
		return pkg + "." + ident(decl[len("const "):])
	case strings.HasPrefix(decl, "var "):
		return pkg + "." + ident(decl[len("var "):])
	case strings.HasPrefix(decl, "method ("):
		recv, m, ok := strings.Cut(decl[len("method ("):], ") ")
		if !ok {
			return ""
		}
		return pkg + "." + ident(strings.TrimPrefix(recv, "*")) + "." + ident(m)
	case strings.HasPrefix(decl, "type "):
		decl = decl[len("type "):]
		name := ident(decl)
		// "type T struct, F ..." and "type T interface, M(...)" declare a
		// member; "type T struct" and the like declare the type.
		for _, kind := range []string{" struct, ", " interface, "} {
			if member, ok := strings.CutPrefix(decl[len(name):], kind); ok {
				if strings.HasPrefix(member, "embedded ") || strings.HasPrefix(member, "unexported ") {
					return ""
				}
				return pkg + "." + name + "." + ident(member)
			}
		}
		return pkg + "." + name
	}
	return ""
}

// ErrNoAPI is returned (wrapped) by [LoadAPI] when the Go distribution has
// no api directory, as with toolchains downloaded from the module proxy.
var ErrNoAPI = errors.New("no api directory")
