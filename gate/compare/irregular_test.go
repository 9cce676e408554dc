//go:build unix

package compare

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// within runs f and fails the test if it has not returned after d: the
// inputs below used to make compare read forever.
func within(t *testing.T, d time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("still running after %v", d)
	}
}

func mkfifo(t *testing.T, path string) string {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	return path
}

// TestNotRegularFilesAreRefused gives ExpandPaths and Load paths that are
// not regular files. Each is refused at once with an *InputError that
// says what the path is; none is opened for a read that would block on a
// FIFO without a writer or never end on /dev/zero.
func TestNotRegularFilesAreRefused(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Fatalf("this test needs /dev/zero: %v", err)
	}
	dir := t.TempDir()
	fifo := mkfifo(t, filepath.Join(dir, "fifo.txt"))
	zeroLink := filepath.Join(dir, "head.txt")
	if err := os.Symlink("/dev/zero", zeroLink); err != nil {
		t.Fatal(err)
	}
	fifoLink := filepath.Join(dir, "link-to-fifo")
	if err := os.Symlink(fifo, fifoLink); err != nil {
		t.Fatal(err)
	}
	// A results directory whose head.txt is that symlink, and one whose
	// only *.txt is a FIFO.
	resultsDir := filepath.Join(dir, "results")
	os.Mkdir(resultsDir, 0o755)
	os.Symlink("/dev/zero", filepath.Join(resultsDir, "head.txt"))
	fifoDir := filepath.Join(dir, "fifos")
	os.Mkdir(fifoDir, 0o755)
	mkfifo(t, filepath.Join(fifoDir, "shard-1.txt"))

	for _, tt := range []struct {
		name, arg string
		want      []string
	}{
		{"device", "/dev/zero", []string{"head: cannot read /dev/zero: it is a character device, not a regular file", "compare reads only regular files"}},
		{"fifo", fifo, []string{"it is a named pipe (FIFO), not a regular file"}},
		{"symlink to a device", zeroLink, []string{"it is a symlink to /dev/zero, a character device, not a regular file"}},
		{"symlink to a fifo", fifoLink, []string{"it is a symlink to " + fifo + ", a named pipe (FIFO)"}},
		{"glob matching a fifo", filepath.Join(dir, "fifo*"), []string{"named pipe (FIFO)"}},
		{"results directory", resultsDir, []string{"head.txt: it is a symlink to /dev/zero"}},
		{"directory of fifos", fifoDir, []string{"shard-1.txt: it is a named pipe (FIFO)"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			within(t, 5*time.Second, func() { _, err = ExpandPaths(Head, []string{tt.arg}) })
			var ie *InputError
			if !errors.As(err, &ie) || ie.Side != Head {
				t.Fatalf("ExpandPaths(%q): err = %v, want an *InputError for head", tt.arg, err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if !strings.Contains(err.Error(), "hint: save the results to a file first") {
				t.Errorf("error %q has no hint", err)
			}
		})
	}

	// Load, which the Action's report command reaches without
	// ExpandPaths, refuses them too when it opens them: a FIFO without a
	// writer does not block the open, and /dev/zero is not read.
	good := write(t, dir, "good.txt", rows("A-2", 6, "100"))
	for _, path := range []string{"/dev/zero", fifo, zeroLink} {
		var err error
		within(t, 5*time.Second, func() { _, err = Load([]string{good}, []string{path}, DefaultOptions) })
		var ie *InputError
		if !errors.As(err, &ie) || ie.Side != Head || !strings.Contains(err.Error(), "cannot read "+path+": it is ") || !strings.Contains(err.Error(), ", not a regular file") {
			t.Errorf("Load(%s): err = %v, want an *InputError for head saying what the path is", path, err)
		}
	}
	// FileInput's error says so in a type too.
	_, err := FileInput(Head, fifo).Open()
	var nre *NotRegularError
	if !errors.As(err, &nre) || nre.Kind != "a named pipe (FIFO)" {
		t.Errorf("FileInput(fifo).Open(): err = %v, want a *NotRegularError", err)
	}
}

// slowStream yields one benchmark line every interval, forever, like a
// benchmark that never finishes writing.
type slowStream struct {
	interval time.Duration
	noLF     bool // yield one byte at a time and never end the line
}

func (s slowStream) Read(p []byte) (int, error) {
	time.Sleep(s.interval)
	if s.noLF {
		p[0] = '9'
		return 1, nil
	}
	return copy(p, "BenchmarkA-2 1000 100 ns/op\n"), nil
}

func (slowStream) Close() error { return nil }

// TestReadContextCancels checks that a cancelled context ends a read of
// an endless, slow stream promptly, with an error that wraps the
// context's and is not blamed on the input.
func TestReadContextCancels(t *testing.T) {
	for _, noLF := range []bool{false, true} {
		ctx, cancel := context.WithCancel(context.Background())
		inputs := []Input{
			TextInput(Base, "base", rows("A-2", 6, "100")),
			{Side: Head, Name: "endless", Open: func() (io.ReadCloser, error) { return slowStream{interval: time.Millisecond, noLF: noLF}, nil }},
		}
		time.AfterFunc(100*time.Millisecond, cancel)
		start := time.Now()
		var err error
		within(t, 10*time.Second, func() { _, err = ReadContext(ctx, inputs, DefaultOptions) })
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("noLF=%v: ReadContext returned %v after the cancel", noLF, d)
		}
		var ie *InputError
		if !errors.Is(err, context.Canceled) || errors.As(err, &ie) || !strings.Contains(err.Error(), "interrupted while reading") {
			t.Errorf("noLF=%v: err = %v, want context.Canceled and not an *InputError", noLF, err)
		}
	}

	// Cancelled before it starts: nothing is opened.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	opened := false
	_, err := ReadContext(ctx, []Input{{Side: Base, Name: "b", Open: func() (io.ReadCloser, error) {
		opened = true
		return io.NopCloser(strings.NewReader("")), nil
	}}}, DefaultOptions)
	if !errors.Is(err, context.Canceled) || opened {
		t.Errorf("cancelled ReadContext: err = %v, opened %v", err, opened)
	}

	// Not cancelled: the same as Read.
	dir := t.TempDir()
	bp, hp := write(t, dir, "base.txt", rows("A-2", 6, "100")), write(t, dir, "head.txt", rows("A-2", 6, "120"))
	withCtx, err := LoadContext(context.Background(), []string{bp}, []string{hp}, DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	without, err := Load([]string{bp}, []string{hp}, DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	if dump(withCtx) != dump(without) {
		t.Errorf("LoadContext differs from Load:\n%s\n%s", dump(withCtx), dump(without))
	}
}
