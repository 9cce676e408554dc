package usage

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// IgnoreKeys is what an {ignore} list may hold, for the messages that
// refuse another key.
const IgnoreKeys = `file-level configuration keys, the "key: value" lines of the results (cpu, pkg, goos, goarch, or a key your benchmarks' output sets); not a benchmark's name (.name, .fullname, /sub-keys), its unit (.unit), the side (.file) or all keys at once (.config)`

// BadIgnoreKey says why key cannot be in an {ignore} list, or "" if it
// can. Only file-level configuration keys can: ignoring a key merges the
// results that differ only in it into one row, which is right for a key
// that names a machine or a side (a "cpu:" line) and wrong for anything
// that tells one benchmark from another. benchproc takes the special
// keys (".name", "/gomaxprocs") in an ignore list too, so without this
// check "-ignore .name" would average every benchmark into one row "*",
// a 2x regression with a 2x improvement into a pass.
func BadIgnoreKey(key string) string {
	switch {
	case key == ".name" || key == ".fullname":
		return fmt.Sprintf("%s is the benchmark's name, not a file-level key: ignoring it would merge every benchmark into one row, averaging a regression of one with an improvement of another", key)
	case strings.HasPrefix(key, "/"):
		return fmt.Sprintf("%s is a part of the benchmark's name (a sub-benchmark key, or /gomaxprocs for the -N suffix), not a file-level key: ignoring it would merge the benchmarks that differ in it into one row", key)
	case key == ".unit":
		return ".unit is the unit of a value, not a file-level key: each unit is compared on its own, and a filter ({filter} '.unit:sec/op') keeps some of them"
	case key == ".config":
		return ".config stands for all file-level keys at once: ignoring it would merge the benchmarks of different packages and machines; name the keys that differ"
	case key == ".file":
		return ".file is the side a result belongs to (base or head), which is what is compared; it cannot be ignored"
	case strings.HasPrefix(key, "."):
		return fmt.Sprintf("%s is not a key of benchmark results: keys that begin with a dot are benchstat's names for parts of a result, and none of them is a file-level key", key)
	}
	r, _ := utf8.DecodeRuneInString(key)
	if !unicode.IsLower(r) || strings.ContainsFunc(key, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsUpper(r) || r == ':' }) {
		return fmt.Sprintf("%q is not a file-level key: such a key (the \"cpu\" of a \"cpu: ...\" line) begins with a lower-case letter and has no spaces, upper-case letters or colons, so %q matches nothing", key, key)
	}
	return ""
}
