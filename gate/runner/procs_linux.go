package runner

// The processes benchgate starts, as Linux's /proc shows them: which are
// still its children, which escaped their process group, and which run
// as a side's uid. Everything here is process-wide, as the kernel's
// notion of children is.

import (
	"bytes"
	"os"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// children are the pids of the commands OSExecutor has started and not
// yet reaped. A sweep never touches them: os/exec waits for them.
var children = struct {
	sync.Mutex
	live map[int]bool
}{live: map[int]bool{}}

// subreaper makes benchgate a child subreaper once: a process that leaves
// its parent (setsid and exit, a double fork) becomes benchgate's child,
// not init's, so that sweepOrphans finds it. In a container benchgate is
// PID 1 and has them anyway.
var subreaper sync.Once

const prSetChildSubreaper = 36

func becomeSubreaper() {
	subreaper.Do(func() {
		syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
	})
}

// proc is one process in /proc.
type proc struct {
	ppid, pgid int
	state      byte
}

// readProcs reads every process's parent, process group and state.
func readProcs() map[int]proc {
	out := map[int]proc{}
	d, err := os.Open("/proc")
	if err != nil {
		return out
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	for _, n := range names {
		pid, err := strconv.Atoi(n)
		if err != nil {
			continue
		}
		if p, ok := readProc(pid); ok {
			out[pid] = p
		}
	}
	return out
}

// procUID returns the real uid of process pid.
func procUID(pid int) (uint32, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, false
	}
	for _, l := range bytes.Split(b, []byte("\n")) {
		if rest, ok := bytes.CutPrefix(l, []byte("Uid:")); ok {
			f := bytes.Fields(rest)
			if len(f) == 0 {
				return 0, false
			}
			u, err := strconv.ParseUint(string(f[0]), 10, 32)
			return uint32(u), err == nil
		}
	}
	return 0, false
}

// reap collects the exit status of pid, a zombie child of benchgate that
// os/exec does not wait for.
func reap(pid int) {
	var ws syscall.WaitStatus
	syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
}

// readProc reads one process's parent, process group and state.
func readProc(pid int) (proc, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return proc{}, false
	}
	// pid (comm) state ppid pgrp ...; comm may hold anything, so the
	// fields start after its last ')'.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return proc{}, false
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 3 || len(f[0]) != 1 {
		return proc{}, false
	}
	ppid, _ := strconv.Atoi(string(f[1]))
	pgid, _ := strconv.Atoi(string(f[2]))
	return proc{ppid: ppid, pgid: pgid, state: f[0][0]}, true
}

// ownChildren returns benchgate's children from the kernel's lists of
// each thread's children (a subreaper's adopted orphans are in them
// too), or false where this kernel keeps no such files
// (CONFIG_PROC_CHILDREN). A zombie stays in its parent's list until it
// is reaped, and a process is adopted before its parent becomes a
// zombie, so a chain of processes that fork and exit cannot be missing
// from the lists all at once.
func ownChildren() ([]int, bool) {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return nil, false
	}
	var pids []int
	read := false
	for _, t := range tasks {
		b, err := os.ReadFile("/proc/self/task/" + t.Name() + "/children")
		if os.IsNotExist(err) {
			// A thread that has exited (the Go runtime rarely ends
			// one; its children go to another thread, and the next
			// sweep), or a kernel without the files.
			continue
		}
		if err != nil {
			return nil, false
		}
		read = true
		for _, f := range bytes.Fields(b) {
			if pid, err := strconv.Atoi(string(f)); err == nil {
				pids = append(pids, pid)
			}
		}
	}
	return pids, read
}

// mayHaveOrphans is the quick look that spares sweepOrphans its scan of
// /proc (several milliseconds on a host with a hundred processes, after
// every benchmark process): false only if every child benchgate has is a
// command it waits for or in its own process group.
func mayHaveOrphans(self, pgrp int) bool {
	kids, ok := ownChildren()
	if !ok {
		return true
	}
	for _, pid := range kids {
		if children.live[pid] {
			continue
		}
		p, ok := readProc(pid)
		if !ok {
			// Gone between the list and its stat: look again with the
			// whole table.
			return true
		}
		if isOrphan(pid, p, self, pgrp) {
			return true
		}
	}
	return false
}

// isOrphan says whether process pid is one a sweep is for: benchgate's
// child, outside benchgate's own process group, and not a command that
// OSExecutor waits for. children must be locked.
func isOrphan(pid int, p proc, self, pgrp int) bool {
	return p.ppid == self && p.pgid != pgrp && !children.live[pid]
}

// sweepOrphans kills the processes that left the process group of a
// command benchgate started and ended up as benchgate's children (see
// becomeSubreaper), with everything they started, and reaps them. A
// process that stayed in benchgate's own process group (git, run by
// package gitx without a group of its own) is not one of them.
func sweepOrphans() {
	self, pgrp := os.Getpid(), syscall.Getpgrp()
	children.Lock()
	quick := !mayHaveOrphans(self, pgrp)
	children.Unlock()
	if quick {
		return
	}
	for try := 1; try <= 100; try++ {
		children.Lock()
		procs := readProcs()
		var orphans []int
		for pid, p := range procs {
			if isOrphan(pid, p, self, pgrp) {
				orphans = append(orphans, pid)
			}
		}
		busy := false
		for _, pid := range withDescendants(procs, orphans) {
			if procs[pid].state != 'Z' {
				syscall.Kill(pid, syscall.SIGKILL)
				busy = true
			}
		}
		for _, pid := range orphans {
			if procs[pid].state == 'Z' {
				reap(pid)
				// What it started may have been adopted after the
				// table was read: read it again.
				busy = true
			}
		}
		children.Unlock()
		if !busy {
			return
		}
		time.Sleep(time.Duration(try) * time.Millisecond)
	}
}

// withDescendants returns roots and every process below them.
func withDescendants(procs map[int]proc, roots []int) []int {
	kids := map[int][]int{}
	for pid, p := range procs {
		kids[p.ppid] = append(kids[p.ppid], pid)
	}
	seen := map[int]bool{}
	out := append([]int(nil), roots...)
	for i := 0; i < len(out); i++ {
		if seen[out[i]] {
			continue
		}
		seen[out[i]] = true
		out = append(out, kids[out[i]]...)
	}
	return out
}

// killUID kills every process whose real uid is uid, however it got
// there, and waits until none is left (zombies aside, which it reaps
// where they are benchgate's). It is for a side's uid, which nothing
// else uses.
func killUID(uid uint32) error {
	if uid == 0 {
		return errRootUID
	}
	self := os.Getpid()
	for try := 0; ; try++ {
		live := 0
		children.Lock()
		for pid, p := range readProcs() {
			if u, ok := procUID(pid); !ok || u != uid {
				continue
			}
			if p.state != 'Z' {
				live++
			} else if p.ppid == self && !children.live[pid] {
				reap(pid)
			}
		}
		children.Unlock()
		if live == 0 {
			return nil
		}
		if try == 100 {
			return &survivorsError{uid: uid, n: live}
		}
		if err := signalAllAs(uid); err != nil {
			return err
		}
		time.Sleep(time.Duration(try+1) * time.Millisecond)
	}
}

// killLeftovers kills the processes of side ids whose run is gone: its
// process no longer exists (benchgate was killed with SIGKILL, and what
// the side had started escaped the parent-death signal).
func killLeftovers() {
	dead := map[uint32]bool{}
	for pid := range readProcs() {
		uid, ok := procUID(pid)
		if !ok {
			continue
		}
		owner, ok := sideIDOwner(uid)
		if ok && !processExists(owner) {
			dead[uid] = true
		}
	}
	for uid := range dead {
		killUID(uid)
	}
}

func osPid() int { return os.Getpid() }
