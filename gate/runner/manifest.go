package runner

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/usage"
)

// Manifest is <results-dir>/manifest.json: what ran, so the results files
// can be understood without the log.
type Manifest struct {
	Sides     []ManifestSide `json:"sides"`
	Packages  []string       `json:"packages"`
	Suite     bool           `json:"suite"`
	Bench     string         `json:"bench"`
	Benchtime string         `json:"benchtime"`
	Rounds    int            `json:"rounds"`
	// Interleave is what the rounds alternated the sides by: "package"
	// or "benchmark" (a package whose benchmarks could not be listed ran
	// whole: its Benchmarks are empty).
	Interleave string `json:"interleave,omitempty"`
	// RunID is the run=... every block header in the results files
	// carries.
	RunID      string        `json:"run_id"`
	RoundsDone int           `json:"rounds_done"`
	Runs       []RunRecord   `json:"runs"`
	ElapsedNS  time.Duration `json:"elapsed_ns"`
	BenchNS    time.Duration `json:"bench_ns"`
	// Skipped are the benchmarks every side that ran them skipped.
	Skipped []Skipped `json:"skipped,omitempty"`
	Error   string    `json:"error,omitempty"`
	// Measure is what the benchmarks were measured by (time when
	// empty); Instructions what the instruction rounds did, with each
	// benchmark's iteration counts.
	Measure      string               `json:"measure,omitempty"`
	Instructions *InstructionsOutcome `json:"instructions,omitempty"`

	// Shard is the slice of the benchmark functions the run measured,
	// "k/n"; empty for all of them (see plan.Shard).
	Shard string `json:"shard,omitempty"`
	// MaxRounds is the most rounds an adaptive run could give a
	// benchmark; 0 without adaptive rounds.
	MaxRounds int `json:"max_rounds,omitempty"`
	// Adaptive is the rule that picked the benchmarks of the adaptive
	// rounds ("confirm" or "settle"); empty without adaptive rounds, and
	// in manifests of versions that did not record it.
	Adaptive string `json:"adaptive,omitempty"`
	// ChangedBenchmarks are the benchmark and setup functions whose code
	// differs between the sides (Outcome.ChangedBenchmarks), for a
	// report made from the results directory.
	ChangedBenchmarks []ChangedBenchmark `json:"changed_benchmarks,omitempty"`
	// Judged is how the run judged its results, so that benchgate
	// compare judges them again the same way unless its flags say
	// otherwise. The Action does not read it: it judges by its own
	// inputs, since a manifest in an artifact is anyone's word.
	Judged *Judgement `json:"judged,omitempty"`
	// NotRun says why the run measured nothing on purpose (a NotRun
	// constant, see WriteNotRun); empty for a run that measured.
	NotRun string `json:"not_run,omitempty"`
	// Refused reports that Error is a refusal (a usage error, such as
	// too few rounds for the comparisons, found after round 2), not a
	// failure of the benchmarks: judged again, the directory is refused
	// likewise. Error names settings as {name} then (usage.Braces), for
	// the reader to render in its own words.
	Refused bool `json:"refused,omitempty"`
}

// setError records err, the run's failure or refusal, in m.
func (m *Manifest) setError(err error) {
	m.Error = usage.Text(err, usage.Braces)
	m.Refused = errors.As(err, new(*usage.Error))
}

// Judgement is a run's decision settings, each as its flag takes it.
type Judgement struct {
	Alpha         float64 `json:"alpha"`
	Decide        string  `json:"decide"`
	Correction    string  `json:"correction"`
	Threshold     string  `json:"threshold"`
	Thresholds    string  `json:"thresholds,omitempty"`
	WarnThreshold string  `json:"warn_threshold,omitempty"`
	Confidence    float64 `json:"confidence"`
	// LadderGate is, for a ladder, which of its steps could fail the
	// gate ("any" or "first-last"): the steps whose comparisons make the
	// family of the correction.
	LadderGate string `json:"ladder_gate,omitempty"`
}

// ManifestSide describes one side in the manifest.
type ManifestSide struct {
	Name      string    `json:"name"`
	Ref       string    `json:"ref,omitempty"`
	Commit    string    `json:"commit,omitempty"`
	Toolchain string    `json:"toolchain,omitempty"`
	GoVersion string    `json:"go_version,omitempty"`
	Why       string    `json:"why,omitempty"`
	File      string    `json:"file"`
	Packages  []Package `json:"packages"`
	// Results, Rejected and NotConfig count the file's result lines, the
	// result lines commented out as not asked for, and the lines
	// commented out as not configuration (see SideResult).
	Results   int `json:"results"`
	Rejected  int `json:"rejected,omitempty"`
	NotConfig int `json:"not_config,omitempty"`

	// Env and PGO are a toolchain configuration's build settings (see
	// plan.ParseConfigs).
	Env []string `json:"env,omitempty"`
	PGO string   `json:"pgo,omitempty"`
}

// ManifestFile is the manifest's file name inside the results directory.
const ManifestFile = "manifest.json"

// writeManifest writes the manifest of what has run so far, runErr
// included, so that a run that failed part way is described too. Without
// a results directory there is nowhere to write it, and nothing to
// describe.
func (st *runState) writeManifest(runErr error) error {
	if st.plan == nil || st.plan.ResultsDir == "" {
		return nil
	}
	if _, err := os.Stat(st.plan.ResultsDir); err != nil {
		return nil
	}
	m := Manifest{
		Packages: st.plan.Packages, Suite: st.plan.Suite, Bench: st.plan.Bench, Benchtime: st.plan.Benchtime,
		Rounds: st.plan.Rounds, RunID: st.runID, RoundsDone: st.out.RoundsDone, Runs: st.out.Runs,
		ElapsedNS: st.out.Elapsed, BenchNS: st.out.BenchTime, Skipped: st.out.Skipped,
		Shard: st.plan.Shard.String(), ChangedBenchmarks: st.out.ChangedBenchmarks, Judged: st.opts.Judged,
	}
	if st.plan.MaxRounds > st.plan.Rounds {
		m.MaxRounds, m.Adaptive = st.plan.MaxRounds, st.plan.Adaptive
	}
	if st.plan.Protocol != plan.Sequential {
		m.Interleave = string(st.plan.Interleave)
	}
	if st.opts.Measure != "" && st.opts.Measure != MeasureTime {
		m.Measure, m.Instructions = string(st.opts.Measure), st.out.Instructions
		if !st.opts.Measure.Time() {
			m.Benchtime, m.Interleave = "", ""
		}
	}
	// A shard that holds no benchmark did not fail: it is a pass with a
	// note, and a merge notes it (its sides have no results).
	if runErr != nil && !errors.Is(runErr, ErrEmptyShard) {
		m.setError(runErr)
	}
	for _, s := range st.out.Sides {
		m.Sides = append(m.Sides, s.manifestSide())
	}
	return saveManifest(st.plan.ResultsDir, &m)
}

// manifestSide is side s as the manifest records it.
func (s *SideResult) manifestSide() ManifestSide {
	return ManifestSide{Name: s.Name, Ref: s.Ref, Commit: s.Commit, Toolchain: s.Toolchain,
		GoVersion: s.GoVersion, Why: s.Why, File: filepath.Base(s.File), Packages: s.Packages,
		Results: s.Results, Rejected: s.Rejected, NotConfig: s.NotConfig, Env: s.Env, PGO: s.PGO}
}

func saveManifest(dir string, m *Manifest) error {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, ManifestFile), append(data, '\n'), 0o644)
}

// RecordError writes runErr into the manifest of the results directory
// dir as its error, unless the manifest already has one: for failures
// found after the rounds, once the runner has written the manifest (a
// benchmark that went missing on one side), so that judging the
// directory again (benchgate compare DIR, a merge of shards) fails as
// the run did instead of passing what was not measured. The caller holds
// the directory's lock.
func RecordError(dir string, runErr error) error { return recordError(dir, runErr, false) }

// ReplaceError is RecordError for a failure that outranks the error the
// runner recorded: a measurement found missing on one side, where the
// runner stopped to refuse too few rounds, which more rounds would not
// mend.
func ReplaceError(dir string, runErr error) error { return recordError(dir, runErr, true) }

func recordError(dir string, runErr error, replace bool) error {
	if runErr == nil {
		return nil
	}
	path := filepath.Join(dir, ManifestFile)
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if m.Error != "" && !replace {
		return nil
	}
	m.setError(runErr)
	return saveManifest(dir, &m)
}
