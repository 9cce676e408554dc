package runner

// The processes of counting inside the process (inprocess.go): one
// valgrind process per package, side and round counts every benchmark of
// the package it is asked for, and each count becomes a block of the
// side's results file, as a pair of whole processes' does.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/benchgate/benchgate/internal/brief"
	"golang.org/x/perf/benchfmt"
)

// maxBenchExpr bounds the -test.bench expression of one counted process:
// a package with more benchmarks than fit is counted in several.
const maxBenchExpr = 32 << 10

// chunkWork bounds the work one counted process is expected to take
// under valgrind (see estimate): a package of hundreds of benchmarks is
// counted in several processes, each well within its timeout.
const chunkWork = time.Minute

// maxCountOutput bounds callgrind's output file of one process as read.
const maxCountOutput = 1 << 30

// benchChunks splits targets into the groups one process counts: their
// -test.bench expressions, joined, within maxBenchExpr, and their
// estimated work within chunkWork (a target alone may be more).
func benchChunks(targets []*vgTarget) [][]*vgTarget {
	var out [][]*vgTarget
	size, work := 0, time.Duration(0)
	for _, t := range targets {
		if len(out) == 0 || size+len(t.bench)+1 > maxBenchExpr || work+t.estimate() > chunkWork {
			out = append(out, nil)
			size, work = 0, 0
		}
		out[len(out)-1] = append(out[len(out)-1], t)
		size += len(t.bench) + 1
		work += t.estimate()
	}
	return out
}

// estimate is how long t's runs inside a counted process should take:
// its three runs (the testing package's first, N1 and N2) at the
// calibration's time per op times valgrindSlowdown, and a fifth of a
// second for its setup and the code valgrind translates for it.
func (t *vgTarget) estimate() time.Duration {
	return time.Duration(float64(1+t.n1+t.n2)*t.nsPerOp*valgrindSlowdown) + 200*time.Millisecond
}

// chunkTimeout bounds one counted process of targets: the plan's timeout,
// or four times the work estimated for them where that is longer, so a
// process that counts many benchmarks is not held to one benchmark's
// bound; a hang is still stopped.
func (st *runState) chunkTimeout(targets []*vgTarget) time.Duration {
	var work time.Duration
	for _, t := range targets {
		work += t.estimate()
	}
	return max(st.plan.Timeout, 4*work)
}

// countPackage counts targets, benchmarks of pkg that side s has, in
// round r inside the process: one process (more for very many targets),
// which must report each target once, at its n2, and nothing else.
func (st *runState) countPackage(ctx context.Context, s *SideResult, pkg *Package, targets []*vgTarget, r int) (map[*vgTarget]Count, []string, error) {
	out := map[*vgTarget]Count{}
	var header []string
	for _, chunk := range benchChunks(targets) {
		counts, h, err := st.countChunk(ctx, s, pkg, chunk, r)
		if err != nil {
			return nil, nil, err
		}
		for t, c := range counts {
			out[t] = c
		}
		header = h
	}
	return out, header, nil
}

// countChunk is countPackage's one process.
func (st *runState) countChunk(ctx context.Context, s *SideResult, pkg *Package, targets []*vgTarget, r int) (map[*vgTarget]Count, []string, error) {
	dir, err := st.countDir(s)
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(dir)
	// The iteration counts' file, one line per name the patched testing
	// package may know the benchmark by (see exactBench for the suffix).
	var lines strings.Builder
	var lineOf []*vgTarget
	benches := make([]string, 0, len(targets))
	names := make([]string, 0, len(targets))
	for _, t := range targets {
		for _, n := range nameForms(t.name) {
			lines.WriteString(itersLine(t.n1, t.n2, n))
			lineOf = append(lineOf, t)
		}
		benches = append(benches, t.bench)
		names = append(names, t.name)
	}
	iters := filepath.Join(dir, "iters")
	if err := os.WriteFile(iters, []byte(lines.String()), 0o644); err != nil {
		return nil, nil, fmt.Errorf("writing the iteration counts: %w", err)
	}
	bench := strings.Join(benches, "|")
	callgrindOut := filepath.Join(dir, "callgrind.out")
	timeout := st.chunkTimeout(targets)
	args := append(inProcessArgs(pkg.Counting, callgrindOut, st.vg.chase), inProcessBenchArgs(bench, timeout)...)
	rec := RunRecord{Side: s.Name, Round: r + 1, Package: pkg.ImportPath, Count: &RunCount{InProcess: names}}
	fail := func(err error, hint string, out []byte, lw *lineWriter) *BenchmarkFailedError {
		e := st.vgFailure(s, pkg, r, fmt.Errorf("counted under valgrind inside the process: %w", err), out, lw)
		if e.Benchmark == "" && len(targets) == 1 {
			e.Benchmark = targets[0].name
		}
		if hint != "" {
			e.Hint = hint
		}
		return e
	}
	cmd := Cmd{Dir: pkg.Dir, Env: setEnv(countEnv(s.env), countEnvVar, iters), Path: st.vg.path, Args: args, As: s.as}
	p, err := st.valgrindProcess(ctx, s, pkg, r, bench, cmd, &rec, fail, len(targets), timeout)
	if err != nil {
		return nil, nil, err
	}
	defer func() { st.record(rec, p.d) }()
	failed := func(name string, err error, hint string) error {
		rec.Error = err.Error()
		e := fail(err, hint, p.tw.Bytes(), p.lw)
		if name != "" {
			e.Benchmark, e.After = name, ""
		}
		return e
	}
	for _, t := range targets {
		for _, sk := range p.lw.skips {
			if covers(sk.name, t.name) {
				return nil, nil, failed(t.name, fmt.Errorf("skipped under valgrind (%s), but the calibration run measured it", sk.reason), missingHint)
			}
		}
	}
	reported := map[string]int{}
	for _, l := range p.kept.results {
		name, n, err := resultNameIters(l)
		if err != nil {
			return nil, nil, failed("", err, "")
		}
		reported[name] = n
	}
	for _, t := range targets {
		n, ok := reported[t.name]
		if !ok {
			return nil, nil, failed(t.name, fmt.Errorf("reported no result for %s, which it was asked for", t.name), missingHint)
		}
		if n != t.n2 {
			return nil, nil, failed(t.name, fmt.Errorf("reported %d iterations, where its counted runs were of %d and %d", n, t.n1, t.n2),
				"the benchmark's loop must run b.N times (or use b.Loop); one that sets b.N itself cannot be counted")
		}
	}
	if len(reported) != len(targets) {
		var extra []string
		for n := range reported {
			if !slices.Contains(names, n) {
				extra = append(extra, n)
			}
		}
		slices.Sort(extra)
		return nil, nil, failed("", fmt.Errorf("reported %s, which it was not asked for", strings.Join(extra, ", ")), missingHint)
	}
	segs, err := readSegments(callgrindOut)
	if err != nil {
		return nil, nil, failed("", err, "")
	}
	counts := map[*vgTarget]Count{}
	for line, t := range lineOf {
		got := segs[line]
		if got == nil {
			continue
		}
		if _, dup := counts[t]; dup {
			return nil, nil, failed(t.name, errors.New("was counted under two names"), "")
		}
		i1, ok1 := got[t.n1]
		i2, ok2 := got[t.n2]
		if !ok1 || !ok2 || len(got) != 2 {
			return nil, nil, failed(t.name, fmt.Errorf("callgrind has counts of its runs at %s, where benchgate asked for %dx and %dx", dumpedRuns(got), t.n1, t.n2),
				"the testing package runs a benchmark's counted runs itself; a benchmark that stops early (FailNow, SkipNow) or is run by another one cannot be counted")
		}
		c := Count{Name: t.name, N1: t.n1, N2: t.n2, I1: i1, I2: i2, D1: p.d, D2: p.d, InProcess: true, Shared: len(targets)}
		if c.PerOp, err = PerOp(i1, i2, t.n1, t.n2); err != nil {
			return nil, nil, failed(t.name, err, "a benchmark's loop must run b.N times (or use b.Loop); one that does a fixed amount of work per call cannot be counted per op")
		}
		counts[t] = c
	}
	for _, t := range targets {
		if _, ok := counts[t]; !ok {
			return nil, nil, failed(t.name, errors.New("callgrind has no count of its runs: the process did not run it through the patched testing package"), missingHint)
		}
	}
	return counts, p.kept.config, nil
}

// nameForms are the names the testing package may know the benchmark
// printed as name by: b.name has no -GOMAXPROCS suffix, which the
// printed name has when an init function set GOMAXPROCS.
func nameForms(name string) []string {
	if s := stripProcs(name); s != name && s != "" {
		return []string{name, s}
	}
	return []string{name}
}

// dumpedRuns lists the iteration counts of a benchmark's dumps.
func dumpedRuns(got map[int]int64) string {
	if len(got) == 0 {
		return "no iteration count"
	}
	var ns []int
	for n := range got {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	var s []string
	for _, n := range ns {
		s = append(s, fmt.Sprintf("%dx", n))
	}
	return strings.Join(s, ", ")
}

// countDir makes a new directory for one counted process of side s: its
// iteration counts' file and callgrind's output, the side's own (it
// runs as the side's user).
func (st *runState) countDir(s *SideResult) (string, error) {
	dir := filepath.Join(st.tmp, fmt.Sprintf("side%d", st.sideIndex(s)), "count")
	if err := os.RemoveAll(dir); err != nil {
		return "", err
	}
	if err := os.Mkdir(dir, 0o700); err != nil {
		return "", err
	}
	if s.as != nil {
		if err := os.Lchown(dir, int(s.as.UID), int(s.as.GID)); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// readSegments reads the counted runs of callgrind's output file. The
// file is the side's (the code under test could have replaced it), so
// it must be a regular file, not a link, and not beyond maxCountOutput;
// it is read without waiting (a FIFO would block).
func readSegments(path string) (map[int]map[int]int64, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|oNoFollow|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("reading callgrind's output: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	switch {
	case err != nil:
		return nil, fmt.Errorf("reading callgrind's output: %w", err)
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("callgrind's output %s is not a regular file", path)
	case fi.Size() > maxCountOutput:
		return nil, fmt.Errorf("callgrind's output is %s, more than the %s benchgate reads", FormatSize(fi.Size()), FormatSize(maxCountOutput))
	}
	return segmentCounts(io.LimitReader(f, maxCountOutput))
}

// resultNameIters is the name (with its Benchmark prefix, as printed)
// and iteration count of a result line.
func resultNameIters(line string) (string, int, error) {
	r := benchfmt.NewReader(strings.NewReader(line+"\n"), "")
	for r.Scan() {
		if res, ok := r.Result().(*benchfmt.Result); ok {
			return "Benchmark" + string(res.Name.Full()), res.Iters, nil
		}
	}
	return "", 0, fmt.Errorf("cannot read the result line %q", brief.Clip(line, 100))
}

// countUnits groups targets into what one process counts: the targets
// of a package counted inside the process together, every other target
// alone; in the order of their first target.
func countUnits(targets []*vgTarget) [][]*vgTarget {
	var units [][]*vgTarget
	at := map[string]int{}
	for _, t := range targets {
		if !t.inProcess {
			units = append(units, []*vgTarget{t})
			continue
		}
		i, ok := at[t.pkg]
		if !ok {
			i = len(units)
			at[t.pkg] = i
			units = append(units, nil)
		}
		units[i] = append(units[i], t)
	}
	return units
}

// onSide are the targets of ts that side si has.
func onSide(ts []*vgTarget, si int) []*vgTarget {
	var out []*vgTarget
	for _, t := range ts {
		if slices.Contains(t.sides, si) {
			out = append(out, t)
		}
	}
	return out
}

// countSides counts ts, targets of one package counted inside the
// process, in round r on every side that has them, the sides in
// parallel.
func (st *runState) countSides(ctx context.Context, ts []*vgTarget, r int) ([]map[*vgTarget]Count, [][]string, error) {
	counts := make([]map[*vgTarget]Count, len(st.out.Sides))
	headers := make([][]string, len(st.out.Sides))
	err := st.perSide(ctx, func(ctx context.Context, si int) error {
		mine := onSide(ts, si)
		if len(mine) == 0 {
			return nil
		}
		s := st.out.Sides[si]
		c, h, err := st.countPackage(ctx, s, s.pkg(mine[0].pkg), mine, r)
		counts[si], headers[si] = c, h
		return err
	})
	return counts, headers, err
}

// firstRoundInProcess is firstRound for ts, the targets of one package
// counted inside the process: every side counts them, then those whose
// difference fell short of the policy's signal are counted again at a
// larger N2, which the later rounds keep, before anything is written.
func (st *runState) firstRoundInProcess(ctx context.Context, ts []*vgTarget) error {
	counts, headers, err := st.countSides(ctx, ts, 0)
	if err != nil {
		return st.interrupted(ctx, err, 0)
	}
	var again []*vgTarget
	for _, t := range ts {
		perOp := 0.0
		for _, c := range counts {
			if c, ok := c[t]; ok {
				perOp = max(perOp, c.PerOp)
			}
		}
		if n2, ok := inProcessIters.retune(t.n1, t.n2, perOp, t.bPerOp); ok {
			st.retuned(t, perOp, inProcessIters, n2)
			again = append(again, t)
		}
	}
	if len(again) > 0 {
		more, _, err := st.countSides(ctx, again, 0)
		if err != nil {
			return st.interrupted(ctx, err, 0)
		}
		for si := range more {
			for t, c := range more[si] {
				counts[si][t] = c
			}
		}
	}
	for si, s := range st.out.Sides {
		for _, t := range onSide(ts, si) {
			if err := st.writeCount(s, s.pkg(t.pkg), t, 0, counts[si][t], headers[si]); err != nil {
				return err
			}
		}
	}
	return nil
}

// retuned says that target t, whose op counted perOp instructions, is
// counted at n2 from now on: its first N2 fell short of p's signal.
func (st *runState) retuned(t *vgTarget, perOp float64, p itersPolicy, n2 int) {
	st.progress("instructions: %s: %dx gave %.3g instructions beyond %dx, fewer than the %.0e wanted; counting it at %dx instead",
		t.name, t.n2, float64(t.n2-t.n1)*perOp, t.n1, p.minSignal, n2)
	t.n2 = n2
}

// chooseMethods decides, per package, how its targets are counted:
// inside the process where every side that has the package has a
// Counting binary of it, else in whole processes on every side, so that
// the sides are always counted alike; and their iteration counts.
func (st *runState) chooseMethods() {
	for _, t := range st.vg.targets {
		t.inProcess = true
		for _, si := range t.sides {
			s := st.out.Sides[si]
			if pkg := s.pkg(t.pkg); pkg == nil || pkg.Counting == "" {
				t.inProcess = false
				t.why = fmt.Sprintf("%s: %s", s.Name, s.countingWhy)
				break
			}
		}
		p := wholeProcessIters
		if t.inProcess {
			p = inProcessIters
		}
		t.n1, t.n2 = p.choose(t.nsPerOp, t.bPerOp)
	}
}

// methods says how the targets are counted, for the progress line.
func (vg *vgState) methods() string {
	in, whole := map[string]bool{}, map[string]bool{}
	nIn, nWhole := 0, 0
	why := ""
	for _, t := range vg.targets {
		if t.inProcess {
			in[t.pkg] = true
			nIn++
		} else {
			whole[t.pkg] = true
			nWhole++
			why = t.why
		}
	}
	var parts []string
	if nIn > 0 {
		parts = append(parts, fmt.Sprintf("%d benchmark(s) of %d package(s) inside one process per package, side and round", nIn, len(in)))
	}
	if nWhole > 0 {
		parts = append(parts, fmt.Sprintf("%d benchmark(s) of %d package(s) in two whole processes each per side and round (%s)", nWhole, len(whole), why))
	}
	if len(parts) == 0 {
		return "no benchmarks"
	}
	return strings.Join(parts, "; ")
}
