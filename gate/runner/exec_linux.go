package runner

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"sync"
	"syscall"
	"unsafe"
)

// setProcessGroup puts the child in a session and process group of its
// own, makes cancellation kill that whole group, makes the child die with
// benchgate (the parent-death signal), and runs it as as, with no
// supplementary groups, when as is set. The go command's own children
// (compilers, linker) are in its group. A session of its own leaves it
// no controlling terminal: in benchgate's session, code under test could
// open /dev/tty and type commands into the shell of the user who started
// benchgate (TIOCSTI), or take the terminal's foreground and read what
// that user types, whatever uid it runs as.
func setProcessGroup(cmd *exec.Cmd, as *Identity) {
	closeInheritedFiles()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
	if as != nil {
		cmd.SysProcAttr.Credential = &syscall.Credential{Uid: as.UID, Gid: as.GID, Groups: []uint32{}}
	}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// runToEnd runs cmd and, once it has exited but before it is reaped (so
// that its pid, which is its process group's id, cannot have been
// reused), kills what is left of its process group, every process of
// as's uid if it is Sole (signalAllAs, one atomic kill(-1) as that uid),
// and the processes that escaped to benchgate (sweepOrphans). Only then
// does it wait for cmd's output to end. Whether a killed process of the
// uid outside benchgate's tree has finished dying is not waited for
// here: it cannot run another instruction of its own, and the
// isolation's close checks that none is left (killUID).
func runToEnd(cmd *exec.Cmd, as *Identity) error {
	becomeSubreaper()
	// The parent-death signal fires when the thread that started the
	// child exits, not the process (golang/go#27505), and the Go runtime
	// may end an idle thread: this goroutine keeps its thread until the
	// child is gone.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	children.Lock()
	err := cmd.Start()
	if err == nil {
		children.live[cmd.Process.Pid] = true
	}
	children.Unlock()
	if err != nil {
		return err
	}
	pid := cmd.Process.Pid
	waitExited(pid)
	syscall.Kill(-pid, syscall.SIGKILL)
	var killErr error
	if as != nil && as.Sole {
		killErr = signalAllAs(as.UID)
	}
	sweepOrphans()
	err = cmd.Wait()
	children.Lock()
	delete(children.live, pid)
	children.Unlock()
	if err == nil {
		err = killErr
	}
	return err
}

// waitExited blocks until process pid has exited, leaving it a zombie for
// os/exec to reap (waitid with WNOWAIT).
func waitExited(pid int) {
	const pPID, wEXITED, wNOWAIT = 1, 4, 0x1000000
	var info [128]byte // siginfo_t
	for {
		_, _, e := syscall.Syscall6(syscall.SYS_WAITID, pPID, uintptr(pid), uintptr(unsafe.Pointer(&info[0])), wEXITED|wNOWAIT, 0, 0)
		if !errors.Is(e, syscall.EINTR) {
			return
		}
	}
}

// closeInheritedFiles marks close-on-exec every file descriptor above
// standard error that benchgate's process holds, once, before its first
// command: what it opens itself is close-on-exec already, but a
// descriptor its parent left open without the flag (a shell's exec 7>>f,
// a job runner's pipe) would otherwise pass to every process it starts,
// code under test included, to write or read as benchgate's user could.
var closeInheritedFiles = sync.OnceFunc(func() {
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return
	}
	for _, e := range fds {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			syscall.CloseOnExec(fd)
		}
	}
})
