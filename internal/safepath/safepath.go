// Package safepath checks the directories benchgate writes into as root
// for what a checkout can plant there: a symlink (committed as one) in
// their path, which would have root write wherever it points, and
// symlinks or special files among their entries, which a write by name
// would follow or block on.
package safepath

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Problem is what Dir or Entries found.
type Problem struct {
	// Path is the offending path; Mode its type.
	Path string
	Mode fs.FileMode
}

// Link reports whether the problem is a symlink.
func (p *Problem) Link() bool { return p.Mode&fs.ModeSymlink != 0 }

// Dir checks dir and, where it lies below base (the workspace, the
// working directory), every component between them: each that exists
// must be a directory, not a symlink. Components at or above base are the
// user's own setup (/tmp is a link on macOS) and are not checked, nor is
// anything but dir itself when dir is outside base. Components that do
// not exist yet are fine: they will be made as directories.
func Dir(base, dir string) (*Problem, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	check := []string{abs}
	if base != "" {
		if b, err := filepath.Abs(base); err == nil {
			if rel, err := filepath.Rel(b, abs); err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				check = nil
				p := b
				for _, part := range strings.Split(rel, string(filepath.Separator)) {
					p = filepath.Join(p, part)
					check = append(check, p)
				}
			}
		}
	}
	for _, p := range check {
		st, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			return &Problem{Path: p, Mode: st.Mode()}, nil
		}
	}
	return nil, nil
}

// Entries returns the first entry of dir that is a symlink or a special
// file (FIFO, socket, device), or nil.
func Entries(dir string) (*Problem, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", dir, err)
	}
	for _, e := range entries {
		if m := e.Type(); m&(fs.ModeSymlink|fs.ModeNamedPipe|fs.ModeSocket|fs.ModeDevice|fs.ModeCharDevice|fs.ModeIrregular) != 0 {
			return &Problem{Path: filepath.Join(dir, e.Name()), Mode: m}, nil
		}
	}
	return nil, nil
}
