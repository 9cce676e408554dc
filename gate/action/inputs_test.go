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
