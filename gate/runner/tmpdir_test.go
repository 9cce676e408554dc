package runner

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestRemoveStale: a directory whose run is gone is removed, whether it
// has a free lock or, without one, a pid that no longer runs; one whose
// lock is held, without a lock whose pid runs, or another user's, is
// kept.
func TestRemoveStale(t *testing.T) {
	base := t.TempDir()
	dead := deadPID(t)
	mk := func(name string, lock bool) string {
		d := filepath.Join(base, name)
		os.MkdirAll(filepath.Join(d, "src0"), 0o755)
		if lock {
			os.WriteFile(filepath.Join(d, tmpLockName), nil, 0o600)
		}
		return d
	}
	freeLock := mk(fmt.Sprintf("benchgate-%d-1", 1), true)
	noLockDead := mk(fmt.Sprintf("benchgate-%d-2", dead), false)
	noLockAlive := mk(fmt.Sprintf("benchgate-%d-3", 1), false)
	held := mk(fmt.Sprintf("benchgate-%d-4", dead), false)
	unlock, err := lockDir(filepath.Join(held, tmpLockName))
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	other := mk("unrelated", false)
	want := 2
	someoneElses := ""
	if os.Geteuid() == 0 {
		// Another user's, with a free lock: not ours to remove.
		someoneElses = mk(fmt.Sprintf("benchgate-%d-5", dead), true)
		os.Lchown(someoneElses, 65534, 65534)
	}
	if n := removeStale(base); n != want {
		t.Errorf("removed %d, want %d", n, want)
	}
	kept := map[string]bool{freeLock: false, noLockDead: false, noLockAlive: true, held: true, other: true}
	if someoneElses != "" {
		kept[someoneElses] = true
	}
	for d, want := range kept {
		if _, err := os.Stat(d); (err == nil) != want {
			t.Errorf("%s exists: %v, want %v", filepath.Base(d), err == nil, want)
		}
	}
}

// deadPID is the pid of a process that has exited.
func deadPID(t *testing.T) int {
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// TestSideIDs: blocks of different processes and slots never overlap,
// stay in the documented range, and lead back to their process.
func TestSideIDs(t *testing.T) {
	if got := sideID(0, 0, 0); got != sideIDBase {
		t.Errorf("first side id %d", got)
	}
	last := sideID(maxPID-1, slotsPerProcess-1, idsPerRun-1)
	if last != lastID || last >= 1<<31-1<<17 {
		t.Errorf("last side id %d, lastID %d", last, lastID)
	}
	if sideID(7, 0, 0) == sideID(6, slotsPerProcess-1, idsPerRun-1) || sideID(7, 1, 0) != sideID(7, 0, idsPerRun-1)+1 {
		t.Error("blocks overlap or leave gaps")
	}
	for _, pid := range []int{1, 4242, maxPID - 1} {
		if owner, ok := sideIDOwner(sideID(pid, 3, 5)); !ok || owner != pid {
			t.Errorf("owner of %d's id: %d %v", pid, owner, ok)
		}
	}
	if _, ok := sideIDOwner(builderID); ok {
		t.Error("the builder's id has an owner")
	}
}
