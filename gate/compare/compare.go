// Package compare is the compare stage of benchgate's pipeline: it reads
// benchmark results for two sides (base and head) and turns them into a list
// of per-benchmark, per-unit comparisons.
//
// # Reading
//
// Input is anything in the Go benchmark format (see
// golang.org/x/perf/benchfmt): the files that "benchgate run" writes, shard
// outputs, or plain "go test -bench" output. [Read] reads it from streams,
// each an [Input] that belongs to one side. Files are one kind of input
// ([FileInput]; [Load] reads lists of them, as [ExpandPaths] makes them from
// the files, directories and globs a user gives), text already in memory
// another ([TextInput]). Each side may have several inputs; they are
// merged. Inputs are streamed, so memory grows with the number of distinct
// benchmarks, not with the size of the input: lines longer than [MaxLine]
// bytes (32 KiB) are skipped rather than buffered, and at most [MaxSamples]
// samples are kept per benchmark, unit and side.
//
// # Bad input
//
// The input may come from a stranger's pull request, so nothing in it is
// trusted. Lines that look like results but do not parse, and values that
// parse but cannot be measurements (NaN, ±Inf, a negative time, size,
// count or rate), are skipped and listed in [Result.SyntaxErrors]; they
// never reach the statistics. A row whose values on one side were all
// invalid is kept with an empty [Estimate] (N = 0), so that it is
// undecided rather than mistaken for a removed benchmark. A benchmark
// that both sides have, but in different units or configurations, is
// named in [Result.Notes].
//
// # Grouping
//
// Results are grouped the way benchstat groups them by default: into tables
// by file-level configuration (goos, goarch, pkg, cpu, ...) and unit, and
// into rows by the benchmark's full name. The difference is that the column
// is the side, not the file, and that configuration keys which merely name a
// side (note, toolchain, commit, and the other keys in [DefaultIgnore]) are
// ignored, so that they cannot split base from head. A benchmark that one
// side alone has under a -GOMAXPROCS suffix ("A-2") and the other side
// alone under another ("A": GOMAXPROCS 1, set by an init function or
// automaxprocs) is one row, named as base names it, with a note.
//
// # Statistics
//
// Every row gets a golang.org/x/perf/benchmath summary per side (median and
// confidence interval under the unit's assumption, AssumeNothing unless the
// unit's metadata says assume=exact) and, where both sides have data, a
// benchmath comparison (the Mann-Whitney U-test). This is exactly what
// benchstat computes, so deltas and p-values agree with it on the same data.
// Deciding what a comparison means is left to package decide.
package compare

import (
	"fmt"

	"github.com/benchgate/benchgate/gate/usage"
	"github.com/benchgate/benchgate/internal/brief"
)

// DefaultIgnore lists file-level configuration keys that name a side rather
// than describe the machine or package. They are ignored when grouping, so a
// file with "toolchain: go1.20" still compares with one that says
// "toolchain: go1.19".
var DefaultIgnore = []string{
	"note", "toolchain", "commit", "commit-time", "branch", "ref", "tag",
	"go", "goversion", "go-version", "version", "label", "side", "round",
	"date", "run", "runid", "run-id", "host", "hostname", "benchgate-side",
}

// Options configure Read and Load.
type Options struct {
	// Confidence is the confidence level of the summaries' intervals,
	// e.g. 0.95. Zero means DefaultOptions.Confidence.
	Confidence float64
	// Alpha is the significance level handed to benchmath. It does not
	// change p-values; it only controls benchmath's warnings. Zero means
	// DefaultOptions.Alpha.
	Alpha float64
	// Ignore lists extra file-level configuration keys to ignore when
	// grouping, in addition to DefaultIgnore.
	Ignore []string
	// Filter is a benchproc filter expression (benchstat's -filter).
	// Empty means everything.
	Filter string
}

// DefaultOptions are the options benchstat uses by default.
var DefaultOptions = Options{Confidence: 0.95, Alpha: 0.05}

// withDefaults fills in the zero fields that have a default.
func (o Options) withDefaults() Options {
	if o.Confidence == 0 {
		o.Confidence = DefaultOptions.Confidence
	}
	if o.Alpha == 0 {
		o.Alpha = DefaultOptions.Alpha
	}
	return o
}

// Side names a side of a comparison.
type Side string

// The two sides that every comparison has.
const (
	Base Side = "base"
	Head Side = "head"
)

// MaxSamples is the most samples used per benchmark, unit and side. Any
// more are counted and noted but not kept, so that memory stays bounded
// however long the input is: the U-test gains nothing from more, and
// benchgate's own files hold one sample per round.
const MaxSamples = 10000

const (
	// maxProblems bounds how many malformed lines are listed one by one.
	maxProblems = 50
	// MaxLine is the longest line read, in bytes. benchfmt reads lines
	// with a bufio.Scanner, whose 64 KiB limit would end the whole file at
	// the first longer line (a benchmark that prints a blob, a binary
	// dump); longer lines are dropped instead, and listed in
	// [Result.SyntaxErrors] if they were benchmark lines.
	MaxLine = 32 << 10
)

// InputError reports a problem with the inputs themselves: a missing file,
// an empty glob, or no benchmark results at all. It is a usage error.
type InputError struct {
	// Side is the side whose input is wrong, or what else is ("filter",
	// "ignore").
	Side Side
	// Msg says what is wrong.
	Msg string
	// Hint, if not empty, says what to do about it.
	Hint string
}

// Error renders the problem in command-line words.
func (e *InputError) Error() string { return e.Render(usage.Flags) }

// Render renders the problem in the words of st.
func (e *InputError) Render(st usage.Style) string {
	s := fmt.Sprintf("%s: %s", e.Side, e.Msg)
	if e.Side == Base || e.Side == Head {
		s = fmt.Sprintf("{%s-files}: %s", e.Side, e.Msg) // BASE, or input compare-base
	}
	if e.Hint != "" {
		s += "\nhint: " + e.Hint
	}
	return st.Render(s)
}

// Read reads the inputs in order and computes the comparisons. Each input
// is opened when its turn comes and closed once read. An input that cannot
// be opened or read ends Read with an *InputError that names it; malformed
// lines are not errors but are listed in [Result.SyntaxErrors].
func Read(inputs []Input, opts Options) (*Result, error) {
	opts = opts.withDefaults()
	proj, err := newProjections(opts)
	if err != nil {
		return nil, err
	}
	res := &Result{
		Confidence: opts.Confidence,
		Alpha:      opts.Alpha,
		Files:      map[Side][]string{Base: nil, Head: nil},
	}
	for _, in := range inputs {
		if in.Side != Base && in.Side != Head {
			return nil, fmt.Errorf("compare: input %q is for side %q, want %q or %q", in.Name, in.Side, Base, Head)
		}
		if in.Open == nil {
			return nil, fmt.Errorf("compare: input %q has no Open function", in.Name)
		}
		res.Files[in.Side] = append(res.Files[in.Side], in.Name)
	}

	r := newReader(proj)
	r.filtering = opts.Filter != ""
	for _, in := range inputs {
		if err := r.read(in); err != nil {
			return nil, err
		}
	}
	if err := r.checkPooled(); err != nil {
		return nil, err
	}
	res.Results, res.FilteredOut, res.Filter = r.results, r.filtered, opts.Filter
	res.SyntaxErrors = r.problems.list()
	res.Failures = r.failures
	res.Notes = mergeProcs(r.model)
	res.Notes = append(res.Notes, mismatchNotes(r.model, proj.unit)...)
	s := newSummariser(opts, r.units())
	res.Comparisons = s.summarise(r.model, proj.unit)
	res.FilteredUnits = NotCompared(r.droppedUnits, res.Comparisons)
	res.Notes = append(res.Notes, s.notes...)
	if len(r.jsonInputs) > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%s: go test -json output, read as the text of its output events",
			brief.List(r.jsonInputs, 5)))
	}
	return res, nil
}
