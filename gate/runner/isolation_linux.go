package runner

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// isolationUnavailable says why builds and sides cannot run as users of
// their own here, or "" if they can.
func isolationUnavailable() string {
	if uid := os.Geteuid(); uid != 0 {
		return fmt.Sprintf("benchgate runs as uid %d, not root", uid)
	}
	// A process with securebits (SECBIT_NO_SETUID_FIXUP, say) would keep
	// root's capabilities in the children it starts as other users.
	if bits, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prGetSecurebits, 0, 0); e != 0 || bits != 0 {
		return "benchgate runs with securebits set, which would let its children keep root's capabilities"
	}
	// chown, dac_override, fowner, kill, setgid, setuid: to hand
	// directories to the builder and the sides, to read and remove what
	// they leave, and to start and kill their processes.
	const need = 1<<0 | 1<<1 | 1<<3 | 1<<5 | 1<<6 | 1<<7
	if eff, err := capEff("/proc/self/status"); err != nil || eff&need != need {
		return "root lacks a capability it needs (CAP_CHOWN, CAP_DAC_OVERRIDE, CAP_FOWNER, CAP_KILL, CAP_SETGID, CAP_SETUID)"
	}
	for _, f := range []string{"/proc/self/uid_map", "/proc/self/gid_map"} {
		if !idsMapped(f, builderID, lastID) {
			return fmt.Sprintf("this user namespace does not map the ids %d-%d (%s)", builderID, lastID, f)
		}
	}
	return ""
}

// capEff reads the effective capabilities from a status file.
func capEff(path string) (uint64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "CapEff:"); ok {
			return strconv.ParseUint(strings.TrimSpace(v), 16, 64)
		}
	}
	return 0, errors.New("no CapEff line")
}

// idsMapped reports whether a uid_map or gid_map file maps every id from
// lo to hi.
func idsMapped(path string, lo, hi uint64) bool {
	f, err := os.Open(path)
	if err != nil {
		// No user namespaces: every id is what it is.
		return os.IsNotExist(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var inside, outside, n uint64
		if _, err := fmt.Sscan(sc.Text(), &inside, &outside, &n); err != nil {
			continue
		}
		if inside <= lo && hi < inside+n {
			return true
		}
	}
	return false
}

const prGetSecurebits = 27

var errRootUID = errors.New("refusing to kill every process of uid 0")

// signalAllAs kills every process of uid at once: a shell started as uid
// runs kill -KILL -1, which reaches exactly the processes that uid may
// signal, its own, and the kernel gives a process no chance to fork away
// from it. It is also cheaper than looking first: one short process
// (under a millisecond here) against a read of every process's status
// in /proc (several milliseconds on a host with a hundred processes),
// and a look could be outrun by a chain of processes that fork and exit.
// (Doing it from a thread of benchgate's whose uids were changed with
// raw system calls would save the process, but the thread can be the
// main one, whose credentials are what others see of the process.) A
// shell that does not finish (stopped by a tracer of the same uid) is
// killed after sweepTimeout, and the run fails.
func signalAllAs(uid uint32) error {
	if uid == 0 {
		return errRootUID
	}
	ctx, cancel := context.WithTimeout(context.Background(), sweepTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", "kill -KILL -1 2>/dev/null; exit 0")
	cmd.Env = []string{}
	cmd.Dir = "/"
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL,
		Credential: &syscall.Credential{Uid: uid, Gid: uid, Groups: []uint32{}}}
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("killing the processes of uid %d: %v %s", uid, err, out)
	}
	return nil
}

const sweepTimeout = 30 * time.Second
