package compare

import (
	"slices"
	"strings"

	"golang.org/x/perf/benchproc"
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

// Row keys the comparison's benchmark and configuration, whatever its
// unit: the comparisons of one row of results share it.
func (c *Comparison) Row() string {
	var b strings.Builder
	b.WriteString(c.Benchmark)
	for _, k := range c.ConfigOrder {
		b.WriteString("\x00" + k + "=" + c.Config[k])
	}
	return b.String()
}

// AddConfig sets configuration key k to v, first in ConfigOrder or last,
// as a key of its own that keeps rows apart (the step of a ladder, the
// shard of a merge). Config and ConfigOrder are copied first: rows share
// them.
func (c *Comparison) AddConfig(k, v string, first bool) {
	cfg := map[string]string{k: v}
	for mk, mv := range c.Config {
		if mk != k {
			cfg[mk] = mv
		}
	}
	order := slices.DeleteFunc(slices.Clone(c.ConfigOrder), func(o string) bool { return o == k })
	if first {
		order = append([]string{k}, order...)
	} else {
		order = append(order, k)
	}
	c.Config, c.ConfigOrder = cfg, order
}

// Result is everything Read read and computed.
type Result struct {
	// Comparisons in benchstat's stable order: tables by configuration
	// and unit, then rows by benchmark, where every configuration value,
	// unit and benchmark name sorts by its first appearance in the input.
	Comparisons []Comparison
	// Confidence and Alpha are the options used.
	Confidence, Alpha float64
	// Files are the names of the inputs read (for files, their paths),
	// per side.
	Files map[Side][]string
	// Results counts benchmark result lines read, per side: lines that
	// passed the filter and had at least one valid value.
	Results map[Side]int
	// FilteredOut counts result lines the filter left out, per side, and
	// Filter is that filter's expression ("" for none).
	FilteredOut map[Side]int
	Filter      string
	// FilteredUnits are the units (tidied, such as sec/op) that the
	// filter took out of the results it kept, and of which it kept no
	// value on either side: those benchmarks are not compared in them.
	FilteredUnits []string
	// SyntaxErrors are lines that looked like results but did not parse,
	// and values that parsed but cannot be measurements (NaN, ±Inf, a
	// negative time), with their positions. They are reported, not fatal;
	// at most 50 are kept, then one line counts the rest.
	SyntaxErrors []string
	// Failures are lines of plain go test output that say its run
	// failed ("--- FAIL: BenchmarkX", "FAIL", "panic: ..."), as
	// "file:line: text", at most a few per input. benchgate run's own
	// files are not searched: their manifest says whether the run failed.
	Failures []string
	// Notes are remarks about the inputs as a whole, such as a benchmark
	// that both sides have but in different units, so that it could not
	// be compared.
	Notes []string
}

// model is what was read, before any statistics: tables by configuration
// and unit, each with rows by benchmark, each with a cell per side.
type model struct {
	tables map[benchproc.Key]*table
	// order of tables by first appearance
	order []benchproc.Key
}

type table struct {
	key  benchproc.Key
	rows map[benchproc.Key]*row
	// order of rows by first appearance
	rowOrder []benchproc.Key
}

type row struct {
	cells [2]*cell // indexed by sideIndex
	// warnings are remarks about the row as a whole, such as sides
	// matched across GOMAXPROCS suffixes (see mergeProcs).
	warnings []string
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

func newModel() *model {
	return &model{tables: map[benchproc.Key]*table{}}
}

// cell returns the cell of table tk, row rk and side si, making whatever
// does not exist yet.
func (m *model) cell(tk, rk benchproc.Key, si int) *cell {
	t := m.tables[tk]
	if t == nil {
		t = &table{key: tk, rows: map[benchproc.Key]*row{}}
		m.tables[tk] = t
		m.order = append(m.order, tk)
	}
	r := t.rows[rk]
	if r == nil {
		r = &row{}
		t.rows[rk] = r
		t.rowOrder = append(t.rowOrder, rk)
	}
	c := r.cells[si]
	if c == nil {
		c = &cell{residue: map[benchproc.Key]struct{}{}}
		r.cells[si] = c
	}
	return c
}

// add records one valid value and the residue of its result. Beyond
// MaxSamples values are only counted.
func (c *cell) add(v float64, residue benchproc.Key) {
	if c.samples.n >= MaxSamples {
		c.dropped++
		return
	}
	c.samples.add(v)
	c.residue[residue] = struct{}{}
}

func sideIndex(s Side) int {
	if s == Base {
		return 0
	}
	return 1
}

func sideName(i int) string {
	if i == 0 {
		return string(Base)
	}
	return string(Head)
}
