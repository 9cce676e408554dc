package report

import (
	"bytes"
	"encoding/json"
	"math"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
)

// The fuzz targets below render reports whose every string a pull request
// could control, and check that what comes out cannot do more than show
// that string. Their seed corpora hold the hostile names of issue 5 and
// run with plain go test; scripts/fuzz.sh fuzzes each for a while.

// hostile are seeds: what a pull request might name a benchmark, a unit
// or a configuration value, or print as error output.
var hostile = []string{
	"RSA/bits=2048/op=verify-2",
	"pipe|x", `a\|b`, `\`, `x\`, "||", "| --- |",
	"tick`x`", "``", "`", "a``b```c",
	"<script>alert(1)</script>", "</details>", "<img src=x onerror=alert(1)>", "<!-- x", "<?php",
	"@octocat", "cc @org/team", "#123", "GH-123", "fixes #1", "x@y.z",
	"a\nb", "a_b#01", "line\r\n| x | y |", "\n\n# Heading", "\n```\nfence",
	"::error::pwned", "::set-output name=x::y", "  ::warning::x", "##[error]x", ":", "x:", ":x",
	"bad\xffutf8", "\xff\xfe", "ctrl\x1b[31mred", "nul\x00byte", "bell\a", "tab\tx",
	"rtl\u202egnirts", "\u2066iso\u2069", "zw\u200bsp", "line\u2028sep",
	"*bold* _em_ ~~del~~ [link](javascript:alert(1)) ![img](x)", "&amp; &lt;", "%0A%0D",
	"", " ", "é", "😀",
}

// hostileReport builds a decided report in which every string is s, or a
// variant of it, in every place a renderer puts untrusted text.
func hostileReport(name, unit, cfg, text string) *Report {
	values := func(c float64, n int) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = c * (1 + float64(i)/1000)
		}
		return v
	}
	est := func(c float64, n int) *compare.Estimate {
		return &compare.Estimate{Center: c, Low: c * 0.99, High: c * 1.01, N: n, Values: values(c, n)}
	}
	cmp := func(bench string, base, head *compare.Estimate, p float64) compare.Comparison {
		c := compare.Comparison{
			Benchmark: bench, Unit: unit, Better: -1, Base: base, Head: head,
			Config: map[string]string{"pkg": cfg, cfg: text}, ConfigOrder: []string{"pkg", cfg},
			Delta: math.NaN(), P: p, Warnings: []string{text},
		}
		if base != nil && head != nil {
			c.Delta = head.Center/base.Center - 1
		}
		return c
	}
	res := &compare.Result{Confidence: 0.95, Alpha: 0.05, Comparisons: []compare.Comparison{
		cmp(name, est(100, 10), est(200, 10), 1e-5),
		cmp(name+"/few", est(100, 2), est(200, 2), 0.3),
		cmp(name+"/better", est(200, 10), est(100, 10), 1e-5),
		cmp(name+"/same", est(100, 10), est(100, 10), 0.9),
		cmp(name+"/new", nil, est(100, 10), math.NaN()),
		cmp(name+"/gone", est(100, 10), nil, math.NaN()),
	}}
	rep := New(decide.Decide(res, decide.DefaultPolicy), 0.95)
	// A second table, in another unit.
	other := decide.Decide(&compare.Result{Comparisons: []compare.Comparison{cmp(name, est(1, 10), est(1, 10), 1)}}, decide.DefaultPolicy)
	other.Decisions[0].Unit = unit + "/other"
	rep.Decisions = append(rep.Decisions, other.Decisions...)
	rep.Sides = []Side{{Name: "base", Label: text}, {Name: "head", Label: name}}
	rep.Rounds = 10
	rep.ResultsDir = text
	rep.Notes = []string{text, "malformed line skipped: " + name}
	rep.Error = text + "\n  last lines of output:\n    " + name + "\n    " + text
	return rep
}

func render(t *testing.T, rep *Report) (txt, md, js string) {
	t.Helper()
	var a, b, c bytes.Buffer
	if err := rep.WriteText(&a); err != nil {
		t.Fatal(err)
	}
	if err := rep.WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	if err := rep.WriteJSON(&c); err != nil {
		t.Fatal(err)
	}
	return a.String(), b.String(), c.String()
}

func seed(f *testing.F, n int) {
	for i, s := range hostile {
		args := make([]any, n)
		for j := range args {
			// Rotate so that each seed lands in every position.
			args[j] = hostile[(i+j*7)%len(hostile)]
		}
		args[0] = s
		f.Add(args...)
	}
}

// FuzzMarkdownRow checks the markdown report: tables keep their shape,
// no HTML, mention or issue reference survives outside code, the error
// block stays closed, and no line is a workflow command.
func FuzzMarkdownRow(f *testing.F) {
	seed(f, 4)
	f.Fuzz(func(t *testing.T, name, unit, cfg, text string) {
		_, md, _ := render(t, hostileReport(name, unit, cfg, text))
		// The benign report's name has the hostile one's length and
		// shape (its "/" levels and GOMAXPROCS suffix), on which the
		// layout depends: shared prefixes are said once, and a name too
		// long for a table row is listed instead.
		_, benign, _ := render(t, hostileReport(benignLike(name), "u", "k", "v"))
		checkMarkdown(t, md, benign)
	})
}

// benignLike is name with every byte but "/", "-" and digits made an "x".
func benignLike(name string) string {
	b := []byte(name)
	for i, c := range b {
		if c != '/' && c != '-' && (c < '0' || c > '9') {
			b[i] = 'x'
		}
	}
	return string(b)
}

// FuzzMarkdownText checks the two markdown escapers on their own.
func FuzzMarkdownText(f *testing.F) {
	for _, s := range hostile {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, out := range []string{MarkdownText(s), MarkdownCode(s)} {
			if strings.ContainsAny(out, "\n\r") {
				t.Fatalf("%q escapes to more than one line: %q", s, out)
			}
			row := "| " + out + " | x |"
			cells := splitRow(row)
			if len(cells) != 2 {
				t.Fatalf("%q makes a row of %d cells: %q", s, len(cells), row)
			}
			checkInline(t, cells[0])
		}
		if code := MarkdownCode(s); !closedCodeSpan(code) {
			t.Fatalf("MarkdownCode(%q) = %q is not one code span", s, code)
		}
	})
}

// FuzzTextReport checks the text report: no workflow command, no control
// character, and as many lines as a report of harmless strings.
func FuzzTextReport(f *testing.F) {
	seed(f, 4)
	f.Fuzz(func(t *testing.T, name, unit, cfg, text string) {
		txt, _, _ := render(t, hostileReport(name, unit, cfg, text))
		benign, _, _ := render(t, hostileReport("x", "u", "k", "v"))
		checkText(t, txt)
		if got, want := strings.Count(txt, "\n"), strings.Count(benign, "\n"); got != want {
			t.Fatalf("text report has %d lines, want %d:\n%s", got, want, txt)
		}
	})
}

// FuzzJSONReport checks that the JSON report is valid and carries the
// strings unchanged (but for invalid UTF-8, each byte of which becomes
// U+FFFD).
func FuzzJSONReport(f *testing.F) {
	seed(f, 4)
	f.Fuzz(func(t *testing.T, name, unit, cfg, text string) {
		_, _, js := render(t, hostileReport(name, unit, cfg, text))
		var got JSONReport
		if err := json.Unmarshal([]byte(js), &got); err != nil {
			t.Fatalf("invalid JSON: %v\n%s", err, js)
		}
		if want := string([]rune(name)); got.Comparisons[0].Benchmark != want {
			t.Fatalf("benchmark %q came back as %q", want, got.Comparisons[0].Benchmark)
		}
		if strings.Contains(js, "<") || strings.Contains(js, ">") {
			t.Fatalf("JSON has a raw < or >:\n%s", js)
		}
	})
}

// FuzzSanitizeLines checks the sanitizer used for errors on stderr.
func FuzzSanitizeLines(f *testing.F) {
	for _, s := range hostile {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := SanitizeLines(s)
		checkText(t, out)
		if SanitizeLines(out) != out {
			t.Fatalf("SanitizeLines is not idempotent on %q", s)
		}
	})
}

// checkText asserts what every line of text output must satisfy.
func checkText(t *testing.T, txt string) {
	t.Helper()
	if !utf8.ValidString(txt) {
		t.Fatalf("text output is not UTF-8: %q", txt)
	}
	if strings.Contains(txt, "::") || strings.Contains(txt, "##[") {
		t.Fatalf("text output holds a workflow command:\n%s", txt)
	}
	for _, r := range txt {
		if r != '\n' && (unicode.IsControl(r) || bidiControl(r) || r == '\u2028' || r == '\u2029') {
			t.Fatalf("text output holds control character %U:\n%q", r, txt)
		}
	}
}

// allowedTags are the HTML tags the markdown renderer writes itself.
var allowedTags = []string{"<details>", "</details>", "<summary>", "</summary>", "<sub>", "</sub>"}

var (
	tagRE     = regexp.MustCompile(`<[A-Za-z/!?]`)
	mentionRE = regexp.MustCompile(`(^|[^\p{L}\p{N}_])@[A-Za-z0-9]`)
	issueRE   = regexp.MustCompile(`(^|[^\p{L}\p{N}_&])#[0-9]`)
	// A fence opens with three or more backticks (and no backtick in
	// the info string after them) or tildes; it closes with at least as
	// many of the same and nothing else but spaces.
	openRE = regexp.MustCompile("^ {0,3}(`{3,}[^`]*|~{3,}.*)$")
)

// fence tracks fenced code blocks line by line.
type fence struct{ open string }

// line reports whether l is inside a fenced block or is one of its
// fence lines.
func (f *fence) line(l string) bool {
	t := strings.TrimLeft(l, " ")
	if f.open == "" {
		if len(l)-len(t) <= 3 && openRE.MatchString(l) {
			c := t[0]
			f.open = t[:run2(t, c)]
			return true
		}
		return false
	}
	if len(l)-len(t) <= 3 && len(t) > 0 && t[0] == f.open[0] {
		n := run2(t, t[0])
		if n >= len(f.open) && strings.TrimSpace(t[n:]) == "" {
			f.open = ""
		}
	}
	return true
}

func run2(s string, c byte) int {
	n := 0
	for n < len(s) && s[n] == c {
		n++
	}
	return n
}

// checkMarkdown parses md roughly the way GitHub does and checks it
// against benign, the same report with harmless strings.
func checkMarkdown(t *testing.T, md, benign string) {
	t.Helper()
	if got, want := outsideFences(md), outsideFences(benign); got != want {
		t.Fatalf("markdown has %d lines outside code blocks, want %d:\n%s", got, want, md)
	}
	lines := strings.Split(md, "\n")
	var fc fence
	cells := 0 // cells per row in the current table, 0 outside tables
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimLeft(l, " \t"), "::") {
			t.Fatalf("line %d is a workflow command: %q", i+1, l)
		}
		if fc.line(l) {
			continue
		}
		switch {
		case cells > 0 && strings.HasPrefix(l, "|---") && i > 0 && strings.HasPrefix(lines[i-1], "|") && len(splitRow(lines[i-1])) == cells:
			// the delimiter row under the header
		case cells > 0 && l == "":
			cells = 0
		case cells > 0:
			row := splitRow(l)
			if !strings.HasPrefix(l, "| ") || len(row) != cells {
				t.Fatalf("line %d: table row has %d cells, want %d: %q", i+1, len(row), cells, l)
			}
			for _, c := range row {
				checkInline(t, c)
			}
		case strings.HasPrefix(l, "|") && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "|---"):
			cells = len(splitRow(l))
			if n := len(splitRow(lines[i+1])); n != cells {
				t.Fatalf("line %d: header has %d cells, delimiter row %d", i+1, cells, n)
			}
			for _, c := range splitRow(l) {
				checkInline(t, c)
			}
		case strings.HasPrefix(l, "|---"):
		default:
			for _, tag := range allowedTags {
				l = strings.ReplaceAll(l, tag, "")
			}
			checkInline(t, l)
		}
	}
	if fc.open != "" {
		t.Fatalf("a code block is not closed:\n%s", md)
	}
}

// outsideFences counts the lines outside fenced code blocks.
func outsideFences(md string) int {
	n := 0
	var fc fence
	for _, l := range strings.Split(md, "\n") {
		if !fc.line(l) {
			n++
		}
	}
	return n
}

// splitRow splits a GFM table row into cells: on "|" that is not escaped
// as "\|" (GFM treats "\|" as a pipe in the cell, whatever precedes the
// backslash), without the outer pipes; each cell is unescaped as GFM does
// before it parses the cell's inlines.
func splitRow(l string) []string {
	l = strings.TrimSpace(l)
	var cells []string
	var cur strings.Builder
	for i := 0; i < len(l); i++ {
		switch {
		case l[i] == '\\' && i+1 < len(l) && l[i+1] == '|':
			cur.WriteByte('|')
			i++
		case l[i] == '|':
			cells = append(cells, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(l[i])
		}
	}
	cells = append(cells, cur.String())
	// The leading and trailing pipes make empty first and last cells.
	if len(cells) > 0 && strings.TrimSpace(cells[0]) == "" {
		cells = cells[1:]
	}
	if len(cells) > 0 && strings.TrimSpace(cells[len(cells)-1]) == "" && strings.HasSuffix(l, "|") {
		cells = cells[:len(cells)-1]
	}
	return cells
}

// checkInline checks one piece of inline markdown: outside code spans,
// no raw HTML tag, mention or issue reference.
func checkInline(t *testing.T, s string) {
	t.Helper()
	plain := stripCode(s)
	if m := tagRE.FindString(plain); m != "" {
		t.Fatalf("raw HTML %q outside code in %q", m, s)
	}
	if mentionRE.MatchString(plain) {
		t.Fatalf("a @mention survives outside code in %q", s)
	}
	if issueRE.MatchString(plain) {
		t.Fatalf("an issue reference survives outside code in %q", s)
	}
}

// stripCode removes code spans from inline markdown, following
// CommonMark: a backslash escapes the next punctuation character outside
// code; a run of n backticks opens a span that the next run of exactly n
// backticks closes; an unmatched run is literal text.
func stripCode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if c == '\\' && i+1 < len(s) && isPunct(s[i+1]) {
			// An escaped character is literal: keep it, but not as
			// markup (an escaped backtick opens nothing).
			b.WriteByte(' ')
			i += 2
			continue
		}
		if c != '`' {
			b.WriteByte(c)
			i++
			continue
		}
		n := run(s, i)
		end := -1
		for j := i + n; j < len(s); {
			if s[j] == '`' {
				m := run(s, j)
				if m == n {
					end = j
					break
				}
				j += m
				continue
			}
			j++
		}
		if end < 0 {
			b.WriteString(s[i : i+n])
			i += n
			continue
		}
		b.WriteString(" code ")
		i = end + n
	}
	return b.String()
}

func run(s string, i int) int {
	n := 0
	for i+n < len(s) && s[i+n] == '`' {
		n++
	}
	return n
}

func isPunct(c byte) bool {
	return c < 0x80 && unicode.IsPunct(rune(c)) || strings.IndexByte("$+<=>^`|~", c) >= 0
}

// closedCodeSpan reports whether s is exactly one code span.
func closedCodeSpan(s string) bool {
	n := run(s, 0)
	if n == 0 || len(s) < 2*n+1 {
		return false
	}
	if !strings.HasSuffix(s, strings.Repeat("`", n)) || run(s, len(s)-n) != n || s[len(s)-n-1] == '`' {
		return false
	}
	inner := s[n : len(s)-n]
	for j := 0; j < len(inner); {
		if inner[j] == '`' {
			m := run(inner, j)
			if m == n {
				return false
			}
			j += m
			continue
		}
		j++
	}
	return true
}
