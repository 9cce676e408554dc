package compare

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

// dump renders everything in res, NaNs and all, for comparing results.
func dump(res *Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "confidence %v alpha %v\nfiles %q\nresults %v\nsyntax %q\nnotes %q\n",
		res.Confidence, res.Alpha, res.Files, res.Results, res.SyntaxErrors, res.Notes)
	for _, c := range res.Comparisons {
		fmt.Fprintf(&b, "%s %v %q %s better=%d exact=%v delta=%v p=%v %q\n",
			c.Benchmark, c.Config, c.ConfigOrder, c.Unit, c.Better, c.Exact, c.Delta, c.P, c.Warnings)
		for _, e := range []*Estimate{c.Base, c.Head} {
			if e == nil {
				fmt.Fprintf(&b, "\t<nil>\n")
				continue
			}
			fmt.Fprintf(&b, "\t%+v\n", *e)
		}
	}
	return b.String()
}

// TestLoadIsReadOverFiles checks that Load gives exactly what Read gives
// for the same text: Load is only the file adapter.
func TestLoadIsReadOverFiles(t *testing.T) {
	base := "goos: linux\npkg: x\nUnit frobs/op better=higher\n" + rows("A-2", 6, "100") +
		"BenchmarkB-2 1 5 frobs/op 0 B/op\nBenchmarkB-2 1 NaN ns/op\nBenchmarkC-2 x\n" + rows("A-2", 2, "101")
	head := "goos: linux\npkg: x\ncommit: abc\n" + rows("A-2", 8, "110") +
		"BenchmarkB-2 1 6 frobs/op 0 B/op\nBenchmarkB-2 1 -1 ns/op\n" + strings.Repeat("x", MaxLine+1) + "\n"
	dir := t.TempDir()
	bp, hp := write(t, dir, "base.txt", base), write(t, dir, "head.txt", head)
	hp2 := write(t, dir, "head2.txt", rows("D-2", 3, "7"))
	fromFiles, err := Load([]string{bp}, []string{hp, hp2}, DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	fromText, err := Read([]Input{TextInput(Base, bp, base), TextInput(Head, hp, head), TextInput(Head, hp2, rows("D-2", 3, "7"))}, DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := dump(fromText), dump(fromFiles); got != want {
		t.Errorf("Read over text:\n%s\nLoad over files:\n%s", got, want)
	}
	if len(fromText.SyntaxErrors) == 0 || len(fromText.Comparisons) == 0 {
		t.Errorf("the input should give syntax errors and comparisons:\n%s", dump(fromText))
	}
}

// TestReadNamesInputs checks that an input's name, not a path, is what
// messages and Result.Files carry.
func TestReadNamesInputs(t *testing.T) {
	res, err := Read([]Input{
		TextInput(Base, "base side", "BenchmarkA-2 1 NaN ns/op\n"+rows("A-2", 6, "1")),
		TextInput(Head, "head side", rows("A-2", 6, "1")),
	}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(res.Files) != "map[base:[base side] head:[head side]]" {
		t.Errorf("files: %v", res.Files)
	}
	if len(res.SyntaxErrors) != 1 || !strings.HasPrefix(res.SyntaxErrors[0], "base side:1: BenchmarkA-2: NaN ns/op is not a number") {
		t.Errorf("syntax errors: %q", res.SyntaxErrors)
	}
	if res.Results[Base] != 6 || res.Results[Head] != 6 {
		t.Errorf("results: %v", res.Results)
	}
	if res.Confidence != DefaultOptions.Confidence || res.Alpha != DefaultOptions.Alpha {
		t.Errorf("zero options: confidence %v, alpha %v", res.Confidence, res.Alpha)
	}
}

// closer records the order in which inputs are opened and closed.
type closer struct {
	io.Reader
	name string
	log  *[]string
}

func (c closer) Close() error {
	*c.log = append(*c.log, "close "+c.name)
	return nil
}

func TestReadOpensInTurn(t *testing.T) {
	var log []string
	in := func(side Side, name string) Input {
		return Input{Side: side, Name: name, Open: func() (io.ReadCloser, error) {
			log = append(log, "open "+name)
			return closer{strings.NewReader(rows("A-2", 3, "1")), name, &log}, nil
		}}
	}
	if _, err := Read([]Input{in(Base, "b1"), in(Head, "h1"), in(Base, "b2")}, DefaultOptions); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(log, ", "); got != "open b1, close b1, open h1, close h1, open b2, close b2" {
		t.Errorf("got %s", got)
	}
}

func TestReadInputErrors(t *testing.T) {
	good := TextInput(Head, "h", rows("A-2", 3, "1"))
	boom := errors.New("boom")
	for _, tt := range []struct {
		name  string
		in    Input
		input bool // want an *InputError for Base
		want  string
	}{
		{"open fails", Input{Side: Base, Name: "b", Open: func() (io.ReadCloser, error) { return nil, boom }}, true, "base: cannot read b: boom"},
		{"open fails with a path error", FileInput(Base, filepath.Join(t.TempDir(), "gone.txt")), true, "gone.txt: no such file or directory"},
		{"read fails", Input{Side: Base, Name: "b", Open: func() (io.ReadCloser, error) {
			return io.NopCloser(io.MultiReader(strings.NewReader(rows("A-2", 3, "1")), iotest.ErrReader(boom))), nil
		}}, true, "base: reading b: b:3: boom"},
		{"unknown side", TextInput("left", "l", ""), false, `compare: input "l" is for side "left", want "base" or "head"`},
		{"no Open", Input{Side: Base, Name: "b"}, false, `compare: input "b" has no Open function`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read([]Input{tt.in, good}, DefaultOptions)
			if err == nil {
				t.Fatal("no error")
			}
			var ie *InputError
			if isInput := errors.As(err, &ie); isInput != tt.input || (isInput && ie.Side != Base) {
				t.Errorf("%T %v: want an *InputError for base: %v", err, err, tt.input)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %q, want it to contain %q", err, tt.want)
			}
		})
	}
}

func ExampleRead() {
	base := "pkg: example.com/x\n" +
		"BenchmarkParse-8 1000 100 ns/op\nBenchmarkParse-8 1000 101 ns/op\nBenchmarkParse-8 1000 99 ns/op\n" +
		"BenchmarkParse-8 1000 100 ns/op\nBenchmarkParse-8 1000 102 ns/op\nBenchmarkParse-8 1000 98 ns/op\n"
	head := strings.ReplaceAll(base, " ns/op", "0 ns/op") // ten times slower
	res, err := Read([]Input{TextInput(Base, "base", base), TextInput(Head, "head", head)}, DefaultOptions)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range res.Comparisons {
		fmt.Printf("%s %s: %.3g -> %.3g (%+.0f%%, p=%.3f, n=%d+%d)\n",
			c.Benchmark, c.Unit, c.Base.Center, c.Head.Center, 100*c.Delta, c.P, c.Base.N, c.Head.N)
	}
	// Output:
	// Parse-8 sec/op: 1e-07 -> 1e-06 (+900%, p=0.002, n=6+6)
}

// TestIgnoreDoesNotPool: -ignore pkg makes a renamed package's benchmark
// one row (one package per side), but a key that takes several values on
// one side of a row would pool different benchmarks' samples into one,
// where a package 50% slower passed as +1.3%: refused, naming the key,
// the side, the row and the values, with a filter for one of them.
func TestIgnoreDoesNotPool(t *testing.T) {
	opts := DefaultOptions
	opts.Ignore = []string{"pkg"}
	pkg := func(p, rows string) string { return "pkg: example.com/m/" + p + "\n" + rows }
	renamed, err := Read([]Input{
		TextInput(Base, "base", pkg("a", rows("Work-2", 6, "100"))),
		TextInput(Head, "head", pkg("b", rows("Work-2", 6, "150"))),
	}, opts)
	if err != nil || len(renamed.Comparisons) != 1 {
		t.Fatalf("a renamed package: %v, %d comparisons; want one", err, len(renamed.Comparisons))
	}

	_, err = Read([]Input{
		TextInput(Base, "base", pkg("a", rows("Work-2", 6, "100"))+pkg("b", rows("Work-2", 6, "100"))+pkg("c", rows("Work-2", 6, "100"))),
		TextInput(Head, "head", pkg("a", rows("Work-2", 6, "100"))+pkg("b", rows("Work-2", 6, "100"))+pkg("c", rows("Work-2", 6, "150"))),
	}, opts)
	var ie *InputError
	if !errors.As(err, &ie) || ie.Side != "ignore" {
		t.Fatalf("pooled packages: %v, want an InputError for ignore", err)
	}
	for _, want := range []string{"pkg takes 3 values on base in the row of Work-2 (example.com/m/a, example.com/m/b, example.com/m/c)", "pool their samples"} {
		if !strings.Contains(ie.Msg, want) {
			t.Errorf("message %q lacks %q", ie.Msg, want)
		}
	}
	if !strings.Contains(ie.Hint, "-filter (e.g. pkg:example.com/m/a)") && !strings.Contains(ie.Hint, "{filter} (e.g. pkg:example.com/m/a)") {
		t.Errorf("hint %q", ie.Hint)
	}
}
