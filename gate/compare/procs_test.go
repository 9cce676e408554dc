package compare

import (
	"strings"
	"testing"
)

// readText is Read over inline base and head text.
func readText(t *testing.T, base, head string) *Result {
	t.Helper()
	res, err := Read([]Input{TextInput(Base, "base.txt", base), TextInput(Head, "head.txt", head)}, DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// rowNames renders each comparison as "name:sides", sides being "bh"
// for both, "b-" for base only, "-h" for head only.
func rowNames(res *Result) string {
	var out []string
	for _, c := range res.Comparisons {
		sides := "-"
		if c.Base != nil {
			sides = "b"
		}
		if c.Head != nil {
			sides += "h"
		} else {
			sides += "-"
		}
		out = append(out, c.Benchmark+":"+sides)
	}
	return strings.Join(out, " ")
}

// TestGOMAXPROCSSuffixesMatch checks that a benchmark named with one
// -N suffix on base and another on head is compared with itself, with a
// note, and that nothing else is matched across suffixes.
func TestGOMAXPROCSSuffixesMatch(t *testing.T) {
	for _, c := range []struct {
		name       string
		base, head string
		want       string
		note       string
	}{
		{
			name: "GOMAXPROCS 1 on head",
			base: rows("A-2", 6, "100") + rows("B/x-2", 6, "5"),
			head: rows("A", 6, "2000") + rows("B/x", 6, "5"),
			want: "A-2:bh B/x-2:bh",
			note: "head ran with GOMAXPROCS 1, base with 2 (A, B/x)",
		},
		{
			name: "GOMAXPROCS 1 on base",
			base: rows("A", 6, "100"),
			head: rows("A-8", 6, "100"),
			want: "A:bh",
			note: "head ran with GOMAXPROCS 8, base with 1 (A)",
		},
		{
			name: "a sub-benchmark named size-64",
			base: rows("A/size-64-2", 6, "100"),
			head: rows("A/size-64", 6, "100"),
			want: "A/size-64-2:bh",
			note: "head ran with GOMAXPROCS 1, base with 2 (A/size-64)",
		},
		{
			// A -cpu sweep pairs by full name; the one-sided rows of it
			// are ambiguous and stay apart.
			name: "-cpu 1,2,4 sweep",
			base: rows("A", 6, "100") + rows("A-2", 6, "60") + rows("A-4", 6, "40"),
			head: rows("A", 6, "100") + rows("A-2", 6, "60") + rows("A-8", 6, "30") + rows("A-16", 6, "30"),
			want: "A:bh A-2:bh A-4:b- A-8:-h A-16:-h",
		},
		{
			name: "different sub-benchmarks",
			base: rows("A/size-64-2", 6, "100"),
			head: rows("A/size-32", 6, "100"),
			want: "A/size-64-2:b- A/size-32:-h",
		},
		{
			name: "another benchmark, not a suffix",
			base: rows("A-2", 6, "100"),
			head: rows("AB", 6, "100"),
			want: "A-2:b- AB:-h",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := readText(t, "goos: linux\npkg: x\n"+c.base, "goos: linux\npkg: x\n"+c.head)
			if got := rowNames(res); got != c.want {
				t.Errorf("rows %s, want %s", got, c.want)
			}
			notes := strings.Join(res.Notes, "\n")
			if c.note == "" {
				if strings.Contains(notes, "GOMAXPROCS") {
					t.Errorf("unexpected note:\n%s", notes)
				}
				return
			}
			if !strings.Contains(notes, c.note) {
				t.Errorf("notes lack %q:\n%s", c.note, notes)
			}
			for _, cmp := range res.Comparisons {
				if !cmp.Compared() || len(cmp.Base.Values) != 6 || len(cmp.Head.Values) != 6 {
					t.Errorf("%s: not compared with all samples: %+v", cmp.Benchmark, cmp)
				}
				if !strings.Contains(strings.Join(cmp.Warnings, " "), "head ran with GOMAXPROCS") {
					t.Errorf("%s: no warning on the row: %q", cmp.Benchmark, cmp.Warnings)
				}
			}
		})
	}
}

// TestGOMAXPROCSRegressionIsFound checks the point of the matching: a
// slowdown behind a changed suffix is a compared row, 20× slower.
func TestGOMAXPROCSRegressionIsFound(t *testing.T) {
	res := readText(t, rows("Slow-2", 8, "100"), rows("Slow", 8, "2000"))
	if len(res.Comparisons) != 1 {
		t.Fatalf("comparisons %s, want one", rowNames(res))
	}
	c := res.Comparisons[0]
	if !c.Compared() || c.Delta < 18 || c.P > 0.01 {
		t.Errorf("Slow: delta %v p %v, want +1900%% and significant", c.Delta, c.P)
	}
}
