package plan

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestBenchRegexWithGoTest checks BenchRegex against the testing package
// itself: every named benchmark, whatever its depth, must report a result
// when go test runs with the expression.
func TestBenchRegexWithGoTest(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/depth\n\ngo 1.21\n")
	write("depth_test.go", `package depth

import "testing"

func BenchmarkLeaf(b *testing.B) {
	for i := 0; i < b.N; i++ {
	}
}

func BenchmarkTwo(b *testing.B) {
	for _, alg := range []string{"RS256", "HS256"} {
		b.Run("alg="+alg, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
			}
		})
	}
}

func BenchmarkThree(b *testing.B) {
	for _, alg := range []string{"RS256", "HS256"} {
		b.Run("alg="+alg, func(b *testing.B) {
			for _, op := range []string{"sign", "verify"} {
				b.Run("op="+op, func(b *testing.B) {
					for i := 0; i < b.N; i++ {
					}
				})
			}
		})
	}
}
`)
	for _, names := range [][]string{
		{"Three/alg=RS256/op=verify-2", "Two/alg=RS256-2"},
		{"Three/alg=HS256/op=sign-2", "Leaf-2"},
		{"Three/alg=RS256/op=sign-2", "Three/alg=HS256/op=verify-2"},
	} {
		expr := BenchRegex(names)
		cmd := exec.Command("go", "test", "-run", "^$", "-bench", expr, "-benchtime", "1x", "-cpu", "2", ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=", "GOTOOLCHAIN=local")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go test -bench %s: %v\n%s", expr, err, out)
		}
		reported := map[string]bool{}
		for _, m := range regexp.MustCompile(`(?m)^Benchmark(\S+)\s+\d+`).FindAllStringSubmatch(string(out), -1) {
			reported[m[1]] = true
		}
		var got []string
		for name := range reported {
			got = append(got, name)
		}
		sort.Strings(got)
		for _, name := range names {
			if !reported[name] {
				t.Errorf("-bench %s: %s reported no result; reported: %s", expr, name, strings.Join(got, " "))
			}
		}
	}
}
