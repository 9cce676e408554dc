package decide

import "math"

// A threshold bounds a worsening of the cost. For a unit that is better
// lower (sec/op, B/op) that is the change itself: 3% is head/base above
// 1.03. For a unit that is better higher (B/s, a custom better=higher
// metric) it is the change of its inverse, so that a benchmark's B/s and
// its sec/op, one the inverse of the other, cross a threshold together:
// 3% is head/base below 1/1.03 (a fall of 2.9%), and 100% a fall to half.
// Taken as the fall itself, a rate could never be worse than a threshold
// of 100% or more, and a 1.9× slowdown at 50% would fail in sec/op and
// pass in B/s. Improvements and units of unknown direction keep the plain
// change: they never fail the gate.

// worseBound is the ratio head/base at which a worsening exceeds
// threshold, for a unit better higher (better > 0) or lower.
func worseBound(better int, threshold float64) float64 {
	if better > 0 {
		return 1 / (1 + threshold)
	}
	return 1 + threshold
}

// AllowedFall is the fall of a unit better higher that threshold
// allows: 0.2 for 25%, where its worseBound lies.
func AllowedFall(threshold float64) float64 { return 1 - worseBound(1, threshold) }

// exceeds reports whether a change delta goes beyond threshold: on the
// cost for a worsening, on the change itself otherwise. A change from zero
// (NaN) always does.
func exceeds(better int, delta, threshold float64) bool {
	return costChange(better, delta) > threshold
}

// costChange is the size of a worsening delta as a change of the cost:
// delta itself for a unit better lower, 1/(1+delta) - 1 for one better
// higher; infinite for a rate that fell to zero and for a change from
// zero (NaN).
func costChange(better int, delta float64) float64 {
	if math.IsNaN(delta) {
		return math.Inf(1)
	}
	if better > 0 && worse(better, delta) {
		if delta <= -1 {
			return math.Inf(1)
		}
		return 1/(1+delta) - 1
	}
	return math.Abs(delta)
}

// within reports whether the interval [lo, hi] of head/base lies within
// threshold on both sides: equivalent, shown unchanged.
func within(better int, lo, hi, threshold float64) bool {
	low := 1 - threshold
	if better > 0 {
		low = worseBound(better, threshold)
	}
	return !math.IsNaN(lo) && low <= lo && hi <= 1+threshold
}
