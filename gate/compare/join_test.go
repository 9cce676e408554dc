package compare

import (
	"math"
	"slices"
	"testing"
)

// TestJoin: base's removed row and head's new row compare as one: the
// change of the centers, benchmath's p, base's configuration, and the
// estimates' values (round order, shared with other rows) left as they
// were.
func TestJoin(t *testing.T) {
	removed := Comparison{Benchmark: "Old-2", Config: map[string]string{"pkg": "a"}, ConfigOrder: []string{"pkg"}, Unit: "sec/op", Better: -1,
		Base: &Estimate{Center: 100, N: 6, Values: []float64{103, 99, 101, 100, 98, 102}}, Delta: math.NaN(), P: math.NaN()}
	added := Comparison{Benchmark: "New-2", Config: map[string]string{"pkg": "a"}, ConfigOrder: []string{"pkg"}, Unit: "sec/op", Better: -1,
		Head: &Estimate{Center: 130, N: 6, Values: []float64{131, 129, 133, 130, 128, 132}}, Delta: math.NaN(), P: math.NaN()}
	keep := slices.Clone(removed.Base.Values)
	c := Join(removed, added, 0.01)
	if c.Benchmark != "Old-2 → New-2" || c.Config["pkg"] != "a" || c.Base != removed.Base || c.Head != added.Head {
		t.Fatalf("joined %+v", c)
	}
	if math.Abs(c.Delta-0.30) > 1e-9 {
		t.Errorf("delta %v, want 0.30", c.Delta)
	}
	// Six samples per side, every head sample above every base sample:
	// the U-test's smallest p, 2/924.
	if math.Abs(c.P-2.0/924) > 1e-9 {
		t.Errorf("p %v, want %v", c.P, 2.0/924)
	}
	if !slices.Equal(removed.Base.Values, keep) {
		t.Errorf("base values reordered: %v", removed.Base.Values)
	}
	if removed.Head != nil || removed.Benchmark != "Old-2" {
		t.Errorf("removed changed: %+v", removed)
	}
	if c := Join(removed, Comparison{Benchmark: "New-2"}, 0.01); !math.IsNaN(c.P) || !math.IsNaN(c.Delta) {
		t.Errorf("a side without values: p %v, delta %v", c.P, c.Delta)
	}
}
