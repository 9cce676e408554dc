package action

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/benchgate/benchgate/gate/usage"
)

// withCacheDir points the go command's build and module caches (GOCACHE,
// GOMODCACHE; the module cache also holds the toolchains GOTOOLCHAIN
// downloads) into dir, relative to the workspace, unless the environment
// already names them: a directory that actions/cache can keep between
// jobs, so that test binaries are built from a warm cache. The directory
// gets a .gitignore, so that it is neither part of the working tree
// benchgate copies nor something git reports as changed.
func withCacheDir(environ []string, workspace, dir string) ([]string, error) {
	abs, err := within(workspace, dir, "cache-dir")
	if err != nil {
		return nil, err
	}
	for _, sub := range []string{"go-build", "mod"} {
		if err := os.MkdirAll(filepath.Join(abs, sub), 0o755); err != nil {
			return nil, usage.Errorf("", "input cache-dir: creating %s: %v", filepath.Join(dir, sub), err)
		}
	}
	ignore := filepath.Join(abs, ".gitignore")
	if _, err := os.Stat(ignore); err != nil {
		os.WriteFile(ignore, []byte("# Written by benchgate: the go command's caches.\n*\n"), 0o644)
	}
	has := func(name string) bool {
		for _, kv := range environ {
			if strings.HasPrefix(kv, name+"=") && len(kv) > len(name)+1 {
				return true
			}
		}
		return false
	}
	out := append([]string(nil), environ...)
	for name, sub := range map[string]string{"GOCACHE": "go-build", "GOMODCACHE": "mod"} {
		if !has(name) {
			out = append(out, fmt.Sprintf("%s=%s", name, filepath.Join(abs, sub)))
		}
	}
	return out, nil
}
