//go:build !unix

package runner

import "os"

// lockFile does nothing where flock is not available; the results files'
// own checks (see files.go) still catch a second writer.
func lockFile(f *os.File) error { return nil }

func unlockFile(f *os.File) {}
