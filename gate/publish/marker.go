package publish

import (
	"fmt"
	"strings"
)

// DefaultCommentID is the comment-id used when none is given.
const DefaultCommentID = "default"

const (
	markerPrefix = "<!-- benchgate:comment-id="
	markerSuffix = " -->"
	maxIDLen     = 100
)

// Marker returns the hidden first line that identifies benchgate's comment
// for commentID, such as
//
//	<!-- benchgate:comment-id=linux-amd64 -->
//
// An empty commentID means [DefaultCommentID]. IDs are 1 to 100 letters,
// digits and . _ - / : + @, so that several gates in one workflow (a matrix,
// say) each keep their own comment and no ID can end the HTML comment early.
func Marker(commentID string) (string, error) {
	if commentID == "" {
		commentID = DefaultCommentID
	}
	if len(commentID) > maxIDLen {
		return "", fmt.Errorf("comment-id %q is longer than %d characters: choose a shorter comment-id", commentID[:20]+"…", maxIDLen)
	}
	for _, r := range commentID {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		case strings.ContainsRune("._-/:+@", r):
		default:
			return "", fmt.Errorf("comment-id %q contains %q: use only letters, digits and . _ - / : + @", commentID, r)
		}
	}
	return markerPrefix + commentID + markerSuffix, nil
}

// hasMarker reports whether body's first line is exactly marker. A trailing
// carriage return is allowed, since bodies edited in the web interface use
// CRLF line endings.
func hasMarker(body, marker string) bool {
	line, _, _ := strings.Cut(body, "\n")
	return strings.TrimSuffix(line, "\r") == marker
}
