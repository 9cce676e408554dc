package compare

import (
	"fmt"
	"io"
	"strings"
	"testing"
)

// jsonEvent is one test2json output event of package pkg.
func jsonEvent(pkg, text string) string {
	return fmt.Sprintf(`{"Time":"2026-12-06T15:29:25.95Z","Action":"output","Package":%q,"Output":%q}`+"\n", pkg, text)
}

// TestTest2JSON: go test -json output reads as the text its events carry,
// whatever the pieces the text came in and however two packages' events
// interleave: the same comparisons as the text itself, each package's
// rows in their own package, and a note that says how the input was read.
func TestTest2JSON(t *testing.T) {
	text := func(d int) string {
		var b strings.Builder
		for _, pkg := range []string{"example.com/a", "example.com/b"} {
			fmt.Fprintf(&b, "goos: linux\ngoarch: amd64\npkg: %s\n", pkg)
			for i := range 6 {
				fmt.Fprintf(&b, "BenchmarkX-2   \t    1000\t  %d ns/op\n", 100+d+i)
			}
		}
		return b.String()
	}
	// The same text as events: headers whole; each result line in two
	// events (the name, then the values), the two packages' alternating.
	events := func(d int) string {
		var b strings.Builder
		b.WriteString(`{"Action":"start","Package":"example.com/a"}` + "\n")
		for _, pkg := range []string{"example.com/a", "example.com/b"} {
			b.WriteString(jsonEvent(pkg, "goos: linux\n") + jsonEvent(pkg, "goarch: amd64\n") + jsonEvent(pkg, "pkg: "+pkg+"\n"))
		}
		b.WriteString("go: downloading example.com/dep v1.0.0\n") // not an event
		for i := range 6 {
			for _, pkg := range []string{"example.com/a", "example.com/b"} {
				b.WriteString(jsonEvent(pkg, "BenchmarkX-2   \t"))
			}
			for _, pkg := range []string{"example.com/a", "example.com/b"} {
				b.WriteString(jsonEvent(pkg, fmt.Sprintf("    1000\t  %d ns/op\n", 100+d+i)))
			}
		}
		b.WriteString(`{"Action":"pass","Package":"example.com/a","Elapsed":1}` + "\n")
		return b.String()
	}
	read := func(base, head string) *Result {
		t.Helper()
		res, err := Read([]Input{TextInput(Base, "base", base), TextInput(Head, "head", head)}, DefaultOptions)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	rows := func(res *Result) string {
		var b strings.Builder
		for _, c := range res.Comparisons {
			fmt.Fprintf(&b, "%s %s %s n=%d+%d %.4f p=%.4f\n", c.Config["pkg"], c.Benchmark, c.Unit, c.Base.N, c.Head.N, c.Delta, c.P)
		}
		return b.String()
	}
	want := rows(read(text(0), text(20)))
	got := read(events(0), events(20))
	if rows(got) != want {
		t.Errorf("from events:\n%s\nfrom text:\n%s", rows(got), want)
	}
	if len(got.Comparisons) != 2 {
		t.Errorf("%d comparisons, want 2 (one per package)", len(got.Comparisons))
	}
	if n := strings.Join(got.Notes, "\n"); !strings.Contains(n, "base, head: go test -json output, read as the text of its output events") {
		t.Errorf("notes: %s", n)
	}
	// Plain text is read as it is, with no such note.
	if n := strings.Join(read(text(0), text(20)).Notes, "\n"); strings.Contains(n, "-json") {
		t.Errorf("text read as json: %s", n)
	}
}

// TestTest2JSONBounded: an event text that never ends its line is held
// to MaxLine+1 bytes and read as a line too long; partial lines of more
// packages than maxPartials are ended rather than held.
func TestTest2JSONBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(jsonEvent("p", "BenchmarkLong-2 \t"))
	for range 40 {
		b.WriteString(jsonEvent("p", strings.Repeat("9", 4096)))
	}
	b.WriteString(jsonEvent("p", " ns/op\n"))
	for i := range 3 * maxPartials {
		b.WriteString(jsonEvent(fmt.Sprintf("q%d", i), "BenchmarkQ-2 \t"))
	}
	src, ok := test2jsonSource(strings.NewReader(b.String()))
	if !ok {
		t.Fatal("not read as test2json")
	}
	tr := src.(*test2jsonReader)
	out, err := io.ReadAll(src)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	// lines[0] is "pkg: p".
	if len(lines) < 2 || len(lines[1]) != MaxLine+1 || !strings.HasPrefix(lines[1], "BenchmarkLong-2") {
		t.Errorf("the long line: %.40q", lines)
	}
	if got := strings.Count(string(out), "BenchmarkQ-2"); got != 3*maxPartials {
		t.Errorf("%d partial lines given out, want %d", got, 3*maxPartials)
	}
	if len(tr.partial) != 0 || len(tr.order) > 2*maxPartials {
		t.Errorf("held after the end: %d partial lines, order %d", len(tr.partial), len(tr.order))
	}
}

// TestTest2JSONLongEvents: an event whose text is a line the text reader
// keeps is kept, however long its escapes make it (a quote is two bytes
// in JSON); one too long for any line is skipped and said, as a long
// line of text is.
func TestTest2JSONLongEvents(t *testing.T) {
	name := "BenchmarkWide/" + strings.Repeat(`"`, (MaxLine-200)/2+100)
	long := jsonEvent("p", name+"-2 \t 1000\t 100 ns/op\n")
	if len(long) <= MaxLine {
		t.Fatalf("the event is %d bytes, no longer than a line", len(long))
	}
	tooLong := jsonEvent("p", "BenchmarkHuge/"+strings.Repeat("x", 5*MaxLine)+"-2 \t 1000\t 100 ns/op\n")
	res, err := Read([]Input{
		TextInput(Base, "base.json", jsonEvent("p", "pkg: p\n")+long+tooLong),
		TextInput(Head, "head.json", jsonEvent("p", "pkg: p\n")+long),
	}, DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	if res.Results[Base] != 1 || res.Results[Head] != 1 {
		t.Errorf("results %v, want the wide line on each side", res.Results)
	}
	if errs := strings.Join(res.SyntaxErrors, "\n"); !strings.Contains(errs, fmt.Sprintf("base.json (its -json events' text):3: benchmark line longer than %d bytes skipped", MaxLine)) {
		t.Errorf("syntax errors: %s", errs)
	}
}

// TestTest2JSONFailure: a failed run's lines in go test -json output are
// found as in text, and named by the line of the text they are on, which
// says so (the event's line in the file is another).
func TestTest2JSONFailure(t *testing.T) {
	in := `{"Action":"start","Package":"p"}` + "\n" + jsonEvent("p", "pkg: p\n") + jsonEvent("p", "BenchmarkSum-2 \t") +
		jsonEvent("p", "    1000\t 100 ns/op\n") + jsonEvent("p", "--- FAIL: BenchmarkSum\n") + jsonEvent("p", "FAIL\n")
	res, err := Read([]Input{TextInput(Base, "fail.json", in), TextInput(Head, "head.txt", "BenchmarkSum-2 1000 100 ns/op\n")}, DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(res.Failures, "\n"); !strings.Contains(got, "fail.json (its -json events' text):3: --- FAIL: BenchmarkSum") {
		t.Errorf("failures: %s", got)
	}
}
