package compare

import (
	"math"

	"golang.org/x/perf/benchmath"
)

// Rounds returns the comparison restricted to the samples lo up to hi
// (exclusive) of each side, in the order read, with its estimates and
// U-test recomputed: for benchgate's own files, the rounds lo+1 to hi.
// The decide stage judges an adaptive run's first rounds and its later
// rounds apart. hi is clipped to each side's count; a side left with no
// samples is nil.
func (c Comparison) Rounds(lo, hi int, confidence float64) Comparison {
	out := c
	out.Base = subEstimate(c.Base, lo, hi, confidence)
	out.Head = subEstimate(c.Head, lo, hi, confidence)
	out.Delta, out.P, out.Warnings = math.NaN(), math.NaN(), nil
	if out.Base == nil || out.Head == nil {
		return out
	}
	thresholds := benchmath.DefaultThresholds
	bs := benchmath.NewSample(append([]float64(nil), out.Base.Values...), &thresholds)
	hs := benchmath.NewSample(append([]float64(nil), out.Head.Values...), &thresholds)
	var assumption benchmath.Assumption = benchmath.AssumeNothing
	if c.Exact {
		assumption = benchmath.AssumeExact
	}
	out.P = assumption.Compare(bs, hs).P
	out.Delta = delta(out.Base.Center, out.Head.Center)
	return out
}

func subEstimate(e *Estimate, lo, hi int, confidence float64) *Estimate {
	if e == nil || e.N == 0 {
		return e
	}
	hi = min(hi, len(e.Values))
	if lo >= hi {
		return nil
	}
	values := e.Values[lo:hi:hi]
	thresholds := benchmath.DefaultThresholds
	sample := benchmath.NewSample(append([]float64(nil), values...), &thresholds)
	sum := benchmath.AssumeNothing.Summary(sample, confidence)
	return &Estimate{Center: sum.Center, Low: sum.Lo, High: sum.Hi, N: len(values), Values: values}
}
