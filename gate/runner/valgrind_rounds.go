package runner

// The instruction rounds (see valgrind.go for the measure). First every
// side runs each benchmark function once outside valgrind, briefly
// (calibration): that names its benchmarks and says how long an op takes,
// which fixes each benchmark's iteration counts, the same on every side.
// Then every benchmark is counted in rounds, and each count is appended
// to the side's results file as a block of its own, written by benchgate:
// the benchmarks of a package inside one valgrind process per side and
// round where every side's build allows it (inprocess.go,
// inprocess_rounds.go), else in two whole processes per benchmark, side
// and round (here).
//
// Counts do not depend on load or on what runs beside them, so nothing
// is interleaved: the sides run in parallel, each one process at a time
// (a side's processes run as its user, and every process of that user is
// killed when one ends). Processes go through the same executor,
// isolation and output rules as timed ones: the output of a counted
// process is read by a lineWriter with the process's selection, and
// only benchgate's own lines (the testing package's header, the count)
// reach the results file.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"
)

// InstructionsOutcome is what the instruction rounds did.
type InstructionsOutcome struct {
	// Valgrind is the version that counted ("valgrind-3.19.0").
	Valgrind string `json:"valgrind"`
	// Rounds is the number of fixed rounds; RoundsDone the rounds run,
	// the extra ones for undecided benchmarks included.
	Rounds     int `json:"rounds"`
	RoundsDone int `json:"rounds_done"`
	// Benchmarks are the benchmarks counted, with their iteration
	// counts.
	Benchmarks []CountedBenchmark `json:"benchmarks"`
	// Processes counts the valgrind processes; ProcessTime is their
	// summed wall time and Elapsed the wall time of the instruction
	// rounds, calibration included.
	Processes   int           `json:"processes"`
	ProcessTime time.Duration `json:"process_ns"`
	Elapsed     time.Duration `json:"elapsed_ns"`
}

// CountedBenchmark is one benchmark the instruction rounds counted.
type CountedBenchmark struct {
	Package string `json:"package"`
	// Name is the full name, as GOMAXPROCS=1 names it.
	Name string `json:"name"`
	// NsPerOp is the calibration's time per op (the most of any side),
	// N1 and N2 the iteration counts chosen from it.
	NsPerOp float64 `json:"ns_per_op"`
	N1      int     `json:"n1"`
	N2      int     `json:"n2"`
	// InProcess says it was counted inside one process per package
	// (inprocess.go); otherwise in two whole processes, and
	// WholeProcessWhy says why.
	InProcess       bool   `json:"in_process"`
	WholeProcessWhy string `json:"whole_process_why,omitempty"`
}

// vgState is the instruction rounds' part of a run.
type vgState struct {
	opts          Instructions
	path, version string
	// chase is whether this valgrind has --vex-guest-chase.
	chase   bool
	targets []*vgTarget
	outcome InstructionsOutcome
	// mu guards what the sides' workers share: the outcome's records,
	// progress lines and the run's RunRecords.
	mu sync.Mutex
}

// vgTarget is one benchmark to count.
type vgTarget struct {
	pkg string
	// name is the result's full name; fn its top-level function; bench
	// the -test.bench expression that selects exactly it.
	name, fn, bench string
	n1, n2          int
	// nsPerOp and bPerOp are the most any side's calibration measured.
	nsPerOp, bPerOp float64
	// sides are the indexes of the sides that have it.
	sides []int
	// inProcess says it is counted inside the process (every side has
	// a Counting binary of its package); otherwise why not.
	inProcess bool
	why       string
}

// newVGState finds valgrind (before anything is built) for a run with
// instruction rounds opts.
func newVGState(ctx context.Context, opts Instructions) (*vgState, error) {
	path, version, err := findValgrind(ctx, opts.Valgrind)
	if err != nil {
		return nil, err
	}
	if opts.Rounds < 1 {
		opts.Rounds = 1
	}
	if opts.MaxRounds < opts.Rounds {
		opts.MaxRounds = opts.Rounds
	}
	return &vgState{opts: opts, path: path, version: version, chase: hasOption(ctx, path, chaseOption),
		outcome: InstructionsOutcome{Valgrind: version, Rounds: opts.Rounds}}, nil
}

func (st *runState) vgProgress(format string, args ...any) {
	st.vg.mu.Lock()
	defer st.vg.mu.Unlock()
	st.progress(format, args...)
}

// instructionRounds calibrates, then counts every benchmark in the fixed
// instruction rounds and the extra ones Next asks for.
func (st *runState) instructionRounds(ctx context.Context, pkgs []string) error {
	vg := st.vg
	start := st.now()
	defer func() { vg.outcome.Elapsed = st.now().Sub(start) }()
	st.progress("instructions: a short timed run of every benchmark function, to choose iteration counts (%s, outside valgrind)", calibrationBenchtime)
	if err := st.calibrate(ctx, pkgs); err != nil {
		return err
	}
	defer func() {
		for _, t := range vg.targets {
			vg.outcome.Benchmarks = append(vg.outcome.Benchmarks, CountedBenchmark{Package: t.pkg, Name: t.name, NsPerOp: t.nsPerOp, N1: t.n1, N2: t.n2,
				InProcess: t.inProcess, WholeProcessWhy: t.why})
		}
	}()
	st.progress("instructions: %s, counted by %s (%d rounds, up to %d for undecided ones), the sides in parallel",
		st.vg.methods(), vg.version, vg.opts.Rounds, vg.opts.MaxRounds)
	if err := st.firstRound(ctx); err != nil {
		return err
	}
	var fixed []int
	for r := 1; r < vg.opts.Rounds; r++ {
		fixed = append(fixed, r)
	}
	if err := st.countRounds(ctx, fixed, vg.targets); err != nil {
		return err
	}
	vg.outcome.RoundsDone = vg.opts.Rounds
	for r := vg.opts.Rounds; r < vg.opts.MaxRounds && vg.opts.Next != nil; r++ {
		if err := st.verifyResults(); err != nil {
			return err
		}
		sel, err := vg.opts.Next(r)
		if err != nil {
			return err
		}
		var more []*vgTarget
		for _, t := range vg.targets {
			if slices.Contains(sel[t.pkg], strings.TrimPrefix(t.name, "Benchmark")) {
				more = append(more, t)
			}
		}
		if len(more) == 0 {
			st.progress("instructions: every benchmark is decided after %d rounds", r)
			break
		}
		if err := st.countRounds(ctx, []int{r}, more); err != nil {
			return err
		}
		vg.outcome.RoundsDone = r + 1
		st.progress("instructions: extra round %d/%d done for %d undecided benchmark(s)", r+1, vg.opts.MaxRounds, len(more))
	}
	st.progress("instructions: %d rounds, %d valgrind processes in %s (%s of processes)", vg.outcome.RoundsDone, vg.outcome.Processes,
		st.now().Sub(start).Round(time.Second), vg.outcome.ProcessTime.Round(time.Second))
	return nil
}

// perSide runs work for every side at once, one goroutine each, and
// returns the first error; the others are then cancelled.
func (st *runState) perSide(ctx context.Context, work func(ctx context.Context, si int) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	errs := make([]error, len(st.out.Sides))
	first := -1
	var mu sync.Mutex
	var wg sync.WaitGroup
	for si := range st.out.Sides {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := work(ctx, si)
			if err == nil {
				return
			}
			mu.Lock()
			defer mu.Unlock()
			errs[si] = err
			if first < 0 {
				first = si
				cancel()
			}
		}()
	}
	wg.Wait()
	if first < 0 {
		return nil
	}
	return errs[first]
}

// countRounds counts targets in each of rounds (0-based), every side its
// share in round order, the sides in parallel.
func (st *runState) countRounds(ctx context.Context, rounds []int, targets []*vgTarget) error {
	return st.perSide(ctx, func(ctx context.Context, si int) error {
		s := st.out.Sides[si]
		for _, r := range rounds {
			n := 0
			for _, u := range countUnits(targets) {
				mine := onSide(u, si)
				if len(mine) == 0 {
					continue
				}
				pkg := s.pkg(mine[0].pkg)
				if mine[0].inProcess {
					counts, header, err := st.countPackage(ctx, s, pkg, mine, r)
					if err != nil {
						return st.interrupted(ctx, err, r)
					}
					for _, t := range mine {
						if err := st.writeCount(s, pkg, t, r, counts[t], header); err != nil {
							return err
						}
					}
				} else if err := st.countOne(ctx, s, pkg, mine[0], r); err != nil {
					return st.interrupted(ctx, err, r)
				}
				n += len(mine)
			}
			st.vgProgress("instructions: %s round %d/%d done (%d benchmark(s))", s.Name, r+1, st.vgTotal(r), n)
		}
		return nil
	})
}

// vgTotal is the rounds' total a block of round r (0-based) counts in,
// as header does for the timed rounds.
func (st *runState) vgTotal(r int) int {
	if r >= st.vg.opts.Rounds {
		return st.vg.opts.MaxRounds
	}
	return st.vg.opts.Rounds
}

// firstRound counts every target in round 1, all sides at once and one
// target (or, inside the process, one package) at a time, so that its
// iteration counts can be corrected before any side writes a count with
// them: where the difference of the two counts fell short of the
// policy's minSignal (a loaded machine made the calibration run slow),
// N2 is counted again larger (Retune), which the later rounds keep; for
// whole processes the N1 process's count stands.
func (st *runState) firstRound(ctx context.Context) error {
	for _, u := range countUnits(st.vg.targets) {
		if u[0].inProcess {
			if err := st.firstRoundInProcess(ctx, u); err != nil {
				return err
			}
			continue
		}
		t := u[0]
		firsts := make([]*counted, len(st.out.Sides))
		for attempt := 0; ; attempt++ {
			counts := make([]*Count, len(st.out.Sides))
			headers := make([][]string, len(st.out.Sides))
			err := st.perSide(ctx, func(ctx context.Context, si int) error {
				if !slices.Contains(t.sides, si) {
					return nil
				}
				s := st.out.Sides[si]
				c, header, p1, err := st.countPair(ctx, s, s.pkg(t.pkg), t, 0, firsts[si])
				counts[si], headers[si], firsts[si] = c, header, p1
				return err
			})
			if err != nil {
				return st.interrupted(ctx, err, 0)
			}
			perOp := 0.0
			for _, c := range counts {
				if c != nil {
					perOp = max(perOp, c.PerOp)
				}
			}
			if n2, ok := wholeProcessIters.retune(t.n1, t.n2, perOp, t.bPerOp); ok && attempt == 0 {
				st.retuned(t, perOp, wholeProcessIters, n2)
				continue
			}
			for si, c := range counts {
				if c != nil {
					s := st.out.Sides[si]
					if err := st.writeCount(s, s.pkg(t.pkg), t, 0, *c, headers[si]); err != nil {
						return err
					}
				}
			}
			break
		}
	}
	for _, s := range st.out.Sides {
		st.progress("instructions: %s round 1/%d done (%d benchmark(s))", s.Name, st.vgTotal(0), len(st.vg.targets))
	}
	return nil
}

// interrupted words an error of a worker whose context was cancelled.
func (st *runState) interrupted(ctx context.Context, err error, r int) error {
	if ctx.Err() != nil && !errors.As(err, new(*BenchmarkFailedError)) {
		return fmt.Errorf("interrupted in instruction round %d; results measured so far are kept in %s: %w",
			r+1, strings.Join(st.out.Files(), ", "), ctx.Err())
	}
	return err
}

// countOne counts target t on side s in round r and appends the block
// that states the count to the side's results file.
func (st *runState) countOne(ctx context.Context, s *SideResult, pkg *Package, t *vgTarget, r int) error {
	c, header, _, err := st.countPair(ctx, s, pkg, t, r, nil)
	if err != nil {
		return err
	}
	return st.writeCount(s, pkg, t, r, *c, header)
}

// countPair counts target t on side s in round r, in two processes (or
// one, where p1 is the N1 process's count already), and returns the
// count, the testing package's header and the N1 process's count.
func (st *runState) countPair(ctx context.Context, s *SideResult, pkg *Package, t *vgTarget, r int, p1 *counted) (*Count, []string, *counted, error) {
	var err error
	if p1 == nil {
		if p1, err = st.countProcess(ctx, s, pkg, t, t.n1, r); err != nil {
			return nil, nil, nil, err
		}
	}
	p2, err := st.countProcess(ctx, s, pkg, t, t.n2, r)
	if err != nil {
		return nil, nil, p1, err
	}
	c := Count{Name: t.name, N1: t.n1, N2: t.n2, I1: p1.irefs, I2: p2.irefs, D1: p1.d, D2: p2.d}
	if c.PerOp, err = PerOp(c.I1, c.I2, c.N1, c.N2); err != nil {
		e := st.vgFailure(s, pkg, r, err, nil, &lineWriter{})
		e.Benchmark, e.After = t.name, ""
		e.Hint = "a benchmark's loop must run b.N times (or use b.Loop); one that does a fixed amount of work per call cannot be counted per op"
		return nil, nil, p1, e
	}
	return &c, p2.header, p1, nil
}

// writeCount appends the block of count c to s's results file: the
// header line, the deletion of the keys the previous block set, the
// testing package's header as the counted process printed it, and the
// lines of countLines.
func (st *runState) writeCount(s *SideResult, pkg *Package, t *vgTarget, r int, c Count, header []string) error {
	f, err := openResults(s)
	if err != nil {
		return err
	}
	defer f.Close()
	bw := &blockWriter{w: f, sum: s.file.sum}
	defer s.wrote(bw, r+1)
	var b strings.Builder
	b.WriteString(st.blockHeader(s, pkg, r, st.vgTotal(r), t.fn, "measure=instructions") + "\n")
	for _, k := range s.config {
		b.WriteString(k + ":\n")
	}
	var keys []string
	for _, h := range header {
		k, _, _ := configLine(h)
		keys = append(keys, k)
		b.WriteString(h + "\n")
	}
	for _, l := range countLines(c, st.vg.version) {
		b.WriteString(l + "\n")
	}
	if _, err := io.WriteString(bw, b.String()); err != nil {
		return fmt.Errorf("writing results file: %w", err)
	}
	st.vg.mu.Lock()
	s.Results++
	st.vg.mu.Unlock()
	s.config = keys
	if err := f.Sync(); err != nil {
		return fmt.Errorf("writing results file: %w", err)
	}
	return nil
}

// counted is what one counted process gave.
type counted struct {
	irefs int64
	d     time.Duration
	// header are the testing package's configuration lines.
	header []string
}

// countProcess runs valgrind on side s's binary of pkg for target t at n
// iterations, and checks that the process measured t and nothing else.
func (st *runState) countProcess(ctx context.Context, s *SideResult, pkg *Package, t *vgTarget, n, r int) (*counted, error) {
	args := append(valgrindArgs(pkg.Binary, st.vg.chase), countArgs(t.bench, n, st.plan.Timeout)...)
	rec := RunRecord{Side: s.Name, Round: r + 1, Package: pkg.ImportPath, Benchmark: t.fn, Count: &RunCount{Name: t.name, Iterations: n}}
	fail := func(err error, hint string, out []byte, lw *lineWriter) *BenchmarkFailedError {
		e := st.vgFailure(s, pkg, r, fmt.Errorf("under valgrind at -test.benchtime=%dx: %w", n, err), out, lw)
		if e.Benchmark == "" {
			e.Benchmark = t.name
		}
		if hint != "" {
			e.Hint = hint
		}
		return e
	}
	p, err := st.valgrindProcess(ctx, s, pkg, r, t.bench, Cmd{Dir: pkg.Dir, Env: countEnv(s.env), Path: st.vg.path, Args: args, As: s.as}, &rec, fail, 1, st.plan.Timeout)
	if err != nil {
		return nil, err
	}
	failed := func(err error, hint string) error {
		rec.Error = err.Error()
		return fail(err, hint, p.tw.Bytes(), p.lw)
	}
	defer func() { st.record(rec, p.d) }()
	for _, sk := range p.lw.skips {
		if covers(sk.name, t.name) {
			return nil, failed(fmt.Errorf("skipped under valgrind (%s), but the calibration run measured it", sk.reason), missingHint)
		}
	}
	if len(p.lw.names) != 1 || p.lw.names[0] != t.name || len(p.kept.results) != 1 {
		got := "nothing"
		if len(p.lw.names) > 0 {
			got = strings.Join(p.lw.names, ", ")
		}
		return nil, failed(fmt.Errorf("reported %s, where it was asked for %s alone", got, t.name), missingHint)
	}
	iters, err := resultIters(p.kept.results[0])
	if err != nil || iters != n {
		return nil, failed(fmt.Errorf("ran %d iterations, where -test.benchtime asked for %d (%v)", iters, n, err),
			"with -test.benchtime=Nx the testing package runs N iterations; a benchmark that sets b.N itself cannot be counted")
	}
	irefs, err := parseIrefs(p.tw.Bytes())
	if err != nil {
		return nil, failed(err, "")
	}
	return &counted{irefs: irefs, d: p.d, header: p.kept.config}, nil
}

// vgFailure is failure for a worker of the instruction rounds, which
// reads every side's counts while the other sides' workers write theirs.
func (st *runState) vgFailure(s *SideResult, pkg *Package, round int, err error, out []byte, lw *lineWriter) *BenchmarkFailedError {
	st.vg.mu.Lock()
	defer st.vg.mu.Unlock()
	return st.failure(s, pkg, round, err, out, lw)
}
