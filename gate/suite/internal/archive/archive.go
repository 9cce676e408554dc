// Package archive turns a directory tree into a deterministic zip archive
// and back. It is how the nested benchmarks/ module, which go:embed cannot
// reach, is carried inside the benchgate binary.
//
// The same [Collect] decides which files belong in the archive for the
// generator (internal/mkarchive) and for the test that checks the embedded
// archive is up to date, so the two cannot disagree.
package archive

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// File is one regular file of the tree. Name is slash-separated and
// relative to the root.
type File struct {
	Name string
	Data []byte
}

// modTime is the modification time recorded for every entry, so the archive
// depends only on the files' names and contents.
var modTime = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// Junk reports whether a file or directory name is editor, OS or tool
// debris that never belongs in the suite: version-control directories,
// editor swap and backup files, merge leftovers, compiled test binaries and
// profiles.
func Junk(name string, isDir bool) bool {
	if isDir {
		switch name {
		case ".git", ".hg", ".svn", ".idea", ".vscode":
			return true
		}
		return false
	}
	switch name {
	case ".DS_Store", "Thumbs.db":
		return true
	}
	if strings.HasPrefix(name, ".#") || (strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#")) {
		return true // Emacs lock and auto-save files
	}
	for _, suffix := range []string{"~", ".swp", ".swo", ".orig", ".rej", ".bak", ".tmp", ".test", ".prof", ".pprof"} {
		if strings.HasSuffix(name, suffix) {
			return true
		}
	}
	return false
}

// Collect returns every regular file under root that is not [Junk], sorted
// by name. Symbolic links and other special files are an error: the archive
// must not depend on what they point at.
func Collect(root string) ([]File, error) {
	var files []File
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == root {
			return nil
		}
		if Junk(d.Name(), d.IsDir()) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s is not a regular file (%v); the suite must contain only regular files", p, d.Type())
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files = append(files, File{Name: filepath.ToSlash(rel), Data: data})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no files under %s", root)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Name < files[j].Name })
	return files, nil
}

// Write writes files as a zip archive: entries sorted by name, deflated,
// mode 0644, with a fixed modification time and no directory entries.
func Write(w io.Writer, files []File) error {
	sorted := append([]File(nil), files...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
	zw := zip.NewWriter(w)
	for _, f := range sorted {
		if err := checkName(f.Name); err != nil {
			return err
		}
		h := &zip.FileHeader{Name: f.Name, Method: zip.Deflate, Modified: modTime}
		h.SetMode(0o644)
		fw, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		if _, err := fw.Write(f.Data); err != nil {
			return err
		}
	}
	return zw.Close()
}

// Read returns the files of a zip archive made by [Write], in archive order.
// It rejects names that could escape the directory they are unpacked into.
func Read(data []byte) ([]File, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	seen := make(map[string]bool, len(zr.File))
	files := make([]File, 0, len(zr.File))
	for _, zf := range zr.File {
		if err := checkName(zf.Name); err != nil {
			return nil, err
		}
		if seen[zf.Name] {
			return nil, fmt.Errorf("archive has %s twice", zf.Name)
		}
		seen[zf.Name] = true
		rc, err := zf.Open()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", zf.Name, err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", zf.Name, err)
		}
		files = append(files, File{Name: zf.Name, Data: b})
	}
	return files, nil
}

// Extract writes files under dir, creating directories as needed. It never
// overwrites: a file that already exists is an error.
func Extract(dir string, files []File) error {
	for _, f := range files {
		if err := checkName(f.Name); err != nil {
			return err
		}
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		out, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return err
		}
		_, err = out.Write(f.Data)
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// checkName accepts only clean, relative, slash-separated file names.
func checkName(name string) error {
	if !fs.ValidPath(name) || name == "." || strings.Contains(name, `\`) || path.Clean(name) != name {
		return fmt.Errorf("invalid file name %q in suite archive", name)
	}
	return nil
}
