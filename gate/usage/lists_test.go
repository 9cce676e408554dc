package usage

import (
	"strings"
	"testing"
)

// TestBadIgnoreKey: only file-level configuration keys can be ignored;
// benchstat's special keys (a benchmark's name, its unit, its side, all
// keys at once) and keys no results line can set are refused, each with
// what ignoring it would do.
func TestBadIgnoreKey(t *testing.T) {
	for _, k := range []string{"cpu", "pkg", "goos", "commit-time", "my_key", "région"} {
		if why := BadIgnoreKey(k); why != "" {
			t.Errorf("BadIgnoreKey(%q) = %q, want it allowed", k, why)
		}
	}
	for k, want := range map[string]string{
		".name":       "merge every benchmark into one row",
		".fullname":   "merge every benchmark into one row",
		"/gomaxprocs": "part of the benchmark's name",
		"/bits":       "part of the benchmark's name",
		".unit":       ".unit is the unit of a value",
		".config":     "all file-level keys at once",
		".file":       "the side a result belongs to",
		".label":      "not a key of benchmark results",
		"CPU":         "begins with a lower-case letter",
		"go version":  "has no spaces",
		"cpu:":        "is not a file-level key",
	} {
		if why := BadIgnoreKey(k); !strings.Contains(why, want) {
			t.Errorf("BadIgnoreKey(%q) = %q, want it to say %q", k, why, want)
		}
	}
}
