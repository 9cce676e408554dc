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

// TestRepeatedUnit: a unit given twice in a list of thresholds, also as
// two names of one unit, is found; the last one would win without a word.
func TestRepeatedUnit(t *testing.T) {
	tidy := func(u string) string {
		if u == "ns/op" || u == "time/op" {
			return "sec/op"
		}
		return u
	}
	for _, c := range []struct {
		list, want string
	}{
		{"sec/op=5%,allocs/op=0%", ""},
		{"sec/op=5%", ""},
		{"", ""},
		{"sec/op", ""}, // not unit=value: the parser's to refuse
		{"sec/op=5%,sec/op=500%", "sec/op is given twice"},
		{"sec/op=5%, allocs/op=0%, sec/op=500%", "sec/op is given twice"},
		{"ns/op=5%,sec/op=10%", "sec/op is given twice, as ns/op and as sec/op"},
		{"ns/op=5%,ns/op=10%", "ns/op (sec/op) is given twice"},
	} {
		if got := RepeatedUnit(strings.Split(c.list, ","), tidy); got != c.want {
			t.Errorf("RepeatedUnit(%q) = %q, want %q", c.list, got, c.want)
		}
	}
}
