package publish_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/benchgate/benchgate/gate/publish"
)

const note = "… truncated; the full report is in the job summary"

// lines returns text of exactly n bytes made of short lines.
func lines(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "| BenchmarkRSA/bits=2048/op=verify-%d | 49.0µ | 246.0µ | +405%% |\n", i)
	}
	return b.String()[:n]
}

// checkFitted checks the properties every fitted body has.
func checkFitted(t *testing.T, in, out string, limit int) {
	t.Helper()
	if len(out) > limit {
		t.Errorf("fitted body has %d bytes, limit %d", len(out), limit)
	}
	if !utf8.ValidString(out) {
		t.Error("fitted body is not valid UTF-8: a rune was split")
	}
	if !strings.HasSuffix(out, note) {
		t.Errorf("fitted body does not end with the note: ...%q", out[max(0, len(out)-80):])
	}
	kept := strings.TrimSuffix(out, "\n\n"+note)
	if kept != "" && !strings.HasPrefix(in, strings.TrimRight(firstLine(kept), "\n")) {
		t.Errorf("fitted body does not start like the input")
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

func TestFitSizes(t *testing.T) {
	tests := []struct {
		name      string
		body      string
		truncated bool
	}{
		{"empty", "", false},
		{"65,535 bytes", lines(65535), false},
		{"65,536 bytes", lines(65536), false},
		{"65,537 bytes", lines(65537), true},
		{"200,000 bytes", lines(200_000), true},
		{"200,000 bytes one line", strings.Repeat("x", 200_000), true},
		// 2-byte runes: 65,536 characters but 131,072 bytes.
		{"65,536 two-byte runes", strings.Repeat("é", 65536), true},
		{"4-byte runes one line", strings.Repeat("🚀", 50_000), true},
		{"3-byte runes in lines", strings.Repeat("速度が落ちた\n", 20_000), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, truncated := publish.Fit(tt.body, publish.MaxCommentBytes, note)
			if truncated != tt.truncated {
				t.Fatalf("truncated = %v, want %v", truncated, tt.truncated)
			}
			if !truncated {
				if out != tt.body {
					t.Error("a body within the limit was changed")
				}
				return
			}
			checkFitted(t, tt.body, out, publish.MaxCommentBytes)
			if len(out) < publish.MaxCommentBytes-200 {
				t.Errorf("fitted body has %d bytes: too much was cut", len(out))
			}
		})
	}
}

func TestFitCutsAtLineEnds(t *testing.T) {
	body := lines(100_000)
	out, _ := publish.Fit(body, 10_000, note)
	kept := strings.TrimSuffix(out, "\n\n"+note)
	if !strings.HasPrefix(body, kept+"\n") {
		t.Errorf("the kept text does not end at a line end of the input: ...%q", kept[len(kept)-40:])
	}
}

func TestFitClosesWhatItCuts(t *testing.T) {
	table := lines(20_000)
	tests := []struct {
		name    string
		body    string
		want    []string // must appear, in order, just before the note
		notWant []string
	}{
		{
			name: "code fence",
			body: "# Results\n\n```\n" + table + "```\n",
			want: []string{"```\n"},
		},
		{
			name: "long fence",
			body: "````text\n" + table + "````\n",
			want: []string{"````\n"},
		},
		{
			name: "tilde fence",
			body: "~~~\n" + table + "~~~\n",
			want: []string{"~~~\n"},
		},
		{
			name: "details",
			body: "<details><summary>All</summary>\n\n" + table + "\n</details>\n",
			want: []string{"</details>\n"},
		},
		{
			name: "fence inside nested details",
			body: "<details open>\n<DETAILS><summary>x</summary>\n\n```\n" + table + "```\n</DETAILS>\n</details>\n",
			want: []string{"```\n", "</details>\n", "</details>\n"},
		},
		{
			name:    "closed details is not closed again",
			body:    "<details><summary>a</summary>\nshort\n</details>\n\n" + table,
			notWant: []string{"</details>\n\n" + note},
		},
		{
			name:    "details inside a fence are text",
			body:    "```html\n<details>\n" + table + "```\n",
			want:    []string{"```\n"},
			notWant: []string{"</details>"},
		},
		{
			name:    "mermaid is dropped, not cut",
			body:    "## Chart\n\n```mermaid\nxychart-beta\n" + strings.ReplaceAll(table, "|", " ") + "```\n",
			notWant: []string{"```mermaid", "xychart-beta"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, truncated := publish.Fit(tt.body, 10_000, note)
			if !truncated {
				t.Fatal("not truncated")
			}
			checkFitted(t, tt.body, out, 10_000)
			tail := strings.TrimSuffix(out, note)
			want := strings.Join(tt.want, "")
			if want != "" && !strings.HasSuffix(strings.TrimRight(tail, "\n")+"\n", want) {
				t.Errorf("fitted body ends %q, want it to end with %q before the note", tail[max(0, len(tail)-60):], want)
			}
			for _, nw := range tt.notWant {
				if strings.Contains(out, nw) {
					t.Errorf("fitted body contains %q", nw)
				}
			}
		})
	}
}

// TestFitRandom fits random markdown-like bodies to random limits and checks
// the invariants: within the limit, valid UTF-8, fences and <details>
// balanced, the note last.
func TestFitRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{
		"plain line with ü and 🚀\n", "| a | b |\n", "```\n", "~~~\n", "<details>\n", "</details>\n",
		"<details><summary>s</summary>\n", "\n", "速", "long line " + strings.Repeat("x", 300) + "\n",
	}
	for i := range 500 {
		var b strings.Builder
		n := r.IntN(400)
		for range n {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		body := b.String()
		limit := len(note) + 2 + r.IntN(max(1, len(body)))
		out, truncated := publish.Fit(body, limit, note)
		if !truncated {
			if out != body || len(body) > limit {
				t.Fatalf("case %d: untruncated output differs or is too long", i)
			}
			continue
		}
		if len(out) > limit || !utf8.ValidString(out) || !strings.HasSuffix(out, note) {
			t.Fatalf("case %d: limit %d, got %d bytes, valid %v, note %v", i, limit, len(out), utf8.ValidString(out), strings.HasSuffix(out, note))
		}
		if fences(out) != 0 {
			t.Fatalf("case %d: a code block is left open in %q", i, out)
		}
	}
}

// fences returns 1 if a fenced block is open at the end of s, else 0.
func fences(s string) int {
	open := ""
	for _, line := range strings.Split(s, "\n") {
		tl := strings.TrimLeft(line, " ")
		switch {
		case open == "" && (strings.HasPrefix(tl, "```") || strings.HasPrefix(tl, "~~~")):
			ch := tl[:1]
			open = tl[:len(tl)-len(strings.TrimLeft(tl, ch))]
		case open != "" && strings.HasPrefix(tl, open) && strings.Trim(tl, open[:1]+" ") == "":
			open = ""
		}
	}
	if open != "" {
		return 1
	}
	return 0
}

func TestFitTinyLimit(t *testing.T) {
	out, truncated := publish.Fit(strings.Repeat("a\n", 100), 10, "ééééééé")
	if !truncated || out != "ééééé" {
		t.Errorf("Fit = %q, %v; want the note cut at a rune boundary", out, truncated)
	}
	out, _ = publish.Fit("abc", 0, note)
	if out != "" {
		t.Errorf("Fit with limit 0 = %q", out)
	}
}

func ExampleFit() {
	body := "## benchgate\n\n```\nRSA-2048 verify +405%\nRSA-4096 verify +586%\nECDSA P-256 ~\n```\n"
	out, truncated := publish.Fit(body, 70, "… see the job summary")
	fmt.Println(truncated)
	fmt.Println(out)
	// Output:
	// true
	// ## benchgate
	//
	// ```
	// RSA-2048 verify +405%
	// ```
	//
	// … see the job summary
}

func ExampleMarker() {
	m, err := publish.Marker("linux-amd64")
	fmt.Println(m, err)
	// Output:
	// <!-- benchgate:comment-id=linux-amd64 --> <nil>
}
