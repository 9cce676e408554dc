package compare

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/benchgate/benchgate/internal/brief"
)

// Input is one stream of benchmark results for one side.
type Input struct {
	// Side is the side the results belong to: Base or Head. Whatever the
	// stream says, its results count for this side.
	Side Side
	// Name names the stream in messages and positions ("NAME:LINE") and
	// in [Result.Files]; for a file, its path.
	Name string
	// Open opens the stream. Read calls it once, when the input's turn
	// comes, reads the stream to the end and closes it.
	Open func() (io.ReadCloser, error)
}

// FileInput is the input that reads the file at path for side.
func FileInput(side Side, path string) Input {
	return Input{Side: side, Name: path, Open: func() (io.ReadCloser, error) { return os.Open(path) }}
}

// TextInput is the input that reads text, benchmark results held in
// memory, for side; name stands for it in messages.
func TextInput(side Side, name, text string) Input {
	return Input{Side: side, Name: name, Open: func() (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader(text)), nil
	}}
}

// Load reads base and head (each a list of files, as from ExpandPaths) and
// computes the comparisons. It is Read over a FileInput per file, base's
// first.
func Load(basePaths, headPaths []string, opts Options) (*Result, error) {
	inputs := make([]Input, 0, len(basePaths)+len(headPaths))
	for _, p := range basePaths {
		inputs = append(inputs, FileInput(Base, p))
	}
	for _, p := range headPaths {
		inputs = append(inputs, FileInput(Head, p))
	}
	return Read(inputs, opts)
}

// ExpandPaths turns one side's arguments (files, directories and globs) into
// a sorted list of files. A directory contributes its *.txt files (not
// recursing), which is what "benchgate run" and shards produce.
func ExpandPaths(side Side, args []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, arg := range args {
		if arg == "" {
			return nil, &InputError{Side: side, Msg: "empty path"}
		}
		st, err := os.Stat(arg)
		switch {
		case err == nil && st.IsDir():
			// A results directory from "benchgate run" holds base.txt
			// and head.txt: each side takes its own. Any other
			// directory contributes all of its *.txt files.
			if own := filepath.Join(arg, string(side)+".txt"); isRegular(own) {
				add(own)
				continue
			}
			matches, _ := filepath.Glob(filepath.Join(escapeGlob(arg), "*.txt"))
			n := 0
			for _, m := range matches {
				if isRegular(m) {
					add(m)
					n++
				}
			}
			if n == 0 {
				return nil, &InputError{Side: side, Msg: fmt.Sprintf("directory %s has no *.txt result files", arg),
					Hint: "point at the files themselves, or at the directory that benchgate run {out} wrote"}
			}
		case err == nil:
			add(arg)
		case errors.Is(err, fs.ErrNotExist) && hasGlobMeta(arg):
			matches, gerr := filepath.Glob(arg)
			if gerr != nil {
				return nil, &InputError{Side: side, Msg: fmt.Sprintf("bad glob %q: %v", arg, gerr)}
			}
			if len(matches) == 0 {
				return nil, &InputError{Side: side, Msg: fmt.Sprintf("glob %q matches no files", arg)}
			}
			sort.Strings(matches)
			for _, m := range matches {
				if st, err := os.Stat(m); err == nil && !st.IsDir() {
					add(m)
				}
			}
		default:
			return nil, &InputError{Side: side, Msg: fmt.Sprintf("cannot read %s: %v", arg, brief.Cause(err)),
				Hint: "give a file, a directory of *.txt files, or a quoted glob"}
		}
	}
	if len(out) == 0 {
		return nil, &InputError{Side: side, Msg: "no input files"}
	}
	return out, nil
}

func isRegular(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

func hasGlobMeta(s string) bool { return strings.ContainsAny(s, `*?[\`) }

func escapeGlob(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
