package main

import (
	"math"
	"testing"
)

// TestStatistics: the summary's three statistics on series whose answers
// are known.
func TestStatistics(t *testing.T) {
	if got := median([]float64{3, 1, 2, 10}); got != 2.5 {
		t.Errorf("median = %v, want 2.5", got)
	}
	// One wild value (a slow copy) does not move the robust spread.
	if got := robustSD([]float64{1, 2, 3, 4, 5, 1000}); math.Abs(got-1.4826*1.5) > 1e-9 {
		t.Errorf("robustSD = %v, want %v", got, 1.4826*1.5)
	}
	alternating := []float64{1, -1, 1, -1, 1, -1, 1, -1}
	if got := lag1(alternating); got > -0.8 {
		t.Errorf("lag1 of an alternating series = %v, want near -1", got)
	}
	trend := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	if got := lag1(trend); got < 0.5 {
		t.Errorf("lag1 of a trend = %v, want well above 0", got)
	}
}
