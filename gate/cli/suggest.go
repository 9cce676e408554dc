package cli

import (
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/benchgate/benchgate/gate/usage"
)

// flagNames lists the flags fs defines.
func flagNames(fs *flag.FlagSet) []string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}

// unknownFlagHint says what a misspelt flag may have meant, for the
// flag package's "flag provided but not defined: -x".
func unknownFlagHint(fs *flag.FlagSet, msg, command string) string {
	name, ok := strings.CutPrefix(msg, "flag provided but not defined: -")
	hint := fmt.Sprintf("benchgate %s -h lists the flags", command)
	if !ok {
		return valueHint(fs, msg, hint)
	}
	name = strings.TrimPrefix(name, "-")
	if h, ok := goTestFlags[name]; ok && fs.Lookup(h.instead) != nil {
		return fmt.Sprintf("%s (%s)", h.hint, hint)
	}
	if c := usage.Closest(name, flagNames(fs)); c != "" {
		return fmt.Sprintf("did you mean -%s? (%s)", c, hint)
	}
	if ps := longerNames(name, flagNames(fs)); len(ps) > 0 {
		return fmt.Sprintf("did you mean %s? (%s)", strings.Join(ps, " or "), hint)
	}
	return hint
}

// valueHint says what a flag takes when the flag package could not parse
// its value: its own error is only "parse error".
func valueHint(fs *flag.FlagSet, msg, hint string) string {
	_, rest, ok := strings.Cut(msg, " for flag -")
	if !ok {
		return hint
	}
	name, _, _ := strings.Cut(rest, ":")
	f := fs.Lookup(name)
	if f == nil {
		return hint
	}
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return hint
	}
	switch g.Get().(type) {
	case int, int64, uint, uint64:
		return fmt.Sprintf("-%s takes a whole number, e.g. -%s %s (%s)", name, name, f.DefValue, hint)
	case time.Duration:
		return fmt.Sprintf("-%s takes a duration with its unit, e.g. -%s 90s or -%s 8m (%s)", name, name, name, hint)
	case float64:
		return fmt.Sprintf("-%s takes a number, e.g. -%s %s (%s)", name, name, f.DefValue, hint)
	}
	return hint
}

// longerNames are the flags whose names are name and a dash-separated
// rest: -base-ref and -base-toolchain for a -base that other tools have,
// -max-rounds and -max-output for -max. At most three, else none: a
// short prefix names no flag in particular.
func longerNames(name string, flags []string) []string {
	var out []string
	for _, f := range flags {
		if strings.HasPrefix(f, name+"-") {
			out = append(out, "-"+f)
		}
	}
	if len(out) > 3 {
		return nil
	}
	return out
}

// goTestFlags are go test's flags that benchstat users bring along, with
// what benchgate does instead, for the commands that have the flag named
// by instead.
var goTestFlags = map[string]struct{ instead, hint string }{
	"count":    {"rounds", "benchgate runs every benchmark once per round, the sides interleaved: where go test takes -count=N, give -rounds N"},
	"benchmem": {"bench", "benchgate always measures B/op and allocs/op"},
}
