package runner

// One valgrind process of the instruction rounds, whichever way it
// counts (valgrind_rounds.go, inprocess_rounds.go): run within its
// timeout and output cap, its output read with a benchmark process's
// rules, its record kept.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/benchgate/benchgate/internal/brief"
	"golang.org/x/perf/benchfmt"
)

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
	run := st.runCapped(ctx, cmd, io.MultiWriter(p.lw, p.tw), timeout)
	runErr := run.err
	p.d = run.d
	closeErr := p.lw.Close()
	failed := func(err error, hint string) (*valgrindOutput, error) {
		rec.Error = err.Error()
		st.record(*rec, p.d)
		return nil, fail(err, hint, p.tw.Bytes(), p.lw)
	}
	if err := errors.Join(run.flushErr, closeErr); err != nil {
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
		case run.cut:
			return failed(run.cutError(), run.countedCutHint())
		case run.timedOut:
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
