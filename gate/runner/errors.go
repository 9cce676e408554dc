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
	switch {
	case e.Stage == "build" && e.Package == "":
		// A failure of the side as a whole (its -pgo profile), before
		// any package was built.
		fmt.Fprintf(&b, "building %s benchmarks: %v", e.Side, e.Err)
	case e.Stage == "build":
		fmt.Fprintf(&b, "building %s benchmarks for %s: %v", e.Side, e.Package, e.Err)
	case e.Stage == "run":
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
	// Each part after the first line is a line of its own; the first
	// line ends here, and the output's tail, where there is one, ends
	// with a newline itself.
	b.WriteString("\n")
	if t := strings.TrimSpace(e.Tail); t != "" {
		b.WriteString("  last lines of output:\n")
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

// ResultsFileError says a results file is not what this run wrote to it:
// it was deleted, replaced, cut short, or written to by someone else (a
// second run in the same directory, a cleanup step, the benchmarks
// themselves). What it holds can then not be compared as this run's
// measurements, and the run fails; it maps to exit code 3, like a
// [BenchmarkFailedError].
type ResultsFileError struct {
	// Side is the side whose file it is; File the file.
	Side string
	File string
	// Problem says what happened to the file ("was deleted", "shrank
	// from 1200 to 600 bytes", "holds a block of side=head (line 9)").
	Problem string
	// Blocks, Results and Size are what this run had written to the file
	// (process outputs, result lines, bytes), and Rounds the rounds of
	// those blocks ("1-3"): what is lost, or at stake.
	Blocks, Results int
	Size            int64
	Rounds          string
	// Lost reports that what this run wrote is gone, rather than mixed
	// with what it did not write.
	Lost bool
}

// Error renders the problem in command-line words.
func (e *ResultsFileError) Error() string { return usage.Flags.Render(e.text()) }

// Render renders the problem in the words of st.
func (e *ResultsFileError) Render(st usage.Style) string { return st.Render(e.text()) }

func (e *ResultsFileError) text() string {
	what := fmt.Sprintf("the %d blocks this run wrote to it (%s, %d result lines, %d bytes)", e.Blocks, roundsText(e.Rounds), e.Results, e.Size)
	if e.Blocks == 1 {
		what = fmt.Sprintf("the block this run wrote to it (%s, %d result lines, %d bytes)", roundsText(e.Rounds), e.Results, e.Size)
	}
	verdict := "cannot be told from what others wrote"
	if e.Lost {
		verdict = "are lost"
		if e.Blocks == 1 {
			verdict = "is lost"
		}
	}
	return fmt.Sprintf("the %s results file %s %s during the run: %s %s\nhint: nothing else may write to, move or delete the files in {out} while benchgate runs (a second run on the same directory, a cleanup step, the benchmarks themselves); run again",
		e.Side, e.File, e.Problem, what, verdict)
}

func roundsText(r string) string {
	if strings.Contains(r, "-") {
		return "rounds " + r
	}
	return "round " + r
}
