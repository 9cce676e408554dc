package publish

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/google/go-github/v60/github"
)

// PermissionError reports that the token may not read or write the pull
// request's comments: 403 "Resource not accessible by integration" for the
// read-only GITHUB_TOKEN of a pull request from a fork, or 404 for a token
// that cannot see the repository. Callers should warn, not fail: the gate's
// verdict stands without the comment.
type PermissionError struct {
	// Op is what was being done, such as
	// "creating the benchgate comment on octo-org/hello-go#42".
	Op string
	// Status is the HTTP status: 403 or 404.
	Status int
	// Message is GitHub's message.
	Message string
	// Err is the go-github error.
	Err error
}

func (e *PermissionError) Error() string {
	msg := e.Message
	if msg == "" {
		msg = http.StatusText(e.Status)
	}
	why := "the token may not write pull-request comments (pull requests from forks get a read-only token)"
	if e.Status == http.StatusNotFound {
		why = "the pull request does not exist, or the token may not see it"
	}
	return fmt.Sprintf("%s: %d %s: %s: give the job `permissions: pull-requests: write`, or measure in the pull_request workflow and comment from a workflow_run workflow",
		e.Op, e.Status, msg, why)
}

func (e *PermissionError) Unwrap() error { return e.Err }

// Error reports a failure to publish that is not a permission problem.
type Error struct {
	// Op is what was being done, such as
	// "updating benchgate comment 123 on octo-org/hello-go#42".
	Op string
	// Status is the HTTP status of the last answer, or 0 when there was
	// none (a lost connection, a timeout).
	Status int
	// Attempts is how many times the request was tried.
	Attempts int
	// Hint says what to do.
	Hint string
	// Err is the underlying error.
	Err error

	cause string // Err, described for people, with the token removed
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Op)
	b.WriteString(": ")
	b.WriteString(e.cause)
	if e.Attempts > 1 {
		fmt.Fprintf(&b, " after %d attempts", e.Attempts)
	}
	if e.Hint != "" {
		b.WriteString(": ")
		b.WriteString(e.Hint)
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// fail turns a go-github or transport error into a *PermissionError or an
// *Error.
func (c *Commenter) fail(op string, info *callInfo, err error) error {
	status := statusOf(err)
	if (status == http.StatusForbidden && !isRateLimit(err)) || status == http.StatusNotFound {
		return &PermissionError{Op: op, Status: status, Message: c.redact(githubMessage(err)), Err: err}
	}
	e := &Error{Op: op, Status: status, Err: err, cause: c.redact(cause(err))}
	if info != nil {
		e.Attempts = info.attempts
		if info.gaveUp != "" {
			e.cause += " (" + info.gaveUp + ")"
		}
	}
	switch {
	case errors.Is(err, context.Canceled):
		e.Hint = "the job was cancelled"
	case errors.Is(err, context.DeadlineExceeded):
		e.Hint = fmt.Sprintf("GitHub did not answer within the %s benchgate allows for commenting: re-run the job", c.policy.Timeout)
	case isRateLimit(err):
		e.Hint = "GitHub's API rate limit is exhausted: re-run the job later, or run fewer jobs that comment at the same time"
	case status == http.StatusUnauthorized:
		e.Hint = "GitHub refused the token: check the github-token input (its default is ${{ github.token }})"
	case status == http.StatusUnprocessableEntity:
		e.Hint = "GitHub refused the comment: please report this benchgate bug with the job log"
	case status >= 500 || status == 0:
		e.Hint = "GitHub's API is failing or unreachable: re-run the job; the report is still in the job summary"
	}
	return e
}

// statusOf returns the HTTP status of a go-github error, or 0.
func statusOf(err error) int {
	var er *github.ErrorResponse
	var ar *github.AbuseRateLimitError
	var rr *github.RateLimitError
	switch {
	case errors.As(err, &er) && er.Response != nil:
		return er.Response.StatusCode
	case errors.As(err, &ar) && ar.Response != nil:
		return ar.Response.StatusCode
	case errors.As(err, &rr) && rr.Response != nil:
		return rr.Response.StatusCode
	}
	return 0
}

// isRateLimit reports whether err is a rate-limit refusal rather than a
// permission one. go-github types most of them; a 403 that it did not
// recognise is checked by its headers and message.
func isRateLimit(err error) bool {
	var ar *github.AbuseRateLimitError
	var rr *github.RateLimitError
	if errors.As(err, &ar) || errors.As(err, &rr) {
		return true
	}
	var er *github.ErrorResponse
	if errors.As(err, &er) && er.Response != nil {
		h := er.Response.Header
		if er.Response.StatusCode == http.StatusTooManyRequests || h.Get("Retry-After") != "" || h.Get("X-RateLimit-Remaining") == "0" {
			return true
		}
		return isSecondaryRateLimitMessage(er.Message + " " + er.DocumentationURL)
	}
	return false
}

// transient reports whether a failed create may succeed if tried again.
func transient(ctx context.Context, err error) bool {
	if ctx.Err() != nil {
		return false
	}
	if s := statusOf(err); s >= 500 {
		return true
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	var ue *url.Error
	return errors.As(err, &ue)
}

// githubMessage returns the message GitHub sent with an error answer.
func githubMessage(err error) string {
	var er *github.ErrorResponse
	var ar *github.AbuseRateLimitError
	var rr *github.RateLimitError
	switch {
	case errors.As(err, &er):
		return er.Message
	case errors.As(err, &ar):
		return ar.Message
	case errors.As(err, &rr):
		return rr.Message
	}
	return ""
}

// cause describes err briefly: "502 Bad Gateway: Server Error" for an
// answer, the inner error for a failed connection.
func cause(err error) string {
	if s := statusOf(err); s != 0 {
		text := fmt.Sprintf("%d %s", s, http.StatusText(s))
		if m := githubMessage(err); m != "" && m != http.StatusText(s) {
			text += ": " + m
		}
		var er *github.ErrorResponse
		if errors.As(err, &er) && len(er.Errors) > 0 {
			var details []string
			for _, fe := range er.Errors {
				if fe.Message != "" {
					details = append(details, fe.Message)
				} else {
					details = append(details, fe.Field+" "+fe.Code)
				}
			}
			text += " (" + strings.Join(details, "; ") + ")"
		}
		return text
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err.Error()
	}
	return err.Error()
}
