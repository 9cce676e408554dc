package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// PackageNotFoundError says a package pattern names a directory that no
// side has: a typo, or a path relative to another directory. It is a
// mistake in the configuration, not a failed build.
type PackageNotFoundError struct {
	// Pattern is the pattern as the user gave it; Dir is where it was
	// looked for, the directory benchgate runs in.
	Pattern, Dir string
}

func (e *PackageNotFoundError) Error() string {
	return fmt.Sprintf("package %s does not exist: %s is not a directory, on any side", e.Pattern, filepath.Join(e.Dir, patternDir(e.Pattern)))
}

// patternDir is the directory a local package pattern (".", "./x",
// "../y", "./x/...") names, relative to where it is resolved; "" for an
// import path pattern, which the go command resolves.
func patternDir(pattern string) string {
	if pattern != "." && pattern != ".." && !strings.HasPrefix(pattern, "./") && !strings.HasPrefix(pattern, "../") {
		return ""
	}
	dir := strings.TrimSuffix(strings.TrimSuffix(pattern, "..."), "/")
	if dir == "" {
		return "."
	}
	return dir
}

// sidePatterns are the plan's package patterns that side s has: a local
// pattern whose directory is missing in the side's source is left out (a
// package the other side adds or removes), and said so.
func (st *runState) sidePatterns(s *SideResult) []string {
	var out []string
	for _, p := range st.plan.Packages {
		if d := patternDir(p); d != "" {
			if fi, err := os.Stat(filepath.Join(s.srcDir, d)); err != nil || !fi.IsDir() {
				st.progress("%s has no %s", s.Name, p)
				s.missing = append(s.missing, p)
				continue
			}
		}
		out = append(out, p)
	}
	return out
}

// missingEverywhere is the first local pattern no side has, or "".
func (st *runState) missingEverywhere() string {
	for _, p := range st.plan.Packages {
		everywhere := len(st.out.Sides) > 0
		for _, s := range st.out.Sides {
			found := false
			for _, m := range s.missing {
				found = found || m == p
			}
			everywhere = everywhere && found
		}
		if everywhere {
			return p
		}
	}
	return ""
}
