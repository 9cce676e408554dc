package report

import (
	"io"

	"github.com/benchgate/benchgate/gate/usage"
)

// Format is a rendering of a report.
type Format string

// The formats a report is written in.
const (
	Text     Format = "text"
	Markdown Format = "markdown"
	JSON     Format = "json"
)

// ParseFormat parses a format name.
func ParseFormat(s string) (Format, error) {
	switch f := Format(s); f {
	case Text, Markdown, JSON:
		return f, nil
	}
	return "", usage.Errorf("", "invalid {format} %q: want text, markdown or json", s)
}

// Write renders r in format f: a ladder's report (r.Ladder) as a ladder.
func (r *Report) Write(w io.Writer, f Format) error {
	if r.Ladder != nil {
		return r.writeLadder(w, f)
	}
	switch f {
	case JSON:
		return r.WriteJSON(w)
	case Markdown:
		return r.WriteMarkdown(w)
	}
	return r.WriteText(w)
}

func (r *Report) writeLadder(w io.Writer, f Format) error {
	switch f {
	case JSON:
		return r.writeLadderJSON(w)
	case Markdown:
		return r.writeLadderMarkdown(w)
	}
	return r.writeLadderText(w)
}
