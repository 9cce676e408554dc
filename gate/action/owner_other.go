//go:build !unix

package action

// giveToWorkspaceOwner does nothing where there are no uids to give.
func giveToWorkspaceOwner(workspace, dir string) error { return nil }

// giveEntriesToWorkspaceOwner does nothing where there are no uids to give.
func giveEntriesToWorkspaceOwner(workspace string, paths ...string) error { return nil }
