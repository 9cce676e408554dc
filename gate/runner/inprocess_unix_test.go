//go:build unix

package runner

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestReadSegmentsRefusesIrregularFiles checks that callgrind's output,
// a file the side could replace, is read only as a regular file: not
// through a link, and not from a FIFO (which would block the run).
func TestReadSegmentsRefusesIrregularFiles(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	os.WriteFile(real, []byte("desc: Trigger: dump benchgate 0 1 end\ntotals: 5\n"), 0o644)
	if got, err := readSegments(real); err != nil || got[0][1] != 5 {
		t.Fatalf("readSegments(regular) = %v, %v", got, err)
	}
	link := filepath.Join(dir, "link")
	os.Symlink(real, link)
	if _, err := readSegments(link); err == nil {
		t.Error("readSegments followed a symlink")
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readSegments(fifo); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("readSegments(fifo) = %v", err)
	}
}
