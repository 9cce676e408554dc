//go:build !unix

package runner

// Without flock, directories are not locked, and removeStale goes by
// pids alone (processExists).
func lockDir(string) (func(), error)   { return func() {}, nil }
func tryLockDir(string) (func(), bool) { return nil, false }
func processExists(pid int) bool       { return true }

const oNoFollow = 0

func ownedByMe(string) bool { return true }
