package compare

import (
	"math"
	"slices"

	"golang.org/x/perf/benchmath"
)

// Join is the comparison of two rows of one unit that each have one side
// only: base's removed benchmark and head's new one, as they would
// compare if the second is the first renamed. Its Benchmark is
// "removed → added" and its configuration base's; its sides are tested
// as summarise tests a row's (the unit's assumption, at alpha), so that
// decide judges it like any other.
func Join(removed, added Comparison, alpha float64) Comparison {
	c := removed
	c.Benchmark = removed.Benchmark + " → " + added.Benchmark
	c.Head = added.Head
	c.Delta, c.P = math.NaN(), math.NaN()
	c.Warnings = nil
	if c.Base == nil || c.Head == nil || len(c.Base.Values) == 0 || len(c.Head.Values) == 0 {
		return c
	}
	thresholds := benchmath.DefaultThresholds
	thresholds.CompareAlpha = alpha
	var assumption benchmath.Assumption = benchmath.AssumeNothing
	if c.Exact {
		assumption = benchmath.AssumeExact
	}
	// NewSample sorts its values in place: copies, since estimates
	// share their Values.
	base := benchmath.NewSample(slices.Clone(c.Base.Values), &thresholds)
	head := benchmath.NewSample(slices.Clone(c.Head.Values), &thresholds)
	cmp := assumption.Compare(base, head)
	c.P = cmp.P
	for _, w := range cmp.Warnings {
		c.Warnings = append(c.Warnings, w.Error())
	}
	c.Delta = delta(c.Base.Center, c.Head.Center)
	return c
}
