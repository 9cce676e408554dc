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
	queue
	br   *bufio.Reader
	line int
	long []int
	// onLine, if set, sees every line that is not too long, with its
	// number.
	onLine func(n int, line []byte)
}

func newLineLimiter(r io.Reader, max int) *lineLimiter {
	return &lineLimiter{br: bufio.NewReaderSize(r, max)}
}

func (l *lineLimiter) Read(p []byte) (int, error) { return l.read(p, l.fill) }

// queue is the text a reader has made ready and the error that ends its
// input: the half of lineLimiter and test2jsonReader that gives out what
// they make a line (or an event) at a time.
type queue struct {
	pending []byte
	err     error
}

// read gives out the pending text, calling next for more while there is
// none and no error has ended the input.
func (q *queue) read(p []byte, next func()) (int, error) {
	for len(q.pending) == 0 {
		if q.err != nil {
			return 0, q.err
		}
		next()
	}
	n := copy(p, q.pending)
	q.pending = q.pending[n:]
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
