package runner

import (
	"errors"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/usage"
)

// TestChildEnvAllowlist: what a build needs passes, everything else a CI
// job's environment holds stays out, and -pass-env adds names but never
// a secret.
func TestChildEnvAllowlist(t *testing.T) {
	in := []string{
		"PATH=/bin", "HOME=/root", "TMPDIR=/tmp", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=go1.27.3", "GOPROXY=https://proxy.golang.org",
		"GOSUMDB=sum.golang.org", "GONOSUMDB=x", "GOPRIVATE=x", "GOAMD64=v3", "GOEXPERIMENT=x", "GO111MODULE=on",
		"CGO_ENABLED=0", "CGO_CFLAGS=-O2", "CC=gcc", "CXX=g++", "AR=ar", "PKG_CONFIG_PATH=/p",
		"LANG=C.UTF-8", "LC_ALL=C", "TZ=UTC", "SSL_CERT_FILE=/c", "SSL_CERT_DIR=/d",
		"HTTP_PROXY=h", "https_proxy=h", "NO_PROXY=n",
		// Never, whatever is asked.
		"GITHUB_TOKEN=ghs_secret", "INPUT_GITHUB-TOKEN=ghs_secret", "INPUT_BENCH=.",
		"ACTIONS_RUNTIME_TOKEN=x", "ACTIONS_ID_TOKEN_REQUEST_TOKEN=t", "ACTIONS_ID_TOKEN_REQUEST_URL=u",
		"GITHUB_ENV=/f", "GITHUB_OUTPUT=/f", "GITHUB_PATH=/f", "GITHUB_STEP_SUMMARY=/f", "GITHUB_STATE=/f", "GITHUB_EVENT_PATH=/e",
		"GOTOKEN=x",
		// Not unless asked: the credentials the probe found passing.
		"DATABASE_URL=postgres://u:p@db", "AWS_ACCESS_KEY_ID=AKIA", "SSH_AUTH_SOCK=/s", "GH_PAT=x", "NPM_AUTH=x",
		"SENTRY_DSN=x", "CODECOV_KEY=x", "GOOGLE_APPLICATION_CREDENTIALS=/k", "GITHUB_WORKSPACE=/ws", "RUNNER_TEMP=/t",
		"GIT_CONFIG_COUNT=1", "LD_PRELOAD=/x.so",
	}
	want := "PATH=/bin HOME=/root TMPDIR=/tmp GOFLAGS=-mod=mod GOTOOLCHAIN=go1.27.3 GOPROXY=https://proxy.golang.org " +
		"GOSUMDB=sum.golang.org GONOSUMDB=x GOPRIVATE=x GOAMD64=v3 GOEXPERIMENT=x GO111MODULE=on " +
		"CGO_ENABLED=0 CGO_CFLAGS=-O2 CC=gcc CXX=g++ AR=ar PKG_CONFIG_PATH=/p LANG=C.UTF-8 LC_ALL=C TZ=UTC " +
		"SSL_CERT_FILE=/c SSL_CERT_DIR=/d HTTP_PROXY=h https_proxy=h NO_PROXY=n"
	if got := strings.Join(ChildEnv(in), " "); got != want {
		t.Errorf("ChildEnv kept\n %s\nwant\n %s", got, want)
	}
	got := strings.Join(ChildEnv(in, "DATABASE_URL", "SENTRY_DSN", "GITHUB_TOKEN", "INPUT_GITHUB-TOKEN", "ACTIONS_RUNTIME_TOKEN", "GITHUB_OUTPUT"), " ")
	if want := want + " DATABASE_URL=postgres://u:p@db SENTRY_DSN=x"; got != want {
		t.Errorf("ChildEnv with pass kept\n %s\nwant\n %s", got, want)
	}
}

// TestGitEnv: git keeps the job's GIT_* settings and other variables,
// not its secrets.
func TestGitEnv(t *testing.T) {
	in := []string{"PATH=/bin", "GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=safe.directory", "GITHUB_WORKSPACE=/ws",
		"GITHUB_TOKEN=x", "INPUT_GITHUB-TOKEN=x", "ACTIONS_RUNTIME_TOKEN=x", "GITHUB_OUTPUT=/f"}
	if got, want := strings.Join(GitEnv(in), " "), "PATH=/bin GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=safe.directory GITHUB_WORKSPACE=/ws"; got != want {
		t.Errorf("GitEnv kept %q, want %q", got, want)
	}
}

func TestCheckPassEnv(t *testing.T) {
	if err := CheckPassEnv([]string{"DATABASE_URL", "REDIS_ADDR", "CI", "GITHUB_SHA"}); err != nil {
		t.Errorf("harmless names refused: %v", err)
	}
	for _, c := range []struct {
		names []string
		want  string
	}{
		{[]string{"DATABASE_URL", "INPUT_GITHUB-TOKEN", "ACTIONS_RUNTIME_TOKEN", "GITHUB_TOKEN"},
			"-pass-env cannot pass INPUT_GITHUB-TOKEN, ACTIONS_RUNTIME_TOKEN, GITHUB_TOKEN: they may carry a secret"},
		{[]string{"GITHUB_ENV"}, "-pass-env cannot pass GITHUB_ENV: it may carry"},
		{[]string{"ACTIONS_CACHE_URL", "NPM_API_KEY"}, "cannot pass ACTIONS_CACHE_URL, NPM_API_KEY"},
		{[]string{"A=B"}, `invalid -pass-env: "A=B" is not a variable name`},
	} {
		err := CheckPassEnv(c.names)
		var ue *usage.Error
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("CheckPassEnv(%q) = %v, want a usage error with %q", c.names, err, c.want)
		}
	}
}
