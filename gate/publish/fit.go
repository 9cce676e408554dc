package publish

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// MaxCommentBytes is GitHub's limit on an issue comment's body. GitHub
// documents it as 65,536 characters without saying how it counts them; Fit
// counts UTF-8 bytes, which are never fewer than code points or UTF-16 code
// units, so a fitted body is within the limit however GitHub counts.
const MaxCommentBytes = 65536

// DefaultTruncationNote is appended to a comment that had to be cut.
const DefaultTruncationNote = "*… truncated to fit GitHub's comment size limit: the full report is in the job summary.*"

var (
	detailsOpenRE  = regexp.MustCompile(`(?i)<details(?:\s[^>]*)?>`)
	detailsCloseRE = regexp.MustCompile(`(?i)</details\s*>`)
)

// Fit returns body unchanged, and false, when it is at most limit bytes.
// Otherwise it cuts body at the end of a line (or, for one huge line, at a
// UTF-8 rune boundary), closes a fenced code block or <details> elements
// left open by the cut, appends note after a blank line, and returns a
// result of at most limit bytes, and true.
//
// A cut inside a ```mermaid block drops the whole block instead, since half
// a diagram does not render. If even the note does not fit, the note alone
// is returned, cut to limit.
func Fit(body string, limit int, note string) (string, bool) {
	if len(body) <= limit {
		return body, false
	}
	const sep = "\n\n"
	budget := limit - len(note) - len(sep)
	for budget > 0 {
		cut := cutPoint(body, budget)
		cut, closing := closeOpen(body[:cut])
		prefix := body[:cut]
		if prefix != "" && !strings.HasSuffix(prefix, "\n") {
			prefix += "\n"
		}
		out := note
		if kept := strings.TrimRight(prefix+closing, "\n"); kept != "" {
			out = kept + sep + note
		}
		if len(out) <= limit {
			return out, true
		}
		budget -= len(out) - limit
	}
	return clipRunes(note, limit), true
}

// cutPoint returns the largest index at most max that ends a line, or, if
// the first line is longer than max, the largest rune boundary at most max.
func cutPoint(s string, max int) int {
	if max >= len(s) {
		return len(s)
	}
	if i := strings.LastIndexByte(s[:max], '\n'); i >= 0 {
		return i + 1
	}
	for max > 0 && !utf8.RuneStart(s[max]) {
		max--
	}
	return max
}

// closeOpen scans a cut body for a fenced code block and <details> elements
// left open, and returns where to cut (earlier than len(prefix) only to drop
// an unfinished mermaid block) and the text that closes what is open. The
// caller ends the kept text with a newline before appending it.
func closeOpen(prefix string) (int, string) {
	var (
		inFence    bool
		fence      string // the opening run of ` or ~
		fenceInfo  string
		fenceStart int
		depth      int // open <details>, outside code blocks
		depthAtFen int
	)
	for off := 0; off < len(prefix); {
		end := strings.IndexByte(prefix[off:], '\n')
		line := prefix[off:]
		next := len(prefix)
		if end >= 0 {
			line = prefix[off : off+end]
			next = off + end + 1
		}
		trimmed := strings.TrimLeft(line, " ")
		indented := len(line)-len(trimmed) > 3
		switch {
		case inFence:
			if !indented && strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]+" \t\r") == "" {
				inFence = false
			}
		case !indented && (strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~")):
			ch := trimmed[:1]
			n := len(trimmed) - len(strings.TrimLeft(trimmed, ch))
			inFence, fence, fenceStart, depthAtFen = true, strings.Repeat(ch, n), off, depth
			fenceInfo = strings.ToLower(strings.TrimSpace(trimmed[n:]))
		default:
			depth += len(detailsOpenRE.FindAllStringIndex(line, -1))
			depth = max(depth-len(detailsCloseRE.FindAllStringIndex(line, -1)), 0)
		}
		off = next
	}
	cut := len(prefix)
	var closing strings.Builder
	if inFence {
		if strings.HasPrefix(fenceInfo, "mermaid") {
			cut, depth = fenceStart, depthAtFen
		} else {
			closing.WriteString(fence + "\n")
		}
	}
	for range depth {
		closing.WriteString("</details>\n")
	}
	return cut, closing.String()
}

// clipRunes returns the longest prefix of s of at most n bytes that ends on
// a rune boundary.
func clipRunes(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
