package runner

import "strings"

// ChildEnv returns environ without anything the code under test must not
// see. In a pull request the benchmarks are a stranger's code, so tokens,
// the action's inputs, and the runner's file commands (through which a
// process could set outputs, environment or PATH for later steps) are
// removed.
func ChildEnv(environ []string) []string {
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if secretName(name) {
			continue
		}
		out = append(out, kv)
	}
	return out
}

// fileCommands are the runner's file-command variables.
var fileCommands = map[string]bool{
	"GITHUB_ENV": true, "GITHUB_PATH": true, "GITHUB_OUTPUT": true,
	"GITHUB_STATE": true, "GITHUB_STEP_SUMMARY": true, "GITHUB_EVENT_PATH": true,
}

// secretName reports whether an environment variable may carry a secret or
// a channel into the workflow.
func secretName(name string) bool {
	upper := strings.ToUpper(name)
	switch {
	case strings.HasPrefix(upper, "INPUT_"),
		strings.HasPrefix(upper, "ACTIONS_"),
		strings.HasPrefix(upper, "BENCHGATE_GITHUB"),
		fileCommands[upper]:
		return true
	}
	for _, word := range []string{"TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL", "PRIVATE_KEY", "API_KEY", "APIKEY"} {
		if strings.Contains(upper, word) {
			return true
		}
	}
	return false
}

// setEnv returns env with key set to value (replacing any earlier value).
func setEnv(env []string, key, value string) []string {
	out := make([]string, 0, len(env)+1)
	prefix := key + "="
	for _, kv := range env {
		if !strings.HasPrefix(kv, prefix) {
			out = append(out, kv)
		}
	}
	return append(out, prefix+value)
}
