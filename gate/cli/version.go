package cli

import "runtime/debug"

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
