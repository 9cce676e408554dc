package plan

import (
	"regexp"
	"strings"
)

// ResultFilter returns a function that reports whether the -test.bench
// expression bench makes the testing package print a result for the
// benchmark named name ("BenchmarkRSA/bits=2048-2"), as it decides it:
// the first alternative that matches every level the name has wins, and
// it must have no more levels than the name (a name with fewer only runs
// to look for sub-benchmarks, and reports nothing). A result printed under
// any other name was not printed by the testing package for this
// expression.
//
// The -GOMAXPROCS suffix is not part of the name the testing package
// matches, but a sub-benchmark's own name may end in "-64" too (and
// GOMAXPROCS 1 adds no suffix), so both readings of the name are tried.
func ResultFilter(bench string) func(name string) bool {
	var alts [][]*regexp.Regexp
	for _, alt := range splitBench(bench) {
		var levels []*regexp.Regexp
		for _, l := range alt {
			re, err := regexp.Compile(l)
			if err != nil {
				// The testing package refuses such an expression;
				// nothing it selects can report.
				return func(string) bool { return false }
			}
			levels = append(levels, re)
		}
		alts = append(alts, levels)
	}
	reports := func(name string) bool {
		elems := strings.Split(name, "/")
		for _, alt := range alts {
			if ok, partial := matchLevels(alt, elems); ok {
				return !partial
			}
		}
		return false
	}
	return func(name string) bool {
		if reports(name) {
			return true
		}
		stripped, _ := SplitProcs(name)
		return stripped != name && reports(stripped)
	}
}

// matchLevels is the testing package's simpleMatch.matches.
func matchLevels(levels []*regexp.Regexp, elems []string) (ok, partial bool) {
	for i, e := range elems {
		if i >= len(levels) {
			break
		}
		if !levels[i].MatchString(e) {
			return false, false
		}
	}
	return true, len(elems) < len(levels)
}

// SplitProcs splits a result's name into the name and its -GOMAXPROCS
// suffix ("A/x-2" is "A/x" and "2"); a name without one has procs "",
// which is GOMAXPROCS 1.
func SplitProcs(name string) (stripped, procs string) {
	i := len(name)
	for i > 0 && name[i-1] >= '0' && name[i-1] <= '9' {
		i--
	}
	if i == len(name) || i < 2 || name[i-1] != '-' {
		return name, ""
	}
	return name[:i-1], name[i:]
}

// Function is the top-level benchmark function a result's name belongs
// to: "BenchmarkRSA" for "BenchmarkRSA/bits=2048-2". A function's name
// cannot hold a "-", so a suffix on a name without sub-benchmarks is
// always the GOMAXPROCS one.
func Function(name string) string {
	if i := strings.IndexByte(name, '/'); i >= 0 {
		return name[:i]
	}
	f, _ := SplitProcs(name)
	return f
}
