// Package usage is how every stage of benchgate's pipeline reports a
// mistake in its configuration without knowing which front end the
// configuration came from.
//
// benchgate has two front ends over one pipeline: the command line, whose
// settings are flags (-rounds), and the GitHub Action, whose settings are
// inputs (rounds). A stage that finds a setting wrong writes the setting's
// name in braces, "{rounds}", in the message and the hint of an [*Error];
// the front end renders the text in its own words with a [Style] before
// the user reads it. A mistake is exit code 2 in both front ends.
package usage

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// Error is a mistake in flags, inputs, arguments or configuration.
type Error struct {
	// Msg says what is wrong; Hint, if not empty, what to do. Both may
	// name settings as {name}.
	Msg  string
	Hint string
}

// Errorf builds an *Error from a hint and a formatted message.
func Errorf(hint, format string, args ...any) *Error {
	return &Error{Msg: fmt.Sprintf(format, args...), Hint: hint}
}

// Error renders the message in command-line words.
func (e *Error) Error() string { return Flags.Render(e.Msg) }

// Render renders the message in the words of st.
func (e *Error) Render(st Style) string { return st.Render(e.Msg) }

// Text is err's message in the words of st. An error that names settings
// has a Render(Style) method, and its Error renders in command-line words;
// any other error's text is rendered as it is.
func Text(err error, st Style) string {
	var r interface{ Render(Style) string }
	if errors.As(err, &r) && any(r) == any(err) {
		return r.Render(st)
	}
	return st.Render(err.Error())
}

// Style says what a front end calls a setting.
type Style func(setting string) string

// Settings are the names a message may use in braces: the settings of a
// gate run, by their command-line names (the Action's input for -out is
// results-dir; its Style says so). "packages" stands for the package
// arguments, "merge" for the command that merges results directories
// (benchgate compare; the Action's command compare), "run" for the
// command that measures (benchgate run; a step with command run), "dir"
// for the directory package patterns and paths are relative to (where
// benchgate runs; the Action's working-directory), and "base-files" and
// "head-files" for compare's two sides (BASE and HEAD; the Action's
// compare-base and compare-head). Only these are
// replaced, so that a user's value that holds braces (a -bench of "x{2}")
// is shown as it was given.
var Settings = []string{
	"base-ref", "head-ref", "base-toolchain", "head-toolchain", "packages",
	"bench", "benchtime", "rounds", "timeout", "out", "protocol", "interleave",
	"fresh-binaries", "adaptive", "max-rounds", "time-budget", "quick",
	"alpha", "confidence", "threshold", "thresholds", "fail-on", "format",
	"decide", "correction", "ignore", "filter", "tags", "cpu", "pass-env",
	"max-output", "warn-threshold", "measure", "configs", "ladder-gate",
	"shard", "good", "bad", "merge", "run", "dir", "base-files", "head-files",
}

// settingRE matches a setting reference in a message.
var settingRE = regexp.MustCompile(`\{(` + strings.Join(Settings, "|") + `)\}`)

// Render replaces every {setting} in s by the style's name for it.
func (st Style) Render(s string) string {
	return settingRE.ReplaceAllStringFunc(s, func(m string) string {
		return st(m[1 : len(m)-1])
	})
}

// Braces keeps the settings as {name}: for a message stored (a results
// directory's manifest) to be rendered later in the words of whoever
// reads it.
var Braces Style = func(setting string) string { return "{" + setting + "}" }

// Flags names settings as the command line does: {rounds} is -rounds.
var Flags Style = func(setting string) string {
	switch setting {
	case "packages":
		return "the packages"
	case "merge":
		return "benchgate compare"
	case "run":
		return "benchgate run"
	case "dir":
		return "the directory benchgate runs in"
	case "base-files":
		return "base"
	case "head-files":
		return "head"
	}
	return "-" + setting
}
