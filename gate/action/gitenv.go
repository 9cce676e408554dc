package action

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"

	"github.com/benchgate/benchgate/gate/gitx"
)

// withGitConfig adds command-line configuration (key, value pairs) through
// GIT_CONFIG_COUNT/KEY/VALUE, after any the environment already has. It
// changes no file, and environ is not modified.
func withGitConfig(environ []string, kv ...string) []string {
	n := 0
	out := make([]string, 0, len(environ)+len(kv)+1)
	for _, e := range environ {
		if v, ok := strings.CutPrefix(e, "GIT_CONFIG_COUNT="); ok {
			n, _ = strconv.Atoi(v)
			continue
		}
		out = append(out, e)
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out = append(out,
			fmt.Sprintf("GIT_CONFIG_KEY_%d=%s", n, kv[i]),
			fmt.Sprintf("GIT_CONFIG_VALUE_%d=%s", n, kv[i+1]))
		n++
	}
	return append(out, fmt.Sprintf("GIT_CONFIG_COUNT=%d", n))
}

// withSafeDirectory adds safe.directory=dir as command-line configuration,
// and stops git from ever waiting for a password prompt.
func withSafeDirectory(environ []string, dir string) []string {
	return append(withGitConfig(environ, "safe.directory", dir), "GIT_TERMINAL_PROMPT=0")
}

// fetchingRepo is repo with the token as an HTTP header for the GitHub
// server only, for the git commands that fetch a missing commit.
//
// actions/checkout with persist-credentials: false (as every workflow in
// the README has it) leaves no token in .git/config, where the code under
// test could read it; a public repository is fetched without one, a
// private one needs it. The header goes into the environment of these git
// commands alone, as command-line configuration scoped to
// http.<server>/.extraheader the way actions/checkout writes it (an empty
// value first, so a header checkout did persist is not sent twice), with
// submodule recursion off. It is never written to a file, and the
// environment the pipeline and the code under test get never holds it.
// With no token, repo is returned as it is.
func fetchingRepo(repo *gitx.Repo, serverURL, token string) *gitx.Repo {
	if token == "" {
		return repo
	}
	if serverURL == "" {
		serverURL = "https://github.com"
	}
	key := "http." + strings.TrimSuffix(serverURL, "/") + "/.extraheader"
	basic := base64.StdEncoding.EncodeToString([]byte("x-access-token:" + token))
	return &gitx.Repo{Root: repo.Root, Env: withGitConfig(repo.Env,
		key, "",
		key, "AUTHORIZATION: basic "+basic,
		"fetch.recurseSubmodules", "false",
	)}
}
