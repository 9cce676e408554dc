// Package plan is the first stage of benchgate's pipeline: it says what a
// gate run will do before anything runs. A plan names the sides (each a
// commit, a Go toolchain, or both), the packages, the benchmark flags and
// the number of rounds, and it fixes the order in which the sides run in
// each round.
//
// # Interleaving
//
// Every round runs every side once, and the order of the sides rotates from
// round to round (cyclically, for more than two sides). Slow drift in the
// machine (thermal state, a noisy neighbour) then falls on each side equally
// instead of always on the side that runs second. The seeds behind
// benchgate measured what this buys: running each side's repeats back to
// back gave ±60–70% spread on RSA signing, rotated rounds ±4–18%.
package plan

import (
	"go/version"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/benchgate/benchgate/gate/usage"
	"github.com/benchgate/benchgate/internal/brief"
	"golang.org/x/perf/benchfmt"
)

// Side is one side of the comparison.
type Side struct {
	// Name is "base" or "head" (or another label for more sides). It
	// names the results file: <results-dir>/<name>.txt.
	Name string
	// Ref is the git ref as the user gave it; empty means the working
	// tree as it is, uncommitted changes included.
	Ref string
	// Commit is Ref resolved to a full commit hash; empty for the working
	// tree.
	Commit string
	// Toolchain is the GOTOOLCHAIN value to build with ("local",
	// "go1.27.3", ...); empty means inherit the environment's.
	Toolchain string
	// Why says how the side was chosen, for the report (e.g. "merge-base
	// of origin/main and HEAD").
	Why string
	// Env are build settings (KEY=VALUE: GOAMD64=v3,
	// GOEXPERIMENT=nogreenteagc) of a toolchain configuration (see
	// ParseConfigs), set for the side's go command and its test
	// binaries; empty for plain base and head sides.
	Env []string
	// PGO is the -pgo value the side's test binaries are built with: a
	// profile's path relative to the directory benchgate runs in, or
	// auto or off; empty means the go command's default.
	PGO string
	// Suite reports that the side builds the built-in crypto suite, not
	// the repository's code: its label says so, where it would say
	// "working tree" (a commit it names only chose the toolchain, through
	// its go.mod).
	Suite bool
}

// SameSettings reports whether s and o build with the same toolchain and
// build settings, whatever their source.
func (s Side) SameSettings(o Side) bool {
	return s.Toolchain == o.Toolchain && slices.Equal(s.Env, o.Env) && s.PGO == o.PGO
}

// Label describes the side for a reader: "go1.27.3 · a1b2c3d (main)".
func (s Side) Label() string {
	var parts []string
	if s.Toolchain != "" {
		parts = append(parts, "GOTOOLCHAIN="+s.Toolchain)
	}
	parts = append(parts, s.Env...)
	if s.PGO != "" {
		parts = append(parts, "-pgo="+s.PGO)
	}
	switch {
	case s.Commit != "":
		c := brief.Commit(s.Commit)
		if s.Ref != "" && s.Ref != s.Commit && s.Ref != c {
			c += " (" + s.Ref + ")"
		}
		parts = append(parts, c)
	case !s.Suite:
		parts = append(parts, "working tree")
	}
	if s.Suite {
		parts = append(parts, "built-in suite")
	}
	return strings.Join(parts, " · ")
}

// Plan is a complete description of a gate run.
type Plan struct {
	// Sides are the sides to compare; Sides[0] is the baseline.
	Sides []Side
	// Packages are go package patterns, relative to the directory the
	// command runs in (or to the suite's module root when Suite is set).
	Packages []string
	// Suite reports that Packages are those of the built-in crypto suite.
	Suite bool
	// Bench is the -test.bench regular expression.
	Bench string
	// Benchtime is the -test.benchtime value ("100ms", "1000x").
	Benchtime string
	// Tags are build tags for go test -c.
	Tags []string
	// CPU is the -test.cpu list ("1,2,4"), empty for the default.
	CPU string
	// Rounds is the number of interleaved rounds.
	Rounds int
	// Timeout bounds each benchmark process; a process that runs longer
	// is killed and the run fails, naming it.
	Timeout time.Duration
	// ResultsDir is where raw results, logs and reports are written.
	ResultsDir string
	// Protocol is Interleaved (the default) or Sequential.
	Protocol Protocol
	// Interleave is how finely interleaved rounds alternate the sides:
	// per package (empty or ByPackage) or per top-level benchmark
	// (ByBenchmark).
	Interleave Granularity
	// FreshCopies runs a new copy of each test binary every run, so that
	// the binary's placement in memory varies from run to run.
	FreshCopies bool
	// MaxRounds is, for adaptive runs, the most rounds any benchmark
	// gets; Rounds is then the minimum. 0 or Rounds means no adaptive
	// rounds.
	MaxRounds int
	// Adaptive is the rule that picks the benchmarks of the rounds after
	// Rounds (decide.AdaptiveRule: "confirm" or "settle"), recorded in the
	// manifest so that the results are judged again as the run judged
	// them; empty without adaptive rounds.
	Adaptive string
	// TimeBudget bounds an adaptive run's wall time, builds included: no
	// extra round starts that would end after it. 0 means no bound.
	TimeBudget time.Duration
	// Shard, when set, is the slice of the benchmark functions this run
	// measures (see Shard); the zero value measures all of them.
	Shard Shard
}

// Protocol says in what order the sides' runs are made.
type Protocol string

const (
	// Interleaved runs every side once per round, rotating which goes
	// first: benchgate's protocol.
	Interleaved Protocol = "interleaved"
	// Sequential runs all of one side's rounds, then all of the next
	// side's: what "go test -count=N" on base, then on head, does. It is
	// here to be measured against (see docs/statistics.md), not to be
	// used.
	Sequential Protocol = "sequential"
)

// Granularity is the unit that interleaved rounds alternate the sides by.
type Granularity string

const (
	// ByPackage runs each package's binary once per side per round, all
	// of its benchmarks in one process. Base and head of one benchmark
	// are then as far apart in time as the package's benchmarks take to
	// run, seconds for a large package, and drift of that period does
	// not cancel.
	ByPackage Granularity = "package"
	// ByBenchmark runs each top-level benchmark function (with its
	// sub-benchmarks) in its own process, once per side per round, so
	// base and head of a benchmark run back to back.
	ByBenchmark Granularity = "benchmark"
)

// Order returns the order in which sides run in round r (0-based): the
// side list rotated left by r. For two sides this alternates base-first
// and head-first.
func Order(r, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = (i + r) % n
	}
	return out
}

// ValidToolchain reports whether s is a GOTOOLCHAIN value the go command
// accepts: local, auto, path, or a Go version such as go1.27.3 (as the
// standard library's go/version reads them), optionally followed by +auto
// or +path.
func ValidToolchain(s string) bool {
	switch s {
	case "local", "auto", "path":
		return true
	}
	return goRelease(s) != ""
}

// goRelease returns the Go release a GOTOOLCHAIN value names (go1.27.3
// for go1.27.3+auto), or "" for local, auto, path and what is not one.
func goRelease(tc string) string {
	name, ok := strings.CutSuffix(tc, "+auto")
	if !ok {
		name, _ = strings.CutSuffix(tc, "+path")
	}
	if !strings.HasPrefix(name, "go1") || !version.IsValid(name) {
		return ""
	}
	return name
}

// OldestToolchain is the oldest Go release benchgate can build and run
// benchmarks with: it asks the go command for GOVERSION and runs test
// binaries with -test.paniconexit0, and both came in Go 1.16. An older
// toolchain would print its flag usage and exit 2 without running a
// benchmark.
const OldestToolchain = "go1.16"

// TooOld reports whether the GOTOOLCHAIN value tc names a Go release older
// than [OldestToolchain].
func TooOld(tc string) bool {
	name := goRelease(tc)
	return name != "" && version.Compare(name, OldestToolchain) < 0
}

// checkToolchains is the one check of the sides' toolchains, made before
// anything else looks at the sides.
func (p *Plan) checkToolchains() error {
	for _, s := range p.Sides {
		if s.Toolchain != "" && !ValidToolchain(s.Toolchain) {
			return usage.Errorf("use local for the installed Go, or a release such as go1.27.3",
				"invalid {%s-toolchain} %q: not a GOTOOLCHAIN value", s.Name, s.Toolchain)
		}
		if TooOld(s.Toolchain) {
			return usage.Errorf("use "+OldestToolchain+" or a newer release, or local for the installed Go",
				"{%s-toolchain} %s is too old: benchgate runs benchmarks with Go %[3]s or newer (it asks the go command for GOVERSION and passes test binaries -test.paniconexit0, both from Go %[3]s)", s.Name, s.Toolchain, strings.TrimPrefix(OldestToolchain, "go"))
		}
	}
	return nil
}

var (
	tagRE = regexp.MustCompile(`^[A-Za-z0-9_.]+$`)
	cpuRE = regexp.MustCompile(`^[1-9][0-9]{0,3}(,[1-9][0-9]{0,3})*$`)
)

// validBenchtime reports whether the testing package accepts s as
// -test.benchtime: a positive count such as 1000x, or a positive
// duration such as 100ms (its parseBenchTimeFlag). Anything else makes
// every test binary exit 2 before it runs a benchmark.
func validBenchtime(s string) bool {
	if n, ok := strings.CutSuffix(s, "x"); ok {
		v, err := strconv.Atoi(n)
		return err == nil && v > 0
	}
	d, err := time.ParseDuration(s)
	return err == nil && d > 0
}

// Validate checks the plan for mistakes a user can make, and returns a
// *usage.Error that names the setting.
func (p *Plan) Validate() error {
	if len(p.Sides) < 2 {
		return usage.Errorf("", "a comparison needs at least two sides, got %d", len(p.Sides))
	}
	if err := p.checkToolchains(); err != nil {
		return err
	}
	if p.Rounds < 1 {
		return usage.Errorf("", "invalid {rounds} %d: want at least 1", p.Rounds)
	}
	if !validBenchtime(p.Benchtime) {
		return usage.Errorf("", "invalid {benchtime} %q: want a duration above zero such as 100ms, or a count above zero such as 1000x", p.Benchtime)
	}
	if _, err := regexp.Compile(p.Bench); err != nil {
		return usage.Errorf("", "invalid {bench} %q: %v", p.Bench, err)
	}
	for _, t := range p.Tags {
		if !tagRE.MatchString(t) {
			return usage.Errorf("", "invalid {tags} %q: a build tag is letters, digits, _ and .", t)
		}
	}
	if p.CPU != "" && !cpuRE.MatchString(p.CPU) {
		return usage.Errorf("", "invalid {cpu} %q: want a comma-separated list of GOMAXPROCS values such as 1,2,4", p.CPU)
	}
	if p.CPU != "" {
		// The testing package runs a benchmark once per value, under
		// one name per value: a value given twice makes two results of
		// one name in one process, which benchgate cannot tell from a
		// benchmark printing a result line of its own.
		seen := map[string]bool{}
		for _, v := range strings.Split(p.CPU, ",") {
			if seen[v] {
				return usage.Errorf("list each value once, e.g. {cpu} 1,2; more samples per value come from more {rounds}", "invalid {cpu} %q: GOMAXPROCS %s is given twice", p.CPU, v)
			}
			seen[v] = true
		}
	}
	switch p.Protocol {
	case "", Interleaved, Sequential:
	default:
		return usage.Errorf("", "invalid {protocol} %q: want interleaved or sequential", p.Protocol)
	}
	switch p.Interleave {
	case "", ByPackage, ByBenchmark:
	default:
		return usage.Errorf("", "invalid {interleave} %q: want benchmark or package", p.Interleave)
	}
	if p.MaxRounds != 0 && p.MaxRounds < p.Rounds {
		return usage.Errorf("", "invalid {max-rounds} %d: want at least {rounds} (%d)", p.MaxRounds, p.Rounds)
	}
	if p.TimeBudget < 0 {
		return usage.Errorf("", "invalid {time-budget} %v", p.TimeBudget)
	}
	if p.Timeout <= 0 {
		return usage.Errorf("", "invalid {timeout} %v: want a positive duration such as 5m", p.Timeout)
	}
	if p.Shard != (Shard{}) && (p.Shard.N < 1 || p.Shard.N > MaxShards || p.Shard.K < 1 || p.Shard.K > p.Shard.N) {
		return usage.Errorf("", "invalid {shard} %d/%d: want k/n with 1 <= k <= n <= %d", p.Shard.K, p.Shard.N, MaxShards)
	}
	if len(p.Sides) > MaxConfigs {
		return usage.Errorf("", "%d sides are more than the %d a run can have", len(p.Sides), MaxConfigs)
	}
	for _, pkg := range p.Packages {
		if strings.HasPrefix(pkg, "-") {
			return usage.Errorf("go test's flags are not package patterns: set benchgate's own ({bench}, {benchtime}, {tags}, {cpu})",
				"invalid package %q in {packages}: a package pattern cannot start with '-'", pkg)
		}
	}
	return nil
}

// BenchRegex returns a -test.bench expression that selects the named
// benchmarks (names as benchstat shows them: "RSA/bits=2048/op=verify-2").
// The testing package matches each "/"-separated level separately, so the
// expression is an alternation per level; it may select more benchmarks
// than named (the cross product of the levels), never fewer. The
// expression has as many levels as the shallowest name: a benchmark with
// fewer levels than the expression matches only partially, and the
// testing package runs it once to look for sub-benchmarks but reports no
// result. Deeper names are cut to that depth, so all of their siblings
// below it run too.
func BenchRegex(names []string) string {
	var all [][]string
	depth := 0
	for _, name := range names {
		base, parts := benchfmt.Name(name).Parts()
		elems := []string{"Benchmark" + string(base)}
		for _, p := range parts {
			if len(p) > 0 && p[0] == '/' {
				elems = append(elems, string(p[1:]))
			}
		}
		all = append(all, elems)
		if depth == 0 || len(elems) < depth {
			depth = len(elems)
		}
	}
	var levels []map[string]bool
	var order [][]string
	for _, elems := range all {
		for i, e := range elems[:depth] {
			if i == len(levels) {
				levels = append(levels, map[string]bool{})
				order = append(order, nil)
			}
			if !levels[i][e] {
				levels[i][e] = true
				order[i] = append(order[i], e)
			}
		}
	}
	var out []string
	for _, alts := range order {
		quoted := make([]string, len(alts))
		for i, a := range alts {
			quoted[i] = regexp.QuoteMeta(a)
		}
		out = append(out, "^("+strings.Join(quoted, "|")+")$")
	}
	return strings.Join(out, "/")
}

// splitBench splits a -test.bench expression as the testing package does:
// into alternatives at top-level "|", each a list of per-level expressions
// split at top-level "/" (brackets, parentheses and escapes respected).
func splitBench(expr string) [][]string {
	var alts [][]string
	var levels []string
	brackets, parens := 0, 0
	start := 0
	for i := 0; i < len(expr); i++ {
		switch expr[i] {
		case '[':
			brackets++
		case ']':
			if brackets--; brackets < 0 { // an unmatched ']' is legal
				brackets = 0
			}
		case '(':
			if brackets == 0 {
				parens++
			}
		case ')':
			if brackets == 0 {
				parens--
			}
		case '\\':
			i++
		case '/', '|':
			if brackets == 0 && parens == 0 {
				levels = append(levels, expr[start:i])
				start = i + 1
				if expr[i] == '|' {
					alts = append(alts, levels)
					levels = nil
				}
			}
		}
	}
	levels = append(levels, expr[start:])
	return append(alts, levels)
}

// SelectsBenchmark reports whether the -test.bench expression bench
// selects the top-level benchmark function name (e.g. "BenchmarkRSA"), as
// the testing package decides it at the first level.
func SelectsBenchmark(bench, name string) bool { return OneBenchmark(bench, name) != "" }

// OneBenchmark narrows the -test.bench expression bench to the top-level
// benchmark function name: the same sub-benchmarks, of that function only.
// It is empty when bench does not select name.
func OneBenchmark(bench, name string) string {
	var out []string
	for _, alt := range splitBench(bench) {
		if ok, err := regexp.MatchString(alt[0], name); err != nil || !ok {
			continue
		}
		out = append(out, strings.Join(append([]string{"^" + regexp.QuoteMeta(name) + "$"}, alt[1:]...), "/"))
	}
	return strings.Join(out, "|")
}
