package runner

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// TestCapWriter: whole lines up to the cap, the cut line dropped, cut
// called once, and nothing passed on after it.
func TestCapWriter(t *testing.T) {
	var got bytes.Buffer
	cuts := 0
	w := newCapWriter(&got, 20, func() { cuts++ })
	io.WriteString(w, "one\ntwo\nthr")
	io.WriteString(w, "ee\nfour\nfive\n")
	io.WriteString(w, "six\n")
	w.Close()
	if got.String() != "one\ntwo\nthree\nfour\n" || !w.Cut() || cuts != 1 {
		t.Errorf("passed %q, cut %v (%d calls); want the four whole lines in 20 bytes, one cut", got.String(), w.Cut(), cuts)
	}
	got.Reset()
	w = newCapWriter(&got, 100, nil)
	io.WriteString(w, "a\nno newline")
	w.Close()
	if got.String() != "a\nno newline" || w.Cut() {
		t.Errorf("under the cap passed %q, cut %v", got.String(), w.Cut())
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"64MiB": 64 << 20, "64M": 64 << 20, "64MB": 64 << 20, "512KiB": 512 << 10, "1GiB": 1 << 30, "100": 100, " 2 MiB ": 2 << 20} {
		if got, err := ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "0", "-1MiB", "1TiB", "MiB", "1.5MiB", "64 MiBx", "1iB"} {
		if _, err := ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q) took it", in)
		}
	}
	if FormatSize(64<<20) != "64MiB" || FormatSize(1536<<10) != "1536KiB" || FormatSize(100) != "100" {
		t.Error("FormatSize")
	}
}

// execFunc is an Executor made of a function.
type execFunc func(ctx context.Context, c Cmd, out io.Writer) error

func (f execFunc) Run(ctx context.Context, c Cmd, out io.Writer) error { return f(ctx, c, out) }

// TestRunCapped: how runCapped tells apart the ways a process ends, for
// the benchmark runs, the listings and the valgrind processes alike.
func TestRunCapped(t *testing.T) {
	const max = 64
	overCap := execFunc(func(ctx context.Context, c Cmd, out io.Writer) error {
		out.Write(bytes.Repeat([]byte("x\n"), max))
		return nil // exited 0 before the kill reached it
	})
	hang := execFunc(func(ctx context.Context, c Cmd, out io.Writer) error {
		<-ctx.Done()
		return errors.New("signal: killed")
	})
	fails := execFunc(func(ctx context.Context, c Cmd, out io.Writer) error {
		out.Write([]byte("FAIL\n"))
		return errors.New("exit status 1")
	})
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name          string
		exec          Executor
		ctx           context.Context
		timeout       time.Duration
		cut, timedOut bool
		err           string
	}{
		{"cut, exited 0", overCap, context.Background(), time.Minute, true, false, "it exited as it was being killed"},
		{"timeout", hang, context.Background(), 20 * time.Millisecond, false, true, "signal: killed"},
		{"interrupted", hang, cancelled, time.Minute, false, false, "signal: killed"},
		{"failed", fails, context.Background(), time.Minute, false, false, "exit status 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := &runState{exec: tc.exec, opts: Options{MaxOutput: max}, now: time.Now}
			var out bytes.Buffer
			r := st.runCapped(tc.ctx, Cmd{Path: "x.test"}, &out, tc.timeout)
			if r.cut != tc.cut || r.timedOut != tc.timedOut || r.err == nil || r.err.Error() != tc.err {
				t.Errorf("cut %v, timed out %v, err %v; want %v, %v, %q", r.cut, r.timedOut, r.err, tc.cut, tc.timedOut, tc.err)
			}
			if tc.cut && !strings.Contains(r.cutError().Error(), "printed more than 64 ({max-output}) and was killed") {
				t.Errorf("cutError() = %v", r.cutError())
			}
			if int64(out.Len()) > max {
				t.Errorf("%d bytes passed on, more than the cap of %d", out.Len(), max)
			}
		})
	}
}
