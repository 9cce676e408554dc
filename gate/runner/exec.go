package runner

import (
	"context"
	"io"
	"os/exec"
	"strings"
	"time"
)

// Cmd is one external command: a go build step or a benchmark binary.
type Cmd struct {
	// Dir is the working directory; it is always set explicitly.
	Dir string
	// Env is the complete environment; nothing is inherited.
	Env []string
	// Path is the program, Args its arguments (without the program).
	Path string
	Args []string
	// As, if not nil, is the user the command runs as (benchgate runs as
	// root; see isolation.go). Nil runs it as benchgate's own user.
	As *Identity
}

func (c Cmd) String() string {
	return strings.TrimSpace(c.Path + " " + strings.Join(c.Args, " "))
}

// Identity is a user and group a command runs as, given by number: the
// ids benchgate uses exist in no /etc/passwd, and need not.
type Identity struct {
	UID, GID uint32
	// Sole says that nothing else runs as UID: when a command of this
	// identity ends, every process of UID is killed, wherever it went
	// (setsid, double fork). A side's identity is one; the builder's,
	// shared by concurrent runs, is not.
	Sole bool
}

// Executor runs commands. The real one is [OSExecutor]; tests substitute
// their own to check what would run without running it.
type Executor interface {
	// Run runs c, copying its standard output and standard error (merged,
	// in order) to out, and returns when it has exited. A non-zero exit is
	// an error (*exec.ExitError for the real executor).
	Run(ctx context.Context, c Cmd, out io.Writer) error
}

// OSExecutor runs commands as child processes. Each child gets its own
// process group, and cancelling the context kills the whole group. When
// the child has exited, and before Run returns, everything it left
// behind is killed too: the rest of its process group, on Linux the
// processes that escaped it (reparented to benchgate, a child subreaper)
// and, for a [Identity] that is Sole, every process of that uid. On
// Linux the child also dies with benchgate (the parent-death signal), so
// neither a "go" command's compilers nor a benchmark's own children
// outlive the gate.
type OSExecutor struct {
	// WaitDelay bounds how long Run waits for output after a kill.
	WaitDelay time.Duration
}

// Run implements Executor.
func (e OSExecutor) Run(ctx context.Context, c Cmd, out io.Writer) error {
	cmd := exec.CommandContext(ctx, c.Path, c.Args...)
	cmd.Dir = c.Dir
	cmd.Env = c.Env
	if cmd.Env == nil {
		cmd.Env = []string{}
	}
	cmd.Stdout = out
	cmd.Stderr = out
	setProcessGroup(cmd, c.As)
	cmd.WaitDelay = e.WaitDelay
	if cmd.WaitDelay == 0 {
		cmd.WaitDelay = 5 * time.Second
	}
	return runToEnd(cmd, c.As)
}
