package runner

// Reading a benchmark process's output, as go test prints it: which lines
// are results, which benchmark was running when it failed, and the lines to
// show for it. Nothing here starts a process or opens a file.

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/internal/brief"
)

// resultName is the benchmark name a result line starts with.
func resultName(line string) string {
	name, _, _ := strings.Cut(line, " ")
	name, _, _ = strings.Cut(name, "\t")
	return name
}

// failReported reports whether the output says why the run failed: a
// FAIL line or a panic.
func failReported(out []byte) bool {
	return bytes.Contains(out, []byte("--- FAIL")) || bytes.Contains(out, []byte("panic: ")) || bytes.Contains(out, []byte("fatal error: "))
}

var (
	failRE    = regexp.MustCompile(`--- FAIL: (Benchmark\S*)`)
	timeoutRE = regexp.MustCompile(`(?m)^\s+(Benchmark\S*) \(`)
	benchRE   = regexp.MustCompile(`(?m)^(Benchmark\S*)`)
	// resultRE matches a complete result line: name, iterations, and at
	// least one finite number with its unit.
	resultRE = regexp.MustCompile(`^(Benchmark\S*)\s+\d+\s+[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s+\S+`)
	// procsRE is the -GOMAXPROCS suffix of a result's name.
	procsRE = regexp.MustCompile(`-\d+$`)
	// frameRE is a benchmark function in a goroutine trace.
	frameRE = regexp.MustCompile(`(?m)^\S+\.(Benchmark\w*)\(`)
)

// failingBenchmark tells from a failed run's output which benchmark failed;
// see locateFailure.
func failingBenchmark(out []byte) string {
	running, _ := locateFailure(out)
	return running
}

// locateFailure tells from a failed run's output which benchmark was
// running: the one reported as FAIL; else the one that started (with
// -test.v, its name alone on a line) and printed no result; else one
// named by a timeout panic or a goroutine trace; else the last benchmark
// line that is not a complete result. Where none was running, it returns
// the last benchmark that completed as after.
func locateFailure(out []byte) (running, after string) {
	if m := failRE.FindAllSubmatch(out, -1); len(m) > 0 {
		return string(m[len(m)-1][1]), ""
	}
	var started []string // started and not finished, in order
	lastIncomplete := ""
	for _, l := range strings.Split(string(out), "\n") {
		l = strings.TrimRight(l, "\r")
		if !strings.HasPrefix(l, "Benchmark") {
			continue
		}
		if !strings.ContainsAny(l, " \t") {
			started = append(started, l)
			continue
		}
		m := resultRE.FindStringSubmatch(l)
		if m == nil {
			lastIncomplete = resultName(l)
			continue
		}
		lastIncomplete = ""
		name := m[1]
		after = name
		base := procsRE.ReplaceAllString(name, "")
		for i := len(started) - 1; i >= 0; i-- {
			if started[i] == name || started[i] == base {
				started = append(started[:i], started[i+1:]...)
				break
			}
		}
	}
	switch {
	case lastIncomplete != "":
		// With -test.v the name alone came first; a panic's output can
		// follow the result line's name, with its -N suffix, or come
		// before it, a race between the two. Name it the same either way.
		if n := len(started); n > 0 && procsRE.ReplaceAllString(lastIncomplete, "") == started[n-1] {
			return started[n-1], ""
		}
		return lastIncomplete, ""
	case len(started) > 0:
		return started[len(started)-1], ""
	}
	for _, re := range []*regexp.Regexp{timeoutRE, frameRE} {
		if m := re.FindAllSubmatch(out, -1); len(m) > 0 {
			return string(m[len(m)-1][1]), ""
		}
	}
	if after == "" {
		if m := benchRE.FindAllSubmatch(out, -1); len(m) > 0 {
			return string(m[len(m)-1][1]), ""
		}
	}
	return "", after
}

// tail returns the last n lines of b.
func tail(b []byte, n int) string {
	s := strings.TrimRight(strings.ToValidUTF8(string(b), "\uFFFD"), "\n")
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// tailWriter keeps the last max bytes written to it.
type tailWriter struct {
	buf []byte
	max int
}

func (t *tailWriter) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailWriter) Bytes() []byte {
	if len(t.buf) > t.max {
		return t.buf[len(t.buf)-t.max:]
	}
	return t.buf
}

// MinMaxOutput is the least a process may be allowed to print (the
// front ends' max-output): the go command's package lists and build
// errors, and a benchmark binary's header, results and logs, fit in it,
// so that a smaller limit kills processes that print what they normally
// print.
const MinMaxOutput int64 = 1 << 20

// maxLine is the longest line of benchmark output kept in a results file:
// the longest compare reads, so that every line written can be read back.
// A benchmark that prints a longer one must not spoil the file.
const maxLine = compare.MaxLine

// lineWriter writes whole lines to w. A line longer than max is replaced
// by a comment saying so; a last line without a newline gets one on
// Close. On the way it reads the output as go test would print it and
// applies the rules of outputrules.go: it counts the results the process
// was asked for and comments out the lines it may not print (see there),
// notes the first result line that is garbled, the benchmarks that
// skipped, and whether the binary printed PASS.
type lineWriter struct {
	w    io.Writer
	max  int
	buf  []byte
	over int // bytes of the current line beyond buf, when it is too long
	err  error
	// commented counts the lines written as comments, leftOut those past
	// maxCommentLines that were not.
	commented, leftOut int

	// sel is what the process was asked to run; nil accepts any result.
	sel *selection
	hdr header

	results int
	// names are the accepted results' names, in order.
	names []string
	seen  map[string]bool
	// duplicate is the first result name printed twice.
	duplicate string
	// rejected counts result lines of benchmarks the process was not
	// asked to run; firstRejected is the first of them.
	rejected      int
	firstRejected string
	// notConfig counts lines written as comments because they would
	// have set configuration or unit metadata; firstNotConfig is the
	// first.
	notConfig      int
	firstNotConfig string
	skips          []skip
	// logged are the log lines (indented) since the last benchmark
	// started: a skip's reason.
	logged []string

	// garbled is the first line that starts like a result (a benchmark
	// name, then blanks) but is not one: output printed while the
	// benchmark ran, or a crash, cut it.
	garbled string
	// garbledIn is the benchmark that had started (by its -test.v line)
	// when garbled was printed.
	garbledIn string
	started   string
	pass      bool
	// benchtime is the process's -test.benchtime as a duration, 0 where
	// it is a count or the time is not checked; underTime are the
	// accepted results whose time is below it (selftimed.go), by name.
	benchtime time.Duration
	underTime map[string]SelfTimed
	// timed is what the accepted results say their benchmarks' timers
	// measured, iterations × ns/op summed (resultTiming.work).
	timed time.Duration
	// reserved, if set, is a unit the process may not report (the
	// unit benchgate counts itself, when it does); reservedIn is the
	// first accepted result that reported it.
	reserved, reservedIn string
	// suffixes are the -N suffixes the testing package gives the
	// results of a process run with -test.cpu (its values above 1), and
	// anyProcs that the list holds 1, which gives none; procsOff is the
	// first accepted result whose name ends otherwise: the code under test
	// changed -test.cpu (or printed the line itself). expectProcs sets
	// them; none are checked without it.
	suffixes []string
	anyProcs bool
	procsOff string
	// benchmem says the process ran with -test.benchmem, under which the
	// testing package reports B/op and allocs/op for every benchmark;
	// memOff is the first accepted result without them: the code under
	// test turned the flag off.
	benchmem bool
	memOff   string
	// recent are the last lines, and crash the lines from just before
	// the first panic or fatal error on (see excerpt).
	recent    []string
	crash     []string
	crashMore int
}

// newLineWriter is a lineWriter for the output of a process of package
// pkg (import path) that was asked to run sel.
func newLineWriter(w io.Writer, pkg string, sel *selection) *lineWriter {
	return &lineWriter{w: w, max: maxLine, sel: sel, hdr: header{pkg: pkg}}
}

// expectProcs has the writer check that every result is named as the
// testing package names it at -test.cpu=list.
func (l *lineWriter) expectProcs(list string) {
	l.suffixes, l.anyProcs = nil, false
	for _, v := range strings.Split(list, ",") {
		if v == "1" {
			l.anyProcs = true
		} else {
			l.suffixes = append(l.suffixes, "-"+v)
		}
	}
}

// namedAtProcs reports whether name ends as the testing package ends a
// result's name at one of the -test.cpu values the process ran with.
func (l *lineWriter) namedAtProcs(name string) bool {
	if l.anyProcs || l.suffixes == nil {
		return true
	}
	for _, s := range l.suffixes {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// resetConfig writes a configuration line with an empty value for each
// key, which deletes it: benchfmt keeps configuration across processes
// and files' blocks until it changes.
func (l *lineWriter) resetConfig(keys []string) error {
	for _, k := range keys {
		if l.err == nil {
			_, l.err = fmt.Fprintf(l.w, "%s:\n", k)
		}
	}
	return l.err
}

// configKeys are the configuration keys the process's header set.
func (l *lineWriter) configKeys() []string { return l.hdr.set }

// crashLines is how many lines of a crash lineWriter keeps.
const crashLines = 20

func isCrashLine(l string) bool {
	return strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") || strings.Contains(l, "\tpanic: ")
}

// keep records line l for crash.
func (l *lineWriter) keep(line string) {
	switch {
	case l.crash != nil:
		if len(l.crash) < crashLines {
			l.crash = append(l.crash, line)
		} else {
			l.crashMore++
		}
		return
	case isCrashLine(line):
		l.crash = append(append([]string{}, l.recent...), line)
		return
	}
	l.recent = append(l.recent, line)
	if len(l.recent) > 3 {
		l.recent = l.recent[1:]
	}
}

func (l *lineWriter) Write(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		chunk := p
		if i >= 0 {
			chunk = p[:i]
		}
		if l.over == 0 && len(l.buf)+len(chunk) <= l.max {
			l.buf = append(l.buf, chunk...)
		} else {
			l.over += len(chunk)
		}
		if i < 0 {
			break
		}
		l.flush()
		p = p[i+1:]
	}
	return n, l.err
}

// flush writes the current line, or what stands for it.
func (l *lineWriter) flush() {
	defer func() { l.buf, l.over = l.buf[:0], 0 }()
	if l.err != nil {
		return
	}
	if l.over > 0 {
		l.comments(l.hdr.drop(), notConfigComment)
		if l.err == nil {
			_, l.err = fmt.Fprintf(l.w, "# benchgate: a line of output of %d bytes was left out (longer than %d)\n", len(l.buf)+l.over, l.max)
		}
		return
	}
	raw := string(l.buf)
	line := strings.TrimRight(raw, "\r")
	l.keep(strings.ToValidUTF8(line, "\uFFFD"))
	if strings.HasPrefix(line, "panic: ") {
		// "panic: boom" reads as a configuration line (key panic), so
		// it may not stay what it is; but it is a crash, which the
		// run's error names, not configuration that a benchmark
		// printed.
		l.comments(l.hdr.drop(), notConfigComment)
		l.comments([]string{raw}, crashComment)
		return
	}
	if key, value, ok := configLine(line); ok {
		drop, kept := l.hdr.add(raw, key, value)
		l.comments(drop, notConfigComment)
		if !kept {
			l.comments([]string{raw}, notConfigComment)
		}
		return
	}
	if strings.HasPrefix(line, "Benchmark") {
		hdr, drop := l.hdr.benchmark()
		l.comments(drop, notConfigComment)
		for _, h := range hdr {
			l.write(h)
		}
		l.benchmarkLine(raw, line)
		return
	}
	l.comments(l.hdr.drop(), notConfigComment)
	switch {
	case strings.HasPrefix(line, "# benchgate:"):
		// Only benchgate writes its comments, block headers above all.
		l.comments([]string{raw}, printedComment)
		return
	case workflowCommand(line):
		// A later step that prints the file (cat .benchgate/head.txt)
		// would have the runner take it as a command of its own
		// (::set-output, ::add-mask::, ::stop-commands::).
		l.comments([]string{raw}, printedComment)
		return
	case testingUnit(line):
		l.comments([]string{raw}, notUnitComment)
		return
	case benchgateUnit(line):
		l.comments([]string{raw}, notOwnUnitComment)
		return
	case skipName(line) != "":
		l.skips = append(l.skips, skip{name: skipName(line), reason: reasonOf(l.logged)})
	case strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t"):
		if len(l.logged) < skipReasonLines {
			l.logged = append(l.logged, line)
		}
	case line == "PASS":
		l.pass = true
	}
	l.write(raw)
}

// benchmarkLine handles a line that starts with "Benchmark": a result, a
// garbled result, or (with -test.v) a benchmark's name as it starts.
func (l *lineWriter) benchmarkLine(raw, line string) {
	switch {
	case l.skippedLate(line):
		name := resultName(line)
		l.skips = append(l.skips, skip{name: stripProcs(name), reason: "it skipped itself after it had started running, with b.N above 1: " + reasonOf(l.logged)})
		l.comments([]string{raw}, lateSkipComment)
		return
	case resultRE.MatchString(line):
		name := resultName(line)
		why := ""
		switch {
		case l.sel != nil && !l.sel.result(name):
			why = rejectedComment
		case l.sel != nil && !startedAs(l.started, name):
			why = notRunningComment
		}
		switch {
		case why != "":
			l.rejected++
			if l.firstRejected == "" {
				l.firstRejected = brief.Clip(strings.ToValidUTF8(line, "\uFFFD"), 200)
			}
			l.comments([]string{raw}, why)
			return
		case l.seen[name]:
			if l.duplicate == "" {
				l.duplicate = name
			}
			l.comments([]string{raw}, duplicateComment)
			return
		}
		if l.seen == nil {
			l.seen = map[string]bool{}
		}
		l.seen[name] = true
		l.names = append(l.names, name)
		l.results++
		if l.reserved != "" && l.reservedIn == "" && reportsUnit(line, l.reserved) {
			l.reservedIn = name
		}
		if l.procsOff == "" && !l.namedAtProcs(name) {
			l.procsOff = name
		}
		if l.benchmem && l.memOff == "" && !(reportsUnit(line, "B/op") && reportsUnit(line, "allocs/op")) {
			l.memOff = name
		}
		if t, ok := parseTiming(strings.Fields(line)); ok {
			l.timed += t.work()
			if t.underBenchtime(l.benchtime) {
				if l.underTime == nil {
					l.underTime = map[string]SelfTimed{}
				}
				l.underTime[name] = SelfTimed{Name: name, Iterations: t.iters, NsPerOp: t.ns, Benchtime: l.benchtime}
			}
		}
	case strings.ContainsAny(line, " \t"):
		if l.garbled == "" {
			l.garbled, l.garbledIn = line, l.started
		}
	default:
		l.started = line
		l.logged = l.logged[:0]
	}
	l.write(raw)
}

// skippedLate reports whether line is what the testing package prints for
// a benchmark that called b.Skip after its first run (b.N above 1): it
// had started measuring, so the testing package prints a result line
// anyway, of 0 iterations ("BenchmarkX-2  0  NaN ns/op"; older
// toolchains print 0 ns/op), and no SKIP line. It is no measurement, and
// the benchmark is a skipped one. Only the benchmark that is running
// (by its -test.v line) can be skipped so; another such line is left to
// the rules for results.
func (l *lineWriter) skippedLate(line string) bool {
	f := strings.Fields(line)
	if len(f) < 4 || f[1] != "0" || !strings.HasPrefix(f[0], "Benchmark") {
		return false
	}
	name := f[0]
	return l.sel == nil || (l.sel.result(name) && startedAs(l.started, name))
}

// write writes one line as it was printed.
func (l *lineWriter) write(raw string) {
	if l.err == nil {
		_, l.err = io.WriteString(l.w, raw+"\n")
	}
}

// comments writes lines as comments behind prefix, cut so that the
// comment is no longer than a line may be.
func (l *lineWriter) comments(lines []string, prefix string) {
	for _, raw := range lines {
		if prefix == notConfigComment || prefix == notUnitComment || prefix == notOwnUnitComment {
			l.notConfig++
			if l.firstNotConfig == "" {
				l.firstNotConfig = brief.Clip(strings.ToValidUTF8(strings.TrimRight(raw, "\r"), "\uFFFD"), 200)
			}
		}
		if l.commented >= maxCommentLines {
			// A process that prints such lines in a loop would otherwise
			// fill the results file with them, past its output cap.
			l.leftOut++
			continue
		}
		l.commented++
		l.write(prefix + brief.Clip(raw, max(l.max-len(prefix)-len("…"), 0)))
	}
}

// maxCommentLines is how many lines of one process's output are kept as
// comments (rejected results, lines that are not configuration); the rest
// are counted.
const maxCommentLines = 100

// Close writes an unfinished last line.
func (l *lineWriter) Close() error {
	if len(l.buf) > 0 || l.over > 0 {
		l.flush()
	}
	l.comments(l.hdr.drop(), notConfigComment)
	if l.leftOut > 0 && l.err == nil {
		_, l.err = fmt.Fprintf(l.w, "# benchgate: %d more lines like the comments above were left out\n", l.leftOut)
	}
	return l.err
}

// benchFuncRE matches a benchmark function's name as -test.list prints
// it: anything else on standard output (a TestMain's) is not one.
var benchFuncRE = regexp.MustCompile(`^Benchmark[\p{L}\p{N}_]*$`)

// testFuncRE matches any name -test.list=. prints: tests, benchmarks,
// fuzz targets and examples.
var testFuncRE = regexp.MustCompile(`^(Test|Benchmark|Fuzz|Example)[\p{L}\p{N}_]*$`)

// listedBenchmarks reads what a test binary printed for -test.list=.: the
// benchmark functions that bench (the plan's -bench) selects, in the
// binary's order, and how many names it listed at all (tests, benchmarks,
// fuzz targets and examples).
func listedBenchmarks(out []byte, bench string) (selected []string, listed int) {
	for _, l := range strings.Split(string(out), "\n") {
		l = strings.TrimSpace(l)
		if testFuncRE.MatchString(l) {
			listed++
		}
		if benchFuncRE.MatchString(l) && plan.SelectsBenchmark(bench, l) {
			selected = append(selected, l)
		}
	}
	return selected, listed
}

// workflowCommand reports whether line, printed by a step, would be read
// by the GitHub Actions runner as a workflow command: "::name ...::" or
// the older "##[name]", after leading space.
func workflowCommand(line string) bool {
	t := strings.TrimLeft(line, " \t")
	return strings.HasPrefix(t, "::") || strings.HasPrefix(t, "##[")
}
