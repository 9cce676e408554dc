//go:build unix

package runner

import (
	"os"
	"syscall"
)

// lockDir creates and locks path for as long as the process lives or
// until unlock.
func lockDir(path string) (unlock func(), err error) {
	// The file is locked under another name and renamed into place, so
	// that a sweep (removeStale) never finds it at path unlocked: one
	// that came between creating and locking it took the free lock and
	// removed the directory of a run being made.
	making := path + ".new"
	f, err := os.OpenFile(making, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, err
	}
	if err := lockFile(f); err != nil {
		f.Close()
		os.Remove(making)
		return nil, err
	}
	if err := os.Rename(making, path); err != nil {
		f.Close()
		os.Remove(making)
		return nil, err
	}
	return func() { f.Close() }, nil
}

// tryLockDir takes the lock at path if no one holds it. held says
// someone does; unlock is nil when there is no lock file.
func tryLockDir(path string) (unlock func(), held bool) {
	f, err := os.OpenFile(path, os.O_RDWR|oNoFollow, 0)
	if err != nil {
		return nil, false
	}
	if err := lockFile(f); err != nil {
		f.Close()
		return nil, true
	}
	return func() { f.Close() }, false
}

// processExists reports whether a process with this pid exists.
func processExists(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}

// oNoFollow makes an open fail on a symbolic link.
const oNoFollow = syscall.O_NOFOLLOW

// ownedByMe reports whether path (not followed) belongs to benchgate's
// effective uid.
func ownedByMe(path string) bool {
	var st syscall.Stat_t
	return syscall.Lstat(path, &st) == nil && st.Uid == uint32(os.Geteuid())
}
