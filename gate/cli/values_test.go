package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// mainOut runs Main with args and returns its exit code and what it
// printed on standard error.
func mainOut(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := Main(context.Background(), args, &stdout, &stderr, func(string) string { return "" })
	return code, stderr.String()
}

// files writes base.txt and head.txt: A 2x slower on head, B 2x faster.
func files(t *testing.T) (string, string) {
	t.Helper()
	dir := t.TempDir()
	var base, head strings.Builder
	for i := range 10 {
		d := i % 3
		base.WriteString("BenchmarkA-2 1000 " + strconv.Itoa(100+d) + " ns/op\nBenchmarkB-2 1000 " + strconv.Itoa(200+d) + " ns/op\n")
		head.WriteString("BenchmarkA-2 1000 " + strconv.Itoa(200+d) + " ns/op\nBenchmarkB-2 1000 " + strconv.Itoa(100+d) + " ns/op\n")
	}
	b, h := filepath.Join(dir, "base.txt"), filepath.Join(dir, "head.txt")
	if err := os.WriteFile(b, []byte(base.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(h, []byte(head.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return b, h
}

// TestIgnoreRefusesNonFileKeys: -ignore takes file-level keys only.
// -ignore .name merged every benchmark into one row "*", averaging A's
// regression with B's improvement into a pass; -ignore .unit failed with
// the projection parser's message and no hint.
func TestIgnoreRefusesNonFileKeys(t *testing.T) {
	base, head := files(t)
	if code, stderr := mainOut(t, "compare", base, head); code != 1 {
		t.Fatalf("without -ignore: exit %d, want 1 (A regressed)\n%s", code, stderr)
	}
	for key, want := range map[string]string{
		".name":       `invalid -ignore ".name": .name is the benchmark's name`,
		".unit":       `invalid -ignore ".unit": .unit is the unit of a value`,
		"/gomaxprocs": `invalid -ignore "/gomaxprocs"`,
		"cpu,.config": `invalid -ignore ".config"`,
		"CPU":         `invalid -ignore "CPU"`,
	} {
		for _, cmd := range []string{"compare", "run"} {
			args := []string{cmd, "-ignore", key, base, head}
			if cmd == "run" {
				args = []string{cmd, "-ignore", key, "./..."}
			}
			code, stderr := mainOut(t, args...)
			if code != 2 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "\nhint: -ignore takes file-level configuration keys") {
				t.Errorf("%s -ignore %s: exit %d\n%s\nwant exit 2, %q and a hint", cmd, key, code, stderr, want)
			}
			if strings.Contains(stderr, "^") {
				t.Errorf("%s -ignore %s: a parser's caret diagram:\n%s", cmd, key, stderr)
			}
		}
	}
	if code, stderr := mainOut(t, "compare", "-ignore", "cpu,goos", base, head); code != 1 {
		t.Errorf("-ignore cpu,goos: exit %d, want 1\n%s", code, stderr)
	}
}

// TestThresholdsUnitTwice: a unit given twice in -thresholds, also under
// another name of it (ns/op is sec/op), is refused: the last one won
// without a word.
func TestThresholdsUnitTwice(t *testing.T) {
	base, head := files(t)
	for list, want := range map[string]string{
		"sec/op=5%,sec/op=500%":            `invalid -thresholds "sec/op=5%,sec/op=500%": sec/op is given twice`,
		"ns/op=5%,sec/op=10%":              `sec/op is given twice, as ns/op and as sec/op`,
		"allocs/op=0%,time/op=1%,ns/op=2%": `sec/op is given twice, as time/op and as ns/op`,
	} {
		code, stderr := mainOut(t, "compare", "-thresholds", list, base, head)
		if code != 2 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "hint: give each unit one threshold") {
			t.Errorf("-thresholds %s: exit %d\n%s\nwant exit 2, %q and a hint", list, code, stderr, want)
		}
	}
	if code, stderr := mainOut(t, "compare", "-thresholds", "sec/op=5%,allocs/op=0%", base, head); code != 1 {
		t.Errorf("-thresholds sec/op=5%%,allocs/op=0%%: exit %d, want 1\n%s", code, stderr)
	}
}

// TestRunValues: values that are not a number of rounds, a duration or a
// size a run can live with are refused before anything is built, with
// what was wrong and a hint; -rounds -3 is invalid, not "too few".
func TestRunValues(t *testing.T) {
	for _, c := range []struct {
		args       []string
		want, hint string
	}{
		{[]string{"-rounds", "-3"}, "invalid -rounds -3: a number of rounds cannot be negative", "hint: give a number of rounds, e.g. -rounds 32 (the default)"},
		{[]string{"-measure", "instructions", "-rounds", "-1"}, "invalid -rounds -1", "e.g. -rounds 3 (the default)"},
		{[]string{"-max-rounds", "-1"}, "invalid -max-rounds -1: a number of rounds cannot be negative", "hint: give at least -rounds (32)"},
		{[]string{"-time-budget", "-1s"}, "invalid -time-budget -1s: a budget is a positive duration of wall time (builds included), or 0 for none", "hint: give a duration such as -time-budget 10m, or 0 (the default) for no budget"},
		{[]string{"-max-output", "10"}, "invalid -max-output 10: below 1MiB, the least a run needs: -max-output bounds what one process may print before it is killed", "hint: give 1MiB or more, or leave -max-output out (64MiB by default)"},
		{[]string{"-max-output", "1023KiB"}, "invalid -max-output 1023KiB: below 1MiB", "hint: give 1MiB or more"},
	} {
		code, stderr := mainOut(t, append(append([]string{"run"}, c.args...), "./...")...)
		if code != 2 || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, c.hint) {
			t.Errorf("run %s: exit %d\n%s\nwant exit 2, %q and %q", strings.Join(c.args, " "), code, stderr, c.want, c.hint)
		}
	}
	// bisect takes -rounds too.
	code, stderr := mainOut(t, "bisect", "-good", "HEAD~1", "-bad", "HEAD", "-rounds", "-2", "./...")
	if code != 2 || !strings.Contains(stderr, "invalid -rounds -2: a number of rounds cannot be negative") {
		t.Errorf("bisect -rounds -2: exit %d\n%s", code, stderr)
	}
}

// TestCompareInconclusiveWording: compare has no -rounds, so its warning
// about comparisons left undecided says what gives more samples. X has
// one sample per side, Y six (decided, so the gate is not refused as
// undecidable).
func TestCompareInconclusiveWording(t *testing.T) {
	dir := t.TempDir()
	b, h := filepath.Join(dir, "b.txt"), filepath.Join(dir, "h.txt")
	y := "BenchmarkY-2 1000 100 ns/op\nBenchmarkY-2 1000 101 ns/op\nBenchmarkY-2 1000 99 ns/op\n" +
		"BenchmarkY-2 1000 100 ns/op\nBenchmarkY-2 1000 102 ns/op\nBenchmarkY-2 1000 98 ns/op\n"
	for f, ns := range map[string]string{b: "100", h: "200"} {
		if err := os.WriteFile(f, []byte("BenchmarkX-2 1000 "+ns+" ns/op\n"+y), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, stderr := mainOut(t, "compare", b, h)
	if code != 0 {
		t.Fatalf("exit %d, want 0\n%s", code, stderr)
	}
	if strings.Contains(stderr, "More -rounds settle") || !strings.Contains(stderr, "More samples per side settle the undecided ones (more -rounds where benchgate run measured them, or a higher go test -count)") {
		t.Errorf("warning:\n%s", stderr)
	}
}
