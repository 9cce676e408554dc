package compare

import (
	"fmt"
	"math"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"
	"golang.org/x/perf/benchproc"
)

// summariser turns a model into comparisons with benchmath.
type summariser struct {
	opts       Options
	units      benchfmt.UnitMetadataMap
	thresholds benchmath.Thresholds
	// benchmath.NewSample sorts the slice it is given in place, but
	// Estimate.Values must stay in the order read: the paired view pairs
	// base and head by round. Each side's samples are sorted in a scratch
	// copy that lives only as long as its row.
	scratch [2][]float64
	consts  constants
	// notes are remarks about samples beyond MaxSamples.
	notes []string
}

func newSummariser(opts Options, units benchfmt.UnitMetadataMap) *summariser {
	thresholds := benchmath.DefaultThresholds
	thresholds.CompareAlpha = opts.Alpha
	return &summariser{opts: opts, units: units, thresholds: thresholds, consts: constants{}}
}

// summarise returns one comparison per row of m: tables sorted and rows
// sorted the way benchstat sorts them.
func (s *summariser) summarise(m *model, unitField *benchproc.Field) []Comparison {
	var out []Comparison
	tableOrder := append([]benchproc.Key(nil), m.order...)
	benchproc.SortKeys(tableOrder)
	for _, tk := range tableOrder {
		t := m.tables[tk]
		unit := tk.Get(unitField)
		assumption := s.units.GetAssumption(unit)
		config, order := configOf(tk, unitField)
		rowKeys := append([]benchproc.Key(nil), t.rowOrder...)
		benchproc.SortKeys(rowKeys)
		for _, rk := range rowKeys {
			c := Comparison{
				Benchmark:   rk.StringValues(),
				Config:      config,
				ConfigOrder: order,
				Unit:        unit,
				Better:      Better(s.units, unit),
				Exact:       assumption == benchmath.AssumeExact,
				Delta:       math.NaN(),
				P:           math.NaN(),
			}
			s.compare(&c, t.rows[rk], assumption)
			out = append(out, c)
		}
	}
	return out
}

// compare fills in c's estimates from r's cells and, where both sides
// have samples, the comparison of the two.
func (s *summariser) compare(c *Comparison, r *row, assumption benchmath.Assumption) {
	c.Warnings = append(c.Warnings, r.warnings...)
	var samples [2]*benchmath.Sample
	for si, cl := range r.cells {
		if cl == nil {
			continue
		}
		e, sample := s.estimate(c, si, cl, assumption)
		if si == 0 {
			c.Base = e
		} else {
			c.Head = e
		}
		if sample == nil {
			continue
		}
		samples[si] = sample
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
}

// estimate summarises cell cl, side si of c's row. The sample is nil
// where the cell has no valid values.
func (s *summariser) estimate(c *Comparison, si int, cl *cell, assumption benchmath.Assumption) (*Estimate, *benchmath.Sample) {
	if cl.samples.n == 0 {
		// Every value on this side was invalid: the row exists, but
		// it has nothing to compare, so it cannot look like a removed
		// benchmark.
		return &Estimate{Center: math.NaN(), Low: math.NaN(), High: math.NaN(),
			Warnings: []string{fmt.Sprintf("all %d %s values were invalid (NaN, infinite or negative) and were skipped", cl.invalid, sideName(si))}}, nil
	}
	values := cl.samples.slice(s.consts)
	s.scratch[si] = append(s.scratch[si][:0], values...)
	sample := benchmath.NewSample(s.scratch[si], &s.thresholds)
	sum := assumption.Summary(sample, s.opts.Confidence)
	e := &Estimate{Center: sum.Center, Low: sum.Lo, High: sum.Hi, N: len(values), Values: values}
	for _, w := range append(sample.Warnings, sum.Warnings...) {
		e.Warnings = append(e.Warnings, w.Error())
	}
	if cl.dropped > 0 {
		s.notes = append(s.notes, fmt.Sprintf("%s (%s): %s has %d samples; only the first %d were used",
			c.Benchmark, c.Unit, sideName(si), cl.samples.n+cl.dropped, MaxSamples))
	}
	if cl.invalid > 0 {
		e.Warnings = append(e.Warnings, fmt.Sprintf("%d invalid %s values (NaN, infinite or negative) were skipped", cl.invalid, sideName(si)))
	}
	return e, sample
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

// configOf returns table key tk's configuration without the unit, and
// the order of its keys.
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

// mismatchNotes finds benchmarks that both sides have, but never in the
// same table (unit and configuration), so that no row compares them. Such
// rows show as new on one side and removed on the other; the note says
// why.
func mismatchNotes(m *model, unitField *benchproc.Field) []string {
	type where struct {
		tables [2][]benchproc.Key
		paired bool
	}
	seen := map[benchproc.Key]*where{}
	var names []benchproc.Key
	for _, tk := range m.order {
		t := m.tables[tk]
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
		notes = append(notes, fmt.Sprintf("%s is on both sides but was not compared: base has it in %s, head in %s (a unit or a configuration line such as goos or pkg differs; {ignore} KEY ignores a configuration key)",
			rk.StringValues(), describeTables(w.tables[0], unitField), describeTables(w.tables[1], unitField)))
	}
	if n > maxNotes {
		notes = append(notes, fmt.Sprintf("... and %d more benchmarks on both sides that were not compared", n-maxNotes))
	}
	return notes
}

// describeTables names tables for a message: their unit and
// configuration.
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
