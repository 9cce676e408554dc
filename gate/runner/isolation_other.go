//go:build !linux

package runner

import (
	"errors"
	"os"
	"runtime"
)

func isolationUnavailable() string {
	return "running commands as other users is Linux only, and this is " + runtime.GOOS
}

var errRootUID = errors.New("refusing to kill every process of uid 0")

// Without /proc there is nothing to sweep: a command's process group is
// killed when it ends, and that is all.
func sweepOrphans()        {}
func killUID(uint32) error { return nil }
func killLeftovers()       {}
func osPid() int           { return os.Getpid() }
