package compare

// go test -json output (cmd/test2json's events, one JSON object per line)
// is read as the text its output events carry, which is go test -bench's
// own output: the results are the same as those of the run without -json.
// The testing package's text reaches test2json in pieces (a result line's
// name, then, when the benchmark is done, its values), and events of
// different packages may interleave, so the pieces are joined into lines
// per package, and a "pkg:" line goes before the lines of a package other
// than the last one's, which keeps benchfmt's configuration right.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strings"
)

// maxPartials bounds the packages whose unfinished line is held at once;
// beyond it, the others' are ended where they are.
const maxPartials = 64

// test2jsonSource returns r as a text stream: r itself where its first
// line is not a test2json event, the text of its output events where it
// is (and true).
func test2jsonSource(r io.Reader) (io.Reader, bool) {
	// An event is its text, escaped, and a little more: room for every
	// line the text reader would keep, however its tabs are escaped.
	br := bufio.NewReaderSize(r, 4*MaxLine)
	head, _ := br.Peek(MaxLine)
	head = bytes.TrimLeft(head, " \t\r\n")
	if line, _, _ := bytes.Cut(head, []byte("\n")); !isEvent(line) {
		// Not br itself: bufio.NewReaderSize would take it for the line
		// limiter's own buffer, and let lines four times too long by.
		return struct{ io.Reader }{br}, false
	}
	return &test2jsonReader{br: br, partial: map[string]*partialLine{}}, true
}

// event is the part of a test2json event that carries text.
type event struct {
	Action  string
	Package string
	Output  *string
}

// isEvent reports whether line is a test2json event.
func isEvent(line []byte) bool {
	var e event
	return bytes.HasPrefix(line, []byte("{")) && json.Unmarshal(line, &e) == nil && e.Action != ""
}

// partialLine is the start of a package's line that no event has ended
// yet, at most MaxLine+1 bytes of it: a longer line is read as too long,
// as it would be in text.
type partialLine struct {
	text []byte
	more bool // bytes beyond MaxLine+1 were dropped
}

type test2jsonReader struct {
	queue
	br      *bufio.Reader
	partial map[string]*partialLine
	// order holds the packages in the order their partial lines began,
	// oldest first (some may have ended since, some repeat).
	order []string
	pkg   string // the package of the last line given out
}

func (t *test2jsonReader) Read(p []byte) (int, error) { return t.read(p, t.next) }

// next reads the next event (or line that is not one) into pending; at
// the end of the input, the lines no event ended.
func (t *test2jsonReader) next() {
	line, err := t.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		// An event whose text is longer than any line read: skipped,
		// and where it was a result line, said as the text reader says
		// it, by a line too long that it counts.
		result := bytes.Contains(line, []byte(`"Output":"Benchmark`))
		for err == bufio.ErrBufferFull {
			_, err = t.br.ReadSlice('\n')
		}
		line = nil
		if result {
			t.pending = append(t.pending, "Benchmark"...)
			t.pending = append(t.pending, bytes.Repeat([]byte{'.'}, MaxLine)...)
			t.pending = append(t.pending, '\n')
		}
	}
	if trimmed := bytes.TrimSpace(line); len(trimmed) > 0 {
		var e event
		switch {
		case trimmed[0] != '{' || json.Unmarshal(trimmed, &e) != nil:
			// Not an event (go vet's or the linker's own text, a
			// line cut short): as it is.
			t.pending = append(t.pending, line...)
			if line[len(line)-1] != '\n' {
				t.pending = append(t.pending, '\n')
			}
		case e.Output != nil && (e.Action == "output" || e.Action == "build-output"):
			t.add(e.Package, *e.Output)
		}
	}
	if err != nil {
		for _, pkg := range t.order {
			t.end(pkg)
		}
		t.order = nil
		t.err = err
	}
}

// add appends text to pkg's partial line, giving out every line it ends.
func (t *test2jsonReader) add(pkg, text string) {
	for {
		pl := t.partial[pkg]
		if pl == nil {
			if len(t.partial) >= maxPartials {
				// Hostile input, or a run of very many packages at
				// once: end the others' lines where they are.
				for _, old := range t.order {
					t.end(old)
				}
			}
			if len(t.order) >= 2*maxPartials {
				t.compact()
			}
			pl = &partialLine{}
			t.partial[pkg] = pl
			t.order = append(t.order, pkg)
		}
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			i = len(text)
		}
		piece := text[:i]
		if room := MaxLine + 1 - len(pl.text); len(piece) > room {
			piece, pl.more = piece[:room], true
		}
		pl.text = append(pl.text, piece...)
		if i == len(text) {
			return
		}
		t.end(pkg)
		if text = text[i+1:]; text == "" {
			return
		}
	}
}

// compact keeps in order only the packages that hold a partial line,
// each once, oldest first.
func (t *test2jsonReader) compact() {
	seen := map[string]bool{}
	kept := t.order[:0]
	for _, pkg := range t.order {
		if t.partial[pkg] != nil && !seen[pkg] {
			seen[pkg] = true
			kept = append(kept, pkg)
		}
	}
	t.order = kept
}

// end gives out pkg's partial line as a line of its own, after a "pkg:"
// line where the last line given out was another package's.
func (t *test2jsonReader) end(pkg string) {
	pl := t.partial[pkg]
	if pl == nil {
		return
	}
	delete(t.partial, pkg)
	if len(pl.text) == 0 && !pl.more {
		t.pending = append(t.pending, '\n')
		return
	}
	if pkg != "" && pkg != t.pkg && !bytes.HasPrefix(pl.text, []byte("pkg:")) {
		t.pending = append(t.pending, "pkg: "+pkg+"\n"...)
	}
	if pkg != "" {
		t.pkg = pkg
	}
	t.pending = append(t.pending, pl.text...)
	t.pending = append(t.pending, '\n')
}
