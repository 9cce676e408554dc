package pipeline

// Notes from the manifests of merged or compared results directories:
// what the runs skipped and which benchmark code changed between sides,
// and the sides' labels, as the report shows them.

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/runner"
	"github.com/benchgate/benchgate/internal/brief"
)

// AddManifestNotes adds to rep what the sets' manifests say beyond their
// results: the benchmarks every side skipped, and the benchmark and
// setup functions whose code differs between the sides (the setup ones
// also as warnings). A manifest may come from an untrusted artifact: its
// lists are bounded and its text clipped.
func AddManifestNotes(rep *report.Report, sets ...*ResultsSet) {
	var skips []runner.Skipped
	var names []string
	for _, s := range sets {
		if s.Manifest == nil {
			continue
		}
		skips = append(skips, manifestSkips(s.Manifest.Skipped)...)
		if names == nil {
			for _, m := range s.Manifest.Sides {
				names = append(names, brief.Clip(m.Name, 40))
			}
		}
	}
	rep.Skipped = skippedCount(skips)
	rep.Notes = append(rep.Notes, skippedNotes(skips)...)
	changed, warnings := changedBenchmarkNotes(manifestChanged(sets), names)
	rep.Notes = append(rep.Notes, changed...)
	rep.WarningNotes = append(rep.WarningNotes, warnings...)
	// Each set (a shard) pairs its own processes.
	var untimed []string
	for _, s := range sets {
		if m := s.Manifest; m != nil && len(m.Sides) == 2 {
			untimed = append(untimed, untimedWarnings(m.Runs, brief.Clip(m.Sides[0].Name, 40), brief.Clip(m.Sides[1].Name, 40))...)
		}
	}
	rep.Notes = append(rep.Notes, untimed...)
	rep.WarningNotes = append(rep.WarningNotes, untimed...)
}

// maxManifestSkips bounds the skipped benchmarks taken from a manifest,
// which may come from an untrusted artifact: a real run lists one per
// benchmark and side.
const maxManifestSkips = 10000

// manifestSkips are a manifest's skipped benchmarks as the notes may show
// them: at most maxManifestSkips, each field clipped as the runner clips
// a skip's reason, since an artifact's manifest is anyone's text.
func manifestSkips(in []runner.Skipped) []runner.Skipped {
	var out []runner.Skipped
	for _, sk := range in[:min(len(in), maxManifestSkips)] {
		out = append(out, runner.Skipped{Side: brief.Clip(sk.Side, 40), Package: brief.Clip(sk.Package, 200),
			Benchmark: brief.Clip(sk.Benchmark, 200), Reason: brief.Clip(sk.Reason, 400)})
	}
	return out
}

// maxManifestChanged bounds the changed functions taken from a manifest,
// which may come from an untrusted artifact.
const maxManifestChanged = 10000

// manifestChanged are the changed functions of the sets' manifests, once
// each (the shards of one run list the same ones), clipped as
// manifestSkips clips.
func manifestChanged(sets []*ResultsSet) []runner.ChangedBenchmark {
	var out []runner.ChangedBenchmark
	for _, s := range sets {
		if s.Manifest == nil {
			continue
		}
		for _, c := range s.Manifest.ChangedBenchmarks {
			c = runner.ChangedBenchmark{Package: brief.Clip(c.Package, 200), Benchmark: brief.Clip(c.Benchmark, 200)}
			if len(out) < maxManifestChanged && !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// setNote says which directory ran what, where.
func setNote(s *ResultsSet, res *compare.Result, several bool) string {
	fns := map[string]bool{}
	for _, c := range res.Comparisons {
		fns[c.Config["pkg"]+"\x00"+plan.Function("Benchmark"+c.Benchmark)] = true
	}
	what := "results"
	if s.Shard.On() {
		what = "shard " + s.Shard.String()
	} else if several {
		what = "shard " + s.Label
	}
	where := cpuName(firstConfig(res, "cpu"))
	if g := firstConfig(res, "goos"); g != "" {
		where += ", " + g + "/" + firstConfig(res, "goarch")
	}
	n := fmt.Sprintf("%s (%s): %d benchmark function(s) on %s", what, s.Dir, len(fns), where)
	if s.Manifest != nil {
		n += fmt.Sprintf(", %d rounds", s.Manifest.RoundsDone)
	}
	return n
}

// firstConfig is the first comparison's value of the configuration key k.
func firstConfig(res *compare.Result, k string) string {
	for _, c := range res.Comparisons {
		if v := c.Config[k]; v != "" {
			return v
		}
	}
	return ""
}

func cpuName(cpu string) string {
	// go test pads some CPUs' names ("...Processor      ").
	if cpu = strings.TrimSpace(cpu); cpu == "" {
		return "an unnamed CPU"
	}
	return "cpu " + cpu
}

func sortedCPUs(m map[string][]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// manifestPlanSide is the side a manifest records, as a plan describes
// it (its Label, its ConfigLabel); suite is the manifest's Suite.
func manifestPlanSide(m runner.ManifestSide, suite bool) plan.Side {
	return plan.Side{Name: m.Name, Ref: m.Ref, Commit: m.Commit, Toolchain: m.Toolchain, Env: m.Env, PGO: m.PGO, Suite: suite}
}

// setSides describes the sides of a set for the report, from its
// manifest; nil without one.
func setSides(s *ResultsSet) []report.Side {
	if s.Manifest == nil {
		return nil
	}
	var out []report.Side
	for _, m := range s.Manifest.Sides {
		ps := manifestPlanSide(m, s.Manifest.Suite)
		label := ps.Label()
		if m.GoVersion != "" {
			label = m.GoVersion + " · " + label
		}
		side := report.Side{Name: m.Name, Label: label, Ref: m.Ref, Commit: m.Commit, Toolchain: m.Toolchain, GoVersion: m.GoVersion}
		if len(s.Manifest.Sides) > 2 {
			side.Config = ps.ConfigLabel()
		}
		out = append(out, side)
	}
	return out
}
