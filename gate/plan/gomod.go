package plan

import (
	"fmt"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"
)

// GoModToolchain says which toolchain a go.mod asks for: its toolchain
// line if it has one, else the release its go line names. It returns the
// GOTOOLCHAIN value (go1.27.3; go1.21.0 for "go 1.21", since from Go 1.21
// on a release's first version ends in .0; go1.20 for "go 1.20") and the
// line it came from.
func GoModToolchain(data []byte) (toolchain, line string, err error) {
	f, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		// ParseLax tolerates what a newer go command wrote, but it
		// skips the toolchain line.
		f, err = modfile.ParseLax("go.mod", data, nil)
	}
	if err != nil {
		return "", "", fmt.Errorf("parsing go.mod: %w", err)
	}
	if f.Toolchain != nil && f.Toolchain.Name != "" {
		return f.Toolchain.Name, "toolchain " + f.Toolchain.Name, nil
	}
	if f.Go == nil || f.Go.Version == "" {
		return "", "", nil
	}
	v := f.Go.Version
	line = "go " + v
	if strings.Count(v, ".") == 1 && semver.Compare("v"+v, "v1.21") >= 0 {
		v += ".0"
	}
	return "go" + v, line, nil
}

// ToolchainBump compares the go.mod files of base and head. When they ask
// for different toolchains (a Renovate or Dependabot Go bump), it returns
// the two GOTOOLCHAIN values and a sentence for the report. When one of
// them is older than [OldestToolchain] (a go line such as "go 1.12",
// which before Go 1.21 named the language version, not a toolchain), it
// is not a bump: both sides keep the same toolchain, and why says so.
func ToolchainBump(baseMod, headMod []byte) (baseTC, headTC, why string, bumped bool) {
	b, bline, berr := GoModToolchain(baseMod)
	h, hline, herr := GoModToolchain(headMod)
	if berr != nil || herr != nil || b == "" || h == "" || b == h {
		return "", "", "", false
	}
	for _, tc := range []string{b, h} {
		if TooOld(tc) {
			return "", "", fmt.Sprintf("go.mod changed from %q to %q, but %s is older than %s, the oldest Go benchgate runs benchmarks with, so both sides build with the same toolchain: this compares the code alone", bline, hline, tc, OldestToolchain), false
		}
	}
	return b, h, fmt.Sprintf("go.mod changed from %q to %q, so each side builds with the toolchain its go.mod asks for", bline, hline), true
}
