package brief

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"testing"
)

func TestCommit(t *testing.T) {
	if got := Commit("0123456789abcdef0123456789abcdef01234567"); got != "0123456789ab" {
		t.Errorf("Commit = %q", got)
	}
	if got := Commit("abc"); got != "abc" {
		t.Errorf("Commit(short) = %q", got)
	}
}

func TestClip(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"hello", 10, "hello"},
		{"hello", 5, "hello"},
		{"hello world", 5, "hello…"},
		// Never in the middle of a character: "é" is two bytes.
		{"aé", 2, "a…"},
		{"ééé", 3, "é…"},
	} {
		if got := Clip(tc.in, tc.n); got != tc.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}

func TestList(t *testing.T) {
	for _, tc := range []struct {
		items []string
		max   int
		want  string
	}{
		{[]string{"a", "b"}, 3, "a, b"},
		{[]string{"a", "b", "c"}, 3, "a, b, c"},
		{[]string{"a", "b", "c", "d", "e"}, 3, "a, b, c and 2 more"},
	} {
		if got := List(tc.items, tc.max); got != tc.want {
			t.Errorf("List(%q, %d) = %q, want %q", tc.items, tc.max, got, tc.want)
		}
	}
}

func TestCause(t *testing.T) {
	_, err := os.Open("/nonexistent/benchgate")
	if got := Cause(err); !errors.Is(got, fs.ErrNotExist) || got.Error() != "no such file or directory" {
		t.Errorf("Cause(%v) = %v", err, got)
	}
	wrapped := fmt.Errorf("reading: %w", err)
	if got := Cause(wrapped); got.Error() != "no such file or directory" {
		t.Errorf("Cause(wrapped) = %v", got)
	}
	plain := errors.New("plain")
	if Cause(plain) != plain {
		t.Error("Cause changed a plain error")
	}
}
