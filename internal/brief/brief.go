// Package brief shortens what benchgate's messages quote: commit hashes,
// untrusted strings, lists and errors that repeat a path the message
// already names. Every package that writes a message uses these, so that the same
// thing is shortened the same way everywhere.
package brief

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"unicode/utf8"
)

// Commit abbreviates a commit hash to 12 characters, as the reports show
// commits.
func Commit(sha string) string {
	if len(sha) > 12 {
		return sha[:12]
	}
	return sha
}

// Clip shortens s to at most n bytes, cut at a character boundary, with
// "…" after it when something was cut.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// List joins items, the first max of them and a count of the rest.
func List(items []string, max int) string {
	if len(items) <= max {
		return strings.Join(items, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(items[:max], ", "), len(items)-max)
}

// Cause is the error inside a *fs.PathError, for a message that names the
// path itself; any other error is returned as it is.
func Cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
