package runner

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
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

// TestTempDirSurvivesSweeps: another run's sweep (removeStale, in a
// process of its own, as a concurrent benchgate would run it) never takes
// the directory of a run that is making it. The lock file used to be
// created first and locked after, and a sweep that came between took the
// free lock and removed the directory: "chmod …: no such file or
// directory" in a test run of `go test ./...`.
func TestTempDirSurvivesSweeps(t *testing.T) {
	if base := os.Getenv("BENCHGATE_TEST_SWEEP"); base != "" {
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
			removeStale(base)
		}
		return
	}
	base := t.TempDir()
	sweeper := exec.Command(os.Args[0], "-test.run=^TestTempDirSurvivesSweeps$")
	sweeper.Env = append(os.Environ(), "BENCHGATE_TEST_SWEEP="+base)
	if err := sweeper.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		sweeper.Process.Kill()
		sweeper.Wait()
	}()
	made, lost := 0, 0
	for deadline := time.Now().Add(time.Second); time.Now().Before(deadline); made++ {
		dir, unlock, err := makeTempDir(base, true)
		if err == nil {
			_, err = os.Stat(filepath.Join(dir, tmpLockName))
		}
		if err != nil {
			lost++
			t.Logf("made %d: %v", made, err)
			continue
		}
		unlock()
		os.RemoveAll(dir)
	}
	if lost > 0 {
		t.Errorf("a concurrent sweep removed %d of the %d directories as they were made", lost, made)
	}
}
