//go:build unix

package runner

import (
	"os/exec"
	"syscall"
)

// setProcessGroup puts the child in a process group of its own and makes
// cancellation kill that whole group.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
