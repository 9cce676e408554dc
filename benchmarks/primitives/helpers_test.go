package primitives

import (
	"fmt"
	"sync"
	"testing"
)

// check fails the benchmark on a set-up error.
func check(b *testing.B, err error) {
	b.Helper()
	if err != nil {
		b.Fatal(err)
	}
}

// payload returns n deterministic bytes (i mod 251), the input of every
// hash and cipher benchmark.
func payload(n int) []byte {
	p := make([]byte, n)
	for i := range p {
		p[i] = byte(i % 251)
	}
	return p
}

// sizeName renders a byte count as the size= value of a benchmark name.
func sizeName(n int) string {
	switch {
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%dKiB", n>>10)
	default:
		return fmt.Sprintf("%dB", n)
	}
}

// firstError records the first failure of a b.RunParallel body, whose
// goroutines must not call b.Fatal themselves.
type firstError struct {
	mu  sync.Mutex
	err error
}

func (f *firstError) set(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err == nil {
		f.err = err
	}
}

func (f *firstError) get() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

// once returns a function that calls compute the first time and returns its
// results from then on: a benchmark's input computed once per process,
// not on every call the testing package makes (once per -count, and at a
// count -benchtime once at b.N = 1 before the call it reports).
// Benchmarks run one at a time, so it needs no lock.
func once(compute func() ([]byte, error)) func() ([]byte, error) {
	var (
		done bool
		v    []byte
		err  error
	)
	return func() ([]byte, error) {
		if !done {
			v, err = compute()
			done = true
		}
		return v, err
	}
}
