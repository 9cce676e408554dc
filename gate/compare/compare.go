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
// of the input: lines longer than 32 KiB are skipped rather than buffered,
// and at most [MaxSamples] samples are kept per benchmark, unit and side.
//
// # Bad input
//
// The input may come from a stranger's pull request, so nothing in it is
// trusted. Lines that look like results but do not parse, and values that
// parse but cannot be measurements (NaN, ±Inf, a negative time, size,
// count or rate), are skipped and listed in [Result.SyntaxErrors]; they
// never reach the statistics. A row whose values on one side were all
// invalid is kept with an empty [Estimate] (N = 0), so that it is
// undecided rather than mistaken for a removed benchmark. A benchmark
// that both sides have, but in different units or configurations, is
// named in [Result.Notes].
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
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"
	"golang.org/x/perf/benchproc"
	"golang.org/x/perf/benchunit"
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
	// Values are the raw samples in the order they were read (for
	// benchgate's own files, round order). They are kept for the paired
	// (per-round) view and are not part of JSON output. They may share
	// memory with other estimates' Values: read them, never write.
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
	// and values that parsed but cannot be measurements (NaN, ±Inf, a
	// negative time), with their positions. They are reported, not fatal;
	// at most 50 are kept, then one line counts the rest.
	SyntaxErrors []string
	// Notes are remarks about the inputs as a whole, such as a benchmark
	// that both sides have but in different units, so that it could not
	// be compared.
	Notes []string
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
	// samples holds the valid values in the order read.
	samples samples
	residue map[benchproc.Key]struct{}
	// invalid counts values that were skipped (see invalidValue).
	invalid int
	// dropped counts valid values beyond MaxSamples.
	dropped int
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
	// The side is the file's label; projecting it keeps it out of the
	// residue.
	if _, err := parser.Parse(".file", filter); err != nil {
		return nil, err
	}
	ignore := append(append([]string{}, DefaultIgnore...), opts.Ignore...)
	for _, k := range ignore {
		if _, err := parser.Parse(quoteKey(k), filter); err != nil {
			return nil, &InputError{Side: "ignore", Msg: fmt.Sprintf("bad key %q: %v", k, err)}
		}
	}
	residue := parser.Residue()

	res := &Result{
		Confidence: opts.Confidence,
		Alpha:      opts.Alpha,
		Files:      map[Side][]string{Base: basePaths, Head: headPaths},
		Results:    map[Side]int{},
	}

	inputs := make([]input, 0, len(basePaths)+len(headPaths))
	for _, p := range basePaths {
		inputs = append(inputs, input{Base, p})
	}
	for _, p := range headPaths {
		inputs = append(inputs, input{Head, p})
	}
	tables := map[benchproc.Key]*table{}
	var tableOrder []benchproc.Key
	nProblems := 0
	problem := func(msg string) {
		nProblems++
		if nProblems <= maxProblems {
			res.SyntaxErrors = append(res.SyntaxErrors, msg)
		}
	}
	reader := benchfmt.NewReader(nil, "")
	for _, in := range inputs {
		f, err := os.Open(in.path)
		if err != nil {
			return nil, &InputError{Side: in.side, Msg: fmt.Sprintf("cannot read %s: %v", in.path, unwrapPathError(err))}
		}
		lim := newLineLimiter(f, maxLine)
		// ".file" is not valid syntax for a key in the file itself, so
		// the input cannot forge which side a result belongs to.
		reader.Reset(lim, in.path, ".file", string(in.side))
		for reader.Scan() {
			switch rec := reader.Result().(type) {
			case *benchfmt.SyntaxError:
				problem(rec.Error())
			case *benchfmt.Result:
				ok, _ := filter.Apply(rec)
				if !ok {
					continue
				}
				si := sideIndex(string(in.side))
				rowKey := rowBy.Project(rec)
				resKey := residue.Project(rec)
				valid := 0
				for i := range rec.Values {
					tidyUnit(&rec.Values[i])
				}
				for i, tk := range tableBy.ProjectValues(rec) {
					v := rec.Values[i]
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
					if why := invalidValue(v); why != "" {
						file, line := rec.Pos()
						problem(fmt.Sprintf("%s:%d: Benchmark%s: %s %s %s; skipped", file, line, clip(string(rec.Name), 200), orig(v), origUnit(v), why))
						c.invalid++
						continue
					}
					valid++
					if c.samples.n >= MaxSamples {
						c.dropped++
						continue
					}
					c.samples.add(v.Value)
					c.residue[resKey] = struct{}{}
				}
				if valid > 0 {
					res.Results[in.side]++
				}
			}
		}
		err = reader.Err()
		f.Close()
		if err != nil {
			return nil, &InputError{Side: in.side, Msg: fmt.Sprintf("reading %s: %v", in.path, unwrapPathError(err))}
		}
		for _, n := range lim.long {
			problem(fmt.Sprintf("%s:%d: benchmark line longer than %d bytes skipped", in.path, n, maxLine))
		}
	}
	if nProblems > maxProblems {
		res.SyntaxErrors = append(res.SyntaxErrors, fmt.Sprintf("... and %d more malformed lines", nProblems-maxProblems))
	}
	res.Notes = mismatchNotes(tables, tableOrder, unitField)
	units := reader.Units()

	// Tables sort the way benchstat sorts them; rows keep first-seen order.
	benchproc.SortKeys(tableOrder)
	thresholds := benchmath.DefaultThresholds
	thresholds.CompareAlpha = opts.Alpha
	// benchmath.NewSample sorts the slice it is given in place, but
	// Estimate.Values must stay in the order read: the paired view pairs
	// base and head by round. Each side's samples are sorted in a scratch
	// copy that lives only as long as its row.
	var scratch [2][]float64
	consts := constants{}
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
				if cl.samples.n == 0 {
					// Every value on this side was invalid: the row
					// exists, but it has nothing to compare, so it
					// cannot look like a removed benchmark.
					e := &Estimate{Center: math.NaN(), Low: math.NaN(), High: math.NaN(),
						Warnings: []string{fmt.Sprintf("all %d %s values were invalid (NaN, infinite or negative) and were skipped", cl.invalid, sideName(si))}}
					if si == 0 {
						c.Base = e
					} else {
						c.Head = e
					}
					continue
				}
				values := cl.samples.slice(consts)
				scratch[si] = append(scratch[si][:0], values...)
				s := benchmath.NewSample(scratch[si], &thresholds)
				samples[si] = s
				sum := assumption.Summary(s, opts.Confidence)
				e := &Estimate{Center: sum.Center, Low: sum.Lo, High: sum.Hi, N: len(values), Values: values}
				for _, w := range append(s.Warnings, sum.Warnings...) {
					e.Warnings = append(e.Warnings, w.Error())
				}
				if cl.dropped > 0 {
					res.Notes = append(res.Notes, fmt.Sprintf("%s (%s): %s has %d samples; only the first %d were used",
						c.Benchmark, unit, sideName(si), cl.samples.n+cl.dropped, MaxSamples))
				}
				if cl.invalid > 0 {
					e.Warnings = append(e.Warnings, fmt.Sprintf("%d invalid %s values (NaN, infinite or negative) were skipped", cl.invalid, sideName(si)))
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
			if samples[0] != nil && samples[1] != nil {
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

// input is one file of one side.
type input struct {
	side Side
	path string
}

// MaxSamples is the most samples used per benchmark, unit and side. Any
// more are counted and noted but not kept, so that memory stays bounded
// however long the input is: the U-test gains nothing from more, and
// benchgate's own files hold one sample per round.
const MaxSamples = 10000

const (
	// maxProblems bounds how many malformed lines are listed one by one.
	maxProblems = 50
	// maxLine is the longest line read; see MaxLine.
	maxLine = MaxLine
)

// MaxLine is the longest line of benchmark output compare reads, and so
// the longest line the runner writes to a results file. benchfmt reads
// lines with a bufio.Scanner, whose 64 KiB limit would end the whole file
// at the first longer line (a benchmark that prints a blob, a binary
// dump); longer lines are dropped instead, and reported if they were
// benchmark lines.
const MaxLine = 32 << 10

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

// invalidValue says why v cannot be a measurement, or returns "". NaN
// and ±Inf are never measurements, and the U-test misbehaves on them
// (NaN makes it allocate without bound); a negative time, size, count or
// rate is corrupt. Zero is a valid value (0 B/op, 0 allocs/op).
func invalidValue(v benchfmt.Value) string {
	switch {
	case math.IsNaN(v.Value):
		return "is not a number"
	case math.IsInf(v.Value, 0):
		return "is infinite"
	case v.Value < 0 && nonNegativeUnits[v.Unit]:
		return "is negative"
	}
	return ""
}

// clip shortens s to at most n bytes for a message.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

func orig(v benchfmt.Value) string {
	if v.OrigUnit != "" {
		return fmt.Sprint(v.OrigValue)
	}
	return fmt.Sprint(v.Value)
}

func origUnit(v benchfmt.Value) string {
	if v.OrigUnit != "" {
		return v.OrigUnit
	}
	return v.Unit
}

// mismatchNotes finds benchmarks that both sides have, but never in the
// same table (unit and configuration), so that no row compares them. Such
// rows show as new on one side and removed on the other; the note says
// why.
func mismatchNotes(tables map[benchproc.Key]*table, order []benchproc.Key, unitField *benchproc.Field) []string {
	type where struct {
		tables [2][]benchproc.Key
		paired bool
	}
	seen := map[benchproc.Key]*where{}
	var names []benchproc.Key
	for _, tk := range order {
		t := tables[tk]
		for _, rk := range t.rowOrder {
			r := t.rows[rk]
			w := seen[rk]
			if w == nil {
				w = &where{}
				seen[rk] = w
				names = append(names, rk)
			}
			if r.cells[0] != nil && r.cells[1] != nil {
				w.paired = true
			}
			for si, c := range r.cells {
				if c != nil {
					w.tables[si] = append(w.tables[si], tk)
				}
			}
		}
	}
	benchproc.SortKeys(names)
	var notes []string
	const maxNotes = 20
	n := 0
	for _, rk := range names {
		w := seen[rk]
		if w.paired || len(w.tables[0]) == 0 || len(w.tables[1]) == 0 {
			continue
		}
		n++
		if n > maxNotes {
			continue
		}
		notes = append(notes, fmt.Sprintf("%s is on both sides but was not compared: base has it in %s, head in %s (a unit or a configuration line such as goos or pkg differs; -ignore KEY ignores a configuration key)",
			rk.StringValues(), describeTables(w.tables[0], unitField), describeTables(w.tables[1], unitField)))
	}
	if n > maxNotes {
		notes = append(notes, fmt.Sprintf("... and %d more benchmarks on both sides that were not compared", n-maxNotes))
	}
	return notes
}

func describeTables(keys []benchproc.Key, unitField *benchproc.Field) string {
	var parts []string
	for _, tk := range keys {
		s := tk.Get(unitField)
		config, order := configOf(tk, unitField)
		var kv []string
		for _, k := range order {
			kv = append(kv, k+"="+config[k])
		}
		if len(kv) > 0 {
			s += " (" + strings.Join(kv, " ") + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// lineLimiter passes a stream through, replacing every line longer than
// max bytes by an empty line (so line numbers stay right) and remembering
// the numbers of dropped lines that were benchmark lines. Memory is
// bounded by max, whatever the input.
type lineLimiter struct {
	br      *bufio.Reader
	pending []byte
	line    int
	long    []int
	err     error
}

func newLineLimiter(r io.Reader, max int) *lineLimiter {
	return &lineLimiter{br: bufio.NewReaderSize(r, max)}
}

func (l *lineLimiter) Read(p []byte) (int, error) {
	for len(l.pending) == 0 {
		if l.err != nil {
			return 0, l.err
		}
		l.fill()
	}
	n := copy(p, l.pending)
	l.pending = l.pending[n:]
	return n, nil
}

// fill reads the next line into pending.
func (l *lineLimiter) fill() {
	line, err := l.br.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		if len(line) > 0 {
			l.line++
		}
		l.pending, l.err = line, err
		return
	}
	// Too long: skip to the end of the line.
	l.line++
	if bytes.HasPrefix(line, []byte("Benchmark")) {
		l.long = append(l.long, l.line)
	}
	for err == bufio.ErrBufferFull {
		_, err = l.br.ReadSlice('\n')
	}
	l.pending, l.err = []byte{'\n'}, err
}

// samples holds one cell's values in the order read. Most cells of B/op
// and allocs/op hold one value over and over; until a second distinct
// value arrives only that value and the count are kept, which takes two
// thirds of the samples of a typical run out of memory.
type samples struct {
	n     int
	first float64
	// values is nil while all n values equal first.
	values []float64
}

func (s *samples) add(v float64) {
	switch {
	case s.values != nil:
		s.values = append(s.values, v)
	case s.n == 0 || v == s.first:
		s.first = v
	default:
		s.values = make([]float64, s.n, 2*s.n+1)
		for i := range s.values {
			s.values[i] = s.first
		}
		s.values = append(s.values, v)
	}
	s.n++
}

// slice returns the values in the order read. A constant cell's slice is
// shared with every other constant cell of the same value, through c.
func (s *samples) slice(c constants) []float64 {
	if s.values != nil || s.n == 0 {
		return s.values
	}
	return c.get(s.first, s.n)
}

// constants hands out read-only slices of one repeated value, one backing
// array per value, so that a thousand cells of "64 B/op" share it.
type constants map[float64][]float64

func (c constants) get(v float64, n int) []float64 {
	if len(c[v]) < n {
		s := make([]float64, n)
		for i := range s {
			s[i] = v
		}
		c[v] = s
	}
	return c[v][:n:n]
}
