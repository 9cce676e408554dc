package cli

import (
	"fmt"
	"runtime/debug"

	"github.com/benchgate/benchgate/gate/usage"
)

// version is set at link time by builds that know it (the action's
// image: -ldflags "-X github.com/benchgate/benchgate/gate/cli.version=v1.2.3").
var version = ""

// buildVersion is the version this binary was built as: the one set at
// link time, else the module version that go install (or a go build in a
// tagged checkout) stamps, else "".
func buildVersion() string {
	if version != "" && version != "devel" {
		return version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Version == "(devel)" || bi.Main.Version == "" {
		return ""
	}
	return bi.Main.Version
}

const versionUsage = `Usage: benchgate version

Prints the version this binary was built as: the release tag of the
Action's image, the module version go install stamps, or devel.
`

// versionCmd is "benchgate version": -h prints its usage, as every other
// command's does; anything else after it is a mistake, not ignored.
func versionCmd(args []string, env *Env) error {
	if len(args) > 0 {
		switch args[0] {
		case "-h", "-help", "--help":
			fmt.Fprint(env.Stdout, versionUsage)
			return nil
		}
		return usage.Errorf("benchgate version takes no arguments", "unexpected argument %q after version", args[0])
	}
	fmt.Fprintln(env.Stdout, "benchgate", Version())
	return nil
}
