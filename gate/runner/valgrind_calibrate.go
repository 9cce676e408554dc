package runner

// The calibration of the instruction rounds: every side runs each
// benchmark function once outside valgrind, briefly, which names its
// benchmarks and says how long an op takes; the targets, their way of
// counting and their iteration counts come from it (valgrind_rounds.go
// counts them).

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/internal/brief"
	"golang.org/x/perf/benchfmt"
)

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

// calibrateOne runs the calibration of unit u of side s's binary of pkg:
// the benchmarks it reported, with their time and bytes per op, and the
// ones it skipped.
func (st *runState) calibrateOne(ctx context.Context, s *SideResult, pkg *Package, u unit) ([]calibrated, []skip, error) {
	sel := st.selection(pkg, u.bench)
	all := &allResults{}
	lw := newLineWriter(all, pkg.ImportPath, sel)
	tw := &tailWriter{max: 64 << 10}
	run := st.runCapped(ctx, Cmd{Dir: pkg.Dir, Env: calibrationEnv(s.env), Path: pkg.Binary, Args: calibrationArgs(u.bench, st.plan.Timeout), As: s.as}, io.MultiWriter(lw, tw), st.plan.Timeout)
	runErr := run.err
	rec := RunRecord{Side: s.Name, Package: pkg.ImportPath, Benchmark: u.function, Duration: run.d}
	if runErr != nil {
		rec.Error = runErr.Error()
	}
	st.vg.mu.Lock()
	st.out.Runs = append(st.out.Runs, rec)
	st.vg.mu.Unlock()
	if err := errors.Join(run.flushErr, lw.Close()); err != nil {
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
	case run.cut:
		return nil, nil, fail(run.cutError(), run.countedCutHint())
	case run.timedOut:
		return nil, nil, fail(run.timeoutError(),
			fmt.Sprintf("one timed run of the benchmarks took longer than {timeout} %s; if it hangs, the output above shows where, else raise {timeout}", st.plan.Timeout))
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
