package action

import (
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/sethvargo/go-githubactions"
)

// TestActionYAMLDefaults checks that every default in action.yml is the
// default the code uses when the input is absent. The runner passes
// action.yml's defaults as INPUT_* variables, and the code falls back to
// its own; the two must not drift apart (the threshold's did once).
func TestActionYAMLDefaults(t *testing.T) {
	raw, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	defaults := map[string]string{}
	var name string
	inInputs := false
	input := regexp.MustCompile(`^  ([a-z][a-z0-9-]*):\s*$`)
	def := regexp.MustCompile(`^    default:\s*(.*)$`)
	for _, line := range strings.Split(string(raw), "\n") {
		switch {
		case line == "inputs:":
			inInputs = true
		case inInputs && len(line) > 0 && line[0] != ' ':
			inInputs = false
		case !inInputs:
		case input.MatchString(line):
			name = input.FindStringSubmatch(line)[1]
		case def.MatchString(line):
			v := strings.TrimSpace(def.FindStringSubmatch(line)[1])
			if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
				v = v[1 : len(v)-1]
			}
			defaults[name] = v
		}
	}
	if len(defaults) < 20 {
		t.Fatalf("read %d defaults from action.yml; the parser no longer matches its layout", len(defaults))
	}
	withYAML := githubactions.New(githubactions.WithGetenv(func(k string) string {
		for name, v := range defaults {
			if k == "INPUT_"+strings.ToUpper(name) && !strings.Contains(v, "${{") {
				return v
			}
		}
		return ""
	}))
	without := githubactions.New(githubactions.WithGetenv(func(string) string { return "" }))
	got, err := readInputs(withYAML)
	if err != nil {
		t.Fatalf("action.yml's defaults are not valid inputs: %v", err)
	}
	want, err := readInputs(without)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("action.yml's defaults differ from the code's:\n action.yml: %+v\n code:       %+v", *got, *want)
	}
}
