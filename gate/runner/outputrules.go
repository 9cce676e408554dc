package runner

// What a benchmark process may put in its results file. The process is a
// stranger's code, and it shares standard output with the testing
// package, so only what the testing package itself prints is taken as
// what it is:
//
//   - Configuration ("key: value" lines, which benchfmt attaches to every
//     later result until they change) comes only from the header the
//     testing package prints once, right before the first benchmark: goos,
//     goarch, pkg and cpu, in that order, with pkg the package benchgate
//     ran. Every other such line ("warning: legacy mode enabled" from an
//     init function) is written as a comment, and so are unit metadata
//     lines about the testing package's own units. Each process's block
//     starts by deleting the keys the previous block set (a key with an
//     empty value), so nothing carries over between processes.
//   - A result line counts only for a benchmark the process was asked to
//     run (one its -test.bench expression makes the testing package
//     report, of a function the binary lists), and only while that
//     benchmark runs: with -test.v the testing package prints each
//     benchmark's name when it starts, and its result comes before the
//     next one starts. Any other is commented out as rejected, and so is
//     a second result of one benchmark in one process (with
//     -test.count=1 the testing package prints one).
//   - Lines that start like benchgate's own comments ("# benchgate:"),
//     block headers above all, are marked as printed by the benchmark.
//   - "--- SKIP: BenchmarkX" lines are noted with the log lines before
//     them (the reason), so that a benchmark one side skips is an error
//     rather than a benchmark that seems removed. A benchmark that skips
//     itself after its first run (b.Skip once b.N > 1) gets no SKIP line
//     but a result line of 0 iterations ("BenchmarkX-2 0 NaN ns/op"):
//     that line is a skip too, and written as a comment.
//   - A "panic: ..." line, which reads as configuration (key panic), is
//     written as a comment that says it is a crash, not counted among
//     the lines that are not configuration.
//
// Nothing here starts a process or opens a file.

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/benchgate/benchgate/gate/plan"
	"github.com/benchgate/benchgate/internal/brief"
	"golang.org/x/perf/benchunit"
)

// selection is what one benchmark process was asked to run.
type selection struct {
	// bench is the process's -test.bench expression.
	bench string
	// functions are the benchmark functions the binary lists; nil when
	// they are not known (listing failed), and then any is accepted.
	functions []string
	reports   func(name string) bool
}

func newSelection(bench string, functions []string) *selection {
	return &selection{bench: bench, functions: functions, reports: plan.ResultFilter(bench)}
}

// function reports whether the process runs the top-level benchmark
// function fn.
func (s *selection) function(fn string) bool {
	return (s.functions == nil || slices.Contains(s.functions, fn)) && plan.SelectsBenchmark(s.bench, fn)
}

// result reports whether the testing package could have printed a result
// named name for this process.
func (s *selection) result(name string) bool {
	return s.reports(name) && (s.functions == nil || slices.Contains(s.functions, plan.Function(name)))
}

// headerKeys are the configuration keys the testing package prints
// before the first benchmark, in the order it prints them.
var headerKeys = []string{"goos", "goarch", "pkg", "cpu"}

// configLine parses line as benchfmt parses a configuration line ("key:
// value": the key starts with a lower-case letter and has no spaces or
// upper-case letters). ok is false for any other line.
func configLine(line string) (key, value string, ok bool) {
	for i := 0; i < len(line); {
		r, n := utf8.DecodeRuneInString(line[i:])
		if i == 0 && !unicode.IsLower(r) {
			return "", "", false
		}
		if unicode.IsSpace(r) || unicode.IsUpper(r) {
			return "", "", false
		}
		if i > 0 && r == ':' {
			key, value = line[:i], line[i+1:]
			if value != "" && value[0] != ' ' && value[0] != '\t' {
				return "", "", false
			}
			return key, strings.TrimLeft(value, " \t"), true
		}
		i += n
	}
	return "", "", false
}

// testingUnit reports whether a unit metadata line ("Unit ns/op
// better=higher") is about one of the units the testing package reports
// itself, whose meaning no benchmark may change.
func testingUnit(line string) bool {
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "Unit" {
		return false
	}
	_, tidy := benchunit.Tidy(1, f[1])
	switch tidy {
	case "sec/op", "B/op", "allocs/op", "B/s":
		return true
	}
	return false
}

// benchgateUnit reports whether a unit metadata line is about
// instructions/op, the unit benchgate counts itself (-measure
// instructions): its metadata (assume=exact better=lower) is benchgate's
// to write.
func benchgateUnit(line string) bool {
	f := strings.Fields(line)
	return len(f) >= 2 && f[0] == "Unit" && f[1] == InstructionsUnit
}

// reportsUnit reports whether the result line line has a value in unit.
func reportsUnit(line, unit string) bool {
	f := strings.Fields(line)
	for i := 3; i < len(f); i += 2 {
		if f[i] == unit {
			return true
		}
	}
	return false
}

// header collects the testing package's header: the lines of headerKeys,
// in order, that come right before the first benchmark line.
type header struct {
	// pkg is the import path the header's pkg line must name.
	pkg string
	// pending are the candidate lines so far, keys their keys.
	pending []string
	keys    []string
	// set are the keys of the header accepted; once there is one, later
	// ones are not the testing package's.
	set  []string
	done bool
}

// add offers a configuration line with key and value; it returns the
// lines (earlier candidates) that turned out not to be the header, and
// whether line itself is kept as a candidate.
func (h *header) add(line, key, value string) (notHeader []string, kept bool) {
	i := slices.Index(headerKeys, key)
	if h.done || i < 0 || value == "" {
		return h.drop(), false
	}
	if i == 0 {
		out := h.drop()
		h.pending, h.keys = []string{line}, []string{key}
		return out, true
	}
	if len(h.keys) == 0 || slices.Index(headerKeys, h.keys[len(h.keys)-1]) >= i {
		return h.drop(), false
	}
	if key == "pkg" && h.pkg != "" && value != h.pkg {
		return h.drop(), false
	}
	h.pending, h.keys = append(h.pending, line), append(h.keys, key)
	return nil, true
}

// drop returns the candidates, which are not the header.
func (h *header) drop() []string {
	out := h.pending
	h.pending, h.keys = nil, nil
	return out
}

// benchmark is called at a benchmark line: if the candidates are a whole
// header, they are accepted and returned as header, else returned as
// notHeader.
func (h *header) benchmark() (hdr, notHeader []string) {
	if h.done {
		return nil, nil
	}
	if slices.Contains(h.keys, "goos") && slices.Contains(h.keys, "goarch") && (h.pkg == "" || slices.Contains(h.keys, "pkg")) {
		h.done, h.set = true, h.keys
		hdr = h.pending
		h.pending, h.keys = nil, nil
		return hdr, nil
	}
	return nil, h.drop()
}

// skip is a benchmark the process skipped.
type skip struct {
	// name is the benchmark as the SKIP line names it, without a
	// GOMAXPROCS suffix: "BenchmarkX" or "BenchmarkX/sub".
	name string
	// reason is what the benchmark logged before it skipped.
	reason string
}

// skipReasonLines is how many log lines of a skip are kept as its reason.
const skipReasonLines = 3

// skipName is the benchmark a "--- SKIP: " line names, or "".
func skipName(line string) string {
	rest, ok := strings.CutPrefix(line, "--- SKIP: ")
	if !ok || !strings.HasPrefix(rest, "Benchmark") {
		return ""
	}
	name, _, _ := strings.Cut(rest, " ")
	return name
}

// reasonOf makes a skip's reason from the log lines before it.
func reasonOf(logged []string) string {
	var parts []string
	for _, l := range logged {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, brief.Clip(l, 200))
		}
	}
	if len(parts) == 0 {
		return "no reason given"
	}
	return strings.Join(parts, "; ")
}

// covers reports whether the skip of benchmark skipped covers the result
// named name (its own, or a sub-benchmark's).
func covers(skipped, name string) bool {
	for _, n := range []string{name, stripProcs(name)} {
		if n == skipped || strings.HasPrefix(n, skipped+"/") {
			return true
		}
	}
	return false
}

// startedAs reports whether the result named name belongs to the
// benchmark whose start (-test.v) was printed last.
func startedAs(started, name string) bool {
	return started != "" && (started == name || started == stripProcs(name))
}

func stripProcs(name string) string {
	s, _ := plan.SplitProcs(name)
	return s
}

// Comments that replace what a process printed but may not say.
const (
	notConfigComment  = "# benchgate: not configuration (printed by the benchmark): "
	notUnitComment    = "# benchgate: not unit metadata for a unit of the testing package (printed by the benchmark): "
	notOwnUnitComment = "# benchgate: not unit metadata for instructions/op, the unit benchgate counts (printed by the benchmark): "
	rejectedComment   = "# benchgate: rejected result (the process was not asked to run this benchmark): "
	notRunningComment = "# benchgate: rejected result (printed while another benchmark ran): "
	duplicateComment  = "# benchgate: rejected result (a second result of this benchmark in one process): "
	printedComment    = "# benchgate: printed by the benchmark: "
	crashComment      = "# benchgate: a crash (printed by the benchmark's process): "
	lateSkipComment   = "# benchgate: not a result (the benchmark skipped itself after it had started running): "
)
