package cli

import "runtime/debug"

// buildVersion reads the module version stamped by go install.
func buildVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Version == "(devel)" {
		return ""
	}
	return bi.Main.Version
}
