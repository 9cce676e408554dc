package report

import (
	"sort"
	"strings"
	"unicode"
)

// SanitizeText makes an untrusted string safe for one line of terminal or
// log output: invalid UTF-8 becomes U+FFFD, control characters (newlines,
// ANSI escapes) become spaces or are dropped, and so are the invisible
// characters that reorder text (bidirectional overrides, as in "Trojan
// Source", which could make a line read other than it is); "::" is broken
// up so that the Actions runner cannot read it as a workflow command.
func SanitizeText(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || bidiControl(r):
			// drop: ESC and friends
		default:
			b.WriteRune(r)
		}
	}
	return breakCommands(b.String())
}

// bidiControl reports whether r is an invisible character that changes the
// direction of the text around it.
func bidiControl(r rune) bool {
	switch {
	case r == '\u061C', r == '\u200E', r == '\u200F',
		'\u202A' <= r && r <= '\u202E',
		'\u2066' <= r && r <= '\u2069':
		return true
	}
	return false
}

// SanitizeLines is SanitizeText for multi-line text, such as an error
// that carries the last lines of a benchmark's output: each line is
// sanitized on its own and the line breaks are kept. Carriage returns
// (which would let a line overwrite another on a terminal) become line
// breaks.
func SanitizeLines(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	lines := strings.Split(s, "\n")
	var out []string
	for _, l := range lines {
		for _, part := range strings.Split(l, "\r") {
			out = append(out, SanitizeText(part))
		}
	}
	return strings.Join(out, "\n")
}

// breakCommands inserts a zero-width space between the colons of "::" so
// that no workflow command (::error::, ::set-output:: ...) survives, and
// after the "##" of "##[", the runner's older command syntax.
func breakCommands(s string) string {
	if strings.Contains(s, "::") {
		// Between every two colons: ReplaceAll would leave ":::" as
		// ":\u200b::".
		var b strings.Builder
		for i, r := range s {
			if r == ':' && i > 0 && s[i-1] == ':' {
				b.WriteRune('\u200b')
			}
			b.WriteRune(r)
		}
		s = b.String()
	}
	if strings.Contains(s, "##[") {
		s = strings.ReplaceAll(s, "##[", "##\u200b[")
	}
	return s
}

// MarkdownCode renders an untrusted string as an inline code span that is
// safe inside a GitHub table cell: no HTML, no mentions or issue links, no
// formatting, one line, one cell.
func MarkdownCode(s string) string {
	s = SanitizeText(s)
	// A code span cannot hold a pipe inside a table cell, even escaped in
	// the usual way, unless written as \| (GFM reads table cells first).
	s = strings.ReplaceAll(s, "|", `\|`)
	// Fence with more backticks than the longest run inside.
	longest, run := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			if run > longest {
				longest = run
			}
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	pad := ""
	if longest > 0 || strings.HasPrefix(s, " ") || strings.HasSuffix(s, " ") || s == "" {
		pad = " "
	}
	if s == "" {
		return "` `"
	}
	return fence + pad + s + pad + fence
}

// MarkdownText escapes an untrusted string for markdown prose or a table
// cell where code formatting is not wanted: HTML is entity-escaped,
// markdown punctuation is backslash-escaped, and mentions and issue
// references are broken with a zero-width space so they do not notify or
// link.
func MarkdownText(s string) string {
	s = SanitizeText(s)
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\\', '`', '*', '_', '[', ']', '(', ')', '|', '~', '!':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '@', '#':
			b.WriteRune(r)
			b.WriteRune('\u200b')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func sortedKeys(m map[string]float64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
