package pipeline

// Renamed benchmarks. A benchmark renamed on head is removed there and
// new: neither side's rows are compared, and the run ends inconclusive,
// whatever the renamed benchmark now measures. Where a package (in one
// configuration) lost exactly one benchmark and gained exactly one (a
// function or a sub-benchmark renamed), or lost exactly one benchmark
// function and gained exactly one (a function renamed with its
// sub-benchmarks), the two are likely one benchmark renamed: the report
// compares them as such, row by row under the same sub-benchmark and
// GOMAXPROCS suffix, and says what it found. It does not gate on it:
// only the author knows whether the new function is the old one, so the
// verdict stays what it was (inconclusive, for the removed benchmark),
// but a slowdown a rename would have hidden is said, as a warning.

import (
	"fmt"
	"strings"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/usage"
	"github.com/benchgate/benchgate/internal/brief"
)

// maxRenameNotes bounds the rename notes of one report, and
// maxNameInNote the benchmark names in them, in bytes.
const (
	maxRenameNotes = 10
	maxNameInNote  = 200
)

// renameNotes compares, in rep, each likely renamed benchmark (see the
// file's comment) with its old name, decided as policy decides, and says
// what the comparison found: a note per pair of names, and a warning
// where a unit would be a regression.
func renameNotes(rep *report.Report, policy decide.Policy, confidence float64) (notes, warnings []string) {
	pairs := renamePairs(rep.Decisions)
	if len(pairs) == 0 {
		return nil, nil
	}
	var joined []compare.Comparison
	for _, p := range pairs {
		joined = append(joined, compare.Join(p[0].Comparison, p[1].Comparison, policy.Alpha))
	}
	// Decided as a family of their own: the gate's family is the
	// comparisons it judged, which these are not.
	dec := decide.Decide(&compare.Result{Comparisons: joined, Confidence: confidence, Alpha: policy.Alpha}, policy)
	// A pair's units, by its names and configuration.
	byPair := map[string][]decide.Decision{}
	var order []string
	for _, d := range dec.Decisions {
		k := configKey(d.Comparison) + d.Benchmark
		if byPair[k] == nil {
			order = append(order, k)
		}
		byPair[k] = append(byPair[k], d)
	}
	var moreNotes, moreWarnings int
	for _, k := range order {
		ds := byPair[k]
		var units, worse []string
		for _, d := range ds {
			status := report.StatusLabel(d)
			if d.Status == decide.Unchanged && !d.Warn {
				status = "unchanged" // "~" in a table
			}
			u := fmt.Sprintf("%s %s (%s", d.Unit, report.FormatDelta(d), status)
			if p := report.FormatP(d); p != "" {
				u += ", " + p
			}
			units = append(units, u+")")
			if d.Status == decide.Regression {
				worse = append(worse, fmt.Sprintf("%s %s, beyond the %s threshold", d.Unit, report.FormatDelta(d), decide.FormatPercent(d.Threshold)))
			}
		}
		// The names are the code under test's: clipped, as a note's
		// other names are.
		old, now, _ := strings.Cut(ds[0].Benchmark, " → ")
		old, now = brief.Clip(old, maxNameInNote), brief.Clip(now, maxNameInNote)
		if len(notes) < maxRenameNotes {
			notes = append(notes, fmt.Sprintf("renamed?: %s → %s%s: base has only %s and head only %s, so neither was compared; compared as one benchmark renamed, they measure %s. The gate does not judge this: it cannot know that one is the other",
				old, now, pkgSuffix(ds[0].Comparison), old, now, brief.List(units, 6)))
		} else {
			moreNotes++
		}
		switch {
		case len(worse) == 0:
		case len(warnings) < maxRenameNotes:
			warnings = append(warnings, fmt.Sprintf("%s was removed and %s is new%s: if %s is %s renamed, head is a regression (%s), which the gate did not judge; {fail-on} inconclusive fails such a run",
				old, now, pkgSuffix(ds[0].Comparison), now, old, strings.Join(worse, "; ")))
		default:
			moreWarnings++
		}
	}
	if moreNotes > 0 {
		notes = append(notes, fmt.Sprintf("renamed?: %d more pairs of a removed and a new benchmark were compared as renamed; not listed", moreNotes))
	}
	if moreWarnings > 0 {
		warnings = append(warnings, fmt.Sprintf("%d more pairs of a removed and a new benchmark would be regressions if renamed; {fail-on} inconclusive fails such a run", moreWarnings))
	}
	return notes, warnings
}

// addRenameNotes adds renameNotes to rep: its notes to the notes (and the
// rename notes, which the markdown shows in view), its warnings to the
// warnings, in the words of the front end (names).
func addRenameNotes(rep *report.Report, policy decide.Policy, names usage.Style) {
	notes, warnings := renameNotes(rep, policy, rep.Confidence)
	rep.Notes = append(rep.Notes, notes...)
	rep.RenameNotes = append(rep.RenameNotes, notes...)
	for _, w := range warnings {
		rep.WarningNotes = append(rep.WarningNotes, names.Render(w))
	}
}

// pkgSuffix is " (pkg)" for a comparison with a package, else "", with
// the shard where a merge compared results directories apart
// (" (pkg, shard name)"): the same pair can be in each.
func pkgSuffix(c compare.Comparison) string {
	var parts []string
	if pkg := c.Config["pkg"]; pkg != "" {
		parts = append(parts, pkg)
	}
	if shard := c.Config["shard"]; shard != "" {
		parts = append(parts, "shard "+shard)
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// renamePairs pairs the rows of ds that only base has with those that
// only head has, [removed, new] of one unit, where their configuration
// (package included) lost one benchmark and gained one (a function or a
// sub-benchmark renamed), or lost one benchmark function and gained one
// (a function with sub-benchmarks renamed: rows of the same name past
// the function's pair). Units one side did not report of a benchmark
// both ran are not removed benchmarks and are not paired.
func renamePairs(ds []decide.Decision) [][2]decide.Decision {
	ran := ranOnBothSides(ds)
	type group struct {
		removed, added []decide.Decision
	}
	groups := map[string]*group{}
	var order []string
	for _, d := range ds {
		if (d.Status != decide.Removed && d.Status != decide.New) || ran[d.Row()] {
			continue
		}
		k := configKey(d.Comparison)
		g := groups[k]
		if g == nil {
			g = &group{}
			groups[k] = g
			order = append(order, k)
		}
		if d.Status == decide.Removed {
			g.removed = append(g.removed, d)
		} else {
			g.added = append(g.added, d)
		}
	}
	var pairs [][2]decide.Decision
	for _, k := range order {
		g := groups[k]
		// same is the rule that pairs two rows: the same name past
		// the function's, or for one benchmark lost and one gained,
		// any names.
		var same func(r, a string) bool
		switch {
		case len(distinct(g.removed, nameOf)) == 1 && len(distinct(g.added, nameOf)) == 1:
			same = func(string, string) bool { return true }
		case len(distinct(g.removed, functionOf)) == 1 && len(distinct(g.added, functionOf)) == 1:
			same = func(r, a string) bool {
				return afterFunction(r) == afterFunction(a)
			}
		default:
			continue
		}
		for _, r := range g.removed {
			for _, a := range g.added {
				if a.Unit == r.Unit && same(r.Benchmark, a.Benchmark) {
					pairs = append(pairs, [2]decide.Decision{r, a})
					break
				}
			}
		}
	}
	return pairs
}

// nameOf and functionOf are a row's benchmark and its function.
func nameOf(d decide.Decision) string { return d.Benchmark }

func functionOf(d decide.Decision) string { return plan.Function(d.Benchmark) }

// afterFunction is a row's benchmark name past its function's: the
// sub-benchmarks and the GOMAXPROCS suffix ("/size=1KiB-8" of
// "Parse/size=1KiB-8", "-8" of "Parse-8").
func afterFunction(name string) string { return name[len(plan.Function(name)):] }

// distinct are the values key gives ds, each once.
func distinct(ds []decide.Decision, key func(decide.Decision) string) map[string]bool {
	seen := map[string]bool{}
	for _, d := range ds {
		seen[key(d)] = true
	}
	return seen
}

// configKey is c's configuration (its package, goos, ...) as one string,
// without its benchmark and unit.
func configKey(c compare.Comparison) string {
	var b strings.Builder
	for _, k := range c.ConfigOrder {
		b.WriteString(k + "=" + c.Config[k] + "\x00")
	}
	return b.String()
}
