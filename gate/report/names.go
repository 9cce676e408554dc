package report

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/benchgate/benchgate/gate/decide"
)

// namer shortens benchmark names for a reader: the part every name shares
// (a prefix of whole "/" levels, and the -GOMAXPROCS suffix) is said once,
// above the tables, and left out of each row.
type namer struct {
	prefix string // ends in "/", or empty
	suffix string // such as "-2", or empty
}

var procsSuffixRE = regexp.MustCompile(`-\d+$`)

// newNamer finds what the names of ds share.
func newNamer(ds []decide.Decision) namer {
	var names []string
	for _, d := range ds {
		names = append(names, d.Benchmark)
	}
	if len(names) < 2 {
		return namer{}
	}
	var n namer
	suffix := procsSuffixRE.FindString(names[0])
	for _, name := range names {
		if !strings.HasSuffix(name, suffix) || procsSuffixRE.FindString(name) != suffix {
			suffix = ""
			break
		}
	}
	n.suffix = suffix
	prefix := strings.TrimSuffix(names[0], suffix)
	for _, name := range names[1:] {
		name = strings.TrimSuffix(name, suffix)
		for !strings.HasPrefix(name, prefix) {
			prefix = prefix[:len(prefix)-1]
		}
	}
	// Whole levels only, and never all of a name.
	if i := strings.LastIndex(prefix, "/"); i >= 0 {
		prefix = prefix[:i+1]
	} else {
		prefix = ""
	}
	for _, name := range names {
		if strings.TrimSuffix(name, suffix) == strings.TrimSuffix(prefix, "/") || len(strings.TrimSuffix(name, suffix)) <= len(prefix) {
			prefix = ""
			break
		}
	}
	n.prefix = prefix
	return n
}

// short is name without what every name shares.
func (n namer) short(name string) string {
	s := strings.TrimSuffix(strings.TrimPrefix(name, n.prefix), n.suffix)
	if s == "" {
		return name
	}
	return s
}

// caption says what was left out of the names, for the line above the
// tables; empty where nothing was.
func (n namer) caption() string {
	var parts []string
	if n.prefix != "" {
		parts = append(parts, "every benchmark below is "+MarkdownCode(n.prefix+"…"))
	}
	if n.suffix != "" {
		parts = append(parts, "with GOMAXPROCS "+strings.TrimPrefix(n.suffix, "-")+" (the "+MarkdownCode(n.suffix)+" suffix is left out)")
	}
	return strings.Join(parts, ", ")
}

// chartLabel is a short label for a chart: the short name (and unit,
// where the chart has several), with the keys of key=value levels dropped
// when it is longer than max, then cut from the front (where names share
// most).
func chartLabel(label string, max int) string {
	if utf8.RuneCountInString(label) > max {
		parts := strings.Split(label, "/")
		for i, p := range parts {
			if _, v, ok := strings.Cut(p, "="); ok && v != "" {
				parts[i] = v
			}
		}
		label = strings.Join(parts, "/")
	}
	return mermaidLabel(label, max)
}

// shortPackage shortens an import path for a heading: its last two
// elements.
func shortPackage(pkg string) string {
	parts := strings.Split(pkg, "/")
	if len(parts) <= 2 {
		return pkg
	}
	return "…/" + strings.Join(parts[len(parts)-2:], "/")
}
