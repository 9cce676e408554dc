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
	owner, ok, err := workspaceOwner(workspace)
	if !ok {
		return err
	}
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(path, int(owner.Uid), int(owner.Gid))
	})
}

// giveEntriesToWorkspaceOwner is giveToWorkspaceOwner for the entries
// themselves, not what is in them: for directories root made around
// contents that are the owner's already.
func giveEntriesToWorkspaceOwner(workspace string, paths ...string) error {
	owner, ok, err := workspaceOwner(workspace)
	if !ok {
		return err
	}
	for _, p := range paths {
		if err := os.Lchown(p, int(owner.Uid), int(owner.Gid)); err != nil {
			return err
		}
	}
	return nil
}

// workspaceOwner is the workspace's owner, and whether there is anything
// to give it: benchgate is root and the owner is not.
func workspaceOwner(workspace string) (*syscall.Stat_t, bool, error) {
	if os.Geteuid() != 0 {
		return nil, false, nil
	}
	fi, err := os.Stat(workspace)
	if err != nil {
		return nil, false, err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || st.Uid == 0 {
		return nil, false, nil
	}
	return st, true, nil
}
