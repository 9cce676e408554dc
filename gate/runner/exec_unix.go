//go:build unix && !linux

package runner

import (
	"os/exec"
	"syscall"
)

// setProcessGroup puts the child in a session and process group of its
// own (no controlling terminal: see the Linux version) and makes
// cancellation kill that whole group. Running as another user is Linux
// only (see isolation.go); as is never set here.
func setProcessGroup(cmd *exec.Cmd, as *Identity) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// runToEnd runs cmd, then kills what is left of its process group.
func runToEnd(cmd *exec.Cmd, as *Identity) error {
	if err := cmd.Start(); err != nil {
		return err
	}
	err := cmd.Wait()
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	return err
}
