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
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/internal/brief"
	"golang.org/x/perf/benchfmt"
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

// valgrindOutput is what a counted process printed, as read.
type valgrindOutput struct {
	lw   *lineWriter
	kept keptLines
	tw   *tailWriter
	d    time.Duration
}

// record adds the record of a counted process that took d to the run's.
func (st *runState) record(rec RunRecord, d time.Duration) {
	rec.Duration = d
	st.vg.mu.Lock()
	defer st.vg.mu.Unlock()
	st.out.Runs = append(st.out.Runs, rec)
	st.vg.outcome.Processes++
	st.vg.outcome.ProcessTime += d
}

// valgrindProcess runs cmd, a valgrind process of side s's binary of pkg
// in round r that runs the benchmarks bench selects, within timeout and
// the output cap, and reads its output with the rules of a
// benchmark process (the selection of bench). A process that failed,
// was killed, or printed what go test does not print is an error made
// by fail, and recorded in rec; otherwise the caller checks what it
// reported and records it.
func (st *runState) valgrindProcess(ctx context.Context, s *SideResult, pkg *Package, r int, bench string, cmd Cmd, rec *RunRecord,
	fail func(err error, hint string, out []byte, lw *lineWriter) *BenchmarkFailedError, results int, timeout time.Duration) (*valgrindOutput, error) {
	p := &valgrindOutput{tw: &tailWriter{max: 64 << 10}, kept: keptLines{limit: results + 1}}
	p.lw = newLineWriter(&p.kept, pkg.ImportPath, st.selection(pkg, bench))
	pctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cctx, cut := context.WithCancel(pctx)
	defer cut()
	cw := newCapWriter(io.MultiWriter(p.lw, p.tw), st.opts.MaxOutput, cut)
	t0 := st.now()
	runErr := st.exec.Run(cctx, cmd, cw)
	cwErr := cw.Close()
	p.d = st.now().Sub(t0)
	if cw.Cut() && runErr == nil {
		runErr = errors.New("it exited as it was being killed")
	}
	closeErr := p.lw.Close()
	failed := func(err error, hint string) (*valgrindOutput, error) {
		rec.Error = err.Error()
		st.record(*rec, p.d)
		return nil, fail(err, hint, p.tw.Bytes(), p.lw)
	}
	if err := errors.Join(cwErr, closeErr); err != nil {
		rec.Error = err.Error()
		st.record(*rec, p.d)
		return nil, err
	}
	if runErr != nil {
		if ctx.Err() != nil {
			rec.Error = runErr.Error()
			st.record(*rec, p.d)
			return nil, ctx.Err()
		}
		var exit *exec.ExitError
		switch {
		case cw.Cut():
			return failed(fmt.Errorf("printed more than %s ({max-output}) and was killed: %w", FormatSize(cw.max), runErr),
				fmt.Sprintf("a benchmark or TestMain that prints in a loop fills the output; raise {max-output} %s", FormatSize(cw.max)))
		case pctx.Err() != nil:
			what := fmt.Sprintf("the %s timeout ({timeout})", timeout)
			if timeout != st.plan.Timeout {
				what = fmt.Sprintf("%s, four times the work expected of its benchmarks ({timeout} is %s)", timeout, st.plan.Timeout)
			}
			return failed(fmt.Errorf("killed after %s: %w", what, runErr),
				fmt.Sprintf("under valgrind an op takes 25-40 times as long; raise {timeout} %s, or leave this benchmark out of {bench}", st.plan.Timeout))
		case errors.As(runErr, &exit) && !exit.Exited():
			return failed(runErr, "the process was killed by a signal under valgrind; an instruction valgrind cannot emulate (SIGILL: \"unhandled instruction bytes\" above) or running out of memory are the usual causes")
		}
		return failed(runErr, "the test binary failed under valgrind; if it passes without, see the valgrind lines above (valgrind 3.19 emulates a Haswell-class CPU, and the runtime runs with GOMAXPROCS=1 GOGC=off GODEBUG=asyncpreemptoff=1)")
	}
	switch {
	case p.lw.garbled != "":
		return failed(fmt.Errorf("a line that looks like a result is not one: %q", brief.Clip(p.lw.garbled, 200)), "")
	case !p.lw.pass:
		return failed(errors.New("the test binary exited with status 0 but did not print PASS"), "")
	case p.lw.duplicate != "":
		return failed(fmt.Errorf("%s reported two results in one process", p.lw.duplicate), "")
	}
	return p, nil
}

// RunCount is what a counted process counted.
type RunCount struct {
	// Name is the benchmark; Iterations its -test.benchtime=Nx: a
	// whole process counted at one iteration count.
	Name       string `json:"name,omitempty"`
	Iterations int    `json:"iterations,omitempty"`
	// InProcess are the benchmarks a process counted inside itself,
	// each at its two iteration counts (inprocess.go).
	InProcess []string `json:"in_process,omitempty"`
}

// resultIters is the iteration count of a result line.
func resultIters(line string) (int, error) {
	r := benchfmt.NewReader(strings.NewReader(line+"\n"), "")
	for r.Scan() {
		if res, ok := r.Result().(*benchfmt.Result); ok {
			return res.Iters, nil
		}
	}
	return 0, fmt.Errorf("cannot read %q", brief.Clip(line, 100))
}

// keptLines keeps, of what a lineWriter writes (one line per Write), the
// configuration lines (the testing package's header: every other one
// the lineWriter writes as a comment) and the first limit result lines it
// accepted (2 for a zero limit: enough to tell one from more than one).
// The rest (valgrind's own lines, -test.v's, PASS) is only read.
type keptLines struct {
	config, results []string
	limit           int
}

func (k *keptLines) Write(p []byte) (int, error) {
	line := strings.TrimRight(string(p), "\r\n")
	switch {
	case resultRE.MatchString(line):
		if len(k.results) < max(k.limit, 2) {
			k.results = append(k.results, line)
		}
	default:
		if key, _, ok := configLine(line); ok && slices.Contains(headerKeys, key) && len(k.config) < len(headerKeys) {
			k.config = append(k.config, line)
		}
	}
	return len(p), nil
}

// calibrated is one benchmark that one side's calibration run measured.
type calibrated struct {
	name, function  string
	nsPerOp, bPerOp float64
}

// calibrate runs every benchmark function of every side once, briefly,
// outside valgrind, and makes the targets: every benchmark some side
// reported, with iteration counts from the slowest side's time per op.
func (st *runState) calibrate(ctx context.Context, pkgs []string) error {
	results := make([]map[string][]calibrated, len(st.out.Sides))
	skips := make([]map[string][]skip, len(st.out.Sides))
	err := st.perSide(ctx, func(ctx context.Context, si int) error {
		s := st.out.Sides[si]
		results[si], skips[si] = map[string][]calibrated{}, map[string][]skip{}
		for _, ip := range pkgs {
			pkg := s.pkg(ip)
			if pkg == nil {
				continue
			}
			units := []unit{{bench: st.plan.Bench}}
			if pkg.Listed {
				units = units[:0]
				for _, f := range pkg.Benchmarks {
					units = append(units, unit{function: f, bench: plan.OneBenchmark(st.plan.Bench, f)})
				}
			}
			for _, u := range units {
				got, sk, err := st.calibrateOne(ctx, s, pkg, u)
				if err != nil {
					return err
				}
				results[si][ip] = append(results[si][ip], got...)
				skips[si][ip] = append(skips[si][ip], sk...)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	byKey := map[string]*vgTarget{}
	for _, ip := range pkgs {
		for si := range st.out.Sides {
			for _, sk := range skips[si][ip] {
				st.measuredOf(si, ip).skips[sk.name] = skipped{reason: sk.reason, round: 1}
				for oi := range st.out.Sides {
					for _, c := range results[oi][ip] {
						if oi != si && covers(sk.name, c.name) {
							s := st.out.Sides[si]
							return &BenchmarkFailedError{Stage: "run", Side: s.Name, Package: ip, Round: 1, Benchmark: sk.name,
								Err:  fmt.Errorf("skipped on %s (%s), but %s measured it (%s)", s.Name, sk.reason, st.out.Sides[oi].Name, c.name),
								Hint: missingHint}
						}
					}
				}
			}
			for _, c := range results[si][ip] {
				k := ip + "\x00" + c.name
				t := byKey[k]
				if t == nil {
					t = &vgTarget{pkg: ip, name: c.name, fn: c.function, bench: exactBench(c.name)}
					byKey[k] = t
					st.vg.targets = append(st.vg.targets, t)
				}
				t.sides = append(t.sides, si)
				t.nsPerOp, t.bPerOp = max(t.nsPerOp, c.nsPerOp), max(t.bPerOp, c.bPerOp)
			}
		}
	}
	st.chooseMethods()
	return nil
}

// exactBench is a -test.bench expression that selects the benchmark
// named name (as the testing package printed it) and nothing else: each
// level quoted and anchored. A last level that may carry a -GOMAXPROCS
// suffix (an init function set GOMAXPROCS) also matches without it.
func exactBench(name string) string {
	levels := strings.Split(name, "/")
	for i, l := range levels {
		alts := []string{regexp.QuoteMeta(l)}
		if stripped := stripProcs(l); i == len(levels)-1 && stripped != l && stripped != "" {
			alts = append(alts, regexp.QuoteMeta(stripped))
		}
		levels[i] = "^(" + strings.Join(alts, "|") + ")$"
	}
	return strings.Join(levels, "/")
}

// vgFailure is failure for a worker of the instruction rounds, which
// reads every side's counts while the other sides' workers write theirs.
func (st *runState) vgFailure(s *SideResult, pkg *Package, round int, err error, out []byte, lw *lineWriter) *BenchmarkFailedError {
	st.vg.mu.Lock()
	defer st.vg.mu.Unlock()
	return st.failure(s, pkg, round, err, out, lw)
}

// calibrateOne runs the calibration of unit u of side s's binary of pkg:
// the benchmarks it reported, with their time and bytes per op, and the
// ones it skipped.
func (st *runState) calibrateOne(ctx context.Context, s *SideResult, pkg *Package, u unit) ([]calibrated, []skip, error) {
	sel := st.selection(pkg, u.bench)
	all := &allResults{}
	lw := newLineWriter(all, pkg.ImportPath, sel)
	tw := &tailWriter{max: 64 << 10}
	pctx, cancel := context.WithTimeout(ctx, st.plan.Timeout)
	defer cancel()
	cctx, cut := context.WithCancel(pctx)
	defer cut()
	cw := newCapWriter(io.MultiWriter(lw, tw), st.opts.MaxOutput, cut)
	t0 := st.now()
	runErr := st.exec.Run(cctx, Cmd{Dir: pkg.Dir, Env: calibrationEnv(s.env), Path: pkg.Binary, Args: calibrationArgs(u.bench, st.plan.Timeout), As: s.as}, cw)
	rec := RunRecord{Side: s.Name, Package: pkg.ImportPath, Benchmark: u.function, Duration: st.now().Sub(t0)}
	if runErr != nil {
		rec.Error = runErr.Error()
	}
	st.vg.mu.Lock()
	st.out.Runs = append(st.out.Runs, rec)
	st.vg.mu.Unlock()
	cwErr := cw.Close()
	if err := errors.Join(cwErr, lw.Close()); err != nil {
		return nil, nil, err
	}
	fail := func(err error, hint string) *BenchmarkFailedError {
		e := st.vgFailure(s, pkg, 0, fmt.Errorf("in the calibration run (-test.benchtime=%s, GOMAXPROCS=1): %w", calibrationBenchtime, err), tw.Bytes(), lw)
		if hint != "" {
			e.Hint = hint
		}
		return e
	}
	switch {
	case runErr != nil && ctx.Err() != nil:
		return nil, nil, ctx.Err()
	case runErr != nil:
		return nil, nil, fail(runErr, "")
	case lw.garbled != "":
		return nil, nil, fail(fmt.Errorf("a line that looks like a result is not one: %q", brief.Clip(lw.garbled, 200)), "")
	case !lw.pass:
		return nil, nil, fail(errors.New("the test binary exited with status 0 but did not print PASS"), "")
	case lw.duplicate != "":
		return nil, nil, fail(fmt.Errorf("%s reported two results in one process", lw.duplicate), "")
	}
	var out []calibrated
	r := benchfmt.NewReader(strings.NewReader(strings.Join(all.lines, "\n")+"\n"), "")
	for r.Scan() {
		res, ok := r.Result().(*benchfmt.Result)
		if !ok {
			continue
		}
		name := string(res.Name.Full())
		c := calibrated{name: "Benchmark" + name, function: plan.Function("Benchmark" + name)}
		if v, ok := res.Value("sec/op"); ok {
			c.nsPerOp = v * 1e9
		}
		if v, ok := res.Value("B/op"); ok {
			c.bPerOp = v
		}
		out = append(out, c)
	}
	var sks []skip
	for _, sk := range lw.skips {
		if sel.function(functionOf(sk.name)) {
			sks = append(sks, sk)
		}
	}
	return out, sks, nil
}

// allResults keeps the result lines a lineWriter accepted.
type allResults struct{ lines []string }

func (a *allResults) Write(p []byte) (int, error) {
	line := strings.TrimRight(string(p), "\r\n")
	if resultRE.MatchString(line) {
		a.lines = append(a.lines, line)
	}
	return len(p), nil
}
