package runner

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/benchgate/benchgate/gate/plan"
)

// NotRunSameSuite is the Manifest.NotRun of a run of the built-in suite
// whose sides would build it alike: the suite is the same at every
// commit, so the run would measure it against itself, and measures
// nothing instead.
const NotRunSameSuite = "same-suite"

// WriteNotRun records, in the results directory of p (which lock holds),
// a run that measured nothing on purpose, for the reason why (a NotRun
// constant): each side's results file empty, as a run starts it, so that
// no earlier run's results are judged as this one's, and a manifest
// whose NotRun says why, so that judging the directory again (benchgate
// compare DIR, the Action's report command) says the same. It returns
// the outcome: the sides, nothing measured.
func WriteNotRun(p *plan.Plan, lock *DirLock, why string) (*Outcome, error) {
	if lock == nil || lock.dir != p.ResultsDir {
		return nil, fmt.Errorf("writing the results directory %s without holding its lock", p.ResultsDir)
	}
	out := &Outcome{}
	m := Manifest{Packages: p.Packages, Suite: p.Suite, Bench: p.Bench, Benchtime: p.Benchtime, Rounds: p.Rounds, Shard: p.Shard.String(), NotRun: why}
	for _, s := range p.Sides {
		sr := &SideResult{Side: s, File: filepath.Join(p.ResultsDir, s.Name+".txt")}
		if err := os.WriteFile(sr.File, nil, 0o644); err != nil {
			return nil, fmt.Errorf("creating results file: %w", err)
		}
		out.Sides = append(out.Sides, sr)
		m.Sides = append(m.Sides, sr.manifestSide())
	}
	return out, saveManifest(p.ResultsDir, &m)
}
