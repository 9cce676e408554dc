package runner

// Privilege separation. In a Docker action benchgate runs as root, and a
// pull request's benchmarks are a stranger's code: run as benchgate's own
// user, that code could read benchgate's /proc/<pid>/environ (the token,
// the runtime tokens), append to the runner's file commands (GITHUB_ENV,
// GITHUB_OUTPUT), rewrite the other side's test binary, and leave
// processes behind that write after benchgate. So, when benchgate is
// root on Linux, nothing it starts runs as root:
//
//   - the go command (go env, go list, go test -c) runs as the builder,
//     uid and gid builderID;
//   - each side's test binaries (listing and rounds) run as a uid and gid
//     of the side's own, from a block of idsPerRun ids that only this run
//     uses (sideID: the block is chosen by benchgate's pid and a slot
//     within the process, so concurrent runs on one machine never share
//     one), with no supplementary groups (not the docker group, say).
//
// The ids lie in 2000000000..2134217735, above the ranges systemd hands
// out to users, dynamic users and containers' shifted ids (at most
// 1879048191) and below 2^31, which some tools mishandle; no /etc/passwd
// entry is needed or made. With them, file permissions and the kernel's
// ptrace rules do the rest: the code under test cannot read benchgate's
// environment, signal it, or write anything root or another side owns.
// What each may write is arranged by the run stage (see runState.layout).
//
// Where this cannot be had (not root, not Linux, a user namespace that
// does not map the ids, a missing capability, securebits set), the run
// says so in one progress line and goes on with the code under test
// running as benchgate's own user, which is all a normal user's command
// line can do: then only the allowlisted environment, the sources
// without .git, the process sweeps and the output cap stand between the
// code under test and benchgate.

import (
	"fmt"
	"sync"
)

const (
	// builderID is the uid and gid the go command runs as. It is fixed,
	// so that the build and module caches it writes (see caches.go) serve
	// every run; the go command runs no code of the module it builds.
	builderID = 2_000_000_000
	// sideIDBase is the first of the sides' ids.
	sideIDBase = builderID + idsPerRun
	// idsPerRun is the size of one run's block: at most that many sides.
	idsPerRun = 8
	// slotsPerProcess is how many runs one process can have under way at
	// once (tests run some in parallel); more wait for a slot.
	slotsPerProcess = 4
	// maxPID bounds Linux pids (PID_MAX_LIMIT, 2^22).
	maxPID = 1 << 22
	// lastID is the highest id any run uses.
	lastID = sideIDBase + maxPID*slotsPerProcess*idsPerRun - 1
)

// sideID is the uid (and gid) of side i in slot of the process pid.
func sideID(pid, slot, i int) uint32 {
	return uint32(sideIDBase + (pid*slotsPerProcess+slot)*idsPerRun + i)
}

// sideIDOwner is the pid of the process whose runs use the side id id,
// or false if id is none.
func sideIDOwner(id uint32) (int, bool) {
	if id < sideIDBase || id > lastID {
		return 0, false
	}
	return int(id-sideIDBase) / idsPerRun / slotsPerProcess, true
}

// isolation is how one run keeps what it starts apart from benchgate and
// from each other.
type isolation struct {
	// on says that builds and sides run as their own users.
	on bool
	// note is the progress line that says which.
	note    string
	builder Identity
	sides   []Identity
	release func()
}

// builderAs is the identity of the go command, or nil to run it as
// benchgate's own user.
func (iso *isolation) builderAs() *Identity {
	if !iso.on {
		return nil
	}
	b := iso.builder
	return &b
}

// sideAs is the identity of side i's test binaries, or nil.
func (iso *isolation) sideAs(i int) *Identity {
	if !iso.on {
		return nil
	}
	s := iso.sides[i]
	return &s
}

// close kills whatever is left of the sides' processes and gives the
// slot back.
func (iso *isolation) close() error {
	var err error
	if iso.on {
		for _, s := range iso.sides {
			if e := killUID(s.UID); e != nil && err == nil {
				err = e
			}
		}
	}
	sweepOrphans()
	if iso.release != nil {
		iso.release()
		iso.release = nil
	}
	return err
}

// slots are this process's run slots (see sideID).
var slots struct {
	sync.Mutex
	busy [slotsPerProcess]bool
	free *sync.Cond
}

// acquireSlot waits for a free slot and returns it with its release.
func acquireSlot() (int, func()) {
	slots.Lock()
	defer slots.Unlock()
	if slots.free == nil {
		slots.free = sync.NewCond(&slots.Mutex)
	}
	for {
		for i, b := range slots.busy {
			if !b {
				slots.busy[i] = true
				return i, func() {
					slots.Lock()
					slots.busy[i] = false
					slots.Unlock()
					slots.free.Signal()
				}
			}
		}
		slots.free.Wait()
	}
}

// newIsolation decides how a run of the sides named is isolated: with
// ids of its own where isolationUnavailable finds nothing against it,
// else not.
func newIsolation(names []string) (*isolation, error) {
	why := isolationUnavailable()
	if why != "" {
		return &isolation{note: "no privilege separation: " + why + "; the go command and the benchmarks run as benchgate's own user"}, nil
	}
	n := len(names)
	if n > idsPerRun {
		return nil, fmt.Errorf("%d sides are more than the %d a run can give users of their own", n, idsPerRun)
	}
	slot, release := acquireSlot()
	iso := &isolation{on: true, builder: Identity{UID: builderID, GID: builderID}, release: release}
	pid := osPid()
	for i := 0; i < n; i++ {
		id := sideID(pid, slot, i)
		iso.sides = append(iso.sides, Identity{UID: id, GID: id, Sole: true})
	}
	// A run that died earlier with this process's pid may have left
	// processes with these ids; so may runs whose process is gone.
	killLeftovers()
	for _, s := range iso.sides {
		if err := killUID(s.UID); err != nil {
			iso.close()
			return nil, err
		}
	}
	iso.note = fmt.Sprintf("privilege separation: the go command runs as uid %d", builderID)
	for i, s := range iso.sides {
		iso.note += fmt.Sprintf(", %s's benchmarks as uid %d", names[i], s.UID)
	}
	return iso, nil
}

// survivorsError says processes of a side's uid outlived SIGKILL (stuck
// in the kernel, say): the next process must not start beside them.
type survivorsError struct {
	uid uint32
	n   int
}

func (e *survivorsError) Error() string {
	return fmt.Sprintf("%d process(es) of uid %d are still running after SIGKILL; nothing more is run beside them", e.n, e.uid)
}
