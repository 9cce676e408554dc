package runner

// The cap on one process's output. A benchmark that prints in its loop,
// or a hostile one, could otherwise fill the results file, the artifact
// and benchgate's memory: past the cap the process is killed, and the
// results file keeps only whole lines from before it.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// DefaultMaxOutput is how much one process (a go command, a listing or a
// benchmark run) may print before it is killed: far more than go test
// prints for thousands of benchmarks.
const DefaultMaxOutput int64 = 64 << 20

// capWriter passes at most max bytes of a process's output on to w, as
// whole lines: the part of a line that the cap cuts is dropped, so that
// no half of a result line reaches the results file. Past max it drops
// everything and calls cut once, which kills the process.
type capWriter struct {
	w   io.Writer
	max int64
	cut func()
	// hold is the longest partial line held back; a longer one is passed
	// on as it comes, since lineWriter leaves lines longer than maxLine
	// out of the results file anyway.
	hold int

	n       int64
	pending []byte
	// streaming says the current line was longer than hold and is being
	// passed on as it comes.
	streaming bool
	over      bool
	err       error
}

func newCapWriter(w io.Writer, max int64, cut func()) *capWriter {
	if max <= 0 {
		max = DefaultMaxOutput
	}
	return &capWriter{w: w, max: max, cut: cut, hold: maxLine + 1}
}

// Cut reports whether the process printed more than the cap.
func (c *capWriter) Cut() bool { return c.over }

func (c *capWriter) Write(p []byte) (int, error) {
	n := len(p)
	if c.over || c.err != nil {
		return n, nil
	}
	if left := c.max - c.n; int64(len(p)) > left {
		p = p[:left]
		c.over = true
	}
	c.n += int64(len(p))
	c.pass(p)
	if c.over {
		// What is left of a line the cap cut is dropped; a line that was
		// already too long ends up left out by lineWriter.
		c.pending = c.pending[:0]
		if c.cut != nil {
			c.cut()
		}
	}
	// Errors of w are kept for Close: returning one here would make
	// os/exec stop reading, and the process would block instead of
	// being measured or killed.
	return n, nil
}

// pass passes p on, holding back a trailing partial line.
func (c *capWriter) pass(p []byte) {
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if c.streaming {
			if i < 0 {
				c.write(p)
				return
			}
			c.write(p[:i+1])
			c.streaming = false
			p = p[i+1:]
			continue
		}
		if i < 0 {
			c.pending = append(c.pending, p...)
			if len(c.pending) > c.hold {
				c.write(c.pending)
				c.pending = c.pending[:0]
				c.streaming = true
			}
			return
		}
		if len(c.pending) > 0 {
			c.pending = append(c.pending, p[:i+1]...)
			c.write(c.pending)
			c.pending = c.pending[:0]
		} else {
			c.write(p[:i+1])
		}
		p = p[i+1:]
	}
}

func (c *capWriter) write(b []byte) {
	if c.err == nil {
		_, c.err = c.w.Write(b)
	}
}

// Close passes on an unfinished last line of a process that stayed under
// the cap, and returns the first error of w.
func (c *capWriter) Close() error {
	if !c.over && len(c.pending) > 0 {
		c.write(c.pending)
		c.pending = c.pending[:0]
	}
	return c.err
}

// ParseSize parses a size such as 64MiB, 512KiB, 1GiB or a number of
// bytes. K, M and G (with or without iB or B) are powers of 1024.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	num := strings.TrimRight(t, "KMGiBkmgb ")
	unit := strings.ToUpper(strings.TrimSpace(t[len(num):]))
	mult := int64(1)
	switch strings.TrimSuffix(strings.TrimSuffix(unit, "B"), "I") {
	case "":
		if unit != "" && unit != "B" {
			return 0, fmt.Errorf("%q is not a size such as 64MiB", s)
		}
	case "K":
		mult = 1 << 10
	case "M":
		mult = 1 << 20
	case "G":
		mult = 1 << 30
	default:
		return 0, fmt.Errorf("%q is not a size such as 64MiB", s)
	}
	n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
	if err != nil || n <= 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("%q is not a size such as 64MiB (a whole number above 0, then KiB, MiB or GiB)", s)
	}
	return n * mult, nil
}

// FormatSize formats a size as ParseSize reads it: 64MiB, 1536KiB, 100.
func FormatSize(n int64) string {
	for _, u := range []struct {
		unit string
		size int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return strconv.FormatInt(n/u.size, 10) + u.unit
		}
	}
	return strconv.FormatInt(n, 10)
}

// cappedRun is how one process run by runCapped ended.
type cappedRun struct {
	// err is the process's own error: its exit, its signal, or "it
	// exited as it was being killed" for one that the cap cut and that
	// still exited 0 (a race the kill can lose; what it printed past the
	// cap is gone either way).
	err error
	// flushErr is the first error of the writer the output went to.
	flushErr error
	// d is how long the process ran.
	d time.Duration
	// cut says it printed more than {max-output} and was killed; timedOut
	// that it was killed at its timeout.
	cut, timedOut bool
	// max is the cap it ran under, timeout its timeout.
	max     int64
	timeout time.Duration
}

// runCapped runs cmd within timeout, its output passed to w through the
// cap on one process's output, and says how it ended. Every process
// benchgate runs of a test binary goes through here, so that a cut, a
// timeout and a parent's cancellation are told apart the same way.
func (st *runState) runCapped(ctx context.Context, cmd Cmd, w io.Writer, timeout time.Duration) cappedRun {
	pctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cctx, cut := context.WithCancel(pctx)
	defer cut()
	cw := newCapWriter(w, st.opts.MaxOutput, cut)
	t0 := st.now()
	err := st.exec.Run(cctx, cmd, cw)
	r := cappedRun{err: err, flushErr: cw.Close(), d: st.now().Sub(t0), cut: cw.Cut(), max: cw.max, timeout: timeout}
	if r.cut && r.err == nil {
		r.err = errors.New("it exited as it was being killed")
	}
	r.timedOut = !r.cut && r.err != nil && pctx.Err() != nil && ctx.Err() == nil
	return r
}

// cutError is the error of a process the cap cut.
func (r cappedRun) cutError() error {
	return fmt.Errorf("printed more than %s ({max-output}) and was killed: %w", FormatSize(r.max), r.err)
}

// timeoutError is the error of a process killed at its timeout.
func (r cappedRun) timeoutError() error {
	return fmt.Errorf("killed after the %s timeout ({timeout}): %w", r.timeout, r.err)
}

// countedCutHint is the hint for a valgrind process (a count or its
// calibration) the cap cut.
func (r cappedRun) countedCutHint() string {
	return fmt.Sprintf("a benchmark or TestMain that prints in a loop fills the output; raise {max-output} %s", FormatSize(r.max))
}
