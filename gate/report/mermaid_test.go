package report

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzMermaidLabel checks that no benchmark name can break out of its
// quoted label in the mermaid chart: no quote, no "%%" comment, no entity,
// no markup, no newline, no "::" of a workflow command, at most 40
// characters.
func FuzzMermaidLabel(f *testing.F) {
	for _, s := range []string{`a"b`, "x%%y", "<script>alert(1)</script>", "a\nb", "[x], [y]", "@user #123", "::error::pwned", ":::", "\xff\xfe", strings.Repeat("long/", 30)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l := MermaidLabel(s)
		if l == "" || utf8.RuneCountInString(l) > 40 {
			t.Fatalf("MermaidLabel(%q) = %q: empty or longer than 40", s, l)
		}
		if strings.Contains(l, "::") {
			t.Fatalf("MermaidLabel(%q) = %q keeps a workflow command's \"::\"", s, l)
		}
		for _, r := range l {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(mermaidSafe+"…", r)) {
				t.Fatalf("MermaidLabel(%q) = %q keeps %q", s, l, r)
			}
		}
	})
}

// TestMermaidChart checks the chart's shape: one bar per decided change
// (not the row with too few samples) in a unit that can gate, largest
// first, as head's cost in percent of base's, labels with the unit where
// the units differ; none when there is at most one bar.
func TestMermaidChart(t *testing.T) {
	var b strings.Builder
	if err := sample(t).WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	i := strings.Index(md, "```mermaid\n")
	if i < 0 {
		t.Fatalf("no chart in:\n%s", md)
	}
	chart := md[i:]
	chart = chart[:strings.Index(chart[3:], "```")+6]
	for _, want := range []string{
		"xychart-beta horizontal",
		"showDataLabel: true",
		`x-axis ["RSA/bits=2048/op=verify sec/op", "HMAC/size=1KiB sec/op", "HMAC/size=1KiB B/s", "RSA/bits=2048/op=verify B/op", "RSA/2048/verify allocs/op"]`,
		"bar [501.7, 56.2, 56.2, 50, 20]",
		"line [100, 100, 100, 100, 100]",
	} {
		if !strings.Contains(chart, want) {
			t.Errorf("chart lacks %q:\n%s", want, chart)
		}
	}
	var quiet strings.Builder
	r := sample(t)
	r.Decisions = r.Decisions[:1]
	r.WriteMarkdown(&quiet)
	if strings.Contains(quiet.String(), "mermaid") {
		t.Errorf("a chart of one bar:\n%s", quiet.String())
	}
}
