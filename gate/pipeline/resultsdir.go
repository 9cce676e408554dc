package pipeline

// Reading a results directory: the manifest and the raw files a run of
// benchgate wrote, which may come from an untrusted artifact (a fork's
// run), so every file is checked to be what a run writes.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/usage"
	"github.com/benchgate/benchgate/internal/brief"
)

// maxManifest bounds a manifest.json read from an artifact; a run of
// the whole suite writes about a megabyte.
const maxManifest = 64 << 20

// ResultsSet is one results directory to merge, as ReadResultsDir found
// it.
type ResultsSet struct {
	// Dir is the directory; Label names it in the report: its shard
	// ("2/3"), else the directory's name.
	Dir, Label string
	// Files are the results files, one per side, in side order.
	Files []string
	// Manifest is the run's manifest; nil when the directory has none
	// (results from elsewhere: base.txt and head.txt).
	Manifest *runner.Manifest
	// Shard is the slice the run measured; zero when unsharded.
	Shard plan.Shard
}

// IsResultsDir reports whether dir holds a run's results: a manifest, or
// base.txt and head.txt.
func IsResultsDir(dir string) bool {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return false
	}
	if _, err := os.Lstat(filepath.Join(dir, runner.ManifestFile)); err == nil {
		return true
	}
	for _, f := range []string{"base.txt", "head.txt"} {
		if _, err := os.Lstat(filepath.Join(dir, f)); err != nil {
			return false
		}
	}
	return true
}

// IsLadderDir reports whether dir holds the results of a run of more
// than two sides.
func IsLadderDir(dir string) bool {
	set, err := ReadResultsDir(dir)
	return err == nil && len(set.Files) > 2
}

// ReadResultsDir reads a results directory, which may come from an
// untrusted artifact: its manifest must be a small regular file of
// valid JSON, and the results files it names regular files inside the
// directory (no symlinks that could point elsewhere on the runner).
func ReadResultsDir(dir string) (*ResultsSet, error) {
	set := &ResultsSet{Dir: dir, Label: filepath.Base(filepath.Clean(dir))}
	mp, err := RegularIn(dir, runner.ManifestFile)
	if err != nil {
		if _, lerr := os.Lstat(filepath.Join(dir, runner.ManifestFile)); lerr == nil {
			return nil, err
		}
		for _, f := range []string{"base.txt", "head.txt"} {
			p, err := RegularIn(dir, f)
			if err != nil {
				return nil, err
			}
			set.Files = append(set.Files, p)
		}
		return set, nil
	}
	f, err := os.Open(mp)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, maxManifest+1))
	f.Close()
	if err != nil {
		return nil, err
	}
	if len(data) > maxManifest {
		return nil, usage.Errorf("", "%s in %s is larger than %d bytes; refusing it", runner.ManifestFile, dir, maxManifest)
	}
	var m runner.Manifest
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&m); err != nil {
		return nil, usage.Errorf("", "%s in %s is not valid: %v", runner.ManifestFile, dir, err)
	}
	if len(m.Sides) < 2 || len(m.Sides) > plan.MaxConfigs {
		return nil, usage.Errorf("", "%s in %s names %d sides; a run has 2 to %d", runner.ManifestFile, dir, len(m.Sides), plan.MaxConfigs)
	}
	for _, s := range m.Sides {
		name := s.File
		if name != filepath.Base(name) || !strings.HasSuffix(name, ".txt") || strings.HasPrefix(name, ".") {
			return nil, usage.Errorf("", "%s in %s names the results file %q, which is not a file of the directory", runner.ManifestFile, dir, brief.Clip(name, 80))
		}
		p, err := RegularIn(dir, name)
		if err != nil {
			return nil, err
		}
		set.Files = append(set.Files, p)
	}
	if m.NotRun != "" {
		if err := checkNotRun(dir, &m, set.Files); err != nil {
			return nil, err
		}
	}
	if m.Shard != "" {
		if set.Shard, err = plan.ParseShard(m.Shard); err != nil {
			return nil, usage.Errorf("", "%s in %s names the shard %q, which is not k/n", runner.ManifestFile, dir, brief.Clip(m.Shard, 40))
		}
		set.Label = set.Shard.String()
	}
	set.Manifest = &m
	return set, nil
}

// NotRun reports whether the set's run measured nothing on purpose
// (runner.WriteNotRun): ReadResultsDir has checked that its results
// files are empty and its manifest names no failure.
func (s *ResultsSet) NotRun() bool { return s.Manifest != nil && s.Manifest.NotRun != "" }

// checkNotRun refuses the manifest m of dir that says its run measured
// nothing on purpose unless that is all it says: a reason benchgate
// gives (runner.NotRunSameSuite), no failure, two sides, and results files
// (files) that are empty. Such a directory is judged a pass without
// reading its files, so a manifest in an artifact that claimed it beside
// results would pass them unjudged.
func checkNotRun(dir string, m *runner.Manifest, files []string) error {
	if m.NotRun != runner.NotRunSameSuite {
		return usage.Errorf("", "%s in %s says its run measured nothing for the reason %q, which benchgate does not give; refusing it", runner.ManifestFile, dir, brief.Clip(m.NotRun, 40))
	}
	if m.Error != "" || !m.Suite || len(m.Sides) != 2 {
		return usage.Errorf("", "%s in %s says its run measured nothing because both sides would build the built-in suite alike, but it also describes another run (a failure, your packages, or more sides); refusing it", runner.ManifestFile, dir)
	}
	for i, f := range files {
		st, err := os.Stat(f)
		if err != nil {
			return err
		}
		if st.Size() > 0 || m.Sides[i].Results > 0 {
			return usage.Errorf("", "%s in %s says its run measured nothing, but %s holds results; refusing it", runner.ManifestFile, dir, filepath.Base(f))
		}
	}
	return nil
}

// empty reports whether the set is a shard that held no benchmark: its
// run measured nothing and did not fail. Earlier versions of benchgate
// recorded runner.ErrEmptyShard as such a run's manifest error; that is
// no failure either.
func (s *ResultsSet) empty() bool {
	if s.Manifest == nil || !s.Shard.On() {
		return false
	}
	if e := s.Manifest.Error; e != "" && !strings.HasPrefix(e, runner.ErrEmptyShard.Error()) {
		return false
	}
	for _, side := range s.Manifest.Sides {
		if side.Results > 0 {
			return false
		}
	}
	return true
}

// ResultsDirAsSide refuses a results directory of benchgate run given
// as one side of a comparison (BASE or HEAD, beside something else):
// read as a directory of *.txt files, its base.txt and head.txt, the
// run's two sides, would be pooled into that one. side names the
// argument or input; whole is how to judge the directory as its run.
func ResultsDirAsSide(paths []string, side, whole string) error {
	for _, p := range paths {
		if IsResultsDir(p) {
			return usage.Errorf(fmt.Sprintf("name the file you mean, %s or %s, or %s to judge that run as it ran",
				filepath.Join(p, "base.txt"), filepath.Join(p, "head.txt"), fmt.Sprintf(whole, p)),
				"%s, given as %s, is a results directory of benchgate run: its base.txt and head.txt are that run's two sides, and as one side they would be pooled",
				p, side)
		}
	}
	return nil
}

// CheckResultsDirs refuses, for benchgate compare BASE HEAD, arguments
// (comma-separated lists, as for compare) that are results directories
// of runs that failed: their base.txt and head.txt hold what the run
// measured before it failed, or everything but what went missing, and
// comparing them would pass it; so are the results files of such a run
// given by name (.benchgate/base.txt). Other files, and directories
// without a manifest, are left to the comparison.
func CheckResultsDirs(args ...string) error {
	var sets []*ResultsSet
	seen := map[string]bool{} // the directories in sets
	for _, arg := range args {
		for _, p := range SplitList(arg) {
			st, err := os.Stat(p)
			if err != nil {
				continue
			}
			dir := filepath.Clean(p)
			if !st.IsDir() {
				dir = filepath.Dir(dir)
			}
			if seen[dir] {
				continue
			}
			if _, err := os.Lstat(filepath.Join(dir, runner.ManifestFile)); err != nil {
				continue
			}
			set, err := ReadResultsDir(dir)
			if err != nil {
				if !st.IsDir() {
					continue // a file beside a manifest that is not ours to judge
				}
				return err
			}
			if !st.IsDir() && !slices.ContainsFunc(set.Files, func(f string) bool { return sameFile(f, p) }) {
				continue // another file in that directory
			}
			if !st.IsDir() && set.NotRun() {
				return usage.Errorf(fmt.Sprintf("give {merge} the directory, %s, which says why", dir),
					"%s is empty: the run in %s measured nothing, since both sides would build the built-in suite alike", p, dir)
			}
			seen[dir] = true
			sets = append(sets, set)
		}
	}
	return checkFailed(sets)
}

// RegularIn is the path of the file name in the results directory dir,
// which may come from an untrusted artifact: it must be a regular file,
// not a symlink that could point anywhere on the runner, nor a FIFO or a
// device that could block or never end.
func RegularIn(dir, name string) (string, error) {
	p := filepath.Join(dir, name)
	st, err := os.Lstat(p)
	if err != nil {
		return "", usage.Errorf("", "results directory %s has no %s: %v", dir, name, brief.Cause(err))
	}
	if !st.Mode().IsRegular() {
		return "", usage.Errorf("upload only the files {run} wrote (actions/upload-artifact keeps them regular)",
			"%s in %s is %s, not a regular file; refusing it", name, dir, compare.FileKind(st.Mode()))
	}
	return p, nil
}

// sameFile reports whether paths a and b name one file.
func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}
