package runner

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
)

// FindGo finds the go command for a run whose children get environment
// env: on env's PATH, else where Go is installed when PATH does not say
// (GOROOT, the Go that built benchgate, /usr/local/go: the golang image's
// place, which a runner that passes its own PATH into the container leaves
// out). It returns the command's path and env with its directory first on
// PATH, so that the children find the same go; or "go" and env unchanged
// when there is none, and the first go command then says so.
func FindGo(env []string) (string, []string) {
	path := getEnv(env, "PATH")
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			continue
		}
		if p := filepath.Join(dir, "go"); executable(p) {
			return p, env
		}
	}
	for _, root := range []string{getEnv(env, "GOROOT"), runtime.GOROOT(), "/usr/local/go"} {
		if root == "" {
			continue
		}
		if p := filepath.Join(root, "bin", "go"); executable(p) {
			bin := filepath.Dir(p)
			if path != "" {
				bin += string(filepath.ListSeparator) + path
			}
			return p, setEnv(env, "PATH", bin)
		}
	}
	if p, err := exec.LookPath("go"); err == nil {
		return p, env
	}
	return "go", env
}

func executable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
}
