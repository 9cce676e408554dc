package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// interruptProbe is main's signal handling around work that ignores its
// context once cancelled, as a read of /dev/zero once did: only the
// second signal can end it. testdata/script/hardening_interrupt.txtar
// runs it as a real process.
func interruptProbe() {
	ctx, stop := interruptContext(os.Stderr, os.Exit)
	defer stop()
	fmt.Println("ready")
	<-ctx.Done()
	fmt.Fprintln(os.Stderr, "probe: cancelled, and carrying on regardless")
	time.Sleep(time.Hour)
	os.Exit(0)
}

// syncBuffer is a bytes.Buffer safe for the watcher and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestWatchSignals(t *testing.T) {
	sigs := make(chan os.Signal, 2)
	done := make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stderr syncBuffer
	exited := make(chan int, 1)
	go watchSignals(sigs, done, cancel, &stderr, func(code int) { exited <- code })

	sigs <- os.Interrupt
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the first signal did not cancel the context")
	}
	select {
	case code := <-exited:
		t.Fatalf("the first signal exited (%d)", code)
	case <-time.After(50 * time.Millisecond):
	}
	sigs <- syscall.SIGTERM
	select {
	case code := <-exited:
		if code != 3 {
			t.Errorf("the second signal exited %d, want 3", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the second signal did not exit")
	}
	for _, want := range []string{"benchgate: interrupt: stopping and cleaning up (a second signal exits at once)",
		"benchgate: terminated again: exiting at once with code 3"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr %q lacks %q", stderr.String(), want)
		}
	}

	// Once the run is over (stop), signals are not acted on.
	sigs2 := make(chan os.Signal, 2)
	done2 := make(chan struct{})
	cancelled := false
	finished := make(chan struct{})
	go func() {
		watchSignals(sigs2, done2, func() { cancelled = true }, &stderr, func(int) { t.Error("exit after done") })
		close(finished)
	}()
	close(done2)
	<-finished
	if cancelled {
		t.Error("cancelled after done")
	}
}
