// Package ghfake is an in-process fake of the GitHub REST endpoints that
// benchgate's publish stage uses: listing, creating, reading and editing
// issue comments, and reading the authenticated user.
//
// # Why a fake
//
// Tests never reach the real API. The fake is an [httptest.Server] that
// behaves like GitHub where benchgate depends on it: real pagination with
// Link headers, 201 on create, 404 for unknown comments, 401 without a
// token, the 65,536-character body limit, and GitHub's error bodies. Tests
// of the publish package use it directly, and end-to-end tests of the whole
// binary can point GITHUB_API_URL at [Server.URL].
//
// # Base path
//
// Like go-github's own tests, the API is mounted under a non-empty base path
// ("/api-v3/" by default), the way GitHub Enterprise Server serves it under
// "/api/v3/". A client that builds absolute paths instead of resolving them
// against its base URL misses the mount and fails the test.
//
// # Identity
//
// By default the fake acts like a workflow's GITHUB_TOKEN: new comments are
// written by "github-actions[bot]" (type "Bot"), and GET /user answers 403
// "Resource not accessible by integration", as it does for installation
// tokens. [AsUser] makes it act like a personal access token instead, and
// [AsApp] like a GitHub App's installation token.
//
// # Scripted faults
//
// [Server.Script] queues responses for one endpoint; each request to that
// endpoint takes the next one until the queue is empty, after which the
// endpoint behaves normally again. Helpers build the responses GitHub sends:
// [ServerError], [SecondaryRateLimit], [PrimaryRateLimit], [NotAccessible],
// [NotFound] and [Stall].
package ghfake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
)

// DefaultBasePath is where the API is mounted unless [WithBasePath] says
// otherwise.
const DefaultBasePath = "/api-v3/"

// BotLogin is the login GitHub shows for comments written with a workflow's
// GITHUB_TOKEN.
const BotLogin = "github-actions[bot]"

// MaxBodyChars is GitHub's limit on a comment body, in characters. The fake
// counts Unicode code points.
const MaxBodyChars = 65536

// Endpoint names one of the routes the fake serves.
type Endpoint string

// The endpoints the fake serves, relative to the base path.
const (
	ListComments  Endpoint = "GET repos/{owner}/{repo}/issues/{number}/comments"
	CreateComment Endpoint = "POST repos/{owner}/{repo}/issues/{number}/comments"
	GetComment    Endpoint = "GET repos/{owner}/{repo}/issues/comments/{id}"
	UpdateComment Endpoint = "PATCH repos/{owner}/{repo}/issues/comments/{id}"
	GetUser       Endpoint = "GET user"
	GetPull       Endpoint = "GET repos/{owner}/{repo}/pulls/{number}"
	// Other is any request under the base path that matches no route; the
	// fake answers 404 as GitHub does.
	Other Endpoint = "other"
)

// Comment is an issue comment as the fake stores it.
type Comment struct {
	ID        int64
	Owner     string // repository owner
	Repo      string // repository name
	Number    int    // issue or pull-request number
	Body      string
	Login     string // author
	UserType  string // "User" or "Bot"
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Request is one request the fake received, for assertions.
type Request struct {
	Method   string
	Path     string // relative to the base path, without the query
	Query    url.Values
	Endpoint Endpoint
	// AuthScheme is "Bearer", "token", "" when there was no Authorization
	// header, or the unrecognised scheme.
	AuthScheme string
	// Status is the status code the fake answered with.
	Status int
	// Scripted reports that the answer came from a scripted Response.
	Scripted bool
}

// Response is a scripted answer for one request.
type Response struct {
	// Status is the status code to send. Zero means "handle the request
	// normally", which together with Delay makes a slow success.
	Status int
	// Header holds extra headers, such as Retry-After.
	Header http.Header
	// Body is sent as the JSON body.
	Body string
	// Delay holds the answer back. The fake stops waiting when the client
	// gives up (its request context ends) or the server closes.
	Delay time.Duration
	// Apply carries the request out before answering with Status: the
	// comment is created or edited, but the client sees a failure. It
	// simulates a 502 from a proxy after the write landed.
	Apply bool
}

// ServerError answers with a 5xx status and GitHub's style of body.
func ServerError(status int) Response {
	return Response{Status: status, Body: messageBody(http.StatusText(status), "")}
}

// SecondaryRateLimit answers like GitHub's secondary rate limit: 403 with a
// Retry-After header (omitted when retryAfterSeconds is negative) and the
// documentation URL that go-github recognises.
func SecondaryRateLimit(retryAfterSeconds int) Response {
	r := Response{
		Status: http.StatusForbidden,
		Header: http.Header{},
		Body: messageBody("You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID 0B8C:27A1:1C2E3F:3A4B5C:65A1B2C3.",
			"https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"),
	}
	if retryAfterSeconds >= 0 {
		r.Header.Set("Retry-After", strconv.Itoa(retryAfterSeconds))
	}
	return r
}

// PrimaryRateLimit answers like an exhausted primary rate limit: 403 with
// X-RateLimit-Remaining: 0 and X-RateLimit-Reset at reset.
func PrimaryRateLimit(reset time.Time) Response {
	h := http.Header{}
	h.Set("X-RateLimit-Limit", "1000")
	h.Set("X-RateLimit-Remaining", "0")
	h.Set("X-RateLimit-Used", "1000")
	h.Set("X-RateLimit-Reset", strconv.FormatInt(reset.Unix(), 10))
	h.Set("X-RateLimit-Resource", "core")
	return Response{
		Status: http.StatusForbidden,
		Header: h,
		Body: messageBody("API rate limit exceeded for installation ID 123456.",
			"https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"),
	}
}

// NotAccessible answers like a read-only GITHUB_TOKEN, as in a pull request
// from a fork: 403 "Resource not accessible by integration".
func NotAccessible() Response {
	return Response{
		Status: http.StatusForbidden,
		Body: messageBody("Resource not accessible by integration",
			"https://docs.github.com/rest/issues/comments#create-an-issue-comment"),
	}
}

// NotFound answers 404 as GitHub does for a repository the token cannot see.
func NotFound() Response {
	return Response{Status: http.StatusNotFound, Body: notFoundBody}
}

// Stall holds the answer back for d and then handles the request normally;
// with d longer than the client's timeout, the client gives up first.
func Stall(d time.Duration) Response {
	return Response{Delay: d}
}

// Option configures a Server.
type Option func(*Server)

// WithBasePath mounts the API under path instead of [DefaultBasePath]. It
// must start and end with "/".
func WithBasePath(path string) Option {
	return func(s *Server) { s.basePath = path }
}

// WithToken makes the fake accept only this token; any other answers 401
// "Bad credentials". Without it, any token is accepted.
func WithToken(token string) Option {
	return func(s *Server) { s.token = token }
}

// AsApp makes the fake act like a GitHub App's installation token: new
// comments are written by login, such as "my-app[bot]" (type "Bot"), and
// GET /user answers 403 as it does for the workflow's token.
func AsApp(login string) Option {
	return func(s *Server) {
		s.login = login
		s.userType = "Bot"
		s.authenticated = false
	}
}

// AsUser makes the fake act like a personal access token of login: new
// comments are written by login (type "User"), and GET /user returns it.
func AsUser(login string) Option {
	return func(s *Server) {
		s.login = login
		s.userType = "User"
		s.authenticated = true
	}
}

// Server is a running fake. Its methods are safe for concurrent use.
type Server struct {
	// URL is the API's base URL, with a trailing slash, such as
	// http://127.0.0.1:40123/api-v3/. Use it as GITHUB_API_URL.
	URL string

	t        testing.TB
	srv      *httptest.Server
	basePath string
	token    string
	closed   chan struct{}

	mu            sync.Mutex
	login         string
	userType      string
	authenticated bool
	nextID        int64
	pulls         map[string]Pull
	now           time.Time
	comments      []*Comment
	scripts       map[Endpoint][]Response
	requests      []Request
}

// New starts a fake and closes it when the test ends.
func New(t testing.TB, opts ...Option) *Server {
	t.Helper()
	s := &Server{
		t:        t,
		basePath: DefaultBasePath,
		closed:   make(chan struct{}),
		login:    BotLogin,
		userType: "Bot",
		nextID:   1000,
		now:      time.Date(2024, 1, 2, 15, 4, 5, 0, time.UTC),
		scripts:  map[Endpoint][]Response{},
	}
	for _, o := range opts {
		o(s)
	}
	if !strings.HasPrefix(s.basePath, "/") || !strings.HasSuffix(s.basePath, "/") {
		t.Fatalf("ghfake: base path %q must start and end with /", s.basePath)
	}
	mux := http.NewServeMux()
	mux.Handle(s.basePath, http.StripPrefix(strings.TrimSuffix(s.basePath, "/"), http.HandlerFunc(s.serveAPI)))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("ghfake: %s %s is outside the base path %s: the client must resolve relative URLs against its base URL", r.Method, r.URL.Path, s.basePath)
		http.Error(w, "outside the API base path", http.StatusNotFound)
	})
	s.srv = httptest.NewServer(mux)
	s.URL = s.srv.URL + s.basePath
	t.Cleanup(s.Close)
	return s
}

// Close stops the server. Stalled requests are released first.
func (s *Server) Close() {
	select {
	case <-s.closed:
		return
	default:
		close(s.closed)
	}
	s.srv.Close()
}

// Client returns an HTTP client for the fake's server.
func (s *Server) Client() *http.Client { return s.srv.Client() }

// Script queues responses for ep. Each request to ep takes the next one;
// when the queue is empty ep behaves normally.
func (s *Server) Script(ep Endpoint, rs ...Response) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.scripts[ep] = append(s.scripts[ep], rs...)
}

// Pending returns how many scripted responses for ep have not been used.
func (s *Server) Pending(ep Endpoint) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.scripts[ep])
}

// AddComment stores a comment as if login had written it, and returns its
// ID. A login ending in "[bot]" is stored with type "Bot".
func (s *Server) AddComment(owner, repo string, number int, login, body string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	typ := "User"
	if strings.HasSuffix(login, "[bot]") {
		typ = "Bot"
	}
	return s.addLocked(owner, repo, number, login, typ, body).ID
}

// Comments returns copies of the comments on owner/repo#number, oldest
// first.
func (s *Server) Comments(owner, repo string, number int) []Comment {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Comment
	for _, c := range s.comments {
		if c.Owner == owner && c.Repo == repo && c.Number == number {
			out = append(out, *c)
		}
	}
	return out
}

// Requests returns the requests received so far, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Count returns how many requests reached ep.
func (s *Server) Count(ep Endpoint) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, r := range s.requests {
		if r.Endpoint == ep {
			n++
		}
	}
	return n
}

func (s *Server) addLocked(owner, repo string, number int, login, typ, body string) *Comment {
	s.nextID++
	s.now = s.now.Add(time.Minute)
	c := &Comment{
		ID: s.nextID, Owner: owner, Repo: repo, Number: number,
		Body: body, Login: login, UserType: typ,
		CreatedAt: s.now, UpdatedAt: s.now,
	}
	s.comments = append(s.comments, c)
	return c
}

var (
	issueCommentsRE = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/issues/([0-9]+)/comments$`)
	commentRE       = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/issues/comments/([0-9]+)$`)
	pullRE          = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/pulls/([0-9]+)$`)
)

const notFoundBody = `{"message":"Not Found","documentation_url":"https://docs.github.com/rest"}`

func messageBody(msg, doc string) string {
	b, _ := json.Marshal(struct {
		Message          string `json:"message"`
		DocumentationURL string `json:"documentation_url,omitempty"`
	}{msg, doc})
	return string(b)
}

// route names the endpoint of a request and its path parameters.
func route(method, path string) (Endpoint, []string) {
	if m := issueCommentsRE.FindStringSubmatch(path); m != nil {
		switch method {
		case http.MethodGet:
			return ListComments, m[1:]
		case http.MethodPost:
			return CreateComment, m[1:]
		}
	}
	if m := commentRE.FindStringSubmatch(path); m != nil {
		switch method {
		case http.MethodGet:
			return GetComment, m[1:]
		case http.MethodPatch:
			return UpdateComment, m[1:]
		}
	}
	if m := pullRE.FindStringSubmatch(path); m != nil && method == http.MethodGet {
		return GetPull, m[1:]
	}
	if path == "/user" && method == http.MethodGet {
		return GetUser, nil
	}
	return Other, nil
}

func (s *Server) serveAPI(w http.ResponseWriter, r *http.Request) {
	ep, params := route(r.Method, r.URL.Path)
	rec := Request{
		Method:   r.Method,
		Path:     strings.TrimPrefix(r.URL.Path, "/"),
		Query:    r.URL.Query(),
		Endpoint: ep,
	}
	rw := &recorder{ResponseWriter: w}
	defer func() {
		rec.Status = rw.status
		s.mu.Lock()
		s.requests = append(s.requests, rec)
		s.mu.Unlock()
	}()

	s.setCommonHeaders(rw.Header())

	// Authentication comes first, as on GitHub.
	scheme, token, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	rec.AuthScheme = scheme
	switch {
	case scheme == "":
		writeJSON(rw, http.StatusUnauthorized, messageBody("Requires authentication", "https://docs.github.com/rest"))
		return
	case scheme != "Bearer" && scheme != "token":
		writeJSON(rw, http.StatusUnauthorized, messageBody("Bad credentials", "https://docs.github.com/rest"))
		return
	case s.token != "" && token != s.token:
		writeJSON(rw, http.StatusUnauthorized, messageBody("Bad credentials", "https://docs.github.com/rest"))
		return
	}

	s.mu.Lock()
	var scripted *Response
	if q := s.scripts[ep]; len(q) > 0 {
		scripted = &q[0]
		s.scripts[ep] = q[1:]
	}
	s.mu.Unlock()

	if scripted != nil {
		rec.Scripted = true
		if scripted.Delay > 0 {
			timer := time.NewTimer(scripted.Delay)
			select {
			case <-timer.C:
			case <-r.Context().Done():
				timer.Stop()
				rw.status = 0 // the client hung up; nothing was answered
				return
			case <-s.closed:
				timer.Stop()
				return
			}
		}
		if scripted.Status != 0 {
			if scripted.Apply {
				s.handle(&discard{header: http.Header{}}, r, ep, params)
			}
			for k, vs := range scripted.Header {
				rw.Header()[k] = vs
			}
			writeJSON(rw, scripted.Status, scripted.Body)
			return
		}
	}
	s.handle(rw, r, ep, params)
}

func (s *Server) setCommonHeaders(h http.Header) {
	h.Set("X-GitHub-Media-Type", "github.v3; format=json")
	h.Set("X-GitHub-Request-Id", "0B8C:27A1:1C2E3F:3A4B5C:65A1B2C3")
	h.Set("X-RateLimit-Limit", "5000")
	h.Set("X-RateLimit-Remaining", "4999")
	h.Set("X-RateLimit-Used", "1")
	h.Set("X-RateLimit-Reset", strconv.FormatInt(time.Now().Add(time.Hour).Unix(), 10))
	h.Set("X-RateLimit-Resource", "core")
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request, ep Endpoint, params []string) {
	switch ep {
	case ListComments:
		s.list(w, r, params)
	case CreateComment:
		s.create(w, r, params)
	case GetComment:
		s.get(w, r, params)
	case UpdateComment:
		s.update(w, r, params)
	case GetUser:
		s.user(w)
	case GetPull:
		s.pull(w, params)
	default:
		writeJSON(w, http.StatusNotFound, notFoundBody)
	}
}

func (s *Server) list(w http.ResponseWriter, r *http.Request, p []string) {
	owner, repo := p[0], p[1]
	number, _ := strconv.Atoi(p[2])
	q := r.URL.Query()
	perPage, page := 30, 1
	if v := q.Get("per_page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			writeJSON(w, http.StatusUnprocessableEntity, messageBody("Invalid per_page", ""))
			return
		}
		perPage = min(n, 100)
	}
	if v := q.Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			writeJSON(w, http.StatusUnprocessableEntity, messageBody("Invalid page", ""))
			return
		}
		page = n
	}
	all := s.Comments(owner, repo, number)
	sort.SliceStable(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	last := max(1, (len(all)+perPage-1)/perPage)
	lo := min((page-1)*perPage, len(all))
	hi := min(lo+perPage, len(all))

	// Build the Link header from the request's own URL, as GitHub does.
	link := func(n int) string {
		u := url.URL{Scheme: "http", Host: r.Host, Path: strings.TrimSuffix(s.basePath, "/") + r.URL.Path}
		v := url.Values{}
		for k, vs := range q {
			v[k] = vs
		}
		v.Set("per_page", strconv.Itoa(perPage))
		v.Set("page", strconv.Itoa(n))
		u.RawQuery = v.Encode()
		return u.String()
	}
	var links []string
	if page > 1 {
		links = append(links, fmt.Sprintf(`<%s>; rel="prev"`, link(page-1)))
	}
	if page < last {
		links = append(links, fmt.Sprintf(`<%s>; rel="next"`, link(page+1)))
		links = append(links, fmt.Sprintf(`<%s>; rel="last"`, link(last)))
	}
	if page > 1 {
		links = append(links, fmt.Sprintf(`<%s>; rel="first"`, link(1)))
	}
	if len(links) > 0 {
		w.Header().Set("Link", strings.Join(links, ", "))
	}
	out := make([]commentJSON, 0, hi-lo)
	for _, c := range all[lo:hi] {
		out = append(out, s.toJSON(r, &c))
	}
	writeValue(w, http.StatusOK, out)
}

type bodyRequest struct {
	Body *string `json:"body"`
}

// readBody decodes {"body": "..."} and checks it as GitHub does.
func readBody(w http.ResponseWriter, r *http.Request) (string, bool) {
	var br bodyRequest
	if err := json.NewDecoder(r.Body).Decode(&br); err != nil {
		writeJSON(w, http.StatusBadRequest, messageBody("Problems parsing JSON", "https://docs.github.com/rest/issues/comments"))
		return "", false
	}
	if br.Body == nil {
		writeJSON(w, http.StatusUnprocessableEntity, validationBody("missing_field", "body", ""))
		return "", false
	}
	if n := utf8.RuneCountInString(*br.Body); n > MaxBodyChars {
		writeJSON(w, http.StatusUnprocessableEntity, validationBody("custom", "body",
			fmt.Sprintf("Body is too long (maximum is %d characters)", MaxBodyChars)))
		return "", false
	}
	return *br.Body, true
}

func validationBody(code, field, message string) string {
	type fieldError struct {
		Resource string `json:"resource"`
		Code     string `json:"code"`
		Field    string `json:"field"`
		Message  string `json:"message,omitempty"`
	}
	b, _ := json.Marshal(struct {
		Message          string       `json:"message"`
		Errors           []fieldError `json:"errors"`
		DocumentationURL string       `json:"documentation_url"`
	}{
		Message:          "Validation Failed",
		Errors:           []fieldError{{Resource: "IssueComment", Code: code, Field: field, Message: message}},
		DocumentationURL: "https://docs.github.com/rest/issues/comments#create-an-issue-comment",
	})
	return string(b)
}

func (s *Server) create(w http.ResponseWriter, r *http.Request, p []string) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	number, _ := strconv.Atoi(p[2])
	s.mu.Lock()
	c := *s.addLocked(p[0], p[1], number, s.login, s.userType, body)
	s.mu.Unlock()
	w.Header().Set("Location", s.apiURL(r, c.Owner, c.Repo, c.ID))
	writeValue(w, http.StatusCreated, s.toJSON(r, &c))
}

func (s *Server) find(owner, repo string, id int64) *Comment {
	for _, c := range s.comments {
		if c.ID == id && c.Owner == owner && c.Repo == repo {
			return c
		}
	}
	return nil
}

func (s *Server) get(w http.ResponseWriter, r *http.Request, p []string) {
	id, _ := strconv.ParseInt(p[2], 10, 64)
	s.mu.Lock()
	c := s.find(p[0], p[1], id)
	var cp Comment
	if c != nil {
		cp = *c
	}
	s.mu.Unlock()
	if c == nil {
		writeJSON(w, http.StatusNotFound, notFoundBody)
		return
	}
	writeValue(w, http.StatusOK, s.toJSON(r, &cp))
}

func (s *Server) update(w http.ResponseWriter, r *http.Request, p []string) {
	id, _ := strconv.ParseInt(p[2], 10, 64)
	s.mu.Lock()
	exists := s.find(p[0], p[1], id) != nil
	s.mu.Unlock()
	if !exists {
		writeJSON(w, http.StatusNotFound, notFoundBody)
		return
	}
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	c := s.find(p[0], p[1], id)
	if c == nil {
		s.mu.Unlock()
		writeJSON(w, http.StatusNotFound, notFoundBody)
		return
	}
	s.now = s.now.Add(time.Minute)
	c.Body = body
	c.UpdatedAt = s.now
	cp := *c
	s.mu.Unlock()
	writeValue(w, http.StatusOK, s.toJSON(r, &cp))
}

func (s *Server) user(w http.ResponseWriter) {
	s.mu.Lock()
	login, ok := s.login, s.authenticated
	s.mu.Unlock()
	if !ok {
		writeJSON(w, http.StatusForbidden, messageBody("Resource not accessible by integration",
			"https://docs.github.com/rest/users/users#get-the-authenticated-user"))
		return
	}
	writeValue(w, http.StatusOK, userJSON{Login: login, ID: 583231, Type: "User"})
}

// JSON shapes, following GitHub's documented responses. The tests decode
// them with go-github's types.

type userJSON struct {
	Login   string `json:"login"`
	ID      int64  `json:"id"`
	NodeID  string `json:"node_id"`
	Type    string `json:"type"`
	HTMLURL string `json:"html_url"`
}

type commentJSON struct {
	ID                int64    `json:"id"`
	NodeID            string   `json:"node_id"`
	URL               string   `json:"url"`
	HTMLURL           string   `json:"html_url"`
	IssueURL          string   `json:"issue_url"`
	Body              string   `json:"body"`
	User              userJSON `json:"user"`
	CreatedAt         string   `json:"created_at"`
	UpdatedAt         string   `json:"updated_at"`
	AuthorAssociation string   `json:"author_association"`
}

func (s *Server) apiURL(r *http.Request, owner, repo string, id int64) string {
	return fmt.Sprintf("http://%s%srepos/%s/%s/issues/comments/%d", r.Host, s.basePath, owner, repo, id)
}

func (s *Server) toJSON(r *http.Request, c *Comment) commentJSON {
	assoc := "NONE"
	if c.UserType == "Bot" {
		assoc = "CONTRIBUTOR"
	}
	host := r.Host
	return commentJSON{
		ID:        c.ID,
		NodeID:    fmt.Sprintf("IC_kwDOFake%d", c.ID),
		URL:       s.apiURL(r, c.Owner, c.Repo, c.ID),
		HTMLURL:   fmt.Sprintf("http://%s/%s/%s/pull/%d#issuecomment-%d", host, c.Owner, c.Repo, c.Number, c.ID),
		IssueURL:  fmt.Sprintf("http://%s%srepos/%s/%s/issues/%d", host, s.basePath, c.Owner, c.Repo, c.Number),
		Body:      c.Body,
		User:      userJSON{Login: c.Login, ID: int64(len(c.Login)) * 1000, NodeID: "U_fake", Type: c.UserType, HTMLURL: "https://github.com/" + c.Login},
		CreatedAt: c.CreatedAt.Format(time.RFC3339),
		UpdatedAt: c.UpdatedAt.Format(time.RFC3339),

		AuthorAssociation: assoc,
	}
}

func writeValue(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		writeJSON(w, http.StatusInternalServerError, messageBody(err.Error(), ""))
		return
	}
	writeJSON(w, status, string(b))
}

func writeJSON(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	if body != "" {
		_, _ = w.Write([]byte(body))
	}
}

// recorder remembers the status code written.
type recorder struct {
	http.ResponseWriter
	status int
}

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.ResponseWriter.Write(b)
}

// discard is a ResponseWriter that drops the answer, for Response.Apply.
type discard struct{ header http.Header }

func (d *discard) Header() http.Header         { return d.header }
func (d *discard) Write(b []byte) (int, error) { return len(b), nil }
func (d *discard) WriteHeader(int)             {}

// Pull is a pull request as the fake stores it: just what benchgate reads.
type Pull struct {
	Owner, Repo string
	Number      int
	HeadSHA     string
	BaseSHA     string
	// HeadRepo is the head repository's full name (a fork's, for fork
	// pull requests).
	HeadRepo string
}

// AddPull makes GET repos/{owner}/{repo}/pulls/{number} answer with p.
func (s *Server) AddPull(p Pull) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pulls == nil {
		s.pulls = map[string]Pull{}
	}
	s.pulls[fmt.Sprintf("%s/%s#%d", p.Owner, p.Repo, p.Number)] = p
}

func (s *Server) pull(w http.ResponseWriter, params []string) {
	number, _ := strconv.Atoi(params[2])
	s.mu.Lock()
	p, ok := s.pulls[fmt.Sprintf("%s/%s#%d", params[0], params[1], number)]
	s.mu.Unlock()
	if !ok {
		writeJSON(w, http.StatusNotFound, notFoundBody)
		return
	}
	headRepo := p.HeadRepo
	if headRepo == "" {
		headRepo = p.Owner + "/" + p.Repo
	}
	writeValue(w, http.StatusOK, map[string]any{
		"number": p.Number,
		"state":  "open",
		"head":   map[string]any{"sha": p.HeadSHA, "repo": map[string]any{"full_name": headRepo}},
		"base":   map[string]any{"sha": p.BaseSHA, "repo": map[string]any{"full_name": p.Owner + "/" + p.Repo}},
	})
}
