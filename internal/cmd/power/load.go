package main

import (
	"sync/atomic"
	"time"
)

// drift starts n busy loops that switch on and off every period, like a
// noisy CI neighbour, and returns a function that stops them.
func drift(period time.Duration, n int) func() {
	var stopped, on atomic.Bool
	on.Store(true)
	go func() {
		for !stopped.Load() {
			time.Sleep(period)
			on.Store(!on.Load())
		}
	}()
	for i := 0; i < n; i++ {
		go func() {
			x := 0
			for !stopped.Load() {
				if on.Load() {
					for j := 0; j < 1e6; j++ {
						x += j
					}
				} else {
					time.Sleep(10 * time.Millisecond)
				}
			}
			_ = x
		}()
	}
	return func() { stopped.Store(true) }
}
