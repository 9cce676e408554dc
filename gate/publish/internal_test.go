package publish

import (
	"fmt"
	"net/http"
	"testing"
	"time"
)

func TestBackoff(t *testing.T) {
	p := RetryPolicy{BaseDelay: time.Second, MaxDelay: 5 * time.Second}
	var got []time.Duration
	for attempt := 1; attempt <= 5; attempt++ {
		got = append(got, p.backoff(attempt))
	}
	if fmt.Sprint(got) != "[1s 2s 4s 5s 5s]" {
		t.Errorf("backoff = %v, want [1s 2s 4s 5s 5s]", got)
	}
}

func TestRetryAfter(t *testing.T) {
	tests := []struct {
		header string
		want   time.Duration
		ok     bool
	}{
		{"", 0, false},
		{"7", 7 * time.Second, true},
		{" 12 ", 12 * time.Second, true},
		{"-3", 0, true},
		{"soon", 0, false},
		{time.Now().Add(-time.Hour).UTC().Format(http.TimeFormat), 0, true},
	}
	for _, tt := range tests {
		resp := &http.Response{Header: http.Header{}}
		if tt.header != "" {
			resp.Header.Set("Retry-After", tt.header)
		}
		got, ok := retryAfter(resp)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Retry-After %q: %v, %v; want %v, %v", tt.header, got, ok, tt.want, tt.ok)
		}
	}
	// An HTTP date in the future.
	resp := &http.Response{Header: http.Header{"Retry-After": {time.Now().Add(30 * time.Second).UTC().Format(http.TimeFormat)}}}
	if got, ok := retryAfter(resp); !ok || got < 25*time.Second || got > 31*time.Second {
		t.Errorf("Retry-After date 30s ahead: %v, %v", got, ok)
	}
}

func TestHasMarker(t *testing.T) {
	const m = "<!-- benchgate:comment-id=default -->"
	tests := []struct {
		body string
		want bool
	}{
		{m, true},
		{m + "\nbody", true},
		{m + "\r\nbody", true},
		{m + " \nbody", false},
		{"x\n" + m, false},
		{"<!-- benchgate:comment-id=default-2 -->\n", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := hasMarker(tt.body, m); got != tt.want {
			t.Errorf("hasMarker(%q) = %v, want %v", tt.body, got, tt.want)
		}
	}
}
