//go:build !unix

package runner

import "os/exec"

// setProcessGroup is a no-op where process groups are not available; the
// default cancellation kills the direct child only.
func setProcessGroup(cmd *exec.Cmd, as *Identity) {}

func runToEnd(cmd *exec.Cmd, as *Identity) error { return cmd.Run() }
