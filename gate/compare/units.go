package compare

import (
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchunit"
)

// Better returns +1 if higher values of unit are better, -1 if lower values
// are better and 0 if unknown. Unit metadata (better=higher|lower) wins;
// then benchfmt's defaults for sec/op, B/op, allocs/op and B/s; then the
// conventions of custom metrics: "<x>/s" is a rate (higher is better) and
// "<x>/op" a cost (lower is better).
func Better(units benchfmt.UnitMetadataMap, unit string) int {
	if b := units.GetBetter(unit); b != 0 {
		return b
	}
	if units.Get(unit, "better") != nil {
		return 0 // metadata present but not higher/lower
	}
	switch {
	case strings.HasSuffix(unit, "/s"):
		return 1
	case strings.HasSuffix(unit, "/op"):
		return -1
	}
	return 0
}

// tidyUnit finishes benchfmt's unit tidying. benchfmt leaves a value
// whose tidied value equals the original (0, ±Inf, NaN) in its original
// unit, so "0 ns/op" would land in an "ns/op" table apart from the
// "sec/op" table that "12 ns/op" lands in.
func tidyUnit(v *benchfmt.Value) {
	if v.OrigUnit != "" {
		return
	}
	if _, tidy := benchunit.Tidy(1, v.Unit); tidy != v.Unit {
		v.OrigUnit, v.OrigValue = v.Unit, v.Value
		v.Unit = tidy
	}
}

// nonNegativeUnits are the units the testing package reports, which
// cannot be negative. Custom metrics (b.ReportMetric) may be.
var nonNegativeUnits = map[string]bool{"sec/op": true, "B/op": true, "allocs/op": true, "B/s": true}
