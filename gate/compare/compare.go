// Package compare is the compare stage of benchgate's pipeline: it reads
// benchmark results for two sides (base and head) and turns them into a list
// of per-benchmark, per-unit comparisons.
//
// # Reading
//
// Input is anything in the Go benchmark format (see
// golang.org/x/perf/benchfmt): the files that "benchgate run" writes, shard
// outputs, or plain "go test -bench" output. Each side may be given as
// several files, directories or globs; they are merged. Files are streamed,
// so memory grows with the number of distinct benchmarks, not with the size
// of the input.
//
// # Grouping
//
// Results are grouped the way benchstat groups them by default: into tables
// by file-level configuration (goos, goarch, pkg, cpu, ...) and unit, and
// into rows by the benchmark's full name. The difference is that the column
// is the side, not the file, and that configuration keys which merely name a
// side (note, toolchain, commit, and the other keys in [DefaultIgnore]) are
// ignored, so that they cannot split base from head.
//
// # Statistics
//
// Every row gets a golang.org/x/perf/benchmath summary per side (median and
// confidence interval under the unit's assumption, AssumeNothing unless the
// unit's metadata says assume=exact) and, where both sides have data, a
// benchmath comparison (the Mann-Whitney U-test). This is exactly what
// benchstat computes, so deltas and p-values agree with it on the same data.
// Deciding what a comparison means is left to package decide.
package compare

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"
	"golang.org/x/perf/benchproc"
)

// DefaultIgnore lists file-level configuration keys that name a side rather
// than describe the machine or package. They are ignored when grouping, so a
// file with "toolchain: go1.20" still compares with one that says
// "toolchain: go1.19".
var DefaultIgnore = []string{
	"note", "toolchain", "commit", "commit-time", "branch", "ref", "tag",
	"go", "goversion", "go-version", "version", "label", "side", "round",
	"date", "run", "runid", "run-id", "host", "hostname", "benchgate-side",
}

// Options configure Load.
type Options struct {
	// Confidence is the confidence level of the summaries' intervals,
	// e.g. 0.95.
	Confidence float64
	// Alpha is the significance level handed to benchmath. It does not
	// change p-values; it only controls benchmath's warnings.
	Alpha float64
	// Ignore lists extra file-level configuration keys to ignore when
	// grouping, in addition to DefaultIgnore.
	Ignore []string
	// Filter is a benchproc filter expression (benchstat's -filter).
	// Empty means everything.
	Filter string
}

// DefaultOptions are the options benchstat uses by default.
var DefaultOptions = Options{Confidence: 0.95, Alpha: 0.05}

// Side names a side of a comparison.
type Side string

// The two sides that every comparison has.
const (
	Base Side = "base"
	Head Side = "head"
)

// Estimate summarises one side of one comparison.
type Estimate struct {
	// Center is the median (or the exact value, for assume=exact units).
	Center float64 `json:"center"`
	// Low and High bound the confidence interval of Center. They are
	// ±Inf where there are too few samples for an interval; JSON output
	// carries those as null.
	Low  float64 `json:"low"`
	High float64 `json:"high"`
	// N is the number of samples.
	N int `json:"n"`
	// Values are the raw samples in the order they were read. They are
	// kept for the paired (per-round) view and are not part of JSON
	// output.
	Values []float64 `json:"-"`
	// Warnings are benchmath's remarks about this summary, such as
	// "need >= 6 samples for confidence interval at level 0.95".
	Warnings []string `json:"warnings,omitempty"`
}

// Comparison is one row of one table: a benchmark, in one configuration, in
// one unit, on both sides.
type Comparison struct {
	// Benchmark is the full name as benchstat shows it: without the
	// "Benchmark" prefix, with sub-benchmarks and the -GOMAXPROCS suffix.
	Benchmark string
	// Config holds the file-level configuration that keeps this row apart
	// from others (pkg, goos, goarch, cpu, ...), without the ignored keys.
	Config map[string]string
	// ConfigOrder is the order of Config's keys as they appeared.
	ConfigOrder []string
	// Unit is benchfmt's tidy unit name: sec/op, B/op, allocs/op, B/s, ...
	Unit string
	// Better is +1 where higher values are better, -1 where lower values
	// are better, and 0 where the direction is unknown.
	Better int
	// Exact reports that the unit's metadata says assume=exact.
	Exact bool
	// Base and Head are nil where that side has no data for this row.
	Base, Head *Estimate
	// Delta is the fractional change of Head's center over Base's
	// (+0.05 = 5% larger). It is NaN where there is nothing to compare
	// (a missing side, or a zero base).
	Delta float64
	// P is benchmath's p-value, NaN where there is nothing to compare.
	P float64
	// Warnings are benchmath's remarks about the comparison, plus a
	// note where results grouped into this row differ in some hidden key.
	Warnings []string
}

// Compared reports whether both sides have data.
func (c *Comparison) Compared() bool { return c.Base != nil && c.Head != nil }

// Result is everything Load read and computed.
type Result struct {
	// Comparisons in a stable order: tables by configuration and unit in
	// order of first appearance, then rows in order of first appearance.
	Comparisons []Comparison
	// Confidence and Alpha are the options used.
	Confidence, Alpha float64
	// Files are the input files read, per side.
	Files map[Side][]string
	// Results counts benchmark result lines read, per side.
	Results map[Side]int
	// SyntaxErrors are lines that looked like results but did not parse,
	// with their positions. They are reported, not fatal.
	SyntaxErrors []string
}

// InputError reports a problem with the inputs themselves: a missing file,
// an empty glob, or no benchmark results at all. It is a usage error.
type InputError struct {
	Side Side
	Msg  string
	Hint string
}

func (e *InputError) Error() string {
	s := fmt.Sprintf("%s: %s", e.Side, e.Msg)
	if e.Hint != "" {
		s += "\nhint: " + e.Hint
	}
	return s
}

// ExpandPaths turns one side's arguments (files, directories and globs) into
// a sorted list of files. A directory contributes its *.txt files (not
// recursing), which is what "benchgate run" and shards produce.
func ExpandPaths(side Side, args []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, arg := range args {
		if arg == "" {
			return nil, &InputError{Side: side, Msg: "empty path"}
		}
		st, err := os.Stat(arg)
		switch {
		case err == nil && st.IsDir():
			// A results directory from "benchgate run" holds base.txt
			// and head.txt: each side takes its own. Any other
			// directory contributes all of its *.txt files.
			if own := filepath.Join(arg, string(side)+".txt"); isRegular(own) {
				add(own)
				continue
			}
			matches, _ := filepath.Glob(filepath.Join(escapeGlob(arg), "*.txt"))
			n := 0
			for _, m := range matches {
				if isRegular(m) {
					add(m)
					n++
				}
			}
			if n == 0 {
				return nil, &InputError{Side: side, Msg: fmt.Sprintf("directory %s has no *.txt result files", arg),
					Hint: "point at the files themselves, or at the directory that benchgate run -out wrote"}
			}
		case err == nil:
			add(arg)
		case errors.Is(err, fs.ErrNotExist) && hasGlobMeta(arg):
			matches, gerr := filepath.Glob(arg)
			if gerr != nil {
				return nil, &InputError{Side: side, Msg: fmt.Sprintf("bad glob %q: %v", arg, gerr)}
			}
			if len(matches) == 0 {
				return nil, &InputError{Side: side, Msg: fmt.Sprintf("glob %q matches no files", arg)}
			}
			sort.Strings(matches)
			for _, m := range matches {
				if st, err := os.Stat(m); err == nil && !st.IsDir() {
					add(m)
				}
			}
		default:
			return nil, &InputError{Side: side, Msg: fmt.Sprintf("cannot read %s: %v", arg, unwrapPathError(err)),
				Hint: "give a file, a directory of *.txt files, or a quoted glob"}
		}
	}
	if len(out) == 0 {
		return nil, &InputError{Side: side, Msg: "no input files"}
	}
	return out, nil
}

func isRegular(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

func hasGlobMeta(s string) bool { return strings.ContainsAny(s, `*?[\`) }

func escapeGlob(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// cell accumulates one row × side.
type cell struct {
	values  []float64
	residue map[benchproc.Key]struct{}
}

type row struct {
	cells [2]*cell // indexed by sideIndex
}

type table struct {
	key  benchproc.Key
	rows map[benchproc.Key]*row
	// order of rows by first appearance
	rowOrder []benchproc.Key
}

func sideIndex(s string) int {
	if s == string(Base) {
		return 0
	}
	return 1
}

// Load reads base and head (each a list of files, as from ExpandPaths) and
// computes the comparisons.
func Load(basePaths, headPaths []string, opts Options) (*Result, error) {
	if opts.Confidence == 0 {
		opts.Confidence = DefaultOptions.Confidence
	}
	if opts.Alpha == 0 {
		opts.Alpha = DefaultOptions.Alpha
	}
	filterExpr := opts.Filter
	if filterExpr == "" {
		filterExpr = "*"
	}
	filter, err := benchproc.NewFilter(filterExpr)
	if err != nil {
		return nil, &InputError{Side: "filter", Msg: fmt.Sprintf("parsing -filter %q: %v", filterExpr, err),
			Hint: "see go doc golang.org/x/perf/benchproc/syntax"}
	}

	var parser benchproc.ProjectionParser
	tableBy, unitField, err := parser.ParseWithUnit(".config", filter)
	if err != nil {
		return nil, err
	}
	rowBy, err := parser.Parse(".fullname", filter)
	if err != nil {
		return nil, err
	}
	colBy, err := parser.Parse(".file", filter)
	if err != nil {
		return nil, err
	}
	ignore := append(append([]string{}, DefaultIgnore...), opts.Ignore...)
	for _, k := range ignore {
		if _, err := parser.Parse(quoteKey(k), filter); err != nil {
			return nil, &InputError{Side: "ignore", Msg: fmt.Sprintf("bad key %q: %v", k, err)}
		}
	}
	residue := parser.Residue()
	colField := colBy.Fields()[0]

	res := &Result{
		Confidence: opts.Confidence,
		Alpha:      opts.Alpha,
		Files:      map[Side][]string{Base: basePaths, Head: headPaths},
		Results:    map[Side]int{},
	}

	var paths []string
	for _, p := range basePaths {
		paths = append(paths, string(Base)+"="+p)
	}
	for _, p := range headPaths {
		paths = append(paths, string(Head)+"="+p)
	}
	files := benchfmt.Files{Paths: paths, AllowLabels: true}
	tables := map[benchproc.Key]*table{}
	var tableOrder []benchproc.Key
	const maxSyntaxErrors = 50
	nSyntax := 0
	for files.Scan() {
		switch rec := files.Result().(type) {
		case *benchfmt.SyntaxError:
			nSyntax++
			if nSyntax <= maxSyntaxErrors {
				res.SyntaxErrors = append(res.SyntaxErrors, rec.Error())
			}
		case *benchfmt.Result:
			ok, _ := filter.Apply(rec)
			if !ok {
				continue
			}
			rowKey := rowBy.Project(rec)
			side := colBy.Project(rec).Get(colField)
			si := sideIndex(side)
			res.Results[Side(side)]++
			resKey := residue.Project(rec)
			for i, tk := range tableBy.ProjectValues(rec) {
				v := rec.Values[i].Value
				t := tables[tk]
				if t == nil {
					t = &table{key: tk, rows: map[benchproc.Key]*row{}}
					tables[tk] = t
					tableOrder = append(tableOrder, tk)
				}
				r := t.rows[rowKey]
				if r == nil {
					r = &row{}
					t.rows[rowKey] = r
					t.rowOrder = append(t.rowOrder, rowKey)
				}
				c := r.cells[si]
				if c == nil {
					c = &cell{residue: map[benchproc.Key]struct{}{}}
					r.cells[si] = c
				}
				c.values = append(c.values, v)
				c.residue[resKey] = struct{}{}
			}
		}
	}
	if err := files.Err(); err != nil {
		return nil, &InputError{Side: "input", Msg: fmt.Sprintf("reading results: %v", unwrapPathError(err))}
	}
	if nSyntax > maxSyntaxErrors {
		res.SyntaxErrors = append(res.SyntaxErrors, fmt.Sprintf("... and %d more malformed lines", nSyntax-maxSyntaxErrors))
	}
	units := benchfmt.UnitMetadataMap(files.Units())

	// Tables sort the way benchstat sorts them; rows keep first-seen order.
	benchproc.SortKeys(tableOrder)
	thresholds := benchmath.DefaultThresholds
	thresholds.CompareAlpha = opts.Alpha
	for _, tk := range tableOrder {
		t := tables[tk]
		unit := tk.Get(unitField)
		assumption := units.GetAssumption(unit)
		config, order := configOf(tk, unitField)
		rowKeys := append([]benchproc.Key(nil), t.rowOrder...)
		benchproc.SortKeys(rowKeys)
		for _, rk := range rowKeys {
			r := t.rows[rk]
			c := Comparison{
				Benchmark:   rk.StringValues(),
				Config:      config,
				ConfigOrder: order,
				Unit:        unit,
				Better:      Better(units, unit),
				Exact:       assumption == benchmath.AssumeExact,
				Delta:       math.NaN(),
				P:           math.NaN(),
			}
			var samples [2]*benchmath.Sample
			for si, cl := range r.cells {
				if cl == nil {
					continue
				}
				s := benchmath.NewSample(cl.values, &thresholds)
				samples[si] = s
				sum := assumption.Summary(s, opts.Confidence)
				e := &Estimate{Center: sum.Center, Low: sum.Lo, High: sum.Hi, N: len(cl.values), Values: cl.values}
				for _, w := range append(s.Warnings, sum.Warnings...) {
					e.Warnings = append(e.Warnings, w.Error())
				}
				if si == 0 {
					c.Base = e
				} else {
					c.Head = e
				}
				if nsk := benchproc.NonSingularFields(residueKeys(cl.residue)); len(nsk) > 0 {
					var names []string
					for _, f := range nsk {
						names = append(names, f.Name)
					}
					c.Warnings = append(c.Warnings, fmt.Sprintf("%s results vary in %s; they were grouped together", sideName(si), strings.Join(names, ", ")))
				}
			}
			if c.Compared() {
				cmp := assumption.Compare(samples[0], samples[1])
				c.P = cmp.P
				for _, w := range cmp.Warnings {
					c.Warnings = append(c.Warnings, w.Error())
				}
				c.Delta = delta(c.Base.Center, c.Head.Center)
			}
			res.Comparisons = append(res.Comparisons, c)
		}
	}
	return res, nil
}

func sideName(i int) string {
	if i == 0 {
		return string(Base)
	}
	return string(Head)
}

// delta is the fractional change from old to new, NaN where undefined.
// Equal centers are no change, even at zero, as benchstat treats them.
func delta(old, new float64) float64 {
	if old == new {
		return 0
	}
	if old == 0 || math.IsNaN(old) || math.IsNaN(new) || math.IsInf(old, 0) || math.IsInf(new, 0) {
		return math.NaN()
	}
	return new/old - 1
}

func residueKeys(m map[benchproc.Key]struct{}) []benchproc.Key {
	keys := make([]benchproc.Key, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}

func configOf(tk benchproc.Key, unitField *benchproc.Field) (map[string]string, []string) {
	config := map[string]string{}
	var order []string
	for _, f := range tk.Projection().FlattenedFields() {
		if f == unitField {
			continue
		}
		if v := tk.Get(f); v != "" {
			config[f.Name] = v
			order = append(order, f.Name)
		}
	}
	return config, order
}

// quoteKey makes a configuration key safe to hand to the projection parser.
func quoteKey(k string) string {
	return fmt.Sprintf("%q", k)
}

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
