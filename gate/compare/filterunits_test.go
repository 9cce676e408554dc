package compare

import (
	"slices"
	"testing"
)

// TestFilteredUnits: the units a filter took out of the results it kept,
// and kept no value of, are listed (tidied, in order of appearance); a
// filter by name, or none, takes none out (B's B/s goes with B).
func TestFilteredUnits(t *testing.T) {
	base := "BenchmarkA-2 100 10 ns/op 64 B/op 1 allocs/op\nBenchmarkB-2 100 20 ns/op 5 MB/s\n"
	head := "BenchmarkA-2 100 11 ns/op 64 B/op 1 allocs/op\nBenchmarkB-2 100 21 ns/op 5 MB/s\n"
	for _, c := range []struct {
		filter string
		want   []string
	}{
		{"", nil},
		{".name:A", nil},
		{".unit:B/op", []string{"sec/op", "allocs/op"}},
		{".unit:(B/op OR allocs/op) .name:A", []string{"sec/op"}},
		{".unit:ns/op", []string{"B/op", "allocs/op", "B/s"}},
	} {
		opts := DefaultOptions
		opts.Filter = c.filter
		res, err := Read([]Input{TextInput(Base, "base.txt", base), TextInput(Head, "head.txt", head)}, opts)
		if err != nil {
			t.Fatalf("-filter %q: %v", c.filter, err)
		}
		if !slices.Equal(res.FilteredUnits, c.want) {
			t.Errorf("-filter %q: FilteredUnits %q, want %q", c.filter, res.FilteredUnits, c.want)
		}
	}
}
