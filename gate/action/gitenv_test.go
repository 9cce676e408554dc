package action

import (
	"context"
	"encoding/base64"
	"net/http"
	"net/http/cgi"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/benchgate/benchgate/gate/gitx"
)

const fetchToken = "ghs_fetchTokenSecret0123456789"

// privateGitServer serves the repositories under root over git's smart
// HTTP protocol (git http-backend), like a private repository: every
// request needs Authorization: basic x-access-token:fetchToken, as
// GitHub accepts a workflow token. It records the Authorization headers
// of each request.
type privateGitServer struct {
	*httptest.Server
	mu    sync.Mutex
	auths [][]string
}

func newPrivateGitServer(t *testing.T, root string) *privateGitServer {
	t.Helper()
	execPath, err := exec.Command("git", "--exec-path").Output()
	if err != nil {
		t.Fatalf("git --exec-path: %v", err)
	}
	backend := &cgi.Handler{
		Path: filepath.Join(strings.TrimSpace(string(execPath)), "git-http-backend"),
		Env:  []string{"GIT_PROJECT_ROOT=" + root, "GIT_HTTP_EXPORT_ALL=1", "GIT_CONFIG_NOSYSTEM=1", "HOME=" + root},
	}
	want := "basic " + base64.StdEncoding.EncodeToString([]byte("x-access-token:"+fetchToken))
	s := &privateGitServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := r.Header.Values("Authorization")
		s.mu.Lock()
		s.auths = append(s.auths, got)
		s.mu.Unlock()
		if len(got) != 1 || !strings.EqualFold(got[0], want) {
			w.Header().Set("WWW-Authenticate", `Basic realm="GitHub"`)
			http.Error(w, "authentication required", http.StatusUnauthorized)
			return
		}
		backend.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// privateClone makes an origin with a base and a head commit, serves it
// privately, and clones the head at depth 1 the way actions/checkout does
// with persist-credentials: false (the header on the command line only).
func privateClone(t *testing.T) (srv *privateGitServer, ws, base, head string) {
	t.Helper()
	root := t.TempDir()
	origin := filepath.Join(root, "hello-go.git")
	src := filepath.Join(t.TempDir(), "src")
	shas := gitRepo(t, src, map[string]string{"go.mod": "module example.com/x\n\ngo 1.21\n", "a.txt": "base\n"}, map[string]string{"a.txt": "head\n"})
	base, head = shas[0], shas[1]
	gitIn(t, root, "clone", "-q", "--bare", src, origin)
	gitIn(t, origin, "config", "uploadpack.allowAnySHA1InWant", "true")
	srv = newPrivateGitServer(t, root)
	ws = filepath.Join(t.TempDir(), "ws")
	header := "http.extraheader=AUTHORIZATION: basic " + base64.StdEncoding.EncodeToString([]byte("x-access-token:"+fetchToken))
	gitIn(t, filepath.Dir(ws), "-c", header, "clone", "-q", "--depth=1", srv.URL+"/hello-go.git", ws)
	return srv, ws, base, head
}

// TestFetchingRepoPassesTheTokenToTheFetchOnly: with persist-credentials:
// false a private repository's missing base commit can be fetched only
// with the token; benchgate passes it as command-line configuration of
// the fetch, scoped to the server, and writes it nowhere.
func TestFetchingRepoPassesTheTokenToTheFetchOnly(t *testing.T) {
	srv, ws, base, _ := privateClone(t)
	ctx := context.Background()
	env := withSafeDirectory(append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+t.TempDir()), ws)
	repo, err := gitx.Open(ctx, ws, env)
	if err != nil {
		t.Fatal(err)
	}
	if repo.HasCommit(ctx, base) {
		t.Fatal("the depth-1 clone already has the base commit")
	}
	logf := func(format string, args ...any) { t.Logf(format, args...) }

	// No token: the private repository refuses.
	if err := fetchingRepo(repo, srv.URL, "").EnsureCommit(ctx, "origin", base, "base commit", logf); err == nil {
		t.Fatal("fetched from a private repository without credentials")
	}
	// A token scoped to another server is not sent there.
	if err := fetchingRepo(repo, "https://github.com", fetchToken).EnsureCommit(ctx, "origin", base, "base commit", logf); err == nil {
		t.Fatal("the token scoped to https://github.com/ reached another server")
	}
	// A stale header persisted in .git/config (persist-credentials: true
	// from an earlier token) is replaced, not sent beside the token.
	gitIn(t, ws, "config", "http."+srv.URL+"/.extraheader", "AUTHORIZATION: basic c3RhbGU=")
	srv.mu.Lock()
	srv.auths = nil
	srv.mu.Unlock()
	if err := fetchingRepo(repo, srv.URL, fetchToken).EnsureCommit(ctx, "origin", base, "base commit", logf); err != nil {
		t.Fatalf("fetch with the token: %v", err)
	}
	if !repo.HasCommit(ctx, base) {
		t.Fatal("the base commit is still missing")
	}
	srv.mu.Lock()
	for _, a := range srv.auths {
		if len(a) != 1 {
			t.Errorf("a request carried %d Authorization headers: %q", len(a), a)
		}
	}
	srv.mu.Unlock()
	gitIn(t, ws, "config", "--unset-all", "http."+srv.URL+"/.extraheader")

	// Nothing kept the token: not .git/config, not the repository's
	// environment (which the pipeline and the code under test get).
	cfg, _ := os.ReadFile(filepath.Join(ws, ".git", "config"))
	if strings.Contains(string(cfg), base64.StdEncoding.EncodeToString([]byte("x-access-token:"+fetchToken))) || strings.Contains(string(cfg), "extraheader") {
		t.Errorf(".git/config holds the header:\n%s", cfg)
	}
	for _, kv := range repo.Env {
		if strings.Contains(kv, base64.StdEncoding.EncodeToString([]byte("x-access-token:"+fetchToken))) {
			t.Errorf("the repository's environment holds the token: %s", kv)
		}
	}
}

// TestActionFetchesFromAPrivateRepository runs the Action's run command
// on a depth-1 checkout of a private repository: with github-token it
// fetches the base; without, it says what to do.
func TestActionFetchesFromAPrivateRepository(t *testing.T) {
	srv, ws, base, head := privateClone(t)
	ev := fixtureEvent(t, "pull_request", func(ev map[string]any) {
		field(ev, "pull_request", "base")["sha"] = base
		field(ev, "pull_request", "head")["sha"] = head
	})
	in := map[string]string{"packages": "./...", "comment": "never", "github-token": fetchToken}
	r := runStep(t, ws, "pull_request", ev, in, "GITHUB_SERVER_URL="+srv.URL)
	r.mustContain(t, "stdout", r.stdout, "base commit "+base[:12]+" is not in this clone; fetching it from origin")
	// The fixture has no Go code, so the run stops there: after the fetch.
	r.mustContain(t, "stderr", r.stderr, "none of the packages ./... has test files")
	if strings.Contains(r.stdout+r.stderr, fetchToken) {
		t.Error("the token is in the log")
	}

	_, ws2, base2, head2 := privateClone(t)
	ev2 := fixtureEvent(t, "pull_request", func(ev map[string]any) {
		field(ev, "pull_request", "base")["sha"] = base2
		field(ev, "pull_request", "head")["sha"] = head2
	})
	r = runStep(t, ws2, "pull_request", ev2, map[string]string{"packages": "./...", "comment": "never", "github-token": ""}, "GITHUB_SERVER_URL="+srv.URL)
	if r.code != 2 {
		t.Errorf("no token: exit %d, want 2", r.code)
	}
	r.mustContain(t, "stderr", r.stderr, "base commit "+base2+" is not in this clone and could not be fetched",
		"hint: a private repository needs credentials to fetch from: keep the github-token input")
}
