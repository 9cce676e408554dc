package compare

import (
	"bufio"
	"bytes"
	"io"
)

// lineLimiter passes a stream through, replacing every line longer than
// max bytes by an empty line (so line numbers stay right) and remembering
// the numbers of dropped lines that were benchmark lines. Memory is
// bounded by max, whatever the input.
type lineLimiter struct {
	br      *bufio.Reader
	pending []byte
	line    int
	long    []int
	err     error
	// onLine, if set, sees every line that is not too long, with its
	// number.
	onLine func(n int, line []byte)
}

func newLineLimiter(r io.Reader, max int) *lineLimiter {
	return &lineLimiter{br: bufio.NewReaderSize(r, max)}
}

func (l *lineLimiter) Read(p []byte) (int, error) {
	for len(l.pending) == 0 {
		if l.err != nil {
			return 0, l.err
		}
		l.fill()
	}
	n := copy(p, l.pending)
	l.pending = l.pending[n:]
	return n, nil
}

// fill reads the next line into pending.
func (l *lineLimiter) fill() {
	line, err := l.br.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		if len(line) > 0 {
			l.line++
			if l.onLine != nil {
				l.onLine(l.line, line)
			}
		}
		l.pending, l.err = line, err
		return
	}
	// Too long: skip to the end of the line.
	l.line++
	if bytes.HasPrefix(line, []byte("Benchmark")) {
		l.long = append(l.long, l.line)
	}
	for err == bufio.ErrBufferFull {
		_, err = l.br.ReadSlice('\n')
	}
	l.pending, l.err = []byte{'\n'}, err
}
