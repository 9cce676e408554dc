//go:build unix

package action

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// giveToWorkspaceOwner makes dir and everything in it belong to the owner
// of the workspace. A Docker action runs as root, the runner's later
// steps (upload-artifact, a cleanup, the next job's checkout of a
// self-hosted runner) as the workspace's owner, who could otherwise not
// remove or rewrite what benchgate wrote. It does nothing when benchgate
// is not root or the owner is root; it never follows a symlink.
func giveToWorkspaceOwner(workspace, dir string) error {
	if os.Geteuid() != 0 {
		return nil
	}
	fi, err := os.Stat(workspace)
	if err != nil {
		return err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || st.Uid == 0 {
		return nil
	}
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(path, int(st.Uid), int(st.Gid))
	})
}
