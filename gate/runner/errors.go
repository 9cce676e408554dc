package runner

import (
	"errors"
	"fmt"
	"strings"

	"github.com/benchgate/benchgate/gate/usage"
)

// BenchmarkFailedError says benchmarks could not be built or run. It maps
// to exit code 3. Everything measured before the failure is in Files.
type BenchmarkFailedError struct {
	// Stage is "setup", "build" or "run".
	Stage string
	// Side is the side's name.
	Side string
	// Package is the import path, where known.
	Package string
	// Round is the 1-based round for Stage "run".
	Round int
	// Benchmark is the benchmark that was running, where it can be told
	// from the output.
	Benchmark string
	// After is, where Benchmark is unknown, the last benchmark that
	// completed before the failure.
	After string
	// Tail is the last lines of the command's output.
	Tail string
	// Hint says what to do, where the output alone may not.
	Hint string
	// Err is the underlying error (an exit status, a timeout).
	Err error
	// Files are the results files, with whatever was measured.
	Files []string
	// Results counts the result lines in each of Files.
	Results []int
}

// Error renders the failure in command-line words.
func (e *BenchmarkFailedError) Error() string { return usage.Flags.Render(e.text()) }

// Render renders the failure in the words of st (the flags or the
// Action's inputs it names, such as the timeout).
func (e *BenchmarkFailedError) Render(st usage.Style) string { return st.Render(e.text()) }

func (e *BenchmarkFailedError) text() string {
	var b strings.Builder
	switch e.Stage {
	case "build":
		fmt.Fprintf(&b, "building %s benchmarks for %s: %v", e.Side, e.Package, e.Err)
	case "run":
		fmt.Fprintf(&b, "running %s benchmarks for %s (round %d)", e.Side, e.Package, e.Round)
		switch {
		case e.Benchmark != "":
			fmt.Fprintf(&b, " failed in %s", e.Benchmark)
		case e.After != "":
			fmt.Fprintf(&b, " failed after %s completed", e.After)
		}
		fmt.Fprintf(&b, ": %v", e.Err)
	default:
		fmt.Fprintf(&b, "preparing %s: %v", e.Side, e.Err)
	}
	if t := strings.TrimSpace(e.Tail); t != "" {
		b.WriteString("\n  last lines of output:\n")
		for _, l := range strings.Split(t, "\n") {
			b.WriteString("    " + l + "\n")
		}
	}
	if len(e.Files) > 0 {
		files := make([]string, len(e.Files))
		for i, f := range e.Files {
			files[i] = f
			if i < len(e.Results) {
				files[i] += fmt.Sprintf(" (%d result lines)", e.Results[i])
			}
		}
		fmt.Fprintf(&b, "  results measured so far are kept in %s\n", strings.Join(files, ", "))
	}
	if e.Hint != "" {
		fmt.Fprintf(&b, "hint: %s", e.Hint)
	}
	return strings.TrimRight(b.String(), "\n")
}

func (e *BenchmarkFailedError) Unwrap() error { return e.Err }

// ErrNoBenchmarks means the packages have no test files, or -bench matched
// no benchmark.
var ErrNoBenchmarks = errors.New("no benchmarks")
