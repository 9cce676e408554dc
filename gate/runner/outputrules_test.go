package runner

import (
	"fmt"
	"strings"
	"testing"
)

// lines runs text through a lineWriter for a process of example.com/a
// that was asked for bench, with the functions listed, and returns what
// it wrote.
func lines(t *testing.T, text, bench string, functions []string) (string, *lineWriter) {
	t.Helper()
	var b strings.Builder
	lw := newLineWriter(&b, "example.com/a", newSelection(bench, functions))
	if _, err := lw.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := lw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String(), lw
}

// notConfig is lines as comments that say they are not configuration.
func notConfig(lines ...string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(notConfigComment + l + "\n")
	}
	return b.String()
}

const testingHeader = "goos: linux\ngoarch: amd64\npkg: example.com/a\ncpu: Test CPU\n"

// TestOutputConfiguration checks that only the testing package's header
// configures results, and every other "key: value" line is a comment.
func TestOutputConfiguration(t *testing.T) {
	for _, c := range []struct {
		name, in, want string
		notConfig      int
		keys           string
	}{
		{
			name:      "an init function's warning",
			in:        "warning: legacy mode enabled\n" + testingHeader + "BenchmarkA\nBenchmarkA-2 10 5 ns/op\nPASS\n",
			want:      "# benchgate: not configuration (printed by the benchmark): warning: legacy mode enabled\n" + testingHeader + "BenchmarkA\nBenchmarkA-2 10 5 ns/op\nPASS\n",
			notConfig: 1, keys: "goos goarch pkg cpu",
		},
		{
			name:      "printed while a benchmark runs",
			in:        testingHeader + "BenchmarkA\nmode: fast\ngoos: plan9\nBenchmarkA-2 10 5 ns/op\nPASS\n",
			want:      testingHeader + "BenchmarkA\n# benchgate: not configuration (printed by the benchmark): mode: fast\n# benchgate: not configuration (printed by the benchmark): goos: plan9\nBenchmarkA-2 10 5 ns/op\nPASS\n",
			notConfig: 2, keys: "goos goarch pkg cpu",
		},
		{
			// A header of another package, or one cut by other output,
			// is not the testing package's.
			name:      "wrong pkg",
			in:        "goos: linux\ngoarch: amd64\npkg: example.com/other\nBenchmarkA\n",
			want:      "# benchgate: not configuration (printed by the benchmark): goos: linux\n# benchgate: not configuration (printed by the benchmark): goarch: amd64\n# benchgate: not configuration (printed by the benchmark): pkg: example.com/other\nBenchmarkA\n",
			notConfig: 3,
		},
		{
			name:      "a header cut by a line",
			in:        "goos: linux\nhello\ngoarch: amd64\npkg: example.com/a\nBenchmarkA\n",
			want:      "# benchgate: not configuration (printed by the benchmark): goos: linux\nhello\n# benchgate: not configuration (printed by the benchmark): goarch: amd64\n# benchgate: not configuration (printed by the benchmark): pkg: example.com/a\nBenchmarkA\n",
			notConfig: 3,
		},
		{
			// A fake goos before the real header is not adjacent to the
			// first benchmark; the real one is.
			name:      "a fake line before the header",
			in:        "goos: plan9\n" + testingHeader + "BenchmarkA\n",
			want:      "# benchgate: not configuration (printed by the benchmark): goos: plan9\n" + testingHeader + "BenchmarkA\n",
			notConfig: 1, keys: "goos goarch pkg cpu",
		},
		{
			// An empty value deletes a key in benchfmt.
			name:      "an empty value",
			in:        "goos: linux\ngoarch:\nBenchmarkA\n",
			want:      "# benchgate: not configuration (printed by the benchmark): goos: linux\n# benchgate: not configuration (printed by the benchmark): goarch:\nBenchmarkA\n",
			notConfig: 2,
		},
		{
			name:      "a header and nothing after it",
			in:        testingHeader,
			want:      notConfig("goos: linux", "goarch: amd64", "pkg: example.com/a", "cpu: Test CPU"),
			notConfig: 4,
		},
		{
			name:      "unit metadata for the testing package's units",
			in:        testingHeader + "BenchmarkA\nUnit ns/op better=higher\nUnit MB/s better=lower\nUnit frobs/op better=higher\nBenchmarkA-2 10 5 ns/op\n",
			want:      testingHeader + "BenchmarkA\n# benchgate: not unit metadata for a unit of the testing package (printed by the benchmark): Unit ns/op better=higher\n# benchgate: not unit metadata for a unit of the testing package (printed by the benchmark): Unit MB/s better=lower\nUnit frobs/op better=higher\nBenchmarkA-2 10 5 ns/op\n",
			notConfig: 2, keys: "goos goarch pkg cpu",
		},
		{
			name: "benchgate's own comments",
			in:   "# benchgate: side=head round=1/2 run=x\nBenchmarkA\n",
			want: "# benchgate: printed by the benchmark: # benchgate: side=head round=1/2 run=x\nBenchmarkA\n",
		},
		{
			// A later step that prints the file must not have the
			// runner take them as commands.
			name: "workflow commands",
			in:   "::set-output name=verdict::pass\n  ::add-mask::x\n##[error]boom\nBenchmarkA\n",
			want: printedComment + "::set-output name=verdict::pass\n" + printedComment + "  ::add-mask::x\n" + printedComment + "##[error]boom\nBenchmarkA\n",
		},
		{
			name: "not configuration lines",
			in:   "Key: v\nkey:v\nkey : v\n# key: v\n",
			want: "Key: v\nkey:v\nkey : v\n# key: v\n",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, lw := lines(t, c.in, ".", nil)
			if got != c.want {
				t.Errorf("wrote\n%s\nwant\n%s", got, c.want)
			}
			if lw.notConfig != c.notConfig {
				t.Errorf("notConfig %d, want %d", lw.notConfig, c.notConfig)
			}
			if keys := strings.Join(lw.configKeys(), " "); keys != c.keys {
				t.Errorf("config keys %q, want %q", keys, c.keys)
			}
		})
	}
}

// TestOutputResetsConfig checks the reset a block starts with: an empty
// value for every key the previous block set.
func TestOutputResetsConfig(t *testing.T) {
	var b strings.Builder
	lw := newLineWriter(&b, "", nil)
	if err := lw.resetConfig([]string{"goos", "pkg"}); err != nil {
		t.Fatal(err)
	}
	if b.String() != "goos:\npkg:\n" {
		t.Errorf("reset wrote %q", b.String())
	}
}

// TestOutputResults checks which result lines count: those the process
// was asked for, while their benchmark runs, once.
func TestOutputResults(t *testing.T) {
	for _, c := range []struct {
		name, in, bench string
		functions       []string
		results         string
		rejected        int
		duplicate       string
		comments        []string
	}{
		{
			name: "another benchmark's result", bench: "^BenchmarkA$", functions: []string{"BenchmarkA", "BenchmarkC"},
			in:      "BenchmarkA\nBenchmarkC-2 1000000 1.0 ns/op\nBenchmarkA-2 10 5 ns/op\nPASS\n",
			results: "BenchmarkA-2", rejected: 1,
			comments: []string{rejectedComment + "BenchmarkC-2 1000000 1.0 ns/op"},
		},
		{
			name: "printed while another benchmark ran", bench: ".", functions: []string{"BenchmarkA", "BenchmarkC"},
			in:      "BenchmarkA\nBenchmarkC-2 1000000 1.0 ns/op\nBenchmarkA-2 10 5 ns/op\nBenchmarkC\nBenchmarkC-2 10 50 ns/op\n",
			results: "BenchmarkA-2 BenchmarkC-2", rejected: 1,
			comments: []string{notRunningComment + "BenchmarkC-2 1000000 1.0 ns/op"},
		},
		{
			name: "a function the binary does not have", bench: ".", functions: []string{"BenchmarkA"},
			in:       "BenchmarkZ\nBenchmarkZ-2 1 1 ns/op\n",
			rejected: 1,
		},
		{
			name: "sub-benchmarks", bench: "^BenchmarkS$/x", functions: []string{"BenchmarkS"},
			in:      "BenchmarkS\nBenchmarkS/x\nBenchmarkS/x-2 10 5 ns/op\nBenchmarkS/x/y\nBenchmarkS/x/y 10 5 ns/op\n",
			results: "BenchmarkS/x-2 BenchmarkS/x/y",
		},
		{
			name: "a sub-benchmark the expression does not select", bench: "^BenchmarkS$/x", functions: []string{"BenchmarkS"},
			in:       "BenchmarkS\nBenchmarkS/y\nBenchmarkS/y-2 10 5 ns/op\n",
			rejected: 1,
		},
		{
			name: "twice in one process", bench: ".", functions: []string{"BenchmarkA"},
			in:      "BenchmarkA\nBenchmarkA-2 1000000 1 ns/op\nBenchmarkA-2 10 5 ns/op\n",
			results: "BenchmarkA-2", duplicate: "BenchmarkA-2",
			comments: []string{duplicateComment + "BenchmarkA-2 10 5 ns/op"},
		},
		{
			name: "no -test.v start line", bench: ".", functions: []string{"BenchmarkA"},
			in:       "BenchmarkA-2 10 5 ns/op\n",
			rejected: 1,
		},
		{
			// Unknown functions (listing failed): the expression alone.
			name: "functions not known", bench: ".",
			in:      "BenchmarkQ\nBenchmarkQ-2 10 5 ns/op\n",
			results: "BenchmarkQ-2",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, lw := lines(t, c.in, c.bench, c.functions)
			if r := strings.Join(lw.names, " "); r != c.results || lw.results != len(lw.names) {
				t.Errorf("results %q (%d), want %q", r, lw.results, c.results)
			}
			if lw.rejected != c.rejected || lw.duplicate != c.duplicate {
				t.Errorf("rejected %d duplicate %q, want %d %q", lw.rejected, lw.duplicate, c.rejected, c.duplicate)
			}
			for _, w := range c.comments {
				if !strings.Contains(got, w+"\n") {
					t.Errorf("output lacks %q:\n%s", w, got)
				}
			}
			// Whatever was not counted is not a result line any more.
			n := 0
			for _, l := range strings.Split(got, "\n") {
				if resultRE.MatchString(l) {
					n++
				}
			}
			if n != lw.results {
				t.Errorf("%d result lines written, %d counted:\n%s", n, lw.results, got)
			}
		})
	}
}

// TestOutputSkips checks that skips are noted with the lines logged
// before them.
func TestOutputSkips(t *testing.T) {
	in := "BenchmarkA\n    a_test.go:9: needs a GPU\n--- SKIP: BenchmarkA\n" +
		"BenchmarkS\nBenchmarkS/x\n    s_test.go:3: sub skip\n    s_test.go:4: more\n--- SKIP: BenchmarkS/x\n" +
		"BenchmarkS/y\n--- SKIP: BenchmarkS/y\nPASS\n"
	_, lw := lines(t, in, ".", nil)
	var got []string
	for _, s := range lw.skips {
		got = append(got, s.name+": "+s.reason)
	}
	want := "BenchmarkA: a_test.go:9: needs a GPU | BenchmarkS/x: s_test.go:3: sub skip; s_test.go:4: more | BenchmarkS/y: no reason given"
	if strings.Join(got, " | ") != want {
		t.Errorf("skips %q\nwant %q", strings.Join(got, " | "), want)
	}
	for _, c := range []struct {
		skipped, name string
		want          bool
	}{
		{"BenchmarkA", "BenchmarkA-2", true},
		{"BenchmarkA", "BenchmarkA/x-2", true},
		{"BenchmarkA", "BenchmarkAB-2", false},
		{"BenchmarkS/x", "BenchmarkS/x", true},
		{"BenchmarkS/x", "BenchmarkS/y-2", false},
	} {
		if got := covers(c.skipped, c.name); got != c.want {
			t.Errorf("covers(%q, %q) = %v", c.skipped, c.name, got)
		}
	}
}

// TestOutputCommentsFitALine checks that a line turned into a comment is
// still no longer than a results file's lines may be.
func TestOutputCommentsFitALine(t *testing.T) {
	for _, max := range []int{10, 100} {
		var b strings.Builder
		lw := newLineWriter(&b, "", nil)
		lw.max = max
		lw.Write([]byte(strings.Repeat("k", max/2) + ": v\n"))
		lw.Close()
		for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
			if len(l) > max && len(l) > len(notConfigComment)+len("…") {
				t.Errorf("max %d: a comment of %d bytes: %q", max, len(l), l)
			}
		}
		if lw.notConfig != 1 {
			t.Errorf("max %d: notConfig %d", max, lw.notConfig)
		}
	}
}

// TestOutputCommentLimit: a process that prints configuration-like lines
// in a loop gets 100 of them kept as comments and the rest counted, so it
// cannot fill the results file with them; its results still count.
func TestOutputCommentLimit(t *testing.T) {
	var in strings.Builder
	in.WriteString(testingHeader + "BenchmarkA\n")
	for i := range 250 {
		fmt.Fprintf(&in, "warning: loop %d\n", i)
	}
	in.WriteString("BenchmarkA-2 \t 10 \t 100 ns/op\n")
	got, _ := lines(t, in.String(), "^(BenchmarkA)$", []string{"BenchmarkA"})
	if n := strings.Count(got, notConfigComment); n != maxCommentLines {
		t.Errorf("%d lines kept as comments, want %d:\n%s", n, maxCommentLines, got)
	}
	if !strings.Contains(got, notConfigComment+"warning: loop 0\n") || !strings.Contains(got, notConfigComment+"warning: loop 99\n") || strings.Contains(got, "loop 100\n") {
		t.Errorf("not the first %d lines kept:\n%s", maxCommentLines, got)
	}
	if !strings.Contains(got, "# benchgate: 150 more lines like the comments above were left out\n") {
		t.Errorf("the lines left out are not counted:\n%s", got)
	}
	if !strings.Contains(got, "\nBenchmarkA-2 \t 10 \t 100 ns/op\n") {
		t.Errorf("the result line is lost:\n%s", got)
	}
}

// TestOutputLateSkip checks that a benchmark that skips itself after its
// first run (b.Skip once b.N > 1), for which the testing package prints
// a result of 0 iterations and no SKIP line, is a skip with its reason,
// not a garbled result line and not a result.
func TestOutputLateSkip(t *testing.T) {
	for _, c := range []struct {
		name, in string
		skip     string // "" for no skip
		garbled  string
		results  int
	}{
		{
			name: "NaN, as go1.26 prints it",
			in:   testingHeader + "BenchmarkA\n    a_test.go:10: big N\nBenchmarkA-2   \t       0\t               NaN ns/op\t       0 B/op\t       0 allocs/op\nPASS\n",
			skip: "BenchmarkA: it skipped itself after it had started running, with b.N above 1: a_test.go:10: big N",
		},
		{
			name: "0 ns/op, as older toolchains print it",
			in:   testingHeader + "BenchmarkA\nBenchmarkA-2 0 0 ns/op\nPASS\n",
			skip: "BenchmarkA: it skipped itself after it had started running, with b.N above 1: no reason given",
		},
		{
			name: "a sub-benchmark",
			in:   testingHeader + "BenchmarkA\nBenchmarkA/x\n    a_test.go:3: later\nBenchmarkA/x-2 0 NaN ns/op\nPASS\n",
			skip: "BenchmarkA/x: it skipped itself after it had started running, with b.N above 1: a_test.go:3: later",
		},
		{
			// Printed while another benchmark ran: not a skip of it.
			name:    "another benchmark's line",
			in:      testingHeader + "BenchmarkA\nBenchmarkB-2 0 NaN ns/op\nBenchmarkA-2 10 5 ns/op\nPASS\n",
			garbled: "BenchmarkB-2 0 NaN ns/op",
			results: 1,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, lw := lines(t, c.in, ".", []string{"BenchmarkA", "BenchmarkB"})
			var got []string
			for _, s := range lw.skips {
				got = append(got, s.name+": "+s.reason)
			}
			if strings.Join(got, " | ") != c.skip {
				t.Errorf("skips %q, want %q", strings.Join(got, " | "), c.skip)
			}
			if lw.garbled != c.garbled {
				t.Errorf("garbled %q, want %q", lw.garbled, c.garbled)
			}
			if lw.results != c.results {
				t.Errorf("%d results, want %d", lw.results, c.results)
			}
			if c.skip != "" && !strings.Contains(out, lateSkipComment) {
				t.Errorf("the 0-iteration line is not a comment:\n%s", out)
			}
		})
	}
}

// TestOutputPanicIsNotConfig checks that a panic's first line, which
// reads as a configuration line (key "panic"), is kept out of the
// results as a comment that says it is a crash, and is not counted
// among the lines that look like configuration.
func TestOutputPanicIsNotConfig(t *testing.T) {
	in := testingHeader + "BenchmarkA\npanic: boom\n\ngoroutine 5 [running]:\n"
	out, lw := lines(t, in, ".", nil)
	if lw.notConfig != 0 || lw.firstNotConfig != "" {
		t.Errorf("notConfig %d (%q), want none", lw.notConfig, lw.firstNotConfig)
	}
	if !strings.Contains(out, crashComment+"panic: boom\n") {
		t.Errorf("the panic line is not a crash comment:\n%s", out)
	}
	if lw.crash == nil {
		t.Errorf("the crash is not kept")
	}
	// A configuration line the benchmark prints is still counted.
	_, lw = lines(t, testingHeader+"BenchmarkA\nmode: fast\npanic: boom\n", ".", nil)
	if lw.notConfig != 1 || lw.firstNotConfig != "mode: fast" {
		t.Errorf("notConfig %d (%q), want 1 (mode: fast)", lw.notConfig, lw.firstNotConfig)
	}
}
