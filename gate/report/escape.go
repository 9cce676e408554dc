package report

import (
	"sort"
	"strings"
	"unicode"
)

// SanitizeText makes an untrusted string safe for one line of terminal or
// log output: invalid UTF-8 becomes U+FFFD, control characters (newlines,
// ANSI escapes) become spaces or are dropped, and "::" is broken up so that
// the Actions runner cannot read it as a workflow command.
func SanitizeText(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
			// drop: ESC and friends
		default:
			b.WriteRune(r)
		}
	}
	return breakCommands(b.String())
}

// breakCommands inserts a zero-width space between the colons of "::" so
// that no workflow command (::error::, ::set-output:: ...) survives.
func breakCommands(s string) string {
	if !strings.Contains(s, "::") {
		return s
	}
	return strings.ReplaceAll(s, "::", ":\u200b:")
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
