package action

// Ladders, shards and their merge in the Action: inputs configs,
// ladder-gate, shard and compare-dirs; command compare merging the
// shards' results directories; command report reading a directory of
// downloaded shard artifacts (or a ladder's results) as untrusted input.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/pipeline"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/usage"
	"github.com/benchgate/benchgate/internal/brief"
)

// readLadderInputs reads inputs configs, ladder-gate, shard and
// compare-dirs into cfg and in; it returns the problems.
func readLadderInputs(get func(name, def string) string, cfg *pipeline.Config, in *inputs) []error {
	var errs []error
	var err error
	if v := get("configs", ""); v != "" {
		if cfg.Configs, err = plan.ParseConfigs(v); err != nil {
			errs = append(errs, inputError(err))
		}
	}
	if cfg.LadderGate, err = pipeline.ParseLadderGate(get("ladder-gate", "any")); err != nil {
		errs = append(errs, inputError(err))
	}
	if cfg.Shard, err = plan.ParseShard(get("shard", "")); err != nil {
		errs = append(errs, inputError(err))
	}
	in.compareDirs = get("compare-dirs", "")
	if in.compareDirs != "" && in.command != "compare" {
		errs = append(errs, fmt.Errorf("input compare-dirs: only command compare merges results directories (command is %q)", in.command))
	}
	return errs
}

// mergeCommand is command compare with compare-dirs: the results
// directories of a job matrix's shards merged and gated once.
func (s *step) mergeCommand(ctx context.Context, dir string) error {
	if s.in.compareBase != "" || s.in.compareHead != "" {
		return usage.Errorf("give compare-dirs alone to merge results directories, or compare-base and compare-head to compare files", "inputs compare-dirs and compare-base/compare-head cannot be used together")
	}
	var dirs []string
	for _, part := range strings.FieldsFunc(s.in.compareDirs, func(r rune) bool { return r == ',' || r == '\n' }) {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		abs, err := within(s.w.workspace, dir, part, "compare-dirs")
		if err != nil {
			return err
		}
		matches := []string{abs}
		glob := strings.ContainsAny(part, "*?[")
		if glob {
			if matches, err = filepath.Glob(abs); err != nil || len(matches) == 0 {
				return usage.Errorf("download the shards' artifacts first (actions/download-artifact with a pattern)", "input compare-dirs: %q matches no directory", part)
			}
			sort.Strings(matches)
		}
		for _, m := range matches {
			if _, err := within(s.w.workspace, dir, mustRel(dir, m), "compare-dirs"); err != nil {
				return err
			}
			if st, err := os.Lstat(m); err != nil || !st.IsDir() {
				if glob {
					continue // a glob's files
				}
				// Named, and not there: left out, what it measured
				// would pass unjudged.
				what := "does not exist"
				if err == nil {
					what = "is " + compare.FileKind(st.Mode()) + ", not a directory"
				}
				return usage.Errorf("download that job's artifact first (actions/download-artifact), or check the name",
					"input compare-dirs: %s %s", s.workspaceRel(m), what)
			}
			dirs = append(dirs, m)
		}
	}
	if len(dirs) == 0 {
		return usage.Errorf("", "input compare-dirs names no directory")
	}
	policy := s.in.analysisPolicy()
	rep, err := pipeline.Merge(ctx, dirs, policy, s.in.run.Compare, inputStyle, s.in.run.LadderGate)
	if err != nil {
		return err
	}
	// The raw results stay in the shards' directories, which the
	// report's notes name.
	return s.finishAnalysis(ctx, filepath.Join(dir, s.in.resultsDir), "", rep, policy.FailOn)
}

// mustRel is path relative to base, or path.
func mustRel(base, path string) string {
	if r, err := filepath.Rel(base, path); err == nil {
		return r
	}
	return path
}

// mergedResults are the results directories command report merges: the
// results directory itself when it holds a ladder's results; else, when
// it holds no base.txt, its subdirectories that hold results (one per
// shard's artifact, as actions/download-artifact with a pattern writes
// them); none for a plain results directory.
func mergedResults(resultsDir string) []string {
	if _, err := os.Lstat(filepath.Join(resultsDir, "base.txt")); err == nil {
		return nil
	}
	if pipeline.IsLadderDir(resultsDir) {
		return []string{resultsDir}
	}
	entries, err := os.ReadDir(resultsDir)
	if err != nil {
		return nil
	}
	var dirs []string
	for _, e := range entries {
		// Real directories only: a symlink in an artifact could point
		// anywhere on the runner.
		p := filepath.Join(resultsDir, e.Name())
		if st, err := os.Lstat(p); err == nil && st.IsDir() && pipeline.IsResultsDir(p) {
			dirs = append(dirs, p)
		}
	}
	return dirs
}

// reportMerged is command report over several results directories (a
// matrix's shards) or a ladder's: every directory is checked as
// untrusted, their metadata must agree, and the verdict is recomputed
// from the raw files of all of them.
func (s *step) reportMerged(ctx context.Context, resultsDir string, dirs []string) error {
	var meta *Metadata
	for _, d := range dirs {
		if err := requireManifest(d); err != nil {
			return err
		}
		m, err := readMetadataOf(d)
		if err != nil {
			return err
		}
		switch {
		case m == nil:
		case meta == nil:
			meta = m
		case m.PRNumber != meta.PRNumber || m.HeadSHA != meta.HeadSHA || m.BaseSHA != meta.BaseSHA || m.Repository != meta.Repository:
			return usage.Errorf("download the artifacts of one measuring run", "the results directories were measured for different pull requests or commits: %s and %s disagree", dirs[0], report.SanitizeText(brief.Clip(d, 200)))
		}
	}
	policy := s.in.analysisPolicy()
	rep, err := pipeline.Merge(ctx, dirs, policy, s.in.run.Compare, inputStyle, s.in.run.LadderGate)
	if err != nil {
		return err
	}
	return s.publishReport(ctx, rep, resultsDir, meta, policy)
}

// readMetadataOf reads a directory's metadata.json as readResults does
// (small, regular, plausible); nil when there is none.
func readMetadataOf(dir string) (*Metadata, error) {
	path := filepath.Join(dir, MetadataFile)
	st, err := os.Lstat(path)
	if err != nil {
		return nil, nil
	}
	if !st.Mode().IsRegular() {
		return nil, usage.Errorf("upload only the files {run} wrote (actions/upload-artifact keeps them regular)",
			"%s in %s is %s, not a regular file; refusing it", MetadataFile, dir, compare.FileKind(st.Mode()))
	}
	if st.Size() > maxMetadata {
		return nil, usage.Errorf("", "%s in %s is larger than %d bytes; refusing it", MetadataFile, dir, maxMetadata)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseMetadata(data)
}
