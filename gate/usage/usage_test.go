package usage

import "testing"

func TestRender(t *testing.T) {
	input := Style(func(s string) string {
		if s == "out" {
			return "input results-dir"
		}
		return "input " + s
	})
	for _, tc := range []struct{ in, flags, inputs string }{
		{"invalid {rounds} 0: want at least 1", "invalid -rounds 0: want at least 1", "invalid input rounds 0: want at least 1"},
		{"use {rounds} 8 or more, or {decide} utest", "use -rounds 8 or more, or -decide utest", "use input rounds 8 or more, or input decide utest"},
		{"{out} is empty", "-out is empty", "input results-dir is empty"},
		// Not settings: left as they are.
		{`invalid -bench "x{2}" or {nosuch} or {Rounds}`, `invalid -bench "x{2}" or {nosuch} or {Rounds}`, `invalid -bench "x{2}" or {nosuch} or {Rounds}`},
		{"{packages} were given", "the packages were given", "input packages were given"},
		{"{base-files}: cannot read x; see {run} in {dir}", "base: cannot read x; see benchgate run in the directory benchgate runs in", "input base-files: cannot read x; see input run in input dir"},
	} {
		if got := Flags.Render(tc.in); got != tc.flags {
			t.Errorf("Flags.Render(%q) = %q, want %q", tc.in, got, tc.flags)
		}
		if got := input.Render(tc.in); got != tc.inputs {
			t.Errorf("input.Render(%q) = %q, want %q", tc.in, got, tc.inputs)
		}
	}
	e := Errorf("use {rounds} 5 or more", "invalid {rounds} %d", 0)
	if e.Error() != "invalid -rounds 0" {
		t.Errorf("Error() = %q", e.Error())
	}
}

func TestClosest(t *testing.T) {
	flags := []string{"rounds", "max-rounds", "benchtime", "bench", "threshold", "thresholds"}
	for _, tc := range []struct{ in, want string }{
		{"roundz", "rounds"},
		{"benchtme", "benchtime"},
		{"treshold", "threshold"},
		{"x", ""},
		{"frobnicate", ""},
	} {
		if got := Closest(tc.in, flags); got != tc.want {
			t.Errorf("Closest(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := Closest("alloc/op", []string{"sec/op", "B/op", "allocs/op"}); got != "allocs/op" {
		t.Errorf("Closest(alloc/op) = %q", got)
	}
}
