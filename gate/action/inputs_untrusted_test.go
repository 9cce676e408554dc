package action

import (
	"strings"
	"testing"

	"github.com/sethvargo/go-githubactions"
)

// TestPassEnvAndMaxOutputInputs: pass-env takes names separated by commas,
// blanks or newlines; max-output a size; a bad size names the input.
func TestPassEnvAndMaxOutputInputs(t *testing.T) {
	inputs := func(env map[string]string) *githubactions.Action {
		return githubactions.New(githubactions.WithGetenv(func(k string) string { return env[k] }))
	}
	in, err := readInputs(inputs(map[string]string{"INPUT_PASS-ENV": "DATABASE_URL, REDIS_ADDR\nCI", "INPUT_MAX-OUTPUT": "1MiB"}))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(in.run.PassEnv, " "); got != "DATABASE_URL REDIS_ADDR CI" || in.run.MaxOutput != 1<<20 {
		t.Errorf("pass-env %q, max-output %d", got, in.run.MaxOutput)
	}
	_, err = readInputs(inputs(map[string]string{"INPUT_MAX-OUTPUT": "huge"}))
	if err == nil || !strings.Contains(err.Error(), `input max-output: "huge" is not a size such as 64MiB`) {
		t.Errorf("bad max-output: %v", err)
	}
	if in, _ := readInputs(inputs(nil)); in.run.MaxOutput != 64<<20 || len(in.run.PassEnv) != 0 {
		t.Errorf("defaults: max-output %d, pass-env %q", in.run.MaxOutput, in.run.PassEnv)
	}
}
