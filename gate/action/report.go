package action

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/pipeline"
	"github.com/benchgate/benchgate/gate/publish"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/gate/usage"
	"github.com/benchgate/benchgate/internal/brief"
)

// MetadataFile is the name of the metadata file in a results directory.
const MetadataFile = "metadata.json"

// Metadata is what the measuring job tells the commenting job. In the
// fork-safe split it comes from a fork's artifact, so "report" treats every
// field as untrusted.
type Metadata struct {
	Schema     int    `json:"schema"`
	Repository string `json:"repository,omitempty"`
	Event      string `json:"event,omitempty"`
	PRNumber   int    `json:"pr_number,omitempty"`
	BaseSHA    string `json:"base_sha,omitempty"`
	HeadSHA    string `json:"head_sha,omitempty"`
	CommentID  string `json:"comment_id,omitempty"`
	Verdict    string `json:"verdict,omitempty"`
}

func writeMetadata(dir string, m Metadata) error {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, MetadataFile), append(data, '\n'), 0o644)
}

// maxMetadata bounds metadata.json; the real one is a few hundred bytes.
const maxMetadata = 64 << 10

// readResults checks a results directory that may come from an untrusted
// artifact: it must be a real directory holding regular files base.txt and
// head.txt (no symlinks that could point elsewhere on the runner), and its
// metadata.json, if any, must be small, well-formed and plausible.
func readResults(dir string) (base, head string, meta *Metadata, err error) {
	st, err := os.Lstat(dir)
	if err != nil {
		return "", "", nil, usage.Errorf("download the measuring job's artifact into results-dir first (actions/download-artifact)", "results directory %s: %v", dir, brief.Cause(err))
	}
	if !st.IsDir() {
		// A symlink could point anywhere on the runner.
		return "", "", nil, usage.Errorf("give results-dir the directory the artifact was downloaded into",
			"results directory %s is %s, not a directory; refusing it", dir, compare.FileKind(st.Mode()))
	}
	if err := requireManifest(dir); err != nil {
		return "", "", nil, err
	}
	if base, err = pipeline.RegularIn(dir, "base.txt"); err != nil {
		return "", "", nil, err
	}
	if head, err = pipeline.RegularIn(dir, "head.txt"); err != nil {
		return "", "", nil, err
	}
	if _, err := os.Lstat(filepath.Join(dir, MetadataFile)); errors.Is(err, fs.ErrNotExist) {
		return base, head, nil, nil
	}
	mp, err := pipeline.RegularIn(dir, MetadataFile)
	if err != nil {
		return "", "", nil, err
	}
	f, err := os.Open(mp)
	if err != nil {
		return "", "", nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxMetadata+1))
	if err != nil {
		return "", "", nil, err
	}
	if len(data) > maxMetadata {
		return "", "", nil, usage.Errorf("", "%s is larger than %d bytes; refusing it", MetadataFile, maxMetadata)
	}
	m, err := parseMetadata(data)
	if err != nil {
		return "", "", nil, err
	}
	return base, head, m, nil
}

// requireManifest refuses a results directory without the manifest.json
// that benchgate run writes beside base.txt and head.txt: it says whether
// the measuring run failed and how it split its rounds. Without it, the
// results of a run that failed (exit 3) were judged as if complete, with
// this step's own rounds inputs.
func requireManifest(dir string) error {
	if _, err := os.Lstat(filepath.Join(dir, runner.ManifestFile)); errors.Is(err, fs.ErrNotExist) {
		return usage.Errorf("upload the whole results directory of the measuring step (actions/upload-artifact with path: its results-dir output), not only its .txt files",
			"results directory %s has no %s, which says whether the measuring run failed and how it split its rounds; refusing to judge its results without it", dir, runner.ManifestFile)
	}
	return nil
}

// parseMetadata reads metadata.json's contents, which a fork controls:
// well-formed, and every field plausible.
func parseMetadata(data []byte) (*Metadata, error) {
	var m Metadata
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&m); err != nil {
		return nil, usage.Errorf("", "%s is not valid: %v", MetadataFile, err)
	}
	var problems []string
	if m.PRNumber < 0 || int64(m.PRNumber) > math.MaxInt32 {
		problems = append(problems, "pr_number out of range")
	}
	for _, s := range []string{m.BaseSHA, m.HeadSHA} {
		if s != "" && !gitx.IsFullHash(s) {
			problems = append(problems, fmt.Sprintf("%q is not a commit hash", report.SanitizeText(brief.Clip(s, 80))))
		}
	}
	if m.CommentID != "" {
		if _, err := publish.Marker(m.CommentID); err != nil {
			problems = append(problems, "comment_id: "+err.Error())
		}
	}
	if len(problems) > 0 {
		return nil, &usage.Error{Msg: MetadataFile + " is not valid: " + strings.Join(problems, "; ")}
	}
	return &m, nil
}
