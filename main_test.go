package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"benchgate": main, "interrupt-probe": interruptProbe})
}

// TestScripts runs the CLI end to end from the txtar scripts in
// testdata/script: flags, messages, exit codes, and real gate runs on
// throwaway git repositories with the real go command.
//
// TestEndToEnd runs the scripts in testdata/e2e, which build and run real
// benchmarks and take seconds to tens of seconds each; -short skips them
// for quick local loops, and .ci/run runs them.
func TestScripts(t *testing.T) {
	testscript.Run(t, params(t, "testdata/script"))
}

func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping real benchmark runs")
	}
	p := params(t, "testdata/e2e")
	setup := p.Setup
	p.Setup = func(env *testscript.Env) error {
		measureAlone(env)
		return setup(env)
	}
	testscript.Run(t, p)
}

// measuring keeps the e2e scripts whose verdict is a measurement from
// sharing the machine with other scripts. Those scripts' names start with
// "e2e_": they assert that a 30% or a 2x slowdown is a regression, which
// on two cores shared with another script's builds and benchmarks can
// measure at ±70% and end inconclusive (a correct verdict for such noise,
// but not the one under test). The other scripts (hardening_, untrusted_)
// check errors and refusals, which noise does not change; they run in
// parallel with each other.
var measuring sync.RWMutex

func measureAlone(env *testscript.Env) {
	name := ""
	if n, ok := env.T().(interface{ Name() string }); ok {
		name = filepath.Base(n.Name())
	}
	if strings.HasPrefix(name, "e2e_") {
		measuring.Lock()
		env.Defer(measuring.Unlock)
		return
	}
	measuring.RLock()
	env.Defer(measuring.RUnlock)
}

func params(t *testing.T, dir string) testscript.Params {
	return testscript.Params{
		Dir:                 dir,
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			// The go command and git need a real cache, module cache,
			// proxy and identity; testscript's sandbox has none.
			for _, k := range []string{"PATH", "GOCACHE", "GOMODCACHE", "GOPATH", "GOPROXY", "GOSUMDB", "GOFLAGS", "GONOSUMDB", "GOPRIVATE"} {
				if v := goenv(t, k); v != "" {
					env.Setenv(k, v)
				}
			}
			env.Setenv("GOTOOLCHAIN", "local")
			env.Setenv("GIT_AUTHOR_NAME", "benchgate test")
			env.Setenv("GIT_AUTHOR_EMAIL", "test@benchgate.invalid")
			env.Setenv("GIT_COMMITTER_NAME", "benchgate test")
			env.Setenv("GIT_COMMITTER_EMAIL", "test@benchgate.invalid")
			env.Setenv("GIT_CONFIG_NOSYSTEM", "1")
			env.Setenv("HOME", env.WorkDir)
			// $WORK is private to its owner; PUBLIC is a directory that
			// other users can reach, for scripts that check what they can
			// do (benchgate runs benchmarks as other users when root).
			public, err := os.MkdirTemp("", "benchgate-e2e-public-")
			if err != nil {
				return err
			}
			env.Defer(func() { os.RemoveAll(public) })
			env.Setenv("PUBLIC", public)
			// TESTDATA is this repository's testdata, for files a script
			// cannot hold (testdata/pgo's binary profile).
			testdata, err := filepath.Abs("testdata")
			if err != nil {
				return err
			}
			env.Setenv("TESTDATA", testdata)
			return os.Chmod(public, 0o755)
		},
		// [root]: the script runs as root, so benchgate separates users.
		Condition: func(cond string) (bool, error) {
			if cond == "root" {
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
	}
}

// goenv returns an environment variable, or for go variables what
// "go env" says, so that tests use the same caches as the developer.
func goenv(t *testing.T, key string) string {
	if v := os.Getenv(key); v != "" || key == "PATH" {
		return v
	}
	if !strings.HasPrefix(key, "GO") {
		return ""
	}
	out, err := exec.Command("go", "env", key).Output()
	if err != nil {
		t.Logf("go env %s: %v", key, err)
		return ""
	}
	v := strings.TrimSpace(string(out))
	if key == "GOCACHE" || key == "GOMODCACHE" || key == "GOPATH" {
		v = filepath.Clean(v)
	}
	return v
}
