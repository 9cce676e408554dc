package compare

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

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

// FileInput is the input that reads the regular file at path for side.
// Opening anything else (a FIFO, a device, a socket, or a symlink to one)
// fails with a [*NotRegularError] inside an [*fs.PathError]: such a file
// can block its reader or never end. The file is opened without waiting
// (O_NONBLOCK), so that a FIFO with no writer cannot hang the open itself,
// and checked after opening, so that a path swapped since [ExpandPaths]
// looked at it is still refused.
func FileInput(side Side, path string) Input {
	return Input{Side: side, Name: path, Open: func() (io.ReadCloser, error) { return openRegular(path) }}
}

// openRegular opens path for reading if it is a regular file.
func openRegular(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: path, Err: notRegular(path, st.Mode())}
	}
	return f, nil
}

// NotRegularError reports an input path that is not a regular file. compare
// reads only regular files: a FIFO or a terminal can block forever, and a
// device such as /dev/zero never ends.
type NotRegularError struct {
	// Kind says what the path is instead, such as "a named pipe (FIFO)"
	// or "a character device".
	Kind string
	// Target is the file a symlink led to, when the path was a symlink.
	Target string
}

func (e *NotRegularError) Error() string {
	if e.Target != "" {
		return fmt.Sprintf("it is a symlink to %s, %s, not a regular file", e.Target, e.Kind)
	}
	return fmt.Sprintf("it is %s, not a regular file", e.Kind)
}

// notRegular describes path, whose mode (after following symlinks) is m.
func notRegular(path string, m fs.FileMode) *NotRegularError {
	e := &NotRegularError{Kind: FileKind(m)}
	if lst, err := os.Lstat(path); err == nil && lst.Mode()&fs.ModeSymlink != 0 {
		if target, err := filepath.EvalSymlinks(path); err == nil {
			e.Target = target
		} else {
			e.Target = "(unresolvable)"
		}
	}
	return e
}

// FileKind names the kind of file m describes, with an article: "a
// regular file", "a directory", "a named pipe (FIFO)", "a character
// device", "a socket", "a symlink" and so on.
func FileKind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symlink"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "an irregular file"
}

// notRegularInput is the usage error for a path that is not a regular
// file.
func notRegularInput(side Side, path string, e *NotRegularError) *InputError {
	return &InputError{Side: side,
		Msg:  fmt.Sprintf("cannot read %s: %v; compare reads only regular files, since a pipe or a device can block or never end", path, e),
		Hint: "save the results to a file first (go test -bench . > new.txt) and compare that"}
}

// ReadContext is [Read] that gives up when ctx is done. Every read from
// an input's stream checks ctx first, so a slow or endless stream ends at
// its next read after the cancellation, and ReadContext returns an error
// that wraps ctx's (not an [*InputError]: the input was not at fault).
// A read already blocked inside a stream cannot be interrupted; files
// cannot block that way, since [FileInput] opens only regular files.
func ReadContext(ctx context.Context, inputs []Input, opts Options) (*Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("interrupted before reading the results: %w", err)
	}
	wrapped := make([]Input, len(inputs))
	for i, in := range inputs {
		wrapped[i] = in
		if open := in.Open; open != nil {
			wrapped[i].Open = func() (io.ReadCloser, error) {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				rc, err := open()
				if err != nil {
					return nil, err
				}
				return ctxReader{ctx: ctx, ReadCloser: rc}, nil
			}
		}
	}
	res, err := Read(wrapped, opts)
	if err != nil && ctx.Err() != nil {
		return nil, fmt.Errorf("interrupted while reading the results: %w", ctx.Err())
	}
	return res, err
}

// ctxReader fails every read once ctx is done.
type ctxReader struct {
	ctx context.Context
	io.ReadCloser
}

func (r ctxReader) Read(p []byte) (int, error) {
	if err := r.ctx.Err(); err != nil {
		return 0, err
	}
	return r.ReadCloser.Read(p)
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
	return Read(fileInputs(basePaths, headPaths), opts)
}

// LoadContext is [Load] that gives up when ctx is done, as [ReadContext].
func LoadContext(ctx context.Context, basePaths, headPaths []string, opts Options) (*Result, error) {
	return ReadContext(ctx, fileInputs(basePaths, headPaths), opts)
}

func fileInputs(basePaths, headPaths []string) []Input {
	inputs := make([]Input, 0, len(basePaths)+len(headPaths))
	for _, p := range basePaths {
		inputs = append(inputs, FileInput(Base, p))
	}
	for _, p := range headPaths {
		inputs = append(inputs, FileInput(Head, p))
	}
	return inputs
}

// ExpandPaths turns one side's arguments (files, directories and globs) into
// a sorted list of files. A directory contributes its *.txt files (not
// recursing), which is what "benchgate run" and shards produce. A path
// that is not a regular file (a FIFO, a device, a socket, or a symlink to
// one), named or matched, is an [*InputError] that says what it is.
func ExpandPaths(side Side, args []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	// addFile adds a path that exists, refusing what is not a regular
	// file; directories are skipped when skipDirs is set.
	addFile := func(p string, st fs.FileInfo, skipDirs bool) error {
		switch {
		case st.Mode().IsRegular():
			add(p)
		case st.IsDir() && skipDirs:
		default:
			return notRegularInput(side, p, notRegular(p, st.Mode()))
		}
		return nil
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
			own := filepath.Join(arg, string(side)+".txt")
			if ost, err := os.Stat(own); err == nil && !ost.IsDir() {
				if err := addFile(own, ost, false); err != nil {
					return nil, err
				}
				continue
			}
			matches, _ := filepath.Glob(filepath.Join(escapeGlob(arg), "*.txt"))
			n := len(out)
			for _, m := range matches {
				if mst, err := os.Stat(m); err == nil {
					if err := addFile(m, mst, true); err != nil {
						return nil, err
					}
				}
			}
			if len(out) == n {
				return nil, &InputError{Side: side, Msg: fmt.Sprintf("directory %s has no *.txt result files", arg),
					Hint: "point at the files themselves, or at the results directory that {run} wrote ({out})"}
			}
		case err == nil:
			if err := addFile(arg, st, false); err != nil {
				return nil, err
			}
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
				if mst, err := os.Stat(m); err == nil {
					if err := addFile(m, mst, true); err != nil {
						return nil, err
					}
				}
			}
		default:
			return nil, &InputError{Side: side, Msg: fmt.Sprintf("cannot read %s: %v", arg, brief.Cause(err)),
				Hint: "give a file, a directory of *.txt files, or a glob (which benchgate expands: quote it on a command line)"}
		}
	}
	if len(out) == 0 {
		return nil, &InputError{Side: side, Msg: "no input files"}
	}
	return out, nil
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
