package runner

// Times the testing package cannot have measured. With -test.benchtime=d
// (a duration) the testing package stops a benchmark only once its timer
// has run for d (b.N's ramp, and b.Loop's, both stop at elapsed ≥ d,
// short of 1e9 iterations), and prints that time divided by b.N as
// ns/op. So iterations × ns/op is at least d for every time the testing
// package measured. A result below that carries a time the benchmark
// reported itself, b.ReportMetric(v, "ns/op"), which replaces the
// testing package's: the code under test could claim any speed. This is
// b.ReportMetric(0, "ns/op") (which drops ns/op, see pipeline's
// missing.go) done half way.

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// SelfTimed is a benchmark (a result row) whose ns/op was, in some
// rounds, less than the testing package measures.
type SelfTimed struct {
	// Package is the import path, Name the result's name
	// ("BenchmarkX/sub-2").
	Package, Name string
	// Rounds counts the processes that reported it so, of Of that
	// reported it at all.
	Rounds, Of int
	// Iterations and NsPerOp are the first such result's, Benchtime
	// the run's.
	Iterations int64
	NsPerOp    float64
	Benchtime  time.Duration
}

// Time is what the testing package would have measured for the first such
// result:
// iterations × ns/op.
func (s SelfTimed) Time() time.Duration {
	return time.Duration(float64(s.Iterations) * s.NsPerOp)
}

// maxIterations is where the testing package stops raising b.N, whatever
// the time: a result at it may have run for less than the benchtime.
const maxIterations = 1e9

// benchtimeDuration is the duration a -test.benchtime value asks for, 0
// for a count of iterations ("100x"), where the time is not bounded.
func benchtimeDuration(benchtime string) time.Duration {
	d, err := time.ParseDuration(benchtime)
	if err != nil || d <= 0 {
		return 0
	}
	return d
}

// resultTiming is a result line's iterations and ns/op, with ns/op as
// printed, read once for the checks that use them (underBenchtime, work).
type resultTiming struct {
	iters   int64
	ns      float64
	printed string
}

// parseTiming reads a result line's timing from its fields f (name,
// iterations, then value-unit pairs); ok is false for a line without
// them.
func parseTiming(f []string) (t resultTiming, ok bool) {
	if len(f) < 4 {
		return t, false
	}
	iters, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil || iters <= 0 {
		return t, false
	}
	for i := 3; i < len(f); i += 2 {
		if f[i] != "ns/op" {
			continue
		}
		ns, err := strconv.ParseFloat(f[i-1], 64)
		if err != nil || math.IsNaN(ns) {
			return t, false
		}
		return resultTiming{iters: iters, ns: ns, printed: f[i-1]}, true
	}
	return t, false
}

// underBenchtime reports whether t is a time the testing package cannot
// have measured at benchtime d.
func (t resultTiming) underBenchtime(d time.Duration) bool {
	if d <= 0 || t.iters >= maxIterations {
		return false
	}
	// The printed value is rounded to its last digit (older toolchains
	// truncated an integer): the time measured is below ns plus one
	// unit of that digit.
	return float64(t.iters)*(t.ns+lastDigit(t.printed)) < float64(d.Nanoseconds())
}

// work is the time the line's benchmark timer measured, as the line says:
// its iterations times its ns/op; 0 where that is not a time.
func (t resultTiming) work() time.Duration {
	if !(t.ns > 0) || float64(t.iters)*t.ns > math.MaxInt64/2 {
		return 0
	}
	return time.Duration(float64(t.iters) * t.ns)
}

// lastDigit is the value of one unit in the last printed digit of the
// decimal number s: 1 for "1234", 0.01 for "12.34".
func lastDigit(s string) float64 {
	s, _, _ = strings.Cut(strings.ToLower(s), "e")
	_, frac, ok := strings.Cut(s, ".")
	if !ok {
		return 1
	}
	return math.Pow(10, -float64(len(frac)))
}

// noteSelfTimed records, for side s, the results a process of pkg reported
// and those among them under the benchtime.
func (s *SideResult) noteSelfTimed(pkg string, lw *lineWriter) {
	if lw.benchtime <= 0 {
		return
	}
	for _, name := range lw.names {
		k := selfTimedKey(pkg, name)
		if s.timed == nil {
			s.timed = map[string]int{}
		}
		s.timed[k]++
		u, ok := lw.underTime[name]
		if !ok {
			continue
		}
		if prev, had := s.selfTimed[k]; had {
			prev.Rounds++
			s.selfTimed[k] = prev
			continue
		}
		if s.selfTimed == nil {
			s.selfTimed = map[string]SelfTimed{}
		}
		u.Package, u.Rounds = pkg, 1
		s.selfTimed[k] = u
		s.selfTimedOrder = append(s.selfTimedOrder, k)
	}
}

// selfTimedKey keys a benchmark's results by package and name without
// its -GOMAXPROCS suffix, so that a side that sets GOMAXPROCS itself is
// still matched with the other.
func selfTimedKey(pkg, name string) string { return pkg + "\x00" + stripProcs(name) }

// TimedResults counts the results of benchmark name (-GOMAXPROCS suffix
// or not) of package pkg that side s's timed processes reported.
func (s *SideResult) TimedResults(pkg, name string) int { return s.timed[selfTimedKey(pkg, name)] }

// ReportedOwnTime reports whether side s reported benchmark name
// (-GOMAXPROCS suffix or not) of package pkg, in some round, with a time
// the testing package cannot have measured.
func (s *SideResult) ReportedOwnTime(pkg, name string) bool {
	_, ok := s.selfTimed[selfTimedKey(pkg, name)]
	return ok
}

// SelfTimed returns the benchmarks side s reported a time for that the
// testing package cannot have measured, in the order first seen.
func (s *SideResult) SelfTimed() []SelfTimed {
	out := make([]SelfTimed, 0, len(s.selfTimedOrder))
	for _, k := range s.selfTimedOrder {
		st := s.selfTimed[k]
		st.Of = s.timed[k]
		out = append(out, st)
	}
	return out
}
