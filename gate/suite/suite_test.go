package suite

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/benchgate/benchgate/gate/suite/internal/archive"
	"github.com/benchgate/benchgate/gate/suite/internal/floorcheck"
)

// benchmarksDir is the suite's source, relative to this package.
const benchmarksDir = "../../benchmarks"

// TestArchiveUpToDate fails when suite.zip no longer matches benchmarks/,
// which happens when someone edits the suite and forgets go generate.
func TestArchiveUpToDate(t *testing.T) {
	onDisk, err := archive.Collect(benchmarksDir)
	if err != nil {
		t.Fatal(err)
	}
	embedded, err := archive.Read(suiteZip)
	if err != nil {
		t.Fatalf("reading embedded suite.zip: %v", err)
	}
	want := map[string][]byte{}
	for _, f := range onDisk {
		want[f.Name] = f.Data
	}
	got := map[string][]byte{}
	for _, f := range embedded {
		got[f.Name] = f.Data
	}
	var diffs []string
	for name, data := range want {
		if g, ok := got[name]; !ok {
			diffs = append(diffs, "missing from the archive: "+name)
		} else if !bytes.Equal(g, data) {
			diffs = append(diffs, "differs from benchmarks/: "+name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			diffs = append(diffs, "in the archive but not in benchmarks/: "+name)
		}
	}
	if len(diffs) > 0 {
		sort.Strings(diffs)
		t.Fatalf("gate/suite/suite.zip is out of date with benchmarks/:\n\t%s\nhint: run go generate ./gate/suite and commit suite.zip",
			strings.Join(diffs, "\n\t"))
	}

	for _, name := range []string{"go.mod", "go.sum", "vendor/modules.txt", "testdata/rsa-2048.pem", "primitives/rsa_test.go"} {
		if _, ok := got[name]; !ok {
			t.Errorf("archive lacks %s", name)
		}
	}

	// The generator's output depends only on the files.
	var a, b bytes.Buffer
	if err := archive.Write(&a, onDisk); err != nil {
		t.Fatal(err)
	}
	reversed := append([]archive.File(nil), onDisk...)
	sort.Slice(reversed, func(i, j int) bool { return reversed[i].Name > reversed[j].Name })
	if err := archive.Write(&b, reversed); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("archive.Write is not deterministic: input order changed the bytes")
	}
}

// TestGoModFloor guards the promise that every toolchain from go1.19 on can
// build the suite: go ≤1.20 rejects a three-part go line and a toolchain
// line.
func TestGoModFloor(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(benchmarksDir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	var goLines []string
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "toolchain") {
			t.Errorf("benchmarks/go.mod has %q; go1.19 and go1.20 reject toolchain lines", line)
		}
		if strings.HasPrefix(line, "go ") {
			goLines = append(goLines, line)
		}
	}
	if len(goLines) != 1 || goLines[0] != "go 1.19" {
		t.Errorf("benchmarks/go.mod go lines = %q, want exactly [go 1.19]", goLines)
	}
}

func TestUnpack(t *testing.T) {
	files, err := archive.Read(suiteZip)
	if err != nil {
		t.Fatal(err)
	}

	// A directory that does not exist yet is created, parents included.
	dir := filepath.Join(t.TempDir(), "a", "suite")
	if err := Unpack(dir); err != nil {
		t.Fatalf("Unpack into a new directory: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Name)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, f.Data) {
			t.Errorf("unpacked %s differs from the archive", f.Name)
		}
	}

	// A second Unpack into the same, now non-empty directory must refuse
	// rather than mix two suites.
	if err := Unpack(dir); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("Unpack into a non-empty directory: err = %v, want a 'not empty' error", err)
	}

	// An existing empty directory is fine.
	empty := t.TempDir()
	if err := Unpack(empty); err != nil {
		t.Errorf("Unpack into an empty directory: %v", err)
	}

	// A path that is a file is an error.
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Unpack(file); err == nil {
		t.Error("Unpack onto a regular file succeeded")
	}
}

// TestSuiteBuildsOffline is the end-to-end check of what a `go install`ed
// benchgate does: unpack the embedded suite into a directory outside this
// repository, then vet it, run its tests, check its API floor and run
// every benchmark once with the network and the module cache out of reach
// (GOPROXY=off, GOFLAGS=-mod=vendor).
func TestSuiteBuildsOffline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the whole suite (about a minute); skipped in -short mode")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("this test needs the go command in PATH: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()

	dir := filepath.Join(t.TempDir(), "suite")
	if err := Unpack(dir); err != nil {
		t.Fatal(err)
	}
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if rel, err := filepath.Rel(repo, dir); err == nil && !strings.HasPrefix(rel, "..") {
		t.Fatalf("temporary directory %s is inside the repository %s; the test would not prove the suite is self-contained", dir, repo)
	}
	env := floorcheck.OfflineEnv(os.Environ())
	run := func(t *testing.T, args ...string) []byte {
		t.Helper()
		cmd := exec.CommandContext(ctx, goCmd, args...)
		cmd.Dir = dir
		cmd.Env = env
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("go %s in the unpacked suite: %v\n%s\n%s", strings.Join(args, " "), err, lastLines(stdout.String(), 30), lastLines(stderr.String(), 30))
		}
		return stdout.Bytes()
	}

	t.Run("vet", func(t *testing.T) {
		run(t, "vet", "./...")
	})

	t.Run("test", func(t *testing.T) {
		// The suite's own tests: its fixtures, and benchloop's warm-up
		// and ramp run through testing.Benchmark.
		run(t, "test", "./...")
	})

	t.Run("floor", func(t *testing.T) {
		// go vet's stdversion check is silent for modules older than
		// go1.21, so the API floor is checked here instead.
		floor := "go" + strings.TrimSpace(string(run(t, "list", "-m", "-f", "{{.GoVersion}}")))
		if floor != "go1.19" {
			t.Errorf("unpacked suite's go version is %s, want go1.19", floor)
		}
		findings, err := floorcheck.Check(ctx, floorcheck.Config{Go: goCmd, Dir: dir, Env: env}, floor, "./...")
		if errors.Is(err, floorcheck.ErrNoAPI) {
			t.Skip(err)
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range findings {
			t.Errorf("%s\nhint: put the code in a file with a //go:build %s constraint", f, f.Since)
		}
	})

	t.Run("bench", func(t *testing.T) {
		out := run(t, "test", "-run", "^$", "-bench", ".", "-benchtime", "1x", "./...")
		results := parseResults(t, out)
		if len(results) < 50 {
			t.Fatalf("only %d benchmark results; the suite has about 90", len(results))
		}
		checkNames(t, results)

		// DefaultPackages must be exactly the packages that have benchmarks.
		var pkgs []string
		seen := map[string]bool{}
		for _, r := range results {
			if p := r.GetConfig("pkg"); !seen[p] {
				seen[p] = true
				pkgs = append(pkgs, "./"+strings.TrimPrefix(strings.TrimPrefix(p, "github.com/benchgate/benchgate/benchmarks"), "/"))
			}
		}
		sort.Strings(pkgs)
		want := append([]string(nil), DefaultPackages...)
		sort.Strings(want)
		if !reflect.DeepEqual(pkgs, want) {
			t.Errorf("packages with benchmarks = %q, DefaultPackages = %q", pkgs, want)
		}

		names := map[string]bool{}
		for _, r := range results {
			names[baseName(r)] = true
		}
		for _, n := range []string{
			"RSA/bits=2048/scheme=PKCS1v15/op=verify",
			"RSA/bits=4096/scheme=OAEP/op=decrypt",
			"RSAParallel/bits=4096/scheme=PKCS1v15/op=sign",
			"ECDH/curve=X25519/op=exchange",
			"JWT/alg=EdDSA/op=roundtrip",
			"JWTMiddleware/alg=RS256",
			"TLSHandshake/kex=RSA/cert=RSA-2048/version=1.2",
			"TLSThroughput/version=1.3/size=16KiB",
		} {
			if !names[n] {
				t.Errorf("benchmark %s did not run", n)
			}
		}
	})

	t.Run("quick", func(t *testing.T) {
		args := append([]string{"test", "-run", "^$", "-bench", QuickBench, "-benchtime", "1x"}, DefaultPackages...)
		var got []string
		for _, r := range parseResults(t, run(t, args...)) {
			got = append(got, baseName(r))
		}
		sort.Strings(got)
		want := quickNames()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("QuickBench selected\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
		}
	})
}

// quickNames is the documented content of QuickBench, sorted.
func quickNames() []string {
	names := []string{
		"ECDSA/curve=P256/op=sign",
		"ECDSA/curve=P256/op=verify",
		"HMAC/hash=SHA256/size=1KiB",
		"JWTMiddleware/alg=HS256",
		"JWTMiddleware/alg=RS256",
		"TLSHandshake/kex=RSA/cert=RSA-2048/version=1.2",
		"TLSHandshake/kex=X25519/cert=ECDSA-P256/version=1.3",
		"TLSThroughput/version=1.3/size=16KiB",
	}
	for _, bits := range []string{"2048", "4096"} {
		for _, op := range []string{"sign", "verify"} {
			names = append(names, fmt.Sprintf("RSA/bits=%s/scheme=PKCS1v15/op=%s", bits, op))
		}
	}
	sort.Strings(names)
	return names
}

// parseResults reads benchmark results with benchfmt, failing on any
// syntax error.
func parseResults(t *testing.T, out []byte) []*benchfmt.Result {
	t.Helper()
	r := benchfmt.NewReader(bytes.NewReader(out), "go test output")
	var results []*benchfmt.Result
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.Result:
			results = append(results, rec.Clone())
		case *benchfmt.SyntaxError:
			t.Errorf("benchfmt: %v", rec)
		}
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return results
}

// checkNames requires every sub-benchmark part to be key=value, and every
// benchmark function to use the same keys in the same order, so that
// benchproc can project on them.
func checkNames(t *testing.T, results []*benchfmt.Result) {
	t.Helper()
	keys := map[string]string{}
	for _, r := range results {
		base, parts := r.Name.Parts()
		var ks []string
		for _, p := range parts {
			if p[0] == '-' {
				continue // GOMAXPROCS suffix
			}
			k, v, ok := strings.Cut(string(p[1:]), "=")
			if !ok || k == "" || v == "" || strings.Contains(v, "=") {
				t.Errorf("%s: part %q is not key=value", r.Name.Full(), p[1:])
			}
			ks = append(ks, k)
		}
		if len(ks) == 0 {
			t.Errorf("%s has no key=value parts", r.Name.Full())
		}
		k := strings.Join(ks, "/")
		if prev, ok := keys[string(base)]; ok && prev != k {
			t.Errorf("%s uses keys %s, but other %s benchmarks use %s", r.Name.Full(), k, base, prev)
		}
		keys[string(base)] = k
	}
}

// baseName is the benchmark name without the GOMAXPROCS suffix.
func baseName(r *benchfmt.Result) string {
	base, parts := r.Name.Parts()
	var b strings.Builder
	b.Write(base)
	for _, p := range parts {
		if p[0] != '-' {
			b.Write(p)
		}
	}
	return b.String()
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
