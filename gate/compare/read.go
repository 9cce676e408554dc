package compare

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchproc"

	"github.com/benchgate/benchgate/internal/brief"
)

// projections say how results are grouped: into tables by configuration
// and unit, into rows by full name. residue is everything else that tells
// results apart; a row whose results differ in it gets a warning.
type projections struct {
	filter                  *benchproc.Filter
	tableBy, rowBy, residue *benchproc.Projection
	// unit is tableBy's unit field.
	unit *benchproc.Field
	// ignored are the projections of the keys opts.Ignore names, by
	// name, to see that each takes one value per side in a cell (see
	// reader.pooled).
	ignored []ignoredKey
}

type ignoredKey struct {
	name string
	proj *benchproc.Projection
}

// newProjections parses opts' filter and the projections, ignoring the
// keys in DefaultIgnore and opts.Ignore.
func newProjections(opts Options) (*projections, error) {
	filterExpr := opts.Filter
	if filterExpr == "" {
		filterExpr = "*"
	}
	filter, err := benchproc.NewFilter(filterExpr)
	if err != nil {
		return nil, &InputError{Side: "filter", Msg: fmt.Sprintf("parsing {filter} %q: %v", filterExpr, err),
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
	var ignored []ignoredKey
	for i, k := range append(append([]string{}, DefaultIgnore...), opts.Ignore...) {
		pr, err := parser.Parse(quoteKey(k), filter)
		if err != nil {
			return nil, &InputError{Side: "ignore", Msg: fmt.Sprintf("bad key %q: %v", k, err)}
		}
		if i >= len(DefaultIgnore) {
			ignored = append(ignored, ignoredKey{k, pr})
		}
	}
	return &projections{filter: filter, tableBy: tableBy, rowBy: rowBy, residue: parser.Residue(), unit: unitField, ignored: ignored}, nil
}

// quoteKey makes a configuration key safe to hand to the projection parser.
func quoteKey(k string) string {
	return fmt.Sprintf("%q", k)
}

// reader reads inputs, one after another, into one model.
type reader struct {
	proj *projections
	// filtering is set when the options give a filter; then, in order of
	// first appearance and tidied, droppedUnits lists the units the
	// filter took out of results it kept (".unit:B/op" takes sec/op out
	// of every line).
	filtering    bool
	droppedUnits []string
	// br is reused for every input, so that unit metadata from any input
	// applies to all.
	br    *benchfmt.Reader
	model *model
	// results counts result lines with at least one valid value, per side.
	results map[Side]int
	// filtered counts result lines the filter left out, per side.
	filtered map[Side]int
	problems problems
	// failures are the lines of plain go test output that say its run
	// failed (see failureLine), per input.
	failures []string
	// jsonInputs are the inputs read as go test -json output.
	jsonInputs []string
	// pooled holds, per cell and side, the values each key of
	// opts.Ignore took there, and the cell's benchmark and
	// configuration: -ignore pkg makes a renamed package's benchmark one
	// row, but where one side has several values in one row, it pools
	// different benchmarks into one sample (see checkPooled).
	pooled map[pooledCell]map[string]bool
	// pooledName names a pooled cell for messages: its row's benchmark.
	pooledName map[pooledCell]string
}

// pooledCell is one side of one cell, for one ignored key.
type pooledCell struct {
	table, row string
	side       int
	key        string
}

func newReader(proj *projections) *reader {
	return &reader{proj: proj, br: benchfmt.NewReader(nil, ""), model: newModel(), results: map[Side]int{}, filtered: map[Side]int{}}
}

// units is the unit metadata of every input read so far.
func (r *reader) units() benchfmt.UnitMetadataMap { return r.br.Units() }

// read reads one input to the end.
func (r *reader) read(in Input) error {
	f, err := in.Open()
	if err != nil {
		return &InputError{Side: in.Side, Msg: fmt.Sprintf("cannot read %s: %v", in.Name, brief.Cause(err))}
	}
	src, fromJSON := test2jsonSource(f)
	// at names the input where a message gives a line number: for go
	// test -json output, a line of the text its events carry.
	at := in.Name
	if fromJSON {
		r.jsonInputs = append(r.jsonInputs, in.Name)
		at = in.Name + " (its -json events' text)"
	}
	lim := newLineLimiter(src, MaxLine)
	var failed []string
	ownOutput := false
	lim.onLine = func(n int, line []byte) {
		switch {
		case bytes.HasPrefix(line, []byte("# benchgate: side=")):
			ownOutput = true
		case len(failed) < maxFailureLines && failureLine(line):
			failed = append(failed, fmt.Sprintf("%s:%d: %s", at, n, brief.Clip(strings.TrimSpace(string(line)), 200)))
		}
	}
	// ".file" is not valid syntax for a key in the file itself, so
	// the input cannot forge which side a result belongs to.
	r.br.Reset(lim, at, ".file", string(in.Side))
	si := sideIndex(in.Side)
	for r.br.Scan() {
		switch rec := r.br.Result().(type) {
		case *benchfmt.SyntaxError:
			r.problems.add(rec.Error())
		case *benchfmt.Result:
			var before []string
			if r.filtering {
				before = addUnits(nil, rec)
			}
			if ok, _ := r.proj.filter.Apply(rec); !ok {
				r.filtered[in.Side]++
				continue
			}
			if r.add(rec, si) {
				r.results[in.Side]++
			}
			if r.filtering {
				after := addUnits(nil, rec)
				for _, u := range before {
					if !slices.Contains(after, u) && !slices.Contains(r.droppedUnits, u) {
						r.droppedUnits = append(r.droppedUnits, u)
					}
				}
			}
		}
	}
	err = r.br.Err()
	f.Close()
	if err != nil {
		return &InputError{Side: in.Side, Msg: fmt.Sprintf("reading %s: %v", in.Name, brief.Cause(err))}
	}
	// benchgate run's own files hold what a benchmark printed, which can
	// be anything; whether that run failed its manifest says.
	if !ownOutput {
		r.failures = append(r.failures, failed...)
	}
	for _, n := range lim.long {
		r.problems.add(fmt.Sprintf("%s:%d: benchmark line longer than %d bytes skipped", at, n, MaxLine))
	}
	return nil
}

// add puts the values of one result line that passed the filter into
// their cells on side si, skipping (and listing) values that cannot be
// measurements. It reports whether any value was valid.
func (r *reader) add(rec *benchfmt.Result, si int) bool {
	rowKey := r.proj.rowBy.Project(rec)
	resKey := r.proj.residue.Project(rec)
	if len(r.proj.ignored) > 0 {
		tk := r.proj.tableBy.Project(rec)
		for _, ig := range r.proj.ignored {
			pc := pooledCell{tk.String(), rowKey.String(), si, ig.name}
			if r.pooled[pc] == nil {
				if r.pooled == nil {
					r.pooled, r.pooledName = map[pooledCell]map[string]bool{}, map[pooledCell]string{}
				}
				r.pooled[pc], r.pooledName[pc] = map[string]bool{}, rowKey.StringValues()
			}
			r.pooled[pc][ig.proj.Project(rec).StringValues()] = true
		}
	}
	valid := 0
	for i := range rec.Values {
		tidyUnit(&rec.Values[i])
	}
	for i, tk := range r.proj.tableBy.ProjectValues(rec) {
		v := rec.Values[i]
		c := r.model.cell(tk, rowKey, si)
		if why := invalidValue(v); why != "" {
			file, line := rec.Pos()
			r.problems.add(fmt.Sprintf("%s:%d: Benchmark%s: %s %s %s; skipped", file, line, brief.Clip(string(rec.Name), 200), orig(v), origUnit(v), why))
			c.invalid++
			continue
		}
		valid++
		c.add(v.Value, resKey)
	}
	return valid > 0
}

// checkPooled refuses a key of {ignore} that took more than one value on
// one side of a row: the row would pool the samples of several
// benchmarks (BenchmarkWork of packages a, b and c under -ignore pkg)
// into one, whose median and test say nothing of any of them, so that a
// regression in one package passed as a small change of the pool.
func (r *reader) checkPooled() error {
	var cells []pooledCell
	for pc, vals := range r.pooled {
		if len(vals) > 1 {
			cells = append(cells, pc)
		}
	}
	if len(cells) == 0 {
		return nil
	}
	slices.SortFunc(cells, func(a, b pooledCell) int {
		return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.row, b.row), cmp.Compare(a.side, b.side), cmp.Compare(a.table, b.table))
	})
	pc := cells[0]
	vals := slices.Sorted(maps.Keys(r.pooled[pc]))
	shown := slices.Clone(vals[:min(len(vals), 3)])
	if len(vals) > len(shown) {
		shown = append(shown, fmt.Sprintf("%d more", len(vals)-len(shown)))
	}
	side := []Side{Base, Head}[pc.side]
	return &InputError{Side: "ignore",
		Msg: fmt.Sprintf("%s takes %d values on %s in the row of %s (%s), so ignoring it would pool their samples and compare them as one benchmark's: a change in one of them could pass as a small change of the pool",
			pc.key, len(vals), side, brief.Clip(r.pooledName[pc], 120), brief.Clip(strings.Join(shown, ", "), 300)),
		Hint: fmt.Sprintf("{ignore} a key only where its value differs between the sides and is one per side (a renamed package); to compare one of these benchmarks, select it with {filter} (e.g. %s:%s)", pc.key, brief.Clip(vals[0], 80))}
}

// addUnits appends to units those of rec's values, tidied, that it does
// not hold yet.
func addUnits(units []string, rec *benchfmt.Result) []string {
	for _, v := range rec.Values {
		tidyUnit(&v)
		if !slices.Contains(units, v.Unit) {
			units = append(units, v.Unit)
		}
	}
	return units
}

// NotCompared returns the units of units that no comparison of cs is
// in: of the units a filter took out of results it kept, those it kept no
// value of anywhere (Result.FilteredUnits). A unit of only the benchmarks
// a filter by name left out is not among them: the name filter said so.
func NotCompared(units []string, cs []Comparison) []string {
	return slices.DeleteFunc(slices.Clone(units), func(u string) bool {
		return slices.ContainsFunc(cs, func(c Comparison) bool { return c.Unit == u })
	})
}

// problems collects the messages about malformed input: the first
// maxProblems of them, and a count of the rest.
type problems struct {
	msgs []string
	n    int
}

func (p *problems) add(msg string) {
	p.n++
	if p.n <= maxProblems {
		p.msgs = append(p.msgs, msg)
	}
}

// list returns the messages kept, then a line that counts the rest.
func (p *problems) list() []string {
	if p.n > maxProblems {
		return append(p.msgs, fmt.Sprintf("... and %d more malformed lines", p.n-maxProblems))
	}
	return p.msgs
}

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

// orig is v's value as the input wrote it, before tidying.
func orig(v benchfmt.Value) string {
	if v.OrigUnit != "" {
		return fmt.Sprint(v.OrigValue)
	}
	return fmt.Sprint(v.Value)
}

// origUnit is v's unit as the input wrote it, before tidying.
func origUnit(v benchfmt.Value) string {
	if v.OrigUnit != "" {
		return v.OrigUnit
	}
	return v.Unit
}

// maxFailureLines bounds the failure lines kept per input.
const maxFailureLines = 5

// failureLine reports whether line of go test output says that the run
// failed: a benchmark's "--- FAIL:" (indented for a sub-benchmark), the
// package's "FAIL" lines (also for a build that failed), a panic, or the
// runtime's fatal error. The results around it are what was measured
// before it failed, or everything but what failed.
func failureLine(line []byte) bool {
	line = bytes.TrimRight(line, "\r\n")
	trimmed := bytes.TrimLeft(line, " \t")
	switch {
	case bytes.HasPrefix(trimmed, []byte("--- FAIL: Benchmark")):
		return true
	case bytes.Equal(line, []byte("FAIL")), bytes.HasPrefix(line, []byte("FAIL\t")), bytes.HasPrefix(line, []byte("FAIL ")):
		return true
	case bytes.HasPrefix(line, []byte("panic: ")), bytes.HasPrefix(line, []byte("fatal error: ")):
		return true
	}
	return false
}
