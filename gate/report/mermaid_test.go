package report

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzMermaidLabel checks that no benchmark name can break out of its
// quoted label in the mermaid chart: no quote, no bracket or comma, no
// "%%" comment, no markup, no newline, at most 40 characters.
func FuzzMermaidLabel(f *testing.F) {
	for _, s := range []string{`a"b`, "x%%y", "<script>alert(1)</script>", "a\nb", "[x], [y]", "@user #123", "\xff\xfe", strings.Repeat("long/", 30)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l := MermaidLabel(s)
		if l == "" || utf8.RuneCountInString(l) > 40 {
			t.Fatalf("MermaidLabel(%q) = %q: empty or longer than 40", s, l)
		}
		for _, r := range l {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/=._-+ …", r)) {
				t.Fatalf("MermaidLabel(%q) = %q keeps %q", s, l, r)
			}
		}
	})
}

// TestMermaidChart checks the chart's shape: one bar per significant time
// change, as a percentage of base, and none when nothing changed.
func TestMermaidChart(t *testing.T) {
	var b strings.Builder
	if err := sample(t).WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	i := strings.Index(md, "```mermaid\nxychart-beta\n")
	if i < 0 {
		t.Fatalf("no chart in:\n%s", md)
	}
	chart := md[i:]
	chart = chart[:strings.Index(chart[3:], "```")+6]
	for _, want := range []string{`x-axis ["RSA/bits=2048/op=verify-2", "HMAC/size=1KiB-2"]`, "bar [501.7, 56.2]", "line [100, 100]"} {
		if !strings.Contains(chart, want) {
			t.Errorf("chart lacks %q:\n%s", want, chart)
		}
	}
	var quiet strings.Builder
	r := sample(t)
	r.Decisions = nil
	r.WriteMarkdown(&quiet)
	if strings.Contains(quiet.String(), "mermaid") {
		t.Error("a chart without significant changes")
	}
}
