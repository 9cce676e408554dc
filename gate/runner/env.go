package runner

// The environments of the processes the run stage starts. The go command
// and the code under test get an allowlist: what a Go build needs, and
// the names the user passes through. git, which benchgate trusts and which
// needs the runner's GIT_* settings, gets benchgate's own environment
// without the secrets (GitEnv).

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/benchgate/benchgate/gate/usage"
)

// ChildEnv returns the part of environ that the go command and the code
// under test may see: the variables a Go build needs (see childAllowed:
// PATH, HOME, TMPDIR, the go command's GO* settings, cgo's compilers
// and flags, locale, time zone, certificates and the proxy variables
// that a toolchain or module download goes through), and the variables
// named in pass. Anything else is left out: in a pull request the
// benchmarks are a stranger's code, and the environment of a CI job
// carries tokens, the Action's inputs, the runner's file commands and
// the credentials of other tools (DATABASE_URL, AWS_ACCESS_KEY_ID,
// SSH_AUTH_SOCK). A name in pass that may carry a secret or a channel
// into the workflow (see CheckPassEnv) is left out even so.
func ChildEnv(environ []string, pass ...string) []string {
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		name, _, ok := strings.Cut(kv, "=")
		if !ok || secretName(name) {
			continue
		}
		if childAllowed(name) || slices.Contains(pass, name) {
			out = append(out, kv)
		}
	}
	return out
}

// GitEnv returns environ without the variables that may carry a secret
// or a channel into the workflow: the environment of benchgate's own git
// commands, which need the GIT_* settings (safe.directory, url rewrites)
// a job gives them, but no token: actions/checkout keeps its credentials
// in the repository's configuration.
func GitEnv(environ []string) []string {
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if !secretName(name) {
			out = append(out, kv)
		}
	}
	return out
}

// childNames are the variables children get by exact name.
var childNames = map[string]bool{
	"PATH": true, "HOME": true, "TMPDIR": true,
	"CC": true, "CXX": true, "AR": true, "FC": true,
	"LANG": true, "LANGUAGE": true, "TZ": true,
	"SSL_CERT_FILE": true, "SSL_CERT_DIR": true,
	"HTTP_PROXY": true, "HTTPS_PROXY": true, "NO_PROXY": true,
	"http_proxy": true, "https_proxy": true, "no_proxy": true,
}

// goSetting matches the go command's and the runtime's settings (GOFLAGS,
// GOTOOLCHAIN, GOPROXY, GOAMD64, GOEXPERIMENT, GODEBUG, GO111MODULE, ...):
// GO and capitals or digits, no underscore, so GOOGLE_APPLICATION_CREDENTIALS
// and the like stay out.
var goSetting = regexp.MustCompile(`^GO[A-Z0-9]+$`)

// childAllowed reports whether children get the variable name without
// being asked.
func childAllowed(name string) bool {
	switch {
	case childNames[name], goSetting.MatchString(name),
		strings.HasPrefix(name, "CGO_"), strings.HasPrefix(name, "PKG_CONFIG"), strings.HasPrefix(name, "LC_"):
		return true
	}
	return false
}

// fileCommands are the runner's file-command variables and the event
// file.
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

// envName is what a variable name passed through may look like. Docker
// actions' inputs keep hyphens (INPUT_FAIL-ON), so a hyphen is allowed
// here, to be refused by name rather than as malformed.
var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.-]*$`)

// CheckPassEnv checks the names the user asks to pass through to the code
// under test ({pass-env}). It refuses, naming them, the Action's inputs
// (INPUT_*), the runner's variables (ACTIONS_*), the file commands and
// the event file, and any name that says it holds a token, secret,
// password, credential or key: no request makes them visible to a pull
// request's code.
func CheckPassEnv(names []string) error {
	var refused, bad []string
	for _, n := range names {
		switch {
		case secretName(n):
			refused = append(refused, n)
		case !envName.MatchString(n):
			bad = append(bad, fmt.Sprintf("%q", n))
		}
	}
	if len(bad) > 0 {
		return usage.Errorf("give variable names separated by commas, e.g. DATABASE_URL,REDIS_ADDR",
			"invalid {pass-env}: %s %s not a variable name", strings.Join(bad, ", "), isAre(len(bad)))
	}
	if len(refused) > 0 {
		return usage.Errorf("the code under test never sees the Action's inputs, the runner's tokens or its file commands; pass only what the benchmarks need, under a name that does not say token, secret, password, credential or key",
			"{pass-env} cannot pass %s: %s may carry a secret or a channel into the workflow", strings.Join(refused, ", "), itThey(len(refused)))
	}
	return nil
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

func itThey(n int) string {
	if n == 1 {
		return "it"
	}
	return "they"
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

// unsetEnv returns env without key.
func unsetEnv(env []string, key string) []string {
	out := make([]string, 0, len(env))
	prefix := key + "="
	for _, kv := range env {
		if !strings.HasPrefix(kv, prefix) {
			out = append(out, kv)
		}
	}
	return out
}

// getEnv returns key's value in env (the last one, as the exec'd process
// would see it), or "".
func getEnv(env []string, key string) string {
	prefix := key + "="
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], prefix); ok {
			return v
		}
	}
	return ""
}
