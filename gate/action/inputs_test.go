package action

import (
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/usage"
	"github.com/sethvargo/go-githubactions"
)

// TestThresholdsInput: per-unit thresholds one per line (a YAML block,
// as the list inputs take) or separated by commas.
func TestThresholdsInput(t *testing.T) {
	for _, v := range []string{
		"sec/op=10%,allocs/op=0%",
		"sec/op=10%\nallocs/op=0%\n",
		"sec/op=10%, allocs/op=0%",
		"\nsec/op=10%\n\n  allocs/op=0%\n",
	} {
		env := map[string]string{"INPUT_THRESHOLDS": v}
		in, err := readInputs(githubactions.New(githubactions.WithGetenv(func(k string) string { return env[k] })))
		if err != nil {
			t.Errorf("thresholds %q: %v", v, err)
			continue
		}
		th := in.run.Policy.Thresholds
		if len(th) != 2 || th["sec/op"] != 0.10 || th["allocs/op"] != 0 {
			t.Errorf("thresholds %q read as %v", v, th)
		}
	}
}

// TestInputValuesRefused: the Action's inputs refuse what the command
// line's flags refuse, in the inputs' words: a key ignore cannot take (a
// benchmark's name, which merged every benchmark into one row), a unit
// given twice in thresholds, a negative rounds, max-rounds or
// time-budget, and a max-output too small for the go command.
func TestInputValuesRefused(t *testing.T) {
	for _, c := range []struct {
		name, value, want string
	}{
		{"IGNORE", ".name", `input ignore: ".name": .name is the benchmark's name, not a file-level key`},
		{"IGNORE", "cpu .unit", `input ignore: ".unit": .unit is the unit of a value`},
		{"IGNORE", "/gomaxprocs", `input ignore: "/gomaxprocs": /gomaxprocs is a part of the benchmark's name`},
		{"THRESHOLDS", "sec/op=5%\nsec/op=500%", "input thresholds: sec/op is given twice; give each unit one threshold"},
		{"THRESHOLDS", "ns/op=5%,sec/op=10%", "input thresholds: sec/op is given twice, as ns/op and as sec/op"},
		{"ROUNDS", "-3", "input rounds: -3 is negative: it is a number of rounds"},
		{"MAX-ROUNDS", "-1", "input max-rounds: -1 is negative"},
		{"TIME-BUDGET", "-1s", "input time-budget: -1s is negative: a budget is a positive duration of wall time (builds included) such as 8m, or 0 or nothing for none"},
		{"MAX-OUTPUT", "10", "input max-output: 10 is below 1MiB, the least a run needs"},
	} {
		env := map[string]string{"INPUT_" + c.name: c.value}
		_, err := readInputs(githubactions.New(githubactions.WithGetenv(func(k string) string { return env[k] })))
		if err == nil {
			t.Errorf("%s %q accepted", strings.ToLower(c.name), c.value)
			continue
		}
		if got := usage.Text(err, inputStyle); !strings.Contains(got, c.want) || strings.Contains(got, "-ignore") || strings.Contains(got, "-filter") {
			t.Errorf("%s %q: %s\nwant %q, in the inputs' words", strings.ToLower(c.name), c.value, got, c.want)
		}
	}
	for name, value := range map[string]string{"IGNORE": "cpu, pkg", "THRESHOLDS": "sec/op=5%\nallocs/op=0%", "ROUNDS": "8", "TIME-BUDGET": "0", "MAX-OUTPUT": "1MiB"} {
		env := map[string]string{"INPUT_" + name: value}
		if _, err := readInputs(githubactions.New(githubactions.WithGetenv(func(k string) string { return env[k] }))); err != nil {
			t.Errorf("%s %q: %v", strings.ToLower(name), value, err)
		}
	}
}

// TestWarnThresholdInput: warn-threshold must lie below threshold or one
// of thresholds (the warn band is per unit), in the inputs' words; 5%
// with sec/op at 10% is accepted though the default threshold is 3%.
func TestWarnThresholdInput(t *testing.T) {
	read := func(env map[string]string) (*inputs, error) {
		return readInputs(githubactions.New(githubactions.WithGetenv(func(k string) string { return env[k] })))
	}
	in, err := read(map[string]string{"INPUT_WARN-THRESHOLD": "5%", "INPUT_THRESHOLDS": "sec/op=10%"})
	if err != nil {
		t.Fatalf("warn-threshold 5%% with thresholds sec/op=10%%: %v", err)
	}
	if p := in.run.Policy; p.WarnThreshold != 0.05 || p.Thresholds["sec/op"] != 0.10 {
		t.Errorf("read as warn %v, thresholds %v", p.WarnThreshold, p.Thresholds)
	}
	for _, c := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"INPUT_WARN-THRESHOLD": "5%"}, "input warn-threshold: 5% is not below threshold 3%; the warn band lies below the threshold"},
		{map[string]string{"INPUT_WARN-THRESHOLD": "12%", "INPUT_THRESHOLDS": "sec/op=10%"}, "input warn-threshold: 12% is not below threshold 3% nor any of thresholds"},
		{map[string]string{"INPUT_WARN-THRESHOLD": "1_0%", "INPUT_THRESHOLD": "20%"}, `input warn-threshold: "1_0%" is not a percentage >= 0%: write a plain decimal number`},
	} {
		_, err := read(c.env)
		if err == nil {
			t.Errorf("%v accepted", c.env)
			continue
		}
		if got := usage.Text(err, inputStyle); !strings.Contains(got, c.want) || strings.Contains(got, "-warn-threshold") {
			t.Errorf("%v: %s\nwant %q, in the inputs' words", c.env, got, c.want)
		}
	}
}

// TestSuiteAAInputs: refs the workflow names, with no packages and no
// toolchain, ask for the suite at commits that cannot differ unless their
// go.mod files bump the toolchain, so the pipeline is to refuse a suite
// they would build alike; a toolchain named (local and local: an A/A run
// asked for) is run as it is; with no ref and no toolchain (the event's
// commits) such a suite is skipped, a pass that measured nothing.
func TestSuiteAAInputs(t *testing.T) {
	for _, c := range []struct {
		env          map[string]string
		refuse, skip bool
	}{
		{map[string]string{"INPUT_BASE-REF": "main", "INPUT_HEAD-REF": "HEAD"}, true, false},
		{map[string]string{"INPUT_HEAD-REF": "HEAD"}, true, false},
		{map[string]string{"INPUT_BASE-REF": "main", "INPUT_BASE-TOOLCHAIN": "local", "INPUT_HEAD-TOOLCHAIN": "local"}, false, false},
		{map[string]string{"INPUT_HEAD-TOOLCHAIN": "go1.27.3"}, false, false},
		{map[string]string{}, false, true},
	} {
		in, err := readInputs(githubactions.New(githubactions.WithGetenv(func(k string) string { return c.env[k] })))
		if err != nil {
			t.Fatalf("%v: %v", c.env, err)
		}
		if in.run.RefuseSuiteAA != c.refuse {
			t.Errorf("%v: RefuseSuiteAA %v, want %v", c.env, in.run.RefuseSuiteAA, c.refuse)
		}
		if in.run.SkipSuiteAA != c.skip {
			t.Errorf("%v: SkipSuiteAA %v, want %v", c.env, in.run.SkipSuiteAA, c.skip)
		}
	}
}
