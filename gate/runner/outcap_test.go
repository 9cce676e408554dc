package runner

import (
	"bytes"
	"io"
	"testing"
)

// TestCapWriter: whole lines up to the cap, the cut line dropped, cut
// called once, and nothing passed on after it.
func TestCapWriter(t *testing.T) {
	var got bytes.Buffer
	cuts := 0
	w := newCapWriter(&got, 20, func() { cuts++ })
	io.WriteString(w, "one\ntwo\nthr")
	io.WriteString(w, "ee\nfour\nfive\n")
	io.WriteString(w, "six\n")
	w.Close()
	if got.String() != "one\ntwo\nthree\nfour\n" || !w.Cut() || cuts != 1 {
		t.Errorf("passed %q, cut %v (%d calls); want the four whole lines in 20 bytes, one cut", got.String(), w.Cut(), cuts)
	}
	got.Reset()
	w = newCapWriter(&got, 100, nil)
	io.WriteString(w, "a\nno newline")
	w.Close()
	if got.String() != "a\nno newline" || w.Cut() {
		t.Errorf("under the cap passed %q, cut %v", got.String(), w.Cut())
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"64MiB": 64 << 20, "64M": 64 << 20, "64MB": 64 << 20, "512KiB": 512 << 10, "1GiB": 1 << 30, "100": 100, " 2 MiB ": 2 << 20} {
		if got, err := ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "0", "-1MiB", "1TiB", "MiB", "1.5MiB", "64 MiBx", "1iB"} {
		if _, err := ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q) took it", in)
		}
	}
	if FormatSize(64<<20) != "64MiB" || FormatSize(1536<<10) != "1536KiB" || FormatSize(100) != "100" {
		t.Error("FormatSize")
	}
}
