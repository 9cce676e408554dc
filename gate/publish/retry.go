package publish

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// RetryPolicy bounds how long and how often the publisher retries. A zero
// field takes its value from [DefaultRetryPolicy].
type RetryPolicy struct {
	// MaxAttempts is how many times one request is tried, the first try
	// included.
	MaxAttempts int

	// BaseDelay is the wait after the first transient failure; each
	// further failure doubles it, up to MaxDelay.
	BaseDelay time.Duration

	// MaxDelay caps one backoff wait.
	MaxDelay time.Duration

	// MaxRetryAfter is the longest wait a rate limit may ask for. When
	// GitHub asks for more (Retry-After, or a primary rate limit that
	// resets later), the publisher gives up at once rather than hold the
	// job.
	MaxRetryAfter time.Duration

	// AttemptTimeout bounds one try, answer body included.
	AttemptTimeout time.Duration

	// Timeout bounds a whole Upsert: every page, retry and wait.
	Timeout time.Duration
}

// DefaultRetryPolicy returns the policy used for zero fields: 4 attempts,
// backoff of 1 s, 2 s, 4 s (at most 16 s), rate-limit waits of at most 60 s,
// 30 s per try and 3 minutes in all.
func DefaultRetryPolicy() RetryPolicy {
	return RetryPolicy{
		MaxAttempts:    4,
		BaseDelay:      time.Second,
		MaxDelay:       16 * time.Second,
		MaxRetryAfter:  time.Minute,
		AttemptTimeout: 30 * time.Second,
		Timeout:        3 * time.Minute,
	}
}

func (p RetryPolicy) withDefaults() RetryPolicy {
	d := DefaultRetryPolicy()
	if p.MaxAttempts <= 0 {
		p.MaxAttempts = d.MaxAttempts
	}
	if p.BaseDelay <= 0 {
		p.BaseDelay = d.BaseDelay
	}
	if p.MaxDelay <= 0 {
		p.MaxDelay = d.MaxDelay
	}
	if p.MaxRetryAfter <= 0 {
		p.MaxRetryAfter = d.MaxRetryAfter
	}
	if p.AttemptTimeout <= 0 {
		p.AttemptTimeout = d.AttemptTimeout
	}
	if p.Timeout <= 0 {
		p.Timeout = d.Timeout
	}
	return p
}

// backoff returns the wait after the given failed attempt (1-based).
func (p RetryPolicy) backoff(attempt int) time.Duration {
	d := p.BaseDelay
	for i := 1; i < attempt && d < p.MaxDelay; i++ {
		d *= 2
	}
	return min(d, p.MaxDelay)
}

// SleepFunc waits for d or until ctx ends, whichever is first, and returns
// ctx.Err() in the second case. Tests inject one that records the wait and
// returns at once.
type SleepFunc func(ctx context.Context, d time.Duration) error

// Sleep is the real SleepFunc.
func Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// secondaryRateLimitWait is what GitHub's documentation says to wait after
// a secondary rate limit that came without a Retry-After header.
const secondaryRateLimitWait = time.Minute

// callInfo travels in a request's context so that the transport can tell
// Upsert how many attempts a request took and why it stopped.
type callInfo struct {
	attempts int
	gaveUp   string // why retrying stopped early, for the error message
}

type callInfoKey struct{}

func withCallInfo(ctx context.Context) (context.Context, *callInfo) {
	info := &callInfo{}
	return context.WithValue(ctx, callInfoKey{}, info), info
}

// retryTransport retries one HTTP request below go-github.
//
// Retrying below the client, rather than around its calls, keeps
// go-github's own rate-limit memory out of the way: it only ever sees the
// final answer, so a wait that was honoured here is not refused again by the
// client's clock.
//
// POST is retried only when GitHub refused it for a rate limit, which means
// it was not carried out. After a 5xx or a lost connection a comment may
// have been created anyway, so Upsert decides: it lists the comments again
// and edits the one it finds instead of creating a second.
type retryTransport struct {
	next   http.RoundTripper
	policy RetryPolicy
	sleep  SleepFunc
	logf   func(format string, args ...any)
}

// attemptTimeoutError is returned when one try takes longer than
// RetryPolicy.AttemptTimeout.
type attemptTimeoutError struct{ d time.Duration }

func (e *attemptTimeoutError) Error() string   { return fmt.Sprintf("no answer within %s", e.d) }
func (e *attemptTimeoutError) Timeout() bool   { return true }
func (e *attemptTimeoutError) Temporary() bool { return true }

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	info, _ := ctx.Value(callInfoKey{}).(*callInfo)
	if info == nil {
		info = &callInfo{}
	}
	// A body that cannot be replayed cannot be retried. go-github always
	// sets GetBody.
	replayable := req.Body == nil || req.Body == http.NoBody || req.GetBody != nil
	for attempt := 1; ; attempt++ {
		info.attempts = attempt
		resp, body, err := t.try(req, attempt)
		wait, why, retry := t.classify(req, resp, body, err, attempt)
		if !retry || !replayable || attempt >= t.policy.MaxAttempts {
			return resp, err
		}
		if wait > t.policy.MaxRetryAfter {
			info.gaveUp = fmt.Sprintf("GitHub asked to wait %s, longer than the %s benchgate allows", wait.Round(time.Second), t.policy.MaxRetryAfter)
			t.logf("%s %s: %s; GitHub asked to wait %s, more than %s, so benchgate stops retrying", req.Method, req.URL.Path, why, wait.Round(time.Second), t.policy.MaxRetryAfter)
			return resp, err
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
			info.gaveUp = fmt.Sprintf("a retry in %s would pass the deadline", wait.Round(time.Second))
			return resp, err
		}
		t.logf("%s %s: %s; retrying in %s (attempt %d of %d)", req.Method, req.URL.Path, why, wait, attempt+1, t.policy.MaxAttempts)
		if resp != nil {
			resp.Body.Close()
		}
		if err := t.sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// try makes one attempt. The answer's body is read in full, within the
// attempt's timeout, and handed back both in the response and as bytes.
func (t *retryTransport) try(req *http.Request, attempt int) (*http.Response, []byte, error) {
	ctx, cancel := context.WithTimeout(req.Context(), t.policy.AttemptTimeout)
	defer cancel()
	r := req.Clone(ctx)
	if attempt > 1 && req.GetBody != nil {
		b, err := req.GetBody()
		if err != nil {
			return nil, nil, err
		}
		r.Body = b
	}
	resp, err := t.next.RoundTrip(r)
	if err == nil {
		var data []byte
		data, err = io.ReadAll(resp.Body)
		resp.Body.Close()
		if err == nil {
			resp.Body = io.NopCloser(bytes.NewReader(data))
			return resp, data, nil
		}
	}
	if ctx.Err() == context.DeadlineExceeded && req.Context().Err() == nil {
		err = &attemptTimeoutError{t.policy.AttemptTimeout}
	}
	return nil, nil, err
}

// classify decides whether to retry, after how long, and says why.
func (t *retryTransport) classify(req *http.Request, resp *http.Response, body []byte, err error, attempt int) (time.Duration, string, bool) {
	idempotent := req.Method != http.MethodPost
	if err != nil {
		if req.Context().Err() != nil || !idempotent {
			return 0, "", false
		}
		return t.policy.backoff(attempt), err.Error(), true
	}
	code := resp.StatusCode
	if code == http.StatusForbidden || code == http.StatusTooManyRequests {
		if wait, why, ok := rateLimitWait(resp, body); ok {
			// A request refused for a rate limit was not carried out:
			// retrying is safe for every method.
			return wait, why, true
		}
		if code == http.StatusTooManyRequests {
			return t.policy.backoff(attempt), "429 Too Many Requests", true
		}
		return 0, "", false
	}
	if code >= 500 && idempotent {
		wait := t.policy.backoff(attempt)
		if ra, ok := retryAfter(resp); ok && ra > wait {
			wait = ra
		}
		return wait, resp.Status, true
	}
	return 0, "", false
}

// rateLimitWait recognises GitHub's rate-limit answers and how long they ask
// the client to wait.
func rateLimitWait(resp *http.Response, body []byte) (time.Duration, string, bool) {
	if d, ok := retryAfter(resp); ok {
		return d, fmt.Sprintf("secondary rate limit (%d, Retry-After %s)", resp.StatusCode, resp.Header.Get("Retry-After")), true
	}
	if resp.Header.Get("X-RateLimit-Remaining") == "0" {
		if reset, err := strconv.ParseInt(resp.Header.Get("X-RateLimit-Reset"), 10, 64); err == nil {
			wait := max(time.Until(time.Unix(reset, 0)), 0) + time.Second
			return wait, "primary rate limit exhausted", true
		}
	}
	if isSecondaryRateLimitMessage(string(body)) {
		return secondaryRateLimitWait, "secondary rate limit without Retry-After", true
	}
	return 0, "", false
}

func isSecondaryRateLimitMessage(s string) bool {
	s = strings.ToLower(s)
	return strings.Contains(s, "secondary rate limit") || strings.Contains(s, "abuse-rate-limits") || strings.Contains(s, "abuse detection")
}

// retryAfter parses a Retry-After header: seconds or an HTTP date.
func retryAfter(resp *http.Response) (time.Duration, bool) {
	v := strings.TrimSpace(resp.Header.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		return max(time.Duration(secs)*time.Second, 0), true
	}
	if when, err := http.ParseTime(v); err == nil {
		return max(time.Until(when), 0), true
	}
	return 0, false
}
