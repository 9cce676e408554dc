package action

import (
	"testing"

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
