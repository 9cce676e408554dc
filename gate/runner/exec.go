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
}

func (c Cmd) String() string {
	return strings.TrimSpace(c.Path + " " + strings.Join(c.Args, " "))
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
// process group, and cancelling the context kills the whole group, so a
// "go" command's compilers or a benchmark's own children cannot outlive
// the gate.
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
	setProcessGroup(cmd)
	cmd.WaitDelay = e.WaitDelay
	if cmd.WaitDelay == 0 {
		cmd.WaitDelay = 5 * time.Second
	}
	return cmd.Run()
}
